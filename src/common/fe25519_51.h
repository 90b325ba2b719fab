/* SPDX-License-Identifier: ISC */
/*
 * The generic fe25519 backend's arithmetic (src/generic/fe25519_generic.c), in a
 * header so that backends which only add a vector ladder can take every
 * other operation, and the element layout, from it without copying it
 * (src/x86_64/fe25519_avx2.c). Include after kernels.h. Each backend
 * writes its own named kernel-table entry points over these operations
 * (fe25519_generic_mul, fe25519_avx2_mul, ...), counted on its own counter.
 *
 * The swaps work on the raw 40 bytes whatever the radix. The radix-2^51
 * arithmetic needs unsigned __int128; where it is compiled in,
 * HWC_FE25519_RADIX51 is defined, and fe25519_generic.c supplies radix 2^25.5
 * otherwise. HWC_FE25519_FORCE_RADIX25 (a build-wide switch to test that
 * fallback on 64-bit targets) leaves it out too, unless the includer asks
 * for it with HWC_FE25519_WANT_RADIX51: a backend that owns its layout
 * keeps radix 2^51 whatever the generic backend uses.
 */
#ifndef HWC_FE25519_51_H
#define HWC_FE25519_51_H

#include "byteorder.h"

/* Constant-time swap and move work on the raw 40 bytes, whatever the radix. */
static inline void fe_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 5; i++) {
    uint64_t x = (f->d[i] ^ g->d[i]) & mask;
    f->d[i] ^= x;
    g->d[i] ^= x;
  }
}

static inline void fe_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 5; i++) f->d[i] ^= (f->d[i] ^ g->d[i]) & mask;
}

#if defined(__SIZEOF_INT128__) && (!defined(HWC_FE25519_FORCE_RADIX25) || defined(HWC_FE25519_WANT_RADIX51))
#define HWC_FE25519_RADIX51 1
typedef unsigned __int128 u128;
#define M51 ((UINT64_C(1) << 51) - 1)

/* Leaves limbs 1..4 below 2^51 and limb 0 below 2^51 + 19 * 2^13. */
static inline void carry51(uint64_t h[5]) {
  h[1] += h[0] >> 51; h[0] &= M51;
  h[2] += h[1] >> 51; h[1] &= M51;
  h[3] += h[2] >> 51; h[2] &= M51;
  h[4] += h[3] >> 51; h[3] &= M51;
  h[0] += 19 * (h[4] >> 51); h[4] &= M51;
}

static inline void fe_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  uint64_t w0 = hwc_load64_le(s), w1 = hwc_load64_le(s + 8), w2 = hwc_load64_le(s + 16), w3 = hwc_load64_le(s + 24);
  h->d[0] = w0 & M51;
  h->d[1] = (w0 >> 51 | w1 << 13) & M51;
  h->d[2] = (w1 >> 38 | w2 << 26) & M51;
  h->d[3] = (w2 >> 25 | w3 << 39) & M51;
  h->d[4] = (w3 >> 12) & M51; /* drops bit 255 */
}

static inline void fe_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
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

/* One carry pass over the 128-bit limbs r0..r4 of a product (each below
 * 2^111.5, see fe_mul_inl) into h, the carry out of the top folded back
 * times 19: each carry r_k >> 51 is below 2^60.5, so the casts keep it
 * whole; r4 holds five plain products (no factor 19), below 2^107.6 with
 * its carry in, so 19 (r4 >> 51) < 2^60.9, h0 < 2^61 and its carry into
 * limb 1 is below 2^10; limbs 0, 2, 3, 4 end below 2^51, limb 1 below
 * 2^51 + 2^10. A macro rather
 * than a function: as a call, GCC schedules the multiplications around it
 * differently. */
#define CARRY_WIDE51(h, r0, r1, r2, r3, r4)                          \
  do {                                                               \
    r1 += (uint64_t)(r0 >> 51);                                      \
    r2 += (uint64_t)(r1 >> 51);                                      \
    r3 += (uint64_t)(r2 >> 51);                                      \
    r4 += (uint64_t)(r3 >> 51);                                      \
    uint64_t h0 = ((uint64_t)r0 & M51) + 19 * (uint64_t)(r4 >> 51);  \
    h->d[1] = ((uint64_t)r1 & M51) + (h0 >> 51);                     \
    h->d[0] = h0 & M51;                                              \
    h->d[2] = (uint64_t)r2 & M51;                                    \
    h->d[3] = (uint64_t)r3 & M51;                                    \
    h->d[4] = (uint64_t)r4 & M51;                                    \
  } while (0)

