/* SPDX-License-Identifier: ISC */
/*
 * Test bodies are plain C written against this header. Natively they are
 * compiled with HWC_CRITERION and run by Criterion's runner; everywhere else
 * (under qemu, where Criterion's sandbox fails or hangs) the same bodies are
 * compiled without it and run by tests/runner.c, which prints
 * "N passed, N failed".
 */
#ifndef HWC_TESTS_CHECK_H
#define HWC_TESTS_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <hwcrypto.h>

#include "dispatch/dispatch.h"

#ifdef HWC_CRITERION
#include <criterion/criterion.h>
#define HWC_TEST(suite, name) Test(suite, name, .timeout = 600)
#define CHECK(cond) cr_assert(cond, "%s", #cond)
#define CHECK_MSG(cond, ...) cr_assert(cond, __VA_ARGS__)
#else
typedef struct hwc_test {
  const char *suite, *name;
  void (*fn)(void);
  struct hwc_test *next;
} hwc_test;
void hwc_test_register(hwc_test *t);
_Noreturn void hwc_test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define HWC_TEST(suite, name)                                                        \
  static void suite##_##name(void);                                                  \
  static hwc_test suite##_##name##_entry = {#suite, #name, suite##_##name, NULL};    \
  __attribute__((constructor)) static void suite##_##name##_register(void) {         \
    hwc_test_register(&suite##_##name##_entry);                                      \
  }                                                                                  \
  static void suite##_##name(void)
#define CHECK(cond) \
  do { if (!(cond)) hwc_test_fail(__FILE__, __LINE__, "%s", #cond); } while (0)
#define CHECK_MSG(cond, ...) \
  do { if (!(cond)) hwc_test_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#endif

/* ---- testutil.c */
/* HWC_TEST_QUICK=1 (set for emulated runs): fewer random cases, no 1 MiB. */
int t_quick(void);
/* Deterministic PRNG (splitmix64), seeded from HWC_TEST_SEED or a constant. */
uint64_t t_rand64(void);
void t_rand_bytes(uint8_t *p, size_t n);
size_t t_rand_below(size_t n);
/* Restarts the PRNG at seed (the self-test's later rounds draw new cases). */
void t_reseed(uint64_t seed);
/* How many numbers t_rand64 has drawn in this process: a body that drew
 * none has no random cases to repeat with another seed. */
unsigned long t_rand_draws(void);
/* Hex string to bytes; returns the byte count (aborts the test on bad hex). */
size_t t_unhex(uint8_t *out, size_t cap, const char *hex);
/* Reads a whole file under tests/vectors (HWC_VECTORS_DIR); NULL if absent. */
char *t_read_vector_file(const char *name, size_t *len);
/* The seven X25519 u-coordinates of small order below 2^255 (RFC 7748
 * points whose shared secret is all zero), as hex. */
extern const char *const t_x25519_low_order_u[7];
/* r = a + b as 256-bit little-endian numbers, the carry out dropped (a
 * scalar pushed past L, say). */
void t_add256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
/* The suite's RSA-2048 key, made by OpenSSL (tests/vectors/rsa/key2048.pkcs8.der),
 * imported; the caller frees it. A missing file or failed import fails the test. */
hwc_rsa_key *t_rsa_test_key(void);
/* NIST CAVP SHAVS byte-oriented response text ("Len = <bits>", "Msg = <hex>",
 * "MD = <hex>"; Len 0 has Msg 00): calls fn for every record with the
 * message, its length in bytes and the expected digest; returns the number
 * of records. A record with a bit length that is not whole bytes fails. */
typedef void (*t_shavs_fn)(const uint8_t *msg, size_t len, const uint8_t *md, size_t md_len, void *arg);
size_t t_shavs_each(const char *text, t_shavs_fn fn, void *arg);

/* Runs body once for every implementation of p that this CPU supports, with
 * that implementation selected, and fails the test unless its kernel's call
 * counter moved (a backend that silently fell back would not count). Returns
 * how many ran and restores the previous selection. */
typedef void (*t_impl_body)(hwc_prim p, const char *impl, void *arg);
size_t t_for_each_impl(hwc_prim p, t_impl_body body, void *arg);
/* The same loop over only the implementations for which want(p), called
 * with each one selected, returns non-zero (want NULL: all of them); it may
 * run none and returns the count. */
size_t t_for_each_impl_where(hwc_prim p, int (*want)(hwc_prim p), t_impl_body body, void *arg);
/* How many t_for_each_impl bodies passed for implementation i of p in
 * this process (a body that failed does not count). */
unsigned long t_bodies_passed(hwc_prim p, size_t i);
/* While a t_for_each_impl body runs: 1, with its primitive and
 * implementation index in *p and *i (the innermost loop's); otherwise 0. A
 * runner asks when a check fails, to name the backend that disagreed, and
 * calls t_forget_current_impl after a failed test (the failure left the
 * loop without unwinding it). */
int t_current_impl(hwc_prim *p, size_t *i);
void t_forget_current_impl(void);
/* The calls counter of implementation i of p (counting is turned on by
 * this and by t_for_each_impl). */
unsigned long t_impl_calls(hwc_prim p, size_t i);

#define CHECK_MEM(a, b, n, ...) CHECK_MSG(memcmp((a), (b), (n)) == 0, __VA_ARGS__)

#endif
