/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication and squaring modulo an odd m of n 64-bit limbs
 * on the AArch64 base instruction set: MUL and UMULH for the two halves of
 * each 64 x 64-bit product, ADDS/ADCS/ADC carry chains for the sums. Same
 * element layout and bounds as the portable backend (canonical n-limb
 * elements, R = 2^(64n)), so setup, to_mont and from_mont are those of
 * every canonical backend.
 *  - Product: CIOS (Koc, Acar and Kaliski, "Analyzing and comparing
 *    Montgomery multiplication algorithms", IEEE Micro 1996), the product
 *    row and the reduction row of each pass fused, four limbs at a time in
 *    registers, then the n % 4 limbs left over one at a time, all n passes
 *    in one asm statement (OpenSSL's armv8-mont __bn_mul4x_mont also
 *    works in four-limb steps).
 *  - Squaring: the off-diagonal products a_i a_j (i < j) once, the sum
 *    doubled, plus the diagonal a_i^2, then a separate word-by-word
 *    Montgomery reduction of the 2n-limb square: n^2 / 2 + n + n^2
 *    products against the 2 n^2 of a CIOS product.
 *  - Table scan: every entry read whole, eight words at a time kept in
 *    Advanced SIMD registers across all entries, under a mask.
 *
 * Why inline assembly: AArch64 has one carry flag, and a sum of many limbs
 * is a chain of ADDS then ADCS, each taking the carry of the one before.
 * C cannot hold a carry flag from one statement to the next (the compiler
 * rebuilds each carry as a 0/1 value with CINC or CSET and adds it back,
 * as the portable code does: two extra instructions per limb on the
 * critical path), and there are no add-with-carry intrinsics in ACLE.
 * MUL, UMULH, loads, stores, plain ADD/SUB and CBNZ leave the flags alone,
 * so one asm statement can interleave them with a chain.
 *
 * Why no NEON variant. A 1024-bit product (RSA-2048's CRT
 * half) needs 2048 products of 32 x 32 bits either way: 1024 MUL/UMULH
 * here (a pair is one 64 x 64 product), 1024 UMLAL/UMLAL2 in 32-bit
 * digits (two lanes, Bos, Montgomery, Shumow and Zaverucha's split:
 * a b_i in one, m q_i in the other). The LLVM 14 models give both the same
 * rate, two 32 x 32 products per cycle (A57: one MUL or UMULH per cycle,
 * one UMLAL per cycle on F0; A55: one MUL or UMULH per cycle, one 128-bit
 * UMLAL per cycle filling its NEON ALU), and NEON adds an AND and a USRA
 * per UMLAL for the carries plus the accumulators' loads and stores.
 * Modeled (llvm-mca 14, not measured, AMD EPYC Zen 5 host), cycles per
 * whole 1024-bit product: A57 model (cortex-a72, neoverse-n1) 1563 for
 * mont_mul at n = 16, 3295 for a hand-scheduled NEON prototype; A55 model
 * 6537 and 5600: the NEON product models faster there, because that
 * in-order model gives ADDS/ADCS a latency of 3 and the rows' carry chains
 * share one flag (reordering the multiplies gains 4 of 90 cycles a block),
 * while the carry-save NEON digits have no chain. But the scalar squaring
 * models at 5565, and RSA-2048's CRT exponentiations (window 5) run about
 * 1040 squarings to 220 products per half: a NEON product would save under
 * 3 % of the A55 model's Montgomery cycles (estimated from these figures,
 * not modeled whole), for some 6300 straight-line instructions: not
 * here. The prototype and the figures: tools/aarch64-model/neon-mont1024/
 * (a model input, not built into the library).
 *
 * Bounds. A block adds a 4-limb number times one limb y, plus a pending
 * word h, to the four limbs w0..w3:
 *   (2^256 - 1) + (2^256 - 1)(2^64 - 1) + (2^64 - 1) = 2^320 - 1,
 * so the block's value always fits w0..w3 and one more word, which becomes
 * the next pending word. Each block adds the low halves of its four
 * products in one chain (ADDS, ADCS x3, then ADC of zero: the chain's carry
 * as a 0/1 word c) and then h and the high halves one limb up in a second
 * chain ending in ADC h', hi3, c: that last add cannot wrap because the
 * block's value fits five words. One limb at a time (the n % 4 tail) the
 * same bound is (2^64 - 1) + (2^64 - 1)^2 + (2^64 - 1) = 2^128 - 1: the
 * high half plus two carries still fits one word. In the rows no carry
 * flag lives from one block to the next; the final subtraction and the
 * squaring's doubling keep theirs across loop iterations, whose control
 * (ADD, SUB, CBNZ) leaves the flags alone.
 * The CIOS value bounds (derived in the portable file): between passes
 * t < a + m < 2R, so t[n] <= 1; the pass's end t[n] + h + g < 2^66 and the
 * same bound leaves the new t[n] at 0 or 1. The squaring's bounds sit next
 * to its functions.
 *
 * ISA: the AArch64 baseline: A64 integer instructions for the arithmetic,
 * Advanced SIMD (part of the baseline ABI) for the table scan only.
 * Constant time: every loop bound and address depends only on n (and on
 * the public table size); no branch and no division on secrets. The
 * instructions that touch secrets (MUL, UMULH, MADD, ADDS/ADCS/ADC,
 * SBCS, CSEL, EXTR, loads and stores at public addresses, and the NEON
 * CMEQ/BSL of the scan) are all on Arm's list of data-independent-timing
 * instructions (FEAT_DIT). The final subtraction of m is always computed
 * and kept or dropped with CSEL on its borrow (cond_sub); the table scan
 * reads every entry whole and keeps one under a CMEQ mask.
 */
