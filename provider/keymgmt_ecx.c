/* SPDX-License-Identifier: ISC */
/*
 * Key management of X25519 and Ed25519 keys (hwcp_ecx_key, ecx_key.h),
 * the keys of the X25519 exchange and the Ed25519 signature.
 *
 * What an application sees is the default provider's (OpenSSL 3.0): keys
 * travel as the octet strings "pub" and "priv" (32 bytes each) and only
 * with a key-pair selection; a key imported with "priv" alone derives its
 * "pub"; pub and priv imported together are taken as given (checked only
 * by EVP_PKEY_check's pairwise test). Generated X25519 scalars are stored
 * clamped, Ed25519 keys as their seed. X25519 keys also answer and take
 * "encoded-pub-key" (the TLS 1.3 key share), Ed25519 keys answer
 * "mandatory-digest" with "" (sign the message, no digest).
 *
 * Random bytes come from the OS generator (hwc_*_keypair), where the
 * default provider draws from the library context's DRBG.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ecx_key.h"

/* The key-size figures the default provider reports (bits: the size of
 * the group order for X25519, of the encoding for Ed25519; max-size: the
 * shared secret, the signature). */
#define X25519_BITS 253
#define ED25519_BITS 256
#define ECX_SECURITY_BITS 128
#define X25519_MAX_SIZE 32
#define ED25519_MAX_SIZE 64

/* Allocates an empty key of the given type; the default's "new" too
 * starts with no public and no private key. */
static hwcp_ecx_key *key_new(hwcp_prov *prov, int type) {
  hwcp_ecx_key *k = calloc(1, sizeof *k);
  if (!k) {
    hwcp_raise(prov, HWCP_R_MALLOC, "ECX key");
    return NULL;
  }
  k->prov = prov;
  k->type = type;
  return k;
}

static void *x25519_new(void *provctx) { return key_new(provctx, HWCP_ECX_X25519); }
static void *ed25519_new(void *provctx) { return key_new(provctx, HWCP_ECX_ED25519); }

static void ecx_free(void *vk) {
  if (!vk) return;
  hwc_memzero(vk, sizeof(hwcp_ecx_key)); /* the private key with it */
  free(vk);
}

/* The public key of priv, as the default derives it on import. */
static int derive_pub(hwcp_ecx_key *k) {
  int rc;
  if (k->type == HWCP_ECX_X25519)
    rc = hwc_x25519_base(k->pub, k->priv); /* clamps a copy, as OpenSSL does */
  else {
    uint8_t sk[64];
    rc = hwc_ed25519_seed_keypair(k->pub, sk, k->priv);
    hwc_memzero(sk, sizeof sk);
  }
  if (rc != HWC_OK) hwcp_raise(k->prov, HWCP_R_HWC_FAILED, "public key from private: %s", hwc_strerror(rc));
  return rc == HWC_OK;
}

/* 1 when pub is the public key of priv (EVP_PKEY_check, _pairwise_check:
 * the default recomputes and compares for both key types). */
static int pairwise_ok(const hwcp_ecx_key *k) {
  hwcp_ecx_key t = *k;
  int ok = derive_pub(&t) && hwc_memequal(t.pub, k->pub, 32);
  hwc_memzero(&t, sizeof t);
  return ok;
}

/* ECX keys have no domain parameters, so any selection without key bits
 * is satisfied; with them, the halves asked for must be present. */
static int ecx_has(const void *vk, int selection) {
  const hwcp_ecx_key *k = vk;
  if (!k) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !k->has_pub) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !k->has_priv) return 0;
  return 1;
}

/* As the default: domain parameters match when the types do; with key
 * bits, the public keys are compared when both have one, else the private
 * keys when asked for and both have one, and some pair must have been
 * compared. */
