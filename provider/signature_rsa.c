/* SPDX-License-Identifier: ISC */
/*
 * RSA signatures (EVP_PKEY_sign/verify of a digest, EVP_DigestSign/Verify
 * of a message) with OpenSSL 3.0's parameters and rules: pad-mode
 * (pkcs1, the default for an rsaEncryption key; pss; none; x931),
 * digest, mgf1-digest, saltlen ("digest", "max", "auto" or a number; on
 * signing auto means max, on verifying it reads the length from the
 * padding), algorithm-id.
 *
 * hwcrypto signs and verifies PKCS#1 v1.5 and PSS over SHA-1, SHA-256,
 * SHA-384 and SHA-512 with MGF1 over the signing digest, on keys it took
 * (rsa_key.h). Everything else the default provider accepts is done by
 * it, on its copy of the key, with this context's settings replayed:
 * other digests (SHA-224, SHA-3, MD5-SHA1 for TLS 1.0), an MGF1 digest
 * other than the signing one, padding none or X9.31, signing with no
 * digest set, verify-recover, keys hwcrypto refused. A message is hashed
 * here either way (hwc_hash_ctx for its four digests), so only the step
 * on the digest is handed on.
 *
 * RSA-PSS keys (keymgmt_rsa.c) come here too, as in 3.0: PSS padding
 * only, no verify-recover; a restricted key starts with its digest, MGF1
 * digest and salt length, and refuses other digests and shorter salts.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/rsa.h>

#include "rsa_key.h"

typedef struct {
  hwcp_prov *prov;
  hwcp_rsa *key;
  int op;       /* EVP_PKEY_OP_SIGN, _VERIFY, _VERIFYRECOVER */
  int pad;      /* RSA_*_PADDING */
  int saltlen;  /* a byte count or RSA_PSS_SALTLEN_DIGEST / _AUTO / _MAX */
  int allow_md; /* 0 between digest-sign init and final: the digest is fixed */
  int mgf1_set; /* mgf1-digest given; else it follows digest */
  int min_saltlen; /* a restricted RSA-PSS key's least salt length; -1: no restriction */
  EVP_MD *md, *mgf1;
  int mdnid, mgf1nid;
  char mdname[64], mgf1name[64]; /* as the caller named them: what get_params returns */
  /* a message being hashed (digest-sign / digest-verify) */
  int hashing;
  int hash; /* the hwc_hash of md, or -1: then mdctx */
  hwc_hash_ctx hc;
  EVP_MD_CTX *mdctx;
} sig_ctx;

static const struct {
  int id;
  const char *name;
} pad_names[] = {{RSA_PKCS1_PADDING, OSSL_PKEY_RSA_PAD_MODE_PKCSV15},
                 {RSA_NO_PADDING, OSSL_PKEY_RSA_PAD_MODE_NONE},
                 {RSA_X931_PADDING, OSSL_PKEY_RSA_PAD_MODE_X931},
                 {RSA_PKCS1_PSS_PADDING, OSSL_PKEY_RSA_PAD_MODE_PSS}};

/* The digests OpenSSL 3.0 signs with RSA (outside FIPS): their NIDs. */
static int md_allowed(const EVP_MD *md) {
  static const int nids[] = {NID_sha1,       NID_sha224,     NID_sha256,     NID_sha384,    NID_sha512,
                             NID_sha512_224, NID_sha512_256, NID_sha3_224,   NID_sha3_256,  NID_sha3_384,
                             NID_sha3_512,   NID_md5,        NID_md5_sha1,   NID_md2,       NID_md4,
                             NID_mdc2,       NID_ripemd160};
  int nid = EVP_MD_get_type(md);
  for (size_t i = 0; i < sizeof nids / sizeof nids[0]; i++)
    if (nids[i] == nid) return nid;
  return NID_undef;
}

/* X9.31 has hash identifiers for these four only. */
static int x931_ok(int nid) { return nid == NID_sha1 || nid == NID_sha256 || nid == NID_sha384 || nid == NID_sha512; }

static void *sig_newctx(void *provctx, const char *propq) {
  (void)propq; /* digests are fetched in the provider's own context */
  sig_ctx *c = calloc(1, sizeof *c);
  if (!c) {
    hwcp_raise(provctx, HWCP_R_MALLOC, "RSA signature context");
    return NULL;
  }
  c->prov = provctx;
  c->allow_md = 1;
  c->saltlen = RSA_PSS_SALTLEN_AUTO;
  c->min_saltlen = -1;
  c->hash = -1;
  return c;
}

