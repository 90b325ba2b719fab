/* SPDX-License-Identifier: ISC */
/* Big-number arithmetic: hwc_modexp against vectors from Python's pow()
 * (tests/vectors/modexp.txt, see SOURCES.md) for every bignum
 * implementation this CPU supports; every implementation against generic on
 * random operands of every size from 1 to 128 limbs; argument checks. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/bignum.h"

/* ---- vectors */

typedef struct {
  char *text;
  size_t count;
} vec_file;

static const char *field(char **cur, const char *name) {
  char *line = *cur;
  size_t nl = strlen(name);
  while (*line == '\n' || *line == '#') {
    if (*line == '#') line = strchr(line, '\n');
    line++;
  }
  CHECK_MSG(strncmp(line, name, nl) == 0 && strncmp(line + nl, " = ", 3) == 0, "expected field %s", name);
  char *v = line + nl + 3, *end = strchr(v, '\n');
  *end = 0;
  *cur = end + 1;
  return v;
}

static int more_records(char *cur) {
  while (*cur == '\n' || *cur == '#') {
    if (*cur == '#') cur = strchr(cur, '\n');
    if (!cur) return 0;
    cur++;
  }
  return *cur != 0;
}

static void vectors_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  char *text = t_read_vector_file("modexp.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/modexp.txt missing");
  char *cur = text;
  static uint8_t m[1024], b[1024], e[1024], want[1024], got[1024];
  size_t count = 0;
  while (more_records(cur)) {
    size_t ml = t_unhex(m, sizeof m, field(&cur, "m"));
    size_t bl = t_unhex(b, sizeof b, field(&cur, "b"));
    size_t el = t_unhex(e, sizeof e, field(&cur, "e"));
    size_t rl = t_unhex(want, sizeof want, field(&cur, "r"));
    CHECK(bl == ml && rl == ml);
    if (t_quick() && ml > 512 && el > 64) continue;
    memset(got, 0xa5, sizeof got);
    int rc = hwc_modexp(got, b, el ? e : NULL, el, m, ml);
    CHECK_MSG(rc == HWC_OK, "%s: vector %zu (%zu-byte m): rc %d", impl, count, ml, rc);
    CHECK_MEM(got, want, ml, "%s: vector %zu (%zu-byte m, %zu-byte e)", impl, count, ml, el);
    /* in place: out aliases base */
    rc = hwc_modexp(b, b, el ? e : NULL, el, m, ml);
    CHECK(rc == HWC_OK);
    CHECK_MEM(b, want, ml, "%s: vector %zu in place", impl, count);
    count++;
  }
  CHECK_MSG(count > 100, "only %zu modexp vectors", count);
  free(text);
}

HWC_TEST(bignum, modexp_vectors) { t_for_each_impl(HWC_PRIM_BIGNUM, vectors_body, NULL); }

HWC_TEST(bignum, modexp_bad_args) {
  uint8_t m[1025] = {0}, b[1025] = {0}, e[1025] = {0}, out[1025];
  m[0] = 0x80;
  m[255] = 0x01;
  CHECK(hwc_modexp(out, b, e, 4, m, 256) == HWC_OK);
  CHECK(hwc_modexp(NULL, b, e, 4, m, 256) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_modexp(out, NULL, e, 4, m, 256) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_modexp(out, b, NULL, 4, m, 256) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_modexp(out, b, e, 4, NULL, 256) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_modexp(out, b, NULL, 0, m, 256) == HWC_OK);
  CHECK(hwc_modexp(out, b, e, 4, m, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_modexp(out, b, e, 1025, m, 256) == HWC_ERR_INVALID_ARG); /* exponent too long */
  CHECK(hwc_modexp(out, b, e, 1024, m, 256) == HWC_OK);
  m[1024] = 1;
  CHECK(hwc_modexp(out, b, e, 4, m, 1025) == HWC_ERR_INVALID_ARG); /* modulus too long */
  m[255] = 0x02;
  CHECK(hwc_modexp(out, b, e, 4, m, 256) == HWC_ERR_INVALID_ARG); /* even */
  uint8_t small[3] = {0, 0, 1};
  CHECK(hwc_modexp(out, b, e, 4, small, 3) == HWC_ERR_INVALID_ARG); /* m = 1 */
  small[2] = 0;
  CHECK(hwc_modexp(out, b, e, 4, small, 3) == HWC_ERR_INVALID_ARG); /* m = 0 */
  small[2] = 3;
  b[0] = 0xff, b[1] = 0xff, b[2] = 0xff; /* base >= m */
  e[0] = 0, e[1] = 0, e[2] = 0, e[3] = 5;
  CHECK(hwc_modexp(out, b, e, 4, small, 3) == HWC_OK);
  CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0); /* 0xffffff = 3 * 0x555555 */
}

/* ---- every implementation against generic */

