/* SPDX-License-Identifier: ISC */
/*
 * Four elements of GF(2^255-19) side by side for AVX-512 IFMA on 256-bit
 * vectors: lane l of vector j holds limb j of element l, radix 2^51, limbs
 * below 2^52 (IFMA reads 52 bits). Shared by the backend's two 4-way
 * users: the X25519 ladder (fe25519_avx512ifma.c) and the Edwards scalar
 * multiplication (fe25519_avx512ifma_edwards.c); the eight-lane X25519 of
 * fe25519_avx512ifma_x25519_lanes8.c takes only M51 and its entry's
 * declaration from here. Include only from files compiled with
 * AVX-512F, AVX-512VL and AVX-512IFMA enabled, after fe25519_4x64.h.
 *
 * The radix is 51, not IFMA's natural 52, so that the wrap-around factor
 * is 2^255 = 19 and column sums times 19 stay below 2^64 without carrying
 * first; the price is doubling the high halves, whose weight is 2^52.
 *
 * Bounds. IFMA multiplies the low 52 bits of its operands and ignores the
 * rest, so a limb of 2^52 or more entering mul4 is silently truncated: the
 * invariant every caller keeps is "limbs below 2^52 into mul4", and that is
 * why add4 and sub4 carry rather than leave sums for the next product (two
 * carried limbs can add up to 2^52 + 2^12). Per operation:
 *  - carried, as carry4 leaves mul4's output: limb 0 below 2^51 + 1938,
 *    limbs 1..4 below 2^51 + 535, so below 2^51 + 2^11;
 *  - add4 of limbs below 2^52 (carries at most 3): limb 0 below 2^51 + 57,
 *    the others 2^51 + 3;
 *  - sub4, a below 2^52 (carries at most 5): limb 0 below 2^51 + 95, the
 *    others 2^51 + 5;
 *  - to_radix51: limbs 0..3 below 2^51, limb 4 below 2^52.
 * All are below 2^52, so any of them may enter mul4.
 * Constant time: fixed instruction sequences, no data-dependent branches.
 */
#ifndef HWC_FE4_IFMA_H
#define HWC_FE4_IFMA_H

#include <immintrin.h>

typedef struct {
  __m256i v[5];
} fe4;

#define M51 ((UINT64_C(1) << 51) - 1)

