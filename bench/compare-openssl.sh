#!/bin/sh
# SPDX-License-Identifier: ISC
# SHA-1, SHA-256 and SHA-512 at 16 KiB: hwcrypto against `openssl speed -evp`,
# both measured in the same run, alternated ROUNDS times (default 2) so that a
# burst of load from the (shared) machine hits both sides alike. Prints our GB/s / OpenSSL's per
# implementation and round, then the median over rounds.
#
# usage: [ROUNDS=n] bench/compare-openssl.sh [path/to/hwcrypto-bench [extra bench args]]
# (default: build/bench/hwcrypto-bench relative to the source tree, or the
# installed bench when this script is the installed copy)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The bench to run when none is named: the build tree's (this script in the
# source tree), the installed one (this script in <datadir>/hwcrypto/bench,
# the default layout puts bindir three levels up), else hwcrypto-bench on PATH.
default_bench() {
  for b in "$here/../build/bench/hwcrypto-bench" "$here/../../../bin/hwcrypto-bench"; do
    if [ -x "$b" ]; then echo "$b"; return; fi
  done
  command -v hwcrypto-bench || echo "$here/../build/bench/hwcrypto-bench"
}
bench=${1:-$(default_bench)}
[ $# -gt 0 ] && shift
command -v openssl >/dev/null || { echo "compare-openssl: openssl not found" >&2; exit 2; }
[ -x "$bench" ] || { echo "compare-openssl: $bench is not built" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# -mr prints "+F:<n>:<alg>:<bytes per second>" for the one size asked for.
ossl() {
  openssl speed -mr -evp "$1" -bytes 16384 -seconds 2 2>/dev/null | awk -F: '$1 == "+F" { print $4 }'
}

rounds=${ROUNDS:-2}
round=1
while [ "$round" -le "$rounds" ]; do
  echo "round $round: openssl speed -evp sha1, sha256, sha512; hwcrypto-bench" >&2
  for alg in sha1 sha256 sha512; do
    printf '%s\n' "$(ossl $alg)" >"$tmp/ossl-$alg-$round"
  done
  "$bench" --filter '^sha(1|256|512)$' --json "$tmp/hwc-$round.json" "$@" >/dev/null
  round=$((round + 1))
done

python3 - "$tmp" "$rounds" <<'PY'
import json, os, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
rows = {}
for rnd in range(1, rounds + 1):
    with open(os.path.join(tmp, f"hwc-{rnd}.json")) as f:
        rep = json.load(f)
    for prim in ("sha1", "sha256", "sha512"):
        with open(os.path.join(tmp, f"ossl-{prim}-{rnd}")) as f:
            ossl = float(f.read().strip()) / 1e9
        for r in rep["results"]:
            if r["name"] == prim and r["size"] == 16384:
                key = (prim, r["impl"] + ("*" if r["selected"] else ""))
                rows.setdefault(key, []).append((r["gbps"], ossl))
print("16 KiB one-shot hashes, GB/s (1e9 bytes/s); * = selected implementation")
print(f"{'name':8} {'impl':10} {'round':>5} {'hwcrypto':>9} {'openssl':>9} {'ratio':>7}")
for (prim, impl), v in rows.items():
    for i, (ours, theirs) in enumerate(v, 1):
        print(f"{prim:8} {impl:10} {i:>5} {ours:9.3f} {theirs:9.3f} {ours / theirs:7.3f}")
    med = statistics.median(o / t for o, t in v)
    print(f"{prim:8} {impl:10} {'median':>5} {'':9} {'':9} {med:7.3f}")
PY
