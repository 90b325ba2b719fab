/* SPDX-License-Identifier: ISC */
/* The bignum lane entries (src/kernels.h: lanes_setup, to_lanes,
 * from_lanes, mont_mul_lanes, mont_sqr_lanes, select_lanes) of every
 * backend that has them, each lane against the generic backend's single
 * entries on the same modulus and operands: at the CRT half sizes of
 * RSA-2048/3072/4096 (16, 24, 32 limbs) and a few others, with edge moduli
 * and edge operands, a different modulus and different operands in every
 * lane of one call, and every modulus kind and operand kind in every lane
 * position; select_lanes with every index in every lane. Compared in
 * canonical form (from_lanes), so the test knows nothing of a backend's
 * lane layout. */
#include <stdlib.h>

#include "check.h"
#include "src/rsa/bignum.h"

#define LANES HWC_BN_LANES
#define KINDS 8 /* modulus kinds and operand kinds: one per lane position */

/* Whether the selected backend has the lane entries (all or none). */
static int has_lanes(hwc_prim p) {
  (void)p;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  CHECK((k->lanes_setup == NULL) == (k->mont_mul_lanes == NULL));
  return k->mont_mul_lanes != NULL;
}

/* An odd modulus of n limbs, top limb non-zero, of kind 0..7: the shapes
 * at which a radix-2^52 product's carries and its q run at their bounds. */
static void lane_modulus(uint64_t *m, size_t n, int kind) {
  for (size_t j = 0; j < n; j++) m[j] = t_rand64();
  switch (kind) {
    case 1: /* 2^(64n) - 1: the largest */
      for (size_t j = 0; j < n; j++) m[j] = ~(uint64_t)0;
      break;
    case 2: /* 2^(64n-1) + 1: just above half, small low limbs */
      for (size_t j = 0; j < n; j++) m[j] = 0;
      m[n - 1] |= (uint64_t)1 << 63;
      m[0] |= 1;
      break;
    case 3: /* top limb all ones */
      m[n - 1] = ~(uint64_t)0;
      break;
    case 4: /* small low limbs under a random top half */
      for (size_t j = 0; j < n / 2; j++) m[j] = 0;
      m[0] = 3 + 2 * t_rand_below(100);
      break;
    case 5: /* just above 2^(64n-1), random low limbs */
      m[n - 1] = (uint64_t)1 << 63;
      break;
    case 6: /* low limb all ones: n0 = 1 */
      m[0] = ~(uint64_t)0;
      break;
    case 7: /* low limb 1: n0 = -1 */
      m[0] = 1;
      if (n == 1) m[0] = ((uint64_t)1 << 52) + 1;
      break;
    default: break; /* random */
  }
  m[0] |= 1;
  if (m[n - 1] == 0) m[n - 1] = 1;
  if (n == 1 && m[0] < 3) m[0] = 3;
}

/* An operand of n limbs for modulus m, of kind 0..7: 0, 1, m - 1, all
 * ones below m's top bit, random below m, random n limbs (may exceed m),
 * m itself, 2^(64n) - 1 (to_lanes takes any n-limb number). */
static void lane_operand(uint64_t *a, const uint64_t *m, size_t n, int kind) {
  memset(a, 0, 8 * n);
  switch (kind) {
    case 0: break;
    case 1: a[0] = 1; break;
    case 2:
      memcpy(a, m, 8 * n);
      a[0] -= 1; /* m odd: no borrow */
      break;
    case 3: {
      size_t bits = 64 * n;
      while (!(m[(bits - 1) / 64] >> ((bits - 1) % 64) & 1)) bits--;
      for (size_t b = 0; b + 1 < bits; b++) a[b / 64] |= (uint64_t)1 << (b % 64);
      break;
    }
    case 4:
      for (size_t j = 0; j < n; j++) a[j] = t_rand64();
      a[n - 1] %= m[n - 1]; /* below m's top limb: below m */
      break;
    case 5:
      for (size_t j = 0; j < n; j++) a[j] = t_rand64();
      break;
    case 6: memcpy(a, m, 8 * n); break;
    default:
      for (size_t j = 0; j < n; j++) a[j] = ~(uint64_t)0;
      break;
  }
}

/* The fixed chain of products, in canonical form: out[0] = a mod m,
 * out[1] = a b, out[2] = a^2, out[3] = ((a b)^2 a) b, out[4] = a long
 * chain of squares and products (partially reduced values kept in range
 * over many steps), out[5] = a^2 through a product aliasing its inputs. */
