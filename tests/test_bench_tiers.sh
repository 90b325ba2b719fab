#!/bin/sh
# SPDX-License-Identifier: ISC
# hwcrypto-bench --tiers and --compare's headline (behaviour only, never
# timings): the tier matrix has the native row and, where this CPU can
# reach one, a masked tier; every masked child really ran without the
# hidden features; the matrix JSON parses; the per-tier reports compare;
# the headline reads schema-1 reports (no OpenSSL figure: "-") and schema-2
# ones (the ratio to OpenSSL); bad options exit 2.
# usage: test_bench_tiers.sh path/to/hwcrypto-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# --- a quick matrix
"$bench" --tiers --quick --json "$tmp/m.json" --out "$tmp/out" >"$tmp/m.txt" 2>"$tmp/m.err"
rc=$?
[ $rc -eq 0 ] || bad "--tiers --quick exited $rc: $(cat "$tmp/m.err")"
grep -q '^sha256 .*native' "$tmp/m.txt" || bad "no native row for sha256: $(cat "$tmp/m.txt")"
grep -q 'NOT MASKED' "$tmp/m.txt" && bad "a child ran with a hidden feature: $(grep 'NOT MASKED' "$tmp/m.txt")"
masked=$(grep -c '^sha256  *x86-64-\|^sha256  *armv8' "$tmp/m.txt")
if [ "$masked" -eq 0 ]; then
  # A CPU below every tier (no AES, say) reaches none: then say so, no failure.
  grep -q 'skipped: this CPU lacks\|= native' "$tmp/m.txt" || bad "no masked tier and no reason given"
  echo "note: this CPU reaches no masked tier"
fi
ls "$tmp/out" | grep -q -- '-tiers\.md$' || bad "--out wrote no <slug>-tiers.md: $(ls "$tmp/out")"
grep -q 'Masks used' "$tmp/out/"*-tiers.md 2>/dev/null || bad "the Markdown lacks the masks"
ls -A "$tmp/out" | grep -q 'hwcrypto-tiers-' && bad "the children's temporary directory was left in --out"

python3 - "$tmp/m.json" "$tmp/out" <<'PY' || fail=1
import glob, json, os, sys
errs = []
def need(c, msg):
    if not c: errs.append(msg)
m = json.load(open(sys.argv[1]))
need(m.get("tiers_schema") == 1, "tiers_schema != 1")
tiers = {t["name"]: t for t in m.get("tiers", [])}
need("native" in tiers and tiers["native"]["status"] == "ran", "native did not run")
ran = [t for t in tiers.values() if t["status"] == "ran"]
for t in ran:
    if t["hwcrypto_cpu_disable"]:
        need(t.get("masked_ok") is True, f"{t['name']}: masked_ok is not true")
        need(t["openssl_mask"] != "", f"{t['name']}: no OpenSSL mask")
res = m.get("results", [])
need(any(r["tier"] == "native" and r["name"] == "sha256" for r in res), "no native sha256 result")
for r in res:
    need(r["tier"] in tiers, f"result of an unknown tier {r['tier']}")
    need(r["rate"] > 0, f"{r['tier']} {r['name']}: rate not positive")
    need(("size" in r) == (r["unit"] == "GB/s"), f"{r['name']}: size and unit disagree")
    need((r["openssl"] is None) == (r["ratio"] is None), f"{r['name']}: openssl and ratio disagree")
# Each tier's own report, checked independently of the bench: the hidden
# features are absent from what the child saw, and the report says masked.
for t in ran:
    path = glob.glob(os.path.join(sys.argv[2], f"*-tier-{t['name']}.json"))
    need(len(path) == 1, f"{t['name']}: no report kept in --out")
    if not path:
        continue
    rep = json.load(open(path[0]))
    seen = set(rep["cpu"]["features"])
    hidden = set(t["hidden"].split())
    need(not (seen & hidden), f"{t['name']}: the child saw {sorted(seen & hidden)}")
    if hidden:
        need(set(rep["cpu"].get("masked", [])) == hidden, f"{t['name']}: cpu.masked {rep['cpu'].get('masked')} != {sorted(hidden)}")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY

