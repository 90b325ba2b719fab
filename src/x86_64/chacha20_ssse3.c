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
 * single chain of vector operations. Two tuning records: the default runs
 * fours; `gpr` runs fives, the fifth block's rounds on the general
 * registers (ROL, ADD, XOR) in the same asm statement as the four vector
 * ones, for cores whose vector operations have two-cycle latency, where
 * the vertical rounds (four dependent chains) leave vector units idle and
 * the integer units have nothing else to do (OpenSSL's ChaCha20_neon runs
 * a scalar block beside its NEON ones the same way). The quarter round of
 * the rows layout, the in-lane transpose and the rounds of MSan builds are
 * chacha20_x86_rounds.h, shared with the AVX2 and AVX-512 kernels, and the
 * scalar block's asm text chacha20_x86_gpr.h, shared with AVX2's avx2-gpr;
 * this file holds the SSE rotates, the vector asm rounds (rounds4,
 * rounds5: every register named, two of the four c words in memory) and
 * the rows layout for two or three blocks.
 *
 * ISA: SSSE3 (PSHUFB for the rotates by 16 and 8) over SSE2. Reached only
 * when the dispatcher has seen SSSE3. Constant time: additions, XORs,
 * shifts, rotates and byte shuffles with fixed patterns; the frame and the
 * patterns are at fixed addresses; which path runs depends on the public
 * block count alone.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/msan.h"
#include "chacha20_x86_gpr.h"
#include <stddef.h>

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

/* The PSHUFB patterns of cv_rotl16 and cv_rotl8 as data, for the asm
 * rounds, which take them as memory operands (16-byte aligned, as a
 * legacy-SSE memory operand must be). */
#ifndef HWC_MSAN /* MemorySanitizer builds run the intrinsic rounds instead */
static const uint8_t rot16_mask[16] __attribute__((aligned(16))) = {2,  3,  0,  1,  6,  7,  4,  5,
                                                                    10, 11, 8,  9,  14, 15, 12, 13};
static const uint8_t rot8_mask[16] __attribute__((aligned(16))) = {3,  0,  1,  2,  7,  4,  5,  6,
                                                                   11, 8,  9,  10, 15, 12, 13, 14};
#endif

/* What the asm rounds work on, at fixed offsets from one base register:
 * g, the scalar block of the 4 + 1 rounds and their count
 * (chacha20_x86_gpr.h), then x, the sixteen state vectors of the vertical
 * layout after the rounds (x[10] and x[11] double as the c words' slots,
 * see below). The offsets are written into the asm text: keep them in
 * step. */
typedef struct {
  chacha_gpr_block g;   /* offset 0 */
  _Alignas(64) cv x[16]; /* offset 128, 16 bytes each */
} round_frame;
_Static_assert(offsetof(round_frame, x) == 128, "the asm text's offsets");

/* The asm text of two vertical quarter rounds (RFC 8439, 2.1) side by
 * side, (a0, b0, c0, d0) and (a1, b1, c1, d1), each argument an xmm
 * register's name; xmm14 and xmm15 are the shift pairs' temporaries, the
 * rotate patterns the operands r16 and r8. */
#define SSE_QR2(a0, b0, c0, d0, a1, b1, c1, d1)                             \
  "paddd %%" b0 ", %%" a0 "\n\t"                                             \
  "paddd %%" b1 ", %%" a1 "\n\t"                                             \
  "pxor %%" a0 ", %%" d0 "\n\t"                                              \
  "pxor %%" a1 ", %%" d1 "\n\t"                                              \
  "pshufb %[r16], %%" d0 "\n\t"                                              \
  "pshufb %[r16], %%" d1 "\n\t"                                              \
  "paddd %%" d0 ", %%" c0 "\n\t"                                             \
  "paddd %%" d1 ", %%" c1 "\n\t"                                             \
  "pxor %%" c0 ", %%" b0 "\n\t"                                              \
  "pxor %%" c1 ", %%" b1 "\n\t"                                              \
  "movdqa %%" b0 ", %%xmm14\n\t"                                             \
  "movdqa %%" b1 ", %%xmm15\n\t"                                             \
  "pslld $12, %%" b0 "\n\t"                                                  \
  "pslld $12, %%" b1 "\n\t"                                                  \
  "psrld $20, %%xmm14\n\t"                                                   \
  "psrld $20, %%xmm15\n\t"                                                   \
  "por %%xmm14, %%" b0 "\n\t"                                                \
  "por %%xmm15, %%" b1 "\n\t"                                                \
  "paddd %%" b0 ", %%" a0 "\n\t"                                             \
  "paddd %%" b1 ", %%" a1 "\n\t"                                             \
  "pxor %%" a0 ", %%" d0 "\n\t"                                              \
  "pxor %%" a1 ", %%" d1 "\n\t"                                              \
  "pshufb %[r8], %%" d0 "\n\t"                                               \
  "pshufb %[r8], %%" d1 "\n\t"                                               \
  "paddd %%" d0 ", %%" c0 "\n\t"                                             \
  "paddd %%" d1 ", %%" c1 "\n\t"                                             \
  "pxor %%" c0 ", %%" b0 "\n\t"                                              \
  "pxor %%" c1 ", %%" b1 "\n\t"                                              \
  "movdqa %%" b0 ", %%xmm14\n\t"                                             \
  "movdqa %%" b1 ", %%xmm15\n\t"                                             \
  "pslld $7, %%" b0 "\n\t"                                                   \
  "pslld $7, %%" b1 "\n\t"                                                   \
  "psrld $25, %%xmm14\n\t"                                                   \
  "psrld $25, %%xmm15\n\t"                                                   \
  "por %%xmm14, %%" b0 "\n\t"                                                \
  "por %%xmm15, %%" b1 "\n\t"

