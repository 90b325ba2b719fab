/* SPDX-License-Identifier: ISC */
/* X25519 for every fe25519 implementation this CPU supports: RFC 7748
 * section 5.2 vectors and iterations, section 6.1 Diffie-Hellman, Wycheproof
 * x25519_test.json (read in place), low-order and non-canonical inputs,
 * the fixed-base path against the ladder, argument checks.
 *
 * Vector sources: RFC 7748 (values cross-checked with libsodium 1.0.18's
 * crypto_scalarmult_curve25519 and a Python transcription of section 5);
 * Wycheproof from tests/vectors/wycheproof or $WYCHEPROOF_DIR. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

static void unhex32(uint8_t out[32], const char *hex) { CHECK(t_unhex(out, 32, hex) == 32); }

static void check_x25519(const char *impl, const char *k_hex, const char *u_hex, const char *out_hex) {
  uint8_t k[32], u[32], want[32], got[32];
  unhex32(k, k_hex);
  unhex32(u, u_hex);
  unhex32(want, out_hex);
  CHECK_MSG(hwc_x25519(got, k, u) == HWC_OK, "%s: x25519 failed", impl);
  CHECK_MEM(got, want, 32, "%s: x25519(%.16s..., %.16s...) wrong", impl, k_hex, u_hex);
}

/* ---- RFC 7748 section 5.2 */
static void rfc_vectors_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  check_x25519(impl, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
               "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
               "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
  check_x25519(impl, "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
               "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
               "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
}
HWC_TEST(x25519, rfc7748_vectors) { t_for_each_impl(HWC_PRIM_FE25519, rfc_vectors_body, NULL); }

/* k = u = 9; then repeatedly (k, u) = (X25519(k, u), k). */
static void iterate(const char *impl, unsigned long n, const char *want_hex) {
  uint8_t k[32] = {9}, u[32] = {9}, r[32], want[32];
  for (unsigned long i = 0; i < n; i++) {
    CHECK(hwc_x25519(r, k, u) == HWC_OK);
    memcpy(u, k, 32);
    memcpy(k, r, 32);
  }
  unhex32(want, want_hex);
  CHECK_MEM(k, want, 32, "%s: %lu iterations wrong", impl, n);
}

static void iterations_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  iterate(impl, 1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
  iterate(impl, 1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
}
HWC_TEST(x25519, rfc7748_iterations) { t_for_each_impl(HWC_PRIM_FE25519, iterations_body, NULL); }

/* The million-iteration vector takes minutes per implementation: only with
 * HWC_TEST_SLOW=1. */
static void million_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  iterate(impl, 1000000, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424");
}
HWC_TEST(x25519, rfc7748_million_slow) {
  const char *slow = getenv("HWC_TEST_SLOW");
  if (!slow || strcmp(slow, "1") != 0) {
    printf("x25519/rfc7748_million_slow: skipped (set HWC_TEST_SLOW=1)\n");
    return;
  }
  t_for_each_impl(HWC_PRIM_FE25519, million_body, NULL);
}

/* ---- RFC 7748 section 6.1 */
static void dh_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const char *a_sk = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
  const char *a_pk = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
  const char *b_sk = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
  const char *b_pk = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
  const char *k = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
  const char *nine = "0900000000000000000000000000000000000000000000000000000000000000";
  check_x25519(impl, a_sk, nine, a_pk);
  check_x25519(impl, b_sk, nine, b_pk);
  check_x25519(impl, a_sk, b_pk, k);
  check_x25519(impl, b_sk, a_pk, k);
  uint8_t sk[32], pk[32], want[32];
  unhex32(sk, a_sk);
  unhex32(want, a_pk);
  CHECK(hwc_x25519_base(pk, sk) == HWC_OK);
  CHECK_MEM(pk, want, 32, "%s: x25519_base(alice) wrong", impl);
  unhex32(sk, b_sk);
  unhex32(want, b_pk);
  CHECK(hwc_x25519_base(pk, sk) == HWC_OK);
  CHECK_MEM(pk, want, 32, "%s: x25519_base(bob) wrong", impl);
}
HWC_TEST(x25519, rfc7748_dh) { t_for_each_impl(HWC_PRIM_FE25519, dh_body, NULL); }

/* ---- Low-order points. The u-coordinates of points of order 1, 2, 4, 8
 * (and their twist) below 2^255 are 0, 1, two order-8 values, p-1, p and
 * p+1 (cr.yp.to/ecdh.html lists these with p + the order-8 values and
 * 2p-1..2p+1, but those are >= 2^255 and RFC 7748 clears bit 255 first,
 * which turns them into ordinary points: Wycheproof tcId 94/95 agree).
 * Each of the seven (t_x25519_low_order_u, testutil.c) is rejected with
 * bit 255 clear and with it set. */
static void low_order_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t k[32], u[32], out[32];
  for (int trial = 0; trial < 3; trial++) {
    t_rand_bytes(k, 32);
    for (int i = 0; i < 7; i++) {
      for (int high = 0; high < 2; high++) {
        unhex32(u, t_x25519_low_order_u[i]);
        u[31] |= (uint8_t)(high << 7);
        memset(out, 0xaa, 32);
        CHECK_MSG(hwc_x25519(out, k, u) == HWC_ERR_INVALID_ARG, "%s: low-order u #%d (bit 255 %d) accepted", impl,
                  i, high);
        static const uint8_t zero[32];
        CHECK_MSG(memcmp(out, zero, 32) == 0, "%s: low-order u #%d: output not the zero result", impl, i);
      }
    }
  }
}
HWC_TEST(x25519, low_order_rejected) { t_for_each_impl(HWC_PRIM_FE25519, low_order_body, NULL); }

