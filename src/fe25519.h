/*
 * Protocol-side view of GF(2^255-19): the selected fe25519 kernel table and
 * the exponentiations built on it. X25519, Ed25519 and ristretto255 fetch
 * the table once per operation (hwc_fe25519_get) and pass it down, so that
 * one operation never mixes the element layouts of two backends even if
 * another thread re-selects the implementation meanwhile.
 */
#ifndef HWC_FE25519_H
#define HWC_FE25519_H

#include "../dispatch/dispatch.h"

static inline const hwc_fe25519_kernel *hwc_fe25519_get(void) {
  return HWC_KERNEL(HWC_PRIM_FE25519, hwc_fe25519_kernel);
}

/* out = z^(p-2) = 1/z (0 for z = 0), by a fixed chain of 254 squarings and
 * 11 multiplications, so its time does not depend on z. */
void hwc_fe25519_invert(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z);

/* out = z^((p-5)/8) = z^(2^252-3), the core of square roots (Ed25519 and
 * ristretto255 decoding). Fixed chain, like invert. */
void hwc_fe25519_pow22523(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z);

#endif /* HWC_FE25519_H */
