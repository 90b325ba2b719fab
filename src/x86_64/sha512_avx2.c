/*
 * SHA-512 compression (FIPS 180-4, 6.4.2; also SHA-384) with an AVX2
 * message schedule and BMI2 scalar rounds.
 *
 * Algorithm: the two-block layout of Intel's "Fast SHA-512 Implementations on
 * Intel Architecture Processors" (Guilford, Gulley, Gopal, 2012), as in
 * OpenSSL's sha512-x86_64 AVX2 path. Blocks are taken in pairs: each 256-bit
 * register holds two consecutive schedule words of the first block in its low
 * 128-bit lane and the same two words of the second block in its high lane,
 * so one vector step extends both schedules (W[t] needs W[t-2] at the
 * nearest, so two words at a time are independent). W[t] + K[t] for both
 * blocks goes to a stack buffer. The first block's rounds run interleaved
 * with the vector schedule work, which fills the scalar pipeline's gaps; the
 * second block's rounds then read their precomputed W + K for free. Rounds use
 * RORX (non-destructive rotate, no flags) and the Maj(a,b,c) =
 * Ch(a^b, c, b) form that carries a^b into the next round as b^c.
 * An odd final block is run alone through the same path (its lane copied).
 * ISA: AVX2 (256-bit integer ops, VPALIGNR and VPSHUFB per lane), AVX (VEX
 * encoding and YMM state), BMI2 (RORX); reached only when the dispatcher has
 * seen all three.
 *
 * Constant time: additions, shifts, rotations, logic and byte shuffles with
 * fixed indices; the only branches depend on the number of blocks.
 */
#include <immintrin.h>

#include "../kernels.h"

HWC_CALL_COUNTER(sha512_avx2);

/* GCC's post-register-allocation scheduler (generic x86 tuning) undoes the
 * interleaving of vector schedule and scalar rounds written below: ~4%
 * slower on Zen 4/5. Clang keeps the order without being asked. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif

/* ---- scalar rounds (GCC and Clang turn the rotate idiom into RORX). */
#define ROR(x, n) ((x) >> (n) | (x) << (64 - (n)))
#define S0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define S1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))

/* bc holds b ^ c on entry and becomes this round's a ^ b, which is the next
 * round's b ^ c: Maj costs two logic ops. */
#define ROUND(a, b, c, d, e, f, g, h, wk)             \
  do {                                                \
    uint64_t s1 = S1(e), s0 = S0(a);                  \
    h += (wk) + ((((f) ^ (g)) & (e)) ^ (g)) + s1;     \
    d += h;                                           \
    uint64_t ab = (a) ^ (b);                          \
    h += s0 + ((ab & bc) ^ (b));                      \
    bc = ab;                                          \
  } while (0)

/* W + K of round 2j + i of the block in lane L (0: first block, 2: second),
 * p pointing at wk[j]. */
#define WK(p, i, L) (p)[(i) >> 1][(L) + ((i) & 1)]

/* Two rounds at step i (0, 2, 4, 6) of the eight-round renaming cycle. */
#define PAIR0(p, i, L) ROUND(a, b, c, d, e, f, g, h, WK(p, i, L)); ROUND(h, a, b, c, d, e, f, g, WK(p, (i) + 1, L))
#define PAIR2(p, i, L) ROUND(g, h, a, b, c, d, e, f, WK(p, i, L)); ROUND(f, g, h, a, b, c, d, e, WK(p, (i) + 1, L))
#define PAIR4(p, i, L) ROUND(e, f, g, h, a, b, c, d, WK(p, i, L)); ROUND(d, e, f, g, h, a, b, c, WK(p, (i) + 1, L))
#define PAIR6(p, i, L) ROUND(c, d, e, f, g, h, a, b, WK(p, i, L)); ROUND(b, c, d, e, f, g, h, a, WK(p, (i) + 1, L))
#define EIGHT(p, L) PAIR0(p, 0, L); PAIR2(p, 2, L); PAIR4(p, 4, L); PAIR6(p, 6, L)

/* ---- vector schedule: register xk holds words 2j, 2j+1 of both blocks for
 * the pairs j = k mod 8. */
#define VROR(v, n) _mm256_or_si256(_mm256_srli_epi64(v, n), _mm256_slli_epi64(v, 64 - (n)))
/* Rotation by 8 is a byte rotation: one shuffle instead of two shifts. */
#define VROR8(v) _mm256_shuffle_epi8(v, ror8)
#define VS0(v) _mm256_xor_si256(_mm256_xor_si256(VROR(v, 1), VROR8(v)), _mm256_srli_epi64(v, 7))
#define VS1(v) _mm256_xor_si256(_mm256_xor_si256(VROR(v, 19), VROR(v, 61)), _mm256_srli_epi64(v, 6))

/* K[2j], K[2j+1] in both lanes. */
#define KPAIR(j) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(hwc_sha512_k + 2 * (j))))

/* Pair j >= 8 into x0, the register that held pair j - 8: W[2j..2j+1] =
 * W[-16] + s0(W[-15]) + W[-7] + s1(W[-2]), the odd offsets straddling two
 * registers (VPALIGNR by one word). x1, x4, x5, x7 hold pairs j-7, j-4, j-3,
 * j-1. */
