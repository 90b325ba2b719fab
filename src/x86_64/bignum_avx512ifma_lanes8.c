/* SPDX-License-Identifier: ISC */
/*
 * Eight independent Montgomery products in the eight 64-bit lanes of
 * AVX-512 IFMA (VPMADD52LUQ / VPMADD52HUQ on 512-bit vectors): the lane
 * entries of the avx512ifma bignum backend (contracts in src/kernels.h),
 * for RSA batches whose items share a CRT half size.
 *
 * Layout: radix 2^52 as in the single kernel (bignum_avx512ifma.c), d
 * digits per number with 52 d >= 64 n + 2 (the single kernel's d, so the
 * same R = 2^(52 d)), digit i of lane l at word 8 i + l: one __m512i is one
 * digit of all eight numbers, and an element is d registers (8 d words,
 * no padding). Each lane has its own modulus and n0; no lane ever reads
 * another's data (no shuffles, no cross-lane operation but the compare
 * masks of select, which compare each lane with itself).
 *
 * Algorithm: "almost Montgomery" multiplication (AMM), word-serial over
 * the digits of b as in the single kernel, with everything it does per
 * item done per lane. Inputs below 2m, outputs below 2m: with a, b < 2m
 * and R > 4m (52 d >= 64 n + 2), (a b + Q m) / R < 4m^2 / R + m < 2m.
 * Column p is digit p of a b + Q m; step i works on columns i .. i + d,
 * held in a d-register accumulator that moves down one column per step
 * (by renaming, in the unrolled loop), and the result is columns
 * d .. 2d - 1: per step, q_i = lo((col_i + lo(a_0 b_i)) n0) per lane,
 * then lo(a_j b_i) + lo(m_j q_i) into column i + j and hi(a_j b_i) +
 * hi(m_j q_i) into column i + j + 1, plus the carry out of column i (a
 * multiple of 2^52 by the choice of q_i) into column i + 1. At
 * RSA-3072/4096's d = 30/40 a register file of 32 cannot hold the
 * accumulator and the compiler spills part of it; the spills are off the
 * q chain.
 *
 * Bounds (per 64-bit lane; IFMA reads only the low 52 bits of its
 * multiplicands, so a, b, m and q must be digits below 2^52: a and b are
 * normalised outputs, q is masked by IFMA itself): column p takes halves
 * below 2^52 from steps p - d .. p: 2 from step p (the low halves of
 * digit 0), 4 from each of the d - 1 steps between, 2 from step p - d
 * (the high halves of digit d - 1), and one carry out of the column
 * below, below 2^12 (that column is below 2^64 too): in all below
 * (4 d + 1) 2^52, which is below 2^61 for d <= 80 (64 limbs, the largest
 * HWC_BN_LANES_MAX_LIMBS takes). Columns are normalised once, at the end,
 * in one sequential carry pass per register (lanes independent): the
 * value below 2m < R fits d digits, so no carry leaves the top.
 *
 * ISA: AVX512F + AVX512IFMA (the backend's AVX512VL only by its file's
 * flags). Constant time: loop counts depend only on d; q, the carries
 * and the final subtraction are arithmetic and masks; select reads every
 * entry whole and keeps lanes under compare masks, never an index on a
 * lane's idx.
 */
#include <immintrin.h>
#include <string.h>

#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "src/common/msan.h"
#include "bignum_avx512ifma_lanes8.h"

#define MASK52 ((uint64_t)0xfffffffffffff)
#define MAX_DIGITS (HWC_BN_LANES_MAX_WORDS / 8)
#define SELECT_DIGITS 10

/* Digits of 52 bits for n 64-bit limbs: 52 d >= 64 n + 2 (the single
 * kernel's count, so R is the same). */
static size_t digits_for(size_t n) { return (64 * n + 2 + 51) / 52; }

/* The columns d .. 2d - 1 of a product or square (acc[0 .. d - 1] at the
 * end of amm8 or ams8) into digits at r: each lane's carry runs up the
 * registers in order; the value is below 2m < R, so the last carry is
 * zero. */
