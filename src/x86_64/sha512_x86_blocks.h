/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression (FIPS 180-4, 6.4.2; also SHA-384): scalar BMI2 rounds
 * fed by a 256-bit vector message schedule. Shared by sha512_avx2.c and
 * sha512_avx512.c, which differ in the schedule's sigma functions (defined
 * by the includer as sched_s0 / sched_s1 on __m256i), in the register file
 * the compiler may use, and in the choice of round below (short_path).
 *
 * Schedule: the two-block layout of Intel's "Fast SHA-512 Implementations
 * on Intel Architecture Processors" (Guilford, Gulley, Gopal, 2012), as in
 * OpenSSL's sha512-x86_64 AVX2 path. Blocks are taken in pairs: each 256-bit
 * register holds two consecutive schedule words of the first block in its
 * low 128-bit lane and the same two words of the second block in its high
 * lane, so one vector step extends both schedules (W[t] needs W[t-2] at the
 * nearest, so two words at a time are independent). W[t] + K[t] for both
 * blocks goes to a stack buffer, and the scalar rounds read it from there.
 * The vector work runs beside the rounds, where it fills the scalar
 * pipeline's gaps, all of it in the first block of each pair: that
 * block's rounds 0..63 compute words 16..79 of the pair, one step per two
 * rounds, into a single buffer; the second block's rounds are scalar only,
 * and load the next pair's words 0..15 once they have read rows 0..7. One
 * buffer pointer and one K pointer in the loop, and the first rounds of a
 * call start at once. (Spreading the steps over both blocks, the second
 * block scheduling the next pair into a second buffer, keeps a general
 * register more in the loop and starts a call with sixteen steps in a row;
 * it measured slower with the few-operations round on Zen 3, and with both
 * rounds on Zen 5 level in long messages and slower up to a few KiB.)
 *
 * Rounds: sha512_x86_rounds.h, two of them; each call site picks one by
 * its constant short_path.
 *
 * Code size: the loop runs four 16-round pieces of the first block (each
 * with 8 schedule steps) and the second block's rounds, about 1,500
 * instructions. Unrolling all 160 rounds of a block pair (about four times
 * as much code) was as fast only while the loop stayed in the op cache;
 * with some code placements it fell out and ran from the legacy decoders,
 * much slower. Smaller op caches (Ice Lake's) could never hold it.
 *
 * Constant time: additions, subtractions, shifts, rotations, logic and byte
 * shuffles with fixed indices; the only branches depend on the number of
 * blocks.
 */
#ifndef HWC_SHA512_X86_BLOCKS_H
#define HWC_SHA512_X86_BLOCKS_H

#include <immintrin.h>

#include "src/kernels.h"
#include "sha512_x86_rounds.h"

/* W + K of round i (0..7) of the eight at p, for sha512_x86_rounds.h: a
 * 4-word row of the buffer holds two rounds of the two blocks, p already
 * offset to this block's lane. */
#define WK(p, i) (p)[((i) >> 1) * 4 + ((i) & 1)]

/* ---- vector schedule: register xk holds words 2j, 2j+1 of both blocks for
 * the pairs j = k mod 8. */

/* K[2j], K[2j+1] in both lanes. */
#define KPAIR(j) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(hwc_sha512_k + 2 * (j))))

/* Pair j >= 8 into x0, the register that held pair j - 8: W[2j..2j+1] =
 * W[-16] + s0(W[-15]) + W[-7] + s1(W[-2]), the odd offsets straddling two
 * registers (VPALIGNR by one word). x1, x4, x5, x7 hold pairs j-7, j-4, j-3,
 * j-1. W + K goes to the row at `row`, with K[2j], K[2j+1] read at kp. */
#define SCHEDP(row, kp, x0, x1, x4, x5, x7)                                   \
  do {                                                                        \
    __m256i w15 = _mm256_alignr_epi8(x1, x0, 8);                              \
    __m256i w7 = _mm256_alignr_epi8(x5, x4, 8);                               \
    x0 = _mm256_add_epi64(_mm256_add_epi64(x0, sched_s0(w15)), w7);           \
    x0 = _mm256_add_epi64(x0, sched_s1(x7));                                  \
    __m256i k_ = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(kp))); \
    _mm256_store_si256((__m256i *)(row), _mm256_add_epi64(x0, k_));           \
  } while (0)
/* Keeps the compiler from forwarding stored W + K from vector to scalar
 * registers (VPEXTRQ costs more than a store-forwarded load). */
#define OPAQUE(p) __asm__("" : : "r"(p) : "memory")

/* Words 0..15 of the blocks at lo (low lanes) and hi (high lanes) into
 * x0..x7, and W + K of them into rows 0..7 of dst. */
