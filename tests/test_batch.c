/* SPDX-License-Identifier: ISC */
/* The 0.3 batches (include/hwcrypto.h, "batches") under every fe25519 and
 * bignum implementation this CPU supports: for n = 0..MAX_N (0..11 in
 * quick mode; X25519 0..25 always, past three groups of eight lanes, and
 * edge points and scalars in every lane) every item's output and status equal the single call's on
 * random items with edge items mixed in at positions that move with n
 * (X25519 low-order and u >= p points, all-0xff scalars; Ed25519 S >= L,
 * flipped R, wrong messages, small-order and non-canonical keys, empty
 * messages; RSA keys of 2048 and 3072 bits in one batch, NULL elements,
 * inputs >= n, n up to three groups of bignum lanes and one more, and a
 * key that fails the fault check beside good ones), the returned value is
 * the first failing status, and a bad item's slot keeps what the single
 * call leaves there. Then the whole-batch refusals (NULL arrays), n = 0
 * and hwc_batch_lanes. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/rsa_internal.h"
#include "wycheproof.h"

#define MAX_N 17
#define FILL 0x5a /* what an output slot holds before a call */

/* The largest n a body tries: past 9 even in quick mode. */
static size_t max_n(void) { return t_quick() ? 11 : MAX_N; }

/* The position of edge item k (0, 1, 2) in a batch of n > 0: moves with n
 * so that edges land first, last and in between across the sizes. Two
 * edges share a slot only when n divides 5 or 10 (the later one wins). */
static size_t edge_at(size_t k, size_t n) { return (k * 5 + 3 * n / 4) % n; }

/* The batch's expected return: the first failing status, else HWC_OK. */
static int first_failure(const int *status, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (status[i] != HWC_OK) return status[i];
  return HWC_OK;
}

/* Checks a batch's statuses and return value against the single calls'. */
static void check_statuses(const char *what, const char *impl, size_t n, int rc, const int *got, const int *want) {
  for (size_t i = 0; i < n; i++)
    CHECK_MSG(got[i] == want[i], "%s %s n=%zu item %zu: status %d, single call %d", impl, what, n, i, got[i], want[i]);
  CHECK_MSG(rc == first_failure(want, n), "%s %s n=%zu: returned %d", impl, what, n, rc);
}

static void unhex32(uint8_t out[32], const char *hex) { CHECK(t_unhex(out, 32, hex) == 32); }

/* ---- X25519 */

/* Random items with three edges: a low-order point (bit 255 set on odd n),
 * u = p + 2 + n % 17 (>= p, an ordinary point mod p), an all-0xff scalar. */
static void x25519_items(uint8_t (*scalar)[32], uint8_t (*point)[32], size_t n) {
  t_rand_bytes(scalar[0], 32 * n);
  t_rand_bytes(point[0], 32 * n);
  if (n == 0) return;
  unhex32(point[edge_at(0, n)], t_x25519_low_order_u[n % 7]);
  point[edge_at(0, n)][31] |= (uint8_t)((n & 1) << 7);
  unhex32(point[edge_at(1, n)], t_x25519_low_order_u[5]);
  point[edge_at(1, n)][0] = (uint8_t)(0xed + 2 + n % 17);
  memset(scalar[edge_at(2, n)], 0xff, 32);
}

/* The X25519 batches go past three groups of the widest lane backend
 * (eight lanes) plus one, in quick mode too: whole groups, a padded rest
 * and a rest of single calls all run. */
#define X_MAX_N (3 * HWC_FE25519_MAX_LANES + 1)

/* hwc_batch_lanes for the selected table: the items one group takes (the
 * table's lanes: for RSA two exponentiations of four items, two lanes per
 * item, then one lane per item), 1 for none. */
static size_t table_lanes(hwc_prim p) {
  unsigned items = p == HWC_PRIM_BIGNUM ? ((const hwc_bignum_kernel *)hwc_dispatch_get(p))->lanes
                                        : ((const hwc_fe25519_kernel *)hwc_dispatch_get(p))->lanes;
  return items > 1 ? items : 1;
}

