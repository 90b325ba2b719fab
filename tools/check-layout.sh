#!/bin/sh
# SPDX-License-Identifier: ISC
# The layout's one rule (README, "Layout"), checked on the sources:
# - protocol code (src/<family>/) includes no backend file and names no
#   backend's table: it reaches kernels through the dispatcher only;
# - a backend file (src/generic, src/x86_64, src/aarch64) includes
#   src/kernels.h, src/common/ and headers of its own folder,
#   never another backend's folder nor the protocol layer;
# - src/common/ includes only itself and src/kernels.h.
# Includes name a header beside the file by its bare name and any other by
# its path from the project root ("src/kernels.h"), the one include root.
# Lists offenders, exit 1.
set -eu
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
bad=0
say() { echo "check-layout: $*" >&2; bad=1; }
tables=$(git grep -h -o '^const hwc_[a-z0-9_]*_kernel hwc_[a-z0-9_]* = {' -- 'src/*.c' | sed 's/^const [a-z0-9_]* \(hwc_[a-z0-9_]*\) = {$/\1/')
[ -n "$tables" ] || say "no kernel tables found under src/"
for f in $(git ls-files 'src/*/*.c' 'src/*/*.h'); do
  dir=${f#src/}; dir=${dir%%/*}
  incs=$(sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
  case $dir in
    generic|x86_64|aarch64)
      for i in $incs; do
        case $i in
          src/kernels.h|src/common/*) ;;
          */*) say "$f includes $i (a backend includes kernels.h, common/ and its own folder)" ;;
          *) ;;
        esac
      done ;;
    common)
      for i in $incs; do
        case $i in
          src/kernels.h|src/common/*) ;;
          */*) say "$f includes $i (src/common/ includes only itself and kernels.h)" ;;
          *) ;;
        esac
      done ;;
    *)
      for i in $incs; do
        case $i in *generic/*|*x86_64/*|*aarch64/*) say "$f includes the backend file $i" ;; esac
      done
      for t in $(grep -o -w -F "$tables" "$f" | sort -u); do
        say "$f names the backend table $t (use the dispatcher)"
      done ;;
  esac
done
[ $bad -eq 0 ] && echo "check-layout: protocol code reaches kernels through the dispatcher only"
exit $bad
