/* SPDX-License-Identifier: ISC */
/* Scalars mod L: libsodium-generated vectors for every ristretto255 scalar
 * function (tests/vectors/ristretto255_scalars.txt, edge and random inputs,
 * reduced and not), plus algebraic identities on random inputs. */
#include <stdlib.h>

#include "check.h"

static int next_hex(char **save, uint8_t *out, size_t n) {
  char *tok = strtok_r(NULL, " \n", save);
  return tok && strlen(tok) == 2 * n && t_unhex(out, n, tok) == n;
}

HWC_TEST(scalar25519, libsodium_vectors) {
  char *text = t_read_vector_file("ristretto255_scalars.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/ristretto255_scalars.txt missing");
  size_t count = 0, line_no = 0;
  char *line_save = NULL;
  for (char *line = strtok_r(text, "\n", &line_save); line; line = strtok_r(NULL, "\n", &line_save)) {
    line_no++;
    char *save = NULL, *op = strtok_r(line, " ", &save);
    uint8_t x[64], y[32], want[32], got[32];
    if (strcmp(op, "reduce") == 0) {
      CHECK(next_hex(&save, x, 64) && next_hex(&save, want, 32));
      hwc_ristretto255_scalar_reduce(got, x);
    } else if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul")) {
      CHECK(next_hex(&save, x, 32) && next_hex(&save, y, 32) && next_hex(&save, want, 32));
      (op[0] == 'a' ? hwc_ristretto255_scalar_add : op[0] == 's' ? hwc_ristretto255_scalar_sub
                                                                 : hwc_ristretto255_scalar_mul)(got, x, y);
    } else if (!strcmp(op, "negate") || !strcmp(op, "complement")) {
      CHECK(next_hex(&save, x, 32) && next_hex(&save, want, 32));
      (op[0] == 'n' ? hwc_ristretto255_scalar_negate : hwc_ristretto255_scalar_complement)(got, x);
    } else {
      CHECK_MSG(strcmp(op, "invert") == 0, "line %zu: unknown op %s", line_no, op);
      CHECK(next_hex(&save, x, 32) && next_hex(&save, want, 32));
      char *rc = strtok_r(NULL, " \n", &save);
      CHECK(rc != NULL);
      int ret = hwc_ristretto255_scalar_invert(got, x);
      CHECK_MSG((ret == HWC_OK) == (atoi(rc) == 0), "line %zu: invert return %d, libsodium %s", line_no, ret, rc);
    }
    CHECK_MSG(memcmp(got, want, 32) == 0, "line %zu: %s differs from libsodium", line_no, op);
    count++;
  }
  free(text);
  CHECK_MSG(count == 2040, "parsed %zu vectors", count);
}

HWC_TEST(scalar25519, identities) {
  static const uint8_t one[32] = {1};
  for (int i = 0; i < (t_quick() ? 50 : 500); i++) {
    uint8_t x[32], y[32], a[32], b[32], c[32], wide[64];
    t_rand_bytes(wide, 64);
    hwc_ristretto255_scalar_reduce(x, wide); /* reduced: add/sub do not wrap mod 2^256 */
    t_rand_bytes(wide, 64);
    hwc_ristretto255_scalar_reduce(y, wide);
    hwc_ristretto255_scalar_add(a, x, y);
    hwc_ristretto255_scalar_sub(b, a, y);
    hwc_ristretto255_scalar_add(c, x, (uint8_t[32]){0});
    CHECK(memcmp(b, c, 32) == 0); /* (x + y) - y = x mod L */
    CHECK(hwc_ristretto255_scalar_invert(a, x) == HWC_OK);
    hwc_ristretto255_scalar_mul(b, a, x);
    CHECK(memcmp(b, one, 32) == 0); /* x * x^-1 = 1 */
    hwc_ristretto255_scalar_complement(a, x);
    hwc_ristretto255_scalar_add(b, a, x);
    CHECK(memcmp(b, one, 32) == 0); /* (1 - x) + x = 1 */
    memcpy(a, x, 32);
    hwc_ristretto255_scalar_negate(a, a); /* in place */
    hwc_ristretto255_scalar_add(b, a, x);
    CHECK(memcmp(b, (uint8_t[32]){0}, 32) == 0);
    hwc_ristretto255_scalar_random(a);
    CHECK(a[31] <= 0x10); /* reduced: below 2^253 */
    CHECK(memcmp(a, (uint8_t[32]){0}, 32) != 0);
  }
}

