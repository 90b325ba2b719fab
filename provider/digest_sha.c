/* SPDX-License-Identifier: ISC */
/*
 * Digests SHA-1, SHA2-256, SHA2-384 and SHA2-512 over hwc_hash_ctx.
 *
 * The context is plain data, so DUPCTX (which TLS uses on every
 * transcript hash) is a copy. OpenSSL's EVP layer may call final and
 * then init again on one context, or free it at any point; the `live`
 * flag makes an update or final outside init..final an error rather than
 * work on a wiped hwc_hash_ctx. Parameters as the default provider's
 * SHA digests: block size, output size, not an XOF, and "algid-absent"
 * (their AlgorithmIdentifier carries no NULL parameters).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "hwcp_hash.h"

typedef struct {
  hwcp_prov *prov;
  hwc_hash hash;
  int live; /* between init and final */
  hwc_hash_ctx c;
} sha_ctx;

static void *sha_newctx(hwcp_prov *prov, hwc_hash h) {
  sha_ctx *c = hwcp_ctx_new(prov, sizeof *c, "digest context");
  if (!c) return NULL;
  c->prov = prov;
  c->hash = h;
  return c;
}

static void *sha1_newctx(void *prov) { return sha_newctx(prov, HWC_HASH_SHA1); }
static void *sha256_newctx(void *prov) { return sha_newctx(prov, HWC_HASH_SHA256); }
static void *sha384_newctx(void *prov) { return sha_newctx(prov, HWC_HASH_SHA384); }
static void *sha512_newctx(void *prov) { return sha_newctx(prov, HWC_HASH_SHA512); }

/* a hash state of secret data: wiped */
static void sha_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(sha_ctx)); }

static void *sha_dupctx(void *vc) {
  const sha_ctx *c = vc;
  return hwcp_ctx_dup(c->prov, c, sizeof *c, "digest context");
}

/* No settable parameters: params is accepted and ignored, as the default
 * provider's SHA-2 init does with an empty settable set. */
static int sha_init(void *vc, const OSSL_PARAM params[]) {
  (void)params;
  sha_ctx *c = vc;
  if (hwc_hash_init(&c->c, c->hash) != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_hash_init");
    return 0;
  }
  c->live = 1;
  hwcp_used(hwcp_hash_name(c->hash));
  return 1;
}

static int sha_update(void *vc, const unsigned char *in, size_t len) {
  sha_ctx *c = vc;
  if (!c->live) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "digest update without init");
    return 0;
  }
  if (len) hwc_hash_update(&c->c, in, len);
  return 1;
}

static int sha_final(void *vc, unsigned char *out, size_t *outl, size_t outsz) {
  sha_ctx *c = vc;
  size_t n = hwc_hash_len(c->hash);
  if (!c->live) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "digest final without init");
    return 0;
  }
  if (outsz < n) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "digest needs %zu bytes, got %zu", n, outsz);
    return 0;
  }
  hwc_hash_final(&c->c, out); /* wipes c->c */
  c->live = 0;
  *outl = n;
  return 1;
}

/* The one-shot (EVP_Digest, EVP_Q_digest): no context at all. */
static int sha_digest(hwcp_prov *prov, hwc_hash h, const unsigned char *in, size_t len, unsigned char *out,
                      size_t *outl, size_t outsz) {
  size_t n = hwc_hash_len(h);
  hwcp_used(hwcp_hash_name(h));
  if (outsz < n) {
    hwcp_raise(prov, HWCP_R_OUT_TOO_SMALL, "digest needs %zu bytes, got %zu", n, outsz);
    return 0;
  }
  if (hwc_digest(out, in, len, h) != HWC_OK) {
    hwcp_raise(prov, HWCP_R_HWC_FAILED, "hwc_digest");
    return 0;
  }
  *outl = n;
  return 1;
}

static int sha1_digest(void *p, const unsigned char *in, size_t len, unsigned char *out, size_t *outl, size_t sz) {
  return sha_digest(p, HWC_HASH_SHA1, in, len, out, outl, sz);
}
static int sha256_digest(void *p, const unsigned char *in, size_t len, unsigned char *out, size_t *outl, size_t sz) {
  return sha_digest(p, HWC_HASH_SHA256, in, len, out, outl, sz);
}
static int sha384_digest(void *p, const unsigned char *in, size_t len, unsigned char *out, size_t *outl, size_t sz) {
  return sha_digest(p, HWC_HASH_SHA384, in, len, out, outl, sz);
}
static int sha512_digest(void *p, const unsigned char *in, size_t len, unsigned char *out, size_t *outl, size_t sz) {
  return sha_digest(p, HWC_HASH_SHA512, in, len, out, outl, sz);
}

/* Block and output sizes, not an XOF, no NULL parameters in its AlgorithmIdentifier. */
static int sha_get_params(OSSL_PARAM params[], size_t block, size_t size) {
  return hwcp_param_size(params, OSSL_DIGEST_PARAM_BLOCK_SIZE, block) &&
         hwcp_param_size(params, OSSL_DIGEST_PARAM_SIZE, size) && hwcp_param_int(params, OSSL_DIGEST_PARAM_XOF, 0) &&
         hwcp_param_int(params, OSSL_DIGEST_PARAM_ALGID_ABSENT, 1);
}

