/*
 * Poly1305 block loop with AVX-512F: eight blocks in parallel.
 *
 * The AVX2 kernel's method (Goll and Gueron 2015) at twice the width: lane
 * j accumulates every eighth block with h = (h + m) * r^8, and the last
 * group of eight is multiplied by r^8..r^1 so that the sum of the lanes is
 * the serial result. Five 26-bit limbs per number, VPMULUDQ products. The
 * message is loaded four blocks per register and interleaved with
 * VPUNPCK{L,H}QDQ, which leaves blocks in lane order 0,4,1,5,2,6,3,7; the
 * cached powers are stored in that same order instead of permuting every
 * group. r^2..r^8 come from the portable loop, once per key. Short inputs
 * (fewer than 16 blocks) and the 0..7 blocks left over use that loop.
 *
 * ISA: AVX-512F. Constant time: fixed sequences of multiplications,
 * additions, shifts and masks; the path depends only on the length.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(poly1305_avx512);

#define M26 0x3ffffff

/* Radix 2^64 (value < 2^131) to five 26-bit limbs (the top one < 2^27). */
static void to26(uint64_t l[5], const uint64_t h[3]) {
  l[0] = h[0] & M26;
  l[1] = (h[0] >> 26) & M26;
  l[2] = (h[0] >> 52 | h[1] << 12) & M26;
  l[3] = (h[1] >> 14) & M26;
  l[4] = h[1] >> 40 | h[2] << 24;
}

/* st->powers holds limb i of the eight powers as vector i (lane order as
 * the message lanes: r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1). The state is
 * only 8-byte aligned: unaligned loads and stores. */
static void compute_powers(hwc_poly1305_state *st) {
  static const uint8_t zero[16];
  static const int lane_power[8] = {8, 4, 7, 3, 6, 2, 5, 1};
  hwc_poly1305_state t = {.r = {st->r[0], st->r[1]}};
  uint64_t l[9][5]; /* l[k]: limbs of r^k */
  t.h[0] = st->r[0];
  t.h[1] = st->r[1];
  to26(l[1], t.h);
  for (int k = 2; k <= 8; k++) {
    hwc_poly1305_blocks_scalar(&t, zero, 1, 0); /* (r^(k-1) + 0) * r */
    to26(l[k], t.h);
  }
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 8; j++) st->powers[8 * i + j] = l[lane_power[j]][i];
  st->powers_ready = 1;
}

#define MUL(a, b) _mm512_mul_epu32(a, b)
#define ADD(a, b) _mm512_add_epi64(a, b)

/* Eight message blocks to limbs with the 2^128 bit. */
static inline void load8(__m512i m[5], const uint8_t *in, __m512i hibit, __m512i mask) {
  __m512i a = _mm512_loadu_si512(in), b = _mm512_loadu_si512(in + 64);
  __m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);
  m[0] = _mm512_and_si512(lo, mask);
  m[1] = _mm512_and_si512(_mm512_srli_epi64(lo, 26), mask);
  m[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 52), _mm512_slli_epi64(hi, 12)), mask);
  m[3] = _mm512_and_si512(_mm512_srli_epi64(hi, 14), mask);
  m[4] = _mm512_or_si512(_mm512_srli_epi64(hi, 40), hibit);
}

