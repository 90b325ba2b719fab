/* SPDX-License-Identifier: ISC */
/* The RSA API's contract around the arithmetic: every too-small output
 * length is reported with the size needed (API.md), and the PSS salt
 * modes (HWC_PSS_SALT_MAX, HWC_PSS_SALT_AUTO) that OpenSSL's defaults need,
 * digest-level and raw RSA, and one key shared by threads. */
#include <pthread.h>
#include <stdlib.h>

#include "check.h"

HWC_TEST(rsa_api, small_outputs_report_their_size) {
  hwc_rsa_key *key = t_rsa_test_key();
  const size_t k = hwc_rsa_size(key), oaep_max = k - 2 * 32 - 2;
  uint8_t buf[512], ct[512], msg[3] = {1, 2, 3};
  size_t n;

  n = k - 1;
  CHECK(hwc_rsa_sign_pkcs1(buf, &n, msg, 3, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 0;
  CHECK(hwc_rsa_sign_pkcs1(NULL, &n, msg, 3, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 5;
  CHECK(hwc_rsa_sign_pss(buf, &n, msg, 3, HWC_HASH_SHA256, 32, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 0;
  CHECK(hwc_rsa_private_encrypt_pkcs1(buf, &n, msg, 3, key) == HWC_ERR_INVALID_ARG && n == k);
  n = k - 1;
  CHECK(hwc_rsa_encrypt_oaep(ct, &n, msg, 3, NULL, 0, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == k);

  /* OAEP decryption asks for room for the longest message, before it
   * decrypts anything; with that room it succeeds. */
  n = sizeof ct;
  CHECK(hwc_rsa_encrypt_oaep(ct, &n, msg, 3, NULL, 0, HWC_HASH_SHA256, key) == HWC_OK && n == k);
  n = 3;
  CHECK(hwc_rsa_decrypt_oaep(buf, &n, ct, k, NULL, 0, HWC_HASH_SHA256, key) == HWC_ERR_INVALID_ARG && n == oaep_max);
  n = oaep_max;
  CHECK(hwc_rsa_decrypt_oaep(buf, &n, ct, k, NULL, 0, HWC_HASH_SHA256, key) == HWC_OK && n == 3);
  CHECK(memcmp(buf, msg, 3) == 0);

  /* public_decrypt reports the data length it found. */
  n = sizeof buf;
  CHECK(hwc_rsa_private_encrypt_pkcs1(ct, &n, msg, 3, key) == HWC_OK);
  n = 2;
  CHECK(hwc_rsa_public_decrypt_pkcs1(buf, &n, ct, k, key) == HWC_ERR_INVALID_ARG && n == 3);
  CHECK(hwc_rsa_public_decrypt_pkcs1(buf, &n, ct, k, key) == HWC_OK && n == 3 && memcmp(buf, msg, 3) == 0);
  hwc_rsa_free(key);
}

HWC_TEST(rsa_api, pss_salt_modes) {
  hwc_rsa_key *key = t_rsa_test_key();
  const size_t k = hwc_rsa_size(key);
  const hwc_hash hashes[] = {HWC_HASH_SHA1, HWC_HASH_SHA256, HWC_HASH_SHA384, HWC_HASH_SHA512};
  uint8_t sig[512], msg[100];
  t_rand_bytes(msg, sizeof msg);
  for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
    hwc_hash h = hashes[i];
    size_t hl = hwc_hash_len(h), max = k - hl - 2, n = sizeof sig; /* emLen = k for a 2048-bit n */
    CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_OK && n == k);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, max, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_OK);
    CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, hl, key) == HWC_ERR_VERIFY);
    const size_t salts[] = {0, 1, hl, max - 1};
    for (size_t s = 0; s < sizeof salts / sizeof salts[0]; s++) {
      n = sizeof sig;
      CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, salts[s], key) == HWC_OK);
      CHECK_MSG(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_OK,
                "hash %d salt %zu: AUTO rejects", (int)h, salts[s]);
      CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_MAX, key) == HWC_ERR_VERIFY);
      msg[0] ^= 1;
      CHECK(hwc_rsa_verify_pss(sig, k, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_ERR_VERIFY);
      msg[0] ^= 1;
    }
    n = sizeof sig; /* AUTO names no length to sign with */
    CHECK(hwc_rsa_sign_pss(sig, &n, msg, sizeof msg, h, HWC_PSS_SALT_AUTO, key) == HWC_ERR_INVALID_ARG);
  }
  hwc_rsa_free(key);
}

/* ---- RSA over a digest (0.3). For every bignum backend and hash: the
 * PKCS#1 v1.5 signature of a digest is byte-identical to the message's
 * (the scheme is deterministic), each digest verifier accepts the
 * message signer's signatures and the message verifiers the digest
 * signer's (PSS at the hash's salt length, MAX and AUTO), a digest one bit
 * off is refused, and a digest of the wrong length or none is
 * HWC_ERR_INVALID_ARG. */
