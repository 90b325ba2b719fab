/* AES-GCM: the test cases of McGrew and Viega's GCM specification (the ones
 * NIST's CAVP gcmEncryptExtIV files also cover), Wycheproof
 * aes_gcm_test.json, every aes x ghash implementation pair against generic
 * on random input, tampering, and the bad-input rules. Every body runs for
 * each supported aes implementation combined with each supported ghash
 * implementation. Vectors cross-checked with Python's `cryptography`. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

typedef void (*pair_body)(const char *aes, const char *ghash, void *arg);
typedef struct { pair_body fn; void *arg; const char *aes; } pair_ctx;

static void ghash_level(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  pair_ctx *c = arg;
  c->fn(c->aes, impl, c->arg);
}

static void aes_level(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  pair_ctx *c = arg;
  c->aes = impl;
  t_for_each_impl(HWC_PRIM_GHASH, ghash_level, c);
}

static void for_each_pair(pair_body fn, void *arg) {
  pair_ctx c = {fn, arg, NULL};
  t_for_each_impl(HWC_PRIM_AES, aes_level, &c);
}

/* ---- GCM specification test cases 1-6 and 13-16 (AES-128 and AES-256). */
#define P3 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
#define P4 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define A4 "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define K3 "feffe9928665731c6d6a8f9467308308"
static const struct { const char *key, *iv, *pt, *aad, *ct, *tag; } spec[] = {
    {"00000000000000000000000000000000", "000000000000000000000000", "", "", "", "58e2fccefa7e3061367f1d57a4e7455a"},
    {"00000000000000000000000000000000", "000000000000000000000000", "00000000000000000000000000000000", "",
     "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"},
    {K3, "cafebabefacedbaddecaf888", P3, "",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {K3, "cafebabefacedbaddecaf888", P4, A4,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {K3, "cafebabefacedbad", P4, A4,
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
     "3612d2e79e3b0785561be14aaca2fccb"},
    {K3, "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b",
     P4, A4,
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
     "619cc5aefffe0bfa462af43c1699d050"},
    {"0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", "", "", "",
     "530f8afbc74536b9a963b4f1c4cb738b"},
    {"0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000",
     "00000000000000000000000000000000", "", "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"},
    {K3 K3, "cafebabefacedbaddecaf888", P3, "",
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
     "b094dac5d93471bdec1a502270e3cc6c"},
    {K3 K3, "cafebabefacedbaddecaf888", P4, A4,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
     "76fc6ece0f4e1768cddf8853bb2d551b"},
};

static void spec_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  for (size_t i = 0; i < sizeof spec / sizeof spec[0]; i++) {
    uint8_t k[32], iv[64], pt[64], aad[32], ct[64], tag[16], got[64], gtag[16];
    size_t kl = t_unhex(k, sizeof k, spec[i].key), ivl = t_unhex(iv, sizeof iv, spec[i].iv),
           pl = t_unhex(pt, sizeof pt, spec[i].pt), al = t_unhex(aad, sizeof aad, spec[i].aad);
    t_unhex(ct, sizeof ct, spec[i].ct);
    t_unhex(tag, sizeof tag, spec[i].tag);
    hwc_aes_gcm_key key;
    CHECK(hwc_aes_gcm_init(&key, k, kl) == HWC_OK);
    CHECK(hwc_aes_gcm_encrypt(got, gtag, 16, pt, pl, aad, al, iv, ivl, &key) == HWC_OK);
    CHECK_MEM(got, ct, pl, "aes=%s ghash=%s: GCM spec vector %zu ciphertext", aes, gh, i);
    CHECK_MEM(gtag, tag, 16, "aes=%s ghash=%s: GCM spec vector %zu tag", aes, gh, i);
    CHECK(hwc_aes_gcm_decrypt(got, ct, pl, tag, 16, aad, al, iv, ivl, &key) == HWC_OK);
    CHECK_MEM(got, pt, pl, "aes=%s ghash=%s: GCM spec vector %zu decrypt", aes, gh, i);
    for (size_t tl = 12; tl < 16; tl++) {
      CHECK(hwc_aes_gcm_encrypt(got, gtag, tl, pt, pl, aad, al, iv, ivl, &key) == HWC_OK);
      CHECK_MEM(gtag, tag, tl, "aes=%s ghash=%s: vector %zu, %zu-byte tag", aes, gh, i, tl);
      CHECK(hwc_aes_gcm_decrypt(got, ct, pl, tag, tl, aad, al, iv, ivl, &key) == HWC_OK);
    }
    hwc_aes_gcm_key_wipe(&key);
  }
}

HWC_TEST(gcm, spec_vectors) { for_each_pair(spec_body, NULL); }

/* ---- Wycheproof aes_gcm_test.json. Cases the API rejects by contract
 * (empty nonce, tags under 12 bytes) count as rejections. */
typedef struct { const char *aes, *gh; size_t valid, invalid; } wp_stats;

static void wp_gcm_case(const wp_value *g, const wp_value *t, void *arg) {
  wp_stats *st = arg;
  size_t kl, ivl, al, ml, cl, tl;
  uint8_t *k = wp_hex(t, "key", &kl), *iv = wp_hex(t, "iv", &ivl), *aad = wp_hex(t, "aad", &al),
          *msg = wp_hex(t, "msg", &ml), *ct = wp_hex(t, "ct", &cl), *tag = wp_hex(t, "tag", &tl);
  long id = wp_num(t, "tcId");
  int valid = !strcmp(wp_str(t, "result"), "valid");
  (void)g;
  hwc_aes_gcm_key key;
  CHECK_MSG(hwc_aes_gcm_init(&key, k, kl) == HWC_OK, "tc %ld: key", id);
  uint8_t *out = malloc(ml + cl + 1), gtag[16];
  if (valid) {
    CHECK_MSG(hwc_aes_gcm_encrypt(out, gtag, tl, msg, ml, aad, al, iv, ivl, &key) == HWC_OK, "tc %ld", id);
    CHECK_MSG(cl == ml && memcmp(out, ct, cl) == 0 && memcmp(gtag, tag, tl) == 0,
              "aes=%s ghash=%s: Wycheproof GCM tc %ld encrypt", st->aes, st->gh, id);
    st->valid++;
  } else {
    st->invalid++;
  }
  memset(out, 0xaa, cl);
  int rc = hwc_aes_gcm_decrypt(out, ct, cl, tag, tl, aad, al, iv, ivl, &key);
  if (valid) {
    CHECK_MSG(rc == HWC_OK && memcmp(out, msg, ml) == 0, "aes=%s ghash=%s: Wycheproof GCM tc %ld decrypt (rc %d)",
              st->aes, st->gh, id, rc);
  } else {
    CHECK_MSG(rc != HWC_OK, "aes=%s ghash=%s: Wycheproof GCM tc %ld (invalid) accepted", st->aes, st->gh, id);
    for (size_t i = 0; i < cl; i++) CHECK_MSG(out[i] == 0 || rc == HWC_ERR_INVALID_ARG, "tc %ld: output not zeroed", id);
  }
  free(out);
  free(k), free(iv), free(aad), free(msg), free(ct), free(tag);
}

static void wp_gcm_body(const char *aes, const char *gh, void *arg) {
  wp_stats st = {aes, gh, 0, 0};
  size_t n = wp_for_each_test(arg, wp_gcm_case, &st);
  CHECK_MSG(n > 300 && st.valid + st.invalid == n, "aes=%s ghash=%s: only %zu Wycheproof GCM cases", aes, gh, n);
}

HWC_TEST(gcm, wycheproof) {
  wp_value *doc = wp_load("aes_gcm_test.json");
  CHECK_MSG(doc != NULL, "Wycheproof aes_gcm_test.json not found: set WYCHEPROOF_DIR");
  for_each_pair(wp_gcm_body, doc);
  wp_free(doc);
}

/* ---- Every pair against generic/generic: random keys, nonce lengths, AAD,
 * all lengths 0..1100 and 1 MiB, odd alignments, in place. */
static void equiv_one(const char *aes, const char *gh, const hwc_aes_gcm_key *ref, const hwc_aes_gcm_key *key,
                      size_t len, uint8_t *bin, uint8_t *ba, uint8_t *bb) {
  uint8_t nonce[40], aad[80], ta[16], tb[16];
  size_t nl = t_rand_below(3) ? 12 : 1 + t_rand_below(40), al = t_rand_below(80), align = t_rand_below(16);
  int inplace = (int)t_rand_below(2);
  uint8_t *in = bin + align, *a = ba + align, *b = bb + align;
  t_rand_bytes(nonce, nl);
  t_rand_bytes(aad, al);
  t_rand_bytes(in, len);
  CHECK(hwc_aes_gcm_encrypt(a, ta, 16, in, len, aad, al, nonce, nl, ref) == HWC_OK);
  if (inplace) memcpy(b, in, len);
  CHECK(hwc_aes_gcm_encrypt(b, tb, 16, inplace ? b : in, len, aad, al, nonce, nl, key) == HWC_OK);
  CHECK_MSG(memcmp(a, b, len) == 0 && memcmp(ta, tb, 16) == 0,
            "aes=%s ghash=%s vs generic: encrypt %zu bytes, nonce %zu, aad %zu, align %zu%s", aes, gh, len, nl, al, align,
            inplace ? ", in place" : "");
  CHECK_MSG(hwc_aes_gcm_decrypt(b, b, len, tb, 16, aad, al, nonce, nl, key) == HWC_OK && memcmp(b, in, len) == 0,
            "aes=%s ghash=%s: decrypt %zu bytes in place", aes, gh, len);
}

static void equiv_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  size_t big = t_quick() ? 5000 : (1u << 20);
  uint8_t *bin = malloc(big + 64), *ba = malloc(big + 64), *bb = malloc(big + 64);
  static const size_t klens[3] = {16, 24, 32};
  for (size_t ki = 0; ki < 3; ki++) {
    uint8_t k[32];
    t_rand_bytes(k, klens[ki]);
    hwc_aes_gcm_key ref, key;
    CHECK(hwc_aes_gcm_init(&key, k, klens[ki]) == HWC_OK);
    CHECK(hwc_impl_select(HWC_PRIM_AES, "generic") == HWC_OK && hwc_impl_select(HWC_PRIM_GHASH, "generic") == HWC_OK);
    CHECK(hwc_aes_gcm_init(&ref, k, klens[ki]) == HWC_OK);
    CHECK(hwc_impl_select(HWC_PRIM_AES, aes) == HWC_OK && hwc_impl_select(HWC_PRIM_GHASH, gh) == HWC_OK);
    size_t step = t_quick() ? 17 : (ki == 0 ? 1 : 7);
    for (size_t len = 0; len <= 1100; len += step) equiv_one(aes, gh, &ref, &key, len, bin, ba, bb);
    equiv_one(aes, gh, &ref, &key, big, bin, ba, bb);
    equiv_one(aes, gh, &ref, &key, big - 1 - t_rand_below(300), bin, ba, bb);
  }
  free(bin), free(ba), free(bb);
}

