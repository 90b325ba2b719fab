/* SPDX-License-Identifier: ISC */
/*
 * The handshakes scenario (issue 45): the server side of N = 8 pending TLS
 * 1.3 handshakes on one core, once with single calls and once with the
 * batch API. Per handshake a round makes an ephemeral X25519 key pair from a
 * fresh random scalar, the shared secret with that client's key share, and
 * the CertificateVerify signature: Ed25519 over the 130-byte signed content,
 * or RSA-2048 PKCS#1 v1.5 over its SHA-256 digest (the bench's RSA key).
 * "-single8" rows make N single calls of each, "-batch8" rows one
 * hwc_x25519_base_batch, one hwc_x25519_batch and one signing batch over
 * the N. Both names end in the N they handle, so bench_row_items divides
 * both by 8: every figure is per handshake (ops/s = handshakes per second
 * per core). Setup checks once that the batches give the single calls'
 * bytes, and fails the row with a message if not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

enum { N = 8, CONTENT = 130 };

/* What a round produces, kept apart so setup can compare two rounds. */
typedef struct {
  uint8_t pub[N][32], shared[N][32];
  uint8_t ed_sig[N][64], rsa_sig[N][256];
} hs_out;

typedef struct {
  hwc_rsa_key *key;               /* NULL in the Ed25519 rows */
  const hwc_rsa_key *keys[N];     /* key N times: one server key signs all */
  uint8_t sk[N][64];              /* likewise the one Ed25519 key */
  uint8_t client[N][32];          /* the clients' key shares */
  uint8_t content[N][CONTENT];    /* what each CertificateVerify signs */
  const uint8_t *msg[N];
  size_t len[N];
  uint8_t scalar[N][32];          /* this round's ephemeral scalars */
  uint8_t digest[N][32];
  const uint8_t *dig[N];
  uint8_t *sig[N];
  int status[N];
  hs_out out;
} hs_state;

/* The signatures of one round, single calls or one batch; returns the
 * first failure, as a batch does. SHA-256 runs per handshake in both
 * variants (there is no hash batch), so only the signing differs. */
static int sign_round(hs_state *s, int batch) {
  int r = HWC_OK;
  if (s->key == NULL) {
    if (batch)
      return hwc_ed25519_sign_batch(s->out.ed_sig, s->status, s->msg, s->len, (const uint8_t(*)[64])s->sk, N);
    for (int i = 0; i < N; i++)
      if ((s->status[i] = hwc_ed25519_sign(s->out.ed_sig[i], s->msg[i], CONTENT, s->sk[i])) && r == HWC_OK)
        r = s->status[i];
    return r;
  }
  for (int i = 0; i < N; i++) hwc_sha256(s->digest[i], s->content[i], CONTENT);
  if (batch) return hwc_rsa_sign_pkcs1_digest_batch(s->sig, s->status, s->dig, HWC_HASH_SHA256, s->keys, N);
  for (int i = 0; i < N; i++) {
    size_t n = sizeof s->out.rsa_sig[i];
    if ((s->status[i] = hwc_rsa_sign_pkcs1_digest(s->sig[i], &n, s->dig[i], 32, HWC_HASH_SHA256, s->key)) &&
        r == HWC_OK)
      r = s->status[i];
  }
  return r;
}

/* One round over the N handshakes from the scalars already drawn: key
 * pairs, shared secrets, signatures. Returns the first failure. */
static int round_of(hs_state *s, int batch) {
  const uint8_t(*sc)[32] = (const uint8_t(*)[32])s->scalar;
  int r = HWC_OK, rs;
  if (batch) {
    r = hwc_x25519_base_batch(s->out.pub, s->status, sc, N);
    if ((rs = hwc_x25519_batch(s->out.shared, s->status, sc, (const uint8_t(*)[32])s->client, N)) && !r) r = rs;
  } else {
    for (int i = 0; i < N; i++) {
      if ((rs = hwc_x25519_base(s->out.pub[i], s->scalar[i])) && !r) r = rs;
      if ((rs = hwc_x25519(s->out.shared[i], s->scalar[i], s->client[i])) && !r) r = rs;
    }
  }
  if ((rs = sign_round(s, batch)) && !r) r = rs;
  return r;
}

