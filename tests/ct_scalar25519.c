/* SPDX-License-Identifier: ISC */
/* Scalar arithmetic mod L on secret inputs (Ed25519 nonces and keys). */
#include "ct.h"
#include "src/curve25519/scalar25519.h"

HWC_TEST(ct, scalar25519) {
  uint8_t a[32], b[32], c[32], wide[64], r[32];
  t_rand_bytes(a, 32);
  t_rand_bytes(b, 32);
  t_rand_bytes(c, 32);
  t_rand_bytes(wide, 64);
  CT_SECRET(a, 32);
  CT_SECRET(b, 32);
  CT_SECRET(c, 32);
  CT_SECRET(wide, 64);
  hwc_sc25519_reduce64(r, wide);
  hwc_sc25519_muladd(r, a, b, c);
  hwc_sc25519_add(r, a, b);
  hwc_sc25519_sub(r, a, b);
  hwc_sc25519_negate(r, a);
  hwc_sc25519_complement(r, a);
  hwc_sc25519_invert(r, a);
  (void)hwc_sc25519_is_canonical(a);
  CT_PUBLIC(r, 32);
}