/* Ends a message being hashed, wiping the hash state. */
static void stop_hashing(sig_ctx *c) {
  hwc_memzero(&c->hc, sizeof c->hc);
  EVP_MD_CTX_free(c->mdctx);
  c->mdctx = NULL;
  c->hashing = 0;
}

static void sig_freectx(void *vc) {
  sig_ctx *c = vc;
  if (!c) return;
  stop_hashing(c);
  EVP_MD_free(c->md);
  EVP_MD_free(c->mgf1);
  hwc_memzero(c, sizeof *c);
  free(c);
}

static void *sig_dupctx(void *vc) {
  const sig_ctx *c = vc;
  sig_ctx *d = malloc(sizeof *d);
  if (!d) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "RSA signature context copy");
    return NULL;
  }
  *d = *c;
  d->mdctx = NULL;
  if (c->md) EVP_MD_up_ref(c->md); /* a reference count: cannot fail in 3.0 */
  if (c->mgf1) EVP_MD_up_ref(c->mgf1);
  if (c->mdctx && (!(d->mdctx = EVP_MD_CTX_new()) || !EVP_MD_CTX_copy_ex(d->mdctx, c->mdctx))) {
    sig_freectx(d);
    return NULL;
  }
  return d;
}

/* Fetches a digest by name for signing; its allowed NID in *nid. */
static EVP_MD *fetch_md(sig_ctx *c, const char *name, const char *props, int *nid) {
  EVP_MD *md = EVP_MD_fetch(c->prov->libctx, name, props);
  if (!md) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "%s could not be fetched", name);
    return NULL;
  }
  if ((*nid = md_allowed(md)) == NID_undef) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "digest=%s not allowed", name);
    EVP_MD_free(md);
    return NULL;
  }
  return md;
}

/* 3.0's padding check: no digest with padding none, an X9.31 digest
 * with x931, a restricted RSA-PSS key's own digests with PSS. */
static int check_padding(sig_ctx *c, const char *mdname, const char *mgf1name, int nid) {
  if (c->pad == RSA_NO_PADDING && (mdname || nid != NID_undef)) {
    hwcp_raise(c->prov, HWCP_R_INVALID_PADDING_MODE, "no digest with padding none");
    return 0;
  }
  if (c->pad == RSA_X931_PADDING && !x931_ok(nid)) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "invalid X9.31 digest");
    return 0;
  }
  if (c->pad == RSA_PKCS1_PSS_PADDING && c->min_saltlen != -1 &&
      ((mdname && !EVP_MD_is_a(c->md, mdname)) || (mgf1name && !EVP_MD_is_a(c->mgf1, mgf1name)))) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "digest not allowed by the RSA-PSS key");
    return 0;
  }
  return 1;
}

/* Sets the signing digest (and the MGF1 one when not set on its own);
 * while a message is hashed only the same digest is accepted. */
static int setup_md(sig_ctx *c, const char *name, const char *props) {
  int nid;
  EVP_MD *md = fetch_md(c, name, props, &nid);
  if (!md || !check_padding(c, name, NULL, nid) || strlen(name) >= sizeof c->mdname) goto fail;
  if (!c->allow_md) {
    if (c->mdname[0] && !EVP_MD_is_a(md, c->mdname)) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "digest %s != %s", name, c->mdname);
      goto fail;
    }
    EVP_MD_free(md);
    return 1;
  }
  if (!c->mgf1_set) {
    if (!EVP_MD_up_ref(md)) goto fail;
    EVP_MD_free(c->mgf1);
    c->mgf1 = md, c->mgf1nid = nid;
    strcpy(c->mgf1name, name);
  }
  stop_hashing(c);
  EVP_MD_free(c->md);
  c->md = md, c->mdnid = nid;
  strcpy(c->mdname, name);
  return 1;
fail:
  EVP_MD_free(md);
  return 0;
}

static int setup_mgf1(sig_ctx *c, const char *name, const char *props) {
  int nid;
  EVP_MD *md = fetch_md(c, name, props, &nid);
  if (!md) return 0;
  if (!check_padding(c, NULL, name, nid) || strlen(name) >= sizeof c->mgf1name) {
    EVP_MD_free(md);
    return 0;
  }
  EVP_MD_free(c->mgf1);
  c->mgf1 = md, c->mgf1nid = nid, c->mgf1_set = 1;
  strcpy(c->mgf1name, name);
  return 1;
}

