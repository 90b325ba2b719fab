#!/bin/sh
# SPDX-License-Identifier: ISC
# The per-CPU report of hwcrypto-bench (no timing is checked, only
# behaviour): --out DIR writes <cpu-slug>.json/.md/.svg; the JSON holds every
# built result name and the cipher-shootout scenario; the Markdown has its
# sections; the SVG is well-formed XML with one bar per measured
# implementation; the peer libraries appear as "vs" columns, peer bars and
# legend entries when loaded and are named as not loaded when disabled;
# --scale absolute draws on the documented fixed log scale; --compare gives
# the expected ratios, flags and exit codes on synthetic reports and reads
# the real (schema 2) report; bad input exits 2 and leaves no partial file.
# sodium-loop-php, where it ran, is a table line and bars like sodium-loop.
# usage: test_bench_report.sh path/to/hwcrypto-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
quick="--min-time 0.002 --runs 2 --shootout-time 0.01"

# --- a full quick run into a directory that does not exist yet
"$bench" $quick --out "$tmp/out" >"$tmp/run.txt" 2>"$tmp/run.err" || bad "quick --out run exited $?: $(cat "$tmp/run.err")"
[ -s "$tmp/run.err" ] && bad "stderr is not a terminal, yet the run printed: $(head -c 200 "$tmp/run.err")"
"$bench" --list >"$tmp/list.txt" || bad "--list exited $?"
set -- "$tmp"/out/*.json
json=$1
slug=$(basename "$json" .json)
echo "$slug" | grep -Eq '^[a-z0-9]+(-[a-z0-9]+)*$' || bad "cpu slug '$slug' is not lowercase words joined by '-'"
[ "$(ls "$tmp/out" | sort | tr '\n' ' ')" = "$slug.json $slug.md $slug.svg " ] || bad "--out wrote: $(ls "$tmp/out")"

python3 - "$json" "$tmp/out/$slug.md" "$tmp/out/$slug.svg" "$tmp/list.txt" <<'PY' || fail=1
import json, sys, xml.etree.ElementTree as ET
rep = json.load(open(sys.argv[1]))
md = open(sys.argv[2]).read()
svg = ET.parse(sys.argv[3]).getroot()   # raises on malformed XML
errs = []
def need(c, msg):
    if not c: errs.append(msg)
built = {}
for line in open(sys.argv[4]).read().splitlines()[1:]:
    f = line.split()
    if "(not built)" not in line and "(through php" not in line:
        built[f[0]] = f[2]
need(rep.get("schema") == 2, "schema != 2")
for k in ("version", "compiler", "cflags", "tsc_hz", "min_time", "runs", "cpu", "selected", "results", "peers"):
    need(k in rep, f"JSON: key {k} missing")
names = {r["name"] for r in rep["results"]}
for n in built:
    need(n in names, f"JSON: built result {n} missing")
    need(f"| {n} |" in md, f"Markdown: no table line for {n}")
sh = rep.get("scenarios", {}).get("cipher-shootout")
need(sh is not None, "JSON: scenarios.cipher-shootout missing")
if sh:
    need(sh["runs"] == 9 and sh["best"] == 3 and abs(sh["time_s"] - 0.01) < 1e-9, f"shootout method {sh}")
    rel = [r["relative"] for r in sh["rows"]]
    need(len(rel) >= 1 and max(rel) == 1 and all(0 < x <= 1 for x in rel), f"shootout relative {rel}")
    want = {"chacha20", "chacha20-poly1305-encrypt", "xchacha20-poly1305-encrypt"}
    if "aes-128-ctr" in built:
        want |= {"aes-128-cbc-encrypt", "aes-128-cbc-decrypt", "aes-128-ctr", "aes-128-gcm-encrypt"}
    got = {r["name"] for r in sh["rows"]}
    need(want <= got, f"shootout lacks {want - got}")
    need("## Scenario: cipher-shootout" in md, "Markdown: no cipher-shootout section")
for sec in ("## Selected implementations", "## Reproducibility", "compiler", "min-time", "counter", "vs generic", "Detected features"):
    need(sec in md, f"Markdown: '{sec}' missing")
need(rep["cpu"]["model"] in md, "Markdown: CPU model missing")
if "sodium-loop" in built:
    need("## Scenario: sodium-loop" in md, "Markdown: no sodium-loop section")
# The PHP loop (where php and the drop-in are) in sodium-loop's section,
# ours and libsodium's, with the run's line on it under the CPU.
php = [r for r in rep["results"] if r["name"] == "sodium-loop-php"]
if php:
    sec = md.split("## Scenario: sodium-loop", 1)[-1].split("\n## ", 1)[0]
    need("| sodium-loop-php | **" in sec and "| sodium-loop-php | *libsodium* (peer) |" in sec,
         "Markdown: sodium-loop-php not in the sodium-loop section")
    need("- **sodium-loop-php** " in md and "iterations per run" in md, "Markdown: no sodium-loop-php line")
    built["sodium-loop-php"] = "op"   # its bars are checked as every row's below
if any(n.startswith("request-signing") for n in built):
    need("## Scenario: request-signing" in md, "Markdown: no request-signing section")
if any(n.startswith("handshakes-") for n in built):
    need("## Scenario: handshakes" in md, "Markdown: no handshakes section")
# SVG: per result, one bar per implementation measured (at 16 KiB for bulk
# rows), exactly one of them the selected one; the shootout one bar per cipher.
ns = "{http://www.w3.org/2000/svg}"
bars = {}
for r in svg.iter(ns + "rect"):
    cls = (r.get("class") or "").split()
    if "bar" in cls:
        bars.setdefault(r.get("data-name"), []).append((r.get("data-impl"), "selected" in cls))
        need(float(r.get("width")) > 0, "SVG: bar without width")
for n in built:
    want = sorted(r["impl"] for r in rep["results"] if r["name"] == n and r.get("size", 16384) == 16384)
    got = sorted(i for i, _ in bars.get(n, []))
    need(got == want, f"SVG: {n} bars {got} != {want}")
    need(sum(s for _, s in bars.get(n, [])) == 1, f"SVG: {n} has not exactly one selected bar")
if sh:
    need(len(bars.get("cipher-shootout", [])) == len(sh["rows"]), "SVG: shootout bars")
texts = " ".join(t.text or "" for t in svg.iter(ns + "text"))
need("throughput relative" in texts and "result and implementation" in texts, "SVG: axis titles missing")
need("selected by the dispatcher" in texts, "SVG: legend missing")
# Peers: a loaded one has its "vs" column, its line in the tables, its
# legend entry and its bars (class "peer"); the report names every peer.
legend = {r.get("data-source") for r in svg.iter(ns + "rect") if r.get("class") == "legend-peer"}
peer_bars = {r.get("data-source") for r in svg.iter(ns + "rect") if "peer" in (r.get("class") or "").split()}
need("**Peers**" in md, "Markdown: no Peers line")
for p in rep["peers"]:
    has = any(r["source"] == p["id"] for r in rep["results"])
    if p["loaded"]:
        need(f"{p['name']} loaded ({p['version']})" in md, f"Markdown: {p['name']} not named as loaded")
        need(f"vs {p['name']} |" in md, f"Markdown: no 'vs {p['name']}' column")
        need(f"*{p['name']}* (peer)" in md or not has, f"Markdown: no {p['name']} line")
        need(p["id"] in legend, f"SVG: no legend entry for {p['name']}")
        need(p["id"] in peer_bars or not has, f"SVG: no {p['name']} bars")
    else:
        need(f"{p['name']} not loaded: {p['reason']}" in md, f"Markdown: {p['name']}'s reason missing")
if sh and any(r.get("source") == "openssl" for r in sh["rows"]):
    need("| *OpenSSL* |" in md, "Markdown: the shootout does not mark OpenSSL's ciphers")
    need(any("(OpenSSL)" in (t.text or "") for t in svg.iter(ns + "text")), "SVG: shootout OpenSSL bars unlabelled")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY

# --- peers disabled: the report says so and has no peer column, line or bar
HWC_BENCH_PEER_DISABLE=openssl,libsodium "$bench" --min-time 0.002 --runs 1 --shootout-time 0 --impl selected \
  --filter '^(sha256|x25519)$' --out "$tmp/nopeer" >/dev/null 2>&1 || bad "--out with HWC_BENCH_PEER_DISABLE exited $?"
python3 - "$tmp/nopeer/$slug.json" "$tmp/nopeer/$slug.md" "$tmp/nopeer/$slug.svg" <<'PY' || fail=1
import json, sys
rep, md, svg = json.load(open(sys.argv[1])), open(sys.argv[2]).read(), open(sys.argv[3]).read()
errs = []
def need(c, msg):
    if not c: errs.append(msg)
need(all(not p["loaded"] for p in rep["peers"]), "JSON: a peer loaded")
need(all(r["source"] == "hwcrypto" for r in rep["results"]), "JSON: peer figures")
need("OpenSSL not loaded: " in md and "libsodium not loaded: " in md, "Markdown: no 'not loaded' line")
need("HWC_BENCH_PEER_DISABLE" in md, "Markdown: the reason does not name HWC_BENCH_PEER_DISABLE")
need("vs OpenSSL" not in md and "vs libsodium" not in md and "(peer)" not in md, "Markdown: peer columns or lines")
need("legend-peer" not in svg and " peer\"" not in svg, "SVG: peer legend or bars")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY

# --- --scale absolute: every bar on the fixed log scale of the README
# (x from 250 to 700, six decades from 0.001 GB/s or 10 ops/s).
"$bench" --min-time 0.002 --runs 1 --shootout-time 0 --impl selected --filter '^(sha256|x25519)$' \
  --scale absolute --out "$tmp/abs" >/dev/null 2>&1 || bad "--scale absolute exited $?"
python3 - "$tmp/abs/$slug.json" "$tmp/abs/$slug.svg" <<'PY' || fail=1
import json, math, sys, xml.etree.ElementTree as ET
rep = json.load(open(sys.argv[1]))
svg = ET.parse(sys.argv[2]).getroot()
ns = "{http://www.w3.org/2000/svg}"
errs = []
texts = " ".join(t.text or "" for t in svg.iter(ns + "text"))
if "fixed log scale" not in texts:
    errs.append("SVG: no 'fixed log scale' axis title")
for b in svg.iter(ns + "rect"):
    if "bar" not in (b.get("class") or "").split():
        continue
    r = [x for x in rep["results"] if x["name"] == b.get("data-name") and x["impl"] == b.get("data-impl")
         and x.get("size", 16384) == 16384][0]
    rate, lo = (r["gbps"], 0.001) if "gbps" in r else (r["ops_per_s"], 10)
    want = 450 * min(1, max(0, math.log10(rate / lo) / 6))
    if abs(float(b.get("width")) - max(want, 1)) > 0.6:
        errs.append(f"SVG: {r['name']} {r['impl']} width {b.get('width')}, want {want:.1f}")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY

# --- progress line: on a terminal only (script(1) gives the run a pty)
if command -v script >/dev/null 2>&1; then
  script -qec "'$bench' --min-time 0.002 --runs 1 --filter '^sha256\$' >/dev/null" /dev/null >"$tmp/tty.txt" 2>&1
  grep -q '\[1/[0-9]*\] sha256 ' "$tmp/tty.txt" || bad "no progress line on a terminal: $(head -c 200 "$tmp/tty.txt")"
fi

# --- an output that cannot be written: exit 2, a message, nothing left
expect2() {
  dir=$1; shift
  "$bench" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] || bad "'$*' exited $rc, want 2"
  [ -s "$tmp/err" ] || bad "'$*' printed no message"
}
touch "$tmp/plainfile"
expect2 "" $quick --filter '^sha256$' --out "$tmp/plainfile"
expect2 "" $quick --filter '^sha256$' --out "$tmp/plainfile/sub"
mkdir -p "$tmp/clash/$slug.svg"   # the third file cannot be created: the first two must go too
expect2 "" $quick --filter '^sha256$' --out "$tmp/clash"
[ "$(ls -A "$tmp/clash")" = "$slug.svg" ] || bad "--out with an unwritable .svg left: $(ls -A "$tmp/clash")"
if [ "$(id -u)" != 0 ]; then   # root writes anywhere
  mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
  expect2 "" $quick --filter '^sha256$' --out "$tmp/ro"
  [ -z "$(ls -A "$tmp/ro")" ] || bad "read-only --out left files"
fi

# --- --compare on synthetic reports
cat >"$tmp/a.json" <<'J'
{"schema":1,"version":"v1","cpu":{"vendor":"V","model":"CPU A","features":[]},"results":[
{"name":"sha256","primitive":"sha256","impl":"generic","selected":false,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":1.0,"cpb":1},
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":2.0,"cpb":1},
{"name":"x25519","primitive":"fe25519","impl":"generic","selected":true,"median_ns":1,"min_ns":1,"max_ns":1,"ops_per_s":1000,"cycles_per_op":1}]}
J
cat >"$tmp/b.json" <<'J'
{"schema":1,"version":"v2","cpu":{"vendor":"V","model":"CPU A","features":[]},"results":[
{"name":"sha256","primitive":"sha256","impl":"generic","selected":false,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":1.0,"cpb":1},
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":1.5,"cpb":1},
{"name":"x25519","primitive":"fe25519","impl":"generic","selected":true,"median_ns":1,"min_ns":1,"max_ns":1,"ops_per_s":1200,"cycles_per_op":1},
{"name":"sha512","primitive":"sha512","impl":"avx2","selected":true,"size":64,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":0.5,"cpb":1}]}
J
cat >"$tmp/c.json" <<'J'
{"schema":1,"version":"v3","cpu":{"vendor":"V","model":"CPU C","features":[]},"results":[
{"name":"sha256","primitive":"sha256","impl":"shani","selected":true,"size":16384,"median_ns":1,"min_ns":1,"max_ns":1,"gbps":2.2,"cpb":1}]}
J
"$bench" --compare "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >"$tmp/cmp.md" 2>"$tmp/cmp.err"
rc=$?
[ $rc -eq 0 ] || bad "--compare exited $rc: $(cat "$tmp/cmp.err")"
python3 - "$tmp/cmp.md" <<'PY' || fail=1
import sys
lines = open(sys.argv[1]).read().splitlines()
rows = {tuple(c.strip() for c in l.strip("|").split("|")[:3]): [c.strip() for c in l.strip("|").split("|")[3:]]
        for l in lines if l.startswith("| ") and not l.startswith("| result")}
errs = []
def need(c, msg):
    if not c: errs.append(msg)
need(len(rows) == 4, f"want 4 rows (union of the files), got {sorted(rows)}")
need(all(len(v) == 3 for v in rows.values()), "want 3 file columns")
need("CPU A" in lines[0] and "CPU C" in lines[0], "header lacks the CPU models")
g = rows.get(("sha256", "generic", "16384"), ["", "", ""])
need(g[1] == "1 GB/s (1.00x)" and g[2] == "-", f"sha256 generic: {g}")
s = rows.get(("sha256", "shani", "16384"), ["", "", ""])
need(s[0] == "2 GB/s" and s[1] == "1.5 GB/s (0.75x) **regression**" and s[2] == "2.2 GB/s (1.10x)", f"sha256 shani: {s}")
x = rows.get(("x25519", "generic", "-"), ["", "", ""])
need(x[0] == "1000 ops/s" and x[1] == "1200 ops/s (1.20x)", f"x25519: {x}")
n = rows.get(("sha512", "avx2", "64"), ["", "", ""])
need(n[0] == "-" and n[1] == "0.5 GB/s", f"sha512 only in B: {n}")
for e in errs:
    print("FAIL:", e)
sys.exit(1 if errs else 0)
PY
"$bench" --compare "$tmp/a.json" "$tmp/b.json" --threshold 30 | grep -q '[*][*]regression' && bad "--threshold 30 still flags 0.75x"
"$bench" --compare "$tmp/a.json" "$tmp/b.json" --fail-below 0.8 >/dev/null 2>&1
[ $? -eq 1 ] || bad "--fail-below 0.8 with a 0.75x ratio did not exit 1"
"$bench" --compare "$tmp/a.json" "$tmp/b.json" --fail-below 0.7 >/dev/null 2>&1
[ $? -eq 0 ] || bad "--fail-below 0.7 with ratios >= 0.75 did not exit 0"
"$bench" --compare "$json" "$json" --fail-below 0.99 >/dev/null 2>&1
[ $? -eq 0 ] || bad "--compare of the real report with itself did not exit 0"
# A fleet: another CPU that is slower is flagged slower, not a regression;
# two hosts' reports of the same file name are told apart by their paths.
mkdir -p "$tmp/h1" "$tmp/h2"
sed 's/"CPU A"/"CPU D"/' "$tmp/b.json" >"$tmp/h1/d.json"
cp "$tmp/a.json" "$tmp/h2/d.json"
"$bench" --compare "$tmp/h2/d.json" "$tmp/h1/d.json" >"$tmp/fleet.md" 2>&1 || bad "--compare of two hosts exited $?"
grep -q '^| sha256 | shani | 16384 | 2 GB/s | 1.5 GB/s (0.75x) \*\*slower\*\* |$' "$tmp/fleet.md" ||
  bad "another CPU's lower figure is not flagged slower: $(grep 'shani' "$tmp/fleet.md")"
grep -q ' 0 regressions' "$tmp/fleet.md" || bad "another CPU's lower figure counted as a regression"
grep -q "$tmp/h1/d.json<br>CPU D" "$tmp/fleet.md" && grep -q "$tmp/h2/d.json<br>CPU A" "$tmp/fleet.md" ||
  bad "two files named d.json are not told apart: $(head -1 "$tmp/fleet.md")"

# --- bad input to --compare: exit 2 and a message
printf '{"schema":1,"results":[' >"$tmp/trunc.json"
printf '[1,2]' >"$tmp/array.json"
printf '{"schema":3,"results":[]}' >"$tmp/schema3.json"
printf '{"schema":1,"results":[{"name":"x","impl":"y"}]}' >"$tmp/nofig.json"
printf '{"schema":1,"results":[],}' >"$tmp/comma.json"
for f in trunc array schema3 nofig comma; do
  expect2 "" --compare "$tmp/a.json" "$tmp/$f.json"
done
expect2 "" --compare "$tmp/a.json" "$tmp/missing.json"
expect2 "" --compare "$tmp/a.json"
expect2 "" --compare "$tmp/a.json" "$tmp/b.json" --fail-below x
expect2 "" --compare "$tmp/a.json" "$tmp/b.json" --bogus

ls -A "$tmp/out" | grep -q '\.tmp-' && bad "temporary files left in --out"
[ $fail -eq 0 ] && echo "bench report test passed"
exit $fail
