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
#include "src/kernels.h"

/* 32-bit rotate left by n, 0 < n < 32 (compiles to one ROL). */
static inline uint32_t rotl32(uint32_t x, int n) { return x << n | x >> (32 - n); }

/* One quarter round (RFC 8439, 2.1) on the words a, b, c, d. A macro, not a
 * function: written as a static inline function (with pointers or with
 * indices into x, inlined or always_inline alike) GCC 12 allocated the
 * registers of the block loop's entry differently, and a single block, the
 * vector kernels' tail and the protocol's short messages, measured slower
 * (see the bench). Expanded in place it compiles as before. */
#define QR(a, b, c, d)                           \
  do {                                           \
    a += b; d ^= a; d = rotl32(d, 16);           \
    c += d; b ^= c; b = rotl32(b, 12);           \
    a += b; d ^= a; d = rotl32(d, 8);            \
    c += d; b ^= c; b = rotl32(b, 7);            \
  } while (0)

/* Ten double rounds: four column quarter rounds, then four diagonal ones
 * (RFC 8439, 2.3). */
void hwc_chacha20_permute(uint32_t x[16]) {
  for (int r = 0; r < 10; r++) {
    QR(x[0], x[4], x[8], x[12]);
    QR(x[1], x[5], x[9], x[13]);
    QR(x[2], x[6], x[10], x[14]);
    QR(x[3], x[7], x[11], x[15]);
    QR(x[0], x[5], x[10], x[15]);
    QR(x[1], x[6], x[11], x[12]);
    QR(x[2], x[7], x[8], x[13]);
    QR(x[3], x[4], x[9], x[14]);
  }
}

/* The block loop: keystream block, XOR, counter + 1. */
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
