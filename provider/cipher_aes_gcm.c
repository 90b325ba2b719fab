/* SPDX-License-Identifier: ISC */
/*
 * AES-128/192/256-GCM over hwcrypto's incremental GCM (hwc_aes_gcm_start,
 * _aad, _update, _finish, _finish_verify) and, for a TLS 1.2 record,
 * its one-shot.
 *
 * The state follows the default provider's GCM so an application sees the
 * same answers: the IV is buffered by init (or tlsivfixed, or generated
 * at the first update of an encryption that was given none) and the
 * message starts at the first update, AAD or final; key and IV may come
 * in separate init calls in either order; final ends the message until an
 * IV is given again (TLS 1.3 re-inits with a new IV per record); the tag
 * is read after an encryption's final and set before a decryption's.
 *
 * The expanded key lives in a separately allocated, reference-counted
 * object: a started hwc_aes_gcm_ctx points at it, and a copy made by
 * EVP_CIPHER_CTX_copy shares it, so neither ever points into a freed or
 * foreign context. A new key gets a new object.
 *
 * hwcrypto checks tags of 12..16 bytes; OpenSSL lets a decryption check
 * any length from 1. A decryption whose tag, known when its message
 * starts, is shorter than 12 bytes is handed to the default provider's
 * AES-GCM. One given only after the message started (its first AAD or
 * data went through hwcrypto) cannot be checked: final then fails (the
 * one case that differs; nothing is ever accepted unverified).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "hwcp_cipher.h"

#define GCM_IV_MAX 128  /* the longest IV the default provider takes (1024 bits) */
#define GCM_TAG_MAX 16
#define GCM_TAG_HWC_MIN 12 /* the shortest tag hwcrypto verifies */
#define TLS_AAD_LEN 13     /* EVP_AEAD_TLS1_AAD_LEN */
#define TLS_FIXED_IV 4     /* EVP_GCM_TLS_FIXED_IV_LEN */
#define TLS_EXPLICIT_IV 8  /* EVP_GCM_TLS_EXPLICIT_IV_LEN */

/* The expanded key, shared by a context and its copies. */
typedef struct {
  hwc_aes_gcm_key k; /* first: keeps the object's 16-byte alignment */
  atomic_uint refs;
  size_t len;
  uint8_t raw[32]; /* for the default provider's context (short decrypt tags) */
} gcm_key;

/* Where the IV stands, as the default provider tracks it. */
enum { IV_NONE, IV_BUFFERED, IV_STARTED, IV_FINISHED };

typedef struct {
  hwcp_prov *prov;
  const char *name; /* the default provider's name for the same cipher */
  size_t keylen;
  int enc;
  gcm_key *key;        /* NULL until a key is given */
  hwc_aes_gcm_ctx g;   /* the message, while ivstate is IV_STARTED and fwd NULL */
  EVP_CIPHER_CTX *fwd; /* the default provider's, for a decryption with a short tag */
  int ivstate;
  int failed; /* the message's tag check failed: it cannot pass any more */
  size_t ivlen;
  uint8_t iv[GCM_IV_MAX];
  size_t taglen; /* 0: none yet (OpenSSL's "uninitialised") */
  uint8_t tag[GCM_TAG_MAX];
  int iv_gen;                   /* tlsivfixed given: tlsivgen / tlsivinv work */
  int tls;                      /* tlsaad given: the next cipher call is a TLS record */
  uint8_t tls_aad[TLS_AAD_LEN]; /* with its length corrected to the payload's */
  size_t tls_pad;               /* tlsaadpad */
  uint64_t tls_records;         /* encrypted under this key */
} gcm_ctx;

/* Drops one reference to k; the last one wipes and frees it. */
static void key_release(gcm_key *k) {
  if (k && atomic_fetch_sub(&k->refs, 1) == 1) {
    hwc_memzero(k, sizeof *k);
    free(k);
  }
}

