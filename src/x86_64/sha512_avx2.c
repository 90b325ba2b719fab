/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression with an AVX2 message schedule and BMI2 scalar rounds;
 * the algorithm and the constant-time argument are in sha512_x86_blocks.h.
 * The schedule's sigma functions for plain AVX2 are in sha512_sigma_avx2.h.
 * ISA: AVX2 (256-bit integer ops, VPALIGNR and VPSHUFB per lane), AVX (VEX
 * encoding and YMM state), BMI2 (RORX); reached only when the dispatcher has
 * seen all three.
 *
 * Two tuning records, one per round of sha512_x86_rounds.h. The default
 * runs the rounds with the fewest ALU operations: the AVX2-only parts this
 * kernel runs on (Haswell to Alder Lake, Zen 2 and Zen 3) have four integer
 * ALUs, or five (Golden Cove, where both rounds take five cycles).
 * `short-path` runs the round whose recurrences are a step shorter, for
 * cores with six integer ALUs, where those recurrences bound a round and
 * its 25 operations still issue in four cycles: AMD Zen 5, which normally
 * runs sha512_avx512.c, takes it when AVX-512 is hidden (a hypervisor's CPU
 * model, HWCRYPTO_CPU_DISABLE), by a rule in dispatch/uarch.c.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "sha512_sigma_avx2.h"
#include "sha512_x86_blocks.h"

HWC_CALL_COUNTER(sha512_avx2);

/* Each round in a function of its own, with GCC's scheduling options as
 * measured for it; noinline keeps those options on the code (an inlined
 * copy would take the caller's). The few-operations round: GCC's
 * instruction scheduling before register allocation (off by default on
 * x86) interleaves the schedule steps and the rounds in a way that
 * measured faster on Zen 3. The short-path round: GCC's post-allocation
 * scheduler clusters the vector schedule and the scalar rounds that the
 * source interleaves, as in sha512_avx512.c; with it off this round is
 * faster on Zen 5. Clang needs no option for either. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("schedule-insns")
#endif
static __attribute__((noinline)) void blocks_few_ops(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  sha512_x86_blocks(state, in, nblocks, 0);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns2")
#endif
static __attribute__((noinline)) void blocks_short_path(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  sha512_x86_blocks(state, in, nblocks, 1);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

/* Tuning records: which round. */
typedef struct {
  hwc_tuning t;
  int short_path;
} avx2_tuning;
static const avx2_tuning few_ops = {{"few-ops"}, 0};
static const avx2_tuning short_path = {{"short-path"}, 1};
static const hwc_tuning *const tunings[] = {&few_ops.t, &short_path.t};
static const hwc_tuning *tuning = &few_ops.t;

/* The table function: the round of the record in force. */
static void sha512_avx2_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx2);
  if (((const avx2_tuning *)hwc_tuning_get(&tuning))->short_path)
    blocks_short_path(state, in, nblocks);
  else
    blocks_few_ops(state, in, nblocks);
}

const hwc_sha512_kernel hwc_sha512_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             .tunings = tunings,
             .ntunings = 2,
             .tuning = &tuning,
             HWC_CALLS(sha512_avx2)},
    .blocks = sha512_avx2_blocks,
};
