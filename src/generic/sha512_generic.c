/* SPDX-License-Identifier: ISC */
/* SHA-512 compression in portable C; the round structure and the
 * constant-time argument are in sha2_rounds.h. */
#include "src/common/byteorder.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(sha512_generic);

#define WORD uint64_t
#define K hwc_sha512_k
#define ROR(x, n) ((x) >> (n) | (x) << (64 - (n)))
#define S0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define S1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))
#define s0(x) (ROR(x, 1) ^ ROR(x, 8) ^ ((x) >> 7))
#define s1(x) (ROR(x, 19) ^ ROR(x, 61) ^ ((x) >> 6))
#include "sha2_rounds.h"

static void sha512_generic_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_generic);
  for (; nblocks; nblocks--, in += 128) {
    uint64_t w[16];
    for (int i = 0; i < 16; i++) w[i] = hwc_load64_be(in + 8 * i);
    SHA2_COMPRESS(state, 80);
  }
}

const hwc_sha512_kernel hwc_sha512_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(sha512_generic)},
    .blocks = sha512_generic_blocks,
};
