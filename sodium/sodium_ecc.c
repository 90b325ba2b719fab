/* SPDX-License-Identifier: ISC */
/* The drop-in's public-key side: X25519 (crypto_scalarmult, crypto_box key
 * pairs), Ed25519 (crypto_sign) and ristretto255, with libsodium 1.0.18's
 * signatures (checked against <sodium.h>), return values and bytes.
 * hwcrypto's Ed25519 verification applies 1.0.18's rules in 1.0.18's order
 * (hwcrypto.h, hwc_ed25519_verify), so it is used as it is. */
#include <string.h>

#include <sodium.h>

#include "hs.h"
#include "hwcrypto.h"

/* crypto_scalarmult_curve25519: q = X25519(n, p); -1 when q is all zero (p
 * of small order), as libsodium returns. */
int crypto_scalarmult_curve25519(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  return hwc_x25519(q, n, p) == HWC_OK ? 0 : -1;
}

/* crypto_scalarmult_curve25519_base: q = X25519(n, 9). Always 0 (a clamped
 * scalar never gives the zero point), as in libsodium 1.0.18. */
int crypto_scalarmult_curve25519_base(unsigned char *q, const unsigned char *n)
{
  hwc_x25519_base(q, n);
  return 0;
}

/* crypto_scalarmult: libsodium's default is X25519. */
int crypto_scalarmult(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  return crypto_scalarmult_curve25519(q, n, p);
}

/* crypto_scalarmult_base: X25519 with the base point. */
int crypto_scalarmult_base(unsigned char *q, const unsigned char *n)
{
  return crypto_scalarmult_curve25519_base(q, n);
}

/* crypto_box_curve25519xsalsa20poly1305_seed_keypair: as libsodium,
 * sk = the first 32 bytes of SHA-512(seed), pk = X25519(sk, 9). */
int crypto_box_curve25519xsalsa20poly1305_seed_keypair(unsigned char *pk, unsigned char *sk,
                                                       const unsigned char *seed)
{
  unsigned char hash[64];
  hwc_sha512(hash, seed, 32);
  memcpy(sk, hash, 32);
  hwc_memzero(hash, sizeof hash);
  return crypto_scalarmult_curve25519_base(pk, sk);
}

/* crypto_box_curve25519xsalsa20poly1305_keypair: sk = 32 random bytes
 * (randombytes_buf, unclamped), pk = X25519(sk, 9). */
int crypto_box_curve25519xsalsa20poly1305_keypair(unsigned char *pk, unsigned char *sk)
{
  hs_random(sk, 32);
  return crypto_scalarmult_curve25519_base(pk, sk);
}

/* crypto_box_seed_keypair: the default box's (curve25519xsalsa20poly1305). */
int crypto_box_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
  return crypto_box_curve25519xsalsa20poly1305_seed_keypair(pk, sk, seed);
}

/* crypto_box_keypair: the default box's. */
int crypto_box_keypair(unsigned char *pk, unsigned char *sk)
{
  return crypto_box_curve25519xsalsa20poly1305_keypair(pk, sk);
}

/* crypto_sign_ed25519_seed_keypair: pk from seed, sk = seed || pk. */
int crypto_sign_ed25519_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
  hwc_ed25519_seed_keypair(pk, sk, seed);
  return 0;
}

/* crypto_sign_ed25519_keypair: a seed from randombytes_buf, as libsodium
 * does, so a program's own randombytes implementation still applies. */
int crypto_sign_ed25519_keypair(unsigned char *pk, unsigned char *sk)
{
  unsigned char seed[32];
  hs_random(seed, sizeof seed);
  hwc_ed25519_seed_keypair(pk, sk, seed);
  hwc_memzero(seed, sizeof seed);
  return 0;
}

/* crypto_sign_ed25519_detached: the 64-byte signature of m; *siglen_p = 64. */
int crypto_sign_ed25519_detached(unsigned char *sig, unsigned long long *siglen_p, const unsigned char *m,
                                 unsigned long long mlen, const unsigned char *sk)
{
  hwc_ed25519_sign(sig, m, (size_t)mlen, sk);
  if (siglen_p != NULL)
    *siglen_p = 64;
  return 0;
}

/* crypto_sign_ed25519_verify_detached: 0 for a valid signature, else -1
 * (libsodium 1.0.18's rules: hwc_ed25519_verify). */
int crypto_sign_ed25519_verify_detached(const unsigned char *sig, const unsigned char *m, unsigned long long mlen,
                                        const unsigned char *pk)
{
  return hwc_ed25519_verify(sig, m, (size_t)mlen, pk) == HWC_OK ? 0 : -1;
}

