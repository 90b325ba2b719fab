#!/bin/sh
# SPDX-License-Identifier: ISC
# Every source, build and script file of the repository names its licence
# (LICENSE); the vendored test data under tests/vectors and libsodium's own
# test programs under sodium/tests/libsodium keep their own terms (NOTICE),
# byte-identical to their sources. Run from anywhere inside the checkout; lists offenders, exit 1.
set -eu
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
missing=$(git ls-files | grep -v -e '^tests/vectors/' -e '^sodium/tests/libsodium/' |
  grep -E '\.(c|h|sh|py|cmake|in|inc)$|CMakeLists\.txt$|GNUmakefile$|^\.ci/run$' |
  while read -r f; do head -n 3 "$f" | grep -q 'SPDX-License-Identifier:' || echo "$f"; done)
if [ -n "$missing" ]; then
  echo "check-spdx: no SPDX-License-Identifier line in:" >&2
  echo "$missing" >&2
  exit 1
fi
echo "check-spdx: every source file names its licence"
