/* SPDX-License-Identifier: ISC */
/*
 * GF(2^255 - 19) in the eight 64-bit lanes of 512-bit vectors, one element
 * per lane, for the avx512ifma fe25519 backend's lane entries (eight
 * independent items, lane l = item l: fe25519_avx512ifma_x25519_lanes8.c,
 * fe25519_avx512ifma_edwards_base_lanes8.c). Each operation is the scalar
 * radix-2^51 code run on eight elements at once; no lane ever looks at
 * another.
 *
 * Radix 2^51, five limbs, 2^255 = 19 folding, for the reasons given in
 * fe25519_avx512ifma.h (column sums times 19 stay below 2^64 without a
 * carry first).
 *
 * Bounds. IFMA reads the low 52 bits of each operand, so every limb that
 * enters mul8/sqr8 must be below 2^52. Every operation below ends with
 * carry8, and "carried" means limbs below 2^51 + 2^11:
 *  - mul8, sqr8 (inputs below 2^52): limb 0 below 2^51 + 1938, limbs
 *    1..4 below 2^51 + 535;
 *  - add8 (two carried): limb 0 below 2^51 + 38, the others 2^51 + 2;
 *  - sub8 (two carried): limb 0 below 2^51 + 152, the others 2^51 + 8.
 * All carried limbs are below 2^52, so any output may enter any product.
 * No lane exceeds 2^61 at any point (mul8's columns, the largest), so
 * nothing wraps 64 bits.
 *
 * Constant time: fixed instruction sequences; masks, never branches or
 * indexes, on the data.
 */
#ifndef HWC_X86_64_FE25519_IFMA_LANES8_H
#define HWC_X86_64_FE25519_IFMA_LANES8_H

#include <immintrin.h>
#include <string.h>

#include "fe25519_4x64.h" /* u128 and the 4x64 helpers the header below needs */
#include "fe25519_avx512ifma.h"

typedef struct {
  __m512i v[5];
} fe8;

/* 19 x, by shifts and adds (VPMULLQ needs AVX-512DQ): x below 2^59.7. */
static inline __m512i mul19_8(__m512i x) {
  return _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 1)), x);
}

/* One parallel carry pass, as carry4 of fe25519_avx512ifma.h: each limb
 * keeps its low 51 bits and takes the carry of the limb below (limb 0:
 * 19 times limb 4's). For limbs below 2^63 the carries are below 2^12. */
static inline void carry8(fe8 *r) {
  const __m512i m = _mm512_set1_epi64((long long)M51);
  __m512i c[5];
  for (int i = 0; i < 5; i++) c[i] = _mm512_srli_epi64(r->v[i], 51);
  r->v[0] = _mm512_add_epi64(_mm512_and_si512(r->v[0], m), mul19_8(c[4]));
  for (int i = 1; i < 5; i++) r->v[i] = _mm512_add_epi64(_mm512_and_si512(r->v[i], m), c[i - 1]);
}

/* Columns lo[0..8] and hi[0..8] of a product to carried limbs: the high
 * half of a_i b_j has weight 2^(51(i+j)+52), twice column i+j+1's, and
 * columns 5..9 fold into 0..4 times 19. As in mul4 (fe25519_avx512ifma.h):
 * column k is below (n_k + 2 n_(k-1)) 2^52 <= 14 * 2^52 and r_0, the
 * largest folded limb, below 267 * 2^52 < 2^60.1; the carries are then at
 * most 534 (limb 0) and 102 (limb 4, times 19: 1938). */
static inline void fold8(fe8 *r, const __m512i lo[9], const __m512i hi[9]) {
  __m512i col[10];
  col[0] = lo[0];
  for (int k = 1; k < 9; k++) col[k] = _mm512_add_epi64(lo[k], _mm512_add_epi64(hi[k - 1], hi[k - 1]));
  col[9] = _mm512_add_epi64(hi[8], hi[8]);
  for (int k = 0; k < 5; k++) r->v[k] = _mm512_add_epi64(col[k], mul19_8(col[k + 5]));
  carry8(r);
}