static void x25519_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  CHECK_MSG(hwc_batch_lanes(p) == table_lanes(p), "%s: lanes %zu", impl, hwc_batch_lanes(p));
  static uint8_t scalar[X_MAX_N][32], point[X_MAX_N][32], got[X_MAX_N][32], want[X_MAX_N][32];
  int status[X_MAX_N], want_status[X_MAX_N];
  for (size_t n = 0; n <= X_MAX_N; n++) {
    x25519_items(scalar, point, n);
    for (size_t i = 0; i < n; i++) want_status[i] = hwc_x25519(want[i], scalar[i], point[i]);
    if (n > 0 && edge_at(0, n) != edge_at(1, n))
      CHECK_MSG(want_status[edge_at(0, n)] == HWC_ERR_INVALID_ARG, "%s: low-order point accepted", impl);
    memset(got, FILL, sizeof got);
    int rc = hwc_x25519_batch(got, status, (const uint8_t(*)[32])scalar, (const uint8_t(*)[32])point, n);
    check_statuses("x25519_batch", impl, n, rc, status, want_status);
    for (size_t i = 0; i < n; i++) CHECK_MSG(!memcmp(got[i], want[i], 32), "%s x25519_batch n=%zu item %zu", impl, n, i);
    CHECK_MSG(n == X_MAX_N || got[n][0] == FILL, "%s x25519_batch n=%zu wrote past the end", impl, n);

    for (size_t i = 0; i < n; i++) want_status[i] = hwc_x25519_base(want[i], scalar[i]);
    memset(got, FILL, sizeof got);
    rc = hwc_x25519_base_batch(got, status, (const uint8_t(*)[32])scalar, n);
    check_statuses("x25519_base_batch", impl, n, rc, status, want_status);
    CHECK(rc == HWC_OK);
    for (size_t i = 0; i < n; i++)
      CHECK_MSG(!memcmp(got[i], want[i], 32), "%s x25519_base_batch n=%zu item %zu", impl, n, i);
    CHECK_MSG(n == X_MAX_N || got[n][0] == FILL, "%s x25519_base_batch n=%zu wrote past the end", impl, n);
  }
}
HWC_TEST(batch, x25519_matches_single) { t_for_each_impl(HWC_PRIM_FE25519, x25519_body, NULL); }

/* Points at the edges of the encoding and the field, little-endian hex:
 * 0, 1, p - 1 = 2^255 - 19 - 1, p, p + 1, 2^255 - 1 (every 51-bit limb
 * 2^51 - 1), 2^256 - 1 (bit 255 set over it), 9 with bit 255 set, the
 * base point 9, and the other points of small order. */
static const char *const edge_u[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0900000000000000000000000000000000000000000000000000000000000080",
    "0900000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
};
#define EDGE_U (sizeof edge_u / sizeof edge_u[0])

/* Batches of one group, a group and a rest, two groups and three plus
 * one, with every edge point in every position in turn (every other item;
 * random points between) and scalars all-0x00, all-0xff or random by
 * position, so that edges meet in different lanes of one call: each
 * item's bytes and status must be the single call's. */
static void x25519_edges_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static const size_t sizes[] = {8, 11, 16, X_MAX_N};
  static uint8_t scalar[X_MAX_N][32], point[X_MAX_N][32], got[X_MAX_N][32], want[X_MAX_N][32];
  int status[X_MAX_N], want_status[X_MAX_N];
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    size_t n = sizes[s];
    for (size_t rot = 0; rot < EDGE_U; rot++) {
      t_rand_bytes(scalar[0], sizeof scalar);
      t_rand_bytes(point[0], sizeof point);
      for (size_t i = 0; i < n; i++) {
        if (i % 2 == 0) unhex32(point[i], edge_u[(i / 2 + rot) % EDGE_U]);
        if ((i + rot) % 3 < 2) memset(scalar[i], (i + rot) % 3 ? 0xff : 0x00, 32);
      }
      for (size_t i = 0; i < n; i++) want_status[i] = hwc_x25519(want[i], scalar[i], point[i]);
      int rc = hwc_x25519_batch(got, status, (const uint8_t(*)[32])scalar, (const uint8_t(*)[32])point, n);
      check_statuses("x25519_batch edges", impl, n, rc, status, want_status);
      for (size_t i = 0; i < n; i++)
        CHECK_MSG(!memcmp(got[i], want[i], 32), "%s x25519_batch edges n=%zu rot=%zu item %zu", impl, n, rot, i);
      for (size_t i = 0; i < n; i++) want_status[i] = hwc_x25519_base(want[i], scalar[i]);
      rc = hwc_x25519_base_batch(got, status, (const uint8_t(*)[32])scalar, n);
      check_statuses("x25519_base_batch edges", impl, n, rc, status, want_status);
      for (size_t i = 0; i < n; i++)
        CHECK_MSG(!memcmp(got[i], want[i], 32), "%s x25519_base_batch edges n=%zu item %zu", impl, n, i);
    }
  }
  /* The low-order points are refused wherever they sit. */
  for (size_t i = 0; i < 11; i++) unhex32(point[i], t_x25519_low_order_u[i % 7]);
  CHECK(hwc_x25519_batch(got, status, (const uint8_t(*)[32])scalar, (const uint8_t(*)[32])point, 11) ==
        HWC_ERR_INVALID_ARG);
  for (size_t i = 0; i < 11; i++) {
    static const uint8_t zero[32];
    CHECK_MSG(status[i] == HWC_ERR_INVALID_ARG && !memcmp(got[i], zero, 32), "%s low-order item %zu", impl, i);
  }
}
HWC_TEST(batch, x25519_edges_match_single) { t_for_each_impl(HWC_PRIM_FE25519, x25519_edges_body, NULL); }

