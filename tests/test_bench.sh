#!/bin/sh
# SPDX-License-Identifier: ISC
# Smoke test of hwcrypto-bench (no timing is checked, only behaviour): the
# JSON is valid schema 2 and holds every result name this build has, at every
# size, for every implementation the CPU supports; the peer libraries
# (OpenSSL, libsodium) are loaded when present, their figures stand beside
# our selected implementation's, and with HWC_BENCH_PEER_DISABLE or --peers
# they are left out cleanly; bad command lines exit 2 with a message; no run
# leaves a partial or temporary report behind; sodium-loop-php (PHP's loop
# with and without the drop-in) runs where php, the drop-in and libsodium
# are, and is otherwise absent with its reason.
# usage: test_bench.sh path/to/hwcrypto-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
quick="--min-time 0.002 --runs 3 --shootout-time 0.01"

# --- a full quick run
"$bench" $quick --json "$tmp/all.json" >"$tmp/all.txt" 2>"$tmp/all.err" || bad "quick run exited $?: $(cat "$tmp/all.err")"
python3 -m json.tool "$tmp/all.json" >/dev/null || bad "all.json is not valid JSON"
"$bench" --list >"$tmp/list.txt" || bad "--list exited $?"
python3 - "$tmp/all.json" "$tmp/list.txt" <<'PY' || fail=1
import json, sys
rep = json.load(open(sys.argv[1]))
errs = []
def need(c, msg):
    if not c: errs.append(msg)
need(rep.get("schema") == 2, "schema != 2")
for k in ("version", "tsc_hz", "min_time", "cpu", "results", "peers"):
    need(k in rep, f"top-level key {k} missing")
cpu = rep.get("cpu", {})
need(isinstance(cpu.get("vendor"), str) and cpu.get("vendor"), "cpu.vendor missing")
need(isinstance(cpu.get("model"), str), "cpu.model missing")
need(isinstance(cpu.get("features"), list), "cpu.features is not a list")
need(rep.get("tsc_hz", 0) > 0, "tsc_hz not positive")
need(abs(rep.get("min_time", 0) - 0.002) < 1e-9, "min_time is not what was asked")
# --list: name primitive kind impl impl* impl- ...; "(not built)" rows have
# no results, nor has the PHP row (checked below) where php is missing.
built = {}
for line in open(sys.argv[2]).read().splitlines()[1:]:
    f = line.split()
    if "(not built)" in line or "(through php" in line:
        continue
    impls = [i for i in f[3:] if not i.endswith("-")]
    built[f[0]] = (f[2], [i.rstrip("*") for i in impls], [i[:-1] for i in impls if i.endswith("*")])
need("sha256" in built and "sha512" in built, "sha256/sha512 not listed as built")
sizes = {64, 1024, 16384, 1048576}
# Peers: both known, each loaded (with a version) or not (with a reason);
# one whose library this machine has must load.
import ctypes
sonames = {"openssl": "libcrypto.so.3", "libsodium": "libsodium.so.23"}
peers = {p.get("id"): p for p in rep.get("peers", [])}
need(set(peers) == set(sonames), f"peers {sorted(peers)}")
for pid, p in peers.items():
    need(p.get("loaded") in (True, False) and p.get("name"), f"peer {pid}: {p}")
    need(bool(p.get("version")) if p.get("loaded") else bool(p.get("reason")), f"peer {pid}: version/reason {p}")
    try:
        ctypes.CDLL(sonames[pid])
        present = True
    except OSError:
        present = False
    need(p.get("loaded") or not present, f"peer {pid}: {sonames[pid]} is present but not loaded: {p.get('reason')}")
