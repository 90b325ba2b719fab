/* SPDX-License-Identifier: ISC */
/* RSA signatures: PKCS#1 v1.5 with DigestInfo, RSASSA-PSS with MGF1, and
 * the legacy type-1 private "encryption" without DigestInfo (OpenSSL's
 * RSA_private_encrypt / RSA_public_decrypt), each from a message or from
 * the caller's digest, and RSA without padding. Padding is rsa_pad.c's; the
 * integer operations are rsa.c's (private: CRT with blinding and an e-check
 * before release). Verification re-encodes and compares: nothing parses
 * the signed DigestInfo. */
#include <stdlib.h>
#include <string.h>

#include "src/internal.h"
#include "rsa_internal.h"
#include "rsa_pad.h"

/* The checks every entry point shares: buffers, key, hash. */
static int check_common(const void *msg, size_t len, const hwc_rsa_key *key, hwc_hash h) {
  if (key == NULL || (msg == NULL && len != 0) || hwc_hash_len(h) == 0) return HWC_ERR_INVALID_ARG;
  return HWC_OK;
}

/* Signs the k-byte encoded message em into sig (capacity *sig_len). */
static int private_op(uint8_t *sig, size_t *sig_len, uint8_t *em, const hwc_rsa_key *key) {
  size_t k = key->nbytes;
  int rc = hwc_rsa_private_op(sig, em, key);
  hwc_memzero(em, k);
  if (rc == HWC_OK) *sig_len = k;
  return rc;
}

static int sign_prologue(const uint8_t *sig, size_t *sig_len, const void *msg, size_t len, hwc_hash h,
                         const hwc_rsa_key *key) {
  int rc = check_common(msg, len, key, h);
  if (rc) return rc;
  if (sig_len == NULL || !key->has_private) return HWC_ERR_INVALID_ARG;
  return hwc_rsa_need_output(sig, sig_len, key->nbytes);
}

/* A caller's digest: present and exactly the hash's length. */
static int check_digest(const uint8_t *digest, size_t digest_len, hwc_hash h) {
  return digest != NULL && digest_len == hwc_hash_len(h) && digest_len != 0 ? HWC_OK : HWC_ERR_INVALID_ARG;
}

/* PKCS#1 v1.5 signing from the digest, after the prologue. */
static int sign_pkcs1_digest(uint8_t *sig, size_t *sig_len, const uint8_t *digest, hwc_hash h,
                             const hwc_rsa_key *key) {
  uint8_t em[HWC_RSA_MAX_BITS / 8];
  int rc = hwc_emsa_pkcs1_encode(em, key->nbytes, h, digest);
  return rc ? rc : private_op(sig, sig_len, em, key);
}

int hwc_rsa_sign_pkcs1(uint8_t *sig, size_t *sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                       const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = sign_prologue(sig, sig_len, msg, len, h, key);
  if (rc) return rc;
  uint8_t digest[64];
  hwc_hash_oneshot(h, digest, msg, len);
  return sign_pkcs1_digest(sig, sig_len, digest, h, key);
}

int hwc_rsa_sign_pkcs1_digest(uint8_t *sig, size_t *sig_len, const uint8_t *digest, size_t digest_len,
                              hwc_hash h, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = sign_prologue(sig, sig_len, digest, digest_len, h, key);
  if (rc == HWC_OK) rc = check_digest(digest, digest_len, h);
  return rc ? rc : sign_pkcs1_digest(sig, sig_len, digest, h, key);
}

/* m = sig^e mod n for a signature of exactly k bytes; HWC_ERR_VERIFY for any
 * other length or a value >= n. */
static int public_op(uint8_t *m, const uint8_t *sig, size_t sig_len, const hwc_rsa_key *key) {
  if (sig == NULL || sig_len != key->nbytes) return HWC_ERR_VERIFY;
  return hwc_rsa_public_op(m, sig, key) == HWC_OK ? HWC_OK : HWC_ERR_VERIFY;
}

/* PKCS#1 v1.5 verification from the digest, after the common checks. */
static int verify_pkcs1_digest(const uint8_t *sig, size_t sig_len, const uint8_t *digest, hwc_hash h,
                               const hwc_rsa_key *key) {
  uint8_t m[HWC_RSA_MAX_BITS / 8], em[HWC_RSA_MAX_BITS / 8];
  int rc = public_op(m, sig, sig_len, key);
  if (rc) return rc;
  if (hwc_emsa_pkcs1_encode(em, key->nbytes, h, digest)) return HWC_ERR_VERIFY;
  return hwc_memequal(m, em, key->nbytes) ? HWC_OK : HWC_ERR_VERIFY;
}

int hwc_rsa_verify_pkcs1(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                         const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = check_common(msg, len, key, h);
  if (rc) return rc;
  uint8_t digest[64];
  hwc_hash_oneshot(h, digest, msg, len);
  return verify_pkcs1_digest(sig, sig_len, digest, h, key);
}

int hwc_rsa_verify_pkcs1_digest(const uint8_t *sig, size_t sig_len, const uint8_t *digest, size_t digest_len,
                                hwc_hash h, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = check_common(digest, digest_len, key, h);
  if (rc == HWC_OK) rc = check_digest(digest, digest_len, h);
  return rc ? rc : verify_pkcs1_digest(sig, sig_len, digest, h, key);
}

/* PSS works on emLen = ceil((modBits - 1) / 8) bytes: k - 1 when the
 * modulus has 8(k-1) + 1 bits, then the integer's top byte must be 0. */
