/* SPDX-License-Identifier: ISC */
/*
 * GF(2^255 - 19) in the four 64-bit lanes of AVX2 vectors, one element per
 * lane, for the avx2 and mulx-avx2 fe25519 backends' lane entries (four
 * independent items, lane l = item l: fe25519_avx2_x25519_lanes4.c). The layout, mul4, carry4, add4
 * and neg4 are fe25519_avx2.h's (radix 2^25.5, ten limbs, and the bounds
 * stated there: mul4 takes carried values and sums or differences of two
 * carried values, limbs below 3 * 2^26, and returns carried ones); this
 * adds what whole operations in the lanes need: loading and canonical
 * storing, the difference, the squaring, the swap and the inversion. No
 * lane ever looks at another.
 *
 * Constant time: fixed instruction sequences; masks, never branches or
 * indexes, on the data. Include only from files compiled with -mavx2.
 */
#ifndef HWC_X86_64_FE25519_AVX2_LANES4_H
#define HWC_X86_64_FE25519_AVX2_LANES4_H

#include <string.h>

#include "fe25519_avx2.h"

/* Bit position of limb j: ceil(25.5 j); limb 9 ends at bit 255. */
static const unsigned lpos[11] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230, 255};

/* Item l of s (32 little-endian bytes, bit 255 dropped as RFC 7748 says)
 * into lane l: each limb is its bits of the 255-bit value, below its width. */
static inline void load4(fe4 *r, const uint8_t (*s)[32]) {
  uint64_t lane[10][4];
  for (int l = 0; l < 4; l++) {
    uint64_t w[4];
    memcpy(w, s[l], 32);
    w[3] &= INT64_MAX;
    for (int j = 0; j < 10; j++) {
      unsigned pos = lpos[j], wi = pos / 64, sh = pos % 64, width = lpos[j + 1] - pos;
      uint64_t v = w[wi] >> sh;
      if (sh + width > 64) v |= w[wi + 1] << (64 - sh);
      lane[j][l] = v & ((UINT64_C(1) << width) - 1);
    }
  }
  for (int j = 0; j < 10; j++) r->v[j] = _mm256_loadu_si256((const __m256i *)lane[j]);
}

/* out[l] = the canonical encoding of lane l of h (carried). Per item, on
 * the scalar side: two sequential carry passes (limb 9's carry folded
 * times 19) leave every limb below its width and the value below 2^255;
 * then q = 1 exactly when the value is >= p (h + 19 carries out of bit
 * 255), and h + 19 q with bit 255 dropped is h - q p. */
static inline void store4(uint8_t (*out)[32], const fe4 *h) {
  uint64_t lane[10][4];
  for (int j = 0; j < 10; j++) _mm256_storeu_si256((__m256i *)lane[j], h->v[j]);
  for (int l = 0; l < 4; l++) {
    uint64_t t[10];
    for (int j = 0; j < 10; j++) t[j] = lane[j][l];
    for (int pass = 0; pass < 2; pass++) {
      for (int j = 0; j < 9; j++) {
        unsigned wd = lpos[j + 1] - lpos[j];
        t[j + 1] += t[j] >> wd;
        t[j] &= (UINT64_C(1) << wd) - 1;
      }
      t[0] += 19 * (t[9] >> 25);
      t[9] &= M25;
    }
    uint64_t q = (t[0] + 19) >> 26;
    for (int j = 1; j < 10; j++) q = (t[j] + q) >> (lpos[j + 1] - lpos[j]);
    t[0] += 19 * q;
    for (int j = 0; j < 9; j++) {
      unsigned wd = lpos[j + 1] - lpos[j];
      t[j + 1] += t[j] >> wd;
      t[j] &= (UINT64_C(1) << wd) - 1;
    }
    t[9] &= M25; /* drops 2^255: the subtraction of q p */
    uint64_t w[4] = {0, 0, 0, 0};
    for (int j = 0; j < 10; j++) {
      unsigned wi = lpos[j] / 64, sh = lpos[j] % 64;
      w[wi] |= t[j] << sh;
      if (sh && sh + (lpos[j + 1] - lpos[j]) > 64) w[wi + 1] |= t[j] >> (64 - sh);
    }
    memcpy(out[l], w, 32);
  }
}

/* r = a - b + 2p: neg4 then add4, b carried (fe25519_avx2.h). */
static inline void sub4(fe4 *r, const fe4 *a, const fe4 *b) {
  fe4 n;
  neg4(&n, b);
  add4(r, a, &n);
}

