/* SPDX-License-Identifier: ISC */
/*
 * The AVX2 ChaCha20 blocks shared by chacha20_avx2.c (the keystream) and
 * chacha20_poly1305_avx2.c (the stitched AEAD): eight blocks at once,
 * "vertically" (ymm register i holds state word i of eight consecutive
 * blocks, Goll and Gueron 2014), whose rounds can take Poly1305 blocks
 * between them (rounds8), and the two-block horizontal layout for runs
 * shorter than eight. Included only by files built with AVX2.
 *
 * Constant time: additions, XORs, shifts and byte shuffles with fixed
 * patterns only; the stack slots and the shuffle patterns are at fixed
 * addresses; no data-dependent branch or address.
 */
#ifndef HWC_X86_CHACHA20_AVX2_H
#define HWC_X86_CHACHA20_AVX2_H

#include <immintrin.h>
#include <stddef.h>

#include "src/kernels.h"
#include "poly1305_x86_64.h"

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

/* The PSHUFB patterns of cv_rotl16 (bytes 0..31) and cv_rotl8 (32..63) as
 * data, for the 8-block rounds, which take them as memory operands: holding
 * both in registers would cost two of the sixteen. */
#ifndef HWC_MSAN /* MemorySanitizer builds run the intrinsic rounds instead */
static const uint8_t rot_masks[64] __attribute__((aligned(32))) = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
#endif

/* The asm text of two quarter rounds (RFC 8439, 2.1) side by side,
 * (a0, b0, c0, d0) and (a1, b1, c1, d1), each argument a register as the
 * asm text names it (an operand, "%[a0]", or a register, "%%ymm0"), m16
 * and m8 the rotate patterns' memory operands; ymm14 and ymm15 are the
 * shift pairs' temporaries. Text, not code: pasted four times into each
 * rounds asm statement. */
#define AVX2_QR2(a0, b0, c0, d0, a1, b1, c1, d1, m16, m8)                              \
  "vpaddd " b0 ", " a0 ", " a0 "\n\t"                                        \
  "vpaddd " b1 ", " a1 ", " a1 "\n\t"                                        \
  "vpxor " a0 ", " d0 ", " d0 "\n\t"                                         \
  "vpxor " a1 ", " d1 ", " d1 "\n\t"                                         \
  "vpshufb " m16 ", " d0 ", " d0 "\n\t"                                      \
  "vpshufb " m16 ", " d1 ", " d1 "\n\t"                                      \
  "vpaddd " d0 ", " c0 ", " c0 "\n\t"                                        \
  "vpaddd " d1 ", " c1 ", " c1 "\n\t"                                        \
  "vpxor " c0 ", " b0 ", " b0 "\n\t"                                         \
  "vpxor " c1 ", " b1 ", " b1 "\n\t"                                         \
  "vpslld $12, " b0 ", %%ymm14\n\t"                                          \
  "vpslld $12, " b1 ", %%ymm15\n\t"                                          \
  "vpsrld $20, " b0 ", " b0 "\n\t"                                           \
  "vpsrld $20, " b1 ", " b1 "\n\t"                                           \
  "vpor %%ymm14, " b0 ", " b0 "\n\t"                                         \
  "vpor %%ymm15, " b1 ", " b1 "\n\t"                                         \
  "vpaddd " b0 ", " a0 ", " a0 "\n\t"                                        \
  "vpaddd " b1 ", " a1 ", " a1 "\n\t"                                        \
  "vpxor " a0 ", " d0 ", " d0 "\n\t"                                         \
  "vpxor " a1 ", " d1 ", " d1 "\n\t"                                         \
  "vpshufb " m8 ", " d0 ", " d0 "\n\t"                                       \
  "vpshufb " m8 ", " d1 ", " d1 "\n\t"                                       \
  "vpaddd " d0 ", " c0 ", " c0 "\n\t"                                        \
  "vpaddd " d1 ", " c1 ", " c1 "\n\t"                                        \
  "vpxor " c0 ", " b0 ", " b0 "\n\t"                                         \
  "vpxor " c1 ", " b1 ", " b1 "\n\t"                                         \
  "vpslld $7, " b0 ", %%ymm14\n\t"                                           \
  "vpslld $7, " b1 ", %%ymm15\n\t"                                           \
  "vpsrld $25, " b0 ", " b0 "\n\t"                                           \
  "vpsrld $25, " b1 ", " b1 "\n\t"                                           \
  "vpor %%ymm14, " b0 ", " b0 "\n\t"                                         \
  "vpor %%ymm15, " b1 ", " b1 "\n\t"

