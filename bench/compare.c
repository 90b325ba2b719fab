/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-bench --compare A.json B.json ...: Markdown tables across
 * reports (CPUs of a fleet, or versions on one CPU).
 *
 * First the headline, "what an application gets": per report and per main
 * result (tiers.h, bulk rows at 16 KiB) the implementation the dispatcher
 * selected there, its throughput, and the ratio to OpenSSL on the same CPU
 * when the report has OpenSSL's figure (schema 2). Then every figure: rows are result name +
 * implementation + size, columns the files; every figure is a throughput
 * (GB/s or ops/s, higher is better) and every column after the first also
 * gives its ratio to the first file, and, for bulk figures with an
 * instruction bound (bound.h), how far each is from its own CPU's limit.
 * Ratios below 1 - threshold are flagged
 * as regressions when the file measured the same CPU as the first (model
 * and masked features), as merely slower when it measured another (a
 * fleet's older machine); --fail-below RATIO turns any ratio under RATIO
 * into exit status 1, so a CI job can gate on it.
 *
 * Exit status: 0 compared, 1 a ratio below --fail-below, 2 bad command line
 * or a file that cannot be read or is not a schema-1 report.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "report.h"
#include "tiers.h"

typedef struct key {
  char name[96], impl[96];
  char source[32]; /* "hwcrypto", or the peer library's id (schema 2) */
  long size;       /* -1: an operation row */
  int bulk;
} key;

typedef struct figure {
  key k;
  double rate;
  int selected;        /* the dispatcher's choice (ours only) */
  double median_ns;    /* 0: absent */
  double hwcrypto_ns;  /* a peer's figure: ours from the same alternated runs, 0: absent */
  double x_bound;      /* cycles/byte over the instruction bound on its CPU, 0: absent */
} figure;

typedef struct report_file {
  const char *path;
  char label[640]; /* the column's title: file name and desc (title_files) */
  char desc[400];  /* CPU model<br>version */
  /* The CPU as measured: its model and the features HWCRYPTO_CPU_DISABLE
   * masked (a --tiers report is the same model with features hidden). A
   * figure is a regression only against the same CPU; against another it
   * is just slower, as an older machine of a fleet is. */
  char cpu[400];
  figure *figs;
  size_t n;
} report_file;

static void bad_input(const char *path, const char *what) {
  fprintf(stderr, "hwcrypto-bench --compare: %s: %s\n", path, what);
  exit(2);
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) bad_input(path, strerror(errno));
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (!buf) bad_input(path, "out of memory");
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap) break;
    if (cap >= ((size_t)1 << 30)) bad_input(path, "larger than 1 GiB, not a report");
    cap *= 2;
    buf = realloc(buf, cap);
  }
  int err = ferror(f);
  fclose(f);
  if (err) bad_input(path, "read error");
  *len = n;
  return buf;
}

/* Appends a figure; the array grows by doubling (at sizes 2^k - 1). */
static figure *add(report_file *rf, const key *k, double rate) {
  if ((rf->n & (rf->n + 1)) == 0 || rf->n == 0) {
    figure *p = realloc(rf->figs, (2 * rf->n + 2) * sizeof *p);
    if (!p) bad_input(rf->path, "out of memory");
    rf->figs = p;
  }
  figure *f = &rf->figs[rf->n++];
  memset(f, 0, sizeof *f);
  f->k = *k;
  f->rate = rate;
  return f;
}

