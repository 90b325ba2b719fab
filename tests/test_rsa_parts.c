/* SPDX-License-Identifier: ISC */
/* RSA keys from their numbers and back (0.3: hwc_rsa_from_parts,
 * hwc_rsa_get_part). Known values from an independent source: Project
 * Wycheproof's PKCS#1 v1.5 signature generation files give each key as a
 * JWK (RFC 7517: n, e, d, p, q, dp, dq, qi) with the signatures it must
 * make; a key built from those numbers must sign exactly those bytes, with
 * its CRT values given or computed here, and must be accepted or refused
 * as hwc_rsa_import accepts or refuses the file's PKCS#8 of the same key.
 * Then round trips (get_part -> from_parts) of OpenSSL's test key and of
 * generated keys, the primes in either order, leading zero bytes, every
 * failed check (HWC_ERR_BAD_KEY), every subset of the eight parts, and
 * get_part's size rule. Key building runs on every bignum backend. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

#define PARTS HWC_RSA_PART_COUNT
#define PART_MAX 1100 /* room for a 4096-bit key's n behind leading zero bytes */

static const char *const part_name[PARTS] = {"N", "E", "D", "P", "Q", "DP", "DQ", "QINV"};

/* A key's numbers as byte strings; present[i] chooses what from_parts is
 * handed (an absent part goes in as NULL with length 0). */
typedef struct {
  uint8_t v[PARTS][PART_MAX];
  size_t len[PARTS];
  int present[PARTS];
} key_nums;

/* Every part of key through hwc_rsa_get_part (a public key: N and E),
 * each after a size query, all marked present. */
static void nums_of(key_nums *kn, const hwc_rsa_key *key) {
  memset(kn, 0, sizeof *kn);
  int parts = hwc_rsa_has_private(key) ? PARTS : 2;
  for (int i = 0; i < parts; i++) {
    size_t need = 0;
    CHECK(hwc_rsa_get_part(NULL, &need, (hwc_rsa_part)i, key) == HWC_ERR_INVALID_ARG);
    CHECK(need > 0 && need <= PART_MAX);
    kn->len[i] = PART_MAX;
    CHECK(hwc_rsa_get_part(kn->v[i], &kn->len[i], (hwc_rsa_part)i, key) == HWC_OK);
    CHECK_MSG(kn->len[i] == need, "%s: size query said %zu, wrote %zu", part_name[i], need, kn->len[i]);
    CHECK_MSG(kn->v[i][0] != 0, "%s: not minimal (leading zero byte)", part_name[i]);
    kn->present[i] = 1;
  }
}

/* hwc_rsa_from_parts on the present parts of kn. *key is set to a marker
 * first, so a call that leaves it alone on error is caught. */
static int build(hwc_rsa_key **key, const key_nums *kn) {
  const uint8_t *p[PARTS];
  size_t l[PARTS];
  for (int i = 0; i < PARTS; i++) {
    p[i] = kn->present[i] ? kn->v[i] : NULL;
    l[i] = kn->present[i] ? kn->len[i] : 0;
  }
  static int marker;
  *key = (hwc_rsa_key *)(void *)&marker; /* any non-NULL address */
  int rc = hwc_rsa_from_parts(key, p, l);
  CHECK_MSG(rc == HWC_OK ? *key != NULL : *key == NULL, "from_parts: *key %s after %s",
            *key ? "set" : "NULL", hwc_strerror(rc));
  return rc;
}

/* Part i of kn without leading zero bytes (for comparisons). */
static const uint8_t *stripped(const key_nums *kn, int i, size_t *len) {
  const uint8_t *v = kn->v[i];
  size_t n = kn->len[i];
  while (n > 1 && v[0] == 0) v++, n--;
  *len = n;
  return v;
}

/* Part i of key equals part j of kn, both minimal. */
static int part_is(const hwc_rsa_key *key, int i, const key_nums *kn, int j) {
  uint8_t buf[PART_MAX];
  size_t n = sizeof buf, wl;
  if (hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, key) != HWC_OK) return 0;
  const uint8_t *w = stripped(kn, j, &wl);
  return n == wl && memcmp(buf, w, n) == 0;
}

/* PKCS#1 v1.5 (deterministic) signatures of two messages by a and b are
 * the same bytes, and b's verify under a. */
