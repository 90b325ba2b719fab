/* SPDX-License-Identifier: ISC */
/*
 * Measures the reciprocal throughput of the instructions the bound models
 * count (bound.h), in counter ticks per instruction, on the CPU at hand.
 *
 * Each measurement is a loop of CHAINS independent dependency chains of the
 * one instruction: more chains than the instruction's latency times the
 * number of units that run it, so only throughput binds. An empty asm
 * statement per chain and iteration keeps every value in a register and
 * opaque, so the compiler can neither fold the repeated operations nor
 * drop them, and adds no instruction. The loop body is two steps of every
 * chain: the counter and branch go to the scalar ports, beside the vector
 * work, and with one step per chain the loop's placement in the fetch
 * blocks alone made VPADDD ymm a third slower than xmm and zmm on AMD Zen 5. The best of REPEATS runs (after
 * one warm-up, which also lets a core settle into its wide-vector state)
 * in each of ROUNDS passes counts: interruptions only ever make a run
 * slower.
 *
 * Each function is compiled for its own instruction set (target
 * attribute) and called only when hwc_cpu_summary() lists the features,
 * so the bench itself still runs on any x86_64.
 */
#include <string.h>

#include "bench.h"
#include "bound.h"
#include "report.h"

#define ITERS 2048
#define REPEATS 49
#define ROUNDS 3

static const char *const insn_names[BOUND_NINSN] = {
    [BOUND_AESENC_XMM] = "aesenc-xmm",
    [BOUND_AESENC_XMM_LAT] = "aesenc-xmm-latency",
    [BOUND_VAESENC_YMM] = "vaesenc-ymm",
    [BOUND_VAESENC_ZMM] = "vaesenc-zmm",
    [BOUND_PCLMULQDQ_XMM] = "pclmulqdq-xmm",
    [BOUND_VPCLMULQDQ_YMM] = "vpclmulqdq-ymm",
    [BOUND_VPCLMULQDQ_ZMM] = "vpclmulqdq-zmm",
    [BOUND_SHA256RNDS2] = "sha256rnds2",
    [BOUND_SHA1RNDS4] = "sha1rnds4",
    [BOUND_SHA256RNDS2_LAT] = "sha256rnds2-latency",
    [BOUND_SHA1RNDS4_LAT] = "sha1rnds4-latency",
    [BOUND_PADDD_XMM] = "paddd-xmm",
    [BOUND_VPADDD_YMM] = "vpaddd-ymm",
    [BOUND_VPADDD_ZMM] = "vpaddd-zmm",
    [BOUND_PSHUFB_XMM] = "pshufb-xmm",
    [BOUND_VPSHUFB_YMM] = "vpshufb-ymm",
    [BOUND_VPROLD_ZMM] = "vprold-zmm",
    [BOUND_VPMULUDQ_YMM] = "vpmuludq-ymm",
    [BOUND_VPMULUDQ_ZMM] = "vpmuludq-zmm",
    [BOUND_VPMADD52LUQ_ZMM] = "vpmadd52luq-zmm",
    [BOUND_MULX] = "mulx",
};

const char *bound_insn_name(bound_insn i) { return (unsigned)i < BOUND_NINSN ? insn_names[i] : NULL; }

