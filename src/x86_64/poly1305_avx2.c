/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AVX2: eight blocks per step, four lanes twice.
 *
 * Horner's rule split eight ways (Goll and Gueron, "Vectorization of
 * Poly1305 message authentication code", 2015): two accumulators a and b of
 * four lanes each, lane j of a taking blocks j, j+8, j+16, ... and lane j
 * of b blocks 4+j, 12+j, ..., each as h = (h + m) * r^8; the last group of
 * eight is multiplied by r^8..r^5 (a) and r^4..r^1 (b) instead, so that the
 * sum of the lanes is the serial result. Two independent chains, because
 * on the AMD Zen cores this was tuned on one chain of (h + m) * r and its
 * carries is longer than the time four lanes' worth of instructions need.
 * On an Intel Xeon (three vector ALU ports) those instructions outlast the
 * chain and the second chain's register spills only cost: the tuning
 * record `one-chain` runs one chain at every length, and a rule
 * (dispatch/uarch.c) picks it there. A leftover group of four takes one
 * four-lane step with r^4..r^1. Numbers are five 26-bit limbs, one per
 * 64-bit lane element, so VPMULUDQ (32x32->64) forms the products and the
 * sums of five of them stay below 2^64. r^2..r^4 come from the one-block
 * loop, r^5..r^8 from one vector step, once per key (the latter only for
 * long inputs), cached in the state.
 * Fewer than VEC_MIN_BLOCKS blocks, and the 0..3 blocks left over, go
 * through that loop (poly1305_x86_64.h). The arithmetic is in
 * poly1305_x86_26.h (shared with the AVX-512F kernel); this file holds the
 * four-lane loads and the powers cache.
 *
 * ISA: AVX2 (and AVX). Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path taken depends only on the length.
 */
#include <immintrin.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(poly1305_avx2);

/* The shortest input that takes the vector path: below it the powers, the
 * conversions to and from radix 2^26 and the final lane sum cost more than
 * the one-block loop saves (measured crossover, public lengths only). */
enum { VEC_MIN_BLOCKS = 20 };
/* From this many blocks on, two accumulators (eight blocks per step): their
 * longer set-up pays off only on long inputs (measured, as above). */
enum { TWO_CHAINS_MIN_BLOCKS = 128 };

/* The vector vocabulary of poly1305_x86_26.h on ymm registers: four
 * 64-bit lanes. */
typedef __m256i pv;
enum { PV_LANES = 4 };

/* 64-bit lane addition. */
static inline pv pv_add(pv a, pv b) { return _mm256_add_epi64(a, b); }
/* VPMULUDQ: the 32x32->64 products of the lanes' low halves. */
static inline pv pv_mul(pv a, pv b) { return _mm256_mul_epu32(a, b); }
/* Bitwise AND and OR. */
static inline pv pv_and(pv a, pv b) { return _mm256_and_si256(a, b); }
static inline pv pv_or(pv a, pv b) { return _mm256_or_si256(a, b); }
/* 64-bit lane shifts; n is a constant at every call. */
static inline pv pv_shr(pv a, int n) { return _mm256_srli_epi64(a, n); }
static inline pv pv_shl(pv a, int n) { return _mm256_slli_epi64(a, n); }
/* x in every lane. */
static inline pv pv_set1(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
/* x in lane 0, zero in the others. */
static inline pv pv_lane0(uint64_t x) { return _mm256_setr_epi64x((long long)x, 0, 0, 0); }
/* The sum of the four lanes: fold the 128-bit halves, then the two lanes. */
static inline uint64_t pv_hsum(pv v) {
  __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}
/* 32 bytes, unaligned. */
static inline pv pv_loadu(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
/* The low and high halves of blocks 0..3 from the loads of blocks 0, 1
 * and 2, 3: VPUNPCK{L,H}QDQ works within 128-bit halves and leaves them
 * in lane order 0, 2, 1, 3. The cached powers follow that order, which
 * saves two VPERMQ (port 5 on Intel) a step. */
static inline pv pv_lo(pv a, pv b) { return _mm256_unpacklo_epi64(a, b); }
static inline pv pv_hi(pv a, pv b) { return _mm256_unpackhi_epi64(a, b); }

#include "poly1305_x86_26.h"

/* The powers cache, st->powers: limb i of (r^4, r^2, r^3, r^1) as vector
 * i and 5 * limb i as vector 5 + i (powers_ready 1), and limb i of (r^8,
 * r^6, r^7, r^5) as vector 10 + i (powers_ready 2, made by the first input
 * long enough for two accumulators): the message lanes' order (pv_lo), r^4
 * and r^8 in lane 0. The state is only 8-byte aligned, hence the
 * unaligned loads and stores. */
static inline __m256i cache_get(const hwc_poly1305_state *st, int i) {
  return _mm256_loadu_si256((const __m256i *)(st->powers + 4 * i));
}

/* Fills the cache's r^4..r^1 from r by the one-block loop, once per key. */
static void compute_powers(hwc_poly1305_state *st) {
  uint64_t l[5][5]; /* l[k]: limbs of r^k */
  powers26(st, l, 4);
  for (int i = 0; i < 5; i++) {
    __m256i r = _mm256_setr_epi64x((long long)l[4][i], (long long)l[2][i], (long long)l[3][i], (long long)l[1][i]);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * i), r);
    _mm256_storeu_si256((__m256i *)(st->powers + 4 * (5 + i)), _mm256_add_epi64(r, _mm256_slli_epi64(r, 2)));
  }
  st->powers_ready = 1;
}

