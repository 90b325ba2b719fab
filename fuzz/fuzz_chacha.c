/* SPDX-License-Identifier: ISC */
/* ChaCha20, XChaCha20, Poly1305 (cut where the input says) and both AEADs,
 * encrypting and decrypting attacker-chosen ciphertext and tags: every
 * chacha20 x poly1305 implementation pair must produce the same bytes and
 * return codes, a decryption must round-trip, and a failed one must leave
 * zeros. */
#include "fuzz.h"

typedef struct {
  const uint8_t *key, *nonce, *tag, *msg;
  size_t aad_len, len, cut;
  uint8_t *first, *out;
  size_t out_len;
  int have_first;
} cc_case;

static void compute(cc_case *c) {
  uint8_t *o = c->out;
  const uint8_t *aad = c->msg, *m = c->msg;
  size_t len = c->len;
  memset(o, 0, c->out_len);
  hwc_chacha20(o, m, len, c->nonce, 0xfffffff0u, c->key); /* may be TOO_LONG: then untouched */
  o += len;
  FUZZ_REQUIRE(hwc_xchacha20(o, m, len, c->nonce, 0xfffffffcu, c->key) == HWC_OK, "xchacha20 failed");
  o += len;
  hwc_poly1305_ctx p;
  hwc_poly1305_init(&p, c->key);
  hwc_poly1305_update(&p, m, c->cut);
  hwc_poly1305_update(&p, m + c->cut, len - c->cut);
  hwc_poly1305_final(&p, o);
  uint8_t one[16];
  hwc_poly1305(one, m, len, c->key);
  FUZZ_REQUIRE(memcmp(one, o, 16) == 0, "poly1305 incremental != one-shot");
  o += 16;
  for (int x = 0; x < 2; x++) {
    int (*enc)(uint8_t *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *,
               const uint8_t *) = x ? hwc_xchacha20poly1305_encrypt : hwc_chacha20poly1305_encrypt;
    int (*dec)(uint8_t *, const uint8_t *, size_t, const uint8_t *, const uint8_t *, size_t, const uint8_t *,
               const uint8_t *) = x ? hwc_xchacha20poly1305_decrypt : hwc_chacha20poly1305_decrypt;
    uint8_t *ct = o, *tag = o + len;
    FUZZ_REQUIRE(enc(ct, tag, m, len, aad, c->aad_len, c->nonce, c->key) == HWC_OK, "encrypt failed");
    uint8_t *pt = tag + 16;
    FUZZ_REQUIRE(dec(pt, ct, len, tag, aad, c->aad_len, c->nonce, c->key) == HWC_OK, "decrypt of own output failed");
    FUZZ_REQUIRE(memcmp(pt, m, len) == 0, "round trip");
    /* The input as a forgery: almost surely rejected, and then all zero. */
    uint8_t *f = pt + len;
    int err = dec(f, m, len, c->tag, aad, c->aad_len, c->nonce, c->key);
    f[len] = (uint8_t)-err;
    if (err == HWC_ERR_AUTH)
      for (size_t i = 0; i < len; i++) FUZZ_REQUIRE(f[i] == 0, "failed decryption left plaintext");
    o = f + len + 1;
  }
}

static void run_poly(size_t i, void *ctx) {
  (void)i;
  cc_case *c = ctx;
  compute(c);
  if (!c->have_first) {
    memcpy(c->first, c->out, c->out_len);
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(c->first, c->out, c->out_len) == 0, "implementations disagree");
}

static void run_chacha(size_t i, void *ctx) {
  (void)i;
  fuzz_each_impl(HWC_PRIM_POLY1305, run_poly, ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 32 + 24 + 16 + 2) return 0;
  cc_case c = {.key = data, .nonce = data + 32, .tag = data + 56, .msg = data + 74};
  c.len = size - 74;
  c.aad_len = data[72] % (c.len + 1);
  c.cut = data[73] % (c.len + 1);
  c.out_len = 3 * c.len + 16 + 2 * (4 * c.len + 33);
  c.first = malloc(c.out_len);
  c.out = malloc(c.out_len);
  if (!c.first || !c.out) abort();
  /* Poly1305 is constant time: tell libFuzzer the classes of r and s (as
   * big-endian numbers) and of the message instead (fuzz.h). */
  uint8_t r_be[16], s_be[16];
  for (size_t i = 0; i < 16; i++) {
    r_be[i] = c.key[15 - i];
    s_be[i] = c.key[31 - i];
  }
  fuzz_note_bytes(0, r_be, 16);
  fuzz_note_bytes(1, s_be, 16);
  fuzz_note_bytes(2, c.msg, c.len);
  fuzz_each_impl(HWC_PRIM_CHACHA20, run_chacha, &c);
  free(c.first);
  free(c.out);
  return 0;
}
