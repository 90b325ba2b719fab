/* SPDX-License-Identifier: ISC */
/*
 * The provider's AES-GCM against the default provider's. Each scenario
 * runs once per provider and writes a transcript (every return value,
 * length and output byte); the transcripts must be equal. Scenarios: the
 * cipher's parameters and parameter lists; known answers; encryption and
 * decryption over lengths around the block size, IVs of 1, 8, 12, 16, 64
 * and 128 bytes, AAD in several pieces, data in pieces of odd sizes, key
 * and IV in separate inits in either order; decryption tags of 4..16
 * bytes set before the data (shorter than 12: handed to the default
 * provider) or after it, wrong tags; re-init with a new IV per record (TLS
 * 1.3); the TLS 1.2 record path both ways, a corrupted record, nonces made
 * by tlsivgen / read by tlsivinv; EVP_Cipher; copies made mid-message;
 * errors and out-of-order calls.
 *
 * The one known difference is checked as such: a decryption tag shorter
 * than 12 bytes given only after the message started (its first AAD or
 * data went through hwcrypto) is refused at final, where the default
 * provider checks it.
 *
 * The program then runs itself once per aes-gcm implementation this CPU
 * supports (and under "separate", once per aes and per ghash
 * implementation), with HWCRYPTO_IMPL set (pt_main).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ptest.h"

static uint8_t msg[70000], aadbuf[300];

/* ---- helpers */
static void fill_key(uint8_t *k, size_t n, int seed) {
  for (size_t i = 0; i < n; i++) k[i] = (uint8_t)(seed * 31 + i * 7 + 3);
}

/* Feeds len bytes in pieces (0: one call) as AAD (out NULL) or data,
 * logging each call; returns the bytes written. */
static size_t feed(pt_log *L, EVP_CIPHER_CTX *x, uint8_t *out, const uint8_t *in, size_t len, size_t piece) {
  size_t done = 0;
  if (!piece) piece = len ? len : 1;
  for (size_t d = 0; d < len; d += piece) {
    size_t n = len - d < piece ? len - d : piece;
    int outl = -1, r = EVP_CipherUpdate(x, out ? out + done : NULL, &outl, in + d, (int)n);
    pt_put_int(L, r), pt_put_int(L, outl);
    if (r > 0 && out) done += (size_t)outl;
  }
  return done;
}

/* The taglen parameter: 16 until a tag length is known. */
static void log_taglen(pt_log *L, EVP_CIPHER_CTX *x) {
  size_t tl = 99;
  OSSL_PARAM q[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &tl), OSSL_PARAM_END};
  pt_put_int(L, EVP_CIPHER_CTX_get_params(x, q)), pt_put_int(L, (long)tl);
  pt_put_int(L, EVP_CIPHER_CTX_get_tag_length(x));
}

/* How key and IV reach the context: 0 together, 1 IV then key, 2 key then IV. */
static int start(pt_log *L, EVP_CIPHER_CTX *x, EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv,
                 size_t ivlen, int order) {
  int r = EVP_CipherInit_ex2(x, c, NULL, NULL, enc, NULL);
  r = r && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL) > 0;
  if (order == 0) r = r && EVP_CipherInit_ex2(x, NULL, key, iv, -1, NULL);
  if (order == 1) r = r && EVP_CipherInit_ex2(x, NULL, NULL, iv, -1, NULL) && EVP_CipherInit_ex2(x, NULL, key, NULL, -1, NULL);
  if (order == 2) r = r && EVP_CipherInit_ex2(x, NULL, key, NULL, -1, NULL) && EVP_CipherInit_ex2(x, NULL, NULL, iv, -1, NULL);
  pt_put_int(L, r);
  return r;
}

/* ---- scenarios */

/* Encrypts msg[0..len) with aadlen bytes of AAD; logs output, final and
 * every tag length 1..16 read back. */
