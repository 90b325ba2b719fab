/* SPDX-License-Identifier: ISC */
/*
 * Ed25519 signatures (RFC 8032, pure: no context, no prehash) over
 * hwc_ed25519_sign / hwc_ed25519_verify, one-shot only (EVP_DigestSign /
 * EVP_DigestVerify), as the default provider of OpenSSL 3.0 offers them.
 *
 * As the default: init refuses a non-empty digest name; signing with a
 * NULL buffer answers 64, a buffer below 64 bytes and a key without a
 * private half are errors (in that order); the signature is made with the
 * key's stored public key (sk = seed || pub, as libsodium also does), so
 * both providers give the same bytes even for a mismatched imported pair.
 * A signature of any length but 64 fails verification without an error.
 * "algorithm-id" is the DER AlgorithmIdentifier { id-Ed25519 } with
 * absent parameters (RFC 8410), which certificate signing embeds.
 *
 * Verification: OpenSSL 3.0's ossl_ed25519_verify rejects S >= L, a
 * public key that does not decode to a point, and an R other than the
 * canonical encoding of S B - k A (cofactorless), with k hashed over the
 * public key bytes as given. hwc_ed25519_verify applies libsodium's
 * stricter rules: it also rejects (a) an R that is one of the small-order
 * encodings (y = 0, 1, p - 1, the two order-8 y, p, p + 1; bit 255
 * ignored), (b) a public key that is one of those, and (c) a public key
 * whose y is not below p (non-canonical: bytes 0xed..0xff, 0xff * 30,
 * 0x7f / 0xff). OpenSSL accepts such signatures when the equation holds
 * (R = identity and S = 0 under the identity as public key, for example,
 * verifies for every message). Exactly those inputs, when S < L, are
 * handed to the default provider's verify; every other input gets the same
 * verdict from both (same S check, same decoding of canonical points,
 * same equation and R comparison).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ecx_key.h"

/* SEQUENCE { OID 1.3.101.112 }: RFC 8410's AlgorithmIdentifier for Ed25519. */
static const uint8_t ed25519_algid[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};

typedef struct {
  hwcp_prov *prov;
  int has_key;  /* an init ran */
  int has_priv; /* its key has a private half */
  uint8_t sk[64]; /* seed || public key, hwc_ed25519_sign's form; pub alone at sk + 32 */
} ed25519_ctx;

static void *ed25519_newctx(void *provctx, const char *propq) {
  (void)propq;
  ed25519_ctx *c = hwcp_ctx_new(provctx, sizeof *c, "Ed25519 context");
  if (c) c->prov = provctx;
  return c;
}

/* the secret key wiped */
static void ed25519_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(ed25519_ctx)); }

static void *ed25519_dupctx(void *vc) {
  const ed25519_ctx *c = vc;
  return hwcp_ctx_dup(c->prov, c, sizeof *c, "Ed25519 context");
}

/* Sign and verify share init: no digest may be named (Ed25519 hashes the
 * message itself), the key must be an Ed25519 key of this provider. */
static int ed25519_init(void *vc, const char *mdname, void *vk, const OSSL_PARAM params[]) {
  ed25519_ctx *c = vc;
  const hwcp_ecx_key *k = vk;
  (void)params;
  if (mdname && mdname[0]) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "Ed25519 takes no digest, got %s", mdname);
    return 0;
  }
  if (!k || k->type != HWCP_ECX_ED25519) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "not an Ed25519 key");
    return 0;
  }
  memcpy(c->sk, k->priv, 32);
  memcpy(c->sk + 32, k->pub, 32);
  c->has_priv = k->has_priv;
  c->has_key = 1;
  return 1;
}

static int ed25519_sign(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                        size_t tbslen) {
  ed25519_ctx *c = vc;
  if (!c->has_key) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "Ed25519 sign without init");
    return 0;
  }
  if (!sig) {
    *siglen = 64;
    return 1;
  }
  if (sigsize < 64) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "Ed25519 signature needs 64 bytes, got %zu", sigsize);
    return 0;
  }
  if (!c->has_priv) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "Ed25519 sign with a public key");
    return 0;
  }
  hwcp_used("ED25519");
  int rc = hwc_ed25519_sign(sig, tbs, tbslen, c->sk);
  if (rc != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_ed25519_sign: %s", hwc_strerror(rc));
    return 0;
  }
  *siglen = 64;
  return 1;
}

