/* SPDX-License-Identifier: ISC */
/*
 * The provider's ChaCha20 against the default provider's: every sequence
 * of calls below runs on a context of each, and what the calls return
 * and write is logged and compared (a transcript), so return values,
 * lengths and bytes all have to agree. Lengths around the 64-byte block,
 * pieces of odd sizes, IVs whose block counter is at or near 2^32 - 1
 * (OpenSSL carries into the first nonce word; with that word at
 * ffffffff too), reinit with key only / IV only / nothing, a context
 * copied mid-stream, EVP_Cipher, no key set, parameters, and the RFC 8439
 * 2.4.2 vector.
 *
 * The program then runs itself once per chacha20 implementation this CPU
 * supports, with HWCRYPTO_IMPL=chacha20=X (pt_main).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "ptest.h"

static EVP_CIPHER *ours, *ref;
static uint8_t msg[8192], key[32];

/* Whole-block and partial-block counters, including the wrap of both the
 * counter and the first nonce word. */
static const char *const ivs[] = {
    "00000000000000000000000000000000",
    "01000000000000000000004a00000000",
    "ffffffff0102030405060708090a0b0c",
    "feffffff0102030405060708090a0b0c",
    "fdffffffffffffff05060708090a0b0c",
    "ffffffffffffffffffffffffffffffff",
    "f0ffffff0102030405060708090a0b0c",
};

static void iv_of(size_t i, uint8_t iv[16]) {
  size_t n;
  uint8_t *b = pt_unhex(ivs[i], &n);
  memset(iv, 0, 16);
  memcpy(iv, b, n < 16 ? n : 16);
  free(b);
}

/* Encrypts or decrypts msg[0..len) in pieces of `piece` bytes (0: whole),
 * logging every return value, length and output. */
static void stream(EVP_CIPHER_CTX *x, size_t len, size_t piece, pt_log *t) {
  uint8_t *out = calloc(1, len + 1);
  size_t done = 0;
  do {
    size_t n = piece && len - done > piece ? piece : len - done;
    int l = -1;
    pt_put_int(t, EVP_CipherUpdate(x, out + done, &l, msg + done, (int)n));
    pt_put_int(t, l);
    done += n;
  } while (done < len);
  int l = -1;
  pt_put_int(t, EVP_CipherFinal_ex(x, out + len, &l));
  pt_put_int(t, l);
  pt_put(t, out, len);
  free(out);
}

/* a: IV index, b: length, d: piece size; both directions. */
static void sc_stream(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16];
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  for (int enc = 1; enc >= 0; enc--) {
    pt_put_int(t, EVP_CipherInit_ex2(x, c, key, iv, enc, NULL));
    stream(x, b, d, t);
  }
  EVP_CIPHER_CTX_free(x);
}

/* The one-shot EVP_Cipher, in two calls. */
static void sc_cipher(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[4200] = {0};
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  pt_put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(t, EVP_Cipher(x, out, msg, (unsigned)d));
  pt_put_int(t, EVP_Cipher(x, out + d, msg + d, (unsigned)(b - d)));
  pt_put(t, out, b);
  EVP_CIPHER_CTX_free(x);
}

/* Reinit mid-stream: a = 0 key only (counter kept, rest of the block
 * dropped), 1 nothing (the stream goes on), 2 IV only (back to the IV),
 * 3 the direction only. b: bytes before, d: after. */
static void sc_reinit(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[600] = {0};
  iv_of(2, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  int l = -1;
  pt_put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(t, EVP_EncryptUpdate(x, out, &l, msg, (int)b));
  if (a == 0) pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, msg + 100, NULL, NULL));
  if (a == 1) pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, NULL, NULL, NULL));
  if (a == 2) pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  if (a == 3) pt_put_int(t, EVP_DecryptInit_ex2(x, NULL, NULL, NULL, NULL));
  pt_put_int(t, EVP_CipherUpdate(x, out + b, &l, msg + b, (int)d));
  pt_put_int(t, l);
  pt_put(t, out, b + d);
  EVP_CIPHER_CTX_free(x);
}

