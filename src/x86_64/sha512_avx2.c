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
 * blocks goes to a stack buffer, and the scalar rounds read it from there.
 * The vector work is spread evenly over all rounds, where it fills the
 * scalar pipeline's gaps: the first block's rounds finish their pair's
 * schedule (words 48..79), the second block's rounds compute words 16..47 of
 * the next pair into a second buffer. Rounds use RORX (non-destructive
 * rotate, no flags) and the Maj(a,b,c) = Ch(a^b, c, b) form that carries a^b
 * into the next round as b^c. An odd final block is run alone through the
 * same path (its lane copied).
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

/* GCC's post-register-allocation scheduler (generic x86 tuning) clusters
 * the vector schedule and scalar rounds that the source interleaves: 2-4%
 * slower on Zen here. Clang keeps the order without being asked. */
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
 * j-1. W + K goes to dst[j]. */
#define SCHED(dst, j, x0, x1, x4, x5, x7)                                  \
  do {                                                                     \
    __m256i w15 = _mm256_alignr_epi8(x1, x0, 8);                           \
    __m256i w7 = _mm256_alignr_epi8(x5, x4, 8);                            \
    x0 = _mm256_add_epi64(_mm256_add_epi64(x0, VS0(w15)), w7);             \
    x0 = _mm256_add_epi64(x0, VS1(x7));                                    \
    _mm256_store_si256((__m256i *)(dst)[j], _mm256_add_epi64(x0, KPAIR(j))); \
  } while (0)
/* Pair j in ring slot j mod 8. */
#define SLOT0(dst, j) SCHED(dst, j, x0, x1, x4, x5, x7)
#define SLOT1(dst, j) SCHED(dst, j, x1, x2, x5, x6, x0)
#define SLOT2(dst, j) SCHED(dst, j, x2, x3, x6, x7, x1)
#define SLOT3(dst, j) SCHED(dst, j, x3, x4, x7, x0, x2)
#define SLOT4(dst, j) SCHED(dst, j, x4, x5, x0, x1, x3)
#define SLOT5(dst, j) SCHED(dst, j, x5, x6, x1, x2, x4)
#define SLOT6(dst, j) SCHED(dst, j, x6, x7, x2, x3, x5)
#define SLOT7(dst, j) SCHED(dst, j, x7, x0, x3, x4, x6)

/* Keeps the compiler from forwarding stored W + K from vector to scalar
 * registers (VPEXTRQ costs more than a store-forwarded load). */
#define OPAQUE(p) __asm__("" : : "r"(p) : "memory")

/* Eight rounds of lane L reading src[k..k+3], extending dst's schedule by
 * pairs j and j + 1 (j even) on the way. */
#define EIGHT_SCHED(src, k, L, dst, j, SA, SB)        \
  PAIR0((src) + (k), 0, L); SA(dst, j);               \
  PAIR2((src) + (k), 2, L);                           \
  PAIR4((src) + (k), 4, L); SB(dst, (j) + 1);         \
  PAIR6((src) + (k), 6, L)

/* 64 rounds of lane L from src, the schedule of dst advancing from pair j
 * to j + 15; then the last 16 rounds. */
#define EIGHTY_SCHED(src, L, dst, j)                                    \
  OPAQUE(src);                                                          \
  EIGHT_SCHED(src, 0, L, dst, (j) + 0, SLOT0, SLOT1);                  \
  EIGHT_SCHED(src, 4, L, dst, (j) + 2, SLOT2, SLOT3);                  \
  EIGHT_SCHED(src, 8, L, dst, (j) + 4, SLOT4, SLOT5);                  \
  EIGHT_SCHED(src, 12, L, dst, (j) + 6, SLOT6, SLOT7);                 \
  OPAQUE(src);                                                          \
  EIGHT_SCHED(src, 16, L, dst, (j) + 8, SLOT0, SLOT1);                 \
  EIGHT_SCHED(src, 20, L, dst, (j) + 10, SLOT2, SLOT3);                \
  EIGHT_SCHED(src, 24, L, dst, (j) + 12, SLOT4, SLOT5);                \
  OPAQUE(src);                                                          \
  EIGHT_SCHED(src, 28, L, dst, (j) + 14, SLOT6, SLOT7);                \
  OPAQUE(src);                                                          \
  EIGHT((src) + 32, L);                                                 \
  EIGHT((src) + 36, L)

