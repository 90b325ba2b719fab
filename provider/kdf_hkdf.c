/* SPDX-License-Identifier: ISC */
/*
 * HKDF (RFC 5869) and TLS13-KDF (RFC 8446 section 7.1) over
 * hwc_hkdf_extract / hwc_hkdf_expand, with the default provider's
 * (providers/implementations/kdfs/hkdf.c in OpenSSL 3.0) as the behaviour
 * to match, quirks included:
 *
 *  - Parameters are applied in its order and a failing one stops the call
 *    with the earlier ones applied; a failed "digest" fetch leaves none.
 *  - HKDF: several "info" parameters in one call are concatenated (at
 *    most 32 KiB in all, else the call fails and keeps the old info).
 *    "size" is the digest's in EXTRACT_ONLY mode, SIZE_MAX otherwise.
 *  - TLS13-KDF: every set call must leave a mode other than
 *    EXTRACT_AND_EXPAND (the starting one) or fail after the common
 *    parameters; each successful set call drops "data" unless it gives it.
 *    EXTRACT_ONLY: HKDF-Extract(salt', key), key absent meaning HashLen
 *    zeros, salt' absent without "salt", else Derive-Secret(salt,
 *    prefix||label, "") (the "derived" step; an empty salt counts as given).
 *    EXPAND_ONLY: HKDF-Expand-Label(key, prefix||label, data, L).
 *  - Neither has a context copy (3.0 has no dupctx for them): a copy fails.
 *
 * One difference: an "info" of no bytes after a non-empty one leaves 3.0's
 * HKDF without an info buffer but with the old length, and its next
 * derive reads from NULL; here it leaves no info.
 *
 * A digest other than SHA-1 or SHA2-256/384/512 (or an "engine") hands the
 * context to the default provider's implementation: a new EVP_KDF_CTX
 * given this context's state (to_default) that then takes every call,
 * until a reset brings the context back here.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "hwcp_hash.h"

#define INFO_MAX (32 * 1024) /* the default provider's bound on the concatenated info */

typedef struct {
  uint8_t *p; /* NULL: not set (an empty value is 1 byte allocated, n 0) */
  size_t n;
} buf;

typedef struct {
  hwcp_prov *prov;
  int tls13;          /* TLS13-KDF rather than HKDF */
  EVP_KDF_CTX *dg;    /* the default provider's, once handed on; then nothing below is used */
  int has_md;         /* a "digest" is set: h */
  hwc_hash h;
  int mode;           /* EVP_KDF_HKDF_MODE_* */
  buf key, salt, info, prefix, label, data;
} kdf_ctx;

static void buf_free(buf *b) {
  if (b->p) hwc_memzero(b->p, b->n);
  free(b->p);
  b->p = NULL;
  b->n = 0;
}

/* Replaces b with the parameter's octets as OSSL_PARAM_get_octet_string
 * does: the old value goes first; a parameter of another type or without
 * data fails and leaves b unset. */
static int buf_set(kdf_ctx *c, buf *b, const OSSL_PARAM *q) {
  buf_free(b);
  if (q->data_type != OSSL_PARAM_OCTET_STRING || !q->data) return 0;
  if (!(b->p = malloc(q->data_size ? q->data_size : 1))) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "KDF parameter");
    return 0;
  }
  memcpy(b->p, q->data, q->data_size);
  b->n = q->data_size;
  return 1;
}

/* Back to a new context's state, secrets wiped; a handed-on context
 * comes back here (the default provider's reset makes the same fresh state). */
static void kdf_reset(void *vc) {
  kdf_ctx *c = vc;
  EVP_KDF_CTX_free(c->dg);
  c->dg = NULL;
  buf_free(&c->key), buf_free(&c->salt), buf_free(&c->info);
  buf_free(&c->prefix), buf_free(&c->label), buf_free(&c->data);
  c->has_md = 0;
  c->mode = EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND;
}

