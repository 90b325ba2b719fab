/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 compression (FIPS 180-4, 6.4.2; also SHA-384) with scalar rounds
 * and an Advanced SIMD message schedule, for cores without the SHA-512
 * extension (Cortex-A72, Neoverse N1).
 *
 * Schedule: the approach of Intel's "Fast SHA-512 Implementations on Intel
 * Architecture Processors" (Guilford, Gulley, Gopal, 2012) on 128-bit
 * vectors: W[t] needs W[t-2] at the nearest, so two consecutive words are
 * independent and one vector step computes both. Eight Q registers hold
 * W[2j], W[2j+1] for the last sixteen words (pair j in register j mod 8);
 * the words at odd offsets (W[t-15], W[t-7]) straddle two registers and
 * come out by EXT. The vector pipes have no rotate: a rotation is SHL then
 * SRI (shift right and insert), the byte rotation in s0 a TBL. W + K goes
 * to a stack buffer that the rounds read (GCC forwards it to the general
 * registers by UMOV instead); the schedule of words t+16.. is interleaved
 * with rounds t.., so that an out-of-order core runs it on the vector pipes
 * while the rounds keep the integer ones busy. The point
 * is to take the sigma functions' rotations off the integer pipes (the
 * scalar schedule's rotations compete with the rounds' for the shifter).
 *
 * Rounds: the textbook round (FIPS 180-4, 6.4.2 step 3) with the working
 * variables renamed instead of moved, eight rounds per cycle of names.
 *
 * ISA: ASIMD (mandatory in ARMv8-A; listed so the dispatcher checks it).
 * Constant time: additions, rotations, shifts, logic and a byte shuffle with
 * a fixed index; the only branches depend on the number of blocks.
 */
#include <arm_neon.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(sha512_neon);

/* ---- scalar rounds */

/* Rotation right by n, 0 < n < 64 (GCC and Clang emit ROR or fold it into
 * EOR's shifted operand). */
static inline __attribute__((always_inline)) uint64_t ror64(uint64_t x, int n) { return x >> n | x << (64 - n); }

/* One round on the working variables named a..h for this round (FIPS
 * 180-4, 6.4.2 step 3), wk = W[t] + K[t]. The new e goes to d, the new a
 * to h. */
static inline __attribute__((always_inline)) void round512(uint64_t a, uint64_t b, uint64_t c, uint64_t *d,
                                                           uint64_t e, uint64_t f, uint64_t g, uint64_t *h,
                                                           uint64_t wk) {
  uint64_t s1 = ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41);
  uint64_t ch = g ^ (e & (f ^ g));
  uint64_t t1 = *h + s1 + ch + wk;
  uint64_t s0 = ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39);
  uint64_t maj = (a & b) | (c & (a | b));
  *d += t1;
  *h = t1 + s0 + maj;
}

/* Eight rounds from wk[0..7]: one full cycle of the names, so the caller's
 * variables hold a..h again at the end. */
static inline __attribute__((always_inline)) void eight_rounds(uint64_t v[8], const uint64_t *wk) {
  round512(v[0], v[1], v[2], &v[3], v[4], v[5], v[6], &v[7], wk[0]);
  round512(v[7], v[0], v[1], &v[2], v[3], v[4], v[5], &v[6], wk[1]);
  round512(v[6], v[7], v[0], &v[1], v[2], v[3], v[4], &v[5], wk[2]);
  round512(v[5], v[6], v[7], &v[0], v[1], v[2], v[3], &v[4], wk[3]);
  round512(v[4], v[5], v[6], &v[7], v[0], v[1], v[2], &v[3], wk[4]);
  round512(v[3], v[4], v[5], &v[6], v[7], v[0], v[1], &v[2], wk[5]);
  round512(v[2], v[3], v[4], &v[5], v[6], v[7], v[0], &v[1], wk[6]);
  round512(v[1], v[2], v[3], &v[4], v[5], v[6], v[7], &v[0], wk[7]);
}

/* ---- vector schedule */

/* Rotation right of both 64-bit lanes by n: SHL by 64 - n, then SRI by n
 * inserts the high part. n is a constant at every call. */
