/* SPDX-License-Identifier: ISC */
/*
 * The key stanzas of hwcp-evp-runner: the keys the files define
 * (PrivateKey and PublicKey PEM blocks, PrivateKeyRaw and PublicKeyRaw,
 * the key a KeyGen stanza names) and the stanzas that use them: Sign,
 * Verify, VerifyRecover, Decrypt, Derive, PrivPubKeyPair, KeyGen,
 * DigestSign, DigestVerify, OneShotDigestSign, OneShotDigestVerify. The
 * steps, their order and their error names are evp_test's (OpenSSL 3.0),
 * so a Result line means here what it means there.
 *
 * Keys are read as an application reads them: PEM_read_bio_PrivateKey_ex,
 * PEM_read_bio_PUBKEY_ex (the default provider's decoders) or
 * EVP_PKEY_new_raw_*_key_ex, in the runner's library context with no
 * property query. An operation runs in an EVP_PKEY_CTX made with the run's
 * query (provider=hwcrypto), so OpenSSL exports the key into that
 * provider's key management; once the operation is initialised,
 * EVP_PKEY_CTX_get0_provider must name the provider asked for. Before
 * that, the provider must offer both the key type's key management and
 * the operation (each fetched with the run's query): otherwise the stanza
 * is "not offered", never passed. That includes the stanzas checking
 * that libcrypto refuses an operation no provider has (Sign with an
 * X25519 key): those only the default provider's check run takes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>

#include "evp_runner.h"

/* ------------------------------------------------------------ the keys */

/* A key the files defined: a NULL key is one that could not be read
 * (the definition failed the run; stanzas using it are not run). */
typedef struct rn_key {
  char *name;
  EVP_PKEY *key;
  int pub; /* on evp_test's public list (PublicKey, PublicKeyRaw) */
} rn_key;

static rn_key *keys;
static size_t nkeys;

/* 1 if a key of that name is on the public (pub) or private list, *k
 * set to it. */
static int key_in(const char *name, int pub, EVP_PKEY **k) {
  for (size_t i = 0; i < nkeys; i++)
    if (keys[i].pub == pub && strcmp(keys[i].name, name) == 0) {
      *k = keys[i].key;
      return 1;
    }
  return 0;
}

/* evp_test's look-up: the public list first for an operation a public
 * key can do (Verify, VerifyRecover, DigestVerify), then the private. */
static int key_lookup(const char *name, int pub_first, EVP_PKEY **k) {
  return (pub_first && key_in(name, 1, k)) || key_in(name, 0, k);
}

/* Adds a key (NULL: unreadable) to a list; 0 if the name is taken. */
static int key_add(const char *name, EVP_PKEY *k, int pub) {
  EVP_PKEY *old;
  if (key_in(name, pub, &old)) return 0;
  rn_key *a = realloc(keys, (nkeys + 1) * sizeof *a);
  if (!a) return 0;
  keys = a;
  keys[nkeys++] = (rn_key){strdup(name), k, pub};
  return 1;
}

void rn_keys_free(void) {
  for (size_t i = 0; i < nkeys; i++) free(keys[i].name), EVP_PKEY_free(keys[i].key);
  free(keys);
  keys = NULL;
  nkeys = 0;
}

int rn_key_def(const char *type) {
  return strcmp(type, "PrivateKey") == 0 || strcmp(type, "PublicKey") == 0 || strcmp(type, "PrivateKeyRaw") == 0 ||
         strcmp(type, "PublicKeyRaw") == 0;
}

