/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) with PCLMULQDQ: sixteen blocks per reduction
 * over the precomputed powers H'^1..H'^16, three products per block
 * (Karatsuba, gh_kblocks). The method and the constant-time
 * argument are in ghash_clmul.h.
 * ISA: PCLMULQDQ, SSSE3 (PSHUFB).
 */
#include <immintrin.h>

#include "src/common/byteorder.h"
#include "src/kernels.h"
#include "ghash_clmul.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(ghash_pclmul);

/* H' = mulX(reverse(H)) (RFC 8452 Appendix A) in plain integers and masks,
 * then its powers by repeated dot products. mulX shifts left by one, so at
 * most the one bit x^128 leaves the 128 bits, and one masked XOR of
 * x^127 + x^126 + x^121 + 1 (0xc2..01) reduces it. Shared by every x86 GHASH table
 * (the VPCLMULQDQ kernels read the same layout; only the AES-NI GCM loops
 * read the folded entries). */
void hwc_ghash_clmul_table(void *table, const uint8_t h[16]) {
  uint64_t hi = hwc_load64_be(h), lo = hwc_load64_be(h + 8);
  uint64_t carry = 0 - (hi >> 63);
  hi = (hi << 1 | lo >> 63) ^ (carry & 0xc200000000000000ull);
  lo = (lo << 1) ^ (carry & 1);
  /* The table is inside the caller's key object, at any address: unaligned
   * stores (the kernels read it with unaligned loads too). */
  uint8_t *t = table;
  __m128i p1 = _mm_set_epi64x((long long)hi, (long long)lo), p = p1;
  _mm_storeu_si128((__m128i *)(t + 16 * 15), p1);
  for (int k = 2; k <= 16; k++) {
    p = gh_dot(p, p1);
    _mm_storeu_si128((__m128i *)(t + 16 * (16 - k)), p);
  }
  /* Entries 16..31: each power's two halves XORed, in both qwords, for the
   * Karatsuba middle product (gh_kpower). */
  for (int i = 0; i < 16; i++) {
    p = _mm_loadu_si128((const __m128i *)(t + 16 * i));
    _mm_storeu_si128((__m128i *)(t + 16 * (16 + i)), _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e)));
  }
  p = p1 = _mm_setzero_si128();
  hi = lo = carry = 0;
}

static void ghash_pclmul_init(void *table, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_pclmul);
  hwc_ghash_clmul_table(table, h);
}

static void ghash_pclmul_update(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *table) {
  HWC_COUNT_CALL(ghash_pclmul);
  __m128i s = gh_load(y);
  s = gh_kblocks(s, in, nblocks, table);
  _mm_storeu_si128((__m128i *)y, gh_bswap(s));
}

const hwc_ghash_kernel hwc_ghash_pclmul = {
    .info = {.name = "pclmul", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(ghash_pclmul)},
    .init = ghash_pclmul_init,
    .update = ghash_pclmul_update,
};
