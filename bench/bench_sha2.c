/* SPDX-License-Identifier: ISC */
/*
 * SHA-1 and SHA-2 rows: one-shot hashes of the whole input, the way most
 * callers use them (padding and the final block included, so small sizes
 * show the per-message cost too).
 */
#include "bench.h"

static void run_sha256(bench_io *io, size_t len) { hwc_sha256(io->out, io->in, len); }

static void run_sha512(bench_io *io, size_t len) { hwc_sha512(io->out, io->in, len); }

static void run_sha1(bench_io *io, size_t len) { hwc_sha1(io->out, io->in, len); }

BENCH_DEFINE_SUITE(sha2,
  {"sha256", HWC_PRIM_SHA256, BENCH_BULK, NULL, run_sha256, NULL},
  {"sha512", HWC_PRIM_SHA512, BENCH_BULK, NULL, run_sha512, NULL},
  {"sha1", HWC_PRIM_SHA1, BENCH_BULK, NULL, run_sha1, NULL});