#define SCHED(j, x0, x1, x4, x5, x7)                                      \
  do {                                                                    \
    __m256i w15 = _mm256_alignr_epi8(x1, x0, 8);                          \
    __m256i w7 = _mm256_alignr_epi8(x5, x4, 8);                           \
    x0 = _mm256_add_epi64(_mm256_add_epi64(x0, VS0(w15)), w7);            \
    x0 = _mm256_add_epi64(x0, VS1(x7));                                   \
    _mm256_store_si256((__m256i *)wk[j], _mm256_add_epi64(x0, KPAIR(j))); \
  } while (0)

/* Keeps the compiler from forwarding stored W + K from vector to scalar
 * registers (VPEXTRQ costs more than a store-forwarded load). */
#define OPAQUE(p) __asm__("" : : "r"(p) : "memory")

/* Schedule pairs 8c..8c+7, one per two rounds of the first block's rounds
 * 16(c-1)..16(c-1)+15. */
#define CHUNK(c)                                                                \
  OPAQUE(wk);                                                                   \
  SCHED(8 * (c) + 0, x0, x1, x4, x5, x7); PAIR0(wk + 8 * ((c) - 1), 0, 0);      \
  SCHED(8 * (c) + 1, x1, x2, x5, x6, x0); PAIR2(wk + 8 * ((c) - 1), 2, 0);      \
  SCHED(8 * (c) + 2, x2, x3, x6, x7, x1); PAIR4(wk + 8 * ((c) - 1), 4, 0);      \
  SCHED(8 * (c) + 3, x3, x4, x7, x0, x2); PAIR6(wk + 8 * ((c) - 1), 6, 0);      \
  SCHED(8 * (c) + 4, x4, x5, x0, x1, x3); PAIR0(wk + 8 * ((c) - 1) + 4, 0, 0);  \
  SCHED(8 * (c) + 5, x5, x6, x1, x2, x4); PAIR2(wk + 8 * ((c) - 1) + 4, 2, 0);  \
  SCHED(8 * (c) + 6, x6, x7, x2, x3, x5); PAIR4(wk + 8 * ((c) - 1) + 4, 4, 0);  \
  SCHED(8 * (c) + 7, x7, x0, x3, x4, x6); PAIR6(wk + 8 * ((c) - 1) + 4, 6, 0)

static void sha512_avx2_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx2);
  /* Big-endian words: reverse the bytes of each 64-bit lane. */
  const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                         7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
  _Alignas(32) uint64_t wk[40][4];

  while (nblocks) {
    const int pair = nblocks >= 2;
    const uint8_t *in2 = pair ? in + 128 : in;
#define LOAD(i)                                                                                    \
  _mm256_shuffle_epi8(_mm256_set_m128i(_mm_loadu_si128((const __m128i *)(in2 + 16 * (i))),        \
                                       _mm_loadu_si128((const __m128i *)(in + 16 * (i)))), bswap)
    __m256i x0 = LOAD(0), x1 = LOAD(1), x2 = LOAD(2), x3 = LOAD(3);
    __m256i x4 = LOAD(4), x5 = LOAD(5), x6 = LOAD(6), x7 = LOAD(7);
#undef LOAD
    _mm256_store_si256((__m256i *)wk[0], _mm256_add_epi64(x0, KPAIR(0)));
    _mm256_store_si256((__m256i *)wk[1], _mm256_add_epi64(x1, KPAIR(1)));
    _mm256_store_si256((__m256i *)wk[2], _mm256_add_epi64(x2, KPAIR(2)));
    _mm256_store_si256((__m256i *)wk[3], _mm256_add_epi64(x3, KPAIR(3)));
    _mm256_store_si256((__m256i *)wk[4], _mm256_add_epi64(x4, KPAIR(4)));
    _mm256_store_si256((__m256i *)wk[5], _mm256_add_epi64(x5, KPAIR(5)));
    _mm256_store_si256((__m256i *)wk[6], _mm256_add_epi64(x6, KPAIR(6)));
    _mm256_store_si256((__m256i *)wk[7], _mm256_add_epi64(x7, KPAIR(7)));

    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t bc = b ^ c;
    CHUNK(1);
    CHUNK(2);
    CHUNK(3);
    CHUNK(4);
    OPAQUE(wk);
    EIGHT(wk + 32, 0);
    EIGHT(wk + 36, 0);
    state[0] = a += state[0]; state[1] = b += state[1]; state[2] = c += state[2]; state[3] = d += state[3];
    state[4] = e += state[4]; state[5] = f += state[5]; state[6] = g += state[6]; state[7] = h += state[7];
    if (!pair) break;

    bc = b ^ c;
    for (const uint64_t(*p)[4] = wk; p < wk + 40; p += 4) {
      EIGHT(p, 2);
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    in += 256;
    nblocks -= 2;
  }
}

const hwc_sha512_kernel hwc_sha512_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_CPU_AVX | HWC_CPU_AVX2 | HWC_CPU_BMI2,
             .priority = 20,
             HWC_CALLS(sha512_avx2)},
    .blocks = sha512_avx2_blocks,
};
