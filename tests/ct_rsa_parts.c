/* SPDX-License-Identifier: ISC */
/* hwc_rsa_from_parts with the private numbers secret: d, p and q (and dP,
 * dQ, qInv where given) marked, n and e public. Building the key computes
 * the CRT values that were left out (d mod (p - 1), d mod (q - 1),
 * q^-1 mod p) and runs hwc_rsa_key_new's checks; neither may branch or
 * index memory on the secrets. What is public: the parts' lengths (and
 * the leading zero bytes, which the encoding shows), the primes' sizes,
 * the verdict. Then hwc_rsa_get_part on the new key, whose secret parts
 * come out secret and are compared only after ct_public, and a signature. */
#include <stdlib.h>

#include "ct.h"

#define PARTS HWC_RSA_PART_COUNT

/* The numbers of OpenSSL's test key (tests/vectors/rsa), read through
 * hwc_rsa_get_part from a key imported with nothing marked. */
typedef struct {
  uint8_t v[PARTS][520];
  size_t len[PARTS];
} nums;

static void read_nums(nums *kn, const hwc_rsa_key *key) {
  for (int i = 0; i < PARTS; i++) {
    kn->len[i] = sizeof kn->v[i];
    CHECK(hwc_rsa_get_part(kn->v[i], &kn->len[i], (hwc_rsa_part)i, key) == HWC_OK);
  }
}

/* from_parts on a secret copy of kn's private numbers; given[i] says which
 * of DP, DQ and QINV are handed over (the rest are computed); swap puts q
 * first (then QINV is always computed: the file's is for p first). The
 * verdict is declassified by the library; the test checks it, then that
 * the key's parts (declassified here) are the original ones and that it
 * signs as the original does. */
static void one_build(const nums *kn, const hwc_rsa_key *orig, const int given[3], int swap, int want,
                      const char *impl) {
  static nums sec;
  sec = *kn;
  if (swap) {
    memcpy(sec.v[HWC_RSA_P], kn->v[HWC_RSA_Q], kn->len[HWC_RSA_Q]), sec.len[HWC_RSA_P] = kn->len[HWC_RSA_Q];
    memcpy(sec.v[HWC_RSA_Q], kn->v[HWC_RSA_P], kn->len[HWC_RSA_P]), sec.len[HWC_RSA_Q] = kn->len[HWC_RSA_P];
    memcpy(sec.v[HWC_RSA_DP], kn->v[HWC_RSA_DQ], kn->len[HWC_RSA_DQ]), sec.len[HWC_RSA_DP] = kn->len[HWC_RSA_DQ];
    memcpy(sec.v[HWC_RSA_DQ], kn->v[HWC_RSA_DP], kn->len[HWC_RSA_DP]), sec.len[HWC_RSA_DQ] = kn->len[HWC_RSA_DP];
  }
  if (want != HWC_OK) sec.v[HWC_RSA_D][sec.len[HWC_RSA_D] - 1] ^= 2; /* d +- 2: refused */
  const uint8_t *p[PARTS];
  size_t l[PARTS];
  for (int i = 0; i < PARTS; i++) {
    int present = i < HWC_RSA_DP || (given[i - HWC_RSA_DP] && !(swap && i == HWC_RSA_QINV));
    p[i] = present ? sec.v[i] : NULL;
    l[i] = present ? sec.len[i] : 0;
    if (present && i >= HWC_RSA_D) CT_SECRET_KEEP(sec.v[i], sec.len[i]);
  }
  hwc_rsa_key *key = NULL;
  int rc = hwc_rsa_from_parts(&key, p, l);
  CT_PUBLIC(&rc, sizeof rc);
  CHECK_MSG(rc == want, "%s: from_parts (given %d%d%d, swap %d): %s", impl, given[0], given[1], given[2], swap,
            hwc_strerror(rc));
  for (int i = 0; i < PARTS; i++) CT_PUBLIC(sec.v[i], sizeof sec.v[i]);
  if (rc != HWC_OK) return;
  uint8_t buf[520];
  for (int i = 0; i < PARTS; i++) {
    int j = !swap ? i : i == HWC_RSA_P ? HWC_RSA_Q : i == HWC_RSA_Q ? HWC_RSA_P : i == HWC_RSA_DP ? HWC_RSA_DQ
                                                : i == HWC_RSA_DQ ? HWC_RSA_DP : i;
    size_t n = sizeof buf;
    rc = hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, key);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(&n, sizeof n);
    CT_PUBLIC(buf, sizeof buf);
    CHECK(rc == HWC_OK);
    if (swap && i == HWC_RSA_QINV) continue; /* the other order's inverse */
    CHECK_MSG(n == kn->len[j] && memcmp(buf, kn->v[j], n) == 0, "%s: part %d differs", impl, i);
  }
  uint8_t msg[32], s1[512], s2[512];
  t_rand_bytes(msg, sizeof msg);
  size_t n1 = sizeof s1, n2 = sizeof s2;
  CHECK(hwc_rsa_sign_pkcs1(s1, &n1, msg, sizeof msg, HWC_HASH_SHA256, key) == HWC_OK);
  CT_PUBLIC(s1, n1);
  CHECK(hwc_rsa_sign_pkcs1(s2, &n2, msg, sizeof msg, HWC_HASH_SHA256, orig) == HWC_OK);
  CT_PUBLIC(s2, n2);
  CHECK_MSG(n1 == n2 && memcmp(s1, s2, n1) == 0, "%s: rebuilt key signs otherwise", impl);
  hwc_rsa_free(key);
}

static void parts_body(hwc_prim prim, const char *impl, void *arg) {
  (void)prim, (void)arg;
  hwc_rsa_key *orig = t_rsa_test_key();
  static nums kn;
  read_nums(&kn, orig);
  static const int none[3] = {0, 0, 0}, all[3] = {1, 1, 1}, qinv_only[3] = {0, 0, 1};
  one_build(&kn, orig, none, 0, HWC_OK, impl);        /* dP, dQ, qInv computed */
  one_build(&kn, orig, all, 0, HWC_OK, impl);         /* all given: checks only */
  one_build(&kn, orig, qinv_only, 0, HWC_OK, impl);   /* dP, dQ computed */
  one_build(&kn, orig, none, 1, HWC_OK, impl);        /* q first */
  one_build(&kn, orig, none, 0, HWC_ERR_BAD_KEY, impl); /* a wrong d, refused */
  hwc_rsa_free(orig);
}

HWC_TEST(ct, rsa_key_from_parts) {
  ct_for_each_impl(HWC_PRIM_BIGNUM, "rsa key from parts: CRT values computed or given, checks, get_part", parts_body,
                   NULL);
}
