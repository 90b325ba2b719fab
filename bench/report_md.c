/* SPDX-License-Identifier: ISC */
/*
 * The Markdown report: what a person deciding what to deploy on this CPU
 * reads first. CPU and selection on top, then one table per primitive
 * family (every implementation side by side, per size), the scenarios, and
 * what is needed to reproduce the figures. Noisy figures are marked rather
 * than hidden: on a shared machine the reader should know which to distrust.
 * Each loaded peer library (OpenSSL, libsodium) has a "vs" column: our
 * selected implementation's throughput over the peer's, from alternated
 * runs; the peer's own figures are lines of the table beside ours. Bulk
 * figures of ours stand beside their instruction bound (bound.h), so a
 * reader sees which run at the CPU's limit and which do not.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "report.h"

static const struct {
  const char *prim, *title;
} families[] = {
    {"sha256", "SHA-256 (and HMAC-SHA-256, HKDF-SHA-256)"},
    {"sha512", "SHA-512 (and HMAC-SHA-512)"},
    {"sha1", "SHA-1"},
    {"aes", "AES (CBC, CTR, GCM)"},
    {"ghash", "GHASH"},
    {"chacha20", "ChaCha20 and its AEADs"},
    {"poly1305", "Poly1305"},
    {"fe25519", "Curve25519: X25519, Ed25519, ristretto255"},
    {"bignum", "RSA and modular exponentiation"},
};

/* The section title of a primitive's family. */
static const char *family_title(const char *prim) {
  for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
    if (strcmp(families[i].prim, prim) == 0) return families[i].title;
  return prim;
}

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

/* About three significant digits whatever the magnitude. */
static const char *fmt_num(double x, char *buf, size_t cap) {
  if (!isfinite(x))
    snprintf(buf, cap, "-");
  else if (x >= 100)
    snprintf(buf, cap, "%.0f", x);
  else if (x >= 10)
    snprintf(buf, cap, "%.1f", x);
  else if (x >= 1)
    snprintf(buf, cap, "%.2f", x);
  else
    snprintf(buf, cap, "%.3f", x);
  return buf;
}

/* One table line: a figure of ours (its speed-up over generic and, when it
 * is the selected implementation, its ratio to each loaded peer) or a
 * peer's figure (named after the library, in italics). */
static void figure_line(FILE *f, const bench_report *rep, const bench_result *r) {
  char a[32], b[32], c[32], sz[24], up[32] = "-", impl[96];
  int peer = bench_result_is_peer(r);
  const bench_result *g = peer ? NULL : bench_generic_of(rep, r);
  if (g) snprintf(up, sizeof up, "%.2fx", g->fig.median_ns / r->fig.median_ns);
  double spread = (r->fig.max_ns - r->fig.min_ns) / r->fig.median_ns;
  char sp[40];
  snprintf(sp, sizeof sp, spread > BENCH_NOISY ? "%.0f%% **noisy**" : "%.1f%%", 100 * spread);
  if (peer)
    snprintf(impl, sizeof impl, "*%s* (peer)", bench_peer_name(rep, r->source));
  else if (r->selected)
    snprintf(impl, sizeof impl, "**%s** ★", r->impl);
  else
    snprintf(impl, sizeof impl, "%s", r->impl);
  char bd[32] = "-", xb[40] = "-";
  double x = bench_result_x_bound(r);
  if (x > 0) {
    fmt_num(r->bound_cpb, bd, sizeof bd);
    snprintf(xb, sizeof xb, x <= BENCH_AT_BOUND ? "**%.2fx**" : "%.2fx", x);
  }
  if (r->row->kind == BENCH_BULK)
    fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", r->row->name, impl,
            fmt_size(r->size, sz, sizeof sz), fmt_num(bench_result_rate(r), a, sizeof a),
            fmt_num(r->fig.ticks / (double)r->size, b, sizeof b), bd, xb, fmt_num(1e9 / r->fig.median_ns, c, sizeof c),
            up, sp);
  else
    fprintf(f, "| %s | %s | %s | %s | %s | %s |", r->row->name, impl, fmt_num(bench_result_rate(r), a, sizeof a),
            fmt_num(r->fig.ticks, b, sizeof b), up, sp);
  for (size_t k = 0; k < rep->n_peers; k++) {
    if (!rep->peers[k].loaded) continue;
    const bench_result *p = bench_peer_result(rep, r, rep->peers[k].id);
    if (p)
      fprintf(f, " %.2fx |", bench_peer_ratio(p));
    else
      fprintf(f, "  |");
  }
  fputc('\n', f);
}

