/* SPDX-License-Identifier: ISC */
/*
 * Constant-time inversion modulo any odd big number (hwc_bn_modinv), by
 * the divsteps of src/curve25519/modinv25519.c on numbers of up to
 * HWC_BN_MAX_LIMBS limbs: the same batches of 59 half-delta steps
 * (src/common/divsteps62.h) and the same full-size updates, over a limb
 * count that follows the modulus. For RSA's base blinding it replaces
 * Fermat's exponentiations modulo p and q (two exponentiations as long as
 * a private operation's) with about a fifth of their time.
 *
 * Numbers are in signed radix 2^62: L = 64 n / 62 + 1 limbs (n the
 * modulus' 64-bit limbs), limbs 0 .. L - 2 in [0, 2^62) and the top one
 * signed, so every value below 2^(64 n) in magnitude fits.
 *
 * Steps: for inputs below 2^b, Bernstein and Yang prove (Theorem 11.2)
 * that floor((49 b + 57) / 17) of their divsteps (delta starting at 1)
 * bring g to 0; the half-delta steps used here needed fewer in every
 * bound computed for them (libsecp256k1: 590 where that formula gives 741
 * at 256 bits), and this count is taken with b = 64 n, rounded up to
 * whole batches. Callers still check the result (x r = 1), as RSA's
 * blinding does for other reasons.
 *
 * Bounds are modinv25519.c's, limb for limb: f and g stay within the
 * modulus m in magnitude; a batch's matrix entries have |u| + |v| and
 * |q| + |r| at most 2^62, so each column of an update is below 2^124 plus
 * a carry below 2^63 (2^125 more in update_de's multiple of m), inside
 * 128 bits; d and e stay in (-2m, m).
 *
 * Constant time: the batch count depends on n only; every step and
 * update is the same sequence of operations whatever the values; the
 * final normalisation is masked. Needs a 128-bit integer type.
 */
#include "bignum.h"

#include "src/common/divsteps62.h"
#include "src/internal.h"

#if defined(__SIZEOF_INT128__)

typedef __int128 i128;

#define M62 (UINT64_MAX >> 2)
#define MAX_L (64 * HWC_BN_MAX_LIMBS / 62 + 1)

/* (f, g) = t (f, g) / 2^62 over L limbs, exactly (the batch made the low
 * 62 bits of both zero). */
static void update_fg(int64_t *f, int64_t *g, const trans *t, size_t L) {
  i128 cf = (i128)t->u * f[0] + (i128)t->v * g[0];
  i128 cg = (i128)t->q * f[0] + (i128)t->r * g[0];
  cf >>= 62;
  cg >>= 62;
  for (size_t i = 1; i < L; i++) {
    cf += (i128)t->u * f[i] + (i128)t->v * g[i];
    cg += (i128)t->q * f[i] + (i128)t->r * g[i];
    f[i - 1] = (int64_t)((uint64_t)cf & M62);
    g[i - 1] = (int64_t)((uint64_t)cg & M62);
    cf >>= 62;
    cg >>= 62;
  }
  f[L - 1] = (int64_t)cf;
  g[L - 1] = (int64_t)cg;
}

/* (d, e) = t (d, e) / 2^62 mod m, d and e in (-2m, m): multiples of m
 * chosen to cancel the low 62 bits (pinv = 1/m mod 2^62), starting from
 * u, v (q, r) for a negative d (e), which keeps the results in (-2m, m). */
static void update_de(int64_t *d, int64_t *e, const trans *t, const int64_t *m, uint64_t pinv, size_t L) {
  const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
  const int64_t sd = d[L - 1] >> 63, se = e[L - 1] >> 63;
  int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
  i128 cd = (i128)u * d[0] + (i128)v * e[0];
  i128 ce = (i128)q * d[0] + (i128)r * e[0];
  md -= (int64_t)((pinv * (uint64_t)cd + (uint64_t)md) & M62);
  me -= (int64_t)((pinv * (uint64_t)ce + (uint64_t)me) & M62);
  cd += (i128)m[0] * md;
  ce += (i128)m[0] * me;
  cd >>= 62;
  ce >>= 62;
  for (size_t i = 1; i < L; i++) {
    cd += (i128)u * d[i] + (i128)v * e[i] + (i128)m[i] * md;
    ce += (i128)q * d[i] + (i128)r * e[i] + (i128)m[i] * me;
    d[i - 1] = (int64_t)((uint64_t)cd & M62);
    e[i - 1] = (int64_t)((uint64_t)ce & M62);
    cd >>= 62;
    ce >>= 62;
  }
  d[L - 1] = (int64_t)cd;
  e[L - 1] = (int64_t)ce;
}