int rn_key_define(OSSL_LIB_CTX *lib, const rn_stanza *s, size_t b, char *why, size_t n, const char **holder) {
  const rn_pair *p = &s->pair[b];
  int pub = strncmp(p->key, "Public", 6) == 0;
  EVP_PKEY *k = NULL;
  char name[256];
  snprintf(name, sizeof name, "%s", p->value);
  if (strcmp(p->key, "PrivateKey") == 0 || strcmp(p->key, "PublicKey") == 0) {
    BIO *bio = s->pem ? BIO_new_mem_buf(s->pem, -1) : NULL;
    if (bio)
      k = pub ? PEM_read_bio_PUBKEY_ex(bio, NULL, NULL, NULL, lib, NULL)
              : PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, lib, NULL);
    BIO_free(bio);
  } else {
    /* NAME:ALGORITHM:hex */
    char *alg = strchr(name, ':'), *hex = alg ? strchr(alg + 1, ':') : NULL;
    unsigned char *raw = NULL;
    size_t len = 0;
    if (!hex) {
      snprintf(why, n, "line %d: %s is not NAME:ALGORITHM:HEX", p->line, p->key);
      return 0;
    }
    *alg++ = 0, *hex++ = 0;
    if (OBJ_txt2nid(alg) == NID_undef || !rn_bin(hex, &raw, &len)) {
      snprintf(why, n, "line %d: %s: unknown algorithm or bad hex", p->line, p->key);
      free(raw);
      return 0;
    }
    k = pub ? EVP_PKEY_new_raw_public_key_ex(lib, alg, NULL, raw, len)
            : EVP_PKEY_new_raw_private_key_ex(lib, alg, NULL, raw, len);
    free(raw);
  }
  if (!key_add(name, k, pub)) {
    snprintf(why, n, "line %d: %s: key %s defined twice", p->line, p->key, name);
    EVP_PKEY_free(k);
    return 0;
  }
  if (!k) {
    char e[160] = "";
    ERR_error_string_n(ERR_peek_error(), e, sizeof e);
    snprintf(why, n, "line %d: %s %s: the default provider cannot read it (%s)", p->line, p->key, name, e);
    return 0;
  }
  const OSSL_PROVIDER *pv = EVP_PKEY_get0_provider(k);
  *holder = pv ? OSSL_PROVIDER_get0_name(pv) : "(none: a legacy key)";
  return 1;
}

/* --------------------------------------------------- shared steps */

enum { OP_SIG, OP_EXCH, OP_CIPH };

/* 1 if an operation of that kind and name can be fetched with propq. */
static int op_fetchable(OSSL_LIB_CTX *lib, int op, const char *name, const char *propq) {
  int found;
  if (op == OP_SIG) {
    EVP_SIGNATURE *f = EVP_SIGNATURE_fetch(lib, name, propq);
    found = f != NULL;
    EVP_SIGNATURE_free(f);
  } else if (op == OP_EXCH) {
    EVP_KEYEXCH *f = EVP_KEYEXCH_fetch(lib, name, propq);
    found = f != NULL;
    EVP_KEYEXCH_free(f);
  } else {
    EVP_ASYM_CIPHER *f = EVP_ASYM_CIPHER_fetch(lib, name, propq);
    found = f != NULL;
    EVP_ASYM_CIPHER_free(f);
  }
  return found;
}

/* 1 if the key management of that type can be fetched with propq. */
static int keymgmt_fetchable(OSSL_LIB_CTX *lib, const char *type, const char *propq) {
  EVP_KEYMGMT *km = type ? EVP_KEYMGMT_fetch(lib, type, propq) : NULL;
  int found = km != NULL;
  EVP_KEYMGMT_free(km);
  return found;
}

/* 1 if the run is the default provider's (its check run, or the runner
 * run with --props provider=default). */
static int default_run(const rn_run *r) { return r->want && strcmp(r->want, "default") == 0; }

/* Whether the provider the run asks for can do operation `op` with key
 * k: its key management for the key's type and the operation, both
 * fetched with the run's query. The operation's name is the one 3.0's
 * key managements give for their type (an RSA-PSS key signs with "RSA";
 * the others with their own name). An operation no provider has is run
 * by the default provider's run only (the stanza checks libcrypto's
 * refusal); for the provider under test it is not offered. Returns
 * RN_RAN or RN_NOT_OFFERED; the fetches leave no error behind. */
