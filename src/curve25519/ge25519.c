/* SPDX-License-Identifier: ISC */
/*
 * edwards25519 group arithmetic over any fe25519 backend (src/curve25519/ge25519.h):
 * ref10's formulas (Bernstein et al. 2011, after Hisil et al. 2008),
 * point decoding with libsodium's canonicality rules, a constant-time
 * variable-base multiplication (ristretto255) and a variable-time
 * double-base multiplication for signature verification.
 *
 * Constant time: everything here except double_scalarmult_vartime and the
 * result of frombytes is a fixed sequence of field operations; selections
 * are masked scans and conditional negations are cmov, never branches or
 * secret-indexed loads. double_scalarmult_vartime branches on its scalars
 * and indexes tables by them: it only ever sees public verification data.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "ge25519.h"
#include "src/internal.h"

#include "ge25519_odd_table.h"

const uint8_t hwc_fe25519_d[32] = {0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41,
                                   0x41, 0x4d, 0x0a, 0x70, 0x00, 0x98, 0xe8, 0x79, 0x77, 0x79, 0x40,
                                   0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52};
const uint8_t hwc_fe25519_d2[32] = {0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83,
                                    0x82, 0x9a, 0x14, 0xe0, 0x00, 0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80,
                                    0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24};
const uint8_t hwc_fe25519_sqrtm1[32] = {0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f,
                                        0xad, 0x06, 0x18, 0x43, 0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00,
                                        0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b};

/* ------------------------------------------------------------ field */

void hwc_fe25519_0(const hwc_fe25519_kernel *k, hwc_fe25519 *h) {
  static const uint8_t zero[32];
  k->frombytes(h, zero);
}

void hwc_fe25519_1(const hwc_fe25519_kernel *k, hwc_fe25519 *h) {
  static const uint8_t one[32] = {1};
  k->frombytes(h, one);
}

void hwc_fe25519_neg(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f) {
  hwc_fe25519 z;
  hwc_fe25519_0(k, &z);
  k->sub(h, &z, f);
}

int hwc_fe25519_isnegative(const hwc_fe25519_kernel *k, const hwc_fe25519 *f) {
  uint8_t s[32];
  k->tobytes(s, f);
  int r = s[0] & 1;
  hwc_memzero(s, sizeof s);
  return r;
}

int hwc_fe25519_iszero(const hwc_fe25519_kernel *k, const hwc_fe25519 *f) {
  uint8_t s[32], acc = 0;
  k->tobytes(s, f);
  for (int i = 0; i < 32; i++) acc |= s[i];
  hwc_memzero(s, sizeof s);
  return (int)((((unsigned)acc) - 1) >> 8) & 1;
}

void hwc_fe25519_cneg(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f, unsigned b) {
  hwc_fe25519 n;
  hwc_fe25519_neg(k, &n, f);
  *h = *f;
  k->cmov(h, &n, b & 1);
}

void hwc_fe25519_abs(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f) {
  hwc_fe25519_cneg(k, h, f, (unsigned)hwc_fe25519_isnegative(k, f));
}

/* ------------------------------------------------------- representations */

void hwc_ge25519_p3_0(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h) {
  hwc_fe25519_0(k, &h->X);
  hwc_fe25519_1(k, &h->Y);
  hwc_fe25519_1(k, &h->Z);
  hwc_fe25519_0(k, &h->T);
}

void hwc_ge25519_p3_to_cached(const hwc_fe25519_kernel *k, hwc_ge25519_cached *r, const hwc_ge25519_p3 *p) {
  hwc_fe25519 d2;
  hwc_fe25519_load(k, &d2, hwc_fe25519_d2);
  k->add(&r->YplusX, &p->Y, &p->X);
  k->sub(&r->YminusX, &p->Y, &p->X);
  r->Z = p->Z;
  k->mul(&r->T2d, &p->T, &d2);
}

void hwc_ge25519_p1p1_to_p2(const hwc_fe25519_kernel *k, hwc_ge25519_p2 *r, const hwc_ge25519_p1p1 *p) {
  k->mul(&r->X, &p->X, &p->T);
  k->mul(&r->Y, &p->Y, &p->Z);
  k->mul(&r->Z, &p->Z, &p->T);
}

