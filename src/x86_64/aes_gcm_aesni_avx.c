/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM's bulk with AES-NI and PCLMULQDQ on 128-bit registers, built
 * with AVX: aes_gcm_aesni.c's stitched loop (aesni_modes.h) in the VEX
 * encoding, whose three-operand forms spare the register copies of a loop
 * that reuses every block and product operand. Members: aes aesni-avx and
 * ghash pclmul.
 * ISA: AES-NI, PCLMULQDQ, AVX (with SSSE3, SSE4.1).
 * Constant time: as aes_gcm_aesni.c; see aesni_modes.h.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "aesni_modes.h"

HWC_CALL_COUNTER(aes_gcm_aesni_avx);

static void aes_gcm_aesni_avx_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                      uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_aesni_avx);
  aesni_gcm(0, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

static void aes_gcm_aesni_avx_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                      uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_aesni_avx);
  aesni_gcm(1, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

extern const hwc_aes_kernel hwc_aes_aesni_avx;
extern const hwc_ghash_kernel hwc_ghash_pclmul;

/* One step above aesni, as its aes member is. */
const hwc_aes_gcm_kernel hwc_aes_gcm_aesni_avx = {
    .info = {.name = "aesni-avx", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR + 1,
             HWC_CALLS(aes_gcm_aesni_avx)},
    .aes = &hwc_aes_aesni_avx,
    .ghash = &hwc_ghash_pclmul,
    .stride = 8,
    .encrypt = aes_gcm_aesni_avx_encrypt,
    .decrypt = aes_gcm_aesni_avx_decrypt,
};