static size_t pss_em_len(const hwc_rsa_key *key) { return (key->nbits - 1 + 7) / 8; }

/* PSS signing from the digest mhash, after the prologue. */
static int sign_pss_digest(uint8_t *sig, size_t *sig_len, const uint8_t *mhash, hwc_hash h, size_t salt_len,
                           const hwc_rsa_key *key) {
  size_t k = key->nbytes, em_len = pss_em_len(key), hl = hwc_hash_len(h);
  /* OpenSSL 3's default: the largest salt the key allows. AUTO names no
   * length, so it is for verification only. */
  if (salt_len == HWC_PSS_SALT_MAX) salt_len = em_len >= hl + 2 ? em_len - hl - 2 : 0;
  if (salt_len > k) return HWC_ERR_INVALID_ARG;
  uint8_t salt[HWC_RSA_MAX_BITS / 8], em[HWC_RSA_MAX_BITS / 8];
  int rc = hwc_random_bytes(salt, salt_len);
  if (rc) return rc;
  em[0] = 0; /* used only when em_len = k - 1 */
  rc = hwc_emsa_pss_encode(em + (k - em_len), key->nbits, h, mhash, salt, salt_len);
  hwc_memzero(salt, salt_len);
  return rc ? rc : private_op(sig, sig_len, em, key);
}

int hwc_rsa_sign_pss(uint8_t *sig, size_t *sig_len, const uint8_t *msg, size_t len, hwc_hash h, size_t salt_len,
                     const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = sign_prologue(sig, sig_len, msg, len, h, key);
  if (rc) return rc;
  uint8_t mhash[64];
  hwc_hash_oneshot(h, mhash, msg, len);
  return sign_pss_digest(sig, sig_len, mhash, h, salt_len, key);
}

int hwc_rsa_sign_pss_digest(uint8_t *sig, size_t *sig_len, const uint8_t *digest, size_t digest_len, hwc_hash h,
                            size_t salt_len, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = sign_prologue(sig, sig_len, digest, digest_len, h, key);
  if (rc == HWC_OK) rc = check_digest(digest, digest_len, h);
  return rc ? rc : sign_pss_digest(sig, sig_len, digest, h, salt_len, key);
}

/* PSS verification from the digest mhash, after the common checks. */
static int verify_pss_digest(const uint8_t *sig, size_t sig_len, const uint8_t *mhash, hwc_hash h,
                             size_t salt_len, const hwc_rsa_key *key) {
  size_t k = key->nbytes, em_len = pss_em_len(key);
  uint8_t m[HWC_RSA_MAX_BITS / 8];
  int rc = public_op(m, sig, sig_len, key);
  if (rc) return rc;
  if (em_len < k && m[0] != 0) return HWC_ERR_VERIFY;
  return hwc_emsa_pss_verify(m + (k - em_len), key->nbits, h, mhash, salt_len);
}

int hwc_rsa_verify_pss(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                       size_t salt_len, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = check_common(msg, len, key, h);
  if (rc) return rc;
  uint8_t mhash[64];
  hwc_hash_oneshot(h, mhash, msg, len);
  return verify_pss_digest(sig, sig_len, mhash, h, salt_len, key);
}

int hwc_rsa_verify_pss_digest(const uint8_t *sig, size_t sig_len, const uint8_t *digest, size_t digest_len,
                              hwc_hash h, size_t salt_len, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = check_common(digest, digest_len, key, h);
  if (rc == HWC_OK) rc = check_digest(digest, digest_len, h);
  return rc ? rc : verify_pss_digest(sig, sig_len, digest, h, salt_len, key);
}

int hwc_rsa_private_encrypt_pkcs1(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                                  const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  if (key == NULL || (in == NULL && len != 0) || out_len == NULL || !key->has_private) return HWC_ERR_INVALID_ARG;
  int rc = hwc_rsa_need_output(out, out_len, key->nbytes);
  if (rc) return rc;
  uint8_t em[HWC_RSA_MAX_BITS / 8];
  rc = hwc_pkcs1_type1_encode(em, key->nbytes, in, len);
  return rc ? rc : private_op(out, out_len, em, key);
}

int hwc_rsa_public_decrypt_pkcs1(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                                 const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  if (key == NULL || out_len == NULL || (out == NULL && *out_len != 0)) return HWC_ERR_INVALID_ARG;
  uint8_t m[HWC_RSA_MAX_BITS / 8];
  int rc = public_op(m, in, len, key);
  return rc ? rc : hwc_pkcs1_type1_decode(out, out_len, m, key->nbytes);
}

/* The unpadded operations: the checks of the public contract around the
 * integer operations of rsa.c. */
static int raw_prologue(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len, const hwc_rsa_key *key) {
  if (key == NULL || out_len == NULL || in == NULL || len != key->nbytes) return HWC_ERR_INVALID_ARG;
  return hwc_rsa_need_output(out, out_len, key->nbytes);
}

int hwc_rsa_private_raw(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = raw_prologue(out, out_len, in, len, key);
  if (rc) return rc;
  if (!key->has_private) return HWC_ERR_INVALID_ARG;
  rc = hwc_rsa_private_op(out, in, key);
  if (rc == HWC_OK) *out_len = key->nbytes;
  return rc;
}

int hwc_rsa_public_raw(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  int rc = raw_prologue(out, out_len, in, len, key);
  if (rc) return rc;
  rc = hwc_rsa_public_op(out, in, key);
  if (rc == HWC_OK) *out_len = key->nbytes;
  return rc;
}
