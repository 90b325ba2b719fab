/* SPDX-License-Identifier: ISC */
/*
 * Raw ChaCha20 (OpenSSL's "ChaCha20" cipher) over hwc_chacha20.
 *
 * OpenSSL's 16-byte IV is the whole ChaCha20 input row: a 32-bit
 * little-endian block counter, then the 12-byte nonce. The stream goes on
 * across updates: the unused end of the last keystream block is kept for
 * the next call. When the block counter wraps, OpenSSL does not fail: it
 * carries into the next 32-bit word (the first nonce word) and goes on.
 * hwc_chacha20 refuses to pass counter 2^32 - 1, so a run is cut at the
 * wrap and the carry made here, which gives the default provider's bytes.
 *
 * Parameters as OpenSSL 3.0's: keylen 32 and ivlen 16, both settable only
 * to those values; no "num" or "updated-iv" (3.0 answers neither). Update,
 * final and the one-shot cipher call fail with no key set, as 3.0 does;
 * an init with neither key nor IV changes nothing of the stream, and an
 * init with a key but no IV drops the unused keystream and keeps the
 * counter, which stays on a partly used block (see cc_xor), as the
 * default provider's does.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "hwcp_cipher.h"

typedef struct {
  hwcp_prov *prov;
  uint8_t key[32];
  uint32_t ctr[4];  /* the input row (words of the IV): of the block in ks while one is kept */
  uint8_t ks[64];   /* keystream of a partly used block */
  unsigned used;    /* bytes of ks used; 0: no block kept */
  int key_set, enc;
} cc_ctx;

static void *cc_newctx(void *prov) {
  cc_ctx *c = hwcp_ctx_new(prov, sizeof *c, "ChaCha20 context");
  if (c) c->prov = prov;
  return c;
}

/* key and keystream wiped */
static void cc_freectx(void *vc) { hwcp_ctx_free(vc, sizeof(cc_ctx)); }

static void *cc_dupctx(void *vc) {
  const cc_ctx *c = vc;
  return hwcp_ctx_dup(c->prov, c, sizeof *c, "ChaCha20 context");
}

/* The 12 nonce bytes of the input row, for hwc_chacha20. */
static void nonce_bytes(const uint32_t ctr[4], uint8_t n[12]) {
  for (int i = 0; i < 12; i++) n[i] = (uint8_t)(ctr[1 + i / 4] >> (8 * (i % 4)));
}

/* Steps the row by `blocks` (1..2^32 - ctr[0]): a wrap of the counter
 * carries into the first nonce word, as OpenSSL's ChaCha20 does. */
static void step(uint32_t ctr[4], uint64_t blocks) {
  uint64_t next = (uint64_t)ctr[0] + blocks;
  ctr[0] = (uint32_t)next;
  if (next >> 32) ctr[1]++;
}

/* XORs len bytes of the stream into in, writing out: the kept block
 * first, then whole blocks in runs that stop at the counter wrap, then a
 * last partial block, kept. As in OpenSSL 3.0, the counter passes a kept
 * block only when more bytes are needed after it, so a reinit with a new
 * key and no IV starts again at the block that was in use. */
static int cc_xor(cc_ctx *c, uint8_t *out, const uint8_t *in, size_t len) {
  uint8_t n[12];
  while (len && c->used && c->used < 64) *out++ = *in++ ^ c->ks[c->used++], len--;
  if (!len) return 1;
  if (c->used) step(c->ctr, 1);
  c->used = 0;
  size_t tail = len % 64;
  for (uint64_t blocks = len / 64; blocks;) {
    uint64_t room = (1ull << 32) - c->ctr[0], run = blocks < room ? blocks : room;
    nonce_bytes(c->ctr, n);
    if (hwc_chacha20(out, in, (size_t)run * 64, n, c->ctr[0], c->key) != HWC_OK) return 0;
    step(c->ctr, run);
    out += run * 64, in += run * 64, blocks -= run;
  }
  if (tail) {
    memset(c->ks, 0, sizeof c->ks);
    nonce_bytes(c->ctr, n);
    if (hwc_chacha20(c->ks, c->ks, 64, n, c->ctr[0], c->key) != HWC_OK) return 0;
    for (size_t i = 0; i < tail; i++) out[i] = in[i] ^ c->ks[i];
    c->used = (unsigned)tail;
  }
  return 1;
}

static int cc_set_ctx_params(void *vc, const OSSL_PARAM params[]);

/* OpenSSL's order: the IV (whose length must be 16), then the key (32),
 * then the parameters. */
static int cc_init(cc_ctx *c, const uint8_t *key, size_t keylen, const uint8_t *iv, size_t ivlen,
                   const OSSL_PARAM params[], int enc) {
  c->enc = enc;
  if (iv && ivlen != 16) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20 IV of %zu bytes, expected 16", ivlen);
    return 0;
  }
  if (key && keylen != 32) {
    hwcp_raise(c->prov, HWCP_R_BAD_LENGTH, "ChaCha20 key of %zu bytes, expected 32", keylen);
    return 0;
  }
  if (key) {
    memcpy(c->key, key, 32);
    c->key_set = 1;
    c->used = 0;
  }
  if (iv) {
    for (int i = 0; i < 4; i++)
      c->ctr[i] = (uint32_t)iv[4 * i] | (uint32_t)iv[4 * i + 1] << 8 | (uint32_t)iv[4 * i + 2] << 16 |
                  (uint32_t)iv[4 * i + 3] << 24;
    c->used = 0;
  }
  hwcp_used("ChaCha20");
  return cc_set_ctx_params(c, params);
}