static int ecx_match(const void *va, const void *vb, int selection) {
  const hwcp_ecx_key *a = va, *b = vb;
  int ok = 1;
  if (selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) ok = ok && a->type == b->type;
  if (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) {
    int checked = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && a->has_pub && b->has_pub) {
      ok = ok && a->type == b->type && hwc_memequal(a->pub, b->pub, 32);
      checked = 1;
    }
    if (!checked && (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && a->has_priv && b->has_priv) {
      ok = ok && a->type == b->type && hwc_memequal(a->priv, b->priv, 32);
      checked = 1;
    }
    ok = ok && checked;
  }
  return ok;
}

/* Reads an octet-string parameter of exactly 32 bytes into out. */
static int get32(const OSSL_PARAM *p, uint8_t out[32]) {
  size_t len = 0;
  void *buf = out;
  return OSSL_PARAM_get_octet_string(p, &buf, 32, &len) && len == 32;
}

/* Import needs a key-pair selection and at least one of pub / priv (priv
 * read only when the private half is selected); a lone priv derives pub.
 * The key changes only when the import succeeds. */
static int ecx_import(void *vk, int selection, const OSSL_PARAM params[]) {
  hwcp_ecx_key *k = vk, t;
  if (!k || !(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 0;
  const OSSL_PARAM *pub = hwcp_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
  const OSSL_PARAM *priv =
      (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ? hwcp_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY) : NULL;
  if (!pub && !priv) return 0;
  t = *k;
  int ok = 1;
  if (priv) {
    ok = get32(priv, t.priv);
    t.has_priv = ok;
  }
  if (ok && pub)
    ok = get32(pub, t.pub);
  else if (ok)
    ok = derive_pub(&t);
  if (ok) {
    t.has_pub = 1;
    *k = t;
  }
  hwc_memzero(&t, sizeof t);
  return ok;
}

/* Export answers key-pair selections only: "pub" always (all zero on a key
 * without one, as the default sends it), "priv" when selected and held. */
static int ecx_export(void *vk, int selection, OSSL_CALLBACK *cb, void *cbarg) {
  hwcp_ecx_key *k = vk;
  if (!k || !(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 0;
  OSSL_PARAM out[3];
  size_t n = 0;
  out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, 32);
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv)
    out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, 32);
  out[n] = OSSL_PARAM_construct_end();
  return cb(out, cbarg);
}

static const OSSL_PARAM ecx_key_types[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
                                           OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
                                           OSSL_PARAM_END};

static const OSSL_PARAM *ecx_imexport_types(int selection) {
  return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? ecx_key_types : NULL;
}

/* The parameters both key types answer: sizes, "pub" (always) and "priv"
 * (when held); OSSL_PARAM_set_* fails on a buffer too small. */
static int common_get_params(hwcp_ecx_key *k, OSSL_PARAM params[], int bits, int max_size) {
  return hwcp_param_int(params, OSSL_PKEY_PARAM_BITS, bits) &&
         hwcp_param_int(params, OSSL_PKEY_PARAM_SECURITY_BITS, ECX_SECURITY_BITS) &&
         hwcp_param_int(params, OSSL_PKEY_PARAM_MAX_SIZE, max_size) &&
         hwcp_param_octets(params, OSSL_PKEY_PARAM_PUB_KEY, k->pub, 32) &&
         (!k->has_priv || hwcp_param_octets(params, OSSL_PKEY_PARAM_PRIV_KEY, k->priv, 32));
}

static int x25519_get_params(void *vk, OSSL_PARAM params[]) {
  hwcp_ecx_key *k = vk;
  return hwcp_param_octets(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, k->pub, 32) &&
         common_get_params(k, params, X25519_BITS, X25519_MAX_SIZE);
}

/* Ed25519 signs the message itself: its mandatory digest is "" (none). */
static int ed25519_get_params(void *vk, OSSL_PARAM params[]) {
  OSSL_PARAM *q;
  if ((q = hwcp_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) && !OSSL_PARAM_set_utf8_string(q, ""))
    return 0;
  return common_get_params(vk, params, ED25519_BITS, ED25519_MAX_SIZE);
}

static const OSSL_PARAM x25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM ed25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *x25519_gettable_params(void *provctx) {
  (void)provctx;
  return x25519_gettable;
}
static const OSSL_PARAM *ed25519_gettable_params(void *provctx) {
  (void)provctx;
  return ed25519_gettable;
}

/* X25519: "encoded-pub-key" (exactly 32 bytes) makes the key the peer's
 * public key: the private key, if any, is dropped, as the default does.
 * "properties" must be a UTF-8 string; hwcrypto fetches nothing with it. */
static int x25519_set_params(void *vk, const OSSL_PARAM params[]) {
  hwcp_ecx_key *k = vk;
  const OSSL_PARAM *p;
  if ((p = hwcp_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))) {
    uint8_t pub[32];
    if (p->data_size != 32 || !get32(p, pub)) return 0;
    memcpy(k->pub, pub, 32);
    hwc_memzero(k->priv, 32);
    k->has_priv = 0;
    k->has_pub = 1;
  }
  if ((p = hwcp_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES)) && p->data_type != OSSL_PARAM_UTF8_STRING)
    return 0;
  return 1;
}

