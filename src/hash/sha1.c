/* SPDX-License-Identifier: ISC */
/* SHA-1 (FIPS 180-4): buffering, padding and output, for hwc_sha1 and the
 * hash layer (HMAC-SHA-1, MGF1-SHA-1, PKCS#1 with SHA-1). The compression
 * function comes from the selected sha1 kernel. The context is a
 * hwc_sha256_ctx (see hash.h): SHA-1 pads and buffers exactly like
 * SHA-256. */
#include "dispatch/dispatch.h"
#include "hash.h"
#include "md64.h"

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
  hwc_md64_update(c, in, len, HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel)->blocks);
}

void hwc_sha1_final(hwc_sha256_ctx *c, uint8_t out[20]) {
  hwc_md64_final(c, out, 5, HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel)->blocks);
}

void hwc_sha1(uint8_t out[20], const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  hwc_sha256_ctx c;
  hwc_sha1_init(&c);
  hwc_sha1_update(&c, in, len);
  hwc_sha1_final(&c, out);
}
