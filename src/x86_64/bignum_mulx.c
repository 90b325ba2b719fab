/* SPDX-License-Identifier: ISC */
/*
 * Montgomery multiplication and squaring modulo an odd m of n 64-bit limbs
 * with BMI2 MULX and ADX ADCX/ADOX. Same element layout and bounds as the
 * portable backend (canonical n-limb elements, R = 2^(64n)). Every row
 * adds products into an accumulator with two independent carry chains,
 * ADCX for one set of terms and ADOX for the other, which is what MULX
 * (flag-free) and ADX were made for ("New Instructions Supporting Large
 * Integer Arithmetic", Intel, 2012).
 *  - n % 8 == 0 (every RSA modulus and CRT half from 1024 bits up):
 *    product and squaring in sweeps of eight rows with a window of eight
 *    accumulator limbs in registers, so t is loaded and stored once per
 *    eight rows: the 2n-limb product (or the square: cross products of
 *    eight-limb blocks once, doubled, plus the blocks' squares), then its
 *    Montgomery reduction eight quotient limbs per sweep. The CRT halves
 *    of RSA (mul2) go through the same sweeps side by side, one sweep of
 *    each product in turn.
 *  - Product, other n % 4 == 0: CIOS (Koc, Acar and Kaliski 1996) with the
 *    product row and the reduction row of a pass fused, four limbs at a
 *    time in registers, all n passes in one asm statement.
 *  - Product, other n: CIOS with separate one-limb-per-iteration rows.
 *  - Squaring, other n: the off-diagonal products once, doubled, plus the
 *    diagonal, then a separate word-by-word Montgomery reduction of the
 *    2n-limb square (n^2 / 2 + n + n^2 products against 2 n^2).
 * Each section below states the bounds its carries rely on.
 * Inline assembly, because C and intrinsics cannot say which additions go
 * to CF and which to OF: compilers serialise _addcarryx_u64 into one chain.
 * Loops that keep a chain open count with LEA and JRCXZ, which leave both
 * flags alone.
 * Bounds of the generic-n rows (the portable file derives them): between
 * rows the accumulator t < a + m < 2R fills n limbs and t[n] <= 1, with
 * t[n+1] = 0; after a product row and before its reduction row the value
 * is below 2^64 (a + m) < 2^(64(n+1)+1), so t[n+1] <= 1. Inside a row each
 * limb takes one low half plus CF (ADCX) and one high half plus OF (ADOX):
 * two separate additions, each with its own carry of at most 1, so neither
 * flag ever has to hold more than one bit, and the high half of a 64x64
 * product is at most 2^64 - 2, so a pending high half plus OF fits its
 * register. Whatever the two chains still carry at the row's end is part
 * of the value, which the bound says fits in t[n] and t[n+1].
 * ISA: BMI2 + ADX.
 * Constant time: loop bounds and addresses depend only on n; MULX, ADCX,
 * ADOX and IMUL have fixed latency; the final subtraction is masked as in
 * the portable code.
 */
#include "src/kernels.h"
#include "src/common/bignum_helpers.h"
#include "src/common/msan.h"
#include <emmintrin.h> /* SSE2, part of x86-64 itself: the table scan, zeroing */

HWC_CALL_COUNTER(bignum_mulx);

/* ---- Product for n % 4 != 0, one limb per iteration.
 *
 * The rows below add x[0..n-1] * y into the accumulator t, the low halves
 * of the products on the CF chain (ADCX) and the high halves on the OF
 * chain (ADOX), each high half pending in a register until the next limb.
 * dst is the offset where limb j's sum is stored: 0 for a product row
 * (t[j]), -8 for a reduction row (t[j - 1], the division by 2^64; t[-1] is
 * scratch). The loops end at label 2 with both chains still open. */

/* Limb j = idx + off / 8 of a row: x_j * y, its low half on CF into the
 * accumulator with the high half pending in `in` on OF; its own high half
 * is left pending in `out`. */
#define ROW_LIMB(off, dst, in, out)                                                 \
  "mulx " off "(%[xe],%[idx],8), %[lo], %[" out "]\n\t"                             \
  "movq " off "(%[te],%[idx],8), %[cur]\n\t"                                        \
  "adcx %[lo], %[cur]\n\t"                                                          \
  "adox %[" in "], %[cur]\n\t"                                                      \
  "movq %[cur], " off "+" dst "(%[te],%[idx],8)\n\t"

/* The loop control: idx counts up to 0 in steps of `step`. */
#define ROW_NEXT(step)                                                              \
  "leaq " step "(%[idx]), %[idx]\n\t"                                               \
  "jrcxz 2f\n\t"                                                                    \
  "jmp 1b\n\t"                                                                      \
  "2:\n\t"

/* One limb per iteration, for any n. */
#define ROW1_LOOP(dst) "1:\n\t" ROW_LIMB("0", dst, "h0", "h1") "movq %[h1], %[h0]\n\t" ROW_NEXT("1")

/* t[0..n+1] += x[0..n-1] * y, t[n+1] taking the carry out (it is 0 on
 * entry): the last high half and the CF carry go into t[n], the OF carry
 * with the CF carry out of that into t[n+1]. t[n] <= 1 on entry, so
 * t[n] + h0 + CF + OF <= 2^64 + 1 carries at most once: t[n+1] = CF + OF is
 * at most 1, as the value bound (below 2^(64(n+1)+1)) also says. */
