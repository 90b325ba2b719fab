/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AVX-512F: eight blocks in parallel.
 *
 * The AVX2 kernel's method (Goll and Gueron 2015) at twice the width: lane
 * j accumulates every eighth block with h = (h + m) * r^8, and the last
 * group of eight is multiplied by r^8..r^1 so that the sum of the lanes is
 * the serial result. From TWO_CHAINS_MIN_BLOCKS on, two such accumulators
 * a and b take alternate groups of eight with h = (h + m) * r^16: on the
 * AMD Zen 5 this was tuned on, one chain of a multiply and its carries
 * takes longer than the instructions of eight lanes (the loop ran at the
 * chain's latency), two hide it. Their last groups take r^8..r^1, and a
 * then one more r^8, so a's lanes end at r^16..r^9. On an Intel Xeon
 * (vector work on two 512-bit ports) the instructions outlast the chain
 * and the second accumulator only adds its spills and set-up: the tuning
 * record `one-chain` runs one accumulator at every length, and a rule
 * (dispatch/uarch.c) picks it there. Five 26-bit limbs per
 * number, VPMULUDQ products. The message is loaded four blocks per register
 * and interleaved with VPUNPCK{L,H}QDQ, which leaves blocks in lane order
 * 0,4,1,5,2,6,3,7; the cached powers are stored in that same order instead
 * of permuting every group. r^2 comes from the one-block loop of
 * poly1305_x86_64.h and r^3..r^8 from two vector steps, once per key. Short
 * inputs (fewer than VEC_MIN_BLOCKS) and the 0..7 blocks left over use that
 * loop. The arithmetic is in poly1305_x86_26.h (shared with the AVX2
 * kernel); this file holds the eight-lane loads and the powers cache.
 *
 * ISA: AVX-512F. Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path depends only on the length.
 */
#include <immintrin.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(poly1305_avx512);

/* The shortest input that takes the vector path: below it the powers, the
 * conversions to and from radix 2^26 and the final lane sum cost more than
 * the one-block loop saves (measured crossover, public lengths only). */
enum { VEC_MIN_BLOCKS = 24 };
/* From this many blocks on, two accumulators (sixteen blocks per step). */
enum { TWO_CHAINS_MIN_BLOCKS = 64 };

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
 * the message lanes: r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1), words 0..39
 * (powers_ready 1), and the five limbs of r^16 in words 40..44 (powers_ready
 * 2, made by the first input long enough for two accumulators). The state
 * is only 8-byte aligned: unaligned loads and stores.
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

/* Multipliers and their multiples by 5 (s = 5r), in two forms: the cached
 * powers r^8..r^1 in the message lanes' order (key_lanes), or one power in
 * every lane (key_broadcast), its limb i at limbs[i * stride]: r^8 is
 * lane 0 of the cached vectors (stride 8), r^16 the five words from
 * powers[40] (stride 1). */
static inline void key_lanes(pv r[5], pv s[5], const hwc_poly1305_state *st) {
  for (int i = 0; i < 5; i++) {
    r[i] = _mm512_loadu_si512(st->powers + 8 * i);
    s[i] = pv_add(r[i], pv_shl(r[i], 2));
  }
}
static inline void key_broadcast(pv r[5], pv s[5], const uint64_t *limbs, size_t stride) {
  for (int i = 0; i < 5; i++) {
    r[i] = pv_set1(limbs[i * stride]);
    s[i] = pv_add(r[i], pv_shl(r[i], 2));
  }
}

/* r^16 = r^8 r^8 (lane 0 of the cache holds r^8), once per key, into
 * powers[40..44] (powers_ready 2). Bounds as for compute_powers: limbs of
 * r^8 below 2^26 + 2^11 as multipliers. */
static void compute_r16(hwc_poly1305_state *st) {
  const pv mask = pv_set1(M26);
  pv v[5], r8[5], s8[5];
  key_broadcast(r8, s8, st->powers, 8);
  for (int i = 0; i < 5; i++) v[i] = r8[i];
  mulmod26(v, r8, s8, mask);
  for (int i = 0; i < 5; i++) st->powers[40 + i] = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v[i]));
  st->powers_ready = 2;
}

