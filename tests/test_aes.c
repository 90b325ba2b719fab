/* SPDX-License-Identifier: ISC */
/* AES block, CBC and CTR: FIPS 197 Appendix C and NIST SP 800-38A F.2/F.5
 * known answers, Wycheproof aes_cbc_pkcs5_test.json, every implementation
 * against generic on random input (all lengths, odd alignments, in place),
 * counter carries, key objects surviving a change of selection, and the
 * bad-input rules. Vectors cross-checked with Python's `cryptography`
 * (OpenSSL) when they were typed in. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

static size_t hex(uint8_t *out, size_t cap, const char *h) { return t_unhex(out, cap, h); }

/* ---- FIPS 197 Appendix C: one block per key size. */
static const struct { const char *key, *ct; } fips197[] = {
    {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
};

static void fips197_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  for (size_t i = 0; i < 3; i++) {
    uint8_t k[32], pt[16], want[16], got[16];
    size_t kl = hex(k, sizeof k, fips197[i].key);
    hex(pt, 16, "00112233445566778899aabbccddeeff");
    hex(want, 16, fips197[i].ct);
    hwc_aes_key key;
    CHECK(hwc_aes_init(&key, k, kl) == HWC_OK);
    hwc_aes_encrypt_block(got, pt, &key);
    CHECK_MEM(got, want, 16, "%s: FIPS 197 AES-%zu encrypt", impl, kl * 8);
    hwc_aes_decrypt_block(got, got, &key); /* in place */
    CHECK_MEM(got, pt, 16, "%s: FIPS 197 AES-%zu decrypt", impl, kl * 8);
    hwc_aes_key_wipe(&key);
  }
}

HWC_TEST(aes, fips197) { t_for_each_impl(HWC_PRIM_AES, fips197_body, NULL); }

/* ---- SP 800-38A F.2 (CBC) and F.5 (CTR), four blocks each. */
static const char *sp_pt =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
    "f69f2445df4f9b17ad2b417be66c3710";
static const struct { const char *key, *cbc, *ctr; } sp800[] = {
    {"2b7e151628aed2a6abf7158809cf4f3c",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e22229516"
     "3ff1caa1681fac09120eca307586e1a7",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab"
     "1e031dda2fbe03d1792170a0f3009cee"},
    {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e0"
     "08b0e27988598881d920a9e64f5615cd",
     "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf7"
     "4f78a7f6d29809585a97daec58c6b050"},
    {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461"
     "b2eb05e2c39be9fcda6c19078c6a9d1b",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988d"
     "dfc9c58db67aada613c2dd08457941a6"},
};

