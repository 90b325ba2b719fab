/* SPDX-License-Identifier: ISC */
/* AES-GCM (NIST SP 800-38D): J0 from the nonce, GHASH over the additional
 * data, the ciphertext and the length block, the tag and its constant-time
 * check, for every aes-gcm entry (src/kernels.h). The key records the
 * entry that set it up: a whole message goes to the entry's seal/open if
 * it has them, the bulk data to its fused encrypt/decrypt if it has them;
 * under "separate" the member kernels run in cache-sized alternating
 * chunks. */
#include "aes_internal.h"

/* 2^36 - 32 bytes of plaintext (2^32 - 2 counter blocks); AAD and nonce are
 * limited to 2^64 - 1 bits. */
#define GCM_MAX_LEN ((((uint64_t)1) << 36) - 32)
#define GCM_MAX_AAD ((((uint64_t)1) << 61) - 1)
/* Blocks per chunk on the unfused path: small enough to stay in L1 between
 * the cipher pass and the hash pass. */
#define GCM_CHUNK 256

/* The fields of a GCM key object, reached without a member access (it may
 * sit at any address: see aes_internal.h). */
static inline const hwc_aes_key *gcm_aes_key(const hwc_aes_gcm_key *key) {
  return (const hwc_aes_key *)(const void *)((const uint8_t *)key + offsetof(hwc_aes_gcm_key, aes_));
}

static inline const void *gcm_ghash_table(const hwc_aes_gcm_key *key) {
  return (const uint8_t *)key + offsetof(hwc_aes_gcm_key, ghash_);
}

static inline const hwc_ghash_kernel *gcm_ghash_impl(const hwc_aes_gcm_key *key) {
  const void *impl;
  memcpy(&impl, (const uint8_t *)key + offsetof(hwc_aes_gcm_key, ghash_impl_), sizeof impl);
  return impl;
}

/* The aes-gcm entry that set the key up (NULL before init, after wipe). */
static inline const hwc_aes_gcm_kernel *gcm_pair(const hwc_aes_gcm_key *key) {
  const void *pair;
  memcpy(&pair, (const uint8_t *)key + offsetof(hwc_aes_gcm_key, pair_), sizeof pair);
  return pair;
}

int hwc_aes_gcm_init(hwc_aes_gcm_key *key, const uint8_t *k, size_t k_len) {
  HWC_DIT_SCOPE();
  if (!key) return HWC_ERR_INVALID_ARG;
  uint8_t *raw = (uint8_t *)key;
  const hwc_aes_key *aes = gcm_aes_key(key);
  /* The entry's members, or under "separate" the selected tables. */
  const hwc_aes_gcm_kernel *pair = HWC_KERNEL(HWC_PRIM_AES_GCM, hwc_aes_gcm_kernel);
  const hwc_aes_kernel *a = pair->aes ? pair->aes : HWC_KERNEL(HWC_PRIM_AES, hwc_aes_kernel);
  const hwc_ghash_kernel *g = pair->ghash ? pair->ghash : HWC_KERNEL(HWC_PRIM_GHASH, hwc_ghash_kernel);
  int err = hwc_aes_init_with((hwc_aes_key *)(void *)(raw + offsetof(hwc_aes_gcm_key, aes_)), k, k_len, a);
  if (err) return err;
  uint8_t h[16] = {0};
  a->encrypt(h, h, 1, aes_key_schedule(aes), aes_key_rounds(aes));
  g->init(raw + offsetof(hwc_aes_gcm_key, ghash_), h);
  memcpy(raw + offsetof(hwc_aes_gcm_key, ghash_impl_), &g, sizeof g);
  memcpy(raw + offsetof(hwc_aes_gcm_key, pair_), &pair, sizeof pair);
  hwc_memzero(h, sizeof h);
  return HWC_OK;
}

void hwc_aes_gcm_key_wipe(hwc_aes_gcm_key *key) {
  if (key) hwc_memzero(key, sizeof *key);
}

/* GHASH of len bytes, the last block zero-padded. */
static void ghash_padded(uint8_t y[16], const uint8_t *p, size_t len, const hwc_aes_gcm_key *key) {
  const hwc_ghash_kernel *g = gcm_ghash_impl(key);
  if (len >= 16) g->update(y, p, len / 16, gcm_ghash_table(key));
  if (len % 16) {
    uint8_t last[16] = {0};
    memcpy(last, p + (len & ~(size_t)15), len % 16);
    g->update(y, last, 1, gcm_ghash_table(key));
    hwc_memzero(last, sizeof last);
  }
}

