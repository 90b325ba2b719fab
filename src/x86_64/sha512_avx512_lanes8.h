/* SPDX-License-Identifier: ISC */
/* The avx512 SHA-512 backend's lane entry (sha512_avx512_lanes8.c). */
#ifndef HWC_X86_64_SHA512_AVX512_LANES8_H
#define HWC_X86_64_SHA512_AVX512_LANES8_H

#include <stdint.h>

/* One 128-byte block of each of eight independent messages: state[l] is
 * updated with the block at in[l], as the single blocks function would
 * with nblocks = 1. */
void hwc_sha512_avx512_lanes8(uint64_t (*state)[8], const uint8_t *const *in);

#endif
