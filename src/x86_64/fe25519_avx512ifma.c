/* SPDX-License-Identifier: ISC */
/*
 * The avx512ifma fe25519 backend: the Montgomery ladder four lanes wide
 * with AVX-512 IFMA (VPMADD52LUQ/VPMADD52HUQ) on 256-bit vectors; every
 * other operation, and the element layout, is the mulx backend's
 * (fe25519_4x64.h), which is as fast as a lone multiplication gets. Its
 * table also carries the three Edwards operations of fe25519_avx512ifma_edwards.c,
 * which run in the same private 4-way layout (why there and not in a
 * table of their own: src/kernels.h, fe25519 section), and the batch
 * entry x25519_lanes (lanes = 8): eight whole X25519 operations, one per
 * lane of 512-bit vectors, in fe25519_avx512ifma_x25519_lanes8.c.
 *
 * Layout in the ladder: the four lanes of fe25519_avx512ifma.h hold (x2, z2, x3, z3).
 *
 * Each step (RFC 7748 section 5) is three 4-way products, following the
 * dataflow of the 4-way AVX2 ladders (Hisil, Egrice, Yassi, "Fast 4 way
 * vectorized ladder for the complete set of Montgomery curves", 2020;
 * Nath, Sarkar, "Efficient 4-way vectorizations of the Montgomery ladder",
 * 2020): (A,B,D,C) x (A,B,A,B), then (AA,E,DA+CB,DA-CB) x (BB,a24,DA+CB,
 * DA-CB), then (., E, ., x1) x (., BB+a24 E, ., (DA-CB)^2).
 *
 * Bounds (fe25519_avx512ifma.h has each operation's): every sum and difference is
 * carried before it enters a product, so all mul4 operands are below
 * 2^51 + 2^7 (sums, differences) or 2^51 + 2^11 (products), inside the 52
 * bits IFMA reads; the entry limbs from to_radix51 are below 2^52, and the
 * state after each step is mul4 output, carried, as the next step needs.
 * x1 enters as to_radix51 left it, a24 = 121666 as one limb.
 *
 * ISA: AVX-512F, AVX-512VL, AVX-512IFMA for the ladder; BMI2 and ADX for
 * the 4x64 operations. Constant time: fixed instruction sequence per step;
 * the swap is a mask built from the scalar bit, never a branch or index.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "fe25519_ladder4.h"
#include "fe25519_4x64.h"
#include "fe25519_avx512ifma.h"

HWC_CALL_COUNTER(fe25519_avx512ifma);

/* ------------------------------------------------ table entry points
 * The single operations are the mulx backend's (fe25519_4x64.h), counted
 * on this backend's counter; contracts in src/kernels.h. */

static void fe25519_avx512ifma_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_frombytes(h->d, s);
}

static void fe25519_avx512ifma_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_tobytes(s, f->d);
}

static void fe25519_avx512ifma_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_mul(h->d, f->d, g->d);
}

static void fe25519_avx512ifma_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_sqr(h->d, f->d);
}

static void fe25519_avx512ifma_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_sqr_n(h->d, f->d, n);
}

static void fe25519_avx512ifma_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_mul_small(h->d, f->d, c);
}

static void fe25519_avx512ifma_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_add(h->d, f->d, g->d);
}

static void fe25519_avx512ifma_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_sub(h->d, f->d, g->d);
}

static void fe25519_avx512ifma_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_cswap(f->d, g->d, b);
}

static void fe25519_avx512ifma_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  fe4x64_cmov(f->d, g->d, b);
}

/* One ladder step on s = (x2, z2, x3, z3); x1v holds x1 in lane 3. */
static inline void step4(__m256i *sv, const __m256i *x1, const __m256i *a24) {
  fe4 *s = (fe4 *)sv; /* sv is s.v, the first member */
  const fe4 *x1v = (const fe4 *)x1, *a24v = (const fe4 *)a24;
  fe4 q, sum, dif, u, x, y, t, tp, w, y2, m2, x3, y3, m3;
  perm4(&q, s, 0xb1);                        /* (z2, x2, z3, x3) */
  for (int i = 0; i < 5; i++) sum.v[i] = _mm256_add_epi64(s->v[i], q.v[i]);
  sub4(&dif, &q, s);                         /* lanes 1, 3: x2 - z2, x3 - z3 */
  carry4(&sum); /* up to 2^53 uncarried: IFMA would drop bit 52 */
  for (int i = 0; i < 5; i++) u.v[i] = BLEND(sum.v[i], dif.v[i], 0xa); /* (A, B, C, D) */
  perm4(&x, &u, 0xb4);                       /* (A, B, D, C) */
  perm4(&y, &u, 0x44);                       /* (A, B, A, B) */
  mul4(&t, &x, &y);                          /* (AA, BB, DA, CB) */
  perm4(&tp, &t, 0xb1);                      /* (BB, AA, CB, DA) */
  sub4(&dif, &tp, &t);                       /* lanes 1, 3: AA - BB, DA - CB */
  for (int i = 0; i < 5; i++) sum.v[i] = _mm256_add_epi64(t.v[i], tp.v[i]);
  carry4(&sum);
  for (int i = 0; i < 5; i++) {
    w.v[i] = BLEND(BLEND(t.v[i], sum.v[i], 0x4), dif.v[i], 0xa); /* (AA, E, S, Df) */
    y2.v[i] = BLEND(BLEND(tp.v[i], a24v->v[i], 0x2), w.v[i], 0xc); /* (BB, a24, S, Df) */
  }
  mul4(&m2, &w, &y2);                        /* (x2', a24 E, x3', Df^2) */
  add4(&y3, &t, &m2);                        /* lane 1: BB + a24 E */
  for (int i = 0; i < 5; i++) {
    x3.v[i] = BLEND(w.v[i], x1v->v[i], 0x8);   /* (., E, ., x1) */
    y3.v[i] = BLEND(y3.v[i], m2.v[i], 0x8);    /* (., BB + a24 E, ., Df^2) */
  }
  mul4(&m3, &x3, &y3);                       /* (., z2', ., z3') */
  for (int i = 0; i < 5; i++) s->v[i] = BLEND(m2.v[i], m3.v[i], 0xa);
}