static void ghash_lengths(uint8_t y[16], uint64_t a_len, uint64_t c_len, const hwc_aes_gcm_key *key) {
  uint8_t block[16];
  hwc_store64_be(block, a_len * 8);
  hwc_store64_be(block + 8, c_len * 8);
  gcm_ghash_impl(key)->update(y, block, 1, gcm_ghash_table(key));
}

/* The pre-counter block J0: nonce || 0^31 || 1 for 96-bit nonces, otherwise
 * GHASH(nonce padded || 0^64 || [bit length]_64). */
static void make_j0(uint8_t j0[16], const uint8_t *nonce, size_t nonce_len, const hwc_aes_gcm_key *key) {
  if (nonce_len == 12) {
    memcpy(j0, nonce, 12);
    j0[12] = j0[13] = j0[14] = 0;
    j0[15] = 1;
    return;
  }
  memset(j0, 0, 16);
  ghash_padded(j0, nonce, nonce_len, key);
  ghash_lengths(j0, 0, nonce_len, key);
}

/* Messages of up to GCM_SHORT blocks (the last one possibly partial) take
 * one pass of each kernel over a stack copy: E(J0) and the keystream in one
 * CTR call from J0 (the counters J0, inc32(J0), ... are consecutive, so the
 * blocks are enciphered side by side, eight with the 8-lane kernels), then
 * one GHASH call over the zero-padded ciphertext and the length block (a
 * single reduction run). Three dependent kernel calls and the one-block
 * GHASH of the lengths would otherwise dominate a short message. */
#define GCM_SHORT 7

static void gcm_crypt_short(int decrypt, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                            uint64_t aad_len, uint8_t j0[16], uint8_t y[16], const hwc_aes_gcm_key *key) {
  const hwc_aes_kernel *aes = aes_key_impl(gcm_aes_key(key));
  const hwc_ghash_kernel *g = gcm_ghash_impl(key);
  const void *rk = aes_key_schedule(gcm_aes_key(key)), *table = gcm_ghash_table(key);
  size_t nblk = (len + 15) / 16;
  /* [0]: becomes E(J0); [1 .. nblk]: the message, zero-padded; [nblk + 1]:
   * the length block. */
  uint8_t buf[16 * (GCM_SHORT + 2)];
  memset(buf, 0, 16 * (nblk + 1));
  if (len) memcpy(buf + 16, in, len);
  hwc_store64_be(buf + 16 * (nblk + 1), aad_len * 8);
  hwc_store64_be(buf + 16 * (nblk + 1) + 8, (uint64_t)len * 8);
  if (decrypt) g->update(y, buf + 16, nblk + 1, table);
  aes->ctr32(buf, buf, nblk + 1, j0, rk, aes_key_rounds(gcm_aes_key(key)));
  if (len) memcpy(out, buf + 16, len);
  if (!decrypt) {
    memset(buf + 16 + len, 0, 16 * nblk - len); /* the ciphertext's padding */
    g->update(y, buf + 16, nblk + 1, table);
  }
  for (int i = 0; i < 16; i++) tag[i] = buf[i] ^ y[i];
  hwc_memzero(buf, sizeof buf);
}

/* full whole blocks in -> out from the counter block ctr (advanced),
 * their ciphertext absorbed into y: the entry's fused bulk step when it has
 * one, else the members alternating over cache-sized chunks. */
static void gcm_blocks(int decrypt, uint8_t *out, const uint8_t *in, size_t full, uint8_t ctr[16], uint8_t y[16],
                       const hwc_aes_gcm_key *key) {
  const hwc_aes_gcm_kernel *pair = gcm_pair(key);
  const void *rk = aes_key_schedule(gcm_aes_key(key)), *table = gcm_ghash_table(key);
  unsigned rounds = aes_key_rounds(gcm_aes_key(key));
  if (!full) return;
  if (pair->encrypt) {
    (decrypt ? pair->decrypt : pair->encrypt)(out, in, full, ctr, y, rk, rounds, table);
    return;
  }
  const hwc_aes_kernel *aes = aes_key_impl(gcm_aes_key(key));
  const hwc_ghash_kernel *g = gcm_ghash_impl(key);
  for (size_t done = 0; done < full;) {
    size_t n = full - done < GCM_CHUNK ? full - done : GCM_CHUNK;
    const uint8_t *src = in + 16 * done;
    uint8_t *dst = out + 16 * done;
    if (decrypt) g->update(y, src, n, table);
    aes->ctr32(dst, src, n, ctr, rk, rounds);
    if (!decrypt) g->update(y, dst, n, table);
    done += n;
  }
}

