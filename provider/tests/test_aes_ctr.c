/* SPDX-License-Identifier: ISC */
/*
 * The provider's AES-CTR against the default provider's: the cipher's
 * parameters and parameter lists, the SP 800-38A vectors, every length
 * around the block size fed whole and in pieces of odd sizes from IVs
 * whose counter wraps (ff..ff across all 128 bits, the low 32 and 64
 * bits), the partial-block position (num) and the updated IV after each
 * run, EVP_Cipher, a context copied mid-block, re-init with only a key or
 * only an IV, num set from outside.
 *
 * The program then runs itself once per AES implementation this CPU
 * supports, with HWCRYPTO_IMPL=aes=<name> (pt_main).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ptest.h"

static uint8_t msg[70000], buf_a[70000], buf_b[70000];

/* Ciphers len bytes of msg through a fresh context of cipher c (key,
 * iv), fed in pieces of `piece` bytes (0: one EVP_Cipher call), into out;
 * then *num and upd (the updated IV). 1 on success. */
static int ctr_run(EVP_CIPHER *c, int enc, const uint8_t *key, const uint8_t *iv, size_t len, size_t piece,
                   uint8_t *out, unsigned *num, uint8_t upd[16]) {
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  int ok = x && EVP_CipherInit_ex2(x, c, key, iv, enc, NULL), outl, fl;
  if (ok && !piece) {
    ok = EVP_Cipher(x, out, msg, (unsigned)len) == (int)len;
  } else {
    size_t done = 0;
    for (size_t d = 0; ok && d < len; d += piece) {
      size_t n = len - d < piece ? len - d : piece;
      ok = EVP_CipherUpdate(x, out + done, &outl, msg + d, (int)n) && (size_t)outl == n;
      done += (size_t)outl;
    }
    ok = ok && EVP_CipherFinal_ex(x, out + done, &fl) && fl == 0;
  }
  ok = ok && EVP_CIPHER_CTX_get_updated_iv(x, upd, 16);
  *num = ok ? (unsigned)EVP_CIPHER_CTX_get_num(x) : 99;
  EVP_CIPHER_CTX_free(x);
  return ok;
}

/* The constants and parameter lists, and what CTR fixes: a 16-byte IV,
 * a stream (block size 1). */
static void test_meta(EVP_CIPHER *ours, EVP_CIPHER *ref) {
  pt_check_cipher_meta(ours, ref);
  PT_CHECK(EVP_CIPHER_get_mode(ours) == EVP_CIPH_CTR_MODE);
  PT_CHECK(EVP_CIPHER_get_iv_length(ours) == 16 && EVP_CIPHER_get_iv_length(ref) == 16);
  PT_CHECK(EVP_CIPHER_get_block_size(ours) == 1 && EVP_CIPHER_get_block_size(ref) == 1);
}

/* SP 800-38A F.5.1 / F.5.5: CTR-AES128 and CTR-AES256, four blocks. */
static void test_kat(void) {
  static const char *pt = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                          "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
  static const struct {
    const char *name, *key, *ct;
  } v[] = {{"AES-128-CTR", "2b7e151628aed2a6abf7158809cf4f3c",
            "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
            "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
           {"AES-256-CTR", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
            "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
            "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"}};
  for (size_t i = 0; i < 2; i++) {
    size_t kl, pl, cl, il;
    uint8_t *k = pt_unhex(v[i].key, &kl), *p = pt_unhex(pt, &pl), *ct = pt_unhex(v[i].ct, &cl),
            *iv = pt_unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", &il), out[64];
    EVP_CIPHER *c = EVP_CIPHER_fetch(pt_libctx, v[i].name, "provider=hwcrypto");
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int outl;
    PT_CHECK(c && EVP_EncryptInit_ex2(x, c, k, iv, NULL) && EVP_EncryptUpdate(x, out, &outl, p, 64) &&
             outl == 64 && memcmp(out, ct, 64) == 0);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    free(k), free(p), free(ct), free(iv);
  }
}

/* Every length and cut from every interesting IV, against the default
 * provider, in both directions. */
static void test_lengths(EVP_CIPHER *ours, EVP_CIPHER *ref, size_t keylen) {
  static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024, 4097, 65536 + 7};
  static const size_t pieces[] = {0, 1, 3, 15, 16, 17, 64, 100, 1000, 65536};
  static const char *ivs[] = {"ffffffffffffffffffffffffffffffff", "fffffffffffffffffffffffffffffffd",
                              "0123456789abcdef00000000fffffffe", "01234567fffffffffffffffffffffff0",
                              "000102030405060708090a0b0c0d0e0f"};
  uint8_t key[32];
  for (size_t i = 0; i < keylen; i++) key[i] = (uint8_t)(0x40 + 7 * i);
  for (size_t v = 0; v < sizeof ivs / sizeof ivs[0]; v++) {
    size_t il;
    uint8_t *iv = pt_unhex(ivs[v], &il);
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
      for (int enc = 0; enc < 2; enc++) {
        size_t len = lens[l];
        unsigned wnum, gnum;
        uint8_t wupd[16], gupd[16];
        PT_CHECK(ctr_run(ref, enc, key, iv, len, 65536, buf_a, &wnum, wupd));
        for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
          if (len > 5000 && pieces[p] && pieces[p] < 64) continue;
          memset(buf_b, 0xee, len + 1);
          PT_CHECK(ctr_run(ours, enc, key, iv, len, pieces[p], buf_b, &gnum, gupd) && memcmp(buf_a, buf_b, len) == 0 &&
                   buf_b[len] == 0xee && gnum == wnum && memcmp(gupd, wupd, 16) == 0);
        }
      }
    free(iv);
  }
}

