/* SPDX-License-Identifier: ISC */
/* RSA keys in/out (hwc_rsa_import/export), signatures, OAEP and the legacy
 * type-1 operations, for every bignum implementation this CPU supports:
 * interoperability with OpenSSL (keys, signatures and ciphertexts it wrote,
 * tests/vectors/rsa; deterministic outputs must equal OpenSSL's byte for
 * byte), round trips, tampering and bad input. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/rsa_internal.h"

static uint8_t *vec(const char *name, size_t *len) {
  char path[128];
  snprintf(path, sizeof path, "rsa/%s", name);
  uint8_t *p = (uint8_t *)t_read_vector_file(path, len);
  CHECK_MSG(p != NULL, "missing tests/vectors/%s", path);
  return p;
}

static hwc_rsa_key *import_file(const char *name) {
  size_t len;
  uint8_t *data = vec(name, &len);
  hwc_rsa_key *key = NULL;
  int rc = hwc_rsa_import(&key, data, len);
  free(data);
  CHECK_MSG(rc == HWC_OK && key != NULL, "import %s: %s", name, hwc_strerror(rc));
  return key;
}

static void import_export_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg, (void)impl;
  static const struct { const char *file; int priv; } files[] = {
      {"key2048.pkcs1.der", 1}, {"key2048.pkcs1.pem", 1}, {"key2048.pkcs8.der", 1}, {"key2048.pkcs8.pem", 1},
      {"key2048.spki.der", 0},  {"key2048.spki.pem", 0},  {"key2048.rsapub.der", 0}, {"key2048.rsapub.pem", 0}};
  size_t pk8_len, spki_len, pk8pem_len;
  uint8_t *pk8 = vec("key2048.pkcs8.der", &pk8_len), *spki = vec("key2048.spki.der", &spki_len);
  uint8_t *pk8pem = vec("key2048.pkcs8.pem", &pk8pem_len);
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    hwc_rsa_key *key = import_file(files[i].file);
    CHECK(hwc_rsa_size(key) == 256 && hwc_rsa_has_private(key) == files[i].priv);
    uint8_t out[4096];
    size_t n = sizeof out;
    CHECK(hwc_rsa_export(out, &n, 0, 0, key) == HWC_OK && n == spki_len && memcmp(out, spki, n) == 0);
    n = sizeof out;
    if (files[i].priv) {
      CHECK(hwc_rsa_export(out, &n, 1, 0, key) == HWC_OK && n == pk8_len && memcmp(out, pk8, n) == 0);
      n = sizeof out;
      CHECK(hwc_rsa_export(out, &n, 1, 1, key) == HWC_OK && n == pk8pem_len && memcmp(out, pk8pem, n) == 0);
      n = 10;
      memset(out, 0x5a, sizeof out);
      CHECK(hwc_rsa_export(out, &n, 1, 0, key) == HWC_ERR_INVALID_ARG && n == pk8_len);
      for (size_t j = 0; j < 10; j++) CHECK(out[j] == 0 || out[j] == 0x5a); /* nothing of the key */
      n = 0;
      CHECK(hwc_rsa_export(NULL, &n, 1, 1, key) == HWC_ERR_INVALID_ARG && n == pk8pem_len);
    } else {
      CHECK(hwc_rsa_export(out, &n, 1, 0, key) == HWC_ERR_INVALID_ARG);
    }
    hwc_rsa_free(key);
  }
  free(pk8), free(spki), free(pk8pem);
}

HWC_TEST(rsa_formats, import_export_openssl_keys) { t_for_each_impl(HWC_PRIM_BIGNUM, import_export_body, NULL); }