#include <arm_neon.h>

#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "src/common/msan.h"

HWC_CALL_COUNTER(bignum_aarch64);

/* ---- The asm fragments of a row.
 *
 * Both fragments take the four multiplicand limbs in x0..x3 (which then
 * receive the high halves of the products, so no extra registers are
 * needed for them), the accumulator limbs in w0..w3 and the pending high
 * word in %[hv]; they leave w0..w3 = w + x y + hv (mod 2^256) and hv = the
 * block's top word. l0..l3 are scratch for the low halves. The products
 * come first, so an in-order core has them ready when the chains start. */
#define BLOCK4(y, hv)                                                              \
  "mul   %[l0], %[x0], " y "\n\t"                                                  \
  "mul   %[l1], %[x1], " y "\n\t"                                                  \
  "mul   %[l2], %[x2], " y "\n\t"                                                  \
  "mul   %[l3], %[x3], " y "\n\t"                                                  \
  "umulh %[x0], %[x0], " y "\n\t"                                                  \
  "umulh %[x1], %[x1], " y "\n\t"                                                  \
  "umulh %[x2], %[x2], " y "\n\t"                                                  \
  "umulh %[x3], %[x3], " y "\n\t"                                                  \
  "adds  %[w0], %[w0], %[l0]\n\t"                                                  \
  "adcs  %[w1], %[w1], %[l1]\n\t"                                                  \
  "adcs  %[w2], %[w2], %[l2]\n\t"                                                  \
  "adcs  %[w3], %[w3], %[l3]\n\t"                                                  \
  "adc   %[l0], xzr, xzr\n\t"                                                      \
  "adds  %[w0], %[w0], %[" hv "]\n\t"                                              \
  "adcs  %[w1], %[w1], %[x0]\n\t"                                                  \
  "adcs  %[w2], %[w2], %[x1]\n\t"                                                  \
  "adcs  %[w3], %[w3], %[x2]\n\t"                                                  \
  "adc   %[" hv "], %[x3], %[l0]\n\t"

/* One limb: w0 = w0 + x0 y + hv (mod 2^64), hv = the top word (at most
 * 2^64 - 1 by the bound above, so neither ADC wraps). */
#define BLOCK1(y, hv)                                                              \
  "mul   %[l0], %[x0], " y "\n\t"                                                  \
  "umulh %[x0], %[x0], " y "\n\t"                                                  \
  "adds  %[w0], %[w0], %[l0]\n\t"                                                  \
  "adc   %[x0], %[x0], xzr\n\t"                                                    \
  "adds  %[w0], %[w0], %[" hv "]\n\t"                                              \
  "adc   %[" hv "], %[x0], xzr\n\t"