/* The vertical layout in registers (V_LOAD: from the input state s, its
 * c words 10 and 11 into the frame's slots): a0..a3 in xmm0..3, b0..b3 in xmm4..7,
 * d0..d3 in xmm10..13, and two of the four c words in xmm8 and xmm9.
 * Sixteen state vectors and the shift pairs' two temporaries do not fit
 * in sixteen registers, so two c words live in the frame: the quarter
 * rounds go in pairs, the pair's c words in xmm8, xmm9, and where the pair
 * changes (twice per double round) the two in use are stored and the
 * other two loaded: columns 0, 1 use words 8, 9, columns 2, 3 and
 * diagonals 0, 1 words 10, 11, diagonals 2, 3 words 8, 9 again (OpenSSL's
 * ChaCha20_4x does the same). Every register is named in the text rather
 * than left to the compiler: fourteen state registers and two temporaries
 * are the whole register file, an allocation GCC does not find (written
 * with intrinsics, chacha_rounds spills state vectors inside the loop, on
 * the rounds' dependency chains). The rotate patterns are memory operands
 * (PSHUFB xmm, m128), which costs no register.
 *
 * MemorySanitizer cannot see into asm (its outputs would come out clean):
 * MSan builds, the constant-time check's, run the same rounds as
 * intrinsics (chacha_rounds, chacha_rounds_and_scalar), so the secret's
 * taint keeps flowing. The asm itself is additions, XORs, shifts, rotates
 * and fixed shuffles on registers and fixed frame offsets: no branch on
 * data, no data-dependent address; the valgrind check runs it as built. */
#define V_LOAD                                                              \
  "movdqa 0(%[s]), %%xmm0\n\t" "movdqa 16(%[s]), %%xmm1\n\t"                 \
  "movdqa 32(%[s]), %%xmm2\n\t" "movdqa 48(%[s]), %%xmm3\n\t"                \
  "movdqa 64(%[s]), %%xmm4\n\t" "movdqa 80(%[s]), %%xmm5\n\t"                \
  "movdqa 96(%[s]), %%xmm6\n\t" "movdqa 112(%[s]), %%xmm7\n\t"               \
  "movdqa 160(%[s]), %%xmm8\n\t" "movdqa 176(%[s]), %%xmm9\n\t"              \
  "movdqa %%xmm8, 288(%[f])\n\t" "movdqa %%xmm9, 304(%[f])\n\t"              \
  "movdqa 128(%[s]), %%xmm8\n\t" "movdqa 144(%[s]), %%xmm9\n\t"              \
  "movdqa 192(%[s]), %%xmm10\n\t" "movdqa 208(%[s]), %%xmm11\n\t"            \
  "movdqa 224(%[s]), %%xmm12\n\t" "movdqa 240(%[s]), %%xmm13\n\t"
#define V_STORE                                                             \
  "movdqa %%xmm0, 128(%[f])\n\t" "movdqa %%xmm1, 144(%[f])\n\t"              \
  "movdqa %%xmm2, 160(%[f])\n\t" "movdqa %%xmm3, 176(%[f])\n\t"              \
  "movdqa %%xmm4, 192(%[f])\n\t" "movdqa %%xmm5, 208(%[f])\n\t"              \
  "movdqa %%xmm6, 224(%[f])\n\t" "movdqa %%xmm7, 240(%[f])\n\t"              \
  "movdqa %%xmm8, 256(%[f])\n\t" "movdqa %%xmm9, 272(%[f])\n\t"              \
  "movdqa %%xmm10, 320(%[f])\n\t" "movdqa %%xmm11, 336(%[f])\n\t"            \
  "movdqa %%xmm12, 352(%[f])\n\t" "movdqa %%xmm13, 368(%[f])\n\t"
