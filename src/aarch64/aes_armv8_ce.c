/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with the ARMv8 crypto extension: AESE/AESMC for a forward
 * round, AESD/AESIMC with the equivalent-inverse-cipher keys for decryption.
 * ECB, CTR and CBC-decrypt keep eight independent blocks in flight to cover
 * the instruction latency (GCM's loop is aes_gcm_armv8_ce.c). The key
 * schedule is the
 * portable constant-time one; AESIMC derives the decryption keys.
 * ISA: ARMv8-A crypto extension (AES, PMULL), Advanced SIMD.
 * Constant time: the AES and PMULL instructions run in data-independent
 * time; nothing branches or indexes on secrets.
 */
#include <arm_neon.h>

#include "src/kernels.h"
#include "aes_armv8_ce.h"

HWC_CALL_COUNTER(aes_armv8);

static void aes_armv8_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_armv8);
  uint32_t w[60];
  unsigned rounds = (unsigned)(key_len / 4 + 6);
  uint8x16_t ek[15];
  uint8_t *out = rk;
  hwc_aes_expand_key(w, key, key_len);
  for (unsigned i = 0; i <= rounds; i++) ek[i] = vreinterpretq_u8_u32(vld1q_u32(w + 4 * i));
  for (unsigned i = 0; i <= rounds; i++) vst1q_u8(out + 16 * (EK_SLOT + i), ek[i]);
  /* The equivalent inverse cipher's keys (FIPS 197, 5.3.5). */
  vst1q_u8(out + 16 * DK_SLOT, ek[rounds]);
  for (unsigned i = 1; i < rounds; i++) vst1q_u8(out + 16 * (DK_SLOT + i), vaesimcq_u8(ek[rounds - i]));
  vst1q_u8(out + 16 * (DK_SLOT + rounds), ek[0]);
  for (unsigned i = 0; i < 15; i++) ek[i] = vdupq_n_u8(0);
  for (int i = 0; i < 15; i++) vst1q_u32(w + 4 * i, vdupq_n_u32(0));
}

static inline uint8x16_t dec1(uint8x16_t b, const uint8x16_t *k, unsigned rounds) {
  for (unsigned r = 0; r < rounds - 1; r++) b = vaesimcq_u8(vaesdq_u8(b, k[r]));
  return veorq_u8(vaesdq_u8(b, k[rounds - 1]), k[rounds]);
}

static inline __attribute__((always_inline)) void dec8(uint8x16_t b[8], const uint8x16_t *k, unsigned rounds) {
  for (unsigned r = 0; r < rounds - 1; r++)
    for (int i = 0; i < 8; i++) b[i] = vaesimcq_u8(vaesdq_u8(b[i], k[r]));
  for (int i = 0; i < 8; i++) b[i] = veorq_u8(vaesdq_u8(b[i], k[rounds - 1]), k[rounds]);
}

static void aes_armv8_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_armv8);
  uint8x16_t ek[15];
  load_keys(ek, rk, EK_SLOT, rounds);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; i++) b[i] = vld1q_u8(in + 16 * i);
    enc8(b, ek, rounds);
    for (int i = 0; i < 8; i++) vst1q_u8(out + 16 * i, b[i]);
  }
  for (; nblocks; nblocks--, in += 16, out += 16) vst1q_u8(out, enc1(vld1q_u8(in), ek, rounds));
}

static void aes_armv8_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_armv8);
  uint8x16_t dk[15];
  load_keys(dk, rk, DK_SLOT, rounds);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; i++) b[i] = vld1q_u8(in + 16 * i);
    dec8(b, dk, rounds);
    for (int i = 0; i < 8; i++) vst1q_u8(out + 16 * i, b[i]);
  }
  for (; nblocks; nblocks--, in += 16, out += 16) vst1q_u8(out, dec1(vld1q_u8(in), dk, rounds));
}

static void aes_armv8_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                                  unsigned rounds) {
  HWC_COUNT_CALL(aes_armv8);
  uint8x16_t ek[15];
  load_keys(ek, rk, EK_SLOT, rounds);
  uint8x16_t c = vld1q_u8(iv);
  for (; nblocks; nblocks--, in += 16, out += 16) {
    c = enc1(veorq_u8(c, vld1q_u8(in)), ek, rounds);
    vst1q_u8(out, c);
  }
  vst1q_u8(iv, c);
}

static void aes_armv8_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                                  unsigned rounds) {
  HWC_COUNT_CALL(aes_armv8);
  uint8x16_t dk[15];
  load_keys(dk, rk, DK_SLOT, rounds);
  uint8x16_t prev = vld1q_u8(iv);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8], c[8];
    for (int i = 0; i < 8; i++) b[i] = c[i] = vld1q_u8(in + 16 * i);
    dec8(b, dk, rounds);
    vst1q_u8(out, veorq_u8(b[0], prev));
    for (int i = 1; i < 8; i++) vst1q_u8(out + 16 * i, veorq_u8(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; nblocks; nblocks--, in += 16, out += 16) {
    uint8x16_t c = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(dec1(c, dk, rounds), prev));
    prev = c;
  }
  vst1q_u8(iv, prev);
}

static void aes_armv8_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                            unsigned rounds) {
  HWC_COUNT_CALL(aes_armv8);
  uint8x16_t ek[15];
  load_keys(ek, rk, EK_SLOT, rounds);
  uint32x4_t base = vreinterpretq_u32_u8(vld1q_u8(ctr));
  uint32_t c = ctr_get(ctr);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128, c += 8) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; i++) b[i] = counter(base, c + (uint32_t)i);
    enc8(b, ek, rounds);
    for (int i = 0; i < 8; i++) vst1q_u8(out + 16 * i, veorq_u8(b[i], vld1q_u8(in + 16 * i)));
  }
  for (; nblocks; nblocks--, in += 16, out += 16, c++)
    vst1q_u8(out, veorq_u8(enc1(counter(base, c), ek, rounds), vld1q_u8(in)));
  ctr_put(ctr, c);
}

const hwc_aes_kernel hwc_aes_armv8_ce = {
    .info = {.name = "armv8-ce",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(aes_armv8)},
    .setkey = aes_armv8_setkey,
    .encrypt = aes_armv8_encrypt,
    .decrypt = aes_armv8_decrypt,
    .ctr32 = aes_armv8_ctr32,
    .cbc_encrypt = aes_armv8_cbc_encrypt,
    .cbc_decrypt = aes_armv8_cbc_decrypt,
};
