/* SPDX-License-Identifier: ISC */
/*
 * Kernel table types: one struct of function pointers per primitive, listing
 * the operations that differ between backends. A kernel file includes this
 * header, its intrinsics header, and at most the shared floor: src/common/
 * (code that several backends use: byte order, multiply-accumulate, the
 * portable field, S-box and block loops, the bignum helpers) and the
 * per-ISA headers beside it (the round and block loops under src/x86_64).
 * Never the protocol layer, and never another backend's file.
 *
 * An implementation is one const instance of its primitive's struct, defined
 * in the file named after its ISA (src/x86_64/sha256_shani.c defines
 * hwc_sha256_shani) and listed by its hwc_kernel() line in CMakeLists.txt,
 * from which the build writes the registry's list. Kernels assume valid
 * input and never fail: arguments are checked once, at the public entry
 * point.
 *
 * Wiping: who clears memory that held secrets (keys, key schedules, powers
 * of a MAC key, keystream, plaintext, secret scalars and exponents).
 *  - Objects the caller owns (include/hwcrypto.h: hash, HMAC and Poly1305
 *    contexts, AES and AES-GCM keys, RSA keys, the AEAD contexts and the
 *    secret stream state of 0.3): every byte is zero after
 *    the type's final call or its wipe/free function, whichever backend
 *    filled it (tests/test_wipe.c, every type under every backend).
 *  - The protocol layer's own buffers (src/<family>/: ChaCha20 states,
 *    one-time keys, padded blocks, CRT intermediates, tags to compare):
 *    hwc_memzero before the public function returns, on every path. An
 *    operation with several such locals gathers them in one struct named
 *    `sec`, wiped once with hwc_memzero(&sec, sizeof sec) on each path out
 *    (X25519, Ed25519 key pairs and signing, the fixed- and variable-base
 *    scalar multiplications, ristretto255, scalar arithmetic mod L, the
 *    modular inverse, XChaCha20, HKDF, the RSA private operation and its
 *    CRT steps, blinding, key checks and key generation), so a new secret
 *    local cannot be left out of the wipe. Exceptions, by design: the
 *    one-shot AEADs (a ChaCha20 state, a one-time key, J0, a block or two,
 *    each wiped where it ends: their streaming twins keep all of it in the
 *    caller's context, which finish wipes whole) and the per-digit table selections
 *    (src/curve25519 select_*), called 32 to 64 times per operation, whose
 *    few local words fall under the stack rule below, as a kernel's do.
 *  - Kernels hold secrets only in the storage the protocol hands them and in
 *    registers and their own stack frame. They keep nothing in static or
 *    heap memory and need not clear the arrays of their frame: what the
 *    compiler spills there is beyond C's reach, so the library treats the
 *    calling thread's stack as the caller's memory, as BoringSSL, OpenSSL
 *    and libsodium do, and makes no promise about it.
 */
#ifndef HWC_KERNELS_H
#define HWC_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* CPU features, one bit each. The names (as in /proc/cpuinfo) live in
 * dispatch/cpu.c. x86_64 and aarch64 bits never meet in one build. */
enum {
  HWC_CPU_SSSE3 = 1u << 0,
  HWC_CPU_SSE41 = 1u << 1,
  HWC_CPU_AESNI = 1u << 2,
  HWC_CPU_PCLMUL = 1u << 3,
  HWC_CPU_AVX = 1u << 4,
  HWC_CPU_AVX2 = 1u << 5,
  HWC_CPU_BMI2 = 1u << 6,
  HWC_CPU_ADX = 1u << 7,
  HWC_CPU_SHANI = 1u << 8,
  HWC_CPU_AVX512F = 1u << 9,
  HWC_CPU_AVX512BW = 1u << 10,
  HWC_CPU_AVX512VL = 1u << 11,
  HWC_CPU_AVX512IFMA = 1u << 12,
  HWC_CPU_VAES = 1u << 13,
  HWC_CPU_VPCLMUL = 1u << 14,
  HWC_CPU_ASIMD = 1u << 16,
  HWC_CPU_ARM_AES = 1u << 17,
  HWC_CPU_ARM_PMULL = 1u << 18,
  HWC_CPU_ARM_SHA2 = 1u << 19,
  HWC_CPU_ARM_SHA512 = 1u << 20,
  HWC_CPU_ARM_SHA1 = 1u << 21,
  HWC_CPU_ARM_SHA3 = 1u << 22,
  /* Not an instruction set: FEAT_DIT, the data-independent timing mode
   * (PSTATE.DIT) that the protocol turns on around its work
   * (HWC_DIT_SCOPE, src/internal.h). No kernel requires it. */
  HWC_CPU_ARM_DIT = 1u << 23,
};

