#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# OpenSSL (the CLI, an independent implementation) must accept what
# hwcrypto writes: exported keys, PKCS#1 v1.5 and PSS signatures, OAEP
# ciphertexts, legacy type-1 outputs. Usage: test_openssl_interop.sh <interop_rsa_out>
set -euo pipefail
command -v openssl >/dev/null || { echo "openssl CLI not installed: cannot run (tools/install-deps.sh installs it)"; exit 1; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$1" "$d"
cd "$d"
pass=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
openssl pkey -in key.pk8.pem -check -noout >/dev/null && ok "openssl pkey -check accepts our PKCS#8 PEM"
openssl pkey -in key.pk8.der -inform DER -noout && ok "our PKCS#8 DER parses"
openssl pkey -pubin -in key.spki.pem -noout && ok "our SPKI PEM parses"
openssl pkey -pubin -in key.spki.der -inform DER -noout && ok "our SPKI DER parses"
cmp <(openssl pkey -in key.pk8.pem -pubout -outform DER) key.spki.der && ok "public half matches"
openssl dgst -sha384 -verify key.spki.pem -signature pkcs1-sha384.sig msg >/dev/null && ok "PKCS#1 v1.5 signature verifies"
openssl dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 -verify key.spki.pem \
  -signature pss-sha256.sig msg >/dev/null && ok "PSS signature verifies"
openssl pkeyutl -decrypt -inkey key.pk8.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 \
  -pkeyopt rsa_mgf1_md:sha512 -pkeyopt rsa_oaep_label:746167 -in oaep-sha512.bin | cmp - msg && ok "OAEP decrypts"
openssl rsautl -verify -pubin -inkey key.spki.pem -in legacy.bin 2>/dev/null | cmp - msg && ok "legacy type-1 recovers"
# OpenSSL's defaults, both ways: PSS with no salt option (verification
# takes any salt; signing uses the largest), OAEP with no digest option
# (SHA-1, as JWE's RSA-OAEP).
openssl dgst -sha512 -sigopt rsa_padding_mode:pss -verify key.spki.pem -signature pss-sha512-max.sig msg \
  >/dev/null && ok "our largest-salt PSS signature verifies with OpenSSL's defaults"
openssl pkeyutl -decrypt -inkey key.pk8.pem -pkeyopt rsa_padding_mode:oaep -in oaep-sha1.bin | cmp - msg &&
  ok "our SHA-1 OAEP ciphertext decrypts with OpenSSL's defaults"
openssl dgst -sha512 -sigopt rsa_padding_mode:pss -sign key.pk8.pem -out ossl-pss.sig msg
openssl pkeyutl -encrypt -pubin -inkey key.spki.pem -pkeyopt rsa_padding_mode:oaep -in msg -out ossl-oaep.bin
"$1" check "$d" && ok "OpenSSL's default PSS and OAEP outputs verify and decrypt here"
echo "$pass passed, $((12 - pass)) failed"
[ "$pass" -eq 12 ]