#define ROW_MUL(loop)                                                               \
  do {                                                                              \
    uint64_t lo, h1, cur, h0 = 0;                                                   \
    const uint64_t *xe = x + n;                                                     \
    uint64_t *te = t + n;                                                           \
    long idx = -(long)n;                                                            \
    __asm__ volatile("xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                    \
                     loop("0")                                                      \
                     "movq (%[te]), %[cur]\n\t"                                     \
                     "movl $0, %k[lo]\n\t"                                          \
                     "adcx %[h0], %[cur]\n\t"                                       \
                     "adox %[lo], %[cur]\n\t"                                       \
                     "movq %[cur], (%[te])\n\t"                                     \
                     "movl $0, %k[h1]\n\t"                                          \
                     "adcx %[lo], %[h1]\n\t"                                        \
                     "adox %[lo], %[h1]\n\t"                                        \
                     "movq %[h1], 8(%[te])\n\t"                                     \
                     : [lo] "=&r"(lo), [h1] "=&r"(h1), [cur] "=&r"(cur), [h0] "+&r"(h0), [idx] "+&c"(idx) \
                     : [xe] "r"(xe), [te] "r"(te), "d"(y)                           \
                     : "cc", "memory");                                             \
  } while (0)

/* t = (t + q m) / 2^64 over n + 2 limbs, with q m's low limb cancelling
 * t[0]: t[n] and the two carries shift down into t[n - 1] and t[n], and
 * t[n + 1] becomes 0. The new t is below a + m < 2R, so t[n + 1] plus the
 * chains' last carries, stored as t[n], is 0 or 1. h0_in is "+&r" where the loop starts with h0 = 0,
 * "=&r" where the lead-in sets it. */
#define ROW_REDUCE(lead, loop, h0_in)                                               \
  do {                                                                              \
    uint64_t lo, h1, cur, h0 = 0;                                                   \
    const uint64_t *xe = m + n;                                                     \
    uint64_t *te = t + n;                                                           \
    long idx = lead - (long)n;                                                      \
    __asm__ volatile("xorl %k[lo], %k[lo]\n\t"                                      \
                     loop("-8")                                                     \
                     "movq (%[te]), %[cur]\n\t"                                     \
                     "movl $0, %k[lo]\n\t"                                          \
                     "adcx %[h0], %[cur]\n\t"                                       \
                     "adox %[lo], %[cur]\n\t"                                       \
                     "movq %[cur], -8(%[te])\n\t"                                   \
                     "movq 8(%[te]), %[h1]\n\t"                                     \
                     "adcx %[lo], %[h1]\n\t"                                        \
                     "adox %[lo], %[h1]\n\t"                                        \
                     "movq %[h1], (%[te])\n\t"                                      \
                     "movq %[lo], 8(%[te])\n\t"                                     \
                     : [lo] "=&r"(lo), [h1] "=&r"(h1), [cur] "=&r"(cur), [h0] h0_in(h0), [idx] "+&c"(idx) \
                     : [xe] "r"(xe), [te] "r"(te), "d"(q)                           \
                     : "cc", "memory");                                             \
  } while (0)

/* The one-limb reduction starts with limb 0 outside the loop: only its
 * carries matter, as its sum is 0 by the choice of q. */
#define ROW1_REDUCE_LOOP(dst)                                                       \
  "mulx -8(%[xe],%[idx],8), %[lo], %[h0]\n\t"                                       \
  "movq -8(%[te],%[idx],8), %[cur]\n\t"                                             \
  "adcx %[lo], %[cur]\n\t"                                                          \
  "jrcxz 2f\n\t"                                                                    \
  ROW1_LOOP(dst)

/* MemorySanitizer does not see through the rows' asm (src/common/msan.h): whether
 * a row's inputs (t[0..n+1], x, y) carry taint, with y handed over clean.
 * The rows write t[0..n+1], the reductions also the scratch t[-1]. */
static inline int row_taint(const uint64_t *t, const uint64_t *x, uint64_t *y, size_t n) {
  int taint = hwc_msan_tainted(t, 8 * (n + 2)) | hwc_msan_tainted(x, 8 * n) | hwc_msan_tainted(y, 8);
  hwc_msan_clean(y, 8);
  return taint;
}

static inline void row_mul(uint64_t *t, const uint64_t *x, uint64_t y, size_t n) {
  int taint = row_taint(t, x, &y, n);
  ROW_MUL(ROW1_LOOP);
  hwc_msan_set(t, 8 * (n + 2), taint);
}
static inline void row_reduce(uint64_t *t, const uint64_t *m, uint64_t q, size_t n) {
  int taint = row_taint(t, m, &q, n);
  ROW_REDUCE(1, ROW1_REDUCE_LOOP, "=&r");
  hwc_msan_set(t - 1, 8 * (n + 3), taint);
}
/* ---- Four limbs at a time, both rows of a CIOS pass in one sweep.
 *
 * The pass t = (t + a b_i + q m) / 2^64 goes over t in blocks of four
 * limbs held in registers w0..w3: first the product block
 * w = t[j..j+3] + a[j..j+3] b_i + h, then the reduction block
 * w += m[j..j+3] q + g, stored one limb down (the division by 2^64). h and
 * g are the high halves still pending from the previous block of each row.
 * Within a block the CF chain (ADCX) and the OF chain (ADOX) each add one
 * term per limb; at the block's end both chains are closed into the
 * pending high half (ADOX zero, then ADCX zero), so no flag lives across a
 * block and the loop control may use DEC. Closing cannot overflow: a
 * block's value is at most
 *   (2^256 - 1) + (2^256 - 1)(2^64 - 1) + (2^64 - 1) = 2^320 - 1
 * (four limbs in w, a four-limb number times one limb, the pending word),
 * so it fits w0..w3 plus one word, which is the closed high half. The
 * product block takes the four limbs of t; the reduction block takes the
 * product block's w (four limbs) in their place: the same bound.
 * q = (t[0] + a[0] b_i) n0 mod 2^64 comes from the first block's w0, so
 * the first block's reduction makes w0 = 0 (stored into the scratch
 * t[-1]). The tail adds t[n] (0 or 1), h and g: the CIOS bound (t < a + m
 * < 2R between passes) leaves the new t[n] at 0 or 1.
 * The operands are addressed by pointers that step from block to block
 * (LEA leaves the flags alone), not by base plus scaled index: on the
 * AMD Zen 4 this was tuned on, MULX and ADCX with an indexed memory
 * operand cost about a third more per block. */

/* w0..w3 = t[0..3] + x[0..3] rdx + h at the block's pointers, h = the
 * block's high word. The OF chain adds each pending high half, the CF
 * chain the limbs of t. */
#define BLOCK_MUL(x)                                                                \
  "xorl %k[zero], %k[zero]\n\t" /* CF = OF = 0 */                                   \
  "mulx   (%[" x "]), %[w0], %[lo]\n\t"                                             \
  "adcx   (%[tp]), %[w0]\n\t"                                                       \
  "adox %[h], %[w0]\n\t"                                                            \
  "mulx  8(%[" x "]), %[w1], %[h]\n\t"                                              \
  "adcx  8(%[tp]), %[w1]\n\t"                                                       \
  "adox %[lo], %[w1]\n\t"                                                           \
  "mulx 16(%[" x "]), %[w2], %[lo]\n\t"                                             \
  "adcx 16(%[tp]), %[w2]\n\t"                                                       \
  "adox %[h], %[w2]\n\t"                                                            \
  "mulx 24(%[" x "]), %[w3], %[h]\n\t"                                              \
  "adcx 24(%[tp]), %[w3]\n\t"                                                       \
  "adox %[lo], %[w3]\n\t"                                                           \
  "adox %[zero], %[h]\n\t"                                                          \
  "adcx %[zero], %[h]\n\t"

/* w0..w3 += m[0..3] rdx + g, g = the block's high word. The OF chain adds
 * each pending high half, the CF chain the low halves. Flags clear on
 * entry. */
#define BLOCK_RED                                                                   \
  "adox %[g], %[w0]\n\t"                                                            \
  "mulx   (%[mp]), %[lo], %[g]\n\t"                                                 \
  "adcx %[lo], %[w0]\n\t"                                                           \
  "adox %[g], %[w1]\n\t"                                                            \
  "mulx  8(%[mp]), %[lo], %[g]\n\t"                                                 \
  "adcx %[lo], %[w1]\n\t"                                                           \
  "adox %[g], %[w2]\n\t"                                                            \
  "mulx 16(%[mp]), %[lo], %[g]\n\t"                                                 \
  "adcx %[lo], %[w2]\n\t"                                                           \
  "adox %[g], %[w3]\n\t"                                                            \
  "mulx 24(%[mp]), %[lo], %[g]\n\t"                                                 \
  "adcx %[lo], %[w3]\n\t"                                                           \
  "adox %[zero], %[g]\n\t"                                                          \
  "adcx %[zero], %[g]\n\t"

/* Stores w0..w3 one limb down (t[-1..2] of the block) and steps the three
 * pointers to the next block. */
#define BLOCK_STORE_NEXT                                                            \
  "movq %[w0], -8(%[tp])\n\t"                                                       \
  "movq %[w1],   (%[tp])\n\t"                                                       \
  "movq %[w2],  8(%[tp])\n\t"                                                       \
  "movq %[w3], 16(%[tp])\n\t"                                                       \
  "leaq 32(%[ap]), %[ap]\n\t"                                                       \
  "leaq 32(%[mp]), %[mp]\n\t"                                                       \
  "leaq 32(%[tp]), %[tp]\n\t"

/* All n CIOS passes for n % 4 == 0, each t[-1..n] = (t[0..n] + a b_i +
 * q m) / 2^64 as above (t[-1] is scratch), the loop over i inside the asm
 * too, so a pass costs no call. The registers hold the four limbs, the
 * pending high halves, the pointers and the block count; what is left
 * (the pointer into b, b_i, q, n0, the bases, the pass count) sits in
 * memory. */
static inline void mul4_passes(uint64_t *t, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                               const uint64_t *n0, size_t n) {
  uint64_t w0, w1, w2, w3, lo, h, g, zero, q, bi, cnt;
  const uint64_t *ap, *mp, *bp = b;
  uint64_t *tp;
  size_t passes = n, blocks = n / 4;
  __asm__ volatile("0:\n\t"
                   "movq %[bp], %%rdx\n\t"
                   "movq (%%rdx), %%rdx\n\t"
                   "movq %%rdx, %[bi]\n\t"
                   "addq $8, %[bp]\n\t"
                   "movq %[a], %[ap]\n\t"
                   "movq %[m], %[mp]\n\t"
                   "movq %[t], %[tp]\n\t"
                   "movq %[blocks], %[cnt]\n\t"
                   "xorl %k[h], %k[h]\n\t"
                   "xorl %k[g], %k[g]\n\t"
                   BLOCK_MUL("ap")
                   "movq %[w0], %%rdx\n\t"
                   "imulq %[n0], %%rdx\n\t"
                   "movq %%rdx, %[q]\n\t"
                   "xorl %k[zero], %k[zero]\n\t" /* imul left CF and OF set or not */
                   BLOCK_RED
                   BLOCK_STORE_NEXT
                   "decq %[cnt]\n\t"
                   "jz 2f\n\t"
                   "1:\n\t"
                   "movq %[bi], %%rdx\n\t"
                   BLOCK_MUL("ap")
                   "movq %[q], %%rdx\n\t"
                   BLOCK_RED
                   BLOCK_STORE_NEXT
                   "decq %[cnt]\n\t"
                   "jnz 1b\n\t"
                   "2:\n\t"
                   /* tp = t + n: t[n-1..n] = t[n] + h + g, at most
                    * 2^64 + 2^65, and the value bound says the new t[n]
                    * is 0 or 1. */
                   "movq (%[tp]), %[lo]\n\t"
                   "xorl %k[w0], %k[w0]\n\t"
                   "addq %[h], %[lo]\n\t"
                   "adcq $0, %[w0]\n\t"
                   "addq %[g], %[lo]\n\t"
                   "adcq $0, %[w0]\n\t"
                   "movq %[lo], -8(%[tp])\n\t"
                   "movq %[w0], (%[tp])\n\t"
                   "decq %[passes]\n\t"
                   "jnz 0b\n\t"
                   : [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3), [lo] "=&r"(lo), [h] "=&r"(h),
                     [g] "=&r"(g), [zero] "=&r"(zero), [cnt] "=&r"(cnt), [ap] "=&r"(ap), [mp] "=&r"(mp),
                     [tp] "=&r"(tp), [q] "=m"(q), [bi] "=m"(bi), [bp] "+m"(bp), [passes] "+m"(passes)
                   : [a] "m"(a), [m] "m"(m), [t] "m"(t), [n0] "m"(*n0), [blocks] "m"(blocks)
                   : "rdx", "cc", "memory");
}

/* ---- Eight rows per sweep, for n % 8 == 0 (every RSA modulus and CRT
 * half from 1024 bits up).
 *
 * The rows above keep the accumulator t in memory, so every product term
 * costs a load and a store of t besides its MULX. Here eight rows share one
 * sweep over t: eight multipliers y_0..y_7 (eight limbs of b, of a, or the
 * eight reduction quotients q) against the limbs of x in column blocks of
 * eight, with a window of eight limbs of t in registers (w0..w8, one of
 * them the window's next top limb). Step k of a block adds y_k x[0..7] to
 * the window, whose lowest limb is then final for the sweep and is stored;
 * the window slides up by one limb and the freed register becomes the new
 * top. After eight steps the window has moved by eight limbs, one block of
 * t is added into it, and the next block of x follows. t is loaded and
 * stored once per eight rows, not once per row.
 * Bounds. A step adds an eight-limb number times one limb to the
 * eight-limb window: at most (2^512 - 1) + (2^64 - 1)(2^512 - 1) < 2^576,
 * so the window and its new top limb hold the sum exactly; the CF chain
 * (ADCX, the low halves) and the OF chain (ADOX, the high halves) each
 * close into the new top limb (ADCX/ADOX of a zero register), which the
 * bound says cannot carry out. Every step starts with XOR, which clears
 * both flags, so no step's chains wait on the last step's flags, only on
 * the window limbs they add into. Adding a block of t into the window is
 * at most 2 (2^512 - 1) + 1 < 2^513: one carry, cb, kept in memory and fed
 * into the next block's addition (it belongs at that block's lowest
 * position), and returned after the last block: the carry into
 * t[8 blocks + 8], which the caller adds in.
 * The steps rotate through the nine window registers; after a block the
 * window sits in w8, w0..w6 and eight MOVs (eliminated at rename on the
 * CPUs this was tuned on) put it back in w0..w7 for the next block.
 * Registers: the nine window limbs, the low product half lo (the high
 * half goes through the register that becomes the new top, free until the
 * step's last product), the pointers into x and t, and RDX (MULX's
 * implicit operand): 13, which leaves one for the compiler to address the
 * operands kept in memory (the eight multipliers, the carry cb, the block
 * count, n0) where they do not sit at a fixed offset from the stack
 * pointer, as in sanitizer builds. */

/* Step k of a block with the window in r0..r7 and nw the new top: the
 * window plus y_k x[0..7] (RDX = y_k); each high half passes through nw
 * on its way into the next limb, and the last one stays there. */
#define SWEEP_MADD(k, r0, r1, r2, r3, r4, r5, r6, r7, nw)                              \
  "xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                                       \
  "mulx   (%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r0 "]\n\t"                                                       \
  "adox %[" nw "], %[" r1 "]\n\t"                                                       \
  "mulx  8(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r1 "]\n\t"                                                       \
  "adox %[" nw "], %[" r2 "]\n\t"                                                       \
  "mulx 16(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r2 "]\n\t"                                                       \
  "adox %[" nw "], %[" r3 "]\n\t"                                                       \
  "mulx 24(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r3 "]\n\t"                                                       \
  "adox %[" nw "], %[" r4 "]\n\t"                                                       \
  "mulx 32(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r4 "]\n\t"                                                       \
  "adox %[" nw "], %[" r5 "]\n\t"                                                       \
  "mulx 40(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r5 "]\n\t"                                                       \
  "adox %[" nw "], %[" r6 "]\n\t"                                                       \
  "mulx 48(%[xp]), %[lo], %[" nw "]\n\t"                                                \
  "adcx %[lo], %[" r6 "]\n\t"                                                       \
  "adox %[" nw "], %[" r7 "]\n\t"                                                       \
  "mulx 56(%[xp]), %[lo], %[" nw "]\n\t"                                            \
  "adcx %[lo], %[" r7 "]\n\t"                                                       \
  "movl $0, %k[lo]\n\t" /* MOV leaves the flags alone */                            \
  "adox %[lo], %[" nw "]\n\t"                                                       \
  "adcx %[lo], %[" nw "]\n\t"

/* A product step: RDX = y_k from memory, the step, t[k] of the block
 * stored. */
#define SWEEP_STEP(k, r0, r1, r2, r3, r4, r5, r6, r7, nw)                              \
  "movq 8*" #k "+%[y], %%rdx\n\t"                                                    \
  SWEEP_MADD(k, r0, r1, r2, r3, r4, r5, r6, r7, nw)                                 \
  "movq %[" r0 "], 8*" #k "(%[tp])\n\t"

/* A reduction step of the first block: q_k = r0 n0 mod 2^64, kept as y_k
 * for the later blocks; the step then makes r0 zero, which is not stored
 * (the low half of t is dropped by the division by R). */
#define SWEEP_QSTEP(k, r0, r1, r2, r3, r4, r5, r6, r7, nw)                             \
  "movq %[" r0 "], %%rdx\n\t"                                                        \
  "imulq %[n0], %%rdx\n\t"                                                           \
  "movq %%rdx, 8*" #k "+%[y]\n\t"                                                    \
  SWEEP_MADD(k, r0, r1, r2, r3, r4, r5, r6, r7, nw)

#define SWEEP_STEPS(STEP)                                                           \
  STEP(0, "w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8")                     \
  STEP(1, "w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w0")                     \
  STEP(2, "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w0", "w1")                     \
  STEP(3, "w3", "w4", "w5", "w6", "w7", "w8", "w0", "w1", "w2")                     \
  STEP(4, "w4", "w5", "w6", "w7", "w8", "w0", "w1", "w2", "w3")                     \
  STEP(5, "w5", "w6", "w7", "w8", "w0", "w1", "w2", "w3", "w4")                     \
  STEP(6, "w6", "w7", "w8", "w0", "w1", "w2", "w3", "w4", "w5")                     \
  STEP(7, "w7", "w8", "w0", "w1", "w2", "w3", "w4", "w5", "w6")

/* After a block: the window back into w0..w7, the next block of t added
 * with the carry cb, cb = the carry out, the pointers one block on. */
#define SWEEP_BLOCK_END                                                             \
  "movq %[w6], %[w7]\n\t"                                                           \
  "movq %[w5], %[w6]\n\t"                                                           \
  "movq %[w4], %[w5]\n\t"                                                           \
  "movq %[w3], %[w4]\n\t"                                                           \
  "movq %[w2], %[w3]\n\t"                                                           \
  "movq %[w1], %[w2]\n\t"                                                           \
  "movq %[w0], %[w1]\n\t"                                                           \
  "movq %[w8], %[w0]\n\t"                                                           \
  "movq %[cb], %[lo]\n\t"                                                           \
  "addq $-1, %[lo]\n\t" /* CF = cb */                                               \
  "adcq  64(%[tp]), %[w0]\n\t"                                                      \
  "adcq  72(%[tp]), %[w1]\n\t"                                                      \
  "adcq  80(%[tp]), %[w2]\n\t"                                                      \
  "adcq  88(%[tp]), %[w3]\n\t"                                                      \
  "adcq  96(%[tp]), %[w4]\n\t"                                                      \
  "adcq 104(%[tp]), %[w5]\n\t"                                                      \
  "adcq 112(%[tp]), %[w6]\n\t"                                                      \
  "adcq 120(%[tp]), %[w7]\n\t"                                                      \
  "movl $0, %k[lo]\n\t"                                                             \
  "adcl $0, %k[lo]\n\t"                                                             \
  "movq %[lo], %[cb]\n\t"                                                           \
  "leaq 64(%[xp]), %[xp]\n\t"                                                       \
  "leaq 64(%[tp]), %[tp]\n\t"

#define SWEEP_LOAD_WINDOW                                                           \
  "movq   (%[tp]), %[w0]\n\t"                                                       \
  "movq  8(%[tp]), %[w1]\n\t"                                                       \
  "movq 16(%[tp]), %[w2]\n\t"                                                       \
  "movq 24(%[tp]), %[w3]\n\t"                                                       \
  "movq 32(%[tp]), %[w4]\n\t"                                                       \
  "movq 40(%[tp]), %[w5]\n\t"                                                       \
  "movq 48(%[tp]), %[w6]\n\t"                                                       \
  "movq 56(%[tp]), %[w7]\n\t"

#define SWEEP_STORE_WINDOW                                                          \
  "movq %[w0],   (%[tp])\n\t"                                                       \
  "movq %[w1],  8(%[tp])\n\t"                                                       \
  "movq %[w2], 16(%[tp])\n\t"                                                       \
  "movq %[w3], 24(%[tp])\n\t"                                                       \
  "movq %[w4], 32(%[tp])\n\t"                                                       \
  "movq %[w5], 40(%[tp])\n\t"                                                       \
  "movq %[w6], 48(%[tp])\n\t"                                                       \
  "movq %[w7], 56(%[tp])\n\t"

#define SWEEP_OUTPUTS                                                               \
  [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3), [w4] "=&r"(w4),   \
      [w5] "=&r"(w5), [w6] "=&r"(w6), [w7] "=&r"(w7), [w8] "=&r"(w8), [lo] "=&r"(lo), \
      [xp] "+&r"(xp), [tp] "+&r"(tp), [cb] "+m"(cb), [cnt] "+m"(cnt)

/* t[0..8 blocks + 7] += y[0..7] x[0..8 blocks - 1], returning the carry
 * into t[8 blocks + 8] (0 or 1). blocks >= 1. */
static inline uint64_t sweep_mul(uint64_t *t, const uint64_t *ysrc, const uint64_t *x, size_t blocks) {
  uint64_t w0, w1, w2, w3, w4, w5, w6, w7, w8, lo, cb = 0, y[8];
  /* A local copy, so the asm addresses the multipliers off the stack
   * pointer rather than through a fifteenth register; handed over clean
   * for MemorySanitizer, which checks every operand the asm names (the
   * callers carry the taint). */
  for (size_t k = 0; k < 8; k++) y[k] = ysrc[k];
  hwc_msan_clean(y, sizeof y);
  size_t cnt = blocks;
  const uint64_t *xp = x;
  uint64_t *tp = t;
  __asm__ volatile(SWEEP_LOAD_WINDOW
                   "1:\n\t"
                   SWEEP_STEPS(SWEEP_STEP)
                   SWEEP_BLOCK_END
                   "decq %[cnt]\n\t"
                   "jnz 1b\n\t"
                   SWEEP_STORE_WINDOW
                   : SWEEP_OUTPUTS
                   : [y] "m"(y)
                   : "rdx", "cc", "memory");
  return cb;
}

/* t[0..n+7] += Q m with the eight quotients q_k = (t + ...)[k] n0 chosen
 * so that t[0..7] become zero (not stored), n = 8 blocks; returns the
 * carry into t[n + 8]. */
static inline uint64_t sweep_reduce(uint64_t *t, const uint64_t *m, uint64_t n0, size_t blocks) {
  uint64_t w0, w1, w2, w3, w4, w5, w6, w7, w8, lo, cb = 0, q[8];
  hwc_msan_clean(&n0, 8);
  size_t cnt = blocks;
  const uint64_t *xp = m;
  uint64_t *tp = t;
  __asm__ volatile(SWEEP_LOAD_WINDOW
                   SWEEP_STEPS(SWEEP_QSTEP)
                   SWEEP_BLOCK_END
                   "decq %[cnt]\n\t"
                   "jz 2f\n\t"
                   "1:\n\t"
                   SWEEP_STEPS(SWEEP_STEP)
                   SWEEP_BLOCK_END
                   "decq %[cnt]\n\t"
                   "jnz 1b\n\t"
                   "2:\n\t"
                   SWEEP_STORE_WINDOW
                   : SWEEP_OUTPUTS, [y] "=m"(q)
                   : [n0] "m"(n0)
                   : "rdx", "cc", "memory");
  return cb;
}

/* t[0..15] += the off-diagonal products of the eight limbs x[0..7],
 * sum_{k<j} x_k x_j 2^(64 (k + j)), returning the carry into t[16]: a
 * one-block sweep whose step k multiplies x_k by x[k+1..7] only, into the
 * window limbs k+1..7 and the new top (28 products instead of 64). Bound as
 * for a sweep step: the window plus x_k x[k+1..7] 2^(64 (k + 1)) is below
 * 2^576, so the new top limb takes both chains' last carries. */
static inline uint64_t sweep_tri(uint64_t *t, const uint64_t *x) {
  uint64_t w0, w1, w2, w3, w4, w5, w6, w7, w8, lo, cb = 0;
  size_t cnt = 1;
  const uint64_t *xp = x;
  uint64_t *tp = t;
  __asm__ volatile(SWEEP_LOAD_WINDOW
                   /* step 0: a_0 a[1..7] */
                   "movq 0(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 8(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w1]\n\t"
                   "adox %[w8], %[w2]\n\t"
                   "mulx 16(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w2]\n\t"
                   "adox %[w8], %[w3]\n\t"
                   "mulx 24(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w3]\n\t"
                   "adox %[w8], %[w4]\n\t"
                   "mulx 32(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w4]\n\t"
                   "adox %[w8], %[w5]\n\t"
                   "mulx 40(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w5]\n\t"
                   "adox %[w8], %[w6]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w6]\n\t"
                   "adox %[w8], %[w7]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w7]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w8]\n\t"
                   "adcx %[lo], %[w8]\n\t"
                   "movq %[w0], 0(%[tp])\n\t"
                   /* step 1: a_1 a[2..7] */
                   "movq 8(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 16(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w3]\n\t"
                   "adox %[w0], %[w4]\n\t"
                   "mulx 24(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w4]\n\t"
                   "adox %[w0], %[w5]\n\t"
                   "mulx 32(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w5]\n\t"
                   "adox %[w0], %[w6]\n\t"
                   "mulx 40(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w6]\n\t"
                   "adox %[w0], %[w7]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w7]\n\t"
                   "adox %[w0], %[w8]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w8]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w0]\n\t"
                   "adcx %[lo], %[w0]\n\t"
                   "movq %[w1], 8(%[tp])\n\t"
                   /* step 2: a_2 a[3..7] */
                   "movq 16(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 24(%[xp]), %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w5]\n\t"
                   "adox %[w1], %[w6]\n\t"
                   "mulx 32(%[xp]), %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w6]\n\t"
                   "adox %[w1], %[w7]\n\t"
                   "mulx 40(%[xp]), %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w7]\n\t"
                   "adox %[w1], %[w8]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w8]\n\t"
                   "adox %[w1], %[w0]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w0]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w1]\n\t"
                   "adcx %[lo], %[w1]\n\t"
                   "movq %[w2], 16(%[tp])\n\t"
                   /* step 3: a_3 a[4..7] */
                   "movq 24(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 32(%[xp]), %[lo], %[w2]\n\t"
                   "adcx %[lo], %[w7]\n\t"
                   "adox %[w2], %[w8]\n\t"
                   "mulx 40(%[xp]), %[lo], %[w2]\n\t"
                   "adcx %[lo], %[w8]\n\t"
                   "adox %[w2], %[w0]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w2]\n\t"
                   "adcx %[lo], %[w0]\n\t"
                   "adox %[w2], %[w1]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w2]\n\t"
                   "adcx %[lo], %[w1]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w2]\n\t"
                   "adcx %[lo], %[w2]\n\t"
                   "movq %[w3], 24(%[tp])\n\t"
                   /* step 4: a_4 a[5..7] */
                   "movq 32(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 40(%[xp]), %[lo], %[w3]\n\t"
                   "adcx %[lo], %[w0]\n\t"
                   "adox %[w3], %[w1]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w3]\n\t"
                   "adcx %[lo], %[w1]\n\t"
                   "adox %[w3], %[w2]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w3]\n\t"
                   "adcx %[lo], %[w2]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w3]\n\t"
                   "adcx %[lo], %[w3]\n\t"
                   "movq %[w4], 32(%[tp])\n\t"
                   /* step 5: a_5 a[6..7] */
                   "movq 40(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 48(%[xp]), %[lo], %[w4]\n\t"
                   "adcx %[lo], %[w2]\n\t"
                   "adox %[w4], %[w3]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w4]\n\t"
                   "adcx %[lo], %[w3]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w4]\n\t"
                   "adcx %[lo], %[w4]\n\t"
                   "movq %[w5], 40(%[tp])\n\t"
                   /* step 6: a_6 a[7..7] */
                   "movq 48(%[xp]), %%rdx\n\t"
                   "xorl %k[lo], %k[lo]\n\t"
                   "mulx 56(%[xp]), %[lo], %[w5]\n\t"
                   "adcx %[lo], %[w4]\n\t"
                   "movl $0, %k[lo]\n\t"
                   "adox %[lo], %[w5]\n\t"
                   "adcx %[lo], %[w5]\n\t"
                   "movq %[w6], 48(%[tp])\n\t"
                   /* step 7: a_7 a[8..7] */
                   "xorl %k[w6], %k[w6]\n\t"
                   "movq %[w7], 56(%[tp])\n\t"
                   SWEEP_BLOCK_END
                   SWEEP_STORE_WINDOW
                   : SWEEP_OUTPUTS
                   :
                   : "rdx", "cc", "memory");
  return cb;
}

/* t[0..len-1] = 0 with 16-byte stores: short, so a memset call (or the
 * loop GCC turns into one) costs more in its start-up than the stores. */
static inline void zero_limbs(uint64_t *t, size_t len) {
  size_t j = 0;
  for (; j + 2 <= len; j += 2) _mm_storeu_si128((__m128i *)(t + j), _mm_setzero_si128());
  if (j < len) t[j] = 0;
}

/* t[from..len-1] += c (c is 0 or 1), returning the carry out of
 * t[len - 1]: every limb is visited whatever c is. One ADC chain, because
 * the C spelling (s = t + c; c = s < c) is a compare and a SETB per limb
 * on the critical path. */
static inline uint64_t carry_into(uint64_t *t, size_t from, size_t len, uint64_t c) {
  uint64_t x, cnt = len - from;
  uint64_t *tp = t + from;
  __asm__ volatile("jrcxz 2f\n\t"
                   "addq $-1, %[c]\n\t" /* CF = c */
                   "1:\n\t"
                   "movq (%[tp]), %[x]\n\t"
                   "adcq $0, %[x]\n\t"
                   "movq %[x], (%[tp])\n\t"
                   "leaq 8(%[tp]), %[tp]\n\t"
                   "leaq -1(%[cnt]), %[cnt]\n\t"
                   "jrcxz 3f\n\t"
                   "jmp 1b\n\t"
                   "3:\n\t"
                   "movl $0, %k[c]\n\t"
                   "adcl $0, %k[c]\n\t"
                   "2:\n\t"
                   : [x] "=&r"(x), [cnt] "+&c"(cnt), [tp] "+&r"(tp), [c] "+&r"(c)
                   :
                   : "cc", "memory");
  return c;
}

/* r = t - m if (t, top) >= m, else t, for t < 2m, n % 4 == 0: the
 * subtraction as one SBB chain (four limbs per iteration, the loop
 * counting with LEA and JRCXZ, which leave CF alone), then kept or dropped
 * with a mask: the same choice as hwc_bn_cond_sub, whose C borrow chain
 * costs a compare and an OR per limb. */
static inline void cond_sub4(uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *m, size_t n) {
  uint64_t d[HWC_BN_MAX_LIMBS], x, borrow, cnt = n / 4;
  const uint64_t *tp = t, *mp = m;
  uint64_t *dp = d;
  __asm__ volatile("clc\n\t"
                   "1:\n\t"
                   "movq   (%[tp]), %[x]\n\t"
                   "sbbq   (%[mp]), %[x]\n\t"
                   "movq %[x],   (%[dp])\n\t"
                   "movq  8(%[tp]), %[x]\n\t"
                   "sbbq  8(%[mp]), %[x]\n\t"
                   "movq %[x],  8(%[dp])\n\t"
                   "movq 16(%[tp]), %[x]\n\t"
                   "sbbq 16(%[mp]), %[x]\n\t"
                   "movq %[x], 16(%[dp])\n\t"
                   "movq 24(%[tp]), %[x]\n\t"
                   "sbbq 24(%[mp]), %[x]\n\t"
                   "movq %[x], 24(%[dp])\n\t"
                   "leaq 32(%[tp]), %[tp]\n\t"
                   "leaq 32(%[mp]), %[mp]\n\t"
                   "leaq 32(%[dp]), %[dp]\n\t"
                   "leaq -1(%[cnt]), %[cnt]\n\t"
                   "jrcxz 2f\n\t"
                   "jmp 1b\n\t"
                   "2:\n\t"
                   "sbbq %[b], %[b]\n\t" /* all ones iff t < m */
                   : [x] "=&r"(x), [b] "=&r"(borrow), [cnt] "+&c"(cnt), [tp] "+&r"(tp), [mp] "+&r"(mp), [dp] "+&r"(dp)
                   :
                   : "cc", "memory");
  /* MemorySanitizer: d was written through a pointer the asm does not
   * name, so it takes the taint of t and m here. */
  hwc_msan_set(d, 8 * n, hwc_msan_tainted(t, 8 * n) | hwc_msan_tainted(m, 8 * n));
  /* keep t when the subtraction borrowed past the carry limb */
  uint64_t keep_t = borrow & ((top & 1) - 1);
  for (size_t j = 0; j < n; j++) r[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
}

/* The n % 8 == 0 products below work on `count` independent products at
 * once, 1 or 2 (a constant at every call): two for the CRT halves of RSA
 * (mul2). Each stage then runs one sweep of each product in turn: sweeps
 * of one product depend on each other through t, those of the two do not,
 * so the core finds independent work in its window where one product
 * alone waits on its previous sweep. */
enum { MAX_PAIR = 2 };
typedef uint64_t wide_t[2 * HWC_BN_MAX_LIMBS + 1];

/* The 2n-limb t[k] plus top[k] 2^(128 n) reduced: t = (t + Q m) / R in
 * place (the result in t[k][n..2n-1]) and the new top carry in top[k].
 * The quotient limbs are chosen eight at a time by the sweeps; each
 * sweep's carry goes into the limbs above it at once. With t + Q m < 2 R m
 * the result is below 2m: the top carry is 0 or 1. */
static inline __attribute__((always_inline)) void reduce8(wide_t *t, uint64_t *top, const hwc_bn_mont *const *c,
                                                           size_t n, int count) {
  for (size_t s = 0; s < n; s += 8)
    for (int k = 0; k < count; k++)
      top[k] += carry_into(t[k], s + n + 8, 2 * n, sweep_reduce(t[k] + s, c[k]->m, c[k]->n0, n / 8));
}

/* r[k] = t[k][n..2n-1] + top[k] 2^(64 n), made canonical; t and top take
 * the taint of the products' inputs first (the asm reads them through
 * pointers MemorySanitizer does not follow). */
static inline __attribute__((always_inline)) void finish8(uint64_t *const *r, wide_t *t, uint64_t *top,
                                                           const int *taint, const hwc_bn_mont *const *c, size_t n,
                                                           int count) {
  for (int k = 0; k < count; k++) {
    hwc_msan_set(t[k], sizeof t[k], taint[k]);
    hwc_msan_set(&top[k], 8, taint[k]);
    cond_sub4(r[k], t[k] + n, top[k], c[k]->m, n);
  }
}

/* r[k] = a[k] b[k] / R mod m[k], canonical, a < R, b < m, n % 8 == 0: the
 * 2n-limb product in eight-row sweeps over a (eight limbs of b each), then
 * the reduction. Sweep s adds b[8s..8s+7] a at t[8s..], its carry landing
 * in t[8s + n + 8], which no earlier sweep reached. */
static inline __attribute__((always_inline)) void mont_mul8_n(uint64_t *const *r, const uint64_t *const *a,
                                                               const uint64_t *const *b, const hwc_bn_mont *const *c,
                                                               int count) {
  size_t n = c[0]->n;
  wide_t t[MAX_PAIR];
  uint64_t top[MAX_PAIR];
  int taint[MAX_PAIR];
  for (int k = 0; k < count; k++) {
    taint[k] = hwc_msan_tainted(a[k], 8 * n) | hwc_msan_tainted(b[k], 8 * n) | hwc_msan_tainted(c[k]->m, 8 * n);
    zero_limbs(t[k], 2 * n + 1);
  }
  for (size_t s = 0; s < n; s += 8)
    for (int k = 0; k < count; k++) t[k][s + n + 8] = sweep_mul(t[k] + s, b[k] + s, a[k], n / 8);
  for (int k = 0; k < count; k++) top[k] = t[k][2 * n];
  reduce8(t, top, c, n, count);
  finish8(r, t, top, taint, c, n, count);
}

/* The single product. */
static void mont_mul8(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  mont_mul8_n(&r, &a, &b, &ctx, 1);
}

/* r = a b / R mod m, canonical, for a < R and b < m: CIOS, with the two
 * rows of a pass fused four limbs at a time when n % 4 == 0 (every RSA
 * size), else one product row and one reduction row per limb of b. */
static void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  if (ctx->n % 8 == 0) {
    mont_mul8(r, a, b, ctx);
    return;
  }
  const uint64_t *m = ctx->m;
  size_t n = ctx->n;
  uint64_t tb[HWC_BN_MAX_LIMBS + 3], *t = tb + 1; /* t[-1]: scratch for the reductions */
  for (size_t j = 0; j < n + 3; j++) tb[j] = 0;
  if (n % 4 == 0) {
    /* The asm reads a, b, m and t from memory, which MemorySanitizer
     * does not see: the result takes the taint of a, b and m, and the
     * one register-sized input, n0, is handed over clean. */
    int taint = hwc_msan_tainted(a, 8 * n) | hwc_msan_tainted(b, 8 * n) | hwc_msan_tainted(m, 8 * n);
    uint64_t n0 = ctx->n0;
    hwc_msan_clean(&n0, 8);
    mul4_passes(t, a, b, m, &n0, n);
    hwc_msan_set(t, 8 * (n + 1), taint);
  } else {
    for (size_t i = 0; i < n; i++) {
      row_mul(t, a, b[i], n);
      row_reduce(t, m, t[0] * ctx->n0, n);
    }
  }
  hwc_bn_cond_sub(r, t, t[n], m, n); /* t < ab/R + m < 2m: one subtraction */
}

/* ---- Squaring: a^2 as 2 (off-diagonal products) + (diagonal), then a
 * separate Montgomery reduction of the 2n-limb square.
 *
 * The off-diagonal products a_i a_j (i < j) are computed once, as rows
 * t[2i+1..i+n] += a_i a[i+1..n-1], about n^2 / 2 products; one pass then
 * doubles t and adds the n squares a_i^2; n reduction rows
 * t[i..i+n] += q_i m, q_i = t[i] n0, clear the low half. That is
 * n^2 / 2 + n + n^2 products against the 2 n^2 of a CIOS product.
 * Rows keep both carry chains open from end to end (ADCX for the low
 * halves, ADOX for the pending high halves, as the rows of the generic-n
 * product above): the loops count in RCX with LEA and JRCXZ, which leave
 * the flags alone, four limbs per iteration and then the L % 4 left
 * over, with pointers stepping as in the product. */

/* Limb `off` of a squaring row: x * rdx, t added to the low half on CF,
 * the pending high half `in` on OF; its own high half is left pending in
 * `out`. */
#define SQR_LIMB(off, in, out)                                                      \
  "mulx " off "(%[xp]), %[lo], %[" out "]\n\t"                                      \
  "adcx " off "(%[tp]), %[lo]\n\t"                                                  \
  "adox %[" in "], %[lo]\n\t"                                                       \
  "movq %[lo], " off "(%[tp])\n\t"

/* The body of a squaring row: t[0..L-1] += x[0..L-1] rdx at the pointers
 * tp and xp, blocks = L / 4 four-limb steps then rem = L % 4 one-limb
 * steps. Ends with tp = t + L, the last high half pending in h0 and both
 * chains open. */
#define SQR_ROW_LOOP                                                                \
  "xorl %k[lo], %k[lo]\n\t" /* CF = OF = 0 */                                       \
  "movq %[blocks], %%rcx\n\t"                                                       \
  "jrcxz 3f\n\t"                                                                    \
  "1:\n\t"                                                                          \
  SQR_LIMB("0", "h0", "h1")                                                         \
  SQR_LIMB("8", "h1", "h0")                                                         \
  SQR_LIMB("16", "h0", "h1")                                                        \
  SQR_LIMB("24", "h1", "h0")                                                        \
  "leaq 32(%[xp]), %[xp]\n\t"                                                       \
  "leaq 32(%[tp]), %[tp]\n\t"                                                       \
  "leaq -1(%%rcx), %%rcx\n\t"                                                       \
  "jrcxz 3f\n\t"                                                                    \
  "jmp 1b\n\t"                                                                      \
  "3:\n\t"                                                                          \
  "movq %[rem], %%rcx\n\t"                                                          \
  "jrcxz 5f\n\t"                                                                    \
  "4:\n\t"                                                                          \
  SQR_LIMB("0", "h0", "h1")                                                         \
  "movq %[h1], %[h0]\n\t"                                                           \
  "leaq 8(%[xp]), %[xp]\n\t"                                                        \
  "leaq 8(%[tp]), %[tp]\n\t"                                                        \
  "leaq -1(%%rcx), %%rcx\n\t"                                                       \
  "jrcxz 5f\n\t"                                                                    \
  "jmp 4b\n\t"                                                                      \
  "5:\n\t"

/* t[0..L] = t[0..L-1] + x[0..L-1] y, with t[L] written, not added (the
 * rows of the triangle reach a new top limb each). The row's value is
 * below 2^(64 L) + (2^64 - 1) 2^(64 L) = 2^(64 (L + 1)), so the last high
 * half plus the two open carries fits t[L]. */
static inline void sqr_row(uint64_t *t, const uint64_t *x, uint64_t y, size_t L) {
  uint64_t lo, h1, h0 = 0;
  const uint64_t *xp = x;
  uint64_t *tp = t;
  size_t blocks = L / 4, rem = L % 4;
  __asm__ volatile(SQR_ROW_LOOP
                   "movl $0, %k[lo]\n\t"
                   "adcx %[lo], %[h0]\n\t"
                   "adox %[lo], %[h0]\n\t"
                   "movq %[h0], (%[tp])\n\t"
                   : [lo] "=&r"(lo), [h1] "=&r"(h1), [h0] "+&r"(h0), [xp] "+&r"(xp), [tp] "+&r"(tp)
                   : [blocks] "rm"(blocks), [rem] "rm"(rem), "d"(y)
                   : "rcx", "cc", "memory");
}

/* One reduction row of the square: q = t[0] n0, t[0..n-1] += q m (t[0]
 * becomes 0), then t[n] += the last high half, the open carries and the
 * carry c left by the row before, c = the carry out. The row's value is
 * below 2^(64 (n + 1)) as in sqr_row, so the high half plus the open
 * carries is one word h; t[n] + h + c < 2^65, so c stays 0 or 1. */
static inline void sqr_reduce_row(uint64_t *t, const uint64_t *m, const uint64_t *n0, uint64_t *c, size_t n) {
  uint64_t lo, h1, cur, h0 = 0;
  const uint64_t *xp = m;
  uint64_t *tp = t;
  size_t blocks = n / 4, rem = n % 4;
  __asm__ volatile("movq (%[tp]), %%rdx\n\t"
                   "imulq %[n0], %%rdx\n\t"
                   SQR_ROW_LOOP
                   "movl $0, %k[lo]\n\t"
                   "adcx %[lo], %[h0]\n\t"
                   "adox %[lo], %[h0]\n\t"
                   "movq (%[tp]), %[cur]\n\t"
                   "addq %[h0], %[cur]\n\t"
                   "adcq $0, %[lo]\n\t"
                   "addq %[c], %[cur]\n\t"
                   "adcq $0, %[lo]\n\t"
                   "movq %[cur], (%[tp])\n\t"
                   "movq %[lo], %[c]\n\t"
                   : [lo] "=&r"(lo), [h1] "=&r"(h1), [cur] "=&r"(cur), [h0] "+&r"(h0), [xp] "+&r"(xp), [tp] "+&r"(tp),
                     [c] "+r"(*c)
                   : [blocks] "rm"(blocks), [rem] "rm"(rem), [n0] "m"(*n0)
                   : "rcx", "rdx", "cc", "memory");
}

/* t[0..2n-1] = 2 t + sum a_i^2 2^(128 i): the doubling on the CF chain
 * (ADCX of a limb with itself), the squares on the OF chain. t holds the
 * off-diagonal sum, below a^2 / 2, so the doubling carries nothing out of
 * t[2n-1], and the result is a^2 < 2^(128 n): neither chain ends with a
 * carry. */
static inline void sqr_diag(uint64_t *t, const uint64_t *a, size_t n) {
  uint64_t lo, hi, x0, x1, cnt = n;
  const uint64_t *ap = a;
  uint64_t *tp = t;
  __asm__ volatile("xorl %k[lo], %k[lo]\n\t"
                   "1:\n\t"
                   "movq (%[ap]), %%rdx\n\t"
                   "mulx %%rdx, %[lo], %[hi]\n\t"
                   "movq (%[tp]), %[x0]\n\t"
                   "movq 8(%[tp]), %[x1]\n\t"
                   "adcx %[x0], %[x0]\n\t"
                   "adcx %[x1], %[x1]\n\t"
                   "adox %[lo], %[x0]\n\t"
                   "adox %[hi], %[x1]\n\t"
                   "movq %[x0], (%[tp])\n\t"
                   "movq %[x1], 8(%[tp])\n\t"
                   "leaq 8(%[ap]), %[ap]\n\t"
                   "leaq 16(%[tp]), %[tp]\n\t"
                   "leaq -1(%[cnt]), %[cnt]\n\t"
                   "jrcxz 2f\n\t"
                   "jmp 1b\n\t"
                   "2:\n\t"
                   : [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1), [cnt] "+&c"(cnt), [ap] "+&r"(ap),
                     [tp] "+&r"(tp)
                   :
                   : "rdx", "cc", "memory");
}

/* sqr_diag for n % 4 == 0, four limbs of a per iteration: the loop
 * control of the one-limb version cost as much as its arithmetic. */
static inline void sqr_diag4(uint64_t *t, const uint64_t *a, size_t n) {
  uint64_t lo, hi, x0, x1, cnt = n / 4;
  const uint64_t *ap = a;
  uint64_t *tp = t;
  __asm__ volatile("xorl %k[lo], %k[lo]\n\t"
                   "1:\n\t"
                   "movq 0(%[ap]), %%rdx\n\t"
                   "mulx %%rdx, %[lo], %[hi]\n\t"
                   "movq 0(%[tp]), %[x0]\n\t"
                   "movq 8(%[tp]), %[x1]\n\t"
                   "adcx %[x0], %[x0]\n\t"
                   "adcx %[x1], %[x1]\n\t"
                   "adox %[lo], %[x0]\n\t"
                   "adox %[hi], %[x1]\n\t"
                   "movq %[x0], 0(%[tp])\n\t"
                   "movq %[x1], 8(%[tp])\n\t"
                   "movq 8(%[ap]), %%rdx\n\t"
                   "mulx %%rdx, %[lo], %[hi]\n\t"
                   "movq 16(%[tp]), %[x0]\n\t"
                   "movq 24(%[tp]), %[x1]\n\t"
                   "adcx %[x0], %[x0]\n\t"
                   "adcx %[x1], %[x1]\n\t"
                   "adox %[lo], %[x0]\n\t"
                   "adox %[hi], %[x1]\n\t"
                   "movq %[x0], 16(%[tp])\n\t"
                   "movq %[x1], 24(%[tp])\n\t"
                   "movq 16(%[ap]), %%rdx\n\t"
                   "mulx %%rdx, %[lo], %[hi]\n\t"
                   "movq 32(%[tp]), %[x0]\n\t"
                   "movq 40(%[tp]), %[x1]\n\t"
                   "adcx %[x0], %[x0]\n\t"
                   "adcx %[x1], %[x1]\n\t"
                   "adox %[lo], %[x0]\n\t"
                   "adox %[hi], %[x1]\n\t"
                   "movq %[x0], 32(%[tp])\n\t"
                   "movq %[x1], 40(%[tp])\n\t"
                   "movq 24(%[ap]), %%rdx\n\t"
                   "mulx %%rdx, %[lo], %[hi]\n\t"
                   "movq 48(%[tp]), %[x0]\n\t"
                   "movq 56(%[tp]), %[x1]\n\t"
                   "adcx %[x0], %[x0]\n\t"
                   "adcx %[x1], %[x1]\n\t"
                   "adox %[lo], %[x0]\n\t"
                   "adox %[hi], %[x1]\n\t"
                   "movq %[x0], 48(%[tp])\n\t"
                   "movq %[x1], 56(%[tp])\n\t"
                   "leaq 32(%[ap]), %[ap]\n\t"
                   "leaq 64(%[tp]), %[tp]\n\t"
                   "leaq -1(%[cnt]), %[cnt]\n\t"
                   "jrcxz 2f\n\t"
                   "jmp 1b\n\t"
                   "2:\n\t"
                   : [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1), [cnt] "+&c"(cnt), [ap] "+&r"(ap),
                     [tp] "+&r"(tp)
                   :
                   : "rdx", "cc", "memory");
}

/* r[k] = a[k]^2 / R mod m[k], canonical, a < m, n % 8 == 0 (count as for
 * mont_mul8_n). With A_I the blocks of
 * eight limbs of a, the off-diagonal products sum_{i<j} a_i a_j 2^(64 (i + j))
 * are those between blocks, sum_{I<J} A_I A_J 2^(512 (I + J)), plus those
 * inside each block. The first in sweeps (sweep I: A_I against
 * a[8I+8..n-1] at t[16I+8..], its carry into t[8I + n + 8], which no
 * earlier sweep reached), the second with sweep_tri at t[16I..16I+15], its
 * carry taken up the limbs above; then t = 2 t + the squares a_i^2
 * (sqr_diag4), and the reduction. n^2 / 2 + n + n^2 products. */
static inline __attribute__((always_inline)) void mont_sqr8_n(uint64_t *const *r, const uint64_t *const *a,
                                                               const hwc_bn_mont *const *c, int count) {
  size_t n = c[0]->n;
  wide_t t[MAX_PAIR];
  uint64_t top[MAX_PAIR];
  int taint[MAX_PAIR];
  for (int k = 0; k < count; k++) {
    taint[k] = hwc_msan_tainted(a[k], 8 * n) | hwc_msan_tainted(c[k]->m, 8 * n);
    zero_limbs(t[k], 2 * n + 1);
    top[k] = 0;
  }
  for (size_t s = 0; s + 8 < n; s += 8)
    for (int k = 0; k < count; k++)
      t[k][s + n + 8] = sweep_mul(t[k] + 2 * s + 8, a[k] + s, a[k] + s + 8, (n - s - 8) / 8);
  for (size_t s = 0; s < n; s += 8)
    for (int k = 0; k < count; k++) top[k] += carry_into(t[k], 2 * s + 16, 2 * n, sweep_tri(t[k] + 2 * s, a[k] + s));
  for (int k = 0; k < count; k++) sqr_diag4(t[k], a[k], n);
  reduce8(t, top, c, n, count);
  finish8(r, t, top, taint, c, n, count);
}

/* The single square. */
static void mont_sqr8(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) { mont_sqr8_n(&r, &a, &ctx, 1); }

/* r = a^2 / R mod m, canonical, for a < m, any n: the square, then its
 * reduction, (a^2 + Q m) / R < (m^2 + R m) / R < 2m, so the top carry c
 * and one masked subtraction make it canonical. */
static void mont_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  if (ctx->n % 8 == 0) {
    mont_sqr8(r, a, ctx);
    return;
  }
  const uint64_t *m = ctx->m;
  size_t n = ctx->n;
  uint64_t t[2 * HWC_BN_MAX_LIMBS];
  for (size_t j = 0; j < 2 * n; j++) t[j] = 0;
  /* The asm reads a, m and t from memory, unseen by MemorySanitizer; the
   * register operands (a_i, n0) are handed over clean, and the result
   * takes the taint of a and m. */
  int taint = hwc_msan_tainted(a, 8 * n) | hwc_msan_tainted(m, 8 * n);
  uint64_t n0 = ctx->n0, c = 0;
  hwc_msan_clean(&n0, 8);
  for (size_t i = 0; i + 1 < n; i++) {
    uint64_t y = a[i];
    hwc_msan_clean(&y, 8);
    sqr_row(t + 2 * i + 1, a + i + 1, y, n - 1 - i);
  }
  sqr_diag(t, a, n);
  for (size_t i = 0; i < n; i++) sqr_reduce_row(t + i, m, &n0, &c, n);
  hwc_msan_set(t, 8 * 2 * n, taint);
  hwc_msan_set(&c, 8, taint);
  hwc_bn_cond_sub(r, t + n, c, m, n);
}

/* The table functions: each counts its call and runs the product. */

/* n0, m and R^2 mod m for canonical elements. */
static void bignum_mulx_setup(hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  hwc_bn_canonical_setup(ctx);
}

/* a < R and R^2 mod m < m keep the product below 2m (the bounds above). */
static void bignum_mulx_to_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_mul(r, a, ctx->rr, ctx);
}

