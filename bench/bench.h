/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-bench framework: what a row is, how a bench_<prim>.c file
 * registers its rows, and the measurement and counter primitives main.c
 * uses. Rows see only the public API (include/hwcrypto.h); the bench links
 * libhwcrypto.so like any application, so its figures are what users get.
 *
 * Adding a primitive: write bench/bench_<prim>.c ending in
 * BENCH_DEFINE_SUITE(<prim>, ...rows...), list it in bench/CMakeLists.txt and
 * add BENCH_SUITE(<prim>) to bench/suites.h (see bench/README.md).
 */
#ifndef HWC_BENCH_H
#define HWC_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include <hwcrypto.h>

/* Bulk rows are measured at every one of these sizes, in bytes. */
#define BENCH_SIZES {64, 1024, 16384, 1048576}
#define BENCH_NSIZES 4
#define BENCH_MAX_SIZE 1048576

typedef enum {
  BENCH_BULK, /* bytes in, bytes out: GB/s and cycles/byte at each size */
  BENCH_OP    /* one public-key (or scenario) operation: ops/s, cycles/op */
} bench_kind;

/* Buffers the framework owns and hands to every call of a row. in holds
 * BENCH_MAX_SIZE random bytes, out has room for BENCH_MAX_SIZE + 64 bytes
 * (ciphertext plus a tag or digest); both are 64-byte aligned. state is
 * whatever the row's setup stored there, NULL before. */
typedef struct bench_io {
  uint8_t *in;
  uint8_t *out;
  void *state;
} bench_io;

typedef struct bench_row {
  /* The result name: fixed forever (reports are compared across versions
   * and CPUs by it), e.g. "sha256", "aes-128-gcm-encrypt", "x25519". */
  const char *name;
  /* The primitive whose implementations this row compares: the bench forces
   * each of them in turn with hwc_impl_select. Every other primitive the
   * operation touches stays at the dispatcher's own choice. */
  hwc_prim prim;
  bench_kind kind;
  /* Optional. Called after the implementation is selected and before the
   * first run, so key objects remember the implementation being measured.
   * Returns HWC_OK or a HWC_ERR_* code (the figure is then reported as an
   * error and the bench exits non-zero). */
  int (*setup)(bench_io *io);
  /* One operation: len bytes for BENCH_BULK, len == 0 for BENCH_OP. Called
   * millions of times in a loop: no allocation, no checks beyond the API's. */
  void (*run)(bench_io *io, size_t len);
  /* Optional. Frees what setup made (it is called even when setup failed). */
  void (*teardown)(bench_io *io);
} bench_row;

typedef struct bench_suite {
  const bench_row *rows;
  size_t count;
} bench_suite;

/* Defines the suite `id` (a bench_<id>.c file) from its rows. */
#define BENCH_DEFINE_SUITE(id, ...)                          \
  static const bench_row bench_rows_##id[] = {__VA_ARGS__}; \
  const bench_suite bench_suite_##id = {bench_rows_##id,    \
                                        sizeof bench_rows_##id / sizeof bench_rows_##id[0]}

/* Declarations of every suite listed in suites.h. */
#define BENCH_SUITE(id) extern const bench_suite bench_suite_##id;
#include "suites.h"
#undef BENCH_SUITE

/* A 2048-, 3072- or 4096-bit RSA key (e = 65537) for the RSA rows: generated
 * once per size per process, imported anew on each call (bench/rsa_keys.c).
 * Returns HWC_OK or the error; free the key with hwc_rsa_free. */
int bench_rsa_key(hwc_rsa_key **key, unsigned bits);

/* Operations one call of row->run performs: N for a batch row, whose
 * name ends in "-batchN" (x25519-batch8: one hwc_x25519_batch of 8 items
 * per call) or "-singleN" (the same N items as N single calls, for a
 * scenario that sets the two side by side), else 1. Every figure is per operation, so a batch row's
 * figures are per item and stand beside the single-call row's. */
unsigned bench_row_items(const bench_row *row);

/* ------------------------------------------------------------ counters */

/* Name of the cycle counter ("TSC", "CNTVCT_EL0", or "CLOCK_MONOTONIC"
 * where the architecture has none we can read from user space). */
const char *bench_counter_name(void);

/* The counter's rate in ticks per second: on x86_64 measured once against
 * CLOCK_MONOTONIC over about 100 ms (the TSC runs at a constant rate on every
 * CPU this library targets, so it counts reference cycles, not core clock
 * cycles); on aarch64 read from CNTFRQ_EL0. */
double bench_counter_hz(void);

/* Monotonic nanoseconds. */
uint64_t bench_now_ns(void);

/* The raw counter, cheap enough to read around every batch of calls. */
#if defined(__x86_64__)
#include <x86intrin.h>
static inline uint64_t bench_ticks(void) { return __rdtsc(); }
#elif defined(__aarch64__)
static inline uint64_t bench_ticks(void) {
  uint64_t t;
  /* The isb keeps the read from being hoisted above the timed work. */
  __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
  return t;
}
#else
static inline uint64_t bench_ticks(void) { return bench_now_ns(); }
#endif

/* --------------------------------------------------------- measurement */

/* One figure: time per operation over `runs` timed runs, each lasting at
 * least min_time seconds, after a warm-up of the same length. */
typedef struct bench_figure {
  double median_ns, min_ns, max_ns; /* per operation */
  double ticks;                     /* counter ticks per operation, median run */
  unsigned runs;
} bench_figure;

/* Measures row->run(io, len) and fills *fig. */
void bench_measure(const bench_row *row, bench_io *io, size_t len, double min_time,
                   unsigned runs, bench_figure *fig);

/* Measures two rows on the same terms, for a ratio from one run: both are
 * warmed up (each sizing its own batch), then their timed runs alternate,
 * A's first run, B's first, A's second, ..., under bench_measure's rules
 * (for both, a batch during which the thread lost the CPU does not count).
 * main.c pairs our selected implementation (A) with a peer library's row
 * of the same name (B, see peers.h). */
void bench_measure_pair(const bench_row *row_a, bench_io *io_a, const bench_row *row_b, bench_io *io_b,
                        size_t len, double min_time, unsigned runs, bench_figure *fig_a,
                        bench_figure *fig_b);

#endif /* HWC_BENCH_H */
