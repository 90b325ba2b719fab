/*
 * The RSA key object, the raw private operation (CRT with exponent and base
 * blinding and a check of the result before release) and the raw public
 * operation, on the bignum kernel selected when the key was made.
 */
#include <stdlib.h>

#include "../dispatch/dispatch.h"
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
  while (at < len && b->p[at] == 0) at++; /* leading zeros are public formatting */
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
    size_t pb = hwc_bn_bits_vartime(key->mp.m, key->mp.n), qb = hwc_bn_bits_vartime(key->mq.m, key->mq.n);
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

/* Takes the next blinding pair: renewed from a fresh random r when due,
 * else the squares of the previous pair. Called with the lock held. */
static int next_blinding(hwc_rsa_key *key, uint64_t *blind, uint64_t *unblind) {
  size_t nn = key->mn.n;
  int rc = HWC_OK;
  if (!key->blind_ready || key->blind_uses >= HWC_RSA_BLIND_USES) {
    uint64_t r[HWC_BN_MAX_LIMBS];
    uint8_t rb[8 * HWC_BN_MAX_LIMBS];
    rc = hwc_random_bytes(rb, key->nbytes);
    if (rc != HWC_OK) return rc;
    hwc_bn_from_bytes(r, nn, rb, key->nbytes);
    /* keep r < 2^(nbits-1) < n */
    size_t top = key->nbits - 1;
    r[top / 64] &= ((uint64_t)1 << (top % 64)) - 1;
    for (size_t j = top / 64 + 1; j < nn; j++) r[j] = 0;
    hwc_bn_modexp_vartime(key->blind, r, key->e, key->ebits, &key->mn); /* e is public */
    rc = crt_inverse(key->unblind, r, key);
    hwc_memzero(r, sizeof r);
    hwc_memzero(rb, sizeof rb);
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
  return rc;
}

int hwc_rsa_private_raw(uint8_t *out, const uint8_t *in, const hwc_rsa_key *ckey) {
  if (out == NULL || in == NULL || ckey == NULL || !ckey->has_private) return HWC_ERR_INVALID_ARG;
  hwc_rsa_key *key = (hwc_rsa_key *)ckey; /* only the lock-guarded blinding state changes */
  size_t nn = key->mn.n;
  uint64_t c[HWC_BN_MAX_LIMBS], cb[HWC_BN_MAX_LIMBS], cp[HWC_BN_MAX_LIMBS], cq[HWC_BN_MAX_LIMBS];
  uint64_t blind[HWC_BN_MAX_LIMBS], unblind[HWC_BN_MAX_LIMBS], m[HWC_BN_MAX_LIMBS], chk[HWC_BN_MAX_LIMBS];
  hwc_bn_from_bytes(c, nn, in, key->nbytes);
  if (!hwc_bn_lt_mask(c, key->mn.m, nn)) return HWC_ERR_INVALID_ARG;

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
  if (!hwc_bn_lt_mask(c, key->mn.m, nn)) return HWC_ERR_INVALID_ARG;
  hwc_bn_modexp_vartime(c, c, key->e, key->ebits, &key->mn);
  hwc_bn_to_bytes(out, key->nbytes, c, nn);
  return HWC_OK;
}

/* ---- construction from components */

int hwc_rsa_key_new(hwc_rsa_key **out, const hwc_rsa_bytes part[HWC_RSA_PARTS]) {
  if (out == NULL || part == NULL) return HWC_ERR_INVALID_ARG;
  *out = NULL;
  int priv = 0, pub = 1;
  for (int i = HWC_RSA_D; i < HWC_RSA_PARTS; i++) priv += part[i].len != 0;
  for (int i = 0; i < HWC_RSA_PARTS; i++)
    if (part[i].p == NULL && part[i].len != 0) return HWC_ERR_INVALID_ARG;
  if (priv != 0 && priv != HWC_RSA_PARTS - HWC_RSA_D) return HWC_ERR_BAD_KEY;
  (void)pub;

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
  uint64_t t[2 * HWC_BN_MAX_LIMBS];

  size_t nl = parse(n, &part[HWC_RSA_N]);
  size_t nbits = nl ? hwc_bn_bits_vartime(n, nl) : 0;
  if (nbits < HWC_RSA_MIN_BITS || nbits > HWC_RSA_MAX_BITS || !(n[0] & 1)) goto done;
  size_t el = parse(key->e, &part[HWC_RSA_E]);
  if (el == 0 || el > nl || !(key->e[0] & 1) || (el == 1 && key->e[0] < 3) || !hwc_bn_lt_mask(key->e, n, nl))
    goto done;
  key->nbits = nbits;
  key->nbytes = (nbits + 7) / 8;
  key->ebits = hwc_bn_bits_vartime(key->e, el);
  hwc_bn_mont_init(&key->mn, k, n, nl);

  if (priv) {
    size_t pl = parse(p, &part[HWC_RSA_P]), ql = parse(q, &part[HWC_RSA_Q]);
    /* sizes of p and q are public (half the modulus); their values are not */
    if (pl == 0 || ql == 0 || pl + ql > HWC_BN_MAX_LIMBS + 1 || !(p[0] & 1) || !(q[0] & 1)) goto done;
    if (pl == 1 && p[0] < 3) goto done;
    if (ql == 1 && q[0] < 3) goto done;
    hwc_bn_mul_plain(t, p, pl, q, ql);
    uint64_t bad = 0;
    for (size_t j = nl; j < pl + ql; j++) bad |= t[j];
    if (pl + ql < nl || bad || !hwc_memequal(t, n, 8 * nl)) goto done;
    if (parse(key->d, &part[HWC_RSA_D]) > nl || !hwc_bn_lt_mask(key->d, n, nl)) goto done;
    if (parse(key->dp, &part[HWC_RSA_DP]) > pl || parse(key->dq, &part[HWC_RSA_DQ]) > ql ||
        parse(key->qinv, &part[HWC_RSA_QINV]) > pl)
      goto done;
    if (!(hwc_bn_lt_mask(key->dp, p, pl) & hwc_bn_lt_mask(key->dq, q, ql) & hwc_bn_lt_mask(key->qinv, p, pl)))
      goto done;
    hwc_bn_mont_init(&key->mp, k, p, pl);
    hwc_bn_mont_init(&key->mq, k, q, ql);
    key->has_private = 1;
    /* A round trip proves that d, dP, dQ and qInv belong to n and e (the
     * private operation checks its result against e). */
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
  hwc_memzero(t, sizeof t);
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
  size_t len = (hwc_bn_bits_vartime(v, limbs) + 7) / 8;
  if (len == 0) len = 1;
  if (out != NULL && cap >= len) hwc_bn_to_bytes(out, len, v, limbs);
  return len;
}