/* MemorySanitizer does not see through asm (src/common/msan.h): whether any of
 * the listed inputs is tainted. */
static inline int taint_of(const uint64_t *x, size_t nx, const uint64_t *y, size_t ny) {
  return hwc_msan_tainted(x, 8 * nx) | hwc_msan_tainted(y, 8 * ny);
}

/* r = t - m when t (n limbs plus the carry limb top, t < 2m) is at least
 * m, else t: the portable hwc_bn_cond_sub with the borrow held in the
 * carry flag. The first loop stores d = t - m into r on one SBCS chain
 * through all n limbs (loads, stores, ADD, SUB and CBNZ leave the flags
 * alone); SBCS of top then leaves C set exactly when no borrow got past
 * the carry limb, i.e. t >= m; the second loop keeps d or t limb by limb
 * with CSEL on that flag (a select, not a branch). r must not overlap t or
 * m. par = {n0, n / 4, n % 4}. */
static inline void cond_sub(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *m, const uint64_t par[3]) {
  uint64_t t0, t1, t2, t3, m0, m1, m2, m3, cnt;
  const uint64_t *tp = t, *mp = m;
  uint64_t *rp = r;
  __asm__ volatile(
      "cmp   xzr, xzr\n\t" /* C = 1: no borrow */
      "ldr   %[cnt], [%[par], #8]\n\t"
      "cbz   %[cnt], 3f\n\t"
      "1:\n\t"
      "ldp   %[t0], %[t1], [%[tp]]\n\t"
      "ldp   %[t2], %[t3], [%[tp], #16]\n\t"
      "ldp   %[m0], %[m1], [%[mp]]\n\t"
      "ldp   %[m2], %[m3], [%[mp], #16]\n\t"
      "sbcs  %[t0], %[t0], %[m0]\n\t"
      "sbcs  %[t1], %[t1], %[m1]\n\t"
      "sbcs  %[t2], %[t2], %[m2]\n\t"
      "sbcs  %[t3], %[t3], %[m3]\n\t"
      "stp   %[t0], %[t1], [%[rp]]\n\t"
      "stp   %[t2], %[t3], [%[rp], #16]\n\t"
      "add   %[tp], %[tp], #32\n\t"
      "add   %[mp], %[mp], #32\n\t"
      "add   %[rp], %[rp], #32\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 1b\n\t"
      "3:\n\t"
      "ldr   %[cnt], [%[par], #16]\n\t"
      "cbz   %[cnt], 5f\n\t"
      "4:\n\t"
      "ldr   %[t0], [%[tp]], #8\n\t"
      "ldr   %[m0], [%[mp]], #8\n\t"
      "sbcs  %[t0], %[t0], %[m0]\n\t"
      "str   %[t0], [%[rp]], #8\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 4b\n\t"
      "5:\n\t"
      "sbcs  xzr, %[top], xzr\n\t" /* C = 1 iff t >= m */
      "mov   %[tp], %[t]\n\t"
      "mov   %[rp], %[r]\n\t"
      "ldr   %[cnt], [%[par], #8]\n\t"
      "cbz   %[cnt], 7f\n\t"
      "6:\n\t"
      "ldp   %[t0], %[t1], [%[tp]]\n\t"
      "ldp   %[t2], %[t3], [%[tp], #16]\n\t"
      "ldp   %[m0], %[m1], [%[rp]]\n\t"
      "ldp   %[m2], %[m3], [%[rp], #16]\n\t"
      "csel  %[m0], %[m0], %[t0], cs\n\t"
      "csel  %[m1], %[m1], %[t1], cs\n\t"
      "csel  %[m2], %[m2], %[t2], cs\n\t"
      "csel  %[m3], %[m3], %[t3], cs\n\t"
      "stp   %[m0], %[m1], [%[rp]]\n\t"
      "stp   %[m2], %[m3], [%[rp], #16]\n\t"
      "add   %[tp], %[tp], #32\n\t"
      "add   %[rp], %[rp], #32\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 6b\n\t"
      "7:\n\t"
      "ldr   %[cnt], [%[par], #16]\n\t"
      "cbz   %[cnt], 9f\n\t"
      "8:\n\t"
      "ldr   %[t0], [%[tp]], #8\n\t"
      "ldr   %[m0], [%[rp]]\n\t"
      "csel  %[m0], %[m0], %[t0], cs\n\t"
      "str   %[m0], [%[rp]], #8\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 8b\n\t"
      "9:\n\t"
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [m0] "=&r"(m0), [m1] "=&r"(m1),
        [m2] "=&r"(m2), [m3] "=&r"(m3), [cnt] "=&r"(cnt), [tp] "+&r"(tp), [mp] "+&r"(mp), [rp] "+&r"(rp)
      : [t] "r"(t), [r] "r"(r), [top] "r"(top), [par] "r"(par)
      : "cc", "memory");
}