/*
 * Selection order. Among the implementations of one primitive that this CPU
 * supports, the highest priority wins (then the CPU-model rules, a profile,
 * HWCRYPTO_IMPL and the tests may pick another: dispatch/dispatch.c). One
 * scale for every primitive, by the kind of code; a kernel that measured
 * ahead of its neighbour on the scale sits one step above it, with the
 * reason next to its table (aesni-avx: SCALAR + 1; bignum mulx: VEC256 + 1).
 */
enum {
  HWC_PRIO_PORTABLE = 0,      /* generic: portable C */
  HWC_PRIO_BELOW_SCALAR = 5,  /* a vector kernel that measured slower than the scalar one
                                 (fe25519 avx2: its radix-2^51 element operations lose to
                                 mulx's; its ladder lives on in mulx-avx2) */
  HWC_PRIO_SCALAR = 10,       /* scalar or 128-bit extensions: BMI2/ADX, AES-NI + PCLMULQDQ,
                                 ARMv8 AES/PMULL */
  HWC_PRIO_VEC256 = 20,       /* 256-bit vectors (AVX2, VAES/VPCLMULQDQ on ymm); NEON */
  HWC_PRIO_VEC512 = 30,       /* 512-bit vectors (AVX-512F/BW/VL) */
  HWC_PRIO_IFMA = 35,         /* AVX-512 IFMA's 52-bit multiply-add, above plain AVX-512 */
  HWC_PRIO_HASH_INSN = 40,    /* dedicated hash instructions: SHA-NI, ARMv8 SHA1/SHA2/SHA512 */
};

/*
 * A tuning record: one schedule of a backend that computes the same results
 * with the same instructions and differs only in how it spends them (an
 * accumulator count, a threshold, the width of one register, a block on the
 * general registers beside the vector ones). A backend with schedules
 * defines its own record type whose first member is this header, lists its
 * records in its table (the default first) and reads the one in force with
 * hwc_tuning_get on every call. The dispatcher chooses the record: a
 * CPU-model rule (dispatch/uarch.c), a calibration profile, HWCRYPTO_IMPL
 * or hwc_impl_select, which name it "backend:record" (bignum
 * "avx512ifma:zmm"); the default record goes by the backend's name alone.
 * The measurements behind each rule's choice are in docs/tuning.md.
 */
typedef struct {
  const char *name;
} hwc_tuning;

/*
 * Every kernel struct starts with this header, so the registry can treat the
 * tables of all primitives alike. `required` is HWC_REQUIRED, which the build
 * derives from the file's instruction sets (cmake/isa.cmake); `priority` is
 * on the scale above. A backend with schedules lists them in `tunings`
 * (ntunings of them, [0] the default) and points `tuning` at the variable of
 * its file that holds the record in force: the dispatcher writes it when it
 * selects the backend, the kernel reads it (hwc_tuning_get). Backends
 * without schedules leave all three zero. `calls` points at the backend's
 * call counter, which its table functions bump on entry while counting is
 * on (HWC_COUNT_CALL), so the suite can prove that a backend really ran
 * instead of silently falling back to generic; it is NULL only in an AEAD
 * pair's "separate" entry, which has no functions (its members count). The
 * layout is the same in every build: the suite runs the objects that ship.
 */
typedef struct {
  const char *name;
  uint32_t required; /* HWC_CPU_* bits that must all be present */
  int priority;      /* HWC_PRIO_* */
  const hwc_tuning *const *tunings;
  size_t ntunings;
  const hwc_tuning **tuning;
  unsigned long *calls;
} hwc_impl_info;

/* The record in force of a backend with schedules (its `tuning` variable).
 * A relaxed atomic load: a concurrent hwc_impl_select may change it between
 * two calls, and every record computes the same results, so a call runs
 * whole under one record or the other. */
static inline const hwc_tuning *hwc_tuning_get(const hwc_tuning *const *slot) {
  return __atomic_load_n(slot, __ATOMIC_RELAXED);
}

/* Call counters. HWC_CALL_COUNTER(id) defines a backend's counter in its
 * file, HWC_CALLS(id) points its table's `calls` at it, and
 * HWC_COUNT_CALL(id) opens every table function. Counting is
 * off unless a test turns it on (hwc_counting_calls, set by
 * hwc_testing_count_calls in dispatch/dispatch.h): off, a call costs one
 * load of a flag no thread writes and a branch that always goes the same
 * way, and no counter's cache line is ever written, so threads calling one
 * kernel do not contend. */
/* Hidden, so that a kernel in the shared library reads it with one
 * RIP-relative load rather than through the GOT. */
