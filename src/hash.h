/* One interface over the SHA-2 functions, for code that takes a hwc_hash
 * (RSA paddings, MGF1). Internal. */
#ifndef HWC_HASH_H
#define HWC_HASH_H

#include "internal.h"

typedef struct {
  hwc_hash h;
  union {
    hwc_sha256_ctx s256;
    hwc_sha512_ctx s512;
  } u;
} hash_ctx;

/* Digest length of h; 0 if h is not a valid hwc_hash. */
size_t hash_len(hwc_hash h);
/* h must be valid (check with hash_len first). */
void hash_init(hash_ctx *c, hwc_hash h);
void hash_update(hash_ctx *c, const uint8_t *in, size_t len);
void hash_final(hash_ctx *c, uint8_t *out); /* hash_len(h) bytes; wipes c */
void hash_oneshot(hwc_hash h, uint8_t *out, const uint8_t *in, size_t len);
/* out ^= MGF1(seed) (RFC 8017 B.2.1), out_len bytes. */
void mgf1_xor(hwc_hash h, uint8_t *out, size_t out_len, const uint8_t *seed, size_t seed_len);

#endif
