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
 * The includer defines, before including:
 *   PV                    the vector type (__m256i, __m512i)
 *   PV_ADD, PV_MUL, PV_AND, PV_OR (a, b)
 *                         64-bit lane add, VPMULUDQ, bitwise AND and OR
 *   PV_SHR, PV_SHL (a, n) 64-bit lane shifts by a constant
 *   PV_SET1(x)            x in every 64-bit lane
 *   PV_LANE0(x)           x in lane 0, zero in the others
 *   PV_HSUM(v)            the sum of v's lanes (uint64_t)
 *   PV_LOADU(p)           an unaligned load
 *   PV_LO, PV_HI (a, b)   given the loads a, b of in and in + 8 * PV_LANES
 *                         (PV_LANES blocks), the low (high) 64 bits of each
 *                         block, one block per lane; the lane order is the
 *                         includer's, and its powers follow it
 *
 * Constant time: fixed sequences of multiplications, additions, shifts and
 * masks; the only branches depend on the number of blocks.
 */
#ifndef HWC_POLY1305_X86_26_H
#define HWC_POLY1305_X86_26_H

#include "../kernels.h"

#define M26 0x3ffffff

/* Radix 2^64 (value < 2^131) to five 26-bit limbs (the top one < 2^27). */
static void to26(uint64_t l[5], const uint64_t h[3]) {
  l[0] = h[0] & M26;
  l[1] = (h[0] >> 26) & M26;
  l[2] = (h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (h[1] >> 14) & M26;
  l[4] = h[1] >> 40 | h[2] << 24;
}

/* l[k] = limbs of r^k for k = 1..n, by r^k = (r^(k-1) + 0) * r: portable
 * block steps on a zero block, once per key. */
static void powers26(const hwc_poly1305_state *st, uint64_t l[][5], int n) {
  static const uint8_t zero[16];
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}, .h = {st->r[0], st->r[1], 0}};
  to26(l[1], t.h);
  for (int k = 2; k <= n; k++) {
    hwc_poly1305_blocks_scalar(&t, zero, 1, 0);
    to26(l[k], t.h);
  }
}

/* PV_LANES message blocks to limbs, with hibit (2^128 as bit 24 of limb 4). */
static inline void load26(PV m[5], const uint8_t *in, PV hibit, PV mask) {
  PV a = PV_LOADU(in), b = PV_LOADU(in + 8 * PV_LANES);
  PV lo = PV_LO(a, b), hi = PV_HI(a, b);
  m[0] = PV_AND(lo, mask);
  m[1] = PV_AND(PV_SHR(lo, 26), mask);
  m[2] = PV_AND(PV_OR(PV_SHR(lo, 52), PV_SHL(hi, 12)), mask);
  m[3] = PV_AND(PV_SHR(hi, 14), mask);
  m[4] = PV_OR(PV_SHR(hi, 40), hibit);
}

/* h = h * r mod p per lane, s = 5r; limbs partially carried (each < 2^26
 * plus a small excess). */
static inline void mulmod26(PV h[5], const PV r[5], const PV s[5], PV mask) {
#define MUL PV_MUL
#define ADD PV_ADD
  PV d0 = ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(ADD(MUL(h[2], s[3]), MUL(h[3], s[2])), MUL(h[4], s[1])));
  PV d1 = ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(ADD(MUL(h[2], s[4]), MUL(h[3], s[3])), MUL(h[4], s[2])));
  PV d2 = ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(ADD(MUL(h[2], r[0]), MUL(h[3], s[4])), MUL(h[4], s[3])));
  PV d3 = ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(ADD(MUL(h[2], r[1]), MUL(h[3], r[0])), MUL(h[4], s[4])));
  PV d4 = ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(ADD(MUL(h[2], r[2]), MUL(h[3], r[1])), MUL(h[4], r[0])));
  /* Two interleaved carry chains (d0 -> d1 -> d2, d3 -> d4 -> d0 -> d1),
   * the usual lazy reduction. */
  PV c;
  c = PV_SHR(d0, 26); d0 = PV_AND(d0, mask); d1 = ADD(d1, c);
  c = PV_SHR(d3, 26); d3 = PV_AND(d3, mask); d4 = ADD(d4, c);
  c = PV_SHR(d1, 26); d1 = PV_AND(d1, mask); d2 = ADD(d2, c);
  c = PV_SHR(d4, 26); d4 = PV_AND(d4, mask); d0 = ADD(d0, ADD(c, PV_SHL(c, 2)));
  c = PV_SHR(d2, 26); d2 = PV_AND(d2, mask); d3 = ADD(d3, c);
  c = PV_SHR(d0, 26); d0 = PV_AND(d0, mask); d1 = ADD(d1, c);
  c = PV_SHR(d3, 26); d3 = PV_AND(d3, mask); d4 = ADD(d4, c);
  h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;
#undef MUL
#undef ADD
}

/* h = (h + the PV_LANES blocks at in) * r per lane; s = 5r. m is scratch,
 * the caller's array: with a local one here (or with the whole loop in this
 * header) GCC 12 allocated the AVX2 loop's 16 registers differently and it
 * ran 6% slower on Zen. */
static inline void absorb26(PV h[5], PV m[5], const uint8_t *in, PV hibit, PV mask, const PV r[5], const PV s[5]) {
  load26(m, in, hibit, mask);
  for (int i = 0; i < 5; i++) h[i] = PV_ADD(h[i], m[i]);
  mulmod26(h, r, s, mask);
}

/* Vector limbs from st->h: the running h joins lane 0, the lane of the
 * first block. */
static inline void expand26(PV h[5], const hwc_poly1305_state *st) {
  uint64_t l[5];
  to26(l, st->h);
  for (int i = 0; i < 5; i++) h[i] = PV_LANE0((long long)l[i]);
}

/* st->h = the sum of h's lanes, carried fully and repacked to radix 2^64.
 *
 * Bounds: each lane's limbs leave mulmod26 below 2^27 (limbs 1 and 4 are
 * a masked limb plus a carry far below 2^26), so the sums of at most 8
 * lanes are below 2^30 and the first pass leaves t0..t3 < 2^26 and
 * t4 < 2^31. Folding t4's top into t0
 * (times 5, since 2^130 = 5 mod p) can push t0, then t1, t2 and t3 in turn
 * to 2^26 exactly, so the second pass must run the whole chain up to t4:
 * only then are t0..t3 below 2^26 and the ORs below join disjoint bits.
 * A second pass that stopped at t2 once dropped bit 78 of h (t2 = 2^26
 * overlapped t3's lowest bit), for messages that keep h at its maximum. t4
 * ends below 2^26 + 1, so its bits above 24 land in st->h[2], which the
 * scalar code accepts as a partially reduced h. */
static inline void collapse26(hwc_poly1305_state *st, const PV h[5]) {
  uint64_t t0 = PV_HSUM(h[0]), t1 = PV_HSUM(h[1]), t2 = PV_HSUM(h[2]), t3 = PV_HSUM(h[3]), t4 = PV_HSUM(h[4]);
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  t0 += (t4 >> 26) * 5; t4 &= M26;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  st->h[0] = t0 | t1 << 26 | t2 << 52;
  st->h[1] = t2 >> 12 | t3 << 14 | t4 << 40;
  st->h[2] = t4 >> 24;
}

#endif
