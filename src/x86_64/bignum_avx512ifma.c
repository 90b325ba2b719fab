/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication with AVX-512 IFMA (VPMADD52LUQ / VPMADD52HUQ):
 * numbers in radix 2^52, eight digits per 512-bit register, "almost
 * Montgomery" multiplication (AMM): inputs and outputs are below 2m rather
 * than m, which saves the final subtraction; R = 2^(52 d) with
 * 52 d >= 64 n + 2, so R > 4m keeps outputs below 2m. Elements fill whole
 * registers (d rounded up to a multiple of 8); the digits above d are zero.
 * Algorithm: word-serial Montgomery over the digits of b, as in Gueron and
 * Krasnov, "Fast multiplication of binary polynomials / large integers with
 * AVX-512 IFMA" (and OpenSSL's rsaz-avx512 AMM52): per digit b_i the low
 * halves of a * b_i and m * q go into the accumulator, the accumulator moves
 * down one digit (VALIGNQ across the registers), then the high halves are
 * added at their now-aligned positions. Digits are only normalised (carry
 * propagated) once at the end: each 64-bit lane receives at most 4 d
 * products of 52 bits (per step the low and high halves of a_j b_i and of
 * m_j q), below 2^62 for d <= 160; 8192 bits take d = 158, 632 halves
 * below 2^52 each, so lanes stay below 2^61.4. Inputs are digits below
 * 2^52 (IFMA reads no more), values below 2m.
 * Squares of the paired product (the CRT exponentiations are almost all
 * squarings) add each cross product a_i a_j (i < j) once, doubled, and
 * the squares a_i^2 once: per lane the same count of halves as a product
 * (the doubling counts both orders), so the bound above holds as is.
 * ISA: AVX512F + AVX512IFMA, and AVX512VL for a top register that holds at
 * most four digits, which runs on its 256-bit half (zmm and ymm).
 * Two tuning records share this code and the element layout, and differ
 * only in that top register: the default runs it on 256 bits where the
 * digits allow ("narrow", below), `zmm` always on 512.
 * Constant time: loop counts depend only on the modulus size; no branch or
 * index depends on digit values; the conversions out of the radix and the
 * final subtraction of from_mont are masked.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "bignum_avx512ifma_lanes8.h"

HWC_CALL_COUNTER(bignum_avx512ifma);

#define MASK52 ((uint64_t)0xfffffffffffff)

/* digits (of 52 bits) for n 64-bit limbs: 52 d >= 64 n + 2 */
static size_t digits_for(size_t n) { return (64 * n + 2 + 51) / 52; }


/* Width of the top register. An element's digits fill whole 512-bit
 * registers, but when the last register carries at most four digits (d mod
 * 8 in 1..4: RSA-2048's halves have d = 20, RSA-3072's modulus 60) its upper
 * four lanes only ever hold zeros, and every operation on it runs on its
 * 256-bit half instead ("narrow"): on parts that execute 512-bit operations
 * as two 256-bit halves (AMD Zen 4) that halves its cost. It is not free:
 * a narrow register cannot hold the top digit of the shifted forms (PREP),
 * so each step adds it back with two more multiply-adds (`tail`). Where
 * every 512-bit operation costs what a 256-bit one does (AMD Zen 5: two
 * IFMA per cycle at either width), those two are pure loss, about one in
 * seven of the step's multiply-adds at RSA-2048's d = 20; the
 * `zmm` tuning record keeps every register at 512 bits, and
 * a selection rule (dispatch/uarch.c) picks it on Zen 5.
 * The helpers below take `nr` (a constant in every instance); they leave
 * the upper lanes of a narrow register undefined (a zero extension costs
 * an instruction per operation), which nothing reads: the shift across
 * registers takes lane 0 of the register above, and normalise clears them
 * before its full-width carry pass and store. */
static inline __attribute__((always_inline)) __m256i lo256(__m512i x) { return _mm512_castsi512_si256(x); }

/* c + lo(a b) per lane (IFMA: the low 52 bits of the 104-bit product). */
static inline __attribute__((always_inline)) __m512i lo52(__m512i c, __m512i a, __m512i b, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_madd52lo_epu64(lo256(c), lo256(a), lo256(b)));
  return _mm512_madd52lo_epu64(c, a, b);
}

/* c + hi(a b) per lane (the high 52 bits). */
static inline __attribute__((always_inline)) __m512i hi52(__m512i c, __m512i a, __m512i b, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_madd52hi_epu64(lo256(c), lo256(a), lo256(b)));
  return _mm512_madd52hi_epu64(c, a, b);
}

/* lo52 on the lanes of k, zero elsewhere. */
static inline __attribute__((always_inline)) __m512i lo52_z(__mmask8 k, __m512i c, __m512i a, __m512i b, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_maskz_madd52lo_epu64(k, lo256(c), lo256(a), lo256(b)));
  return _mm512_maskz_madd52lo_epu64(k, c, a, b);
}

/* hi52 on the lanes of k, c kept elsewhere. */
static inline __attribute__((always_inline)) __m512i hi52_m(__m512i c, __mmask8 k, __m512i a, __m512i b, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_mask_madd52hi_epu64(lo256(c), k, lo256(a), lo256(b)));
  return _mm512_mask_madd52hi_epu64(c, k, a, b);
}

/* a + b per lane. */
static inline __attribute__((always_inline)) __m512i add64(__m512i a, __m512i b, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_add_epi64(lo256(a), lo256(b)));
  return _mm512_add_epi64(a, b);
}

/* The top register moved down one lane, zero shifted in. */
static inline __attribute__((always_inline)) __m512i down1(__m512i x, int nr) {
  if (nr) return _mm512_castsi256_si512(_mm256_alignr_epi64(_mm256_setzero_si256(), lo256(x), 1));
  return _mm512_alignr_epi64(_mm512_setzero_si512(), x, 1);
}

/* Per-multiplication operand forms: the vectors of a (or m), the same moved
 * up one lane ("shifted": the high half of a_j b_i belongs one digit above
 * the low half, so it can be added before the accumulator moves down
 * instead of after), and the top digit alone in the top lane of the last
 * register (the one digit the shifted form pushes out; only used when the
 * digits fill the last register, `tail`). */
