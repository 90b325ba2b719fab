/* SPDX-License-Identifier: ISC */
/*
 * Constant-time inversion modulo curve25519's two moduli, the field prime
 * p = 2^255 - 19 and the group order L = 2^252 + 2774...8493, by Bernstein
 * and Yang's
 * divsteps ("Fast constant-time gcd computation and modular inversion",
 * TCHES 2019), in the "half-delta" form with 62-bit limbs and batches of 59
 * steps described in libsecp256k1's safegcd_implementation.md. Measured
 * faster than the exponentiation z^(p-2) over the mulx backend, which was
 * a sizeable share of an Ed25519 signature; modulo L it replaces a much
 * slower exponentiation (ristretto255 scalar inversion). The 590 steps
 * are one dependency chain through the low bit of g, which sets the time;
 * the ten full-size updates are the smaller part.
 *
 * Idea: divsteps keep (f, g) with f odd, replace g by (g +- f) / 2 or g / 2
 * and sometimes swap, so that after enough steps g = 0 and f = +-gcd = +-1;
 * the same linear maps applied to (d, e), starting from (0, 1), end with
 * d = +-1/x mod p. A batch of 59 steps only looks at the low 64 bits of f
 * and g, so it runs on two machine words and returns its effect as a 2x2
 * matrix (scaled by 2^62); the full-size numbers are updated once per
 * batch. For 256-bit inputs 590 half-delta steps always suffice (the bound
 * computed in the paper's follow-up analysis), hence 10 batches; any odd
 * modulus below 2^256 works the same way.
 *
 * Bounds:
 *  - f and g: each step replaces g by (g +- f) / 2 or g / 2 and f by the
 *    old g, so |f|, |g| never exceed max(|f0|, |g0|) = m (the input is
 *    below m): below 2^256 in magnitude, limbs 0..3 in [0, 2^62), the
 *    signed top limb (weight 2^248) within +-2^8.
 *  - the batch: 59 steps on the low 62 bits of f and g (limb 0). A step
 *    reads only the low bit of the current g (and zeta); after s steps the
 *    low 62 - s bits of the words are still exact, so 59 steps read only
 *    exact bits. The matrix starts at 8 and after s steps has
 *    |u| + |v| <= 2^(3+s) and |q| + |r| <= 2^(3+s) (a step adds one row
 *    into the other and doubles the first): 2^62 after 59 steps, within
 *    int64 with its sign and exactly the 2^62 the updates divide by. Hence
 *    59 steps per batch, not 62.
 *  - update_fg: u f_j + v g_j with limbs below 2^62 is below 2^124 in
 *    magnitude, plus a carry below 2^63: well inside 128 bits.
 *  - update_de: d, e in (-2m, m); md, me in (-2^63, 2^62] after the low
 *    62 bits are cancelled (at most 2^62 from the sign terms, minus less
 *    than 2^62), so u d_j + v e_j + m_j md < 2^124 + 2^125 in magnitude;
 *    the results stay in (-2m, m) (the safegcd write-up's range argument),
 *    top limbs within +-2^9.
 *  - zeta - 1 or -zeta - 2 (for zeta < 0) never grows |zeta| by more
 *    than 1, from -1: |zeta| <= 591 after the 590 steps.
 *  - the end: d in (-2m, m), +m if negative gives (-m, m), the sign of f
 *    can negate it, +m if negative gives [0, m), below 2^256 to pack.
 *
 * Constant time: every step is the same sequence of masks (or CMOVs),
 * adds and shifts; the batch count is fixed; the final normalisation is masked.
 * Needs a 128-bit integer type (the caller falls back to the
 * exponentiation without one).
 */
#include "src/common/divsteps62.h"
#include "src/common/msan.h"
#include "fe25519.h"
#include "src/internal.h"
#include "scalar25519.h"

#if defined(__SIZEOF_INT128__)

typedef __int128 i128;

#define M62 (UINT64_MAX >> 2)

/* Signed radix-2^62: v[0..3] in [0, 2^62) and v[4] signed, or, between
 * the steps of an update, any limbs whose weighted sum is the value. */
typedef struct {
  int64_t v[5];
} s62;

/* p = 2^255 - 19 = (2^62 - 19) + (2^62 - 1)(2^62 + 2^124 + 2^186) + 127 2^248 */
static const s62 P = {{(int64_t)(M62 - 18), (int64_t)M62, (int64_t)M62, (int64_t)M62, 127}};
/* L = 2^252 + 27742317777372353535851937790883648493 */
static const s62 L = {{0x1812631a5cf5d3ed, 0x137be77a8bde7359, 1, 0, 16}};

/* (f, g) = t (f, g) / 2^62, exactly: the batch made the low 62 bits of
 * both products zero. Limb products fit: |u| + |v| <= 2^62 and limbs below
 * 2^62 in magnitude (the top one far below), so each column is below
 * 2^124 plus a carry below 2^63 (see the top). */
static void update_fg(s62 *f, s62 *g, const trans *t) {
  i128 cf = (i128)t->u * f->v[0] + (i128)t->v * g->v[0];
  i128 cg = (i128)t->q * f->v[0] + (i128)t->r * g->v[0];
  cf >>= 62;
  cg >>= 62;
  for (int i = 1; i < 5; i++) {
    cf += (i128)t->u * f->v[i] + (i128)t->v * g->v[i];
    cg += (i128)t->q * f->v[i] + (i128)t->r * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)cf & M62);
    g->v[i - 1] = (int64_t)((uint64_t)cg & M62);
    cf >>= 62;
    cg >>= 62;
  }
  f->v[4] = (int64_t)cf;
  g->v[4] = (int64_t)cg;
}