/* The fixed parts: keys, client shares from io->in, signed contents
 * (64 spaces, the TLS 1.3 context string, a zero byte, a transcript hash
 * from io->in, distinct per handshake: RFC 8446 section 4.4.3). Then one
 * round each way on the same scalars, which must agree byte for byte. */
static int setup_common(bench_io *io, unsigned rsa_bits) {
  hs_state *s = calloc(1, sizeof *s);
  if (s == NULL) return HWC_ERR_NOMEM;
  io->state = s;
  static const char ctx[] = "TLS 1.3, server CertificateVerify";
  uint8_t pk[32];
  int r = rsa_bits ? bench_rsa_key(&s->key, rsa_bits) : hwc_ed25519_seed_keypair(pk, s->sk[0], io->in);
  for (int i = 0; i < N && r == HWC_OK; i++) {
    memcpy(s->sk[i], s->sk[0], 64);
    s->keys[i] = s->key;
    memset(s->content[i], ' ', 64);
    memcpy(s->content[i] + 64, ctx, sizeof ctx); /* with its terminating zero */
    memcpy(s->content[i] + 64 + sizeof ctx, io->in + 64 + 32 * i, 32);
    s->msg[i] = s->content[i];
    s->len[i] = CONTENT;
    s->dig[i] = s->digest[i];
    s->sig[i] = s->out.rsa_sig[i];
    memcpy(s->scalar[i], io->in + 512 + 32 * i, 32);
    r = hwc_x25519_base(s->client[i], io->in + 1024 + 32 * i);
  }
  if (r == HWC_OK && s->key && hwc_rsa_size(s->key) != sizeof s->out.rsa_sig[0]) r = HWC_ERR_BAD_KEY;
  if (r == HWC_OK) r = round_of(s, 0);
  if (r != HWC_OK) return r;
  hs_out single = s->out;
  memset(&s->out, 0, sizeof s->out);
  r = round_of(s, 1);
  if (r == HWC_OK && memcmp(&single, &s->out, sizeof single) != 0) {
    fprintf(stderr, "hwcrypto-bench: handshakes: the batch results differ from the single calls' (%s)\n",
            rsa_bits ? "rsa2048" : "ed25519");
    r = HWC_ERR_VERIFY;
  }
  return r;
}

static int setup_ed25519(bench_io *io) { return setup_common(io, 0); }
static int setup_rsa2048(bench_io *io) { return setup_common(io, 2048); }

static void teardown(bench_io *io) {
  hs_state *s = io->state;
  if (s == NULL) return;
  hwc_rsa_free(s->key);
  free(s);
  io->state = NULL;
}

/* A round with fresh scalars: one hwc_random_bytes for all N in both
 * variants, so the rows differ only in single calls versus batches. */
static void run_round(bench_io *io, int batch) {
  hs_state *s = io->state;
  if (hwc_random_bytes(&s->scalar[0][0], sizeof s->scalar) != HWC_OK) abort();
  (void)round_of(s, batch);
}

static void run_single(bench_io *io, size_t len) {
  (void)len;
  run_round(io, 0);
}

static void run_batch(bench_io *io, size_t len) {
  (void)len;
  run_round(io, 1);
}

BENCH_DEFINE_SUITE(handshake,
  {"handshakes-ed25519-single8", HWC_PRIM_FE25519, BENCH_OP, setup_ed25519, run_single, teardown},
  {"handshakes-ed25519-batch8", HWC_PRIM_FE25519, BENCH_OP, setup_ed25519, run_batch, teardown},
  {"handshakes-rsa2048-single8", HWC_PRIM_BIGNUM, BENCH_OP, setup_rsa2048, run_single, teardown},
  {"handshakes-rsa2048-batch8", HWC_PRIM_BIGNUM, BENCH_OP, setup_rsa2048, run_batch, teardown});
