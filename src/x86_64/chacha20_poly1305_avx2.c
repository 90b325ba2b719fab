/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20-Poly1305's bulk with AVX2: the eight-block ChaCha20 steps of
 * chacha20_avx2.h stitched with the scalar Poly1305 loop of
 * poly1305_x86_64.h over the ciphertext, so that the integer multiplier
 * works while the vector units run the rounds (the idea of BoringSSL's
 * chacha20_poly1305_x86_64): between the double rounds of one step go the
 * MUL/ADC steps of 32 Poly1305 blocks, independent instructions that an
 * out-of-order core runs side by side. Sealing MACs the ciphertext of the
 * step before (the current one is not written yet), so the first step runs
 * alone and the last step's MAC after it; opening MACs the step's own
 * input, read before it is overwritten. The MAC keeps pace with the
 * keystream, so seal absorbs everything it encrypts. Members: chacha20
 * avx2 and poly1305 avx2 (the MAC kernel of this tier, whose work the
 * stitched loop takes over).
 *
 * ISA: AVX2 (and AVX). Constant time: chacha20_avx2.h; the MAC's bounds
 * and why it is constant time: poly1305_x86_64.h (MUL, ADD/ADC on every
 * block, x86-64 baseline instructions).
 */
#include <immintrin.h>

#include "src/common/msan.h"
#include "src/kernels.h"
#include "chacha20_avx2.h"
#include "poly1305_x86_64.h"

HWC_CALL_COUNTER(chacha20_poly1305_avx2);

/* The seal: eight-block steps, each but the first stitched
 * with the MAC of the ciphertext the step before wrote; then the 0..7
 * blocks left and the MAC of everything not yet absorbed: all of it. */
static inline __attribute__((always_inline)) size_t stitched_seal(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                                 uint32_t st[16], hwc_poly1305_state *mac) {
  poly1305_regs m;
  int taint = poly1305_regs_load(&m, mac);
  uint8_t *const start = out;
  const uint8_t *mac_next = out; /* the first ciphertext byte not yet MACed */
  if (nblocks >= 8) {
    blocks8(out, in, st);
    nblocks -= 8, in += 512, out += 512;
  }
  for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) {
    blocks8_body(out, in, 8, st, &m, mac_next, 1);
    mac_next += 512;
  }
  blocks_short(out, in, nblocks, st);
  out += 64 * nblocks;
  poly1305_regs_blocks(&m, mac_next, (size_t)(out - mac_next) / 16);
  poly1305_regs_store(mac, &m, taint | hwc_msan_tainted(start, (size_t)(out - start)));
  return (size_t)(out - start) / 16;
}

/* The open: every eight-block step stitched with the MAC of
 * its own input; the 0..7 blocks left MACed before they are decrypted. */
static inline __attribute__((always_inline)) void stitched_open(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                               uint32_t st[16], hwc_poly1305_state *mac) {
  poly1305_regs m;
  int taint = poly1305_regs_load(&m, mac) | hwc_msan_tainted(in, 64 * nblocks);
  for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512) blocks8_body(out, in, 8, st, &m, in, 1);
  poly1305_regs_blocks(&m, in, 4 * nblocks);
  blocks_short(out, in, nblocks, st);
  poly1305_regs_store(mac, &m, taint);
}

/* The table functions: each counts its call and runs the stitched path. */
static size_t chacha20_poly1305_avx2_seal(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16],
                                           hwc_poly1305_state *mac) {
  HWC_COUNT_CALL(chacha20_poly1305_avx2);
  return stitched_seal(out, in, nblocks, st, mac);
}
static void chacha20_poly1305_avx2_open(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16],
                                         hwc_poly1305_state *mac) {
  HWC_COUNT_CALL(chacha20_poly1305_avx2);
  stitched_open(out, in, nblocks, st, mac);
}

extern const hwc_chacha20_kernel hwc_chacha20_avx2;
extern const hwc_poly1305_kernel hwc_poly1305_avx2;

const hwc_chacha20_poly1305_kernel hwc_chacha20_poly1305_avx2 = {
    .info = {.name = "avx2", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC256,
             HWC_CALLS(chacha20_poly1305_avx2)},
    .chacha20 = &hwc_chacha20_avx2,
    .poly1305 = &hwc_poly1305_avx2,
    .stride = 8,
    .seal = chacha20_poly1305_avx2_seal,
    .open = chacha20_poly1305_avx2_open,
};
