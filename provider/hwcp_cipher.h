/* SPDX-License-Identifier: ISC */
/*
 * What the cipher families share: the algorithm-level parameters
 * (OSSL_FUNC_CIPHER_GET_PARAMS / GETTABLE_PARAMS). OpenSSL's default
 * provider answers the same nine for every cipher, from one table, so
 * AES-GCM, AES-CTR, ChaCha20 and ChaCha20-Poly1305 differ only in the
 * values. And the check of a length a cipher cannot change.
 */
#ifndef HWCRYPTO_PROVIDER_HWCP_CIPHER_H
#define HWCRYPTO_PROVIDER_HWCP_CIPHER_H

#include "hwcp.h"

/* Sets whichever of the nine a caller asked for: mode (EVP_CIPH_*_MODE,
 * 0 for ChaCha20), keylen, ivlen, aead, custom-iv; all ours are streams
 * (block size 1) and none has CTS, TLS multi-block or a random key. 0 if
 * a parameter of the wrong type was asked for. */
int hwcp_cipher_get_params(OSSL_PARAM params[], unsigned mode, size_t keylen, size_t ivlen, int aead,
                           int custom_iv);
/* The list of those nine, in the default provider's order. */
const OSSL_PARAM *hwcp_cipher_gettable_params(void *provctx);

/* A settable size_t parameter (keylen, ivlen) of a cipher that has one
 * length only: 1 if q holds `want`; else 0 with an error naming alg. */
int hwcp_cipher_fixed_size(const hwcp_prov *p, const char *alg, const OSSL_PARAM *q, size_t want);

#endif
