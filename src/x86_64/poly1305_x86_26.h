/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 (RFC 8439, 2.5) in radix 2^26 over vectors of 64-bit lanes,
 * shared by poly1305_avx2.c (four lanes) and poly1305_avx512.c (eight).
 *
 * Horner's rule split PV_LANES ways (Goll and Gueron, "Vectorization of
 * Poly1305 message authentication code", 2015): lane j accumulates blocks
 * j, j + n, j + 2n, ... as h_j = (h_j + m) * r^n, and the last group of n is
 * multiplied by r^n..r^1 instead, so that the sum of the lanes is the serial
 * result. Numbers are five 26-bit limbs, one vector per limb, so VPMULUDQ
 * (32x32->64) forms the products and sums of five of them stay below 2^64.
 * The two kernels differ only in width, in how blocks are loaded into lanes
 * and in where the key powers are kept; this header holds the arithmetic
 * once, and each kernel keeps its loads, its powers cache and the short loop
 * over absorb26.
 *
 * The includer defines, before including, the type, the lane count and
 * these static inline functions (one instruction or a short fixed sequence):
 *   typedef ... pv;             __m256i or __m512i
 *   enum { PV_LANES = ... };    64-bit lanes per vector (4, 8)
 *   pv pv_add(pv a, pv b)       64-bit lane addition
 *   pv pv_mul(pv a, pv b)       VPMULUDQ: low 32 bits of each lane, 64-bit product
 *   pv pv_and(pv a, pv b), pv_or(pv a, pv b)
 *   pv pv_shr(pv a, int n), pv_shl(pv a, int n)
 *                               64-bit lane shifts by a constant n
 *   pv pv_set1(uint64_t x)      x in every 64-bit lane
 *   pv pv_lane0(uint64_t x)     x in lane 0, zero in the others
 *   uint64_t pv_hsum(pv v)      the sum of v's lanes
 *   pv pv_loadu(const uint8_t *p)
 *                               an unaligned load
 *   pv pv_lo(pv a, pv b), pv_hi(pv a, pv b)
 *                               given the loads a, b of in and in + 8 * PV_LANES
 *                               (PV_LANES blocks), the low (high) 64 bits of each
 *                               block, one block per lane; the lane order is the
 *                               includer's, and its powers follow it
 *
 * Constant time: fixed sequences of multiplications, additions, shifts and
 * masks; the only branches depend on the number of blocks.
 */
#ifndef HWC_POLY1305_X86_26_H
#define HWC_POLY1305_X86_26_H

#include "src/kernels.h"
#include "poly1305_x86_64.h"
#include "src/common/poly1305_radix26.h"

#define M26 0x3ffffff

/* Radix 2^64 (value < 2^131) to five 26-bit limbs (the top one < 2^27). */
static void to26(uint64_t l[5], const uint64_t h[3]) {
  l[0] = h[0] & M26;
  l[1] = (h[0] >> 26) & M26;
  l[2] = (h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (h[1] >> 14) & M26;
  l[4] = h[1] >> 40 | h[2] << 24;
}

/* l[k] = limbs of r^k for k = 1..n, by r^k = (r^(k-1) + 0) * r: scalar
 * block steps on a zero block, once per key. */
static void powers26(const hwc_poly1305_state *st, uint64_t l[][5], int n) {
  static const uint8_t zero[16];
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}, .h = {st->r[0], st->r[1], 0}};
  to26(l[1], t.h);
  for (int k = 2; k <= n; k++) {
    poly1305_blocks_x86_64(&t, zero, 1, 0);
    to26(l[k], t.h);
  }
}

/* PV_LANES message blocks to limbs, with hibit (2^128 as bit 24 of limb 4). */
static inline void load26(pv m[5], const uint8_t *in, pv hibit, pv mask) {
  pv a = pv_loadu(in), b = pv_loadu(in + 8 * PV_LANES);
  pv lo = pv_lo(a, b), hi = pv_hi(a, b);
  m[0] = pv_and(lo, mask);
  m[1] = pv_and(pv_shr(lo, 26), mask);
  m[2] = pv_and(pv_or(pv_shr(lo, 52), pv_shl(hi, 12)), mask);
  m[3] = pv_and(pv_shr(hi, 14), mask);
  m[4] = pv_or(pv_shr(hi, 40), hibit);
}

/* h = h * r mod p per lane, s = 5r; limbs partially carried (each < 2^26
 * plus a small excess). Limb k of the product is the sum of h[i] r[k - i]
 * for i <= k and h[i] s[5 + k - i] for i > k (2^130 = 5 mod p).
 *
 * The products are accumulated row by row, one limb of h at a time into
 * the five sums: an order that needs only the five sums, one limb and a
 * product live, so that with AVX2's sixteen registers r and s can be
 * VPMULUDQ memory operands instead of partial sums and h being spilled on
 * the loop-carried path (GCC keeps this order with its pressure-aware
 * scheduling pass, which CMakeLists.txt turns on for the AVX2 kernel).
 * Bounds: each sum has five products of a limb below 2^28 (h below 2^27
 * plus a message limb below 2^26) and a multiplier below 5 * 2^26, so it
 * stays below 2^60. */
