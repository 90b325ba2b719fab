/* SPDX-License-Identifier: ISC */
/*
 * Secret streams (libsodium's crypto_secretstream_xchacha20poly1305): a
 * stream of len bytes pushed, or pulled, as messages of 64 KiB (one message
 * of len bytes at the sizes below that; 16 of 64 KiB at 1 MiB), the way a
 * file is streamed in chunks. Each run starts again from the same state, so
 * every run does the same work; every message carries TAG_MESSAGE, no
 * additional data. The pull row reads ciphertext made at set-up and checks
 * that every message verifies. The rows compare chacha20-poly1305 entries
 * (their fused kernels where they have them). libsodium's push and pull
 * stand beside them (bench/peer_sodium.c, same key, header and bytes).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* The message size of a streamed file, and the stream's key and header:
 * bench/peer_sodium.c uses the same three. */
#define SS_CHUNK 65536
static const uint8_t ss_key[32] = {1, 2, 3}, ss_header[24] = {4, 5, 6};
static const size_t sizes[BENCH_NSIZES] = BENCH_SIZES;

typedef struct {
  hwc_secretstream_state start; /* the state every run begins from */
  uint8_t *ct[BENCH_NSIZES];     /* pull: the stream of each size */
} ss_state;

/* The ciphertext's length for len bytes of stream. */
static size_t ss_ct_len(size_t len) {
  size_t msgs = len <= SS_CHUNK ? 1 : (len + SS_CHUNK - 1) / SS_CHUNK;
  return len + msgs * HWC_SECRETSTREAM_ABYTES;
}

/* Pushes len bytes of in as 64 KiB messages from *st, each into out (a
 * writer reuses its buffer once a message is written out) or, when keep is
 * set, one after the other at out. */
static int ss_push_stream(hwc_secretstream_state *st, uint8_t *out, const uint8_t *in, size_t len, int keep) {
  size_t done = 0;
  do {
    size_t n = len - done < SS_CHUNK ? len - done : SS_CHUNK, c_len = n + HWC_SECRETSTREAM_ABYTES;
    int err = hwc_secretstream_push(st, out, &c_len, in + done, n, NULL, 0, HWC_SECRETSTREAM_TAG_MESSAGE);
    if (err) return err;
    if (keep) out += c_len;
    done += n;
  } while (done < len);
  return HWC_OK;
}

/* The state after init_pull on the fixed header (init_push would draw a
 * random one), and for pull the ciphertext of every size. */
static int setup_common(bench_io *io, int pull) {
  ss_state *s = calloc(1, sizeof *s);
  io->state = s;
  if (!s) return HWC_ERR_NOMEM;
  int err = hwc_secretstream_init_pull(&s->start, ss_header, ss_key);
  for (size_t i = 0; !err && pull && i < BENCH_NSIZES; i++) {
    hwc_secretstream_state st = s->start;
    if (!(s->ct[i] = malloc(ss_ct_len(sizes[i])))) return HWC_ERR_NOMEM;
    err = ss_push_stream(&st, s->ct[i], io->in, sizes[i], 1);
  }
  return err;
}

static int setup_push(bench_io *io) { return setup_common(io, 0); }
static int setup_pull(bench_io *io) { return setup_common(io, 1); }

static void teardown(bench_io *io) {
  ss_state *s = io->state;
  if (!s) return;
  for (size_t i = 0; i < BENCH_NSIZES; i++) free(s->ct[i]);
  hwc_secretstream_wipe(&s->start);
  free(s);
  io->state = NULL;
}

static void run_push(bench_io *io, size_t len) {
  ss_state *s = io->state;
  hwc_secretstream_state st = s->start;
  if (ss_push_stream(&st, io->out, io->in, len, 0) != HWC_OK) abort();
}

static void run_pull(bench_io *io, size_t len) {
  ss_state *s = io->state;
  hwc_secretstream_state st = s->start;
  size_t i = 0;
  while (i < BENCH_NSIZES - 1 && sizes[i] != len) i++;
  const uint8_t *c = s->ct[i];
  size_t done = 0;
  do {
    size_t n = len - done < SS_CHUNK ? len - done : SS_CHUNK, m_len = n;
    uint8_t tag;
    if (hwc_secretstream_pull(&st, io->out, &m_len, &tag, c, n + HWC_SECRETSTREAM_ABYTES, NULL, 0) != HWC_OK)
      abort();
    c += n + HWC_SECRETSTREAM_ABYTES;
    done += n;
  } while (done < len);
}

BENCH_DEFINE_SUITE(secretstream,
  {"secretstream-push", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, setup_push, run_push, teardown},
  {"secretstream-pull", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, setup_pull, run_pull, teardown});
