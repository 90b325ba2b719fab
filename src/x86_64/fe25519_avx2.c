/* SPDX-License-Identifier: ISC */
/*
 * The avx2 fe25519 backend: the Montgomery ladder four lanes wide with AVX2
 * (VPMULUDQ, 32x32->64-bit products) in radix 2^25.5; every other
 * operation, and the element layout, is the generic backend's radix 2^51
 * (src/common/fe25519_51.h), which needs nothing beyond x86_64. This is
 * the X25519 path for CPUs with AVX2 but no BMI2/ADX, and a contender
 * against mulx where both exist.
 *
 * The ladder's layout, step, and bounds: fe25519_avx2.h (shared with the
 * mulx-avx2 backend). On entry the radix-2^51 limbs (below 2^51 + 2^26, so
 * below 2^52) split into 26-bit limbs and high parts below 2^26; carry4
 * makes s carried, x1 goes into products as split. On exit limbs recombine
 * to even + (odd << 26) < 2^26 + (2^25 + 1710) 2^26 < 2^51 + 2^37.
 *
 * ISA: AVX2 (and the SSE levels below it that -mavx2 enables). Constant
 * time: a fixed instruction sequence per step, VPMULUDQ's latency does not
 * depend on its operands, and the swap is a mask built from the scalar bit,
 * never a branch or index.
 *
 * Priority HWC_PRIO_BELOW_SCALAR: above generic, below mulx. The ladder
 * alone measured faster than mulx's (hwcrypto-bench --filter x25519 with
 * HWCRYPTO_CPU_DISABLE=avx512ifma), but everything outside the ladder is
 * the portable radix-2^51 code, so fixed-base keys and Ed25519 run at about
 * generic's speed, well behind mulx. Above mulx it would trade a faster
 * ladder for slower fixed-base keys and signatures, so it is chosen only
 * where mulx cannot run (AVX2 without ADX: Haswell).
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "src/common/msan.h"
#include "fe25519_avx2.h"
#define HWC_FE25519_WANT_RADIX51 1
#include "src/common/fe25519_51.h"

#ifndef HWC_FE25519_RADIX51
#error "the avx2 fe25519 backend takes its scalar operations from the radix-2^51 code"
#endif

HWC_CALL_COUNTER(fe25519_avx2);

/* ------------------------------------------------ table entry points
 * All but the ladder are the generic backend's radix-2^51 operations
 * (src/common/fe25519_51.h), counted on this backend's counter; contracts
 * in src/kernels.h. */

static void fe25519_avx2_frombytes(hwc_fe25519 *h, const uint8_t s[32]) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_frombytes(h, s);
}

static void fe25519_avx2_tobytes(uint8_t s[32], const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_tobytes(s, f);
}

static void fe25519_avx2_mul(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_mul_inl(h, f, g);
}

static void fe25519_avx2_sqr(hwc_fe25519 *h, const hwc_fe25519 *f) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_sqr_inl(h, f);
}

static void fe25519_avx2_sqr_n(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_sqr_inl(h, f);
  while (--n) fe_sqr_inl(h, h);
}

static void fe25519_avx2_mul_small(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_mul_small_inl(h, f, c);
}

static void fe25519_avx2_add(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_add_inl(h, f, g);
}

static void fe25519_avx2_sub(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_sub_inl(h, f, g);
}

static void fe25519_avx2_cswap(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_cswap(f, g, b);
}

static void fe25519_avx2_cmov(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b) {
  HWC_COUNT_CALL(fe25519_avx2);
  fe_cmov(f, g, b);
}


/* The ladder entry point: the state splits into radix-2^25.5 lanes once,
 * runs 255 steps of step4 there, and recombines to radix 2^51. */
static void fe25519_avx2_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_avx2);
  /* Radix-2^51 limbs below 2^52 split into a 26-bit limb and one below
   * 2^26: fine for mul4 (x1) but not yet carried, as neg4 wants s. */
  fe4 s, x1v, a24v;
  for (int k = 0; k < 5; k++) {
    long long lo[4], hi[4];
    for (int c = 0; c < 4; c++) {
      lo[c] = (long long)(st[c].d[k] & M26);
      hi[c] = (long long)(st[c].d[k] >> 26);
    }
    s.v[2 * k] = _mm256_set_epi64x(lo[3], lo[2], lo[1], lo[0]);
    s.v[2 * k + 1] = _mm256_set_epi64x(hi[3], hi[2], hi[1], hi[0]);
    x1v.v[2 * k] = _mm256_set_epi64x((long long)(x1->d[k] & M26), 0, 0, 0);
    x1v.v[2 * k + 1] = _mm256_set_epi64x((long long)(x1->d[k] >> 26), 0, 0, 0);
    a24v.v[2 * k] = _mm256_set_epi64x(0, 0, k == 0 ? 121666 : 0, 0);
    a24v.v[2 * k + 1] = _mm256_setzero_si256();
  }
  carry4(&s);
  ladder4_avx2(&s, &x1v, &a24v, e);
  /* Carried limbs recombine to below 2^51 + 2^37: a valid radix-2^51
   * element as it stands; carry51 tidies it to the generic bounds. */
  uint64_t lane[10][4];
  for (int j = 0; j < 10; j++) _mm256_storeu_si256((__m256i *)lane[j], s.v[j]);
  for (int c = 0; c < 4; c++) {
    for (int k = 0; k < 5; k++) st[c].d[k] = lane[2 * k][c] + (lane[2 * k + 1][c] << 26);
    carry51(st[c].d);
  }
  /* the caller wipes st; this copy of it is ours to wipe */
  volatile uint64_t *vl = &lane[0][0];
  for (int i = 0; i < 40; i++) vl[i] = 0;
}

/* The batches' entry (contract in src/kernels.h): four whole X25519
 * operations, one per lane of 256-bit vectors, in
 * fe25519_avx2_x25519_lanes4.c. */
static void fe25519_avx2_x25519_lanes(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]) {
  HWC_COUNT_CALL(fe25519_avx2);
  hwc_x25519_avx2_lanes4(out, e, u);
}

/* Priority: see the top. */
const hwc_fe25519_kernel hwc_fe25519_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_BELOW_SCALAR,
             HWC_CALLS(fe25519_avx2)},
    .lanes = 4,
    .x25519_lanes = fe25519_avx2_x25519_lanes,
    .frombytes = fe25519_avx2_frombytes,
    .tobytes = fe25519_avx2_tobytes,
    .mul = fe25519_avx2_mul,
    .sqr = fe25519_avx2_sqr,
    .sqr_n = fe25519_avx2_sqr_n,
    .mul_small = fe25519_avx2_mul_small,
    .add = fe25519_avx2_add,
    .sub = fe25519_avx2_sub,
    .cswap = fe25519_avx2_cswap,
    .cmov = fe25519_avx2_cmov,
    .ladder = fe25519_avx2_ladder,
    /* no Edwards entries: the protocol's loops over the entries above */
};
