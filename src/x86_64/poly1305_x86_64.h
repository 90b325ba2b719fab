/* SPDX-License-Identifier: ISC */
/*
 * Poly1305's one-block loop in x86-64 assembly: h = (h + m) * r mod
 * 2^130 - 5 for one 16-byte block at a time, in the shared radix-2^64 form
 * (RFC 8439 section 2.5). The arithmetic is that of
 * src/common/poly1305_scalar.c (A. Polyakov's base 2^64 method, as in
 * OpenSSL's poly1305-x86_64): r = r0 + 2^64 r1 with r1 a multiple of 4 after
 * clamping, so the 2^128 terms of h1 r1 fold back as h1 * 5 r1 / 4 = h1 s1.
 *
 * Why asm: the loop is one long dependency chain through h, and most of it
 * is carries. Written in C, GCC 12 turns them into SETC/MOVZX pairs and
 * sends a 128-bit partial sum through the stack, all on that chain, where
 * ADD/ADC on the flags cost one cycle each; _addcarry_u64 did not recover
 * it either. MUL (not MULX) keeps the loop at the x86-64 baseline: it is
 * the no-AVX tier's Poly1305 (poly1305_x86_64.c) and the short-input and
 * leftover path of the vector kernels.
 *
 * Bounds (the state's contract: h < 8 * 2^128, i.e. h2 <= 7; r0, r1 < 2^60
 * after clamping, s1 = r1 + r1 / 4 < 2^61):
 *   h + m + hibit * 2^128: h2 <= 7 + 1 + 1 = 9;
 *   h2 * s1 < 9 * 2^61 and h2 * r0 < 9 * 2^60 fit in 64 bits;
 *   the 2^128 column d3 = hi(h0 r1) + hi(h1 r0) + h2 r0 + carries
 *     < 2^60 + 2^60 + 9 * 2^60 + 3 < 12 * 2^60, so no carry leaves it;
 *   the fold c = 5 * (d3 >> 2) = (d3 & ~3) + (d3 >> 2) < 15 * 2^60 < 2^64;
 *   h = (h0, h1, d3 & 3) + c leaves h2 <= 3 + 1 = 4.
 *
 * Constant time: MUL, IMUL, ADD/ADC, AND and SHR only, on every block; the
 * branches depend on nblocks alone.
 *
 * MemorySanitizer cannot see into asm (src/common/msan.h): the loop records
 * whether h, r or the message is secret, runs on clean copies and gives
 * the resulting h that taint (every limb of h depends on every input).
 */
#ifndef HWC_POLY1305_X86_64_H
#define HWC_POLY1305_X86_64_H

#include "src/kernels.h"
#include "src/common/msan.h"

/* h = (h + m + hibit * 2^128) * r, partially reduced, for the one block
 * at in: the loop body, on its own so that a stitched kernel (the AEAD path
 * of chacha20_avx2.c) can place blocks between its vector rounds. h0..h2
 * in and out, r0, r1, s1 = r1 + r1 / 4 as above. MemorySanitizer: the
 * caller hands in clean operands and sets the taint (as below). */
