/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream with AVX2 (RFC 8439 block function).
 *
 * Eight blocks at once, "vertically": ymm register i holds state word i of
 * eight consecutive blocks, so every quarter round is eight independent
 * ones and no shuffles are needed inside the rounds; a transpose at the end
 * puts the words back in block order (the layout of Goll and Gueron,
 * "Vectorization of ChaCha stream cipher", 2014). Runs shorter than eight
 * blocks use a two-block "horizontal" layout instead (one 128-bit lane per
 * block, rows in registers, diagonals by lane rotation), and a lone block the
 * portable loop (faster than one lane of that layout), so a short message
 * never pays for eight blocks. The two-block rounds and the in-lane
 * transpose are chacha20_x86_rounds.h (shared with the AVX-512 kernel);
 * chacha20_avx2.h holds the AVX2 rotates, the 8-block rounds (one asm
 * statement per double round, arranged for sixteen registers: two of the
 * four c words kept in stack slots, the byte-rotate patterns read from
 * memory; see rounds8) and the moves of 128-bit lanes to output blocks.
 *
 * Two tuning records: the default, and `gpr`, whose plain keystream runs
 * nine-block steps (rounds9: the eight vector blocks with a ninth block's
 * rounds on the general registers in the same asm statement,
 * chacha20_x86_gpr.h) for cores whose vector operations have two-cycle
 * latency. The eight-block rounds are in chacha20_avx2.h, shared with the
 * stitched ChaCha20-Poly1305 of chacha20_poly1305_avx2.c.
 *
 * ISA: AVX2 (and AVX). Constant time: additions, XORs, shifts and byte
 * shuffles with fixed patterns only; the stack slots and the shuffle
 * patterns are at fixed addresses; no data-dependent branch or address.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "chacha20_avx2.h"
#include "chacha20_x86_gpr.h"

HWC_CALL_COUNTER(chacha20_avx2);

/* What the eight-plus-one rounds work on, at fixed offsets from one base
 * register (written into the asm text: keep them in step): g, the scalar
 * block and the round count (chacha20_x86_gpr.h), then x, the sixteen
 * state vectors after the rounds (x[10] and x[11] double as the c words'
 * slots, as in rounds8). */
typedef struct {
  chacha_gpr_block g;    /* offset 0 */
  _Alignas(64) cv x[16]; /* offset 128, 32 bytes each */
} round_frame;
_Static_assert(offsetof(round_frame, x) == 128, "the asm text's offsets");

/* The vertical layout in named registers: a0..a3 in ymm0..3, b0..b3 in
 * ymm4..7, the pair's c words in ymm8, ymm9 (the other two in the frame,
 * exchanged as in rounds8), d0..d3 in ymm10..13, temporaries ymm14, 15. */
#define Y_LOAD                                                              \
  "vmovdqa 0(%[s]), %%ymm0\n\t" "vmovdqa 32(%[s]), %%ymm1\n\t"               \
  "vmovdqa 64(%[s]), %%ymm2\n\t" "vmovdqa 96(%[s]), %%ymm3\n\t"              \
  "vmovdqa 128(%[s]), %%ymm4\n\t" "vmovdqa 160(%[s]), %%ymm5\n\t"            \
  "vmovdqa 192(%[s]), %%ymm6\n\t" "vmovdqa 224(%[s]), %%ymm7\n\t"            \
  "vmovdqa 320(%[s]), %%ymm8\n\t" "vmovdqa 352(%[s]), %%ymm9\n\t"            \
  "vmovdqa %%ymm8, 448(%[f])\n\t" "vmovdqa %%ymm9, 480(%[f])\n\t"            \
  "vmovdqa 256(%[s]), %%ymm8\n\t" "vmovdqa 288(%[s]), %%ymm9\n\t"            \
  "vmovdqa 384(%[s]), %%ymm10\n\t" "vmovdqa 416(%[s]), %%ymm11\n\t"          \
  "vmovdqa 448(%[s]), %%ymm12\n\t" "vmovdqa 480(%[s]), %%ymm13\n\t"