/* The header of a table, with one "vs" column per loaded peer. */
static void table_head(FILE *f, const bench_report *rep, bench_kind kind) {
  if (kind == BENCH_BULK)
    fprintf(f, "\n| result | implementation | size | GB/s | cycles/byte | bound c/B | x bound | ops/s | vs generic | "
               "spread |");
  else
    fprintf(f, "\n| result | implementation | ops/s | cycles/op | vs generic | spread |");
  for (size_t k = 0; k < rep->n_peers; k++)
    if (rep->peers[k].loaded) fprintf(f, " vs %s |", rep->peers[k].name);
  fprintf(f, kind == BENCH_BULK ? "\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|" : "\n|---|---|---:|---:|---:|---:|");
  for (size_t k = 0; k < rep->n_peers; k++)
    if (rep->peers[k].loaded) fprintf(f, "---:|");
  fputc('\n', f);
}

/* Every result of rows in one family (or one scenario) of one kind: per
 * row, per size, the implementations side by side. */
static void table(FILE *f, const bench_report *rep, const char *prim, const char *scenario, bench_kind kind) {
  static const size_t sizes[] = BENCH_SIZES;
  int any = 0;
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_result *r = &rep->results[i];
    const char *sc = bench_scenario_of(r->row->name);
    if (r->row->kind != kind || (scenario ? !sc || strcmp(sc, scenario) != 0
                                          : sc || strcmp(hwc_prim_name(r->row->prim), prim) != 0))
      continue;
    if (i > 0 && rep->results[i - 1].row == r->row) continue;
    if (!any) {
      table_head(f, rep, kind);
      any = 1;
    }
    size_t nsizes = kind == BENCH_BULK ? BENCH_NSIZES : 1;
    for (size_t s = 0; s < nsizes; s++)
      for (size_t j = i; j < rep->n_results && rep->results[j].row == r->row; j++)
        if (rep->results[j].st == BENCH_MEASURED && rep->results[j].size == (kind == BENCH_BULK ? sizes[s] : 0))
          figure_line(f, rep, &rep->results[j]);
  }
  /* What could not be measured, and why, below the table. */
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_result *r = &rep->results[i];
    const char *sc = bench_scenario_of(r->row->name);
    if (r->row->kind != kind || (scenario ? !sc || strcmp(sc, scenario) != 0
                                          : sc || strcmp(hwc_prim_name(r->row->prim), prim) != 0))
      continue;
    if (r->st == BENCH_NOT_BUILT)
      fprintf(f, "\n- %s: not built (no implementation of %s in this build)\n", r->row->name,
              hwc_prim_name(r->row->prim));
    else if (r->st == BENCH_UNSUPPORTED)
      fprintf(f, "\n- %s %s: not supported by this CPU\n", r->row->name, r->impl);
    else if (r->st == BENCH_FAILED && bench_result_is_peer(r))
      fprintf(f, "\n- %s %s (peer): its setup failed (%d); no figure\n", r->row->name,
              bench_peer_name(rep, r->source), r->err);
    else if (r->st == BENCH_FAILED)
      fprintf(f, "\n- %s %s: **failed**: %s\n", r->row->name, r->impl, hwc_strerror(r->err));
  }
}

/* Whether a result before i already opened the section `key` (a primitive
 * or, with by_scenario, a scenario title). */
static int seen_before(const bench_report *rep, size_t i, const char *key, int by_scenario) {
  for (size_t j = 0; j < i; j++) {
    const bench_result *r = &rep->results[j];
    const char *k = by_scenario ? bench_scenario_of(r->row->name) : hwc_prim_name(r->row->prim);
    if (k && (by_scenario || !bench_scenario_of(r->row->name)) && strcmp(k, key) == 0) return 1;
  }
  return 0;
}

/* The cipher-shootout section: method, then the ranking, every line
 * marked with its library. */