HWC_TEST(gcm, equivalence_vs_generic) { for_each_pair(equiv_body, NULL); }

/* ---- Tampering: a changed tag, AAD, ciphertext byte or nonce fails with
 * HWC_ERR_AUTH and zeroes the output. */
static void tamper_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  uint8_t k[16], nonce[12], aad[20], pt[100], ct[100], tag[16], out[100];
  t_rand_bytes(k, 16), t_rand_bytes(nonce, 12), t_rand_bytes(aad, 20), t_rand_bytes(pt, 100);
  hwc_aes_gcm_key key;
  CHECK(hwc_aes_gcm_init(&key, k, 16) == HWC_OK);
  CHECK(hwc_aes_gcm_encrypt(ct, tag, 16, pt, 100, aad, 20, nonce, 12, &key) == HWC_OK);
  for (int what = 0; what < 4; what++)
    for (int trial = 0; trial < 8; trial++) {
      uint8_t *target = what == 0 ? tag : what == 1 ? aad : what == 2 ? ct : nonce;
      size_t n = what == 0 ? 16 : what == 1 ? 20 : what == 2 ? 100 : 12;
      size_t at = t_rand_below(n);
      uint8_t bit = (uint8_t)(1u << t_rand_below(8));
      target[at] ^= bit;
      memset(out, 0x77, sizeof out);
      int rc = hwc_aes_gcm_decrypt(out, ct, 100, tag, 16, aad, 20, nonce, 12, &key);
      target[at] ^= bit;
      CHECK_MSG(rc == HWC_ERR_AUTH, "aes=%s ghash=%s: tampered %s byte %zu accepted", aes, gh,
                (const char *[]){"tag", "aad", "ciphertext", "nonce"}[what], at);
      for (size_t i = 0; i < sizeof out; i++) CHECK_MSG(out[i] == 0, "output byte %zu not zeroed", i);
    }
  /* A truncated tag is checked over its own length only, and fails likewise. */
  uint8_t bad[16];
  memcpy(bad, tag, 16);
  bad[11] ^= 1;
  CHECK(hwc_aes_gcm_decrypt(out, ct, 100, bad, 12, aad, 20, nonce, 12, &key) == HWC_ERR_AUTH);
  CHECK(hwc_aes_gcm_decrypt(out, ct, 100, tag, 12, aad, 20, nonce, 12, &key) == HWC_OK);
  CHECK_MEM(out, pt, 100, "truncated tag decrypt");
}

