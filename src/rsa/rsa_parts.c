/* SPDX-License-Identifier: ISC */
/*
 * hwc_rsa_from_parts and hwc_rsa_get_part (0.3): RSA keys to and from their
 * numbers, for JWK, PKCS#11 and OpenSSL's key objects. The checks are
 * hwc_rsa_key_new's, the same that hwc_rsa_import runs, so a key accepted
 * here is accepted there and the other way round. What this file adds is
 * the choice of the set of parts and, for a private key given without its
 * CRT values, computing them: dP = d mod (p - 1), dQ = d mod (q - 1),
 * qInv = q^-1 mod p, in constant time in the secrets (tests/ct_rsa_parts.c).
 * The computed values are checked like given ones, by hwc_rsa_key_new.
 * p < q needs nothing special: the CRT recombination (bignum.c,
 * crt_combine) reduces the q half modulo p first, so the key keeps the
 * order it was given in and hwc_rsa_get_part returns it unchanged.
 */
#include <stdlib.h>

#include "dispatch/dispatch.h"
#include "src/internal.h"
#include "rsa_internal.h"

/* The computation's secrets: d, p and q as limbs, p - 1 and q - 1, the
 * Montgomery context of p (p itself), and the computed dP, dQ and qInv as
 * limbs and as the big-endian bytes handed to hwc_rsa_key_new. Heap
 * allocated (a context is several KiB), wiped once on the way out. */
typedef struct {
  hwc_bn_mont mp;
  uint64_t d[HWC_BN_MAX_LIMBS], p[HWC_BN_MAX_LIMBS], q[HWC_BN_MAX_LIMBS];
  uint64_t pm1[HWC_BN_MAX_LIMBS], qm1[HWC_BN_MAX_LIMBS], v[HWC_BN_MAX_LIMBS];
  uint8_t bytes[3][8 * HWC_BN_MAX_LIMBS]; /* dP, dQ, qInv */
} parts_sec;

/* Fills the parts among DP, DQ and QINV that the caller left out (empty in
 * parts[]) from D, P and Q, into sec->bytes, and points parts[] at them.
 * Sizes are public (limb counts from hwc_rsa_parse_part, the primes' bit
 * lengths, as hwc_rsa_key_new releases them); values steer nothing. When D,
 * P or Q cannot make a key at all (a prime below HWC_RSA_MIN_PRIME_BITS, a
 * value longer than any buffer) nothing is computed and the missing parts
 * stay the number 0: hwc_rsa_key_new refuses those keys anyway, and a
 * Montgomery context needs a modulus above 1. HWC_OK or HWC_ERR_NOMEM. */
static int compute_crt(parts_sec *sec, hwc_rsa_bytes parts[HWC_RSA_PARTS]) {
  static const uint8_t zero = 0;
  const int missing[3] = {parts[HWC_RSA_DP].len == 0, parts[HWC_RSA_DQ].len == 0, parts[HWC_RSA_QINV].len == 0};
  for (int i = 0; i < 3; i++)
    if (missing[i]) parts[HWC_RSA_DP + i] = (hwc_rsa_bytes){&zero, 1};

  size_t dl = hwc_rsa_parse_part(sec->d, &parts[HWC_RSA_D]);
  size_t pl = hwc_rsa_parse_part(sec->p, &parts[HWC_RSA_P]);
  size_t ql = hwc_rsa_parse_part(sec->q, &parts[HWC_RSA_Q]);
  if (!dl || !pl || !ql) return HWC_OK;
  /* The primes' sizes are public (hwc_rsa_key_new releases them too). */
  size_t pbits = hwc_bn_bits(sec->p, pl), qbits = hwc_bn_bits(sec->q, ql);
  HWC_DECLASSIFY(&pbits, sizeof pbits);
  HWC_DECLASSIFY(&qbits, sizeof qbits);
  if (pbits < HWC_RSA_MIN_PRIME_BITS || qbits < HWC_RSA_MIN_PRIME_BITS) return HWC_OK;
  /* Montgomery arithmetic needs an odd modulus, and whether p is odd is a
   * secret until hwc_rsa_key_new's verdict: compute with p | 1 and q | 1.
   * For the odd primes of any valid key that is p and q; for an even one
   * the results are wrong and the check refuses them. */
  sec->p[0] |= 1;
  sec->q[0] |= 1;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  hwc_bn_sub(sec->pm1, sec->p, one, pl);
  hwc_bn_sub(sec->qm1, sec->q, one, ql);

  int rc = HWC_OK;
  if (missing[0]) { /* dP = d mod (p - 1) */
    hwc_bn_mod_ct(sec->v, sec->d, dl, sec->pm1, pl);
    hwc_bn_to_bytes(sec->bytes[0], 8 * pl, sec->v, pl);
    parts[HWC_RSA_DP] = (hwc_rsa_bytes){sec->bytes[0], 8 * pl};
  }
  if (missing[1]) { /* dQ = d mod (q - 1) */
    hwc_bn_mod_ct(sec->v, sec->d, dl, sec->qm1, ql);
    hwc_bn_to_bytes(sec->bytes[1], 8 * ql, sec->v, ql);
    parts[HWC_RSA_DQ] = (hwc_rsa_bytes){sec->bytes[1], 8 * ql};
  }
  if (missing[2]) { /* qInv = q^-1 mod p, as key generation computes it */
    hwc_bn_mont_init(&sec->mp, HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel), sec->p, pl);
    rc = hwc_bn_inv_mod_prime(sec->v, sec->q, ql, &sec->mp);
    hwc_bn_to_bytes(sec->bytes[2], 8 * pl, sec->v, pl);
    parts[HWC_RSA_QINV] = (hwc_rsa_bytes){sec->bytes[2], 8 * pl};
  }
  return rc;
}

