/* SPDX-License-Identifier: ISC */
/*
 * The mulx-avx2 fe25519 backend: the mulx backend's elements and scalar
 * operations (four 64-bit limbs, MULX with ADCX/ADOX: fe25519_4x64.h) with
 * the avx2 backend's Montgomery ladder, four lanes wide in radix 2^25.5
 * (fe25519_avx2.h). The scalar MULX ladder does one field operation at a
 * time, nine products per step, each a serial carry chain; the vector
 * ladder does the same step as three 4-way products whose lanes are
 * independent, and on the CPUs that have both instruction sets it is the
 * faster of the two. Everything that is not the ladder (fixed-base keys,
 * Ed25519, the inversion) stays on MULX, where the avx2 backend's
 * radix-2^51 code would be slower.
 *
 * Conversion, once per ladder: a 4x64 element is any value below 2^256
 * (fe25519_4x64.h); it splits into ten limbs at bits 0, 26, 51, 77, 102,
 * 128, 153, 179, 204, 230, each 26 or 25 bits wide except the last, which
 * takes bits 230..255 (26 bits, so bit 255 is kept, not dropped). All ten
 * are below 2^26: within what the step asks of s (below 2^63, its entry
 * runs carry4) and of x1 (below 2^26, fe25519_avx2.h). On exit the carried
 * limbs (each below its width, limbs 1 and 5 up to 1710 and 1062 above
 * 2^25) recombine by adding each limb at its bit position: the sum is
 * below 2^255 + 1710 2^26 + 1062 2^128 < 2^255 + 2^139, so it fits four
 * words with no carry out, a valid 4x64 element.
 *
 * ISA: BMI2 (MULX), ADX (ADCX/ADOX), AVX2. Constant time: fe25519_4x64.h
 * for the scalar operations, fe25519_avx2.h for the step and the ladder's
 * swaps (lane permutations chosen by masks built from the scalar bits),
 * and the conversions are fixed shifts and masks.
 */
/* GCC's vectorizer would turn the four-limb loops of the scalar operations
 * (cmov, cswap, tobytes) into 128- or 256-bit loads of elements that the
 * MULX code has just written as four 64-bit stores; such a load cannot be
 * forwarded from those stores and waits for them to reach the cache, which
 * slows the Edwards table lookups made of cmov. Kept scalar. The ladder's
 * vector code is intrinsics, which this does not touch. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/msan.h"
#include "fe25519_4x64.h"
#include "fe25519_avx2.h"

HWC_CALL_COUNTER(fe25519_mulx_avx2);

/* ------------------------------------------------ table entry points
 * Each counts the call (test builds) and runs the fe25519_4x64.h
 * operation; contracts in src/kernels.h. */

static void fe25519_mulx_avx2_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_frombytes(h->d, s);
}

static void fe25519_mulx_avx2_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_tobytes(s, f->d);
}

static void fe25519_mulx_avx2_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_mul(h->d, f->d, g->d);
}

static void fe25519_mulx_avx2_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_sqr(h->d, f->d);
}

static void fe25519_mulx_avx2_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_sqr_n(h->d, f->d, n);
}

static void fe25519_mulx_avx2_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_mul_small(h->d, f->d, c);
}

static void fe25519_mulx_avx2_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_add(h->d, f->d, g->d);
}

static void fe25519_mulx_avx2_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_sub(h->d, f->d, g->d);
}

static void fe25519_mulx_avx2_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_cswap(f->d, g->d, b);
}

static void fe25519_mulx_avx2_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  fe4x64_cmov(f->d, g->d, b);
}

/* Bit position of limb j of the radix-2^25.5 layout: ceil(25.5 j). */
static const unsigned limb_pos[11] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230, 256};

/* The ten radix-2^25.5 limbs of a 4x64 value f < 2^256: limb j is bits
 * limb_pos[j] .. limb_pos[j + 1] - 1, so every limb is below 2^26 (see
 * the top). The positions are constants: no index depends on f. */
static inline void split25(uint64_t l[10], const uint64_t f[4]) {
  for (int j = 0; j < 10; j++) {
    unsigned pos = limb_pos[j], w = pos / 64, sh = pos % 64, width = limb_pos[j + 1] - pos;
    u128 two = (u128)f[w] | (w < 3 ? (u128)f[w + 1] << 64 : 0);
    l[j] = (uint64_t)(two >> sh) & ((UINT64_C(1) << width) - 1);
  }
}