static void *kdf_new(hwcp_prov *prov, int tls13) {
  kdf_ctx *c = hwcp_ctx_new(prov, sizeof *c, "KDF context");
  if (!c) return NULL;
  c->prov = prov;
  c->tls13 = tls13;
  return c;
}

static void *hkdf_newctx(void *provctx) { return kdf_new(provctx, 0); }
static void *tls13_newctx(void *provctx) { return kdf_new(provctx, 1); }

static void kdf_freectx(void *vc) {
  if (!vc) return;
  kdf_reset(vc);
  free(vc);
}

/* A parameter for the replay: the octets of a set buf (never a NULL data
 * pointer, which the default provider would refuse). */
static OSSL_PARAM octets(const char *name, const buf *b) {
  return OSSL_PARAM_construct_octet_string(name, b->p, b->n);
}

/* Hands the context to the default provider's implementation: a new
 * EVP_KDF_CTX given this one's state as parameters. TLS13-KDF takes
 * "prefix" and "label" only in a call that leaves a usable mode, so they
 * go first under EXPAND_ONLY, then the common ones with the real mode
 * (which, still EXTRACT_AND_EXPAND, fails after setting them, as here). */
static int to_default(kdf_ctx *c) {
  EVP_KDF *kdf = EVP_KDF_fetch(c->prov->libctx, c->tls13 ? "TLS13-KDF" : "HKDF", "provider=default");
  EVP_KDF_CTX *d = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
  EVP_KDF_free(kdf);
  if (!d) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "the default provider's %s is not available",
               c->tls13 ? "TLS13-KDF" : "HKDF");
    return 0;
  }
  OSSL_PARAM ps[8], *q = ps;
  int expand = EVP_KDF_HKDF_MODE_EXPAND_ONLY, mode = c->mode;
  ERR_set_mark();
  if (c->tls13 && (c->prefix.p || c->label.p)) {
    *q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &expand);
    if (c->prefix.p) *q++ = octets(OSSL_KDF_PARAM_PREFIX, &c->prefix);
    if (c->label.p) *q++ = octets(OSSL_KDF_PARAM_LABEL, &c->label);
    *q = OSSL_PARAM_construct_end();
    EVP_KDF_CTX_set_params(d, ps);
    q = ps;
  }
  if (c->has_md)
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)hwcp_hash_name(c->h), 0);
  *q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
  if (c->key.p) *q++ = octets(OSSL_KDF_PARAM_KEY, &c->key);
  if (c->salt.p) *q++ = octets(OSSL_KDF_PARAM_SALT, &c->salt);
  if (c->info.p) *q++ = octets(OSSL_KDF_PARAM_INFO, &c->info);
  if (c->data.p) *q++ = octets(OSSL_KDF_PARAM_DATA, &c->data);
  *q = OSSL_PARAM_construct_end();
  EVP_KDF_CTX_set_params(d, ps);
  ERR_pop_to_mark();
  kdf_reset(c);
  c->dg = d;
  return 1;
}

/* What the parameters' "digest" fetches, as the default provider would
 * fetch it (with their "properties"): NAMED_NONE when there is none to
 * fetch (absent, or a parameter of the wrong type, which set_common then
 * refuses), NAMED_NATIVE with *h, NAMED_OTHER for a digest hwcrypto
 * lacks, NAMED_MISSING when the fetch fails. */
enum { NAMED_NONE, NAMED_NATIVE, NAMED_OTHER, NAMED_MISSING };
static int fetch_named(kdf_ctx *c, const OSSL_PARAM params[], hwc_hash *h) {
  const OSSL_PARAM *pp = hwcp_locate_const(params, OSSL_KDF_PARAM_PROPERTIES);
  const OSSL_PARAM *pd = hwcp_locate_const(params, OSSL_KDF_PARAM_DIGEST);
  if (!pd || pd->data_type != OSSL_PARAM_UTF8_STRING || (pp && pp->data_type != OSSL_PARAM_UTF8_STRING))
    return NAMED_NONE;
  ERR_set_mark();
  EVP_MD *md = EVP_MD_fetch(c->prov->libctx, pd->data, pp ? pp->data : NULL);
  ERR_pop_to_mark();
  int r = !md ? NAMED_MISSING : hwcp_native_hash(md, h) ? NAMED_NATIVE : NAMED_OTHER;
  EVP_MD_free(md);
  return r;
}

