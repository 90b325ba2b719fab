/* SPDX-License-Identifier: ISC */
/*
 * Four independent X25519 operations in the four 64-bit lanes of AVX2
 * vectors (VPMULUDQ, 32 x 32 -> 64-bit products): the x25519_lanes entry
 * of the avx2 and mulx-avx2 fe25519 backends (contract in src/kernels.h).
 * Lane l of every __m256i holds one radix-2^25.5 limb of item l's
 * element, so mul4 of fe25519_avx2.h, which multiplies lane by lane,
 * computes four products of four different items at once, and each lane
 * runs the plain RFC 7748 step (5 products, 4 squarings at 55 products
 * instead of 100, one small product) with no permutation between lanes.
 *
 * Why this beats four single calls: the single ladder splits one step
 * over the four lanes (three 4-way products a step, twelve product slots
 * for ten operations, plus permutations and blends); here every product
 * slot does an item's own work, and the final inversion runs in the
 * lanes too.
 *
 * Layout and bounds: fe25519_avx2.h. Every operand of mul4 is carried or
 * a sum or difference of two carried values (add4, or add4 after neg4),
 * limbs below 3 * 2^26, which mul4 takes as they are; the small product
 * mul121666_add4 states its own. load4's limbs are exact (below their
 * widths); store4 reduces fully.
 *
 * ISA: AVX2. Constant time: one fixed instruction sequence whatever the
 * scalars and points; each scalar bit only forms its lane's swap mask,
 * never a branch, an index or a memory address (tests/ct_x25519.c under
 * valgrind and MemorySanitizer). Secrets stay in registers and this frame
 * (src/kernels.h).
 */
#include <string.h>

#include "src/kernels.h"
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

/* r = b + 121666 a (BB + (a24 + 1) E of the step, which equals RFC 7748's
 * AA + a24 E with a24 = 121665), a a difference (limbs below 3 * 2^26 <
 * 2^32, what VPMULUDQ reads) and b carried: each lane below 2^27 * 2^17 +
 * 2^26 < 2^45, inside what carry4 takes. */
static inline void mul121666_add4(fe4 *r, const fe4 *a, const fe4 *b) {
  const __m256i c = _mm256_set1_epi64x(121666);
  for (int i = 0; i < 10; i++) r->v[i] = _mm256_add_epi64(b->v[i], _mm256_mul_epu32(a->v[i], c));
  carry4(r);
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

/* One RFC 7748 ladder step in every lane, (x2:z2) doubled and (x3:z3)
 * the differential sum with difference x1; carried in, carried out. */
static inline void step4x(fe4 *x2, fe4 *z2, fe4 *x3, fe4 *z3, const fe4 *x1) {
  fe4 a, b, c, d, aa, bb, e, da, cb, t;
  add4(&a, x2, z2);
  sub4(&b, x2, z2);
  add4(&c, x3, z3);
  sub4(&d, x3, z3);
  sqr4(&aa, &a);
  sqr4(&bb, &b);
  mul4(&da, &d, &a);
  mul4(&cb, &c, &b);
  sub4(&e, &aa, &bb);
  add4(&t, &da, &cb);
  sqr4(x3, &t);                  /* (DA + CB)^2 */
  sub4(&t, &da, &cb);
  sqr4(&t, &t);
  mul4(z3, &t, x1);              /* x1 (DA - CB)^2 */
  mul4(x2, &aa, &bb);            /* AA BB */
  mul121666_add4(&a, &e, &bb);   /* BB + 121666 E = AA + a24 E */
  mul4(z2, &e, &a);
}

/* r = a^(2^n), n >= 1. */
static inline void sqr4_n(fe4 *r, const fe4 *a, int n) {
  sqr4(r, a);
  while (--n > 0) sqr4(r, r);
}

/* r = z^(p-2) = 1/z (0 for z = 0), the ref10 chain (public, fixed). */
static inline void invert4(fe4 *r, const fe4 *z) {
  fe4 z2, z9, z11, z5, z10, z20, z50, z100, t;
  sqr4(&z2, z);
  sqr4_n(&t, &z2, 2);
  mul4(&z9, &t, z);
  mul4(&z11, &z9, &z2);
  sqr4(&t, &z11);
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
  mul4(&t, &t, &z50);        /* z^(2^250 - 1) */
  sqr4_n(&t, &t, 5);
  mul4(r, &t, &z11);         /* z^(2^255 - 21) */
}

/* The x25519_lanes entry: out[l] = X25519(e[l], u[l]) for l = 0..3, e
 * clamped by the caller; no all-zero check (the protocol's). 255 steps
 * from bit 254 down, each lane's swap mask the XOR of its two latest
 * scalar bits, then the final swap. */
void hwc_x25519_avx2_lanes4(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]) {
  fe4 x1, x2, z2, x3, z3;
  __m256i k[4];
  load4(&x1, u);
  for (int j = 0; j < 4; j++) {
    uint64_t w[4];
    for (int l = 0; l < 4; l++) memcpy(&w[l], e[l] + 8 * j, 8);
    k[j] = _mm256_loadu_si256((const __m256i *)w);
  }
  for (int i = 0; i < 10; i++) {
    x2.v[i] = z3.v[i] = _mm256_set1_epi64x(i == 0);
    z2.v[i] = _mm256_setzero_si256();
  }
  x3 = x1;
  const __m256i one = _mm256_set1_epi64x(1);
  __m256i swap = _mm256_setzero_si256();
  for (int t = 254; t >= 0; t--) {
    /* bit t of each lane's scalar; the shift count is public */
    __m256i bit = _mm256_and_si256(_mm256_srl_epi64(k[t >> 6], _mm_cvtsi32_si128(t & 63)), one);
    __m256i mask = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_xor_si256(swap, bit));
    cswap4(&x2, &x3, mask);
    cswap4(&z2, &z3, mask);
    swap = bit;
    step4x(&x2, &z2, &x3, &z3, &x1);
  }
  __m256i mask = _mm256_sub_epi64(_mm256_setzero_si256(), swap);
  cswap4(&x2, &x3, mask);
  cswap4(&z2, &z3, mask);
  invert4(&z2, &z2);
  mul4(&x2, &x2, &z2);
  store4(out, &x2);
}
