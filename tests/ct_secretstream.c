/* SPDX-License-Identifier: ISC */
/* Secret streams with the key and the messages secret: init (HChaCha20),
 * push and pull (the key and tag blocks, the short one-call path, the
 * fused kernels and the chunked member path, the MAC folded into the
 * nonce), rekey by tag and explicitly, and pull with the right and a wrong
 * MAC: no branch or index may depend on them. Only the verdict and the
 * pulled tag byte are public (the library declassifies both before acting
 * on them: they are the caller's answers); the tag pushed is the caller's
 * public choice. */
#include "ct.h"

/* Lengths: empty, within one block, the one-call short path's end (192),
 * fused steps with a partial block after them, and 4 KiB plus. */
static const size_t lens[] = {0, 1, 63, 64, 65, 192, 200, 1000, 4096 + 64 * 3 + 13};
#define NLENS (sizeof lens / sizeof lens[0])
#define MAXLEN (4096 + 64 * 3 + 13)

static void ct_ss_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)impl;
  (void)arg;
  static uint8_t msg[MAXLEN], c[MAXLEN + HWC_SECRETSTREAM_ABYTES], back[MAXLEN];
  uint8_t key[32], header[24], ad[13];
  hwc_secretstream_state tx, rx, before;
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(ad, sizeof ad);
  CT_SECRET(key, sizeof key);
  CT_SECRET(msg, sizeof msg);
  CHECK(hwc_secretstream_init_push(&tx, header, key) == HWC_OK);
  CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
  for (size_t i = 0; i < NLENS; i++) {
    size_t len = lens[i], cl = len + HWC_SECRETSTREAM_ABYTES, ml;
    uint8_t tag = (uint8_t)(i % 4), got = 0xff;
    size_t n = cl;
    CHECK(hwc_secretstream_push(&tx, c, &n, msg, len, ad, sizeof ad, tag) == HWC_OK && n == cl);
    /* A wrong MAC first (the state must not move), then the right one. */
    for (int wrong = 1; wrong >= 0; wrong--) {
      before = rx;
      c[len + 1 + i % 16] ^= (uint8_t)wrong;
      ml = len;
      int rc = hwc_secretstream_pull(&rx, back, &ml, &got, c, cl, ad, sizeof ad);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      c[len + 1 + i % 16] ^= (uint8_t)wrong;
      CT_PUBLIC(&got, 1);
      CHECK(got == (wrong ? 0 : tag));
      if (wrong) {
        /* Compared in the open: the states are secret. */
        hwc_secretstream_state a = rx, b = before;
        CT_PUBLIC(&a, sizeof a);
        CT_PUBLIC(&b, sizeof b);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
      }
    }
    if (i == NLENS / 2) {
      hwc_secretstream_rekey(&tx);
      hwc_secretstream_rekey(&rx);
    }
  }
  /* With the key public, the ciphertext must still carry the message's
   * taint (the encryption did not lose it). */
  CT_PUBLIC(key, sizeof key);
  CHECK(hwc_secretstream_init_push(&tx, header, key) == HWC_OK);
  size_t n = 1000 + HWC_SECRETSTREAM_ABYTES;
  CHECK(hwc_secretstream_push(&tx, c, &n, msg, 1000, NULL, 0, 0) == HWC_OK);
  CHECK_MSG(!CT_TRACKS_TAINT || ct_is_secret(c + 1, 1000), "secretstream: the ciphertext lost the message's taint");
  CT_PUBLIC(c, sizeof c);
  CT_PUBLIC(back, sizeof back);
  CT_PUBLIC(msg, sizeof msg);
  hwc_secretstream_wipe(&tx);
  hwc_secretstream_wipe(&rx);
}

static const char what[] = "secretstream init, push, pull (right and wrong MAC), rekey; 0 to 4314 bytes";

/* Under "separate" once per chacha20 and per poly1305 backend, then under
 * every chacha20-poly1305 entry (its fused kernels where it has them). */
HWC_TEST(ct, secretstream) {
  const char *pair = hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, "separate") == HWC_OK);
  ct_for_each_impl(HWC_PRIM_CHACHA20, what, ct_ss_body, NULL);
  ct_for_each_impl(HWC_PRIM_POLY1305, what, ct_ss_body, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, pair) == HWC_OK);
  ct_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, what, ct_ss_body, NULL);
}