static void sp800_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  for (size_t i = 0; i < 3; i++) {
    uint8_t k[32], pt[64], cbc[64], ctr[64], iv[16], got[64];
    size_t kl = hex(k, sizeof k, sp800[i].key);
    hex(pt, 64, sp_pt);
    hex(cbc, 64, sp800[i].cbc);
    hex(ctr, 64, sp800[i].ctr);
    hwc_aes_key key;
    CHECK(hwc_aes_init(&key, k, kl) == HWC_OK);
    /* CBC in one call and in 1+3 blocks through the chained iv. */
    for (size_t split = 0; split <= 16; split += 16) {
      hex(iv, 16, "000102030405060708090a0b0c0d0e0f");
      CHECK(hwc_aes_cbc_encrypt(got, pt, split, iv, &key) == HWC_OK);
      CHECK(hwc_aes_cbc_encrypt(got + split, pt + split, 64 - split, iv, &key) == HWC_OK);
      CHECK_MEM(got, cbc, 64, "%s: SP 800-38A CBC-AES%zu encrypt (split %zu)", impl, kl * 8, split);
      CHECK_MEM(iv, cbc + 48, 16, "%s: CBC iv not chained", impl);
      hex(iv, 16, "000102030405060708090a0b0c0d0e0f");
      CHECK(hwc_aes_cbc_decrypt(got, got, split, iv, &key) == HWC_OK);
      CHECK(hwc_aes_cbc_decrypt(got + split, got + split, 64 - split, iv, &key) == HWC_OK);
      CHECK_MEM(got, pt, 64, "%s: SP 800-38A CBC-AES%zu decrypt (split %zu)", impl, kl * 8, split);
    }
    /* CTR in one call, then in pieces of 16 and 48. */
    hex(iv, 16, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    CHECK(hwc_aes_ctr(got, pt, 64, iv, &key) == HWC_OK);
    CHECK_MEM(got, ctr, 64, "%s: SP 800-38A CTR-AES%zu", impl, kl * 8);
    CHECK_MSG(iv[15] == 0x03 && iv[14] == 0xff && iv[13] == 0xfd, "%s: counter not advanced by 4", impl);
    hex(iv, 16, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    CHECK(hwc_aes_ctr(got, ctr, 16, iv, &key) == HWC_OK);
    CHECK(hwc_aes_ctr(got + 16, ctr + 16, 48, iv, &key) == HWC_OK);
    CHECK_MEM(got, pt, 64, "%s: SP 800-38A CTR-AES%zu decrypt in pieces", impl, kl * 8);
    hwc_aes_key_wipe(&key);
  }
}

HWC_TEST(aes, sp800_38a) { t_for_each_impl(HWC_PRIM_AES, sp800_body, NULL); }

/* ---- Counter carries: CTR against a reference built from single blocks,
 * with counters about to carry out of the low 32 and 64 bits and out of all
 * 128 bits. */
static void ref_ctr(uint8_t *out, const uint8_t *in, size_t len, uint8_t ctr[16], const hwc_aes_key *key) {
  for (size_t at = 0; at < len; at += 16) {
    uint8_t ks[16];
    hwc_aes_encrypt_block(ks, ctr, key);
    for (size_t i = 0; i < 16 && at + i < len; i++) out[at + i] = in[at + i] ^ ks[i];
    for (int i = 15; i >= 0 && ++ctr[i] == 0; i--) {
    }
  }
}

static void carry_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static const char *starts[] = {
      "000102030405060708090a0bfffffffa", "0001020304050607fffffffffffffffd",
      "fffffffffffffffffffffffffffffffe", "00000000000000000000000000000000",
  };
  uint8_t k[32], in[300], want[300], got[300], c1[16], c2[16];
  t_rand_bytes(k, sizeof k);
  t_rand_bytes(in, sizeof in);
  hwc_aes_key key;
  CHECK(hwc_aes_init(&key, k, 32) == HWC_OK);
  for (size_t s = 0; s < 4; s++)
    for (size_t len = 0; len <= 300; len += 37) {
      hex(c1, 16, starts[s]);
      memcpy(c2, c1, 16);
      ref_ctr(want, in, len, c1, &key);
      CHECK(hwc_aes_ctr(got, in, len, c2, &key) == HWC_OK);
      CHECK_MEM(got, want, len, "%s: CTR from %s, %zu bytes", impl, starts[s], len);
      CHECK_MEM(c1, c2, 16, "%s: counter after CTR from %s, %zu bytes", impl, starts[s], len);
    }
}

HWC_TEST(aes, ctr_counter_carry) { t_for_each_impl(HWC_PRIM_AES, carry_body, NULL); }

/* ---- Every implementation against generic. */
typedef enum { M_ECB_ENC, M_ECB_DEC, M_CBC_ENC, M_CBC_DEC, M_CTR, M_COUNT } mode;
static const char *const mode_names[] = {"ecb-encrypt", "ecb-decrypt", "cbc-encrypt", "cbc-decrypt", "ctr"};

static void run_mode(mode m, uint8_t *out, const uint8_t *in, size_t len, uint8_t iv[16], const hwc_aes_key *key) {
  switch (m) {
    case M_ECB_ENC:
      for (size_t i = 0; i < len; i += 16) hwc_aes_encrypt_block(out + i, in + i, key);
      break;
    case M_ECB_DEC:
      for (size_t i = 0; i < len; i += 16) hwc_aes_decrypt_block(out + i, in + i, key);
      break;
    case M_CBC_ENC: CHECK(hwc_aes_cbc_encrypt(out, in, len, iv, key) == HWC_OK); break;
    case M_CBC_DEC: CHECK(hwc_aes_cbc_decrypt(out, in, len, iv, key) == HWC_OK); break;
    default: CHECK(hwc_aes_ctr(out, in, len, iv, key) == HWC_OK); break;
  }
}

