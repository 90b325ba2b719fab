/* SPDX-License-Identifier: ISC */
/* HMAC (RFC 2104) and HKDF (RFC 5869) over every hwc_hash, each run once
 * per implementation of the hash's primitive: RFC 2202 (HMAC-SHA-1), RFC
 * 4231 (HMAC-SHA-256/384/512), RFC 5869 A.1-A.7, Project Wycheproof's HMAC
 * and HKDF files; the incremental API cut at odd points against one-shot;
 * key lengths around the block size; argument errors and limits. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

static const struct { hwc_hash h; hwc_prim prim; const char *name; size_t len, block; } hashes[] = {
    {HWC_HASH_SHA1, HWC_PRIM_SHA1, "SHA-1", 20, 64},
    {HWC_HASH_SHA256, HWC_PRIM_SHA256, "SHA-256", 32, 64},
    {HWC_HASH_SHA384, HWC_PRIM_SHA512, "SHA-384", 48, 128},
    {HWC_HASH_SHA512, HWC_PRIM_SHA512, "SHA-512", 64, 128},
};
#define NHASHES (sizeof hashes / sizeof hashes[0])

/* Fills p with n copies of byte b, or the run b, b+1, ... when step is 1. */
static void fill(uint8_t *p, size_t n, uint8_t b, int step) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(b + (step ? i : 0));
}

/* ---- RFC 2202 section 3 (HMAC-SHA-1) and RFC 4231 section 4 (HMAC-SHA-2).
 * Keys and data are described by (byte, count, run) or a string. */
typedef struct {
  uint8_t key_byte;
  size_t key_len;
  int key_run;
  const char *key_str;
  uint8_t data_byte;
  size_t data_len;
  const char *data_str;
} mac_input;

static size_t make(uint8_t *out, uint8_t b, size_t n, int run, const char *str) {
  if (str) {
    memcpy(out, str, strlen(str));
    return strlen(str);
  }
  fill(out, n, b, run);
  return n;
}

