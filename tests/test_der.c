/* SPDX-License-Identifier: ISC */
/* DER reader/writer, PEM armour and the RSA key structures, against key
 * files written by OpenSSL (tests/vectors/rsa, commands in SOURCES.md):
 * every format parses to the same integers, our PKCS#8/SPKI output equals
 * OpenSSL's byte for byte, and malformed input is rejected, never read past. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/der.h"
#include "src/rsa/pem.h"
#include "src/rsa/rsa_der.h"

static uint8_t *load(const char *name, size_t *len) {
  char path[128];
  snprintf(path, sizeof path, "rsa/%s", name);
  uint8_t *p = (uint8_t *)t_read_vector_file(path, len);
  CHECK_MSG(p != NULL, "missing tests/vectors/%s", path);
  return p;
}

/* PEM file -> DER in a fresh buffer, checking the label. */
static uint8_t *load_pem(const char *name, const char *label, size_t *der_len) {
  size_t len;
  uint8_t *pem = load(name, &len), *der = malloc(len);
  char got[PEM_LABEL_MAX];
  CHECK(hwc_pem_looks_like(pem, len));
  CHECK_MSG(hwc_pem_decode(got, der, der_len, pem, len, NULL) == HWC_OK, "%s does not decode", name);
  CHECK_MSG(strcmp(got, label) == 0, "%s: label %s", name, got);
  free(pem);
  return der;
}

static int same(der_slice a, der_slice b) { return a.n == b.n && memcmp(a.p, b.p, a.n) == 0; }

HWC_TEST(der, openssl_keys_all_formats) {
  size_t l1, l8, lp, ls, pem_len;
  uint8_t *pkcs1 = load("key2048.pkcs1.der", &l1), *pkcs8 = load("key2048.pkcs8.der", &l8);
  uint8_t *rsapub = load("key2048.rsapub.der", &lp), *spki = load("key2048.spki.der", &ls);
  rsa_der_key k1, k8, kp, ks;
  CHECK(hwc_rsa_der_parse(&k1, pkcs1, l1) == HWC_OK && k1.has_private);
  CHECK(hwc_rsa_der_parse(&k8, pkcs8, l8) == HWC_OK && k8.has_private);
  CHECK(hwc_rsa_der_parse(&kp, rsapub, lp) == HWC_OK && !kp.has_private);
  CHECK(hwc_rsa_der_parse(&ks, spki, ls) == HWC_OK && !ks.has_private);
  CHECK(k1.n.n == 256 && k1.e.n == 3 && k1.p.n == 128);
  CHECK(same(k1.n, k8.n) && same(k1.n, kp.n) && same(k1.n, ks.n));
  CHECK(same(k1.e, k8.e) && same(k1.e, kp.e) && same(k1.e, ks.e));
  CHECK(same(k1.d, k8.d) && same(k1.qinv, k8.qinv) && same(k1.dq, k8.dq));

  /* Our writer reproduces OpenSSL's PKCS#8 and SPKI exactly, and measures. */
  uint8_t out[2048];
  size_t n = sizeof out, need = 0;
  CHECK(hwc_rsa_der_write(out, &n, 1, &k1) == HWC_OK && n == l8 && memcmp(out, pkcs8, l8) == 0);
  CHECK(hwc_rsa_der_write(NULL, &need, 1, &k1) == HWC_ERR_INVALID_ARG && need == l8);
  n = 100;
  CHECK(hwc_rsa_der_write(out, &n, 1, &k1) == HWC_ERR_INVALID_ARG && n == l8);
  n = sizeof out;
  CHECK(hwc_rsa_der_write(out, &n, 0, &k1) == HWC_OK && n == ls && memcmp(out, spki, ls) == 0);
  n = sizeof out;
  CHECK(hwc_rsa_der_write(out, &n, 1, &ks) == HWC_ERR_INVALID_ARG); /* no private half */

  /* PEM: every file decodes to its DER twin; our armour equals OpenSSL's. */
  const struct { const char *pem, *label; uint8_t *der; size_t len; } pems[] = {
      {"key2048.pkcs1.pem", "RSA PRIVATE KEY", pkcs1, l1}, {"key2048.pkcs8.pem", "PRIVATE KEY", pkcs8, l8},
      {"key2048.rsapub.pem", "RSA PUBLIC KEY", rsapub, lp}, {"key2048.spki.pem", "PUBLIC KEY", spki, ls}};
  for (size_t i = 0; i < 4; i++) {
    size_t dl, fl;
    uint8_t *der = load_pem(pems[i].pem, pems[i].label, &dl), *file = load(pems[i].pem, &fl);
    CHECK_MSG(dl == pems[i].len && memcmp(der, pems[i].der, dl) == 0, "%s != its DER", pems[i].pem);
    uint8_t *text = malloc(4096);
    CHECK(hwc_pem_encode(text, 4096, &pem_len, pems[i].label, der, dl) == HWC_OK);
    CHECK_MSG(pem_len == fl && memcmp(text, file, fl) == 0, "our PEM of %s differs from OpenSSL's", pems[i].pem);
    CHECK(hwc_pem_encode(text, pem_len - 1, &n, pems[i].label, der, dl) == HWC_ERR_INVALID_ARG && n == pem_len);
    free(text);
    free(file);
    free(der);
  }
  free(pkcs1); free(pkcs8); free(rsapub); free(spki);
}

