/* SPDX-License-Identifier: ISC */
/* The wiping contract of every context and key type of include/hwcrypto.h
 * (the policy: src/kernels.h, "Wiping"), under every backend of its
 * primitive: after its final call or its wipe function every byte of the
 * object is zero. Each object is first filled with a pattern and used on
 * a message long enough to reach the backend's wide path, so a field the
 * final forgets still holds key or state bytes. The check itself is shown
 * to find a planted residue (one non-zero byte) before it is trusted. */
#include "check.h"

/* 1 if the n bytes at p are all zero. */
static int all_zero(const void *p, size_t n) {
  const uint8_t *b = p;
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= b[i];
  return acc == 0;
}

/* Fails the test naming the first non-zero byte. */
#define CHECK_WIPED(obj, what, impl)                                                                         \
  do {                                                                                                       \
    const uint8_t *b_ = (const uint8_t *)(obj);                                                              \
    size_t i_ = 0;                                                                                           \
    while (i_ < sizeof *(obj) && b_[i_] == 0) i_++;                                                          \
    CHECK_MSG(i_ == sizeof *(obj), "%s [%s]: byte %zu of %zu is 0x%02x after the wipe", what, impl, i_,     \
              sizeof *(obj), i_ < sizeof *(obj) ? b_[i_] : 0);                                               \
  } while (0)

static uint8_t msg[4096 + 77], key[64];

static void fill(void *p, size_t n) { memset(p, 0xa5, n); }

HWC_TEST(wipe, checker_finds_a_planted_residue) {
  uint8_t buf[sizeof(hwc_hmac_ctx)];
  memset(buf, 0, sizeof buf);
  CHECK(all_zero(buf, sizeof buf));
  for (size_t i = 0; i < sizeof buf; i += 37) {
    buf[i] = 1;
    CHECK_MSG(!all_zero(buf, sizeof buf), "a residue at byte %zu went unseen", i);
    buf[i] = 0;
  }
}

static void sha_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t out[64];
  if (p == HWC_PRIM_SHA1) {
    hwc_sha1_ctx c;
    fill(&c, sizeof c);
    hwc_sha1_init(&c);
    hwc_sha1_update(&c, msg, sizeof msg);
    hwc_sha1_final(&c, out);
    CHECK_WIPED(&c, "hwc_sha1_ctx after final", impl);
  } else if (p == HWC_PRIM_SHA256) {
    hwc_sha256_ctx c;
    fill(&c, sizeof c);
    hwc_sha256_init(&c);
    hwc_sha256_update(&c, msg, sizeof msg);
    hwc_sha256_final(&c, out);
    CHECK_WIPED(&c, "hwc_sha256_ctx after final", impl);
  } else {
    for (int v = 0; v < 2; v++) {
      hwc_sha512_ctx c;
      fill(&c, sizeof c);
      v ? hwc_sha384_init(&c) : hwc_sha512_init(&c);
      hwc_sha512_update(&c, msg, sizeof msg);
      v ? hwc_sha384_final(&c, out) : hwc_sha512_final(&c, out);
      CHECK_WIPED(&c, v ? "hwc_sha512_ctx after sha384 final" : "hwc_sha512_ctx after final", impl);
    }
  }
  /* The run-time choice of hash: each hash of this primitive. */
  static const hwc_hash by_prim[3][2] = {{HWC_HASH_SHA1, HWC_HASH_SHA1},
                                         {HWC_HASH_SHA256, HWC_HASH_SHA256},
                                         {HWC_HASH_SHA384, HWC_HASH_SHA512}};
  int row = p == HWC_PRIM_SHA1 ? 0 : p == HWC_PRIM_SHA256 ? 1 : 2;
  for (int v = 0; v < 2; v++) {
    hwc_hash_ctx c;
    fill(&c, sizeof c);
    CHECK(hwc_hash_init(&c, by_prim[row][v]) == HWC_OK);
    hwc_hash_update(&c, msg, sizeof msg);
    hwc_hash_final(&c, out);
    CHECK_WIPED(&c, "hwc_hash_ctx after final", impl);
  }
}