#define PREP(x, xs, xt, src, nv, nar)                                                     \
  __m512i x[20], xs[20], xt;                                                              \
  _Pragma("GCC unroll 20") for (size_t v = 0; v < nv; v++) x[v] = _mm512_loadu_si512(src + 8 * v); \
  xs[0] = _mm512_alignr_epi64(x[0], zero, 7);                                             \
  _Pragma("GCC unroll 20") for (size_t v = 1; v < nv; v++) xs[v] = _mm512_alignr_epi64(x[v], x[v - 1], 7); \
  xt = _mm512_maskz_mov_epi64((nar) ? 0x08 : 0x80, x[nv - 1])

/* The scalar side's share of a b (see AMM_STEP), for every digit b_i at
 * once, eight per register before the loop: what lands in digit 0,
 * y[i] = lo(a_0 b_i), in digit 1, x[i] = lo(a_1 b_i) + hi(a_0 b_i), and in
 * digit 2, z[i] = lo(a_2 b_i) + hi(a_1 b_i). Digits of b at and above d
 * are zero (and a has at least eight digits, so a_2 exists). */
#define PREP_SCALAR(y, x, z, pa, b, nv)                                                     \
  _Alignas(64) uint64_t y[8 * 20], x[8 * 20], z[8 * 20];                                    \
  do {                                                                                      \
    const __m512i a0_ = _mm512_set1_epi64((long long)pa[0]), a1_ = _mm512_set1_epi64((long long)pa[1]); \
    const __m512i a2_ = _mm512_set1_epi64((long long)pa[2]);                                \
    _Pragma("GCC unroll 20") for (size_t v = 0; v < nv; v++) {                              \
      const __m512i bb = _mm512_loadu_si512(b + 8 * v);                                     \
      _mm512_store_si512(y + 8 * v, _mm512_madd52lo_epu64(zero, a0_, bb));                 \
      _mm512_store_si512(x + 8 * v, _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a1_, bb), a0_, bb)); \
      _mm512_store_si512(z + 8 * v, _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a2_, bb), a1_, bb)); \
    }                                                                                       \
  } while (0)

/* The diagonal of a square, sum of a_j^2 2^(104 j), as columns of digits:
 * col[2j] = lo(a_j^2), col[2j + 1] = hi(a_j^2), 16 nv of them (zero above
 * 2d), written to memory so that the columns from d up can be read back at
 * d, which is not a multiple of eight. Lanes of a at and above d are zero. */
static inline __attribute__((always_inline)) void diagonal(uint64_t *col, const __m512i *a, const size_t nv,
                                                         const int nar) {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i even = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), odd = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) {
    const int nr = nar && v == nv - 1;
    const __m512i l = lo52(zero, a[v], a[v], nr), h = hi52(zero, a[v], a[v], nr);
    _mm512_store_si512(col + 16 * v, _mm512_permutex2var_epi64(l, even, h));
    _mm512_store_si512(col + 16 * v + 8, _mm512_permutex2var_epi64(l, odd, h));
  }
}

static inline uint64_t mulhi64(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }

/* The scalar side of one AMM step (AMM_STEP below explains it): from the
 * exact two lowest digits t, u, lane 2 of the accumulator (l2) and this
 * step's share yi, xi, zi of the products in digits 0..2, the next t and u
 * and qs = q 2^12. m0..m2 are the modulus' lowest digits, n0s = n0 2^12.
 * Returned by value (not through pointers, which made GCC keep t and u in
 * memory). */
typedef struct {
  uint64_t d0, d1, qs; /* the next t and u, and q 2^12 */
} amm_scalar;
static inline __attribute__((always_inline)) amm_scalar amm_scalar_step(uint64_t t, uint64_t u, uint64_t l2,
                                                                        uint64_t yi, uint64_t xi, uint64_t zi,
                                                                        uint64_t m0, uint64_t m1, uint64_t m2,
                                                                        uint64_t n0s) {
  const uint64_t t0 = t + yi;
  const uint64_t qs = t0 * n0s;
  return (amm_scalar){.d0 = u + xi + mulhi64(m0, qs) + ((m1 * qs) >> 12) + ((t0 + MASK52) >> 52),
                      .d1 = l2 + zi + mulhi64(m1, qs) + ((m2 * qs) >> 12),
                      .qs = qs};
}

/* One step of AMM for digit b_i on the accumulator acc (nv registers) and
 * its exact two lowest digits t and u (scalars): add a b_i and m q (both
 * halves, the high ones through the shifted forms), then drop the lowest
 * digit, which q makes a multiple of 2^52.
 *
 * Why scalars: q depends on the lowest digit, which depends on the
 * previous q. Reading that digit out of the vector after each step puts a
 * vector-to-scalar move, two multiplications, a broadcast, a multiply-add
 * and the lane shift on one chain. Instead the scalar side carries the two
 * lowest digits itself: the next lowest is u plus what lands in digit 1
 * during the step (xi, lo(m_1 q), hi(m_0 q)) and the carry out of digit
 * 0; the next second-lowest is lane 2 of the accumulator plus what lands in
 * digit 2 (zi, lo(m_2 q), hi(m_1 q)). Lane 2 is read at the start of the
 * step, from an accumulator two steps behind the q it serves, so the
 * vector chain (broadcast, multiply-add, add, shift, read back) overlaps
 * two steps of the scalar one; with lane 1 instead (one step) it was the
 * bound, measurably slower on the largest products. The carry needs no
 * product: q makes t0 + lo(m_0 q) the next multiple of 2^52 at or above
 * t0, so it is
 * ceil(t0 / 2^52). The vector side never reads lanes 0 and 1 and drops
 * lane 0 without its carry; only its lane 0 is off, by that carry, until t
 * is written back at the end (lanes 1 and up take no carries: exact).
 * Scaled constants save instructions on the chain: with n0s = n0 2^12,
 * qs = t0 n0s mod 2^64 is q 2^12, so hi(m_j q) = mulhi(m_j, qs) and
 * lo(m_j q) = (m_j qs mod 2^64) / 2^12 need neither masks nor shifts of
 * 128-bit products.
 * Vector side: the products a b_i start from zero (h), off the
 * accumulator's chain since b_i is known in advance; the high halves of
 * m q join them, so the accumulator takes one multiply-add and one add.
 *
 * Squaring (sq, b = a): lane j of step i stands for column i + j, and the
 * step adds only the products a_i a_j with j > i, twice (each stands for
 * itself and a_j a_i), so registers below lane i + 1 take no product at
 * all: v0 is the first register with a lane at or above i + 1, the lanes
 * of the low halves there are klo (j > i) and of the high halves khi
 * (shifted form: j - 1 > i). The squares a_i^2 (the diagonal) are added
 * outside the loop. xi, yi, zi are then this step's share of the same
 * doubled products in digits 0, 1 and 2. */
