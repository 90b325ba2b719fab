#!/bin/sh
# SPDX-License-Identifier: ISC
# Replays the fuzz harnesses' structured seeds (make_seeds), their
# regression inputs (fuzz/regressions/<h>/) and checked-in corpora
# (fuzz/corpus/<h>/) under an emulated CPU: every implementation that CPU
# supports against generic, on the edge inputs. Used for the qemu-x86_64
# CPU models and qemu-aarch64 (fuzz/CMakeLists.txt); the random inputs of
# the native replay are left out, emulation being 10-50x slower.
#   replay-emulated.sh SRC_DIR BIN_DIR SEEDS_DIR "EMULATOR ARGS" harness...
# A harness whose peers are missing under emulation (fuzz_differential
# needs the target's libcrypto and libsodium) exits 77: counted as skipped
# and named; the script fails if any harness failed, skips with 77 only
# when every harness did.
set -u
src=$1 bin=$2 seeds=$3 emu=$4
shift 4
failed=0 ran=0 skipped=
for h in "$@"; do
  dir=$seeds/$h
  rm -rf "$dir" && mkdir -p "$dir"
  # make_seeds writes files only; it runs under the same emulator (it is
  # built for the target).
  $emu "$bin/make_seeds" "$h" "$dir" >/dev/null || { echo "replay-emulated: make_seeds $h failed"; failed=1; continue; }
  set -- "$dir"
  [ -d "$src/regressions/$h" ] && set -- "$@" "$src/regressions/$h"
  [ -d "$src/corpus/$h" ] && set -- "$@" "$src/corpus/$h"
  $emu "$bin/fuzz_$h" "$@"
  rc=$?
  case $rc in
  0) ran=$((ran + 1)); echo "replay-emulated: fuzz_$h passed" ;;
  77) skipped="$skipped $h"; echo "replay-emulated: fuzz_$h skipped (no peer under emulation)" ;;
  *) failed=1; echo "replay-emulated: fuzz_$h FAILED (exit $rc)" ;;
  esac
done
echo "replay-emulated: $ran harnesses passed${skipped:+, skipped:$skipped}"
[ $failed -eq 0 ] || exit 1
[ $ran -gt 0 ] || exit 77
exit 0
