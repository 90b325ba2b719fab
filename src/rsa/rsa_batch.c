/* SPDX-License-Identifier: ISC */
/*
 * The portable RSA batches: every item through the single call, in index
 * order, under the shared rules of include/hwcrypto.h ("batches"). Each
 * output's capacity is its key's size, as the contract says, so the single
 * call's size rule never fires for a valid item. Keys may differ in size:
 * when a bignum backend gains lanes (src/kernels.h), the items whose keys
 * share a size and a backend will go to them in groups here.
 *
 * Constant time: the loop branches on n, on the pointers and on the
 * statuses the single calls return (all public); digests, inputs and keys
 * reach the single calls only, which blind, check and wipe as usual.
 * Nothing secret is copied here.
 */
#include "src/internal.h"

int hwc_rsa_sign_pkcs1_digest_batch(uint8_t *const *sig, int *status, const uint8_t *const *digest, hwc_hash h,
                                    const hwc_rsa_key *const *key, size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!sig || !status || !digest || !key) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    size_t sig_len = hwc_rsa_size(key[i]);
    status[i] = hwc_rsa_sign_pkcs1_digest(sig[i], &sig_len, digest[i], hwc_hash_len(h), h, key[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}

int hwc_rsa_private_raw_batch(uint8_t *const *out, int *status, const uint8_t *const *in,
                              const hwc_rsa_key *const *key, size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!out || !status || !in || !key) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    size_t len = hwc_rsa_size(key[i]), out_len = len;
    status[i] = hwc_rsa_private_raw(out[i], &out_len, in[i], len, key[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}
