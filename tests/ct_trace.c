/* SPDX-License-Identifier: ISC */
/* The guest side of the qemu-trace constant-time method (tests/ct.h,
 * tests/CT.md): the per-run secret stream and the segment markers. Built
 * into hwc-ct-trace and its negative controls only. */
#include <stdarg.h>
#include <stdlib.h>

#include "ct.h"

unsigned long ct_trace_varied, ct_trace_kept;
static uint64_t stream;     /* splitmix64 state */
static int complement = -1; /* -1: HWC_CT_TRACE not read yet */
static unsigned long segments;
static struct {
  unsigned long seg, varied, kept;
} open_seg[16]; /* the plugin allows 8: deeper is its error to report */
static int depth;

/* HWC_CT_TRACE=<16 hex digits>:<0|1>, the same length for every run so that
 * the stack sits at the same addresses: the seed of this run's secrets and
 * whether every secret byte is complemented. Two runs with one seed, one
 * complemented, differ in every bit of every secret byte written here. */
static void read_seed(void) {
  const char *s = getenv("HWC_CT_TRACE");
  char *end = NULL;
  stream = s ? strtoull(s, &end, 16) : 0x5eed5eed5eed5eedu;
  complement = s && end && end[0] == ':' && end[1] == '1';
}

static uint64_t next(void) {
  uint64_t z = (stream += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

void ct_trace_fill(void *p, size_t n) {
  if (complement < 0) read_seed();
  uint8_t *b = p;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t w = next();
    if (complement) w = ~w;
    for (size_t j = 0; j < 8 && i + j < n; j++) b[i + j] = (uint8_t)(w >> (8 * j));
  }
  ct_trace_varied += n;
}

void ct_trace_keep(const void *p, size_t n) {
  (void)p;
  ct_trace_kept += n;
}

unsigned long ct_trace_open(const char *fmt, ...) {
  if (complement < 0) read_seed(); /* parsing it differs per run: outside every segment */
  va_list ap;
  va_start(ap, fmt);
  printf("ct-trace: segment %lu ", segments);
  vprintf(fmt, ap);
  putchar('\n');
  va_end(ap);
  fflush(stdout);
  if (depth < 16) {
    open_seg[depth].seg = segments;
    open_seg[depth].varied = ct_trace_varied;
    open_seg[depth].kept = ct_trace_kept;
  }
  depth++;
  ct_trace_begin();
  return segments++;
}

void ct_trace_close(void) {
  ct_trace_end();
  if (--depth < 16 && depth >= 0)
    printf("ct-trace: closed %lu varied %lu kept %lu\n", open_seg[depth].seg,
           ct_trace_varied - open_seg[depth].varied, ct_trace_kept - open_seg[depth].kept);
}
