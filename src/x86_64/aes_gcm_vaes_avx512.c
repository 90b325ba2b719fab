/* SPDX-License-Identifier: ISC */
/*
 * AES-GCM with VAES and VPCLMULQDQ on 512-bit registers: four blocks per
 * register, one stitched loop, the rounds of sixteen counter blocks
 * interleaved with the GHASH of sixteen ciphertext blocks (the previous
 * batch when encrypting, the current one when decrypting), one reduction
 * per two batches (ghash_vpclmul_avx512.h, gh4_*). Members: aes
 * vaes-avx512 (AES-NI's round key layout, broadcast to all four lanes on
 * entry) and ghash vpclmul-avx512 (its table of powers).
 * Two shapes over the same batches: the bulk step (encrypt, decrypt:
 * whole blocks, counter and GHASH value in and out, for the streaming
 * AEAD), and a whole message (seal, open: gcm_message), for the one-shot
 * calls: E(J0), the GHASH of the additional data, the batches, and a last
 * masked pass whose GHASH run also takes the lengths block, so a 64-byte
 * message is one call with one register of blocks and two reductions, not
 * four kernel calls.
 * Key storage is read with unaligned loads: a key object from malloc is
 * only 16-byte aligned, not the 64 bytes its type asks for.
 * ISA: VAES, VPCLMULQDQ, AVX-512F/BW/VL, AES-NI, PCLMULQDQ, SSSE3, SSE4.1.
 * Constant time: AES and carry-less multiply instructions run in
 * data-independent time; masks and branches depend on lengths only.
 */
#include <immintrin.h>

#include "src/common/byteorder.h"
#include "src/kernels.h"
#include "ghash_vpclmul_avx512.h"
#include "vaes_avx512.h"

HWC_CALL_COUNTER(aes_gcm_vaes_avx512);

/* GCM bulk, sixteen blocks per AES step (see the file comment). The GHASH
 * batches (sixteen blocks each; batch j is the ciphertext of AES batch j,
 * hashed while batch j + 1 is encrypted or, when decrypting, while batch j
 * itself is decrypted) are reduced in pairs: the first of a pair
 * (GH_FIRST) takes the running GHASH value into its first block and is
 * multiplied by H'^32 .. H'^17 and left unreduced, the second (GH_SECOND)
 * by H'^16 .. H'^1, added to it and reduced, so the chain from one GHASH
 * value to the next (one multiply, the accumulation, the reduction) is
 * paid once per 32 blocks. A last batch without a partner is GH_SINGLE.
 * Which role a batch has depends on the length only. */
enum gh_role { GH_NONE, GH_FIRST, GH_SECOND, GH_SINGLE };

typedef struct {
  keys4 ks;
  __m512i c;  /* the next four counter blocks, byte-reversed (ctr_start) */
  __m128i s;  /* the GHASH value (POLYVAL domain) */
  gh4_acc a;  /* a GH_FIRST batch's unreduced sums, else zero */
} gcm_state;

/* Group g (blocks 4g .. 4g + 3) of the batch at hin into the sums, times
 * its four powers from pw; group 0 of a batch that opens a reduction also
 * takes the GHASH value. */
static inline __attribute__((always_inline)) void gcm_hash_group(gcm_state *st, const uint8_t *hin,
                                                                 const void *pw, enum gh_role role, int g) {
  __m512i x = gh4_bswap(_mm512_loadu_si512(hin + 64 * g));
  if (g == 0 && role != GH_SECOND) x = _mm512_xor_si512(x, _mm512_zextsi128_si512(st->s));
  gh4_mul(&st->a, x, gh4_power(pw, g));
}

/* Closes a batch: the second of a pair and a single one are reduced into
 * the GHASH value. */
static inline __attribute__((always_inline)) void gcm_hash_end(gcm_state *st, enum gh_role role) {
  if (role == GH_SECOND || role == GH_SINGLE) {
    st->s = gh4_reduce(&st->a);
    gh4_zero(&st->a);
  }
}

/* One AES step: sixteen counter blocks XORed into in, written to out, and,
 * between the rounds, the sixteen blocks at hin hashed in the given role.
 * The blocks to hash and the powers are read from memory as each multiply
 * needs them (ciphertext stored by the step before comes back by store
 * forwarding): held in registers beside the round keys they made the
 * compiler spill the GHASH sums. The empty asm hides where pw points, so
 * the loads of the powers stay in the loop (an intrinsic cannot say "do
 * not hoist"). */
