/* SPDX-License-Identifier: ISC */
/*
 * GF(2^255-19) arithmetic in portable C: the reference every other fe25519
 * backend is tested against.
 *
 * With unsigned __int128 (every 64-bit GCC/Clang target): five unsigned
 * limbs of 51 bits, products of 64x64->128 bits, the reduction 2^255 = 19
 * folded into the operands before multiplying (curve25519-donna-c64 and
 * libsodium's fe_51 follow the same plan); that half is in fe25519_51.h,
 * which the avx2 backend shares. Without it: ten signed limbs of
 * alternately 26 and 25 bits with 32x32->64 products (ref10's radix 2^25.5,
 * Bernstein et al., "High-speed high-security signatures", 2011), written
 * as loops rather than ref10's unrolled form.
 *
 * ISA: none. Constant time: straight-line code and loops whose bounds are
 * public; no branch or memory index depends on an element's value, and the
 * swaps are done with masks.
 *
 * Bounds: every table function ends with a carry pass, so all outputs
 * have limbs below 2^51 + 2^26 (radix 2^51: limb 0 after mul_small is the
 * largest; fe25519_51.h gives each operation's own) or limbs 1..9 below
 * their width and limb 0 a little above 2^26 (radix 2^25.5, carry25),
 * which every input bound below tolerates: radix-2^51 products take limbs
 * below 3 * 2^51 + 2^27, sub takes subtrahend limbs up to 2^52 - 38. The
 * radix-2^51 ladder step leaves its sums and differences uncarried, inside
 * the products' bound. tests/test_fe25519.c writes raw elements at those
 * input limits.
 */
#include "src/kernels.h"
#include "src/common/fe25519_ladder.h"

HWC_CALL_COUNTER(fe25519_generic);

#include "src/common/fe25519_51.h"

#ifndef HWC_FE25519_RADIX51
/* ------------------------------------------------------- radix 2^25.5 */
/* Limb i sits at bit ceil(25.5 i) and is 26 bits wide for even i, 25 for odd. */
static const unsigned limb_pos[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};
#define WIDTH(i) (26u - ((i) & 1u))

/* Carries r into limbs of their width; the carry out of limb 9 comes back
 * times 19. Limbs never go negative (sub adds 2p), so the shifts are plain
 * floor divisions. Twice around leaves limbs 1..9 below their width and
 * limb 0 at most a little above 2^26. */
static void carry25(int32_t h[10], int64_t r[10]) {
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < 10; i++) {
      int64_t c = r[i] >> WIDTH(i);
      r[i] -= c * ((int64_t)1 << WIDTH(i));
      if (i < 9) r[i + 1] += c; else r[0] += 19 * c;
    }
  }
  for (int i = 0; i < 10; i++) h[i] = (int32_t)r[i];
}

static void fe_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  int64_t r[10];
  for (int i = 0; i < 10; i++) {
    unsigned byte = limb_pos[i] / 8, shift = limb_pos[i] % 8;
    uint64_t v = 0;
    for (unsigned j = 0; j < 5 && byte + j < 32; j++) v |= (uint64_t)s[byte + j] << (8 * j);
    r[i] = (int64_t)((v >> shift) & ((UINT64_C(1) << WIDTH(i)) - 1)); /* limb 9 stops at bit 254 */
  }
  carry25(h->w, r);
}

static void fe_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  int64_t r[10];
  int32_t h[10];
  for (int i = 0; i < 10; i++) r[i] = f->w[i];
  carry25(h, r);
  /* h is within [0, 2^255 + 2^27) < 2p: q = [h >= p] is the carry out of h + 19. */
  int64_t q = (h[0] + 19) >> 26;
  for (int i = 1; i < 10; i++) q = (h[i] + q) >> WIDTH(i);
  r[0] = h[0] + 19 * q;
  for (int i = 1; i < 10; i++) r[i] = h[i];
  for (int i = 0; i < 9; i++) {
    r[i + 1] += r[i] >> WIDTH(i);
    r[i] &= ((int64_t)1 << WIDTH(i)) - 1;
  }
  r[9] &= ((int64_t)1 << 25) - 1; /* subtracts the 2^255 of q * p */
  for (int i = 0; i < 32; i++) s[i] = 0;
  for (int i = 0; i < 10; i++) {
    uint64_t v = (uint64_t)r[i] << (limb_pos[i] % 8);
    for (unsigned j = 0; j < 5 && limb_pos[i] / 8 + j < 32; j++) s[limb_pos[i] / 8 + j] |= (uint8_t)(v >> (8 * j));
  }
}

/* Two odd limbs multiply to twice their position (25.5 rounds up twice);
 * wrapped terms pick up 19. Limbs near 2^26 keep the ten-term sums below
 * 2^63. */