static int offered(rn_run *r, EVP_PKEY *k, int op) {
  const char *type = EVP_PKEY_get0_type_name(k);
  if (!type) return RN_NOT_OFFERED;
  const char *opname = strcmp(type, "RSA-PSS") == 0 ? "RSA" : type;
  ERR_set_mark();
  int km = keymgmt_fetchable(r->lib, type, r->propq), here = op_fetchable(r->lib, op, opname, r->propq),
      anywhere = here || op_fetchable(r->lib, op, opname, NULL);
  ERR_pop_to_mark();
  return km && (here || (!anywhere && default_run(r))) ? RN_RAN : RN_NOT_OFFERED;
}

/* A Ctrl line as evp_test applies it: "name:value" through
 * EVP_PKEY_CTX_ctrl_str; -2 (no such control) is PKEY_CTRL_INVALID, any
 * other failure PKEY_CTRL_ERROR, and the stanza goes on either way (a
 * later step's error replaces it, as in evp_test). 0 for a line without
 * ':', which evp_test cannot parse. */
static int ctrl(rn_run *r, EVP_PKEY_CTX *c, const char *v) {
  char *name = strdup(v), *val = name ? strchr(name, ':') : NULL;
  if (!val) {
    free(name);
    return 0;
  }
  *val++ = 0;
  int rv = EVP_PKEY_CTX_ctrl_str(c, name, val);
  if (rv == -2) r->err = "PKEY_CTRL_INVALID";
  else if (rv <= 0) r->err = "PKEY_CTRL_ERROR";
  free(name);
  return 1;
}

/* Finds the stanza's key: RN_RAN with *k set; RN_BAD for a name no
 * stanza defined; RN_SKIP for a key that could not be read (already a
 * failure of its definition). */
static int stanza_key(rn_run *r, const char *name, int pub_first, EVP_PKEY **k) {
  if (!key_lookup(name, pub_first, k)) {
    snprintf(r->why, sizeof r->why, "no key named %s", name);
    return RN_BAD;
  }
  if (!*k) {
    snprintf(r->why, sizeof r->why, "key %s could not be read", name);
    return RN_SKIP;
  }
  return RN_RAN;
}

/* ----------------------------- Sign, Verify, VerifyRecover, Decrypt, Derive */

typedef int keyop_fn(EVP_PKEY_CTX *c, unsigned char *out, size_t *outl, const unsigned char *in, size_t inl);

/* One Sign, VerifyRecover or Decrypt on c as evp_test runs it: the
 * length (KEYOP_LENGTH_ERROR), the operation into a buffer of that
 * length (KEYOP_ERROR), the bytes (KEYOP_MISMATCH). 1 if all passed. */
static int keyop(rn_run *r, EVP_PKEY_CTX *c, keyop_fn *f, const unsigned char *in, size_t inl,
                 const unsigned char *out, size_t outl) {
  size_t gl = 0;
  unsigned char *got = NULL;
  int ok = 0;
  if (f(c, NULL, &gl, in, inl) <= 0 || !(got = malloc(gl + 1))) r->err = "KEYOP_LENGTH_ERROR";
  else if (f(c, got, &gl, in, inl) <= 0) r->err = "KEYOP_ERROR";
  else ok = rn_same(r, "KEYOP_MISMATCH", out, outl, got, gl);
  free(got);
  return ok;
}

/* A Derive on a duplicate of c, as evp_test: the length, which must not
 * be 0, then the secret (DERIVE_ERROR), compared (SHARED_SECRET_MISMATCH). */
static void derive(rn_run *r, EVP_PKEY_CTX *c, const unsigned char *out, size_t outl) {
  EVP_PKEY_CTX *d = EVP_PKEY_CTX_dup(c);
  size_t gl = 0;
  unsigned char *got = NULL;
  r->err = "DERIVE_ERROR";
  if (d && rn_from_wanted(r, EVP_PKEY_CTX_get0_provider(d)) && EVP_PKEY_derive(d, NULL, &gl) > 0 && gl &&
      (got = malloc(gl)) && EVP_PKEY_derive(d, got, &gl) > 0 &&
      rn_same(r, "SHARED_SECRET_MISMATCH", out, outl, got, gl))
    r->err = NULL;
  free(got);
  EVP_PKEY_CTX_free(d);
}

