/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream with SSSE3 (RFC 8439 block function), for x86-64 CPUs
 * without AVX.
 *
 * Four blocks at once, "vertically": xmm register i holds state word i of
 * four consecutive blocks, so every quarter round is four independent ones
 * with no shuffles inside the rounds, and a 4x4 transpose at the end puts
 * each register back in block order (Goll and Gueron, "Vectorization of
 * ChaCha stream cipher", 2014; the arrangement of OpenSSL's ChaCha20_4x).
 * Two or three blocks use the "rows" layout instead (one block per
 * register set, state row i in register i, diagonals by PSHUFD), the blocks
 * interleaved so that their dependency chains overlap; a lone block the
 * portable loop, whose four independent quarter rounds beat one block's
 * single chain of vector operations. The quarter round of the rows layout,
 * the in-lane transpose and the rounds of MSan builds are
 * chacha20_x86_rounds.h, shared with the AVX2 and AVX-512 kernels; this
 * file holds the SSE rotates, the four-block rounds (one asm statement per
 * double round, see rounds4: two of the four c words in stack slots, the
 * PSHUFB patterns read from memory) and the rows layout for two or three
 * blocks.
 *
 * ISA: SSSE3 (PSHUFB for the rotates by 16 and 8) over SSE2. Reached only
 * when the dispatcher has seen SSSE3. Constant time: additions, XORs,
 * shifts and byte shuffles with fixed patterns; the stack slots and the
 * patterns are at fixed addresses; which path runs depends on the public
 * block count alone.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "../msan.h"

HWC_CALL_COUNTER(chacha20_ssse3);

/* The vector vocabulary of chacha20_x86_rounds.h on xmm registers: four
 * 32-bit lanes, one 128-bit lane. */
typedef __m128i cv;

/* 32-bit lane addition. */
static inline cv cv_add(cv a, cv b) { return _mm_add_epi32(a, b); }
/* Bitwise XOR. */
static inline cv cv_xor(cv a, cv b) { return _mm_xor_si128(a, b); }
/* Rotates by 16 and 8 move whole bytes: one PSHUFB instead of two shifts
 * and an OR (and the copy a two-operand shift pair needs). */
static inline cv cv_rotl16(cv x) {
  return _mm_shuffle_epi8(x, _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2));
}
static inline cv cv_rotl8(cv x) {
  return _mm_shuffle_epi8(x, _mm_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3));
}
/* SSE has no 32-bit rotate: two shifts and an OR. */
static inline cv cv_rotl12(cv x) { return _mm_or_si128(_mm_slli_epi32(x, 12), _mm_srli_epi32(x, 20)); }
static inline cv cv_rotl7(cv x) { return _mm_or_si128(_mm_slli_epi32(x, 7), _mm_srli_epi32(x, 25)); }
/* w in every 32-bit lane. */
static inline cv cv_set1(uint32_t w) { return _mm_set1_epi32((int)w); }
/* j in 32-bit lane j: the block offsets of the vertical layout. */
static inline cv cv_lane_index(void) { return _mm_setr_epi32(0, 1, 2, 3); }
/* Words rotated down by 1, 2, 3 (PSHUFD). */
static inline cv cv_rot_words1(cv x) { return _mm_shuffle_epi32(x, 0x39); }
static inline cv cv_rot_words2(cv x) { return _mm_shuffle_epi32(x, 0x4e); }
static inline cv cv_rot_words3(cv x) { return _mm_shuffle_epi32(x, 0x93); }
/* The four words at p. */
static inline cv cv_broadcast4(const uint32_t *p) { return _mm_loadu_si128((const __m128i *)p); }
/* Interleaves (PUNPCK{L,H}{DQ,QDQ}). */
static inline cv cv_unpacklo32(cv a, cv b) { return _mm_unpacklo_epi32(a, b); }
static inline cv cv_unpackhi32(cv a, cv b) { return _mm_unpackhi_epi32(a, b); }
static inline cv cv_unpacklo64(cv a, cv b) { return _mm_unpacklo_epi64(a, b); }
static inline cv cv_unpackhi64(cv a, cv b) { return _mm_unpackhi_epi64(a, b); }

