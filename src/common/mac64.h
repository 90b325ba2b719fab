/* SPDX-License-Identifier: ISC */
/*
 * The multiply-accumulate step of schoolbook and Montgomery products:
 * hi:lo = a * b + c + d. It cannot overflow, since
 * (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1.
 * The 64 x 64 -> 128-bit product comes from unsigned __int128 where the
 * compiler has it; otherwise (or with HWC_MAC64_FORCE_32, to exercise that
 * path on a 64-bit host) from four 32 x 32 -> 64-bit products.
 * Constant time: multiplications and additions only; the two carries are
 * comparisons used as 0/1 values, which compilers turn into SETC/ADC or
 * SLTU, never a branch.
 */
#ifndef HWC_MAC64_H
#define HWC_MAC64_H

#include <stdint.h>

static inline uint64_t hwc_mac64(uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
#if defined(__SIZEOF_INT128__) && !defined(HWC_MAC64_FORCE_32)
  unsigned __int128 t = (unsigned __int128)a * b + c + d;
  *hi = (uint64_t)(t >> 64);
  return (uint64_t)t;
#else
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  uint64_t lo = (mid << 32) | (uint32_t)p00;
  uint64_t h = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  lo += c;
  h += lo < c;
  lo += d;
  h += lo < d;
  *hi = h;
  return lo;
#endif
}

#endif