int rn_pkey(rn_run *r) {
  const rn_stanza *s = r->s;
  const char *type = s->pair[r->body].key;
  int sign = strcmp(type, "Sign") == 0, verify = strcmp(type, "Verify") == 0,
      recover = strcmp(type, "VerifyRecover") == 0, decrypt = strcmp(type, "Decrypt") == 0,
      der = strcmp(type, "Derive") == 0;
  EVP_PKEY *k = NULL;
  int rc = stanza_key(r, s->pair[r->body].value, verify || recover, &k);
  if (rc == RN_RAN) rc = offered(r, k, der ? OP_EXCH : decrypt ? OP_CIPH : OP_SIG);
  if (rc != RN_RAN) return rc;
  unsigned char *in = NULL, *out = NULL;
  size_t inl = 0, outl = 0;
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(r->lib, k, r->propq), *cp = NULL;
  r->err = "TEST_FAILURE";
  if (!c) goto done;
  int init = sign      ? EVP_PKEY_sign_init(c)
             : verify  ? EVP_PKEY_verify_init(c)
             : recover ? EVP_PKEY_verify_recover_init(c)
             : decrypt ? EVP_PKEY_decrypt_init(c)
                       : EVP_PKEY_derive_init(c);
  r->err = init <= 0 ? "KEYOP_INIT_ERROR" : NULL;
  if (init > 0 && !rn_from_wanted(r, EVP_PKEY_CTX_get0_provider(c))) goto done;
  for (size_t i = r->body + 1; i < s->n && rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    const char *kw = p->key;
    if (rn_common_key(kw)) continue;
    if (strcmp(kw, "Input") == 0) {
      if (!rn_bin(p->value, &in, &inl)) rc = rn_bad(r, p, "bad value");
    } else if (strcmp(kw, der ? "SharedSecret" : "Output") == 0) {
      if (!rn_bin(p->value, &out, &outl)) rc = rn_bad(r, p, "bad value");
    } else if (strcmp(kw, "Ctrl") == 0) {
      if (!ctrl(r, c, p->value)) rc = rn_bad(r, p, "a control without ':'");
    } else if (der && (strcmp(kw, "PeerKey") == 0 || strcmp(kw, "PeerKeyValidate") == 0)) {
      /* the peer from the public list only; set, it clears an earlier
       * error (evp_test's order of things) */
      EVP_PKEY *peer = NULL;
      if (!key_in(p->value, 1, &peer)) rc = rn_bad(r, p, "no public key of that name");
      else if (!peer) rc = (snprintf(r->why, sizeof r->why, "key %s could not be read", p->value), RN_SKIP);
      else r->err = EVP_PKEY_derive_set_peer_ex(c, peer, kw[7] == 'V') > 0 ? NULL : "DERIVE_SET_PEER_ERROR";
    } else if (der && (strncmp(kw, "KDF", 3) == 0 || strcmp(kw, "CEKAlg") == 0)) {
      /* X9.42 / X9.63 KDF settings (the DH and ECDH files): none here */
      snprintf(r->why, sizeof r->why, "line %d: %s: KDF settings of a Derive are not implemented by this runner",
               p->line, kw);
      rc = RN_SKIP;
    } else {
      rc = rn_bad(r, p, "unknown keyword");
    }
  }
  if (rc != RN_RAN || r->err) goto done; /* an error before the run: evp_test does not run it */
  if (verify) {
    if (EVP_PKEY_verify(c, out, outl, in, inl) <= 0) r->err = "VERIFY_ERROR";
  } else if (der) {
    derive(r, c, out, outl);
  } else {
    keyop_fn *f = sign ? EVP_PKEY_sign : recover ? EVP_PKEY_verify_recover : EVP_PKEY_decrypt;
    /* once, then again on a duplicate of the context */
    if (keyop(r, c, f, in, inl, out, outl)) {
      if (!(cp = EVP_PKEY_CTX_dup(c))) r->err = "INTERNAL_ERROR";
      else if (rn_from_wanted(r, EVP_PKEY_CTX_get0_provider(cp))) keyop(r, cp, f, in, inl, out, outl);
    }
  }
done:
  EVP_PKEY_CTX_free(cp);
  EVP_PKEY_CTX_free(c);
  free(in);
  free(out);
  return rc;
}

