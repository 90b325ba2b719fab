/* SPDX-License-Identifier: ISC */
/*
 * RSA key generation (FIPS 186-5 appendix A.1.3, random probable primes):
 * candidates with the top two bits set (so p >= sqrt(2) 2^(k-1) and n has
 * exactly `bits` bits), trial division by the odd primes below 2^12, then
 * Miller-Rabin rounds with random bases, as many as FIPS 186-5 table B.1
 * asks for the prime size; gcd(p - 1, e) = 1, |p - q| > 2^(bits/2 - 100)
 * and d > 2^(bits/2). The private exponent is e^-1 mod (p-1)(q-1), derived
 * without a general inversion: with u = phi^-1 mod e (a one-word inverse),
 * d = (1 + phi (e - u)) / e, an exact division.
 *
 * Timing: every random byte is secret, and so is everything computed from
 * a candidate: trial division, the gcd with e, Miller-Rabin (including
 * v2(p - 1), found and used without a branch or an index) and the checks on
 * the pair run in constant time. What is released (HWC_DECLASSIFY, each
 * with its reason) is only the verdict that sends a candidate back: which
 * test rejected a number that is then thrown away says nothing about the
 * numbers kept, and for those the verdicts are all "pass", implied by their
 * being kept. A candidate with p = 1 mod 2^65 is rejected too (chance
 * 2^-64), so that Miller-Rabin's squarings run a fixed 64 times.
 */
#include <stdlib.h>

#include "dispatch/dispatch.h"
#include "src/internal.h"
#include "rsa_internal.h"

/* The odd primes below 2^12. */
static uint16_t small_primes[600];
static size_t n_small_primes;
static pthread_once_t small_once = PTHREAD_ONCE_INIT;

static void make_small_primes(void) {
  static uint8_t composite[4096];
  for (unsigned i = 3; i < 4096; i += 2) {
    if (composite[i]) continue;
    small_primes[n_small_primes++] = (uint16_t)i;
    for (unsigned j = i * i; j < 4096; j += 2 * i) composite[j] = 1;
  }
}

/* a mod s for s < 2^16, without a division: 16-bit digits through a
 * reciprocal (floor(2^32 / s)) whose quotient estimate is low by at most 1. */
static uint32_t mod_small(const uint64_t *a, size_t n, uint32_t s) {
  uint64_t inv = ((uint64_t)1 << 32) / s; /* s is a public small prime */
  uint32_t r = 0;
  for (size_t i = 4 * n; i-- > 0;) {
    uint64_t x = (uint64_t)r << 16 | ((a[i / 4] >> (16 * (i % 4))) & 0xffff);
    uint64_t q = (x * inv) >> 32;
    uint64_t t = x - q * s;
    t -= s & ((uint64_t)0 - (uint64_t)(t >= s));
    r = (uint32_t)t;
  }
  return r;
}

/* a mod e for a 64-bit e, one bit at a time with masked subtraction. */
static uint64_t mod_word(const uint64_t *a, size_t n, uint64_t e) {
  uint64_t r = 0;
  for (size_t i = 64 * n; i-- > 0;) {
    uint64_t top = r >> 63;
    r = r << 1 | (a[i / 64] >> (i % 64) & 1);
    /* subtract e when the shifted value (with its 65th bit top) is >= e */
    uint64_t ge = top | (uint64_t)(r >= e);
    r -= e & ((uint64_t)0 - ge);
  }
  return r;
}

/* x^-1 mod e (e odd, gcd(x, e) = 1, x < e) by a binary extended gcd with a
 * fixed 128 iterations of masked steps; returns 0 when gcd(x, e) != 1. */
