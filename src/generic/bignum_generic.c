/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication modulo an odd m of n 64-bit limbs, portable C.
 * Algorithm: CIOS (coarsely integrated operand scanning), Koc, Acar and
 * Kaliski, "Analyzing and comparing Montgomery multiplication algorithms",
 * IEEE Micro 1996: one outer pass per limb of b interleaves the product row
 * with one reduction step, so the accumulator stays at n + 2 limbs.
 * Elements are canonical (fully reduced, < m) n-limb numbers, R = 2^(64n).
 *
 * Bounds of the CIOS loop, for a < R and b < m (to_mont passes any a below
 * R with b = R^2 mod m; every other product has both below m): after outer
 * pass i the accumulator is t_i = (a (b mod 2^(64i)) + Q_i m) / 2^(64i)
 * with Q_i < 2^(64i), so t_i < a + m < 2R: t[n] <= 1 and t[n+1] = 0
 * between passes. Within a pass t + a b_i + q m < (a + m) + (2^64 - 1)
 * (a + m) = 2^64 (a + m) < 2^(64(n+1)+1): n + 2 limbs always hold it, with
 * t[n+1] <= 1. Each step of a row is a b + t + c <= (2^64 - 1)^2 +
 * 2 (2^64 - 1) = 2^128 - 1, so hwc_mac64's carry fits one word. At the end
 * t = (a b + Q m) / R < a b / R + m < 2m, so one masked subtraction of m
 * (with t[n] as the carry limb) makes it canonical.
 *
 * ISA: none. 64 x 64 -> 128-bit products come from unsigned __int128; where
 * the compiler has none, from four 32 x 32 -> 64-bit products.
 * Constant time: loop bounds depend only on n; the final subtraction of m is
 * always computed and kept or dropped with a mask; no division.
 */
#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "src/common/mac64.h"

HWC_CALL_COUNTER(bignum_generic);

/* r = a b / R mod m, canonical, for a < R and b < m: CIOS with the bounds
 * derived above. */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m, n0 = ctx->n0;
  size_t n = ctx->n;
  uint64_t t[HWC_BN_MAX_LIMBS + 2] = {0};
  for (size_t i = 0; i < n; i++) {
    uint64_t c = 0, bi = b[i];
    for (size_t j = 0; j < n; j++) t[j] = hwc_mac64(&c, a[j], bi, t[j], c);
    uint64_t s = t[n] + c; /* t[n] <= 1: carries into t[n + 1] at most once */
    t[n + 1] = s < c;
    t[n] = s;
    uint64_t q = t[0] * n0;
    hwc_mac64(&c, q, m[0], t[0], 0); /* low limb is 0 by the choice of q */
    for (size_t j = 1; j < n; j++) t[j - 1] = hwc_mac64(&c, q, m[j], t[j], c);
    s = t[n] + c;
    t[n - 1] = s;
    t[n] = t[n + 1] + (s < c); /* t < 2R again: this is 0 or 1 */
  }
  hwc_bn_cond_sub(r, t, t[n], m, n); /* t < 2m */
}

/* The table functions: each counts its call and runs the product. */

/* n0, m and R^2 mod m for canonical elements. */
static void bignum_generic_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_generic);
  hwc_bn_canonical_setup(ctx);
}

/* a < R and R^2 mod m < m keep the product below 2m (the bounds above). */
static void bignum_generic_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_generic);
  mont_mul(r, a, ctx->rr, ctx);
}

/* a / R mod m is a times 1 in Montgomery form: canonical as every product. */
static void bignum_generic_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_generic);
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  mont_mul(r, a, one, ctx);
}

/* r = a b / R mod m, canonical. */
static void bignum_generic_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_generic);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the product with itself (no separate squaring). */
static void bignum_generic_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_generic);
  mont_mul(r, a, a, ctx);
}

const hwc_bignum_kernel hwc_bignum_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(bignum_generic)},
    .setup = bignum_generic_setup,
    .to_mont = bignum_generic_to_mont,
    .from_mont = bignum_generic_from_mont,
    .mul = bignum_generic_mul,
    .sqr = bignum_generic_sqr,
};
