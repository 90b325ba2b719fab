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
 * never pays for eight blocks. The two-block rounds and the in-lane
 * transpose are chacha20_x86_rounds.h (shared with the AVX-512 kernel);
 * this file holds the AVX2 rotates, the 8-block rounds (arranged for
 * sixteen registers: two of the four c words kept in a stack array, the
 * byte-rotate patterns read from memory) and the moves of 128-bit lanes to
 * output blocks.
 *
 * ISA: AVX2 (and AVX). Constant time: additions, XORs, shifts and byte
 * shuffles with fixed patterns only; the stack slots and the shuffle
 * patterns are at fixed addresses; no data-dependent branch or address.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "../msan.h"

HWC_CALL_COUNTER(chacha20_avx2);

/* The vector vocabulary of chacha20_x86_rounds.h on ymm registers: eight
 * 32-bit lanes, two 128-bit lanes. */
typedef __m256i cv;

/* 32-bit lane addition. */
static inline cv cv_add(cv a, cv b) { return _mm256_add_epi32(a, b); }
/* Bitwise XOR. */
static inline cv cv_xor(cv a, cv b) { return _mm256_xor_si256(a, b); }
/* Rotates by 16 and 8 move whole bytes: one PSHUFB instead of two shifts
 * and an OR. */
static inline cv cv_rotl16(cv x) {
  return _mm256_shuffle_epi8(x, _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,
                                                13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2));
}
static inline cv cv_rotl8(cv x) {
  return _mm256_shuffle_epi8(x, _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3,
                                                14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3));
}
/* AVX2 has no 32-bit rotate: two shifts and an OR. */
static inline cv cv_rotl12(cv x) { return _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20)); }
static inline cv cv_rotl7(cv x) { return _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25)); }
/* w in every 32-bit lane. */
static inline cv cv_set1(uint32_t w) { return _mm256_set1_epi32((int)w); }
/* j in 32-bit lane j: the block offsets of the vertical layout. */
static inline cv cv_lane_index(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
/* Words of each 128-bit lane rotated down by 1, 2, 3 (PSHUFD). */
static inline cv cv_rot_words1(cv x) { return _mm256_shuffle_epi32(x, 0x39); }
static inline cv cv_rot_words2(cv x) { return _mm256_shuffle_epi32(x, 0x4e); }
static inline cv cv_rot_words3(cv x) { return _mm256_shuffle_epi32(x, 0x93); }
/* The four words at p in both 128-bit lanes. */
static inline cv cv_broadcast4(const uint32_t *p) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}
/* Interleaves within each 128-bit lane (PUNPCK{L,H}{DQ,QDQ}). */
static inline cv cv_unpacklo32(cv a, cv b) { return _mm256_unpacklo_epi32(a, b); }
static inline cv cv_unpackhi32(cv a, cv b) { return _mm256_unpackhi_epi32(a, b); }
static inline cv cv_unpacklo64(cv a, cv b) { return _mm256_unpacklo_epi64(a, b); }
static inline cv cv_unpackhi64(cv a, cv b) { return _mm256_unpackhi_epi64(a, b); }

#include "chacha20_x86_rounds.h"

/* out = in XOR k, 32 bytes, unaligned. */
static inline void xor32(uint8_t *out, const uint8_t *in, __m256i k) {
  _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)in), k));
}

/* The PSHUFB patterns of cv_rotl16 and cv_rotl8 as data, for the 8-block
 * rounds: there each use reads its pattern from memory as the instruction's
 * source operand, because holding both in registers costs two of the
 * sixteen and GCC hoists them into registers when left to itself. */
static const uint8_t rot16_mask[32] __attribute__((aligned(32))) = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const uint8_t rot8_mask[32] __attribute__((aligned(32))) = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

/* x rotated by a PSHUFB pattern taken as a memory operand (VPSHUFB ymm,
 * ymm, m256). */