/* Ed25519 keys take no parameters (and ignore whatever is passed). */
static int ed25519_set_params(void *vk, const OSSL_PARAM params[]) {
  (void)vk;
  (void)params;
  return 1;
}

static const OSSL_PARAM x25519_settable[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
                                             OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
                                             OSSL_PARAM_END};
static const OSSL_PARAM ed25519_settable[] = {OSSL_PARAM_END};

static const OSSL_PARAM *x25519_settable_params(void *provctx) {
  (void)provctx;
  return x25519_settable;
}
static const OSSL_PARAM *ed25519_settable_params(void *provctx) {
  (void)provctx;
  return ed25519_settable;
}

/* A key generation in progress: the selection (without key-pair bits the
 * default makes a blank key) and the "properties" query, which Ed25519's
 * default generation uses to fetch SHA-512. */
typedef struct {
  hwcp_prov *prov;
  int type;
  int selection;
  char *propq;
} ecx_gen_ctx;

/* "group" is accepted for X25519 only and must name it (any case), as in
 * the default; "properties" must be a UTF-8 string. */
static int ecx_gen_set_params(void *vg, const OSSL_PARAM params[]) {
  ecx_gen_ctx *g = vg;
  const OSSL_PARAM *p;
  if (!g) return 0;
  if ((p = hwcp_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME))) {
    if (p->data_type != OSSL_PARAM_UTF8_STRING || g->type != HWCP_ECX_X25519 ||
        strcasecmp(p->data, "x25519") != 0) {
      hwcp_raise(g->prov, HWCP_R_BAD_ARG, "group: only x25519 for an X25519 key");
      return 0;
    }
  }
  if ((p = hwcp_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES))) {
    if (p->data_type != OSSL_PARAM_UTF8_STRING) return 0;
    char *q = strdup(p->data);
    if (!q) {
      hwcp_raise(g->prov, HWCP_R_MALLOC, "properties");
      return 0;
    }
    free(g->propq);
    g->propq = q;
  }
  return 1;
}

static const OSSL_PARAM ecx_gen_settable[] = {OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
                                              OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
                                              OSSL_PARAM_END};

static const OSSL_PARAM *ecx_gen_settable_params(void *vg, void *provctx) {
  (void)vg;
  (void)provctx;
  return ecx_gen_settable;
}

static void ecx_gen_cleanup(void *vg) {
  ecx_gen_ctx *g = vg;
  if (!g) return;
  free(g->propq);
  free(g);
}

static void *gen_init(hwcp_prov *prov, int type, int selection, const OSSL_PARAM params[]) {
  ecx_gen_ctx *g = calloc(1, sizeof *g);
  if (!g) {
    hwcp_raise(prov, HWCP_R_MALLOC, "ECX key generation");
    return NULL;
  }
  g->prov = prov;
  g->type = type;
  g->selection = selection;
  if (!ecx_gen_set_params(g, params)) {
    ecx_gen_cleanup(g);
    return NULL;
  }
  return g;
}

static void *x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[]) {
  return gen_init(provctx, HWCP_ECX_X25519, selection, params);
}
static void *ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[]) {
  return gen_init(provctx, HWCP_ECX_ED25519, selection, params);
}

