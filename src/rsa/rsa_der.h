/* SPDX-License-Identifier: ISC */
/* RSA key encodings: PKCS#1 RSAPrivateKey / RSAPublicKey (RFC 8017 A.1),
 * PKCS#8 PrivateKeyInfo (RFC 5208) and SubjectPublicKeyInfo (RFC 5280) with
 * rsaEncryption, in DER or PEM. Integers travel as big-endian slices that
 * point into the caller's buffer. Internal. */
#ifndef HWC_RSA_DER_H
#define HWC_RSA_DER_H

#include "der.h"

typedef enum { RSA_DER_PKCS1_PRIVATE, RSA_DER_PKCS1_PUBLIC, RSA_DER_PKCS8, RSA_DER_SPKI } rsa_der_format;

typedef struct {
  der_slice n, e, d, p, q, dp, dq, qinv; /* d..qinv empty for a public key */
  int has_private;
  rsa_der_format format; /* set by hwc_rsa_der_parse */
} rsa_der_key;

/* The PEM label (RFC 7468) of each structure. */
const char *hwc_rsa_der_pem_label(rsa_der_format f);

/* Recognises any of the four DER structures (no trailing data).
 * HWC_OK, HWC_ERR_BAD_ENCODING, or HWC_ERR_UNSUPPORTED for a multi-prime
 * (version 1) RSAPrivateKey. */
int hwc_rsa_der_parse(rsa_der_key *k, const uint8_t *der, size_t len);
/* Writes PKCS#8 (private, needs every private field) or SPKI. *out_len: in,
 * capacity; out, bytes written or, when HWC_ERR_INVALID_ARG says it does
 * not fit, bytes needed. out may be NULL to measure. */
int hwc_rsa_der_write(uint8_t *out, size_t *out_len, int private_key, const rsa_der_key *k);

#endif
