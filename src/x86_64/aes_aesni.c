/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with AES-NI on 128-bit registers, in the legacy SSE
 * encoding for CPUs without AVX (aes_aesni_avx.c is the same code in VEX):
 * ECB, CTR, CBC-decrypt and GCM eight blocks at a time so that the AESENC
 * latency (4 to 7 cycles, issued once or twice a cycle) is hidden behind
 * independent blocks; CBC-encrypt is serial by definition. GCM stitches the
 * cipher rounds of eight counter blocks with the PCLMULQDQ GHASH of eight
 * ciphertext blocks, the approach of Gueron and Kounavis' Intel white
 * paper. The loops are in aesni_modes.h. The key schedule comes from the
 * portable constant-time expansion, then AESIMC gives the decryption keys
 * (the "equivalent inverse cipher", FIPS 197 section 5.3.5).
 * ISA: AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES-NI and PCLMULQDQ run in data-independent time; no
 * table lookups, no secret-dependent branches (aesni_modes.h).
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "aesni_modes.h"

HWC_CALL_COUNTER(aes_aesni);

/* The table functions: each counts its call and runs the loops of
 * aesni_modes.h. */
static void aesni_setkey_table(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_setkey(rk, key, key_len);
}

static void aesni_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

static void aesni_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

static void aesni_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_cbc_enc(out, in, nblocks, iv, aesni_ek(rk), rounds);
}

static void aesni_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_cbc_dec(out, in, nblocks, iv, aesni_dk(rk), rounds);
}

static void aesni_ctr32_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                               unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_ctr32(out, in, nblocks, ctr, aesni_ek(rk), rounds);
}

const hwc_aes_kernel hwc_aes_aesni = {
    .info = {.name = "aesni",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(aes_aesni)},
    .setkey = aesni_setkey_table,
    .encrypt = aesni_encrypt,
    .decrypt = aesni_decrypt,
    .ctr32 = aesni_ctr32_blocks,
    .cbc_encrypt = aesni_cbc_encrypt,
    .cbc_decrypt = aesni_cbc_decrypt,
};
