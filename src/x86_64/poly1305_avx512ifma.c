/* SPDX-License-Identifier: ISC */
/*
 * Poly1305 block loop with AVX-512 IFMA: sixteen blocks per step, radix
 * 2^44.
 *
 * Numbers are three limbs of 44, 44 and 42 bits. VPMADD52LUQ/HUQ give the
 * low and high 52 bits of 52x52-bit products, so a product of limbs i and j
 * is lo + hi * 2^52 and hi lands in limb i + j shifted left by 8; weights of
 * 2^132 and up fold back multiplied by 20 (2^130 = 5 mod p). That is 18
 * multiply-adds per eight blocks against 25 multiplies plus adds in radix
 * 2^26 (the radix-2^44 IFMA method of Gueron and Drucker's Poly1305 for
 * AVX-512 IFMA, as in OpenSSL's poly1305-x86_64).
 * Blocks are split sixteen ways, two registers of eight lanes, each lane
 * doing h = (h + m) * r^16; the last sixteen blocks are multiplied by
 * r^16..r^1 and the lanes summed. The powers take three vector steps. A single register (r^8..r^1) handles a
 * leftover group of eight, the one-block loop of poly1305_x86_64.h the last
 * 0..7 blocks and
 * inputs under VEC_MIN_BLOCKS. Lane order follows the message loads
 * (VPUNPCK{L,H}QDQ of four-block registers: blocks 0,4,1,5,2,6,3,7), and the
 * cached powers are stored in that order.
 *
 * ISA: AVX-512F + AVX-512 IFMA. Constant time: fixed sequences of
 * multiply-adds, shifts, masks and additions; paths depend on the length.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "poly1305_x86_64.h"

HWC_CALL_COUNTER(poly1305_avx512ifma);

/* The shortest input that takes the vector path: below it the sixteen
 * powers, the conversions to and from radix 2^44 and the final lane sum
 * cost more than the one-block loop saves (measured crossover, public
 * lengths only). */
enum { VEC_MIN_BLOCKS = 32 };

#define M44 0xfffffffffffull
#define M42 0x3ffffffffffull

/* Radix 2^64 (value < 2^131) to limbs of 44, 44 and 43 bits. */
static void to44(uint64_t l[3], const uint64_t h[3]) {
  l[0] = h[0] & M44;
  l[1] = (h[0] >> 44 | h[1] << 20) & M44;
  l[2] = h[1] >> 24 | h[2] << 40;
}

/* a + the low (high) 52 bits of the 52x52-bit products of b and c's
 * lanes: VPMADD52LUQ, VPMADD52HUQ. */
static inline __m512i maddlo(__m512i a, __m512i b, __m512i c) { return _mm512_madd52lo_epu64(a, b, c); }
static inline __m512i maddhi(__m512i a, __m512i b, __m512i c) { return _mm512_madd52hi_epu64(a, b, c); }
/* 64-bit lane addition, shifts by a constant n, bitwise AND. */
static inline __m512i add64(__m512i a, __m512i b) { return _mm512_add_epi64(a, b); }
static inline __m512i shr64(__m512i a, int n) { return _mm512_srli_epi64(a, (unsigned)n); }
static inline __m512i shl64(__m512i a, int n) { return _mm512_slli_epi64(a, (unsigned)n); }
static inline __m512i and64(__m512i a, __m512i b) { return _mm512_and_si512(a, b); }

/* A multiplier in radix 2^44 with its limbs premultiplied by 20 (the fold
 * of weights 2^132 and up), one key power per lane. */
typedef struct {
  __m512i r[3], s[3]; /* s[i] = 20 * r[i] (s[0] unused) */
} mulkey;

/* k = the multiplier (r0, r1, r2), with s1 = 20 r1 and s2 = 20 r2. */
static inline void make_key(mulkey *k, __m512i r0, __m512i r1, __m512i r2) {
  k->r[0] = r0;
  k->r[1] = r1;
  k->r[2] = r2;
  k->s[1] = add64(shl64(r1, 4), shl64(r1, 2));
  k->s[2] = add64(shl64(r2, 4), shl64(r2, 2));
}

/* Eight message blocks (two registers of four) to limbs, in the lane order
 * 0,4,1,5,2,6,3,7, with hibit (2^128 as bit 40 of limb 2). */
