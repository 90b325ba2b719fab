/* SPDX-License-Identifier: ISC */
/*
 * The Montgomery ladder step four lanes wide with AVX2 (VPMULUDQ, 32x32->64
 * bit products) in radix 2^25.5, shared by the fe25519 backends that run
 * their ladder this way: avx2 (over the radix-2^51 scalar code) and
 * mulx-avx2 (over the 4x64 MULX/ADX code). Each converts its own elements
 * into this layout at the ladder's entry and back at its exit; only the
 * step lives here. Include after kernels.h, from files compiled with at
 * least -mavx2.
 *
 * Layout in the ladder: lane l of vector j holds limb j of coordinate l of
 * (x2, z2, x3, z3), ten limbs at bits ceil(25.5 j), alternately 26 and 25
 * bits wide (ref10's radix). Odd limbs
 * sit half a bit above their nominal weight, so a product of two of them
 * lands at twice the weight of its column and is doubled; columns 10..18
 * wrap around as 2^255 = 19, folded in by multiplying the second operand's
 * limbs by 19 beforehand.
 *
 * Each step (RFC 7748 section 5) is three 4-way products, with the dataflow
 * of the avx512ifma backend, which follows the 4-way AVX2 ladders (Hisil,
 * Egrice, Yassi, "Fast 4 way vectorized ladder for the complete set of
 * Montgomery curves", 2020; Nath, Sarkar, "Efficient 4-way vectorizations
 * of the Montgomery ladder", 2020): (A,B,D,C) x (A,B,A,B), then
 * (AA,E,DA+CB,DA-CB) x (BB,a24,DA+CB,DA-CB), then (., E, ., x1) x
 * (., BB+a24 E, ., (DA-CB)^2).
 *
 * Bounds (all lanes unsigned 64-bit; re-derived by following the worst
 * case of every column through carry4):
 *  - "carried" limbs, as carry4 leaves every product, are below their width
 *    (2^26 even, 2^25 odd) except limb 1, at most 2^25 + 1710, and limb 5,
 *    at most 2^25 + 1062: carry4's last steps add the fold 19 c9 into limb
 *    0 and its carry (at most 1710 for columns below 2^62.2) into limb 1.
 *  - add4 of two carried values: limbs below 2^27 (even), 2^26 + 3421 (odd).
 *  - differences are a + (2p - b) (neg4 gives 2p - b: limb 0 2^27 - 38,
 *    even 2^27 - 2, odd 2^26 - 2, each at least every carried limb, so no
 *    lane goes negative); limbs end below 3 * 2^26 (even) and
 *    3 * 2^25 + 1710 (odd).
 *  - mul4 takes those sums and differences as they are, with no carry pass
 *    in between: limbs below 3 * 2^26 (odd ones below 3 * 2^25 + 2^11, x1
 *    below 2^26), so 19 b_j < 57 * 2^26 < 2^32 and a doubled odd limb is
 *    below 3 * 2^26 + 2^12, both inside VPMULUDQ's 32-bit operands. A
 *    column is ten terms; the largest is column 0 (one plain term and nine
 *    times 19, five of them doubled), below 2^62.2, under the crude bound
 *    of ten terms of 3 * 57 * 2^52 each, 2^62.8. Both are below the 2^63
 *    carry4 takes (its carries then fit a lane with room to spare).
 * What a backend must hand the ladder: s with limbs below 2^63 (its entry
 * runs carry4 on it), x1 with limbs below 2^26 (it goes into products as
 * it is). What it gets back: s carried, as above.
 *
 * Constant time: a fixed instruction sequence per step, VPMULUDQ's latency
 * does not depend on its operands, and nothing here branches or indexes on
 * data.
 */
#ifndef HWC_FE25519_AVX2_H
#define HWC_FE25519_AVX2_H

#include <immintrin.h>

#include "src/common/msan.h"

typedef struct {
  __m256i v[10];
} fe4;

