/* SPDX-License-Identifier: ISC */
/*
 * The aarch64 fe25519 backend: GF(2^255-19) in four 64-bit limbs with the
 * A64 base instruction set, and the RFC 7748 Montgomery ladder over it.
 *
 * Representation: an element is any integer below 2^256 in d[0..3]
 * (little-endian words, d[4] unused); it stands for its residue mod
 * p = 2^255 - 19. Only tobytes reduces fully. A product is the 512-bit
 * schoolbook result of 16 MUL/UMULH pairs (a square: 10 pairs, the six
 * cross products doubled), folded twice with 2^256 = 38 (mod p); the plan
 * of the x86 mulx backend (src/x86_64/fe25519_4x64.h) and of Oliveira,
 * Lopez, Hisil, Faz-Hernandez, Rodriguez-Henriquez, "How to (pre-)compute
 * a ladder", SAC 2017, carried over to one carry flag. The asm statements
 * take and return the four words in registers, not through memory, so in
 * the inlined ladder step the compiler keeps an operation's result in
 * registers for the next one wherever it has registers to spare.
 *
 * Why inline asm: every step of this arithmetic is a carry chain over four
 * or more words (ADDS/ADCS, SUBS/SBCS). C has no carry flag; written with
 * unsigned __int128 accumulators, GCC and Clang materialise each carry in
 * a register (an ADC into zero) and add it back in the next word, an extra
 * instruction per word of every chain, and cannot keep the high words of a
 * row on one flag chain. The frombytes/tobytes/cswap/cmov paths, which
 * are not hot, are plain C.
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
 * ladder's loop count is fixed and the scalar's bits only drive CSEL
 * selections (and the final swap's masks), never a branch or an address.
 *
 * No lanes for the batches (lanes 0): two ladders on NEON lanes need radix
 * 2^25.5 and UMLAL, which spends half again as many 32 x 32 products as
 * MUL/UMULH on the same work; on the llvm-mca models of out-of-order cores
 * the prototype is slower than two calls of this ladder
 * (tools/aarch64-model/neon-fe25519x2/README.md).
 */
/* GCC's vectorizer would turn the four-limb loops of cswap and cmov into
 * 128-bit loads of elements that the operations have just written as
 * 64-bit stores; such a load waits for the stores to drain instead of taking
 * them from the store buffer on most cores. Kept scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#include "src/kernels.h"
#include "src/common/msan.h"
#include "src/common/byteorder.h"

HWC_CALL_COUNTER(fe25519_aarch64);

/* The end of the reduction shared by mul and sqr, as asm text. On entry
 * the 512-bit product is T = t0..t7 with t4..t7 already multiplied by 38
 * (each MUL/UMULH issued as soon as its word was final): l0..l3 hold the
 * low words of 38 t4..38 t7, h0..h2 the high words of 38 t4..38 t6, t7 the
 * high word of 38 t7 (each high word below 38), c38 = 38. This adds
 * T0..3 + 38 T4..7 on two chains, the low words into t0..t3 and the high
 * words one position up, each ending in t7: the sum is below
 * 2^256 + 38 (2^256 - 1) < 39 * 2^256, so t7 ends as c <= 38 and neither
 * ADC into it wraps. Then 38 c <= 1444 onto t0..t3; if that carries out of
 * 2^256, the four words were at least 2^256 - 1444 and are now below 1444,
 * so the final +38 (CSEL on the carry) cannot carry again. The result,
 * left in t0..t3, is below 2^256 and congruent to T mod p.
 *
 * 38 c is formed as 32 c + 4 c + 2 c with three LSLs (l0..l2 are free by
 * then) and two ADDs, not a MUL: the ladder step is bound by its one
 * multiply pipe (330 of its 365 cycles on llvm-mca 14's Cortex-A57 model)
 * while the two integer pipes have room, so the nine such products a step
 * move there: 365.4 -> 360.4 cycles a step, X25519 99,925 -> 98,657.
 * (The same in fe_mul_small_diff_add modeled slower, 99,172: kept as MUL.) */