static uint64_t inv_word(uint64_t x, uint64_t e) {
  uint64_t a = x, b = e, u = 1, v = 0;
  for (int i = 0; i < 128; i++) {
    uint64_t odd = (uint64_t)0 - (a & 1);
    uint64_t swap = odd & ((uint64_t)0 - (uint64_t)(a < b));
    uint64_t t = (a ^ b) & swap;
    a ^= t, b ^= t;
    t = (u ^ v) & swap;
    u ^= t, v ^= t;
    a -= b & odd;
    uint64_t un = u - v; /* u - v mod e */
    un += e & ((uint64_t)0 - (uint64_t)(u < v));
    u = (un & odd) | (u & ~odd);
    a >>= 1;
    /* u / 2 mod e: (u + e) / 2 for odd u, written so it cannot overflow */
    u = (u >> 1) + (((e >> 1) + 1) & ((uint64_t)0 - (u & 1)));
  }
  uint64_t diff = b ^ 1; /* 0 exactly when gcd(x, e) = 1 */
  return v & (((diff | ((uint64_t)0 - diff)) >> 63) - 1);
}

static uint64_t mulhi64(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
  return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t mid = ((a0 * b0) >> 32) + (uint32_t)(a0 * b1) + (uint32_t)(a1 * b0);
  return a1 * b1 + ((a0 * b1) >> 32) + ((a1 * b0) >> 32) + (mid >> 32);
#endif
}

/* d = e^-1 mod m for m of n limbs with gcd(m, e) = 1 (d gets n limbs):
 * (1 + m (e - u)) / e with u = m^-1 mod e is an integer below m. */
static void inv_e_mod(uint64_t *d, const uint64_t *m, size_t n, uint64_t e) {
  uint64_t t[HWC_BN_MAX_LIMBS + 1], one[HWC_BN_MAX_LIMBS + 1] = {1};
  uint64_t u = inv_word(mod_word(m, n, e), e), f = e - u;
  hwc_bn_mul_plain(t, m, n, &f, 1);
  hwc_bn_add(t, t, one, n + 1);
  /* exact division by e, limb by limb with the inverse of e mod 2^64 */
  uint64_t einv = (uint64_t)0 - hwc_bn_neg_inv64(e), borrow = 0;
  for (size_t i = 0; i <= n; i++) {
    uint64_t x = t[i] - borrow, b1 = t[i] < borrow;
    uint64_t q = x * einv;
    if (i < n) d[i] = q;
    borrow = mulhi64(q, e) + b1;
  }
  hwc_memzero(t, sizeof t);
}

/* Miller-Rabin rounds: FIPS 186-5 table B.1 (the counts OpenSSL's
 * ossl_bn_rsa_fips186_4_prime_MR_min_checks uses). */
static int mr_rounds(size_t pbits) { return pbits >= 1536 ? 4 : 5; }

/* The number of trailing zero bits of x (64 for x = 0), by a binary search
 * of masked shifts: the same steps for every x. */
static uint64_t ctz64(uint64_t x) {
  uint64_t n = 0;
  for (unsigned s = 32; s; s >>= 1) {
    uint64_t lo = x & (((uint64_t)1 << s) - 1);
    uint64_t zero = ((lo | ((uint64_t)0 - lo)) >> 63) - 1; /* all-ones if the low s bits are 0 */
    n += zero & s;
    x = ((x >> s) & zero) | (x & ~zero);
  }
  return n + ((x & 1) ^ 1);
}

/* One probable-prime verdict for an odd candidate p with ctx prepared:
 * *prime is 1 when every round passes. p - 1 = 2^s d with d odd; the rounds
 * square a^d a fixed 64 times, and only the first s results count (under a
 * mask), so neither the time nor the memory accesses depend on s. A
 * candidate with s > 64 is rejected before any round. */