/* The ladder entry point: the state and x1 move into radix 2^51 lanes
 * once, run 255 steps of step4 there, and come back to 4x64. */
static void fe25519_avx512ifma_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  uint64_t l[4][5], lx[5];
  for (int c = 0; c < 4; c++) to_radix51(l[c], st[c].d);
  to_radix51(lx, x1->d);
  fe4 s, x1v, a24v;
  for (int i = 0; i < 5; i++) {
    s.v[i] = _mm256_set_epi64x((long long)l[3][i], (long long)l[2][i], (long long)l[1][i], (long long)l[0][i]);
    x1v.v[i] = _mm256_set_epi64x((long long)lx[i], 0, 0, 0);
    a24v.v[i] = _mm256_set_epi64x(0, 0, i == 0 ? 121666 : 0, 0);
  }
  hwc_fe25519_ladder4_loop(s.v, 5, x1v.v, a24v.v, e, step4);
  for (int i = 0; i < 5; i++) {
    uint64_t lane[4];
    _mm256_storeu_si256((__m256i *)lane, s.v[i]);
    for (int c = 0; c < 4; c++) l[c][i] = lane[c];
  }
  for (int c = 0; c < 4; c++) from_radix51(st[c].d, l[c]);
  /* the caller wipes st; this copy of it is ours to wipe */
  volatile uint64_t *vl = &l[0][0];
  for (int i = 0; i < 20; i++) vl[i] = 0;
}

/* The Edwards entry points (contracts in src/kernels.h): they run in this
 * backend's private 4-way radix-2^51 layout (fe25519_avx512ifma.h), which
 * only this backend can convert to and from its elements, so they live in
 * its table rather than in one of their own; src/x86_64/fe25519_avx512ifma_edwards.c
 * has the point formulas. */

static void fe25519_avx512ifma_edwards_scalarmult(hwc_fe25519 pt[4], const int8_t e[64]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_ge25519_ifma_scalarmult(pt, e);
}

static void fe25519_avx512ifma_edwards_base(hwc_fe25519 pt[4], const int8_t e[64]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_ge25519_ifma_base(pt, e);
}

static void fe25519_avx512ifma_edwards_double_vartime(hwc_fe25519 pt[4], const int8_t an[256],
                                                      const int8_t bn[256], const hwc_fe25519 bt[64][3]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_ge25519_ifma_double_vartime(pt, an, bn, bt);
}

/* The batch entry (contract in src/kernels.h): eight independent X25519
 * ladders, one per lane of 512-bit vectors, in fe25519_avx512ifma_x25519_lanes8.c. */
static void fe25519_avx512ifma_x25519_lanes(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_x25519_ifma_lanes8(out, e, u);
}

/* The signing batch's entry (contract in src/kernels.h): eight fixed-base
 * multiplications and encodings in the lanes of 512-bit vectors, in
 * fe25519_avx512ifma_edwards_base_lanes8.c. */
static void fe25519_avx512ifma_edwards_base_lanes(uint8_t (*out)[32], const int8_t (*e)[64]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_ed25519_base_ifma_lanes8(out, e);
}

/* The verification batch's entry (contract in src/kernels.h): eight key
 * decodings, double multiplications and encodings in the lanes of 512-bit
 * vectors, in fe25519_avx512ifma_ed25519_verify_lanes8.c. */
static void fe25519_avx512ifma_ed25519_verify_lanes(uint8_t (*out)[32], int *ok, const int8_t (*h)[64],
                                                    const uint8_t (*pk)[32], const int8_t (*s)[64]) {
  HWC_COUNT_CALL(fe25519_avx512ifma);
  hwc_ed25519_verify_ifma_lanes8(out, ok, h, pk, s);
}

const hwc_fe25519_kernel hwc_fe25519_avx512ifma = {
    .info = {.name = "avx512ifma",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_IFMA,
             HWC_CALLS(fe25519_avx512ifma)},
    .lanes = 8,
    .x25519_lanes = fe25519_avx512ifma_x25519_lanes,
    .frombytes = fe25519_avx512ifma_frombytes,
    .tobytes = fe25519_avx512ifma_tobytes,
    .mul = fe25519_avx512ifma_mul,
    .sqr = fe25519_avx512ifma_sqr,
    .sqr_n = fe25519_avx512ifma_sqr_n,
    .mul_small = fe25519_avx512ifma_mul_small,
    .add = fe25519_avx512ifma_add,
    .sub = fe25519_avx512ifma_sub,
    .cswap = fe25519_avx512ifma_cswap,
    .cmov = fe25519_avx512ifma_cmov,
    .ladder = fe25519_avx512ifma_ladder,
    .edwards_scalarmult = fe25519_avx512ifma_edwards_scalarmult,
    .edwards_base = fe25519_avx512ifma_edwards_base,
    .edwards_base_lanes = fe25519_avx512ifma_edwards_base_lanes,
    .ed25519_verify_lanes = fe25519_avx512ifma_ed25519_verify_lanes,
    .edwards_double_vartime = fe25519_avx512ifma_edwards_double_vartime,
};
