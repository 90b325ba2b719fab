/* SPDX-License-Identifier: ISC */
/*
 * Scalars mod L (see scalar25519.h) with 64-bit limbs and Montgomery
 * reduction, R = 2^256.
 *
 * Every operation maps onto two primitives:
 *  - redc(T) for any T < 2^512 returns T / R mod L, fully reduced. Four
 *    word-by-word REDC steps leave (T + m L) / R < 2^256 + L < 17 L; five
 *    masked subtractions of 16L, 8L, 4L, 2L and L bring it below L.
 *  - reduce512(T) = redc(redc(T) * (R^2 mod L)) = T mod L.
 * So a product of two arbitrary 256-bit values reduces with two redc calls,
 * and so does any sum or difference formed as a 512-bit number (negation is
 * L * 2^256 - s, as libsodium does, which keeps everything non-negative).
 *
 * Bounds, limb by limb (four 64-bit limbs, L < 2^253, 16 L < 2^257):
 *  - every multiply-accumulate is a b + t + c <= (2^64 - 1)^2 + 2 (2^64 - 1)
 *    = 2^128 - 1, so hwc_mac64's carry fits a word;
 *  - redc_steps: m < 2^256 and T < 2^512 make T + m L < 2^512 + 2^509, so
 *    the ninth word t[8] is at most 1 and v = (T + m L) / R has v[4] <= 1;
 *    v < 2^256 + L < 17 L because 2^256 < 16 L (2^252 < L);
 *  - redc's subtractions of 16L, 8L, 4L, 2L, L (each kept only if it does
 *    not go negative) halve the bound each time: v < 32 L in, v < L out;
 *  - reduce512's montmul multiplies two values below L: below 2^506;
 *  - muladd: a b + c <= (2^256 - 1)^2 + 2^256 - 1 < 2^512;
 *  - l_shifted_minus: L 2^256 + k - s lies in (0, 2^509).
 *
 * Constant time: fixed loops, multiplications, and masked selects; the only
 * branches are on the public exponent of the inversion.
 */
#include "scalar25519.h"

#include <string.h>

#include "src/internal.h"
#include "src/common/mac64.h"

static const uint64_t L[4] = {0x5812631a5cf5d3edull, 0x14def9dea2f79cd6ull, 0, 0x1000000000000000ull};
static const uint64_t L_NEG_INV = 0xd2b51da312547e1bull; /* -L^-1 mod 2^64 */
static const uint64_t R2[4] = {0xa40611e3449c0f01ull, 0xd00e1ba768859347ull, 0xceec73d217f5be65ull,
                               0x0399411b7c309a3dull}; /* 2^512 mod L */


static void load(uint64_t r[4], const uint8_t s[32]) {
  for (int i = 0; i < 4; i++) r[i] = hwc_load64_le(s + 8 * i);
}

static void store(uint8_t s[32], const uint64_t r[4]) {
  for (int i = 0; i < 4; i++) hwc_store64_le(s + 8 * i, r[i]);
}

/* v (5 limbs) -= k*L if that does not go negative; k*L = L << shift. */
static void csub_shifted_l(uint64_t v[5], unsigned shift) {
  uint64_t kl[5], d[5], borrow = 0;
  for (int i = 0; i < 5; i++) {
    uint64_t lo = i < 4 ? L[i] : 0, below = i ? L[i - 1] : 0;
    kl[i] = shift ? (lo << shift | below >> (64 - shift)) : lo;
  }
  for (int i = 0; i < 5; i++) {
    uint64_t t = v[i] - kl[i];
    uint64_t b1 = v[i] < kl[i];
    d[i] = t - borrow;
    borrow = b1 | (t < borrow);
  }
  uint64_t keep = borrow - 1; /* all ones when v >= kL: take the difference */
  for (int i = 0; i < 5; i++) v[i] = (d[i] & keep) | (v[i] & ~keep);
}

/* The four word-by-word REDC steps: returns (t + m L) / 2^256 in v[0..4]
 * (congruent to t / R mod L, not reduced). */
