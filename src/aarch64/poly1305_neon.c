/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AArch64 Advanced SIMD: eight blocks per step in
 * two 64-bit lanes (RFC 8439, 2.5).
 *
 * Horner's rule split two ways (Goll and Gueron, "Vectorization of Poly1305
 * message authentication code", 2015): lane 0 takes the even blocks and
 * lane 1 the odd ones, each as h = (h + m) * r^2. Four such steps are one
 * step over eight blocks, h = (h + m01) r^8 + m23 r^6 + m45 r^4 + m67 r^2,
 * with m01 the first two blocks (one per lane) and so on: the twenty
 * products per result limb share one accumulator and one lazy carry (the
 * arrangement of Bernstein and Schwabe, "NEON crypto", 2012, which
 * A. Polyakov's poly1305-armv8 in OpenSSL uses over four blocks), and the
 * products of m23..m67, which do not wait for h, keep the multiplier busy
 * while the previous step's carries settle. An odd group of four left
 * takes one step h = (h + m01) r^4 + m23 r^2, and the last group of four
 * r^4, r^3 for m01 and r^2, r^1 for m23 lane by lane, so that the sum of
 * the two lanes is the serial result.
 *
 * Numbers are five 26-bit limbs. h and the message limbs are 32-bit lanes
 * (two per D register); UMULL/UMLAL by element (vmlal_laneq_u32) form the
 * 32x32->64 products of both lanes with one limb of one power, taken from
 * a Q register that holds that limb of four powers (r^8, r^6, r^4, r^2 in
 * the loop), so ten Q registers of powers, five accumulators, five limbs of
 * h and five of the message fit the 32 registers. The message is split
 * into limbs in the general registers (shifts and bitfield inserts) and
 * moved over by FMOV, which leaves the vector pipes to the multiplications.
 *
 * Short inputs (fewer than VEC_MIN_BLOCKS blocks) and the 0..3 blocks left
 * over after the groups go through the portable one-block loop
 * (src/common/poly1305_scalar.c); from 8 KiB on, the last sixteenth of
 * the blocks is a second, scalar Horner stream on the general registers,
 * run between the vector steps and joined at the end (poly1305_neon_blocks).
 * The powers r^2..r^8 are products in
 * the general registers (radix 2^44, MUL/UMULH; compute_powers), once per
 * key, cached in the state.
 *
 * Bounds (M = 2^26 - 1; "limb" is one 26-bit digit of a lane):
 *   powers: every limb of r^1..r^8 is at most 2^26 (compute_powers); the
 *     bounds below allow 2^26 + 2^10, and a fivefold, below 2^29, fits a
 *     32-bit lane;
 *   message: limbs 0..3 below 2^26, limb 4 below 2^24 + 2^24 (hibit);
 *   h entering a step: every limb below 2^27 (from the state: h < 2^131,
 *     so limb 4 < 2^27; from carry26: less);
 *   h + m01: below 2^27 + 2^26 = 3 * 2^26, in 32 bits;
 *   accumulator k of the eight-block step: five products of h + m01
 *     (< 3 * 2^26) and fifteen of message limbs (< 2^26), each with a power
 *     limb (< 2^26 + 2^10) or its fivefold; limb 0 has the most fivefold
 *     terms (one plain, four fivefold: 21 (2^26 + 2^10) per row), so it
 *     stays below (3 + 3) * 21 * 2^52 * (1 + 2^-16) < 127 * 2^52 < 2^59,
 *     and limb 2 (three plain, two fivefold) below 6 * 13 * 2^52 *
 *     (1 + 2^-16) < 79 * 2^52; the four-block steps have fewer terms; no
 *     64-bit lane overflows;
 *   carries (carry26): every limb leaves below 2^27 again.
 *
 * ISA: ASIMD (mandatory in ARMv8-A; listed so the dispatcher checks it).
 * Constant time: multiplications (UMULL/UMLAL, MUL/UMULH in the scalar
 * loop), additions, shifts and masks in a fixed sequence; the path taken
 * depends only on the number of blocks.
 */
#include <arm_neon.h>

#include "src/common/byteorder.h"
#include "src/common/poly1305_base64.h"
#include "src/common/poly1305_radix26.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(poly1305_neon);

/* The shortest input that takes the vector path: below it the powers (once
 * per key, and in an AEAD every message has its own key), the conversions
 * to and from radix 2^26 and the final lane sum cost more than the steps
 * save over the one-block loop (the crossover of llvm-mca models of whole
 * calls, Cortex-A55 and the A57 model for the A72; public lengths only). */
enum { VEC_MIN_BLOCKS = 28 };
/* The shortest input that also runs the scalar stream (poly1305_neon_blocks):
 * its r^ns and the final combination cost about what sixteen scalar blocks
 * save on the A57 model, so below 8 KiB it would not pay. */
enum { HYBRID_MIN_BLOCKS = 512 };
_Static_assert(VEC_MIN_BLOCKS >= 20, "absorb_groups assumes at least five groups of four blocks");

#define M26 0x3ffffffu

/* Radix 2^64 (value < 2^131, limb 2 at most 7) to five 26-bit limbs:
 * limbs 0..3 below 2^26, limb 4 below 2^27. */
static void to26(uint32_t l[5], const uint64_t h[3]) {
  l[0] = (uint32_t)h[0] & M26;
  l[1] = (uint32_t)(h[0] >> 26) & M26;
  l[2] = (uint32_t)(h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (uint32_t)(h[1] >> 14) & M26;
  l[4] = (uint32_t)(h[1] >> 40 | h[2] << 24);
}

/* Q register i of the powers cache (see compute_powers). */
static inline uint32x4_t cache_get(const hwc_poly1305_state *st, int i) {
  return vreinterpretq_u32_u64(vld1q_u64(st->powers + 2 * i));
}

/* Two blocks at in to limbs, one block per 32-bit lane (the first in lane
 * 0), with hb2 = hibit * 2^24 in both lanes of limb 4: limbs 0..3 below
 * 2^26, limb 4 below 2^25. Split in the general registers and moved over
 * with FMOV. */
static inline void load2(uint32x2_t m[5], const uint8_t *in, uint64_t hb2) {
  uint64_t a0 = hwc_load64_le(in), a1 = hwc_load64_le(in + 8);
  uint64_t b0 = hwc_load64_le(in + 16), b1 = hwc_load64_le(in + 24);
  m[0] = vcreate_u32((a0 & M26) | (b0 & M26) << 32);
  m[1] = vcreate_u32((a0 >> 26 & M26) | (b0 >> 26 & M26) << 32);
  m[2] = vcreate_u32(((a0 >> 52 | a1 << 12) & M26) | ((b0 >> 52 | b1 << 12) & M26) << 32);
  m[3] = vcreate_u32((a1 >> 14 & M26) | (b1 >> 14 & M26) << 32);
  m[4] = vcreate_u32((a1 >> 40 | (b1 >> 40) << 32) | hb2);
}

/* Which multiplier mla takes from a Q register of powers: one of its four
 * lanes for both lanes of x, or its low or high pair lane by lane. */
enum { LANE0, LANE1, LANE2, LANE3, PAIR_LO, PAIR_HI };

/* d + x * (the multiplier `sel` picks from v), both 64-bit lanes: UMLAL by
 * element, or by vector for the last group. sel is a constant at every
 * call, so after inlining one instruction remains. */
static inline uint64x2_t mla(uint64x2_t d, uint32x2_t x, uint32x4_t v, int sel) {
  switch (sel) {
  case LANE0: return vmlal_laneq_u32(d, x, v, 0);
  case LANE1: return vmlal_laneq_u32(d, x, v, 1);
  case LANE2: return vmlal_laneq_u32(d, x, v, 2);
  case LANE3: return vmlal_laneq_u32(d, x, v, 3);
  case PAIR_LO: return vmlal_u32(d, x, vget_low_u32(v));
  default: return vmlal_u32(d, x, vget_high_u32(v));
  }
}

/* d += x * p for both lanes of x, p the power `sel` picks from the limbs r
 * and their fivefolds s: limb k of the product is the sum of x[i] r[k - i]
 * for i <= k and x[i] s[5 + k - i] for i > k (2^130 = 5 mod p). One limb
 * of x at a time, so that a late limb of x (h + m01, at the end of the
 * previous group's carries) delays only its own five products. */
static inline void mac(uint64x2_t d[5], const uint32x2_t x[5], const uint32x4_t r[5], const uint32x4_t s[5],
                       int sel) {
  d[0] = mla(d[0], x[0], r[0], sel);
  d[1] = mla(d[1], x[0], r[1], sel);
  d[2] = mla(d[2], x[0], r[2], sel);
  d[3] = mla(d[3], x[0], r[3], sel);
  d[4] = mla(d[4], x[0], r[4], sel);
  d[0] = mla(d[0], x[1], s[4], sel);
  d[1] = mla(d[1], x[1], r[0], sel);
  d[2] = mla(d[2], x[1], r[1], sel);
  d[3] = mla(d[3], x[1], r[2], sel);
  d[4] = mla(d[4], x[1], r[3], sel);
  d[0] = mla(d[0], x[2], s[3], sel);
  d[1] = mla(d[1], x[2], s[4], sel);
  d[2] = mla(d[2], x[2], r[0], sel);
  d[3] = mla(d[3], x[2], r[1], sel);
  d[4] = mla(d[4], x[2], r[2], sel);
  d[0] = mla(d[0], x[3], s[2], sel);
  d[1] = mla(d[1], x[3], s[3], sel);
  d[2] = mla(d[2], x[3], s[4], sel);
  d[3] = mla(d[3], x[3], r[0], sel);
  d[4] = mla(d[4], x[3], r[1], sel);
  d[0] = mla(d[0], x[4], s[1], sel);
  d[1] = mla(d[1], x[4], s[2], sel);
  d[2] = mla(d[2], x[4], s[3], sel);
  d[3] = mla(d[3], x[4], s[4], sel);
  d[4] = mla(d[4], x[4], r[0], sel);
}

/* The lazy carry of Bernstein and Schwabe, two interleaved chains
 * (3 -> 4 -> 0 -> 1 and 0 -> 1 -> 2 -> 3 -> 4), then h = the limbs, narrowed
 * to 32-bit lanes. Bounds, from d below 2^59 and d2 below 79 * 2^52 (the
 * eight-block step's, which cover the four-block one's):
 *   d4 += d3 >> 26 (< 2^33); d1 += d0 >> 26 (< 2^33);
 *   t0 = (d0 & M) + 5 (d4 >> 26) < 2^26 + 5 (2^33 + 1) < 2^36;
 *   d2 += d1 >> 26; t1 = (d1 & M) + (t0 >> 26) < 2^26 + 2^10;
 *   t3 = (d3 & M) + (d2 >> 26) < 2^26 + 79 * 2^26 + 2^8 < 2^33;
 *   t4 = (d4 & M) + (t3 >> 26) < 2^26 + 2^7;
 *   h = (t0 & M, t1, d2 & M, t3 & M, t4): limbs 0, 2, 3 below 2^26, limb 1
 *   below 2^26 + 2^10, limb 4 below 2^26 + 2^7, so the narrowing UQXTN
 *   never saturates (exact). The carries are USRA (shift
 *   right and accumulate) and the narrowing UQXTN rather than the plainer
 *   SHR + ADD and XTN: on the Cortex-A57/A72 family those issue only on
 *   the pipe the multiplications do not use. */
static inline void carry26(uint32x2_t h[5], uint64x2_t d[5]) {
  const uint64x2_t m = vdupq_n_u64(M26);
  d[4] = vsraq_n_u64(d[4], d[3], 26);
  d[1] = vsraq_n_u64(d[1], d[0], 26);
  uint64x2_t t0 = vandq_u64(d[0], m);
  t0 = vsraq_n_u64(t0, d[4], 26);
  t0 = vsraq_n_u64(t0, vbicq_u64(d[4], m), 24); /* 4 (d4 >> 26), exactly */
  d[2] = vsraq_n_u64(d[2], d[1], 26);
  uint64x2_t t1 = vsraq_n_u64(vandq_u64(d[1], m), t0, 26);
  uint64x2_t t3 = vsraq_n_u64(vandq_u64(d[3], m), d[2], 26);
  uint64x2_t t4 = vsraq_n_u64(vandq_u64(d[4], m), t3, 26);
  h[0] = vqmovn_u64(vandq_u64(t0, m));
  h[1] = vqmovn_u64(t1);
  h[2] = vqmovn_u64(vandq_u64(d[2], m));
  h[3] = vqmovn_u64(vandq_u64(t3, m));
  h[4] = vqmovn_u64(t4);
}

/* The key powers in the general registers, radix 2^44 (limbs of 44, 44
 * and 42 bits, the radix of A. Moon's poly1305-donna-64): with 128-bit
 * products (MUL/UMULH) a product of two powers is nine multiplications
 * and a square six, with 2^132 = 20 (mod p) folding the top terms, where
 * the vector code took twenty-five products and a carry chain per power
 * in radix 2^26, two powers at a time; the powers are computed once per
 * key, and in an AEAD every message has its own key.
 *
 * Bounds: inputs and outputs have limbs 0, 1 below 2^44 and limb 2 at most
 * 2^42 (a value below 2^130 + 2^88, not fully reduced). Each column d_k is
 * at most three products of a limb (< 2^44) and a limb or 20 times one
 * (< 20 * 2^44 < 2^49), so below 3 * 2^93 < 2^95: no 128-bit sum wraps.
 * The carries: d0 >> 44 < 2^51 onto d1, d1 >> 44 < 2^52 onto d2, and
 * d2 >> 42 < 2^54 comes back as 5 times itself (2^130 = 5) onto limb 0,
 * below 2^44 + 2^57; its carry (< 2^14) onto limb 1 and limb 1's (at most
 * 1) onto limb 2, which is then at most 2^42 - 1 + 1. */
typedef unsigned __int128 u128;
#define M44 0xfffffffffffu
#define M42 0x3ffffffffffu

static inline void carry44(uint64_t h[3], u128 d0, u128 d1, u128 d2) {
  d1 += (uint64_t)(d0 >> 44);
  d2 += (uint64_t)(d1 >> 44);
  uint64_t h0 = (uint64_t)d0 & M44, h1 = (uint64_t)d1 & M44, h2 = (uint64_t)d2 & M42;
  h0 += 5 * (uint64_t)(d2 >> 42);
  h1 += h0 >> 44;
  h0 &= M44;
  h2 += h1 >> 44;
  h1 &= M44;
  h[0] = h0, h[1] = h1, h[2] = h2;
}

/* h = a b mod p (bounds above; limb 2 of an input may reach 2^43, as
 * combine's does: the columns stay below 2^94). */
static inline void mul44(uint64_t h[3], const uint64_t a[3], const uint64_t b[3]) {
  uint64_t s1 = 20 * b[1], s2 = 20 * b[2];
  u128 d0 = (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1;
  u128 d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2;
  u128 d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
  carry44(h, d0, d1, d2);
}

/* h = a^2 mod p (bounds above; the doubled limbs are below 2^45, the
 * 20-fold limb 2 below 2^47, their product with 2 a1 below 2^92). */
static inline void sqr44(uint64_t h[3], const uint64_t a[3]) {
  uint64_t a0x2 = 2 * a[0], a1x2 = 2 * a[1], a2x20 = 20 * a[2];
  u128 d0 = (u128)a[0] * a[0] + (u128)a1x2 * a2x20;
  u128 d1 = (u128)a0x2 * a[1] + (u128)a[2] * a2x20;
  u128 d2 = (u128)a0x2 * a[2] + (u128)a[1] * a[1];
  carry44(h, d0, d1, d2);
}

/* Radix 2^44 to five 26-bit limbs: limbs 0..3 below 2^26 (each OR joins
 * disjoint bits, limbs 0 and 1 being below 2^44), limb 4 = h2 >> 16 at
 * most 2^26. */
static inline void to26_44(uint32_t l[5], const uint64_t h[3]) {
  l[0] = (uint32_t)h[0] & M26;
  l[1] = (uint32_t)(h[0] >> 26 | h[1] << 18) & M26;
  l[2] = (uint32_t)(h[1] >> 8) & M26;
  l[3] = (uint32_t)(h[1] >> 34 | h[2] << 10) & M26;
  l[4] = (uint32_t)(h[2] >> 16);
}

/* The powers cache in st->powers, as 32-bit lanes packed two per word:
 * Q register i (words 2i, 2i + 1) for i < 5 holds limb i of r^4, r^3, r^2,
 * r^1 and register 5 + i five times that limb; registers 10 + i and
 * 15 + i the same for r^8, r^6, r^4, r^2; words 40..42 hold r^8 in radix
 * 2^44 (combine). Filled once per key in the
 * general registers (mul44, sqr44: r^2 = r r, r^3 = r^2 r, r^4 = (r^2)^2,
 * r^6 = (r^3)^2, r^8 = (r^4)^2, three products deep). Every limb is at
 * most 2^26 (to26_44), so a fivefold is below 2^29. */
static void compute_powers(hwc_poly1305_state *st) {
  uint64_t p[9][3];
  p[1][0] = st->r[0] & M44; /* r < 2^124 (clamped): limb 2 below 2^36 */
  p[1][1] = (st->r[0] >> 44 | st->r[1] << 20) & M44;
  p[1][2] = st->r[1] >> 24;
  sqr44(p[2], p[1]);
  mul44(p[3], p[2], p[1]);
  sqr44(p[4], p[2]);
  sqr44(p[6], p[3]);
  sqr44(p[8], p[4]);
  uint32_t l[9][5];
  for (int k = 1; k <= 8; k++)
    if (k != 5 && k != 7) to26_44(l[k], p[k]);
  /* Two 32-bit lanes per word, the first in the low half (the lane order
   * vreinterpretq_u32_u64 gives cache_get in either byte order). A
   * fivefold word is word + 4 word: each half stays below 2^29, so no
   * carry crosses into the other. */
  for (int i = 0; i < 5; i++) {
    uint64_t w[4] = {l[4][i] | (uint64_t)l[3][i] << 32, l[2][i] | (uint64_t)l[1][i] << 32,
                     l[8][i] | (uint64_t)l[6][i] << 32, l[4][i] | (uint64_t)l[2][i] << 32};
    for (int j = 0; j < 2; j++) {
      st->powers[2 * i + j] = w[j];
      st->powers[10 + 2 * i + j] = w[j] + (w[j] << 2);
      st->powers[20 + 2 * i + j] = w[2 + j];
      st->powers[30 + 2 * i + j] = w[2 + j] + (w[2 + j] << 2);
    }
  }
  /* r^8 in radix 2^44 for the scalar stream's r^ns (combine). */
  st->powers[40] = p[8][0], st->powers[41] = p[8][1], st->powers[42] = p[8][2];
  st->powers_ready = 1;
}

/* st->h = the sum of the two lanes of d, carried fully and repacked to
 * radix 2^64. Bounds: each lane below 2^59, so the sums are below 2^60,
 * inside hwc_poly1305_from26's 2^62. */
static void collapse(hwc_poly1305_state *st, const uint64x2_t d[5]) {
  hwc_poly1305_from26(st, vaddvq_u64(d[0]), vaddvq_u64(d[1]), vaddvq_u64(d[2]), vaddvq_u64(d[3]),
                      vaddvq_u64(d[4]));
}

/* The powers as multipliers: set 0 the limbs of r^4, r^3, r^2, r^1, set 1
 * those of r^8, r^6, r^4, r^2; fivefolds in s. */
static inline void key_set(uint32x4_t r[5], uint32x4_t s[5], const hwc_poly1305_state *st, int set) {
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, 10 * set + i);
    s[i] = cache_get(st, 10 * set + 5 + i);
  }
}

/* e = m23 r^6 + m45 r^4 + m67 r^2 for the eight blocks at in (r, s: the
 * powers r^8, r^6, r^4, r^2), the part of an eight-block step that does
 * not wait for h. */
static inline void independent8(uint64x2_t e[5], const uint8_t *in, const uint32x4_t r[5], const uint32x4_t s[5],
                                uint64_t hb2) {
  uint32x2_t m[5];
  for (int i = 0; i < 5; i++) e[i] = vdupq_n_u64(0);
  load2(m, in + 96, hb2);
  mac(e, m, r, s, LANE3);
  load2(m, in + 64, hb2);
  mac(e, m, r, s, LANE2);
  load2(m, in + 32, hb2);
  mac(e, m, r, s, LANE1);
}

/* The eight-block step at in whose independent products d already holds
 * (h = (h + m01) r^8 + d, carried), making those of the step at in + 128
 * into next meanwhile. */
static inline void step8(uint64x2_t d[5], uint64x2_t next[5], uint32x2_t h[5], const uint8_t *in,
                         const uint32x4_t r[5], const uint32x4_t s[5], uint64_t hb2) {
  uint32x2_t m[5];
  load2(m, in, hb2);
  for (int i = 0; i < 5; i++) h[i] = vadd_u32(h[i], m[i]);
  mac(d, h, r, s, LANE0);
  independent8(next, in + 128, r, s, hb2);
  carry26(h, d);
}

/* The same step with no eight-block step after it. */
static inline void last_step8(uint64x2_t d[5], uint32x2_t h[5], const uint8_t *in, const uint32x4_t r[5],
                              const uint32x4_t s[5], uint64_t hb2) {
  uint32x2_t m[5];
  load2(m, in, hb2);
  for (int i = 0; i < 5; i++) h[i] = vadd_u32(h[i], m[i]);
  mac(d, h, r, s, LANE0);
  carry26(h, d);
}

/* groups >= 5 groups of four blocks at in, in the lane form: all but the
 * last in steps h = (h + m01) r^8 + m23 r^6 + m45 r^4 + m67 r^2 over
 * eight blocks (one carry per eight), an odd one left in a step
 * h = (h + m01) r^4 + m23 r^2, and the last group as
 * (h + m01) (r^4, r^3) + m23 (r^2, r^1) lane by lane; the lane sums into
 * st. Every step has the products that do not wait for h formed first
 * (the eight-block steps one step ahead, in program order before the
 * previous step's carries, so the multiplier has work while they run).
 * Between the steps, the sblocks blocks at sin go into hs, the scalar
 * stream (poly1305_neon_blocks), by hwc_poly1305_block64 (the generic
 * backend's block, poly1305_base64.h): its multiplications go to the
 * integer multiplier, which the vector steps leave idle. */
/* noclone: GCC would otherwise specialise it (absorb_groups.constprop.0),
 * and tools/aarch64-model/hot-functions.txt names the symbol. */
static __attribute__((noclone, noinline)) void absorb_groups(hwc_poly1305_state *st, const uint8_t *in,
                                                             size_t groups, uint64_t hibit, uint64_t hs[3],
                                                             const uint8_t *sin, size_t sblocks) {
  const uint64_t hb2 = hibit << 24 | hibit << 56;
  const uint64_t r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2);
  uint32x4_t r[5], s[5];
  uint32x2_t h[5], m[5];
  uint64x2_t d[5];
  uint32_t l[5];
  to26(l, st->h);
  for (int i = 0; i < 5; i++) h[i] = vcreate_u32(l[i]);
  /* Software-pipelined, two steps per turn so that the two sets of
   * accumulators trade roles without copies: a and b hold in turn the
   * products of the next step that do not wait for h. groups >= 5, so
   * there are at least two eight-block steps before the last group. */
  uint64x2_t a[5], b[5];
  key_set(r, s, st, 1);
  independent8(a, in, r, s, hb2);
  for (; groups >= 7; groups -= 4, in += 256) {
    step8(a, b, h, in, r, s, hb2);
    for (int k = 0; k < 2 && sblocks; k++, sblocks--, sin += 16) hwc_poly1305_block64(hs, sin, r0, r1, s1, hibit);
    step8(b, a, h, in + 128, r, s, hb2);
    if (sblocks) hwc_poly1305_block64(hs, sin, r0, r1, s1, hibit), sblocks--, sin += 16;
  }
  for (; sblocks; sblocks--, sin += 16) hwc_poly1305_block64(hs, sin, r0, r1, s1, hibit);
  if (groups >= 5) {
    step8(a, b, h, in, r, s, hb2);
    last_step8(b, h, in + 128, r, s, hb2);
    groups -= 4;
    in += 256;
  } else {
    last_step8(a, h, in, r, s, hb2);
    groups -= 2;
    in += 128;
  }
  key_set(r, s, st, 0);
  if (groups == 2) {
    for (int i = 0; i < 5; i++) d[i] = vdupq_n_u64(0);
    load2(m, in + 32, hb2);
    mac(d, m, r, s, LANE2);
    load2(m, in, hb2);
    for (int i = 0; i < 5; i++) h[i] = vadd_u32(h[i], m[i]);
    mac(d, h, r, s, LANE0);
    carry26(h, d);
    in += 64;
  }
  for (int i = 0; i < 5; i++) d[i] = vdupq_n_u64(0);
  load2(m, in + 32, hb2);
  mac(d, m, r, s, PAIR_HI);
  load2(m, in, hb2);
  for (int i = 0; i < 5; i++) h[i] = vadd_u32(h[i], m[i]);
  mac(d, h, r, s, PAIR_LO);
  collapse(st, d);
}

