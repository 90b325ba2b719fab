/* SPDX-License-Identifier: ISC */
/*
 * The SVG chart: per result, one horizontal bar per implementation, its
 * length the throughput relative to the fastest implementation of that
 * result (at 16 KiB for bulk rows), the dispatcher's choice highlighted, the
 * absolute figure and the speed-up over generic written beside each bar.
 * Relative lengths put a 50 GB/s AES and a 20 000 ops/s RSA row on one
 * axis; the labels keep the absolute figures. Hand-written SVG 1.1 with
 * inline attributes only (no CSS, no script), so every browser and image
 * viewer draws it the same.
 *
 * Peer libraries' figures (OpenSSL, libsodium) are bars of their own
 * colour in the same group, after ours, with the legend naming them.
 *
 * --scale absolute instead draws every bar on one fixed log scale: bulk
 * rows and the shootout in GB/s from ABS_GBPS_LO to ABS_GBPS_LO x 10^6,
 * operation rows in ops/s from ABS_OPS_LO to ABS_OPS_LO x 10^6, both over
 * the same six decades of the x axis. Relative bars answer "which
 * implementation is fastest here"; fixed bounds make two CPUs' charts
 * comparable by eye, bar for bar.
 */
#include <math.h>
#include <string.h>

#include "report.h"

#define W 960
#define LABEL_X 32    /* left edge of titles; the y-axis title is left of it */
#define X0 250        /* chart area: x from X0 to X1 */
#define X1 700
#define BAR_H 14
#define BAR_GAP 4
#define HEAD_H 22     /* a result's title line */
#define TOP 108       /* title, legend and the x bound line above the chart */
#define REF_SIZE 16384

#define C_SELECTED "#e8590c"
#define C_OTHER "#4c6ef5"
#define C_OPENSSL "#2f9e44"
#define C_SODIUM "#ae3ec9"
#define C_PEER "#868e96" /* a peer this file does not know by name */

/* --scale absolute: the left end of the axis and its number of decades. */
#define ABS_GBPS_LO 0.001
#define ABS_OPS_LO 10.0
#define ABS_DECADES 6
#define C_GRID "#dee2e6"
#define C_TEXT "#212529"

/* Writes s[0..n) escaped for XML text and attributes. */
static void esc(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n && s[i]; i++) {
    switch (s[i]) {
      case '&': fputs("&amp;", f); break;
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '"': fputs("&quot;", f); break;
      default: fputc(s[i], f);
    }
  }
}

/* The size a bulk row is drawn at: 16 KiB (past per-message overhead, still
 * in cache), or the largest measured if that is missing. */
static size_t ref_size(const bench_report *rep, size_t first) {
  const bench_row *row = rep->results[first].row;
  if (row->kind != BENCH_BULK) return 0;
  size_t best = 0;
  for (size_t j = first; j < rep->n_results && rep->results[j].row == row; j++) {
    const bench_result *r = &rep->results[j];
    if (r->st != BENCH_MEASURED) continue;
    if (r->size == REF_SIZE) return REF_SIZE;
    if (r->size > best) best = r->size;
  }
  return best;
}

typedef struct bar {
  const char *name, *impl;
  int selected; /* highlighted, with `tag` after the label */
  const char *tag;
  const char *source; /* BENCH_SOURCE_HWCRYPTO or a peer's id */
  const char *title;  /* the text left of the bar */
  double rate, rel;
  char label[96];
} bar;

/* A peer's bar colour: one per library, so the legend can name it. */
static const char *peer_colour(const char *id) {
  if (strcmp(id, "openssl") == 0) return C_OPENSSL;
  if (strcmp(id, "libsodium") == 0) return C_SODIUM;
  return C_PEER;
}

/* The fill of a bar. */
static const char *bar_colour(const bar *b) {
  if (b->source && strcmp(b->source, BENCH_SOURCE_HWCRYPTO) != 0) return peer_colour(b->source);
  return b->selected ? C_SELECTED : C_OTHER;
}