static void redc_steps(uint64_t v[5], const uint64_t t_in[8]) {
  uint64_t t[9];
  memcpy(t, t_in, 8 * sizeof t[0]);
  t[8] = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t m = t[i] * L_NEG_INV, carry = 0;
    for (int j = 0; j < 4; j++) t[i + j] = hwc_mac64(&carry, m, L[j], t[i + j], carry);
    for (int j = i + 4; j < 9; j++) {
      t[j] += carry;
      carry = t[j] < carry;
    }
  }
  memcpy(v, t + 4, 5 * sizeof v[0]);
}

/* r = t / 2^256 mod L, fully reduced, for any 512-bit t. */
static void redc(uint64_t r[4], const uint64_t t[8]) {
  uint64_t v[5];
  redc_steps(v, t);
  for (int s = 4; s >= 0; s--) csub_shifted_l(v, (unsigned)s);
  memcpy(r, v, 4 * sizeof r[0]);
}

static void mul_wide(uint64_t t[8], const uint64_t a[4], const uint64_t b[4]) {
  memset(t, 0, 8 * sizeof t[0]);
  for (int i = 0; i < 4; i++) {
    uint64_t carry = 0;
    for (int j = 0; j < 4; j++) t[i + j] = hwc_mac64(&carry, a[i], b[j], t[i + j], carry);
    t[i + 4] = carry;
  }
}

/* r = a * b / R mod L. */
static void montmul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
  uint64_t t[8];
  mul_wide(t, a, b);
  redc(r, t);
}

#if !defined(__SIZEOF_INT128__) /* the inversion fallback's helpers */
/* t = a^2: the six cross products once, doubled, plus the four squares. */
static void sqr_wide(uint64_t t[8], const uint64_t a[4]) {
  memset(t, 0, 8 * sizeof t[0]);
  for (int i = 0; i < 3; i++) {
    uint64_t carry = 0;
    for (int j = i + 1; j < 4; j++) t[i + j] = hwc_mac64(&carry, a[i], a[j], t[i + j], carry);
    t[i + 4] = carry;
  }
  for (int k = 7; k > 0; k--) t[k] = t[k] << 1 | t[k - 1] >> 63;
  t[0] <<= 1;
  uint64_t carry = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t hi;
    t[2 * i] = hwc_mac64(&hi, a[i], a[i], t[2 * i], carry);
    t[2 * i + 1] += hi;
    carry = t[2 * i + 1] < hi;
  }
}

/* r = a^2 / R mod L, below 2L for a < 2L (see montmul_lazy). */
static void montsqr_lazy(uint64_t r[4], const uint64_t a[4]) {
  uint64_t t[8], v[5];
  sqr_wide(t, a);
  redc_steps(v, t);
  memcpy(r, v, 4 * sizeof r[0]);
}

/* r = a * b / R mod L, only below 2L, for a, b < 2L: then a b < 4 L^2 and
 * (a b + m L) / R < L (4L / R + 1) < 2L, since 4L < R. Chains of these
 * (the inversion) need no subtraction until the end. */
static void montmul_lazy(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
  uint64_t t[8], v[5];
  mul_wide(t, a, b);
  redc_steps(v, t); /* v[4] == 0 by the bound above */
  memcpy(r, v, 4 * sizeof r[0]);
}
#endif

static void reduce512(uint8_t out[32], const uint64_t t[8]) {
  uint64_t r[4];
  redc(r, t);
  montmul(r, r, R2);
  store(out, r);
}

void hwc_sc25519_reduce64(uint8_t r[32], const uint8_t s[64]) {
  uint64_t t[8];
  load(t, s);
  load(t + 4, s + 32);
  reduce512(r, t);
  hwc_memzero(t, sizeof t);
}

void hwc_sc25519_muladd(uint8_t r[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32]) {
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t x[4], y[4], z[4], t[8];
  } sec;
  uint64_t carry = 0;
  load(sec.x, a);
  load(sec.y, b);
  load(sec.z, c);
  mul_wide(sec.t, sec.x, sec.y); /* <= (2^256 - 1)^2, so adding c < 2^256 cannot overflow */
  for (int i = 0; i < 8; i++) sec.t[i] = hwc_mac64(&carry, 1, sec.t[i], i < 4 ? sec.z[i] : 0, carry);
  reduce512(r, sec.t);
  hwc_memzero(&sec, sizeof sec);
}

void hwc_sc25519_mul(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]) {
  static const uint8_t zero[32];
  hwc_sc25519_muladd(r, a, b, zero);
}