static void load(report_file *rf) {
  size_t len;
  char *text = slurp(rf->path, &len);
  char err[160], msg[256];
  jv *doc = json_parse(text, len, err, sizeof err);
  free(text);
  if (!doc) {
    snprintf(msg, sizeof msg, "not valid JSON (%s)", err);
    bad_input(rf->path, msg);
  }
  double schema;
  if (doc->type != JV_OBJ || !json_num(doc, "schema", &schema) || (schema != 1 && schema != 2))
    bad_input(rf->path, "not an hwcrypto-bench report (no \"schema\":1 or 2)");
  /* Schema 2 added the peer libraries' figures and says which were loaded. */
  const jv *peers = json_get(doc, "peers");
  if (schema == 2 && (!peers || peers->type != JV_ARR))
    bad_input(rf->path, "a schema-2 report without a \"peers\" array");
  const jv *results = json_get(doc, "results");
  if (!results || results->type != JV_ARR) bad_input(rf->path, "no \"results\" array");

  const char *model = json_str(json_get(doc, "cpu"), "model");
  const char *version = json_str(doc, "version");
  snprintf(rf->desc, sizeof rf->desc, "%.250s<br>%.140s", model && *model ? model : "?", version ? version : "?");
  size_t used = (size_t)snprintf(rf->cpu, sizeof rf->cpu, "%.250s", model ? model : "");
  const jv *masked = json_get(json_get(doc, "cpu"), "masked");
  if (masked && masked->type == JV_ARR)
    for (size_t i = 0; i < masked->n && used < sizeof rf->cpu; i++)
      if (masked->items[i].type == JV_STR)
        used += (size_t)snprintf(rf->cpu + used, sizeof rf->cpu - used, " -%s", masked->items[i].str);

  for (size_t i = 0; i < results->n; i++) {
    const jv *r = &results->items[i];
    const char *name = json_str(r, "name"), *impl = json_str(r, "impl");
    double size = -1, rate;
    key k;
    memset(&k, 0, sizeof k);
    if (r->type != JV_OBJ || !name || !impl) {
      snprintf(msg, sizeof msg, "results[%zu]: not an object with \"name\" and \"impl\"", i);
      bad_input(rf->path, msg);
    }
    if (json_num(r, "size", &size)) {
      if (!(size >= 0 && size < 1e15) || !json_num(r, "gbps", &rate)) {
        snprintf(msg, sizeof msg, "results[%zu] (%s): bulk row without a valid size and \"gbps\"", i, name);
        bad_input(rf->path, msg);
      }
      k.bulk = 1;
      k.size = (long)size;
    } else if (json_num(r, "ops_per_s", &rate)) {
      k.size = -1;
    } else {
      snprintf(msg, sizeof msg, "results[%zu] (%s): neither \"gbps\" nor \"ops_per_s\"", i, name);
      bad_input(rf->path, msg);
    }
    const char *source = json_str(r, "source");
    snprintf(k.name, sizeof k.name, "%s", name);
    snprintf(k.impl, sizeof k.impl, "%s", impl);
    snprintf(k.source, sizeof k.source, "%s", source ? source : "hwcrypto");
    figure *f = add(rf, &k, rate);
    const jv *sel = json_get(r, "selected");
    f->selected = sel && sel->type == JV_BOOL && sel->boolean;
    json_num(r, "median_ns", &f->median_ns);
    json_num(r, "hwcrypto_median_ns", &f->hwcrypto_ns);
    json_num(r, "x_bound", &f->x_bound);
  }

  /* The cipher-shootout scenario compares like a bulk row at its own size. */
  const jv *shoot = json_get(json_get(doc, "scenarios"), "cipher-shootout");
  const jv *rows = json_get(shoot, "rows");
  if (rows && rows->type == JV_ARR)
    for (size_t i = 0; i < rows->n; i++) {
      const jv *r = &rows->items[i];
      const char *name = json_str(r, "name"), *impl = json_str(r, "impl");
      double rate;
      if (!name || !impl || !json_num(r, "gbps", &rate)) {
        snprintf(msg, sizeof msg, "scenarios.cipher-shootout.rows[%zu]: want name, impl and gbps", i);
        bad_input(rf->path, msg);
      }
      key k;
      memset(&k, 0, sizeof k);
      snprintf(k.name, sizeof k.name, "cipher-shootout: %s", name);
      snprintf(k.impl, sizeof k.impl, "%s", impl);
      snprintf(k.source, sizeof k.source, "hwcrypto");
      k.size = -2;
      k.bulk = 1;
      add(rf, &k, rate);
    }
  json_free(doc);
}

/* The file's name as its column's title: the base name, or the path as
 * given when another file has the same base name, as a fleet's reports do
 * when two hosts have the same CPU (host1/amd-epyc-....json,
 * host2/amd-epyc-....json). */
static void title_files(report_file *files, size_t nf) {
  for (size_t i = 0; i < nf; i++) {
    const char *b = strrchr(files[i].path, '/');
    b = b ? b + 1 : files[i].path;
    int clash = 0;
    for (size_t j = 0; j < nf && !clash; j++) {
      const char *o = strrchr(files[j].path, '/');
      o = o ? o + 1 : files[j].path;
      clash = j != i && strcmp(b, o) == 0 && strcmp(files[i].path, files[j].path) != 0;
    }
    snprintf(files[i].label, sizeof files[i].label, "%.200s<br>%s", clash ? files[i].path : b, files[i].desc);
  }
}

/* Whether two keys name the same figure. */
static int same(const key *a, const key *b) {
  return a->size == b->size && strcmp(a->name, b->name) == 0 && strcmp(a->impl, b->impl) == 0 &&
         strcmp(a->source, b->source) == 0;
}

static const figure *find(const report_file *rf, const key *k) {
  for (size_t i = 0; i < rf->n; i++)
    if (same(&rf->figs[i].k, k)) return &rf->figs[i];
  return NULL;
}

/* "1.23 GB/s" or "4567 ops/s". */
static void cell_rate(char *buf, size_t cap, const figure *f) {
  if (f->k.bulk)
    snprintf(buf, cap, "%.3g GB/s", f->rate);
  else
    snprintf(buf, cap, "%.4g ops/s", f->rate);
}

