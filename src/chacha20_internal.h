/* SPDX-License-Identifier: ISC */
/* Shared by the ChaCha20, Poly1305 and AEAD protocol files (never kernels). */
#ifndef HWC_CHACHA20_INTERNAL_H
#define HWC_CHACHA20_INTERNAL_H

#include "../dispatch/dispatch.h"
#include "internal.h"

static inline uint32_t hwc_load32_le(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void hwc_store32_le(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline uint64_t hwc_load64_le(const uint8_t *p) {
  return (uint64_t)hwc_load32_le(p) | (uint64_t)hwc_load32_le(p + 4) << 32;
}
static inline void hwc_store64_le(uint8_t *p, uint64_t v) {
  hwc_store32_le(p, (uint32_t)v);
  hwc_store32_le(p + 4, (uint32_t)(v >> 32));
}

/* 1 when [a, a+n) and [b, b+n) overlap without being the same range. */
static inline int hwc_partial_overlap(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return n != 0 && x != y && x < y + n && y < x + n;
}

/* ChaCha20 input state: constants, key, then words 12..15 as given. */
void hwc_chacha20_setup(uint32_t st[16], const uint8_t key[32], uint32_t w12, uint32_t w13,
                        uint32_t w14, uint32_t w15);
/* XORs len bytes of keystream from st into in -> out with kernel k; the block
 * counter is word 12, carrying into word 13 when wide (XChaCha20's 64-bit
 * counter). The caller has checked that the counter does not run out. */
void hwc_chacha20_stream(const hwc_chacha20_kernel *k, uint8_t *out, const uint8_t *in, size_t len,
                         uint32_t st[16], int wide);
/* HChaCha20 (draft-irtf-cfrg-xchacha section 2.2): a 32-byte subkey from the
 * key and a 16-byte nonce. */
void hwc_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce[16]);

#endif