#define VROR(x, n) vsriq_n_u64(vshlq_n_u64(x, 64 - (n)), x, n)

/* s0(x) = ROTR1 ^ ROTR8 ^ SHR7 (FIPS 180-4, 4.12), both lanes; rot8 is the
 * TBL index that rotates each lane right by one byte. */
static inline __attribute__((always_inline)) uint64x2_t sched_s0(uint64x2_t x, uint8x16_t rot8) {
  uint64x2_t r8 = vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), rot8));
  return veorq_u64(veorq_u64(VROR(x, 1), r8), vshrq_n_u64(x, 7));
}

/* s1(x) = ROTR19 ^ ROTR61 ^ SHR6 (FIPS 180-4, 4.13), both lanes. */
static inline __attribute__((always_inline)) uint64x2_t sched_s1(uint64x2_t x) {
  return veorq_u64(veorq_u64(VROR(x, 19), VROR(x, 61)), vshrq_n_u64(x, 6));
}

/* Pair j >= 8 of the schedule into x[j % 8], which held pair j - 8:
 * W[2j..2j+1] = W[-16] + s0(W[-15]) + W[-7] + s1(W[-2]). W + K into
 * wk[2j..2j+1]. */
static inline __attribute__((always_inline)) void sched_pair(uint64x2_t x[8], int j, uint64_t *wk, uint8x16_t rot8) {
  uint64x2_t w16 = x[j & 7], w15 = vextq_u64(x[j & 7], x[(j + 1) & 7], 1);
  uint64x2_t w7 = vextq_u64(x[(j + 4) & 7], x[(j + 5) & 7], 1), w2 = x[(j + 7) & 7];
  uint64x2_t w = vaddq_u64(vaddq_u64(w16, sched_s0(w15, rot8)), vaddq_u64(w7, sched_s1(w2)));
  x[j & 7] = w;
  vst1q_u64(wk + 2 * j, vaddq_u64(w, vld1q_u64(hwc_sha512_k + 2 * j)));
}

/* Rounds t..t+7 while the schedule makes words t+16..t+23. */
static inline __attribute__((always_inline)) void rounds_and_sched(uint64_t v[8], uint64x2_t x[8], uint64_t *wk, int t, uint8x16_t rot8) {
  sched_pair(x, t / 2 + 8, wk, rot8);
  sched_pair(x, t / 2 + 9, wk, rot8);
  sched_pair(x, t / 2 + 10, wk, rot8);
  sched_pair(x, t / 2 + 11, wk, rot8);
  eight_rounds(v, wk + t);
}

static void sha512_neon_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_neon);
  static const uint8_t rot8_index[16] = {1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8};
  const uint8x16_t rot8 = vld1q_u8(rot8_index);
  uint64_t wk[80];
  for (; nblocks; nblocks--, in += 128) {
    uint64x2_t x[8];
    /* Words 0..15, big-endian: reverse the bytes of each lane. */
    for (int j = 0; j < 8; j++) {
      x[j] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * j)));
      vst1q_u64(wk + 2 * j, vaddq_u64(x[j], vld1q_u64(hwc_sha512_k + 2 * j)));
    }
      uint64_t v[8];
    for (int i = 0; i < 8; i++) v[i] = state[i];
    /* Written out (not a loop) so that the ring index of every pair is a
     * constant and x stays in registers. */
    rounds_and_sched(v, x, wk, 0, rot8);
    rounds_and_sched(v, x, wk, 8, rot8);
    rounds_and_sched(v, x, wk, 16, rot8);
    rounds_and_sched(v, x, wk, 24, rot8);
    rounds_and_sched(v, x, wk, 32, rot8);
    rounds_and_sched(v, x, wk, 40, rot8);
    rounds_and_sched(v, x, wk, 48, rot8);
    rounds_and_sched(v, x, wk, 56, rot8);
    eight_rounds(v, wk + 64);
    eight_rounds(v, wk + 72);
    for (int i = 0; i < 8; i++) state[i] += v[i];
  }
}

const hwc_sha512_kernel hwc_sha512_neon = {
    .info = {.name = "neon", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256, HWC_CALLS(sha512_neon)},
    .blocks = sha512_neon_blocks,
};