static inline __attribute__((always_inline)) void gcm_step(gcm_state *st, uint8_t *out, const uint8_t *in,
                                                           const uint8_t *hin, enum gh_role role, unsigned rounds,
                                                           const void *table) {
  const __m512i bs = BSWAP4;
  __m512i b[4];
  for (int i = 0; i < 4; i++) b[i] = _mm512_xor_si512(_mm512_shuffle_epi8(ADD4(st->c, 4 * i), bs), st->ks.k[0]);
  st->c = ADD4(st->c, 16);
  const void *pw = role == GH_FIRST ? (const void *)((const __m512i *)table + 4) : table;
  __asm__("" : "+r"(pw));
  for (unsigned r = 1; r < rounds; r++) {
    for (int i = 0; i < 4; i++) b[i] = _mm512_aesenc_epi128(b[i], st->ks.k[r]);
    /* group 0, which takes the GHASH value, last (gh4_run) */
    if (role != GH_NONE && r <= 4) gcm_hash_group(st, hin, pw, role, (int)(r & 3));
  }
  for (int i = 0; i < 4; i++)
    _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(_mm512_aesenclast_epi128(b[i], st->ks.k[rounds]),
                                                       _mm512_loadu_si512(in + 64 * i)));
  gcm_hash_end(st, role);
}

/* Hashes the 16 blocks at hin with no AES beside them (encryption's last
 * batch). */
static inline __attribute__((always_inline)) void gcm_hash_only(gcm_state *st, const uint8_t *hin,
                                                                enum gh_role role, const void *table) {
  const void *pw = role == GH_FIRST ? (const void *)((const __m512i *)table + 4) : table;
  for (int g = 1; g <= 4; g++) gcm_hash_group(st, hin, pw, role, g & 3);
  gcm_hash_end(st, role);
}

/* The full batches: AES batches 0 .. batches - 1 from in to out, their
 * GHASH into st->s in pairs (see above). */
static inline __attribute__((always_inline)) void gcm_batches(gcm_state *st, int decrypt, uint8_t *out,
                                                              const uint8_t *in, size_t batches, unsigned rounds,
                                                              const void *table) {
  size_t i = 0; /* AES batches done */
  if (decrypt) {
    for (; i + 2 <= batches; i += 2) {
      gcm_step(st, out + 256 * i, in + 256 * i, in + 256 * i, GH_FIRST, rounds, table);
      gcm_step(st, out + 256 * (i + 1), in + 256 * (i + 1), in + 256 * (i + 1), GH_SECOND, rounds, table);
    }
    if (i < batches) gcm_step(st, out + 256 * i, in + 256 * i, in + 256 * i, GH_SINGLE, rounds, table);
  } else if (batches == 1) {
    gcm_step(st, out, in, NULL, GH_NONE, rounds, table);
    gcm_hash_only(st, out, GH_SINGLE, table);
  } else if (batches) {
    /* AES batch i hashes the ciphertext of batch i - 2, written a whole
     * step earlier, so its multiplies never wait for the rounds that
     * produce it. */
    gcm_step(st, out, in, NULL, GH_NONE, rounds, table);
    gcm_step(st, out + 256, in + 256, NULL, GH_NONE, rounds, table);
    for (i = 2; i + 2 <= batches; i += 2) {
      gcm_step(st, out + 256 * i, in + 256 * i, out + 256 * (i - 2), GH_FIRST, rounds, table);
      gcm_step(st, out + 256 * (i + 1), in + 256 * (i + 1), out + 256 * (i - 1), GH_SECOND, rounds, table);
    }
    if (i < batches) {
      gcm_step(st, out + 256 * i, in + 256 * i, out + 256 * (i - 2), GH_FIRST, rounds, table);
      gcm_hash_only(st, out + 256 * (i - 1), GH_SECOND, table);
      gcm_hash_only(st, out + 256 * i, GH_SINGLE, table);
    } else {
      gcm_hash_only(st, out + 256 * (i - 2), GH_FIRST, table);
      gcm_hash_only(st, out + 256 * (i - 1), GH_SECOND, table);
    }
  }
}

/* Byte mask of the first b (0..64 or more) bytes of a register. */
static inline __mmask64 byte_mask(size_t b) { return b >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << b) - 1); }

/* s absorbs len bytes at p, the last block zero-padded: sixteen blocks per
 * reduction, read with masked loads (which do not touch the bytes they
 * leave out, so nothing past p + len is read). */
static inline __m128i gh4_bytes(__m128i s, const uint8_t *p, size_t len, const void *table) {
  while (len) {
    size_t m = len < 256 ? len : 256;
    __m512i x[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (size_t g = 0; 64 * g < m; g++) x[g] = gh4_bswap(_mm512_maskz_loadu_epi8(byte_mask(m - 64 * g), p + 64 * g));
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(s));
    gh4_acc a;
    gh4_zero(&a);
    gh4_run(&a, x, (m + 15) / 16, table);
    s = gh4_reduce(&a);
    p += m;
    len -= m;
  }
  return s;
}

