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
 *   qemu-trace  hwc-ct-trace (HWC_CT_QEMU_TRACE, the aarch64 cross build),
 *             differential: tests/ct_trace.py runs it several times under
 *             qemu-aarch64 with a plugin (tests/ct_trace_plugin.c) that
 *             hashes the executed code addresses and the data addresses of
 *             each backend's body, between two marker instructions. Public
 *             inputs are the same in every run (t_rand_bytes is seeded with
 *             a constant); ct_secret overwrites the secret with bytes of a
 *             per-run stream (HWC_CT_TRACE: a seed, and whether to
 *             complement every byte), so the secrets differ between runs
 *             and any difference in the traces is a leak. There is no
 *             taint: ct_public does nothing and ct_is_secret cannot answer
 *             (CT_TRACKS_TAINT is 0).
 *
 * Outside the three, the marks are no-ops. Results the caller gets anyway (an
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
#elif !defined(HWC_CT_QEMU_TRACE)
#include <valgrind/memcheck.h>
#endif

#include "check.h"

#if defined(HWC_CT_QEMU_TRACE)
#define CT_METHOD "qemu-trace"
#define CT_TRACKS_TAINT 0
/* tests/ct_trace.c. Overwrites n bytes at p with the next bytes of this
 * run's secret stream: only for secrets whose value may be anything. */
void ct_trace_fill(void *p, size_t n);
/* Counts n bytes at p as a secret left as it is (ct_secret_keep). */
void ct_trace_keep(const void *p, size_t n);
/* Secret bytes overwritten (varied) and left as they were (kept) so far. */
extern unsigned long ct_trace_varied, ct_trace_kept;
/* The markers the plugin looks for: a segment's begin and end. `movz xzr`
 * writes the zero register, a no-op on every aarch64 CPU. */
static inline void ct_trace_begin(void) { __asm__ volatile("movz xzr, #0xc7b0" ::: "memory"); }
static inline void ct_trace_end(void) { __asm__ volatile("movz xzr, #0xc7b1" ::: "memory"); }
static inline void ct_declassified_begin(void) { __asm__ volatile("movz xzr, #0xc7b2" ::: "memory"); }
static inline void ct_declassified_end(void) { __asm__ volatile("movz xzr, #0xc7b3" ::: "memory"); }
/* Opens a segment, numbered in order as the plugin numbers them, and says
 * on stdout what it holds ("ct-trace: segment N <label>"); closing it says
 * how many secret bytes were varied and kept inside it ("ct-trace: closed N
 * varied V kept K"). */
unsigned long ct_trace_open(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ct_trace_close(void);
static inline void ct_secret(void *p, size_t n) { ct_trace_fill(p, n); }
static inline void ct_public(const void *p, size_t n) { (void)p, (void)n; }
static inline int ct_is_secret(const void *p, size_t n) { (void)p, (void)n; return 0; }
#elif defined(HWC_CT_MSAN)
#define CT_METHOD "msan"
#define CT_TRACKS_TAINT 1
/* Marks n bytes at p as secret: MSan reports any branch, address or divisor
 * computed from them. */
static inline void ct_secret(const void *p, size_t n) { __msan_poison(p, n); }
/* Declassifies n bytes at p (a result the caller sees anyway). */
static inline void ct_public(const void *p, size_t n) { __msan_unpoison(p, n); }
/* Whether any of n bytes at p still carries taint. */
static inline int ct_is_secret(const void *p, size_t n) { return __msan_test_shadow(p, n) >= 0; }
#else
#define CT_METHOD "valgrind"
#define CT_TRACKS_TAINT 1
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

/* Marks a secret whose value must keep a structure (a key's parts, an
 * encoding, two buffers that must stay equal): the same as ct_secret for
 * the taint methods; qemu-trace leaves it as it is, so it does not differ
 * between runs (only what is computed from it with other secrets does). */
#if defined(HWC_CT_QEMU_TRACE)
static inline void ct_secret_keep(const void *p, size_t n) { ct_trace_keep(p, n); }
#else
static inline void ct_secret_keep(const void *p, size_t n) { ct_secret(p, n); }
#endif

/* Brackets code that works on values the body has declassified (ct_public)
 * and that may take variable time on them, such as verifying a signature
 * made with a secret key: the taint methods need nothing (the values are
 * public for them); qemu-trace does not trace the region, since the values
 * differ between runs by design. */
#if !defined(HWC_CT_QEMU_TRACE)
static inline void ct_declassified_begin(void) {}
static inline void ct_declassified_end(void) {}
#endif

#define CT_SECRET(p, n) ct_secret((p), (n))
#define CT_SECRET_KEEP(p, n) ct_secret_keep((p), (n))
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