/* a / R mod m is a times 1 in Montgomery form: canonical as every product. */
static void bignum_mulx_from_mont(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  mont_mul(r, a, one, ctx);
}

/* r = a b / R mod m, canonical. */
static void bignum_mulx_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_mul(r, a, b, ctx);
}

/* r = a^2 / R mod m: the dedicated squaring. */
static void bignum_mulx_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  mont_sqr(r, a, ctx);
}

/* The CRT halves' two products at once: squarings when both pairs are
 * one operand twice (pointer equality, a public fact of the schedule),
 * paired sweeps for n % 8 == 0, else one product after the other. */
static void bignum_mulx_mul2(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const hwc_bn_mont *c0,
                             uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const hwc_bn_mont *c1) {
  HWC_COUNT_CALL(bignum_mulx);
  int sqr = a0 == b0 && a1 == b1;
  if (c0->n % 8 != 0 || c1->n != c0->n) {
    if (sqr) {
      mont_sqr(r0, a0, c0);
      mont_sqr(r1, a1, c1);
    } else {
      mont_mul(r0, a0, b0, c0);
      mont_mul(r1, a1, b1, c1);
    }
  } else {
    uint64_t *const r[2] = {r0, r1};
    const uint64_t *const a[2] = {a0, a1}, *const b[2] = {b0, b1};
    const hwc_bn_mont *const c[2] = {c0, c1};
    if (sqr)
      mont_sqr8_n(r, a, c, 2);
    else
      mont_mul8_n(r, a, b, c, 2);
  }
}