#define OUTS 6
static void single_chain(uint64_t out[OUTS][HWC_BN_MAX_LIMBS], const hwc_bignum_kernel *g, const hwc_bn_mont *ctx,
                         const uint64_t *a, const uint64_t *b) {
  _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS], y[HWC_BN_MAX_WORDS], z[HWC_BN_MAX_WORDS], w[HWC_BN_MAX_WORDS];
  g->to_mont(x, a, ctx);
  g->to_mont(y, b, ctx);
  g->from_mont(out[0], x, ctx);
  g->mul(z, x, y, ctx);
  g->from_mont(out[1], z, ctx);
  g->sqr(w, x, ctx);
  g->from_mont(out[2], w, ctx);
  g->sqr(z, z, ctx);
  g->mul(z, z, x, ctx);
  g->mul(z, y, z, ctx);
  g->from_mont(out[3], z, ctx);
  for (int i = 0; i < 12; i++) {
    g->sqr(z, z, ctx);
    g->mul(z, z, i & 1 ? x : y, ctx);
  }
  g->from_mont(out[4], z, ctx);
  g->mul(x, x, x, ctx);
  g->from_mont(out[5], x, ctx);
}

/* The same chain through the lane entries, all lanes at once; out[i][l]
 * is lane l's result i. */
static void lanes_chain(uint64_t out[OUTS][LANES][HWC_BN_MAX_LIMBS], const hwc_bn_mont_lanes *lc,
                        const uint64_t *const *a, const uint64_t *const *b) {
  const hwc_bignum_kernel *k = lc->k;
  static _Alignas(64) uint64_t x[HWC_BN_LANES_MAX_WORDS], y[HWC_BN_LANES_MAX_WORDS], z[HWC_BN_LANES_MAX_WORDS],
      w[HWC_BN_LANES_MAX_WORDS];
  uint64_t *o[OUTS][LANES];
  for (int i = 0; i < OUTS; i++)
    for (size_t l = 0; l < LANES; l++) o[i][l] = out[i][l];
  k->to_lanes(x, a, lc);
  k->to_lanes(y, b, lc);
  k->from_lanes(o[0], x, lc);
  k->mont_mul_lanes(z, x, y, lc);
  k->from_lanes(o[1], z, lc);
  k->mont_sqr_lanes(w, x, lc);
  k->from_lanes(o[2], w, lc);
  k->mont_sqr_lanes(z, z, lc);
  k->mont_mul_lanes(z, z, x, lc);
  k->mont_mul_lanes(z, y, z, lc);
  k->from_lanes(o[3], z, lc);
  for (int i = 0; i < 12; i++) {
    k->mont_sqr_lanes(z, z, lc);
    k->mont_mul_lanes(z, z, i & 1 ? x : y, lc);
  }
  k->from_lanes(o[4], z, lc);
  k->mont_mul_lanes(x, x, x, lc);
  k->from_lanes(o[5], x, lc);
}

/* The sizes: the CRT halves of RSA-2048/3072/4096 first, then the
 * smallest, odd register counts and the largest the entries take. */
static const size_t lane_sizes[] = {16, 24, 32, 1, 2, 7, 17, 33, HWC_BN_LANES_MAX_LIMBS};

/* Every modulus kind in every lane (rotation r), every pair of operand
 * kinds in every lane (rotations s, s + r), each call with eight different
 * moduli and operands; contexts prepared alternately by the backend under
 * test and by generic (lanes_setup reads either). Counts the lane results
 * checked into *arg. */