/* A context copied in the middle of a block; both go on as the original
 * would. Re-init with the key alone keeps the counter (num back to 0),
 * with the IV alone restarts it; num set from outside moves within the
 * kept keystream block. All as the default provider does. */
static void test_state(EVP_CIPHER *ours, EVP_CIPHER *ref, size_t keylen) {
  uint8_t key[32], iv[16], key2[32];
  for (size_t i = 0; i < 32; i++) key[i] = (uint8_t)(i * 29 + 1), key2[i] = (uint8_t)(i * 3 + 100);
  memset(iv, 0xff, sizeof iv);
  iv[15] = 0xfe;
  EVP_CIPHER *cs[2] = {ref, ours};
  uint8_t out[2][3][400];
  unsigned num[2][4];
  uint8_t upd[2][16];
  (void)keylen;
  for (int w = 0; w < 2; w++) {
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
    int l1, l2, l3;
    PT_CHECK(EVP_EncryptInit_ex2(a, cs[w], key, iv, NULL) && EVP_EncryptUpdate(a, out[w][0], &l1, msg, 21));
    PT_CHECK(EVP_CIPHER_CTX_copy(b, a));
    PT_CHECK(EVP_EncryptUpdate(a, out[w][0] + 21, &l2, msg + 21, 50) && l2 == 50);
    PT_CHECK(EVP_EncryptUpdate(b, out[w][1], &l3, msg + 21, 50) && l3 == 50);
    num[w][0] = (unsigned)EVP_CIPHER_CTX_get_num(b);
    EVP_CIPHER_CTX_free(b); /* the original goes on alone */
    /* key only: the counter stays, num restarts at 0 */
    PT_CHECK(EVP_EncryptInit_ex2(a, NULL, key2, NULL, NULL) && EVP_EncryptUpdate(a, out[w][2], &l1, msg, 37));
    num[w][1] = (unsigned)EVP_CIPHER_CTX_get_num(a);
    /* num moved back inside the kept keystream block */
    PT_CHECK(EVP_CIPHER_CTX_set_num(a, 2) && EVP_EncryptUpdate(a, out[w][2] + 37, &l1, msg, 40));
    num[w][2] = (unsigned)EVP_CIPHER_CTX_get_num(a);
    /* IV only: the counter restarts under key2 */
    PT_CHECK(EVP_EncryptInit_ex2(a, NULL, NULL, iv, NULL) && EVP_EncryptUpdate(a, out[w][2] + 77, &l1, msg, 300));
    num[w][3] = (unsigned)EVP_CIPHER_CTX_get_num(a);
    PT_CHECK(EVP_CIPHER_CTX_get_updated_iv(a, upd[w], 16));
    uint8_t oiv[16];
    PT_CHECK(EVP_CIPHER_CTX_get_original_iv(a, oiv, 16) && memcmp(oiv, iv, 16) == 0);
    EVP_CIPHER_CTX_free(a);
  }
  PT_CHECK(memcmp(out[0][0], out[1][0], 71) == 0);
  PT_CHECK(memcmp(out[0][0] + 21, out[1][1], 50) == 0 && memcmp(out[1][0] + 21, out[1][1], 50) == 0);
  PT_CHECK(memcmp(out[0][2], out[1][2], 377) == 0);
  PT_CHECK(memcmp(num[0], num[1], sizeof num[0]) == 0);
  PT_CHECK(memcmp(upd[0], upd[1], 16) == 0);
  /* another key length: what the default provider answers */
  int r[2];
  for (int w = 0; w < 2; w++) {
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new();
    PT_CHECK(EVP_EncryptInit_ex2(a, cs[w], NULL, NULL, NULL));
    r[w] = EVP_CIPHER_CTX_set_key_length(a, EVP_CIPHER_get_key_length(cs[w]) + 8);
    EVP_CIPHER_CTX_free(a);
  }
  PT_CHECK(r[0] == r[1]);
  /* num 16 and more: the default provider would read past its keystream
   * block; ours refuses (the documented difference) */
  EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new();
  PT_CHECK(EVP_EncryptInit_ex2(a, ours, key, iv, NULL) && !EVP_CIPHER_CTX_set_num(a, 16));
  EVP_CIPHER_CTX_free(a);
  ERR_clear_error();
}

static void body(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 167 + (i >> 9));
  test_kat();
  static const char *names[] = {"AES-128-CTR", "AES-192-CTR", "AES-256-CTR"};
  for (size_t n = 0; n < 3; n++) {
    EVP_CIPHER *ours, *ref;
    if (pt_fetch_ciphers(names[n], &ours, &ref)) {
      test_meta(ours, ref);
      test_lengths(ours, ref, 16 + 8 * n);
      test_state(ours, ref, 16 + 8 * n);
    }
    EVP_CIPHER_free(ours);
    EVP_CIPHER_free(ref);
  }
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_each(&runs, HWC_PRIM_AES, NULL);
  return pt_main(argv, &runs, body);
}