/* A restricted RSA-PSS key's salt rules (3.0's): no salt length read
 * from the signature when verifying, a digest-long salt only if the
 * digest is long enough, no explicit length below the key's. */
static int check_saltlen(sig_ctx *c, int saltlen) {
  if (c->min_saltlen == -1) return 1;
  int ok = saltlen == RSA_PSS_SALTLEN_AUTO    ? c->op != EVP_PKEY_OP_VERIFY
           : saltlen == RSA_PSS_SALTLEN_DIGEST ? c->min_saltlen <= EVP_MD_get_size(c->md)
                                               : saltlen < 0 || saltlen >= c->min_saltlen;
  if (!ok) hwcp_raise(c->prov, HWCP_R_INVALID_SALT_LENGTH, "not allowed by the RSA-PSS key (at least %d)", c->min_saltlen);
  return ok;
}

/* Reads a UTF-8 parameter into buf: 1, or 0 when it is not one or too long. */
static int get_str(const OSSL_PARAM *q, char *buf, size_t cap) { return OSSL_PARAM_get_utf8_string(q, &buf, cap); }

/* 3.0's order: the new padding is judged first, then saltlen and
 * mgf1-digest against it, and only then are the digests set up. */
static int sig_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  sig_ctx *c = vc;
  const OSSL_PARAM *q, *pr;
  char md[64], mdprops[256], mgf[64], mgfprops[256];
  const char *pmd = NULL, *pmdprops = NULL, *pmgf = NULL, *pmgfprops = NULL;
  if (!c) return 0;
  if (!params) return 1;
  int pad = c->pad, saltlen = c->saltlen;
  if ((q = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST))) {
    if (!get_str(q, md, sizeof md)) return 0;
    pmd = md;
    if ((pr = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_PROPERTIES))) {
      if (!get_str(pr, mdprops, sizeof mdprops)) return 0;
      pmdprops = mdprops;
    }
  }
  if ((q = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_PAD_MODE))) {
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_get_int(q, &pad)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      if (!q->data) return 0;
      for (size_t i = 0; i < sizeof pad_names / sizeof pad_names[0]; i++)
        if (strcmp(q->data, pad_names[i].name) == 0) pad = pad_names[i].id;
    } else
      return 0;
    int ok = ((pad == RSA_PKCS1_PADDING || pad == RSA_NO_PADDING || pad == RSA_X931_PADDING) && !c->key->pss) ||
             (pad == RSA_PKCS1_PSS_PADDING && (c->op & (EVP_PKEY_OP_SIGN | EVP_PKEY_OP_VERIFY)));
    if (!ok) {
      hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "illegal or unsupported padding mode");
      return 0;
    }
  }
  if ((q = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_PSS_SALTLEN))) {
    if (pad != RSA_PKCS1_PSS_PADDING) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "PSS saltlen can only be specified if PSS padding has been specified first");
      return 0;
    }
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_get_int(q, &saltlen)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      if (!q->data) return 0;
      saltlen = strcmp(q->data, OSSL_PKEY_RSA_PSS_SALT_LEN_DIGEST) == 0 ? RSA_PSS_SALTLEN_DIGEST
                : strcmp(q->data, OSSL_PKEY_RSA_PSS_SALT_LEN_MAX) == 0  ? RSA_PSS_SALTLEN_MAX
                : strcmp(q->data, OSSL_PKEY_RSA_PSS_SALT_LEN_AUTO) == 0 ? RSA_PSS_SALTLEN_AUTO
                                                                        : atoi(q->data); /* as 3.0 reads a number */
    } else
      return 0;
    if (saltlen < RSA_PSS_SALTLEN_MAX) { /* -3, the lowest special value */
      hwcp_raise(c->prov, HWCP_R_INVALID_SALT_LENGTH, "%d", saltlen);
      return 0;
    }
    if (!check_saltlen(c, saltlen)) return 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_MGF1_DIGEST))) {
    if (!get_str(q, mgf, sizeof mgf)) return 0;
    pmgf = mgf;
    if ((pr = hwcp_locate_const(params, OSSL_SIGNATURE_PARAM_MGF1_PROPERTIES))) {
      if (!get_str(pr, mgfprops, sizeof mgfprops)) return 0;
      pmgfprops = mgfprops;
    }
    if (pad != RSA_PKCS1_PSS_PADDING) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "invalid MGF1 digest: PSS padding only");
      return 0;
    }
  }
  c->saltlen = saltlen;
  c->pad = pad;
  if (!c->md && !pmd && pad == RSA_PKCS1_PSS_PADDING) pmd = "SHA1"; /* PSS's default digest */
  if (pmgf && !setup_mgf1(c, pmgf, pmgfprops)) return 0;
  return pmd ? setup_md(c, pmd, pmdprops) : check_padding(c, NULL, NULL, c->mdnid);
}

