/* SPDX-License-Identifier: ISC */
/* AES-GCM: the test cases of McGrew and Viega's GCM specification (the ones
 * NIST's CAVP gcmEncryptExtIV files also cover), Wycheproof
 * aes_gcm_test.json, every aes-gcm entry against generic on random input,
 * tampering, and the bad-input rules. Every body runs for each supported
 * fused aes-gcm entry and, under "separate", for each supported aes
 * implementation combined with each supported ghash implementation.
 * Vectors cross-checked with Python's `cryptography`. */
#include <stdlib.h>

#include "aead_pairs.h"
#include "wycheproof.h"

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

HWC_TEST(gcm, spec_vectors) { t_for_each_gcm_pair(spec_body, NULL); }

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
  t_for_each_gcm_pair(wp_gcm_body, doc);
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
    t_gcm_ref_init(&ref, k, klens[ki]);
    size_t step = t_quick() ? 17 : (ki == 0 ? 1 : 7);
    for (size_t len = 0; len <= 1100; len += step) equiv_one(aes, gh, &ref, &key, len, bin, ba, bb);
    equiv_one(aes, gh, &ref, &key, big, bin, ba, bb);
    equiv_one(aes, gh, &ref, &key, big - 1 - t_rand_below(300), bin, ba, bb);
  }
  free(bin), free(ba), free(bb);
}

HWC_TEST(gcm, equivalence_vs_generic) { t_for_each_gcm_pair(equiv_body, NULL); }

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

HWC_TEST(gcm, tampering) { t_for_each_gcm_pair(tamper_body, NULL); }

HWC_TEST(gcm, bad_input) {
  uint8_t k[32] = {3}, buf[64] = {0}, out[64], tag[16], nonce[12] = {0}, before[64];
  hwc_aes_gcm_key key;
  CHECK(hwc_aes_gcm_init(&key, k, 15) == HWC_ERR_BAD_KEY);
  CHECK(hwc_aes_gcm_init(&key, k, 31) == HWC_ERR_BAD_KEY);
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

HWC_TEST(gcm, key_from_malloc) { t_for_each_gcm_pair(malloc_key_body, NULL); }

/* ---- Edge values of tests/edge.h: hash keys 0, all ones and every single
 * bit, data all ones, zero and single-bit, at every block count through
 * two iterations of the widest stitched or per-reduction loop (16 blocks)
 * and one block more, and the same lengths and AAD lengths through the
 * public functions. */

#include "edge.h"

enum { EDGE_CHUNK = 16, EDGE_MAX_BLOCKS = 4 * EDGE_CHUNK + 1 }; /* the largest block count below */

/* Block counts: 0 .. 2 * 16 + 1 and the next chunk's edges 47, 48, 49, 64, 65. */
static size_t edge_next_blocks(size_t nb) {
  if (nb < 2 * EDGE_CHUNK + 1) return nb + 1;
  static const size_t after[] = {47, 48, 49, 64, 65, 0};
  for (size_t i = 0; after[i]; i++)
    if (after[i] > nb) return after[i];
  return 0;
}

static void ghash_edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_ghash_kernel *k = HWC_KERNEL(HWC_PRIM_GHASH, hwc_ghash_kernel);
  const hwc_ghash_kernel *g = (const hwc_ghash_kernel *)hwc_registry_impl(HWC_PRIM_GHASH, 0);
  _Alignas(64) uint8_t tk[HWC_GHASH_TABLE_BYTES], tg[HWC_GHASH_TABLE_BYTES];
  static uint8_t m[16 * EDGE_MAX_BLOCKS];
  size_t cases = 0;
  for (size_t hi = 0; hi < t_edge_ghash_key_count(); hi++) {
    if (t_quick() && hi >= 4 && hi % 9 != 0) continue;
    uint8_t h[16];
    t_edge_ghash_key(h, hi);
    k->init(tk, h);
    g->init(tg, h);
    for (size_t pat = 0; pat < t_edge_ghash_msg_count(); pat++) {
      t_edge_ghash_msg(m, sizeof m, pat);
      for (size_t nb = 0;; nb = edge_next_blocks(nb)) {
        uint8_t yk[16], yg[16];
        memset(yk, (nb & 1) ? 0xff : 0, 16); /* start from 0 and from all ones */
        memcpy(yg, yk, 16);
        k->update(yk, m, nb, tk);
        g->update(yg, m, nb, tg);
        CHECK_MSG(memcmp(yk, yg, 16) == 0, "%s: H %zu, %s, %zu blocks differs from generic", impl, hi,
                  t_edge_ghash_msg_name(pat), nb);
        if (nb > 1) { /* the same in two calls, split off-centre */
          memset(yk, (nb & 1) ? 0xff : 0, 16);
          size_t first = nb / 3;
          k->update(yk, m, first, tk);
          k->update(yk, m + 16 * first, nb - first, tk);
          CHECK_MSG(memcmp(yk, yg, 16) == 0, "%s: H %zu, %s, %zu blocks split at %zu differs from generic", impl, hi,
                    t_edge_ghash_msg_name(pat), nb, first);
        }
        cases++;
        if (edge_next_blocks(nb) == 0) break;
      }
    }
  }
  CHECK(cases > 0);
}