static inline __attribute__((always_inline)) cv shuffle_mem(cv x, const uint8_t mask[32]) {
#ifdef HWC_MSAN
  /* MemorySanitizer cannot see through asm (its output would come out
   * clean): the constant-time check gets the same shuffle as an intrinsic,
   * so the secret's taint keeps flowing. */
  return _mm256_shuffle_epi8(x, _mm256_load_si256((const __m256i *)mask));
#else
  __asm__("vpshufb %1, %0, %0" : "+x"(x) : "m"(*(const uint8_t(*)[32])mask));
  return x;
#endif
}
static inline __attribute__((always_inline)) cv rotl16_mem(cv x) { return shuffle_mem(x, rot16_mask); }
static inline __attribute__((always_inline)) cv rotl8_mem(cv x) { return shuffle_mem(x, rot8_mask); }

/* One quarter round (RFC 8439, 2.1) of the 8-block rounds: chacha_qr with
 * the memory-operand byte rotates. */
static inline __attribute__((always_inline)) void qr8(cv *a, cv *b, cv *c, cv *d) {
  *a = cv_add(*a, *b); *d = rotl16_mem(cv_xor(*d, *a));
  *c = cv_add(*c, *d); *b = cv_rotl12(cv_xor(*b, *c));
  *a = cv_add(*a, *b); *d = rotl8_mem(cv_xor(*d, *a));
  *c = cv_add(*c, *d); *b = cv_rotl7(cv_xor(*b, *c));
}

/* The ten double rounds on the vertical layout, for sixteen ymm registers.
 * Sixteen state vectors would leave none for temporaries, and the compiler
 * then spills whatever it picks; here only fourteen are held in registers.
 * The quarter rounds go in pairs, and only the c words (8..11) of the pair
 * in use are in registers, in p and q. All four have a slot in c[]
 * (volatile, so the compiler keeps them there rather than in registers it
 * needs for temporaries); the pair in use is stored and the other loaded at
 * the two points per double round where the pair changes: columns 0, 1 use
 * words 8, 9, columns 2, 3 and diagonals 0, 1 use 10, 11, diagonals 2, 3
 * use 8, 9 again. Within a pair the two quarter rounds are written one after
 * the other, which needs one temporary at a time; the core overlaps them. */
static inline __attribute__((always_inline)) void rounds8(cv x[16]) {
  cv a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
  cv b0 = x[4], b1 = x[5], b2 = x[6], b3 = x[7];
  cv d0 = x[12], d1 = x[13], d2 = x[14], d3 = x[15];
  volatile cv c[4];
  c[2] = x[10];
  c[3] = x[11];
  cv p = x[8], q = x[9];
  for (int r = 0; r < 10; r++) {
    /* Columns 0, 1: (0, 4, 8, 12), (1, 5, 9, 13). */
    qr8(&a0, &b0, &p, &d0);
    qr8(&a1, &b1, &q, &d1);
    c[0] = p;
    c[1] = q;
    p = c[2];
    q = c[3];
    /* Columns 2, 3: (2, 6, 10, 14), (3, 7, 11, 15). */
    qr8(&a2, &b2, &p, &d2);
    qr8(&a3, &b3, &q, &d3);
    /* Diagonals 0, 1: (0, 5, 10, 15), (1, 6, 11, 12). */
    qr8(&a0, &b1, &p, &d3);
    qr8(&a1, &b2, &q, &d0);
    c[2] = p;
    c[3] = q;
    p = c[0];
    q = c[1];
    /* Diagonals 2, 3: (2, 7, 8, 13), (3, 4, 9, 14). */
    qr8(&a2, &b3, &p, &d1);
    qr8(&a3, &b0, &q, &d2);
  }
  x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;
  x[4] = b0; x[5] = b1; x[6] = b2; x[7] = b3;
  x[8] = p; x[9] = q; x[10] = c[2]; x[11] = c[3];
  x[12] = d0; x[13] = d1; x[14] = d2; x[15] = d3;
}

/* Eight blocks in the vertical layout. */
static void blocks8(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  __m256i x[16];
  const __m256i ctr = cv_add(cv_set1(st[12]), cv_lane_index());
  for (int i = 0; i < 16; i++) x[i] = cv_set1(st[i]);
  x[12] = ctr;
  rounds8(x);
  /* Feed-forward: the input words are re-broadcast from st rather than
   * kept live across the rounds. */
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], i == 12 ? ctr : cv_set1(st[i]));
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
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

/* The table's xor_blocks: eights, then pairs, a lone block scalar. */
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
