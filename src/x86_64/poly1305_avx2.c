/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AVX2: four blocks in parallel.
 *
 * Horner's rule split four ways (Goll and Gueron, "Vectorization of
 * Poly1305 message authentication code", 2015): lane j accumulates blocks
 * j, j+4, j+8, ... with h_j = (h_j + m) * r^4, and the last group of four is
 * multiplied by r^4, r^3, r^2, r^1 instead, so that the sum of the lanes is
 * the serial result. Numbers are five 26-bit limbs, one per 64-bit lane
 * element, so VPMULUDQ (32x32->64) forms the products and the sums of five
 * of them stay below 2^64. r^2..r^4 are computed once per key with the
 * one-block loop and cached in the state. Fewer than VEC_MIN_BLOCKS blocks, and the
 * 0..3 blocks left over, go through that loop (poly1305_x86_64.h). The arithmetic is
 * in poly1305_x86_26.h (shared with the AVX-512F kernel); this
 * file holds the four-lane loads and the powers cache.
 *
 * ISA: AVX2 (and AVX). Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path taken depends only on the length.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(poly1305_avx2);

/* The shortest input that takes the vector path: below it the powers, the
 * conversions to and from radix 2^26 and the final lane sum cost more than
 * the one-block loop saves (measured crossover, public lengths only). */
enum { VEC_MIN_BLOCKS = 20 };

/* The vector vocabulary of poly1305_x86_26.h on ymm registers: four
 * 64-bit lanes. */
typedef __m256i pv;
enum { PV_LANES = 4 };

/* 64-bit lane addition. */
static inline pv pv_add(pv a, pv b) { return _mm256_add_epi64(a, b); }
/* VPMULUDQ: the 32x32->64 products of the lanes' low halves. */
static inline pv pv_mul(pv a, pv b) { return _mm256_mul_epu32(a, b); }
/* Bitwise AND and OR. */
static inline pv pv_and(pv a, pv b) { return _mm256_and_si256(a, b); }
static inline pv pv_or(pv a, pv b) { return _mm256_or_si256(a, b); }
/* 64-bit lane shifts; n is a constant at every call. */
static inline pv pv_shr(pv a, int n) { return _mm256_srli_epi64(a, n); }
static inline pv pv_shl(pv a, int n) { return _mm256_slli_epi64(a, n); }
/* x in every lane. */
static inline pv pv_set1(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
/* x in lane 0, zero in the others. */
static inline pv pv_lane0(uint64_t x) { return _mm256_setr_epi64x((long long)x, 0, 0, 0); }
/* The sum of the four lanes: fold the 128-bit halves, then the two lanes. */
static inline uint64_t pv_hsum(pv v) {
  __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}
/* 32 bytes, unaligned. */
static inline pv pv_loadu(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
/* The low and high halves of blocks 0..3 from the loads of blocks 0, 1
 * and 2, 3: VPUNPCK{L,H}QDQ interleaves them as 0, 2, 1, 3 and VPERMQ
 * restores block order. */
static inline pv pv_lo(pv a, pv b) { return _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xd8); }
static inline pv pv_hi(pv a, pv b) { return _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xd8); }

#include "poly1305_x86_26.h"

/* The powers cache, st->powers: limb i of (r^4, r^3, r^2, r^1) as vector
 * i, 5 * limb i as vector 5 + i. The state is only 8-byte aligned, hence the
 * unaligned loads and stores. */
static inline __m256i cache_get(const hwc_poly1305_state *st, int i) {
  return _mm256_loadu_si256((const __m256i *)(st->powers + 4 * i));
}

/* Fills the powers cache from r, once per key. */
static void compute_powers(hwc_poly1305_state *st) {
  uint64_t l[5][5]; /* l[k]: limbs of r^k */
  powers26(st, l, 4);
  for (int i = 0; i < 5; i++) {
    __m256i r = _mm256_setr_epi64x((long long)l[4][i], (long long)l[3][i], (long long)l[2][i], (long long)l[1][i]);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * i), r);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * (5 + i)), _mm256_add_epi64(r, _mm256_slli_epi64(r, 2)));
  }
  st->powers_ready = 1;
}

/* The table's blocks: groups of four through the vector lanes, the rest
 * and short inputs through the one-block loop (poly1305_x86_64.h). */
static void poly1305_avx2_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx2);
  if (nblocks < VEC_MIN_BLOCKS) {
    poly1305_blocks_x86_64(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const pv mask = pv_set1(M26), hb = pv_set1(hibit << 24);
  __m256i r[5], s[5], r4[5], s4[5], h[5], m[5];
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, i);
    s[i] = cache_get(st, 5 + i);
    r4[i] = _mm256_permute4x64_epi64(r[i], 0);
    s4[i] = _mm256_permute4x64_epi64(s[i], 0);
  }
  expand26(h, st);
  for (size_t groups = nblocks / 4; groups > 1; groups--, in += 64) absorb26(h, m, in, hb, mask, r4, s4);
  absorb26(h, m, in, hb, mask, r, s);
  in += 64;
  collapse26(st, h);
  if (nblocks % 4) poly1305_blocks_x86_64(st, in, nblocks % 4, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(poly1305_avx2)},
    .blocks = poly1305_avx2_blocks,
};
