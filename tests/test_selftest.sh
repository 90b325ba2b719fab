#!/bin/sh
# SPDX-License-Identifier: ISC
# hwcrypto-selftest's own checks (tools/hwcrypto-selftest.c):
#   whole BIN    a whole short run passes, reaches every backend this CPU
#                runs, and its JSON says so backend by backend;
#   tiers BIN INFO  --tiers: one child per tier this CPU can stand in for
#                (as hwcrypto-info --tiers lists them), each with its
#                features hidden, JSON per tier;
#   planted BIN  the build with a deliberately broken fe25519 mulx kernel
#                (HWC_PLANTED_FAULT, CMakeLists.txt) must fail, name that
#                backend and no other; 77 (skipped) on a CPU without the
#                BMI2 and ADX that backend needs.
set -u
mode=${1:?usage: test_selftest.sh whole|tiers|planted BIN}
bin=${2:?usage: test_selftest.sh whole|tiers|planted BIN}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_selftest $mode: $*" >&2; exit 1; }
json() { python3 -c "import json, sys; d = json.load(open('$tmp/r.json')); $1"; }

case $mode in
whole)
  "$bin" --seconds 1 --quiet --json "$tmp/r.json" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "exit status $?"; }
  grep -q '^verdict: PASS' "$tmp/out" || fail "no PASS verdict"
  json 't = d["tiers"][0]; assert d["passed"] and t["passed"] and t["tests_failed"] == 0 and t["tests_passed"] > 100, t
b = t["backends"]; assert len(b) > 3
bad = [x for x in b if x["bodies_agreed"] == 0 or x["bodies_failed"]]
assert not bad, bad
print("selftest whole: %d tests, %d backends, fewest bodies %d" % (t["tests_passed"], len(b), min(x["bodies_agreed"] for x in b)))' ||
    fail "JSON does not show every backend agreeing"
  # A bad argument is a usage error (2), not a pass.
  "$bin" --seconds x >/dev/null 2>&1; [ $? -eq 2 ] || fail "--seconds x did not exit 2"
  ;;
tiers)
  "${3:?tiers needs hwcrypto-info}" --tiers >"$tmp/list" 2>/dev/null || fail "hwcrypto-info --tiers failed"
  tail -n1 "$tmp/list" | grep -q '^native' || fail "hwcrypto-info --tiers does not end with native"
  n=$(wc -l <"$tmp/list")
  "$bin" --tiers --seconds 0 --quiet --filter sha2/equivalence --json "$tmp/r.json" >"$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "--tiers failed"; }
  json "assert d['passed'] and len(d['tiers']) == $n, d
for t in d['tiers']:
    assert t['passed'], t
    assert t['mask'] == dict(l.split('\\t') for l in open('$tmp/list').read().splitlines())[t['tier']], t
    # each child ran with its tier's features hidden
    for f in t['mask'].split(',') if t['mask'] else []:
        assert f in t['cpu'].split('masked:')[1], (f, t['cpu'])
print('selftest tiers:', ', '.join(t['tier'] for t in d['tiers']))" || fail "tier JSON wrong"
  ;;
planted)
  grep -qw bmi2 /proc/cpuinfo && grep -qw adx /proc/cpuinfo || { echo "no BMI2+ADX: the planted backend cannot run"; exit 77; }
  "$bin" --seconds 0 --quiet --filter 25519 --json "$tmp/r.json" >"$tmp/out" 2>&1
  rc=$?
  [ $rc -eq 1 ] || { cat "$tmp/out"; fail "the planted fault went unnoticed (exit $rc)"; }
  grep -Eq '^  FAIL  fe25519 +mulx .*DISAGREED' "$tmp/out" || { cat "$tmp/out"; fail "fe25519/mulx not named"; }
  json 't = d["tiers"][0]; assert not d["passed"]
bad = sorted({(x["primitive"], x["implementation"]) for x in t["backends"] if x["bodies_failed"]})
assert bad == [("fe25519", "mulx")], bad
assert all(f["backend"] in ("fe25519/mulx", "") for f in t["failures"]), t["failures"]
print("selftest planted: caught in %d bodies; %d failures recorded" % (
    [x["bodies_failed"] for x in t["backends"] if x["implementation"] == "mulx" and x["primitive"] == "fe25519"][0],
    len(t["failures"])))' || fail "the JSON does not blame fe25519/mulx alone"
  ;;
*) fail "unknown mode" ;;
esac
