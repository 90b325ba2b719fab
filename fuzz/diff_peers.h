/* SPDX-License-Identifier: ISC */
/*
 * The peer libraries of fuzz_differential.c: OpenSSL 3 (libcrypto.so.3)
 * and libsodium 1.0.18 (libsodium.so.23), loaded with dlopen at run time
 * and reached through tables of function pointers resolved with dlsym.
 * hwcrypto never links either library and no header of theirs is needed:
 * the few types used are declared here, opaque where OpenSSL's are, and
 * each function is declared with the prototype of its manual page
 * (OpenSSL) or of doc.libsodium.org (libsodium).
 */
#ifndef HWC_FUZZ_DIFF_PEERS_H
#define HWC_FUZZ_DIFF_PEERS_H
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------- OpenSSL 3 */

/* Opaque OpenSSL types: only pointers to them are used. */
typedef struct diff_ossl_md EVP_MD;
typedef struct diff_ossl_md_ctx EVP_MD_CTX;
typedef struct diff_ossl_cipher EVP_CIPHER;
typedef struct diff_ossl_cipher_ctx EVP_CIPHER_CTX;
typedef struct diff_ossl_mac EVP_MAC;
typedef struct diff_ossl_mac_ctx EVP_MAC_CTX;
typedef struct diff_ossl_kdf EVP_KDF;
typedef struct diff_ossl_kdf_ctx EVP_KDF_CTX;
typedef struct diff_ossl_pkey EVP_PKEY;
typedef struct diff_ossl_pkey_ctx EVP_PKEY_CTX;
typedef struct diff_ossl_bn BIGNUM;
typedef struct diff_ossl_bn_ctx BN_CTX;

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

#define EVP_CTRL_AEAD_SET_IVLEN 0x9 /* EVP_EncryptInit(3) */
#define EVP_CTRL_AEAD_GET_TAG 0x10
#define EVP_CTRL_AEAD_SET_TAG 0x11
#define EVP_PKEY_X25519 1034  /* NID_X25519 */
#define EVP_PKEY_ED25519 1087 /* NID_ED25519 */
#define RSA_PKCS1_PADDING 1   /* EVP_PKEY_CTX_set_rsa_padding(3) */
#define RSA_NO_PADDING 3
#define RSA_PKCS1_OAEP_PADDING 4
#define RSA_PKCS1_PSS_PADDING 6

/* The libcrypto functions used, each under its own name (the manual page
 * of that name documents it). */
