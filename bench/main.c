/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-bench: every row of every suite (suites.h), for every
 * implementation this CPU supports or only the selected one, with the
 * sodium-loop-php row (PHP's loop with and without the libsodium drop-in,
 * scenario_php.c) after sodium-loop, then the cipher-shootout scenario; a
 * table on stdout and, with --out DIR, the per-CPU report as JSON (schema
 * 2), Markdown and SVG (see README.md).
 * Peer libraries (OpenSSL, libsodium: peers.h) are loaded at start-up when
 * present, and our selected implementation is measured alternately with
 * their rows of the same names. `--compare` reads such JSON files instead
 * (compare.c); `--tiers` runs the CPU-tier matrix (tiers.c).
 *
 * Exit status: 0 all figures measured, 1 a figure or a report file failed,
 * 2 bad command line (unknown option or --impl value, bad regex, an output
 * path that cannot be written, a filter matching no row).
 */
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "peers.h"
#include "report.h"
#include "scenario_php.h"
#include "selfpath.h"
#include "tiers.h"
#include "bench_version.h"

#define DEFAULT_MIN_TIME 0.05
#define DEFAULT_RUNS 5
/* 0.1 s keeps the default run near two minutes: with hardware AES the
 * fastest cipher is 30-40x faster than serial CBC encryption, so at the
 * PHP comparison's 1 s every slow cipher would run for half a minute per
 * run. --shootout-time 1 reproduces that method exactly. */
#define DEFAULT_SHOOTOUT_TIME 0.1
/* --quick: one row of each kind (a hash, an AEAD, key agreement) for a
 * second or two, as tiers.c's --quick, to check that a build or an install
 * works and writes its report, not to measure; and the PHP loop, short,
 * because it checks the most of an install (php, the drop-in, the script). */
#define QUICK_FILTER "^(sha256|aes-128-gcm-encrypt|x25519|sodium-loop-php)$"
#define QUICK_MIN_TIME 0.005

static const bench_suite *const suites[] = {
#define BENCH_SUITE(id) &bench_suite_##id,
#include "suites.h"
#undef BENCH_SUITE
};

static bench_result *results;
static size_t n_results, cap_results;

static const char *default_impl[HWC_PRIM_COUNT];

/* The peer libraries, in the order of the report's columns. */
static const struct {
  const char *id, *name;
  int (*load)(bench_peer *p, char *why, size_t cap);
} peer_libs[BENCH_MAX_PEERS] = {
    {"openssl", "OpenSSL", bench_peer_openssl},
    {"libsodium", "libsodium", bench_peer_sodium},
};
static bench_peer peers[BENCH_MAX_PEERS];
static bench_peer_info peer_info[BENCH_MAX_PEERS];
/* The peers' own buffers: a copy of our input (the same bytes) and their
 * own output, so nothing a row's setup leaves in its buffers is disturbed
 * by the other library. Each peer row keeps its state in its own bench_io. */
static bench_io peer_io;

/* The sodium-loop-php row: what it runs, and the run description's line
 * on it (empty: not asked for by --filter). */
static php_loop php;

/* The instruction throughputs of this CPU, for the bulk rows' bounds
 * (bound.h); measured only when a bulk row runs. */
static bench_bounds bounds;
static char php_line[4 * PATH_MAX];