#define Y_STORE                                                             \
  "vmovdqa %%ymm0, 128(%[f])\n\t" "vmovdqa %%ymm1, 160(%[f])\n\t"            \
  "vmovdqa %%ymm2, 192(%[f])\n\t" "vmovdqa %%ymm3, 224(%[f])\n\t"            \
  "vmovdqa %%ymm4, 256(%[f])\n\t" "vmovdqa %%ymm5, 288(%[f])\n\t"            \
  "vmovdqa %%ymm6, 320(%[f])\n\t" "vmovdqa %%ymm7, 352(%[f])\n\t"            \
  "vmovdqa %%ymm8, 384(%[f])\n\t" "vmovdqa %%ymm9, 416(%[f])\n\t"            \
  "vmovdqa %%ymm10, 512(%[f])\n\t" "vmovdqa %%ymm11, 544(%[f])\n\t"          \
  "vmovdqa %%ymm12, 576(%[f])\n\t" "vmovdqa %%ymm13, 608(%[f])\n\t"
#define Y_QR2(a0, b0, c0, d0, a1, b1, c1, d1)                               \
  AVX2_QR2("%%ymm" a0, "%%ymm" b0, "%%ymm" c0, "%%ymm" d0, "%%ymm" a1, "%%ymm" b1, "%%ymm" c1, "%%ymm" d1, \
           "%[r16]", "%[r8]")
#define Y_TO_10_11                                                          \
  "vmovdqa %%ymm8, 384(%[f])\n\t" "vmovdqa %%ymm9, 416(%[f])\n\t"            \
  "vmovdqa 448(%[f]), %%ymm8\n\t" "vmovdqa 480(%[f]), %%ymm9\n\t"
#define Y_TO_8_9                                                            \
  "vmovdqa %%ymm8, 448(%[f])\n\t" "vmovdqa %%ymm9, 480(%[f])\n\t"            \
  "vmovdqa 384(%[f]), %%ymm8\n\t" "vmovdqa 416(%[f]), %%ymm9\n\t"

/* Eight vertical blocks from s (the input state, word by word) into f->x,
 * and the scalar block f->g beside them, in one asm statement (see
 * chacha20_x86_gpr.h); the column and diagonal pairs are rounds8's. */
static inline __attribute__((always_inline)) void rounds9(round_frame *f, const cv s[16]) {
#ifdef HWC_MSAN
  chacha_rounds_and_scalar(f->x, s, f->g.w);
#else
  const cv *sp = s;
  __asm__ volatile(Y_LOAD GPR_LOAD
                   "movl $10, " GPR_COUNT "\n\t"
                   ".p2align 4\n\t"
                   "1:\n\t"
                   Y_QR2("0", "4", "8", "10", "1", "5", "9", "11") GPR_COLS01 Y_TO_10_11
                   Y_QR2("2", "6", "8", "12", "3", "7", "9", "13") GPR_COLS23
                   Y_QR2("0", "5", "8", "13", "1", "6", "9", "10") GPR_DIAG01 Y_TO_8_9
                   Y_QR2("2", "7", "8", "11", "3", "4", "9", "12") GPR_DIAG23
                   "decl " GPR_COUNT "\n\t"
                   "jnz 1b\n\t"
                   Y_STORE GPR_STORE
                   : [s] "+D"(sp) /* edi is the scalar c word once the state is loaded */
                   : [f] "S"(f), [r16] "m"(*(const uint8_t(*)[32])rot_masks),
                     [r8] "m"(*(const uint8_t(*)[32])(rot_masks + 32))
                   : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
                     "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                     "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "cc", "memory");
#endif
}

/* Nine blocks: eight vertical ones (s: the state broadcast word by word,
 * lane j of s[12] the counter st[12] + j) and the ninth, counter
 * st[12] + 8, on the general registers. */
