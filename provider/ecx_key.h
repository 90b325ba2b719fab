/* SPDX-License-Identifier: ISC */
/*
 * The key object of X25519 and Ed25519 (keymgmt_ecx.c), which the X25519
 * exchange and the Ed25519 signature read.
 *
 * Kept as OpenSSL's default provider keeps its ECX keys: the 32-byte
 * public key, and the 32-byte private key when there is one (X25519: the
 * scalar, clamped when this provider generated it, as given when
 * imported; Ed25519: the seed). An operation copies what it needs at init,
 * so the key needs no reference count: EVP frees it only through the
 * keymgmt, and an operation context outlives it safely.
 */
#ifndef HWCRYPTO_PROVIDER_ECX_KEY_H
#define HWCRYPTO_PROVIDER_ECX_KEY_H

#include <stdint.h>

#include "hwcp.h"

enum { HWCP_ECX_X25519 = 1, HWCP_ECX_ED25519 };

typedef struct hwcp_ecx_key {
  hwcp_prov *prov;
  int type;           /* HWCP_ECX_X25519 or HWCP_ECX_ED25519 */
  int has_pub;        /* pub holds a public key (imported, generated or set) */
  int has_priv;       /* priv holds the private key */
  uint8_t pub[32];    /* all zero until set, exported as such (as the default does) */
  uint8_t priv[32];   /* wiped when the key is freed or loses its private half */
} hwcp_ecx_key;

/* The operations over these keys (exchange_x25519.c, signature_ed25519.c),
 * listed with the key management in hwcp_ecx_algs (keymgmt_ecx.c). */
extern const OSSL_DISPATCH hwcp_x25519_keyexch[];
extern const OSSL_DISPATCH hwcp_ed25519_signature[];

/* The TLS-GROUP capability (x25519) for the provider's
 * OSSL_FUNC_PROVIDER_GET_CAPABILITIES entry (keymgmt_ecx.c says why). */
int hwcp_ecx_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg);

#endif
