/* SPDX-License-Identifier: ISC */
/*
 * The portable X25519 batches: every item through the single call, in
 * index order, under the shared rules of include/hwcrypto.h ("batches").
 * When an fe25519 backend gains lanes (src/kernels.h), whole groups of
 * items will go to its lane entry points here and the rest through this
 * loop; every item's bytes stay the single call's.
 *
 * Constant time: the loop branches on n, on the array pointers and on the
 * statuses the single calls return (public: a status says only whether
 * the point has small order). Scalars and points reach the single calls
 * only, and nothing secret is copied here, so nothing needs wiping.
 */
#include "src/internal.h"

int hwc_x25519_batch(uint8_t (*shared)[32], int *status, const uint8_t (*scalar)[32], const uint8_t (*point)[32],
                     size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!shared || !status || !scalar || !point) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_x25519(shared[i], scalar[i], point[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}

int hwc_x25519_base_batch(uint8_t (*pub)[32], int *status, const uint8_t (*scalar)[32], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!pub || !status || !scalar) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_x25519_base(pub[i], scalar[i]);
    rc = hwc_batch_result(rc, status[i]);
  }
  return rc;
}