HWC_TEST(wipe, hash_contexts) {
  t_rand_bytes(msg, sizeof msg);
  t_for_each_impl(HWC_PRIM_SHA1, sha_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA256, sha_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, sha_body, NULL);
}

/* HMAC over each hash, the key longer than a block (hashed first) and
 * shorter, through the selected backend of that hash. */
static void hmac_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const hwc_hash by_prim[][2] = {{HWC_HASH_SHA256, HWC_HASH_SHA256}, {HWC_HASH_SHA384, HWC_HASH_SHA512},
                                         {HWC_HASH_SHA1, HWC_HASH_SHA1}};
  int row = p == HWC_PRIM_SHA256 ? 0 : p == HWC_PRIM_SHA512 ? 1 : 2;
  uint8_t mac[64], long_key[200];
  t_rand_bytes(long_key, sizeof long_key);
  for (int h = 0; h < 2; h++)
    for (int k = 0; k < 2; k++) {
      hwc_hmac_ctx c;
      fill(&c, sizeof c);
      CHECK(hwc_hmac_init(&c, by_prim[row][h], k ? long_key : key, k ? sizeof long_key : 32) == HWC_OK);
      hwc_hmac_update(&c, msg, sizeof msg);
      hwc_hmac_final(&c, mac);
      CHECK_WIPED(&c, "hwc_hmac_ctx after final", impl);
    }
}

HWC_TEST(wipe, hmac_context) {
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  t_for_each_impl(HWC_PRIM_SHA256, hmac_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, hmac_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA1, hmac_body, NULL);
}

/* Poly1305's context holds the one-time key and the backend's cached
 * powers of r, filled by a long update. */
static void poly_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  uint8_t tag[16];
  hwc_poly1305_ctx c;
  fill(&c, sizeof c);
  hwc_poly1305_init(&c, key);
  hwc_poly1305_update(&c, msg, 13);
  hwc_poly1305_update(&c, msg + 13, sizeof msg - 13);
  hwc_poly1305_final(&c, tag);
  CHECK_WIPED(&c, "hwc_poly1305_ctx after final", impl);
}

HWC_TEST(wipe, poly1305_context) {
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  t_for_each_impl(HWC_PRIM_POLY1305, poly_body, NULL);
}

/* AES and AES-GCM key objects: the round keys (and GHASH's powers of H)
 * in the selected backend's layout, used once, then wiped. */
static void aes_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  static uint8_t out[sizeof msg];
  static const size_t lens[] = {16, 24, 32};
  for (int i = 0; i < 3; i++) {
    uint8_t iv[16] = {0}, tag[16], nonce[12] = {1};
    hwc_aes_key k;
    fill(&k, sizeof k);
    CHECK(hwc_aes_init(&k, key, lens[i]) == HWC_OK);
    CHECK(hwc_aes_ctr(out, msg, 4096, iv, &k) == HWC_OK);
    hwc_aes_key_wipe(&k);
    CHECK_WIPED(&k, "hwc_aes_key after hwc_aes_key_wipe", impl);
    hwc_aes_gcm_key g;
    fill(&g, sizeof g);
    CHECK(hwc_aes_gcm_init(&g, key, lens[i]) == HWC_OK);
    CHECK(hwc_aes_gcm_encrypt(out, tag, 16, msg, 4096, NULL, 0, nonce, 12, &g) == HWC_OK);
    hwc_aes_gcm_key_wipe(&g);
    CHECK_WIPED(&g, "hwc_aes_gcm_key after hwc_aes_gcm_key_wipe", impl);
  }
}

/* Every aes backend (its GCM keys under aes-gcm "separate"), then every
 * aes-gcm entry. */