HWC_TEST(rsa_formats, import_rejects) {
  hwc_rsa_key *key = (hwc_rsa_key *)1;
  size_t len, plen;
  CHECK(hwc_rsa_import(&key, NULL, 0) == HWC_ERR_BAD_ENCODING && key == NULL);
  CHECK(hwc_rsa_import(NULL, (const uint8_t *)"x", 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_import(&key, NULL, 5) == HWC_ERR_INVALID_ARG);
  uint8_t *der = vec("key2048.pkcs1.der", &len), *pem = vec("key2048.spki.pem", &plen);
  /* a PEM whose label names another structure than the one inside */
  char *swapped = malloc(plen + 16);
  memcpy(swapped, pem, plen);
  memcpy(swapped + 11, "RSA PUB", 7); /* "PUBLIC KEY" -> "RSA PUBKEY"-like: label changes */
  CHECK(hwc_rsa_import(&key, (uint8_t *)swapped, plen) == HWC_ERR_BAD_ENCODING && key == NULL);
  /* well-formed but inconsistent: flip a bit of p (the fourth integer) */
  uint8_t *bad = malloc(len);
  memcpy(bad, der, len);
  bad[len / 2] ^= 0x10;
  int rc = hwc_rsa_import(&key, bad, len);
  CHECK_MSG(rc == HWC_ERR_BAD_KEY && key == NULL, "inconsistent key: %s", hwc_strerror(rc));
  /* trailing garbage after the DER */
  uint8_t *longer = malloc(len + 1);
  memcpy(longer, der, len);
  longer[len] = 0;
  CHECK(hwc_rsa_import(&key, longer, len + 1) == HWC_ERR_BAD_ENCODING);
  free(der), free(pem), free(swapped), free(bad), free(longer);
}

static const hwc_hash hashes[] = {HWC_HASH_SHA256, HWC_HASH_SHA384, HWC_HASH_SHA512};
static const size_t hlens[] = {32, 48, 64};

static void openssl_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  size_t mlen, l;
  uint8_t *msg = vec("msg.txt", &mlen);
  hwc_rsa_key *priv = import_file("key2048.pkcs8.pem"), *pub = import_file("key2048.spki.der");
  uint8_t sig[256], out[256];
  size_t n;
  /* PKCS#1 v1.5 is deterministic: our signature must be OpenSSL's */
  static const struct { const char *file; hwc_hash h; } pk1[] = {{"msg.pkcs1-sha256.sig", HWC_HASH_SHA256},
                                                                {"msg.pkcs1-sha512.sig", HWC_HASH_SHA512}};
  for (size_t i = 0; i < 2; i++) {
    uint8_t *ref = vec(pk1[i].file, &l);
    n = sizeof sig;
    CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, mlen, pk1[i].h, priv) == HWC_OK && n == 256);
    CHECK_MSG(l == 256 && memcmp(sig, ref, 256) == 0, "%s: our %s differs from OpenSSL's", impl, pk1[i].file);
    CHECK(hwc_rsa_verify_pkcs1(ref, l, msg, mlen, pk1[i].h, pub) == HWC_OK);
    CHECK(hwc_rsa_verify_pkcs1(ref, l, msg, mlen, pk1[i].h == HWC_HASH_SHA256 ? HWC_HASH_SHA512 : HWC_HASH_SHA256,
                               pub) == HWC_ERR_VERIFY);
    free(ref);
  }
  uint8_t *pss = vec("msg.pss-sha256-salt32.sig", &l);
  CHECK(hwc_rsa_verify_pss(pss, l, msg, mlen, HWC_HASH_SHA256, 32, pub) == HWC_OK);
  CHECK(hwc_rsa_verify_pss(pss, l, msg, mlen, HWC_HASH_SHA256, 31, pub) == HWC_ERR_VERIFY);
  free(pss);
  pss = vec("msg.pss-sha384-saltmax.sig", &l);
  CHECK(hwc_rsa_verify_pss(pss, l, msg, mlen, HWC_HASH_SHA384, 256 - 48 - 2, pub) == HWC_OK);
  free(pss);
  uint8_t *ct = vec("msg.oaep-sha256-label.bin", &l);
  n = sizeof out;
  CHECK(hwc_rsa_decrypt_oaep(out, &n, ct, l, (const uint8_t *)"label", 5, HWC_HASH_SHA256, priv) == HWC_OK);
  CHECK(n == mlen && memcmp(out, msg, mlen) == 0);
  n = sizeof out;
  CHECK(hwc_rsa_decrypt_oaep(out, &n, ct, l, (const uint8_t *)"lab3l", 5, HWC_HASH_SHA256, priv) == HWC_ERR_AUTH);
  free(ct);
  /* legacy: RSA_private_encrypt of the SHA-512 hex digest (deterministic) */
  uint8_t *hex = vec("msg.sha512hex", &l), *legacy = vec("msg.legacy-type1.bin", &n);
  size_t on = sizeof out;
  CHECK(hwc_rsa_public_decrypt_pkcs1(out, &on, legacy, n, pub) == HWC_OK && on == l && memcmp(out, hex, l) == 0);
  on = sizeof out;
  CHECK(hwc_rsa_private_encrypt_pkcs1(out, &on, hex, l, priv) == HWC_OK && on == 256 && memcmp(out, legacy, 256) == 0);
  free(hex), free(legacy), free(msg);
  hwc_rsa_free(priv);
  hwc_rsa_free(pub);
}