/* crypto_sign_ed25519: sm = signature || m (m may already be at sm + 64);
 * *smlen_p = mlen + 64. */
int crypto_sign_ed25519(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *sk)
{
  memmove(sm + 64, m, (size_t)mlen);
  hwc_ed25519_sign(sm, sm + 64, (size_t)mlen, sk);
  if (smlen_p != NULL)
    *smlen_p = mlen + 64;
  return 0;
}

/* crypto_sign_ed25519_open: checks the signed message sm; 0 with the
 * message in m (may be NULL) and *mlen_p, or -1 with m zeroed and
 * *mlen_p = 0, in libsodium's order. */
int crypto_sign_ed25519_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm,
                             unsigned long long smlen, const unsigned char *pk)
{
  unsigned long long mlen;
  if (smlen < 64 || smlen - 64 > crypto_sign_ed25519_MESSAGEBYTES_MAX)
    goto badsig;
  mlen = smlen - 64;
  if (crypto_sign_ed25519_verify_detached(sm, sm + 64, mlen, pk) != 0) {
    if (m != NULL)
      memset(m, 0, (size_t)mlen);
    goto badsig;
  }
  if (mlen_p != NULL)
    *mlen_p = mlen;
  if (m != NULL)
    memmove(m, sm + 64, (size_t)mlen);
  return 0;
badsig:
  if (mlen_p != NULL)
    *mlen_p = 0;
  return -1;
}

/* crypto_sign_ed25519_sk_to_seed: the first half of sk. */
int crypto_sign_ed25519_sk_to_seed(unsigned char *seed, const unsigned char *sk)
{
  memmove(seed, sk, 32);
  return 0;
}

/* crypto_sign_ed25519_sk_to_pk: the second half of sk. */
int crypto_sign_ed25519_sk_to_pk(unsigned char *pk, const unsigned char *sk)
{
  memmove(pk, sk + 32, 32);
  return 0;
}

/* crypto_sign_seed_keypair: libsodium's default signature is Ed25519. */
int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
  return crypto_sign_ed25519_seed_keypair(pk, sk, seed);
}

/* crypto_sign_keypair: Ed25519's. */
int crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
  return crypto_sign_ed25519_keypair(pk, sk);
}

/* crypto_sign: Ed25519's combined signing. */
int crypto_sign(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk)
{
  return crypto_sign_ed25519(sm, smlen_p, m, mlen, sk);
}

/* crypto_sign_open: Ed25519's. */
int crypto_sign_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk)
{
  return crypto_sign_ed25519_open(m, mlen_p, sm, smlen, pk);
}

/* crypto_sign_detached: Ed25519's. */
int crypto_sign_detached(unsigned char *sig, unsigned long long *siglen_p, const unsigned char *m,
                         unsigned long long mlen, const unsigned char *sk)
{
  return crypto_sign_ed25519_detached(sig, siglen_p, m, mlen, sk);
}

/* crypto_sign_verify_detached: Ed25519's. */
int crypto_sign_verify_detached(const unsigned char *sig, const unsigned char *m, unsigned long long mlen,
                                const unsigned char *pk)
{
  return crypto_sign_ed25519_verify_detached(sig, m, mlen, pk);
}

/* libsodium 1.0.18 decodes a ristretto255 element with bit 255 ignored;
 * hwcrypto rejects that bit (RFC 9496). The drop-in behaves as 1.0.18:
 * it hands hwcrypto a copy with the bit cleared. */
static void hs_r255_copy(unsigned char out[32], const unsigned char in[32])
{
  memcpy(out, in, 32);
  out[31] &= 0x7f;
}

/* crypto_core_ristretto255_is_valid_point: 1 for a canonical encoding (bit
 * 255 ignored, as 1.0.18), else 0. */
int crypto_core_ristretto255_is_valid_point(const unsigned char *p)
{
  unsigned char t[32];
  hs_r255_copy(t, p);
  return hwc_ristretto255_is_valid_point(t);
}

/* crypto_core_ristretto255_add: r = p + q; -1 when p or q does not decode. */
int crypto_core_ristretto255_add(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
  unsigned char a[32], b[32];
  hs_r255_copy(a, p);
  hs_r255_copy(b, q);
  return hwc_ristretto255_add(r, a, b) == HWC_OK ? 0 : -1;
}