/* Forgets the message in progress (hwcrypto's state or the handed-on one). */
static void msg_drop(gcm_ctx *c) {
  hwc_memzero(&c->g, sizeof c->g);
  EVP_CIPHER_CTX_free(c->fwd);
  c->fwd = NULL;
}

/* A context with no key and no IV yet; the IV length starts at 12. */
static void *gcm_newctx(hwcp_prov *prov, size_t keylen, const char *name) {
  gcm_ctx *c = hwcp_ctx_new(prov, sizeof *c, "AES-GCM context");
  if (!c) return NULL;
  c->prov = prov;
  c->name = name;
  c->keylen = keylen;
  c->ivlen = 12; /* the TLS fixed + explicit parts: the default provider's default */
  return c;
}

static void *gcm128_newctx(void *prov) { return gcm_newctx(prov, 16, "AES-128-GCM"); }
static void *gcm192_newctx(void *prov) { return gcm_newctx(prov, 24, "AES-192-GCM"); }
static void *gcm256_newctx(void *prov) { return gcm_newctx(prov, 32, "AES-256-GCM"); }

/* Drops the message and the key reference, wipes the rest. */
static void gcm_freectx(void *vc) {
  gcm_ctx *c = vc;
  if (!c) return;
  msg_drop(c);
  key_release(c->key);
  hwcp_ctx_free(c, sizeof *c); /* IV, tag, TLS state */
}

/* A copy that goes on independently: the key object is shared (one more
 * reference), the started hwcrypto state is plain data that points at it,
 * a handed-on context is copied by OpenSSL. */
static void *gcm_dupctx(void *vc) {
  const gcm_ctx *c = vc;
  gcm_ctx *d = hwcp_ctx_dup(c->prov, c, sizeof *c, "AES-GCM context");
  if (!d) return NULL;
  d->fwd = NULL;
  if (c->fwd && (!(d->fwd = EVP_CIPHER_CTX_new()) || !EVP_CIPHER_CTX_copy(d->fwd, c->fwd))) {
    EVP_CIPHER_CTX_free(d->fwd);
    hwcp_ctx_free(d, sizeof *d);
    hwcp_raise(c->prov, HWCP_R_MALLOC, "AES-GCM context copy");
    return NULL;
  }
  if (d->key) atomic_fetch_add(&d->key->refs, 1);
  return d;
}

/* Makes the IV in c->iv the next message's: any message in progress is
 * dropped (the default provider restarts at the next update too). */
static void iv_buffered(gcm_ctx *c) {
  msg_drop(c);
  c->ivstate = IV_BUFFERED;
}

/* Hands the message that starts with nonce to the default provider's
 * AES-GCM: a decryption whose tag is shorter than hwcrypto checks. */
static int msg_forward(gcm_ctx *c, const uint8_t *nonce) {
  EVP_CIPHER *ciph = EVP_CIPHER_fetch(c->prov->libctx, c->name, "provider=default");
  size_t ivlen = c->ivlen;
  OSSL_PARAM iv_params[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen), OSSL_PARAM_END};
  OSSL_PARAM tag_params[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, c->tag, c->taglen),
                             OSSL_PARAM_END};
  c->fwd = EVP_CIPHER_CTX_new();
  int ok = ciph && c->fwd && EVP_DecryptInit_ex2(c->fwd, ciph, NULL, NULL, iv_params) &&
           EVP_DecryptInit_ex2(c->fwd, NULL, c->key->raw, nonce, tag_params);
  EVP_CIPHER_free(ciph);
  if (!ok) {
    msg_drop(c);
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "cannot hand a short-tag %s decryption to the default provider", c->name);
  }
  return ok;
}

/* Starts the message under nonce (c->ivlen bytes): in hwcrypto, or handed
 * on when decrypting with a tag already known to be short. */
