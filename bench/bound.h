/* SPDX-License-Identifier: ISC */
/*
 * The instruction-throughput bound of a bulk row (issue 47): how fast this
 * CPU could possibly run a row's implementation, from the reciprocal
 * throughput of the few instructions that do its work, so the report can
 * say how far each figure is from the CPU's limit.
 *
 * The throughputs are measured on this CPU at start-up (bound.c), in the
 * same counter ticks as every other figure, rather than taken from a
 * per-microarchitecture table: a table is wrong on the next CPU, and in
 * core cycles, which the TSC does not count. The per-row models (which
 * instructions one byte needs at least) are in bound_model.c.
 */
#ifndef HWC_BENCH_BOUND_H
#define HWC_BENCH_BOUND_H

#include <stddef.h>

/* The instructions measured. A model counts its work in these; the name
 * says the register width (xmm 128, ymm 256, zmm 512 bits). */
typedef enum {
  BOUND_AESENC_XMM,       /* AESENC, also standing in for AESENCLAST, AESDEC */
  BOUND_AESENC_XMM_LAT,   /* AESENC latency: CBC encryption is one chain */
  BOUND_VAESENC_YMM,
  BOUND_VAESENC_ZMM,
  BOUND_PCLMULQDQ_XMM,
  BOUND_VPCLMULQDQ_YMM,
  BOUND_VPCLMULQDQ_ZMM,
  BOUND_SHA256RNDS2,
  BOUND_SHA1RNDS4,
  BOUND_SHA256RNDS2_LAT,  /* latencies: one message's rounds are one chain */
  BOUND_SHA1RNDS4_LAT,
  BOUND_PADDD_XMM,        /* stands for every simple vector op: add, xor, shift */
  BOUND_VPADDD_YMM,
  BOUND_VPADDD_ZMM,
  BOUND_PSHUFB_XMM,       /* byte shuffle: ChaCha20's rotations by 8 and 16 */
  BOUND_VPSHUFB_YMM,
  BOUND_VPROLD_ZMM,       /* AVX-512's one-instruction rotate */
  BOUND_VPMULUDQ_YMM,     /* Poly1305 in radix 2^26 */
  BOUND_VPMULUDQ_ZMM,
  BOUND_VPMADD52LUQ_ZMM,  /* Poly1305 in radix 2^44 (IFMA) */
  BOUND_MULX,             /* Poly1305 in radix 2^64 */
  BOUND_NINSN
} bound_insn;

/* What bound_measure found: ticks per instruction, 0 where this CPU lacks
 * the instruction (or the architecture is not x86_64). */
typedef struct bench_bounds {
  double tpi[BOUND_NINSN];
  int measured; /* bound_measure ran */
} bench_bounds;

/* The instruction's name as the reports print it ("vaesenc-zmm"), or NULL
 * out of range. */
const char *bound_insn_name(bound_insn i);

/* The instruction of that name, or BOUND_NINSN (reading a report back). */
bound_insn bound_insn_of(const char *name);

/* Measures every instruction this CPU has (hwc_cpu_summary()'s features,
 * so HWCRYPTO_CPU_DISABLE hides them too): under 0.1 s. */
void bound_measure(bench_bounds *b);

/* The bound of one bulk figure in ticks per byte: row is the result name,
 * impl the implementation of the row's primitive ("vaes-avx512"); for an
 * AEAD pair's "separate", aes_impl/ghash_impl (or chacha_impl/poly_impl)
 * are the member primitives' selected implementations, given as member[0]
 * and member[1]. size is the call's length in bytes: a row that is one
 * dependency chain per call has a tighter bound on long calls. Returns 0
 * when the row or implementation is not modelled or an instruction it
 * needs was not measured. */
double bound_cpb(const bench_bounds *b, const char *row, const char *impl, const char *const member[2],
                 size_t size);

#endif /* HWC_BENCH_BOUND_H */
