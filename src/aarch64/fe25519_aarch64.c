/* SPDX-License-Identifier: ISC */
/*
 * The aarch64 fe25519 backend: GF(2^255-19) in four 64-bit limbs with the
 * A64 base instruction set, and the RFC 7748 Montgomery ladder over it.
 *
 * Representation: an element is any integer below 2^256 in d[0..3]
 * (little-endian words, d[4] unused); it stands for its residue mod
 * p = 2^255 - 19. Only tobytes reduces fully. A product is the 512-bit
 * schoolbook result of 16 MUL/UMULH pairs (a square: 10 pairs, the six
 * cross products doubled), folded twice with 2^256 = 38 (mod p); the plan of the x86 mulx backend
 * (src/x86_64/fe25519_4x64.h) and of Oliveira, Lopez, Hisil,
 * Faz-Hernandez, Rodriguez-Henriquez, "How to (pre-)compute a ladder",
 * SAC 2017, carried over to one carry flag.
 *
 * Why inline asm: every step of this arithmetic is a carry chain over four
 * or more words (ADDS/ADCS, SUBS/SBCS). C has no carry flag; written with
 * unsigned __int128 additions, GCC and Clang recompute each carry with a
 * compare or spill it through a register, roughly doubling the additions of
 * a product. The frombytes/tobytes/cswap/cmov paths are plain C.
 *
 * Bounds, for every function: inputs any value in [0, 2^256), outputs in
 * [0, 2^256) (not necessarily below p), so every output is a valid input
 * to every function. Each function states why its carries fit.
 *
 * ISA: A64 base only (MUL, UMULH, ADDS/ADCS, SUBS/SBCS, CSEL); no
 * extension, so the table requires nothing (HWC_REQUIRED = 0).
 *
 * Constant time: fixed instruction sequences; MUL and UMULH take the same
 * time whatever their operands on the cores this targets (no early exit,
 * unlike the division the project forbids); the "maybe add 38" steps are
 * CSEL on the carry flag, not branches; cswap and cmov are masks; the
 * ladder's loop count is fixed and the scalar's bits only form masks.
 */
/* GCC's vectorizer would turn the four-limb loops of cswap and cmov into
 * 128-bit loads of elements that the asm has just written as 64-bit
 * stores; such a load waits for the stores to drain instead of taking
 * them from the store buffer on most cores. Kept scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#include "../kernels.h"
#include "../msan.h"
#include "../common/byteorder.h"
#include "../common/fe25519_ladder.h"

HWC_CALL_COUNTER(fe25519_aarch64);

/* The end of the reduction shared by mul and sqr, as asm text. On entry
 * the 512-bit product is T = t0..t7 with t4..t7 already multiplied by 38
 * (each MUL/UMULH issued as soon as its word was final): l0..l3 hold the
 * low words of 38 t4..38 t7, h0..h2 the high words of 38 t4..38 t6, t7 the
 * high word of 38 t7 (each high word below 38), a0 = 38. This adds
 * T0..3 + 38 T4..7 on two chains, the low words into t0..t3 and the high
 * words one position up, each ending in t7: the sum is below
 * 2^256 + 38 (2^256 - 1) < 39 * 2^256, so t7 ends as c <= 38 and neither
 * ADC into it wraps. Then 38 c <= 1444 onto t0..t3; if that carries out of
 * 2^256, the four words were at least 2^256 - 1444 and are now below 1444,
 * so the final +38 (CSEL on the carry) cannot carry again. The result,
 * stored at [h], is below 2^256 and congruent to T mod p. */
