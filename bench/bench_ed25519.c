/* SPDX-License-Identifier: ISC */
/*
 * Ed25519 and ristretto255 rows, per fe25519 implementation, and the
 * sodium-loop scenario: the benchmark loop a pure-PHP libsodium polyfill
 * publishes, one iteration per call, so ops_per_s is loop
 * iterations per second (1000 / ops_per_s seconds per 1000 iterations).
 * Messages are 64 bytes, like a typical signed token digest pair. The
 * "-batch8" rows sign and verify 8 such items per call (8 key pairs, one
 * message each); their figures are per item (bench_row_items).
 */
#include <stdlib.h>

#include "bench.h"

/* io->in: seed (0..31), message (32..95); io->out: sk (0..63), pk (64..95),
 * signature (128..191), a ristretto255 element (192..223). */
static int setup(bench_io *io) {
  int r = hwc_ed25519_seed_keypair(io->out + 64, io->out, io->in);
  if (r == HWC_OK) r = hwc_ed25519_sign(io->out + 128, io->in + 32, 64, io->out);
  if (r == HWC_OK) r = hwc_ristretto255_from_hash(io->out + 192, io->in + 96);
  return r;
}

static void run_sign(bench_io *io, size_t len) {
  (void)len;
  (void)hwc_ed25519_sign(io->out + 256, io->in + 32, 64, io->out);
}

static void run_verify(bench_io *io, size_t len) {
  (void)len;
  if (hwc_ed25519_verify(io->out + 128, io->in + 32, 64, io->out + 64) != HWC_OK) abort();
}

static void run_scalarmult(bench_io *io, size_t len) {
  (void)len;
  (void)hwc_ristretto255_scalarmult(io->out + 256, io->in + 160, io->out + 192);
}

/* Per iteration: two random scalars p, q; r = p + q; p = r - q; z = p q;
 * complement(p); invert(p); negate(p); reduce(64 random bytes); two X25519
 * key pairs; both X25519 shared secrets. */
static void run_sodium_loop(bench_io *io, size_t len) {
  (void)len;
  uint8_t p[32], q[32], r[32], z[32], c[32], inv[32], neg[32], wide[64], red[32];
  uint8_t a_pk[32], a_sk[32], b_pk[32], b_sk[32], s1[32], s2[32];
  hwc_ristretto255_scalar_random(p);
  hwc_ristretto255_scalar_random(q);
  hwc_ristretto255_scalar_add(r, p, q);
  hwc_ristretto255_scalar_sub(p, r, q);
  hwc_ristretto255_scalar_mul(z, p, q);
  hwc_ristretto255_scalar_complement(c, p);
  (void)hwc_ristretto255_scalar_invert(inv, p);
  hwc_ristretto255_scalar_negate(neg, p);
  if (hwc_random_bytes(wide, sizeof wide) != HWC_OK) abort();
  hwc_ristretto255_scalar_reduce(red, wide);
  if (hwc_x25519_keypair(a_pk, a_sk) != HWC_OK || hwc_x25519_keypair(b_pk, b_sk) != HWC_OK) abort();
  (void)hwc_x25519(s1, a_sk, b_pk);
  (void)hwc_x25519(s2, b_sk, a_pk);
  /* keep the results alive */
  io->out[256] = (uint8_t)(z[0] ^ c[0] ^ inv[0] ^ neg[0] ^ red[0] ^ s1[0] ^ s2[0]);
}

/* The items of a batch row: 8 key pairs from seeds in io->in + 256, each
 * signing its own 64-byte message from io->in + 768. */
#define BATCH 8
typedef struct {
  uint8_t sk[BATCH][64], pk[BATCH][32], sig[BATCH][64], out[BATCH][64];
  const uint8_t *msg[BATCH];
  size_t len[BATCH];
} batch_state;

static int setup_batch(bench_io *io) {
  batch_state *b = calloc(1, sizeof *b);
  if (b == NULL) return HWC_ERR_NOMEM;
  io->state = b;
  int r = HWC_OK;
  for (int i = 0; i < BATCH && r == HWC_OK; i++) {
    b->msg[i] = io->in + 768 + 64 * i;
    b->len[i] = 64;
    r = hwc_ed25519_seed_keypair(b->pk[i], b->sk[i], io->in + 256 + 32 * i);
    if (r == HWC_OK) r = hwc_ed25519_sign(b->sig[i], b->msg[i], 64, b->sk[i]);
  }
  return r;
}

static void teardown_batch(bench_io *io) {
  free(io->state);
  io->state = NULL;
}

static void run_sign_batch(bench_io *io, size_t len) {
  (void)len;
  batch_state *b = io->state;
  int status[BATCH];
  (void)hwc_ed25519_sign_batch(b->out, status, b->msg, b->len, (const uint8_t(*)[64])b->sk, BATCH);
}

static void run_verify_batch(bench_io *io, size_t len) {
  (void)len;
  batch_state *b = io->state;
  int status[BATCH];
  if (hwc_ed25519_verify_batch(status, (const uint8_t(*)[64])b->sig, b->msg, b->len, (const uint8_t(*)[32])b->pk,
                               BATCH) != HWC_OK)
    abort();
}

BENCH_DEFINE_SUITE(ed25519,
  {"ed25519-sign", HWC_PRIM_FE25519, BENCH_OP, setup, run_sign, NULL},
  {"ed25519-verify", HWC_PRIM_FE25519, BENCH_OP, setup, run_verify, NULL},
  {"ed25519-sign-batch8", HWC_PRIM_FE25519, BENCH_OP, setup_batch, run_sign_batch, teardown_batch},
  {"ed25519-verify-batch8", HWC_PRIM_FE25519, BENCH_OP, setup_batch, run_verify_batch, teardown_batch},
  {"ristretto255-scalarmult", HWC_PRIM_FE25519, BENCH_OP, setup, run_scalarmult, NULL},
  {"sodium-loop", HWC_PRIM_FE25519, BENCH_OP, NULL, run_sodium_loop, NULL});
