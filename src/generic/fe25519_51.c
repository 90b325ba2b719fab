/*
 * GF(2^255-19) arithmetic in portable C: the reference every other fe25519
 * backend is tested against.
 *
 * With unsigned __int128 (every 64-bit GCC/Clang target): five unsigned
 * limbs of 51 bits, products of 64x64->128 bits, the reduction 2^255 = 19
 * folded into the operands before multiplying (curve25519-donna-c64 and
 * libsodium's fe_51 follow the same plan). Without it: ten signed limbs of
 * alternately 26 and 25 bits with 32x32->64 products (ref10's radix 2^25.5,
 * Bernstein et al., "High-speed high-security signatures", 2011), written
 * as loops rather than ref10's unrolled form.
 *
 * ISA: none. Constant time: straight-line code and loops whose bounds are
 * public; no branch or memory index depends on an element's value, and the
 * swaps are done with masks.
 *
 * Bounds: every function ends with a carry pass, so all outputs have limbs
 * below 2^52 (radix 2^51) or about 2^26 (radix 2^25.5), which every input
 * bound below tolerates.
 */
#include "../kernels.h"
#include "../fe25519_ladder.h"

HWC_CALL_COUNTER(fe25519_generic);

/* Constant-time swap and move work on the raw 40 bytes, whatever the radix. */
static void fe_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 5; i++) {
    uint64_t x = (f->d[i] ^ g->d[i]) & mask;
    f->d[i] ^= x;
    g->d[i] ^= x;
  }
}

static void fe_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 5; i++) f->d[i] ^= (f->d[i] ^ g->d[i]) & mask;
}

#if defined(__SIZEOF_INT128__) && !defined(HWC_FE25519_FORCE_RADIX25)
/* ------------------------------------------------------------ radix 2^51 */
typedef unsigned __int128 u128;
#define M51 ((UINT64_C(1) << 51) - 1)

static uint64_t load64_le(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

/* Leaves limbs 1..4 below 2^51 and limb 0 below 2^51 + 19 * 2^13. */
static inline void carry51(uint64_t h[5]) {
  h[1] += h[0] >> 51; h[0] &= M51;
  h[2] += h[1] >> 51; h[1] &= M51;
  h[3] += h[2] >> 51; h[2] &= M51;
  h[4] += h[3] >> 51; h[3] &= M51;
  h[0] += 19 * (h[4] >> 51); h[4] &= M51;
}

static void fe_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  uint64_t w0 = load64_le(s), w1 = load64_le(s + 8), w2 = load64_le(s + 16), w3 = load64_le(s + 24);
  h->d[0] = w0 & M51;
  h->d[1] = (w0 >> 51 | w1 << 13) & M51;
  h->d[2] = (w1 >> 38 | w2 << 26) & M51;
  h->d[3] = (w2 >> 25 | w3 << 39) & M51;
  h->d[4] = (w3 >> 12) & M51; /* drops bit 255 */
}

static void fe_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  uint64_t t[5] = {f->d[0], f->d[1], f->d[2], f->d[3], f->d[4]};
  carry51(t);
  carry51(t);
  /* Now t < 2^255 + 19 < 2p, so q = [t >= p] is the carry out of t + 19. */
  uint64_t q = (t[0] + 19) >> 51;
  for (int i = 1; i < 5; i++) q = (t[i] + q) >> 51;
  t[0] += 19 * q;
  for (int i = 0; i < 4; i++) {
    t[i + 1] += t[i] >> 51;
    t[i] &= M51;
  }
  t[4] &= M51; /* subtracts the 2^255 of q * p */
  uint64_t w[4] = {t[0] | t[1] << 51, t[1] >> 13 | t[2] << 38, t[2] >> 26 | t[3] << 25, t[3] >> 39 | t[4] << 12};
  for (int i = 0; i < 32; i++) s[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* Product limbs are sums of five terms below 2^52 * 19 * 2^52, so < 2^115. */
static inline void fe_mul_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  const uint64_t f0 = f->d[0], f1 = f->d[1], f2 = f->d[2], f3 = f->d[3], f4 = f->d[4];
  const uint64_t g0 = g->d[0], g1 = g->d[1], g2 = g->d[2], g3 = g->d[3], g4 = g->d[4];
  const uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
  u128 r0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 + (u128)f4 * g1_19;
  u128 r1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 + (u128)f4 * g2_19;
  u128 r2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 + (u128)f4 * g3_19;
  u128 r3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 + (u128)f4 * g4_19;
  u128 r4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
  r1 += (uint64_t)(r0 >> 51);
  r2 += (uint64_t)(r1 >> 51);
  r3 += (uint64_t)(r2 >> 51);
  r4 += (uint64_t)(r3 >> 51);
  uint64_t h0 = ((uint64_t)r0 & M51) + 19 * (uint64_t)(r4 >> 51);
  h->d[1] = ((uint64_t)r1 & M51) + (h0 >> 51);
  h->d[0] = h0 & M51;
  h->d[2] = (uint64_t)r2 & M51;
  h->d[3] = (uint64_t)r3 & M51;
  h->d[4] = (uint64_t)r4 & M51;
}

