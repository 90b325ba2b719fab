/* SPDX-License-Identifier: ISC */
/* Generators of structured inputs at kernel bounds: see edge.h. */
#include "edge.h"

#include <string.h>

/* ---- Poly1305 */

/* r as a little-endian 128-bit value, already clamped (RFC 8439 2.5.1):
 * the clamp clears the top 4 bits of bytes 3, 7, 11, 15 and the low 2 bits
 * of bytes 4, 8, 12, so 0x0ffffffc0ffffffc0ffffffc0fffffff is the largest r. */
static const struct {
  uint64_t lo, hi;
} poly_r[] = {
    {1, 0},
    {2, 0},
    {3, 0},
    {16, 0},
    {0x0ffffffc0fffffffull, 0x0ffffffc0ffffffcull},
    {0, 0x0ffffffc00000000ull},
    {0x000000000fffffffull, 0},
};
#define POLY_R_COUNT (sizeof poly_r / sizeof poly_r[0])

size_t t_edge_poly1305_key_count(void) { return 2 * POLY_R_COUNT; }

void t_edge_poly1305_key(uint8_t key[32], size_t i) {
  uint64_t lo = poly_r[i / 2].lo, hi = poly_r[i / 2].hi;
  for (int b = 0; b < 8; b++) {
    key[b] = (uint8_t)(lo >> 8 * b);
    key[8 + b] = (uint8_t)(hi >> 8 * b);
  }
  memset(key + 16, (i & 1) ? 0xff : 0x00, 16);
}

/* One repeating unit per pattern; len 0 means "repeat the fill byte". */
static const struct {
  const char *name;
  uint8_t fill;
  uint8_t unit[48];
  size_t unit_len;
} poly_msg[] = {
    {"all-ff", 0xff, {0}, 0},
    {"all-zero", 0x00, {0}, 0},
    {"rfc8439-a3-7",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
     48},
    {"rfc8439-a3-8",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0xfb, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe,
      0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01},
     48},
    {"ff-then-zero",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
     32},
};
#define POLY_MSG_COUNT (sizeof poly_msg / sizeof poly_msg[0])

size_t t_edge_poly1305_msg_count(void) { return POLY_MSG_COUNT; }

const char *t_edge_poly1305_msg_name(size_t i) { return poly_msg[i].name; }

void t_edge_poly1305_msg(uint8_t *m, size_t len, size_t i) {
  if (poly_msg[i].unit_len == 0) {
    memset(m, poly_msg[i].fill, len);
    return;
  }
  for (size_t at = 0; at < len; at++) m[at] = poly_msg[i].unit[at % poly_msg[i].unit_len];
}

/* ---- little-endian byte-string helpers shared by the families below */

/* Sets bits lo .. hi-1 of the n-byte little-endian x. */
static void le_set_bits(uint8_t *x, size_t n, size_t lo, size_t hi) {
  for (size_t b = lo; b < hi && b < 8 * n; b++) x[b / 8] |= (uint8_t)(1u << (b % 8));
}

/* x += k modulo 2^(8n), k of either sign. */
static void le_add_small(uint8_t *x, size_t n, int64_t k) {
  uint64_t addend = (uint64_t)k, fill = k < 0 ? 0xff : 0; /* two's complement, sign-extended */
  unsigned carry = 0;
  for (size_t j = 0; j < n; j++) {
    unsigned byte = j < 8 ? (unsigned)(addend >> 8 * j) & 0xff : (unsigned)fill;
    unsigned s = x[j] + byte + carry;
    x[j] = (uint8_t)s;
    carry = s >> 8;
  }
}

/* out (na + nb bytes) = a * b, schoolbook on bytes; out must not alias. */
static void le_mul(uint8_t *out, const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  memset(out, 0, na + nb);
  for (size_t i = 0; i < na; i++) {
    unsigned carry = 0;
    for (size_t j = 0; j < nb; j++) {
      unsigned t = out[i + j] + (unsigned)a[i] * b[j] + carry;
      out[i + j] = (uint8_t)t;
      carry = t >> 8;
    }
    for (size_t j = i + nb; carry; j++) {
      unsigned t = out[j] + carry;
      out[j] = (uint8_t)t;
      carry = t >> 8;
    }
  }
}

/* x += y, both n bytes, modulo 2^(8n). */
static void le_add(uint8_t *x, const uint8_t *y, size_t n) {
  unsigned carry = 0;
  for (size_t j = 0; j < n; j++) {
    unsigned s = x[j] + y[j] + carry;
    x[j] = (uint8_t)s;
    carry = s >> 8;
  }
}

