/* SPDX-License-Identifier: ISC */
/*
 * RSA encryption (EVP_PKEY_encrypt / EVP_PKEY_decrypt) with OpenSSL 3.0's
 * parameters and rules: pad-mode (pkcs1 by default after every init;
 * oaep, also spelt "oeap"; none; and as a number any RSA_*_PADDING, among
 * them RSA_PKCS1_WITH_TLS_PADDING, which libssl sets for RSA key
 * exchange), digest and digest-props (the OAEP digest: SHA-1 when OAEP is
 * chosen with none set), mgf1-digest and mgf1-properties (MGF1 follows
 * the OAEP digest unless set), oaep-label (an octet string when set, a
 * pointer to the context's copy when read), tls-client-version and
 * tls-negotiated-version. Digests, label and versions survive a new init
 * as they do in 3.0; the padding does not.
 *
 * hwcrypto encrypts and decrypts OAEP with SHA-1, SHA-256, SHA-384 or
 * SHA-512 and MGF1 over the same digest, on keys it took (rsa_key.h).
 * Everything else is done by the default provider on its copy of the key,
 * with this context's settings replayed: PKCS#1 v1.5 (whose decryption
 * 3.0 does in constant time itself), padding none, the TLS pre-master
 * secret (a random secret on bad padding, in constant time: the
 * Bleichenbacher countermeasure is the default's), OAEP with other
 * digests, keys hwcrypto refused.
 *
 * Decryption failures are one error whatever failed: hwc_rsa_decrypt_oaep
 * decides in constant time and reports one code; only its outcome is
 * branched on here, which the caller learns anyway.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/rsa.h>

#include "rsa_key.h"

#define MAX_NAME 50   /* OSSL_MAX_NAME_SIZE: 3.0 reads digest names into this */
#define MAX_PROPS 256 /* OSSL_MAX_PROPQUERY_SIZE */
#define TLS_SECRET 48 /* SSL_MAX_MASTER_KEY_LENGTH: the pre-master secret */

typedef struct {
  hwcp_prov *prov;
  hwcp_rsa *key;
  int op;  /* EVP_PKEY_OP_ENCRYPT or _DECRYPT */
  int pad; /* RSA_*_PADDING as set; 0 for a name 3.0 does not know */
  EVP_MD *md, *mgf1; /* OAEP digest (NULL: none yet); MGF1 (NULL: md's) */
  char mdprops[MAX_PROPS], mgfprops[MAX_PROPS]; /* as given: replayed to the default provider */
  uint8_t *label;                               /* NULL: none set; else label_len bytes (+1) */
  size_t label_len;
  unsigned client_version, alt_version; /* TLS pre-master secret checks */
} asym_ctx;

static const struct {
  int id;
  const char *name;
} pad_names[] = {{RSA_PKCS1_PADDING, OSSL_PKEY_RSA_PAD_MODE_PKCSV15},
                 {RSA_NO_PADDING, OSSL_PKEY_RSA_PAD_MODE_NONE},
                 {RSA_PKCS1_OAEP_PADDING, OSSL_PKEY_RSA_PAD_MODE_OAEP},
                 {RSA_PKCS1_OAEP_PADDING, "oeap"}}; /* 3.0's old misspelling, read only */

static void *asym_newctx(void *provctx) {
  asym_ctx *c = calloc(1, sizeof *c);
  if (!c) {
    hwcp_raise(provctx, HWCP_R_MALLOC, "RSA cipher context");
    return NULL;
  }
  c->prov = provctx;
  return c;
}

/* Wipes and frees the label (OpenSSL's allocator: OSSL_PARAM_get_octet_string
 * made it). A label is not secret, but may be derived from one. */
static void drop_label(asym_ctx *c) {
  if (c->label) OPENSSL_clear_free(c->label, c->label_len);
  c->label = NULL, c->label_len = 0;
}

static void asym_freectx(void *vc) {
  asym_ctx *c = vc;
  if (!c) return;
  drop_label(c);
  EVP_MD_free(c->md);
  EVP_MD_free(c->mgf1);
  hwc_memzero(c, sizeof *c);
  free(c);
}

static void *asym_dupctx(void *vc) {
  const asym_ctx *c = vc;
  asym_ctx *d = malloc(sizeof *d);
  if (!d) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "RSA cipher context copy");
    return NULL;
  }
  *d = *c;
  d->label = NULL;
  if (c->label && !(d->label = OPENSSL_malloc(c->label_len + 1))) {
    d->md = d->mgf1 = NULL;
    asym_freectx(d);
    hwcp_raise(c->prov, HWCP_R_MALLOC, "RSA cipher context copy");
    return NULL;
  }
  if (c->label) memcpy(d->label, c->label, c->label_len);
  if (c->md) EVP_MD_up_ref(c->md); /* a reference count: cannot fail in 3.0 */
  if (c->mgf1) EVP_MD_up_ref(c->mgf1);
  return d;
}