/* ", 1.14x bound" when the figure has an instruction bound, else "": each
 * machine's distance from its own CPU's limit, which the throughput ratio
 * across CPUs does not tell. */
static const char *cell_bound(char *buf, size_t cap, const figure *f) {
  if (f->x_bound > 0)
    snprintf(buf, cap, ", %.2fx bound", f->x_bound);
  else
    buf[0] = '\0';
  return buf;
}

/* Our selected figure for a main result in one report (bulk rows at
 * BENCH_MAIN_SIZE), or NULL. */
static const figure *main_figure(const report_file *rf, const char *name) {
  for (size_t i = 0; i < rf->n; i++) {
    const figure *f = &rf->figs[i];
    if (f->selected && strcmp(f->k.source, "hwcrypto") == 0 && strcmp(f->k.name, name) == 0 &&
        (f->k.size == -1 || f->k.size == BENCH_MAIN_SIZE))
      return f;
  }
  return NULL;
}

/* OpenSSL's figure beside ours: same result and size, source "openssl". */
static const figure *openssl_figure(const report_file *rf, const figure *ours) {
  for (size_t i = 0; i < rf->n; i++) {
    const figure *f = &rf->figs[i];
    if (strcmp(f->k.source, "openssl") == 0 && f->k.size == ours->k.size && strcmp(f->k.name, ours->k.name) == 0)
      return f;
  }
  return NULL;
}

/* The headline, "what an application gets": per main result and report,
 * the implementation the dispatcher selected on that CPU, its throughput
 * and OpenSSL's time / ours. The ratio prefers the figure of ours measured
 * in the same alternated runs as OpenSSL's (schema 2's
 * hwcrypto_median_ns), so load on the machine affects both alike. The
 * table has no outer pipes (valid GFM), so a reader that takes every line
 * starting with "| " for the full table below is not confused. */
static void print_headline(const report_file *files, size_t nf) {
  size_t shown = 0;
  for (size_t r = 0; r < bench_main_rows_count; r++)
    for (size_t i = 0; i < nf; i++)
      if (main_figure(&files[i], bench_main_rows[r])) {
        if (shown++ == 0) {
          printf("what an application gets |");
          for (size_t j = 0; j < nf; j++) printf(" %s%s", files[j].label, j + 1 < nf ? " |" : "\n");
          printf("---|");
          for (size_t j = 0; j < nf; j++) printf("---:%s", j + 1 < nf ? "|" : "\n");
        }
        const figure *any = main_figure(&files[i], bench_main_rows[r]);
        if (any->k.bulk)
          printf("%s (%d KiB) |", bench_main_rows[r], BENCH_MAIN_SIZE / 1024);
        else
          printf("%s |", bench_main_rows[r]);
        for (size_t j = 0; j < nf; j++) {
          const figure *f = main_figure(&files[j], bench_main_rows[r]);
          const figure *o = f ? openssl_figure(&files[j], f) : NULL;
          char c[48], ratio[24] = "-";
          if (o && o->median_ns > 0 && o->hwcrypto_ns > 0)
            snprintf(ratio, sizeof ratio, "%.2fx", o->median_ns / o->hwcrypto_ns);
          else if (o && o->rate > 0)
            snprintf(ratio, sizeof ratio, "%.2fx", f->rate / o->rate);
          /* Whole operations per second read better than %g's exponents. */
          if (f && !f->k.bulk && f->rate >= 100)
            snprintf(c, sizeof c, "%.0f ops/s", f->rate);
          else if (f)
            cell_rate(c, sizeof c, f);
          char xb[32];
          if (f)
            printf(" %s, %s, %s%s%s", c, f->k.impl, ratio, cell_bound(xb, sizeof xb, f), j + 1 < nf ? " |" : "\n");
          else
            printf(" -%s", j + 1 < nf ? " |" : "\n");
        }
        break;
      }
  if (shown)
    printf("\nEach cell: throughput, the implementation the dispatcher selected on that CPU, and "
           "OpenSSL's time / ours on the same CPU (above 1: hwcrypto is faster; - when the report has "
           "no OpenSSL figure, as schema-1 reports do not); for bulk rows with a model, x bound: "
           "cycles/byte over that CPU's instruction bound (1.00x is its limit).\n\n");
}

/* A positive number option (PCT may end in '%'); exits 2 otherwise. */
static double parse_positive(const char *opt, const char *v, int percent) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (percent && end != v && *end == '%') end++;
  if (errno || end == v || *end || !(x > 0) || !isfinite(x)) {
    fprintf(stderr, "hwcrypto-bench --compare: %s %s: want a positive number\n", opt, v);
    exit(2);
  }
  return x;
}

