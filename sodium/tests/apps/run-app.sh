#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# Runs a known-answer script of an unmodified libsodium consumer (PHP's
# ext/sodium, PyNaCl) without and with the drop-in preloaded. Passes when
# both outputs equal the script's .exp file (its "#" comment lines and
# the lines starting "aes256gcm" aside: they depend on the CPU), no line says FAIL, and the dynamic
# linker's own record (LD_DEBUG=bindings) shows the consumer's call of
# crypto_aead_chacha20poly1305_ietf_encrypt bound to the drop-in. SKIP
# (77) when the consumer is not installed.
#   run-app.sh php|pynacl DROPIN SCRIPT-DIR
set -u
kind=$1 dropin=$2 dir=$3
case $kind in
  php)
    script=$dir/sodium_kat.php exp=$dir/sodium_kat.exp
    command -v php > /dev/null && php -m 2> /dev/null | grep -qx sodium ||
      { echo "SKIP: php with ext/sodium not installed (apt-get install php8.2-cli)"; exit 77; }
    cmd=(php "$script");;
  pynacl)
    script=$dir/nacl_kat.py exp=$dir/nacl_kat.exp
    # Debian's python3-nacl is for Debian's python3, which a pyenv or venv
    # python3 earlier in PATH would not see
    py=
    for p in /usr/bin/python3 python3; do
      "$p" -c 'import nacl.bindings' 2> /dev/null && { py=$p; break; }
    done
    [ -n "$py" ] || { echo "SKIP: PyNaCl not installed (apt-get install python3-nacl)"; exit 77; }
    cmd=("$py" "$script");;
  *) echo "usage: run-app.sh php|pynacl DROPIN SCRIPT-DIR" >&2; exit 2;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
"${cmd[@]}" > "$tmp/plain" 2> "$tmp/plain.err" || { echo "FAIL: $kind without the drop-in exited $?"; cat "$tmp/plain.err"; fail=1; }
LD_DEBUG=bindings LD_DEBUG_OUTPUT=$tmp/bind LD_PRELOAD=$dropin "${cmd[@]}" > "$tmp/preload" 2> "$tmp/preload.err" ||
  { echo "FAIL: $kind with the drop-in exited $?"; cat "$tmp/preload.err"; fail=1; }
for run in plain preload; do
  if ! diff <(grep -v '^aes256gcm\|^#' "$exp") <(grep -v '^aes256gcm' "$tmp/$run") > "$tmp/diff"; then
    echo "FAIL: $kind $run output differs from $(basename "$exp"):"; cat "$tmp/diff"; fail=1
  fi
  if grep -q 'FAIL' "$tmp/$run"; then echo "FAIL: $kind $run: a known answer did not match"; fail=1; fi
done
cmp -s "$tmp/plain" "$tmp/preload" || { echo "FAIL: $kind outputs differ with and without the drop-in"; fail=1; }
if ! cat "$tmp"/bind.* 2> /dev/null | grep 'libhwcrypto-sodium' | grep -q "symbol \`crypto_aead_chacha20poly1305_ietf_encrypt'"; then
  echo "FAIL: $kind: crypto_aead_chacha20poly1305_ietf_encrypt was not bound to the drop-in"; fail=1
fi
bound=$(cat "$tmp"/bind.* | grep ' to [^ ]*libhwcrypto-sodium' | grep -o "symbol \`crypto_[a-z0-9_]*'" | sort -u | wc -l)
[ $fail -eq 0 ] && echo "ok: $kind, $(wc -l < "$tmp/preload") lines identical with and without the drop-in; $bound distinct functions bound to it"
exit $fail
