/* SPDX-License-Identifier: ISC */
/*
 * The AVX-512 ChaCha20 blocks shared by chacha20_avx512.c (the keystream)
 * and chacha20_poly1305_avx512.c (the stitched AEAD): sixteen blocks at
 * once in the vertical layout (zmm register i holds word i of sixteen
 * consecutive blocks; Goll and Gueron 2014) with the native 32-bit rotate
 * VPROLD, thirty-two in two interleaved sets (rounds32), and the
 * four-block horizontal layout for shorter runs. Included only by files
 * built with AVX-512F.
 *
 * Constant time: additions, XORs, rotates and fixed shuffles only; which
 * path runs depends on the public length alone.
 */
#ifndef HWC_X86_CHACHA20_AVX512_H
#define HWC_X86_CHACHA20_AVX512_H

#include <immintrin.h>
#include <stddef.h>

#include "src/kernels.h"

/* The vector vocabulary of chacha20_x86_rounds.h on zmm registers:
 * sixteen 32-bit lanes, four 128-bit lanes. */
typedef __m512i cv;

/* 32-bit lane addition. */
static inline cv cv_add(cv a, cv b) { return _mm512_add_epi32(a, b); }
/* Bitwise XOR. */
static inline cv cv_xor(cv a, cv b) { return _mm512_xor_si512(a, b); }
/* AVX-512F rotates 32-bit lanes in one instruction (VPROLD). */
static inline cv cv_rotl16(cv x) { return _mm512_rol_epi32(x, 16); }
static inline cv cv_rotl12(cv x) { return _mm512_rol_epi32(x, 12); }
static inline cv cv_rotl8(cv x) { return _mm512_rol_epi32(x, 8); }
static inline cv cv_rotl7(cv x) { return _mm512_rol_epi32(x, 7); }
/* w in every 32-bit lane. */
static inline cv cv_set1(uint32_t w) { return _mm512_set1_epi32((int)w); }
/* j in 32-bit lane j: the block offsets of the vertical layout. */
static inline cv cv_lane_index(void) {
  return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
/* Words of each 128-bit lane rotated down by 1, 2, 3 (PSHUFD). */
static inline cv cv_rot_words1(cv x) { return _mm512_shuffle_epi32(x, 0x39); }
static inline cv cv_rot_words2(cv x) { return _mm512_shuffle_epi32(x, 0x4e); }
static inline cv cv_rot_words3(cv x) { return _mm512_shuffle_epi32(x, 0x93); }
/* The four words at p in all four 128-bit lanes. */
static inline cv cv_broadcast4(const uint32_t *p) { return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p)); }
/* Interleaves within each 128-bit lane (PUNPCK{L,H}{DQ,QDQ}). */
static inline cv cv_unpacklo32(cv a, cv b) { return _mm512_unpacklo_epi32(a, b); }
static inline cv cv_unpackhi32(cv a, cv b) { return _mm512_unpackhi_epi32(a, b); }
static inline cv cv_unpacklo64(cv a, cv b) { return _mm512_unpacklo_epi64(a, b); }
static inline cv cv_unpackhi64(cv a, cv b) { return _mm512_unpackhi_epi64(a, b); }

#include "chacha20_x86_rounds.h"

/* In: four registers whose 128-bit lane L belongs to block L (a, b, c, d
 * being its four 16-byte quarters). Out: o[L] = block L. A 4x4 transpose of
 * 128-bit lanes with VSHUFI32X4. */
static inline void lanes_to_blocks(__m512i o[4], __m512i a, __m512i b, __m512i c, __m512i d) {
  __m512i u0 = _mm512_shuffle_i32x4(a, b, 0x44), u1 = _mm512_shuffle_i32x4(c, d, 0x44);
  __m512i u2 = _mm512_shuffle_i32x4(a, b, 0xee), u3 = _mm512_shuffle_i32x4(c, d, 0xee);
  o[0] = _mm512_shuffle_i32x4(u0, u1, 0x88);
  o[1] = _mm512_shuffle_i32x4(u0, u1, 0xdd);
  o[2] = _mm512_shuffle_i32x4(u2, u3, 0x88);
  o[3] = _mm512_shuffle_i32x4(u2, u3, 0xdd);
}

