/* SPDX-License-Identifier: ISC */
/*
 * Encrypts or decrypts a file of any size with a secret stream
 * (hwc_secretstream_*, the format of libsodium's
 * crypto_secretstream_xchacha20poly1305), 64 KiB at a time, so memory stays
 * bounded whatever the file's size.
 *
 *   secretstream_file enc|dec KEYFILE IN OUT
 *
 * KEYFILE holds 32 raw bytes (e.g. `head -c 32 /dev/urandom > key`).
 *
 * Format: "HWS1" | the stream's 24-byte header | messages. Each message is
 * a 64 KiB chunk of the file plus 17 bytes (the encrypted tag byte and the
 * MAC); the last one, which may be shorter (0 bytes for an empty file),
 * carries HWC_SECRETSTREAM_TAG_FINAL. The stream itself chains the
 * messages: one moved, dropped, repeated or altered fails to pull. The
 * "HWS1" magic is every message's additional data, so it is authenticated
 * too.
 *
 * Decryption writes a chunk only after it pulled (verified), and insists
 * on the FINAL tag at the end of the file and on nothing after it: a file
 * cut between two messages pulls cleanly up to the cut, and only the
 * missing FINAL tells. On any failure it deletes OUT and exits with
 * status 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

enum { CHUNK = 64 * 1024, MAGIC_LEN = 4 };
static const uint8_t magic[MAGIC_LEN] = {'H', 'W', 'S', '1'};

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

static int encrypt_file(const uint8_t key[32], FILE *in, FILE *out) {
  static uint8_t pt[2][CHUNK], ct[CHUNK + HWC_SECRETSTREAM_ABYTES];
  hwc_secretstream_state st;
  uint8_t header[HWC_SECRETSTREAM_HEADERBYTES];
  if (hwc_secretstream_init_push(&st, header, key) != HWC_OK) return -1;
  int rc = -1;
  if (fwrite(magic, 1, MAGIC_LEN, out) != MAGIC_LEN || fwrite(header, 1, sizeof header, out) != sizeof header)
    goto done;
  /* One chunk of look-ahead: a chunk is the last one when the file ends
   * right after it, so each is pushed once the next read says so. */
  size_t len = read_full(in, pt[0], CHUNK);
  for (unsigned i = 0;; i ^= 1) {
    size_t next = len == CHUNK ? read_full(in, pt[i ^ 1], CHUNK) : 0;
    int last = next == 0;
    size_t c_len = sizeof ct;
    if (hwc_secretstream_push(&st, ct, &c_len, pt[i], len, magic, MAGIC_LEN,
                              last ? HWC_SECRETSTREAM_TAG_FINAL : HWC_SECRETSTREAM_TAG_MESSAGE) != HWC_OK ||
        fwrite(ct, 1, c_len, out) != c_len)
      goto done;
    if (last) break;
    len = next;
  }
  rc = ferror(in) ? -1 : 0;
done:
  hwc_secretstream_wipe(&st);
  hwc_memzero(pt, sizeof pt);
  return rc;
}

static int decrypt_file(const uint8_t key[32], FILE *in, FILE *out) {
  static uint8_t ct[CHUNK + HWC_SECRETSTREAM_ABYTES], pt[CHUNK];
  uint8_t head[MAGIC_LEN + HWC_SECRETSTREAM_HEADERBYTES];
  hwc_secretstream_state st;
  if (read_full(in, head, sizeof head) != sizeof head || memcmp(head, magic, MAGIC_LEN) != 0) return -1;
  if (hwc_secretstream_init_pull(&st, head + MAGIC_LEN, key) != HWC_OK) return -1;
  int rc = -1;
  for (;;) {
    /* A message is a whole chunk plus 17 bytes, or shorter if it is the
     * last; fewer than 17 bytes (none at all included) means the file
     * ended before the FINAL message. */
    size_t n = read_full(in, ct, sizeof ct), m_len = sizeof pt;
    uint8_t tag;
    if (n < HWC_SECRETSTREAM_ABYTES ||
        hwc_secretstream_pull(&st, pt, &m_len, &tag, ct, n, magic, MAGIC_LEN) != HWC_OK)
      goto done;
    if (fwrite(pt, 1, m_len, out) != m_len) goto done;
    if (tag == HWC_SECRETSTREAM_TAG_FINAL) {
      /* Nothing may follow the end of the stream. */
      if (fgetc(in) != EOF) goto done;
      break;
    }
  }
  rc = ferror(in) ? -1 : 0;
done:
  hwc_secretstream_wipe(&st);
  hwc_memzero(pt, sizeof pt);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 5 || (strcmp(argv[1], "enc") != 0 && strcmp(argv[1], "dec") != 0)) {
    fprintf(stderr, "usage: %s enc|dec KEYFILE IN OUT\n", argv[0]);
    return 2;
  }
  int enc = strcmp(argv[1], "enc") == 0;
  FILE *kf = fopen(argv[2], "rb");
  uint8_t key[33];
  size_t kl = kf ? fread(key, 1, sizeof key, kf) : 0;
  if (kf) fclose(kf);
  if (kl != 32) {
    fprintf(stderr, "%s: need a file of exactly 32 bytes\n", argv[2]);
    return 2;
  }
  FILE *in = fopen(argv[3], "rb"), *out = in ? fopen(argv[4], "wb") : NULL;
  if (!in || !out) {
    fprintf(stderr, "%s: %s\n", in ? argv[4] : argv[3], strerror(errno));
    if (in) fclose(in);
    hwc_memzero(key, sizeof key);
    return 1;
  }
  int rc = enc ? encrypt_file(key, in, out) : decrypt_file(key, in, out);
  hwc_memzero(key, sizeof key);
  fclose(in);
  if (fclose(out) != 0) rc = -1;
  if (rc != 0) {
    remove(argv[4]);
    fprintf(stderr, "%s failed: %s\n", enc ? "encryption" : "decryption",
            enc ? "I/O error" : "the file is damaged, truncated or not for this key");
    return 1;
  }
  return 0;
}
