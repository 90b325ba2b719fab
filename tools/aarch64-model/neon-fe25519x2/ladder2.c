/* SPDX-License-Identifier: ISC */
/*
 * MODEL INPUT, not part of the library: two X25519 ladders at once in the
 * two 32-bit lanes of NEON D registers (lane l = item l), the question of
 * issue 45 whether a 2-lane NEON backend beats two calls of the scalar
 * aarch64 backend (src/aarch64/fe25519_aarch64.c). check.py builds it,
 * checks it against Python's X25519 under qemu-aarch64 and models
 * ladder_step2 with ../mca.py; the figures and the answer are in README.md.
 *
 * Radix 2^25.5 (ref10): ten limbs, limb i at bit ceil(25.5 i), 26 bits
 * for even i and 25 for odd i, each in a uint32x2_t (one limb of both
 * items). A product is 100 UMULL/UMLAL (32 x 32 -> 64 bits, two lanes per
 * instruction) into ten uint64x2_t columns; a square 55.
 *
 * Bounds. "Carried": even limbs below 2^26, odd below 2^25 + 2^17 (the
 * carry chain's last step leaves limb 1 that far over). add2/sub2 of
 * carried inputs stay below 2^27.6 (sub adds 2p: 2^27 - 38, 2^26 - 2,
 * 2^27 - 2, ...). mul2 takes such inputs: 19 g_j < 2^31.9 fits 32 bits,
 * an odd-odd term uses 2 f_i < 2^28.6, each term is below 2^60.5 and a
 * column's ten terms below 2^63.8. sqr2 needs 38 f_j < 2^32, so it takes
 * carried inputs only; ladder_step2 carries the sums and differences
 * that reach a square (carry2) and feeds the others to mul2 as they are.
 */
#include <arm_neon.h>
#include <stdint.h>

typedef struct {
  uint32x2_t v[10];
} fe2;

/* Ten 64-bit columns to carried 32-bit limbs: ref10's interleaved order
 * (two chains, 0..4 and 4..9, then 9 -> 0 times 19 and 0 -> 1), unsigned
 * shifts since every column is non-negative here. Columns below 2^64:
 * the carry out of limb 9 is below 2^39, times 19 below 2^43.3. */
static inline __attribute__((always_inline)) void carry_cols(fe2 *r, uint64x2_t h[10]) {
  static const int order[] = {0, 4, 1, 5, 2, 6, 3, 7, 4, 8};
  const uint64x2_t m26 = vdupq_n_u64((1u << 26) - 1), m25 = vdupq_n_u64((1u << 25) - 1);
  for (int k = 0; k < 10; k++) {
    int i = order[k]; /* USRA: next += h >> s, then h keeps its s bits */
    if (i & 1) {
      h[i + 1] = vsraq_n_u64(h[i + 1], h[i], 25);
      h[i] = vandq_u64(h[i], m25);
    } else {
      h[i + 1] = vsraq_n_u64(h[i + 1], h[i], 26);
      h[i] = vandq_u64(h[i], m26);
    }
  }
  uint64x2_t c = vshrq_n_u64(h[9], 25);
  h[9] = vandq_u64(h[9], m25);
  h[0] = vaddq_u64(h[0], vaddq_u64(vshlq_n_u64(c, 4), vaddq_u64(vshlq_n_u64(c, 1), c))); /* + 19 c */
  h[1] = vsraq_n_u64(h[1], h[0], 26);
  h[0] = vandq_u64(h[0], m26);
  for (int i = 0; i < 10; i++) r->v[i] = vmovn_u64(h[i]);
}

/* r = f g (mod p): column k sums f_i g_j over i + j = k, and 19 f_i g_j
 * over i + j = k + 10; odd i and odd j together carry a factor 2 (their
 * half-bit offsets add up to a whole bit). */
static inline __attribute__((always_inline)) void mul2(fe2 *r, const fe2 *f, const fe2 *g) {
  uint32x2_t g19[10], f2[10];
  for (int j = 1; j < 10; j++) g19[j] = vmul_n_u32(g->v[j], 19);
  for (int i = 1; i < 10; i += 2) f2[i] = vshl_n_u32(f->v[i], 1);
  uint64x2_t h[10];
#pragma GCC unroll 10
  for (int k = 0; k < 10; k++) {
    h[k] = vmull_u32(f->v[0], g->v[k]);
#pragma GCC unroll 10
    for (int i = 1; i < 10; i++) {
      int j = (k - i + 10) % 10;
      uint32x2_t a = (i & 1) && (j & 1) ? f2[i] : f->v[i];
      uint32x2_t b = i + j >= 10 ? g19[j] : g->v[j];
      h[k] = vmlal_u32(h[k], a, b);
    }
  }
  carry_cols(r, h);
}

/* r = f^2 (mod p), f carried: the 45 cross products once with factor 2
 * (folded into an operand: 2 f_i, or 38 f_j where 19 applies), the ten
 * squares once; odd-odd pairs again doubled. */
