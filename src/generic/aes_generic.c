/* SPDX-License-Identifier: ISC */
/*
 * AES-128/192/256 (FIPS 197) in portable C, four blocks at a time in 64-bit
 * bitsliced form.
 *
 * Method: the "ct64" slicing described by Thomas Pornin for BearSSL
 * (bearssl.org/constanttime.html): four blocks are spread over eight 64-bit
 * words so that word i holds bit i of every byte of every block; SubBytes is
 * then Boyar and Peralta's 113-gate circuit for the S-box ("A depth-16
 * circuit for the AES S-box", 2011) evaluated on whole words, ShiftRows is a
 * fixed bit permutation inside each word and MixColumns a few rotations. The
 * round keys are stored already sliced (the same transform as the data, with
 * the key copied into all four lanes), so a round is XORs, ANDs and shifts.
 *
 * ISA: any C11 target with 64-bit integers.
 * Constant time: no table lookup, branch or variable-latency instruction
 * ever depends on the key or the data; only the block count and the round
 * count (public) steer control flow.
 */
#include <string.h>

#include "src/common/aes_ct64.h"
#include "src/common/byteorder.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(aes_generic);

/* ------------------------------------------------------------ bit slicing */

/* y -> A^-1 (y XOR 0x63), the inverse of the S-box's affine layer. Since
 * S(x) = A(x^-1) + 0x63, the inverse S-box is this map, then the forward
 * circuit (an inversion followed by the affine layer), then this map again:
 * one circuit serves both directions. */
static void inv_affine(uint64_t *q) {
  uint64_t q0 = ~q[0], q1 = ~q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = ~q[5], q6 = ~q[6], q7 = q[7];
  q[7] = q1 ^ q4 ^ q6;
  q[6] = q0 ^ q3 ^ q5;
  q[5] = q7 ^ q2 ^ q4;
  q[4] = q6 ^ q1 ^ q3;
  q[3] = q5 ^ q0 ^ q2;
  q[2] = q4 ^ q7 ^ q1;
  q[1] = q3 ^ q6 ^ q0;
  q[0] = q2 ^ q5 ^ q7;
}

static void inv_sbox(uint64_t *q) {
  inv_affine(q);
  hwc_ct64_sbox(q);
  inv_affine(q);
}

/* Spreads one block (four little-endian column words) over two words, even
 * and odd bytes apart, so that after hwc_ct64_ortho() the four blocks of q[i] and
 * q[i + 4] form the bit planes with the state's columns in 16-bit lanes. */
static void interleave_in(uint64_t *q0, uint64_t *q1, const uint32_t *w) {
  uint64_t x0 = w[0], x1 = w[1], x2 = w[2], x3 = w[3];
  x0 |= x0 << 16;
  x1 |= x1 << 16;
  x2 |= x2 << 16;
  x3 |= x3 << 16;
  x0 &= 0x0000FFFF0000FFFFu;
  x1 &= 0x0000FFFF0000FFFFu;
  x2 &= 0x0000FFFF0000FFFFu;
  x3 &= 0x0000FFFF0000FFFFu;
  x0 |= x0 << 8;
  x1 |= x1 << 8;
  x2 |= x2 << 8;
  x3 |= x3 << 8;
  x0 &= 0x00FF00FF00FF00FFu;
  x1 &= 0x00FF00FF00FF00FFu;
  x2 &= 0x00FF00FF00FF00FFu;
  x3 &= 0x00FF00FF00FF00FFu;
  *q0 = x0 | x2 << 8;
  *q1 = x1 | x3 << 8;
}

static void interleave_out(uint32_t *w, uint64_t q0, uint64_t q1) {
  uint64_t x0 = q0 & 0x00FF00FF00FF00FFu, x1 = q1 & 0x00FF00FF00FF00FFu;
  uint64_t x2 = (q0 >> 8) & 0x00FF00FF00FF00FFu, x3 = (q1 >> 8) & 0x00FF00FF00FF00FFu;
  x0 |= x0 >> 8;
  x1 |= x1 >> 8;
  x2 |= x2 >> 8;
  x3 |= x3 >> 8;
  x0 &= 0x0000FFFF0000FFFFu;
  x1 &= 0x0000FFFF0000FFFFu;
  x2 &= 0x0000FFFF0000FFFFu;
  x3 &= 0x0000FFFF0000FFFFu;
  w[0] = (uint32_t)x0 | (uint32_t)(x0 >> 16);
  w[1] = (uint32_t)x1 | (uint32_t)(x1 >> 16);
  w[2] = (uint32_t)x2 | (uint32_t)(x2 >> 16);
  w[3] = (uint32_t)x3 | (uint32_t)(x3 >> 16);
}

/* Up to four 16-byte blocks into bit planes; missing blocks are zero. */
static void slice_in(uint64_t q[8], const uint8_t *in, size_t n) {
  uint32_t w[16] = {0};
  for (size_t i = 0; i < 4 * n; i++) w[i] = hwc_load32_le(in + 4 * i);
  for (int i = 0; i < 4; i++) interleave_in(&q[i], &q[i + 4], w + 4 * i);
  hwc_ct64_ortho(q);
}

