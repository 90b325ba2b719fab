/* SPDX-License-Identifier: ISC */
/*
 * The RSA key object, the raw private operation (CRT with exponent and base
 * blinding and a check of the result before release) and the raw public
 * operation, on the bignum kernel selected when the key was made.
 */
#include <stdlib.h>

#include "dispatch/dispatch.h"
#include "internal.h"
#include "rsa_internal.h"

/* Blinding pairs are squared between renewals, so consecutive pairs are
 * related; renewing every 32 uses (as OpenSSL's BN_BLINDING does) bounds
 * how long one random r is stretched. */
#define HWC_RSA_BLIND_USES 32

static void key_wipe_free(hwc_rsa_key *key) {
  pthread_mutex_destroy(&key->lock);
  hwc_memzero(key, sizeof *key);
  free(key);
}

void hwc_rsa_free(hwc_rsa_key *key) {
  if (key != NULL) key_wipe_free(key);
}

size_t hwc_rsa_size(const hwc_rsa_key *key) { return key ? key->nbytes : 0; }

int hwc_rsa_has_private(const hwc_rsa_key *key) { return key ? key->has_private : 0; }

/* Parses a big-endian component into limbs; 0 when it does not fit. */
static size_t parse(uint64_t *r, const hwc_rsa_bytes *b) {
  size_t len = b->len, at = 0;
  for (; at < len; at++) { /* leading zeros are public formatting */
    int zero = b->p[at] == 0;
    HWC_DECLASSIFY(&zero, sizeof zero);
    if (!zero) break;
  }
  if (len - at > 8 * HWC_BN_MAX_LIMBS) return 0;
  size_t limbs = (len - at + 7) / 8;
  hwc_bn_from_bytes(r, HWC_BN_MAX_LIMBS, b->p + at, len - at);
  return limbs ? limbs : 1;
}

/* ---- CRT pieces shared by the private operation and blinding renewal. */

/* m = mq + q * ((mp - mq) qInv mod p): Garner's recombination. mp has
 * key->mp.n limbs, mq key->mq.n limbs; m gets key->mn.n limbs. */
static void crt_combine(uint64_t *m, const uint64_t *mp, const uint64_t *mq, const hwc_rsa_key *key) {
  size_t np = key->mp.n, nq = key->mq.n, nn = key->mn.n;
  uint64_t t[HWC_BN_MAX_LIMBS], h[2 * HWC_BN_MAX_LIMBS + 1] = {0}, mqx[2 * HWC_BN_MAX_LIMBS + 1] = {0};
  hwc_bn_reduce(t, mq, nq, &key->mp);
  uint64_t borrow = hwc_bn_sub(t, mp, t, np);
  uint64_t pm[HWC_BN_MAX_LIMBS];
  for (size_t j = 0; j < np; j++) pm[j] = key->mp.m[j] & ((uint64_t)0 - borrow);
  hwc_bn_add(t, t, pm, np); /* mp - mq mod p, in [0, p) */
  hwc_bn_mod_mul(t, t, key->qinv, &key->mp);
  hwc_bn_mul_plain(h, key->mq.m, nq, t, np);
  for (size_t j = 0; j < nq; j++) mqx[j] = mq[j];
  hwc_bn_add(h, h, mqx, np + nq);
  for (size_t j = 0; j < nn; j++) m[j] = h[j]; /* the result is < n: limbs above nn are 0 */
  hwc_memzero(t, sizeof t);
  hwc_memzero(h, sizeof h);
  hwc_memzero(mqx, sizeof mqx);
}

/* e = x + k (prime - 1) for a fresh random 64-bit k (np + 1 limbs): the
 * exponent differs on every call, so its bits cannot be averaged out of
 * side channels, and the result is unchanged (Fermat). */