/* --compare's entry point (report.h). */
int compare_main(int argc, char **argv) {
  double threshold = 10, fail_below = 0;
  report_file *files = calloc((size_t)argc, sizeof *files);
  size_t nf = 0;
  if (!files) return 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--compare") == 0) continue;
    if (strcmp(a, "--threshold") == 0 || strcmp(a, "--fail-below") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "hwcrypto-bench --compare: %s needs a value\n", a);
        return 2;
      }
      if (a[2] == 't')
        threshold = parse_positive(a, argv[++i], 1);
      else
        fail_below = parse_positive(a, argv[++i], 0);
    } else if (strncmp(a, "--threshold=", 12) == 0) {
      threshold = parse_positive("--threshold", a + 12, 1);
    } else if (strncmp(a, "--fail-below=", 13) == 0) {
      fail_below = parse_positive("--fail-below", a + 13, 0);
    } else if (a[0] == '-' && a[1] == '-') {
      fprintf(stderr, "hwcrypto-bench --compare: unknown option '%s' (want --threshold PCT, --fail-below RATIO)\n", a);
      return 2;
    } else {
      files[nf++].path = a;
    }
  }
  if (nf < 2) {
    fprintf(stderr, "hwcrypto-bench --compare: want at least two report files (A.json B.json ...)\n");
    return 2;
  }
  if (threshold >= 100) {
    fprintf(stderr, "hwcrypto-bench --compare: --threshold %g: want a percentage below 100\n", threshold);
    return 2;
  }
  for (size_t i = 0; i < nf; i++) load(&files[i]);
  title_files(files, nf);

  /* Rows: the first file's order, then what only later files have. */
  key *rows = NULL;
  size_t nrows = 0, cap = 0;
  for (size_t i = 0; i < nf; i++)
    for (size_t j = 0; j < files[i].n; j++) {
      const key *k = &files[i].figs[j].k;
      size_t r = 0;
      while (r < nrows && !same(&rows[r], k)) r++;
      if (r < nrows) continue;
      if (nrows == cap) {
        cap = cap ? 2 * cap : 64;
        key *p = realloc(rows, cap * sizeof *p);
        if (!p) return 2;
        rows = p;
      }
      rows[nrows++] = *k;
    }

  print_headline(files, nf);
  printf("| result | implementation | size |");
  for (size_t i = 0; i < nf; i++) printf(" %s |", files[i].label);
  printf("\n|---|---|---:|");
  for (size_t i = 0; i < nf; i++) printf("---:|");
  printf("\n");
  size_t regressions = 0, slower = 0, below = 0, compared = 0;
  for (size_t r = 0; r < nrows; r++) {
    const key *k = &rows[r];
    char size[32];
    if (k->size >= 0)
      snprintf(size, sizeof size, "%ld", k->size);
    else
      snprintf(size, sizeof size, "-");
    printf("| %s | %s | %s |", k->name, k->impl, size);
    const figure *base = find(&files[0], k);
    for (size_t i = 0; i < nf; i++) {
      const figure *f = find(&files[i], k);
      char c[48];
      if (!f) {
        printf(" - |");
        continue;
      }
      char xb[32];
      cell_rate(c, sizeof c, f);
      cell_bound(xb, sizeof xb, f);
      if (i == 0 || !base || !(base->rate > 0)) {
        printf(" %s%s |", c, xb);
        continue;
      }
      double ratio = f->rate / base->rate;
      compared++;
      int low = ratio < 1 - threshold / 100, same_cpu = strcmp(files[i].cpu, files[0].cpu) == 0;
      regressions += (size_t)(low && same_cpu);
      slower += (size_t)(low && !same_cpu);
      below += (size_t)(fail_below > 0 && ratio < fail_below);
      printf(" %s (%.2fx)%s%s |", c, ratio, xb, !low ? "" : same_cpu ? " **regression**" : " **slower**");
    }
    printf("\n");
  }
  printf("\nRatios are throughput in that file / throughput in %s (above 1 is faster). "
         "%zu ratios, %zu regressions beyond %g%% (same CPU as the first file)",
         files[0].path, compared, regressions, threshold);
  if (slower) printf(", %zu figures slower beyond it on another CPU (**slower**, not a regression)", slower);
  printf(". x bound: cycles/byte over the instruction bound measured on that file's CPU (1.00x is its "
         "limit), where the row has a model.");
  if (fail_below > 0) printf(" %zu below --fail-below %g.", below, fail_below);
  printf("\n");

  for (size_t i = 0; i < nf; i++) free(files[i].figs);
  free(files);
  free(rows);
  if (below) {
    fprintf(stderr, "hwcrypto-bench --compare: %zu ratio%s below %g\n", below, below == 1 ? "" : "s", fail_below);
    return 1;
  }
  return 0;
}