static inline __attribute__((always_inline)) void poly1305_block_x86_64(uint64_t *h0p, uint64_t *h1p,
                                                                       uint64_t *h2p, const uint8_t *in,
                                                                       uint64_t r0, uint64_t r1,
                                                                       uint64_t s1, uint64_t hibit) {
  uint64_t h0 = *h0p, h1 = *h1p, h2 = *h2p, d1, d2, d3;
  __asm__(
      /* h += m + hibit * 2^128 */
      "addq 0(%[in]), %[h0]\n\t"
      "adcq 8(%[in]), %[h1]\n\t"
      "adcq %[hb], %[h2]\n\t"
      /* (d3:d2) = h0 r1 + h1 r0; (d1:h0) = h0 r0 + h1 s1 */
      "movq %[r1], %%rax\n\t"
      "mulq %[h0]\n\t"
      "movq %%rax, %[d2]\n\t"
      "movq %[r0], %%rax\n\t"
      "movq %%rdx, %[d3]\n\t"
      "mulq %[h0]\n\t"
      "movq %%rax, %[h0]\n\t"
      "movq %[r0], %%rax\n\t"
      "movq %%rdx, %[d1]\n\t"
      "mulq %[h1]\n\t"
      "addq %%rax, %[d2]\n\t"
      "movq %[s1], %%rax\n\t"
      "adcq %%rdx, %[d3]\n\t"
      "mulq %[h1]\n\t"
      "movq %[h2], %[h1]\n\t"
      "addq %%rax, %[h0]\n\t"
      "adcq %%rdx, %[d1]\n\t"
      /* + h2 s1 at 2^64 and h2 r0 at 2^128; h1 = the 2^64 column */
      "imulq %[s1], %[h1]\n\t"
      "addq %[h1], %[d2]\n\t"
      "movq %[d1], %[h1]\n\t"
      "adcq $0, %[d3]\n\t"
      "imulq %[r0], %[h2]\n\t"
      "addq %[d2], %[h1]\n\t"
      "movq $-4, %%rax\n\t"
      "adcq %[h2], %[d3]\n\t"
      /* fold bits 130 and up: h = (h0, h1, d3 & 3) + 5 (d3 >> 2) */
      "andq %[d3], %%rax\n\t"
      "movq %[d3], %[h2]\n\t"
      "shrq $2, %[d3]\n\t"
      "andq $3, %[h2]\n\t"
      "addq %[d3], %%rax\n\t"
      "addq %%rax, %[h0]\n\t"
      "adcq $0, %[h1]\n\t"
      "adcq $0, %[h2]\n\t"
      : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [d1] "=&r"(d1), [d2] "=&r"(d2), [d3] "=&r"(d3)
      : [in] "r"(in), [r0] "r"(r0), [r1] "r"(r1), [s1] "r"(s1), [hb] "r"(hibit)
      : "rax", "rdx", "cc", "memory");
  *h0p = h0;
  *h1p = h1;
  *h2p = h2;
}

/* The shared state's h advanced over nblocks blocks at in. */
static inline void poly1305_blocks_x86_64(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks,
                                          uint64_t hibit) {
  if (nblocks == 0) return;
  int taint = hwc_msan_tainted(st->h, sizeof st->h) | hwc_msan_tainted(st->r, sizeof st->r) |
              hwc_msan_tainted(in, 16 * nblocks);
  uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
  uint64_t r0 = st->r[0], r1 = st->r[1];
  hwc_msan_clean(&h0, 8);
  hwc_msan_clean(&h1, 8);
  hwc_msan_clean(&h2, 8);
  hwc_msan_clean(&r0, 8);
  hwc_msan_clean(&r1, 8);
  const uint64_t s1 = r1 + (r1 >> 2);
  for (; nblocks; nblocks--, in += 16) poly1305_block_x86_64(&h0, &h1, &h2, in, r0, r1, s1, hibit);
  st->h[0] = h0;
  st->h[1] = h1;
  st->h[2] = h2;
  hwc_msan_set(st->h, sizeof st->h, taint);
}

/* For the stitched AEAD paths of the chacha20 kernels (chacha20_avx2.c,
 * chacha20_avx512.c): the shared state's h and r, s1 = r1 + r1 / 4, in
 * locals the compiler keeps in registers across the vector rounds. */
typedef struct {
  uint64_t h0, h1, h2, r0, r1, s1;
} poly1305_regs;

/* h over the n full 16-byte blocks at in (hibit 1), one block after the
 * other: Poly1305 is one serial chain. */
static inline __attribute__((always_inline)) void poly1305_regs_blocks(poly1305_regs *m, const uint8_t *in,
                                                                      size_t n) {
  for (size_t i = 0; i < n; i++) poly1305_block_x86_64(&m->h0, &m->h1, &m->h2, in + 16 * i, m->r0, m->r1, m->s1, 1);
}

/* The registers from the shared state; returns whether h or r is secret
 * (MemorySanitizer builds: the asm gets clean copies, as above). */
static inline int poly1305_regs_load(poly1305_regs *m, const hwc_poly1305_state *st) {
  int taint = hwc_msan_tainted(st->h, sizeof st->h) | hwc_msan_tainted(st->r, sizeof st->r);
  m->h0 = st->h[0];
  m->h1 = st->h[1];
  m->h2 = st->h[2];
  m->r0 = st->r[0];
  m->r1 = st->r[1];
  hwc_msan_clean(m, sizeof *m);
  m->s1 = m->r1 + (m->r1 >> 2);
  return taint;
}

/* And back, h taking the taint of everything it was computed from. */
static inline void poly1305_regs_store(hwc_poly1305_state *st, const poly1305_regs *m, int taint) {
  st->h[0] = m->h0;
  st->h[1] = m->h1;
  st->h[2] = m->h2;
  hwc_msan_set(st->h, sizeof st->h, taint);
}

#endif