/* A whole GCM message (SP 800-38D, 7.1 and 7.2) from its pre-counter block
 * j0: E(J0) with AES-NI on one block, GHASH of the additional data, the
 * full batches (gcm_batches), then the last 0 .. 255 bytes in one masked
 * pass whose GHASH run also takes the lengths block, one reduction for
 * both when they fit in sixteen blocks. Short messages thus cost one call
 * with the round keys loaded once and two or three reductions in all. */
static inline __attribute__((always_inline)) void gcm_message(int decrypt, uint8_t *out, const uint8_t *in,
                                                              size_t len, const uint8_t *aad, size_t aad_len,
                                                              const uint8_t j0[16], uint8_t tag[16],
                                                              const void *rk, unsigned rounds, const void *table) {
  const __m512i bs = BSWAP4;
  gcm_state st;
  load_keys(&st.ks, rk, rounds, 0);
  __m128i ej = _mm_xor_si128(_mm_loadu_si128((const __m128i *)j0), _mm512_castsi512_si128(st.ks.k[0]));
  for (unsigned r = 1; r < rounds; r++) ej = _mm_aesenc_si128(ej, _mm512_castsi512_si128(st.ks.k[r]));
  ej = _mm_aesenclast_si128(ej, _mm512_castsi512_si128(st.ks.k[rounds]));
  /* counters from inc32(J0), computed in the register (ctr_start's lanes
   * count from its argument): a copy of J0 with its last word rewritten in
   * memory would be read back at once, and a 16-byte load that spans a
   * narrower store cannot be forwarded from it */
  st.c = ADD4(ctr_start(j0), 1);
  st.s = gh4_bytes(_mm_setzero_si128(), aad, aad_len, table);
  gh4_zero(&st.a);
  size_t batches = len / 256;
  if (batches) { /* (an empty message may come with NULL pointers: no arithmetic on them) */
    gcm_batches(&st, decrypt, out, in, batches, rounds, table);
    in += 256 * batches;
    out += 256 * batches;
  }
  size_t rest = len - 256 * batches, n = (rest + 15) / 16; /* 0 .. 255 bytes, n <= 16 blocks */
  __m512i x[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
  for (size_t g = 0; 64 * g < rest; g++) {
    __mmask64 mask = byte_mask(rest - 64 * g);
    __m512i i4 = _mm512_maskz_loadu_epi8(mask, in + 64 * g);
    /* masked off: the padding of the last block is zero in what is hashed */
    __m512i o = _mm512_maskz_mov_epi8(mask, _mm512_xor_si512(enc4(_mm512_shuffle_epi8(st.c, bs), &st.ks), i4));
    _mm512_mask_storeu_epi8(out + 64 * g, mask, o);
    x[g] = gh4_bswap(decrypt ? i4 : o);
    st.c = ADD4(st.c, 4);
  }
  /* the lengths block, len(A) || len(C) in bits, after the last data block */
  uint8_t lb[16];
  hwc_store64_be(lb, (uint64_t)aad_len * 8);
  hwc_store64_be(lb + 8, (uint64_t)len * 8);
  __m128i l = gh_bswap(_mm_loadu_si128((const __m128i *)lb));
  gh4_acc a;
  gh4_zero(&a);
  if (n < 16) {
    x[n / 4] = _mm512_mask_broadcast_i32x4(x[n / 4], (__mmask16)(0xf << (4 * (n % 4))), l);
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(st.s));
    gh4_run(&a, x, n + 1, table);
    st.s = gh4_reduce(&a);
  } else {
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(st.s));
    gh4_run(&a, x, 16, table);
    st.s = gh4_reduce(&a);
    gh4_zero(&a);
    __m512i y[4] = {_mm512_zextsi128_si512(_mm_xor_si128(st.s, l)), _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
    gh4_run(&a, y, 1, table);
    st.s = gh4_reduce(&a);
  }
  _mm_storeu_si128((__m128i *)tag, _mm_xor_si128(ej, gh_bswap(st.s)));
}

/* One copy of the code per key size: with the round count a constant the
 * rounds unroll completely and the GHASH steps sit between them at fixed
 * places, where a variable count left the compiler a loop over the round
 * keys with the GHASH state spilled around it. */
static inline __attribute__((always_inline)) void gcm_message_keysize(int decrypt, uint8_t *out, const uint8_t *in,
                                                                      size_t len, const uint8_t *aad, size_t aad_len,
                                                                      const uint8_t j0[16], uint8_t tag[16],
                                                                      const void *rk, unsigned rounds,
                                                                      const void *table) {
  if (rounds == 10)
    gcm_message(decrypt, out, in, len, aad, aad_len, j0, tag, rk, 10, table);
  else if (rounds == 12)
    gcm_message(decrypt, out, in, len, aad, aad_len, j0, tag, rk, 12, table);
  else
    gcm_message(decrypt, out, in, len, aad, aad_len, j0, tag, rk, 14, table);
}