#define FE_FOLD                                                             \
  "adds %[t0], %[t0], %[l0]\n\t"                                            \
  "adcs %[t1], %[t1], %[l1]\n\t"                                            \
  "adcs %[t2], %[t2], %[l2]\n\t"                                            \
  "adcs %[t3], %[t3], %[l3]\n\t"                                            \
  "adc %[t7], %[t7], xzr\n\t"                                               \
  "adds %[t1], %[t1], %[h0]\n\t"                                            \
  "adcs %[t2], %[t2], %[h1]\n\t"                                            \
  "adcs %[t3], %[t3], %[h2]\n\t"                                            \
  "adc %[t7], %[t7], xzr\n\t"                                               \
  "lsl %[l0], %[t7], #5\n\t"                                               \
  "lsl %[l1], %[t7], #2\n\t"                                               \
  "lsl %[l2], %[t7], #1\n\t"                                               \
  "add %[l0], %[l0], %[l1]\n\t"                                            \
  "add %[t7], %[l0], %[l2]\n\t"                                            \
  "adds %[t0], %[t0], %[t7]\n\t"                                            \
  "adcs %[t1], %[t1], xzr\n\t"                                              \
  "adcs %[t2], %[t2], xzr\n\t"                                              \
  "adcs %[t3], %[t3], xzr\n\t"                                              \
  "csel %[t7], %[c38], xzr, cs\n\t"                                         \
  "add %[t0], %[t0], %[t7]\n\t"

/* h = f g mod p, below 2^256, for any f, g below 2^256.
 *
 * The 512-bit product as S01 + 2^128 S23, S01 = (f0 + 2^64 f1) g in
 * t0..t5 and S23 = (f2 + 2^64 f3) g in u0..u3, t6, t7: each below 2^384,
 * so six words hold it. Each half is built like a two-row schoolbook:
 * row 0's four products f_i g_j make five words (f_i g < 2^320, so the
 * ADC into the fifth cannot wrap); row 1's high words go in on one chain
 * one position up, into a sixth word that starts as the high word of
 * f_{i+1} g3, and its low words on a second chain; every intermediate is
 * a partial sum of the exact half, so no chain carries out of the sixth
 * word. The two halves depend on nothing of each other, so an
 * out-of-order core runs their carry chains side by side (a new ADDS
 * starts a new flag value), and one last chain adds S23 two words up;
 * T < 2^512 fits t0..t7, so its last ADC cannot wrap. The products of
 * each next row (and at the end the multiplications by 38 of FE_FOLD)
 * are interleaved with the additions, each into a register that the chain
 * has just consumed: MUL/UMULH leave the flags alone, and an in-order core
 * pairs each with an addition instead of waiting for the multiplier. */
