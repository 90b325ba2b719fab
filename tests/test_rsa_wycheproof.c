/* SPDX-License-Identifier: ISC */
/* Project Wycheproof's RSA files, read in place: PKCS#1 v1.5 verification
 * and generation, PSS verification, OAEP decryption, for every bignum
 * implementation this CPU supports. Groups using a hash the API does not
 * offer (SHA-1, SHA-224, SHA-512/t, SHA-3) or an MGF1 hash different from
 * the message hash are counted as not applicable, never as passed. Valid
 * cases must succeed, invalid ones must fail; "acceptable" ones may do
 * either (except for signature generation, below). Quick mode (emulators) reads the 2048-bit files only. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

typedef enum { SIG_VERIFY, SIG_GEN, PSS_VERIFY, OAEP_DECRYPT } wp_kind;

typedef struct {
  wp_kind kind;
  size_t valid, invalid, acceptable, not_applicable, unsupported_keys, refused_keys;
  const char *file;
} wp_counts;

static int map_hash(const char *name, hwc_hash *h) {
  if (!strcmp(name, "SHA-256")) *h = HWC_HASH_SHA256;
  else if (!strcmp(name, "SHA-384")) *h = HWC_HASH_SHA384;
  else if (!strcmp(name, "SHA-512")) *h = HWC_HASH_SHA512;
  else return 0;
  return 1;
}

/* The group's key, imported from the DER field the file provides. A key
 * the library refuses by policy (a prime under 512 bits or far from half
 * of n: the unbalanced e = 3 keys of the sig_gen files) is counted apart,
 * and only where the file calls the case acceptable. */
static hwc_rsa_key *group_key(const wp_value *g, const wp_value *t, wp_counts *c, int *unsupported) {
  const char *field = (c->kind == SIG_VERIFY || c->kind == PSS_VERIFY) ? "publicKeyDer" : "privateKeyPkcs8";
  size_t len;
  uint8_t *der = wp_hex(g, field, &len);
  hwc_rsa_key *key = NULL;
  int rc = hwc_rsa_import(&key, der, len);
  free(der);
  int refused = rc == HWC_ERR_BAD_KEY && !strcmp(wp_str(t, "result"), "acceptable");
  c->refused_keys += (size_t)refused;
  c->unsupported_keys += rc == HWC_ERR_UNSUPPORTED;
  *unsupported = rc == HWC_ERR_UNSUPPORTED || refused;
  if (!*unsupported) CHECK_MSG(rc == HWC_OK, "%s: group key does not import: %s", c->file, hwc_strerror(rc));
  return key;
}

static void one_test(const wp_value *g, const wp_value *t, void *arg) {
  wp_counts *c = arg;
  hwc_hash h;
  const char *mgf = wp_str(g, "mgfSha");
  if (!map_hash(wp_str(g, "sha"), &h) || (*mgf && strcmp(mgf, wp_str(g, "sha")) != 0)) {
    c->not_applicable++;
    return;
  }
  int unsupported;
  hwc_rsa_key *key = group_key(g, t, c, &unsupported); /* imported per test: keeps the walk simple */
  if (unsupported) return;
  const char *result = wp_str(t, "result");
  long id = wp_num(t, "tcId");
  size_t mlen, slen;
  uint8_t *msg = wp_hex(t, "msg", &mlen);
  int rc;
  if (c->kind == OAEP_DECRYPT) {
    size_t clen, llen;
    uint8_t *ct = wp_hex(t, "ct", &clen), *label = wp_hex(t, "label", &llen), out[1024];
    size_t n = sizeof out;
    rc = hwc_rsa_decrypt_oaep(out, &n, ct, clen, label, llen, h, key);
    if (rc == HWC_OK) CHECK_MSG(n == mlen && memcmp(out, msg, mlen) == 0, "%s tc %ld: wrong plaintext", c->file, id);
    else CHECK_MSG(rc == HWC_ERR_AUTH, "%s tc %ld: error %d is not the one decryption error", c->file, id, rc);
    free(ct), free(label);
  } else {
    uint8_t *sig = wp_hex(t, "sig", &slen);
    if (c->kind == SIG_GEN) {
      uint8_t out[1024];
      size_t n = sizeof out;
      rc = hwc_rsa_sign_pkcs1(out, &n, msg, mlen, h, key);
      if (rc == HWC_OK && (n != slen || memcmp(out, sig, slen) != 0)) rc = HWC_ERR_VERIFY;
    } else if (c->kind == SIG_VERIFY) {
      rc = hwc_rsa_verify_pkcs1(sig, slen, msg, mlen, h, key);
    } else {
      rc = hwc_rsa_verify_pss(sig, slen, msg, mlen, h, (size_t)wp_num(g, "sLen"), key);
    }
    free(sig);
  }
  /* Signature generation is deterministic: where the file calls a case
   * acceptable (its 1024-bit keys), this library accepts the key, so it
   * must reproduce the expected signature exactly. */
  if (!strcmp(result, "valid") || (c->kind == SIG_GEN && !strcmp(result, "acceptable"))) {
    CHECK_MSG(rc == HWC_OK, "%s tc %ld (valid): %s", c->file, id, hwc_strerror(rc));
    c->valid++;
  } else if (!strcmp(result, "invalid")) {
    CHECK_MSG(rc != HWC_OK, "%s tc %ld (invalid) accepted: %s", c->file, id, wp_str(t, "comment"));
    c->invalid++;
  } else {
    c->acceptable++;
  }
  free(msg);
  hwc_rsa_free(key);
}