#define M26 ((UINT64_C(1) << 26) - 1)
#define M25 ((UINT64_C(1) << 25) - 1)

/* 19 x on full 64-bit lanes (carries can exceed 32 bits, so no VPMULUDQ). */
static inline __m256i mul19(__m256i x) {
  return _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* ref10's carry order: two interleaved chains (from limbs 0 and 4), so the
 * whole pass is about six carries deep instead of eleven. Limbs below 2^63
 * in, so each carry is below 2^38 and no sum passes 2^63 + 2^38; carried
 * out: every limb below its width but limb 1 (its carry comes after the
 * fold of limb 9's carry times 19 into limb 0) and limb 5 (the second
 * carry out of limb 4): for mul4's columns, below 2^62.2, at most 1710 and
 * 1062 above 2^25; for any input below 2^63, below 2^25 + 2^17 and
 * 2^25 + 2^13. */
static inline void carry4(fe4 *r) {
  const __m256i m26 = _mm256_set1_epi64x((long long)M26), m25 = _mm256_set1_epi64x((long long)M25);
  __m256i *h = r->v;
#define CARRY(i, w)                                          \
  do {                                                       \
    __m256i c_ = _mm256_srli_epi64(h[i], w);                 \
    h[i] = _mm256_and_si256(h[i], (w) == 26 ? m26 : m25);    \
    h[(i) + 1] = _mm256_add_epi64(h[(i) + 1], c_);           \
  } while (0)
  CARRY(0, 26);
  CARRY(4, 26);
  CARRY(1, 25);
  CARRY(5, 25);
  CARRY(2, 26);
  CARRY(6, 26);
  CARRY(3, 25);
  CARRY(7, 25);
  CARRY(4, 26);
  CARRY(8, 26);
  __m256i c9 = _mm256_srli_epi64(h[9], 25);
  h[9] = _mm256_and_si256(h[9], m25);
  h[0] = _mm256_add_epi64(h[0], mul19(c9));
  CARRY(0, 26);
#undef CARRY
}

/* An empty asm that claims to change x: keeps the compiler from
 * reassociating the sums below into trees of spilled partial products.
 * MemorySanitizer reports a secret asm operand and drops its taint
 * (src/common/msan.h): its builds, which only check data flow, leave it out. */
#if defined(HWC_MSAN)
#define OPAQUE(x) ((void)(x))
#elif defined(__GNUC__)
#define OPAQUE(x) __asm__("" : "+x"(x))
#else
#define OPAQUE(x) ((void)0)
#endif

/* Four products at once, carried. Operand limbs below 3 * 2^26, odd ones
 * below 3 * 2^25 + 2^11 (see the top): b19 and ai2 stay below 2^32, the
 * width VPMULUDQ reads, and every column below 2^62.2.
 * Operand scanning: ten accumulators, a_i (and 2 a_i) in registers, b_j
 * and 19 b_j read from memory by VPMULUDQ itself; thirteen live vectors,
 * so nothing spills. */
static inline void mul4(fe4 *r, const fe4 *a, const fe4 *b) {
  const __m256i n19 = _mm256_set1_epi64x(19);
  __m256i b19[10];
  for (int j = 1; j < 10; j++) b19[j] = _mm256_mul_epu32(b->v[j], n19);
  b19[0] = b->v[0]; /* never read: i + j >= 10 needs j >= 1 */
  fe4 h;
#pragma GCC unroll 10
  for (int i = 0; i < 10; i++) {
    const __m256i ai = a->v[i], ai2 = (i & 1) ? _mm256_add_epi64(ai, ai) : ai;
#pragma GCC unroll 10
    for (int j = 0; j < 10; j++) {
      const int k = i + j < 10 ? i + j : i + j - 10;
      __m256i p = _mm256_mul_epu32((i & j & 1) ? ai2 : ai, i + j < 10 ? b->v[j] : b19[j]);
      h.v[k] = i == 0 ? p : _mm256_add_epi64(h.v[k], p);
      OPAQUE(h.v[k]);
    }
  }
  carry4(&h);
  *r = h;
}

#define PERM(x, imm) _mm256_permute4x64_epi64((x), (imm))
/* lanes from b where the 4-bit lane mask is set (one 32-bit blend mask bit
 * pair per 64-bit lane), else from a */
#define LANES(l) ((((l)&1) ? 0x03 : 0) | (((l)&2) ? 0x0c : 0) | (((l)&4) ? 0x30 : 0) | (((l)&8) ? 0xc0 : 0))
#define BLEND(a, b, l) _mm256_blend_epi32((a), (b), LANES(l))

/* Macros, not functions: permutation and blend masks must be immediates,
 * which an uninlined call (clang at -O0, sanitizer builds) would not give. */
#define perm4(r, a, imm)                                                          \
  do {                                                                            \
    for (int i_ = 0; i_ < 10; i_++) (r)->v[i_] = PERM((a)->v[i_], (imm));         \
  } while (0)
#define blend4(r, a, b, l)                                                        \
  do {                                                                            \
    for (int i_ = 0; i_ < 10; i_++) (r)->v[i_] = BLEND((a)->v[i_], (b)->v[i_], l); \
  } while (0)

static inline void add4(fe4 *r, const fe4 *a, const fe4 *b) {
  for (int i = 0; i < 10; i++) r->v[i] = _mm256_add_epi64(a->v[i], b->v[i]);
}

/* 2p - b, uncarried: b carried, so each b_i is at most 2p's limb
 * (2^27 - 38, 2^27 - 2 or 2^26 - 2) and no lane wraps below zero; the
 * result's limbs are at most 2p's. Added to a carried value it gives
 * a - b + 2p: the step's differences, below 3 * 2^26 (even limbs) and
 * 3 * 2^25 + 1710 (odd), as at the top. */
static inline void neg4(fe4 *r, const fe4 *b) {
  const __m256i p2_0 = _mm256_set1_epi64x((long long)(2 * (M26 + 1) - 38));
  const __m256i p2_e = _mm256_set1_epi64x((long long)(2 * (M26 + 1) - 2));
  const __m256i p2_o = _mm256_set1_epi64x((long long)(2 * (M25 + 1) - 2));
  for (int i = 0; i < 10; i++) {
    __m256i p = i == 0 ? p2_0 : (i & 1) ? p2_o : p2_e;
    r->v[i] = _mm256_sub_epi64(p, b->v[i]);
  }
}

/* One ladder step on s = (x2, z2, x3, z3), carried, after exchanging
 * (x2, z2) with (x3, z3) when sw is all ones (no exchange when it is
 * zero); x1v holds x1 in lane 3, a24v 121666 in lane 1.
 *
 * The exchange is folded into the step: the first stage computes
 * (A, B, C, D) from the pairs (x2, z2) and (x3, z3) each on its own, so
 * exchanging the pairs before it is the same as exchanging (A, B) with
 * (C, D) after it, and the two permutations that follow anyway (to the
 * operands of the first product) take it for free: their lane index
 * vectors (VPERMD) pick qword k ^ 2 instead of k when sw is set. The
 * index is a register operand formed by a mask, so the scalar bit makes
 * neither a branch nor a memory index, and VPERMD's time does not depend
 * on it. */
static inline void step4(fe4 *s, const fe4 *x1v, const fe4 *a24v, __m256i sw) {
  const __m256i flip = _mm256_and_si256(sw, _mm256_set1_epi32(4));
  const __m256i ix = _mm256_xor_si256(_mm256_setr_epi32(0, 1, 2, 3, 6, 7, 4, 5), flip);
  const __m256i iy = _mm256_xor_si256(_mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3), flip);
  fe4 q, n, u, x, y, t, tp, w, y2, m2, x3, y3, m3;
  /* Sums and differences share one addition: the differences' lanes add
   * 2p - s instead of s (neg4), so each limb takes a subtraction, a blend
   * and an addition rather than an addition, a subtraction, an addition
   * of 2p and a blend. */
  perm4(&q, s, 0xb1);          /* (z2, x2, z3, x3) */
  neg4(&n, s);
  blend4(&n, s, &n, 0xa);      /* (x2, 2p - z2, x3, 2p - z3) */
  add4(&u, &q, &n);            /* (A, B, C, D) */
  for (int i = 0; i < 10; i++) {
    x.v[i] = _mm256_permutevar8x32_epi32(u.v[i], ix); /* (A, B, D, C), or (C, D, B, A) */
    y.v[i] = _mm256_permutevar8x32_epi32(u.v[i], iy); /* (A, B, A, B), or (C, D, C, D) */
  }
  mul4(&t, &x, &y);            /* (AA, BB, DA, CB) */
  perm4(&tp, &t, 0xb1);        /* (BB, AA, CB, DA) */
  neg4(&n, &t);
  blend4(&n, &t, &n, 0xa);     /* (AA, 2p - BB, DA, 2p - CB) */
  add4(&w, &tp, &n);           /* lanes 1..3: E = AA - BB, DA + CB, DA - CB */
  blend4(&w, &t, &w, 0xe);     /* (AA, E, DA + CB, DA - CB) */
  blend4(&y2, &tp, a24v, 0x2);
  blend4(&y2, &y2, &w, 0xc);   /* (BB, a24, DA + CB, DA - CB) */
  mul4(&m2, &w, &y2);          /* (x2', a24 E, x3', (DA - CB)^2) */
  add4(&y3, &t, &m2);          /* lane 1: BB + a24 E */
  blend4(&y3, &y3, &m2, 0x8);  /* (., BB + a24 E, ., (DA - CB)^2) */
  blend4(&x3, &w, x1v, 0x8);   /* (., E, ., x1) */
  mul4(&m3, &x3, &y3);         /* (., z2', ., z3') */
  blend4(s, &m2, &m3, 0xa);
}

