/* SPDX-License-Identifier: ISC */
/*
 * SHA-1 compression (FIPS 180-4, 6.1.2) in portable C.
 *
 * Algorithm: the standard's eighty rounds over a sixteen-word circular
 * message schedule (the "alternate method" of 6.1.3, which needs 64 bytes of
 * schedule instead of 320). Rounds 0-19 use Ch, 20-39 and 60-79 Parity,
 * 40-59 Maj, each stage with its own constant: one loop per stage.
 * ISA: none beyond C.
 *
 * Constant time: only 32-bit additions, rotations and bitwise operations;
 * the loop bounds and schedule indices depend on the round number, never on
 * the data.
 */
#include "src/common/byteorder.h"
#include "src/kernels.h"

HWC_CALL_COUNTER(sha1_generic);

static inline uint32_t rol32(uint32_t x, unsigned n) { return x << n | x >> (32 - n); }

/* Schedule word t (t >= 16) in place of W[t-16]: W[t] = ROTL1(W[t-3] ^
 * W[t-8] ^ W[t-14] ^ W[t-16]), indices taken mod 16. */
static inline uint32_t next_w(uint32_t w[16], unsigned t) {
  uint32_t v = rol32(w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^ w[t & 15], 1);
  w[t & 15] = v;
  return v;
}

/* The three round functions (FIPS 180-4, 4.1.1). */
static inline uint32_t f_ch(uint32_t b, uint32_t c, uint32_t d) { return (b & c) ^ (~b & d); }
static inline uint32_t f_parity(uint32_t b, uint32_t c, uint32_t d) { return b ^ c ^ d; }
static inline uint32_t f_maj(uint32_t b, uint32_t c, uint32_t d) { return (b & c) ^ (b & d) ^ (c & d); }

/* One round, given f(b, c, d) + K + W[t]; s holds a..e. */
static inline void step(uint32_t s[5], uint32_t fkw) {
  uint32_t a = rol32(s[0], 5) + fkw + s[4];
  s[4] = s[3];
  s[3] = s[2];
  s[2] = rol32(s[1], 30);
  s[1] = s[0];
  s[0] = a;
}

static void sha1_generic_blocks(uint32_t state[5], const uint8_t *in, size_t nblocks) {
  HWC_COUNT_CALL(sha1_generic);
  for (; nblocks; nblocks--, in += 64) {
    uint32_t w[16], s[5] = {state[0], state[1], state[2], state[3], state[4]};
    unsigned t = 0;
    for (; t < 16; t++) {
      w[t] = hwc_load32_be(in + 4 * t);
      step(s, f_ch(s[1], s[2], s[3]) + 0x5a827999u + w[t]);
    }
    for (; t < 20; t++) step(s, f_ch(s[1], s[2], s[3]) + 0x5a827999u + next_w(w, t));
    for (; t < 40; t++) step(s, f_parity(s[1], s[2], s[3]) + 0x6ed9eba1u + next_w(w, t));
    for (; t < 60; t++) step(s, f_maj(s[1], s[2], s[3]) + 0x8f1bbcdcu + next_w(w, t));
    for (; t < 80; t++) step(s, f_parity(s[1], s[2], s[3]) + 0xca62c1d6u + next_w(w, t));
    for (unsigned i = 0; i < 5; i++) state[i] += s[i];
  }
}

const hwc_sha1_kernel hwc_sha1_generic = {
    .info = {.name = "generic", .required = 0, .priority = HWC_PRIO_PORTABLE, HWC_CALLS(sha1_generic)},
    .blocks = sha1_generic_blocks,
};
