/* SPDX-License-Identifier: ISC */
/*
 * The lane entries of the avx512ifma bignum backend (contracts in
 * src/kernels.h), in src/x86_64/bignum_avx512ifma_lanes8.c: eight
 * independent Montgomery products in the eight 64-bit lanes of 512-bit
 * vectors. The table functions of bignum_avx512ifma.c count their calls
 * and call these.
 */
#ifndef HWC_X86_64_BIGNUM_AVX512IFMA_LANES8_H
#define HWC_X86_64_BIGNUM_AVX512IFMA_LANES8_H

#include "src/kernels.h"

/* lanes_setup; `self` is the calling backend: a context it prepared
 * (ctx[l]->k == self) lends its R^2 mod m, which is then not recomputed. */
void hwc_bn_ifma_lanes8_setup(hwc_bn_mont_lanes *lc, const hwc_bn_mont *const *ctx, const hwc_bignum_kernel *self);
/* to_lanes, from_lanes, mont_mul_lanes, mont_sqr_lanes and select_lanes. */
void hwc_bn_ifma_lanes8_to(uint64_t *r, const uint64_t *const *a, const hwc_bn_mont_lanes *lc);
void hwc_bn_ifma_lanes8_from(uint64_t *const *r, const uint64_t *a, const hwc_bn_mont_lanes *lc);
void hwc_bn_ifma_lanes8_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont_lanes *lc);
void hwc_bn_ifma_lanes8_sqr(uint64_t *r, const uint64_t *a, const hwc_bn_mont_lanes *lc);
void hwc_bn_ifma_lanes8_select(uint64_t *r, const uint64_t *table, size_t entries, const uint64_t *idx,
                               const hwc_bn_mont_lanes *lc);

#endif /* HWC_X86_64_BIGNUM_AVX512IFMA_LANES8_H */
