/* SPDX-License-Identifier: ISC */
/*
 * GF(2^255-19) in four 64-bit limbs for x86_64 with BMI2 and ADX: the
 * arithmetic of the mulx backend, shared with the backends that only add a
 * vector ladder on top of it (same element layout, same scalar operations).
 * Include only from files compiled with -mbmi2 -madx, after kernels.h.
 *
 * The operations are named static inline functions fe4x64_*() on four
 * 64-bit words; each backend that includes this header writes its own
 * kernel-table entry points over them (fe25519_mulx_mul, ...), which count
 * the call on that backend's counter, so every table function can be found
 * by name.
 *
 * Values are any 256-bit integers; only tobytes reduces fully. Products by
 * MULX and the reduction 2^256 = 38 (mod p), after Oliveira, Lopez, Hisil,
 * Faz-Hernandez, Rodriguez-Henriquez, "How to (pre-)compute a ladder", SAC
 * 2017, and Intel's "New instructions supporting large integer arithmetic",
 * 2012.
 *
 * Why inline asm: a 4x4-limb product wants two independent carry chains,
 * ADCX on CF for the low halves of each row and ADOX on OF for the high
 * halves, while MULX leaves the flags alone. C has no way to keep two carry
 * flags alive at once (GCC and Clang serialise _addcarryx_u64 onto one
 * chain), and a single serialised chain makes the multiplication markedly
 * slower.
 *
 * Constant time: fixed instruction sequences; the reduction's final "maybe
 * add 38" is SBB/AND, swaps are masks, tobytes selects with masks.
 */
#ifndef HWC_FE25519_4X64_H
#define HWC_FE25519_4X64_H

#include <immintrin.h>

#include "src/common/msan.h"
#ifdef HWC_MSAN /* MSan reports these intrinsics' operands instead of propagating: src/common/msan.h */
#define _addcarry_u64 hwc_msan_addcarry_u64
#define _subborrow_u64 hwc_msan_subborrow_u64
#endif

typedef unsigned __int128 u128;

/* The 512-bit value T in r8..r15 (T0..T7) to h = T0..3 + 38 * T4..7 mod p,
 * in [0, 2^256). T < 2^512 (f, g < 2^256), so the first fold is below
 * 2^256 + 38 (2^256 - 1) < 39 * 2^256: its fifth word c (r12: the last high
 * half plus the CF and OF carries, which cannot wrap a word) is at most 38.
 * The second fold adds 38 c <= 1444 to the low limb; if that carries out
 * of 2^256, the four words were at least 2^256 - 1444 and are now below
 * 1444, so the final +38 for that carry cannot carry again. */
#define REDUCE_AND_STORE                                                    \
  "movl $38, %%edx\n\t"                                                     \
  "xorl %%eax, %%eax\n\t"                                                   \
  "mulxq %%r12, %%rax, %%rbx\n\t"                                           \
  "adcxq %%rax, %%r8\n\t"                                                   \
  "adoxq %%rbx, %%r9\n\t"                                                   \
  "mulxq %%r13, %%rax, %%rbx\n\t"                                           \
  "adcxq %%rax, %%r9\n\t"                                                   \
  "adoxq %%rbx, %%r10\n\t"                                                  \
  "mulxq %%r14, %%rax, %%rbx\n\t"                                           \
  "adcxq %%rax, %%r10\n\t"                                                  \
  "adoxq %%rbx, %%r11\n\t"                                                  \
  "mulxq %%r15, %%rax, %%r12\n\t"                                           \
  "adcxq %%rax, %%r11\n\t"                                                  \
  "movl $0, %%eax\n\t"                                                      \
  "adoxq %%rax, %%r12\n\t"                                                  \
  "adcxq %%rax, %%r12\n\t"                                                  \
  "imulq $38, %%r12, %%r12\n\t"                                             \
  "addq %%r12, %%r8\n\t"                                                    \
  "adcq $0, %%r9\n\t"                                                       \
  "adcq $0, %%r10\n\t"                                                      \
  "adcq $0, %%r11\n\t"                                                      \
  "sbbq %%rax, %%rax\n\t"                                                   \
  "andq $38, %%rax\n\t"                                                     \
  "addq %%rax, %%r8\n\t"                                                    \
  "movq %%r8, 0(%[h])\n\t"                                                  \
  "movq %%r9, 8(%[h])\n\t"                                                  \
  "movq %%r10, 16(%[h])\n\t"                                                \
  "movq %%r11, 24(%[h])\n\t"