/* ------------------------------------------------------ PrivPubKeyPair */

/* k's copy in the run's provider: its numbers (EVP_PKEY_todata, the
 * parts `sel` selects) imported there with EVP_PKEY_fromdata, so that
 * the comparison is that provider's key management's; NULL on failure. */
static EVP_PKEY *import_copy(rn_run *r, EVP_PKEY *k, int sel) {
  OSSL_PARAM *ps = NULL;
  EVP_PKEY *out = NULL;
  EVP_PKEY_CTX *c = NULL;
  if (EVP_PKEY_todata(k, sel, &ps) > 0 &&
      (c = EVP_PKEY_CTX_new_from_name(r->lib, EVP_PKEY_get0_type_name(k), r->propq)) &&
      EVP_PKEY_fromdata_init(c) > 0 && EVP_PKEY_fromdata(c, &out, sel, ps) <= 0)
    out = NULL;
  OSSL_PARAM_free(ps);
  EVP_PKEY_CTX_free(c);
  return out;
}

/* evp_test compares a private key with a public key by EVP_PKEY_eq
 * (KEYPAIR_MISMATCH and the like). The keys as read live in the key
 * management the decoders chose, so both are first imported into the
 * run's provider (an import it refuses is this runner's
 * KEY_IMPORT_ERROR) and compared there. */
int rn_keypair(rn_run *r) {
  const rn_pair *p = &r->s->pair[r->body];
  char priv[256], *pub;
  snprintf(priv, sizeof priv, "%s", p->value);
  if (!(pub = strchr(priv, ':'))) return rn_bad(r, p, "not PRIVATE:PUBLIC");
  *pub++ = 0;
  EVP_PKEY *a = NULL, *b = NULL, *ca = NULL, *cb = NULL;
  if (!key_in(priv, 0, &a) || !key_in(pub, 1, &b)) return rn_bad(r, p, "no such key");
  for (size_t i = r->body + 1; i < r->s->n; i++)
    if (!rn_common_key(r->s->pair[i].key)) return rn_bad(r, &r->s->pair[i], "unknown keyword");
  if (!a && !b) {
    snprintf(r->why, sizeof r->why, "neither key could be read");
    return RN_SKIP;
  }
  if (!a || !b) {
    r->err = "KEYPAIR_TYPE_MISMATCH"; /* evp_test: one read, the other not */
    return RN_RAN;
  }
  ERR_set_mark();
  int offer = keymgmt_fetchable(r->lib, EVP_PKEY_get0_type_name(a), r->propq) &&
              keymgmt_fetchable(r->lib, EVP_PKEY_get0_type_name(b), r->propq);
  ERR_pop_to_mark();
  if (!offer) return RN_NOT_OFFERED;
  r->err = "KEY_IMPORT_ERROR";
  if ((ca = import_copy(r, a, EVP_PKEY_KEYPAIR)) && (cb = import_copy(r, b, EVP_PKEY_PUBLIC_KEY)) &&
      rn_from_wanted(r, EVP_PKEY_get0_provider(ca)) && rn_from_wanted(r, EVP_PKEY_get0_provider(cb))) {
    int eq = EVP_PKEY_eq(ca, cb);
    r->err = eq == 1    ? NULL
             : eq == 0  ? "KEYPAIR_MISMATCH"
             : eq == -1 ? "KEYPAIR_TYPE_MISMATCH"
             : eq == -2 ? "UNSUPPORTED_KEY_COMPARISON"
                        : "TEST_FAILURE";
  }
  EVP_PKEY_free(ca);
  EVP_PKEY_free(cb);
  return RN_RAN;
}

/* -------------------------------------------------------------- KeyGen */

/* A KeyGen context for the stanza with the run's query, its Ctrl lines
 * applied (evp_test's steps: KEYGEN_INIT_ERROR, then the controls'
 * errors); NULL (*rc RN_NOT_OFFERED) if the algorithm has no key
 * management under that query. */