/* r = a b, limbs below 2^52 in (what IFMA reads), carried out: 25 low
 * and 25 high halves. */
static inline void mul8(fe8 *r, const fe8 *a, const fe8 *b) {
  __m512i lo[9], hi[9];
  for (int k = 0; k < 9; k++) lo[k] = hi[k] = _mm512_setzero_si512();
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) {
      lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a->v[i], b->v[j]);
      hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a->v[i], b->v[j]);
    }
  }
  fold8(r, lo, hi);
}

/* r = a^2, limbs below 2^52 in, carried out: the ten products a_i a_j,
 * i < j, once each, their columns doubled by an add (doubling an operand
 * instead would reach 2^53, past what IFMA reads), then the five squares
 * a_i^2: 15 pairs of halves instead of 25. Every column holds the same
 * sum as in mul8, so fold8's bounds hold. */
static inline void sqr8(fe8 *r, const fe8 *a) {
  __m512i lo[9], hi[9];
  for (int k = 0; k < 9; k++) lo[k] = hi[k] = _mm512_setzero_si512();
  for (int i = 0; i < 5; i++) {
    for (int j = i + 1; j < 5; j++) {
      lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], a->v[i], a->v[j]);
      hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], a->v[i], a->v[j]);
    }
  }
  for (int k = 0; k < 9; k++) {
    lo[k] = _mm512_add_epi64(lo[k], lo[k]);
    hi[k] = _mm512_add_epi64(hi[k], hi[k]);
  }
  for (int i = 0; i < 5; i++) {
    lo[2 * i] = _mm512_madd52lo_epu64(lo[2 * i], a->v[i], a->v[i]);
    hi[2 * i] = _mm512_madd52hi_epu64(hi[2 * i], a->v[i], a->v[i]);
  }
  fold8(r, lo, hi);
}

/* r = a + b, two carried in: limbs below 2^52 + 2^12, which IFMA would
 * truncate, so carried (carries at most 2; limb 0 gains at most 38). */
static inline void add8(fe8 *r, const fe8 *a, const fe8 *b) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm512_add_epi64(a->v[i], b->v[i]);
  carry8(r);
}

/* r = a - b + 4p, two carried in: 4p's limbs (2^53 - 76, then 2^53 - 4)
 * exceed any carried b, so no lane goes negative, and the sum stays below
 * 2^54: carries at most 8 (limb 0 gains at most 152). */
static inline void sub8(fe8 *r, const fe8 *a, const fe8 *b) {
  const __m512i p4_0 = _mm512_set1_epi64((long long)((UINT64_C(1) << 53) - 76));
  const __m512i p4_i = _mm512_set1_epi64((long long)((UINT64_C(1) << 53) - 4));
  r->v[0] = _mm512_sub_epi64(_mm512_add_epi64(a->v[0], p4_0), b->v[0]);
  for (int i = 1; i < 5; i++) r->v[i] = _mm512_sub_epi64(_mm512_add_epi64(a->v[i], p4_i), b->v[i]);
  carry8(r);
}

/* Exchanges a and b in the lanes where mask is all ones, leaves the lanes
 * where it is zero: XOR with the masked difference, no branch. */
static inline void cswap8(fe8 *a, fe8 *b, __m512i mask) {
  for (int i = 0; i < 5; i++) {
    __m512i t = _mm512_and_si512(_mm512_xor_si512(a->v[i], b->v[i]), mask);
    a->v[i] = _mm512_xor_si512(a->v[i], t);
    b->v[i] = _mm512_xor_si512(b->v[i], t);
  }
}

/* Reads 32-byte item l of s into word w of lane l: four vectors, vector w
 * holding bits 64w..64w+63 of each item (x86 is little-endian). */
static inline void load_words(__m512i w[4], const uint8_t (*s)[32]) {
  uint64_t t[4][8];
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 4; j++) memcpy(&t[j][l], s[l] + 8 * j, 8);
  for (int j = 0; j < 4; j++) w[j] = _mm512_loadu_si512(t[j]);
}