/* ---- Product: all n CIOS passes, t[-1..n] scratch plus accumulator.
 *
 * Pass i: q = (t[0] + a[0] b_i) n0 mod 2^64, computed up front with MADD
 * from the two limbs (one extra multiply per pass, so the reduction row
 * can run beside the product row in every block alike), then for each
 * block of limbs j..j+3: w = t[j..j+3] + a[j..j+3] b_i + h (product
 * row), w += m[j..j+3] q + g (reduction row), stored one limb down at
 * t[j-1..j+2]: the division by 2^64 (the first block's w0 is 0 by the
 * choice of q and goes to the scratch t[-1]). h and g are the two rows'
 * pending top words (bounded above). The reduction block takes the product
 * block's w in place of t's four limbs: the same bound. After the blocks
 * the n % 4 single limbs, then t[n-1..n] = t[n] + h + g (below 2^66; the
 * value bound makes the new t[n] 0 or 1).
 * par = {n0, n / 4, n % 4}; the loop over passes steps bp through b and
 * rewinds the other pointers by nb = 8 n bytes. */
static inline void mul_passes(uint64_t *t, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                              const uint64_t par[3], size_t n) {
  uint64_t x0, x1, x2, x3, l0, l1, l2, l3, w0, w1, w2, w3, bi, q, h, g, cnt;
  const uint64_t *ap = a, *mp = m, *bp = b, *be = b + n;
  uint64_t *tp = t;
  uint64_t nb = 8 * n;
  __asm__ volatile(
      "0:\n\t"
      "ldr   %[bi], [%[bp]], #8\n\t"
      "ldr   %[w0], [%[tp]]\n\t"
      "ldr   %[x0], [%[ap]]\n\t"
      "ldr   %[cnt], [%[par]]\n\t"
      "madd  %[q], %[x0], %[bi], %[w0]\n\t"
      "mul   %[q], %[q], %[cnt]\n\t"
      "mov   %[h], xzr\n\t"
      "mov   %[g], xzr\n\t"
      "ldr   %[cnt], [%[par], #8]\n\t"
      "cbz   %[cnt], 3f\n\t"
      "1:\n\t"
      "ldp   %[x0], %[x1], [%[ap]], #16\n\t"
      "ldp   %[x2], %[x3], [%[ap]], #16\n\t"
      "ldp   %[w0], %[w1], [%[tp]]\n\t"
      "ldp   %[w2], %[w3], [%[tp], #16]\n\t"
      BLOCK4("%[bi]", "h")
      "ldp   %[x0], %[x1], [%[mp]], #16\n\t"
      "ldp   %[x2], %[x3], [%[mp]], #16\n\t"
      BLOCK4("%[q]", "g")
      "stp   %[w0], %[w1], [%[tp], #-8]\n\t"
      "stp   %[w2], %[w3], [%[tp], #8]\n\t"
      "add   %[tp], %[tp], #32\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 1b\n\t"
      "3:\n\t"
      "ldr   %[cnt], [%[par], #16]\n\t"
      "cbz   %[cnt], 5f\n\t"
      "4:\n\t"
      "ldr   %[x0], [%[ap]], #8\n\t"
      "ldr   %[w0], [%[tp]]\n\t"
      BLOCK1("%[bi]", "h")
      "ldr   %[x0], [%[mp]], #8\n\t"
      BLOCK1("%[q]", "g")
      "str   %[w0], [%[tp], #-8]\n\t"
      "add   %[tp], %[tp], #8\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 4b\n\t"
      "5:\n\t"
      "ldr   %[w0], [%[tp]]\n\t"
      "adds  %[w0], %[w0], %[h]\n\t"
      "adc   %[w1], xzr, xzr\n\t"
      "adds  %[w0], %[w0], %[g]\n\t"
      "adc   %[w1], %[w1], xzr\n\t"
      "stp   %[w0], %[w1], [%[tp], #-8]\n\t"
      "sub   %[ap], %[ap], %[nb]\n\t"
      "sub   %[mp], %[mp], %[nb]\n\t"
      "sub   %[tp], %[tp], %[nb]\n\t"
      "cmp   %[bp], %[be]\n\t"
      "b.ne  0b\n\t"
      : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [l0] "=&r"(l0), [l1] "=&r"(l1),
        [l2] "=&r"(l2), [l3] "=&r"(l3), [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3),
        [bi] "=&r"(bi), [q] "=&r"(q), [h] "=&r"(h), [g] "=&r"(g), [cnt] "=&r"(cnt), [ap] "+&r"(ap), [mp] "+&r"(mp),
        [bp] "+&r"(bp), [tp] "+&r"(tp)
      : [be] "r"(be), [nb] "r"(nb), [par] "r"(par)
      : "cc", "memory");
}

