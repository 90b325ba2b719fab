/* SPDX-License-Identifier: ISC */
/* SHA-1 (FIPS 180-4): buffering, padding and output, for hwc_sha1 and the
 * hash layer (HMAC-SHA-1, MGF1-SHA-1, PKCS#1 with SHA-1). The compression
 * function comes from the selected sha1 kernel. The context is a
 * hwc_sha256_ctx (see hash.h): SHA-1 pads and buffers exactly like
 * SHA-256. */
#include "../dispatch/dispatch.h"
#include "hash.h"

static const uint32_t sha1_iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

void hwc_sha1_init(hwc_sha256_ctx *c) {
  memset(c->h, 0, sizeof c->h);
  for (int i = 0; i < 5; i++) c->h[i] = sha1_iv[i];
  c->len = 0;
  c->buf_len = 0;
}

void hwc_sha1_update(hwc_sha256_ctx *c, const uint8_t *in, size_t len) {
  HWC_REQUIRE_BUF(in, len);
  if (len == 0) return;
  const hwc_sha1_kernel *k = HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel);
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

void hwc_sha1_final(hwc_sha256_ctx *c, uint8_t out[20]) {
  const hwc_sha1_kernel *k = HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel);
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
  for (int i = 0; i < 5; i++) hwc_store32_be(out + 4 * i, c->h[i]);
  hwc_memzero(c, sizeof *c);
}

void hwc_sha1(uint8_t out[20], const uint8_t *in, size_t len) {
  hwc_sha256_ctx c;
  hwc_sha1_init(&c);
  hwc_sha1_update(&c, in, len);
  hwc_sha1_final(&c, out);
}
