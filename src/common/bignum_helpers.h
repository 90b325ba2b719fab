/* SPDX-License-Identifier: ISC */
/*
 * What the bignum backends' kernel tables are made of besides their
 * Montgomery product, written once: the final conditional subtraction of
 * the canonical backends, the setup of the digit-radix ones, and the
 * counted table entry points. A backend defines its product
 * mont_mul(r, a, b, ctx) and its call counter, then expands
 * HWC_BIGNUM_CANONICAL_ENTRIES (elements are n canonical 64-bit limbs,
 * R = 2^(64n): generic, mulx) or HWC_BIGNUM_RADIX_ENTRIES (elements are
 * ctx->words digits of `bits` bits, almost Montgomery, R = 2^rbits: avx2,
 * avx512ifma) plus its own bn_setup. Include after kernels.h.
 *
 * Constant time: loop bounds depend only on n; the subtraction is always
 * computed and kept or dropped with a mask.
 */
#ifndef HWC_BIGNUM_ENTRIES_H
#define HWC_BIGNUM_ENTRIES_H

/* r = t - m if t (n limbs plus the carry limb `top`) >= m, else t; t < 2m. */
static inline void hwc_bn_cond_sub(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *m, size_t n) {
  uint64_t d[HWC_BN_MAX_LIMBS], borrow = 0;
  for (size_t j = 0; j < n; j++) {
    uint64_t x = t[j] - m[j], b1 = t[j] < m[j];
    d[j] = x - borrow;
    borrow = b1 | (x < borrow);
  }
  /* keep d unless the subtraction borrowed past the carry limb */
  uint64_t keep_t = (uint64_t)0 - (borrow & (top ^ 1));
  for (size_t j = 0; j < n; j++) r[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
}

/* ctx for digits of `bits` bits: d digits carry the value (R = 2^(bits d)),
 * an element fills `words` of them (d rounded up to whole registers); m
 * and R^2 mod m in that radix, n0 = -1/m mod 2^bits. */
static inline void hwc_bn_radix_setup(hwc_bn_mont *ctx, unsigned bits, size_t d, size_t words) {
  uint64_t rr[HWC_BN_MAX_LIMBS];
  ctx->words = words;
  ctx->rbits = (unsigned)(bits * d);
  ctx->n0 = hwc_bn_neg_inv64(ctx->m[0]) & (((uint64_t)1 << bits) - 1);
  hwc_bn_to_radix(ctx->mb, ctx->m, ctx->n, words, bits);
  hwc_bn_pow2_mod(rr, 2 * ctx->rbits, ctx->m, ctx->n);
  hwc_bn_to_radix(ctx->rr, rr, ctx->n, words, bits);
}

#define HWC_BIGNUM_MUL_ENTRIES(id) \
static void bn_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  mont_mul(r, a, b, ctx); \
} \
 \
static void bn_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  mont_mul(r, a, a, ctx); \
}

#define HWC_BIGNUM_CANONICAL_ENTRIES(id) \
HWC_BIGNUM_MUL_ENTRIES(id) \
 \
static void bn_setup(hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  ctx->words = ctx->n; \
  ctx->rbits = (unsigned)(64 * ctx->n); \
  ctx->n0 = hwc_bn_neg_inv64(ctx->m[0]); \
  for (size_t j = 0; j < ctx->n; j++) ctx->mb[j] = ctx->m[j]; \
  hwc_bn_pow2_mod(ctx->rr, 2 * ctx->rbits, ctx->m, ctx->n); \
} \
 \
/* a < 2^(64n) and RR < m keep the CIOS result below 2m. */ \
static void bn_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  mont_mul(r, a, ctx->rr, ctx); \
} \
 \
static void bn_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  uint64_t one[HWC_BN_MAX_LIMBS] = {1}; \
  mont_mul(r, a, one, ctx); \
}

/* a < R / 4 and RR < m put to_mont's result below 2m; from_mont's
 * (a + q m) / R is at most m for a < 2m, so one masked subtraction
 * finishes it. */
#define HWC_BIGNUM_RADIX_ENTRIES(id, bits) \
HWC_BIGNUM_MUL_ENTRIES(id) \
 \
static void bn_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS]; \
  hwc_bn_to_radix(x, a, ctx->n, ctx->words, bits); \
  mont_mul(r, x, ctx->rr, ctx); \
} \
 \
static void bn_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { \
  HWC_COUNT_CALL(id); \
  _Alignas(64) uint64_t one[HWC_BN_MAX_WORDS] = {1}, x[HWC_BN_MAX_WORDS]; \
  mont_mul(x, a, one, ctx); \
  hwc_bn_from_radix_reduced(r, x, bits, ctx); \
}

#define HWC_BIGNUM_OPS .setup = bn_setup, .to_mont = bn_to_mont, .from_mont = bn_from_mont, .mul = bn_mul, .sqr = bn_sqr

#endif /* HWC_BIGNUM_ENTRIES_H */
