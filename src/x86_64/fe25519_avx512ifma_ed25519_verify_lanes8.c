/* SPDX-License-Identifier: ISC */
/*
 * The core of eight Ed25519 verifications at once, one per lane of
 * 512-bit vectors: each lane decodes its public key A_l and computes the
 * encoding of R' = s_l B - h_l A_l, for the verification batch (the
 * avx512ifma fe25519 backend's ed25519_verify_lanes entry; contract in
 * src/kernels.h).
 *
 * Decoding (RFC 8032 5.1.3, as hwc_ge25519_frombytes): y from the
 * encoding, u = y^2 - 1, v = d y^2 + 1, the candidate x = u v^3 (u
 * v^7)^((p-5)/8); v x^2 = u keeps it, v x^2 = -u takes x sqrt(-1),
 * anything else leaves the lane's ok flag 0; then x takes the sign bit.
 * Each step is a mask per lane, so a key with no point spoils only its
 * own lane (its result is meaningless and the caller discards it).
 *
 * The single verification's double multiplication skips zero digits of
 * its NAF recodings, so its work differs per item; lanes cannot branch
 * apart, so here every lane runs one fixed schedule on signed radix-16
 * digits in [-8, 8] (hwc_ge25519_radix16) of both scalars, Horner's
 * rule from the top digit: 4 doublings, then lane l adds h_l[i] (-A_l)
 * from its own table of 1(-A)..8(-A) (full additions, cached form) and
 * s_l[i] B from row 0 of the backend's fixed-base table (mixed
 * additions). That is 252 doublings (three of each four without T, which
 * only an addition reads), 64 full and 64 mixed additions for any
 * scalars, then one inversion per lane for the encoding.
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

/* d = -121665/121666 mod p, the curve constant, 2d, and sqrt(-1) (the
 * even root, 2^((p-1)/4)), in radix 2^51. */
static const uint64_t d_limbs[5] = {0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb,
                                    0x52036cee2b6ff};
static const uint64_t d2_limbs[5] = {0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                                     0x2406d9dc56dff};
static const uint64_t sqrtm1_limbs[5] = {0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e,
                                         0x2b8324804fc1d};

/* Every lane = the constant c (limbs below 2^51). */
static inline void const8(fe8 *r, const uint64_t c[5]) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm512_set1_epi64((long long)c[i]);
}

/* c = p in cached form. */
static inline void to_cached8(cached8 *c, const pt8 *p) {
  fe8 d2;
  const8(&d2, d2_limbs);
  add8(&c->yp, &p->y, &p->x);
  sub8(&c->ym, &p->y, &p->x);
  add8(&c->z2, &p->z, &p->z);
  mul8(&c->t2d, &p->t, &d2);
}

/* r = p + q, q in cached form: the mixed formula of madd8 with D = Z1 2Z2. */
static inline void add_cached8(pt8 *r, const pt8 *p, const cached8 *q) {
  fe8 d;
  mul8(&d, &p->z, &q->z2);
  add_with_d8(r, p, &q->yp, &q->ym, &q->t2d, &d);
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

/* p = -A_l in every lane l, A_l decoded from pk[l] as
 * hwc_ge25519_frombytes does; returns the lanes where pk[l] decodes.
 * Each pk[l] must be canonical (y < p), as the verification's checks
 * ensure; bit 255 is the sign of x. */
static inline __mmask8 decode_neg8(pt8 *p, const uint8_t (*pk)[32]) {
  fe8 one, d, u, v, v3, x, vxx, chk, xi, zero;
  _Alignas(64) int64_t sb[8];
  for (int l = 0; l < 8; l++) sb[l] = pk[l][31] >> 7;
  const __mmask8 sign = _mm512_test_epi64_mask(_mm512_load_si512(sb), _mm512_set1_epi64(1));
  for (int i = 0; i < 5; i++) {
    one.v[i] = _mm512_set1_epi64(i == 0);
    zero.v[i] = _mm512_setzero_si512();
  }
  const8(&d, d_limbs);
  load8(&p->y, pk);
  sqr8(&u, &p->y);
  mul8(&v, &u, &d);
  sub8(&u, &u, &one); /* y^2 - 1 */
  add8(&v, &v, &one); /* d y^2 + 1 */
  sqr8(&v3, &v);
  mul8(&v3, &v3, &v); /* v^3 */
  sqr8(&x, &v3);
  mul8(&x, &x, &v);
  mul8(&x, &x, &u);   /* u v^7 */
  pow22523_8(&x, &x);
  mul8(&x, &x, &v3);
  mul8(&x, &x, &u);   /* u v^3 (u v^7)^((p-5)/8) */
  sqr8(&vxx, &x);
  mul8(&vxx, &vxx, &v);
  sub8(&chk, &vxx, &u);
  const __mmask8 m_root = iszero8(&chk);
  add8(&chk, &vxx, &u);
  const __mmask8 p_root = iszero8(&chk);
  fe8 sq;
  const8(&sq, sqrtm1_limbs);
  mul8(&xi, &x, &sq);
  const __mmask8 use_i = (__mmask8)(p_root & ~m_root);
  for (int i = 0; i < 5; i++) x.v[i] = _mm512_mask_mov_epi64(x.v[i], use_i, xi.v[i]);
  /* x takes the sign bit, then -A negates it: x stays where its parity
   * differs from the sign bit, is negated where they agree. */
  const __mmask8 keep = (__mmask8)(isodd8(&x) ^ sign);
  sub8(&xi, &zero, &x);
  for (int i = 0; i < 5; i++) p->x.v[i] = _mm512_mask_mov_epi64(xi.v[i], keep, x.v[i]);
  p->z = one;
  mul8(&p->t, &p->x, &p->y);
  return (__mmask8)(m_root | p_root);
}

void hwc_ed25519_verify_ifma_lanes8(uint8_t (*out)[32], int *ok, const int8_t (*h)[64], const uint8_t (*pk)[32],
                                    const int8_t (*s)[64]) {
  /* tab[k] = (k+1) (-A_l) */
  pt8 p, q;
  const __mmask8 decoded = decode_neg8(&p, pk);
  for (int l = 0; l < 8; l++) ok[l] = (decoded >> l) & 1;
  cached8 tab[8];
  to_cached8(&tab[0], &p);
  dbl8(&q, &p);
  to_cached8(&tab[1], &q);
  for (int k = 2; k < 8; k++) {
    add_cached8(&q, &q, &tab[0]);
    to_cached8(&tab[k], &q);
  }

  pt8 r;
  cached8 ta;
  pre8 tb;
  identity8(&r);
  for (int i = 63; i >= 0; i--) {
    if (i < 63) {
      for (int d = 0; d < 3; d++) dbl8_xyz(&r, &r);
      dbl8(&r, &r);
    }
    select_cached8(&ta, tab, h, i);
    add_cached8(&r, &r, &ta);
    select8(&tb, 0, s, i);
    madd8(&r, &r, &tb);
  }
  encode8(out, &r);
}