#define AMM_STEP(acc, t, u, a, as, at, m, ms, mt, yi, xi, zi, m0, m1, m2, n0s, bi, nv, nar, tail, sq, v0, klo, khi, \
                 dbl_tail)                                                                    \
  do {                                                                                        \
    const __m512i bv = _mm512_set1_epi64((long long)(bi));                                    \
    const uint64_t l2 = (uint64_t)_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(acc[0], 1));    \
    const amm_scalar sc = amm_scalar_step(t, u, l2, yi, xi, zi, m0, m1, m2, n0s);              \
    const uint64_t qs = sc.qs;                                                                \
    t = sc.d0;                                                                                \
    u = sc.d1;                                                                                \
    const __m512i qv = _mm512_set1_epi64((long long)(qs >> 12));                              \
    __m512i h[20];                                                                            \
    _Pragma("GCC unroll 20") for (size_t v = 0; v < nv; v++) {                                \
      const int nr = (nar) && v == nv - 1;                                                    \
      if (!(sq)) {                                                                            \
        h[v] = hi52(lo52(zero, a[v], bv, nr), as[v], bv, nr);                                 \
      } else if ((int)v < (int)(v0)) {                                                                \
        h[v] = zero;                                                                          \
      } else if ((int)v == (int)(v0)) {                                                                \
        h[v] = hi52_m(lo52_z(klo, zero, a[v], bv, nr), khi, as[v], bv, nr);                   \
        h[v] = add64(h[v], h[v], nr);                                                         \
      } else {                                                                                \
        h[v] = hi52(lo52(zero, a[v], bv, nr), as[v], bv, nr);                                 \
        h[v] = add64(h[v], h[v], nr);                                                         \
      }                                                                                       \
      h[v] = hi52(h[v], ms[v], qv, nr);                                                       \
      acc[v] = add64(lo52(acc[v], m[v], qv, nr), h[v], nr);                                   \
    }                                                                                         \
    _Pragma("GCC unroll 20") for (size_t v = 0; v + 1 < nv; v++) acc[v] =                     \
        _mm512_alignr_epi64(acc[v + 1], acc[v], 1);                                           \
    acc[nv - 1] = down1(acc[nv - 1], nar);                                                    \
    if (tail) {                                                                               \
      if (!(sq) || (dbl_tail)) acc[nv - 1] = hi52(acc[nv - 1], at, bv, nar);                  \
      if ((sq) && (dbl_tail)) acc[nv - 1] = hi52(acc[nv - 1], at, bv, nar);                   \
      acc[nv - 1] = hi52(acc[nv - 1], mt, qv, nar);                                           \
    }                                                                                         \
  } while (0)

/* Carry propagation of the accumulator into normalised digits of r, in
 * registers: one vector step moves every lane's carry (< 2^10) up a lane,
 * which leaves digits of at most 2^52 + 2^10; the last carries (0 or 1)
 * ripple through runs of all-ones digits, which is an addition of lane
 * bit masks: increments = ((G << 1) + E) ^ E with G the lanes above
 * 2^52 - 1 and E the lanes equal to it (the trick of OpenSSL's AMM code).
 * No branch depends on the digits. The upper lanes of a narrow top
 * register are cleared first. */
static inline __attribute__((always_inline)) void normalise(uint64_t *r, __m512i *acc, const size_t nv,
                                                            const int nar) {
  const __m512i mask = _mm512_set1_epi64((long long)MASK52), zero = _mm512_setzero_si512();
  __m512i prev = zero;
  uint64_t g[3] = {0, 0, 0}, e[3] = {0, 0, 0};
  if (nar) acc[nv - 1] = _mm512_zextsi256_si512(_mm512_castsi512_si256(acc[nv - 1]));
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) {
    __m512i c = _mm512_srli_epi64(acc[v], 52);
    acc[v] = _mm512_add_epi64(_mm512_and_si512(acc[v], mask), _mm512_alignr_epi64(c, prev, 7));
    prev = c;
    g[v / 8] |= (uint64_t)_mm512_cmpgt_epu64_mask(acc[v], mask) << (8 * (v % 8));
    e[v / 8] |= (uint64_t)_mm512_cmpeq_epu64_mask(acc[v], mask) << (8 * (v % 8));
  }
  /* inc = ((g << 1) + e) ^ e over 192-bit masks */
  uint64_t inc[3], carry = 0;
  for (int w = 0; w < 3; w++) {
    uint64_t sh = g[w] << 1 | (w ? g[w - 1] >> 63 : 0);
    uint64_t t = sh + e[w];
    uint64_t c1 = t < sh;
    t += carry;
    carry = c1 | (t < carry);
    inc[w] = t ^ e[w];
  }
  const __m512i one = _mm512_set1_epi64(1);
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) {
    __mmask8 k = (__mmask8)(inc[v / 8] >> (8 * (v % 8)));
    acc[v] = _mm512_and_si512(_mm512_mask_add_epi64(acc[v], k, acc[v], one), mask);
    _mm512_storeu_si512(r + 8 * v, acc[v]);
  }
}

/* The accumulator's start for a square: the columns of the diagonal below
 * d (lanes at and above d cleared: those columns are added at the end,
 * from the diagonal's top half). */