static int msg_start(gcm_ctx *c, const uint8_t *nonce) {
  msg_drop(c);
  if (!c->enc && c->taglen && c->taglen < GCM_TAG_HWC_MIN) {
    if (!msg_forward(c, nonce)) return 0;
  } else if (hwc_aes_gcm_start(&c->g, c->enc, nonce, c->ivlen, &c->key->k) != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_aes_gcm_start");
    return 0;
  }
  c->ivstate = IV_STARTED;
  c->failed = 0;
  return 1;
}

/* Before data, AAD or final: a key is needed and the message not ended;
 * an encryption given no IV gets a random one of ivlen (>= 12) bytes, as
 * the default provider generates it; then the message starts. */
static int msg_ready(gcm_ctx *c) {
  if (!c->key || c->ivstate == IV_FINISHED) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, c->key ? "AES-GCM message ended: give a new IV" : "no key set");
    return 0;
  }
  if (c->ivstate == IV_NONE) {
    if (!c->enc || c->ivlen < 12 || hwc_random_bytes(c->iv, c->ivlen) != HWC_OK) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "no IV set");
      return 0;
    }
    c->ivstate = IV_BUFFERED;
  }
  return c->ivstate == IV_STARTED || msg_start(c, c->iv);
}

/* The handed-on context takes lengths as int: long input goes in pieces. */
static int fwd_update(gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t len) {
  while (len) {
    int n = len > (1u << 30) ? 1 << 30 : (int)len, outl;
    if (!EVP_DecryptUpdate(c->fwd, out, &outl, in, n)) return 0;
    in += n;
    if (out) out += n;
    len -= (size_t)n;
  }
  return 1;
}

/* The end of the message: an encryption's tag (all 16 bytes kept; the
 * caller reads 1..16), or a decryption's tag check. After a failed check
 * the message goes on as the default provider's does: more data is
 * deciphered, but no later final passes (its GHASH state is spent). */
static int msg_final(gcm_ctx *c) {
  if (c->enc) {
    if (c->fwd || hwc_aes_gcm_finish(&c->g, c->tag, GCM_TAG_MAX) != HWC_OK) {
      hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_aes_gcm_finish");
      return 0;
    }
    c->taglen = GCM_TAG_MAX;
  } else if (!c->taglen) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "no tag set for the AES-GCM decryption");
    return 0;
  } else if (c->fwd) {
    OSSL_PARAM tp[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, c->tag, c->taglen), OSSL_PARAM_END};
    uint8_t none[16];
    int outl;
    if (!EVP_CIPHER_CTX_set_params(c->fwd, tp) || !EVP_DecryptFinal_ex(c->fwd, none, &outl)) {
      hwcp_raise(c->prov, HWCP_R_AUTH_FAILED, "AES-GCM tag mismatch");
      return 0;
    }
    msg_drop(c);
  } else if (c->taglen < GCM_TAG_HWC_MIN) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED,
               "a %zu-byte AES-GCM tag must be set before the AAD and data to be checked (hwcrypto checks 12..16)",
               c->taglen);
    return 0;
  } else {
    hwc_aes_gcm_ctx keep = c->g; /* finish_verify wipes the state; updates may follow a failure */
    int r = c->failed ? HWC_ERR_AUTH : hwc_aes_gcm_finish_verify(&c->g, c->tag, c->taglen);
    if (r != HWC_OK) {
      c->g = keep;
      c->failed = 1;
      hwc_memzero(&keep, sizeof keep);
      hwcp_raise(c->prov, r == HWC_ERR_AUTH ? HWCP_R_AUTH_FAILED : HWCP_R_HWC_FAILED, "AES-GCM tag check: %s",
                 hwc_strerror(r));
      return 0;
    }
    hwc_memzero(&keep, sizeof keep);
  }
  c->ivstate = IV_FINISHED; /* never reuse the IV */
  return 1;
}