/* Prints "hwcrypto-bench: <fmt with arg>" on stderr and exits with code. */
static void die(int code, const char *fmt, const char *arg) {
  fprintf(stderr, "hwcrypto-bench: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  exit(code);
}

/* A new, zeroed result at the end of the list (which may move: pointers to
 * earlier results do not survive this call). */
static bench_result *add_result(void) {
  if (n_results == cap_results) {
    cap_results = cap_results ? 2 * cap_results : 64;
    results = realloc(results, cap_results * sizeof *results);
    if (!results) die(1, "%s", "out of memory");
  }
  memset(&results[n_results], 0, sizeof results[0]);
  results[n_results].source = BENCH_SOURCE_HWCRYPTO;
  return &results[n_results++];
}

/* ------------------------------------------------------------ the table */

/* "64 B", "16 KiB", "1 MiB". */
static const char *fmt_size(size_t n, char *buf, size_t cap) {
  if (n >= 1048576 && n % 1048576 == 0)
    snprintf(buf, cap, "%zu MiB", n / 1048576);
  else if (n >= 1024 && n % 1024 == 0)
    snprintf(buf, cap, "%zu KiB", n / 1024);
  else
    snprintf(buf, cap, "%zu B", n);
  return buf;
}

/* The header's line on the instruction throughputs the bounds use. */
static void print_bounds(void) {
  int any = 0;
  printf("bound: ticks per instruction (measured):");
  for (unsigned i = 0; i < BOUND_NINSN; i++)
    if (bounds.tpi[i] > 0) {
      printf("%s %s %.3f", any ? "," : "", bound_insn_name((bound_insn)i), bounds.tpi[i]);
      any = 1;
    }
  printf("%s\n", any ? "" : " none on this CPU (no bulk row has a bound)");
}

/* One line of the table: a figure, its speed-up over generic (ours only)
 * and, on our selected implementation's line, its ratio to each loaded
 * peer's figure of the same row and size. */
static void print_figure(const bench_report *rep, const bench_result *r) {
  char impl[40], size[24], speedup[16] = "-";
  int peer = bench_result_is_peer(r);
  if (peer)
    snprintf(impl, sizeof impl, "%s", bench_peer_name(rep, r->source));
  else
    snprintf(impl, sizeof impl, "%s%s", r->impl, r->selected ? "*" : "");
  const bench_result *g = peer ? NULL : bench_generic_of(rep, r);
  if (g) snprintf(speedup, sizeof speedup, "%.2fx", g->fig.median_ns / r->fig.median_ns);
  double spread = 100.0 * (r->fig.max_ns - r->fig.min_ns) / r->fig.median_ns;
  char xb[16] = "-";
  if (bench_result_x_bound(r) > 0) snprintf(xb, sizeof xb, "%.2fx", bench_result_x_bound(r));
  if (r->row->kind == BENCH_BULK)
    printf("%-28s %-15s %8s %10.3f %10.3f %10s %7.1f%% %8s", r->row->name, impl,
           fmt_size(r->size, size, sizeof size), (double)r->size / r->fig.median_ns,
           r->fig.ticks / (double)r->size, speedup, spread, xb);
  else
    printf("%-28s %-15s %8s %10.0f %10.0f %10s %7.1f%%", r->row->name, impl, "-",
           1e9 / r->fig.median_ns, r->fig.ticks, speedup, spread);
  for (size_t k = 0; k < rep->n_peers; k++) {
    if (!rep->peers[k].loaded) continue;
    const bench_result *p = bench_peer_result(rep, r, rep->peers[k].id);
    char ratio[16] = "";
    if (p) snprintf(ratio, sizeof ratio, "%.2fx", bench_peer_ratio(p));
    printf(" %12s", ratio);
  }
  printf("\n");
}

/* The table on stdout: per row, per size, every implementation side by
 * side (and the peers' figures after ours), then what was not measured. */
static void print_table(const bench_report *rep) {
  int kind = -1, any_peer = 0;
  for (size_t k = 0; k < rep->n_peers; k++) any_peer |= rep->peers[k].loaded;
  for (size_t i = 0; i < n_results; i++) {
    const bench_row *row = results[i].row;
    if (i > 0 && results[i - 1].row == row) continue;
    if ((int)row->kind != kind) {
      kind = (int)row->kind;
      printf("\n%-28s %-15s %8s %10s %10s %10s %8s", "name", "impl", "size",
             kind == BENCH_BULK ? "GB/s" : "ops/s", kind == BENCH_BULK ? "cpb" : "cycles/op",
             "vs generic", "spread");
      if (kind == BENCH_BULK) printf(" %8s", "x bound");
      for (size_t k = 0; k < rep->n_peers; k++) {
        char title[40];
        snprintf(title, sizeof title, "vs %s", rep->peers[k].name);
        if (rep->peers[k].loaded) printf(" %12s", title);
      }
      printf("\n");
    }
    /* Side by side: per size, every implementation of this row. */
    static const size_t sizes[] = BENCH_SIZES;
    size_t nsizes = row->kind == BENCH_BULK ? BENCH_NSIZES : 1;
    for (size_t s = 0; s < nsizes; s++)
      for (size_t j = i; j < n_results && results[j].row == row; j++)
        if (results[j].st == BENCH_MEASURED && results[j].size == (row->kind == BENCH_BULK ? sizes[s] : 0))
          print_figure(rep, &results[j]);
    for (size_t j = i; j < n_results && results[j].row == row; j++) {
      const bench_result *r = &results[j];
      if (r->st == BENCH_NOT_BUILT)
        printf("%-28s %-15s (not built: no implementation of %s in this build)\n", row->name, "-",
               hwc_prim_name(row->prim));
      else if (r->st == BENCH_UNSUPPORTED)
        printf("%-28s %-15s (not supported by this CPU)\n", row->name, r->impl);
      else if (r->st == BENCH_FAILED && bench_result_is_peer(r))
        printf("%-28s %-15s (failed: its setup returned %d)\n", row->name, bench_peer_name(rep, r->source),
               r->err);
      else if (r->st == BENCH_FAILED)
        printf("%-28s %-15s (failed: %s)\n", row->name, r->impl, hwc_strerror(r->err));
    }
  }
  printf("\n* = the implementation the dispatcher selects on this CPU; vs generic = "
         "generic's time / this time;\nspread = (max - min) / median over the runs; x bound = cpb / the "
         "instruction-throughput bound\n(a lower bound: 1.00x is the CPU's limit; - = not modelled).\n");
  if (any_peer)
    printf("vs <peer> = our selected implementation's throughput / the peer library's, both measured in\n"
           "alternated runs (above 1: hwcrypto is faster); blank where the peer has no such row.\n");
}

/* The cipher-shootout's ranking, with the library of each line. */
static void print_shootout(const bench_report *rep, const shootout *s) {
  double fastest = INFINITY;
  for (size_t i = 0; i < s->count; i++)
    if (s->rows[i].mean_s < fastest) fastest = s->rows[i].mean_s;
  printf("\ncipher-shootout: %llu bytes per run in %zu-byte calls, %u runs, mean of the best %u\n",
         s->bytes, s->chunk, s->runs, s->best);
  printf("%-28s %-10s %-15s %10s %10s %10s\n", "name", "library", "impl", "seconds", "GB/s", "relative");
  for (size_t i = 0; i < s->count; i++) {
    const shootout_result *r = &s->rows[i];
    int peer = r->source && strcmp(r->source, BENCH_SOURCE_HWCRYPTO) != 0;
    printf("%-28s %-10s %-15s %10.3f %10.3f %9.1f%%\n", r->name, peer ? bench_peer_name(rep, r->source) : "hwcrypto",
           peer ? "-" : r->impl, r->mean_s, (double)s->bytes / r->mean_s / 1e9, 100.0 * fastest / r->mean_s);
  }
}

/* ------------------------------------------------------------- running */

/* Whether the row's name matches --filter (every row without one). */
static int matches(const regex_t *re, const bench_row *row) {
  return !re || regexec(re, row->name, 0, NULL, 0) == 0;
}

/* Whether implementation i of the row is to be measured (--impl). */
static int wanted(const bench_row *row, size_t i, int only_selected) {
  const char *name = hwc_impl_name(row->prim, i);
  return !only_selected || (name && default_impl[row->prim] && strcmp(name, default_impl[row->prim]) == 0);
}

typedef struct progress {
  int on;
  unsigned done, total;
  uint64_t start;
} progress;

/* "[n/N] what  elapsed", redrawn in place; only on a terminal, so logs and
 * pipes stay clean. */
static void show_progress(progress *p, const char *what, const char *impl, const char *size) {
  if (!p->on) return;
  fprintf(stderr, "\r\033[K[%u/%u] %s %s %s  %.0f s", ++p->done, p->total, what, impl, size,
          (double)(bench_now_ns() - p->start) / 1e9);
  fflush(stderr);
}

/* shootout_run's progress callback. */
static void shootout_tick(void *ctx, const char *name) {
  show_progress(ctx, "cipher-shootout", name, "");
}

/* A loaded peer's row standing beside one of ours, set up on its own state. */
typedef struct peer_pair {
  const bench_peer *peer;
  const bench_row *row;
  bench_io io;
} peer_pair;

/* How many loaded peers have a row named like ours. */
static size_t peer_rows_of(const bench_row *row) {
  size_t n = 0;
  for (size_t k = 0; k < BENCH_MAX_PEERS; k++) {
    const bench_row *prow = peer_info[k].loaded ? bench_peer_row(&peers[k], row->name) : NULL;
    n += prow && prow->kind == row->kind;
  }
  return n;
}

/* Sets up every loaded peer's row named like ours, each on its own
 * bench_io; a peer whose setup fails gets a failed result (shown under the
 * table; the peer is a guest, so it does not change the exit status).
 * Returns how many are ready in pp[]. */
static size_t peer_setup(const bench_row *row, peer_pair *pp) {
  size_t n = 0;
  for (size_t k = 0; k < BENCH_MAX_PEERS; k++) {
    const bench_row *prow = peer_info[k].loaded ? bench_peer_row(&peers[k], row->name) : NULL;
    if (!prow) continue;
    if (prow->kind != row->kind) continue; /* not comparable: a peer's mistake */
    peer_pair *p = &pp[n];
    *p = (peer_pair){&peers[k], prow, {peer_io.in, peer_io.out, NULL}};
    int err = prow->setup ? prow->setup(&p->io) : HWC_OK;
    if (err == HWC_OK) {
      n++;
      continue;
    }
    if (prow->teardown) prow->teardown(&p->io);
    bench_result *r = add_result();
    *r = (bench_result){.row = row, .impl = peers[k].id, .source = peers[k].id, .st = BENCH_FAILED, .err = err};
  }
  return n;
}

/* The bound of our implementation `impl` of a bulk row at len bytes (0: not modelled).
 * An AEAD pair's "separate" runs the member primitives' selections, which
 * run_row leaves at the dispatcher's choice. */
static double row_bound(const bench_row *row, const char *impl, size_t len) {
  const char *member[2] = {NULL, NULL};
  if (row->kind != BENCH_BULK || !bounds.measured) return 0;
  if (row->prim == HWC_PRIM_AES_GCM) {
    member[0] = hwc_impl_selected(HWC_PRIM_AES);
    member[1] = hwc_impl_selected(HWC_PRIM_GHASH);
  } else if (row->prim == HWC_PRIM_CHACHA20_POLY1305) {
    member[0] = hwc_impl_selected(HWC_PRIM_CHACHA20);
    member[1] = hwc_impl_selected(HWC_PRIM_POLY1305);
  }
  return bound_cpb(&bounds, row->name, impl, member, len);
}

/* Measures one size of our implementation: alone, or alternately with each
 * peer in pp[] in turn (our figure is the one from the first pairing; each
 * peer's result keeps ours from its own pairing for its ratio). */
static void measure_size(const bench_row *row, bench_io *io, size_t len, const char *impl, int sel,
                         peer_pair *pp, size_t npp, double min_time, unsigned runs, progress *prog) {
  char buf[24], what[64];
  const char *size = row->kind == BENCH_BULK ? fmt_size(len, buf, sizeof buf) : "";
  size_t ours = n_results;
  add_result();
  results[ours] = (bench_result){.row = row, .impl = impl, .selected = sel, .st = BENCH_MEASURED, .size = len,
                                 .source = BENCH_SOURCE_HWCRYPTO, .bound_cpb = row_bound(row, impl, len)};
  if (npp == 0) {
    show_progress(prog, row->name, impl, size);
    bench_measure(row, io, len, min_time, runs, &results[ours].fig);
    return;
  }
  for (size_t k = 0; k < npp; k++) {
    bench_figure a, b;
    snprintf(what, sizeof what, "%s vs %s", impl, pp[k].peer->name);
    show_progress(prog, row->name, what, size);
    bench_measure_pair(row, io, pp[k].row, &pp[k].io, len, min_time, runs, &a, &b);
    if (k == 0) results[ours].fig = a;
    bench_result *r = add_result();
    *r = (bench_result){.row = row, .impl = pp[k].peer->id, .st = BENCH_MEASURED, .size = len,
                        .fig = b, .source = pp[k].peer->id, .pair = a};
  }
}

/* Every wanted implementation of one row at every size; the selected one
 * paired with the peers' rows of the same name. Returns 1 if a figure of
 * ours failed. */
static int run_row(const bench_row *row, bench_io *io, double min_time, unsigned runs,
                   int only_selected, progress *prog) {
  static const size_t sizes[] = BENCH_SIZES;
  int failed = 0;
  size_t n = hwc_impl_count(row->prim);
  if (n == 0) {
    bench_result *r = add_result();
    r->row = row;
    r->impl = "-";
    r->st = BENCH_NOT_BUILT;
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (!wanted(row, i, only_selected)) continue;
    const char *impl = hwc_impl_name(row->prim, i);
    int sel = default_impl[row->prim] && strcmp(impl, default_impl[row->prim]) == 0;
    if (!hwc_impl_supported(row->prim, i)) {
      bench_result *r = add_result();
      *r = (bench_result){.row = row, .impl = impl, .selected = sel, .st = BENCH_UNSUPPORTED,
                          .source = BENCH_SOURCE_HWCRYPTO};
      continue;
    }
    int err = hwc_impl_select(row->prim, impl);
    io->state = NULL;
    if (err == HWC_OK && row->setup) err = row->setup(io);
    if (err != HWC_OK) {
      bench_result *r = add_result();
      *r = (bench_result){.row = row, .impl = impl, .selected = sel, .st = BENCH_FAILED, .err = err,
                          .source = BENCH_SOURCE_HWCRYPTO};
      failed = 1;
    } else {
      peer_pair pp[BENCH_MAX_PEERS];
      size_t npp = sel ? peer_setup(row, pp) : 0;
      size_t nsizes = row->kind == BENCH_BULK ? BENCH_NSIZES : 1;
      for (size_t s = 0; s < nsizes; s++)
        measure_size(row, io, row->kind == BENCH_BULK ? sizes[s] : 0, impl, sel, pp, npp, min_time, runs, prog);
      for (size_t k = 0; k < npp; k++)
        if (pp[k].row->teardown) pp[k].row->teardown(&pp[k].io);
    }
    if (row->teardown) row->teardown(io);
    /* Leave the process as the dispatcher set it up for the next row. */
    if (default_impl[row->prim]) hwc_impl_select(row->prim, default_impl[row->prim]);
  }
  return failed;
}

/* Whether the sodium-loop-php row is to run: asked for (--filter), our
 * fe25519 built, the libsodium peer loaded (its figure is the row's point:
 * --peers none or openssl leave the row out), php and the drop-in found.
 * A row left out is not a failure; php_line says why, and otherwise how it
 * will run. */
static int php_row_ready(const regex_t *re, unsigned iters) {
  char why[512];
  const bench_peer_info *sodium = NULL;
  if (!matches(re, &php_loop_row)) return 0;
  for (size_t k = 0; k < BENCH_MAX_PEERS; k++)
    if (strcmp(peer_info[k].id, "libsodium") == 0) sodium = &peer_info[k];
  if (!default_impl[HWC_PRIM_FE25519]) {
    snprintf(why, sizeof why, "no fe25519 implementation in this build");
  } else if (!sodium || !sodium->loaded) {
    snprintf(why, sizeof why, "no libsodium peer to compare with (%s)", sodium ? sodium->reason : "unknown");
  } else if (php_loop_find(&php, why, sizeof why) == 0) {
    snprintf(php_line, sizeof php_line, "PHP %s (%s), with and without %s preloaded, %u iterations per run (%s)",
             php.version, php.php, php.dropin, iters, php.script);
    return 1;
  }
  snprintf(php_line, sizeof php_line, "not measured: %s", why);
  return 0;
}

/* Measures the sodium-loop-php row and adds its results as measure_size
 * does for a suite row: ours (the drop-in preloaded, under our selected
 * fe25519 name, which is what the drop-in's dispatcher picks too) and the
 * libsodium peer's beside it. A failure (php failing, the digests
 * differing) drops the row and fails the run: the drop-in changed or
 * broke a PHP program. Returns 1 then. */
static int run_php_row(unsigned iters, unsigned runs, double hz, progress *prog) {
  bench_figure a, b;
  char why[512];
  show_progress(prog, php_loop_row.name, "vs libsodium", "");
  if (php_loop_measure(&php, iters, runs, hz, &a, &b, why, sizeof why) != 0) {
    fprintf(stderr, "hwcrypto-bench: sodium-loop-php: %s; no figure\n", why);
    snprintf(php_line, sizeof php_line, "failed: %s", why);
    return 1;
  }
  bench_result *r = add_result();
  *r = (bench_result){.row = &php_loop_row, .impl = default_impl[HWC_PRIM_FE25519], .selected = 1,
                      .st = BENCH_MEASURED, .fig = a, .source = BENCH_SOURCE_HWCRYPTO};
  r = add_result();
  *r = (bench_result){.row = &php_loop_row, .impl = "libsodium", .st = BENCH_MEASURED, .fig = b,
                      .source = "libsodium", .pair = a};
  return 0;
}

/* Loads the peer libraries `which` asks for ("all", "none", or one id) and
 * says on stdout, with the rest of the run's description, which loaded
 * (with their versions) and why the others did not. */
static void load_peers(const char *which) {
  for (size_t k = 0; k < BENCH_MAX_PEERS; k++) {
    bench_peer_info *pi = &peer_info[k];
    pi->id = peer_libs[k].id;
    pi->name = peer_libs[k].name;
    if (strcmp(which, "all") != 0 && strcmp(which, pi->id) != 0) {
      snprintf(pi->reason, sizeof pi->reason, "not requested (--peers %s)", which);
      continue;
    }
    char why[sizeof pi->reason] = "";
    if (peer_libs[k].load(&peers[k], why, sizeof why) == 0) {
      pi->loaded = 1;
      snprintf(pi->version, sizeof pi->version, "%s", peers[k].version);
    } else {
      snprintf(pi->reason, sizeof pi->reason, "%s", why[0] ? why : "could not be loaded");
    }
  }
}

/* --list: every row's name, primitive, kind and implementations. */
static void list_rows(const regex_t *re) {
  printf("%-28s %-9s %-5s %s\n", "name", "primitive", "kind", "implementations (* selected, - unsupported here)");
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++) {
      const bench_row *row = &suites[s]->rows[k];
      if (!matches(re, row)) continue;
      printf("%-28s %-9s %-5s", row->name, hwc_prim_name(row->prim),
             row->kind == BENCH_BULK ? "bulk" : "op");
      size_t n = hwc_impl_count(row->prim);
      if (n == 0) printf(" (not built)");
      for (size_t i = 0; i < n; i++) {
        const char *name = hwc_impl_name(row->prim, i);
        printf(" %s%s", name,
               !hwc_impl_supported(row->prim, i) ? "-"
               : default_impl[row->prim] && strcmp(name, default_impl[row->prim]) == 0 ? "*"
                                                                                        : "");
      }
      printf("\n");
    }
  if (matches(re, &php_loop_row))
    printf("%-28s %-9s %-5s %s\n", php_loop_row.name, hwc_prim_name(php_loop_row.prim), "op",
           "(through php, beside libsodium, when both are present)");
}