static inline void fe_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32); /* asm hides it from MSan: src/common/msan.h */
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, b[4] = {g[0], g[1], g[2], g[3]}, c38 = 38;
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, u0, u1, u2, u3, l0, l1, l2, l3, h0, h1, h2;
  hwc_msan_clean(a, 32), hwc_msan_clean(b, 32);
  __asm__(
      /* S01, row 0: f0 g in t0..t4 */
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
      /* S01, row 1: + 2^64 f1 g into t1..t5; S23's row 0 products in flight */
      "adds %[t2], %[t2], %[h0]\n\t"
      "mul %[u0], %[a2], %[b0]\n\t"
      "adcs %[t3], %[t3], %[h1]\n\t"
      "umulh %[u1], %[a2], %[b0]\n\t"
      "adcs %[t4], %[t4], %[h2]\n\t"
      "umulh %[u2], %[a2], %[b1]\n\t"
      "adc %[t5], %[t5], xzr\n\t"
      "umulh %[u3], %[a2], %[b2]\n\t"
      "adds %[t1], %[t1], %[l0]\n\t"
      "umulh %[t6], %[a2], %[b3]\n\t"
      "adcs %[t2], %[t2], %[l1]\n\t"
      "mul %[h0], %[a2], %[b1]\n\t"
      "adcs %[t3], %[t3], %[l2]\n\t"
      "mul %[h1], %[a2], %[b2]\n\t"
      "adcs %[t4], %[t4], %[l3]\n\t"
      "mul %[h2], %[a2], %[b3]\n\t"
      "adc %[t5], %[t5], xzr\n\t"
      /* S23, row 0: f2 g in u0..u3, t6; row 1's products in flight */
      "umulh %[l0], %[a3], %[b0]\n\t"
      "adds %[u1], %[u1], %[h0]\n\t"
      "umulh %[l1], %[a3], %[b1]\n\t"
      "adcs %[u2], %[u2], %[h1]\n\t"
      "umulh %[l2], %[a3], %[b2]\n\t"
      "adcs %[u3], %[u3], %[h2]\n\t"
      "umulh %[t7], %[a3], %[b3]\n\t"
      "adc %[t6], %[t6], xzr\n\t"
      "mul %[h0], %[a3], %[b0]\n\t"
      "mul %[h1], %[a3], %[b1]\n\t"
      "mul %[h2], %[a3], %[b2]\n\t"
      "mul %[l3], %[a3], %[b3]\n\t"
      /* S23, row 1: + 2^64 f3 g into u1..u3, t6, t7 */
      "adds %[u2], %[u2], %[l0]\n\t"
      "adcs %[u3], %[u3], %[l1]\n\t"
      "adcs %[t6], %[t6], %[l2]\n\t"
      "adc %[t7], %[t7], xzr\n\t"
      "adds %[u1], %[u1], %[h0]\n\t"
      "adcs %[u2], %[u2], %[h1]\n\t"
      "adcs %[u3], %[u3], %[h2]\n\t"
      "adcs %[t6], %[t6], %[l3]\n\t"
      "adc %[t7], %[t7], xzr\n\t"
      /* T = S01 + 2^128 S23, each final word of t4..t7 multiplied by 38 */
      "adds %[t2], %[t2], %[u0]\n\t"
      "adcs %[t3], %[t3], %[u1]\n\t"
      "adcs %[t4], %[t4], %[u2]\n\t"
      "mul %[l0], %[t4], %[c38]\n\t"
      "umulh %[h0], %[t4], %[c38]\n\t"
      "adcs %[t5], %[t5], %[u3]\n\t"
      "mul %[l1], %[t5], %[c38]\n\t"
      "umulh %[h1], %[t5], %[c38]\n\t"
      "adcs %[t6], %[t6], xzr\n\t"
      "mul %[l2], %[t6], %[c38]\n\t"
      "umulh %[h2], %[t6], %[c38]\n\t"
      "adc %[t7], %[t7], xzr\n\t"
      "mul %[l3], %[t7], %[c38]\n\t"
      "umulh %[t7], %[t7], %[c38]\n\t"
      FE_FOLD
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [t7] "=&r"(t7), [u0] "=&r"(u0), [u1] "=&r"(u1), [u2] "=&r"(u2), [u3] "=&r"(u3),
        [l0] "=&r"(l0), [l1] "=&r"(l1), [l2] "=&r"(l2), [l3] "=&r"(l3), [h0] "=&r"(h0), [h1] "=&r"(h1),
        [h2] "=&r"(h2)
      : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [b0] "r"(b[0]), [b1] "r"(b[1]),
        [b2] "r"(b[2]), [b3] "r"(b[3]), [c38] "r"(c38)
      : "cc");
  h[0] = t0, h[1] = t1, h[2] = t2, h[3] = t3;
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
 * those have just consumed. The reduction is FE_FOLD. */
static inline void fe_sqr(uint64_t h[4], const uint64_t f[4]) {
  int taint = hwc_msan_tainted(f, 32);
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, c38 = 38;
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, l0, l1, l2, l3, h0, h1, h2;
  hwc_msan_clean(a, 32);
  __asm__(
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
      "mul %[l0], %[t4], %[c38]\n\t"
      "adcs %[t5], %[t5], %[h0]\n\t"
      "umulh %[h0], %[t4], %[c38]\n\t"
      "mul %[l1], %[t5], %[c38]\n\t"
      "adcs %[t6], %[t6], %[h1]\n\t"
      "umulh %[h1], %[t5], %[c38]\n\t"
      "mul %[l2], %[t6], %[c38]\n\t"
      "adc %[t7], %[t7], %[h2]\n\t"
      "umulh %[h2], %[t6], %[c38]\n\t"
      "mul %[l3], %[t7], %[c38]\n\t"
      "umulh %[t7], %[t7], %[c38]\n\t"
      FE_FOLD
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
        [t6] "=&r"(t6), [t7] "=&r"(t7), [l0] "=&r"(l0), [l1] "=&r"(l1), [l2] "=&r"(l2), [l3] "=&r"(l3),
        [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2)
      : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [c38] "r"(c38)
      : "cc");
  h[0] = t0, h[1] = t1, h[2] = t2, h[3] = t3;
  hwc_msan_set(h, 32, taint);
}

