/* SPDX-License-Identifier: ISC */
/*
 * The provider's ChaCha20-Poly1305 against the default provider's: each
 * call sequence runs on a context of both and what the calls return and
 * write is compared as a transcript. Messages of lengths around the
 * block with AAD and data in odd pieces, sealed (the tag read whole and
 * short) and opened eight ways (tag set before the data or after it,
 * right, wrong, 8-byte prefixes, none); TLS 1.3-style records (new IV, no
 * key); a context copied mid-message; TLS 1.2 records (tlsivfixed,
 * tlsaad, one call on payload || tag, both directions, corrupted, wrong
 * length, AAD after the header, a message after a record); sequences off
 * the usual path (update after final, final twice, AAD after data on the
 * own engine, reinit with nothing or a key only, no key, EVP_Cipher, the
 * parameters); RFC 8439 2.8.2; and the two sequences the hwc engine
 * refuses (AAD after data, a tag shortened mid-message) checked to fail.
 *
 * The program then runs itself once per supported implementation of
 * chacha20-poly1305, chacha20 and poly1305 (pt_main).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "ptest.h"

static EVP_CIPHER *ours, *ref;
static uint8_t msg[20000], key[32];

static const uint8_t iv12[12] = {7, 0, 0, 0, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47};

/* Feeds AAD msg[4096..4096+aad) then data msg[0..len) in pieces (0:
 * whole), logging each return value and length; the output goes to out. */
static void feed(EVP_CIPHER_CTX *x, size_t aad, size_t len, size_t piece, uint8_t *out, pt_log *t) {
  int l;
  for (size_t d = 0; d < aad;) {
    size_t n = piece && aad - d > piece ? piece : aad - d;
    l = -1;
    pt_put_int(t, EVP_CipherUpdate(x, NULL, &l, msg + 4096 + d, (int)n));
    pt_put_int(t, l);
    d += n;
  }
  for (size_t d = 0; d < len;) {
    size_t n = piece && len - d > piece ? piece : len - d;
    l = -1;
    pt_put_int(t, EVP_CipherUpdate(x, out + d, &l, msg + d, (int)n));
    pt_put_int(t, l);
    d += n;
  }
}

static void final_and_tag(EVP_CIPHER_CTX *x, uint8_t *out, size_t len, pt_log *t) {
  int l = -1;
  uint8_t tag[16] = {0};
  pt_put_int(t, EVP_CipherFinal_ex(x, out + len, &l));
  pt_put_int(t, l);
  pt_put(t, out, len);
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag));
  pt_put(t, tag, 16);
  ERR_clear_error();
}

/* The reference's ciphertext and tag of msg[0..len) with aad bytes of AAD. */
static void ref_seal(const uint8_t *iv, size_t aad, size_t len, uint8_t *ct, uint8_t tag[16]) {
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  int l;
  EVP_EncryptInit_ex2(x, ref, key, iv, NULL);
  if (aad) EVP_EncryptUpdate(x, NULL, &l, msg + 4096, (int)aad);
  EVP_EncryptUpdate(x, ct, &l, msg, (int)len);
  EVP_EncryptFinal_ex(x, ct + len, &l);
  EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag);
  EVP_CIPHER_CTX_free(x);
}

/* a: AAD length, b: data length, d: piece size. Sealing (tag then read in
 * 1, 8, 15, 16 bytes), then opening the reference's ciphertext eight
 * ways: the tag set before the data (16: the hwc engine) or after it (the
 * own engine), right or wrong, 8-byte prefixes right and wrong, no tag. */
