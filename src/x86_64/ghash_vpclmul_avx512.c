/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) with VPCLMULQDQ on 512-bit registers: sixteen
 * blocks per reduction (ghash_vpclmul_avx512.h). The table starts as the one
 * ghash_pclmul.c builds (H'^16 .. H'^1), but its second half holds
 * H'^32 .. H'^17 instead of the Karatsuba folds, which nothing on 512-bit
 * registers uses: the GCM loop of aes_vaes_avx512.c reduces once per 32
 * blocks with them (gh4_power_hi).
 * ISA: VPCLMULQDQ, PCLMULQDQ, AVX-512F/BW/VL, SSSE3.
 * Constant time: see ghash_vpclmul_avx512.h.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "ghash_vpclmul_avx512.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(ghash_vpclmul_avx512);

/* H'^(16+k) = H'^16 H'^k into entry 16 + (16 - k), k = 1..16, so entries
 * 16..31 run H'^32 .. H'^17 in the order of the first half. */
static void ghash_vpclmul_avx512_init(void *table, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_vpclmul_avx512);
  hwc_ghash_clmul_table(table, h);
  __m128i *t = table;
  const __m128i h16 = _mm_loadu_si128(t);
  for (unsigned k = 1; k <= 16; k++) _mm_storeu_si128(t + 32 - k, gh_dot(h16, _mm_loadu_si128(t + 16 - k)));
}

static void ghash_vpclmul_avx512_update(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *table) {
  HWC_COUNT_CALL(ghash_vpclmul_avx512);
  __m128i s = gh_load(y);
  s = nblocks >= 4 ? gh4_blocks(s, in, nblocks, table) : gh_blocks(s, in, nblocks, table);
  _mm_storeu_si128((__m128i *)y, gh_bswap(s));
}

const hwc_ghash_kernel hwc_ghash_vpclmul_avx512 = {
    .info = {.name = "vpclmul-avx512",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC512,
             HWC_CALLS(ghash_vpclmul_avx512)},
    .init = ghash_vpclmul_avx512_init,
    .update = ghash_vpclmul_avx512_update,
};
