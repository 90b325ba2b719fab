/* SPDX-License-Identifier: ISC */
/* SHA-512 and SHA-384 (FIPS 180-4): buffering, padding and output. The
 * compression function comes from the selected sha512 kernel. SHA-384 is
 * SHA-512 with its own initial value, truncated to 48 bytes. */
#include "dispatch/dispatch.h"
#include "hash.h"

const uint64_t hwc_sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};
static const uint64_t sha384_iv[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

static void init_with(hwc_sha512_ctx *c, const uint64_t iv[8]) {
  for (int i = 0; i < 8; i++) c->h[i] = iv[i];
  c->len_lo = c->len_hi = 0;
  c->buf_len = 0;
}

void hwc_sha512_init(hwc_sha512_ctx *c) { init_with(c, hwc_sha512_iv); }
void hwc_sha384_init(hwc_sha512_ctx *c) { init_with(c, sha384_iv); }

void hwc_sha512_update(hwc_sha512_ctx *c, const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  HWC_REQUIRE_BUF(in, len);
  if (len == 0) return;
  const hwc_sha512_kernel *k = HWC_KERNEL(HWC_PRIM_SHA512, hwc_sha512_kernel);
  c->len_lo += len;
  c->len_hi += c->len_lo < len;
  if (c->buf_len) {
    size_t take = 128 - c->buf_len < len ? 128 - c->buf_len : len;
    memcpy(c->buf + c->buf_len, in, take);
    c->buf_len += take;
    in += take;
    len -= take;
    if (c->buf_len < 128) return;
    k->blocks(c->h, c->buf, 1);
    c->buf_len = 0;
  }
  if (len >= 128) {
    k->blocks(c->h, in, len / 128);
    in += len & ~(size_t)127;
    len &= 127;
  }
  memcpy(c->buf, in, len);
  c->buf_len = len;
}

/* Pads, compresses the last block(s) and writes the first out_len bytes of
 * the state. The 128-bit length field counts bits: bytes shifted left by 3. */
static void finish(hwc_sha512_ctx *c, uint8_t *out, size_t out_len) {
  const hwc_sha512_kernel *k = HWC_KERNEL(HWC_PRIM_SHA512, hwc_sha512_kernel);
  size_t n = c->buf_len;
  c->buf[n++] = 0x80;
  if (n > 112) {
    memset(c->buf + n, 0, 128 - n);
    k->blocks(c->h, c->buf, 1);
    n = 0;
  }
  memset(c->buf + n, 0, 112 - n);
  hwc_store64_be(c->buf + 112, c->len_hi << 3 | c->len_lo >> 61);
  hwc_store64_be(c->buf + 120, c->len_lo << 3);
  k->blocks(c->h, c->buf, 1);
  uint8_t full[64];
  for (int i = 0; i < 8; i++) hwc_store64_be(full + 8 * i, c->h[i]);
  memcpy(out, full, out_len);
  hwc_memzero(full, sizeof full);
  hwc_memzero(c, sizeof *c);
}

void hwc_sha512_final(hwc_sha512_ctx *c, uint8_t out[64]) {
  HWC_DIT_SCOPE();
  finish(c, out, 64);
}
void hwc_sha384_final(hwc_sha512_ctx *c, uint8_t out[48]) {
  HWC_DIT_SCOPE();
  finish(c, out, 48);
}

void hwc_sha512(uint8_t out[64], const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  hwc_sha512_ctx c;
  hwc_sha512_init(&c);
  hwc_sha512_update(&c, in, len);
  hwc_sha512_final(&c, out);
}

void hwc_sha384(uint8_t out[48], const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  hwc_sha512_ctx c;
  hwc_sha384_init(&c);
  hwc_sha512_update(&c, in, len);
  hwc_sha384_final(&c, out);
}