#define FE_FOLD_STORE                                                       \
  "adds %[t0], %[t0], %[l0]\n\t"                                            \
  "adcs %[t1], %[t1], %[l1]\n\t"                                            \
  "adcs %[t2], %[t2], %[l2]\n\t"                                            \
  "adcs %[t3], %[t3], %[l3]\n\t"                                            \
  "adc %[t7], %[t7], xzr\n\t"                                               \
  "adds %[t1], %[t1], %[h0]\n\t"                                            \
  "adcs %[t2], %[t2], %[h1]\n\t"                                            \
  "adcs %[t3], %[t3], %[h2]\n\t"                                            \
  "adc %[t7], %[t7], xzr\n\t"                                               \
  "mul %[t7], %[t7], %[a0]\n\t"                                             \
  "adds %[t0], %[t0], %[t7]\n\t"                                            \
  "adcs %[t1], %[t1], xzr\n\t"                                              \
  "adcs %[t2], %[t2], xzr\n\t"                                              \
  "adcs %[t3], %[t3], xzr\n\t"                                              \
  "csel %[t7], %[a0], xzr, cs\n\t"                                          \
  "add %[t0], %[t0], %[t7]\n\t"                                             \
  "stp %[t0], %[t1], [%[h]]\n\t"                                            \
  "stp %[t2], %[t3], [%[h], #16]\n\t"

/* h = f g mod p, below 2^256, for any f, g below 2^256.
 *
 * Row 0: the four products f0 g_j; their low words and the high words one
 * position up make t0..t4 (f0 g < 2^320, so the ADC into t4 cannot wrap).
 * Rows i = 1..3: the high words of f_i g_j first, on one chain into
 * t[i+1..i+3] and a fresh t[i+4] that starts as the high word of f_i g3,
 * then the low words on a second chain into t[i..i+3] and t[i+4]. Every
 * intermediate is a partial sum of the exact product f0..i * g below
 * 2^(64(i+1)) 2^256, which t0..t[i+4] holds, so no chain carries out of
 * t[i+4]. The products of row i+1 (and at the end the multiplications by
 * 38 of FE_FOLD_STORE) are interleaved with the additions of row i, each
 * into a register the chain has just consumed: MUL/UMULH leave the flags
 * alone, and an in-order core pairs each with an addition instead of
 * waiting for the multiplier. h may alias f or g: the stores come after
 * every load. */
