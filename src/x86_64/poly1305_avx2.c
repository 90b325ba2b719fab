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
 * portable loop and cached in the state. Fewer than 16 blocks, and the
 * 0..3 blocks left over, go through that portable loop.
 *
 * ISA: AVX2 (and AVX). Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path taken depends only on the length.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(poly1305_avx2);

#define M26 0x3ffffff

/* The powers cache, st->powers: limb i of (r^4, r^3, r^2, r^1) as vector
 * i, 5 * limb i as vector 5 + i. The state is only 8-byte aligned, hence the
 * unaligned loads and stores. */
static inline __m256i cache_get(const hwc_poly1305_state *st, int i) {
  return _mm256_loadu_si256((const __m256i *)(st->powers + 4 * i));
}

/* Radix 2^64 (value < 2^131) to five 26-bit limbs (the top one < 2^27). */
static void to26(uint64_t l[5], const uint64_t h[3]) {
  l[0] = h[0] & M26;
  l[1] = (h[0] >> 26) & M26;
  l[2] = (h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (h[1] >> 14) & M26;
  l[4] = h[1] >> 40 | h[2] << 24;
}

static void compute_powers(hwc_poly1305_state *st) {
  /* r^k = (r^(k-1) + 0) * r: one portable block step on a zero block. */
  static const uint8_t zero[16];
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}};
  uint64_t l[4][5]; /* limbs of r^1..r^4 */
  t.h[0] = st->r[0];
  t.h[1] = st->r[1];
  to26(l[0], t.h);
  for (int k = 1; k < 4; k++) {
    hwc_poly1305_blocks_scalar(&t, zero, 1, 0);
    to26(l[k], t.h);
  }
  for (int i = 0; i < 5; i++) {
    __m256i r = _mm256_setr_epi64x((long long)l[3][i], (long long)l[2][i], (long long)l[1][i], (long long)l[0][i]);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * i), r);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * (5 + i)), _mm256_add_epi64(r, _mm256_slli_epi64(r, 2)));
  }
  st->powers_ready = 1;
}

/* Four message blocks to limbs, lane j = block j, with the 2^128 bit. */
static inline void load4(__m256i m[5], const uint8_t *in, __m256i hibit, __m256i mask) {
  __m256i a = _mm256_loadu_si256((const __m256i *)in);        /* blocks 0, 1 */
  __m256i b = _mm256_loadu_si256((const __m256i *)(in + 32)); /* blocks 2, 3 */
  __m256i lo = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xd8);
  __m256i hi = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xd8);
  m[0] = _mm256_and_si256(lo, mask);
  m[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
  m[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
  m[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
  m[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), hibit);
}

#define MUL(a, b) _mm256_mul_epu32(a, b)
#define ADD(a, b) _mm256_add_epi64(a, b)

/* h = h * r mod p per lane, limbs partially carried (each < 2^26 + small). */
static inline void mulmod(__m256i h[5], const __m256i r[5], const __m256i s[5], __m256i mask) {
  __m256i d0 = ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(ADD(MUL(h[2], s[3]), MUL(h[3], s[2])), MUL(h[4], s[1])));
  __m256i d1 = ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(ADD(MUL(h[2], s[4]), MUL(h[3], s[3])), MUL(h[4], s[2])));
  __m256i d2 = ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(ADD(MUL(h[2], r[0]), MUL(h[3], s[4])), MUL(h[4], s[3])));
  __m256i d3 = ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(ADD(MUL(h[2], r[1]), MUL(h[3], r[0])), MUL(h[4], s[4])));
  __m256i d4 = ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(ADD(MUL(h[2], r[2]), MUL(h[3], r[1])), MUL(h[4], r[0])));
  /* Two interleaved carry chains (d0 -> d1 -> d2, d3 -> d4 -> d0 -> d1),
   * the usual lazy reduction: limbs end below 2^26 plus a small excess. */
  __m256i c;
  c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, mask); d1 = ADD(d1, c);
  c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, mask); d4 = ADD(d4, c);
  c = _mm256_srli_epi64(d1, 26); d1 = _mm256_and_si256(d1, mask); d2 = ADD(d2, c);
  c = _mm256_srli_epi64(d4, 26); d4 = _mm256_and_si256(d4, mask); d0 = ADD(d0, ADD(c, _mm256_slli_epi64(c, 2)));
  c = _mm256_srli_epi64(d2, 26); d2 = _mm256_and_si256(d2, mask); d3 = ADD(d3, c);
  c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, mask); d1 = ADD(d1, c);
  c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, mask); d4 = ADD(d4, c);
  h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;
}

static inline uint64_t hsum(__m256i v) {
  __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

static void poly1305_avx2_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx2);
  if (nblocks < 16) {
    hwc_poly1305_blocks_scalar(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const __m256i mask = _mm256_set1_epi64x(M26), hb = _mm256_set1_epi64x((long long)(hibit << 24));
  __m256i r[5], s[5], r4[5], s4[5], h[5], m[5];
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, i);
    s[i] = cache_get(st, 5 + i);
    r4[i] = _mm256_permute4x64_epi64(r[i], 0);
    s4[i] = _mm256_permute4x64_epi64(s[i], 0);
  }
  uint64_t l[5];
  to26(l, st->h);
  for (int i = 0; i < 5; i++) h[i] = _mm256_setr_epi64x((long long)l[i], 0, 0, 0);

  size_t groups = nblocks / 4;
  for (; groups > 1; groups--, in += 64) {
    load4(m, in, hb, mask);
    for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
    mulmod(h, r4, s4, mask);
  }
  load4(m, in, hb, mask);
  in += 64;
  for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
  mulmod(h, r, s, mask);

  /* Sum the lanes and carry fully; limbs then fit the radix 2^64 repack. */
  uint64_t t0 = hsum(h[0]), t1 = hsum(h[1]), t2 = hsum(h[2]), t3 = hsum(h[3]), t4 = hsum(h[4]);
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  t0 += (t4 >> 26) * 5; t4 &= M26;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  st->h[0] = t0 | t1 << 26 | t2 << 52;
  st->h[1] = t2 >> 12 | t3 << 14 | t4 << 40;
  st->h[2] = t4 >> 24;

  if (nblocks % 4) hwc_poly1305_blocks_scalar(st, in, nblocks % 4, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_avx2 = {
    .info = {.name = "avx2", .required = HWC_CPU_AVX | HWC_CPU_AVX2, .priority = 20, HWC_CALLS(poly1305_avx2)},
    .blocks = poly1305_avx2_blocks,
};