static void random_modulus(uint64_t *m, size_t n, int kind) {
  for (size_t j = 0; j < n; j++) m[j] = t_rand64();
  if (kind == 1)
    for (size_t j = 0; j < n; j++) m[j] = ~(uint64_t)0; /* 2^(64n) - 1 */
  if (kind == 2) {
    for (size_t j = 0; j < n; j++) m[j] = 0; /* 2^(64n-1) + 1 */
    m[n - 1] = (uint64_t)1 << 63;
  }
  if (kind == 3) m[n - 1] >>= t_rand_below(63); /* not a whole number of limbs */
  m[0] |= 1;
  if (m[n - 1] == 0) m[n - 1] = 1;
  if (n == 1 && m[0] < 3) m[0] = 3;
}

static void random_below(uint64_t *a, const uint64_t *m, size_t n) {
  for (size_t j = 0; j < n; j++) a[j] = t_rand64();
  a[n - 1] %= m[n - 1] ? m[n - 1] : 1;
}

typedef struct {
  size_t n;
  int kind;
} equiv_arg;

/* Runs a fixed chain of operations from canonical inputs and returns the
 * canonical results, so that backends with different layouts compare. */
static void chain(uint64_t out[6][HWC_BN_MAX_LIMBS], const hwc_bignum_kernel *k, const uint64_t *m, size_t n,
                  const uint64_t *a, const uint64_t *b) {
  static hwc_bn_mont ctx;
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS], y[HWC_BN_MAX_WORDS], z[HWC_BN_MAX_WORDS];
  hwc_bn_mont_init(&ctx, k, m, n);
  k->to_mont(x, a, &ctx);
  k->to_mont(y, b, &ctx);
  k->from_mont(out[0], x, &ctx);   /* a mod m */
  k->mul(z, x, y, &ctx);
  k->from_mont(out[1], z, &ctx);   /* a b mod m */
  k->sqr(z, x, &ctx);
  k->from_mont(out[2], z, &ctx);   /* a^2 mod m */
  for (int i = 0; i < 40; i++) {   /* long chains keep partially reduced values in range */
    k->sqr(z, z, &ctx);
    k->mul(z, z, i & 1 ? x : y, &ctx);
  }
  k->from_mont(out[3], z, &ctx);
  k->mul(x, x, x, &ctx);           /* aliasing */
  k->from_mont(out[4], x, &ctx);
  hwc_bn_modexp(out[5], a, b, 64 * n > 300 ? 300 : 64 * n, &ctx);
}

static void equiv_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  const equiv_arg *ea = arg;
  size_t n = ea->n;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  const hwc_bignum_kernel *g = (const hwc_bignum_kernel *)hwc_registry_impl(HWC_PRIM_BIGNUM, 0);
  static uint64_t m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS];
  static uint64_t want[6][HWC_BN_MAX_LIMBS], got[6][HWC_BN_MAX_LIMBS];
  random_modulus(m, n, ea->kind);
  random_below(a, m, n);
  for (size_t j = 0; j < n; j++) b[j] = t_rand64(); /* any n-limb value, may exceed m */
  if (t_rand_below(4) == 0) for (size_t j = 0; j < n; j++) a[j] = m[j] - (j == 0); /* m - 1 */
  chain(want, g, m, n, a, b);
  chain(got, k, m, n, a, b);
  for (int i = 0; i < 6; i++)
    CHECK_MSG(memcmp(got[i], want[i], 8 * n) == 0, "%s: %zu limbs, kind %d: result %d differs from generic", impl,
              n, ea->kind, i);
}

HWC_TEST(bignum, every_impl_matches_generic) {
  for (size_t n = 1; n <= HWC_BN_MAX_LIMBS; n++) {
    if (t_quick() && n > 8 && n % 8 != 0 && n != 33) continue;
    for (int kind = 0; kind < 4; kind++) {
      equiv_arg ea = {n, kind};
      t_for_each_impl(HWC_PRIM_BIGNUM, equiv_body, &ea);
    }
  }
}

/* hwc_bn_modexp2 (the paired CRT exponentiation) against two single ones,
 * for moduli of the same and of different shapes. */