static inline __attribute__((always_inline)) void diag_low(__m512i *acc, const uint64_t *col, size_t d,
                                                           const size_t nv) {
#pragma GCC unroll 20
  for (size_t v = 0; v + 1 < nv; v++) acc[v] = _mm512_load_si512(col + 8 * v);
  acc[nv - 1] = _mm512_maskz_load_epi64((__mmask8)((1u << (d - 8 * (nv - 1))) - 1), col + 8 * (nv - 1));
}

/* The end of a square: the diagonal's columns d to 2d - 1, at lanes 0 to
 * d - 1 of the final accumulator. */
static inline __attribute__((always_inline)) void diag_high(__m512i *acc, const uint64_t *col, size_t d,
                                                            const size_t nv, const int nar) {
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) acc[v] = add64(acc[v], _mm512_loadu_si512(col + d + 8 * v), nar && v == nv - 1);
}

/* BODY twice, once for each value of tail (a loop invariant the compiler
 * does not hoist at -O2), so the loop tests it at compile time: tl. */
#define UNSWITCH_TAIL(tail, BODY)  \
  do {                             \
    if (tail) {                    \
      const int tl = 1;            \
      BODY;                        \
    } else {                       \
      const int tl = 0;            \
      BODY;                        \
    }                              \
  } while (0)

/* The squaring steps, by the first register v0 that takes a product:
 * steps i with i + 1 in [8 v0, 8 v0 + 8), then the last step when d fills
 * every register (no product left: v0 = nv). The masks pick the lanes
 * j > i (low halves) and j > i + 1 (high halves) of register v0. */
#define SQR_LOOP(d, nv, STEP)                                                                 \
  _Pragma("GCC unroll 21") for (size_t v0 = 0; v0 <= nv; v0++) {                             \
    const size_t i_end = 8 * v0 + 7 < (d) ? 8 * v0 + 7 : (d);                                 \
    for (size_t i = v0 ? 8 * v0 - 1 : 0; i < i_end; i++) {                                    \
      const unsigned s = (unsigned)(i + 1 - 8 * v0);                                          \
      const __mmask8 klo = (__mmask8)(0xffu << s), khi = (__mmask8)(0xffu << (s + 1));        \
      STEP;                                                                                   \
    }                                                                                         \
  }

/* r = a b / 2^(52 d) mod m, almost reduced; nv = ceil(d / 8) registers,
 * narrow top register when nar, digits d and above of a, b and m are zero.
 * Inlined per (nv, nar) so that the accumulator lives in registers. */
static inline __attribute__((always_inline)) void amm(uint64_t *r, const uint64_t *pa, const uint64_t *b,
                                                      const uint64_t *pm, uint64_t n0, size_t d, const size_t nv,
                                                      const int nar) {
  const __m512i zero = _mm512_setzero_si512();
  PREP(a, as, at, pa, nv, nar);
  PREP(m, ms, mt, pm, nv, nar);
  PREP_SCALAR(y, x, z, pa, b, nv);
  const uint64_t m0 = pm[0], m1 = pm[1], m2 = pm[2], n0s = n0 << 12;
  const int tail = d == 8 * nv - (nar ? 4 : 0); /* the top digit is pushed out of the shifted forms */
  __m512i acc[20];
  uint64_t t = 0, u = 0;
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) acc[v] = zero;
  /* not UNSWITCH_TAIL here: measured slower on the single product */
  for (size_t i = 0; i < d; i++)
    AMM_STEP(acc, t, u, a, as, at, m, ms, mt, y[i], x[i], z[i], m0, m1, m2, n0s, b[i], nv, nar, tail, 0, 0, 0, 0, 0);
  acc[0] = _mm512_mask_set1_epi64(acc[0], 1, (long long)t);
  normalise(r, acc, nv, nar);
}

/* Two independent AMMs of the same shape in one loop: each step has chains
 * of dependent latencies (scalar q and t; vector multiply-add, add, shift),
 * so a second pair of chains fills the execution units the first leaves
 * idle. Used for the two CRT halves of an RSA private key. */
