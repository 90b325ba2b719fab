/* SPDX-License-Identifier: ISC */
/*
 * Arithmetic modulo L = 2^252 + 27742317777372353535851937790883648493, the
 * order of the prime-order subgroup of edwards25519: the scalars of Ed25519
 * and ristretto255. Little-endian 32-byte encodings; every input may be any
 * 256-bit value (it is taken mod L), every output is canonical (< L).
 * Constant time in all inputs. Internal to the library.
 */
#ifndef HWC_SCALAR25519_H
#define HWC_SCALAR25519_H

#include <stdint.h>

/* r = s mod L, s a 64-byte little-endian number (a SHA-512 output). */
void hwc_sc25519_reduce64(uint8_t r[32], const uint8_t s[64]);
/* r = (a * b + c) mod L. */
void hwc_sc25519_muladd(uint8_t r[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32]);
/* r = ((a + b) mod 2^256) mod L, and r = a + (-b mod L) the same way: the
 * 256-bit wrap-around is libsodium's, and only shows for unreduced inputs. */
void hwc_sc25519_add(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
void hwc_sc25519_sub(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
void hwc_sc25519_mul(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
/* r = -s mod L and r = 1 - s mod L. */
void hwc_sc25519_negate(uint8_t r[32], const uint8_t s[32]);
void hwc_sc25519_complement(uint8_t r[32], const uint8_t s[32]);
/* r = s^(L-2) mod L (the inverse when s is not 0 mod L, else 0). */
void hwc_sc25519_invert(uint8_t r[32], const uint8_t s[32]);
#if defined(__SIZEOF_INT128__)
/* out = 1/in mod L (0 for 0) for a canonical in < L, by constant-time
 * divsteps (src/curve25519/modinv25519.c). out may alias in. */
void hwc_modinv25519_l(uint8_t out[32], const uint8_t in[32]);
#endif
/* 1 if s < L (a canonical encoding), else 0. Constant time. */
int hwc_sc25519_is_canonical(const uint8_t s[32]);

#endif
