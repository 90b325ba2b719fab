/* SPDX-License-Identifier: ISC */
/*
 * HMAC over hwc_hmac_ctx, with the default provider's HMAC
 * (providers/implementations/macs/hmac_prov.c in OpenSSL 3.0) as the
 * behaviour to match, quirks included:
 *
 *  - "digest" names the hash for the next keying and for "block-size";
 *    the keyed state keeps the hash it was keyed with, so a digest set
 *    after the key changes "block-size" at once but the MAC (and "size")
 *    only at the next key.
 *  - A key (parameter or init argument) keys at once; init without a key
 *    restarts the keyed state; a "key" parameter whose data pointer is
 *    NULL restarts it too, but only when "digest" is the keyed hash
 *    (the same fetched object), and fails otherwise.
 *  - "digest-oneshot" is a hint the 3.0 digests ignore: accepted, no effect.
 *
 * What hwcrypto cannot serve is handed to the default provider: a key
 * under a digest other than SHA-1 or SHA2-256/384/512, "digest-noinit"
 * set, "tls-data-size" (the constant-time CBC record MAC of libssl) or an
 * "engine". From then on the context forwards every call to the default
 * provider's EVP_MAC_CTX, made from this one's state (to_default), and
 * stays so until freed.
 *
 * One difference remains: after final, the default provider lets update
 * and final go on from the finished hash (an output of no use); here they
 * fail until the next init or key.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "hwcp_hash.h"

typedef struct {
  hwcp_prov *prov;
  EVP_MAC_CTX *dg;    /* the default provider's HMAC once handed on; then nothing below is used */
  EVP_MD *md;         /* the "digest" parameter as fetched; NULL: none (or its fetch failed) */
  char *props;        /* the "properties" it was fetched with, or NULL */
  EVP_MD *kmd;        /* the digest the keyed state uses; NULL: never keyed */
  char *kprops;       /* and its properties */
  hwc_hash kh;        /* kmd as hwcrypto names it */
  uint8_t *key;       /* the last key given with a data pointer (a copy, 1 byte allocated when empty) */
  size_t keylen;
  int key_null_last;  /* the last "key" had no data pointer: the default then keeps an empty key */
  int live;           /* cur runs between a keying or restart and final */
  hwc_hmac_ctx base;  /* keyed with key, before any message */
  hwc_hmac_ctx cur;   /* the message in progress */
} hmac_ctx;

