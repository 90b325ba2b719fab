/* SPDX-License-Identifier: ISC */
/* SHA-1 (FIPS 180-4): buffering, padding and output, for hwc_sha1 and the
 * hash layer (HMAC-SHA-1, MGF1-SHA-1, PKCS#1 with SHA-1). The compression
 * function comes from the selected sha1 kernel. hwc_sha1_ctx wraps a
 * hwc_sha256_ctx: SHA-1 pads and buffers exactly like SHA-256 (md64.h). */
#include "dispatch/dispatch.h"
#include "hash.h"
#include "md64.h"

static const uint32_t sha1_iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};

void hwc_sha1_init(hwc_sha1_ctx *c) {
  if (c == NULL) hwc_fatal(__func__, "NULL context");
  memset(c->s.h, 0, sizeof c->s.h);
  for (int i = 0; i < 5; i++) c->s.h[i] = sha1_iv[i];
  c->s.len = 0;
  c->s.buf_len = 0;
}

void hwc_sha1_update(hwc_sha1_ctx *c, const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  if (c == NULL) hwc_fatal(__func__, "NULL context");
  HWC_REQUIRE_BUF(in, len);
  if (len == 0) return;
  hwc_md64_update(&c->s, in, len, HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel)->blocks);
}

void hwc_sha1_final(hwc_sha1_ctx *c, uint8_t out[20]) {
  HWC_DIT_SCOPE();
  if (c == NULL || out == NULL) hwc_fatal(__func__, "NULL argument");
  hwc_md64_final(&c->s, out, 5, HWC_KERNEL(HWC_PRIM_SHA1, hwc_sha1_kernel)->blocks);
}

void hwc_sha1(uint8_t out[20], const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  hwc_sha1_ctx c;
  hwc_sha1_init(&c);
  hwc_sha1_update(&c, in, len);
  hwc_sha1_final(&c, out);
}
