/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression with an AVX2 message schedule and BMI2 scalar rounds;
 * the algorithm and the constant-time argument are in sha512_x86_blocks.h.
 * This file supplies the schedule's sigma functions for plain AVX2, which
 * has no 64-bit rotate: two shifts and an OR, except that rotation by 8 is
 * a byte rotation (one VPSHUFB).
 * ISA: AVX2 (256-bit integer ops, VPALIGNR and VPSHUFB per lane), AVX (VEX
 * encoding and YMM state), BMI2 (RORX); reached only when the dispatcher has
 * seen all three.
 */
#include <immintrin.h>

#include "../kernels.h"

#define VROR(v, n) _mm256_or_si256(_mm256_srli_epi64(v, n), _mm256_slli_epi64(v, 64 - (n)))

/* s0(x) = ROTR1 ^ ROTR8 ^ SHR7 (FIPS 180-4, 4.12) */
static inline __m256i sched_s0(__m256i v) {
  const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
  return _mm256_xor_si256(_mm256_xor_si256(VROR(v, 1), _mm256_shuffle_epi8(v, ror8)),
                          _mm256_srli_epi64(v, 7));
}

/* s1(x) = ROTR19 ^ ROTR61 ^ SHR6 (FIPS 180-4, 4.13) */
static inline __m256i sched_s1(__m256i v) {
  return _mm256_xor_si256(_mm256_xor_si256(VROR(v, 19), VROR(v, 61)), _mm256_srli_epi64(v, 6));
}

/* The rounds with the fewest ALU operations: the AVX2-only parts this
 * kernel runs on (Haswell to Alder Lake, Zen 2 and Zen 3) have four integer
 * ALUs, or five (Golden Cove, where both rounds take five cycles); the
 * six-ALU Zen 5 has AVX-512 and runs sha512_avx512.c. With sixteen vector
 * registers the schedule goes in the first block of a pair, which leaves
 * the rounds a general register more (sha512_x86_blocks.h). GCC's
 * instruction scheduling before register allocation (off by default on
 * x86) interleaves the schedule steps and the rounds in a way that measured
 * faster on Zen 3; Clang needs no option. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns")
#endif
#define SHA512_ROUND SHA512_ROUND_FEW_OPS
#define SHA512_SCHEDULE_IN_FIRST_BLOCK
#include "sha512_x86_blocks.h"

HWC_CALL_COUNTER(sha512_avx2);

static void sha512_avx2_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx2);
  sha512_x86_blocks(state, in, nblocks);
}

const hwc_sha512_kernel hwc_sha512_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(sha512_avx2)},
    .blocks = sha512_avx2_blocks,
};