/* r = a b / R mod m, canonical, for a < R and b < m: the passes above
 * leave t = (a b + Q m) / R < a b / R + m < 2m in t[0..n], so one masked
 * subtraction of m makes it canonical. */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m;
  size_t n = ctx->n;
  uint64_t tb[HWC_BN_MAX_LIMBS + 2], *t = tb + 1; /* t[-1]: scratch for the reduction's zero limb */
  for (size_t j = 0; j < n + 2; j++) tb[j] = 0;
  /* The asm reads a, b, m and t from memory, unseen by MemorySanitizer:
   * the result takes the taint of a, b and m; n0 is handed over clean. */
  int taint = taint_of(a, n, b, n) | hwc_msan_tainted(m, 8 * n);
  uint64_t par[3] = {ctx->n0, n / 4, n % 4};
  hwc_msan_clean(par, sizeof par);
  mul_passes(t, a, b, m, par, n);
  hwc_msan_set(t, 8 * (n + 1), taint);
  uint64_t top = t[n];
  hwc_msan_clean(&top, 8);
  cond_sub(r, t, top, m, par);
  hwc_msan_set(r, 8 * n, taint);
}

/* ---- Squaring. */

/* The inner loops of a squaring row: t[0..L-1] += x[0..L-1] y at the
 * pointers tp and xp, blocks of four limbs (count in cnt on entry) then
 * single limbs (count computed by `rem`), with the row's pending top word
 * in h (zero on entry). Ends with tp = t + L and h = the row's top word:
 * the row's value is below 2^(64 L) + (2^64 - 1) 2^(64 L) = 2^(64 (L + 1)),
 * so that word is all that is left above t[L-1]. Stores use an offset and
 * a separate ADD, so the next block's loads never wait on stored data to
 * learn their address. */