static void modexp2_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  static hwc_bn_mont c0, c1;
  static uint64_t m0[HWC_BN_MAX_LIMBS], m1[HWC_BN_MAX_LIMBS], a0[HWC_BN_MAX_LIMBS], a1[HWC_BN_MAX_LIMBS];
  static uint64_t e0[HWC_BN_MAX_LIMBS], e1[HWC_BN_MAX_LIMBS], r0[HWC_BN_MAX_LIMBS], r1[HWC_BN_MAX_LIMBS];
  static uint64_t w0[HWC_BN_MAX_LIMBS], w1[HWC_BN_MAX_LIMBS];
  static const size_t shapes[][2] = {{16, 16}, {24, 24}, {32, 32}, {17, 16}, {48, 48}, {64, 64}, {5, 9}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    size_t n0 = shapes[s][0], n1 = shapes[s][1], ebits = 64 * (n0 > n1 ? n0 : n1) + 64;
    if (t_quick() && n0 > 32) continue;
    random_modulus(m0, n0, 0);
    random_modulus(m1, n1, 3);
    random_below(a0, m0, n0);
    random_below(a1, m1, n1);
    for (size_t j = 0; j < HWC_BN_MAX_LIMBS; j++) e0[j] = j < n0 + 1 ? t_rand64() : 0, e1[j] = j < n1 ? t_rand64() : 0;
    hwc_bn_mont_init(&c0, k, m0, n0);
    hwc_bn_mont_init(&c1, k, m1, n1);
    CHECK(hwc_bn_modexp2(r0, a0, e0, &c0, r1, a1, e1, &c1, ebits) == HWC_OK);
    CHECK(hwc_bn_modexp(w0, a0, e0, ebits, &c0) == HWC_OK);
    CHECK(hwc_bn_modexp(w1, a1, e1, ebits, &c1) == HWC_OK);
    CHECK_MSG(memcmp(r0, w0, 8 * n0) == 0 && memcmp(r1, w1, 8 * n1) == 0, "%s: modexp2 shape %zu/%zu", impl, n0,
              n1);
  }
}

HWC_TEST(bignum, modexp2_matches_modexp) { t_for_each_impl(HWC_PRIM_BIGNUM, modexp2_body, NULL); }

/* ---- edge values of tests/edge.h at every size from 256 to 8192 bits */

#include "edge.h"

/* Big-endian bytes (8n of them) to n little-endian limbs. */
static void be_to_limbs(uint64_t *x, const uint8_t *be, size_t n) {
  for (size_t j = 0; j < n; j++) {
    uint64_t v = 0;
    for (size_t b = 0; b < 8; b++) v = v << 8 | be[8 * (n - 1 - j) + b];
    x[j] = v;
  }
}

/* Digits of the vector backends' radices for n limbs (52 d >= 64 n + 2,
 * likewise for 29): the sizes where d is one past a whole register are
 * where a last, nearly empty vector is taken along. */
static size_t digits_of(size_t n, unsigned bits) { return (64 * n + 2 + bits - 1) / bits; }

/* Quick mode (emulation) keeps every 512 bits, the smallest sizes, and
 * the sizes one digit past a whole register of either vector backend. */
static int edge_size_wanted(size_t n) {
  if (!t_quick()) return 1;
  return n % 8 == 0 || n <= 5 || (n <= 40 && (digits_of(n, 29) % 4 == 1 || digits_of(n, 52) % 8 == 1));
}

/* Kernel entries on canonical inputs a, b, modulo ctx's m: a mod m, a b,
 * a^2 (in place), and ((a b)^2 a) b, each back in canonical form. */
static void edge_chain(uint64_t out[4][HWC_BN_MAX_LIMBS], const hwc_bn_mont *ctx, const uint64_t *a,
                       const uint64_t *b) {
  const hwc_bignum_kernel *k = ctx->k;
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS], y[HWC_BN_MAX_WORDS], z[HWC_BN_MAX_WORDS];
  k->to_mont(x, a, ctx);
  k->to_mont(y, b, ctx);
  k->from_mont(out[0], x, ctx);
  k->mul(z, x, y, ctx);
  k->from_mont(out[1], z, ctx);
  k->sqr(x, x, ctx);
  k->from_mont(out[2], x, ctx);
  k->to_mont(x, a, ctx);
  k->sqr(z, z, ctx);
  k->mul(z, z, x, ctx);
  k->mul(z, y, z, ctx);
  k->from_mont(out[3], z, ctx);
}

/* What base i of edge.h gives whatever the backend and the exponent e
 * (e > 0): 0 -> 0, 1 -> 1, m - 1 -> m - 1 for odd e and 1 for even e,
 * m -> 0. want (big-endian, len bytes) receives it; 0 when base i has no
 * such answer. */
static int edge_modexp_known(uint8_t *want, const uint8_t *m, size_t len, size_t base_i, int odd_exp) {
  memset(want, 0, len);
  switch (base_i) {
    case 0: case 5: return 1;
    case 1: want[len - 1] = 1; return 1;
    case 4:
      if (odd_exp) t_edge_bignum_base(want, m, len, 4);
      else want[len - 1] = 1;
      return 1;
    default: return 0;
  }
}

/* Every edge base and exponent (8 bytes) through hwc_modexp for one
 * modulus: against the answers above where a base has one, else against
 * generic. Returns the number of exponentiations checked. */
