/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression (FIPS 180-4, 6.4.2; also SHA-384) for x86-64 CPUs
 * without AVX: a 128-bit SSSE3 message schedule, one block at a time, and
 * the scalar rounds of sha512_x86_rounds.h built without BMI2, so the
 * rotations are ROR.
 *
 * Schedule: a register holds two consecutive schedule words; W[t] needs
 * W[t-2] at the nearest, so both words of a step are independent (the
 * one-block form of the layout in sha512_x86_blocks.h, and of OpenSSL's
 * SHA-256 SSSE3 schedule). W[t] + K[t] goes to a stack buffer, which the
 * rounds read. Rounds 0..63 compute words 16..79 while they run, one
 * two-word step per two rounds, sixteen rounds ahead of its use, so the
 * vector work fills the gaps of the scalar rounds, which set the speed.
 * ISA: SSSE3 (PSHUFB for the big-endian loads and the rotation by 8,
 * PALIGNR for the words that straddle two registers) over SSE2. Reached
 * only when the dispatcher has seen SSSE3.
 *
 * Constant time: vector additions, shifts, logic and fixed-index shuffles,
 * the scalar rounds' additions, rotations and logic, loads and stores at
 * fixed offsets; the only branches depend on the number of blocks.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "sha512_x86_rounds.h"

/* The rounds with the fewest operations: without RORX every rotation costs
 * a copy as well (sha512_x86_rounds.h). */
#define SHA512_ROUND SHA512_ROUND_FEW_OPS
/* W + K of round i of the eight at p: one block, one word per round. */
#define WK(p, i) (p)[i]

HWC_CALL_COUNTER(sha512_ssse3);

/* s0(x) = ROTR1 ^ ROTR8 ^ SHR7 (FIPS 180-4, 4.12): rotation by 8 moves
 * whole bytes (one PSHUFB), rotation by 1 is two shifts. */
static inline __m128i sched_s0(__m128i v) {
  const __m128i ror8 = _mm_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
  __m128i t = _mm_xor_si128(_mm_srli_epi64(v, 1), _mm_slli_epi64(v, 63));
  t = _mm_xor_si128(t, _mm_shuffle_epi8(v, ror8));
  return _mm_xor_si128(t, _mm_srli_epi64(v, 7));
}

/* s1(x) = ROTR19 ^ ROTR61 ^ SHR6 (FIPS 180-4, 4.13); the two halves of a
 * rotation share no bit, so XOR joins them as OR would. */
static inline __m128i sched_s1(__m128i v) {
  __m128i t = _mm_xor_si128(_mm_srli_epi64(v, 19), _mm_slli_epi64(v, 45));
  t = _mm_xor_si128(t, _mm_srli_epi64(v, 61));
  t = _mm_xor_si128(t, _mm_slli_epi64(v, 3));
  return _mm_xor_si128(t, _mm_srli_epi64(v, 6));
}

/* K[2g], K[2g+1]. */
#define KPAIR(g) _mm_loadu_si128((const __m128i *)(hwc_sha512_k + 2 * (g)))

/* Pair g >= 8 (words 2g, 2g+1) into x0, the register that held pair g - 8:
 * W[t] = W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2]), the odd offsets
 * straddling two registers (PALIGNR by one word); x1, x4, x5, x7 hold
 * pairs g-7, g-4, g-3, g-1. W + K goes to words 2g.. of dst. */
#define SCHED(dst, g, x0, x1, x4, x5, x7)                                     \
  do {                                                                        \
    __m128i w15 = _mm_alignr_epi8(x1, x0, 8);                                 \
    __m128i w7 = _mm_alignr_epi8(x5, x4, 8);                                  \
    x0 = _mm_add_epi64(_mm_add_epi64(x0, sched_s0(w15)), w7);                 \
    x0 = _mm_add_epi64(x0, sched_s1(x7));                                     \
    _mm_store_si128((__m128i *)((dst) + 2 * (g)), _mm_add_epi64(x0, KPAIR(g))); \
  } while (0)
