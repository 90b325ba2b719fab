/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20 keystream in portable C: one 64-byte block at a time, exactly as
 * RFC 8439 section 2.3 describes it (quarter rounds on 32-bit words).
 * Shared floor: the generic backend's whole loop, the vector backends' tail
 * (a lone block is faster here than in a vector layout, whose rounds are one
 * long dependency chain where the scalar code has four), and the protocol's
 * HChaCha20 core. Counts no calls.
 * ISA: none. Constant time: only additions, XORs and fixed rotations on
 * 32-bit words; no branch or memory index depends on the key or the data.
 */
#include "../kernels.h"

#define ROTL(x, n) ((uint32_t)((x) << (n) | (x) >> (32 - (n))))
#define QR(a, b, c, d)                          \
  do {                                          \
    a += b; d ^= a; d = ROTL(d, 16);            \
    c += d; b ^= c; b = ROTL(b, 12);            \
    a += b; d ^= a; d = ROTL(d, 8);             \
    c += d; b ^= c; b = ROTL(b, 7);             \
  } while (0)

void hwc_chacha20_permute(uint32_t x[16]) {
  HWC_CHACHA20_ROUNDS(QR, x);
}

void hwc_chacha20_blocks_scalar(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16]) {
  for (; nblocks; nblocks--, in += 64, out += 64) {
    uint32_t x[16];
    for (int i = 0; i < 16; i++) x[i] = state[i];
    hwc_chacha20_permute(x);
    for (int i = 0; i < 16; i++) {
      /* Byte-wise so that any alignment and out == in work. */
      uint32_t k = x[i] + state[i];
      out[4 * i + 0] = (uint8_t)(in[4 * i + 0] ^ k);
      out[4 * i + 1] = (uint8_t)(in[4 * i + 1] ^ k >> 8);
      out[4 * i + 2] = (uint8_t)(in[4 * i + 2] ^ k >> 16);
      out[4 * i + 3] = (uint8_t)(in[4 * i + 3] ^ k >> 24);
    }
    state[12]++;
  }
}