HWC_TEST(wipe, aes_keys) {
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  const char *gcm = hwc_impl_selected(HWC_PRIM_AES_GCM);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, "separate") == HWC_OK);
  t_for_each_impl(HWC_PRIM_AES, aes_body, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, gcm) == HWC_OK);
  t_for_each_impl(HWC_PRIM_AES_GCM, aes_body, NULL);
}

/* The AEAD contexts of 0.3 (E(J0), the GHASH value, the ChaCha20 key and
 * keystream made ahead, the Poly1305 key): zero after finish and after
 * finish_verify, accepting and refusing, under every pair entry. */
static void aead_ctx_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static uint8_t out[sizeof msg];
  uint8_t tag[16], nonce[24] = {7};
  if (p == HWC_PRIM_AES_GCM) {
    hwc_aes_gcm_key g;
    CHECK(hwc_aes_gcm_init(&g, key, 32) == HWC_OK);
    for (int dir = 0; dir < 3; dir++) { /* seal, open, open a forgery */
      hwc_aes_gcm_ctx c;
      fill(&c, sizeof c);
      CHECK(hwc_aes_gcm_start(&c, dir == 0, nonce, 12, &g) == HWC_OK);
      CHECK(hwc_aes_gcm_aad(&c, key, 21) == HWC_OK);
      CHECK(hwc_aes_gcm_update(&c, out, msg, 1000) == HWC_OK && hwc_aes_gcm_update(&c, out, msg, 3001) == HWC_OK);
      if (dir == 0) {
        CHECK(hwc_aes_gcm_finish(&c, tag, 16) == HWC_OK);
      } else {
        tag[0] ^= (uint8_t)(dir == 2);
        hwc_aes_gcm_finish_verify(&c, tag, 16);
      }
      CHECK_WIPED(&c, dir ? "hwc_aes_gcm_ctx after finish_verify" : "hwc_aes_gcm_ctx after finish", impl);
    }
    hwc_aes_gcm_key_wipe(&g);
    return;
  }
  for (int dir = 0; dir < 3; dir++) {
    hwc_chacha20poly1305_ctx c;
    fill(&c, sizeof c);
    CHECK(hwc_xchacha20poly1305_start(&c, dir == 0, nonce, key) == HWC_OK);
    CHECK(hwc_chacha20poly1305_aad(&c, key, 21) == HWC_OK);
    CHECK(hwc_chacha20poly1305_update(&c, out, msg, 1000) == HWC_OK &&
          hwc_chacha20poly1305_update(&c, out, msg, 3001) == HWC_OK);
    if (dir == 0) {
      CHECK(hwc_chacha20poly1305_finish(&c, tag) == HWC_OK);
    } else {
      tag[0] ^= (uint8_t)(dir == 2);
      hwc_chacha20poly1305_finish_verify(&c, tag);
    }
    CHECK_WIPED(&c, dir ? "hwc_chacha20poly1305_ctx after finish_verify" : "hwc_chacha20poly1305_ctx after finish",
                impl);
  }
}

HWC_TEST(wipe, aead_contexts) {
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  t_for_each_impl(HWC_PRIM_AES_GCM, aead_ctx_body, NULL);
  t_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, aead_ctx_body, NULL);
}

/* A secret stream's state (the current key) after hwc_secretstream_wipe. */
static void secretstream_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static uint8_t c[sizeof msg + HWC_SECRETSTREAM_ABYTES];
  uint8_t header[HWC_SECRETSTREAM_HEADERBYTES];
  hwc_secretstream_state st;
  fill(&st, sizeof st);
  size_t c_len = sizeof c;
  CHECK(hwc_secretstream_init_push(&st, header, key) == HWC_OK);
  CHECK(hwc_secretstream_push(&st, c, &c_len, msg, 4096, NULL, 0, HWC_SECRETSTREAM_TAG_REKEY) == HWC_OK);
  hwc_secretstream_wipe(&st);
  CHECK_WIPED(&st, "hwc_secretstream_state after hwc_secretstream_wipe", impl);
}

HWC_TEST(wipe, secretstream_state) {
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  t_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, secretstream_body, NULL);
}
