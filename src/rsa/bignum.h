/* SPDX-License-Identifier: ISC */
/*
 * Big-number helpers of the protocol layer (RSA, hwc_modexp): byte
 * conversion, constant-time comparison and selection, and modular
 * exponentiation on top of the selected bignum kernel (src/kernels.h).
 * Numbers are little-endian arrays of 64-bit limbs ("canonical"); Montgomery
 * elements are opaque arrays of ctx->words words in the backend's layout.
 * Everything here runs in time independent of the values of secret inputs,
 * except the functions marked _vartime, which are for public data only.
 * At the end, the RSA private operation's arithmetic (CRT, exponent and
 * base blinding) as one call, hwc_bn_crt_private.
 */
#ifndef HWC_BIGNUM_H
#define HWC_BIGNUM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "src/kernels.h"

/* Big-endian bytes to n limbs; len <= 8n (extra limbs are zeroed). */
void hwc_bn_from_bytes(uint64_t *r, size_t n, const uint8_t *in, size_t len);
/* The low len bytes of a (n limbs), big-endian; bytes beyond n limbs are 0. */
void hwc_bn_to_bytes(uint8_t *out, size_t len, const uint64_t *a, size_t n);

/* r = a + b, r = a - b over n limbs; return the carry / borrow (0 or 1). */
uint64_t hwc_bn_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
uint64_t hwc_bn_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
/* All-ones if a < b, else 0 (n limbs each). */
uint64_t hwc_bn_lt_mask(const uint64_t *a, const uint64_t *b, size_t n);
/* All-ones if a == 0, else 0. */
uint64_t hwc_bn_is_zero_mask(const uint64_t *a, size_t n);
/* r = a where mask is all-ones, unchanged where it is 0. */
void hwc_bn_cmov(uint64_t *r, const uint64_t *a, size_t n, uint64_t mask);
/* r (an + bn limbs) = a * b, schoolbook; r must not alias a or b. */
void hwc_bn_mul_plain(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *b, size_t bn);
/* r (mn limbs) = x mod m for x of xn limbs and any m > 0 of mn limbs, even
 * ones (RSA key checks reduce modulo p - 1), without Montgomery form or a
 * division: one shift-and-conditional-subtract per bit of x, so the time
 * depends on xn and mn only. Slow (64 xn mn limb steps): for one-off checks,
 * not for hot paths. r must not alias x or m. */
void hwc_bn_mod_ct(uint64_t *r, const uint64_t *x, size_t xn, const uint64_t *m, size_t mn);
/* Bit length of a public number (0 for zero). */
size_t hwc_bn_bits_vartime(const uint64_t *a, size_t n);
/* The same in constant time (for a secret value whose length is then
 * released on purpose, such as a prime's size or an encoding's length). */
size_t hwc_bn_bits(const uint64_t *a, size_t n);
/* Limbs needed for a public number (at least 1). */
size_t hwc_bn_limbs_vartime(const uint64_t *a, size_t n);

/* Prepares ctx for the modulus m (n limbs, odd, > 1, top limb non-zero; n is
 * public) with backend k. */
void hwc_bn_mont_init(hwc_bn_mont *ctx, const hwc_bignum_kernel *k, const uint64_t *m, size_t n);

/* r = x mod m for x of xn limbs (any xn), canonical, ctx->n limbs. */
void hwc_bn_reduce(uint64_t *r, const uint64_t *x, size_t xn, const hwc_bn_mont *ctx);
/* r = a * b mod m, canonical; a and b of ctx->n limbs, any value. */
void hwc_bn_mod_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx);

/* r = a^e mod m, canonical, for a of ctx->n limbs (any value) and an
 * exponent of ebits bits (bits above ebits in e must be zero). Fixed window
 * chosen from ebits, every window squared and multiplied, table entries read
 * by a masked scan of the whole table: the time depends on ebits and m only.
 * HWC_OK or HWC_ERR_NOMEM (r is then zero). */
int hwc_bn_modexp(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t ebits, const hwc_bn_mont *ctx);

/* r0 = a0^e0 mod m0 and r1 = a1^e1 mod m1, both exponents of ebits bits
 * (RSA's two CRT halves): in lockstep through the backend's mul2 when it
 * has one and the two moduli have the same shape, else one after the other.
 * Same guarantees and errors as hwc_bn_modexp. */
int hwc_bn_modexp2(uint64_t *r0, const uint64_t *a0, const uint64_t *e0, const hwc_bn_mont *c0, uint64_t *r1,
                   const uint64_t *a1, const uint64_t *e1, const hwc_bn_mont *c1, size_t ebits);

