/* SPDX-License-Identifier: ISC */
/*
 * The provider under 16 threads: objects shared the way a server shares
 * them, every result checked.
 *
 * Phase 1: 16 threads share ONE RSA-2048 EVP_PKEY decoded from PEM by the
 * default decoder (so its first use through "provider=hwcrypto" exports it
 * into the provider, from whichever threads get there first) and one
 * imported into the provider, one Ed25519 and one X25519 key, one fetched
 * AES-128-GCM and ChaCha20-Poly1305 (each thread keys its own contexts
 * from the same key, and also copies one shared keyed template context:
 * the GCM copies share the provider's reference-counted key object), one
 * SHA2-256 and one HMAC (a context of its own, or a copy of a shared
 * keyed one). Every output is compared with one the default provider made
 * before the threads started (PKCS#1 v1.5, Ed25519 and AEAD outputs are
 * deterministic), PSS signatures are verified by the default provider,
 * every sealed message is opened again and a corrupted tag refused.
 * Beside them 4 threads make and drop keys while the shared ones are in
 * use: Ed25519/X25519 generation, RSA generation, export and re-import,
 * EVP_PKEY_dup of the shared keys.
 *
 * Phase 2: keys hwcrypto refuses (three primes; n, e and d without the
 * factors), whose default-provider copy (hwcp_rsa_default, made on first
 * need under the key's mutex) is wanted by 16 threads released together
 * by a barrier; a fresh key each round, either imported into the provider
 * or a default-provider key the threads' contexts export into it.
 *
 * Checks are counted per thread (PT_CHECK's counters are not shared-safe)
 * and added up after the joins. HWCP_THREADS_ROUNDS sets phase 1's rounds
 * per thread (200; fewer under ThreadSanitizer).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include "ptest.h"

#define HW "provider=hwcrypto"
#define DF "provider=default"
#define USERS 16  /* threads on the shared objects */
#define CHURN 4   /* threads making and dropping keys beside them */
#define LAZY 16   /* phase 2: fresh refused keys, each hit by USERS threads */
#define NLEN 13