static size_t edge_modexp_all(hwc_prim p, const char *impl, const uint8_t *mb, size_t len) {
  static uint8_t ab[1024], got[1024], want[1024];
  uint8_t eb[8];
  size_t count = 0;
  for (size_t bi = 0; bi < t_edge_bignum_base_count(); bi++) {
    t_edge_bignum_base(ab, mb, len, bi);
    for (size_t ei = 0; ei < t_edge_bignum_exp_count(); ei++) {
      t_edge_bignum_exp(eb, sizeof eb, ei);
      CHECK(hwc_modexp(got, ab, eb, sizeof eb, mb, len) == HWC_OK);
      int known;
      if (ei == 0) { /* x^0 = 1, 0^0 included */
        memset(want, 0, len);
        want[len - 1] = 1;
        known = 1;
      } else {
        known = edge_modexp_known(want, mb, len, bi, eb[sizeof eb - 1] & 1);
      }
      if (!known) {
        CHECK(hwc_impl_select(p, "generic") == HWC_OK);
        CHECK(hwc_modexp(want, ab, eb, sizeof eb, mb, len) == HWC_OK);
        CHECK(hwc_impl_select(p, impl) == HWC_OK);
      }
      CHECK_MSG(memcmp(got, want, len) == 0, "%s: %zu bits, base %zu, exponent %zu: modexp %s", impl, 8 * len, bi,
                ei, known ? "wrong" : "differs from generic");
      count++;
    }
  }
  return count;
}

/* The same product of bases and exponents on prepared moduli (ck for the
 * backend under test, cg for generic) through hwc_bn_modexp, which skips
 * hwc_modexp's per-call set-up: the sizes where that set-up would cost
 * more than the arithmetic. */
static size_t edge_modexp_all_prepared(const char *impl, const uint8_t *mb, size_t len, const hwc_bn_mont *ck,
                                       const hwc_bn_mont *cg) {
  static uint8_t ab[1024], want_be[1024];
  static uint64_t a[HWC_BN_MAX_LIMBS], got[HWC_BN_MAX_LIMBS], want[HWC_BN_MAX_LIMBS];
  const size_t n = len / 8;
  uint8_t eb[2]; /* 16 bits: the exponent's shape matters here, not its length */
  size_t count = 0;
  for (size_t bi = 0; bi < t_edge_bignum_base_count(); bi++) {
    t_edge_bignum_base(ab, mb, len, bi);
    be_to_limbs(a, ab, n);
    for (size_t ei = 1; ei < t_edge_bignum_exp_count(); ei++) {
      t_edge_bignum_exp(eb, sizeof eb, ei);
      const uint64_t e[1] = {(uint64_t)eb[0] << 8 | eb[1]};
      CHECK(hwc_bn_modexp(got, a, e, 16, ck) == HWC_OK);
      if (edge_modexp_known(want_be, mb, len, bi, (int)(e[0] & 1)))
        be_to_limbs(want, want_be, n);
      else
        CHECK(hwc_bn_modexp(want, a, e, 16, cg) == HWC_OK);
      CHECK_MSG(memcmp(got, want, 8 * n) == 0, "%s: %zu bits, base %zu, exponent %zu: prepared modexp differs", impl,
                8 * len, bi, ei);
      count++;
    }
  }
  return count;
}

/* One size's edge cases: generic's results, computed once before the
 * backends run (the generic kernel is the slowest part of this test). */
enum { EDGE_MODS = 5, EDGE_BASES = 7 };
typedef struct {
  size_t n;
  uint64_t chain[EDGE_MODS][EDGE_BASES][4][HWC_BN_MAX_LIMBS];
  uint64_t pow16[EDGE_MODS][HWC_BN_MAX_LIMBS]; /* (2^k - 1)^(2^16 - 1) */
  hwc_bn_mont cg[EDGE_MODS];                    /* each modulus set up for generic */
} edge_size_ref;

static void edge_load(uint64_t *m, uint64_t *a, uint64_t *b, size_t n, size_t mi, size_t bi, size_t bj) {
  static uint8_t mb[1024], xb[1024];
  t_edge_bignum_modulus(mb, 8 * n, mi);
  be_to_limbs(m, mb, n);
  t_edge_bignum_base(xb, mb, 8 * n, bi);
  be_to_limbs(a, xb, n);
  t_edge_bignum_base(xb, mb, 8 * n, bj);
  be_to_limbs(b, xb, n);
}

static void edge_size_reference(edge_size_ref *ref) {
  const hwc_bignum_kernel *g = (const hwc_bignum_kernel *)hwc_registry_impl(HWC_PRIM_BIGNUM, 0);
  static uint64_t m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS];
  const uint64_t e16[1] = {0xffff};
  for (size_t mi = 0; mi < EDGE_MODS; mi++) {
    for (size_t bi = 0; bi < EDGE_BASES; bi++) {
      edge_load(m, a, b, ref->n, mi, bi, (bi * 3 + 1) % EDGE_BASES);
      if (bi == 0) hwc_bn_mont_init(&ref->cg[mi], g, m, ref->n);
      edge_chain(ref->chain[mi][bi], &ref->cg[mi], a, b);
    }
    edge_load(m, a, b, ref->n, mi, 6, 6);
    CHECK(hwc_bn_modexp(ref->pow16[mi], a, e16, 16, &ref->cg[mi]) == HWC_OK);
  }
}

