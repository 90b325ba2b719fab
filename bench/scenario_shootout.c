/* SPDX-License-Identifier: ISC */
/*
 * Scenario cipher-shootout: every bulk cipher and mode of the library, each
 * at the implementation the dispatcher selects (through the public API, as
 * an application calls it), ranked against the fastest. Method of the
 * well-known PHP encryption speed comparison: one amount of data for every
 * cipher, chosen so that the fastest takes at least `time_s` per run; 9
 * runs; the mean of the best 3 (the best runs are the least disturbed ones,
 * and three of them smooth out what one lucky run would not). CBC is in it
 * on purpose: its encryption is serial, so hardware that makes CTR and GCM
 * several times faster does much less for it, and the ranking shows that.
 *
 * Time is the thread's CPU time (see cpu_seconds). The data goes through
 * in 1 MiB calls (a 10 GB message does not fit in memory); CBC and CTR
 * chain their IV or counter across calls, so those modes see one long
 * message, the AEADs one message per call.
 *
 * With the OpenSSL peer loaded (peers.h), its rows of the same names run
 * under the same rules beside ours: the same data (the fastest of all,
 * ours or OpenSSL's, sets the amount), the same 1 MiB calls through its
 * row's run(), ranked in the same list and marked with its source. A peer
 * row sets up its key per call, as an application calling EVP does; at
 * 1 MiB per call that cost is out of sight.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report.h"

#define CHUNK ((size_t)1 << 20)
#define RUNS 9
#define BEST 3

static const uint8_t key[32] = {7, 6, 5, 4, 3, 2, 1}, nonce[24] = {9, 8, 7};
static hwc_aes_key aes128, aes256;
static hwc_aes_gcm_key gcm128, gcm256;
static uint8_t iv[16];

static void cbc128e(bench_io *io) { hwc_aes_cbc_encrypt(io->out, io->in, CHUNK, iv, &aes128); }
static void cbc128d(bench_io *io) { hwc_aes_cbc_decrypt(io->out, io->in, CHUNK, iv, &aes128); }
static void cbc256e(bench_io *io) { hwc_aes_cbc_encrypt(io->out, io->in, CHUNK, iv, &aes256); }
static void cbc256d(bench_io *io) { hwc_aes_cbc_decrypt(io->out, io->in, CHUNK, iv, &aes256); }
static void ctr128(bench_io *io) { hwc_aes_ctr(io->out, io->in, CHUNK, iv, &aes128); }
static void ctr256(bench_io *io) { hwc_aes_ctr(io->out, io->in, CHUNK, iv, &aes256); }
static void gcm128e(bench_io *io) {
  hwc_aes_gcm_encrypt(io->out, io->out + CHUNK, 16, io->in, CHUNK, NULL, 0, nonce, 12, &gcm128);
}
static void gcm256e(bench_io *io) {
  hwc_aes_gcm_encrypt(io->out, io->out + CHUNK, 16, io->in, CHUNK, NULL, 0, nonce, 12, &gcm256);
}
static void chacha(bench_io *io) { hwc_chacha20(io->out, io->in, CHUNK, nonce, 1, key); }
static void aead(bench_io *io) {
  hwc_chacha20poly1305_encrypt(io->out, io->out + CHUNK, io->in, CHUNK, NULL, 0, nonce, key);
}
static void xaead(bench_io *io) {
  hwc_xchacha20poly1305_encrypt(io->out, io->out + CHUNK, io->in, CHUNK, NULL, 0, nonce, key);
}

/* A cipher is in the shootout when the primitive it runs on is built
 * (the AEADs: their pair, whose entry names its members); impl names the
 * selected implementation. */
static const struct cipher {
  const char *name;
  hwc_prim prim;
  void (*run)(bench_io *);
} ciphers[] = {
    {"aes-128-cbc-encrypt", HWC_PRIM_AES, cbc128e},
    {"aes-128-cbc-decrypt", HWC_PRIM_AES, cbc128d},
    {"aes-256-cbc-encrypt", HWC_PRIM_AES, cbc256e},
    {"aes-256-cbc-decrypt", HWC_PRIM_AES, cbc256d},
    {"aes-128-ctr", HWC_PRIM_AES, ctr128},
    {"aes-256-ctr", HWC_PRIM_AES, ctr256},
    {"aes-128-gcm-encrypt", HWC_PRIM_AES_GCM, gcm128e},
    {"aes-256-gcm-encrypt", HWC_PRIM_AES_GCM, gcm256e},
    {"chacha20", HWC_PRIM_CHACHA20, chacha},
    {"chacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, aead},
    {"xchacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, xaead},
};
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])

/* Whether our cipher c can run: every primitive it needs is built. */
static int built(const struct cipher *c) {
  return hwc_impl_count(c->prim) > 0;
}

/* The peer's row for cipher c, if it has a bulk row of that name. */
static const bench_row *peer_row(const bench_peer *peer, const struct cipher *c) {
  const bench_row *row = peer ? bench_peer_row(peer, c->name) : NULL;
  return row && row->kind == BENCH_BULK ? row : NULL;
}

size_t shootout_count(const bench_peer *peer) {
  size_t n = 0;
  for (size_t i = 0; i < NCIPHERS; i++) n += (size_t)built(&ciphers[i]) + (peer_row(peer, &ciphers[i]) != NULL);
  return n;
}