/* ---- Ed25519 */

/* The group order L, little-endian. */
static const uint8_t L_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};

/* An encoding of small order (libsodium's blocklist; tests/test_ed25519.c). */
static const char *const small_order_a = "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a";

/* n items: sk[i] of one of three key pairs, msg[i] pointing into buf with
 * len[i] from 0 to 99 (NULL for some empty messages), pk[i] its key's. */
typedef struct {
  uint8_t sk[3][64], pk3[3][32], buf[MAX_N * 100];
  uint8_t sks[MAX_N][64], pk[MAX_N][32], sig[MAX_N][64];
  const uint8_t *msg[MAX_N];
  size_t len[MAX_N];
} ed_items;

static void ed_items_make(ed_items *e, size_t n) {
  for (int k = 0; k < 3; k++) {
    uint8_t seed[32];
    t_rand_bytes(seed, 32);
    CHECK(hwc_ed25519_seed_keypair(e->pk3[k], e->sk[k], seed) == HWC_OK);
  }
  t_rand_bytes(e->buf, sizeof e->buf);
  for (size_t i = 0; i < n; i++) {
    memcpy(e->sks[i], e->sk[i % 3], 64);
    memcpy(e->pk[i], e->pk3[i % 3], 32);
    e->len[i] = (i * 37 + n) % 100;
    e->msg[i] = e->buf + 100 * i;
  }
  if (n == 0) return;
  e->len[edge_at(0, n)] = 0;
  e->msg[edge_at(0, n)] = n & 1 ? NULL : e->buf;
  e->len[edge_at(1, n)] = 0;
}

static void ed25519_sign_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static ed_items e;
  static uint8_t want[MAX_N][64];
  int status[MAX_N], want_status[MAX_N];
  for (size_t n = 0; n <= max_n(); n++) {
    ed_items_make(&e, n);
    if (n >= 3) e.msg[edge_at(2, n)] = NULL; /* with len > 0 unless edge 0 or 1 took the slot */
    memset(want, FILL, sizeof want);
    for (size_t i = 0; i < n; i++) want_status[i] = hwc_ed25519_sign(want[i], e.msg[i], e.len[i], e.sks[i]);
    memset(e.sig, FILL, sizeof e.sig);
    int rc = hwc_ed25519_sign_batch(e.sig, status, e.msg, e.len, (const uint8_t(*)[64])e.sks, n);
    check_statuses("ed25519_sign_batch", impl, n, rc, status, want_status);
    for (size_t i = 0; i < n; i++)
      CHECK_MSG(!memcmp(e.sig[i], want[i], 64), "%s ed25519_sign_batch n=%zu item %zu", impl, n, i);
    if (n >= 3 && e.len[edge_at(2, n)] > 0)
      CHECK_MSG(status[edge_at(2, n)] == HWC_ERR_INVALID_ARG && e.sig[edge_at(2, n)][0] == FILL,
                "%s: NULL message of non-zero length signed", impl);
  }
}
HWC_TEST(batch, ed25519_sign_matches_single) { t_for_each_impl(HWC_PRIM_FE25519, ed25519_sign_body, NULL); }