/* The command line's summary (--help, or after a bad argument). */
static void usage(FILE *f) {
  fprintf(f,
          "usage: hwcrypto-bench [--out DIR] [--json FILE] [--filter REGEX] [--impl selected|all]\n"
          "                      [--min-time SECONDS] [--runs N] [--shootout-time SECONDS]\n"
          "                      [--peers all|none|openssl|libsodium] [--scale relative|absolute] [--list]\n"
          "                      [--quick]\n"
          "       hwcrypto-bench --compare A.json B.json... [--threshold PCT] [--fail-below RATIO]\n"
          "       hwcrypto-bench --tiers [options] (hwcrypto-bench --tiers --help)\n"
          "  --out DIR           write DIR/<cpu-slug>.json, .md and .svg (DIR is created if missing)\n"
          "  --json FILE         also write the results as JSON (schema 2) to FILE\n"
          "  --filter REGEX      only result names matching this POSIX extended regex\n"
          "                      (the scenarios' names are cipher-shootout, sodium-loop-php)\n"
          "  --impl all          every implementation this CPU supports (default)\n"
          "  --impl selected     only the one the dispatcher selects\n"
          "  --min-time SECONDS  length of each timed run and of the warm-up (default %g)\n"
          "  --runs N            timed runs per figure, median reported (default %d)\n"
          "  --shootout-time S   cipher-shootout: the fastest cipher runs at least S seconds\n"
          "                      per run (default %g; 0 skips the scenario)\n"
          "  --peers WHICH       peer libraries measured beside the selected implementation,\n"
          "                      alternately with it: all (default: OpenSSL's libcrypto.so.3\n"
          "                      and libsodium.so.23, those present), none, openssl, libsodium\n"
          "  --scale absolute    SVG bars on one fixed log scale (GB/s 0.001-1000, ops/s\n"
          "                      10-10^7) so two CPUs' charts compare by eye; the default,\n"
          "                      relative, scales each result to its fastest bar\n"
          "  --list              list result names and implementations, run nothing\n"
          "  --quick             a check that it works, not a measurement: --runs 1 --min-time %g\n"
          "                      --shootout-time 0 on sha256, aes-128-gcm-encrypt, x25519 and\n"
          "                      sodium-loop-php, its loop %d iterations, not %d (each overridden\n"
          "                      by its own option)\n"
          "  --compare FILE...   one Markdown table across reports, e.g. from every machine of a\n"
          "                      fleet (see bench/README.md)\n"
          "Nothing is written unless --out or --json asks: --out report writes ./report/.\n",
          DEFAULT_MIN_TIME, DEFAULT_RUNS, DEFAULT_SHOOTOUT_TIME, QUICK_MIN_TIME, PHP_LOOP_QUICK_ITERS,
          PHP_LOOP_ITERS);
  /* Found from the executable's place, so it names the installed copies. */
  int installed;
  const char *root = bench_data_root(&installed);
  if (root)
    fprintf(f, "Documentation: %s/bench/README.md (%s); also there: compare-openssl.sh, compare-awslc.sh\n", root,
            installed ? "installed" : "source tree");
}

