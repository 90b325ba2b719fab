/* SPDX-License-Identifier: ISC */
/*
 * Ed25519 (RFC 8032 section 5.1), as libsodium 1.0.18's crypto_sign_*:
 * secret keys are seed || public key, signatures are deterministic, and
 * verification applies libsodium's strict rules (listed with
 * hwc_ed25519_verify in include/hwcrypto.h).
 *
 * Constant time: signing touches the secret scalar and nonce only through
 * the fixed-base table scan, scalar25519's fixed sequences and SHA-512.
 * Verification handles public data only and may branch on it.
 */
#include "ge25519.h"
#include "scalar25519.h"
#include "src/hash/hash.h"
#include "src/internal.h"

static void clamp(uint8_t a[32]) {
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
}

int hwc_ed25519_seed_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]) {
  HWC_DIT_SCOPE();
  if (!pk || !sk || !seed) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint8_t az[64], s[32], a[32];
    hwc_ge25519_p3 A;
  } sec;
  memcpy(sec.s, seed, 32); /* seed may be sk itself */
  hwc_sha512(sec.az, sec.s, 32);
  clamp(sec.az);
  hwc_ge25519_scalarmult_base(k, &sec.A, sec.az);
  hwc_ge25519_tobytes(k, sec.a, &sec.A);
  memcpy(sk, sec.s, 32);
  memcpy(sk + 32, sec.a, 32);
  memcpy(pk, sec.a, 32);
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

int hwc_ed25519_keypair(uint8_t pk[32], uint8_t sk[64]) {
  HWC_DIT_SCOPE();
  if (!pk || !sk) return HWC_ERR_INVALID_ARG;
  uint8_t seed[32];
  int r = hwc_random_bytes(seed, sizeof seed);
  if (r == HWC_OK) r = hwc_ed25519_seed_keypair(pk, sk, seed);
  hwc_memzero(seed, sizeof seed);
  return r;
}

/* RFC 8032 section 5.1.6. Like libsodium, the public key is taken from the
 * second half of sk, not recomputed: a caller that pairs a seed with the
 * wrong public key gets signatures that do not verify. */
int hwc_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t sk[64]) {
  HWC_DIT_SCOPE();
  if (!sig || !sk || (!msg && len)) return HWC_ERR_INVALID_ARG;
  hwc_ed25519_sign_k(hwc_fe25519_get(), sig, msg, len, sk);
  return HWC_OK;
}

void hwc_ed25519_sign_k(const hwc_fe25519_kernel *k, uint8_t sig[64], const uint8_t *msg, size_t len,
                        const uint8_t sk[64]) {
  uint8_t *const sigs[1] = {sig};
  const uint8_t *const msgs[1] = {msg}, *const sks[1] = {sk};
  hwc_ed25519_sign_many(k, sigs, msgs, &len, sks, 1);
}

/* One signature's secrets in hwc_ed25519_sign_many. */
typedef struct {
  uint8_t az[64], nonce[64], hram[64], r[32], ra[64], s[32], h[32];
} sign_item;

/* The fewest items base_many sends through the lanes: an eight-lane call
 * costs about what three single fixed-base multiplications do
 * (hwcrypto-bench rows ed25519-sign-batch8 against ed25519-sign, less the
 * hashing), so fewer items run faster one by one. */
#define BASE_LANE_MIN 4

/* it[i].ra[0..32) = the encoding of it[i].r B for i < n: in the field
 * backend's lanes when it has them and there are BASE_LANE_MIN items or
 * more (idle lanes multiply by 0), else one by one. The digits are secret
 * and wiped. */
static void base_many(const hwc_fe25519_kernel *k, sign_item *it, hwc_ge25519_p3 *rp, size_t n) {
  if (k->edwards_base_lanes && k->lanes >= 2 && k->lanes <= HWC_ED25519_SIGN_GROUP && n >= BASE_LANE_MIN) {
    struct {
      int8_t e[HWC_ED25519_SIGN_GROUP][64];
      uint8_t enc[HWC_ED25519_SIGN_GROUP][32];
    } sec;
    memset(sec.e, 0, sizeof sec.e);
    for (size_t i = 0; i < n; i += k->lanes) {
      size_t m = n - i < k->lanes ? n - i : k->lanes;
      for (size_t l = 0; l < k->lanes; l++)
        if (l < m) hwc_ge25519_radix16(sec.e[l], it[i + l].r);
        else memset(sec.e[l], 0, 64);
      k->edwards_base_lanes(sec.enc, (const int8_t(*)[64])sec.e);
      for (size_t l = 0; l < m; l++) memcpy(it[i + l].ra, sec.enc[l], 32);
    }
    hwc_memzero(&sec, sizeof sec);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    hwc_ge25519_scalarmult_base(k, rp, it[i].r);
    hwc_ge25519_tobytes(k, it[i].ra, rp);
  }
}

