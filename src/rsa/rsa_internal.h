/* SPDX-License-Identifier: ISC */
/*
 * The RSA key object and the raw RSA operations shared by the key formats
 * and padding schemes (src/rsa_*.c). Internal: never exported.
 */
#ifndef HWC_RSA_INTERNAL_H
#define HWC_RSA_INTERNAL_H

#include <pthread.h>

#include "include/hwcrypto.h"
#include "bignum.h"

#define HWC_RSA_MIN_BITS 1024 /* smallest modulus accepted from outside */
#define HWC_RSA_MAX_BITS 8192
/* Smallest prime accepted in a private key: the primes of the smallest
 * accepted modulus (1024-bit keys, which older Wycheproof and CAVP files
 * still use, have two 512-bit primes). A small prime factors n at once
 * (n = 3 p is a multiple of 3) and makes random blinding values share a
 * factor with n. */
#define HWC_RSA_MIN_PRIME_BITS 512
/* How far below half of n's bits a prime may fall. Generators that fix the
 * top bits (FIPS 186, OpenSSL) give both primes exactly half; older ones
 * could leave one a few bits short. 32 bits of slack accepts those, while a
 * prime further from the middle only comes from a crafted or broken key,
 * and it bounds both primes (p q = n) to at most half of n plus 33 bits. */
#define HWC_RSA_PRIME_SLACK_BITS 32

/* n = p q, e d = 1 mod lcm(p - 1, q - 1) (or phi(n)), dP = d mod (p - 1),
 * dQ = d mod (q - 1), qInv = q^-1 mod p. Every number is canonical (64-bit
 * limbs, little-endian); crt holds n, e and (valid when has_private) the
 * CRT values with the Montgomery contexts of n, p and q for the bignum
 * backend selected when the key was made (crt.mn.k). Heap-allocated
 * (64-byte aligned), wiped on free. */
struct hwc_rsa_key {
  hwc_bn_crt_key crt;         /* n, e; p, q, dP, dQ, qInv: bignum.h */
  uint64_t d[HWC_BN_MAX_LIMBS];
  size_t nbits, nbytes;       /* n's length: public */
  int has_private;
  /* The private operation's base blinding pair, renewed every few uses
   * (bignum.h); its lock is initialised with the key. */
  hwc_bn_blinding blinding;
};

/* Components for hwc_rsa_key_new, in the public hwc_rsa_part order:
 * big-endian bytes. */
#define HWC_RSA_PARTS HWC_RSA_PART_COUNT

typedef struct {
  const uint8_t *p;
  size_t len;
} hwc_rsa_bytes;

/* Parses a big-endian component (leading zero bytes allowed: their count
 * is released, as the encoding's length is public) into HWC_BN_MAX_LIMBS
 * limbs of r, zero above the value; returns its limb count (1 for zero or
 * an empty part), or 0 when the value does not fit in HWC_BN_MAX_LIMBS.
 * Constant time in the value's bytes. hwc_rsa_key_new and
 * hwc_rsa_from_parts read components through it, so both agree on sizes. */
size_t hwc_rsa_parse_part(uint64_t *r, const hwc_rsa_bytes *b);

/* Builds a key from big-endian components (leading zero bytes allowed): a
 * public key when part[HWC_RSA_D..QINV] are all empty, else a private key,
 * which needs all eight. Checks: n odd of HWC_RSA_MIN_BITS..MAX_BITS bits,
 * 3 <= e < n odd; for a private key, p and q of at least
 * HWC_RSA_MIN_PRIME_BITS and at least half of n's bits minus
 * HWC_RSA_PRIME_SLACK_BITS, odd, p q = n, d < n, dP = d mod (p - 1),
 * dQ = d mod (q - 1), e dP = 1 mod (p - 1), e dQ = 1 mod (q - 1) (so
 * e d = 1 mod lcm(p - 1, q - 1)), qInv < p with qInv q = 1 mod p, every
 * value no longer than its buffer; then a private operation round trip.
 * The checks on secret values run in constant time and give one verdict.
 * p and q are not tested for primality. HWC_OK, HWC_ERR_BAD_KEY,
 * HWC_ERR_NOMEM. */
int hwc_rsa_key_new(hwc_rsa_key **key, const hwc_rsa_bytes part[HWC_RSA_PARTS]);

/* Writes component `which` as minimal big-endian bytes (one 0 byte for
 * zero) into out (capacity cap, may be NULL to ask the size); returns its
 * length, 0 if it is absent from a public key. */
size_t hwc_rsa_key_part(const hwc_rsa_key *key, hwc_rsa_part which, uint8_t *out, size_t cap);

/* out = in^d mod n with CRT, exponent blinding (dP + k (p - 1), 64-bit k)
 * and base blinding, checked by raising the result to e before releasing
 * it. in and out are hwc_rsa_size(key) big-endian bytes and may alias.
 * HWC_OK; HWC_ERR_INVALID_ARG when in >= n or the key is public;
 * HWC_ERR_BAD_KEY when the check fails (a fault or inconsistent key: out is
 * zeroed); HWC_ERR_RNG, HWC_ERR_NOMEM. Constant time in in and the key. */
int hwc_rsa_private_op(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key);

/* The lane class of a private key for the batches: the limb count of its
 * CRT halves when both have the same one, within HWC_BN_LANES_MAX_LIMBS,
 * and its bignum backend runs lanes (lanes >= HWC_BN_LANES, with the lane
 * entries); else 0 (single calls only). Public: sizes and the backend. */
size_t hwc_rsa_lanes_limbs(const hwc_rsa_key *key);

/* hwc_rsa_private_op for cnt (1..HWC_BN_LANES) items whose keys have one
 * lane class and one backend: items 4g .. 4g + 3 have their two CRT
 * halves in lanes 2t and 2t + 1 of one exponentiation
 * (hwc_bn_modexp_lanes), then every item's unblinding and fault check run
 * one item per lane (hwc_bn_mul_pow_lanes), with the single call's
 * blinding and recombination per item, so every status[t] and out[t] is
 * what hwc_rsa_private_op(out[t], in[t], key[t]) gives; an item's failure
 * changes only its own. Returns HWC_OK. */
int hwc_rsa_private_op_lanes(uint8_t *const *out, int *status, const uint8_t *const *in,
                             const hwc_rsa_key *const *key, size_t cnt);

/* out = in^e mod n (variable time in e only). Same sizes; HWC_OK or
 * HWC_ERR_INVALID_ARG when in >= n. */
int hwc_rsa_public_op(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key);

/* The check of an in/out output length: HWC_OK when out has room for need
 * bytes (*out_len in: capacity); else *out_len = need and
 * HWC_ERR_INVALID_ARG, so the caller learns the size to allocate. A NULL
 * out has no room. */
static inline int hwc_rsa_need_output(const uint8_t *out, size_t *out_len, size_t need) {
  if (out != NULL && *out_len >= need) return HWC_OK;
  *out_len = need;
  return HWC_ERR_INVALID_ARG;
}

#endif