static int sha1_get_params(OSSL_PARAM params[]) { return sha_get_params(params, 64, 20); }
static int sha256_get_params(OSSL_PARAM params[]) { return sha_get_params(params, 64, 32); }
static int sha384_get_params(OSSL_PARAM params[]) { return sha_get_params(params, 128, 48); }
static int sha512_get_params(OSSL_PARAM params[]) { return sha_get_params(params, 128, 64); }

static const OSSL_PARAM sha_param_types[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL), OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL), OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL), OSSL_PARAM_END};

static const OSSL_PARAM *sha_gettable_params(void *provctx) {
  (void)provctx;
  return sha_param_types;
}

/* One dispatch table per digest: the three that differ (newctx, the
 * one-shot, the parameters) named in its entries, the rest shared. */
static const OSSL_DISPATCH sha1_functions[] = {
    FN(OSSL_FUNC_DIGEST_NEWCTX, sha1_newctx), FN(OSSL_FUNC_DIGEST_DIGEST, sha1_digest),
    FN(OSSL_FUNC_DIGEST_GET_PARAMS, sha1_get_params), FN(OSSL_FUNC_DIGEST_INIT, sha_init),
    FN(OSSL_FUNC_DIGEST_UPDATE, sha_update), FN(OSSL_FUNC_DIGEST_FINAL, sha_final),
    FN(OSSL_FUNC_DIGEST_FREECTX, sha_freectx), FN(OSSL_FUNC_DIGEST_DUPCTX, sha_dupctx),
    FN(OSSL_FUNC_DIGEST_GETTABLE_PARAMS, sha_gettable_params), {0, NULL}};
static const OSSL_DISPATCH sha256_functions[] = {
    FN(OSSL_FUNC_DIGEST_NEWCTX, sha256_newctx), FN(OSSL_FUNC_DIGEST_DIGEST, sha256_digest),
    FN(OSSL_FUNC_DIGEST_GET_PARAMS, sha256_get_params), FN(OSSL_FUNC_DIGEST_INIT, sha_init),
    FN(OSSL_FUNC_DIGEST_UPDATE, sha_update), FN(OSSL_FUNC_DIGEST_FINAL, sha_final),
    FN(OSSL_FUNC_DIGEST_FREECTX, sha_freectx), FN(OSSL_FUNC_DIGEST_DUPCTX, sha_dupctx),
    FN(OSSL_FUNC_DIGEST_GETTABLE_PARAMS, sha_gettable_params), {0, NULL}};
static const OSSL_DISPATCH sha384_functions[] = {
    FN(OSSL_FUNC_DIGEST_NEWCTX, sha384_newctx), FN(OSSL_FUNC_DIGEST_DIGEST, sha384_digest),
    FN(OSSL_FUNC_DIGEST_GET_PARAMS, sha384_get_params), FN(OSSL_FUNC_DIGEST_INIT, sha_init),
    FN(OSSL_FUNC_DIGEST_UPDATE, sha_update), FN(OSSL_FUNC_DIGEST_FINAL, sha_final),
    FN(OSSL_FUNC_DIGEST_FREECTX, sha_freectx), FN(OSSL_FUNC_DIGEST_DUPCTX, sha_dupctx),
    FN(OSSL_FUNC_DIGEST_GETTABLE_PARAMS, sha_gettable_params), {0, NULL}};
static const OSSL_DISPATCH sha512_functions[] = {
    FN(OSSL_FUNC_DIGEST_NEWCTX, sha512_newctx), FN(OSSL_FUNC_DIGEST_DIGEST, sha512_digest),
    FN(OSSL_FUNC_DIGEST_GET_PARAMS, sha512_get_params), FN(OSSL_FUNC_DIGEST_INIT, sha_init),
    FN(OSSL_FUNC_DIGEST_UPDATE, sha_update), FN(OSSL_FUNC_DIGEST_FINAL, sha_final),
    FN(OSSL_FUNC_DIGEST_FREECTX, sha_freectx), FN(OSSL_FUNC_DIGEST_DUPCTX, sha_dupctx),
    FN(OSSL_FUNC_DIGEST_GETTABLE_PARAMS, sha_gettable_params), {0, NULL}};

const hwcp_alg hwcp_digest_algs[] = {
    {OSSL_OP_DIGEST, {"SHA1:SHA-1:SSL3-SHA1:1.3.14.3.2.26", HWCP_PROPS, sha1_functions, "hwcrypto SHA-1"},
     HWC_PRIM_SHA1},
    {OSSL_OP_DIGEST,
     {"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", HWCP_PROPS, sha256_functions, "hwcrypto SHA2-256"},
     HWC_PRIM_SHA256},
    {OSSL_OP_DIGEST,
     {"SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", HWCP_PROPS, sha384_functions, "hwcrypto SHA2-384"},
     HWC_PRIM_SHA512},
    {OSSL_OP_DIGEST,
     {"SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", HWCP_PROPS, sha512_functions, "hwcrypto SHA2-512"},
     HWC_PRIM_SHA512},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