static void digest_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  hwc_rsa_key *key = t_rsa_test_key(); /* a key records the backend that imported it */
  const size_t k = hwc_rsa_size(key);
  const hwc_hash hashes[] = {HWC_HASH_SHA1, HWC_HASH_SHA256, HWC_HASH_SHA384, HWC_HASH_SHA512};
  uint8_t msg[77], d[64], sa[512], sb[512];
  t_rand_bytes(msg, sizeof msg);
  for (size_t i = 0; i < 4; i++) {
    hwc_hash h = hashes[i];
    size_t hl = hwc_hash_len(h), na = sizeof sa, nb = sizeof sb;
    CHECK(hwc_digest(d, msg, sizeof msg, h) == HWC_OK);
    CHECK(hwc_rsa_sign_pkcs1(sa, &na, msg, sizeof msg, h, key) == HWC_OK && na == k);
    CHECK(hwc_rsa_sign_pkcs1_digest(sb, &nb, d, hl, h, key) == HWC_OK && nb == k);
    CHECK_MSG(memcmp(sa, sb, k) == 0, "bignum/%s: PKCS#1 over the digest differs (hash %d)", impl, (int)h);
    CHECK(hwc_rsa_verify_pkcs1_digest(sa, k, d, hl, h, key) == HWC_OK);
    d[hl - 1] ^= 1;
    CHECK(hwc_rsa_verify_pkcs1_digest(sa, k, d, hl, h, key) == HWC_ERR_VERIFY);
    d[hl - 1] ^= 1;
    static const size_t salts[3] = {0 /* the hash length, below */, HWC_PSS_SALT_MAX, HWC_PSS_SALT_MAX};
    for (int s = 0; s < 3; s++) {
      size_t salt = s == 0 ? hl : salts[s], vsalt = s == 2 ? HWC_PSS_SALT_AUTO : salt;
      na = nb = sizeof sa;
      CHECK(hwc_rsa_sign_pss_digest(sa, &na, d, hl, h, salt, key) == HWC_OK && na == k);
      CHECK_MSG(hwc_rsa_verify_pss(sa, k, msg, sizeof msg, h, vsalt, key) == HWC_OK,
                "bignum/%s: PSS over the digest not verified over the message (hash %d, salt mode %d)", impl, (int)h, s);
      CHECK(hwc_rsa_sign_pss(sb, &nb, msg, sizeof msg, h, salt, key) == HWC_OK);
      CHECK_MSG(hwc_rsa_verify_pss_digest(sb, k, d, hl, h, vsalt, key) == HWC_OK,
                "bignum/%s: PSS over the message not verified over the digest (hash %d, salt mode %d)", impl, (int)h, s);
      d[0] ^= 0x80;
      CHECK(hwc_rsa_verify_pss_digest(sb, k, d, hl, h, vsalt, key) == HWC_ERR_VERIFY);
      d[0] ^= 0x80;
    }
    const size_t bad[3] = {hl - 1, hl + 1, 0};
    for (int b = 0; b < 3; b++) {
      na = sizeof sa;
      CHECK(hwc_rsa_sign_pkcs1_digest(sa, &na, d, bad[b], h, key) == HWC_ERR_INVALID_ARG);
      CHECK(hwc_rsa_sign_pss_digest(sa, &na, d, bad[b], h, hl, key) == HWC_ERR_INVALID_ARG);
      CHECK(hwc_rsa_verify_pkcs1_digest(sb, k, d, bad[b], h, key) == HWC_ERR_INVALID_ARG);
      CHECK(hwc_rsa_verify_pss_digest(sb, k, d, bad[b], h, hl, key) == HWC_ERR_INVALID_ARG);
    }
    na = sizeof sa;
    CHECK(hwc_rsa_sign_pkcs1_digest(sa, &na, NULL, hl, h, key) == HWC_ERR_INVALID_ARG);
    CHECK(hwc_rsa_verify_pss_digest(sb, k, NULL, hl, h, hl, key) == HWC_ERR_INVALID_ARG);
  }
  hwc_rsa_free(key);
}

HWC_TEST(rsa_api, sign_and_verify_a_digest) { t_for_each_impl(HWC_PRIM_BIGNUM, digest_body, NULL); }

/* ---- RSA without padding (0.3). public_raw of a PKCS#1 signature is its
 * encoded message (00 01 ff .. 00 DigestInfo) and private_raw of that gives
 * the signature back; private then public round-trips a random value
 * below n, in place too; and the contract's refusals. */