#include "chacha20_x86_rounds.h"

/* The PSHUFB patterns of cv_rotl16 (bytes 0..15) and cv_rotl8 (16..31) as
 * data, for the four-block rounds, which take them as memory operands
 * (16-byte aligned, as a legacy-SSE memory operand must be). */
#ifndef HWC_MSAN /* MemorySanitizer builds run the intrinsic rounds instead */
static const uint8_t rot_masks[32] __attribute__((aligned(16))) = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
#endif

/* The asm text of two quarter rounds (RFC 8439, 2.1) side by side,
 * (a0, b0, c0, d0) and (a1, b1, c1, d1), each argument the name of an asm
 * operand; xmm14 and xmm15 are the shift pairs' temporaries. Text, not
 * code: pasted four times into the one asm statement of double_round4. */
#define SSE_QR2(a0, b0, c0, d0, a1, b1, c1, d1)                             \
  "paddd %[" b0 "], %[" a0 "]\n\t"                                          \
  "paddd %[" b1 "], %[" a1 "]\n\t"                                          \
  "pxor %[" a0 "], %[" d0 "]\n\t"                                           \
  "pxor %[" a1 "], %[" d1 "]\n\t"                                           \
  "pshufb (%[k]), %[" d0 "]\n\t"                                            \
  "pshufb (%[k]), %[" d1 "]\n\t"                                            \
  "paddd %[" d0 "], %[" c0 "]\n\t"                                          \
  "paddd %[" d1 "], %[" c1 "]\n\t"                                          \
  "pxor %[" c0 "], %[" b0 "]\n\t"                                           \
  "pxor %[" c1 "], %[" b1 "]\n\t"                                           \
  "movdqa %[" b0 "], %%xmm14\n\t"                                           \
  "movdqa %[" b1 "], %%xmm15\n\t"                                           \
  "pslld $12, %[" b0 "]\n\t"                                                \
  "pslld $12, %[" b1 "]\n\t"                                                \
  "psrld $20, %%xmm14\n\t"                                                                             \
  "psrld $20, %%xmm15\n\t"                                                                             \
  "por %%xmm14, %[" b0 "]\n\t"                                              \
  "por %%xmm15, %[" b1 "]\n\t"                                              \
  "paddd %[" b0 "], %[" a0 "]\n\t"                                          \
  "paddd %[" b1 "], %[" a1 "]\n\t"                                          \
  "pxor %[" a0 "], %[" d0 "]\n\t"                                           \
  "pxor %[" a1 "], %[" d1 "]\n\t"                                           \
  "pshufb 16(%[k]), %[" d0 "]\n\t"                                          \
  "pshufb 16(%[k]), %[" d1 "]\n\t"                                          \
  "paddd %[" d0 "], %[" c0 "]\n\t"                                          \
  "paddd %[" d1 "], %[" c1 "]\n\t"                                          \
  "pxor %[" c0 "], %[" b0 "]\n\t"                                           \
  "pxor %[" c1 "], %[" b1 "]\n\t"                                           \
  "movdqa %[" b0 "], %%xmm14\n\t"                                           \
  "movdqa %[" b1 "], %%xmm15\n\t"                                           \
  "pslld $7, %[" b0 "]\n\t"                                                 \
  "pslld $7, %[" b1 "]\n\t"                                                 \
  "psrld $25, %%xmm14\n\t"                                                                             \
  "psrld $25, %%xmm15\n\t"                                                                             \
  "por %%xmm14, %[" b0 "]\n\t"                                              \
  "por %%xmm15, %[" b1 "]\n\t"