static int blind_exponent(uint64_t *ex, const uint64_t *x, const hwc_bn_mont *ctx) {
  size_t np = ctx->n;
  uint64_t k, pm1[HWC_BN_MAX_LIMBS], xe[HWC_BN_MAX_LIMBS + 1] = {0};
  int rc = hwc_random_bytes((uint8_t *)&k, sizeof k);
  if (rc != HWC_OK) return rc;
  for (size_t j = 0; j < np; j++) pm1[j] = ctx->m[j];
  pm1[0] &= ~(uint64_t)1; /* prime - 1: the prime is odd */
  for (size_t j = np + 1; j <= HWC_BN_MAX_LIMBS; j++) ex[j] = 0;
  hwc_bn_mul_plain(ex, pm1, np, &k, 1);
  for (size_t j = 0; j < np; j++) xe[j] = x[j];
  hwc_bn_add(ex, ex, xe, np + 1);
  hwc_memzero(&k, sizeof k);
  hwc_memzero(xe, sizeof xe);
  hwc_memzero(pm1, sizeof pm1);
  return HWC_OK;
}

/* cp = cp^dP' mod p and cq = cq^dQ' mod q with blinded exponents, the two
 * halves side by side where the backend can pair them. */
static int crt_halves(uint64_t *cp, uint64_t *cq, const hwc_rsa_key *key) {
  uint64_t ep[HWC_BN_MAX_LIMBS + 1], eq[HWC_BN_MAX_LIMBS + 1];
  int rc = blind_exponent(ep, key->dp, &key->mp);
  if (rc == HWC_OK) rc = blind_exponent(eq, key->dq, &key->mq);
  if (rc == HWC_OK) {
    /* the sizes of p and q are public: the size of the key */
    size_t pb = key->pbits, qb = key->qbits;
    rc = hwc_bn_modexp2(cp, cp, ep, &key->mp, cq, cq, eq, &key->mq, (pb > qb ? pb : qb) + 64);
  }
  hwc_memzero(ep, sizeof ep);
  hwc_memzero(eq, sizeof eq);
  return rc;
}

/* x^-1 mod n from x^(p-2) mod p and x^(q-2) mod q (Fermat), recombined. */
static int crt_inverse(uint64_t *r, const uint64_t *x, const hwc_rsa_key *key) {
  uint64_t xp[HWC_BN_MAX_LIMBS], xq[HWC_BN_MAX_LIMBS], ep[HWC_BN_MAX_LIMBS], eq[HWC_BN_MAX_LIMBS];
  uint64_t two[HWC_BN_MAX_LIMBS] = {2};
  size_t np = key->mp.n, nq = key->mq.n;
  hwc_bn_reduce(xp, x, key->mn.n, &key->mp);
  hwc_bn_reduce(xq, x, key->mn.n, &key->mq);
  hwc_bn_sub(ep, key->mp.m, two, np);
  hwc_bn_sub(eq, key->mq.m, two, nq);
  for (size_t j = np; j < HWC_BN_MAX_LIMBS; j++) ep[j] = 0;
  for (size_t j = nq; j < HWC_BN_MAX_LIMBS; j++) eq[j] = 0;
  int rc = hwc_bn_modexp2(xp, xp, ep, &key->mp, xq, xq, eq, &key->mq, 64 * (np > nq ? np : nq));
  if (rc == HWC_OK) crt_combine(r, xp, xq, key);
  hwc_memzero(xp, sizeof xp);
  hwc_memzero(xq, sizeof xq);
  hwc_memzero(ep, sizeof ep);
  hwc_memzero(eq, sizeof eq);
  return rc;
}

/* Draws at most this many blinding values before giving up (see
 * new_blinding_pair). */
#define HWC_RSA_BLIND_DRAWS 64

/* A fresh base blinding pair (r^e mod n, r^-1 mod n) for a random r. The
 * inverse comes from Fermat modulo each prime (crt_inverse), which is r's
 * inverse only when r is prime to n; if r shared a factor with n, the
 * unblinded result would be silently wrong (and with a small prime, often).
 * With primes of at least HWC_RSA_MIN_PRIME_BITS that chance is below
 * 2^-510 per draw, but it is not zero, so every draw is checked
 * (r r^-1 = 1 mod n) and redrawn until one passes. Only a key whose p or q
 * is not prime fails HWC_RSA_BLIND_DRAWS draws in a row: HWC_ERR_BAD_KEY.
 * Whether a discarded r was invertible says nothing about the r kept, so
 * the verdict of each draw may be branched on. Called with the lock held. */