static inline __m256i mul19(__m256i x) {
  return _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* One parallel carry pass: limbs below 2^63 in, so each carry is below
 * 2^12 and 19 c4 below 2^16.3: limb 0 ends below 2^51 + 2^17, limbs 1..4
 * below 2^51 + 2^12. For mul4's columns (below 267 * 2^52) the carries are
 * at most 534 (from limb 0) and 102 (from limb 4, times 19: 1938). */
static inline void carry4(fe4 *r) {
  const __m256i m = _mm256_set1_epi64x((long long)M51);
  __m256i c[5];
  for (int i = 0; i < 5; i++) c[i] = _mm256_srli_epi64(r->v[i], 51);
  r->v[0] = _mm256_add_epi64(_mm256_and_si256(r->v[0], m), mul19(c[4]));
  for (int i = 1; i < 5; i++) r->v[i] = _mm256_add_epi64(_mm256_and_si256(r->v[i], m), c[i - 1]);
}

/* Four products at once. Inputs: limbs below 2^52 (the 52 bits IFMA
 * reads). Each a_i b_j < 2^104 splits into a low half below 2^52 at weight
 * 2^(51(i+j)) and a high half below 2^52 at weight 2^(51(i+j)+52), which is
 * twice column i+j+1's. With n_k = min(k+1, 9-k) products in lo[k] and
 * hi[k], column k = lo[k] + 2 hi[k-1] is below (n_k + 2 n_(k-1)) 2^52, at
 * most 14 * 2^52 (column 5). Folding columns 5..9 times 19 gives
 * r_k = col[k] + 19 col[k+5] below (1, 4, 7, 10, 13) + 19 (14, 11, 8, 5, 2)
 * times 2^52, the largest r_0 < 267 * 2^52 < 2^60.1: no lane comes near
 * 2^64, and carry4 takes any limb below 2^63. */
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

/* a + b, limbs below 2^52 + 2^52: carried (see the top: an uncarried sum
 * could exceed the 52 bits IFMA reads). */
static inline void add4(fe4 *r, const fe4 *a, const fe4 *b) {
  for (int i = 0; i < 5; i++) r->v[i] = _mm256_add_epi64(a->v[i], b->v[i]);
  carry4(r);
}

/* a - b + 4p: no limb goes negative for b below 2^53 - 76 (4p's limb 0;
 * the others are 2^53 - 4), which every operand here is; a below 2^52 keeps
 * the sum below 2^54, carried. */
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

/* 4x64 (any value below 2^256) to radix 2^51: limbs 0..3 below 2^51, limb
 * 4 (bits 204..255) below 2^52, not reduced mod p. */
static inline void to_radix51(uint64_t l[5], const uint64_t w[4]) {
  l[0] = w[0] & M51;
  l[1] = (w[0] >> 51 | w[1] << 13) & M51;
  l[2] = (w[1] >> 38 | w[2] << 26) & M51;
  l[3] = (w[2] >> 25 | w[3] << 39) & M51;
  l[4] = w[3] >> 12;
}

/* Radix 2^51 limbs below 2^52 to 4x64 below 2^256: carry to 51 bits with
 * the top folded by 19, then pack. The first pass leaves limbs 1..4 below
 * 2^51 and limb 0 below 2^51 + 38 (limb 4's carry is at most 2); in the
 * second every carry is at most 1, so limb 0 ends below 2^51 + 19 and
 * limbs 1..4 below 2^51: the value is below 2^255 + 19. */
static inline void from_radix51(uint64_t w[4], const uint64_t in[5]) {
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

/* A point {X, Y, Z, T} (lane c of p holds coordinate c) to the backend's
 * 4x64 elements; the stack copies are wiped. Shared by the scalar
 * multiplications and the fixed-base code. */
static inline void store_point(hwc_fe25519 pt[4], const fe4 *p) {
  uint64_t l[4][5], lane[4];
  for (int i = 0; i < 5; i++) {
    _mm256_storeu_si256((__m256i *)lane, p->v[i]);
    for (int c = 0; c < 4; c++) l[c][i] = lane[c];
  }
  for (int c = 0; c < 4; c++) from_radix51(pt[c].d, l[c]);
  volatile uint64_t *vl = &l[0][0];
  for (int i = 0; i < 20; i++) vl[i] = 0;
  volatile uint64_t *vlane = lane;
  for (int i = 0; i < 4; i++) vlane[i] = 0;
}

/* The Edwards scalar multiplication of src/x86_64/fe25519_avx512ifma_edwards.c, the
 * backend's edwards_scalarmult (contract in src/kernels.h). */
void hwc_ge25519_ifma_scalarmult(hwc_fe25519 pt[4], const int8_t e[64]);
/* Its edwards_base (src/x86_64/fe25519_avx512ifma_edwards_base.c; contract in src/kernels.h). */
void hwc_ge25519_ifma_base(hwc_fe25519 pt[4], const int8_t e[64]);
/* Its edwards_double_vartime (contract in src/kernels.h). */
void hwc_ge25519_ifma_double_vartime(hwc_fe25519 pt[4], const int8_t an[256], const int8_t bn[256],
                                     const hwc_fe25519 bt[64][3]);
/* Its x25519_lanes, eight ladders in the lanes of 512-bit vectors
 * (src/x86_64/fe25519_avx512ifma_x25519_lanes8.c; contract in src/kernels.h). */
void hwc_x25519_ifma_lanes8(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]);
/* fe25519_avx512ifma_edwards_base_lanes8.c: out[l] = the encoding of
 * sum_i e[l][i] 16^i B for the signed radix-16 digits e[l] (in [-8, 8]),
 * l = 0..7. */
void hwc_ed25519_base_ifma_lanes8(uint8_t (*out)[32], const int8_t (*e)[64]);
/* fe25519_avx512ifma_ed25519_verify_lanes8.c: for l = 0..7, ok[l] = 1 when
 * pk[l] decodes to a point A_l (else 0), and out[l] = the encoding of
 * sum_i s[l][i] 16^i B - sum_i h[l][i] 16^i A_l (the ed25519_verify_lanes
 * contract of src/kernels.h). */
void hwc_ed25519_verify_ifma_lanes8(uint8_t (*out)[32], int *ok, const int8_t (*h)[64], const uint8_t (*pk)[32],
                                    const int8_t (*s)[64]);
/* The fixed-base table both of them read (fe25519_avx512ifma_base_table.c, written
 * by tools/gen_ed25519_base_table.py ifma; the layout is described there):
 * one 40 KiB definition, not a copy per file. */
extern _Alignas(64) const uint64_t hwc_ge25519_base_ifma_table[16][8][5][8];

#endif /* HWC_FE4_IFMA_H */
