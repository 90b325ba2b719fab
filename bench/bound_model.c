/* SPDX-License-Identifier: ISC */
/*
 * The per-row models of the instruction-throughput bound (bound.h): for a
 * bulk row and the implementation measured, the fewest key instructions
 * one byte needs, times their measured ticks per instruction.
 *
 * Every count is a minimum, so the bound is a lower bound: instructions of
 * one class (AES rounds, carry-less multiplies, vector add/xor, shuffles
 * and rotates, multiplies) are assumed to issue back to back at the
 * measured throughput, and classes that run on separate units (AES beside
 * carry-less multiplies, ChaCha20's vector rounds beside Poly1305's
 * multiplies) to overlap perfectly: the bound of fused code is the largest
 * of its classes' bounds. Loads, stores, loop control, key and counter
 * set-up, the per-message work (tags, powers of the hash key, padding)
 * and transposes are left out, which is why a row's bound is far below its
 * figure at 64 bytes and close at 16 KiB and 1 MiB when the code is at the
 * CPU's limit.
 *
 * What has no model gets no bound (0): the portable implementations
 * (their instruction mix is the compiler's), SHA-512 and SHA-256 without
 * SHA-NI (dozens of scalar or vector ops per round, no count as simple
 * and defensible as the others'), tuning records ("backend:record", whose
 * schedules may move work between units), aarch64 (nothing measured) and
 * any implementation name not listed here.
 */
#include <string.h>

#include "bound.h"

/* Ticks per instruction of i, 0 when not measured. */
static double tpi(const bench_bounds *b, bound_insn i) { return b->tpi[i]; }

/* The larger of two bounds, 0 when either is (unmodelled stays unmodelled). */
static double both_max(double x, double y) { return x > 0 && y > 0 ? (x > y ? x : y) : 0; }

/* Two passes one after the other (an AEAD's "separate" entry): their sum,
 * 0 when either is 0. Separate passes over a message cannot overlap beyond
 * the out-of-order window, so the sum is still a lower bound. */
static double both_sum(double x, double y) { return x > 0 && y > 0 ? x + y : 0; }

/* The AES instructions of an implementation: which one and how many bytes
 * (blocks of 16, one per 128-bit lane) each processes; 0 bytes if unknown. */
static bound_insn aes_insn(const char *impl, double *bytes) {
  *bytes = 0;
  if (strcmp(impl, "aesni") == 0 || strcmp(impl, "aesni-avx") == 0) {
    *bytes = 16;
    return BOUND_AESENC_XMM;
  }
  if (strcmp(impl, "vaes-avx2") == 0) {
    *bytes = 32;
    return BOUND_VAESENC_YMM;
  }
  if (strcmp(impl, "vaes-avx512") == 0) {
    *bytes = 64;
    return BOUND_VAESENC_ZMM;
  }
  return BOUND_NINSN;
}

/* CTR and CBC decryption, blocks independent: `rounds` AES instructions per
 * block (AES-128: 9 AESENC and one AESENCLAST, 10; AES-256: 14; the first
 * round key is an XOR), as many blocks per instruction as the width holds.
 * AESDEC and AESENCLAST are taken to run as AESENC does. */
static double aes_parallel(const bench_bounds *b, const char *impl, int rounds) {
  double bytes;
  bound_insn i = aes_insn(impl, &bytes);
  return bytes > 0 ? rounds * tpi(b, i) / bytes : 0;
}

/* The bound of a row that is one dependency chain per call (CBC
 * encryption, one message's SHA rounds), per byte of a `size`-byte call:
 * `links` instructions of latency `lat` per block of `block` bytes, in
 * turn. Calls are independent, so the next call's chain starts while this
 * one's end is still in the out-of-order window: up to OOO_WINDOW
 * instructions, at least `links` per block, are not on the chain. Beyond
 * the window the chain binds; the instructions' throughput binds at any
 * size (`tp`, ticks per byte): the larger of the two. */
#define OOO_WINDOW 1024 /* instructions; above every x86 reorder buffer so far (448-576) */
static double serial(double lat, double links, double block, size_t size, double tp) {
  double blocks = (double)size / block, off = OOO_WINDOW / links;
  double chain = blocks > off ? links * lat * (blocks - off) / (double)size : 0;
  return lat > 0 && tp > 0 ? (chain > tp ? chain : tp) : 0;
}

/* CBC encryption: each block needs the previous ciphertext, so whatever
 * the width, one block's `rounds` instructions form one chain: AESENC's
 * latency per round, per 16 bytes (serial); one block per instruction. */