/* Increments the last 8 bytes of the IV as a big-endian counter: the TLS
 * explicit nonce (the invocation field is at least 8 bytes). */
static void iv_count(gcm_ctx *c) {
  for (size_t i = c->ivlen; i-- > c->ivlen - 8;)
    if (++c->iv[i]) break;
}

/* tlsivgen: starts the message under the current IV, writes its last
 * olen bytes (all of it when olen is 0 or too long) and counts the IV on. */
static int iv_gen(gcm_ctx *c, uint8_t *out, size_t olen) {
  if (!c->iv_gen || !c->key || c->ivlen < 8 || !msg_start(c, c->iv)) return 0;
  if (!olen || olen > c->ivlen) olen = c->ivlen;
  memcpy(out, c->iv + c->ivlen - olen, olen);
  iv_count(c);
  return 1;
}

/* tlsivinv: a decryption's explicit nonce, the last inl bytes of the IV;
 * starts the message. */
static int iv_inv(gcm_ctx *c, const uint8_t *in, size_t inl) {
  if (!c->iv_gen || !c->key || c->enc || inl > c->ivlen) return 0;
  memcpy(c->iv + c->ivlen - inl, in, inl);
  return msg_start(c, c->iv);
}

/* tlsivfixed: the fixed part of the IV (>= 4 bytes, leaving >= 8 for the
 * explicit nonce), the rest random when encrypting; (size_t)-1: the whole
 * IV. */
static int iv_fixed(gcm_ctx *c, const uint8_t *iv, size_t len) {
  if (len == (size_t)-1) {
    memcpy(c->iv, iv, c->ivlen);
  } else {
    if (len < TLS_FIXED_IV || len > c->ivlen || c->ivlen - len < TLS_EXPLICIT_IV) return 0;
    memcpy(c->iv, iv, len);
    if (c->enc && hwc_random_bytes(c->iv + len, c->ivlen - len) != HWC_OK) return 0;
  }
  c->iv_gen = 1;
  iv_buffered(c);
  return 1;
}

/* tlsaad: the record header, kept with its length corrected to the
 * payload's (less the explicit nonce, and the tag when decrypting). Like
 * the default provider, the record mode is entered even when the length
 * is too short (the call then fails). */
static int tls_aad(gcm_ctx *c, const uint8_t *aad, size_t len) {
  if (len != TLS_AAD_LEN) return 0;
  memcpy(c->tls_aad, aad, len);
  c->tls = 1;
  size_t n = (size_t)aad[11] << 8 | aad[12], strip = TLS_EXPLICIT_IV + (c->enc ? 0 : GCM_TAG_MAX);
  if (n < strip) return 0;
  n -= strip;
  c->tls_aad[11] = (uint8_t)(n >> 8);
  c->tls_aad[12] = (uint8_t)n;
  return 1;
}

/* One TLS 1.2 record in place: explicit nonce || payload || tag. Encrypting
 * makes the nonce (tlsivgen) and the tag; decrypting reads the nonce
 * (tlsivinv), checks the tag and wipes the payload on a mismatch. *outl:
 * the whole record, or the payload when decrypting. The record mode and
 * the IV end with the call, whatever its result. */