static inline __attribute__((always_inline)) void amm2(uint64_t *r0, const uint64_t *pa0, const uint64_t *b0,
                                                       const uint64_t *pm0, uint64_t k0, uint64_t *r1,
                                                       const uint64_t *pa1, const uint64_t *b1, const uint64_t *pm1,
                                                       uint64_t k1, size_t d, const size_t nv, const int nar,
                                                       const int sq) {
  const __m512i zero = _mm512_setzero_si512();
  PREP(a0, as0, at0, pa0, nv, nar);
  PREP(m0, ms0, mt0, pm0, nv, nar);
  PREP(a1, as1, at1, pa1, nv, nar);
  PREP(m1, ms1, mt1, pm1, nv, nar);
  const uint64_t m00 = pm0[0], m01 = pm0[1], m02 = pm0[2], n0s0 = k0 << 12;
  const uint64_t m10 = pm1[0], m11 = pm1[1], m12 = pm1[2], n0s1 = k1 << 12;
  const int tail = d == 8 * nv - (nar ? 4 : 0);
  __m512i u[20], w[20];
  uint64_t tu = 0, tw = 0, uu = 0, uw = 0;
  if (sq) {
    _Alignas(64) uint64_t col0[16 * 20], col1[16 * 20];
    diagonal(col0, a0, nv, nar);
    diagonal(col1, a1, nv, nar);
    diag_low(u, col0, d, nv);
    diag_low(w, col1, d, nv);
    tu = col0[0], uu = col0[1], tw = col1[0], uw = col1[1];
    const uint64_t x00 = 2 * ((pa0[0] * pa0[1]) & MASK52), x10 = 2 * ((pa1[0] * pa1[1]) & MASK52);
    const uint64_t z00 = 2 * ((pa0[0] * pa0[2]) & MASK52) + 2 * (uint64_t)(((unsigned __int128)pa0[0] * pa0[1]) >> 52);
    const uint64_t z10 = 2 * ((pa1[0] * pa1[2]) & MASK52) + 2 * (uint64_t)(((unsigned __int128)pa1[0] * pa1[1]) >> 52);
    const uint64_t z01 = 2 * ((pa0[1] * pa0[2]) & MASK52), z11 = 2 * ((pa1[1] * pa1[2]) & MASK52);
    UNSWITCH_TAIL(tail, SQR_LOOP(d, nv, {
      AMM_STEP(u, tu, uu, a0, as0, at0, m0, ms0, mt0, 0, i == 0 ? x00 : 0, i == 0 ? z00 : i == 1 ? z01 : 0, m00, m01,
               m02, n0s0, pa0[i], nv, nar, tl, 1, v0, klo, khi, i + 1 < d);
      AMM_STEP(w, tw, uw, a1, as1, at1, m1, ms1, mt1, 0, i == 0 ? x10 : 0, i == 0 ? z10 : i == 1 ? z11 : 0, m10, m11,
               m12, n0s1, pa1[i], nv, nar, tl, 1, v0, klo, khi, i + 1 < d);
    }));
    u[0] = _mm512_mask_set1_epi64(u[0], 1, (long long)tu);
    w[0] = _mm512_mask_set1_epi64(w[0], 1, (long long)tw);
    diag_high(u, col0, d, nv, nar);
    diag_high(w, col1, d, nv, nar);
  } else {
    PREP_SCALAR(y0, x0, z0, pa0, b0, nv);
    PREP_SCALAR(y1, x1, z1, pa1, b1, nv);
#pragma GCC unroll 20
    for (size_t v = 0; v < nv; v++) u[v] = w[v] = zero;
    UNSWITCH_TAIL(tail, for (size_t i = 0; i < d; i++) {
      AMM_STEP(u, tu, uu, a0, as0, at0, m0, ms0, mt0, y0[i], x0[i], z0[i], m00, m01, m02, n0s0, b0[i], nv, nar, tl, 0,
               0, 0, 0, 0);
      AMM_STEP(w, tw, uw, a1, as1, at1, m1, ms1, mt1, y1[i], x1[i], z1[i], m10, m11, m12, n0s1, b1[i], nv, nar, tl, 0,
               0, 0, 0, 0);
    });
    u[0] = _mm512_mask_set1_epi64(u[0], 1, (long long)tu);
    w[0] = _mm512_mask_set1_epi64(w[0], 1, (long long)tw);
  }
  normalise(r0, u, nv, nar);
  normalise(r1, w, nv, nar);
}

/* ---- The paired AMM on 256-bit registers only, for the narrow shape of
 * `avx512ifma` at nv = 3 (d = 17..20: RSA-2048's halves, d = 20, in five
 * ymm registers), products and squares alike.
 * The same arithmetic as amm2 (the same halves land in the same lanes, so
 * the bounds above hold as they are), in another order: a step adds the
 * low halves, moves the accumulator down one digit, then adds the high
 * halves, which are then aligned without the shifted copies of a and m.
 * The shifted forms are what pushes the top digit out of a register that d
 * fills, and the `tail` that puts it back is two of every eleven 256-bit
 * multiply-adds of a step at d = 20; here there is none, and a step is
 * twenty multiply-adds, five lane shifts and the scalar side of AMM_STEP.
 * Each register's four multiply-adds and its shift are one chain per step;
 * the other AMM's step fills the gaps. Taking any multiply-add off that
 * chain (a product from zero, added later) costs a register copy and an
 * add, and the loop runs near the limit of what the core dispatches: it
 * measured slower, as did a separate accumulator for the products of a,
 * and this file's triangular square in this form (its masks and doublings
 * cost more instructions than the skipped products save).
 * Why 256 bits: a ymm multiply-add costs half a zmm one on Zen 4 (two
 * 256-bit IFMA a cycle, one 512-bit), so the width costs nothing there and
 * leaves no lane idle. Where 512-bit IFMA runs at full rate (Zen 5)
 * the `zmm` tuning record is selected instead (dispatch/uarch.c). */
#define NY 5

/* One step for digit b_i on the accumulator acc (NY ymm registers), with
 * the scalar side of AMM_STEP (t, u: the two lowest digits exactly; l2
 * read from lane 2 of acc[0]). */
#define AMM_STEP_Y(acc, t, u, a, m, yi, xi, zi, m0, m1, m2, n0s, bi)                                 \
  do {                                                                                              \
    const __m256i bv = _mm256_set1_epi64x((long long)(bi));                                        \
    const uint64_t l2 = (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(acc[0], 1));          \
    const amm_scalar sc = amm_scalar_step(t, u, l2, yi, xi, zi, m0, m1, m2, n0s);                    \
    const uint64_t qs = sc.qs;                                                                      \
    t = sc.d0;                                                                                      \
    u = sc.d1;                                                                                      \
    const __m256i qv = _mm256_set1_epi64x((long long)(qs >> 12));                                  \
    _Pragma("GCC unroll 5") for (size_t v = 0; v < NY; v++) acc[v] =                               \
        _mm256_madd52lo_epu64(_mm256_madd52lo_epu64(acc[v], a[v], bv), m[v], qv);                  \
    _Pragma("GCC unroll 5") for (size_t v = 0; v + 1 < NY; v++) acc[v] =                           \
        _mm256_alignr_epi64(acc[v + 1], acc[v], 1);                                                 \
    acc[NY - 1] = _mm256_alignr_epi64(_mm256_setzero_si256(), acc[NY - 1], 1);                      \
    _Pragma("GCC unroll 5") for (size_t v = 0; v < NY; v++) acc[v] =                               \
        _mm256_madd52hi_epu64(_mm256_madd52hi_epu64(acc[v], a[v], bv), m[v], qv);                  \
  } while (0)

/* The two AMMs of amm2 at nv = 3, narrow (d = 17..20), on NY ymm
 * registers each; digits d and above of a, b and m are zero. The result
 * goes out through normalise, the ymm registers paired into the zmm of
 * the element layout (the top one's upper half zero). */
