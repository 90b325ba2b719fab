/* SPDX-License-Identifier: ISC */
/*
 * One batch of 59 half-delta divsteps (Bernstein and Yang, "Fast
 * constant-time gcd computation and modular inversion", TCHES 2019, in
 * the form of libsecp256k1's safegcd_implementation.md) on the low 64
 * bits of f and g, returned as a 2x2 transition matrix scaled by 2^62:
 * the step shared by the constant-time inversions modulo curve25519's
 * moduli (src/curve25519/modinv25519.c) and modulo any odd big number
 * (src/rsa/bignum_inv.c). Why 59 steps and the matrix bounds:
 * modinv25519.c's file comment.
 */
#ifndef HWC_DIVSTEPS62_H
#define HWC_DIVSTEPS62_H

#include <stdint.h>

#include "src/common/msan.h"

/* The transition matrix of a batch, times 2^62. */
typedef struct {
  int64_t u, v, q, r;
} trans;

/* 59 half-delta divsteps on the low words of f (odd) and g; zeta is
 * -(delta + 1/2). Per step: if g is odd, g += f or g -= f (by the sign of
 * zeta), and when zeta < 0 the old g becomes the new f; then g halves.
 * The matrix (u v; q r) starts at 8 = 2^3 and doubles its first row
 * instead of halving g, so it ends scaled by 2^62.
 *
 * On x86_64 (GCC or Clang, not under MemorySanitizer, which cannot see
 * into asm: src/common/msan.h) each step is the asm below, the same step with
 * CMOV selections in place of the masks: measured about a fifth faster
 * per step than the compiled masks on Zen 5, the step being one long
 * dependency chain that the selections shorten. CMOV reads both operands
 * and takes the same time whichever it keeps, so the step stays constant
 * time; valgrind's check (tests/CT.md) sees no branch. The C loop is the
 * definition and the fallback. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(HWC_MSAN)
static inline int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8, a, b, c, s, nz;
  for (int i = 3; i < 62; i++) {
    __asm__("mov %[f], %[a]\n\t"
            "neg %[a]\n\t"
            "mov %[u], %[b]\n\t"
            "neg %[b]\n\t"
            "mov %[v], %[c]\n\t"
            "neg %[c]\n\t"
            "test %[z], %[z]\n\t"          /* SF: zeta < 0 */
            "cmovns %[f], %[a]\n\t"        /* a = zeta < 0 ? -f : f */
            "cmovns %[u], %[b]\n\t"
            "cmovns %[v], %[c]\n\t"
            "add %[g], %[a]\n\t"           /* a = g -+ f, b = q -+ u, c = r -+ v */
            "add %[q], %[b]\n\t"
            "add %[r], %[c]\n\t"
            "mov %[z], %[nz]\n\t"
            "not %[nz]\n\t"                /* -zeta - 1 */
            "mov %[g], %[s]\n\t"
            "shl $63, %[s]\n\t"
            "and %[z], %[s]\n\t"           /* SF: a swap, g odd and zeta < 0 */
            "cmovs %[g], %[f]\n\t"         /* f, u, v = the old g, q, r */
            "cmovs %[q], %[u]\n\t"
            "cmovs %[r], %[v]\n\t"
            "cmovs %[nz], %[z]\n\t"
            "test $1, %[g]\n\t"            /* ZF: g even */
            "cmovnz %[a], %[g]\n\t"
            "cmovnz %[b], %[q]\n\t"
            "cmovnz %[c], %[r]\n\t"
            "shr %[g]\n\t"
            "add %[u], %[u]\n\t"
            "add %[v], %[v]\n\t"
            "sub $1, %[z]"                  /* zeta - 1, or -zeta - 2 on a swap */
            : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [z] "+r"(zeta),
              [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [s] "=&r"(s), [nz] "=&r"(nz)
            :
            : "cc");
  }
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)q;
  t->r = (int64_t)r;
  return zeta;
}
#elif defined(__aarch64__) && defined(__GNUC__) && !defined(HWC_MSAN)
/* On aarch64 the same steps with conditional selects, y = zeta + 1 kept in
 * place of zeta: a step is y' = y - 1 (SUBS, whose flags give zeta < 0),
 * CNEG of f, u, v by that sign, the three sums g -+ f, q -+ u, r -+ v, TST
 * of g's low bit and CSEL of the sums when g is odd, CCMP to make "lt"
 * mean a swap (g odd and zeta < 0; "ge" when g is even), CSEL of the old
 * g, q, r into f, u, v on a swap, and y = zeta - 1 + 1 = y' normally, or
 * -y = -zeta - 2 + 1 on a swap (CSNEG). 19 instructions where the compiled
 * masks take 27 (and no MOVs: two steps per statement, the second with the
 * roles of q, r and their temporaries exchanged). The three shifts are
 * written as ADD of XZR and a shifted register, which the Cortex-A57
 * model of llvm-mca 14 issues on its multiply pipe, idle here, instead of
 * the two integer pipes that bound this loop: 8.3 cycles a step there
 * against the masks' 13.5 (the x25519 trace: modinv 9,397 -> 6,400
 * cycles, the same for every fe25519 backend, since all of them invert
 * here). The in-order Cortex-A55 model waits on each flag result instead
 * (17.5 cycles a step against about 15.9: modinv 12,770 -> 13,744, 0.3%
 * of an X25519 there); kept for the out-of-order cores. Constant time as the masks: CSEL, CNEG, CSNEG and CCMP read
 * both operands and take the same time whichever they keep; nothing
 * branches on the data. */
