/* SPDX-License-Identifier: ISC */
/*
 * SHA-256 compression (FIPS 180-4, 6.2.2) with the x86 SHA extensions.
 *
 * Algorithm: Intel's "SHA-NI" method (Gulley et al., "Intel SHA Extensions",
 * 2013). SHA256RNDS2 does two rounds on a state split across two registers,
 * {A,B,E,F} and {C,D,G,H}; SHA256MSG1/MSG2 compute four schedule words at a
 * time from the previous sixteen, the W[i-7] term being added with PALIGNR.
 * ISA: SHA, SSSE3 (PSHUFB for the big-endian loads, PALIGNR), SSE4.1 (PBLENDW
 * for the state reshuffle). Reached only when the dispatcher has seen all
 * three.
 *
 * Constant time: the SHA instructions and the vector adds, shuffles and
 * blends have fixed latency, and nothing branches on or indexes by data.
 */
#include <immintrin.h>

#include "src/kernels.h"

HWC_CALL_COUNTER(sha256_shani);

/* Four rounds: W[4g..4g+3] + K in one register, two rounds per RNDS2, the
 * second pair taken from the high half. */
#define QROUND(m, g)                                                                         \
  do {                                                                                       \
    __m128i wk = _mm_add_epi32(m, _mm_loadu_si128((const __m128i *)(hwc_sha256_k + 4 * (g)))); \
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                                            \
    abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));                   \
  } while (0)

/* m0 = W[i-16..i-13] becomes W[i..i+3], given W[i-12..], W[i-8..], W[i-4..]. */
#define SCHED(m0, m1, m2, m3) \
  m0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4)), m3)

/* Sixteen rounds with four schedule updates; the ring of four registers is
 * renamed, not moved. */
#define SIXTEEN(g)                      \
  SCHED(m0, m1, m2, m3); QROUND(m0, g);  \
  SCHED(m1, m2, m3, m0); QROUND(m1, g + 1); \
  SCHED(m2, m3, m0, m1); QROUND(m2, g + 2); \
  SCHED(m3, m0, m1, m2); QROUND(m3, g + 3)

static void sha256_shani_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha256_shani);
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

  /* state[] is {A..D},{E..H} little-endian in lanes; RNDS2 wants {A,B,E,F}
   * and {C,D,G,H} with A and C in the top lane. */
  __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

  for (; nblocks; nblocks--, in += 64) {
    const __m128i abef0 = abef, cdgh0 = cdgh;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 0)), bswap);
    __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap);
    __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap);
    __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap);
    QROUND(m0, 0);
    QROUND(m1, 1);
    QROUND(m2, 2);
    QROUND(m3, 3);
    SIXTEEN(4);
    SIXTEEN(8);
    SIXTEEN(12);
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
  }

  __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
  _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xf0));
  _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

const hwc_sha256_kernel hwc_sha256_shani = {
    .info = {.name = "shani",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_HASH_INSN,
             HWC_CALLS(sha256_shani)},
    .blocks = sha256_shani_blocks,
};