static const struct { mac_input in; const char *mac; size_t trunc; } rfc2202[] = {
    {{0x0b, 20, 0, NULL, 0, 0, "Hi There"}, "b617318655057264e28bc0b6fb378c8ef146be00", 0},
    {{0, 0, 0, "Jefe", 0, 0, "what do ya want for nothing?"}, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", 0},
    {{0xaa, 20, 0, NULL, 0xdd, 50, NULL}, "125d7342b9ac11cd91a39af48aa17b4f63f175d3", 0},
    {{0x01, 25, 1, NULL, 0xcd, 50, NULL}, "4c9007f4026250c6bc8414f9bf50c86c2d7235da", 0},
    {{0x0c, 20, 0, NULL, 0, 0, "Test With Truncation"}, "4c1a03424b55e07fe7f27be1", 12},
    {{0xaa, 80, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First"},
     "aa4ae5e15272d00e95705637ce8a3b55ed402112", 0},
    {{0xaa, 80, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"},
     "e8e99d0f45237d786d6bbaa7965c7808bbff1a91", 0},
};

static const struct { mac_input in; const char *mac[3]; size_t trunc; } rfc4231[] = {
    {{0x0b, 20, 0, NULL, 0, 0, "Hi There"},
     {"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"},
     0},
    {{0, 0, 0, "Jefe", 0, 0, "what do ya want for nothing?"},
     {"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"},
     0},
    {{0xaa, 20, 0, NULL, 0xdd, 50, NULL},
     {"773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
      "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
      "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"},
     0},
    {{0x01, 25, 1, NULL, 0xcd, 50, NULL},
     {"82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
      "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb",
      "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"},
     0},
    /* test case 5: output truncated to 128 bits */
    {{0x0c, 20, 0, NULL, 0, 0, "Test With Truncation"},
     {"a3b6167473100ee06e0c796c2955552b", "3abf34c3503b2a23a46efc619baef897", "415fad6271580a531d4179bc891d87a6"},
     16},
    {{0xaa, 131, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First"},
     {"60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
      "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"},
     0},
    {{0xaa, 131, 0, NULL, 0, 0,
      "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be "
      "hashed before being used by the HMAC algorithm."},
     {"9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
      "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e",
      "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"},
     0},
};

/* One known answer three ways: hwc_hmac (compared over the expected length),
 * hwc_hmac_verify with that length, and the incremental API one byte at a
 * time; a tag with one bit flipped must not verify. */
static void check_known_mac(hwc_hash h, const char *impl, const char *what, const mac_input *in, const char *hex,
                            size_t trunc) {
  uint8_t key[200], data[200], want[64], got[64];
  size_t kl = make(key, in->key_byte, in->key_len, in->key_run, in->key_str);
  size_t dl = make(data, in->data_byte, in->data_len, 0, in->data_str);
  size_t wl = t_unhex(want, sizeof want, hex), hl = hwc_hash_len(h);
  CHECK(wl == (trunc ? trunc : hl));
  CHECK(hwc_hmac(got, data, dl, h, key, kl) == HWC_OK);
  CHECK_MSG(memcmp(got, want, wl) == 0, "%s [%s]: hwc_hmac", what, impl);
  CHECK_MSG(hwc_hmac_verify(want, wl, data, dl, h, key, kl) == HWC_OK, "%s [%s]: verify", what, impl);
  hwc_hmac_ctx c;
  CHECK(hwc_hmac_init(&c, h, key, kl) == HWC_OK);
  for (size_t i = 0; i < dl; i++) hwc_hmac_update(&c, data + i, 1);
  memset(got, 0, sizeof got);
  hwc_hmac_final(&c, got);
  CHECK_MSG(memcmp(got, want, wl) == 0, "%s [%s]: incremental", what, impl);
  want[wl - 1] ^= 0x01;
  CHECK_MSG(hwc_hmac_verify(want, wl, data, dl, h, key, kl) == HWC_ERR_VERIFY, "%s [%s]: flipped tag", what, impl);
}

static void rfc2202_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  for (size_t i = 0; i < sizeof rfc2202 / sizeof rfc2202[0]; i++) {
    char what[64];
    snprintf(what, sizeof what, "RFC 2202 case %zu", i + 1);
    check_known_mac(HWC_HASH_SHA1, impl, what, &rfc2202[i].in, rfc2202[i].mac, rfc2202[i].trunc);
  }
}

HWC_TEST(hmac, rfc2202_sha1) { t_for_each_impl(HWC_PRIM_SHA1, rfc2202_body, NULL); }

static void rfc4231_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  for (size_t hi = 1; hi < NHASHES; hi++) {
    if (hashes[hi].prim != p) continue;
    for (size_t i = 0; i < sizeof rfc4231 / sizeof rfc4231[0]; i++) {
      char what[64];
      snprintf(what, sizeof what, "RFC 4231 case %zu, %s", i + 1, hashes[hi].name);
      check_known_mac(hashes[hi].h, impl, what, &rfc4231[i].in, rfc4231[i].mac[hi - 1], rfc4231[i].trunc);
    }
  }
}

HWC_TEST(hmac, rfc4231_sha2) {
  t_for_each_impl(HWC_PRIM_SHA256, rfc4231_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, rfc4231_body, NULL);
}

/* ---- Wycheproof HMAC: groups give keySize and tagSize in bits; tags of
 * tagSize < the digest are the leftmost bytes (truncated MACs). Invalid
 * cases are modified tags and must not verify. */
typedef struct { hwc_hash h; const char *file; size_t valid, invalid; } wp_mac_counts;

static void wp_mac_case(const wp_value *g, const wp_value *t, void *arg) {
  wp_mac_counts *c = arg;
  size_t kl, ml, tl;
  uint8_t *key = wp_hex(t, "key", &kl), *msg = wp_hex(t, "msg", &ml), *tag = wp_hex(t, "tag", &tl);
  size_t tag_bytes = (size_t)wp_num(g, "tagSize") / 8;
  long id = wp_num(t, "tcId");
  CHECK_MSG(kl * 8 == (size_t)wp_num(g, "keySize"), "%s tc %ld: key size", c->file, id);
  int rc = hwc_hmac_verify(tag, tl, msg, ml, c->h, key, kl);
  uint8_t mac[64];
  CHECK(hwc_hmac(mac, msg, ml, c->h, key, kl) == HWC_OK);
  int match = tl == tag_bytes && memcmp(mac, tag, tl) == 0;
  if (!strcmp(wp_str(t, "result"), "valid")) {
    CHECK_MSG(rc == HWC_OK && match, "%s tc %ld (valid): %s", c->file, id, hwc_strerror(rc));
    c->valid++;
  } else {
    CHECK_MSG(rc != HWC_OK && !match, "%s tc %ld (invalid) accepted: %s", c->file, id, wp_str(t, "comment"));
    c->invalid++;
  }
  free(key), free(msg), free(tag);
}

static void wp_mac_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const char *const files[] = {"hmac_sha1_test.json", "hmac_sha256_test.json", "hmac_sha384_test.json",
                                      "hmac_sha512_test.json"};
  for (size_t i = 0; i < NHASHES; i++) {
    if (hashes[i].prim != p) continue;
    wp_value *doc = wp_load(files[i]);
    CHECK_MSG(doc != NULL, "Wycheproof %s not found: set WYCHEPROOF_DIR", files[i]);
    wp_mac_counts c = {hashes[i].h, files[i], 0, 0};
    size_t n = wp_for_each_test(doc, wp_mac_case, &c);
    wp_free(doc);
    CHECK_MSG(n > 100 && c.valid > 0 && c.invalid > 0 && c.valid + c.invalid == n, "%s: %zu of %zu ran", files[i],
              c.valid + c.invalid, n);
    printf("wycheproof %s [%s]: %zu valid ok, %zu invalid rejected\n", files[i], impl, c.valid, c.invalid);
  }
}

HWC_TEST(hmac, wycheproof) {
  t_for_each_impl(HWC_PRIM_SHA1, wp_mac_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA256, wp_mac_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, wp_mac_body, NULL);
}

/* ---- Incremental against one-shot: random messages cut at random points
 * (empty pieces included) and at odd strides, keys of every length around
 * the block size (0, 1, block - 1, block, block + 1, 2 blocks + 3). A key
 * longer than the block equals its digest used as the key. */
static void incremental_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t buf[1200], key[300], one[64], inc[64];
  t_rand_bytes(buf, sizeof buf);
  t_rand_bytes(key, sizeof key);
  for (size_t hi = 0; hi < NHASHES; hi++) {
    if (hashes[hi].prim != p) continue;
    hwc_hash h = hashes[hi].h;
    size_t b = hashes[hi].block, hl = hashes[hi].len;
    const size_t key_lens[] = {0, 1, hl, b - 1, b, b + 1, 2 * b + 3};
    for (size_t k = 0; k < sizeof key_lens / sizeof key_lens[0]; k++) {
      size_t kl = key_lens[k];
      for (size_t t = 0; t < (t_quick() ? 10u : 60u); t++) {
        size_t len = t_rand_below(1100), at = 0;
        const uint8_t *in = buf + t_rand_below(8);
        CHECK(hwc_hmac(one, in, len, h, key, kl) == HWC_OK);
        hwc_hmac_ctx c;
        CHECK(hwc_hmac_init(&c, h, key, kl) == HWC_OK);
        for (int n = 0; n < 8; n++) {
          size_t cut = at + t_rand_below(len - at + 1);
          hwc_hmac_update(&c, in + at, cut - at);
          at = cut;
        }
        hwc_hmac_update(&c, in + at, len - at);
        hwc_hmac_final(&c, inc);
        CHECK_MSG(memcmp(one, inc, hl) == 0, "%s [%s]: incremental != one-shot, key %zu, length %zu",
                  hashes[hi].name, impl, kl, len);
        /* final wiped the context */
        static const hwc_hmac_ctx zero;
        CHECK(memcmp(&c, &zero, sizeof c) == 0);
      }
      /* odd fixed strides over 1000 bytes */
      static const size_t strides[] = {1, 3, 7, 63, 65, 127, 129};
      CHECK(hwc_hmac(one, buf, 1000, h, key, kl) == HWC_OK);
      for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
        hwc_hmac_ctx c;
        CHECK(hwc_hmac_init(&c, h, key, kl) == HWC_OK);
        for (size_t at = 0; at < 1000; at += strides[s])
          hwc_hmac_update(&c, buf + at, at + strides[s] <= 1000 ? strides[s] : 1000 - at);
        hwc_hmac_final(&c, inc);
        CHECK_MSG(memcmp(one, inc, hl) == 0, "%s [%s]: stride %zu, key %zu", hashes[hi].name, impl, strides[s], kl);
      }
      if (kl > b) {
        uint8_t kd[64];
        CHECK(hwc_digest(kd, key, kl, h) == HWC_OK);
        CHECK(hwc_hmac(inc, buf, 100, h, kd, hl) == HWC_OK);
        CHECK(hwc_hmac(one, buf, 100, h, key, kl) == HWC_OK);
        CHECK_MSG(memcmp(one, inc, hl) == 0, "%s [%s]: long key != its digest", hashes[hi].name, impl);
      }
    }
    /* A copied context forks: two messages with a shared prefix. */
    hwc_hmac_ctx a, f;
    CHECK(hwc_hmac_init(&a, h, key, 17) == HWC_OK);
    hwc_hmac_update(&a, buf, 100);
    f = a;
    hwc_hmac_update(&a, buf + 100, 50);
    hwc_hmac_update(&f, buf + 100, 51);
    hwc_hmac_final(&a, inc);
    CHECK(hwc_hmac(one, buf, 150, h, key, 17) == HWC_OK && memcmp(one, inc, hl) == 0);
    hwc_hmac_final(&f, inc);
    CHECK(hwc_hmac(one, buf, 151, h, key, 17) == HWC_OK && memcmp(one, inc, hl) == 0);
  }
}

