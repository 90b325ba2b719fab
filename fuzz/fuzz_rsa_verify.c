/* SPDX-License-Identifier: ISC */
/* RSA verification on attacker-chosen signatures: PKCS#1 v1.5, PSS and the
 * legacy public_decrypt must never crash and must give the same answer
 * under every bignum implementation (under libFuzzer: generic and the one
 * the input's last byte picks, see fuzz.h). The key is the committed test
 * key's public half, embedded so the harness needs no files. */
#include "fuzz.h"

/* tests/vectors/rsa/key2048.spki.der */
static const uint8_t spki[] = {
#include "rsa_test_spki.inc"
};

typedef struct {
  const uint8_t *sig, *msg;
  size_t msg_len;
  int rc[4];
  uint8_t recovered[256];
  size_t recovered_len;
  int have;
} verify_case;

static void run(size_t i, void *ctx) {
  (void)i;
  verify_case *c = ctx;
  hwc_rsa_key *key = NULL;
  FUZZ_REQUIRE(hwc_rsa_import(&key, spki, sizeof spki) == HWC_OK, "test key does not import");
  int rc[4];
  uint8_t rec[256];
  size_t rec_len = sizeof rec;
  rc[0] = hwc_rsa_verify_pkcs1(c->sig, 256, c->msg, c->msg_len, HWC_HASH_SHA256, key);
  rc[1] = hwc_rsa_verify_pss(c->sig, 256, c->msg, c->msg_len, HWC_HASH_SHA256, 32, key);
  rc[2] = hwc_rsa_verify_pss(c->sig, 256, c->msg, c->msg_len, HWC_HASH_SHA512, 0, key);
  rc[3] = hwc_rsa_public_decrypt_pkcs1(rec, &rec_len, c->sig, 256, key);
  hwc_rsa_free(key);
  if (rc[3] != HWC_OK) rec_len = 0;
  if (!c->have) {
    memcpy(c->rc, rc, sizeof rc);
    memcpy(c->recovered, rec, rec_len);
    c->recovered_len = rec_len;
    c->have = 1;
    return;
  }
  FUZZ_REQUIRE(memcmp(c->rc, rc, sizeof rc) == 0, "implementations disagree on a verification");
  FUZZ_REQUIRE(rec_len == c->recovered_len && memcmp(rec, c->recovered, rec_len) == 0,
               "implementations recover different data");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 256) return 0;
  verify_case c = {data, data + 256, size - 256, {0}, {0}, 0, 0};
  fuzz_generic_and_one(HWC_PRIM_BIGNUM, data[size - 1], run, &c);
  return 0;
}
