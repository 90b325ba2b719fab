/* SPDX-License-Identifier: ISC */
/* RSA encoding methods; see rsa_pad.h. Only OAEP decoding handles secret
 * data (the plaintext and the padding validity), so only it is written in
 * masked, branch-free form; signatures are public. */
#include "rsa_pad.h"

#include <string.h>

/* DER DigestInfo prefixes, RFC 8017 section 9.2 note 1. */
static const uint8_t prefix_sha256[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                        0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
static const uint8_t prefix_sha384[] = {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                        0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30};
static const uint8_t prefix_sha512[] = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                        0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40};
static const uint8_t prefix_sha1[] = {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
                                      0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14};

/* 00 01 FF..FF 00 in front of the last `tail` bytes of em. */
static void type1_frame(uint8_t *em, size_t k, size_t tail) {
  em[0] = 0;
  em[1] = 1;
  memset(em + 2, 0xff, k - tail - 3);
  em[k - tail - 1] = 0;
}

int hwc_emsa_pkcs1_encode(uint8_t *em, size_t k, hwc_hash h, const uint8_t *digest) {
  const uint8_t *prefix = h == HWC_HASH_SHA256 ? prefix_sha256 : h == HWC_HASH_SHA384 ? prefix_sha384 : prefix_sha512;
  size_t prefix_len = sizeof prefix_sha256; /* the SHA-2 prefixes are all 19 bytes */
  if (h == HWC_HASH_SHA1) {
    prefix = prefix_sha1;
    prefix_len = sizeof prefix_sha1;
  }
  size_t hl = hwc_hash_len(h), t = prefix_len + hl;
  if (hl == 0 || k < t + 11) return HWC_ERR_INVALID_ARG;
  type1_frame(em, k, t);
  memcpy(em + k - t, prefix, prefix_len);
  memcpy(em + k - hl, digest, hl);
  return HWC_OK;
}

int hwc_pkcs1_type1_encode(uint8_t *em, size_t k, const uint8_t *data, size_t len) {
  if (k < 11 || len > k - 11) return HWC_ERR_TOO_LONG;
  type1_frame(em, k, len);
  if (len) memcpy(em + k - len, data, len);
  return HWC_OK;
}

int hwc_pkcs1_type1_decode(uint8_t *out, size_t *out_len, const uint8_t *em, size_t k) {
  if (k < 11 || em[0] != 0 || em[1] != 1) return HWC_ERR_VERIFY;
  size_t i = 2;
  while (i < k && em[i] == 0xff) i++;
  if (i == k || em[i] != 0 || i - 2 < 8) return HWC_ERR_VERIFY;
  size_t n = k - i - 1;
  if (n > *out_len) { /* public data: say how much room it needs */
    *out_len = n;
    return HWC_ERR_INVALID_ARG;
  }
  if (n) memcpy(out, em + i + 1, n);
  *out_len = n;
  return HWC_OK;
}

/* H = Hash(00^8 || mHash || salt), RFC 8017 9.1.1 steps 5-6. */
static void pss_hash(uint8_t *out, hwc_hash h, const uint8_t *mhash, const uint8_t *salt, size_t salt_len) {
  static const uint8_t zeros[8];
  hash_ctx c;
  hwc_hash_init(&c, h);
  hwc_hash_update(&c, zeros, 8);
  hwc_hash_update(&c, mhash, hwc_hash_len(h));
  hwc_hash_update(&c, salt, salt_len);
  hwc_hash_final(&c, out);
}

int hwc_emsa_pss_encode(uint8_t *em, size_t mod_bits, hwc_hash h, const uint8_t *mhash, const uint8_t *salt,
                   size_t salt_len) {
  size_t hl = hwc_hash_len(h), em_bits = mod_bits - 1, em_len = (em_bits + 7) / 8;
  if (hl == 0 || mod_bits < 2 || em_len < hl + 2 || salt_len > em_len - hl - 2) return HWC_ERR_INVALID_ARG;
  size_t db_len = em_len - hl - 1;
  uint8_t *db = em, *hash = em + db_len;
  pss_hash(hash, h, mhash, salt, salt_len);
  memset(db, 0, db_len - salt_len - 1);
  db[db_len - salt_len - 1] = 0x01;
  if (salt_len) memcpy(db + db_len - salt_len, salt, salt_len);
  hwc_mgf1_xor(h, db, db_len, hash, hl);
  db[0] &= (uint8_t)(0xff >> (8 * em_len - em_bits));
  em[em_len - 1] = 0xbc;
  return HWC_OK;
}

