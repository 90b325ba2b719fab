/* SPDX-License-Identifier: ISC */
/*
 * The fixed-base multiplication of the avx512ifma fe25519 backend (its
 * edwards_base, contract in src/kernels.h): sum e_i 16^i B for the signed
 * radix-16 digits of the scalar, from a table already in the backend's
 * radix-2^51 layout, two rows to a 512-bit vector
 * (fe25519_avx512ifma_base_table.c, written by tools/gen_ed25519_base_table.py
 * ifma).
 *
 * Why a file of its own, on 512-bit vectors: the sum of the 64 table
 * points has no order, unlike a variable-base multiplication, so it splits
 * into independent partial sums. The 256-bit code of fe25519_avx512ifma_edwards.c
 * keeps one point (X, Y, Z, T) in the four lanes of a vector; here a
 * 512-bit vector holds two such points, one per 256-bit half, and every
 * product, carry and lane move serves both at the price of one. Two such
 * vectors run four partial sums side by side:
 *   acc[0] = (A0 | A1), acc[1] = (B0 | B1), with
 *   A0 = sum_{j<16} e_(2j+1) T_j, A1 = sum_{j>=16} e_(2j+1) T_j,
 *   B0 = sum_{j<16} e_(2j) T_j,   B1 = sum_{j>=16} e_(2j) T_j,
 * T_j = 16^(2j) B, so that a B = 16 (A0 + A1) + (B0 + B1). The two vectors
 * are independent chains of 16 additions each, so the core overlaps their
 * products instead of waiting on one chain of 64. The joins are lane
 * moves and three full additions, two of them in one vector.
 *
 * The formulas, lane layouts and limb bounds are those of
 * fe25519_avx512ifma_edwards.c and fe25519_avx512ifma.h, lane for lane: a 512-bit
 * operation here is the 256-bit one applied to each half, so every bound
 * stated there holds here (sum_diff8 and add_cached8 merge two carried
 * sums into one, with their own bounds stated beside them) (mul8 takes limbs below 2^52, add8 and sub8
 * carry their results back below 2^51 + 2^7, products leave mul8 below
 * 2^51 + 2^11, the table's limbs are below 2^51).
 *
 * Every helper is always_inline: GCC 12 left add_cached8 out of line,
 * and the call spilled both points to the stack on every addition.
 *
 * ISA: AVX-512F, AVX-512IFMA (512-bit vectors), AVX-512VL for the
 * 256-bit loads, BMI2/ADX for the 4x64 helpers. Constant time: the
 * schedule is fixed; a digit only chooses a table entry through a mask
 * register from a compare (every entry is loaded whatever the digit), and
 * its sign through another mask.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "fe25519_4x64.h"
#include "fe25519_avx512ifma.h"

/* Two points, one per 256-bit half: limb i of lane c of half h in lane
 * 4h + c of v[i], radix 2^51 as fe4. */
typedef struct {
  __m512i v[5];
} fe8;

/* A 256-bit lane mask applied to both halves. */
#define BOTH(lanes) ((__mmask8)((lanes) | (lanes) << 4))

/* As perm4, in both halves (VPERMQ with an immediate permutes within each
 * 256-bit half). A macro for the same reason as perm4: the immediate. */
#define perm8(r, a, imm)                                                          \
  do {                                                                            \
    for (int i_ = 0; i_ < 5; i_++) (r)->v[i_] = _mm512_permutex_epi64((a)->v[i_], (imm)); \
  } while (0)

/* _mm512_permutex_epi64 immediate: result lane i (of each half) takes li. */
#define LANES8(l0, l1, l2, l3) ((l0) | (l1) << 2 | (l2) << 4 | (l3) << 6)

/* 19 x without a multiplier: as fe25519_avx512ifma.h's mul19. */
static inline __attribute__((always_inline)) __m512i mul19_8(__m512i x) {
  return _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 1)), x);
}

/* carry4 on both halves: limbs below 2^63 in, limb 0 below 2^51 + 2^17 and
 * limbs 1..4 below 2^51 + 2^12 out (2^51 + 2^11 for mul8's columns). */
static inline __attribute__((always_inline)) void carry8(fe8 *r) {
  const __m512i m = _mm512_set1_epi64((long long)M51);
  __m512i c[5];
  for (int i = 0; i < 5; i++) c[i] = _mm512_srli_epi64(r->v[i], 51);
  r->v[0] = _mm512_add_epi64(_mm512_and_si512(r->v[0], m), mul19_8(c[4]));
  for (int i = 1; i < 5; i++) r->v[i] = _mm512_add_epi64(_mm512_and_si512(r->v[i], m), c[i - 1]);
}

/* mul4 on both halves: limbs below 2^52 in; the columns stay below
 * 267 * 2^52 < 2^60.1 before the carry (fe25519_avx512ifma.h). */