/* st->h over pairs >= 2 pairs of groups of eight blocks at in: a takes the
 * first group of each pair, b the second, each h = (h + m) * r^16, the last
 * pair with r^8..r^1 and a once more with r^8; the lane sums of both into
 * st (sixteen values below 2^27 per limb, well inside collapse26's
 * bounds). */
static void absorb_two_chains(hwc_poly1305_state *st, const uint8_t *in, size_t pairs, pv hb) {
  const pv mask = pv_set1(M26);
  pv r[5], s[5], a[5], b[5], m[5];
  key_broadcast(r, s, st->powers + 40, 1); /* r^16 */
  expand26(a, st);
  for (int i = 0; i < 5; i++) b[i] = _mm512_setzero_si512();
  for (; pairs > 1; pairs--, in += 256) {
    absorb26(a, m, in, hb, mask, r, s);
    absorb26(b, m, in + 128, hb, mask, r, s);
  }
  key_lanes(r, s, st); /* r^8..r^1 */
  absorb26(a, m, in, hb, mask, r, s);
  absorb26(b, m, in + 128, hb, mask, r, s);
  key_broadcast(r, s, st->powers, 8); /* r^8 */
  mulmod26(a, r, s, mask);
  for (int i = 0; i < 5; i++) a[i] = pv_add(a[i], b[i]);
  collapse26(st, a);
}

/* The blocks: from two_chains_min blocks on sixteen at a time through two
 * accumulators, then groups of eight through one, the rest and short
 * inputs through the one-block loop. two_chains_min comes from the tuning
 * record. */
static inline __attribute__((always_inline)) void blocks(hwc_poly1305_state *st, const uint8_t *in,
                                                        size_t nblocks, uint64_t hibit, size_t two_chains_min) {
  if (nblocks < VEC_MIN_BLOCKS) {
    poly1305_blocks_x86_64(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const pv mask = pv_set1(M26), hb = pv_set1(hibit << 24);
  if (nblocks >= two_chains_min) {
    if (st->powers_ready < 2) compute_r16(st);
    absorb_two_chains(st, in, nblocks / 16, hb);
    in += 256 * (nblocks / 16);
    nblocks %= 16;
    if (nblocks < 8) {
      poly1305_blocks_x86_64(st, in, nblocks, hibit);
      return;
    }
  }
  __m512i r[5], s[5], r8[5], s8[5], h[5], m[5];
  key_lanes(r, s, st);
  key_broadcast(r8, s8, st->powers, 8);
  expand26(h, st);
  for (size_t groups = nblocks / 8; groups > 1; groups--, in += 128) absorb26(h, m, in, hb, mask, r8, s8);
  absorb26(h, m, in, hb, mask, r, s);
  in += 128;
  collapse26(st, h);
  if (nblocks % 8) poly1305_blocks_x86_64(st, in, nblocks % 8, hibit);
}

/* Tuning records: from how many blocks on the two accumulators run; the
 * default on long inputs, `one-chain` never (the file comment says where
 * each wins). */
typedef struct {
  hwc_tuning t;
  size_t two_chains_min;
} avx512_tuning;
static const avx512_tuning two_chain = {{"two-chain"}, TWO_CHAINS_MIN_BLOCKS};
static const avx512_tuning one_chain = {{"one-chain"}, SIZE_MAX};
static const hwc_tuning *const tunings[] = {&two_chain.t, &one_chain.t};
static const hwc_tuning *tuning = &two_chain.t;

/* The table function: the blocks under the record in force. */
static void poly1305_avx512_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx512);
  const avx512_tuning *t = (const avx512_tuning *)hwc_tuning_get(&tuning);
  blocks(st, in, nblocks, hibit, t->two_chains_min);
}

const hwc_poly1305_kernel hwc_poly1305_avx512 = {
    .info = {.name = "avx512", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC512,
             .tunings = tunings, .ntunings = 2, .tuning = &tuning, HWC_CALLS(poly1305_avx512)},
    .blocks = poly1305_avx512_blocks,
};