/* h = f + g: a carry out of 2^256 is worth 38 (CSEL on the carry flag).
 * That +38 can carry out once more (f + g - 2^256 reaches 2^256 - 2 for
 * f = g = 2^256 - 1), and then leaves the low word below 38, so the last
 * +38 cannot carry: any f, g below 2^256 in, h below 2^256 out. */
static inline void fe_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32);
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, b[4] = {g[0], g[1], g[2], g[3]}, c38 = 38, t, h0, h1, h2, h3;
  hwc_msan_clean(a, 32), hwc_msan_clean(b, 32);
  __asm__(
      "adds %[h0], %[a0], %[b0]\n\t"
      "adcs %[h1], %[a1], %[b1]\n\t"
      "adcs %[h2], %[a2], %[b2]\n\t"
      "adcs %[h3], %[a3], %[b3]\n\t"
      "csel %[t], %[c38], xzr, cs\n\t"
      "adds %[h0], %[h0], %[t]\n\t"
      "adcs %[h1], %[h1], xzr\n\t"
      "adcs %[h2], %[h2], xzr\n\t"
      "adcs %[h3], %[h3], xzr\n\t"
      "csel %[t], %[c38], xzr, cs\n\t" /* 38 only if both chains carried */
      "add %[h0], %[h0], %[t]\n\t"
      : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
      : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [b0] "r"(b[0]), [b1] "r"(b[1]),
        [b2] "r"(b[2]), [b3] "r"(b[3]), [c38] "r"(c38)
      : "cc");
  h[0] = h0, h[1] = h1, h[2] = h2, h[3] = h3;
  hwc_msan_set(h, 32, taint);
}

/* h = f - g: a borrow of 2^256 (carry flag clear after SBCS) is worth -38,
 * likewise at most twice: the -38 borrows again only when the wrapped
 * difference is below 38, after which the low word is at least 2^64 - 38
 * and the last -38 cannot borrow. Any f, g below 2^256 in, h below 2^256
 * out. */
static inline void fe_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(g, 32);
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, b[4] = {g[0], g[1], g[2], g[3]}, c38 = 38, t, h0, h1, h2, h3;
  hwc_msan_clean(a, 32), hwc_msan_clean(b, 32);
  __asm__(
      "subs %[h0], %[a0], %[b0]\n\t"
      "sbcs %[h1], %[a1], %[b1]\n\t"
      "sbcs %[h2], %[a2], %[b2]\n\t"
      "sbcs %[h3], %[a3], %[b3]\n\t"
      "csel %[t], %[c38], xzr, cc\n\t"
      "subs %[h0], %[h0], %[t]\n\t"
      "sbcs %[h1], %[h1], xzr\n\t"
      "sbcs %[h2], %[h2], xzr\n\t"
      "sbcs %[h3], %[h3], xzr\n\t"
      "csel %[t], %[c38], xzr, cc\n\t" /* 38 only if both chains borrowed */
      "sub %[h0], %[h0], %[t]\n\t"
      : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
      : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [b0] "r"(b[0]), [b1] "r"(b[1]),
        [b2] "r"(b[2]), [b3] "r"(b[3]), [c38] "r"(c38)
      : "cc");
  h[0] = h0, h[1] = h1, h[2] = h2, h[3] = h3;
  hwc_msan_set(h, 32, taint);
}

/* h = f c mod p, c < 2^20 (kernels.h), below 2^256. The four products
 * f_j c (MUL/UMULH) make a five-word f c < 2^276 on one chain, whose top
 * word is below 2^20 (no wrap); that word comes back as 38 top < 2^26 onto
 * the low four, and if this carries out of 2^256 the words are now below
 * 2^26, so the final +38 (CSEL on the carry) cannot carry again. */
