#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Runs one of libsodium's own test programs (vendored in libsodium/, built
# against the system's libsodium) with the drop-in preloaded, once with the
# default selection and once per supported implementation of each hwcrypto
# primitive the test exercises (HWCRYPTO_IMPL=prim=impl). The program
# compares its output with its .exp file itself (cmptest.h) and exits 0
# only when they match. Prints one line per run; exits 1 when any run
# failed, 77 (SKIP) when the program does. With --arg the program is given DROPIN as its argument instead
# of having it preloaded (differential.c loads it beside libsodium).
#   run-libsodium.sh [--arg] PROGRAM DROPIN HWCRYPTO-INFO [PRIM...]
set -u
as_arg=0
[ "${1:-}" = --arg ] && { as_arg=1; shift; }
prog=$1 dropin=$2 info=$3
shift 3
name=$(basename "$prog")
fail=0
# run LABEL [HWCRYPTO_IMPL value]: one run of the program, in a scratch
# directory (it writes NAME.res there).
run() {
  local label=$1 impl=${2:-} dir rc
  dir=$(mktemp -d) || exit 1
  if [ $as_arg -eq 1 ]; then
    (cd "$dir" && HWCRYPTO_IMPL=$impl "$prog" "$dropin") 2> "$dir/err"
  else
    (cd "$dir" && HWCRYPTO_IMPL=$impl LD_PRELOAD=$dropin "$prog") 2> "$dir/err"
  fi
  rc=$?
  cat "$dir/err" >&2
  # hwcrypto says when it ignores HWCRYPTO_IMPL: the run did not test the
  # backend it names
  grep -q 'HWCRYPTO_IMPL' "$dir/err" && rc=98
  rm -rf "$dir"
  # 77: the program found nothing to test against (no libsodium.so.23)
  [ $rc -eq 77 ] && { echo "SKIP $name: libsodium.so.23 not found"; exit 77; }
  if [ $rc -eq 0 ]; then echo "ok   $name $label"; else echo "FAIL $name $label (exit $rc)"; fail=1; fi
}
run default
# hwcrypto-info's table: "prim impl supported ..." on a primitive's first
# row, "impl supported ..." on its next ones.
for prim in "$@"; do
  impls=$("$info" | awk -v p="$prim" '
    /^[a-z0-9_-]+ +[a-z0-9_-]+ +(yes|no)/ { cur = $1; impl = $2; sup = $3 }
    /^ +[a-z0-9_-]+ +(yes|no)/ { impl = $1; sup = $2 }
    cur == p && sup == "yes" && NF > 0 { print impl; sup = "" }')
  [ -n "$impls" ] || { echo "FAIL $name: no implementation of $prim listed"; fail=1; }
  for impl in $impls; do run "$prim=$impl" "$prim=$impl"; done
done
exit $fail
