/* SPDX-License-Identifier: ISC */
/*
 * edwards25519 points in the eight lanes of 512-bit vectors, one point per
 * lane, for the avx512ifma backend's Edwards lane entries (the signing
 * batch's fixed-base multiplication, fe25519_avx512ifma_edwards_base_lanes8.c,
 * and the verification batch's double multiplication,
 * fe25519_avx512ifma_ed25519_verify_lanes8.c): the point types, the
 * backend's fixed-base table lookup and the formulas both use.
 *
 * Formulas (Hisil, Wong, Carter, Dawson 2008, a = -1), extended
 * coordinates (X, Y, Z, T), T = XY/Z:
 *   madd with (y+x, y-x, 2dxy): A = (Y-X)(y-x), B = (Y+X)(y+x),
 *     C = T 2dxy, D = 2Z; E = B-A, F = D-C, G = D+C, H = B+A;
 *   dbl: A = X^2, B = Y^2, C = 2Z^2, E = (X+Y)^2 - A - B, G = B-A,
 *     F = G-C, H = -(A+B);
 *   then X = EF, Y = GH, Z = FG, T = EH for both.
 *
 * Field arithmetic and bounds: fe25519_ifma_lanes8.h; every operand is
 * carried (below 2^52) or a table limb (below 2^51). Constant time: the
 * table lookup reads every entry of the row and keeps one per lane by
 * compare masks; the formulas are fixed sequences. Include only from
 * files compiled with AVX-512F and AVX-512IFMA.
 */
#ifndef HWC_X86_64_FE25519_IFMA_EDWARDS_LANES8_H
#define HWC_X86_64_FE25519_IFMA_EDWARDS_LANES8_H

#include "fe25519_ifma_lanes8.h"

/* A point in extended coordinates, one per lane. */
typedef struct {
  fe8 x, y, z, t;
} pt8;

/* An affine table point, one per lane: (y+x, y-x, 2dxy). */
typedef struct {
  fe8 yp, ym, xy;
} pre8;

/* Every lane's entry of row `pos` for its digit (column `digit` of the
 * digits e[l][...]): all eight entries read, each kept where the lane's
 * |digit| equals its index + 1 (a compare mask), starting from the
 * neutral (1, 1, 0) for digit 0; a negative digit swaps y+x with y-x and
 * takes -2dxy from the table's fourth lane. */
static inline void select8(pre8 *t, int pos, const int8_t (*e)[64], int digit) {
  _Alignas(64) int64_t d[8];
  for (int l = 0; l < 8; l++) d[l] = e[l][digit];
  const __m512i dv = _mm512_load_si512(d);
  const __m512i av = _mm512_abs_epi64(dv);
  const __mmask8 neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
  const uint64_t(*row)[5][8] = hwc_ge25519_base_ifma_table[pos & 15];
  const int half = 4 * (pos >> 4);
  fe8 yp, ym, xy, xn;
  for (int i = 0; i < 5; i++) {
    yp.v[i] = ym.v[i] = _mm512_set1_epi64(i == 0);
    xy.v[i] = xn.v[i] = _mm512_setzero_si512();
  }
  for (int k = 0; k < 8; k++) {
    const __mmask8 m = _mm512_cmpeq_epi64_mask(av, _mm512_set1_epi64(k + 1));
    for (int i = 0; i < 5; i++) {
      yp.v[i] = _mm512_mask_set1_epi64(yp.v[i], m, (long long)row[k][i][half]);
      ym.v[i] = _mm512_mask_set1_epi64(ym.v[i], m, (long long)row[k][i][half + 1]);
      xy.v[i] = _mm512_mask_set1_epi64(xy.v[i], m, (long long)row[k][i][half + 2]);
      xn.v[i] = _mm512_mask_set1_epi64(xn.v[i], m, (long long)row[k][i][half + 3]);
    }
  }
  for (int i = 0; i < 5; i++) {
    t->yp.v[i] = _mm512_mask_blend_epi64(neg, yp.v[i], ym.v[i]);
    t->ym.v[i] = _mm512_mask_blend_epi64(neg, ym.v[i], yp.v[i]);
    t->xy.v[i] = _mm512_mask_blend_epi64(neg, xy.v[i], xn.v[i]);
  }
}