static int miller_rabin(const hwc_bn_mont *ctx, size_t pbits, int *prime) {
  const hwc_bignum_kernel *k = ctx->k;
  size_t n = ctx->n;
  /* The candidate's p - 1, d, s, the bases and every power, wiped
   * together on every path. */
  struct {
    uint64_t pm1[HWC_BN_MAX_LIMBS], d[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], x[HWC_BN_MAX_LIMBS];
    uint64_t diff[HWC_BN_MAX_LIMBS], s;
    _Alignas(64) uint64_t xm[HWC_BN_MAX_WORDS];
  } sec;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  int rc = HWC_OK;
  *prime = 0;
  for (size_t j = 0; j < n; j++) sec.pm1[j] = ctx->m[j];
  sec.pm1[0] &= ~(uint64_t)1;
  /* s = v2(p - 1) in 1..64 (pm1[0] = 0 gives 64); more than 64 when bit 64
   * is clear too. n >= 2: primes here have at least 1024 bits. */
  sec.s = ctz64(sec.pm1[0]);
  int too_even = (int)(((uint64_t)(sec.s >> 6) & ~sec.pm1[1]) & 1);
  /* Released: the candidate is then discarded, and for a kept prime the
   * answer is always "no". */
  HWC_DECLASSIFY(&too_even, sizeof too_even);
  if (too_even) goto out;
  /* d = (p - 1) >> s: shift counts in registers take constant time; s - 1
   * and 64 - s stay within 0..63 for s in 1..64. */
  for (size_t j = 0; j < n; j++) {
    uint64_t v = (sec.pm1[j] >> (sec.s - 1)) >> 1;
    if (j + 1 < n) v |= sec.pm1[j + 1] << (64 - sec.s);
    sec.d[j] = v;
  }
  for (int round = 0; round < mr_rounds(pbits); round++) {
    /* a random base in [2, p - 2]: below 2^(pbits-1) < p - 1 */
    rc = hwc_random_bytes((uint8_t *)sec.a, 8 * n);
    if (rc != HWC_OK) break;
    size_t top = pbits - 1;
    sec.a[top / 64] &= ((uint64_t)1 << (top % 64)) - 1;
    for (size_t j = top / 64 + 1; j < n; j++) sec.a[j] = 0;
    sec.a[0] |= 2;
    rc = hwc_bn_modexp(sec.x, sec.a, sec.d, pbits, ctx);
    if (rc != HWC_OK) break;
    /* pass iff x == 1, or x^(2^i) == p - 1 for some i < s */
    hwc_bn_sub(sec.diff, sec.x, one, n);
    uint64_t pass = hwc_bn_is_zero_mask(sec.diff, n);
    k->to_mont(sec.xm, sec.x, ctx);
    for (uint64_t i = 0; i < 64; i++) {
      if (i > 0) {
        k->sqr(sec.xm, sec.xm, ctx);
        k->from_mont(sec.x, sec.xm, ctx);
      }
      uint64_t counts = (uint64_t)0 - ((i - sec.s) >> 63); /* i < s, as i, s <= 64 */
      hwc_bn_sub(sec.diff, sec.x, sec.pm1, n);
      pass |= counts & hwc_bn_is_zero_mask(sec.diff, n);
    }
    int failed = (int)(~pass & 1);
    /* Released: a failed round discards the candidate; a kept prime passed
     * every round, which its being kept says already. */
    HWC_DECLASSIFY(&failed, sizeof failed);
    if (failed) goto out;
  }
  *prime = rc == HWC_OK;
out:
  hwc_memzero(&sec, sizeof sec);
  return rc;
}

/* A random probable prime of exactly pbits bits (top two bits set) with
 * gcd(p - 1, e) = 1, into ctx. */
