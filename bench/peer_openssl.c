/* SPDX-License-Identifier: ISC */
/*
 * OpenSSL 3 (libcrypto.so.3, loaded with dlopen, never linked and no
 * OpenSSL header needed) as a peer of hwcrypto's rows: each row below does
 * the operation of the hwcrypto row of the same name, on the same bytes and
 * sizes, through the EVP API the way an application uses it.
 *
 * - Digests: EVP_DigestInit_ex/Update/Final_ex on a reused EVP_MD_CTX with
 *   an explicitly fetched EVP_MD (OpenSSL 3's advice for repeated use).
 * - HMAC: EVP_MAC "HMAC", the 32-byte key set per message (EVP_MAC_init),
 *   like hwc_hmac. HKDF: EVP_KDF "HKDF", parameters set once, one derive of
 *   32 bytes per call.
 * - AES: the key is set once in setup (our rows exclude key expansion:
 *   keys are long-lived objects), then per message EVP_*Init_ex with the IV
 *   or 12-byte nonce only, update, final (and the GCM tag), no padding.
 * - ChaCha20 and ChaCha20-Poly1305: key and nonce per message, as our
 *   one-shot functions take them.
 * - Poly1305: EVP_MAC "POLY1305", the 32-byte one-time key set per message
 *   (EVP_MAC_init), like hwc_poly1305; setup checks that its tags equal
 *   ours on the bench's data at every size.
 * - X25519, Ed25519 and RSA through EVP_PKEY objects made in setup; RSA
 *   uses the very key our rows use (bench_rsa_key, exported as PKCS#8).
 *   The raw RSA rows match ours: type-1 padding + private operation
 *   (EVP_PKEY_sign, RSA_PKCS1_PADDING, no digest = RSA_private_encrypt) and
 *   public operation + padding check (EVP_PKEY_verify_recover).
 *
 * A row is offered only when the symbols it calls resolved and its
 * algorithm can be fetched. Outputs go where our row of the same name
 * writes its own, and setup data stays in the row's state, never in
 * io->in or io->out, so a peer row measured alternately with ours on the
 * same buffers disturbs nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peers.h"

#include "peer_common.h"

/* ------------------------------------------------ OpenSSL 3.0 ABI subset */

/* Opaque OpenSSL types: only pointers to them are used. */
typedef struct ossl_md EVP_MD;
typedef struct ossl_md_ctx EVP_MD_CTX;
typedef struct ossl_cipher EVP_CIPHER;
typedef struct ossl_cipher_ctx EVP_CIPHER_CTX;
typedef struct ossl_mac EVP_MAC;
typedef struct ossl_mac_ctx EVP_MAC_CTX;
typedef struct ossl_kdf EVP_KDF;
typedef struct ossl_kdf_ctx EVP_KDF_CTX;
typedef struct ossl_pkey EVP_PKEY;
typedef struct ossl_pkey_ctx EVP_PKEY_CTX;

/* OSSL_PARAM (openssl/core.h, OSSL_PARAM(3)): a public structure. */
typedef struct {
  const char *key;
  unsigned int data_type;
  void *data;
  size_t data_size;
  size_t return_size;
} OSSL_PARAM;
#define OSSL_PARAM_UTF8_STRING 4  /* core.h */
#define OSSL_PARAM_OCTET_STRING 5 /* core.h */
#define OSSL_PARAM_UNMODIFIED ((size_t)-1)

#define OPENSSL_VERSION 0        /* OpenSSL_version(3): the version text */
#define EVP_CTRL_AEAD_GET_TAG 0x10 /* EVP_EncryptInit(3) */
#define EVP_CTRL_AEAD_SET_TAG 0x11
#define EVP_PKEY_RSA 6           /* NID_rsaEncryption */
#define EVP_PKEY_X25519 1034     /* NID_X25519 */
#define EVP_PKEY_ED25519 1087    /* NID_ED25519 */
#define RSA_PKCS1_PADDING 1      /* EVP_PKEY_CTX_set_rsa_padding(3) */

/* Groups of functions; a row needs some groups, a symbol belongs to some. */
enum {
  G_MD = 1,     /* message digests */
  G_CIPHER = 2, /* symmetric ciphers */
  G_MAC = 4,    /* EVP_MAC */
  G_KDF = 8,    /* EVP_KDF */
  G_PKEY = 16,  /* EVP_PKEY objects, X25519 derive */
  G_SIGN = 32,  /* EVP_DigestSign/Verify */
  G_RSA = 64    /* DER keys, raw RSA operations */
};

/* X(return type, name, parameters, groups): every OpenSSL 3.0 function
 * used, each documented in the manual page of its own name. */