static inline void fe_mul_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  int64_t r[10] = {0};
  for (int i = 0; i < 10; i++) {
    for (int j = 0; j < 10; j++) {
      int64_t p = (int64_t)f->w[i] * g->w[j] * ((i & j & 1) ? 2 : 1);
      if (i + j < 10) r[i + j] += p; else r[i + j - 10] += 19 * p;
    }
  }
  carry25(h->w, r);
}

static inline void fe_sqr_inl(hwc_fe25519 *h, const hwc_fe25519 *f) { fe_mul_inl(h, f, f); }

static inline void fe_mul_small_inl(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  int64_t r[10];
  for (int i = 0; i < 10; i++) r[i] = (int64_t)f->w[i] * c;
  carry25(h->w, r);
}

static inline void fe_add_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  int64_t r[10];
  for (int i = 0; i < 10; i++) r[i] = (int64_t)f->w[i] + g->w[i];
  carry25(h->w, r);
}

/* Adds 2p first so that every limb, and so every value, stays non-negative:
 * tobytes relies on it. */
static inline void fe_sub_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  int64_t r[10];
  for (int i = 0; i < 10; i++) {
    int64_t two_p = 2 * (((int64_t)1 << WIDTH(i)) - (i == 0 ? 19 : 1));
    r[i] = (int64_t)f->w[i] + two_p - g->w[i];
  }
  carry25(h->w, r);
}

/* The ladder's sums and differences: radix 2^25.5 products take only
 * carried limbs (32x32-bit operands with room for the factor 19), so here
 * they are the carried operations. */
static inline void fe_add_lazy(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) { fe_add_inl(h, f, g); }
static inline void fe_sub_lazy(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) { fe_sub_inl(h, f, g); }
#endif

/* ------------------------------------------------ table entry points
 * Each counts the call (test builds) and runs the inline operation of the
 * radix compiled in (fe25519_51.h or the radix-2^25.5 code above);
 * contracts in src/kernels.h. */

static void fe25519_generic_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_frombytes(h, s);
}

static void fe25519_generic_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_tobytes(s, f);
}

static void fe25519_generic_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_mul_inl(h, f, g);
}

static void fe25519_generic_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sqr_inl(h, f);
}

static void fe25519_generic_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sqr_inl(h, f);
  while (--n) fe_sqr_inl(h, h);
}

static void fe25519_generic_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_mul_small_inl(h, f, c);
}

static void fe25519_generic_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_add_inl(h, f, g);
}

static void fe25519_generic_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sub_inl(h, f, g);
}

static void fe25519_generic_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_cswap(f, g, b);
}

static void fe25519_generic_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_cmov(f, g, b);
}

/* RFC 7748 section 5 ladder step, with a24 = (486662 + 2) / 4 = 121666
 * applied as z2 = E * (BB + a24 * E), which equals the RFC's AA + 121665 E.
 * Sums and differences are left uncarried (fe_add_lazy, fe_sub_lazy): each
 * goes straight into a product, whose input bound covers them
 * (fe25519_51.h: the operands of every sum and difference are outputs of
 * an operation, or the state the ladder was given, whose limbs the ladder
 * contract bounds as outputs'). */
static inline void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1) {
  hwc_fe25519 *x2 = &st[0], *z2 = &st[1], *x3 = &st[2], *z3 = &st[3];
  hwc_fe25519 a, b, aa, bb, e, c, d, da, cb;
  fe_add_lazy(&a, x2, z2);
  fe_sub_lazy(&b, x2, z2);
  fe_add_lazy(&c, x3, z3);
  fe_sub_lazy(&d, x3, z3);
  fe_sqr_inl(&aa, &a);
  fe_sqr_inl(&bb, &b);
  fe_mul_inl(&da, &d, &a);
  fe_mul_inl(&cb, &c, &b);
  fe_sub_lazy(&e, &aa, &bb);
  fe_add_lazy(x3, &da, &cb);
  fe_sqr_inl(x3, x3);
  fe_sub_lazy(z3, &da, &cb);
  fe_sqr_inl(z3, z3);
  fe_mul_inl(z3, z3, x1);
  fe_mul_inl(x2, &aa, &bb);
  fe_mul_small_inl(&a, &e, 121666);
  fe_add_lazy(&a, &a, &bb);
  fe_mul_inl(z2, &e, &a);
}

static void fe25519_generic_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_generic);
  hwc_fe25519_ladder_loop(st, x1, e, fe_cswap, ladder_step);
}

const hwc_fe25519_kernel hwc_fe25519_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(fe25519_generic)},
    .frombytes = fe25519_generic_frombytes,
    .tobytes = fe25519_generic_tobytes,
    .mul = fe25519_generic_mul,
    .sqr = fe25519_generic_sqr,
    .sqr_n = fe25519_generic_sqr_n,
    .mul_small = fe25519_generic_mul_small,
    .add = fe25519_generic_add,
    .sub = fe25519_generic_sub,
    .cswap = fe25519_generic_cswap,
    .cmov = fe25519_generic_cmov,
    .ladder = fe25519_generic_ladder,
    /* no Edwards entries: the protocol's loops over the entries above */
};
