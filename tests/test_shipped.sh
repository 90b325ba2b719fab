#!/bin/sh
# SPDX-License-Identifier: ISC
# The suite runs the objects that ship: every function of the shared
# library (each name and size in its symbol table, the kernels' table
# functions with their call counters included) must be in each test binary
# with the same size. A test build of the library compiled apart (other
# defines, counters that exist only in tests) changes the sizes of the
# functions it touches and fails here. The negative control runs this
# against a program that links the shared library instead of containing
# it, which must fail.
# A binary that needs only part of the library (the constant-time runner
# links no HMAC) goes after --part: each library function whose name is
# unique there and that the binary has must have the same size, and at
# least half of them must be there.
# usage: test_shipped.sh LIBRARY.so BINARY... [--part BINARY...]
set -u
lib=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
funcs() { nm -S --defined-only "$1" 2>/dev/null | awk '$3 ~ /^[tT]$/ { print $4, $2 }' | sort -u; }
funcs "$lib" >"$tmp/lib"
n=$(wc -l <"$tmp/lib")
# A stripped library has no symbol table to compare: say so, do not pass.
[ "$n" -ge 100 ] || { echo "FAIL: $lib lists $n functions (stripped?)"; exit 1; }
fail=0
part=0
for bin in "$@"; do
  if [ "$bin" = --part ]; then part=1; continue; fi
  funcs "$bin" >"$tmp/bin"
  if [ $part = 1 ]; then
    # Names unique in the library; those of them the binary has, with
    # their sizes there.
    awk '{ c[$1]++; s[$1] = $2 } END { for (k in c) if (c[k] == 1) print k, s[k] }' "$tmp/lib" | sort >"$tmp/uniq"
    join "$tmp/uniq" "$tmp/bin" >"$tmp/both"
    have=$(wc -l <"$tmp/both")
    other=$(awk '$2 != $3' "$tmp/both" | wc -l)
    if [ "$other" -ne 0 ] || [ "$((2 * have))" -lt "$(wc -l <"$tmp/uniq")" ]; then
      echo "FAIL: $bin: $have of the library's functions present, $other of another size, e.g.:"
      awk '$2 != $3' "$tmp/both" | head -5
      fail=1
    else
      echo "shipped: $bin contains $have functions of $lib (the part it links), same sizes"
    fi
    continue
  fi
  missing=$(comm -23 "$tmp/lib" "$tmp/bin" | wc -l)
  if [ "$missing" -ne 0 ]; then
    echo "FAIL: $bin: $missing of the $n functions of $lib are absent or of another size, e.g.:"
    comm -23 "$tmp/lib" "$tmp/bin" | head -5
    fail=1
  else
    echo "shipped: $bin contains all $n functions of $lib, same sizes"
  fi
done
exit $fail