#define OSSL_FUNCS(X)                                                                                  \
  X(unsigned int, OPENSSL_version_major, (void), 0)                     /* OPENSSL_version_major(3) */ \
  X(const char *, OpenSSL_version, (int), 0)                            /* OpenSSL_version(3) */       \
  X(void, ERR_clear_error, (void), 0)                                   /* ERR_clear_error(3) */       \
  X(EVP_MD *, EVP_MD_fetch, (void *, const char *, const char *), G_MD) /* EVP_MD_fetch(3) */          \
  X(void, EVP_MD_free, (EVP_MD *), G_MD)                                /* EVP_MD_free(3) */           \
  X(EVP_MD_CTX *, EVP_MD_CTX_new, (void), G_MD | G_SIGN)                /* EVP_MD_CTX_new(3) */        \
  X(void, EVP_MD_CTX_free, (EVP_MD_CTX *), G_MD | G_SIGN)               /* EVP_MD_CTX_free(3) */       \
  X(int, EVP_DigestInit_ex, (EVP_MD_CTX *, const EVP_MD *, void *), G_MD) /* EVP_DigestInit_ex(3) */   \
  X(int, EVP_DigestUpdate, (EVP_MD_CTX *, const void *, size_t), G_MD)  /* EVP_DigestUpdate(3) */      \
  X(int, EVP_DigestFinal_ex, (EVP_MD_CTX *, unsigned char *, unsigned int *), G_MD)                    \
  X(EVP_CIPHER *, EVP_CIPHER_fetch, (void *, const char *, const char *), G_CIPHER)                    \
  X(void, EVP_CIPHER_free, (EVP_CIPHER *), G_CIPHER)                                                   \
  X(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void), G_CIPHER)                                            \
  X(void, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX *), G_CIPHER)                                           \
  X(int, EVP_CIPHER_CTX_set_padding, (EVP_CIPHER_CTX *, int), G_CIPHER)                                \
  X(int, EVP_CIPHER_CTX_ctrl, (EVP_CIPHER_CTX *, int, int, void *), G_CIPHER)                          \
  X(int, EVP_EncryptInit_ex,                                                                           \
    (EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *),      \
    G_CIPHER)                                                                                          \
  X(int, EVP_EncryptUpdate, (EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int),    \
    G_CIPHER)                                                                                          \
  X(int, EVP_EncryptFinal_ex, (EVP_CIPHER_CTX *, unsigned char *, int *), G_CIPHER)                    \
  X(int, EVP_DecryptInit_ex,                                                                           \
    (EVP_CIPHER_CTX *, const EVP_CIPHER *, void *, const unsigned char *, const unsigned char *),      \
    G_CIPHER)                                                                                          \
  X(int, EVP_DecryptUpdate, (EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int),    \
    G_CIPHER)                                                                                          \
  X(int, EVP_DecryptFinal_ex, (EVP_CIPHER_CTX *, unsigned char *, int *), G_CIPHER)                    \
  X(EVP_MAC *, EVP_MAC_fetch, (void *, const char *, const char *), G_MAC) /* EVP_MAC(3) */            \
  X(void, EVP_MAC_free, (EVP_MAC *), G_MAC)                                                            \
  X(EVP_MAC_CTX *, EVP_MAC_CTX_new, (EVP_MAC *), G_MAC)                                                \
  X(void, EVP_MAC_CTX_free, (EVP_MAC_CTX *), G_MAC)                                                    \
  X(int, EVP_MAC_CTX_set_params, (EVP_MAC_CTX *, const OSSL_PARAM *), G_MAC)                           \
  X(int, EVP_MAC_init, (EVP_MAC_CTX *, const unsigned char *, size_t, const OSSL_PARAM *), G_MAC)      \
  X(int, EVP_MAC_update, (EVP_MAC_CTX *, const unsigned char *, size_t), G_MAC)                        \
  X(int, EVP_MAC_final, (EVP_MAC_CTX *, unsigned char *, size_t *, size_t), G_MAC)                     \
  X(EVP_KDF *, EVP_KDF_fetch, (void *, const char *, const char *), G_KDF) /* EVP_KDF(3) */            \
  X(void, EVP_KDF_free, (EVP_KDF *), G_KDF)                                                            \
  X(EVP_KDF_CTX *, EVP_KDF_CTX_new, (EVP_KDF *), G_KDF)                                                \
  X(void, EVP_KDF_CTX_free, (EVP_KDF_CTX *), G_KDF)                                                    \
  X(int, EVP_KDF_CTX_set_params, (EVP_KDF_CTX *, const OSSL_PARAM *), G_KDF)                           \
  X(int, EVP_KDF_derive, (EVP_KDF_CTX *, unsigned char *, size_t, const OSSL_PARAM *), G_KDF)          \
  X(EVP_PKEY *, EVP_PKEY_new_raw_private_key, (int, void *, const unsigned char *, size_t), G_PKEY)    \
  X(EVP_PKEY *, EVP_PKEY_new_raw_public_key, (int, void *, const unsigned char *, size_t), G_PKEY)     \
  X(int, EVP_PKEY_get_raw_public_key, (const EVP_PKEY *, unsigned char *, size_t *), G_PKEY)           \
  X(void, EVP_PKEY_free, (EVP_PKEY *), G_PKEY)                          /* EVP_PKEY_new(3) */          \
  X(EVP_PKEY_CTX *, EVP_PKEY_CTX_new_from_pkey, (void *, EVP_PKEY *, const char *), G_PKEY)            \
  X(void, EVP_PKEY_CTX_free, (EVP_PKEY_CTX *), G_PKEY)                  /* EVP_PKEY_CTX_new(3) */      \
  X(int, EVP_PKEY_derive_init, (EVP_PKEY_CTX *), G_PKEY)                /* EVP_PKEY_derive(3) */       \
  X(int, EVP_PKEY_derive_set_peer, (EVP_PKEY_CTX *, EVP_PKEY *), G_PKEY)                               \
  X(int, EVP_PKEY_derive, (EVP_PKEY_CTX *, unsigned char *, size_t *), G_PKEY)                         \
  X(int, EVP_DigestSignInit, (EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, void *, EVP_PKEY *),      \
    G_SIGN)                                                             /* EVP_DigestSignInit(3) */    \
  X(int, EVP_DigestSign, (EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t),     \
    G_SIGN)                                                                                            \
  X(int, EVP_DigestVerifyInit, (EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, void *, EVP_PKEY *),    \
    G_SIGN)                                                             /* EVP_DigestVerifyInit(3) */  \
  X(int, EVP_DigestVerify, (EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *, size_t), \
    G_SIGN)                                                                                            \
  X(EVP_PKEY *, d2i_AutoPrivateKey, (EVP_PKEY **, const unsigned char **, long), G_RSA) /* d2i_PrivateKey(3) */ \
  X(int, EVP_PKEY_sign_init, (EVP_PKEY_CTX *), G_RSA)                   /* EVP_PKEY_sign(3) */         \
  X(int, EVP_PKEY_sign, (EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t), G_RSA) \
  X(int, EVP_PKEY_verify_recover_init, (EVP_PKEY_CTX *), G_RSA)         /* EVP_PKEY_verify_recover(3) */ \
  X(int, EVP_PKEY_verify_recover,                                                                      \
    (EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t), G_RSA)                 \
  X(int, EVP_PKEY_CTX_set_rsa_padding, (EVP_PKEY_CTX *, int), G_RSA)    /* EVP_PKEY_CTX_ctrl(3) */

#define OSSL_MEMBER(ret, name, params, groups) ret(*name) params;
typedef struct {
  OSSL_FUNCS(OSSL_MEMBER)
} ossl_api;
#undef OSSL_MEMBER

