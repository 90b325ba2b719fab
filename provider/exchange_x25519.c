/* SPDX-License-Identifier: ISC */
/*
 * X25519 key exchange (RFC 7748) over hwc_x25519.
 *
 * As the default provider (OpenSSL 3.0): init takes our key, set_peer the
 * peer's; derive needs a private key and a peer (checked before anything
 * else, so even the length query fails without them), answers 32 with a
 * NULL secret, refuses an output below 32 bytes, and fails when the
 * shared secret is all zero (a peer point of small order: RFC 7748
 * section 6.1's check, which hwc_x25519 reports as HWC_ERR_INVALID_ARG).
 * The peer's public key is used as its 32 bytes, bit 255 ignored and
 * u >= p reduced, on both sides. No context parameters, as in 3.0.
 *
 * The context copies the two keys' bytes at init / set_peer rather than
 * referencing the key objects (ecx_key.h), and wipes them when freed.
 */
#include <stdlib.h>
#include <string.h>

#include "ecx_key.h"

typedef struct {
  hwcp_prov *prov;
  int has_key;  /* init ran */
  int has_priv; /* ... with a key that has a private half */
  int has_peer; /* set_peer ran */
  uint8_t priv[32];
  uint8_t peer[32];
} x25519_ctx;

static void *x25519_newctx(void *provctx) {
  x25519_ctx *c = hwcp_ctx_new(provctx, sizeof *c, "X25519 context");
  if (c) c->prov = provctx;
  return c;
}

/* the private key and the peer's wiped */
static void x25519_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(x25519_ctx)); }

static void *x25519_dupctx(void *vc) {
  const x25519_ctx *c = vc;
  return hwcp_ctx_dup(c->prov, c, sizeof *c, "X25519 context");
}

/* 1 if vk is an X25519 key of this provider (EVP hands only those here). */
static int is_x25519(x25519_ctx *c, const hwcp_ecx_key *k) {
  if (k && k->type == HWCP_ECX_X25519) return 1;
  hwcp_raise(c->prov, HWCP_R_BAD_ARG, "not an X25519 key");
  return 0;
}

/* Parameters are accepted and ignored: 3.0 has none for this exchange. */
static int x25519_init(void *vc, void *vk, const OSSL_PARAM params[]) {
  x25519_ctx *c = vc;
  const hwcp_ecx_key *k = vk;
  (void)params;
  if (!is_x25519(c, k)) return 0;
  memcpy(c->priv, k->priv, 32);
  c->has_priv = k->has_priv;
  c->has_key = 1;
  return 1;
}

static int x25519_set_peer(void *vc, void *vk) {
  x25519_ctx *c = vc;
  const hwcp_ecx_key *k = vk;
  if (!is_x25519(c, k)) return 0;
  memcpy(c->peer, k->pub, 32); /* a key without a public half has zeros: derive then fails, as the default's */
  c->has_peer = 1;
  return 1;
}

static int x25519_derive(void *vc, unsigned char *secret, size_t *secretlen, size_t outlen) {
  x25519_ctx *c = vc;
  if (!c->has_key || !c->has_priv || !c->has_peer) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "X25519 derive without a private key and a peer");
    return 0;
  }
  if (!secret) {
    *secretlen = 32;
    return 1;
  }
  if (outlen < 32) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "X25519 secret needs 32 bytes, got %zu", outlen);
    return 0;
  }
  uint8_t s[32];
  hwcp_used("X25519");
  int rc = hwc_x25519(s, c->priv, c->peer);
  if (rc == HWC_OK) memcpy(secret, s, 32);
  hwc_memzero(s, sizeof s);
  if (rc != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "X25519: all-zero shared secret (peer point of small order)");
    return 0;
  }
  *secretlen = 32;
  return 1;
}

const OSSL_DISPATCH hwcp_x25519_keyexch[] = {
    FN(OSSL_FUNC_KEYEXCH_NEWCTX, x25519_newctx), FN(OSSL_FUNC_KEYEXCH_INIT, x25519_init),
    FN(OSSL_FUNC_KEYEXCH_SET_PEER, x25519_set_peer), FN(OSSL_FUNC_KEYEXCH_DERIVE, x25519_derive),
    FN(OSSL_FUNC_KEYEXCH_FREECTX, x25519_freectx), FN(OSSL_FUNC_KEYEXCH_DUPCTX, x25519_dupctx),
    {0, NULL}};