void hwc_ge25519_p1p1_to_p3(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *r, const hwc_ge25519_p1p1 *p) {
  k->mul(&r->X, &p->X, &p->T);
  k->mul(&r->Y, &p->Y, &p->Z);
  k->mul(&r->Z, &p->Z, &p->T);
  k->mul(&r->T, &p->X, &p->Y);
}

/* "dbl-2008-hwcd" with a = -1: 4 squarings, no multiplication. */
void hwc_ge25519_p2_dbl(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p2 *p) {
  hwc_fe25519 t;
  k->sqr(&r->X, &p->X);
  k->sqr(&r->Z, &p->Y);
  k->sqr(&r->T, &p->Z);
  k->add(&r->T, &r->T, &r->T);
  k->add(&r->Y, &p->X, &p->Y);
  k->sqr(&t, &r->Y);
  k->add(&r->Y, &r->Z, &r->X); /* YY + XX */
  k->sub(&r->Z, &r->Z, &r->X); /* YY - XX */
  k->sub(&r->X, &t, &r->Y);
  k->sub(&r->T, &r->T, &r->Z);
}

void hwc_ge25519_p3_dbl(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p) {
  hwc_ge25519_p2 q = {p->X, p->Y, p->Z};
  hwc_ge25519_p2_dbl(k, r, &q);
}

/* "add-2008-hwcd-3" with k = 2d folded into q. sub is add of -q, which only
 * swaps Y+X with Y-X and negates 2dT: the swaps and the two signs are
 * where the bodies differ. */
void hwc_ge25519_add(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                     const hwc_ge25519_cached *q) {
  hwc_fe25519 t;
  k->add(&r->X, &p->Y, &p->X);
  k->sub(&r->Y, &p->Y, &p->X);
  k->mul(&r->Z, &r->X, &q->YplusX);  /* A */
  k->mul(&r->Y, &r->Y, &q->YminusX); /* B */
  k->mul(&r->T, &q->T2d, &p->T);     /* C */
  k->mul(&r->X, &p->Z, &q->Z);
  k->add(&t, &r->X, &r->X);          /* D */
  k->sub(&r->X, &r->Z, &r->Y);
  k->add(&r->Y, &r->Z, &r->Y);
  k->add(&r->Z, &t, &r->T);
  k->sub(&r->T, &t, &r->T);
}

void hwc_ge25519_sub(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                     const hwc_ge25519_cached *q) {
  hwc_fe25519 t;
  k->add(&r->X, &p->Y, &p->X);
  k->sub(&r->Y, &p->Y, &p->X);
  k->mul(&r->Z, &r->X, &q->YminusX);
  k->mul(&r->Y, &r->Y, &q->YplusX);
  k->mul(&r->T, &q->T2d, &p->T);
  k->mul(&r->X, &p->Z, &q->Z);
  k->add(&t, &r->X, &r->X);
  k->sub(&r->X, &r->Z, &r->Y);
  k->add(&r->Y, &r->Z, &r->Y);
  k->sub(&r->Z, &t, &r->T);
  k->add(&r->T, &t, &r->T);
}

/* As add, with q's Z = 1 saving a multiplication. */
void hwc_ge25519_madd(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                      const hwc_ge25519_precomp *q) {
  hwc_fe25519 t;
  k->add(&r->X, &p->Y, &p->X);
  k->sub(&r->Y, &p->Y, &p->X);
  k->mul(&r->Z, &r->X, &q->yplusx);
  k->mul(&r->Y, &r->Y, &q->yminusx);
  k->mul(&r->T, &q->xy2d, &p->T);
  k->add(&t, &p->Z, &p->Z);
  k->sub(&r->X, &r->Z, &r->Y);
  k->add(&r->Y, &r->Z, &r->Y);
  k->add(&r->Z, &t, &r->T);
  k->sub(&r->T, &t, &r->T);
}

void hwc_ge25519_msub(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                      const hwc_ge25519_precomp *q) {
  hwc_fe25519 t;
  k->add(&r->X, &p->Y, &p->X);
  k->sub(&r->Y, &p->Y, &p->X);
  k->mul(&r->Z, &r->X, &q->yminusx);
  k->mul(&r->Y, &r->Y, &q->yplusx);
  k->mul(&r->T, &q->xy2d, &p->T);
  k->add(&t, &p->Z, &p->Z);
  k->sub(&r->X, &r->Z, &r->Y);
  k->add(&r->Y, &r->Z, &r->Y);
  k->sub(&r->Z, &t, &r->T);
  k->add(&r->T, &t, &r->T);
}