/* Pair g in ring slot g mod 8. */
#define SLOT0(dst, g) SCHED(dst, g, x0, x1, x4, x5, x7)
#define SLOT1(dst, g) SCHED(dst, g, x1, x2, x5, x6, x0)
#define SLOT2(dst, g) SCHED(dst, g, x2, x3, x6, x7, x1)
#define SLOT3(dst, g) SCHED(dst, g, x3, x4, x7, x0, x2)
#define SLOT4(dst, g) SCHED(dst, g, x4, x5, x0, x1, x3)
#define SLOT5(dst, g) SCHED(dst, g, x5, x6, x1, x2, x4)
#define SLOT6(dst, g) SCHED(dst, g, x6, x7, x2, x3, x5)
#define SLOT7(dst, g) SCHED(dst, g, x7, x0, x3, x4, x6)

/* Keeps the compiler from forwarding stored W + K from vector to scalar
 * registers (a PEXTRQ per word costs more than the store-forwarded load the
 * round's ADD takes as its memory operand). No instruction. */
#define WK_STORED(p) __asm__("" : : "r"(p) : "memory")

/* Words 0..15 of the block at in, big-endian, into x0..x7 and W + K of
 * them into dst[0..15]. */
#define LOAD_BLOCK(dst, in)                                                      \
  do {                                                                           \
    const __m128i *p_ = (const __m128i *)(in);                                   \
    x0 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 0), bswap);                       \
    x1 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 1), bswap);                       \
    x2 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 2), bswap);                       \
    x3 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 3), bswap);                       \
    x4 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 4), bswap);                       \
    x5 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 5), bswap);                       \
    x6 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 6), bswap);                       \
    x7 = _mm_shuffle_epi8(_mm_loadu_si128(p_ + 7), bswap);                       \
    _mm_store_si128((__m128i *)((dst) + 0), _mm_add_epi64(x0, KPAIR(0)));        \
    _mm_store_si128((__m128i *)((dst) + 2), _mm_add_epi64(x1, KPAIR(1)));        \
    _mm_store_si128((__m128i *)((dst) + 4), _mm_add_epi64(x2, KPAIR(2)));        \
    _mm_store_si128((__m128i *)((dst) + 6), _mm_add_epi64(x3, KPAIR(3)));        \
    _mm_store_si128((__m128i *)((dst) + 8), _mm_add_epi64(x4, KPAIR(4)));        \
    _mm_store_si128((__m128i *)((dst) + 10), _mm_add_epi64(x5, KPAIR(5)));       \
    _mm_store_si128((__m128i *)((dst) + 12), _mm_add_epi64(x6, KPAIR(6)));       \
    _mm_store_si128((__m128i *)((dst) + 14), _mm_add_epi64(x7, KPAIR(7)));       \
  } while (0)

static void sha512_ssse3_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_ssse3);
  /* Big-endian words: reverse the bytes of each 64-bit lane. */
  const __m128i bswap = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  _Alignas(16) uint64_t wk[80];
  __m128i x0, x1, x2, x3, x4, x5, x6, x7;

  for (; nblocks; nblocks--, in += 128) {
    LOAD_BLOCK(wk, in);
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t bc = b ^ c;
    /* Rounds 0..63 in four turns of sixteen; turn r computes pairs
     * r/2 + 8 .. r/2 + 15 (words r + 16 .. r + 31), which the next turn
     * reads. */
    for (int r = 0; r < 64; r += 16) {
      const uint64_t *q = wk + r;
      WK_STORED(q);
      PAIR0(q, 0); SLOT0(wk, r / 2 + 8);
      PAIR2(q, 2); SLOT1(wk, r / 2 + 9);
      PAIR4(q, 4); SLOT2(wk, r / 2 + 10);
      PAIR6(q, 6); SLOT3(wk, r / 2 + 11);
      PAIR0(q + 8, 0); SLOT4(wk, r / 2 + 12);
      PAIR2(q + 8, 2); SLOT5(wk, r / 2 + 13);
      PAIR4(q + 8, 4); SLOT6(wk, r / 2 + 14);
      PAIR6(q + 8, 6); SLOT7(wk, r / 2 + 15);
    }
    WK_STORED(wk);
    EIGHT(wk + 64);
    EIGHT(wk + 72);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
  }
}

const hwc_sha512_kernel hwc_sha512_ssse3 = {
    .info = {.name = "ssse3",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(sha512_ssse3)},
    .blocks = sha512_ssse3_blocks,
};
