/* SPDX-License-Identifier: ISC */
/* SHA-256 compression in portable C; the round structure and the
 * constant-time argument are in sha2_rounds.h. */
#include "src/common/byteorder.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(sha256_generic);

#define WORD uint32_t
#define K hwc_sha256_k
#define ROR(x, n) ((x) >> (n) | (x) << (32 - (n)))
#define S0(x) (ROR(x, 2) ^ ROR(x, 13) ^ ROR(x, 22))
#define S1(x) (ROR(x, 6) ^ ROR(x, 11) ^ ROR(x, 25))
#define s0(x) (ROR(x, 7) ^ ROR(x, 18) ^ ((x) >> 3))
#define s1(x) (ROR(x, 17) ^ ROR(x, 19) ^ ((x) >> 10))
#include "sha2_rounds.h"

static void sha256_generic_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha256_generic);
  for (; nblocks; nblocks--, in += 64) {
    uint32_t w[16];
    for (int i = 0; i < 16; i++) w[i] = hwc_load32_be(in + 4 * i);
    SHA2_COMPRESS(state, 64);
  }
}

const hwc_sha256_kernel hwc_sha256_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(sha256_generic)},
    .blocks = sha256_generic_blocks,
};