/* The ten double rounds (RFC 8439, 2.3) on the vertical layout.
 *
 * Sixteen state vectors and the shift pairs' temporaries do not fit in
 * sixteen xmm registers, so two of the four c words (8..11) live in stack
 * slots: the quarter rounds go in pairs, the pair's two c words in
 * registers p and q, and where the pair changes (twice per double round)
 * the two in use are stored and the other two loaded: columns 0, 1 use
 * words 8, 9, columns 2, 3 and diagonals 0, 1 use 10, 11, diagonals 2, 3
 * use 8, 9 again (OpenSSL's ChaCha20_4x does the same). Fourteen state
 * registers and two temporaries are the whole register file, an
 * allocation GCC does not find: written with intrinsics (chacha_rounds),
 * it spills state vectors inside the loop, loads and stores on the
 * rounds' dependency chains. Hence one asm statement per double round:
 * its operands pin the fourteen to registers, the c slots to memory, and
 * it names its two temporaries. The rotate patterns are memory operands
 * (PSHUFB xmm, m128), which costs no register.
 *
 * MemorySanitizer cannot see into asm (its outputs would come out clean):
 * MSan builds, the constant-time check's, run the same rounds as
 * intrinsics (chacha_rounds), so the secret's taint keeps flowing. The asm
 * itself is additions, XORs, shifts and fixed shuffles on registers and
 * fixed stack slots: no branch, no data-dependent address; the valgrind
 * check runs it as built. */
static inline __attribute__((always_inline)) void rounds4(cv x[16], const cv s[16]) {
#ifdef HWC_MSAN
  for (int i = 0; i < 16; i++) x[i] = s[i];
  chacha_rounds(x);
#else
  /* Read from s, not from x: stores to x before the asm would stay in the
   * code, as the asm's memory clobber counts as a use of them. */
  cv a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3];
  cv b0 = s[4], b1 = s[5], b2 = s[6], b3 = s[7];
  cv d0 = s[12], d1 = s[13], d2 = s[14], d3 = s[15];
  cv p = s[8], q = s[9];
  cv c[4]; /* the c words' slots */
  c[2] = s[10];
  c[3] = s[11];
  for (int r = 0; r < 10; r++)
    __asm__(
        /* Columns 0, 1: (0, 4, 8, 12), (1, 5, 9, 13). */
        SSE_QR2("a0", "b0", "p", "d0", "a1", "b1", "q", "d1")
        "movdqa %[p], (%[c])\n\t"
        "movdqa %[q], 16(%[c])\n\t"
        "movdqa 32(%[c]), %[p]\n\t"
        "movdqa 48(%[c]), %[q]\n\t"
        /* Columns 2, 3: (2, 6, 10, 14), (3, 7, 11, 15). */
        SSE_QR2("a2", "b2", "p", "d2", "a3", "b3", "q", "d3")
        /* Diagonals 0, 1: (0, 5, 10, 15), (1, 6, 11, 12). */
        SSE_QR2("a0", "b1", "p", "d3", "a1", "b2", "q", "d0")
        "movdqa %[p], 32(%[c])\n\t"
        "movdqa %[q], 48(%[c])\n\t"
        "movdqa (%[c]), %[p]\n\t"
        "movdqa 16(%[c]), %[q]\n\t"
        /* Diagonals 2, 3: (2, 7, 8, 13), (3, 4, 9, 14). */
        SSE_QR2("a2", "b3", "p", "d1", "a3", "b0", "q", "d2")
        : [a0] "+x"(a0), [a1] "+x"(a1), [a2] "+x"(a2), [a3] "+x"(a3),
          [b0] "+x"(b0), [b1] "+x"(b1), [b2] "+x"(b2), [b3] "+x"(b3),
          [d0] "+x"(d0), [d1] "+x"(d1), [d2] "+x"(d2), [d3] "+x"(d3),
          [p] "+x"(p), [q] "+x"(q)
        /* The slots and the patterns are addressed through registers (an
         * asm takes at most 30 operands, and the fourteen in-out vectors
         * count twice), hence the memory clobber. */
        : [c] "r"(c), [k] "r"(rot_masks)
        : "xmm14", "xmm15", "memory");
  x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;
  x[4] = b0; x[5] = b1; x[6] = b2; x[7] = b3;
  x[8] = p; x[9] = q; x[10] = c[2]; x[11] = c[3];
  x[12] = d0; x[13] = d1; x[14] = d2; x[15] = d3;
#endif
}

/* n (2 or 3) blocks in the rows layout, side by side: block b (counter
 * st[12] + b) in v[b][0..3], its rows 0..3. One block's rounds are a single
 * dependency chain; written quarter round by quarter round for all blocks,
 * the chains of the blocks overlap. With n a constant after inlining, the
 * loops over b unroll. */