static __attribute__((noinline)) void blocks9(uint8_t *out, const uint8_t *in, const cv s[16], const uint32_t st[16]) {
  round_frame f;
  uint32_t w0[16];
  for (int i = 0; i < 16; i++) w0[i] = f.g.w[i] = st[i];
  w0[12] = f.g.w[12] = st[12] + 8;
  rounds9(&f, s);
  for (int i = 0; i < 16; i++) f.x[i] = cv_add(f.x[i], s[i]);
  vertical_out8(out, in, f.x, 8);
  chacha_gpr_out(out + 512, in + 512, &f.g, w0);
}

/* The table's key_and_blocks: the AEAD's one-time key block (counter
 * st[12]) on the general registers beside the next nblocks (1..8) in the
 * vertical layout (counters st[12] + 1 ..), through rounds9 whatever the
 * tuning: the scalar block alone costs about as much as an eight. */
static void chacha20_avx2_key_and_blocks(uint8_t key[64], uint8_t *out, const uint8_t *in, size_t nblocks,
                                         uint32_t st[16]) {
  static const uint8_t zero[64];
  HWC_COUNT_CALL(chacha20_avx2);
  round_frame f;
  uint32_t w0[16];
  cv s[16];
  for (int i = 0; i < 16; i++) {
    s[i] = cv_set1(st[i]);
    w0[i] = f.g.w[i] = st[i];
  }
  s[12] = cv_add(s[12], cv_add(cv_lane_index(), cv_set1(1)));
  rounds9(&f, s);
  for (int i = 0; i < 16; i++) f.x[i] = cv_add(f.x[i], s[i]);
  vertical_out8(out, in, f.x, nblocks);
  chacha_gpr_out(key, zero, &f.g, w0);
  st[12] += (uint32_t)nblocks + 1;
}

/* Tuning records: whether the plain keystream runs nine-block steps, a
 * ninth block on the general registers beside the eight vector ones
 * (chacha20_x86_gpr.h), for cores whose vector operations have two-cycle
 * latency. The stitched AEAD is the same under both (its MAC holds the
 * general registers, so its steps stay at eight). */
typedef struct {
  hwc_tuning t;
  int gpr_block;
} avx2_tuning;
static const avx2_tuning vector_only = {{"vector"}, 0};
static const avx2_tuning gpr = {{"gpr"}, 1};
static const hwc_tuning *const tunings[] = {&vector_only.t, &gpr.t};
static const hwc_tuning *tuning = &vector_only.t;

/* The table's xor_blocks. Under `gpr`, first nines in runs of eight, 72
 * blocks being eight nines or nine eights, so that what is left takes the
 * eights and the tail it would have taken anyway (a nine is worth too
 * little to pay for a worse tail); then eights, pairs, a lone block
 * scalar. */
static void chacha20_avx2_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_avx2);
  if (nblocks == 1) {
    hwc_chacha20_blocks_scalar(out, in, 1, st);
    return;
  }
  size_t nines = ((const avx2_tuning *)hwc_tuning_get(&tuning))->gpr_block ? 8 * (nblocks / 72) : 0;
  if (nines) {
    cv s[16];
    for (int i = 0; i < 16; i++) s[i] = cv_set1(st[i]);
    s[12] = cv_add(s[12], cv_lane_index());
    for (; nines; nines--, nblocks -= 9, in += 576, out += 576) {
      blocks9(out, in, s, st);
      s[12] = cv_add(s[12], cv_set1(9));
      st[12] += 9;
    }
  }
  for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) blocks8(out, in, st);
  blocks_short(out, in, nblocks, st);
}

const hwc_chacha20_kernel hwc_chacha20_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256,
             .tunings = tunings, .ntunings = 2, .tuning = &tuning, HWC_CALLS(chacha20_avx2)},
    .xor_blocks = chacha20_avx2_xor_blocks,
    .key_and_blocks = chacha20_avx2_key_and_blocks,
    .key_blocks_max = 8,
};
