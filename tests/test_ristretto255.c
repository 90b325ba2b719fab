/* SPDX-License-Identifier: ISC */
/* ristretto255 group elements for every fe25519 implementation this CPU
 * supports: RFC 9496 appendix A (generator multiples, invalid encodings,
 * hash-to-group outputs), libsodium-generated vectors for every point
 * function (tests/vectors/ristretto255_libsodium.txt), group laws on
 * random elements, identity results, argument checks.
 *
 * Vector sources: RFC 9496 appendix A.1, A.2 and A.3, each also reproduced
 * by libsodium 1.0.18 (tools/vectors/gen_ristretto255.c checks them before
 * writing its file). */
#include <stdlib.h>

#include "check.h"

static const char *const multiples[16] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
};

/* A.2: non-canonical field encodings, negative s, non-square x^2,
 * negative xy, s = -1. */
static const char *const invalid[] = {
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

static const char *const labels[7][2] = {
    {"Ristretto is traditionally a short shot of espresso coffee",
     "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"},
    {"made with the normal amount of ground coffee but extracted with",
     "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b"},
    {"about half the amount of water in the same amount of time",
     "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826"},
    {"by using a finer grind.", "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a"},
    {"This produces a concentrated shot of coffee per volume.",
     "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179"},
    {"Just pulling a normal shot short will produce a weaker shot",
     "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628"},
    {"and is not a Ristretto as some believe.", "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065"},
};

static const uint8_t zero32[32];

static void unhex32(uint8_t out[32], const char *hex) { CHECK(t_unhex(out, 32, hex) == 32); }

static void rfc_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t n[32] = {0}, want[32], got[32], acc[32], B[32], tmp[32];
  unhex32(B, multiples[1]);
  memcpy(acc, zero32, 32);
  for (int i = 0; i < 16; i++) {
    unhex32(want, multiples[i]);
    CHECK_MSG(hwc_ristretto255_is_valid_point(want) == 1, "%s: %dB not valid", impl, i);
    n[0] = (uint8_t)i;
    int r = hwc_ristretto255_scalarmult_base(got, n);
    CHECK_MSG(r == (i ? HWC_OK : HWC_ERR_INVALID_ARG), "%s: base(%d) returned %d", impl, i, r);
    CHECK_MEM(got, want, 32, "%s: scalarmult_base(%d) wrong", impl, i);
    r = hwc_ristretto255_scalarmult(got, n, B);
    CHECK_MSG(r == (i ? HWC_OK : HWC_ERR_INVALID_ARG), "%s: mul(%d, B) returned %d", impl, i, r);
    CHECK_MEM(got, want, 32, "%s: scalarmult(%d, B) wrong", impl, i);
    CHECK_MEM(acc, want, 32, "%s: B + ... + B (%d terms) wrong", impl, i);
    CHECK(hwc_ristretto255_add(acc, acc, B) == HWC_OK);
    CHECK(hwc_ristretto255_sub(tmp, acc, B) == HWC_OK);
    CHECK_MEM(tmp, want, 32, "%s: (%d+1)B - B wrong", impl, i);
  }
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    uint8_t bad[32], out[32];
    unhex32(bad, invalid[i]);
    CHECK_MSG(hwc_ristretto255_is_valid_point(bad) == 0, "%s: invalid encoding %zu accepted", impl, i);
    memset(out, 0x5a, 32);
    CHECK(hwc_ristretto255_add(out, bad, B) == HWC_ERR_BAD_ENCODING);
    CHECK(hwc_ristretto255_add(out, B, bad) == HWC_ERR_BAD_ENCODING);
    CHECK(hwc_ristretto255_sub(out, bad, B) == HWC_ERR_BAD_ENCODING);
    n[0] = 3;
    CHECK(hwc_ristretto255_scalarmult(out, n, bad) == HWC_ERR_BAD_ENCODING);
    CHECK(out[0] == 0x5a && out[31] == 0x5a); /* untouched */
  }
  for (int i = 0; i < 7; i++) {
    uint8_t h[64];
    hwc_sha512(h, (const uint8_t *)labels[i][0], strlen(labels[i][0]));
    CHECK(hwc_ristretto255_from_hash(got, h) == HWC_OK);
    unhex32(want, labels[i][1]);
    CHECK_MEM(got, want, 32, "%s: from_hash(SHA-512(\"%s\")) wrong", impl, labels[i][0]);
  }
}
HWC_TEST(ristretto255, rfc9496_vectors) { t_for_each_impl(HWC_PRIM_FE25519, rfc_body, NULL); }