/* "digest", "properties", "mode", "key", "salt": the parameters both
 * KDFs share, in the default provider's order; named and h: what
 * fetch_named found for "digest". */
static int set_common(kdf_ctx *c, const OSSL_PARAM params[], int named, hwc_hash h) {
  const OSSL_PARAM *q, *pp = hwcp_locate_const(params, OSSL_KDF_PARAM_PROPERTIES);
  int n;
  if (pp && pp->data_type != OSSL_PARAM_UTF8_STRING) return 0;
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_DIGEST))) {
    if (q->data_type != OSSL_PARAM_UTF8_STRING) return 0;
    /* NAMED_OTHER went to the default provider; a failed fetch leaves none */
    c->has_md = named == NAMED_NATIVE;
    if (c->has_md) c->h = h;
    if (!c->has_md) {
      hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "KDF: digest %s not found", (const char *)q->data);
      return 0;
    }
  }
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_MODE))) {
    if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      if (OPENSSL_strcasecmp(q->data, "EXTRACT_AND_EXPAND") == 0)
        n = EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND;
      else if (OPENSSL_strcasecmp(q->data, "EXTRACT_ONLY") == 0)
        n = EVP_KDF_HKDF_MODE_EXTRACT_ONLY;
      else if (OPENSSL_strcasecmp(q->data, "EXPAND_ONLY") == 0)
        n = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
      else
        n = -1;
    } else if (!OSSL_PARAM_get_int(q, &n)) {
      n = -1;
    }
    if (n != EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND && n != EVP_KDF_HKDF_MODE_EXTRACT_ONLY &&
        n != EVP_KDF_HKDF_MODE_EXPAND_ONLY) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "KDF: invalid mode");
      return 0;
    }
    c->mode = n;
  }
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_KEY)) && !buf_set(c, &c->key, q)) return 0;
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_SALT)) && !buf_set(c, &c->salt, q)) return 0;
  return 1;
}

/* HKDF's "info": every "info" parameter of the call, concatenated (data
 * NULL or empty ones adding nothing), replacing the old info only when
 * all are octet strings and the total is at most INFO_MAX; an empty total
 * leaves none. */
static int set_info(kdf_ctx *c, const OSSL_PARAM *first) {
  size_t total = 0;
  for (const OSSL_PARAM *q = first; q; q = hwcp_locate_const(q + 1, OSSL_KDF_PARAM_INFO)) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING) return 0;
    if (q->data && q->data_size > INFO_MAX - total) return 0;
    if (q->data) total += q->data_size;
  }
  buf_free(&c->info);
  if (!total) return 1;
  if (!(c->info.p = malloc(total))) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "KDF info");
    return 0;
  }
  for (const OSSL_PARAM *q = first; q; q = hwcp_locate_const(q + 1, OSSL_KDF_PARAM_INFO))
    if (q->data && q->data_size) {
      memcpy(c->info.p + c->info.n, q->data, q->data_size);
      c->info.n += q->data_size;
    }
  return 1;
}

/* Both KDFs: a handed-on context forwards; a digest hwcrypto lacks (or
 * an engine) hands it on; else the common parameters, then HKDF's info or
 * TLS13-KDF's mode rule, prefix, label and data. */
