/* SPDX-License-Identifier: ISC */
/*
 * One Poly1305 block in radix 2^64 with 128-bit products:
 * h = (h + m + hibit * 2^128) * r mod 2^130 - 5, partially reduced
 * (RFC 8439 section 2.5; the "base 2^64" method of OpenSSL's poly1305.c by
 * A. Polyakov). r = r0 + 2^64 r1; clamping clears the low two bits of r1,
 * so the 2^128 terms of h1 r1 fold back as h1 * 5 r1 / 4 = h1 s1 exactly,
 * with s1 = r1 + r1 / 4.
 *
 * Bounds (the state's contract: h2 <= 7; r0, r1 < 2^60, s1 < 2^61): with
 * the block and its carries h2 <= 9, so h2 r0 and h2 s1 fit in 64 bits;
 * the fold c = 5 (d2 >> 2) = (d2 & ~3) + (d2 >> 2) < 2^64; out, h2 <= 4.
 *
 * Shared by the generic loop (src/common/poly1305_scalar.c, the reference
 * the other backends are tested against) and the scalar stream that runs
 * beside the vector steps of src/aarch64/poly1305_neon.c, so both run the
 * one tested sequence.
 *
 * Constant time: multiplications, additions, shifts and masks on every
 * block; carries are comparisons used as 0/1 values (SETC/ADC, CSET/ADC),
 * never branched on.
 */
#ifndef HWC_POLY1305_BASE64_H
#define HWC_POLY1305_BASE64_H

#include <stdint.h>

#include "byteorder.h"

#ifdef __SIZEOF_INT128__
static inline void hwc_poly1305_block64(uint64_t h[3], const uint8_t *in, uint64_t r0, uint64_t r1,
                                        uint64_t s1, uint64_t hibit) {
  uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
  /* h += m with the carries as 0/1 values: GCC spills 128-bit sums built
   * from 64-bit halves to the stack, these stay in registers. */
  uint64_t m0 = hwc_load64_le(in), m1 = hwc_load64_le(in + 8);
  h0 += m0;
  uint64_t c = h0 < m0;
  h1 += c;
  uint64_t c1 = h1 < c;
  h1 += m1;
  h2 += c1 + (h1 < m1) + hibit;

  unsigned __int128 d0 = (unsigned __int128)h0 * r0 + (unsigned __int128)h1 * s1;
  unsigned __int128 d1 = (unsigned __int128)h0 * r1 + (unsigned __int128)h1 * r0 + h2 * s1;
  uint64_t d2 = h2 * r0;

  h0 = (uint64_t)d0;
  d1 += (uint64_t)(d0 >> 64);
  h1 = (uint64_t)d1;
  d2 += (uint64_t)(d1 >> 64);
  /* Fold bits 130 and up back in: 2^130 = 5 mod p. */
  c = (d2 >> 2) + (d2 & ~(uint64_t)3);
  h2 = d2 & 3;
  h0 += c;
  c = h0 < c;
  h1 += c;
  h2 += h1 < c;
  h[0] = h0, h[1] = h1, h[2] = h2;
}
#endif

#endif
