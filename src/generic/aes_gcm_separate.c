/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM's portable entry: no members and no fused kernels of its own.
 * Under it the protocol (src/aes/gcm.c) runs the aes and ghash tables
 * selected for those primitives, one after the other in cache-sized
 * chunks, so it is as portable as they are (aes=generic with
 * ghash=generic is the reference every fused entry is tested against),
 * and it is the entry a CPU-model rule prefers where the members' own
 * loops outrun their fused loop.
 */
#include "src/kernels.h"

const hwc_aes_gcm_kernel hwc_aes_gcm_separate = {
    .info = {.name = "separate", .required = 0, .priority = HWC_PRIO_PORTABLE},
};