static void sc_encrypt(pt_log *L, EVP_CIPHER *c, size_t keylen, size_t ivlen, size_t aadlen, size_t len, size_t apiece,
                       size_t piece, int order, uint8_t *ct, uint8_t tag[16]) {
  uint8_t key[32], iv[128], out[70000 + 16], t[17];
  fill_key(key, keylen, (int)len);
  fill_key(iv, ivlen, (int)ivlen + 5);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  start(L, x, c, 1, key, iv, ivlen, order);
  log_taglen(L, x);
  feed(L, x, NULL, aadbuf, aadlen, apiece);
  size_t n = feed(L, x, out, msg, len, piece);
  int fl = -1, r = EVP_EncryptFinal_ex(x, out + n, &fl);
  pt_put_int(L, r), pt_put_int(L, fl), pt_put_int(L, (long)n);
  pt_put(L, out, n);
  log_taglen(L, x);
  if (ct) memcpy(ct, out, n);
  for (int tl = 16; tl >= 1; tl--) {
    memset(t, 0, sizeof t);
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, tl, t));
    pt_put(L, t, sizeof t);
    if (tl == 16 && tag) memcpy(tag, t, 16);
  }
  EVP_CIPHER_CTX_free(x);
}

/* Decrypts ct with the first taglen bytes of tag set at `when` (0 right
 * after init, 1 between AAD and data, 2 after the data); logs it all.
 * Returns final's result. */
static int sc_decrypt(pt_log *L, EVP_CIPHER *c, size_t keylen, size_t ivlen, size_t aadlen, const uint8_t *ct,
                      size_t len, const uint8_t *tag, size_t taglen, int when, size_t piece, int order) {
  uint8_t key[32], iv[128], out[70000 + 16], t[16];
  fill_key(key, keylen, (int)len);
  fill_key(iv, ivlen, (int)ivlen + 5);
  memcpy(t, tag, taglen);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  start(L, x, c, 0, key, iv, ivlen, order);
  if (when == 0) pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)taglen, t));
  feed(L, x, NULL, aadbuf, aadlen, 5);
  if (when == 1) pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)taglen, t));
  size_t n = feed(L, x, out, ct, len, piece);
  if (when == 2) pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)taglen, t));
  log_taglen(L, x);
  int fl = -1, r = EVP_DecryptFinal_ex(x, out + n, &fl);
  pt_put_int(L, r), pt_put_int(L, fl), pt_put_int(L, (long)n);
  pt_put(L, out, n);
  EVP_CIPHER_CTX_free(x);
  ERR_clear_error();
  return r;
}

/* Several messages under one key, each re-inited with a new IV (as TLS
 * 1.3 does per record), encrypting then decrypting with the tag set
 * first; logs all. The third record's tag is corrupted. */
static void sc_records(pt_log *L, EVP_CIPHER *c, size_t keylen) {
  uint8_t key[32], iv[12], buf[600], tag[16];
  fill_key(key, keylen, 9);
  EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new(), *d = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(e, c, key, NULL, NULL));
  pt_put_int(L, EVP_DecryptInit_ex2(d, c, key, NULL, NULL));
  for (int rec = 0; rec < 5; rec++) {
    size_t len = (size_t)rec * 131 + 1;
    int outl = -1;
    memset(iv, 0x5a, sizeof iv);
    iv[11] ^= (uint8_t)rec;
    pt_put_int(L, EVP_EncryptInit_ex2(e, NULL, NULL, iv, NULL));
    pt_put_int(L, EVP_EncryptUpdate(e, NULL, &outl, aadbuf, 5)), pt_put_int(L, outl);
    pt_put_int(L, EVP_EncryptUpdate(e, buf, &outl, msg, (int)len)), pt_put_int(L, outl);
    pt_put_int(L, EVP_EncryptFinal_ex(e, buf + len, &outl)), pt_put_int(L, outl);
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, 16, tag));
    pt_put(L, buf, len), pt_put(L, tag, 16);
    if (rec == 2) tag[3] ^= 0x10;
    pt_put_int(L, EVP_DecryptInit_ex2(d, NULL, NULL, iv, NULL));
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_SET_TAG, 16, tag));
    pt_put_int(L, EVP_DecryptUpdate(d, NULL, &outl, aadbuf, 5)), pt_put_int(L, outl);
    pt_put_int(L, EVP_DecryptUpdate(d, buf, &outl, buf, (int)len)), pt_put_int(L, outl);
    int fin = EVP_DecryptFinal_ex(d, buf + len, &outl);
    pt_put_int(L, fin);
    pt_put(L, buf, len);
    PT_CHECK(rec == 2 ? fin == 0 : fin == 1 && memcmp(buf, msg, len) == 0);
    /* an update after final: the IV is spent */
    pt_put_int(L, EVP_EncryptUpdate(e, buf, &outl, msg, 3));
  }
  EVP_CIPHER_CTX_free(e);
  EVP_CIPHER_CTX_free(d);
  ERR_clear_error();
}