/* ---- u >= p and bit 255: the same point as u mod p with bit 255 clear. */
static void noncanonical_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t k[32], u[32], v[32], a[32], b[32];
  int n = t_quick() ? 4 : 19;
  for (int i = 2; i < n; i++) {
    /* v = i, u = p + i (below 2^255 for i < 19) */
    t_rand_bytes(k, 32);
    memset(v, 0, 32);
    v[0] = (uint8_t)i;
    unhex32(u, "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    u[0] = (uint8_t)(u[0] + i);
    CHECK(hwc_x25519(a, k, v) == HWC_OK);
    CHECK(hwc_x25519(b, k, u) == HWC_OK);
    CHECK_MEM(a, b, 32, "%s: u = p + %d differs from u = %d", impl, i, i);
    u[31] |= 0x80;
    CHECK(hwc_x25519(b, k, u) == HWC_OK);
    CHECK_MEM(a, b, 32, "%s: u = p + %d with bit 255 set differs", impl, i);
  }
  for (int i = 0; i < (t_quick() ? 2 : 16); i++) {
    t_rand_bytes(k, 32);
    t_rand_bytes(u, 32);
    u[31] &= 0x7f;
    CHECK(hwc_x25519(a, k, u) == HWC_OK);
    u[31] |= 0x80;
    CHECK(hwc_x25519(b, k, u) == HWC_OK);
    CHECK_MEM(a, b, 32, "%s: bit 255 of u changed the result", impl);
    /* Output is canonical: below p, so bit 255 clear and not all-ones. */
    CHECK_MSG((a[31] & 0x80) == 0, "%s: output bit 255 set", impl);
  }
}
HWC_TEST(x25519, noncanonical_u) { t_for_each_impl(HWC_PRIM_FE25519, noncanonical_body, NULL); }