static void amm2_y(uint64_t *r0, const uint64_t *pa0, const uint64_t *b0, const uint64_t *pm0, uint64_t k0,
                   uint64_t *r1, const uint64_t *pa1, const uint64_t *b1, const uint64_t *pm1, uint64_t k1, size_t d) {
  const __m512i zero = _mm512_setzero_si512();
  const size_t nv = 3;
  __m256i a0[NY], m0[NY], a1[NY], m1[NY], u[NY], w[NY];
#pragma GCC unroll 5
  for (size_t v = 0; v < NY; v++) {
    a0[v] = _mm256_loadu_si256((const __m256i *)(pa0 + 4 * v));
    a1[v] = _mm256_loadu_si256((const __m256i *)(pa1 + 4 * v));
    m0[v] = _mm256_loadu_si256((const __m256i *)(pm0 + 4 * v));
    m1[v] = _mm256_loadu_si256((const __m256i *)(pm1 + 4 * v));
    u[v] = w[v] = _mm256_setzero_si256();
  }
  PREP_SCALAR(y0, x0, z0, pa0, b0, nv);
  PREP_SCALAR(y1, x1, z1, pa1, b1, nv);
  const uint64_t m00 = pm0[0], m01 = pm0[1], m02 = pm0[2], n0s0 = k0 << 12;
  const uint64_t m10 = pm1[0], m11 = pm1[1], m12 = pm1[2], n0s1 = k1 << 12;
  uint64_t tu = 0, tw = 0, uu = 0, uw = 0;
  for (size_t i = 0; i < d; i++) {
    AMM_STEP_Y(u, tu, uu, a0, m0, y0[i], x0[i], z0[i], m00, m01, m02, n0s0, b0[i]);
    AMM_STEP_Y(w, tw, uw, a1, m1, y1[i], x1[i], z1[i], m10, m11, m12, n0s1, b1[i]);
  }
  u[0] = _mm256_mask_set1_epi64(u[0], 1, (long long)tu);
  w[0] = _mm256_mask_set1_epi64(w[0], 1, (long long)tw);
  __m512i zu[3], zw[3];
#pragma GCC unroll 3
  for (size_t v = 0; v < nv; v++) {
    const __m256i hu = 2 * v + 1 < NY ? u[2 * v + 1] : _mm256_setzero_si256();
    const __m256i hw = 2 * v + 1 < NY ? w[2 * v + 1] : _mm256_setzero_si256();
    zu[v] = _mm512_inserti64x4(_mm512_castsi256_si512(u[2 * v]), hu, 1);
    zw[v] = _mm512_inserti64x4(_mm512_castsi256_si512(w[2 * v]), hw, 1);
  }
  normalise(r0, zu, nv, 0);
  normalise(r1, zw, nv, 0);
}
#undef NY

/* amm and amm2 instantiated for each register count nv = 1..20 (up to
 * 8192 bits), so that the loops over registers unroll and the accumulator
 * stays in registers; for nv = 1..NV_SPECIAL (moduli up to 4096 bits)
 * also with a narrow top register, and amm2 as squares from SQR_MIN_NV
 * registers up. Which kinds exist follows the bench on Zen 4: the paired
 * square gains from four registers (RSA-3072 and -4096), loses on three
 * (RSA-2048), and the single square loses at every size tried (the
 * masks, doublings and the loop per register cost more than the skipped
 * products save on one chain). Larger sizes (8192-bit moduli) keep a full
 * top register and the plain product: correct for every d, only not
 * specialised, to bound the code size. The narrow paired product at three
 * registers is amm2_y above (all ymm), not an instance. The instances
 * differ only in constants, hence one macro per kind, each named
 * amm_<kind>_<nv>. */
#define NV_SPECIAL 10
#define SQR_MIN_NV 4
typedef void (*amm_fn)(uint64_t *, const uint64_t *, const uint64_t *, const uint64_t *, uint64_t, size_t);
typedef void (*amm2_fn)(uint64_t *, const uint64_t *, const uint64_t *, const uint64_t *, uint64_t, uint64_t *,
                        const uint64_t *, const uint64_t *, const uint64_t *, uint64_t, size_t);
#define AMM1_N(kind, k, nar)                                                                               \
  static void amm_##kind##_##k(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,       \
                               uint64_t n0, size_t d) {                                                    \
    amm(r, a, b, m, n0, d, k, nar);                                                                     \
  }
#define AMM2_N(kind, k, nar, sq)                                                                           \
  static void amm2_##kind##_##k(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const uint64_t *m0,  \
                                uint64_t k0, uint64_t *r1, const uint64_t *a1, const uint64_t *b1,         \
                                const uint64_t *m1, uint64_t k1, size_t d) {                               \
    amm2(r0, a0, b0, m0, k0, r1, a1, b1, m1, k1, d, k, nar, sq);                                           \
  }
#define AMM_WIDE(k) AMM1_N(w, k, 0) AMM2_N(w, k, 0, 0)
#define AMM_NARROW(k) AMM_WIDE(k) AMM1_N(n, k, 1) AMM2_N(n, k, 1, 0)
#define AMM_SQ(k) AMM_NARROW(k) AMM2_N(ws, k, 0, 1) AMM2_N(ns, k, 1, 1)
AMM_NARROW(1) AMM_NARROW(2) AMM_WIDE(3) AMM1_N(n, 3, 1) AMM_SQ(4) AMM_SQ(5) AMM_SQ(6) AMM_SQ(7) AMM_SQ(8) AMM_SQ(9) AMM_SQ(10)
AMM_WIDE(11) AMM_WIDE(12) AMM_WIDE(13) AMM_WIDE(14) AMM_WIDE(15)
AMM_WIDE(16) AMM_WIDE(17) AMM_WIDE(18) AMM_WIDE(19) AMM_WIDE(20)
#undef AMM_SQ
#undef AMM_NARROW
#undef AMM_WIDE
#undef AMM2_N
#undef AMM1_N

/* By [nv][kind], kind = 2 sq + nar (0: full top register, 1: narrow, 2:
 * square, 3: narrow square): what exists of it (see above). */