static inline void load8(__m512i m[3], const uint8_t *in, __m512i hibit) {
  const __m512i m44 = _mm512_set1_epi64((long long)M44);
  __m512i a = _mm512_loadu_si512(in), b = _mm512_loadu_si512(in + 64);
  __m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);
  m[0] = and64(lo, m44);
  m[1] = and64(_mm512_or_si512(shr64(lo, 44), shl64(hi, 20)), m44);
  m[2] = _mm512_or_si512(shr64(hi, 24), hibit);
}

/* h = h * r mod p per lane; limbs end below 2^44 + 2^18 (lazy). */
static inline void mulmod(__m512i h[3], const mulkey *k) {
  const __m512i z = _mm512_setzero_si512(), m44 = _mm512_set1_epi64((long long)M44),
                m42 = _mm512_set1_epi64((long long)M42);
  __m512i l0 = maddlo(maddlo(maddlo(z, h[0], k->r[0]), h[1], k->s[2]), h[2], k->s[1]);
  __m512i h0 = maddhi(maddhi(maddhi(z, h[0], k->r[0]), h[1], k->s[2]), h[2], k->s[1]);
  __m512i l1 = maddlo(maddlo(maddlo(z, h[0], k->r[1]), h[1], k->r[0]), h[2], k->s[2]);
  __m512i h1 = maddhi(maddhi(maddhi(z, h[0], k->r[1]), h[1], k->r[0]), h[2], k->s[2]);
  __m512i l2 = maddlo(maddlo(maddlo(z, h[0], k->r[2]), h[1], k->r[1]), h[2], k->r[0]);
  __m512i h2 = maddhi(maddhi(maddhi(z, h[0], k->r[2]), h[1], k->r[1]), h[2], k->r[0]);
  /* hi halves weigh 2^52 = 2^8 in the next limb; past limb 2 that is
   * 2^132 * 2^8 = 20 * 2^8 = 5 * 2^10 in limb 0. */
  __m512i t0 = add64(l0, add64(shl64(h2, 10), shl64(h2, 12)));
  __m512i t1 = add64(l1, shl64(h0, 8));
  __m512i t2 = add64(l2, shl64(h1, 8));
  __m512i c;
  c = shr64(t0, 44); t0 = and64(t0, m44); t1 = add64(t1, c);
  c = shr64(t1, 44); t1 = and64(t1, m44); t2 = add64(t2, c);
  c = shr64(t2, 42); t2 = and64(t2, m42); t0 = add64(t0, add64(c, shl64(c, 2)));
  h[0] = t0; h[1] = t1; h[2] = t2;
}

/* st->powers: [0, 24) limbs of r^8..r^1 in lane order (8,4,7,3,6,2,5,1),
 * [24, 48) limbs of r^16..r^9 in the same order (16,12,15,...), each limb as
 * eight lanes. Built in three vector steps from r and r^2 (one scalar
 * step), with blends and the identity 1 for lanes that must not move:
 *   (2,2,1,1,2,2,1,1) * (2,2,2,2,0,0,0,0) = (4,4,3,3,2,2,1,1)
 *   (4,4,3,3,2,2,1,1) * (4,0,4,0,4,0,4,0) = (8,4,7,3,6,2,5,1)
 *   (8,4,7,3,6,2,5,1) * 8                 = (16,12,15,11,14,10,13,9)
 * (exponents of r per lane). */
static void compute_powers(hwc_poly1305_state *st) {
  static const uint8_t zero[16];
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}, .h = {st->r[0], st->r[1], 0}};
  uint64_t r1[3], r2[3];
  to44(r1, t.h);
  poly1305_blocks_x86_64(&t, zero, 1, 0); /* r^2 = (r + 0) * r */
  to44(r2, t.h);
  const __m512i one[3] = {_mm512_set1_epi64(1), _mm512_setzero_si512(), _mm512_setzero_si512()};
  __m512i v[3], m[3];
  mulkey k;
  for (int i = 0; i < 3; i++) {
    v[i] = _mm512_mask_blend_epi64(0x33, _mm512_set1_epi64((long long)r1[i]), _mm512_set1_epi64((long long)r2[i]));
    m[i] = _mm512_mask_blend_epi64(0x0f, one[i], _mm512_set1_epi64((long long)r2[i]));
  }
  make_key(&k, m[0], m[1], m[2]);
  mulmod(v, &k);
  for (int i = 0; i < 3; i++)
    m[i] = _mm512_mask_blend_epi64(0x55, one[i], _mm512_permutexvar_epi64(_mm512_setzero_si512(), v[i]));
  make_key(&k, m[0], m[1], m[2]);
  mulmod(v, &k);
  for (int i = 0; i < 3; i++) _mm512_storeu_si512(st->powers + 8 * i, v[i]);
  make_key(&k, _mm512_permutexvar_epi64(_mm512_setzero_si512(), v[0]),
           _mm512_permutexvar_epi64(_mm512_setzero_si512(), v[1]),
           _mm512_permutexvar_epi64(_mm512_setzero_si512(), v[2]));
  mulmod(v, &k);
  for (int i = 0; i < 3; i++) _mm512_storeu_si512(st->powers + 24 + 8 * i, v[i]);
  st->powers_ready = 1;
}

