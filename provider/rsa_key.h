/* SPDX-License-Identifier: ISC */
/*
 * The RSA key object the provider's keymgmt makes and its signature and
 * asymmetric cipher use (keymgmt_rsa.c, signature_rsa.c, asym_rsa.c).
 *
 * The key keeps its numbers as OpenSSL BIGNUMs, exactly as imported (the
 * default provider's parameter names and rules), so export, get_params and
 * match answer as the default provider does whatever hwcrypto thinks of
 * the key. Beside them: hwcrypto's key when hwc_rsa_from_parts takes the
 * numbers (two primes, 1024..8192 bits, odd e >= 3, the checks of
 * hwc_rsa_import), and, made on first need, the same numbers as a default
 * provider key: where every operation goes when hwcrypto has no key, and
 * where single requests outside hwcrypto's contract go.
 */
#ifndef HWCRYPTO_PROVIDER_RSA_KEY_H
#define HWCRYPTO_PROVIDER_RSA_KEY_H

#include <pthread.h>

#include <openssl/bn.h>
#include <openssl/evp.h>

#include "hwcp.h"

#define HWCP_RSA_MAX_PRIMES 10 /* OpenSSL's parameter names go to rsa-factor10 */

typedef struct hwcp_rsa {
  hwcp_prov *prov;
  BIGNUM *n, *e, *d;                 /* d NULL: a public key */
  BIGNUM *f[HWCP_RSA_MAX_PRIMES];    /* rsa-factorN */
  BIGNUM *x[HWCP_RSA_MAX_PRIMES];    /* rsa-exponentN */
  BIGNUM *c[HWCP_RSA_MAX_PRIMES - 1]; /* rsa-coefficientN */
  int nprimes;                       /* 0 (no factors) or 2..10 */
  hwc_rsa_key *hk;                   /* NULL: hwcrypto refused the numbers; all delegated */
  /* RSA-PSS keys (RSASSA-PSS): signatures only, PSS only; restricted
   * when their parameters were given (3.0's non-empty RSA_PSS_PARAMS_30):
   * then only that digest and MGF1 digest, a salt of at least saltlen */
  int pss, restricted;
  int pss_md, pss_mgf1, pss_saltlen; /* NIDs of the digests (NID_undef: one RSA cannot sign with) */
  pthread_mutex_t lock;              /* guards the making of dflt */
  EVP_PKEY *dflt;                    /* the default provider's copy, or NULL until needed */
} hwcp_rsa;

/* The default provider's copy of the key (made once, then shared; owned by
 * k), or NULL with an error raised. */
EVP_PKEY *hwcp_rsa_default(hwcp_rsa *k);

/* A default-provider EVP_PKEY_CTX on the key for a delegated operation, or
 * NULL with an error raised. */
EVP_PKEY_CTX *hwcp_rsa_default_ctx(hwcp_rsa *k);

/* The modulus size in bytes (signature and ciphertext length), and bits. */
size_t hwcp_rsa_size(const hwcp_rsa *k);
int hwcp_rsa_bits(const hwcp_rsa *k);

/* The name 3.0 gives a PSS restriction's digest NID ("SHA1", "SHA2-256",
 * ...), or NULL for one outside its list (SHA-1 and SHA-2 only). */
const char *hwcp_pss_md_name(int nid);

/* The hwc_hash an OpenSSL digest is, or -1 if hwcrypto has none (SHA-224,
 * SHA-3, MD5-SHA1, ...). md may be NULL (then -1). */
int hwcp_md_hash(const EVP_MD *md);

#endif
