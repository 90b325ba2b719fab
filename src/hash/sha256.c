/* SPDX-License-Identifier: ISC */
/* SHA-256 (FIPS 180-4): buffering, padding and output. The compression
 * function comes from the selected sha256 kernel. */
#include "dispatch/dispatch.h"
#include "md64.h"

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
  HWC_DIT_SCOPE();
  HWC_REQUIRE_BUF(in, len);
  if (len == 0) return;
  hwc_md64_update(c, in, len, HWC_KERNEL(HWC_PRIM_SHA256, hwc_sha256_kernel)->blocks);
}

void hwc_sha256_final(hwc_sha256_ctx *c, uint8_t out[32]) {
  HWC_DIT_SCOPE();
  hwc_md64_final(c, out, 8, HWC_KERNEL(HWC_PRIM_SHA256, hwc_sha256_kernel)->blocks);
}

void hwc_sha256(uint8_t out[32], const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  hwc_sha256_ctx c;
  hwc_sha256_init(&c);
  hwc_sha256_update(&c, in, len);
  hwc_sha256_final(&c, out);
}