/* Columns col[0 .. 2 nv - 1] of every entry (entries of `words` words),
 * each entry kept or dropped under a mask, into r[0 .. 2 nv - 1]: nv SSE2
 * accumulators over all the entries. The mask is PCMPEQD of a vector
 * counter against idx in every 32-bit lane (a window's 2^w entries, w <= 5
 * in src/rsa/bignum.c, so k and idx < entries fit a lane many times over):
 * all ones exactly in the entry k == idx, in one instruction with
 * no branch, where the scalar form (k ^ idx, OR with its negation, shift,
 * subtract, broadcast) took seven. With nv a constant after inlining the
 * accumulators live in registers (nv <= 8, and the counter, idx and one
 * constant: 11 of the 16). */
static inline __attribute__((always_inline)) void select_cols(uint64_t *r, const uint64_t *col, size_t words,
                                                              size_t entries, __m128i idxv, int nv) {
  __m128i acc[8], kv = _mm_setzero_si128();
  const __m128i one = _mm_set1_epi32(1);
  for (int v = 0; v < nv; v++) acc[v] = _mm_setzero_si128();
  for (size_t k = 0; k < entries; k++, col += words) {
    __m128i mask = _mm_cmpeq_epi32(kv, idxv);
    kv = _mm_add_epi32(kv, one);
    for (int v = 0; v < nv; v++)
      acc[v] = _mm_or_si128(acc[v], _mm_and_si128(mask, _mm_loadu_si128((const __m128i *)col + v)));
  }
  for (int v = 0; v < nv; v++) _mm_storeu_si128((__m128i *)r + v, acc[v]);
}

