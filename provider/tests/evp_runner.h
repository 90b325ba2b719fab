/* SPDX-License-Identifier: ISC */
/*
 * hwcp-evp-runner: OpenSSL's own data-driven EVP test files
 * (the .txt files of test/recipes/30-test_evp_data, vendored in data/) run
 * through EVP against one provider chosen by a property query.
 *
 * The file format is OpenSSL's evp_test's: stanzas of "Key = Value"
 * lines separated by blank lines, '#' comments, "Title" lines that only
 * label what follows. The first key names the stanza's type (Digest,
 * Cipher, MAC, KDF, PrivateKey, Sign, ...); Availablein and FIPSversion
 * may come before it; Result names the error the stanza expects (an
 * evp_test step name such as CIPHERFINAL_ERROR), Reason the OpenSSL
 * reason string. The steps and their error names follow evp_test's so a
 * Result line means here what it means there; the code is this project's.
 *
 * evp_runner.c reads the files, counts and reports; evp_runner_algs.c runs
 * the Digest, Cipher, MAC and KDF stanzas; evp_runner_pkey.c keeps the keys
 * the files define and runs the stanzas that use them.
 */
#ifndef HWCRYPTO_PROVIDER_EVP_RUNNER_H
#define HWCRYPTO_PROVIDER_EVP_RUNNER_H

#include <stddef.h>

#include <openssl/crypto.h>
#include <openssl/provider.h>

/* One "Key = Value" line (both trimmed) and its line number. */
typedef struct rn_pair {
  char *key, *value;
  int line;
} rn_pair;

/* One stanza: its lines in order, Title lines and comments left out; pem
 * holds the PEM block that follows a PrivateKey/PublicKey line. */
typedef struct rn_stanza {
  rn_pair *pair;
  size_t n, cap;
  int start; /* line of the first pair */
  char *pem;
} rn_stanza;

/* One run of one stanza through one provider. */
typedef struct rn_run {
  OSSL_LIB_CTX *lib;
  const char *propq;  /* the property query every fetch uses */
  const char *want;   /* the provider the fetched object must come from; NULL: any */
  const rn_stanza *s;
  size_t body;        /* index of the type line (after Availablein/FIPSversion) */
  const char *expect; /* Result: the error name the stanza expects; NULL: success */
  const char *err;    /* the error name of the first step that failed; NULL: none */
  char why[256];      /* a skip's reason, a malformed stanza's fault, or the variant that failed */
} rn_run;

/* What a stanza runner reports. */
enum {
  RN_RAN,         /* ran: r->err is the outcome, compared with r->expect by the caller */
  RN_NOT_OFFERED, /* the provider has no such algorithm (the fetch with r->propq failed) */
  RN_SKIP,        /* not run, r->why says why */
  RN_BAD          /* the stanza cannot be understood: r->why says where */
};

int rn_digest(rn_run *r);
int rn_cipher(rn_run *r);
int rn_mac(rn_run *r);
int rn_kdf(rn_run *r);
int rn_pkey(rn_run *r);       /* Sign, Verify, VerifyRecover, Decrypt, Derive */
int rn_digestsign(rn_run *r); /* DigestSign, DigestVerify, OneShotDigestSign, OneShotDigestVerify */
int rn_keypair(rn_run *r);    /* PrivPubKeyPair */
int rn_keygen(rn_run *r);     /* KeyGen */

/* The keys: 1 if a stanza type defines one (PrivateKey, PublicKey,
 * PrivateKeyRaw, PublicKeyRaw). rn_key_define reads the key stanza s
 * defines (type line b) into the runner's key lists, *holder set to the
 * provider whose key management took it; rn_keygen_store generates and
 * keeps a KeyGen stanza's KeyName key. Both work in lib with no property
 * query, as evp_test does; 0 with why on a failure (a key that cannot be
 * read is kept as unreadable: the stanzas using it are not run). */
int rn_key_def(const char *type);
int rn_key_define(OSSL_LIB_CTX *lib, const rn_stanza *s, size_t b, char *why, size_t n, const char **holder);
int rn_keygen_store(OSSL_LIB_CTX *lib, const rn_stanza *s, size_t b, char *why, size_t n);
void rn_keys_free(void);

/* "Verify RSA(SHA1)", "OneShotDigestSign ED25519": a key stanza's type,
 * its key's type and the digest, the unit counts are kept by. */
void rn_pkey_label(const rn_stanza *s, size_t b, char *out, size_t n);

/* Shared by the stanza runners (evp_runner_algs.c). rn_bad: a line the
 * runner cannot use (RN_BAD, r->why says where). rn_bin: a value as
 * evp_test reads bytes (NULL, "", "text", hex); 0 if malformed. rn_same:
 * 1 if got equals want, else r->err = name. rn_from_wanted: 1 if p is
 * the provider the run asks for, else r->err = WRONG_PROVIDER. */
int rn_bad(rn_run *r, const rn_pair *p, const char *what);
int rn_bin(const char *v, unsigned char **buf, size_t *len);
int rn_same(rn_run *r, const char *name, const void *want, size_t wl, const void *got, size_t gl);
int rn_from_wanted(rn_run *r, const OSSL_PROVIDER *p);

/* 1 for the keys the caller handles for every type (Result, Reason, ...),
 * which the type runners pass over. */
int rn_common_key(const char *key);

#endif