static void sc_msg(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t *out = calloc(1, b + 16), *ct = calloc(1, b + 16), tag[16], bad[16];
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  pt_put_int(t, EVP_EncryptInit_ex2(x, c, key, iv12, NULL));
  feed(x, a, b, d, out, t);
  final_and_tag(x, out, b, t);
  for (int n = 1; n < 16; n += 7) {
    memset(tag, 0, 16);
    pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, n, tag));
    pt_put(t, tag, 16);
  }
  EVP_CIPHER_CTX_free(x);
  ref_seal(iv12, a, b, ct, tag);
  memcpy(bad, tag, 16);
  bad[15] ^= 0x80;
  for (int v = 0; v < 8; v++) {
    const uint8_t *set = v == 2 || v == 3 || v == 6 ? bad : tag;
    size_t setlen = v < 4 ? 16 : 8;
    int after = v & 1;
    x = EVP_CIPHER_CTX_new();
    pt_put_int(t, EVP_DecryptInit_ex2(x, c, key, iv12, NULL));
    if (v < 7 && !after) pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)setlen, (void *)set));
    int l;
    for (size_t o = 0; o < a;) {
      size_t n = d && a - o > d ? d : a - o;
      pt_put_int(t, EVP_DecryptUpdate(x, NULL, &l, msg + 4096 + o, (int)n));
      o += n;
    }
    for (size_t o = 0; o < b;) {
      size_t n = d && b - o > d ? d : b - o;
      pt_put_int(t, EVP_DecryptUpdate(x, out + o, &l, ct + o, (int)n));
      pt_put_int(t, l);
      o += n;
    }
    if (v < 7 && after) pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)setlen, (void *)set));
    pt_put_int(t, EVP_DecryptFinal_ex(x, out + b, &l));
    pt_put(t, out, b);
    EVP_CIPHER_CTX_free(x);
    ERR_clear_error();
  }
  free(out);
  free(ct);
}

/* TLS 1.3 style: one context, a records with a new IV and no key each;
 * b: record length; d: 1 to open the reference's records (tag set first). */
static void sc_records(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t iv[12], out[1100] = {0}, ct[1100] = {0}, tag[16] = {0};
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  pt_put_int(t, EVP_CipherInit_ex2(x, c, key, NULL, d ? 0 : 1, NULL));
  for (size_t r = 0; r < a; r++) {
    memcpy(iv, iv12, 12);
    iv[11] ^= (uint8_t)r;
    pt_put_int(t, EVP_CipherInit_ex2(x, NULL, NULL, iv, d ? 0 : 1, NULL));
    if (d) {
      ref_seal(iv, 5, b + r, ct, tag);
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
      int l;
      pt_put_int(t, EVP_DecryptUpdate(x, NULL, &l, msg + 4096, 5));
      pt_put_int(t, EVP_DecryptUpdate(x, out, &l, ct, (int)(b + r)));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out + b + r, &l));
      pt_put(t, out, b + r);
    } else {
      feed(x, 5, b + r, 0, out, t);
      final_and_tag(x, out, b + r, t);
    }
  }
  EVP_CIPHER_CTX_free(x);
}