static void slice_out(uint8_t *out, size_t n, uint64_t q[8]) {
  uint32_t w[16];
  hwc_ct64_ortho(q);
  for (int i = 0; i < 4; i++) interleave_out(w + 4 * i, q[i], q[i + 4]);
  for (size_t i = 0; i < 4 * n; i++) hwc_store32_le(out + 4 * i, w[i]);
}

/* ------------------------------------------------------------ round steps */

/* The stored round keys are bytes at any address (the caller's key object
 * may be packed or copied anywhere), so each word is read through memcpy,
 * which compiles to a plain unaligned load. sk points at one round key. */
static void add_round_key(uint64_t *q, const uint8_t *sk) {
  for (int i = 0; i < 8; i++) {
    uint64_t k;
    memcpy(&k, sk + 8 * i, sizeof k);
    q[i] ^= k;
  }
}

/* Row r of every column sits in bits 16r..16r+15 of each word (4 bits per
 * column), so rotating row r left by r columns is a rotation inside its
 * 16-bit lane. */
static void shift_rows(uint64_t *q) {
  for (int i = 0; i < 8; i++) {
    uint64_t x = q[i];
    q[i] = (x & 0x000000000000FFFFu) | ((x & 0x00000000FFF00000u) >> 4) |
           ((x & 0x00000000000F0000u) << 12) | ((x & 0x0000FF0000000000u) >> 8) |
           ((x & 0x000000FF00000000u) << 8) | ((x & 0xF000000000000000u) >> 12) |
           ((x & 0x0FFF000000000000u) << 4);
  }
}

static void inv_shift_rows(uint64_t *q) {
  for (int i = 0; i < 8; i++) {
    uint64_t x = q[i];
    q[i] = (x & 0x000000000000FFFFu) | ((x & 0x000000000FFF0000u) << 4) |
           ((x & 0x00000000F0000000u) >> 12) | ((x & 0x000000FF00000000u) << 8) |
           ((x & 0x0000FF0000000000u) >> 8) | ((x & 0x000F000000000000u) << 12) |
           ((x & 0xFFF0000000000000u) >> 4);
  }
}

static uint64_t rotr32(uint64_t x) { return x << 32 | x >> 32; }

/* MixColumns: out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}. Rotating a word
 * by 16 bits moves every byte down one row (r below); by 32 bits, two rows.
 * Multiplying by x feeds plane 7 back into planes 0, 1, 3 and 4 (0x11b). */
static void mix_columns(uint64_t *q) {
  uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
  uint64_t r0 = q0 >> 16 | q0 << 48, r1 = q1 >> 16 | q1 << 48, r2 = q2 >> 16 | q2 << 48,
           r3 = q3 >> 16 | q3 << 48, r4 = q4 >> 16 | q4 << 48, r5 = q5 >> 16 | q5 << 48,
           r6 = q6 >> 16 | q6 << 48, r7 = q7 >> 16 | q7 << 48;
  q[0] = q7 ^ r7 ^ r0 ^ rotr32(q0 ^ r0);
  q[1] = q0 ^ r0 ^ q7 ^ r7 ^ r1 ^ rotr32(q1 ^ r1);
  q[2] = q1 ^ r1 ^ r2 ^ rotr32(q2 ^ r2);
  q[3] = q2 ^ r2 ^ q7 ^ r7 ^ r3 ^ rotr32(q3 ^ r3);
  q[4] = q3 ^ r3 ^ q7 ^ r7 ^ r4 ^ rotr32(q4 ^ r4);
  q[5] = q4 ^ r4 ^ r5 ^ rotr32(q5 ^ r5);
  q[6] = q5 ^ r5 ^ r6 ^ rotr32(q6 ^ r6);
  q[7] = q6 ^ r6 ^ r7 ^ rotr32(q7 ^ r7);
}

/* InvMixColumns = MixColumns after the circulant (05 00 04 00): each byte
 * gains 4 * (a_r + a_{r+2}), i.e. two doublings of (q XOR rotr32(q)). Slower
 * than a dedicated formula by a handful of XORs, and correct by
 * construction. */
static void inv_mix_columns(uint64_t *q) {
  uint64_t u[8], v[8];
  for (int i = 0; i < 8; i++) u[i] = q[i] ^ rotr32(q[i]);
  for (int k = 0; k < 2; k++) {
    v[0] = u[7];
    v[1] = u[0] ^ u[7];
    v[2] = u[1];
    v[3] = u[2] ^ u[7];
    v[4] = u[3] ^ u[7];
    v[5] = u[4];
    v[6] = u[5];
    v[7] = u[6];
    memcpy(u, v, sizeof u);
  }
  for (int i = 0; i < 8; i++) q[i] ^= u[i];
  mix_columns(q);
}

/* One round key: eight sliced 64-bit words. */
#define SLICED_KEY_BYTES 64

static void encrypt_sliced(uint64_t *q, const uint8_t *sk, unsigned rounds) {
  add_round_key(q, sk);
  for (unsigned r = 1; r < rounds; r++) {
    hwc_ct64_sbox(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, sk + SLICED_KEY_BYTES * r);
  }
  hwc_ct64_sbox(q);
  shift_rows(q);
  add_round_key(q, sk + SLICED_KEY_BYTES * rounds);
}