static ossl_api O; /* the resolved functions; NULL where absent */

#define OSSL_SYM(ret, name, params, groups) {#name, offsetof(ossl_api, name)},
static const bench_peer_sym ossl_syms[] = {OSSL_FUNCS(OSSL_SYM)};
#undef OSSL_SYM

#define OSSL_GROUPS(ret, name, params, groups) groups,
static const unsigned ossl_sym_groups[] = {OSSL_FUNCS(OSSL_GROUPS)};
#undef OSSL_GROUPS

/* ------------------------------------------------------- shared inputs */

/* The same constants as our rows (bench_aes.c, bench_hmac.c, bench_chacha.c). */
static const uint8_t aes_key[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                    0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                    0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static const uint8_t gcm_nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
static const uint8_t mac_key[32] = {0x42};
static const uint8_t hkdf_info[] = "hwcrypto bench key";
static const uint8_t chacha_key[32] = {1, 2, 3};
static const uint8_t chacha_nonce[12] = {4, 5, 6};
/* ChaCha20's 16-byte EVP IV: block counter 1 (little-endian, as our row
 * starts at block 1), then the 12-byte nonce. */
static const uint8_t chacha_iv[16] = {1, 0, 0, 0, 4, 5, 6};
static const size_t sizes[BENCH_NSIZES] = BENCH_SIZES;

/* Index of len in BENCH_SIZES (the last one for anything else). */
static size_t size_index(size_t len) {
  size_t i = 0;
  while (i + 1 < BENCH_NSIZES && sizes[i] != len) i++;
  return i;
}

/* ------------------------------------------------------------- digests */

typedef struct {
  EVP_MD *md;
  EVP_MD_CTX *ctx;
  EVP_MAC *mac;
  EVP_MAC_CTX *mctx;
  EVP_KDF *kdf;
  EVP_KDF_CTX *kctx;
} ossl_hash_state;

/* A state with the digest `name` fetched and a digest context. */
static int setup_md(bench_io *io, const char *name) {
  ossl_hash_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->md = O.EVP_MD_fetch(NULL, name, NULL);
  st->ctx = O.EVP_MD_CTX_new();
  return st->md && st->ctx ? HWC_OK : HWC_ERR_UNSUPPORTED;
}
static int setup_sha1(bench_io *io) { return setup_md(io, "SHA1"); }
static int setup_sha256(bench_io *io) { return setup_md(io, "SHA256"); }
static int setup_sha512(bench_io *io) { return setup_md(io, "SHA512"); }

/* Frees every object of an ossl_hash_state. */
static void teardown_hash(bench_io *io) {
  ossl_hash_state *st = io->state;
  if (!st) return;
  if (st->kctx) O.EVP_KDF_CTX_free(st->kctx);
  if (st->kdf) O.EVP_KDF_free(st->kdf);
  if (st->mctx) O.EVP_MAC_CTX_free(st->mctx);
  if (st->mac) O.EVP_MAC_free(st->mac);
  if (st->ctx) O.EVP_MD_CTX_free(st->ctx);
  if (st->md) O.EVP_MD_free(st->md);
  free(st);
  io->state = NULL;
}

/* One-shot digest of len bytes of io->in into io->out. */
static void run_digest(bench_io *io, size_t len) {
  ossl_hash_state *st = io->state;
  unsigned int n;
  if (O.EVP_DigestInit_ex(st->ctx, st->md, NULL) != 1 || O.EVP_DigestUpdate(st->ctx, io->in, len) != 1 ||
      O.EVP_DigestFinal_ex(st->ctx, io->out, &n) != 1)
    abort();
}

/* EVP_MAC "HMAC" over the digest `digest`; the key is set per message. */
static int setup_hmac(bench_io *io, const char *digest) {
  ossl_hash_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->mac = O.EVP_MAC_fetch(NULL, "HMAC", NULL);
  st->mctx = st->mac ? O.EVP_MAC_CTX_new(st->mac) : NULL;
  if (!st->mctx) return HWC_ERR_UNSUPPORTED;
  OSSL_PARAM params[] = {{"digest", OSSL_PARAM_UTF8_STRING, (void *)digest, strlen(digest), OSSL_PARAM_UNMODIFIED},
                         {NULL, 0, NULL, 0, 0}};
  return O.EVP_MAC_CTX_set_params(st->mctx, params) == 1 ? HWC_OK : HWC_ERR_UNSUPPORTED;
}
static int setup_hmac_sha256(bench_io *io) { return setup_hmac(io, "SHA256"); }
static int setup_hmac_sha512(bench_io *io) { return setup_hmac(io, "SHA512"); }

/* One-shot HMAC of len bytes under the 32-byte key, key set-up included. */
static void run_hmac(bench_io *io, size_t len) {
  ossl_hash_state *st = io->state;
  size_t n;
  if (O.EVP_MAC_init(st->mctx, mac_key, sizeof mac_key, NULL) != 1 || O.EVP_MAC_update(st->mctx, io->in, len) != 1 ||
      O.EVP_MAC_final(st->mctx, io->out, &n, 64) != 1)
    abort();
}

/* EVP_KDF "HKDF" with SHA-256, secret io->in[0..31], salt the 32-byte MAC
 * key and info "hwcrypto bench key", like bench_hmac.c's hkdf-sha256. */
static int setup_hkdf(bench_io *io) {
  ossl_hash_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->kdf = O.EVP_KDF_fetch(NULL, "HKDF", NULL);
  st->kctx = st->kdf ? O.EVP_KDF_CTX_new(st->kdf) : NULL;
  if (!st->kctx) return HWC_ERR_UNSUPPORTED;
  OSSL_PARAM params[] = {
      {"digest", OSSL_PARAM_UTF8_STRING, "SHA256", 6, OSSL_PARAM_UNMODIFIED},
      {"key", OSSL_PARAM_OCTET_STRING, io->in, 32, OSSL_PARAM_UNMODIFIED},
      {"salt", OSSL_PARAM_OCTET_STRING, (void *)mac_key, sizeof mac_key, OSSL_PARAM_UNMODIFIED},
      {"info", OSSL_PARAM_OCTET_STRING, (void *)hkdf_info, sizeof hkdf_info - 1, OSSL_PARAM_UNMODIFIED},
      {NULL, 0, NULL, 0, 0}};
  return O.EVP_KDF_CTX_set_params(st->kctx, params) == 1 ? HWC_OK : HWC_ERR_UNSUPPORTED;
}

/* One extract-and-expand of 32 bytes. */
static void run_hkdf(bench_io *io, size_t len) {
  (void)len;
  ossl_hash_state *st = io->state;
  if (O.EVP_KDF_derive(st->kctx, io->out, 32, NULL) != 1) abort();
}

/* EVP_MAC "POLY1305". Its tags must equal hwc_poly1305's on the bench's
 * input at every size, or the row is refused: a peer that computes
 * something else measures nothing. */
static int setup_poly1305(bench_io *io) {
  ossl_hash_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->mac = O.EVP_MAC_fetch(NULL, "POLY1305", NULL);
  st->mctx = st->mac ? O.EVP_MAC_CTX_new(st->mac) : NULL;
  if (!st->mctx) return HWC_ERR_UNSUPPORTED;
  for (size_t i = 0; i < BENCH_NSIZES; i++) {
    uint8_t want[16], got[16];
    size_t n = 0;
    hwc_poly1305(want, io->in, sizes[i], chacha_key);
    if (O.EVP_MAC_init(st->mctx, chacha_key, sizeof chacha_key, NULL) != 1 ||
        O.EVP_MAC_update(st->mctx, io->in, sizes[i]) != 1 || O.EVP_MAC_final(st->mctx, got, &n, 16) != 1 ||
        n != 16 || memcmp(got, want, 16) != 0)
      return HWC_ERR_VERIFY; /* shown as "its setup returned -3" */
  }
  return HWC_OK;
}

/* One-shot Poly1305 of len bytes, the one-time key set per message. */
static void run_poly1305(bench_io *io, size_t len) {
  ossl_hash_state *st = io->state;
  size_t n;
  if (O.EVP_MAC_init(st->mctx, chacha_key, sizeof chacha_key, NULL) != 1 ||
      O.EVP_MAC_update(st->mctx, io->in, len) != 1 || O.EVP_MAC_final(st->mctx, io->out, &n, 16) != 1)
    abort();
}

/* ------------------------------------------------------------- ciphers */

typedef struct {
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *ctx;
  uint8_t *ct[BENCH_NSIZES]; /* GCM decryption: ciphertexts of io->in */
  uint8_t tag[BENCH_NSIZES][16];
} ossl_cipher_state;

/* Fetches cipher `name` and keys a context for encryption (or decryption)
 * with `key` (NULL: ChaCha20, keyed per message). GCM decryption also
 * encrypts the prefix of io->in of every size, for run to decrypt. */
static int setup_cipher(bench_io *io, const char *name, const uint8_t *key, int decrypt, int gcm) {
  ossl_cipher_state *st = calloc(1, sizeof *st);
  if (!st) return HWC_ERR_NOMEM;
  io->state = st;
  st->cipher = O.EVP_CIPHER_fetch(NULL, name, NULL);
  st->ctx = O.EVP_CIPHER_CTX_new();
  if (!st->cipher || !st->ctx) return HWC_ERR_UNSUPPORTED;
  int ok = decrypt ? O.EVP_DecryptInit_ex(st->ctx, st->cipher, NULL, key, NULL)
                   : O.EVP_EncryptInit_ex(st->ctx, st->cipher, NULL, key, NULL);
  if (ok != 1 || O.EVP_CIPHER_CTX_set_padding(st->ctx, 0) != 1) return HWC_ERR_UNSUPPORTED;
  if (!(gcm && decrypt)) return HWC_OK;
  EVP_CIPHER_CTX *enc = O.EVP_CIPHER_CTX_new();
  if (!enc) return HWC_ERR_NOMEM;
  int err = O.EVP_EncryptInit_ex(enc, st->cipher, NULL, key, gcm_nonce) == 1 ? HWC_OK : HWC_ERR_UNSUPPORTED;
  for (size_t i = 0; err == HWC_OK && i < BENCH_NSIZES; i++) {
    int n, m;
    st->ct[i] = malloc(sizes[i]);
    if (!st->ct[i])
      err = HWC_ERR_NOMEM;
    else if (O.EVP_EncryptInit_ex(enc, NULL, NULL, NULL, gcm_nonce) != 1 ||
             O.EVP_EncryptUpdate(enc, st->ct[i], &n, io->in, (int)sizes[i]) != 1 ||
             O.EVP_EncryptFinal_ex(enc, st->ct[i] + n, &m) != 1 ||
             O.EVP_CIPHER_CTX_ctrl(enc, EVP_CTRL_AEAD_GET_TAG, 16, st->tag[i]) != 1)
      err = HWC_ERR_UNSUPPORTED;
  }
  O.EVP_CIPHER_CTX_free(enc);
  return err;
}
static int setup_cbc128_enc(bench_io *io) { return setup_cipher(io, "AES-128-CBC", aes_key, 0, 0); }
static int setup_cbc128_dec(bench_io *io) { return setup_cipher(io, "AES-128-CBC", aes_key, 1, 0); }
static int setup_cbc256_enc(bench_io *io) { return setup_cipher(io, "AES-256-CBC", aes_key, 0, 0); }
static int setup_ctr128(bench_io *io) { return setup_cipher(io, "AES-128-CTR", aes_key, 0, 0); }
static int setup_ctr256(bench_io *io) { return setup_cipher(io, "AES-256-CTR", aes_key, 0, 0); }
static int setup_gcm128_enc(bench_io *io) { return setup_cipher(io, "AES-128-GCM", aes_key, 0, 1); }
static int setup_gcm128_dec(bench_io *io) { return setup_cipher(io, "AES-128-GCM", aes_key, 1, 1); }
static int setup_gcm256_enc(bench_io *io) { return setup_cipher(io, "AES-256-GCM", aes_key, 0, 1); }
static int setup_chacha20(bench_io *io) { return setup_cipher(io, "ChaCha20", NULL, 0, 0); }
static int setup_chacha20poly1305(bench_io *io) { return setup_cipher(io, "ChaCha20-Poly1305", NULL, 0, 0); }

/* Frees the contexts and ciphertexts of an ossl_cipher_state. */
static void teardown_cipher(bench_io *io) {
  ossl_cipher_state *st = io->state;
  if (!st) return;
  if (st->ctx) O.EVP_CIPHER_CTX_free(st->ctx);
  if (st->cipher) O.EVP_CIPHER_free(st->cipher);
  for (size_t i = 0; i < BENCH_NSIZES; i++) free(st->ct[i]);
  free(st);
  io->state = NULL;
}

/* Encrypts len bytes of io->in into io->out after setting key (NULL: the
 * one from setup) and iv; the whole input must come out. */
static void encrypt_msg(bench_io *io, size_t len, const uint8_t *key, const uint8_t *iv) {
  ossl_cipher_state *st = io->state;
  int n, m;
  if (O.EVP_EncryptInit_ex(st->ctx, NULL, NULL, key, iv) != 1 ||
      O.EVP_EncryptUpdate(st->ctx, io->out, &n, io->in, (int)len) != 1 ||
      O.EVP_EncryptFinal_ex(st->ctx, io->out + n, &m) != 1 || (size_t)(n + m) != len)
    abort();
}

/* CBC encryption or CTR with an all-zero IV, as our rows. */
static void run_zero_iv_encrypt(bench_io *io, size_t len) {
  static const uint8_t iv[16];
  encrypt_msg(io, len, NULL, iv);
}

/* CBC decryption of io->in with an all-zero IV, no padding. */
static void run_cbc_decrypt(bench_io *io, size_t len) {
  static const uint8_t iv[16];
  ossl_cipher_state *st = io->state;
  int n, m;
  if (O.EVP_DecryptInit_ex(st->ctx, NULL, NULL, NULL, iv) != 1 ||
      O.EVP_DecryptUpdate(st->ctx, io->out, &n, io->in, (int)len) != 1 ||
      O.EVP_DecryptFinal_ex(st->ctx, io->out + n, &m) != 1 || (size_t)(n + m) != len)
    abort();
}

/* AES-GCM: 12-byte nonce, no AAD, 16-byte tag written after the ciphertext. */
static void run_gcm_encrypt(bench_io *io, size_t len) {
  ossl_cipher_state *st = io->state;
  encrypt_msg(io, len, NULL, gcm_nonce);
  if (O.EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_GET_TAG, 16, io->out + len) != 1) abort();
}

