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

/* SHA-512's initial value (FIPS 180-4, 5.3.5), defined in sha512.c. */
extern const uint64_t hwc_sha512_iv[8];

/* out[i] = SHA-512(head[i][0..head_len) || msg[i][0..len[i])) for i < n
 * (sha512_lanes.c): the selected kernel's lanes take the blocks every item
 * of a group has; without lanes each item is hashed alone. head_len <= 128
 * for the lanes (longer heads hash alone); msg[i] may be NULL when len[i]
 * is 0. For the batches: Ed25519 signing's three hashes per signature. */
void hwc_sha512_lanes(uint8_t (*out)[64], const uint8_t *const *head, size_t head_len, const uint8_t *const *msg,
                      const size_t *len, size_t n);

#endif