static inline __attribute__((always_inline)) void mul8(fe8 *r, const fe8 *a, const fe8 *b) {
  __m512i lo[9], hi[9];
  const __m512i z = _mm512_setzero_si512();
  for (int k = 0; k < 9; k++) lo[k] = hi[k] = z;
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) {
      lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a->v[i], b->v[j]);
      hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a->v[i], b->v[j]);
    }
  }
  __m512i col[10];
  col[0] = lo[0];
  for (int k = 1; k < 9; k++) col[k] = _mm512_add_epi64(lo[k], _mm512_add_epi64(hi[k - 1], hi[k - 1]));
  col[9] = _mm512_add_epi64(hi[8], hi[8]);
  for (int k = 0; k < 5; k++) r->v[k] = _mm512_add_epi64(col[k], mul19_8(col[k + 5]));
  carry8(r);
}

/* a + b, carried: limbs below 2^52 each in, below 2^51 + 57 out. */
static inline __attribute__((always_inline)) void add8(fe8 *r, const fe8 *a, const fe8 *b) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm512_add_epi64(a->v[i], b->v[i]);
  carry8(r);
}

/* a - b + 4p, carried: b below 2^53 - 76 keeps every limb non-negative,
 * a below 2^52 keeps the sum below 2^54; below 2^51 + 95 out. */
static inline __attribute__((always_inline)) void sub8(fe8 *r, const fe8 *a, const fe8 *b) {
  const __m512i p4_0 = _mm512_set1_epi64((long long)((UINT64_C(1) << 53) - 76));
  const __m512i p4_i = _mm512_set1_epi64((long long)((UINT64_C(1) << 53) - 4));
  r->v[0] = _mm512_sub_epi64(_mm512_add_epi64(a->v[0], p4_0), b->v[0]);
  for (int i = 1; i < 5; i++) r->v[i] = _mm512_sub_epi64(_mm512_add_epi64(a->v[i], p4_i), b->v[i]);
  carry8(r);
}

/* lanes of b where the 8-bit mask is set, else of a */
static inline __attribute__((always_inline)) void blend8(fe8 *r, const fe8 *a, const fe8 *b, __mmask8 m) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm512_mask_blend_epi64(m, a->v[i], b->v[i]);
}

/* Limb i of 4p = 8 (2^255 - 19) in radix 2^51: 2^53 - 76, then 2^53 - 4. */
static inline __attribute__((always_inline)) __m512i p4_limb(int i) {
  return _mm512_set1_epi64((long long)((UINT64_C(1) << 53) - (i == 0 ? 76 : 4)));
}

/* (Y+X, Y-X, T, Z) of each point (X, Y, Z, T): fe25519_avx512ifma_edwards.c's
 * sum_diff, the left operand of an addition, with one carry instead of
 * two: (Y, Y, T, Z) + (X, 4p - X, 0, 0). X below 2^53 - 76 keeps 4p - X
 * non-negative and below 2^53; the sum of limbs below 2^52 + 2^53 is
 * below 2^54, so the carry's carries are below 8 and the result below
 * 2^51 + 152, inside the 52 bits mul8 reads. */
static inline __attribute__((always_inline)) void sum_diff8(fe8 *r, const fe8 *p) {
  fe8 q, x;
  perm8(&q, p, LANES8(1, 1, 3, 2)); /* (Y, Y, T, Z) */
  perm8(&x, p, LANES8(0, 0, 0, 0));
  for (int i = 0; i < 5; i++) {
    const __m512i x0 = _mm512_maskz_mov_epi64(BOTH(0x1), x.v[i]);        /* (X, 0, 0, 0) */
    const __m512i xn = _mm512_mask_sub_epi64(x0, BOTH(0x2), p4_limb(i), x.v[i]); /* (X, 4p - X, 0, 0) */
    r->v[i] = _mm512_add_epi64(q.v[i], xn);
  }
  carry8(r);
}

/* Completed (X', Y', Z', T') to point (X'T', Y'Z', Z'T', X'Y'). */
static inline __attribute__((always_inline)) void to_point8(fe8 *r, const fe8 *c) {
  fe8 a, b;
  perm8(&a, c, LANES8(0, 1, 2, 0));
  perm8(&b, c, LANES8(3, 2, 3, 1));
  mul8(r, &a, &b);
}

/* Completed p + q for q cached (Y+X, Y-X, 2dT, Z): (A - B, A + B, D + C,
 * D - C) from (A, B, C, Z Z2) = (Y+X, Y-X, T, Z) x q, D = 2 Z Z2, as one
 * sum (A, A, ZZ2, ZZ2) + (0, 0, ZZ2, ZZ2) + (4p - B, B, C, 4p - C) and one
 * carry: the products are below 2^51 + 2^11, 4p minus one of them is
 * non-negative and below 2^53, so the sum is below 2^54 and the carried
 * result below 2^51 + 152, as sum_diff8's. */
