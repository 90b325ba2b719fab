/* SPDX-License-Identifier: ISC */
/*
 * The JSON report (schema 2, described in bench/README.md): the figures of
 * every measured result, ours and the peer libraries' (each with its
 * "source"), which peers were loaded, the instruction throughputs and
 * per-figure bounds (bound.h), plus what is needed to reproduce them.
 * JSON has no NaN or infinity, so a figure that is not finite is written
 * as null.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "report.h"

void bench_json_string(FILE *f, const char *s, size_t n) {
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

static void num(FILE *f, double x) {
  if (isfinite(x))
    fprintf(f, "%.7g", x);
  else
    fputs("null", f);
}

/* Writes the space-separated words of s[0..n) as an array of strings. */
static void words(FILE *f, const char *s, size_t n) {
  fputc('[', f);
  int first = 1;
  size_t i = 0;
  while (i < n) {
    while (i < n && s[i] == ' ') i++;
    size_t j = i;
    while (j < n && s[j] != ' ') j++;
    if (j > i) {
      if (!first) fputc(',', f);
      bench_json_string(f, s + i, j - i);
      first = 0;
    }
    i = j;
  }
  fputc(']', f);
}

static void field(FILE *f, const char *key, const char *cpu, const char *skey) {
  size_t n;
  const char *v = bench_summary_field(cpu, skey, &n);
  fprintf(f, "\"%s\":", key);
  bench_json_string(f, v, n);
}

/* One element of "results". */
static void result(FILE *f, const bench_result *r) {
  fprintf(f, "{\"name\":");
  bench_json_string(f, r->row->name, SIZE_MAX);
  fprintf(f, ",\"primitive\":");
  bench_json_string(f, hwc_prim_name(r->row->prim), SIZE_MAX);
  fprintf(f, ",\"impl\":");
  bench_json_string(f, r->impl, SIZE_MAX);
  fprintf(f, ",\"selected\":%s", r->selected ? "true" : "false");
  fprintf(f, ",\"source\":");
  bench_json_string(f, r->source ? r->source : BENCH_SOURCE_HWCRYPTO, SIZE_MAX);
  if (r->row->kind == BENCH_BULK) fprintf(f, ",\"size\":%zu", r->size);
  fprintf(f, ",\"median_ns\":");
  num(f, r->fig.median_ns);
  fprintf(f, ",\"min_ns\":");
  num(f, r->fig.min_ns);
  fprintf(f, ",\"max_ns\":");
  num(f, r->fig.max_ns);
  if (r->row->kind == BENCH_BULK) {
    fprintf(f, ",\"gbps\":");
    num(f, bench_result_rate(r));
    fprintf(f, ",\"cpb\":");
    num(f, r->fig.ticks / (double)r->size);
  } else {
    fprintf(f, ",\"ops_per_s\":");
    num(f, bench_result_rate(r));
    fprintf(f, ",\"cycles_per_op\":");
    num(f, r->fig.ticks);
  }
  /* Only where modelled: a reader tells "no bound" by the key's absence. */
  if (bench_result_x_bound(r) > 0) {
    fprintf(f, ",\"bound_cpb\":");
    num(f, r->bound_cpb);
    fprintf(f, ",\"x_bound\":");
    num(f, bench_result_x_bound(r));
  }
  /* A peer's figure carries ours from the same alternated runs, so a reader
   * can recompute the ratio the tables show. */
  if (bench_result_is_peer(r)) {
    fprintf(f, ",\"hwcrypto_median_ns\":");
    num(f, r->pair.median_ns);
  }
  fputc('}', f);
}

/* "scenarios": the cipher-shootout's method and ranking. */
static void shootout_json(FILE *f, const shootout *s) {
  fprintf(f, ",\n\"scenarios\":{\"cipher-shootout\":{\"time_s\":");
  num(f, s->time_s);
  fprintf(f, ",\"runs\":%u,\"best\":%u,\"chunk\":%zu,\"bytes\":%llu,\"rows\":[", s->runs, s->best,
          s->chunk, s->bytes);
  double fastest = INFINITY;
  for (size_t i = 0; i < s->count; i++)
    if (s->rows[i].mean_s < fastest) fastest = s->rows[i].mean_s;
  for (size_t i = 0; i < s->count; i++) {
    const shootout_result *r = &s->rows[i];
    fprintf(f, "%s\n{\"name\":", i ? "," : "");
    bench_json_string(f, r->name, SIZE_MAX);
    fprintf(f, ",\"impl\":");
    bench_json_string(f, r->impl, SIZE_MAX);
    fprintf(f, ",\"source\":");
    bench_json_string(f, r->source ? r->source : BENCH_SOURCE_HWCRYPTO, SIZE_MAX);
    fprintf(f, ",\"mean_s\":");
    num(f, r->mean_s);
    fprintf(f, ",\"min_s\":");
    num(f, r->min_s);
    fprintf(f, ",\"max_s\":");
    num(f, r->max_s);
    fprintf(f, ",\"gbps\":");
    num(f, (double)s->bytes / r->mean_s / 1e9);
    fprintf(f, ",\"relative\":");
    num(f, fastest / r->mean_s);
    fputc('}', f);
  }
  fprintf(f, "\n]}}");
}

