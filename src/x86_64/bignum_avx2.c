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
 * moves each lane's carry up one lane, which bounds every lane below 2^64
 * (at most 17 steps of two products below 2^58 each on top of < 2^37).
 * ISA: AVX2 (ymm only).
 * Constant time: loop counts and memory addresses depend only on the
 * modulus size and the loop counters; no branch or index depends on digit
 * values; the final subtraction of from_mont is masked.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(bignum_avx2);

#define MASK29 ((uint64_t)0x1fffffff)
#define MAXD 284                 /* digits of the largest element, a multiple of 4 */
#define PAD 4                    /* zero words before the operand copies */
#define NORM_EVERY 16            /* steps between carry passes (see the bound above) */
#define TLEN (2 * MAXD + 16)     /* accumulator positions, with room for the last registers */

/* digits (of 29 bits) for n 64-bit limbs: 29 d >= 64 n + 2 */
static size_t digits_for(size_t n) { return (64 * n + 2 + 28) / 29; }

/* canonical n limbs -> d digits */
static void to_radix29(uint64_t *r, const uint64_t *a, size_t n, size_t d) {
  for (size_t i = 0; i < d; i++) {
    size_t bit = 29 * i, limb = bit / 64, off = bit % 64;
    uint64_t v = limb < n ? a[limb] >> off : 0;
    if (off > 35 && limb + 1 < n) v |= a[limb + 1] << (64 - off);
    r[i] = v & MASK29;
  }
}

/* normalised d digits -> n limbs (the value must fit in n limbs) */
static void from_radix29(uint64_t *r, const uint64_t *a, size_t n, size_t d) {
  for (size_t j = 0; j < n; j++) {
    size_t bit = 64 * j, i = bit / 29, off = bit % 29;
    uint64_t v = a[i] >> off;
    for (size_t s = 29 - off; s < 64 && ++i < d; s += 29) v |= a[i] << s;
    r[j] = v;
  }
}

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

/* r = a b / 2^(29 d) mod m, almost reduced: a, b < 2m in normalised
 * digits, m in ctx->mb; r may alias a or b.
 * Four steps per pass over the accumulator: their q need only positions
 * i..i+3, which the scalar side completes itself (the triangle of the
 * lowest digits of a and m), so each accumulator register is loaded and
 * stored once per four digits of b and takes eight products at a time. */
