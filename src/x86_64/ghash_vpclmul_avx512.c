/* SPDX-License-Identifier: ISC */
/*
 * GHASH (NIST SP 800-38D) with VPCLMULQDQ on 512-bit registers: sixteen
 * blocks per reduction (ghash_vpclmul.h). The table is the one
 * ghash_pclmul.c builds, so its init is shared.
 * ISA: VPCLMULQDQ, PCLMULQDQ, AVX-512F/BW/VL, SSSE3.
 * Constant time: see ghash_vpclmul.h.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "ghash_vpclmul.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(ghash_vpclmul_avx512);

static void ghash_vpclmul_avx512_init(void *table, const uint8_t h[16]) {
  HWC_COUNT_CALL(ghash_vpclmul_avx512);
  hwc_ghash_clmul_table(table, h);
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