/* Accepts "--opt value" and "--opt=value". */
static const char *opt_value(int argc, char **argv, int *i, const char *opt) {
  size_t n = strlen(opt);
  if (strncmp(argv[*i], opt, n) != 0) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n] != '\0') return NULL;
  if (*i + 1 >= argc) die(2, "%s needs a value", opt);
  return argv[++*i];
}

/* A number of seconds in [lo, 60] (lo == 0: 0 allowed), or exit 2. */
static double seconds_arg(const char *opt, const char *v, double lo) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (errno || end == v || *end || !(x >= lo && x <= 60) || (lo == 0 && x < 0) || (lo > 0 && x == 0)) {
    fprintf(stderr, "hwcrypto-bench: %s %s: want seconds, %s 0 and at most 60\n", opt, v,
            lo > 0 ? "more than" : "at least");
    exit(2);
  }
  return x;
}

/* File names are the CPU model, lowercased, every run of other characters
 * one '-': "AMD EPYC 9R14 96-Core Processor" -> "amd-epyc-9r14-96-core-processor",
 * so reports from a fleet sit side by side in one directory. */
static void cpu_slug(char *out, size_t cap) {
  const char *cpu = hwc_cpu_summary();
  size_t n;
  const char *m = bench_summary_field(cpu, "model: ", &n);
  if (n == 0) m = bench_summary_field(cpu, "vendor: ", &n);
  size_t k = 0;
  int dash = 0;
  for (size_t i = 0; i < n && k + 2 < cap; i++) {
    unsigned char c = (unsigned char)m[i];
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (dash && k) out[k++] = '-';
      out[k++] = (char)c;
      dash = 0;
    } else if (c >= 'A' && c <= 'Z') {
      if (dash && k) out[k++] = '-';
      out[k++] = (char)(c - 'A' + 'a');
      dash = 0;
    } else {
      dash = 1;
    }
  }
  out[k] = '\0';
  if (k == 0) snprintf(out, cap, "unknown-cpu");
}