/* r = a^2 in every lane, carried; a's limbs as mul4 takes them (below
 * 3 * 2^26, odd ones below 3 * 2^25 + 2^11). The 45 cross products a_i
 * a_j (i < j) once and the ten squares, 55 VPMULUDQ for mul4's 100: each
 * term's factor (2 for a cross product, 2 again for two odd limbs, 19 for
 * a column past 9) goes into the operands, 2 a_i or 4 a_i on the left
 * (below 2^29.6) and a_j, 2 a_j or 19 a_j on the right (below 2^31.9),
 * both inside the 32 bits VPMULUDQ reads. Every column holds the same sum
 * as mul4's for a times a, so its bound (below 2^62.2) holds. */
static inline void sqr4(fe4 *r, const fe4 *a) {
  const __m256i n19 = _mm256_set1_epi64x(19);
  __m256i a2[10], a4[10], a19[10];
  for (int i = 0; i < 10; i++) {
    a2[i] = _mm256_add_epi64(a->v[i], a->v[i]);
    a4[i] = _mm256_add_epi64(a2[i], a2[i]);
    a19[i] = _mm256_mul_epu32(a->v[i], n19);
  }
  fe4 h;
  for (int k = 0; k < 10; k++) h.v[k] = _mm256_setzero_si256();
#pragma GCC unroll 10
  for (int i = 0; i < 10; i++) {
#pragma GCC unroll 10
    for (int j = i; j < 10; j++) {
      const int wrap = i + j >= 10, k = wrap ? i + j - 10 : i + j;
      /* the factor without 19: 1 (square), 2 (cross, or square of an odd
       * limb) or 4 (cross of two odd limbs) */
      const int f = (i == j ? 1 : 2) * ((i & j & 1) ? 2 : 1);
      __m256i x, y;
      if (wrap) {
        x = f == 1 ? a->v[i] : f == 2 ? a2[i] : a4[i];
        y = a19[j];
      } else {
        x = f == 1 ? a->v[i] : a2[i];
        y = f == 4 ? a2[j] : a->v[j];
      }
      h.v[k] = _mm256_add_epi64(h.v[k], _mm256_mul_epu32(x, y));
      OPAQUE(h.v[k]);
    }
  }
  carry4(&h);
  *r = h;
}

/* Exchanges a and b in the lanes where mask is all ones. */
static inline void cswap4(fe4 *a, fe4 *b, __m256i mask) {
  for (int i = 0; i < 10; i++) {
    __m256i t = _mm256_and_si256(_mm256_xor_si256(a->v[i], b->v[i]), mask);
    a->v[i] = _mm256_xor_si256(a->v[i], t);
    b->v[i] = _mm256_xor_si256(b->v[i], t);
  }
}

/* r = a^(2^n), n >= 1. */
static inline void sqr4_n(fe4 *r, const fe4 *a, int n) {
  sqr4(r, a);
  while (--n > 0) sqr4(r, r);
}

/* r = z^(2^250 - 1) and z11 = z^11, the head of the inversion chain
 * (ref10's; the exponent is public), kept apart for the square-root power
 * z^((p-5)/8) that Ed25519 decoding would add. */
static inline void pow2_250_1_4(fe4 *r, fe4 *z11, const fe4 *z) {
  fe4 z2, z9, z5, z10, z20, z50, z100, t;
  sqr4(&z2, z);
  sqr4_n(&t, &z2, 2);
  mul4(&z9, &t, z);
  mul4(z11, &z9, &z2);
  sqr4(&t, z11);
  mul4(&z5, &t, &z9);        /* z^(2^5 - 1) */
  sqr4_n(&t, &z5, 5);
  mul4(&z10, &t, &z5);
  sqr4_n(&t, &z10, 10);
  mul4(&z20, &t, &z10);
  sqr4_n(&t, &z20, 20);
  mul4(&t, &t, &z20);        /* z^(2^40 - 1) */
  sqr4_n(&t, &t, 10);
  mul4(&z50, &t, &z10);
  sqr4_n(&t, &z50, 50);
  mul4(&z100, &t, &z50);
  sqr4_n(&t, &z100, 100);
  mul4(&t, &t, &z100);       /* z^(2^200 - 1) */
  sqr4_n(&t, &t, 50);
  mul4(r, &t, &z50);         /* z^(2^250 - 1) */
}

/* r = z^(p-2) = 1/z (0 for z = 0) by Fermat. */
static inline void invert4(fe4 *r, const fe4 *z) {
  fe4 t, z11;
  pow2_250_1_4(&t, &z11, z);
  sqr4_n(&t, &t, 5);
  mul4(r, &t, &z11);         /* z^(2^255 - 21) */
}

#endif /* HWC_X86_64_FE25519_AVX2_LANES4_H */