/* One row i >= 1 of the schoolbook product: T[i..i+4] += f_i * g, with the
 * low halves on the CF chain and the high halves on the OF chain. TOP is
 * the fresh limb T[i+4]; its XOR also clears both flags. Neither chain can
 * carry out of TOP: after row i the partial product is f_0..i * g <
 * 2^(64(i+1)) 2^256, which T[0..i+4] holds, and ADOX puts a high half
 * (at most 2^64 - 2) plus OF into a TOP of 0 before ADC adds CF. */
#define ROW(off, Ti, Ti1, Ti2, Ti3, TOP)                                    \
  "movq " off "(%[f]), %%rdx\n\t"                                           \
  "xorl %%" TOP "d, %%" TOP "d\n\t"                                         \
  "mulxq 0(%[g]), %%rax, %%rbx\n\t"                                         \
  "adcxq %%rax, %%" Ti "\n\t"                                               \
  "adoxq %%rbx, %%" Ti1 "\n\t"                                              \
  "mulxq 8(%[g]), %%rax, %%rbx\n\t"                                         \
  "adcxq %%rax, %%" Ti1 "\n\t"                                              \
  "adoxq %%rbx, %%" Ti2 "\n\t"                                              \
  "mulxq 16(%[g]), %%rax, %%rbx\n\t"                                        \
  "adcxq %%rax, %%" Ti2 "\n\t"                                              \
  "adoxq %%rbx, %%" Ti3 "\n\t"                                              \
  "mulxq 24(%[g]), %%rax, %%rbx\n\t"                                        \
  "adcxq %%rax, %%" Ti3 "\n\t"                                              \
  "adoxq %%rbx, %%" TOP "\n\t"                                              \
  "adcq $0, %%" TOP "\n\t"

/* h = f g mod p, below 2^256, for any f, g below 2^256: row 0, three ROWs,
 * REDUCE_AND_STORE. h may alias f or g: both are read before the store. */