/* ------------------------------------------------------------ encodings */

static void encode_xyz(const hwc_fe25519_kernel *k, uint8_t s[32], const hwc_fe25519 *X, const hwc_fe25519 *Y,
                       const hwc_fe25519 *Z) {
  hwc_fe25519 recip, x, y;
  hwc_fe25519_invert(k, &recip, Z);
  k->mul(&x, X, &recip);
  k->mul(&y, Y, &recip);
  k->tobytes(s, &y);
  s[31] ^= (uint8_t)(hwc_fe25519_isnegative(k, &x) << 7);
}

void hwc_ge25519_tobytes(const hwc_fe25519_kernel *k, uint8_t s[32], const hwc_ge25519_p3 *p) {
  encode_xyz(k, s, &p->X, &p->Y, &p->Z);
}

int hwc_ge25519_is_canonical(const uint8_t s[32]) {
  /* y >= p exactly when bytes 1..30 are all 0xff, byte 31 (bit 255
   * masked) is 0x7f and byte 0 is at least 0xed. */
  unsigned c = (s[31] & 0x7f) ^ 0x7f;
  for (int i = 30; i > 0; i--) c |= s[i] ^ 0xffu;
  c = (c - 1) >> 8;
  unsigned d = (0xedu - 1 - s[0]) >> 8;
  return 1 - (int)(c & d & 1);
}