/* r = entry idx of a table of `entries` elements of n words: every entry
 * is read whole and kept or dropped with a mask, so the memory access
 * pattern does not depend on idx. Sixteen words at a time over all the
 * entries (one mask per entry and sixteen words; the protocol's portable
 * scan reloads and stores r for every entry), then eight, then two, then
 * the last odd word. */
static void bignum_mulx_select(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx,
                               const hwc_bn_mont *ctx) {
  HWC_COUNT_CALL(bignum_mulx);
  size_t words = ctx->words, j = 0;
  const __m128i idxv = _mm_set1_epi32((int)idx);
  for (; j + 16 <= words; j += 16) select_cols(r + j, table + j, words, entries, idxv, 8);
  for (; j + 8 <= words; j += 8) select_cols(r + j, table + j, words, entries, idxv, 4);
  for (; j + 2 <= words; j += 2) select_cols(r + j, table + j, words, entries, idxv, 1);
  if (j < words) {
    uint64_t x = 0;
    for (size_t k = 0; k < entries; k++) {
      uint64_t diff = (uint64_t)k ^ idx;
      x |= table[k * words + j] & (((diff | (0 - diff)) >> 63) - 1);
    }
    r[j] = x;
  }
}

/* Priority just above the avx2 backend's, below IFMA: with the fused passes
 * and the dedicated squaring this scalar code measured at least level with
 * avx2 on RSA private operations of every size (ahead at 2048 and 3072
 * bits), and BMI2 + ADX is the path OpenSSL also prefers over AVX2. */
const hwc_bignum_kernel hwc_bignum_mulx = {
    .info = {.name = "mulx", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256 + 1, HWC_CALLS(bignum_mulx)},
    .setup = bignum_mulx_setup,
    .to_mont = bignum_mulx_to_mont,
    .from_mont = bignum_mulx_from_mont,
    .mul = bignum_mulx_mul,
    .sqr = bignum_mulx_sqr,
    .mul2 = bignum_mulx_mul2,
    .select = bignum_mulx_select,
};
