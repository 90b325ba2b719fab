/* SPDX-License-Identifier: ISC */
/*
 * Loads the peers of fuzz_differential.c (diff_peers.h): dlopen of
 * libcrypto.so.3 and libsodium.so.23, every function of the two tables
 * resolved with dlsym, and the OpenSSL algorithms fetched once. The
 * libraries are never closed (libcrypto registers exit handlers), and
 * RTLD_LOCAL keeps their symbols out of the global namespace.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_peers.h"

/* One function of a table: its name and where its pointer goes. */
typedef struct {
  const char *name;
  size_t offset;
} diff_sym;

static const diff_sym openssl_syms[] = {
    {"ERR_clear_error", offsetof(diff_openssl_api, ERR_clear_error)},
    {"EVP_MD_fetch", offsetof(diff_openssl_api, EVP_MD_fetch)},
    {"EVP_MD_free", offsetof(diff_openssl_api, EVP_MD_free)},
    {"EVP_Digest", offsetof(diff_openssl_api, EVP_Digest)},
    {"EVP_MD_CTX_new", offsetof(diff_openssl_api, EVP_MD_CTX_new)},
    {"EVP_MD_CTX_free", offsetof(diff_openssl_api, EVP_MD_CTX_free)},
    {"EVP_CIPHER_fetch", offsetof(diff_openssl_api, EVP_CIPHER_fetch)},
    {"EVP_CIPHER_free", offsetof(diff_openssl_api, EVP_CIPHER_free)},
    {"EVP_CIPHER_CTX_new", offsetof(diff_openssl_api, EVP_CIPHER_CTX_new)},
    {"EVP_CIPHER_CTX_free", offsetof(diff_openssl_api, EVP_CIPHER_CTX_free)},
    {"EVP_CipherInit_ex", offsetof(diff_openssl_api, EVP_CipherInit_ex)},
    {"EVP_CipherUpdate", offsetof(diff_openssl_api, EVP_CipherUpdate)},
    {"EVP_CipherFinal_ex", offsetof(diff_openssl_api, EVP_CipherFinal_ex)},
    {"EVP_CIPHER_CTX_set_padding", offsetof(diff_openssl_api, EVP_CIPHER_CTX_set_padding)},
    {"EVP_CIPHER_CTX_ctrl", offsetof(diff_openssl_api, EVP_CIPHER_CTX_ctrl)},
    {"EVP_MAC_fetch", offsetof(diff_openssl_api, EVP_MAC_fetch)},
    {"EVP_MAC_free", offsetof(diff_openssl_api, EVP_MAC_free)},
    {"EVP_MAC_CTX_new", offsetof(diff_openssl_api, EVP_MAC_CTX_new)},
    {"EVP_MAC_CTX_free", offsetof(diff_openssl_api, EVP_MAC_CTX_free)},
    {"EVP_MAC_init", offsetof(diff_openssl_api, EVP_MAC_init)},
    {"EVP_MAC_update", offsetof(diff_openssl_api, EVP_MAC_update)},
    {"EVP_MAC_final", offsetof(diff_openssl_api, EVP_MAC_final)},
    {"EVP_KDF_fetch", offsetof(diff_openssl_api, EVP_KDF_fetch)},
    {"EVP_KDF_free", offsetof(diff_openssl_api, EVP_KDF_free)},
    {"EVP_KDF_CTX_new", offsetof(diff_openssl_api, EVP_KDF_CTX_new)},
    {"EVP_KDF_CTX_free", offsetof(diff_openssl_api, EVP_KDF_CTX_free)},
    {"EVP_KDF_derive", offsetof(diff_openssl_api, EVP_KDF_derive)},
    {"EVP_PKEY_new_raw_private_key", offsetof(diff_openssl_api, EVP_PKEY_new_raw_private_key)},
    {"EVP_PKEY_new_raw_public_key", offsetof(diff_openssl_api, EVP_PKEY_new_raw_public_key)},
    {"EVP_PKEY_get_raw_public_key", offsetof(diff_openssl_api, EVP_PKEY_get_raw_public_key)},
    {"EVP_PKEY_free", offsetof(diff_openssl_api, EVP_PKEY_free)},
    {"EVP_PKEY_CTX_new_from_pkey", offsetof(diff_openssl_api, EVP_PKEY_CTX_new_from_pkey)},
    {"EVP_PKEY_CTX_free", offsetof(diff_openssl_api, EVP_PKEY_CTX_free)},
    {"EVP_PKEY_derive_init", offsetof(diff_openssl_api, EVP_PKEY_derive_init)},
    {"EVP_PKEY_derive_set_peer_ex", offsetof(diff_openssl_api, EVP_PKEY_derive_set_peer_ex)},
    {"EVP_PKEY_derive", offsetof(diff_openssl_api, EVP_PKEY_derive)},
    {"EVP_DigestSignInit", offsetof(diff_openssl_api, EVP_DigestSignInit)},
    {"EVP_DigestSign", offsetof(diff_openssl_api, EVP_DigestSign)},
    {"EVP_DigestVerifyInit", offsetof(diff_openssl_api, EVP_DigestVerifyInit)},
    {"EVP_DigestVerify", offsetof(diff_openssl_api, EVP_DigestVerify)},
    {"d2i_AutoPrivateKey", offsetof(diff_openssl_api, d2i_AutoPrivateKey)},
    {"EVP_PKEY_sign_init", offsetof(diff_openssl_api, EVP_PKEY_sign_init)},
    {"EVP_PKEY_sign", offsetof(diff_openssl_api, EVP_PKEY_sign)},
    {"EVP_PKEY_verify_recover_init", offsetof(diff_openssl_api, EVP_PKEY_verify_recover_init)},
    {"EVP_PKEY_verify_recover", offsetof(diff_openssl_api, EVP_PKEY_verify_recover)},
    {"EVP_PKEY_encrypt_init", offsetof(diff_openssl_api, EVP_PKEY_encrypt_init)},
    {"EVP_PKEY_encrypt", offsetof(diff_openssl_api, EVP_PKEY_encrypt)},
    {"EVP_PKEY_decrypt_init", offsetof(diff_openssl_api, EVP_PKEY_decrypt_init)},
    {"EVP_PKEY_decrypt", offsetof(diff_openssl_api, EVP_PKEY_decrypt)},
    {"EVP_PKEY_CTX_set_rsa_padding", offsetof(diff_openssl_api, EVP_PKEY_CTX_set_rsa_padding)},
    {"EVP_PKEY_CTX_set_rsa_pss_saltlen", offsetof(diff_openssl_api, EVP_PKEY_CTX_set_rsa_pss_saltlen)},
    {"EVP_PKEY_CTX_set_rsa_mgf1_md", offsetof(diff_openssl_api, EVP_PKEY_CTX_set_rsa_mgf1_md)},
    {"EVP_PKEY_CTX_set_rsa_oaep_md", offsetof(diff_openssl_api, EVP_PKEY_CTX_set_rsa_oaep_md)},
    {"EVP_PKEY_CTX_set0_rsa_oaep_label", offsetof(diff_openssl_api, EVP_PKEY_CTX_set0_rsa_oaep_label)},
    {"CRYPTO_malloc", offsetof(diff_openssl_api, CRYPTO_malloc)},
    {"BN_bin2bn", offsetof(diff_openssl_api, BN_bin2bn)},
    {"BN_bn2binpad", offsetof(diff_openssl_api, BN_bn2binpad)},
    {"BN_free", offsetof(diff_openssl_api, BN_free)},
    {"BN_new", offsetof(diff_openssl_api, BN_new)},
    {"BN_CTX_new", offsetof(diff_openssl_api, BN_CTX_new)},
    {"BN_CTX_free", offsetof(diff_openssl_api, BN_CTX_free)},
    {"BN_mod_exp", offsetof(diff_openssl_api, BN_mod_exp)},
};

