/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop in portable C: h = (h + m) * r mod 2^130 - 5 for one
 * 16-byte block at a time (RFC 8439 section 2.5).
 *
 * With 128-bit products (unsigned __int128) h stays in the shared radix 2^64
 * form, one block at a time by hwc_poly1305_block64 (poly1305_base64.h,
 * where the method and its bounds are).
 * Without them, five 26-bit limbs and 32x32->64 products (poly1305-donna-32
 * by A. Moon), converting from and back to radix 2^64 at the ends of a call.
 *
 * Shared floor: the generic backend's loop (the reference the others are
 * tested against) and the path of vector backends for short inputs and
 * leftover blocks where no faster scalar loop exists (the x86_64 ones use
 * src/x86_64/poly1305_x86_64.h). Counts no calls.
 *
 * ISA: none. Constant time: fixed sequences of multiplications, additions,
 * shifts and masks; carries are computed arithmetically, never branched on.
 */
#include "byteorder.h"
#include "poly1305_base64.h"
#include "src/kernels.h"

#ifdef __SIZEOF_INT128__
void hwc_poly1305_blocks_scalar(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks,
                                uint64_t hibit) {
  const uint64_t r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2);
  uint64_t h[3] = {st->h[0], st->h[1], st->h[2]};
  for (; nblocks; nblocks--, in += 16) hwc_poly1305_block64(h, in, r0, r1, s1, hibit);
  st->h[0] = h[0];
  st->h[1] = h[1];
  st->h[2] = h[2];
}

#else /* no 128-bit products: radix 2^26 */

void hwc_poly1305_blocks_scalar(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks,
                                uint64_t hibit) {
  const uint32_t M = 0x3ffffff;
  const uint64_t R0 = st->r[0], R1 = st->r[1];
  const uint32_t r0 = (uint32_t)R0 & M, r1 = (uint32_t)(R0 >> 26) & M,
                 r2 = (uint32_t)(R0 >> 52 | R1 << 12) & M, r3 = (uint32_t)(R1 >> 14) & M,
                 r4 = (uint32_t)(R1 >> 40);
  const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
  uint64_t H0 = st->h[0], H1 = st->h[1], H2 = st->h[2];
  uint32_t h0 = (uint32_t)H0 & M, h1 = (uint32_t)(H0 >> 26) & M,
           h2 = (uint32_t)(H0 >> 52 | H1 << 12) & M, h3 = (uint32_t)(H1 >> 14) & M,
           h4 = (uint32_t)(H1 >> 40 | H2 << 24);
  const uint32_t hb = (uint32_t)hibit << 24;
  for (; nblocks; nblocks--, in += 16) {
    uint64_t m0 = hwc_load64_le(in), m1 = hwc_load64_le(in + 8);
    h0 += (uint32_t)m0 & M;
    h1 += (uint32_t)(m0 >> 26) & M;
    h2 += (uint32_t)(m0 >> 52 | m1 << 12) & M;
    h3 += (uint32_t)(m1 >> 14) & M;
    h4 += (uint32_t)(m1 >> 40) | hb;

    uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
    uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
    uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
    uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
    uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

    d1 += d0 >> 26; h0 = (uint32_t)d0 & M;
    d2 += d1 >> 26; h1 = (uint32_t)d1 & M;
    d3 += d2 >> 26; h2 = (uint32_t)d2 & M;
    d4 += d3 >> 26; h3 = (uint32_t)d3 & M;
    h0 += (uint32_t)(d4 >> 26) * 5; h4 = (uint32_t)d4 & M;
    h1 += h0 >> 26; h0 &= M;
  }
  /* Carry fully, then repack: every limb below 2^26, h4 below 2^27. */
  h2 += h1 >> 26; h1 &= M;
  h3 += h2 >> 26; h2 &= M;
  h4 += h3 >> 26; h3 &= M;
  st->h[0] = (uint64_t)h0 | (uint64_t)h1 << 26 | (uint64_t)h2 << 52;
  st->h[1] = (uint64_t)h2 >> 12 | (uint64_t)h3 << 14 | (uint64_t)h4 << 40;
  st->h[2] = (uint64_t)h4 >> 24;
}
#endif