/* 1 when the encoding (bit 255 ignored) is one of the seven small-order
 * ones hwc_ed25519_verify refuses. Variable time: signatures and public
 * keys are public. */
static int small_order(const uint8_t s[32]) {
  static const uint8_t order8[2][32] = {
      {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
       0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
      {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
       0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a}};
  uint8_t y[32];
  memcpy(y, s, 32);
  y[31] &= 0x7f;
  if (memcmp(y, order8[0], 32) == 0 || memcmp(y, order8[1], 32) == 0) return 1;
  /* y = 0 or 1: zero above byte 0 */
  int high_zero = 1, high_ones = 1;
  for (int i = 1; i < 31; i++) high_zero &= y[i] == 0, high_ones &= y[i] == 0xff;
  if (high_zero && y[31] == 0 && y[0] <= 1) return 1;
  /* y = p - 1, p, p + 1: 0xec, 0xed, 0xee then 0xff * 30, 0x7f */
  return high_ones && y[31] == 0x7f && y[0] >= 0xec && y[0] <= 0xee;
}

/* 1 when y (bit 255 cleared) is p or above: 0xed..0xff, 0xff * 30, 0x7f. */
static int non_canonical(const uint8_t s[32]) {
  if ((s[31] & 0x7f) != 0x7f || s[0] < 0xed) return 0;
  for (int i = 1; i < 31; i++)
    if (s[i] != 0xff) return 0;
  return 1;
}

/* 1 when S (little-endian, sig + 32) is below the group order L. */
static int s_below_l(const uint8_t s[32]) {
  static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  for (int i = 31; i >= 0; i--)
    if (s[i] != l[i]) return s[i] < l[i];
  return 0;
}

/* The default provider's verdict (see the top of the file for when). */
static int default_verify(ed25519_ctx *c, const unsigned char *sig, const unsigned char *tbs, size_t tbslen) {
  EVP_PKEY *pk = EVP_PKEY_new_raw_public_key_ex(c->prov->libctx, "ED25519", "provider=default", c->sk + 32, 32);
  EVP_MD_CTX *m = EVP_MD_CTX_new();
  int ok = pk && m && EVP_DigestVerifyInit_ex(m, NULL, NULL, c->prov->libctx, "provider=default", pk, NULL) == 1 &&
           EVP_DigestVerify(m, sig, 64, tbs, tbslen) == 1;
  EVP_MD_CTX_free(m);
  EVP_PKEY_free(pk);
  return ok;
}

static int ed25519_verify(void *vc, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                          size_t tbslen) {
  ed25519_ctx *c = vc;
  const uint8_t *pub = c->sk + 32;
  if (!c->has_key) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "Ed25519 verify without init");
    return 0;
  }
  if (siglen != 64) return 0;
  if (s_below_l(sig + 32) && (small_order(sig) || small_order(pub) || non_canonical(pub)))
    return default_verify(c, sig, tbs, tbslen);
  hwcp_used("ED25519");
  return hwc_ed25519_verify(sig, tbs, tbslen, pub) == HWC_OK;
}

/* "algorithm-id" once a key is set (before, the default has none to give). */
static int ed25519_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  ed25519_ctx *c = vc;
  OSSL_PARAM *q;
  if (!c) return 0;
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID)) &&
      (!c->has_key || !OSSL_PARAM_set_octet_string(q, ed25519_algid, sizeof ed25519_algid)))
    return 0;
  return 1;
}

static const OSSL_PARAM ed25519_ctx_gettable[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
                                                  OSSL_PARAM_END};

static const OSSL_PARAM *ed25519_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc;
  (void)provctx;
  return ed25519_ctx_gettable;
}

const OSSL_DISPATCH hwcp_ed25519_signature[] = {
    FN(OSSL_FUNC_SIGNATURE_NEWCTX, ed25519_newctx), FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, ed25519_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, ed25519_sign), FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, ed25519_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, ed25519_verify), FN(OSSL_FUNC_SIGNATURE_FREECTX, ed25519_freectx),
    FN(OSSL_FUNC_SIGNATURE_DUPCTX, ed25519_dupctx), FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, ed25519_get_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, ed25519_gettable_ctx_params), {0, NULL}};