static int sign_same(const hwc_rsa_key *a, const hwc_rsa_key *b) {
  static const uint8_t m1[] = "keys from their numbers", m2[1] = {0};
  const uint8_t *msgs[2] = {m1, m2};
  const size_t lens[2] = {sizeof m1 - 1, sizeof m2};
  for (int i = 0; i < 2; i++) {
    uint8_t sa[1024], sb[1024];
    size_t na = sizeof sa, nb = sizeof sb;
    if (hwc_rsa_sign_pkcs1(sa, &na, msgs[i], lens[i], HWC_HASH_SHA256, a) != HWC_OK) return 0;
    if (hwc_rsa_sign_pkcs1(sb, &nb, msgs[i], lens[i], HWC_HASH_SHA256, b) != HWC_OK) return 0;
    if (na != nb || memcmp(sa, sb, na) != 0) return 0;
    if (hwc_rsa_verify_pkcs1(sb, nb, msgs[i], lens[i], HWC_HASH_SHA256, a) != HWC_OK) return 0;
  }
  return 1;
}

static void swap_parts(key_nums *kn, int i, int j) {
  uint8_t t[PART_MAX];
  memcpy(t, kn->v[i], PART_MAX), memcpy(kn->v[i], kn->v[j], PART_MAX), memcpy(kn->v[j], t, PART_MAX);
  size_t l = kn->len[i];
  kn->len[i] = kn->len[j], kn->len[j] = l;
}

/* ---- Project Wycheproof: JWK numbers and the signatures they make */

/* RFC 4648 section 5 base64url without padding (JWK's encoding) into out;
 * returns the byte count. */
static size_t b64url(uint8_t *out, size_t cap, const char *s) {
  size_t n = 0, bits = 0;
  uint32_t acc = 0;
  for (; *s; s++) {
    int c = *s, v = c >= 'A' && c <= 'Z'   ? c - 'A'
                    : c >= 'a' && c <= 'z' ? c - 'a' + 26
                    : c >= '0' && c <= '9' ? c - '0' + 52
                    : c == '-'             ? 62
                    : c == '_'             ? 63
                                           : -1;
    CHECK_MSG(v >= 0, "bad base64url character '%c'", c);
    acc = acc << 6 | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      CHECK(n < cap);
      out[n++] = (uint8_t)(acc >> bits);
    }
  }
  return n;
}

typedef struct {
  const char *impl;
  size_t keys, refused, sigs;
} wp_tally;

static int wp_hash(const char *name, hwc_hash *h) {
  if (!strcmp(name, "SHA-256")) *h = HWC_HASH_SHA256;
  else if (!strcmp(name, "SHA-384")) *h = HWC_HASH_SHA384;
  else if (!strcmp(name, "SHA-512")) *h = HWC_HASH_SHA512;
  else return 0;
  return 1;
}

/* One test group: its JWK's numbers -> from_parts, all eight and with the
 * CRT values left out (computed values must be the JWK's); the result must
 * be hwc_rsa_import's on the group's PKCS#8; then every test's signature. */
