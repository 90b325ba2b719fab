/* SPDX-License-Identifier: ISC */
/* Poly1305 (RFC 8439 section 2.5): key clamping, buffering of partial
 * blocks, the padded final block, and the final reduction mod 2^130 - 5 plus
 * s. The block loop comes from the poly1305 kernel chosen at init; every
 * kernel hands the accumulator back in the same radix 2^64 form, so the
 * final step is written once, here. */
#include "chacha20_internal.h"

_Static_assert(sizeof(hwc_poly1305_state) <= sizeof(((hwc_poly1305_ctx *)0)->state),
               "hwc_poly1305_ctx.state too small for hwc_poly1305_state");

static hwc_poly1305_state *state_of(hwc_poly1305_ctx *ctx) { return (hwc_poly1305_state *)ctx->state; }

/* Zeroes the accumulator, r's slot, the powers flag and the buffer, but not
 * the 576-byte cache of powers of r behind them: kernels fill the cache
 * before they set powers_ready and never read it while the flag is 0, so
 * clearing it on every init was set-up cost per message and nothing else.
 * final still wipes the whole context, cache included. */
void hwc_poly1305_init(hwc_poly1305_ctx *ctx, const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  if (ctx == NULL || key == NULL) hwc_fatal(__func__, "NULL argument");
  hwc_poly1305_init_with(ctx, key, HWC_KERNEL(HWC_PRIM_POLY1305, hwc_poly1305_kernel));
}

void hwc_poly1305_init_with(hwc_poly1305_ctx *ctx, const uint8_t key[32], const hwc_poly1305_kernel *k) {
  memset(ctx->state, 0, offsetof(hwc_poly1305_state, powers));
  memset(ctx->buf, 0, sizeof ctx->buf);
  ctx->buf_len = 0;
  hwc_poly1305_state *st = state_of(ctx);
  st->r[0] = hwc_load64_le(key) & 0x0ffffffc0fffffffull;
  st->r[1] = hwc_load64_le(key + 8) & 0x0ffffffc0ffffffcull;
  memcpy(ctx->s, key + 16, 16);
  ctx->kernel = k;
}

void hwc_poly1305_update(hwc_poly1305_ctx *ctx, const uint8_t *msg, size_t len) {
  HWC_DIT_SCOPE();
  if (ctx == NULL) hwc_fatal(__func__, "NULL context");
  HWC_REQUIRE_BUF(msg, len);
  if (!len) return; /* msg may be NULL: no pointer arithmetic or memcpy on it */
  const hwc_poly1305_kernel *k = ctx->kernel;
  if (ctx->buf_len) {
    size_t take = 16 - ctx->buf_len < len ? 16 - ctx->buf_len : len;
    memcpy(ctx->buf + ctx->buf_len, msg, take);
    ctx->buf_len += take;
    msg += take;
    len -= take;
    if (ctx->buf_len < 16) return;
    k->blocks(state_of(ctx), ctx->buf, 1, 1);
    ctx->buf_len = 0;
  }
  if (len >= 16) {
    k->blocks(state_of(ctx), msg, len / 16, 1);
    msg += len & ~(size_t)15;
    len &= 15;
  }
  if (len) memcpy(ctx->buf, msg, len);
  ctx->buf_len = len;
}

void hwc_poly1305_final(hwc_poly1305_ctx *ctx, uint8_t tag[16]) {
  HWC_DIT_SCOPE();
  if (ctx == NULL || tag == NULL) hwc_fatal(__func__, "NULL argument");
  const hwc_poly1305_kernel *k = ctx->kernel;
  hwc_poly1305_state *st = state_of(ctx);
  if (ctx->buf_len) {
    /* The final short block carries its 2^(8 len) bit inside the 16 bytes. */
    ctx->buf[ctx->buf_len] = 1;
    memset(ctx->buf + ctx->buf_len + 1, 0, 15 - ctx->buf_len);
    k->blocks(st, ctx->buf, 1, 0);
  }
  uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], c;

  /* Fold everything above 2^130 back in (kernels leave h < 2^131), so that
   * h < 2^130 + 2^64 < 2p and one conditional subtraction of p is enough. */
  c = (h2 >> 2) * 5;
  h2 &= 3;
  h0 += c;
  c = h0 < c;
  h1 += c;
  c = h1 < c;
  h2 += c;

  /* g = h + 5 - 2^130; take g when it is not negative, i.e. h >= p. */
  uint64_t g0 = h0 + 5;
  c = g0 < 5;
  uint64_t g1 = h1 + c;
  c = g1 < c;
  uint64_t g2 = h2 + c;
  uint64_t mask = 0 - (g2 >> 2);
  h0 = (h0 & ~mask) | (g0 & mask);
  h1 = (h1 & ~mask) | (g1 & mask);

  /* tag = (h + s) mod 2^128 */
  uint64_t s0 = hwc_load64_le(ctx->s), s1 = hwc_load64_le(ctx->s + 8);
  h0 += s0;
  c = h0 < s0;
  h1 += s1 + c;
  hwc_store64_le(tag, h0);
  hwc_store64_le(tag + 8, h1);
  hwc_memzero(ctx, sizeof *ctx);
}

void hwc_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  hwc_poly1305_ctx ctx;
  HWC_REQUIRE_BUF(msg, len);
  hwc_poly1305_init(&ctx, key);
  hwc_poly1305_update(&ctx, msg, len);
  hwc_poly1305_final(&ctx, tag);
}
