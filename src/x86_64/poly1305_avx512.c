/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AVX-512F: eight blocks in parallel.
 *
 * The AVX2 kernel's method (Goll and Gueron 2015) at twice the width: lane
 * j accumulates every eighth block with h = (h + m) * r^8, and the last
 * group of eight is multiplied by r^8..r^1 so that the sum of the lanes is
 * the serial result. Five 26-bit limbs per number, VPMULUDQ products. The
 * message is loaded four blocks per register and interleaved with
 * VPUNPCK{L,H}QDQ, which leaves blocks in lane order 0,4,1,5,2,6,3,7; the
 * cached powers are stored in that same order instead of permuting every
 * group. r^2 comes from the one-block loop of poly1305_x86_64.h and
 * r^3..r^8 from two vector steps, once per key. Short inputs (fewer than
 * VEC_MIN_BLOCKS) and the 0..7 blocks left over use that loop.
 * The arithmetic is in poly1305_x86_26.h (shared with the
 * AVX2 kernel); this file holds the eight-lane loads and the powers cache.
 *
 * ISA: AVX-512F. Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path depends only on the length.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(poly1305_avx512);

/* The shortest input that takes the vector path: below it the powers, the
 * conversions to and from radix 2^26 and the final lane sum cost more than
 * the one-block loop saves (measured crossover, public lengths only). */
enum { VEC_MIN_BLOCKS = 24 };

/* The vector vocabulary of poly1305_x86_26.h on zmm registers: eight
 * 64-bit lanes. */
typedef __m512i pv;
enum { PV_LANES = 8 };

/* 64-bit lane addition. */
static inline pv pv_add(pv a, pv b) { return _mm512_add_epi64(a, b); }
/* VPMULUDQ: the 32x32->64 products of the lanes' low halves. */
static inline pv pv_mul(pv a, pv b) { return _mm512_mul_epu32(a, b); }
/* Bitwise AND and OR. */
static inline pv pv_and(pv a, pv b) { return _mm512_and_si512(a, b); }
static inline pv pv_or(pv a, pv b) { return _mm512_or_si512(a, b); }
/* 64-bit lane shifts; n is a constant at every call. */
static inline pv pv_shr(pv a, int n) { return _mm512_srli_epi64(a, (unsigned)n); }
static inline pv pv_shl(pv a, int n) { return _mm512_slli_epi64(a, (unsigned)n); }
/* x in every lane. */
static inline pv pv_set1(uint64_t x) { return _mm512_set1_epi64((long long)x); }
/* x in lane 0, zero in the others (a masked broadcast). */
static inline pv pv_lane0(uint64_t x) { return _mm512_maskz_set1_epi64(1, (long long)x); }
/* The sum of the eight lanes. */
static inline uint64_t pv_hsum(pv v) { return (uint64_t)_mm512_reduce_add_epi64(v); }
/* 64 bytes, unaligned. */
static inline pv pv_loadu(const uint8_t *p) { return _mm512_loadu_si512(p); }
/* The low and high halves of eight blocks from two registers of four:
 * VPUNPCK{L,H}QDQ leaves them in lane order 0,4,1,5,2,6,3,7. */
static inline pv pv_lo(pv a, pv b) { return _mm512_unpacklo_epi64(a, b); }
static inline pv pv_hi(pv a, pv b) { return _mm512_unpackhi_epi64(a, b); }

#include "poly1305_x86_26.h"

/* st->powers holds limb i of the eight powers as vector i (lane order as
 * the message lanes: r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1). The state is
 * only 8-byte aligned: unaligned loads and stores.
 *
 * Fills the powers cache from r, once per key: r^2 by one scalar step,
 * then two vector steps of mulmod26, with blends and the identity 1 in
 * the lanes that must not move (exponents of r per lane):
 *   (2,2,1,1,2,2,1,1) * (2,2,2,2,0,0,0,0) = (4,4,3,3,2,2,1,1)
 *   (4,4,3,3,2,2,1,1) * (4,0,4,0,4,0,4,0) = (8,4,7,3,6,2,5,1)
 * Bounds: the inputs are limbs of r and r^2 below 2^27; mulmod26 leaves
 * limbs below 2^26 + 2^11 (its last carries into limbs 1 and 4 are below
 * 2^11), which as multipliers keep its sums below 2^60. */
static void compute_powers(hwc_poly1305_state *st) {
  uint64_t l[3][5]; /* l[k]: limbs of r^k */
  powers26(st, l, 2);
  const pv mask = pv_set1(M26);
  pv v[5], m[5], s[5];
  for (int i = 0; i < 5; i++) {
    const pv r1 = pv_set1(l[1][i]), r2 = pv_set1(l[2][i]), one = pv_set1(i == 0);
    v[i] = _mm512_mask_blend_epi64(0x33, r1, r2);
    m[i] = _mm512_mask_blend_epi64(0x0f, one, r2);
    s[i] = pv_add(m[i], pv_shl(m[i], 2));
  }
  mulmod26(v, m, s, mask);
  for (int i = 0; i < 5; i++) {
    const pv r4 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), v[i]), one = pv_set1(i == 0);
    m[i] = _mm512_mask_blend_epi64(0x55, one, r4);
    s[i] = pv_add(m[i], pv_shl(m[i], 2));
  }
  mulmod26(v, m, s, mask);
  for (int i = 0; i < 5; i++) _mm512_storeu_si512(st->powers + 8 * i, v[i]);
  st->powers_ready = 1;
}

/* The table's blocks: groups of eight through the vector lanes, the rest
 * and short inputs through the one-block loop. */
static void poly1305_avx512_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx512);
  if (nblocks < VEC_MIN_BLOCKS) {
    poly1305_blocks_x86_64(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const pv mask = pv_set1(M26), hb = pv_set1(hibit << 24);
  __m512i r[5], s[5], r8[5], s8[5], h[5], m[5];
  for (int i = 0; i < 5; i++) {
    r[i] = _mm512_loadu_si512(st->powers + 8 * i);
    s[i] = pv_add(r[i], pv_shl(r[i], 2));
    r8[i] = pv_set1(st->powers[8 * i]); /* lane 0 is r^8 */
    s8[i] = pv_add(r8[i], pv_shl(r8[i], 2));
  }
  expand26(h, st);
  for (size_t groups = nblocks / 8; groups > 1; groups--, in += 128) absorb26(h, m, in, hb, mask, r8, s8);
  absorb26(h, m, in, hb, mask, r, s);
  in += 128;
  collapse26(st, h);
  if (nblocks % 8) poly1305_blocks_x86_64(st, in, nblocks % 8, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_avx512 = {
    .info = {.name = "avx512", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC512,
             HWC_CALLS(poly1305_avx512)},
    .blocks = poly1305_avx512_blocks,
};