/* A TLS 1.2 record: explicit nonce || payload || tag, in place. */
static size_t tls_record_aad(uint8_t aad[13], uint64_t seq, size_t reclen) {
  for (int i = 0; i < 8; i++) aad[i] = (uint8_t)(seq >> (56 - 8 * i));
  aad[8] = 23, aad[9] = 3, aad[10] = 3;
  aad[11] = (uint8_t)(reclen >> 8), aad[12] = (uint8_t)reclen;
  return reclen;
}

/* The TLS 1.2 path with the whole IV given (tlsivfixed of length -1, so
 * the nonces are deterministic): records encrypted with EVP_CipherUpdate
 * or EVP_Cipher, then decrypted the same ways (fixed part of 4 bytes);
 * the fourth record corrupted. Logs results, lengths and buffers. */
static void sc_tls(pt_log *L, EVP_CIPHER *c, size_t keylen) {
  uint8_t key[32], iv[12], aad[13], rec[6][8 + 1100 + 16];
  size_t len[6];
  fill_key(key, keylen, 77);
  fill_key(iv, 12, 78);
  EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new(), *d = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(e, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_FIXED, -1, iv));
  for (int r = 0; r < 6; r++) {
    len[r] = r == 5 ? 0 : (size_t)r * 257 + 3;
    memset(rec[r], 0, 8);
    memcpy(rec[r] + 8, msg + r, len[r]);
    tls_record_aad(aad, (uint64_t)r + 1000, 8 + len[r]);
    int pad = EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_TLS1_AAD, 13, aad), outl = -1, all = (int)(8 + len[r] + 16), ok;
    pt_put_int(L, pad);
    if (r & 1)
      pt_put_int(L, ok = EVP_Cipher(e, rec[r], rec[r], (unsigned)all));
    else
      pt_put_int(L, ok = EVP_CipherUpdate(e, rec[r], &outl, rec[r], all)), pt_put_int(L, outl);
    PT_CHECK(pad == 16 && (r & 1 ? ok == all : ok == 1 && outl == all));
    pt_put(L, rec[r], (size_t)all);
  }
  /* not in place, or shorter than nonce + tag: refused */
  uint8_t other[64];
  tls_record_aad(aad, 1, 40);
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_TLS1_AAD, 13, aad));
  pt_put_int(L, EVP_Cipher(e, other, rec[0], 40));
  tls_record_aad(aad, 1, 20);
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_TLS1_AAD, 13, aad));
  pt_put_int(L, EVP_Cipher(e, other, other, 20));
  pt_put_int(L, EVP_DecryptInit_ex2(d, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_GCM_SET_IV_FIXED, 4, iv));
  rec[3][8 + len[3] + 5] ^= 1; /* a bad tag */
  for (int r = 0; r < 6; r++) {
    int all = (int)(8 + len[r] + 16), outl = -1;
    tls_record_aad(aad, (uint64_t)r + 1000, (size_t)all);
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_TLS1_AAD, 13, aad));
    int ok;
    if (r & 1)
      pt_put_int(L, ok = EVP_Cipher(d, rec[r], rec[r], (unsigned)all));
    else
      pt_put_int(L, ok = EVP_CipherUpdate(d, rec[r], &outl, rec[r], all)), pt_put_int(L, outl);
    pt_put(L, rec[r], (size_t)all);
    if (r == 3) { /* refused, the payload wiped */
      static const uint8_t zero[1100];
      PT_CHECK(ok <= 0 && memcmp(rec[r] + 8, zero, len[r]) == 0);
    } else {
      PT_CHECK((r & 1 ? ok == all : ok == 1 && outl == (int)len[r]) && memcmp(rec[r] + 8, msg + r, len[r]) == 0);
    }
  }
  /* a record length shorter than nonce + tag is refused at tlsaad */
  tls_record_aad(aad, 1, 20);
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_TLS1_AAD, 13, aad));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_TLS1_AAD, 12, aad));
  EVP_CIPHER_CTX_free(e);
  EVP_CIPHER_CTX_free(d);
  ERR_clear_error();
}

/* tlsivgen / tlsivinv outside records: a nonce made by the encrypting
 * side, read by the decrypting one, with ordinary AAD / data / tag. */