static void wp_group(const wp_value *g, wp_tally *t) {
  static const char *const jwk_name[PARTS] = {"n", "e", "d", "p", "q", "dp", "dq", "qi"};
  const wp_value *jwk = wp_get(g, "privateKeyJwk");
  hwc_hash h;
  if (jwk == NULL || !wp_hash(wp_str(g, "sha"), &h)) return;
  static key_nums kn;
  memset(&kn, 0, sizeof kn);
  for (int i = 0; i < PARTS; i++) {
    kn.len[i] = b64url(kn.v[i], PART_MAX, wp_str(jwk, jwk_name[i]));
    CHECK_MSG(kn.len[i] > 0, "JWK without %s", jwk_name[i]);
    kn.present[i] = 1;
  }
  size_t dl;
  uint8_t *der = wp_hex(g, "privateKeyPkcs8", &dl);
  hwc_rsa_key *imported = NULL, *key = NULL, *computed = NULL;
  int want = hwc_rsa_import(&imported, der, dl);
  free(der);
  int rc = build(&key, &kn);
  CHECK_MSG(rc == want, "[%s] %s key: from_parts %s, import %s", t->impl, wp_str(g, "sha"), hwc_strerror(rc),
            hwc_strerror(want));
  kn.present[HWC_RSA_DP] = kn.present[HWC_RSA_DQ] = kn.present[HWC_RSA_QINV] = 0;
  CHECK(build(&computed, &kn) == want);
  if (want != HWC_OK) {
    CHECK(want == HWC_ERR_BAD_KEY); /* the unbalanced e = 3 keys: refused by policy */
    t->refused++;
    return;
  }
  for (int i = HWC_RSA_DP; i < PARTS; i++)
    CHECK_MSG(part_is(computed, i, &kn, i), "[%s] computed %s differs from the JWK's", t->impl, part_name[i]);
  for (int i = 0; i < PARTS; i++) CHECK(part_is(key, i, &kn, i));
  const wp_value *tests = wp_get(g, "tests");
  for (size_t i = 0; wp_at(tests, i) != NULL; i++) {
    const wp_value *tc = wp_at(tests, i);
    size_t ml, sl;
    uint8_t *msg = wp_hex(tc, "msg", &ml), *sig = wp_hex(tc, "sig", &sl), out[1024];
    const hwc_rsa_key *signers[2] = {key, computed};
    for (int s = 0; s < 2; s++) {
      size_t n = sizeof out;
      CHECK(hwc_rsa_sign_pkcs1(out, &n, msg, ml, h, signers[s]) == HWC_OK);
      CHECK_MSG(n == sl && memcmp(out, sig, sl) == 0, "[%s] tc %ld: %s key signs otherwise", t->impl,
                wp_num(tc, "tcId"), s ? "computed-CRT" : "JWK");
    }
    t->sigs++;
    free(msg), free(sig);
  }
  t->keys++;
  hwc_rsa_free(key);
  hwc_rsa_free(computed);
  hwc_rsa_free(imported);
}

static void wycheproof_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  /* Per file: keys accepted (signatures), keys refused. The refused ones
   * are the e = 3 keys whose primes are far from half of n (1364 and 684
   * bits for n of 2048), which hwc_rsa_import refuses too. */
  static const struct { const char *file; size_t keys, sigs, refused; int big; } files[] = {
      {"rsa_pkcs1_1024_sig_gen_test.json", 2, 16, 1, 0},
      {"rsa_pkcs1_2048_sig_gen_test.json", 3, 24, 3, 0},
      {"rsa_pkcs1_3072_sig_gen_test.json", 3, 24, 2, 1},
      {"rsa_pkcs1_4096_sig_gen_test.json", 3, 24, 0, 1},
  };
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    if (t_quick() && files[f].big) continue;
    wp_value *doc = wp_load(files[f].file);
    CHECK_MSG(doc != NULL, "%s missing", files[f].file);
    wp_tally t = {.impl = impl};
    const wp_value *groups = wp_get(doc, "testGroups");
    for (size_t i = 0; wp_at(groups, i) != NULL; i++) wp_group(wp_at(groups, i), &t);
    wp_free(doc);
    CHECK_MSG(t.keys == files[f].keys && t.sigs == files[f].sigs && t.refused == files[f].refused,
              "%s [%s]: %zu keys, %zu signatures, %zu refused", files[f].file, impl, t.keys, t.sigs, t.refused);
  }
}

HWC_TEST(rsa_parts, wycheproof_jwk_keys_sign_as_the_file_says) {
  t_for_each_impl(HWC_PRIM_BIGNUM, wycheproof_body, NULL);
}

/* ---- round trips of OpenSSL's key and of generated ones */

typedef struct {
  hwc_rsa_key *keys[4];
  size_t count;
} key_set;

/* For one key and the selected backend: all parts; D, P, Q without the
 * CRT values (computed equal to the key's); each CRT value left out
 * alone; the primes in the other order (with P < Q now, if P > Q was
 * given), with the CRT values swapped and QINV computed for the new order
 * or given for it, while the old QINV is refused; every part behind
 * leading zero bytes; the public key from N and E. */
