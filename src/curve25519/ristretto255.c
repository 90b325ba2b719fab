/* SPDX-License-Identifier: ISC */
/*
 * ristretto255 (RFC 9496) group elements: decoding, encoding, the one-way
 * map from 64 bytes, addition and scalar multiplication, each byte for
 * byte as libsodium 1.0.18's crypto_core_ristretto255_* and
 * crypto_scalarmult_ristretto255(_base). Points are edwards25519 points in
 * extended coordinates (src/curve25519/ge25519.h); the encoding picks one canonical
 * representative of each coset of the 4-torsion.
 *
 * Constant time: decoding, encoding and the map are fixed sequences of
 * field operations with masked selections (RFC 9496 section 4.1 asks for
 * it); scalar multiplication is ge25519's constant-time ladder or the
 * fixed-base table scan. The only branches are on the validity of an
 * encoding and on an identity result, which the return value reveals.
 */
#include "ge25519.h"
#include "src/internal.h"

/* 1/sqrt(a - d), 1 - d^2, (d - 1)^2, sqrt(a d - 1): RFC 9496 section 4.1. */
static const uint8_t invsqrtamd[32] = {0xea, 0x40, 0x5d, 0x80, 0xaa, 0xfd, 0xc8, 0x99, 0xbe, 0x72, 0x41,
                                       0x5a, 0x17, 0x16, 0x2f, 0x9d, 0x40, 0xd8, 0x01, 0xfe, 0x91, 0x7b,
                                       0xc2, 0x16, 0xa2, 0xfc, 0xaf, 0xcf, 0x05, 0x89, 0x6c, 0x78};
static const uint8_t onemsqd[32] = {0x76, 0xc1, 0x5f, 0x94, 0xc1, 0x09, 0x7c, 0xe2, 0x0f, 0x35, 0x5e,
                                    0xcd, 0x38, 0xa1, 0x81, 0x2c, 0xe4, 0xdf, 0x70, 0xbe, 0xdd, 0xab,
                                    0x94, 0x99, 0xd7, 0xe0, 0xb3, 0xb2, 0xa8, 0x72, 0x90, 0x02};
static const uint8_t sqdmone[32] = {0x20, 0x4d, 0xed, 0x44, 0xaa, 0x5a, 0xad, 0x31, 0x99, 0x19, 0x1e,
                                    0xb0, 0x2c, 0x4a, 0x9e, 0xd2, 0xeb, 0x4e, 0x9b, 0x52, 0x2f, 0xd3,
                                    0xdc, 0x4c, 0x41, 0x22, 0x6c, 0xf6, 0x7a, 0xb3, 0x68, 0x59};
static const uint8_t sqrtadm1[32] = {0x1b, 0x2e, 0x7b, 0x49, 0xa0, 0xf6, 0x97, 0x7e, 0xbd, 0x54, 0x78,
                                     0x1b, 0x0c, 0x8e, 0x9d, 0xaf, 0xfd, 0xd1, 0xf5, 0x31, 0xc9, 0xfc,
                                     0x3c, 0x0f, 0xac, 0x48, 0x83, 0x2b, 0xbf, 0x31, 0x69, 0x37};

/* RFC 9496 section 4.2 SQRT_RATIO_M1: x = sqrt(u/v) or sqrt(i u/v),
 * non-negative; returns 1 when u/v was a square. */