/* A new key pair: X25519's scalar clamped before it is stored (the
 * default stores it so, and exports it so); an Ed25519 seed as is. With
 * "properties" set, the default's Ed25519 generation fails when SHA-512
 * cannot be fetched under it, so that fetch is made here too. */
static void *ecx_gen(void *vg, OSSL_CALLBACK *cb, void *cbarg) {
  ecx_gen_ctx *g = vg;
  (void)cb;
  (void)cbarg;
  if (!g) return NULL;
  hwcp_ecx_key *k = key_new(g->prov, g->type);
  if (!k || !(g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return k; /* parameters only: a blank key */
  int rc;
  if (g->type == HWCP_ECX_X25519) {
    rc = hwc_x25519_keypair(k->pub, k->priv);
    k->priv[0] &= 248;
    k->priv[31] = (uint8_t)((k->priv[31] & 127) | 64);
  } else {
    if (g->propq) {
      EVP_MD *md = EVP_MD_fetch(g->prov->libctx, "SHA512", g->propq);
      if (!md) {
        hwcp_raise(g->prov, HWCP_R_UNSUPPORTED, "no SHA512 under properties \"%s\"", g->propq);
        ecx_free(k);
        return NULL;
      }
      EVP_MD_free(md);
    }
    uint8_t sk[64];
    rc = hwc_ed25519_keypair(k->pub, sk);
    memcpy(k->priv, sk, 32);
    hwc_memzero(sk, sizeof sk);
  }
  if (rc != HWC_OK) {
    hwcp_raise(g->prov, HWCP_R_HWC_FAILED, "key generation: %s", hwc_strerror(rc));
    ecx_free(k);
    return NULL;
  }
  k->has_pub = k->has_priv = 1;
  return k;
}

/* A key passed by reference (the address of a key object of this
 * provider, from its own decoders): taken over, the reference cleared. */
static void *ecx_load(const void *ref, size_t ref_size) {
  if (!ref || ref_size != sizeof(hwcp_ecx_key *)) return NULL;
  hwcp_ecx_key **slot = (hwcp_ecx_key **)ref;
  hwcp_ecx_key *k = *slot;
  *slot = NULL;
  return k;
}

/* A copy holding the selected halves; like the default's, it keeps the
 * has-public flag whatever the selection. */
static void *ecx_dup(const void *vk, int selection) {
  const hwcp_ecx_key *k = vk;
  hwcp_ecx_key *d = key_new(k->prov, k->type);
  if (!d) return NULL;
  d->has_pub = k->has_pub;
  if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) memcpy(d->pub, k->pub, 32);
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv) {
    memcpy(d->priv, k->priv, 32);
    d->has_priv = 1;
  }
  return d;
}

/* The default's checks: the halves selected must be present, and a full
 * key-pair selection recomputes the public key from the private one. No
 * point validation (X25519 takes any 32 bytes; Ed25519's verify decodes). */
static int ecx_validate(const void *vk, int selection, int checktype) {
  const hwcp_ecx_key *k = vk;
  (void)checktype;
  if (!(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 1;
  int ok = 1;
  if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
  if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == OSSL_KEYMGMT_SELECT_KEYPAIR) ok = ok && pairwise_ok(k);
  return ok;
}

/* The operation names are the key's own (what EVP assumes without this). */
static const char *x25519_query_operation_name(int operation_id) {
  return operation_id == OSSL_OP_KEYEXCH ? "X25519" : NULL;
}
static const char *ed25519_query_operation_name(int operation_id) {
  return operation_id == OSSL_OP_SIGNATURE ? "ED25519" : NULL;
}

/* The TLS-GROUP capability of x25519, parameter for parameter (names,
 * types, values) as the default provider of 3.0 declares it. libssl 3.0
 * keeps a declared group only when the keymgmt its fetch returns comes
 * from the declaring provider: were X25519 keys served here without the
 * group declared here too, a TLS context whose fetch lands on this
 * provider (a "?provider=hwcrypto" query, or this provider loaded first)
 * would drop x25519 from its groups. Unknown capabilities: 0, as there. */
int hwcp_ecx_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg) {
  (void)provctx;
  if (strcasecmp(capability, "TLS-GROUP") != 0) return 0;
  unsigned int id = 0x001d, secbits = 128;
  int min_tls = 0x0301, max_tls = 0, min_dtls = 0xfeff, max_dtls = 0; /* TLS 1.0 and DTLS 1.0 up, no maximum */
  OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, "x25519", 0),
                    OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, "X25519", 0),
                    OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, "X25519", 0),
                    OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
                    OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
                    OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
                    OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
                    OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
                    OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
                    OSSL_PARAM_construct_end()};
  return cb(p, arg);
}