static inline __attribute__((always_inline)) void store_normalised(uint64_t *r, const __m512i *acc, const size_t d) {
  const __m512i mask = _mm512_set1_epi64((long long)MASK52);
  __m512i c = _mm512_setzero_si512();
#pragma GCC unroll 40
  for (size_t j = 0; j < d; j++) {
    const __m512i x = _mm512_add_epi64(acc[j], c);
    c = _mm512_srli_epi64(x, 52);
    _mm512_storeu_si512(r + 8 * j, _mm512_and_si512(x, mask));
  }
}

/* r = a b / R mod m per lane, below 2m, for a, b < 2m in normalised
 * digits (d registers each), m the moduli and n0 their -m^-1 mod 2^52,
 * all in lane layout; r may alias a or b (the accumulator is separate).
 * The bounds are the file comment's. acc[j] holds column i + j during
 * step i, so the step writes column i + j + 1's new value into acc[j]:
 * the window moves by renaming, and with the loops unrolled (an instance
 * per register count) the accumulator can stay in registers where d
 * allows (RSA-2048's d = 20). */
static inline __attribute__((always_inline)) void amm8(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                                       const uint64_t *m, const uint64_t *n0, const size_t d) {
  __m512i acc[MAX_DIGITS];
  const __m512i zero = _mm512_setzero_si512(), k = _mm512_loadu_si512(n0);
#pragma GCC unroll 40
  for (size_t p = 0; p < d; p++) acc[p] = zero;
  for (size_t i = 0; i < d; i++) {
    const __m512i bi = _mm512_loadu_si512(b + 8 * i);
    const __m512i a0 = _mm512_loadu_si512(a), m0 = _mm512_loadu_si512(m);
    /* column i: q makes x = acc[0] + lo(a_0 b_i) + lo(m_0 q) a multiple
     * of 2^52 (q = lo((x mod 2^52) n0); IFMA takes x's low 52 bits). */
    const __m512i x = _mm512_madd52lo_epu64(acc[0], a0, bi);
    const __m512i q = _mm512_madd52lo_epu64(zero, x, k);
    /* column i's carry (below 2^12, see above) and its high halves h go
     * up to column i + 1 as additions after that column's own products,
     * so the next q waits for one multiply and two additions, not for
     * the carry's shift and two more multiplies */
    const __m512i carry = _mm512_srli_epi64(_mm512_madd52lo_epu64(x, m0, q), 52);
    __m512i h = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, a0, bi), m0, q);
#pragma GCC unroll 40
    for (size_t j = 1; j < d; j++) {
      const __m512i aj = _mm512_loadu_si512(a + 8 * j), mj = _mm512_loadu_si512(m + 8 * j);
      __m512i y = _mm512_add_epi64(_mm512_madd52lo_epu64(_mm512_madd52lo_epu64(acc[j], aj, bi), mj, q), h);
      acc[j - 1] = j == 1 ? _mm512_add_epi64(y, carry) : y;
      h = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, aj, bi), mj, q);
    }
    acc[d - 1] = h; /* column i + d: no earlier step reached it */
  }
  store_normalised(r, acc, d);
}

/* Column c of the square (pass 1 of ams8): from the pairs of column c
 * and hcarry, the high halves of column c - 1's pairs, which it replaces
 * with column c's. */
