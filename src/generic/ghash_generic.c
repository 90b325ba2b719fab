/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) in portable C.
 *
 * Method: the "ctmul64" carry-less multiplication described by Thomas Pornin
 * for BearSSL (bearssl.org/constanttime.html). An integer multiply adds
 * partial products with carries; keeping only every fourth bit of each
 * operand leaves three-bit holes that swallow those carries: in x_a y_b
 * (bits of x at 4i + a, of y at 4j + b) the 4-bit slot at 4s + a + b
 * collects min(s + 1, 31 - s) terms: at most 15 for s != 15, a count that
 * fits the slot, so no carry reaches the next slot; the one slot of 16
 * terms (s = 15) starts at bit 60 or above, so its carry leaves the low
 * 64-bit word and its lowest bit, the count's parity, is still right. So four masked multiplies
 * per pair give a 64x64 carry-less product's low half. The high half comes from the same routine on bit-reversed
 * operands. Three such products (Karatsuba) make the 128x128 product, which
 * is then reduced modulo x^128 + x^7 + x^2 + x + 1 in GCM's reflected bit
 * order with shifts.
 *
 * Reduction: the product has degree at most 254, four 64-bit words. Two
 * folds of 64 coefficients are needed and enough: x^128 = x^7 + x^2 + x + 1
 * moves the top word (degrees 192..255) to degrees 64..134, so the first
 * fold spills up to 7 coefficients into the second word from the top
 * (128..134), and the second fold moves that word (128..191) to 0..70,
 * below 128, with nothing left over.
 *
 * ISA: any C11 target; 64x64->64 multiplication must be constant time (it is
 * on x86_64 and on the ARMv8 cores we know of).
 * Constant time: no branch or index depends on H or the data.
 */
#include <string.h>

#include "src/common/byteorder.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(ghash_generic);

/* Low 64 bits of the carry-less product x * y. */
static uint64_t bmul64(uint64_t x, uint64_t y) {
  const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x) {
#define RMS(m, s) x = ((x & (uint64_t)(m)) << (s)) | ((x >> (s)) & (uint64_t)(m))
  RMS(0x5555555555555555u, 1);
  RMS(0x3333333333333333u, 2);
  RMS(0x0F0F0F0F0F0F0F0Fu, 4);
  RMS(0x00FF00FF00FF00FFu, 8);
  RMS(0x0000FFFF0000FFFFu, 16);
#undef RMS
  return x << 32 | x >> 32;
}

/* The table is just H as two big-endian halves (hi, lo), as native words
 * copied with memcpy: the table sits in the caller's key object, which may
 * be at any address. */
static void ghash_generic_init(void *htable, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_generic);
  uint64_t t[2] = {hwc_load64_be(h), hwc_load64_be(h + 8)};
  memcpy(htable, t, sizeof t);
}

static void ghash_generic_update(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *htable) {
  HWC_COUNT_CALL(ghash_generic);
  uint64_t t[2];
  memcpy(t, htable, sizeof t);
  uint64_t h1 = t[0], h0 = t[1];
  uint64_t h0r = rev64(h0), h1r = rev64(h1), h2 = h0 ^ h1, h2r = h0r ^ h1r;
  uint64_t y1 = hwc_load64_be(y), y0 = hwc_load64_be(y + 8);
  for (; nblocks; nblocks--, in += 16) {
    y1 ^= hwc_load64_be(in);
    y0 ^= hwc_load64_be(in + 8);
    uint64_t y0r = rev64(y0), y1r = rev64(y1), y2 = y0 ^ y1, y2r = y0r ^ y1r;
    uint64_t z0 = bmul64(y0, h0), z1 = bmul64(y1, h1), z2 = bmul64(y2, h2);
    uint64_t z0h = bmul64(y0r, h0r), z1h = bmul64(y1r, h1r), z2h = bmul64(y2r, h2r);
    z2 ^= z0 ^ z1;
    z2h ^= z0h ^ z1h;
    /* Reflected order: the reversed products are the high halves shifted
     * by one, since a 64x64 product has only 127 bits. */
    z0h = rev64(z0h) >> 1;
    z1h = rev64(z1h) >> 1;
    z2h = rev64(z2h) >> 1;
    uint64_t v0 = z0, v1 = z0h ^ z2, v2 = z1 ^ z2h, v3 = z1h;
    /* Multiply by x to realign the 255-bit reflected product, then fold the
     * low 128 bits back with the polynomial (x^7 + x^2 + x + 1, reflected):
     * v0 (the highest degrees) into v2 and, for the at most 7 bits that the
     * shifts by 1, 2 and 7 push past v2's end, into v1; then v1 the same
     * way into v3 and v2, where nothing passes v2's end. */
    v3 = v3 << 1 | v2 >> 63;
    v2 = v2 << 1 | v1 >> 63;
    v1 = v1 << 1 | v0 >> 63;
    v0 = v0 << 1;
    v2 ^= v0 ^ (v0 >> 1) ^ (v0 >> 2) ^ (v0 >> 7);
    v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
    v3 ^= v1 ^ (v1 >> 1) ^ (v1 >> 2) ^ (v1 >> 7);
    v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
    y0 = v2;
    y1 = v3;
  }
  hwc_store64_be(y, y1);
  hwc_store64_be(y + 8, y0);
}

const hwc_ghash_kernel hwc_ghash_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(ghash_generic)},
    .init = ghash_generic_init,
    .update = ghash_generic_update,
};
