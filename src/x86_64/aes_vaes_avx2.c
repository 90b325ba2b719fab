/* SPDX-License-Identifier: ISC */
/*
 * AES (FIPS 197) with VAES on 256-bit registers: two blocks per register,
 * sixteen in flight for CTR, CBC-decrypt and GCM, for CPUs with VAES and
 * VPCLMULQDQ but without AVX-512 (and those that slow down on 512-bit
 * code). GCM is one stitched loop: the rounds of sixteen counter blocks
 * interleaved with the VPCLMULQDQ GHASH of sixteen ciphertext blocks (the
 * previous batch when encrypting, the current one when decrypting), one
 * reduction per batch (ghash_vpclmul_avx2.h). Tails use AVX2 masked loads and
 * stores. Round keys, key schedule, single blocks and serial CBC-encrypt
 * are AES-NI's (aesni_modes.h).
 * ISA: VAES, VPCLMULQDQ, AVX2, AVX, AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES and carry-less multiply instructions run in
 * data-independent time; masks and branches depend on lengths only.
 */
#include <immintrin.h>

#include "../kernels.h"
#include "ghash_vpclmul_avx2.h"
#include "aesni_modes.h"

HWC_CALL_COUNTER(aes_vaes_avx2);

typedef struct {
  __m256i k[15];
  unsigned rounds;
} keys2;

static inline __attribute__((always_inline)) void load_keys(keys2 *ks, const void *rk, unsigned rounds, int dec) {
  const __m128i *k = (const __m128i *)rk + (dec ? 16 : 0);
  ks->rounds = rounds;
  for (unsigned r = 0; r <= rounds; r++) ks->k[r] = _mm256_broadcastsi128_si256(_mm_loadu_si128(k + r));
}

static inline __attribute__((always_inline)) __m256i enc2(__m256i b, const keys2 *ks) {
  b = _mm256_xor_si256(b, ks->k[0]);
  for (unsigned r = 1; r < ks->rounds; r++) b = _mm256_aesenc_epi128(b, ks->k[r]);
  return _mm256_aesenclast_epi128(b, ks->k[ks->rounds]);
}

#define BSWAP2 _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#define ADD2(c, n) _mm256_add_epi32((c), _mm256_set_epi32(0, 0, 0, (n), 0, 0, 0, (n)))

/* Two byte-reversed counters (lane i = c0 + i): PADDD on dword 0 is inc32. */
static inline __m256i ctr_start(const uint8_t ctr[16]) {
  __m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr),
                               _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  return _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
}

static inline void ctr_store(uint8_t ctr[16], __m256i c) {
  _mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(_mm256_castsi256_si128(c),
                                                    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

#define LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))

static void vaes2_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], const void *rk,
                        unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  const __m256i bs = BSWAP2;
  keys2 ks;
  load_keys(&ks, rk, rounds, 0);
  __m256i c = ctr_start(ctr);
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8];
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ADD2(c, 2 * i), bs), ks.k[0]);
    c = ADD2(c, 16);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesenc_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 8; i++)
      STOREU(out + 32 * i, _mm256_xor_si256(_mm256_aesenclast_epi128(b[i], ks.k[rounds]), LOADU(in + 32 * i)));
  }
  for (; nblocks; in += 32, out += 32) {
    size_t m = nblocks < 2 ? nblocks : 2;
    __m256i b = enc2(_mm256_shuffle_epi8(c, bs), &ks);
    _mm256_maskstore_epi64((long long *)out, gh2_mask(m), _mm256_xor_si256(b, gh2_maskload(in, m)));
    c = ADD2(c, (int)m);
    nblocks -= m;
  }
  ctr_store(ctr, c);
}

static void vaes2_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  keys2 ks;
  load_keys(&ks, rk, rounds, 1);
  /* prev: the ciphertext block before the current register, in lane 1. */
  __m256i prev = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)iv));
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i c[8], b[8];
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(c[i] = LOADU(in + 32 * i), ks.k[0]);
    for (unsigned r = 1; r < rounds; r++)
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesdec_epi128(b[i], ks.k[r]);
    for (int i = 0; i < 8; i++) {
      __m256i p = _mm256_permute2x128_si256(i ? c[i - 1] : prev, c[i], 0x21);
      STOREU(out + 32 * i, _mm256_xor_si256(_mm256_aesdeclast_epi128(b[i], ks.k[rounds]), p));
    }
    prev = c[7];
  }
  for (; nblocks; in += 32, out += 32) {
    size_t m = nblocks < 2 ? nblocks : 2;
    __m256i c = gh2_maskload(in, m), b = _mm256_xor_si256(c, ks.k[0]);
    for (unsigned r = 1; r < rounds; r++) b = _mm256_aesdec_epi128(b, ks.k[r]);
    b = _mm256_xor_si256(_mm256_aesdeclast_epi128(b, ks.k[rounds]), _mm256_permute2x128_si256(prev, c, 0x21));
    _mm256_maskstore_epi64((long long *)out, gh2_mask(m), b);
    prev = m == 2 ? c : _mm256_permute2x128_si256(c, c, 0x00);
    nblocks -= m;
  }
  _mm_storeu_si128((__m128i *)iv, _mm256_extracti128_si256(prev, 1));
}

