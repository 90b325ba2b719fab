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

#include "../kernels.h"
#include "aesni_modes.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(aes_aesni);

void hwc_aesni_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_aesni);
  uint32_t w[60];
  unsigned rounds = (unsigned)(key_len / 4 + 6);
  uint8_t *ek = rk, *dk = ek + 16 * 16;
  hwc_aes_expand_key(w, key, key_len);
  for (unsigned i = 0; i <= rounds; i++) aesni_st(ek + 16 * i, aesni_ld(w + 4 * i));
  aesni_st(dk, aesni_ld(w + 4 * rounds));
  for (unsigned i = 1; i < rounds; i++) aesni_st(dk + 16 * i, _mm_aesimc_si128(aesni_ld(w + 4 * (rounds - i))));
  aesni_st(dk + 16 * rounds, aesni_ld(w));
  __m128i z = _mm_setzero_si128();
  for (int i = 0; i < 15; i++) aesni_st(w + 4 * i, z);
}

void hwc_aesni_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

void hwc_aesni_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

void hwc_aesni_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                           unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  __m128i c = aesni_ld(iv);
  for (; nblocks; nblocks--, in += 16, out += 16) {
    c = aesni_enc1(_mm_xor_si128(c, aesni_ld(in)), aesni_ek(rk), rounds);
    aesni_st(out, c);
  }
  aesni_st(iv, c);
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

static void aesni_gcm_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_gcm(0, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

static void aesni_gcm_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_aesni);
  aesni_gcm(1, out, in, nblocks, ctr, y, aesni_ek(rk), rounds, table);
}

extern const hwc_ghash_kernel hwc_ghash_pclmul;

const hwc_aes_kernel hwc_aes_aesni = {
    .info = {.name = "aesni",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(aes_aesni)},
    .setkey = hwc_aesni_setkey,
    .encrypt = hwc_aesni_encrypt,
    .decrypt = hwc_aesni_decrypt,
    .ctr32 = aesni_ctr32_blocks,
    .cbc_encrypt = hwc_aesni_cbc_encrypt,
    .cbc_decrypt = aesni_cbc_decrypt,
    .gcm_ghash = &hwc_ghash_pclmul,
    .gcm_encrypt = aesni_gcm_encrypt,
    .gcm_decrypt = aesni_gcm_decrypt,
};
