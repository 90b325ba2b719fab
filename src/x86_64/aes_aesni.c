/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with AES-NI on 128-bit registers: ECB, CTR, CBC-decrypt
 * and GCM eight blocks at a time so that the AESENC latency (4 cycles on
 * recent cores, one per cycle issued) is hidden behind independent blocks;
 * CBC-encrypt is serial by definition. GCM stitches the cipher rounds of
 * eight counter blocks with the PCLMULQDQ GHASH of eight ciphertext blocks
 * (ghash_clmul.h), the approach of Gueron and Kounavis' Intel white paper.
 * The key schedule comes from the portable constant-time expansion, then
 * AESIMC gives the decryption keys (the "equivalent inverse cipher", FIPS 197
 * section 5.3.5).
 * ISA: AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES-NI and PCLMULQDQ run in data-independent time; no
 * table lookups, no secret-dependent branches.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "ghash_clmul.h"
#include "x86_aes.h"

HWC_CALL_COUNTER(aes_aesni);

/* The round keys live in the caller's key object, which may sit at any
 * address (a packed struct, a copy into a byte buffer), so they are read
 * with unaligned loads only: the legacy SSE encoding of AESENC with a memory
 * operand faults on a misaligned address. An unaligned load of aligned data
 * costs what an aligned one does on every core since Nehalem; what is lost
 * is the folding of the load into AESENC, one extra fused-domain uop per
 * round, which the single-block path wins back by having no loop. The
 * stitched GCM loop, which interleaves AESENC with PCLMULQDQ, does better
 * with the schedule copied once into an aligned local array
 * (load_round_keys), whose entries become folded AESENC operands again. */
#define EK(rk) ((const uint8_t *)(rk))
#define DK(rk) ((const uint8_t *)(rk) + 16 * 16)
#define LOAD(p) _mm_loadu_si128((const __m128i *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(p), (v))

/* Round key r of the schedule at k (EK or DK). */
static inline __m128i round_key(const uint8_t *k, unsigned r) { return LOAD(k + 16 * r); }

void hwc_aesni_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_aesni);
  uint32_t w[60];
  unsigned rounds = (unsigned)(key_len / 4 + 6);
  uint8_t *ek = rk, *dk = ek + 16 * 16;
  hwc_aes_expand_key(w, key, key_len);
  for (unsigned i = 0; i <= rounds; i++) STORE(ek + 16 * i, LOAD(w + 4 * i));
  STORE(dk, LOAD(w + 4 * rounds));
  for (unsigned i = 1; i < rounds; i++) STORE(dk + 16 * i, _mm_aesimc_si128(LOAD(w + 4 * (rounds - i))));
  STORE(dk + 16 * rounds, LOAD(w));
  __m128i z = _mm_setzero_si128();
  for (int i = 0; i < 15; i++) STORE(w + 4 * i, z);
}

/* ks[0..rounds] = the schedule at k, into the caller's aligned array. */
static inline __attribute__((always_inline)) void load_round_keys(__m128i ks[15], const uint8_t *k, unsigned rounds) {
  for (unsigned r = 0; r <= rounds; r++) ks[r] = round_key(k, r);
}

/* One block. The first nine middle rounds, common to every key size, have
 * a constant count so the compiler lays them out straight; AES-192 and
 * AES-256 add two or four (the key size is public). */
static inline __m128i enc1(__m128i b, const uint8_t *k, unsigned rounds) {
  b = _mm_xor_si128(b, round_key(k, 0));
  for (unsigned r = 1; r < 10; r++) b = _mm_aesenc_si128(b, round_key(k, r));
  for (unsigned r = 10; r < rounds; r++) b = _mm_aesenc_si128(b, round_key(k, r));
  return _mm_aesenclast_si128(b, round_key(k, rounds));
}

static inline __m128i dec1(__m128i b, const uint8_t *k, unsigned rounds) {
  b = _mm_xor_si128(b, round_key(k, 0));
  for (unsigned r = 1; r < 10; r++) b = _mm_aesdec_si128(b, round_key(k, r));
  for (unsigned r = 10; r < rounds; r++) b = _mm_aesdec_si128(b, round_key(k, r));
  return _mm_aesdeclast_si128(b, round_key(k, rounds));
}

