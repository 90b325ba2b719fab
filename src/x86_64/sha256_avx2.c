/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 compression (FIPS 180-4, 6.2.2) for CPUs without the SHA
 * extensions: an AVX2 message schedule for two blocks at once and scalar
 * BMI2 rounds (sha256_x86_rounds.h).
 *
 * Schedule: the two-block layout of Intel's "Fast SHA-256 Implementations
 * on Intel Architecture Processors" (Guilford, Gulley, Gopal, Yap, Feghali,
 * Wolrich, 2012), as in OpenSSL's sha256-x86_64 AVX2 path. Blocks are taken
 * in pairs: each 256-bit register holds four consecutive schedule words of
 * the first block in its low 128-bit lane and the same four words of the
 * second block in its high lane. W[t] needs W[t-2] at the nearest, so a
 * step of four words computes s1 for its first two words, then for the
 * last two from the first two. W[t] + K[t] for both blocks goes to a stack
 * buffer; the first block's rounds compute the rest of the schedule while
 * they run (one four-word step per four rounds, sixteen rounds ahead of its
 * use), and the second block's rounds only read the buffer. An odd last
 * block is paired with itself and its second half discarded.
 * ISA: AVX2 (256-bit integer ops, VPALIGNR and VPSHUFB per lane), AVX (VEX
 * encoding, YMM state, VINSERTI128 loads), BMI2 (RORX). Reached only when
 * the dispatcher has seen all three.
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
#define SHA256_ROUND SHA256_ROUND_SHORT_PATH

HWC_CALL_COUNTER(sha256_avx2);

/* s0(x) = ROTR7 ^ ROTR18 ^ SHR3 (FIPS 180-4, 4.6); AVX2 has no 32-bit
 * rotate, so each rotation is two shifts. */
static inline __m256i sched_s0(__m256i v) {
  __m256i t = _mm256_xor_si256(_mm256_srli_epi32(v, 3), _mm256_srli_epi32(v, 7));
  t = _mm256_xor_si256(t, _mm256_slli_epi32(v, 25));
  t = _mm256_xor_si256(t, _mm256_srli_epi32(v, 18));
  return _mm256_xor_si256(t, _mm256_slli_epi32(v, 14));
}

/* s1(x) = ROTR17 ^ ROTR19 ^ SHR10 of the words in dwords 0 and 2 of each
 * lane, given v = {x, x, y, y} per lane: a 64-bit shift of {x, x} leaves a
 * 32-bit rotation of x in the low dword. The results land in dwords 0 and
 * 2; dwords 1 and 3 are garbage. */
static inline __m256i sched_s1_pair(__m256i v) {
  __m256i t = _mm256_xor_si256(_mm256_srli_epi64(v, 17), _mm256_srli_epi64(v, 19));
  return _mm256_xor_si256(t, _mm256_srli_epi32(v, 10));
}

/* K[4g..4g+3] in both lanes. */
#define KQUAD(g) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(hwc_sha256_k + 4 * (g))))

/* Group g >= 4 (words 4g..4g+3) into x0, the register that held group g - 4;
 * x1, x2, x3 hold groups g-3, g-2, g-1. W + K goes to row g of dst (eight
 * words: four of each block). */
#define SCHED(dst, g, x0, x1, x2, x3)                                                     \
  do {                                                                                    \
    __m256i w15 = _mm256_alignr_epi8(x1, x0, 4);                                          \
    __m256i w7 = _mm256_alignr_epi8(x3, x2, 4);                                           \
    x0 = _mm256_add_epi32(_mm256_add_epi32(x0, sched_s0(w15)), w7);                       \
    /* words 0, 1 from W[t-2], W[t-1] (dwords 2, 3 of x3) */                              \
    x0 = _mm256_add_epi32(x0, _mm256_shuffle_epi8(sched_s1_pair(_mm256_shuffle_epi32(x3, 0xfa)), lo2)); \
    /* words 2, 3 from the new words 0, 1 */                                              \
    x0 = _mm256_add_epi32(x0, _mm256_shuffle_epi8(sched_s1_pair(_mm256_shuffle_epi32(x0, 0x50)), hi2)); \
    _mm256_store_si256((__m256i *)((dst) + 8 * (g)), _mm256_add_epi32(x0, KQUAD(g)));     \
  } while (0)
/* Group g in ring slot g mod 4. */
#define SLOT0(dst, g) SCHED(dst, g, x0, x1, x2, x3)
#define SLOT1(dst, g) SCHED(dst, g, x1, x2, x3, x0)
#define SLOT2(dst, g) SCHED(dst, g, x2, x3, x0, x1)
#define SLOT3(dst, g) SCHED(dst, g, x3, x0, x1, x2)

/* Sixteen rounds reading rows 0..3 of p. */
#define SIXTEEN(p)                                  \
  SHA256_FOUR0((p) + 0); SHA256_FOUR4((p) + 8);     \
  SHA256_FOUR0((p) + 16); SHA256_FOUR4((p) + 24)

static void sha256_avx2_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha256_avx2);
  /* Big-endian words: reverse the bytes of each 32-bit lane. */
  const __m256i bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                         3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
  /* Dwords 0 and 2 to 0, 1 (lo2) or to 2, 3 (hi2); the rest zeroed. */
  const __m256i lo2 = _mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1,
                                       0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
  const __m256i hi2 = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11,
                                       -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
  /* 16 rows (64 rounds) of two blocks. */
  _Alignas(32) uint32_t wk[128];
  const uint32_t *rd = wk;

  while (nblocks) {
    const __m128i *lo = (const __m128i *)in;
    const __m128i *hi = (const __m128i *)(nblocks >= 2 ? in + 64 : in);
    __m256i x0 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi + 0, lo + 0), bswap);
    __m256i x1 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi + 1, lo + 1), bswap);
    __m256i x2 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi + 2, lo + 2), bswap);
    __m256i x3 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi + 3, lo + 3), bswap);
    _mm256_store_si256((__m256i *)(wk + 0), _mm256_add_epi32(x0, KQUAD(0)));
    _mm256_store_si256((__m256i *)(wk + 8), _mm256_add_epi32(x1, KQUAD(1)));
    _mm256_store_si256((__m256i *)(wk + 16), _mm256_add_epi32(x2, KQUAD(2)));
    _mm256_store_si256((__m256i *)(wk + 24), _mm256_add_epi32(x3, KQUAD(3)));

    /* First block: rounds 0..47 extend the schedule by groups 4..15. */
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint32_t bc = b ^ c;
    for (int r = 0; r < 12; r += 4) {
      const uint32_t *p = rd + 8 * r;
      SHA256_WK_STORED(p);
      SHA256_FOUR0(p + 0); SLOT0(wk, r + 4);
      SHA256_FOUR4(p + 8); SLOT1(wk, r + 5);
      SHA256_FOUR0(p + 16); SLOT2(wk, r + 6);
      SHA256_FOUR4(p + 24); SLOT3(wk, r + 7);
    }
    SHA256_WK_STORED(rd);
    SIXTEEN(rd + 96);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    if (nblocks < 2) return;

    /* Second block: the high lanes of the rows. */
    a = state[0], b = state[1], c = state[2], d = state[3];
    e = state[4], f = state[5], g = state[6], h = state[7];
    bc = b ^ c;
    SHA256_WK_STORED(rd);
    for (int r = 0; r < 16; r += 4) {
      SIXTEEN(rd + 8 * r + 4);
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    nblocks -= 2;
    in += 128;
  }
}

const hwc_sha256_kernel hwc_sha256_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(sha256_avx2)},
    .blocks = sha256_avx2_blocks,
};