/* The kinds of bad item a verification batch mixes in. */
enum { BAD_S_PLUS_L, BAD_R_FLIP, BAD_MESSAGE, BAD_SMALL_A, BAD_NONCANONICAL_A, BAD_NULL_MSG, BAD_KINDS };

/* Spoils item i of e in the way `kind` says; the single call decides. */
static void ed_spoil(ed_items *e, size_t i, int kind, const uint8_t *other_msg) {
  switch (kind) {
  case BAD_S_PLUS_L: t_add256(e->sig[i] + 32, e->sig[i] + 32, L_bytes); break;
  case BAD_R_FLIP: e->sig[i][t_rand_below(32)] ^= (uint8_t)(1u << t_rand_below(8)); break;
  case BAD_MESSAGE:
    e->msg[i] = other_msg;
    e->len[i] = e->len[i] ? e->len[i] : 1;
    break;
  case BAD_SMALL_A: unhex32(e->pk[i], small_order_a); break;
  case BAD_NONCANONICAL_A:
    memset(e->pk[i], 0xff, 32);
    e->pk[i][0] = 0xef; /* y = p + 2 */
    e->pk[i][31] = 0x7f;
    break;
  case BAD_NULL_MSG:
    e->msg[i] = NULL;
    e->len[i] = 1;
    break;
  }
}

static void ed25519_verify_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static ed_items e;
  static const uint8_t other[100] = {1};
  int status[MAX_N], want_status[MAX_N];
  for (size_t n = 0; n <= max_n(); n++) {
    ed_items_make(&e, n);
    for (size_t i = 0; i < n; i++) CHECK(hwc_ed25519_sign(e.sig[i], e.msg[i], e.len[i], e.sks[i]) == HWC_OK);
    /* Bad items at every third position from an offset that moves with n;
     * the rest stay valid. */
    int bad[MAX_N] = {0};
    for (size_t i = n % 3; i < n; i += 3) {
      bad[i] = 1 + (int)((i / 3 + n) % BAD_KINDS);
      ed_spoil(&e, i, bad[i] - 1, other);
    }
    for (size_t i = 0; i < n; i++) {
      want_status[i] = hwc_ed25519_verify(e.sig[i], e.msg[i], e.len[i], e.pk[i]);
      int expect = !bad[i] ? HWC_OK : bad[i] - 1 == BAD_NULL_MSG ? HWC_ERR_INVALID_ARG : HWC_ERR_VERIFY;
      CHECK_MSG(want_status[i] == expect, "%s: single verify of item kind %d gave %d", impl, bad[i], want_status[i]);
    }
    int rc = hwc_ed25519_verify_batch(status, (const uint8_t(*)[64])e.sig, e.msg, e.len, (const uint8_t(*)[32])e.pk, n);
    check_statuses("ed25519_verify_batch", impl, n, rc, status, want_status);
  }
}
HWC_TEST(batch, ed25519_verify_matches_single) { t_for_each_impl(HWC_PRIM_FE25519, ed25519_verify_body, NULL); }

/* ---- RSA */

/* The PKCS#8 DER of the first key of Wycheproof's 3072-bit PKCS#1 signing
 * file (e = 65537), read once; each body imports it anew so that the key
 * records the bignum implementation under test. */
static uint8_t *key3072_der;
static size_t key3072_len;

static hwc_rsa_key *key3072(void) {
  if (key3072_der == NULL) {
    wp_value *doc = wp_load("rsa_pkcs1_3072_sig_gen_test.json");
    CHECK_MSG(doc != NULL, "missing rsa_pkcs1_3072_sig_gen_test.json");
    key3072_der = wp_hex(wp_at(wp_get(doc, "testGroups"), 0), "privateKeyPkcs8", &key3072_len);
    wp_free(doc);
  }
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_import(&key, key3072_der, key3072_len) == HWC_OK && hwc_rsa_size(key) == 384);
  return key;
}

/* The batch arrays of up to RSA_MAX_N items (three groups of eight lanes
 * and one more); out[i] and in[i] point at rows of the 384-byte buffers
 * (room for either key). */