static int gen_prime(hwc_bn_mont *ctx, const hwc_bignum_kernel *k, size_t pbits, uint64_t e) {
  size_t n = (pbits + 63) / 64;
  /* The candidate, its p - 1 and the inverse of e, wiped together at the
   * end (the kept prime lives on in ctx; each draw overwrites the last). */
  struct {
    uint64_t p[HWC_BN_MAX_LIMBS], pm1[HWC_BN_MAX_LIMBS], inv;
  } sec = {{0}, {0}, 0};
  int rc;
  pthread_once(&small_once, make_small_primes);
  for (;;) {
    rc = hwc_random_bytes((uint8_t *)sec.p, 8 * n);
    if (rc != HWC_OK) break;
    size_t top = pbits - 1;
    if (top % 64 != 63) sec.p[top / 64] &= ((uint64_t)1 << (top % 64 + 1)) - 1;
    sec.p[top / 64] |= (uint64_t)1 << (top % 64);
    sec.p[(top - 1) / 64] |= (uint64_t)1 << ((top - 1) % 64);
    sec.p[0] |= 1;
    int divisible = 0;
    for (size_t i = 0; i < n_small_primes && !divisible; i++) {
      uint32_t r = mod_small(sec.p, n, small_primes[i]);
      divisible = (int)(((r | (0u - r)) >> 31) ^ 1);
      /* Released: a divisible candidate is discarded (which prime divides
       * it is about a number thrown away); a kept one is divisible by
       * none, which its being prime says already. */
      HWC_DECLASSIFY(&divisible, sizeof divisible);
    }
    if (divisible) continue;
    for (size_t j = 0; j < n; j++) sec.pm1[j] = sec.p[j];
    sec.pm1[0] ^= 1;
    sec.inv = inv_word(mod_word(sec.pm1, n, e), e);
    int coprime = (int)((sec.inv | ((uint64_t)0 - sec.inv)) >> 63);
    /* Released: gcd(p - 1, e) != 1 discards the candidate; a kept one has
     * gcd 1, as every RSA prime must. */
    HWC_DECLASSIFY(&coprime, sizeof coprime);
    if (!coprime) continue;
    hwc_bn_mont_init(ctx, k, sec.p, n);
    int prime;
    rc = miller_rabin(ctx, pbits, &prime);
    if (rc != HWC_OK || prime) break;
  }
  hwc_memzero(&sec, sizeof sec);
  return rc;
}

/* Bits of |p - q| at or above position pos? p, q of n limbs. */
static int far_apart(const uint64_t *p, const uint64_t *q, size_t n, size_t pos) {
  /* |p - q| both ways, wiped together at the end. */
  struct {
    uint64_t d[HWC_BN_MAX_LIMBS], nd[HWC_BN_MAX_LIMBS];
  } sec;
  uint64_t borrow = hwc_bn_sub(sec.d, p, q, n);
  hwc_bn_sub(sec.nd, q, p, n);
  hwc_bn_cmov(sec.d, sec.nd, n, (uint64_t)0 - borrow);
  uint64_t any = 0;
  for (size_t j = 0; j < n; j++) {
    uint64_t w = sec.d[j];
    if (64 * j + 64 <= pos) w = 0;
    else if (64 * j < pos) w >>= pos - 64 * j;
    any |= w;
  }
  int apart = (int)((any | ((uint64_t)0 - any)) >> 63);
  /* Released: a pair too close is discarded; a kept pair is far apart, as
   * FIPS 186-5 requires of every key. */
  HWC_DECLASSIFY(&apart, sizeof apart);
  hwc_memzero(&sec, sizeof sec);
  return apart;
}