static void roundtrip_one(const hwc_rsa_key *orig, const char *impl) {
  static key_nums kn, alt;
  hwc_rsa_key *k = NULL, *k2 = NULL;
  unsigned bits = (unsigned)hwc_rsa_size(orig) * 8;
  nums_of(&kn, orig);
  CHECK(build(&k, &kn) == HWC_OK && hwc_rsa_has_private(k));
  CHECK_MSG(sign_same(orig, k), "[%s] rsa-%u: rebuilt key signs otherwise", impl, bits);
  for (int i = 0; i < PARTS; i++) CHECK(part_is(k, i, &kn, i));
  hwc_rsa_free(k);

  for (int mask = 0; mask < 8; mask++) { /* which CRT values are left out */
    alt = kn;
    for (int j = 0; j < 3; j++) alt.present[HWC_RSA_DP + j] = !(mask >> j & 1);
    CHECK_MSG(build(&k, &alt) == HWC_OK, "[%s] rsa-%u: CRT mask %d refused", impl, bits, mask);
    for (int i = 0; i < PARTS; i++)
      CHECK_MSG(part_is(k, i, &kn, i), "[%s] rsa-%u: CRT mask %d: %s differs", impl, bits, mask, part_name[i]);
    CHECK(sign_same(orig, k));
    hwc_rsa_free(k);
  }

  /* the primes in the other order */
  alt = kn;
  swap_parts(&alt, HWC_RSA_P, HWC_RSA_Q);
  swap_parts(&alt, HWC_RSA_DP, HWC_RSA_DQ);
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] rsa-%u: swapped primes with the old QINV accepted", impl,
            bits);
  alt.present[HWC_RSA_QINV] = 0;
  CHECK_MSG(build(&k, &alt) == HWC_OK, "[%s] rsa-%u: swapped primes refused", impl, bits);
  CHECK(part_is(k, HWC_RSA_P, &kn, HWC_RSA_Q) && part_is(k, HWC_RSA_Q, &kn, HWC_RSA_P));
  CHECK(part_is(k, HWC_RSA_DP, &kn, HWC_RSA_DQ) && part_is(k, HWC_RSA_DQ, &kn, HWC_RSA_DP));
  CHECK_MSG(sign_same(orig, k), "[%s] rsa-%u: swapped primes sign otherwise", impl, bits);
  /* its QINV (q^-1 mod p for the new order) is not the old one, and given
   * back it is accepted */
  alt.len[HWC_RSA_QINV] = PART_MAX;
  CHECK(hwc_rsa_get_part(alt.v[HWC_RSA_QINV], &alt.len[HWC_RSA_QINV], HWC_RSA_QINV, k) == HWC_OK);
  CHECK(!part_is(k, HWC_RSA_QINV, &kn, HWC_RSA_QINV));
  alt.present[HWC_RSA_QINV] = 1;
  CHECK(build(&k2, &alt) == HWC_OK && sign_same(orig, k2));
  hwc_rsa_free(k2);
  hwc_rsa_free(k);

  /* leading zero bytes on every part (a fixed-width field, a PKCS#11
   * attribute, a sign byte) */
  alt = kn;
  for (int i = 0; i < PARTS; i++) {
    size_t pad = (size_t)(i % 3) + 1;
    memmove(alt.v[i] + pad, alt.v[i], alt.len[i]);
    memset(alt.v[i], 0, pad);
    alt.len[i] += pad;
  }
  CHECK_MSG(build(&k, &alt) == HWC_OK, "[%s] rsa-%u: leading zero bytes refused", impl, bits);
  CHECK(sign_same(orig, k));
  for (int i = 0; i < PARTS; i++) CHECK(part_is(k, i, &kn, i)); /* written back minimal */
  hwc_rsa_free(k);

  /* the public key: N and E; it verifies, and refuses a changed signature */
  alt = kn;
  for (int i = HWC_RSA_D; i < PARTS; i++) alt.present[i] = 0;
  CHECK(build(&k, &alt) == HWC_OK && !hwc_rsa_has_private(k) && hwc_rsa_size(k) == hwc_rsa_size(orig));
  uint8_t sig[1024], msg[40];
  t_rand_bytes(msg, sizeof msg);
  size_t sl = sizeof sig;
  CHECK(hwc_rsa_sign_pss(sig, &sl, msg, sizeof msg, HWC_HASH_SHA384, 48, orig) == HWC_OK);
  CHECK_MSG(hwc_rsa_verify_pss(sig, sl, msg, sizeof msg, HWC_HASH_SHA384, 48, k) == HWC_OK,
            "[%s] rsa-%u: public key from N, E does not verify", impl, bits);
  sig[sl / 2] ^= 1;
  CHECK(hwc_rsa_verify_pss(sig, sl, msg, sizeof msg, HWC_HASH_SHA384, 48, k) == HWC_ERR_VERIFY);
  hwc_rsa_free(k);
}