HWC_TEST(gcm, ghash_edge_keys_and_blocks) { t_for_each_impl(HWC_PRIM_GHASH, ghash_edge_body, NULL); }

/* The fused aes-gcm bulk kernels (AES CTR and GHASH in one loop) on hash
 * keys chosen freely (the public functions always take H = E_K(0)), edge
 * data, and a counter whose low word wraps inside the run, under 128-,
 * 192- and 256-bit keys, against generic's CTR and GHASH done apart, at
 * block counts around every stride (edge_next_blocks). */
static int fused_entry(hwc_prim p) { return HWC_KERNEL(p, hwc_aes_gcm_kernel)->encrypt != NULL; }

static void fused_edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_aes_gcm_kernel *k = HWC_KERNEL(HWC_PRIM_AES_GCM, hwc_aes_gcm_kernel);
  const hwc_aes_kernel *a = k->aes;
  const hwc_aes_kernel *ga = (const hwc_aes_kernel *)hwc_registry_impl(HWC_PRIM_AES, 0);
  const hwc_ghash_kernel *gg = (const hwc_ghash_kernel *)hwc_registry_impl(HWC_PRIM_GHASH, 0);
  _Alignas(64) uint8_t rk[HWC_AES_RK_BYTES], grk[HWC_AES_RK_BYTES];
  _Alignas(64) uint8_t ht[HWC_GHASH_TABLE_BYTES], ght[HWC_GHASH_TABLE_BYTES];
  static uint8_t in[16 * EDGE_MAX_BLOCKS], out[16 * EDGE_MAX_BLOCKS], want[16 * EDGE_MAX_BLOCKS];
  static const size_t hkeys[] = {0, 1, 2, 4, 5, 11, 67, 130, 131}; /* 0, ff, 55, x^0, x^1, x^7, x^63, x^126, x^127 */
  uint8_t key[32];
  memset(key, 0xff, sizeof key);
  /* Every key size: the loops lay out rounds 1..9 apart from the rest.
   * AES-256 runs every hash key, the shorter keys every third. */
  for (size_t kl = 16; kl <= 32; kl += 8) {
    unsigned rounds = (unsigned)(kl / 4 + 6);
    a->setkey(rk, key, kl);
    ga->setkey(grk, key, kl);
    for (size_t hi = 0; hi < sizeof hkeys / sizeof hkeys[0]; hi += kl == 32 ? 1 : 3) {
      uint8_t h[16];
      t_edge_ghash_key(h, hkeys[hi]);
      k->ghash->init(ht, h);
      gg->init(ght, h);
      for (size_t pat = 0; pat < t_edge_ghash_msg_count(); pat++) {
        t_edge_ghash_msg(in, sizeof in, pat);
        for (size_t nb = 0;; nb = edge_next_blocks(nb)) {
          for (int decrypt = 0; decrypt < 2; decrypt++) {
            uint8_t ctr[16], gctr[16], y[16], gy[16];
            memset(ctr, 0xff, 12);
            ctr[12] = ctr[13] = ctr[14] = 0xff, ctr[15] = (uint8_t)(0xff - nb / 2); /* inc32 wraps mid-run */
            memcpy(gctr, ctr, 16);
            memset(y, (int)(pat * 0x33), 16);
            memcpy(gy, y, 16);
            (decrypt ? k->decrypt : k->encrypt)(out, in, nb, ctr, y, rk, rounds, ht);
            ga->ctr32(want, in, nb, gctr, grk, rounds);
            gg->update(gy, decrypt ? in : want, nb, ght);
            CHECK_MSG(memcmp(out, want, 16 * nb) == 0 && memcmp(ctr, gctr, 16) == 0,
                      "aes-gcm/%s: %s CTR, AES-%zu, H %zu, %s, %zu blocks differs from generic", impl,
                      decrypt ? "decrypt" : "encrypt", 8 * kl, hkeys[hi], t_edge_ghash_msg_name(pat), nb);
            CHECK_MSG(memcmp(y, gy, 16) == 0,
                      "aes-gcm/%s: %s GHASH, AES-%zu, H %zu, %s, %zu blocks differs from generic", impl,
                      decrypt ? "decrypt" : "encrypt", 8 * kl, hkeys[hi], t_edge_ghash_msg_name(pat), nb);
          }
          if (edge_next_blocks(nb) == 0) break;
        }
      }
    }
  }
}

