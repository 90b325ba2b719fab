/* SPDX-License-Identifier: ISC */
/*
 * AES-128/192/256-CTR over hwc_aes_ctr.
 *
 * As the default provider's CTR: a 16-byte IV is the first counter block,
 * incremented as one 128-bit big-endian number (wrapping from ff..ff to
 * 00..00); any length goes in any pieces, the position inside the last
 * partial block ("num") and its keystream carried between calls; "iv" is
 * the IV given, "updated-iv" the next counter block; every init sets num
 * back to 0, and an init without an IV keeps the counter where it is.
 * Encryption and decryption are the same. The context is plain data (the
 * expanded key included), so a copy is a copy.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "hwcp_cipher.h"

typedef struct {
  hwc_aes_key key; /* first: keeps the context's 16-byte alignment */
  hwcp_prov *prov;
  size_t keylen;
  int enc, key_set;
  uint8_t oiv[16]; /* the IV given */
  uint8_t ctr[16]; /* the next counter block */
  uint8_t ks[16];  /* the keystream of the last partial block */
  unsigned num;    /* bytes of ks used: 0..15 */
  unsigned pad, use_bits, tls_version;
  size_t tls_mac_size;
  const uint8_t *tls_mac; /* into the caller's last output (TLS decryption) */
} ctr_ctx;

/* A zeroed context (16-byte aligned for the expanded key). */
static void *ctr_newctx(hwcp_prov *prov, size_t keylen) {
  ctr_ctx *c = aligned_alloc(16, sizeof *c);
  if (!c) {
    hwcp_raise(prov, HWCP_R_MALLOC, "AES-CTR context");
    return NULL;
  }
  memset(c, 0, sizeof *c);
  c->prov = prov;
  c->keylen = keylen;
  c->pad = 1; /* meaningless for CTR, reported as the default provider does */
  return c;
}

static void *ctr128_newctx(void *prov) { return ctr_newctx(prov, 16); }
static void *ctr192_newctx(void *prov) { return ctr_newctx(prov, 24); }
static void *ctr256_newctx(void *prov) { return ctr_newctx(prov, 32); }

/* Wipes the expanded key, counter and keystream. */
static void ctr_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(ctr_ctx)); }

/* Plain data: the copy goes on from the same counter and keystream. */
static void *ctr_dupctx(void *vc) {
  const ctr_ctx *c = vc;
  ctr_ctx *d = aligned_alloc(16, sizeof *d);
  if (!d) {
    hwcp_raise(c->prov, HWCP_R_MALLOC, "AES-CTR context copy");
    return NULL;
  }
  *d = *c;
  return d;
}

static int ctr_set_ctx_params(void *vc, const OSSL_PARAM params[]);

/* Encrypt / decrypt init: num back to 0, then IV (16 bytes), key and
 * parameters as given. */
static int ctr_init(ctr_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv, size_t ivlen,
                    const OSSL_PARAM params[], int enc) {
  c->num = 0;
  c->enc = enc;
  if (iv) {
    if (ivlen != 16) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-CTR IV of %zu bytes, needs 16", ivlen);
      return 0;
    }
    memcpy(c->oiv, iv, 16);
    memcpy(c->ctr, iv, 16);
  }
  if (key) {
    if (keylen != c->keylen) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-CTR key of %zu bytes, needs %zu", keylen, c->keylen);
      return 0;
    }
    if (hwc_aes_init(&c->key, key, keylen) != HWC_OK) {
      hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_aes_init");
      return 0;
    }
    c->key_set = 1;
  }
  hwcp_used(c->keylen == 16 ? "AES-128-CTR" : c->keylen == 24 ? "AES-192-CTR" : "AES-256-CTR");
  return ctr_set_ctx_params(c, params);
}

static int ctr_einit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[]) {
  return ctr_init(vc, key, keylen, iv, ivlen, params, 1);
}
static int ctr_dinit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[]) {
  return ctr_init(vc, key, keylen, iv, ivlen, params, 0);
}

/* XORs len bytes of keystream into in: first what is left of the partial
 * block, then the whole blocks in one hwc_aes_ctr call, then a new
 * partial block whose keystream is kept for the next call. */
static int ctr_xor(ctr_ctx *c, uint8_t *out, const uint8_t *in, size_t len) {
  if (!c->key_set) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "no key set");
    return 0;
  }
  while (c->num && len) {
    *out++ = *in++ ^ c->ks[c->num];
    c->num = (c->num + 1) & 15;
    len--;
  }
  size_t whole = len & ~(size_t)15, rest = len - whole;
  if (whole && hwc_aes_ctr(out, in, whole, c->ctr, &c->key) != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_aes_ctr (overlapping buffers?)");
    return 0;
  }
  if (rest) {
    hwc_aes_encrypt_block(c->ks, c->ctr, &c->key);
    for (int i = 15; i >= 0 && !++c->ctr[i]; i--) /* the 128-bit increment */
      ;
    for (size_t i = 0; i < rest; i++) out[whole + i] = in[whole + i] ^ c->ks[i];
    c->num = (unsigned)rest;
  }
  return 1;
}

/* EVP_CipherUpdate. A decryption under a TLS version with a MAC size set
 * leaves the MAC at the end of the output (tls-mac) and reports the
 * length before it, as the default provider's stream ciphers do. */
static int ctr_update(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl) {
  ctr_ctx *c = vc;
  *outl = 0;
  if (!inl) return 1;
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "AES-CTR output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  if (!ctr_xor(c, out, in, inl)) return 0;
  *outl = inl;
  if (!c->enc && c->tls_version > 0 && c->tls_mac_size > 0) {
    if (*outl < c->tls_mac_size) return 0;
    c->tls_mac = out + *outl - c->tls_mac_size;
    *outl -= c->tls_mac_size;
  }
  return 1;
}