typedef struct {
  /* ERR_clear_error(3): drops the error queue after an expected failure. */
  void (*ERR_clear_error)(void);
  /* EVP_MD_fetch(3), EVP_MD_free(3): the digest implementations. */
  EVP_MD *(*EVP_MD_fetch)(void *libctx, const char *algorithm, const char *properties);
  void (*EVP_MD_free)(EVP_MD *md);
  /* EVP_Digest(3): a one-shot digest. */
  int (*EVP_Digest)(const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type,
                    void *engine);
  /* EVP_MD_CTX_new(3), EVP_MD_CTX_free(3): the state of DigestSign/Verify. */
  EVP_MD_CTX *(*EVP_MD_CTX_new)(void);
  void (*EVP_MD_CTX_free)(EVP_MD_CTX *ctx);
  /* EVP_CIPHER_fetch(3) and the cipher context functions of
   * EVP_EncryptInit(3): AES-CTR/CBC/GCM, ChaCha20, ChaCha20-Poly1305. */
  EVP_CIPHER *(*EVP_CIPHER_fetch)(void *libctx, const char *algorithm, const char *properties);
  void (*EVP_CIPHER_free)(EVP_CIPHER *cipher);
  EVP_CIPHER_CTX *(*EVP_CIPHER_CTX_new)(void);
  void (*EVP_CIPHER_CTX_free)(EVP_CIPHER_CTX *ctx);
  int (*EVP_CipherInit_ex)(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *cipher, void *engine, const unsigned char *key,
                           const unsigned char *iv, int enc);
  int (*EVP_CipherUpdate)(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl, const unsigned char *in, int inl);
  int (*EVP_CipherFinal_ex)(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl);
  int (*EVP_CIPHER_CTX_set_padding)(EVP_CIPHER_CTX *ctx, int padding);
  int (*EVP_CIPHER_CTX_ctrl)(EVP_CIPHER_CTX *ctx, int type, int arg, void *ptr);
  /* EVP_MAC(3): HMAC and Poly1305. */
  EVP_MAC *(*EVP_MAC_fetch)(void *libctx, const char *algorithm, const char *properties);
  void (*EVP_MAC_free)(EVP_MAC *mac);
  EVP_MAC_CTX *(*EVP_MAC_CTX_new)(EVP_MAC *mac);
  void (*EVP_MAC_CTX_free)(EVP_MAC_CTX *ctx);
  int (*EVP_MAC_init)(EVP_MAC_CTX *ctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[]);
  int (*EVP_MAC_update)(EVP_MAC_CTX *ctx, const unsigned char *data, size_t datalen);
  int (*EVP_MAC_final)(EVP_MAC_CTX *ctx, unsigned char *out, size_t *outl, size_t outsize);
  /* EVP_KDF(3): HKDF. */
  EVP_KDF *(*EVP_KDF_fetch)(void *libctx, const char *algorithm, const char *properties);
  void (*EVP_KDF_free)(EVP_KDF *kdf);
  EVP_KDF_CTX *(*EVP_KDF_CTX_new)(EVP_KDF *kdf);
  void (*EVP_KDF_CTX_free)(EVP_KDF_CTX *ctx);
  int (*EVP_KDF_derive)(EVP_KDF_CTX *ctx, unsigned char *key, size_t keylen, const OSSL_PARAM params[]);
  /* EVP_PKEY_new(3): raw X25519 and Ed25519 keys, and their public half. */
  EVP_PKEY *(*EVP_PKEY_new_raw_private_key)(int type, void *engine, const unsigned char *key, size_t keylen);
  EVP_PKEY *(*EVP_PKEY_new_raw_public_key)(int type, void *engine, const unsigned char *key, size_t keylen);
  int (*EVP_PKEY_get_raw_public_key)(const EVP_PKEY *pkey, unsigned char *pub, size_t *len);
  void (*EVP_PKEY_free)(EVP_PKEY *key);
  /* EVP_PKEY_CTX_new(3). */
  EVP_PKEY_CTX *(*EVP_PKEY_CTX_new_from_pkey)(void *libctx, EVP_PKEY *pkey, const char *propquery);
  void (*EVP_PKEY_CTX_free)(EVP_PKEY_CTX *ctx);
  /* EVP_PKEY_derive(3): X25519 (the peer is not validated: any 32 bytes). */
  int (*EVP_PKEY_derive_init)(EVP_PKEY_CTX *ctx);
  int (*EVP_PKEY_derive_set_peer_ex)(EVP_PKEY_CTX *ctx, EVP_PKEY *peer, int validate_peer);
  int (*EVP_PKEY_derive)(EVP_PKEY_CTX *ctx, unsigned char *key, size_t *keylen);
  /* EVP_DigestSignInit(3), EVP_DigestVerifyInit(3): Ed25519 and RSA
   * signatures over messages. */
  int (*EVP_DigestSignInit)(EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, void *engine, EVP_PKEY *pkey);
  int (*EVP_DigestSign)(EVP_MD_CTX *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs, size_t tbslen);
  int (*EVP_DigestVerifyInit)(EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, void *engine, EVP_PKEY *pkey);
  int (*EVP_DigestVerify)(EVP_MD_CTX *ctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                          size_t tbslen);
  /* d2i_PrivateKey(3): the RSA test keys from PKCS#8 DER. */
  EVP_PKEY *(*d2i_AutoPrivateKey)(EVP_PKEY **a, const unsigned char **pp, long length);
  /* EVP_PKEY_sign(3), EVP_PKEY_verify_recover(3), EVP_PKEY_encrypt(3),
   * EVP_PKEY_decrypt(3): raw and padded RSA operations. */
  int (*EVP_PKEY_sign_init)(EVP_PKEY_CTX *ctx);
  int (*EVP_PKEY_sign)(EVP_PKEY_CTX *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs, size_t tbslen);
  int (*EVP_PKEY_verify_recover_init)(EVP_PKEY_CTX *ctx);
  int (*EVP_PKEY_verify_recover)(EVP_PKEY_CTX *ctx, unsigned char *rout, size_t *routlen, const unsigned char *sig,
                                 size_t siglen);
  int (*EVP_PKEY_encrypt_init)(EVP_PKEY_CTX *ctx);
  int (*EVP_PKEY_encrypt)(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen);
  int (*EVP_PKEY_decrypt_init)(EVP_PKEY_CTX *ctx);
  int (*EVP_PKEY_decrypt)(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen);
  /* EVP_PKEY_CTX_ctrl(3): RSA padding, PSS salt, MGF1 and OAEP hashes, label. */
  int (*EVP_PKEY_CTX_set_rsa_padding)(EVP_PKEY_CTX *ctx, int pad);
  int (*EVP_PKEY_CTX_set_rsa_pss_saltlen)(EVP_PKEY_CTX *ctx, int saltlen);
  int (*EVP_PKEY_CTX_set_rsa_mgf1_md)(EVP_PKEY_CTX *ctx, const EVP_MD *md);
  int (*EVP_PKEY_CTX_set_rsa_oaep_md)(EVP_PKEY_CTX *ctx, const EVP_MD *md);
  int (*EVP_PKEY_CTX_set0_rsa_oaep_label)(EVP_PKEY_CTX *ctx, void *label, int len);
  /* CRYPTO_malloc(3) (OPENSSL_malloc is a macro over it): set0 takes
   * ownership of the OAEP label, so the label must come from OpenSSL's
   * allocator. */
  void *(*CRYPTO_malloc)(size_t num, const char *file, int line);
  /* BN_new(3), BN_bn2bin(3), BN_CTX_new(3), BN_mod_exp (BN_add(3)). */
  BIGNUM *(*BN_bin2bn)(const unsigned char *s, int len, BIGNUM *ret);
  int (*BN_bn2binpad)(const BIGNUM *a, unsigned char *to, int tolen);
  void (*BN_free)(BIGNUM *a);
  BIGNUM *(*BN_new)(void);
  BN_CTX *(*BN_CTX_new)(void);
  void (*BN_CTX_free)(BN_CTX *c);
  int (*BN_mod_exp)(BIGNUM *r, const BIGNUM *a, const BIGNUM *p, const BIGNUM *m, BN_CTX *ctx);
} diff_openssl_api;