static void shootout_md(FILE *f, const bench_report *rep, const shootout *s) {
  int peers = 0;
  for (size_t i = 0; i < s->count; i++)
    peers |= s->rows[i].source && strcmp(s->rows[i].source, BENCH_SOURCE_HWCRYPTO) != 0;
  fprintf(f, "\n## Scenario: cipher-shootout\n\n"
             "Every bulk cipher and mode the library has, at the implementation the dispatcher "
             "selects, ranked against the fastest%s. Measured the way the well-known PHP encryption "
             "speed comparison did: one amount of data for all (%llu bytes per run, in %zu-byte "
             "calls), chosen so that the fastest takes at least %g s; %u runs, mean of the best %u.\n\n",
          peers ? ", with OpenSSL's ciphers of the same names ranked under the same rules" : "", s->bytes,
          s->chunk, s->time_s, s->runs, s->best);
  fprintf(f, "| rank | cipher | library | implementation | seconds | GB/s | relative to the fastest |\n"
             "|---:|---|---|---|---:|---:|---:|\n");
  double fastest = INFINITY;
  for (size_t i = 0; i < s->count; i++)
    if (s->rows[i].mean_s < fastest) fastest = s->rows[i].mean_s;
  for (size_t i = 0; i < s->count; i++) {
    const shootout_result *r = &s->rows[i];
    int peer = r->source && strcmp(r->source, BENCH_SOURCE_HWCRYPTO) != 0;
    fprintf(f, "| %zu | %s | %s%s%s | %s | %.3f | %.3f | %.1f%% |\n", i + 1, r->name, peer ? "*" : "",
            peer ? bench_peer_name(rep, r->source) : "hwcrypto", peer ? "*" : "", peer ? "-" : r->impl, r->mean_s,
            (double)s->bytes / r->mean_s / 1e9, 100 * fastest / r->mean_s);
  }
}

/* One line: which peer libraries were loaded (versions) and why not. */
static void peers_md(FILE *f, const bench_report *rep) {
  fprintf(f, "- **Peers** (measured beside the selected implementation, alternately with it): ");
  if (rep->n_peers == 0) fprintf(f, "none");
  for (size_t k = 0; k < rep->n_peers; k++) {
    const bench_peer_info *p = &rep->peers[k];
    if (p->loaded)
      fprintf(f, "%s%s loaded (%s)", k ? "; " : "", p->name, p->version);
    else
      fprintf(f, "%s%s not loaded: %s", k ? "; " : "", p->name, p->reason);
  }
  fputc('\n', f);
}

/* The measured ticks per instruction the bounds come from, and how to
 * read the bound columns. */
static void bounds_md(FILE *f, const bench_report *rep) {
  const bench_bounds *b = rep->bounds;
  fprintf(f, "\n## Instruction throughputs\n\n"
             "**bound c/B** is the instruction bound of a bulk figure: the fewest key instructions one byte "
             "of that row needs with that implementation (AES rounds, carry-less multiplies, vector adds and "
             "rotates, multiplies, SHA rounds; bench/README.md has the models), times their ticks per "
             "instruction below, measured on this CPU at start-up; serial chains (CBC encryption, one "
             "message's SHA rounds) use the latency instead. It is a lower bound: loads, stores, set-up and "
             "per-message work are left out. **x bound** = cycles/byte / bound c/B: 1.00x is the CPU's "
             "limit, **bold** within %.2fx of it; `-` where the row or implementation has no model "
             "(portable code, SHA-512, peers).\n\n",
          BENCH_AT_BOUND);
  fprintf(f, "| instruction | %s ticks per instruction |\n|---|---:|\n", rep->counter);
  int any = 0;
  for (unsigned i = 0; i < BOUND_NINSN; i++) {
    char v[32];
    if (!(b->tpi[i] > 0)) continue;
    fprintf(f, "| %s | %s |\n", bound_insn_name((bound_insn)i), fmt_num(b->tpi[i], v, sizeof v));
    any = 1;
  }
  if (!any) fprintf(f, "| (none of them on this CPU) | - |\n");
}

