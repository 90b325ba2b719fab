/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM's bulk with the ARMv8 crypto extension: eight counter blocks
 * through AESE/AESMC, then their GHASH with PMULL (ghash_pmull.h) and one
 * reduction per eight blocks, so the cipher's latency hides behind
 * independent blocks and the multiplies behind the next batch's rounds.
 * Members: aes armv8-ce (its round key layout) and ghash armv8-ce (its
 * table of powers).
 * ISA: ARMv8-A crypto extension (AES, PMULL), Advanced SIMD.
 * Constant time: the AES and PMULL instructions run in data-independent
 * time; nothing branches or indexes on secrets.
 */
#include <arm_neon.h>

#include "src/kernels.h"
#include "aes_armv8_ce.h"
#include "ghash_pmull.h"

HWC_CALL_COUNTER(aes_gcm_armv8_ce);

/* GCM bulk: eight blocks enciphered, then hashed with one reduction (the
 * ciphertext: the output when encrypting, the input when decrypting, read
 * before it can be overwritten in place). */
static inline __attribute__((always_inline)) void gcm8(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks,
                                                       uint8_t ctr[16], uint8_t y[16], const void *rk,
                                                       unsigned rounds, const void *table) {
  uint8x16_t ek[15];
  load_keys(ek, rk, EK_SLOT, rounds);
  uint32x4_t base = vreinterpretq_u32_u8(vld1q_u8(ctr));
  uint32_t c = ctr_get(ctr);
  uint64x2_t s = ghp_load(y);
  for (; nblocks; c += 8) {
    size_t m = nblocks < 8 ? nblocks : 8;
    uint8x16_t b[8];
    if (decrypt) s = ghp_blocks(s, in, m, table);
    if (m == 8) {
      for (int i = 0; i < 8; i++) b[i] = counter(base, c + (uint32_t)i);
      enc8(b, ek, rounds);
      for (int i = 0; i < 8; i++) vst1q_u8(out + 16 * i, veorq_u8(b[i], vld1q_u8(in + 16 * i)));
    } else {
      for (size_t i = 0; i < m; i++)
        vst1q_u8(out + 16 * i, veorq_u8(enc1(counter(base, c + (uint32_t)i), ek, rounds), vld1q_u8(in + 16 * i)));
      c += (uint32_t)m - 8;
    }
    if (!decrypt) s = ghp_blocks(s, out, m, table);
    in += 16 * m, out += 16 * m, nblocks -= m;
  }
  ctr_put(ctr, c);
  ghp_store(y, s);
}

static void aes_gcm_armv8_ce_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                     uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_armv8_ce);
  gcm8(0, out, in, nblocks, ctr, y, rk, rounds, table);
}

static void aes_gcm_armv8_ce_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                     uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_armv8_ce);
  gcm8(1, out, in, nblocks, ctr, y, rk, rounds, table);
}

extern const hwc_aes_kernel hwc_aes_armv8_ce;
extern const hwc_ghash_kernel hwc_ghash_armv8_ce;

const hwc_aes_gcm_kernel hwc_aes_gcm_armv8_ce = {
    .info = {.name = "armv8-ce", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(aes_gcm_armv8_ce)},
    .aes = &hwc_aes_armv8_ce,
    .ghash = &hwc_ghash_armv8_ce,
    .stride = 8,
    .encrypt = aes_gcm_armv8_ce_encrypt,
    .decrypt = aes_gcm_armv8_ce_decrypt,
};