/* x = x + (m & mask), limbs below the top renormalised to [0, 2^62). */
static void cond_add(int64_t *x, const int64_t *m, int64_t mask, size_t L) {
  int64_t c = 0;
  for (size_t i = 0; i + 1 < L; i++) {
    c += x[i] + (m[i] & mask);
    x[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x[L - 1] += c + (m[L - 1] & mask);
}

/* x = -x when mask is all ones. */
static void cond_neg(int64_t *x, int64_t mask, size_t L) {
  int64_t c = 0;
  for (size_t i = 0; i + 1 < L; i++) {
    c += (x[i] ^ mask) - mask;
    x[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x[L - 1] = ((x[L - 1] ^ mask) - mask) + c;
}

/* n canonical 64-bit limbs to L limbs of 62 bits (the top one takes the
 * rest), and back (the value non-negative and below 2^(64 n)). */
static void to_s62(int64_t *r, const uint64_t *a, size_t n, size_t L) {
  for (size_t i = 0; i < L; i++) {
    size_t bit = 62 * i, limb = bit / 64, off = bit % 64;
    uint64_t v = limb < n ? a[limb] >> off : 0;
    if (off > 2 && limb + 1 < n) v |= a[limb + 1] << (64 - off);
    r[i] = (int64_t)(i + 1 < L ? v & M62 : v);
  }
}

static void from_s62(uint64_t *r, const int64_t *a, size_t n, size_t L) {
  for (size_t j = 0; j < n; j++) r[j] = 0;
  for (size_t i = 0; i < L; i++) {
    size_t bit = 62 * i, limb = bit / 64, off = bit % 64;
    uint64_t v = (uint64_t)a[i];
    if (limb < n) r[limb] |= v << off;
    if (off > 2 && limb + 1 < n) r[limb + 1] |= v >> (64 - off);
  }
}

int hwc_bn_modinv(uint64_t *r, const uint64_t *x, const uint64_t *m, size_t n) {
  if (n == 0 || n > HWC_BN_MAX_LIMBS) return HWC_ERR_INVALID_ARG;
  const size_t L = 64 * n / 62 + 1, bits = 64 * n;
  const size_t batches = ((49 * bits + 57) / 17 + 58) / 59;
  /* Every value derived from x (and from m, a secret prime for some
   * callers), the last matrix included, wiped together at the end. */
  struct {
    int64_t f[MAX_L], g[MAX_L], d[MAX_L], e[MAX_L], m[MAX_L];
    trans t;
  } sec;
  to_s62(sec.m, m, n, L);
  to_s62(sec.f, m, n, L);
  to_s62(sec.g, x, n, L);
  for (size_t i = 0; i < L; i++) sec.d[i] = 0, sec.e[i] = 0;
  sec.e[0] = 1;
  /* 1/m mod 2^62 by Newton's iteration (m odd: its own inverse mod 8). */
  uint64_t pinv = (uint64_t)sec.m[0];
  for (int i = 0; i < 5; i++) pinv *= 2 - (uint64_t)sec.m[0] * pinv;
  int64_t zeta = -1; /* delta = 1/2 */
  for (size_t b = 0; b < batches; b++) {
    zeta = divsteps_59(zeta, (uint64_t)sec.f[0], (uint64_t)sec.g[0], &sec.t);
    update_de(sec.d, sec.e, &sec.t, sec.m, pinv, L);
    update_fg(sec.f, sec.g, &sec.t, L);
  }
  /* g = 0 and f = +-gcd(x, m): d = f / x mod m when the gcd is 1, in
   * (-2m, m); into [0, m). */
  cond_add(sec.d, sec.m, sec.d[L - 1] >> 63, L);
  cond_neg(sec.d, sec.f[L - 1] >> 63, L);
  cond_add(sec.d, sec.m, sec.d[L - 1] >> 63, L);
  from_s62(r, sec.d, n, L);
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

#else

int hwc_bn_modinv(uint64_t *r, const uint64_t *x, const uint64_t *m, size_t n) {
  (void)r, (void)x, (void)m, (void)n;
  return HWC_ERR_UNSUPPORTED;
}

#endif /* __SIZEOF_INT128__ */