static void roundtrip_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  const key_set *ks = arg;
  for (size_t i = 0; i < ks->count; i++) roundtrip_one(ks->keys[i], impl);
}

HWC_TEST(rsa_parts, roundtrip_openssl_and_generated_keys) {
  /* Made once with the default backend; each backend rebuilds them. */
  static const unsigned sizes[] = {2048, 3072, 4096};
  key_set ks = {.count = 0};
  ks.keys[ks.count++] = t_rsa_test_key();
  for (size_t i = 0; i < 3; i++) {
    if (t_quick() && sizes[i] > 2048) continue;
    CHECK(hwc_rsa_generate(&ks.keys[ks.count], sizes[i], 65537) == HWC_OK);
    ks.count++;
  }
  t_for_each_impl(HWC_PRIM_BIGNUM, roundtrip_body, &ks);
  for (size_t i = 0; i < ks.count; i++) hwc_rsa_free(ks.keys[i]);
}

/* ---- every failed check: HWC_ERR_BAD_KEY, *key NULL */

/* v += add (big-endian, len bytes, no carry out of the top byte). */
static void be_add(uint8_t *v, size_t len, unsigned add) {
  for (size_t i = len; i-- > 0 && add;) {
    add += v[i];
    v[i] = (uint8_t)add;
    add >>= 8;
  }
  CHECK(add == 0);
}

/* v -= 1 (big-endian, len bytes, v > 0). */
static void be_dec(uint8_t *v, size_t len) {
  for (size_t i = len; i-- > 0;)
    if (v[i]--) return; /* no borrow out of this byte */
  CHECK_MSG(0, "be_dec of zero");
}

/* A 512-bit key made by OpenSSL 3.0 (`openssl genpkey -algorithm RSA
 * -pkeyopt rsa_keygen_bits:512`, numbers from `openssl pkey -text`):
 * consistent in every way but its size, below HWC_RSA_MIN_BITS. */
static const char *const tiny_key[5] = {
    "bfc304dff8a7376f08b98a7867fe3409b51fed81614ce0be39246befc3950c9998e0cda168042027a103eaae012f26052457592b6c9c4a4"
    "bcdac00090e7d04e3",
    "010001",
    "8965851fa8fcbed63aad1e4ee94c15230378ede6aebdb3a5f8316578f46cde0a0d31d5e6e767d3c46659be34fb56c9ad07260be28b3d24f"
    "a24f42469aa5e3b39",
    "ef506d0a29b36b7dd1f89ec65c9ae134e694bb480bef760d32b747b429963705",
    "cd21d1dea0a7fe550b2909d8d1049d27c552fdb4abe2644d1e4c8eb11ccb40c7",
};

