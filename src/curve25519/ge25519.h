/* SPDX-License-Identifier: ISC */
/*
 * The group edwards25519 (-x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255-19)) on
 * top of the selected fe25519 backend: the point representations and
 * formulas of ref10 (Bernstein, Duif, Lange, Schwabe, Yang, "High-speed
 * high-security signatures", 2011) with the extended coordinates of Hisil,
 * Wong, Carter, Dawson, "Twisted Edwards curves revisited", 2008. Shared by
 * Ed25519, ristretto255 and the fixed-base multiplication of X25519 keys.
 *
 * Every function takes the kernel table k of the operation, fetched once by
 * the caller (src/curve25519/fe25519.h explains why). Unless its name ends in
 * _vartime, a function runs in time independent of its point and scalar
 * values.
 */
#ifndef HWC_GE25519_H
#define HWC_GE25519_H

#include "fe25519.h"

/* Projective (X:Y:Z): x = X/Z, y = Y/Z. Enough for doubling. */
typedef struct {
  hwc_fe25519 X, Y, Z;
} hwc_ge25519_p2;

/* Extended (X:Y:Z:T) with xy = T/Z. */
typedef struct {
  hwc_fe25519 X, Y, Z, T;
} hwc_ge25519_p3;

/* "Completed" ((X:Z), (Y:T)), the output of every addition and doubling;
 * converting to p2 costs 3 multiplications, to p3 four. */
typedef struct {
  hwc_fe25519 X, Y, Z, T;
} hwc_ge25519_p1p1;

/* An affine point prepared for mixed addition: y+x, y-x, 2dxy. */
typedef struct {
  hwc_fe25519 yplusx, yminusx, xy2d;
} hwc_ge25519_precomp;

/* A p3 point prepared for addition: Y+X, Y-X, Z, 2dT. */
typedef struct {
  hwc_fe25519 YplusX, YminusX, Z, T2d;
} hwc_ge25519_cached;

/* ---- Field helpers the group and ristretto255 need beyond the kernel
 * table; all constant time. */

/* h = the 32-byte little-endian constant s (used for d, sqrt(-1), ...). */
static inline void hwc_fe25519_load(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const uint8_t s[32]) {
  k->frombytes(h, s);
}
void hwc_fe25519_0(const hwc_fe25519_kernel *k, hwc_fe25519 *h);
void hwc_fe25519_1(const hwc_fe25519_kernel *k, hwc_fe25519 *h);
void hwc_fe25519_neg(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f);
/* 1 when the canonical encoding of f is odd ("negative" in RFC 8032 and
 * RFC 9496), else 0. */
int hwc_fe25519_isnegative(const hwc_fe25519_kernel *k, const hwc_fe25519 *f);
/* 1 when f = 0 mod p. */
int hwc_fe25519_iszero(const hwc_fe25519_kernel *k, const hwc_fe25519 *f);
/* h = -f when b == 1, f when b == 0. */
void hwc_fe25519_cneg(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f, unsigned b);
/* h = |f|: the one of f, -f that is not negative. */
void hwc_fe25519_abs(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const hwc_fe25519 *f);

extern const uint8_t hwc_fe25519_d[32];      /* d = -121665/121666 */
extern const uint8_t hwc_fe25519_d2[32];     /* 2d */
extern const uint8_t hwc_fe25519_sqrtm1[32]; /* sqrt(-1), the even root */

/* ---- Representations and formulas. */
void hwc_ge25519_p3_0(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h);
void hwc_ge25519_p3_to_cached(const hwc_fe25519_kernel *k, hwc_ge25519_cached *r, const hwc_ge25519_p3 *p);
void hwc_ge25519_p1p1_to_p2(const hwc_fe25519_kernel *k, hwc_ge25519_p2 *r, const hwc_ge25519_p1p1 *p);
void hwc_ge25519_p1p1_to_p3(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *r, const hwc_ge25519_p1p1 *p);
/* r = 2p; p2_dbl ignores T, p3_dbl takes a p3. */
void hwc_ge25519_p2_dbl(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p2 *p);
void hwc_ge25519_p3_dbl(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p);
/* r = p + q and r = p - q (complete formulas: any inputs, doubling too). */
void hwc_ge25519_add(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                     const hwc_ge25519_cached *q);
void hwc_ge25519_sub(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                     const hwc_ge25519_cached *q);
/* r = p + q and p - q for an affine precomputed q. */
void hwc_ge25519_madd(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                      const hwc_ge25519_precomp *q);
void hwc_ge25519_msub(const hwc_fe25519_kernel *k, hwc_ge25519_p1p1 *r, const hwc_ge25519_p3 *p,
                      const hwc_ge25519_precomp *q);

