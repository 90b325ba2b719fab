/* SPDX-License-Identifier: ISC */
/*
 * GHASH arithmetic with PCLMULQDQ on 128-bit registers, shared by the
 * kernels that hash with it (ghash_pclmul.c, and the GCM loops of
 * aes_aesni.c that stitch it with AES). Include only from files compiled
 * with -mpclmul -mssse3.
 *
 * Representation (RFC 8452, Appendix A): GHASH over blocks X equals the byte
 * reversal of POLYVAL over the byte-reversed blocks with the key
 * H' = mulX(reverse(H)). POLYVAL's little-endian bit order is the one
 * PCLMULQDQ computes in, so no bit reflection is needed: a block is one
 * PSHUFB away, and dot(a, b) = a * b * x^-128 reduces with two multiplies by
 * the constant 0xc2000000...01 (Gueron and Kounavis, "Intel Carry-Less
 * Multiplication Instruction and its Usage for Computing the GCM Mode",
 * 2014, and the AES-GCM-SIV reference code).
 *
 * The table holds H'^16 .. H'^1 in that order (hwc_ghash_clmul_table), then
 * the same powers folded for Karatsuba (gh_kpower, below): the
 * run of n <= 16 blocks ending a stretch multiplies block j by H'^(n-j),
 * which is the table entry 16 - n + j, so one unaligned run of the table
 * serves every length. Products are accumulated unreduced (lo, mid, hi) and
 * reduced once per run ("aggregated reduction"): addition is XOR, so sums
 * of any number of products stay 255-bit polynomials and never grow; the
 * run length is set by the table (16 powers) and the registers, not by a
 * bound.
 *
 * Constant time: carry-less multiplies, XORs and shuffles only.
 */
#ifndef HWC_GHASH_CLMUL_H
#define HWC_GHASH_CLMUL_H

#include <immintrin.h>

typedef struct {
  __m128i lo, mid, hi;
} gh_acc;

static inline __m128i gh_bswap(__m128i x) {
  return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

static inline __m128i gh_load(const uint8_t *p) { return gh_bswap(_mm_loadu_si128((const __m128i *)p)); }

static inline void gh_acc_zero(gh_acc *a) { a->lo = a->mid = a->hi = _mm_setzero_si128(); }

static inline void gh_acc_mul(gh_acc *a, __m128i x, __m128i h) {
  a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
  a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
  a->mid = _mm_xor_si128(a->mid, _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x10), _mm_clmulepi64_si128(x, h, 0x01)));
}

/* (hi:mid:lo) * x^-128 mod the POLYVAL polynomial P = x^128 + x^127 +
 * x^126 + x^121 + 1: fold the low 128 bits twice, 64 at a time, with the
 * reflected reduction constant. mid (degree <= 126) splits across lo and
 * hi; hi then has degree <= 126 and lo <= 127. Since 1 = x^128 + x^127 +
 * x^126 + x^121 mod P, x^-64 = x^64 + x^63 + x^62 + x^57, so one fold maps
 * lo = L0 + L1 x^64 to L1 + L0 x^64 (the qword swap) plus L0 (x^63 + x^62 +
 * x^57) (the CLMUL by 0xc2 << 56): a product of degree <= 126, so the
 * result still fits 128 bits and no third fold is needed. Two folds are
 * x^-128; adding hi gives a value of degree <= 127, which is every
 * 128-bit value, reduced. */
static inline __m128i gh_reduce3(__m128i lo, __m128i mid, __m128i hi) {
  const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ull, 1);
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  __m128i t = _mm_clmulepi64_si128(lo, poly, 0x10);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
  t = _mm_clmulepi64_si128(lo, poly, 0x10);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
  return _mm_xor_si128(hi, lo);
}

static inline __m128i gh_reduce(const gh_acc *a) { return gh_reduce3(a->lo, a->mid, a->hi); }