extern __attribute__((visibility("hidden"))) int hwc_counting_calls;
#define HWC_CALL_COUNTER(id) static unsigned long hwc_calls_##id
#define HWC_COUNT_CALL(id)                                                                  \
  do {                                                                                      \
    if (__builtin_expect(__atomic_load_n(&hwc_counting_calls, __ATOMIC_RELAXED), 0)) {      \
      __atomic_fetch_add(&hwc_calls_##id, 1, __ATOMIC_RELAXED);                            \
      hwc_count_dit();                                                                      \
    }                                                                                       \
  } while (0)

/* While counting, on an aarch64 CPU with FEAT_DIT (hwc_dit_expected, set
 * with the counting switch), a kernel call that runs with PSTATE.DIT clear
 * is counted too: the protocol's HWC_DIT_SCOPE should have set it. */
extern __attribute__((visibility("hidden"))) int hwc_dit_expected;
extern __attribute__((visibility("hidden"))) unsigned long hwc_calls_without_dit;
static inline void hwc_count_dit(void) {
#if defined(__aarch64__) && defined(__GNUC__)
  if (__atomic_load_n(&hwc_dit_expected, __ATOMIC_RELAXED)) {
    uint64_t dit;
    __asm__ volatile("mrs %0, S3_3_C4_C2_5" : "=r"(dit)); /* DIT, by its encoding: no -march needed */
    if (!(dit >> 24 & 1)) __atomic_fetch_add(&hwc_calls_without_dit, 1, __ATOMIC_RELAXED);
  }
#endif
}
#define HWC_CALLS(id) .calls = &hwc_calls_##id,

/* SHA-256 compression: absorb nblocks 64-byte blocks into state. */
typedef struct {
  hwc_impl_info info;
  void (*blocks)(uint32_t state[8], const uint8_t *in, size_t nblocks);
} hwc_sha256_kernel;

/* SHA-1 compression (FIPS 180-4, 6.1.2): absorb nblocks 64-byte blocks
 * into the five state words. */
typedef struct {
  hwc_impl_info info;
  void (*blocks)(uint32_t state[5], const uint8_t *in, size_t nblocks);
} hwc_sha1_kernel;

/* SHA-512 compression (also serves SHA-384): nblocks 128-byte blocks. */
typedef struct {
  hwc_impl_info info;
  void (*blocks)(uint64_t state[8], const uint8_t *in, size_t nblocks);
  /* Optional (lanes 0: none): one block of each of `lanes` independent
   * messages at once, state[l] updated with the 128 bytes at in[l] exactly
   * as blocks(state[l], in[l], 1) would; no lane reads another's data.
   * For the batches, whose items hash short messages of their own
   * (Ed25519 signing hashes three per signature). At most
   * HWC_SHA512_MAX_LANES. */
  unsigned lanes;
  void (*blocks_lanes)(uint64_t (*state)[8], const uint8_t *const *in);
} hwc_sha512_kernel;
#define HWC_SHA512_MAX_LANES 8

/* ---- AES (FIPS 197) and GHASH (NIST SP 800-38D).
 * The caller owns the storage: round keys go into HWC_AES_RK_BYTES bytes,
 * GHASH powers of H into HWC_GHASH_TABLE_BYTES bytes, both 64-byte aligned,
 * in a layout private to the backend that filled them; the protocol layer
 * passes them back only to that backend (key objects remember it). rounds is
 * 10, 12 or 14. out == in is allowed everywhere; partial overlap is not. */
#define HWC_AES_RK_BYTES 1024
#define HWC_GHASH_TABLE_BYTES 512

typedef struct {
  hwc_impl_info info;
  /* Expands a 16-, 24- or 32-byte key for both directions. */
  void (*setkey)(void *rk, const uint8_t *key, size_t key_len);
  /* ECB over nblocks independent blocks. */
  void (*encrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds);
  void (*decrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds);
  /* out = in XOR E(ctr), E(ctr+1), ...: only the last 32 bits of ctr count
   * (big-endian, wrapping mod 2^32: GCM's inc32). ctr is advanced by nblocks.
   * The 128-bit counter of plain CTR is built on this by the protocol. */
  void (*ctr32)(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                unsigned rounds);
  /* CBC over nblocks, iv updated to the last ciphertext block. */
  void (*cbc_encrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                      unsigned rounds);
  void (*cbc_decrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                      unsigned rounds);
} hwc_aes_kernel;

/* GHASH: y = (y XOR block) * H for each 16-byte block, all values in the
 * byte order of SP 800-38D. init derives the backend's table from H. */
typedef struct {
  hwc_impl_info info;
  void (*init)(void *htable, const uint8_t h[16]);
  void (*update)(uint8_t y[16], const uint8_t *in, size_t nblocks, const void *htable);
} hwc_ghash_kernel;

/* The FIPS 197 key expansion in constant time (bitsliced S-box, no table
 * lookups; src/common/aes_key_schedule.c): w receives 4 * (rounds + 1) words, each
 * four key-schedule bytes loaded little-endian. Backends with their own round
 * key layout start from it. Counts no calls. */
void hwc_aes_expand_key(uint32_t w[60], const uint8_t *key, size_t key_len);

/* FIPS 180-4 round constants, shared by every SHA-2 kernel
 * (src/common/sha2_constants.c). */
extern const uint32_t hwc_sha256_k[64];
extern const uint64_t hwc_sha512_k[80];

/* ---- ChaCha20 (RFC 8439) and Poly1305. */

typedef struct hwc_poly1305_state hwc_poly1305_state;

/* ChaCha20: XOR nblocks 64-byte blocks of keystream into in, writing out
 * (out == in allowed), starting from the 16-word input state. state[12], the
 * block counter, advances by nblocks; the protocol splits calls so that it
 * never wraps inside one (word 13 is the caller's business). */
typedef struct {
  hwc_impl_info info;
  void (*xor_blocks)(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16]);
  /* Optional (NULL: xor_blocks on a lone block, then on the rest): the
   * AEAD's one-time key block with the message's first blocks. key gets
   * the raw keystream of block state[12]; the next nblocks blocks
   * (1 <= nblocks <= key_blocks_max) are XORed into in, writing out;
   * state[12] advances by nblocks + 1. A lone block costs a vector kernel
   * about as much as its widest step (the scalar code's four dependent
   * chains), but on the general registers beside the vector rounds it
   * uses units those leave idle: the backend runs both at once. */
  void (*key_and_blocks)(uint8_t key[64], uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16]);
  size_t key_blocks_max; /* the widest step key_and_blocks takes */
} hwc_chacha20_kernel;

