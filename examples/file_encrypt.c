/* SPDX-License-Identifier: ISC */
/*
 * Encrypts or decrypts a file of any size in 64 KiB chunks with an AEAD,
 * so that memory stays bounded and a damaged, reordered or truncated file
 * is detected before any of its plaintext is trusted.
 *
 *   file_encrypt enc|dec aes256gcm|xchacha KEYFILE IN OUT
 *
 * KEYFILE holds 32 raw bytes (e.g. `head -c 32 /dev/urandom > key`).
 *
 * Format: "HWCF" | 1-byte algorithm | nonce prefix | chunks. Each chunk is
 * up to 64 KiB of ciphertext followed by its 16-byte tag. Chunk i's nonce
 * is prefix | i (4 bytes, big-endian) | last (1 byte: 1 on the final
 * chunk, else 0), the construction of Hoang, Reyhanitabar, Rogaway and
 * Vizar's STREAM: a chunk cannot be moved, and a file cut at a chunk
 * boundary lacks the chunk marked last, which decryption reports. The
 * prefix is random per file: 7 bytes for AES-GCM's 12-byte nonce (so keep
 * a key for a modest number of files, well below 2^28), 19 bytes for
 * XChaCha20's 24-byte nonce (a key may encrypt any number of files). The
 * header is authenticated as the associated data of every chunk.
 *
 * Decryption writes a chunk's plaintext only after its tag verified; on
 * any failure it deletes OUT and exits with status 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

enum { CHUNK = 64 * 1024, TAG = 16, ALG_AESGCM = 1, ALG_XCHACHA = 2 };

typedef struct {
  int alg;
  size_t prefix_len;      /* 7 (AES-GCM) or 19 (XChaCha20) */
  uint8_t header[4 + 1 + 19];
  size_t header_len;
  hwc_aes_gcm_key gcm;    /* AES-GCM only */
  uint8_t key[32];        /* XChaCha20 only */
} stream;

/* The nonce of chunk i: the file's prefix, i big-endian, the last flag. */
static void chunk_nonce(uint8_t *nonce, const stream *s, uint32_t i, int last) {
  memcpy(nonce, s->header + 5, s->prefix_len);
  nonce[s->prefix_len] = (uint8_t)(i >> 24);
  nonce[s->prefix_len + 1] = (uint8_t)(i >> 16);
  nonce[s->prefix_len + 2] = (uint8_t)(i >> 8);
  nonce[s->prefix_len + 3] = (uint8_t)i;
  nonce[s->prefix_len + 4] = (uint8_t)last;
}

static int seal(uint8_t *ct, uint8_t tag[TAG], const uint8_t *pt, size_t len, const stream *s, uint32_t i,
                int last) {
  uint8_t nonce[24];
  chunk_nonce(nonce, s, i, last);
  if (s->alg == ALG_AESGCM)
    return hwc_aes_gcm_encrypt(ct, tag, TAG, pt, len, s->header, s->header_len, nonce, 12, &s->gcm);
  return hwc_xchacha20poly1305_encrypt(ct, tag, pt, len, s->header, s->header_len, nonce, s->key);
}

static int open_chunk(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[TAG], const stream *s,
                      uint32_t i, int last) {
  uint8_t nonce[24];
  chunk_nonce(nonce, s, i, last);
  if (s->alg == ALG_AESGCM)
    return hwc_aes_gcm_decrypt(pt, ct, len, tag, TAG, s->header, s->header_len, nonce, 12, &s->gcm);
  return hwc_xchacha20poly1305_decrypt(pt, ct, len, tag, s->header, s->header_len, nonce, s->key);
}

/* Reads up to n bytes (fewer only at the end of the file). */
static size_t read_full(FILE *f, uint8_t *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    size_t r = fread(buf + got, 1, n - got, f);
    if (r == 0) break;
    got += r;
  }
  return got;
}

