/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication with AVX2 (VPMULUDQ): numbers in radix 2^29,
 * one digit per 64-bit word, four digits per 256-bit register, as in
 * Gueron and Krasnov, "Software implementation of modular exponentiation,
 * using advanced vector instructions architectures" (2012) and OpenSSL's
 * rsaz-avx2: 29-bit digits make every product a_j b_i below 2^58, so a
 * 64-bit lane can take many of them before a carry has to move.
 * "Almost Montgomery" multiplication (AMM): inputs and outputs are below 2m,
 * R = 2^(29 d) with 29 d >= 64 n + 2 so that R > 4m keeps outputs below 2m.
 * d is rounded up to a multiple of 4 (whole registers, whole blocks of
 * four steps); an element is d words, one digit each. 8192 bits take 284
 * digits, hence HWC_BN_MAX_WORDS 288 (packing two digits per word would
 * cost a repacking in every multiplication).
 *
 * Algorithm: word-serial Montgomery over the digits b_i of b, with the
 * accumulator T at fixed positions in memory (aligned registers) and the
 * operands a and m read at a shift of i digits instead (unaligned loads of
 * padded copies), so that the accumulator never moves across lanes. Step i
 * adds a b_i + m q_i at positions i..i+d-1. q_i needs the exact digit i, so
 * the lowest positions are followed on the scalar side (as in the IFMA
 * backend) and the vector side never carries; every 16 steps one pass
 * moves each lane's carry up one lane, which bounds every lane below 2^64:
 * between two passes a position takes 16 steps of two products below
 * 2^58 (a_j b_i and m_j q_i, digits below 2^29), 2^63 in all, on top of
 * the < 2^29 + 2^35 a pass leaves (even 17 steps would fit; 32 would not).
 * Speed: well ahead of generic; level with the mulx backend since that
 * one gained fused passes and a dedicated squaring, which therefore ranks
 * just above it. Selected where AVX2 exists without ADX.
 * ISA: AVX2 (ymm only).
 * Constant time: loop counts and memory addresses depend only on the
 * modulus size and the loop counters; no branch or index depends on digit
 * values; the final subtraction of from_mont is masked.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/bignum_helpers.h"

HWC_CALL_COUNTER(bignum_avx2);

#define MASK29 ((uint64_t)0x1fffffff)
#define MAXD 284                 /* digits of the largest element, a multiple of 4 */
#define PAD 4                    /* zero words before the operand copies */
#define NORM_EVERY 16            /* steps between carry passes (see the bound above) */
#define TLEN (2 * MAXD + 16)     /* accumulator positions, with room for the last registers */

/* digits (of 29 bits) for n 64-bit limbs: 29 d >= 64 n + 2 */
static size_t digits_for(size_t n) { return (64 * n + 2 + 28) / 29; }


/* Moves the carries of positions i+1.. up one lane, i a multiple of 4:
 * position i is followed by the scalar side, which already holds its
 * memory value, so its carry is dropped here. The highest nonzero position
 * is below i + d, so nv registers take every carry. */
static void carry_pass(uint64_t *T, size_t i, size_t nv) {
  const __m256i mask = _mm256_set1_epi64x((long long)MASK29);
  __m256i prev = _mm256_setzero_si256();
  __m256i keep = _mm256_set_epi64x(-1, -1, -1, 0);
  for (size_t k = 0; k < nv; k++) {
    __m256i *p = (__m256i *)(T + i + 4 * k);
    __m256i v = _mm256_load_si256(p);
    __m256i c = _mm256_and_si256(_mm256_srli_epi64(v, 29), keep);
    __m256i rot = _mm256_permute4x64_epi64(c, 0x93); /* c3 c0 c1 c2 */
    __m256i in = _mm256_blend_epi32(rot, prev, 0x03);
    prev = rot;
    keep = _mm256_set1_epi64x(-1);
    _mm256_store_si256(p, _mm256_add_epi64(_mm256_and_si256(v, mask), in));
  }
}

/* One Montgomery product in progress: padded copies of a and m, the
 * accumulator, and the scalar side's state. */
typedef struct {
  _Alignas(32) uint64_t ap[PAD + MAXD + 8], mp[PAD + MAXD + 8], T[TLEN];
  const uint64_t *b;
  uint64_t A[4], M[4], n0;
  uint64_t t;    /* exact value of position i */
  uint64_t q[4]; /* this block's q */
  uint64_t c;    /* carry out of position i+3 */
} amm_state;

