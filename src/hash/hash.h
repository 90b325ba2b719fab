/* SPDX-License-Identifier: ISC */
/* One interface over the hash functions (SHA-1, SHA-256/384/512), for code
 * that takes a hwc_hash (RSA paddings, MGF1, HMAC, HKDF). Internal. */
#ifndef HWC_HASH_H
#define HWC_HASH_H

#include "src/internal.h"

/* The state of any hwc_hash: the public hwc_hash_ctx (hwc_hash_init,
 * hwc_hash_update, hwc_hash_final), which HMAC keeps as its inner and
 * outer states. */
typedef hwc_hash_ctx hash_ctx;

/* Block length of h (64 or 128; the HMAC key block); 0 if h is not valid. */
size_t hwc_hash_block_len(hwc_hash h);
void hwc_hash_oneshot(hwc_hash h, uint8_t *out, const uint8_t *in, size_t len);
/* out ^= MGF1(seed) (RFC 8017 B.2.1), out_len bytes. */
void hwc_mgf1_xor(hwc_hash h, uint8_t *out, size_t out_len, const uint8_t *seed, size_t seed_len);

#endif