static int new_blinding_pair(hwc_rsa_key *key) {
  size_t nn = key->mn.n;
  uint64_t r[HWC_BN_MAX_LIMBS], check[HWC_BN_MAX_LIMBS];
  uint8_t rb[8 * HWC_BN_MAX_LIMBS];
  int rc = HWC_ERR_BAD_KEY;
  for (int draw = 0; draw < HWC_RSA_BLIND_DRAWS; draw++) {
    int rrc = hwc_random_bytes(rb, key->nbytes);
    if (rrc != HWC_OK) {
      rc = rrc;
      break;
    }
    hwc_bn_from_bytes(r, nn, rb, key->nbytes);
    /* keep r < 2^(nbits-1) < n */
    size_t top = key->nbits - 1;
    r[top / 64] &= ((uint64_t)1 << (top % 64)) - 1;
    for (size_t j = top / 64 + 1; j < nn; j++) r[j] = 0;
    rrc = crt_inverse(key->unblind, r, key);
    if (rrc != HWC_OK) {
      rc = rrc;
      break;
    }
    hwc_bn_mod_mul(check, r, key->unblind, &key->mn);
    uint64_t acc = check[0] ^ 1;
    for (size_t j = 1; j < nn; j++) acc |= check[j];
    uint64_t invertible = hwc_bn_is_zero_mask(&acc, 1);
    HWC_DECLASSIFY(&invertible, sizeof invertible);
    if (invertible) {
      hwc_bn_modexp_vartime(key->blind, r, key->e, key->ebits, &key->mn); /* e is public */
      rc = HWC_OK;
      break;
    }
  }
  hwc_memzero(r, sizeof r);
  hwc_memzero(check, sizeof check);
  hwc_memzero(rb, sizeof rb);
  return rc;
}

/* Takes the next blinding pair: renewed from a fresh random r when due,
 * else the squares of the previous pair (squares of invertible values stay
 * invertible). Called with the lock held. */
static int next_blinding(hwc_rsa_key *key, uint64_t *blind, uint64_t *unblind) {
  size_t nn = key->mn.n;
  if (!key->blind_ready || key->blind_uses >= HWC_RSA_BLIND_USES) {
    key->blind_ready = 0;
    int rc = new_blinding_pair(key);
    if (rc != HWC_OK) return rc;
    key->blind_ready = 1;
    key->blind_uses = 0;
  } else {
    hwc_bn_mod_mul(key->blind, key->blind, key->blind, &key->mn);
    hwc_bn_mod_mul(key->unblind, key->unblind, key->unblind, &key->mn);
  }
  key->blind_uses++;
  for (size_t j = 0; j < nn; j++) {
    blind[j] = key->blind[j];
    unblind[j] = key->unblind[j];
  }
  return HWC_OK;
}

int hwc_rsa_private_raw(uint8_t *out, const uint8_t *in, const hwc_rsa_key *ckey) {
  if (out == NULL || in == NULL || ckey == NULL || !ckey->has_private) return HWC_ERR_INVALID_ARG;
  hwc_rsa_key *key = (hwc_rsa_key *)ckey; /* only the lock-guarded blinding state changes */
  size_t nn = key->mn.n;
  uint64_t c[HWC_BN_MAX_LIMBS], cb[HWC_BN_MAX_LIMBS], cp[HWC_BN_MAX_LIMBS], cq[HWC_BN_MAX_LIMBS];
  uint64_t blind[HWC_BN_MAX_LIMBS], unblind[HWC_BN_MAX_LIMBS], m[HWC_BN_MAX_LIMBS], chk[HWC_BN_MAX_LIMBS];
  hwc_bn_from_bytes(c, nn, in, key->nbytes);
  /* Whether the input is below n is a fact about the caller's input (an
   * encoded message, a ciphertext, a signature), not about the key. */
  uint64_t in_range = hwc_bn_lt_mask(c, key->mn.m, nn);
  HWC_DECLASSIFY(&in_range, sizeof in_range);
  if (!in_range) return HWC_ERR_INVALID_ARG;

  pthread_mutex_lock(&key->lock);
  int rc = next_blinding(key, blind, unblind);
  pthread_mutex_unlock(&key->lock);
  if (rc == HWC_OK) {
    hwc_bn_mod_mul(cb, c, blind, &key->mn);
    hwc_bn_reduce(cp, cb, nn, &key->mp);
    hwc_bn_reduce(cq, cb, nn, &key->mq);
    rc = crt_halves(cp, cq, key);
  }
  if (rc == HWC_OK) {
    crt_combine(m, cp, cq, key);
    hwc_bn_mod_mul(m, m, unblind, &key->mn);
    /* Fault check (Boneh, DeMillo and Lipton): a computation error in one
     * CRT half would let anyone factor n from the output, so it is released
     * only if raising it to e gives back the input. */
    hwc_bn_modexp_vartime(chk, m, key->e, key->ebits, &key->mn);
    /* masks, not branches: the verdict is secret until it is returned */
    uint32_t ok = (uint32_t)0 - (uint32_t)hwc_memequal(chk, c, 8 * nn);
    hwc_bn_to_bytes(out, key->nbytes, m, nn);
    for (size_t i = 0; i < key->nbytes; i++) out[i] &= (uint8_t)ok;
    rc = (int)((uint32_t)HWC_ERR_BAD_KEY & ~ok);
    /* The verdict itself is released: whether the output is right says
     * nothing about the key unless a fault occurred, and callers branch
     * on it. */
    HWC_DECLASSIFY(&rc, sizeof rc);
  } else {
    hwc_memzero(out, key->nbytes);
  }
  hwc_memzero(cb, sizeof cb);
  hwc_memzero(cp, sizeof cp);
  hwc_memzero(cq, sizeof cq);
  hwc_memzero(blind, sizeof blind);
  hwc_memzero(unblind, sizeof unblind);
  hwc_memzero(m, sizeof m);
  hwc_memzero(chk, sizeof chk);
  return rc;
}