static const size_t lens[NLEN] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1024, 4097};
static const uint8_t key16[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const uint8_t key32[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t peer32[32] = {0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1,
                                   0x72, 0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0,
                                   0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static const uint8_t aad[13] = {0x17, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
static uint8_t msg[4097];
static int rounds = 200;

/* ---- what every thread reads, made before the threads start */

static EVP_PKEY *rsa_pem, *rsa_hw;          /* the same RSA-2048 numbers: default-decoded, provider-imported */
static EVP_PKEY *ed_key, *x_key, *x_peer;   /* hwcrypto keys: Ed25519, X25519 and the X25519 peer's public key */
static EVP_PKEY *ed_pub_df, *x_peer_df;     /* the default provider's: Ed25519 public, X25519 peer private */
static EVP_CIPHER *gcm, *chacha;            /* hwcrypto's */
static EVP_CIPHER_CTX *gcm_tmpl, *chacha_tmpl; /* keyed, no IV: copied by the threads */
static EVP_MD *sha256;
static EVP_MAC *hmac;
static EVP_MAC_CTX *hmac_tmpl;
static uint8_t dg[32], sig_pkcs1[256], ed_sig[64], x_shared[32];
static uint8_t want_gcm[NLEN][4097 + 16], want_chacha[NLEN][4097 + 16], want_md[NLEN][32], want_mac[NLEN][32];
static uint8_t ivs[NLEN][12];

/* phase 2 */
static pthread_barrier_t lazy_start, lazy_end;
static EVP_PKEY *lazy_key;         /* the round's key, set by the main thread between the barriers */
static uint8_t sig_lazy[2][256];   /* PKCS#1 over dg: three primes, n-e-d only */
static int lazy_kind;

/* ---- per-thread checks */

typedef struct {
  int id;
  unsigned long checks, fails;
} tstate;

/* Counts and reports a failed check with the thread's OpenSSL errors. */
static void tfail(tstate *t, int line, const char *what) {
  t->fails++;
  fprintf(stderr, "thread %d: %s:%d: check failed: %s\n", t->id, __FILE__, line, what);
  ERR_print_errors_fp(stderr); /* this thread's error queue */
}
#define TCHECK(t, cond)                         \
  do {                                          \
    (t)->checks++;                              \
    if (!(cond)) tfail((t), __LINE__, #cond);   \
  } while (0)

/* ---- the operations, each returning 1 on success */

/* Seals msg[0..len) with the AAD under iv on c (keyed): ct || tag in out. */
static int seal(EVP_CIPHER_CTX *c, const uint8_t *iv, size_t len, uint8_t *out) {
  int n = 0, f = 0;
  int ok = EVP_EncryptInit_ex2(c, NULL, NULL, iv, NULL) && EVP_EncryptUpdate(c, NULL, &n, aad, sizeof aad) &&
           EVP_EncryptUpdate(c, out, &n, msg, (int)len) && EVP_EncryptFinal_ex(c, out + n, &f) &&
           EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out + len) > 0;
  return ok && (size_t)n + (size_t)f == len;
}

/* Opens ct || tag of len bytes on c (keyed for decryption) into out. */
static int open_(EVP_CIPHER_CTX *c, const uint8_t *iv, const uint8_t *ct, size_t len, uint8_t *out) {
  int n = 0, f = 0;
  int ok = EVP_DecryptInit_ex2(c, NULL, NULL, iv, NULL) &&
           EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, 16, (void *)(ct + len)) > 0 &&
           EVP_DecryptUpdate(c, NULL, &n, aad, sizeof aad) && EVP_DecryptUpdate(c, out, &n, ct, (int)len) &&
           EVP_DecryptFinal_ex(c, out + n, &f) > 0;
  return ok && (size_t)n + (size_t)f == len;
}

/* HMAC-SHA256 of msg[0..len) on c: keyed with key, or re-started with the
 * key it has when key is NULL. */
static int mac(EVP_MAC_CTX *c, const uint8_t *key, size_t len, uint8_t out[32]) {
  size_t n = 0;
  char md[] = "SHA2-256";
  OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, md, 0), OSSL_PARAM_END};
  return EVP_MAC_init(c, key, key ? 32 : 0, key ? p : NULL) && EVP_MAC_update(c, msg, len) &&
         EVP_MAC_final(c, out, &n, 32) && n == 32;
}

/* EVP_PKEY_sign of dg (SHA-256) with padding pad through props; *hw set
 * to whether the provider that served the operation is hwcrypto. */
static size_t rsa_sign(EVP_PKEY *k, const char *props, int pad, uint8_t sig[256], int *hw) {
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(pt_libctx, k, props);
  size_t sl = 256;
  int ok = c && EVP_PKEY_sign_init(c) > 0 && EVP_PKEY_CTX_set_rsa_padding(c, pad) > 0 &&
           EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) > 0 && EVP_PKEY_sign(c, sig, &sl, dg, sizeof dg) > 0;
  if (hw) *hw = c && pt_is_hwcrypto(EVP_PKEY_CTX_get0_provider(c));
  EVP_PKEY_CTX_free(c);
  return ok ? sl : 0;
}

/* The default provider's verdict on a signature over dg. */
static int rsa_verify_df(EVP_PKEY *k, int pad, const uint8_t *sig, size_t sl) {
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(pt_libctx, k, DF);
  int ok = c && EVP_PKEY_verify_init(c) > 0 && EVP_PKEY_CTX_set_rsa_padding(c, pad) > 0 &&
           EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) > 0 && EVP_PKEY_verify(c, sig, sl, dg, sizeof dg) > 0;
  EVP_PKEY_CTX_free(c);
  return ok;
}