/* Encrypts or decrypts len bytes and leaves the full 16-byte tag in tag. */
static void gcm_crypt(int decrypt, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                      const uint8_t *aad, size_t aad_len, const uint8_t *nonce, size_t nonce_len,
                      const hwc_aes_gcm_key *key) {
  const hwc_aes_gcm_kernel *pair = gcm_pair(key);
  const hwc_aes_kernel *aes = aes_key_impl(gcm_aes_key(key));
  const hwc_ghash_kernel *g = gcm_ghash_impl(key);
  const void *rk = aes_key_schedule(gcm_aes_key(key)), *table = gcm_ghash_table(key);
  unsigned rounds = aes_key_rounds(gcm_aes_key(key));
  uint8_t j0[16], ctr[16], y[16] = {0};

  make_j0(j0, nonce, nonce_len, key);
  if (pair->seal) {
    (decrypt ? pair->open : pair->seal)(out, in, len, aad, aad_len, j0, tag, rk, rounds, table);
    hwc_memzero(j0, sizeof j0);
    return;
  }
  if ((len + 15) / 16 <= GCM_SHORT) {
    ghash_padded(y, aad, aad_len, key);
    gcm_crypt_short(decrypt, out, in, len, tag, aad_len, j0, y, key);
    hwc_memzero(y, sizeof y);
    hwc_memzero(j0, sizeof j0);
    return;
  }
  memcpy(ctr, j0, 16);
  aes->ctr32(tag, (const uint8_t[16]){0}, 1, ctr, rk, rounds); /* E(J0), ctr = inc32(J0) */
  ghash_padded(y, aad, aad_len, key);

  size_t full = len / 16, rest = len % 16;
  gcm_blocks(decrypt, out, in, full, ctr, y, key);
  if (rest) {
    uint8_t block[16] = {0};
    size_t at = 16 * full;
    memcpy(block, in + at, rest);
    if (decrypt) g->update(y, block, 1, table);
    aes->ctr32(block, block, 1, ctr, rk, rounds);
    memset(block + rest, 0, 16 - rest);
    memcpy(out + at, block, rest);
    if (!decrypt) g->update(y, block, 1, table);
    hwc_memzero(block, sizeof block);
  }
  ghash_lengths(y, aad_len, len, key);
  for (int i = 0; i < 16; i++) tag[i] ^= y[i];
  hwc_memzero(y, sizeof y);
  hwc_memzero(ctr, sizeof ctr);
  hwc_memzero(j0, sizeof j0); /* derived from H when the nonce is not 96 bits */
}

static int check_args(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *nonce, size_t nonce_len,
                      const hwc_aes_gcm_key *key) {
  if (!key || !aes_key_impl(gcm_aes_key(key)) || !gcm_ghash_impl(key) || !gcm_pair(key) || !tag || !nonce)
    return HWC_ERR_INVALID_ARG;
  if (tag_len < 12 || tag_len > 16 || nonce_len == 0) return HWC_ERR_INVALID_ARG;
  if ((len && (!out || !in)) || (aad_len && !aad)) return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > GCM_MAX_LEN || (uint64_t)aad_len > GCM_MAX_AAD || (uint64_t)nonce_len > GCM_MAX_AAD)
    return HWC_ERR_TOO_LONG;
  if (hwc_partial_overlap(out, in, len)) return HWC_ERR_INVALID_ARG;
  return HWC_OK;
}

int hwc_aes_gcm_encrypt(uint8_t *ct, uint8_t *tag, size_t tag_len, const uint8_t *pt, size_t len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *nonce, size_t nonce_len,
                        const hwc_aes_gcm_key *key) {
  HWC_DIT_SCOPE();
  int err = check_args(ct, pt, len, tag, tag_len, aad, aad_len, nonce, nonce_len, key);
  if (err) return err;
  uint8_t full[16];
  gcm_crypt(0, ct, pt, len, full, aad, aad_len, nonce, nonce_len, key);
  memcpy(tag, full, tag_len);
  hwc_memzero(full, sizeof full);
  return HWC_OK;
}

