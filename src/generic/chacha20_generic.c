/* SPDX-License-Identifier: ISC */
/*
 * The portable ChaCha20 backend: the shared scalar block loop
 * (src/common/chacha20_scalar.c) behind a table entry that counts its calls.
 * ISA: none. Constant time: see that file.
 */
#include "src/kernels.h"

HWC_CALL_COUNTER(chacha20_generic);

static void chacha20_generic_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks,
                                        uint32_t state[16]) {
  HWC_COUNT_CALL(chacha20_generic);
  hwc_chacha20_blocks_scalar(out, in, nblocks, state);
}

const hwc_chacha20_kernel hwc_chacha20_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(chacha20_generic)},
    .xor_blocks = chacha20_generic_xor_blocks,
};