static int tls_record(gcm_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t len) {
  int ok = 0;
  uint8_t nonce[GCM_IV_MAX];
  *outl = 0;
  if (!c->key || out != in || len < TLS_EXPLICIT_IV + GCM_TAG_MAX || !c->iv_gen || c->ivlen < TLS_EXPLICIT_IV)
    goto done;
  if (c->enc && ++c->tls_records == 0) goto done; /* 2^64 records under one key */
  msg_drop(c);
  if (c->enc) {
    memcpy(nonce, c->iv, c->ivlen);
    memcpy(out, c->iv + c->ivlen - TLS_EXPLICIT_IV, TLS_EXPLICIT_IV);
    iv_count(c);
  } else {
    memcpy(c->iv + c->ivlen - TLS_EXPLICIT_IV, in, TLS_EXPLICIT_IV);
    memcpy(nonce, c->iv, c->ivlen);
  }
  uint8_t *p = out + TLS_EXPLICIT_IV;
  size_t n = len - TLS_EXPLICIT_IV - GCM_TAG_MAX;
  if (c->enc)
    ok = hwc_aes_gcm_encrypt(p, p + n, GCM_TAG_MAX, p, n, c->tls_aad, TLS_AAD_LEN, nonce, c->ivlen, &c->key->k) ==
         HWC_OK;
  else /* wipes p on a mismatch */
    ok = hwc_aes_gcm_decrypt(p, p, n, p + n, GCM_TAG_MAX, c->tls_aad, TLS_AAD_LEN, nonce, c->ivlen, &c->key->k) ==
         HWC_OK;
  if (ok) *outl = c->enc ? len : n;
done:
  if (!ok) hwcp_raise(c->prov, HWCP_R_AUTH_FAILED, "AES-GCM TLS record refused");
  c->ivstate = IV_FINISHED;
  c->tls = 0;
  hwc_memzero(nonce, sizeof nonce);
  return ok;
}

/* The default provider's one cipher step: a TLS record; or with in NULL
 * the final; or with out NULL, AAD; or data. */
static int gcm_step(gcm_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t len) {
  *outl = 0;
  if (c->tls) return tls_record(c, out, outl, in, len);
  if (!msg_ready(c)) return 0;
  if (!in) return msg_final(c);
  int ok;
  if (c->fwd)
    ok = fwd_update(c, out, in, len);
  else
    ok = (out ? hwc_aes_gcm_update(&c->g, out, in, len) : hwc_aes_gcm_aad(&c->g, in, len)) == HWC_OK;
  if (!ok) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "AES-GCM %s refused", out ? "data" : "AAD");
    return 0;
  }
  *outl = len;
  return 1;
}

static int gcm_set_ctx_params(void *vc, const OSSL_PARAM params[]);

/* Encrypt / decrypt init: the IV (buffered, 1..128 bytes) before the key
 * (a new shared object), then the parameters, in the default provider's
 * order; either may be NULL to keep what the context has. */
/* The primary name for a key length (hwcp_used). */
static const char *gcm_name(size_t keylen) {
  return keylen == 16 ? "AES-128-GCM" : keylen == 24 ? "AES-192-GCM" : "AES-256-GCM";
}

static int gcm_init(gcm_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv, size_t ivlen,
                    const OSSL_PARAM params[], int enc) {
  c->enc = enc;
  if (iv) {
    if (!ivlen || ivlen > GCM_IV_MAX) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-GCM IV of %zu bytes (1..%d)", ivlen, GCM_IV_MAX);
      return 0;
    }
    c->ivlen = ivlen;
    memcpy(c->iv, iv, ivlen);
    iv_buffered(c);
  }
  if (key) {
    if (keylen != c->keylen) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-GCM key of %zu bytes, needs %zu", keylen, c->keylen);
      return 0;
    }
    gcm_key *k = aligned_alloc(16, sizeof *k);
    if (!k) {
      hwcp_raise(c->prov, HWCP_R_MALLOC, "AES-GCM key");
      return 0;
    }
    if (hwc_aes_gcm_init(&k->k, key, keylen) != HWC_OK) {
      free(k);
      hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_aes_gcm_init");
      return 0;
    }
    atomic_init(&k->refs, 1);
    k->len = keylen;
    memcpy(k->raw, key, keylen);
    /* a message started under the old key restarts from the buffered IV */
    if (c->ivstate == IV_STARTED) iv_buffered(c);
    key_release(c->key);
    c->key = k;
    c->tls_records = 0;
  }
  hwcp_used(gcm_name(c->keylen));
  return gcm_set_ctx_params(c, params);
}