/* One size (arg: its edge_size_ref), every edge modulus: the kernel
 * entries on every edge base paired with another, against generic,
 * (m - 1)^2 = 1, m - 1 and 2^k - 1 to the power 2^16 - 1 (exact, and
 * against generic); at every 512 bits and at the sizes one digit past a
 * whole register of a vector backend, every base with every exponent
 * (through hwc_modexp at a few small sizes, on the prepared modulus
 * elsewhere, to keep hwc_modexp's per-call set-up out of the time); and at
 * a few sizes m - 1 to the power 2^k - 1, the exponent as long as m. */
static void edge_bignum_body(hwc_prim p, const char *impl, void *arg) {
  const edge_size_ref *ref = arg;
  const size_t n = ref->n, len = 8 * n;
  const hwc_bignum_kernel *g = (const hwc_bignum_kernel *)hwc_registry_impl(HWC_PRIM_BIGNUM, 0);
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  static hwc_bn_mont ck;
  static uint8_t mb[1024], ab[1024], eb[1024], got[1024];
  static uint64_t m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS];
  static uint64_t rk[4][HWC_BN_MAX_LIMBS];
  const uint64_t e16[1] = {0xffff};
  const int boundary = n <= 40 && (digits_of(n, 29) % 4 == 1 || digits_of(n, 52) % 8 == 1);
  const int full = (t_quick() ? n % 32 == 0 : n % 8 == 0) || n <= 5 || boundary;
  const int long_exp = n == 4 || n == 16 || (!t_quick() && (n == 32 || n == 64));
  size_t modexps = 0;
  for (size_t mi = 0; mi < EDGE_MODS; mi++) {
    for (size_t bi = 0; bi < EDGE_BASES; bi++) {
      const size_t bj = (bi * 3 + 1) % EDGE_BASES; /* every base meets another */
      edge_load(m, a, b, n, mi, bi, bj);
      if (bi == 0) {
        if (k == g) ck = ref->cg[mi]; /* the set-up is slow: not twice for generic */
        else hwc_bn_mont_init(&ck, k, m, n);
      }
      edge_chain(rk, &ck, a, b);
      for (int r = 0; r < 4; r++)
        CHECK_MSG(memcmp(rk[r], ref->chain[mi][bi][r], 8 * n) == 0,
                  "%s: %zu bits, modulus %zu, bases %zu/%zu: result %d differs from generic", impl, 64 * n, mi, bi,
                  bj, r);
      if (bi == 4) { /* (m - 1)^2 = 1 */
        int one = rk[2][0] == 1;
        for (size_t j = 1; j < n; j++) one &= rk[2][j] == 0;
        CHECK_MSG(one, "%s: %zu bits, modulus %zu: (m-1)^2 != 1", impl, 64 * n, mi);
      }
    }
    edge_load(m, a, b, n, mi, 4, 6);
    CHECK(hwc_bn_modexp(rk[0], a, e16, 16, &ck) == HWC_OK);
    CHECK_MSG(memcmp(rk[0], a, 8 * n) == 0, "%s: %zu bits, modulus %zu: (m-1)^(2^16-1) != m-1", impl, 64 * n, mi);
    CHECK(hwc_bn_modexp(rk[0], b, e16, 16, &ck) == HWC_OK);
    CHECK_MSG(memcmp(rk[0], ref->pow16[mi], 8 * n) == 0,
              "%s: %zu bits, modulus %zu: (2^k-1)^(2^16-1) differs from generic", impl, 64 * n, mi);
    modexps += 2;
    t_edge_bignum_modulus(mb, len, mi);
    if (full && (n <= 8 || n == 13 || n == 16)) { /* 13: one digit over in both radices */
      modexps += edge_modexp_all(p, impl, mb, len);
    } else if (full) {
      modexps += edge_modexp_all_prepared(impl, mb, len, &ck, &ref->cg[mi]);
    }
    if (long_exp && mi < 2) {
      t_edge_bignum_base(ab, mb, len, 4);
      t_edge_bignum_exp(eb, len, 4);
      CHECK(hwc_modexp(got, ab, eb, len, mb, len) == HWC_OK);
      CHECK_MSG(memcmp(got, ab, len) == 0, "%s: %zu bits, modulus %zu: (m-1)^(2^k-1) != m-1", impl, 64 * n, mi);
      modexps++;
    }
  }
  CHECK(modexps > 0);
}