#define RSA_MAX_N (3 * HWC_BN_LANES + 1)
typedef struct {
  uint8_t out_buf[RSA_MAX_N][384], want_buf[RSA_MAX_N][384], in_buf[RSA_MAX_N][384];
  uint8_t *out[RSA_MAX_N];
  const uint8_t *in[RSA_MAX_N];
  const hwc_rsa_key *key[RSA_MAX_N];
  int status[RSA_MAX_N], want_status[RSA_MAX_N];
} rsa_items;

/* Keys alternate 2048, 3072, 2048 (moving with n), with a NULL key in the
 * middle; inputs are random below 2^(8k - 8), so below either modulus. */
static void rsa_items_make(rsa_items *r, size_t n, const hwc_rsa_key *k2, const hwc_rsa_key *k3) {
  memset(r->out_buf, FILL, sizeof r->out_buf);
  memset(r->want_buf, FILL, sizeof r->want_buf);
  t_rand_bytes(r->in_buf[0], sizeof r->in_buf);
  for (size_t i = 0; i < n; i++) {
    r->key[i] = (i + n) % 3 == 1 ? k3 : k2;
    r->in_buf[i][0] = 0;
    r->out[i] = r->out_buf[i];
    r->in[i] = r->in_buf[i];
  }
  if (n >= 3) r->key[n / 2] = NULL;
}

/* Compares the batch's outputs with the single calls' item by item: the
 * key's size of bytes, and the rest of the row untouched. */
static void rsa_check(const char *what, const char *impl, size_t n, int rc, rsa_items *r) {
  check_statuses(what, impl, n, rc, r->status, r->want_status);
  for (size_t i = 0; i < n; i++)
    CHECK_MSG(!memcmp(r->out_buf[i], r->want_buf[i], 384), "%s %s n=%zu item %zu", impl, what, n, i);
}

/* The largest n of the RSA bodies: three groups and one more (whole
 * groups, a padded rest, and both key sizes in groups of their own), at
 * least max_n(). */
static size_t rsa_max_n(void) {
  size_t n = 3 * table_lanes(HWC_PRIM_BIGNUM) + 1;
  return n > max_n() ? n : max_n();
}

static void rsa_sign_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  CHECK_MSG(hwc_batch_lanes(p) == table_lanes(p), "%s: lanes %zu", impl, hwc_batch_lanes(p));
  CHECK(rsa_max_n() <= RSA_MAX_N);
  hwc_rsa_key *k2 = t_rsa_test_key(), *k3 = key3072();
  static rsa_items r;
  uint8_t digests[RSA_MAX_N][32];
  const uint8_t *digest[RSA_MAX_N];
  for (size_t n = 0; n <= rsa_max_n(); n++) {
    rsa_items_make(&r, n, k2, k3);
    t_rand_bytes(digests[0], sizeof digests);
    for (size_t i = 0; i < n; i++) digest[i] = digests[i];
    if (n >= 5) digest[edge_at(1, n) == n / 2 ? 0 : edge_at(1, n)] = NULL;
    if (n >= 7) r.out[n - 1 == n / 2 ? 0 : n - 1] = NULL;
    for (size_t i = 0; i < n; i++) {
      size_t len = hwc_rsa_size(r.key[i]);
      r.want_status[i] =
          hwc_rsa_sign_pkcs1_digest(r.out[i] ? r.want_buf[i] : NULL, &len, digest[i], 32, HWC_HASH_SHA256, r.key[i]);
    }
    if (n >= 3) CHECK(r.want_status[n / 2] == HWC_ERR_INVALID_ARG);
    int rc = hwc_rsa_sign_pkcs1_digest_batch(r.out, r.status, digest, HWC_HASH_SHA256, r.key, n);
    rsa_check("rsa_sign_pkcs1_digest_batch", impl, n, rc, &r);
    CHECK_MSG(n < 3 || rc == HWC_ERR_INVALID_ARG, "%s: a NULL key went unnoticed", impl);
  }
  /* An unknown hash fails every item, as the single call does. */
  rsa_items_make(&r, 2, k2, k3);
  digest[0] = digest[1] = digests[0];
  CHECK(hwc_rsa_sign_pkcs1_digest_batch(r.out, r.status, digest, (hwc_hash)99, r.key, 2) == HWC_ERR_INVALID_ARG);
  CHECK(r.status[0] == HWC_ERR_INVALID_ARG && r.status[1] == HWC_ERR_INVALID_ARG && r.out_buf[0][0] == FILL);
  hwc_rsa_free(k2);
  hwc_rsa_free(k3);
}
HWC_TEST(batch, rsa_sign_matches_single) { t_for_each_impl(HWC_PRIM_BIGNUM, rsa_sign_body, NULL); }

