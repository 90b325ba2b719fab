/* SPDX-License-Identifier: ISC */
/* SHA-256 (FIPS 180-4): buffering, padding and output. The compression
 * function comes from the selected sha256 kernel. */
#include "../dispatch/dispatch.h"
#include "internal.h"

static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

void hwc_sha256_init(hwc_sha256_ctx *c) {
  for (int i = 0; i < 8; i++) c->h[i] = sha256_iv[i];
  c->len = 0;
  c->buf_len = 0;
}

void hwc_sha256_update(hwc_sha256_ctx *c, const uint8_t *in, size_t len) {
  HWC_REQUIRE_BUF(in, len);
  if (len == 0) return;
  const hwc_sha256_kernel *k = HWC_KERNEL(HWC_PRIM_SHA256, hwc_sha256_kernel);
  c->len += len;
  if (c->buf_len) {
    size_t take = 64 - c->buf_len < len ? 64 - c->buf_len : len;
    memcpy(c->buf + c->buf_len, in, take);
    c->buf_len += take;
    in += take;
    len -= take;
    if (c->buf_len < 64) return;
    k->blocks(c->h, c->buf, 1);
    c->buf_len = 0;
  }
  if (len >= 64) {
    k->blocks(c->h, in, len / 64);
    in += len & ~(size_t)63;
    len &= 63;
  }
  memcpy(c->buf, in, len);
  c->buf_len = len;
}

void hwc_sha256_final(hwc_sha256_ctx *c, uint8_t out[32]) {
  const hwc_sha256_kernel *k = HWC_KERNEL(HWC_PRIM_SHA256, hwc_sha256_kernel);
  uint64_t bits = c->len << 3;
  size_t n = c->buf_len;
  c->buf[n++] = 0x80;
  if (n > 56) {
    memset(c->buf + n, 0, 64 - n);
    k->blocks(c->h, c->buf, 1);
    n = 0;
  }
  memset(c->buf + n, 0, 56 - n);
  hwc_store64_be(c->buf + 56, bits);
  k->blocks(c->h, c->buf, 1);
  for (int i = 0; i < 8; i++) hwc_store32_be(out + 4 * i, c->h[i]);
  hwc_memzero(c, sizeof *c);
}

void hwc_sha256(uint8_t out[32], const uint8_t *in, size_t len) {
  hwc_sha256_ctx c;
  hwc_sha256_init(&c);
  hwc_sha256_update(&c, in, len);
  hwc_sha256_final(&c, out);
}