#define SQR_ROW_LOOPS(rem)                                                         \
  "cbz   %[cnt], 3f\n\t"                                                           \
  "1:\n\t"                                                                         \
  "ldp   %[x0], %[x1], [%[xp]]\n\t"                                                \
  "ldp   %[x2], %[x3], [%[xp], #16]\n\t"                                           \
  "ldp   %[w0], %[w1], [%[tp]]\n\t"                                                \
  "ldp   %[w2], %[w3], [%[tp], #16]\n\t"                                           \
  "add   %[xp], %[xp], #32\n\t"                                                    \
  BLOCK4("%[y]", "h")                                                              \
  "stp   %[w0], %[w1], [%[tp]]\n\t"                                                \
  "stp   %[w2], %[w3], [%[tp], #16]\n\t"                                           \
  "add   %[tp], %[tp], #32\n\t"                                                    \
  "sub   %[cnt], %[cnt], #1\n\t"                                                   \
  "cbnz  %[cnt], 1b\n\t"                                                           \
  "3:\n\t"                                                                         \
  rem                                                                              \
  "cbz   %[cnt], 5f\n\t"                                                           \
  "4:\n\t"                                                                         \
  "ldr   %[x0], [%[xp]], #8\n\t"                                                   \
  "ldr   %[w0], [%[tp]]\n\t"                                                       \
  BLOCK1("%[y]", "h")                                                              \
  "str   %[w0], [%[tp]]\n\t"                                                       \
  "add   %[tp], %[tp], #8\n\t"                                                     \
  "sub   %[cnt], %[cnt], #1\n\t"                                                   \
  "cbnz  %[cnt], 4b\n\t"                                                           \
  "5:\n\t"

/* The off-diagonal triangle: for i = 0..n-2, row i adds a_i a[i+1..n-1]
 * (L = n-1-i limbs) into t[2i+1..i+n-1] and writes its top word to
 * t[i+n], a limb no earlier row reached (t is zero on entry). All rows in
 * one asm statement: ti steps by two limbs, ai by one, L down to 0. */
static inline void sqr_triangle(uint64_t *t, const uint64_t *a, size_t n) {
  uint64_t x0, x1, x2, x3, l0, l1, l2, l3, w0, w1, w2, w3, y, h, cnt, L = n - 1;
  const uint64_t *ai = a, *xp;
  uint64_t *ti = t + 1, *tp;
  __asm__ volatile(
      "cbz   %[L], 9f\n\t"
      "0:\n\t"
      "ldr   %[y], [%[ai]], #8\n\t"
      "mov   %[xp], %[ai]\n\t"
      "mov   %[tp], %[ti]\n\t"
      "mov   %[h], xzr\n\t"
      "lsr   %[cnt], %[L], #2\n\t"
      SQR_ROW_LOOPS("and   %[cnt], %[L], #3\n\t")
      "str   %[h], [%[tp]]\n\t"
      "add   %[ti], %[ti], #16\n\t"
      "sub   %[L], %[L], #1\n\t"
      "cbnz  %[L], 0b\n\t"
      "9:\n\t"
      : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [l0] "=&r"(l0), [l1] "=&r"(l1),
        [l2] "=&r"(l2), [l3] "=&r"(l3), [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3),
        [y] "=&r"(y), [h] "=&r"(h), [cnt] "=&r"(cnt), [xp] "=&r"(xp), [tp] "=&r"(tp), [L] "+&r"(L),
        [ai] "+&r"(ai), [ti] "+&r"(ti)
      :
      : "cc", "memory");
}

/* t[0..2n-1] = 2 t + sum a_i^2 2^(128 i). The doubling shifts each limb
 * left by one with the top bit of the limb below (EXTR, no flags); the
 * squares go on one carry chain that runs through the whole loop (LDP,
 * STP, MUL, UMULH, ADD, SUB and CBNZ leave the flags alone). t holds the
 * off-diagonal sum, below a^2 / 2 < 2^(128n - 1), so no bit is shifted out
 * of t[2n-1], and the result is a^2 < 2^(128 n): the chain ends without a
 * carry. */
