/* SPDX-License-Identifier: ISC */
/*
 * What the bignum backends share besides their Montgomery product, as
 * inline helpers their table functions call: the final conditional
 * subtraction of the canonical backends, and the setup of the canonical
 * (generic, mulx: elements are n canonical 64-bit limbs, R = 2^(64n)) and
 * the digit-radix ones (avx2, avx512ifma: elements are ctx->words digits of
 * `bits` bits, almost Montgomery, R = 2^rbits). Each backend writes out its
 * own table functions (to_mont, from_mont, mul, sqr, setup), each counting
 * its call and calling its product directly, so the product inlines as the
 * compiler sees fit. Include after kernels.h.
 *
 * Constant time: loop bounds depend only on n; the subtraction is always
 * computed and kept or dropped with a mask.
 */
#ifndef HWC_BIGNUM_HELPERS_H
#define HWC_BIGNUM_HELPERS_H

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

/* ctx for canonical elements: n limbs of 64 bits, R = 2^(64n), m itself as
 * the backend form, R^2 mod m canonical, n0 = -1/m mod 2^64. With these a
 * backend's to_mont is its product by R^2 mod m (a < R and R^2 mod m < m
 * keep the CIOS result below 2m) and its from_mont its product by 1. */
static inline void hwc_bn_canonical_setup(hwc_bn_mont *ctx) {
  ctx->words = ctx->n;
  ctx->rbits = (unsigned)(64 * ctx->n);
  ctx->n0 = hwc_bn_neg_inv64(ctx->m[0]);
  for (size_t j = 0; j < ctx->n; j++) ctx->mb[j] = ctx->m[j];
  hwc_bn_pow2_mod(ctx->rr, 2 * ctx->rbits, ctx->m, ctx->n);
}

/* ctx for digits of `bits` bits: d digits carry the value (R = 2^(bits d)),
 * an element fills `words` of them (d rounded up to whole registers); m
 * and R^2 mod m in that radix, n0 = -1/m mod 2^bits. With these a
 * backend's to_mont converts a to the radix (hwc_bn_to_radix) and
 * multiplies by R^2 mod m: a < R / 4 and R^2 mod m < m put the result
 * below 2m. Its from_mont multiplies by 1 and finishes with
 * hwc_bn_from_radix_reduced: (a + q m) / R is at most m for a < 2m, so one
 * masked subtraction makes it canonical. */
static inline void hwc_bn_radix_setup(hwc_bn_mont *ctx, unsigned bits, size_t d, size_t words) {
  uint64_t rr[HWC_BN_MAX_LIMBS];
  ctx->words = words;
  ctx->rbits = (unsigned)(bits * d);
  ctx->n0 = hwc_bn_neg_inv64(ctx->m[0]) & (((uint64_t)1 << bits) - 1);
  hwc_bn_to_radix(ctx->mb, ctx->m, ctx->n, words, bits);
  hwc_bn_pow2_mod(rr, 2 * ctx->rbits, ctx->m, ctx->n);
  hwc_bn_to_radix(ctx->rr, rr, ctx->n, words, bits);
}

#endif /* HWC_BIGNUM_HELPERS_H */