/* Inputs: limbs below L = 3 * 2^51 + 2^27 < 2^52.59: every output (below
 * 2^51 + 2^26, see fe_mul_small_inl) and the ladder's uncarried sums and
 * differences of outputs (fe_add_lazy, fe_sub_lazy). Then 19 g_j < 2^56.9
 * fits a word, and a product limb is five terms of which at most four
 * carry the factor 19: r_k < (1 + 4 * 19) L^2 = 77 L^2 < 2^111.5 (r0; r1
 * 59 L^2, r2 41, r3 23, r4 5). The squaring's limbs are the same sums. */
static inline void fe_mul_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  const uint64_t f0 = f->d[0], f1 = f->d[1], f2 = f->d[2], f3 = f->d[3], f4 = f->d[4];
  const uint64_t g0 = g->d[0], g1 = g->d[1], g2 = g->d[2], g3 = g->d[3], g4 = g->d[4];
  const uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
  u128 r0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 + (u128)f4 * g1_19;
  u128 r1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 + (u128)f4 * g2_19;
  u128 r2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 + (u128)f4 * g3_19;
  u128 r3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 + (u128)f4 * g4_19;
  u128 r4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
  CARRY_WIDE51(h, r0, r1, r2, r3, r4);
}

static inline void fe_sqr_inl(hwc_fe25519 *h, const hwc_fe25519 *f) {
  const uint64_t f0 = f->d[0], f1 = f->d[1], f2 = f->d[2], f3 = f->d[3], f4 = f->d[4];
  const uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1, f3_19 = 19 * f3, f4_19 = 19 * f4;
  u128 r0 = (u128)f0 * f0 + (u128)f1_2 * f4_19 + (u128)(2 * f2) * f3_19;
  u128 r1 = (u128)f0_2 * f1 + (u128)(2 * f2) * f4_19 + (u128)f3 * f3_19;
  u128 r2 = (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)(2 * f3) * f4_19;
  u128 r3 = (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4 * f4_19;
  u128 r4 = (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2;
  CARRY_WIDE51(h, r0, r1, r2, r3, r4);
}

/* f limbs below L (fe_mul_inl), c below 2^20: r_i < 2^72.6, the carry
 * out of r4 below 2^21.6 + 1, so limb 0 ends below 2^51 + 19 * 2^21.6 <
 * 2^51 + 2^26 (the largest limb any operation here returns) and limbs 1..4
 * below 2^51. */
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

/* Limbs below 2^63 each in; carry51's bounds out. */
static inline void fe_add_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  for (int i = 0; i < 5; i++) h->d[i] = f->d[i] + g->d[i];
  carry51(h->d);
}

/* Adds 2p first (limb 0 2^52 - 38, the others 2^52 - 2) so that no limb
 * goes negative: g's limbs must be at most those, which every output
 * (below 2^51 + 2^26) is; f's below 2^62. carry51 then leaves limb 0
 * below 2^51 + 19 * 2^13 and limbs 1..4 below 2^51. */
static inline void fe_sub_inl(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  h->d[0] = f->d[0] + UINT64_C(0xFFFFFFFFFFFDA) - g->d[0];
  for (int i = 1; i < 5; i++) h->d[i] = f->d[i] + UINT64_C(0xFFFFFFFFFFFFE) - g->d[i];
  carry51(h->d);
}

/* The ladder step's sums and differences (fe25519_generic.c), left uncarried:
 * they only go into products, which take them as they are. h = f + g per
 * limb; with f and g outputs of any operation here (limbs below
 * 2^51 + 2^26), h's limbs are below 2^52 + 2^27 < L (fe_mul_inl). */
static inline void fe_add_lazy(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  for (int i = 0; i < 5; i++) h->d[i] = f->d[i] + g->d[i];
}

/* h = f + 2p - g per limb (2p's limbs as in fe_sub_inl), uncarried: g's
 * limbs at most 2p's (every output's are), so none goes negative; with f
 * an output, h's limbs are below 2^51 + 2^26 + 2^52 < L. */
static inline void fe_sub_lazy(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  h->d[0] = f->d[0] + UINT64_C(0xFFFFFFFFFFFDA) - g->d[0];
  for (int i = 1; i < 5; i++) h->d[i] = f->d[i] + UINT64_C(0xFFFFFFFFFFFFE) - g->d[i];
}

#endif

#endif /* HWC_FE25519_51_H */
