#!/bin/sh
# SPDX-License-Identifier: ISC
# Runs every example as a user would, with the checks that make each one a
# test: round trips, damaged and truncated files refused, and RSA keys and
# signatures exchanged with the openssl CLI when it is installed.
# Usage: run.sh <folder with the built examples>
set -eu
bin=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

head -c 32 /dev/urandom > "$d/key"
head -c 32 /dev/urandom > "$d/otherkey"
# xor_byte FILE OFFSET MASK: flips bits of one byte in place (always a change: writing a
# fixed byte left the file as it was when the byte already had that value)
xor_byte() {
  v=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
  printf "\\$(printf %03o $((v ^ $3)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
for alg in aes256gcm xchacha; do
  # sizes around the 64 KiB chunk: empty, one byte, one chunk exactly, one
  # byte over, several chunks
  for size in 0 1 65535 65536 65537 200000; do
    head -c $size /dev/urandom > "$d/plain"
    if "$bin/file_encrypt" enc $alg "$d/key" "$d/plain" "$d/ct" &&
       "$bin/file_encrypt" dec $alg "$d/key" "$d/ct" "$d/back" && cmp -s "$d/plain" "$d/back"; then
      ok "$alg: $size bytes round trip"
    else
      bad "$alg: $size bytes round trip"
    fi
  done
  # 200000 bytes: chunks of 65536 + 16 after a header of 5 + prefix bytes
  hdr=$([ $alg = aes256gcm ] && echo 12 || echo 24)
  head -c $((hdr + 2 * 65552)) "$d/ct" > "$d/cut"     # cut at a chunk boundary
  head -c $(($(wc -c < "$d/ct") - 1)) "$d/ct" > "$d/short"
  cp "$d/ct" "$d/flip" && xor_byte "$d/flip" $((hdr + 100)) 1
  for f in cut short flip; do
    if "$bin/file_encrypt" dec $alg "$d/key" "$d/$f" "$d/back" 2>/dev/null; then
      bad "$alg: $f file accepted"
    elif [ -e "$d/back" ]; then
      bad "$alg: $f file refused but output left behind"
    else
      ok "$alg: $f file refused, no output left"
    fi
  done
  if "$bin/file_encrypt" dec $alg "$d/otherkey" "$d/ct" "$d/back" 2>/dev/null; then bad "$alg: wrong key accepted"
  else ok "$alg: wrong key refused"; fi
done

# Secret streams: 28 bytes of magic and header, then messages of 65536 + 17
# bytes, the last one (FINAL) shorter.
for size in 0 1 65535 65536 65537 200000; do
  head -c $size /dev/urandom > "$d/plain"
  if "$bin/secretstream_file" enc "$d/key" "$d/plain" "$d/ct" &&
     "$bin/secretstream_file" dec "$d/key" "$d/ct" "$d/back" && cmp -s "$d/plain" "$d/back"; then
    ok "secretstream: $size bytes round trip"
  else
    bad "secretstream: $size bytes round trip"
  fi
done
# 200000 bytes: three full messages and a FINAL one of 3392 bytes
head -c $((28 + 2 * 65553)) "$d/ct" > "$d/cut"      # cut between two messages
head -c $(($(wc -c < "$d/ct") - 1)) "$d/ct" > "$d/short"
head -c 28 "$d/ct" > "$d/headonly"
cp "$d/ct" "$d/flip" && xor_byte "$d/flip" $((28 + 65553 + 100)) 1       # inside the second message
cp "$d/ct" "$d/tagflip" && xor_byte "$d/tagflip" 28 128                   # the first message's tag byte
cp "$d/ct" "$d/extra" && printf 'x' >> "$d/extra"
for f in cut short headonly flip tagflip extra; do
  if "$bin/secretstream_file" dec "$d/key" "$d/$f" "$d/back" 2>/dev/null; then
    bad "secretstream: $f file accepted"
  elif [ -e "$d/back" ]; then
    bad "secretstream: $f file refused but output left behind"
  else
    ok "secretstream: $f file refused, no output left"
  fi
done
if "$bin/secretstream_file" dec "$d/otherkey" "$d/ct" "$d/back" 2>/dev/null; then bad "secretstream: wrong key accepted"
else ok "secretstream: wrong key refused"; fi

if "$bin/x25519_hkdf" > "$d/out"; then ok "x25519 + hkdf: $(tail -n 1 "$d/out")"; else bad "x25519 + hkdf"; fi
if "$bin/ed25519_sign" "hello, world" > "$d/out"; then ok "ed25519: $(tail -n 1 "$d/out")"; else bad "ed25519"; fi

if command -v openssl >/dev/null 2>&1; then
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$d/rsa.pem" 2>/dev/null
  openssl pkey -in "$d/rsa.pem" -pubout -out "$d/rsa.pub"
  head -c 5000 /dev/urandom > "$d/msg"
  if "$bin/rsa_sign" sign "$d/rsa.pem" "$d/msg" "$d/sig" &&
     openssl dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:-2 -verify "$d/rsa.pub" \
       -signature "$d/sig" "$d/msg" >/dev/null; then
    ok "rsa: our PSS signature with an openssl genpkey key verifies with openssl"
  else
    bad "rsa: our signature with openssl's key"
  fi
  openssl dgst -sha256 -sigopt rsa_padding_mode:pss -sign "$d/rsa.pem" -out "$d/osig" "$d/msg"
  if "$bin/rsa_sign" verify "$d/rsa.pub" "$d/msg" "$d/osig" >/dev/null; then
    ok "rsa: openssl's default-salt PSS signature verifies here"
  else
    bad "rsa: openssl's signature"
  fi
  printf x >> "$d/msg"
  if "$bin/rsa_sign" verify "$d/rsa.pub" "$d/msg" "$d/osig" >/dev/null; then bad "rsa: changed message accepted"
  else ok "rsa: changed message refused"; fi
else
  echo "openssl CLI not installed: the RSA example is not run (tools/install-deps.sh installs it)"
  bad "rsa example not run"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
