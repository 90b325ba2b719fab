#!/bin/sh
# SPDX-License-Identifier: ISC
# Same-run A/B timing of the x86_64 bignum kernels: A is the working tree,
# B the same files at a git revision (default HEAD). Each kernel source is
# compiled twice with the build's own command (compile_commands.json of
# BUILD, default build/), its global symbols renamed per side, and the two
# are timed alternately by bignum_ab.c (README.md).
#   tools/kernel-ab/kernel-ab.sh [-r REV] [-b BUILD] [-f FILE]... [ROUNDS [LIMBS...]]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
rev=HEAD build=$root/build files=
while getopts r:b:f: opt; do
  case $opt in
    r) rev=$OPTARG ;;
    b) build=$(cd "$OPTARG" && pwd) ;;
    f) files="$files $OPTARG" ;;
    *) echo "usage: $0 [-r REV] [-b BUILD] [-f src/x86_64/bignum_X.c]... [ROUNDS]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$files" ] || files=$(cd "$root" && ls src/x86_64/bignum_*.c)
[ -f "$build/compile_commands.json" ] && [ -f "$build/libhwcrypto.a" ] || {
  echo "kernel-ab: $build has no compile_commands.json or libhwcrypto.a: build first (make)" >&2; exit 2; }
git -C "$root" rev-parse --verify -q "$rev^{commit}" >/dev/null || { echo "kernel-ab: no revision $rev" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"; rm -f "$root"/src/x86_64/.kernel-ab-*.c' EXIT
pairs=
for f in $files; do
  base=$(basename "$f" .c)
  # The library's own compile command for f (the object without call counters).
  cmd=$(python3 - "$build/compile_commands.json" "$root/$f" <<'PY'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    if e['file'] == sys.argv[2] and 'hwcrypto_obj.dir' in e['command']:
        a = shlex.split(e['command'])
        i = a.index('-o'); del a[i:i + 2]
        a.remove('-c'); a.remove(sys.argv[2])
        print(' '.join(shlex.quote(x) for x in a)); break
PY
)
  [ -n "$cmd" ] || { echo "kernel-ab: no compile command for $f in $build" >&2; exit 2; }
  # B next to A, so that its relative includes resolve the same way.
  tmp=$root/src/x86_64/.kernel-ab-$base.c
  if ! git -C "$root" show "$rev:$f" > "$tmp" 2>/dev/null; then
    echo "kernel-ab: $f is not in $rev, skipped"; rm -f "$tmp"; continue
  fi
  (cd "$build" && eval "$cmd -c \"$root/$f\" -o \"$work/$base.a.o\"" && eval "$cmd -c \"$tmp\" -o \"$work/$base.b.o\"")
  for side in a b; do
    for sym in $(nm --defined-only -g "$work/$base.$side.o" | awk '{print $3}'); do
      objcopy --redefine-sym "$sym=${sym}_ab_$side" "$work/$base.$side.o"
    done
  done
  for sym in $(nm --defined-only -g "$work/$base.a.o" | awk '{print $3}' | sed -n 's/^\(hwc_bignum_.*\)_ab_a$/\1/p'); do
    nm --defined-only -g "$work/$base.b.o" | grep -q " ${sym}_ab_b\$" && pairs="$pairs PAIR(${sym}_ab_a, ${sym}_ab_b)"
  done
done
[ -n "$pairs" ] || { echo "kernel-ab: no kernel in both builds" >&2; exit 2; }
cc -O2 -std=c11 -D_DEFAULT_SOURCE -I"$root/include" -I"$root" -I"$root/src" "-DKERNEL_AB_PAIRS=$pairs" \
  "$root/tools/kernel-ab/bignum_ab.c" "$work"/*.o "$build/libhwcrypto.a" -lcpuid -o "$work/bignum_ab"
echo "A = working tree, B = $rev ($(git -C "$root" rev-parse --short "$rev")); $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), family $(grep -m1 'cpu family' /proc/cpuinfo | sed 's/.*: //') model $(grep -m1 '^model\s' /proc/cpuinfo | sed 's/.*: //')"
"$work/bignum_ab" "$@"