bound_insn bound_insn_of(const char *name) {
  for (unsigned i = 0; i < BOUND_NINSN; i++)
    if (strcmp(insn_names[i], name) == 0) return (bound_insn)i;
  return BOUND_NINSN;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* Where the chains' results go, so that the loops are not dead code. */
static volatile long long sink;

/* One step of chain v, then the barrier that makes v opaque. */
#define STEP(OP, v)     \
  v = OP(v, k);         \
  __asm__ volatile("" : "+v"(v));
/* One step of each of the CHAINS chains, named so they live in registers
 * (an array would go through memory). */
#define STEPS(OP)                                                                                   \
  STEP(OP, x0) STEP(OP, x1) STEP(OP, x2) STEP(OP, x3) STEP(OP, x4) STEP(OP, x5) STEP(OP, x6)       \
  STEP(OP, x7) STEP(OP, x8) STEP(OP, x9) STEP(OP, x10) STEP(OP, x11)
#define CHAINS 12

/* Defines `static uint64_t fn(void)`: ITERS iterations of CHAINS independent
 * `x = OP(x, k)` on registers of type T, returning the ticks taken.
 * INIT(c) is chain c's first value, K the constant operand the ops use,
 * LOW extracts a 64-bit integer from a T for the sink. */
#define THROUGHPUT_LOOP(fn, tgt, T, INIT, K, OP, LOW)                                         \
  __attribute__((target(tgt), noinline)) static uint64_t fn(void) {                           \
    T k = (K), x0 = INIT(1), x1 = INIT(2), x2 = INIT(3), x3 = INIT(4), x4 = INIT(5),          \
      x5 = INIT(6), x6 = INIT(7), x7 = INIT(8), x8 = INIT(9), x9 = INIT(10), x10 = INIT(11),  \
      x11 = INIT(12);                                                                         \
    __asm__ volatile("" : "+v"(k));                                                           \
    uint64_t t0 = bench_ticks();                                                              \
    for (int i = 0; i < ITERS / 2; i++) {                                                     \
      STEPS(OP) STEPS(OP)                                                                     \
    }                                                                                         \
    uint64_t t1 = bench_ticks();                                                              \
    sink = (long long)(LOW(x0) ^ LOW(x1) ^ LOW(x2) ^ LOW(x3) ^ LOW(x4) ^ LOW(x5) ^ LOW(x6) ^  \
                       LOW(x7) ^ LOW(x8) ^ LOW(x9) ^ LOW(x10) ^ LOW(x11));                    \
    return t1 - t0;                                                                           \
  }

/* The two-operand forms of the instructions, for the loops above. */
#define OP_AESENC(x, k) _mm_aesenc_si128(x, k)
#define OP_VAESENC_Y(x, k) _mm256_aesenc_epi128(x, k)
#define OP_VAESENC_Z(x, k) _mm512_aesenc_epi128(x, k)
#define OP_CLMUL(x, k) _mm_clmulepi64_si128(x, k, 0x01)
#define OP_VCLMUL_Y(x, k) _mm256_clmulepi64_epi128(x, k, 0x01)
#define OP_VCLMUL_Z(x, k) _mm512_clmulepi64_epi128(x, k, 0x01)
#define OP_SHA256(x, k) _mm_sha256rnds2_epu32(x, k, k)
#define OP_SHA1(x, k) _mm_sha1rnds4_epu32(x, k, 0)
#define OP_ADD_X(x, k) _mm_add_epi32(x, k)
#define OP_ADD_Y(x, k) _mm256_add_epi32(x, k)
#define OP_ADD_Z(x, k) _mm512_add_epi32(x, k)
#define OP_SHUF_X(x, k) _mm_shuffle_epi8(x, k)
#define OP_SHUF_Y(x, k) _mm256_shuffle_epi8(x, k)
#define OP_ROL_Z(x, k) _mm512_rol_epi32(x, 7)
#define OP_MULU_Y(x, k) _mm256_mul_epu32(x, k)
#define OP_MULU_Z(x, k) _mm512_mul_epu32(x, k)
#define OP_MADD52_Z(x, k) _mm512_madd52lo_epu64(x, k, k)

#define INIT_X(c) _mm_set1_epi32(c)
#define INIT_Y(c) _mm256_set1_epi32(c)
#define INIT_Z(c) _mm512_set1_epi32(c)

#define LOW_X(v) _mm_cvtsi128_si64(v)
#define LOW_Y(v) _mm_cvtsi128_si64(_mm256_castsi256_si128(v))
#define LOW_Z(v) _mm_cvtsi128_si64(_mm512_castsi512_si128(v))

THROUGHPUT_LOOP(tp_aesenc, "aes,sse4.1", __m128i, INIT_X, _mm_set1_epi32(0x5a), OP_AESENC, LOW_X)
THROUGHPUT_LOOP(tp_vaesenc_y, "vaes,avx2", __m256i, INIT_Y, _mm256_set1_epi32(0x5a), OP_VAESENC_Y,
                LOW_Y)
THROUGHPUT_LOOP(tp_vaesenc_z, "vaes,avx512f", __m512i, INIT_Z, _mm512_set1_epi32(0x5a),
                OP_VAESENC_Z, LOW_Z)
THROUGHPUT_LOOP(tp_clmul, "pclmul,sse4.1", __m128i, INIT_X, _mm_set1_epi32(0x5a), OP_CLMUL, LOW_X)
THROUGHPUT_LOOP(tp_vclmul_y, "vpclmulqdq,avx2", __m256i, INIT_Y, _mm256_set1_epi32(0x5a),
                OP_VCLMUL_Y, LOW_Y)
THROUGHPUT_LOOP(tp_vclmul_z, "vpclmulqdq,avx512f", __m512i, INIT_Z, _mm512_set1_epi32(0x5a),
                OP_VCLMUL_Z, LOW_Z)
THROUGHPUT_LOOP(tp_sha256, "sha,sse4.1", __m128i, INIT_X, _mm_set1_epi32(0x5a), OP_SHA256, LOW_X)
THROUGHPUT_LOOP(tp_sha1, "sha,sse4.1", __m128i, INIT_X, _mm_set1_epi32(0x5a), OP_SHA1, LOW_X)
THROUGHPUT_LOOP(tp_add_x, "sse2", __m128i, INIT_X, _mm_set1_epi32(0x5a), OP_ADD_X, LOW_X)
THROUGHPUT_LOOP(tp_add_y, "avx2", __m256i, INIT_Y, _mm256_set1_epi32(0x5a), OP_ADD_Y, LOW_Y)
THROUGHPUT_LOOP(tp_add_z, "avx512f", __m512i, INIT_Z, _mm512_set1_epi32(0x5a), OP_ADD_Z, LOW_Z)
THROUGHPUT_LOOP(tp_shuf_x, "ssse3", __m128i, INIT_X, _mm_set1_epi32(0x0f0e0d0c), OP_SHUF_X,
                LOW_X)
THROUGHPUT_LOOP(tp_shuf_y, "avx2", __m256i, INIT_Y, _mm256_set1_epi32(0x0f0e0d0c), OP_SHUF_Y,
                LOW_Y)
THROUGHPUT_LOOP(tp_rol_z, "avx512f", __m512i, INIT_Z, _mm512_setzero_si512(), OP_ROL_Z, LOW_Z)
THROUGHPUT_LOOP(tp_mulu_y, "avx2", __m256i, INIT_Y, _mm256_set1_epi32(0x5a), OP_MULU_Y, LOW_Y)
THROUGHPUT_LOOP(tp_mulu_z, "avx512f", __m512i, INIT_Z, _mm512_set1_epi32(0x5a), OP_MULU_Z, LOW_Z)
THROUGHPUT_LOOP(tp_madd52_z, "avx512ifma,avx512f", __m512i, INIT_Z, _mm512_set1_epi64(0x5a),
                OP_MADD52_Z, LOW_Z)

/* Defines `static uint64_t fn(void)` for an instruction's latency: one
 * chain of ITERS * CHAINS dependent `x = OP(x, k)` (as many instructions
 * as a throughput loop, so best_of divides alike). */
#define LATENCY_LOOP(fn, tgt, OP)                                          \
  __attribute__((target(tgt), noinline)) static uint64_t fn(void) {        \
    __m128i x = _mm_set1_epi32(1), k = _mm_set1_epi32(0x5a);               \
    __asm__ volatile("" : "+v"(k));                                        \
    uint64_t t0 = bench_ticks();                                           \
    for (int i = 0; i < ITERS * CHAINS; i++) x = OP(x, k);                 \
    uint64_t t1 = bench_ticks();                                           \
    sink = _mm_cvtsi128_si64(x);                                           \
    return t1 - t0;                                                        \
  }

/* CBC encryption and one message's SHA rounds are single chains. */
LATENCY_LOOP(lat_aesenc, "aes,sse4.1", OP_AESENC)
LATENCY_LOOP(lat_sha256, "sha,sse4.1", OP_SHA256)
LATENCY_LOOP(lat_sha1, "sha,sse4.1", OP_SHA1)

/* MULX's step: its high half goes to a second register, consumed by an
 * asm input so that the compiler keeps MULX rather than a one-half IMUL. */
#define MULX_STEP(v)                            \
  {                                             \
    unsigned long long hi;                      \
    v = _mulx_u64(v, k, &hi);                   \
    __asm__ volatile("" : "+r"(v) : "r"(hi));   \
  }
/* MULX in 8 chains, not CHAINS: CHAINS chains of two registers each do
 * not fit in the 16 general registers and would go through memory. Its
 * latency is short enough for 8 to keep it throughput-bound. */
__attribute__((target("bmi2"), noinline)) static uint64_t tp_mulx(void) {
  unsigned long long k = 0x9e3779b97f4a7c15ull, x0 = 1, x1 = 2, x2 = 3, x3 = 4, x4 = 5, x5 = 6, x6 = 7, x7 = 8;
  __asm__ volatile("" : "+r"(k));
  uint64_t t0 = bench_ticks();
  for (int i = 0; i < ITERS * CHAINS / 16; i++) {
    MULX_STEP(x0) MULX_STEP(x1) MULX_STEP(x2) MULX_STEP(x3) MULX_STEP(x4) MULX_STEP(x5) MULX_STEP(x6) MULX_STEP(x7)
    MULX_STEP(x0) MULX_STEP(x1) MULX_STEP(x2) MULX_STEP(x3) MULX_STEP(x4) MULX_STEP(x5) MULX_STEP(x6) MULX_STEP(x7)
  }
  uint64_t t1 = bench_ticks();
  sink = (long long)(x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7);
  return t1 - t0;
}

/* Whether hwc_cpu_summary()'s feature list has every word of `need`. */
static int has_all(const char *need) {
  size_t nf;
  const char *feat = bench_summary_field(hwc_cpu_summary(), "features: ", &nf);
  while (*need) {
    size_t n = strcspn(need, " ");
    int found = 0;
    for (size_t i = 0; i + n <= nf && !found; i++)
      found = (i == 0 || feat[i - 1] == ' ') && memcmp(feat + i, need, n) == 0 && (i + n == nf || feat[i + n] == ' ');
    if (!found) return 0;
    need += n;
    while (*need == ' ') need++;
  }
  return 1;
}

/* The best of REPEATS runs of fn, after a warm-up, in ticks per instruction. */
static double best_of(uint64_t (*fn)(void)) {
  uint64_t best = fn();
  for (int r = 0; r < REPEATS; r++) {
    uint64_t t = fn();
    if (t < best) best = t;
  }
  return (double)best / ((double)ITERS * CHAINS);
}

void bound_measure(bench_bounds *b) {
  static const struct {
    bound_insn id;
    const char *features; /* as /proc/cpuinfo names them */
    uint64_t (*fn)(void);
  } loops[] = {
      {BOUND_AESENC_XMM, "aes sse4_1", tp_aesenc},
      {BOUND_AESENC_XMM_LAT, "aes sse4_1", lat_aesenc},
      {BOUND_VAESENC_YMM, "vaes avx2", tp_vaesenc_y},
      {BOUND_VAESENC_ZMM, "vaes avx512f", tp_vaesenc_z},
      {BOUND_PCLMULQDQ_XMM, "pclmulqdq sse4_1", tp_clmul},
      {BOUND_VPCLMULQDQ_YMM, "vpclmulqdq avx2", tp_vclmul_y},
      {BOUND_VPCLMULQDQ_ZMM, "vpclmulqdq avx512f", tp_vclmul_z},
      {BOUND_SHA256RNDS2, "sha_ni sse4_1", tp_sha256},
      {BOUND_SHA1RNDS4, "sha_ni sse4_1", tp_sha1},
      {BOUND_SHA256RNDS2_LAT, "sha_ni sse4_1", lat_sha256},
      {BOUND_SHA1RNDS4_LAT, "sha_ni sse4_1", lat_sha1},
      {BOUND_PADDD_XMM, "", tp_add_x}, /* SSE2: every x86_64 */
      {BOUND_VPADDD_YMM, "avx2", tp_add_y},
      {BOUND_VPADDD_ZMM, "avx512f", tp_add_z},
      {BOUND_PSHUFB_XMM, "ssse3", tp_shuf_x},
      {BOUND_VPSHUFB_YMM, "avx2", tp_shuf_y},
      {BOUND_VPROLD_ZMM, "avx512f", tp_rol_z},
      {BOUND_VPMULUDQ_YMM, "avx2", tp_mulu_y},
      {BOUND_VPMULUDQ_ZMM, "avx512f", tp_mulu_z},
      {BOUND_VPMADD52LUQ_ZMM, "avx512ifma avx512f", tp_madd52_z},
      {BOUND_MULX, "bmi2", tp_mulx},
  };
  memset(b, 0, sizeof *b);
  /* ROUNDS passes over all loops, the best of each kept: on a shared
   * machine a neighbour's burst can spoil one loop's REPEATS runs in a
   * row, rarely the same loop's in every pass. */
  for (int round = 0; round < ROUNDS; round++)
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
      if (!has_all(loops[i].features)) continue;
      double t = best_of(loops[i].fn);
      double *best = &b->tpi[loops[i].id];
      if (*best == 0 || t < *best) *best = t;
    }
  b->measured = 1;
}
#else
/* Not x86_64: nothing measured, so no row has a bound. */
void bound_measure(bench_bounds *b) {
  memset(b, 0, sizeof *b);
  b->measured = 1;
}
#endif
