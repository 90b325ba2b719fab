/* SPDX-License-Identifier: ISC */
/*
 * The last step of every radix-2^26 Poly1305 kernel (x86 AVX2 and AVX-512,
 * aarch64 NEON): the five limb sums of its lanes, carried fully and
 * repacked into the radix-2^64 accumulator that every backend hands back
 * (src/kernels.h, hwc_poly1305_state). Portable; counts no calls.
 */
#ifndef HWC_POLY1305_RADIX26_H
#define HWC_POLY1305_RADIX26_H

#include "src/kernels.h"

/* st->h = t0 + t1 2^26 + t2 2^52 + t3 2^78 + t4 2^104, partially reduced.
 *
 * Bounds: each t below 2^62 (the callers state their own, far lower). The
 * first pass leaves t0..t3 below 2^26 and t4 below 2^62 + 2^36; folding
 * t4's top into t0 (times 5, since 2^130 = 5 mod p) adds below 2^39. That
 * fold can push t0, then t1, t2 and t3 in turn to 2^26 exactly, so the
 * second pass must run the whole chain up to t4: only then are t0..t3
 * below 2^26 and the ORs join disjoint bits. (A second pass that stopped
 * at t2 once dropped bit 78 of h, for messages that keep h at its maximum.)
 * t4 ends at most 2^26, so st->h[2] = t4 >> 24 is at most 4: a partially
 * reduced h the scalar code and the final reduction accept.
 * Constant time: shifts, masks and additions only. */
static inline void hwc_poly1305_from26(hwc_poly1305_state *st, uint64_t t0, uint64_t t1, uint64_t t2, uint64_t t3,
                                       uint64_t t4) {
  const uint64_t m26 = 0x3ffffff;
  t1 += t0 >> 26; t0 &= m26;
  t2 += t1 >> 26; t1 &= m26;
  t3 += t2 >> 26; t2 &= m26;
  t4 += t3 >> 26; t3 &= m26;
  t0 += (t4 >> 26) * 5; t4 &= m26;
  t1 += t0 >> 26; t0 &= m26;
  t2 += t1 >> 26; t1 &= m26;
  t3 += t2 >> 26; t2 &= m26;
  t4 += t3 >> 26; t3 &= m26;
  st->h[0] = t0 | t1 << 26 | t2 << 52;
  st->h[1] = t2 >> 12 | t3 << 14 | t4 << 40;
  st->h[2] = t4 >> 24;
}

#endif