int hwc_aes_gcm_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t *tag, size_t tag_len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *nonce, size_t nonce_len,
                        const hwc_aes_gcm_key *key) {
  HWC_DIT_SCOPE();
  int err = check_args(pt, ct, len, tag, tag_len, aad, aad_len, nonce, nonce_len, key);
  if (err) {
    if (pt && len && (uint64_t)len <= GCM_MAX_LEN && !hwc_partial_overlap(pt, ct, len)) hwc_memzero(pt, len);
    return err;
  }
  uint8_t full[16];
  gcm_crypt(1, pt, ct, len, full, aad, aad_len, nonce, nonce_len, key);
  int ok = hwc_memequal(full, tag, tag_len);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  hwc_memzero(full, sizeof full);
  if (!ok) {
    hwc_memzero(pt, len);
    return HWC_ERR_AUTH;
  }
  return HWC_OK;
}

/* ---- In pieces (0.3). The context carries what a piece boundary cuts:
 * the partial additional-data block, and in the data phase the keystream
 * of the current block (ks_) with its ciphertext so far (part_), which
 * GHASH absorbs once the block is whole. Whole blocks in between go
 * straight from the caller's buffers to gcm_blocks, the fused bulk step of
 * the key's entry, so pieces of any size keep the one-shot's speed. */

/* phase_: 0 is "not started" (a zero-initialised or finished context). */
enum { GCM_AAD = 1, GCM_DATA = 2, GCM_DECRYPT = 4 };

static inline int gcm_ctx_key_ok(const hwc_aes_gcm_key *key) {
  return key && aes_key_impl(gcm_aes_key(key)) && gcm_ghash_impl(key) && gcm_pair(key);
}

int hwc_aes_gcm_start(hwc_aes_gcm_ctx *c, int encrypt, const uint8_t *nonce, size_t nonce_len,
                      const hwc_aes_gcm_key *key) {
  HWC_DIT_SCOPE();
  if (!c || !nonce || nonce_len == 0 || !gcm_ctx_key_ok(key)) return HWC_ERR_INVALID_ARG;
  if ((uint64_t)nonce_len > GCM_MAX_AAD) return HWC_ERR_TOO_LONG;
  hwc_memzero(c, sizeof *c);
  c->key_ = key;
  make_j0(c->ctr_, nonce, nonce_len, key);
  /* E(J0) for the tag; the counter moves on to inc32(J0). */
  aes_key_impl(gcm_aes_key(key))
      ->ctr32(c->ek0_, c->ek0_, 1, c->ctr_, aes_key_schedule(gcm_aes_key(key)), aes_key_rounds(gcm_aes_key(key)));
  c->phase_ = GCM_AAD | (encrypt ? 0 : GCM_DECRYPT);
  return HWC_OK;
}

/* GHASH of one whole block held in the context. */
static inline void gcm_ctx_absorb(hwc_aes_gcm_ctx *c, const uint8_t block[16]) {
  gcm_ghash_impl(c->key_)->update(c->y_, block, 1, gcm_ghash_table(c->key_));
}

int hwc_aes_gcm_aad(hwc_aes_gcm_ctx *c, const uint8_t *aad, size_t len) {
  HWC_DIT_SCOPE();
  if (!c || !(c->phase_ & GCM_AAD) || (len && !aad)) return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > GCM_MAX_AAD - c->aad_len_) return HWC_ERR_TOO_LONG;
  if (!len) return HWC_OK;
  size_t have = (size_t)(c->aad_len_ % 16);
  c->aad_len_ += len;
  if (have) {
    size_t t = len < 16 - have ? len : 16 - have;
    memcpy(c->part_ + have, aad, t);
    aad += t, len -= t;
    if (have + t < 16) return HWC_OK;
    gcm_ctx_absorb(c, c->part_);
  }
  if (len >= 16) gcm_ghash_impl(c->key_)->update(c->y_, aad, len / 16, gcm_ghash_table(c->key_));
  memcpy(c->part_, aad + (len & ~(size_t)15), len % 16);
  return HWC_OK;
}