static double aes_cbc_encrypt(const bench_bounds *b, const char *impl, int rounds, size_t size) {
  double bytes;
  aes_insn(impl, &bytes);
  if (bytes == 0) return 0;
  return serial(tpi(b, BOUND_AESENC_XMM_LAT), rounds, 16, size, rounds * tpi(b, BOUND_AESENC_XMM) / 16);
}

/* GHASH, per byte. Karatsuba needs 3 carry-less 64x64 products per 16-byte
 * block (high, low, middle), at the implementation's width (1, 2 or 4
 * blocks per instruction), and the aggregated reduction 2 more per run of
 * blocks, on one 128-bit value; every implementation here reduces once per
 * 16 blocks (ghash_clmul.h, ghash_vpclmul_*.h). All share the carry-less
 * multiplier, so their times add. */
static double ghash(const bench_bounds *b, const char *impl) {
  bound_insn i;
  double lanes;
  if (strcmp(impl, "pclmul") == 0) {
    i = BOUND_PCLMULQDQ_XMM, lanes = 1;
  } else if (strcmp(impl, "vpclmul-avx2") == 0) {
    i = BOUND_VPCLMULQDQ_YMM, lanes = 2;
  } else if (strcmp(impl, "vpclmul-avx512") == 0) {
    i = BOUND_VPCLMULQDQ_ZMM, lanes = 4;
  } else {
    return 0;
  }
  if (tpi(b, i) <= 0 || tpi(b, BOUND_PCLMULQDQ_XMM) <= 0) return 0;
  return (3 * tpi(b, i) / lanes + 2.0 / 16 * tpi(b, BOUND_PCLMULQDQ_XMM)) / 16;
}

/* AES-GCM, per byte: a fused entry runs its AES and GHASH members in one
 * loop, on separate units (the larger bound); "separate" runs the selected
 * aes and ghash one after the other (the sum). */
static double aes_gcm(const bench_bounds *b, const char *impl, const char *const member[2], int rounds) {
  static const char *const fused[][3] = {{"aesni", "aesni", "pclmul"},
                                         {"aesni-avx", "aesni-avx", "pclmul"},
                                         {"vaes-avx2", "vaes-avx2", "vpclmul-avx2"},
                                         {"vaes-avx512", "vaes-avx512", "vpclmul-avx512"}};
  if (strcmp(impl, "separate") == 0)
    return member[0] && member[1] ? both_sum(aes_parallel(b, member[0], rounds), ghash(b, member[1])) : 0;
  for (size_t k = 0; k < sizeof fused / sizeof fused[0]; k++)
    if (strcmp(impl, fused[k][0]) == 0) return both_max(aes_parallel(b, fused[k][1], rounds), ghash(b, fused[k][2]));
  return 0;
}

/* ChaCha20, per byte. Every implementation here is vertical (register i
 * holds word i of W blocks, W = 4, 8, 16 lanes of 32 bits), so one vector
 * op does one scalar op of W blocks. Per 64-byte block: 20 rounds of 4
 * quarter rounds, each 4 additions, 4 XORs and 4 rotations; then 16
 * additions of the input and 16 XORs with the data. Rotations: AVX-512 has
 * VPROLD (one op, counted apart); SSSE3 and AVX2 rotate by 16 and 8 with a
 * byte shuffle and by 12 and 7 with two shifts and an OR (three simple
 * ops). Simple ops and shuffles/rotates are taken to use separate ports
 * (the larger bound): a lower bound either way. */
static double chacha20(const bench_bounds *b, const char *impl) {
  bound_insn alu, rot;
  double lanes, simple_per_qr, rot_per_qr;
  if (strcmp(impl, "ssse3") == 0) {
    alu = BOUND_PADDD_XMM, rot = BOUND_PSHUFB_XMM, lanes = 4, simple_per_qr = 8 + 2 * 3, rot_per_qr = 2;
  } else if (strcmp(impl, "avx2") == 0) {
    alu = BOUND_VPADDD_YMM, rot = BOUND_VPSHUFB_YMM, lanes = 8, simple_per_qr = 8 + 2 * 3, rot_per_qr = 2;
  } else if (strcmp(impl, "avx512") == 0) {
    alu = BOUND_VPADDD_ZMM, rot = BOUND_VPROLD_ZMM, lanes = 16, simple_per_qr = 8, rot_per_qr = 4;
  } else {
    return 0;
  }
  if (tpi(b, alu) <= 0 || tpi(b, rot) <= 0) return 0;
  double simple = (80 * simple_per_qr + 32) / (64 * lanes), rotates = 80 * rot_per_qr / (64 * lanes);
  return both_max(simple * tpi(b, alu), rotates * tpi(b, rot));
}