static void rsa_raw_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  CHECK(rsa_max_n() <= RSA_MAX_N);
  hwc_rsa_key *k2 = t_rsa_test_key(), *k3 = key3072();
  static rsa_items r;
  for (size_t n = 0; n <= rsa_max_n(); n++) {
    rsa_items_make(&r, n, k2, k3);
    size_t big = n > 0 ? edge_at(0, n) : 0;
    if (n > 0 && r.key[big]) memset(r.in_buf[big], 0xff, hwc_rsa_size(r.key[big])); /* >= n */
    for (size_t i = 0; i < n; i++) {
      size_t len = hwc_rsa_size(r.key[i]), out_len = len;
      r.want_status[i] = hwc_rsa_private_raw(r.want_buf[i], &out_len, r.in[i], len, r.key[i]);
    }
    if (n > 0) CHECK(r.want_status[big] == HWC_ERR_INVALID_ARG);
    int rc = hwc_rsa_private_raw_batch(r.out, r.status, r.in, r.key, n);
    rsa_check("rsa_private_raw_batch", impl, n, rc, &r);
  }
  /* In place (out[i] == in[i]), as the single call allows. */
  rsa_items_make(&r, 4, k2, k3);
  r.key[2] = k3; /* the NULL key's slot */
  for (size_t i = 0; i < 4; i++) {
    size_t len = hwc_rsa_size(r.key[i]), out_len = len;
    CHECK(hwc_rsa_private_raw(r.want_buf[i], &out_len, r.in[i], len, r.key[i]) == HWC_OK);
    r.out[i] = r.in_buf[i];
  }
  CHECK(hwc_rsa_private_raw_batch(r.out, r.status, r.in, r.key, 4) == HWC_OK);
  for (size_t i = 0; i < 4; i++) CHECK(!memcmp(r.in_buf[i], r.want_buf[i], hwc_rsa_size(r.key[i])));
  hwc_rsa_free(k2);
  hwc_rsa_free(k3);
}
HWC_TEST(batch, rsa_private_raw_matches_single) { t_for_each_impl(HWC_PRIM_BIGNUM, rsa_raw_body, NULL); }

/* 2048-bit keys with public exponents 3 and 2^40 - 1, generated once
 * (DER kept) and imported anew by each body, as key3072. */
static uint8_t e_der[2][2048];
static size_t e_len[2];

static hwc_rsa_key *key_e(int which) {
  static const uint64_t es[2] = {3, ((uint64_t)1 << 40) - 1};
  if (e_len[which] == 0) {
    hwc_rsa_key *k = NULL;
    CHECK(hwc_rsa_generate(&k, 2048, es[which]) == HWC_OK);
    e_len[which] = sizeof e_der[which];
    CHECK(hwc_rsa_export(e_der[which], &e_len[which], 1, 0, k) == HWC_OK);
    hwc_rsa_free(k);
  }
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_import(&key, e_der[which], e_len[which]) == HWC_OK && hwc_rsa_size(key) == 256);
  return key;
}

/* The unblinding and fault check run one item per lane: keys with
 * exponents 65537, 3 and 2^40 - 1 in one group (lanes whose exponent bits
 * differ, exponents of 2, 17 and 40 bits), and inputs at the edges (0, 1,
 * 2, n - 1, n - 2) in positions that move with n, each item equal to its
 * single call. */