/* Eight blocks: each round key is loaded once for all eight. */
static inline __attribute__((always_inline)) void enc8(__m128i b[8], const uint8_t *k, unsigned rounds) {
  __m128i k0 = round_key(k, 0), kl = round_key(k, rounds);
  for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], k0);
  for (unsigned r = 1; r < rounds; r++) {
    __m128i kr = round_key(k, r);
    for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], kr);
  }
  for (int i = 0; i < 8; i++) b[i] = _mm_aesenclast_si128(b[i], kl);
}

static inline __attribute__((always_inline)) void dec8(__m128i b[8], const uint8_t *k, unsigned rounds) {
  __m128i k0 = round_key(k, 0), kl = round_key(k, rounds);
  for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], k0);
  for (unsigned r = 1; r < rounds; r++) {
    __m128i kr = round_key(k, r);
    for (int i = 0; i < 8; i++) b[i] = _mm_aesdec_si128(b[i], kr);
  }
  for (int i = 0; i < 8; i++) b[i] = _mm_aesdeclast_si128(b[i], kl);
}

void hwc_aesni_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int i = 0; i < 8; i++) b[i] = LOAD(in + 16 * i);
    enc8(b, EK(rk), rounds);
    for (int i = 0; i < 8; i++) STORE(out + 16 * i, b[i]);
  }
  for (; nblocks; nblocks--, in += 16, out += 16) STORE(out, enc1(LOAD(in), EK(rk), rounds));
}

void hwc_aesni_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int i = 0; i < 8; i++) b[i] = LOAD(in + 16 * i);
    dec8(b, DK(rk), rounds);
    for (int i = 0; i < 8; i++) STORE(out + 16 * i, b[i]);
  }
  for (; nblocks; nblocks--, in += 16, out += 16) STORE(out, dec1(LOAD(in), DK(rk), rounds));
}

void hwc_aesni_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                           unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  __m128i c = LOAD(iv);
  for (; nblocks; nblocks--, in += 16, out += 16) {
    c = enc1(_mm_xor_si128(c, LOAD(in)), EK(rk), rounds);
    STORE(out, c);
  }
  STORE(iv, c);
}

static void aesni_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  __m128i prev = LOAD(iv);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8], c[8];
    for (int i = 0; i < 8; i++) b[i] = c[i] = LOAD(in + 16 * i);
    dec8(b, DK(rk), rounds);
    STORE(out, _mm_xor_si128(b[0], prev));
    for (int i = 1; i < 8; i++) STORE(out + 16 * i, _mm_xor_si128(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; nblocks; nblocks--, in += 16, out += 16) {
    __m128i c = LOAD(in);
    STORE(out, _mm_xor_si128(dec1(c, DK(rk), rounds), prev));
    prev = c;
  }
  STORE(iv, prev);
}

/* The counter block byte-reversed, so the 32-bit big-endian counter is lane
 * 0 and PADDD does GCM's inc32 (wrapping, no carry into the nonce). */
#define BSWAP_MASK _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

static inline __attribute__((always_inline)) void counters8(__m128i b[8], __m128i c) {
  const __m128i bs = BSWAP_MASK;
  for (int i = 0; i < 8; i++) b[i] = _mm_shuffle_epi8(_mm_add_epi32(c, _mm_set_epi32(0, 0, 0, i)), bs);
}

static void aesni_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                        unsigned rounds) {
  HWC_COUNT_CALL(aes_aesni);
  const __m128i bs = BSWAP_MASK, one = _mm_set_epi32(0, 0, 0, 1), eight = _mm_set_epi32(0, 0, 0, 8);
  __m128i c = _mm_shuffle_epi8(LOAD(ctr), bs);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    __m128i b[8];
    counters8(b, c);
    c = _mm_add_epi32(c, eight);
    enc8(b, EK(rk), rounds);
    for (int i = 0; i < 8; i++) STORE(out + 16 * i, _mm_xor_si128(b[i], LOAD(in + 16 * i)));
  }
  for (; nblocks; nblocks--, in += 16, out += 16) {
    __m128i b = enc1(_mm_shuffle_epi8(c, bs), EK(rk), rounds);
    c = _mm_add_epi32(c, one);
    STORE(out, _mm_xor_si128(b, LOAD(in)));
  }
  STORE(ctr, _mm_shuffle_epi8(c, bs));
}

