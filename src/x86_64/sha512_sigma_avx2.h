/* SPDX-License-Identifier: ISC */
/*
 * The SHA-512 message schedule's sigma functions on 256-bit AVX2 vectors
 * (four 64-bit words), for the includers of sha512_x86_blocks.h that run
 * on plain AVX2: sha512_avx2.c (both its rounds). AVX2 has no
 * 64-bit rotate, so a rotation is two shifts and an OR, except rotation by
 * 8, which is a byte rotation (one VPSHUFB).
 * ISA: AVX2. Constant time: shifts, logic and a fixed byte shuffle.
 */
#ifndef HWC_SHA512_SIGMA_AVX2_H
#define HWC_SHA512_SIGMA_AVX2_H

#include <immintrin.h>

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

#endif
