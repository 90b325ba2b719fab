/* SPDX-License-Identifier: ISC */
/* The 256-bit VAES vocabulary shared by aes_vaes_avx2.c (ECB, CTR,
 * CBC-decrypt) and aes_gcm_vaes_avx2.c (the stitched GCM bulk): round keys
 * broadcast to both 128-bit lanes, two blocks per register, and counters
 * kept byte-reversed in the register so that a 32-bit lane addition is
 * GCM's inc32. Included only by files built with VAES and AVX2. */
#ifndef HWC_X86_VAES_AVX2_H
#define HWC_X86_VAES_AVX2_H

#include <immintrin.h>
#include <stdint.h>

typedef struct {
  __m256i k[15];
  unsigned rounds;
} keys2;

static inline __attribute__((always_inline)) void load_keys(keys2 *ks, const void *rk, unsigned rounds, int dec) {
  const __m128i *k = (const __m128i *)rk + (dec ? 16 : 0);
  ks->rounds = rounds;
  for (unsigned r = 0; r <= rounds; r++) ks->k[r] = _mm256_broadcastsi128_si256(_mm_loadu_si128(k + r));
}

static inline __attribute__((always_inline)) __m256i enc2(__m256i b, const keys2 *ks) {
  b = _mm256_xor_si256(b, ks->k[0]);
  for (unsigned r = 1; r < ks->rounds; r++) b = _mm256_aesenc_epi128(b, ks->k[r]);
  return _mm256_aesenclast_epi128(b, ks->k[ks->rounds]);
}

#define BSWAP2 _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#define ADD2(c, n) _mm256_add_epi32((c), _mm256_set_epi32(0, 0, 0, (n), 0, 0, 0, (n)))

/* Two byte-reversed counters (lane i = c0 + i): PADDD on dword 0 is inc32. */
static inline __m256i ctr_start(const uint8_t ctr[16]) {
  __m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr),
                               _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
}

static inline void ctr_store(uint8_t ctr[16], __m256i c) {
  _mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(_mm256_castsi256_si128(c),
                                                    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

#define LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))

#endif