static char *dup_str(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* Frees everything native (keys wiped), leaving prov and dg. */
static void clear_native(hmac_ctx *c) {
  EVP_MD_free(c->md);
  EVP_MD_free(c->kmd);
  free(c->props);
  free(c->kprops);
  if (c->key) hwc_memzero(c->key, c->keylen);
  free(c->key);
  hwcp_prov *p = c->prov;
  EVP_MAC_CTX *dg = c->dg;
  hwc_memzero(c, sizeof *c);
  c->prov = p;
  c->dg = dg;
}

static void *hmac_newctx(void *provctx) {
  hmac_ctx *c = hwcp_ctx_new(provctx, sizeof *c, "HMAC context");
  if (!c) return NULL;
  c->prov = provctx;
  return c;
}

static void hmac_freectx(void *vc) {
  hmac_ctx *c = vc;
  if (!c) return;
  EVP_MAC_CTX_free(c->dg);
  clear_native(c);
  free(c);
}

static void *hmac_dupctx(void *vc) {
  const hmac_ctx *c = vc;
  hmac_ctx *d = malloc(sizeof *d);
  if (!d) goto nomem;
  *d = *c;
  d->md = d->kmd = NULL;
  d->props = d->kprops = NULL;
  d->key = NULL;
  d->dg = NULL;
  if (c->dg && !(d->dg = EVP_MAC_CTX_dup(c->dg))) goto fail;
  if (c->md && EVP_MD_up_ref(c->md)) d->md = c->md;
  if (c->kmd && EVP_MD_up_ref(c->kmd)) d->kmd = c->kmd;
  if (d->md != c->md || d->kmd != c->kmd) goto fail;
  if ((c->props && !(d->props = dup_str(c->props))) || (c->kprops && !(d->kprops = dup_str(c->kprops))))
    goto fail;
  if (c->key) {
    if (!(d->key = malloc(c->keylen ? c->keylen : 1))) goto fail;
    memcpy(d->key, c->key, c->keylen);
  }
  return d;
fail:
  hmac_freectx(d);
nomem:
  hwcp_raise(c->prov, HWCP_R_MALLOC, "HMAC context copy");
  return NULL;
}

/* Hands the context to the default provider's HMAC: a new EVP_MAC_CTX
 * given, as parameters, the state this one reached (the keyed digest and
 * key, the "digest" parameter, the stored key), so that it answers every
 * later call as the default provider would have from the start. A message
 * in progress is not carried over: only "digest-noinit", "engine" or
 * "tls-data-size" given between updates hand on a context that has one
 * (the last starts a record MAC that ignores it). */
static int to_default(hmac_ctx *c) {
  EVP_MAC *mac = EVP_MAC_fetch(c->prov->libctx, "HMAC", "provider=default");
  EVP_MAC_CTX *d = mac ? EVP_MAC_CTX_new(mac) : NULL;
  EVP_MAC_free(mac);
  if (!d) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "the default provider's HMAC is not available");
    return 0;
  }
  OSSL_PARAM ps[4], *q;
  ERR_set_mark(); /* the replay's expected failures stay off the caller's queue */
  if (c->kmd) {
    q = ps;
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)EVP_MD_get0_name(c->kmd), 0);
    if (c->kprops) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, c->kprops, 0);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, c->key, c->keylen);
    *q = OSSL_PARAM_construct_end();
    EVP_MAC_CTX_set_params(d, ps);
  }
  /* The stored key when it is not the keyed one, before "digest": unkeyed,
   * a key given then fails to key there as it did here; keyed, a key
   * without data only empties the stored key (the restart it may do is
   * of a state that has no message yet). */
  if (c->key_null_last || (!c->kmd && c->key)) {
    ps[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, c->key_null_last ? NULL : c->key,
                                              c->key_null_last ? 0 : c->keylen);
    ps[1] = OSSL_PARAM_construct_end();
    EVP_MAC_CTX_set_params(d, ps);
  }
  if (c->md != c->kmd) {
    /* a digest whose fetch failed after the keying left none: an empty
     * name fails the same way */
    q = ps;
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, c->md ? (char *)EVP_MD_get0_name(c->md) : "", 0);
    if (c->md && c->props) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, c->props, 0);
    *q = OSSL_PARAM_construct_end();
    EVP_MAC_CTX_set_params(d, ps);
  }
  ERR_pop_to_mark();
  clear_native(c);
  c->dg = d;
  return 1;
}

/* Keys (or restarts) as the default provider's setkey does: the key is
 * stored whatever follows; with a data pointer it keys under "digest"
 * (or, when that is unset, the keyed digest); without one it restarts the
 * keyed state only when "digest" is the keyed digest, and with no
 * "digest" at all it does nothing. */
static int setkey(hmac_ctx *c, const uint8_t *key, size_t keylen) {
  if (!key) {
    c->key_null_last = 1;
    if (!c->md) return 1;
    if (c->md != c->kmd) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "HMAC: a key without data and a digest other than the keyed one");
      return 0;
    }
    c->cur = c->base;
    c->live = 1;
    return 1;
  }
  uint8_t *copy = malloc(keylen ? keylen : 1);
  if (!copy) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "HMAC key");
    return 0;
  }
  memcpy(copy, key, keylen);
  if (c->key) hwc_memzero(c->key, c->keylen);
  free(c->key);
  c->key = copy, c->keylen = keylen, c->key_null_last = 0;
  EVP_MD *md = c->md ? c->md : c->kmd;
  hwc_hash h;
  if (!md) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "HMAC: no digest set");
    return 0;
  }
  if (!hwcp_native_hash(md, &h) || hwc_hmac_init(&c->base, h, key, keylen) != HWC_OK) { /* planned away: to_default */
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_hmac_init");
    return 0;
  }
  if (md != c->kmd) {
    char *props = dup_str(c->props);
    if (c->props && !props) {
      hwcp_raise(c->prov, HWCP_R_MALLOC, "HMAC properties");
      return 0;
    }
    EVP_MD_up_ref(md);
    EVP_MD_free(c->kmd);
    free(c->kprops);
    c->kmd = md, c->kprops = props;
  }
  c->kh = h;
  c->cur = c->base;
  c->live = 1;
  return 1;
}

