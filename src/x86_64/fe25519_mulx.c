/* SPDX-License-Identifier: ISC */
/*
 * The mulx fe25519 backend: GF(2^255-19) in four 64-bit limbs with MULX and
 * ADCX/ADOX (the arithmetic and why it is asm: fe25519_4x64.h), and the
 * Montgomery ladder over it.
 *
 * ISA: BMI2 (MULX), ADX (ADCX/ADOX); selected only when both are present.
 * Constant time: see fe25519_4x64.h; the ladder's swaps are masks.
 */
/* GCC's vectorizer would turn the four-limb loops of the scalar operations
 * (cmov, cswap, tobytes) into 128- or 256-bit loads of elements that the
 * MULX code has just written as four 64-bit stores; such a load cannot be
 * forwarded from those stores and waits for them to reach the cache, which
 * slows the Edwards table lookups made of cmov. Kept scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#include "src/kernels.h"
#include "src/common/fe25519_ladder.h"
#include "fe25519_4x64.h"

HWC_CALL_COUNTER(fe25519_mulx);

/* ------------------------------------------------ table entry points
 * Each counts the call (test builds) and runs the fe25519_4x64.h
 * operation; contracts in src/kernels.h. */

static void fe25519_mulx_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_frombytes(h->d, s);
}

static void fe25519_mulx_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_tobytes(s, f->d);
}

static void fe25519_mulx_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_mul(h->d, f->d, g->d);
}

static void fe25519_mulx_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_sqr(h->d, f->d);
}

static void fe25519_mulx_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_sqr_n(h->d, f->d, n);
}

static void fe25519_mulx_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_mul_small(h->d, f->d, c);
}

static void fe25519_mulx_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_add(h->d, f->d, g->d);
#ifdef HWC_PLANTED_FAULT
  /* Never in the library: the self-test's planted-fault build only
   * (tests/CMakeLists.txt), which must catch it. The kind of bug edge
   * values exist for: the carry out of 2^256 is lost (its +38 undone)
   * when both inputs are at least 2^255, which reduced inputs never are. */
  h->d[0] -= 38 * ((f->d[3] & g->d[3]) >> 63);
#endif
}

static void fe25519_mulx_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_sub(h->d, f->d, g->d);
}

static void fe25519_mulx_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_cswap(f->d, g->d, b);
}

static void fe25519_mulx_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_mulx);
  fe4x64_cmov(f->d, g->d, b);
}

/* RFC 7748 ladder step (see the generic backend for the a24 form). */
static inline void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1) {
  uint64_t *x2 = st[0].d, *z2 = st[1].d, *x3 = st[2].d, *z3 = st[3].d;
  uint64_t a[4], b[4], aa[4], bb[4], e[4], c[4], d[4], da[4], cb[4];
  fe4x64_add(a, x2, z2);
  fe4x64_sub(b, x2, z2);
  fe4x64_add(c, x3, z3);
  fe4x64_sub(d, x3, z3);
  fe4x64_sqr(aa, a);
  fe4x64_sqr(bb, b);
  fe4x64_mul(da, d, a);
  fe4x64_mul(cb, c, b);
  fe4x64_sub(e, aa, bb);
  fe4x64_add(x3, da, cb);
  fe4x64_sqr(x3, x3);
  fe4x64_sub(z3, da, cb);
  fe4x64_sqr(z3, z3);
  fe4x64_mul(z3, z3, x1->d);
  fe4x64_mul(x2, aa, bb);
  fe4x64_mul_small(a, e, 121666);
  fe4x64_add(a, a, bb);
  fe4x64_mul(z2, e, a);
}

static void fe25519_mulx_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_mulx);
  hwc_fe25519_ladder_loop(st, x1, e, fe4x64_cswap_fe, ladder_step);
}

const hwc_fe25519_kernel hwc_fe25519_mulx = {
    .info = {.name = "mulx", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(fe25519_mulx)},
    .frombytes = fe25519_mulx_frombytes,
    .tobytes = fe25519_mulx_tobytes,
    .mul = fe25519_mulx_mul,
    .sqr = fe25519_mulx_sqr,
    .sqr_n = fe25519_mulx_sqr_n,
    .mul_small = fe25519_mulx_mul_small,
    .add = fe25519_mulx_add,
    .sub = fe25519_mulx_sub,
    .cswap = fe25519_mulx_cswap,
    .cmov = fe25519_mulx_cmov,
    .ladder = fe25519_mulx_ladder,
    /* no Edwards entries: the protocol's loops over the entries above */
};