/* Exchange (x2, z2) with (x3, z3) when b == 1, by mask: the final
 * exchange of the ladder, after the last step. */
static inline void cswap4_avx2(fe4 *s, uint64_t b) {
  const __m256i mask = _mm256_set1_epi64x(-(long long)b);
  for (int i = 0; i < 10; i++) {
    __m256i t = _mm256_and_si256(_mm256_xor_si256(s->v[i], _mm256_permute4x64_epi64(s->v[i], 0x4e)), mask);
    s->v[i] = _mm256_xor_si256(s->v[i], t);
  }
}

/* The RFC 7748 ladder on s, carried (kernels.h, ladder): for t = 254 down
 * to 0, the exchange by bit t of e, which step4 folds into its first
 * permutations, then the step; the final exchange after the loop.
 * Constant time: 255 steps whatever the scalar, whose bits only form the
 * masks sw. Bounds: step4 maps carried s to carried s (the top). */
static inline void ladder4_avx2(fe4 *s, const fe4 *x1v, const fe4 *a24v, const uint8_t e[32]) {
  uint64_t swap = 0;
  for (int t = 254; t >= 0; t--) {
    uint64_t bit = (e[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    step4(s, x1v, a24v, _mm256_set1_epi64x(-(long long)swap));
    swap = bit;
  }
  cswap4_avx2(s, swap);
}

/* fe25519_avx2_x25519_lanes4.c: out[l] = X25519(e[l], u[l]) for l = 0..3,
 * one item per lane (the x25519_lanes contract of src/kernels.h), for the
 * avx2 and mulx-avx2 backends' tables. */
void hwc_x25519_avx2_lanes4(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]);

#endif /* HWC_FE25519_AVX2_H */