/* A restricted RSA-PSS key's settings, as 3.0 makes them on init: its
 * MGF1 digest, then its digest, its salt length, which must fit the key. */
static int pss_restrict(sig_ctx *c) {
  const hwcp_rsa *k = c->key;
  const char *md = hwcp_pss_md_name(k->pss_md), *mgf1 = hwcp_pss_md_name(k->pss_mgf1);
  if (!md || !mgf1) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "PSS restrictions lack a hash algorithm");
    return 0;
  }
  c->saltlen = k->pss_saltlen;
  if (!setup_mgf1(c, mgf1, NULL) || !setup_md(c, md, NULL)) return 0;
  /* the largest salt: emLen - hLen - 2, emLen one byte short when the
   * modulus is one bit over a byte boundary */
  int max = (int)hwcp_rsa_size(k) - EVP_MD_get_size(c->md) - ((hwcp_rsa_bits(k) & 7) == 1);
  if (k->pss_saltlen < 0 || k->pss_saltlen > max) {
    hwcp_raise(c->prov, HWCP_R_INVALID_SALT_LENGTH, "%d for the key", k->pss_saltlen);
    return 0;
  }
  c->min_saltlen = k->pss_saltlen;
  return 1;
}

/* (Re)starts the context on a key for op: PKCS#1 padding (PSS for an
 * RSA-PSS key, with its restrictions) and the auto salt length, as 3.0
 * does on every init; the digest stays. */
static int sig_init(sig_ctx *c, hwcp_rsa *key, const OSSL_PARAM params[], int op) {
  if (!key && !c->key) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "no key set");
    return 0;
  }
  if (key && key->pss && op == EVP_PKEY_OP_VERIFYRECOVER) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "operation not supported for an RSA-PSS key");
    return 0;
  }
  if (key) c->key = key;
  c->op = op;
  c->saltlen = RSA_PSS_SALTLEN_AUTO;
  c->min_saltlen = -1;
  c->pad = c->key->pss ? RSA_PKCS1_PSS_PADDING : RSA_PKCS1_PADDING;
  stop_hashing(c);
  if (c->key->pss && c->key->restricted && !pss_restrict(c)) return 0;
  return sig_set_ctx_params(c, params);
}

static int sig_sign_init(void *c, void *k, const OSSL_PARAM p[]) { return sig_init(c, k, p, EVP_PKEY_OP_SIGN); }
static int sig_verify_init(void *c, void *k, const OSSL_PARAM p[]) { return sig_init(c, k, p, EVP_PKEY_OP_VERIFY); }
static int sig_verify_recover_init(void *c, void *k, const OSSL_PARAM p[]) {
  return sig_init(c, k, p, EVP_PKEY_OP_VERIFYRECOVER);
}

/* --------------------------------------------------- the default provider */

/* A default-provider context on the key, initialised for this context's
 * operation and given its settings: padding, digest, and for PSS the
 * MGF1 digest and salt length. NULL with an error raised. */
static EVP_PKEY_CTX *delegate(sig_ctx *c) {
  EVP_PKEY_CTX *d = hwcp_rsa_default_ctx(c->key);
  if (!d) return NULL;
  int rc = c->op == EVP_PKEY_OP_SIGN     ? EVP_PKEY_sign_init(d)
           : c->op == EVP_PKEY_OP_VERIFY ? EVP_PKEY_verify_init(d)
                                         : EVP_PKEY_verify_recover_init(d);
  OSSL_PARAM params[5], *q = params;
  *q++ = OSSL_PARAM_construct_int(OSSL_SIGNATURE_PARAM_PAD_MODE, &c->pad);
  if (c->md) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, c->mdname, 0);
  if (c->pad == RSA_PKCS1_PSS_PADDING) {
    if (c->mgf1) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_DIGEST, c->mgf1name, 0);
    *q++ = OSSL_PARAM_construct_int(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, &c->saltlen);
  }
  *q = OSSL_PARAM_construct_end();
  if (rc <= 0 || EVP_PKEY_CTX_set_params(d, params) <= 0) {
    EVP_PKEY_CTX_free(d);
    return NULL;
  }
  return d;
}

