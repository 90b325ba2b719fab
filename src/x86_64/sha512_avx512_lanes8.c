/* SPDX-License-Identifier: ISC */
/*
 * Eight SHA-512 compressions at once, one message per 64-bit lane of
 * 512-bit vectors: the avx512 SHA-512 backend's blocks_lanes entry
 * (contract in src/kernels.h). SHA-512's words are 64 bits, so lane l of
 * every vector is one word of message l and the rounds are FIPS 180-4's,
 * written once for eight: no lane looks at another. Where the single
 * kernel is bound by the dependency chain of one message's 80 rounds,
 * here eight chains share each instruction.
 *
 * Why these instructions: VPRORQ is a native 64-bit rotate (three per
 * Sigma), and VPTERNLOGQ computes each three-input function (the XOR of
 * three rotations, Ch, Maj) in one operation. The big-endian words enter
 * by scalar loads into a transposed buffer (word j of message l at
 * [j][l]) and one vector load per word: a byte shuffle of 512-bit
 * vectors would need AVX-512BW, which this backend does not require.
 *
 * ISA: AVX-512F. Constant time: rotates, shifts, adds and logic only; no
 * branch or address depends on the data. Secrets (an Ed25519 key's
 * prefix is hashed here) stay in registers and this frame (src/kernels.h).
 */
#include <immintrin.h>

#include "src/common/msan.h"
#include "src/kernels.h"
#include "sha512_avx512_lanes8.h"

/* a ^ b ^ c. MemorySanitizer reports VPTERNLOG's secret operands instead
 * of propagating them (tests/CT.md), so its builds spell the logic out;
 * the same for ch and maj below. */
static inline __m512i xor3(__m512i a, __m512i b, __m512i c) {
#ifdef HWC_MSAN
  return _mm512_xor_si512(_mm512_xor_si512(a, b), c);
#else
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
#endif
}

/* Ch(e, f, g) = (e & f) ^ (~e & g): 0xca is its truth table. */
static inline __m512i ch(__m512i e, __m512i f, __m512i g) {
#ifdef HWC_MSAN
  return _mm512_xor_si512(_mm512_and_si512(e, f), _mm512_andnot_si512(e, g));
#else
  return _mm512_ternarylogic_epi64(e, f, g, 0xca);
#endif
}

/* Maj(a, b, c) = (a & b) ^ (a & c) ^ (b & c): 0xe8. */
static inline __m512i maj(__m512i a, __m512i b, __m512i c) {
#ifdef HWC_MSAN
  return _mm512_or_si512(_mm512_and_si512(a, b), _mm512_and_si512(c, _mm512_or_si512(a, b)));
#else
  return _mm512_ternarylogic_epi64(a, b, c, 0xe8);
#endif
}

/* The four functions of FIPS 180-4, 4.1.3. */
static inline __m512i big_s0(__m512i x) {
  return xor3(_mm512_ror_epi64(x, 28), _mm512_ror_epi64(x, 34), _mm512_ror_epi64(x, 39));
}
static inline __m512i big_s1(__m512i x) {
  return xor3(_mm512_ror_epi64(x, 14), _mm512_ror_epi64(x, 18), _mm512_ror_epi64(x, 41));
}
static inline __m512i small_s0(__m512i x) {
  return xor3(_mm512_ror_epi64(x, 1), _mm512_ror_epi64(x, 8), _mm512_srli_epi64(x, 7));
}
static inline __m512i small_s1(__m512i x) {
  return xor3(_mm512_ror_epi64(x, 19), _mm512_ror_epi64(x, 61), _mm512_srli_epi64(x, 6));
}

/* The big-endian 64-bit word at p. */
static inline uint64_t load_be64(const uint8_t *p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

void hwc_sha512_avx512_lanes8(uint64_t (*state)[8], const uint8_t *const *in) {
  _Alignas(64) uint64_t t[16][8];
  __m512i w[16], s[8];
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 16; j++) t[j][l] = load_be64(in[l] + 8 * j);
  for (int j = 0; j < 16; j++) w[j] = _mm512_load_si512(t[j]);
  for (int l = 0; l < 8; l++)
    for (int i = 0; i < 8; i++) t[i][l] = state[l][i];
  for (int i = 0; i < 8; i++) s[i] = _mm512_load_si512(t[i]);

  __m512i a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
  for (int r = 0; r < 80; r++) {
    /* W_r for r >= 16 replaces W_(r-16) in the ring of sixteen. */
    if (r >= 16)
      w[r & 15] = _mm512_add_epi64(_mm512_add_epi64(small_s1(w[(r - 2) & 15]), w[(r - 7) & 15]),
                                   _mm512_add_epi64(small_s0(w[(r - 15) & 15]), w[r & 15]));
    __m512i t1 = _mm512_add_epi64(_mm512_add_epi64(h, big_s1(e)), _mm512_add_epi64(ch(e, f, g), w[r & 15]));
    t1 = _mm512_add_epi64(t1, _mm512_set1_epi64((long long)hwc_sha512_k[r]));
    __m512i t2 = _mm512_add_epi64(big_s0(a), maj(a, b, c));
    h = g;
    g = f;
    f = e;
    e = _mm512_add_epi64(d, t1);
    d = c;
    c = b;
    b = a;
    a = _mm512_add_epi64(t1, t2);
  }
  s[0] = _mm512_add_epi64(s[0], a);
  s[1] = _mm512_add_epi64(s[1], b);
  s[2] = _mm512_add_epi64(s[2], c);
  s[3] = _mm512_add_epi64(s[3], d);
  s[4] = _mm512_add_epi64(s[4], e);
  s[5] = _mm512_add_epi64(s[5], f);
  s[6] = _mm512_add_epi64(s[6], g);
  s[7] = _mm512_add_epi64(s[7], h);
  for (int i = 0; i < 8; i++) _mm512_store_si512(t[i], s[i]);
  for (int l = 0; l < 8; l++)
    for (int i = 0; i < 8; i++) state[l][i] = t[i][l];
}