/* Sequences off the usual path (a: which), all as OpenSSL answers them. */
static void sc_odd(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  (void)d;
  uint8_t out[600] = {0}, ct[600] = {0}, tag[16] = {0};
  int l = -1;
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  int enc = a != 1 && a != 2 && a != 9;
  pt_put_int(t, EVP_CipherInit_ex2(x, c, key, iv12, enc, NULL));
  switch (a) {
    case 0: /* update after final: a new message, same nonce; final twice */
      feed(x, 5, b, 0, out, t);
      final_and_tag(x, out, b, t);
      feed(x, 0, b, 0, out, t);
      final_and_tag(x, out, b, t);
      final_and_tag(x, out, 0, t);
      break;
    case 1: /* opening, final twice: the second compares the empty message's tag */
      ref_seal(iv12, 0, b, ct, tag);
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
      pt_put_int(t, EVP_DecryptUpdate(x, out, &l, ct, (int)b));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out, &l));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out, &l));
      pt_put(t, out, b);
      break;
    case 2: { /* AAD after data, opening with the tag set at the end (the
                 own engine): the reference's tag of the same sequence */
      EVP_CIPHER_CTX *y = EVP_CIPHER_CTX_new();
      EVP_EncryptInit_ex2(y, ref, key, iv12, NULL);
      EVP_EncryptUpdate(y, NULL, &l, msg + 4096, 5);
      EVP_EncryptUpdate(y, ct, &l, msg, (int)b);
      EVP_EncryptUpdate(y, NULL, &l, msg + 4200, 7);
      EVP_EncryptUpdate(y, ct + b, &l, msg + b, 33);
      EVP_EncryptFinal_ex(y, ct, &l);
      EVP_CIPHER_CTX_ctrl(y, EVP_CTRL_AEAD_GET_TAG, 16, tag);
      EVP_CIPHER_CTX_free(y);
      pt_put_int(t, EVP_DecryptUpdate(x, NULL, &l, msg + 4096, 5));
      pt_put_int(t, EVP_DecryptUpdate(x, out, &l, ct, (int)b));
      pt_put_int(t, EVP_DecryptUpdate(x, NULL, &l, msg + 4200, 7));
      pt_put_int(t, EVP_DecryptUpdate(x, out + b, &l, ct + b, 33));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out, &l));
      pt_put(t, out, b + 33);
      break;
    }
    case 3: /* init with nothing mid-message: the message goes on */
      feed(x, 5, b, 0, out, t);
      pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, NULL, NULL, NULL));
      pt_put_int(t, EVP_EncryptUpdate(x, out + b, &l, msg + b, 40));
      final_and_tag(x, out, b + 40, t);
      break;
    case 4: /* a key and no IV: the nonce stays, the message restarts */
      feed(x, 5, b, 0, out, t);
      pt_put_int(t, EVP_EncryptInit_ex2(x, NULL, msg + 300, NULL, NULL));
      feed(x, 3, b, 0, out, t);
      final_and_tag(x, out, b, t);
      break;
    case 5: { /* no key ever: the zero key */
      EVP_CIPHER_CTX *y = EVP_CIPHER_CTX_new();
      pt_put_int(t, EVP_EncryptInit_ex2(y, c, NULL, iv12, NULL));
      feed(y, 5, b, 0, out, t);
      final_and_tag(y, out, b, t);
      EVP_CIPHER_CTX_free(y);
      break;
    }
    case 6: /* EVP_Cipher: NULL out is AAD, no input is nothing */
      pt_put_int(t, EVP_Cipher(x, NULL, msg + 4096, 9));
      pt_put_int(t, EVP_Cipher(x, out, msg, (unsigned)b));
      pt_put_int(t, EVP_Cipher(x, NULL, NULL, 0));
      final_and_tag(x, out, b, t);
      break;
    case 7: { /* parameters */
      size_t v[4] = {0};
      OSSL_PARAM q[] = {OSSL_PARAM_size_t("keylen", &v[0]), OSSL_PARAM_size_t("ivlen", &v[1]),
                        OSSL_PARAM_size_t("taglen", &v[2]), OSSL_PARAM_size_t("tlsaadpad", &v[3]), OSSL_PARAM_END};
      pt_put_int(t, EVP_CIPHER_CTX_get_params(x, q));
      pt_put(t, v, sizeof v);
      for (int n = 0; n <= 17; n++) pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, n, NULL));
      pt_put_int(t, EVP_CIPHER_CTX_set_key_length(x, 16));
      pt_put_int(t, EVP_CIPHER_CTX_set_key_length(x, 32));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag)); /* encrypting: refused */
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 8, NULL)); /* the length alone */
      pt_put_int(t, EVP_CIPHER_CTX_get_tag_length(x));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 0, tag));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 17, tag));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag)); /* before any final: zeros */
      pt_put(t, tag, 16);
      pt_put_int(t, EVP_CIPHER_CTX_get_iv_length(x));
      pt_put_int(t, EVP_CIPHER_CTX_get_key_length(x));
      pt_put_int(t, EVP_DecryptInit_ex2(x, NULL, NULL, NULL, NULL));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag)); /* decrypting: refused */
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 0, tag));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 17, tag));
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 5, tag));
      pt_put_int(t, EVP_CIPHER_CTX_get_tag_length(x));
      break;
    }
    case 8: /* a data call with no input is a final */
      feed(x, 5, b, 0, out, t);
      pt_put_int(t, EVP_EncryptUpdate(x, out, &l, NULL, 5));
      pt_put_int(t, l);
      final_and_tag(x, out, b, t);
      break;
    case 9: /* opening with a tag set, then a later message with no new tag: the old one */
      ref_seal(iv12, 0, b, ct, tag);
      pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 12, tag));
      pt_put_int(t, EVP_DecryptUpdate(x, out, &l, ct, (int)b));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out, &l));
      pt_put_int(t, EVP_DecryptInit_ex2(x, NULL, NULL, iv12, NULL));
      pt_put_int(t, EVP_DecryptUpdate(x, out, &l, ct, (int)b));
      pt_put_int(t, EVP_DecryptFinal_ex(x, out, &l));
      pt_put(t, out, b);
      break;
  }
  EVP_CIPHER_CTX_free(x);
  ERR_clear_error();
}