/* Eight 32-byte little-endian elements into radix 2^51 with bit 255
 * dropped (RFC 7748 masks it for X25519; Edwards callers pass canonical
 * values): limbs below 2^51, the value below 2^255 and possibly >= p,
 * which the arithmetic mod p absorbs. */
static inline void load8(fe8 *r, const uint8_t (*s)[32]) {
  const __m512i m = _mm512_set1_epi64((long long)M51);
  __m512i w[4];
  load_words(w, s);
  r->v[0] = _mm512_and_si512(w[0], m);
  r->v[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[0], 51), _mm512_slli_epi64(w[1], 13)), m);
  r->v[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[1], 38), _mm512_slli_epi64(w[2], 26)), m);
  r->v[3] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[2], 25), _mm512_slli_epi64(w[3], 39)), m);
  r->v[4] = _mm512_and_si512(_mm512_srli_epi64(w[3], 12), m);
}

/* r = a^(2^n), n >= 1: the runs of squarings in the inversion chain. */
static inline void sqr8_n(fe8 *r, const fe8 *a, int n) {
  sqr8(r, a);
  while (--n > 0) sqr8(r, r);
}

/* r = z^(2^250 - 1) and z11 = z^11, the common head of the two fixed
 * exponentiations below (the ref10 chain): 249 squarings, 10
 * multiplications. The exponent is public and fixed, so every lane runs
 * the same sequence. Carried in, carried out. */
static inline void pow2_250_1_8(fe8 *r, fe8 *z11, const fe8 *z) {
  fe8 z2, z9, z5, z10, z20, z50, z100, t;
  sqr8(&z2, z);              /* z^2 */
  sqr8_n(&t, &z2, 2);        /* z^8 */
  mul8(&z9, &t, z);          /* z^9 */
  mul8(z11, &z9, &z2);       /* z^11 */
  sqr8(&t, z11);             /* z^22 */
  mul8(&z5, &t, &z9);        /* z^(2^5 - 1) */
  sqr8_n(&t, &z5, 5);
  mul8(&z10, &t, &z5);       /* z^(2^10 - 1) */
  sqr8_n(&t, &z10, 10);
  mul8(&z20, &t, &z10);      /* z^(2^20 - 1) */
  sqr8_n(&t, &z20, 20);
  mul8(&t, &t, &z20);        /* z^(2^40 - 1) */
  sqr8_n(&t, &t, 10);
  mul8(&z50, &t, &z10);      /* z^(2^50 - 1) */
  sqr8_n(&t, &z50, 50);
  mul8(&z100, &t, &z50);     /* z^(2^100 - 1) */
  sqr8_n(&t, &z100, 100);
  mul8(&t, &t, &z100);       /* z^(2^200 - 1) */
  sqr8_n(&t, &t, 50);
  mul8(r, &t, &z50);         /* z^(2^250 - 1) */
}

/* r = z^(p-2) = 1/z (0 for z = 0) by Fermat: 254 squarings, 11
 * multiplications. Carried in, carried out. */
static inline void invert8(fe8 *r, const fe8 *z) {
  fe8 t, z11;
  pow2_250_1_8(&t, &z11, z);
  sqr8_n(&t, &t, 5);
  mul8(r, &t, &z11);         /* z^(2^255 - 21) = z^(p - 2) */
}

/* r = z^((p-5)/8) = z^(2^252 - 3), the square-root candidate's power
 * (RFC 8032 5.1.3). Carried in, carried out. */
static inline void pow22523_8(fe8 *r, const fe8 *z) {
  fe8 t, z11;
  pow2_250_1_8(&t, &z11, z);
  sqr8_n(&t, &t, 2);
  mul8(r, &t, z);            /* z^(2^252 - 4 + 1) */
}

/* One carry pass from limb 0 up to limb 4 in order, limb 4's carry folded
 * into limb 0 times 19: limbs 1..4 end below 2^51. */
