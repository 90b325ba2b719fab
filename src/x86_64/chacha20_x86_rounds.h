/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 rounds (RFC 8439, 2.3) for the x86 vector kernels, shared by
 * chacha20_avx2.c and chacha20_avx512.c. Both compute several blocks at once
 * in the same two layouts and differ only in register width and in how a
 * 32-bit lane is rotated (AVX-512F has VPROLD; AVX2 uses byte shuffles for
 * 16 and 8, shift pairs otherwise), so the rounds, the state set-up and the
 * in-lane transpose are written here once over an abstract vector type.
 *
 * The includer defines, before including:
 *   CV                  the vector type (__m256i, __m512i)
 *   CV_ADD(a, b)        32-bit lane addition
 *   CV_XOR(a, b)        bitwise XOR
 *   CV_ROTL(x, n)       32-bit lane rotate left by the constant n (16, 12, 8, 7)
 *   CV_SET1(w)          w in every 32-bit lane
 *   CV_LANE_INDEX       j in 32-bit lane j
 *   CV_SHUFFLE(x, imm)  PSHUFD within each 128-bit lane
 *   CV_BROADCAST4(p)    the four words at p in every 128-bit lane
 *   CV_UNPACKLO32, CV_UNPACKHI32, CV_UNPACKLO64, CV_UNPACKHI64 (a, b)
 *                       PUNPCK{L,H}{DQ,QDQ} within each 128-bit lane
 * and keeps only how keystream leaves the registers, which depends on the
 * number of 128-bit lanes.
 *
 * Layouts: "vertical" (Goll and Gueron, "Vectorization of ChaCha stream
 * cipher", 2014): register i holds word i of one block per 32-bit lane, so a
 * quarter round is a lane-wise one and the rounds need no shuffles.
 * "Rows": one block per 128-bit lane, state row i in register i; diagonal
 * rounds rotate rows 1..3 by 1..3 words first.
 *
 * Constant time: additions, XORs, rotates and shuffles with fixed patterns;
 * no branch or address depends on key, nonce or data.
 */
#ifndef HWC_CHACHA20_X86_ROUNDS_H
#define HWC_CHACHA20_X86_ROUNDS_H

#include <stdint.h>

#define CHACHA_QR(a, b, c, d)                                      \
  do {                                                             \
    a = CV_ADD(a, b); d = CV_ROTL(CV_XOR(d, a), 16);               \
    c = CV_ADD(c, d); b = CV_ROTL(CV_XOR(b, c), 12);               \
    a = CV_ADD(a, b); d = CV_ROTL(CV_XOR(d, a), 8);                \
    c = CV_ADD(c, d); b = CV_ROTL(CV_XOR(b, c), 7);                \
  } while (0)

/* 4x4 transpose of 32-bit words inside each 128-bit lane. */
#define CHACHA_TRANSPOSE4(a, b, c, d)                              \
  do {                                                             \
    CV t0 = CV_UNPACKLO32(a, b), t1 = CV_UNPACKLO32(c, d);         \
    CV t2 = CV_UNPACKHI32(a, b), t3 = CV_UNPACKHI32(c, d);         \
    a = CV_UNPACKLO64(t0, t1);                                     \
    b = CV_UNPACKHI64(t0, t1);                                     \
    c = CV_UNPACKLO64(t2, t3);                                     \
    d = CV_UNPACKHI64(t2, t3);                                     \
  } while (0)

/* Vertical layout: block j (counter st[12] + j) in 32-bit lane j; s is the
 * caller's scratch array. On return x[4g + k], 128-bit lane L, holds words
 * 4g..4g+3 of block 4L + k: the caller moves whole 128-bit lanes into place.
 * A macro, not a function: as an inline function (or with single-use
 * rotate functions in the AVX2 includer) GCC 12 spilled a different mix of
 * the sixteen state vectors in the AVX2 kernel, which has only 16
 * registers, and it ran 5% slower on Zen; expanded in place, it compiles as
 * the original per-file code did. */
#define CHACHA_VERTICAL(x, s, st)                                   \
  do {                                                              \
    for (int i_ = 0; i_ < 16; i_++) s[i_] = CV_SET1((int)(st)[i_]);  \
    s[12] = CV_ADD(s[12], CV_LANE_INDEX);                           \
    for (int i_ = 0; i_ < 16; i_++) x[i_] = s[i_];                  \
    HWC_CHACHA20_ROUNDS(CHACHA_QR, x);                              \
    for (int i_ = 0; i_ < 16; i_++) x[i_] = CV_ADD(x[i_], s[i_]);   \
    CHACHA_TRANSPOSE4(x[0], x[1], x[2], x[3]);                      \
    CHACHA_TRANSPOSE4(x[4], x[5], x[6], x[7]);                      \
    CHACHA_TRANSPOSE4(x[8], x[9], x[10], x[11]);                    \
    CHACHA_TRANSPOSE4(x[12], x[13], x[14], x[15]);                  \
  } while (0)

/* Rows layout: one block per 128-bit lane, lane L's counter being st[12]
 * plus word 4L of ctr. On return v[i] holds row i (bytes 16i..16i+15) of
 * each lane's keystream block. */
static inline void chacha_rows(CV v[4], const uint32_t st[16], CV ctr) {
  const CV a0 = CV_BROADCAST4(st), b0 = CV_BROADCAST4(st + 4), c0 = CV_BROADCAST4(st + 8),
           d0 = CV_ADD(CV_BROADCAST4(st + 12), ctr);
  CV a = a0, b = b0, c = c0, d = d0;
  for (int r = 0; r < 10; r++) {
    CHACHA_QR(a, b, c, d);
    /* Rotate rows 1..3 by 1..3 words: columns become diagonals. */
    b = CV_SHUFFLE(b, 0x39);
    c = CV_SHUFFLE(c, 0x4e);
    d = CV_SHUFFLE(d, 0x93);
    CHACHA_QR(a, b, c, d);
    b = CV_SHUFFLE(b, 0x93);
    c = CV_SHUFFLE(c, 0x4e);
    d = CV_SHUFFLE(d, 0x39);
  }
  v[0] = CV_ADD(a, a0);
  v[1] = CV_ADD(b, b0);
  v[2] = CV_ADD(c, c0);
  v[3] = CV_ADD(d, d0);
}

#endif