/* Reads a UTF-8 parameter into buf: 1, or 0 when it is not one or too long. */
static int get_str(const OSSL_PARAM *q, char *buf, size_t cap) { return OSSL_PARAM_get_utf8_string(q, &buf, cap); }

/* 3.0's order and its partial effects: the digest (dropped first, so a
 * failed fetch leaves none), the padding (OAEP fetching SHA-1 when no
 * digest is set; PSS refused; an unknown name taken as padding 0, which
 * every operation then refuses), MGF1, the label, the TLS versions. */
static int asym_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  asym_ctx *c = vc;
  const OSSL_PARAM *q, *pr;
  char name[MAX_NAME], props[MAX_PROPS] = "";
  if (!c) return 0;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST))) {
    if (!get_str(q, name, sizeof name)) return 0;
    if ((pr = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST_PROPS)) &&
        !get_str(pr, props, sizeof props))
      return 0;
    EVP_MD_free(c->md);
    if (!(c->md = EVP_MD_fetch(c->prov->libctx, name, props))) return 0;
    strcpy(c->mdprops, props);
  }
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_PAD_MODE))) {
    int pad = 0;
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_get_int(q, &pad)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      if (!q->data) return 0;
      for (size_t i = 0; i < sizeof pad_names / sizeof pad_names[0] && !pad; i++)
        if (strcmp(q->data, pad_names[i].name) == 0) pad = pad_names[i].id;
    } else
      return 0;
    if (pad == RSA_PKCS1_PSS_PADDING) return 0; /* a signature padding */
    if (pad == RSA_PKCS1_OAEP_PADDING && !c->md) {
      if (!(c->md = EVP_MD_fetch(c->prov->libctx, "SHA1", props))) return 0;
      strcpy(c->mdprops, props);
    }
    c->pad = pad;
  }
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST))) {
    const char *mp = NULL;
    if (!get_str(q, name, sizeof name)) return 0;
    if ((pr = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST_PROPS))) {
      if (!get_str(pr, props, sizeof props)) return 0;
      mp = props;
    }
    EVP_MD_free(c->mgf1);
    if (!(c->mgf1 = EVP_MD_fetch(c->prov->libctx, name, mp))) return 0;
    strcpy(c->mgfprops, mp ? mp : "");
  }
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL))) {
    void *l = NULL;
    size_t len = 0;
    if (!OSSL_PARAM_get_octet_string(q, &l, 0, &len)) return 0;
    drop_label(c);
    c->label = l, c->label_len = len;
  }
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION)) &&
      !OSSL_PARAM_get_uint(q, &c->client_version))
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION)) &&
      !OSSL_PARAM_get_uint(q, &c->alt_version))
    return 0;
  return 1;
}

/* (Re)starts the context on a key (not an RSA-PSS one, which 3.0 refuses
 * to encrypt with): PKCS#1 v1.5 padding, as 3.0 does on every init;
 * digests, label and versions stay. */
static int asym_init(asym_ctx *c, hwcp_rsa *key, const OSSL_PARAM params[], int op) {
  if (!c || !key) return 0;
  if (key->pss) { /* RSASSA-PSS keys sign only */
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "operation not supported for an RSA-PSS key");
    return 0;
  }
  c->key = key;
  c->op = op;
  c->pad = RSA_PKCS1_PADDING;
  return asym_set_ctx_params(c, params);
}

static int asym_encrypt_init(void *c, void *k, const OSSL_PARAM p[]) { return asym_init(c, k, p, EVP_PKEY_OP_ENCRYPT); }
static int asym_decrypt_init(void *c, void *k, const OSSL_PARAM p[]) { return asym_init(c, k, p, EVP_PKEY_OP_DECRYPT); }

/* --------------------------------------------------- the default provider */

/* A default-provider context on the key, initialised for this context's
 * operation and given its settings. NULL with an error raised. */
