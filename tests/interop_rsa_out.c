/* SPDX-License-Identifier: ISC */
/* Both halves of the OpenSSL interop test (tests/test_openssl_interop.sh).
 * `interop_rsa_out DIR` writes what OpenSSL must accept: a fresh key
 * exported as PKCS#8 and SPKI PEM and DER, PKCS#1 v1.5 and PSS signatures
 * of a message (PSS also with OpenSSL's default, the largest salt), and
 * OAEP ciphertexts of it (also with OpenSSL's default, SHA-1).
 * `interop_rsa_out check DIR` reads what OpenSSL made with its defaults
 * from that key (ossl-pss.sig: PSS over SHA-512, ossl-oaep.bin: OAEP) and
 * must verify and decrypt it.
 * The 0.3 functions, one operation per call (files in, files out; exit
 * status 0 only on HWC_OK, so the script can also expect a refusal):
 *   sign-digest KEY pkcs1|pss HASH SALT DIGEST OUT   hwc_rsa_sign_*_digest
 *   verify-digest KEY pkcs1|pss HASH SALT DIGEST SIG hwc_rsa_verify_*_digest
 *   raw private|public KEY IN OUT                    hwc_rsa_private_raw / public_raw
 *   parts all|computed|swapped PARTS MSG OUT         hwc_rsa_from_parts, then
 *       hwc_rsa_sign_pkcs1 (SHA-256) of MSG into OUT and every part of the
 *       new key, read back with hwc_rsa_get_part, on stdout (hex, one a line)
 *   parts public PARTS MSG SIG                       a key from N and E verifies SIG
 * KEY is any form hwc_rsa_import reads; HASH sha1, sha256, sha384 or
 * sha512; SALT a byte count, max or auto; PARTS a text file of the eight
 * numbers N E D P Q DP DQ QINV in hex, one a line (from openssl asn1parse
 * or openssl pkey -text). computed leaves DP, DQ and QINV out; swapped
 * also puts Q before P (DP, DQ swapped with them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

/* Writes n bytes to a file. */
static void put_path(const char *path, const uint8_t *p, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
    perror(path);
    exit(1);
  }
}

/* Writes n bytes to the file `name` of DIR. */
static void put(const char *dir, const char *name, const uint8_t *p, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  put_path(path, p, n);
}

#define TRY(x) do { int rc_ = (x); if (rc_) { fprintf(stderr, "%s: %s\n", #x, hwc_strerror(rc_)); return 1; } } while (0)

/* Reads a whole file into buf (capacity cap); returns its size. */
static size_t get_path(const char *path, uint8_t *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(buf, 1, cap, f) : 0;
  if (!f || ferror(f) || n == cap) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  return n;
}

/* Reads a whole file of DIR into buf (capacity cap); returns its size. */
static size_t get(const char *dir, const char *name, uint8_t *buf, size_t cap) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return get_path(path, buf, cap);
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

/* ---- the 0.3 commands */

static int parse_hash(const char *s, hwc_hash *h) {
  static const struct { const char *name; hwc_hash h; } names[] = {
      {"sha1", HWC_HASH_SHA1}, {"sha256", HWC_HASH_SHA256}, {"sha384", HWC_HASH_SHA384}, {"sha512", HWC_HASH_SHA512}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(s, names[i].name) == 0) return *h = names[i].h, 1;
  return 0;
}

static size_t parse_salt(const char *s) {
  if (strcmp(s, "max") == 0) return HWC_PSS_SALT_MAX;
  if (strcmp(s, "auto") == 0) return HWC_PSS_SALT_AUTO;
  return (size_t)strtoul(s, NULL, 10);
}

static hwc_rsa_key *load_key(const char *path) {
  static uint8_t buf[16384];
  hwc_rsa_key *key = NULL;
  size_t n = get_path(path, buf, sizeof buf);
  int rc = hwc_rsa_import(&key, buf, n);
  if (rc) {
    fprintf(stderr, "%s: %s\n", path, hwc_strerror(rc));
    exit(1);
  }
  return key;
}

/* sign-digest / verify-digest KEY pkcs1|pss HASH SALT DIGEST OUT|SIG */
static int digest_cmd(int sign, char **a) {
  hwc_hash h;
  int pss = strcmp(a[1], "pss") == 0;
  if ((!pss && strcmp(a[1], "pkcs1") != 0) || !parse_hash(a[2], &h)) return 2;
  size_t salt = parse_salt(a[3]);
  hwc_rsa_key *key = load_key(a[0]);
  uint8_t d[128], sig[1024];
  size_t dl = get_path(a[4], d, sizeof d), sl = sizeof sig;
  if (sign) {
    TRY(pss ? hwc_rsa_sign_pss_digest(sig, &sl, d, dl, h, salt, key) : hwc_rsa_sign_pkcs1_digest(sig, &sl, d, dl, h, key));
    put_path(a[5], sig, sl);
  } else {
    sl = get_path(a[5], sig, sizeof sig);
    TRY(pss ? hwc_rsa_verify_pss_digest(sig, sl, d, dl, h, salt, key) : hwc_rsa_verify_pkcs1_digest(sig, sl, d, dl, h, key));
  }
  hwc_rsa_free(key);
  return 0;
}