HWC_TEST(gcm, tampering) { for_each_pair(tamper_body, NULL); }

HWC_TEST(gcm, bad_input) {
  uint8_t k[32] = {3}, buf[64] = {0}, out[64], tag[16], nonce[12] = {0}, before[64];
  hwc_aes_gcm_key key;
  CHECK(hwc_aes_gcm_init(&key, k, 15) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_init(NULL, k, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_init(&key, k, 16) == HWC_OK);
  memset(out, 0xcc, sizeof out);
  memcpy(before, out, sizeof out);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 11, buf, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 17, buf, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, 16, NULL, 0, nonce, 0, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, NULL, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, 16, NULL, 5, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, NULL, 16, buf, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, 16, NULL, 0, NULL, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, 16, NULL, 0, nonce, 12, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, ((size_t)1 << 36) - 31, NULL, 0, nonce, 12, &key) == HWC_ERR_TOO_LONG);
  CHECK_MEM(out, before, sizeof out, "encrypt wrote on error");
  CHECK(hwc_aes_gcm_encrypt(buf + 1, tag, 16, buf, 32, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_encrypt(NULL, tag, 16, NULL, 0, NULL, 0, nonce, 12, &key) == HWC_OK);
  CHECK(hwc_aes_gcm_decrypt(NULL, NULL, 0, tag, 16, NULL, 0, nonce, 12, &key) == HWC_OK);
  CHECK(hwc_aes_gcm_decrypt(out, buf, 16, tag, 11, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  for (int i = 0; i < 16; i++) CHECK_MSG(out[i] == 0, "failed decrypt left byte %d", i);
  memset(out, 0xcc, sizeof out);
  CHECK(hwc_aes_gcm_decrypt(out, buf, 16, tag, 16, NULL, 0, nonce, 0, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_decrypt(out, buf, ((size_t)1 << 36) - 31, tag, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_TOO_LONG);
  hwc_aes_gcm_key_wipe(&key);
  const uint8_t *raw = (const uint8_t *)&key;
  for (size_t i = 0; i < sizeof key; i++) CHECK_MSG(raw[i] == 0, "byte %zu left after wipe", i);
  CHECK(hwc_aes_gcm_encrypt(out, tag, 16, buf, 16, NULL, 0, nonce, 12, &key) == HWC_ERR_INVALID_ARG);
  hwc_aes_gcm_key_wipe(NULL);
}

/* ---- A key object on the heap is only 16-byte aligned (glibc's malloc),
 * which is all its type asks for: the kernels must not rely on more. */
static void malloc_key_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  uint8_t k[16], nonce[12] = {9}, pt[300], a[300], b[300], ta[16], tb[16];
  t_rand_bytes(k, 16), t_rand_bytes(pt, sizeof pt);
  hwc_aes_gcm_key ref;
  uint8_t *raw = malloc(sizeof ref + 64);
  hwc_aes_gcm_key *key = (hwc_aes_gcm_key *)(((uintptr_t)raw + 63) / 64 * 64 + 16);
  CHECK(hwc_aes_gcm_init(&ref, k, 16) == HWC_OK && hwc_aes_gcm_init(key, k, 16) == HWC_OK);
  CHECK(hwc_aes_gcm_encrypt(a, ta, 16, pt, sizeof pt, NULL, 0, nonce, 12, &ref) == HWC_OK);
  CHECK(hwc_aes_gcm_encrypt(b, tb, 16, pt, sizeof pt, NULL, 0, nonce, 12, key) == HWC_OK);
  CHECK_MSG(memcmp(a, b, sizeof a) == 0 && memcmp(ta, tb, 16) == 0, "aes=%s ghash=%s: 16-byte aligned key", aes, gh);
  free(raw);
}

HWC_TEST(gcm, key_from_malloc) { for_each_pair(malloc_key_body, NULL); }

/* ---- A GCM key object at any address: copied to offsets 1, 4 and 8 from a
 * 16-byte boundary (a packed struct, an 8-byte allocator), or built there,
 * it gives generic/generic's ciphertext and tag, and decrypts. Lengths reach
 * the 8- and 16-block stitched loops, their tails and a partial block. */
static void misaligned_gcm_key_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  static const size_t offsets[3] = {1, 4, 8}, lens[3] = {5 * 16 + 3, 16 * 16, 16 * 35 + 7};
  enum { MAX = 16 * 35 + 7 };
  uint8_t k[32], nonce[20], aad[20], pt[MAX], a[MAX], b[MAX], ta[16], tb[16];
  uint8_t *raw = malloc(sizeof(hwc_aes_gcm_key) + 16);
  CHECK(raw != NULL && ((uintptr_t)raw & 15) == 0); /* glibc: 16-byte granules */
  for (size_t kl = 16; kl <= 32; kl += 16) {
    t_rand_bytes(k, kl);
    hwc_aes_gcm_key ref, key;
    CHECK(hwc_impl_select(HWC_PRIM_AES, "generic") == HWC_OK && hwc_impl_select(HWC_PRIM_GHASH, "generic") == HWC_OK);
    CHECK(hwc_aes_gcm_init(&ref, k, kl) == HWC_OK);
    CHECK(hwc_impl_select(HWC_PRIM_AES, aes) == HWC_OK && hwc_impl_select(HWC_PRIM_GHASH, gh) == HWC_OK);
    CHECK(hwc_aes_gcm_init(&key, k, kl) == HWC_OK);
    for (size_t oi = 0; oi < 3; oi++) {
      hwc_aes_gcm_key *moved = (hwc_aes_gcm_key *)(raw + offsets[oi]);
      for (int built_there = 0; built_there < 2; built_there++) {
        if (built_there)
          CHECK(hwc_aes_gcm_init(moved, k, kl) == HWC_OK);
        else
          memcpy(moved, &key, sizeof key);
        for (size_t li = 0; li < 3; li++) {
          size_t len = lens[li], nl = li == 1 ? 20 : 12; /* a 20-byte nonce goes through GHASH */
          t_rand_bytes(nonce, nl), t_rand_bytes(aad, sizeof aad), t_rand_bytes(pt, len);
          CHECK(hwc_aes_gcm_encrypt(a, ta, 16, pt, len, aad, sizeof aad, nonce, nl, &ref) == HWC_OK);
          CHECK(hwc_aes_gcm_encrypt(b, tb, 16, pt, len, aad, sizeof aad, nonce, nl, moved) == HWC_OK);
          CHECK_MSG(memcmp(a, b, len) == 0 && memcmp(ta, tb, 16) == 0,
                    "aes=%s ghash=%s: AES-%zu-GCM, %zu bytes, key at offset %zu (%s)", aes, gh, kl * 8, len,
                    offsets[oi], built_there ? "built there" : "copied");
          CHECK_MSG(hwc_aes_gcm_decrypt(b, b, len, tb, 16, aad, sizeof aad, nonce, nl, moved) == HWC_OK &&
                        memcmp(b, pt, len) == 0,
                    "aes=%s ghash=%s: decrypt %zu bytes with the key at offset %zu", aes, gh, len, offsets[oi]);
        }
      }
    }
  }
  free(raw);
}

HWC_TEST(gcm, key_at_any_alignment) { for_each_pair(misaligned_gcm_key_body, NULL); }
