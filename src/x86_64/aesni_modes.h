/* SPDX-License-Identifier: ISC */
/*
 * The AES-NI mode loops on 128-bit registers (ECB, CTR, CBC decryption and
 * GCM with its GHASH stitched in) as static inline functions, shared by the
 * two backends that differ only in encoding: aes_aesni.c, built for legacy
 * SSE (every CPU with AES-NI), and aes_aesni_avx.c, the same code built with
 * -mavx, whose three-operand VEX forms need no register copies before the
 * destructive two-operand ones and take unaligned memory operands.
 * Include only from files compiled with -maes -mpclmul -mssse3.
 *
 * Round keys: the layout aesni_setkey writes (encryption keys in slots 0..rounds,
 * the equivalent-inverse-cipher keys from slot 16), at any address. The
 * legacy SSE forms fault on a misaligned memory operand, so the loops that
 * use a round key many times first copy the schedule into an aligned local
 * array (aesni_load_keys), whose entries the compiler then folds into
 * AESENC as operands; the one-block paths read them with unaligned loads.
 *
 * Parallelism: AESENC has a latency of 4 to 7 cycles and issues once or
 * twice a cycle, so one block leaves the unit mostly idle; the bulk loops
 * run eight independent blocks per round; the tails of fewer than eight
 * go one block at a time (independent blocks, which the out-of-order core
 * overlaps: a multi-lane tail measured slower for short inputs).
 *
 * GCM: eight counter blocks per iteration, their rounds interleaved with
 * the GHASH of eight ciphertext blocks (encryption: the previous
 * iteration's output, since this one's is not ready yet; decryption: the
 * blocks being decrypted), one block's three carry-less products
 * (Karatsuba, ghash_clmul.h) after each of the first eight rounds and one
 * reduction per iteration. The CPU's out-of-order window then keeps the AES
 * unit and the carry-less multiplier busy at once, which is the point: on
 * the cores this targets each is nearly enough to fill an iteration alone,
 * and every other vector operation competes with them for the same pipes,
 * so the loop spends as few as it can (counter blocks come from integer
 * code, aesni_cblocks).
 *
 * Constant time: AESENC/AESDEC and PCLMULQDQ run in data-independent time;
 * XORs, shuffles and 32-bit additions otherwise. No table is indexed by
 * data, and every branch depends on the round count or a length.
 */
#ifndef HWC_AESNI_MODES_H
#define HWC_AESNI_MODES_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "src/common/msan.h"
#include "src/kernels.h"
#include "ghash_clmul.h"

/* The loops are inlined into each entry point, so that the constant block
 * counts and directions become straight-line code there. */
#define AESNI_INLINE static inline __attribute__((always_inline))

