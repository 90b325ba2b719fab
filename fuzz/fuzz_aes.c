/* SPDX-License-Identifier: ISC */
/* AES block, CBC, CTR and GCM on input-chosen keys (128/192/256), IVs,
 * nonces of any length, tag lengths, AAD and data: every aes x ghash
 * implementation pair must produce the same bytes and return codes, CBC and
 * GCM must round-trip, and decrypting the input as a forgery must fail and
 * leave zeros (or, in the rare case it authenticates, agree everywhere). */
#include "fuzz.h"

typedef struct {
  const uint8_t *key, *iv, *tag, *msg;
  size_t key_len, nonce_len, tag_len, aad_len, len;
  uint8_t *first, *out;
  size_t out_len;
  int have_first;
} aes_case;

static void compute(aes_case *c) {
  uint8_t *o = c->out, iv[16];
  size_t len = c->len, blen = len & ~(size_t)15;
  const uint8_t *m = c->msg, *aad = c->msg;
  memset(o, 0, c->out_len);
  hwc_aes_key key;
  FUZZ_REQUIRE(hwc_aes_init(&key, c->key, c->key_len) == HWC_OK, "aes init");
  if (len >= 16) {
    hwc_aes_encrypt_block(o, m, &key);
    hwc_aes_decrypt_block(o + 16, m, &key);
  }
  o += 32;
  memcpy(iv, c->iv, 16);
  FUZZ_REQUIRE(hwc_aes_cbc_encrypt(o, m, blen, iv, &key) == HWC_OK, "cbc encrypt");
  memcpy(o + blen, iv, 16);
  memcpy(iv, c->iv, 16);
  FUZZ_REQUIRE(hwc_aes_cbc_decrypt(o + blen + 16, o, blen, iv, &key) == HWC_OK, "cbc decrypt");
  FUZZ_REQUIRE(memcmp(o + blen + 16, m, blen) == 0, "cbc round trip");
  FUZZ_REQUIRE(hwc_aes_cbc_decrypt(o + blen + 16, m, blen, iv, &key) == HWC_OK, "cbc decrypt of input");
  o += 2 * blen + 16;
  memcpy(iv, c->iv, 16);
  FUZZ_REQUIRE(hwc_aes_ctr(o, m, len, iv, &key) == HWC_OK, "ctr");
  memcpy(o + len, iv, 16);
  o += len + 16;
  hwc_aes_key_wipe(&key);

  hwc_aes_gcm_key g;
  FUZZ_REQUIRE(hwc_aes_gcm_init(&g, c->key, c->key_len) == HWC_OK, "gcm init");
  uint8_t *ct = o, *tag = o + len;
  FUZZ_REQUIRE(hwc_aes_gcm_encrypt(ct, tag, c->tag_len, m, len, aad, c->aad_len, c->iv, c->nonce_len, &g) == HWC_OK,
               "gcm encrypt");
  uint8_t *pt = tag + 16;
  FUZZ_REQUIRE(hwc_aes_gcm_decrypt(pt, ct, len, tag, c->tag_len, aad, c->aad_len, c->iv, c->nonce_len, &g) == HWC_OK,
               "gcm decrypt of own output");
  FUZZ_REQUIRE(memcmp(pt, m, len) == 0, "gcm round trip");
  uint8_t *f = pt + len;
  int err = hwc_aes_gcm_decrypt(f, m, len, c->tag, c->tag_len, aad, c->aad_len, c->iv, c->nonce_len, &g);
  f[len] = (uint8_t)-err;
  if (err == HWC_ERR_AUTH)
    for (size_t i = 0; i < len; i++) FUZZ_REQUIRE(f[i] == 0, "failed decryption left plaintext");
  hwc_aes_gcm_key_wipe(&g);
}

static void run_ghash(size_t i, void *ctx) {
  (void)i;
  aes_case *c = ctx;
  compute(c);
  if (!c->have_first) {
    memcpy(c->first, c->out, c->out_len);
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(c->first, c->out, c->out_len) == 0, "implementations disagree");
}

static void run_aes(size_t i, void *ctx) {
  (void)i;
  fuzz_each_impl(HWC_PRIM_GHASH, run_ghash, ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4 + 32 + 32 + 16) return 0;
  static const size_t klens[3] = {16, 24, 32};
  aes_case c = {.key = data + 4, .iv = data + 36, .tag = data + 68, .msg = data + 84};
  c.key_len = klens[data[0] % 3];
  c.nonce_len = 1 + data[1] % 32;
  c.tag_len = 12 + data[2] % 5;
  c.len = size - 84;
  c.aad_len = data[3] % (c.len + 1);
  c.out_len = 32 + 2 * c.len + 16 + c.len + 16 + 3 * c.len + 17;
  c.first = malloc(c.out_len);
  c.out = malloc(c.out_len);
  if (!c.first || !c.out) abort();
  fuzz_each_impl(HWC_PRIM_AES, run_aes, &c);
  free(c.first);
  free(c.out);
  return 0;
}
