/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20-Poly1305's portable entry: no members and no fused kernels of
 * its own. Under it the protocol (src/chacha/chacha20poly1305.c) runs the
 * chacha20 and poly1305 tables selected for those primitives, one after
 * the other in cache-sized chunks, so it is as portable as they are
 * (chacha20=generic with poly1305=generic is the reference every fused
 * entry is tested against), and it is the entry a CPU-model rule prefers
 * where two passes outrun the stitched loop.
 */
#include "src/kernels.h"

const hwc_chacha20_poly1305_kernel hwc_chacha20_poly1305_separate = {
    .info = {.name = "separate", .required = 0, .priority = HWC_PRIO_PORTABLE},
};