static inline __attribute__((always_inline)) void add_cached8(fe8 *r, const fe8 *p, const fe8 *q) {
  fe8 l, m, u, v;
  sum_diff8(&l, p);
  mul8(&m, &l, q);
  perm8(&u, &m, LANES8(0, 0, 3, 3)); /* (A, A, ZZ2, ZZ2) */
  perm8(&v, &m, LANES8(1, 1, 2, 2)); /* (B, B, C, C) */
  for (int i = 0; i < 5; i++) {
    const __m512i u2 = _mm512_maskz_mov_epi64(BOTH(0xc), u.v[i]);              /* (0, 0, ZZ2, ZZ2) */
    const __m512i w = _mm512_mask_sub_epi64(v.v[i], BOTH(0x9), p4_limb(i), v.v[i]); /* (-B, B, C, -C) */
    r->v[i] = _mm512_add_epi64(_mm512_add_epi64(u.v[i], u2), w);
  }
  carry8(r);
}

/* Completed 2p (dbl-2008-hwcd, a = -1): (S - t1, t1, t2, 2 ZZ - t2) with
 * S = (X+Y)^2, t1 = YY + XX, t2 = YY - XX, as fe25519_avx512ifma_edwards.c's dbl. */
static inline __attribute__((always_inline)) void dbl8(fe8 *r, const fe8 *p) {
  fe8 q, x, l, m, a, b, s, d, f, g, t;
  perm8(&q, p, LANES8(0, 1, 2, 1)); /* (X, Y, Z, Y) */
  perm8(&x, p, LANES8(0, 0, 0, 0));
  for (int i = 0; i < 5; i++) x.v[i] = _mm512_maskz_mov_epi64(BOTH(0x8), x.v[i]);
  add8(&l, &q, &x);                 /* (X, Y, Z, X+Y) */
  mul8(&m, &l, &l);                 /* (XX, YY, ZZ, S) */
  perm8(&a, &m, LANES8(1, 1, 1, 2)); /* (YY, YY, YY, ZZ) */
  perm8(&b, &m, LANES8(0, 0, 0, 2)); /* (XX, XX, XX, ZZ) */
  add8(&s, &a, &b);                 /* (t1, t1, t1, 2ZZ) */
  sub8(&d, &a, &b);                 /* (t2, t2, t2, 0) */
  blend8(&f, &s, &d, BOTH(0x4));    /* (t1, t1, t2, 2ZZ) */
  perm8(&t, &m, LANES8(3, 3, 3, 3));
  blend8(&f, &f, &t, BOTH(0x1));    /* (S, t1, t2, 2ZZ) */
  perm8(&t, &d, LANES8(0, 0, 0, 0));
  blend8(&g, &s, &t, BOTH(0x8));
  for (int i = 0; i < 5; i++) g.v[i] = _mm512_maskz_mov_epi64(BOTH(0x9), g.v[i]); /* (t1, 0, 0, t2) */
  sub8(r, &f, &g);
}

/* r = p + q, both points, half by half, through q's cached form
 * (Y+X, Y-X, T, Z) x (1, 1, 2d, 1). */
static inline __attribute__((always_inline)) void add_points8(fe8 *r, const fe8 *p, const fe8 *q, const fe8 *k2d) {
  fe8 t, qc, c;
  sum_diff8(&t, q);
  mul8(&qc, &t, k2d);
  add_cached8(&c, p, &qc);
  to_point8(r, &c);
}

/* |b| and the sign of b in [-8, 8], without a branch. */
static inline __attribute__((always_inline)) uint32_t digit_abs(int8_t b, uint64_t *neg) {
  *neg = (uint64_t)(uint8_t)b >> 7;
  return (uint32_t)((b ^ -(int)*neg) + (int)*neg);
}

/* t = (ba T_j | bb T_(j+16)), each half b times its row's point as cached
 * affine (y+x, y-x, 2dxy, 1), b in [-8, 8], 0 giving (1, 1, 0, 1); row is
 * the table's pair of rows j and j + 16, whose fourth lane holds -2dxy.
 * All eight entries are loaded; a compare of the absolute digits against
 * k + 1 gives the mask that keeps entry k in each half. -P swaps y+x with
 * y-x and 2dxy with -2dxy, one permutation chosen per half by the sign
 * mask; then the fourth lane becomes Z = 1. Every limb comes from the
 * table, below 2^51. */