static void sc_ivgen(pt_log *L, EVP_CIPHER *c, size_t keylen) {
  uint8_t key[32], iv[12], buf[300], tag[16], nonce[3][12];
  fill_key(key, keylen, 5);
  fill_key(iv, 12, 6);
  EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new(), *d = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(e, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_IV_GEN, 8, nonce[0])); /* no fixed part yet */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_FIXED, -1, iv));
  pt_put_int(L, EVP_DecryptInit_ex2(d, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_GCM_SET_IV_FIXED, 4, iv));
  for (int m = 0; m < 3; m++) {
    int outl = -1;
    /* 0 bytes asked: the whole IV is written, its explicit part last */
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_IV_GEN, m == 2 ? 0 : 8, nonce[m]));
    pt_put(L, nonce[m], m == 2 ? 12 : 8);
    pt_put_int(L, EVP_EncryptUpdate(e, NULL, &outl, aadbuf, 20));
    pt_put_int(L, EVP_EncryptUpdate(e, buf, &outl, msg, 100 + m));
    pt_put_int(L, EVP_EncryptFinal_ex(e, buf + 100 + m, &outl));
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, 16, tag));
    pt_put(L, buf, 100 + (size_t)m), pt_put(L, tag, 16);
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_GCM_SET_IV_INV, 8, nonce[m] + (m == 2 ? 4 : 0)));
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_SET_TAG, 16, tag));
    pt_put_int(L, EVP_DecryptUpdate(d, NULL, &outl, aadbuf, 20));
    pt_put_int(L, EVP_DecryptUpdate(d, buf, &outl, buf, 100 + m));
    int fin = EVP_DecryptFinal_ex(d, buf + 100 + m, &outl);
    pt_put_int(L, fin);
    pt_put(L, buf, 100 + (size_t)m);
    PT_CHECK(fin == 1 && memcmp(buf, msg, 100 + (size_t)m) == 0);
  }
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_INV, 8, nonce[0])); /* encrypting: refused */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_FIXED, 3, iv));     /* too short */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_FIXED, 5, iv));     /* leaves < 8 */
  EVP_CIPHER_CTX_free(e);
  EVP_CIPHER_CTX_free(d);
  ERR_clear_error();
}

/* Copies made mid-message (after odd amounts of AAD and data), the
 * original freed before the copy goes on; a decryption copied both with
 * a long tag (hwcrypto) and a short one set first (handed on). */
static void sc_copy(pt_log *L, EVP_CIPHER *c, size_t keylen, size_t len, size_t cut) {
  uint8_t key[32], iv[12], out[2][5000], tag[2][16];
  fill_key(key, keylen, 3);
  fill_key(iv, 12, 4);
  EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
  int outl = -1;
  pt_put_int(L, EVP_EncryptInit_ex2(a, c, key, iv, NULL));
  pt_put_int(L, EVP_EncryptUpdate(a, NULL, &outl, aadbuf, 7));
  pt_put_int(L, EVP_EncryptUpdate(a, out[0], &outl, msg, (int)cut));
  pt_put_int(L, EVP_CIPHER_CTX_copy(b, a));
  memcpy(out[1], out[0], cut);
  pt_put_int(L, EVP_EncryptUpdate(a, out[0] + cut, &outl, msg + cut, (int)(len - cut)));
  pt_put_int(L, EVP_EncryptFinal_ex(a, out[0] + len, &outl));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(a, EVP_CTRL_AEAD_GET_TAG, 16, tag[0]));
  EVP_CIPHER_CTX_free(a);
  pt_put_int(L, EVP_EncryptUpdate(b, out[1] + cut, &outl, msg + cut, (int)(len - cut)));
  pt_put_int(L, EVP_EncryptFinal_ex(b, out[1] + len, &outl));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(b, EVP_CTRL_AEAD_GET_TAG, 16, tag[1]));
  pt_put(L, out[0], len), pt_put(L, out[1], len), pt_put(L, tag[0], 16), pt_put(L, tag[1], 16);
  PT_CHECK(memcmp(out[0], out[1], len) == 0 && memcmp(tag[0], tag[1], 16) == 0);
  EVP_CIPHER_CTX_free(b);
  for (size_t taglen = 8; taglen <= 16; taglen += 8) {
    uint8_t pt[2][5000];
    a = EVP_CIPHER_CTX_new(), b = EVP_CIPHER_CTX_new();
    pt_put_int(L, EVP_DecryptInit_ex2(a, c, key, iv, NULL));
    pt_put_int(L, EVP_CIPHER_CTX_ctrl(a, EVP_CTRL_AEAD_SET_TAG, (int)taglen, tag[0]));
    pt_put_int(L, EVP_DecryptUpdate(a, NULL, &outl, aadbuf, 7));
    pt_put_int(L, EVP_DecryptUpdate(a, pt[0], &outl, out[0], (int)cut));
    pt_put_int(L, EVP_CIPHER_CTX_copy(b, a));
    memcpy(pt[1], pt[0], cut);
    pt_put_int(L, EVP_DecryptUpdate(a, pt[0] + cut, &outl, out[0] + cut, (int)(len - cut)));
    pt_put_int(L, EVP_DecryptFinal_ex(a, pt[0] + len, &outl));
    EVP_CIPHER_CTX_free(a);
    pt_put_int(L, EVP_DecryptUpdate(b, pt[1] + cut, &outl, out[0] + cut, (int)(len - cut)));
    pt_put_int(L, EVP_DecryptFinal_ex(b, pt[1] + len, &outl));
    EVP_CIPHER_CTX_free(b);
    pt_put(L, pt[0], len), pt_put(L, pt[1], len);
    PT_CHECK(memcmp(pt[0], msg, len) == 0 && memcmp(pt[1], msg, len) == 0);
  }
}