/* A copy after the AAD and b bytes, both finished with the rest (1000 in
 * all); d: 0 sealing, 1 opening with the tag set first, 2 set at the end. */
static void sc_copy(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t out[2][1016] = {{0}}, ct[1016] = {0}, tag[16] = {0};
  int l;
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = EVP_CIPHER_CTX_new();
  ref_seal(iv12, a, 1000, ct, tag);
  const uint8_t *in = d ? ct : msg;
  pt_put_int(t, EVP_CipherInit_ex2(x, c, key, iv12, d ? 0 : 1, NULL));
  if (d == 1) pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag));
  if (a) pt_put_int(t, EVP_CipherUpdate(x, NULL, &l, msg + 4096, (int)a));
  pt_put_int(t, EVP_CipherUpdate(x, out[0], &l, in, (int)b));
  memcpy(out[1], out[0], b);
  pt_put_int(t, EVP_CIPHER_CTX_copy(y, x));
  EVP_CIPHER_CTX *z[2] = {x, y};
  for (int k = 0; k < 2; k++) {
    pt_put_int(t, EVP_CipherUpdate(z[k], out[k] + b, &l, in + b, (int)(1000 - b)));
    if (d == 2) pt_put_int(t, EVP_CIPHER_CTX_ctrl(z[k], EVP_CTRL_AEAD_SET_TAG, 16, tag));
    final_and_tag(z[k], out[k], 1000, t);
    EVP_CIPHER_CTX_free(z[k]);
  }
}

/* TLS 1.2 records: a payload length, b the sequence-number variant, d:
 * 0 seal in place with EVP_Cipher, 1 seal with EVP_CipherUpdate, 2 open,
 * 3 open a record with a payload byte flipped, 4 with a tag byte flipped,
 * 5 AAD after the header then the record, 6 a plain message after a record. */
