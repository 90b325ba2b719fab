/* SPDX-License-Identifier: ISC */
/* AES and AES-GCM with a secret key and secret plaintext: key schedule,
 * block encryption and decryption, CBC both ways, CTR, GCM key setup and
 * encryption must not branch or index on them, for every aes x ghash
 * implementation valgrind can run under aes-gcm "separate", and every
 * aes-gcm entry (generic, aesni/pclmul; it emulates no AVX-512). Nonces and counters are public by definition (the counter-carry
 * logic branches on them). GCM decryption too, with the right tag and a
 * wrong one: the comparison must be constant time, and only the verdict is
 * public (the library declassifies it before branching on it). */
#include "ct.h"

typedef struct { const char *aes; } ct_ctx;

static void ct_gcm_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  ct_ctx *c = arg;
  /* 400 bytes: 25 blocks, so encryption runs the stitched 8-block loop
   * more than once (it hashes the previous eight ciphertext blocks while
   * encrypting the next eight), not just one plain step and a tail. */
  uint8_t k[32], pt[400], ct[400], tag[16], nonce[12] = {1}, aad[20] = {2};
  t_rand_bytes(k, sizeof k);
  t_rand_bytes(pt, sizeof pt);
  for (size_t kl = 16; kl <= 32; kl += 8) {
    hwc_aes_gcm_key key;
    CT_SECRET(k, sizeof k);
    CT_SECRET(pt, sizeof pt);
    CHECK(hwc_aes_gcm_init(&key, k, kl) == HWC_OK);
    CHECK(hwc_aes_gcm_encrypt(ct, tag, 16, pt, sizeof pt, aad, sizeof aad, nonce, sizeof nonce, &key) == HWC_OK);
    CHECK(hwc_aes_gcm_encrypt(ct, tag, 16, pt, 37, aad, 5, aad, 20, &key) == HWC_OK); /* hashed nonce */
    uint8_t back[400];
    CHECK(hwc_aes_gcm_encrypt(ct, tag, 16, pt, sizeof pt, aad, sizeof aad, nonce, sizeof nonce, &key) == HWC_OK);
    for (int wrong = 0; wrong < 2; wrong++) {
      tag[15] ^= (uint8_t)wrong;
      int rc = hwc_aes_gcm_decrypt(back, ct, sizeof pt, tag, 16, aad, sizeof aad, nonce, sizeof nonce, &key);
      CT_PUBLIC(&rc, sizeof rc);
      CHECK(rc == (wrong ? HWC_ERR_AUTH : HWC_OK));
      tag[15] ^= (uint8_t)wrong;
    }
    CT_PUBLIC(back, sizeof back);
    hwc_aes_gcm_key_wipe(&key);
    CT_PUBLIC(k, sizeof k);
    CT_PUBLIC(pt, sizeof pt);
    CT_PUBLIC(ct, sizeof ct);
    CT_PUBLIC(tag, sizeof tag);
  }
  (void)c, (void)impl;
}

static void ct_aes_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t k[32], pt[200], out[200], iv[16];
  t_rand_bytes(k, sizeof k);
  t_rand_bytes(pt, sizeof pt);
  for (size_t kl = 16; kl <= 32; kl += 8) {
    hwc_aes_key key;
    CT_SECRET(k, sizeof k);
    CT_SECRET(pt, sizeof pt);
    CHECK(hwc_aes_init(&key, k, kl) == HWC_OK);
    hwc_aes_encrypt_block(out, pt, &key);
    hwc_aes_decrypt_block(out, pt, &key);
    memset(iv, 7, 16);
    CHECK(hwc_aes_cbc_encrypt(out, pt, 192, iv, &key) == HWC_OK);
    CHECK(hwc_aes_cbc_decrypt(out, pt, 192, iv, &key) == HWC_OK);
    memset(iv, 0xff, 16);
    CHECK(hwc_aes_ctr(out, pt, sizeof pt, iv, &key) == HWC_OK);
    hwc_aes_key_wipe(&key);
    CT_PUBLIC(k, sizeof k);
    CT_PUBLIC(pt, sizeof pt);
    CT_PUBLIC(out, sizeof out);
    CT_PUBLIC(iv, sizeof iv);
  }
  ct_ctx c = {impl};
  char what[64];
  snprintf(what, sizeof what, "aes-gcm encrypt and decrypt with aes/%s", impl);
  ct_for_each_impl(HWC_PRIM_GHASH, what, ct_gcm_body, &c);
}

/* GCM under "separate" for every aes x ghash combination, then every fused
 * aes-gcm entry. */
HWC_TEST(ct, aes) {
  const char *pair = hwc_impl_selected(HWC_PRIM_AES_GCM);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, "separate") == HWC_OK);
  ct_for_each_impl(HWC_PRIM_AES, "aes block, cbc, ctr, gcm", ct_aes_body, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, pair) == HWC_OK);
}

HWC_TEST(ct, aes_gcm) { ct_for_each_impl(HWC_PRIM_AES_GCM, "aes-gcm encrypt and decrypt", ct_gcm_body, NULL); }