static const diff_sym sodium_syms[] = {
    {"sodium_init", offsetof(diff_sodium_api, sodium_init)},
    {"crypto_hash_sha256", offsetof(diff_sodium_api, crypto_hash_sha256)},
    {"crypto_hash_sha512", offsetof(diff_sodium_api, crypto_hash_sha512)},
    {"crypto_auth_hmacsha256_statebytes", offsetof(diff_sodium_api, crypto_auth_hmacsha256_statebytes)},
    {"crypto_auth_hmacsha256_init", offsetof(diff_sodium_api, crypto_auth_hmacsha256_init)},
    {"crypto_auth_hmacsha256_update", offsetof(diff_sodium_api, crypto_auth_hmacsha256_update)},
    {"crypto_auth_hmacsha256_final", offsetof(diff_sodium_api, crypto_auth_hmacsha256_final)},
    {"crypto_auth_hmacsha512_statebytes", offsetof(diff_sodium_api, crypto_auth_hmacsha512_statebytes)},
    {"crypto_auth_hmacsha512_init", offsetof(diff_sodium_api, crypto_auth_hmacsha512_init)},
    {"crypto_auth_hmacsha512_update", offsetof(diff_sodium_api, crypto_auth_hmacsha512_update)},
    {"crypto_auth_hmacsha512_final", offsetof(diff_sodium_api, crypto_auth_hmacsha512_final)},
    {"crypto_stream_chacha20_ietf_xor_ic", offsetof(diff_sodium_api, crypto_stream_chacha20_ietf_xor_ic)},
    {"crypto_stream_xchacha20_xor_ic", offsetof(diff_sodium_api, crypto_stream_xchacha20_xor_ic)},
    {"crypto_onetimeauth_poly1305", offsetof(diff_sodium_api, crypto_onetimeauth_poly1305)},
    {"crypto_aead_chacha20poly1305_ietf_encrypt_detached",
     offsetof(diff_sodium_api, crypto_aead_chacha20poly1305_ietf_encrypt_detached)},
    {"crypto_aead_chacha20poly1305_ietf_decrypt_detached",
     offsetof(diff_sodium_api, crypto_aead_chacha20poly1305_ietf_decrypt_detached)},
    {"crypto_aead_xchacha20poly1305_ietf_encrypt_detached",
     offsetof(diff_sodium_api, crypto_aead_xchacha20poly1305_ietf_encrypt_detached)},
    {"crypto_aead_xchacha20poly1305_ietf_decrypt_detached",
     offsetof(diff_sodium_api, crypto_aead_xchacha20poly1305_ietf_decrypt_detached)},
    {"crypto_aead_aes256gcm_is_available", offsetof(diff_sodium_api, crypto_aead_aes256gcm_is_available)},
    {"crypto_aead_aes256gcm_encrypt_detached", offsetof(diff_sodium_api, crypto_aead_aes256gcm_encrypt_detached)},
    {"crypto_secretstream_xchacha20poly1305_statebytes",
     offsetof(diff_sodium_api, crypto_secretstream_xchacha20poly1305_statebytes)},
    {"crypto_secretstream_xchacha20poly1305_init_push",
     offsetof(diff_sodium_api, crypto_secretstream_xchacha20poly1305_init_push)},
    {"crypto_secretstream_xchacha20poly1305_push",
     offsetof(diff_sodium_api, crypto_secretstream_xchacha20poly1305_push)},
    {"crypto_secretstream_xchacha20poly1305_init_pull",
     offsetof(diff_sodium_api, crypto_secretstream_xchacha20poly1305_init_pull)},
    {"crypto_secretstream_xchacha20poly1305_pull",
     offsetof(diff_sodium_api, crypto_secretstream_xchacha20poly1305_pull)},
    {"crypto_scalarmult", offsetof(diff_sodium_api, crypto_scalarmult)},
    {"crypto_scalarmult_base", offsetof(diff_sodium_api, crypto_scalarmult_base)},
    {"crypto_scalarmult_ed25519_base_noclamp", offsetof(diff_sodium_api, crypto_scalarmult_ed25519_base_noclamp)},
    {"crypto_core_ed25519_add", offsetof(diff_sodium_api, crypto_core_ed25519_add)},
    {"crypto_sign_seed_keypair", offsetof(diff_sodium_api, crypto_sign_seed_keypair)},
    {"crypto_sign_detached", offsetof(diff_sodium_api, crypto_sign_detached)},
    {"crypto_sign_verify_detached", offsetof(diff_sodium_api, crypto_sign_verify_detached)},
};