static void rsa_lanes_edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  hwc_rsa_key *keys[3] = {t_rsa_test_key(), key_e(0), key_e(1)};
  static rsa_items r;
  static const size_t sizes[] = {1, 3, 8, 9, 11, 16};
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    size_t n = sizes[si];
    rsa_items_make(&r, n, keys[0], keys[0]);
    for (size_t i = 0; i < n; i++) {
      const hwc_rsa_key *k = r.key[i] = keys[(i + n) % 3];
      size_t len = hwc_rsa_size(k), nlen = len;
      uint8_t *x = r.in_buf[i];
      switch ((i + n) % 7) {
        case 0: memset(x, 0, len); break;
        case 1: memset(x, 0, len), x[len - 1] = 1; break;
        case 2: memset(x, 0, len), x[len - 1] = 2; break;
        case 3: /* n - 1 and n - 2: n is odd, so only the last byte moves */
        case 4:
          CHECK(hwc_rsa_get_part(x, &nlen, HWC_RSA_N, k) == HWC_OK && nlen == len);
          x[len - 1] -= (uint8_t)((i + n) % 7 - 2);
          break;
        default: break; /* random below 2^(8 len - 8) */
      }
    }
    for (size_t i = 0; i < n; i++) {
      size_t len = hwc_rsa_size(r.key[i]), out_len = len;
      r.want_status[i] = hwc_rsa_private_raw(r.want_buf[i], &out_len, r.in[i], len, r.key[i]);
      CHECK(r.want_status[i] == HWC_OK);
    }
    int rc = hwc_rsa_private_raw_batch(r.out, r.status, r.in, r.key, n);
    rsa_check("rsa_private_raw_batch, exponents and edges", impl, n, rc, &r);
  }
  for (int i = 0; i < 3; i++) hwc_rsa_free(keys[i]);
}
HWC_TEST(batch, rsa_lanes_exponents_edges) { t_for_each_impl(HWC_PRIM_BIGNUM, rsa_lanes_edge_body, NULL); }

/* A key whose dP is wrong (a fault, or an inconsistent key past the
 * import checks) among good keys of both sizes: its items fail the fault
 * check (HWC_ERR_BAD_KEY, output zeroed) as in the single call, and the
 * items beside it in the same lanes come out right. */
static void rsa_bad_item_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  hwc_rsa_key *k2 = t_rsa_test_key(), *bad = t_rsa_test_key(), *k3 = key3072();
  bad->crt.dp[0] ^= 2;
  static rsa_items r;
  static const size_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 15};
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    size_t n = sizes[si], nbad = 0;
    rsa_items_make(&r, n, k2, k3);
    for (size_t i = 0; i < n; i++)
      if (i % HWC_BN_LANES == (n - 1) % HWC_BN_LANES) r.key[i] = bad; /* moves with n: every position of a group */
    for (size_t i = 0; i < n; i++) {
      size_t len = hwc_rsa_size(r.key[i]), out_len = len;
      r.want_status[i] = hwc_rsa_private_raw(r.want_buf[i], &out_len, r.in[i], len, r.key[i]);
      if (r.key[i] != bad) continue;
      CHECK(r.want_status[i] == HWC_ERR_BAD_KEY);
      nbad++;
    }
    int rc = hwc_rsa_private_raw_batch(r.out, r.status, r.in, r.key, n);
    rsa_check("rsa_private_raw_batch, bad key", impl, n, rc, &r);
    CHECK(nbad > 0);
  }
  hwc_rsa_free(k2);
  hwc_rsa_free(bad);
  hwc_rsa_free(k3);
}
HWC_TEST(batch, rsa_bad_item_alone) { t_for_each_impl(HWC_PRIM_BIGNUM, rsa_bad_item_body, NULL); }

/* ---- Whole-batch rules */

/* After a refused batch of 3: every status HWC_ERR_INVALID_ARG. */
static void check_refused(int rc, const int *status) {
  CHECK(rc == HWC_ERR_INVALID_ARG);
  for (int i = 0; i < 3; i++) CHECK(status[i] == HWC_ERR_INVALID_ARG);
}