/* ------------------------------------------------------ libsodium 1.0.18 */

typedef unsigned char diff_uc;
typedef unsigned long long diff_ull;

/* The libsodium functions used (doc.libsodium.org, the section in each
 * comment). States of incremental functions are opaque byte arrays of the
 * size the matching _statebytes function returns. */
typedef struct {
  /* Usage: must run before anything else. */
  int (*sodium_init)(void);
  /* SHA-2. */
  int (*crypto_hash_sha256)(diff_uc *out, const diff_uc *in, diff_ull inlen);
  int (*crypto_hash_sha512)(diff_uc *out, const diff_uc *in, diff_ull inlen);
  /* HMAC-SHA-2: the multi-part API takes keys of any length. */
  size_t (*crypto_auth_hmacsha256_statebytes)(void);
  int (*crypto_auth_hmacsha256_init)(void *state, const diff_uc *key, size_t keylen);
  int (*crypto_auth_hmacsha256_update)(void *state, const diff_uc *in, diff_ull inlen);
  int (*crypto_auth_hmacsha256_final)(void *state, diff_uc *out);
  size_t (*crypto_auth_hmacsha512_statebytes)(void);
  int (*crypto_auth_hmacsha512_init)(void *state, const diff_uc *key, size_t keylen);
  int (*crypto_auth_hmacsha512_update)(void *state, const diff_uc *in, diff_ull inlen);
  int (*crypto_auth_hmacsha512_final)(void *state, diff_uc *out);
  /* ChaCha20 (IETF: 32-bit counter, 96-bit nonce) and XChaCha20 (64-bit counter). */
  int (*crypto_stream_chacha20_ietf_xor_ic)(diff_uc *c, const diff_uc *m, diff_ull mlen, const diff_uc *n, uint32_t ic,
                                            const diff_uc *k);
  int (*crypto_stream_xchacha20_xor_ic)(diff_uc *c, const diff_uc *m, diff_ull mlen, const diff_uc *n, uint64_t ic,
                                        const diff_uc *k);
  /* Poly1305. */
  int (*crypto_onetimeauth_poly1305)(diff_uc *out, const diff_uc *in, diff_ull inlen, const diff_uc *k);
  /* IETF ChaCha20-Poly1305 and XChaCha20-Poly1305, detached tags. */
  int (*crypto_aead_chacha20poly1305_ietf_encrypt_detached)(diff_uc *c, diff_uc *mac, diff_ull *maclen,
                                                            const diff_uc *m, diff_ull mlen, const diff_uc *ad,
                                                            diff_ull adlen, const diff_uc *nsec, const diff_uc *npub,
                                                            const diff_uc *k);
  int (*crypto_aead_chacha20poly1305_ietf_decrypt_detached)(diff_uc *m, diff_uc *nsec, const diff_uc *c, diff_ull clen,
                                                            const diff_uc *mac, const diff_uc *ad, diff_ull adlen,
                                                            const diff_uc *npub, const diff_uc *k);
  int (*crypto_aead_xchacha20poly1305_ietf_encrypt_detached)(diff_uc *c, diff_uc *mac, diff_ull *maclen,
                                                             const diff_uc *m, diff_ull mlen, const diff_uc *ad,
                                                             diff_ull adlen, const diff_uc *nsec, const diff_uc *npub,
                                                             const diff_uc *k);
  int (*crypto_aead_xchacha20poly1305_ietf_decrypt_detached)(diff_uc *m, diff_uc *nsec, const diff_uc *c, diff_ull clen,
                                                             const diff_uc *mac, const diff_uc *ad, diff_ull adlen,
                                                             const diff_uc *npub, const diff_uc *k);
  /* AES256-GCM: 12-byte nonces and 16-byte tags only, and only where the
   * CPU has AES-NI and PCLMUL (is_available). */
  int (*crypto_aead_aes256gcm_is_available)(void);
  int (*crypto_aead_aes256gcm_encrypt_detached)(diff_uc *c, diff_uc *mac, diff_ull *maclen, const diff_uc *m,
                                                diff_ull mlen, const diff_uc *ad, diff_ull adlen, const diff_uc *nsec,
                                                const diff_uc *npub, const diff_uc *k);
  /* Encrypted streams (crypto_secretstream_xchacha20poly1305). */
  size_t (*crypto_secretstream_xchacha20poly1305_statebytes)(void);
  int (*crypto_secretstream_xchacha20poly1305_init_push)(void *state, diff_uc *header, const diff_uc *k);
  int (*crypto_secretstream_xchacha20poly1305_push)(void *state, diff_uc *c, diff_ull *clen, const diff_uc *m,
                                                    diff_ull mlen, const diff_uc *ad, diff_ull adlen, diff_uc tag);
  int (*crypto_secretstream_xchacha20poly1305_init_pull)(void *state, const diff_uc *header, const diff_uc *k);
  int (*crypto_secretstream_xchacha20poly1305_pull)(void *state, diff_uc *m, diff_ull *mlen, diff_uc *tag,
                                                    const diff_uc *c, diff_ull clen, const diff_uc *ad, diff_ull adlen);
  /* Point*scalar multiplication (X25519), and Ed25519 arithmetic
   * (crypto_scalarmult_ed25519_base_noclamp: n B without clamping). */
  int (*crypto_scalarmult)(diff_uc *q, const diff_uc *n, const diff_uc *p);
  int (*crypto_scalarmult_base)(diff_uc *q, const diff_uc *n);
  int (*crypto_scalarmult_ed25519_base_noclamp)(diff_uc *q, const diff_uc *n);
  /* Finite field arithmetic / Point addition: Edwards25519 point addition
   * (crypto_core_ed25519_add), to build mixed-order public keys. */
  int (*crypto_core_ed25519_add)(diff_uc *r, const diff_uc *p, const diff_uc *q);
  /* Public-key signatures (Ed25519). */
  int (*crypto_sign_seed_keypair)(diff_uc *pk, diff_uc *sk, const diff_uc *seed);
  int (*crypto_sign_detached)(diff_uc *sig, diff_ull *siglen, const diff_uc *m, diff_ull mlen, const diff_uc *sk);
  int (*crypto_sign_verify_detached)(const diff_uc *sig, const diff_uc *m, diff_ull mlen, const diff_uc *pk);
} diff_sodium_api;

