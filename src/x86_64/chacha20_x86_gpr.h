/* SPDX-License-Identifier: ISC */
/*
 * One ChaCha20 block's rounds (RFC 8439, 2.3) on the general registers, as
 * asm text for the x86 vector kernels that run a block there beside their
 * vector blocks in one asm statement (chacha20_ssse3.c, chacha20_avx2.c).
 * On cores whose vector operations take two cycles, the vertical rounds'
 * four dependent chains leave vector units idle; the scalar block is
 * independent work for the integer units, and its quarter rounds go
 * between the vector ones in the text so that both sit in the
 * out-of-order window together (OpenSSL's ChaCha20_neon runs a scalar
 * block beside its NEON ones for the same reason).
 *
 * The includer's asm names its frame operand [f], in rsi, and lists every
 * other general register but rsp and rbp as clobbered (rdi may be an
 * in-out operand that the text overwrites once its value is used). The
 * frame starts with a chacha_gpr_block at offset 0 (its offsets are written
 * into the text below). Registers: a0..a3 in eax, ebx, ecx, edx, b0..b3 in
 * r8d..r11d, d0..d3 in r12d..r15d; thirteen registers hold twelve words and
 * the frame's address, so the c words stay in w[8..11] and pass through
 * edi one quarter round at a time (a load before the quarter round's first
 * use of c, three instructions in, and a store at its end).
 *
 * Constant time: ADD, XOR and ROL by constants on registers, loads and
 * stores at fixed offsets.
 */
#ifndef HWC_CHACHA20_X86_GPR_H
#define HWC_CHACHA20_X86_GPR_H

#include <stdint.h>

/* The scalar block's part of a frame: its state in and out, and the
 * double-round count of an asm loop that has no register left for it. */
typedef struct {
  uint32_t w[16]; /* offset 0 */
  uint32_t count; /* offset 64 */
} chacha_gpr_block;

/* One quarter round on a, b, d (register names) and the c word at byte
 * offset c of the frame. ROL is the rotate the vector side lacks: one
 * instruction each. */
#define GPR_QR(a, b, c, d)                                                  \
  "addl %%" b ", %%" a "\n\t"                                               \
  "xorl %%" a ", %%" d "\n\t"                                               \
  "roll $16, %%" d "\n\t"                                                   \
  "movl " c "(%[f]), %%edi\n\t"                                             \
  "addl %%" d ", %%edi\n\t"                                                 \
  "xorl %%edi, %%" b "\n\t"                                                 \
  "roll $12, %%" b "\n\t"                                                   \
  "addl %%" b ", %%" a "\n\t"                                               \
  "xorl %%" a ", %%" d "\n\t"                                               \
  "roll $8, %%" d "\n\t"                                                    \
  "addl %%" d ", %%edi\n\t"                                                 \
  "xorl %%edi, %%" b "\n\t"                                                 \
  "roll $7, %%" b "\n\t"                                                    \
  "movl %%edi, " c "(%[f])\n\t"

/* w[0..7] and w[12..15] to their registers, and back. */
#define GPR_LOAD                                                            \
  "movl 0(%[f]), %%eax\n\t" "movl 4(%[f]), %%ebx\n\t"                       \
  "movl 8(%[f]), %%ecx\n\t" "movl 12(%[f]), %%edx\n\t"                      \
  "movl 16(%[f]), %%r8d\n\t" "movl 20(%[f]), %%r9d\n\t"                     \
  "movl 24(%[f]), %%r10d\n\t" "movl 28(%[f]), %%r11d\n\t"                   \
  "movl 48(%[f]), %%r12d\n\t" "movl 52(%[f]), %%r13d\n\t"                   \
  "movl 56(%[f]), %%r14d\n\t" "movl 60(%[f]), %%r15d\n\t"
#define GPR_STORE                                                           \
  "movl %%eax, 0(%[f])\n\t" "movl %%ebx, 4(%[f])\n\t"                       \
  "movl %%ecx, 8(%[f])\n\t" "movl %%edx, 12(%[f])\n\t"                      \
  "movl %%r8d, 16(%[f])\n\t" "movl %%r9d, 20(%[f])\n\t"                     \
  "movl %%r10d, 24(%[f])\n\t" "movl %%r11d, 28(%[f])\n\t"                   \
  "movl %%r12d, 48(%[f])\n\t" "movl %%r13d, 52(%[f])\n\t"                   \
  "movl %%r14d, 56(%[f])\n\t" "movl %%r15d, 60(%[f])\n\t"

/* The quarter rounds in pairs: columns 0, 1 and 2, 3, diagonals 0, 1 and
 * 2, 3 (c words 8..11 at offsets 32..44). */
#define GPR_COLS01 GPR_QR("eax", "r8d", "32", "r12d") GPR_QR("ebx", "r9d", "36", "r13d")
#define GPR_COLS23 GPR_QR("ecx", "r10d", "40", "r14d") GPR_QR("edx", "r11d", "44", "r15d")
#define GPR_DIAG01 GPR_QR("eax", "r9d", "40", "r15d") GPR_QR("ebx", "r10d", "44", "r12d")
#define GPR_DIAG23 GPR_QR("ecx", "r11d", "32", "r13d") GPR_QR("edx", "r8d", "36", "r14d")

/* The frame's count as an asm loop counter. */
#define GPR_COUNT "64(%[f])"

/* Out: 64 bytes of keystream, the block's words after the rounds (f->w)
 * plus its input words (w0), XORed with in; through SSE2, part of
 * x86-64. */
#include <emmintrin.h>
static inline __attribute__((always_inline)) void chacha_gpr_out(uint8_t *out, const uint8_t *in,
                                                                const chacha_gpr_block *g, const uint32_t w0[16]) {
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_add_epi32(_mm_loadu_si128((const __m128i *)(g->w + 4 * k)),
                              _mm_loadu_si128((const __m128i *)(w0 + 4 * k)));
    _mm_storeu_si128((__m128i *)(out + 16 * k),
                     _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * k)), v));
  }
}

#endif
