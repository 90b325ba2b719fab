/* SPDX-License-Identifier: ISC */
/*
 * ChaCha20-Poly1305 (RFC 8439) as OpenSSL 3.0's default provider has it.
 *
 * What an application can do, and what OpenSSL 3.0 then does:
 *  - IV: 12 bytes only (3.0.x refuses any other ivlen); a new IV without
 *    a key starts a new message under the old key (TLS 1.3, per record).
 *  - AAD: update with out == NULL, any number of pieces.
 *  - A message starts at its first update or final, not at init; final
 *    writes the tag (encrypting) or compares the first tag_len bytes of
 *    the tag set with the "tag" parameter (decrypting; tag_len is 0 until
 *    one is set, and then nothing is compared: OpenSSL accepts). Another
 *    update or final after that starts a new message with the same nonce.
 *  - tag length 1..16 on set and get; the tag is gettable only encrypting.
 *  - TLS 1.2 (RFC 7905): "tlsivfixed" sets the 12-byte IV, "tlsaad" the
 *    13-byte record header (the nonce becomes IV ^ sequence number; the
 *    length field loses the 16 tag bytes when decrypting), "tlsaadpad"
 *    answers 16; then one call on the whole record, payload || tag, seals
 *    or opens it in place; a bad tag fails and zeroes the payload out.
 *
 * Messages run on one of two engines. The hwc engine is hwcrypto's
 * incremental AEAD (hwc_chacha20poly1305_start/aad/update/finish[_verify],
 * the chacha20-poly1305 primitive, its fused kernels where selected); a
 * whole TLS 1.2 record goes to the one-shot functions. The hwc engine
 * verifies 16-byte tags only and hands out no tag when decrypting, so a
 * decryption that starts with a tag length other than 16 set runs on the
 * own engine instead: hwc_chacha20 and hwc_poly1305 composed the way
 * OpenSSL composes them, which can give the whole tag and also follows
 * OpenSSL where it leaves RFC 8439 (AAD given after data is MACed where it
 * comes, padded by the AAD total; see own_*). Two things the hwc engine
 * cannot follow once its message is under way are refused with an error:
 * AAD after data, and a decryption whose tag length changes from 16 to a
 * shorter one before final (OpenSSL would MAC the first case its own way
 * and compare a prefix in the second).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "hwcp_cipher.h"

#define NO_TLS SIZE_MAX /* no TLS record announced */

enum { ENGINE_NONE, ENGINE_HWC, ENGINE_OWN };

typedef struct {
  hwcp_prov *prov;
  uint8_t key[32];
  uint8_t nonce[12];   /* from the IV or tlsivfixed */
  uint8_t cur[12];     /* what messages use: nonce, or nonce ^ the sequence number after tlsaad */
  uint8_t tag[16];     /* the last tag made (encrypting) or the one set (decrypting) */
  size_t tag_len;      /* the tag parameter's length; 0 until set */
  uint8_t tls_aad[13]; /* the record header, its length without the tag */
  size_t tls_plen;     /* the record's payload length, or NO_TLS */
  size_t tls_pad;      /* tlsaadpad: 16 once a tlsaad was taken */
  int enc;
  int engine;          /* ENGINE_NONE: no message under way (OpenSSL's !mac_inited) */
  int hwc_enc, hwc_data; /* the hwc message's direction; whether it had data */
  hwc_chacha20poly1305_ctx m;
  /* the own engine: Poly1305 as OpenSSL feeds it, ChaCha20 from block 1 */
  hwc_poly1305_ctx mac;
  uint64_t aad_len, text_len;
  int aad_open;        /* AAD since the last pad (OpenSSL's ctx->aad) */
  uint32_t ctr;        /* the next keystream block */
  uint8_t ks[64];
  unsigned used;       /* bytes of ks used; 0: none kept */
} cp_ctx;

static void *cp_newctx(void *prov) {
  cp_ctx *c = hwcp_ctx_new(prov, sizeof *c, "ChaCha20-Poly1305 context");
  if (!c) return NULL;
  c->prov = prov;
  c->tls_plen = NO_TLS;
  return c;
}

/* key, MAC states and keystream wiped */
static void cp_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(cp_ctx)); }

/* A copy forks the message: both contexts are plain data. */
static void *cp_dupctx(void *vc) {
  const cp_ctx *c = vc;
  return hwcp_ctx_dup(c->prov, c, sizeof *c, "ChaCha20-Poly1305 context");
}