int hwc_rsa_generate(hwc_rsa_key **key, unsigned bits, uint64_t e) {
  HWC_DIT_SCOPE();
  if (key == NULL) return HWC_ERR_INVALID_ARG;
  *key = NULL;
  if (e == 0) e = 65537;
  if (bits < 2048 || bits > HWC_RSA_MAX_BITS || e < 3 || !(e & 1)) return HWC_ERR_INVALID_ARG;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  size_t pbits = (bits + 1) / 2, qbits = bits / 2;
  size_t pl = (pbits + 63) / 64, ql = (qbits + 63) / 64, nl = (bits + 63) / 64;
  hwc_bn_mont *cp = aligned_alloc(64, 2 * sizeof *cp), *cq = cp + 1;
  if (cp == NULL) return HWC_ERR_NOMEM;
  uint64_t n[HWC_BN_MAX_LIMBS + 1];
  /* Every number derived from the primes, wiped together at the end (the
   * primes themselves sit in cp and cq, wiped with them). */
  struct {
    uint64_t phi[HWC_BN_MAX_LIMBS + 1], pm1[HWC_BN_MAX_LIMBS], qm1[HWC_BN_MAX_LIMBS];
    uint64_t d[HWC_BN_MAX_LIMBS], dp[HWC_BN_MAX_LIMBS], dq[HWC_BN_MAX_LIMBS], qinv[HWC_BN_MAX_LIMBS];
    uint64_t pw[HWC_BN_MAX_LIMBS], qw[HWC_BN_MAX_LIMBS];
    size_t dbits;
  } sec;
  static const size_t nbytes_max = 8 * HWC_BN_MAX_LIMBS;
  uint8_t *buf = malloc(HWC_RSA_PARTS * nbytes_max);
  int rc = buf ? HWC_OK : HWC_ERR_NOMEM;

  while (rc == HWC_OK) {
    rc = gen_prime(cp, k, pbits, e);
    if (rc == HWC_OK) rc = gen_prime(cq, k, qbits, e);
    if (rc != HWC_OK) break;
    size_t wl = pl > ql ? pl : ql;
    memset(sec.pw, 0, sizeof sec.pw);
    memset(sec.qw, 0, sizeof sec.qw);
    for (size_t j = 0; j < pl; j++) sec.pw[j] = cp->m[j];
    for (size_t j = 0; j < ql; j++) sec.qw[j] = cq->m[j];
    int apart = far_apart(sec.pw, sec.qw, wl, bits / 2 - 100);
    if (!apart) continue;
    hwc_bn_mul_plain(n, cp->m, pl, cq->m, ql);
    for (size_t j = 0; j < pl; j++) sec.pm1[j] = cp->m[j];
    for (size_t j = 0; j < ql; j++) sec.qm1[j] = cq->m[j];
    sec.pm1[0] ^= 1, sec.qm1[0] ^= 1;
    hwc_bn_mul_plain(sec.phi, sec.pm1, pl, sec.qm1, ql);
    inv_e_mod(sec.d, sec.phi, nl, e);
    /* FIPS 186-5 A.1.1: d > 2^(nlen/2). Released: a small d discards the
     * pair; a kept d is large, as every key's is. The length itself stays
     * secret (hwc_bn_bits, not the _vartime scan). */
    sec.dbits = hwc_bn_bits(sec.d, nl);
    int small_d = (int)((((uint64_t)bits / 2 - sec.dbits) >> 63) ^ 1); /* dbits <= bits / 2 */
    HWC_DECLASSIFY(&small_d, sizeof small_d);
    if (small_d) continue;
    inv_e_mod(sec.dp, sec.pm1, pl, e);
    inv_e_mod(sec.dq, sec.qm1, ql, e);
    rc = hwc_bn_inv_mod_prime(sec.qinv, cq->m, ql, cp); /* q^(p-2) = q^-1 mod p */
    if (rc != HWC_OK) break;

    /* Hand the numbers over as bytes: hwc_rsa_key_new checks them all and
     * runs a private operation round trip. */
    uint64_t ev[1] = {e};
    const struct { const uint64_t *v; size_t limbs; } src[HWC_RSA_PARTS] = {
        {n, nl}, {ev, 1}, {sec.d, nl}, {cp->m, pl}, {cq->m, ql}, {sec.dp, pl}, {sec.dq, ql}, {sec.qinv, pl}};
    hwc_rsa_bytes parts[HWC_RSA_PARTS];
    for (int i = 0; i < HWC_RSA_PARTS; i++) {
      parts[i].p = buf + i * nbytes_max;
      parts[i].len = 8 * src[i].limbs;
      hwc_bn_to_bytes(buf + i * nbytes_max, parts[i].len, src[i].v, src[i].limbs);
    }
    rc = hwc_rsa_key_new(key, parts);
    break;
  }
  if (buf) {
    hwc_memzero(buf, HWC_RSA_PARTS * nbytes_max);
    free(buf);
  }
  hwc_memzero(cp, 2 * sizeof *cp);
  free(cp);
  hwc_memzero(&sec, sizeof sec);
  return rc;
}
