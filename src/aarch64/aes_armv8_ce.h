/* SPDX-License-Identifier: ISC */
/* The ARMv8 AES vocabulary shared by aes_armv8_ce.c (ECB, CTR, CBC) and
 * aes_gcm_armv8_ce.c (GCM's bulk): the round key slots, one and eight
 * blocks through the forward cipher, and GCM's 32-bit counter. Included
 * only by files built with the crypto extension. */
#ifndef HWC_AARCH64_AES_ARMV8_CE_H
#define HWC_AARCH64_AES_ARMV8_CE_H

#include <arm_neon.h>
#include <stdint.h>

#include "src/common/byteorder.h"

/* The round keys sit in the caller's key object, which may be at any
 * address: they are written and read with vst1q/vld1q (no alignment
 * assumed), never through a uint8x16_t pointer, and a function loads the
 * rounds + 1 keys it needs into registers once (32 vector registers hold
 * them all). Encryption keys in 16-byte slots 0.., decryption keys 16.. */
#define EK_SLOT 0
#define DK_SLOT 16

static inline void load_keys(uint8x16_t k[15], const void *rk, unsigned slot, unsigned rounds) {
  const uint8_t *p = (const uint8_t *)rk + 16 * slot;
  for (unsigned i = 0; i <= rounds; i++) k[i] = vld1q_u8(p + 16 * i);
}

static inline uint8x16_t enc1(uint8x16_t b, const uint8x16_t *k, unsigned rounds) {
  for (unsigned r = 0; r < rounds - 1; r++) b = vaesmcq_u8(vaeseq_u8(b, k[r]));
  return veorq_u8(vaeseq_u8(b, k[rounds - 1]), k[rounds]);
}

static inline __attribute__((always_inline)) void enc8(uint8x16_t b[8], const uint8x16_t *k, unsigned rounds) {
  for (unsigned r = 0; r < rounds - 1; r++)
    for (int i = 0; i < 8; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], k[r]));
  for (int i = 0; i < 8; i++) b[i] = veorq_u8(vaeseq_u8(b[i], k[rounds - 1]), k[rounds]);
}

/* Counter block n of a run: the fixed first twelve bytes with the 32-bit
 * big-endian counter in the last lane (inc32). */
static inline uint8x16_t counter(uint32x4_t base, uint32_t c) {
  return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(c), base, 3));
}

static inline uint32_t ctr_get(const uint8_t ctr[16]) {
  return hwc_load32_be(ctr + 12);
}

static inline void ctr_put(uint8_t ctr[16], uint32_t c) {
  hwc_store32_be(ctr + 12, c);
}

#endif