/* RFC 8032 5.1.6 for n items side by side, stage by stage, so that each of
 * the three hashes runs over all items at once (hwc_sha512_lanes: the
 * SHA-512 kernel's lanes, when it has them). One item is the single call. */
void hwc_ed25519_sign_many(const hwc_fe25519_kernel *k, uint8_t *const *sig, const uint8_t *const *msg,
                           const size_t *len, const uint8_t *const *sk, size_t n) {
  enum { G = HWC_ED25519_SIGN_GROUP };
  /* The operation's secrets, per item, wiped at the end: the n items used
   * and the point (a single signature wipes one item, not eight). */
  sign_item it[G];
  hwc_ge25519_p3 rp;
  static const size_t zero_len[G];
  const uint8_t *none[G] = {NULL}, *head[G] = {NULL};
  uint8_t out[G][64];

  /* a || prefix = SHA-512(seed) */
  for (size_t i = 0; i < n; i++) head[i] = sk[i];
  hwc_sha512_lanes(out, head, 32, none, zero_len, n);
  for (size_t i = 0; i < n; i++) memcpy(it[i].az, out[i], 64);
  /* r = SHA-512(prefix || M) mod L, R = r B */
  for (size_t i = 0; i < n; i++) head[i] = it[i].az + 32;
  hwc_sha512_lanes(out, head, 32, msg, len, n);
  for (size_t i = 0; i < n; i++) hwc_sc25519_reduce64(it[i].r, out[i]);
  base_many(k, it, &rp, n);
  for (size_t i = 0; i < n; i++) {
    memcpy(it[i].ra + 32, sk[i] + 32, 32);
    head[i] = it[i].ra;
  }
  /* h = SHA-512(R || A || M) mod L, S = r + h a */
  hwc_sha512_lanes(out, head, 64, msg, len, n);
  for (size_t i = 0; i < n; i++) {
    hwc_sc25519_reduce64(it[i].h, out[i]);
    clamp(it[i].az);
    hwc_sc25519_muladd(it[i].s, it[i].h, it[i].az, it[i].r);
  }
  /* R and S are written to sig only now: sig[i] may overlap msg[i]. */
  for (size_t i = 0; i < n; i++) {
    memcpy(sig[i], it[i].ra, 32);
    memcpy(sig[i] + 32, it[i].s, 32);
  }
  hwc_memzero(it, n * sizeof it[0]);
  hwc_memzero(out, n * sizeof out[0]);
  hwc_memzero(&rp, sizeof rp);
}

/* libsodium's _crypto_sign_ed25519_verify_detached without ED25519_COMPAT,
 * check for check, in the same order, up to decoding A. */
int hwc_ed25519_verify_checks(const uint8_t *sig, const uint8_t *msg, size_t len, const uint8_t *pk) {
  if (!sig || !pk || (!msg && len)) return HWC_ERR_INVALID_ARG;
  if (!hwc_sc25519_is_canonical(sig + 32)) return HWC_ERR_VERIFY;
  if (hwc_ge25519_has_small_order(sig)) return HWC_ERR_VERIFY;
  if (!hwc_ge25519_is_canonical(pk) || hwc_ge25519_has_small_order(pk)) return HWC_ERR_VERIFY;
  return HWC_OK;
}

int hwc_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32]) {
  HWC_DIT_SCOPE();
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_ge25519_p3 A, R;
  int st = hwc_ed25519_verify_checks(sig, msg, len, pk);
  if (st != HWC_OK) return st;
  /* A = -A_pk: the equation below is S B + h (-A) */
  if (hwc_ge25519_frombytes(k, &A, pk) != 0) return HWC_ERR_VERIFY;
  hwc_fe25519_neg(k, &A.X, &A.X);
  hwc_fe25519_neg(k, &A.T, &A.T);

  hwc_sha512_ctx hs;
  uint8_t hram[64], h[32], rcheck[32];
  hwc_sha512_init(&hs);
  hwc_sha512_update(&hs, sig, 32);
  hwc_sha512_update(&hs, pk, 32);
  hwc_sha512_update(&hs, msg, len);
  hwc_sha512_final(&hs, hram);
  hwc_sc25519_reduce64(h, hram);

  /* R' = S B - h A must encode to exactly the R of the signature: the
   * encoding is canonical, so a non-canonical R never matches. */
  hwc_ge25519_double_scalarmult_vartime(k, &R, h, &A, sig + 32);
  hwc_ge25519_tobytes(k, rcheck, &R);
  return hwc_memequal(rcheck, sig, 32) ? HWC_OK : HWC_ERR_VERIFY;
}
