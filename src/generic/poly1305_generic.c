/* SPDX-License-Identifier: ISC */
/*
 * The portable Poly1305 backend: the shared one-block loop
 * (src/common/poly1305_scalar.c) behind a table entry that counts its calls.
 * ISA: none. Constant time: see that file.
 */
#include "src/kernels.h"

HWC_CALL_COUNTER(poly1305_generic);

static void poly1305_generic_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks,
                                    uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_generic);
  hwc_poly1305_blocks_scalar(st, in, nblocks, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(poly1305_generic)},
    .blocks = poly1305_generic_blocks,
};
