/* SPDX-License-Identifier: ISC */
/*
 * GHASH arithmetic with PMULL/PMULL2 (ARMv8 crypto extensions), shared by
 * ghash_armv8_ce.c and the GCM loop of aes_armv8_ce.c. The representation is the
 * one the x86 kernels use (RFC 8452 Appendix A): blocks byte-reversed into
 * the POLYVAL domain, key H' = mulX(reverse(H)), dot(a, b) = a * b * x^-128
 * reduced with two multiplies by 0xc2000000 00000000; the table holds
 * H'^16 .. H'^1 so a run of n blocks reads entries 16 - n .. 15.
 * Include only from files compiled with +crypto.
 * Constant time: PMULL, EOR and EXT only.
 */
#ifndef HWC_GHASH_PMULL_H
#define HWC_GHASH_PMULL_H

#include <arm_neon.h>

typedef struct {
  uint64x2_t lo, mid, hi;
} ghp_acc;

static inline uint64x2_t ghp_rev(uint8x16_t x) {
  uint8x16_t r = vrev64q_u8(x);
  return vreinterpretq_u64_u8(vextq_u8(r, r, 8));
}

static inline uint64x2_t ghp_load(const uint8_t *p) { return ghp_rev(vld1q_u8(p)); }

static inline void ghp_store(uint8_t *p, uint64x2_t v) { vst1q_u8(p, vreinterpretq_u8_u64(ghp_rev(vreinterpretq_u8_u64(v)))); }

static inline uint64x2_t ghp_pmull(uint64_t a, uint64_t b) {
  return vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
}

static inline void ghp_zero(ghp_acc *a) { a->lo = a->mid = a->hi = vdupq_n_u64(0); }

static inline void ghp_mul(ghp_acc *a, uint64x2_t x, uint64x2_t h) {
  uint64_t x0 = vgetq_lane_u64(x, 0), x1 = vgetq_lane_u64(x, 1), h0 = vgetq_lane_u64(h, 0), h1 = vgetq_lane_u64(h, 1);
  a->lo = veorq_u64(a->lo, ghp_pmull(x0, h0));
  a->hi = veorq_u64(a->hi, ghp_pmull(x1, h1));
  a->mid = veorq_u64(a->mid, veorq_u64(ghp_pmull(x0, h1), ghp_pmull(x1, h0)));
}

static inline uint64x2_t ghp_swap(uint64x2_t v) { return vextq_u64(v, v, 1); }

static inline uint64x2_t ghp_reduce(const ghp_acc *a) {
  const uint64_t poly = 0xc200000000000000ull;
  uint64x2_t zero = vdupq_n_u64(0);
  uint64x2_t lo = veorq_u64(a->lo, vextq_u64(zero, a->mid, 1)); /* mid << 64 */
  uint64x2_t hi = veorq_u64(a->hi, vextq_u64(a->mid, zero, 1)); /* mid >> 64 */
  lo = veorq_u64(ghp_swap(lo), ghp_pmull(vgetq_lane_u64(lo, 0), poly));
  lo = veorq_u64(ghp_swap(lo), ghp_pmull(vgetq_lane_u64(lo, 0), poly));
  return veorq_u64(hi, lo);
}

/* H^k from the table, which lives in the caller's key object at any
 * address: a byte load, so no alignment is assumed. */
static inline uint64x2_t ghp_power(const void *table, unsigned k) {
  return vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)table + 16 * (16 - k)));
}

static inline uint64x2_t ghp_blocks(uint64x2_t y, const uint8_t *in, size_t n, const void *table) {
  while (n) {
    size_t m = n < 8 ? n : 8;
    ghp_acc a;
    ghp_zero(&a);
    ghp_mul(&a, veorq_u64(y, ghp_load(in)), ghp_power(table, (unsigned)m));
    for (size_t j = 1; j < m; j++) ghp_mul(&a, ghp_load(in + 16 * j), ghp_power(table, (unsigned)(m - j)));
    y = ghp_reduce(&a);
    in += 16 * m;
    n -= m;
  }
  return y;
}

#endif
