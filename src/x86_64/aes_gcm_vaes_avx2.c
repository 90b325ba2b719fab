/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM's bulk with VAES and VPCLMULQDQ on 256-bit registers, for CPUs
 * without AVX-512 (and those that slow down on 512-bit code): one stitched
 * loop, the rounds of sixteen counter blocks interleaved with the GHASH of
 * sixteen ciphertext blocks (the previous batch when encrypting, the
 * current one when decrypting), one reduction per batch
 * (ghash_vpclmul_avx2.h); the last 0..15 blocks in one masked pass and one
 * reduction. Members: aes vaes-avx2 (AES-NI's round key layout, broadcast
 * to both lanes) and ghash vpclmul-avx2 (its table of powers).
 * ISA: VAES, VPCLMULQDQ, AVX2, AVX, AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES and carry-less multiply instructions run in
 * data-independent time; masks and branches depend on lengths only.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "ghash_vpclmul_avx2.h"
#include "vaes_avx2.h"

HWC_CALL_COUNTER(aes_gcm_vaes_avx2);

/* The bulk: sixteen-block steps, then the tail (see the file comment). */
static inline __attribute__((always_inline)) void gcm16(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks,
                                                        uint8_t ctr[16], uint8_t y[16], const void *rk,
                                                        unsigned rounds, const void *table) {
  const __m256i bs = BSWAP2;
  keys2 ks;
  load_keys(&ks, rk, rounds, 0);
  __m256i c = ctr_start(ctr), cmem;
  __m128i s = gh_load(y);
  const __m256i *pw = table;
  /* Encrypting, each step hashes the previous step's ciphertext,
   * decrypting this step's input, each block loaded when its multiply
   * comes rather than kept in registers: AVX2 has sixteen, and eight
   * counter blocks, the three accumulators and a round key already take
   * twelve, so register copies of the blocks spilled (decrypting, loaded
   * up front, they measured 2-3% slower). In place (out == in) every
   * block is read before this step overwrites it. */
  const uint8_t *prev = NULL;
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8];
    gh2_acc a;
    gh2_zero(&a);
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ADD2(c, 2 * i), bs), ks.k[0]);
    /* the counter waits in memory until the next step: a register for it
     * across the rounds made GCC spill a GHASH sum instead, putting a
     * store and a load into every multiply's accumulation */
    cmem = ADD2(c, 16);
    __asm__("" : "+m"(cmem));
    const uint8_t *hs = decrypt ? in : prev;
    /* rounds is a run-time value, so GCC kept this loop rolled (a branch
     * on the hashing per round, each multiply apart from the rounds around
     * it); unrolled, the multiplies interleave with the rounds. */
#pragma GCC unroll 14
    for (unsigned r = 1; r < rounds; r++) {
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesenc_epi128(b[i], ks.k[r]);
      if (hs && r <= 8) {
        __m256i xr = gh2_bswap(LOADU(hs + 32 * (r - 1)));
        if (r == 1) xr = _mm256_xor_si256(xr, _mm256_zextsi128_si256(s));
        gh2_mul(&a, xr, _mm256_loadu_si256(pw + (r - 1)));
      }
    }
    for (int i = 0; i < 8; i++)
      STOREU(out + 32 * i, _mm256_xor_si256(_mm256_aesenclast_epi128(b[i], ks.k[rounds]), LOADU(in + 32 * i)));
    if (hs) s = gh2_reduce(&a);
    prev = decrypt ? NULL : out;
    c = cmem;
  }
  if (prev) s = gh2_blocks(s, prev, 16, table); /* the last step's ciphertext */
  if (nblocks) {
    size_t n = nblocks;
    __m256i x[8];
    for (int i = 0; i < 8; i++) x[i] = _mm256_setzero_si256();
    for (size_t g = 0; 2 * g < n; g++) {
      size_t m = n - 2 * g < 2 ? n - 2 * g : 2;
      __m256i mask = gh2_mask(m), i2 = gh2_maskload(in + 32 * g, m);
      __m256i o = _mm256_and_si256(_mm256_xor_si256(enc2(_mm256_shuffle_epi8(c, bs), &ks), i2), mask);
      _mm256_maskstore_epi64((long long *)(out + 32 * g), mask, o);
      x[g] = gh2_bswap(decrypt ? i2 : o);
      c = ADD2(c, (int)m);
    }
    gh2_acc a;
    gh2_zero(&a);
    x[0] = _mm256_xor_si256(x[0], _mm256_zextsi128_si256(s));
    gh2_run(&a, x, n, table);
    s = gh2_reduce(&a);
  }
  ctr_store(ctr, c);
  _mm_storeu_si128((__m128i *)y, gh_bswap(s));
}

static void aes_gcm_vaes_avx2_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                      uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx2);
  gcm16(0, out, in, nblocks, ctr, y, rk, rounds, table);
}

static void aes_gcm_vaes_avx2_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                      uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx2);
  gcm16(1, out, in, nblocks, ctr, y, rk, rounds, table);
}

extern const hwc_aes_kernel hwc_aes_vaes_avx2;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx2;

const hwc_aes_gcm_kernel hwc_aes_gcm_vaes_avx2 = {
    .info = {.name = "vaes-avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256,
             HWC_CALLS(aes_gcm_vaes_avx2)},
    .aes = &hwc_aes_vaes_avx2,
    .ghash = &hwc_ghash_vpclmul_avx2,
    .stride = 16,
    .encrypt = aes_gcm_vaes_avx2_encrypt,
    .decrypt = aes_gcm_vaes_avx2_decrypt,
};