int hwc_ge25519_has_small_order(const uint8_t s[32]) {
  static const uint8_t small[7][32] = {
      /* y = 0: order 4 */
      {0},
      /* y = 1: the identity */
      {1},
      /* the two y of the points of order 8 */
      {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
       0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
      {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
       0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
      /* y = p - 1: order 2 */
      {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
      /* y = p and p + 1: non-canonical 0 and 1 */
      {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
      {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
  };
  unsigned c[7] = {0}, any = 0;
  for (int i = 0; i < 7; i++) {
    for (int j = 0; j < 31; j++) c[i] |= s[j] ^ small[i][j];
    c[i] |= (s[31] & 0x7fu) ^ small[i][31];
  }
  for (int i = 0; i < 7; i++) any |= c[i] - 1; /* bit 8 set when c[i] == 0 */
  return (int)((any >> 8) & 1);
}

/* RFC 8032 section 5.1.3: x^2 = u/v with u = y^2 - 1, v = d y^2 + 1; the
 * candidate x = u v^3 (u v^7)^((p-5)/8) is a root of either u/v or -u/v,
 * the second fixed by sqrt(-1). */
int hwc_ge25519_frombytes(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t s[32]) {
  hwc_fe25519 u, v, v3, vxx, chk, d, sqrtm1, xi;
  hwc_fe25519_load(k, &d, hwc_fe25519_d);
  hwc_fe25519_load(k, &sqrtm1, hwc_fe25519_sqrtm1);
  k->frombytes(&h->Y, s);
  hwc_fe25519_1(k, &h->Z);
  k->sqr(&u, &h->Y);
  k->mul(&v, &u, &d);
  k->sub(&u, &u, &h->Z); /* y^2 - 1 */
  k->add(&v, &v, &h->Z); /* d y^2 + 1 */
  k->sqr(&v3, &v);
  k->mul(&v3, &v3, &v);  /* v^3 */
  k->sqr(&h->X, &v3);
  k->mul(&h->X, &h->X, &v);
  k->mul(&h->X, &h->X, &u); /* u v^7 */
  hwc_fe25519_pow22523(k, &h->X, &h->X);
  k->mul(&h->X, &h->X, &v3);
  k->mul(&h->X, &h->X, &u);
  k->sqr(&vxx, &h->X);
  k->mul(&vxx, &vxx, &v);
  k->sub(&chk, &vxx, &u);
  int m_root = hwc_fe25519_iszero(k, &chk);
  k->add(&chk, &vxx, &u);
  int p_root = hwc_fe25519_iszero(k, &chk);
  k->mul(&xi, &h->X, &sqrtm1);
  k->cmov(&h->X, &xi, (uint64_t)(p_root & (1 - m_root)));
  hwc_fe25519_cneg(k, &h->X, &h->X, (unsigned)(hwc_fe25519_isnegative(k, &h->X) ^ (s[31] >> 7)));
  k->mul(&h->T, &h->X, &h->Y);
  return (m_root | p_root) ? 0 : -1;
}

/* ------------------------------------------------- constant-time a * P */

/* dst = src where mask is all ones, unchanged where it is zero, on the raw
 * words of the element: a selection only moves whole elements of one
 * backend, whatever their layout, so it needs no kernel call. */
static inline void fe_select(hwc_fe25519 *dst, const hwc_fe25519 *src, uint64_t mask) {
  for (int i = 0; i < 5; i++) dst->d[i] ^= (dst->d[i] ^ src->d[i]) & mask;
}

/* t = b * P from pi[j] = (j+1) P and pi[8] = the identity, b in [-8, 8]:
 * all eight entries are read and one kept with masks; -P swaps Y+X with
 * Y-X and negates 2dT, again by masks. */
static void select_cached(const hwc_fe25519_kernel *k, hwc_ge25519_cached *t, const hwc_ge25519_cached pi[9],
                          const hwc_fe25519 *zero, int8_t b) {
  uint64_t neg = (uint64_t)(uint8_t)b >> 7;
  uint32_t babs = (uint32_t)((b ^ -(int)neg) + (int)neg);
  /* Accumulated in locals: stores through t inside the loop would be
   * repeated for every entry, as t might alias pi. */
  uint64_t yp[5], ym[5], z[5], t2[5];
  for (int j = 0; j < 5; j++) {
    yp[j] = pi[8].YplusX.d[j];
    ym[j] = pi[8].YminusX.d[j];
    z[j] = pi[8].Z.d[j];
    t2[j] = pi[8].T2d.d[j];
  }
  for (uint32_t i = 0; i < 8; i++) {
    uint64_t m = 0 - (uint64_t)(((babs ^ (i + 1)) - 1) >> 31); /* babs < 16: all ones iff babs == i + 1 */
    for (int j = 0; j < 5; j++) {
      yp[j] ^= (yp[j] ^ pi[i].YplusX.d[j]) & m;
      ym[j] ^= (ym[j] ^ pi[i].YminusX.d[j]) & m;
      z[j] ^= (z[j] ^ pi[i].Z.d[j]) & m;
      t2[j] ^= (t2[j] ^ pi[i].T2d.d[j]) & m;
    }
  }
  uint64_t nm = 0 - neg;
  for (int j = 0; j < 5; j++) {
    uint64_t sw = (yp[j] ^ ym[j]) & nm;
    t->YplusX.d[j] = yp[j] ^ sw;
    t->YminusX.d[j] = ym[j] ^ sw;
    t->Z.d[j] = z[j];
    t->T2d.d[j] = t2[j];
  }
  hwc_fe25519 minus_t2d;
  k->sub(&minus_t2d, zero, &t->T2d);
  fe_select(&t->T2d, &minus_t2d, nm);
}

void hwc_ge25519_radix16(int8_t e[64], const uint8_t a[32]) {
  for (int i = 0; i < 32; i++) {
    e[2 * i] = (int8_t)(a[i] & 15);
    e[2 * i + 1] = (int8_t)(a[i] >> 4);
  }
  int8_t carry = 0;
  for (int i = 0; i < 63; i++) {
    e[i] = (int8_t)(e[i] + carry);
    carry = (int8_t)((e[i] + 8) >> 4);
    e[i] = (int8_t)(e[i] - carry * 16);
  }
  e[63] = (int8_t)(e[63] + carry);
}

/* The schedule of the kernels' edwards_scalarmult (src/kernels.h) over
 * single field operations. */
static void scalarmult_digits(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const int8_t e[64],
                              const hwc_ge25519_p3 *p) {
  /* The multiples of p and every point on the way, wiped together at the end. */
  struct {
    hwc_ge25519_cached pi[9], t;
    hwc_ge25519_p1p1 r;
    hwc_ge25519_p2 s;
    hwc_ge25519_p3 u;
  } sec;
  hwc_fe25519 zero;

  hwc_fe25519_0(k, &zero);
  hwc_fe25519_1(k, &sec.pi[8].YplusX);
  hwc_fe25519_1(k, &sec.pi[8].YminusX);
  hwc_fe25519_1(k, &sec.pi[8].Z);
  sec.pi[8].T2d = zero;

  hwc_ge25519_p3_to_cached(k, &sec.pi[0], p);
  for (int i = 1; i < 8; i++) {
    /* (i+1) P = i P + P: doubling would save nothing here */
    hwc_ge25519_add(k, &sec.r, i == 1 ? p : &sec.u, &sec.pi[0]);
    hwc_ge25519_p1p1_to_p3(k, &sec.u, &sec.r);
    hwc_ge25519_p3_to_cached(k, &sec.pi[i], &sec.u);
  }

  hwc_ge25519_p3_0(k, h);
  for (int i = 63; i > 0; i--) {
    select_cached(k, &sec.t, sec.pi, &zero, e[i]);
    hwc_ge25519_add(k, &sec.r, h, &sec.t);
    hwc_ge25519_p1p1_to_p2(k, &sec.s, &sec.r);
    for (int j = 0; j < 3; j++) {
      hwc_ge25519_p2_dbl(k, &sec.r, &sec.s);
      hwc_ge25519_p1p1_to_p2(k, &sec.s, &sec.r);
    }
    hwc_ge25519_p2_dbl(k, &sec.r, &sec.s);
    hwc_ge25519_p1p1_to_p3(k, h, &sec.r);
  }
  select_cached(k, &sec.t, sec.pi, &zero, e[0]);
  hwc_ge25519_add(k, &sec.r, h, &sec.t);
  hwc_ge25519_p1p1_to_p3(k, h, &sec.r);

  hwc_memzero(&sec, sizeof sec);
}

void hwc_ge25519_scalarmult(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32],
                            const hwc_ge25519_p3 *p) {
  /* The scalar's digits and the backend's point, wiped together. */
  struct {
    int8_t e[64];
    hwc_fe25519 pt[4];
  } sec;
  hwc_ge25519_radix16(sec.e, a);
  if (k->edwards_scalarmult != NULL) {
    sec.pt[0] = p->X, sec.pt[1] = p->Y, sec.pt[2] = p->Z, sec.pt[3] = p->T;
    k->edwards_scalarmult(sec.pt, sec.e);
    h->X = sec.pt[0], h->Y = sec.pt[1], h->Z = sec.pt[2], h->T = sec.pt[3];
  } else {
    scalarmult_digits(k, h, sec.e, p);
  }
  hwc_memzero(&sec, sizeof sec);
}

/* ------------------------------------------- variable-time a A + b B */

/* Width-w non-adjacent form of s < 2^255: naf[i] odd in
 * (-2^(w-1), 2^(w-1)) or 0, at least w - 1 zeros after every non-zero
 * digit, sum naf[i] 2^i = s. */
static void naf(int8_t out[256], const uint8_t s[32], unsigned w) {
  uint64_t x[5] = {0};
  for (int i = 0; i < 32; i++) x[i / 8] |= (uint64_t)s[i] << (8 * (i % 8));
  memset(out, 0, 256);
  const uint64_t width = 1u << w, mask = width - 1;
  uint64_t carry = 0;
  unsigned pos = 0;
  while (pos < 256) {
    unsigned idx = pos / 64, bit = pos % 64;
    uint64_t buf = bit < 64 - w ? x[idx] >> bit : (x[idx] >> bit) | (x[idx + 1] << (64 - bit));
    uint64_t window = carry + (buf & mask);
    if ((window & 1) == 0) {
      pos++;
      continue;
    }
    if (window < width / 2) {
      carry = 0;
      out[pos] = (int8_t)window;
    } else {
      carry = 1;
      out[pos] = (int8_t)((int64_t)window - (int64_t)width);
    }
    pos += w;
  }
}

/* The odd multiples of B in one backend's layout, converted at its first
 * verification (as ed25519_base.c does for the fixed-base table), so an
 * addition of a multiple of B costs no frombytes. */
typedef struct {
  _Atomic(const hwc_fe25519_kernel *) k;
  hwc_ge25519_precomp t[64];
} odd_native;

#define ODD_SLOTS 4
static odd_native odd_cache[ODD_SLOTS];
static pthread_mutex_t odd_lock = PTHREAD_MUTEX_INITIALIZER;

static void odd_table_entry(const hwc_fe25519_kernel *k, hwc_ge25519_precomp *t, unsigned i) {
  uint8_t s[32];
  hwc_fe25519 *dst[3] = {&t->yplusx, &t->yminusx, &t->xy2d};
  for (int c = 0; c < 3; c++) {
    for (int j = 0; j < 32; j++) s[j] = (uint8_t)(ge25519_odd_table[i][c][j / 8] >> (8 * (j % 8)));
    k->frombytes(dst[c], s);
  }
}

/* The converted table of k, or NULL when every slot holds another backend
 * (the caller then converts entries as it goes). */
static const hwc_ge25519_precomp *odd_native_for(const hwc_fe25519_kernel *k) {
  for (int i = 0; i < ODD_SLOTS; i++) {
    const hwc_fe25519_kernel *ki = atomic_load_explicit(&odd_cache[i].k, memory_order_acquire);
    if (ki == k) return odd_cache[i].t;
    if (ki == NULL) break;
  }
  const hwc_ge25519_precomp *found = NULL;
  pthread_mutex_lock(&odd_lock);
  for (int i = 0; i < ODD_SLOTS && !found; i++) {
    const hwc_fe25519_kernel *ki = atomic_load_explicit(&odd_cache[i].k, memory_order_relaxed);
    if (ki == NULL) {
      for (unsigned j = 0; j < 64; j++) odd_table_entry(k, &odd_cache[i].t[j], j);
      atomic_store_explicit(&odd_cache[i].k, k, memory_order_release);
      ki = k;
    }
    if (ki == k) found = odd_cache[i].t;
  }
  pthread_mutex_unlock(&odd_lock);
  return found;
}

void hwc_ge25519_double_scalarmult_vartime(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *r, const uint8_t a[32],
                                           const hwc_ge25519_p3 *A, const uint8_t b[32]) {
  int8_t an[256], bn[256];
  hwc_ge25519_cached ai[8]; /* A, 3A, ..., 15A */
  hwc_ge25519_p1p1 t;
  hwc_ge25519_p3 u, a2;
  hwc_ge25519_p2 s;
  hwc_ge25519_precomp bi;

  const hwc_ge25519_precomp *bt = odd_native_for(k);
  naf(an, a, 5);
  naf(bn, b, 8);
  if (bt != NULL && k->edwards_double_vartime != NULL) {
    hwc_fe25519 q[64][3], pt[4] = {A->X, A->Y, A->Z, A->T};
    for (int j = 0; j < 64; j++) q[j][0] = bt[j].yplusx, q[j][1] = bt[j].yminusx, q[j][2] = bt[j].xy2d;
    k->edwards_double_vartime(pt, an, bn, q);
    r->X = pt[0], r->Y = pt[1], r->Z = pt[2], r->T = pt[3];
    return;
  }
  hwc_ge25519_p3_to_cached(k, &ai[0], A);
  hwc_ge25519_p3_dbl(k, &t, A);
  hwc_ge25519_p1p1_to_p3(k, &a2, &t);
  for (int i = 1; i < 8; i++) {
    hwc_ge25519_add(k, &t, &a2, &ai[i - 1]);
    hwc_ge25519_p1p1_to_p3(k, &u, &t);
    hwc_ge25519_p3_to_cached(k, &ai[i], &u);
  }

  int i = 255;
  while (i >= 0 && an[i] == 0 && bn[i] == 0) i--;
  hwc_ge25519_p3_0(k, r);
  if (i < 0) return;
  hwc_fe25519_0(k, &s.X);
  hwc_fe25519_1(k, &s.Y);
  hwc_fe25519_1(k, &s.Z);
  for (; i >= 0; i--) {
    hwc_ge25519_p2_dbl(k, &t, &s);
    if (an[i] > 0) {
      hwc_ge25519_p1p1_to_p3(k, &u, &t);
      hwc_ge25519_add(k, &t, &u, &ai[an[i] / 2]);
    } else if (an[i] < 0) {
      hwc_ge25519_p1p1_to_p3(k, &u, &t);
      hwc_ge25519_sub(k, &t, &u, &ai[-an[i] / 2]);
    }
    if (bn[i] != 0) {
      unsigned j = (unsigned)(bn[i] > 0 ? bn[i] : -bn[i]) / 2;
      const hwc_ge25519_precomp *q = bt ? &bt[j] : &bi;
      if (!bt) odd_table_entry(k, &bi, j);
      hwc_ge25519_p1p1_to_p3(k, &u, &t);
      if (bn[i] > 0)
        hwc_ge25519_madd(k, &t, &u, q);
      else
        hwc_ge25519_msub(k, &t, &u, q);
    }
    if (i == 0)
      hwc_ge25519_p1p1_to_p3(k, r, &t);
    else
      hwc_ge25519_p1p1_to_p2(k, &s, &t);
  }
}