static void aes_gcm_vaes_avx512_seal(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *aad,
                                     size_t aad_len, const uint8_t j0[16], uint8_t tag[16], const void *rk,
                                     unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx512);
  gcm_message_keysize(0, out, in, len, aad, aad_len, j0, tag, rk, rounds, table);
}

static void aes_gcm_vaes_avx512_open(uint8_t *out, const uint8_t *in, size_t len, const uint8_t *aad,
                                     size_t aad_len, const uint8_t j0[16], uint8_t tag[16], const void *rk,
                                     unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx512);
  gcm_message_keysize(1, out, in, len, aad, aad_len, j0, tag, rk, rounds, table);
}

/* The bulk step (the table's encrypt and decrypt, which the streaming
 * AEAD calls per piece): nblocks full blocks from ctr, the GHASH value
 * carried in and out through y. The full batches as in a whole message,
 * then the last 0..15 blocks in one masked pass and one reduction. */
static inline __attribute__((always_inline)) void gcm_bulk(int decrypt, uint8_t *out, const uint8_t *in,
                                                           size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                                                           const void *rk, unsigned rounds, const void *table) {
  const __m512i bs = BSWAP4;
  gcm_state st;
  load_keys(&st.ks, rk, rounds, 0);
  st.c = ctr_start(ctr);
  st.s = gh_bswap(_mm_loadu_si128((const __m128i *)y));
  gh4_zero(&st.a);
  size_t batches = nblocks / 16, n = nblocks % 16;
  if (batches) {
    gcm_batches(&st, decrypt, out, in, batches, rounds, table);
    in += 256 * batches;
    out += 256 * batches;
  }
  if (n) {
    __m512i x[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (size_t g = 0; 4 * g < n; g++) {
      size_t m = n - 4 * g < 4 ? n - 4 * g : 4;
      __mmask64 mask = gh4_mask(m);
      __m512i i4 = _mm512_maskz_loadu_epi8(mask, in + 64 * g);
      __m512i o = _mm512_maskz_mov_epi8(mask, _mm512_xor_si512(enc4(_mm512_shuffle_epi8(st.c, bs), &st.ks), i4));
      _mm512_mask_storeu_epi8(out + 64 * g, mask, o);
      x[g] = gh4_bswap(decrypt ? i4 : o);
      st.c = ADD4(st.c, (int)m);
    }
    gh4_acc a;
    gh4_zero(&a);
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(st.s));
    gh4_run(&a, x, n, table);
    st.s = gh4_reduce(&a);
  }
  ctr_store(ctr, st.c);
  _mm_storeu_si128((__m128i *)y, gh_bswap(st.s));
}

/* One copy per key size, as gcm_message_keysize. */
static inline __attribute__((always_inline)) void gcm_bulk_keysize(int decrypt, uint8_t *out, const uint8_t *in,
                                                                   size_t nblocks, uint8_t ctr[16], uint8_t y[16],
                                                                   const void *rk, unsigned rounds,
                                                                   const void *table) {
  if (rounds == 10)
    gcm_bulk(decrypt, out, in, nblocks, ctr, y, rk, 10, table);
  else if (rounds == 12)
    gcm_bulk(decrypt, out, in, nblocks, ctr, y, rk, 12, table);
  else
    gcm_bulk(decrypt, out, in, nblocks, ctr, y, rk, 14, table);
}

static void aes_gcm_vaes_avx512_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                        uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx512);
  gcm_bulk_keysize(0, out, in, nblocks, ctr, y, rk, rounds, table);
}

static void aes_gcm_vaes_avx512_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                                        uint8_t y[16], const void *rk, unsigned rounds, const void *table) {
  HWC_COUNT_CALL(aes_gcm_vaes_avx512);
  gcm_bulk_keysize(1, out, in, nblocks, ctr, y, rk, rounds, table);
}

extern const hwc_aes_kernel hwc_aes_vaes_avx512;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx512;

const hwc_aes_gcm_kernel hwc_aes_gcm_vaes_avx512 = {
    .info = {.name = "vaes-avx512", .required = HWC_REQUIRED, .priority = HWC_PRIO_VEC512,
             HWC_CALLS(aes_gcm_vaes_avx512)},
    .aes = &hwc_aes_vaes_avx512,
    .ghash = &hwc_ghash_vpclmul_avx512,
    .stride = 32,
    .encrypt = aes_gcm_vaes_avx512_encrypt,
    .decrypt = aes_gcm_vaes_avx512_decrypt,
    .seal = aes_gcm_vaes_avx512_seal,
    .open = aes_gcm_vaes_avx512_open,
};