/* crypto_core_ristretto255_sub: r = p - q; -1 when p or q does not decode. */
int crypto_core_ristretto255_sub(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
  unsigned char a[32], b[32];
  hs_r255_copy(a, p);
  hs_r255_copy(b, q);
  return hwc_ristretto255_sub(r, a, b) == HWC_OK ? 0 : -1;
}

/* crypto_core_ristretto255_from_hash: the element of 64 uniform bytes. */
int crypto_core_ristretto255_from_hash(unsigned char *p, const unsigned char *r)
{
  hwc_ristretto255_from_hash(p, r);
  return 0;
}

/* crypto_core_ristretto255_random: the element of 64 random bytes. */
void crypto_core_ristretto255_random(unsigned char *p)
{
  unsigned char h[64];
  hs_random(h, sizeof h);
  hwc_ristretto255_from_hash(p, h);
}

/* crypto_core_ristretto255_scalar_random: libsodium's loop, so the same
 * random bytes give the same scalar: 32 bytes with the top three bits
 * cleared, drawn again until below L and non-zero. s < L is tested as
 * s mod L == s. The test reads every byte (memcmp stopped at the first
 * difference and at the kept scalar's first non-zero byte, which
 * tests/ct_sodium.c found); only its verdict is released, and a rejected
 * draw is thrown away, saying nothing of the one kept. */
void crypto_core_ristretto255_scalar_random(unsigned char *r)
{
  unsigned char wide[64] = {0}, red[32];
  for (;;) {
    unsigned acc = 0;
    int keep;
    hs_random(r, 32);
    r[31] &= 0x1f;
    memcpy(wide, r, 32);
    hwc_ristretto255_scalar_reduce(red, wide);
    for (int i = 0; i < 32; i++)
      acc |= r[i];
    keep = hwc_memequal(red, r, 32) & (int)(1 & ~((acc - 1) >> 8)); /* below L, and not 0 */
    hs_release(&keep, sizeof keep);
    if (keep)
      break;
  }
  hwc_memzero(wide, sizeof wide);
  hwc_memzero(red, sizeof red);
}

/* crypto_core_ristretto255_scalar_invert: recip = 1/s mod L; -1 when s is
 * all zero (recip is 0 then, as in libsodium). */
int crypto_core_ristretto255_scalar_invert(unsigned char *recip, const unsigned char *s)
{
  return hwc_ristretto255_scalar_invert(recip, s) == HWC_OK ? 0 : -1;
}

/* crypto_core_ristretto255_scalar_negate: -s mod L. */
void crypto_core_ristretto255_scalar_negate(unsigned char *neg, const unsigned char *s)
{
  hwc_ristretto255_scalar_negate(neg, s);
}

/* crypto_core_ristretto255_scalar_complement: 1 - s mod L. */
void crypto_core_ristretto255_scalar_complement(unsigned char *comp, const unsigned char *s)
{
  hwc_ristretto255_scalar_complement(comp, s);
}

/* crypto_core_ristretto255_scalar_add: x + y mod L. */
void crypto_core_ristretto255_scalar_add(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
  hwc_ristretto255_scalar_add(z, x, y);
}

/* crypto_core_ristretto255_scalar_sub: x - y mod L. */
void crypto_core_ristretto255_scalar_sub(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
  hwc_ristretto255_scalar_sub(z, x, y);
}

/* crypto_core_ristretto255_scalar_mul: x * y mod L. */
void crypto_core_ristretto255_scalar_mul(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
  hwc_ristretto255_scalar_mul(z, x, y);
}

/* crypto_core_ristretto255_scalar_reduce: a 64-byte s mod L. */
void crypto_core_ristretto255_scalar_reduce(unsigned char *r, const unsigned char *s)
{
  hwc_ristretto255_scalar_reduce(r, s);
}

/* crypto_scalarmult_ristretto255: q = n * p (bit 255 of n and of p
 * ignored, as 1.0.18); -1 when p does not decode (q untouched) or the
 * result is the identity (q all zero). */
int crypto_scalarmult_ristretto255(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
  unsigned char t[32];
  hs_r255_copy(t, p);
  return hwc_ristretto255_scalarmult(q, n, t) == HWC_OK ? 0 : -1;
}

/* crypto_scalarmult_ristretto255_base: q = n * the generator; -1 when n is
 * 0 mod L (q all zero). */
int crypto_scalarmult_ristretto255_base(unsigned char *q, const unsigned char *n)
{
  return hwc_ristretto255_scalarmult_base(q, n) == HWC_OK ? 0 : -1;
}