#define DIVSTEP_A64(Q, R, NQ, NR)                                                                      \
  "subs %[z1], %[y], #1\n\t"                                                                        \
  "cneg %[a], %[f], lt\n\t"                                                                         \
  "cneg %[" NQ "], %[u], lt\n\t"                                                                    \
  "cneg %[" NR "], %[v], lt\n\t"                                                                    \
  "add %[a], %[g], %[a]\n\t"                                                                        \
  "add %[" NQ "], %[" Q "], %[" NQ "]\n\t"                                                          \
  "add %[" NR "], %[" R "], %[" NR "]\n\t"                                                          \
  "tst %[g], #1\n\t"                                                                                \
  "csel %[a], %[a], %[g], ne\n\t"                                                                   \
  "csel %[" NQ "], %[" NQ "], %[" Q "], ne\n\t"                                                     \
  "csel %[" NR "], %[" NR "], %[" R "], ne\n\t"                                                     \
  "ccmp %[z1], #0, #0, ne\n\t"                                                                      \
  "csel %[f], %[g], %[f], lt\n\t"                                                                   \
  "csel %[u], %[" Q "], %[u], lt\n\t"                                                               \
  "csel %[v], %[" R "], %[v], lt\n\t"                                                               \
  "csneg %[y], %[z1], %[y], ge\n\t"                                                                 \
  "add %[g], xzr, %[a], lsr #1\n\t"                                                                 \
  "add %[u], xzr, %[u], lsl #1\n\t"                                                                 \
  "add %[v], xzr, %[v], lsl #1\n\t"
static inline int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8, a, b, c, z1, y = (uint64_t)(zeta + 1);
  /* 29 double steps (q, r -> b, c -> q, r), then one step and the moves */
  for (int i = 0; i < 29; i++)
    __asm__(DIVSTEP_A64("q", "r", "b", "c") DIVSTEP_A64("b", "c", "q", "r")
            : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [y] "+r"(y),
              [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [z1] "=&r"(z1)
            :
            : "cc");
  __asm__(DIVSTEP_A64("q", "r", "b", "c")
          : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [y] "+r"(y),
            [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [z1] "=&r"(z1)
          :
          : "cc");
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)b;
  t->r = (int64_t)c;
  return (int64_t)y - 1;
}
#undef DIVSTEP_A64
#else
static inline int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8;
  for (int i = 3; i < 62; i++) {
    uint64_t c1 = (uint64_t)(zeta >> 63); /* all ones when zeta < 0 */
    uint64_t c2 = 0 - (g & 1);            /* all ones when g is odd */
    g += ((f ^ c1) - c1) & c2;            /* g - f or g + f when g is odd */
    q += ((u ^ c1) - c1) & c2;
    r += ((v ^ c1) - c1) & c2;
    c1 &= c2;                             /* a swap: zeta < 0 and g odd */
    zeta = (zeta ^ (int64_t)c1) - 1;      /* -zeta - 2 on a swap, else zeta - 1 */
    f += g & c1;                          /* f + (g - f): the old g */
    u += q & c1;
    v += r & c1;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)q;
  t->r = (int64_t)r;
  return zeta;
}
#endif

#endif
