/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression with an AVX2 message schedule and BMI2 scalar rounds;
 * the algorithm and the constant-time argument are in sha512_x86_blocks.h.
 * The schedule's sigma functions for plain AVX2 are in sha512_sigma_avx2.h;
 * sha512_avx2_short_path.c is the same kernel with the other round.
 * ISA: AVX2 (256-bit integer ops, VPALIGNR and VPSHUFB per lane), AVX (VEX
 * encoding and YMM state), BMI2 (RORX); reached only when the dispatcher has
 * seen all three.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "sha512_sigma_avx2.h"

/* The rounds with the fewest ALU operations: the AVX2-only parts this
 * kernel runs on (Haswell to Alder Lake, Zen 2 and Zen 3) have four integer
 * ALUs, or five (Golden Cove, where both rounds take five cycles). The
 * six-ALU Zen 5 runs sha512_avx512.c, or sha512_avx2_short_path.c where
 * AVX-512 is hidden (dispatch/uarch.c). GCC's instruction scheduling
 * before register allocation (off by default on x86) interleaves the
 * schedule steps and the rounds in a way that measured faster on Zen 3;
 * Clang needs no option. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns")
#endif
#define SHA512_ROUND SHA512_ROUND_FEW_OPS
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
