/* SPDX-License-Identifier: ISC */
/*
 * AES-CBC, AES-CTR and AES-GCM, one call per message with a fresh IV, nonce
 * or counter (key expansion excluded: keys are long-lived objects). The rows
 * compare aes implementations. For GCM the ghash implementation is set to
 * the aes implementation's partner for the row (pclmul with aesni,
 * vpclmul-avx512 with vaes-avx512, ...): the two are fused into one loop
 * only when they match, which is what the dispatcher picks by itself, and
 * it is restored afterwards. Decryption rows check a valid tag; the
 * -ad13 rows add 13 bytes of additional data; the -stream rows hand the
 * message to the 0.3 context in pieces of 1 KiB, 4 KiB or 1000 bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct {
  hwc_aes_key key;
  hwc_aes_gcm_key gcm;
  const char *ghash_before;
  uint8_t *ct[BENCH_NSIZES];
  uint8_t tag[BENCH_NSIZES][16];
} aes_state;

static const uint8_t key_bytes[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                      0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                      0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static const uint8_t nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
static const size_t sizes[BENCH_NSIZES] = BENCH_SIZES;

/* The ghash implementation that each aes implementation fuses with. */
static const char *ghash_partner(const char *aes) {
  static const char *const pairs[][2] = {{"generic", "generic"},
                                         {"aesni", "pclmul"},
                                         {"aesni-avx", "pclmul"},
                                         {"vaes-avx2", "vpclmul-avx2"},
                                         {"vaes-avx512", "vpclmul-avx512"},
                                         {"armv8-ce", "armv8-ce"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (aes && !strcmp(aes, pairs[i][0])) return pairs[i][1];
  return NULL;
}

static int setup_common(bench_io *io, size_t key_len, int gcm, int decrypt) {
  aes_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->ghash_before = hwc_impl_selected(HWC_PRIM_GHASH);
  if (!gcm) return hwc_aes_init(&st->key, key_bytes, key_len);
  const char *partner = ghash_partner(hwc_impl_selected(HWC_PRIM_AES));
  if (partner) hwc_impl_select(HWC_PRIM_GHASH, partner); /* left as is if not runnable */
  int err = hwc_aes_gcm_init(&st->gcm, key_bytes, key_len);
  for (size_t i = 0; !err && decrypt && i < BENCH_NSIZES; i++) {
    if (!(st->ct[i] = malloc(sizes[i]))) return HWC_ERR_NOMEM;
    err = hwc_aes_gcm_encrypt(st->ct[i], st->tag[i], 16, io->in, sizes[i], NULL, 0, nonce, 12, &st->gcm);
  }
  return err;
}

static void teardown(bench_io *io) {
  aes_state *st = io->state;
  if (!st) return;
  if (st->ghash_before) hwc_impl_select(HWC_PRIM_GHASH, st->ghash_before);
  for (size_t i = 0; i < BENCH_NSIZES; i++) free(st->ct[i]);
  hwc_aes_key_wipe(&st->key);
  hwc_aes_gcm_key_wipe(&st->gcm);
  free(st);
  io->state = NULL;
}

static int setup_128(bench_io *io) { return setup_common(io, 16, 0, 0); }
static int setup_256(bench_io *io) { return setup_common(io, 32, 0, 0); }
static int setup_gcm128(bench_io *io) { return setup_common(io, 16, 1, 0); }
static int setup_gcm256(bench_io *io) { return setup_common(io, 32, 1, 0); }
static int setup_gcm128_dec(bench_io *io) { return setup_common(io, 16, 1, 1); }

static void run_cbc_encrypt(bench_io *io, size_t len) {
  uint8_t iv[16] = {0};
  aes_state *st = io->state;
  hwc_aes_cbc_encrypt(io->out, io->in, len, iv, &st->key);
}

static void run_cbc_decrypt(bench_io *io, size_t len) {
  uint8_t iv[16] = {0};
  aes_state *st = io->state;
  hwc_aes_cbc_decrypt(io->out, io->in, len, iv, &st->key);
}

static void run_ctr(bench_io *io, size_t len) {
  uint8_t ctr[16] = {0};
  aes_state *st = io->state;
  hwc_aes_ctr(io->out, io->in, len, ctr, &st->key);
}

static void run_gcm_encrypt(bench_io *io, size_t len) {
  aes_state *st = io->state;
  hwc_aes_gcm_encrypt(io->out, io->out + len, 16, io->in, len, NULL, 0, nonce, 12, &st->gcm);
}

/* A TLS 1.2 record's additional data (sequence number, type, version,
 * length): the shape AWS-LC's and BoringSSL's `bssl speed` seal with, so
 * those rows compare one to one (bench/compare-awslc.sh). */
static const uint8_t tls_ad[13] = {0, 0, 0, 0, 0, 0, 0, 1, 0x17, 0x03, 0x03, 0x40, 0x00};

static void run_gcm_encrypt_ad13(bench_io *io, size_t len) {
  aes_state *st = io->state;
  hwc_aes_gcm_encrypt(io->out, io->out + len, 16, io->in, len, tls_ad, sizeof tls_ad, nonce, 12, &st->gcm);
}

static void run_gcm_decrypt(bench_io *io, size_t len) {
  aes_state *st = io->state;
  size_t i = 0;
  while (i + 1 < BENCH_NSIZES && sizes[i] != len) i++;
  if (hwc_aes_gcm_decrypt(io->out, st->ct[i], len, st->tag[i], 16, NULL, 0, nonce, 12, &st->gcm) != HWC_OK) abort();
}

/* The 0.3 contexts: the same message handed over in pieces of `piece`
 * bytes (the last one shorter), the way a file reader or a TLS stack feeds
 * them; beside the one-shot rows they show what the pieces cost. */
static void gcm_stream(bench_io *io, size_t len, size_t piece, int decrypt) {
  aes_state *st = io->state;
  size_t i = 0;
  while (decrypt && i + 1 < BENCH_NSIZES && sizes[i] != len) i++;
  const uint8_t *in = decrypt ? st->ct[i] : io->in;
  hwc_aes_gcm_ctx c;
  hwc_aes_gcm_start(&c, !decrypt, nonce, 12, &st->gcm);
  for (size_t done = 0; done < len; done += piece)
    hwc_aes_gcm_update(&c, io->out + done, in + done, len - done < piece ? len - done : piece);
  if (!decrypt)
    hwc_aes_gcm_finish(&c, io->out + len, 16);
  else if (hwc_aes_gcm_finish_verify(&c, st->tag[i], 16) != HWC_OK)
    abort();
}

static void run_gcm_stream1k(bench_io *io, size_t len) { gcm_stream(io, len, 1024, 0); }
static void run_gcm_stream4k(bench_io *io, size_t len) { gcm_stream(io, len, 4096, 0); }
static void run_gcm_stream1000(bench_io *io, size_t len) { gcm_stream(io, len, 1000, 0); }
static void run_gcm_decrypt_stream1k(bench_io *io, size_t len) { gcm_stream(io, len, 1024, 1); }

BENCH_DEFINE_SUITE(aes,
  {"aes-128-cbc-encrypt", HWC_PRIM_AES, BENCH_BULK, setup_128, run_cbc_encrypt, teardown},
  {"aes-128-cbc-decrypt", HWC_PRIM_AES, BENCH_BULK, setup_128, run_cbc_decrypt, teardown},
  {"aes-256-cbc-encrypt", HWC_PRIM_AES, BENCH_BULK, setup_256, run_cbc_encrypt, teardown},
  {"aes-128-ctr", HWC_PRIM_AES, BENCH_BULK, setup_128, run_ctr, teardown},
  {"aes-256-ctr", HWC_PRIM_AES, BENCH_BULK, setup_256, run_ctr, teardown},
  {"aes-128-gcm-encrypt", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128, run_gcm_encrypt, teardown},
  {"aes-128-gcm-decrypt", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128_dec, run_gcm_decrypt, teardown},
  {"aes-256-gcm-encrypt", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm256, run_gcm_encrypt, teardown},
  {"aes-128-gcm-encrypt-ad13", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128, run_gcm_encrypt_ad13, teardown},
  {"aes-256-gcm-encrypt-ad13", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm256, run_gcm_encrypt_ad13, teardown},
  {"aes-128-gcm-encrypt-stream1k", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128, run_gcm_stream1k, teardown},
  {"aes-128-gcm-encrypt-stream4k", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128, run_gcm_stream4k, teardown},
  {"aes-128-gcm-encrypt-stream1000", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128, run_gcm_stream1000, teardown},
  {"aes-128-gcm-decrypt-stream1k", HWC_PRIM_AES_GCM, BENCH_BULK, setup_gcm128_dec, run_gcm_decrypt_stream1k, teardown});