/* Poly1305 blocks per double round when a step is stitched: 3 x 10 of its
 * 32, the last 2 after the rounds, beside the feed-forward and transpose. */
enum { MAC_PER_ROUND = 3 };

/* The ten double rounds (RFC 8439, 2.3) on the vertical layout, from the
 * input state: word i of every block is st[i], except word 12, ctr. When
 * stitched (the AEAD path; a constant at every call), MAC_PER_ROUND
 * Poly1305 blocks at *mac_in follow each double round, *mac_in advancing
 * past them; otherwise the rounds alone.
 *
 * Sixteen state vectors and the shift pairs' temporaries do not fit in
 * sixteen ymm registers, so two of the four c words (8..11) live in stack
 * slots: the quarter rounds go in pairs, the pair's two c words in
 * registers p and q, and where the pair changes (twice per double round)
 * the two in use are stored and the other two loaded: columns 0, 1 use
 * words 8, 9, columns 2, 3 and diagonals 0, 1 use 10, 11, diagonals 2, 3
 * use 8, 9 again (as OpenSSL's ChaCha20_8x). Fourteen state registers and
 * two temporaries are the whole register file, an allocation GCC does not
 * find: with intrinsics, and even with the c words in volatile slots, it
 * spills state vectors inside the rounds, loads and stores on their
 * dependency chains. Hence one asm statement per double round: its
 * operands pin the fourteen to registers, and it names its two
 * temporaries. The rotate patterns are memory operands (VPSHUFB ymm, ymm,
 * m256), which costs no register.
 *
 * MemorySanitizer cannot see into asm (its outputs would come out clean):
 * MSan builds, the constant-time check's, run the same rounds as
 * intrinsics (chacha_rounds), so the secret's taint keeps flowing. The asm
 * itself is additions, XORs, shifts and fixed shuffles on registers and
 * fixed stack slots: no branch, no data-dependent address; the valgrind
 * check runs it as built. */
static inline __attribute__((always_inline)) void rounds8(cv x[16], const uint32_t st[16], cv ctr, poly1305_regs *m,
                                                         const uint8_t **mac_in, int stitched) {
#ifdef HWC_MSAN
  for (int i = 0; i < 16; i++) x[i] = cv_set1(st[i]);
  x[12] = ctr;
  chacha_rounds(x);
  if (stitched) {
    poly1305_regs_blocks(m, *mac_in, 10 * MAC_PER_ROUND);
    *mac_in += 16 * 10 * MAC_PER_ROUND;
  }
#else
  cv a0 = cv_set1(st[0]), a1 = cv_set1(st[1]), a2 = cv_set1(st[2]), a3 = cv_set1(st[3]);
  cv b0 = cv_set1(st[4]), b1 = cv_set1(st[5]), b2 = cv_set1(st[6]), b3 = cv_set1(st[7]);
  cv d0 = ctr, d1 = cv_set1(st[13]), d2 = cv_set1(st[14]), d3 = cv_set1(st[15]);
  cv p = cv_set1(st[8]), q = cv_set1(st[9]);
  cv c[4]; /* the c words' slots */
  c[2] = cv_set1(st[10]);
  c[3] = cv_set1(st[11]);
  for (int r = 0; r < 10; r++) {
    __asm__(
        /* Columns 0, 1: (0, 4, 8, 12), (1, 5, 9, 13). */
        AVX2_QR2("%[a0]", "%[b0]", "%[p]", "%[d0]", "%[a1]", "%[b1]", "%[q]", "%[d1]", "(%[k])", "32(%[k])")
        "vmovdqa %[p], (%[c])\n\t"
        "vmovdqa %[q], 32(%[c])\n\t"
        "vmovdqa 64(%[c]), %[p]\n\t"
        "vmovdqa 96(%[c]), %[q]\n\t"
        /* Columns 2, 3: (2, 6, 10, 14), (3, 7, 11, 15). */
        AVX2_QR2("%[a2]", "%[b2]", "%[p]", "%[d2]", "%[a3]", "%[b3]", "%[q]", "%[d3]", "(%[k])", "32(%[k])")
        /* Diagonals 0, 1: (0, 5, 10, 15), (1, 6, 11, 12). */
        AVX2_QR2("%[a0]", "%[b1]", "%[p]", "%[d3]", "%[a1]", "%[b2]", "%[q]", "%[d0]", "(%[k])", "32(%[k])")
        "vmovdqa %[p], 64(%[c])\n\t"
        "vmovdqa %[q], 96(%[c])\n\t"
        "vmovdqa (%[c]), %[p]\n\t"
        "vmovdqa 32(%[c]), %[q]\n\t"
        /* Diagonals 2, 3: (2, 7, 8, 13), (3, 4, 9, 14). */
        AVX2_QR2("%[a2]", "%[b3]", "%[p]", "%[d1]", "%[a3]", "%[b0]", "%[q]", "%[d2]", "(%[k])", "32(%[k])")
        : [a0] "+x"(a0), [a1] "+x"(a1), [a2] "+x"(a2), [a3] "+x"(a3),
          [b0] "+x"(b0), [b1] "+x"(b1), [b2] "+x"(b2), [b3] "+x"(b3),
          [d0] "+x"(d0), [d1] "+x"(d1), [d2] "+x"(d2), [d3] "+x"(d3),
          [p] "+x"(p), [q] "+x"(q)
        /* The slots and the patterns are addressed through registers (an
         * asm takes at most 30 operands, and the fourteen in-out vectors
         * count twice), hence the memory clobber. */
        : [c] "r"(c), [k] "r"(rot_masks)
        : "xmm14", "xmm15", "memory");
    if (stitched) {
      poly1305_regs_blocks(m, *mac_in, MAC_PER_ROUND);
      *mac_in += 16 * MAC_PER_ROUND;
    }
  }
  x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;
  x[4] = b0; x[5] = b1; x[6] = b2; x[7] = b3;
  x[8] = p; x[9] = q; x[10] = c[2]; x[11] = c[3];
  x[12] = d0; x[13] = d1; x[14] = d2; x[15] = d3;
#endif
}

