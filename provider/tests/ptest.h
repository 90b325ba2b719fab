/* SPDX-License-Identifier: ISC */
/*
 * What the provider's test programs share: a library context with the
 * hwcrypto provider and the default provider loaded (the module from the
 * build tree: OPENSSL_MODULES, set by ctest), checks that count and say
 * where they failed, hex helpers, transcripts (every return value and
 * output of a call sequence, recorded on each provider and compared),
 * parameter-list and cipher-constant comparisons, and the reruns of a
 * program once per hwcrypto backend (HWCRYPTO_IMPL). Each program is one
 * ctest; it exits 0 only when every check passed and at least one ran.
 */
#ifndef HWCRYPTO_PROVIDER_PTEST_H
#define HWCRYPTO_PROVIDER_PTEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "hwcrypto.h"

/* The context the tests fetch from, with both providers loaded. */
extern OSSL_LIB_CTX *pt_libctx;
extern OSSL_PROVIDER *pt_hwcrypto, *pt_default;

/* Loads both providers into a fresh library context (the hwcrypto module
 * under the name "hwcrypto", with the parameter offer = all so every
 * algorithm the module has is tested on every CPU). Exits on failure. */
void pt_setup(void);
/* Frees it all, then pt_report(). */
int pt_finish(void);
/* Prints "N checks, M failed"; the exit status: 0 when every check
 * passed and at least one ran. */
int pt_report(void);

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

/* ---- transcripts: a test runs one call sequence on a context of each
 * provider, records every return value, length and output byte, and
 * compares the two records. Each entry is stored with its length, so two
 * records are equal only entry for entry. */
typedef struct {
  uint8_t *b;
  size_t n, cap;
} pt_log;

/* Appends an entry of n bytes (grows the record; aborts without memory). */
void pt_put(pt_log *L, const void *p, size_t n);
/* Appends a number (a return value, a length) as an entry. */
void pt_put_int(pt_log *L, long v);
/* 1 if the records are equal; else prints `what`, the first entry where
 * they part and, for numbers, both values. */
int pt_log_same(const pt_log *ref, const pt_log *ours, const char *what);
/* Frees a record's buffer; it is empty again. */
void pt_log_free(pt_log *L);

/* A cipher call sequence recording into t, with three arguments whose
 * meaning is the scenario's; pt_cipher_same runs it on both ciphers and
 * compares the records (errors left on the queue cleared). */
typedef void pt_cipher_scenario(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d);
int pt_cipher_same(pt_cipher_scenario *s, EVP_CIPHER *ours, EVP_CIPHER *ref, size_t a, size_t b, size_t d);

/* ---- comparing algorithms with the default provider's */

/* Checks that a parameter list (gettable, settable) of ours is the
 * default's: one check per entry (same name and type at the same place)
 * and one for the lengths; NULL counts as the empty list (as OpenSSL
 * reads it); what names the list in a failure. */
void pt_check_params(const char *what, const OSSL_PARAM *ours, const OSSL_PARAM *ref);

/* Fetches the cipher from each provider; checks both exist; 1 if so. */
int pt_fetch_ciphers(const char *name, EVP_CIPHER **ours, EVP_CIPHER **ref);
/* Checks a cipher's constants against the default's: provider, flags,
 * mode, NID, key and IV lengths, block size, the name, and the three
 * parameter lists. */
void pt_check_cipher_meta(const EVP_CIPHER *ours, const EVP_CIPHER *ref);

/* ---- one run per hwcrypto backend. The module reads HWCRYPTO_IMPL when
 * it loads, so each forced selection needs a process of its own: the
 * program runs its body under the selection it was started with, then
 * starts itself again once per entry of a run list, with HWCRYPTO_IMPL
 * (and HWCP_TEST_FORCED) set to the entry; such a run first checks,
 * through the provider parameter "hwcrypto-selected", that the module
 * selected every "prim=impl" of its entry, then runs the body. */
#define PT_RUNS_MAX 48
typedef struct {
  char v[PT_RUNS_MAX][256]; /* HWCRYPTO_IMPL values */
  size_t n;
} pt_runs;

/* Adds a run per implementation of p this CPU supports, forcing
 * "prim=impl", after `also` ("aes-gcm=separate", ...) when not NULL. */
void pt_runs_each(pt_runs *r, hwc_prim p, const char *also);
/* Adds runs forcing all of ps at once, "p0=A,p1=B,...": run i takes
 * each primitive's i-th supported implementation (its last one past its
 * end), as many runs as the longest list. */
void pt_runs_zip(pt_runs *r, const hwc_prim *ps, size_t n);
/* The zipped runs over the SHA family (sha256, sha512, sha1): the
 * backends behind the digests, HMAC and the KDFs. */
void pt_runs_sha(pt_runs *r);
/* Checks that each "prim=impl" of forced (comma-separated) is one of the
 * entries of the module's hwcrypto-selected; one check per entry. */
void pt_check_selected(const char *forced);
/* The whole program: pt_setup, (in a rerun: pt_check_selected,) body,
 * then in the first process the reruns, each one check; pt_finish's
 * status. */
int pt_main(char **argv, const pt_runs *r, void (*body)(void));

#endif