/* The inversion (divsteps modulo L) on unreduced inputs too: any 256-bit
 * s, x = s mod L, s^-1 x = 1 unless x = 0; and values just below L and
 * sparse ones, where gcd steps run longest. */
HWC_TEST(scalar25519, invert_any_input) {
  static const uint8_t one[32] = {1};
  static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  for (int i = 0; i < (t_quick() ? 100 : 2000); i++) {
    uint8_t s[32], x[32], inv[32], prod[32], wide[64] = {0};
    t_rand_bytes(s, 32);
    if (i % 4 == 1) memcpy(s, l, 32), s[0] = (uint8_t)(s[0] - 1 - i % 200); /* L - 1 - k */
    if (i % 4 == 2) memset(s, 0, 32), s[(i / 4) % 32] = (uint8_t)(1u << (i % 8));
    memcpy(wide, s, 32);
    hwc_ristretto255_scalar_reduce(x, wide);
    CHECK(hwc_ristretto255_scalar_invert(inv, s) == HWC_OK);
    hwc_ristretto255_scalar_mul(prod, inv, x);
    CHECK_MSG(memcmp(prod, one, 32) == 0, "case %d: s^-1 (s mod L) != 1", i);
  }
  uint8_t inv[32];
  CHECK(hwc_ristretto255_scalar_invert(inv, l) == HWC_OK); /* L = 0 mod L: no inverse, libsodium's 0 */
  CHECK(memcmp(inv, (uint8_t[32]){0}, 32) == 0);
}

/* ---- edge values of tests/edge.h against a schoolbook reference */

#include "edge.h"

/* Little-endian numbers of up to 17 32-bit words (a 512-bit product plus a
 * carry word), reduced mod L by shift and subtract: slow, obvious, and
 * sharing nothing with src/curve25519/scalar25519.c. */
enum { RW = 17 };
typedef struct {
  uint32_t w[RW];
} rnum;

static const rnum ref_l = {{0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de, 0, 0, 0, 0x10000000}};

static void rnum_from(rnum *r, const uint8_t *b, size_t n) {
  memset(r, 0, sizeof *r);
  for (size_t i = 0; i < n; i++) r->w[i / 4] |= (uint32_t)b[i] << (8 * (i % 4));
}

static void rnum_to32(uint8_t b[32], const rnum *r) {
  for (size_t i = 0; i < 32; i++) b[i] = (uint8_t)(r->w[i / 4] >> (8 * (i % 4)));
}

static int rnum_geq(const rnum *a, const rnum *b) {
  for (int i = RW - 1; i >= 0; i--)
    if (a->w[i] != b->w[i]) return a->w[i] > b->w[i];
  return 1;
}

static void rnum_sub(rnum *r, const rnum *a, const rnum *b) {
  int64_t borrow = 0;
  for (int i = 0; i < RW; i++) {
    int64_t d = (int64_t)a->w[i] - b->w[i] - borrow;
    borrow = d < 0;
    r->w[i] = (uint32_t)d;
  }
}

static void rnum_add(rnum *r, const rnum *a, const rnum *b) {
  uint64_t c = 0;
  for (int i = 0; i < RW; i++) {
    c += (uint64_t)a->w[i] + b->w[i];
    r->w[i] = (uint32_t)c;
    c >>= 32;
  }
}

/* r = x mod L, by subtracting L * 2^s for s from 260 down to 0. */
static void rnum_mod_l(rnum *r, const rnum *x) {
  *r = *x;
  for (int s = 260; s >= 0; s--) {
    rnum t = {{0}};
    for (int i = 0; i < RW; i++) { /* t = L << s */
      uint64_t v = (uint64_t)ref_l.w[i] << (s % 32);
      if (i + s / 32 < RW) t.w[i + s / 32] |= (uint32_t)v;
      if (i + s / 32 + 1 < RW) t.w[i + s / 32 + 1] |= (uint32_t)(v >> 32);
    }
    if (rnum_geq(r, &t)) rnum_sub(r, r, &t);
  }
}

static void rnum_mul(rnum *r, const rnum *a, const rnum *b) { /* both below 2^256 */
  rnum t = {{0}};
  for (int i = 0; i < 8; i++) {
    uint64_t c = 0;
    for (int j = 0; j < 8; j++) {
      c += (uint64_t)a->w[i] * b->w[j] + t.w[i + j];
      t.w[i + j] = (uint32_t)c;
      c >>= 32;
    }
    t.w[i + 8] = (uint32_t)c;
  }
  rnum_mod_l(r, &t);
}