static int sqrt_ratio_m1(const hwc_fe25519_kernel *k, hwc_fe25519 *x, const hwc_fe25519 *u,
                         const hwc_fe25519 *v) {
  hwc_fe25519 v3, vxx, chk, sqrtm1, xi;
  hwc_fe25519_load(k, &sqrtm1, hwc_fe25519_sqrtm1);
  k->sqr(&v3, v);
  k->mul(&v3, &v3, v); /* v^3 */
  k->sqr(x, &v3);
  k->mul(x, x, u);
  k->mul(x, x, v);     /* u v^7 */
  hwc_fe25519_pow22523(k, x, x);
  k->mul(x, x, &v3);
  k->mul(x, x, u);     /* u v^3 (u v^7)^((p-5)/8) */
  k->sqr(&vxx, x);
  k->mul(&vxx, &vxx, v);
  k->sub(&chk, &vxx, u);
  int m_root = hwc_fe25519_iszero(k, &chk);
  k->add(&chk, &vxx, u);
  int p_root = hwc_fe25519_iszero(k, &chk);
  k->mul(&chk, u, &sqrtm1);
  k->add(&chk, &vxx, &chk);
  int f_root = hwc_fe25519_iszero(k, &chk);
  k->mul(&xi, x, &sqrtm1);
  k->cmov(x, &xi, (uint64_t)(p_root | f_root));
  hwc_fe25519_abs(k, x, x);
  return m_root | p_root;
}

/* 1 when s is a canonical encoding: below p, bit 255 clear, even. The
 * bit-255 test is RFC 9496's; libsodium 1.0.18 lacks it (later versions
 * have it), the one place where we differ from that version. */
static int is_canonical(const uint8_t s[32]) {
  unsigned c = (s[31] & 0x7f) ^ 0x7f;
  for (int i = 30; i > 0; i--) c |= s[i] ^ 0xffu;
  c = (c - 1) >> 8;
  unsigned d = (0xedu - 1 - s[0]) >> 8;
  unsigned e = s[31] >> 7;
  return 1 - (int)(((c & d) | e | s[0]) & 1);
}

/* RFC 9496 section 4.3.1. Returns 0, or -1 for an invalid encoding. */
static int decode(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t s[32]) {
  if (!is_canonical(s)) return -1;
  hwc_fe25519 s_, ss, u1, u2, u1u1, u2u2, v, v_u2u2, inv_sqrt, one, d;
  hwc_fe25519_load(k, &d, hwc_fe25519_d);
  hwc_fe25519_1(k, &one);
  k->frombytes(&s_, s);
  k->sqr(&ss, &s_);
  k->sub(&u1, &one, &ss); /* 1 - s^2 */
  k->sqr(&u1u1, &u1);
  k->add(&u2, &one, &ss); /* 1 + s^2 */
  k->sqr(&u2u2, &u2);
  k->mul(&v, &d, &u1u1);
  hwc_fe25519_neg(k, &v, &v);
  k->sub(&v, &v, &u2u2);  /* -(d u1^2) - u2^2 */
  k->mul(&v_u2u2, &v, &u2u2);
  int was_square = sqrt_ratio_m1(k, &inv_sqrt, &one, &v_u2u2);
  k->mul(&h->X, &inv_sqrt, &u2);
  k->mul(&h->Y, &inv_sqrt, &h->X);
  k->mul(&h->Y, &h->Y, &v);
  k->mul(&h->X, &h->X, &s_);
  k->add(&h->X, &h->X, &h->X);
  hwc_fe25519_abs(k, &h->X, &h->X);
  k->mul(&h->Y, &u1, &h->Y);
  hwc_fe25519_1(k, &h->Z);
  k->mul(&h->T, &h->X, &h->Y);
  int bad = (1 - was_square) | hwc_fe25519_isnegative(k, &h->T) | hwc_fe25519_iszero(k, &h->Y);
  return bad ? -1 : 0;
}