static inline void fe_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32); /* asm hides it from MSan: src/msan.h */
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, l0, l1, l2, l3, h0, h1, h2, a0, a1, a2, a3, b0, b1, b2, b3;
  __asm__ volatile(
      "ldp %[a0], %[a1], [%[f]]\n\t"
      "ldp %[b0], %[b1], [%[g]]\n\t"
      "ldp %[b2], %[b3], [%[g], #16]\n\t"
      "ldp %[a2], %[a3], [%[f], #16]\n\t"
      /* row 0 */
      "mul %[t0], %[a0], %[b0]\n\t"
      "umulh %[t1], %[a0], %[b0]\n\t"
      "mul %[l1], %[a0], %[b1]\n\t"
      "umulh %[t2], %[a0], %[b1]\n\t"
      "mul %[l2], %[a0], %[b2]\n\t"
      "umulh %[t3], %[a0], %[b2]\n\t"
      "mul %[l3], %[a0], %[b3]\n\t"
      "umulh %[t4], %[a0], %[b3]\n\t"
      "umulh %[h0], %[a1], %[b0]\n\t"
      "adds %[t1], %[t1], %[l1]\n\t"
      "umulh %[h1], %[a1], %[b1]\n\t"
      "adcs %[t2], %[t2], %[l2]\n\t"
      "umulh %[h2], %[a1], %[b2]\n\t"
      "adcs %[t3], %[t3], %[l3]\n\t"
      "umulh %[t5], %[a1], %[b3]\n\t"
      "adc %[t4], %[t4], xzr\n\t"
      "mul %[l0], %[a1], %[b0]\n\t"
      "mul %[l1], %[a1], %[b1]\n\t"
      "mul %[l2], %[a1], %[b2]\n\t"
      "mul %[l3], %[a1], %[b3]\n\t"
      "mov %[a0], #38\n\t"
      /* row 1 into t1..t5, row 2's products in flight */
      "adds %[t2], %[t2], %[h0]\n\t"
      "umulh %[h0], %[a2], %[b0]\n\t"
      "adcs %[t3], %[t3], %[h1]\n\t"
      "umulh %[h1], %[a2], %[b1]\n\t"
      "adcs %[t4], %[t4], %[h2]\n\t"
      "umulh %[h2], %[a2], %[b2]\n\t"
      "adc %[t5], %[t5], xzr\n\t"
      "umulh %[t6], %[a2], %[b3]\n\t"
      "adds %[t1], %[t1], %[l0]\n\t"
      "mul %[l0], %[a2], %[b0]\n\t"
      "adcs %[t2], %[t2], %[l1]\n\t"
      "mul %[l1], %[a2], %[b1]\n\t"
      "adcs %[t3], %[t3], %[l2]\n\t"
      "mul %[l2], %[a2], %[b2]\n\t"
      "adcs %[t4], %[t4], %[l3]\n\t"
      "mul %[l3], %[a2], %[b3]\n\t"
      "adc %[t5], %[t5], xzr\n\t"
      /* row 2 into t2..t6, row 3's products in flight */
      "adds %[t3], %[t3], %[h0]\n\t"
      "umulh %[h0], %[a3], %[b0]\n\t"
      "adcs %[t4], %[t4], %[h1]\n\t"
      "umulh %[h1], %[a3], %[b1]\n\t"
      "adcs %[t5], %[t5], %[h2]\n\t"
      "umulh %[h2], %[a3], %[b2]\n\t"
      "adc %[t6], %[t6], xzr\n\t"
      "umulh %[t7], %[a3], %[b3]\n\t"
      "adds %[t2], %[t2], %[l0]\n\t"
      "mul %[l0], %[a3], %[b0]\n\t"
      "adcs %[t3], %[t3], %[l1]\n\t"
      "mul %[l1], %[a3], %[b1]\n\t"
      "adcs %[t4], %[t4], %[l2]\n\t"
      "mul %[l2], %[a3], %[b2]\n\t"
      "adcs %[t5], %[t5], %[l3]\n\t"
      "mul %[l3], %[a3], %[b3]\n\t"
      "adc %[t6], %[t6], xzr\n\t"
      /* row 3 into t3..t7, each final word of t4..t7 multiplied by 38 */
      "adds %[t4], %[t4], %[h0]\n\t"
      "adcs %[t5], %[t5], %[h1]\n\t"
      "adcs %[t6], %[t6], %[h2]\n\t"
      "adc %[t7], %[t7], xzr\n\t"
      "adds %[t3], %[t3], %[l0]\n\t"
      "adcs %[t4], %[t4], %[l1]\n\t"
      "mul %[l0], %[t4], %[a0]\n\t"
      "umulh %[h0], %[t4], %[a0]\n\t"
      "adcs %[t5], %[t5], %[l2]\n\t"
      "mul %[l1], %[t5], %[a0]\n\t"
      "umulh %[h1], %[t5], %[a0]\n\t"
      "adcs %[t6], %[t6], %[l3]\n\t"
      "mul %[l2], %[t6], %[a0]\n\t"
      "umulh %[h2], %[t6], %[a0]\n\t"
      "adc %[t7], %[t7], xzr\n\t"
      "mul %[l3], %[t7], %[a0]\n\t"
      "umulh %[t7], %[t7], %[a0]\n\t"
      FE_FOLD_STORE
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [t7] "=&r"(t7), [l0] "=&r"(l0), [l1] "=&r"(l1), [l2] "=&r"(l2), [l3] "=&r"(l3),
        [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2),
        [a3] "=&r"(a3), [b0] "=&r"(b0), [b1] "=&r"(b1), [b2] "=&r"(b2), [b3] "=&r"(b3)
      : [h] "r"(h), [f] "r"(f), [g] "r"(g)
      : "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* h = f^2 mod p, below 2^256, for any f below 2^256.
 *
 * The six cross products f_i f_j (i < j) once: their words sum on two
 * chains into t1..t6; the cross sum is below
 * 2^128 (2^64 + 2^128 + 2 * 2^192 + 2^256 + 2^320) < 2^448, so neither
 * chain carries out of t6. Doubled (ADDS/ADCS of each word with itself)
 * it reaches t7 with at most one bit. The four squares f_i^2 then go in on
 * one chain over t1..t7 (t0 is the low word of f0^2); the total is exactly
 * f^2 < 2^512, so the last ADC cannot wrap. As in mul, the squares and the
 * multiplications by 38 are issued between the additions, into registers
 * those have just consumed. The reduction is FE_FOLD_STORE. */
static inline void fe_sqr(uint64_t h[4], const uint64_t f[4]) {
  int taint = hwc_msan_tainted(f, 32);
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, l0, l1, l2, l3, h0, h1, h2, a0, a1, a2, a3;
  __asm__ volatile(
      "ldp %[a0], %[a1], [%[f]]\n\t"
      "ldp %[a2], %[a3], [%[f], #16]\n\t"
      "mul %[t1], %[a0], %[a1]\n\t"   /* f0 f1 */
      "umulh %[t2], %[a0], %[a1]\n\t"
      "mul %[l0], %[a0], %[a2]\n\t"   /* f0 f2 */
      "umulh %[t3], %[a0], %[a2]\n\t"
      "mul %[l1], %[a0], %[a3]\n\t"   /* f0 f3 */
      "umulh %[t4], %[a0], %[a3]\n\t"
      "mul %[l2], %[a1], %[a3]\n\t"   /* f1 f3 */
      "umulh %[t5], %[a1], %[a3]\n\t"
      "mul %[l3], %[a2], %[a3]\n\t"   /* f2 f3 */
      "umulh %[t6], %[a2], %[a3]\n\t"
      "mul %[h0], %[a1], %[a2]\n\t"   /* f1 f2 */
      "umulh %[h1], %[a1], %[a2]\n\t"
      /* t2..t6 += f0f2, f0f3, f1f3, f2f3 low words; t3..t6 += f1 f2;
       * the squares in flight */
      "adds %[t2], %[t2], %[l0]\n\t"
      "mul %[t0], %[a0], %[a0]\n\t"
      "adcs %[t3], %[t3], %[l1]\n\t"
      "umulh %[l0], %[a0], %[a0]\n\t"
      "adcs %[t4], %[t4], %[l2]\n\t"
      "mul %[l1], %[a1], %[a1]\n\t"
      "adcs %[t5], %[t5], %[l3]\n\t"
      "umulh %[l2], %[a1], %[a1]\n\t"
      "adc %[t6], %[t6], xzr\n\t"
      "mul %[l3], %[a2], %[a2]\n\t"
      "adds %[t3], %[t3], %[h0]\n\t"
      "umulh %[h0], %[a2], %[a2]\n\t"
      "adcs %[t4], %[t4], %[h1]\n\t"
      "mul %[h1], %[a3], %[a3]\n\t"
      "adcs %[t5], %[t5], xzr\n\t"
      "umulh %[h2], %[a3], %[a3]\n\t"
      "adc %[t6], %[t6], xzr\n\t"
      "mov %[a0], #38\n\t"
      /* doubled */
      "adds %[t1], %[t1], %[t1]\n\t"
      "adcs %[t2], %[t2], %[t2]\n\t"
      "adcs %[t3], %[t3], %[t3]\n\t"
      "adcs %[t4], %[t4], %[t4]\n\t"
      "adcs %[t5], %[t5], %[t5]\n\t"
      "adcs %[t6], %[t6], %[t6]\n\t"
      "adc %[t7], xzr, xzr\n\t"
      /* plus the squares, each final word of t4..t7 multiplied by 38 */
      "adds %[t1], %[t1], %[l0]\n\t"
      "adcs %[t2], %[t2], %[l1]\n\t"
      "adcs %[t3], %[t3], %[l2]\n\t"
      "adcs %[t4], %[t4], %[l3]\n\t"
      "mul %[l0], %[t4], %[a0]\n\t"
      "adcs %[t5], %[t5], %[h0]\n\t"
      "umulh %[h0], %[t4], %[a0]\n\t"
      "mul %[l1], %[t5], %[a0]\n\t"
      "adcs %[t6], %[t6], %[h1]\n\t"
      "umulh %[h1], %[t5], %[a0]\n\t"
      "mul %[l2], %[t6], %[a0]\n\t"
      "adc %[t7], %[t7], %[h2]\n\t"
      "umulh %[h2], %[t6], %[a0]\n\t"
      "mul %[l3], %[t7], %[a0]\n\t"
      "umulh %[t7], %[t7], %[a0]\n\t"
      FE_FOLD_STORE
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [t7] "=&r"(t7), [l0] "=&r"(l0), [l1] "=&r"(l1), [l2] "=&r"(l2), [l3] "=&r"(l3),
        [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2),
        [a3] "=&r"(a3)
      : [h] "r"(h), [f] "r"(f)
      : "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* h = f + g: a carry out of 2^256 is worth 38 (CSEL on the carry flag).
 * That +38 can carry out once more (f + g - 2^256 reaches 2^256 - 2 for
 * f = g = 2^256 - 1), and then leaves the low word below 38, so the last
 * +38 cannot carry: any f, g below 2^256 in, h below 2^256 out. */
static inline void fe_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32);
  uint64_t a0, a1, a2, a3, b0, b1, b2, b3;
  __asm__ volatile(
      "ldp %[a0], %[a1], [%[f]]\n\t"
      "ldp %[b0], %[b1], [%[g]]\n\t"
      "ldp %[a2], %[a3], [%[f], #16]\n\t"
      "ldp %[b2], %[b3], [%[g], #16]\n\t"
      "adds %[a0], %[a0], %[b0]\n\t"
      "adcs %[a1], %[a1], %[b1]\n\t"
      "adcs %[a2], %[a2], %[b2]\n\t"
      "adcs %[a3], %[a3], %[b3]\n\t"
      "mov %[b0], #38\n\t"
      "csel %[b0], %[b0], xzr, cs\n\t"
      "adds %[a0], %[a0], %[b0]\n\t"
      "adcs %[a1], %[a1], xzr\n\t"
      "adcs %[a2], %[a2], xzr\n\t"
      "adcs %[a3], %[a3], xzr\n\t"
      "csel %[b0], %[b0], xzr, cs\n\t" /* 38 only if both chains carried */
      "add %[a0], %[a0], %[b0]\n\t"
      "stp %[a0], %[a1], [%[h]]\n\t"
      "stp %[a2], %[a3], [%[h], #16]\n\t"
      : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [b0] "=&r"(b0), [b1] "=&r"(b1),
        [b2] "=&r"(b2), [b3] "=&r"(b3)
      : [h] "r"(h), [f] "r"(f), [g] "r"(g)
      : "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* h = f - g: a borrow of 2^256 (carry flag clear after SBCS) is worth -38,
 * likewise at most twice: the -38 borrows again only when the wrapped
 * difference is below 38, after which the low word is at least 2^64 - 38
 * and the last -38 cannot borrow. Any f, g below 2^256 in, h below 2^256
 * out. */
static inline void fe_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32);
  uint64_t a0, a1, a2, a3, b0, b1, b2, b3;
  __asm__ volatile(
      "ldp %[a0], %[a1], [%[f]]\n\t"
      "ldp %[b0], %[b1], [%[g]]\n\t"
      "ldp %[a2], %[a3], [%[f], #16]\n\t"
      "ldp %[b2], %[b3], [%[g], #16]\n\t"
      "subs %[a0], %[a0], %[b0]\n\t"
      "sbcs %[a1], %[a1], %[b1]\n\t"
      "sbcs %[a2], %[a2], %[b2]\n\t"
      "sbcs %[a3], %[a3], %[b3]\n\t"
      "mov %[b0], #38\n\t"
      "csel %[b0], %[b0], xzr, cc\n\t"
      "subs %[a0], %[a0], %[b0]\n\t"
      "sbcs %[a1], %[a1], xzr\n\t"
      "sbcs %[a2], %[a2], xzr\n\t"
      "sbcs %[a3], %[a3], xzr\n\t"
      "csel %[b0], %[b0], xzr, cc\n\t" /* 38 only if both chains borrowed */
      "sub %[a0], %[a0], %[b0]\n\t"
      "stp %[a0], %[a1], [%[h]]\n\t"
      "stp %[a2], %[a3], [%[h], #16]\n\t"
      : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [b0] "=&r"(b0), [b1] "=&r"(b1),
        [b2] "=&r"(b2), [b3] "=&r"(b3)
      : [h] "r"(h), [f] "r"(f), [g] "r"(g)
      : "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* h = f c mod p, c < 2^20 (kernels.h), below 2^256. The four products
 * f_j c (MUL/UMULH) make a five-word f c < 2^276 on one chain, whose top
 * word is below 2^20 (no wrap); that word comes back as 38 top < 2^26 onto
 * the low four, and if this carries out of 2^256 the words are now below
 * 2^26, so the final +38 (CSEL on the carry) cannot carry again. */
static inline void fe_mul_small(uint64_t h[4], const uint64_t f[4], uint32_t c) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(&c, sizeof c);
  uint64_t a0, a1, a2, a3, h0, h1, h2, h3, cc = c;
  __asm__ volatile(
      "ldp %[a0], %[a1], [%[f]]\n\t"
      "ldp %[a2], %[a3], [%[f], #16]\n\t"
      "umulh %[h0], %[a0], %[c]\n\t"
      "umulh %[h1], %[a1], %[c]\n\t"
      "umulh %[h2], %[a2], %[c]\n\t"
      "umulh %[h3], %[a3], %[c]\n\t"
      "mul %[a0], %[a0], %[c]\n\t"
      "mul %[a1], %[a1], %[c]\n\t"
      "mul %[a2], %[a2], %[c]\n\t"
      "mul %[a3], %[a3], %[c]\n\t"
      "adds %[a1], %[a1], %[h0]\n\t"
      "adcs %[a2], %[a2], %[h1]\n\t"
      "adcs %[a3], %[a3], %[h2]\n\t"
      "adc %[h3], %[h3], xzr\n\t"
      "mov %[h0], #38\n\t"
      "mul %[h3], %[h3], %[h0]\n\t"
      "adds %[a0], %[a0], %[h3]\n\t"
      "adcs %[a1], %[a1], xzr\n\t"
      "adcs %[a2], %[a2], xzr\n\t"
      "adcs %[a3], %[a3], xzr\n\t"
      "csel %[h3], %[h0], xzr, cs\n\t"
      "add %[a0], %[a0], %[h3]\n\t"
      "stp %[a0], %[a1], [%[h]]\n\t"
      "stp %[a2], %[a3], [%[h], #16]\n\t"
      : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [h0] "=&r"(h0), [h1] "=&r"(h1),
        [h2] "=&r"(h2), [h3] "=&r"(h3)
      : [h] "r"(h), [f] "r"(f), [c] "r"(cc)
      : "cc", "memory");
  hwc_msan_set(h, 32, taint);
}

/* Exchange f and g when b == 1, leave them when b == 0: a mask, no branch. */
static inline void fe_cswap(uint64_t f[4], uint64_t g[4], uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 4; i++) {
    uint64_t x = (f[i] ^ g[i]) & mask;
    f[i] ^= x;
    g[i] ^= x;
  }
}

/* f = g when b == 1, unchanged when b == 0, by mask. */
static inline void fe_cmov(uint64_t f[4], const uint64_t g[4], uint64_t b) {
  uint64_t mask = 0 - b;
  for (int i = 0; i < 4; i++) f[i] ^= (f[i] ^ g[i]) & mask;
}

/* s as a little-endian integer with bit 255 cleared: any value below
 * 2^255 (values >= p stay as they are, as kernels.h allows). */
static inline void fe_frombytes(uint64_t h[4], const uint8_t s[32]) {
  for (int i = 0; i < 4; i++) h[i] = hwc_load64_le(s + 8 * i);
  h[3] &= 0x7fffffffffffffffu;
}

/* t += v, carried through the four words (t + v < 2^256 where it is
 * used); not on a hot path, so C with 128-bit sums rather than asm. */
static inline void add_small4(uint64_t t[4], uint64_t v) {
  unsigned __int128 acc = v;
  for (int i = 0; i < 4; i++) {
    acc += t[i];
    t[i] = (uint64_t)acc;
    acc >>= 64;
  }
}

/* The canonical encoding of f < 2^256. One fold of bit 255 leaves
 * t < 2^255 + 19 < 2p; then u = t + 19 (below 2^255 + 38, no carry out of
 * the top word) has bit 255 set exactly when t >= p, and with that bit
 * cleared is t - p: selected by mask. */
static inline void fe_tobytes(uint8_t s[32], const uint64_t f[4]) {
  uint64_t t[4] = {f[0], f[1], f[2], f[3] & 0x7fffffffffffffffu}, u[4];
  add_small4(t, 19 * (f[3] >> 63));
  for (int i = 0; i < 4; i++) u[i] = t[i];
  add_small4(u, 19);
  uint64_t mask = 0 - (u[3] >> 63); /* t >= p */
  u[3] &= 0x7fffffffffffffffu;
  for (int i = 0; i < 4; i++) hwc_store64_le(s + 8 * i, t[i] ^ ((t[i] ^ u[i]) & mask));
}

/* ------------------------------------------------ table entry points
 * Each counts the call (test builds) and runs the operation above;
 * contracts in src/kernels.h. */

static void fe25519_aarch64_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_frombytes(h->d, s);
}

