/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20-Poly1305's bulk with AVX-512F: the sixteen-block ChaCha20 steps
 * of chacha20_avx512.h stitched with the scalar Poly1305 loop of
 * poly1305_x86_64.h over ciphertext already written (the idea of
 * BoringSSL's chacha20_poly1305_x86_64, as in chacha20_poly1305_avx2.c),
 * so that the integer multiplier works while the vector units run the
 * rounds. The one-block loop is slower than these rounds, so it takes
 * only MAC_PER_STEP of every step's 64 Poly1305 blocks, from the start of
 * the message; the protocol hands the rest to the member poly1305
 * avx512ifma, which is fast on long runs. Opening has no fused kernel: its
 * MAC must read each block before the decryption overwrites it, which a
 * MAC slower than the keystream cannot do for all of it, so the protocol
 * runs the two members in two passes per chunk. Members: chacha20 avx512
 * and poly1305 avx512ifma.
 *
 * ISA: AVX-512F (the members add IFMA). Constant time: chacha20_avx512.h;
 * the MAC's bounds and why it is constant time: poly1305_x86_64.h.
 */
#include <immintrin.h>

#include "src/common/msan.h"
#include "src/kernels.h"
#include "chacha20_avx512.h"
#include "poly1305_x86_64.h"

HWC_CALL_COUNTER(chacha20_poly1305_avx512);

/* Poly1305 blocks per double round of a stitched step: the scalar loop
 * keeps pace with part of the sixteen-block keystream only; the rest of
 * the ciphertext is left to the selected poly1305 kernel. Four measured
 * best among one to six. */
enum { MAC_PER_ROUND = 4, MAC_PER_STEP = 10 * MAC_PER_ROUND };

/* Sixteen blocks, stitched with the MAC_PER_STEP Poly1305 blocks at
 * mac_in: chacha_vertical with the MAC between the double rounds. */
static inline __attribute__((always_inline)) void blocks16_mac(uint8_t *out, const uint8_t *in, uint32_t st[16],
                                                              poly1305_regs *m, const uint8_t *mac_in) {
  __m512i s[16], x[16];
  for (int i = 0; i < 16; i++) s[i] = cv_set1(st[i]);
  s[12] = cv_add(s[12], cv_lane_index());
  for (int i = 0; i < 16; i++) x[i] = s[i];
  for (int r = 0; r < 10; r++) {
    chacha_double_round(x);
    poly1305_regs_blocks(m, mac_in + 16 * MAC_PER_ROUND * r, MAC_PER_ROUND);
  }
  for (int i = 0; i < 16; i++) x[i] = cv_add(x[i], s[i]);
  chacha_transpose4(&x[0], &x[1], &x[2], &x[3]);
  chacha_transpose4(&x[4], &x[5], &x[6], &x[7]);
  chacha_transpose4(&x[8], &x[9], &x[10], &x[11]);
  chacha_transpose4(&x[12], &x[13], &x[14], &x[15]);
  for (int k = 0; k < 4; k++) {
    __m512i o[4];
    lanes_to_blocks(o, x[k], x[4 + k], x[8 + k], x[12 + k]);
    for (int L = 0; L < 4; L++) xor64(out + 64 * (4 * L + k), in + 64 * (4 * L + k), o[L]);
  }
  st[12] += 16;
}

/* The seal: sixteen-block steps, each but the first stitched with
 * MAC_PER_STEP blocks of the ciphertext already written, from the start;
 * returns how many were absorbed (the rest is the protocol's). */
static size_t chacha20_poly1305_avx512_seal(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t st[16],
                                             hwc_poly1305_state *mac) {
  HWC_COUNT_CALL(chacha20_poly1305_avx512);
  poly1305_regs m;
  int taint = poly1305_regs_load(&m, mac);
  uint8_t *const start = out;
  size_t done = 0; /* 16-byte blocks absorbed */
  if (nblocks >= 16) {
    blocks16(out, in, 16, st);
    nblocks -= 16, in += 1024, out += 1024;
  }
  for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024) {
    blocks16_mac(out, in, st, &m, start + 16 * done);
    done += MAC_PER_STEP;
  }
  blocks_short(out, in, nblocks, st);
  out += 64 * nblocks;
  poly1305_regs_store(mac, &m, taint | hwc_msan_tainted(start, 16 * done));
  return done;
}

extern const hwc_chacha20_kernel hwc_chacha20_avx512;
extern const hwc_poly1305_kernel hwc_poly1305_avx512ifma;

const hwc_chacha20_poly1305_kernel hwc_chacha20_poly1305_avx512 = {
    .info = {.name = "avx512", .required = HWC_REQUIRED, .priority = HWC_PRIO_IFMA,
             HWC_CALLS(chacha20_poly1305_avx512)},
    .chacha20 = &hwc_chacha20_avx512,
    .poly1305 = &hwc_poly1305_avx512ifma,
    .stride = 16,
    .seal = chacha20_poly1305_avx512_seal,
};
