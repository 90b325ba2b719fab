/* Big-number arithmetic: hwc_modexp against vectors from Python's pow()
 * (tests/vectors/modexp.txt, see SOURCES.md) for every bignum
 * implementation this CPU supports; every implementation against generic on
 * random operands of every size from 1 to 128 limbs; argument checks. */
#include <stdlib.h>

#include "check.h"
#include "src/bignum.h"

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