/* ---- libsodium vectors (format in tools/vectors/gen_ristretto255.c). */
static int hex_tok(char **save, uint8_t *out, size_t n) {
  char *tok = strtok_r(NULL, " \n", save);
  return tok && strlen(tok) == 2 * n && t_unhex(out, n, tok) == n;
}

/* The expected output ("-" when libsodium failed) and return value.
 * high_bit: an input encoding had bit 255 set. libsodium 1.0.18 ignores
 * that bit when decoding; RFC 9496 section 4.3.1 (and later libsodium)
 * reject such an encoding as non-canonical, and so do we: those calls
 * must fail whatever 1.0.18 said. */
static void expect(char **save, const char *impl, size_t line_no, const char *op, const uint8_t got[32], int rc,
                   int high_bit) {
  char *out = strtok_r(NULL, " \n", save), *rs = strtok_r(NULL, " \n", save);
  CHECK(out && rs);
  int want_ok = atoi(rs) == 0 && !high_bit;
  if (high_bit) CHECK_MSG(rc == HWC_ERR_BAD_ENCODING, "%s: line %zu: bit 255 set, returned %d", impl, line_no, rc);
  CHECK_MSG((rc == HWC_OK) == want_ok, "%s: line %zu: %s returned %d, libsodium %s", impl, line_no, op, rc, rs);
  if (want_ok) {
    uint8_t want[32];
    CHECK(t_unhex(want, 32, out) == 32);
    CHECK_MEM(got, want, 32, "%s: line %zu: %s differs from libsodium", impl, line_no, op);
  }
}

static void libsodium_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  char *text = t_read_vector_file("ristretto255_libsodium.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/ristretto255_libsodium.txt missing");
  size_t count[5] = {0}, line_no = 0, high = 0;
  char *line_save = NULL;
  for (char *line = strtok_r(text, "\n", &line_save); line; line = strtok_r(NULL, "\n", &line_save)) {
    line_no++;
    char *save = NULL, *op = strtok_r(line, " ", &save);
    uint8_t a[64], b[32], got[32];
    if (strcmp(op, "valid") == 0) {
      CHECK(hex_tok(&save, a, 32));
      char *rs = strtok_r(NULL, " \n", &save);
      CHECK(rs != NULL);
      int want = atoi(rs) && !(a[31] >> 7); /* see expect() on bit 255 */
      CHECK_MSG(hwc_ristretto255_is_valid_point(a) == want, "%s: line %zu: is_valid_point differs", impl, line_no);
      high += a[31] >> 7;
      count[0]++;
    } else if (strcmp(op, "hash") == 0) {
      CHECK(hex_tok(&save, a, 64) && hex_tok(&save, b, 32));
      CHECK(hwc_ristretto255_from_hash(got, a) == HWC_OK);
      CHECK_MEM(got, b, 32, "%s: line %zu: from_hash differs from libsodium", impl, line_no);
      count[1]++;
    } else if (strcmp(op, "add") == 0 || strcmp(op, "sub") == 0) {
      CHECK(hex_tok(&save, a, 32) && hex_tok(&save, b, 32));
      int rc = (op[0] == 'a' ? hwc_ristretto255_add : hwc_ristretto255_sub)(got, a, b);
      expect(&save, impl, line_no, op, got, rc, (a[31] | b[31]) >> 7);
      count[2]++;
    } else if (strcmp(op, "mul") == 0) {
      CHECK(hex_tok(&save, a, 32) && hex_tok(&save, b, 32));
      int rc = hwc_ristretto255_scalarmult(got, a, b);
      expect(&save, impl, line_no, op, got, rc, b[31] >> 7);
      count[3]++;
    } else {
      CHECK_MSG(strcmp(op, "base") == 0, "line %zu: unknown op %s", line_no, op);
      CHECK(hex_tok(&save, a, 32));
      int rc = hwc_ristretto255_scalarmult_base(got, a);
      expect(&save, impl, line_no, op, got, rc, 0);
      count[4]++;
    }
  }
  free(text);
  CHECK_MSG(count[0] == 300 && count[1] == 300 && count[2] == 600 && count[3] == 300 && count[4] == 300 && high > 0,
            "%s: vector counts %zu %zu %zu %zu %zu (%zu with bit 255)", impl, count[0], count[1], count[2], count[3],
            count[4], high);
}
HWC_TEST(ristretto255, libsodium_vectors) { t_for_each_impl(HWC_PRIM_FE25519, libsodium_body, NULL); }