/* Ends the process because a peer is missing (see diff_peers_get): a
 * differential check without its reference must never count as a pass. */
static void peer_missing(const char *why) {
#ifdef HWC_FUZZ_LIBFUZZER
  fprintf(stderr, "fuzz_differential: peer missing: %s\n", why);
  abort();
#else
  fprintf(stderr, "fuzz_differential: SKIP, peer missing: %s\n", why);
  exit(77);
#endif
}

/* 1 when HWC_FUZZ_PEER_DISABLE (comma-separated) names id or "all". */
static int peer_disabled(const char *id) {
  const char *list = getenv("HWC_FUZZ_PEER_DISABLE");
  size_t n = strlen(id);
  while (list && *list) {
    size_t len = strcspn(list, ",");
    if ((len == n && !strncmp(list, id, n)) || (len == 3 && !strncmp(list, "all", 3))) return 1;
    list += len;
    if (*list == ',') list++;
  }
  return 0;
}

/* dlopens soname and fills table from syms; any failure ends the process. */
static void load(const char *soname, const char *id, void *table, const diff_sym *syms, size_t n) {
  char why[512];
  if (peer_disabled(id)) {
    snprintf(why, sizeof why, "%s (disabled by HWC_FUZZ_PEER_DISABLE)", soname);
    peer_missing(why);
  }
  void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    snprintf(why, sizeof why, "%s: %s", soname, err ? err : "not found");
    peer_missing(why);
  }
  for (size_t i = 0; i < n; i++) {
    void *p = dlsym(lib, syms[i].name);
    if (!p) {
      snprintf(why, sizeof why, "%s has no %s", soname, syms[i].name);
      peer_missing(why);
    }
    /* POSIX guarantees a data pointer holds a function's address; copying
     * the bytes avoids converting between object and function pointers. */
    memcpy((char *)table + syms[i].offset, &p, sizeof p);
  }
}