/* raw private|public KEY IN OUT */
static int raw_cmd(char **a) {
  int priv = strcmp(a[0], "private") == 0;
  if (!priv && strcmp(a[0], "public") != 0) return 2;
  hwc_rsa_key *key = load_key(a[1]);
  uint8_t in[1024], out[1024];
  size_t il = get_path(a[2], in, sizeof in), ol = sizeof out;
  TRY(priv ? hwc_rsa_private_raw(out, &ol, in, il, key) : hwc_rsa_public_raw(out, &ol, in, il, key));
  put_path(a[3], out, ol);
  hwc_rsa_free(key);
  return 0;
}

/* Hex digits to bytes (an odd count gets a leading 0 nibble); 0 on a
 * character that is not a hex digit. */
static size_t unhex(uint8_t *out, size_t cap, const char *s, size_t len) {
  size_t n = (len + 1) / 2;
  if (n > cap) return 0;
  memset(out, 0, n);
  for (size_t i = 0; i < len; i++) {
    char c = s[len - 1 - i];
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (v < 0) return 0;
    out[n - 1 - i / 2] |= (uint8_t)(v << (4 * (i % 2)));
  }
  return n;
}

/* parts all|computed|swapped|public PARTS MSG OUT|SIG */
static int parts_cmd(char **a) {
  static char text[16384];
  static uint8_t v[HWC_RSA_PART_COUNT][1100];
  size_t len[HWC_RSA_PART_COUNT] = {0}, tl = get_path(a[1], (uint8_t *)text, sizeof text - 1);
  text[tl] = 0;
  char *line = text;
  for (int i = 0; i < HWC_RSA_PART_COUNT; i++) {
    size_t ll = strcspn(line, "\r\n");
    len[i] = unhex(v[i], sizeof v[i], line, ll);
    if (len[i] == 0) {
      fprintf(stderr, "%s: line %d is not a number in hex\n", a[1], i + 1);
      return 2;
    }
    line += ll;
    line += strspn(line, "\r\n");
  }
  const uint8_t *part[HWC_RSA_PART_COUNT];
  for (int i = 0; i < HWC_RSA_PART_COUNT; i++) part[i] = v[i];
  int pub = strcmp(a[0], "public") == 0, swapped = strcmp(a[0], "swapped") == 0;
  if (pub) {
    for (int i = HWC_RSA_D; i < HWC_RSA_PART_COUNT; i++) part[i] = NULL, len[i] = 0;
  } else if (swapped || strcmp(a[0], "computed") == 0) {
    if (swapped) {
      const uint8_t *t = part[HWC_RSA_P];
      size_t tl2 = len[HWC_RSA_P];
      part[HWC_RSA_P] = part[HWC_RSA_Q], len[HWC_RSA_P] = len[HWC_RSA_Q], part[HWC_RSA_Q] = t, len[HWC_RSA_Q] = tl2;
    }
    for (int i = HWC_RSA_DP; i < HWC_RSA_PART_COUNT; i++) part[i] = NULL, len[i] = 0;
  } else if (strcmp(a[0], "all") != 0) {
    return 2;
  }
  hwc_rsa_key *key;
  TRY(hwc_rsa_from_parts(&key, part, len));
  static uint8_t data[8192], sig[1024];
  size_t ml = get_path(a[2], data, sizeof data), sl = sizeof sig;
  if (pub) {
    sl = get_path(a[3], sig, sizeof sig);
    TRY(hwc_rsa_verify_pkcs1(sig, sl, data, ml, HWC_HASH_SHA256, key));
  } else {
    TRY(hwc_rsa_sign_pkcs1(sig, &sl, data, ml, HWC_HASH_SHA256, key));
    put_path(a[3], sig, sl);
    for (int i = 0; i < HWC_RSA_PART_COUNT; i++) {
      uint8_t out[1100];
      size_t n = sizeof out;
      TRY(hwc_rsa_get_part(out, &n, (hwc_rsa_part)i, key));
      for (size_t j = 0; j < n; j++) printf("%02X", out[j]);
      putchar('\n');
    }
  }
  hwc_rsa_free(key);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "check") == 0) return check(argv[2]);
  if (argc == 8 && strcmp(argv[1], "sign-digest") == 0) return digest_cmd(1, argv + 2);
  if (argc == 8 && strcmp(argv[1], "verify-digest") == 0) return digest_cmd(0, argv + 2);
  if (argc == 6 && strcmp(argv[1], "raw") == 0) return raw_cmd(argv + 2);
  if (argc == 6 && strcmp(argv[1], "parts") == 0) return parts_cmd(argv + 2);
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