#define LOAD_PAIR(dst, lo, hi)                                                   \
  do {                                                                           \
    const __m128i *lo_ = (const __m128i *)(lo), *hi_ = (const __m128i *)(hi);    \
    x0 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 0, lo_ + 0), bswap);      \
    x1 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 1, lo_ + 1), bswap);      \
    x2 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 2, lo_ + 2), bswap);      \
    x3 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 3, lo_ + 3), bswap);      \
    x4 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 4, lo_ + 4), bswap);      \
    x5 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 5, lo_ + 5), bswap);      \
    x6 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 6, lo_ + 6), bswap);      \
    x7 = _mm256_shuffle_epi8(_mm256_loadu2_m128i(hi_ + 7, lo_ + 7), bswap);      \
    _mm256_store_si256((__m256i *)((dst) + 0), _mm256_add_epi64(x0, KPAIR(0)));  \
    _mm256_store_si256((__m256i *)((dst) + 4), _mm256_add_epi64(x1, KPAIR(1)));  \
    _mm256_store_si256((__m256i *)((dst) + 8), _mm256_add_epi64(x2, KPAIR(2)));  \
    _mm256_store_si256((__m256i *)((dst) + 12), _mm256_add_epi64(x3, KPAIR(3))); \
    _mm256_store_si256((__m256i *)((dst) + 16), _mm256_add_epi64(x4, KPAIR(4))); \
    _mm256_store_si256((__m256i *)((dst) + 20), _mm256_add_epi64(x5, KPAIR(5))); \
    _mm256_store_si256((__m256i *)((dst) + 24), _mm256_add_epi64(x6, KPAIR(6))); \
    _mm256_store_si256((__m256i *)((dst) + 28), _mm256_add_epi64(x7, KPAIR(7))); \
  } while (0)

/* The round: short_path, a constant at every call site, picks one of the
 * two of sha512_x86_rounds.h, and the other folds away. */
#undef ROUND
#define ROUND(a, b, c, d, e, f, g, h, wk)                  \
  do {                                                     \
    if (short_path)                                        \
      SHA512_ROUND_SHORT_PATH(a, b, c, d, e, f, g, h, wk); \
    else                                                   \
      SHA512_ROUND_FEW_OPS(a, b, c, d, e, f, g, h, wk);    \
  } while (0)

/* The state after nblocks more blocks at in (the arrangement is described
 * at the top of this file), with the short-path round (short_path 1) or
 * the few-operations one (0). Row r of wk (4 words) holds W + K of rounds
 * 2r, 2r + 1 of the first block, then of the second; the rounds of the
 * first block read column 0..1, the second's 2..3. */
static inline __attribute__((always_inline)) void sha512_x86_blocks(uint64_t state[8], const uint8_t *in,
                                                                   size_t nblocks, const int short_path) {
  /* Big-endian words: reverse the bytes of each 64-bit lane. */
  const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                         7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  _Alignas(32) uint64_t wk[160];
  __m256i x0, x1, x2, x3, x4, x5, x6, x7;

  if (!nblocks) return;
  /* A lone last block runs as a pair with itself; its second half is not
   * used. */
  LOAD_PAIR(wk, in, nblocks >= 2 ? in + 128 : in);
  for (;;) {
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t bc = b ^ c;
    uint64_t *p = wk;
    const uint64_t *kp = hwc_sha512_k + 16;
    /* First block, rounds 0..63 (rows 0..31), in four turns of 16 rounds
     * and the eight-slot ring; each turn computes rows 8..15 past its own
     * first row, which the next turn reads. */
    for (int turn = 0; turn < 4; turn++, p += 32, kp += 16) {
      OPAQUE(p);
      PAIR0(p, 0); SCHEDP(p + 32, kp + 0, x0, x1, x4, x5, x7);
      PAIR2(p, 2); SCHEDP(p + 36, kp + 2, x1, x2, x5, x6, x0);
      PAIR4(p, 4); SCHEDP(p + 40, kp + 4, x2, x3, x6, x7, x1);
      PAIR6(p, 6); SCHEDP(p + 44, kp + 6, x3, x4, x7, x0, x2);
      PAIR0(p + 16, 0); SCHEDP(p + 48, kp + 8, x4, x5, x0, x1, x3);
      PAIR2(p + 16, 2); SCHEDP(p + 52, kp + 10, x5, x6, x1, x2, x4);
      PAIR4(p + 16, 4); SCHEDP(p + 56, kp + 12, x6, x7, x2, x3, x5);
      PAIR6(p + 16, 6); SCHEDP(p + 60, kp + 14, x7, x0, x3, x4, x6);
    }
    OPAQUE(p);
    EIGHT(p);
    EIGHT(p + 16);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    if (nblocks < 2) return;

    /* Second block: scalar rounds only, from column 2. */
    a = state[0], b = state[1], c = state[2], d = state[3];
    e = state[4], f = state[5], g = state[6], h = state[7];
    bc = b ^ c;
    p = wk + 2;
    OPAQUE(p);
    EIGHT(p);
    EIGHT(p + 16);
    /* Rows 0..7 are read: the next pair's first words go there now, so
     * that its first rounds need not wait for them. */
    if (nblocks > 2) {
      const uint8_t *next = in + 256;
      LOAD_PAIR(wk, next, nblocks > 3 ? next + 128 : next);
    }
    for (p += 32; p < wk + 160; p += 32) {
      OPAQUE(p);
      EIGHT(p);
      EIGHT(p + 16);
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    nblocks -= 2;
    if (!nblocks) return;
    in += 256;
  }
}
#endif
