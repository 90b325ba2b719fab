/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20, Poly1305 and the two AEADs, one-shot over the whole input the
 * way callers use them (key setup, the one-time Poly1305 key and the final
 * partial blocks included, so small sizes show the per-message cost). The
 * AEAD rows compare chacha20 implementations; Poly1305 inside them stays at
 * the dispatcher's choice.
 */
#include "bench.h"

static const uint8_t key[32] = {1, 2, 3}, nonce[24] = {4, 5, 6};

static void run_chacha20(bench_io *io, size_t len) { hwc_chacha20(io->out, io->in, len, nonce, 1, key); }

static void run_poly1305(bench_io *io, size_t len) { hwc_poly1305(io->out, io->in, len, key); }

static void run_aead(bench_io *io, size_t len) {
  hwc_chacha20poly1305_encrypt(io->out, io->out + len, io->in, len, NULL, 0, nonce, key);
}

static void run_xaead(bench_io *io, size_t len) {
  hwc_xchacha20poly1305_encrypt(io->out, io->out + len, io->in, len, NULL, 0, nonce, key);
}

BENCH_DEFINE_SUITE(chacha,
  {"chacha20", HWC_PRIM_CHACHA20, BENCH_BULK, NULL, run_chacha20, NULL},
  {"poly1305", HWC_PRIM_POLY1305, BENCH_BULK, NULL, run_poly1305, NULL},
  {"chacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_aead, NULL},
  {"xchacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_xaead, NULL});