static inline __m128i aesni_ld(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void aesni_st(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }

/* The encryption and decryption schedules inside the key storage. */
static inline const uint8_t *aesni_ek(const void *rk) { return (const uint8_t *)rk; }
static inline const uint8_t *aesni_dk(const void *rk) { return (const uint8_t *)rk + 16 * 16; }

/* Round key r of the schedule at k (aesni_ek or aesni_dk). */
static inline __m128i aesni_rk(const uint8_t *k, unsigned r) { return aesni_ld(k + 16 * r); }

/* ks[0..rounds] = the schedule at k, into the caller's aligned array. */
AESNI_INLINE void aesni_load_keys(__m128i ks[15], const uint8_t *k, unsigned rounds) {
  for (unsigned r = 0; r <= rounds; r++) ks[r] = aesni_rk(k, r);
}

/* The key schedule of every x86 AES backend (the VAES ones keep this
 * layout: aesni_ek, aesni_dk): the portable constant-time expansion, then
 * AESIMC for the decryption keys (FIPS 197 section 5.3.5, the equivalent
 * inverse cipher). The expansion's words are cleared before return. */
static inline void aesni_setkey(void *rk, const uint8_t *key, size_t key_len) {
  uint32_t w[60];
  unsigned rounds = (unsigned)(key_len / 4 + 6);
  uint8_t *ek = rk, *dk = ek + 16 * 16;
  hwc_aes_expand_key(w, key, key_len);
  for (unsigned i = 0; i <= rounds; i++) aesni_st(ek + 16 * i, aesni_ld(w + 4 * i));
  aesni_st(dk, aesni_ld(w + 4 * rounds));
  for (unsigned i = 1; i < rounds; i++) aesni_st(dk + 16 * i, _mm_aesimc_si128(aesni_ld(w + 4 * (rounds - i))));
  aesni_st(dk + 16 * rounds, aesni_ld(w));
  __m128i z = _mm_setzero_si128();
  for (int i = 0; i < 15; i++) aesni_st(w + 4 * i, z);
}

/* One block. The first nine middle rounds, common to every key size, have
 * a constant count so the compiler lays them out straight; AES-192 and
 * AES-256 add two or four (the key size is public). */
static inline __m128i aesni_enc1(__m128i b, const uint8_t *k, unsigned rounds) {
  b = _mm_xor_si128(b, aesni_rk(k, 0));
  for (unsigned r = 1; r < 10; r++) b = _mm_aesenc_si128(b, aesni_rk(k, r));
  for (unsigned r = 10; r < rounds; r++) b = _mm_aesenc_si128(b, aesni_rk(k, r));
  return _mm_aesenclast_si128(b, aesni_rk(k, rounds));
}

static inline __m128i aesni_dec1(__m128i b, const uint8_t *k, unsigned rounds) {
  b = _mm_xor_si128(b, aesni_rk(k, 0));
  for (unsigned r = 1; r < 10; r++) b = _mm_aesdec_si128(b, aesni_rk(k, r));
  for (unsigned r = 10; r < rounds; r++) b = _mm_aesdec_si128(b, aesni_rk(k, r));
  return _mm_aesdeclast_si128(b, aesni_rk(k, rounds));
}

/* CBC encryption, serial by definition: one block at a time, iv updated
 * to the last ciphertext block. */
static inline void aesni_cbc_enc(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const uint8_t *ek,
                                 unsigned rounds) {
  __m128i c = aesni_ld(iv);
  for (; nblocks; nblocks--, in += 16, out += 16) {
    c = aesni_enc1(_mm_xor_si128(c, aesni_ld(in)), ek, rounds);
    aesni_st(out, c);
  }
  aesni_st(iv, c);
}

/* The whole cipher over w blocks (w is a constant after inlining: 4 or 8),
 * each round key loaded once for all of them. */
AESNI_INLINE void aesni_encw(__m128i *b, int w, const uint8_t *k, unsigned rounds) {
  __m128i k0 = aesni_rk(k, 0), kl = aesni_rk(k, rounds);
  for (int i = 0; i < w; i++) b[i] = _mm_xor_si128(b[i], k0);
  for (unsigned r = 1; r < rounds; r++) {
    __m128i kr = aesni_rk(k, r);
    for (int i = 0; i < w; i++) b[i] = _mm_aesenc_si128(b[i], kr);
  }
  for (int i = 0; i < w; i++) b[i] = _mm_aesenclast_si128(b[i], kl);
}

AESNI_INLINE void aesni_decw(__m128i *b, int w, const uint8_t *k, unsigned rounds) {
  __m128i k0 = aesni_rk(k, 0), kl = aesni_rk(k, rounds);
  for (int i = 0; i < w; i++) b[i] = _mm_xor_si128(b[i], k0);
  for (unsigned r = 1; r < rounds; r++) {
    __m128i kr = aesni_rk(k, r);
    for (int i = 0; i < w; i++) b[i] = _mm_aesdec_si128(b[i], kr);
  }
  for (int i = 0; i < w; i++) b[i] = _mm_aesdeclast_si128(b[i], kl);
}

/* ECB over nblocks, eight at a time, then one by one (independent blocks:
 * the out-of-order core overlaps them). */
AESNI_INLINE void aesni_ecb(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t *k,
                                 unsigned rounds) {
  __m128i b[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; i++) b[i] = aesni_ld(in + 16 * i);
    if (decrypt)
      aesni_decw(b, 8, k, rounds);
    else
      aesni_encw(b, 8, k, rounds);
    for (int i = 0; i < 8; i++) aesni_st(out + 16 * i, b[i]);
  }
  for (; nblocks; nblocks--, in += 16, out += 16)
    aesni_st(out, decrypt ? aesni_dec1(aesni_ld(in), k, rounds) : aesni_enc1(aesni_ld(in), k, rounds));
}

/* CBC decryption: eight blocks deciphered side by side, then each XORed
 * with the ciphertext block before it. */
