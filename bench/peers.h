/* SPDX-License-Identifier: ISC */
/*
 * Peer libraries measured beside hwcrypto: OpenSSL's libcrypto.so.3
 * (peer_openssl.c) and libsodium.so.23 (peer_sodium.c), loaded at run time
 * with dlopen, never linked, so the bench builds and runs where they are
 * absent (their rows are then left out and the report says why).
 *
 * A peer row is an ordinary bench_row whose name is the hwcrypto result it
 * stands beside ("aes-128-gcm-encrypt", "x25519", "sodium-loop") and whose
 * run() does the same operation on the same bytes the way an application
 * calls that library (per message: EVP init with key and nonce, AAD,
 * update, final and tag; EVP_DigestSign; EVP_PKEY_derive; crypto_aead_*;
 * crypto_scalarmult; crypto_sign...). setup() returns HWC_OK or a non-zero
 * value, and teardown() frees what setup made, exactly as for our rows;
 * `prim` is the hwcrypto primitive of the row it stands beside. main.c
 * measures a peer row alternately with our selected implementation's
 * figure of the same name and size (bench_measure_pair), so the ratio
 * comes from one run.
 */
#ifndef HWC_BENCH_PEERS_H
#define HWC_BENCH_PEERS_H

#include <stddef.h>

#include "bench.h"

typedef struct bench_peer {
  const char *name;    /* "OpenSSL", "libsodium": column titles */
  const char *id;      /* "openssl", "libsodium": the JSON impl name */
  char version[64];    /* the library's own version string */
  const bench_row *rows;
  size_t count;
} bench_peer;

/* Loads the library and fills *p. Returns 0, or -1 with a one-line reason
 * ("libcrypto.so.3 not found", "OpenSSL 1.1 is not supported") in why. */
int bench_peer_openssl(bench_peer *p, char *why, size_t cap);
int bench_peer_sodium(bench_peer *p, char *why, size_t cap);

/* The peer's row standing beside the result `name`, or NULL. */
const bench_row *bench_peer_row(const bench_peer *p, const char *name);

#endif /* HWC_BENCH_PEERS_H */