static int kdf_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  kdf_ctx *c = vc;
  const OSSL_PARAM *q;
  if (c->dg) return EVP_KDF_CTX_set_params(c->dg, params);
  if (!params) return 1;
  hwc_hash h = HWC_HASH_SHA256;
  int named = fetch_named(c, params, &h);
  if (named == NAMED_OTHER || hwcp_locate_const(params, OSSL_ALG_PARAM_ENGINE))
    return to_default(c) && EVP_KDF_CTX_set_params(c->dg, params);
  if (!set_common(c, params, named, h)) return 0;
  if (!c->tls13) {
    if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_INFO))) return set_info(c, q);
    return 1;
  }
  if (c->mode == EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "TLS13-KDF: mode must be EXTRACT_ONLY or EXPAND_ONLY");
    return 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_PREFIX)) && !buf_set(c, &c->prefix, q)) return 0;
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_LABEL)) && !buf_set(c, &c->label, q)) return 0;
  buf_free(&c->data);
  if ((q = hwcp_locate_const(params, OSSL_KDF_PARAM_DATA)) && !buf_set(c, &c->data, q)) return 0;
  return 1;
}

/* HKDF-Expand of out_len bytes from prk as the default provider's HMAC
 * takes it: any length. hwc_hkdf_expand wants at least HashLen bytes; a
 * shorter PRK padded with zeros to HashLen is the same HMAC key (HMAC pads
 * every key up to the block, and HashLen is at most the block). Fails, as
 * there, without out or a PRK, or past 255 blocks. */
static int expand(kdf_ctx *c, const uint8_t *prk, size_t prk_len, const uint8_t *info, size_t info_len,
                  uint8_t *out, size_t out_len) {
  size_t hl = hwc_hash_len(c->h);
  uint8_t pad[64];
  if (!out || !prk) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "HKDF-Expand: %s missing", out ? "key" : "output");
    return 0;
  }
  if (out_len > 255 * hl) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "HKDF-Expand: %zu bytes is over 255 * %zu", out_len, hl);
    return 0;
  }
  if (prk_len < hl) {
    memset(pad, 0, sizeof pad);
    memcpy(pad, prk, prk_len);
    prk = pad, prk_len = hl;
  }
  int rc = hwc_hkdf_expand(out, out_len, info, info_len, c->h, prk, prk_len);
  hwc_memzero(pad, sizeof pad);
  if (rc != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_hkdf_expand: %s", hwc_strerror(rc));
    return 0;
  }
  return 1;
}

/* HKDF-Extract into out, which must be HashLen bytes. A NULL out succeeds
 * writing nothing: the default provider's one-shot MAC then makes and
 * returns a buffer of its own, and the derive reports success. */
static int extract(kdf_ctx *c, const uint8_t *salt, size_t salt_len, const uint8_t *ikm, size_t ikm_len,
                   uint8_t *out, size_t out_len) {
  size_t hl = hwc_hash_len(c->h);
  if (out_len != hl) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "HKDF-Extract: output must be %zu bytes, got %zu", hl, out_len);
    return 0;
  }
  if (!out) return 1;
  int rc = hwc_hkdf_extract(out, salt, salt_len, c->h, ikm, ikm_len);
  if (rc != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_hkdf_extract: %s", hwc_strerror(rc));
    return 0;
  }
  return 1;
}

static int hkdf_derive(void *vc, unsigned char *out, size_t out_len, const OSSL_PARAM params[]) {
  kdf_ctx *c = vc;
  if (c->dg) return EVP_KDF_derive(c->dg, out, out_len, params);
  if (!kdf_set_ctx_params(c, params)) return 0;
  if (c->dg) return EVP_KDF_derive(c->dg, out, out_len, NULL); /* handed on by these params */
  if (!c->has_md || !c->key.p || !out_len) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "HKDF: %s", !c->has_md ? "no digest" : !c->key.p ? "no key" : "zero length");
    return 0;
  }
  hwcp_used("HKDF");
  switch (c->mode) {
    case EVP_KDF_HKDF_MODE_EXTRACT_ONLY:
      return extract(c, c->salt.p, c->salt.n, c->key.p, c->key.n, out, out_len);
    case EVP_KDF_HKDF_MODE_EXPAND_ONLY:
      return expand(c, c->key.p, c->key.n, c->info.p, c->info.n, out, out_len);
    default: {
      uint8_t prk[64];
      size_t hl = hwc_hash_len(c->h);
      int ok = extract(c, c->salt.p, c->salt.n, c->key.p, c->key.n, prk, hl) &&
               expand(c, prk, hl, c->info.p, c->info.n, out, out_len);
      hwc_memzero(prk, sizeof prk);
      return ok;
    }
  }
}