/* The inverse of split25 for carried limbs (each below 2^26 + 2^11): the
 * sum of l_j 2^limb_pos[j], word by word, with the overlap of a limb above
 * its width carried along in the 128-bit accumulator. Below 2^256 (see the
 * top), so nothing is left in acc at the end. */
static inline void join25(uint64_t f[4], const uint64_t l[10]) {
  u128 acc = 0;
  int j = 0;
  for (unsigned w = 0; w < 4; w++) {
    for (; j < 10 && limb_pos[j] < 64 * (w + 1); j++) acc += (u128)l[j] << (limb_pos[j] - 64 * w);
    f[w] = (uint64_t)acc;
    acc >>= 64;
  }
}

/* The ladder entry point: the four coordinates split into radix-2^25.5
 * lanes once, 255 steps of step4 run there (fe25519_avx2.h), and the
 * result joins back into 4x64 elements. */
static void fe25519_mulx_avx2_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  uint64_t lane[4][10], lx1[10];
  fe4 s, x1v, a24v;
  for (int c = 0; c < 4; c++) split25(lane[c], st[c].d);
  split25(lx1, x1->d);
  for (int j = 0; j < 10; j++) {
    s.v[j] = _mm256_set_epi64x((long long)lane[3][j], (long long)lane[2][j], (long long)lane[1][j],
                               (long long)lane[0][j]);
    x1v.v[j] = _mm256_set_epi64x((long long)lx1[j], 0, 0, 0);
    a24v.v[j] = _mm256_set_epi64x(0, 0, j == 0 ? 121666 : 0, 0);
  }
  carry4(&s);
  ladder4_avx2(&s, &x1v, &a24v, e);
  uint64_t out[10][4];
  for (int j = 0; j < 10; j++) _mm256_storeu_si256((__m256i *)out[j], s.v[j]);
  for (int c = 0; c < 4; c++) {
    for (int j = 0; j < 10; j++) lane[c][j] = out[j][c];
    join25(st[c].d, lane[c]);
  }
  /* the caller wipes st; these copies of it are ours to wipe */
  volatile uint64_t *v = &lane[0][0];
  for (int i = 0; i < 40; i++) v[i] = 0;
  v = &out[0][0];
  for (int i = 0; i < 40; i++) v[i] = 0;
  v = lx1;
  for (int i = 0; i < 10; i++) v[i] = 0;
}

/* The batches' entry (contract in src/kernels.h): four whole X25519
 * operations, one per lane of 256-bit vectors, in
 * fe25519_avx2_x25519_lanes4.c. */
static void fe25519_mulx_avx2_x25519_lanes(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]) {
  HWC_COUNT_CALL(fe25519_mulx_avx2);
  hwc_x25519_avx2_lanes4(out, e, u);
}

/* Priority HWC_PRIO_VEC256: above mulx, whose ladder is slower and whose
 * other operations this backend shares; below avx512ifma, whose 4-way
 * ladder and Edwards operations are faster still where IFMA exists. */
const hwc_fe25519_kernel hwc_fe25519_mulx_avx2 = {
    .info = {.name = "mulx-avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(fe25519_mulx_avx2)},
    .lanes = 4,
    .x25519_lanes = fe25519_mulx_avx2_x25519_lanes,
    .frombytes = fe25519_mulx_avx2_frombytes,
    .tobytes = fe25519_mulx_avx2_tobytes,
    .mul = fe25519_mulx_avx2_mul,
    .sqr = fe25519_mulx_avx2_sqr,
    .sqr_n = fe25519_mulx_avx2_sqr_n,
    .mul_small = fe25519_mulx_avx2_mul_small,
    .add = fe25519_mulx_avx2_add,
    .sub = fe25519_mulx_avx2_sub,
    .cswap = fe25519_mulx_avx2_cswap,
    .cmov = fe25519_mulx_avx2_cmov,
    .ladder = fe25519_mulx_avx2_ladder,
    /* no Edwards entries: the protocol's loops over the entries above */
};