loaded = {pid for pid, p in peers.items() if p.get("loaded")}
ours = {(r["name"], r.get("size")) for r in rep.get("results", []) if r.get("source") == "hwcrypto" and r["selected"]}
by_source = {}
for r in rep.get("results", []):
    need(r.get("source") in ("hwcrypto", "openssl", "libsodium"), f"{r.get('name')}: source {r.get('source')}")
    by_source.setdefault(r.get("source"), []).append(r)
    if r.get("source") != "hwcrypto":
        need(r["source"] in loaded, f"{r['name']}: a figure of {r['source']}, which is not loaded")
        need(r["impl"] == r["source"] and not r["selected"], f"{r['name']} {r['source']}: impl/selected")
        need(r.get("hwcrypto_median_ns", 0) > 0, f"{r['name']} {r['source']}: no hwcrypto_median_ns")
        need((r["name"], r.get("size")) in ours, f"{r['name']} {r['source']}: not beside our selected figure")
for pid in loaded:
    need(len(by_source.get(pid, [])) > 0, f"peer {pid} loaded but no figure of it")
if "openssl" in loaded:
    need(any(r["name"] == "sha256" for r in by_source.get("openssl", [])), "no OpenSSL sha256 figure")
    sh = rep.get("scenarios", {}).get("cipher-shootout", {}).get("rows", [])
    need(any(x.get("source") == "openssl" for x in sh), "cipher-shootout ranks no OpenSSL cipher")
seen = {}
for r in by_source.get("hwcrypto", []):
    if r["name"] == "sodium-loop-php":
        continue   # not a suite row: checked on its own below
    for k in ("name", "primitive", "impl", "selected", "median_ns", "min_ns", "max_ns"):
        need(k in r, f"{r.get('name')}: key {k} missing")
    need(r["min_ns"] <= r["median_ns"] <= r["max_ns"], f"{r['name']} {r['impl']}: min <= median <= max broken")
    if "size" in r:
        need(r["gbps"] > 0 and r["cpb"] > 0, f"{r['name']}: gbps/cpb not positive")
        need("ops_per_s" not in r, f"{r['name']}: bulk row with ops_per_s")
    else:
        need(r["ops_per_s"] > 0 and r["cycles_per_op"] > 0, f"{r['name']}: ops_per_s/cycles_per_op")
        need("gbps" not in r, f"{r['name']}: op row with gbps")
    seen.setdefault((r["name"], r["impl"]), set()).add(r.get("size"))
    if r["selected"]:
        need(r["impl"] in built.get(r["name"], ("", [], []))[2], f"{r['name']}: {r['impl']} marked selected")
for name, (kind, impls, sel) in built.items():
    need(len(sel) == 1, f"{name}: {len(sel)} selected implementations listed")
    for impl in impls:
        got = seen.get((name, impl), set())
        want = sizes if kind == "bulk" else {None}
        need(got == want, f"{name} {impl}: sizes {sorted(got, key=str)} != {sorted(want, key=str)}")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY
grep -q '^sha256 .*generic' "$tmp/all.txt" || bad "table on stdout lacks sha256 generic"

# --- --impl selected: only the dispatcher's choice, marked selected
"$bench" $quick --impl selected --filter '^sha256$' --json "$tmp/sel.json" >/dev/null 2>&1 || bad "--impl selected exited $?"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
ours = [x for x in r if x["source"] == "hwcrypto"]
assert len(ours) == 4 and all(x["selected"] and x["name"] == "sha256" for x in ours), ours
assert all(x["name"] == "sha256" and x["size"] in (64, 1024, 16384, 1048576) for x in r), r
' "$tmp/sel.json" || bad "--impl selected --filter ^sha256$ gave other rows"

# --- peers left out: by HWC_BENCH_PEER_DISABLE (as if absent) and by --peers
peerquick="--min-time 0.002 --runs 1 --shootout-time 0 --impl selected --filter ^(sha256|x25519)$"
HWC_BENCH_PEER_DISABLE=openssl,libsodium "$bench" $peerquick --json "$tmp/nopeer.json" >"$tmp/nopeer.txt" 2>&1 \
  || bad "run with HWC_BENCH_PEER_DISABLE exited $?: $(cat "$tmp/nopeer.txt")"
"$bench" $peerquick --peers none --json "$tmp/none.json" >"$tmp/none.txt" 2>&1 || bad "--peers none exited $?"
"$bench" $peerquick --peers openssl --json "$tmp/ossl.json" >"$tmp/ossl.txt" 2>&1 || bad "--peers openssl exited $?"
python3 - "$tmp/nopeer.json" "$tmp/none.json" "$tmp/ossl.json" <<'PY' || fail=1
import json, sys
errs = []
def need(c, msg):
    if not c: errs.append(msg)