/* --------------------------------------------------------- sign and verify */

/* The hwc_hash this context signs with natively, or -1: a digest set and
 * hwcrypto's, hwcrypto's key, PKCS#1 or PSS with MGF1 over that digest. */
static int native_hash(const sig_ctx *c) {
  int h = hwcp_md_hash(c->md);
  if (h < 0 || !c->key->hk) return -1;
  if (c->pad == RSA_PKCS1_PADDING) return h;
  if (c->pad == RSA_PKCS1_PSS_PADDING && c->mgf1 && c->mgf1nid == c->mdnid) return h;
  return -1;
}

/* The salt length for hwcrypto, from 3.0's meaning of saltlen when
 * signing (auto and max: the largest) or verifying (auto: any). */
static size_t hwc_salt(const sig_ctx *c, int signing) {
  switch (c->saltlen) {
    case RSA_PSS_SALTLEN_DIGEST: return (size_t)EVP_MD_get_size(c->md);
    case RSA_PSS_SALTLEN_MAX: return HWC_PSS_SALT_MAX;
    case RSA_PSS_SALTLEN_AUTO: return signing ? HWC_PSS_SALT_MAX : HWC_PSS_SALT_AUTO;
    default: return (size_t)c->saltlen;
  }
}

static int sig_sign(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                    size_t tbslen) {
  sig_ctx *c = vc;
  size_t n = hwcp_rsa_size(c->key);
  if (!sig) {
    *siglen = n;
    return 1;
  }
  if (sigsize < n) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "signature size is %zu, should be at least %zu", sigsize, n);
    return 0;
  }
  if (c->md && tbslen != (size_t)EVP_MD_get_size(c->md)) {
    hwcp_raise(c->prov, HWCP_R_INVALID_DIGEST_LENGTH, "%zu", tbslen);
    return 0;
  }
  /* a restricted key's salt, checked again as 3.0 does when signing */
  if (c->pad == RSA_PKCS1_PSS_PADDING && c->saltlen != RSA_PSS_SALTLEN_AUTO && !check_saltlen(c, c->saltlen)) return 0;
  int h = native_hash(c);
  if (h >= 0 && hwc_rsa_has_private(c->key->hk)) {
    hwcp_used(c->key->pss ? "RSA-PSS" : "RSA");
    size_t len = sigsize;
    int rc = c->pad == RSA_PKCS1_PADDING
                 ? hwc_rsa_sign_pkcs1_digest(sig, &len, tbs, tbslen, (hwc_hash)h, c->key->hk)
                 : hwc_rsa_sign_pss_digest(sig, &len, tbs, tbslen, (hwc_hash)h, hwc_salt(c, 1), c->key->hk);
    if (rc != HWC_OK) {
      hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "RSA signing: %d", rc);
      return 0;
    }
    *siglen = len;
    return 1;
  }
  EVP_PKEY_CTX *d = delegate(c);
  size_t len = sigsize;
  int ok = d && EVP_PKEY_sign(d, sig, &len, tbs, tbslen) > 0;
  EVP_PKEY_CTX_free(d);
  if (ok) *siglen = len;
  return ok;
}

