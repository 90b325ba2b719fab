/* SPDX-License-Identifier: ISC */
/* ristretto255 scalar functions of the public API: libsodium's
 * crypto_core_ristretto255_scalar_* semantics on top of scalar25519.c. */
#include "src/internal.h"
#include "scalar25519.h"

void hwc_ristretto255_scalar_random(uint8_t r[32]) {
  HWC_DIT_SCOPE();
  /* 512 uniform bits reduced mod L: the bias is below 2^-250. Zero is
   * redrawn, as libsodium does. */
  static const uint8_t zero[32];
  uint8_t wide[64];
  do {
    if (hwc_random_bytes(wide, sizeof wide) != HWC_OK) hwc_fatal(__func__, "the OS random generator failed");
    hwc_sc25519_reduce64(r, wide);
  } while (hwc_memequal(r, zero, 32));
  hwc_memzero(wide, sizeof wide);
}

void hwc_ristretto255_scalar_add(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_add(z, x, y);
}
void hwc_ristretto255_scalar_sub(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_sub(z, x, y);
}
void hwc_ristretto255_scalar_mul(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_mul(z, x, y);
}
void hwc_ristretto255_scalar_negate(uint8_t neg[32], const uint8_t s[32]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_negate(neg, s);
}
void hwc_ristretto255_scalar_complement(uint8_t comp[32], const uint8_t s[32]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_complement(comp, s);
}
void hwc_ristretto255_scalar_reduce(uint8_t r[32], const uint8_t s[64]) {
  HWC_DIT_SCOPE();
  hwc_sc25519_reduce64(r, s);
}

int hwc_ristretto255_scalar_invert(uint8_t recip[32], const uint8_t s[32]) {
  HWC_DIT_SCOPE();
  static const uint8_t zero[32];
  hwc_sc25519_invert(recip, s);
  /* libsodium reports only the all-zero encoding; other multiples of L
   * also have no inverse and give 0 with HWC_OK, byte for byte as there. */
  return hwc_memequal(s, zero, 32) ? HWC_ERR_INVALID_ARG : HWC_OK;
}
