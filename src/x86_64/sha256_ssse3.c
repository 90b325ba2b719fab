/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 compression (FIPS 180-4, 6.2.2) for x86-64 CPUs with neither the
 * SHA extensions nor AVX: a 128-bit SSSE3 message schedule, one block at a
 * time, and scalar rounds (sha256_x86_rounds.h) built without BMI2, so the
 * rotations are ROR.
 *
 * Schedule: the one-block SSSE3 method of Intel's "Fast SHA-256
 * Implementations on Intel Architecture Processors" (Guilford, Gulley,
 * Gopal, Yap, Feghali, Wolrich, 2012), as in OpenSSL's sha256-x86_64 SSSE3
 * path: a register holds four consecutive schedule words; W[t] needs W[t-2]
 * at the nearest, so a step of four words computes s1 for its first two
 * words, then for the last two from the first two. W[t] + K[t] goes to a
 * stack buffer, and the rounds read it from there. Rounds 0..47 compute the
 * rest of the schedule while they run (one four-word step per four rounds,
 * sixteen rounds ahead of its use).
 * ISA: SSSE3 (PSHUFB for the big-endian loads and the s1 placement, PALIGNR
 * for the words that straddle two registers) over SSE2. Reached only when
 * the dispatcher has seen SSSE3.
 *
 * Constant time: vector additions, shifts, logic and fixed-index shuffles,
 * the scalar rounds' additions, rotations and logic, loads and stores at
 * fixed offsets; the only branches depend on the number of blocks.
 */
#include <immintrin.h>

/* GCC's instruction scheduling before register allocation (off by default
 * on x86) places the vector schedule among the scalar rounds so that more
 * of it overlaps them: measured faster on long messages on Zen 3 (a single
 * block is a little slower: it has less to overlap). Clang needs no
 * option. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns")
#endif

#include "src/kernels.h"
#include "sha256_x86_rounds.h"

/* The round that measured faster here (sha256_x86_rounds.h). */
#define SHA256_ROUND SHA256_ROUND_FEW_OPS

HWC_CALL_COUNTER(sha256_ssse3);

/* s0(x) = ROTR7 ^ ROTR18 ^ SHR3 (FIPS 180-4, 4.6): two shifts per rotation. */
static inline __m128i sched_s0(__m128i v) {
  __m128i t = _mm_xor_si128(_mm_srli_epi32(v, 3), _mm_srli_epi32(v, 7));
  t = _mm_xor_si128(t, _mm_slli_epi32(v, 25));
  t = _mm_xor_si128(t, _mm_srli_epi32(v, 18));
  return _mm_xor_si128(t, _mm_slli_epi32(v, 14));
}

/* s1(x) = ROTR17 ^ ROTR19 ^ SHR10 of dwords 0 and 2, given v = {x, x, y, y}:
 * a 64-bit shift of {x, x} leaves a 32-bit rotation of x in the low dword.
 * Dwords 1 and 3 of the result are garbage. */
static inline __m128i sched_s1_pair(__m128i v) {
  __m128i t = _mm_xor_si128(_mm_srli_epi64(v, 17), _mm_srli_epi64(v, 19));
  return _mm_xor_si128(t, _mm_srli_epi32(v, 10));
}

#define KQUAD(g) _mm_loadu_si128((const __m128i *)(hwc_sha256_k + 4 * (g)))

/* Group g >= 4 (words 4g..4g+3) into x0, the register that held group g - 4;
 * x1, x2, x3 hold groups g-3, g-2, g-1. W + K goes to words 4g.. of dst. */
#define SCHED(dst, g, x0, x1, x2, x3)                                                     \
  do {                                                                                    \
    __m128i w15 = _mm_alignr_epi8(x1, x0, 4);                                             \
    __m128i w7 = _mm_alignr_epi8(x3, x2, 4);                                              \
    x0 = _mm_add_epi32(_mm_add_epi32(x0, sched_s0(w15)), w7);                             \
    x0 = _mm_add_epi32(x0, _mm_shuffle_epi8(sched_s1_pair(_mm_shuffle_epi32(x3, 0xfa)), lo2)); \
    x0 = _mm_add_epi32(x0, _mm_shuffle_epi8(sched_s1_pair(_mm_shuffle_epi32(x0, 0x50)), hi2)); \
    _mm_store_si128((__m128i *)((dst) + 4 * (g)), _mm_add_epi32(x0, KQUAD(g)));           \
  } while (0)
#define SLOT0(dst, g) SCHED(dst, g, x0, x1, x2, x3)
#define SLOT1(dst, g) SCHED(dst, g, x1, x2, x3, x0)
#define SLOT2(dst, g) SCHED(dst, g, x2, x3, x0, x1)
#define SLOT3(dst, g) SCHED(dst, g, x3, x0, x1, x2)

static void sha256_ssse3_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha256_ssse3);
  const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
  const __m128i lo2 = _mm_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
  const __m128i hi2 = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
  _Alignas(16) uint32_t wk[64];
  const uint32_t *rd = wk;

  for (; nblocks; nblocks--, in += 64) {
    const __m128i *p = (const __m128i *)in;
    __m128i x0 = _mm_shuffle_epi8(_mm_loadu_si128(p + 0), bswap);
    __m128i x1 = _mm_shuffle_epi8(_mm_loadu_si128(p + 1), bswap);
    __m128i x2 = _mm_shuffle_epi8(_mm_loadu_si128(p + 2), bswap);
    __m128i x3 = _mm_shuffle_epi8(_mm_loadu_si128(p + 3), bswap);
    _mm_store_si128((__m128i *)(wk + 0), _mm_add_epi32(x0, KQUAD(0)));
    _mm_store_si128((__m128i *)(wk + 4), _mm_add_epi32(x1, KQUAD(1)));
    _mm_store_si128((__m128i *)(wk + 8), _mm_add_epi32(x2, KQUAD(2)));
    _mm_store_si128((__m128i *)(wk + 12), _mm_add_epi32(x3, KQUAD(3)));

    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint32_t bc = b ^ c;
    for (int r = 0; r < 12; r += 4) {
      const uint32_t *q = rd + 4 * r;
      SHA256_WK_STORED(q);
      SHA256_FOUR0(q + 0); SLOT0(wk, r + 4);
      SHA256_FOUR4(q + 4); SLOT1(wk, r + 5);
      SHA256_FOUR0(q + 8); SLOT2(wk, r + 6);
      SHA256_FOUR4(q + 12); SLOT3(wk, r + 7);
    }
    SHA256_WK_STORED(rd);
    SHA256_FOUR0(rd + 48); SHA256_FOUR4(rd + 52);
    SHA256_FOUR0(rd + 56); SHA256_FOUR4(rd + 60);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
  }
}

const hwc_sha256_kernel hwc_sha256_ssse3 = {
    .info = {.name = "ssse3",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(sha256_ssse3)},
    .blocks = sha256_ssse3_blocks,
};