/* Ed25519 over msg[0..100) through props; *hw as rsa_sign's. */
static int ed_sign(EVP_PKEY *k, const char *props, uint8_t sig[64], int *hw) {
  EVP_MD_CTX *m = EVP_MD_CTX_new();
  size_t sl = 64;
  int ok = m && EVP_DigestSignInit_ex(m, NULL, NULL, pt_libctx, props, k, NULL) > 0 &&
           EVP_DigestSign(m, sig, &sl, msg, 100) > 0 && sl == 64;
  if (hw) *hw = ok && pt_is_hwcrypto(EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(m)));
  EVP_MD_CTX_free(m);
  return ok;
}

/* The default provider's verdict on an Ed25519 signature of msg[0..100). */
static int ed_verify_df(EVP_PKEY *pub, const uint8_t sig[64]) {
  EVP_MD_CTX *m = EVP_MD_CTX_new();
  int ok = m && EVP_DigestVerifyInit_ex(m, NULL, NULL, pt_libctx, DF, pub, NULL) > 0 &&
           EVP_DigestVerify(m, sig, 64, msg, 100) > 0;
  EVP_MD_CTX_free(m);
  return ok;
}

/* X25519 of k with peer through props; *hw as rsa_sign's. */
static int derive(EVP_PKEY *k, EVP_PKEY *peer, const char *props, uint8_t out[32], int *hw) {
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(pt_libctx, k, props);
  size_t n = 32;
  int ok = c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, peer) > 0 &&
           EVP_PKEY_derive(c, out, &n) > 0 && n == 32;
  if (hw) *hw = ok && pt_is_hwcrypto(EVP_PKEY_CTX_get0_provider(c));
  EVP_PKEY_CTX_free(c);
  return ok;
}

/* The numbers of k re-imported through props (only n, e, d when ned). */
static EVP_PKEY *reimport(EVP_PKEY *k, const char *props, int ned) {
  OSSL_PARAM *p = NULL;
  EVP_PKEY *r = NULL;
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(pt_libctx, "RSA", props);
  if (c && EVP_PKEY_todata(k, EVP_PKEY_KEYPAIR, &p) > 0) {
    if (ned) { /* keep n, e, d: drop the factors, exponents, coefficients */
      OSSL_PARAM *w = p;
      for (OSSL_PARAM *q = p; q->key; q++)
        if (!strcmp(q->key, OSSL_PKEY_PARAM_RSA_N) || !strcmp(q->key, OSSL_PKEY_PARAM_RSA_E) ||
            !strcmp(q->key, OSSL_PKEY_PARAM_RSA_D))
          *w++ = *q;
      *w = OSSL_PARAM_construct_end();
    }
    if (EVP_PKEY_fromdata_init(c) <= 0 || EVP_PKEY_fromdata(c, &r, EVP_PKEY_KEYPAIR, p) <= 0) r = NULL;
  }
  OSSL_PARAM_free(p);
  EVP_PKEY_CTX_free(c);
  return r;
}

/* ---- phase 1: the users */

/* One AEAD round on a shared cipher: seal on the thread's own context (or
 * a copy of the shared template), compare, open, and every 8th round a
 * corrupted tag refused. */
static void aead_round(tstate *t, EVP_CIPHER_CTX *own, EVP_CIPHER_CTX *dec, EVP_CIPHER_CTX *tmpl,
                       const uint8_t want[NLEN][4097 + 16], int r, size_t i, uint8_t *out, uint8_t *back) {
  size_t len = lens[i];
  EVP_CIPHER_CTX *copy = NULL;
  if (r & 1) TCHECK(t, (copy = EVP_CIPHER_CTX_new()) && EVP_CIPHER_CTX_copy(copy, tmpl));
  memset(out, 0, len + 16);
  TCHECK(t, seal(copy ? copy : own, ivs[i], len, out) && memcmp(out, want[i], len + 16) == 0);
  EVP_CIPHER_CTX_free(copy);
  memset(back, 0xee, len + 1);
  TCHECK(t, open_(dec, ivs[i], out, len, back) && memcmp(back, msg, len) == 0);
  if (r % 8 == 0) {
    out[len] ^= 0x80;
    TCHECK(t, !open_(dec, ivs[i], out, len, back));
    ERR_clear_error();
  }
}

