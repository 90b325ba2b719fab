/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 scalar rounds (FIPS 180-4, 6.2.2) reading W[t] + K[t] from a
 * buffer that a vector message schedule filled: shared by sha256_avx2.c
 * (two blocks per buffer) and sha256_ssse3.c (one block).
 *
 * Two rounds, each file picks the one that measured faster for it (AMD
 * Zen 5, GCC 12) by defining SHA256_ROUND as one of them:
 *  - SHA256_ROUND_SHORT_PATH (sha256_avx2.c): the order of
 *    sha512_x86_rounds.h, on 32-bit words. d + h + (W + K) + Ch is summed
 *    before S1(e) arrives, so e' = d + T1 is four dependent steps from e;
 *    a' = e' - d + S0(a) + Maj(a,b,c), with Maj = (a & (b^c)) + (b & c)
 *    (the two terms never share a set bit), puts (b & c) - d off the path,
 *    so a' is four steps from a as well. b & c is taken as b & ~(b ^ c):
 *    written as b & c, GCC spent a register copy on it, 4% slower. With
 *    RORX (three-operand rotations) this round is bound by its latency.
 *  - SHA256_ROUND_FEW_OPS (sha256_ssse3.c): the textbook order (T1 summed
 *    in h's register, e' = d + T1, five steps on e) with
 *    Maj = ((a^b) & (b^c)) ^ b, three instructions less; without RORX
 *    every rotation costs a copy, the count sets the speed, and this one
 *    ran 10% faster there (and 5% slower in the AVX2 kernel).
 * In both, b ^ c is carried over from the previous round's a ^ b, and
 * Ch is ((f ^ g) & e) ^ g (the kernels are built without BMI1, so
 * b & ~(b ^ c) is a NOT and an AND; ANDN gained 2-3% more, not worth a
 * feature bit). The compiler may re-associate the sums (an empty asm
 * barrier that forbids it, as in sha512_x86_rounds.h, measured slower).
 * Rotations are written as shift pairs, which GCC and clang turn into
 * RORX under -mbmi2.
 *
 * Constant time: additions, subtractions, rotations and logic on values,
 * loads from fixed offsets of the buffer; no branch or index depends on data.
 */
#ifndef HWC_SHA256_X86_ROUNDS_H
#define HWC_SHA256_X86_ROUNDS_H

#include <stdint.h>

#define ROR32(x, n) ((x) >> (n) | (x) << (32 - (n)))
#define S0_256(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define S1_256(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))

/* On entry bc = b ^ c. New e goes to d's register, new a to h's. */
#define SHA256_ROUND_SHORT_PATH(a, b, c, d, e, f, g, h, wk) \
  do {                                                    \
    uint32_t s1_ = S1_256(e), s0_ = S0_256(a);            \
    uint32_t ch_ = (((f) ^ (g)) & (e)) ^ (g);             \
    uint32_t z_ = ((b) & ~bc) - (d); /* (b & c) - d */    \
    z_ += (a) & bc;                                       \
    d += h;                                               \
    d += (wk);                                            \
    d += ch_;                                             \
    d += s1_;                                             \
    h = d + z_;                                           \
    h += s0_;                                             \
    bc = (a) ^ (b);                                       \
  } while (0)

/* Same contract. */
#define SHA256_ROUND_FEW_OPS(a, b, c, d, e, f, g, h, wk) \
  do {                                                 \
    uint32_t s1_ = S1_256(e), s0_ = S0_256(a);         \
    uint32_t ch_ = (((f) ^ (g)) & (e)) ^ (g);          \
    uint32_t ab_ = (a) ^ (b);                          \
    uint32_t maj_ = (ab_ & bc) ^ (b);                  \
    h += (wk);                                         \
    h += ch_;                                          \
    h += s1_;                                          \
    d += h;                                            \
    h += maj_;                                         \
    h += s0_;                                          \
    bc = ab_;                                          \
  } while (0)

/* Keeps the compiler from forwarding W + K stored by the vector schedule
 * into scalar registers (VPEXTRD, or a separate load per word): after this
 * barrier the rounds must read the words from memory, which they do as the
 * memory operand of an ADD, one fused load-op. No instruction. Placed where
 * every row the following rounds read is already stored. */
#define SHA256_WK_STORED(p) __asm__("" : : "r"(p) : "memory")

/* Four rounds at step r (0 or 4) of the eight-round renaming cycle, W + K
 * of round i (0..3) at p[i]. */
#define SHA256_FOUR0(p)                             \
  SHA256_ROUND(a, b, c, d, e, f, g, h, (p)[0]);     \
  SHA256_ROUND(h, a, b, c, d, e, f, g, (p)[1]);     \
  SHA256_ROUND(g, h, a, b, c, d, e, f, (p)[2]);     \
  SHA256_ROUND(f, g, h, a, b, c, d, e, (p)[3])
#define SHA256_FOUR4(p)                             \
  SHA256_ROUND(e, f, g, h, a, b, c, d, (p)[0]);     \
  SHA256_ROUND(d, e, f, g, h, a, b, c, (p)[1]);     \
  SHA256_ROUND(c, d, e, f, g, h, a, b, (p)[2]);     \
  SHA256_ROUND(b, c, d, e, f, g, h, a, (p)[3])

#endif
