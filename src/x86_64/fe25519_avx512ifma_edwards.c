/* SPDX-License-Identifier: ISC */
/*
 * The Edwards-curve operations of the avx512ifma fe25519 backend: its
 * edwards_scalarmult (constant-time variable-base scalar multiplication)
 * and edwards_double_vartime (a A + b B for verification), with every point in
 * one fe4 (fe25519_avx512ifma.h): the four coordinates of a point in the
 * four lanes, so that the four products of each formula are one 4-way IFMA
 * product.
 *
 * Why they sit in the field backend's table (src/kernels.h, fe25519
 * section) rather than a group table of their own: their speed comes from
 * keeping the point, its table and every doubling in this backend's
 * private 4-way radix-2^51 layout from the first digit to the last, and
 * only this backend knows how its elements map into that layout
 * (to_radix51, from_radix51 over the 4x64 elements). A separate table
 * would still be bound to this one field backend and its element layout;
 * as optional entries (NULL elsewhere, where the protocol's loops in
 * src/curve25519/ run over the field operations) they are selected
 * together with the layout they need, never apart from it.
 *
 * The schedule is the protocol's (src/curve25519/ge25519.c): signed radix-16 digits,
 * a table of 1..8 times the point in "cached" form, per digit one addition
 * then four doublings, all in extended coordinates (Hisil, Wong, Carter,
 * Dawson, "Twisted Edwards curves revisited", 2008, with ref10's formulas).
 * Lane layouts, fixed so that each formula's products line up:
 *   point (p3)     (X, Y, Z, T)
 *   cached         (Y+X, Y-X, 2dT, Z)
 *   completed      (X', Y', Z', T') with x = X'/Z', y = Y'/T' (ref10's p1p1)
 * Each step is one 4-way product and a few lane moves and carried
 * additions: addition (Y+X, Y-X, T, Z) x cached; doubling (X, Y, Z, X+Y)
 * squared; completed to point (X', Y', Z', X') x (T', Z', T', Y'). Ten
 * 4-way products per digit against 36 single ones in the protocol's loop;
 * a 4-way product costs well under four single 4x64 ones, so the digit
 * loop measured faster than the protocol's loop over the mulx operations
 * (see the bench's ed25519 and ristretto255 rows).
 *
 * The fixed-base multiplication (edwards_base) is in
 * fe25519_avx512ifma_edwards_base.c: the same formulas on two points per 512-bit
 * vector.
 *
 * Bounds (limb bounds of each operation in fe25519_avx512ifma.h): no sum goes
 * uncarried into a product. The formulas' sums (Y+X and Y-X in sum_diff,
 * X+Y in dbl, A+B, D+C, D-C, t1, t2, 2ZZ and S-t1 in the completed points,
 * the negations 0 - q) all come out of add4 or sub4, which carry: limbs
 * below 2^51 + 2^7. Uncarried, two such terms could pass 2^52, the width
 * IFMA reads, and the product would silently lose the top bit; one carry
 * pass per sum is what the 52-bit window costs. The other mul4 operands
 * are mul4 outputs (below 2^51 + 2^11), to_radix51 loads (below 2^52: the
 * point, the table's affine entries that load_precomp feeds straight into
 * add_cached's product), 2d (limbs below 2^51) and 0 or 1 lanes. sub4's
 * subtrahends are all below 2^52 < 2^53 - 76, so no lane goes negative.
 * Completed points are sub4/add4 output, points and cached entries mul4
 * output, so every loop iteration starts from the bounds it ends with.
 *
 * ISA: AVX-512F, AVX-512VL, AVX-512IFMA (256-bit vectors), and the 4x64
 * helpers' BMI2/ADX. Constant time: fixed sequence per digit; the table
 * entry and its sign are chosen by masks over all eight entries.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "fe25519_4x64.h"
#include "fe25519_avx512ifma.h"

/* _mm256_permute4x64_epi64 immediate: result lane i takes lane li. */
#define LANES(l0, l1, l2, l3) ((l0) | (l1) << 2 | (l2) << 4 | (l3) << 6)

/* One lane's element, keeping the other lanes zero. */
static inline void maskz4(fe4 *r, const fe4 *a, unsigned lanes) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm256_maskz_mov_epi64((__mmask8)lanes, a->v[i]);
}

static inline void blend4(fe4 *r, const fe4 *a, const fe4 *b, unsigned lanes) {
  for (int i = 0; i < 5; i++) r->v[i] = BLEND(a->v[i], b->v[i], lanes);
}

/* (Y+X, Y-X, T, Z) from a point (X, Y, Z, T): the left operand of an
 * addition and, times (1, 1, 2d, 1), the cached form. */
static inline void sum_diff(fe4 *r, const fe4 *p) {
  fe4 q, x, s, d;
  perm4(&q, p, LANES(1, 1, 3, 2)); /* (Y, Y, T, Z) */
  perm4(&x, p, LANES(0, 0, 0, 0));
  maskz4(&x, &x, 0x3);             /* (X, X, 0, 0) */
  add4(&s, &q, &x);
  sub4(&d, &q, &x);
  blend4(r, &s, &d, 0x2);
}

