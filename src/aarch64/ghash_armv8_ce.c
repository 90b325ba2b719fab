/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) with the ARMv8 PMULL instructions: eight blocks per
 * reduction over the precomputed powers H'^1..H'^16 (ghash_pmull.h, which
 * also gives the method and the constant-time argument).
 * ISA: ARMv8-A with the crypto extension (PMULL), Advanced SIMD.
 */
#include <arm_neon.h>

#include "src/common/byteorder.h"
#include "src/kernels.h"
#include "ghash_pmull.h"

HWC_CALL_COUNTER(ghash_armv8);

static inline uint64x2_t dot(uint64x2_t x, uint64x2_t h) {
  ghp_acc a;
  ghp_zero(&a);
  ghp_mul(&a, x, h);
  return ghp_reduce(&a);
}

static void ghash_armv8_init(void *table, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_armv8);
  uint64_t hi = hwc_load64_be(h), lo = hwc_load64_be(h + 8);
  uint64_t carry = 0 - (hi >> 63); /* mulX without a branch on H */
  hi = (hi << 1 | lo >> 63) ^ (carry & 0xc200000000000000ull);
  lo = (lo << 1) ^ (carry & 1);
  uint64x2_t p1 = vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)), p = p1;
  /* H^16 .. H^1 in 16-byte slots 0..15, stored bytewise: the table sits
   * in the caller's key object at any address. */
  uint8_t *t = table;
  vst1q_u8(t + 16 * 15, vreinterpretq_u8_u64(p1));
  for (int k = 2; k <= 16; k++) {
    p = dot(p, p1);
    vst1q_u8(t + 16 * (16 - k), vreinterpretq_u8_u64(p));
  }
}

static void ghash_armv8_update(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *table) {
  HWC_COUNT_CALL(ghash_armv8);
  ghp_store(y, ghp_blocks(ghp_load(y), in, nblocks, table));
}

const hwc_ghash_kernel hwc_ghash_armv8_ce = {
    .info = {.name = "armv8-ce", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(ghash_armv8)},
    .init = ghash_armv8_init,
    .update = ghash_armv8_update,
};
