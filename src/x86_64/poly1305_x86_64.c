/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop for x86-64 CPUs without AVX2: the one-block ADD/ADC
 * and MUL loop of poly1305_x86_64.h (radix 2^64, RFC 8439 section 2.5) as a
 * table entry that counts its calls. Selected above the portable loop,
 * whose carries GCC compiles into a longer dependency chain.
 *
 * ISA: the x86-64 baseline (no extension). Constant time and bounds: see
 * poly1305_x86_64.h.
 */
#include "src/kernels.h"
#include "poly1305_x86_64.h"

HWC_CALL_COUNTER(poly1305_x86_64);

/* The table's blocks: every block through the asm loop. */
static void poly1305_x86_64_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_x86_64);
  poly1305_blocks_x86_64(st, in, nblocks, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_x86_64 = {
    .info = {.name = "x86_64", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(poly1305_x86_64)},
    .blocks = poly1305_x86_64_blocks,
};