/* ---- fe25519 */

/* Where each backend radix puts its limbs (bit offsets, then 256 as the end
 * of the last limb, so the top limb of radix 2^52 and 2^64 takes bit 255). */
static const struct {
  size_t limbs;
  uint16_t pos[11];
} fe_radix[] = {
    {5, {0, 51, 102, 153, 204, 255}},                          /* 2^51 (generic, avx2 scalar part) */
    {10, {0, 26, 51, 77, 102, 128, 153, 179, 204, 230, 255}}, /* 2^25.5 (avx2 ladder, generic fallback) */
    {5, {0, 52, 104, 156, 208, 256}},                          /* 2^52 */
    {4, {0, 64, 128, 192, 256}},                               /* 2^64 (mulx, ifma scalar part) */
};
#define FE_RADIX_COUNT (sizeof fe_radix / sizeof fe_radix[0])

static const uint8_t fe_small[] = {0, 1, 2, 19, 38};
static const uint16_t fe_bits[] = {25, 26, 51, 52, 64, 128, 204, 254};
#define FE_SMALL_COUNT (sizeof fe_small)
#define FE_NEAR_P_COUNT 21 /* p - 2 .. p + 18 = 2^255 - 1 */
#define FE_TOP_COUNT 6     /* 0, 1, 19, p - 1, p, 2^255 - 1, each with bit 255 set */
#define FE_BITS_COUNT (sizeof fe_bits / sizeof fe_bits[0])

/* p = 2^255 - 19 as bytes. */
static void fe_set_p(uint8_t out[32]) {
  memset(out, 0, 32);
  le_set_bits(out, 32, 0, 255);
  le_add_small(out, 32, -18);
}

static size_t fe_radix_patterns(size_t r) { return fe_radix[r].limbs + 2; }

size_t t_edge_fe25519_count(void) {
  size_t n = FE_SMALL_COUNT + FE_NEAR_P_COUNT + FE_TOP_COUNT + FE_BITS_COUNT;
  for (size_t r = 0; r < FE_RADIX_COUNT; r++) n += fe_radix_patterns(r);
  return n;
}

void t_edge_fe25519(uint8_t out[32], size_t i) {
  memset(out, 0, 32);
  if (i < FE_SMALL_COUNT) {
    out[0] = fe_small[i];
    return;
  }
  i -= FE_SMALL_COUNT;
  if (i < FE_NEAR_P_COUNT) {
    fe_set_p(out);
    le_add_small(out, 32, (int64_t)i - 2);
    return;
  }
  i -= FE_NEAR_P_COUNT;
  if (i < FE_TOP_COUNT) {
    static const int64_t low[3] = {0, 1, 19}, near_p[3] = {-1, 0, 18};
    if (i < 3) {
      out[0] = (uint8_t)low[i];
    } else {
      fe_set_p(out);
      le_add_small(out, 32, near_p[i - 3]);
    }
    out[31] |= 0x80;
    return;
  }
  i -= FE_TOP_COUNT;
  if (i < FE_BITS_COUNT) {
    le_set_bits(out, 32, fe_bits[i], fe_bits[i] + 1u);
    return;
  }
  i -= FE_BITS_COUNT;
  for (size_t r = 0; r < FE_RADIX_COUNT; r++) {
    size_t limbs = fe_radix[r].limbs;
    if (i >= fe_radix_patterns(r)) {
      i -= fe_radix_patterns(r);
      continue;
    }
    for (size_t l = 0; l < limbs; l++) {
      /* pattern l: limb l alone; limbs: the even limbs; limbs + 1: the odd */
      int on = i < limbs ? l == i : (l % 2) == (i - limbs);
      if (on) le_set_bits(out, 32, fe_radix[r].pos[l], fe_radix[r].pos[l + 1]);
    }
    return;
  }
}

/* ---- scalars mod L */

/* L, little-endian. */
static const uint8_t sc_l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                 0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                 0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};