/* The paired product (mul2, the CRT exponentiations' kernel) on edge
 * values: every pair of edge moduli of one size as the two halves, every
 * edge base against another, the product, the square, and eight squares
 * in a row (inputs that are the kernel's own almost-reduced outputs),
 * each half against the backend's single mul and sqr, themselves held to
 * generic by edge_values_every_size. Sizes: every one whose digits
 * reach a new register count of a vector backend, up to 4096 bits (the
 * CRT halves of RSA-8192), and the halves of RSA-2048 and -3072 with
 * their neighbours. */
static void mul2_edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  static hwc_bn_mont c0, c1;
  static uint64_t m0[HWC_BN_MAX_LIMBS], m1[HWC_BN_MAX_LIMBS], a0[HWC_BN_MAX_LIMBS], a1[HWC_BN_MAX_LIMBS];
  static uint64_t b0[HWC_BN_MAX_LIMBS], b1[HWC_BN_MAX_LIMBS], got0[HWC_BN_MAX_LIMBS], got1[HWC_BN_MAX_LIMBS];
  static uint64_t want0[HWC_BN_MAX_LIMBS], want1[HWC_BN_MAX_LIMBS];
  _Alignas(64) static uint64_t x0[HWC_BN_MAX_WORDS], x1[HWC_BN_MAX_WORDS], y0[HWC_BN_MAX_WORDS], y1[HWC_BN_MAX_WORDS];
  _Alignas(64) static uint64_t p0[HWC_BN_MAX_WORDS], p1[HWC_BN_MAX_WORDS], s0[HWC_BN_MAX_WORDS], s1[HWC_BN_MAX_WORDS];
  size_t checked = 0;
  for (size_t n = 4; n <= 64; n++) {
    const int wanted = n <= 17 || n == 23 || n == 24 || n == 25 || n == 32 || n == 48 || n == 64 ||
                       digits_of(n, 52) % 4 == 1 || digits_of(n, 29) % 4 == 1;
    if (!wanted || (t_quick() && n > 32 && n % 16 != 0)) continue;
    for (size_t mi = 0; mi < EDGE_MODS; mi++) {
      for (size_t mj = 0; mj < EDGE_MODS; mj++) {
        edge_load(m0, a0, b0, n, mi, 0, 0);
        edge_load(m1, a1, b1, n, mj, 0, 0);
        hwc_bn_mont_init(&c0, k, m0, n);
        hwc_bn_mont_init(&c1, k, m1, n);
        for (size_t bi = 0; bi < EDGE_BASES; bi++) {
          const size_t bj = (bi * 3 + 1 + mj) % EDGE_BASES;
          edge_load(m0, a0, b0, n, mi, bi, bj);
          edge_load(m1, a1, b1, n, mj, bj, bi);
          k->to_mont(x0, a0, &c0);
          k->to_mont(y0, b0, &c0);
          k->to_mont(x1, a1, &c1);
          k->to_mont(y1, b1, &c1);
          k->mul2(p0, x0, y0, &c0, p1, x1, y1, &c1);
          k->mul2(s0, x0, x0, &c0, s1, x1, x1, &c1);
          k->from_mont(got0, p0, &c0);
          k->from_mont(got1, p1, &c1);
          k->mul(p0, x0, y0, &c0);
          k->mul(p1, x1, y1, &c1);
          k->from_mont(want0, p0, &c0);
          k->from_mont(want1, p1, &c1);
          CHECK_MSG(memcmp(got0, want0, 8 * n) == 0 && memcmp(got1, want1, 8 * n) == 0,
                    "%s: %zu bits, moduli %zu/%zu, bases %zu/%zu: paired product differs", impl, 64 * n, mi, mj, bi, bj);
          k->from_mont(got0, s0, &c0);
          k->from_mont(got1, s1, &c1);
          k->sqr(s0, x0, &c0);
          k->sqr(s1, x1, &c1);
          k->from_mont(want0, s0, &c0);
          k->from_mont(want1, s1, &c1);
          CHECK_MSG(memcmp(got0, want0, 8 * n) == 0 && memcmp(got1, want1, 8 * n) == 0,
                    "%s: %zu bits, moduli %zu/%zu, bases %zu/%zu: paired square differs", impl, 64 * n, mi, mj, bi, bj);
          /* eight squares in a row: paired on y, singly on x */
          memcpy(y0, x0, sizeof y0);
          memcpy(y1, x1, sizeof y1);
          for (int r = 0; r < 8; r++) {
            k->mul2(y0, y0, y0, &c0, y1, y1, y1, &c1);
            k->sqr(x0, x0, &c0);
            k->sqr(x1, x1, &c1);
          }
          k->from_mont(got0, y0, &c0);
          k->from_mont(got1, y1, &c1);
          k->from_mont(want0, x0, &c0);
          k->from_mont(want1, x1, &c1);
          CHECK_MSG(memcmp(got0, want0, 8 * n) == 0 && memcmp(got1, want1, 8 * n) == 0,
                    "%s: %zu bits, moduli %zu/%zu, bases %zu/%zu: eight paired squares differ", impl, 64 * n, mi, mj,
                    bi, bj);
          checked++;
        }
      }
    }
  }
  CHECK(checked > 0);
}

