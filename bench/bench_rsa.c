/* SPDX-License-Identifier: ISC */
/*
 * RSA core rows: modexp-2048 (hwc_modexp, 2048-bit modulus and
 * exponent), and the raw private and public operations of RSA-2048/3072/4096
 * reached through the cheapest public entry points that wrap them:
 * hwc_rsa_private_encrypt_pkcs1 (type-1 padding, then the CRT private
 * operation with exponent and base blinding and the e-check, as signing
 * does) and hwc_rsa_public_decrypt_pkcs1 (e = 65537, then the padding
 * check). rsaN-private-batch8 is hwc_rsa_private_raw_batch on 8 inputs
 * under one key, its figure per item (bench_row_items): the same CRT
 * operation without the padding, whose cost is negligible beside it.
 * Rows compare bignum implementations. A key per size is generated
 * once and re-imported in each setup, so every key records the
 * implementation being measured.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct {
  hwc_rsa_key *key;
  uint8_t sig[512];
  size_t sig_len;
} rsa_core_state;

static int setup_bits(bench_io *io, unsigned bits) {
  rsa_core_state *s = calloc(1, sizeof *s);
  if (s == NULL) return HWC_ERR_NOMEM;
  io->state = s;
  int rc = bench_rsa_key(&s->key, bits);
  if (rc) return rc;
  s->sig_len = sizeof s->sig;
  return hwc_rsa_private_encrypt_pkcs1(s->sig, &s->sig_len, io->in, 64, s->key);
}
static int setup_2048(bench_io *io) { return setup_bits(io, 2048); }
static int setup_3072(bench_io *io) { return setup_bits(io, 3072); }
static int setup_4096(bench_io *io) { return setup_bits(io, 4096); }

static void teardown(bench_io *io) {
  rsa_core_state *s = io->state;
  if (s) hwc_rsa_free(s->key);
  free(s);
  io->state = NULL;
}

static void run_private(bench_io *io, size_t len) {
  (void)len;
  rsa_core_state *s = io->state;
  size_t out_len = sizeof s->sig;
  hwc_rsa_private_encrypt_pkcs1(io->out, &out_len, io->in, 64, s->key);
}

static void run_public(bench_io *io, size_t len) {
  (void)len;
  rsa_core_state *s = io->state;
  size_t out_len = 512;
  hwc_rsa_public_decrypt_pkcs1(io->out, &out_len, s->sig, s->sig_len, s->key);
}

/* A fixed odd 2048-bit modulus with its top bit set; base and exponent are
 * the first 512 bytes of the framework's random input. */
static void run_modexp(bench_io *io, size_t len) {
  (void)len;
  static uint8_t m[256];
  if (m[0] == 0) {
    for (size_t i = 0; i < sizeof m; i++) m[i] = (uint8_t)(0x9b * i + 0x3d);
    m[0] |= 0x80;
    m[255] |= 1;
  }
  hwc_modexp(io->out, io->in, io->in + 256, 256, m, sizeof m);
}

#define BATCH 8
typedef struct {
  hwc_rsa_key *key;
  const hwc_rsa_key *keys[BATCH];
  const uint8_t *in[BATCH];
  uint8_t *out[BATCH];
} rsa_batch_state;

/* The items of rsaN-private-batch8: one key, 8 inputs below n (a zero top
 * byte) at io->in + (bits / 8) i, outputs at io->out + (bits / 8) i. */
static int setup_batch_bits(bench_io *io, unsigned bits) {
  rsa_batch_state *s = calloc(1, sizeof *s);
  if (s == NULL) return HWC_ERR_NOMEM;
  io->state = s;
  int rc = bench_rsa_key(&s->key, bits);
  for (int i = 0; i < BATCH; i++) {
    io->in[bits / 8 * i] = 0;
    s->keys[i] = s->key;
    s->in[i] = io->in + bits / 8 * i;
    s->out[i] = io->out + bits / 8 * i;
  }
  return rc;
}
static int setup_batch_2048(bench_io *io) { return setup_batch_bits(io, 2048); }
static int setup_batch_3072(bench_io *io) { return setup_batch_bits(io, 3072); }
static int setup_batch_4096(bench_io *io) { return setup_batch_bits(io, 4096); }

static void teardown_batch(bench_io *io) {
  rsa_batch_state *s = io->state;
  if (s) hwc_rsa_free(s->key);
  free(s);
  io->state = NULL;
}

static void run_private_batch(bench_io *io, size_t len) {
  (void)len;
  rsa_batch_state *s = io->state;
  int status[BATCH];
  (void)hwc_rsa_private_raw_batch(s->out, status, s->in, s->keys, BATCH);
}

BENCH_DEFINE_SUITE(rsa_core,
  {"modexp-2048", HWC_PRIM_BIGNUM, BENCH_OP, NULL, run_modexp, NULL},
  {"rsa2048-private", HWC_PRIM_BIGNUM, BENCH_OP, setup_2048, run_private, teardown},
  {"rsa2048-private-batch8", HWC_PRIM_BIGNUM, BENCH_OP, setup_batch_2048, run_private_batch, teardown_batch},
  {"rsa3072-private", HWC_PRIM_BIGNUM, BENCH_OP, setup_3072, run_private, teardown},
  {"rsa3072-private-batch8", HWC_PRIM_BIGNUM, BENCH_OP, setup_batch_3072, run_private_batch, teardown_batch},
  {"rsa4096-private", HWC_PRIM_BIGNUM, BENCH_OP, setup_4096, run_private, teardown},
  {"rsa4096-private-batch8", HWC_PRIM_BIGNUM, BENCH_OP, setup_batch_4096, run_private_batch, teardown_batch},
  {"rsa2048-public", HWC_PRIM_BIGNUM, BENCH_OP, setup_2048, run_public, teardown},
  {"rsa3072-public", HWC_PRIM_BIGNUM, BENCH_OP, setup_3072, run_public, teardown},
  {"rsa4096-public", HWC_PRIM_BIGNUM, BENCH_OP, setup_4096, run_public, teardown});
