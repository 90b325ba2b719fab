/*
 * Clocks and the measurement loop. Wall time comes from CLOCK_MONOTONIC;
 * cycles from the architecture's constant-rate counter, read around the same
 * runs, so ns and cycles describe the very same work.
 */
#include <stdlib.h>
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

void bench_measure(const bench_row *row, bench_io *io, size_t len, double min_time,
                   unsigned runs, bench_figure *fig) {
  double ns[MAX_RUNS], order[MAX_RUNS], ticks[MAX_RUNS];
  uint64_t target = (uint64_t)(min_time * 1e9);
  if (runs < 1) runs = 1;
  if (runs > MAX_RUNS) runs = MAX_RUNS;

  /* Warm-up (caches, branch predictors, the CPU's clock ramp) for one
   * min_time, which also sizes a batch: enough calls to make the clock reads
   * between batches negligible (1/16 of a run), never fewer than one. */
  uint64_t batch = 1;
  uint64_t start = bench_now_ns();
  for (;;) {
    uint64_t s = bench_now_ns();
    for (uint64_t i = 0; i < batch; i++) row->run(io, len);
    uint64_t e = bench_now_ns();
    if (e - s < target / 16 && batch < (UINT64_C(1) << 40)) batch *= 2;
    if (e - start >= target) break;
  }

  /* Each timed run goes on batch by batch until it has lasted min_time, so a
   * run is never shorter than asked even if the machine got faster. */
  for (unsigned r = 0; r < runs; r++) {
    uint64_t n = 0;
    uint64_t c0 = bench_ticks(), s = bench_now_ns(), e;
    do {
      for (uint64_t i = 0; i < batch; i++) row->run(io, len);
      n += batch;
      e = bench_now_ns();
    } while (e - s < target);
    uint64_t c1 = bench_ticks();
    ns[r] = (double)(e - s) / (double)n;
    ticks[r] = (double)(c1 - c0) / (double)n;
    order[r] = ns[r];
  }

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