static void sc_tls(EVP_CIPHER *c, pt_log *t, size_t a, size_t b, size_t d) {
  uint8_t fixed[12], hdr[13], rec[17000] = {0}, tag[16] = {0};
  for (int i = 0; i < 12; i++) fixed[i] = (uint8_t)(0x30 + i * 7);
  for (int i = 0; i < 8; i++) hdr[i] = (uint8_t)(b == 0 ? 0 : b == 1 ? (i == 7) : 0xf1 * (i + 1));
  hdr[8] = 23, hdr[9] = 3, hdr[10] = 3;
  int open = d >= 2 && d <= 4;
  size_t field = open ? a + 16 : a;
  hdr[11] = (uint8_t)(field >> 8), hdr[12] = (uint8_t)field;
  uint8_t nonce[12];
  memcpy(nonce, fixed, 12);
  for (int i = 0; i < 8; i++) nonce[4 + i] ^= hdr[i];
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  pt_put_int(t, EVP_CipherInit_ex2(x, c, key, NULL, open ? 0 : 1, NULL));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IV_FIXED, 11, fixed));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IV_FIXED, 12, fixed));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_TLS1_AAD, 12, hdr));
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_TLS1_AAD, 13, hdr));
  if (open) {
    uint8_t h[13];
    memcpy(h, hdr, 13);
    h[11] = (uint8_t)(a >> 8), h[12] = (uint8_t)a;
    EVP_CIPHER_CTX *y = EVP_CIPHER_CTX_new();
    int l;
    EVP_EncryptInit_ex2(y, ref, key, nonce, NULL);
    EVP_EncryptUpdate(y, NULL, &l, h, 13);
    EVP_EncryptUpdate(y, rec, &l, msg, (int)a);
    EVP_EncryptFinal_ex(y, rec + a, &l);
    EVP_CIPHER_CTX_ctrl(y, EVP_CTRL_AEAD_GET_TAG, 16, rec + a);
    EVP_CIPHER_CTX_free(y);
    if (d == 3 && a) rec[a / 2] ^= 1;
    if (d == 4) rec[a + 3] ^= 0x10;
  } else {
    memcpy(rec, msg, a);
  }
  int l = -1;
  pt_put_int(t, EVP_Cipher(x, rec, rec, (unsigned)(a + 15))); /* wrong length: refused, header kept */
  if (d == 1) {
    pt_put_int(t, EVP_CipherUpdate(x, rec, &l, rec, (int)(a + 16)));
    pt_put_int(t, l);
  } else if (d == 5) {
    pt_put_int(t, EVP_CipherUpdate(x, NULL, &l, msg + 4096, 3));
    pt_put_int(t, EVP_CipherUpdate(x, rec, &l, rec, (int)(a + 16)));
    pt_put_int(t, l);
  } else {
    pt_put_int(t, EVP_Cipher(x, rec, rec, (unsigned)(a + 16)));
  }
  pt_put(t, rec, a + 16);
  size_t pad = 0;
  OSSL_PARAM q[] = {OSSL_PARAM_size_t("tlsaadpad", &pad), OSSL_PARAM_END};
  pt_put_int(t, EVP_CIPHER_CTX_get_params(x, q));
  pt_put_int(t, (long)pad);
  pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag));
  pt_put(t, tag, 16);
  if (d == 6) { /* the nonce stays IV ^ sequence number */
    feed(x, 2, 50, 0, rec, t);
    final_and_tag(x, rec, 50, t);
  }
  if (open) { /* a header whose length cannot hold the tag */
    hdr[11] = 0, hdr[12] = 15;
    pt_put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_TLS1_AAD, 13, hdr));
  }
  EVP_CIPHER_CTX_free(x);
  ERR_clear_error();
}
/* RFC 8439 2.8.2, sealed and opened by the provider. */
static void kat(void) {
  size_t n, pl, al, cl;
  uint8_t *k = pt_unhex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", &n);
  uint8_t *iv = pt_unhex("070000004041424344454647", &n);
  uint8_t *aad = pt_unhex("50515253c0c1c2c3c4c5c6c7", &al);
  uint8_t *p = pt_unhex("4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a2049"
                        "6620492063"
                        "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c"
                        "2073756e73637265656e20776f756c642062652069742e",
                        &pl);
  uint8_t *want = pt_unhex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fa"
                           "fb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4"
                           "fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b61161ae10b594f09e26a7e902ecbd0600691",
                           &cl);
  uint8_t out[200];
  int l1 = 0, l2 = 0, l3 = 0;
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  PT_CHECK(EVP_EncryptInit_ex2(x, ours, k, iv, NULL) && EVP_EncryptUpdate(x, NULL, &l1, aad, (int)al) &&
           EVP_EncryptUpdate(x, out, &l2, p, (int)pl) && EVP_EncryptFinal_ex(x, out + l2, &l3) &&
           EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, out + pl) && l2 == (int)pl && l3 == 0 &&
           cl == pl + 16 && memcmp(out, want, cl) == 0);
  PT_CHECK(EVP_DecryptInit_ex2(x, ours, k, iv, NULL) && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, want + pl) &&
           EVP_DecryptUpdate(x, NULL, &l1, aad, (int)al) && EVP_DecryptUpdate(x, out, &l2, want, (int)pl) &&
           EVP_DecryptFinal_ex(x, out + l2, &l3) && memcmp(out, p, pl) == 0);
  EVP_CIPHER_CTX_free(x);
  free(k), free(iv), free(aad), free(p), free(want);
}