/* Columns 0, 1: (0, 4, 8, 12), (1, 5, 9, 13); then words 8, 9 out, 10, 11 in. */
#define V_COLS01 SSE_QR2("xmm0", "xmm4", "xmm8", "xmm10", "xmm1", "xmm5", "xmm9", "xmm11")
#define V_TO_10_11                                                          \
  "movdqa %%xmm8, 256(%[f])\n\t" "movdqa %%xmm9, 272(%[f])\n\t"              \
  "movdqa 288(%[f]), %%xmm8\n\t" "movdqa 304(%[f]), %%xmm9\n\t"
/* Columns 2, 3: (2, 6, 10, 14), (3, 7, 11, 15). */
#define V_COLS23 SSE_QR2("xmm2", "xmm6", "xmm8", "xmm12", "xmm3", "xmm7", "xmm9", "xmm13")
/* Diagonals 0, 1: (0, 5, 10, 15), (1, 6, 11, 12); then 10, 11 out, 8, 9 in. */
#define V_DIAG01 SSE_QR2("xmm0", "xmm5", "xmm8", "xmm13", "xmm1", "xmm6", "xmm9", "xmm10")
#define V_TO_8_9                                                            \
  "movdqa %%xmm8, 288(%[f])\n\t" "movdqa %%xmm9, 304(%[f])\n\t"              \
  "movdqa 256(%[f]), %%xmm8\n\t" "movdqa 272(%[f]), %%xmm9\n\t"
/* Diagonals 2, 3: (2, 7, 8, 13), (3, 4, 9, 14). */
#define V_DIAG23 SSE_QR2("xmm2", "xmm7", "xmm8", "xmm11", "xmm3", "xmm4", "xmm9", "xmm12")

/* The loop over the ten double rounds, the count in `ctr`: a register
 * where one is free, the frame's count in the 4 + 1 rounds (which take
 * every general register). */
#define ROUNDS_BEGIN(ctr) "movl $10, " ctr "\n\t" ".p2align 4\n\t" "1:\n\t"
#define ROUNDS_END(ctr) "decl " ctr "\n\t" "jnz 1b\n\t"

/* Four blocks: f->x = the ten double rounds of s. */
static inline __attribute__((always_inline)) void rounds4(round_frame *f, const cv s[16]) {
#ifdef HWC_MSAN
  for (int i = 0; i < 16; i++) f->x[i] = s[i];
  chacha_rounds(f->x);
#else
  __asm__ volatile(V_LOAD ROUNDS_BEGIN("%%eax") V_COLS01 V_TO_10_11 V_COLS23 V_DIAG01 V_TO_8_9 V_DIAG23
                   ROUNDS_END("%%eax") V_STORE
                   :
                   : [f] "r"(f), [s] "r"(s), [r16] "m"(*(const uint8_t(*)[16])rot16_mask),
                     [r8] "m"(*(const uint8_t(*)[16])rot8_mask)
                   : "rax", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                     "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "cc", "memory");
#endif
}

/* Four blocks on the vector units and a fifth on the general registers,
 * one instruction stream: the vertical rounds are a chain of dependent
 * vector operations four quarter rounds wide, which on cores with
 * two-cycle vector latency leaves vector units idle, and the scalar block
 * is independent work for the integer units. Its quarter rounds sit
 * between the vector pairs in the text, so that both are in the
 * out-of-order window together (OpenSSL's ChaCha20_neon runs a scalar
 * block beside its NEON ones for the same reason). */
static inline __attribute__((always_inline)) void rounds5(round_frame *f, const cv s[16]) {
#ifdef HWC_MSAN
  chacha_rounds_and_scalar(f->x, s, f->g.w);
#else
  const cv *sp = s;
  __asm__ volatile(V_LOAD GPR_LOAD ROUNDS_BEGIN(GPR_COUNT)
                   V_COLS01 GPR_COLS01 V_TO_10_11 V_COLS23 GPR_COLS23
                   V_DIAG01 GPR_DIAG01 V_TO_8_9 V_DIAG23 GPR_DIAG23
                   ROUNDS_END(GPR_COUNT) V_STORE GPR_STORE
                   : [s] "+D"(sp) /* edi is the scalar c word once the state is loaded */
                   : [f] "S"(f), [r16] "m"(*(const uint8_t(*)[16])rot16_mask),
                     [r8] "m"(*(const uint8_t(*)[16])rot8_mask)
                   : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
                     "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                     "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "cc", "memory");
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

/* The keystream of the vertical layout out: x (after the rounds) plus s,
 * transposed into block order, XORed with 256 bytes of input. */
static inline __attribute__((always_inline)) void vertical_out(uint8_t *out, const uint8_t *in, cv x[16],
                                                              const cv s[16]) {
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], s[i]);
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
  /* x[4g + k]: words 4g..4g+3 of block k. */
  for (int k = 0; k < 4; k++)
    for (int g = 0; g < 4; g++) xor16(out + 64 * k + 16 * g, in + 64 * k + 16 * g, x[4 * g + k]);
}