/* out = in XOR k, 64 bytes, unaligned. */
static inline void xor64(uint8_t *out, const uint8_t *in, __m512i k) {
  _mm512_storeu_si512(out, _mm512_xor_si512(_mm512_loadu_si512(in), k));
}

/* The first n (1..16) blocks of a vertical set after chacha_vertical
 * (x[4g + k], lane L: words 4g..4g+3 of block 4L + k), XORed into in,
 * writing out. */
static inline __attribute__((always_inline)) void vertical_out16(uint8_t *out, const uint8_t *in, __m512i x[16],
                                                                size_t n) {
  for (int k = 0; k < 4; k++) {
    __m512i o[4];
    lanes_to_blocks(o, x[k], x[4 + k], x[8 + k], x[12 + k]);
    for (size_t L = 0; L < 4; L++)
      if (4 * L + (size_t)k < n) xor64(out + 64 * (4 * L + k), in + 64 * (4 * L + k), o[L]);
  }
}

/* The first n (1..16) of sixteen blocks in the vertical layout. Fewer
 * than sixteen cost as much as sixteen, which is what the four-block
 * layout costs for four: its rows are one dependent chain. */
static __attribute__((unused)) void blocks16(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16]) {
  __m512i s[16], x[16];
  chacha_vertical(x, s, st);
  vertical_out16(out, in, x, n);
  st[12] += (uint32_t)n;
}

/* The one-time key block (counter st[12]) on the general registers beside
 * the next n (1..16) blocks in the vertical layout (counters st[12] + 1
 * ..): the key_and_blocks of the kernel table. The sixteen vector rounds
 * and the scalar block take little more time together than the vector
 * rounds alone. */
static __attribute__((unused)) void key_blocks16(uint8_t key[64], uint8_t *out, const uint8_t *in, size_t n,
                                                 uint32_t st[16]) {
  __m512i s[16], x[16];
  uint32_t w[16];
  for (int i = 0; i < 16; i++) {
    s[i] = cv_set1(st[i]);
    w[i] = st[i];
  }
  s[12] = cv_add(s[12], cv_add(cv_lane_index(), cv_set1(1)));
  for (int i = 0; i < 16; i++) x[i] = s[i];
  chacha_rounds_beside_scalar(x, w);
  for (int i = 0; i < 16; i++) {
    uint32_t k = w[i] + st[i];
    key[4 * i + 0] = (uint8_t)k;
    key[4 * i + 1] = (uint8_t)(k >> 8);
    key[4 * i + 2] = (uint8_t)(k >> 16);
    key[4 * i + 3] = (uint8_t)(k >> 24);
    x[i] = cv_add(x[i], s[i]);
  }
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
  vertical_out16(out, in, x, n);
  st[12] += (uint32_t)n + 1;
}

/* The asm text of one quarter round (RFC 8439, 2.1) on zmm registers a,
 * b, c, d (their numbers, as strings): VPROLD rotates in place, so no
 * temporaries. */
#define ZMM_QR(a, b, c, d)                                                  \
  "vpaddd %%zmm" b ", %%zmm" a ", %%zmm" a "\n\t"                            \
  "vpxord %%zmm" a ", %%zmm" d ", %%zmm" d "\n\t"                            \
  "vprold $16, %%zmm" d ", %%zmm" d "\n\t"                                   \
  "vpaddd %%zmm" d ", %%zmm" c ", %%zmm" c "\n\t"                            \
  "vpxord %%zmm" c ", %%zmm" b ", %%zmm" b "\n\t"                            \
  "vprold $12, %%zmm" b ", %%zmm" b "\n\t"                                   \
  "vpaddd %%zmm" b ", %%zmm" a ", %%zmm" a "\n\t"                            \
  "vpxord %%zmm" a ", %%zmm" d ", %%zmm" d "\n\t"                            \
  "vprold $8, %%zmm" d ", %%zmm" d "\n\t"                                    \
  "vpaddd %%zmm" d ", %%zmm" c ", %%zmm" c "\n\t"                            \
  "vpxord %%zmm" c ", %%zmm" b ", %%zmm" b "\n\t"                            \
  "vprold $7, %%zmm" b ", %%zmm" b "\n\t"