static void raw_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  hwc_rsa_key *key = t_rsa_test_key();
  const size_t k = hwc_rsa_size(key);
  uint8_t sig[512], em[512], back[512], x[512], y[512], msg[5] = {1, 2, 3, 4, 5};
  size_t n = sizeof sig;
  CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, sizeof msg, HWC_HASH_SHA256, key) == HWC_OK);
  n = sizeof em;
  CHECK(hwc_rsa_public_raw(em, &n, sig, k, key) == HWC_OK && n == k);
  CHECK_MSG(em[0] == 0 && em[1] == 1 && em[2] == 0xff && em[k - 52] == 0,
            "bignum/%s: public_raw of a signature is not its PKCS#1 encoding", impl);
  n = sizeof back;
  CHECK(hwc_rsa_private_raw(back, &n, em, k, key) == HWC_OK && n == k);
  CHECK_MSG(memcmp(back, sig, k) == 0, "bignum/%s: private_raw of the encoding is not the signature", impl);
  for (int trial = 0; trial < 4; trial++) {
    t_rand_bytes(x, k);
    x[0] = (uint8_t)(x[0] & 0x3f); /* below n, whose top bits are set */
    n = sizeof y;
    CHECK(hwc_rsa_private_raw(y, &n, x, k, key) == HWC_OK);
    memcpy(back, y, k);
    n = sizeof back;
    CHECK(hwc_rsa_public_raw(back, &n, back, k, key) == HWC_OK); /* in place */
    CHECK_MSG(memcmp(back, x, k) == 0, "bignum/%s: public(private(x)) != x", impl);
  }
  /* refusals: in >= n, a length other than k, a small output (the size
   * needed reported), a public key for the private operation */
  memset(x, 0xff, k);
  n = sizeof y;
  CHECK(hwc_rsa_private_raw(y, &n, x, k, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_public_raw(y, &n, x, k, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_private_raw(y, &n, em, k - 1, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_public_raw(y, &n, sig, k + 1, key) == HWC_ERR_INVALID_ARG);
  n = k - 1;
  CHECK(hwc_rsa_private_raw(y, &n, em, k, key) == HWC_ERR_INVALID_ARG && n == k);
  n = 0;
  CHECK(hwc_rsa_public_raw(NULL, &n, sig, k, key) == HWC_ERR_INVALID_ARG && n == k);
  CHECK(hwc_rsa_public_raw(y, NULL, sig, k, key) == HWC_ERR_INVALID_ARG);
  uint8_t pub[1024];
  size_t pl = sizeof pub;
  CHECK(hwc_rsa_export(pub, &pl, 0, 0, key) == HWC_OK);
  hwc_rsa_key *pk = NULL;
  CHECK(hwc_rsa_import(&pk, pub, pl) == HWC_OK);
  n = sizeof y;
  CHECK(hwc_rsa_private_raw(y, &n, em, k, pk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_public_raw(y, &n, sig, k, pk) == HWC_OK && memcmp(y, em, k) == 0);
  hwc_rsa_free(pk);
  hwc_rsa_free(key);
}

HWC_TEST(rsa_api, raw_operations) { t_for_each_impl(HWC_PRIM_BIGNUM, raw_body, NULL); }

/* ---- One key, many threads. The key's blinding pair is shared state:
 * squared under its lock on every use and renewed every
 * HWC_BN_BLIND_USES (32) uses by one thread outside the lock while the
 * others go on squaring the old pair. Threads sign the same digest on one
 * key, well past several renewals, and every signature must equal the one
 * signed alone (PKCS#1 v1.5 is deterministic): a pair torn between
 * threads, or a renewal installed half-written, would unblind wrongly. */
typedef struct {
  const hwc_rsa_key *key;
  const uint8_t *digest;
  const uint8_t *want;
  size_t k, rounds, wrong, failed;
} rsa_thread_arg;

static void *rsa_thread_sign(void *p) {
  rsa_thread_arg *a = p;
  uint8_t sig[512];
  for (size_t i = 0; i < a->rounds; i++) {
    size_t n = sizeof sig;
    if (hwc_rsa_sign_pkcs1_digest(sig, &n, a->digest, 32, HWC_HASH_SHA256, a->key) != HWC_OK || n != a->k)
      a->failed++;
    else if (memcmp(sig, a->want, a->k) != 0)
      a->wrong++;
  }
  return NULL;
}

static void threads_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  enum { THREADS = 4 };
  hwc_rsa_key *key = t_rsa_test_key();
  const size_t k = hwc_rsa_size(key), rounds = t_quick() ? 12 : 40; /* 48 or 160 uses: past 32 */
  uint8_t d[32], want[512];
  t_rand_bytes(d, sizeof d);
  size_t n = sizeof want;
  CHECK(hwc_rsa_sign_pkcs1_digest(want, &n, d, sizeof d, HWC_HASH_SHA256, key) == HWC_OK && n == k);
  pthread_t th[THREADS];
  rsa_thread_arg a[THREADS];
  int started[THREADS];
  for (int t = 0; t < THREADS; t++) {
    a[t] = (rsa_thread_arg){key, d, want, k, rounds, 0, 0};
    started[t] = pthread_create(&th[t], NULL, rsa_thread_sign, &a[t]) == 0;
    CHECK(started[t]);
  }
  for (int t = 0; t < THREADS; t++) {
    if (!started[t]) continue;
    pthread_join(th[t], NULL);
    CHECK_MSG(a[t].failed == 0 && a[t].wrong == 0, "bignum/%s thread %d: %zu failed, %zu wrong of %zu", impl, t,
              a[t].failed, a[t].wrong, rounds);
  }
  hwc_rsa_free(key);
}

HWC_TEST(rsa_api, one_key_signs_in_many_threads) { t_for_each_impl(HWC_PRIM_BIGNUM, threads_body, NULL); }
