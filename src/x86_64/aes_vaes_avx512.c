/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with VAES on 512-bit registers: four blocks per register,
 * sixteen in flight for CTR and CBC-decrypt; GCM's stitched loop is
 * aes_gcm_vaes_avx512.c.
 * The round keys are AES-NI's (aesni_modes.h), broadcast to all four lanes on
 * entry; key schedule, single blocks and serial CBC-encrypt are AES-NI's.
 * Key storage is read with unaligned loads: a key object from malloc is
 * only 16-byte aligned, not the 64 bytes its type asks for.
 * ISA: VAES, VPCLMULQDQ, AVX-512F/BW/VL, AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES and carry-less multiply instructions run in
 * data-independent time; masks and branches depend on lengths only.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "ghash_vpclmul_avx512.h" /* gh4_mask: the masked tails */
#include "aesni_modes.h"
#include "vaes_avx512.h"

HWC_CALL_COUNTER(aes_vaes_avx512);


static void vaes512_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                          unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  const __m512i bs = BSWAP4;
  keys4 ks;
  load_keys(&ks, rk, rounds, 0);
  __m512i c = ctr_start(ctr);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m512i b[4];
    for (int i = 0; i < 4; i++) b[i] = _mm512_xor_si512(_mm512_shuffle_epi8(ADD4(c, 4 * i), bs), ks.k[0]);
    c = ADD4(c, 16);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 4; i++) b[i] = _mm512_aesenc_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 4; i++)
      _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(_mm512_aesenclast_epi128(b[i], ks.k[rounds]),
                                                         _mm512_loadu_si512(in + 64 * i)));
  }
  for (; nblocks; in += 64, out += 64) {
    size_t m = nblocks < 4 ? nblocks : 4;
    __mmask64 mask = gh4_mask(m);
    __m512i b = enc4(_mm512_shuffle_epi8(c, bs), &ks);
    _mm512_mask_storeu_epi8(out, mask, _mm512_xor_si512(b, _mm512_maskz_loadu_epi8(mask, in)));
    c = ADD4(c, (int)m);
    nblocks -= m;
  }
  ctr_store(ctr, c);
}

static void vaes512_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                                unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  keys4 ks;
  load_keys(&ks, rk, rounds, 1);
  /* prev holds the ciphertext block before the current group in lane 3. */
  __m512i prev = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)iv));
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m512i c[4], b[4];
    for (int i = 0; i < 4; i++) b[i] = _mm512_xor_si512(c[i] = _mm512_loadu_si512(in + 64 * i), ks.k[0]);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 4; i++) b[i] = _mm512_aesdec_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 4; i++) {
      __m512i p = _mm512_alignr_epi64(c[i], i ? c[i - 1] : prev, 6);
      _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(_mm512_aesdeclast_epi128(b[i], ks.k[rounds]), p));
    }
    prev = c[3];
  }
  for (; nblocks; in += 64, out += 64) {
    size_t m = nblocks < 4 ? nblocks : 4;
    __mmask64 mask = gh4_mask(m);
    __m512i c = _mm512_maskz_loadu_epi8(mask, in), b = _mm512_xor_si512(c, ks.k[0]);
    for (unsigned r = 1; r < rounds; r++) b = _mm512_aesdec_epi128(b, ks.k[r]);
    b = _mm512_xor_si512(_mm512_aesdeclast_epi128(b, ks.k[rounds]), _mm512_alignr_epi64(c, prev, 6));
    _mm512_mask_storeu_epi8(out, mask, b);
    /* The last ciphertext block of this group into lane 3 for the next. */
    prev = _mm512_permutexvar_epi64(_mm512_set_epi64(2 * (long long)m - 1, 2 * (long long)m - 2, 0, 0, 0, 0, 0, 0), c);
    nblocks -= m;
  }
  _mm_storeu_si128((__m128i *)iv, _mm512_extracti32x4_epi32(prev, 3));
}

/* AES-NI's key layout and schedule (aesni_modes.h), and its 128-bit ECB
 * and serial CBC encryption: one block in flight per chain gains nothing
 * from wider registers. */
static void vaes512_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  aesni_setkey(rk, key, key_len);
}

static void vaes512_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

static void vaes512_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

static void vaes512_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx512);
  aesni_cbc_enc(out, in, nblocks, iv, aesni_ek(rk), rounds);
}

const hwc_aes_kernel hwc_aes_vaes_avx512 = {
    .info = {.name = "vaes-avx512",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC512,
             HWC_CALLS(aes_vaes_avx512)},
    .setkey = vaes512_setkey,
    .encrypt = vaes512_encrypt,
    .decrypt = vaes512_decrypt,
    .ctr32 = vaes512_ctr32,
    .cbc_encrypt = vaes512_cbc_encrypt,
    .cbc_decrypt = vaes512_cbc_decrypt,
};