static void compare_once(const char *impl, mode m, size_t klen, size_t len, int inplace, size_t align,
                         const hwc_aes_key *ref, const hwc_aes_key *key, uint8_t *buf_in, uint8_t *buf_a,
                         uint8_t *buf_b) {
  if (m != M_CTR) len &= ~(size_t)15;
  uint8_t *in = buf_in + align, *a = buf_a + align, *b = buf_b + align;
  uint8_t iv_a[16], iv_b[16];
  t_rand_bytes(in, len);
  t_rand_bytes(iv_a, 16);
  if (t_rand_below(4) == 0) { /* low counter bytes all 0xff: the next block carries */
    size_t at = 8 + t_rand_below(8);
    memset(iv_a + at, 0xff, 16 - at);
  }
  memcpy(iv_b, iv_a, 16);
  run_mode(m, a, in, len, iv_a, ref);
  if (inplace) {
    memcpy(b, in, len);
    run_mode(m, b, b, len, iv_b, key);
  } else {
    run_mode(m, b, in, len, iv_b, key);
  }
  CHECK_MEM(a, b, len, "%s vs generic: %s AES-%zu, %zu bytes, align %zu%s", impl, mode_names[m], klen * 8, len,
            align, inplace ? ", in place" : "");
  if (m >= M_CBC_ENC) CHECK_MEM(iv_a, iv_b, 16, "%s vs generic: %s iv/counter after %zu bytes", impl, mode_names[m], len);
}

static void equiv_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  size_t big = t_quick() ? 4096 : (1u << 20);
  uint8_t *bin = malloc(big + 64), *ba = malloc(big + 64), *bb = malloc(big + 64);
  static const size_t klens[3] = {16, 24, 32};
  for (size_t ki = 0; ki < 3; ki++) {
    uint8_t k[32];
    t_rand_bytes(k, klens[ki]);
    hwc_aes_key ref, key;
    CHECK(hwc_aes_init(&key, k, klens[ki]) == HWC_OK);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    CHECK(hwc_aes_init(&ref, k, klens[ki]) == HWC_OK);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    size_t step = t_quick() ? 13 : 1;
    for (int m = 0; m < M_COUNT; m++) {
      for (size_t len = 0; len <= 1100; len += (m == M_CTR ? step : 16 * step))
        compare_once(impl, (mode)m, klens[ki], len, (int)(len & 1) ^ (int)((len >> 4) & 1), t_rand_below(16),
                     &ref, &key, bin, ba, bb);
      compare_once(impl, (mode)m, klens[ki], big, 0, 0, &ref, &key, bin, ba, bb);
      compare_once(impl, (mode)m, klens[ki], big - 16 * t_rand_below(7) - t_rand_below(16), 1, 3, &ref, &key,
                   bin, ba, bb);
    }
  }
  free(bin);
  free(ba);
  free(bb);
}

HWC_TEST(aes, equivalence_vs_generic) { t_for_each_impl(HWC_PRIM_AES, equiv_body, NULL); }

/* ---- A key keeps the implementation that built it. */
HWC_TEST(aes, key_survives_reselection) {
  uint8_t k[16], pt[16] = {0}, a[16], b[16];
  hex(k, 16, "000102030405060708090a0b0c0d0e0f");
  hex(pt, 16, "00112233445566778899aabbccddeeff");
  const char *before = hwc_impl_selected(HWC_PRIM_AES);
  for (size_t i = 0; i < hwc_impl_count(HWC_PRIM_AES); i++) {
    if (!hwc_impl_supported(HWC_PRIM_AES, i)) continue;
    CHECK(hwc_impl_select(HWC_PRIM_AES, hwc_impl_name(HWC_PRIM_AES, i)) == HWC_OK);
    hwc_aes_key key;
    CHECK(hwc_aes_init(&key, k, 16) == HWC_OK);
    hwc_aes_encrypt_block(a, pt, &key);
    for (size_t j = 0; j < hwc_impl_count(HWC_PRIM_AES); j++) {
      if (!hwc_impl_supported(HWC_PRIM_AES, j)) continue;
      CHECK(hwc_impl_select(HWC_PRIM_AES, hwc_impl_name(HWC_PRIM_AES, j)) == HWC_OK);
      hwc_aes_encrypt_block(b, pt, &key);
      CHECK_MEM(a, b, 16, "key from %s used while %s is selected", hwc_impl_name(HWC_PRIM_AES, i),
                hwc_impl_name(HWC_PRIM_AES, j));
    }
    CHECK(hwc_impl_select(HWC_PRIM_AES, hwc_impl_name(HWC_PRIM_AES, i)) == HWC_OK);
  }
  CHECK(hwc_impl_select(HWC_PRIM_AES, before) == HWC_OK);
}