/* Drops the message under way (OpenSSL's mac_inited = 0), wiping it. */
static void msg_drop(cp_ctx *c) {
  if (c->engine == ENGINE_HWC) hwc_memzero(&c->m, sizeof c->m);
  if (c->engine == ENGINE_OWN) {
    hwc_memzero(&c->mac, sizeof c->mac);
    hwc_memzero(c->ks, sizeof c->ks);
  }
  c->engine = ENGINE_NONE;
}

/* ---- the own engine ---- */

/* XORs n bytes of keystream (blocks from ctr, under cur) into in. A
 * counter back at 0 has wrapped (256 GiB): refused, as the hwc engine
 * refuses it, rather than reusing block 0. */
static int own_xor(cp_ctx *c, uint8_t *out, const uint8_t *in, size_t n) {
  while (n && c->used && c->used < 64) *out++ = *in++ ^ c->ks[c->used++], n--;
  if (!n) return 1;
  c->used = 0;
  if (c->ctr == 0) return 0;
  size_t whole = n - n % 64;
  if (whole) {
    if (hwc_chacha20(out, in, whole, c->cur, c->ctr, c->key) != HWC_OK) return 0;
    c->ctr += (uint32_t)(whole / 64);
    out += whole, in += whole, n -= whole;
  }
  if (n) {
    memset(c->ks, 0, 64);
    if (hwc_chacha20(c->ks, c->ks, 64, c->cur, c->ctr, c->key) != HWC_OK) return 0;
    c->ctr++;
    for (size_t i = 0; i < n; i++) out[i] = in[i] ^ c->ks[i];
    c->used = (unsigned)n;
  }
  return 1;
}

/* Zero bytes into the MAC up to the next multiple of 16 of `len`. */
static void own_pad(cp_ctx *c, uint64_t len) {
  static const uint8_t zero[16];
  if (len % 16) hwc_poly1305_update(&c->mac, zero, 16 - (size_t)(len % 16));
}

/* The one-time key from block 0, keystream from block 1. */
static int own_start(cp_ctx *c) {
  uint8_t otk[32] = {0};
  if (hwc_chacha20(otk, otk, 32, c->cur, 0, c->key) != HWC_OK) return 0;
  hwc_poly1305_init(&c->mac, otk);
  hwc_memzero(otk, sizeof otk);
  c->aad_len = c->text_len = 0;
  c->aad_open = 0;
  c->ctr = 1;
  c->used = 0;
  return 1;
}

/* AAD goes into the MAC where it comes, even after data: OpenSSL pads it
 * only when data or final comes next, by the AAD total so far. */
static void own_aad(cp_ctx *c, const uint8_t *in, size_t n) {
  hwc_poly1305_update(&c->mac, in, n);
  c->aad_len += n;
  c->aad_open = 1;
}

/* The MAC takes the ciphertext: the input when decrypting (before an
 * in-place call overwrites it), the output when encrypting. */
static int own_text(cp_ctx *c, uint8_t *out, const uint8_t *in, size_t n) {
  if (c->aad_open) own_pad(c, c->aad_len);
  c->aad_open = 0;
  if (!c->enc) hwc_poly1305_update(&c->mac, in, n);
  if (!own_xor(c, out, in, n)) return 0;
  if (c->enc) hwc_poly1305_update(&c->mac, out, n);
  c->text_len += n;
  return 1;
}

/* Pads, the two lengths, the tag; ends the message. */
static void own_tag(cp_ctx *c, uint8_t tag[16]) {
  uint8_t lens[16];
  if (c->aad_open) own_pad(c, c->aad_len);
  own_pad(c, c->text_len);
  for (int i = 0; i < 8; i++) lens[i] = (uint8_t)(c->aad_len >> 8 * i), lens[8 + i] = (uint8_t)(c->text_len >> 8 * i);
  hwc_poly1305_update(&c->mac, lens, 16);
  hwc_poly1305_final(&c->mac, tag); /* wipes c->mac */
  hwc_memzero(c->ks, sizeof c->ks);
  c->engine = ENGINE_NONE;
}

/* ---- one message, on either engine ---- */

/* Starts a message as OpenSSL does at the first call after init, final or
 * tlsaad: under cur, with the TLS header as AAD when one is announced. */
