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
 * (src/common/poly1305_scalar.c). r^2 comes from that loop too and r^3..r^8
 * from the vector multiplication, once per key, cached in the state.
 *
 * Bounds (M = 2^26 - 1; "limb" is one 26-bit digit of a lane):
 *   powers: every limb of r^1..r^8 is below 2^26 + 2^10 (compute_powers),
 *     so a fivefold, below 2^29, fits a 32-bit lane;
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

#include "../common/byteorder.h"
#include "../common/poly1305_radix26.h"
#include "../kernels.h"

HWC_CALL_COUNTER(poly1305_neon);

/* The shortest input that takes the vector path: below it the powers (once
 * per key, and in an AEAD every message has its own key), the conversions
 * to and from radix 2^26 and the final lane sum cost more than the steps
 * save over the one-block loop (the crossover of llvm-mca models of whole
 * calls, Cortex-A55 and the A57 model for the A72; public lengths only). */
enum { VEC_MIN_BLOCKS = 28 };
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

/* Limbs of a power of r from the scalar loop (h2 <= 4 there, so limb 4 is
 * below 5 * 2^24 < 2^27): fold limb 4's bit 26 into limb 0 (2^130 = 5 mod
 * p) and carry once more, which leaves every limb at most 2^26 (limb 0
 * below 2^26 + 5 before its carry, limb 1 at most 2^26 - 1 + 1 after). */
static void normalize26(uint32_t l[5]) {
  uint32_t c = l[4] >> 26;
  l[4] &= M26;
  l[0] += 5 * c;
  c = l[0] >> 26;
  l[0] &= M26;
  l[1] += c;
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

/* x * y lane by lane for two lanes of numbers (limbs below 2^26 + 2^10),
 * carried: limbs below 2^26 + 2^10 again (carry26's bounds, from sums far
 * below its own). */
static inline void mul_lanes(uint32x2_t out[5], const uint32x2_t x[5], const uint32x2_t y[5]) {
  uint32x4_t r[5], s[5];
  uint64x2_t d[5];
  for (int i = 0; i < 5; i++) {
    r[i] = vcombine_u32(y[i], y[i]);
    s[i] = vaddq_u32(r[i], vshlq_n_u32(r[i], 2));
    d[i] = vdupq_n_u64(0);
  }
  mac(d, x, r, s, PAIR_LO);
  carry26(out, d);
}

/* The powers cache in st->powers, as 32-bit lanes packed two per word:
 * Q register i (words 2i, 2i + 1) for i < 5 holds limb i of r^4, r^3, r^2,
 * r^1 and register 5 + i five times that limb; registers 10 + i and
 * 15 + i the same for r^8, r^6, r^4, r^2. Filled once per key: r^2 by the
 * one-block loop on a zero block (normalized), then in the two lanes
 * (r^3, r^4) = (r, r^2) r^2, (r^5, r^6) = (r, r^2) r^4 and
 * (r^7, r^8) = (r^3, r^4) r^4. Every limb stays below 2^26 + 2^10 (r and
 * r^2 at most 2^26, the products carry26's output), so a fivefold is below
 * 2^29. */
static void compute_powers(hwc_poly1305_state *st) {
  static const uint8_t zero[16];
  uint32_t p1[5], p2[5];
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}, .h = {st->r[0], st->r[1], 0}};
  to26(p1, t.h);
  hwc_poly1305_blocks_scalar(&t, zero, 1, 0);
  to26(p2, t.h);
  normalize26(p2);
  uint32x2_t x12[5], y2[5], x34[5], y4[5], x56[5], x78[5];
  for (int i = 0; i < 5; i++) {
    x12[i] = vcreate_u32((uint64_t)p1[i] | (uint64_t)p2[i] << 32);
    y2[i] = vdup_n_u32(p2[i]);
  }
  mul_lanes(x34, x12, y2);
  for (int i = 0; i < 5; i++) y4[i] = vdup_lane_u32(x34[i], 1);
  mul_lanes(x56, x12, y4);
  mul_lanes(x78, x34, y4);
  for (int i = 0; i < 5; i++) {
    /* (r^4, r^3, r^2, r^1) and (r^8, r^6, r^4, r^2), limb i */
    uint32x4_t lo = vcombine_u32(vrev64_u32(x34[i]), vrev64_u32(x12[i]));
    uint32x4_t hi = vcombine_u32(vuzp2_u32(x78[i], x56[i]), vuzp2_u32(x34[i], x12[i]));
    vst1q_u64(st->powers + 2 * i, vreinterpretq_u64_u32(lo));
    vst1q_u64(st->powers + 10 + 2 * i, vreinterpretq_u64_u32(vaddq_u32(lo, vshlq_n_u32(lo, 2))));
    vst1q_u64(st->powers + 20 + 2 * i, vreinterpretq_u64_u32(hi));
    vst1q_u64(st->powers + 30 + 2 * i, vreinterpretq_u64_u32(vaddq_u32(hi, vshlq_n_u32(hi, 2))));
  }
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
 * previous step's carries, so the multiplier has work while they run). */
static void absorb_groups(hwc_poly1305_state *st, const uint8_t *in, size_t groups, uint64_t hibit) {
  const uint64_t hb2 = hibit << 24 | hibit << 56;
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
    step8(b, a, h, in + 128, r, s, hb2);
  }
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

/* The table's blocks: groups of four through the two lanes, the 0..3
 * blocks left over and short inputs through the one-block loop. */
static void poly1305_neon_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_neon);
  if (nblocks < VEC_MIN_BLOCKS) {
    hwc_poly1305_blocks_scalar(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  absorb_groups(st, in, nblocks / 4, hibit);
  in += 64 * (nblocks / 4);
  if (nblocks % 4) hwc_poly1305_blocks_scalar(st, in, nblocks % 4, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_neon = {
    .info = {.name = "neon", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(poly1305_neon)},
    .blocks = poly1305_neon_blocks,
};