HWC_TEST(rsa_formats, openssl_interop) { t_for_each_impl(HWC_PRIM_BIGNUM, openssl_body, NULL); }

static void round_trip_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  hwc_rsa_key *priv = import_file("key2048.pkcs1.der"), *pub = import_file("key2048.rsapub.pem");
  uint8_t msg[256], sig[256], copy[256], out[256];
  t_rand_bytes(msg, sizeof msg);
  for (size_t hi = 0; hi < 3; hi++) {
    hwc_hash h = hashes[hi];
    size_t n = sizeof sig, len = t_rand_below(200);
    CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, len, h, priv) == HWC_OK);
    CHECK(hwc_rsa_verify_pkcs1(sig, n, msg, len, h, pub) == HWC_OK);
    CHECK(hwc_rsa_verify_pkcs1(sig, n - 1, msg, len, h, pub) == HWC_ERR_VERIFY);
    memcpy(copy, sig, 256);
    copy[t_rand_below(256)] ^= 4;
    CHECK(hwc_rsa_verify_pkcs1(copy, n, msg, len, h, pub) == HWC_ERR_VERIFY);
    memset(copy, 0xff, 256); /* >= n */
    CHECK(hwc_rsa_verify_pkcs1(copy, n, msg, len, h, pub) == HWC_ERR_VERIFY);
    size_t salts[] = {0, hlens[hi], 256 - hlens[hi] - 2};
    for (size_t s = 0; s < 3; s++) {
      n = sizeof sig;
      CHECK_MSG(hwc_rsa_sign_pss(sig, &n, msg, len, h, salts[s], priv) == HWC_OK, "%s pss salt %zu", impl, salts[s]);
      CHECK(hwc_rsa_verify_pss(sig, n, msg, len, h, salts[s], pub) == HWC_OK);
      msg[0] ^= 1;
      CHECK(hwc_rsa_verify_pss(sig, n, msg, len ? len : 1, h, salts[s], pub) == HWC_ERR_VERIFY);
      msg[0] ^= 1;
    }
    n = sizeof sig;
    CHECK(hwc_rsa_sign_pss(sig, &n, msg, len, h, 256 - hlens[hi] - 1, priv) == HWC_ERR_INVALID_ARG);
    size_t max = 256 - 2 * hlens[hi] - 2;
    for (size_t l = 0; l <= max; l += max / 3) {
      n = sizeof sig;
      CHECK(hwc_rsa_encrypt_oaep(sig, &n, msg, l, NULL, 0, h, pub) == HWC_OK && n == 256);
      size_t on = sizeof out;
      CHECK(hwc_rsa_decrypt_oaep(out, &on, sig, n, NULL, 0, h, priv) == HWC_OK && on == l && memcmp(out, msg, l) == 0);
      sig[t_rand_below(256)] ^= 1;
      on = sizeof out;
      memset(out, 0x77, sizeof out);
      CHECK(hwc_rsa_decrypt_oaep(out, &on, sig, n, NULL, 0, h, priv) == HWC_ERR_AUTH);
      for (size_t j = 0; j < sizeof out; j++) CHECK(out[j] == 0);
      on = sizeof out;
      CHECK(hwc_rsa_decrypt_oaep(out, &on, sig, n - 1, NULL, 0, h, priv) == HWC_ERR_AUTH);
    }
    n = sizeof sig;
    CHECK(hwc_rsa_encrypt_oaep(sig, &n, msg, max + 1, NULL, 0, h, pub) == HWC_ERR_TOO_LONG);
  }
  size_t n = sizeof sig, on = sizeof out;
  CHECK(hwc_rsa_private_encrypt_pkcs1(sig, &n, msg, 245, priv) == HWC_OK);
  int rc = hwc_rsa_public_decrypt_pkcs1(out, &on, sig, n, pub);
  CHECK_MSG(rc == HWC_OK && on == 245 && !memcmp(out, msg, 245), "legacy round trip: %s", hwc_strerror(rc));
  n = sizeof sig;
  CHECK(hwc_rsa_private_encrypt_pkcs1(sig, &n, msg, 246, priv) == HWC_ERR_TOO_LONG);
  /* bad arguments */
  n = sizeof sig;
  CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, 10, HWC_HASH_SHA256, pub) == HWC_ERR_INVALID_ARG);
  n = 255;
  CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, 10, HWC_HASH_SHA256, priv) == HWC_ERR_INVALID_ARG);
  n = sizeof sig;
  CHECK(hwc_rsa_sign_pkcs1(sig, &n, msg, 10, (hwc_hash)9, priv) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_sign_pkcs1(sig, &n, NULL, 10, HWC_HASH_SHA256, priv) == HWC_ERR_INVALID_ARG);
  on = sizeof out;
  CHECK(hwc_rsa_decrypt_oaep(out, &on, sig, 256, NULL, 0, HWC_HASH_SHA256, pub) == HWC_ERR_INVALID_ARG);
  hwc_rsa_free(priv);
  hwc_rsa_free(pub);
}

