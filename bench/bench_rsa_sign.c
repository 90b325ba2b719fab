/* SPDX-License-Identifier: ISC */
/* RSA signatures as an application makes them (hash + pad + private or
 * public operation per call, 60-byte message), and the request-signing
 * scenario: an HTTP signing protocol whose v1 signs the SHA-512 hex digest
 * of the body with RSA_private_encrypt (type-1 padding, no DigestInfo) and
 * whose v2 uses PKCS#1 v1.5 SHA-512 signatures, over bodies of 60 B
 * ("short"), 60 KB ("average") and 6 MB ("huge"), with a 2048-bit key.
 * Rows compare bignum implementations; hashing stays at the dispatcher's
 * choice. Keys are generated once per size and re-imported in each setup,
 * so every key records the implementation being measured. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct {
  hwc_rsa_key *key;
  uint8_t *body;
  size_t body_len;
  uint8_t sig[512];
  size_t sig_len;
} rsa_state;

typedef enum { SIGN_SHA256, SIGN_SHA512, LEGACY_V1 } sig_kind;

/* The body, and one signature of it (the kind the row verifies). */
static int make_state(bench_io *io, unsigned bits, size_t body_len, sig_kind kind) {
  rsa_state *s = calloc(1, sizeof *s);
  if (s == NULL) return HWC_ERR_NOMEM;
  io->state = s;
  int rc = bench_rsa_key(&s->key, bits);
  if (rc) return rc;
  s->body_len = body_len;
  s->body = malloc(body_len);
  if (s->body == NULL) return HWC_ERR_NOMEM;
  for (size_t i = 0; i < body_len; i++) s->body[i] = (uint8_t)('a' + i % 26);
  s->sig_len = sizeof s->sig;
  if (kind != LEGACY_V1)
    return hwc_rsa_sign_pkcs1(s->sig, &s->sig_len, s->body, body_len,
                              kind == SIGN_SHA256 ? HWC_HASH_SHA256 : HWC_HASH_SHA512, s->key);
  char hex[129];
  uint8_t d[64];
  hwc_sha512(d, s->body, body_len);
  for (int i = 0; i < 64; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
  return hwc_rsa_private_encrypt_pkcs1(s->sig, &s->sig_len, (const uint8_t *)hex, 128, s->key);
}

static void teardown(bench_io *io) {
  rsa_state *s = io->state;
  if (s == NULL) return;
  hwc_rsa_free(s->key);
  free(s->body);
  free(s);
  io->state = NULL;
}

/* ---- rsaN-sign/verify-pkcs1-sha256 on a 60-byte message */
#define SIG_SETUP(bits) \
  static int setup_##bits(bench_io *io) { return make_state(io, bits, 60, SIGN_SHA256); }
SIG_SETUP(2048)
SIG_SETUP(3072)
SIG_SETUP(4096)

static void run_sign_sha256(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  size_t n = sizeof s->sig;
  (void)hwc_rsa_sign_pkcs1(io->out, &n, s->body, s->body_len, HWC_HASH_SHA256, s->key);
}

static void run_verify_sha256(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  if (hwc_rsa_verify_pkcs1(s->sig, s->sig_len, s->body, s->body_len, HWC_HASH_SHA256, s->key) != HWC_OK) abort();
}

/* ---- request signing */
static void v1_sign(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  uint8_t d[64];
  char hex[129];
  hwc_sha512(d, s->body, s->body_len);
  for (int i = 0; i < 64; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
  size_t n = sizeof s->sig;
  (void)hwc_rsa_private_encrypt_pkcs1(io->out, &n, (const uint8_t *)hex, 128, s->key);
}

static void v1_verify(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  uint8_t d[64], got[512];
  char hex[129];
  size_t n = sizeof got;
  hwc_sha512(d, s->body, s->body_len);
  for (int i = 0; i < 64; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
  if (hwc_rsa_public_decrypt_pkcs1(got, &n, s->sig, s->sig_len, s->key) != HWC_OK || n != 128 ||
      memcmp(got, hex, 128) != 0)
    abort();
}

static void v2_sign(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  size_t n = sizeof s->sig;
  (void)hwc_rsa_sign_pkcs1(io->out, &n, s->body, s->body_len, HWC_HASH_SHA512, s->key);
}

static void v2_verify(bench_io *io, size_t len) {
  (void)len;
  rsa_state *s = io->state;
  if (hwc_rsa_verify_pkcs1(s->sig, s->sig_len, s->body, s->body_len, HWC_HASH_SHA512, s->key) != HWC_OK) abort();
}

#define BODY_SETUPS(size, bytes)                                                              \
  static int setup_v1_##size(bench_io *io) { return make_state(io, 2048, bytes, LEGACY_V1); } \
  static int setup_v2_##size(bench_io *io) { return make_state(io, 2048, bytes, SIGN_SHA512); }
BODY_SETUPS(short, 60)
BODY_SETUPS(average, 60000)
BODY_SETUPS(huge, 6000000)

#define RS(name, setup, run) {name, HWC_PRIM_BIGNUM, BENCH_OP, setup, run, teardown}
BENCH_DEFINE_SUITE(rsa_sign,
  RS("rsa2048-sign-pkcs1-sha256", setup_2048, run_sign_sha256),
  RS("rsa2048-verify-pkcs1-sha256", setup_2048, run_verify_sha256),
  RS("rsa3072-sign-pkcs1-sha256", setup_3072, run_sign_sha256),
  RS("rsa4096-sign-pkcs1-sha256", setup_4096, run_sign_sha256),
  RS("request-signing-v1-sign-short", setup_v1_short, v1_sign),
  RS("request-signing-v1-verify-short", setup_v1_short, v1_verify),
  RS("request-signing-v2-sign-short", setup_v2_short, v2_sign),
  RS("request-signing-v2-verify-short", setup_v2_short, v2_verify),
  RS("request-signing-v1-sign-average", setup_v1_average, v1_sign),
  RS("request-signing-v1-verify-average", setup_v1_average, v1_verify),
  RS("request-signing-v2-sign-average", setup_v2_average, v2_sign),
  RS("request-signing-v2-verify-average", setup_v2_average, v2_verify),
  RS("request-signing-v1-sign-huge", setup_v1_huge, v1_sign),
  RS("request-signing-v1-verify-huge", setup_v1_huge, v1_verify),
  RS("request-signing-v2-sign-huge", setup_v2_huge, v2_sign),
  RS("request-signing-v2-verify-huge", setup_v2_huge, v2_verify));
