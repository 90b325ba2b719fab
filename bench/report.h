/* SPDX-License-Identifier: ISC */
/*
 * What one hwcrypto-bench run found, as the report writers see it. main.c
 * fills a bench_report; report_json.c, report_md.c and report_svg.c each
 * turn it into one file format and never measure anything themselves, so
 * the three files of a run always describe the same figures.
 */
#ifndef HWC_BENCH_REPORT_H
#define HWC_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "bench.h"

typedef enum { BENCH_MEASURED, BENCH_UNSUPPORTED, BENCH_NOT_BUILT, BENCH_FAILED } bench_status;

/* One figure (row x implementation x size), or why there is none. */
typedef struct bench_result {
  const bench_row *row;
  const char *impl;
  int selected; /* the implementation the dispatcher chose on its own */
  bench_status st;
  int err;      /* HWC_ERR_* when st == BENCH_FAILED */
  size_t size;  /* 0 for BENCH_OP */
  bench_figure fig;
} bench_result;

/* One line of the cipher-shootout scenario (scenario_shootout.c). */
typedef struct shootout_result {
  const char *name; /* a bulk result name, e.g. "aes-128-cbc-encrypt" */
  const char *impl; /* the implementation the dispatcher selected */
  double mean_s;    /* mean of the best `best` runs, seconds for `bytes` */
  double min_s, max_s;
} shootout_result;

typedef struct shootout {
  double time_s;    /* the fastest cipher takes at least this long per run */
  unsigned runs, best;
  size_t chunk;     /* bytes per call */
  unsigned long long bytes; /* per run, the same for every cipher */
  shootout_result rows[16];
  size_t count;
} shootout;

/* One primitive: which implementation the dispatcher picked of those built. */
typedef struct bench_prim_info {
  const char *name;
  const char *selected; /* NULL: nothing built */
  char impls[160];      /* "generic avx2 avx512-" ('-' unsupported here) */
} bench_prim_info;

typedef struct bench_report {
  const char *version;     /* project version + git describe */
  const char *compiler;    /* e.g. "GNU 12.2.0" */
  const char *cflags;      /* build type and flags of the library */
  const char *counter;     /* "TSC", "CNTVCT_EL0", ... */
  double counter_hz, min_time;
  unsigned runs;
  const char *cpu_summary; /* hwc_cpu_summary() */
  const bench_result *results;
  size_t n_results;
  bench_prim_info prims[HWC_PRIM_COUNT];
  const shootout *shoot;   /* NULL when the scenario did not run */
} bench_report;

/* A figure is noisy when (max - min) / median over its runs exceeds this. */
#define BENCH_NOISY 0.10

/* Throughput of a measured figure: GB/s (bulk) or operations per second. */
double bench_result_rate(const bench_result *r);

/* The generic implementation's figure for the same row and size, or NULL. */
const bench_result *bench_generic_of(const bench_report *rep, const bench_result *r);

/* The value of `key` ("vendor: ", "model: ", "features: ", "masked: ") in
 * hwc_cpu_summary()'s "vendor: V; model: M; features: a b c" text. */
const char *bench_summary_field(const char *s, const char *key, size_t *len);

/* Scenario rows (sodium-loop, request-signing-*) are reported in their own
 * sections, not in their primitive's table; returns the section title or
 * NULL for an ordinary row. */
const char *bench_scenario_of(const char *name);

/* Writers: return 0, or -1 when the stream reports an error. */
int report_json(FILE *f, const bench_report *rep);
int report_md(FILE *f, const bench_report *rep);
int report_svg(FILE *f, const bench_report *rep);

/* The cipher-shootout scenario: fills *s (see scenario_shootout.c). `tick`
 * is called before each cipher with its name, for the progress line. */
void shootout_run(shootout *s, double time_s, bench_io *io,
                  void (*tick)(void *ctx, const char *name), void *ctx);
/* How many ciphers shootout_run will measure in this build. */
size_t shootout_count(void);

/* Output files (outfile.c). out_reserve creates a temporary file beside
 * path and returns it for writing, or exits 2 with a message naming `what`
 * (the option) when it cannot; out_commit closes every reserved file and
 * renames them all into place, or removes them all and returns -1. */
FILE *out_reserve(const char *path, const char *what);
int out_commit(void);

/* hwcrypto-bench --compare FILE... : returns the exit status. */
int compare_main(int argc, char **argv);

#endif /* HWC_BENCH_REPORT_H */