static int msg_start(cp_ctx *c) {
  int ok;
  if (!c->enc && c->tag_len != 16) {
    ok = own_start(c);
    c->engine = ENGINE_OWN;
  } else {
    ok = hwc_chacha20poly1305_start(&c->m, c->enc, c->cur, c->key) == HWC_OK;
    c->engine = ENGINE_HWC;
    c->hwc_enc = c->enc;
    c->hwc_data = 0;
  }
  if (ok && c->tls_plen != NO_TLS) {
    if (c->engine == ENGINE_OWN) own_aad(c, c->tls_aad, 13);
    else ok = hwc_chacha20poly1305_aad(&c->m, c->tls_aad, 13) == HWC_OK;
  }
  if (!ok) {
    msg_drop(c);
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "ChaCha20-Poly1305: starting a message");
  }
  return ok;
}

/* The hwc engine runs one direction, the one it started in: an init with
 * neither key nor IV that turns it mid-message is beyond it. */
static int hwc_same_direction(cp_ctx *c) {
  if (c->hwc_enc == c->enc) return 1;
  hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "ChaCha20-Poly1305: direction changed in a message");
  return 0;
}

static int msg_aad(cp_ctx *c, const uint8_t *in, size_t n) {
  if (c->engine == ENGINE_OWN) {
    own_aad(c, in, n);
    return 1;
  }
  if (c->hwc_data) {
    hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "ChaCha20-Poly1305: AAD after data is not supported");
    return 0;
  }
  if (hwc_chacha20poly1305_aad(&c->m, in, n) != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_chacha20poly1305_aad");
    return 0;
  }
  return 1;
}

static int msg_text(cp_ctx *c, uint8_t *out, const uint8_t *in, size_t n) {
  int ok;
  if (c->engine == ENGINE_OWN) {
    ok = own_text(c, out, in, n);
  } else {
    if (!hwc_same_direction(c)) return 0;
    ok = hwc_chacha20poly1305_update(&c->m, out, in, n) == HWC_OK;
    c->hwc_data = 1;
  }
  if (!ok) hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "ChaCha20-Poly1305: data (too long, or overlapping buffers)");
  return ok;
}

/* Encrypting: the 16-byte tag; ends the message. */
static int msg_seal(cp_ctx *c, uint8_t tag[16]) {
  if (c->engine == ENGINE_OWN) {
    own_tag(c, tag);
    return 1;
  }
  if (!hwc_same_direction(c)) return 0;
  c->engine = ENGINE_NONE;
  return hwc_chacha20poly1305_finish(&c->m, tag) == HWC_OK;
}

/* Decrypting: 1 if the first len bytes of the tag match (len 0 always
 * does, as in OpenSSL), 0 if not, -1 when the hwc engine cannot tell (a
 * tag shorter than 16 set mid-message). Ends the message. */
static int msg_open(cp_ctx *c, const uint8_t *tag, size_t len) {
  if (c->engine == ENGINE_OWN) {
    uint8_t want[16];
    own_tag(c, want);
    int ok = hwc_memequal(want, tag, len);
    hwc_memzero(want, sizeof want);
    return ok;
  }
  if (!hwc_same_direction(c)) return -1;
  if (len == 16) {
    c->engine = ENGINE_NONE;
    return hwc_chacha20poly1305_finish_verify(&c->m, tag) == HWC_OK;
  }
  msg_drop(c);
  if (len == 0) return 1;
  hwcp_raise(c->prov, HWCP_R_UNSUPPORTED, "ChaCha20-Poly1305: a %zu-byte tag set after the message began", len);
  return -1;
}

/* ---- OpenSSL's AEAD call ---- */

/* A whole TLS 1.2 record, payload || tag, in one call: the one-shot
 * functions under the record's nonce and header. Decrypting, a bad tag
 * leaves the payload's place zeroed (hwc_chacha20poly1305_decrypt does,
 * as OpenSSL does). The record is no longer announced afterwards. */
static int tls_record(cp_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t len) {
  size_t plen = c->tls_plen;
  int r;
  c->tls_plen = NO_TLS;
  if (c->enc) {
    r = hwc_chacha20poly1305_encrypt(out, c->tag, in, plen, c->tls_aad, 13, c->cur, c->key);
    if (r == HWC_OK) memcpy(out + plen, c->tag, 16);
  } else {
    r = hwc_chacha20poly1305_decrypt(out, in, plen, in + plen, c->tls_aad, 13, c->cur, c->key);
  }
  if (r == HWC_ERR_AUTH) return 0; /* OpenSSL puts nothing on the error queue for a bad tag */
  if (r != HWC_OK) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "ChaCha20-Poly1305 TLS record: %s", hwc_strerror(r));
    return 0;
  }
  *outl = c->enc ? len : plen;
  return 1;
}