#define ROW2(f, k) {f##_w_##k, f##_n_##k}
#define ROW4(f, k) {f##_w_##k, f##_n_##k, f##_ws_##k, f##_ns_##k}
static const amm_fn amm_by_nv[21][2] = {
    {NULL},       ROW2(amm, 1), ROW2(amm, 2), ROW2(amm, 3), ROW2(amm, 4), ROW2(amm, 5),
    ROW2(amm, 6), ROW2(amm, 7), ROW2(amm, 8), ROW2(amm, 9), ROW2(amm, 10),
    {amm_w_11},   {amm_w_12},   {amm_w_13},   {amm_w_14},   {amm_w_15},
    {amm_w_16},   {amm_w_17},   {amm_w_18},   {amm_w_19},   {amm_w_20},
};
static const amm2_fn amm2_by_nv[21][4] = {
    {NULL},          ROW2(amm2, 1), ROW2(amm2, 2), {amm2_w_3, amm2_y}, ROW4(amm2, 4), ROW4(amm2, 5),
    ROW4(amm2, 6),   ROW4(amm2, 7), ROW4(amm2, 8), ROW4(amm2, 9), ROW4(amm2, 10),
    {amm2_w_11},     {amm2_w_12},   {amm2_w_13},   {amm2_w_14},   {amm2_w_15},
    {amm2_w_16},     {amm2_w_17},   {amm2_w_18},   {amm2_w_19},   {amm2_w_20},
};
#undef ROW4
#undef ROW2

/* The instance kind for ctx's shape (public: the modulus size): narrow
 * when the implementation runs narrow registers (narrow_ok) and the top
 * register holds at most four digits, square when asked for and it exists
 * (sq only from amm2's callers). */
static inline size_t kind_of(const hwc_bn_mont *ctx, int sq, int narrow_ok) {
  size_t nv = ctx->words / 8, d = ctx->rbits / 52;
  if (nv > NV_SPECIAL) return 0;
  return (size_t)(2 * (sq && nv >= SQR_MIN_NV)) + (narrow_ok && d + 4 <= 8 * nv);
}

/* r = a b / R mod m, almost reduced, through the instance for the
 * element's shape. A single AMM, with no second one to fill the gaps of
 * its chain, runs wide where the narrow form would need its tail (d fills
 * the narrow top register) and spans at most four registers: there the
 * tail's two multiply-adds on the chain cost more than the idle lanes of
 * a full top register (measured on Zen 4: 1024-bit moduli, RSA-2048's CRT
 * halves, and 1408-bit ones; from five registers on the narrow form
 * stays ahead). */
static inline void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx,
                            int narrow_ok) {
  const size_t nv = ctx->words / 8, d = ctx->rbits / 52;
  const int tail = d + 4 == 8 * nv;
  amm_by_nv[nv][kind_of(ctx, 0, narrow_ok && !(tail && nv <= 4))](r, a, b, ctx->mb, ctx->n0, d);
}

/* The two CRT products of RSA at once (kernels.h: c0 and c1 of the same
 * shape), interleaved by amm2; as squares when both products are (the
 * same pointers: public). */
static inline void mont_mul2(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const hwc_bn_mont *c0,
                             uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const hwc_bn_mont *c1,
                             int narrow_ok) {
  amm2_by_nv[c0->words / 8][kind_of(c0, a0 == b0 && a1 == b1, narrow_ok)](r0, a0, b0, c0->mb, c0->n0, r1, a1, b1,
                                                                           c1->mb, c1->n0, c0->rbits / 52);
}

/* a to radix 2^52, then times R^2 mod m: below 2m (bignum_helpers.h). */
static inline void to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx, int narrow_ok) {
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS];
  hwc_bn_to_radix(x, a, ctx->n, ctx->words, 52);
  mont_mul(r, x, ctx->rr, ctx, narrow_ok);
}

/* a times 1 is a / R mod m, at most m: back to 64-bit limbs with one
 * masked subtraction (bignum_helpers.h). */
static inline void from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx, int narrow_ok) {
  _Alignas(64) uint64_t one[HWC_BN_MAX_WORDS] = {1}, x[HWC_BN_MAX_WORDS];
  mont_mul(x, a, one, ctx, narrow_ok);
  hwc_bn_from_radix_reduced(r, x, 52, ctx);
}

/* Digits of 52 bits, an element in whole registers (d rounded up to a
 * multiple of 8); the digits above d stay zero. Both implementations. */
static inline void setup(hwc_bn_mont *ctx) {
  size_t d = digits_for(ctx->n);
  hwc_bn_radix_setup(ctx, 52, d, (d + 7) & ~(size_t)7);
}

/* Masked scan of the whole table, one register per eight digits: every
 * entry is loaded whole, and a compare mask (all lanes or none, from k ==
 * idx) decides whether the blend keeps it; unrolled by nv so that the
 * accumulators stay in registers. Plain loads, not masked ones: a load
 * under a zero mask may skip the memory access, which would make the
 * access pattern depend on idx. */
static inline __attribute__((always_inline)) void select_nv(uint64_t *r, const uint64_t *table, size_t entries,
                                                            uint64_t idx, size_t words, const size_t nv) {
  __m512i acc[20];
  const __m512i want = _mm512_set1_epi64((long long)idx);
  __m512i k = _mm512_setzero_si512();
  const __m512i one = _mm512_set1_epi64(1);
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) acc[v] = _mm512_setzero_si512();
  for (size_t e = 0; e < entries; e++, table += words) {
    const __mmask8 hit = _mm512_cmpeq_epi64_mask(k, want);
#pragma GCC unroll 20
    for (size_t v = 0; v < nv; v++) acc[v] = _mm512_mask_mov_epi64(acc[v], hit, _mm512_load_si512(table + 8 * v));
    k = _mm512_add_epi64(k, one);
  }
#pragma GCC unroll 20
  for (size_t v = 0; v < nv; v++) _mm512_storeu_si512(r + 8 * v, acc[v]);
}

/* select_nv instantiated for each register count, as amm above. */
typedef void (*select_fn)(uint64_t *, const uint64_t *, size_t, uint64_t, size_t);
#define SELECT_N(k)                                                                               \
  static void select_##k(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx, size_t words) { \
    select_nv(r, table, entries, idx, words, k);                                                  \
  }