static inline __attribute__((always_inline)) __m512i sqr_column(const uint64_t *a, size_t c, size_t d,
                                                                __m512i *hcarry) {
  __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
  __m512i lo2 = _mm512_setzero_si512(), hi2 = _mm512_setzero_si512();
  size_t i = c < d ? 0 : c - d + 1;
  for (; 2 * i + 2 < c; i += 2) {
    const __m512i ai = _mm512_loadu_si512(a + 8 * i), aj = _mm512_loadu_si512(a + 8 * (c - i));
    const __m512i bi = _mm512_loadu_si512(a + 8 * (i + 1)), bj = _mm512_loadu_si512(a + 8 * (c - i - 1));
    lo = _mm512_madd52lo_epu64(lo, ai, aj);
    hi = _mm512_madd52hi_epu64(hi, ai, aj);
    lo2 = _mm512_madd52lo_epu64(lo2, bi, bj);
    hi2 = _mm512_madd52hi_epu64(hi2, bi, bj);
  }
  if (2 * i < c) {
    const __m512i ai = _mm512_loadu_si512(a + 8 * i), aj = _mm512_loadu_si512(a + 8 * (c - i));
    lo = _mm512_madd52lo_epu64(lo, ai, aj);
    hi = _mm512_madd52hi_epu64(hi, ai, aj);
  }
  lo = _mm512_add_epi64(lo, lo2);
  hi = _mm512_add_epi64(hi, hi2);
  const __m512i x = _mm512_slli_epi64(_mm512_add_epi64(lo, *hcarry), 1);
  const __m512i ak = _mm512_loadu_si512(a + 8 * (c / 2));
  *hcarry = hi;
  return c & 1 ? _mm512_madd52hi_epu64(x, ak, ak) : _mm512_madd52lo_epu64(x, ak, ak);
}

/* One reduction step of a square (ams8, ams8_split): q from column 0 of
 * the window acc (columns i .. i + d - 1), lo(m_j q) into column j and
 * hi(m_j q) into column j + 1, the window moved down one column (by
 * renaming) and `top`, the square's column i + d, brought in. Column 0's
 * carry (a multiple of 2^52 before the shift) and high halves go up as
 * separate additions after column 1's own product, so the next q waits
 * for one multiply and two additions. */
static inline __attribute__((always_inline)) void reduce_step(__m512i *acc, const uint64_t *m, const __m512i k,
                                                              const size_t d, const __m512i top) {
  const __m512i zero = _mm512_setzero_si512(), m0 = _mm512_loadu_si512(m), m1 = _mm512_loadu_si512(m + 8);
  const __m512i q = _mm512_madd52lo_epu64(zero, acc[0], k);
  const __m512i carry = _mm512_srli_epi64(_mm512_madd52lo_epu64(acc[0], m0, q), 52);
  __m512i h = _mm512_madd52hi_epu64(zero, m0, q);
  acc[0] = _mm512_add_epi64(_mm512_add_epi64(_mm512_madd52lo_epu64(acc[1], m1, q), h), carry);
  h = _mm512_madd52hi_epu64(zero, m1, q);
#pragma GCC unroll 40
  for (size_t j = 2; j < d; j++) {
    const __m512i mj = _mm512_loadu_si512(m + 8 * j);
    acc[j - 1] = _mm512_add_epi64(_mm512_madd52lo_epu64(acc[j], mj, q), h);
    h = _mm512_madd52hi_epu64(zero, mj, q);
  }
  acc[d - 1] = _mm512_add_epi64(h, top);
}

/* r = a^2 / R mod m per lane, below 2m, for a < 2m: amm8(r, a, a) with
 * the square's symmetry used, 3d^2 + d IFMA operations where amm8 takes
 * 4d^2. Two passes:
 * 1. The square's columns t_0 .. t_{2d-1} (product scanning): column c
 *    is twice the sum over the pairs i < j, i + j = c, of lo(a_i a_j),
 *    and of hi(a_i a_j) from the pairs of column c - 1, plus lo(a_k^2)
 *    when c = 2k and hi(a_k^2) when c = 2k + 1. The sums are doubled
 *    rather than the multiplicand because IFMA reads only 52 bits and
 *    2a_j has 53. Bound: at most d/2 pairs each side, so
 *    t_c < (d + 1) 2^52 before doubling, below (2d + 2) 2^52 after.
 * 2. The reduction of amm8 without its a b terms: step i sets q_i from
 *    column i, adds lo(m_j q_i) to column i + j and hi(m_j q_i) to
 *    column i + j + 1, and brings column i + d (t_{i + d}) into the
 *    window. Column p thus holds t_p (< (2d + 2) 2^52), at most d low
 *    and d high halves and one carry below 2^12: below (4d + 3) 2^52,
 *    under 2^61 for d <= 80, as for amm8. The result is below 2m by
 *    amm8's argument with b = a.
 * r may alias a (a is read only in pass 1). d >= 2 (digits_for gives at
 * least 2). */