int hwc_rsa_from_parts(hwc_rsa_key **key, const uint8_t *const part[HWC_RSA_PART_COUNT],
                       const size_t part_len[HWC_RSA_PART_COUNT]) {
  HWC_DIT_SCOPE();
  if (key == NULL) return HWC_ERR_INVALID_ARG;
  *key = NULL;
  if (part == NULL || part_len == NULL) return HWC_ERR_INVALID_ARG;
  int has[HWC_RSA_PARTS];
  for (int i = 0; i < HWC_RSA_PARTS; i++) {
    if (part[i] == NULL && part_len[i] != 0) return HWC_ERR_INVALID_ARG;
    has[i] = part[i] != NULL;
  }
  /* Which parts are present is the shape of the call, not a secret. */
  int crt = has[HWC_RSA_DP] | has[HWC_RSA_DQ] | has[HWC_RSA_QINV];
  int pub = has[HWC_RSA_N] && has[HWC_RSA_E] && !has[HWC_RSA_D] && !has[HWC_RSA_P] && !has[HWC_RSA_Q] && !crt;
  int priv = has[HWC_RSA_N] && has[HWC_RSA_E] && has[HWC_RSA_D] && has[HWC_RSA_P] && has[HWC_RSA_Q];
  /* n, e and d alone determine the primes, which could be recovered
   * (NIST SP 800-56B appendix C gives methods), but this library does not
   * do it: a form it does not support, not a mistake in the call. */
  int ned = has[HWC_RSA_N] && has[HWC_RSA_E] && has[HWC_RSA_D] && !has[HWC_RSA_P] && !has[HWC_RSA_Q] && !crt;
  if (ned) return HWC_ERR_UNSUPPORTED;
  if (!pub && !priv) return HWC_ERR_INVALID_ARG;

  /* hwc_rsa_key_new reads an empty part as absent; here a given part of
   * length 0 is the number 0 (then refused by the checks), so it goes in
   * as one zero byte. Absent parts stay empty. */
  static const uint8_t zero = 0;
  hwc_rsa_bytes parts[HWC_RSA_PARTS];
  for (int i = 0; i < HWC_RSA_PARTS; i++)
    parts[i] = !has[i] ? (hwc_rsa_bytes){NULL, 0}
               : part_len[i] == 0 ? (hwc_rsa_bytes){&zero, 1}
                                  : (hwc_rsa_bytes){part[i], part_len[i]};
  if (pub) return hwc_rsa_key_new(key, parts);

  parts_sec *sec = NULL;
  int rc = HWC_OK;
  if (!has[HWC_RSA_DP] || !has[HWC_RSA_DQ] || !has[HWC_RSA_QINV]) { /* something to compute */
    sec = aligned_alloc(64, sizeof *sec);
    if (sec == NULL) return HWC_ERR_NOMEM;
    rc = compute_crt(sec, parts);
  }
  if (rc == HWC_OK) rc = hwc_rsa_key_new(key, parts);
  if (sec != NULL) {
    hwc_memzero(sec, sizeof *sec);
    free(sec);
  }
  return rc;
}

int hwc_rsa_get_part(uint8_t *out, size_t *out_len, hwc_rsa_part which, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  /* which is compared as an int: a value outside the enum is refused, not
   * read as an index. */
  int w = (int)which;
  if (key == NULL || out_len == NULL || w < 0 || w >= HWC_RSA_PARTS) return HWC_ERR_INVALID_ARG;
  if (w >= HWC_RSA_D && !key->has_private) return HWC_ERR_INVALID_ARG;
  size_t need = hwc_rsa_key_part(key, which, NULL, 0);
  int rc = hwc_rsa_need_output(out, out_len, need);
  if (rc != HWC_OK) return rc;
  hwc_rsa_key_part(key, which, out, need);
  *out_len = need;
  return HWC_OK;
}