/* RFC 9496 section 4.3.2. */
static void encode(const hwc_fe25519_kernel *k, uint8_t s[32], const hwc_ge25519_p3 *h) {
  hwc_fe25519 u1, u2, zmy, u1_u2u2, one, inv_sqrt, den1, den2, z_inv, ix, iy, eden, t_z_inv, x_, y_, den_inv,
      x_z_inv, s_, c;
  k->add(&u1, &h->Z, &h->Y);
  k->sub(&zmy, &h->Z, &h->Y);
  k->mul(&u1, &u1, &zmy);     /* (Z + Y)(Z - Y) */
  k->mul(&u2, &h->X, &h->Y);
  k->sqr(&u1_u2u2, &u2);
  k->mul(&u1_u2u2, &u1, &u1_u2u2);
  hwc_fe25519_1(k, &one);
  (void)sqrt_ratio_m1(k, &inv_sqrt, &one, &u1_u2u2);
  k->mul(&den1, &inv_sqrt, &u1);
  k->mul(&den2, &inv_sqrt, &u2);
  k->mul(&z_inv, &den1, &den2);
  k->mul(&z_inv, &z_inv, &h->T);
  hwc_fe25519_load(k, &c, hwc_fe25519_sqrtm1);
  k->mul(&ix, &h->X, &c);
  k->mul(&iy, &h->Y, &c);
  hwc_fe25519_load(k, &c, invsqrtamd);
  k->mul(&eden, &den1, &c);
  k->mul(&t_z_inv, &h->T, &z_inv);
  uint64_t rotate = (uint64_t)hwc_fe25519_isnegative(k, &t_z_inv);
  x_ = h->X;
  y_ = h->Y;
  den_inv = den2;
  k->cmov(&x_, &iy, rotate);
  k->cmov(&y_, &ix, rotate);
  k->cmov(&den_inv, &eden, rotate);
  k->mul(&x_z_inv, &x_, &z_inv);
  hwc_fe25519_cneg(k, &y_, &y_, (unsigned)hwc_fe25519_isnegative(k, &x_z_inv));
  k->sub(&s_, &h->Z, &y_);
  k->mul(&s_, &den_inv, &s_);
  hwc_fe25519_abs(k, &s_, &s_);
  k->tobytes(s, &s_);
}

/* RFC 9496 section 4.3.4 MAP (libsodium's ristretto255_elligator). */
static void elligator(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *p, const hwc_fe25519 *t) {
  hwc_fe25519 one, c, r, u, rpd, v, s, s_prime, n, w0, w1, w2, w3, ss, d, tmp;
  hwc_fe25519_1(k, &one);
  hwc_fe25519_load(k, &d, hwc_fe25519_d);
  hwc_fe25519_load(k, &tmp, hwc_fe25519_sqrtm1);
  k->sqr(&r, t);
  k->mul(&r, &tmp, &r);     /* i t^2 */
  k->add(&u, &r, &one);
  hwc_fe25519_load(k, &tmp, onemsqd);
  k->mul(&u, &u, &tmp);     /* (r + 1)(1 - d^2) */
  hwc_fe25519_neg(k, &c, &one);
  k->add(&rpd, &r, &d);
  k->mul(&v, &r, &d);
  k->sub(&v, &c, &v);
  k->mul(&v, &v, &rpd);     /* (c - r d)(r + d) */
  uint64_t wasnt_square = (uint64_t)(1 - sqrt_ratio_m1(k, &s, &u, &v));
  k->mul(&s_prime, &s, t);
  hwc_fe25519_abs(k, &s_prime, &s_prime);
  hwc_fe25519_neg(k, &s_prime, &s_prime);
  k->cmov(&s, &s_prime, wasnt_square);
  k->cmov(&c, &r, wasnt_square);
  k->sub(&n, &r, &one);
  k->mul(&n, &n, &c);
  hwc_fe25519_load(k, &tmp, sqdmone);
  k->mul(&n, &n, &tmp);
  k->sub(&n, &n, &v);       /* c (r - 1)(d - 1)^2 - v */
  k->add(&w0, &s, &s);
  k->mul(&w0, &w0, &v);
  hwc_fe25519_load(k, &tmp, sqrtadm1);
  k->mul(&w1, &n, &tmp);
  k->sqr(&ss, &s);
  k->sub(&w2, &one, &ss);
  k->add(&w3, &one, &ss);
  k->mul(&p->X, &w0, &w3);
  k->mul(&p->Y, &w2, &w1);
  k->mul(&p->Z, &w1, &w3);
  k->mul(&p->T, &w0, &w2);
}