/* OpenSSL's one entry for everything (its aead_cipher): in == NULL is
 * final; out == NULL is AAD; otherwise data, or with a TLS record
 * announced the whole record (payload || tag) in one call. */
static int cp_aead(cp_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t inl) {
  size_t plen = c->tls_plen;
  if (c->engine == ENGINE_NONE) {
    if (plen != NO_TLS && out) {
      if (inl != plen + 16) return 0; /* the record announced, or nothing; the announcement stays */
      return tls_record(c, out, outl, in, inl);
    }
    if (!msg_start(c)) return 0;
  }
  if (in && !out) {
    if (!msg_aad(c, in, inl)) return 0;
    *outl = inl;
    return 1;
  }
  if (in) {
    c->tls_plen = NO_TLS; /* dropped even when the length below is wrong, as OpenSSL does */
    if (plen == NO_TLS) {
      plen = inl;
    } else if (inl != plen + 16) {
      *outl = 0;
      return 0;
    }
    if (!msg_text(c, out, in, plen)) return 0;
    if (inl == plen) {
      *outl = inl;
      return 1;
    }
    /* a TLS record in a message begun with AAD: its tag follows the payload */
    if (c->enc) {
      if (!msg_seal(c, c->tag)) return 0;
      memcpy(out + plen, c->tag, 16);
      *outl = inl;
      return 1;
    }
    if (msg_open(c, in + plen, 16) != 1) {
      memset(out, 0, plen);
      *outl = 0;
      return 0;
    }
    *outl = plen;
    return 1;
  }
  /* final (or a data call with no input, which OpenSSL takes as one) */
  if (c->enc ? !msg_seal(c, c->tag) : msg_open(c, c->tag, c->tag_len) != 1) {
    *outl = 0;
    return 0;
  }
  *outl = inl;
  return 1;
}

static int cp_cipher(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl) {
  cp_ctx *c = vc;
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "ChaCha20-Poly1305 output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  return cp_aead(c, out, outl, in, inl);
}

static int cp_final(void *vc, unsigned char *out, size_t *outl, size_t outsize) {
  (void)outsize;
  if (!cp_aead(vc, out, outl, NULL, 0)) return 0;
  *outl = 0;
  return 1;
}

/* ---- init and parameters ---- */

static int cp_set_ctx_params(void *vc, const OSSL_PARAM params[]);

/* OpenSSL's order: the IV length (12), the key length (32); a key drops
 * the message under way, an IV too and sets the nonce; then parameters.
 * With neither, the message goes on (only the direction is set). */
static int cp_init(cp_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv, size_t ivlen,
                   const OSSL_PARAM params[], int enc) {
  c->enc = enc;
  if (iv && ivlen != 12) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20-Poly1305 IV of %zu bytes, expected 12", ivlen);
    return 0;
  }
  if (key && keylen != 32) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20-Poly1305 key of %zu bytes, expected 32", keylen);
    return 0;
  }
  if (key || iv) {
    msg_drop(c);
    c->tls_plen = NO_TLS;
  }
  if (key) memcpy(c->key, key, 32);
  if (iv) {
    memcpy(c->nonce, iv, 12);
    memcpy(c->cur, iv, 12);
  }
  hwcp_used("ChaCha20-Poly1305");
  return cp_set_ctx_params(c, params);
}

static int cp_einit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]) {
  return cp_init(vc, key, keylen, iv, ivlen, params, 1);
}

static int cp_dinit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]) {
  return cp_init(vc, key, keylen, iv, ivlen, params, 0);
}

/* The algorithm's constants as OpenSSL's generic cipher parameters give
 * them: a stream (block size 1), mode 0, custom IV, ivlen 12, AEAD. */
static int cp_get_params(OSSL_PARAM params[]) { return hwcp_cipher_get_params(params, 0, 32, 12, 1, 1); }

/* The tag is gettable only encrypting, in 1..16 bytes (its first ones),
 * whether or not a message has been sealed yet: as OpenSSL. */