/* Nothing is held back: final writes nothing. */
static int ctr_final(void *vc, unsigned char *out, size_t *outl, size_t outsize) {
  (void)vc, (void)out, (void)outsize;
  *outl = 0;
  return 1;
}

/* EVP_Cipher: the same as update, without the TLS MAC handling. */
static int ctr_cipher(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl) {
  ctr_ctx *c = vc;
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "AES-CTR output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  if (inl && !ctr_xor(c, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

/* Cipher parameters: mode CTR, a stream (block size 1), a 16-byte IV. */
static int ctr_get_params(OSSL_PARAM params[], size_t keylen) {
  return hwcp_cipher_get_params(params, EVP_CIPH_CTR_MODE, keylen, 16, 0, 0);
}
static int ctr128_get_params(OSSL_PARAM params[]) { return ctr_get_params(params, 16); }
static int ctr192_get_params(OSSL_PARAM params[]) { return ctr_get_params(params, 24); }
static int ctr256_get_params(OSSL_PARAM params[]) { return ctr_get_params(params, 32); }

/* ivlen, padding, iv (as given), updated-iv (the next counter block),
 * num, keylen, tls-mac. */
static int ctr_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  ctr_ctx *c = vc;
  OSSL_PARAM *q;
  if (!hwcp_param_size(params, OSSL_CIPHER_PARAM_IVLEN, 16) ||
      !hwcp_param_uint(params, OSSL_CIPHER_PARAM_PADDING, c->pad))
    return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_IV)) && !OSSL_PARAM_set_octet_ptr(q, c->oiv, 16) &&
      !OSSL_PARAM_set_octet_string(q, c->oiv, 16))
    return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) && !OSSL_PARAM_set_octet_ptr(q, c->ctr, 16) &&
      !OSSL_PARAM_set_octet_string(q, c->ctr, 16))
    return 0;
  if (!hwcp_param_uint(params, OSSL_CIPHER_PARAM_NUM, c->num) ||
      !hwcp_param_size(params, OSSL_CIPHER_PARAM_KEYLEN, c->keylen))
    return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_TLS_MAC)) &&
      !OSSL_PARAM_set_octet_ptr(q, c->tls_mac, c->tls_mac_size))
    return 0;
  return 1;
}

/* Settable as for the default provider's stream ciphers. num: 0..15 (the
 * default provider takes any value and would read past its keystream
 * block for 16 and more; refused here). */
static int ctr_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  ctr_ctx *c = vc;
  const OSSL_PARAM *q;
  unsigned u;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
    if (!OSSL_PARAM_get_uint(q, &u)) goto bad;
    c->pad = u ? 1 : 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_USE_BITS))) {
    if (!OSSL_PARAM_get_uint(q, &u)) goto bad;
    c->use_bits = u ? 1 : 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_TLS_VERSION)) &&
      !OSSL_PARAM_get_uint(q, &c->tls_version))
    goto bad;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE)) &&
      !OSSL_PARAM_get_size_t(q, &c->tls_mac_size))
    goto bad;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_NUM))) {
    if (!OSSL_PARAM_get_uint(q, &u) || u > 15) goto bad;
    c->num = u;
  }
  return 1;
bad:
  hwcp_raise(c->prov, HWCP_R_BAD_ARG, "AES-CTR parameter %s refused", q->key);
  return 0;
}

static const OSSL_PARAM ctr_ctx_get_types[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
                                               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
                                               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
                                               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
                                               OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
                                               OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
                                               OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, NULL, 0),
                                               OSSL_PARAM_END};
static const OSSL_PARAM ctr_ctx_set_types[] = {OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
                                               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
                                               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_USE_BITS, NULL),
                                               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, NULL),
                                               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, NULL),
                                               OSSL_PARAM_END};

static const OSSL_PARAM *ctr_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return ctr_ctx_get_types;
}
static const OSSL_PARAM *ctr_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return ctr_ctx_set_types;
}

static const OSSL_DISPATCH ctr128_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, ctr128_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, ctr128_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, ctr_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, ctr_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, ctr_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, ctr_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, ctr_update), FN(OSSL_FUNC_CIPHER_FINAL, ctr_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, ctr_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, ctr_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, ctr_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, ctr_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, ctr_settable_ctx_params), {0, NULL}};
static const OSSL_DISPATCH ctr192_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, ctr192_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, ctr192_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, ctr_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, ctr_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, ctr_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, ctr_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, ctr_update), FN(OSSL_FUNC_CIPHER_FINAL, ctr_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, ctr_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, ctr_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, ctr_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, ctr_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, ctr_settable_ctx_params), {0, NULL}};
static const OSSL_DISPATCH ctr256_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, ctr256_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, ctr256_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, ctr_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, ctr_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, ctr_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, ctr_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, ctr_update), FN(OSSL_FUNC_CIPHER_FINAL, ctr_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, ctr_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, ctr_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, ctr_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, ctr_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, ctr_settable_ctx_params), {0, NULL}};

const hwcp_alg hwcp_aes_ctr_algs[] = {
    {OSSL_OP_CIPHER, {"AES-128-CTR", HWCP_PROPS, ctr128_functions, "hwcrypto AES-128-CTR"}, HWC_PRIM_AES},
    {OSSL_OP_CIPHER, {"AES-192-CTR", HWCP_PROPS, ctr192_functions, "hwcrypto AES-192-CTR"}, HWC_PRIM_AES},
    {OSSL_OP_CIPHER, {"AES-256-CTR", HWCP_PROPS, ctr256_functions, "hwcrypto AES-256-CTR"}, HWC_PRIM_AES},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