/* Out-of-order calls, bad lengths and the parameters around them; every
 * result logged for comparison. */
static void sc_errors(pt_log *L, EVP_CIPHER *c, size_t keylen) {
  uint8_t key[32], iv[130], buf[200], t[17];
  int outl;
  size_t sz;
  fill_key(key, keylen, 1);
  fill_key(iv, sizeof iv, 2);
  memset(t, 0x33, sizeof t);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  /* no key: refused */
  pt_put_int(L, EVP_EncryptInit_ex2(x, c, NULL, iv, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 10));
  /* IV before any was given */
  pt_put_int(L, EVP_EncryptInit_ex2(x, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_get_updated_iv(x, buf, 12));
  pt_put_int(L, EVP_CIPHER_CTX_get_original_iv(x, buf, 12));
  /* the tag: not settable when encrypting, not there before final */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, t));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, t));
  /* IV lengths */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 0, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 129, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 128, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_get_iv_length(x));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL));
  pt_put_int(L, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_get_updated_iv(x, buf, 12)), pt_put(L, buf, 12);
  pt_put_int(L, EVP_CIPHER_CTX_get_updated_iv(x, buf, 11));
  /* the IV length changed after the IV: the message cannot go on */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 16, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 10));
  pt_put_int(L, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 10)), pt_put_int(L, outl), pt_put(L, buf, 10);
  /* AAD after data */
  pt_put_int(L, EVP_EncryptUpdate(x, NULL, &outl, aadbuf, 10));
  pt_put_int(L, EVP_EncryptFinal_ex(x, buf, &outl)), pt_put_int(L, outl);
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 17, t));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 0, t));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 5, t)), pt_put(L, t, 5);
  /* after final */
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 10));
  pt_put_int(L, EVP_EncryptFinal_ex(x, buf, &outl));
  /* the key length is fixed */
  pt_put_int(L, EVP_CIPHER_CTX_set_key_length(x, (int)keylen + 8));
  pt_put_int(L, EVP_CIPHER_CTX_get_key_length(x));
  /* EVP_Cipher: AAD, data and final by its arguments */
  pt_put_int(L, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  pt_put_int(L, EVP_Cipher(x, NULL, aadbuf, 17));
  pt_put_int(L, EVP_Cipher(x, buf, msg, 33)), pt_put(L, buf, 33);
  pt_put_int(L, EVP_Cipher(x, NULL, NULL, 0));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, t)), pt_put(L, t, 16);
  /* a tag read again after a re-init: the last one is still there */
  pt_put_int(L, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, t)), pt_put(L, t, 16);
  /* decrypting: no IV, no tag, bad tag lengths, a wrong tag then the right one */
  uint8_t tag[16];
  memcpy(tag, t, 16);
  pt_put_int(L, EVP_DecryptInit_ex2(x, c, key, NULL, NULL));
  pt_put_int(L, EVP_DecryptUpdate(x, buf, &outl, msg, 10));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 17, t));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 0, t));
  pt_put_int(L, EVP_DecryptInit_ex2(x, NULL, NULL, iv, NULL));
  pt_put_int(L, EVP_DecryptUpdate(x, NULL, &outl, aadbuf, 17));
  pt_put_int(L, EVP_DecryptUpdate(x, buf, &outl, buf, 33)), pt_put(L, buf, 33);
  pt_put_int(L, EVP_DecryptFinal_ex(x, buf + 33, &outl)); /* no tag */
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, t));
  tag[0] ^= 1;
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  pt_put_int(L, EVP_DecryptFinal_ex(x, buf + 33, &outl));
  tag[0] ^= 1;
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  pt_put_int(L, EVP_DecryptFinal_ex(x, buf + 33, &outl));
  pt_put_int(L, EVP_DecryptFinal_ex(x, buf + 33, &outl)); /* once more: the IV is spent */
  sz = 0;
  OSSL_PARAM q[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, &sz), OSSL_PARAM_END};
  pt_put_int(L, EVP_CIPHER_CTX_get_params(x, q)), pt_put_int(L, (long)sz);
  EVP_CIPHER_CTX_free(x);
  /* a wrong tag, then the right one, then more data and final again */
  uint8_t ct[50], pt[50];
  x = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, ct, &outl, msg, 50));
  pt_put_int(L, EVP_EncryptFinal_ex(x, ct + 50, &outl));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag));
  pt_put_int(L, EVP_DecryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(L, EVP_DecryptUpdate(x, pt, &outl, ct, 33));
  tag[15] ^= 4;
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  pt_put_int(L, EVP_DecryptFinal_ex(x, pt + 33, &outl));
  tag[15] ^= 4;
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  pt_put_int(L, EVP_DecryptFinal_ex(x, pt + 33, &outl));
  pt_put_int(L, EVP_DecryptUpdate(x, pt + 33, &outl, ct + 33, 17)), pt_put_int(L, outl), pt_put(L, pt, 50);
  pt_put_int(L, EVP_DecryptFinal_ex(x, pt + 50, &outl));
  /* the right tag the first time, after a final refused for want of a tag */
  EVP_CIPHER_CTX_free(x);
  x = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_DecryptInit_ex2(x, c, key, iv, NULL));
  pt_put_int(L, EVP_DecryptUpdate(x, pt, &outl, ct, 50));
  pt_put_int(L, EVP_DecryptFinal_ex(x, pt + 50, &outl));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  int fin = EVP_DecryptFinal_ex(x, pt + 50, &outl);
  pt_put_int(L, fin), pt_put(L, pt, 50);
  PT_CHECK(fin == 1 && memcmp(pt, msg, 50) == 0);
  EVP_CIPHER_CTX_free(x);
  /* the IV an encryption makes when given none: usable to decrypt */
  x = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(x, c, key, NULL, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 40));
  pt_put_int(L, EVP_EncryptFinal_ex(x, buf + 40, &outl));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag));
  uint8_t giv[12];
  pt_put_int(L, EVP_CIPHER_CTX_get_updated_iv(x, giv, 12));
  EVP_CIPHER_CTX_free(x);
  x = EVP_CIPHER_CTX_new();
  PT_CHECK(EVP_DecryptInit_ex2(x, c, key, giv, NULL) && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) &&
           EVP_DecryptUpdate(x, buf, &outl, buf, 40) && EVP_DecryptFinal_ex(x, buf + 40, &outl) &&
           memcmp(buf, msg, 40) == 0);
  EVP_CIPHER_CTX_free(x);
  /* an IV made for a short IV length is refused */
  x = EVP_CIPHER_CTX_new();
  pt_put_int(L, EVP_EncryptInit_ex2(x, c, key, NULL, NULL));
  pt_put_int(L, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 8, NULL));
  pt_put_int(L, EVP_EncryptUpdate(x, buf, &outl, msg, 40));
  EVP_CIPHER_CTX_free(x);
  ERR_clear_error();
}