/* A user thread: `rounds` rounds over the shared objects, its own contexts. */
static void *user(void *arg) {
  tstate *t = arg;
  uint8_t *out = malloc(4097 + 16), *back = malloc(4097 + 1), md[32], sig[256];
  EVP_CIPHER_CTX *ge = EVP_CIPHER_CTX_new(), *gd = EVP_CIPHER_CTX_new();
  EVP_CIPHER_CTX *ce = EVP_CIPHER_CTX_new(), *cd = EVP_CIPHER_CTX_new();
  TCHECK(t, out && back && ge && gd && ce && cd);
  if (!out || !back || !ge || !gd || !ce || !cd) goto done;
  /* the thread's own contexts, all keyed from the same key */
  TCHECK(t, EVP_EncryptInit_ex2(ge, gcm, key16, NULL, NULL) && EVP_DecryptInit_ex2(gd, gcm, key16, NULL, NULL));
  TCHECK(t, EVP_EncryptInit_ex2(ce, chacha, key32, NULL, NULL) && EVP_DecryptInit_ex2(cd, chacha, key32, NULL, NULL));
  for (int r = 0; r < rounds; r++) {
    size_t i = (size_t)(t->id + r) % NLEN, len = lens[i];
    int hw = 0;
    /* RSA first in round 0: the PEM key's export into the provider is
     * raced by the threads that reach it together */
    if (r % 4 == 0) {
      EVP_PKEY *k = (r / 4) & 1 ? rsa_hw : rsa_pem;
      memset(sig, 0, sizeof sig);
      TCHECK(t, rsa_sign(k, HW, RSA_PKCS1_PADDING, sig, &hw) == 256 && memcmp(sig, sig_pkcs1, 256) == 0);
      TCHECK(t, hw);
    }
    if (r % 16 == 5) {
      size_t sl = rsa_sign(rsa_pem, HW, RSA_PKCS1_PSS_PADDING, sig, &hw);
      TCHECK(t, sl == 256 && hw && rsa_verify_df(rsa_pem, RSA_PKCS1_PSS_PADDING, sig, sl));
    }
    unsigned ml = 0;
    TCHECK(t, EVP_Digest(msg, len, md, &ml, sha256, NULL) && ml == 32 && memcmp(md, want_md[i], 32) == 0);
    EVP_MAC_CTX *m = r & 1 ? EVP_MAC_CTX_dup(hmac_tmpl) : EVP_MAC_CTX_new(hmac);
    memset(md, 0, sizeof md);
    TCHECK(t, m && mac(m, r & 1 ? NULL : key32, len, md) && memcmp(md, want_mac[i], 32) == 0);
    EVP_MAC_CTX_free(m);
    aead_round(t, ge, gd, gcm_tmpl, (const uint8_t(*)[4097 + 16])want_gcm, r, i, out, back);
    aead_round(t, ce, cd, chacha_tmpl, (const uint8_t(*)[4097 + 16])want_chacha, r, i, out, back);
    if (r % 2 == 0) {
      memset(sig, 0, 64);
      TCHECK(t, ed_sign(ed_key, HW, sig, &hw) && hw && memcmp(sig, ed_sig, 64) == 0);
    } else {
      memset(md, 0, 32);
      TCHECK(t, derive(x_key, x_peer, HW, md, &hw) && hw && memcmp(md, x_shared, 32) == 0);
    }
  }
done:
  EVP_CIPHER_CTX_free(ge), EVP_CIPHER_CTX_free(gd), EVP_CIPHER_CTX_free(ce), EVP_CIPHER_CTX_free(cd);
  free(out), free(back);
  ERR_clear_error();
  return NULL;
}

/* ---- phase 1: the key makers */

/* A key maker: keys generated, duplicated, exported and re-imported, each
 * checked, beside the users. */