static inline __attribute__((always_inline)) void rows_n(cv v[3][4], size_t n, const uint32_t st[16]) {
  cv a[3], b[3], c[3], d[3];
  for (size_t k = 0; k < n; k++) {
    a[k] = cv_broadcast4(st);
    b[k] = cv_broadcast4(st + 4);
    c[k] = cv_broadcast4(st + 8);
    d[k] = cv_add(cv_broadcast4(st + 12), _mm_setr_epi32((int)k, 0, 0, 0));
  }
  for (int r = 0; r < 10; r++) {
    for (size_t k = 0; k < n; k++) {
      chacha_qr(&a[k], &b[k], &c[k], &d[k]);
      /* Rotate rows 1..3 by 1..3 words: columns become diagonals. */
      b[k] = cv_rot_words1(b[k]);
      c[k] = cv_rot_words2(c[k]);
      d[k] = cv_rot_words3(d[k]);
    }
    for (size_t k = 0; k < n; k++) {
      chacha_qr(&a[k], &b[k], &c[k], &d[k]);
      b[k] = cv_rot_words3(b[k]);
      c[k] = cv_rot_words2(c[k]);
      d[k] = cv_rot_words1(d[k]);
    }
  }
  for (size_t k = 0; k < n; k++) {
    v[k][0] = cv_add(a[k], cv_broadcast4(st));
    v[k][1] = cv_add(b[k], cv_broadcast4(st + 4));
    v[k][2] = cv_add(c[k], cv_broadcast4(st + 8));
    v[k][3] = cv_add(d[k], cv_add(cv_broadcast4(st + 12), _mm_setr_epi32((int)k, 0, 0, 0)));
  }
}

/* out = in XOR k, 16 bytes, unaligned. */
static inline void xor16(uint8_t *out, const uint8_t *in, __m128i k) {
  _mm_storeu_si128((__m128i *)out, _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k));
}

/* Four blocks in the vertical layout; s holds the input state broadcast
 * word by word, lane j of s[12] being the counter of block j. Not inlined
 * into the caller's loop: there GCC kept a second copy of s[] and moved it
 * about on every iteration. */
static __attribute__((noinline)) void blocks4(uint8_t *out, const uint8_t *in, const cv s[16]) {
  cv x[16];
  rounds4(x, s);
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], s[i]);
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
  /* x[4g + k]: words 4g..4g+3 of block k. */
  for (int k = 0; k < 4; k++)
    for (int g = 0; g < 4; g++) xor16(out + 64 * k + 16 * g, in + 64 * k + 16 * g, x[4 * g + k]);
}

/* Two or three blocks (n), interleaved in the rows layout. */
static inline __attribute__((always_inline)) void blocks_rows(uint8_t *out, const uint8_t *in, size_t n,
                                                             uint32_t st[16]) {
  cv v[3][4];
  rows_n(v, n, st);
  for (size_t b = 0; b < n; b++)
    for (int r = 0; r < 4; r++) xor16(out + 64 * b + 16 * r, in + 64 * b + 16 * r, v[b][r]);
  st[12] += (uint32_t)n;
}

/* The table's xor_blocks: fours, then two or three blocks in rows, a lone
 * block scalar. */
static void chacha20_ssse3_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_ssse3);
  if (nblocks >= 4) {
    cv s[16];
    for (int i = 0; i < 16; i++) s[i] = cv_set1(st[i]);
    s[12] = cv_add(s[12], cv_lane_index());
    for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
      blocks4(out, in, s);
      s[12] = cv_add(s[12], cv_set1(4));
      st[12] += 4;
    }
  }
  if (nblocks == 1)
    hwc_chacha20_blocks_scalar(out, in, 1, st);
  else if (nblocks == 2)
    blocks_rows(out, in, 2, st);
  else if (nblocks == 3)
    blocks_rows(out, in, 3, st);
}

const hwc_chacha20_kernel hwc_chacha20_ssse3 = {
    .info = {.name = "ssse3", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(chacha20_ssse3)},
    .xor_blocks = chacha20_ssse3_xor_blocks,
};
