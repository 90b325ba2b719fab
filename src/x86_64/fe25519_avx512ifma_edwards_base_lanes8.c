/* SPDX-License-Identifier: ISC */
/*
 * Eight fixed-base multiplications a_l B on edwards25519 at once, one per
 * lane of 512-bit vectors, ending in the 32-byte encodings: the
 * avx512ifma fe25519 backend's edwards_base_lanes entry (contract in
 * src/kernels.h), for the Ed25519 signing batch. The schedule is ref10's
 * (ed25519_base.c): the signed radix-16 digits e_i in [-8, 8], the odd
 * digits' table points added, four doublings, the even digits' added;
 * each addition a mixed one (the table's points are affine, (y+x, y-x,
 * 2dxy)), 7 products; each doubling 4 squarings and 4 products. Then one
 * Fermat inversion per lane (in lanes, the same fixed chain for all) and
 * the canonical encoding with x's parity in bit 255.
 *
 * The table is the backend's own (fe25519_avx512ifma_base_table.c, radix 2^51,
 * below 2^51): the row of digit position 2j or 2j + 1 (j < 32) sits in
 * lanes 0..3 of [j mod 16] for j < 16, lanes 4..7 for j >= 16; lane c of
 * those is y+x, y-x, 2dxy, -2dxy for c = 0..3.
 *
 * Field arithmetic and bounds: fe25519_ifma_lanes8.h; every operand is
 * carried (below 2^52) or a table limb (below 2^51).
 *
 * Formulas (Hisil, Wong, Carter, Dawson 2008, a = -1), extended
 * coordinates (X, Y, Z, T), T = XY/Z:
 *   madd with (y+x, y-x, 2dxy): A = (Y-X)(y-x), B = (Y+X)(y+x),
 *     C = T 2dxy, D = 2Z; E = B-A, F = D-C, G = D+C, H = B+A;
 *   dbl: A = X^2, B = Y^2, C = 2Z^2, E = (X+Y)^2 - A - B, G = B-A,
 *     F = G-C, H = -(A+B);
 *   then X = EF, Y = GH, Z = FG, T = EH for both.
 *
 * ISA: AVX-512F, AVX-512IFMA. Constant time: a digit selects its table
 * entry through per-lane masks from compares (every entry of the row is
 * read whatever the digits) and its sign through another mask; the
 * schedule is fixed. Secrets stay in registers and this frame
 * (src/kernels.h).
 */
#include "src/kernels.h"
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

/* r = p + q for q affine from the table. */
static inline void madd8(pt8 *r, const pt8 *p, const pre8 *q) {
  fe8 a, b, c, d, e, f, g, h;
  sub8(&a, &p->y, &p->x);
  mul8(&a, &a, &q->ym);
  add8(&b, &p->y, &p->x);
  mul8(&b, &b, &q->yp);
  mul8(&c, &p->t, &q->xy);
  add8(&d, &p->z, &p->z);
  sub8(&e, &b, &a);
  sub8(&f, &d, &c);
  add8(&g, &d, &c);
  add8(&h, &b, &a);
  finish8(r, &e, &f, &g, &h);
}

/* r = 2p. */
static inline void dbl8(pt8 *r, const pt8 *p) {
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
  finish8(r, &e, &f, &g, &h);
}

void hwc_ed25519_base_ifma_lanes8(uint8_t (*out)[32], const int8_t (*e)[64]) {
  pt8 h;
  pre8 t;
  for (int i = 0; i < 5; i++) {
    h.x.v[i] = h.t.v[i] = _mm512_setzero_si512();
    h.y.v[i] = h.z.v[i] = _mm512_set1_epi64(i == 0);
  }
  for (int i = 1; i < 64; i += 2) {
    select8(&t, i / 2, e, i);
    madd8(&h, &h, &t);
  }
  for (int d = 0; d < 4; d++) dbl8(&h, &h);
  for (int i = 0; i < 64; i += 2) {
    select8(&t, i / 2, e, i);
    madd8(&h, &h, &t);
  }
  /* y = Y/Z, x = X/Z; the encoding is y with x's parity in bit 255 */
  fe8 zi, x, y;
  uint8_t xb[8][32];
  invert8(&zi, &h.z);
  mul8(&x, &h.x, &zi);
  mul8(&y, &h.y, &zi);
  store_canonical(xb, &x);
  store_canonical(out, &y);
  for (int l = 0; l < 8; l++) out[l][31] |= (uint8_t)(xb[l][0] << 7);
}