/* ---- Group laws on random elements: (a b) P = a (b P), a B + b B =
 * (a + b) B, P - P = identity, n and n + L give the same result, bit 255
 * of n is ignored. */
static void laws_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static const uint8_t L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
  for (int i = 0; i < (t_quick() ? 4 : 32); i++) {
    uint8_t h[64], P[32], a[32], b[32], ab[32], s[32], x[32], y[32], z[32];
    t_rand_bytes(h, 64);
    CHECK(hwc_ristretto255_from_hash(P, h) == HWC_OK);
    CHECK(hwc_ristretto255_is_valid_point(P) == 1);
    hwc_ristretto255_scalar_random(a);
    hwc_ristretto255_scalar_random(b);
    hwc_ristretto255_scalar_mul(ab, a, b);
    CHECK(hwc_ristretto255_scalarmult(x, b, P) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult(y, a, x) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult(z, ab, P) == HWC_OK);
    CHECK_MEM(y, z, 32, "%s: a (b P) != (a b) P", impl);
    hwc_ristretto255_scalar_add(s, a, b);
    CHECK(hwc_ristretto255_scalarmult_base(x, a) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult_base(y, b) == HWC_OK);
    CHECK(hwc_ristretto255_add(z, x, y) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult_base(x, s) == HWC_OK);
    CHECK_MEM(x, z, 32, "%s: a B + b B != (a + b) B", impl);
    CHECK(hwc_ristretto255_sub(z, P, P) == HWC_OK);
    CHECK_MEM(z, zero32, 32, "%s: P - P is not the identity", impl);
    /* n + L (below 2^255 since a < L) and n with bit 255 set. */
    uint8_t aL[32];
    unsigned c = 0;
    for (int j = 0; j < 32; j++) {
      c += (unsigned)a[j] + L[j];
      aL[j] = (uint8_t)c;
      c >>= 8;
    }
    CHECK(hwc_ristretto255_scalarmult(x, a, P) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult(y, aL, P) == HWC_OK);
    CHECK_MEM(x, y, 32, "%s: n + L differs from n", impl);
    aL[31] |= 0x80;
    CHECK(hwc_ristretto255_scalarmult(y, aL, P) == HWC_OK);
    CHECK_MEM(x, y, 32, "%s: bit 255 of n not ignored", impl);
    CHECK(hwc_ristretto255_scalarmult_base(x, a) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult_base(y, aL) == HWC_OK);
    CHECK_MEM(x, y, 32, "%s: base: n + L + 2^255 differs from n", impl);
    /* identity results: 0, L and L + 2^255 */
    memcpy(aL, L, 32);
    for (int k = 0; k < 3; k++) {
      const uint8_t *n = k == 0 ? zero32 : aL;
      if (k == 2) aL[31] |= 0x80;
      memset(x, 0x5a, 32);
      CHECK(hwc_ristretto255_scalarmult(x, n, P) == HWC_ERR_INVALID_ARG);
      CHECK_MEM(x, zero32, 32, "%s: identity result not zeroed", impl);
      memset(x, 0x5a, 32);
      CHECK(hwc_ristretto255_scalarmult_base(x, n) == HWC_ERR_INVALID_ARG);
      CHECK_MEM(x, zero32, 32, "%s: identity base result not zeroed", impl);
    }
  }
}
HWC_TEST(ristretto255, group_laws) { t_for_each_impl(HWC_PRIM_FE25519, laws_body, NULL); }