/* McGrew-Viega GCM test cases 4 and 16 (AES-128 and AES-256). */
static void test_kat(void) {
  static const char *pt = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                          "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
                    *aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2", *iv = "cafebabefacedbaddecaf888";
  static const struct {
    const char *name, *key, *ct, *tag;
  } v[] = {{"AES-128-GCM", "feffe9928665731c6d6a8f9467308308",
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
            "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
            "5bc94fbc3221a5db94fae95ae7121a47"},
           {"AES-256-GCM", "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
            "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
            "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
            "76fc6ece0f4e1768cddf8853bb2d551b"}};
  for (size_t i = 0; i < 2; i++) {
    size_t kl, pl, cl, tl, al, il;
    uint8_t *k = pt_unhex(v[i].key, &kl), *p = pt_unhex(pt, &pl), *ct = pt_unhex(v[i].ct, &cl),
            *tg = pt_unhex(v[i].tag, &tl), *a = pt_unhex(aad, &al), *n = pt_unhex(iv, &il), out[64], t[16];
    EVP_CIPHER *c = EVP_CIPHER_fetch(pt_libctx, v[i].name, "provider=hwcrypto");
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int outl, fl;
    PT_CHECK(c && EVP_EncryptInit_ex2(x, c, k, n, NULL) && EVP_EncryptUpdate(x, NULL, &outl, a, (int)al) &&
             EVP_EncryptUpdate(x, out, &outl, p, (int)pl) && EVP_EncryptFinal_ex(x, out + outl, &fl) &&
             EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, t) && memcmp(out, ct, cl) == 0 &&
             memcmp(t, tg, 16) == 0);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    free(k), free(p), free(ct), free(tg), free(a), free(n);
  }
}