/* The 20-round ChaCha permutation without the final addition: the core of
 * HChaCha20 (src/common/chacha20_scalar.c, portable, used by the protocol). */
void hwc_chacha20_permute(uint32_t x[16]);
/* The portable block loop (same file, counts no calls): a lone block is
 * faster here than in a vector kernel's horizontal layout, whose rounds are
 * one long dependency chain where the scalar code has four. */
void hwc_chacha20_blocks_scalar(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16]);

/* Poly1305 state shared by every backend between calls: the accumulator in
 * radix 2^64 (h < 8 * 2^128, only partially reduced) and the clamped r. A
 * backend converts to its own radix on entry and back on exit, so the
 * protocol's final reduction is written once. `powers` is the backend's
 * private cache of r^2, r^3... in its own layout, valid when powers_ready. */
struct hwc_poly1305_state {
  uint64_t h[3];
  uint64_t r[2];
  uint64_t powers_ready;
  uint64_t pad_[2];
  uint64_t powers[72];
};

/* Poly1305: absorb nblocks 16-byte blocks, each taken as a little-endian
 * number plus hibit * 2^128 (1 for full blocks, 0 for the padded final one):
 * h = (h + block) * r mod 2^130 - 5, partially reduced. */
typedef struct {
  hwc_impl_info info;
  void (*blocks)(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit);
} hwc_poly1305_kernel;

/* Portable one-block-at-a-time Poly1305 loop (src/common/poly1305_scalar.c):
 * the generic backend's loop, and the short-input and leftover path of
 * backends without a scalar loop of their own (the x86 vector kernels use
 * the ADD/ADC loop of src/x86_64/poly1305_x86_64.h). Counts no calls. */
void hwc_poly1305_blocks_scalar(hwc_poly1305_state *st, const uint8_t *in, size_t nblocks, uint64_t hibit);

/* ---- AEAD pairs: AES-GCM and ChaCha20-Poly1305 (XChaCha20 too) are
 * primitives of their own, whose entries name their two member tables and
 * the fused kernels that run both in one pass. The portable entry,
 * "separate" (src/generic/<pair>_separate.c), names no members and has no
 * fused kernels: the protocol composes the member primitives' selected
 * tables. A fused entry's `required` covers its members', so selecting it
 * (priority, a rule, a profile, HWCRYPTO_IMPL=aes-gcm=vaes-avx512) never
 * depends on what the members' own primitives selected. The protocol owns
 * the framing (nonces, J0, additional data, padding, lengths, tags) for
 * every entry; a fused kernel is a bulk step that carries its whole state
 * in its arguments between calls, so the streaming AEAD can call it per
 * piece. */

/* AES-GCM. Members: an aes table and the ghash table whose GHASH powers
 * the fused code reads (the key object records the entry whose members
 * filled its round keys and powers, and hands them back only to it). */
