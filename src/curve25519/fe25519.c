/* SPDX-License-Identifier: ISC */
/* Fixed exponentiation chains in GF(2^255-19) over any fe25519 backend; the
 * chain is ref10's (Bernstein et al., "High-speed high-security
 * signatures"), whose long runs of squarings go to sqr_n. */
#include "fe25519.h"
#include "src/internal.h"

/* Leaves z11 = z^11 and z250 = z^(2^250-1), the common prefix of both
 * chains. */
static void pow_2_250_1(const hwc_fe25519_kernel *k, hwc_fe25519 *z11, hwc_fe25519 *z250,
                        const hwc_fe25519 *z) {
  hwc_fe25519 z2, z9, t, z5, z10, z20, z50, z100;
  k->sqr(&z2, z);              /* 2 */
  k->sqr_n(&t, &z2, 2);        /* 8 */
  k->mul(&z9, &t, z);          /* 9 */
  k->mul(z11, &z9, &z2);       /* 11 */
  k->sqr(&t, z11);             /* 22 */
  k->mul(&z5, &t, &z9);        /* 2^5 - 1 */
  k->sqr_n(&t, &z5, 5);
  k->mul(&z10, &t, &z5);       /* 2^10 - 1 */
  k->sqr_n(&t, &z10, 10);
  k->mul(&z20, &t, &z10);      /* 2^20 - 1 */
  k->sqr_n(&t, &z20, 20);
  k->mul(&t, &t, &z20);        /* 2^40 - 1 */
  k->sqr_n(&t, &t, 10);
  k->mul(&z50, &t, &z10);      /* 2^50 - 1 */
  k->sqr_n(&t, &z50, 50);
  k->mul(&z100, &t, &z50);     /* 2^100 - 1 */
  k->sqr_n(&t, &z100, 100);
  k->mul(&t, &t, &z100);       /* 2^200 - 1 */
  k->sqr_n(&t, &t, 50);
  k->mul(z250, &t, &z50);      /* 2^250 - 1 */
}

void hwc_fe25519_invert(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z) {
#if defined(__SIZEOF_INT128__)
  uint8_t s[32];
  k->tobytes(s, z);
  hwc_modinv25519(s, s);
  k->frombytes(out, s);
  hwc_memzero(s, sizeof s);
#else
  hwc_fe25519 z11, t;
  pow_2_250_1(k, &z11, &t, z);
  k->sqr_n(&t, &t, 5);         /* 2^255 - 2^5 */
  k->mul(out, &t, &z11);       /* 2^255 - 21 = p - 2 */
#endif
}

void hwc_fe25519_pow22523(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z) {
  hwc_fe25519 z11, t;
  pow_2_250_1(k, &z11, &t, z);
  k->sqr_n(&t, &t, 2);         /* 2^252 - 4 */
  k->mul(out, &t, z);          /* 2^252 - 3 */
}
