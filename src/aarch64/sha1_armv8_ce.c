/* SPDX-License-Identifier: ISC */
/*
 * SHA-1 compression (FIPS 180-4, 6.1.2) with the ARMv8 Cryptographic
 * Extension.
 *
 * Algorithm: the instruction set's own decomposition (Arm ARM, SHA1C,
 * SHA1P, SHA1M, SHA1H, SHA1SU0, SHA1SU1). {A,B,C,D} live in one vector and
 * E in a scalar; SHA1C/SHA1P/SHA1M each run four rounds of one stage (Ch,
 * Parity, Maj) given W + K for them, SHA1H makes the next E (ROTL30 of the
 * A from four rounds earlier), and SU0/SU1 produce the next four schedule
 * words from the previous sixteen.
 * ISA: AdvSIMD and the SHA1 extension (armv8-a+crypto); reached only when
 * the dispatcher has seen HWCAP_ASIMD and HWCAP_SHA1.
 *
 * Constant time: the SHA instructions and vector adds and byte reversals
 * have data-independent timing; nothing branches on or indexes by data (the
 * condition below is on the compile-time group number).
 */
#include <arm_neon.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(sha1_armv8);

/* Rounds 4g..4g+3 with W[4g..4g+3] in mc, the stage's instruction OP and
 * constant k; then, if a later group needs it, mc becomes W[4g+16..4g+19]
 * from itself and the next three groups' words m1, m2, m3. */
#define ROUNDS4(g, OP, k, mc, m1, m2, m3)                                   \
  do {                                                                      \
    uint32x4_t wk_ = vaddq_u32(mc, k);                                      \
    uint32_t e_next_ = vsha1h_u32(vgetq_lane_u32(abcd, 0));                 \
    abcd = OP(abcd, e, wk_);                                                \
    e = e_next_;                                                            \
    if ((g) + 4 <= 19) mc = vsha1su1q_u32(vsha1su0q_u32(mc, m1, m2), m3);   \
  } while (0)

static void sha1_armv8_blocks(uint32_t state[5], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha1_armv8);
  const uint32x4_t k0 = vdupq_n_u32(0x5a827999u), k1 = vdupq_n_u32(0x6ed9eba1u);
  const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdcu), k3 = vdupq_n_u32(0xca62c1d6u);
  uint32x4_t abcd = vld1q_u32(state);
  uint32_t e = state[4];

  for (; nblocks; nblocks--, in += 64) {
    const uint32x4_t abcd0 = abcd;
    const uint32_t e0 = e;
    uint32x4_t m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 0)));
    uint32x4_t m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 16)));
    uint32x4_t m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 32)));
    uint32x4_t m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 48)));
    ROUNDS4(0, vsha1cq_u32, k0, m0, m1, m2, m3);
    ROUNDS4(1, vsha1cq_u32, k0, m1, m2, m3, m0);
    ROUNDS4(2, vsha1cq_u32, k0, m2, m3, m0, m1);
    ROUNDS4(3, vsha1cq_u32, k0, m3, m0, m1, m2);
    ROUNDS4(4, vsha1cq_u32, k0, m0, m1, m2, m3);
    ROUNDS4(5, vsha1pq_u32, k1, m1, m2, m3, m0);
    ROUNDS4(6, vsha1pq_u32, k1, m2, m3, m0, m1);
    ROUNDS4(7, vsha1pq_u32, k1, m3, m0, m1, m2);
    ROUNDS4(8, vsha1pq_u32, k1, m0, m1, m2, m3);
    ROUNDS4(9, vsha1pq_u32, k1, m1, m2, m3, m0);
    ROUNDS4(10, vsha1mq_u32, k2, m2, m3, m0, m1);
    ROUNDS4(11, vsha1mq_u32, k2, m3, m0, m1, m2);
    ROUNDS4(12, vsha1mq_u32, k2, m0, m1, m2, m3);
    ROUNDS4(13, vsha1mq_u32, k2, m1, m2, m3, m0);
    ROUNDS4(14, vsha1mq_u32, k2, m2, m3, m0, m1);
    ROUNDS4(15, vsha1pq_u32, k3, m3, m0, m1, m2);
    ROUNDS4(16, vsha1pq_u32, k3, m0, m1, m2, m3);
    ROUNDS4(17, vsha1pq_u32, k3, m1, m2, m3, m0);
    ROUNDS4(18, vsha1pq_u32, k3, m2, m3, m0, m1);
    ROUNDS4(19, vsha1pq_u32, k3, m3, m0, m1, m2);
    abcd = vaddq_u32(abcd, abcd0);
    e += e0;
  }
  vst1q_u32(state, abcd);
  state[4] = e;
}

const hwc_sha1_kernel hwc_sha1_armv8_ce = {
    .info = {.name = "armv8-ce",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_HASH_INSN,
             HWC_CALLS(sha1_armv8)},
    .blocks = sha1_armv8_blocks,
};