static void amm(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const size_t d = ctx->words, nv = d / 4 + 1;
  _Alignas(32) uint64_t ap[PAD + MAXD + 8], mp[PAD + MAXD + 8], T[TLEN];
  for (size_t j = 0; j < PAD + 4 * nv; j++) {
    ap[j] = j >= PAD && j < PAD + d ? a[j - PAD] : 0;
    mp[j] = j >= PAD && j < PAD + d ? ctx->mb[j - PAD] : 0;
  }
  for (size_t j = 0; j < d + 4 * nv; j++) T[j] = 0;
  const uint64_t A0 = a[0], A1 = a[1], A2 = a[2], A3 = a[3];
  const uint64_t M0 = ctx->mb[0], M1 = ctx->mb[1], M2 = ctx->mb[2], M3 = ctx->mb[3], n0 = ctx->n0;
  uint64_t t = 0; /* exact value of position i */
  for (size_t i = 0; i < d; i += 4) {
    if (i % NORM_EVERY == 0 && i > 0) carry_pass(T, i, nv);
    const uint64_t b0 = b[i], b1 = b[i + 1], b2 = b[i + 2], b3 = b[i + 3];
    /* positions i..i+3 with every a b_s of this block (off the q chain) */
    uint64_t u0 = t + A0 * b0;
    uint64_t u1 = T[i + 1] + A1 * b0 + A0 * b1;
    uint64_t u2 = T[i + 2] + A2 * b0 + A1 * b1 + A0 * b2;
    uint64_t u3 = T[i + 3] + A3 * b0 + A2 * b1 + A1 * b2 + A0 * b3;
    const uint64_t q0 = (u0 * n0) & MASK29;
    u1 += M1 * q0 + ((u0 + M0 * q0) >> 29), u2 += M2 * q0, u3 += M3 * q0;
    const uint64_t q1 = (u1 * n0) & MASK29;
    u2 += M1 * q1 + ((u1 + M0 * q1) >> 29), u3 += M2 * q1;
    const uint64_t q2 = (u2 * n0) & MASK29;
    u3 += M1 * q2 + ((u2 + M0 * q2) >> 29);
    const uint64_t q3 = (u3 * n0) & MASK29;
    const uint64_t c3 = (u3 + M0 * q3) >> 29;
    const __m256i vb0 = _mm256_set1_epi64x((long long)b0), vq0 = _mm256_set1_epi64x((long long)q0);
    const __m256i vb1 = _mm256_set1_epi64x((long long)b1), vq1 = _mm256_set1_epi64x((long long)q1);
    const __m256i vb2 = _mm256_set1_epi64x((long long)b2), vq2 = _mm256_set1_epi64x((long long)q2);
    const __m256i vb3 = _mm256_set1_epi64x((long long)b3), vq3 = _mm256_set1_epi64x((long long)q3);
    uint64_t *pt = T + i;
#define LD(x, k) _mm256_loadu_si256((const __m256i *)(x + 4 * (k)))
    for (size_t k = 0; k < nv; k++) {
      __m256i s0 = _mm256_add_epi64(_mm256_mul_epu32(LD(ap + PAD, k), vb0), _mm256_mul_epu32(LD(mp + PAD, k), vq0));
      __m256i s1 = _mm256_add_epi64(_mm256_mul_epu32(LD(ap + PAD - 1, k), vb1), _mm256_mul_epu32(LD(mp + PAD - 1, k), vq1));
      __m256i s2 = _mm256_add_epi64(_mm256_mul_epu32(LD(ap + PAD - 2, k), vb2), _mm256_mul_epu32(LD(mp + PAD - 2, k), vq2));
      __m256i s3 = _mm256_add_epi64(_mm256_mul_epu32(LD(ap + PAD - 3, k), vb3), _mm256_mul_epu32(LD(mp + PAD - 3, k), vq3));
      __m256i *p = (__m256i *)(pt + 4 * k);
      _mm256_store_si256(p, _mm256_add_epi64(_mm256_load_si256(p),
                                             _mm256_add_epi64(_mm256_add_epi64(s0, s1), _mm256_add_epi64(s2, s3))));
    }
#undef LD
    t = T[i + 4] + c3;
  }
  /* position d exactly in t, above it raw lanes: one carry ripple */
  T[d] = t;
  uint64_t c = 0;
  for (size_t j = 0; j < d; j++) {
    uint64_t v = T[d + j] + c;
    r[j] = v & MASK29;
    c = v >> 29;
  }
}

static void bn_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  amm(r, a, b, ctx);
}

static void bn_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  amm(r, a, a, ctx);
}

static void bn_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  size_t n = ctx->n, d = digits_for(n);
  uint64_t rr[HWC_BN_MAX_LIMBS];
  d = (d + 3) & ~(size_t)3; /* whole registers and whole blocks of four steps */
  ctx->words = d;
  ctx->rbits = (unsigned)(29 * d);
  ctx->n0 = hwc_bn_neg_inv64(ctx->m[0]) & MASK29;
  to_radix29(ctx->mb, ctx->m, n, ctx->words);
  hwc_bn_pow2_mod(rr, 2 * ctx->rbits, ctx->m, n);
  to_radix29(ctx->rr, rr, n, ctx->words);
}

static void bn_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  uint64_t x[HWC_BN_MAX_WORDS];
  to_radix29(x, a, ctx->n, ctx->words);
  amm(r, x, ctx->rr, ctx); /* a < R / 4 and RR < m: the result is below 2m */
}

static void bn_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx2);
  uint64_t one[HWC_BN_MAX_WORDS] = {1}, x[HWC_BN_MAX_WORDS];
  amm(x, a, one, ctx); /* (a + q m) / R <= m for a < 2m */
  size_t n = ctx->n;
  uint64_t d[HWC_BN_MAX_LIMBS], borrow = 0;
  from_radix29(r, x, n, ctx->words);
  for (size_t j = 0; j < n; j++) {
    uint64_t t = r[j] - ctx->m[j], b1 = r[j] < ctx->m[j];
    d[j] = t - borrow;
    borrow = b1 | (t < borrow);
  }
  uint64_t keep = (uint64_t)0 - borrow; /* r < m: keep r, else r - m */
  for (size_t j = 0; j < n; j++) r[j] = (r[j] & keep) | (d[j] & ~keep);
}

const hwc_bignum_kernel hwc_bignum_avx2 = {
    .info = {.name = "avx2", .required = HWC_CPU_AVX2, .priority = 20, HWC_CALLS(bignum_avx2)},
    .setup = bn_setup,
    .to_mont = bn_to_mont,
    .from_mont = bn_from_mont,
    .mul = bn_mul,
    .sqr = bn_sqr,
    .mul2 = NULL,
    .select = NULL,
};
