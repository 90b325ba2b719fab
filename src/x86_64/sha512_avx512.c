/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression: the sha512_x86_blocks.h kernel (BMI2 rounds, 256-bit
 * schedule) built for AVX-512VL. Two things change against sha512_avx2.c:
 * - the schedule's sigmas take VPRORQ (a native 64-bit rotate) and one
 *   VPTERNLOGQ for the three-way XOR: 4 vector operations instead of 7-8;
 * - the compiler has 32 vector registers: with 16, the eight schedule
 *   registers, the shuffle constants and the temporaries do not fit, and
 *   the loop spills a few of them every iteration.
 * Both are schedule-side; the rounds, which bound the speed, are the same.
 * ISA: AVX-512F and AVX-512VL (EVEX on 256-bit registers), AVX2, BMI2.
 * Constant time: as sha512_x86_blocks.h (rotates and logic do not depend on
 * the data's value).
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/msan.h"

/* a ^ b ^ c in one VPTERNLOGQ; 0x96 is its truth table. MemorySanitizer
 * reports VPTERNLOG's secret operands instead of propagating them
 * (tests/CT.md), so its builds spell out the same XORs. */
static inline __m256i xor3(__m256i a, __m256i b, __m256i c) {
#ifdef HWC_MSAN
  return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
#else
  return _mm256_ternarylogic_epi64(a, b, c, 0x96);
#endif
}

/* s0(x) = ROTR1 ^ ROTR8 ^ SHR7 */
static inline __m256i sched_s0(__m256i v) {
  return xor3(_mm256_ror_epi64(v, 1), _mm256_ror_epi64(v, 8), _mm256_srli_epi64(v, 7));
}

/* s1(x) = ROTR19 ^ ROTR61 ^ SHR6 */
static inline __m256i sched_s1(__m256i v) {
  return xor3(_mm256_ror_epi64(v, 19), _mm256_ror_epi64(v, 61), _mm256_srli_epi64(v, 6));
}

/* The short-path rounds, tuned on Zen 5, whose six integer ALUs leave the
 * recurrences as the bound (sha512_x86_rounds.h). The four-ALU AVX-512
 * parts (Zen 4, Skylake-SP to Ice Lake) may prefer sha512_avx2.c's round;
 * not measured there yet.
 * GCC's post-register-allocation scheduler (generic x86 tuning) clusters
 * the vector schedule and scalar rounds that the source interleaves, which
 * measured slower on Zen. Clang keeps the order without being asked. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif
#include "sha512_x86_blocks.h"
#include "sha512_avx512_lanes8.h"

HWC_CALL_COUNTER(sha512_avx512);

static void sha512_avx512_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx512);
  sha512_x86_blocks(state, in, nblocks, 1);
}

/* Eight messages' blocks in the lanes of 512-bit vectors
 * (sha512_avx512_lanes8.c). */
static void sha512_avx512_blocks_lanes(uint64_t (*state)[8], const uint8_t *const *in) {
  HWC_COUNT_CALL(sha512_avx512);
  hwc_sha512_avx512_lanes8(state, in);
}

const hwc_sha512_kernel hwc_sha512_avx512 = {
    .info = {.name = "avx512",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC512,
             HWC_CALLS(sha512_avx512)},
    .blocks = sha512_avx512_blocks,
    .lanes = 8,
    .blocks_lanes = sha512_avx512_blocks_lanes,
};
