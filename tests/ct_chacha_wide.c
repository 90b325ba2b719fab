/* SPDX-License-Identifier: ISC */
/* ChaCha20 and XChaCha20 with the key and the message secret, at lengths
 * that reach the widest vector paths: the 8-block iteration of the AVX2
 * kernel and the 16-block one of the AVX-512 kernel need 512 and 1024
 * bytes, beyond the lengths of ct_chacha.c. Each length also ends in the
 * kernels' shorter paths (2 or 3 blocks, a lone block, a partial block). */
#include "ct.h"

static void ct_wide_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)impl;
  (void)arg;
  static const size_t lens[] = {256 + 3 * 64 + 5, 512 + 2 * 64, 1024 + 4 * 64 + 64 + 17, 2048 + 512 + 3 * 64};
  static uint8_t key[32], nonce[24], msg[2816], out[2816];
  t_rand_bytes(nonce, sizeof nonce);
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, sizeof msg);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, sizeof msg);
    CHECK(hwc_chacha20(out, msg, len, nonce, 1, key) == HWC_OK);
    CHECK(hwc_xchacha20(out, msg, len, nonce, 0xfffffff0u, key) == HWC_OK);
    CT_PUBLIC(out, sizeof out);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, sizeof msg);
  }
}

static const char what[] = "chacha20, xchacha20 at 8- and 16-block lengths";

HWC_TEST(ct, chacha20_wide) { ct_for_each_impl(HWC_PRIM_CHACHA20, what, ct_wide_body, NULL); }