static inline __attribute__((always_inline)) void gcm16(int decrypt, uint8_t *out, const uint8_t *in, size_t nblocks,
                                                        uint8_t ctr[16], uint8_t y[16], const void *rk,
                                                        unsigned rounds, const void *table) {
  const __m256i bs = BSWAP2;
  keys2 ks;
  load_keys(&ks, rk, rounds, 0);
  __m256i c = ctr_start(ctr);
  __m128i s = gh_load(y);
  const __m256i *pw = table;
  __m256i pending[8];
  int have_pending = 0;
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    __m256i b[8], x[8];
    gh2_acc a;
    gh2_zero(&a);
    for (int i = 0; i < 8; i++) b[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ADD2(c, 2 * i), bs), ks.k[0]);
    c = ADD2(c, 16);
    int hashing = decrypt || have_pending;
    for (int i = 0; i < 8; i++) x[i] = decrypt ? gh2_bswap(LOADU(in + 32 * i)) : pending[i];
    if (hashing) x[0] = _mm256_xor_si256(x[0], _mm256_zextsi128_si256(s));
    for (unsigned r = 1; r < rounds; r++) {
      for (int i = 0; i < 8; i++) b[i] = _mm256_aesenc_epi128(b[i], ks.k[r]);
      if (hashing && r <= 8) gh2_mul(&a, x[r - 1], _mm256_loadu_si256(pw + (r - 1)));
    }
    for (int i = 0; i < 8; i++) {
      __m256i o = _mm256_xor_si256(_mm256_aesenclast_epi128(b[i], ks.k[rounds]), LOADU(in + 32 * i));
      STOREU(out + 32 * i, o);
      pending[i] = gh2_bswap(o);
    }
    if (hashing) s = gh2_reduce(&a);
    have_pending = !decrypt;
  }
  if (have_pending) {
    gh2_acc a;
    gh2_zero(&a);
    pending[0] = _mm256_xor_si256(pending[0], _mm256_zextsi128_si256(s));
    gh2_run(&a, pending, 16, table);
    s = gh2_reduce(&a);
  }
  if (nblocks) {
    size_t n = nblocks;
    __m256i x[8];
    for (int i = 0; i < 8; i++) x[i] = _mm256_setzero_si256();
    for (size_t g = 0; 2 * g < n; g++) {
      size_t m = n - 2 * g < 2 ? n - 2 * g : 2;
      __m256i mask = gh2_mask(m), i2 = gh2_maskload(in + 32 * g, m);
      __m256i o = _mm256_and_si256(_mm256_xor_si256(enc2(_mm256_shuffle_epi8(c, bs), &ks), i2), mask);
      _mm256_maskstore_epi64((long long *)(out + 32 * g), mask, o);
      x[g] = gh2_bswap(decrypt ? i2 : o);
      c = ADD2(c, (int)m);
    }
    gh2_acc a;
    gh2_zero(&a);
    x[0] = _mm256_xor_si256(x[0], _mm256_zextsi128_si256(s));
    gh2_run(&a, x, n, table);
    s = gh2_reduce(&a);
  }
  ctr_store(ctr, c);
  _mm_storeu_si128((__m128i *)y, gh_bswap(s));
}

static void vaes2_gcm_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  gcm16(0, out, in, nblocks, ctr, y, rk, rounds, table);
}

static void vaes2_gcm_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                              const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  gcm16(1, out, in, nblocks, ctr, y, rk, rounds, table);
}

/* AES-NI's key layout and schedule (aesni_modes.h), and its 128-bit ECB
 * and serial CBC encryption: one block in flight per chain gains nothing
 * from wider registers. */
static void vaes2_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_setkey(rk, key, key_len);
}

static void vaes2_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_ecb(0, out, in, nblocks, aesni_ek(rk), rounds);
}

static void vaes2_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_ecb(1, out, in, nblocks, aesni_dk(rk), rounds);
}

static void vaes2_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                              unsigned rounds) {
  HWC_COUNT_CALL(aes_vaes_avx2);
  aesni_cbc_enc(out, in, nblocks, iv, aesni_ek(rk), rounds);
}

extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx2;

const hwc_aes_kernel hwc_aes_vaes_avx2 = {
    .info = {.name = "vaes-avx2",
             .required = HWC_REQUIRED,
             .priority = HWC_PRIO_VEC256,
             HWC_CALLS(aes_vaes_avx2)},
    .setkey = vaes2_setkey,
    .encrypt = vaes2_encrypt,
    .decrypt = vaes2_decrypt,
    .ctr32 = vaes2_ctr32,
    .cbc_encrypt = vaes2_cbc_encrypt,
    .cbc_decrypt = vaes2_cbc_decrypt,
    .gcm_ghash = &hwc_ghash_vpclmul_avx2,
    .gcm_encrypt = vaes2_gcm_encrypt,
    .gcm_decrypt = vaes2_gcm_decrypt,
};