static inline void mulmod26(pv h[5], const pv r[5], const pv s[5], pv mask) {
  pv d0 = pv_mul(h[0], r[0]), d1 = pv_mul(h[0], r[1]), d2 = pv_mul(h[0], r[2]), d3 = pv_mul(h[0], r[3]),
     d4 = pv_mul(h[0], r[4]);
  d0 = pv_add(d0, pv_mul(h[1], s[4]));
  d1 = pv_add(d1, pv_mul(h[1], r[0]));
  d2 = pv_add(d2, pv_mul(h[1], r[1]));
  d3 = pv_add(d3, pv_mul(h[1], r[2]));
  d4 = pv_add(d4, pv_mul(h[1], r[3]));
  d0 = pv_add(d0, pv_mul(h[2], s[3]));
  d1 = pv_add(d1, pv_mul(h[2], s[4]));
  d2 = pv_add(d2, pv_mul(h[2], r[0]));
  d3 = pv_add(d3, pv_mul(h[2], r[1]));
  d4 = pv_add(d4, pv_mul(h[2], r[2]));
  d0 = pv_add(d0, pv_mul(h[3], s[2]));
  d1 = pv_add(d1, pv_mul(h[3], s[3]));
  d2 = pv_add(d2, pv_mul(h[3], s[4]));
  d3 = pv_add(d3, pv_mul(h[3], r[0]));
  d4 = pv_add(d4, pv_mul(h[3], r[1]));
  d0 = pv_add(d0, pv_mul(h[4], s[1]));
  d1 = pv_add(d1, pv_mul(h[4], s[2]));
  d2 = pv_add(d2, pv_mul(h[4], s[3]));
  d3 = pv_add(d3, pv_mul(h[4], s[4]));
  d4 = pv_add(d4, pv_mul(h[4], r[0]));
  /* Two interleaved carry chains (d0 -> d1 -> d2, d3 -> d4 -> d0 -> d1),
   * the usual lazy reduction. */
  pv c;
  c = pv_shr(d0, 26); d0 = pv_and(d0, mask); d1 = pv_add(d1, c);
  c = pv_shr(d3, 26); d3 = pv_and(d3, mask); d4 = pv_add(d4, c);
  c = pv_shr(d1, 26); d1 = pv_and(d1, mask); d2 = pv_add(d2, c);
  c = pv_shr(d4, 26); d4 = pv_and(d4, mask); d0 = pv_add(d0, pv_add(c, pv_shl(c, 2)));
  c = pv_shr(d2, 26); d2 = pv_and(d2, mask); d3 = pv_add(d3, c);
  c = pv_shr(d0, 26); d0 = pv_and(d0, mask); d1 = pv_add(d1, c);
  c = pv_shr(d3, 26); d3 = pv_and(d3, mask); d4 = pv_add(d4, c);
  h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;
}

/* h = (h + the PV_LANES blocks at in) * r per lane; s = 5r. m is scratch,
 * the caller's array: with a local one here (or with the whole loop in this
 * header) GCC 12 allocated the AVX2 loop's 16 registers differently, and
 * that measured slower (see the bench). */
static inline void absorb26(pv h[5], pv m[5], const uint8_t *in, pv hibit, pv mask, const pv r[5], const pv s[5]) {
  load26(m, in, hibit, mask);
  for (int i = 0; i < 5; i++) h[i] = pv_add(h[i], m[i]);
  mulmod26(h, r, s, mask);
}

/* Vector limbs from st->h: the running h joins lane 0, the lane of the
 * first block. */
static inline void expand26(pv h[5], const hwc_poly1305_state *st) {
  uint64_t l[5];
  to26(l, st->h);
  for (int i = 0; i < 5; i++) h[i] = pv_lane0(l[i]);
}

/* st->h = the sum of h's lanes, carried fully and repacked to radix 2^64.
 * Bounds: each lane's limbs leave mulmod26 below 2^27 (limbs 1 and 4 are a
 * masked limb plus a carry far below 2^26), so the sums of at most 8 lanes
 * are below 2^30, well inside hwc_poly1305_from26's 2^62. */
static inline void collapse26(hwc_poly1305_state *st, const pv h[5]) {
  hwc_poly1305_from26(st, pv_hsum(h[0]), pv_hsum(h[1]), pv_hsum(h[2]), pv_hsum(h[3]), pv_hsum(h[4]));
}

#endif