/* ---- Fixed base equals the ladder on u = 9, and DH agrees both ways. */
static void base_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t k[32], k2[32], nine[32] = {9}, a[32], b[32], s1[32], s2[32];
  int n = t_quick() ? 8 : 64;
  for (int i = 0; i < n; i++) {
    t_rand_bytes(k, 32);
    if (i == 0) memset(k, 0, 32);
    if (i == 1) memset(k, 0xff, 32);
    if (i == 2) memset(k, 0x55, 32); /* a ladder swap at every step */
    if (i == 3) memset(k, 0xaa, 32);
    CHECK(hwc_x25519_base(a, k) == HWC_OK);
    CHECK(hwc_x25519(b, k, nine) == HWC_OK);
    CHECK_MEM(a, b, 32, "%s: x25519_base differs from x25519(k, 9), case %d", impl, i);
    t_rand_bytes(k2, 32);
    CHECK(hwc_x25519_base(b, k2) == HWC_OK);
    CHECK(hwc_x25519(s1, k, b) == HWC_OK);
    CHECK(hwc_x25519(s2, k2, a) == HWC_OK);
    CHECK_MEM(s1, s2, 32, "%s: DH disagrees, case %d", impl, i);
  }
}
HWC_TEST(x25519, base_matches_ladder) { t_for_each_impl(HWC_PRIM_FE25519, base_body, NULL); }

/* ---- Every implementation gives the same result as generic. */
HWC_TEST(x25519, implementations_agree) {
  const char *before = hwc_impl_selected(HWC_PRIM_FE25519);
  for (int i = 0; i < (t_quick() ? 4 : 32); i++) {
    uint8_t k[32], u[32], want[32], wantb[32], got[32];
    t_rand_bytes(k, 32);
    t_rand_bytes(u, 32);
    if (i < 2) memset(k, i ? 0xaa : 0x55, 32); /* a ladder swap at every step */
    CHECK(hwc_impl_select(HWC_PRIM_FE25519, "generic") == HWC_OK);
    int rw = hwc_x25519(want, k, u);
    CHECK(hwc_x25519_base(wantb, k) == HWC_OK);
    for (size_t j = 1; j < hwc_impl_count(HWC_PRIM_FE25519); j++) {
      if (!hwc_impl_supported(HWC_PRIM_FE25519, j)) continue;
      const char *name = hwc_impl_name(HWC_PRIM_FE25519, j);
      CHECK(hwc_impl_select(HWC_PRIM_FE25519, name) == HWC_OK);
      CHECK(hwc_x25519(got, k, u) == rw);
      CHECK_MEM(got, want, 32, "%s: x25519 differs from generic", name);
      CHECK(hwc_x25519_base(got, k) == HWC_OK);
      CHECK_MEM(got, wantb, 32, "%s: x25519_base differs from generic", name);
    }
  }
  CHECK(hwc_impl_select(HWC_PRIM_FE25519, before) == HWC_OK);
}

/* ---- Wycheproof x25519_test.json: result "valid" or "acceptable" both
 * mean "this shared value"; an all-zero shared value must be an error. */
typedef struct {
  const char *impl;
  int count, zero_count;
} x25519_wp;

static void wycheproof_one(const wp_value *group, const wp_value *t, void *arg) {
  (void)group;
  x25519_wp *w = arg;
  static const uint8_t zero[32];
  long tc = wp_num(t, "tcId");
  size_t lp, lk, ls;
  uint8_t *pub = wp_hex(t, "public", &lp), *priv = wp_hex(t, "private", &lk), *shared = wp_hex(t, "shared", &ls);
  uint8_t got[32];
  CHECK_MSG(lp == 32 && lk == 32 && ls == 32, "wycheproof tcId %ld: a field is not 32 bytes", tc);
  CHECK_MSG(*wp_str(t, "result") != 0, "wycheproof tcId %ld: no result", tc);
  int expect_zero = memcmp(shared, zero, 32) == 0;
  int rc = hwc_x25519(got, priv, pub);
  CHECK_MSG(rc == (expect_zero ? HWC_ERR_INVALID_ARG : HWC_OK), "%s: wycheproof tcId %ld: returned %d", w->impl, tc, rc);
  CHECK_MEM(got, shared, 32, "%s: wycheproof tcId %ld: wrong shared value", w->impl, tc);
  w->count++;
  w->zero_count += expect_zero;
  free(pub);
  free(priv);
  free(shared);
}