/* Four blocks in the vertical layout; s holds the input state broadcast
 * word by word, lane j of s[12] being the counter of block j. Not inlined
 * into the caller's loop: there GCC kept a second copy of s[] and moved it
 * about on every iteration. */
static __attribute__((noinline)) void blocks4(uint8_t *out, const uint8_t *in, const cv s[16]) {
  round_frame f;
  rounds4(&f, s);
  vertical_out(out, in, f.x, s);
}

/* Five blocks: four as in blocks4 and the fifth (counter st[12] + 4, st
 * being the state of the first) on the general registers. */
static __attribute__((noinline)) void blocks5(uint8_t *out, const uint8_t *in, const cv s[16],
                                              const uint32_t st[16]) {
  round_frame f;
  uint32_t w0[16];
  for (int i = 0; i < 16; i++) w0[i] = f.g.w[i] = st[i];
  w0[12] = f.g.w[12] = st[12] + 4;
  rounds5(&f, s);
  vertical_out(out, in, f.x, s);
  chacha_gpr_out(out + 256, in + 256, &f.g, w0);
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

/* Fewer than four blocks: two or three in rows, a lone block scalar. */
static inline __attribute__((always_inline)) void tail_blocks(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                             uint32_t st[16]) {
  if (nblocks == 1)
    hwc_chacha20_blocks_scalar(out, in, 1, st);
  else if (nblocks == 2)
    blocks_rows(out, in, 2, st);
  else if (nblocks == 3)
    blocks_rows(out, in, 3, st);
}

/* s for the vertical layout: st broadcast word by word, lane j of s[12]
 * the counter of block j. */
static inline __attribute__((always_inline)) void vertical_state(cv s[16], const uint32_t st[16]) {
  for (int i = 0; i < 16; i++) s[i] = cv_set1(st[i]);
  s[12] = cv_add(s[12], cv_lane_index());
}

/* The default schedule: fours on the vector units, then the tail. */
static inline __attribute__((always_inline)) void xor_fours(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                           uint32_t st[16]) {
  if (nblocks >= 4) {
    cv s[16];
    vertical_state(s, st);
    for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
      blocks4(out, in, s);
      s[12] = cv_add(s[12], cv_set1(4));
      st[12] += 4;
    }
  }
  tail_blocks(out, in, nblocks, st);
}

/* The `gpr` schedule: fives (four vector blocks and one on the general
 * registers), then a four or the tail. */
static inline __attribute__((always_inline)) void xor_fives(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                           uint32_t st[16]) {
  if (nblocks >= 4) {
    cv s[16];
    vertical_state(s, st);
    for (; nblocks >= 5; nblocks -= 5, in += 320, out += 320) {
      blocks5(out, in, s, st);
      s[12] = cv_add(s[12], cv_set1(5));
      st[12] += 5;
    }
    if (nblocks == 4) {
      blocks4(out, in, s);
      st[12] += 4;
      return;
    }
  }
  tail_blocks(out, in, nblocks, st);
}

/* Tuning records: whether a fifth block runs on the general registers.
 * `gpr` pays where the vector rounds wait on latency (two-cycle vector
 * operations) and loses where the front end or the vector ports are
 * already full, as on the older cores that run SSSE3 natively; a rule
 * selects it where measured (dispatch/uarch.c). */
typedef struct {
  hwc_tuning t;
  int gpr_block;
} ssse3_tuning;
static const ssse3_tuning vector_only = {{"vector"}, 0};
static const ssse3_tuning gpr = {{"gpr"}, 1};
static const hwc_tuning *const tunings[] = {&vector_only.t, &gpr.t};
static const hwc_tuning *tuning = &vector_only.t;

/* The table function: the schedule of the record in force. */
static void chacha20_ssse3_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_ssse3);
  if (((const ssse3_tuning *)hwc_tuning_get(&tuning))->gpr_block)
    xor_fives(out, in, nblocks, st);
  else
    xor_fours(out, in, nblocks, st);
}

const hwc_chacha20_kernel hwc_chacha20_ssse3 = {
    .info = {.name = "ssse3", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR,
             .tunings = tunings, .ntunings = 2, .tuning = &tuning, HWC_CALLS(chacha20_ssse3)},
    .xor_blocks = chacha20_ssse3_xor_blocks,
};