/* 1 if the flag parameter is absent or an int, 0 if it is there and unreadable. */
static int flag_ok(const OSSL_PARAM params[], const char *name, int *set) {
  const OSSL_PARAM *q = hwcp_locate_const(params, name);
  int v = 0;
  *set = 0;
  if (!q) return 1;
  if (!OSSL_PARAM_get_int(q, &v)) return 0;
  *set = v != 0;
  return 1;
}

/* Fetches the digest the parameters name, as the default provider would
 * (with their "properties"): 1 and *md (NULL when the fetch fails), or 0
 * when they name none or a parameter has the wrong type (then the native
 * code fails or skips as the default provider does). */
static int fetch_named(hmac_ctx *c, const OSSL_PARAM params[], EVP_MD **md) {
  const OSSL_PARAM *pp = hwcp_locate_const(params, OSSL_MAC_PARAM_PROPERTIES);
  const OSSL_PARAM *pd = hwcp_locate_const(params, OSSL_MAC_PARAM_DIGEST);
  *md = NULL;
  if (!pd || pd->data_type != OSSL_PARAM_UTF8_STRING || (pp && pp->data_type != OSSL_PARAM_UTF8_STRING)) return 0;
  ERR_set_mark();
  *md = EVP_MD_fetch(c->prov->libctx, pd->data, pp ? pp->data : NULL);
  ERR_pop_to_mark();
  return 1;
}

/* Decides before anything is applied whether this call (its parameters,
 * and init's key argument when init_key) needs the default provider:
 * 1 if so; else 0, with *md the digest this call's "digest" fetched (the
 * native code takes it) and *named whether there was one. */
static int plan(hmac_ctx *c, const OSSL_PARAM params[], int init_key, EVP_MD **md, int *named) {
  int set;
  size_t tls = 0;
  const OSSL_PARAM *q;
  *named = params && fetch_named(c, params, md);
  if (!*named) *md = NULL;
  if (params) {
    if (hwcp_locate_const(params, OSSL_ALG_PARAM_ENGINE)) return 1;
    if (flag_ok(params, OSSL_MAC_PARAM_DIGEST_NOINIT, &set) && set) return 1;
    if ((q = hwcp_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE)) && OSSL_PARAM_get_size_t(q, &tls) &&
        tls)
      return 1;
  }
  q = params ? hwcp_locate_const(params, OSSL_MAC_PARAM_KEY) : NULL;
  int keying = init_key || (q && q->data_type == OSSL_PARAM_OCTET_STRING && q->data);
  const EVP_MD *eff = *named ? *md : c->md;
  if (!eff) eff = c->kmd;
  hwc_hash h;
  return keying && eff && !hwcp_native_hash(eff, &h);
}

/* The parameters applied in the default provider's order; the ones that
 * need it were sent there by plan. md: what plan fetched for "digest". */
static int set_native(hmac_ctx *c, const OSSL_PARAM params[], EVP_MD *md, int named) {
  const OSSL_PARAM *q;
  int set;
  size_t tls;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_MAC_PARAM_PROPERTIES)) && q->data_type != OSSL_PARAM_UTF8_STRING)
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_MAC_PARAM_DIGEST))) {
    if (!named) return 0; /* not a UTF-8 string */
    /* as the default provider: a failed fetch leaves no digest */
    const OSSL_PARAM *pp = hwcp_locate_const(params, OSSL_MAC_PARAM_PROPERTIES);
    char *props = pp ? dup_str(pp->data) : NULL;
    EVP_MD_free(c->md);
    free(c->props);
    c->md = md, c->props = props;
    if (!md) {
      hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "HMAC: digest %s not found", (const char *)q->data);
      return 0;
    }
    if (pp && !props) {
      hwcp_raise(c->prov, HWCP_R_MALLOC, "HMAC properties");
      return 0;
    }
  }
  if (!flag_ok(params, OSSL_MAC_PARAM_DIGEST_NOINIT, &set) || !flag_ok(params, OSSL_MAC_PARAM_DIGEST_ONESHOT, &set))
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_MAC_PARAM_KEY))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING || !setkey(c, q->data, q->data_size)) return 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE)) && !OSSL_PARAM_get_size_t(q, &tls))
    return 0;
  return 1;
}

static int hmac_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  hmac_ctx *c = vc;
  EVP_MD *md;
  int named;
  if (c->dg) return EVP_MAC_CTX_set_params(c->dg, params);
  if (!params) return 1;
  if (plan(c, params, 0, &md, &named)) {
    EVP_MD_free(md);
    return to_default(c) && EVP_MAC_CTX_set_params(c->dg, params);
  }
  return set_native(c, params, md, named);
}

