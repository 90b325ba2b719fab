/* SPDX-License-Identifier: ISC */
/*
 * What the provider's test programs share: a library context with the
 * hwcrypto provider and the default provider loaded (the module from the
 * build tree: OPENSSL_MODULES, set by ctest), checks that count and say
 * where they failed, and hex helpers. Each program is one ctest; it
 * exits 0 only when every check passed and at least one ran.
 */
#ifndef HWCRYPTO_PROVIDER_PTEST_H
#define HWCRYPTO_PROVIDER_PTEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <openssl/crypto.h>
#include <openssl/provider.h>

/* The context the tests fetch from, with both providers loaded. */
extern OSSL_LIB_CTX *pt_libctx;
extern OSSL_PROVIDER *pt_hwcrypto, *pt_default;

/* Loads both providers into a fresh library context (the hwcrypto module
 * under the name "hwcrypto", with the parameter offer = all so every
 * algorithm the module has is tested on every CPU). Exits on failure. */
void pt_setup(void);
/* Frees it all; returns the exit status (0: every check passed, at least one ran). */
int pt_finish(void);

extern unsigned long pt_checks, pt_failures;
void pt_fail(const char *file, int line, const char *what);
#define PT_CHECK(cond)                                   \
  do {                                                   \
    pt_checks++;                                         \
    if (!(cond)) pt_fail(__FILE__, __LINE__, #cond);     \
  } while (0)

/* 1 if the object came from the hwcrypto provider (what the fetch with
 * "provider=hwcrypto" must give; a check that the hwcrypto path ran). */
int pt_is_hwcrypto(const OSSL_PROVIDER *p);

/* Decodes hex (even length, no spaces) into a new buffer; *len its size. */
uint8_t *pt_unhex(const char *hex, size_t *len);

#endif
