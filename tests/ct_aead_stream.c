/* SPDX-License-Identifier: ISC */
/* The AEADs in pieces (0.3) with a secret key and secret plaintext, for
 * every aes-gcm and chacha20-poly1305 entry: the carried partial block and
 * keystream, the fused bulk steps called per piece (VAES-512's included,
 * which the one-shot reaches only through its whole-message seal), the
 * keystream made ahead, and finish_verify with the right and a wrong tag
 * (only the verdict is public). Pieces: 1, 15 and 16 bytes, then a long
 * one that is not a whole number of blocks, then the rest. */
#include "ct.h"

static const size_t cuts[] = {1, 15, 16, 1100, 333};
enum { LEN = 1 + 15 + 16 + 1100 + 333 + 1300 }; /* the last piece: 1300 bytes */

static size_t piece(size_t i, size_t done) { return i < sizeof cuts / sizeof cuts[0] ? cuts[i] : LEN - done; }

/* An update function of either context, behind one type (calling the
 * library's through a cast function pointer would be undefined). */
typedef int (*update_fn)(void *c, uint8_t *out, const uint8_t *in, size_t n);
static int gcm_update(void *c, uint8_t *out, const uint8_t *in, size_t n) {
  return hwc_aes_gcm_update(c, out, in, n);
}
static int chacha_update(void *c, uint8_t *out, const uint8_t *in, size_t n) {
  return hwc_chacha20poly1305_update(c, out, in, n);
}

/* The LEN bytes at in through update into out, in the pieces of piece(). */
static void in_pieces(void *c, update_fn update, uint8_t *out, const uint8_t *in) {
  for (size_t i = 0, done = 0, n; done < LEN; done += n, i++) {
    n = piece(i, done);
    CHECK(update(c, out + done, in + done, n) == HWC_OK);
  }
}

static void ct_gcm_stream_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  static uint8_t pt[LEN], ct[LEN], back[LEN];
  uint8_t k[32], tag[16], nonce[12] = {3}, aad[21] = {4};
  t_rand_bytes(k, sizeof k);
  t_rand_bytes(pt, sizeof pt);
  for (size_t kl = 16; kl <= 32; kl += 8) {
    hwc_aes_gcm_key key;
    hwc_aes_gcm_ctx c;
    CT_SECRET(k, sizeof k);
    CT_SECRET(pt, sizeof pt);
    CHECK(hwc_aes_gcm_init(&key, k, kl) == HWC_OK);
    CHECK(hwc_aes_gcm_start(&c, 1, nonce, sizeof nonce, &key) == HWC_OK);
    CHECK(hwc_aes_gcm_aad(&c, aad, 5) == HWC_OK && hwc_aes_gcm_aad(&c, aad + 5, sizeof aad - 5) == HWC_OK);
    in_pieces(&c, gcm_update, ct, pt);
    CHECK(hwc_aes_gcm_finish(&c, tag, 16) == HWC_OK);
    for (int wrong = 0; wrong < 2; wrong++) {
      tag[3] ^= (uint8_t)wrong;
      CHECK(hwc_aes_gcm_start(&c, 0, nonce, sizeof nonce, &key) == HWC_OK);
      CHECK(hwc_aes_gcm_aad(&c, aad, sizeof aad) == HWC_OK);
      in_pieces(&c, gcm_update, back, ct);
      int rc = hwc_aes_gcm_finish_verify(&c, tag, 16);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      tag[3] ^= (uint8_t)wrong;
    }
    hwc_aes_gcm_key_wipe(&key);
    CT_PUBLIC(k, sizeof k);
    CT_PUBLIC(pt, sizeof pt);
    CT_PUBLIC(ct, sizeof ct);
    CT_PUBLIC(back, sizeof back);
    CT_PUBLIC(tag, sizeof tag);
  }
}

HWC_TEST(ct, aes_gcm_stream) {
  ct_for_each_impl(HWC_PRIM_AES_GCM, "aes-gcm in pieces", ct_gcm_stream_body, NULL);
}

static void ct_chacha_stream_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  static uint8_t pt[LEN], ct[LEN], back[LEN];
  uint8_t key[32], tag[16], nonce[24] = {5}, aad[13] = {6};
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(pt, sizeof pt);
  for (int x = 0; x < 2; x++) {
    int (*start)(hwc_chacha20poly1305_ctx *, int, const uint8_t *, const uint8_t *) =
        x ? hwc_xchacha20poly1305_start : hwc_chacha20poly1305_start;
    hwc_chacha20poly1305_ctx c;
    CT_SECRET(key, sizeof key);
    CT_SECRET(pt, sizeof pt);
    CHECK(start(&c, 1, nonce, key) == HWC_OK);
    CHECK(hwc_chacha20poly1305_aad(&c, aad, sizeof aad) == HWC_OK);
    in_pieces(&c, chacha_update, ct, pt);
    CHECK(hwc_chacha20poly1305_finish(&c, tag) == HWC_OK);
    for (int wrong = 0; wrong < 2; wrong++) {
      tag[9] ^= (uint8_t)wrong;
      CHECK(start(&c, 0, nonce, key) == HWC_OK);
      CHECK(hwc_chacha20poly1305_aad(&c, aad, sizeof aad) == HWC_OK);
      in_pieces(&c, chacha_update, back, ct);
      int rc = hwc_chacha20poly1305_finish_verify(&c, tag);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      tag[9] ^= (uint8_t)wrong;
    }
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(pt, sizeof pt);
    CT_PUBLIC(ct, sizeof ct);
    CT_PUBLIC(back, sizeof back);
    CT_PUBLIC(tag, sizeof tag);
  }
}

HWC_TEST(ct, chacha20poly1305_stream) {
  ct_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, "(x)chacha20poly1305 in pieces", ct_chacha_stream_body, NULL);
}