static void sha512_avx2_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha512_avx2);
  /* Big-endian words: reverse the bytes of each 64-bit lane. */
  const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                         7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
  _Alignas(32) uint64_t wk[2][40][4];
  uint64_t(*cur)[4] = wk[0], (*nxt)[4] = wk[1];
  __m256i x0, x1, x2, x3, x4, x5, x6, x7;

  /* Words 0..15 of the blocks at p (low lane) and p2 (high lane). */
#define LOAD(dst, p, p2)                                                                     \
  do {                                                                                       \
    const uint8_t *lo_ = (p), *hi_ = (p2);                                                   \
    x0 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 0), (const __m128i *)(lo_ + 0)), bswap);     \
    x1 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 16), (const __m128i *)(lo_ + 16)), bswap);   \
    x2 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 32), (const __m128i *)(lo_ + 32)), bswap);   \
    x3 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 48), (const __m128i *)(lo_ + 48)), bswap);   \
    x4 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 64), (const __m128i *)(lo_ + 64)), bswap);   \
    x5 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 80), (const __m128i *)(lo_ + 80)), bswap);   \
    x6 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 96), (const __m128i *)(lo_ + 96)), bswap);   \
    x7 = _mm256_shuffle_epi8(_mm256_loadu2_m128i((const __m128i *)(hi_ + 112), (const __m128i *)(lo_ + 112)), bswap); \
    _mm256_store_si256((__m256i *)(dst)[0], _mm256_add_epi64(x0, KPAIR(0)));                 \
    _mm256_store_si256((__m256i *)(dst)[1], _mm256_add_epi64(x1, KPAIR(1)));                 \
    _mm256_store_si256((__m256i *)(dst)[2], _mm256_add_epi64(x2, KPAIR(2)));                 \
    _mm256_store_si256((__m256i *)(dst)[3], _mm256_add_epi64(x3, KPAIR(3)));                 \
    _mm256_store_si256((__m256i *)(dst)[4], _mm256_add_epi64(x4, KPAIR(4)));                 \
    _mm256_store_si256((__m256i *)(dst)[5], _mm256_add_epi64(x5, KPAIR(5)));                 \
    _mm256_store_si256((__m256i *)(dst)[6], _mm256_add_epi64(x6, KPAIR(6)));                 \
    _mm256_store_si256((__m256i *)(dst)[7], _mm256_add_epi64(x7, KPAIR(7)));                 \
  } while (0)

  if (!nblocks) return;
  /* Prologue: pairs 0..23 of the first one or two blocks. From then on each
   * block pair enters with pairs 0..23 done, its first block's rounds
   * finish the schedule (pairs 24..39) and its second block's rounds
   * schedule pairs 8..23 of the next pair. */
  LOAD(cur, in, nblocks >= 2 ? in + 128 : in);
  SLOT0(cur, 8); SLOT1(cur, 9); SLOT2(cur, 10); SLOT3(cur, 11);
  SLOT4(cur, 12); SLOT5(cur, 13); SLOT6(cur, 14); SLOT7(cur, 15);
  SLOT0(cur, 16); SLOT1(cur, 17); SLOT2(cur, 18); SLOT3(cur, 19);
  SLOT4(cur, 20); SLOT5(cur, 21); SLOT6(cur, 22); SLOT7(cur, 23);

  for (;;) {
    const int pair = nblocks >= 2;
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t bc = b ^ c;
    EIGHTY_SCHED(cur, 0, cur, 24);
    state[0] = a += state[0]; state[1] = b += state[1]; state[2] = c += state[2]; state[3] = d += state[3];
    state[4] = e += state[4]; state[5] = f += state[5]; state[6] = g += state[6]; state[7] = h += state[7];
    if (!pair) break;

    /* The next pair (or last single block); after the last block the
     * schedule runs on this pair again and is discarded. */
    const uint8_t *next = nblocks > 2 ? in + 256 : in;
    LOAD(nxt, next, nblocks > 3 ? next + 128 : next);
    bc = b ^ c;
    EIGHTY_SCHED(cur, 2, nxt, 8);
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    nblocks -= 2;
    if (!nblocks) break;
    in += 256;
    uint64_t(*t)[4] = cur;
    cur = nxt;
    nxt = t;
  }
#undef LOAD
}

const hwc_sha512_kernel hwc_sha512_avx2 = {
    .info = {.name = "avx2",
             .required = HWC_CPU_AVX | HWC_CPU_AVX2 | HWC_CPU_BMI2,
             .priority = 20,
             HWC_CALLS(sha512_avx2)},
    .blocks = sha512_avx2_blocks,
};