HWC_TEST(hmac, incremental_and_keys) {
  t_for_each_impl(HWC_PRIM_SHA1, incremental_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA256, incremental_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, incremental_body, NULL);
}

/* ---- Argument errors: nothing is computed, nothing is accepted. */
HWC_TEST(hmac, errors) {
  /* no zero bytes at the end: HMAC zero-pads keys, so a key and the same
   * key minus a trailing zero give the same MAC */
  uint8_t key[16], msg[16], mac[64], tag[64];
  memset(key, 0x11, sizeof key);
  memset(msg, 0x22, sizeof msg);
  const hwc_hash bad[] = {(hwc_hash)4, (hwc_hash)-1, (hwc_hash)1000};
  for (size_t i = 0; i < 3; i++) {
    CHECK(hwc_hmac(mac, msg, 16, bad[i], key, 16) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hmac_verify(tag, 16, msg, 16, bad[i], key, 16) == HWC_ERR_INVALID_ARG);
    hwc_hmac_ctx c;
    memset(&c, 0x5a, sizeof c);
    CHECK(hwc_hmac_init(&c, bad[i], key, 16) == HWC_ERR_INVALID_ARG);
    static const hwc_hmac_ctx zero;
    CHECK(memcmp(&c, &zero, sizeof c) == 0); /* left wiped */
  }
  CHECK(hwc_hmac(NULL, msg, 16, HWC_HASH_SHA256, key, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hmac(mac, NULL, 1, HWC_HASH_SHA256, key, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hmac(mac, msg, 16, HWC_HASH_SHA256, NULL, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hmac_init(NULL, HWC_HASH_SHA256, key, 16) == HWC_ERR_INVALID_ARG);
  /* NULL with length 0 is an empty message or key */
  uint8_t a[32], b[32];
  CHECK(hwc_hmac(a, NULL, 0, HWC_HASH_SHA256, NULL, 0) == HWC_OK);
  CHECK(hwc_hmac(b, msg, 0, HWC_HASH_SHA256, key, 0) == HWC_OK);
  CHECK(memcmp(a, b, 32) == 0);
  CHECK(hwc_hmac_verify(a, 32, NULL, 0, HWC_HASH_SHA256, NULL, 0) == HWC_OK);

  /* tag_len must be 1..hash length; every shorter prefix of the right tag
   * verifies, a wrong byte anywhere in it does not */
  for (size_t hi = 0; hi < NHASHES; hi++) {
    hwc_hash h = hashes[hi].h;
    size_t hl = hashes[hi].len;
    CHECK(hwc_hmac(tag, msg, 16, h, key, 16) == HWC_OK);
    CHECK(hwc_hmac_verify(tag, 0, msg, 16, h, key, 16) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hmac_verify(tag, hl + 1, msg, 16, h, key, 16) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hmac_verify(NULL, hl, msg, 16, h, key, 16) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hmac_verify(tag, hl, NULL, 16, h, key, 16) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hmac_verify(tag, hl, msg, 16, h, NULL, 16) == HWC_ERR_INVALID_ARG);
    for (size_t n = 1; n <= hl; n++) {
      CHECK(hwc_hmac_verify(tag, n, msg, 16, h, key, 16) == HWC_OK);
      tag[n - 1] ^= 0x80;
      CHECK(hwc_hmac_verify(tag, n, msg, 16, h, key, 16) == HWC_ERR_VERIFY);
      tag[n - 1] ^= 0x80;
    }
    CHECK(hwc_hmac_verify(tag, hl, msg, 16, h, key, 15) == HWC_ERR_VERIFY);
    CHECK(hwc_hmac_verify(tag, hl, msg, 15, h, key, 16) == HWC_ERR_VERIFY);
  }
}

/* ---- RFC 5869 appendix A, test cases 1-7. Byte runs: (start, count);
 * A.7 passes no salt at all (NULL). */
static const struct {
  hwc_hash h;
  hwc_prim prim;
  uint8_t ikm_start;
  size_t ikm_len;
  int ikm_run;
  int salt_kind; /* 0: run 0x00.., 1: run 0x60.., 2: empty, 3: NULL */
  size_t salt_len;
  int info_kind; /* 0: run 0xf0.., 1: run 0xb0.., 2: empty */
  size_t info_len, L;
  const char *prk, *okm;
} rfc5869[] = {
    {HWC_HASH_SHA256, HWC_PRIM_SHA256, 0x0b, 22, 0, 0, 13, 0, 10, 42,
     "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
    {HWC_HASH_SHA256, HWC_PRIM_SHA256, 0x00, 80, 1, 1, 80, 1, 80, 82,
     "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
     "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f"
     "09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"},
    {HWC_HASH_SHA256, HWC_PRIM_SHA256, 0x0b, 22, 0, 2, 0, 2, 0, 42,
     "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
     "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"},
    {HWC_HASH_SHA1, HWC_PRIM_SHA1, 0x0b, 11, 0, 0, 13, 0, 10, 42, "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
     "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896"},
    {HWC_HASH_SHA1, HWC_PRIM_SHA1, 0x00, 80, 1, 1, 80, 1, 80, 82, "8adae09a2a307059478d309b26c4115a224cfaf6",
     "0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe8fa3f1a4e5ad79f3f334b3b202b2173c486ea37ce3d3"
     "97ed034c7f9dfeb15c5e927336d0441f4c4300e2cff0d0900b52d3b4"},
    {HWC_HASH_SHA1, HWC_PRIM_SHA1, 0x0b, 22, 0, 2, 0, 2, 0, 42, "da8c8a73c7fa77288ec6f5e7c297786aa0d32d01",
     "0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918"},
    {HWC_HASH_SHA1, HWC_PRIM_SHA1, 0x0c, 22, 0, 3, 0, 2, 0, 42, "2adccada18779e7c2077ad2eb19d3f3e731385dd",
     "2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48"},
};

static void rfc5869_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  size_t ran = 0;
  for (size_t i = 0; i < sizeof rfc5869 / sizeof rfc5869[0]; i++) {
    if (rfc5869[i].prim != p) continue;
    uint8_t ikm[80], salt_buf[80], info_buf[80], prk[64], okm[100], want_prk[64], want_okm[100];
    fill(ikm, rfc5869[i].ikm_len, rfc5869[i].ikm_start, rfc5869[i].ikm_run);
    fill(salt_buf, sizeof salt_buf, rfc5869[i].salt_kind == 1 ? 0x60 : 0x00, 1);
    fill(info_buf, sizeof info_buf, rfc5869[i].info_kind == 1 ? 0xb0 : 0xf0, 1);
    const uint8_t *salt = rfc5869[i].salt_kind == 3 ? NULL : salt_buf;
    const uint8_t *info = info_buf;
    size_t pl = t_unhex(want_prk, sizeof want_prk, rfc5869[i].prk), L = rfc5869[i].L;
    CHECK(t_unhex(want_okm, sizeof want_okm, rfc5869[i].okm) == L);
    hwc_hash h = rfc5869[i].h;
    CHECK(hwc_hkdf_extract(prk, salt, rfc5869[i].salt_len, h, ikm, rfc5869[i].ikm_len) == HWC_OK);
    CHECK_MSG(pl == hwc_hash_len(h) && memcmp(prk, want_prk, pl) == 0, "RFC 5869 A.%zu [%s]: PRK", i + 1, impl);
    CHECK(hwc_hkdf_expand(okm, L, info, rfc5869[i].info_len, h, prk, pl) == HWC_OK);
    CHECK_MSG(memcmp(okm, want_okm, L) == 0, "RFC 5869 A.%zu [%s]: expand", i + 1, impl);
    memset(okm, 0, sizeof okm);
    CHECK(hwc_hkdf(okm, L, info, rfc5869[i].info_len, salt, rfc5869[i].salt_len, h, ikm, rfc5869[i].ikm_len) ==
          HWC_OK);
    CHECK_MSG(memcmp(okm, want_okm, L) == 0, "RFC 5869 A.%zu [%s]: hwc_hkdf", i + 1, impl);
    ran++;
  }
  CHECK(ran == (p == HWC_PRIM_SHA1 ? 4u : 3u));
}

HWC_TEST(hkdf, rfc5869) {
  t_for_each_impl(HWC_PRIM_SHA256, rfc5869_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA1, rfc5869_body, NULL);
}

/* ---- Wycheproof HKDF: valid cases give okm; the invalid ones ask for more
 * than 255 * HashLen bytes and must fail with HWC_ERR_TOO_LONG. */
typedef struct { hwc_hash h; const char *file; size_t valid, invalid; } wp_kdf_counts;

static void wp_kdf_case(const wp_value *g, const wp_value *t, void *arg) {
  (void)g;
  wp_kdf_counts *c = arg;
  size_t il, sl, nl, ol;
  uint8_t *ikm = wp_hex(t, "ikm", &il), *salt = wp_hex(t, "salt", &sl), *info = wp_hex(t, "info", &nl);
  uint8_t *okm = wp_hex(t, "okm", &ol);
  size_t size = (size_t)wp_num(t, "size");
  long id = wp_num(t, "tcId");
  uint8_t *out = malloc(size + 1);
  int rc = hwc_hkdf(out, size, info, nl, salt, sl, c->h, ikm, il);
  if (!strcmp(wp_str(t, "result"), "valid")) {
    CHECK_MSG(rc == HWC_OK && ol == size && memcmp(out, okm, size) == 0, "%s tc %ld (valid): %s", c->file, id,
              hwc_strerror(rc));
    /* the two halves give the same */
    uint8_t prk[64];
    CHECK(hwc_hkdf_extract(prk, salt, sl, c->h, ikm, il) == HWC_OK);
    memset(out, 0, size);
    CHECK(hwc_hkdf_expand(out, size, info, nl, c->h, prk, hwc_hash_len(c->h)) == HWC_OK);
    CHECK_MSG(memcmp(out, okm, size) == 0, "%s tc %ld: extract + expand", c->file, id);
    c->valid++;
  } else {
    CHECK_MSG(rc == HWC_ERR_TOO_LONG, "%s tc %ld (invalid): %s", c->file, id, hwc_strerror(rc));
    c->invalid++;
  }
  free(ikm), free(salt), free(info), free(okm), free(out);
}

static void wp_kdf_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const char *const files[] = {"hkdf_sha1_test.json", "hkdf_sha256_test.json", "hkdf_sha384_test.json",
                                      "hkdf_sha512_test.json"};
  for (size_t i = 0; i < NHASHES; i++) {
    if (hashes[i].prim != p) continue;
    wp_value *doc = wp_load(files[i]);
    CHECK_MSG(doc != NULL, "Wycheproof %s not found: set WYCHEPROOF_DIR", files[i]);
    wp_kdf_counts c = {hashes[i].h, files[i], 0, 0};
    size_t n = wp_for_each_test(doc, wp_kdf_case, &c);
    wp_free(doc);
    CHECK_MSG(n > 50 && c.valid > 0 && c.invalid > 0 && c.valid + c.invalid == n, "%s: %zu of %zu ran", files[i],
              c.valid + c.invalid, n);
    printf("wycheproof %s [%s]: %zu valid ok, %zu invalid rejected\n", files[i], impl, c.valid, c.invalid);
  }
}

HWC_TEST(hkdf, wycheproof) {
  t_for_each_impl(HWC_PRIM_SHA1, wp_kdf_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA256, wp_kdf_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, wp_kdf_body, NULL);
}

/* ---- Limits and errors. */
HWC_TEST(hkdf, limits_and_errors) {
  uint8_t ikm[32] = {7}, prk[64], zeros[64] = {0};
  for (size_t hi = 0; hi < NHASHES; hi++) {
    hwc_hash h = hashes[hi].h;
    size_t hl = hashes[hi].len, max = 255 * hl;
    uint8_t *out = malloc(max + 1), *ref = malloc(max + 1);
    /* the largest output, and one byte more */
    CHECK(hwc_hkdf(out, max, NULL, 0, NULL, 0, h, ikm, 32) == HWC_OK);
    CHECK(hwc_hkdf(out, max + 1, NULL, 0, NULL, 0, h, ikm, 32) == HWC_ERR_TOO_LONG);
    CHECK(hwc_hkdf_extract(prk, NULL, 0, h, ikm, 32) == HWC_OK);
    CHECK(hwc_hkdf_expand(ref, max + 1, NULL, 0, h, prk, hl) == HWC_ERR_TOO_LONG);
    CHECK(hwc_hkdf_expand(ref, max, NULL, 0, h, prk, hl) == HWC_OK);
    CHECK(memcmp(out, ref, max) == 0);
    /* a shorter output is a prefix of a longer one */
    CHECK(hwc_hkdf(ref, hl + 1, NULL, 0, NULL, 0, h, ikm, 32) == HWC_OK && memcmp(out, ref, hl + 1) == 0);
    /* no salt = hash-length zero bytes (NULL/0, and a non-NULL empty salt) */
    uint8_t p2[64];
    CHECK(hwc_hkdf_extract(p2, zeros, hl, h, ikm, 32) == HWC_OK && memcmp(prk, p2, hl) == 0);
    CHECK(hwc_hkdf_extract(p2, zeros, 0, h, ikm, 32) == HWC_OK && memcmp(prk, p2, hl) == 0);
    /* out_len 0 writes nothing */
    out[0] = 0xa5;
    CHECK(hwc_hkdf(out, 0, NULL, 0, NULL, 0, h, ikm, 32) == HWC_OK && out[0] == 0xa5);
    CHECK(hwc_hkdf(NULL, 0, NULL, 0, NULL, 0, h, ikm, 32) == HWC_OK);
    CHECK(hwc_hkdf_expand(out, 0, NULL, 0, h, prk, hl) == HWC_OK && out[0] == 0xa5);
    /* PRK shorter than the hash is refused; longer is a valid HMAC key */
    CHECK(hwc_hkdf_expand(out, 16, NULL, 0, h, prk, hl - 1) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf_expand(out, 16, NULL, 0, h, NULL, hl) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf_expand(out, 16, NULL, 0, h, out + 100, hl + 7) == HWC_OK);
    /* NULL with a non-zero length */
    CHECK(hwc_hkdf(NULL, 16, NULL, 0, NULL, 0, h, ikm, 32) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf(out, 16, NULL, 1, NULL, 0, h, ikm, 32) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf(out, 16, NULL, 0, NULL, 1, h, ikm, 32) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf(out, 16, NULL, 0, NULL, 0, h, NULL, 1) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf_extract(NULL, NULL, 0, h, ikm, 32) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf_expand(NULL, 16, NULL, 0, h, prk, hl) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_hkdf_expand(out, 16, NULL, 1, h, prk, hl) == HWC_ERR_INVALID_ARG);
    /* empty IKM is allowed */
    CHECK(hwc_hkdf(out, 16, NULL, 0, NULL, 0, h, NULL, 0) == HWC_OK);
    free(out);
    free(ref);
  }
  uint8_t out[16];
  CHECK(hwc_hkdf(out, 16, NULL, 0, NULL, 0, (hwc_hash)4, ikm, 32) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hkdf_extract(prk, NULL, 0, (hwc_hash)4, ikm, 32) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hkdf_expand(out, 16, NULL, 0, (hwc_hash)4, prk, 64) == HWC_ERR_INVALID_ARG);
}
