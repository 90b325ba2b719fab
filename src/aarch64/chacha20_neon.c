/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream with AArch64 Advanced SIMD (RFC 8439 block function).
 *
 * Four blocks at once in the vertical layout: vector i holds state word i
 * of four consecutive blocks, so the quarter rounds need no shuffles, and a
 * 4x4 transpose (TRN1/TRN2 on 32- and 64-bit elements) restores block order
 * at the end (Goll and Gueron 2014; 16 state vectors fit the 32 registers).
 * Rotations are SHL + SRI, and REV32 on halfwords for 16. Fewer than four
 * blocks use a one-block horizontal layout (rows in four vectors, diagonals
 * by EXT), so a short message costs one block per block.
 *
 * ISA: ASIMD (mandatory in ARMv8-A; listed so the dispatcher checks it).
 * Constant time: additions, XORs, shifts and fixed permutations only.
 */
#include <arm_neon.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(chacha20_neon);

/* 32-bit lane rotates left: SHL then SRI (shift right and insert) for 12,
 * 8 and 7; a rotate by 16 swaps the halfwords of each word, one REV32. */
static inline uint32x4_t rotl16(uint32x4_t x) { return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x))); }
static inline uint32x4_t rotl12(uint32x4_t x) { return vsriq_n_u32(vshlq_n_u32(x, 12), x, 20); }
static inline uint32x4_t rotl8(uint32x4_t x) { return vsriq_n_u32(vshlq_n_u32(x, 8), x, 24); }
static inline uint32x4_t rotl7(uint32x4_t x) { return vsriq_n_u32(vshlq_n_u32(x, 7), x, 25); }

/* One quarter round (RFC 8439, 2.1) on whatever a, b, c, d hold: one word
 * of four blocks (vertical) or a whole row of one block (horizontal). */
static inline void qr(uint32x4_t *a, uint32x4_t *b, uint32x4_t *c, uint32x4_t *d) {
  *a = vaddq_u32(*a, *b); *d = rotl16(veorq_u32(*d, *a));
  *c = vaddq_u32(*c, *d); *b = rotl12(veorq_u32(*b, *c));
  *a = vaddq_u32(*a, *b); *d = rotl8(veorq_u32(*d, *a));
  *c = vaddq_u32(*c, *d); *b = rotl7(veorq_u32(*b, *c));
}

/* The ten double rounds (RFC 8439, 2.3) over the vertical layout: four
 * column quarter rounds, then four diagonal ones, on state words x[0..15]. */
static inline void rounds(uint32x4_t x[16]) {
  for (int r = 0; r < 10; r++) {
    qr(&x[0], &x[4], &x[8], &x[12]);
    qr(&x[1], &x[5], &x[9], &x[13]);
    qr(&x[2], &x[6], &x[10], &x[14]);
    qr(&x[3], &x[7], &x[11], &x[15]);
    qr(&x[0], &x[5], &x[10], &x[15]);
    qr(&x[1], &x[6], &x[11], &x[12]);
    qr(&x[2], &x[7], &x[8], &x[13]);
    qr(&x[3], &x[4], &x[9], &x[14]);
  }
}

/* out = in XOR k, 16 bytes. */
static inline void xor16(uint8_t *out, const uint8_t *in, uint32x4_t k) {
  vst1q_u8(out, veorq_u8(vld1q_u8(in), vreinterpretq_u8_u32(k)));
}

/* Four blocks in the vertical layout. */
static void blocks4(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  static const uint32_t lane_ctr[4] = {0, 1, 2, 3};
  uint32x4_t s[16], x[16];
  for (int i = 0; i < 16; i++) s[i] = vdupq_n_u32(st[i]);
  s[12] = vaddq_u32(s[12], vld1q_u32(lane_ctr));
  for (int i = 0; i < 16; i++) x[i] = s[i];
  rounds(x);
  for (int g = 0; g < 4; g++) {
    /* Words 4g..4g+3 of the four blocks: transpose so vector k is block k. */
    uint32x4_t a = vaddq_u32(x[4 * g], s[4 * g]), b = vaddq_u32(x[4 * g + 1], s[4 * g + 1]);
    uint32x4_t c = vaddq_u32(x[4 * g + 2], s[4 * g + 2]), d = vaddq_u32(x[4 * g + 3], s[4 * g + 3]);
    uint32x4_t ab0 = vtrn1q_u32(a, b), ab1 = vtrn2q_u32(a, b);
    uint32x4_t cd0 = vtrn1q_u32(c, d), cd1 = vtrn2q_u32(c, d);
    uint64x2_t p0 = vreinterpretq_u64_u32(ab0), p1 = vreinterpretq_u64_u32(ab1);
    uint64x2_t q0 = vreinterpretq_u64_u32(cd0), q1 = vreinterpretq_u64_u32(cd1);
    xor16(out + 16 * g, in + 16 * g, vreinterpretq_u32_u64(vtrn1q_u64(p0, q0)));
    xor16(out + 64 + 16 * g, in + 64 + 16 * g, vreinterpretq_u32_u64(vtrn1q_u64(p1, q1)));
    xor16(out + 128 + 16 * g, in + 128 + 16 * g, vreinterpretq_u32_u64(vtrn2q_u64(p0, q0)));
    xor16(out + 192 + 16 * g, in + 192 + 16 * g, vreinterpretq_u32_u64(vtrn2q_u64(p1, q1)));
  }
  st[12] += 4;
}

/* One block in the horizontal layout: rows in a, b, c, d. */
static void block1(uint8_t *out, const uint8_t *in, uint32_t st[16]) {
  const uint32x4_t a0 = vld1q_u32(st), b0 = vld1q_u32(st + 4), c0 = vld1q_u32(st + 8), d0 = vld1q_u32(st + 12);
  uint32x4_t a = a0, b = b0, c = c0, d = d0;
  for (int r = 0; r < 10; r++) {
    qr(&a, &b, &c, &d);
    /* Rotate rows 1..3 by 1..3 words: columns become diagonals. */
    b = vextq_u32(b, b, 1);
    c = vextq_u32(c, c, 2);
    d = vextq_u32(d, d, 3);
    qr(&a, &b, &c, &d);
    b = vextq_u32(b, b, 3);
    c = vextq_u32(c, c, 2);
    d = vextq_u32(d, d, 1);
  }
  xor16(out, in, vaddq_u32(a, a0));
  xor16(out + 16, in + 16, vaddq_u32(b, b0));
  xor16(out + 32, in + 32, vaddq_u32(c, c0));
  xor16(out + 48, in + 48, vaddq_u32(d, d0));
  st[12]++;
}

/* The table's xor_blocks: fours, then single blocks. */
static void chacha20_neon_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16]) {
  HWC_COUNT_CALL(chacha20_neon);
  for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) blocks4(out, in, st);
  for (; nblocks; nblocks--, in += 64, out += 64) block1(out, in, st);
}

const hwc_chacha20_kernel hwc_chacha20_neon = {
    .info = {.name = "neon", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(chacha20_neon)},
    .xor_blocks = chacha20_neon_xor_blocks,
};