/* Ends the aad phase: the partial block, zero-padded, into GHASH. */
static void gcm_ctx_end_aad(hwc_aes_gcm_ctx *c) {
  size_t have = (size_t)(c->aad_len_ % 16);
  if (have) {
    memset(c->part_ + have, 0, 16 - have);
    gcm_ctx_absorb(c, c->part_);
  }
  c->phase_ = (c->phase_ & GCM_DECRYPT) | GCM_DATA;
}

/* XORs n bytes of the current block's keystream, from byte `at`, keeping
 * the ciphertext bytes in part_ (read before out == in overwrites them). */
static inline void gcm_ctx_xor(hwc_aes_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t at, size_t n) {
  int decrypt = (c->phase_ & GCM_DECRYPT) != 0;
  for (size_t i = 0; i < n; i++) {
    uint8_t x = in[i], o = x ^ c->ks_[at + i];
    c->part_[at + i] = decrypt ? x : o;
    out[i] = o;
  }
}

int hwc_aes_gcm_update(hwc_aes_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  if (!c || !(c->phase_ & (GCM_AAD | GCM_DATA)) || (len && (!out || !in)) || hwc_partial_overlap(out, in, len))
    return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > GCM_MAX_LEN - c->len_) return HWC_ERR_TOO_LONG;
  if (c->phase_ & GCM_AAD) gcm_ctx_end_aad(c);
  if (!len) return HWC_OK;
  int decrypt = (c->phase_ & GCM_DECRYPT) != 0;
  size_t at = (size_t)(c->len_ % 16);
  c->len_ += len;
  if (at) {
    size_t t = len < 16 - at ? len : 16 - at;
    gcm_ctx_xor(c, out, in, at, t);
    in += t, out += t, len -= t;
    if (at + t < 16) return HWC_OK;
    gcm_ctx_absorb(c, c->part_);
  }
  gcm_blocks(decrypt, out, in, len / 16, c->ctr_, c->y_, c->key_);
  size_t done = len & ~(size_t)15;
  if (len % 16) {
    const hwc_aes_key *aes = gcm_aes_key(c->key_);
    memset(c->ks_, 0, 16);
    aes_key_impl(aes)->ctr32(c->ks_, c->ks_, 1, c->ctr_, aes_key_schedule(aes), aes_key_rounds(aes));
    gcm_ctx_xor(c, out + done, in + done, 0, len % 16);
  }
  return HWC_OK;
}

/* The full tag: the last partial block, the lengths block, E(J0). */
static void gcm_ctx_tag(hwc_aes_gcm_ctx *c, uint8_t tag[16]) {
  if (c->phase_ & GCM_AAD) gcm_ctx_end_aad(c);
  size_t at = (size_t)(c->len_ % 16);
  if (at) {
    memset(c->part_ + at, 0, 16 - at);
    gcm_ctx_absorb(c, c->part_);
  }
  ghash_lengths(c->y_, c->aad_len_, c->len_, c->key_);
  for (int i = 0; i < 16; i++) tag[i] = c->ek0_[i] ^ c->y_[i];
}

int hwc_aes_gcm_finish(hwc_aes_gcm_ctx *c, uint8_t *tag, size_t tag_len) {
  HWC_DIT_SCOPE();
  if (!c || !tag || tag_len < 12 || tag_len > 16 || !c->phase_ || (c->phase_ & GCM_DECRYPT))
    return HWC_ERR_INVALID_ARG;
  uint8_t full[16];
  gcm_ctx_tag(c, full);
  memcpy(tag, full, tag_len);
  hwc_memzero(full, sizeof full);
  hwc_memzero(c, sizeof *c);
  return HWC_OK;
}

int hwc_aes_gcm_finish_verify(hwc_aes_gcm_ctx *c, const uint8_t *tag, size_t tag_len) {
  HWC_DIT_SCOPE();
  if (!c || !tag || tag_len < 12 || tag_len > 16 || !(c->phase_ & GCM_DECRYPT)) return HWC_ERR_INVALID_ARG;
  uint8_t full[16];
  gcm_ctx_tag(c, full);
  int ok = hwc_memequal(full, tag, tag_len);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  hwc_memzero(full, sizeof full);
  hwc_memzero(c, sizeof *c);
  return ok ? HWC_OK : HWC_ERR_AUTH;
}