static int cp_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  cp_ctx *c = vc;
  OSSL_PARAM *q;
  if (((q = hwcp_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(q, 12)) ||
      ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(q, 32)) ||
      ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) && !OSSL_PARAM_set_size_t(q, c->tag_len)) ||
      ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) &&
       !OSSL_PARAM_set_size_t(q, c->tls_pad))) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20-Poly1305: cannot set %s", q->key);
    return 0;
  }
  if ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20-Poly1305: the tag is an octet string");
      return 0;
    }
    if (!c->enc) {
      hwcp_raise(c->prov, HWCP_R_BAD_STATE, "ChaCha20-Poly1305: no tag to get when decrypting");
      return 0;
    }
    if (q->data_size == 0 || q->data_size > 16) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20-Poly1305 tag of %zu bytes", q->data_size);
      return 0;
    }
    memcpy(q->data, c->tag, q->data_size);
  }
  return 1;
}

/* tlsaad: the 13-byte header of the next record. Decrypting, its length
 * field counts the tag, which is taken off (a length under 16 is
 * refused, after the header is kept, as OpenSSL keeps it). The nonce
 * becomes the IV with its last 8 bytes XORed with the sequence number
 * (the header's first 8), and stays so for later messages until the next
 * IV. Any message under way is dropped. */
static int tls_aad(cp_ctx *c, const uint8_t *aad, size_t n) {
  if (n != 13) return 0;
  memcpy(c->tls_aad, aad, 13);
  size_t len = (size_t)aad[11] << 8 | aad[12];
  if (!c->enc) {
    if (len < 16) return 0;
    len -= 16;
    c->tls_aad[11] = (uint8_t)(len >> 8);
    c->tls_aad[12] = (uint8_t)len;
  }
  c->tls_plen = len;
  memcpy(c->cur, c->nonce, 4);
  for (int i = 0; i < 8; i++) c->cur[4 + i] = c->nonce[4 + i] ^ aad[i];
  msg_drop(c);
  return 1;
}

/* In OpenSSL's order, stopping at the first bad one: keylen, ivlen, tag,
 * tlsaad, tlsivfixed. */
static int cp_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  cp_ctx *c = vc;
  const OSSL_PARAM *q;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
      !hwcp_cipher_fixed_size(c->prov, "ChaCha20-Poly1305", q, 32))
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_IVLEN)) &&
      !hwcp_cipher_fixed_size(c->prov, "ChaCha20-Poly1305", q, 12))
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20-Poly1305: the tag is an octet string");
      return 0;
    }
    if (q->data_size == 0 || q->data_size > 16) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20-Poly1305 tag of %zu bytes", q->data_size);
      return 0;
    }
    if (q->data) { /* NULL data sets the length alone */
      if (c->enc) {
        hwcp_raise(c->prov, HWCP_R_BAD_STATE, "ChaCha20-Poly1305: no tag to set when encrypting");
        return 0;
      }
      memcpy(c->tag, q->data, q->data_size);
    }
    c->tag_len = q->data_size;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING || !q->data || !tls_aad(c, q->data, q->data_size)) {
      hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20-Poly1305: bad TLS record header");
      return 0;
    }
    c->tls_pad = 16;
  }
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED))) {
    if (q->data_type != OSSL_PARAM_OCTET_STRING || !q->data || q->data_size != 12) {
      hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20-Poly1305: the fixed TLS IV is 12 bytes");
      return 0;
    }
    memcpy(c->nonce, q->data, 12);
    memcpy(c->cur, q->data, 12);
  }
  return 1;
}

static const OSSL_PARAM cp_gettable_ctx_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_END};

static const OSSL_PARAM cp_settable_ctx_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *cp_gettable_ctx_params(void *cctx, void *provctx) {
  (void)cctx, (void)provctx;
  return cp_gettable_ctx_types;
}

static const OSSL_PARAM *cp_settable_ctx_params(void *cctx, void *provctx) {
  (void)cctx, (void)provctx;
  return cp_settable_ctx_types;
}

static const OSSL_DISPATCH cp_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, cp_newctx),
    FN(OSSL_FUNC_CIPHER_FREECTX, cp_freectx),
    FN(OSSL_FUNC_CIPHER_DUPCTX, cp_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, cp_einit),
    FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, cp_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, cp_cipher),
    FN(OSSL_FUNC_CIPHER_FINAL, cp_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, cp_cipher),
    FN(OSSL_FUNC_CIPHER_GET_PARAMS, cp_get_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, cp_get_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, cp_gettable_ctx_params),
    FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, cp_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, cp_settable_ctx_params),
    {0, NULL}};

const hwcp_alg hwcp_chacha20_poly1305_algs[] = {
    {OSSL_OP_CIPHER,
     {"ChaCha20-Poly1305", HWCP_PROPS, cp_functions, "hwcrypto ChaCha20-Poly1305"},
     HWC_PRIM_CHACHA20_POLY1305},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