/* st->h = st->h r^ns + hs, ns a power of two at least 16: r^ns is r^8
 * (radix 2^44, from the cache) squared log2(ns / 8) times. Bounds: st->h
 * below 2^131 (h2 <= 7) is limb 2 below 2^43 in radix 2^44, which mul44
 * takes; its product is below 2^130 + 2^88 (h2 <= 4 in radix 2^64); with
 * hs (h2 <= 4) the sum has h2 <= 9, and one fold of the bits above 2^130
 * (times 5) leaves h2 <= 4, as the other kernels leave it. */
static void combine(hwc_poly1305_state *st, const uint64_t hs[3], size_t ns) {
  uint64_t p[3] = {st->powers[40], st->powers[41], st->powers[42]}, a[3];
  for (size_t k = 8; k < ns; k *= 2) sqr44(p, p);
  a[0] = st->h[0] & M44;
  a[1] = (st->h[0] >> 44 | st->h[1] << 20) & M44;
  a[2] = st->h[1] >> 24 | st->h[2] << 40;
  mul44(a, a, p);
  u128 t = (u128)(a[0] | a[1] << 44) + hs[0];
  uint64_t h0 = (uint64_t)t;
  t = (t >> 64) + (a[1] >> 20 | a[2] << 24) + hs[1];
  uint64_t h1 = (uint64_t)t;
  uint64_t h2 = (uint64_t)(t >> 64) + (a[2] >> 40) + hs[2];
  t = (u128)h0 + 5 * (h2 >> 2);
  h0 = (uint64_t)t;
  t = (t >> 64) + h1;
  h1 = (uint64_t)t;
  st->h[0] = h0, st->h[1] = h1, st->h[2] = (h2 & 3) + (uint64_t)(t >> 64);
}