static inline __m128i gh_dot(__m128i x, __m128i h) {
  gh_acc a;
  gh_acc_zero(&a);
  gh_acc_mul(&a, x, h);
  return gh_reduce(&a);
}

/* Power H'^k, 1 <= k <= 16, from the table. */
static inline __m128i gh_power(const void *table, unsigned k) {
  return _mm_loadu_si128((const __m128i *)table + (16 - k));
}

/* ---- Karatsuba form, for the loops where PCLMULQDQ's issue rate is the
 * bound (the AES-NI GCM loops: on AMD Zen a 128-bit carry-less multiply
 * issues at most every other cycle, while AESENC issues twice a cycle).
 * With x = x1 x^64 + x0 and h = h1 x^64 + h0, the middle term
 * x1 h0 + x0 h1 equals (x1 + x0)(h1 + h0) + x1 h1 + x0 h0, three products
 * instead of four. The table keeps, after the sixteen powers, each power's
 * folded half h1 + h0 (both qwords of the entry, in the same order), so the
 * loop folds only the data. The middle sums stay in their Karatsuba form in
 * the accumulator (addition is XOR, so the correction by lo and hi can be
 * made once for the whole sum) and gh_kreduce applies it. */

/* Folded power (h1 + h0 of H'^k in both qwords), 1 <= k <= 16. */
static inline __m128i gh_kpower(const void *table, unsigned k) {
  return _mm_loadu_si128((const __m128i *)table + 16 + (16 - k));
}

/* a += x * h, the middle product in Karatsuba form; hk = gh_kpower. */
static inline void gh_kmul(gh_acc *a, __m128i x, __m128i h, __m128i hk) {
  __m128i xf = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));
  a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
  a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
  a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(xf, hk, 0x00));
}

/* a = x * h, the first product of a run (no zeroing, no XOR). */
static inline void gh_kmul_first(gh_acc *a, __m128i x, __m128i h, __m128i hk) {
  __m128i xf = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));
  a->lo = _mm_clmulepi64_si128(x, h, 0x00);
  a->hi = _mm_clmulepi64_si128(x, h, 0x11);
  a->mid = _mm_clmulepi64_si128(xf, hk, 0x00);
}

/* The reduced sum of an accumulator filled by gh_kmul. */
static inline __m128i gh_kreduce(const gh_acc *a) {
  return gh_reduce3(a->lo, _mm_xor_si128(a->mid, _mm_xor_si128(a->lo, a->hi)), a->hi);
}

/* gh_blocks in Karatsuba form: y absorbs n blocks, up to 16 per reduction
 * (the table's powers), from a table with the folded entries. */
static inline __m128i gh_kblocks(__m128i y, const uint8_t *in, size_t n, const void *table) {
  while (n) {
    unsigned m = n < 16 ? (unsigned)n : 16;
    gh_acc a;
    gh_kmul_first(&a, _mm_xor_si128(y, gh_load(in)), gh_power(table, m), gh_kpower(table, m));
    for (unsigned j = 1; j < m; j++) gh_kmul(&a, gh_load(in + 16 * j), gh_power(table, m - j), gh_kpower(table, m - j));
    y = gh_kreduce(&a);
    in += 16 * m;
    n -= m;
  }
  return y;
}

/* y (POLYVAL domain) absorbs n blocks, up to 8 per reduction (any count
 * would be correct; 8 keeps the powers in cache lines and registers). */
static inline __m128i gh_blocks(__m128i y, const uint8_t *in, size_t n, const void *table) {
  while (n) {
    size_t m = n < 8 ? n : 8;
    gh_acc a;
    gh_acc_zero(&a);
    gh_acc_mul(&a, _mm_xor_si128(y, gh_load(in)), gh_power(table, (unsigned)m));
    for (size_t j = 1; j < m; j++) gh_acc_mul(&a, gh_load(in + 16 * j), gh_power(table, (unsigned)(m - j)));
    y = gh_reduce(&a);
    in += 16 * m;
    n -= m;
  }
  return y;
}

#endif
