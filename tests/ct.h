/* SPDX-License-Identifier: ISC */
/*
 * Constant-time checks (DESIGN.md, testing item 5; method notes in
 * tests/CT.md). Secrets are marked as taint; any branch, memory index or
 * divisor computed from them is reported. Two methods share the ct_*.c
 * bodies (HWC_TEST bodies, plain runner), chosen here at compile time:
 *
 *   valgrind  hwc-ct under `valgrind --error-exitcode=1`: secrets marked
 *             undefined for memcheck, which checks the machine code as it
 *             runs. Valgrind emulates no AVX-512, VAES, VPCLMULQDQ, SHA-NI
 *             and hides ADX, so those backends are unsupported there.
 *   msan      hwc-ct-msan, everything built by clang -fsanitize=memory:
 *             secrets poisoned, every backend of this CPU runs natively.
 *             MSan checks the compiler's IR, so a branch the code generator
 *             adds later is valgrind's to find, on the backends it runs.
 *
 * Outside both, the marks are no-ops. Results the caller gets anyway (an
 * output, a verdict) are marked public again before the test looks at them;
 * the library does the same for verdicts it branches on (HWC_DECLASSIFY).
 */
#ifndef HWC_TESTS_CT_H
#define HWC_TESTS_CT_H

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define HWC_CT_MSAN 1
#endif
#endif

#ifdef HWC_CT_MSAN
#include <sanitizer/msan_interface.h>
#else
#include <valgrind/memcheck.h>
#endif

#include "check.h"

#ifdef HWC_CT_MSAN
#define CT_METHOD "msan"
/* Marks n bytes at p as secret: MSan reports any branch, address or divisor
 * computed from them. */
static inline void ct_secret(const void *p, size_t n) { __msan_poison(p, n); }
/* Declassifies n bytes at p (a result the caller sees anyway). */
static inline void ct_public(const void *p, size_t n) { __msan_unpoison(p, n); }
/* Whether any of n bytes at p still carries taint. */
static inline int ct_is_secret(const void *p, size_t n) { return __msan_test_shadow(p, n) >= 0; }
#else
#define CT_METHOD "valgrind"
static inline void ct_secret(const void *p, size_t n) { (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
static inline void ct_public(const void *p, size_t n) { (void)VALGRIND_MAKE_MEM_DEFINED(p, n); }
/* Memcheck's V bits of p..p+n, without reporting anything: outside
 * valgrind nothing is ever tainted and this answers 0, so the taint-flow
 * controls check RUNNING_ON_VALGRIND themselves. */
static inline int ct_is_secret(const void *p, size_t n) {
  unsigned char vbits[256];
  int tainted = 0;
  for (size_t at = 0; at < n; at += sizeof vbits) {
    size_t k = n - at < sizeof vbits ? n - at : sizeof vbits;
    if (VALGRIND_GET_VBITS((const char *)p + at, vbits, k) != 1) return 0;
    for (size_t i = 0; i < k; i++) tainted |= vbits[i] != 0;
  }
  return tainted;
}
#endif

#define CT_SECRET(p, n) ct_secret((p), (n))
#define CT_PUBLIC(p, n) ct_public((p), (n))

/* t_for_each_impl over every backend of p this CPU (or valgrind's emulated
 * CPU) supports, printing "ct: <prim>/<impl> covered by <method> (<what>)"
 * for each backend it ran and "ct: <prim>/<impl> NOT covered by <method>"
 * for each it could not run, so the log names the coverage of the run. */
size_t ct_for_each_impl(hwc_prim p, const char *what, t_impl_body body, void *arg);

/* Whether the host's /proc/cpuinfo flags list `flag`: what valgrind can
 * execute even where its emulated CPUID hides the feature (ADX). */
int ct_host_has(const char *flag);

#endif
