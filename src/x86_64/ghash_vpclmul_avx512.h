/* SPDX-License-Identifier: ISC */
/*
 * GHASH on 512-bit registers with VPCLMULQDQ: four blocks per register,
 * sixteen per reduction. Same POLYVAL-domain representation and table as
 * ghash_clmul.h (H'^16 .. H'^1), so a register loaded from table entry i
 * holds the four consecutive powers its four blocks need. Sixteen
 * products are summed unreduced (XOR sums keep their 255-bit size, so they
 * need no more folds than one product: the two of gh_reduce3,
 * ghash_clmul.h), each lane is reduced on its own and the four lanes added
 * last (gh4_reduce). Shared by ghash_vpclmul_avx512.c and the
 * GCM loop of aes_vaes_avx512.c; include only from files compiled with
 * -mvpclmulqdq -mavx512f -mavx512bw -mavx512vl.
 * Constant time: carry-less multiplies, XORs, shuffles and masks derived
 * from public lengths only.
 */
#ifndef HWC_GHASH_VPCLMUL_AVX512_H
#define HWC_GHASH_VPCLMUL_AVX512_H

#include <immintrin.h>

#include "ghash_clmul.h"
#include "src/common/msan.h"

typedef struct {
  __m512i lo, mid, hi;
} gh4_acc;

static inline __m512i gh4_bswap(__m512i x) {
  const __m512i m = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm512_shuffle_epi8(x, m);
}

static inline void gh4_zero(gh4_acc *a) { a->lo = a->mid = a->hi = _mm512_setzero_si512(); }

/* a ^ b ^ c in one VPTERNLOG where MSan can follow it. */
static inline __m512i gh4_xor3(__m512i a, __m512i b, __m512i c) {
#ifdef HWC_MSAN /* MSan reports VPTERNLOG's operands instead of propagating (tests/CT.md) */
  return _mm512_xor_si512(a, _mm512_xor_si512(b, c));
#else
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
#endif
}

static inline void gh4_mul(gh4_acc *a, __m512i x, __m512i h) {
  a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a->mid = gh4_xor3(a->mid, _mm512_clmulepi64_epi128(x, h, 0x10), _mm512_clmulepi64_epi128(x, h, 0x01));
}

static inline __m128i gh4_fold(__m512i v) {
  __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

/* Reduces each lane's product lo + mid x^64 + hi x^128 on its own, then
 * adds the four lanes (reduction is linear, so the sum of the reduced lanes
 * is the reduction of the sum). gh_reduce3's two folds, reordered so that
 * mid is never shifted: the low qword of lo times the constant c (the
 * polynomial's high qword) and lo's halves swapped are added to mid, and
 * then mid's low qword times c and mid swapped to hi. Both orders compute
 * the same 128 bits: lo1 + mid0 + lo0 c is the low qword gh_reduce3
 * folds a second time, and hi0 + mid1 + lo0 + (lo0 c)1 the one it leaves.
 * Against folding the lanes first this is two 512-bit multiplies and four
 * other instructions instead of nine horizontal steps and eight others,
 * and the lanes are added once, at the end of the chain that carries the
 * GHASH state from one batch to the next. */
static inline __m128i gh4_reduce(const gh4_acc *a) {
  const __m512i poly = _mm512_broadcast_i32x4(_mm_set_epi64x((long long)0xc200000000000000ull, 1));
  __m512i t = _mm512_clmulepi64_epi128(a->lo, poly, 0x10);
  __m512i mid = gh4_xor3(a->mid, _mm512_shuffle_epi32(a->lo, 0x4e), t);
  t = _mm512_clmulepi64_epi128(mid, poly, 0x10);
  return gh4_fold(gh4_xor3(a->hi, _mm512_shuffle_epi32(mid, 0x4e), t));
}

/* The four powers register i (0..3) of a batch needs: H'^(16-4i) ..
 * H'^(13-4i) from the table's first half, or, with table + 256 bytes,
 * H'^(32-4i) .. H'^(29-4i) from the second half, which the 512-bit table
 * holds for the first batch of a pair reduced together
 * (ghash_vpclmul_avx512.c builds it). */
static inline __m512i gh4_power(const void *table, int i) { return _mm512_loadu_si512((const __m512i *)table + i); }

/* Byte mask covering the first m (0..4) blocks of a register. */
static inline __mmask64 gh4_mask(size_t m) { return m >= 4 ? ~(__mmask64)0 : (((__mmask64)1 << (16 * m)) - 1); }

/* Accumulates 1 <= n <= 16 blocks (already in the POLYVAL domain, in registers
 * x[0..3], unused lanes zero) multiplied by H'^n .. H'^1. */
static inline void gh4_run(gh4_acc *a, const __m512i x[4], size_t n, const void *table) {
  const __m128i *t = (const __m128i *)table + (16 - n);
  /* x[0] last: it carries the running GHASH value (callers add it there),
   * so the other products do not wait for it. */
  for (size_t g = (n - 1) / 4; g > 0; g--)
    gh4_mul(a, x[g], _mm512_maskz_loadu_epi8(gh4_mask(n - 4 * g), t + 4 * g));
  gh4_mul(a, x[0], _mm512_maskz_loadu_epi8(gh4_mask(n), t));
}

/* y absorbs n blocks from memory, sixteen per reduction. */
static inline __m128i gh4_blocks(__m128i y, const uint8_t *in, size_t n, const void *table) {
  while (n) {
    size_t m = n < 16 ? n : 16;
    __m512i x[4];
    gh4_acc a;
    gh4_zero(&a);
    for (size_t g = 0; g < 4; g++)
      x[g] = 4 * g < m ? gh4_bswap(_mm512_maskz_loadu_epi8(gh4_mask(m - 4 * g), in + 64 * g)) : _mm512_setzero_si512();
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(y));
    gh4_run(&a, x, m, table);
    y = gh4_reduce(&a);
    in += 16 * m;
    n -= m;
  }
  return y;
}

#endif
