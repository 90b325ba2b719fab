/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication and squaring modulo an odd m of n 64-bit limbs
 * for x86-64 CPUs without BMI2/ADX (x86-64-v2 and older: Westmere, Sandy
 * and Ivy Bridge, Bulldozer, the Atoms). Same element layout and bounds
 * as the portable backend (canonical n-limb elements, R = 2^(64n)).
 *
 * Algorithm: product scanning, FIPS in Koc, Acar and Kaliski, "Analyzing
 * and comparing Montgomery multiplication algorithms", IEEE Micro 1996.
 * Column k of T = a b + q m collects every a_i b_(k-i) and q_i m_(k-i) in
 * one three-word accumulator; for k < n the column's low word then picks
 * q_k = low * n0 mod 2^64, whose product q_k m_0 clears it, and for k >= n
 * the low word is limb k - n of T / R. Why columns rather than the
 * portable file's rows (CIOS): with MUL (flags out, product in RDX:RAX) a
 * row step is multiply, add the limb, add the carry, two add-with-carry
 * pairs on one carry word, so one row runs at two additions of latency per
 * product; a column step adds its product into the accumulator with ADD,
 * ADC, ADC, and the next product's ADD waits only for this one's ADD, so
 * the products issue at the multiplier's own rate.
 *
 * Bounds: a column holds at most 2n products, each at most (2^64 - 1)^2,
 * plus the carry from the column before (the accumulator shifted down one
 * word); with n <= HWC_BN_MAX_LIMBS = 2^7 that is below 2^8 2^128 + 2^136
 * = 2^137, inside the three words (2^192), and the high word never
 * overflows. The result T / R < (a b + R m) / R < 2m for a < R and b < m
 * (as in the portable file), so after the last column the accumulator is
 * limb n - 1 plus a top word of 0 or 1, and one masked subtraction makes
 * it canonical. The squaring adds its off-diagonal products a_i a_j (i <
 * j) of a column into a second accumulator, below n 2^127 < 2^135, then
 * adds it twice (2 a_i a_j), then the diagonal a_(k/2)^2: the column's sum
 * is the same number as the product's, under the same bound.
 *
 * ISA: the x86-64 baseline. Constant time: loop bounds and addresses depend only
 * on n and the column; MUL and IMUL have fixed latency; the final
 * subtraction is masked as in the portable code.
 */
#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "src/common/msan.h"

HWC_CALL_COUNTER(bignum_x86_64);

/* A column accumulator: c0 + 2^64 c1 + 2^128 c2 (bounds above). */
typedef struct {
  uint64_t c0, c1, c2;
} acc3;

/* acc += hi:lo, ADD/ADC/ADC. Inline assembly because C cannot hand a carry
 * from one addition to the next: _addcarry_u64 says it, but GCC then keeps
 * the accumulator in memory (its words' addresses are taken). MSan cannot
 * see into the asm (src/common/msan.h): the accumulator takes the taint of its
 * inputs, all or nothing. Outside MSan builds the hand-off compiles away. */
static inline void acc_add2(acc3 *acc, uint64_t lo, uint64_t hi) {
  int taint = hwc_msan_tainted(acc, sizeof *acc) | hwc_msan_tainted(&lo, 8) | hwc_msan_tainted(&hi, 8);
  hwc_msan_clean(acc, sizeof *acc);
  hwc_msan_clean(&lo, 8);
  hwc_msan_clean(&hi, 8);
  __asm__("addq %[lo], %[c0]\n\t"
          "adcq %[hi], %[c1]\n\t"
          "adcq $0, %[c2]"
          : [c0] "+r"(acc->c0), [c1] "+r"(acc->c1), [c2] "+r"(acc->c2)
          : [lo] "r"(lo), [hi] "r"(hi)
          : "cc");
  hwc_msan_set(acc, sizeof *acc, taint);
}

/* acc += x y: one MUL (the compiler's 64 x 64 -> 128-bit product). */
static inline void mac(acc3 *acc, uint64_t x, uint64_t y) {
  unsigned __int128 p = (unsigned __int128)x * y;
  acc_add2(acc, (uint64_t)p, (uint64_t)(p >> 64));
}

/* The accumulator divided by 2^64, its low word returned: the step from
 * one column to the next. */
static inline uint64_t acc_shift(acc3 *acc) {
  uint64_t lo = acc->c0;
  acc->c0 = acc->c1;
  acc->c1 = acc->c2;
  acc->c2 = 0;
  return lo;
}

/* Column k < n's reduction: q_k from the column's low word, q_k m_0 added
 * (the low word becomes 0), the accumulator shifted. */
static inline void reduce_low_column(acc3 *acc, uint64_t *q, size_t k, uint64_t m0, uint64_t n0) {
  q[k] = acc->c0 * n0;
  mac(acc, q[k], m0);
  acc_shift(acc);
}