int hwc_rsa_public_raw(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key) {
  if (out == NULL || in == NULL || key == NULL) return HWC_ERR_INVALID_ARG;
  size_t nn = key->mn.n;
  uint64_t c[HWC_BN_MAX_LIMBS];
  hwc_bn_from_bytes(c, nn, in, key->nbytes);
  /* Whether the input is below n is a fact about the caller's input (an
   * encoded message, a ciphertext, a signature), not about the key. */
  uint64_t in_range = hwc_bn_lt_mask(c, key->mn.m, nn);
  HWC_DECLASSIFY(&in_range, sizeof in_range);
  if (!in_range) return HWC_ERR_INVALID_ARG;
  hwc_bn_modexp_vartime(c, c, key->e, key->ebits, &key->mn);
  hwc_bn_to_bytes(out, key->nbytes, c, nn);
  return HWC_OK;
}

/* ---- construction from components */

/* All-ones if a == b (n limbs each), else 0; no early exit. */
static uint64_t eq_mask(const uint64_t *a, const uint64_t *b, size_t n) {
  uint64_t acc = 0;
  for (size_t j = 0; j < n; j++) acc |= a[j] ^ b[j];
  return hwc_bn_is_zero_mask(&acc, 1);
}

/* All-ones if a == 1 (n limbs), else 0. */
static uint64_t is_one_mask(const uint64_t *a, size_t n) {
  uint64_t acc = a[0] ^ 1;
  for (size_t j = 1; j < n; j++) acc |= a[j];
  return hwc_bn_is_zero_mask(&acc, 1);
}

/* The consistency of a private key's secret values, as a mask (all-ones:
 * consistent), computed without a branch or index on any of them. p and q
 * have pl and ql limbs, n has nl <= pl + ql; key->e, d, dp, dq and qinv are
 * parsed (zero above their lengths). Each check and what it prevents: */
