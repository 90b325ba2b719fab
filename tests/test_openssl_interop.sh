#!/usr/bin/env bash
# SPDX-License-Identifier: ISC
# OpenSSL (the CLI, an independent implementation) must accept what
# hwcrypto writes: exported keys, PKCS#1 v1.5 and PSS signatures, OAEP
# ciphertexts, legacy type-1 outputs; and, both ways, RSA over a digest
# (openssl pkeyutl -pkeyopt digest:H), raw RSA (rsa_padding_mode:none) and
# keys from their numbers (openssl asn1parse and pkey -text output into
# hwc_rsa_from_parts). Usage: test_openssl_interop.sh <interop_rsa_out>
# Every check runs (none stops the script); the last line counts them.
set -euo pipefail
command -v openssl >/dev/null || { echo "openssl CLI not installed: cannot run (tools/install-deps.sh installs it)"; exit 1; }
tool=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$tool" "$d"
cd "$d"
pass=0 total=0
# check DESCRIPTION COMMAND...: one check, passed when COMMAND succeeds.
check() {
  local what=$1
  shift
  total=$((total + 1))
  if "$@"; then
    pass=$((pass + 1))
    echo "ok: $what"
  else
    echo "FAIL: $what"
  fi
}
# refused COMMAND...: succeeds when COMMAND fails (a check that a tampered
# input is turned down, so the positive checks above it can fail too).
refused() { ! "$@" >/dev/null 2>&1; }
quiet() { "$@" >/dev/null 2>&1; }

# ---- what the 0.2 functions write
check "openssl pkey -check accepts our PKCS#8 PEM" quiet openssl pkey -in key.pk8.pem -check -noout
check "our PKCS#8 DER parses" quiet openssl pkey -in key.pk8.der -inform DER -noout
check "our SPKI PEM parses" quiet openssl pkey -pubin -in key.spki.pem -noout
check "our SPKI DER parses" quiet openssl pkey -pubin -in key.spki.der -inform DER -noout
public_half() { cmp <(openssl pkey -in key.pk8.pem -pubout -outform DER) key.spki.der; }
check "public half matches" public_half
check "PKCS#1 v1.5 signature verifies" quiet openssl dgst -sha384 -verify key.spki.pem -signature pkcs1-sha384.sig msg
check "PSS signature verifies" quiet openssl dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 \
  -verify key.spki.pem -signature pss-sha256.sig msg
oaep_decrypts() {
  openssl pkeyutl -decrypt -inkey key.pk8.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 \
    -pkeyopt rsa_mgf1_md:sha512 -pkeyopt rsa_oaep_label:746167 -in oaep-sha512.bin | cmp - msg
}
check "OAEP decrypts" oaep_decrypts
legacy_recovers() { openssl rsautl -verify -pubin -inkey key.spki.pem -in legacy.bin 2>/dev/null | cmp - msg; }
check "legacy type-1 recovers" legacy_recovers
# OpenSSL's defaults, both ways: PSS with no salt option (verification
# takes any salt; signing uses the largest), OAEP with no digest option
# (SHA-1, as JWE's RSA-OAEP).
check "our largest-salt PSS signature verifies with OpenSSL's defaults" quiet openssl dgst -sha512 \
  -sigopt rsa_padding_mode:pss -verify key.spki.pem -signature pss-sha512-max.sig msg
oaep_default() { openssl pkeyutl -decrypt -inkey key.pk8.pem -pkeyopt rsa_padding_mode:oaep -in oaep-sha1.bin | cmp - msg; }
check "our SHA-1 OAEP ciphertext decrypts with OpenSSL's defaults" oaep_default
openssl dgst -sha512 -sigopt rsa_padding_mode:pss -sign key.pk8.pem -out ossl-pss.sig msg
openssl pkeyutl -encrypt -pubin -inkey key.spki.pem -pkeyopt rsa_padding_mode:oaep -in msg -out ossl-oaep.bin
check "OpenSSL's default PSS and OAEP outputs verify and decrypt here" "$tool" check "$d"

