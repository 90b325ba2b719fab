#!/bin/sh
# SPDX-License-Identifier: ISC
# hwcrypto against AWS-LC's `bssl speed` on the rows of the top-tier issue:
# RSA-2048/3072/4096 signing (PKCS#1 v1.5, SHA-256), AES-128/256-GCM seal at
# 64 B, 1 KiB and 16 KiB, Ed25519 signing, X25519 (fixed and variable base),
# SHA-256 at 16 KiB and ChaCha20-Poly1305 seal. Both sides run in the same
# session, alternated ROUNDS times (default 3) so that a burst of load on a
# shared machine hits both alike; prints ours / AWS-LC's per round and the
# median over rounds.
#
# AWS-LC is never vendored or linked: build its `bssl` tool from the public
# source in a temporary folder and pass its path, for example
#   git clone https://github.com/aws/aws-lc /tmp/awslc
#   cmake -S /tmp/awslc -B /tmp/awslc/build -GNinja -DCMAKE_BUILD_TYPE=Release \
#         -DBUILD_TESTING=OFF -DDISABLE_GO=ON && ninja -C /tmp/awslc/build bssl
#
# usage: [ROUNDS=n] bench/compare-awslc.sh path/to/bssl [path/to/hwcrypto-bench]
#
# Differences between the two rows, stated so the ratio is read right:
# bssl seals with 13 bytes of additional data (a TLS record header), as do
# the hwcrypto rows used here (aes-*-gcm-encrypt-ad13); bssl's RSA signs a fixed SHA-256 digest while ours
# hashes a 60-byte message first (well under a microsecond, on operations of
# 200 microseconds and more); bssl's Ed25519 signs 6 bytes, ours 64 (one
# SHA-512 block either way, so the same work).
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
[ $# -ge 1 ] || { echo "usage: bench/compare-awslc.sh path/to/bssl [path/to/hwcrypto-bench]" >&2; exit 2; }
bssl=$1
bench=${2:-$(default_bench)}
[ -x "$bssl" ] || { echo "compare-awslc: $bssl is not an executable" >&2; exit 2; }
[ -x "$bench" ] || { echo "compare-awslc: $bench is not built" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

rows='^(rsa(2048|3072|4096)-sign-pkcs1-sha256|aes-(128|256)-gcm-encrypt(-ad13)?|ed25519-sign|x25519|x25519-base|sha256|chacha20-poly1305-encrypt)$'
rounds=${ROUNDS:-3}
round=1
while [ "$round" -le "$rounds" ]; do
  echo "round $round: bssl speed; hwcrypto-bench" >&2
  for f in RSA AEAD-AES-128-GCM AEAD-AES-256-GCM Ed25519 Curve25519 SHA-256 AEAD-ChaCha20-Poly1305; do
    "$bssl" speed -timeout_ms 1000 -chunks 64,1024,16384 -filter "$f" >>"$tmp/bssl-$round" 2>/dev/null
  done
  "$bench" --impl selected --peers none --filter "$rows" --json "$tmp/hwc-$round.json" >/dev/null
  round=$((round + 1))
done

python3 - "$tmp" "$rounds" <<'PY'
import json, os, re, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
# (our row, size or None, bssl's description, unit) -- op rows compare ops/s,
# bulk rows MB/s (bssl's MB is 10^6 bytes, as our GB is 10^9).
pairs = [(f"rsa{n}-sign-pkcs1-sha256", None, f"RSA {n} signing", "op") for n in (2048, 3072, 4096)]
for bits in (128, 256):
    for size in (64, 1024, 16384):
        pairs.append((f"aes-{bits}-gcm-encrypt-ad13", size, f"AEAD-AES-{bits}-GCM seal ({size} bytes)", "bulk"))
pairs += [("ed25519-sign", None, "Ed25519 signing", "op"),
          ("x25519-base", None, "Curve25519 base-point multiplication", "op"),
          ("x25519", None, "Curve25519 arbitrary point multiplication", "op"),
          ("sha256", 16384, "SHA-256 (16384 bytes)", "bulk")]
for size in (64, 1024, 16384):
    pairs.append(("chacha20-poly1305-encrypt", size, f"AEAD-ChaCha20-Poly1305 seal ({size} bytes)", "bulk"))
line = re.compile(r"Did \d+ (.*) operations in \d+us \(([\d.]+) ops/sec\)(?:: ([\d.]+) MB/s)?")
table = {}
impls = {}
for rnd in range(1, rounds + 1):
    theirs = {}
    with open(os.path.join(tmp, f"bssl-{rnd}")) as f:
        for l in f:
            m = line.match(l.strip())
            if m:
                theirs[m.group(1)] = (float(m.group(2)), float(m.group(3)) if m.group(3) else None)
    with open(os.path.join(tmp, f"hwc-{rnd}.json")) as f:
        ours = json.load(f)["results"]
    for name, size, desc, kind in pairs:
        r = [x for x in ours if x["name"] == name and (size is None or x.get("size") == size)]
        if not r or desc not in theirs:
            continue
        impls[(name, size)] = r[0]["impl"]
        o = r[0]["ops_per_s"] if kind == "op" else r[0]["gbps"] * 1e3
        t = theirs[desc][0] if kind == "op" else theirs[desc][1]
        table.setdefault((name, size, kind), []).append((o, t))
unit = {"op": "ops/s", "bulk": "MB/s"}
print(f"{'row':28} {'size':>6} {'impl':12} {'unit':5} " + " ".join(f"{'round ' + str(i):>17}" for i in range(1, rounds + 1)) + f" {'median':>7}")
for (name, size, kind), v in table.items():
    cells = " ".join(f"{o / t:6.3f} ({o:8.0f})".rjust(17) for o, t in v)
    med = statistics.median(o / t for o, t in v)
    print(f"{name:28} {size if size else '-':>6} {impls[(name, size)]:12} {unit[kind]:5} {cells} {med:7.3f}")
print("cells: ours / AWS-LC's (ours in the unit); median over rounds")
PY