/* A copy at byte b, both halves finished (d bytes more each). */
static void sc_copy(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[2][1200] = {{0}};
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = EVP_CIPHER_CTX_new();
  int l = -1;
  pt_put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(t, EVP_EncryptUpdate(x, out[0], &l, msg, (int)b));
  memcpy(out[1], out[0], b);
  pt_put_int(t, EVP_CIPHER_CTX_copy(y, x));
  pt_put_int(t, EVP_EncryptUpdate(x, out[0] + b, &l, msg + b, (int)d));
  EVP_CIPHER_CTX_free(x); /* the copy must not depend on the original */
  pt_put_int(t, EVP_EncryptUpdate(y, out[1] + b, &l, msg + b, (int)d));
  pt_put(t, out, sizeof out);
  EVP_CIPHER_CTX_free(y);
}

/* Errors: no key (update of 0 and 5 bytes, final, EVP_Cipher), wrong key
 * and IV lengths, then the context parameters. */
static void sc_errors(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  (void)a, (void)b, (void)d;
  uint8_t out[64] = {0};
  int l = -1;
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  pt_put_int(t, EVP_EncryptInit_ex2(x, c, NULL, NULL, NULL));
  pt_put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 0));
  pt_put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 5));
  pt_put_int(t, EVP_EncryptFinal_ex(x, out, &l));
  pt_put_int(t, EVP_Cipher(x, out, msg, 5));
  pt_put_int(t, EVP_CIPHER_CTX_set_key_length(x, 16));
  pt_put_int(t, EVP_CIPHER_CTX_set_key_length(x, 32));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 16, NULL));
  pt_put_int(t, EVP_CIPHER_CTX_get_key_length(x));
  pt_put_int(t, EVP_CIPHER_CTX_get_iv_length(x));
  pt_put_int(t, EVP_CIPHER_CTX_get_num(x));
  /* a key with no IV: counter and nonce zero */
  pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, key, NULL, NULL));
  pt_put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 64));
  pt_put(t, out, 64);
  EVP_CIPHER_CTX_free(x);
}

static void body(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + (i >> 8));
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
  if (!pt_fetch_ciphers("ChaCha20", &ours, &ref)) return;
  pt_check_cipher_meta(ours, ref);
  PT_CHECK(EVP_CIPHER_get_key_length(ours) == 32 && EVP_CIPHER_get_iv_length(ours) == 16);
  /* RFC 8439 2.4.2 */
  {
    static const char pt_hex[] =
        "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20496620492063"
        "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e"
        "73637265656e20776f756c642062652069742e";
    size_t pl, cl, il;
    uint8_t *p = pt_unhex(pt_hex, &pl), out[128];
    uint8_t *want = pt_unhex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab"
                             "8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e"
                             "52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d",
                             &cl);
    uint8_t *iv = pt_unhex("01000000000000000000004a00000000", &il);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    PT_CHECK(EVP_EncryptInit_ex2(x, ours, key, iv, NULL) && EVP_EncryptUpdate(x, out, &l1, p, 50) &&
             EVP_EncryptUpdate(x, out + 50, &l2, p + 50, (int)pl - 50) && l1 + l2 == (int)pl && pl == cl &&
             memcmp(out, want, cl) == 0);
    EVP_CIPHER_CTX_free(x);
    free(p), free(want), free(iv);
  }
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024, 4097, 8192};
  static const size_t pieces[] = {0, 1, 7, 13, 63, 64, 65, 100, 1000};
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
      for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        if (lens[l] > 1100 && pieces[p] && pieces[p] < 13) continue;
        PT_CHECK(pt_cipher_same(sc_stream, ours, ref, a, lens[l], pieces[p]));
      }
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t d = 0; d <= 200; d += 25) PT_CHECK(pt_cipher_same(sc_cipher, ours, ref, a, 200 + d * 3, d));
  static const size_t cuts[] = {0, 1, 63, 64, 65, 130, 256};
  for (size_t a = 0; a < 4; a++)
    for (size_t b = 0; b < sizeof cuts / sizeof cuts[0]; b++)
      for (size_t d = 0; d < sizeof cuts / sizeof cuts[0]; d++)
        PT_CHECK(pt_cipher_same(sc_reinit, ours, ref, a, cuts[b], cuts[d]));
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t b = 0; b < sizeof cuts / sizeof cuts[0]; b++)
      PT_CHECK(pt_cipher_same(sc_copy, ours, ref, a, cuts[b], 1000 - cuts[b]));
  PT_CHECK(pt_cipher_same(sc_errors, ours, ref, 0, 0, 0));
  EVP_CIPHER_free(ours);
  EVP_CIPHER_free(ref);
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_each(&runs, HWC_PRIM_CHACHA20, NULL);
  return pt_main(argv, &runs, body);
}