static inline void double_add_diag(uint64_t *t, const uint64_t *a, size_t n) {
  uint64_t lo, hi, t0, t1, p = 0, cnt = n;
  const uint64_t *ap = a;
  uint64_t *tp = t;
  __asm__ volatile(
      "cmn   xzr, xzr\n\t" /* C = 0 */
      "1:\n\t"
      "ldr   %[lo], [%[ap]], #8\n\t"
      "ldp   %[t0], %[t1], [%[tp]]\n\t"
      "umulh %[hi], %[lo], %[lo]\n\t"
      "mul   %[lo], %[lo], %[lo]\n\t"
      "extr  %[p], %[t0], %[p], #63\n\t" /* (t0 << 1) | (p >> 63) */
      "extr  %[t0], %[t1], %[t0], #63\n\t"
      "adcs  %[p], %[p], %[lo]\n\t"
      "adcs  %[t0], %[t0], %[hi]\n\t"
      "stp   %[p], %[t0], [%[tp]]\n\t"
      "add   %[tp], %[tp], #16\n\t"
      "mov   %[p], %[t1]\n\t"
      "sub   %[cnt], %[cnt], #1\n\t"
      "cbnz  %[cnt], 1b\n\t"
      : [lo] "=&r"(lo), [hi] "=&r"(hi), [t0] "=&r"(t0), [t1] "=&r"(t1), [p] "+&r"(p), [cnt] "+&r"(cnt),
        [ap] "+&r"(ap), [tp] "+&r"(tp)
      :
      : "cc", "memory");
}

/* The Montgomery reduction of the 2n-limb square, all n rows in one asm
 * statement: row i takes q = t[i] n0, adds q m to t[i..i+n-1] (t[i]
 * becomes 0), then t[i+n] + top + c, c the carry word left by the row
 * before: the row's value is below 2^(64 (n + 1)) (SQR_ROW_LOOPS), so
 * t[i+n] + top + c < 2^65 and c stays 0 or 1. Returns the last c.
 * par = {n0, n / 4, n % 4}. */
static inline uint64_t sqr_reduce(uint64_t *t, const uint64_t *m, const uint64_t par[3], size_t n) {
  uint64_t x0, x1, x2, x3, l0, l1, l2, l3, w0, w1, w2, w3, y, h, cnt, c = 0, rows = n;
  const uint64_t *xp;
  uint64_t *ti = t, *tp;
  __asm__ volatile(
      "0:\n\t"
      "ldr   %[y], [%[ti]]\n\t"
      "ldr   %[cnt], [%[par]]\n\t"
      "mul   %[y], %[y], %[cnt]\n\t"
      "mov   %[xp], %[m]\n\t"
      "mov   %[tp], %[ti]\n\t"
      "mov   %[h], xzr\n\t"
      "ldr   %[cnt], [%[par], #8]\n\t"
      SQR_ROW_LOOPS("ldr   %[cnt], [%[par], #16]\n\t")
      "ldr   %[w0], [%[tp]]\n\t"
      "adds  %[w0], %[w0], %[h]\n\t"
      "adc   %[w1], xzr, xzr\n\t"
      "adds  %[w0], %[w0], %[c]\n\t"
      "adc   %[c], %[w1], xzr\n\t"
      "str   %[w0], [%[tp]]\n\t"
      "add   %[ti], %[ti], #8\n\t"
      "sub   %[rows], %[rows], #1\n\t"
      "cbnz  %[rows], 0b\n\t"
      : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [l0] "=&r"(l0), [l1] "=&r"(l1),
        [l2] "=&r"(l2), [l3] "=&r"(l3), [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3),
        [y] "=&r"(y), [h] "=&r"(h), [cnt] "=&r"(cnt), [xp] "=&r"(xp), [tp] "=&r"(tp), [c] "+&r"(c),
        [rows] "+&r"(rows), [ti] "+&r"(ti)
      : [m] "r"(m), [par] "r"(par)
      : "cc", "memory");
  return c;
}

/* r = a^2 / R mod m, canonical, for a < m, any n: the triangle, doubled
 * with the diagonal added, then reduced. The result (a^2 + Q m) / R <
 * (m^2 + R m) / R < 2m is t[n..2n-1] with c as its carry limb: one masked
 * subtraction. */
static void mont_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  const uint64_t *m = ctx->m;
  size_t n = ctx->n;
  uint64_t t[2 * HWC_BN_MAX_LIMBS];
  for (size_t j = 0; j < 2 * n; j++) t[j] = 0;
  /* The asm reads a, m and t from memory, unseen by MemorySanitizer: the
   * result takes the taint of a and m; n0 is handed over clean. */
  int taint = taint_of(a, n, m, n);
  uint64_t par[3] = {ctx->n0, n / 4, n % 4};
  hwc_msan_clean(par, sizeof par);
  sqr_triangle(t, a, n);
  double_add_diag(t, a, n);
  uint64_t c = sqr_reduce(t, m, par, n);
  cond_sub(r, t + n, c, m, par);
  hwc_msan_set(r, 8 * n, taint);
}