static inline __attribute__((always_inline)) void sqr2(fe2 *r, const fe2 *f) {
  uint32x2_t f2[10], f19[10], f38[10];
  for (int i = 0; i < 10; i++) f2[i] = vshl_n_u32(f->v[i], 1);
  for (int j = 5; j < 10; j++) f19[j] = vmul_n_u32(f->v[j], 19), f38[j] = vmul_n_u32(f->v[j], 38);
  uint64x2_t h[10];
  for (int k = 0; k < 10; k++) h[k] = vdupq_n_u64(0);
#pragma GCC unroll 10
  for (int i = 0; i < 10; i++) {
#pragma GCC unroll 10
    for (int j = i; j < 10; j++) {
      int k = (i + j) % 10, wrap = i + j >= 10, odd2 = (i & 1) && (j & 1);
      int coef = (i == j ? 1 : 2) * (odd2 ? 2 : 1); /* 1, 2 or 4, times 19 if wrap */
      uint32x2_t a, b;
      if (coef == 1) a = f->v[i], b = wrap ? f19[j] : f->v[j];
      else if (coef == 2) a = wrap ? f->v[i] : f2[i], b = wrap ? f38[j] : f->v[j];
      else a = f2[i], b = wrap ? f38[j] : f2[j];
      h[k] = vmlal_u32(h[k], a, b);
    }
  }
  carry_cols(r, h);
}

static inline __attribute__((always_inline)) void add2(fe2 *r, const fe2 *f, const fe2 *g) {
  for (int i = 0; i < 10; i++) r->v[i] = vadd_u32(f->v[i], g->v[i]);
}

/* r = f - g + 2p, limbs non-negative for carried g. */
static inline __attribute__((always_inline)) void sub2(fe2 *r, const fe2 *f, const fe2 *g) {
  for (int i = 0; i < 10; i++) {
    uint32_t p2 = i == 0 ? (1u << 27) - 38 : i & 1 ? (1u << 26) - 2 : (1u << 27) - 2;
    r->v[i] = vsub_u32(vadd_u32(f->v[i], vdup_n_u32(p2)), g->v[i]);
  }
}

/* f carried again (limbs below 2^27.6 in). */
static inline __attribute__((always_inline)) void carry2(fe2 *f) {
  uint64x2_t h[10];
  for (int i = 0; i < 10; i++) h[i] = vmovl_u32(f->v[i]);
  carry_cols(f, h);
}

/* r = 121666 e + b, e below 2^27.6 and b carried: columns below 2^45. */
static inline __attribute__((always_inline)) void mul121666_add2(fe2 *r, const fe2 *e, const fe2 *b) {
  uint64x2_t h[10];
  for (int i = 0; i < 10; i++) h[i] = vmlal_n_u32(vmovl_u32(b->v[i]), e->v[i], 121666);
  carry_cols(r, h);
}

/* Exchanges f and g in the lanes where mask is all ones (BSL). */
static inline __attribute__((always_inline)) void cswap2(fe2 *f, fe2 *g, uint32x2_t mask) {
  for (int i = 0; i < 10; i++) {
    uint32x2_t t = vbsl_u32(mask, g->v[i], f->v[i]);
    g->v[i] = vbsl_u32(mask, f->v[i], g->v[i]);
    f->v[i] = t;
  }
}

/* One RFC 7748 step on both lanes, after the conditional swap: st =
 * (x2, z2, x3, z3), x1 the base points. Noinline so that ../mca.py models
 * exactly one step. */
__attribute__((noinline)) void ladder_step2(fe2 st[4], const fe2 *x1) {
  fe2 a, b, c, d, aa, bb, e, da, cb, t, u;
  add2(&a, &st[0], &st[1]);
  carry2(&a);
  sub2(&b, &st[0], &st[1]);
  carry2(&b);
  add2(&c, &st[2], &st[3]);
  sub2(&d, &st[2], &st[3]);
  mul2(&da, &d, &a);
  mul2(&cb, &c, &b);
  sqr2(&aa, &a);
  sqr2(&bb, &b);
  add2(&t, &da, &cb);
  carry2(&t);
  sub2(&u, &da, &cb);
  carry2(&u);
  sub2(&e, &aa, &bb);
  mul121666_add2(&a, &e, &bb);
  sqr2(&st[2], &t);
  sqr2(&u, &u);
  mul2(&st[3], &u, x1);
  mul2(&st[0], &aa, &bb);
  mul2(&st[1], &e, &a);
}

/* out[l] = (X2, Z2) limbs of lane l after the RFC 7748 ladder on the
 * clamped scalars e[l] and the u-coordinates u[l] (carried limbs); the
 * driver divides and compares. */
void x25519_ladder2(uint32_t out[2][2][10], const uint8_t e[2][32], const uint32_t u[2][10]) {
  fe2 st[4], x1;
  for (int i = 0; i < 10; i++) {
    uint32_t one[2] = {i == 0, i == 0}, zero[2] = {0, 0}, uu[2] = {u[0][i], u[1][i]};
    x1.v[i] = st[2].v[i] = vld1_u32(uu);
    st[0].v[i] = st[3].v[i] = vld1_u32(one);
    st[1].v[i] = vld1_u32(zero);
  }
  uint32_t swap[2] = {0, 0};
  for (int t = 254; t >= 0; t--) {
    uint32_t bit[2];
    for (int l = 0; l < 2; l++) bit[l] = (e[l][t >> 3] >> (t & 7)) & 1;
    uint32_t m[2] = {-(swap[0] ^ bit[0]), -(swap[1] ^ bit[1])};
    cswap2(&st[0], &st[2], vld1_u32(m));
    cswap2(&st[1], &st[3], vld1_u32(m));
    swap[0] = bit[0], swap[1] = bit[1];
    ladder_step2(st, &x1);
  }
  uint32_t m[2] = {-swap[0], -swap[1]};
  cswap2(&st[0], &st[2], vld1_u32(m));
  cswap2(&st[1], &st[3], vld1_u32(m));
  for (int i = 0; i < 10; i++) {
    uint32_t w[2];
    for (int c = 0; c < 2; c++) {
      vst1_u32(w, st[c].v[i]);
      out[0][c][i] = w[0], out[1][c][i] = w[1];
    }
  }
}