HWC_TEST(batch, null_arrays_and_empty) {
  uint8_t a[3][32] = {{1}, {2}, {3}}, out[3][32], sig[3][64], sk[3][64] = {{0}};
  const uint8_t *msg[3] = {a[0], a[1], a[2]};
  size_t len[3] = {32, 32, 32};
  int status[3];
  hwc_rsa_key *key = t_rsa_test_key();
  const hwc_rsa_key *keys[3] = {key, key, key};
  uint8_t *outs[3] = {out[0], out[1], out[2]};
  const uint8_t(*ca)[32] = (const uint8_t(*)[32])a;
  /* NULL arrays with n > 0: refused whole, outputs untouched. */
  memset(out, FILL, sizeof out);
  memset(sig, FILL, sizeof sig);
  check_refused(hwc_x25519_batch(NULL, status, ca, ca, 3), status);
  check_refused(hwc_x25519_batch(out, status, NULL, ca, 3), status);
  check_refused(hwc_x25519_batch(out, status, ca, NULL, 3), status);
  check_refused(hwc_x25519_base_batch(out, status, NULL, 3), status);
  check_refused(hwc_ed25519_sign_batch(sig, status, msg, NULL, (const uint8_t(*)[64])sk, 3), status);
  check_refused(hwc_ed25519_sign_batch(sig, status, NULL, len, (const uint8_t(*)[64])sk, 3), status);
  check_refused(hwc_ed25519_verify_batch(status, (const uint8_t(*)[64])sig, msg, len, NULL, 3), status);
  check_refused(hwc_rsa_sign_pkcs1_digest_batch(outs, status, msg, HWC_HASH_SHA256, NULL, 3), status);
  check_refused(hwc_rsa_private_raw_batch(outs, status, NULL, keys, 3), status);
  static uint8_t fill[3][64];
  memset(fill, FILL, sizeof fill);
  CHECK(!memcmp(out, fill, sizeof out) && !memcmp(sig, fill, sizeof sig));
  /* No status array: refused too, nothing written. */
  CHECK(hwc_x25519_batch(out, NULL, ca, ca, 3) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_x25519_base_batch(out, NULL, ca, 3) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_verify_batch(NULL, (const uint8_t(*)[64])sig, msg, len, ca, 3) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_rsa_private_raw_batch(outs, NULL, msg, keys, 3) == HWC_ERR_INVALID_ARG);
  CHECK(!memcmp(out, fill, sizeof out));
  /* n = 0: HWC_OK whatever the pointers, nothing written. */
  status[0] = 7;
  CHECK(hwc_x25519_batch(NULL, NULL, NULL, NULL, 0) == HWC_OK);
  CHECK(hwc_x25519_base_batch(out, status, ca, 0) == HWC_OK);
  CHECK(hwc_ed25519_sign_batch(NULL, NULL, NULL, NULL, NULL, 0) == HWC_OK);
  CHECK(hwc_ed25519_verify_batch(status, NULL, NULL, NULL, NULL, 0) == HWC_OK);
  CHECK(hwc_rsa_sign_pkcs1_digest_batch(NULL, NULL, NULL, HWC_HASH_SHA256, NULL, 0) == HWC_OK);
  CHECK(hwc_rsa_private_raw_batch(outs, status, NULL, NULL, 0) == HWC_OK);
  CHECK(status[0] == 7 && !memcmp(out, fill, sizeof out));
  hwc_rsa_free(key);
}

HWC_TEST(batch, lanes) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (p != HWC_PRIM_FE25519 && p != HWC_PRIM_BIGNUM)
      CHECK_MSG(hwc_batch_lanes((hwc_prim)p) == 1, "%s", hwc_prim_name((hwc_prim)p));
  CHECK(hwc_batch_lanes((hwc_prim)-1) == 1 && hwc_batch_lanes(HWC_PRIM_COUNT) == 1);
  /* The value is the selected table's field: fe25519 lanes come with an
   * x25519_lanes entry and fit the protocol's buffers; bignum lanes are
   * HWC_BN_LANES with every lane entry (the RSA batch's buffers and item
   * pairs are sized by it). */
  const hwc_fe25519_kernel *fe = hwc_dispatch_get(HWC_PRIM_FE25519);
  const hwc_bignum_kernel *bn = hwc_dispatch_get(HWC_PRIM_BIGNUM);
  CHECK(hwc_batch_lanes(HWC_PRIM_FE25519) == table_lanes(HWC_PRIM_FE25519));
  CHECK(hwc_batch_lanes(HWC_PRIM_BIGNUM) == table_lanes(HWC_PRIM_BIGNUM));
  CHECK(fe->lanes <= 1 || (fe->x25519_lanes && fe->lanes <= HWC_FE25519_MAX_LANES));
  CHECK(bn->lanes <= 1 || (bn->lanes == HWC_BN_LANES && bn->lanes_setup && bn->to_lanes && bn->from_lanes &&
                           bn->mont_mul_lanes && bn->mont_sqr_lanes && bn->select_lanes));
}