/* Adds (r^8..r^5) = r^4 * (r^4..r^1), one mulmod26 step, to the cache.
 * Bounds: the limbs of r..r^4 are below 2^27 (to26 of a partially reduced
 * h); mulmod26 leaves limbs below 2^26 + 2^11, which as multipliers keep
 * its sums below 2^60. */
static void compute_high_powers(hwc_poly1305_state *st) {
  const pv mask = pv_set1(M26);
  pv v[5], r4[5], s4[5];
  for (int i = 0; i < 5; i++) {
    v[i] = cache_get(st, i);
    r4[i] = _mm256_permute4x64_epi64(v[i], 0);
    s4[i] = _mm256_permute4x64_epi64(cache_get(st, 5 + i), 0);
  }
  mulmod26(v, r4, s4, mask);
  for (int i = 0; i < 5; i++) _mm256_storeu_si256((__m256i *)(st->powers + 4 * (10 + i)), v[i]);
  st->powers_ready = 2;
}

/* The high powers (r^8..r^5) as multipliers, their multiples by 5 made
 * here; with broadcast, r^8 in every lane. */
static inline void high_key(pv r[5], pv s[5], const hwc_poly1305_state *st, int broadcast) {
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, 10 + i);
    if (broadcast) r[i] = _mm256_permute4x64_epi64(r[i], 0);
    s[i] = pv_add(r[i], pv_shl(r[i], 2));
  }
}

/* VZEROUPPER, written out: GCC 12 emits none when a static function that
 * only AVX code calls returns, and its caller, taking the call to leave
 * the state clean as the ABI says, then returns dirty itself. On Intel
 * cores the caller's next SSE instructions pay for that on every call;
 * tests/test_vector_state.c checks every backend. */
static inline void clean_upper(void) { _mm256_zeroupper(); }

/* a = (a + the blocks) * r^8 per lane over groups of eight blocks, two
 * four-lane accumulators a and b taking the two halves of each group;
 * then the last eight with r^8..r^5 and r^4..r^1, and the lane sums of
 * both into st. groups >= 2. */