SELECT_N(1) SELECT_N(2) SELECT_N(3) SELECT_N(4) SELECT_N(5) SELECT_N(6) SELECT_N(7) SELECT_N(8) SELECT_N(9)
SELECT_N(10) SELECT_N(11) SELECT_N(12) SELECT_N(13) SELECT_N(14) SELECT_N(15) SELECT_N(16) SELECT_N(17)
SELECT_N(18) SELECT_N(19) SELECT_N(20)
#undef SELECT_N

static const select_fn select_by_nv[21] = {
    NULL,      select_1,  select_2,  select_3,  select_4,  select_5,  select_6,  select_7,  select_8,  select_9,
    select_10, select_11, select_12, select_13, select_14, select_15, select_16, select_17, select_18, select_19,
    select_20,
};

/* ---- Tuning records: whether the top register runs narrow where the
 * digits allow. The default does; `zmm` keeps every register at 512 bits
 * (no narrow instance, so no tail at d = 20), for cores on which a 512-bit
 * operation costs what a 256-bit one does. Same element layout under
 * both, so a modulus set up under one computes under the other. */
typedef struct {
  hwc_tuning t;
  int narrow_ok;
} ifma_tuning;
static const ifma_tuning narrow = {{"narrow"}, 1};
static const ifma_tuning zmm = {{"zmm"}, 0};
static const hwc_tuning *const tunings[] = {&narrow.t, &zmm.t};
static const hwc_tuning *tuning = &narrow.t;

/* Whether the record in force runs narrow top registers. */
static inline int narrow_ok(void) { return ((const ifma_tuning *)hwc_tuning_get(&tuning))->narrow_ok; }

/* ---- The table functions: each counts its call and runs the shared code
 * under the record in force. */

/* n0, R^2 mod m and m in radix 2^52 (setup above). */
static void bignum_avx512ifma_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  setup(ctx);
}

/* r = a R mod m, below 2m. */
static void bignum_avx512ifma_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  to_mont(r, a, ctx, narrow_ok());
}

/* r = a / R mod m, canonical. */
static void bignum_avx512ifma_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  from_mont(r, a, ctx, narrow_ok());
}

/* r = a b / R mod m, almost reduced (below 2m). */
static void bignum_avx512ifma_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  mont_mul(r, a, b, ctx, narrow_ok());
}

/* r = a^2 / R mod m: the product with itself (the single square measured
 * slower than the product, see the instances above). */
static void bignum_avx512ifma_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  mont_mul(r, a, a, ctx, narrow_ok());
}

/* The two CRT products at once (mont_mul2). */
static void bignum_avx512ifma_mul2(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const hwc_bn_mont *c0,
                                   uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const hwc_bn_mont *c1) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  mont_mul2(r0, a0, b0, c0, r1, a1, b1, c1, narrow_ok());
}

/* The masked table scan (kernels.h), through the instance for the
 * element's register count (full registers under either record). */
static void bignum_avx512ifma_select(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx,
                                     const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  select_by_nv[ctx->words / 8](r, table, entries, idx, ctx->words);
}

/* The lane entries (contracts in src/kernels.h): eight independent
 * products in the lanes of 512-bit vectors, in bignum_avx512ifma_lanes8.c;
 * the same code under either tuning record (every register is full). */

extern const hwc_bignum_kernel hwc_bignum_avx512ifma;

/* Eight moduli in lane layout; R^2 is taken from contexts this backend
 * prepared. */
static void bignum_avx512ifma_lanes_setup(hwc_bn_mont_lanes *lc, const hwc_bn_mont *const *ctx) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_setup(lc, ctx, &hwc_bignum_avx512ifma);
}

/* Eight canonical numbers to Montgomery form, lane layout. */
static void bignum_avx512ifma_to_lanes(uint64_t *r, const uint64_t *const *a, const hwc_bn_mont_lanes *lc) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_to(r, a, lc);
}

/* Back to eight canonical numbers, each fully reduced. */
static void bignum_avx512ifma_from_lanes(uint64_t *const *r, const uint64_t *a, const hwc_bn_mont_lanes *lc) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_from(r, a, lc);
}

/* Eight products, each lane modulo its own m. */
static void bignum_avx512ifma_mont_mul_lanes(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                             const hwc_bn_mont_lanes *lc) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_mul(r, a, b, lc);
}

/* Eight squares, each lane modulo its own m. */
static void bignum_avx512ifma_mont_sqr_lanes(uint64_t *r, const uint64_t *a, const hwc_bn_mont_lanes *lc) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_sqr(r, a, lc);
}

/* The masked table scan, one index per lane. */
static void bignum_avx512ifma_select_lanes(uint64_t *r, const uint64_t *table, size_t entries, const uint64_t *idx,
                                           const hwc_bn_mont_lanes *lc) {
  HWC_COUNT_CALL(bignum_avx512ifma);
  hwc_bn_ifma_lanes8_select(r, table, entries, idx, lc);
}

const hwc_bignum_kernel hwc_bignum_avx512ifma = {
    .info = {.name = "avx512ifma",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_IFMA,
             .tunings = tunings,
             .ntunings = 2,
             .tuning = &tuning,
             HWC_CALLS(bignum_avx512ifma)},
    .lanes = HWC_BN_LANES,
    .setup = bignum_avx512ifma_setup,
    .to_mont = bignum_avx512ifma_to_mont,
    .from_mont = bignum_avx512ifma_from_mont,
    .mul = bignum_avx512ifma_mul,
    .sqr = bignum_avx512ifma_sqr,
    .mul2 = bignum_avx512ifma_mul2,
    .select = bignum_avx512ifma_select,
    .lanes_setup = bignum_avx512ifma_lanes_setup,
    .to_lanes = bignum_avx512ifma_to_lanes,
    .from_lanes = bignum_avx512ifma_from_lanes,
    .mont_mul_lanes = bignum_avx512ifma_mont_mul_lanes,
    .mont_sqr_lanes = bignum_avx512ifma_mont_sqr_lanes,
    .select_lanes = bignum_avx512ifma_select_lanes,
};