int hwc_emsa_pss_verify(uint8_t *em, size_t mod_bits, hwc_hash h, const uint8_t *mhash, size_t salt_len) {
  size_t hl = hwc_hash_len(h), em_bits = mod_bits - 1, em_len = (em_bits + 7) / 8;
  if (hl == 0 || mod_bits < 2 || em_len < hl + 2) return HWC_ERR_VERIFY;
  if (salt_len == HWC_PSS_SALT_MAX) salt_len = em_len - hl - 2;
  int any_salt = salt_len == HWC_PSS_SALT_AUTO;
  if (!any_salt && salt_len > em_len - hl - 2) return HWC_ERR_VERIFY;
  size_t db_len = em_len - hl - 1;
  uint8_t top_mask = (uint8_t)(0xff << (8 - (8 * em_len - em_bits)));
  if (em[em_len - 1] != 0xbc || (em[0] & top_mask)) return HWC_ERR_VERIFY;
  uint8_t *db = em, *hash = em + db_len, expect[64];
  hwc_mgf1_xor(h, db, db_len, hash, hl);
  db[0] &= (uint8_t)~top_mask;
  if (any_salt) { /* the salt starts after the first 0x01 (public data: a signature) */
    size_t one = 0;
    while (one < db_len && db[one] == 0) one++;
    if (one == db_len) return HWC_ERR_VERIFY;
    salt_len = db_len - one - 1;
  }
  for (size_t i = 0; i < db_len - salt_len - 1; i++)
    if (db[i] != 0) return HWC_ERR_VERIFY;
  if (db[db_len - salt_len - 1] != 0x01) return HWC_ERR_VERIFY;
  pss_hash(expect, h, mhash, db + db_len - salt_len, salt_len);
  return hwc_memequal(expect, hash, hl) ? HWC_OK : HWC_ERR_VERIFY;
}

int hwc_eme_oaep_encode(uint8_t *em, size_t k, hwc_hash h, const uint8_t *msg, size_t len, const uint8_t *label,
                    size_t label_len, const uint8_t *seed) {
  size_t hl = hwc_hash_len(h);
  if (hl == 0 || k < 2 * hl + 2 || len > k - 2 * hl - 2) return HWC_ERR_TOO_LONG;
  uint8_t *masked_seed = em + 1, *db = em + 1 + hl;
  size_t db_len = k - hl - 1;
  em[0] = 0;
  hwc_hash_oneshot(h, db, label, label_len);
  memset(db + hl, 0, db_len - hl - len - 1);
  db[db_len - len - 1] = 0x01;
  if (len) memcpy(db + db_len - len, msg, len);
  memcpy(masked_seed, seed, hl);
  hwc_mgf1_xor(h, db, db_len, masked_seed, hl);
  hwc_mgf1_xor(h, masked_seed, hl, db, db_len);
  return HWC_OK;
}

/* Masks: all ones for true, zero for false, from arithmetic only. */
static size_t ct_is_zero(size_t x) { return ((~x & (x - 1)) >> (8 * sizeof x - 1)) * (size_t)-1; }
static size_t ct_eq(size_t a, size_t b) { return ct_is_zero(a ^ b); }
static size_t ct_lt(size_t a, size_t b) { /* a < b for values below 2^(bits-1) */
  return ((a - b) >> (8 * sizeof a - 1)) * (size_t)-1;
}

int hwc_eme_oaep_decode(uint8_t *out, size_t *out_len, uint8_t *em, size_t k, hwc_hash h, const uint8_t *label,
                    size_t label_len) {
  size_t hl = hwc_hash_len(h), cap = *out_len;
  if (hl == 0 || k < 2 * hl + 2) { /* public sizes: the key and hash are wrong, not the ciphertext */
    if (out) hwc_memzero(out, cap);
    return HWC_ERR_AUTH;
  }
  uint8_t *seed = em + 1, *db = em + 1 + hl, lhash[64];
  size_t db_len = k - hl - 1;
  hwc_mgf1_xor(h, seed, hl, db, db_len);
  hwc_mgf1_xor(h, db, db_len, seed, hl);
  hwc_hash_oneshot(h, lhash, label, label_len);

  size_t good = ct_is_zero(em[0]);
  for (size_t i = 0; i < hl; i++) good &= ct_is_zero((size_t)(db[i] ^ lhash[i]));
  /* Find the first 0x01 after lHash; every byte before it must be 0x00. */
  size_t looking = (size_t)-1, sep = 0, stray = 0;
  for (size_t i = hl; i < db_len; i++) {
    size_t one = ct_eq(db[i], 1), zero = ct_is_zero(db[i]);
    sep |= looking & one & i;
    stray |= looking & ~one & ~zero;
    looking &= ~one;
  }
  good &= ~looking & ~stray;
  size_t msg_max = db_len - hl - 1, msg_len = db_len - sep - 1;
  good &= ~ct_lt(cap < k ? cap : k, msg_len); /* clamped: ct_lt needs values below 2^63 */

  /* Slide the message (it starts sep - hl bytes into the tail) to the front
   * of the tail, one power-of-two step per bit of that offset: every step
   * touches every byte, so the offset stays secret. */
  uint8_t *tail = db + hl + 1;
  size_t off = (sep - hl) & good;
  for (size_t step = 1; step < msg_max; step <<= 1) {
    size_t take = ct_is_zero(off & step) ^ (size_t)-1;
    for (size_t i = 0; i < msg_max; i++) {
      uint8_t moved = i + step < msg_max ? tail[i + step] : 0;
      tail[i] = (uint8_t)((moved & take) | (tail[i] & ~take));
    }
  }
  size_t n = cap < msg_max ? cap : msg_max;
  for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(tail[i] & good & ct_lt(i, msg_len));
  hwc_memzero(lhash, sizeof lhash);
  hwc_memzero(em, k);
  HWC_DECLASSIFY(&good, sizeof good);
  if (!good) { /* the outcome is the result: branching on it reveals nothing more */
    if (out) hwc_memzero(out, cap);
    return HWC_ERR_AUTH;
  }
  *out_len = msg_len;
  return HWC_OK;
}
