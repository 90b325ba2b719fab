/* SPDX-License-Identifier: ISC */
/* HKDF (RFC 5869): extract with HMAC(salt, IKM), expand with
 * T(i) = HMAC(PRK, T(i-1) | info | i). The PRK and every T block are
 * secret and wiped; lengths, info and the salt are public. */
#include "hash.h"

int hwc_hkdf_extract(uint8_t *prk, const uint8_t *salt, size_t salt_len, hwc_hash h, const uint8_t *ikm,
                     size_t ikm_len) {
  HWC_DIT_SCOPE();
  size_t hl = hwc_hash_len(h);
  if (hl == 0 || prk == NULL || (salt == NULL && salt_len != 0) || (ikm == NULL && ikm_len != 0))
    return HWC_ERR_INVALID_ARG;
  /* No salt means HashLen zero bytes (2.2); HMAC pads a short key with
   * zeros, so an empty key gives the same result. */
  return hwc_hmac(prk, ikm, ikm_len, h, salt, salt_len);
}

int hwc_hkdf_expand(uint8_t *out, size_t out_len, const uint8_t *info, size_t info_len, hwc_hash h,
                    const uint8_t *prk, size_t prk_len) {
  HWC_DIT_SCOPE();
  size_t hl = hwc_hash_len(h);
  if (hl == 0 || prk == NULL || prk_len < hl || (out == NULL && out_len != 0) ||
      (info == NULL && info_len != 0))
    return HWC_ERR_INVALID_ARG;
  if (out_len > 255 * hl) return HWC_ERR_TOO_LONG;
  /* Key the HMAC with the PRK once; each block starts from a copy. */
  /* The operation's secrets, wiped together at the end (c is wiped by
   * each hwc_hmac_final). */
  struct {
    hwc_hmac_ctx keyed;
    uint8_t t[64];
  } sec;
  hwc_hmac_ctx c;
  int rc = hwc_hmac_init(&sec.keyed, h, prk, prk_len);
  if (rc != HWC_OK) return rc;
  for (uint8_t i = 1; out_len; i++) {
    c = sec.keyed;
    if (i > 1) hwc_hmac_update(&c, sec.t, hl);
    hwc_hmac_update(&c, info, info_len);
    hwc_hmac_update(&c, &i, 1);
    hwc_hmac_final(&c, sec.t);
    size_t n = out_len < hl ? out_len : hl;
    memcpy(out, sec.t, n);
    out += n;
    out_len -= n;
  }
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

int hwc_hkdf(uint8_t *out, size_t out_len, const uint8_t *info, size_t info_len, const uint8_t *salt,
             size_t salt_len, hwc_hash h, const uint8_t *ikm, size_t ikm_len) {
  HWC_DIT_SCOPE();
  size_t hl = hwc_hash_len(h);
  if (hl == 0 || (out == NULL && out_len != 0) || (info == NULL && info_len != 0)) return HWC_ERR_INVALID_ARG;
  if (out_len > 255 * hl) return HWC_ERR_TOO_LONG;
  uint8_t prk[64];
  int rc = hwc_hkdf_extract(prk, salt, salt_len, h, ikm, ikm_len);
  if (rc == HWC_OK) rc = hwc_hkdf_expand(out, out_len, info, info_len, h, prk, hl);
  hwc_memzero(prk, sizeof prk);
  return rc;
}