typedef struct {
  hwc_impl_info info;
  const hwc_aes_kernel *aes;     /* NULL in "separate": the selected aes table */
  const hwc_ghash_kernel *ghash; /* NULL in "separate": the selected ghash table */
  /* Blocks per step of the fused loop: a streaming caller that hands over
   * multiples of it runs at the one-shot's speed. */
  size_t stride;
  /* The bulk: nblocks full blocks (any count) in one pass, ctr32 from ctr
   * (advanced by nblocks) stitched with GHASH of the ciphertext into y
   * (encrypt hashes out, decrypt hashes in). out == in allowed. */
  void (*encrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                  const void *rk, unsigned rounds, const void *htable);
  void (*decrypt)(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                  const void *rk, unsigned rounds, const void *htable);
  /* Optional (NULL: the protocol's framing around encrypt/decrypt): a whole
   * message of len bytes (any length) from its pre-counter block j0, the
   * GHASH over aad, the ciphertext (seal hashes out, open hashes in) and
   * the lengths block, and the full tag E(J0) XOR GHASH into tag, so that a
   * short message is one call. out == in allowed. */
  void (*seal)(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len,
               const uint8_t j0[16], uint8_t tag[16], const void *rk, unsigned rounds, const void *htable);
  void (*open)(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len,
               const uint8_t j0[16], uint8_t tag[16], const void *rk, unsigned rounds, const void *htable);
} hwc_aes_gcm_kernel;

/* ChaCha20-Poly1305. Members: the chacha20 table that runs what the fused
 * kernels leave (the blocks of a partial step, the short-message path) and
 * the poly1305 table that absorbs what they leave unMACed. The MAC state is
 * the shared radix-2^64 one, so the fused kernels may run their own
 * Poly1305 loop. */
typedef struct {
  hwc_impl_info info;
  const hwc_chacha20_kernel *chacha20; /* NULL in "separate": the selected chacha20 table */
  const hwc_poly1305_kernel *poly1305; /* NULL in "separate": the selected poly1305 table */
  size_t stride;                       /* 64-byte blocks per fused step */
  /* nblocks 64-byte blocks of keystream XORed into in -> out (state[12]
   * advances; the protocol keeps it from wrapping), stitched with Poly1305
   * (hibit 1) over the ciphertext's full 16-byte blocks into mac's h:
   * seal MACs a prefix of out and returns its length in 16-byte blocks (the
   * protocol absorbs the rest with the member poly1305), open MACs all of
   * in (read before out == in overwrites it). */
  size_t (*seal)(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16], hwc_poly1305_state *mac);
  /* Optional (NULL: opening runs the members in two passes per chunk). */
  void (*open)(uint8_t *out, const uint8_t *in, size_t nblocks, uint32_t state[16], hwc_poly1305_state *mac);
} hwc_chacha20_poly1305_kernel;

/* ---- fe25519: arithmetic in GF(2^255-19) for X25519, Ed25519, ristretto255.
 * An element is 40 bytes whose layout belongs to the backend (radix 2^51,
 * 2^25.5, 4x64, 2^52): protocol code never looks inside, it only passes the
 * outputs of one backend's functions to the same backend. Every output is a
 * valid input to every function of that backend (no carry bookkeeping above
 * this line). Outputs may alias inputs. */
typedef union {
  uint64_t d[5];
  int32_t w[10];
} hwc_fe25519;

/* The most lanes an fe25519 backend may report: the protocol's batch loops
 * size their buffers of secrets by it. */
#define HWC_FE25519_MAX_LANES 8

