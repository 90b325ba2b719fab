/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication modulo an odd m of n 64-bit limbs with BMI2 MULX
 * and ADX ADCX/ADOX. Same algorithm, element layout and bounds as the
 * portable backend (CIOS, Koc, Acar and Kaliski 1996; canonical n-limb
 * elements, R = 2^(64n)), so only the two inner loops differ: each adds a
 * row x * b_i (or q * m) into the accumulator t with two independent carry
 * chains, ADCX for the low halves of the products and ADOX for the high
 * halves, which is what MULX (flag-free) and ADX were made for ("New
 * Instructions Supporting Large Integer Arithmetic", Intel, 2012).
 * Inline assembly, because C and intrinsics cannot say which additions go
 * to CF and which to OF: compilers serialise _addcarryx_u64 into one chain.
 * The loops count with LEA and JRCXZ, which leave both flags alone.
 * Bounds (the portable file derives them): between rows the accumulator
 * t < a + m < 2R fills n limbs and t[n] <= 1, with t[n+1] = 0; after a
 * product row and before its reduction row the value is below
 * 2^64 (a + m) < 2^(64(n+1)+1), so t[n+1] <= 1. Inside a row each limb
 * takes one low half plus CF (ADCX) and one high half plus OF (ADOX): two
 * separate additions, each with its own carry of at most 1, so neither
 * flag ever has to hold more than one bit, and the high half of a 64x64
 * product is at most 2^64 - 2, so a pending high half plus OF fits its
 * register. Whatever the two chains still carry at the row's end is part
 * of the value, which the bound says fits in t[n] and t[n+1]: the extra
 * word cannot overflow, and in fact ends at 0 or 1.
 * ISA: BMI2 + ADX.
 * Constant time: loop bounds depend only on n; MULX, ADCX and ADOX have
 * fixed latency; the final subtraction is masked as in the portable code.
 */
#include "../kernels.h"
#include "../common/bignum_helpers.h"
#include "../msan.h"

HWC_CALL_COUNTER(bignum_mulx);

/* The rows below add x[0..n-1] * y into the accumulator t, the low halves
 * of the products on the CF chain (ADCX) and the high halves on the OF
 * chain (ADOX), each high half pending in a register until the next limb.
 * dst is the offset where limb j's sum is stored: 0 for a product row
 * (t[j]), -8 for a reduction row (t[j - 1], the division by 2^64; t[-1] is
 * scratch). The loops end at label 2 with both chains still open. */

/* Limb j = idx + off / 8 of a row: x_j * y, its low half on CF into the
 * accumulator with the high half pending in `in` on OF; its own high half
 * is left pending in `out`. */
#define ROW_LIMB(off, dst, in, out)                                                 \
  "mulx " off "(%[xe],%[idx],8), %[lo], %[" out "]\n\t"                             \
  "movq " off "(%[te],%[idx],8), %[cur]\n\t"                                        \
  "adcx %[lo], %[cur]\n\t"                                                          \
  "adox %[" in "], %[cur]\n\t"                                                      \
  "movq %[cur], " off "+" dst "(%[te],%[idx],8)\n\t"

/* The loop control: idx counts up to 0 in steps of `step`. */
#define ROW_NEXT(step)                                                              \
  "leaq " step "(%[idx]), %[idx]\n\t"                                               \
  "jrcxz 2f\n\t"                                                                    \
  "jmp 1b\n\t"                                                                      \
  "2:\n\t"

/* One limb per iteration, for any n. */
#define ROW1_LOOP(dst) "1:\n\t" ROW_LIMB("0", dst, "h0", "h1") "movq %[h1], %[h0]\n\t" ROW_NEXT("1")

/* Four limbs per iteration for n % 4 == 0 (every RSA size): the high
 * halves alternate between two registers, so no move sits between the
 * chains. */
#define ROW4_LOOP(dst)                                                              \
  "1:\n\t"                                                                          \
  ROW_LIMB("0", dst, "h0", "h1")                                                    \
  ROW_LIMB("8", dst, "h1", "h0")                                                    \
  ROW_LIMB("16", dst, "h0", "h1")                                                   \
  ROW_LIMB("24", dst, "h1", "h0")                                                   \
  ROW_NEXT("4")

/* t[0..n+1] += x[0..n-1] * y, t[n+1] taking the carry out (it is 0 on
 * entry): the last high half and the CF carry go into t[n], the OF carry
 * with the CF carry out of that into t[n+1]. t[n] <= 1 on entry, so
 * t[n] + h0 + CF + OF <= 2^64 + 1 carries at most once: t[n+1] = CF + OF is
 * at most 1, as the value bound (below 2^(64(n+1)+1)) also says. */
#define ROW_MUL(loop)                                                               \
  do {                                                                              \
    uint64_t lo, h1, cur, h0 = 0;                                                   \
    const uint64_t *xe = x + n;                                                     \
    uint64_t *te = t + n;                                                           \
    long idx = -(long)n;                                                            \
    __asm__ volatile("xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                    \
                     loop("0")                                                      \
                     "movq (%[te]), %[cur]\n\t"                                     \
                     "movl $0, %k[lo]\n\t"                                          \
                     "adcx %[h0], %[cur]\n\t"                                       \
                     "adox %[lo], %[cur]\n\t"                                       \
                     "movq %[cur], (%[te])\n\t"                                     \
                     "movl $0, %k[h1]\n\t"                                          \
                     "adcx %[lo], %[h1]\n\t"                                        \
                     "adox %[lo], %[h1]\n\t"                                        \
                     "movq %[h1], 8(%[te])\n\t"                                     \
                     : [lo] "=&r"(lo), [h1] "=&r"(h1), [cur] "=&r"(cur), [h0] "+&r"(h0), [idx] "+&c"(idx) \
                     : [xe] "r"(xe), [te] "r"(te), "d"(y)                           \
                     : "cc", "memory");                                             \
  } while (0)

/* t = (t + q m) / 2^64 over n + 2 limbs, with q m's low limb cancelling
 * t[0]: t[n] and the two carries shift down into t[n - 1] and t[n], and
 * t[n + 1] becomes 0. The new t is below a + m < 2R, so t[n + 1] plus the
 * chains' last carries, stored as t[n], is 0 or 1. h0_in is "+&r" where the loop starts with h0 = 0,
 * "=&r" where the lead-in sets it. */
#define ROW_REDUCE(lead, loop, h0_in)                                               \
  do {                                                                              \
    uint64_t lo, h1, cur, h0 = 0;                                                   \
    const uint64_t *xe = m + n;                                                     \
    uint64_t *te = t + n;                                                           \
    long idx = lead - (long)n;                                                      \
    __asm__ volatile("xorl %k[lo], %k[lo]\n\t"                                      \
                     loop("-8")                                                     \
                     "movq (%[te]), %[cur]\n\t"                                     \
                     "movl $0, %k[lo]\n\t"                                          \
                     "adcx %[h0], %[cur]\n\t"                                       \
                     "adox %[lo], %[cur]\n\t"                                       \
                     "movq %[cur], -8(%[te])\n\t"                                   \
                     "movq 8(%[te]), %[h1]\n\t"                                     \
                     "adcx %[lo], %[h1]\n\t"                                        \
                     "adox %[lo], %[h1]\n\t"                                        \
                     "movq %[h1], (%[te])\n\t"                                      \
                     "movq %[lo], 8(%[te])\n\t"                                     \
                     : [lo] "=&r"(lo), [h1] "=&r"(h1), [cur] "=&r"(cur), [h0] h0_in(h0), [idx] "+&c"(idx) \
                     : [xe] "r"(xe), [te] "r"(te), "d"(q)                           \
                     : "cc", "memory");                                             \
  } while (0)

/* The one-limb reduction starts with limb 0 outside the loop: only its
 * carries matter, as its sum is 0 by the choice of q. */
#define ROW1_REDUCE_LOOP(dst)                                                       \
  "mulx -8(%[xe],%[idx],8), %[lo], %[h0]\n\t"                                       \
  "movq -8(%[te],%[idx],8), %[cur]\n\t"                                             \
  "adcx %[lo], %[cur]\n\t"                                                          \
  "jrcxz 2f\n\t"                                                                    \
  ROW1_LOOP(dst)

/* MemorySanitizer does not see through the rows' asm (src/msan.h): whether
 * a row's inputs (t[0..n+1], x, y) carry taint, with y handed over clean.
 * The rows write t[0..n+1], the reductions also the scratch t[-1]. */
static inline int row_taint(const uint64_t *t, const uint64_t *x, uint64_t *y, size_t n) {
  int taint = hwc_msan_tainted(t, 8 * (n + 2)) | hwc_msan_tainted(x, 8 * n) | hwc_msan_tainted(y, 8);
  hwc_msan_clean(y, 8);
  return taint;
}

static inline void row_mul(uint64_t *t, const uint64_t *x, uint64_t y, size_t n) {
  int taint = row_taint(t, x, &y, n);
  ROW_MUL(ROW1_LOOP);
  hwc_msan_set(t, 8 * (n + 2), taint);
}
static inline void row_reduce(uint64_t *t, const uint64_t *m, uint64_t q, size_t n) {
  int taint = row_taint(t, m, &q, n);
  ROW_REDUCE(1, ROW1_REDUCE_LOOP, "=&r");
  hwc_msan_set(t - 1, 8 * (n + 3), taint);
}
static inline void row_mul4(uint64_t *t, const uint64_t *x, uint64_t y, size_t n) {
  int taint = row_taint(t, x, &y, n);
  ROW_MUL(ROW4_LOOP);
  hwc_msan_set(t, 8 * (n + 2), taint);
}
static inline void row_reduce4(uint64_t *t, const uint64_t *m, uint64_t q, size_t n) {
  int taint = row_taint(t, m, &q, n);
  ROW_REDUCE(0, ROW4_LOOP, "+&r");
  hwc_msan_set(t - 1, 8 * (n + 3), taint);
}

/* r = a b / R mod m, canonical, for a < R and b < m: CIOS, one product
 * row and one reduction row per limb of b, four limbs per iteration when n
 * allows. */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m;
  size_t n = ctx->n;
  uint64_t tb[HWC_BN_MAX_LIMBS + 3], *t = tb + 1; /* t[-1]: scratch for row_reduce4 */
  for (size_t j = 0; j < n + 3; j++) tb[j] = 0;
  if (n % 4 == 0) {
    for (size_t i = 0; i < n; i++) {
      row_mul4(t, a, b[i], n);
      row_reduce4(t, m, t[0] * ctx->n0, n);
    }
  } else {
    for (size_t i = 0; i < n; i++) {
      row_mul(t, a, b[i], n);
      row_reduce(t, m, t[0] * ctx->n0, n);
    }
  }
  hwc_bn_cond_sub(r, t, t[n], m, n); /* t < ab/R + m < 2m: one subtraction */
}

/* The table functions: each counts its call and runs the product. */

/* n0, m and R^2 mod m for canonical elements. */
static void bignum_mulx_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  hwc_bn_canonical_setup(ctx);
}

/* a < R and R^2 mod m < m keep the product below 2m (the bounds above). */
static void bignum_mulx_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_mul(r, a, ctx->rr, ctx);
}

/* a / R mod m is a times 1 in Montgomery form: canonical as every product. */
static void bignum_mulx_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  mont_mul(r, a, one, ctx);
}

/* r = a b / R mod m, canonical. */
static void bignum_mulx_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the product with itself (no separate squaring). */
static void bignum_mulx_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_mul(r, a, a, ctx);
}

const hwc_bignum_kernel hwc_bignum_mulx = {
    .info = {.name = "mulx", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(bignum_mulx)},
    .setup = bignum_mulx_setup,
    .to_mont = bignum_mulx_to_mont,
    .from_mont = bignum_mulx_from_mont,
    .mul = bignum_mulx_mul,
    .sqr = bignum_mulx_sqr,
};