static void lanes_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  size_t *checked = arg;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  const hwc_bignum_kernel *g = (const hwc_bignum_kernel *)hwc_registry_impl(HWC_PRIM_BIGNUM, 0);
  static hwc_bn_mont cg[LANES], ck[LANES];
  static hwc_bn_mont_lanes lc;
  static uint64_t m[LANES][HWC_BN_MAX_LIMBS], a[LANES][HWC_BN_MAX_LIMBS], b[LANES][HWC_BN_MAX_LIMBS];
  static uint64_t want[LANES][OUTS][HWC_BN_MAX_LIMBS], got[OUTS][LANES][HWC_BN_MAX_LIMBS];
  const uint64_t *ap[LANES], *bp[LANES];
  const hwc_bn_mont *cp[LANES];
  for (size_t si = 0; si < sizeof lane_sizes / sizeof lane_sizes[0]; si++) {
    const size_t n = lane_sizes[si];
    if (t_quick() && si >= 3) break;
    for (int r = 0; r < KINDS; r++) {
      for (size_t l = 0; l < LANES; l++) {
        lane_modulus(m[l], n, (int)(l + r) % KINDS);
        hwc_bn_mont_init(&cg[l], g, m[l], n);
        hwc_bn_mont_init(&ck[l], k, m[l], n);
        cp[l] = (l + r) & 1 ? &ck[l] : &cg[l];
        ap[l] = a[l];
        bp[l] = b[l];
      }
      memset(&lc, 0xa5, sizeof lc);
      k->lanes_setup(&lc, cp);
      CHECK(lc.n == n && lc.k == k && lc.words <= HWC_BN_LANES_MAX_WORDS);
      for (int s = 0; s < KINDS; s++) {
        for (size_t l = 0; l < LANES; l++) {
          lane_operand(a[l], m[l], n, (int)(l + s) % KINDS);
          lane_operand(b[l], m[l], n, (int)(l + s + r) % KINDS);
          single_chain(want[l], g, &cg[l], a[l], b[l]);
        }
        memset(got, 0x5a, sizeof got);
        lanes_chain(got, &lc, ap, bp);
        for (size_t l = 0; l < LANES; l++)
          for (int i = 0; i < OUTS; i++) {
            CHECK_MSG(memcmp(got[i][l], want[l][i], 8 * n) == 0,
                      "%s: %zu limbs, lane %zu (modulus kind %zu, operand kinds %zu, %zu): result %d differs from "
                      "generic",
                      impl, n, l, (l + (size_t)r) % KINDS, (l + (size_t)s) % KINDS, (l + (size_t)s + (size_t)r) % KINDS,
                      i);
            ++*checked;
          }
      }
    }
  }
}

HWC_TEST(bignum, lanes_match_generic) {
  size_t checked = 0;
  size_t ran = t_for_each_impl_where(HWC_PRIM_BIGNUM, has_lanes, lanes_body, &checked);
  /* no lane backend on this CPU checks nothing, which is fine */
  CHECK(ran == 0 || checked > 0);
}

/* select_lanes: tables of 1, 16, 17 and 32 entries (16: RSA's 4-bit windows)
 * of distinct values, every index in every lane (idx[l] = s + 3 l mod
 * entries over every s), checked through from_lanes against the value put
 * in at that entry and lane. */
static void select_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  const hwc_bignum_kernel *k = HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel);
  static hwc_bn_mont c[LANES];
  static hwc_bn_mont_lanes lc;
  static uint64_t m[LANES][HWC_BN_MAX_LIMBS], v[32][LANES][HWC_BN_MAX_LIMBS], got[LANES][HWC_BN_MAX_LIMBS];
  static _Alignas(64) uint64_t table[32 * HWC_BN_LANES_MAX_WORDS], r[HWC_BN_LANES_MAX_WORDS];
  static const size_t sizes[] = {16, 24, 32, 3}, counts[] = {1, 16, 17, 32};
  const hwc_bn_mont *cp[LANES];
  const uint64_t *vp[LANES];
  uint64_t *gp[LANES];
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    const size_t n = sizes[si];
    for (size_t l = 0; l < LANES; l++) {
      lane_modulus(m[l], n, (int)l);
      hwc_bn_mont_init(&c[l], k, m[l], n);
      cp[l] = &c[l];
      gp[l] = got[l];
    }
    k->lanes_setup(&lc, cp);
    for (size_t e = 0; e < 32; e++) {
      for (size_t l = 0; l < LANES; l++) {
        lane_operand(v[e][l], m[l], n, 4); /* random below m: from_lanes gives it back */
        v[e][l][0] = (v[e][l][0] & ~(uint64_t)0x3ff) | (e << 5 | l); /* distinct (still below m: m's top limb bounds it) */
        vp[l] = v[e][l];
      }
      k->to_lanes(table + e * lc.words, vp, &lc);
    }
    for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
      const size_t entries = counts[ci];
      for (size_t s = 0; s < entries; s++) {
        uint64_t idx[LANES];
        for (size_t l = 0; l < LANES; l++) idx[l] = (s + 3 * l) % entries;
        memset(r, 0x5a, sizeof r);
        k->select_lanes(r, table, entries, idx, &lc);
        k->from_lanes(gp, r, &lc);
        for (size_t l = 0; l < LANES; l++)
          CHECK_MSG(memcmp(got[l], v[idx[l]][l], 8 * n) == 0, "%s: %zu limbs, %zu entries: lane %zu, index %zu",
                    impl, n, entries, l, (size_t)idx[l]);
      }
    }
  }
}

HWC_TEST(bignum, lanes_select_every_index) {
  t_for_each_impl_where(HWC_PRIM_BIGNUM, has_lanes, select_body, NULL);
}