typedef struct {
  hwc_impl_info info;
  /* Lanes: how many independent operations the backend runs at once in
   * one instruction stream, for the batch API (hwc_x25519_batch and the
   * others of include/hwcrypto.h; hwc_batch_lanes reports it). 0 or 1:
   * none, and each batch item goes through the entry points below one at
   * a time. A lane backend sets it (at most HWC_FE25519_MAX_LANES) and
   * fills the optional lane entry points that follow (NULL elsewhere),
   * each taking `lanes` independent items, every lane byte-identical to
   * the single call; the protocol's batch loops call them on whole groups
   * of items and decide what to do with the rest. Further lane entry
   * points are added with the first backend that implements them. */
  unsigned lanes;
  /* Optional (NULL: src/curve25519/x25519_batch.c loops the single call):
   * out[i] = X25519(e[i], u[i]) for i < lanes, e[i] already clamped by
   * the protocol, u[i] as the caller gave it (the kernel ignores bit 255
   * and takes u >= p mod p, as frombytes does), out[i] the canonical
   * encoding, all-zero results included (the protocol checks them). */
  void (*x25519_lanes)(uint8_t (*out)[32], const uint8_t (*e)[32], const uint8_t (*u)[32]);
  /* s as a little-endian integer with bit 255 ignored; values >= p are fine. */
  void (*frombytes)(hwc_fe25519 *h, const uint8_t s[32]);
  /* The canonical encoding (< p). */
  void (*tobytes)(uint8_t s[32], const hwc_fe25519 *f);
  void (*mul)(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g);
  void (*sqr)(hwc_fe25519 *h, const hwc_fe25519 *f);
  /* h = f^(2^n), n >= 1: the long runs of squarings in inversion chains. */
  void (*sqr_n)(hwc_fe25519 *h, const hwc_fe25519 *f, unsigned n);
  /* h = f * c, c < 2^20 (121666 for the ladder). */
  void (*mul_small)(hwc_fe25519 *h, const hwc_fe25519 *f, uint32_t c);
  void (*add)(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g);
  void (*sub)(hwc_fe25519 *h, const hwc_fe25519 *f, const hwc_fe25519 *g);
  /* Exchange f and g when b == 1, leave them when b == 0, in constant time. */
  void (*cswap)(hwc_fe25519 *f, hwc_fe25519 *g, uint64_t b);
  /* f = g when b == 1, unchanged when b == 0, in constant time. */
  void (*cmov)(hwc_fe25519 *f, const hwc_fe25519 *g, uint64_t b);
  /* The RFC 7748 Montgomery ladder on st = {x2, z2, x3, z3} with
   * difference x1: for t = 254 down to 0, swap (x2:z2) with (x3:z3) by
   * bit t of the clamped scalar e, then one differential double-and-add
   * step; the final swap included. The whole loop is one entry point so
   * that a vector backend can run the independent halves of every step side
   * by side and keep the four coordinates in its own layout, in registers,
   * across all 255 steps instead of converting at every step. */
  void (*ladder)(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]);
  /* The three Edwards-curve group operations below are optional entries of
   * this field table rather than a table of their own, on purpose: a
   * backend fills them in only when it runs a whole scalar multiplication
   * in its private element layout (avx512ifma: the four coordinates of a
   * point in the lanes of one 4-way radix-2^51 vector), and that layout and
   * its conversion from the backend's elements belong to the backend that
   * owns them. A separate table would be tied to one field backend all the
   * same and would have to be selected in step with it; here the layout
   * and the operations that need it are chosen together. NULL: the
   * protocol's loops over the operations above, in any backend. */
  /* Optional (NULL: the protocol's loop in src/curve25519/ge25519.c): constant-time
   * variable-base multiplication on edwards25519. pt = {X, Y, Z, T}
   * (extended coordinates) becomes sum e_i 16^i pt for the signed digits
   * e_i in [-8, 8], i = 0..63, on the protocol's schedule (a table of 1..8
   * times pt; from the top digit down, add the digit's multiple, then four
   * doublings but after the last), so that a vector backend keeps the
   * point, the table and every doubling in its own layout. */
  void (*edwards_scalarmult)(hwc_fe25519 pt[4], const int8_t e[64]);
  /* Optional (NULL: the protocol's loop in src/curve25519/ed25519_base.c):
   * constant-time fixed-base multiplication. pt = {X, Y, Z, T} is set to
   * sum e_i 16^i B for the RFC 8032 base point B and the signed digits e_i
   * in [-8, 8], i = 0..63 (hwc_ge25519_radix16). The backend keeps its own
   * copy of the multiples of B in its own layout (the protocol's table,
   * selected and converted per digit, cost more than the additions), and
   * chooses the order of the additions. */
  void (*edwards_base)(hwc_fe25519 pt[4], const int8_t e[64]);
  /* Optional (NULL, or lanes < 2: one edwards_base per item), for the
   * Ed25519 signing batch: out[l] = the 32-byte encoding (RFC 8032 5.1.2)
   * of sum_i e[l][i] 16^i B for l < lanes, each e[l] signed digits as for
   * edwards_base; every lane byte-identical to edwards_base followed by
   * the encoding. Constant time in every lane's digits. */
  void (*edwards_base_lanes)(uint8_t (*out)[32], const int8_t (*e)[64]);
  /* Optional (NULL, or lanes < 2: the verification batch checks one item
   * at a time), the core of the Ed25519 verification batch, for l <
   * lanes: ok[l] = 1 when pk[l] decodes to a curve point A_l as
   * hwc_ge25519_frombytes decodes it (0 when it has none), and out[l] =
   * the encoding of sum_i s[l][i] 16^i B - sum_i h[l][i] 16^i A_l, with
   * h[l], s[l] signed radix-16 digits in [-8, 8] (hwc_ge25519_radix16).
   * pk[l] must be canonical (y < p; the verification's checks come
   * first). Where ok[l] is 1, out[l] is byte-identical to
   * hwc_ge25519_frombytes, the negation of A, edwards_double_vartime and
   * the encoding; where it is 0, out[l] is meaningless. Public data only,
   * but no lane's values may change another lane's result. */
  void (*ed25519_verify_lanes)(uint8_t (*out)[32], int *ok, const int8_t (*h)[64], const uint8_t (*pk)[32],
                               const int8_t (*s)[64]);
  /* Optional (NULL: the protocol's loop in src/curve25519/ge25519.c), VARIABLE TIME,
   * for signature verification only: pt = {X, Y, Z, T} = A becomes
   * a A + b B, given the width-5 NAF digits of a (an[i] odd in (-16, 16)
   * or 0), the width-8 NAF digits of b (odd in (-128, 128) or 0), least
   * significant first, and bt[j] = (2j+1) B prepared for mixed addition as
   * (y+x, y-x, 2dxy). */
  void (*edwards_double_vartime)(hwc_fe25519 pt[4], const int8_t an[256], const int8_t bn[256],
                                 const hwc_fe25519 bt[64][3]);
} hwc_fe25519_kernel;