static int gcm_einit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[]) {
  return gcm_init(vc, key, keylen, iv, ivlen, params, 1);
}
static int gcm_dinit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[]) {
  return gcm_init(vc, key, keylen, iv, ivlen, params, 0);
}

/* EVP_CipherUpdate: nothing at all for 0 bytes, as the default provider. */
static int gcm_update(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl) {
  gcm_ctx *c = vc;
  *outl = 0;
  if (!inl) return 1;
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "AES-GCM output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  return gcm_step(c, out, outl, in, inl);
}

/* EVP_CipherFinal: the tag is made or checked; no output bytes. */
static int gcm_final(void *vc, unsigned char *out, size_t *outl, size_t outsize) {
  (void)out, (void)outsize;
  return gcm_step(vc, NULL, outl, NULL, 0);
}

/* EVP_Cipher: like update (NULL in: final), but reports inl written
 * whatever the step produced, as the default provider's does. */
static int gcm_cipher(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl) {
  gcm_ctx *c = vc;
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "AES-GCM output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  if (!gcm_step(c, out, outl, in, inl)) return 0;
  *outl = inl;
  return 1;
}

/* Cipher parameters: mode GCM, a stream (block size 1), AEAD with a
 * custom IV handling, a 12-byte default IV. */
static int gcm_get_params(OSSL_PARAM params[], size_t keylen) {
  return hwcp_cipher_get_params(params, EVP_CIPH_GCM_MODE, keylen, 12, 1, 1);
}
static int gcm128_get_params(OSSL_PARAM params[]) { return gcm_get_params(params, 16); }
static int gcm192_get_params(OSSL_PARAM params[]) { return gcm_get_params(params, 24); }
static int gcm256_get_params(OSSL_PARAM params[]) { return gcm_get_params(params, 32); }

/* iv / updated-iv (the same for GCM): the buffered IV, as a copy or a
 * pointer; nothing before one exists. */
static int get_iv(gcm_ctx *c, OSSL_PARAM *q) {
  if (c->ivstate == IV_NONE) return 0;
  if (c->ivlen > q->data_size) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "IV of %zu bytes does not fit in %zu", c->ivlen, q->data_size);
    return 0;
  }
  return OSSL_PARAM_set_octet_string(q, c->iv, c->ivlen) || OSSL_PARAM_set_octet_ptr(q, c->iv, c->ivlen);
}

/* keylen, ivlen, taglen (16 until known), iv / updated-iv, tlsaadpad,
 * tag (encryption, after final), tlsivgen. */
static int gcm_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  gcm_ctx *c = vc;
  OSSL_PARAM *q;
  if (!hwcp_param_size(params, OSSL_CIPHER_PARAM_IVLEN, c->ivlen) ||
      !hwcp_param_size(params, OSSL_CIPHER_PARAM_KEYLEN, c->keylen) ||
      !hwcp_param_size(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN, c->taglen ? c->taglen : GCM_TAG_MAX))
    return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_IV)) && !get_iv(c, q)) return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) && !get_iv(c, q)) return 0;
  if (!hwcp_param_size(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, c->tls_pad)) return 0;
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
    /* 1..16 bytes of an encryption's tag, once its final made one */
    if (!q->data_size || q->data_size > GCM_TAG_MAX || !c->enc || !c->taglen) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "no AES-GCM tag to get (after an encryption's final, 1..16 bytes)");
      return 0;
    }
    if (!OSSL_PARAM_set_octet_string(q, c->tag, q->data_size)) return 0;
  }
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN)) &&
      (!q->data || q->data_type != OSSL_PARAM_OCTET_STRING || !iv_gen(c, q->data, q->data_size)))
    return 0;
  return 1;
}

/* tag (decryption, 1..16 bytes), ivlen (1..128; a change after the IV
 * ends the message), tlsaad, tlsivfixed, tlsivinv, in that order. */
