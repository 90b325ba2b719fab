/* SPDX-License-Identifier: ISC */
/*
 * Clocks and the measurement loop. Wall time comes from CLOCK_MONOTONIC;
 * cycles from the architecture's constant-rate counter, read around the same
 * batches, so ns and cycles describe the very same work. Batches during
 * which the thread was descheduled are left out (see run_batch): on a shared
 * machine they would measure the load, not the code.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

uint64_t bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

const char *bench_counter_name(void) {
#if defined(__x86_64__)
  return "TSC";
#elif defined(__aarch64__)
  return "CNTVCT_EL0";
#else
  return "CLOCK_MONOTONIC";
#endif
}

#if defined(__x86_64__)
/* Brackets each counter read between two clock reads and keeps the tightest
 * pair, so a preemption between them cannot skew the rate. */
static void paired_read(uint64_t *ns, uint64_t *ticks) {
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 5; i++) {
    uint64_t a = bench_now_ns(), t = bench_ticks(), b = bench_now_ns();
    if (b - a < best) {
      best = b - a;
      *ns = a + (b - a) / 2;
      *ticks = t;
    }
  }
}
#endif

double bench_counter_hz(void) {
  static double hz;
  if (hz > 0) return hz;
#if defined(__x86_64__)
  uint64_t ns0 = 0, t0 = 0, ns1 = 0, t1 = 0;
  paired_read(&ns0, &t0);
  struct timespec d = {0, 100000000};
  while (nanosleep(&d, &d) != 0) {
  }
  paired_read(&ns1, &t1);
  hz = (double)(t1 - t0) * 1e9 / (double)(ns1 - ns0);
#elif defined(__aarch64__)
  uint64_t f;
  __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
  hz = (double)f;
#else
  hz = 1e9;
#endif
  return hz;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

#define MAX_RUNS 101

static uint64_t thread_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Time and operations (calls times bench_row_items) accumulated over the
 * batches of one timed run. */
typedef struct span {
  uint64_t ns, ticks, ops;
} span;

unsigned bench_row_items(const bench_row *row) {
  const char *dash = strrchr(row->name, '-');
  unsigned n = 0;
  size_t skip = dash && strncmp(dash, "-batch", 6) == 0 ? 6 : dash && strncmp(dash, "-single", 7) == 0 ? 7 : 0;
  if (skip == 0) return 1;
  for (const char *c = dash + skip; *c >= '0' && *c <= '9' && n < 100000; c++) n = n * 10 + (unsigned)(*c - '0');
  return n ? n : 1;
}

/* Runs `batch` calls. The batch counts only if this thread kept the CPU
 * throughout (its CPU time covers its wall time, within 2%), unless
 * take_all: on a shared machine a batch that was preempted measures the
 * other processes, not us. Returns the wall time it took. */
static uint64_t run_batch(const bench_row *row, bench_io *io, size_t len, uint64_t batch,
                          int take_all, span *acc) {
  uint64_t cpu0 = thread_cpu_ns(), s = bench_now_ns(), t0 = bench_ticks();
  for (uint64_t i = 0; i < batch; i++) row->run(io, len);
  uint64_t t1 = bench_ticks(), e = bench_now_ns(), cpu1 = thread_cpu_ns();
  uint64_t wall = e - s, cpu = cpu1 - cpu0;
  if (take_all || wall <= cpu + wall / 50) {
    acc->ns += wall;
    acc->ticks += t1 - t0;
    acc->ops += batch * bench_row_items(row);
  }
  return wall;
}

/* Warm-up (caches, branch predictors, the CPU's clock ramp) for one
 * min_time, which also sizes a batch: about 1/100 of a run, short enough
 * that most batches fit in one scheduler time slice on a loaded machine
 * and long enough that the clock reads around it cost nothing measurable;
 * never fewer than one call. Returns the batch size. */
static uint64_t warm_up(const bench_row *row, bench_io *io, size_t len, uint64_t target) {
  uint64_t batch = 1;
  uint64_t start = bench_now_ns();
  span warm = {0, 0, 0};
  for (;;) {
    uint64_t wall = run_batch(row, io, len, batch, 1, &warm);
    if (wall < target / 100 && batch < (UINT64_C(1) << 40)) batch *= 2;
    if (bench_now_ns() - start >= target) break;
  }
  return batch;
}

/* One timed run: goes on batch by batch until its undisturbed batches add
 * up to `target` ns. If the machine is so busy that this takes 20 times
 * longer than asked, every batch counts from then on (the spread shows
 * it). Stores ns and counter ticks per operation. */
static void timed_run(const bench_row *row, bench_io *io, size_t len, uint64_t batch, uint64_t target,
                      double *ns, double *ticks) {
  span acc = {0, 0, 0};
  uint64_t s = bench_now_ns();
  int take_all = 0;
  while (acc.ns < target) {
    run_batch(row, io, len, batch, take_all, &acc);
    if (!take_all && bench_now_ns() - s > 20 * target) take_all = 1;
  }
  *ns = (double)acc.ns / (double)acc.ops;
  *ticks = (double)acc.ticks / (double)acc.ops;
}

/* The figure of `runs` timed runs: median, min and max time per operation. */
static void summarise(const double *ns, const double *ticks, unsigned runs, bench_figure *fig) {
  double order[MAX_RUNS];
  for (unsigned r = 0; r < runs; r++) order[r] = ns[r];
  qsort(order, runs, sizeof order[0], cmp_double);
  double med = runs % 2 ? order[runs / 2] : (order[runs / 2 - 1] + order[runs / 2]) / 2;
  /* Cycles of the run closest to the median time, not an independent median,
   * so that cpb and GB/s come from the same run. */
  unsigned m = 0;
  for (unsigned r = 1; r < runs; r++)
    if ((ns[r] > med ? ns[r] - med : med - ns[r]) < (ns[m] > med ? ns[m] - med : med - ns[m])) m = r;
  fig->median_ns = med;
  fig->min_ns = order[0];
  fig->max_ns = order[runs - 1];
  fig->ticks = ticks[m] * (med / ns[m]);
  fig->runs = runs;
}

static unsigned clamp_runs(unsigned runs) {
  return runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
}

void bench_measure(const bench_row *row, bench_io *io, size_t len, double min_time,
                   unsigned runs, bench_figure *fig) {
  double ns[MAX_RUNS], ticks[MAX_RUNS];
  uint64_t target = (uint64_t)(min_time * 1e9);
  runs = clamp_runs(runs);
  uint64_t batch = warm_up(row, io, len, target);
  for (unsigned r = 0; r < runs; r++) timed_run(row, io, len, batch, target, &ns[r], &ticks[r]);
  summarise(ns, ticks, runs, fig);
}

/* Alternating the runs (A, B, A, B, ...) rather than measuring A then B
 * spreads whatever drifts during the measurement (clock frequency with the
 * package's temperature, other tenants' load) evenly over both, so their
 * ratio is fair even when each figure on its own moved. */
void bench_measure_pair(const bench_row *row_a, bench_io *io_a, const bench_row *row_b, bench_io *io_b,
                        size_t len, double min_time, unsigned runs, bench_figure *fig_a,
                        bench_figure *fig_b) {
  double ns_a[MAX_RUNS], ticks_a[MAX_RUNS], ns_b[MAX_RUNS], ticks_b[MAX_RUNS];
  uint64_t target = (uint64_t)(min_time * 1e9);
  runs = clamp_runs(runs);
  uint64_t batch_a = warm_up(row_a, io_a, len, target);
  uint64_t batch_b = warm_up(row_b, io_b, len, target);
  for (unsigned r = 0; r < runs; r++) {
    timed_run(row_a, io_a, len, batch_a, target, &ns_a[r], &ticks_a[r]);
    timed_run(row_b, io_b, len, batch_b, target, &ns_b[r], &ticks_b[r]);
  }
  summarise(ns_a, ticks_a, runs, fig_a);
  summarise(ns_b, ticks_b, runs, fig_b);
}