static int cc_einit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]) {
  return cc_init(vc, key, keylen, iv, ivlen, params, 1);
}

static int cc_dinit(void *vc, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]) {
  return cc_init(vc, key, keylen, iv, ivlen, params, 0);
}

/* update and the one-shot cipher call: the same stream; no key is an
 * error even for 0 bytes (3.0 checks it first). */
static int cc_update(void *vc, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl) {
  cc_ctx *c = vc;
  if (!c->key_set) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "ChaCha20: no key set");
    return 0;
  }
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  if (outsize < inl) {
    hwcp_raise(c->prov, HWCP_R_OUT_TOO_SMALL, "ChaCha20 output of %zu bytes for %zu", outsize, inl);
    return 0;
  }
  /* hwc_chacha20 refuses partly overlapping buffers: refused here before
   * any byte moves, so the stream is as it was */
  if (!out || !in || (out != in && out < in + inl && in < out + inl)) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20: missing or partly overlapping buffers");
    return 0;
  }
  if (!cc_xor(c, out, in, inl)) {
    hwcp_raise(c->prov, HWCP_R_HWC_FAILED, "hwc_chacha20");
    return 0;
  }
  *outl = inl;
  return 1;
}

static int cc_final(void *vc, unsigned char *out, size_t *outl, size_t outsize) {
  (void)out, (void)outsize;
  cc_ctx *c = vc;
  if (!c->key_set) {
    hwcp_raise(c->prov, HWCP_R_BAD_STATE, "ChaCha20: no key set");
    return 0;
  }
  *outl = 0;
  return 1;
}

/* The algorithm's constants, as OpenSSL's generic cipher parameters
 * give them for ChaCha20: a stream (block size 1), mode 0, custom IV. */
static int cc_get_params(OSSL_PARAM params[]) { return hwcp_cipher_get_params(params, 0, 32, 16, 0, 1); }

static int cc_get_ctx_params(void *vc, OSSL_PARAM params[]) {
  cc_ctx *c = vc;
  OSSL_PARAM *q;
  if (((q = hwcp_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(q, 16)) ||
      ((q = hwcp_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(q, 32))) {
    hwcp_raise(c->prov, HWCP_R_BAD_ARG, "ChaCha20: cannot set %s", q->key);
    return 0;
  }
  return 1;
}

/* keylen and ivlen: only the lengths ChaCha20 has (OpenSSL's checks). */
static int cc_set_ctx_params(void *vc, const OSSL_PARAM params[]) {
  cc_ctx *c = vc;
  const OSSL_PARAM *q;
  if (!params) return 1;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
      !hwcp_cipher_fixed_size(c->prov, "ChaCha20", q, 32))
    return 0;
  if ((q = hwcp_locate_const(params, OSSL_CIPHER_PARAM_IVLEN)) &&
      !hwcp_cipher_fixed_size(c->prov, "ChaCha20", q, 16))
    return 0;
  return 1;
}

static const OSSL_PARAM cc_ctx_param_types[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
                                                OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL), OSSL_PARAM_END};

static const OSSL_PARAM *cc_ctx_params(void *cctx, void *provctx) {
  (void)cctx, (void)provctx;
  return cc_ctx_param_types;
}

static const OSSL_DISPATCH cc_functions[] = {
    FN(OSSL_FUNC_CIPHER_NEWCTX, cc_newctx),
    FN(OSSL_FUNC_CIPHER_FREECTX, cc_freectx),
    FN(OSSL_FUNC_CIPHER_DUPCTX, cc_dupctx),
    FN(OSSL_FUNC_CIPHER_ENCRYPT_INIT, cc_einit),
    FN(OSSL_FUNC_CIPHER_DECRYPT_INIT, cc_dinit),
    FN(OSSL_FUNC_CIPHER_UPDATE, cc_update),
    FN(OSSL_FUNC_CIPHER_FINAL, cc_final),
    FN(OSSL_FUNC_CIPHER_CIPHER, cc_update),
    FN(OSSL_FUNC_CIPHER_GET_PARAMS, cc_get_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_PARAMS, hwcp_cipher_gettable_params),
    FN(OSSL_FUNC_CIPHER_GET_CTX_PARAMS, cc_get_ctx_params),
    FN(OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, cc_ctx_params),
    FN(OSSL_FUNC_CIPHER_SET_CTX_PARAMS, cc_set_ctx_params),
    FN(OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, cc_ctx_params),
    {0, NULL}};

const hwcp_alg hwcp_chacha20_algs[] = {
    {OSSL_OP_CIPHER, {"ChaCha20", HWCP_PROPS, cc_functions, "hwcrypto ChaCha20"}, HWC_PRIM_CHACHA20},
    {0, {NULL, NULL, NULL, NULL}, HWC_PRIM_COUNT}};