static void bad_keys_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  const hwc_rsa_key *orig = arg;
  static key_nums kn, alt;
  hwc_rsa_key *k = NULL;
  nums_of(&kn, orig);
  CHECK(build(&k, &kn) == HWC_OK); /* the unchanged numbers pass */
  hwc_rsa_free(k);

  /* One value changed, each with the CRT values given and (where they
   * derive from it) computed. */
  static const struct { int part, crt_given; unsigned add; const char *what; } cases[] = {
      {HWC_RSA_D, 1, 2, "d + 2 with the right CRT values"},
      /* d + 2 with the CRT values computed from it: dP, dQ and qInv agree
       * with this d, only e d = 1 mod (p - 1), (q - 1) fails */
      {HWC_RSA_D, 0, 2, "d + 2, CRT values computed from it"},
      {HWC_RSA_DP, 1, 2, "dP + 2"},
      {HWC_RSA_DQ, 1, 2, "dQ + 2"},
      {HWC_RSA_QINV, 1, 1, "qInv + 1"},
      {HWC_RSA_N, 1, 2, "n + 2 (n != p q)"},
      {HWC_RSA_N, 0, 2, "n + 2, CRT values computed"},
      {HWC_RSA_P, 0, 2, "p + 2 (n != p q), CRT values computed"},
      /* an even p: the computation must not trust it to be odd */
      {HWC_RSA_P, 0, 1, "p + 1 (even), CRT values computed"},
      {HWC_RSA_Q, 0, 1, "q + 1 (even), CRT values computed"},
      {HWC_RSA_E, 1, 2, "e + 2"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    alt = kn;
    be_add(alt.v[cases[c].part], alt.len[cases[c].part], cases[c].add);
    for (int i = HWC_RSA_DP; i < PARTS; i++) alt.present[i] = cases[c].crt_given;
    CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] %s accepted", impl, cases[c].what);
  }
  /* even e (e - 1: 65536) */
  alt = kn;
  be_dec(alt.v[HWC_RSA_E], alt.len[HWC_RSA_E]);
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] even e accepted", impl);
  alt.present[HWC_RSA_D] = alt.present[HWC_RSA_P] = alt.present[HWC_RSA_Q] = 0;
  for (int i = HWC_RSA_DP; i < PARTS; i++) alt.present[i] = 0;
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] public key with even e accepted", impl);
  /* e = 1 */
  alt = kn;
  alt.v[HWC_RSA_E][0] = 1, alt.len[HWC_RSA_E] = 1;
  CHECK(build(&k, &alt) == HWC_ERR_BAD_KEY);
  /* even n (n - 1), public and private */
  alt = kn;
  be_dec(alt.v[HWC_RSA_N], alt.len[HWC_RSA_N]);
  CHECK(build(&k, &alt) == HWC_ERR_BAD_KEY);
  for (int i = HWC_RSA_D; i < PARTS; i++) alt.present[i] = 0;
  CHECK(build(&k, &alt) == HWC_ERR_BAD_KEY);
  /* tiny moduli: OpenSSL's 512-bit key, private (CRT values computed) and
   * public; public keys of 1016 bits (n's top bytes, made odd) */
  memset(&alt, 0, sizeof alt);
  for (int i = 0; i < 5; i++) {
    alt.len[i] = t_unhex(alt.v[i], PART_MAX, tiny_key[i]);
    alt.present[i] = 1;
  }
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] 512-bit private key accepted", impl);
  alt.present[HWC_RSA_D] = alt.present[HWC_RSA_P] = alt.present[HWC_RSA_Q] = 0;
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] 512-bit public key accepted", impl);
  alt = kn;
  for (int i = HWC_RSA_D; i < PARTS; i++) alt.present[i] = 0;
  alt.len[HWC_RSA_N] = 127;
  alt.v[HWC_RSA_N][126] |= 1;
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] 1016-bit modulus accepted", impl);
  /* a part given with length 0 is the number 0, not an absent part */
  static const int zeroable[] = {HWC_RSA_N, HWC_RSA_E, HWC_RSA_D, HWC_RSA_P, HWC_RSA_Q, HWC_RSA_DP, HWC_RSA_DQ,
                                 HWC_RSA_QINV};
  for (size_t z = 0; z < sizeof zeroable / sizeof zeroable[0]; z++) {
    alt = kn;
    alt.len[zeroable[z]] = 0;
    CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] %s of length 0 accepted", impl, part_name[zeroable[z]]);
  }
  /* ... also beside CRT values left out: the empty one is not computed */
  for (int z = HWC_RSA_DP; z < PARTS; z++) {
    alt = kn;
    for (int i = HWC_RSA_DP; i < PARTS; i++) alt.present[i] = i == z;
    alt.len[z] = 0;
    CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] %s of length 0 computed", impl, part_name[z]);
  }
  /* a part longer than the largest key (1025 bytes, non-zero at the top) */
  alt = kn;
  size_t dl = alt.len[HWC_RSA_D], pad = 1025 - dl;
  memmove(alt.v[HWC_RSA_D] + pad, alt.v[HWC_RSA_D], dl);
  memset(alt.v[HWC_RSA_D], 0, pad);
  alt.v[HWC_RSA_D][0] = 1;
  alt.len[HWC_RSA_D] = 1025;
  for (int i = HWC_RSA_DP; i < PARTS; i++) alt.present[i] = 0;
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] 1025-byte d accepted", impl);
  /* p given twice (p = q, so n != p q) */
  alt = kn;
  memcpy(alt.v[HWC_RSA_Q], alt.v[HWC_RSA_P], alt.len[HWC_RSA_P]);
  alt.len[HWC_RSA_Q] = alt.len[HWC_RSA_P];
  alt.present[HWC_RSA_DQ] = alt.present[HWC_RSA_QINV] = 0;
  CHECK_MSG(build(&k, &alt) == HWC_ERR_BAD_KEY, "[%s] p = q accepted", impl);
}

