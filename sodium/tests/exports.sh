#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# The drop-in exports exactly the names its version script lists, all of
# them libsodium's (crypto_*), and none of hwcrypto's hwc_* (those stay
# inside, so a program may also load libhwcrypto.so); each listed name is
# also declared by libsodium's headers (checked where it is compiled).
#   exports.sh DROPIN MAPFILE
set -u
dropin=$1 map=$2
want=$(grep -o '^ *crypto_[a-z0-9_]*;' "$map" | tr -d ' ;' | sort)
got=$(nm -D --defined-only "$dropin" | awk '{ print $3 }' | grep -v '^_' | sort)
if [ "$want" != "$got" ]; then
  echo "FAIL: exports differ from $(basename "$map"):"
  diff <(echo "$want") <(echo "$got")
  exit 1
fi
echo "ok: $(echo "$got" | wc -l) exports, all crypto_* names from the version script"
