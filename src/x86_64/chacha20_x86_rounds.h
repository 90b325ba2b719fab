/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 rounds (RFC 8439, 2.3) for the x86 vector kernels, shared by
 * chacha20_avx2.c and chacha20_avx512.c. Both compute several blocks at once
 * in the same two layouts and differ only in register width and in how a
 * 32-bit lane is rotated (AVX-512F has VPROLD; AVX2 uses byte shuffles for
 * 16 and 8, shift pairs otherwise), so the rounds, the state set-up and the
 * in-lane transpose are written here once over a vector type `cv`.
 *
 * The includer defines, before including, the type and these static inline
 * functions (each one instruction or a fixed short sequence):
 *   typedef ... cv;                 __m256i or __m512i
 *   cv cv_add(cv a, cv b)           32-bit lane addition
 *   cv cv_xor(cv a, cv b)           bitwise XOR
 *   cv cv_rotl16(cv x), cv_rotl12, cv_rotl8, cv_rotl7
 *                                   32-bit lane rotates left by 16, 12, 8, 7
 *   cv cv_set1(uint32_t w)          w in every 32-bit lane
 *   cv cv_lane_index(void)          j in 32-bit lane j
 *   cv cv_rot_words1(cv x), cv_rot_words2, cv_rot_words3
 *                                   within each 128-bit lane, words
 *                                   (w0, w1, w2, w3) become (w1, w2, w3, w0),
 *                                   (w2, w3, w0, w1), (w3, w0, w1, w2): PSHUFD
 *   cv cv_broadcast4(const uint32_t *p)
 *                                   the four words at p in every 128-bit lane
 *   cv cv_unpacklo32(cv a, cv b), cv_unpackhi32, cv_unpacklo64, cv_unpackhi64
 *                                   PUNPCK{L,H}{DQ,QDQ} within each 128-bit lane
 * and keeps only how keystream leaves the registers, which depends on the
 * number of 128-bit lanes. The rotates and the word rotations are one
 * function per count rather than one with a count argument because the
 * instructions take the count as an immediate.
 *
 * Layouts: "vertical" (Goll and Gueron, "Vectorization of ChaCha stream
 * cipher", 2014): register i holds word i of one block per 32-bit lane, so a
 * quarter round is a lane-wise one and the rounds need no shuffles.
 * "Rows": one block per 128-bit lane, state row i in register i; diagonal
 * rounds rotate rows 1..3 by 1..3 words first.
 *
 * The functions of the vertical layout are always_inline. Only the AVX-512
 * kernel uses chacha_vertical, and chacha_rounds outside MemorySanitizer
 * builds: with sixteen registers (the SSSE3 and AVX2 kernels) sixteen state
 * vectors spill, and those kernels have their own rounds as asm, two c words
 * in memory, running chacha_rounds only under MSan; so has the AVX-512
 * kernel's thirty-two-block step, whose two sets fill all 32 registers.
 * Forced inlining keeps
 * these functions out of the inliner's cost model: when the AVX2 kernel
 * still used them, which vectors GCC spilled depended on how the code
 * reached them.
 *
 * Constant time: additions, XORs, rotates and shuffles with fixed patterns;
 * no branch or address depends on key, nonce or data.
 */
#ifndef HWC_CHACHA20_X86_ROUNDS_H
#define HWC_CHACHA20_X86_ROUNDS_H

#include <stdint.h>

/* One quarter round (RFC 8439, 2.1) on whatever a, b, c, d hold: one word of
 * one block per 32-bit lane (vertical) or a whole row (rows). */
static inline __attribute__((always_inline)) void chacha_qr(cv *a, cv *b, cv *c, cv *d) {
  *a = cv_add(*a, *b); *d = cv_rotl16(cv_xor(*d, *a));
  *c = cv_add(*c, *d); *b = cv_rotl12(cv_xor(*b, *c));
  *a = cv_add(*a, *b); *d = cv_rotl8(cv_xor(*d, *a));
  *c = cv_add(*c, *d); *b = cv_rotl7(cv_xor(*b, *c));
}

/* One double round (RFC 8439, 2.3) over the vertical layout: four column
 * quarter rounds, then four diagonal ones, on state words x[0..15]. */
static inline __attribute__((always_inline)) void chacha_double_round(cv x[16]) {
  chacha_qr(&x[0], &x[4], &x[8], &x[12]);
  chacha_qr(&x[1], &x[5], &x[9], &x[13]);
  chacha_qr(&x[2], &x[6], &x[10], &x[14]);
  chacha_qr(&x[3], &x[7], &x[11], &x[15]);
  chacha_qr(&x[0], &x[5], &x[10], &x[15]);
  chacha_qr(&x[1], &x[6], &x[11], &x[12]);
  chacha_qr(&x[2], &x[7], &x[8], &x[13]);
  chacha_qr(&x[3], &x[4], &x[9], &x[14]);
}

/* The ten double rounds. */
static inline __attribute__((always_inline)) void chacha_rounds(cv x[16]) {
  for (int r = 0; r < 10; r++) chacha_double_round(x);
}

/* What MemorySanitizer builds run in place of the asm rounds that carry
 * a scalar block beside the vector ones (ssse3-gpr, avx2-gpr; MSan cannot
 * see into asm): x = the rounds of s, and the portable rounds on the
 * scalar block's words w. */
static inline __attribute__((always_inline)) void chacha_rounds_and_scalar(cv x[16], const cv s[16], uint32_t w[16]) {
  for (int i = 0; i < 16; i++) x[i] = s[i];
  chacha_rounds(x);
  hwc_chacha20_permute(w);
}

/* One quarter round on four words of a block held in general registers. */
static inline __attribute__((always_inline)) void chacha_qr32(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d) {
  *a += *b; *d ^= *a; *d = *d << 16 | *d >> 16;
  *c += *d; *b ^= *c; *b = *b << 12 | *b >> 20;
  *a += *b; *d ^= *a; *d = *d << 8 | *d >> 24;
  *c += *d; *b ^= *c; *b = *b << 7 | *b >> 25;
}

/* The ten double rounds on the vertical layout x and, quarter round by
 * quarter round between them, on one more block's words w in general
 * registers: the scalar chains use the integer units the vector rounds
 * leave idle, and with both in one stretch of code the out-of-order
 * window holds both. Only for a kernel with registers to spare for the
 * vector state (AVX-512: 32), as the compiler allocates both. */
static inline __attribute__((always_inline)) void chacha_rounds_beside_scalar(cv x[16], uint32_t w[16]) {
  for (int r = 0; r < 10; r++) {
    chacha_qr(&x[0], &x[4], &x[8], &x[12]);   chacha_qr32(&w[0], &w[4], &w[8], &w[12]);
    chacha_qr(&x[1], &x[5], &x[9], &x[13]);   chacha_qr32(&w[1], &w[5], &w[9], &w[13]);
    chacha_qr(&x[2], &x[6], &x[10], &x[14]);  chacha_qr32(&w[2], &w[6], &w[10], &w[14]);
    chacha_qr(&x[3], &x[7], &x[11], &x[15]);  chacha_qr32(&w[3], &w[7], &w[11], &w[15]);
    chacha_qr(&x[0], &x[5], &x[10], &x[15]);  chacha_qr32(&w[0], &w[5], &w[10], &w[15]);
    chacha_qr(&x[1], &x[6], &x[11], &x[12]);  chacha_qr32(&w[1], &w[6], &w[11], &w[12]);
    chacha_qr(&x[2], &x[7], &x[8], &x[13]);   chacha_qr32(&w[2], &w[7], &w[8], &w[13]);
    chacha_qr(&x[3], &x[4], &x[9], &x[14]);   chacha_qr32(&w[3], &w[4], &w[9], &w[14]);
  }
}

/* 4x4 transpose of 32-bit words inside each 128-bit lane: on return a, b,
 * c, d hold what were the columns of the 4x4 word matrix with rows a..d. */
static inline __attribute__((always_inline)) void chacha_transpose4(cv *a, cv *b, cv *c, cv *d) {
  cv t0 = cv_unpacklo32(*a, *b), t1 = cv_unpacklo32(*c, *d);
  cv t2 = cv_unpackhi32(*a, *b), t3 = cv_unpackhi32(*c, *d);
  *a = cv_unpacklo64(t0, t1);
  *b = cv_unpackhi64(t0, t1);
  *c = cv_unpacklo64(t2, t3);
  *d = cv_unpackhi64(t2, t3);
}

/* Vertical layout: block j (counter st[12] + j) in 32-bit lane j; s is the
 * caller's scratch array (the input state, added back after the rounds).
 * On return x[4g + k], 128-bit lane L, holds words 4g..4g+3 of block
 * 4L + k: the caller moves whole 128-bit lanes into place. */
static inline __attribute__((always_inline)) void chacha_vertical(cv x[16], cv s[16], const uint32_t st[16]) {
  for (int i = 0; i < 16; i++) s[i] = cv_set1(st[i]);
  s[12] = cv_add(s[12], cv_lane_index());
  for (int i = 0; i < 16; i++) x[i] = s[i];
  chacha_rounds(x);
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], s[i]);
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
}

/* Rows layout: one block per 128-bit lane, lane L's counter being st[12]
 * plus word 4L of ctr. On return v[i] holds row i (bytes 16i..16i+15) of
 * each lane's keystream block. */
static inline void chacha_rows(cv v[4], const uint32_t st[16], cv ctr) {
  const cv a0 = cv_broadcast4(st), b0 = cv_broadcast4(st + 4), c0 = cv_broadcast4(st + 8),
           d0 = cv_add(cv_broadcast4(st + 12), ctr);
  cv a = a0, b = b0, c = c0, d = d0;
  for (int r = 0; r < 10; r++) {
    chacha_qr(&a, &b, &c, &d);
    /* Rotate rows 1..3 by 1..3 words: columns become diagonals. */
    b = cv_rot_words1(b);
    c = cv_rot_words2(c);
    d = cv_rot_words3(d);
    chacha_qr(&a, &b, &c, &d);
    b = cv_rot_words3(b);
    c = cv_rot_words2(c);
    d = cv_rot_words1(d);
  }
  v[0] = cv_add(a, a0);
  v[1] = cv_add(b, b0);
  v[2] = cv_add(c, c0);
  v[3] = cv_add(d, d0);
}

#endif