static EVP_PKEY_CTX *keygen_ctx(rn_run *r, int *rc) {
  const rn_stanza *s = r->s;
  const char *alg = s->pair[r->body].value;
  ERR_set_mark();
  EVP_PKEY_CTX *c = keymgmt_fetchable(r->lib, alg, r->propq) ? EVP_PKEY_CTX_new_from_name(r->lib, alg, r->propq) : NULL;
  ERR_pop_to_mark();
  if (!c) {
    *rc = RN_NOT_OFFERED;
    return NULL;
  }
  r->err = NULL;
  if (EVP_PKEY_keygen_init(c) <= 0) r->err = "KEYGEN_INIT_ERROR";
  else if (!rn_from_wanted(r, EVP_PKEY_CTX_get0_provider(c))) return c;
  for (size_t i = r->body + 1; i < s->n && *rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    if (rn_common_key(p->key) || strcmp(p->key, "KeyName") == 0) continue;
    if (strcmp(p->key, "Ctrl") != 0) *rc = rn_bad(r, p, "unknown keyword");
    else if (!ctrl(r, c, p->value)) *rc = rn_bad(r, p, "a control without ':'");
  }
  return c;
}

int rn_keygen(rn_run *r) {
  const char *alg = r->s->pair[r->body].value;
  if (OBJ_sn2nid(alg) == NID_undef && OBJ_ln2nid(alg) == NID_undef)
    return rn_bad(r, &r->s->pair[r->body], "unknown algorithm");
  int rc = RN_RAN;
  EVP_PKEY *k = NULL;
  EVP_PKEY_CTX *c = keygen_ctx(r, &rc);
  if (rc == RN_RAN && !r->err) {
    if (EVP_PKEY_keygen(c, &k) <= 0) r->err = "KEYGEN_GENERATE_ERROR";
    else rn_from_wanted(r, EVP_PKEY_get0_provider(k));
  }
  EVP_PKEY_free(k);
  EVP_PKEY_CTX_free(c);
  return rc;
}

int rn_keygen_store(OSSL_LIB_CTX *lib, const rn_stanza *s, size_t b, char *why, size_t n) {
  const char *name = NULL;
  for (size_t i = b + 1; i < s->n; i++)
    if (strcmp(s->pair[i].key, "KeyName") == 0) name = s->pair[i].value;
  if (!name) return 1;
  /* made as evp_test makes it: no property query */
  rn_run r = {.lib = lib, .s = s, .body = b};
  int rc = RN_RAN;
  EVP_PKEY *k = NULL;
  EVP_PKEY_CTX *c = keygen_ctx(&r, &rc);
  if (rc == RN_RAN && !r.err && EVP_PKEY_keygen(c, &k) <= 0) r.err = "KEYGEN_GENERATE_ERROR";
  EVP_PKEY_CTX_free(c);
  if (!key_add(name, k, 0)) {
    snprintf(why, n, "line %d: key %s defined twice", s->pair[b].line, name);
    EVP_PKEY_free(k);
    return 0;
  }
  if (!k) snprintf(why, n, "line %d: KeyGen %s: no key (%s)", s->pair[b].line, name, rc == RN_RAN ? r.err : r.why);
  return k != NULL;
}

/* --------------------------------------- DigestSign and DigestVerify */

enum { MAX_BUFS = 16 };

/* One Input of a streamed DigestSign/DigestVerify: its bytes and how
 * many times they are fed (Count). */
typedef struct rn_buf {
  unsigned char *b;
  size_t len, count;
  int count_set;
} rn_buf;

/* The streamed sign or verify after init, as evp_test: every Input
 * Count times (DIGESTUPDATE_ERROR), then the final. A sign's final is
 * asked its length first (DIGESTSIGNFINAL_LENGTH_ERROR) and given a
 * buffer of twice that (evp_test's), then compared. */