HWC_TEST(rsa_parts, failed_checks_are_bad_key) {
  hwc_rsa_key *key = t_rsa_test_key();
  t_for_each_impl(HWC_PRIM_BIGNUM, bad_keys_body, key);
  hwc_rsa_free(key);
}

/* ---- every subset of the eight parts, with right values: N and E alone
 * make a public key; N, E, D, P and Q with any of the CRT values a private
 * key; N, E and D alone HWC_ERR_UNSUPPORTED; every other set
 * HWC_ERR_INVALID_ARG. Plus the NULL arguments. */
HWC_TEST(rsa_parts, part_sets_and_arguments) {
  hwc_rsa_key *orig = t_rsa_test_key(), *k = NULL;
  static key_nums kn, alt;
  nums_of(&kn, orig);
  const unsigned N = 1u << HWC_RSA_N, E = 1u << HWC_RSA_E, D = 1u << HWC_RSA_D, P = 1u << HWC_RSA_P,
                 Q = 1u << HWC_RSA_Q;
  size_t pub = 0, priv = 0, unsup = 0, invalid = 0;
  for (unsigned set = 0; set < 1u << PARTS; set++) {
    alt = kn;
    for (int i = 0; i < PARTS; i++) alt.present[i] = set >> i & 1;
    int want = set == (N | E)                      ? HWC_OK
               : (set & (N | E | D | P | Q)) == (N | E | D | P | Q) ? HWC_OK
               : set == (N | E | D)                ? HWC_ERR_UNSUPPORTED
                                                   : HWC_ERR_INVALID_ARG;
    int rc = build(&k, &alt);
    CHECK_MSG(rc == want, "parts 0x%02x: %s, want %s", set, hwc_strerror(rc), hwc_strerror(want));
    if (rc == HWC_OK) {
      CHECK(hwc_rsa_has_private(k) == (set != (N | E)));
      CHECK(set == (N | E) || sign_same(orig, k));
      if (set == (N | E)) pub++;
      else priv++;
    }
    unsup += rc == HWC_ERR_UNSUPPORTED;
    invalid += rc == HWC_ERR_INVALID_ARG;
    hwc_rsa_free(k);
  }
  CHECK(pub == 1 && priv == 8 && unsup == 1 && invalid == 246);

  /* NULL arguments; a NULL part with a length */
  const uint8_t *p[PARTS];
  size_t l[PARTS];
  for (int i = 0; i < PARTS; i++) p[i] = kn.v[i], l[i] = kn.len[i];
  CHECK(hwc_rsa_from_parts(NULL, p, l) == HWC_ERR_INVALID_ARG);
  k = orig;
  CHECK(hwc_rsa_from_parts(&k, NULL, l) == HWC_ERR_INVALID_ARG && k == NULL);
  k = orig;
  CHECK(hwc_rsa_from_parts(&k, p, NULL) == HWC_ERR_INVALID_ARG && k == NULL);
  for (int i = 0; i < PARTS; i++) {
    const uint8_t *saved = p[i];
    p[i] = NULL;
    k = orig;
    CHECK_MSG(hwc_rsa_from_parts(&k, p, l) == HWC_ERR_INVALID_ARG && k == NULL, "NULL %s with a length accepted",
              part_name[i]);
    p[i] = saved;
  }
  CHECK(hwc_rsa_from_parts(&k, p, l) == HWC_OK);
  hwc_rsa_free(k);
  hwc_rsa_free(orig);
}