/* Both peers, their functions and the algorithm objects fetched once. */
typedef struct {
  diff_openssl_api o;
  diff_sodium_api s;
  EVP_MD *md[4];          /* by hwc_hash: SHA256, SHA384, SHA512, SHA1 */
  EVP_CIPHER *aes_ctr[3]; /* AES-128/192/256-CTR */
  EVP_CIPHER *aes_cbc[3]; /* AES-128/192/256-CBC */
  EVP_CIPHER *aes_gcm[3]; /* AES-128/192/256-GCM */
  EVP_CIPHER *chacha20;   /* ChaCha20 (16-byte IV: counter LE32 || nonce) */
  EVP_CIPHER *chacha20_poly1305;
  EVP_MAC *hmac, *poly1305;
  EVP_KDF *hkdf;
  EVP_MD_CTX *mdctx;    /* reused by the signature operations */
  EVP_CIPHER_CTX *cctx; /* reused by the cipher operations */
  BN_CTX *bnctx;
} diff_peers;

/* Loads both peers on the first call and returns them. A peer that is
 * missing (library, symbol or algorithm) ends the process with a message
 * naming it: exit status 77 in replay mode (the test is skipped, never
 * passed), abort() under libFuzzer. HWC_FUZZ_PEER_DISABLE=openssl,
 * libsodium or all treats those peers as missing, to test that path. */
const diff_peers *diff_peers_get(void);

#endif
