/* SPDX-License-Identifier: ISC */
/* The AEADs in pieces (0.3) against the one-shot functions, with the cuts
 * chosen by the input: AES-GCM (128/192/256, any nonce length) and
 * (X)ChaCha20-Poly1305 under every supported pair entry; sealing in pieces
 * must give the one-shot's ciphertext and tag, opening in pieces (in place
 * or apart) the plaintext and HWC_OK, and a changed tag HWC_ERR_AUTH.
 *
 * Input: key 32 | nonce 40 | mode byte (bits 0-1: gcm-128/192/256 or
 * chacha; bit 2: xchacha; bit 3: in place) | nonce-length byte | aad
 * length byte | cut count byte (1..16 cuts) | cut bytes | message. A cut
 * byte c is a piece of c bytes below 128 (0: an empty update, then one
 * byte), else (c - 128) * 41 + 1 bytes (up to 5 KiB, reaching the fused
 * steps and the keystream made ahead); the cuts repeat until the message
 * is used up. */
#include "fuzz.h"

typedef struct {
  const uint8_t *key, *nonce, *aad, *cuts, *msg;
  size_t nonce_len, aad_len, ncuts, len;
  int kind, x, inplace;
  uint8_t *ct, *out, *work;
} st_case;

static size_t cut_len(const st_case *c, size_t i) {
  uint8_t b = c->cuts[i % c->ncuts];
  return b < 128 ? b : (size_t)(b - 128) * 41 + 1;
}

typedef union {
  hwc_aes_gcm_ctx g;
  hwc_chacha20poly1305_ctx p;
} any_ctx;

/* One direction in pieces; returns the finish status. */
static int pieces(st_case *c, const hwc_aes_gcm_key *gk, int encrypt, uint8_t *out, const uint8_t *in,
                  uint8_t tag[16]) {
  any_ctx x;
  int gcm = c->kind < 3;
  if (gcm)
    FUZZ_REQUIRE(hwc_aes_gcm_start(&x.g, encrypt, c->nonce, c->nonce_len, gk) == HWC_OK, "gcm start");
  else
    FUZZ_REQUIRE((c->x ? hwc_xchacha20poly1305_start : hwc_chacha20poly1305_start)(&x.p, encrypt, c->nonce, c->key) ==
                     HWC_OK,
                 "chacha start");
  size_t half = c->aad_len / 2; /* the aad in two pieces */
  FUZZ_REQUIRE((gcm ? hwc_aes_gcm_aad(&x.g, c->aad, half) : hwc_chacha20poly1305_aad(&x.p, c->aad, half)) == HWC_OK &&
                   (gcm ? hwc_aes_gcm_aad(&x.g, c->aad + half, c->aad_len - half)
                        : hwc_chacha20poly1305_aad(&x.p, c->aad + half, c->aad_len - half)) == HWC_OK,
               "aad");
  for (size_t i = 0, done = 0; done < c->len || i == 0; i++) {
    size_t n = cut_len(c, i);
    if (n == 0) { /* an empty update, then a byte */
      FUZZ_REQUIRE((gcm ? hwc_aes_gcm_update(&x.g, out + done, in + done, 0)
                        : hwc_chacha20poly1305_update(&x.p, out + done, in + done, 0)) == HWC_OK,
                   "empty update");
      n = 1;
    }
    if (n > c->len - done) n = c->len - done;
    FUZZ_REQUIRE((gcm ? hwc_aes_gcm_update(&x.g, out + done, in + done, n)
                      : hwc_chacha20poly1305_update(&x.p, out + done, in + done, n)) == HWC_OK,
                 "update");
    done += n;
  }
  if (encrypt) return gcm ? hwc_aes_gcm_finish(&x.g, tag, 16) : hwc_chacha20poly1305_finish(&x.p, tag);
  return gcm ? hwc_aes_gcm_finish_verify(&x.g, tag, 16) : hwc_chacha20poly1305_finish_verify(&x.p, tag);
}

static void run(size_t i, void *ctx) {
  (void)i;
  st_case *c = ctx;
  hwc_aes_gcm_key gk;
  uint8_t want[16], tag[16];
  int gcm = c->kind < 3;
  if (gcm) {
    FUZZ_REQUIRE(hwc_aes_gcm_init(&gk, c->key, 16 + 8 * (size_t)c->kind) == HWC_OK, "gcm init");
    FUZZ_REQUIRE(hwc_aes_gcm_encrypt(c->ct, want, 16, c->msg, c->len, c->aad, c->aad_len, c->nonce, c->nonce_len,
                                     &gk) == HWC_OK,
                 "gcm one-shot");
  } else {
    FUZZ_REQUIRE((c->x ? hwc_xchacha20poly1305_encrypt : hwc_chacha20poly1305_encrypt)(
                     c->ct, want, c->msg, c->len, c->aad, c->aad_len, c->nonce, c->key) == HWC_OK,
                 "chacha one-shot");
  }
  uint8_t *src = c->inplace ? c->work : (uint8_t *)c->msg;
  if (c->inplace) memcpy(c->work, c->msg, c->len);
  FUZZ_REQUIRE(pieces(c, &gk, 1, c->inplace ? c->work : c->out, src, tag) == HWC_OK, "finish");
  FUZZ_REQUIRE(memcmp(c->inplace ? c->work : c->out, c->ct, c->len) == 0, "sealed in pieces != one-shot");
  FUZZ_REQUIRE(memcmp(tag, want, 16) == 0, "tag in pieces != one-shot");
  if (c->inplace) memcpy(c->work, c->ct, c->len);
  uint8_t *dst = c->inplace ? c->work : c->out;
  FUZZ_REQUIRE(pieces(c, &gk, 0, dst, c->inplace ? c->work : c->ct, want) == HWC_OK, "opened in pieces: tag refused");
  FUZZ_REQUIRE(memcmp(dst, c->msg, c->len) == 0, "opened in pieces != message");
  want[c->len % 16] ^= 1;
  FUZZ_REQUIRE(pieces(c, &gk, 0, c->out, c->ct, want) == HWC_ERR_AUTH, "a changed tag passed");
  if (gcm) hwc_aes_gcm_key_wipe(&gk);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 32 + 40 + 4) return 0;
  st_case c = {.key = data, .nonce = data + 32};
  const uint8_t *p = data + 72;
  size_t left = size - 76;
  c.kind = p[0] & 3;
  c.x = (p[0] >> 2) & 1;
  c.inplace = (p[0] >> 3) & 1;
  c.nonce_len = c.kind < 3 ? 1 + p[1] % 40 : 12;
  c.ncuts = 1 + p[3] % 16;
  if (left < c.ncuts) return 0;
  c.cuts = p + 4;
  left -= c.ncuts;
  c.aad = p + 4 + c.ncuts;
  c.aad_len = p[2] % (left + 1);
  c.msg = c.aad; /* the aad is also the message's start: fine for a differential check */
  c.len = left;
  c.ct = malloc(c.len + 1);
  c.out = malloc(c.len + 1);
  c.work = malloc(c.len + 1);
  if (!c.ct || !c.out || !c.work) abort();
  fuzz_each_impl(c.kind < 3 ? HWC_PRIM_AES_GCM : HWC_PRIM_CHACHA20_POLY1305, run, &c);
  free(c.ct), free(c.out), free(c.work);
  return 0;
}
