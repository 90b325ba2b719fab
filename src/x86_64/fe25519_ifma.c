/*
 * The avx512-ifma fe25519 backend: the Montgomery ladder four lanes wide
 * with AVX-512 IFMA (VPMADD52LUQ/VPMADD52HUQ) on 256-bit vectors; every
 * other operation, and the element layout, is the mulx backend's
 * (fe25519_4x64.h), which is as fast as a lone multiplication gets.
 *
 * Layout in the ladder: lane l of vector j holds limb j of coordinate l of
 * (x2, z2, x3, z3), radix 2^51, limbs below 2^52 (IFMA reads 52 bits). The
 * radix is 51, not IFMA's natural 52, so that the wrap-around factor is
 * 2^255 = 19 and column sums times 19 stay below 2^64 without carrying
 * first; the price is doubling the high halves, whose weight is 2^52. One
 * parallel carry pass then brings every limb below 2^51 + 2^15.
 *
 * Each step (RFC 7748 section 5) is three 4-way products, following the
 * dataflow of the 4-way AVX2 ladders (Hisil, Egrice, Yassi, "Fast 4 way
 * vectorized ladder for the complete set of Montgomery curves", 2020;
 * Nath, Sarkar, "Efficient 4-way vectorizations of the Montgomery ladder",
 * 2020): (A,B,D,C) x (A,B,A,B), then (AA,E,DA+CB,DA-CB) x (BB,a24,DA+CB,
 * DA-CB), then (., E, ., x1) x (., BB+a24 E, ., (DA-CB)^2).
 *
 * ISA: AVX-512F, AVX-512VL, AVX-512IFMA for the ladder; BMI2 and ADX for
 * the 4x64 operations. Constant time: fixed instruction sequence per step;
 * the swap is a mask built from the scalar bit, never a branch or index.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "fe25519_4x64.h"

HWC_CALL_COUNTER(fe25519_ifma);
HWC_FE25519_4X64_ENTRIES(fe25519_ifma)

typedef struct {
  __m256i v[5];
} fe4;

#define M51 ((UINT64_C(1) << 51) - 1)

static inline __m256i mul19(__m256i x) {
  return _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* One parallel carry pass: limbs below 2^63 in, below 2^51 + 2^17 out. */
static inline void carry4(fe4 *r) {
  const __m256i m = _mm256_set1_epi64x((long long)M51);
  __m256i c[5];
  for (int i = 0; i < 5; i++) c[i] = _mm256_srli_epi64(r->v[i], 51);
  r->v[0] = _mm256_add_epi64(_mm256_and_si256(r->v[0], m), mul19(c[4]));
  for (int i = 1; i < 5; i++) r->v[i] = _mm256_add_epi64(_mm256_and_si256(r->v[i], m), c[i - 1]);
}

/* Four products at once. Column k of the schoolbook product is
 * lo[k] + 2 hi[k-1] < 15 * 2^52; folding columns 5..9 times 19 keeps the
 * sums below 2^61. Inputs: limbs below 2^52. */
static inline void mul4(fe4 *r, const fe4 *a, const fe4 *b) {
  __m256i lo[9], hi[9];
  const __m256i z = _mm256_setzero_si256();
  for (int k = 0; k < 9; k++) lo[k] = hi[k] = z;
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) {
      lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a->v[i], b->v[j]);
      hi[i + j] = _mm256_madd52hi_epu64(hi[i + j], a->v[i], b->v[j]);
    }
  }
  __m256i col[10];
  col[0] = lo[0];
  for (int k = 1; k < 9; k++) col[k] = _mm256_add_epi64(lo[k], _mm256_add_epi64(hi[k - 1], hi[k - 1]));
  col[9] = _mm256_add_epi64(hi[8], hi[8]);
  for (int k = 0; k < 5; k++) r->v[k] = _mm256_add_epi64(col[k], mul19(col[k + 5]));
  carry4(r);
}

/* a + b, limbs below 2^52 + 2^52: carried. */
static inline void add4(fe4 *r, const fe4 *a, const fe4 *b) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm256_add_epi64(a->v[i], b->v[i]);
  carry4(r);
}

/* a - b + 4p: no limb goes negative for b below 2^53 - 76. */
static inline void sub4(fe4 *r, const fe4 *a, const fe4 *b) {
  const __m256i p4_0 = _mm256_set1_epi64x((long long)((UINT64_C(1) << 53) - 76));
  const __m256i p4_i = _mm256_set1_epi64x((long long)((UINT64_C(1) << 53) - 4));
  r->v[0] = _mm256_sub_epi64(_mm256_add_epi64(a->v[0], p4_0), b->v[0]);
  for (int i = 1; i < 5; i++) r->v[i] = _mm256_sub_epi64(_mm256_add_epi64(a->v[i], p4_i), b->v[i]);
  carry4(r);
}

