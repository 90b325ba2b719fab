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
 * never pays for eight blocks.
 *
 * ISA: AVX2 (and AVX). Constant time: additions, XORs, shifts and byte
 * shuffles with fixed patterns only; no data-dependent branch or address.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(chacha20_avx2);

#define ROT16(x) _mm256_shuffle_epi8(x, rot16)
#define ROT8(x) _mm256_shuffle_epi8(x, rot8)
#define ROTL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))

#define QR(a, b, c, d)                                           \
  do {                                                           \
    a = _mm256_add_epi32(a, b); d = ROT16(_mm256_xor_si256(d, a)); \
    c = _mm256_add_epi32(c, d); b = ROTL(_mm256_xor_si256(b, c), 12); \
    a = _mm256_add_epi32(a, b); d = ROT8(_mm256_xor_si256(d, a));  \
    c = _mm256_add_epi32(c, d); b = ROTL(_mm256_xor_si256(b, c), 7); \
  } while (0)

/* 4x4 transpose of 32-bit words inside each 128-bit lane. */
#define TRANSPOSE4(a, b, c, d)                                        \
  do {                                                                \
    __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpacklo_epi32(c, d); \
    __m256i t2 = _mm256_unpackhi_epi32(a, b), t3 = _mm256_unpackhi_epi32(c, d); \
    a = _mm256_unpacklo_epi64(t0, t1);                                \
    b = _mm256_unpackhi_epi64(t0, t1);                                \
    c = _mm256_unpacklo_epi64(t2, t3);                                \
    d = _mm256_unpackhi_epi64(t2, t3);                                \
  } while (0)

static inline void xor32(uint8_t *out, const uint8_t *in, __m256i k) {
  _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)in), k));
}

static void blocks8(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  const __m256i rot16 = _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,
                                        13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
  const __m256i rot8 = _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3,
                                       14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3);
  __m256i s[16], x[16];
  for (int i = 0; i < 16; i++) s[i] = _mm256_set1_epi32((int)st[i]);
  s[12] = _mm256_add_epi32(s[12], _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  for (int i = 0; i < 16; i++) x[i] = s[i];
  for (int r = 0; r < 10; r++) {
    QR(x[0], x[4], x[8], x[12]);
    QR(x[1], x[5], x[9], x[13]);
    QR(x[2], x[6], x[10], x[14]);
    QR(x[3], x[7], x[11], x[15]);
    QR(x[0], x[5], x[10], x[15]);
    QR(x[1], x[6], x[11], x[12]);
    QR(x[2], x[7], x[8], x[13]);
    QR(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; i++) x[i] = _mm256_add_epi32(x[i], s[i]);
  /* After these, x[4g + k] lane L holds words 4g..4g+3 of block 4L + k. */
  TRANSPOSE4(x[0], x[1], x[2], x[3]);
  TRANSPOSE4(x[4], x[5], x[6], x[7]);
  TRANSPOSE4(x[8], x[9], x[10], x[11]);
  TRANSPOSE4(x[12], x[13], x[14], x[15]);
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
  const __m256i rot16 = _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,
                                        13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
  const __m256i rot8 = _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3,
                                       14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3);
  const __m256i a0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)st));
  const __m256i b0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(st + 4)));
  const __m256i c0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(st + 8)));
  const __m256i d0 = _mm256_add_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(st + 12))),
                                      _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
  __m256i a = a0, b = b0, c = c0, d = d0;
  for (int r = 0; r < 10; r++) {
    QR(a, b, c, d);
    /* Rotate rows 1..3 by 1..3 words: columns become diagonals. */
    b = _mm256_shuffle_epi32(b, 0x39);
    c = _mm256_shuffle_epi32(c, 0x4e);
    d = _mm256_shuffle_epi32(d, 0x93);
    QR(a, b, c, d);
    b = _mm256_shuffle_epi32(b, 0x93);
    c = _mm256_shuffle_epi32(c, 0x4e);
    d = _mm256_shuffle_epi32(d, 0x39);
  }
  a = _mm256_add_epi32(a, a0);
  b = _mm256_add_epi32(b, b0);
  c = _mm256_add_epi32(c, c0);
  d = _mm256_add_epi32(d, d0);
  xor32(out, in, _mm256_permute2x128_si256(a, b, 0x20));
  xor32(out + 32, in + 32, _mm256_permute2x128_si256(c, d, 0x20));
  if (n == 2) {
    xor32(out + 64, in + 64, _mm256_permute2x128_si256(a, b, 0x31));
    xor32(out + 96, in + 96, _mm256_permute2x128_si256(c, d, 0x31));
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
    .info = {.name = "avx2", .required = HWC_CPU_AVX | HWC_CPU_AVX2, .priority = 20, HWC_CALLS(chacha20_avx2)},
    .xor_blocks = chacha20_avx2_xor_blocks,
};