static const OSSL_DISPATCH x25519_keymgmt[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, x25519_new), FN(OSSL_FUNC_KEYMGMT_FREE, ecx_free),
    FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, x25519_get_params),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x25519_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, x25519_set_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x25519_settable_params), FN(OSSL_FUNC_KEYMGMT_HAS, ecx_has),
    FN(OSSL_FUNC_KEYMGMT_MATCH, ecx_match), FN(OSSL_FUNC_KEYMGMT_VALIDATE, ecx_validate),
    FN(OSSL_FUNC_KEYMGMT_IMPORT, ecx_import), FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, ecx_imexport_types),
    FN(OSSL_FUNC_KEYMGMT_EXPORT, ecx_export), FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, ecx_imexport_types),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x25519_gen_init), FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, ecx_gen_set_params),
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, ecx_gen_settable_params), FN(OSSL_FUNC_KEYMGMT_GEN, ecx_gen),
    FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, ecx_gen_cleanup), FN(OSSL_FUNC_KEYMGMT_LOAD, ecx_load),
    FN(OSSL_FUNC_KEYMGMT_DUP, ecx_dup), FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, x25519_query_operation_name),
    {0, NULL}};
static const OSSL_DISPATCH ed25519_keymgmt[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, ed25519_new), FN(OSSL_FUNC_KEYMGMT_FREE, ecx_free),
    FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, ed25519_get_params),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed25519_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, ed25519_set_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed25519_settable_params), FN(OSSL_FUNC_KEYMGMT_HAS, ecx_has),
    FN(OSSL_FUNC_KEYMGMT_MATCH, ecx_match), FN(OSSL_FUNC_KEYMGMT_VALIDATE, ecx_validate),
    FN(OSSL_FUNC_KEYMGMT_IMPORT, ecx_import), FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, ecx_imexport_types),
    FN(OSSL_FUNC_KEYMGMT_EXPORT, ecx_export), FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, ecx_imexport_types),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed25519_gen_init), FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, ecx_gen_set_params),
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, ecx_gen_settable_params), FN(OSSL_FUNC_KEYMGMT_GEN, ecx_gen),
    FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, ecx_gen_cleanup), FN(OSSL_FUNC_KEYMGMT_LOAD, ecx_load),
    FN(OSSL_FUNC_KEYMGMT_DUP, ecx_dup), FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, ed25519_query_operation_name),
    {0, NULL}};

const hwcp_alg hwcp_ecx_algs[] = {
    {OSSL_OP_KEYMGMT, {"X25519:1.3.101.110", HWCP_PROPS, x25519_keymgmt, "hwcrypto X25519 keys"}, HWC_PRIM_FE25519},
    {OSSL_OP_KEYMGMT, {"ED25519:1.3.101.112", HWCP_PROPS, ed25519_keymgmt, "hwcrypto Ed25519 keys"},
     HWC_PRIM_FE25519},
    {OSSL_OP_KEYEXCH, {"X25519:1.3.101.110", HWCP_PROPS, hwcp_x25519_keyexch, "hwcrypto X25519"}, HWC_PRIM_FE25519},
    {OSSL_OP_SIGNATURE, {"ED25519:1.3.101.112", HWCP_PROPS, hwcp_ed25519_signature, "hwcrypto Ed25519"},
     HWC_PRIM_FE25519},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
