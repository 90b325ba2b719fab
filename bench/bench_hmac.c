/* SPDX-License-Identifier: ISC */
/*
 * HMAC and HKDF rows. HMAC: one-shot MACs of the whole input under a
 * 32-byte key (key set-up included, as hwc_hmac callers pay it: two extra
 * compressions per message). HKDF: one extract and expand of a 32-byte key
 * from a 32-byte secret, a 32-byte salt and a short info string, the
 * typical key-schedule step. Each row compares the implementations of the
 * hash it runs on.
 */
#include "bench.h"

static const uint8_t bench_key[32] = {0x42};

static void run_hmac_sha256(bench_io *io, size_t len) {
  hwc_hmac(io->out, io->in, len, HWC_HASH_SHA256, bench_key, sizeof bench_key);
}

static void run_hmac_sha512(bench_io *io, size_t len) {
  hwc_hmac(io->out, io->in, len, HWC_HASH_SHA512, bench_key, sizeof bench_key);
}

static void run_hkdf_sha256(bench_io *io, size_t len) {
  (void)len;
  static const uint8_t info[] = "hwcrypto bench key";
  hwc_hkdf(io->out, 32, info, sizeof info - 1, bench_key, sizeof bench_key, HWC_HASH_SHA256, io->in, 32);
}

BENCH_DEFINE_SUITE(hmac,
  {"hmac-sha256", HWC_PRIM_SHA256, BENCH_BULK, NULL, run_hmac_sha256, NULL},
  {"hmac-sha512", HWC_PRIM_SHA512, BENCH_BULK, NULL, run_hmac_sha512, NULL},
  {"hkdf-sha256", HWC_PRIM_SHA256, BENCH_OP, NULL, run_hkdf_sha256, NULL});