static void fe25519_aarch64_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_tobytes(s, f->d);
}

static void fe25519_aarch64_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_mul(h->d, f->d, g->d);
}

static void fe25519_aarch64_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_sqr(h->d, f->d);
}

/* n squarings, the first from f, the rest in place. */
static void fe25519_aarch64_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_sqr(h->d, f->d);
  while (--n) fe_sqr(h->d, h->d);
}

static void fe25519_aarch64_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_mul_small(h->d, f->d, c);
}

static void fe25519_aarch64_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_add(h->d, f->d, g->d);
}

static void fe25519_aarch64_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_sub(h->d, f->d, g->d);
}

static void fe25519_aarch64_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_cswap(f->d, g->d, b);
}

static void fe25519_aarch64_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_aarch64);
  fe_cmov(f->d, g->d, b);
}

/* The conditional swap on whole elements, the form the ladder loop of
 * src/common/fe25519_ladder.h takes; inlined there. */
static inline void fe_cswap_fe(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) { fe_cswap(f->d, g->d, b); }

/* One RFC 7748 double-and-add step (swap already done), on this file's
 * inline operations, so the whole ladder runs without a call per
 * operation; a24 enters as 121666 e + bb = 121665 e + aa. Bounds: every
 * operation takes any value below 2^256, so no operand needs a reduction
 * first. */