/* AES-GCM decryption of setup's ciphertext of this size; the tag must match. */
static void run_gcm_decrypt(bench_io *io, size_t len) {
  ossl_cipher_state *st = io->state;
  size_t i = size_index(len);
  int n, m;
  if (O.EVP_DecryptInit_ex(st->ctx, NULL, NULL, NULL, gcm_nonce) != 1 ||
      O.EVP_DecryptUpdate(st->ctx, io->out, &n, st->ct[i], (int)len) != 1 ||
      O.EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_SET_TAG, 16, st->tag[i]) != 1 ||
      O.EVP_DecryptFinal_ex(st->ctx, io->out + n, &m) != 1)
    abort();
}

/* ChaCha20, key and counter||nonce per message. */
static void run_chacha20(bench_io *io, size_t len) { encrypt_msg(io, len, chacha_key, chacha_iv); }

/* ChaCha20-Poly1305 (RFC 8439): key and nonce per message, no AAD, tag
 * after the ciphertext. */
static void run_chacha20poly1305(bench_io *io, size_t len) {
  ossl_cipher_state *st = io->state;
  encrypt_msg(io, len, chacha_key, chacha_nonce);
  if (O.EVP_CIPHER_CTX_ctrl(st->ctx, EVP_CTRL_AEAD_GET_TAG, 16, io->out + len) != 1) abort();
}