static const struct { const char *file; wp_kind kind; int big; } files[] = {
    {"rsa_signature_2048_sha256_test.json", SIG_VERIFY, 0}, {"rsa_signature_2048_sha384_test.json", SIG_VERIFY, 0},
    {"rsa_signature_2048_sha512_test.json", SIG_VERIFY, 0}, {"rsa_signature_3072_sha256_test.json", SIG_VERIFY, 1},
    {"rsa_signature_4096_sha512_test.json", SIG_VERIFY, 1}, {"rsa_pkcs1_1024_sig_gen_test.json", SIG_GEN, 0},
    {"rsa_pkcs1_1536_sig_gen_test.json", SIG_GEN, 0},       {"rsa_pkcs1_2048_sig_gen_test.json", SIG_GEN, 0},
    {"rsa_pkcs1_3072_sig_gen_test.json", SIG_GEN, 1},       {"rsa_pkcs1_4096_sig_gen_test.json", SIG_GEN, 1},
    {"rsa_pss_2048_sha256_mgf1_0_test.json", PSS_VERIFY, 0}, {"rsa_pss_2048_sha256_mgf1_32_test.json", PSS_VERIFY, 0},
    {"rsa_pss_2048_sha384_mgf1_48_test.json", PSS_VERIFY, 0}, {"rsa_pss_4096_sha512_mgf1_64_test.json", PSS_VERIFY, 1},
    {"rsa_pss_misc_test.json", PSS_VERIFY, 1},               {"rsa_oaep_2048_sha256_mgf1sha256_test.json", OAEP_DECRYPT, 0},
    {"rsa_oaep_2048_sha384_mgf1sha384_test.json", OAEP_DECRYPT, 0},
    {"rsa_oaep_3072_sha512_mgf1sha512_test.json", OAEP_DECRYPT, 1}, {"rsa_oaep_misc_test.json", OAEP_DECRYPT, 1},
    {"rsa_three_primes_oaep_4096_sha256_mgf1sha256_test.json", OAEP_DECRYPT, 1},
};

static void run_files(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  size_t skipped = 0;
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    if (t_quick() && files[i].big) {
      skipped++;
      continue;
    }
    wp_value *doc = wp_load(files[i].file);
    CHECK_MSG(doc != NULL, "Wycheproof %s not found: set WYCHEPROOF_DIR", files[i].file);
    wp_counts c = {.kind = files[i].kind, .file = files[i].file};
    size_t n = wp_for_each_test(doc, one_test, &c);
    wp_free(doc);
    CHECK_MSG(c.valid > 0 || c.unsupported_keys == n, "%s: no valid case ran", files[i].file);
    printf("wycheproof %s [%s]: %zu valid ok, %zu invalid rejected, %zu acceptable, %zu not applicable (hash), "
           "%zu with a multi-prime key (unsupported), %zu acceptable with a key refused by policy\n",
           files[i].file, impl, c.valid, c.invalid, c.acceptable, c.not_applicable, c.unsupported_keys, c.refused_keys);
  }
  if (skipped) printf("wycheproof RSA [%s]: quick mode, %zu files above 2048 bits or misc not run\n", impl, skipped);
}

HWC_TEST(rsa_wycheproof, all_files) { t_for_each_impl(HWC_PRIM_BIGNUM, run_files, NULL); }