for path, why in ((sys.argv[1], "HWC_BENCH_PEER_DISABLE"), (sys.argv[2], "--peers none")):
    rep = json.load(open(path))
    need(rep["schema"] == 2, f"{why}: schema")
    need(all(not p["loaded"] and why in p.get("reason", "") for p in rep["peers"]), f"{why}: peers {rep['peers']}")
    need(all(r["source"] == "hwcrypto" for r in rep["results"]), f"{why}: a peer figure in the results")
    need({r["name"] for r in rep["results"]} == {"sha256", "x25519"}, f"{why}: our figures are missing")
rep = json.load(open(sys.argv[3]))
p = {x["id"]: x for x in rep["peers"]}
need(not p["libsodium"]["loaded"] and "--peers openssl" in p["libsodium"]["reason"], f"--peers openssl: {p}")
need(all(r["source"] in ("hwcrypto", "openssl") for r in rep["results"]), "--peers openssl: libsodium figures")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY
grep -q '^peer OpenSSL: not loaded: .*HWC_BENCH_PEER_DISABLE' "$tmp/nopeer.txt" || bad "no 'peer OpenSSL: not loaded' line: $(head -8 "$tmp/nopeer.txt")"
grep -q 'vs OpenSSL' "$tmp/nopeer.txt" && bad "a 'vs OpenSSL' column without OpenSSL"
if grep -q '^peer OpenSSL: loaded' "$tmp/ossl.txt"; then
  grep -q '^sha256 .*[0-9]x *$' "$tmp/ossl.txt" || bad "no 'vs OpenSSL' ratio in the table: $(cat "$tmp/ossl.txt")"
  grep -q '^sha256  *OpenSSL ' "$tmp/ossl.txt" || bad "no OpenSSL line in the table"
fi

# --- sodium-loop-php: with php (ext/sodium), the drop-in of this build and
# the libsodium peer, --quick runs it (20 iterations); its two figures are a
# row of ours and libsodium's beside it. Without them the row is absent, a
# line says why, and the run still succeeds: no php on PATH, --peers none.
dropin=$(dirname "$bench")/../sodium/libhwcrypto-sodium.so
php_ok=0
if command -v php >/dev/null 2>&1 && php -r 'exit(extension_loaded("sodium") ? 0 : 1);' 2>/dev/null &&
   [ -f "$dropin" ] && grep -q '^peer libsodium: loaded' "$tmp/all.txt"; then
  php_ok=1
else
  echo "note: php with ext/sodium, the drop-in or libsodium missing: sodium-loop-php checked absent only"
fi
"$bench" --quick --impl selected --json "$tmp/php.json" >"$tmp/php.txt" 2>&1 || bad "--quick exited $?: $(cat "$tmp/php.txt")"
python3 - "$tmp/php.json" "$php_ok" <<'PY' || fail=1
import json, sys
rep, ok = json.load(open(sys.argv[1])), sys.argv[2] == "1"
rows = [r for r in rep["results"] if r["name"] == "sodium-loop-php"]
errs = []
if ok:
    by = {r["source"]: r for r in rows}
    if len(rows) != 2 or set(by) != {"hwcrypto", "libsodium"}:
        errs.append(f"sodium-loop-php: want ours and libsodium's figure, got {rows}")
    else:
        o, p = by["hwcrypto"], by["libsodium"]
        if not (o["selected"] and o["primitive"] == "fe25519" and o["impl"] == rep["selected"]["fe25519"]):
            errs.append(f"sodium-loop-php: ours is not the selected fe25519 figure: {o}")
        for r in (o, p):
            if not (r["ops_per_s"] > 0 and r["cycles_per_op"] > 0 and r["min_ns"] <= r["median_ns"] <= r["max_ns"]):
                errs.append(f"sodium-loop-php {r['source']}: figures {r}")
        if p.get("hwcrypto_median_ns") != o["median_ns"]:
            errs.append("sodium-loop-php: the peer's hwcrypto_median_ns is not ours from the same runs")