static EVP_PKEY_CTX *delegate(asym_ctx *c) {
  EVP_PKEY_CTX *d = hwcp_rsa_default_ctx(c->key);
  if (!d) return NULL;
  int rc = c->op == EVP_PKEY_OP_ENCRYPT ? EVP_PKEY_encrypt_init(d) : EVP_PKEY_decrypt_init(d);
  OSSL_PARAM params[10], *q = params;
  if (c->md) {
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST, (char *)EVP_MD_get0_name(c->md), 0);
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST_PROPS, c->mdprops, 0);
  }
  *q++ = OSSL_PARAM_construct_int(OSSL_ASYM_CIPHER_PARAM_PAD_MODE, &c->pad);
  if (c->mgf1) {
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST, (char *)EVP_MD_get0_name(c->mgf1), 0);
    *q++ = OSSL_PARAM_construct_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST_PROPS, c->mgfprops, 0);
  }
  if (c->label) *q++ = OSSL_PARAM_construct_octet_string(OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL, c->label, c->label_len);
  *q++ = OSSL_PARAM_construct_uint(OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION, &c->client_version);
  *q++ = OSSL_PARAM_construct_uint(OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION, &c->alt_version);
  *q = OSSL_PARAM_construct_end();
  if (rc <= 0 || EVP_PKEY_CTX_set_params(d, params) <= 0) {
    EVP_PKEY_CTX_free(d);
    return NULL;
  }
  return d;
}

/* ---------------------------------------------------- encrypt and decrypt */

/* The hwc_hash hwcrypto does this context's OAEP with, or -1: OAEP, a
 * digest of hwcrypto's with MGF1 over the same one, hwcrypto's key (a
 * private one to decrypt). */
static int native_hash(const asym_ctx *c) {
  if (c->pad != RSA_PKCS1_OAEP_PADDING || !c->key->hk) return -1;
  if (c->op == EVP_PKEY_OP_DECRYPT && !hwc_rsa_has_private(c->key->hk)) return -1;
  int h = hwcp_md_hash(c->md);
  return h >= 0 && (!c->mgf1 || hwcp_md_hash(c->mgf1) == h) ? h : -1;
}

static int asym_encrypt(void *vc, unsigned char *out, size_t *outlen, size_t outsize, const unsigned char *in,
                        size_t inlen) {
  asym_ctx *c = vc;
  size_t n = hwcp_rsa_size(c->key);
  if (!out) { /* the size query: a ciphertext is always the modulus length */
    *outlen = n;
    return 1;
  }
  /* 3.0 trusts the caller to have asked; a short buffer is refused here
   * rather than overrun */
  if (outsize < n) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "output size is %zu, should be at least %zu", outsize, n);
    return 0;
  }
  int h = native_hash(c);
  if (h >= 0) {
    hwcp_used("RSA");
    size_t len = outsize;
    int rc = hwc_rsa_encrypt_oaep(out, &len, in ? in : (const uint8_t *)"", inlen, c->label, c->label_len,
                                  (hwc_hash)h, c->key->hk);
    if (rc != HWC_OK) {
      hwcp_raise(c->prov, rc == HWC_ERR_TOO_LONG ? HWCP_R_BAD_LENGTH : HWCP_R_HWC_FAILED,
                 rc == HWC_ERR_TOO_LONG ? "data too large for key size" : "RSA-OAEP encryption: %d", rc);
      return 0;
    }
    *outlen = len;
    return 1;
  }
  EVP_PKEY_CTX *d = delegate(c);
  size_t len = outsize;
  int ok = d && EVP_PKEY_encrypt(d, out, &len, in, inlen) > 0;
  EVP_PKEY_CTX_free(d);
  if (ok) *outlen = len;
  return ok;
}

static int asym_decrypt(void *vc, unsigned char *out, size_t *outlen, size_t outsize, const unsigned char *in,
                        size_t inlen) {
  asym_ctx *c = vc;
  /* 3.0's sizes: the pre-master secret for TLS, else the modulus length
   * (OAEP and PKCS#1 too: the message length is not known before) */
  size_t n = c->pad == RSA_PKCS1_WITH_TLS_PADDING ? TLS_SECRET : hwcp_rsa_size(c->key);
  if (!out) {
    *outlen = n;
    return 1;
  }
  if (outsize < n) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "output size is %zu, should be at least %zu", outsize, n);
    return 0;
  }
  int h = native_hash(c);
  if (h >= 0) {
    hwcp_used("RSA");
    /* 3.0 reads a short ciphertext as the number it encodes (leading
     * zero bytes implied) and refuses a long one. Lengths are public. */
    if (inlen > n) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "data greater than modulus length");
      return 0;
    }
    uint8_t ct[1024] = {0};
    if (inlen) memcpy(ct + (n - inlen), in, inlen);
    size_t len = n; /* no more: hwcrypto zeroes the capacity on failure */
    int rc = hwc_rsa_decrypt_oaep(out, &len, ct, n, c->label, c->label_len, (hwc_hash)h, c->key->hk);
    if (rc != HWC_OK) { /* one error for every way the ciphertext can be wrong */
      hwcp_raise(c->prov, rc == HWC_ERR_AUTH ? HWCP_R_AUTH_FAILED : HWCP_R_HWC_FAILED, "RSA-OAEP decryption failed");
      return 0;
    }
    *outlen = len;
    return 1;
  }
  EVP_PKEY_CTX *d = delegate(c);
  size_t len = outsize;
  int ok = d && EVP_PKEY_decrypt(d, out, &len, in, inlen) > 0;
  EVP_PKEY_CTX_free(d);
  if (ok) *outlen = len;
  return ok;
}

