/* SPDX-License-Identifier: ISC */
/* hwc_hash dispatch over SHA-1 and SHA-256/384/512: hwc_hash_len, the
 * incremental hwc_hash_ctx, hwc_digest, and MGF1. */
#include "hash.h"

size_t hwc_hash_len(hwc_hash h) {
  switch (h) {
    case HWC_HASH_SHA1: return 20;
    case HWC_HASH_SHA256: return 32;
    case HWC_HASH_SHA384: return 48;
    case HWC_HASH_SHA512: return 64;
    default: return 0;
  }
}

size_t hwc_hash_block_len(hwc_hash h) {
  switch (h) {
    case HWC_HASH_SHA1:
    case HWC_HASH_SHA256: return 64;
    case HWC_HASH_SHA384:
    case HWC_HASH_SHA512: return 128;
    default: return 0;
  }
}

int hwc_hash_init(hwc_hash_ctx *c, hwc_hash h) {
  HWC_DIT_SCOPE();
  if (c == NULL) return HWC_ERR_INVALID_ARG;
  if (hwc_hash_len(h) == 0) {
    memset(c, 0, sizeof *c);
    return HWC_ERR_INVALID_ARG;
  }
  c->hash = h;
  if (h == HWC_HASH_SHA1) hwc_sha1_init(&c->u.s1);
  else if (h == HWC_HASH_SHA256) hwc_sha256_init(&c->u.s256);
  else if (h == HWC_HASH_SHA384) hwc_sha384_init(&c->u.s512);
  else hwc_sha512_init(&c->u.s512);
  return HWC_OK;
}

void hwc_hash_update(hwc_hash_ctx *c, const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  if (c == NULL) hwc_fatal(__func__, "NULL context");
  if (c->hash == HWC_HASH_SHA1) hwc_sha1_update(&c->u.s1, in, len);
  else if (c->hash == HWC_HASH_SHA256) hwc_sha256_update(&c->u.s256, in, len);
  else hwc_sha512_update(&c->u.s512, in, len);
}

void hwc_hash_final(hwc_hash_ctx *c, uint8_t *out) {
  HWC_DIT_SCOPE();
  if (c == NULL || out == NULL) hwc_fatal(__func__, "NULL argument");
  if (c->hash == HWC_HASH_SHA1) hwc_sha1_final(&c->u.s1, out);
  else if (c->hash == HWC_HASH_SHA256) hwc_sha256_final(&c->u.s256, out);
  else if (c->hash == HWC_HASH_SHA384) hwc_sha384_final(&c->u.s512, out);
  else hwc_sha512_final(&c->u.s512, out);
  hwc_memzero(c, sizeof *c);
}

void hwc_hash_oneshot(hwc_hash h, uint8_t *out, const uint8_t *in, size_t len) {
  hash_ctx c;
  hwc_hash_init(&c, h);
  hwc_hash_update(&c, in, len);
  hwc_hash_final(&c, out);
}

void hwc_mgf1_xor(hwc_hash h, uint8_t *out, size_t out_len, const uint8_t *seed, size_t seed_len) {
  size_t hl = hwc_hash_len(h);
  uint8_t block[64], counter[4];
  for (uint32_t i = 0; out_len; i++) {
    hash_ctx c;
    hwc_store32_be(counter, i);
    hwc_hash_init(&c, h);
    hwc_hash_update(&c, seed, seed_len);
    hwc_hash_update(&c, counter, 4);
    hwc_hash_final(&c, block);
    size_t n = out_len < hl ? out_len : hl;
    for (size_t j = 0; j < n; j++) out[j] ^= block[j];
    out += n;
    out_len -= n;
  }
  hwc_memzero(block, sizeof block);
}


int hwc_digest(uint8_t *out, const uint8_t *in, size_t len, hwc_hash h) {
  HWC_DIT_SCOPE();
  if (hwc_hash_len(h) == 0 || out == NULL || (in == NULL && len != 0)) return HWC_ERR_INVALID_ARG;
  hwc_hash_oneshot(h, out, in, len);
  return HWC_OK;
}
