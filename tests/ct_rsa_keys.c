/* SPDX-License-Identifier: ISC */
/* RSA private keys in and out: hwc_rsa_import of PKCS#1 and PKCS#8, DER
 * and PEM, with the key bytes secret, and hwc_rsa_export of the private
 * key. The DER structure (tags, lengths) is public by nature: the parser
 * releases it as it reads it; the integers' values and the base64 digits
 * that carry them must steer no branch or index. Import also runs the
 * key's consistency checks (d, dP, dQ, qInv against p, q, e) on secrets. */
#include <stdlib.h>

#include "ct.h"

/* Imports `name` with the secret part of its bytes (the whole DER, or the
 * PEM body between the armour lines) marked, exports the private key as
 * DER and PEM, and checks the export equals OpenSSL's PKCS#8 file. */
static void import_export(const char *name, int pem, const uint8_t *want_der, size_t want_der_len,
                          const uint8_t *want_pem, size_t want_pem_len) {
  char path[64];
  size_t len;
  snprintf(path, sizeof path, "rsa/%s", name);
  uint8_t *in = (uint8_t *)t_read_vector_file(path, &len);
  CHECK_MSG(in != NULL, "missing tests/vectors/%s", path);
  size_t from = 0, to = len;
  if (pem) { /* the body: after the BEGIN line, before the END line */
    from = (size_t)((uint8_t *)memchr(in, '\n', len) - in) + 1;
    to = from;
    while (to + 8 <= len && memcmp(in + to, "-----END", 8) != 0) to = (size_t)((uint8_t *)memchr(in + to, '\n', len - to) - in) + 1;
    CHECK(to + 8 <= len);
  }
  ct_secret_keep(in + from, to - from); /* an encoding: its structure must stay */
  hwc_rsa_key *key = NULL;
  int rc = hwc_rsa_import(&key, in, len);
  ct_public(&rc, sizeof rc);
  CHECK_MSG(rc == HWC_OK, "%s: import %d", name, rc);
  uint8_t out[4096];
  size_t n = sizeof out;
  rc = hwc_rsa_export(out, &n, 1, 0, key);
  ct_public(&rc, sizeof rc);
  ct_public(out, n);
  CHECK(rc == HWC_OK && n == want_der_len && memcmp(out, want_der, n) == 0);
  n = sizeof out;
  rc = hwc_rsa_export(out, &n, 1, 1, key);
  ct_public(&rc, sizeof rc);
  ct_public(out, n);
  CHECK(rc == HWC_OK && n == want_pem_len && memcmp(out, want_pem, n) == 0);
  hwc_rsa_free(key);
  free(in);
}

static void keys_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)impl;
  (void)arg;
  size_t der_len, pem_len;
  uint8_t *der = (uint8_t *)t_read_vector_file("rsa/key2048.pkcs8.der", &der_len);
  uint8_t *pem = (uint8_t *)t_read_vector_file("rsa/key2048.pkcs8.pem", &pem_len);
  CHECK(der && pem);
  import_export("key2048.pkcs1.der", 0, der, der_len, pem, pem_len);
  import_export("key2048.pkcs8.der", 0, der, der_len, pem, pem_len);
  import_export("key2048.pkcs1.pem", 1, der, der_len, pem, pem_len);
  import_export("key2048.pkcs8.pem", 1, der, der_len, pem, pem_len);
  free(der);
  free(pem);
}

HWC_TEST(ct, rsa_private_key_import_export) {
  ct_for_each_impl(HWC_PRIM_BIGNUM, "rsa private key import (DER, PEM) and export", keys_body, NULL);
}
