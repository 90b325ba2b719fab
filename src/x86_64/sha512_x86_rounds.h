/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 scalar rounds (FIPS 180-4, 6.4.2) reading W[t] + K[t] from a
 * buffer that a vector message schedule filled: shared by
 * sha512_x86_blocks.h (two blocks per buffer, AVX2) and sha512_ssse3.c
 * (one block). The includer picks one of the two rounds below (ROUND is
 * SHA512_ROUND, which sha512_ssse3.c defines; sha512_x86_blocks.h
 * redefines ROUND to choose per call site) and defines WK(p, i) for its
 * buffer's layout.
 *
 * A round is bound both by latency (the e and a recurrences) and by
 * its count of scalar ALU operations; which bound is the tighter depends on
 * the core's integer ALU count, so there are two rounds:
 *  - SHA512_ROUND_SHORT_PATH: the textbook order, e' = d + T1 with
 *    T1 = h + W + K + Ch + S1(e), puts five dependent steps between e and
 *    e' (S1 takes three: RORX, XOR, XOR). Here d + h + W + K is summed
 *    first, off the path, so e' = (that + Ch) + S1 is four steps from e.
 *    For a, the identity a' = T1 + S0(a) + Maj = e' - d + S0(a) + Maj, with
 *    Maj(a,b,c) = (a & (b^c)) + (b & c) (the two terms never share a set
 *    bit), puts (b & c) - d off the path and a & (b^c) one step from a, so
 *    a' is four steps from a as well. That costs three operations over the
 *    textbook round (25 ALU operations, 4-cycle recurrences): the better
 *    trade on a core with six integer ALUs (AMD Zen 5), where 22
 *    operations would take under four cycles and the recurrence sets the
 *    pace.
 *  - SHA512_ROUND_FEW_OPS: the textbook order with
 *    Maj = ((a^b) & (b^c)) ^ b, 22 ALU operations (6 RORX, 8 XOR, 2 AND,
 *    6 ADD, the same count as OpenSSL's round) and 5-cycle recurrences:
 *    the better trade on four integer ALUs (Haswell to Skylake, Zen 2 to
 *    Zen 4), where 25 operations need over six cycles a round and 22 need
 *    five and a half.
 * In both, b ^ c is carried over from the previous round's a ^ b. Without
 * BMI2 (sha512_ssse3.c) a rotation is a copy and a ROR, so the count
 * weighs more still, and the few-operations round is the one to take.
 *
 * Constant time: additions, subtractions, rotations and logic on values;
 * no branch or index depends on data.
 */
#ifndef HWC_SHA512_X86_ROUNDS_H
#define HWC_SHA512_X86_ROUNDS_H

#include <stdint.h>

#include "src/common/msan.h"

/* GCC and Clang turn the rotate idiom into RORX under -mbmi2, into ROR
 * (and a copy) without. */
#define ROR(x, n) ((x) >> (n) | (x) << (64 - (n)))
#define S0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define S1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))

/* Makes x a value the compiler must produce as written: stops it from
 * re-associating the sums below into the five-step order. No instruction.
 * MemorySanitizer reports a secret asm operand and drops its taint
 * (src/common/msan.h): its builds, which only check data flow, leave it out. */
#ifdef HWC_MSAN
#define SUM_AS_WRITTEN(x) ((void)(x))
#else
#define SUM_AS_WRITTEN(x) __asm__("" : "+r"(x))
#endif

/* On entry bc = b ^ c. New e goes to d's register, new a to h's. */
#define SHA512_ROUND_SHORT_PATH(a, b, c, d, e, f, g, h, wk) \
  do {                                                      \
    uint64_t s1 = S1(e), s0 = S0(a);                        \
    uint64_t ch = (((f) ^ (g)) & (e)) ^ (g);                \
    uint64_t z = ((b) & ~bc) - (d); /* (b & c) - d */       \
    z += (a) & bc;                                          \
    SUM_AS_WRITTEN(z);                                      \
    d += h;                                                 \
    d += (wk);                                              \
    d += ch;                                                \
    SUM_AS_WRITTEN(d);                                      \
    d += s1;                                                \
    h = d + z;                                              \
    SUM_AS_WRITTEN(h);                                      \
    h += s0;                                                \
    bc = (a) ^ (b);                                         \
  } while (0)

/* Same contract. The compiler may re-associate these sums: every order of
 * them costs the same count, and none shortens the 5-step paths. */
#define SHA512_ROUND_FEW_OPS(a, b, c, d, e, f, g, h, wk)    \
  do {                                                      \
    uint64_t s1 = S1(e), s0 = S0(a);                        \
    uint64_t ch = (((f) ^ (g)) & (e)) ^ (g);                \
    uint64_t ab = (a) ^ (b);                                \
    uint64_t maj = (ab & bc) ^ (b);                         \
    h += (wk);                                              \
    h += ch;                                                \
    h += s1;                                                \
    d += h;                                                 \
    h += maj;                                               \
    h += s0;                                                \
    bc = ab;                                                \
  } while (0)

#define ROUND SHA512_ROUND

/* Two rounds at step i (0, 2, 4, 6) of the eight-round renaming cycle,
 * reading W + K of round i of the eight at p as WK(p, i), which the
 * includer defines for its buffer layout. */
#define PAIR0(p, i) ROUND(a, b, c, d, e, f, g, h, WK(p, i)); ROUND(h, a, b, c, d, e, f, g, WK(p, (i) + 1))
#define PAIR2(p, i) ROUND(g, h, a, b, c, d, e, f, WK(p, i)); ROUND(f, g, h, a, b, c, d, e, WK(p, (i) + 1))
#define PAIR4(p, i) ROUND(e, f, g, h, a, b, c, d, WK(p, i)); ROUND(d, e, f, g, h, a, b, c, WK(p, (i) + 1))
#define PAIR6(p, i) ROUND(c, d, e, f, g, h, a, b, WK(p, i)); ROUND(b, c, d, e, f, g, h, a, WK(p, (i) + 1))
#define EIGHT(p) PAIR0(p, 0); PAIR2(p, 2); PAIR4(p, 4); PAIR6(p, 6)

#endif