HWC_TEST(ristretto255, implementations_agree) {
  const char *before = hwc_impl_selected(HWC_PRIM_FE25519);
  for (int i = 0; i < (t_quick() ? 4 : 32); i++) {
    uint8_t h[64], n[32], P[32], w[3][32], g[32];
    t_rand_bytes(h, 64);
    t_rand_bytes(n, 32);
    CHECK(hwc_impl_select(HWC_PRIM_FE25519, "generic") == HWC_OK);
    CHECK(hwc_ristretto255_from_hash(P, h) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult(w[0], n, P) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult_base(w[1], n) == HWC_OK);
    CHECK(hwc_ristretto255_add(w[2], P, w[0]) == HWC_OK);
    for (size_t j = 1; j < hwc_impl_count(HWC_PRIM_FE25519); j++) {
      if (!hwc_impl_supported(HWC_PRIM_FE25519, j)) continue;
      const char *name = hwc_impl_name(HWC_PRIM_FE25519, j);
      CHECK(hwc_impl_select(HWC_PRIM_FE25519, name) == HWC_OK);
      CHECK(hwc_ristretto255_from_hash(g, h) == HWC_OK);
      CHECK_MEM(g, P, 32, "%s: from_hash differs from generic", name);
      CHECK(hwc_ristretto255_scalarmult(g, n, P) == HWC_OK);
      CHECK_MEM(g, w[0], 32, "%s: scalarmult differs from generic", name);
      CHECK(hwc_ristretto255_scalarmult_base(g, n) == HWC_OK);
      CHECK_MEM(g, w[1], 32, "%s: scalarmult_base differs from generic", name);
      CHECK(hwc_ristretto255_add(g, P, w[0]) == HWC_OK);
      CHECK_MEM(g, w[2], 32, "%s: add differs from generic", name);
    }
  }
  CHECK(hwc_impl_select(HWC_PRIM_FE25519, before) == HWC_OK);
}

HWC_TEST(ristretto255, bad_arguments) {
  uint8_t p[32], q[32], n[32] = {1}, h[64] = {0};
  CHECK(hwc_ristretto255_scalarmult_base(p, n) == HWC_OK);
  CHECK(hwc_ristretto255_is_valid_point(NULL) == 0);
  CHECK(hwc_ristretto255_from_hash(NULL, h) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_from_hash(q, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_add(NULL, p, p) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_add(q, NULL, p) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_sub(q, p, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_scalarmult(NULL, n, p) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_scalarmult(q, NULL, p) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_scalarmult(q, n, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_scalarmult_base(NULL, n) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ristretto255_scalarmult_base(q, NULL) == HWC_ERR_INVALID_ARG);
  /* outputs may alias inputs */
  memcpy(q, p, 32);
  CHECK(hwc_ristretto255_add(q, q, q) == HWC_OK);
  uint8_t two[32] = {2}, want[32];
  CHECK(hwc_ristretto255_scalarmult_base(want, two) == HWC_OK);
  CHECK_MEM(q, want, 32, "add in place wrong");
  CHECK(hwc_ristretto255_scalarmult(p, two, p) == HWC_OK);
  CHECK_MEM(p, want, 32, "scalarmult in place wrong");
}

/* ---- edge scalars of tests/edge.h (0, 1, L-1..L+2, 2L, 15L, 2^252,
 * 2^256-1, ...) through both scalar multiplications, on the base point and
 * on a second point, so the Edwards table entries (edwards_scalarmult,
 * edwards_base) see digits at their extremes; against generic, return
 * codes included (a result at the identity is refused). */
#include "edge.h"

static void edge_scalars_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const uint8_t seed_point_scalar[32] = {7};
  uint8_t base[32], other[32];
  CHECK(hwc_ristretto255_scalarmult_base(base, (const uint8_t[32]){1}) == HWC_OK);
  CHECK(hwc_ristretto255_scalarmult_base(other, seed_point_scalar) == HWC_OK);
  for (size_t si = 0; si < t_edge_scalar25519_count(); si++) {
    uint8_t n[32], want[32], got[32];
    t_edge_scalar25519(n, si);
    for (int which = 0; which < 3; which++) {
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      int rw = which == 0 ? hwc_ristretto255_scalarmult_base(want, n)
                          : hwc_ristretto255_scalarmult(want, n, which == 1 ? base : other);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      int rg = which == 0 ? hwc_ristretto255_scalarmult_base(got, n)
                          : hwc_ristretto255_scalarmult(got, n, which == 1 ? base : other);
      CHECK_MSG(rg == rw && memcmp(got, want, 32) == 0, "%s: edge scalar %zu, %s differs from generic", impl, si,
                which == 0 ? "scalarmult_base" : which == 1 ? "scalarmult(B)" : "scalarmult(7B)");
    }
  }
}

HWC_TEST(ristretto255, edge_scalars_vs_generic) { t_for_each_impl(HWC_PRIM_FE25519, edge_scalars_body, NULL); }
