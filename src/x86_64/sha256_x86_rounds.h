/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 scalar rounds (FIPS 180-4, 6.2.2) reading W[t] + K[t] from a
 * buffer that a vector message schedule filled: shared by sha256_avx2.c
 * (two blocks per buffer) and sha256_ssse3.c (one block).
 *
 * Round: T1 = h + (W + K) + Ch(e,f,g) + S1(e) is summed in h's register,
 * e' = d + T1 in d's, and a' = T1 + Maj(a,b,c) + S0(a) in h's, with
 * Maj = ((a ^ b) & (b ^ c)) ^ b, whose b ^ c is the previous round's a ^ b
 * (carried in bc), and Ch = ((f ^ g) & e) ^ g (no ANDN, so no BMI1). That
 * is about 24 instructions a round, the count that sets the speed on wide
 * cores: the earlier order, which kept e' and a' four dependent steps from
 * e and a by computing a' = e' - d + ..., with Maj = (a & (b^c)) + (b & c),
 * cost three more (a subtraction, an AND, a copy) and ran 4-5% slower on
 * AMD Zen 5 with GCC 12 (the bench has the figures). The compiler may
 * re-associate the sums. Rotations are written as shift pairs, which GCC
 * and clang turn into RORX under -mbmi2.
 *
 * Constant time: additions, rotations and logic on values,
 * loads from fixed offsets of the buffer; no branch or index depends on data.
 */
#ifndef HWC_SHA256_X86_ROUNDS_H
#define HWC_SHA256_X86_ROUNDS_H

#include <stdint.h>

#define ROR32(x, n) ((x) >> (n) | (x) << (32 - (n)))
#define S0_256(x) (ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define S1_256(x) (ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))

/* On entry bc = b ^ c. New e goes to d's register, new a to h's. */
#define SHA256_ROUND(a, b, c, d, e, f, g, h, wk)     \
  do {                                               \
    uint32_t s1_ = S1_256(e), s0_ = S0_256(a);       \
    uint32_t ch_ = (((f) ^ (g)) & (e)) ^ (g);        \
    uint32_t ab_ = (a) ^ (b);                        \
    uint32_t maj_ = (ab_ & bc) ^ (b);                \
    h += (wk);                                       \
    h += ch_;                                        \
    h += s1_;                                        \
    d += h;                                          \
    h += maj_;                                       \
    h += s0_;                                        \
    bc = ab_;                                        \
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