/* The constants and parameter lists, GCM's 12-byte default IV, a stream
 * (block size 1), and the id-aesN-GCM aliases. */
static void test_meta(EVP_CIPHER *ours, EVP_CIPHER *ref) {
  pt_check_cipher_meta(ours, ref);
  PT_CHECK(EVP_CIPHER_get_mode(ours) == EVP_CIPH_GCM_MODE);
  PT_CHECK(EVP_CIPHER_get_iv_length(ours) == 12 && EVP_CIPHER_get_iv_length(ref) == 12);
  PT_CHECK(EVP_CIPHER_get_block_size(ours) == 1 && EVP_CIPHER_get_block_size(ref) == 1);
  static const char *aliases[] = {"id-aes128-GCM", "id-aes192-GCM", "id-aes256-GCM"};
  PT_CHECK(EVP_CIPHER_is_a(ours, aliases[EVP_CIPHER_get_key_length(ours) / 8 - 2]));
}

/* Runs one scenario through both ciphers; the transcripts must match. */
#define SAME(call_ref, call_ours)                              \
  do {                                                         \
    pt_log A = {0}, B = {0};                                   \
    call_ref;                                                  \
    call_ours;                                                 \
    PT_CHECK(pt_log_same(&A, &B, #call_ours));                 \
    pt_log_free(&A), pt_log_free(&B);                          \
  } while (0)

static void test_cipher(EVP_CIPHER *ours, EVP_CIPHER *ref, size_t kl) {
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1024, 4097, 65536 + 5};
  static const size_t ivlens[] = {12, 1, 8, 16, 64, 128};
  static const size_t aadlens[] = {0, 1, 13, 16, 17, 100, 257};
  static const size_t pieces[] = {0, 1, 7, 16, 33, 4096};
  static uint8_t ct[70000];
  uint8_t tag[16];
  test_meta(ours, ref);
  for (size_t v = 0; v < sizeof ivlens / sizeof ivlens[0]; v++)
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
      size_t ivlen = ivlens[v], len = lens[l], aadlen = aadlens[(l + v) % 7];
      for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        size_t piece = pieces[p], apiece = pieces[(p + l) % 6];
        if (len > 5000 && piece && piece < 16) continue;
        int order = (int)((p + l + v) % 3);
        SAME(sc_encrypt(&A, ref, kl, ivlen, aadlen, len, apiece, piece, order, ct, tag),
             sc_encrypt(&B, ours, kl, ivlen, aadlen, len, apiece, piece, order, NULL, NULL));
      }
      /* decryption: tag lengths 4..16 set at three points, some wrong */
      for (size_t taglen = 4; taglen <= 16; taglen++) {
        int when = (int)((taglen + l) % 3), bad = (taglen + l + v) % 4 == 0;
        size_t piece = pieces[(taglen + v) % 6];
        if (len > 5000 && piece && piece < 16) piece = 4096;
        if (bad) tag[taglen - 1] ^= 0x80;
        int started = (when >= 1 && aadlen) || (when == 2 && len); /* by the tag's time */
        if (started && taglen < 12) {
          /* the known difference: a short tag given after the message
           * started (AAD or data) is refused at final */
          pt_log A = {0}, B = {0};
          int r = sc_decrypt(&A, ref, kl, ivlen, aadlen, ct, len, tag, taglen, when, piece, 0);
          PT_CHECK(r == !bad);
          PT_CHECK(sc_decrypt(&B, ours, kl, ivlen, aadlen, ct, len, tag, taglen, when, piece, 0) == 0);
          pt_log_free(&A), pt_log_free(&B);
        } else {
          SAME(sc_decrypt(&A, ref, kl, ivlen, aadlen, ct, len, tag, taglen, when, piece, (int)taglen % 3),
               sc_decrypt(&B, ours, kl, ivlen, aadlen, ct, len, tag, taglen, when, piece, (int)taglen % 3));
        }
        if (bad) tag[taglen - 1] ^= 0x80;
      }
    }
  SAME(sc_records(&A, ref, kl), sc_records(&B, ours, kl));
  SAME(sc_tls(&A, ref, kl), sc_tls(&B, ours, kl));
  SAME(sc_ivgen(&A, ref, kl), sc_ivgen(&B, ours, kl));
  SAME(sc_errors(&A, ref, kl), sc_errors(&B, ours, kl));
  static const size_t cuts[][2] = {{0, 0}, {100, 0}, {100, 37}, {4096, 1}, {4096, 4095}, {333, 333}};
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
    SAME(sc_copy(&A, ref, kl, cuts[i][0], cuts[i][1]), sc_copy(&B, ours, kl, cuts[i][0], cuts[i][1]));
}