static void digest_stream(rn_run *r, EVP_MD_CTX *m, int verify, const rn_buf *in, size_t nin,
                          const unsigned char *out, size_t outl) {
  for (size_t i = 0; i < nin; i++)
    for (size_t k = 0; k < in[i].count; k++)
      if ((verify ? EVP_DigestVerifyUpdate(m, in[i].b, in[i].len) : EVP_DigestSignUpdate(m, in[i].b, in[i].len)) <= 0) {
        r->err = "DIGESTUPDATE_ERROR";
        return;
      }
  if (verify) {
    r->err = EVP_DigestVerifyFinal(m, out, outl) <= 0 ? "VERIFY_ERROR" : NULL;
    return;
  }
  size_t gl = 0;
  unsigned char *got = NULL;
  if (!EVP_DigestSignFinal(m, NULL, &gl) || !(got = malloc(2 * gl + 1))) {
    r->err = "DIGESTSIGNFINAL_LENGTH_ERROR";
  } else {
    gl *= 2;
    r->err = "DIGESTSIGNFINAL_ERROR";
    if (EVP_DigestSignFinal(m, got, &gl) && rn_same(r, "SIGNATURE_MISMATCH", out, outl, got, gl)) r->err = NULL;
  }
  free(got);
}

/* The one-shot EVP_DigestSign / EVP_DigestVerify after init, as
 * evp_test (DIGESTSIGN_LENGTH_ERROR, DIGESTSIGN_ERROR,
 * SIGNATURE_MISMATCH; VERIFY_ERROR). */
static void digest_oneshot(rn_run *r, EVP_MD_CTX *m, int verify, const rn_buf *in, const unsigned char *out,
                           size_t outl) {
  if (verify) {
    r->err = EVP_DigestVerify(m, out, outl, in->b, in->len) <= 0 ? "VERIFY_ERROR" : NULL;
    return;
  }
  size_t gl = 0;
  unsigned char *got = NULL;
  if (!EVP_DigestSign(m, NULL, &gl, in->b, in->len) || !(got = malloc(2 * gl + 1))) {
    r->err = "DIGESTSIGN_LENGTH_ERROR";
  } else {
    gl *= 2;
    r->err = "DIGESTSIGN_ERROR";
    if (EVP_DigestSign(m, got, &gl, in->b, in->len) && rn_same(r, "SIGNATURE_MISMATCH", out, outl, got, gl))
      r->err = NULL;
  }
  free(got);
}