/* 1 if the selected bignum backend has a mul2. */
static int has_mul2(hwc_prim p) { return HWC_KERNEL(p, hwc_bignum_kernel)->mul2 != NULL; }

/* Only the backends that have a mul2 (the others pair two single calls in
 * bignum.c, which edge_values_every_size already covers); on a CPU with
 * none of them (a qemu model below AVX2) it checks nothing and says so. */
HWC_TEST(bignum, mul2_edge_values) {
  if (t_for_each_impl_where(HWC_PRIM_BIGNUM, has_mul2, mul2_edge_body, NULL) == 0)
    fprintf(stderr, "bignum mul2_edge_values: no backend with mul2 on this CPU, nothing checked\n");
}

/* Every size from 256 to 8192 bits in steps of 64 (a subset in quick mode). */
HWC_TEST(bignum, edge_values_every_size) {
  edge_size_ref *ref = malloc(sizeof *ref);
  CHECK(ref != NULL);
  CHECK(t_edge_bignum_modulus_count() == EDGE_MODS && t_edge_bignum_base_count() == EDGE_BASES);
  size_t sizes = 0;
  for (size_t n = 4; n <= HWC_BN_MAX_LIMBS; n++) {
    if (!edge_size_wanted(n)) continue;
    ref->n = n;
    edge_size_reference(ref);
    t_for_each_impl(HWC_PRIM_BIGNUM, edge_bignum_body, ref);
    sizes++;
  }
  free(ref);
  CHECK(sizes >= (t_quick() ? 20u : 125u));
}

/* 1 if the selected bignum backend has a table scan of its own. */
static int has_select(hwc_prim p) { return HWC_KERNEL(p, hwc_bignum_kernel)->select != NULL; }

/* The backend's table scan (the exponentiations' window lookup) for every
 * index of tables of 2, 8 and 32 entries (windows of 1, 3 and 5 bits), at
 * every element size from 1 to 40 limbs: every combination of the scans'
 * column groups (16, 8 and 2 words, a last odd word in the mulx backend;
 * the vector backends' own widths). Random words, a fresh table per size,
 * and the result must be exactly the entry asked for; the words after it
 * must be untouched. */
static void select_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const hwc_bignum_kernel *k = HWC_KERNEL(p, hwc_bignum_kernel);
  static hwc_bn_mont ctx;
  static uint64_t m[HWC_BN_MAX_LIMBS];
  _Alignas(64) static uint64_t table[32 * HWC_BN_MAX_WORDS], got[HWC_BN_MAX_WORDS + 1];
  size_t checked = 0;
  for (size_t n = 1; n <= 40; n++) {
    for (size_t j = 0; j < n; j++) m[j] = t_rand64();
    m[0] |= 1;
    m[n - 1] |= (uint64_t)1 << 63;
    hwc_bn_mont_init(&ctx, k, m, n);
    size_t words = ctx.words;
    CHECK(words >= 1 && words <= HWC_BN_MAX_WORDS);
    for (size_t i = 0; i < 32 * words; i++) table[i] = t_rand64();
    for (size_t entries = 2; entries <= 32; entries *= 4) {
      for (uint64_t idx = 0; idx < entries; idx++) {
        for (size_t j = 0; j <= words; j++) got[j] = 0x5a5a5a5a5a5a5a5aull;
        k->select(got, table, entries, idx, &ctx);
        CHECK_MSG(memcmp(got, table + idx * words, 8 * words) == 0, "%s: %zu limbs (%zu words), entry %llu of %zu",
                  impl, n, words, (unsigned long long)idx, entries);
        CHECK_MSG(got[words] == 0x5a5a5a5a5a5a5a5aull, "%s: %zu words: the scan wrote past the element", impl, words);
        checked++;
      }
    }
  }
  CHECK(checked == 40 * (2 + 8 + 32));
}

HWC_TEST(bignum, select_every_index) {
  if (t_for_each_impl_where(HWC_PRIM_BIGNUM, has_select, select_body, NULL) == 0)
    fprintf(stderr, "bignum select_every_index: no backend with a table scan on this CPU, nothing checked\n");
}

/* ---- hwc_bn_modinv (bignum_inv.c), by its defining property */

/* gcd(a, b) == 1 for odd b (n limbs each), by the binary algorithm:
 * variable time, test data only. */