/* Sums the lanes of h into st->h (radix 2^64), fully carried. */
static void collapse(hwc_poly1305_state *st, const __m512i h[3]) {
  uint64_t t0 = (uint64_t)_mm512_reduce_add_epi64(h[0]), t1 = (uint64_t)_mm512_reduce_add_epi64(h[1]),
           t2 = (uint64_t)_mm512_reduce_add_epi64(h[2]);
  t1 += t0 >> 44; t0 &= M44;
  t2 += t1 >> 44; t1 &= M44;
  t0 += (t2 >> 42) * 5; t2 &= M42;
  t1 += t0 >> 44; t0 &= M44;
  t2 += t1 >> 44; t1 &= M44;
  st->h[0] = t0 | t1 << 44;
  st->h[1] = t1 >> 20 | t2 << 24;
  st->h[2] = t2 >> 40;
}

/* The running h enters lane 0, the lane of the first block. */
static void expand(__m512i h[3], const hwc_poly1305_state *st) {
  uint64_t l[3];
  to44(l, st->h);
  for (int i = 0; i < 3; i++) h[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]);
}

/* Eight cached words from st->powers + at (unaligned). */
static inline __m512i cached(const hwc_poly1305_state *st, int at) { return _mm512_loadu_si512(st->powers + at); }

/* The table's blocks: pairs of eight-lane groups, then a lone group of
 * eight, the rest and short inputs through the one-block loop. */
static void poly1305_avx512ifma_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx512ifma);
  if (nblocks < VEC_MIN_BLOCKS) {
    poly1305_blocks_x86_64(st, in, nblocks, hibit);
    return;
  }
  const __m512i hb = _mm512_set1_epi64((long long)(hibit << 40));
  size_t pairs = nblocks / 16;
  if (!st->powers_ready) compute_powers(st);
  mulkey k8, k16;
  make_key(&k8, cached(st, 0), cached(st, 8), cached(st, 16));
  __m512i a[3], b[3], m[3];
  if (pairs) {
    mulkey kl16;
    make_key(&k16, cached(st, 24), cached(st, 32), cached(st, 40));
    /* lane 0 of the r^16..r^9 table is r^16 */
    make_key(&kl16, _mm512_set1_epi64((long long)st->powers[24]), _mm512_set1_epi64((long long)st->powers[32]),
             _mm512_set1_epi64((long long)st->powers[40]));
    expand(a, st);
    for (int i = 0; i < 3; i++) b[i] = _mm512_setzero_si512();
    for (; pairs > 1; pairs--, in += 256) {
      load8(m, in, hb);
      for (int i = 0; i < 3; i++) a[i] = add64(a[i], m[i]);
      load8(m, in + 128, hb);
      for (int i = 0; i < 3; i++) b[i] = add64(b[i], m[i]);
      mulmod(a, &kl16);
      mulmod(b, &kl16);
    }
    load8(m, in, hb);
    for (int i = 0; i < 3; i++) a[i] = add64(a[i], m[i]);
    load8(m, in + 128, hb);
    for (int i = 0; i < 3; i++) b[i] = add64(b[i], m[i]);
    in += 256;
    mulmod(a, &k16);
    mulmod(b, &k8);
    for (int i = 0; i < 3; i++) a[i] = add64(a[i], b[i]);
    collapse(st, a);
  }
  if (nblocks & 8) {
    expand(a, st);
    load8(m, in, hb);
    in += 128;
    for (int i = 0; i < 3; i++) a[i] = add64(a[i], m[i]);
    mulmod(a, &k8);
    collapse(st, a);
  }
  if (nblocks & 7) poly1305_blocks_x86_64(st, in, nblocks & 7, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_avx512ifma = {
    .info = {.name = "avx512ifma", .required = HWC_REQUIRED,
             .priority = HWC_PRIO_IFMA, HWC_CALLS(poly1305_avx512ifma)},
    .blocks = poly1305_avx512ifma_blocks,
};
