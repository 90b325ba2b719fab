/* SPDX-License-Identifier: ISC */
/* Helpers shared by the ChaCha20, Poly1305 and AEAD suites. */
#ifndef HWC_TESTS_CHACHA_TEST_H
#define HWC_TESTS_CHACHA_TEST_H

#include "check.h"

/* One line of tests/vectors/chacha20_poly1305.txt: kind, name, and up to 8
 * fields decoded from hex (counter kept as a number). */
typedef struct {
  char kind[16], name[48];
  struct {
    char key[12];
    uint8_t *val;
    size_t len;
  } f[8];
  size_t nf;
  uint64_t counter;
} t_cvec;

/* Calls fn for every vector of `kind`; returns how many (the test fails when
 * the file is missing). */
size_t t_chacha_vectors(const char *kind, void (*fn)(const t_cvec *v, void *arg), void *arg);
/* The field named key, its length in *len (fails the test when absent). */
const uint8_t *t_cvec_get(const t_cvec *v, const char *key, size_t *len);

/* One Wycheproof AEAD test case (test_aead.c reads them with the shared
 * reader in tests/wycheproof.c). */
typedef struct {
  int tc_id;
  const uint8_t *key, *iv, *aad, *msg, *ct, *tag;
  size_t key_len, iv_len, aad_len, msg_len, ct_len, tag_len;
  int valid; /* "valid" or "acceptable" (1), "invalid" (0) */
} t_wp_aead;

#endif
