/* SPDX-License-Identifier: ISC */
/*
 * Eight double multiplications a_l A_l + b_l B on edwards25519 at once,
 * one per lane of 512-bit vectors, ending in the 32-byte encodings: the
 * avx512ifma fe25519 backend's edwards_double_lanes entry (contract in
 * src/kernels.h), for the Ed25519 verification batch (R' = S B - h A).
 *
 * The single verification's double multiplication skips zero digits of
 * its NAF recodings, so its work differs per item; lanes cannot branch
 * apart, so here every lane runs one fixed schedule on signed radix-16
 * digits in [-8, 8] (hwc_ge25519_radix16) of both scalars, Horner's
 * rule from the top digit: 4 doublings, then lane l adds a_l[i] A_l from
 * its own table of 1A..8A (full additions, cached form) and b_l[i] B from
 * row 0 of the backend's fixed-base table (mixed additions). That is 252
 * doublings (three of each four without T, which only an addition reads),
 * 64 full and 64 mixed additions for any scalars, then one inversion per
 * lane for the encoding.
 *
 * Cached form of a point (X, Y, Z, T): (Y+X, Y-X, 2Z, 2dT), so that a full
 * addition is the mixed one's formula with D = Z1 2Z2 instead of 2Z1:
 * A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2dT2, D = Z1 2Z2;
 * E = B-A, F = D-C, G = D+C, H = B+A; 8 products. -P in cached form is
 * (Y-X, Y+X, 2Z, -2dT): a swap and a negation.
 *
 * Field arithmetic and bounds: fe25519_ifma_lanes8.h (every operand
 * carried, below 2^52, or a table limb below 2^51); the shared formulas
 * and the fixed-base lookup: fe25519_ifma_edwards_lanes8.h.
 *
 * ISA: AVX-512F, AVX-512IFMA. Verification handles public data only, but
 * the lookups are the same compare-mask scans as the signing batch's (no
 * index or branch on any digit), so no lane's data shapes the schedule.
 */
#include "src/kernels.h"
#include "fe25519_ifma_edwards_lanes8.h"

/* A point in cached form, one per lane: (Y+X, Y-X, 2Z, 2dT). */
typedef struct {
  fe8 yp, ym, z2, t2d;
} cached8;

/* 2d mod p in radix 2^51, d = -121665/121666 the curve constant. */
static const uint64_t d2_limbs[5] = {0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                                     0x2406d9dc56dff};

/* c = p in cached form. */
static inline void to_cached8(cached8 *c, const pt8 *p) {
  fe8 d2;
  for (int i = 0; i < 5; i++) d2.v[i] = _mm512_set1_epi64((long long)d2_limbs[i]);
  add8(&c->yp, &p->y, &p->x);
  sub8(&c->ym, &p->y, &p->x);
  add8(&c->z2, &p->z, &p->z);
  mul8(&c->t2d, &p->t, &d2);
}

/* r = p + q, q in cached form: the mixed formula of madd8 with D = Z1 2Z2. */
static inline void add_cached8(pt8 *r, const pt8 *p, const cached8 *q) {
  fe8 a, b, c, d, e, f, g, h;
  sub8(&a, &p->y, &p->x);
  mul8(&a, &a, &q->ym);
  add8(&b, &p->y, &p->x);
  mul8(&b, &b, &q->yp);
  mul8(&c, &p->t, &q->t2d);
  mul8(&d, &p->z, &q->z2);
  sub8(&e, &b, &a);
  sub8(&f, &d, &c);
  add8(&g, &d, &c);
  add8(&h, &b, &a);
  finish8(r, &e, &f, &g, &h);
}

/* t = e[l][digit] A_l in cached form for every lane l, from tab[k] =
 * (k+1) A_l: every entry read, lane l keeping the one where |digit| = k+1
 * (the neutral (1, 1, 2, 0) for 0); a negative digit swaps Y+X with Y-X
 * and takes -2dT. */
static inline void select_cached8(cached8 *t, const cached8 tab[8], const int8_t (*e)[64], int digit) {
  _Alignas(64) int64_t dg[8];
  for (int l = 0; l < 8; l++) dg[l] = e[l][digit];
  const __m512i dv = _mm512_load_si512(dg);
  const __m512i av = _mm512_abs_epi64(dv);
  const __mmask8 neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
  fe8 yp, ym, zero;
  for (int i = 0; i < 5; i++) {
    yp.v[i] = ym.v[i] = _mm512_set1_epi64(i == 0);
    t->z2.v[i] = _mm512_set1_epi64(2 * (i == 0));
    t->t2d.v[i] = zero.v[i] = _mm512_setzero_si512();
  }
  for (int k = 0; k < 8; k++) {
    const __mmask8 m = _mm512_cmpeq_epi64_mask(av, _mm512_set1_epi64(k + 1));
    for (int i = 0; i < 5; i++) {
      yp.v[i] = _mm512_mask_mov_epi64(yp.v[i], m, tab[k].yp.v[i]);
      ym.v[i] = _mm512_mask_mov_epi64(ym.v[i], m, tab[k].ym.v[i]);
      t->z2.v[i] = _mm512_mask_mov_epi64(t->z2.v[i], m, tab[k].z2.v[i]);
      t->t2d.v[i] = _mm512_mask_mov_epi64(t->t2d.v[i], m, tab[k].t2d.v[i]);
    }
  }
  fe8 tn;
  sub8(&tn, &zero, &t->t2d);
  for (int i = 0; i < 5; i++) {
    t->yp.v[i] = _mm512_mask_blend_epi64(neg, yp.v[i], ym.v[i]);
    t->ym.v[i] = _mm512_mask_blend_epi64(neg, ym.v[i], yp.v[i]);
    t->t2d.v[i] = _mm512_mask_blend_epi64(neg, t->t2d.v[i], tn.v[i]);
  }
}

void hwc_ed25519_double_ifma_lanes8(uint8_t (*out)[32], const int8_t (*a)[64], const uint8_t (*ax)[32],
                                    const uint8_t (*ay)[32], const int8_t (*b)[64]) {
  /* A_l affine: Z = 1, T = xy; then tab[k] = (k+1) A_l. */
  pt8 p, q;
  load8(&p.x, ax);
  load8(&p.y, ay);
  mul8(&p.t, &p.x, &p.y);
  for (int i = 0; i < 5; i++) p.z.v[i] = _mm512_set1_epi64(i == 0);
  cached8 tab[8];
  to_cached8(&tab[0], &p);
  dbl8(&q, &p);
  to_cached8(&tab[1], &q);
  for (int k = 2; k < 8; k++) {
    add_cached8(&q, &q, &tab[0]);
    to_cached8(&tab[k], &q);
  }

  pt8 h;
  cached8 ta;
  pre8 tb;
  identity8(&h);
  for (int i = 63; i >= 0; i--) {
    if (i < 63) {
      for (int d = 0; d < 3; d++) dbl8_xyz(&h, &h);
      dbl8(&h, &h);
    }
    select_cached8(&ta, tab, a, i);
    add_cached8(&h, &h, &ta);
    select8(&tb, 0, b, i);
    madd8(&h, &h, &tb);
  }
  encode8(out, &h);
}
