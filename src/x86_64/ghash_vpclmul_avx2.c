/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) with VPCLMULQDQ on 256-bit registers: sixteen
 * blocks per reduction (ghash_vpclmul_avx2.h); table and init shared with
 * ghash_pclmul.c.
 * ISA: VPCLMULQDQ, AVX2, AVX, PCLMULQDQ, SSSE3.
 * Constant time: see ghash_vpclmul_avx2.h.
 */
#include <immintrin.h>

#include "src/kernels.h"
#include "ghash_vpclmul_avx2.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(ghash_vpclmul_avx2);

static void ghash_vpclmul_avx2_init(void *table, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_vpclmul_avx2);
  hwc_ghash_clmul_table(table, h);
}

static void ghash_vpclmul_avx2_update(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *table) {
  HWC_COUNT_CALL(ghash_vpclmul_avx2);
  __m128i s = gh_load(y);
  s = nblocks >= 4 ? gh2_blocks(s, in, nblocks, table) : gh_blocks(s, in, nblocks, table);
  _mm_storeu_si128((__m128i *)y, gh_bswap(s));
}

const hwc_ghash_kernel hwc_ghash_vpclmul_avx2 = {
    .info = {.name = "vpclmul-avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(ghash_vpclmul_avx2)},
    .init = ghash_vpclmul_avx2_init,
    .update = ghash_vpclmul_avx2_update,
};