/* TLS 1.2 records with a random 4-byte-fixed IV cannot be compared byte
 * for byte: each side's records must decrypt on the other. */
static void test_tls_cross(EVP_CIPHER *ours, EVP_CIPHER *ref, size_t kl) {
  EVP_CIPHER *cs[2] = {ours, ref};
  uint8_t key[32], fixed[4] = {1, 2, 3, 4}, aad[13], rec[8 + 500 + 16];
  fill_key(key, kl, 44);
  for (int w = 0; w < 2; w++) {
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new(), *d = EVP_CIPHER_CTX_new();
    PT_CHECK(EVP_EncryptInit_ex2(e, cs[w], key, NULL, NULL) &&
             EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IV_FIXED, 4, fixed) > 0);
    PT_CHECK(EVP_DecryptInit_ex2(d, cs[!w], key, NULL, NULL) &&
             EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_GCM_SET_IV_FIXED, 4, fixed) > 0);
    for (int r = 0; r < 4; r++) {
      size_t len = 500 - (size_t)r * 99;
      int outl = -1;
      memcpy(rec + 8, msg, len);
      tls_record_aad(aad, (uint64_t)r, 8 + len);
      PT_CHECK(EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16);
      PT_CHECK(EVP_CipherUpdate(e, rec, &outl, rec, (int)(8 + len + 16)) && outl == (int)(8 + len + 16));
      tls_record_aad(aad, (uint64_t)r, 8 + len + 16);
      PT_CHECK(EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16);
      PT_CHECK(EVP_CipherUpdate(d, rec, &outl, rec, (int)(8 + len + 16)) && outl == (int)len &&
               memcmp(rec + 8, msg, len) == 0);
    }
    EVP_CIPHER_CTX_free(e);
    EVP_CIPHER_CTX_free(d);
  }
}

static void body(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 151 + (i >> 8));
  for (size_t i = 0; i < sizeof aadbuf; i++) aadbuf[i] = (uint8_t)(i * 13 + 7);
  test_kat();
  static const char *names[] = {"AES-128-GCM", "AES-192-GCM", "AES-256-GCM"};
  for (size_t n = 0; n < 3; n++) {
    EVP_CIPHER *ours, *ref;
    if (pt_fetch_ciphers(names[n], &ours, &ref)) {
      test_cipher(ours, ref, 16 + 8 * n);
      test_tls_cross(ours, ref, 16 + 8 * n);
    }
    EVP_CIPHER_free(ours);
    EVP_CIPHER_free(ref);
  }
}

/* The runs: each aes-gcm implementation, then under "separate" each aes
 * and each ghash one. */
int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_each(&runs, HWC_PRIM_AES_GCM, NULL);
  pt_runs_each(&runs, HWC_PRIM_AES, "aes-gcm=separate");
  pt_runs_each(&runs, HWC_PRIM_GHASH, "aes-gcm=separate");
  return pt_main(argv, &runs, body);
}