static inline __attribute__((always_inline)) void ams8(uint64_t *r, const uint64_t *a, const uint64_t *m,
                                                       const uint64_t *n0, const size_t d) {
  __m512i acc[MAX_DIGITS], buf[MAX_DIGITS];
  const __m512i zero = _mm512_setzero_si512(), k = _mm512_loadu_si512(n0);
  __m512i hcarry = zero;
#pragma GCC unroll 40
  for (size_t p = 0; p < d; p++) acc[p] = sqr_column(a, p, d, &hcarry);
  /* a is read to the end of pass 1 before r is written, so r may alias
   * it: the columns d .. 2d - 1 are made during the reduction's steps
   * (giving its q chain independent work) into buf. */
  for (size_t i = 0; i < d; i++) {
    buf[i] = sqr_column(a, i + d, d, &hcarry);
    reduce_step(acc, m, k, d, buf[i]);
  }
  store_normalised(r, acc, d);
}

/* Columns c (even) and c + 1 of the square at once, for ams8_split's
 * first pass: each a_i is loaded once for both columns, and a_{c-i}, the
 * partner of a_i in column c, is the partner of a_{i+1} in column c + 1,
 * so the pairs of two columns cost about one load per two products where
 * sqr_column takes one per product (loads, not IFMA, bounded that pass).
 * Two chains per sum, as in sqr_column (alternate pairs into each), so
 * consecutive multiply-adds do not wait for each other.
 * The sums and their bounds are sqr_column's: column c takes twice the
 * low halves of its pairs i < c - i plus hcarry (the high halves of column
 * c - 1's pairs), then lo(a_h^2), h = c / 2; column c + 1 takes twice the
 * low halves of its pairs i < c + 1 - i plus the high halves of column
 * c's, then hi(a_h^2). hcarry leaves with column c + 1's high halves.
 * Pair ranges: column c has i from max(0, c + 1 - d) to h - 1, column
 * c + 1 from max(0, c + 2 - d) to h (its last pair is (h, h + 1) when
 * h + 1 < d). */
static inline __attribute__((always_inline)) void sqr_columns2(const uint64_t *a, size_t c, size_t d,
                                                               __m512i *hcarry, __m512i *tc, __m512i *tc1) {
  const __m512i zero = _mm512_setzero_si512();
  __m512i lo0 = zero, hi0 = zero, lo1 = zero, hi1 = zero;
  const size_t h = c / 2, i0 = c + 1 > d ? c + 1 - d : 0, i1 = c + 2 > d ? c + 2 - d : 0;
  if (i0 < i1 && i0 < h) { /* column c's first pair, (c + 1 - d, d - 1), has no partner in c + 1 */
    const __m512i ai = _mm512_loadu_si512(a + 8 * i0), aj = _mm512_loadu_si512(a + 8 * (c - i0));
    lo0 = _mm512_madd52lo_epu64(lo0, ai, aj);
    hi0 = _mm512_madd52hi_epu64(hi0, ai, aj);
  }
  if (i1 < h) {
    __m512i lo0b = zero, hi0b = zero, lo1b = zero, hi1b = zero;
    __m512i z = _mm512_loadu_si512(a + 8 * (c + 1 - i1)), y = _mm512_loadu_si512(a + 8 * (c - i1));
    size_t i = i1;
    for (; i + 2 <= h; i += 2) {
      const __m512i ai = _mm512_loadu_si512(a + 8 * i), ai2 = _mm512_loadu_si512(a + 8 * (i + 1));
      const __m512i y2 = _mm512_loadu_si512(a + 8 * (c - i - 1));
      lo0 = _mm512_madd52lo_epu64(lo0, ai, y);
      hi0 = _mm512_madd52hi_epu64(hi0, ai, y);
      lo1 = _mm512_madd52lo_epu64(lo1, ai, z);
      hi1 = _mm512_madd52hi_epu64(hi1, ai, z);
      lo0b = _mm512_madd52lo_epu64(lo0b, ai2, y2);
      hi0b = _mm512_madd52hi_epu64(hi0b, ai2, y2);
      lo1b = _mm512_madd52lo_epu64(lo1b, ai2, y);
      hi1b = _mm512_madd52hi_epu64(hi1b, ai2, y);
      z = y2;
      y = _mm512_loadu_si512(a + 8 * (c - i - 2));
    }
    if (i < h) {
      const __m512i ai = _mm512_loadu_si512(a + 8 * i);
      lo0 = _mm512_madd52lo_epu64(lo0, ai, y);
      hi0 = _mm512_madd52hi_epu64(hi0, ai, y);
      lo1 = _mm512_madd52lo_epu64(lo1, ai, z);
      hi1 = _mm512_madd52hi_epu64(hi1, ai, z);
    }
    lo0 = _mm512_add_epi64(lo0, lo0b);
    hi0 = _mm512_add_epi64(hi0, hi0b);
    lo1 = _mm512_add_epi64(lo1, lo1b);
    hi1 = _mm512_add_epi64(hi1, hi1b);
  }
  const __m512i ah = _mm512_loadu_si512(a + 8 * h);
  if (h + 2 <= d && i1 <= h) { /* column c + 1's last pair, (h, h + 1) */
    const __m512i aj = _mm512_loadu_si512(a + 8 * (h + 1));
    lo1 = _mm512_madd52lo_epu64(lo1, ah, aj);
    hi1 = _mm512_madd52hi_epu64(hi1, ah, aj);
  }
  *tc = _mm512_madd52lo_epu64(_mm512_slli_epi64(_mm512_add_epi64(lo0, *hcarry), 1), ah, ah);
  *tc1 = _mm512_madd52hi_epu64(_mm512_slli_epi64(_mm512_add_epi64(lo1, hi0), 1), ah, ah);
  *hcarry = hi1;
}