void hwc_sc25519_add(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]) {
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t x[4], y[4], t[8];
  } sec = {0};
  uint64_t carry = 0;
  load(sec.x, a);
  load(sec.y, b);
  /* The carry out of bit 256 is dropped: libsodium adds the two 32-byte
   * encodings modulo 2^256 before reducing, and these are its semantics. */
  for (int i = 0; i < 4; i++) sec.t[i] = hwc_mac64(&carry, 1, sec.x[i], sec.y[i], carry);
  reduce512(r, sec.t);
  hwc_memzero(&sec, sizeof sec);
}

/* r = (L * 2^256 + k - s) mod L for k in {0, 1}: -s and 1 - s. */
static void l_shifted_minus(uint8_t r[32], uint64_t k, const uint8_t s[32]) {
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t x[4], t[8];
  } sec;
  uint64_t borrow = 0;
  load(sec.x, s);
  for (int i = 0; i < 8; i++) {
    uint64_t hi = i < 4 ? (i == 0 ? k : 0) : L[i - 4], lo = i < 4 ? sec.x[i] : 0;
    uint64_t d = hi - lo, b1 = hi < lo;
    sec.t[i] = d - borrow;
    borrow = b1 | (d < borrow);
  }
  reduce512(r, sec.t);
  hwc_memzero(&sec, sizeof sec);
}

void hwc_sc25519_negate(uint8_t r[32], const uint8_t s[32]) { l_shifted_minus(r, 0, s); }
void hwc_sc25519_complement(uint8_t r[32], const uint8_t s[32]) { l_shifted_minus(r, 1, s); }

void hwc_sc25519_sub(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]) {
  uint8_t nb[32];
  hwc_sc25519_negate(nb, b);
  hwc_sc25519_add(r, a, nb);
  hwc_memzero(nb, sizeof nb);
}

/* 1/s mod L by divsteps (src/curve25519/modinv25519.c, measured much
 * faster than the exponentiation) where the compiler has a 128-bit integer
 * type; else s^(L-2) by left-to-right square-and-multiply in the
 * Montgomery domain with a 4-bit fixed window over the public exponent:
 * the sequence of operations is the same for every s. */
void hwc_sc25519_invert(uint8_t r[32], const uint8_t s[32]) {
#if defined(__SIZEOF_INT128__)
  /* divsteps want s < L: reduce s (any 256-bit value) first */
  uint8_t wide[64] = {0};
  memcpy(wide, s, 32);
  hwc_sc25519_reduce64(r, wide);
  hwc_modinv25519_l(r, r);
  hwc_memzero(wide, sizeof wide);
#else
  static const uint64_t e[4] = {0x5812631a5cf5d3ebull, 0x14def9dea2f79cd6ull, 0, 0x1000000000000000ull};
  uint64_t x[4], pow[16][4], acc[4];
  load(x, s);
  montmul(pow[1], x, R2); /* s R, reduced */
  montsqr_lazy(pow[2], pow[1]);
  for (int i = 3; i < 16; i++) montmul_lazy(pow[i], pow[i - 1], pow[1]);
  int first = 1;
  for (int w = 63; w >= 0; w--) {
    unsigned nib = (unsigned)(e[w / 16] >> (4 * (w % 16))) & 15;
    if (!first)
      for (int k = 0; k < 4; k++) montsqr_lazy(acc, acc);
    if (nib) { /* public exponent digit */
      if (first) memcpy(acc, pow[nib], sizeof acc); else montmul_lazy(acc, acc, pow[nib]);
      first = 0;
    }
  }
  static const uint64_t one[4] = {1, 0, 0, 0};
  montmul(acc, acc, one); /* leave the Montgomery domain, fully reduced */
  store(r, acc);
  hwc_memzero(x, sizeof x);
  hwc_memzero(pow, sizeof pow);
  hwc_memzero(acc, sizeof acc);
#endif
}

int hwc_sc25519_is_canonical(const uint8_t s[32]) {
  uint64_t x[4], borrow = 0;
  load(x, s);
  for (int i = 0; i < 4; i++) {
    uint64_t d = x[i] - L[i], b1 = x[i] < L[i];
    borrow = b1 | (d < borrow);
  }
  return (int)borrow; /* s - L borrowed: s < L */
}
