/* SPDX-License-Identifier: ISC */
/* The Merkle-Damgard framing that SHA-1 and SHA-256 share (FIPS 180-4
 * 5.1.1): 64-byte blocks, a partial block buffered between updates, and
 * padding of 0x80, zeros and the 64-bit big-endian bit length. Each caller
 * passes its kernel's block function; the state words stay the caller's.
 * Internal. */
#ifndef HWC_MD64_H
#define HWC_MD64_H

#include "src/internal.h"

/* A kernel's compression function over nblocks 64-byte blocks. */
typedef void (*hwc_md64_blocks_fn)(uint32_t *state, const uint8_t *in, size_t nblocks);

/* Absorbs len bytes: tops up the buffered block, runs whole blocks
 * straight from in, keeps the rest. */
static inline void hwc_md64_update(hwc_sha256_ctx *c, const uint8_t *in, size_t len, hwc_md64_blocks_fn blocks) {
  c->len += len;
  if (c->buf_len) {
    size_t take = 64 - c->buf_len < len ? 64 - c->buf_len : len;
    memcpy(c->buf + c->buf_len, in, take);
    c->buf_len += take;
    in += take;
    len -= take;
    if (c->buf_len < 64) return;
    blocks(c->h, c->buf, 1);
    c->buf_len = 0;
  }
  if (len >= 64) {
    blocks(c->h, in, len / 64);
    in += len & ~(size_t)63;
    len &= 63;
  }
  memcpy(c->buf, in, len);
  c->buf_len = len;
}

/* Pads and runs the last block (two when the length does not fit after
 * the buffered bytes), then writes the first words state words big-endian
 * to out and wipes the context. */
static inline void hwc_md64_final(hwc_sha256_ctx *c, uint8_t *out, int words, hwc_md64_blocks_fn blocks) {
  uint64_t bits = c->len << 3;
  size_t n = c->buf_len;
  c->buf[n++] = 0x80;
  if (n > 56) {
    memset(c->buf + n, 0, 64 - n);
    blocks(c->h, c->buf, 1);
    n = 0;
  }
  memset(c->buf + n, 0, 56 - n);
  hwc_store64_be(c->buf + 56, bits);
  blocks(c->h, c->buf, 1);
  for (int i = 0; i < words; i++) hwc_store32_be(out + 4 * i, c->h[i]);
  hwc_memzero(c, sizeof *c);
}

#endif