/* (d, e) = t (d, e) / 2^62 mod m, for d and e in (-2m, m): multiples md,
 * me of m are added so that the low 62 bits vanish (pinv = 1/m mod 2^62),
 * starting from u or v (q or r) for a negative d or e, which keeps the
 * results in (-2m, m) (the range argument of the safegcd write-up). */
static void update_de(s62 *d, s62 *e, const trans *t, const s62 *m, uint64_t pinv) {
  const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
  const int64_t sd = d->v[4] >> 63, se = e->v[4] >> 63;
  int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
  i128 cd = (i128)u * d->v[0] + (i128)v * e->v[0];
  i128 ce = (i128)q * d->v[0] + (i128)r * e->v[0];
  md -= (int64_t)((pinv * (uint64_t)cd + (uint64_t)md) & M62);
  me -= (int64_t)((pinv * (uint64_t)ce + (uint64_t)me) & M62);
  cd += (i128)m->v[0] * md;
  ce += (i128)m->v[0] * me;
  cd >>= 62;
  ce >>= 62;
  for (int i = 1; i < 5; i++) {
    cd += (i128)u * d->v[i] + (i128)v * e->v[i] + (i128)m->v[i] * md;
    ce += (i128)q * d->v[i] + (i128)r * e->v[i] + (i128)m->v[i] * me;
    d->v[i - 1] = (int64_t)((uint64_t)cd & M62);
    e->v[i - 1] = (int64_t)((uint64_t)ce & M62);
    cd >>= 62;
    ce >>= 62;
  }
  d->v[4] = (int64_t)cd;
  e->v[4] = (int64_t)ce;
}

/* x = x + (m & mask), limbs renormalised to [0, 2^62) below the top. */
static void cond_add(s62 *x, const s62 *m, int64_t mask) {
  int64_t c = 0;
  for (int i = 0; i < 4; i++) {
    c += x->v[i] + (m->v[i] & mask);
    x->v[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x->v[4] += c + (m->v[4] & mask);
}

/* x = -x when mask is all ones. */
static void cond_neg(s62 *x, int64_t mask) {
  int64_t c = 0;
  for (int i = 0; i < 4; i++) {
    c += (x->v[i] ^ mask) - mask;
    x->v[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x->v[4] = ((x->v[4] ^ mask) - mask) + c;
}

/* out = 1/in mod m for in < m, m odd and below 2^256. */
static void modinv(uint8_t out[32], const uint8_t in[32], const s62 *m) {
  /* Every value derived from the input, the last transition matrix
   * included, wiped together at the end. */
  struct {
    uint64_t w[4];
    s62 f, g, d, e;
    trans t;
  } sec = {{0, 0, 0, 0}, *m, {{0}}, {{0, 0, 0, 0, 0}}, {{1, 0, 0, 0, 0}}, {0}};
  for (int i = 0; i < 32; i++) sec.w[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
  sec.g.v[0] = (int64_t)(sec.w[0] & M62);
  sec.g.v[1] = (int64_t)((sec.w[0] >> 62 | sec.w[1] << 2) & M62);
  sec.g.v[2] = (int64_t)((sec.w[1] >> 60 | sec.w[2] << 4) & M62);
  sec.g.v[3] = (int64_t)((sec.w[2] >> 58 | sec.w[3] << 6) & M62);
  sec.g.v[4] = (int64_t)(sec.w[3] >> 56);

  /* 1/m mod 2^62 by Newton's iteration (each step doubles the correct
   * bits; m is odd, so m is its own inverse mod 8). */
  uint64_t pinv = (uint64_t)m->v[0];
  for (int i = 0; i < 5; i++) pinv *= 2 - (uint64_t)m->v[0] * pinv;

  int64_t zeta = -1; /* delta = 1/2 */
  for (int i = 0; i < 10; i++) {
    zeta = divsteps_59(zeta, (uint64_t)sec.f.v[0], (uint64_t)sec.g.v[0], &sec.t);
    update_de(&sec.d, &sec.e, &sec.t, m, pinv);
    update_fg(&sec.f, &sec.g, &sec.t);
  }
  /* Now g = 0 and f = +-1 (or f = m when the input was 0, with d = 0 and
   * so a result of 0); d = f / x, in (-2m, m). */
  cond_add(&sec.d, m, sec.d.v[4] >> 63);
  cond_neg(&sec.d, sec.f.v[4] >> 63);
  cond_add(&sec.d, m, sec.d.v[4] >> 63);

  sec.w[0] = (uint64_t)sec.d.v[0] | (uint64_t)sec.d.v[1] << 62;
  sec.w[1] = (uint64_t)sec.d.v[1] >> 2 | (uint64_t)sec.d.v[2] << 60;
  sec.w[2] = (uint64_t)sec.d.v[2] >> 4 | (uint64_t)sec.d.v[3] << 58;
  sec.w[3] = (uint64_t)sec.d.v[3] >> 6 | (uint64_t)sec.d.v[4] << 56;
  for (int i = 0; i < 32; i++) out[i] = (uint8_t)(sec.w[i / 8] >> (8 * (i % 8)));
  hwc_memzero(&sec, sizeof sec);
}

void hwc_modinv25519(uint8_t out[32], const uint8_t in[32]) { modinv(out, in, &P); }

void hwc_modinv25519_l(uint8_t out[32], const uint8_t in[32]) { modinv(out, in, &L); }

#endif /* __SIZEOF_INT128__ */