/* --scale absolute: where `rate` falls on the fixed log axis, 0..1. */
static double abs_pos(double rate, int bulk) {
  double x = log10(rate / (bulk ? ABS_GBPS_LO : ABS_OPS_LO)) / ABS_DECADES;
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* "12.3 GB/s, 4.56x generic" beside a bar. */
static void rate_label(char *buf, size_t cap, double rate, int bulk, double speedup) {
  char up[32] = "";
  if (speedup > 0) snprintf(up, sizeof up, ", %.2fx generic", speedup);
  if (bulk)
    snprintf(buf, cap, "%.3g GB/s%s", rate, up);
  else
    snprintf(buf, cap, rate >= 100 ? "%.0f ops/s%s" : "%.3g ops/s%s", rate, up);
}

static void draw_group(FILE *f, int *y, const char *title, bar *bars, size_t n) {
  fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\" fill=\"%s\">", LABEL_X,
          *y + 15, C_TEXT);
  esc(f, title, SIZE_MAX);
  fprintf(f, "</text>\n");
  *y += HEAD_H;
  for (size_t i = 0; i < n; i++) {
    const bar *b = &bars[i];
    int peer = b->source && strcmp(b->source, BENCH_SOURCE_HWCRYPTO) != 0;
    double w = (X1 - X0) * b->rel;
    if (!(w >= 1)) w = 1;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" fill=\"%s\"%s%s>", X0 - 8,
            *y + BAR_H - 3, C_TEXT, b->selected ? " font-weight=\"bold\"" : "", peer ? " font-style=\"italic\"" : "");
    esc(f, b->title ? b->title : b->impl, SIZE_MAX);
    fprintf(f, "%s</text>\n", b->selected ? b->tag : "");
    fprintf(f, "<rect class=\"bar%s%s\" data-name=\"", b->selected ? " selected" : "", peer ? " peer" : "");
    esc(f, b->name, SIZE_MAX);
    fprintf(f, "\" data-impl=\"");
    esc(f, b->impl, SIZE_MAX);
    fprintf(f, "\" data-source=\"");
    esc(f, b->source ? b->source : BENCH_SOURCE_HWCRYPTO, SIZE_MAX);
    fprintf(f, "\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>", X0, *y, w, BAR_H,
            bar_colour(b));
    esc(f, b->name, SIZE_MAX);
    fputs(" ", f);
    esc(f, b->title ? b->title : b->impl, SIZE_MAX);
    fputs(": ", f);
    esc(f, b->label, SIZE_MAX);
    fprintf(f, "</title></rect>\n");
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"%s\">", X0 + w + 6, *y + BAR_H - 3, C_TEXT);
    esc(f, b->label, SIZE_MAX);
    fprintf(f, "</text>\n");
    *y += BAR_H + BAR_GAP;
  }
  *y += 8;
}

/* Walks every group the chart will have; with f == NULL only measures the
 * height, so the canvas can be sized before anything is drawn. */