/* r = a b / R mod m, canonical, for a < R and b < m (bounds above). */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m, n0 = ctx->n0;
  const size_t n = ctx->n;
  uint64_t q[HWC_BN_MAX_LIMBS], t[HWC_BN_MAX_LIMBS];
  acc3 acc = {0, 0, 0};
  for (size_t k = 0; k < n; k++) {
    for (size_t i = 0; i < k; i++) {
      mac(&acc, a[i], b[k - i]);
      mac(&acc, q[i], m[k - i]);
    }
    mac(&acc, a[k], b[0]);
    reduce_low_column(&acc, q, k, m[0], n0);
  }
  for (size_t k = n; k < 2 * n - 1; k++) {
    for (size_t i = k - n + 1; i < n; i++) {
      mac(&acc, a[i], b[k - i]);
      mac(&acc, q[i], m[k - i]);
    }
    t[k - n] = acc_shift(&acc);
  }
  t[n - 1] = acc.c0; /* column 2n - 1 has no products */
  hwc_bn_cond_sub(r, t, acc.c1, m, n);
}

/* acc += 2 d: the doubled off-diagonal sum of a squaring column (d < 2^135,
 * so 2d fits its three words). The MSan hand-off as in acc_add2. */
static inline void acc_add_twice(acc3 *acc, acc3 d) {
  int taint = hwc_msan_tainted(acc, sizeof *acc) | hwc_msan_tainted(&d, sizeof d);
  hwc_msan_clean(acc, sizeof *acc);
  hwc_msan_clean(&d, sizeof d);
  __asm__("addq %[d0], %[d0]\n\t"
          "adcq %[d1], %[d1]\n\t"
          "adcq %[d2], %[d2]\n\t"
          "addq %[d0], %[c0]\n\t"
          "adcq %[d1], %[c1]\n\t"
          "adcq %[d2], %[c2]"
          : [c0] "+r"(acc->c0), [c1] "+r"(acc->c1), [c2] "+r"(acc->c2), [d0] "+r"(d.c0), [d1] "+r"(d.c1),
            [d2] "+r"(d.c2)
          :
          : "cc");
  hwc_msan_set(acc, sizeof *acc, taint);
}

/* r = a^2 / R mod m, canonical, for a < m: the product's columns with
 * n^2 / 2 + n products for the square instead of n^2. Column k: the
 * quotient terms q_i m_(k-i) into acc, the off-diagonal a_i a_(k-i) for
 * 2i < k into d in the same loop while both run, then 2d and the diagonal. */
static void mont_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m, n0 = ctx->n0;
  const size_t n = ctx->n;
  uint64_t q[HWC_BN_MAX_LIMBS], t[HWC_BN_MAX_LIMBS];
  acc3 acc = {0, 0, 0};
  for (size_t k = 0; k < 2 * n - 1; k++) {
    const size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n; /* quotient terms i in [lo, hi) */
    acc3 d = {0, 0, 0};
    size_t i = lo;
    for (; 2 * i < k; i++) {
      mac(&acc, q[i], m[k - i]);
      mac(&d, a[i], a[k - i]);
    }
    for (size_t j = i; j < hi; j++) mac(&acc, q[j], m[k - j]);
    acc_add_twice(&acc, d);
    if (2 * i == k) mac(&acc, a[i], a[i]);
    if (k < n)
      reduce_low_column(&acc, q, k, m[0], n0);
    else
      t[k - n] = acc_shift(&acc);
  }
  t[n - 1] = acc.c0;
  hwc_bn_cond_sub(r, t, acc.c1, m, n);
}

/* The table functions: each counts its call and runs the product. */

/* n0, m and R^2 mod m for canonical elements. */
static void bignum_x86_64_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_x86_64);
  hwc_bn_canonical_setup(ctx);
}

/* a < R and R^2 mod m < m keep the product below 2m (the bounds above). */
static void bignum_x86_64_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_x86_64);
  mont_mul(r, a, ctx->rr, ctx);
}

/* a / R mod m is a times 1 in Montgomery form: canonical as every product. */
static void bignum_x86_64_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_x86_64);
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  mont_mul(r, a, one, ctx);
}

/* r = a b / R mod m, canonical. */
static void bignum_x86_64_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_x86_64);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the dedicated squaring. */
static void bignum_x86_64_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_x86_64);
  mont_sqr(r, a, ctx);
}

const hwc_bignum_kernel hwc_bignum_x86_64 = {
    .info = {.name = "x86_64", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(bignum_x86_64)},
    .setup = bignum_x86_64_setup,
    .to_mont = bignum_x86_64_to_mont,
    .from_mont = bignum_x86_64_from_mont,
    .mul = bignum_x86_64_mul,
    .sqr = bignum_x86_64_sqr,
};