/* GCM bulk: eight counter blocks per iteration. Encryption hashes the
 * previous iteration's ciphertext while this one's rounds run (its own is
 * not ready yet); decryption hashes the ciphertext it is decrypting. Each
 * round issues the AESENCs and one block's carry-less products, so the two
 * units work side by side. */
static inline __attribute__((always_inline)) void gcm8(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks,
                                                       uint8_t ctr[16], uint8_t y[16], const void *rk,
                                                       unsigned rounds, const void *table) {
  const __m128i bs = BSWAP_MASK, one = _mm_set_epi32(0, 0, 0, 1), eight = _mm_set_epi32(0, 0, 0, 8);
  const uint8_t *k = EK(rk);
  __m128i c = _mm_shuffle_epi8(LOAD(ctr), bs), s = gh_load(y);
  const uint8_t *pending = NULL; /* 8 ciphertext blocks still to hash */
  if (nblocks >= 8) {
    __m128i ks[15];
    load_round_keys(ks, k, rounds);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
      const uint8_t *hash = decrypt ? in : pending;
      __m128i b[8];
      gh_acc a;
      gh_acc_zero(&a);
      counters8(b, c);
      c = _mm_add_epi32(c, eight);
      for (int i = 0; i < 8; i++) b[i] = _mm_xor_si128(b[i], ks[0]);
      for (unsigned r = 1; r < rounds; r++) {
        for (int i = 0; i < 8; i++) b[i] = _mm_aesenc_si128(b[i], ks[r]);
        if (hash && r <= 8) {
          __m128i x = gh_load(hash + 16 * (r - 1));
          if (r == 1) x = _mm_xor_si128(x, s);
          gh_acc_mul(&a, x, gh_power(table, 9 - r));
        }
      }
      for (int i = 0; i < 8; i++)
        STORE(out + 16 * i, _mm_xor_si128(_mm_aesenclast_si128(b[i], ks[rounds]), LOAD(in + 16 * i)));
      if (hash) s = gh_reduce(&a);
      pending = out;
    }
  }
  if (!decrypt && pending) s = gh_blocks(s, pending, 8, table);
  if (nblocks) {
    if (decrypt) s = gh_blocks(s, in, nblocks, table);
    for (size_t i = 0; i < nblocks; i++) {
      __m128i b = enc1(_mm_shuffle_epi8(c, bs), k, rounds);
      c = _mm_add_epi32(c, one);
      STORE(out + 16 * i, _mm_xor_si128(b, LOAD(in + 16 * i)));
    }
    if (!decrypt) s = gh_blocks(s, out, nblocks, table);
  }
  STORE(ctr, _mm_shuffle_epi8(c, bs));
  STORE(y, gh_bswap(s));
}

static void aesni_gcm_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_aesni);
  gcm8(0, out, in, nblocks, ctr, y, rk, rounds, table);
}

static void aesni_gcm_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_aesni);
  gcm8(1, out, in, nblocks, ctr, y, rk, rounds, table);
}

extern const hwc_ghash_kernel hwc_ghash_pclmul;

const hwc_aes_kernel hwc_aes_aesni = {
    .info = {.name = "aesni",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_SCALAR,
             HWC_CALLS(aes_aesni)},
    .setkey = hwc_aesni_setkey,
    .encrypt = hwc_aesni_encrypt,
    .decrypt = hwc_aesni_decrypt,
    .ctr32 = aesni_ctr32,
    .cbc_encrypt = hwc_aesni_cbc_encrypt,
    .cbc_decrypt = aesni_cbc_decrypt,
    .gcm_ghash = &hwc_ghash_pclmul,
    .gcm_encrypt = aesni_gcm_encrypt,
    .gcm_decrypt = aesni_gcm_decrypt,
};
