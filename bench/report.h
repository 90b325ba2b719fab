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
#include "bound.h"
#include "peers.h"

typedef enum { BENCH_MEASURED, BENCH_UNSUPPORTED, BENCH_NOT_BUILT, BENCH_FAILED } bench_status;

/* The source of our own figures; a peer's are its id (peers.h). */
#define BENCH_SOURCE_HWCRYPTO "hwcrypto"

/* One figure (row x implementation x size), or why there is none. A peer
 * library's figure is a result too, so every writer walks one list: its
 * row is hwcrypto's row of the same name (the peer's own row is only what
 * was measured), so it sorts into the same table and group as ours. */
typedef struct bench_result {
  const bench_row *row;
  const char *impl; /* a peer's figures: the peer's id */
  int selected; /* the implementation the dispatcher chose on its own */
  bench_status st;
  int err;      /* HWC_ERR_* when st == BENCH_FAILED (a peer's: its setup's value) */
  size_t size;  /* 0 for BENCH_OP */
  bench_figure fig;
  const char *source; /* BENCH_SOURCE_HWCRYPTO or the peer's id ("openssl", "libsodium") */
  /* A peer's figures: our selected implementation's figure measured
   * alternately with this one (bench_measure_pair). The "vs" ratios are
   * computed from it, not from our reported figure, so that each ratio
   * comes from one run even when several peers were paired in turn. */
  bench_figure pair;
  /* The instruction-throughput bound of a bulk figure of ours in ticks per
   * byte (bound.h), 0 where the row or implementation is not modelled. */
  double bound_cpb;
} bench_result;

/* One line of the cipher-shootout scenario (scenario_shootout.c). */
typedef struct shootout_result {
  const char *name; /* a bulk result name, e.g. "aes-128-cbc-encrypt" */
  const char *impl; /* the implementation the dispatcher selected; a peer's id */
  const char *source; /* BENCH_SOURCE_HWCRYPTO or the peer's id */
  double mean_s;    /* mean of the best `best` runs, seconds for `bytes` */
  double min_s, max_s;
} shootout_result;

typedef struct shootout {
  double time_s;    /* the fastest cipher takes at least this long per run */
  unsigned runs, best;
  size_t chunk;     /* bytes per call */
  unsigned long long bytes; /* per run, the same for every cipher */
  shootout_result rows[32]; /* ours, then the OpenSSL peer's of the same names */
  size_t count;
} shootout;

/* One primitive: which implementation the dispatcher picked of those built. */
typedef struct bench_prim_info {
  const char *name;
  const char *selected; /* NULL: nothing built */
  char impls[160];      /* "generic avx2 avx512-" ('-' unsupported here) */
} bench_prim_info;

/* A peer library as the report describes it: loaded (with its version) or
 * why not, including "not requested (--peers none)". */
#define BENCH_MAX_PEERS 2
typedef struct bench_peer_info {
  const char *id;      /* "openssl", "libsodium" */
  const char *name;    /* "OpenSSL", "libsodium" */
  int loaded;
  char version[64];    /* when loaded */
  char reason[160];    /* when not */
} bench_peer_info;

/* How the SVG scales its bars: relative to the fastest bar of each group
 * (the default), or on one fixed log scale for every chart (see
 * report_svg.c) so that charts of two CPUs compare by eye. */
typedef enum { BENCH_SCALE_RELATIVE, BENCH_SCALE_ABSOLUTE } bench_scale;

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
  bench_peer_info peers[BENCH_MAX_PEERS];
  size_t n_peers;          /* every peer known, loaded or not */
  bench_scale scale;       /* the SVG's */
  /* The sodium-loop-php row (scenario_php.h): how it ran ("PHP 8.2.29
   * (/usr/bin/php) with and without ... preloaded") or why it did not
   * ("not measured: php not found on PATH"); NULL when not asked for. */
  const char *php_line;
  /* The instruction throughputs the bounds came from; NULL when no bulk
   * row ran (then nothing was measured). */
  const bench_bounds *bounds;
} bench_report;

/* A figure within this factor of its bound is shown as at the CPU's
 * limit (bold in the Markdown, its own colour in the SVG). */
#define BENCH_AT_BOUND 1.25

/* A figure is noisy when (max - min) / median over its runs exceeds this. */
#define BENCH_NOISY 0.10

/* Throughput of a measured figure: GB/s (bulk) or operations per second. */
double bench_result_rate(const bench_result *r);

/* The generic implementation's figure for the same row and size, or NULL. */
const bench_result *bench_generic_of(const bench_report *rep, const bench_result *r);

/* A bulk figure's cycles per byte over its bound (how many times the
 * CPU's limit it takes), or 0 when it has no bound. */
double bench_result_x_bound(const bench_result *r);

/* Whether r is a peer library's figure rather than hwcrypto's. */
int bench_result_is_peer(const bench_result *r);

/* Beside our selected implementation's figure r: the figure of the peer
 * `id` for the same row and size, or NULL (not loaded, no such row, or r
 * is not the selected one). */
const bench_result *bench_peer_result(const bench_report *rep, const bench_result *r, const char *id);

/* Our selected implementation's throughput / the peer's, both from the
 * same alternated measurement (above 1: hwcrypto is faster). */
double bench_peer_ratio(const bench_result *peer);

/* The display name of the peer `id` ("OpenSSL"), or id itself. */
const char *bench_peer_name(const bench_report *rep, const char *id);

/* The value of `key` ("vendor: ", "model: ", "features: ", "masked: ") in
 * hwc_cpu_summary()'s "vendor: V; model: M; features: a b c" text. */
const char *bench_summary_field(const char *s, const char *key, size_t *len);

/* Scenario rows (sodium-loop and sodium-loop-php, request-signing-*) are
 * reported in their own sections, not in their primitive's table; returns
 * the section title or NULL for an ordinary row. */
const char *bench_scenario_of(const char *name);

/* Writes at most n bytes of s (up to its NUL) as a JSON string, escaped;
 * n = SIZE_MAX for the whole string (report_json.c, also used by tiers.c). */
void bench_json_string(FILE *f, const char *s, size_t n);

/* Writers: return 0, or -1 when the stream reports an error. */
int report_json(FILE *f, const bench_report *rep);
int report_md(FILE *f, const bench_report *rep);
int report_svg(FILE *f, const bench_report *rep);

/* The cipher-shootout scenario: fills *s (see scenario_shootout.c). With
 * `peer` (the loaded OpenSSL peer, or NULL) its rows of the shootout's
 * cipher names are ranked too, run on peer_io's buffers. `tick` is called
 * before each cipher with its name, for the progress line. */
void shootout_run(shootout *s, double time_s, bench_io *io, const bench_peer *peer, bench_io *peer_io,
                  void (*tick)(void *ctx, const char *name), void *ctx);
/* How many ciphers shootout_run will measure in this build (with peer). */
size_t shootout_count(const bench_peer *peer);

/* Output files (outfile.c). out_reserve creates a temporary file beside
 * path and returns it for writing, or exits 2 with a message naming `what`
 * (the option) when it cannot; out_commit closes every reserved file and
 * renames them all into place, or removes them all and returns -1. */
FILE *out_reserve(const char *path, const char *what);
int out_commit(void);

/* hwcrypto-bench --compare FILE... : returns the exit status. */
int compare_main(int argc, char **argv);

#endif /* HWC_BENCH_REPORT_H */
