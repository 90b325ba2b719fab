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
#define TOP 96        /* title and legend above the chart */
#define REF_SIZE 16384

#define C_SELECTED "#e8590c"
#define C_OTHER "#4c6ef5"
#define C_GRID "#dee2e6"
#define C_TEXT "#212529"

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
  double rate, rel;
  char label[96];
} bar;

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
    double w = (X1 - X0) * b->rel;
    if (!(w >= 1)) w = 1;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" fill=\"%s\"%s>", X0 - 8,
            *y + BAR_H - 3, C_TEXT, b->selected ? " font-weight=\"bold\"" : "");
    esc(f, b->impl, SIZE_MAX);
    fprintf(f, "%s</text>\n", b->selected ? b->tag : "");
    fprintf(f, "<rect class=\"bar%s\" data-name=\"", b->selected ? " selected" : "");
    esc(f, b->name, SIZE_MAX);
    fprintf(f, "\" data-impl=\"");
    esc(f, b->impl, SIZE_MAX);
    fprintf(f, "\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>", X0, *y, w, BAR_H,
            b->selected ? C_SELECTED : C_OTHER);
    esc(f, b->name, SIZE_MAX);
    fputs(" ", f);
    esc(f, b->impl, SIZE_MAX);
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
  bar bars[16];
  for (size_t i = 0; i < rep->n_results; i++) {
    const bench_row *row = rep->results[i].row;
    if (i > 0 && rep->results[i - 1].row == row) continue;
    size_t size = ref_size(rep, i), n = 0;
    double best = 0;
    for (size_t j = i; j < rep->n_results && rep->results[j].row == row && n < 16; j++) {
      const bench_result *r = &rep->results[j];
      if (r->st != BENCH_MEASURED || r->size != size) continue;
      bar *b = &bars[n++];
      b->name = row->name;
      b->impl = r->impl;
      b->selected = r->selected;
      b->tag = " (selected)";
      b->rate = bench_result_rate(r);
      const bench_result *g = bench_generic_of(rep, r);
      rate_label(b->label, sizeof b->label, b->rate, row->kind == BENCH_BULK,
                 g && g != r ? g->fig.median_ns / r->fig.median_ns : 0);
      if (b->rate > best) best = b->rate;
    }
    if (n == 0) continue;
    for (size_t k = 0; k < n; k++) bars[k].rel = bars[k].rate / best;
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
    size_t n = s->count < 16 ? s->count : 16;
    for (size_t i = 0; i < n; i++) {
      bar *b = &bars[i];
      b->name = "cipher-shootout";
      b->impl = s->rows[i].name;
      b->selected = i == 0;
      b->tag = " (fastest)";
      b->rate = (double)s->bytes / s->rows[i].mean_s / 1e9;
      b->rel = fastest / s->rows[i].mean_s;
      snprintf(b->label, sizeof b->label, "%.3g GB/s (%s)", b->rate, s->rows[i].impl);
    }
    if (f)
      draw_group(f, &y, "cipher-shootout: every cipher at its selected implementation (fastest highlighted)",
                 bars, n);
    else
      y += HEAD_H + (int)n * (BAR_H + BAR_GAP) + 8;
  }
  return y;
}

int report_svg(FILE *f, const bench_report *rep) {
  size_t nm;
  const char *model = bench_summary_field(rep->cpu_summary, "model: ", &nm);
  int bottom = groups(NULL, rep, TOP);
  int h = bottom + 60;

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
  fprintf(f, "; bulk rows at 16 KiB, public-key rows in operations per second</text>\n");

  /* Legend. */
  fprintf(f, "<rect x=\"%d\" y=\"62\" width=\"14\" height=\"14\" fill=\"%s\"/>\n"
             "<text x=\"%d\" y=\"74\" font-size=\"12\" fill=\"%s\">selected by the dispatcher on this CPU</text>\n"
             "<rect x=\"%d\" y=\"62\" width=\"14\" height=\"14\" fill=\"%s\"/>\n"
             "<text x=\"%d\" y=\"74\" font-size=\"12\" fill=\"%s\">other implementation this CPU runs</text>\n",
          LABEL_X, C_SELECTED, LABEL_X + 20, C_TEXT, LABEL_X + 300, C_OTHER, LABEL_X + 320, C_TEXT);

  /* Grid and x axis behind the bars. */
  for (int t = 0; t <= 100; t += 25) {
    double x = X0 + (X1 - X0) * t / 100.0;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", x,
            TOP - 4, x, bottom, t ? C_GRID : C_TEXT);
    fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"%s\">%d%%</text>\n", x,
            bottom + 16, C_TEXT, t);
  }
  fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1\"/>\n", X0, bottom,
          X1, bottom, C_TEXT);
  fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\">throughput relative to "
             "the fastest implementation of each result (%%)</text>\n",
          (X0 + X1) / 2, bottom + 36, C_TEXT);
  fprintf(f, "<text x=\"12\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\" "
             "transform=\"rotate(-90 12 %d)\">result and implementation</text>\n",
          (TOP + bottom) / 2 + 40, C_TEXT, (TOP + bottom) / 2 + 40);

  groups(f, rep, TOP);
  fprintf(f, "</svg>\n");
  return ferror(f) ? -1 : 0;
}