#define PERM(x, imm) _mm256_permute4x64_epi64((x), (imm))
/* lanes from b where the 4-bit lane mask is set, else from a */
#define BLEND(a, b, lanes) _mm256_mask_blend_epi64((__mmask8)(lanes), (a), (b))

/* A macro, not a function: the permutation must be an immediate, which an
 * uninlined call (clang at -O0, sanitizer builds) would not provide. */
#define perm4(r, a, imm)                                                         \
  do {                                                                           \
    for (int i_ = 0; i_ < 5; i_++) (r)->v[i_] = _mm256_permute4x64_epi64((a)->v[i_], (imm)); \
  } while (0)

/* Lane order (x2, z2, x3, z3): a swap exchanges the two 128-bit halves. */
static inline void cswap4(fe4 *s, __m256i mask) {
  for (int i = 0; i < 5; i++) {
    __m256i t = _mm256_and_si256(_mm256_xor_si256(s->v[i], PERM(s->v[i], 0x4e)), mask);
    s->v[i] = _mm256_xor_si256(s->v[i], t);
  }
}

/* One ladder step on s = (x2, z2, x3, z3); x1v holds x1 in lane 3. */
static inline void step4(fe4 *s, const fe4 *x1v, const fe4 *a24v) {
  fe4 q, sum, dif, u, x, y, t, tp, w, y2, m2, x3, y3, m3;
  perm4(&q, s, 0xb1);                        /* (z2, x2, z3, x3) */
  for (int i = 0; i < 5; i++) sum.v[i] = _mm256_add_epi64(s->v[i], q.v[i]);
  sub4(&dif, &q, s);                         /* lanes 1, 3: x2 - z2, x3 - z3 */
  carry4(&sum);
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

/* 4x64 (any value below 2^256) to radix 2^51 limbs below 2^52. */
static void to_radix51(uint64_t l[5], const uint64_t w[4]) {
  l[0] = w[0] & M51;
  l[1] = (w[0] >> 51 | w[1] << 13) & M51;
  l[2] = (w[1] >> 38 | w[2] << 26) & M51;
  l[3] = (w[2] >> 25 | w[3] << 39) & M51;
  l[4] = w[3] >> 12;
}

/* Radix 2^51 limbs below 2^52 to 4x64 below 2^256: carry to 51 bits with
 * the top folded by 19, then pack. */
static void from_radix51(uint64_t w[4], const uint64_t in[5]) {
  uint64_t l[5] = {in[0], in[1], in[2], in[3], in[4]};
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < 4; i++) {
      l[i + 1] += l[i] >> 51;
      l[i] &= M51;
    }
    l[0] += 19 * (l[4] >> 51);
    l[4] &= M51;
  }
  /* l[0] may exceed 2^51 by at most 19: add rather than OR. */
  u128 acc = (u128)l[0] + ((u128)l[1] << 51);
  w[0] = (uint64_t)acc;
  acc = (acc >> 64) + ((u128)l[2] << 38);
  w[1] = (uint64_t)acc;
  acc = (acc >> 64) + ((u128)l[3] << 25);
  w[2] = (uint64_t)acc;
  acc = (acc >> 64) + ((u128)l[4] << 12);
  w[3] = (uint64_t)acc;
}

static void fe_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_ifma);
  uint64_t l[4][5], lx[5];
  for (int c = 0; c < 4; c++) to_radix51(l[c], st[c].d);
  to_radix51(lx, x1->d);
  fe4 s, x1v, a24v;
  for (int i = 0; i < 5; i++) {
    s.v[i] = _mm256_set_epi64x((long long)l[3][i], (long long)l[2][i], (long long)l[1][i], (long long)l[0][i]);
    x1v.v[i] = _mm256_set_epi64x((long long)lx[i], 0, 0, 0);
    a24v.v[i] = _mm256_set_epi64x(0, 0, i == 0 ? 121666 : 0, 0);
  }
  uint64_t swap = 0;
  for (int t = 254; t >= 0; t--) {
    uint64_t bit = (e[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    cswap4(&s, _mm256_set1_epi64x(-(long long)swap));
    swap = bit;
    step4(&s, &x1v, &a24v);
  }
  cswap4(&s, _mm256_set1_epi64x(-(long long)swap));
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

const hwc_fe25519_kernel hwc_fe25519_ifma = {
    .info = {.name = "avx512-ifma",
             .required = HWC_CPU_BMI2 | HWC_CPU_ADX | HWC_CPU_AVX512F | HWC_CPU_AVX512VL | HWC_CPU_AVX512IFMA,
             .priority = 20,
             HWC_CALLS(fe25519_ifma)},
    .frombytes = fe_frombytes,
    .tobytes = fe_tobytes,
    .mul = fe_mul,
    .sqr = fe_sqr,
    .sqr_n = fe_sqr_n,
    .mul_small = fe_mul_small,
    .add = fe_add,
    .sub = fe_sub,
    .cswap = fe_cswap,
    .cmov = fe_cmov,
    .ladder = fe_ladder,
};