static int hmac_init(void *vc, const unsigned char *key, size_t keylen, const OSSL_PARAM params[]) {
  hmac_ctx *c = vc;
  EVP_MD *md;
  int named;
  if (c->dg) return EVP_MAC_init(c->dg, key, keylen, params);
  if (plan(c, params, key != NULL, &md, &named)) {
    EVP_MD_free(md);
    return to_default(c) && EVP_MAC_init(c->dg, key, keylen, params);
  }
  if (!set_native(c, params, md, named)) return 0;
  hwcp_used("HMAC"); /* (the default provider's path above is not counted) */
  if (key) return setkey(c, key, keylen);
  if (!c->kmd) { /* the default provider restarts only a keyed state */
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "HMAC init without a key");
    return 0;
  }
  c->cur = c->base;
  c->live = 1;
  return 1;
}

static int hmac_update(void *vc, const unsigned char *in, size_t len) {
  hmac_ctx *c = vc;
  if (c->dg) return EVP_MAC_update(c->dg, in, len);
  if (!c->live) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, c->kmd ? "HMAC update after final" : "HMAC update without a key");
    return 0;
  }
  if (!in && len) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "HMAC update: NULL data");
    return 0;
  }
  hwc_hmac_update(&c->cur, in, len);
  return 1;
}

static int hmac_final(void *vc, unsigned char *out, size_t *outl, size_t outsz) {
  hmac_ctx *c = vc;
  if (c->dg) return EVP_MAC_final(c->dg, out, outl, outsz);
  if (!c->live) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, c->kmd ? "HMAC final after final" : "HMAC final without a key");
    return 0;
  }
  size_t n = hwc_hash_len(c->kh);
  if (outsz < n) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "HMAC needs %zu bytes, got %zu", n, outsz);
    return 0;
  }
  hwc_hmac_final(&c->cur, out); /* wipes cur */
  c->live = 0;
  *outl = n;
  return 1;
}

/* "size" is the keyed digest's (0 before a key), "block-size" the
 * "digest" parameter's (0 without one), as the default provider has them. */
static int hmac_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  hmac_ctx *c = vc;
  OSSL_PARAM *q;
  if (c->dg) return EVP_MAC_CTX_get_params(c->dg, params);
  if ((q = hwcp_locate(params, OSSL_MAC_PARAM_SIZE)) &&
      !OSSL_PARAM_set_size_t(q, c->kmd ? hwc_hash_len(c->kh) : 0))
    return 0;
  if ((q = hwcp_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) &&
      !OSSL_PARAM_set_int(q, c->md ? EVP_MD_get_block_size(c->md) : 0))
    return 0;
  return 1;
}

static const OSSL_PARAM hmac_gettable[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
                                           OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL), OSSL_PARAM_END};
static const OSSL_PARAM hmac_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_NOINIT, NULL),
    OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, NULL),
    OSSL_PARAM_END};

static const OSSL_PARAM *hmac_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return hmac_gettable;
}

static const OSSL_PARAM *hmac_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return hmac_settable;
}

static const OSSL_DISPATCH hmac_functions[] = {
    FN(OSSL_FUNC_MAC_NEWCTX, hmac_newctx),
    FN(OSSL_FUNC_MAC_DUPCTX, hmac_dupctx),
    FN(OSSL_FUNC_MAC_FREECTX, hmac_freectx),
    FN(OSSL_FUNC_MAC_INIT, hmac_init),
    FN(OSSL_FUNC_MAC_UPDATE, hmac_update),
    FN(OSSL_FUNC_MAC_FINAL, hmac_final),
    FN(OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, hmac_gettable_ctx_params),
    FN(OSSL_FUNC_MAC_GET_CTX_PARAMS, hmac_get_ctx_params),
    FN(OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, hmac_settable_ctx_params),
    FN(OSSL_FUNC_MAC_SET_CTX_PARAMS, hmac_set_ctx_params),
    {0, NULL}};

const hwcp_alg hwcp_mac_algs[] = {
    {OSSL_OP_MAC, {"HMAC", HWCP_PROPS, hmac_functions, "hwcrypto HMAC"}, HWC_PRIM_SHA256},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