/* ---------------------------------------------------- X25519, Ed25519 */

typedef struct {
  EVP_PKEY *key, *peer;
  EVP_PKEY_CTX *pctx;
  EVP_MD_CTX *mctx;
  EVP_MD *md;     /* RSA signatures: SHA-256 */
  int reinit;     /* EVP_DigestSign/Verify needs a new Init per call */
  uint8_t msg[64];
  uint8_t *body; /* RSA: the 60-byte message of bench_rsa_sign.c */
  size_t body_len;
  uint8_t sig[512];
  size_t sig_len;
} ossl_pkey_state;

/* Frees every object of an ossl_pkey_state. */
static void teardown_pkey(bench_io *io) {
  ossl_pkey_state *st = io->state;
  if (!st) return;
  if (st->mctx) O.EVP_MD_CTX_free(st->mctx);
  if (st->pctx) O.EVP_PKEY_CTX_free(st->pctx);
  if (st->peer) O.EVP_PKEY_free(st->peer);
  if (st->key) O.EVP_PKEY_free(st->key);
  if (st->md) O.EVP_MD_free(st->md);
  free(st->body);
  free(st);
  io->state = NULL;
}

/* A zeroed ossl_pkey_state in io->state, or NULL. */
static ossl_pkey_state *new_pkey_state(bench_io *io) {
  ossl_pkey_state *st = calloc(1, sizeof *st);
  io->state = st;
  return st;
}

/* X25519 as bench_x25519.c: our scalar io->in[0..31], the peer's public key
 * that of the scalar io->in[64..95] (made here, as our setup does). */
static int setup_x25519(bench_io *io) {
  ossl_pkey_state *st = new_pkey_state(io);
  if (!st) return HWC_ERR_NOMEM;
  uint8_t pub[32];
  size_t n = sizeof pub;
  EVP_PKEY *other = O.EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, io->in + 64, 32);
  int ok = other && O.EVP_PKEY_get_raw_public_key(other, pub, &n) == 1 && n == 32;
  if (other) O.EVP_PKEY_free(other);
  if (!ok) return HWC_ERR_UNSUPPORTED;
  st->peer = O.EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, pub, 32);
  st->key = O.EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, io->in, 32);
  if (!st->peer || !st->key) return HWC_ERR_UNSUPPORTED;
  st->pctx = O.EVP_PKEY_CTX_new_from_pkey(NULL, st->key, NULL);
  if (!st->pctx || O.EVP_PKEY_derive_init(st->pctx) != 1 || O.EVP_PKEY_derive_set_peer(st->pctx, st->peer) != 1)
    return HWC_ERR_UNSUPPORTED;
  return HWC_OK;
}

