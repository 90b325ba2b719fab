/* SPDX-License-Identifier: ISC */
/*
 * RSA encoding methods of RFC 8017 on byte strings of the modulus length k
 * (or emLen for PSS): EMSA-PKCS1-v1_5, EMSA-PSS, EME-OAEP, and the legacy
 * "type 1" padding without DigestInfo that OpenSSL's RSA_private_encrypt
 * uses. Independent of the big-number code: these take and produce the
 * integers' byte strings. Internal.
 */
#ifndef HWC_RSA_PAD_H
#define HWC_RSA_PAD_H

#include "src/hash/hash.h"

/* em (k bytes) = 00 01 FF..FF 00 || DigestInfo(h) || digest.
 * HWC_ERR_INVALID_ARG if k is too small for it. */
int hwc_emsa_pkcs1_encode(uint8_t *em, size_t k, hwc_hash h, const uint8_t *digest);

/* em (k bytes) = 00 01 FF..FF 00 || data, at least 8 FF bytes
 * (len <= k - 11, else HWC_ERR_TOO_LONG). */
int hwc_pkcs1_type1_encode(uint8_t *em, size_t k, const uint8_t *data, size_t len);
/* Inverse of hwc_pkcs1_type1_encode, OpenSSL's RSA_padding_check_PKCS1_type_1
 * rules: *out_len in, capacity; out, data length. HWC_ERR_VERIFY if the
 * padding is wrong, HWC_ERR_INVALID_ARG if out is too small. Works on
 * public data (a signature), so it need not be constant time. */
int hwc_pkcs1_type1_decode(uint8_t *out, size_t *out_len, const uint8_t *em, size_t k);

/* EMSA-PSS-ENCODE (RFC 8017 9.1.1) with MGF1(h): em has emLen =
 * ceil((mod_bits - 1) / 8) bytes. HWC_ERR_INVALID_ARG if the salt does not
 * fit. */
int hwc_emsa_pss_encode(uint8_t *em, size_t mod_bits, hwc_hash h, const uint8_t *mhash, const uint8_t *salt,
                   size_t salt_len);
/* EMSA-PSS-VERIFY (RFC 8017 9.1.2) for a given salt length, or for the
 * largest (HWC_PSS_SALT_MAX) or any (HWC_PSS_SALT_AUTO: read from the
 * padding). em (emLen bytes) is modified. HWC_OK or HWC_ERR_VERIFY. */
int hwc_emsa_pss_verify(uint8_t *em, size_t mod_bits, hwc_hash h, const uint8_t *mhash, size_t salt_len);

/* EME-OAEP encoding (RFC 8017 7.1.1 step 2) with a caller-supplied random
 * seed of hwc_hash_len(h) bytes. HWC_ERR_TOO_LONG if len > k - 2 hLen - 2. */
int hwc_eme_oaep_encode(uint8_t *em, size_t k, hwc_hash h, const uint8_t *msg, size_t len, const uint8_t *label,
                    size_t label_len, const uint8_t *seed);
/* EME-OAEP decoding (RFC 8017 7.1.2 step 3) in constant time: the same
 * operations and memory accesses whatever em holds, and one error,
 * HWC_ERR_AUTH, for every way it can fail (including an output buffer too
 * small for the message), after which out (capacity *out_len) is zeroed.
 * em (k bytes) is overwritten. */
int hwc_eme_oaep_decode(uint8_t *out, size_t *out_len, uint8_t *em, size_t k, hwc_hash h, const uint8_t *label,
                    size_t label_len);

#endif