static inline __attribute__((always_inline)) void select8(fe8 *t, const uint64_t row[8][5][8], int8_t ba,
                                                          int8_t bb) {
  uint64_t na, nb;
  const uint32_t aa = digit_abs(ba, &na), ab = digit_abs(bb, &nb);
  const __m512i bv = _mm512_inserti64x4(_mm512_set1_epi64((long long)aa), _mm256_set1_epi64x((long long)ab), 1);
  for (int i = 0; i < 5; i++) t->v[i] = _mm512_maskz_mov_epi64(i == 0 ? BOTH(0x3) : 0, _mm512_set1_epi64(1));
  for (int k = 0; k < 8; k++) {
    const __mmask8 m = _mm512_cmpeq_epi64_mask(bv, _mm512_set1_epi64(k + 1));
    for (int i = 0; i < 5; i++) t->v[i] = _mm512_mask_blend_epi64(m, t->v[i], _mm512_load_si512(row[k][i]));
  }
  fe8 sw;
  perm8(&sw, t, LANES8(1, 0, 3, 2)); /* (y-x, y+x, -2dxy, 2dxy) */
  const __mmask8 nm = (__mmask8)((0x0f & (0 - na)) | (0xf0 & (0 - nb)));
  for (int i = 0; i < 5; i++)
    t->v[i] = _mm512_mask_mov_epi64(_mm512_maskz_mov_epi64(BOTH(0x7), t->v[i]), BOTH(0x7) & nm, sw.v[i]);
  t->v[0] = _mm512_mask_mov_epi64(t->v[0], BOTH(0x8), _mm512_set1_epi64(1)); /* Z = 1 */
}

/* The low half's point to the backend's 4x64 elements {X, Y, Z, T}. */
static void store_low(hwc_fe25519 pt[4], const fe8 *p) {
  fe4 q;
  for (int i = 0; i < 5; i++) q.v[i] = _mm512_castsi512_si256(p->v[i]);
  store_point(pt, &q);
}

void hwc_ge25519_ifma_base(hwc_fe25519 pt[4], const int8_t e[64]) {
  /* (1, 1, 2d, 1) in both halves, radix 2^51 */
  static const uint64_t d2[5] = {0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                                 0x2406d9dc56dff};
  fe8 k2d, acc[2], t, c, x, y;
  for (int i = 0; i < 5; i++) {
    k2d.v[i] = _mm512_mask_mov_epi64(_mm512_maskz_mov_epi64(i == 0 ? BOTH(0xb) : 0, _mm512_set1_epi64(1)),
                                     BOTH(0x4), _mm512_set1_epi64((long long)d2[i]));
    /* the neutral point (0, 1, 1, 0) in both halves of both sums */
    acc[0].v[i] = acc[1].v[i] = _mm512_maskz_mov_epi64(i == 0 ? BOTH(0x6) : 0, _mm512_set1_epi64(1));
  }
  for (int j = 0; j < 16; j++) {
    select8(&t, hwc_ge25519_base_ifma_table[j], e[2 * j + 1], e[2 * j + 33]);
    add_cached8(&c, &acc[0], &t);
    to_point8(&acc[0], &c);
    select8(&t, hwc_ge25519_base_ifma_table[j], e[2 * j], e[2 * j + 32]);
    add_cached8(&c, &acc[1], &t);
    to_point8(&acc[1], &c);
  }
  /* x = (A0 | B0), y = (A1 | B1), then (S_odd | S_even) = x + y */
  for (int i = 0; i < 5; i++) {
    x.v[i] = _mm512_shuffle_i64x2(acc[0].v[i], acc[1].v[i], 0x44);
    y.v[i] = _mm512_shuffle_i64x2(acc[0].v[i], acc[1].v[i], 0xee);
  }
  add_points8(&x, &x, &y, &k2d);
  /* y = (16 S_odd | 16 S_even); keep (16 S_odd | S_even) */
  y = x;
  for (int d = 0; d < 4; d++) {
    dbl8(&c, &y);
    to_point8(&y, &c);
  }
  blend8(&x, &y, &x, 0xf0);
  /* low half of x + (S_even | 16 S_odd): 16 S_odd + S_even = a B */
  for (int i = 0; i < 5; i++) y.v[i] = _mm512_shuffle_i64x2(x.v[i], x.v[i], 0x4e);
  add_points8(&x, &x, &y, &k2d);
  store_low(pt, &x);
  volatile __m512i *w = &acc[0].v[0];
  for (int i = 0; i < 10; i++) w[i] = _mm512_setzero_si512();
  volatile __m512i *wt = &t.v[0];
  for (int i = 0; i < 5; i++) wt[i] = _mm512_setzero_si512();
  volatile __m512i *wx = &x.v[0];
  for (int i = 0; i < 5; i++) wx[i] = _mm512_setzero_si512();
  volatile __m512i *wy = &y.v[0];
  for (int i = 0; i < 5; i++) wy[i] = _mm512_setzero_si512();
}