static inline void fe_mul_small(uint64_t h[4], const uint64_t f[4], uint32_t c) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(&c, sizeof c);
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, cc = c, c38 = 38, h0, h1, h2, h3;
  hwc_msan_clean(a, 32), hwc_msan_clean(&cc, sizeof cc);
  __asm__(
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
      "mul %[h3], %[h3], %[c38]\n\t"
      "adds %[a0], %[a0], %[h3]\n\t"
      "adcs %[a1], %[a1], xzr\n\t"
      "adcs %[a2], %[a2], xzr\n\t"
      "adcs %[a3], %[a3], xzr\n\t"
      "csel %[h3], %[c38], xzr, cs\n\t"
      "add %[a0], %[a0], %[h3]\n\t"
      : [a0] "+&r"(a[0]), [a1] "+&r"(a[1]), [a2] "+&r"(a[2]), [a3] "+&r"(a[3]), [h0] "=&r"(h0), [h1] "=&r"(h1),
        [h2] "=&r"(h2), [h3] "=&r"(h3)
      : [c] "r"(cc), [c38] "r"(c38)
      : "cc");
  h[0] = a[0], h[1] = a[1], h[2] = a[2], h[3] = a[3];
  hwc_msan_set(h, 32, taint);
}

/* h = c (f - g) + g mod p, c < 2^20, below 2^256: the ladder's
 * 121666 e + bb with e = aa - bb, from aa and bb, so that the products
 * start after the difference's first chain instead of after fe_sub's
 * two folds (e itself comes from fe_sub, beside this). f - g is taken as
 * the four words e' it leaves and its borrow b: f - g = e' - 2^256 b, so
 * c (f - g) + g = c e' + g - 38 c b (mod p) = c e' + g + b K, with
 * K = p - 38 c = 2^255 - (38 c + 19) (kc = 38 c + 19 < 2^26): words
 * 2^64 - kc, 2^64 - 1, 2^64 - 1, 2^63 - 1, formed from the borrow mask m.
 * c e' < 2^276 in five words as in fe_mul_small; + g + b K < 2^276 + 2^257
 * leaves the fifth word below 2^20 + 2 (no wrap); 38 times it is below
 * 2^26, and the end is fe_mul_small's. */