#define INLINE static inline __attribute__((always_inline))

INLINE void amm_init(amm_state *st, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx, size_t d,
                     size_t nv) {
  for (size_t j = 0; j < PAD + 4 * nv; j++) {
    st->ap[j] = j >= PAD && j < PAD + d ? a[j - PAD] : 0;
    st->mp[j] = j >= PAD && j < PAD + d ? ctx->mb[j - PAD] : 0;
  }
  for (size_t j = 0; j < d + 4 * nv; j++) st->T[j] = 0;
  for (size_t j = 0; j < 4; j++) st->A[j] = a[j], st->M[j] = ctx->mb[j];
  st->b = b;
  st->n0 = ctx->n0;
  st->t = 0;
}

/* The q of steps i..i+3: positions i..i+3 completed on the scalar side
 * with every a b_s of the block (off the q chain) and the triangle of the
 * lowest digits of m times the q found so far. */
INLINE void amm_scalar(amm_state *st, size_t i) {
  const uint64_t *A = st->A, *M = st->M, *T = st->T, n0 = st->n0;
  const uint64_t b0 = st->b[i], b1 = st->b[i + 1], b2 = st->b[i + 2], b3 = st->b[i + 3];
  uint64_t u0 = st->t + A[0] * b0;
  uint64_t u1 = T[i + 1] + A[1] * b0 + A[0] * b1;
  uint64_t u2 = T[i + 2] + A[2] * b0 + A[1] * b1 + A[0] * b2;
  uint64_t u3 = T[i + 3] + A[3] * b0 + A[2] * b1 + A[1] * b2 + A[0] * b3;
  const uint64_t q0 = (u0 * n0) & MASK29;
  u1 += M[1] * q0 + ((u0 + M[0] * q0) >> 29), u2 += M[2] * q0, u3 += M[3] * q0;
  const uint64_t q1 = (u1 * n0) & MASK29;
  u2 += M[1] * q1 + ((u1 + M[0] * q1) >> 29), u3 += M[2] * q1;
  const uint64_t q2 = (u2 * n0) & MASK29;
  u3 += M[1] * q2 + ((u2 + M[0] * q2) >> 29);
  const uint64_t q3 = (u3 * n0) & MASK29;
  st->c = (u3 + M[0] * q3) >> 29;
  st->q[0] = q0, st->q[1] = q1, st->q[2] = q2, st->q[3] = q3;
}

/* Steps i..i+3 on the accumulator: each register is loaded and stored
 * once and takes eight products, a and m at shifts 0..3. */
INLINE void amm_vector(amm_state *st, size_t i, size_t nv) {
  const uint64_t *b = st->b + i, *ap = st->ap + PAD, *mp = st->mp + PAD;
  __m256i vb[4], vq[4];
  for (int s = 0; s < 4; s++) {
    vb[s] = _mm256_set1_epi64x((long long)b[s]);
    vq[s] = _mm256_set1_epi64x((long long)st->q[s]);
  }
  uint64_t *pt = st->T + i;
#define LD(x, k) _mm256_loadu_si256((const __m256i *)(x + 4 * (k)))
#define PAIR(s, k) _mm256_add_epi64(_mm256_mul_epu32(LD(ap - s, k), vb[s]), _mm256_mul_epu32(LD(mp - s, k), vq[s]))
  for (size_t k = 0; k < nv; k++) {
    __m256i *p = (__m256i *)(pt + 4 * k);
    __m256i sum = _mm256_add_epi64(_mm256_add_epi64(PAIR(0, k), PAIR(1, k)), _mm256_add_epi64(PAIR(2, k), PAIR(3, k)));
    _mm256_store_si256(p, _mm256_add_epi64(_mm256_load_si256(p), sum));
  }
#undef PAIR
#undef LD
  st->t = st->T[i + 4] + st->c;
}

/* Position d exactly in t, above it raw lanes: one carry ripple. The
 * result is below 2m < R, so it fits in d digits. */
INLINE void amm_finish(amm_state *st, uint64_t *r, size_t d) {
  uint64_t *T = st->T, c = 0;
  T[d] = st->t;
  for (size_t j = 0; j < d; j++) {
    uint64_t v = T[d + j] + c;
    r[j] = v & MASK29;
    c = v >> 29;
  }
}

