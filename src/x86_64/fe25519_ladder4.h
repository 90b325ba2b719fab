/* SPDX-License-Identifier: ISC */
/*
 * The loop of the RFC 7748 Montgomery ladder for the 4-way vector fe25519
 * backends (avx512ifma; avx2 and mulx_avx2 fold the swap into their step
 * instead, fe25519_avx2.h), the counterpart of src/common/fe25519_ladder.h:
 * their state is `limbs` registers, one limb of (x2, z2, x3, z3) per 64-bit
 * lane, so the conditional swap of (x2, z2) with (x3, z3) exchanges the two
 * 128-bit halves of every register. Each backend supplies its ladder step,
 * which the compiler inlines. Include after <immintrin.h>, from files
 * compiled with at least -mavx2.
 *
 * Constant time: 255 steps whatever the scalar; its bits only form masks,
 * never a branch or an index.
 *
 * Bounds: the swap moves whole lanes and changes no limb, so each limb of
 * the state keeps the bound the step left it; each backend's step maps its
 * "carried" state (fe25519_avx512ifma.h: below 2^51 + 2^11) to a carried
 * state, so 255 steps need no check in between. x1v and a24v
 * are only read.
 */
#ifndef HWC_FE25519_LADDER4_H
#define HWC_FE25519_LADDER4_H

static inline void hwc_fe25519_cswap4(__m256i *v, int limbs, uint64_t b) {
  const __m256i mask = _mm256_set1_epi64x(-(long long)b);
  for (int i = 0; i < limbs; i++) {
    __m256i t = _mm256_and_si256(_mm256_xor_si256(v[i], _mm256_permute4x64_epi64(v[i], 0x4e)), mask);
    v[i] = _mm256_xor_si256(v[i], t);
  }
}

/* x1v holds x1 and a24v the constant a24 in the lanes where the step wants
 * them; both are the backend's business. */
static inline void hwc_fe25519_ladder4_loop(__m256i *s, int limbs, const __m256i *x1v, const __m256i *a24v,
                                            const uint8_t e[32],
                                            void (*step)(__m256i *s, const __m256i *x1v, const __m256i *a24v)) {
  uint64_t swap = 0;
  for (int t = 254; t >= 0; t--) {
    uint64_t bit = (e[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    hwc_fe25519_cswap4(s, limbs, swap);
    swap = bit;
    step(s, x1v, a24v);
  }
  hwc_fe25519_cswap4(s, limbs, swap);
}

#endif /* HWC_FE25519_LADDER4_H */
