/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM's bulk with AES-NI and PCLMULQDQ on 128-bit registers, legacy
 * SSE encoding: the cipher rounds of eight counter blocks stitched with the
 * GHASH of eight ciphertext blocks (Gueron and Kounavis' Intel white paper;
 * the loop is aesni_gcm in aesni_modes.h). Members: aes aesni, whose round
 * keys it reads, and ghash pclmul, whose table of powers of H it reads.
 * ISA: AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES-NI and PCLMULQDQ run in data-independent time; no
 * table lookups, no secret-dependent branches (aesni_modes.h).
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "aesni_modes.h"

HWC_CALL_COUNTER(aes_gcm_aesni);

static void aes_gcm_aesni_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                                  const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_aesni);
  aesni_gcm(0, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

static void aes_gcm_aesni_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                                  const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_aesni);
  aesni_gcm(1, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

extern const hwc_aes_kernel hwc_aes_aesni;
extern const hwc_ghash_kernel hwc_ghash_pclmul;

const hwc_aes_gcm_kernel hwc_aes_gcm_aesni = {
    .info = {.name = "aesni", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(aes_gcm_aesni)},
    .aes = &hwc_aes_aesni,
    .ghash = &hwc_ghash_pclmul,
    .stride = 8,
    .encrypt = aes_gcm_aesni_encrypt,
    .decrypt = aes_gcm_aesni_decrypt,
};