/* The table's blocks: groups of four through the two lanes, the 0..3
 * blocks left over and short inputs through the one-block loop. */
static void poly1305_neon_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_neon);
  if (nblocks < VEC_MIN_BLOCKS) {
    hwc_poly1305_blocks_scalar(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  /* The last ns blocks (the largest power of two up to a sixteenth) form a
   * second Horner stream, h = (h + m) r from h = 0 in the general
   * registers, run between the vector steps: on an out-of-order core with
   * one vector multiplier (Cortex-A57/A72: the vector steps are bound by
   * it) the integer multiplier takes those blocks for little more than
   * their instructions' issue slots. Then h = h_vector r^ns + h_scalar.
   * On the A57 model of llvm-mca 14 a sixteenth saves 280 cycles of 16 KiB
   * (an eighth 700), on the in-order A55 model it costs 1770 (an eighth
   * 3590): a sixteenth keeps both above 1.85x generic. */
  size_t ns = 0;
  if (nblocks >= HYBRID_MIN_BLOCKS)
    for (ns = 16; 32 * ns <= nblocks; ns *= 2) {
    }
  size_t nv = nblocks - ns;
  uint64_t hs[3] = {0, 0, 0};
  absorb_groups(st, in, nv / 4, hibit, hs, in + 16 * nv, ns);
  if (nv % 4) hwc_poly1305_blocks_scalar(st, in + 64 * (nv / 4), nv % 4, hibit);
  if (ns) combine(st, hs, ns);
}

const hwc_poly1305_kernel hwc_poly1305_neon = {
    .info = {.name = "neon", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(poly1305_neon)},
    .blocks = poly1305_neon_blocks,
};