/* ---- Encodings (RFC 8032 section 5.1.2 and 5.1.3). */

/* s = encoding of p: y with the sign of x in bit 255. */
void hwc_ge25519_tobytes(const hwc_fe25519_kernel *k, uint8_t s[32], const hwc_ge25519_p3 *p);

/* 1 when y (s with bit 255 cleared) is below p, else 0. Constant time. */
int hwc_ge25519_is_canonical(const uint8_t s[32]);

/* 1 when s, with bit 255 ignored, encodes a point of order 1, 2, 4 or 8 or
 * a non-canonical encoding of one (y in {0, 1, -1, the two order-8 values,
 * p, p + 1}): libsodium's ge25519_has_small_order list. Constant time. */
int hwc_ge25519_has_small_order(const uint8_t s[32]);

/* Decodes s into h as libsodium's ge25519_frombytes does: y = s mod 2^255
 * taken mod p (callers that need y < p check hwc_ge25519_is_canonical
 * first), x recovered from the curve equation with the sign bit; an x of 0
 * with the sign bit set is accepted as x = 0, as there. Returns 0, or -1
 * when no x exists (h is then garbage). Constant time apart from the
 * returned result. */
int hwc_ge25519_frombytes(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t s[32]);

/* ---- Scalar multiplication. */

/* a (bit 255 clear) as 64 signed radix-16 digits e_i in [-8, 8], least
 * significant first, sum e_i 16^i = a; the carries are arithmetic, not
 * branches (constant time). */
void hwc_ge25519_radix16(int8_t e[64], const uint8_t a[32]);

/* h = a * B for the RFC 8032 base point B, a < 2^255 (src/curve25519/ed25519_base.c). */
void hwc_ge25519_scalarmult_base(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32]);

/* h = a * p for a < 2^255 (bit 255 must be clear), constant time in a and
 * p: signed radix-16 digits, a masked scan of the 8 multiples of p. */
void hwc_ge25519_scalarmult(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32],
                            const hwc_ge25519_p3 *p);

/* r = a * A + b * B, a and b below 2^255 (every scalar reduced mod L is):
 * the width-w NAF has 256 digits, so a scalar of 2^255 or more can end
 * with a carry it has no digit for, and the result would be wrong.
 * VARIABLE TIME: for signature verification, where a, A and b are public. */
void hwc_ge25519_double_scalarmult_vartime(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *r, const uint8_t a[32],
                                           const hwc_ge25519_p3 *A, const uint8_t b[32]);

/* hwc_ed25519_sign with an explicit kernel table and valid arguments
 * (src/curve25519/ed25519.c): the constant-time check runs it on backends that
 * valgrind can execute but hides from CPUID. */
void hwc_ed25519_sign_k(const hwc_fe25519_kernel *k, uint8_t sig[64], const uint8_t *msg, size_t len,
                        const uint8_t sk[64]);

/* The checks of hwc_ed25519_verify before it decodes A, in its order
 * (ed25519.c): HWC_ERR_INVALID_ARG for a NULL sig or pk or a NULL msg
 * with len > 0; HWC_ERR_VERIFY for S >= L, a small-order R, a
 * non-canonical or small-order A; else HWC_OK. Decoding A (which may
 * still fail) comes next, in the single call or in the verification
 * batch's lanes. */
int hwc_ed25519_verify_checks(const uint8_t *sig, const uint8_t *msg, size_t len, const uint8_t *pk);

/* The most items hwc_ed25519_sign_many takes: the widest SHA-512 lanes. */
#define HWC_ED25519_SIGN_GROUP 8
/* sig[i] = Ed25519 signature of the len[i] bytes at msg[i] under sk[i] for
 * i < n <= HWC_ED25519_SIGN_GROUP, arguments valid (ed25519.c): the
 * single call is n = 1, the batch groups of valid items. */
void hwc_ed25519_sign_many(const hwc_fe25519_kernel *k, uint8_t *const *sig, const uint8_t *const *msg,
                           const size_t *len, const uint8_t *const *sk, size_t n);

#endif /* HWC_GE25519_H */
