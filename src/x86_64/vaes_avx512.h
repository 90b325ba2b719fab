/* SPDX-License-Identifier: ISC */
/* The 512-bit VAES vocabulary shared by aes_vaes_avx512.c (ECB, CTR,
 * CBC-decrypt) and aes_gcm_vaes_avx512.c (the stitched GCM): round keys
 * broadcast to all four 128-bit lanes, four blocks per register, and
 * counters kept byte-reversed in the register so that a 32-bit lane
 * addition is GCM's inc32. Included only by files built with VAES and
 * AVX-512F/BW. */
#ifndef HWC_X86_VAES_AVX512_H
#define HWC_X86_VAES_AVX512_H

#include <immintrin.h>
#include <stdint.h>

typedef struct {
  __m512i k[15];
  unsigned rounds;
} keys4;

static inline __attribute__((always_inline)) void load_keys(keys4 *ks, const void *rk, unsigned rounds, int dec) {
  const __m128i *k = (const __m128i *)rk + (dec ? 16 : 0);
  ks->rounds = rounds;
  for (unsigned r = 0; r <= rounds; r++) ks->k[r] = _mm512_broadcast_i32x4(_mm_loadu_si128(k + r));
}

static inline __attribute__((always_inline)) __m512i enc4(__m512i b, const keys4 *ks) {
  b = _mm512_xor_si512(b, ks->k[0]);
  for (unsigned r = 1; r < ks->rounds; r++) b = _mm512_aesenc_epi128(b, ks->k[r]);
  return _mm512_aesenclast_epi128(b, ks->k[ks->rounds]);
}

/* Counter blocks: c holds four byte-reversed counters (lane i = c0 + i);
 * PADDD on lane dword 0 is inc32. */
#define BSWAP4 _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))

static inline __m512i ctr_start(const uint8_t ctr[16]) {
  __m512i c = _mm512_broadcast_i32x4(_mm_shuffle_epi8(
      _mm_loadu_si128((const __m128i *)ctr), _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
  return _mm512_add_epi32(c, _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
}

static inline void ctr_store(uint8_t ctr[16], __m512i c) {
  _mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(_mm512_castsi512_si128(c),
                                                    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

#define ADD4(c, n) _mm512_add_epi32((c), _mm512_set_epi32(0, 0, 0, (n), 0, 0, 0, (n), 0, 0, 0, (n), 0, 0, 0, (n)))

#endif