/* r = a b / 2^(29 d) mod m, almost reduced: a, b < 2m in normalised
 * digits, m in ctx->mb; r may alias a or b. */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const size_t d = ctx->words, nv = d / 4 + 1;
  amm_state st;
  amm_init(&st, a, b, ctx, d, nv);
  for (size_t i = 0; i < d; i += 4) {
    if (i % NORM_EVERY == 0 && i > 0) carry_pass(st.T, i, nv);
    amm_scalar(&st, i);
    amm_vector(&st, i, nv);
  }
  amm_finish(&st, r, d);
}

/* Two independent products of the same size in one loop, for the CRT
 * halves of RSA: the scalar chain that finds q (a multiplication, a mask
 * and a carry per digit) of one runs while the vector work of the other
 * fills the execution units. */
static void bignum_avx2_mul2(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const hwc_bn_mont *c0,
                             uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const hwc_bn_mont *c1) {
  HWC_COUNT_CALL(bignum_avx2);
  const size_t d = c0->words, nv = d / 4 + 1;
  amm_state s0, s1;
  amm_init(&s0, a0, b0, c0, d, nv);
  amm_init(&s1, a1, b1, c1, d, nv);
  for (size_t i = 0; i < d; i += 4) {
    if (i % NORM_EVERY == 0 && i > 0) {
      carry_pass(s0.T, i, nv);
      carry_pass(s1.T, i, nv);
    }
    amm_scalar(&s0, i);
    amm_scalar(&s1, i);
    amm_vector(&s0, i, nv);
    amm_vector(&s1, i, nv);
  }
  amm_finish(&s0, r0, d);
  amm_finish(&s1, r1, d);
}

/* The table functions: each counts its call and runs the product. */

/* a to radix 2^29, then times R^2 mod m: below 2m (bignum_helpers.h). */
static void bignum_avx2_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS];
  hwc_bn_to_radix(x, a, ctx->n, ctx->words, 29);
  mont_mul(r, x, ctx->rr, ctx);
}

/* a times 1 is a / R mod m, at most m: back to 64-bit limbs with one
 * masked subtraction (bignum_helpers.h). */
static void bignum_avx2_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  _Alignas(64) uint64_t one[HWC_BN_MAX_WORDS] = {1}, x[HWC_BN_MAX_WORDS];
  mont_mul(x, a, one, ctx);
  hwc_bn_from_radix_reduced(r, x, 29, ctx);
}

/* r = a b / R mod m, almost reduced (below 2m). */
static void bignum_avx2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the product with itself (no separate squaring). */
static void bignum_avx2_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  mont_mul(r, a, a, ctx);
}

/* Digits of 29 bits, d rounded up to whole registers and whole blocks of
 * four steps; an element is d words. */
static void bignum_avx2_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  size_t d = (digits_for(ctx->n) + 3) & ~(size_t)3;
  hwc_bn_radix_setup(ctx, 29, d, d);
}

/* Masked scan of the whole table, four words per register: every entry is
 * loaded whole and ANDed with a compare mask (all ones for k == idx, else
 * zero), so the memory access pattern does not depend on idx. */
static void bignum_avx2_select(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx,
                               const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  const size_t words = ctx->words;
  const __m256i want = _mm256_set1_epi64x((long long)idx), one = _mm256_set1_epi64x(1);
  for (size_t j = 0; j < words; j += 16) {
    __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                      _mm256_setzero_si256()};
    const size_t nr = words - j < 16 ? (words - j) / 4 : 4;
    __m256i k = _mm256_setzero_si256();
    for (size_t e = 0; e < entries; e++) {
      const __m256i hit = _mm256_cmpeq_epi64(k, want);
      const uint64_t *t = table + e * words + j;
      for (size_t v = 0; v < nr; v++)
        acc[v] = _mm256_or_si256(acc[v], _mm256_and_si256(hit, _mm256_loadu_si256((const __m256i *)(t + 4 * v))));
      k = _mm256_add_epi64(k, one);
    }
    for (size_t v = 0; v < nr; v++) _mm256_storeu_si256((__m256i *)(r + j + 4 * v), acc[v]);
  }
}

const hwc_bignum_kernel hwc_bignum_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(bignum_avx2)},
    .setup = bignum_avx2_setup,
    .to_mont = bignum_avx2_to_mont,
    .from_mont = bignum_avx2_from_mont,
    .mul = bignum_avx2_mul,
    .sqr = bignum_avx2_sqr,
    .mul2 = bignum_avx2_mul2,
    .select = bignum_avx2_select,
};