HWC_TEST(der, truncations_and_trailing_data_rejected) {
  size_t len;
  uint8_t *pkcs8 = load("key2048.pkcs8.der", &len), *buf = malloc(len + 1);
  rsa_der_key k;
  for (size_t cut = 0; cut < len; cut++) {
    memcpy(buf, pkcs8, cut); /* a fresh allocation of exactly cut bytes would catch over-reads under ASan */
    uint8_t *exact = malloc(cut ? cut : 1);
    memcpy(exact, pkcs8, cut);
    CHECK_MSG(hwc_rsa_der_parse(&k, exact, cut) == HWC_ERR_BAD_ENCODING, "truncated to %zu accepted", cut);
    free(exact);
  }
  memcpy(buf, pkcs8, len);
  buf[len] = 0;
  CHECK(hwc_rsa_der_parse(&k, buf, len + 1) == HWC_ERR_BAD_ENCODING);
  free(buf);
  free(pkcs8);
}

/* Hand-made public keys: SEQUENCE { n, e } with one rule broken each. */
HWC_TEST(der, malformed_structures_rejected) {
  static const struct { const char *why, *hex; int rc; } cases[] = {
      {"valid", "3007020200c3020103", HWC_OK},
      {"negative modulus", "30060201c3020103", HWC_ERR_BAD_ENCODING},
      {"zero-padded integer", "3008020300 00c3020103", HWC_ERR_BAD_ENCODING},
      {"empty integer", "30050200020103", HWC_ERR_BAD_ENCODING},
      {"long-form length that fits short form", "308107020200c3020103", HWC_ERR_BAD_ENCODING},
      {"long-form length with leading zero", "30820007020200c3020103", HWC_ERR_BAD_ENCODING},
      {"indefinite length", "3080020200c30201030000", HWC_ERR_BAD_ENCODING},
      {"length past the end", "3008020200c3020103", HWC_ERR_BAD_ENCODING},
      {"inner length past its parent", "3007020800c3020103", HWC_ERR_BAD_ENCODING},
      {"trailing data inside", "300a020200c3020103020101", HWC_ERR_BAD_ENCODING},
      {"wrong outer tag", "3107020200c3020103", HWC_ERR_BAD_ENCODING},
      {"huge length", "3088ffffffffffffffff020200c3020103", HWC_ERR_BAD_ENCODING},
      {"multi-prime private key", "3009020101020103020103", HWC_ERR_UNSUPPORTED},
      {"valid SPKI", "301b300d06092a864886f70d0101010500030a00 3007020200c3020103", HWC_OK},
      {"another algorithm in SPKI", "301b300d06092a864886f70d0101020500030a00 3007020200c3020103", HWC_ERR_UNSUPPORTED},
      {"SPKI with unused bits", "301b300d06092a864886f70d0101010500030a01 3007020200c3020103", HWC_ERR_BAD_ENCODING},
      {"SPKI parameters not NULL", "301b300d06092a864886f70d0101010400030a00 3007020200c3020103", HWC_ERR_BAD_ENCODING},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char hex[256];
    size_t h = 0;
    for (const char *c = cases[i].hex; *c; c++)
      if (*c != ' ') hex[h++] = *c;
    hex[h] = 0;
    uint8_t der[128];
    size_t n = t_unhex(der, sizeof der, hex);
    rsa_der_key k;
    int rc = hwc_rsa_der_parse(&k, der, n);
    CHECK_MSG(rc == cases[i].rc, "%s: got %d, want %d", cases[i].why, rc, cases[i].rc);
  }
}

