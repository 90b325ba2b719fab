/* SPDX-License-Identifier: ISC */
/*
 * The RSA key object, the raw private operation (CRT with exponent and base
 * blinding, in bignum.c, and a check of the result before release) and the
 * raw public operation, on the bignum kernel selected when the key was
 * made.
 */
#include <stdlib.h>

#include "dispatch/dispatch.h"
#include "src/internal.h"
#include "rsa_internal.h"

static void key_wipe_free(hwc_rsa_key *key) {
  pthread_mutex_destroy(&key->blinding.lock);
  hwc_memzero(key, sizeof *key);
  free(key);
}

void hwc_rsa_free(hwc_rsa_key *key) {
  if (key != NULL) key_wipe_free(key);
}

size_t hwc_rsa_size(const hwc_rsa_key *key) { return key ? key->nbytes : 0; }

int hwc_rsa_has_private(const hwc_rsa_key *key) { return key ? key->has_private : 0; }

size_t hwc_rsa_parse_part(uint64_t *r, const hwc_rsa_bytes *b) {
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

/* c = in (key->nbytes big-endian bytes) as mn.n limbs; HWC_OK when it is
 * below n, else HWC_ERR_INVALID_ARG. Whether the input is below n is a
 * fact about the caller's input (an encoded message, a ciphertext, a
 * signature), not about the key: the verdict is released. */
static inline int private_input(uint64_t *c, const uint8_t *in, const hwc_rsa_key *key) {
  size_t nn = key->crt.mn.n;
  hwc_bn_from_bytes(c, nn, in, key->nbytes);
  uint64_t in_range = hwc_bn_lt_mask(c, key->crt.mn.m, nn);
  HWC_DECLASSIFY(&in_range, sizeof in_range);
  return in_range ? HWC_OK : HWC_ERR_INVALID_ARG;
}

/* Releases m = c^d mod n into out (key->nbytes bytes) after the fault
 * check (Boneh, DeMillo and Lipton): a computation error in one CRT half
 * would let anyone factor n from the output, so it is released only if
 * chk, m raised to e by the caller, gives back the input c; else out is
 * zeroed and the result is HWC_ERR_BAD_KEY. */
static inline int release_checked(uint8_t *out, const uint64_t *m, const uint64_t *chk, const uint64_t *c,
                                  const hwc_rsa_key *key) {
  size_t nn = key->crt.mn.n;
  /* masks, not branches: the verdict is secret until it is returned */
  uint32_t ok = (uint32_t)0 - (uint32_t)hwc_memequal(chk, c, 8 * nn);
  hwc_bn_to_bytes(out, key->nbytes, m, nn);
  for (size_t i = 0; i < key->nbytes; i++) out[i] &= (uint8_t)ok;
  int rc = (int)((uint32_t)HWC_ERR_BAD_KEY & ~ok);
  /* The verdict itself is released: whether the output is right says
   * nothing about the key unless a fault occurred, and callers branch
   * on it. */
  HWC_DECLASSIFY(&rc, sizeof rc);
  return rc;
}

/* release_checked with m^e computed here, on the key's single kernel. */
static inline int private_release(uint8_t *out, const uint64_t *m, const uint64_t *c, const hwc_rsa_key *key) {
  const hwc_bn_crt_key *crt = &key->crt;
  uint64_t chk[HWC_BN_MAX_LIMBS];
  hwc_bn_modexp_vartime(chk, m, crt->e, crt->ebits, &crt->mn);
  int rc = release_checked(out, m, chk, c, key);
  hwc_memzero(chk, sizeof chk);
  return rc;
}

int hwc_rsa_private_op(uint8_t *out, const uint8_t *in, const hwc_rsa_key *ckey) {
  if (out == NULL || in == NULL || ckey == NULL || !ckey->has_private) return HWC_ERR_INVALID_ARG;
  hwc_rsa_key *key = (hwc_rsa_key *)ckey; /* only the lock-guarded blinding state changes */
  uint64_t c[HWC_BN_MAX_LIMBS]; /* the caller's input */
  uint64_t m[HWC_BN_MAX_LIMBS]; /* the result, wiped at the end (the early return comes before it is written) */
  if (private_input(c, in, key) != HWC_OK) return HWC_ERR_INVALID_ARG;
  /* c^d mod n: CRT with exponent and base blinding, all in bignum.c. */
  int rc = hwc_bn_crt_private(m, c, &key->crt, &key->blinding);
  if (rc == HWC_OK)
    rc = private_release(out, m, c, key);
  else
    hwc_memzero(out, key->nbytes);
  hwc_memzero(m, sizeof m);
  return rc;
}

size_t hwc_rsa_lanes_limbs(const hwc_rsa_key *key) {
  const hwc_bignum_kernel *k = key->crt.mp.k;
  size_t n = key->crt.mp.n;
  if (!key->has_private || k == NULL || k->lanes < HWC_BN_LANES || k->mont_mul_lanes == NULL) return 0;
  return n == key->crt.mq.n && n <= HWC_BN_LANES_MAX_LIMBS ? n : 0;
}

/* The largest n (in limbs) whose unblinding and fault check a batch runs
 * in lanes: up to 2048 bits (40 digits of 52 bits, a lane product of its
 * own) eight in lanes beat eight on the single kernel by about 5k cycles
 * an item on Zen 5; at 3072 and 4096 bits (the lane kernel's any-length
 * product) they measured no faster. */
#define CHECK_LANES_MAX_LIMBS 32

/* Item t's CRT halves in lanes 2t' and 2t' + 1 (t' = t mod 4) of one
 * exponentiation for items 4g .. 4g + 3 (the group's cnt items from
 * `lo`). A lane without an item (a partial group, or an item already
 * refused) repeats the group's first active item's p half into a result
 * of its own, which is discarded: no lane ever sees another item's
 * secrets. An error (HWC_ERR_NOMEM) fails the group's items. */
static void exp_group(uint8_t *const *out, int *status, const hwc_rsa_key *const *ckey, int *active,
                      hwc_bn_crt_state *st, uint64_t (*idle)[HWC_BN_MAX_LIMBS], size_t lo, size_t cnt, size_t ebits) {
  size_t first = cnt;
  for (size_t t = 0; t < cnt && first == cnt; t++)
    if (active[lo + t]) first = t;
  if (first == cnt) return;
  uint64_t *r[HWC_BN_LANES];
  const uint64_t *a[HWC_BN_LANES], *e[HWC_BN_LANES];
  const hwc_bn_mont *ctx[HWC_BN_LANES];
  for (size_t l = 0; l < HWC_BN_LANES; l++) {
    size_t t = l / 2;
    int q = (int)(l % 2), own = t < cnt && active[lo + t];
    if (!own) t = first, q = 0;
    hwc_bn_crt_state *s = &st[lo + t];
    ctx[l] = q ? &ckey[lo + t]->crt.mq : &ckey[lo + t]->crt.mp;
    a[l] = q ? s->cq : s->cp;
    e[l] = q ? s->eq : s->ep;
    r[l] = own ? (q ? s->cq : s->cp) : idle[l];
  }
  int rc = hwc_bn_modexp_lanes(r, a, e, ctx, ctx[0]->k, ebits);
  if (rc == HWC_OK) return;
  for (size_t t = lo; t < lo + cnt; t++) {
    if (!active[t]) continue;
    status[t] = rc;
    hwc_memzero(out[t], ckey[t]->nbytes);
    active[t] = 0;
  }
}

int hwc_rsa_private_op_lanes(uint8_t *const *out, int *status, const uint8_t *const *in,
                             const hwc_rsa_key *const *ckey, size_t cnt) {
  enum { ITEMS = HWC_BN_LANES, HALF = HWC_BN_LANES / 2 };
  /* Every item's secrets, the idle lanes' results and the lane pointers'
   * targets, wiped together at the end; on the heap (about 90 KiB). */
  typedef struct {
    hwc_bn_crt_state st[ITEMS];
    uint64_t c[ITEMS][HWC_BN_MAX_LIMBS], m[ITEMS][HWC_BN_MAX_LIMBS], chk[ITEMS][HWC_BN_MAX_LIMBS];
    uint64_t idle[HWC_BN_LANES][HWC_BN_MAX_LIMBS];
    uint64_t k[ITEMS][2]; /* the exponent blinding draws */
  } op_sec;
  op_sec *sec = malloc(sizeof *sec);
  if (sec == NULL) { /* one at a time, which needs no memory here */
    for (size_t t = 0; t < cnt; t++) status[t] = hwc_rsa_private_op(out[t], in[t], ckey[t]);
    return HWC_OK;
  }
  int active[ITEMS] = {0};
  size_t ebits = 0;
  /* every item's draws in one system call */
  int rng = hwc_random_bytes((uint8_t *)sec->k, sizeof sec->k);
  for (size_t t = 0; t < cnt; t++) {
    hwc_rsa_key *key = (hwc_rsa_key *)ckey[t]; /* only the lock-guarded blinding state changes */
    status[t] = private_input(sec->c[t], in[t], key);
    if (status[t] != HWC_OK) continue; /* out untouched, as the single call */
    status[t] = rng != HWC_OK ? rng : hwc_bn_crt_prepare(&sec->st[t], sec->c[t], &key->crt, &key->blinding, sec->k[t]);
    if (status[t] != HWC_OK) {
      hwc_memzero(out[t], key->nbytes);
      continue;
    }
    active[t] = 1;
    size_t eb = hwc_bn_crt_ebits(&key->crt); /* public: the primes' sizes */
    if (eb > ebits) ebits = eb;
  }
  for (size_t lo = 0; lo < cnt; lo += HALF)
    exp_group(out, status, ckey, active, sec->st, sec->idle, lo, cnt - lo < HALF ? cnt - lo : HALF, ebits);

  /* The halves recombined, still blinded; then the unblinding product and
   * the fault check's power in the lanes of one more call, one item per
   * lane, when the items' moduli n have one limb count of at most
   * CHECK_LANES_MAX_LIMBS (public), else on the single kernel item by
   * item. */
  size_t first = ITEMS;
  for (size_t t = 0; t < cnt; t++) {
    if (!active[t]) continue;
    hwc_bn_crt_join(sec->m[t], &sec->st[t], &ckey[t]->crt);
    if (first == ITEMS) first = t;
  }
  if (first < ITEMS) {
    size_t nn = ckey[first]->crt.mn.n;
    int lanes_ok = nn <= CHECK_LANES_MAX_LIMBS;
    for (size_t t = 0; t < cnt; t++)
      if (active[t] && ckey[t]->crt.mn.n != nn) lanes_ok = 0;
    int rc = HWC_ERR_NOMEM;
    if (lanes_ok) {
      uint64_t *mo[HWC_BN_LANES], *xo[HWC_BN_LANES];
      const uint64_t *so[HWC_BN_LANES], *uo[HWC_BN_LANES], *eo[HWC_BN_LANES];
      size_t eb[HWC_BN_LANES];
      const hwc_bn_mont *ctx[HWC_BN_LANES];
      for (size_t l = 0; l < HWC_BN_LANES; l++) {
        int own = l < cnt && active[l];
        size_t t = own ? l : first;
        so[l] = sec->m[t];
        uo[l] = sec->st[t].unblind;
        eo[l] = ckey[t]->crt.e;
        eb[l] = ckey[t]->crt.ebits;
        ctx[l] = &ckey[t]->crt.mn;
        mo[l] = own ? sec->m[l] : sec->idle[l];
        xo[l] = own ? sec->chk[l] : sec->idle[l];
      }
      rc = hwc_bn_mul_pow_lanes(mo, xo, so, uo, eo, eb, ctx, ckey[first]->crt.mp.k);
    }
    for (size_t t = 0; t < cnt; t++) {
      if (!active[t]) continue;
      const hwc_rsa_key *key = ckey[t];
      if (rc == HWC_OK) {
        status[t] = release_checked(out[t], sec->m[t], sec->chk[t], sec->c[t], key);
      } else {
        hwc_bn_mod_mul(sec->m[t], sec->m[t], sec->st[t].unblind, &key->crt.mn);
        status[t] = private_release(out[t], sec->m[t], sec->c[t], key);
      }
    }
  }
  hwc_memzero(sec, sizeof *sec);
  free(sec);
  return HWC_OK;
}

int hwc_rsa_public_op(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key) {
  if (out == NULL || in == NULL || key == NULL) return HWC_ERR_INVALID_ARG;
  size_t nn = key->crt.mn.n;
  uint64_t c[HWC_BN_MAX_LIMBS];
  hwc_bn_from_bytes(c, nn, in, key->nbytes);
  /* Whether the input is below n is a fact about the caller's input (an
   * encoded message, a ciphertext, a signature), not about the key. */
  uint64_t in_range = hwc_bn_lt_mask(c, key->crt.mn.m, nn);
  HWC_DECLASSIFY(&in_range, sizeof in_range);
  if (!in_range) return HWC_ERR_INVALID_ARG;
  hwc_bn_modexp_vartime(c, c, key->crt.e, key->crt.ebits, &key->crt.mn);
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
 * have pl and ql limbs, n has nl <= pl + ql; key->d and key->crt's e, dp,
 * dq and qinv are parsed (zero above their lengths). Each check and what
 * it prevents: */
static uint64_t private_parts_consistent(const hwc_rsa_key *key, const uint64_t *n, size_t nl, const uint64_t *p,
                                         size_t pl, const uint64_t *q, size_t ql, size_t el) {
  /* Products and remainders of the secret parts, wiped together at the
   * end. */
  struct {
    uint64_t t[2 * HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_LIMBS], pm1[HWC_BN_MAX_LIMBS], qm1[HWC_BN_MAX_LIMBS];
  } sec;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1}, nx[2 * HWC_BN_MAX_LIMBS] = {0};
  /* p and q odd: Montgomery arithmetic modulo them needs it. */
  uint64_t ok = ((uint64_t)0 - (p[0] & 1)) & ((uint64_t)0 - (q[0] & 1));
  /* n = p q: the CRT halves compute modulo p and q; a result modulo
   * anything else is not x^d mod n. */
  hwc_bn_mul_plain(sec.t, p, pl, q, ql);
  for (size_t j = 0; j < nl; j++) nx[j] = n[j];
  ok &= eq_mask(sec.t, nx, pl + ql);
  /* d < n: d itself is only exported, never used; a d that is not the
   * exponent the CRT values stand for would export a key that signs
   * differently elsewhere. The next two checks pin it down. */
  ok &= hwc_bn_lt_mask(key->d, n, nl);
  hwc_bn_sub(sec.pm1, p, one, pl);
  hwc_bn_sub(sec.qm1, q, one, ql);
  /* dP = d mod (p - 1), dQ = d mod (q - 1): the CRT exponents are d's. */
  hwc_bn_mod_ct(sec.r, key->d, nl, sec.pm1, pl);
  ok &= eq_mask(sec.r, key->crt.dp, pl);
  hwc_bn_mod_ct(sec.r, key->d, nl, sec.qm1, ql);
  ok &= eq_mask(sec.r, key->crt.dq, ql);
  /* e dP = 1 mod (p - 1) and e dQ = 1 mod (q - 1): with the above, e d = 1
   * modulo both, hence modulo lcm(p - 1, q - 1), so x^(e d) = x for every x
   * (d + 2, say, passes every check before this one). */
  hwc_bn_mul_plain(sec.t, key->crt.e, el, key->crt.dp, pl);
  hwc_bn_mod_ct(sec.r, sec.t, el + pl, sec.pm1, pl);
  ok &= is_one_mask(sec.r, pl);
  hwc_bn_mul_plain(sec.t, key->crt.e, el, key->crt.dq, ql);
  hwc_bn_mod_ct(sec.r, sec.t, el + ql, sec.qm1, ql);
  ok &= is_one_mask(sec.r, ql);
  /* qInv < p and qInv q = 1 mod p: Garner's recombination multiplies by it;
   * a wrong one gives a wrong result for every input (p = q fails here). */
  ok &= hwc_bn_lt_mask(key->crt.qinv, p, pl);
  hwc_bn_mul_plain(sec.t, key->crt.qinv, pl, q, ql);
  hwc_bn_mod_ct(sec.r, sec.t, pl + ql, p, pl);
  ok &= is_one_mask(sec.r, pl);
  hwc_memzero(&sec, sizeof sec);
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
  if (pthread_mutex_init(&key->blinding.lock, NULL) != 0) {
    free(key);
    return HWC_ERR_NOMEM;
  }
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  int rc = HWC_ERR_BAD_KEY;
  uint64_t n[HWC_BN_MAX_LIMBS], p[HWC_BN_MAX_LIMBS], q[HWC_BN_MAX_LIMBS];

  size_t nl = hwc_rsa_parse_part(n, &part[HWC_RSA_N]);
  /* n and e are the public key, whatever secret bytes carried them. */
  HWC_DECLASSIFY(n, sizeof n);
  size_t nbits = nl ? hwc_bn_bits_vartime(n, nl) : 0;
  if (nbits < HWC_RSA_MIN_BITS || nbits > HWC_RSA_MAX_BITS || !(n[0] & 1)) goto done;
  size_t el = hwc_rsa_parse_part(key->crt.e, &part[HWC_RSA_E]);
  HWC_DECLASSIFY(key->crt.e, sizeof key->crt.e);
  if (el == 0 || el > nl || !(key->crt.e[0] & 1) || (el == 1 && key->crt.e[0] < 3) || !hwc_bn_lt_mask(key->crt.e, n, nl))
    goto done;
  key->nbits = nbits;
  key->nbytes = (nbits + 7) / 8;
  key->crt.ebits = hwc_bn_bits_vartime(key->crt.e, el);
  hwc_bn_mont_init(&key->crt.mn, k, n, nl);

  if (priv) {
    /* Lengths are public (the encoding shows them); hwc_rsa_parse_part
     * returns 0 for a value longer than any buffer, which must not pass as
     * zero. */
    size_t pl = hwc_rsa_parse_part(p, &part[HWC_RSA_P]), ql = hwc_rsa_parse_part(q, &part[HWC_RSA_Q]);
    size_t dl = hwc_rsa_parse_part(key->d, &part[HWC_RSA_D]);
    size_t dpl = hwc_rsa_parse_part(key->crt.dp, &part[HWC_RSA_DP]);
    size_t dql = hwc_rsa_parse_part(key->crt.dq, &part[HWC_RSA_DQ]);
    size_t qil = hwc_rsa_parse_part(key->crt.qinv, &part[HWC_RSA_QINV]);
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
    hwc_bn_mont_init(&key->crt.mp, k, p, pl);
    hwc_bn_mont_init(&key->crt.mq, k, q, ql);
    key->crt.pbits = pbits;
    key->crt.qbits = qbits;
    key->has_private = 1;
    /* A round trip through the private operation and its fault check: the
     * whole CRT path, blinding included, on this key and backend. */
    uint8_t x[8 * HWC_BN_MAX_LIMBS] = {0};
    x[key->nbytes - 1] = 2;
    x[1] = 0x5a;
    rc = hwc_rsa_private_op(x, x, key);
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
    case HWC_RSA_N: v = key->crt.mn.m, limbs = key->crt.mn.n; break;
    case HWC_RSA_E: v = key->crt.e, limbs = HWC_BN_MAX_LIMBS; break;
    case HWC_RSA_D: v = key->d, limbs = key->crt.mn.n; break;
    case HWC_RSA_P: v = key->crt.mp.m, limbs = key->crt.mp.n; break;
    case HWC_RSA_Q: v = key->crt.mq.m, limbs = key->crt.mq.n; break;
    case HWC_RSA_DP: v = key->crt.dp, limbs = key->crt.mp.n; break;
    case HWC_RSA_DQ: v = key->crt.dq, limbs = key->crt.mq.n; break;
    case HWC_RSA_QINV: v = key->crt.qinv, limbs = key->crt.mp.n; break;
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
