/* SPDX-License-Identifier: ISC */
/*
 * The digests hwcrypto computes, by the default provider's primary names:
 * how the families that take a "digest" parameter (HMAC, HKDF,
 * TLS13-KDF) tell a digest they run natively from one they hand to the
 * default provider and name it back to it, and the name the digests
 * count their uses under (hwcp_used).
 */
#ifndef HWCRYPTO_PROVIDER_HWCP_HASH_H
#define HWCRYPTO_PROVIDER_HWCP_HASH_H

#include <openssl/evp.h>

#include "hwcp.h"

/* 1 and *h if md is one of hwcrypto's digests (by OpenSSL's name
 * resolution, so every alias counts), else 0 (md NULL included). */
int hwcp_native_hash(const EVP_MD *md, hwc_hash *h);
/* The default provider's primary name of a hwcrypto digest ("SHA1",
 * "SHA2-256", "SHA2-384", "SHA2-512"); "" for anything else. */
const char *hwcp_hash_name(hwc_hash h);

#endif