HWC_TEST(rsa_formats, round_trips_and_tampering) { t_for_each_impl(HWC_PRIM_BIGNUM, round_trip_body, NULL); }

/* ---- Private keys written here, DER by hand (and PEM around it), from
 * key2048's values with one changed: every encoding hwc_rsa_import reads
 * (PKCS#1 RSAPrivateKey and PKCS#8, DER and PEM) must refuse each with
 * HWC_ERR_BAD_KEY. The unchanged values, written the same way, must give
 * OpenSSL's key2048.pkcs1.der byte for byte and import. */

/* A DER length field; returns its size. */
static size_t put_len(uint8_t *out, size_t n) {
  if (n < 0x80) {
    out[0] = (uint8_t)n;
    return 1;
  }
  size_t bytes = 0;
  for (size_t t = n; t; t >>= 8) bytes++;
  out[0] = (uint8_t)(0x80 | bytes);
  for (size_t i = 0; i < bytes; i++) out[1 + i] = (uint8_t)(n >> (8 * (bytes - 1 - i)));
  return 1 + bytes;
}

/* tag, length, content; returns the total size. */
static size_t put_tlv(uint8_t *out, uint8_t tag, const uint8_t *content, size_t n) {
  out[0] = tag;
  size_t h = 1 + put_len(out + 1, n);
  memmove(out + h, content, n);
  return h + n;
}

/* A non-negative INTEGER from big-endian bytes: minimal, with a 0x00 in
 * front when the top bit is set. */
static size_t put_uint(uint8_t *out, const uint8_t *v, size_t len) {
  while (len > 1 && v[0] == 0) v++, len--;
  uint8_t *tmp = malloc(len + 1);
  size_t n = 0;
  if (v[0] & 0x80) tmp[n++] = 0;
  memcpy(tmp + n, v, len);
  n = put_tlv(out, 0x02, tmp, n + len);
  free(tmp);
  return n;
}

/* RSAPrivateKey (RFC 8017 A.1.2), version 0, from the eight values. */
static size_t put_pkcs1(uint8_t *out, const hwc_rsa_bytes parts[HWC_RSA_PARTS]) {
  uint8_t *body = malloc(16384);
  static const uint8_t zero = 0;
  size_t n = put_uint(body, &zero, 1);
  for (int i = 0; i < HWC_RSA_PARTS; i++) n += put_uint(body + n, parts[i].p, parts[i].len);
  n = put_tlv(out, 0x30, body, n);
  free(body);
  return n;
}