static void decrypt_sliced(uint64_t *q, const uint8_t *sk, unsigned rounds) {
  add_round_key(q, sk + SLICED_KEY_BYTES * rounds);
  for (unsigned r = rounds - 1; r > 0; r--) {
    inv_shift_rows(q);
    inv_sbox(q);
    add_round_key(q, sk + SLICED_KEY_BYTES * r);
    inv_mix_columns(q);
  }
  inv_shift_rows(q);
  inv_sbox(q);
  add_round_key(q, sk);
}

/* Stored layout: 8 words per round key, the key sliced into all four lanes. */
static void aes_generic_setkey(void *rk, const uint8_t *key, size_t key_len) {
  HWC_COUNT_CALL(aes_generic);
  uint32_t w[60];
  uint64_t q[8];
  uint8_t *sk = rk;
  size_t rounds = key_len / 4 + 6;
  hwc_aes_expand_key(w, key, key_len);
  for (size_t r = 0; r <= rounds; r++) {
    for (int i = 0; i < 4; i++) interleave_in(&q[i], &q[i + 4], w + 4 * r);
    hwc_ct64_ortho(q);
    memcpy(sk + SLICED_KEY_BYTES * r, q, SLICED_KEY_BYTES); /* rk may be unaligned */
  }
  memset(w, 0, sizeof w);
  memset(q, 0, sizeof q);
  __asm__ __volatile__("" : : "r"(w) : "memory");
}

/* ------------------------------------------------------------ modes */

static void aes_generic_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk,
                                unsigned rounds) {
  HWC_COUNT_CALL(aes_generic);
  uint64_t q[8];
  while (nblocks) {
    size_t n = nblocks < 4 ? nblocks : 4;
    slice_in(q, in, n);
    encrypt_sliced(q, rk, rounds);
    slice_out(out, n, q);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
}

static void aes_generic_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk,
                                unsigned rounds) {
  HWC_COUNT_CALL(aes_generic);
  uint64_t q[8];
  while (nblocks) {
    size_t n = nblocks < 4 ? nblocks : 4;
    slice_in(q, in, n);
    decrypt_sliced(q, rk, rounds);
    slice_out(out, n, q);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
}

static void aes_generic_ctr32(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                              const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_generic);
  uint8_t ks[64];
  uint64_t q[8];
  uint32_t c = hwc_load32_be(ctr + 12);
  while (nblocks) {
    size_t n = nblocks < 4 ? nblocks : 4;
    /* Always four counter blocks: a loop bounded by n would let the
     * compiler test the counter itself for the exit, and the counter is
     * secret when J0 came from GHASH of a non-96-bit nonce. */
    for (uint32_t i = 0; i < 4; i++) {
      uint32_t ci = c + i;
      memcpy(ks + 16 * i, ctr, 12);
      hwc_store32_be(ks + 16 * i + 12, ci);
    }
    c += (uint32_t)n;
    slice_in(q, ks, n);
    encrypt_sliced(q, rk, rounds);
    slice_out(ks, n, q);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  hwc_store32_be(ctr + 12, c);
}

/* CBC encryption is serial: each block waits for the previous one, so three
 * of the four lanes idle. */
static void aes_generic_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16],
                                    const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_generic);
  uint8_t x[16];
  uint64_t q[8];
  memcpy(x, iv, 16);
  for (; nblocks; nblocks--, in += 16, out += 16) {
    for (int i = 0; i < 16; i++) x[i] ^= in[i];
    slice_in(q, x, 1);
    encrypt_sliced(q, rk, rounds);
    slice_out(x, 1, q);
    memcpy(out, x, 16);
  }
  memcpy(iv, x, 16);
}

static void aes_generic_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16],
                                    const void *rk, unsigned rounds) {
  HWC_COUNT_CALL(aes_generic);
  uint8_t prev[16], ct[64], pt[64];
  uint64_t q[8];
  memcpy(prev, iv, 16);
  while (nblocks) {
    size_t n = nblocks < 4 ? nblocks : 4;
    memcpy(ct, in, 16 * n); /* out may be in */
    slice_in(q, ct, n);
    decrypt_sliced(q, rk, rounds);
    slice_out(pt, n, q);
    for (size_t i = 0; i < 16; i++) out[i] = pt[i] ^ prev[i];
    for (size_t i = 16; i < 16 * n; i++) out[i] = pt[i] ^ ct[i - 16];
    memcpy(prev, ct + 16 * (n - 1), 16);
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  memcpy(iv, prev, 16);
}

const hwc_aes_kernel hwc_aes_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(aes_generic)},
    .setkey = aes_generic_setkey,
    .encrypt = aes_generic_encrypt,
    .decrypt = aes_generic_decrypt,
    .ctr32 = aes_generic_ctr32,
    .cbc_encrypt = aes_generic_cbc_encrypt,
    .cbc_decrypt = aes_generic_cbc_decrypt,
};