/* ---- bignum: Montgomery arithmetic modulo an odd m of 1..8192 bits, for
 * RSA (moduli of 2048..8192 bits and their CRT halves) and hwc_modexp.
 * Numbers outside the kernels are "canonical": little-endian arrays of n
 * 64-bit limbs. Inside, an element has `words` 64-bit words in a radix and
 * layout that belong to the backend (2^64 limbs, 2^52 digits for IFMA, ...);
 * protocol code only moves elements around whole (copies, masked table
 * scans) and hands them back to the backend that made them. Every element a
 * function returns is a valid input to every function of that backend. */
#define HWC_BN_MAX_LIMBS 128 /* 8192 bits */
#define HWC_BN_MAX_WORDS 288 /* room for an element in any backend's radix (avx2: 284 digits of 29 bits) */

typedef struct hwc_bignum_kernel hwc_bignum_kernel;

/* A modulus prepared for one backend. Contains the modulus only (for RSA
 * the secret primes p and q): wipe it with the key. */
typedef struct {
  _Alignas(64) uint64_t mb[HWC_BN_MAX_WORDS]; /* m in the backend's form */
  _Alignas(64) uint64_t rr[HWC_BN_MAX_WORDS]; /* R^2 mod m, backend form */
  _Alignas(64) uint64_t wr[HWC_BN_MAX_WORDS]; /* W R mod m, W = 2^(64 n), backend form (hwc_bn_mont_init) */
  uint64_t m[HWC_BN_MAX_LIMBS];               /* canonical m, n limbs */
  uint64_t n0;                                /* -m^-1 mod the digit base */
  size_t n;                                   /* limbs of m (top limb non-zero) */
  size_t words;                               /* words of an element */
  unsigned rbits;                             /* R = 2^rbits */
  const hwc_bignum_kernel *k;                 /* the backend that set it up */
} hwc_bn_mont;

/* The lane entries of a bignum backend (below) run HWC_BN_LANES
 * independent Montgomery operations at once, one per lane, with moduli of
 * one limb count of at most HWC_BN_LANES_MAX_LIMBS (RSA's CRT halves up to
 * RSA-8192). An element in lane layout has ctx->words words: the backend's
 * digits of all lanes, interleaved as the backend likes (avx512ifma: digit
 * i of lane l at word 8 i + l, so one 512-bit register holds one digit of
 * every lane). */
#define HWC_BN_LANES 8
#define HWC_BN_LANES_MAX_LIMBS 64
#define HWC_BN_LANES_MAX_WORDS (HWC_BN_LANES * 80) /* 80 digits of 52 bits hold 64 limbs + 2 bits */

/* HWC_BN_LANES moduli prepared for one backend's lane entries, made by its
 * lanes_setup. Contains the moduli (for RSA the secret primes): wipe it
 * after use. */
typedef struct {
  _Alignas(64) uint64_t mb[HWC_BN_LANES_MAX_WORDS];            /* the moduli m_l, lane layout */
  _Alignas(64) uint64_t rr[HWC_BN_LANES_MAX_WORDS];            /* R^2 mod m_l, lane layout */
  _Alignas(64) uint64_t n0[HWC_BN_LANES];                      /* -m_l^-1 mod the digit base */
  uint64_t m[HWC_BN_LANES][HWC_BN_LANES_MAX_LIMBS];            /* canonical m_l, n limbs each */
  size_t n;                                                    /* limbs of every m_l */
  size_t digits;                                               /* digits of one lane's number */
  size_t words;                                                /* words of an element (all lanes) */
  unsigned rbits;                                              /* R = 2^rbits, the same in every lane */
  const hwc_bignum_kernel *k;                                  /* the backend that set it up */
} hwc_bn_mont_lanes;