static void absorb_two_chains(hwc_poly1305_state *st, const uint8_t *in, size_t groups, pv hb) {
  const pv mask = pv_set1(M26);
  pv r[5], s[5], a[5], b[5], m[5];
  high_key(r, s, st, 1);
  expand26(a, st);
  for (int i = 0; i < 5; i++) b[i] = _mm256_setzero_si256();
  for (; groups > 1; groups--, in += 128) {
    absorb26(a, m, in, hb, mask, r, s);
    absorb26(b, m, in + 64, hb, mask, r, s);
  }
  high_key(r, s, st, 0);
  absorb26(a, m, in, hb, mask, r, s);
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, i);
    s[i] = cache_get(st, 5 + i);
  }
  absorb26(b, m, in + 64, hb, mask, r, s);
  /* Lane sums of two accumulators: eight values below 2^27 per limb, the
   * case collapse26's bounds cover. */
  for (int i = 0; i < 5; i++) a[i] = pv_add(a[i], b[i]);
  collapse26(st, a);
  clean_upper();
}

/* h = (h + the blocks) * r^4 per lane over groups of four blocks at in,
 * the last four with r^4..r^1, the lane sums into st. groups >= 1. */
static void absorb_one_chain(hwc_poly1305_state *st, const uint8_t *in, size_t groups, pv hb) {
  const pv mask = pv_set1(M26);
  pv r[5], s[5], r4[5], s4[5], h[5], m[5];
  for (int i = 0; i < 5; i++) {
    r[i] = cache_get(st, i);
    s[i] = cache_get(st, 5 + i);
    r4[i] = _mm256_permute4x64_epi64(r[i], 0);
    s4[i] = _mm256_permute4x64_epi64(s[i], 0);
  }
  expand26(h, st);
  for (; groups > 1; groups--, in += 64) absorb26(h, m, in, hb, mask, r4, s4);
  absorb26(h, m, in, hb, mask, r, s);
  collapse26(st, h);
  clean_upper();
}

/* The blocks: from two_chains_min blocks on in groups of eight through two
 * four-lane accumulators, shorter inputs (and a leftover group of four) in
 * groups of four through one, the rest and short inputs through the
 * one-block loop (poly1305_x86_64.h). two_chains_min comes from the tuning
 * record. */
static inline __attribute__((always_inline)) void blocks(hwc_poly1305_state *st, const uint8_t *in,
                                                        size_t nblocks, uint64_t hibit, size_t two_chains_min) {
  if (nblocks < VEC_MIN_BLOCKS) {
    poly1305_blocks_x86_64(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const pv hb = pv_set1(hibit << 24);
  if (nblocks >= two_chains_min) {
    if (st->powers_ready < 2) compute_high_powers(st);
    absorb_two_chains(st, in, nblocks / 8, hb);
    in += 128 * (nblocks / 8);
    nblocks %= 8;
    if (nblocks < 4) {
      poly1305_blocks_x86_64(st, in, nblocks, hibit);
      return;
    }
  }
  absorb_one_chain(st, in, nblocks / 4, hb);
  in += 64 * (nblocks / 4);
  if (nblocks % 4) poly1305_blocks_x86_64(st, in, nblocks % 4, hibit);
}

/* Tuning records: from how many blocks on the two chains run. The default
 * runs them on long inputs; `one-chain` never, for cores on which four
 * lanes' worth of instructions already outlast the chain's latency (three
 * vector ALU ports: the second chain only adds the spills of its
 * sixteen-register allocation). */
typedef struct {
  hwc_tuning t;
  size_t two_chains_min;
} avx2_tuning;
static const avx2_tuning two_chain = {{"two-chain"}, TWO_CHAINS_MIN_BLOCKS};
static const avx2_tuning one_chain = {{"one-chain"}, SIZE_MAX};
static const hwc_tuning *const tunings[] = {&two_chain.t, &one_chain.t};
static const hwc_tuning *tuning = &two_chain.t;

/* The table function: the blocks under the record in force. */
static void poly1305_avx2_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx2);
  const avx2_tuning *t = (const avx2_tuning *)hwc_tuning_get(&tuning);
  blocks(st, in, nblocks, hibit, t->two_chains_min);
}

const hwc_poly1305_kernel hwc_poly1305_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256,
             .tunings = tunings, .ntunings = 2, .tuning = &tuning, HWC_CALLS(poly1305_avx2)},
    .blocks = poly1305_avx2_blocks,
};