static int sig_verify(void *vc, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen) {
  sig_ctx *c = vc;
  int h = native_hash(c);
  if (h >= 0) {
    hwcp_used(c->key->pss ? "RSA-PSS" : "RSA");
    size_t n = hwcp_rsa_size(c->key);
    if (c->pad == RSA_PKCS1_PADDING) /* exactly the modulus length, as RSA_verify wants */
      return hwc_rsa_verify_pkcs1_digest(sig, siglen, tbs, tbslen, (hwc_hash)h, c->key->hk) == HWC_OK;
    if (tbslen != (size_t)EVP_MD_get_size(c->md)) {
      hwcp_raise(c->prov, HWCP_R_INVALID_DIGEST_LENGTH, "%zu", tbslen);
      return 0;
    }
    /* 3.0 takes a PSS signature shorter than the modulus as the number it
     * encodes (leading zero bytes implied); longer ones fail. */
    if (siglen > n) return 0;
    uint8_t buf[1024] = {0};
    memcpy(buf + (n - siglen), sig, siglen);
    return hwc_rsa_verify_pss_digest(buf, n, tbs, tbslen, (hwc_hash)h, hwc_salt(c, 0), c->key->hk) == HWC_OK;
  }
  EVP_PKEY_CTX *d = delegate(c);
  int ok = d && EVP_PKEY_verify(d, sig, siglen, tbs, tbslen) > 0;
  EVP_PKEY_CTX_free(d);
  return ok;
}

/* Always the default provider's: recovering a DigestInfo or raw data is
 * rare (legacy protocols) and has no hwcrypto fast path worth its rules. */
static int sig_verify_recover(void *vc, unsigned char *rout, size_t *routlen, size_t routsize,
                              const unsigned char *sig, size_t siglen) {
  sig_ctx *c = vc;
  if (!rout) {
    *routlen = hwcp_rsa_size(c->key);
    return 1;
  }
  EVP_PKEY_CTX *d = delegate(c);
  size_t len = routsize;
  int ok = d && EVP_PKEY_verify_recover(d, rout, &len, sig, siglen) > 0;
  EVP_PKEY_CTX_free(d);
  if (ok) *routlen = len;
  return ok;
}

/* ------------------------------------------------- sign and verify a message */

static int digest_init(sig_ctx *c, const char *mdname, hwcp_rsa *key, const OSSL_PARAM params[], int op) {
  if (!sig_init(c, key, params, op)) return 0;
  if (mdname && (!mdname[0] || strcasecmp(c->mdname, mdname) != 0) && !setup_md(c, mdname, NULL)) return 0;
  c->allow_md = 0;
  if (!c->md) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "no digest");
    return 0;
  }
  c->hash = hwcp_md_hash(c->md);
  if (c->hash >= 0)
    hwc_hash_init(&c->hc, (hwc_hash)c->hash);
  else if (!(c->mdctx = EVP_MD_CTX_new()) || !EVP_DigestInit_ex2(c->mdctx, c->md, params)) {
    stop_hashing(c);
    return 0;
  }
  c->hashing = 1;
  return 1;
}

static int sig_digest_sign_init(void *c, const char *md, void *k, const OSSL_PARAM p[]) {
  return digest_init(c, md, k, p, EVP_PKEY_OP_SIGN);
}
static int sig_digest_verify_init(void *c, const char *md, void *k, const OSSL_PARAM p[]) {
  return digest_init(c, md, k, p, EVP_PKEY_OP_VERIFY);
}

static int sig_digest_update(void *vc, const unsigned char *data, size_t len) {
  sig_ctx *c = vc;
  if (!c || !c->hashing) return 0;
  if (c->hash < 0) return EVP_DigestUpdate(c->mdctx, data, len);
  if (len) hwc_hash_update(&c->hc, data, len);
  return 1;
}

/* Finishes the message's digest into out (*len its size). */
static int digest_final(sig_ctx *c, unsigned char *out, size_t *len) {
  unsigned int l = 0;
  int ok = 1;
  if (c->hash >= 0) {
    hwc_hash_final(&c->hc, out);
    *len = hwc_hash_len((hwc_hash)c->hash);
  } else {
    ok = EVP_DigestFinal_ex(c->mdctx, out, &l);
    *len = l;
  }
  stop_hashing(c);
  return ok;
}

static int sig_digest_sign_final(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize) {
  sig_ctx *c = vc;
  unsigned char dg[EVP_MAX_MD_SIZE];
  size_t dl = 0;
  if (!c) return 0;
  c->allow_md = 1;
  if (!c->hashing) return 0;
  if (sig && !digest_final(c, dg, &dl)) return 0; /* sig NULL: a size query, the hash goes on */
  return sig_sign(c, sig, siglen, sigsize, dg, dl);
}

