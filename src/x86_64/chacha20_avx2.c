/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream with AVX2 (RFC 8439 block function).
 *
 * Eight blocks at once, "vertically": ymm register i holds state word i of
 * eight consecutive blocks, so every quarter round is eight independent
 * ones and no shuffles are needed inside the rounds; a transpose at the end
 * puts the words back in block order (the layout of Goll and Gueron,
 * "Vectorization of ChaCha stream cipher", 2014). Runs shorter than eight
 * blocks use a two-block "horizontal" layout instead (one 128-bit lane per
 * block, rows in registers, diagonals by lane rotation), and a lone block the
 * portable loop (faster than one lane of that layout), so a short message
 * never pays for eight blocks. The rounds and the in-lane transpose are
 * chacha20_x86_rounds.h (shared with the AVX-512 kernel); this file holds
 * the AVX2 rotates and the moves of 128-bit lanes to output blocks.
 *
 * ISA: AVX2 (and AVX). Constant time: additions, XORs, shifts and byte
 * shuffles with fixed patterns only; no data-dependent branch or address.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(chacha20_avx2);

/* Rotates by 16 and 8 move whole bytes: one PSHUFB instead of two shifts
 * and an OR. */
static inline __m256i rotl_16(__m256i x) {
  return _mm256_shuffle_epi8(x, _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,
                                                13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2));
}
static inline __m256i rotl_8(__m256i x) {
  return _mm256_shuffle_epi8(x, _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3,
                                                14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3));
}
/* Macros, not functions, for the register allocation reason given at
 * CHACHA_VERTICAL. */
#define rotl_12(x) _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20))
#define rotl_7(x) _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25))

#define CV __m256i
#define CV_ADD(a, b) _mm256_add_epi32(a, b)
#define CV_XOR(a, b) _mm256_xor_si256(a, b)
#define CV_ROTL(x, n) rotl_##n(x)
#define CV_SET1(w) _mm256_set1_epi32(w)
#define CV_LANE_INDEX _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
#define CV_SHUFFLE(x, imm) _mm256_shuffle_epi32(x, imm)
#define CV_BROADCAST4(p) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p)))
#define CV_UNPACKLO32(a, b) _mm256_unpacklo_epi32(a, b)
#define CV_UNPACKHI32(a, b) _mm256_unpackhi_epi32(a, b)
#define CV_UNPACKLO64(a, b) _mm256_unpacklo_epi64(a, b)
#define CV_UNPACKHI64(a, b) _mm256_unpackhi_epi64(a, b)
#include "chacha20_x86_rounds.h"

static inline void xor32(uint8_t *out, const uint8_t *in, __m256i k) {
  _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)in), k));
}

static void blocks8(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  __m256i s[16], x[16];
  CHACHA_VERTICAL(x, s, st);
  /* x[4g + k] lane L: words 4g..4g+3 of block 4L + k. */
  for (int k = 0; k < 4; k++) {
    xor32(out + 64 * k, in + 64 * k, _mm256_permute2x128_si256(x[k], x[4 + k], 0x20));
    xor32(out + 64 * k + 32, in + 64 * k + 32, _mm256_permute2x128_si256(x[8 + k], x[12 + k], 0x20));
    xor32(out + 64 * (4 + k), in + 64 * (4 + k), _mm256_permute2x128_si256(x[k], x[4 + k], 0x31));
    xor32(out + 64 * (4 + k) + 32, in + 64 * (4 + k) + 32, _mm256_permute2x128_si256(x[8 + k], x[12 + k], 0x31));
  }
  st[12] += 8;
}

/* One or two blocks: lane 0 is block n, lane 1 block n + 1. */
static void blocks2(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16]) {
  __m256i v[4];
  chacha_rows(v, st, _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
  xor32(out, in, _mm256_permute2x128_si256(v[0], v[1], 0x20));
  xor32(out + 32, in + 32, _mm256_permute2x128_si256(v[2], v[3], 0x20));
  if (n == 2) {
    xor32(out + 64, in + 64, _mm256_permute2x128_si256(v[0], v[1], 0x31));
    xor32(out + 96, in + 96, _mm256_permute2x128_si256(v[2], v[3], 0x31));
  }
  st[12] += (uint32_t)n;
}

static void chacha20_avx2_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_avx2);
  if (nblocks == 1) {
    hwc_chacha20_blocks_scalar(out, in, 1, st);
    return;
  }
  for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) blocks8(out, in, st);
  for (; nblocks; ) {
    size_t n = nblocks >= 2 ? 2 : 1;
    blocks2(out, in, n, st);
    nblocks -= n;
    in += 64 * n;
    out += 64 * n;
  }
}

const hwc_chacha20_kernel hwc_chacha20_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(chacha20_avx2)},
    .xor_blocks = chacha20_avx2_xor_blocks,
};
