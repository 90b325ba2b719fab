/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream with AVX-512F (RFC 8439 block function).
 *
 * Sixteen blocks at once in the vertical layout (zmm register i holds word i
 * of sixteen consecutive blocks; Goll and Gueron 2014), with the native
 * 32-bit rotate VPROLD, then a transpose: 4x4 words inside each 128-bit lane,
 * then 4x4 lanes with VSHUFI32X4. Long runs take thirty-two blocks a step,
 * two such sets with their quarter rounds interleaved (rounds32), for
 * cores whose vector operations take two cycles. Runs shorter than sixteen blocks use a
 * four-block horizontal layout (one 128-bit lane per block, rows in
 * registers) and a lone block the portable loop, so short messages cost
 * what they use; the AEAD's one-time key block runs on the general
 * registers beside the first sixteen (key_blocks16). The rounds and the in-lane transpose are
 * chacha20_x86_rounds.h (shared with the AVX2 kernel); the block loops are
 * chacha20_avx512.h, shared with the stitched ChaCha20-Poly1305 of
 * chacha20_poly1305_avx512.c.
 *
 * ISA: AVX-512F. Constant time: additions, XORs, rotates and fixed shuffles
 * only; which path runs depends on the public length alone.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "chacha20_avx512.h"

HWC_CALL_COUNTER(chacha20_avx512);

/* The table's xor_blocks. */
static void chacha20_avx512_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_avx512);
  xor_blocks(out, in, nblocks, st);
}

/* The table's key_and_blocks. */
static void chacha20_avx512_key_and_blocks(uint8_t key[64], uint8_t *out, const uint8_t *in, size_t nblocks,
                                           uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_avx512);
  key_blocks16(key, out, in, nblocks, st);
}

const hwc_chacha20_kernel hwc_chacha20_avx512 = {
    .info = {.name = "avx512", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC512,
             HWC_CALLS(chacha20_avx512)},
    .xor_blocks = chacha20_avx512_xor_blocks,
    .key_and_blocks = chacha20_avx512_key_and_blocks,
    .key_blocks_max = 16,
};