/* Loads (or stores) zmm r0..r0+3 from (to) v[i..i+3], v at offset `off`
 * of the asm operand f. */
#define ZMM_LOAD4(off, r0, r1, r2, r3)                                      \
  "vmovdqa64 " off "+0(%[f]), %%zmm" r0 "\n\t"                               \
  "vmovdqa64 " off "+64(%[f]), %%zmm" r1 "\n\t"                              \
  "vmovdqa64 " off "+128(%[f]), %%zmm" r2 "\n\t"                             \
  "vmovdqa64 " off "+192(%[f]), %%zmm" r3 "\n\t"
#define ZMM_STORE4(off, r0, r1, r2, r3)                                     \
  "vmovdqa64 %%zmm" r0 ", " off "+0(%[f])\n\t"                               \
  "vmovdqa64 %%zmm" r1 ", " off "+64(%[f])\n\t"                              \
  "vmovdqa64 %%zmm" r2 ", " off "+128(%[f])\n\t"                             \
  "vmovdqa64 %%zmm" r3 ", " off "+192(%[f])\n\t"

/* The ten double rounds on two sets of sixteen blocks, f[0..15] (in zmm0..
 * 15) and f[16..31] (in zmm16..31), their quarter rounds interleaved. One
 * set's rounds are four dependent chains of vector operations side by
 * side; where those operations take more than a cycle, four chains leave
 * vector units idle and the other set's chains fill them. Thirty-two
 * state vectors are the whole AVX-512 register file, an allocation GCC
 * does not find (with intrinsics it spilled about one operation in four
 * inside the loop), hence the asm, every register named. MemorySanitizer
 * builds run the same rounds as intrinsics, so the taint keeps flowing. */
static inline __attribute__((always_inline)) void rounds32(__m512i f[32]) {
#ifdef HWC_MSAN
  for (int r = 0; r < 10; r++) {
    chacha_double_round(f);
    chacha_double_round(f + 16);
  }
#else
  __asm__ volatile(ZMM_LOAD4("0", "0", "1", "2", "3") ZMM_LOAD4("256", "4", "5", "6", "7")
                   ZMM_LOAD4("512", "8", "9", "10", "11") ZMM_LOAD4("768", "12", "13", "14", "15")
                   ZMM_LOAD4("1024", "16", "17", "18", "19") ZMM_LOAD4("1280", "20", "21", "22", "23")
                   ZMM_LOAD4("1536", "24", "25", "26", "27") ZMM_LOAD4("1792", "28", "29", "30", "31")
                   "movl $10, %%eax\n\t"
                   "1:\n\t"
                   ZMM_QR("0", "4", "8", "12") ZMM_QR("16", "20", "24", "28")
                   ZMM_QR("1", "5", "9", "13") ZMM_QR("17", "21", "25", "29")
                   ZMM_QR("2", "6", "10", "14") ZMM_QR("18", "22", "26", "30")
                   ZMM_QR("3", "7", "11", "15") ZMM_QR("19", "23", "27", "31")
                   ZMM_QR("0", "5", "10", "15") ZMM_QR("16", "21", "26", "31")
                   ZMM_QR("1", "6", "11", "12") ZMM_QR("17", "22", "27", "28")
                   ZMM_QR("2", "7", "8", "13") ZMM_QR("18", "23", "24", "29")
                   ZMM_QR("3", "4", "9", "14") ZMM_QR("19", "20", "25", "30")
                   "decl %%eax\n\t"
                   "jnz 1b\n\t"
                   ZMM_STORE4("0", "0", "1", "2", "3") ZMM_STORE4("256", "4", "5", "6", "7")
                   ZMM_STORE4("512", "8", "9", "10", "11") ZMM_STORE4("768", "12", "13", "14", "15")
                   ZMM_STORE4("1024", "16", "17", "18", "19") ZMM_STORE4("1280", "20", "21", "22", "23")
                   ZMM_STORE4("1536", "24", "25", "26", "27") ZMM_STORE4("1792", "28", "29", "30", "31")
                   :
                   : [f] "r"(f)
                   : "rax", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                     "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19",
                     "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29",
                     "xmm30", "xmm31", "cc", "memory");
#endif
}

