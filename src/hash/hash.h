/* SPDX-License-Identifier: ISC */
/* One interface over the hash functions (SHA-1, SHA-256/384/512), for code
 * that takes a hwc_hash (RSA paddings, MGF1, HMAC, HKDF). Internal. */
#ifndef HWC_HASH_H
#define HWC_HASH_H

#include "src/internal.h"

/* The state of any hwc_hash. It is the struct inside the public
 * hwc_hmac_ctx, so HMAC keeps its inner and outer states as two of these.
 * SHA-1 uses the s256 member: the same 64-byte block, 64-bit length and
 * buffer, its five state words in h[0..4]. */
typedef struct hwc_hash_state hash_ctx;

/* Block length of h (64 or 128; the HMAC key block); 0 if h is not valid. */
size_t hwc_hash_block_len(hwc_hash h);
/* h must be valid (check with hwc_hash_len first). */
void hwc_hash_init(hash_ctx *c, hwc_hash h);
void hwc_hash_update(hash_ctx *c, const uint8_t *in, size_t len);
void hwc_hash_final(hash_ctx *c, uint8_t *out); /* hwc_hash_len(h) bytes; wipes c */
void hwc_hash_oneshot(hwc_hash h, uint8_t *out, const uint8_t *in, size_t len);
/* out ^= MGF1(seed) (RFC 8017 B.2.1), out_len bytes. */
void hwc_mgf1_xor(hwc_hash h, uint8_t *out, size_t out_len, const uint8_t *seed, size_t seed_len);

/* Incremental SHA-1 (src/hash/sha1.c), behind hwc_sha1 and the hash layer; the
 * same contract as hwc_sha256_init/update/final. */
void hwc_sha1_init(hwc_sha256_ctx *c);
void hwc_sha1_update(hwc_sha256_ctx *c, const uint8_t *in, size_t len);
void hwc_sha1_final(hwc_sha256_ctx *c, uint8_t out[20]);

#endif