AESNI_INLINE void aesni_cbc_dec(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const uint8_t *k,
                                     unsigned rounds) {
  __m128i prev = aesni_ld(iv), b[8], c[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    for (int i = 0; i < 8; i++) b[i] = c[i] = aesni_ld(in + 16 * i);
    aesni_decw(b, 8, k, rounds);
    aesni_st(out, _mm_xor_si128(b[0], prev));
    for (int i = 1; i < 8; i++) aesni_st(out + 16 * i, _mm_xor_si128(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; nblocks; nblocks--, in += 16, out += 16) {
    __m128i x = aesni_ld(in);
    aesni_st(out, _mm_xor_si128(aesni_dec1(x, k, rounds), prev));
    prev = x;
  }
  aesni_st(iv, prev);
}

/* An empty asm statement that claims to change the accumulator: GCC would
 * otherwise keep the eight products of an iteration apart (spilling them)
 * and sum them at its end, leaving the vector pipes idle in the rounds
 * where it defers them. Intrinsics cannot say "sum here"; the statement
 * emits no instruction. MemorySanitizer builds leave it out: MSan reports
 * a secret operand of an asm statement and would mark the outputs clean. */
static inline void aesni_keep_order(gh_acc *a) {
#ifndef HWC_MSAN
  __asm__("" : "+x"(a->lo), "+x"(a->mid), "+x"(a->hi));
#else
  (void)a;
#endif
}

/* The counter block byte-reversed, so the 32-bit big-endian counter is lane
 * 0 and PADDD does GCM's inc32 (wrapping, no carry into the nonce). The
 * counter may be secret (GCM's J0 for a nonce that is not 96 bits long is
 * a GHASH under the key), so it is only ever added to, never tested. */
static inline __m128i aesni_bswap_mask(void) {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* b[i] = counter block c + i, back in byte order, for i < w. */
AESNI_INLINE void aesni_counters(__m128i *b, int w, __m128i c) {
  const __m128i bs = aesni_bswap_mask();
  for (int i = 0; i < w; i++) b[i] = _mm_shuffle_epi8(_mm_add_epi32(c, _mm_set_epi32(0, 0, 0, i)), bs);
}

/* out = in XOR keystream of the counters c, c + 1, ... for n < 8 blocks,
 * one block at a time; returns the counter after them. */
AESNI_INLINE __m128i aesni_ctr_tail(uint8_t *out, const uint8_t *in, size_t n, __m128i c, const uint8_t *k,
                                    unsigned rounds) {
  const __m128i bs = aesni_bswap_mask(), one = _mm_set_epi32(0, 0, 0, 1);
  for (; n; n--, in += 16, out += 16, c = _mm_add_epi32(c, one))
    aesni_st(out, _mm_xor_si128(aesni_enc1(_mm_shuffle_epi8(c, bs), k, rounds), aesni_ld(in)));
  return c;
}

/* One 8-block CTR step from the aligned schedule ks: out = in XOR E(c..c+7).
 * The last round's key is XORed with the input first (AESENCLAST ends with
 * that XOR, so it absorbs the input), keeping the XOR off the AES chain. */
AESNI_INLINE void aesni_ctr8(uint8_t *out, const uint8_t *in, __m128i c, const __m128i ks[15], unsigned rounds) {
  __m128i b[8];
  aesni_counters(b, 8, c);
  for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], ks[0]);
  for (unsigned r = 1; r < rounds; r++)
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], ks[r]);
  for (int i = 0; i < 8; i++)
    aesni_st(out + 16 * i, _mm_aesenclast_si128(b[i], _mm_xor_si128(ks[rounds], aesni_ld(in + 16 * i))));
}

/* CTR with a 32-bit counter (the ctr32 kernel). */
AESNI_INLINE void aesni_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const uint8_t *k,
                                   unsigned rounds) {
  const __m128i bs = aesni_bswap_mask(), eight = _mm_set_epi32(0, 0, 0, 8);
  __m128i c = _mm_shuffle_epi8(aesni_ld(ctr), bs);
  if (nblocks >= 8) {
    __m128i ks[15];
    aesni_load_keys(ks, k, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128, c = _mm_add_epi32(c, eight))
      aesni_ctr8(out, in, c, ks, rounds);
  }
  if (nblocks) c = aesni_ctr_tail(out, in, nblocks, c, k, rounds);
  aesni_st(ctr, _mm_shuffle_epi8(c, bs));
}

/* Counter blocks for the stitched GCM loop, built with integer
 * instructions: eight 16-byte slots on the stack hold the counter block
 * XORed with round key 0 (AES's first step), the twelve nonce bytes written
 * once, the four counter bytes rewritten per iteration as
 * bswap32(n + i) XOR (key bytes 12..15). This keeps 24 vector operations
 * per iteration (additions, byte swaps and the key XOR) off the vector
 * pipes, which the AESENC and PCLMULQDQ stream already fills; the
 * arithmetic is a wrapping 32-bit addition, GCM's inc32, with no test of
 * the (possibly secret, see aesni_bswap_mask) counter. */
typedef struct {
  __m128i slot[8];
  uint32_t k0w; /* round key 0, bytes 12..15, as stored (little-endian load) */
} aesni_cblocks;

/* Fills the nonce part of every slot from the counter block ctr (byte
 * order) and round key 0. */
