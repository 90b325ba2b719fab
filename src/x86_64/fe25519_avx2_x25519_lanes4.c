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
 * Only X25519 has these lanes. An Ed25519 verification core on them (key
 * decoding and the fixed radix-16 double multiplication of the IFMA
 * entry, every sum carried) ran slower per item than the single call on
 * mulx: the fixed schedule does about 1.4 times the point operations of
 * the single call's NAF, and a lane's product costs about what a MULX
 * product does, where X25519's single call pays its 4-way split instead.
 *
 * Layout and bounds: fe25519_avx2.h and fe25519_avx2_lanes4.h. Every
 * operand of mul4 and sqr4 is carried or a sum or difference of two
 * carried values (add4, or sub4), limbs below 3 * 2^26, which both take
 * as they are; the small product mul121666_add4 states its own.
 *
 * ISA: AVX2. Constant time: one fixed instruction sequence whatever the
 * scalars and points; each scalar bit only forms its lane's swap mask,
 * never a branch, an index or a memory address (tests/ct_x25519.c under
 * valgrind and MemorySanitizer). Secrets stay in registers and this frame
 * (src/kernels.h).
 */
#include "src/kernels.h"
#include "fe25519_avx2_lanes4.h"

/* r = b + 121666 a (BB + (a24 + 1) E of the step, which equals RFC 7748's
 * AA + a24 E with a24 = 121665), a a difference (limbs below 3 * 2^26 <
 * 2^32, what VPMULUDQ reads) and b carried: each lane below 2^27 * 2^17 +
 * 2^26 < 2^45, inside what carry4 takes. */
static inline void mul121666_add4(fe4 *r, const fe4 *a, const fe4 *b) {
  const __m256i c = _mm256_set1_epi64x(121666);
  for (int i = 0; i < 10; i++) r->v[i] = _mm256_add_epi64(b->v[i], _mm256_mul_epu32(a->v[i], c));
  carry4(r);
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