/* A fetched OpenSSL algorithm, or the end of the process naming it. */
static void *fetched(void *obj, const char *what) {
  if (!obj) {
    char why[128];
    snprintf(why, sizeof why, "libcrypto.so.3 cannot fetch %s", what);
    peer_missing(why);
  }
  return obj;
}

/* See diff_peers.h: loads once, then returns the same tables. */
const diff_peers *diff_peers_get(void) {
  static diff_peers P;
  static int loaded;
  if (loaded) return &P;
  load("libcrypto.so.3", "openssl", &P.o, openssl_syms, sizeof openssl_syms / sizeof openssl_syms[0]);
  load("libsodium.so.23", "libsodium", &P.s, sodium_syms, sizeof sodium_syms / sizeof sodium_syms[0]);
  if (P.s.sodium_init() < 0) peer_missing("sodium_init failed");
  static const char *const md_names[4] = {"SHA256", "SHA384", "SHA512", "SHA1"};
  for (int i = 0; i < 4; i++) P.md[i] = fetched(P.o.EVP_MD_fetch(NULL, md_names[i], NULL), md_names[i]);
  static const char *const ctr[3] = {"AES-128-CTR", "AES-192-CTR", "AES-256-CTR"};
  static const char *const cbc[3] = {"AES-128-CBC", "AES-192-CBC", "AES-256-CBC"};
  static const char *const gcm[3] = {"AES-128-GCM", "AES-192-GCM", "AES-256-GCM"};
  for (int i = 0; i < 3; i++) {
    P.aes_ctr[i] = fetched(P.o.EVP_CIPHER_fetch(NULL, ctr[i], NULL), ctr[i]);
    P.aes_cbc[i] = fetched(P.o.EVP_CIPHER_fetch(NULL, cbc[i], NULL), cbc[i]);
    P.aes_gcm[i] = fetched(P.o.EVP_CIPHER_fetch(NULL, gcm[i], NULL), gcm[i]);
  }
  P.chacha20 = fetched(P.o.EVP_CIPHER_fetch(NULL, "ChaCha20", NULL), "ChaCha20");
  P.chacha20_poly1305 = fetched(P.o.EVP_CIPHER_fetch(NULL, "ChaCha20-Poly1305", NULL), "ChaCha20-Poly1305");
  P.hmac = fetched(P.o.EVP_MAC_fetch(NULL, "HMAC", NULL), "HMAC");
  P.poly1305 = fetched(P.o.EVP_MAC_fetch(NULL, "POLY1305", NULL), "POLY1305");
  P.hkdf = fetched(P.o.EVP_KDF_fetch(NULL, "HKDF", NULL), "HKDF");
  P.mdctx = fetched(P.o.EVP_MD_CTX_new(), "an EVP_MD_CTX");
  P.cctx = fetched(P.o.EVP_CIPHER_CTX_new(), "an EVP_CIPHER_CTX");
  P.bnctx = fetched(P.o.BN_CTX_new(), "a BN_CTX");
  loaded = 1;
  return &P;
}
