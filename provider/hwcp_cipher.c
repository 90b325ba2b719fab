/* SPDX-License-Identifier: ISC */
#include "hwcp_cipher.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

int hwcp_cipher_get_params(OSSL_PARAM params[], unsigned mode, size_t keylen, size_t ivlen, int aead,
                           int custom_iv) {
  OSSL_PARAM *q;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) && !OSSL_PARAM_set_uint(q, mode)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(q, keylen)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(q, ivlen)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(q, 1)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) && !OSSL_PARAM_set_int(q, aead)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) && !OSSL_PARAM_set_int(q, custom_iv)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS)) && !OSSL_PARAM_set_int(q, 0)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK)) && !OSSL_PARAM_set_int(q, 0)) return 0;
  if ((q = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) && !OSSL_PARAM_set_int(q, 0)) return 0;
  return 1;
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