/* One X25519 shared secret with the context made in setup. */
static void run_x25519(bench_io *io, size_t len) {
  (void)len;
  ossl_pkey_state *st = io->state;
  size_t n = 32;
  if (O.EVP_PKEY_derive(st->pctx, io->out, &n) != 1 || n != 32) abort();
}

/* The public key of the raw private key io->in[0..31], as an application
 * makes a key pair from its own secret (the key object is the API's). */
static void run_x25519_base(bench_io *io, size_t len) {
  (void)len;
  size_t n = 32;
  EVP_PKEY *k = O.EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, io->in, 32);
  if (!k || O.EVP_PKEY_get_raw_public_key(k, io->out, &n) != 1 || n != 32) abort();
  O.EVP_PKEY_free(k);
}

/* (Re)initialises st->mctx for signing (verify 0) or verifying with md. */
static int digest_init(ossl_pkey_state *st, int verify) {
  return verify ? O.EVP_DigestVerifyInit(st->mctx, NULL, st->md, NULL, st->key)
                : O.EVP_DigestSignInit(st->mctx, NULL, st->md, NULL, st->key);
}

/* Makes st->sig over msg with st->key and decides whether a context can
 * sign or verify again without a new Init: OpenSSL 3.0 allows it for
 * Ed25519 (one-shot), not for RSA (the digest would go on), and later
 * versions may refuse it; a second signature equal to the first (both
 * schemes are deterministic) and a second successful verification prove
 * it. */
static int sign_setup(ossl_pkey_state *st, const uint8_t *msg, size_t len) {
  uint8_t again[512];
  size_t n = sizeof st->sig, m = sizeof again;
  st->mctx = O.EVP_MD_CTX_new();
  if (!st->mctx || digest_init(st, 0) != 1 || O.EVP_DigestSign(st->mctx, st->sig, &n, msg, len) != 1)
    return HWC_ERR_UNSUPPORTED;
  st->sig_len = n;
  int reuse = O.EVP_DigestSign(st->mctx, again, &m, msg, len) == 1 && m == n && !memcmp(again, st->sig, n);
  if (digest_init(st, 1) != 1 || O.EVP_DigestVerify(st->mctx, st->sig, n, msg, len) != 1)
    return HWC_ERR_UNSUPPORTED;
  reuse = reuse && O.EVP_DigestVerify(st->mctx, st->sig, n, msg, len) == 1;
  if (O.ERR_clear_error) O.ERR_clear_error();
  st->reinit = !reuse;
  return HWC_OK;
}

/* Ed25519 as bench_ed25519.c: seed io->in[0..31], message io->in[32..95]. */
static int setup_ed25519(bench_io *io, int verify) {
  ossl_pkey_state *st = new_pkey_state(io);
  if (!st) return HWC_ERR_NOMEM;
  memcpy(st->msg, io->in + 32, 64);
  st->key = O.EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, io->in, 32);
  if (!st->key) return HWC_ERR_UNSUPPORTED;
  int err = sign_setup(st, st->msg, sizeof st->msg);
  if (err == HWC_OK && !verify && digest_init(st, 0) != 1) err = HWC_ERR_UNSUPPORTED;
  return err;
}
static int setup_ed25519_sign(bench_io *io) { return setup_ed25519(io, 0); }
static int setup_ed25519_verify(bench_io *io) { return setup_ed25519(io, 1); }

/* One signature of st->msg (Ed25519) or st->body (RSA) into io->out + 256
 * (where our Ed25519 row writes its own; our RSA rows write at io->out). */
static void run_sign(bench_io *io, size_t len) {
  (void)len;
  ossl_pkey_state *st = io->state;
  size_t n = 512;
  uint8_t *out = st->body ? io->out : io->out + 256;
  const uint8_t *msg = st->body ? st->body : st->msg;
  size_t msg_len = st->body ? st->body_len : sizeof st->msg;
  if ((st->reinit && digest_init(st, 0) != 1) || O.EVP_DigestSign(st->mctx, out, &n, msg, msg_len) != 1) abort();
}

/* Verifies setup's signature; it must be valid. */
static void run_verify(bench_io *io, size_t len) {
  (void)len;
  ossl_pkey_state *st = io->state;
  const uint8_t *msg = st->body ? st->body : st->msg;
  size_t msg_len = st->body ? st->body_len : sizeof st->msg;
  if ((st->reinit && digest_init(st, 1) != 1) || O.EVP_DigestVerify(st->mctx, st->sig, st->sig_len, msg, msg_len) != 1)
    abort();
}

/* ----------------------------------------------------------------- RSA */

/* Our RSA key of `bits` bits (bench_rsa_key), exported as PKCS#8 DER and
 * parsed by OpenSSL into st->key. */
static int load_rsa(ossl_pkey_state *st, unsigned bits) {
  hwc_rsa_key *k;
  int err = bench_rsa_key(&k, bits);
  if (err) return err;
  size_t n = 0;
  hwc_rsa_export(NULL, &n, 1, 0, k);
  uint8_t *der = malloc(n);
  err = der ? hwc_rsa_export(der, &n, 1, 0, k) : HWC_ERR_NOMEM;
  hwc_rsa_free(k);
  if (err == HWC_OK) {
    const unsigned char *p = der;
    st->key = O.d2i_AutoPrivateKey(NULL, &p, (long)n);
    if (!st->key) err = HWC_ERR_BAD_ENCODING;
  }
  free(der);
  return err;
}

/* rsaN-sign/verify-pkcs1-sha256: PKCS#1 v1.5 with SHA-256 over the 60-byte
 * message of bench_rsa_sign.c. */