static uint64_t private_parts_consistent(const hwc_rsa_key *key, const uint64_t *n, size_t nl, const uint64_t *p,
                                         size_t pl, const uint64_t *q, size_t ql, size_t el) {
  uint64_t t[2 * HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_LIMBS], pm1[HWC_BN_MAX_LIMBS], qm1[HWC_BN_MAX_LIMBS];
  uint64_t one[HWC_BN_MAX_LIMBS] = {1}, nx[2 * HWC_BN_MAX_LIMBS] = {0};
  /* p and q odd: Montgomery arithmetic modulo them needs it. */
  uint64_t ok = ((uint64_t)0 - (p[0] & 1)) & ((uint64_t)0 - (q[0] & 1));
  /* n = p q: the CRT halves compute modulo p and q; a result modulo
   * anything else is not x^d mod n. */
  hwc_bn_mul_plain(t, p, pl, q, ql);
  for (size_t j = 0; j < nl; j++) nx[j] = n[j];
  ok &= eq_mask(t, nx, pl + ql);
  /* d < n: d itself is only exported, never used; a d that is not the
   * exponent the CRT values stand for would export a key that signs
   * differently elsewhere. The next two checks pin it down. */
  ok &= hwc_bn_lt_mask(key->d, n, nl);
  hwc_bn_sub(pm1, p, one, pl);
  hwc_bn_sub(qm1, q, one, ql);
  /* dP = d mod (p - 1), dQ = d mod (q - 1): the CRT exponents are d's. */
  hwc_bn_mod_ct(r, key->d, nl, pm1, pl);
  ok &= eq_mask(r, key->dp, pl);
  hwc_bn_mod_ct(r, key->d, nl, qm1, ql);
  ok &= eq_mask(r, key->dq, ql);
  /* e dP = 1 mod (p - 1) and e dQ = 1 mod (q - 1): with the above, e d = 1
   * modulo both, hence modulo lcm(p - 1, q - 1), so x^(e d) = x for every x
   * (d + 2, say, passes every check before this one). */
  hwc_bn_mul_plain(t, key->e, el, key->dp, pl);
  hwc_bn_mod_ct(r, t, el + pl, pm1, pl);
  ok &= is_one_mask(r, pl);
  hwc_bn_mul_plain(t, key->e, el, key->dq, ql);
  hwc_bn_mod_ct(r, t, el + ql, qm1, ql);
  ok &= is_one_mask(r, ql);
  /* qInv < p and qInv q = 1 mod p: Garner's recombination multiplies by it;
   * a wrong one gives a wrong result for every input (p = q fails here). */
  ok &= hwc_bn_lt_mask(key->qinv, p, pl);
  hwc_bn_mul_plain(t, key->qinv, pl, q, ql);
  hwc_bn_mod_ct(r, t, pl + ql, p, pl);
  ok &= is_one_mask(r, pl);
  hwc_memzero(t, sizeof t);
  hwc_memzero(r, sizeof r);
  hwc_memzero(pm1, sizeof pm1);
  hwc_memzero(qm1, sizeof qm1);
  return ok;
}