elif rows:
    errs.append(f"sodium-loop-php measured without php, the drop-in or libsodium: {rows}")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY
if [ $php_ok = 1 ]; then
  grep -q '^sodium-loop-php: PHP .* with and without .*libhwcrypto-sodium\.so preloaded, 20 iterations per run' "$tmp/php.txt" ||
    bad "no 'sodium-loop-php: PHP ...' line: $(grep sodium-loop-php "$tmp/php.txt")"
  grep -q '^sodium-loop-php .*[0-9]x *$' "$tmp/php.txt" || bad "no sodium-loop-php line with a 'vs libsodium' ratio"
  # A php whose loop digest changes when preloaded: only the "ours" run is
  # preloaded, and the differing results fail the run with a message.
  mkdir "$tmp/fakephp"
  printf '#!/bin/sh\n[ "$1" = -r ] && { echo 8.2.0; exit 0; }\nprintf "0.001 %%064d\\n" ${LD_PRELOAD:+1}2\n' >"$tmp/fakephp/php"
  chmod +x "$tmp/fakephp/php"
  PATH="$tmp/fakephp:$PATH" "$bench" --quick --filter '^sodium-loop-php$' >"$tmp/fake.txt" 2>"$tmp/fake.err"
  rc=$?
  [ $rc -eq 1 ] || bad "differing PHP results: exit $rc, want 1"
  grep -q "sodium-loop-php: the loop's results differ" "$tmp/fake.err" || bad "differing PHP results: $(cat "$tmp/fake.err")"
else
  grep -q '^sodium-loop-php: not measured: ' "$tmp/php.txt" || bad "no 'sodium-loop-php: not measured' line"
fi
env PATH=/nonexistent "$bench" --quick --filter '^sodium-loop-php$' --json "$tmp/nophp.json" >"$tmp/nophp.txt" 2>&1 ||
  bad "--quick without php on PATH exited $?: $(cat "$tmp/nophp.txt")"
grep -q '^sodium-loop-php: not measured: ' "$tmp/nophp.txt" || bad "no php: no 'not measured' line: $(cat "$tmp/nophp.txt")"
"$bench" --quick --peers none --filter '^sodium-loop-php$' >"$tmp/phpnone.txt" 2>&1 || bad "--peers none, PHP row: exit $?"
grep -q '^sodium-loop-php: not measured: no libsodium peer' "$tmp/phpnone.txt" || bad "--peers none: $(grep sodium-loop "$tmp/phpnone.txt")"
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["results"] != [])' "$tmp/nophp.json" ||
  bad "no php on PATH, yet results"

# --- bad command lines: exit 2, a message, no file
expect2() {
  out=$1; shift
  "$bench" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] || bad "'$*' exited $rc, want 2"
  [ -s "$tmp/err" ] || bad "'$*' printed no message"
  [ -z "$out" ] || [ ! -e "$out" ] || bad "'$*' left $out behind"
}
expect2 "" --impl fastest
expect2 "" --filter '('
expect2 "" --filter 'no-such-result-name'
expect2 "" --min-time 0
expect2 "" --min-time abc
expect2 "" --no-such-option
expect2 "" --peers boringssl
expect2 "" --scale linear
expect2 "$tmp/missing/x.json" $quick --json "$tmp/missing/x.json"
mkdir "$tmp/dir.json"
expect2 "" $quick --json "$tmp/dir.json"
if [ "$(id -u)" != 0 ]; then   # root writes anywhere
  mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
  expect2 "$tmp/ro/x.json" $quick --json "$tmp/ro/x.json"
fi

# --- an interrupted run leaves neither the report nor its temporary file
"$bench" --min-time 1 --json "$tmp/int.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
[ ! -e "$tmp/int.json" ] || bad "interrupted run left int.json"

ls "$tmp" | grep -q '\.tmp-' && bad "temporary report files left: $(ls "$tmp")"
[ $fail -eq 0 ] && echo "bench smoke test passed"
exit $fail