/* What the hwc engine refuses (module comment): checked to fail cleanly
 * where the default provider goes on. */
static void refused(void) {
  uint8_t out[64], tag[16] = {0};
  int l;
  for (int k = 0; k < 2; k++) {
    EVP_CIPHER *c = k ? ref : ours;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok = EVP_EncryptInit_ex2(x, c, key, iv12, NULL) && EVP_EncryptUpdate(x, out, &l, msg, 20) &&
             EVP_EncryptUpdate(x, NULL, &l, msg + 4096, 3);
    PT_CHECK(ok == k);
    ok = EVP_DecryptInit_ex2(x, c, key, iv12, NULL) && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) &&
         EVP_DecryptUpdate(x, out, &l, msg, 20) && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 8, tag);
    PT_CHECK(ok);
    PT_CHECK(EVP_DecryptFinal_ex(x, out, &l) == 0); /* a wrong tag for the default, refused by ours */
    EVP_CIPHER_CTX_free(x);
    ERR_clear_error();
  }
}

static void body(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + (i >> 8));
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i);
  if (!pt_fetch_ciphers("ChaCha20-Poly1305", &ours, &ref)) return;
  pt_check_cipher_meta(ours, ref);
  PT_CHECK(EVP_CIPHER_get_key_length(ours) == 32 && EVP_CIPHER_get_iv_length(ours) == 12);
  kat();
  refused();
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1024, 4097};
  static const size_t aads[] = {0, 1, 13, 16, 17, 100};
  static const size_t pieces[] = {0, 1, 7, 13, 64, 100, 1000};
  for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
    for (size_t a = 0; a < sizeof aads / sizeof aads[0]; a++)
      for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        if (lens[l] > 1100 && pieces[p] && pieces[p] < 13) continue;
        PT_CHECK(pt_cipher_same(sc_msg, ours, ref, aads[a], lens[l], pieces[p]));
      }
  for (size_t b = 0; b < 300; b += 37)
    for (size_t d = 0; d < 2; d++) PT_CHECK(pt_cipher_same(sc_records, ours, ref, 4, b, d));
  for (size_t a = 0; a < 10; a++)
    for (size_t b = 0; b < sizeof lens / sizeof lens[0] && lens[b] <= 257; b++)
      PT_CHECK(pt_cipher_same(sc_odd, ours, ref, a, lens[b], 0));
  static const size_t cuts[] = {0, 1, 63, 64, 65, 500, 999, 1000};
  for (size_t a = 0; a < 20; a += 7)
    for (size_t b = 0; b < sizeof cuts / sizeof cuts[0]; b++)
      for (size_t d = 0; d < 3; d++) PT_CHECK(pt_cipher_same(sc_copy, ours, ref, a, cuts[b], d));
  static const size_t tls_lens[] = {0, 1, 16, 63, 64, 65, 100, 192, 193, 1000, 16384};
  for (size_t a = 0; a < sizeof tls_lens / sizeof tls_lens[0]; a++)
    for (size_t b = 0; b < 3; b++)
      for (size_t d = 0; d < 7; d++) PT_CHECK(pt_cipher_same(sc_tls, ours, ref, tls_lens[a], b, d));
  EVP_CIPHER_free(ours);
  EVP_CIPHER_free(ref);
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_each(&runs, HWC_PRIM_CHACHA20_POLY1305, NULL);
  pt_runs_each(&runs, HWC_PRIM_CHACHA20, NULL);
  pt_runs_each(&runs, HWC_PRIM_POLY1305, NULL);
  return pt_main(argv, &runs, body);
}
