/* SPDX-License-Identifier: ISC */
/*
 * The portable Ed25519 batches: every item through the single call, in
 * index order, under the shared rules of include/hwcrypto.h ("batches").
 * Verification stays per item, with no combined (random linear
 * combination) equation: such an equation is cofactored in effect, so it
 * can accept items the single call's cofactorless check rejects, and a
 * failure would not say which item failed. Lanes, when an fe25519 backend has them
 * (src/kernels.h), will take whole groups of items here.
 *
 * Constant time: signing branches on n, the pointers, the lengths and the
 * statuses (all public); the secret keys reach the single call only and
 * nothing secret is copied here. Verification handles public data only.
 */
#include "src/internal.h"

int hwc_ed25519_sign_batch(uint8_t (*sig)[64], int *status, const uint8_t *const *msg, const size_t *len,
                           const uint8_t (*sk)[64], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!sig || !status || !msg || !len || !sk) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_ed25519_sign(sig[i], msg[i], len[i], sk[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}

int hwc_ed25519_verify_batch(int *status, const uint8_t (*sig)[64], const uint8_t *const *msg, const size_t *len,
                             const uint8_t (*pk)[32], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!status || !sig || !msg || !len || !pk) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_ed25519_verify(sig[i], msg[i], len[i], pk[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}
