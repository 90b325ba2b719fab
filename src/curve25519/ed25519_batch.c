/* SPDX-License-Identifier: ISC */
/*
 * The Ed25519 batches, under the shared rules of include/hwcrypto.h
 * ("batches"). Signing runs groups of up to eight items through
 * hwc_ed25519_sign_many, whose three SHA-512 hashes per item run in the
 * SHA-512 kernel's lanes where it has them; the scalar multiplications
 * are still one item at a time.
 * Verification stays per item, with no combined (random linear
 * combination) equation: such an equation is cofactored in effect, so it
 * can accept items the single call's cofactorless check rejects, and a
 * failure would not say which item failed.
 *
 * Constant time: signing branches on n, the pointers, the lengths and the
 * statuses (all public); the secret keys reach hwc_ed25519_sign_many only
 * and nothing secret is copied here. Verification handles public data
 * only.
 */
#include "ge25519.h"
#include "src/internal.h"

int hwc_ed25519_sign_batch(uint8_t (*sig)[64], int *status, const uint8_t *const *msg, const size_t *len,
                           const uint8_t (*sk)[64], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!sig || !status || !msg || !len || !sk) return hwc_batch_refuse(status, n);
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  /* Valid items in groups of up to HWC_ED25519_SIGN_GROUP, in index
   * order; an item with a NULL message of non-zero length only gets its
   * status. Which items group together depends on public data only. */
  uint8_t *gsig[HWC_ED25519_SIGN_GROUP];
  const uint8_t *gmsg[HWC_ED25519_SIGN_GROUP], *gsk[HWC_ED25519_SIGN_GROUP];
  size_t glen[HWC_ED25519_SIGN_GROUP], g = 0;
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = !msg[i] && len[i] ? HWC_ERR_INVALID_ARG : HWC_OK;
    rc = hwc_batch_result(rc, status[i]);
    if (status[i] == HWC_OK) {
      gsig[g] = sig[i];
      gmsg[g] = msg[i];
      glen[g] = len[i];
      gsk[g] = sk[i];
      g++;
    }
    if (g == HWC_ED25519_SIGN_GROUP || (i + 1 == n && g)) {
      hwc_ed25519_sign_many(k, gsig, gmsg, glen, gsk, g);
      g = 0;
    }
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
