/* SPDX-License-Identifier: ISC */
/* HMAC (RFC 2104) over any hwc_hash, on top of the hash layer: the inner
 * and outer hash states are keyed once at init, so the key itself is not
 * kept. Key bytes are secret: they are only copied, XORed and hashed
 * (never branched on or used as an index), and every copy is wiped. */
#include "hash.h"

/* Largest block size among the hashes (SHA-384/512). */
#define HMAC_MAX_BLOCK 128

/* Absorbs the block-sized key block XOR pad into s, started for h. */
static void absorb_padded_key(hash_ctx *s, hwc_hash h, const uint8_t *k0, size_t block, uint8_t pad) {
  uint8_t tmp[HMAC_MAX_BLOCK];
  for (size_t i = 0; i < block; i++) tmp[i] = (uint8_t)(k0[i] ^ pad);
  hwc_hash_init(s, h);
  hwc_hash_update(s, tmp, block);
  hwc_memzero(tmp, sizeof tmp);
}

int hwc_hmac_init(hwc_hmac_ctx *c, hwc_hash h, const uint8_t *key, size_t key_len) {
  HWC_DIT_SCOPE();
  if (c == NULL) return HWC_ERR_INVALID_ARG;
  if (hwc_hash_len(h) == 0 || (key == NULL && key_len != 0)) {
    hwc_memzero(c, sizeof *c);
    return HWC_ERR_INVALID_ARG;
  }
  /* K0: the key zero-padded to the block size, or its digest if it is
   * longer than a block (RFC 2104 section 2). Only the public length
   * decides which. */
  size_t block = hwc_hash_block_len(h);
  uint8_t k0[HMAC_MAX_BLOCK] = {0};
  if (key_len > block) hwc_hash_oneshot(h, k0, key, key_len);
  else if (key_len) memcpy(k0, key, key_len);
  absorb_padded_key(&c->inner, h, k0, block, 0x36);
  absorb_padded_key(&c->outer, h, k0, block, 0x5c);
  hwc_memzero(k0, sizeof k0);
  return HWC_OK;
}

void hwc_hmac_update(hwc_hmac_ctx *c, const uint8_t *msg, size_t len) {
  HWC_DIT_SCOPE();
  HWC_REQUIRE_BUF(msg, len);
  hwc_hash_update(&c->inner, msg, len);
}

void hwc_hmac_final(hwc_hmac_ctx *c, uint8_t *mac) {
  HWC_DIT_SCOPE();
  uint8_t inner[64];
  size_t hl = hwc_hash_len(c->inner.hash);
  hwc_hash_final(&c->inner, inner);
  hwc_hash_update(&c->outer, inner, hl);
  hwc_hash_final(&c->outer, mac);
  hwc_memzero(inner, sizeof inner);
  hwc_memzero(c, sizeof *c);
}

int hwc_hmac(uint8_t *mac, const uint8_t *msg, size_t len, hwc_hash h, const uint8_t *key, size_t key_len) {
  HWC_DIT_SCOPE();
  if (mac == NULL || (msg == NULL && len != 0)) return HWC_ERR_INVALID_ARG;
  hwc_hmac_ctx c;
  int rc = hwc_hmac_init(&c, h, key, key_len);
  if (rc != HWC_OK) return rc;
  hwc_hmac_update(&c, msg, len);
  hwc_hmac_final(&c, mac);
  return HWC_OK;
}

int hwc_hmac_verify(const uint8_t *tag, size_t tag_len, const uint8_t *msg, size_t len, hwc_hash h,
                    const uint8_t *key, size_t key_len) {
  HWC_DIT_SCOPE();
  if (tag == NULL || tag_len == 0 || tag_len > hwc_hash_len(h)) return HWC_ERR_INVALID_ARG;
  uint8_t mac[64];
  int rc = hwc_hmac(mac, msg, len, h, key, key_len);
  if (rc != HWC_OK) return rc;
  /* A truncated tag is compared with the leftmost bytes (RFC 2104, 5). */
  int ok = hwc_memequal(mac, tag, tag_len);
  hwc_memzero(mac, sizeof mac);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  return ok ? HWC_OK : HWC_ERR_VERIFY;
}