int rn_digestsign(rn_run *r) {
  const rn_stanza *s = r->s;
  const char *type = s->pair[r->body].key, *alg = s->pair[r->body].value, *mdname = NULL;
  int verify = strstr(type, "Verify") != NULL, oneshot = strncmp(type, "OneShot", 7) == 0;
  if (strcmp(alg, "NULL") != 0) {
    const EVP_MD *md = EVP_get_digestbyname(alg);
    if (!md) return rn_bad(r, &s->pair[r->body], "unknown digest");
    mdname = EVP_MD_get0_name(md);
  }
  /* the key first: whether the provider can sign with it at all */
  const rn_pair *kp = NULL;
  for (size_t i = r->body + 1; i < s->n && !kp; i++)
    if (strcmp(s->pair[i].key, "Key") == 0) kp = &s->pair[i];
  if (!kp) return rn_bad(r, &s->pair[r->body], "no Key line");
  EVP_PKEY *k = NULL;
  int rc = stanza_key(r, kp->value, verify, &k);
  if (rc == RN_RAN) rc = offered(r, k, OP_SIG);
  if (rc != RN_RAN) return rc;
  rn_buf in[MAX_BUFS] = {{0}};
  size_t nin = 0, outl = 0;
  unsigned char *out = NULL;
  EVP_MD_CTX *m = EVP_MD_CTX_new();
  EVP_PKEY_CTX *pc = NULL;
  r->err = NULL;
  for (size_t i = r->body + 1; i < s->n && rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    const char *kw = p->key;
    rn_buf *last = nin ? &in[nin - 1] : NULL;
    if (rn_common_key(kw)) continue;
    if (strcmp(kw, "Key") == 0) {
      int ok = m && (verify ? EVP_DigestVerifyInit_ex(m, &pc, mdname, r->lib, r->propq, k, NULL)
                            : EVP_DigestSignInit_ex(m, &pc, mdname, r->lib, r->propq, k, NULL));
      if (!ok) r->err = verify ? "DIGESTVERIFYINIT_ERROR" : "DIGESTSIGNINIT_ERROR";
      else if (!rn_from_wanted(r, EVP_PKEY_CTX_get0_provider(pc))) goto done;
    } else if (strcmp(kw, "Input") == 0) {
      if (oneshot) nin = 1, last = &in[0];
      else if (nin < MAX_BUFS) last = &in[nin++], last->count = 1;
      else last = NULL;
      if (!last || !rn_bin(p->value, &last->b, &last->len)) rc = rn_bad(r, p, "bad input");
    } else if (strcmp(kw, "Output") == 0) {
      if (!rn_bin(p->value, &out, &outl)) rc = rn_bad(r, p, "bad value");
    } else if (!oneshot && strcmp(kw, "Count") == 0) {
      int n = atoi(p->value);
      if (n <= 0 || !last || last->count_set) rc = rn_bad(r, p, "bad count");
      else last->count = (size_t)n, last->count_set = 1;
    } else if (!oneshot && strcmp(kw, "Ncopy") == 0) {
      int n = atoi(p->value);
      unsigned char *b = last && n > 0 ? malloc(last->len * (size_t)n + 1) : NULL;
      if (!b) {
        rc = rn_bad(r, p, "bad copy count");
      } else {
        for (int j = 0; j < n; j++) memcpy(b + last->len * (size_t)j, last->b, last->len);
        free(last->b);
        last->b = b, last->len *= (size_t)n;
      }
    } else if (strcmp(kw, "Ctrl") == 0) {
      /* on the init's EVP_PKEY_CTX; after a failed init there may be
       * none, and the stanza has already failed */
      if (pc ? !ctrl(r, pc, p->value) : !r->err) rc = rn_bad(r, p, "a control before the Key line, or without ':'");
    } else {
      rc = rn_bad(r, p, "unknown keyword");
    }
  }
  if (rc == RN_RAN && !r->err) {
    if (!pc) rc = rn_bad(r, kp, "no context");
    else if (oneshot) digest_oneshot(r, m, verify, &in[0], out, outl);
    else digest_stream(r, m, verify, in, nin, out, outl);
  }
done:
  for (size_t i = 0; i < nin; i++) free(in[i].b);
  free(out);
  EVP_MD_CTX_free(m);
  return rc;
}

/* --------------------------------------------------------------- labels */

void rn_pkey_label(const rn_stanza *s, size_t b, char *out, size_t n) {
  const char *type = s->pair[b].key, *v = s->pair[b].value, *digest = NULL, *kt = "?";
  char name[256];
  int pub_first = strstr(type, "Verify") != NULL;
  snprintf(name, sizeof name, "%s", v);
  if (strstr(type, "DigestSign") || strstr(type, "DigestVerify")) {
    name[0] = 0;
    for (size_t i = b + 1; i < s->n; i++)
      if (strcmp(s->pair[i].key, "Key") == 0) snprintf(name, sizeof name, "%s", s->pair[i].value);
    if (strcmp(v, "NULL") != 0) digest = v;
  } else if (strcmp(type, "PrivPubKeyPair") == 0) {
    name[strcspn(name, ":")] = 0;
  }
  for (size_t i = b + 1; i < s->n; i++)
    if (strcmp(s->pair[i].key, "Ctrl") == 0 && strncmp(s->pair[i].value, "digest:", 7) == 0)
      digest = s->pair[i].value + 7;
  EVP_PKEY *k = NULL;
  if (strcmp(type, "KeyGen") == 0) kt = v;
  else if (key_lookup(name, pub_first, &k) && k && EVP_PKEY_get0_type_name(k)) kt = EVP_PKEY_get0_type_name(k);
  snprintf(out, n, digest ? "%s %s(%s)" : "%s %s", type, kt, digest);
  for (char *p = strchr(out, ' '); p && *p; p++)
    if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
}
