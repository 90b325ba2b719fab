/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with VAES on 256-bit registers: two blocks per register,
 * sixteen in flight for CTR and CBC-decrypt, for CPUs with VAES but without
 * AVX-512 (and those that slow down on 512-bit code); GCM's stitched loop
 * is aes_gcm_vaes_avx2.c. Tails use AVX2 masked loads and stores. Round keys, key schedule, single blocks and serial CBC-encrypt
 * are AES-NI's (aesni_modes.h).
 * ISA: VAES, AVX2, AVX, AES-NI, SSSE3, SSE4.1 (the build also enables
 * VPCLMULQDQ and PCLMULQDQ, which the aes-gcm pair needs beside it).
 * Constant time: AES and carry-less multiply instructions run in
 * data-independent time; masks and branches depend on lengths only.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "ghash_vpclmul_avx2.h" /* gh2_mask, gh2_maskload: the masked tails */
#include "aesni_modes.h"
#include "vaes_avx2.h"

HWC_CALL_COUNTER(aes_vaes_avx2);

static void vaes2_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                        unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  const __m256i bs = BSWAP2;
  keys2 ks;
  load_keys(&ks, rk, rounds, 0);
  __m256i c = ctr_start(ctr);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8];
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ADD2(c, 2 * i), bs), ks.k[0]);
    c = ADD2(c, 16);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesenc_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 8; i++)
      STOREU(out + 32 * i, _mm256_xor_si256(_mm256_aesenclast_epi128(b[i], ks.k[rounds]), LOADU(in + 32 * i)));
  }
  for (; nblocks; in += 32, out += 32) {
    size_t m = nblocks < 2 ? nblocks : 2;
    __m256i b = enc2(_mm256_shuffle_epi8(c, bs), &ks);
    _mm256_maskstore_epi64((long long *)out, gh2_mask(m), _mm256_xor_si256(b, gh2_maskload(in, m)));
    c = ADD2(c, (int)m);
    nblocks -= m;
  }
  ctr_store(ctr, c);
}

static void vaes2_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  keys2 ks;
  load_keys(&ks, rk, rounds, 1);
  /* prev: the ciphertext block before the current register, in lane 1. */
  __m256i prev = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)iv));
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i c[8], b[8];
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(c[i] = LOADU(in + 32 * i), ks.k[0]);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesdec_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 8; i++) {
      __m256i p = _mm256_permute2x128_si256(i ? c[i - 1] : prev, c[i], 0x21);
      STOREU(out + 32 * i, _mm256_xor_si256(_mm256_aesdeclast_epi128(b[i], ks.k[rounds]), p));
    }
    prev = c[7];
  }
  for (; nblocks; in += 32, out += 32) {
    size_t m = nblocks < 2 ? nblocks : 2;
    __m256i c = gh2_maskload(in, m), b = _mm256_xor_si256(c, ks.k[0]);
    for (unsigned r = 1; r < rounds; r++) b = _mm256_aesdec_epi128(b, ks.k[r]);
    b = _mm256_xor_si256(_mm256_aesdeclast_epi128(b, ks.k[rounds]), _mm256_permute2x128_si256(prev, c, 0x21));
    _mm256_maskstore_epi64((long long *)out, gh2_mask(m), b);
    prev = m == 2 ? c : _mm256_permute2x128_si256(c, c, 0x00);
    nblocks -= m;
  }
  _mm_storeu_si128((__m128i *)iv, _mm256_extracti128_si256(prev, 1));
}

/* AES-NI's key layout and schedule (aesni_modes.h), and its 128-bit ECB
 * and serial CBC encryption: one block in flight per chain gains nothing
 * from wider registers. */
static void vaes2_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_setkey(rk, key, key_len);
}

static void vaes2_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

static void vaes2_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

static void vaes2_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_cbc_enc(out, in, nblocks, iv, aesni_ek(rk), rounds);
}

const hwc_aes_kernel hwc_aes_vaes_avx2 = {
    .info = {.name = "vaes-avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(aes_vaes_avx2)},
    .setkey = vaes2_setkey,
    .encrypt = vaes2_encrypt,
    .decrypt = vaes2_decrypt,
    .ctr32 = vaes2_ctr32,
    .cbc_encrypt = vaes2_cbc_encrypt,
    .cbc_decrypt = vaes2_cbc_decrypt,
};