/* Poly1305's multiplies, per byte (16-byte blocks). Radix 2^64 (x86_64):
 * h's two full limbs times r's two, 4 MULX per block (the top limb's two
 * products are single-width, left out). Radix 2^26 (avx2, avx512): 5x5
 * limb products, 25 VPMULUDQ per block per 64-bit lane, 4 or 8 lanes.
 * Radix 2^44 (avx512ifma): 3x3 limb products, low and high halves, 18
 * VPMADD52 per block per lane, 8 lanes. The scalar loop is one chain of
 * multiply, additions and carries per block, which this throughput count
 * does not time: its bound is far below what the chain allows. */
static double poly1305(const bench_bounds *b, const char *impl) {
  if (strcmp(impl, "x86_64") == 0) return 4 * tpi(b, BOUND_MULX) / 16;
  if (strcmp(impl, "avx2") == 0) return 25 * tpi(b, BOUND_VPMULUDQ_YMM) / (16 * 4);
  if (strcmp(impl, "avx512") == 0) return 25 * tpi(b, BOUND_VPMULUDQ_ZMM) / (16 * 8);
  if (strcmp(impl, "avx512ifma") == 0) return 18 * tpi(b, BOUND_VPMADD52LUQ_ZMM) / (16 * 8);
  return 0;
}

/* Poly1305 inside a fused ChaCha20-Poly1305 kernel, which takes some or all
 * of the blocks on the scalar loop (radix 2^64) beside the vector rounds
 * and leaves the rest to its vector member: split at best between the two
 * multipliers, the pair's time is at least 1 / (1/scalar + 1/vector),
 * whatever split the kernel uses. */
static double poly1305_stitched(const bench_bounds *b, const char *vector_impl) {
  double s = poly1305(b, "x86_64"), v = poly1305(b, vector_impl);
  return s > 0 && v > 0 ? s * v / (s + v) : 0;
}

/* ChaCha20-Poly1305 (and XChaCha20, secretstream: the same bulk): a fused
 * entry overlaps the rounds and the MAC on separate units (the larger
 * bound); "separate" runs the selected chacha20 and poly1305 in turn. */
static double chacha20_poly1305(const bench_bounds *b, const char *impl, const char *const member[2]) {
  if (strcmp(impl, "separate") == 0)
    return member[0] && member[1] ? both_sum(chacha20(b, member[0]), poly1305(b, member[1])) : 0;
  if (strcmp(impl, "avx2") == 0) return both_max(chacha20(b, "avx2"), poly1305_stitched(b, "avx2"));
  if (strcmp(impl, "avx512") == 0) return both_max(chacha20(b, "avx512"), poly1305_stitched(b, "avx512ifma"));
  return 0;
}

/* Whether s begins with p. */
static int starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

double bound_cpb(const bench_bounds *b, const char *row, const char *impl, const char *const member[2],
                 size_t size) {
  if (!b || !b->measured || !row || !impl || strchr(impl, ':')) return 0;
  int rounds = starts(row, "aes-128-") ? 10 : starts(row, "aes-256-") ? 14 : 0;
  if (rounds && strstr(row, "-cbc-encrypt")) return aes_cbc_encrypt(b, impl, rounds, size);
  if (rounds && (strstr(row, "-cbc-decrypt") || strstr(row, "-ctr"))) return aes_parallel(b, impl, rounds);
  if (rounds && strstr(row, "-gcm-")) return aes_gcm(b, impl, member, rounds);
  if (strcmp(row, "chacha20") == 0) return chacha20(b, impl);
  if (strcmp(row, "poly1305") == 0) return poly1305(b, impl);
  if (starts(row, "chacha20-poly1305-") || starts(row, "xchacha20-poly1305-") || starts(row, "secretstream-"))
    return chacha20_poly1305(b, impl, member);
  /* SHA-NI: SHA256RNDS2 does two of SHA-256's 64 rounds, SHA1RNDS4 four of
   * SHA-1's 80, per 64-byte block, and each takes the state the last one
   * made: one message is one chain, bound by the instruction's latency
   * (serial), not only its throughput (the message schedule runs beside
   * the chain). */
  if ((strcmp(row, "sha256") == 0 || strcmp(row, "hmac-sha256") == 0) && strcmp(impl, "shani") == 0)
    return serial(tpi(b, BOUND_SHA256RNDS2_LAT), 32, 64, size, 32 * tpi(b, BOUND_SHA256RNDS2) / 64);
  if (strcmp(row, "sha1") == 0 && strcmp(impl, "shani") == 0)
    return serial(tpi(b, BOUND_SHA1RNDS4_LAT), 20, 64, size, 20 * tpi(b, BOUND_SHA1RNDS4) / 64);
  return 0;
}