/* The whole Markdown report. */
int report_md(FILE *f, const bench_report *rep) {
  const char *cpu = rep->cpu_summary;
  size_t nv, nm, nf, nx;
  const char *vendor = bench_summary_field(cpu, "vendor: ", &nv);
  const char *model = bench_summary_field(cpu, "model: ", &nm);
  const char *feat = bench_summary_field(cpu, "features: ", &nf);
  const char *masked = bench_summary_field(cpu, "masked: ", &nx);

  fprintf(f, "# hwcrypto benchmark: %.*s\n\n", (int)nm, nm ? model : "unknown CPU");
  fprintf(f, "- **CPU**: %.*s, %.*s\n", (int)nv, vendor, (int)nm, model);
  fprintf(f, "- **Detected features**: ");
  for (size_t i = 0; i < nf;) {
    while (i < nf && feat[i] == ' ') i++;
    size_t j = i;
    while (j < nf && feat[j] != ' ') j++;
    if (j > i) fprintf(f, "`%.*s` ", (int)(j - i), feat + i);
    i = j;
  }
  fprintf(f, "\n");
  if (nx)
    fprintf(f, "- **Masked by HWCRYPTO_CPU_DISABLE**: %.*s (this report does not describe the CPU "
               "as it is)\n", (int)nx, masked);
  fprintf(f, "- **Library**: hwcrypto %s\n", rep->version);
  peers_md(f, rep);
  if (rep->php_line)
    fprintf(f, "- **sodium-loop-php** (PHP's seed loop with libhwcrypto-sodium.so preloaded, beside libsodium "
               "without it): %s\n", rep->php_line);

  fprintf(f, "\n## Selected implementations\n\n"
             "| primitive | selected | built (- = not supported by this CPU) |\n|---|---|---|\n");
  for (size_t p = 0; p < HWC_PRIM_COUNT; p++) {
    const bench_prim_info *pi = &rep->prims[p];
    fprintf(f, "| %s | %s | %s |\n", pi->name, pi->selected ? pi->selected : "not built",
            pi->impls[0] ? pi->impls : "-");
  }

  if (rep->bounds) bounds_md(f, rep);

  fprintf(f, "\n★ and **bold**: the implementation the dispatcher selects. GB/s = 10^9 bytes/s; "
             "cycles are %s ticks; vs generic = generic's time / this time at the same size; "
             "spread = (max - min) / median over the runs, **noisy** above %.0f%%.\n",
          rep->counter, 100 * BENCH_NOISY);
  int any_peer = 0;
  for (size_t k = 0; k < rep->n_peers; k++) any_peer |= rep->peers[k].loaded;
  if (any_peer)
    fprintf(f, "\n*Library* (peer): a peer library's figure for the same operation on the same bytes. "
               "vs <peer> = our selected implementation's throughput / the peer's, both measured in "
               "alternated runs (above 1: hwcrypto is faster); blank where the peer has no such row.\n");
  for (size_t i = 0; i < rep->n_results; i++) {
    const char *prim = hwc_prim_name(rep->results[i].row->prim);
    if (bench_scenario_of(rep->results[i].row->name) || seen_before(rep, i, prim, 0)) continue;
    fprintf(f, "\n## %s\n", family_title(prim));
    table(f, rep, prim, NULL, BENCH_BULK);
    table(f, rep, prim, NULL, BENCH_OP);
  }
  if (rep->shoot && rep->shoot->count) shootout_md(f, rep, rep->shoot);
  for (size_t i = 0; i < rep->n_results; i++) {
    const char *sc = bench_scenario_of(rep->results[i].row->name);
    if (!sc || seen_before(rep, i, sc, 1)) continue;
    fprintf(f, "\n## %s\n", sc);
    table(f, rep, NULL, sc, BENCH_OP);
    table(f, rep, NULL, sc, BENCH_BULK);
  }

  char when[64] = "";
  time_t now = time(NULL);
  struct tm tm;
  if (gmtime_r(&now, &tm)) strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
  fprintf(f, "\n## Reproducibility\n\n```\n");
  fprintf(f, "library     hwcrypto %s\n", rep->version);
  fprintf(f, "compiler    %s\n", rep->compiler);
  fprintf(f, "flags       %s (ISA flags per kernel file, see CMakeLists.txt)\n", rep->cflags);
  fprintf(f, "counter     %s at %.4f GHz%s\n", rep->counter, rep->counter_hz / 1e9,
          strcmp(rep->counter, "TSC") == 0 ? " (reference cycles, measured against CLOCK_MONOTONIC)" : "");
  fprintf(f, "min-time    %g s per run and warm-up, median of %u runs\n", rep->min_time, rep->runs);
  if (rep->shoot)
    fprintf(f, "shootout    %g s for the fastest, %u runs, mean of the best %u\n", rep->shoot->time_s,
            rep->shoot->runs, rep->shoot->best);
  for (size_t k = 0; k < rep->n_peers; k++)
    if (rep->peers[k].loaded) fprintf(f, "peer        %s: %s\n", rep->peers[k].name, rep->peers[k].version);
  fprintf(f, "cpu         %s\n", rep->cpu_summary);
  fprintf(f, "date        %s\n```\n", when);
  return ferror(f) ? -1 : 0;
}