/* Completed (X', Y', Z', T') to point: (X'T', Y'Z', Z'T', X'Y'). */
static inline void to_point(fe4 *r, const fe4 *c) {
  fe4 a, b;
  perm4(&a, c, LANES(0, 1, 2, 0));
  perm4(&b, c, LANES(3, 2, 3, 1));
  mul4(r, &a, &b);
}

/* Completed p + q, q cached: with A = (Y+X)(Y2+X2), B = (Y-X)(Y2-X2),
 * C = 2d T T2, D = 2 Z Z2 the result is (A - B, A + B, D + C, D - C). */
static inline void add_cached(fe4 *r, const fe4 *p, const fe4 *q) {
  fe4 l, m, u, u2, v, s, d;
  sum_diff(&l, p);
  mul4(&m, &l, q);                 /* (A, B, C, Z Z2) */
  perm4(&u, &m, LANES(0, 0, 3, 3));
  maskz4(&u2, &u, 0xc);
  add4(&u, &u, &u2);               /* (A, A, D, D) */
  perm4(&v, &m, LANES(1, 1, 2, 2)); /* (B, B, C, C) */
  add4(&s, &u, &v);
  sub4(&d, &u, &v);
  blend4(r, &s, &d, 0x9);
}

/* Completed 2p ("dbl-2008-hwcd", a = -1, T unused): with XX, YY, ZZ and
 * S = (X+Y)^2, t1 = YY + XX, t2 = YY - XX the result is
 * (S - t1, t1, t2, 2 ZZ - t2). */
static inline void dbl(fe4 *r, const fe4 *p) {
  fe4 q, x, l, m, a, b, s, d, f, g, t;
  perm4(&q, p, LANES(0, 1, 2, 1)); /* (X, Y, Z, Y) */
  perm4(&x, p, LANES(0, 0, 0, 0));
  maskz4(&x, &x, 0x8);
  add4(&l, &q, &x);                /* (X, Y, Z, X+Y) */
  mul4(&m, &l, &l);                /* (XX, YY, ZZ, S) */
  perm4(&a, &m, LANES(1, 1, 1, 2)); /* (YY, YY, YY, ZZ) */
  perm4(&b, &m, LANES(0, 0, 0, 2)); /* (XX, XX, XX, ZZ) */
  add4(&s, &a, &b);                /* (t1, t1, t1, 2ZZ) */
  sub4(&d, &a, &b);                /* (t2, t2, t2, 0) */
  blend4(&f, &s, &d, 0x4);         /* (t1, t1, t2, 2ZZ) */
  perm4(&t, &m, LANES(3, 3, 3, 3));
  blend4(&f, &f, &t, 0x1);         /* (S, t1, t2, 2ZZ) */
  perm4(&t, &d, LANES(0, 0, 0, 0));
  blend4(&g, &s, &t, 0x8);
  maskz4(&g, &g, 0x9);             /* (t1, 0, 0, t2) */
  sub4(r, &f, &g);
}

/* t = b times the point from tab[j] = (j+1) P (cached), b in [-8, 8]:
 * every entry is read and kept under a mask; -P swaps the first two lanes
 * and negates the third, again under a mask. */
static inline void select_cached4(fe4 *t, const fe4 tab[8], int8_t b) {
  const uint64_t neg = (uint64_t)(uint8_t)b >> 7;
  const uint32_t babs = (uint32_t)((b ^ -(int)neg) + (int)neg);
  for (int i = 0; i < 5; i++) /* the identity (1, 1, 0, 1) */
    t->v[i] = _mm256_set_epi64x(i == 0, 0, i == 0, i == 0);
  for (uint32_t k = 0; k < 8; k++) {
    const __m256i m = _mm256_set1_epi64x(-(long long)(((babs ^ (k + 1)) - 1) >> 31)); /* babs < 16 */
    for (int i = 0; i < 5; i++) t->v[i] = _mm256_or_si256(_mm256_andnot_si256(m, t->v[i]), _mm256_and_si256(m, tab[k].v[i]));
  }
  fe4 sw, z, n;
  perm4(&sw, t, LANES(1, 0, 2, 3));
  for (int i = 0; i < 5; i++) z.v[i] = _mm256_setzero_si256();
  sub4(&n, &z, &sw);
  blend4(&sw, &sw, &n, 0x4);       /* (Y-X, Y+X, -2dT, Z) */
  const __m256i nm = _mm256_set1_epi64x(-(long long)neg);
  for (int i = 0; i < 5; i++) t->v[i] = _mm256_or_si256(_mm256_andnot_si256(nm, t->v[i]), _mm256_and_si256(nm, sw.v[i]));
}

static void load_point(fe4 *p, const hwc_fe25519 pt[4]) {
  uint64_t l[4][5];
  for (int c = 0; c < 4; c++) to_radix51(l[c], pt[c].d);
  for (int i = 0; i < 5; i++)
    p->v[i] = _mm256_set_epi64x((long long)l[3][i], (long long)l[2][i], (long long)l[1][i], (long long)l[0][i]);
  volatile uint64_t *vl = &l[0][0];
  for (int i = 0; i < 20; i++) vl[i] = 0;
}

