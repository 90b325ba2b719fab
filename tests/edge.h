/* SPDX-License-Identifier: ISC */
/*
 * Structured test inputs at the bounds the kernels' arithmetic relies on
 * (DESIGN.md, testing item 2). Random inputs essentially never put a limb at
 * its maximum or a value next to the modulus, which is where lost carries
 * hide (OpenSSL's CVE-2017-3732 and CVE-2017-3736, curve25519-donna's limb
 * overflow, hwcrypto's own Poly1305 collapse of radix-2^26 limbs). The
 * equivalence suites and the fuzzers' seeds draw from these generators, so
 * each family of edge values is written once.
 */
#ifndef HWC_TESTS_EDGE_H
#define HWC_TESTS_EDGE_H

#include <stddef.h>
#include <stdint.h>

/* ---- Poly1305 */
/* Keys whose r is 1, 2, 3, 16, the largest clamped r, and r with only its
 * top or bottom limb set, each with s = 0 and s = 2^128 - 1: small r keeps
 * h at its full size through the whole message, the clamped maximum makes
 * every product column as large as it can be. */
size_t t_edge_poly1305_key_count(void);
void t_edge_poly1305_key(uint8_t key[32], size_t i);
/* Message patterns, each a 16- or 48-byte unit repeated to len: all 0xff
 * (every block 2^129 - 1), all zero, and the RFC 8439 appendix A.3 #7 and
 * #8 units (blocks that drive h next to 2^130 - 5 before the final
 * reduction), and 0xff blocks alternating with zero blocks. */
size_t t_edge_poly1305_msg_count(void);
void t_edge_poly1305_msg(uint8_t *m, size_t len, size_t i);
/* A short name for pattern i, for failure messages. */
const char *t_edge_poly1305_msg_name(size_t i);

/* ---- fe25519 (GF(2^255 - 19)) */
/* 32-byte little-endian encodings as the fe25519 entry points take them
 * (frombytes ignores bit 255; values >= p are accepted): 0, 1, 2, 19, 38;
 * p - 2 .. 2^255 - 1 (every non-canonical encoding, p + 0 .. p + 18); the
 * same with bit 255 set and 2^256 - 1; 2^255 (bit 255 alone, so 0); then
 * for each backend radix (2^51, 2^25.5, 2^52, 2^64) every limb alone at
 * all ones, the even and the odd limbs at all ones; and single bits at the
 * limb boundaries 2^25, 2^26, 2^51, 2^52, 2^64, 2^128, 2^204, 2^254. Limbs
 * above a backend's carried size cannot come through an encoding: tests
 * that need them write the backend's layout directly. */
size_t t_edge_fe25519_count(void);
void t_edge_fe25519(uint8_t out[32], size_t i);

/* ---- scalars mod L = 2^252 + 27742317777372353535851937790883648493 */
/* 32-byte little-endian values: 0, 1, 2, L-2 .. L+2, 2L-1, 2L, 2L+1,
 * 15L (the largest multiple below 2^256), 15L+1, 2^252-1, 2^252, 2^252+1,
 * 2^253-1, 2^253, 2^255-1, 2^255, 2^256-1, 2^128-1, 2^128, and L-1 with
 * bit 255 set. */
size_t t_edge_scalar25519_count(void);
void t_edge_scalar25519(uint8_t out[32], size_t i);
/* 64-byte little-endian inputs of the reduction (SHA-512 outputs): 0, 1,
 * L-1, L, L+1, 2^256-1, 2^256, 2^511, 2^512-1, and L*k - 1, L*k, L*k + 1
 * for k = 2, 2^64-1, 2^128+1, 2^252, L, 2^256-1 and 2^260 - 2^133 (L*k
 * just below 2^512). */
size_t t_edge_scalar25519_wide_count(void);
void t_edge_scalar25519_wide(uint8_t out[64], size_t i);

/* ---- bignum (hwc_modexp's big-endian byte strings of len bytes) */
/* Odd moduli of exactly 8 len bits: 2^k - 1 (all-ones words), 2^(k-1) + 1,
 * 2^(k-1) + 2^64 - 1 (only the top bit and the low word), 2^k - 2^64 + 1
 * (all-ones words above a low word of 1), and 64-bit words alternately all
 * ones and zero with the top and bottom words all ones. They reach both
 * ends of -m^-1 mod 2^64 (1 and 2^64 - 1) and all-ones digits in every
 * backend's radix (2^64, 2^52, 2^29). len >= 9. */
size_t t_edge_bignum_modulus_count(void);
void t_edge_bignum_modulus(uint8_t *m, size_t len, size_t i);
/* Bases for modulus m (len bytes): 0, 1, 2, m - 2, m - 1, m (so 0 mod m),
 * and 2^(8 len) - 1 (at least m). */
size_t t_edge_bignum_base_count(void);
void t_edge_bignum_base(uint8_t *b, const uint8_t *m, size_t len, size_t i);
/* Exponents of len bytes: 0, 1, 2, 2^(8 len - 1), 2^(8 len) - 1, and
 * 0x55.. (alternating bits). */
size_t t_edge_bignum_exp_count(void);
void t_edge_bignum_exp(uint8_t *e, size_t len, size_t i);

/* ---- GHASH (GF(2^128), bytes in the SP 800-38D order) */
/* Hash keys H: 0, all ones, 0x55.., 0xaa.., and each of the 128 single
 * bits (i >= 4: bit i - 4, counted from the first byte's top bit, so
 * i = 4 is the field element 1 and i = 131 is x^127). */
size_t t_edge_ghash_key_count(void);
void t_edge_ghash_key(uint8_t h[16], size_t i);
/* Data patterns of any length: all ones, all zero, block b holding the
 * single bit b mod 128, all-ones blocks alternating with zero blocks, and
 * all ones but the last bit of every block (x^127 missing). */
size_t t_edge_ghash_msg_count(void);
void t_edge_ghash_msg(uint8_t *m, size_t len, size_t i);
const char *t_edge_ghash_msg_name(size_t i);

#endif
