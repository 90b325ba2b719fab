/* SPDX-License-Identifier: ISC */
/* RSA encoding methods on their own (rsa_pad.c): layouts, round trips for
 * every hash and salt/message length, and rejection of every single-byte
 * corruption. Known answers through real RSA keys (Wycheproof, OpenSSL) come
 * with the RSA signature and encryption tests. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/rsa_pad.h"

static const hwc_hash hashes[] = {HWC_HASH_SHA256, HWC_HASH_SHA384, HWC_HASH_SHA512};

HWC_TEST(rsa_pad, pkcs1_signature_layout) {
  uint8_t em[256], digest[64];
  t_rand_bytes(digest, sizeof digest);
  CHECK(hwc_emsa_pkcs1_encode(em, sizeof em, HWC_HASH_SHA256, digest) == HWC_OK);
  CHECK(em[0] == 0 && em[1] == 1 && em[256 - 52] == 0);
  for (size_t i = 2; i < 256 - 52; i++) CHECK(em[i] == 0xff);
  static const uint8_t prefix[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                   0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
  CHECK(memcmp(em + 256 - 51, prefix, 19) == 0 && memcmp(em + 256 - 32, digest, 32) == 0);
  CHECK(hwc_emsa_pkcs1_encode(em, 19 + 64 + 10, HWC_HASH_SHA512, digest) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_emsa_pkcs1_encode(em, 19 + 64 + 11, HWC_HASH_SHA512, digest) == HWC_OK);
  CHECK(hwc_emsa_pkcs1_encode(em, sizeof em, (hwc_hash)7, digest) == HWC_ERR_INVALID_ARG);
}

HWC_TEST(rsa_pad, type1_round_trip_and_rejects) {
  uint8_t em[128], data[128], out[128];
  t_rand_bytes(data, sizeof data);
  for (size_t len = 0; len <= 117; len++) {
    CHECK(hwc_pkcs1_type1_encode(em, 128, data, len) == HWC_OK);
    size_t n = sizeof out;
    CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_OK && n == len && memcmp(out, data, len) == 0);
    if (len) {
      n = len - 1;
      CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_ERR_INVALID_ARG);
    }
  }
  CHECK(hwc_pkcs1_type1_encode(em, 128, data, 118) == HWC_ERR_TOO_LONG);
  CHECK(hwc_pkcs1_type1_encode(em, 128, data, 10) == HWC_OK);
  size_t n = sizeof out;
  em[0] = 1;
  CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_ERR_VERIFY);
  em[0] = 0, em[1] = 2;
  CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_ERR_VERIFY);
  em[1] = 1, em[5] = 0; /* separator after only 3 FF bytes */
  CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_ERR_VERIFY);
  memset(em + 2, 0xff, 126); /* no separator at all */
  CHECK(hwc_pkcs1_type1_decode(out, &n, em, 128) == HWC_ERR_VERIFY);
}