/* ams8 in two separate passes, for d too large for ams8's registers
 * (RSA-4096's d = 40): the square's 2d columns go to memory first
 * (two at a time, sqr_columns2), then the reduction steps run as in ams8
 * with column i + d read back at step i. Same sums, bounds and result as
 * ams8; r may alias a (a is read only in the first pass). */
static inline __attribute__((always_inline)) void ams8_split(uint64_t *r, const uint64_t *a, const uint64_t *m,
                                                             const uint64_t *n0, const size_t d) {
  __m512i acc[MAX_DIGITS], t[2 * MAX_DIGITS];
  const __m512i zero = _mm512_setzero_si512(), k = _mm512_loadu_si512(n0);
  __m512i hcarry = zero;
  for (size_t c = 0; c < 2 * d; c += 2) sqr_columns2(a, c, d, &hcarry, &t[c], &t[c + 1]);
#pragma GCC unroll 40
  for (size_t p = 0; p < d; p++) acc[p] = t[p];
  for (size_t i = 0; i < d; i++) reduce_step(acc, m, k, d, t[i + d]);
  store_normalised(r, acc, d);
}

/* ams8 per digit count, as amm8_20 .. amm8_any below. */
static void ams8_20(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *n0) { ams8(r, a, m, n0, 20); }
static void ams8_30(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *n0) { ams8(r, a, m, n0, 30); }
static void ams8_any(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *n0, size_t d) {
  ams8(r, a, m, n0, d);
}
static void ams8_split_40(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *n0) {
  ams8_split(r, a, m, n0, 40);
}


/* amm8 for the CRT halves of RSA-2048, -3072 and -4096 (d = 20, 30, 40),
 * the loops fully unrolled, and for any other d. */
static void amm8_20(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const uint64_t *n0) {
  amm8(r, a, b, m, n0, 20);
}

/* d = 30: RSA-3072's halves. */
static void amm8_30(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const uint64_t *n0) {
  amm8(r, a, b, m, n0, 30);
}

/* d = 40: RSA-4096's halves. */
static void amm8_40(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const uint64_t *n0) {
  amm8(r, a, b, m, n0, 40);
}

/* Any other d (1..MAX_DIGITS), not unrolled. */
static void amm8_any(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const uint64_t *n0,
                     size_t d) {
  amm8(r, a, b, m, n0, d);
}

/* amm8 modulo lc's moduli, through the instance for its digit count
 * (public: the modulus size). */
