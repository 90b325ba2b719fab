/*
 * Edwards25519 fixed-base scalar multiplication, shared by X25519 key
 * generation (hwc_x25519_base) and Ed25519/ristretto255.
 */
#ifndef HWC_ED25519_BASE_H
#define HWC_ED25519_BASE_H

#include "fe25519.h"

/* Extended coordinates (Hisil et al. 2008): x = X/Z, y = Y/Z, xy = T/Z. */
typedef struct {
  hwc_fe25519 X, Y, Z, T;
} hwc_ge25519_p3;

/* h = a * B for the RFC 8032 base point B; a is 32 little-endian bytes with
 * the top bit clear (a < 2^255), e.g. a clamped X25519 scalar or a scalar
 * reduced mod L. Constant time in a. */
void hwc_ge25519_scalarmult_base(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32]);

#endif /* HWC_ED25519_BASE_H */
