/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-stream-ratio: the AEADs in pieces (the 0.3 contexts) against the
 * one-shot functions, as a same-run ratio. For every supported aes-gcm and
 * chacha20-poly1305 entry, messages of 16 KiB and 1 MiB sealed one-shot and
 * then in pieces of 1 KiB, 4 KiB, 1025 and 1500 bytes, the two alternated
 * in one loop; each side's time is its minimum over the rounds (the least
 * disturbed run), and the figure is one-shot time / stream time (above 1:
 * the stream is faster). Before timing, each stream's ciphertext and tag
 * are compared with the one-shot's (exit status 1 on a difference).
 *
 *   hwcrypto-stream-ratio [--rounds N]   (default 400; a Markdown table)
 *
 * The bench's -stream rows give absolute figures; this gives the ratio the
 * streaming target is stated in (docs/aead-pairs.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const size_t lens[] = {16384, 1 << 20}, pieces[] = {1024, 4096, 1025, 1500};
#define NLENS (sizeof lens / sizeof lens[0])
#define NPIECES (sizeof pieces / sizeof pieces[0])

static const uint8_t key[32] = {1, 2, 3}, nonce[12] = {4, 5, 6};
static hwc_aes_gcm_key gk;
static uint8_t *in, *out;

static void oneshot(int gcm, size_t len, uint8_t tag[16]) {
  if (gcm)
    hwc_aes_gcm_encrypt(out, tag, 16, in, len, NULL, 0, nonce, 12, &gk);
  else
    hwc_chacha20poly1305_encrypt(out, tag, in, len, NULL, 0, nonce, key);
}

static void stream(int gcm, size_t len, size_t piece, uint8_t tag[16]) {
  if (gcm) {
    hwc_aes_gcm_ctx c;
    hwc_aes_gcm_start(&c, 1, nonce, 12, &gk);
    for (size_t d = 0; d < len; d += piece) hwc_aes_gcm_update(&c, out + d, in + d, len - d < piece ? len - d : piece);
    hwc_aes_gcm_finish(&c, tag, 16);
  } else {
    hwc_chacha20poly1305_ctx c;
    hwc_chacha20poly1305_start(&c, 1, nonce, key);
    for (size_t d = 0; d < len; d += piece)
      hwc_chacha20poly1305_update(&c, out + d, in + d, len - d < piece ? len - d : piece);
    hwc_chacha20poly1305_finish(&c, tag);
  }
}

/* 1 when every cut gives the one-shot's bytes. */
static int same_as_oneshot(int gcm) {
  static uint8_t want[1 << 20];
  uint8_t t1[16], t2[16];
  for (size_t li = 0; li < NLENS; li++) {
    oneshot(gcm, lens[li], t1);
    memcpy(want, out, lens[li]);
    for (size_t pi = 0; pi < NPIECES; pi++) {
      stream(gcm, lens[li], pieces[pi], t2);
      if (memcmp(want, out, lens[li]) != 0 || memcmp(t1, t2, 16) != 0) return 0;
    }
  }
  return 1;
}

/* One-shot time / stream time, minimum of each over the rounds. */
static double ratio(int gcm, size_t len, size_t piece, unsigned rounds) {
  uint64_t best_one = UINT64_MAX, best_stream = UINT64_MAX;
  uint8_t tag[16];
  for (unsigned r = 0; r < rounds; r++) {
    uint64_t t0 = bench_ticks();
    oneshot(gcm, len, tag);
    uint64_t t1 = bench_ticks();
    stream(gcm, len, piece, tag);
    uint64_t t2 = bench_ticks();
    if (t1 - t0 < best_one) best_one = t1 - t0;
    if (t2 - t1 < best_stream) best_stream = t2 - t1;
  }
  return (double)best_one / (double)best_stream;
}

int main(int argc, char **argv) {
  unsigned rounds = 400;
  if (argc == 3 && strcmp(argv[1], "--rounds") == 0 && atoi(argv[2]) > 0) {
    rounds = (unsigned)atoi(argv[2]);
  } else if (argc != 1) {
    fprintf(stderr, "usage: %s [--rounds N]\n", argv[0]);
    return 2;
  }
  in = malloc(1 << 20);
  out = malloc(1 << 20);
  if (!in || !out) return 1;
  for (size_t i = 0; i < (1 << 20); i++) in[i] = (uint8_t)(i * 131 + 7);
  printf("stream / one-shot speed, min of %u alternated rounds each (%s)\n\n", rounds, bench_counter_name());
  printf("| entry |");
  for (size_t li = 0; li < NLENS; li++)
    for (size_t pi = 0; pi < NPIECES; pi++) printf(" %s in %zu |", lens[li] == 16384 ? "16 KiB" : "1 MiB", pieces[pi]);
  printf("\n|---|");
  for (size_t i = 0; i < NLENS * NPIECES; i++) printf("---|");
  printf("\n");
  int bad = 0;
  static const hwc_prim prims[2] = {HWC_PRIM_AES_GCM, HWC_PRIM_CHACHA20_POLY1305};
  for (int g = 0; g < 2; g++) {
    hwc_prim p = prims[g];
    const char *was = hwc_impl_selected(p);
    for (size_t i = 0; i < hwc_impl_count(p); i++) {
      if (!hwc_impl_supported(p, i) || hwc_impl_select(p, hwc_impl_name(p, i)) != HWC_OK) continue;
      int gcm = p == HWC_PRIM_AES_GCM;
      if (gcm && hwc_aes_gcm_init(&gk, key, 16) != HWC_OK) return 1;
      printf("| %s %s%s |", hwc_prim_name(p), hwc_impl_name(p, i), was && !strcmp(was, hwc_impl_name(p, i)) ? " *" : "");
      if (!same_as_oneshot(gcm)) {
        printf(" stream differs from the one-shot |\n");
        bad = 1;
        continue;
      }
      for (size_t li = 0; li < NLENS; li++)
        for (size_t pi = 0; pi < NPIECES; pi++)
          printf(" %.2f |", ratio(gcm, lens[li], pieces[pi], lens[li] > 16384 ? rounds / 20 + 3 : rounds));
      printf("\n");
      fflush(stdout);
    }
    if (was) hwc_impl_select(p, was);
  }
  printf("\n* = the implementation the dispatcher selects on this CPU\n");
  hwc_aes_gcm_key_wipe(&gk);
  free(in), free(out);
  return bad;
}