/* dir/slug.ext, allocated. */
static char *join(const char *dir, const char *slug, const char *ext) {
  size_t n = strlen(dir) + strlen(slug) + strlen(ext) + 2;
  char *p = malloc(n);
  if (!p) die(1, "%s", "out of memory");
  snprintf(p, n, "%s/%s%s", dir, slug, ext);
  return p;
}

/* Per primitive: the dispatcher's choice and every implementation built. */
static void fill_prims(bench_report *rep) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    bench_prim_info *pi = &rep->prims[p];
    pi->name = hwc_prim_name((hwc_prim)p);
    pi->selected = default_impl[p];
    size_t k = 0;
    pi->impls[0] = '\0';
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
      int w = snprintf(pi->impls + k, sizeof pi->impls - k, "%s%s%s", k ? " " : "",
                       hwc_impl_name((hwc_prim)p, i), hwc_impl_supported((hwc_prim)p, i) ? "" : "-");
      if (w < 0 || (size_t)w >= sizeof pi->impls - k) break;
      k += (size_t)w;
    }
  }
}

/* Options, peers, measurement, table and report files, in that order. */
int main(int argc, char **argv) {
  const char *json = NULL, *filter = NULL, *impl = "all", *outdir = NULL, *peers_opt = "all", *scale = "relative";
  double min_time = DEFAULT_MIN_TIME, shoot_time = DEFAULT_SHOOTOUT_TIME;
  long runs = DEFAULT_RUNS;
  int list = 0, quick = 0, runs_set = 0, min_time_set = 0, shoot_time_set = 0;

  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--compare") == 0) return compare_main(argc, argv);
    if (strcmp(argv[i], "--tiers") == 0) return tiers_main(argc, argv);
  }

  for (int i = 1; i < argc; i++) {
    const char *v;
    char *end;
    if ((v = opt_value(argc, argv, &i, "--json"))) {
      json = v;
    } else if ((v = opt_value(argc, argv, &i, "--out"))) {
      outdir = v;
    } else if ((v = opt_value(argc, argv, &i, "--filter"))) {
      filter = v;
    } else if ((v = opt_value(argc, argv, &i, "--impl"))) {
      impl = v;
    } else if ((v = opt_value(argc, argv, &i, "--peers"))) {
      peers_opt = v;
    } else if ((v = opt_value(argc, argv, &i, "--scale"))) {
      scale = v;
    } else if ((v = opt_value(argc, argv, &i, "--min-time"))) {
      min_time = seconds_arg("--min-time", v, 1e-9);
      min_time_set = 1;
    } else if ((v = opt_value(argc, argv, &i, "--shootout-time"))) {
      shoot_time = seconds_arg("--shootout-time", v, 0);
      shoot_time_set = 1;
    } else if ((v = opt_value(argc, argv, &i, "--runs"))) {
      errno = 0;
      runs = strtol(v, &end, 10);
      if (errno || end == v || *end || runs < 1 || runs > 101) die(2, "--runs %s: want 1..101", v);
      runs_set = 1;
    } else if (strcmp(argv[i], "--list") == 0) {
      list = 1;
    } else if (strcmp(argv[i], "--quick") == 0) {
      quick = 1;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "hwcrypto-bench: unknown argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  /* --quick fills in only what the command line left unset, in any order. */
  if (quick) {
    if (!runs_set) runs = 1;
    if (!min_time_set) min_time = QUICK_MIN_TIME;
    if (!shoot_time_set) shoot_time = 0;
    if (!filter) filter = QUICK_FILTER;
  }
  if (strcmp(impl, "all") != 0 && strcmp(impl, "selected") != 0)
    die(2, "--impl %s: want 'all' or 'selected'", impl);
  int only_selected = strcmp(impl, "selected") == 0;
  if (strcmp(peers_opt, "all") != 0 && strcmp(peers_opt, "none") != 0 && strcmp(peers_opt, "openssl") != 0 &&
      strcmp(peers_opt, "libsodium") != 0)
    die(2, "--peers %s: want 'all', 'none', 'openssl' or 'libsodium'", peers_opt);
  if (strcmp(scale, "relative") != 0 && strcmp(scale, "absolute") != 0)
    die(2, "--scale %s: want 'relative' or 'absolute'", scale);

  regex_t re_store, *re = NULL;
  if (filter) {
    int rc = regcomp(&re_store, filter, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
      char msg[256];
      regerror(rc, &re_store, msg, sizeof msg);
      fprintf(stderr, "hwcrypto-bench: --filter '%s': %s\n", filter, msg);
      return 2;
    }
    re = &re_store;
  }

  hwc_init();
  for (int p = 0; p < HWC_PRIM_COUNT; p++) default_impl[p] = hwc_impl_selected((hwc_prim)p);

  /* Result names are the key reports are compared by: one row each. */
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++)
      for (size_t t = s; t < sizeof suites / sizeof suites[0]; t++)
        for (size_t l = t == s ? k + 1 : 0; l < suites[t]->count; l++)
          if (strcmp(suites[s]->rows[k].name, suites[t]->rows[l].name) == 0)
            die(1, "result name %s is defined twice", suites[s]->rows[k].name);

  if (list) {
    list_rows(re);
    return 0;
  }

  /* Loaded before counting the work, so the progress line counts the
   * peers' figures too. */
  load_peers(peers_opt);
  const bench_peer *openssl = peer_info[0].loaded ? &peers[0] : NULL;

  /* Everything that can go wrong with the command line is reported before
   * the (long) measurement starts. */
  progress prog = {0};
  size_t nrows = 0;
  int any_bulk = 0;
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++) {
      const bench_row *row = &suites[s]->rows[k];
      if (!matches(re, row)) continue;
      nrows++;
      for (size_t i = 0; i < hwc_impl_count(row->prim); i++)
        if (wanted(row, i, only_selected) && hwc_impl_supported(row->prim, i)) {
          int sel = default_impl[row->prim] && strcmp(hwc_impl_name(row->prim, i), default_impl[row->prim]) == 0;
          size_t pairs = sel ? peer_rows_of(row) : 0;
          prog.total += (unsigned)((pairs ? pairs : 1) * (row->kind == BENCH_BULK ? BENCH_NSIZES : 1));
          any_bulk |= row->kind == BENCH_BULK;
        }
    }
  int run_shootout = shoot_time > 0 && shootout_count(openssl) > 0 &&
                     (!re || regexec(re, "cipher-shootout", 0, NULL, 0) == 0);
  if (run_shootout) prog.total += (unsigned)shootout_count(openssl);
  unsigned php_iters = quick ? PHP_LOOP_QUICK_ITERS : PHP_LOOP_ITERS;
  nrows += matches(re, &php_loop_row);
  int run_php = php_row_ready(re, php_iters);
  prog.total += (unsigned)run_php;
  if (nrows == 0 && !run_shootout) die(2, "--filter '%s' matches no result name (--list shows them)", filter);

  FILE *f_json = json ? out_reserve(json, "--json") : NULL;
  FILE *f_out[3] = {NULL, NULL, NULL};
  char *out_path[3] = {NULL, NULL, NULL};
  if (outdir) {
    struct stat st;
    if (stat(outdir, &st) != 0 && mkdir(outdir, 0777) != 0) {
      fprintf(stderr, "hwcrypto-bench: --out %s: cannot create the directory: %s\n", outdir, strerror(errno));
      return 2;
    }
    char slug[128];
    cpu_slug(slug, sizeof slug);
    static const char *const ext[3] = {".json", ".md", ".svg"};
    for (int k = 0; k < 3; k++) {
      out_path[k] = join(outdir, slug, ext[k]);
      f_out[k] = out_reserve(out_path[k], "--out");
    }
  }

  bench_io io = {aligned_alloc(64, BENCH_MAX_SIZE), aligned_alloc(64, BENCH_MAX_SIZE + 64), NULL};
  if (!io.in || !io.out) die(1, "%s", "out of memory");
  if (hwc_random_bytes(io.in, BENCH_MAX_SIZE) != HWC_OK) die(1, "%s", "hwc_random_bytes failed");
  memset(io.out, 0, BENCH_MAX_SIZE + 64);
  peer_io = (bench_io){aligned_alloc(64, BENCH_MAX_SIZE), aligned_alloc(64, BENCH_MAX_SIZE + 64), NULL};
  if (!peer_io.in || !peer_io.out) die(1, "%s", "out of memory");
  memcpy(peer_io.in, io.in, BENCH_MAX_SIZE);
  memset(peer_io.out, 0, BENCH_MAX_SIZE + 64);

  double hz = bench_counter_hz();
  printf("hwcrypto-bench %s\ncpu: %s\n", BENCH_VERSION, hwc_cpu_summary());