/* h = h * r mod p per lane, lazily carried (limbs < 2^26 plus a little). */
static inline void mulmod(__m512i h[5], const __m512i r[5], const __m512i s[5], __m512i mask) {
  __m512i d0 = ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(ADD(MUL(h[2], s[3]), MUL(h[3], s[2])), MUL(h[4], s[1])));
  __m512i d1 = ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(ADD(MUL(h[2], s[4]), MUL(h[3], s[3])), MUL(h[4], s[2])));
  __m512i d2 = ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(ADD(MUL(h[2], r[0]), MUL(h[3], s[4])), MUL(h[4], s[3])));
  __m512i d3 = ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(ADD(MUL(h[2], r[1]), MUL(h[3], r[0])), MUL(h[4], s[4])));
  __m512i d4 = ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(ADD(MUL(h[2], r[2]), MUL(h[3], r[1])), MUL(h[4], r[0])));
  __m512i c;
  c = _mm512_srli_epi64(d0, 26); d0 = _mm512_and_si512(d0, mask); d1 = ADD(d1, c);
  c = _mm512_srli_epi64(d3, 26); d3 = _mm512_and_si512(d3, mask); d4 = ADD(d4, c);
  c = _mm512_srli_epi64(d1, 26); d1 = _mm512_and_si512(d1, mask); d2 = ADD(d2, c);
  c = _mm512_srli_epi64(d4, 26); d4 = _mm512_and_si512(d4, mask); d0 = ADD(d0, ADD(c, _mm512_slli_epi64(c, 2)));
  c = _mm512_srli_epi64(d2, 26); d2 = _mm512_and_si512(d2, mask); d3 = ADD(d3, c);
  c = _mm512_srli_epi64(d0, 26); d0 = _mm512_and_si512(d0, mask); d1 = ADD(d1, c);
  c = _mm512_srli_epi64(d3, 26); d3 = _mm512_and_si512(d3, mask); d4 = ADD(d4, c);
  h[0] = d0; h[1] = d1; h[2] = d2; h[3] = d3; h[4] = d4;
}

static void poly1305_avx512_blocks(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit) {
  HWC_COUNT_CALL(poly1305_avx512);
  if (nblocks < 16) {
    hwc_poly1305_blocks_scalar(st, in, nblocks, hibit);
    return;
  }
  if (!st->powers_ready) compute_powers(st);
  const __m512i mask = _mm512_set1_epi64(M26), hb = _mm512_set1_epi64((long long)(hibit << 24));
  __m512i r[5], s[5], r8[5], s8[5], h[5], m[5];
  for (int i = 0; i < 5; i++) {
    r[i] = _mm512_loadu_si512(st->powers + 8 * i);
    s[i] = ADD(r[i], _mm512_slli_epi64(r[i], 2));
    r8[i] = _mm512_set1_epi64((long long)st->powers[8 * i]); /* lane 0 is r^8 */
    s8[i] = ADD(r8[i], _mm512_slli_epi64(r8[i], 2));
  }
  uint64_t l[5];
  to26(l, st->h);
  /* The running h joins lane 0, the lane of the first block. */
  for (int i = 0; i < 5; i++) h[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]);

  size_t groups = nblocks / 8;
  for (; groups > 1; groups--, in += 128) {
    load8(m, in, hb, mask);
    for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
    mulmod(h, r8, s8, mask);
  }
  load8(m, in, hb, mask);
  in += 128;
  for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
  mulmod(h, r, s, mask);

  uint64_t t0 = (uint64_t)_mm512_reduce_add_epi64(h[0]), t1 = (uint64_t)_mm512_reduce_add_epi64(h[1]),
           t2 = (uint64_t)_mm512_reduce_add_epi64(h[2]), t3 = (uint64_t)_mm512_reduce_add_epi64(h[3]),
           t4 = (uint64_t)_mm512_reduce_add_epi64(h[4]);
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  t3 += t2 >> 26; t2 &= M26;
  t4 += t3 >> 26; t3 &= M26;
  t0 += (t4 >> 26) * 5; t4 &= M26;
  t1 += t0 >> 26; t0 &= M26;
  t2 += t1 >> 26; t1 &= M26;
  st->h[0] = t0 | t1 << 26 | t2 << 52;
  st->h[1] = t2 >> 12 | t3 << 14 | t4 << 40;
  st->h[2] = t4 >> 24;

  if (nblocks % 8) hwc_poly1305_blocks_scalar(st, in, nblocks % 8, hibit);
}

const hwc_poly1305_kernel hwc_poly1305_avx512 = {
    .info = {.name = "avx512", .required = HWC_CPU_AVX | HWC_CPU_AVX2 | HWC_CPU_AVX512F, .priority = 30,
             HWC_CALLS(poly1305_avx512)},
    .blocks = poly1305_avx512_blocks,
};