/* ---- Bad input: the documented error, nothing written. */
HWC_TEST(aes, bad_input) {
  uint8_t k[32] = {1}, buf[64], out[64], iv[16] = {0}, before[64];
  hwc_aes_key key;
  memset(&key, 0x5a, sizeof key);
  for (size_t kl = 0; kl <= 40; kl++)
    if (kl != 16 && kl != 24 && kl != 32) CHECK_MSG(hwc_aes_init(&key, k, kl) == HWC_ERR_BAD_KEY, "key length %zu", kl);
  CHECK(((uint8_t *)&key)[0] == 0x5a); /* untouched */
  CHECK(hwc_aes_init(NULL, k, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_init(&key, NULL, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_init(&key, k, 16) == HWC_OK);
  t_rand_bytes(buf, sizeof buf);
  memset(out, 0xcc, sizeof out);
  memcpy(before, out, sizeof out);
  for (size_t len = 1; len < 16; len++) {
    CHECK(hwc_aes_cbc_encrypt(out, buf, len + 16, iv, &key) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_aes_cbc_decrypt(out, buf, len + 16, iv, &key) == HWC_ERR_INVALID_ARG);
  }
  CHECK_MEM(out, before, sizeof out, "output written on error");
  int (*fns[3])(uint8_t *, const uint8_t *, size_t, uint8_t *, const hwc_aes_key *) = {
      hwc_aes_cbc_encrypt, hwc_aes_cbc_decrypt, hwc_aes_ctr};
  for (int f = 0; f < 3; f++) {
    CHECK(fns[f](NULL, buf, 16, iv, &key) == HWC_ERR_INVALID_ARG);
    CHECK(fns[f](out, NULL, 16, iv, &key) == HWC_ERR_INVALID_ARG);
    CHECK(fns[f](out, buf, 16, NULL, &key) == HWC_ERR_INVALID_ARG);
    CHECK(fns[f](out, buf, 16, iv, NULL) == HWC_ERR_INVALID_ARG);
    CHECK(fns[f](NULL, NULL, 0, iv, &key) == HWC_OK);
    memcpy(before, buf, sizeof buf);
    CHECK(fns[f](buf + 16, buf, 32, iv, &key) == HWC_ERR_INVALID_ARG); /* partial overlap */
    CHECK(fns[f](buf, buf + 16, 32, iv, &key) == HWC_ERR_INVALID_ARG);
    CHECK_MEM(buf, before, sizeof buf, "overlapping call wrote");
    CHECK(fns[f](buf, buf + 32, 32, iv, &key) == HWC_OK); /* adjacent is fine */
  }
  hwc_aes_key_wipe(&key);
  const uint8_t *raw = (const uint8_t *)&key;
  for (size_t i = 0; i < sizeof key; i++) CHECK_MSG(raw[i] == 0, "byte %zu left after wipe", i);
  CHECK(hwc_aes_ctr(out, buf, 16, iv, &key) == HWC_ERR_INVALID_ARG); /* wiped key */
  hwc_aes_key_wipe(NULL);
}

/* ---- Wycheproof aes_cbc_pkcs5_test.json: PKCS#5 padding is done here (the
 * API is unpadded CBC); valid cases must reproduce ct and decrypt back,
 * invalid ones (bad padding, bad length) must be rejected. */
typedef struct { const char *impl; size_t valid, invalid; } wp_cbc_stats;

static void wp_cbc_case(const wp_value *g, const wp_value *t, void *arg) {
  (void)g;
  wp_cbc_stats *st = arg;
  size_t kl, ivl, ml, cl;
  uint8_t *k = wp_hex(t, "key", &kl), *iv = wp_hex(t, "iv", &ivl), *msg = wp_hex(t, "msg", &ml),
          *ct = wp_hex(t, "ct", &cl);
  long id = wp_num(t, "tcId");
  int valid = !strcmp(wp_str(t, "result"), "valid");
  hwc_aes_key key;
  uint8_t ivc[16];
  CHECK_MSG(hwc_aes_init(&key, k, kl) == HWC_OK && ivl == 16, "tc %ld: key/iv", id);
  if (valid) {
    size_t pl = (ml / 16 + 1) * 16;
    uint8_t *pad = malloc(pl), *out = malloc(pl);
    memcpy(pad, msg, ml);
    memset(pad + ml, (int)(pl - ml), pl - ml);
    memcpy(ivc, iv, 16);
    CHECK(hwc_aes_cbc_encrypt(out, pad, pl, ivc, &key) == HWC_OK);
    CHECK_MSG(pl == cl && memcmp(out, ct, cl) == 0, "%s: Wycheproof CBC tc %ld encrypt", st->impl, id);
    free(pad);
    free(out);
    st->valid++;
  }
  /* Decrypt and unpad; a valid case must come back, an invalid one fail. */
  uint8_t *out = malloc(cl + 1);
  memcpy(ivc, iv, 16);
  int ok = hwc_aes_cbc_decrypt(out, ct, cl, ivc, &key) == HWC_OK && cl > 0;
  if (ok) {
    uint8_t p = out[cl - 1];
    ok = p >= 1 && p <= 16;
    for (size_t i = 0; ok && i < p; i++) ok = out[cl - 1 - i] == p;
    ok = ok && cl - p == ml && memcmp(out, msg, ml) == 0;
  }
  CHECK_MSG(ok == valid, "%s: Wycheproof CBC tc %ld: %s case %s", st->impl, id, valid ? "valid" : "invalid",
            valid ? "rejected" : "accepted");
  if (!valid) st->invalid++;
  free(out);
  free(k);
  free(iv);
  free(msg);
  free(ct);
}

static void wp_cbc_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  wp_cbc_stats st = {impl, 0, 0};
  size_t n = wp_for_each_test(arg, wp_cbc_case, &st);
  CHECK_MSG(n > 200 && st.valid + st.invalid == n, "%s: only %zu Wycheproof CBC cases ran", impl, n);
}

HWC_TEST(aes, wycheproof_cbc_pkcs5) {
  wp_value *doc = wp_load("aes_cbc_pkcs5_test.json");
  CHECK_MSG(doc != NULL, "Wycheproof aes_cbc_pkcs5_test.json not found: set WYCHEPROOF_DIR");
  t_for_each_impl(HWC_PRIM_AES, wp_cbc_body, doc);
  wp_free(doc);
}

/* ---- A key object at any address. A user's packed struct or an allocator
 * with 8-byte granules puts hwc_aes_key where its type's alignment is not
 * met; the kernels read and write round keys with unaligned accesses only,
 * so a copy at offsets 1, 4 and 8 from a 16-byte boundary, and a key built
 * in place there, give generic's results in every mode. (A key built at an
 * 8-byte address once made AES-NI fault on an aligned load.) */
static void misaligned_key_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const size_t klens[3] = {16, 24, 32}, offsets[3] = {1, 4, 8};
  /* 16 blocks + 3 + a partial one: every 8- and 16-block loop and a tail */
  enum { LEN = 16 * 19 + 5 };
  uint8_t in[LEN], a[LEN], b[LEN], iv_a[16], iv_b[16];
  uint8_t *raw = malloc(sizeof(hwc_aes_key) + 16);
  CHECK(raw != NULL && ((uintptr_t)raw & 15) == 0); /* glibc: 16-byte granules */
  for (size_t ki = 0; ki < 3; ki++) {
    uint8_t k[32];
    t_rand_bytes(k, klens[ki]);
    hwc_aes_key ref, key;
    CHECK(hwc_impl_select(p, "generic") == HWC_OK && hwc_aes_init(&ref, k, klens[ki]) == HWC_OK);
    CHECK(hwc_impl_select(p, impl) == HWC_OK && hwc_aes_init(&key, k, klens[ki]) == HWC_OK);
    for (size_t oi = 0; oi < 3; oi++) {
      hwc_aes_key *moved = (hwc_aes_key *)(raw + offsets[oi]);
      for (int built_there = 0; built_there < 2; built_there++) {
        if (built_there)
          CHECK(hwc_aes_init(moved, k, klens[ki]) == HWC_OK);
        else
          memcpy(moved, &key, sizeof key);
        for (int m = 0; m < M_COUNT; m++) {
          size_t len = m == M_CTR ? LEN : LEN & ~(size_t)15;
          t_rand_bytes(in, len);
          t_rand_bytes(iv_a, 16);
          memcpy(iv_b, iv_a, 16);
          run_mode((mode)m, a, in, len, iv_a, &ref);
          run_mode((mode)m, b, in, len, iv_b, moved);
          CHECK_MEM(a, b, len, "%s: %s AES-%zu with the key at offset %zu (%s)", impl, mode_names[m], klens[ki] * 8,
                    offsets[oi], built_there ? "built there" : "copied");
          CHECK_MEM(iv_a, iv_b, 16, "%s: %s iv/counter with the key at offset %zu", impl, mode_names[m], offsets[oi]);
        }
      }
    }
  }
  free(raw);
}

HWC_TEST(aes, key_at_any_alignment) { t_for_each_impl(HWC_PRIM_AES, misaligned_key_body, NULL); }