HWC_TEST(der, pem_malformed_rejected) {
  static const char *bad[] = {
      "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",  /* labels differ */
      "-----BEGIN PUBLIC KEY-----\nAA$A\n-----END PUBLIC KEY-----\n",   /* bad character */
      "-----BEGIN PUBLIC KEY-----\nAAB=\n-----END PUBLIC KEY-----\n",   /* non-zero pad bits */
      "-----BEGIN PUBLIC KEY-----\nAA=A\n-----END PUBLIC KEY-----\n",   /* data after '=' */
      "-----BEGIN PUBLIC KEY-----\nAAA\n-----END PUBLIC KEY-----\n",    /* missing padding */
      "-----BEGIN PUBLIC KEY-----\nA\n-----END PUBLIC KEY-----\n",      /* 6 stray bits */
      "-----BEGIN PUBLIC KEY-----\nAAAA\n",                             /* no END line */
      "-----BEGIN -----\nAAAA\n-----END -----\n",                       /* empty label */
      "junk-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char label[PEM_LABEL_MAX];
    uint8_t out[64];
    size_t n;
    CHECK_MSG(hwc_pem_decode(label, out, &n, (const uint8_t *)bad[i], strlen(bad[i]), NULL) == HWC_ERR_BAD_ENCODING,
              "accepted bad PEM %zu", i);
  }
  const char *good = "  \r\n-----BEGIN X-----\r\nAAE=\r\n-----END X-----\r\n\r\n";
  char label[PEM_LABEL_MAX];
  uint8_t out[8];
  size_t n;
  CHECK(hwc_pem_decode(label, out, &n, (const uint8_t *)good, strlen(good), NULL) == HWC_OK);
  CHECK(n == 2 && out[0] == 0 && out[1] == 1 && strcmp(label, "X") == 0);
}

/* As OpenSSL reads PEM: the first block whose label fits, whatever text
 * stands around it (Bag Attributes, comments, a certificate before or
 * after); an encrypted block or a key of another kind is UNSUPPORTED, not
 * a bad encoding. */
HWC_TEST(der, pem_first_fitting_block) {
  static const char *const keys[] = {"PRIVATE KEY", "PUBLIC KEY", NULL};
  const char *text =
      "Bag Attributes\n    localKeyID: 01 02 03\nsubject=/CN=x\n"
      "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
      "some words\n-----BEGIN PRIVATE KEY-----\nAAE=\n-----END PRIVATE KEY-----\n"
      "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\ntrailing text";
  char label[PEM_LABEL_MAX];
  uint8_t out[16];
  size_t n = 0;
  CHECK(hwc_pem_decode(label, out, &n, (const uint8_t *)text, strlen(text), keys) == HWC_OK);
  CHECK(n == 2 && out[0] == 0 && out[1] == 1 && strcmp(label, "PRIVATE KEY") == 0);
  /* Without a label list the certificate, first, is the block read. */
  CHECK(hwc_pem_decode(label, out, &n, (const uint8_t *)text, strlen(text), NULL) == HWC_OK);
  CHECK(n == 3 && strcmp(label, "CERTIFICATE") == 0);

  static const struct {
    const char *pem;
    int rc;
  } cases[] = {
      {"-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n", HWC_ERR_UNSUPPORTED},
      {"-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n", HWC_ERR_UNSUPPORTED},
      {"-----BEGIN PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n"
       "-----END PRIVATE KEY-----\n",
       HWC_ERR_UNSUPPORTED},
      {"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", HWC_ERR_BAD_ENCODING},
      {"no PEM here", HWC_ERR_BAD_ENCODING},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK_MSG(hwc_pem_decode(label, out, &n, (const uint8_t *)cases[i].pem, strlen(cases[i].pem), keys) ==
                  cases[i].rc,
              "PEM case %zu", i);
  /* Headers that do not encrypt are skipped. */
  const char *hdr = "-----BEGIN PUBLIC KEY-----\nComment: x\n\nAAE=\n-----END PUBLIC KEY-----\n";
  CHECK(hwc_pem_decode(label, out, &n, (const uint8_t *)hdr, strlen(hdr), keys) == HWC_OK && n == 2);
}

/* Keys this library cannot read say so: a PKCS#8 Ed25519 key (RFC 8410,
 * section 10.3), an encrypted PEM key, a PEM file holding only an EC key. */
HWC_TEST(der, other_algorithms_unsupported) {
  static const char *const texts[] = {
      "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
      "-----END PRIVATE KEY-----\n",
      "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0011\n\nAAAA\n"
      "-----END RSA PRIVATE KEY-----\n",
      "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n",
  };
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    hwc_rsa_key *key = NULL;
    int rc = hwc_rsa_import(&key, (const uint8_t *)texts[i], strlen(texts[i]));
    CHECK_MSG(rc == HWC_ERR_UNSUPPORTED && key == NULL, "case %zu: %d", i, rc);
  }
  CHECK(strstr(hwc_strerror(HWC_ERR_UNSUPPORTED), "encrypted key") != NULL);
}