#if defined(__x86_64__)
  printf("counter: TSC at %.4f GHz (measured against CLOCK_MONOTONIC over 100 ms); "
         "cpb counts TSC reference cycles, not core clock cycles\n", hz / 1e9);
#else
  printf("counter: %s at %.4f GHz; cpb and cycles/op count its ticks\n", bench_counter_name(), hz / 1e9);
#endif
  printf("timing: median of %ld runs of at least %g s each, after a warm-up of %g s; "
         "batches during which\n        the thread lost the CPU are left out\n", runs, min_time, min_time);
  for (size_t k = 0; k < BENCH_MAX_PEERS; k++) {
    if (peer_info[k].loaded)
      printf("peer %s: loaded, %s\n", peer_info[k].name, peer_info[k].version);
    else
      printf("peer %s: not loaded: %s\n", peer_info[k].name, peer_info[k].reason);
  }
  if (php_line[0]) printf("%s: %s\n", php_loop_row.name, php_line);
  /* Before the rows, on an idle pipeline; under 0.1 s. */
  if (any_bulk) {
    bound_measure(&bounds);
    print_bounds();
  }
  fflush(stdout);

  prog.on = isatty(STDERR_FILENO);
  prog.start = bench_now_ns();
  int failed = 0;
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++) {
      const bench_row *row = &suites[s]->rows[k];
      if (matches(re, row)) failed |= run_row(row, &io, min_time, (unsigned)runs, only_selected, &prog);
      /* Right after the C loop it mirrors, so the two sit together in
       * the table and the chart. */
      if (run_php && strcmp(row->name, "sodium-loop") == 0) {
        failed |= run_php_row(php_iters, (unsigned)runs, hz, &prog);
        run_php = 0;
      }
    }
  if (run_php) failed |= run_php_row(php_iters, (unsigned)runs, hz, &prog);
  static shootout shoot;
  if (run_shootout) shootout_run(&shoot, shoot_time, &io, openssl, &peer_io, shootout_tick, &prog);
  if (prog.on) fprintf(stderr, "\r\033[K");

  bench_report rep = {
      .version = BENCH_VERSION,
      .compiler = BENCH_COMPILER,
      .cflags = BENCH_CFLAGS,
      .counter = bench_counter_name(),
      .counter_hz = hz,
      .min_time = min_time,
      .runs = (unsigned)runs,
      .cpu_summary = hwc_cpu_summary(),
      .results = results,
      .n_results = n_results,
      .shoot = run_shootout ? &shoot : NULL,
      .n_peers = BENCH_MAX_PEERS,
      .scale = strcmp(scale, "absolute") == 0 ? BENCH_SCALE_ABSOLUTE : BENCH_SCALE_RELATIVE,
      .php_line = php_line[0] ? php_line : NULL,
      .bounds = bounds.measured ? &bounds : NULL,
  };
  memcpy(rep.peers, peer_info, sizeof peer_info);
  fill_prims(&rep);
  if (nrows && n_results) print_table(&rep);
  if (run_shootout) print_shootout(&rep, &shoot);

  int werr = 0;
  if (f_json) werr |= report_json(f_json, &rep);
  if (outdir) {
    werr |= report_json(f_out[0], &rep);
    werr |= report_md(f_out[1], &rep);
    werr |= report_svg(f_out[2], &rep);
  }
  if (f_json || outdir) {
    if (werr || out_commit() != 0) {
      fprintf(stderr, "hwcrypto-bench: no report written\n");
      failed = 1;
    } else {
      if (json) printf("JSON written to %s\n", json);
      if (outdir) printf("report written to %s, %s and %s\n", out_path[0], out_path[1], out_path[2]);
    }
  }

  for (int k = 0; k < 3; k++) free(out_path[k]);
  free(io.in);
  free(io.out);
  free(peer_io.in);
  free(peer_io.out);
  free(results);
  if (re) regfree(re);
  return failed ? 1 : 0;
}
