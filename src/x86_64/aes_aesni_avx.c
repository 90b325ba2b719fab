/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with AES-NI and PCLMULQDQ on 128-bit registers, built with
 * AVX: the loops of aes_aesni.c (aesni_modes.h: ECB, CTR, CBC-decrypt and
 * the stitched GCM) in the VEX encoding, for CPUs with AVX but without VAES
 * (x86-64-v3). The three-operand forms write a new register instead of
 * overwriting a source, so the GCM loop, which reuses every block and
 * product operand, needs no register copies, and round keys and table
 * entries become unaligned memory operands. The key schedule and serial
 * CBC encryption are the shared ones of aesni_modes.h (aes_aesni.c's round
 * key layout), and GCM pairs with the pclmul GHASH table.
 * ISA: AES-NI, PCLMULQDQ, AVX (with SSSE3, SSE4.1).
 * Constant time: as aes_aesni.c; see aesni_modes.h.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "aesni_modes.h"

HWC_CALL_COUNTER(aes_aesni_avx);

static void aesni_avx_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_setkey(rk, key, key_len);
}

static void aesni_avx_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

static void aesni_avx_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

static void aesni_avx_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                                  unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_cbc_enc(out, in, nblocks, iv, aesni_ek(rk), rounds);
}

static void aesni_avx_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                                  unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_cbc_dec(out, in, nblocks, iv, aesni_dk(rk), rounds);
}

static void aesni_avx_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                            unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni_avx);
  aesni_ctr32(out, in, nblocks, ctr, aesni_ek(rk), rounds);
}

/* One step above aesni on the scale: the same work in fewer instructions,
 * wherever AVX exists; below every 256-bit VAES kernel. */
const hwc_aes_kernel hwc_aes_aesni_avx = {
    .info = {.name = "aesni-avx",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR + 1,
             HWC_CALLS(aes_aesni_avx)},
    .setkey = aesni_avx_setkey,
    .encrypt = aesni_avx_encrypt,
    .decrypt = aesni_avx_decrypt,
    .ctr32 = aesni_avx_ctr32,
    .cbc_encrypt = aesni_avx_cbc_encrypt,
    .cbc_decrypt = aesni_avx_cbc_decrypt,
};