/* The table functions: each counts its call and runs the product. */

/* n0, m and R^2 mod m for canonical elements. */
static void bignum_aarch64_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  hwc_bn_canonical_setup(ctx);
}

/* a < R and R^2 mod m < m keep the product below 2m (the bounds above). */
static void bignum_aarch64_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  mont_mul(r, a, ctx->rr, ctx);
}

/* a / R mod m is a times 1 in Montgomery form: canonical as every product. */
static void bignum_aarch64_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  mont_mul(r, a, one, ctx);
}

/* r = a b / R mod m, canonical. */
static void bignum_aarch64_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the dedicated squaring. */
static void bignum_aarch64_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  mont_sqr(r, a, ctx);
}

/* r = entry idx of a table of `entries` elements of `words` words: every
 * entry is read whole and kept or dropped under a mask, so the memory
 * access pattern does not depend on idx. Eight words at a time are
 * gathered in four Advanced SIMD registers over all the entries (the
 * protocol's portable scan reloads and stores r for every entry), then two
 * words, then the odd last one. The mask is CMEQ of an entry counter
 * against idx (all ones in the one matching entry) and BSL keeps that
 * entry's words: no branch, no index computed from idx. Advanced SIMD is
 * part of the AArch64 baseline that every file here is compiled for (the
 * compilers emit it unasked, __ARM_NEON is always defined), so it needs no
 * ISA name of its own. */
static void bignum_aarch64_select(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx,
                                  const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_aarch64);
  size_t words = ctx->words, j = 0;
  const uint64x2_t want = vdupq_n_u64(idx), one = vdupq_n_u64(1);
  for (; j + 8 <= words; j += 8) {
    uint64x2_t x0 = vdupq_n_u64(0), x1 = x0, x2 = x0, x3 = x0, k = x0;
    const uint64_t *e = table + j;
    for (size_t i = 0; i < entries; i++, e += words) {
      uint64x2_t mask = vceqq_u64(k, want);
      x0 = vbslq_u64(mask, vld1q_u64(e), x0);
      x1 = vbslq_u64(mask, vld1q_u64(e + 2), x1);
      x2 = vbslq_u64(mask, vld1q_u64(e + 4), x2);
      x3 = vbslq_u64(mask, vld1q_u64(e + 6), x3);
      k = vaddq_u64(k, one);
    }
    vst1q_u64(r + j, x0);
    vst1q_u64(r + j + 2, x1);
    vst1q_u64(r + j + 4, x2);
    vst1q_u64(r + j + 6, x3);
  }
  for (; j + 2 <= words; j += 2) {
    uint64x2_t x0 = vdupq_n_u64(0), k = x0;
    for (size_t i = 0; i < entries; i++) {
      x0 = vbslq_u64(vceqq_u64(k, want), vld1q_u64(table + i * words + j), x0);
      k = vaddq_u64(k, one);
    }
    vst1q_u64(r + j, x0);
  }
  if (j < words) {
    uint64x1_t x0 = vdup_n_u64(0), k = x0;
    const uint64x1_t want1 = vdup_n_u64(idx), one1 = vdup_n_u64(1);
    for (size_t i = 0; i < entries; i++) {
      x0 = vbsl_u64(vceq_u64(k, want1), vld1_u64(table + i * words + j), x0);
      k = vadd_u64(k, one1);
    }
    vst1_u64(r + j, x0);
  }
}

/* Baseline scalar code: the scalar tier, above generic. */
const hwc_bignum_kernel hwc_bignum_aarch64 = {
    .info = {.name = "aarch64", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(bignum_aarch64)},
    .setup = bignum_aarch64_setup,
    .to_mont = bignum_aarch64_to_mont,
    .from_mont = bignum_aarch64_from_mont,
    .mul = bignum_aarch64_mul,
    .sqr = bignum_aarch64_sqr,
    .select = bignum_aarch64_select,
};