/* For each lane l of backend k's lane entries (non-NULL), with ctx[l]
 * moduli n_l of one limb count n <= HWC_BN_LANES_MAX_LIMBS: m[l] = s[l] u[l]
 * mod n_l and x[l] = m[l]^e[l] mod n_l, both canonical (n limbs), for
 * s[l] and u[l] canonical of n limbs (any value) and public exponents
 * e[l] of ebits[l] >= 1 bits (bits above ebits[l] zero). RSA's last step
 * and its fault check for a batch: the unblinding product and the result
 * raised to e. m[l] may alias s[l] (s is read first). Constant time in
 * s, u and n; the time follows the exponents. HWC_OK, or HWC_ERR_NOMEM
 * with m and x untouched. */
int hwc_bn_mul_pow_lanes(uint64_t *const *m, uint64_t *const *x, const uint64_t *const *s, const uint64_t *const *u,
                         const uint64_t *const *e, const size_t *ebits, const hwc_bn_mont *const *ctx,
                         const hwc_bignum_kernel *k);

/* r = x^-1 mod m for a prime m (ctx), by Fermat: x^(m - 2) mod m, x of xn
 * limbs (any value; reduced first), r of ctx->n limbs. The one inversion
 * modulo a secret prime that key generation and hwc_rsa_from_parts share
 * (qInv = q^-1 mod p): a fixed-window exponentiation by m - 2 of
 * 64 ctx->n bits, so the time depends on xn and ctx->n only. For x = 0
 * mod m, or an m that is not prime, r is not an inverse (0 for x = 0):
 * callers check the result (x r = 1 mod m) or rely on hwc_rsa_key_new's.
 * HWC_OK or HWC_ERR_NOMEM (r is then zero). */
int hwc_bn_inv_mod_prime(uint64_t *r, const uint64_t *x, size_t xn, const hwc_bn_mont *ctx);

/* r = x^-1 mod m (n limbs each, 1 <= n <= HWC_BN_MAX_LIMBS), canonical,
 * for an odd m and x < m, by constant-time divsteps (bignum_inv.c); when
 * x and m share a factor, r is not an inverse (0 for x = 0), so callers
 * check x r = 1 where that can happen. Constant time in x and m (the time
 * follows n). HWC_OK; HWC_ERR_INVALID_ARG for n out of range;
 * HWC_ERR_UNSUPPORTED without a 128-bit integer type. */
int hwc_bn_modinv(uint64_t *r, const uint64_t *x, const uint64_t *m, size_t n);

/* The same for a public exponent: left-to-right square and multiply whose
 * time follows the bits of e (still constant time in a). */
void hwc_bn_modexp_vartime(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t ebits,
                           const hwc_bn_mont *ctx);

/* ---- The RSA private operation's arithmetic. */

/* An RSA private key as the CRT exponentiation needs it: n = p q,
 * dP = d mod (p - 1), dQ = d mod (q - 1), qInv = q^-1 mod p, e the public
 * exponent (for the blinding values). Canonical numbers, the Montgomery
 * contexts for one backend (the same for all three). hwc_rsa_key embeds
 * one and checks it before use (rsa_internal.h). */
typedef struct {
  hwc_bn_mont mn;                  /* n: public */
  hwc_bn_mont mp, mq;              /* p and q: secret */
  uint64_t e[HWC_BN_MAX_LIMBS];    /* public, ebits bits */
  uint64_t dp[HWC_BN_MAX_LIMBS];   /* secret, below p: mp.n limbs */
  uint64_t dq[HWC_BN_MAX_LIMBS];   /* secret, below q: mq.n limbs */
  uint64_t qinv[HWC_BN_MAX_LIMBS]; /* secret, below p: mp.n limbs */
  size_t ebits;                    /* public: e's bit length */
  size_t pbits, qbits;             /* public: the primes' sizes (half the key each) */
} hwc_bn_crt_key;

/* Base blinding state of one key: the pair (r^e mod n, r^-1 mod n) for a
 * random r, squared after each use and renewed from a fresh r every few
 * uses. Secret. Keys are shared between threads through const pointers, so
 * lock guards the rest; the owner initialises lock and sets ready and
 * renewing to 0 (the first use draws a pair). renewing is set while one
 * thread draws the next pair without the lock held. */
