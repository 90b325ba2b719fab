#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Runs one of libsodium's own test programs (vendored in libsodium/, built
# against the system's libsodium) with the drop-in preloaded, once with the
# default selection and once per supported implementation of each hwcrypto
# primitive the test exercises (HWCRYPTO_IMPL=prim=impl). The program
# compares its output with its .exp file itself (cmptest.h) and exits 0
# only when they match. Prints one line per run; exits 1 when any run
# failed.
#   run-libsodium.sh PROGRAM DROPIN HWCRYPTO-INFO [PRIM...]
set -u
prog=$1 dropin=$2 info=$3
shift 3
name=$(basename "$prog")
fail=0
# run LABEL [HWCRYPTO_IMPL value]: one run of the program, in a scratch
# directory (it writes NAME.res there).
run() {
  local label=$1 impl=${2:-} dir rc
  dir=$(mktemp -d) || exit 1
  (cd "$dir" && HWCRYPTO_IMPL=$impl LD_PRELOAD=$dropin "$prog")
  rc=$?
  rm -rf "$dir"
  if [ $rc -eq 0 ]; then echo "ok   $name $label"; else echo "FAIL $name $label (exit $rc)"; fail=1; fi
}
run default
# hwcrypto-info's table: "prim impl supported ..." on a primitive's first
# row, "impl supported ..." on its next ones.
for prim in "$@"; do
  impls=$("$info" | awk -v p="$prim" '
    /^[a-z0-9-]+ +[a-z0-9-]+ +(yes|no)/ { cur = $1; impl = $2; sup = $3 }
    /^ +[a-z0-9-]+ +(yes|no)/ { impl = $1; sup = $2 }
    cur == p && sup == "yes" && NF > 0 { print impl; sup = "" }')
  [ -n "$impls" ] || { echo "FAIL $name: no implementation of $prim listed"; fail=1; }
  for impl in $impls; do run "$prim=$impl" "$prim=$impl"; done
done
exit $fail