static int groups(FILE *f, const bench_report *rep, int y) {
  bar bars[32];
  int absolute = rep->scale == BENCH_SCALE_ABSOLUTE;
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_row *row = rep->results[i].row;
    if (i > 0 && rep->results[i - 1].row == row) continue;
    size_t size = ref_size(rep, i), n = 0;
    double best = 0;
    /* Ours first, then the peers', so the peer bars sit together below. */
    for (int pass = 0; pass < 2; pass++)
      for (size_t j = i; j < rep->n_results && rep->results[j].row == row && n < 32; j++) {
        const bench_result *r = &rep->results[j];
        int peer = bench_result_is_peer(r);
        if (r->st != BENCH_MEASURED || r->size != size || peer != pass) continue;
        bar *b = &bars[n++];
        b->name = row->name;
        b->impl = r->impl;
        b->source = r->source;
        b->title = peer ? bench_peer_name(rep, r->source) : NULL;
        b->selected = r->selected;
        b->tag = " (selected)";
        b->rate = bench_result_rate(r);
        if (peer) {
          char lab[64];
          rate_label(lab, sizeof lab, b->rate, row->kind == BENCH_BULK, 0);
          snprintf(b->label, sizeof b->label, "%s; selected hwcrypto %.2fx this", lab, bench_peer_ratio(r));
        } else {
          const bench_result *g = bench_generic_of(rep, r);
          rate_label(b->label, sizeof b->label, b->rate, row->kind == BENCH_BULK,
                     g && g != r ? g->fig.median_ns / r->fig.median_ns : 0);
          /* How far from the CPU's limit, where the row has a model. */
          double x = bench_result_x_bound(r);
          size_t len = strlen(b->label);
          if (x > 0) snprintf(b->label + len, sizeof b->label - len, ", %.2fx bound", x);
        }
        if (b->rate > best) best = b->rate;
      }
    if (n == 0) continue;
    for (size_t k = 0; k < n; k++)
      bars[k].rel = absolute ? abs_pos(bars[k].rate, row->kind == BENCH_BULK) : bars[k].rate / best;
    char title[96];
    if (row->kind == BENCH_BULK) {
      if (size % 1024 == 0)
        snprintf(title, sizeof title, "%s, %zu KiB messages", row->name, size / 1024);
      else
        snprintf(title, sizeof title, "%s, %zu-byte messages", row->name, size);
    } else {
      snprintf(title, sizeof title, "%s", row->name);
    }
    if (f)
      draw_group(f, &y, title, bars, n);
    else
      y += HEAD_H + (int)n * (BAR_H + BAR_GAP) + 8;
  }
  const shootout *s = rep->shoot;
  if (s && s->count) {
    double fastest = INFINITY;
    for (size_t i = 0; i < s->count; i++)
      if (s->rows[i].mean_s < fastest) fastest = s->rows[i].mean_s;
    size_t n = s->count < 32 ? s->count : 32;
    static char titles[32][96];
    int peers = 0;
    for (size_t i = 0; i < n; i++) {
      bar *b = &bars[i];
      const shootout_result *r = &s->rows[i];
      int peer = r->source && strcmp(r->source, BENCH_SOURCE_HWCRYPTO) != 0;
      peers |= peer;
      b->name = "cipher-shootout";
      b->impl = r->name;
      b->source = r->source;
      b->title = NULL;
      if (peer) {
        snprintf(titles[i], sizeof titles[i], "%s (%s)", r->name, bench_peer_name(rep, r->source));
        b->title = titles[i];
      }
      b->selected = i == 0;
      b->tag = " (fastest)";
      b->rate = (double)s->bytes / r->mean_s / 1e9;
      b->rel = absolute ? abs_pos(b->rate, 1) : fastest / r->mean_s;
      snprintf(b->label, sizeof b->label, "%.3g GB/s (%s)", b->rate, peer ? bench_peer_name(rep, r->source) : r->impl);
    }
    if (f)
      draw_group(f, &y,
                 peers ? "cipher-shootout: every cipher at its selected implementation, and OpenSSL's"
                       : "cipher-shootout: every cipher at its selected implementation (fastest highlighted)",
                 bars, n);
    else
      y += HEAD_H + (int)n * (BAR_H + BAR_GAP) + 8;
  }
  return y;
}

/* Grid, tick labels and axis title: percent of the fastest (relative) or
 * the fixed decades of both units (absolute). */
static void axes(FILE *f, const bench_report *rep, int bottom) {
  if (rep->scale == BENCH_SCALE_ABSOLUTE) {
    for (int d = 0; d <= ABS_DECADES; d++) {
      double x = X0 + (X1 - X0) * d / (double)ABS_DECADES;
      char gb[16], ops[16];
      snprintf(gb, sizeof gb, "%g", ABS_GBPS_LO * pow(10, d));
      double o = ABS_OPS_LO * pow(10, d);
      if (o >= 1e6)
        snprintf(ops, sizeof ops, "%gM", o / 1e6);
      else if (o >= 1e3)
        snprintf(ops, sizeof ops, "%gk", o / 1e3);
      else
        snprintf(ops, sizeof ops, "%g", o);
      fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", x,
              TOP - 4, x, bottom, d ? C_GRID : C_TEXT);
      fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n", x,
              bottom + 16, C_TEXT, gb);
      fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n", x,
              bottom + 30, C_TEXT, ops);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" fill=\"%s\">GB/s</text>\n", X0 - 12,
            bottom + 16, C_TEXT);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" fill=\"%s\">ops/s</text>\n", X0 - 12,
            bottom + 30, C_TEXT);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\">throughput, fixed "
               "log scale: GB/s for bulk rows and the shootout, ops/s for operation rows</text>\n",
            (X0 + X1) / 2, bottom + 50, C_TEXT);
  } else {
    for (int t = 0; t <= 100; t += 25) {
      double x = X0 + (X1 - X0) * t / 100.0;
      fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", x,
              TOP - 4, x, bottom, t ? C_GRID : C_TEXT);
      fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"%s\">%d%%</text>\n", x,
              bottom + 16, C_TEXT, t);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\">throughput relative to "
               "the fastest implementation of each result (%%)</text>\n",
            (X0 + X1) / 2, bottom + 36, C_TEXT);
  }
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", X0, bottom,
          X1, bottom, C_TEXT);
}

