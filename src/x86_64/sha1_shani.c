/* SPDX-License-Identifier: ISC */
/*
 * SHA-1 compression (FIPS 180-4, 6.1.2) with the x86 SHA extensions.
 *
 * Algorithm: the method the SHA extensions were designed for (Intel, "Intel
 * SHA Extensions", 2013). {A,B,C,D} live in one register, A in the top lane;
 * E only exists folded into the next four schedule words: SHA1NEXTE turns
 * the A of four rounds earlier into that E (ROTL30) and adds it to W[t]'s
 * lane, and SHA1RNDS4 runs four rounds with the stage's function and
 * constant. SHA1MSG1, a XOR and SHA1MSG2 build the next four schedule
 * words from the previous sixteen, interleaved with the rounds.
 * ISA: SHA, SSSE3 (PSHUFB for the big-endian loads), SSE4.1 (PEXTRD for
 * E). Reached only when the dispatcher has seen all three.
 *
 * Constant time: the SHA instructions and the vector adds, XORs and
 * shuffles have fixed latency, and nothing branches on or indexes by data
 * (the conditions below are on the compile-time group number).
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/msan.h"

HWC_CALL_COUNTER(sha1_shani);

/* SHA1RNDS4 takes an immediate, so MemorySanitizer (clang 14) does not
 * propagate its operands' shadow as it does for the other SHA intrinsics:
 * it checks them strictly and reports a secret operand (tests/CT.md). In
 * MSan builds only, the rounds get clean operands and their output the OR
 * of the inputs' taint (every output bit depends on both inputs); other
 * builds call the instruction directly, unchanged. */
#ifdef HWC_MSAN
static inline __m128i rnds4_msan(__m128i abcd, __m128i ew, int f) {
  int taint = hwc_msan_tainted(&abcd, 16) | hwc_msan_tainted(&ew, 16);
  hwc_msan_clean(&abcd, 16);
  hwc_msan_clean(&ew, 16);
  __m128i r;
  switch (f) {
    case 0: r = _mm_sha1rnds4_epu32(abcd, ew, 0); break;
    case 1: r = _mm_sha1rnds4_epu32(abcd, ew, 1); break;
    case 2: r = _mm_sha1rnds4_epu32(abcd, ew, 2); break;
    default: r = _mm_sha1rnds4_epu32(abcd, ew, 3); break;
  }
  hwc_msan_set(&r, 16, taint);
  return r;
}
#define RNDS4(abcd, ew, f) rnds4_msan((abcd), (ew), (f))
#else
#define RNDS4(abcd, ew, f) _mm_sha1rnds4_epu32((abcd), (ew), (f))
#endif

/* Rounds 4g..4g+3 (g >= 1) with W[4g..4g+3] in mc, the E input made from
 * `prev` (ABCD as it was four rounds ago). Meanwhile the schedule advances
 * three groups at different stages: mn (group g+1) is finished with MSG2,
 * mx (group g+2) gets its W[t-8] term, mp (group g+3) starts with MSG1.
 * Each step runs only for a group whose words are computed, not loaded:
 * groups 4 to 19. */
#define SCHEDULED(grp) ((grp) >= 4 && (grp) <= 19)
#define ROUNDS4(g, mc, mn, mx, mp)                                        \
  do {                                                                    \
    __m128i ew_ = _mm_sha1nexte_epu32(prev, mc);                          \
    prev = abcd;                                                          \
    if (SCHEDULED((g) + 1)) mn = _mm_sha1msg2_epu32(mn, mc);                   \
    abcd = RNDS4(abcd, ew_, (g) / 5);                                       \
    if (SCHEDULED((g) + 3)) mp = _mm_sha1msg1_epu32(mp, mc);                   \
    if (SCHEDULED((g) + 2)) mx = _mm_xor_si128(mx, mc);                        \
  } while (0)

static void sha1_shani_blocks(uint32_t state[5], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha1_shani);
  /* Reverses all 16 bytes: W[i] lands in lane 3 - i, big-endian words. */
  const __m128i bswap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1b);
  __m128i e = _mm_set_epi32((int)state[4], 0, 0, 0);

  for (; nblocks; nblocks--, in += 64) {
    const __m128i abcd0 = abcd, e0 = e;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 0)), bswap);
    __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap);
    __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap);
    __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap);

    /* Rounds 0-3: E comes from the state, not from an earlier A. */
    __m128i prev = abcd;
    abcd = RNDS4(abcd, _mm_add_epi32(e, m0), 0);
    ROUNDS4(1, m1, m2, m3, m0);
    ROUNDS4(2, m2, m3, m0, m1);
    ROUNDS4(3, m3, m0, m1, m2);
    ROUNDS4(4, m0, m1, m2, m3);
    ROUNDS4(5, m1, m2, m3, m0);
    ROUNDS4(6, m2, m3, m0, m1);
    ROUNDS4(7, m3, m0, m1, m2);
    ROUNDS4(8, m0, m1, m2, m3);
    ROUNDS4(9, m1, m2, m3, m0);
    ROUNDS4(10, m2, m3, m0, m1);
    ROUNDS4(11, m3, m0, m1, m2);
    ROUNDS4(12, m0, m1, m2, m3);
    ROUNDS4(13, m1, m2, m3, m0);
    ROUNDS4(14, m2, m3, m0, m1);
    ROUNDS4(15, m3, m0, m1, m2);
    ROUNDS4(16, m0, m1, m2, m3);
    ROUNDS4(17, m1, m2, m3, m0);
    ROUNDS4(18, m2, m3, m0, m1);
    ROUNDS4(19, m3, m0, m1, m2);

    /* E after round 79 is ROTL30 of A after round 75: NEXTE adds it to the
     * saved E. */
    e = _mm_sha1nexte_epu32(prev, e0);
    abcd = _mm_add_epi32(abcd, abcd0);
  }

  _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1b));
  state[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

const hwc_sha1_kernel hwc_sha1_shani = {
    .info = {.name = "shani",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_HASH_INSN,
             HWC_CALLS(sha1_shani)},
    .blocks = sha1_shani_blocks,
};