/* The four products that finish both formulas: (EF, GH, FG, EH). */
static inline void finish8(pt8 *r, const fe8 *e, const fe8 *f, const fe8 *g, const fe8 *h) {
  mul8(&r->x, e, f);
  mul8(&r->y, g, h);
  mul8(&r->z, f, g);
  mul8(&r->t, e, h);
}

/* r = p + q, the addition both point forms share, given q's (y+x, y-x)
 * and its T factor tq (2dxy affine, 2dT cached) and D (2Z1 affine, Z1 2Z2
 * cached): A = (Y-X)(y-x), B = (Y+X)(y+x), C = T tq; E = B-A, F = D-C,
 * G = D+C, H = B+A. */
static inline void add_with_d8(pt8 *r, const pt8 *p, const fe8 *qyp, const fe8 *qym, const fe8 *tq, const fe8 *d) {
  fe8 a, b, c, e, f, g, h;
  sub8(&a, &p->y, &p->x);
  mul8(&a, &a, qym);
  add8(&b, &p->y, &p->x);
  mul8(&b, &b, qyp);
  mul8(&c, &p->t, tq);
  sub8(&e, &b, &a);
  sub8(&f, d, &c);
  add8(&g, d, &c);
  add8(&h, &b, &a);
  finish8(r, &e, &f, &g, &h);
}

/* r = p + q for q affine from the table: D = 2Z1. */
static inline void madd8(pt8 *r, const pt8 *p, const pre8 *q) {
  fe8 d;
  add8(&d, &p->z, &p->z);
  add_with_d8(r, p, &q->yp, &q->ym, &q->xy, &d);
}

/* r = 2p, with T = EH only when with_t (a constant at every call). */
static inline void dbl8_t(pt8 *r, const pt8 *p, int with_t) {
  fe8 a, b, c, s, ab, e, f, g, h, zero;
  for (int i = 0; i < 5; i++) zero.v[i] = _mm512_setzero_si512();
  sqr8(&a, &p->x);
  sqr8(&b, &p->y);
  sqr8(&c, &p->z);
  add8(&c, &c, &c);
  add8(&s, &p->x, &p->y);
  sqr8(&s, &s);
  add8(&ab, &a, &b);
  sub8(&e, &s, &ab);
  sub8(&g, &b, &a);
  sub8(&f, &g, &c);
  sub8(&h, &zero, &ab);
  mul8(&r->x, &e, &f);
  mul8(&r->y, &g, &h);
  mul8(&r->z, &f, &g);
  if (with_t) mul8(&r->t, &e, &h);
}

/* r = 2p. */
static inline void dbl8(pt8 *r, const pt8 *p) { dbl8_t(r, p, 1); }

/* r = 2p without T (left as it was), for a doubling whose result only
 * feeds another doubling: the formula reads X, Y and Z alone, so T = EH
 * is a product nobody would use. */
static inline void dbl8_xyz(pt8 *r, const pt8 *p) { dbl8_t(r, p, 0); }

/* h = the neutral element (0, 1, 1, 0) in every lane. */
static inline void identity8(pt8 *h) {
  for (int i = 0; i < 5; i++) {
    h->x.v[i] = h->t.v[i] = _mm512_setzero_si512();
    h->y.v[i] = h->z.v[i] = _mm512_set1_epi64(i == 0);
  }
}

/* out[l] = the encoding of lane l's point: y = Y/Z with x = X/Z's parity
 * in bit 255, one Fermat inversion per lane (the same fixed chain). */
static inline void encode8(uint8_t (*out)[32], const pt8 *h) {
  fe8 zi, x, y;
  uint8_t xb[8][32];
  invert8(&zi, &h->z);
  mul8(&x, &h->x, &zi);
  mul8(&y, &h->y, &zi);
  store_canonical(xb, &x);
  store_canonical(out, &y);
  for (int l = 0; l < 8; l++) out[l][31] |= (uint8_t)(xb[l][0] << 7);
}

#endif /* HWC_X86_64_FE25519_IFMA_EDWARDS_LANES8_H */