/* PrivateKeyInfo (RFC 5208) around an RSAPrivateKey: version 0,
 * rsaEncryption with NULL parameters. */
static size_t put_pkcs8(uint8_t *out, const uint8_t *pkcs1, size_t len) {
  static const uint8_t head[] = {0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48,
                                 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
  uint8_t *body = malloc(len + 64);
  memcpy(body, head, sizeof head);
  size_t n = sizeof head + put_tlv(body + sizeof head, 0x04, pkcs1, len);
  n = put_tlv(out, 0x30, body, n);
  free(body);
  return n;
}

/* PEM (RFC 7468): base64 in lines of 64 characters. */
static size_t put_pem(char *out, const char *label, const uint8_t *der, size_t len) {
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t n = (size_t)sprintf(out, "-----BEGIN %s-----\n", label), col = 0;
  for (size_t i = 0; i < len; i += 3) {
    uint32_t v = (uint32_t)der[i] << 16 | (i + 1 < len ? (uint32_t)der[i + 1] << 8 : 0) | (i + 2 < len ? der[i + 2] : 0);
    for (int j = 0; j < 4; j++) out[n++] = (size_t)j <= len - i ? b64[(v >> (18 - 6 * j)) & 63] : '=';
    if ((col += 4) == 64 && i + 3 < len) out[n++] = '\n', col = 0;
  }
  n += (size_t)sprintf(out + n, "\n-----END %s-----\n", label);
  return n;
}

typedef struct {
  uint8_t comp[HWC_RSA_PARTS][1100];
  hwc_rsa_bytes parts[HWC_RSA_PARTS];
} der_parts;

static void parts_from(der_parts *kp, const hwc_rsa_key *key) {
  for (int i = 0; i < HWC_RSA_PARTS; i++) {
    kp->parts[i].len = hwc_rsa_key_part(key, (hwc_rsa_part)i, kp->comp[i], sizeof kp->comp[i]);
    kp->parts[i].p = kp->comp[i];
  }
}

/* v += add (big-endian, may grow by a byte). */
static void bytes_add(hwc_rsa_bytes *b, uint8_t *v, unsigned add) {
  unsigned carry = add;
  for (size_t i = b->len; i-- > 0 && carry;) {
    carry += v[i];
    v[i] = (uint8_t)carry;
    carry >>= 8;
  }
  if (carry) {
    memmove(v + 1, v, b->len);
    v[0] = (uint8_t)carry;
    b->len++;
  }
}

/* The key in all four private encodings; each import must give want. */
static void import_all_encodings(const hwc_rsa_bytes parts[HWC_RSA_PARTS], int want, const char *what) {
  static uint8_t pkcs1[12000], pkcs8[12100];
  static char pem[17000];
  size_t l1 = put_pkcs1(pkcs1, parts), l8 = put_pkcs8(pkcs8, pkcs1, l1);
  struct { const uint8_t *p; size_t n; const char *name; } enc[4] = {
      {pkcs1, l1, "PKCS#1 DER"}, {pkcs8, l8, "PKCS#8 DER"}, {NULL, 0, "PKCS#1 PEM"}, {NULL, 0, "PKCS#8 PEM"}};
  for (int i = 0; i < 4; i++) {
    if (i == 2) enc[i].n = put_pem(pem, "RSA PRIVATE KEY", pkcs1, l1), enc[i].p = (const uint8_t *)pem;
    if (i == 3) enc[i].n = put_pem(pem, "PRIVATE KEY", pkcs8, l8), enc[i].p = (const uint8_t *)pem;
    hwc_rsa_key *key = (hwc_rsa_key *)1;
    int rc = hwc_rsa_import(&key, enc[i].p, enc[i].n);
    CHECK_MSG(rc == want, "%s as %s: %s, expected %s", what, enc[i].name, hwc_strerror(rc), hwc_strerror(want));
    CHECK(want == HWC_OK ? key != NULL && hwc_rsa_has_private(key) : key == NULL);
    hwc_rsa_free(want == HWC_OK ? key : NULL);
  }
}

static void bad_private_keys_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg, (void)impl;
  hwc_rsa_key *key = import_file("key2048.pkcs1.der");
  static der_parts kp;
  /* the encoder first: unchanged values give OpenSSL's file */
  parts_from(&kp, key);
  size_t ref_len;
  uint8_t *ref = vec("key2048.pkcs1.der", &ref_len), *mine = malloc(12000);
  size_t mine_len = put_pkcs1(mine, kp.parts);
  CHECK_MSG(mine_len == ref_len && memcmp(mine, ref, ref_len) == 0, "the test's DER writer differs from OpenSSL's");
  free(ref), free(mine);
  import_all_encodings(kp.parts, HWC_OK, "key2048 rewritten");

  /* d + 2: the CRT values still work, d does not */
  bytes_add(&kp.parts[HWC_RSA_D], kp.comp[HWC_RSA_D], 2);
  import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "d + 2");
  /* d with an extra high byte */
  parts_from(&kp, key);
  size_t dl = kp.parts[HWC_RSA_D].len;
  memmove(kp.comp[HWC_RSA_D] + 1, kp.comp[HWC_RSA_D], dl);
  kp.comp[HWC_RSA_D][0] = 0x5a;
  kp.parts[HWC_RSA_D].len = dl + 1;
  import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "d with an extra high byte");
  /* d longer than the largest buffer (1025 bytes): once read as 0 */
  parts_from(&kp, key);
  size_t pad = 8 * HWC_BN_MAX_LIMBS + 1 - dl;
  memmove(kp.comp[HWC_RSA_D] + pad, kp.comp[HWC_RSA_D], dl);
  memset(kp.comp[HWC_RSA_D], 0, pad);
  kp.comp[HWC_RSA_D][0] = 1;
  kp.parts[HWC_RSA_D].len = dl + pad;
  import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "d of 1025 bytes");
  /* qInv + 1, dP + 2 */
  parts_from(&kp, key);
  bytes_add(&kp.parts[HWC_RSA_QINV], kp.comp[HWC_RSA_QINV], 1);
  import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "qInv + 1");
  parts_from(&kp, key);
  bytes_add(&kp.parts[HWC_RSA_DP], kp.comp[HWC_RSA_DP], 2);
  import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "dP + 2");
  /* n = 3 q (q: key2048's 1024-bit prime) with p = 3, dP = 1, d = dQ and
   * qInv = q mod 3, consistent in every other way: refused every time,
   * not just when the import's blinding value was prime to 3 */
  parts_from(&kp, key);
  uint8_t *q = kp.comp[HWC_RSA_Q], *n = kp.comp[HWC_RSA_N];
  size_t ql = kp.parts[HWC_RSA_Q].len;
  unsigned carry = 0, qmod3 = 0;
  for (size_t i = ql; i-- > 0;) {
    carry += 3u * q[i];
    n[i + 1] = (uint8_t)carry;
    carry >>= 8;
  }
  n[0] = (uint8_t)carry;
  kp.parts[HWC_RSA_N].len = ql + 1;
  for (size_t i = 0; i < ql; i++) qmod3 = (qmod3 * 256 + q[i]) % 3;
  memcpy(kp.comp[HWC_RSA_D], kp.comp[HWC_RSA_DQ], kp.parts[HWC_RSA_DQ].len);
  kp.parts[HWC_RSA_D].len = kp.parts[HWC_RSA_DQ].len;
  kp.comp[HWC_RSA_P][0] = 3, kp.parts[HWC_RSA_P].len = 1;
  kp.comp[HWC_RSA_DP][0] = 1, kp.parts[HWC_RSA_DP].len = 1;
  kp.comp[HWC_RSA_QINV][0] = (uint8_t)qmod3, kp.parts[HWC_RSA_QINV].len = 1;
  for (int i = 0; i < 4; i++) import_all_encodings(kp.parts, HWC_ERR_BAD_KEY, "n = 3 q");
  hwc_rsa_free(key);
}

HWC_TEST(rsa_formats, import_rejects_inconsistent_private_keys) {
  t_for_each_impl(HWC_PRIM_BIGNUM, bad_private_keys_body, NULL);
}