static int sig_digest_verify_final(void *vc, const unsigned char *sig, size_t siglen) {
  sig_ctx *c = vc;
  unsigned char dg[EVP_MAX_MD_SIZE];
  size_t dl = 0;
  if (!c) return 0;
  c->allow_md = 1;
  if (!c->hashing || !digest_final(c, dg, &dl)) return 0;
  return sig_verify(c, sig, siglen, dg, dl);
}

/* ------------------------------------------------------------- parameters */

static int sig_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  sig_ctx *c = vc;
  OSSL_PARAM *q;
  if (!c) return 0;
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID))) {
    /* the DER is the default provider's to write (sha256WithRSAEncryption,
     * RSASSA-PSS parameters with the salt length it resolves, ...) */
    OSSL_PARAM one[2] = {*q, OSSL_PARAM_END};
    EVP_PKEY_CTX *d = delegate(c);
    int ok = d && EVP_PKEY_CTX_get_params(d, one) > 0;
    EVP_PKEY_CTX_free(d);
    if (!ok) return 0;
    q->return_size = one[0].return_size;
  }
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_PAD_MODE))) {
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_set_int(q, c->pad)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      for (size_t i = 0; i < sizeof pad_names / sizeof pad_names[0]; i++)
        if (pad_names[i].id == c->pad && !OSSL_PARAM_set_utf8_string(q, pad_names[i].name)) return 0;
    } else
      return 0;
  }
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_DIGEST)) && !OSSL_PARAM_set_utf8_string(q, c->mdname))
    return 0;
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_MGF1_DIGEST)) &&
      !OSSL_PARAM_set_utf8_string(q, c->mgf1name))
    return 0;
  if ((q = hwcp_locate(params, OSSL_SIGNATURE_PARAM_PSS_SALTLEN))) {
    if (q->data_type == OSSL_PARAM_INTEGER) {
      if (!OSSL_PARAM_set_int(q, c->saltlen)) return 0;
    } else if (q->data_type == OSSL_PARAM_UTF8_STRING) {
      char num[16];
      const char *v = c->saltlen == RSA_PSS_SALTLEN_DIGEST ? OSSL_PKEY_RSA_PSS_SALT_LEN_DIGEST
                      : c->saltlen == RSA_PSS_SALTLEN_MAX  ? OSSL_PKEY_RSA_PSS_SALT_LEN_MAX
                      : c->saltlen == RSA_PSS_SALTLEN_AUTO ? OSSL_PKEY_RSA_PSS_SALT_LEN_AUTO
                                                           : NULL;
      if (!v) snprintf(num, sizeof num, "%d", c->saltlen), v = num;
      if (!OSSL_PARAM_set_utf8_string(q, v)) return 0;
    }
  }
  return 1;
}

static const OSSL_PARAM *sig_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  static const OSSL_PARAM types[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
                                     OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE, NULL, 0),
                                     OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
                                     OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_DIGEST, NULL, 0),
                                     OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, NULL, 0),
                                     OSSL_PARAM_END};
  return types;
}

/* While a message is hashed the digest cannot change: 3.0 then lists
 * the settable parameters without it. */
static const OSSL_PARAM *sig_settable_ctx_params(void *vc, void *provctx) {
  (void)provctx;
  const sig_ctx *c = vc;
  static const OSSL_PARAM all[] = {OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_DIGEST, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_MGF1_PROPERTIES, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, NULL, 0),
                                   OSSL_PARAM_END};
  return c && !c->allow_md ? all + 2 : all;
}

#define FN(id, f) {id, (void (*)(void))(f)}
const OSSL_DISPATCH hwcp_rsa_signature_functions[] = {
    FN(OSSL_FUNC_SIGNATURE_NEWCTX, sig_newctx),
    FN(OSSL_FUNC_SIGNATURE_SIGN_INIT, sig_sign_init),
    FN(OSSL_FUNC_SIGNATURE_SIGN, sig_sign),
    FN(OSSL_FUNC_SIGNATURE_VERIFY_INIT, sig_verify_init),
    FN(OSSL_FUNC_SIGNATURE_VERIFY, sig_verify),
    FN(OSSL_FUNC_SIGNATURE_VERIFY_RECOVER_INIT, sig_verify_recover_init),
    FN(OSSL_FUNC_SIGNATURE_VERIFY_RECOVER, sig_verify_recover),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, sig_digest_update),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, sig_digest_sign_final),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, sig_digest_update),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, sig_digest_verify_final),
    FN(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),
    FN(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),
    FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),
    {0, NULL}};