/* ---- hwc_rsa_get_part's contract */
HWC_TEST(rsa_parts, get_part_sizes_and_refusals) {
  hwc_rsa_key *key = t_rsa_test_key(), *pub = NULL;
  static key_nums kn;
  nums_of(&kn, key);
  /* OpenSSL's key: e = 65537, n of 256 bytes */
  CHECK(kn.len[HWC_RSA_E] == 3 && memcmp(kn.v[HWC_RSA_E], "\x01\x00\x01", 3) == 0);
  CHECK(kn.len[HWC_RSA_N] == 256 && kn.len[HWC_RSA_D] <= 256);
  uint8_t buf[PART_MAX], before[PART_MAX];
  for (int i = 0; i < PARTS; i++) {
    size_t need = kn.len[i], n;
    /* too small by one: nothing written, the size needed reported */
    memset(buf, 0xa5, sizeof buf);
    memcpy(before, buf, sizeof buf);
    n = need - 1;
    CHECK(hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, key) == HWC_ERR_INVALID_ARG && n == need);
    CHECK_MSG(memcmp(buf, before, sizeof buf) == 0, "%s: a refused call wrote to out", part_name[i]);
    n = 0;
    CHECK(hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, key) == HWC_ERR_INVALID_ARG && n == need);
    n = sizeof buf; /* out NULL with room claimed: still a size query */
    CHECK(hwc_rsa_get_part(NULL, &n, (hwc_rsa_part)i, key) == HWC_ERR_INVALID_ARG && n == need);
    /* exactly the size, and more room: the same bytes, the length written */
    n = need;
    CHECK(hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, key) == HWC_OK && n == need);
    CHECK(memcmp(buf, kn.v[i], need) == 0);
    CHECK(buf[need] == 0xa5); /* nothing past it */
    CHECK(hwc_rsa_get_part(buf, NULL, (hwc_rsa_part)i, key) == HWC_ERR_INVALID_ARG);
    n = sizeof buf;
    CHECK(hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, NULL) == HWC_ERR_INVALID_ARG);
  }
  /* which outside the enum */
  const int outside[] = {-1, PARTS, PARTS + 1, 1000};
  for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
    size_t n = sizeof buf;
    CHECK_MSG(hwc_rsa_get_part(buf, &n, (hwc_rsa_part)outside[i], key) == HWC_ERR_INVALID_ARG,
              "which = %d accepted", outside[i]);
  }
  /* a public key has N and E only */
  kn.present[HWC_RSA_D] = kn.present[HWC_RSA_P] = kn.present[HWC_RSA_Q] = 0;
  kn.present[HWC_RSA_DP] = kn.present[HWC_RSA_DQ] = kn.present[HWC_RSA_QINV] = 0;
  CHECK(build(&pub, &kn) == HWC_OK);
  for (int i = 0; i < PARTS; i++) {
    size_t n = sizeof buf;
    int rc = hwc_rsa_get_part(buf, &n, (hwc_rsa_part)i, pub);
    if (i < HWC_RSA_D) {
      CHECK(rc == HWC_OK && n == kn.len[i] && memcmp(buf, kn.v[i], n) == 0);
    } else {
      CHECK_MSG(rc == HWC_ERR_INVALID_ARG, "public key gave out %s", part_name[i]);
      n = 0;
      CHECK(hwc_rsa_get_part(NULL, &n, (hwc_rsa_part)i, pub) == HWC_ERR_INVALID_ARG && n == 0);
    }
  }
  /* a public key from hwc_rsa_import refuses the same way */
  uint8_t spki[600];
  size_t sl = sizeof spki;
  hwc_rsa_key *imp = NULL;
  CHECK(hwc_rsa_export(spki, &sl, 0, 0, key) == HWC_OK && hwc_rsa_import(&imp, spki, sl) == HWC_OK);
  size_t n = sizeof buf;
  CHECK(hwc_rsa_get_part(buf, &n, HWC_RSA_P, imp) == HWC_ERR_INVALID_ARG);
  n = sizeof buf;
  CHECK(hwc_rsa_get_part(buf, &n, HWC_RSA_N, imp) == HWC_OK && n == 256 && memcmp(buf, kn.v[HWC_RSA_N], n) == 0);
  hwc_rsa_free(imp);
  hwc_rsa_free(pub);
  hwc_rsa_free(key);
}