/* HKDF-Expand-Label (RFC 8446 7.1): the HkdfLabel struct, a 2-byte
 * length, prefix||label with a 1-byte length, data with a 1-byte length
 * (none when data is unset), as HKDF-Expand's info. Fails when a part
 * overflows its length byte. */
static int expand_label(kdf_ctx *c, const buf *secret, const uint8_t *data, size_t data_len, uint8_t *out,
                        size_t out_len) {
  uint8_t hl[2 + 1 + 255 + 1 + 255];
  size_t n = 0;
  if (out_len > 0xffff || c->prefix.n > 255 || c->label.n > 255 - c->prefix.n || data_len > 255) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "TLS13-KDF: label, data or output too long");
    return 0;
  }
  hl[n++] = (uint8_t)(out_len >> 8);
  hl[n++] = (uint8_t)out_len;
  hl[n++] = (uint8_t)(c->prefix.n + c->label.n);
  if (c->prefix.n) memcpy(hl + n, c->prefix.p, c->prefix.n);
  n += c->prefix.n;
  if (c->label.n) memcpy(hl + n, c->label.p, c->label.n);
  n += c->label.n;
  hl[n++] = (uint8_t)data_len;
  if (data_len) memcpy(hl + n, data, data_len);
  n += data_len;
  return expand(c, secret->p, secret->n, hl, n, out, out_len);
}

/* The TLS 1.3 extract step: HKDF-Extract(salt', key), where key absent
 * is HashLen zeros (an empty key stays empty) and salt' is empty without
 * a salt, else Derive-Secret(salt, label, "") = HKDF-Expand-Label(salt,
 * label, Hash(""), HashLen). */
static int tls13_extract(kdf_ctx *c, uint8_t *out, size_t out_len) {
  static const uint8_t zeros[64];
  size_t hl = hwc_hash_len(c->h);
  uint8_t empty_hash[64], derived[64];
  const uint8_t *salt = NULL;
  if (c->salt.p) {
    if (hwc_digest(empty_hash, NULL, 0, c->h) != HWC_OK || !expand_label(c, &c->salt, empty_hash, hl, derived, hl))
      return 0;
    salt = derived;
  }
  int ok = extract(c, salt, salt ? hl : 0, c->key.p ? c->key.p : zeros, c->key.p ? c->key.n : hl, out, out_len);
  hwc_memzero(derived, sizeof derived);
  return ok;
}

static int tls13_derive(void *vc, unsigned char *out, size_t out_len, const OSSL_PARAM params[]) {
  kdf_ctx *c = vc;
  if (c->dg) return EVP_KDF_derive(c->dg, out, out_len, params);
  if (!kdf_set_ctx_params(c, params)) return 0;
  if (c->dg) return EVP_KDF_derive(c->dg, out, out_len, NULL);
  if (!c->has_md) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "TLS13-KDF: no digest");
    return 0;
  }
  hwcp_used("TLS13-KDF");
  switch (c->mode) {
    case EVP_KDF_HKDF_MODE_EXTRACT_ONLY:
      return tls13_extract(c, out, out_len);
    case EVP_KDF_HKDF_MODE_EXPAND_ONLY:
      return expand_label(c, &c->key, c->data.p, c->data.n, out, out_len);
    default:
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "TLS13-KDF: no mode set");
      return 0;
  }
}

