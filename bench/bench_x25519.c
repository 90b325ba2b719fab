/* SPDX-License-Identifier: ISC */
/* X25519 rows: the variable-base ladder (hwc_x25519) and the fixed-base
 * key generation (hwc_x25519_base), per fe25519 implementation, each alone
 * and in batches of 8 (hwc_x25519_batch, hwc_x25519_base_batch; the
 * "-batch8" rows' figures are per item, bench_row_items). */
#include "bench.h"

/* A fixed scalar and a valid peer key taken from the framework's random
 * input: the ladder's time does not depend on either. */
static int setup(bench_io *io) {
  return hwc_x25519_base(io->in + 32, io->in + 64);
}

static void run_x25519(bench_io *io, size_t len) {
  (void)len;
  (void)hwc_x25519(io->out, io->in, io->in + 32);
}

static void run_x25519_base(bench_io *io, size_t len) {
  (void)len;
  (void)hwc_x25519_base(io->out, io->in);
}

/* A batch of 8: scalars from io->in + 256, points (random u, which the
 * ladder takes as they come) from io->in + 512, results to io->out. */
#define BATCH 8
static void run_x25519_batch(bench_io *io, size_t len) {
  (void)len;
  int status[BATCH];
  (void)hwc_x25519_batch((uint8_t(*)[32])io->out, status, (const uint8_t(*)[32])(io->in + 256),
                         (const uint8_t(*)[32])(io->in + 512), BATCH);
}

static void run_x25519_base_batch(bench_io *io, size_t len) {
  (void)len;
  int status[BATCH];
  (void)hwc_x25519_base_batch((uint8_t(*)[32])io->out, status, (const uint8_t(*)[32])(io->in + 256), BATCH);
}

BENCH_DEFINE_SUITE(x25519,
  {"x25519", HWC_PRIM_FE25519, BENCH_OP, setup, run_x25519, NULL},
  {"x25519-base", HWC_PRIM_FE25519, BENCH_OP, NULL, run_x25519_base, NULL},
  {"x25519-batch8", HWC_PRIM_FE25519, BENCH_OP, NULL, run_x25519_batch, NULL},
  {"x25519-base-batch8", HWC_PRIM_FE25519, BENCH_OP, NULL, run_x25519_base_batch, NULL});