static inline void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1) {
  uint64_t *x2 = st[0].d, *z2 = st[1].d, *x3 = st[2].d, *z3 = st[3].d;
  uint64_t a[4], b[4], aa[4], bb[4], e[4], c[4], d[4], da[4], cb[4];
  fe_add(a, x2, z2);
  fe_sub(b, x2, z2);
  fe_add(c, x3, z3);
  fe_sub(d, x3, z3);
  fe_sqr(aa, a);
  fe_sqr(bb, b);
  fe_mul(da, d, a);
  fe_mul(cb, c, b);
  fe_sub(e, aa, bb);
  fe_add(x3, da, cb);
  fe_sqr(x3, x3);
  fe_sub(z3, da, cb);
  fe_sqr(z3, z3);
  fe_mul(z3, z3, x1->d);
  fe_mul(x2, aa, bb);
  fe_mul_small(a, e, 121666);
  fe_add(a, a, bb);
  fe_mul(z2, e, a);
}

static void fe25519_aarch64_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_aarch64);
  hwc_fe25519_ladder_loop(st, x1, e, fe_cswap_fe, ladder_step);
}

const hwc_fe25519_kernel hwc_fe25519_aarch64 = {
    .info = {.name = "aarch64", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(fe25519_aarch64)},
    .frombytes = fe25519_aarch64_frombytes,
    .tobytes = fe25519_aarch64_tobytes,
    .mul = fe25519_aarch64_mul,
    .sqr = fe25519_aarch64_sqr,
    .sqr_n = fe25519_aarch64_sqr_n,
    .mul_small = fe25519_aarch64_mul_small,
    .add = fe25519_aarch64_add,
    .sub = fe25519_aarch64_sub,
    .cswap = fe25519_aarch64_cswap,
    .cmov = fe25519_aarch64_cmov,
    .ladder = fe25519_aarch64_ladder,
    /* no Edwards entries: the protocol's loops over the entries above */
};