static int coprime(const uint64_t *a, const uint64_t *b, size_t n) {
  uint64_t x[HWC_BN_MAX_LIMBS], y[HWC_BN_MAX_LIMBS];
  memcpy(x, a, 8 * n);
  memcpy(y, b, 8 * n);
  for (;;) {
    if (hwc_bn_is_zero_mask(x, n)) return y[0] == 1 && (n == 1 || hwc_bn_is_zero_mask(y + 1, n - 1));
    while (!(x[0] & 1)) { /* y stays odd: halve x */
      for (size_t j = 0; j < n; j++) x[j] = x[j] >> 1 | (j + 1 < n ? x[j + 1] << 63 : 0);
    }
    if (hwc_bn_lt_mask(x, y, n)) {
      uint64_t t[HWC_BN_MAX_LIMBS];
      memcpy(t, x, 8 * n), memcpy(x, y, 8 * n), memcpy(y, t, 8 * n);
    }
    hwc_bn_sub(x, x, y, n);
  }
}

/* Moduli of every limb count class (1, 2, 16, 17, 31, 32, 33, 48, 64, 128:
 * the signed radix-2^62 limb count L = 64 n / 62 + 1 at and around a
 * whole number of 62-bit limbs, and RSA's sizes) and shapes (random odd,
 * 2^(64 n) - 1, top limb 1, 2^(64 n - 1) + 1), each with operands 0, 1,
 * 2, m - 1, m - 2, a power of two, all ones below m's top bit and random
 * values below m: x r = 1 mod m whenever x is prime to m (checked with an
 * independent gcd), r = 0 for x = 0, r < m always. */
HWC_TEST(bignum, modinv_inverts) {
  static const size_t sizes[] = {1, 2, 16, 17, 31, 32, 33, 48, 64, 128};
  size_t inverted = 0;
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    const size_t n = sizes[si];
    for (int mk = 0; mk < 4; mk++) {
      uint64_t m[HWC_BN_MAX_LIMBS] = {0};
      for (size_t j = 0; j < n; j++) m[j] = mk == 1 ? ~(uint64_t)0 : t_rand64();
      if (mk == 2) m[n - 1] = 1;
      if (mk == 3) memset(m, 0, 8 * n), m[n - 1] = (uint64_t)1 << 63, m[0] |= 1;
      m[0] |= 1;
      if (m[n - 1] == 0) m[n - 1] = 1;
      if (n == 1 && m[0] < 3) m[0] = 3;
      int kinds = t_quick() ? 10 : 24;
      for (int xk = 0; xk < kinds; xk++) {
        uint64_t x[HWC_BN_MAX_LIMBS] = {0}, r[HWC_BN_MAX_LIMBS], p[2 * HWC_BN_MAX_LIMBS], one[HWC_BN_MAX_LIMBS];
        switch (xk) {
          case 0: break;
          case 1: x[0] = 1; break;
          case 2: x[0] = 2; break;
          case 3: memcpy(x, m, 8 * n), x[0] -= 1; break; /* m odd: no borrow */
          case 4: memcpy(x, m, 8 * n), x[0] -= 2; break; /* m - 2 (m >= 3) */
          case 5: x[(size_t)t_rand64() % n] = (uint64_t)1 << (t_rand64() % 64); break;
          case 6:
            for (size_t j = 0; j + 1 < n; j++) x[j] = ~(uint64_t)0;
            x[n - 1] = m[n - 1] > 1 ? (m[n - 1] >> 1) : 0;
            break;
          default:
            for (size_t j = 0; j < n; j++) x[j] = t_rand64();
            x[n - 1] = m[n - 1] > 1 ? x[n - 1] % m[n - 1] : 0;
            break;
        }
        if (!hwc_bn_lt_mask(x, m, n)) continue; /* a power of two or m - 2 at or above a small m */
        CHECK(hwc_bn_modinv(r, x, m, n) == HWC_OK);
        CHECK_MSG(hwc_bn_lt_mask(r, m, n), "modinv n=%zu mk=%d xk=%d: result not below m", n, mk, xk);
        if (hwc_bn_is_zero_mask(x, n)) {
          CHECK_MSG(hwc_bn_is_zero_mask(r, n), "modinv n=%zu mk=%d: 1/0 not 0", n, mk);
          continue;
        }
        if (!coprime(x, m, n)) continue;
        hwc_bn_mul_plain(p, x, n, r, n);
        hwc_bn_mod_ct(one, p, 2 * n, m, n);
        CHECK_MSG(one[0] == 1 && (n == 1 || hwc_bn_is_zero_mask(one + 1, n - 1)),
                  "modinv n=%zu mk=%d xk=%d: x r != 1 mod m", n, mk, xk);
        inverted++;
      }
    }
  }
  CHECK(inverted > 200);
  uint64_t r[1], x[1] = {1}, m[1] = {7};
  CHECK(hwc_bn_modinv(r, x, m, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_bn_modinv(r, x, m, HWC_BN_MAX_LIMBS + 1) == HWC_ERR_INVALID_ARG);
}