/* "peers": every peer library, loaded with its version or why not. */
static void peers_json(FILE *f, const bench_report *rep) {
  fprintf(f, ",\n\"peers\":[");
  for (size_t i = 0; i < rep->n_peers; i++) {
    const bench_peer_info *p = &rep->peers[i];
    fprintf(f, "%s{\"id\":", i ? "," : "");
    bench_json_string(f, p->id, SIZE_MAX);
    fprintf(f, ",\"name\":");
    bench_json_string(f, p->name, SIZE_MAX);
    if (p->loaded) {
      fprintf(f, ",\"version\":");
      bench_json_string(f, p->version, SIZE_MAX);
    }
    fprintf(f, ",\"loaded\":%s", p->loaded ? "true" : "false");
    if (!p->loaded) {
      fprintf(f, ",\"reason\":");
      bench_json_string(f, p->reason, SIZE_MAX);
    }
    fputc('}', f);
  }
  fputc(']', f);
}

/* "bound_tpi": the measured ticks per instruction the bounds came from,
 * those this CPU has, so a reader can check a bound or redo a model. */
static void bounds_json(FILE *f, const bench_bounds *b) {
  fprintf(f, ",\n\"bound_tpi\":{");
  int first = 1;
  for (unsigned i = 0; i < BOUND_NINSN; i++) {
    if (!(b->tpi[i] > 0)) continue;
    fprintf(f, "%s", first ? "" : ",");
    first = 0;
    bench_json_string(f, bound_insn_name((bound_insn)i), SIZE_MAX);
    fputc(':', f);
    num(f, b->tpi[i]);
  }
  fputc('}', f);
}

int report_json(FILE *f, const bench_report *rep) {
  const char *cpu = rep->cpu_summary;
  size_t n;
  fprintf(f, "{\"schema\":2,\"version\":");
  bench_json_string(f, rep->version, SIZE_MAX);
  fprintf(f, ",\"compiler\":");
  bench_json_string(f, rep->compiler, SIZE_MAX);
  fprintf(f, ",\"cflags\":");
  bench_json_string(f, rep->cflags, SIZE_MAX);
  fprintf(f, ",\"counter\":");
  bench_json_string(f, rep->counter, SIZE_MAX);
  fprintf(f, ",\"tsc_hz\":");
  num(f, rep->counter_hz);
  fprintf(f, ",\"min_time\":");
  num(f, rep->min_time);
  fprintf(f, ",\"runs\":%u,\n\"cpu\":{", rep->runs);
  field(f, "vendor", cpu, "vendor: ");
  fputc(',', f);
  field(f, "model", cpu, "model: ");
  fprintf(f, ",\"features\":");
  const char *v = bench_summary_field(cpu, "features: ", &n);
  words(f, v, n);
  /* A run with features masked by HWCRYPTO_CPU_DISABLE does not describe
   * this CPU; the report says so rather than passing for a normal one. */
  v = bench_summary_field(cpu, "masked: ", &n);
  if (n) {
    fprintf(f, ",\"masked\":");
    words(f, v, n);
  }
  fprintf(f, "},\n\"selected\":{");
  int first = 1;
  for (size_t p = 0; p < HWC_PRIM_COUNT; p++) {
    if (!rep->prims[p].selected) continue;
    fprintf(f, "%s", first ? "" : ",");
    first = 0;
    bench_json_string(f, rep->prims[p].name, SIZE_MAX);
    fputc(':', f);
    bench_json_string(f, rep->prims[p].selected, SIZE_MAX);
  }
  fputc('}', f);
  peers_json(f, rep);
  if (rep->bounds) bounds_json(f, rep->bounds);
  fprintf(f, ",\n\"results\":[");
  first = 1;
  for (size_t i = 0; i < rep->n_results; i++) {
    if (rep->results[i].st != BENCH_MEASURED) continue;
    fprintf(f, "%s\n", first ? "" : ",");
    first = 0;
    result(f, &rep->results[i]);
  }
  fprintf(f, "\n]");
  if (rep->shoot && rep->shoot->count) shootout_json(f, rep->shoot);
  fprintf(f, "}\n");
  return ferror(f) ? -1 : 0;
}