/* An affine point prepared for mixed addition, (y+x, y-x, 2dxy), as the
 * cached form (y+x, y-x, 2dxy, 1): addition is then the same formula. */
static void load_precomp(fe4 *t, const hwc_fe25519 q[3]) {
  uint64_t l[3][5];
  for (int c = 0; c < 3; c++) to_radix51(l[c], q[c].d);
  for (int i = 0; i < 5; i++)
    t->v[i] = _mm256_set_epi64x(i == 0, (long long)l[2][i], (long long)l[1][i], (long long)l[0][i]);
  volatile uint64_t *vl = &l[0][0];
  for (int i = 0; i < 15; i++) vl[i] = 0;
}

/* -q for a cached (or prepared affine) q: swap the first two lanes and
 * negate the third. */
static inline void neg_cached(fe4 *r, const fe4 *q) {
  fe4 z, n;
  perm4(r, q, LANES(1, 0, 2, 3));
  for (int i = 0; i < 5; i++) z.v[i] = _mm256_setzero_si256();
  sub4(&n, &z, r);
  blend4(r, r, &n, 0x4);
}

/* VARIABLE TIME, for public inputs (signature verification): a A + b B
 * from the width-5 and width-8 NAF digits of a and b (the protocol's
 * hwc_ge25519_double_scalarmult_vartime), B's odd multiples given. */
void hwc_ge25519_ifma_double_vartime(hwc_fe25519 pt[4], const int8_t an[256], const int8_t bn[256],
                                     const hwc_fe25519 bt[64][3]) {
  static const uint64_t d2[5] = {0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                                 0x2406d9dc56dff};
  fe4 k2d, a, a2, u, c, t, ai[8], ain[8], h;
  for (int i = 0; i < 5; i++) k2d.v[i] = _mm256_set_epi64x(i == 0, (long long)d2[i], i == 0, i == 0);
  load_point(&a, pt);
  sum_diff(&t, &a);
  mul4(&ai[0], &t, &k2d);
  dbl(&c, &a);
  to_point(&a2, &c);
  for (int j = 1; j < 8; j++) { /* A, 3A, ..., 15A */
    add_cached(&c, &a2, &ai[j - 1]);
    to_point(&u, &c);
    sum_diff(&t, &u);
    mul4(&ai[j], &t, &k2d);
  }
  for (int j = 0; j < 8; j++) neg_cached(&ain[j], &ai[j]);
  for (int i = 0; i < 5; i++) h.v[i] = _mm256_set_epi64x(0, i == 0, i == 0, 0);
  int i = 255;
  while (i >= 0 && an[i] == 0 && bn[i] == 0) i--;
  for (; i >= 0; i--) {
    dbl(&c, &h);
    to_point(&h, &c);
    if (an[i] != 0) {
      add_cached(&c, &h, an[i] > 0 ? &ai[an[i] / 2] : &ain[-an[i] / 2]);
      to_point(&h, &c);
    }
    if (bn[i] != 0) {
      load_precomp(&t, bt[(bn[i] > 0 ? bn[i] : -bn[i]) / 2]);
      if (bn[i] < 0) neg_cached(&t, &t);
      add_cached(&c, &h, &t);
      to_point(&h, &c);
    }
  }
  store_point(pt, &h);
}

/* The backend's edwards_scalarmult: the table of 1..8 times pt, then per
 * signed radix-16 digit from the top a constant-time table selection, one
 * addition and four doublings (none after the last digit). */
void hwc_ge25519_ifma_scalarmult(hwc_fe25519 pt[4], const int8_t e[64]) {
  /* (1, 1, 2d, 1), radix 2^51: turns (Y+X, Y-X, T, Z) into cached form */
  static const uint64_t d2[5] = {0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                                 0x2406d9dc56dff};
  fe4 k2d, p, u, c, tab[8], h, t;
  for (int i = 0; i < 5; i++) k2d.v[i] = _mm256_set_epi64x(i == 0, (long long)d2[i], i == 0, i == 0);
  load_point(&p, pt);
  sum_diff(&t, &p);
  mul4(&tab[0], &t, &k2d);
  u = p;
  for (int j = 1; j < 8; j++) { /* (j+1) P = j P + P */
    add_cached(&c, &u, &tab[0]);
    to_point(&u, &c);
    sum_diff(&t, &u);
    mul4(&tab[j], &t, &k2d);
  }
  for (int i = 0; i < 5; i++) h.v[i] = _mm256_set_epi64x(0, i == 0, i == 0, 0); /* (0, 1, 1, 0) */
  for (int i = 63; i >= 0; i--) {
    select_cached4(&t, tab, e[i]);
    add_cached(&c, &h, &t);
    to_point(&h, &c);
    if (i == 0) break;
    for (int j = 0; j < 4; j++) {
      dbl(&c, &h);
      to_point(&h, &c);
    }
  }
  store_point(pt, &h);
  volatile __m256i *w = &tab[0].v[0];
  for (int i = 0; i < 40; i++) w[i] = _mm256_setzero_si256();
}