static int is_zero32(const uint8_t s[32]) {
  uint8_t acc = 0;
  for (int i = 0; i < 32; i++) acc |= s[i];
  return (int)((((unsigned)acc) - 1) >> 8) & 1;
}

int hwc_ristretto255_is_valid_point(const uint8_t p[32]) {
  HWC_DIT_SCOPE();
  if (!p) return 0;
  hwc_ge25519_p3 h;
  return decode(hwc_fe25519_get(), &h, p) == 0;
}

int hwc_ristretto255_from_hash(uint8_t p[32], const uint8_t h[64]) {
  HWC_DIT_SCOPE();
  if (!p || !h) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_fe25519 r0, r1;
  hwc_ge25519_p3 p0, p1;
  hwc_ge25519_cached c1;
  hwc_ge25519_p1p1 t;
  k->frombytes(&r0, h); /* bit 255 of each half is dropped, as in RFC 9496 */
  k->frombytes(&r1, h + 32);
  elligator(k, &p0, &r0);
  elligator(k, &p1, &r1);
  hwc_ge25519_p3_to_cached(k, &c1, &p1);
  hwc_ge25519_add(k, &t, &p0, &c1);
  hwc_ge25519_p1p1_to_p3(k, &p0, &t);
  encode(k, p, &p0);
  return HWC_OK;
}

static int add_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32], int sub) {
  if (!r || !p || !q) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_ge25519_p3 P, Q;
  hwc_ge25519_cached c;
  hwc_ge25519_p1p1 t;
  if (decode(k, &P, p) != 0 || decode(k, &Q, q) != 0) return HWC_ERR_BAD_ENCODING;
  hwc_ge25519_p3_to_cached(k, &c, &Q);
  if (sub)
    hwc_ge25519_sub(k, &t, &P, &c);
  else
    hwc_ge25519_add(k, &t, &P, &c);
  hwc_ge25519_p1p1_to_p3(k, &P, &t);
  encode(k, r, &P);
  return HWC_OK;
}

int hwc_ristretto255_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]) {
  HWC_DIT_SCOPE();
  return add_sub(r, p, q, 0);
}
int hwc_ristretto255_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]) {
  HWC_DIT_SCOPE();
  return add_sub(r, p, q, 1);
}

/* As libsodium: bit 255 of n is cleared, n is not reduced (any n gives
 * the same point as n mod L, since the decoded point's 4-torsion part
 * vanishes in the encoding), and an identity result is an error with q
 * all zero. */
int hwc_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32], const uint8_t p[32]) {
  HWC_DIT_SCOPE();
  if (!q || !n || !p) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_ge25519_p3 P; /* the public input point */
  /* The operation's secrets, wiped together at the end. */
  struct {
    hwc_ge25519_p3 Q;
    uint8_t t[32];
  } sec;
  if (decode(k, &P, p) != 0) return HWC_ERR_BAD_ENCODING;
  memcpy(sec.t, n, 32);
  sec.t[31] &= 127;
  hwc_ge25519_scalarmult(k, &sec.Q, sec.t, &P);
  encode(k, q, &sec.Q);
  hwc_memzero(&sec, sizeof sec);
  HWC_DECLASSIFY(q, 32); /* the result is the caller's anyway */
  return is_zero32(q) ? HWC_ERR_INVALID_ARG : HWC_OK;
}

int hwc_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32]) {
  HWC_DIT_SCOPE();
  if (!q || !n) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  /* The operation's secrets, wiped together at the end. */
  struct {
    hwc_ge25519_p3 Q;
    uint8_t t[32];
  } sec;
  memcpy(sec.t, n, 32);
  sec.t[31] &= 127;
  hwc_ge25519_scalarmult_base(k, &sec.Q, sec.t);
  encode(k, q, &sec.Q);
  hwc_memzero(&sec, sizeof sec);
  HWC_DECLASSIFY(q, 32);
  return is_zero32(q) ? HWC_ERR_INVALID_ARG : HWC_OK;
}