static void mont_mul8(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont_lanes *lc) {
  switch (lc->digits) {
    case 20: amm8_20(r, a, b, lc->mb, lc->n0); break;
    case 30: amm8_30(r, a, b, lc->mb, lc->n0); break;
    case 40: amm8_40(r, a, b, lc->mb, lc->n0); break;
    default: amm8_any(r, a, b, lc->mb, lc->n0, lc->digits); break;
  }
}

/* The square modulo lc's moduli, as mont_mul8: ams8 up to SQR_MAX_DIGITS
 * digits; at RSA-4096's d = 40, where ams8's d accumulator registers and
 * the upper columns it makes during the reduction no longer fit the 32
 * registers (its spills made it slower than amm8), ams8_split, unrolled;
 * at other larger d, amm8 with b = a (the not unrolled ams8_split measured
 * 1.04-1.27x amm8's time at d = 41, 60 and 80). */
#define SQR_MAX_DIGITS 32
static void mont_sqr8(uint64_t *r, const uint64_t *a, const hwc_bn_mont_lanes *lc) {
  switch (lc->digits) {
    case 20: ams8_20(r, a, lc->mb, lc->n0); break;
    case 30: ams8_30(r, a, lc->mb, lc->n0); break;
    case 40: ams8_split_40(r, a, lc->mb, lc->n0); break;
    default:
      if (lc->digits <= SQR_MAX_DIGITS)
        ams8_any(r, a, lc->mb, lc->n0, lc->digits);
      else
        mont_mul8(r, a, a, lc);
      break;
  }
}

/* Lane l of x (lane layout, d digits) gets the d digits of dig. */
static void put_lane(uint64_t *x, size_t l, const uint64_t *dig, size_t d) {
#if defined(HWC_MSAN) && defined(__clang__)
  /* clang 14's MemorySanitizer does not model the scatter its vectorizer
   * makes of this strided loop (at 40 digits) and reports the stored
   * digits, secrets in the constant-time check, as used: in that build
   * the loop stays scalar. */
#pragma clang loop vectorize(disable)
#endif
  for (size_t i = 0; i < d; i++) x[8 * i + l] = dig[i];
}

/* Moduli, n0, R^2 and the canonical moduli of the eight contexts, each
 * converted to radix 2^52 and put in its lane. R^2 mod m comes from a
 * context this backend prepared (same digits, so the same R), else from
 * hwc_bn_pow2_mod (constant time in m). */
void hwc_bn_ifma_lanes8_setup(hwc_bn_mont_lanes *lc, const hwc_bn_mont *const *ctx, const hwc_bignum_kernel *self) {
  const size_t n = ctx[0]->n, d = digits_for(n);
  uint64_t dig[MAX_DIGITS], rr[HWC_BN_LANES_MAX_LIMBS];
  lc->n = n;
  lc->digits = d;
  lc->words = 8 * d;
  lc->rbits = (unsigned)(52 * d);
  lc->k = self;
  for (size_t l = 0; l < 8; l++) {
    const hwc_bn_mont *c = ctx[l];
    memcpy(lc->m[l], c->m, 8 * n);
    lc->n0[l] = hwc_bn_neg_inv64(c->m[0]) & MASK52;
    hwc_bn_to_radix(dig, c->m, n, d, 52);
    put_lane(lc->mb, l, dig, d);
    if (c->k == self && c->rbits == lc->rbits) {
      put_lane(lc->rr, l, c->rr, d);
    } else {
      hwc_bn_pow2_mod(rr, 2 * lc->rbits, c->m, n);
      hwc_bn_to_radix(dig, rr, n, d, 52);
      put_lane(lc->rr, l, dig, d);
    }
  }
}

/* Each a[l] to radix 2^52 in its lane (below 2^(64 n) <= R / 4), then
 * times R^2 mod m_l: below R / 4 times below m, over R, plus m: below 2m. */
