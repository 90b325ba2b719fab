/* SPDX-License-Identifier: ISC */
/*
 * Eight independent X25519 operations in the eight lanes of AVX-512 IFMA
 * (VPMADD52LUQ/VPMADD52HUQ on 512-bit vectors): the avx512ifma fe25519
 * backend's x25519_lanes entry (contract in src/kernels.h). Lane l of
 * every __m512i holds one limb of item l's element, so each field
 * operation is the scalar radix-2^51 code run on eight items at once and
 * no lane ever looks at another: no shuffles, no cross-item data.
 *
 * The field arithmetic and its limb bounds are fe25519_ifma_lanes8.h's;
 * the single call's 4-way ladder splits one step over its lanes, here
 * each lane runs the plain RFC 7748 step, 4 products, 4 squarings and one
 * small product (mul_small_add8, bounds beside it), with nothing to
 * permute. load8's limbs are below 2^51 (value below 2^255, not
 * reduced).
 *
 * ISA: AVX-512F and AVX-512IFMA (the backend's other flags only because
 * its shared header, fe25519_avx512ifma.h, wants them). Constant time:
 * one fixed instruction sequence whatever the scalars and points; the
 * scalar bits only form per-lane masks for the swaps, never a branch, an
 * index or a memory address (tests/ct_x25519.c under MemorySanitizer;
 * valgrind has no AVX-512). Secrets stay in registers and this frame
 * (src/kernels.h).
 */
#include "src/kernels.h"
#include "fe25519_ifma_lanes8.h"

/* r = b + 121666 a (BB + (a24 + 1) E of the step, which equals RFC 7748's
 * AA + a24 E with a24 = 121665), a and b carried. IFMA accumulates the
 * low halves of a_i 121666 straight onto b's limbs: below 2^51 + 2^11 +
 * 2^52; the high halves are below 2^17 (a_i < 2^52, 121666 < 2^17), twice
 * that in the next limb, and limb 4's fold into limb 0 times 38: every
 * limb below 2^53, so the carries are at most 4 (limb 0: 76). */
static inline void mul_small_add8(fe8 *r, const fe8 *a, const fe8 *b) {
  const __m512i c = _mm512_set1_epi64(121666);
  __m512i lo[5], hi[5];
  for (int i = 0; i < 5; i++) {
    lo[i] = _mm512_madd52lo_epu64(b->v[i], a->v[i], c);
    hi[i] = _mm512_madd52hi_epu64(_mm512_setzero_si512(), a->v[i], c);
  }
  r->v[0] = _mm512_add_epi64(lo[0], mul19_8(_mm512_add_epi64(hi[4], hi[4])));
  for (int i = 1; i < 5; i++) r->v[i] = _mm512_add_epi64(lo[i], _mm512_add_epi64(hi[i - 1], hi[i - 1]));
  carry8(r);
}

/* One RFC 7748 ladder step in every lane, (x2:z2) doubled and (x3:z3)
 * the differential sum with difference x1; all operands carried. */
static inline void step8(fe8 *x2, fe8 *z2, fe8 *x3, fe8 *z3, const fe8 *x1) {
  fe8 a, b, c, d, aa, bb, e, da, cb;
  add8(&a, x2, z2);
  sub8(&b, x2, z2);
  add8(&c, x3, z3);
  sub8(&d, x3, z3);
  sqr8(&aa, &a);
  sqr8(&bb, &b);
  mul8(&da, &d, &a);
  mul8(&cb, &c, &b);
  sub8(&e, &aa, &bb);
  add8(x3, &da, &cb);
  sqr8(x3, x3);                 /* (DA + CB)^2 */
  sub8(z3, &da, &cb);
  sqr8(z3, z3);
  mul8(z3, z3, x1);             /* x1 (DA - CB)^2 */
  mul8(x2, &aa, &bb);           /* AA BB */
  mul_small_add8(&a, &e, &bb);  /* BB + 121666 E = AA + a24 E */
  mul8(z2, &e, &a);
}

/* The x25519_lanes entry: out[l] = X25519(e[l], u[l]) for l = 0..7, e
 * clamped by the caller; no all-zero check (the protocol's). The ladder
 * is RFC 7748's: 255 steps from bit 254 down, each lane's swap mask the
 * XOR of its two latest scalar bits, then the final swap. */
void hwc_x25519_ifma_lanes8(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]) {
  fe8 x1, x2, z2, x3, z3;
  __m512i k[4];
  load8(&x1, u);
  load_words(k, e);
  for (int i = 0; i < 5; i++) {
    x2.v[i] = z3.v[i] = _mm512_set1_epi64(i == 0);
    z2.v[i] = _mm512_setzero_si512();
  }
  x3 = x1;
  const __m512i one = _mm512_set1_epi64(1);
  __m512i swap = _mm512_setzero_si512();
  for (int t = 254; t >= 0; t--) {
    /* bit t of each lane's scalar; the shift count is public */
    __m512i bit = _mm512_and_si512(_mm512_srli_epi64(k[t >> 6], (unsigned)(t & 63)), one);
    __m512i mask = _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_xor_si512(swap, bit));
    cswap8(&x2, &x3, mask);
    cswap8(&z2, &z3, mask);
    swap = bit;
    step8(&x2, &z2, &x3, &z3, &x1);
  }
  __m512i mask = _mm512_sub_epi64(_mm512_setzero_si512(), swap);
  cswap8(&x2, &x3, mask);
  cswap8(&z2, &z3, mask);
  invert8(&z2, &z2);
  mul8(&x2, &x2, &z2);
  store_canonical(out, &x2);
}
