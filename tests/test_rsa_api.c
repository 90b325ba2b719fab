/* SPDX-License-Identifier: ISC */
/* The RSA API's contract around the arithmetic: every too-small output
 * length is reported with the size needed (API.md), and the PSS salt
 * modes (HWC_PSS_SALT_MAX, HWC_PSS_SALT_AUTO) that OpenSSL's defaults need. */
#include <stdlib.h>

#include "check.h"

static hwc_rsa_key *load_key(void) {
  size_t len;
  uint8_t *der = (uint8_t *)t_read_vector_file("rsa/key2048.pkcs8.der", &len);
  CHECK_MSG(der != NULL, "missing tests/vectors/rsa/key2048.pkcs8.der");
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_import(&key, der, len) == HWC_OK);
  free(der);
  return key;
}

HWC_TEST(rsa_api, small_outputs_report_their_size) {
  hwc_rsa_key *key = load_key();
  const size_t k = hwc_rsa_size(key), oaep_max = k - 2 * 32 - 2;
  uint8_t buf[512], ct[512], msg[3] = {1, 2, 3};
  size_t n;

  n = k - 1;
  CHECK(hwc_rsa_sign_pkcs1(buf, &n, msg, 3, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 0;
  CHECK(hwc_rsa_sign_pkcs1(NULL, &n, msg, 3, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 5;
  CHECK(hwc_rsa_sign_pss(buf, &n, msg, 3, HWC_HASH_SHA256, 32, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 0;
  CHECK(hwc_rsa_private_encrypt_pkcs1(buf, &n, msg, 3, key) == HWC_ERR_INVALID_ARG && n == k);
  n = k - 1;
  CHECK(hwc_rsa_encrypt_oaep(ct, &n, msg, 3, NULL, 0, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);

  /* OAEP decryption asks for room for the longest message, before it
   * decrypts anything; with that room it succeeds. */
  n = sizeof ct;
  CHECK(hwc_rsa_encrypt_oaep(ct, &n, msg, 3, NULL, 0, HWC_HASH_SHA256, key) == HWC_OK && n == k);
  n = 3;
  CHECK(hwc_rsa_decrypt_oaep(buf, &n, ct, k, NULL, 0, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == oaep_max);
  n = oaep_max;
  CHECK(hwc_rsa_decrypt_oaep(buf, &n, ct, k, NULL, 0, HWC_HASH_SHA256, key) == HWC_OK && n == 3);
  CHECK(memcmp(buf, msg, 3) == 0);

  /* public_decrypt reports the data length it found. */
  n = sizeof buf;
  CHECK(hwc_rsa_private_encrypt_pkcs1(ct, &n, msg, 3, key) == HWC_OK);
  n = 2;
  CHECK(hwc_rsa_public_decrypt_pkcs1(buf, &n, ct, k, key) == HWC_ERR_INVALID_ARG && n == 3);
  CHECK(hwc_rsa_public_decrypt_pkcs1(buf, &n, ct, k, key) == HWC_OK && n == 3 && memcmp(buf, msg, 3) == 0);
  hwc_rsa_free(key);
}

HWC_TEST(rsa_api, pss_salt_modes) {
  hwc_rsa_key *key = load_key();
  const size_t k = hwc_rsa_size(key);
  const hwc_hash hashes[] = {HWC_HASH_SHA1, HWC_HASH_SHA256, HWC_HASH_SHA384, HWC_HASH_SHA512};
  uint8_t sig[512], msg[100];
  t_rand_bytes(msg, sizeof msg);
  for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
    hwc_hash h = hashes[i];
    size_t hl = hwc_hash_len(h), max = k - hl - 2, n = sizeof sig; /* emLen = k for a 2048-bit n */
    CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_OK && n == k);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, max, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, hl, key) == HWC_ERR_VERIFY);
    const size_t salts[] = {0, 1, hl, max - 1};
    for (size_t s = 0; s < sizeof salts / sizeof salts[0]; s++) {
      n = sizeof sig;
      CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, salts[s], key) == HWC_OK);
      CHECK_MSG(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_OK,
                "hash %d salt %zu: AUTO rejects", (int)h, salts[s]);
      CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_ERR_VERIFY);
      msg[0] ^= 1;
      CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_ERR_VERIFY);
      msg[0] ^= 1;
    }
    n = sizeof sig; /* AUTO names no length to sign with */
    CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_ERR_INVALID_ARG);
  }
  hwc_rsa_free(key);
}
