/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression (FIPS 180-4, 6.4.2; also SHA-384) with the ARMv8.2
 * SHA-512 extension.
 *
 * Algorithm: the instruction set's own decomposition (Arm ARM, SHA512H,
 * SHA512H2, SHA512SU0, SHA512SU1), in the register arrangement of the Linux
 * kernel's sha512-ce-core.S. The state is four vectors {a,b} {c,d} {e,f}
 * {g,h}. Per two rounds, SHA512H takes {f,g}, {d,e} and {g,h} + (W + K)
 * swapped, and returns both rounds' T1; SHA512H2 turns those into the new
 * {a,b}, and {c,d} + T1 is the new {e,f}. The four vectors then trade roles
 * (the macro arguments rotate), so no register is copied. SU0/SU1 produce two
 * schedule words from the previous sixteen.
 * ISA: AdvSIMD and the SHA512 extension (armv8.2-a+sha3 for the compiler);
 * reached only when the dispatcher has seen HWCAP_ASIMD and HWCAP_SHA512.
 *
 * Constant time: the SHA instructions, vector adds, EXTs and byte reversals
 * have data-independent timing; nothing branches on or indexes by data.
 */
#include <arm_neon.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(sha512_armv8);

/* Rounds 2j, 2j+1 with W[2j..2j+1] in w. On return ab holds the old {a,b}
 * (now {c,d}), cd the new {e,f}, ef the old {e,f} (now {g,h}) and gh the new
 * {a,b}: the next call passes (gh, ab, cd, ef). */
#define DROUND(ab, cd, ef, gh, w, j)                                              \
  do {                                                                            \
    uint64x2_t wk = vaddq_u64(w, vld1q_u64(hwc_sha512_k + 2 * (j)));              \
    uint64x2_t fg = vextq_u64(ef, gh, 1), de = vextq_u64(cd, ef, 1);              \
    uint64x2_t t = vsha512hq_u64(vaddq_u64(gh, vextq_u64(wk, wk, 1)), fg, de);    \
    gh = vsha512h2q_u64(t, cd, ab);                                               \
    cd = vaddq_u64(cd, t);                                                        \
  } while (0)

/* w0 = W[t-16..t-15] becomes W[t..t+1], given W[t-14..], W[t-8..t-7] in w4,
 * W[t-6..] in w5 and W[t-2..t-1] in w7. */
#define SCHED(w0, w1, w4, w5, w7) w0 = vsha512su1q_u64(vsha512su0q_u64(w0, w1), w7, vextq_u64(w4, w5, 1))

/* Rounds 2j..2j+15, the four state vectors rotating twice through their
 * roles; with S, each round pair also extends the schedule by one pair. */
#define SIXTEEN(j, S)                                      \
  DROUND(ab, cd, ef, gh, w0, (j) + 0); S(w0, w1, w4, w5, w7); \
  DROUND(gh, ab, cd, ef, w1, (j) + 1); S(w1, w2, w5, w6, w0); \
  DROUND(ef, gh, ab, cd, w2, (j) + 2); S(w2, w3, w6, w7, w1); \
  DROUND(cd, ef, gh, ab, w3, (j) + 3); S(w3, w4, w7, w0, w2); \
  DROUND(ab, cd, ef, gh, w4, (j) + 4); S(w4, w5, w0, w1, w3); \
  DROUND(gh, ab, cd, ef, w5, (j) + 5); S(w5, w6, w1, w2, w4); \
  DROUND(ef, gh, ab, cd, w6, (j) + 6); S(w6, w7, w2, w3, w5); \
  DROUND(cd, ef, gh, ab, w7, (j) + 7); S(w7, w0, w3, w4, w6)
#define NOSCHED(w0, w1, w4, w5, w7) ((void)0)

static void sha512_armv8_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_armv8);
  uint64x2_t ab = vld1q_u64(state + 0), cd = vld1q_u64(state + 2);
  uint64x2_t ef = vld1q_u64(state + 4), gh = vld1q_u64(state + 6);

  for (; nblocks; nblocks--, in += 128) {
    const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
#define LOAD(i) vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * (i))))
    uint64x2_t w0 = LOAD(0), w1 = LOAD(1), w2 = LOAD(2), w3 = LOAD(3);
    uint64x2_t w4 = LOAD(4), w5 = LOAD(5), w6 = LOAD(6), w7 = LOAD(7);
#undef LOAD
    for (int j = 0; j < 32; j += 8) {
      SIXTEEN(j, SCHED);
    }
    SIXTEEN(32, NOSCHED);
    ab = vaddq_u64(ab, ab0);
    cd = vaddq_u64(cd, cd0);
    ef = vaddq_u64(ef, ef0);
    gh = vaddq_u64(gh, gh0);
  }
  vst1q_u64(state + 0, ab);
  vst1q_u64(state + 2, cd);
  vst1q_u64(state + 4, ef);
  vst1q_u64(state + 6, gh);
}

const hwc_sha512_kernel hwc_sha512_armv8_ce = {
    .info = {.name = "armv8-ce",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_HASH_INSN,
             HWC_CALLS(sha512_armv8)},
    .blocks = sha512_armv8_blocks,
};