/* One contestant: our cipher (c) or a peer's row with its own state. */
typedef struct entry {
  const struct cipher *c; /* the cipher's name and, when ours, how to run it */
  const bench_row *row;   /* the peer's row, or NULL for ours */
  bench_io io;            /* the peer row's buffers and state */
} entry;

/* The thread's CPU time, not wall time: on an idle machine they agree, and
 * on a shared one a run that lasts seconds is sure to be preempted, which
 * would rank the machine's load rather than the ciphers. */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds for `calls` calls of CHUNK bytes. */
static double seconds(entry *e, bench_io *io, unsigned long long calls) {
  double t0 = cpu_seconds();
  if (e->row)
    for (unsigned long long k = 0; k < calls; k++) e->row->run(&e->io, CHUNK);
  else
    for (unsigned long long k = 0; k < calls; k++) e->c->run(io);
  return cpu_seconds() - t0;
}

/* qsort order of doubles, ascending. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* qsort order of shootout results, fastest first. */
static int cmp_mean(const void *a, const void *b) {
  const shootout_result *x = a, *y = b;
  return (x->mean_s > y->mean_s) - (x->mean_s < y->mean_s);
}

void shootout_run(shootout *s, double time_s, bench_io *io, const bench_peer *peer, bench_io *peer_io,
                  void (*tick)(void *ctx, const char *name), void *ctx) {
  static char impls[NCIPHERS][64];
  entry todo[2 * NCIPHERS];
  size_t n = 0;
  memset(s, 0, sizeof *s);
  s->time_s = time_s;
  s->runs = RUNS;
  s->best = BEST;
  s->chunk = CHUNK;
  if (hwc_impl_count(HWC_PRIM_AES) > 0) {
    hwc_aes_init(&aes128, key, 16);
    hwc_aes_init(&aes256, key, 32);
    if (hwc_impl_count(HWC_PRIM_AES_GCM) > 0) {
      hwc_aes_gcm_init(&gcm128, key, 16);
      hwc_aes_gcm_init(&gcm256, key, 32);
    }
  }
  for (size_t i = 0; i < NCIPHERS; i++)
    if (built(&ciphers[i])) todo[n++] = (entry){&ciphers[i], NULL, {NULL, NULL, NULL}};
  /* The peer's rows, each set up once on its own state; one whose setup
   * fails is left out of the ranking (and torn down, as the contract says). */
  for (size_t i = 0; i < NCIPHERS && peer_io; i++) {
    const bench_row *row = peer_row(peer, &ciphers[i]);
    if (!row) continue;
    entry *e = &todo[n];
    *e = (entry){&ciphers[i], row, {peer_io->in, peer_io->out, NULL}};
    if (!row->setup || row->setup(&e->io) == HWC_OK) {
      n++;
    } else if (row->teardown) {
      row->teardown(&e->io);
    }
  }
  if (n == 0) return;

  /* Calibration: each cipher's rate over about 1/20 of time_s (at least
   * two calls), then the data size that keeps the fastest busy for time_s,
   * with 10% to spare for a calibration that ran a little fast. */
  double best_rate = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned long long calls = 2;
    double t;
    seconds(&todo[i], io, 1);
    while ((t = seconds(&todo[i], io, calls)) < time_s / 20 && calls < (1ull << 30)) calls *= 2;
    double rate = (double)calls / t;
    if (rate > best_rate) best_rate = rate;
  }
  unsigned long long calls = (unsigned long long)ceil(1.1 * time_s * best_rate);
  if (calls < 1) calls = 1;
  s->bytes = calls * CHUNK;

  for (size_t i = 0; i < n; i++) {
    const struct cipher *c = todo[i].c;
    if (tick) {
      char what[96];
      snprintf(what, sizeof what, "%s%s%s", c->name, todo[i].row ? " " : "", todo[i].row ? peer->name : "");
      tick(ctx, what);
    }
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) t[r] = seconds(&todo[i], io, calls);
    qsort(t, RUNS, sizeof t[0], cmp_double);
    shootout_result *res = &s->rows[s->count++];
    res->name = c->name;
    if (todo[i].row) {
      res->impl = peer->id;
      res->source = peer->id;
    } else {
      size_t k = (size_t)(c - ciphers);
      snprintf(impls[k], sizeof impls[k], "%s", hwc_impl_selected(c->prim));
      res->impl = impls[k];
      res->source = BENCH_SOURCE_HWCRYPTO;
    }
    res->mean_s = 0;
    for (int r = 0; r < BEST; r++) res->mean_s += t[r] / BEST;
    res->min_s = t[0];
    res->max_s = t[RUNS - 1];
  }
  qsort(s->rows, s->count, sizeof s->rows[0], cmp_mean);
  for (size_t i = 0; i < n; i++)
    if (todo[i].row && todo[i].row->teardown) todo[i].row->teardown(&todo[i].io);
  hwc_aes_key_wipe(&aes128);
  hwc_aes_key_wipe(&aes256);
  hwc_aes_gcm_key_wipe(&gcm128);
  hwc_aes_gcm_key_wipe(&gcm256);
}