/* The keystream of the vertical layout out: x, after the feed-forward,
 * transposed into block order and XORed with the first n (1..8) blocks of
 * input (n is a constant 8 at the full steps). */
static inline __attribute__((always_inline)) void vertical_out8(uint8_t *out, const uint8_t *in, cv x[16], size_t n) {
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
  /* x[4g + k] lane L: words 4g..4g+3 of block 4L + k. */
  for (size_t k = 0; k < 4; k++) {
    if (k < n) {
      xor32(out + 64 * k, in + 64 * k, _mm256_permute2x128_si256(x[k], x[4 + k], 0x20));
      xor32(out + 64 * k + 32, in + 64 * k + 32, _mm256_permute2x128_si256(x[8 + k], x[12 + k], 0x20));
    }
    if (4 + k < n) {
      xor32(out + 64 * (4 + k), in + 64 * (4 + k), _mm256_permute2x128_si256(x[k], x[4 + k], 0x31));
      xor32(out + 64 * (4 + k) + 32, in + 64 * (4 + k) + 32, _mm256_permute2x128_si256(x[8 + k], x[12 + k], 0x31));
    }
  }
}

/* Eight blocks in the vertical layout; when stitched (a constant at every
 * call), with the 32 Poly1305 blocks at mac_in (rounds8). */
static inline __attribute__((always_inline)) void blocks8_body(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16],
                                                              poly1305_regs *m, const uint8_t *mac_in, int stitched) {
  __m256i x[16];
  const __m256i ctr = cv_add(cv_set1(st[12]), cv_lane_index());
  rounds8(x, st, ctr, m, &mac_in, stitched);
  /* Before the stores below: opening in place MACs the bytes they
   * overwrite. */
  if (stitched) poly1305_regs_blocks(m, mac_in, 32 - 10 * MAC_PER_ROUND);
  /* Feed-forward: the input words are re-broadcast from st rather than
   * kept live across the rounds. */
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], i == 12 ? ctr : cv_set1(st[i]));
  vertical_out8(out, in, x, n);
  st[12] += (uint32_t)n;
}

/* Eight blocks, the plain keystream step. */
static __attribute__((unused)) void blocks8(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  blocks8_body(out, in, 8, st, NULL, NULL, 0);
}

/* The first n (2..7) of eight blocks: as long as eight, which is what a
 * pair of blocks takes in the two-block layout (one dependent chain). */
static __attribute__((unused)) void blocks8_part(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16]) {
  blocks8_body(out, in, n, st, NULL, NULL, 0);
}

/* One or two blocks: lane 0 is block n, lane 1 block n + 1. */
static inline __attribute__((always_inline)) void blocks2(uint8_t *out, const uint8_t *in, size_t n, uint32_t st[16]) {
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

/* The 0..7 blocks after the eights: one block in the two-block layout,
 * more as a part of eight (pairs in the two-block layout took a pair's
 * time each, three times an eight's for seven blocks). */
static inline __attribute__((always_inline)) void blocks_short(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                              uint32_t st[16]) {
  if (nblocks > 1)
    blocks8_part(out, in, nblocks, st);
  else if (nblocks)
    blocks2(out, in, 1, st);
}

#endif