static void *churn(void *arg) {
  tstate *t = arg;
  uint8_t sig[256], a[32], b[32];
  int hw = 0;
  if (t->id < USERS + 2) { /* two RSA-2048 generations by the provider, beside everything else */
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(pt_libctx, "RSA", HW);
    EVP_PKEY *k = NULL;
    TCHECK(t, c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_generate(c, &k) > 0);
    TCHECK(t, k && pt_is_hwcrypto(EVP_PKEY_get0_provider(k)));
    size_t sl = k ? rsa_sign(k, HW, RSA_PKCS1_PADDING, sig, &hw) : 0;
    TCHECK(t, sl == 256 && hw && rsa_verify_df(k, RSA_PKCS1_PADDING, sig, sl));
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
  }
  for (int r = 0; r < rounds / 8; r++) {
    /* Ed25519 and X25519 keys made by the provider, checked by the default's */
    EVP_PKEY *e = EVP_PKEY_Q_keygen(pt_libctx, HW, "ED25519"), *x = EVP_PKEY_Q_keygen(pt_libctx, HW, "X25519");
    TCHECK(t, e && x && pt_is_hwcrypto(EVP_PKEY_get0_provider(e)) && pt_is_hwcrypto(EVP_PKEY_get0_provider(x)));
    size_t pl = 32;
    EVP_PKEY *epub = NULL, *xpub = NULL;
    if (e && EVP_PKEY_get_raw_public_key(e, a, &pl)) epub = EVP_PKEY_new_raw_public_key_ex(pt_libctx, "ED25519", DF, a, 32);
    pl = 32;
    if (x && EVP_PKEY_get_raw_public_key(x, a, &pl)) xpub = EVP_PKEY_new_raw_public_key_ex(pt_libctx, "X25519", DF, a, 32);
    TCHECK(t, epub && ed_sign(e, HW, sig, &hw) && hw && ed_verify_df(epub, sig));
    TCHECK(t, xpub && derive(x, x_peer, HW, a, &hw) && hw && derive(x_peer_df, xpub, DF, b, NULL) &&
                  memcmp(a, b, 32) == 0);
    EVP_PKEY_free(e), EVP_PKEY_free(x), EVP_PKEY_free(epub), EVP_PKEY_free(xpub);
    /* the shared keys duplicated and exported while the users sign */
    EVP_PKEY *d1 = EVP_PKEY_dup(rsa_hw), *d2 = EVP_PKEY_dup(rsa_pem), *d3 = EVP_PKEY_dup(ed_key);
    EVP_PKEY *re = reimport(rsa_hw, HW, 0);
    TCHECK(t, d1 && d2 && d3 && re);
    EVP_PKEY *ks[] = {d1, d2, re};
    for (size_t j = 0; j < 3; j++) {
      memset(sig, 0, sizeof sig);
      TCHECK(t, ks[j] && rsa_sign(ks[j], HW, RSA_PKCS1_PADDING, sig, &hw) == 256 && hw &&
                    memcmp(sig, sig_pkcs1, 256) == 0);
    }
    TCHECK(t, d3 && ed_sign(d3, HW, sig, &hw) && hw && memcmp(sig, ed_sig, 64) == 0);
    EVP_PKEY_free(d1), EVP_PKEY_free(d2), EVP_PKEY_free(d3), EVP_PKEY_free(re);
  }
  ERR_clear_error();
  return NULL;
}

/* ---- phase 2: the default provider's copy of a refused key, made once
 * for 16 threads that want it at the same moment */

/* Signs with each round's key as soon as the barrier lets all go. */
static void *lazy_user(void *arg) {
  tstate *t = arg;
  uint8_t sig[256];
  for (int r = 0; r < LAZY; r++) {
    pthread_barrier_wait(&lazy_start);
    int hw = 0;
    memset(sig, 0, sizeof sig);
    TCHECK(t, rsa_sign(lazy_key, HW, RSA_PKCS1_PADDING, sig, &hw) == 256 && hw &&
                  memcmp(sig, sig_lazy[lazy_kind], 256) == 0);
    pthread_barrier_wait(&lazy_end);
  }
  ERR_clear_error();
  return NULL;
}

/* ---- set-up: the shared objects and the answers, from the default provider */

