/* SPDX-License-Identifier: ISC */
#include "hwcp_cipher.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

int hwcp_cipher_get_params(OSSL_PARAM params[], unsigned mode, size_t keylen, size_t ivlen, int aead,
                           int custom_iv) {
  return hwcp_param_uint(params, OSSL_CIPHER_PARAM_MODE, mode) &&
         hwcp_param_size(params, OSSL_CIPHER_PARAM_KEYLEN, keylen) &&
         hwcp_param_size(params, OSSL_CIPHER_PARAM_IVLEN, ivlen) &&
         hwcp_param_size(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, 1) &&
         hwcp_param_int(params, OSSL_CIPHER_PARAM_AEAD, aead) &&
         hwcp_param_int(params, OSSL_CIPHER_PARAM_CUSTOM_IV, custom_iv) &&
         hwcp_param_int(params, OSSL_CIPHER_PARAM_CTS, 0) &&
         hwcp_param_int(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
         hwcp_param_int(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0);
}

int hwcp_cipher_fixed_size(const hwcp_prov *p, const char *alg, const OSSL_PARAM *q, size_t want) {
  size_t n;
  if (!OSSL_PARAM_get_size_t(q, &n)) {
    hwcp_raise(p, HWCP_R_BAD_ARG, "%s: %s is not a size", alg, q->key);
    return 0;
  }
  if (n != want) {
    hwcp_raise(p, HWCP_R_BAD_LENGTH, "%s %s %zu, expected %zu", alg, q->key, n, want);
    return 0;
  }
  return 1;
}

static const OSSL_PARAM cipher_param_types[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),         OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),          OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),           OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL), OSSL_PARAM_END};

const OSSL_PARAM *hwcp_cipher_gettable_params(void *provctx) {
  (void)provctx;
  return cipher_param_types;
}