static int encrypt_file(stream *s, FILE *in, FILE *out) {
  static uint8_t pt[2][CHUNK], ct[CHUNK + TAG];
  if (fwrite(s->header, 1, s->header_len, out) != s->header_len) return -1;
  /* One chunk of look-ahead: a chunk is the last one when the file ends
   * right after it, so each is sealed once the next read says so. */
  size_t len = read_full(in, pt[0], CHUNK);
  for (uint32_t i = 0;; i++) {
    if (i == UINT32_MAX) return -1; /* 2^32 chunks: the counter would wrap */
    size_t next = len == CHUNK ? read_full(in, pt[(i + 1) & 1], CHUNK) : 0;
    int last = next == 0;
    if (seal(ct, ct + len, pt[i & 1], len, s, i, last) != HWC_OK) return -1;
    if (fwrite(ct, 1, len + TAG, out) != len + TAG) return -1;
    if (last) break;
    len = next;
  }
  return ferror(in) ? -1 : 0;
}

static int decrypt_file(stream *s, FILE *in, FILE *out) {
  static uint8_t buf[2][CHUNK + TAG], pt[CHUNK];
  if (read_full(in, buf[0], s->header_len) != s->header_len || memcmp(buf[0], s->header, 5) != 0) return -1;
  memcpy(s->header, buf[0], s->header_len); /* the file's own prefix */
  size_t len = read_full(in, buf[0], CHUNK + TAG);
  for (uint32_t i = 0;; i++) {
    if (len < TAG || i == UINT32_MAX) return -1; /* truncated inside a chunk, or no chunk at all */
    /* A full chunk may still be the last one: only a look-ahead read tells. */
    size_t next = len == CHUNK + TAG ? read_full(in, buf[(i + 1) & 1], CHUNK + TAG) : 0;
    int last = next == 0;
    const uint8_t *c = buf[i & 1];
    if (open_chunk(pt, c, len - TAG, c + len - TAG, s, i, last) != HWC_OK) return -1;
    if (fwrite(pt, 1, len - TAG, out) != len - TAG) return -1;
    if (last) break;
    len = next;
  }
  hwc_memzero(pt, sizeof pt);
  return ferror(in) ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 6 || (strcmp(argv[1], "enc") != 0 && strcmp(argv[1], "dec") != 0)) {
    fprintf(stderr, "usage: %s enc|dec aes256gcm|xchacha KEYFILE IN OUT\n", argv[0]);
    return 2;
  }
  int enc = strcmp(argv[1], "enc") == 0;
  stream s = {0};
  if (strcmp(argv[2], "aes256gcm") == 0) {
    s.alg = ALG_AESGCM, s.prefix_len = 7;
  } else if (strcmp(argv[2], "xchacha") == 0) {
    s.alg = ALG_XCHACHA, s.prefix_len = 19;
  } else {
    fprintf(stderr, "unknown algorithm %s\n", argv[2]);
    return 2;
  }
  FILE *kf = fopen(argv[3], "rb");
  uint8_t key[33];
  size_t kl = kf ? fread(key, 1, sizeof key, kf) : 0;
  if (kf) fclose(kf);
  if (kl != 32) {
    fprintf(stderr, "%s: need a file of exactly 32 bytes\n", argv[3]);
    return 2;
  }
  if (s.alg == ALG_AESGCM && hwc_aes_gcm_init(&s.gcm, key, 32) != HWC_OK) return 1;
  memcpy(s.key, key, 32);
  hwc_memzero(key, sizeof key);

  memcpy(s.header, "HWCF", 4);
  s.header[4] = (uint8_t)s.alg;
  s.header_len = 5 + s.prefix_len;
  if (enc && hwc_random_bytes(s.header + 5, s.prefix_len) != HWC_OK) return 1;

  FILE *in = fopen(argv[4], "rb"), *out = in ? fopen(argv[5], "wb") : NULL;
  if (!in || !out) {
    fprintf(stderr, "%s: %s\n", in ? argv[5] : argv[4], strerror(errno));
    return 1;
  }
  int rc = enc ? encrypt_file(&s, in, out) : decrypt_file(&s, in, out);
  fclose(in);
  if (fclose(out) != 0) rc = -1;
  hwc_aes_gcm_key_wipe(&s.gcm);
  hwc_memzero(s.key, sizeof s.key);
  if (rc != 0) {
    remove(argv[5]);
    fprintf(stderr, "%s failed: %s\n", enc ? "encryption" : "decryption",
            enc ? "I/O error" : "the file is damaged, truncated or not for this key");
    return 1;
  }
  return 0;
}