/* A PEM private key decoded by the default provider's decoder. */
static EVP_PKEY *read_pem(const char *path) {
  BIO *b = BIO_new_file(path, "r");
  EVP_PKEY *k = b ? PEM_read_bio_PrivateKey_ex(b, NULL, NULL, NULL, pt_libctx, NULL) : NULL;
  BIO_free(b);
  return k;
}

/* Makes the shared objects and, with the default provider, the answers. */
static int setup(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + (i >> 7));
  for (size_t i = 0; i < NLEN; i++)
    for (size_t j = 0; j < 12; j++) ivs[i][j] = (uint8_t)(i * 17 + j);
  unsigned ml = 0;
  PT_CHECK(EVP_Digest(msg, 32, dg, &ml, EVP_sha256(), NULL));
  rsa_pem = read_pem(HWCP_VECTORS "/rsa/key2048.pkcs8.pem");
  PT_CHECK(rsa_pem && !pt_is_hwcrypto(EVP_PKEY_get0_provider(rsa_pem))); /* the default decoder's key */
  rsa_hw = rsa_pem ? reimport(rsa_pem, HW, 0) : NULL;
  PT_CHECK(rsa_hw && pt_is_hwcrypto(EVP_PKEY_get0_provider(rsa_hw)));
  /* the PEM key is not used through hwcrypto before the threads start */
  PT_CHECK(rsa_pem && rsa_sign(rsa_pem, DF, RSA_PKCS1_PADDING, sig_pkcs1, NULL) == 256);
  ed_key = EVP_PKEY_new_raw_private_key_ex(pt_libctx, "ED25519", HW, key32, 32);
  x_key = EVP_PKEY_new_raw_private_key_ex(pt_libctx, "X25519", HW, key32, 32);
  x_peer_df = EVP_PKEY_new_raw_private_key_ex(pt_libctx, "X25519", DF, peer32, 32);
  EVP_PKEY *ed_df = EVP_PKEY_new_raw_private_key_ex(pt_libctx, "ED25519", DF, key32, 32);
  EVP_PKEY *x_df = EVP_PKEY_new_raw_private_key_ex(pt_libctx, "X25519", DF, key32, 32);
  uint8_t pub[32];
  size_t pl = 32;
  if (x_peer_df && EVP_PKEY_get_raw_public_key(x_peer_df, pub, &pl))
    x_peer = EVP_PKEY_new_raw_public_key_ex(pt_libctx, "X25519", HW, pub, 32);
  pl = 32;
  if (ed_df && EVP_PKEY_get_raw_public_key(ed_df, pub, &pl))
    ed_pub_df = EVP_PKEY_new_raw_public_key_ex(pt_libctx, "ED25519", DF, pub, 32);
  PT_CHECK(ed_key && x_key && x_peer && x_peer_df && ed_df && x_df && ed_pub_df);
  PT_CHECK(ed_key && pt_is_hwcrypto(EVP_PKEY_get0_provider(ed_key)));
  PT_CHECK(ed_df && ed_sign(ed_df, DF, ed_sig, NULL) && ed_verify_df(ed_pub_df, ed_sig));
  EVP_PKEY *x_peer_pub_df = NULL;
  if (x_peer_df && EVP_PKEY_get_raw_public_key(x_peer_df, pub, &pl))
    x_peer_pub_df = EVP_PKEY_new_raw_public_key_ex(pt_libctx, "X25519", DF, pub, 32);
  PT_CHECK(x_df && x_peer_pub_df && derive(x_df, x_peer_pub_df, DF, x_shared, NULL));
  EVP_PKEY_free(ed_df), EVP_PKEY_free(x_df), EVP_PKEY_free(x_peer_pub_df);

  EVP_CIPHER *gcm_df = NULL, *chacha_df = NULL;
  PT_CHECK(pt_fetch_ciphers("AES-128-GCM", &gcm, &gcm_df) && pt_fetch_ciphers("ChaCha20-Poly1305", &chacha, &chacha_df));
  sha256 = EVP_MD_fetch(pt_libctx, "SHA2-256", HW);
  hmac = EVP_MAC_fetch(pt_libctx, "HMAC", HW);
  EVP_MD *sha256_df = EVP_MD_fetch(pt_libctx, "SHA2-256", DF);
  EVP_MAC *hmac_df = EVP_MAC_fetch(pt_libctx, "HMAC", DF);
  PT_CHECK(sha256 && hmac && sha256_df && hmac_df && pt_is_hwcrypto(EVP_MD_get0_provider(sha256)) &&
           pt_is_hwcrypto(EVP_MAC_get0_provider(hmac)));
  gcm_tmpl = EVP_CIPHER_CTX_new(), chacha_tmpl = EVP_CIPHER_CTX_new(), hmac_tmpl = hmac ? EVP_MAC_CTX_new(hmac) : NULL;
  EVP_CIPHER_CTX *g = EVP_CIPHER_CTX_new(), *c = EVP_CIPHER_CTX_new();
  EVP_MAC_CTX *m = hmac_df ? EVP_MAC_CTX_new(hmac_df) : NULL;
  int ok = gcm && chacha && gcm_df && chacha_df && sha256 && sha256_df && gcm_tmpl && chacha_tmpl && hmac_tmpl &&
           g && c && m && EVP_EncryptInit_ex2(gcm_tmpl, gcm, key16, NULL, NULL) &&
           EVP_EncryptInit_ex2(chacha_tmpl, chacha, key32, NULL, NULL) && EVP_EncryptInit_ex2(g, gcm_df, key16, NULL, NULL) &&
           EVP_EncryptInit_ex2(c, chacha_df, key32, NULL, NULL) && mac(hmac_tmpl, key32, 0, pub);
  PT_CHECK(ok);
  for (size_t i = 0; ok && i < NLEN; i++) {
    PT_CHECK(seal(g, ivs[i], lens[i], want_gcm[i]) && seal(c, ivs[i], lens[i], want_chacha[i]));
    PT_CHECK(EVP_Digest(msg, lens[i], want_md[i], &ml, sha256_df, NULL) && mac(m, key32, lens[i], want_mac[i]));
  }
  EVP_CIPHER_CTX_free(g), EVP_CIPHER_CTX_free(c), EVP_MAC_CTX_free(m);
  EVP_CIPHER_free(gcm_df), EVP_CIPHER_free(chacha_df), EVP_MD_free(sha256_df), EVP_MAC_free(hmac_df);
  return pt_failures == 0;
}

