/* SPDX-License-Identifier: ISC */
/*
 * RSA-PSS signatures with SHA-256 and keys in the files OpenSSL writes.
 *
 *   rsa_sign sign   KEY.pem MSGFILE SIGFILE   (private key: PKCS#8 or PKCS#1, PEM or DER)
 *   rsa_sign verify KEY.pem MSGFILE SIGFILE   (public or private key)
 *
 * Signing uses a salt as long as the hash (32 bytes), the common choice of
 * TLS 1.3 and JOSE; verification accepts any salt length
 * (HWC_PSS_SALT_AUTO), so signatures made by `openssl dgst -sha256
 * -sigopt rsa_padding_mode:pss` with its default (largest) salt verify too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

/* The whole file in a fresh buffer, its size in *len; NULL on failure. */
static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  for (size_t r; buf && (r = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += r;
    if (n == cap) {
      uint8_t *bigger = realloc(buf, cap *= 2);
      if (!bigger) free(buf);
      buf = bigger;
    }
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  if (argc != 5 || (strcmp(argv[1], "sign") != 0 && strcmp(argv[1], "verify") != 0)) {
    fprintf(stderr, "usage: %s sign|verify KEY MSGFILE SIGFILE\n", argv[0]);
    return 2;
  }
  size_t key_len, msg_len;
  uint8_t *key_bytes = slurp(argv[2], &key_len), *msg = slurp(argv[3], &msg_len);
  if (!key_bytes || !msg) {
    fprintf(stderr, "cannot read %s\n", key_bytes ? argv[3] : argv[2]);
    return 1;
  }
  hwc_rsa_key *key = NULL;
  int rc = hwc_rsa_import(&key, key_bytes, key_len);
  hwc_memzero(key_bytes, key_len);
  free(key_bytes);
  if (rc != HWC_OK) {
    fprintf(stderr, "%s: %s\n", argv[2], hwc_strerror(rc));
    return 1;
  }
  if (strcmp(argv[1], "sign") == 0) {
    uint8_t sig[1024];
    size_t sig_len = sizeof sig;
    rc = hwc_rsa_sign_pss(sig, &sig_len, msg, msg_len, HWC_HASH_SHA256, 32, key);
    FILE *f = rc == HWC_OK ? fopen(argv[4], "wb") : NULL;
    if (rc == HWC_OK && (!f || fwrite(sig, 1, sig_len, f) != sig_len || fclose(f) != 0)) rc = HWC_ERR_INVALID_ARG;
    if (rc != HWC_OK) fprintf(stderr, "signing failed: %s\n", hwc_strerror(rc));
  } else {
    size_t sig_len;
    uint8_t *sig = slurp(argv[4], &sig_len);
    rc = sig ? hwc_rsa_verify_pss(sig, sig_len, msg, msg_len, HWC_HASH_SHA256, HWC_PSS_SALT_AUTO, key)
             : HWC_ERR_INVALID_ARG;
    printf("%s\n", rc == HWC_OK ? "Verified OK" : "Verification failure");
    free(sig);
  }
  hwc_rsa_free(key);
  free(msg);
  return rc == HWC_OK ? 0 : 1;
}