static int gcm_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  gcm_ctx *c = vc;
  const OSSL_PARAM *q;
  size_t sz;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
    uint8_t t[GCM_TAG_MAX];
    void *tp = t;
    if (!OSSL_PARAM_get_octet_string(q, &tp, sizeof t, &sz)) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-GCM tag: 1..16 bytes");
      return 0;
    }
    if (c->enc || !sz) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, c->enc ? "no tag is set when encrypting" : "empty AES-GCM tag");
      return 0;
    }
    memcpy(c->tag, t, sz);
    c->taglen = sz;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN))) {
    if (!OSSL_PARAM_get_size_t(q, &sz) || !sz || sz > GCM_IV_MAX) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "AES-GCM IV length: 1..%d", GCM_IV_MAX);
      return 0;
    }
    if (sz != c->ivlen) {
      /* an IV already given or made no longer fits: the message cannot go on */
      if (c->ivstate != IV_NONE) {
        msg_drop(c);
        c->ivstate = IV_FINISHED;
      }
      c->ivlen = sz;
    }
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING || !tls_aad(c, q->data, q->data_size)) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "TLS AAD: 13 bytes with a record length that fits");
      return 0;
    }
    c->tls_pad = GCM_TAG_MAX;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) &&
      (q->data_type != OSSL_PARAM_OCTET_STRING || !iv_fixed(c, q->data, q->data_size))) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "TLS fixed IV refused");
    return 0;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV)) &&
      (!q->data || q->data_type != OSSL_PARAM_OCTET_STRING || !iv_inv(c, q->data, q->data_size)))
    return 0;
  return 1;
}

static const OSSL_PARAM gcm_ctx_get_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM gcm_ctx_set_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *gcm_gettable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return gcm_ctx_get_types;
}
static const OSSL_PARAM *gcm_settable_ctx_params(void *vc, void *provctx) {
  (void)vc, (void)provctx;
  return gcm_ctx_set_types;
}

static const OSSL_DISPATCH gcm128_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, gcm128_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, gcm128_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, gcm_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, gcm_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, gcm_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, gcm_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, gcm_update), FN(OSSL_FUNC_CIPHER_FINAL, gcm_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, gcm_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, gcm_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, gcm_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, gcm_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, gcm_settable_ctx_params), {0, NULL}};
static const OSSL_DISPATCH gcm192_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, gcm192_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, gcm192_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, gcm_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, gcm_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, gcm_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, gcm_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, gcm_update), FN(OSSL_FUNC_CIPHER_FINAL, gcm_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, gcm_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, gcm_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, gcm_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, gcm_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, gcm_settable_ctx_params), {0, NULL}};
static const OSSL_DISPATCH gcm256_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, gcm256_newctx), FN(OSSL_FUNC_CIPHER_GET_PARAMS, gcm256_get_params),
    FN(OSSL_FUNC_CIPHER_FREECTX, gcm_freectx), FN(OSSL_FUNC_CIPHER_DUPCTX, gcm_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, gcm_einit), FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, gcm_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, gcm_update), FN(OSSL_FUNC_CIPHER_FINAL, gcm_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, gcm_cipher), FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, gcm_get_ctx_params), FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, gcm_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, gcm_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, gcm_settable_ctx_params), {0, NULL}};

const hwcp_alg hwcp_aes_gcm_algs[] = {
    {OSSL_OP_CIPHER,
     {"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", HWCP_PROPS, gcm128_functions, "hwcrypto AES-128-GCM"},
     HWC_PRIM_AES_GCM},
    {OSSL_OP_CIPHER,
     {"AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26", HWCP_PROPS, gcm192_functions, "hwcrypto AES-192-GCM"},
     HWC_PRIM_AES_GCM},
    {OSSL_OP_CIPHER,
     {"AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", HWCP_PROPS, gcm256_functions, "hwcrypto AES-256-GCM"},
     HWC_PRIM_AES_GCM},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