static inline void fe_sqr_inl(hwc_fe25519 *h, const hwc_fe25519 *f) {
  const uint64_t f0 = f->d[0], f1 = f->d[1], f2 = f->d[2], f3 = f->d[3], f4 = f->d[4];
  const uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1, f3_19 = 19 * f3, f4_19 = 19 * f4;
  u128 r0 = (u128)f0 * f0 + (u128)f1_2 * f4_19 + (u128)(2 * f2) * f3_19;
  u128 r1 = (u128)f0_2 * f1 + (u128)(2 * f2) * f4_19 + (u128)f3 * f3_19;
  u128 r2 = (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)(2 * f3) * f4_19;
  u128 r3 = (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4 * f4_19;
  u128 r4 = (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2;
  r1 += (uint64_t)(r0 >> 51);
  r2 += (uint64_t)(r1 >> 51);
  r3 += (uint64_t)(r2 >> 51);
  r4 += (uint64_t)(r3 >> 51);
  uint64_t h0 = ((uint64_t)r0 & M51) + 19 * (uint64_t)(r4 >> 51);
  h->d[1] = ((uint64_t)r1 & M51) + (h0 >> 51);
  h->d[0] = h0 & M51;
  h->d[2] = (uint64_t)r2 & M51;
  h->d[3] = (uint64_t)r3 & M51;
  h->d[4] = (uint64_t)r4 & M51;
}

static inline void fe_mul_small_inl(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  u128 r[5];
  for (int i = 0; i < 5; i++) r[i] = (u128)f->d[i] * c;
  for (int i = 0; i < 4; i++) {
    r[i + 1] += (uint64_t)(r[i] >> 51);
    h->d[i] = (uint64_t)r[i] & M51;
  }
  h->d[4] = (uint64_t)r[4] & M51;
  h->d[0] += 19 * (uint64_t)(r[4] >> 51);
}

static inline void fe_add_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  for (int i = 0; i < 5; i++) h->d[i] = f->d[i] + g->d[i];
  carry51(h->d);
}

/* Adds 2p first so that no limb goes negative: inputs are below 2^52 - 38. */
static inline void fe_sub_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  h->d[0] = f->d[0] + UINT64_C(0xFFFFFFFFFFFDA) - g->d[0];
  for (int i = 1; i < 5; i++) h->d[i] = f->d[i] + UINT64_C(0xFFFFFFFFFFFFE) - g->d[i];
  carry51(h->d);
}

#else
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
#endif

/* ------------------------------------------------ table entry points */
static void fe_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_mul_inl(h, f, g);
}

static void fe_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sqr_inl(h, f);
}

static void fe_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sqr_inl(h, f);
  while (--n) fe_sqr_inl(h, h);
}

static void fe_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_mul_small_inl(h, f, c);
}

static void fe_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_add_inl(h, f, g);
}

static void fe_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_sub_inl(h, f, g);
}

/* RFC 7748 section 5 ladder step, with a24 = (486662 + 2) / 4 = 121666
 * applied as z2 = E * (BB + a24 * E), which equals the RFC's AA + 121665 E. */
static inline void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1) {
  hwc_fe25519 *x2 = &st[0], *z2 = &st[1], *x3 = &st[2], *z3 = &st[3];
  hwc_fe25519 a, b, aa, bb, e, c, d, da, cb;
  fe_add_inl(&a, x2, z2);
  fe_sub_inl(&b, x2, z2);
  fe_add_inl(&c, x3, z3);
  fe_sub_inl(&d, x3, z3);
  fe_sqr_inl(&aa, &a);
  fe_sqr_inl(&bb, &b);
  fe_mul_inl(&da, &d, &a);
  fe_mul_inl(&cb, &c, &b);
  fe_sub_inl(&e, &aa, &bb);
  fe_add_inl(x3, &da, &cb);
  fe_sqr_inl(x3, x3);
  fe_sub_inl(z3, &da, &cb);
  fe_sqr_inl(z3, z3);
  fe_mul_inl(z3, z3, x1);
  fe_mul_inl(x2, &aa, &bb);
  fe_mul_small_inl(&a, &e, 121666);
  fe_add_inl(&a, &a, &bb);
  fe_mul_inl(z2, &e, &a);
}

static void fe_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_generic);
  hwc_fe25519_ladder_loop(st, x1, e, fe_cswap, ladder_step);
}

static void fe_frombytes_entry(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_frombytes(h, s);
}

static void fe_tobytes_entry(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_tobytes(s, f);
}

static void fe_cswap_entry(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_cswap(f, g, b);
}

static void fe_cmov_entry(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_generic);
  fe_cmov(f, g, b);
}

const hwc_fe25519_kernel hwc_fe25519_generic = {
    .info = {.name = "generic", .required = 0, .priority = 0, HWC_CALLS(fe25519_generic)},
    .frombytes = fe_frombytes_entry,
    .tobytes = fe_tobytes_entry,
    .mul = fe_mul,
    .sqr = fe_sqr,
    .sqr_n = fe_sqr_n,
    .mul_small = fe_mul_small,
    .add = fe_add,
    .sub = fe_sub,
    .cswap = fe_cswap_entry,
    .cmov = fe_cmov_entry,
    .ladder = fe_ladder,
};
