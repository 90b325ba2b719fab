/* SPDX-License-Identifier: ISC */
/*
 * GHASH on 256-bit registers with VPCLMULQDQ: two blocks per register,
 * sixteen per reduction, for CPUs with VAES/VPCLMULQDQ but no AVX-512 (or
 * where 512-bit code costs clock speed). Same POLYVAL-domain representation
 * and table as ghash_clmul.h; partial registers use AVX2 masked loads.
 * Bounds: the two lanes' unreduced XOR sums are folded into one 255-bit
 * product (carry-less: no growth however many are added) and reduced by
 * gh_reduce3's two folds.
 * Shared by ghash_vpclmul_avx2.c and the GCM loop of aes_vaes_avx2.c;
 * include only from files compiled with -mvpclmulqdq -mavx2.
 * Constant time: carry-less multiplies, XORs, shuffles; masks from lengths.
 */
#ifndef HWC_GHASH_VPCLMUL_AVX2_H
#define HWC_GHASH_VPCLMUL_AVX2_H

#include <immintrin.h>

#include "ghash_clmul.h"
#include "src/common/msan.h"

#ifdef HWC_MSAN
/* MSan (clang 14) reports VPMASKMOVQ's operands, a secret stored lane
 * included, and marks loaded lanes clean (tests/CT.md): its builds move the
 * selected lanes one by one instead, which it follows exactly. The mask
 * comes from public lengths. */
static inline __m256i hwc_msan_maskload_epi64(const long long *p, __m256i mask) {
  long long m[4], v[4] = {0, 0, 0, 0};
  _mm256_storeu_si256((__m256i *)m, mask);
  for (int i = 0; i < 4; i++)
    if (m[i] < 0) v[i] = p[i];
  return _mm256_loadu_si256((const __m256i *)v);
}
static inline void hwc_msan_maskstore_epi64(long long *p, __m256i mask, __m256i x) {
  long long m[4], v[4];
  _mm256_storeu_si256((__m256i *)m, mask);
  _mm256_storeu_si256((__m256i *)v, x);
  for (int i = 0; i < 4; i++)
    if (m[i] < 0) p[i] = v[i];
}
#define _mm256_maskload_epi64 hwc_msan_maskload_epi64
#define _mm256_maskstore_epi64 hwc_msan_maskstore_epi64
#endif

typedef struct {
  __m256i lo, mid, hi;
} gh2_acc;

static inline __m256i gh2_bswap(__m256i x) {
  const __m256i m = _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm256_shuffle_epi8(x, m);
}

static inline void gh2_zero(gh2_acc *a) { a->lo = a->mid = a->hi = _mm256_setzero_si256(); }

static inline void gh2_mul(gh2_acc *a, __m256i x, __m256i h) {
  a->lo = _mm256_xor_si256(a->lo, _mm256_clmulepi64_epi128(x, h, 0x00));
  a->hi = _mm256_xor_si256(a->hi, _mm256_clmulepi64_epi128(x, h, 0x11));
  a->mid = _mm256_xor_si256(a->mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(x, h, 0x10),
                                                     _mm256_clmulepi64_epi128(x, h, 0x01)));
}

static inline __m128i gh2_fold(__m256i v) {
  return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

static inline __m128i gh2_reduce(const gh2_acc *a) {
  return gh_reduce3(gh2_fold(a->lo), gh2_fold(a->mid), gh2_fold(a->hi));
}

/* Qword mask covering the first m (0..2) blocks of a register. */
static inline __m256i gh2_mask(size_t m) {
  return m >= 2 ? _mm256_set1_epi64x(-1) : m ? _mm256_set_epi64x(0, 0, -1, -1) : _mm256_setzero_si256();
}

static inline __m256i gh2_maskload(const void *p, size_t m) {
  return _mm256_maskload_epi64((const long long *)p, gh2_mask(m));
}

/* Accumulates n <= 16 blocks in x[0..7] (unused lanes zero) times
 * H'^n .. H'^1. */
static inline void gh2_run(gh2_acc *a, const __m256i x[8], size_t n, const void *table) {
  const __m128i *t = (const __m128i *)table + (16 - n);
  for (size_t g = 0; 2 * g < n; g++) gh2_mul(a, x[g], gh2_maskload(t + 2 * g, n - 2 * g));
}

static inline __m128i gh2_blocks(__m128i y, const uint8_t *in, size_t n, const void *table) {
  while (n) {
    size_t m = n < 16 ? n : 16;
    __m256i x[8];
    gh2_acc a;
    gh2_zero(&a);
    for (size_t g = 0; g < 8; g++)
      x[g] = 2 * g < m ? gh2_bswap(gh2_maskload(in + 32 * g, m - 2 * g)) : _mm256_setzero_si256();
    x[0] = _mm256_xor_si256(x[0], _mm256_zextsi128_si256(y));
    gh2_run(&a, x, m, table);
    y = gh2_reduce(&a);
    in += 16 * m;
    n -= m;
  }
  return y;
}

#endif