static inline void fe_mul_small_diff_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4], uint32_t c) {
  int taint = hwc_msan_tainted(f, 32) | hwc_msan_tainted(&c, sizeof c) | hwc_msan_tainted(g, 32);
  uint64_t a[4] = {f[0], f[1], f[2], f[3]}, b[4] = {g[0], g[1], g[2], g[3]}, cc = c, c38 = 38, kc = 38 * cc + 19;
  uint64_t e0, e1, e2, e3, h0, h1, h2, h3, m, k0, k3;
  hwc_msan_clean(a, 32), hwc_msan_clean(b, 32), hwc_msan_clean(&cc, sizeof cc), hwc_msan_clean(&kc, sizeof kc);
  __asm__(
      "subs %[e0], %[a0], %[b0]\n\t"
      "sbcs %[e1], %[a1], %[b1]\n\t"
      "sbcs %[e2], %[a2], %[b2]\n\t"
      "sbcs %[e3], %[a3], %[b3]\n\t"
      "sbc %[m], xzr, xzr\n\t" /* all ones when f - g borrowed */
      "umulh %[h0], %[e0], %[c]\n\t"
      "umulh %[h1], %[e1], %[c]\n\t"
      "umulh %[h2], %[e2], %[c]\n\t"
      "umulh %[h3], %[e3], %[c]\n\t"
      "mul %[e0], %[e0], %[c]\n\t"
      "mul %[e1], %[e1], %[c]\n\t"
      "mul %[e2], %[e2], %[c]\n\t"
      "mul %[e3], %[e3], %[c]\n\t"
      "and %[k0], %[m], %[kc]\n\t"
      "neg %[k0], %[k0]\n\t"
      "lsr %[k3], %[m], #1\n\t"
      "adds %[e1], %[e1], %[h0]\n\t"
      "adcs %[e2], %[e2], %[h1]\n\t"
      "adcs %[e3], %[e3], %[h2]\n\t"
      "adc %[h3], %[h3], xzr\n\t"
      "adds %[e0], %[e0], %[b0]\n\t"
      "adcs %[e1], %[e1], %[b1]\n\t"
      "adcs %[e2], %[e2], %[b2]\n\t"
      "adcs %[e3], %[e3], %[b3]\n\t"
      "adc %[h3], %[h3], xzr\n\t"
      "adds %[e0], %[e0], %[k0]\n\t"
      "adcs %[e1], %[e1], %[m]\n\t"
      "adcs %[e2], %[e2], %[m]\n\t"
      "adcs %[e3], %[e3], %[k3]\n\t"
      "adc %[h3], %[h3], xzr\n\t"
      "mul %[h3], %[h3], %[c38]\n\t"
      "adds %[e0], %[e0], %[h3]\n\t"
      "adcs %[e1], %[e1], xzr\n\t"
      "adcs %[e2], %[e2], xzr\n\t"
      "adcs %[e3], %[e3], xzr\n\t"
      "csel %[h3], %[c38], xzr, cs\n\t"
      "add %[e0], %[e0], %[h3]\n\t"
      : [e0] "=&r"(e0), [e1] "=&r"(e1), [e2] "=&r"(e2), [e3] "=&r"(e3), [h0] "=&r"(h0), [h1] "=&r"(h1),
        [h2] "=&r"(h2), [h3] "=&r"(h3), [m] "=&r"(m), [k0] "=&r"(k0), [k3] "=&r"(k3)
      : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [b0] "r"(b[0]), [b1] "r"(b[1]),
        [b2] "r"(b[2]), [b3] "r"(b[3]), [c] "r"(cc), [c38] "r"(c38), [kc] "r"(kc)
      : "cc");
  h[0] = e0, h[1] = e1, h[2] = e2, h[3] = e3;
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

/* (p, q) = (c, d) when b == 1, (a, b) when b == 0: eight CSELs on one
 * comparison. In asm because C has no conditional select the compiler
 * must keep branch-free (a ternary may become a branch), and the mask form
 * of fe_cmov costs three instructions a word where CSEL costs one. */
static inline void fe_select2(uint64_t p[4], uint64_t q[4], const uint64_t a[4], const uint64_t b[4],
                              const uint64_t c[4], const uint64_t d[4], uint64_t bit) {
  int taint = hwc_msan_tainted(a, 32) | hwc_msan_tainted(b, 32) | hwc_msan_tainted(c, 32) |
              hwc_msan_tainted(d, 32) | hwc_msan_tainted(&bit, sizeof bit);
  uint64_t x[4] = {a[0], a[1], a[2], a[3]}, y[4] = {b[0], b[1], b[2], b[3]};
  uint64_t z[4] = {c[0], c[1], c[2], c[3]}, w[4] = {d[0], d[1], d[2], d[3]}, m = bit;
  uint64_t p0, p1, p2, p3, q0, q1, q2, q3;
  hwc_msan_clean(x, 32), hwc_msan_clean(y, 32), hwc_msan_clean(z, 32), hwc_msan_clean(w, 32);
  hwc_msan_clean(&m, sizeof m);
  __asm__("cmp %[m], #0\n\t"
          "csel %[p0], %[z0], %[x0], ne\n\t"
          "csel %[p1], %[z1], %[x1], ne\n\t"
          "csel %[p2], %[z2], %[x2], ne\n\t"
          "csel %[p3], %[z3], %[x3], ne\n\t"
          "csel %[q0], %[w0], %[y0], ne\n\t"
          "csel %[q1], %[w1], %[y1], ne\n\t"
          "csel %[q2], %[w2], %[y2], ne\n\t"
          "csel %[q3], %[w3], %[y3], ne\n\t"
          : [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2), [p3] "=&r"(p3), [q0] "=&r"(q0), [q1] "=&r"(q1),
            [q2] "=&r"(q2), [q3] "=&r"(q3)
          : [x0] "r"(x[0]), [x1] "r"(x[1]), [x2] "r"(x[2]), [x3] "r"(x[3]), [y0] "r"(y[0]), [y1] "r"(y[1]),
            [y2] "r"(y[2]), [y3] "r"(y[3]), [z0] "r"(z[0]), [z1] "r"(z[1]), [z2] "r"(z[2]), [z3] "r"(z[3]),
            [w0] "r"(w[0]), [w1] "r"(w[1]), [w2] "r"(w[2]), [w3] "r"(w[3]), [m] "r"(m)
          : "cc");
  p[0] = p0, p[1] = p1, p[2] = p2, p[3] = p3;
  q[0] = q0, q[1] = q1, q[2] = q2, q[3] = q3;
  hwc_msan_set(p, 32, taint), hwc_msan_set(q, 32, taint);
}

/* One RFC 7748 double-and-add step on the inline operations above, inlined
 * into the ladder loop so that the whole ladder runs without a call per
 * operation and the elements stay in registers between operations where
 * the compiler can keep them; a24 enters as 121666 e + bb = 121665 e + aa.
 *
 * No swap: st holds the pair (U, V) = (st[0..1], st[2..3]) in either order,
 * and sel says which of the two this step doubles (U when 0, V when 1).
 * The differential addition needs no swap at all: swapping U and V
 * exchanges da = (x3 - z3)(x2 + z2) and cb = (x3 + z3)(x2 - z2), which
 * leaves da + cb and (da - cb)^2 as they are. Only the doubling's two
 * inputs x + z and x - z are selected (eight CSELs), and the step writes
 * the double to st[0..1] and the sum to st[2..3], whichever it doubled:
 * the ladder loop keeps track of the order. This replaces the two
 * conditional swaps of both points before every step (32 words through
 * masks) with one selection of 8 words.
 *
 * The order issues the four products of the selected inputs first and
 * then, as soon as their inputs exist, the chains into z2 (aa, bb ->
 * 121666 e + bb -> z2) and z3 (da, cb -> (da - cb)^2 -> z3), which the
 * next step's first additions wait for, and x2 and x3 last; the out-of-
 * order window overlaps each result's carry chains with the next
 * independent products. 121666 e + bb is formed from aa and bb directly
 * (fe_mul_small_diff_add), not after e's two folds: on the z2 chain, which
 * the model finds the critical one, that and this order took the A57
 * model of llvm-mca 14 from 107,254 to 102,927 cycles per X25519 (other
 * orders measured up to 7% slower: GCC's register allocation follows the
 * order). Bounds: every operation takes any value below 2^256, so no
 * operand needs a reduction first. */
static inline __attribute__((always_inline)) void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1,
                                                               uint64_t sel) {
  uint64_t *x2 = st[0].d, *z2 = st[1].d, *x3 = st[2].d, *z3 = st[3].d;
  uint64_t a[4], b[4], aa[4], bb[4], e[4], c[4], d[4], da[4], cb[4], t[4], u[4], p[4], q[4];
  fe_add(a, x2, z2);
  fe_sub(b, x2, z2);
  fe_add(c, x3, z3);
  fe_sub(d, x3, z3);
  fe_select2(p, q, a, b, c, d, sel);
  fe_mul(da, d, a);
  fe_mul(cb, c, b);
  fe_sqr(aa, p);
  fe_sqr(bb, q);
  fe_sub(u, da, cb);
  fe_add(t, da, cb);
  fe_mul_small_diff_add(a, aa, bb, 121666);
  fe_sub(e, aa, bb);
  fe_sqr(u, u);
  fe_mul(z2, e, a);
  fe_mul(z3, u, x1->d);
  fe_mul(x2, aa, bb);
  fe_sqr(x3, t);
}

/* The ladder with the points kept in the order of the last step: after a
 * step that doubled R_k (k the scalar bit), st[0..1] holds R_k and st[2..3]
 * R_{1-k}, so the next bit k' doubles st[0..1] again when k' == k and
 * st[2..3] when it differs: sel = k' ^ k, the same bit the RFC's swap
 * uses. One conditional swap at the end puts R_0 back in st[0..1]. */
static void fe25519_aarch64_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_aarch64);
  uint64_t prev = 0;
  for (int t = 254; t >= 0; t--) {
    uint64_t bit = (e[t >> 3] >> (t & 7)) & 1;
    ladder_step(st, x1, bit ^ prev);
    prev = bit;
  }
  fe_cswap(st[0].d, st[2].d, prev);
  fe_cswap(st[1].d, st[3].d, prev);
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