static inline void fe4x64_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32); /* asm hides it from MSan: src/common/msan.h */
  __asm__ volatile(
      /* row 0 needs only one chain */
      "movq 0(%[f]), %%rdx\n\t"
      "mulxq 0(%[g]), %%r8, %%r9\n\t"
      "mulxq 8(%[g]), %%rax, %%r10\n\t"
      "addq %%rax, %%r9\n\t"
      "mulxq 16(%[g]), %%rax, %%r11\n\t"
      "adcq %%rax, %%r10\n\t"
      "mulxq 24(%[g]), %%rax, %%r12\n\t"
      "adcq %%rax, %%r11\n\t"
      "adcq $0, %%r12\n\t"
      ROW("8", "r9", "r10", "r11", "r12", "r13")
      ROW("16", "r10", "r11", "r12", "r13", "r14")
      ROW("24", "r11", "r12", "r13", "r14", "r15")
      REDUCE_AND_STORE
      :
      : [h] "r"(h), [f] "r"(f), [g] "r"(g)
      : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* Squaring: the six cross products once, doubled on the CF chain while the
 * four squares come in on the OF chain. The cross sum is below
 * 2^128 (2^64 + 2^128 + 2 * 2^192 + 2^256 + 2^320) < 2^448, so it fits
 * r9..r14 with no carry out of r14; doubled it reaches r15 with one bit,
 * and adding the squares makes exactly f^2 < 2^512, so neither chain's
 * last carry (into r15) can leave a word. */
static inline void fe4x64_sqr(uint64_t h[4], const uint64_t f[4]) {
  int taint = hwc_msan_tainted(f, 32);
  __asm__ volatile(
      "movq 0(%[f]), %%rdx\n\t"
      "mulxq 8(%[f]), %%r9, %%r10\n\t"   /* f0 f1 */
      "mulxq 16(%[f]), %%rax, %%r11\n\t" /* f0 f2 */
      "addq %%rax, %%r10\n\t"
      "mulxq 24(%[f]), %%rax, %%r12\n\t" /* f0 f3 */
      "adcq %%rax, %%r11\n\t"
      "adcq $0, %%r12\n\t"
      "movq 8(%[f]), %%rdx\n\t"
      "xorl %%r13d, %%r13d\n\t"
      "mulxq 16(%[f]), %%rax, %%rbx\n\t" /* f1 f2 */
      "adcxq %%rax, %%r11\n\t"
      "adoxq %%rbx, %%r12\n\t"
      "mulxq 24(%[f]), %%rax, %%rbx\n\t" /* f1 f3 */
      "adcxq %%rax, %%r12\n\t"
      "adoxq %%rbx, %%r13\n\t"
      "movq 16(%[f]), %%rdx\n\t"
      "mulxq 24(%[f]), %%rax, %%r14\n\t" /* f2 f3 */
      "adcxq %%rax, %%r13\n\t"
      "movl $0, %%eax\n\t"
      "adoxq %%rax, %%r14\n\t"
      "adcxq %%rax, %%r14\n\t"
      /* 2 * cross + squares */
      "movq 0(%[f]), %%rdx\n\t"
      "mulxq %%rdx, %%r8, %%rax\n\t"
      "xorl %%r15d, %%r15d\n\t"
      "adcxq %%r9, %%r9\n\t"
      "adoxq %%rax, %%r9\n\t"
      "movq 8(%[f]), %%rdx\n\t"
      "mulxq %%rdx, %%rax, %%rbx\n\t"
      "adcxq %%r10, %%r10\n\t"
      "adoxq %%rax, %%r10\n\t"
      "adcxq %%r11, %%r11\n\t"
      "adoxq %%rbx, %%r11\n\t"
      "movq 16(%[f]), %%rdx\n\t"
      "mulxq %%rdx, %%rax, %%rbx\n\t"
      "adcxq %%r12, %%r12\n\t"
      "adoxq %%rax, %%r12\n\t"
      "adcxq %%r13, %%r13\n\t"
      "adoxq %%rbx, %%r13\n\t"
      "movq 24(%[f]), %%rdx\n\t"
      "mulxq %%rdx, %%rax, %%rbx\n\t"
      "adcxq %%r14, %%r14\n\t"
      "adoxq %%rax, %%r14\n\t"
      "adcxq %%r15, %%r15\n\t"
      "adoxq %%rbx, %%r15\n\t"
      REDUCE_AND_STORE
      :
      : [h] "r"(h), [f] "r"(f)
      : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* h = f + g: a carry out of 2^256 is worth 38. The +38 can carry out once
 * more (f + g - 2^256 reaches 2^256 - 2 for f = g = 2^256 - 1), and then
 * leaves the low limb below 38, so the last +38 cannot carry: any f, g
 * below 2^256 in, h below 2^256 out, h = f + g mod p. */
static inline void fe4x64_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  unsigned long long t0, t1, t2, t3;
  unsigned char c = _addcarry_u64(0, f[0], g[0], &t0);
  c = _addcarry_u64(c, f[1], g[1], &t1);
  c = _addcarry_u64(c, f[2], g[2], &t2);
  c = _addcarry_u64(c, f[3], g[3], &t3);
  c = _addcarry_u64(0, t0, ((uint64_t)0 - c) & 38, &t0);
  c = _addcarry_u64(c, t1, 0, &t1);
  c = _addcarry_u64(c, t2, 0, &t2);
  c = _addcarry_u64(c, t3, 0, &t3);
  h[0] = t0 + (((uint64_t)0 - c) & 38);
  h[1] = t1;
  h[2] = t2;
  h[3] = t3;
}

/* h = f - g: a borrow of 2^256 is worth -38, likewise at most twice: the
 * -38 borrows again only when the wrapped difference is below 38, after
 * which the low limb is at least 2^64 - 38 and the last -38 cannot borrow. */
static inline void fe4x64_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  unsigned long long t0, t1, t2, t3;
  unsigned char b = _subborrow_u64(0, f[0], g[0], &t0);
  b = _subborrow_u64(b, f[1], g[1], &t1);
  b = _subborrow_u64(b, f[2], g[2], &t2);
  b = _subborrow_u64(b, f[3], g[3], &t3);
  b = _subborrow_u64(0, t0, ((uint64_t)0 - b) & 38, &t0);
  b = _subborrow_u64(b, t1, 0, &t1);
  b = _subborrow_u64(b, t2, 0, &t2);
  b = _subborrow_u64(b, t3, 0, &t3);
  h[0] = t0 - (((uint64_t)0 - b) & 38);
  h[1] = t1;
  h[2] = t2;
  h[3] = t3;
}

/* h = f c mod p, c < 2^20 (kernels.h): one pass of 64x32-bit products, the
 * word above 2^256 folded back times 38. */
static inline void fe4x64_mul_small(uint64_t h[4], const uint64_t f[4], uint32_t c) {
  u128 acc = (u128)f[0] * c;
  uint64_t t[4];
  t[0] = (uint64_t)acc;
  for (int i = 1; i < 4; i++) {
    acc = (acc >> 64) + (u128)f[i] * c;
    t[i] = (uint64_t)acc;
  }
  uint64_t top = (uint64_t)(acc >> 64); /* < c < 2^20 (kernels.h), 38 top < 2^26 */
  unsigned long long t0, t1, t2, t3;
  unsigned char cy = _addcarry_u64(0, t[0], top * 38, &t0);
  cy = _addcarry_u64(cy, t[1], 0, &t1);
  cy = _addcarry_u64(cy, t[2], 0, &t2);
  cy = _addcarry_u64(cy, t[3], 0, &t3);
  /* a carry out leaves t0 below 38 top, so this +38 cannot carry */
  h[0] = t0 + (((uint64_t)0 - cy) & 38);
  h[1] = t1;
  h[2] = t2;
  h[3] = t3;
}

/* Exchange f and g when b == 1, leave them when b == 0: a mask, no branch. */
static inline void fe4x64_cswap(uint64_t f[4], uint64_t g[4], uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 4; i++) {
    uint64_t x = (f[i] ^ g[i]) & mask;
    f[i] ^= x;
    g[i] ^= x;
  }
}