void hwc_bn_ifma_lanes8_to(uint64_t *r, const uint64_t *const *a, const hwc_bn_mont_lanes *lc) {
  _Alignas(64) uint64_t x[HWC_BN_LANES_MAX_WORDS];
  uint64_t dig[MAX_DIGITS];
  const size_t d = lc->digits;
  for (size_t l = 0; l < 8; l++) {
    hwc_bn_to_radix(dig, a[l], lc->n, d, 52);
    put_lane(x, l, dig, d);
  }
  mont_mul8(r, x, lc->rr, lc);
}

/* a times 1 (digit 0 of every lane 1): (a + Q m) / R is at most m for
 * a < 2m; each lane's digits back to 64-bit limbs, then one masked
 * subtraction of m_l makes it canonical (m_l itself becomes 0). */
void hwc_bn_ifma_lanes8_from(uint64_t *const *r, const uint64_t *a, const hwc_bn_mont_lanes *lc) {
  _Alignas(64) uint64_t one[HWC_BN_LANES_MAX_WORDS], x[HWC_BN_LANES_MAX_WORDS];
  const size_t n = lc->n, d = lc->digits;
  memset(one, 0, 8 * lc->words);
  for (size_t l = 0; l < 8; l++) one[l] = 1;
  mont_mul8(x, a, one, lc);
  for (size_t l = 0; l < 8; l++) {
    for (size_t j = 0; j < n; j++) {
      size_t bit = 64 * j, i = bit / 52, off = bit % 52;
      uint64_t v = x[8 * i + l] >> off;
      for (size_t s = 52 - off; s < 64 && ++i < d; s += 52) v |= x[8 * i + l] << s;
      r[l][j] = v;
    }
    hwc_bn_cond_sub(r[l], r[l], 0, lc->m[l], n);
  }
}

/* r = a b / R mod m_l in every lane, below 2m_l. */
void hwc_bn_ifma_lanes8_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont_lanes *lc) {
  mont_mul8(r, a, b, lc);
}

/* r = a^2 / R mod m_l in every lane, below 2m_l. */
void hwc_bn_ifma_lanes8_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont_lanes *lc) { mont_sqr8(r, a, lc); }

/* The masked scan over the digits v0 .. v0 + nv - 1: every entry's
 * registers are loaded (plain loads: a masked load under a zero mask may
 * skip the access) and kept in the lanes whose idx equals the entry's
 * number (compare mask, lane by lane). With nv a constant the nv sums
 * stay in registers and each entry costs one compare for nv digits. The
 * addresses depend only on entries and the digit count. */
static inline __attribute__((always_inline)) void select_digits(uint64_t *r, const uint64_t *table, size_t entries,
                                                                __m512i want, size_t words, size_t v0,
                                                                const size_t nv) {
  __m512i acc[SELECT_DIGITS], e_v = _mm512_setzero_si512();
#pragma GCC unroll 10
  for (size_t v = 0; v < nv; v++) acc[v] = _mm512_setzero_si512();
  for (size_t e = 0; e < entries; e++) {
    const __mmask8 hit = _mm512_cmpeq_epu64_mask(e_v, want);
#pragma GCC unroll 10
    for (size_t v = 0; v < nv; v++)
      acc[v] = _mm512_mask_mov_epi64(acc[v], hit, _mm512_loadu_si512(table + e * words + 8 * (v0 + v)));
    e_v = _mm512_add_epi64(e_v, _mm512_set1_epi64(1));
  }
#pragma GCC unroll 10
  for (size_t v = 0; v < nv; v++) _mm512_storeu_si512(r + 8 * (v0 + v), acc[v]);
}

/* Ten digits per pass where the digit count allows (RSA's 20, 30, 40),
 * else one. */
void hwc_bn_ifma_lanes8_select(uint64_t *r, const uint64_t *table, size_t entries, const uint64_t *idx,
                               const hwc_bn_mont_lanes *lc) {
  const __m512i want = _mm512_loadu_si512(idx);
  const size_t d = lc->digits;
  if (d % SELECT_DIGITS == 0) {
    for (size_t v0 = 0; v0 < d; v0 += SELECT_DIGITS)
      select_digits(r, table, entries, want, lc->words, v0, SELECT_DIGITS);
  } else {
    for (size_t v0 = 0; v0 < d; v0++) select_digits(r, table, entries, want, lc->words, v0, 1);
  }
}