static int setup_rsa_sig(bench_io *io, unsigned bits, int verify) {
  ossl_pkey_state *st = new_pkey_state(io);
  if (!st) return HWC_ERR_NOMEM;
  int err = load_rsa(st, bits);
  if (err) return err;
  st->body_len = 60;
  if (!(st->body = malloc(st->body_len))) return HWC_ERR_NOMEM;
  for (size_t i = 0; i < st->body_len; i++) st->body[i] = (uint8_t)('a' + i % 26);
  if (!(st->md = O.EVP_MD_fetch(NULL, "SHA256", NULL))) return HWC_ERR_UNSUPPORTED;
  err = sign_setup(st, st->body, st->body_len);
  if (err == HWC_OK && !verify && digest_init(st, 0) != 1) err = HWC_ERR_UNSUPPORTED;
  return err;
}
static int setup_rsa2048_sign(bench_io *io) { return setup_rsa_sig(io, 2048, 0); }
static int setup_rsa3072_sign(bench_io *io) { return setup_rsa_sig(io, 3072, 0); }
static int setup_rsa4096_sign(bench_io *io) { return setup_rsa_sig(io, 4096, 0); }
static int setup_rsa2048_verify(bench_io *io) { return setup_rsa_sig(io, 2048, 1); }

/* rsaN-private / -public as bench_rsa.c: type-1 padding of io->in[0..63]
 * and the private operation (EVP_PKEY_sign without a digest, i.e.
 * RSA_private_encrypt), or the public operation on that result and the
 * padding check (EVP_PKEY_verify_recover). */
static int setup_rsa_raw(bench_io *io, unsigned bits, int public_op) {
  ossl_pkey_state *st = new_pkey_state(io);
  if (!st) return HWC_ERR_NOMEM;
  int err = load_rsa(st, bits);
  if (err) return err;
  st->pctx = O.EVP_PKEY_CTX_new_from_pkey(NULL, st->key, NULL);
  if (!st->pctx || O.EVP_PKEY_sign_init(st->pctx) != 1 ||
      O.EVP_PKEY_CTX_set_rsa_padding(st->pctx, RSA_PKCS1_PADDING) != 1)
    return HWC_ERR_UNSUPPORTED;
  st->sig_len = sizeof st->sig;
  if (O.EVP_PKEY_sign(st->pctx, st->sig, &st->sig_len, io->in, 64) != 1) return HWC_ERR_UNSUPPORTED;
  if (public_op && (O.EVP_PKEY_verify_recover_init(st->pctx) != 1 ||
                    O.EVP_PKEY_CTX_set_rsa_padding(st->pctx, RSA_PKCS1_PADDING) != 1))
    return HWC_ERR_UNSUPPORTED;
  return HWC_OK;
}
static int setup_rsa2048_private(bench_io *io) { return setup_rsa_raw(io, 2048, 0); }
static int setup_rsa3072_private(bench_io *io) { return setup_rsa_raw(io, 3072, 0); }
static int setup_rsa4096_private(bench_io *io) { return setup_rsa_raw(io, 4096, 0); }
static int setup_rsa2048_public(bench_io *io) { return setup_rsa_raw(io, 2048, 1); }
static int setup_rsa3072_public(bench_io *io) { return setup_rsa_raw(io, 3072, 1); }
static int setup_rsa4096_public(bench_io *io) { return setup_rsa_raw(io, 4096, 1); }

/* Type-1 padding of io->in[0..63] and the private operation, into io->out. */
static void run_rsa_private(bench_io *io, size_t len) {
  (void)len;
  ossl_pkey_state *st = io->state;
  size_t n = 512;
  if (O.EVP_PKEY_sign(st->pctx, io->out, &n, io->in, 64) != 1) abort();
}

/* The public operation on setup's result and the padding check; the 64
 * bytes must come back. */
static void run_rsa_public(bench_io *io, size_t len) {
  (void)len;
  ossl_pkey_state *st = io->state;
  size_t n = 512;
  if (O.EVP_PKEY_verify_recover(st->pctx, io->out, &n, st->sig, st->sig_len) != 1 || n != 64) abort();
}

/* ---------------------------------------------------------------- rows */

/* A candidate row: the groups of functions it calls and, where cheap to
 * check, the algorithm that must be fetchable ('m' digest, 'c' cipher,
 * 'M' MAC, 'K' KDF; 0 none). */
typedef struct {
  bench_row row;
  unsigned groups;
  char fetch;
  const char *alg;
} ossl_candidate;