/* "size" first (SIZE_MAX unless EXTRACT_ONLY, which needs the digest),
 * else "info"; -2 when neither is asked, as the default provider answers. */
static int kdf_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  kdf_ctx *c = vc;
  OSSL_PARAM *q;
  if (c->dg) return EVP_KDF_CTX_get_params(c->dg, params);
  if ((q = hwcp_locate(params, OSSL_KDF_PARAM_SIZE))) {
    if (c->mode != EVP_KDF_HKDF_MODE_EXTRACT_ONLY) return OSSL_PARAM_set_size_t(q, SIZE_MAX);
    if (!c->has_md) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "KDF size: no digest");
      return 0;
    }
    return OSSL_PARAM_set_size_t(q, hwc_hash_len(c->h));
  }
  if ((q = hwcp_locate(params, OSSL_KDF_PARAM_INFO))) {
    if (!c->info.p || !c->info.n) {
      q->return_size = 0;
      return 1;
    }
    return OSSL_PARAM_set_octet_string(q, c->info.p, c->info.n);
  }
  return -2;
}

static const OSSL_PARAM hkdf_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MODE, NULL, 0),  OSSL_PARAM_int(OSSL_KDF_PARAM_MODE, NULL),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0), OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY, NULL, 0),  OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO, NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM tls13_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MODE, NULL, 0),    OSSL_PARAM_int(OSSL_KDF_PARAM_MODE, NULL),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0), OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY, NULL, 0),    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PREFIX, NULL, 0), OSSL_PARAM_octet_string(OSSL_KDF_PARAM_LABEL, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_DATA, NULL, 0),   OSSL_PARAM_END};
static const OSSL_PARAM kdf_gettable[] = {OSSL_PARAM_size_t(OSSL_KDF_PARAM_SIZE, NULL),
                                          OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO, NULL, 0), OSSL_PARAM_END};

static const OSSL_PARAM *hkdf_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return hkdf_settable;
}
static const OSSL_PARAM *tls13_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return tls13_settable;
}
static const OSSL_PARAM *kdf_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return kdf_gettable;
}

static const OSSL_DISPATCH hkdf_functions[] = {
    FN(OSSL_FUNC_KDF_NEWCTX, hkdf_newctx),
    FN(OSSL_FUNC_KDF_FREECTX, kdf_freectx),
    FN(OSSL_FUNC_KDF_RESET, kdf_reset),
    FN(OSSL_FUNC_KDF_DERIVE, hkdf_derive),
    FN(OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, hkdf_settable_ctx_params),
    FN(OSSL_FUNC_KDF_SET_CTX_PARAMS, kdf_set_ctx_params),
    FN(OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, kdf_gettable_ctx_params),
    FN(OSSL_FUNC_KDF_GET_CTX_PARAMS, kdf_get_ctx_params),
    {0, NULL}};
static const OSSL_DISPATCH tls13_functions[] = {
    FN(OSSL_FUNC_KDF_NEWCTX, tls13_newctx),
    FN(OSSL_FUNC_KDF_FREECTX, kdf_freectx),
    FN(OSSL_FUNC_KDF_RESET, kdf_reset),
    FN(OSSL_FUNC_KDF_DERIVE, tls13_derive),
    FN(OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, tls13_settable_ctx_params),
    FN(OSSL_FUNC_KDF_SET_CTX_PARAMS, kdf_set_ctx_params),
    FN(OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS, kdf_gettable_ctx_params),
    FN(OSSL_FUNC_KDF_GET_CTX_PARAMS, kdf_get_ctx_params),
    {0, NULL}};

const hwcp_alg hwcp_kdf_algs[] = {
    {OSSL_OP_KDF, {"HKDF", HWCP_PROPS, hkdf_functions, "hwcrypto HKDF"}, HWC_PRIM_SHA256},
    {OSSL_OP_KDF, {"TLS13-KDF", HWCP_PROPS, tls13_functions, "hwcrypto TLS13-KDF"}, HWC_PRIM_SHA256},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