/* value = lmul * L + (bits lo .. hi-1) + off, modulo 2^256. */
static const struct {
  uint8_t lmul;
  int8_t off;
  uint16_t lo, hi;
} sc_edge[] = {
    {0, 0, 0, 0},     {0, 1, 0, 0},     {0, 2, 0, 0},                         /* 0, 1, 2 */
    {1, -2, 0, 0},    {1, -1, 0, 0},    {1, 0, 0, 0},   {1, 1, 0, 0}, {1, 2, 0, 0}, /* L-2 .. L+2 */
    {2, -1, 0, 0},    {2, 0, 0, 0},     {2, 1, 0, 0},                         /* 2L-1 .. 2L+1 */
    {15, 0, 0, 0},    {15, 1, 0, 0},                                          /* 15L, 15L+1 */
    {0, 0, 0, 252},   {0, 0, 252, 253}, {0, 1, 252, 253},                     /* 2^252-1, 2^252, 2^252+1 */
    {0, 0, 0, 253},   {0, 0, 253, 254},                                       /* 2^253-1, 2^253 */
    {0, 0, 0, 255},   {0, 0, 255, 256}, {0, 0, 0, 256},                       /* 2^255-1, 2^255, 2^256-1 */
    {0, 0, 0, 128},   {0, 0, 128, 129},                                       /* 2^128-1, 2^128 */
    {1, -1, 255, 256},                                                        /* L-1 + 2^255 */
};
#define SC_EDGE_COUNT (sizeof sc_edge / sizeof sc_edge[0])

size_t t_edge_scalar25519_count(void) { return SC_EDGE_COUNT; }

void t_edge_scalar25519(uint8_t out[32], size_t i) {
  uint8_t k[1] = {sc_edge[i].lmul}, prod[33];
  le_mul(prod, sc_l, 32, k, 1);
  memcpy(out, prod, 32);
  uint8_t bits[32] = {0};
  le_set_bits(bits, 32, sc_edge[i].lo, sc_edge[i].hi);
  le_add(out, bits, 32);
  le_add_small(out, 32, sc_edge[i].off);
}

/* The plain 64-byte values, as bit ranges plus a small offset or L +- 1. */
static const struct {
  int8_t lmul, off;
  uint16_t lo, hi;
} sc_wide_plain[] = {
    {0, 0, 0, 0},     {0, 1, 0, 0},     {1, -1, 0, 0}, {1, 0, 0, 0},   {1, 1, 0, 0},
    {0, 0, 0, 256},   {0, 0, 256, 257}, {0, 0, 511, 512}, {0, 0, 0, 512},
};
#define SC_WIDE_PLAIN_COUNT (sizeof sc_wide_plain / sizeof sc_wide_plain[0])

/* The multipliers k of L*k + {-1, 0, 1}: bits lo .. hi-1 plus off, or L
 * itself (is_l). Bits 133 .. 259, 2^260 - 2^133, put L*k just below 2^512:
 * L = 2^252 + d with d < 2^125, so L (2^260 - 2^133) = 2^512 + 2^260 d -
 * 2^133 L, and 2^260 d < 2^385 <= 2^133 L. */
static const struct {
  uint8_t is_l;
  int8_t off;
  uint16_t lo, hi;
} sc_wide_k[] = {
    {0, 2, 0, 0}, {0, 0, 0, 64}, {0, 1, 128, 129}, {0, 0, 252, 253}, {1, 0, 0, 0}, {0, 0, 0, 256}, {0, 0, 133, 260},
};
#define SC_WIDE_K_COUNT (sizeof sc_wide_k / sizeof sc_wide_k[0])

size_t t_edge_scalar25519_wide_count(void) { return SC_WIDE_PLAIN_COUNT + 3 * SC_WIDE_K_COUNT; }

void t_edge_scalar25519_wide(uint8_t out[64], size_t i) {
  memset(out, 0, 64);
  if (i < SC_WIDE_PLAIN_COUNT) {
    if (sc_wide_plain[i].lmul) memcpy(out, sc_l, 32);
    uint8_t bits[64] = {0};
    le_set_bits(bits, 64, sc_wide_plain[i].lo, sc_wide_plain[i].hi);
    le_add(out, bits, 64);
    le_add_small(out, 64, sc_wide_plain[i].off);
    return;
  }
  i -= SC_WIDE_PLAIN_COUNT;
  size_t ki = i / 3;
  uint8_t k[33] = {0}, prod[65];
  if (sc_wide_k[ki].is_l) {
    memcpy(k, sc_l, 32);
  } else {
    le_set_bits(k, 33, sc_wide_k[ki].lo, sc_wide_k[ki].hi);
    le_add_small(k, 33, sc_wide_k[ki].off);
  }
  le_mul(prod, sc_l, 32, k, 33); /* below 2^512: the top byte is 0 */
  memcpy(out, prod, 64);
  le_add_small(out, 64, (int64_t)(i % 3) - 1);
}

