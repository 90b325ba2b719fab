/*
 * hwcrypto-bench: every row of every suite (suites.h), for every
 * implementation this CPU supports or only the selected one, as a table on
 * stdout and optionally as JSON (schema 1, see README.md).
 *
 * Exit status: 0 all figures measured, 1 a figure or the JSON file failed,
 * 2 bad command line (unknown option or --impl value, bad regex, a --json
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
#include "bench_version.h"

#define DEFAULT_MIN_TIME 0.1
#define DEFAULT_RUNS 5

static const bench_suite *const suites[] = {
#define BENCH_SUITE(id) &bench_suite_##id,
#include "suites.h"
#undef BENCH_SUITE
};

typedef enum { MEASURED, UNSUPPORTED, NOT_BUILT, FAILED } status;

typedef struct result {
  const bench_row *row;
  const char *impl;
  int selected; /* the implementation the dispatcher chose on its own */
  status st;
  int err;      /* HWC_ERR_* when st == FAILED */
  size_t size;  /* 0 for BENCH_OP */
  bench_figure fig;
} result;

static result *results;
static size_t n_results, cap_results;

static const char *default_impl[HWC_PRIM_COUNT];

static void die(int code, const char *fmt, const char *arg) {
  fprintf(stderr, "hwcrypto-bench: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  exit(code);
}

static result *add_result(void) {
  if (n_results == cap_results) {
    cap_results = cap_results ? 2 * cap_results : 64;
    results = realloc(results, cap_results * sizeof *results);
    if (!results) die(1, "%s", "out of memory");
  }
  memset(&results[n_results], 0, sizeof results[0]);
  return &results[n_results++];
}

/* ------------------------------------------------------------ JSON file */

/* The report is written to a temporary name beside FILE and renamed over it
 * only once complete, so a reader never sees half a report; an interrupted
 * run removes its temporary file. */
static char tmp_path[4096];
static volatile sig_atomic_t tmp_live;

static void remove_tmp(void) {
  if (tmp_live) unlink(tmp_path);
  tmp_live = 0;
}

static void on_signal(int sig) {
  if (tmp_live) unlink(tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static FILE *open_report(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) die(2, "--json %s: is a directory", path);
  if (strlen(path) + 16 > sizeof tmp_path) die(2, "--json %s: path too long", path);
  snprintf(tmp_path, sizeof tmp_path, "%s.tmp-XXXXXX", path);
  int fd = mkstemp(tmp_path);
  if (fd < 0) {
    fprintf(stderr, "hwcrypto-bench: --json %s: cannot write there: %s\n", path, strerror(errno));
    exit(2);
  }
  tmp_live = 1;
  atexit(remove_tmp);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  /* mkstemp makes the file 0600; a report is as readable as any file. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  FILE *f = fdopen(fd, "w");
  if (!f) die(2, "--json: %s", strerror(errno));
  return f;
}

static void json_str(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n && s[i]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

/* JSON has no NaN or infinity: a figure that is not finite is null. */
static void json_num(FILE *f, double x) {
  if (isfinite(x))
    fprintf(f, "%.7g", x);
  else
    fputs("null", f);
}

/* Writes the words of s[0..n) as a JSON array of strings. */
static void json_words(FILE *f, const char *s, size_t n) {
  fputc('[', f);
  int first = 1;
  size_t i = 0;
  while (i < n) {
    while (i < n && s[i] == ' ') i++;
    size_t j = i;
    while (j < n && s[j] != ' ') j++;
    if (j > i) {
      if (!first) fputc(',', f);
      json_str(f, s + i, j - i);
      first = 0;
    }
    i = j;
  }
  fputc(']', f);
}

/* hwc_cpu_summary() is "vendor: V; model: M; features: a b c" with an
 * optional "; masked: x y". Finds the value of `key`, up to the next field. */
static const char *summary_field(const char *s, const char *key, size_t *len) {
  static const char *const keys[] = {"vendor: ", "model: ", "features: ", "masked: "};
  const char *p = strstr(s, key);
  if (!p) {
    *len = 0;
    return "";
  }
  p += strlen(key);
  const char *end = p + strlen(p);
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    char sep[32];
    snprintf(sep, sizeof sep, "; %s", keys[k]);
    const char *q = strstr(p, sep);
    if (q && q < end) end = q;
  }
  *len = (size_t)(end - p);
  return p;
}

static int write_report(FILE *f, const char *path, double min_time) {
  const char *cpu = hwc_cpu_summary();
  size_t n;
  const char *v;
  fprintf(f, "{\"schema\":1,\"version\":");
  json_str(f, BENCH_VERSION, SIZE_MAX);
  fprintf(f, ",\"tsc_hz\":");
  json_num(f, bench_counter_hz());
  fprintf(f, ",\"min_time\":");
  json_num(f, min_time);
  fprintf(f, ",\n\"cpu\":{\"vendor\":");
  v = summary_field(cpu, "vendor: ", &n);
  json_str(f, v, n);
  fprintf(f, ",\"model\":");
  v = summary_field(cpu, "model: ", &n);
  json_str(f, v, n);
  fprintf(f, ",\"features\":");
  v = summary_field(cpu, "features: ", &n);
  json_words(f, v, n);
  /* A run with features masked by HWCRYPTO_CPU_DISABLE does not describe
   * this CPU; the report says so rather than passing for a normal one. */
  v = summary_field(cpu, "masked: ", &n);
  if (n) {
    fprintf(f, ",\"masked\":");
    json_words(f, v, n);
  }
  fprintf(f, "},\n\"results\":[");
  int first = 1;
  for (size_t i = 0; i < n_results; i++) {
    const result *r = &results[i];
    if (r->st != MEASURED) continue;
    fprintf(f, "%s\n{\"name\":", first ? "" : ",");
    first = 0;
    json_str(f, r->row->name, SIZE_MAX);
    fprintf(f, ",\"primitive\":");
    json_str(f, hwc_prim_name(r->row->prim), SIZE_MAX);
    fprintf(f, ",\"impl\":");
    json_str(f, r->impl, SIZE_MAX);
    fprintf(f, ",\"selected\":%s", r->selected ? "true" : "false");
    if (r->row->kind == BENCH_BULK) fprintf(f, ",\"size\":%zu", r->size);
    fprintf(f, ",\"median_ns\":");
    json_num(f, r->fig.median_ns);
    fprintf(f, ",\"min_ns\":");
    json_num(f, r->fig.min_ns);
    fprintf(f, ",\"max_ns\":");
    json_num(f, r->fig.max_ns);
    if (r->row->kind == BENCH_BULK) {
      fprintf(f, ",\"gbps\":");
      json_num(f, (double)r->size / r->fig.median_ns);
      fprintf(f, ",\"cpb\":");
      json_num(f, r->fig.ticks / (double)r->size);
    } else {
      fprintf(f, ",\"ops_per_s\":");
      json_num(f, 1e9 / r->fig.median_ns);
      fprintf(f, ",\"cycles_per_op\":");
      json_num(f, r->fig.ticks);
    }
    fputc('}', f);
  }
  fprintf(f, "\n]}\n");

  int ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
  ok &= fclose(f) == 0;
  if (ok && rename(tmp_path, path) == 0) {
    tmp_live = 0;
    return 0;
  }
  fprintf(stderr, "hwcrypto-bench: writing %s failed: %s\n", path, strerror(errno));
  remove_tmp();
  return -1;
}

/* ------------------------------------------------------------ the table */

static const char *fmt_size(size_t n, char *buf, size_t cap) {
  if (n >= 1048576 && n % 1048576 == 0)
    snprintf(buf, cap, "%zu MiB", n / 1048576);
  else if (n >= 1024 && n % 1024 == 0)
    snprintf(buf, cap, "%zu KiB", n / 1024);
  else
    snprintf(buf, cap, "%zu B", n);
  return buf;
}

static const result *generic_of(const result *r) {
  for (size_t i = 0; i < n_results; i++)
    if (results[i].row == r->row && results[i].size == r->size && results[i].st == MEASURED &&
        strcmp(results[i].impl, "generic") == 0)
      return &results[i];
  return NULL;
}

static void print_figure(const result *r) {
  char impl[40], size[24], speedup[16] = "-";
  snprintf(impl, sizeof impl, "%s%s", r->impl, r->selected ? "*" : "");
  const result *g = generic_of(r);
  if (g) snprintf(speedup, sizeof speedup, "%.2fx", g->fig.median_ns / r->fig.median_ns);
  double spread = 100.0 * (r->fig.max_ns - r->fig.min_ns) / r->fig.median_ns;
  if (r->row->kind == BENCH_BULK)
    printf("%-28s %-14s %8s %10.3f %10.3f %10s %7.1f%%\n", r->row->name, impl,
           fmt_size(r->size, size, sizeof size), (double)r->size / r->fig.median_ns,
           r->fig.ticks / (double)r->size, speedup, spread);
  else
    printf("%-28s %-14s %8s %10.0f %10.0f %10s %7.1f%%\n", r->row->name, impl, "-",
           1e9 / r->fig.median_ns, r->fig.ticks, speedup, spread);
}

static void print_table(void) {
  int kind = -1;
  for (size_t i = 0; i < n_results; i++) {
    const bench_row *row = results[i].row;
    if (i > 0 && results[i - 1].row == row) continue;
    if ((int)row->kind != kind) {
      kind = (int)row->kind;
      printf("\n%-28s %-14s %8s %10s %10s %10s %8s\n", "name", "impl", "size",
             kind == BENCH_BULK ? "GB/s" : "ops/s", kind == BENCH_BULK ? "cpb" : "cycles/op",
             "vs generic", "spread");
    }
    /* Side by side: per size, every implementation of this row. */
    static const size_t sizes[] = BENCH_SIZES;
    size_t nsizes = row->kind == BENCH_BULK ? BENCH_NSIZES : 1;
    for (size_t s = 0; s < nsizes; s++)
      for (size_t j = i; j < n_results && results[j].row == row; j++)
        if (results[j].st == MEASURED && results[j].size == (row->kind == BENCH_BULK ? sizes[s] : 0))
          print_figure(&results[j]);
    for (size_t j = i; j < n_results && results[j].row == row; j++) {
      const result *r = &results[j];
      if (r->st == NOT_BUILT)
        printf("%-28s %-14s (not built: no implementation of %s in this build)\n", row->name, "-",
               hwc_prim_name(row->prim));
      else if (r->st == UNSUPPORTED)
        printf("%-28s %-14s (not supported by this CPU)\n", row->name, r->impl);
      else if (r->st == FAILED)
        printf("%-28s %-14s (failed: %s)\n", row->name, r->impl, hwc_strerror(r->err));
    }
  }
  printf("\n* = the implementation the dispatcher selects on this CPU; vs generic = "
         "generic's time / this time;\nspread = (max - min) / median over the runs.\n");
}

/* ------------------------------------------------------------- running */

static int matches(const regex_t *re, const bench_row *row) {
  return !re || regexec(re, row->name, 0, NULL, 0) == 0;
}

static int wanted(const bench_row *row, size_t i, int only_selected) {
  const char *name = hwc_impl_name(row->prim, i);
  return !only_selected || (name && default_impl[row->prim] && strcmp(name, default_impl[row->prim]) == 0);
}

typedef struct progress {
  int on;
  unsigned done, total;
  uint64_t start;
} progress;

static void show_progress(progress *p, const bench_row *row, const char *impl, size_t size) {
  if (!p->on) return;
  char buf[24];
  fprintf(stderr, "\r\033[K[%u/%u] %s %s %s  %.0f s", ++p->done, p->total, row->name, impl,
          row->kind == BENCH_BULK ? fmt_size(size, buf, sizeof buf) : "",
          (double)(bench_now_ns() - p->start) / 1e9);
  fflush(stderr);
}

static int run_row(const bench_row *row, bench_io *io, double min_time, unsigned runs,
                   int only_selected, progress *prog) {
  static const size_t sizes[] = BENCH_SIZES;
  int failed = 0;
  size_t n = hwc_impl_count(row->prim);
  if (n == 0) {
    result *r = add_result();
    r->row = row;
    r->impl = "-";
    r->st = NOT_BUILT;
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (!wanted(row, i, only_selected)) continue;
    const char *impl = hwc_impl_name(row->prim, i);
    int sel = default_impl[row->prim] && strcmp(impl, default_impl[row->prim]) == 0;
    if (!hwc_impl_supported(row->prim, i)) {
      result *r = add_result();
      *r = (result){.row = row, .impl = impl, .selected = sel, .st = UNSUPPORTED};
      continue;
    }
    int err = hwc_impl_select(row->prim, impl);
    io->state = NULL;
    if (err == HWC_OK && row->setup) err = row->setup(io);
    if (err != HWC_OK) {
      result *r = add_result();
      *r = (result){.row = row, .impl = impl, .selected = sel, .st = FAILED, .err = err};
      failed = 1;
    } else {
      size_t nsizes = row->kind == BENCH_BULK ? BENCH_NSIZES : 1;
      for (size_t s = 0; s < nsizes; s++) {
        size_t len = row->kind == BENCH_BULK ? sizes[s] : 0;
        show_progress(prog, row, impl, len);
        result *r = add_result();
        *r = (result){.row = row, .impl = impl, .selected = sel, .st = MEASURED, .size = len};
        bench_measure(row, io, len, min_time, runs, &r->fig);
      }
    }
    if (row->teardown) row->teardown(io);
    /* Leave the process as the dispatcher set it up for the next row. */
    if (default_impl[row->prim]) hwc_impl_select(row->prim, default_impl[row->prim]);
  }
  return failed;
}

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
}

static void usage(FILE *f) {
  fprintf(f,
          "usage: hwcrypto-bench [--json FILE] [--filter REGEX] [--impl selected|all]\n"
          "                      [--min-time SECONDS] [--runs N] [--list]\n"
          "  --json FILE         also write the results as JSON (schema 1) to FILE\n"
          "  --filter REGEX      only result names matching this POSIX extended regex\n"
          "  --impl all          every implementation this CPU supports (default)\n"
          "  --impl selected     only the one the dispatcher selects\n"
          "  --min-time SECONDS  length of each timed run and of the warm-up (default %g)\n"
          "  --runs N            timed runs per figure, median reported (default %d)\n"
          "  --list              list result names and implementations, run nothing\n",
          DEFAULT_MIN_TIME, DEFAULT_RUNS);
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

int main(int argc, char **argv) {
  const char *json = NULL, *filter = NULL, *impl = "all";
  double min_time = DEFAULT_MIN_TIME;
  long runs = DEFAULT_RUNS;
  int list = 0;

  for (int i = 1; i < argc; i++) {
    const char *v;
    char *end;
    if ((v = opt_value(argc, argv, &i, "--json"))) {
      json = v;
    } else if ((v = opt_value(argc, argv, &i, "--filter"))) {
      filter = v;
    } else if ((v = opt_value(argc, argv, &i, "--impl"))) {
      impl = v;
    } else if ((v = opt_value(argc, argv, &i, "--min-time"))) {
      errno = 0;
      min_time = strtod(v, &end);
      if (errno || end == v || *end || !(min_time > 0 && min_time <= 60))
        die(2, "--min-time %s: want seconds, more than 0 and at most 60", v);
    } else if ((v = opt_value(argc, argv, &i, "--runs"))) {
      errno = 0;
      runs = strtol(v, &end, 10);
      if (errno || end == v || *end || runs < 1 || runs > 101) die(2, "--runs %s: want 1..101", v);
    } else if (strcmp(argv[i], "--list") == 0) {
      list = 1;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "hwcrypto-bench: unknown argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  if (strcmp(impl, "all") != 0 && strcmp(impl, "selected") != 0)
    die(2, "--impl %s: want 'all' or 'selected'", impl);
  int only_selected = strcmp(impl, "selected") == 0;

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

  /* Everything that can go wrong with the command line is reported before
   * the (long) measurement starts. */
  progress prog = {0};
  size_t nrows = 0;
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++) {
      const bench_row *row = &suites[s]->rows[k];
      if (!matches(re, row)) continue;
      nrows++;
      for (size_t i = 0; i < hwc_impl_count(row->prim); i++)
        if (wanted(row, i, only_selected) && hwc_impl_supported(row->prim, i))
          prog.total += row->kind == BENCH_BULK ? BENCH_NSIZES : 1;
    }
  if (nrows == 0) die(2, "--filter '%s' matches no result name (--list shows them)", filter);
  FILE *report = json ? open_report(json) : NULL;

  bench_io io = {aligned_alloc(64, BENCH_MAX_SIZE), aligned_alloc(64, BENCH_MAX_SIZE + 64), NULL};
  if (!io.in || !io.out) die(1, "%s", "out of memory");
  if (hwc_random_bytes(io.in, BENCH_MAX_SIZE) != HWC_OK) die(1, "%s", "hwc_random_bytes failed");
  memset(io.out, 0, BENCH_MAX_SIZE + 64);

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
  fflush(stdout);

  prog.on = isatty(STDERR_FILENO);
  prog.start = bench_now_ns();
  int failed = 0;
  for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++)
    for (size_t k = 0; k < suites[s]->count; k++)
      if (matches(re, &suites[s]->rows[k]))
        failed |= run_row(&suites[s]->rows[k], &io, min_time, (unsigned)runs, only_selected, &prog);
  if (prog.on) fprintf(stderr, "\r\033[K");

  print_table();
  if (report && write_report(report, json, min_time) != 0) failed = 1;
  else if (report) printf("JSON written to %s\n", json);

  free(io.in);
  free(io.out);
  free(results);
  if (re) regfree(re);
  return failed ? 1 : 0;
}