int hwc_rsa_key_new(hwc_rsa_key **out, const hwc_rsa_bytes part[HWC_RSA_PARTS]) {
  if (out == NULL || part == NULL) return HWC_ERR_INVALID_ARG;
  *out = NULL;
  int priv = 0;
  for (int i = HWC_RSA_D; i < HWC_RSA_PARTS; i++) priv += part[i].len != 0;
  for (int i = 0; i < HWC_RSA_PARTS; i++)
    if (part[i].p == NULL && part[i].len != 0) return HWC_ERR_INVALID_ARG;
  if (priv != 0 && priv != HWC_RSA_PARTS - HWC_RSA_D) return HWC_ERR_BAD_KEY;

  hwc_rsa_key *key = aligned_alloc(64, sizeof *key);
  if (key == NULL) return HWC_ERR_NOMEM;
  memset(key, 0, sizeof *key);
  if (pthread_mutex_init(&key->lock, NULL) != 0) {
    free(key);
    return HWC_ERR_NOMEM;
  }
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  int rc = HWC_ERR_BAD_KEY;
  uint64_t n[HWC_BN_MAX_LIMBS], p[HWC_BN_MAX_LIMBS], q[HWC_BN_MAX_LIMBS];

  size_t nl = parse(n, &part[HWC_RSA_N]);
  /* n and e are the public key, whatever secret bytes carried them. */
  HWC_DECLASSIFY(n, sizeof n);
  size_t nbits = nl ? hwc_bn_bits_vartime(n, nl) : 0;
  if (nbits < HWC_RSA_MIN_BITS || nbits > HWC_RSA_MAX_BITS || !(n[0] & 1)) goto done;
  size_t el = parse(key->e, &part[HWC_RSA_E]);
  HWC_DECLASSIFY(key->e, sizeof key->e);
  if (el == 0 || el > nl || !(key->e[0] & 1) || (el == 1 && key->e[0] < 3) || !hwc_bn_lt_mask(key->e, n, nl))
    goto done;
  key->nbits = nbits;
  key->nbytes = (nbits + 7) / 8;
  key->ebits = hwc_bn_bits_vartime(key->e, el);
  hwc_bn_mont_init(&key->mn, k, n, nl);

  if (priv) {
    /* Lengths are public (the encoding shows them); parse() returns 0 for a
     * value longer than any buffer, which must not pass as zero. */
    size_t pl = parse(p, &part[HWC_RSA_P]), ql = parse(q, &part[HWC_RSA_Q]);
    size_t dl = parse(key->d, &part[HWC_RSA_D]), dpl = parse(key->dp, &part[HWC_RSA_DP]);
    size_t dql = parse(key->dq, &part[HWC_RSA_DQ]), qil = parse(key->qinv, &part[HWC_RSA_QINV]);
    if (!pl || !ql || !dl || !dpl || !dql || !qil || dl > nl || dpl > pl || dql > ql || qil > pl) goto done;
    /* The sizes of p and q are public (half the key each; the private
     * operation's schedule follows them), their values are not. Both at
     * least HWC_RSA_MIN_PRIME_BITS and near half of n (rsa_internal.h);
     * p q = n then has nbits or nbits + 1 bits, which also bounds pl + ql. */
    size_t pbits = hwc_bn_bits(p, pl), qbits = hwc_bn_bits(q, ql);
    HWC_DECLASSIFY(&pbits, sizeof pbits);
    HWC_DECLASSIFY(&qbits, sizeof qbits);
    size_t min_bits = nbits / 2 > HWC_RSA_MIN_PRIME_BITS + HWC_RSA_PRIME_SLACK_BITS
                          ? nbits / 2 - HWC_RSA_PRIME_SLACK_BITS
                          : HWC_RSA_MIN_PRIME_BITS;
    if (pbits < min_bits || qbits < min_bits || pbits + qbits < nbits || pbits + qbits > nbits + 1) goto done;
    uint64_t ok = private_parts_consistent(key, n, nl, p, pl, q, ql, el);
    HWC_DECLASSIFY(&ok, sizeof ok); /* the accept/reject verdict is public */
    if (!ok) goto done;
    hwc_bn_mont_init(&key->mp, k, p, pl);
    hwc_bn_mont_init(&key->mq, k, q, ql);
    key->pbits = pbits;
    key->qbits = qbits;
    key->has_private = 1;
    /* A round trip through the private operation and its fault check: the
     * whole CRT path, blinding included, on this key and backend. */
    uint8_t x[8 * HWC_BN_MAX_LIMBS] = {0};
    x[key->nbytes - 1] = 2;
    x[1] = 0x5a;
    rc = hwc_rsa_private_raw(x, x, key);
    hwc_memzero(x, sizeof x);
    if (rc != HWC_OK) goto done;
  }
  rc = HWC_OK;
done:
  hwc_memzero(p, sizeof p);
  hwc_memzero(q, sizeof q);
  if (rc == HWC_OK)
    *out = key;
  else
    key_wipe_free(key);
  return rc;
}

size_t hwc_rsa_key_part(const hwc_rsa_key *key, hwc_rsa_part which, uint8_t *out, size_t cap) {
  const uint64_t *v;
  size_t limbs;
  switch (which) {
    case HWC_RSA_N: v = key->mn.m, limbs = key->mn.n; break;
    case HWC_RSA_E: v = key->e, limbs = HWC_BN_MAX_LIMBS; break;
    case HWC_RSA_D: v = key->d, limbs = key->mn.n; break;
    case HWC_RSA_P: v = key->mp.m, limbs = key->mp.n; break;
    case HWC_RSA_Q: v = key->mq.m, limbs = key->mq.n; break;
    case HWC_RSA_DP: v = key->dp, limbs = key->mp.n; break;
    case HWC_RSA_DQ: v = key->dq, limbs = key->mq.n; break;
    case HWC_RSA_QINV: v = key->qinv, limbs = key->mp.n; break;
    default: return 0;
  }
  if (which >= HWC_RSA_D && !key->has_private) return 0;
  /* Minimal length: derived from the value, as the encodings require; the
   * length of d and friends is revealed by any DER encoding anyway. */
  size_t len = (hwc_bn_bits(v, limbs) + 7) / 8;
  HWC_DECLASSIFY(&len, sizeof len);
  if (len == 0) len = 1;
  if (out != NULL && cap >= len) hwc_bn_to_bytes(out, len, v, limbs);
  return len;
}