HWC_TEST(gcm, stitched_edge_keys_and_blocks) {
  size_t ran = t_for_each_impl_where(HWC_PRIM_AES_GCM, fused_entry, fused_edge_body, NULL);
  printf("gcm: %zu fused aes-gcm entries at the edges\n", ran);
}

/* Every length 0 .. 16 (2 * 16 + 1) bytes of all-ones and of zero data, and
 * every AAD length likewise, through the public functions under all-ones
 * and all-zero keys, against generic/generic, and decrypted back. */
static void edge_lengths_body(const char *aes, const char *gh, void *arg) {
  (void)arg;
  enum { MAXLEN = 16 * (2 * EDGE_CHUNK + 1) };
  static uint8_t pt[MAXLEN], aad[MAXLEN], ca[MAXLEN], cb[MAXLEN];
  static const size_t klens[2] = {16, 32};
  uint8_t nonce[12], ta[16], tb[16];
  memset(nonce, 0xff, sizeof nonce);
  for (size_t ki = 0; ki < 4; ki++) {
    uint8_t k[32];
    memset(k, ki & 1 ? 0xff : 0x00, sizeof k);
    hwc_aes_gcm_key ref, key;
    CHECK(hwc_aes_gcm_init(&key, k, klens[ki / 2]) == HWC_OK);
    t_gcm_ref_init(&ref, k, klens[ki / 2]);
    memset(pt, ki & 1 ? 0x00 : 0xff, sizeof pt);
    memset(aad, 0xff, sizeof aad);
    size_t step = t_quick() ? 5 : 1;
    for (size_t len = 0; len <= MAXLEN; len += (len < 40 || len % 16 > 14 || len % 16 < 2) ? 1 : step) {
      for (int which = 0; which < 2; which++) { /* which 0: data of len, AAD 13; 1: data 33, AAD of len */
        size_t dl = which ? 33 : len, al = which ? len : 13;
        CHECK(hwc_aes_gcm_encrypt(ca, ta, 16, pt, dl, aad, al, nonce, sizeof nonce, &ref) == HWC_OK);
        CHECK(hwc_aes_gcm_encrypt(cb, tb, 16, pt, dl, aad, al, nonce, sizeof nonce, &key) == HWC_OK);
        CHECK_MSG(memcmp(ca, cb, dl) == 0 && memcmp(ta, tb, 16) == 0,
                  "aes=%s ghash=%s: key %zu, %zu data bytes, %zu AAD bytes differ from generic", aes, gh, ki, dl, al);
        CHECK_MSG(hwc_aes_gcm_decrypt(cb, cb, dl, tb, 16, aad, al, nonce, sizeof nonce, &key) == HWC_OK &&
                      memcmp(cb, pt, dl) == 0,
                  "aes=%s ghash=%s: key %zu, %zu data bytes, %zu AAD bytes do not decrypt", aes, gh, ki, dl, al);
      }
    }
  }
}

HWC_TEST(gcm, edge_lengths_vs_generic) { t_for_each_gcm_pair(edge_lengths_body, NULL); }

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
    t_gcm_ref_init(&ref, k, kl);
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

HWC_TEST(gcm, key_at_any_alignment) { t_for_each_gcm_pair(misaligned_gcm_key_body, NULL); }
