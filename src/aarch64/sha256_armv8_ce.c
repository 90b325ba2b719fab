/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 compression (FIPS 180-4, 6.2.2) with the ARMv8 Cryptographic
 * Extension.
 *
 * Algorithm: the instruction set's own decomposition (Arm ARM, SHA256H,
 * SHA256H2, SHA256SU0, SHA256SU1). The state lives in two vectors {A,B,C,D}
 * and {E,F,G,H}; SHA256H and SHA256H2 each advance one half by four rounds
 * given W + K for those rounds, and SU0/SU1 produce the next four schedule
 * words from the previous sixteen.
 * ISA: AdvSIMD and the SHA2 extension (armv8-a+crypto); reached only when the
 * dispatcher has seen HWCAP_ASIMD and HWCAP_SHA2.
 *
 * Constant time: the SHA instructions and vector adds and byte reversals
 * have data-independent timing; nothing branches on or indexes by data.
 */
#include <arm_neon.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(sha256_armv8);

/* Four rounds with W[4g..4g+3] in m. SHA256H2 needs {A,B,C,D} from before
 * SHA256H updates it. */
#define QROUND(m, g)                                                  \
  do {                                                                \
    uint32x4_t wk = vaddq_u32(m, vld1q_u32(hwc_sha256_k + 4 * (g)));  \
    uint32x4_t abcd_in = abcd;                                        \
    abcd = vsha256hq_u32(abcd, efgh, wk);                             \
    efgh = vsha256h2q_u32(efgh, abcd_in, wk);                         \
  } while (0)

/* m0 = W[i-16..i-13] becomes W[i..i+3]. */
#define SCHED(m0, m1, m2, m3) m0 = vsha256su1q_u32(vsha256su0q_u32(m0, m1), m2, m3)

static void sha256_armv8_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha256_armv8);
  uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);

  for (; nblocks; nblocks--, in += 64) {
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
    uint32x4_t m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 0)));
    uint32x4_t m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 16)));
    uint32x4_t m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 32)));
    uint32x4_t m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 48)));
    for (int g = 0; g < 12; g += 4) {
      QROUND(m0, g + 0); SCHED(m0, m1, m2, m3);
      QROUND(m1, g + 1); SCHED(m1, m2, m3, m0);
      QROUND(m2, g + 2); SCHED(m2, m3, m0, m1);
      QROUND(m3, g + 3); SCHED(m3, m0, m1, m2);
    }
    QROUND(m0, 12);
    QROUND(m1, 13);
    QROUND(m2, 14);
    QROUND(m3, 15);
    abcd = vaddq_u32(abcd, abcd0);
    efgh = vaddq_u32(efgh, efgh0);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

const hwc_sha256_kernel hwc_sha256_armv8_ce = {
    .info = {.name = "armv8-ce",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_HASH_INSN,
             HWC_CALLS(sha256_armv8)},
    .blocks = sha256_armv8_blocks,
};