typedef struct {
  pthread_mutex_t lock;
  uint64_t blind[HWC_BN_MAX_LIMBS], unblind[HWC_BN_MAX_LIMBS]; /* mn.n limbs */
  unsigned uses;
  int ready, renewing;
} hwc_bn_blinding;

/* m = c^d mod n, canonical, for c < n of key->mn.n limbs (m may alias c),
 * by the CRT with both kinds of blinding: c is multiplied by the next
 * blinding value r^e (taken from bl under its lock, renewed or squared),
 * each half is raised to dP + k (p - 1) and dQ + k' (q - 1) for fresh
 * random 64-bit k and k' (through the backend's paired product where it
 * has one), the halves are recombined (Garner) and the result is
 * multiplied by r^-1. The result is not checked: the caller raises it to
 * e before releasing it (a fault in one half would factor n).
 * Constant time in c, p, q, dP, dQ, qInv and the blinding values: the
 * schedule follows the public sizes (n's limbs, pbits, qbits, e). The one
 * branch on secret-derived data is whether a fresh blinding value r is
 * invertible modulo n (declassified: a rejected r says nothing of the one
 * kept); it fails only for a key whose p or q is not prime.
 * HWC_OK; HWC_ERR_RNG, HWC_ERR_NOMEM; HWC_ERR_BAD_KEY when no invertible
 * blinding value is found. m is zero on error. */
int hwc_bn_crt_private(uint64_t *m, const uint64_t *c, const hwc_bn_crt_key *key, hwc_bn_blinding *bl);

/* hwc_bn_crt_private in its three steps, for the batches, which run the
 * middle one for several items at once in the lanes of a backend
 * (hwc_bn_modexp_lanes). The state between them is secret: wipe it. */
typedef struct {
  uint64_t cp[HWC_BN_MAX_LIMBS], cq[HWC_BN_MAX_LIMBS];         /* the blinded input mod p and q; then the halves */
  uint64_t ep[HWC_BN_MAX_LIMBS + 1], eq[HWC_BN_MAX_LIMBS + 1]; /* the blinded exponents, zero above np + 1 limbs */
  uint64_t blind[HWC_BN_MAX_LIMBS], unblind[HWC_BN_MAX_LIMBS]; /* this use's base blinding pair */
} hwc_bn_crt_state;
/* Step 1: the next blinding pair, c blinded and reduced mod p and q, and
 * the exponents blinded by k[0] (dP) and k[1] (dQ), which the caller
 * draws fresh for this use (a batch draws every item's at once: a draw is
 * a system call). HWC_OK, HWC_ERR_RNG, HWC_ERR_NOMEM, HWC_ERR_BAD_KEY, as
 * hwc_bn_crt_private. */
int hwc_bn_crt_prepare(hwc_bn_crt_state *st, const uint64_t *c, const hwc_bn_crt_key *key, hwc_bn_blinding *bl,
                       const uint64_t k[2]);
/* Step 2, done by the caller: cp = cp^ep mod p, cq = cq^eq mod q (canonical),
 * on a schedule of hwc_bn_crt_ebits(key) exponent bits (or more). */
size_t hwc_bn_crt_ebits(const hwc_bn_crt_key *key);
/* Step 3: m = the recombined halves (Garner), unblinded: c^d mod n. */
void hwc_bn_crt_finish(uint64_t *m, const hwc_bn_crt_state *st, const hwc_bn_crt_key *key);
/* Step 3 without the unblinding, for a batch that unblinds in lanes
 * (hwc_bn_mul_pow_lanes, by st->unblind): s = the recombined halves, still
 * blinded, canonical below n. */
void hwc_bn_crt_join(uint64_t *s, const hwc_bn_crt_state *st, const hwc_bn_crt_key *key);

/* r[l] = a[l]^e[l] mod m_l for the HWC_BN_LANES moduli of ctx[l], all of
 * one limb count n, in the lanes of backend k (its lane entries, non-NULL):
 * a[l] canonical of n limbs (any value), e[l] of at most ebits bits (bits
 * above ebits zero), r[l] canonical; r[l] may alias a[l]. One fixed
 * schedule for every lane: 4-bit windows over ebits, each window four
 * squarings and a product with the entry selected per lane by
 * select_lanes from a table of 16, so the time depends on n and ebits
 * only. HWC_OK or HWC_ERR_NOMEM (every r[l] is then zero). */
int hwc_bn_modexp_lanes(uint64_t *const *r, const uint64_t *const *a, const uint64_t *const *e,
                        const hwc_bn_mont *const *ctx, const hwc_bignum_kernel *k, size_t ebits);

#endif