#define BULK(name, prim, setup, run, teardown) {name, HWC_PRIM_##prim, BENCH_BULK, setup, run, teardown}
#define OP(name, prim, setup, run, teardown) {name, HWC_PRIM_##prim, BENCH_OP, setup, run, teardown}
static const ossl_candidate candidates[] = {
    {BULK("sha1", SHA1, setup_sha1, run_digest, teardown_hash), G_MD, 'm', "SHA1"},
    {BULK("sha256", SHA256, setup_sha256, run_digest, teardown_hash), G_MD, 'm', "SHA256"},
    {BULK("sha512", SHA512, setup_sha512, run_digest, teardown_hash), G_MD, 'm', "SHA512"},
    {BULK("hmac-sha256", SHA256, setup_hmac_sha256, run_hmac, teardown_hash), G_MAC, 'M', "HMAC"},
    {BULK("hmac-sha512", SHA512, setup_hmac_sha512, run_hmac, teardown_hash), G_MAC, 'M', "HMAC"},
    {OP("hkdf-sha256", SHA256, setup_hkdf, run_hkdf, teardown_hash), G_KDF, 'K', "HKDF"},
    {BULK("aes-128-cbc-encrypt", AES, setup_cbc128_enc, run_zero_iv_encrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-128-CBC"},
    {BULK("aes-128-cbc-decrypt", AES, setup_cbc128_dec, run_cbc_decrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-128-CBC"},
    {BULK("aes-256-cbc-encrypt", AES, setup_cbc256_enc, run_zero_iv_encrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-256-CBC"},
    {BULK("aes-128-ctr", AES, setup_ctr128, run_zero_iv_encrypt, teardown_cipher), G_CIPHER, 'c', "AES-128-CTR"},
    {BULK("aes-256-ctr", AES, setup_ctr256, run_zero_iv_encrypt, teardown_cipher), G_CIPHER, 'c', "AES-256-CTR"},
    {BULK("aes-128-gcm-encrypt", AES_GCM, setup_gcm128_enc, run_gcm_encrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-128-GCM"},
    {BULK("aes-128-gcm-decrypt", AES_GCM, setup_gcm128_dec, run_gcm_decrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-128-GCM"},
    {BULK("aes-256-gcm-encrypt", AES_GCM, setup_gcm256_enc, run_gcm_encrypt, teardown_cipher), G_CIPHER, 'c',
     "AES-256-GCM"},
    {BULK("chacha20", CHACHA20, setup_chacha20, run_chacha20, teardown_cipher), G_CIPHER, 'c', "ChaCha20"},
    {BULK("poly1305", POLY1305, setup_poly1305, run_poly1305, teardown_hash), G_MAC, 'M', "POLY1305"},
    {BULK("chacha20-poly1305-encrypt", CHACHA20_POLY1305, setup_chacha20poly1305, run_chacha20poly1305, teardown_cipher),
     G_CIPHER, 'c', "ChaCha20-Poly1305"},
    {OP("x25519", FE25519, setup_x25519, run_x25519, teardown_pkey), G_PKEY, 0, NULL},
    {OP("x25519-base", FE25519, NULL, run_x25519_base, NULL), G_PKEY, 0, NULL},
    {OP("ed25519-sign", FE25519, setup_ed25519_sign, run_sign, teardown_pkey), G_PKEY | G_SIGN, 0, NULL},
    {OP("ed25519-verify", FE25519, setup_ed25519_verify, run_verify, teardown_pkey), G_PKEY | G_SIGN, 0, NULL},
    {OP("rsa2048-sign-pkcs1-sha256", BIGNUM, setup_rsa2048_sign, run_sign, teardown_pkey),
     G_PKEY | G_SIGN | G_RSA | G_MD, 'm', "SHA256"},
    {OP("rsa2048-verify-pkcs1-sha256", BIGNUM, setup_rsa2048_verify, run_verify, teardown_pkey),
     G_PKEY | G_SIGN | G_RSA | G_MD, 'm', "SHA256"},
    {OP("rsa3072-sign-pkcs1-sha256", BIGNUM, setup_rsa3072_sign, run_sign, teardown_pkey),
     G_PKEY | G_SIGN | G_RSA | G_MD, 'm', "SHA256"},
    {OP("rsa4096-sign-pkcs1-sha256", BIGNUM, setup_rsa4096_sign, run_sign, teardown_pkey),
     G_PKEY | G_SIGN | G_RSA | G_MD, 'm', "SHA256"},
    {OP("rsa2048-private", BIGNUM, setup_rsa2048_private, run_rsa_private, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
    {OP("rsa3072-private", BIGNUM, setup_rsa3072_private, run_rsa_private, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
    {OP("rsa4096-private", BIGNUM, setup_rsa4096_private, run_rsa_private, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
    {OP("rsa2048-public", BIGNUM, setup_rsa2048_public, run_rsa_public, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
    {OP("rsa3072-public", BIGNUM, setup_rsa3072_public, run_rsa_public, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
    {OP("rsa4096-public", BIGNUM, setup_rsa4096_public, run_rsa_public, teardown_pkey), G_PKEY | G_RSA, 0, NULL},
};
#undef BULK
#undef OP

#define NCANDIDATES (sizeof candidates / sizeof candidates[0])

/* 1 when the algorithm alg of kind fetch (see ossl_candidate) is available. */
static int fetchable(char fetch, const char *alg) {
  int ok = 1;
  if (fetch == 'm') {
    EVP_MD *md = O.EVP_MD_fetch(NULL, alg, NULL);
    ok = md != NULL;
    if (md) O.EVP_MD_free(md);
  } else if (fetch == 'c') {
    EVP_CIPHER *c = O.EVP_CIPHER_fetch(NULL, alg, NULL);
    ok = c != NULL;
    if (c) O.EVP_CIPHER_free(c);
  } else if (fetch == 'M') {
    EVP_MAC *m = O.EVP_MAC_fetch(NULL, alg, NULL);
    ok = m != NULL;
    if (m) O.EVP_MAC_free(m);
  } else if (fetch == 'K') {
    EVP_KDF *k = O.EVP_KDF_fetch(NULL, alg, NULL);
    ok = k != NULL;
    if (k) O.EVP_KDF_free(k);
  }
  if (!ok && O.ERR_clear_error) O.ERR_clear_error();
  return ok;
}

/* Loads libcrypto.so.3 (once), checks it is OpenSSL 3 or later and fills
 * *p with the rows whose functions and algorithms it has. */
int bench_peer_openssl(bench_peer *p, char *why, size_t cap) {
  static void *lib;
  static bench_row rows[NCANDIDATES];
  static size_t count;
  memset(p, 0, sizeof *p);
  if (!lib) {
    void *l = bench_peer_open("libcrypto.so.3", "openssl", why, cap);
    if (!l) return -1;
    char missing[64];
    bench_peer_resolve(l, &O, ossl_syms, sizeof ossl_syms / sizeof ossl_syms[0], missing, sizeof missing);
    if (!O.OPENSSL_version_major || !O.OpenSSL_version) {
      snprintf(why, cap, "libcrypto.so.3 has no %s: OpenSSL before 3.0 is not supported",
               O.OpenSSL_version ? "OPENSSL_version_major" : "OpenSSL_version");
      return -1;
    }
    if (O.OPENSSL_version_major() < 3) {
      snprintf(why, cap, "OpenSSL %u is not supported", O.OPENSSL_version_major());
      return -1;
    }
    unsigned have = ~0u; /* groups whose every function resolved */
    for (size_t i = 0; i < sizeof ossl_syms / sizeof ossl_syms[0]; i++) {
      void *f;
      memcpy(&f, (const char *)&O + ossl_syms[i].offset, sizeof f);
      if (!f) have &= ~ossl_sym_groups[i];
    }
    count = 0;
    for (size_t i = 0; i < NCANDIDATES; i++)
      if ((candidates[i].groups & have) == candidates[i].groups && fetchable(candidates[i].fetch, candidates[i].alg))
        rows[count++] = candidates[i].row;
    lib = l;
  }
  p->name = "OpenSSL";
  p->id = "openssl";
  snprintf(p->version, sizeof p->version, "%s", O.OpenSSL_version(OPENSSL_VERSION));
  p->rows = rows;
  p->count = count;
  return 0;
}
