/* SPDX-License-Identifier: ISC */
/*
 * Portable helpers for the bignum backends' setup and conversions, and for
 * the protocol's key generation (-m^-1 mod 2^64): declared in kernels.h.
 * Constant time in m: loop bounds depend only on n and e, carries and
 * comparisons are computed as 0/1 values and applied with masks.
 */
#include "src/kernels.h"
#include "bignum_helpers.h"

uint64_t hwc_bn_neg_inv64(uint64_t m0) {
  /* Newton's iteration x <- x(2 - m0 x) doubles the correct low bits; m0 is
   * its own inverse mod 8, so five steps reach 96 >= 64 bits. */
  uint64_t x = m0;
  for (int i = 0; i < 5; i++) x *= 2 - m0 * x;
  return (uint64_t)0 - x;
}

void hwc_bn_pow2_mod(uint64_t *r, unsigned e, const uint64_t *m, size_t n) {
  /* Preconditions: m odd, above 1, with its top limb non-zero (bignum.h;
   * callers trim m to its significant limbs), so 2^(64(n-1)) < m: start
   * there and double; and e >= 64(n-1), as kernels.h says (callers pass
   * 64n or 2 rbits, twice R's exponent). Each doubling of r < m gives 2r < 2m, at most 64n + 1 bits with
   * the bit shifted out as `carry`, and one conditional subtraction of m
   * brings it back below m. With a zero top limb the start would already be
   * at least m and a single subtraction per doubling could not keep up: the
   * result would be wrong, not merely slow. Starting from the limb count
   * (public) rather than m's exact bit length costs at most 63 more
   * doublings and keeps m's top bits (a prime's, in the CRT halves) out of
   * the loop bound. */
  unsigned start = (unsigned)(64 * (n - 1));
  for (size_t j = 0; j < n; j++) r[j] = 0;
  r[n - 1] = 1;
  for (unsigned i = start; i < e; i++) {
    uint64_t carry = 0;
    for (size_t j = 0; j < n; j++) {
      uint64_t v = r[j];
      r[j] = v << 1 | carry;
      carry = v >> 63;
    }
    hwc_bn_cond_sub(r, r, carry, m, n);
  }
}

void hwc_bn_to_radix(uint64_t *r, const uint64_t *a, size_t n, size_t d, unsigned bits) {
  const uint64_t mask = ((uint64_t)1 << bits) - 1;
  for (size_t i = 0; i < d; i++) {
    size_t bit = bits * i, limb = bit / 64, off = bit % 64;
    uint64_t v = limb < n ? a[limb] >> off : 0;
    if (off + bits > 64 && limb + 1 < n) v |= a[limb + 1] << (64 - off);
    r[i] = v & mask;
  }
}

void hwc_bn_from_radix_reduced(uint64_t *r, const uint64_t *x, unsigned bits, const hwc_bn_mont *ctx) {
  size_t n = ctx->n, d = ctx->words;
  for (size_t j = 0; j < n; j++) {
    size_t bit = 64 * j, i = bit / bits, off = bit % bits;
    uint64_t v = x[i] >> off;
    for (size_t s = bits - off; s < 64 && ++i < d; s += bits) v |= x[i] << s;
    r[j] = v;
  }
  hwc_bn_cond_sub(r, r, 0, ctx->m, n); /* r < m: keep it, else r - m */
}
