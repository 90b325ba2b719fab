/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20, Poly1305 and the two AEADs, one-shot over the whole input the
 * way callers use them (key setup, the one-time Poly1305 key and the final
 * partial blocks included, so small sizes show the per-message cost). The
 * AEAD rows compare chacha20 implementations; Poly1305 inside them stays at
 * the dispatcher's choice. The -stream rows hand the message to the 0.3
 * context in pieces of 1 KiB, 4 KiB or 1000 bytes.
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

/* The 0.3 context: the message in pieces of `piece` bytes (the last one
 * shorter), beside the one-shot row. */
static void aead_stream(bench_io *io, size_t len, size_t piece) {
  hwc_chacha20poly1305_ctx c;
  hwc_chacha20poly1305_start(&c, 1, nonce, key);
  for (size_t done = 0; done < len; done += piece)
    hwc_chacha20poly1305_update(&c, io->out + done, io->in + done, len - done < piece ? len - done : piece);
  hwc_chacha20poly1305_finish(&c, io->out + len);
}

static void run_aead_stream1k(bench_io *io, size_t len) { aead_stream(io, len, 1024); }
static void run_aead_stream4k(bench_io *io, size_t len) { aead_stream(io, len, 4096); }
static void run_aead_stream1000(bench_io *io, size_t len) { aead_stream(io, len, 1000); }

BENCH_DEFINE_SUITE(chacha,
  {"chacha20", HWC_PRIM_CHACHA20, BENCH_BULK, NULL, run_chacha20, NULL},
  {"poly1305", HWC_PRIM_POLY1305, BENCH_BULK, NULL, run_poly1305, NULL},
  {"chacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_aead, NULL},
  {"xchacha20-poly1305-encrypt", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_xaead, NULL},
  {"chacha20-poly1305-encrypt-stream1k", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_aead_stream1k, NULL},
  {"chacha20-poly1305-encrypt-stream4k", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_aead_stream4k, NULL},
  {"chacha20-poly1305-encrypt-stream1000", HWC_PRIM_CHACHA20_POLY1305, BENCH_BULK, NULL, run_aead_stream1000, NULL});