/* ---- bignum (big-endian, as hwc_modexp takes them) */

/* Big-endian x -= k (k small, no borrow out of the top for the uses here). */
static void be_sub_small(uint8_t *x, size_t len, unsigned k) {
  unsigned borrow = k;
  for (size_t j = len; j-- > 0 && borrow;) {
    unsigned v = x[j];
    x[j] = (uint8_t)(v - (borrow & 0xff));
    borrow = (borrow >> 8) + (v < (borrow & 0xff));
  }
}

size_t t_edge_bignum_modulus_count(void) { return 5; }

void t_edge_bignum_modulus(uint8_t *m, size_t len, size_t i) {
  memset(m, 0, len);
  switch (i) {
    case 0: /* 2^k - 1 */
      memset(m, 0xff, len);
      break;
    case 1: /* 2^(k-1) + 1 */
      m[0] = 0x80;
      m[len - 1] |= 1;
      break;
    case 2: /* 2^(k-1) + 2^64 - 1 */
      m[0] = 0x80;
      memset(m + len - 8, 0xff, 8);
      break;
    case 3: /* 2^k - 2^64 + 1 */
      memset(m, 0xff, len - 8);
      m[len - 1] = 1;
      break;
    default: /* 64-bit words alternately all ones and zero, top and bottom ones */
      for (size_t j = 0; j < len; j++) { /* j: little-endian byte index */
        size_t w = j / 8;
        if (w % 2 == 0 || w == (len - 1) / 8) m[len - 1 - j] = 0xff;
      }
      break;
  }
}

size_t t_edge_bignum_base_count(void) { return 7; }

void t_edge_bignum_base(uint8_t *b, const uint8_t *m, size_t len, size_t i) {
  memset(b, 0, len);
  switch (i) {
    case 0: break;
    case 1: b[len - 1] = 1; break;
    case 2: b[len - 1] = 2; break;
    case 3: memcpy(b, m, len); be_sub_small(b, len, 2); break;
    case 4: memcpy(b, m, len); be_sub_small(b, len, 1); break;
    case 5: memcpy(b, m, len); break;
    default: memset(b, 0xff, len); break;
  }
}

size_t t_edge_bignum_exp_count(void) { return 6; }

void t_edge_bignum_exp(uint8_t *e, size_t len, size_t i) {
  memset(e, 0, len);
  if (len == 0) return;
  switch (i) {
    case 0: break;
    case 1: e[len - 1] = 1; break;
    case 2: e[len - 1] = 2; break;
    case 3: e[0] = 0x80; break;
    case 4: memset(e, 0xff, len); break;
    default: memset(e, 0x55, len); break;
  }
}

/* ---- GHASH */

size_t t_edge_ghash_key_count(void) { return 4 + 128; }

void t_edge_ghash_key(uint8_t h[16], size_t i) {
  static const uint8_t fill[4] = {0x00, 0xff, 0x55, 0xaa};
  if (i < 4) {
    memset(h, fill[i], 16);
    return;
  }
  size_t bit = i - 4; /* SP 800-38D: the first byte's top bit is x^0 */
  memset(h, 0, 16);
  h[bit / 8] = (uint8_t)(0x80u >> (bit % 8));
}

static const char *const ghash_msg_names[] = {"all-ff", "all-zero", "walking-bit", "ff-then-zero", "ff-but-x127"};
#define GHASH_MSG_COUNT (sizeof ghash_msg_names / sizeof ghash_msg_names[0])

size_t t_edge_ghash_msg_count(void) { return GHASH_MSG_COUNT; }

const char *t_edge_ghash_msg_name(size_t i) { return ghash_msg_names[i]; }

void t_edge_ghash_msg(uint8_t *m, size_t len, size_t i) {
  for (size_t at = 0; at < len; at++) {
    size_t block = at / 16, byte = at % 16;
    switch (i) {
      case 0: m[at] = 0xff; break;
      case 1: m[at] = 0x00; break;
      case 2: m[at] = byte == (block % 128) / 8 ? (uint8_t)(0x80u >> (block % 8)) : 0; break;
      case 3: m[at] = (block % 2 == 0) ? 0xff : 0x00; break;
      default: m[at] = byte == 15 ? 0xfe : 0xff; break;
    }
  }
}