static inline void carry8_chain(fe8 *h) {
  const __m512i m = _mm512_set1_epi64((long long)M51);
  for (int i = 0; i < 4; i++) {
    h->v[i + 1] = _mm512_add_epi64(h->v[i + 1], _mm512_srli_epi64(h->v[i], 51));
    h->v[i] = _mm512_and_si512(h->v[i], m);
  }
  h->v[0] = _mm512_add_epi64(h->v[0], mul19_8(_mm512_srli_epi64(h->v[4], 51)));
  h->v[4] = _mm512_and_si512(h->v[4], m);
}

/* h reduced to its canonical value (< p) in every lane, limbs below
 * 2^51, from carried limbs. Two chained passes: from carried limbs every
 * carry is at most 1, so the first leaves limb 0 below 2^51 + 19 and the
 * second all limbs below 2^51 (limb 0 wraps only from below 2^51 + 19 to
 * below 38): h < 2^255. Then q = 1 exactly when h >= p, i.e. h + 19 >=
 * 2^255, found by carrying 19 through; h + 19 q with bit 255 dropped is
 * h - q p. */
static inline void canonical8(fe8 *h) {
  const __m512i m = _mm512_set1_epi64((long long)M51);
  carry8_chain(h);
  carry8_chain(h);
  __m512i q = _mm512_srli_epi64(_mm512_add_epi64(h->v[0], _mm512_set1_epi64(19)), 51);
  for (int i = 1; i < 5; i++) q = _mm512_srli_epi64(_mm512_add_epi64(h->v[i], q), 51);
  h->v[0] = _mm512_add_epi64(h->v[0], mul19_8(q));
  for (int i = 0; i < 4; i++) {
    h->v[i + 1] = _mm512_add_epi64(h->v[i + 1], _mm512_srli_epi64(h->v[i], 51));
    h->v[i] = _mm512_and_si512(h->v[i], m);
  }
  h->v[4] = _mm512_and_si512(h->v[4], m);
}

/* The lanes where the carried element a is 0 mod p: its canonical limbs
 * all zero. A compare mask, no branch. */
static inline __mmask8 iszero8(const fe8 *a) {
  fe8 c = *a;
  canonical8(&c);
  __m512i o = c.v[0];
  for (int i = 1; i < 5; i++) o = _mm512_or_si512(o, c.v[i]);
  return _mm512_cmpeq_epi64_mask(o, _mm512_setzero_si512());
}

/* The lanes where the canonical value of the carried element a is odd
 * (RFC 8032's "negative" x, the sign bit of an encoding). */
static inline __mmask8 isodd8(const fe8 *a) {
  fe8 c = *a;
  canonical8(&c);
  return _mm512_test_epi64_mask(c.v[0], _mm512_set1_epi64(1));
}

/* The canonical encodings (< p) of eight carried elements, item l into
 * out[l]: canonical8, then the limbs packed into four 64-bit words. */
static inline void store_canonical(uint8_t (*out)[32], fe8 *h) {
  canonical8(h);
  uint64_t w[4][8];
  _mm512_storeu_si512(w[0], _mm512_or_si512(h->v[0], _mm512_slli_epi64(h->v[1], 51)));
  _mm512_storeu_si512(w[1], _mm512_or_si512(_mm512_srli_epi64(h->v[1], 13), _mm512_slli_epi64(h->v[2], 38)));
  _mm512_storeu_si512(w[2], _mm512_or_si512(_mm512_srli_epi64(h->v[2], 26), _mm512_slli_epi64(h->v[3], 25)));
  _mm512_storeu_si512(w[3], _mm512_or_si512(_mm512_srli_epi64(h->v[3], 39), _mm512_slli_epi64(h->v[4], 12)));
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 4; j++) memcpy(out[l] + 8 * j, &w[j][l], 8);
}

#endif /* HWC_X86_64_FE25519_IFMA_LANES8_H */