/* Thirty-two blocks: two sets of sixteen in the vertical layout
 * (rounds32), block 16 h + j (counter st[12] + 16 h + j) in lane j of set
 * h. */
static __attribute__((unused)) void blocks32(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  __m512i s[32], x[32];
  for (int i = 0; i < 16; i++) s[i] = s[16 + i] = cv_set1(st[i]);
  s[12] = cv_add(s[12], cv_lane_index());
  s[28] = cv_add(s[12], cv_set1(16));
  for (int i = 0; i < 32; i++) x[i] = s[i];
  rounds32(x);
  for (int h = 0; h < 2; h++) {
    __m512i *v = x + 16 * h;
    for (int i = 0; i < 16; i++) v[i] = cv_add(v[i], s[16 * h + i]);
    chacha_transpose4(&v[0], &v[1], &v[2], &v[3]);
    chacha_transpose4(&v[4], &v[5], &v[6], &v[7]);
    chacha_transpose4(&v[8], &v[9], &v[10], &v[11]);
    chacha_transpose4(&v[12], &v[13], &v[14], &v[15]);
    /* v[4g + k] lane L: words 4g..4g+3 of block 16 h + 4L + k. */
    for (int k = 0; k < 4; k++) {
      __m512i o[4];
      lanes_to_blocks(o, v[k], v[4 + k], v[8 + k], v[12 + k]);
      for (int L = 0; L < 4; L++) xor64(out + 64 * (16 * h + 4 * L + k), in + 64 * (16 * h + 4 * L + k), o[L]);
    }
  }
  st[12] += 32;
}

/* One to four blocks: 128-bit lane L computes block n + L. */
static __attribute__((unused)) void blocks4(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16]) {
  __m512i v[4], o[4];
  chacha_rows(v, st, _mm512_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0));
  lanes_to_blocks(o, v[0], v[1], v[2], v[3]);
  for (size_t L = 0; L < n; L++) xor64(out + 64 * L, in + 64 * L, o[L]);
  st[12] += (uint32_t)n;
}

/* The 0..15 blocks after the sixteens: up to four in the four-block
 * layout, more as a part of sixteen (one chain of four-block rounds per
 * four blocks took five times a sixteen's time for fifteen blocks). */
static inline __attribute__((always_inline)) void blocks_short(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                              uint32_t st[16]) {
  if (nblocks > 4)
    blocks16(out, in, nblocks, st);
  else if (nblocks)
    blocks4(out, in, nblocks, st);
}

/* Thirty-twos, a sixteen, then the rest (blocks_short), a lone block
 * scalar. */
static inline __attribute__((always_inline)) void xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                            uint32_t st[16]) {
  if (nblocks == 1) {
    hwc_chacha20_blocks_scalar(out, in, 1, st);
    return;
  }
  for (; nblocks >= 32; nblocks -= 32, in += 2048, out += 2048) blocks32(out, in, st);
  for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024) blocks16(out, in, 16, st);
  blocks_short(out, in, nblocks, st);
}

#endif
