/* Writes what OpenSSL must accept (tests/test_openssl_interop.sh): a fresh
 * key exported as PKCS#8 and SPKI PEM and DER, PKCS#1 v1.5 and PSS
 * signatures of a message, and an OAEP ciphertext of it. argv[1]: folder. */
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

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  static const uint8_t msg[] = "GET /v2/status\nhost: example.org\n\n";
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
  hwc_rsa_free(key);
  return 0;
}