/* The whole chart: title, legend, axes, then every group. */
int report_svg(FILE *f, const bench_report *rep) {
  size_t nm;
  const char *model = bench_summary_field(rep->cpu_summary, "model: ", &nm);
  int bottom = groups(NULL, rep, TOP);
  int h = bottom + (rep->scale == BENCH_SCALE_ABSOLUTE ? 76 : 60);

  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
             "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
          W, h, W, h);
  fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, h);
  fprintf(f, "<text x=\"%d\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"%s\">hwcrypto on ", LABEL_X,
          C_TEXT);
  esc(f, nm ? model : "unknown CPU", nm ? nm : SIZE_MAX);
  fprintf(f, "</text>\n<text x=\"%d\" y=\"48\" font-size=\"12\" fill=\"%s\">", LABEL_X, C_TEXT);
  esc(f, rep->version, SIZE_MAX);
  fprintf(f, "; bulk rows at 16 KiB, public-key rows in operations per second%s</text>\n",
          rep->scale == BENCH_SCALE_ABSOLUTE ? "; fixed log scale" : "");

  /* Legend: ours, then one entry per loaded peer in its colour. */
  fprintf(f, "<rect x=\"%d\" y=\"62\" width=\"14\" height=\"14\" fill=\"%s\"/>\n"
             "<text x=\"%d\" y=\"74\" font-size=\"12\" fill=\"%s\">selected by the dispatcher on this CPU</text>\n"
             "<rect x=\"%d\" y=\"62\" width=\"14\" height=\"14\" fill=\"%s\"/>\n"
             "<text x=\"%d\" y=\"74\" font-size=\"12\" fill=\"%s\">other implementation this CPU runs</text>\n",
          LABEL_X, C_SELECTED, LABEL_X + 20, C_TEXT, LABEL_X + 270, C_OTHER, LABEL_X + 290, C_TEXT);
  int lx = LABEL_X + 520;
  for (size_t k = 0; k < rep->n_peers; k++) {
    const bench_peer_info *p = &rep->peers[k];
    if (!p->loaded) continue;
    fprintf(f, "<rect class=\"legend-peer\" data-source=\"");
    esc(f, p->id, SIZE_MAX);
    fprintf(f, "\" x=\"%d\" y=\"62\" width=\"14\" height=\"14\" fill=\"%s\"/>\n", lx, peer_colour(p->id));
    fprintf(f, "<text x=\"%d\" y=\"74\" font-size=\"12\" fill=\"%s\">", lx + 20, C_TEXT);
    esc(f, p->name, SIZE_MAX);
    fprintf(f, " (peer library)</text>\n");
    lx += 190;
  }

  if (rep->bounds)
    fprintf(f, "<text x=\"%d\" y=\"94\" font-size=\"12\" fill=\"%s\">x bound: cycles/byte over the "
               "instruction bound, a lower bound measured on this CPU (1.00x = the CPU's limit; see the "
               "Markdown report)</text>\n",
            LABEL_X, C_TEXT);

  axes(f, rep, bottom);
  fprintf(f, "<text x=\"12\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\" "
             "transform=\"rotate(-90 12 %d)\">result and implementation</text>\n",
          (TOP + bottom) / 2 + 40, C_TEXT, (TOP + bottom) / 2 + 40);

  groups(f, rep, TOP);
  fprintf(f, "</svg>\n");
  return ferror(f) ? -1 : 0;
}