# ---- RSA over a digest (0.3): openssl pkeyutl -sign/-verify with
# -pkeyopt digest:H takes the digest itself, as hwc_rsa_*_digest do.
ossl_sign() { # KEY DIGESTFILE HASH OUT [PSS SALTLEN]
  local pad=()
  [ $# -gt 4 ] && pad=(-pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:"$6")
  openssl pkeyutl -sign -inkey "$1" -pkeyopt digest:"$3" "${pad[@]}" -in "$2" -out "$4"
}
ossl_verify() { # DIGESTFILE HASH SIG [PSS SALTLEN]
  local pad=()
  [ $# -gt 3 ] && pad=(-pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:"$5")
  openssl pkeyutl -verify -pubin -inkey key.spki.pem -pkeyopt digest:"$2" "${pad[@]}" -in "$1" -sigfile "$3" >/dev/null
}
hwc_sign_ossl_verify() { # pkcs1|pss HASH SALT OUT [OPENSSL-SALTLEN]: sign dg.HASH here, verify there
  "$tool" sign-digest key.pk8.pem "$1" "$2" "$3" "dg.$2" "$4" &&
    if [ "$1" = pss ]; then ossl_verify "dg.$2" "$2" "$4" pss "$5"; else ossl_verify "dg.$2" "$2" "$4"; fi
}
for h in sha256 sha384 sha512; do
  hl=$(($(openssl dgst -"$h" -binary msg | wc -c)))
  openssl dgst -"$h" -binary msg >"dg.$h"
  # the same digest one bit off (its last byte's low bit flipped)
  last=$(tail -c 1 "dg.$h" | od -An -tu1 | tr -d ' ')
  # shellcheck disable=SC2059 # the format is the octal escape of the flipped byte
  { head -c $((hl - 1)) "dg.$h"; printf "\\$(printf %03o $((last ^ 1)))"; } >"dg.$h.bad"
  check "[$h] the digest and its tampered copy differ in one byte" test "$(cmp -l "dg.$h" "dg.$h.bad" | wc -l)" -eq 1
  # PKCS#1 v1.5: deterministic, so the two signatures are the same bytes
  ossl_sign key.pk8.pem "dg.$h" "$h" "ossl-pkcs1-$h.sig"
  check "[$h] OpenSSL's PKCS#1 signature of a digest verifies with hwc_rsa_verify_pkcs1_digest" \
    "$tool" verify-digest key.spki.der pkcs1 "$h" 0 "dg.$h" "ossl-pkcs1-$h.sig"
  check "[$h] ... and not over another digest" refused "$tool" verify-digest key.spki.der pkcs1 "$h" 0 "dg.$h.bad" \
    "ossl-pkcs1-$h.sig"
  check "[$h] hwc_rsa_sign_pkcs1_digest's signature verifies with openssl pkeyutl" \
    hwc_sign_ossl_verify pkcs1 "$h" 0 "hwc-pkcs1-$h.sig"
  check "[$h] ... byte for byte OpenSSL's" cmp -s "hwc-pkcs1-$h.sig" "ossl-pkcs1-$h.sig"
  check "[$h] OpenSSL refuses it over another digest" refused ossl_verify "dg.$h.bad" "$h" "hwc-pkcs1-$h.sig"
  # PSS: salts of the hash length and the largest, both ways
  for salt in digest max; do
    hs=$([ "$salt" = digest ] && echo "$hl" || echo max)
    ossl_sign key.pk8.pem "dg.$h" "$h" "ossl-pss-$h-$salt.sig" pss "$salt"
    check "[$h] OpenSSL's PSS (salt $salt) signature of a digest verifies with hwc_rsa_verify_pss_digest" \
      "$tool" verify-digest key.spki.der pss "$h" "$hs" "dg.$h" "ossl-pss-$h-$salt.sig"
    check "[$h] ... with salt length auto" "$tool" verify-digest key.spki.der pss "$h" auto "dg.$h" "ossl-pss-$h-$salt.sig"
    check "[$h] ... and not over another digest" refused "$tool" verify-digest key.spki.der pss "$h" auto "dg.$h.bad" \
      "ossl-pss-$h-$salt.sig"
    check "[$h] hwc_rsa_sign_pss_digest's signature (salt $salt) verifies with openssl pkeyutl" \
      hwc_sign_ossl_verify pss "$h" "$hs" "hwc-pss-$h-$salt.sig" "$salt"
  done
  check "[$h] OpenSSL refuses our PSS signature over another digest" refused ossl_verify "dg.$h.bad" "$h" \
    "hwc-pss-$h-max.sig" pss max
done

# ---- raw RSA (0.3): rsa_padding_mode:none, byte for byte. OpenSSL 3.0's
# pkeyutl -sign refuses an input longer than a digest ("The input data
# looks too long to be a hash") even without padding, so the private
# operation x^d mod n comes from pkeyutl -decrypt (padding none, the same
# arithmetic) and from rsautl -sign -raw (deprecated, still in 3.x).
{ printf '\000'; openssl rand 255; } >raw.in # below n: n has 2048 bits
ossl_raw() { # -decrypt|-encrypt|-verifyrecover IN OUT
  local key=(-inkey key.pk8.pem)
  case $1 in -encrypt | -verifyrecover) key=(-pubin -inkey key.spki.pem) ;; esac
  openssl pkeyutl "$1" "${key[@]}" -pkeyopt rsa_padding_mode:none -in "$2" -out "$3"
}
ossl_raw -decrypt raw.in ossl-raw-priv.bin
openssl rsautl -sign -raw -inkey key.pk8.pem -in raw.in -out ossl-rsautl-priv.bin 2>/dev/null
ossl_raw -encrypt raw.in ossl-raw-pub.bin
check "hwc_rsa_private_raw runs" "$tool" raw private key.pk8.pem raw.in hwc-raw-priv.bin
check "hwc_rsa_public_raw runs" "$tool" raw public key.spki.pem raw.in hwc-raw-pub.bin
check "hwc_rsa_private_raw equals openssl pkeyutl -decrypt (padding none)" cmp -s hwc-raw-priv.bin ossl-raw-priv.bin
check "hwc_rsa_private_raw equals openssl rsautl -sign -raw" cmp -s hwc-raw-priv.bin ossl-rsautl-priv.bin
check "hwc_rsa_public_raw equals openssl pkeyutl -encrypt (padding none)" cmp -s hwc-raw-pub.bin ossl-raw-pub.bin
recover() { ossl_raw -verifyrecover hwc-raw-priv.bin rec.bin && cmp -s rec.bin raw.in; }
check "openssl pkeyutl -verifyrecover (padding none) inverts hwc_rsa_private_raw" recover
decrypt() { ossl_raw -decrypt hwc-raw-pub.bin dec.bin && cmp -s dec.bin raw.in; }
check "openssl pkeyutl -decrypt (padding none) inverts hwc_rsa_public_raw" decrypt
ours_inverts() { "$tool" raw public key.spki.der ossl-raw-priv.bin back.bin && cmp -s back.bin raw.in; }
check "hwc_rsa_public_raw inverts OpenSSL's private operation" ours_inverts
head -c 256 /dev/zero | tr '\0' '\377' >raw.big
check "hwc_rsa_private_raw refuses an input above n" refused "$tool" raw private key.pk8.pem raw.big out.bin
check "hwc_rsa_public_raw refuses a short input" refused "$tool" raw public key.pk8.pem msg out.bin

# ---- keys from their numbers (0.3): OpenSSL's keys, read with openssl
# asn1parse (the nine INTEGERs of RSAPrivateKey: version, then n, e, d, p,
# q, dp, dq, qinv) and with openssl pkey -text (colon hex), rebuilt with
# hwc_rsa_from_parts, must sign as OpenSSL signs with them (PKCS#1 v1.5 is
# deterministic) and give back OpenSSL's numbers through hwc_rsa_get_part.
asn1_parts() { # KEYFILE -> N..QINV in hex, one a line
  openssl rsa -in "$1" -traditional -outform DER 2>/dev/null | openssl asn1parse -inform DER |
    awk -F: '/prim: INTEGER/ { print $NF }' | tail -n +2
}
text_parts() { # KEYFILE -> N..QINV in hex, one a line, from openssl pkey -text
  openssl pkey -in "$1" -noout -text | awk '
    /^[a-zA-Z0-9]+:/ { if (name != "") print hex; name = $1; hex = ""
                        if ($0 ~ /\(0x/) { v = $0; sub(/.*\(0x/, "", v); sub(/\).*/, "", v); hex = v; print hex; name = "" }
                        next }
    /^ +[0-9a-f:]+ *$/ { v = $0; gsub(/[ :]/, "", v); hex = hex v }
    END { if (name != "") print hex }' | sed 's/^00//'
}
for bits in 2048 3072; do
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:$bits -out "ossl-$bits.pem" 2>/dev/null
  openssl dgst -sha256 -sign "ossl-$bits.pem" -out "ossl-$bits.sig" msg
  asn1_parts "ossl-$bits.pem" >"parts-$bits.txt"
  text_parts "ossl-$bits.pem" | tr a-f A-F >"parts-$bits-text.txt"
  check "[$bits] openssl asn1parse gave eight numbers" test "$(wc -l <"parts-$bits.txt")" -eq 8
  check "[$bits] openssl pkey -text gives the same numbers" cmp -s <(sed 's/^0*//' "parts-$bits.txt") \
    <(sed 's/^0*//' "parts-$bits-text.txt")
  for mode in all computed swapped; do
    check "[$bits] from_parts ($mode) rebuilds OpenSSL's key" \
      sh -c "'$tool' parts $mode parts-$bits.txt msg hwc-$bits-$mode.sig >got-$bits-$mode.txt"
    check "[$bits] ... which signs as OpenSSL does" cmp -s "hwc-$bits-$mode.sig" "ossl-$bits.sig"
  done
  check "[$bits] get_part gives back OpenSSL's numbers" cmp -s "got-$bits-all.txt" "parts-$bits.txt"
  check "[$bits] the CRT values computed are OpenSSL's" cmp -s "got-$bits-computed.txt" "parts-$bits.txt"
  swapped_order() { # the parts of the q-first key: P, Q and DP, DQ trade places, QINV is q^-1 mod p for them
    awk 'NR == 4 { p = $0; next } NR == 5 { print; print p; next } NR == 6 { dp = $0; next } NR == 7 { print; print dp; next }
         NR == 8 { next } { print }' "$1"
  }
  check "[$bits] ... and in the other order (q first)" cmp -s <(swapped_order "parts-$bits.txt") \
    <(head -n 7 "got-$bits-swapped.txt")
  check "[$bits] numbers from openssl pkey -text rebuild the key too" \
    sh -c "'$tool' parts computed parts-$bits-text.txt msg hwc-$bits-text.sig >/dev/null && cmp -s hwc-$bits-text.sig ossl-$bits.sig"
  check "[$bits] a public key from N and E verifies OpenSSL's signature" "$tool" parts public "parts-$bits.txt" msg \
    "ossl-$bits.sig"
  awk 'NR == 3 { sub(/.$/, substr("123456789ABCDEF0", index("0123456789ABCDEF", substr($0, length($0))), 1)) } { print }' \
    "parts-$bits.txt" >"parts-$bits-bad-d.txt"
  bad_key() { # the helper must fail in hwc_rsa_from_parts, with HWC_ERR_BAD_KEY's message
    local err
    err=$("$tool" parts "$@" 2>&1 >/dev/null) && return 1
    [[ $err == "hwc_rsa_from_parts("*"): invalid key" ]]
  }
  check "[$bits] a changed D is refused (HWC_ERR_BAD_KEY)" bad_key all "parts-$bits-bad-d.txt" msg bad.sig
  check "[$bits] ... also with the CRT values computed from it" bad_key computed "parts-$bits-bad-d.txt" msg bad.sig
done

expected=97
echo "$pass of $total checks passed ($((total - pass)) failed; $expected expected)"
[ "$pass" -eq "$total" ] && [ "$total" -eq "$expected" ]