/* Monotonic seconds. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs fn on n threads (states ids from id0), joins, adds their counts. */
static void run_threads(void *(*fn)(void *), int n, int id0, tstate *ts) {
  pthread_t th[USERS + CHURN];
  for (int i = 0; i < n; i++) {
    ts[i] = (tstate){.id = id0 + i};
    if (pthread_create(&th[i], NULL, fn, &ts[i]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      exit(1);
    }
  }
  for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
}

/* Both phase-1 groups at once: users 0..15, key makers 16..19. */
static void *phase1_churn(void *arg) {
  tstate *ts = arg;
  run_threads(churn, CHURN, USERS, ts);
  return NULL;
}

int main(void) {
  const char *r = getenv("HWCP_THREADS_ROUNDS");
  if (r && atoi(r) > 0) rounds = atoi(r);
  pt_setup();
  double t0 = now();
  if (!setup()) return pt_finish();
  double t1 = now();

  tstate ts[USERS + CHURN];
  pthread_t ch;
  if (pthread_create(&ch, NULL, phase1_churn, ts + USERS) != 0) return 1;
  run_threads(user, USERS, 0, ts);
  pthread_join(ch, NULL);
  unsigned long c1 = 0, f1 = 0;
  for (int i = 0; i < USERS + CHURN; i++) c1 += ts[i].checks, f1 += ts[i].fails;
  double t2 = now();
  printf("phase 1: %d users x %d rounds, %d key makers: %lu checks, %lu failed (%.2f s)\n", USERS, rounds, CHURN, c1,
         f1, t2 - t1);

  /* phase 2: three primes and n-e-d keys, refused by hwcrypto (each
   * checked to be the provider's and without its own copy yet) */
  EVP_PKEY_CTX *gc = EVP_PKEY_CTX_new_from_name(pt_libctx, "RSA", DF);
  EVP_PKEY *k3 = NULL;
  size_t bits = 2048, primes = 3;
  OSSL_PARAM gp[] = {OSSL_PARAM_size_t(OSSL_PKEY_PARAM_RSA_BITS, &bits),
                     OSSL_PARAM_size_t(OSSL_PKEY_PARAM_RSA_PRIMES, &primes), OSSL_PARAM_END};
  PT_CHECK(gc && EVP_PKEY_keygen_init(gc) > 0 && EVP_PKEY_CTX_set_params(gc, gp) > 0 && EVP_PKEY_generate(gc, &k3) > 0);
  EVP_PKEY_CTX_free(gc);
  EVP_PKEY *ned = rsa_pem ? reimport(rsa_pem, DF, 1) : NULL;
  PT_CHECK(k3 && ned && rsa_sign(k3, DF, RSA_PKCS1_PADDING, sig_lazy[0], NULL) == 256 &&
           rsa_sign(ned, DF, RSA_PKCS1_PADDING, sig_lazy[1], NULL) == 256);
  PT_CHECK(memcmp(sig_lazy[1], sig_pkcs1, 256) == 0); /* n, e, d alone: the same signature */
  if (k3 && ned && pthread_barrier_init(&lazy_start, NULL, USERS + 1) == 0 &&
      pthread_barrier_init(&lazy_end, NULL, USERS + 1) == 0) {
    pthread_t th[USERS];
    for (int i = 0; i < USERS; i++) {
      ts[i] = (tstate){.id = i};
      if (pthread_create(&th[i], NULL, lazy_user, &ts[i]) != 0) return 1;
    }
    for (int l = 0; l < LAZY; l++) {
      /* imported into the provider, the copy is made at once (fromdata
       * asks for the security bits, which the copy answers) and then only
       * read by the threads; a fresh default-provider key is exported into
       * the provider by the threads' first contexts, and the copy made by
       * whichever of them asks first */
      int imported = l & 2;
      lazy_kind = l & 1;
      lazy_key = reimport(lazy_kind ? ned : k3, imported ? HW : DF, 0);
      PT_CHECK(lazy_key && pt_is_hwcrypto(EVP_PKEY_get0_provider(lazy_key)) == !!imported);
      pthread_barrier_wait(&lazy_start);
      pthread_barrier_wait(&lazy_end);
      EVP_PKEY_free(lazy_key);
    }
    for (int i = 0; i < USERS; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&lazy_start);
    pthread_barrier_destroy(&lazy_end);
  }
  EVP_PKEY_free(k3), EVP_PKEY_free(ned);
  unsigned long c2 = 0, f2 = 0;
  for (int i = 0; i < USERS; i++) c2 += ts[i].checks, f2 += ts[i].fails;
  double t3 = now();
  printf("phase 2: %d refused keys x %d threads at once: %lu checks, %lu failed (%.2f s)\n", LAZY, USERS, c2, f2,
         t3 - t2);
  printf("set-up %.2f s, total %.2f s\n", t1 - t0, t3 - t0);
  pt_checks += c1 + c2;
  pt_failures += f1 + f2;

  EVP_PKEY_free(rsa_pem), EVP_PKEY_free(rsa_hw), EVP_PKEY_free(ed_key), EVP_PKEY_free(x_key);
  EVP_PKEY_free(x_peer), EVP_PKEY_free(ed_pub_df), EVP_PKEY_free(x_peer_df);
  EVP_CIPHER_CTX_free(gcm_tmpl), EVP_CIPHER_CTX_free(chacha_tmpl), EVP_MAC_CTX_free(hmac_tmpl);
  EVP_CIPHER_free(gcm), EVP_CIPHER_free(chacha), EVP_MD_free(sha256), EVP_MAC_free(hmac);
  return pt_finish();
}