/* PSS at modulus sizes with emLen = k and emLen = k - 1 (mod_bits = 8k+1). */
HWC_TEST(rsa_pad, pss_round_trip_and_tamper) {
  static const size_t bits[] = {1024, 1025, 2047, 2048, 2049};
  for (size_t b = 0; b < sizeof bits / sizeof bits[0]; b++)
    for (size_t hi = 0; hi < 3; hi++) {
      hwc_hash h = hashes[hi];
      size_t hl = hwc_hash_len(h), em_len = (bits[b] - 1 + 7) / 8, max_salt = em_len - hl - 2;
      size_t salts[] = {0, hl < max_salt ? hl : max_salt - 1, max_salt};
      for (size_t si = 0; si < 3; si++) {
        uint8_t em[300], copy[300], mhash[64], salt[300];
        t_rand_bytes(mhash, hl);
        t_rand_bytes(salt, salts[si]);
        CHECK(hwc_emsa_pss_encode(em, bits[b], h, mhash, salt, salts[si]) == HWC_OK);
        CHECK(em[em_len - 1] == 0xbc);
        CHECK((em[0] >> (8 - (8 * em_len - (bits[b] - 1)))) == 0 || 8 * em_len == bits[b] - 1);
        memcpy(copy, em, em_len);
        CHECK_MSG(hwc_emsa_pss_verify(copy, bits[b], h, mhash, salts[si]) == HWC_OK, "bits %zu salt %zu", bits[b], salts[si]);
        memcpy(copy, em, em_len);
        if (salts[si] != salts[(si + 1) % 3])
          CHECK(hwc_emsa_pss_verify(copy, bits[b], h, mhash, salts[(si + 1) % 3]) == HWC_ERR_VERIFY);
        for (size_t i = 0; i < em_len; i += 1 + t_rand_below(7)) {
          memcpy(copy, em, em_len);
          copy[i] ^= (uint8_t)(1 << t_rand_below(8));
          CHECK_MSG(hwc_emsa_pss_verify(copy, bits[b], h, mhash, salts[si]) == HWC_ERR_VERIFY, "byte %zu flip accepted", i);
        }
      }
      uint8_t em[300], mhash[64] = {0};
      CHECK(hwc_emsa_pss_encode(em, bits[b], h, mhash, mhash, max_salt + 1) == HWC_ERR_INVALID_ARG);
    }
}

HWC_TEST(rsa_pad, oaep_round_trip_corruption_and_capacity) {
  for (size_t hi = 0; hi < 3; hi++) {
    hwc_hash h = hashes[hi];
    size_t k = 256, hl = hwc_hash_len(h), max = k - 2 * hl - 2;
    uint8_t seed[64], msg[256], label[20], em[256], work[256], out[256];
    t_rand_bytes(label, sizeof label);
    for (size_t len = 0; len <= max; len += 1 + t_rand_below(t_quick() ? 40 : 9)) {
      t_rand_bytes(seed, hl);
      t_rand_bytes(msg, len);
      size_t ll = t_rand_below(sizeof label + 1);
      CHECK(hwc_eme_oaep_encode(em, k, h, msg, len, label, ll, seed) == HWC_OK && em[0] == 0);
      memcpy(work, em, k);
      size_t n = sizeof out;
      CHECK(hwc_eme_oaep_decode(out, &n, work, k, h, label, ll) == HWC_OK && n == len && memcmp(out, msg, len) == 0);
      /* exactly enough room works; one byte less fails and zeroes */
      memcpy(work, em, k);
      n = len;
      CHECK(hwc_eme_oaep_decode(out, &n, work, k, h, label, ll) == HWC_OK && n == len);
      if (len) {
        memcpy(work, em, k);
        memset(out, 0xaa, sizeof out);
        n = len - 1;
        CHECK(hwc_eme_oaep_decode(out, &n, work, k, h, label, ll) == HWC_ERR_AUTH);
        for (size_t i = 0; i < len - 1; i++) CHECK(out[i] == 0);
      }
      /* another label, or any flipped byte: one error, output zeroed */
      memcpy(work, em, k);
      n = sizeof out;
      label[0] ^= 1;
      CHECK(hwc_eme_oaep_decode(out, &n, work, k, h, label, ll ? ll : 1) == HWC_ERR_AUTH);
      label[0] ^= 1;
      size_t i = t_rand_below(k);
      memcpy(work, em, k);
      work[i] ^= (uint8_t)(1 + t_rand_below(255));
      memset(out, 0xaa, sizeof out);
      n = sizeof out;
      CHECK_MSG(hwc_eme_oaep_decode(out, &n, work, k, h, label, ll) == HWC_ERR_AUTH, "flip at %zu accepted", i);
      for (size_t j = 0; j < sizeof out; j++) CHECK(out[j] == 0);
    }
    CHECK(hwc_eme_oaep_encode(em, k, h, msg, max + 1, NULL, 0, seed) == HWC_ERR_TOO_LONG);
  }
}
