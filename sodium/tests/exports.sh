#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# The drop-in exports exactly the names its version script lists, all of
# them libsodium's (crypto_*), and none of hwcrypto's hwc_* (those stay
# inside, so a program may also load libhwcrypto.so); each listed name is
# also declared by libsodium's headers (checked where it is compiled). And
# every crypto_* function the sources define is in the version script: one
# left out would be hidden, silently leaving the call to libsodium.
#   exports.sh DROPIN MAPFILE SOURCE...
set -u
dropin=$1 map=$2
shift 2
want=$(grep -o '^ *crypto_[a-z0-9_]*;' "$map" | tr -d ' ;' | sort)
got=$(nm -D --defined-only "$dropin" | awk '{ print $3 }' | grep -v '^_' | sort)
if [ "$want" != "$got" ]; then
  echo "FAIL: exports differ from $(basename "$map"):"
  diff <(echo "$want") <(echo "$got")
  exit 1
fi
defined=$(grep -ho '^[a-z][a-z_ ]*[ *]crypto_[a-z0-9_]*(' "$@" | grep -o 'crypto_[a-z0-9_]*' | sort)
if [ "$want" != "$defined" ]; then
  echo "FAIL: the functions the sources define differ from $(basename "$map"):"
  diff <(echo "$want") <(echo "$defined")
  exit 1
fi
echo "ok: $(echo "$got" | wc -l) exports, all crypto_* names from the version script"
