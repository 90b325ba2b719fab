#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Memcheck over the drop-in: a few of libsodium's test programs and
# handoff.c preloaded with it, and the differential test loading it, under
# valgrind with hwcrypto's AVX-512 backends masked (valgrind does not run
# AVX-512). Any invalid access or use of uninitialised bytes fails the
# test. SKIP (77) without valgrind.
#   valgrind.sh DROPIN BINDIR
set -u
dropin=$1 bin=$2
command -v valgrind > /dev/null || { echo "SKIP: valgrind not installed"; exit 77; }
export HWCRYPTO_CPU_DISABLE=avx512f,avx512bw,avx512vl,avx512ifma,vaes,vpclmulqdq
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0
# vg NAME COMMAND...: one program under memcheck
vg() {
  local name=$1
  shift
  if valgrind -q --error-exitcode=9 "$@" > "$dir/out" 2>&1; then
    echo "ok   $name"
  else
    echo "FAIL $name"; cat "$dir/out"; fail=1
  fi
}
for t in aead_chacha20poly1305 aead_xchacha20poly1305 aead_aes256gcm secretstream sign scalarmult_ristretto255 box_seal; do
  LD_PRELOAD=$dropin vg "$t" "$bin/sodium-$t"
done
LD_PRELOAD=$dropin vg handoff "$bin/sodium-handoff"
vg differential "$bin/sodium-differential" "$dropin" 20
exit $fail