/* f = g when b == 1, unchanged when b == 0, by mask. */
static inline void fe4x64_cmov(uint64_t f[4], const uint64_t g[4], uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 4; i++) f[i] ^= (f[i] ^ g[i]) & mask;
}

/* The conditional swap on whole elements, the form the ladder loop of
 * src/common/fe25519_ladder.h takes. */
static inline void fe4x64_cswap_fe(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) { fe4x64_cswap(f->d, g->d, b); }

/* s as a little-endian integer with bit 255 cleared: below 2^255, any
 * value up to 2^255 - 1 (so values >= p stay as they are, as kernels.h
 * allows). */
static inline void fe4x64_frombytes(uint64_t h[4], const uint8_t s[32]) {
  for (int i = 0; i < 4; i++) {
    uint64_t v = 0;
    for (int j = 7; j >= 0; j--) v = v << 8 | s[8 * i + j];
    h[i] = v;
  }
  h[3] &= 0x7fffffffffffffffu;
}

/* The canonical encoding of f < 2^256. Fold bit 255 twice: the first
 * leaves t < 2^255 + 19, the second (a carry only when the first did)
 * t < 2^255; then subtract p when t + 19 reaches 2^255 (t >= p), chosen by
 * mask, once, as t < 2p. */
static inline void fe4x64_tobytes(uint8_t s[32], const uint64_t f[4]) {
  unsigned long long t[4] = {f[0], f[1], f[2], f[3]}, u[4];
  for (int pass = 0; pass < 2; pass++) {
    uint64_t top = t[3] >> 63;
    t[3] &= 0x7fffffffffffffffu;
    unsigned char c = _addcarry_u64(0, t[0], 19 * top, &t[0]);
    c = _addcarry_u64(c, t[1], 0, &t[1]);
    c = _addcarry_u64(c, t[2], 0, &t[2]);
    (void)_addcarry_u64(c, t[3], 0, &t[3]);
  }
  unsigned char c = _addcarry_u64(0, t[0], 19, &u[0]);
  c = _addcarry_u64(c, t[1], 0, &u[1]);
  c = _addcarry_u64(c, t[2], 0, &u[2]);
  (void)_addcarry_u64(c, t[3], 0, &u[3]);
  uint64_t mask = 0 - (u[3] >> 63); /* t >= p */
  u[3] &= 0x7fffffffffffffffu;
  for (int i = 0; i < 4; i++) {
    uint64_t v = t[i] ^ ((t[i] ^ u[i]) & mask);
    for (int j = 0; j < 8; j++) s[8 * i + j] = (uint8_t)(v >> (8 * j));
  }
}

/* h = f^(2^n), n >= 1: n squarings in place, the long runs of an
 * inversion chain. */
static inline void fe4x64_sqr_n(uint64_t h[4], const uint64_t f[4], unsigned n) {
  fe4x64_sqr(h, f);
  while (--n) fe4x64_sqr(h, h);
}

#endif /* HWC_FE25519_4X64_H */