# --- the per-tier reports compare, headline first
set -- "$tmp/out/"*-tier-*.json
if [ $# -ge 2 ]; then
  "$bench" --compare "$@" >"$tmp/cmp.md" 2>"$tmp/cmp.err" || bad "--compare of the tier reports exited $?: $(cat "$tmp/cmp.err")"
  head -1 "$tmp/cmp.md" | grep -q '^what an application gets |' || bad "--compare does not start with the headline"
  grep -q '^sha256 (16 KiB) |' "$tmp/cmp.md" || bad "the headline has no sha256 row"
fi

# --- the headline on synthetic reports: schema 1 (no OpenSSL) and schema 2
cat >"$tmp/s1.json" <<'J'
{"schema":1,"version":"v1","cpu":{"vendor":"V","model":"CPU A","features":[]},"results":[
{"name":"sha256","primitive":"sha256","impl":"generic","selected":false,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":1.0,"cpb":1},
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":2.0,"cpb":1},
{"name":"x25519","primitive":"fe25519","impl":"generic","selected":true,"median_ns":1,"min_ns":1,"max_ns":1,"ops_per_s":1000,"cycles_per_op":1}]}
J
cat >"$tmp/s2.json" <<'J'
{"schema":2,"version":"v2","cpu":{"vendor":"V","model":"CPU B","features":[]},"peers":[{"id":"openssl","name":"OpenSSL","version":"3","loaded":true}],"results":[
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"source":"hwcrypto","size":16384,"median_ns":8000,"min_ns":1,"max_ns":9000,"gbps":2.048,"cpb":1},
{"name":"sha256","primitive":"sha256","impl":"openssl","selected":false,"source":"openssl","size":16384,"median_ns":10000,"min_ns":1,"max_ns":11000,"gbps":1.6384,"cpb":1,"hwcrypto_median_ns":8000},
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"source":"hwcrypto","size":64,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":0.5,"cpb":1},
{"name":"x25519","primitive":"fe25519","impl":"mulx","selected":true,"source":"hwcrypto","median_ns":1,"min_ns":1,"max_ns":1,"ops_per_s":3000,"cycles_per_op":1},
{"name":"x25519","primitive":"fe25519","impl":"openssl","selected":false,"source":"openssl","median_ns":1,"min_ns":1,"max_ns":1,"ops_per_s":2000,"cycles_per_op":1}]}
J
"$bench" --compare "$tmp/s1.json" "$tmp/s2.json" >"$tmp/h.md" 2>"$tmp/h.err" || bad "--compare schema 1 + 2 exited $?: $(cat "$tmp/h.err")"
python3 - "$tmp/h.md" <<'PY' || fail=1
import sys
lines = open(sys.argv[1]).read().splitlines()
errs = []
def need(c, msg):
    if not c: errs.append(msg)
need(lines[0].startswith("what an application gets |") and "CPU A" in lines[0] and "CPU B" in lines[0],
     f"headline header: {lines[0]!r}")
head = {l.split("|")[0].strip(): [c.strip() for c in l.split("|")[1:]] for l in lines[2:] if " | " in l and not l.startswith("|")}
need(head.get("sha256 (16 KiB)") == ["2 GB/s, shani, -", "2.05 GB/s, shani, 1.25x"], f"sha256 headline: {head.get('sha256 (16 KiB)')}")
need(head.get("x25519") == ["1000 ops/s, generic, -", "3000 ops/s, mulx, 1.50x"], f"x25519 headline: {head.get('x25519')}")
# The full table follows, with OpenSSL's figures as rows of their own.
need(any(l.startswith("| result |") for l in lines), "the full table is gone")
need(any(l.startswith("| sha256 | openssl | 16384 |") for l in lines), "no OpenSSL row in the full table")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY

# --- bad command lines: exit 2 before anything runs
for args in "--tier-size 5" "--bogus" "--json"; do
  "$bench" --tiers $args >/dev/null 2>"$tmp/e.err"
  rc=$?
  [ $rc -eq 2 ] || bad "--tiers $args exited $rc, want 2"
  [ -s "$tmp/e.err" ] || bad "--tiers $args gave no message"
done
printf '{"schema":2,"results":[]}' >"$tmp/nopeers.json"
"$bench" --compare "$tmp/s1.json" "$tmp/nopeers.json" >/dev/null 2>&1
[ $? -eq 2 ] || bad "--compare accepted a schema-2 report without peers"

[ $fail -eq 0 ] && echo "bench tiers test passed"
exit $fail