static inline void aesni_cblocks_init(aesni_cblocks *cb, const uint8_t ctr[16], __m128i k0) {
  __m128i v = _mm_xor_si128(aesni_ld(ctr), k0);
  for (int i = 0; i < 8; i++) cb->slot[i] = v;
  cb->k0w = (uint32_t)_mm_extract_epi32(k0, 3);
}

/* Writes the counters n .. n+7 into the slots. */
static inline void aesni_cblocks_set(aesni_cblocks *cb, uint32_t n) {
  for (uint32_t i = 0; i < 8; i++) {
    uint32_t w = __builtin_bswap32(n + i) ^ cb->k0w;
    __builtin_memcpy((uint8_t *)&cb->slot[i] + 12, &w, 4);
  }
}

/* One GCM iteration's cipher half and hash half: the eight counter blocks
 * in cb (already XORed with round key 0) go through the cipher (the last
 * round XORs in the input, as in aesni_ctr8) into out, while the eight
 * blocks at h (byte order of SP 800-38D) are absorbed into *s; then cb
 * receives the counters from next on. Each of the first eight rounds is
 * followed by one block's products; the reduction follows the ninth. h may
 * equal in (decryption), and in may equal out: every read of h and in
 * comes before the stores. */
AESNI_INLINE void aesni_gcm8(uint8_t *out, const uint8_t *in, aesni_cblocks *cb, uint32_t next,
                                  const __m128i ks[15], unsigned rounds, const uint8_t *h, __m128i *s,
                                  const void *table) {
  __m128i b[8];
  gh_acc a;
  for (int i = 0; i < 8; i++) b[i] = cb->slot[i];
  aesni_cblocks_set(cb, next);
#pragma GCC unroll 8
  for (unsigned r = 1; r <= 8; r++) {
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], ks[r]);
    __m128i x = gh_load(h + 16 * (r - 1));
    if (r == 1)
      gh_kmul_first(&a, _mm_xor_si128(x, *s), gh_power(table, 8), gh_kpower(table, 8));
    else
      gh_kmul(&a, x, gh_power(table, 9 - r), gh_kpower(table, 9 - r));
    aesni_keep_order(&a);
  }
  for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], ks[9]);
  *s = gh_kreduce(&a);
  for (unsigned r = 10; r < rounds; r++)
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], ks[r]);
  for (int i = 0; i < 8; i++)
    aesni_st(out + 16 * i, _mm_aesenclast_si128(b[i], _mm_xor_si128(ks[rounds], aesni_ld(in + 16 * i))));
}

/* GCM bulk (the gcm_encrypt / gcm_decrypt kernels): CTR from ctr over
 * nblocks and the GHASH of the ciphertext into y, with the table of
 * hwc_ghash_clmul_table. Encryption enciphers its first eight blocks
 * without hashing, then each iteration hashes the previous one's output;
 * the last eight are hashed together with the tail, which is contiguous
 * with them, in one run of at most fifteen blocks and one reduction.
 * Decryption hashes each stretch before it overwrites it (out may be in). */
AESNI_INLINE void aesni_gcm(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                 uint8_t y[16], const uint8_t *k, unsigned rounds, const void *table) {
  const __m128i bs = aesni_bswap_mask();
  __m128i c = _mm_shuffle_epi8(aesni_ld(ctr), bs), s = gh_load(y);
  size_t behind = 0; /* blocks before out already written, not yet hashed */
  if (nblocks >= 8) {
    __m128i ks[15];
    aesni_cblocks cb;
    uint32_t n = (uint32_t)_mm_cvtsi128_si32(c);
    aesni_load_keys(ks, k, rounds);
    aesni_cblocks_init(&cb, ctr, ks[0]);
    if (!decrypt) {
      aesni_ctr8(out, in, c, ks, rounds);
      n += 8;
      in += 128, out += 128, nblocks -= 8, behind = 8;
    }
    aesni_cblocks_set(&cb, n);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
      n += 8;
      aesni_gcm8(out, in, &cb, n, ks, rounds, decrypt ? in : out - 128, &s, table);
    }
    c = _mm_insert_epi32(c, (int)n, 0);
  }
  if (decrypt) {
    s = gh_kblocks(s, in, nblocks, table);
    if (nblocks) c = aesni_ctr_tail(out, in, nblocks, c, k, rounds);
  } else {
    if (nblocks) c = aesni_ctr_tail(out, in, nblocks, c, k, rounds);
    s = gh_kblocks(s, out - 16 * behind, behind + nblocks, table);
  }
  aesni_st(ctr, _mm_shuffle_epi8(c, bs));
  aesni_st(y, gh_bswap(s));
}

#endif