/* ------------------------------------------------------------- parameters */

static int asym_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  asym_ctx *c = vc;
  OSSL_PARAM *q;
  if (!c) return 0;
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_PAD_MODE))) {
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_set_int(q, c->pad)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      /* a padding with no name (TLS, 0) is left unanswered, as 3.0 does */
      for (size_t i = 0; i < sizeof pad_names / sizeof pad_names[0]; i++)
        if (pad_names[i].id == c->pad) {
          if (!OSSL_PARAM_set_utf8_string(q, pad_names[i].name)) return 0;
          break;
        }
    } else
      return 0;
  }
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST)) &&
      !OSSL_PARAM_set_utf8_string(q, c->md ? EVP_MD_get0_name(c->md) : ""))
    return 0;
  const EVP_MD *mgf1 = c->mgf1 ? c->mgf1 : c->md;
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST)) &&
      !OSSL_PARAM_set_utf8_string(q, mgf1 ? EVP_MD_get0_name(mgf1) : ""))
    return 0;
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL)) &&
      !OSSL_PARAM_set_octet_ptr(q, c->label, c->label_len))
    return 0;
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION)) &&
      !OSSL_PARAM_set_uint(q, c->client_version))
    return 0;
  if ((q = hwcp_locate(params, OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION)) &&
      !OSSL_PARAM_set_uint(q, c->alt_version))
    return 0;
  return 1;
}

static const OSSL_PARAM *asym_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  static const OSSL_PARAM types[] = {
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_PAD_MODE, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST, NULL, 0),
      OSSL_PARAM_DEFN(OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL, OSSL_PARAM_OCTET_PTR, NULL, 0),
      OSSL_PARAM_uint(OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION, NULL),
      OSSL_PARAM_uint(OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION, NULL),
      OSSL_PARAM_END};
  return types;
}

static const OSSL_PARAM *asym_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  static const OSSL_PARAM types[] = {
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST_PROPS, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_PAD_MODE, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST_PROPS, NULL, 0),
      OSSL_PARAM_octet_string(OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL, NULL, 0),
      OSSL_PARAM_uint(OSSL_ASYM_CIPHER_PARAM_TLS_CLIENT_VERSION, NULL),
      OSSL_PARAM_uint(OSSL_ASYM_CIPHER_PARAM_TLS_NEGOTIATED_VERSION, NULL),
      OSSL_PARAM_END};
  return types;
}

#define FN(id, f) {id, (void (*)(void))(f)}
const OSSL_DISPATCH hwcp_rsa_asym_cipher_functions[] = {
    FN(OSSL_FUNC_ASYM_CIPHER_NEWCTX, asym_newctx),
    FN(OSSL_FUNC_ASYM_CIPHER_ENCRYPT_INIT, asym_encrypt_init),
    FN(OSSL_FUNC_ASYM_CIPHER_ENCRYPT, asym_encrypt),
    FN(OSSL_FUNC_ASYM_CIPHER_DECRYPT_INIT, asym_decrypt_init),
    FN(OSSL_FUNC_ASYM_CIPHER_DECRYPT, asym_decrypt),
    FN(OSSL_FUNC_ASYM_CIPHER_FREECTX, asym_freectx),
    FN(OSSL_FUNC_ASYM_CIPHER_DUPCTX, asym_dupctx),
    FN(OSSL_FUNC_ASYM_CIPHER_GET_CTX_PARAMS, asym_get_ctx_params),
    FN(OSSL_FUNC_ASYM_CIPHER_GETTABLE_CTX_PARAMS, asym_gettable_ctx_params),
    FN(OSSL_FUNC_ASYM_CIPHER_SET_CTX_PARAMS, asym_set_ctx_params),
    FN(OSSL_FUNC_ASYM_CIPHER_SETTABLE_CTX_PARAMS, asym_settable_ctx_params),
    {0, NULL}};
