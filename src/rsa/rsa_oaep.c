/* SPDX-License-Identifier: ISC */
/* RSAES-OAEP (RFC 8017 7.1) with MGF1 over the same hash. Decryption is
 * constant time end to end: the private operation is, and so is
 * hwc_eme_oaep_decode, which reports every failure as the one HWC_ERR_AUTH
 * with the output zeroed; a ciphertext of the wrong length or >= n fails
 * the same way. */
#include <string.h>

#include "src/internal.h"
#include "rsa_internal.h"
#include "rsa_pad.h"

int hwc_rsa_encrypt_oaep(uint8_t *ct, size_t *ct_len, const uint8_t *pt, size_t len, const uint8_t *label,
                         size_t label_len, hwc_hash h, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  if (key == NULL || ct_len == NULL || (pt == NULL && len != 0) || (label == NULL && label_len != 0) ||
      hwc_hash_len(h) == 0)
    return HWC_ERR_INVALID_ARG;
  int rc = hwc_rsa_need_output(ct, ct_len, key->nbytes);
  if (rc) return rc;
  uint8_t seed[64], em[HWC_RSA_MAX_BITS / 8];
  rc = hwc_random_bytes(seed, hwc_hash_len(h));
  if (rc == HWC_OK) rc = hwc_eme_oaep_encode(em, key->nbytes, h, pt, len, label, label_len, seed);
  if (rc == HWC_OK) rc = hwc_rsa_public_op(ct, em, key);
  if (rc == HWC_OK) *ct_len = key->nbytes;
  hwc_memzero(seed, sizeof seed);
  hwc_memzero(em, sizeof em);
  return rc;
}

int hwc_rsa_decrypt_oaep(uint8_t *pt, size_t *pt_len, const uint8_t *ct, size_t len, const uint8_t *label,
                         size_t label_len, hwc_hash h, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  if (key == NULL || pt_len == NULL || (ct == NULL && len != 0) || (label == NULL && label_len != 0) ||
      hwc_hash_len(h) == 0 || !key->has_private)
    return HWC_ERR_INVALID_ARG;
  /* Room for the longest message this key and hash can carry is asked for
   * before decrypting: the actual length is known only after the padding
   * check, and a size error then would tell a padding oracle what it
   * wants. A key too small for the hash carries nothing. */
  size_t hl = hwc_hash_len(h), max = key->nbytes >= 2 * hl + 2 ? key->nbytes - 2 * hl - 2 : 0;
  int rc = hwc_rsa_need_output(pt, pt_len, max);
  if (rc) return rc;
  uint8_t em[HWC_RSA_MAX_BITS / 8];
  /* The length is public; a value >= n is rejected by the private operation
   * before any secret is used. Both are reported as the one decryption error. */
  rc = len == key->nbytes ? hwc_rsa_private_op(em, ct, key) : HWC_ERR_AUTH;
  if (rc == HWC_OK) return hwc_eme_oaep_decode(pt, pt_len, em, key->nbytes, h, label, label_len);
  hwc_memzero(em, sizeof em);
  if (pt) hwc_memzero(pt, *pt_len);
  return rc == HWC_ERR_RNG || rc == HWC_ERR_NOMEM ? rc : HWC_ERR_AUTH;
}
