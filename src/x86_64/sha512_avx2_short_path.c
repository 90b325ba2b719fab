/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression, AVX2 schedule and BMI2 rounds: sha512_avx2.c's
 * kernel (sha512_x86_blocks.h) with the short-path round instead of the
 * few-operations one, for cores with six integer ALUs, where the e and a
 * recurrences bound a round and its 25 operations still issue in four
 * cycles. That is AMD Zen 5, which normally runs sha512_avx512.c; this
 * implementation is what it runs when AVX-512 is hidden (a hypervisor's
 * CPU model, HWCRYPTO_CPU_DISABLE), chosen by a rule in dispatch/uarch.c.
 * On four-ALU cores it is slower than sha512_avx2.c, and it is ranked
 * below it, so the static order does not pick it.
 * ISA: AVX2, AVX, BMI2, as sha512_avx2.c.
 * Constant time: as sha512_x86_blocks.h.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "sha512_sigma_avx2.h"

/* GCC's post-register-allocation scheduler clusters the vector schedule
 * and the scalar rounds that the source interleaves, as in
 * sha512_avx512.c; with it off this round is faster on Zen 5, where the
 * few-operations round wanted the pre-allocation scheduler on Zen 3. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif
#define SHA512_ROUND SHA512_ROUND_SHORT_PATH
#include "sha512_x86_blocks.h"

HWC_CALL_COUNTER(sha512_avx2_short_path);

static void sha512_avx2_short_path_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx2_short_path);
  sha512_x86_blocks(state, in, nblocks);
}

const hwc_sha512_kernel hwc_sha512_avx2_short_path = {
    .info = {.name = "avx2-short-path",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256 - 1,
             HWC_CALLS(sha512_avx2_short_path)},
    .blocks = sha512_avx2_short_path_blocks,
};