static void wycheproof_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  x25519_wp w = {impl, 0, 0};
  wp_for_each_test(arg, wycheproof_one, &w);
  CHECK_MSG(w.count == 518, "%s: wycheproof: %d tests read, expected 518", impl, w.count);
  CHECK(w.zero_count > 0);
}

HWC_TEST(x25519, wycheproof) {
  wp_value *doc = wp_load("x25519_test.json");
  CHECK_MSG(doc != NULL, "Wycheproof file x25519_test.json not found (set WYCHEPROOF_DIR); this test cannot run");
  t_for_each_impl(HWC_PRIM_FE25519, wycheproof_body, doc);
  wp_free(doc);
}

/* ---- Argument checks and key pairs. */
HWC_TEST(x25519, bad_arguments) {
  uint8_t a[32] = {9}, b[32] = {9}, c[32];
  CHECK(hwc_x25519(NULL, a, b) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519(c, NULL, b) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519(c, a, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519_base(NULL, a) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519_base(c, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519_keypair(NULL, a) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519_keypair(a, NULL) == HWC_ERR_INVALID_ARG);
}

HWC_TEST(x25519, keypair) {
  uint8_t pk1[32], sk1[32], pk2[32], sk2[32], s1[32], s2[32], pk[32];
  CHECK(hwc_x25519_keypair(pk1, sk1) == HWC_OK);
  CHECK(hwc_x25519_keypair(pk2, sk2) == HWC_OK);
  CHECK(memcmp(sk1, sk2, 32) != 0);
  CHECK(hwc_x25519_base(pk, sk1) == HWC_OK);
  CHECK_MEM(pk, pk1, 32, "keypair: public key is not x25519_base(secret)");
  CHECK(hwc_x25519(s1, sk1, pk2) == HWC_OK);
  CHECK(hwc_x25519(s2, sk2, pk1) == HWC_OK);
  CHECK_MEM(s1, s2, 32, "keypair: shared secrets differ");
}

/* ---- edge values of tests/edge.h through the public functions: every
 * edge u-coordinate (next to p, bit 255 set, all-ones limbs in every
 * backend radix) with three edge scalars each, and every edge scalar
 * through hwc_x25519_base, against generic, return codes included
 * (an all-zero shared value is refused). */
#include "edge.h"

static void edge_x25519_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const size_t nu = t_edge_fe25519_count(), ns = t_edge_scalar25519_count();
  size_t per_u = t_quick() ? 1 : 3;
  for (size_t ui = 0; ui < nu; ui++) {
    uint8_t u[32];
    t_edge_fe25519(u, ui);
    for (size_t r = 0; r < per_u; r++) {
      uint8_t sc[32], want[32], got[32];
      t_edge_scalar25519(sc, (ui * per_u + r) % ns);
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      int rw = hwc_x25519(want, sc, u);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      int rg = hwc_x25519(got, sc, u);
      CHECK_MSG(rg == rw && memcmp(got, want, 32) == 0, "%s: x25519 of edge u %zu, scalar %zu differs from generic",
                impl, ui, (ui * per_u + r) % ns);
    }
  }
  for (size_t si = 0; si < ns; si++) {
    uint8_t sc[32], want[32], got[32];
    t_edge_scalar25519(sc, si);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    int rw = hwc_x25519_base(want, sc);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    int rg = hwc_x25519_base(got, sc);
    CHECK_MSG(rg == rw && memcmp(got, want, 32) == 0, "%s: x25519_base of edge scalar %zu differs from generic", impl,
              si);
  }
}

HWC_TEST(x25519, edge_values_vs_generic) { t_for_each_impl(HWC_PRIM_FE25519, edge_x25519_body, NULL); }