/* 2^256 wrap-around of src/curve25519/scalar25519.h's add and sub. */
static void rnum_wrap256(rnum *r) {
  for (int i = 8; i < RW; i++) r->w[i] = 0;
}

/* Every edge scalar through every scalar function and every pair through
 * the binary ones, against the reference; every 64-byte edge input through
 * the reduction; and the inverse by its defining property. */
HWC_TEST(scalar25519, edge_values_against_reference) {
  static const uint8_t one[32] = {1};
  const size_t ns = t_edge_scalar25519_count();
  for (size_t i = 0; i < t_edge_scalar25519_wide_count(); i++) {
    uint8_t w[64], got[32], want[32];
    rnum x, r;
    t_edge_scalar25519_wide(w, i);
    rnum_from(&x, w, 64);
    rnum_mod_l(&r, &x);
    rnum_to32(want, &r);
    hwc_ristretto255_scalar_reduce(got, w);
    CHECK_MSG(memcmp(got, want, 32) == 0, "reduce of wide edge value %zu", i);
  }
  for (size_t i = 0; i < ns; i++) {
    uint8_t x[32], got[32], want[32], inv[32];
    rnum rx, rxl, r, rone = {{1}}, rzero = {{0}};
    t_edge_scalar25519(x, i);
    rnum_from(&rx, x, 32);
    rnum_mod_l(&rxl, &rx);
    rnum_sub(&r, &ref_l, &rxl); /* -x mod L */
    rnum_mod_l(&r, &r);
    rnum_to32(want, &r);
    hwc_ristretto255_scalar_negate(got, x);
    CHECK_MSG(memcmp(got, want, 32) == 0, "negate of edge scalar %zu", i);
    rnum_add(&r, &r, &rone); /* 1 - x mod L */
    rnum_mod_l(&r, &r);
    rnum_to32(want, &r);
    hwc_ristretto255_scalar_complement(got, x);
    CHECK_MSG(memcmp(got, want, 32) == 0, "complement of edge scalar %zu", i);
    int zero = !rnum_geq(&rxl, &rone), all_zero_encoding = !rnum_geq(&rx, &rone);
    /* the all-zero encoding is an error, other multiples of L invert to 0 */
    CHECK(hwc_ristretto255_scalar_invert(inv, x) == (all_zero_encoding ? HWC_ERR_INVALID_ARG : HWC_OK));
    hwc_ristretto255_scalar_mul(got, inv, x);
    CHECK_MSG(memcmp(got, zero ? (const uint8_t *)&rzero : one, 32) == 0, "x * invert(x) for edge scalar %zu", i);
    for (size_t j = 0; j < ns; j++) {
      uint8_t y[32];
      rnum ry, ryl, s;
      t_edge_scalar25519(y, j);
      rnum_from(&ry, y, 32);
      rnum_mod_l(&ryl, &ry);
      rnum_add(&s, &rx, &ry); /* ((x + y) mod 2^256) mod L */
      rnum_wrap256(&s);
      rnum_mod_l(&r, &s);
      rnum_to32(want, &r);
      hwc_ristretto255_scalar_add(got, x, y);
      CHECK_MSG(memcmp(got, want, 32) == 0, "add of edge scalars %zu, %zu", i, j);
      rnum_sub(&s, &ref_l, &ryl); /* x + (-y mod L), wrapped likewise */
      rnum_mod_l(&s, &s);
      rnum_add(&s, &rx, &s);
      rnum_wrap256(&s);
      rnum_mod_l(&r, &s);
      rnum_to32(want, &r);
      hwc_ristretto255_scalar_sub(got, x, y);
      CHECK_MSG(memcmp(got, want, 32) == 0, "sub of edge scalars %zu, %zu", i, j);
      rnum_mul(&r, &rx, &ry);
      rnum_to32(want, &r);
      hwc_ristretto255_scalar_mul(got, x, y);
      CHECK_MSG(memcmp(got, want, 32) == 0, "mul of edge scalars %zu, %zu", i, j);
      /* (x y) y^-1 = x mod L unless y = 0 mod L */
      if (rnum_geq(&ryl, &rone)) {
        uint8_t yi[32], back[32];
        CHECK(hwc_ristretto255_scalar_invert(yi, y) == HWC_OK); /* y is not 0 mod L */
        hwc_ristretto255_scalar_mul(back, got, yi);
        rnum_to32(want, &rxl);
        CHECK_MSG(memcmp(back, want, 32) == 0, "(x y) / y for edge scalars %zu, %zu", i, j);
      }
    }
  }
}