struct hwc_bignum_kernel {
  hwc_impl_info info;
  /* Lanes for the RSA batches, as for hwc_fe25519_kernel: 0 or 1 none;
   * HWC_BN_LANES when the RSA batch sends items of one CRT size to the
   * lane entries below. A backend may fill the lane entries (tested on
   * their own) before the batch uses them, with lanes still 0. */
  unsigned lanes;
  /* Fills everything but m and n (set by the caller: m odd, > 1, top limb
   * non-zero). */
  void (*setup)(hwc_bn_mont *ctx);
  /* r = a * R mod m (Montgomery form) for any canonical a of n limbs. */
  void (*to_mont)(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx);
  /* r = a / R mod m, canonical and fully reduced (< m), n limbs. */
  void (*from_mont)(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx);
  /* r = a * b / R mod m (r may alias a or b). */
  void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx);
  /* r = a * a / R mod m (r may alias a). */
  void (*sqr)(uint64_t *r, const uint64_t *a, const hwc_bn_mont *ctx);
  /* Optional (NULL when absent): two independent products at once,
   * r0 = a0 b0 / R mod m0 and r1 = a1 b1 / R mod m1, for the two CRT halves
   * of RSA; c0 and c1 must have the same words and rbits. */
  void (*mul2)(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, const hwc_bn_mont *c0, uint64_t *r1,
               const uint64_t *a1, const uint64_t *b1, const hwc_bn_mont *c1);
  /* Optional (NULL: the protocol's portable scan): r = entry idx of a table
   * of `entries` elements, reading every entry whole and keeping one under a
   * mask, so the memory access pattern does not depend on idx. */
  void (*select)(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx, const hwc_bn_mont *ctx);
  /* Optional lane entries (NULL in a backend without them, all or none):
   * HWC_BN_LANES independent products, lane l modulo m_l, every lane's
   * result equal to what the single entries give for its modulus once
   * back in canonical form. Elements in lane layout are lc->words words,
   * 64-byte aligned; inputs of mul and sqr are outputs of to_lanes, mul,
   * sqr or select (each lane below 2 m_l in the backend's sense); the
   * results of mul and sqr may alias their inputs, select's must not
   * overlap its table. Constant time in every lane's values. */
  /* lc for the moduli of ctx[0..HWC_BN_LANES-1]: contexts prepared by any
   * backend (only m and n are read, R^2 also when this backend made it),
   * every n equal and at most HWC_BN_LANES_MAX_LIMBS. */
  void (*lanes_setup)(hwc_bn_mont_lanes *lc, const hwc_bn_mont *const *ctx);
  /* r = a[l] R mod m_l in lane l, for canonical numbers a[l] of lc->n limbs
   * each (any value below 2^(64 n), m_l and above included). */
  void (*to_lanes)(uint64_t *r, const uint64_t *const *a, const hwc_bn_mont_lanes *lc);
  /* r[l] = lane l of a divided by R, mod m_l: canonical, fully reduced
   * (< m_l), lc->n limbs each. */
  void (*from_lanes)(uint64_t *const *r, const uint64_t *a, const hwc_bn_mont_lanes *lc);
  /* r = a b / R mod m_l in each lane l. */
  void (*mont_mul_lanes)(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont_lanes *lc);
  /* r = a a / R mod m_l in each lane l. */
  void (*mont_sqr_lanes)(uint64_t *r, const uint64_t *a, const hwc_bn_mont_lanes *lc);
  /* Lane l of r = lane l of entry idx[l] (< entries) of a table of
   * `entries` elements in lane layout (entry e at table + e lc->words):
   * every entry is read whole and kept lane by lane under compare masks,
   * so the memory access pattern does not depend on any idx[l]. */
  void (*select_lanes)(uint64_t *r, const uint64_t *table, size_t entries, const uint64_t *idx,
                       const hwc_bn_mont_lanes *lc);
};

/* Portable helpers for the backends' setup (src/common/bignum_common.c),
 * constant time in m; count no calls. */
/* -m[0]^-1 mod 2^64 (m odd). */
uint64_t hwc_bn_neg_inv64(uint64_t m0);
/* r = 2^e mod m, canonical, n limbs, m's top limb non-zero;
 * e >= 64 (n - 1). Constant time in m. */
void hwc_bn_pow2_mod(uint64_t *r, unsigned e, const uint64_t *m, size_t n);
/* For backends with digits of `bits` < 64 bits, one per word: canonical n
 * limbs to d digits, and back. */
void hwc_bn_to_radix(uint64_t *r, const uint64_t *a, size_t n, size_t d, unsigned bits);
/* The end of a from_mont: x, normalised digits of a value at most m, to r
 * canonical and below m (m itself becomes 0), n = ctx->n limbs. */
void hwc_bn_from_radix_reduced(uint64_t *r, const uint64_t *x, unsigned bits, const hwc_bn_mont *ctx);

#endif /* HWC_KERNELS_H */
