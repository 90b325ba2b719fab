/* SPDX-License-Identifier: ISC */
/* Both halves of the OpenSSL interop test (tests/test_openssl_interop.sh).
 * `interop_rsa_out DIR` writes what OpenSSL must accept: a fresh key
 * exported as PKCS#8 and SPKI PEM and DER, PKCS#1 v1.5 and PSS signatures
 * of a message (PSS also with OpenSSL's default, the largest salt), and
 * OAEP ciphertexts of it (also with OpenSSL's default, SHA-1).
 * `interop_rsa_out check DIR` reads what OpenSSL made with its defaults
 * from that key (ossl-pss.sig: PSS over SHA-512, ossl-oaep.bin: OAEP) and
 * must verify and decrypt it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

static void put(const char *dir, const char *name, const uint8_t *p, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
    perror(path);
    exit(1);
  }
}

#define TRY(x) do { int rc_ = (x); if (rc_) { fprintf(stderr, "%s: %s\n", #x, hwc_strerror(rc_)); return 1; } } while (0)

/* Reads a whole file of DIR into buf (capacity cap); returns its size. */
static size_t get(const char *dir, const char *name, uint8_t *buf, size_t cap) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(buf, 1, cap, f) : 0;
  if (!f || ferror(f) || n == cap) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  return n;
}

static const uint8_t msg[] = "GET /v2/status\nhost: example.org\n\n";

/* OpenSSL's default PSS signature and OAEP ciphertext, with our functions. */
static int check(const char *dir) {
  static uint8_t buf[8192], sig[1024], pt[1024];
  hwc_rsa_key *key;
  size_t n = get(dir, "key.pk8.pem", buf, sizeof buf);
  TRY(hwc_rsa_import(&key, buf, n));
  size_t sl = get(dir, "ossl-pss.sig", sig, sizeof sig);
  TRY(hwc_rsa_verify_pss(sig, sl, msg, sizeof msg - 1, HWC_HASH_SHA512, HWC_PSS_SALT_AUTO, key));
  TRY(hwc_rsa_verify_pss(sig, sl, msg, sizeof msg - 1, HWC_HASH_SHA512, HWC_PSS_SALT_MAX, key));
  printf("ok: OpenSSL's default PSS signature verifies (salt AUTO and MAX)\n");
  size_t cl = get(dir, "ossl-oaep.bin", buf, sizeof buf), pl = sizeof pt;
  TRY(hwc_rsa_decrypt_oaep(pt, &pl, buf, cl, NULL, 0, HWC_HASH_SHA1, key));
  if (pl != sizeof msg - 1 || memcmp(pt, msg, pl) != 0) return 1;
  printf("ok: OpenSSL's default OAEP (SHA-1) ciphertext decrypts\n");
  hwc_rsa_free(key);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "check") == 0) return check(argv[2]);
  if (argc != 2) return 2;
  hwc_rsa_key *key;
  uint8_t buf[8192];
  size_t n;
  TRY(hwc_rsa_generate(&key, 2048, 65537));
  const struct { const char *name; int priv, pem; } exports[] = {
      {"key.pk8.pem", 1, 1}, {"key.pk8.der", 1, 0}, {"key.spki.pem", 0, 1}, {"key.spki.der", 0, 0}};
  for (size_t i = 0; i < 4; i++) {
    n = sizeof buf;
    TRY(hwc_rsa_export(buf, &n, exports[i].priv, exports[i].pem, key));
    put(argv[1], exports[i].name, buf, n);
  }
  put(argv[1], "msg", msg, sizeof msg - 1);
  n = sizeof buf;
  TRY(hwc_rsa_sign_pkcs1(buf, &n, msg, sizeof msg - 1, HWC_HASH_SHA384, key));
  put(argv[1], "pkcs1-sha384.sig", buf, n);
  n = sizeof buf;
  TRY(hwc_rsa_sign_pss(buf, &n, msg, sizeof msg - 1, HWC_HASH_SHA256, 32, key));
  put(argv[1], "pss-sha256.sig", buf, n);
  n = sizeof buf;
  TRY(hwc_rsa_encrypt_oaep(buf, &n, msg, sizeof msg - 1, (const uint8_t *)"tag", 3, HWC_HASH_SHA512, key));
  put(argv[1], "oaep-sha512.bin", buf, n);
  n = sizeof buf;
  TRY(hwc_rsa_private_encrypt_pkcs1(buf, &n, msg, sizeof msg - 1, key));
  put(argv[1], "legacy.bin", buf, n);
  n = sizeof buf;
  TRY(hwc_rsa_sign_pss(buf, &n, msg, sizeof msg - 1, HWC_HASH_SHA512, HWC_PSS_SALT_MAX, key));
  put(argv[1], "pss-sha512-max.sig", buf, n);
  n = sizeof buf;
  TRY(hwc_rsa_encrypt_oaep(buf, &n, msg, sizeof msg - 1, NULL, 0, HWC_HASH_SHA1, key));
  put(argv[1], "oaep-sha1.bin", buf, n);
  hwc_rsa_free(key);
  return 0;
}
