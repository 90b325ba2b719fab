/* SPDX-License-Identifier: ISC */
/* ChaCha20, XChaCha20, Poly1305 and the AEADs with the key and the message
 * secret: no kernel and no protocol code may branch or index on them.
 * Decryption too, with the right tag and a wrong one: the tag comparison
 * must be constant time; only its accept/reject verdict is public (the
 * library declassifies it before branching, HWC_DECLASSIFY). */
#include "ct.h"

static void ct_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  uint8_t key[32], nonce[24], msg[400], out[400], tag[16], aad[20];
  t_rand_bytes(nonce, sizeof nonce);
  t_rand_bytes(aad, sizeof aad);
  for (size_t len = 0; len <= sizeof msg; len += 57) {
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, sizeof msg);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, sizeof msg);
    CHECK(hwc_chacha20(out, msg, len, nonce, 1, key) == HWC_OK);
    CHECK(hwc_xchacha20(out, msg, len, nonce, 0xfffffffeu, key) == HWC_OK);
    hwc_poly1305(tag, msg, len, key);
    hwc_poly1305_ctx c;
    hwc_poly1305_init(&c, key);
    hwc_poly1305_update(&c, msg, len / 3);
    hwc_poly1305_update(&c, msg + len / 3, len - len / 3);
    hwc_poly1305_final(&c, tag);
    CHECK(hwc_chacha20poly1305_encrypt(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    CHECK(hwc_xchacha20poly1305_encrypt(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    uint8_t back[400], tag1[16];
    CHECK(hwc_chacha20poly1305_encrypt(out, tag1, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    for (int wrong = 0; wrong < 2; wrong++) {
      tag1[len % 16] ^= (uint8_t)wrong;
      int rc = hwc_chacha20poly1305_decrypt(back, out, len, tag1, aad, sizeof aad, nonce, key);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      tag1[len % 16] ^= (uint8_t)wrong;
    }
    CHECK(hwc_xchacha20poly1305_encrypt(out, tag1, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    for (int wrong = 0; wrong < 2; wrong++) {
      tag1[0] ^= (uint8_t)(wrong << 7);
      int rc = hwc_xchacha20poly1305_decrypt(back, out, len, tag1, aad, sizeof aad, nonce, key);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      tag1[0] ^= (uint8_t)(wrong << 7);
    }
    CT_PUBLIC(out, sizeof out);
    CT_PUBLIC(tag, sizeof tag);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, sizeof msg);
  }
  (void)impl;
}

/* Poly1305 alone at lengths the body above does not reach: the vector
 * paths of the poly1305 backends start at 20 to 32 blocks, the AVX2
 * kernel's two accumulators at 128, each with leftover blocks and a short
 * final block; one-shot and split. */
static void ct_poly_long(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  (void)impl;
  static const size_t lens[] = {520, 2048 + 16 * 7 + 9};
  static uint8_t msg[2048 + 16 * 7 + 9];
  uint8_t key[32], tag[16];
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, len);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, len);
    hwc_poly1305(tag, msg, len, key);
    CT_PUBLIC(tag, sizeof tag);
    hwc_poly1305_ctx c;
    hwc_poly1305_init(&c, key);
    hwc_poly1305_update(&c, msg, len / 3);
    hwc_poly1305_update(&c, msg + len / 3, len - len / 3);
    hwc_poly1305_final(&c, tag);
    CT_PUBLIC(tag, sizeof tag);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, len);
  }
}

/* The AEADs under every chacha20-poly1305 entry, at lengths that reach a
 * fused entry's kernels (src/kernels.h seal, open) in all their parts: the
 * short tail of steps, one step, stitched steps with 0..7 blocks and a
 * partial block after them, and 1024 and 2048 bytes, without one, where
 * the tag's taint can come from the stitched MAC alone (eight- and
 * sixteen-block steps). The first blocks of a message run beside the
 * one-time key where the chacha20 member has key_and_blocks, so every
 * length is taken twice: as it is (the key's blocks, and the fused
 * kernels on what is left) and after that many blocks more (the fused
 * kernels on the whole length). Sealed, then opened in place with the
 * right and a wrong tag. */
static void ct_aead_long(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  enum { NLENS = 6, HEAD_MAX = 32 };
  static const size_t lens[NLENS] = {200, 511 + 64, 1024, 1100, 2048, 4096 + 64 * 5 + 13};
  static uint8_t msg[4096 + 64 * 5 + 13 + 64 * HEAD_MAX], out[sizeof msg];
  uint8_t key[32], nonce[24], aad[13], tag[16];
  const hwc_chacha20_poly1305_kernel *k = HWC_KERNEL(p, hwc_chacha20_poly1305_kernel);
  const hwc_chacha20_kernel *ck = k->chacha20 ? k->chacha20 : HWC_KERNEL(HWC_PRIM_CHACHA20, hwc_chacha20_kernel);
  size_t head_max = ck->key_and_blocks ? ck->key_blocks_max : 0, want = 0;
  CHECK(head_max <= HEAD_MAX);
  unsigned long fused = k->seal ? __atomic_load_n(k->info.calls, __ATOMIC_RELAXED) : 0;
  t_rand_bytes(nonce, sizeof nonce);
  t_rand_bytes(aad, sizeof aad);
  for (size_t i = 0; i < 2 * NLENS; i++) {
    size_t len = lens[i % NLENS] + (i < NLENS ? 0 : 64 * head_max);
    size_t head = len / 64 < head_max ? len / 64 : head_max;
    want += len > 192 && len - 64 * head >= 64; /* the fused kernels get a whole block */
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, len);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, len);
    for (int x = 0; x < 2; x++) {
      int (*enc)(uint8_t *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *,
                 const uint8_t *) = x ? hwc_xchacha20poly1305_encrypt : hwc_chacha20poly1305_encrypt;
      int (*dec)(uint8_t *, const uint8_t *, size_t, const uint8_t *, const uint8_t *, size_t, const uint8_t *,
                 const uint8_t *) = x ? hwc_xchacha20poly1305_decrypt : hwc_chacha20poly1305_decrypt;
      for (int wrong = 0; wrong < 2; wrong++) {
        CHECK(enc(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
        tag[len % 16] ^= (uint8_t)wrong;
        int rc = dec(out, out, len, tag, aad, sizeof aad, nonce, key);
        CT_PUBLIC(&rc, sizeof rc);
        CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      }
    }
    /* With the key public, the tag is secret through the ciphertext alone:
     * the MAC must carry the message's taint. */
    CT_PUBLIC(key, sizeof key);
    CHECK(hwc_chacha20poly1305_encrypt(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    CHECK_MSG(!CT_TRACKS_TAINT || ct_is_secret(tag, sizeof tag), "chacha20-poly1305/%s: len %zu: the tag lost the message's taint", impl, len);
    CT_PUBLIC(out, len);
    CT_PUBLIC(tag, sizeof tag);
    CT_PUBLIC(msg, len);
  }
  if (k->seal)
    /* Every length, both AEADs, two tags, a seal and an open each, and
     * the seal with the key public. */
    CHECK_MSG(__atomic_load_n(k->info.calls, __ATOMIC_RELAXED) - fused == (5 + (k->open ? 4 : 0)) * want,
              "chacha20-poly1305/%s: the fused kernels did not run every time", impl);
}

static const char what[] = "chacha20, xchacha20, poly1305, (x)chacha20poly1305 encrypt and decrypt";
/* The AEADs inside ct_body under "separate", so that they run the chacha20
 * (poly1305) backend of the loop. */
HWC_TEST(ct, chacha20) {
  const char *pair = hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, "separate") == HWC_OK);
  ct_for_each_impl(HWC_PRIM_CHACHA20, what, ct_body, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, pair) == HWC_OK);
  ct_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, "(x)chacha20poly1305 of 200 to 4434 bytes, fused kernels where present",
                   ct_aead_long, NULL);
}
HWC_TEST(ct, poly1305) {
  const char *pair = hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, "separate") == HWC_OK);
  ct_for_each_impl(HWC_PRIM_POLY1305, what, ct_body, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, pair) == HWC_OK);
  ct_for_each_impl(HWC_PRIM_POLY1305, "poly1305 of 520 and 2169 bytes", ct_poly_long, NULL);
}
