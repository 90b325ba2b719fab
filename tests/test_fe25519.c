/* SPDX-License-Identifier: ISC */
/* fe25519 kernels, every implementation this CPU supports, against a slow
 * reference written here (schoolbook on 32-bit words, reduction by
 * 2^256 = 38 mod p, no code shared with any backend): edge values (0, 1,
 * p-1, p, p+1, 2^255-1, limb boundaries, bit 255 set), random values, and
 * long chains of additions, subtractions and products that push every
 * backend's limbs to their bounds. */
#include "check.h"
#include "src/curve25519/fe25519.h"

typedef struct {
  uint32_t w[8];
} ref_fe; /* 0 <= value < 2^256, little-endian words */

static const ref_fe ref_p = {{0xffffffed, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                              0x7fffffff}};

static int ref_geq(const ref_fe *a, const ref_fe *b) {
  for (int i = 7; i >= 0; i--)
    if (a->w[i] != b->w[i]) return a->w[i] > b->w[i];
  return 1;
}

static void ref_sub_raw(ref_fe *r, const ref_fe *a, const ref_fe *b) {
  int64_t borrow = 0;
  for (int i = 0; i < 8; i++) {
    int64_t d = (int64_t)a->w[i] - b->w[i] - borrow;
    borrow = d < 0;
    r->w[i] = (uint32_t)d;
  }
}

/* Reduces a 512-bit value (16 words) to the canonical residue. */
static void ref_reduce(ref_fe *r, const uint32_t x[16]) {
  uint64_t t[9];
  uint64_t c = 0;
  for (int i = 0; i < 8; i++) {
    c += (uint64_t)x[i] + (uint64_t)x[i + 8] * 38;
    t[i] = (uint32_t)c;
    c >>= 32;
  }
  /* c < 2^7: fold once more */
  uint64_t carry = c * 38;
  for (int i = 0; i < 8; i++) {
    carry += t[i];
    r->w[i] = (uint32_t)carry;
    carry >>= 32;
  }
  if (carry) { /* wrapped past 2^256: add 38 again (cannot wrap twice) */
    carry = 38;
    for (int i = 0; i < 8; i++) {
      carry += r->w[i];
      r->w[i] = (uint32_t)carry;
      carry >>= 32;
    }
  }
  while (ref_geq(r, &ref_p)) ref_sub_raw(r, r, &ref_p);
}

static void ref_from_bytes(ref_fe *r, const uint8_t s[32], int mask255) {
  uint32_t x[16] = {0};
  for (int i = 0; i < 32; i++) x[i / 4] |= (uint32_t)s[i] << (8 * (i % 4));
  if (mask255) x[7] &= 0x7fffffff;
  ref_reduce(r, x);
}

static void ref_to_bytes(uint8_t s[32], const ref_fe *a) {
  for (int i = 0; i < 32; i++) s[i] = (uint8_t)(a->w[i / 4] >> (8 * (i % 4)));
}

static void ref_mul(ref_fe *r, const ref_fe *a, const ref_fe *b) {
  uint32_t x[16] = {0};
  for (int i = 0; i < 8; i++) {
    uint64_t c = 0;
    for (int j = 0; j < 8; j++) {
      c += (uint64_t)a->w[i] * b->w[j] + x[i + j];
      x[i + j] = (uint32_t)c;
      c >>= 32;
    }
    x[i + 8] = (uint32_t)c;
  }
  ref_reduce(r, x);
}

static void ref_add(ref_fe *r, const ref_fe *a, const ref_fe *b) {
  uint32_t x[16] = {0};
  uint64_t c = 0;
  for (int i = 0; i < 8; i++) {
    c += (uint64_t)a->w[i] + b->w[i];
    x[i] = (uint32_t)c;
    c >>= 32;
  }
  x[8] = (uint32_t)c;
  ref_reduce(r, x);
}

static void ref_sub(ref_fe *r, const ref_fe *a, const ref_fe *b) {
  ref_fe nb;
  ref_sub_raw(&nb, &ref_p, b); /* b canonical: p - b in [1, p] */
  ref_add(r, a, &nb);
}

static void ref_small(ref_fe *r, uint32_t c) {
  memset(r, 0, sizeof *r);
  r->w[0] = c;
}

/* ---- helpers over the selected kernel */
static void load(const hwc_fe25519_kernel *k, hwc_fe25519 *f, ref_fe *rf, const uint8_t s[32]) {
  k->frombytes(f, s);
  ref_from_bytes(rf, s, 1);
}

static void expect(const hwc_fe25519_kernel *k, const hwc_fe25519 *f, const ref_fe *want, const char *impl,
                   const char *what, int ia, int ib) {
  uint8_t got[32], w[32];
  k->tobytes(got, f);
  ref_to_bytes(w, want);
  CHECK_MSG(memcmp(got, w, 32) == 0, "%s: %s wrong for values %d, %d (got %02x%02x.. want %02x%02x..)", impl, what,
            ia, ib, got[31], got[30], w[31], w[30]);
}

#define NVALUES 40
/* Edge values first, then random ones with random bit 255. */
static void make_values(uint8_t v[NVALUES][32]) {
  static const char *const edges[] = {
      "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
      "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
      "0200000000000000000000000000000000000000000000000000000000000000",
      "1300000000000000000000000000000000000000000000000000000000000000", /* 19 */
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p-1 */
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p */
      "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p+1 */
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255-1 */
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256-1 */
      "0000000000000000000000000000000000000000000000000000000000000080", /* 2^255 */
      "ffffffffffff0700000000000000000000000000000000000000000000000000", /* 2^51-1 */
      "0000000000000800000000000000000000000000000000000000000000000000", /* 2^51 */
      "0000000000001000000000000000000000000000000000000000000000000000", /* 2^52 */
      "ffffffffffffffff000000000000000000000000000000000000000000000000", /* 2^64-1 */
      "ffffff0300000000000000000000000000000000000000000000000000000000", /* 2^26-1 */
      "0000000000000000000000000000000001000000000000000000000000000000", /* 2^128 */
      "ffffffffffffffffffffffffffffffff00000000000000000000000000000000", /* 2^128-1 */
      "0000000000000000000000000000000000000000000000000000000000000040", /* 2^254 */
      "daffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p-19 */
      "ffffffffffff07000000000000fcffffff3f0000000000feffffff1f00000000", /* limb-max pattern */
  };
  size_t ne = sizeof edges / sizeof edges[0];
  for (size_t i = 0; i < NVALUES; i++) {
    if (i < ne) {
      CHECK(t_unhex(v[i], 32, edges[i]) == 32);
    } else {
      t_rand_bytes(v[i], 32);
    }
  }
}

static void ops_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  uint8_t v[NVALUES][32];
  make_values(v);
  for (int i = 0; i < NVALUES; i++) {
    hwc_fe25519 a, h, g2;
    ref_fe ra, rh;
    load(k, &a, &ra, v[i]);
    expect(k, &a, &ra, impl, "frombytes/tobytes", i, i);
    k->sqr(&h, &a);
    ref_mul(&rh, &ra, &ra);
    expect(k, &h, &rh, impl, "sqr", i, i);
    for (unsigned n = 1; n <= 12; n += 5) {
      ref_fe rr = ra;
      for (unsigned j = 0; j < n; j++) ref_mul(&rr, &rr, &rr);
      k->sqr_n(&h, &a, n);
      expect(k, &h, &rr, impl, "sqr_n", i, (int)n);
    }
    uint32_t cs[3] = {121666, 1, (uint32_t)(t_rand64() & 0xfffff)};
    for (int j = 0; j < 3; j++) {
      ref_fe rc;
      ref_small(&rc, cs[j]);
      ref_mul(&rh, &ra, &rc);
      k->mul_small(&h, &a, cs[j]);
      expect(k, &h, &rh, impl, "mul_small", i, (int)cs[j]);
    }
    for (int j = 0; j < NVALUES; j++) {
      hwc_fe25519 b;
      ref_fe rb;
      load(k, &b, &rb, v[j]);
      k->mul(&h, &a, &b);
      ref_mul(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "mul", i, j);
      k->add(&h, &a, &b);
      ref_add(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "add", i, j);
      k->sub(&h, &a, &b);
      ref_sub(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "sub", i, j);
      /* aliasing: h = h * g */
      g2 = a;
      k->mul(&g2, &g2, &b);
      ref_mul(&rh, &ra, &rb);
      expect(k, &g2, &rh, impl, "mul in place", i, j);
      hwc_fe25519 x = a, y = b;
      k->cswap(&x, &y, 0);
      expect(k, &x, &ra, impl, "cswap(0)", i, j);
      k->cswap(&x, &y, 1);
      expect(k, &x, &rb, impl, "cswap(1)", i, j);
      expect(k, &y, &ra, impl, "cswap(1)", j, i);
      x = a;
      k->cmov(&x, &b, 0);
      expect(k, &x, &ra, impl, "cmov(0)", i, j);
      k->cmov(&x, &b, 1);
      expect(k, &x, &rb, impl, "cmov(1)", i, j);
    }
  }
}
HWC_TEST(fe25519, ops_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, ops_body, NULL); }

/* Long chains without canonicalising in between: each output feeds the next
 * operation, so any backend whose limbs creep past their bound shows up. */
static void chains_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  uint8_t v[NVALUES][32];
  make_values(v);
  int rounds = t_quick() ? 200 : 2000;
  for (int start = 0; start < 10; start++) {
    hwc_fe25519 x, y;
    ref_fe rx, ry;
    load(k, &x, &rx, v[start]);
    load(k, &y, &ry, v[(start * 7 + 3) % NVALUES]);
    for (int r = 0; r < rounds; r++) {
      switch ((unsigned)t_rand64() % 7) {
        case 0: k->add(&x, &x, &x); ref_add(&rx, &rx, &rx); break;
        case 1: k->add(&x, &x, &y); ref_add(&rx, &rx, &ry); break;
        case 2: k->sub(&x, &x, &y); ref_sub(&rx, &rx, &ry); break;
        case 3: k->sub(&x, &y, &x); ref_sub(&rx, &ry, &rx); break;
        case 4: k->mul(&y, &x, &y); ref_mul(&ry, &rx, &ry); break;
        case 5: k->sqr(&x, &x); ref_mul(&rx, &rx, &rx); break;
        default: {
          ref_fe c;
          ref_small(&c, 121666);
          k->mul_small(&y, &y, 121666);
          ref_mul(&ry, &ry, &c);
        }
      }
      if (ry.w[0] == 0 && ry.w[1] == 0) load(k, &y, &ry, v[r % NVALUES]); /* keep y from sticking at 0 */
    }
    expect(k, &x, &rx, impl, "chain x", start, rounds);
    expect(k, &y, &ry, impl, "chain y", start, rounds);
  }
}
HWC_TEST(fe25519, chains_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, chains_body, NULL); }

/* One RFC 7748 ladder step on the reference (swap already done). */
static void ref_ladder_step(ref_fe r[4], const ref_fe *rx1) {
  ref_fe a, aa, b, bb, e, c, d, da, cb, t, a24;
  ref_add(&a, &r[0], &r[1]);
  ref_mul(&aa, &a, &a);
  ref_sub(&b, &r[0], &r[1]);
  ref_mul(&bb, &b, &b);
  ref_sub(&e, &aa, &bb);
  ref_add(&c, &r[2], &r[3]);
  ref_sub(&d, &r[2], &r[3]);
  ref_mul(&da, &d, &a);
  ref_mul(&cb, &c, &b);
  ref_add(&t, &da, &cb);
  ref_mul(&r[2], &t, &t);
  ref_sub(&t, &da, &cb);
  ref_mul(&t, &t, &t);
  ref_mul(&r[3], rx1, &t);
  ref_mul(&r[0], &aa, &bb);
  ref_small(&a24, 121665);
  ref_mul(&t, &a24, &e);
  ref_add(&t, &aa, &t);
  ref_mul(&r[1], &e, &t);
}

static void ref_cswap(ref_fe r[4], unsigned swap) {
  if (!swap) return;
  ref_fe t = r[0]; r[0] = r[2]; r[2] = t;
  t = r[1]; r[1] = r[3]; r[3] = t;
}

/* The ladder kernel on arbitrary (not only projective-consistent) starting
 * coordinates and scalars, against the RFC 7748 loop on the reference: the
 * formulas are fixed, so the projective outputs must match exactly. */
static void ladder_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  uint8_t v[NVALUES][32];
  make_values(v);
  int cases = t_quick() ? 5 : 12;
  for (int i = 0; i < cases; i++) {
    hwc_fe25519 st[4], x1;
    ref_fe r[4], rx1;
    uint8_t e[32];
    for (int j = 0; j < 4; j++) load(k, &st[j], &r[j], v[(i * 3 + 5 * j + 1) % NVALUES]);
    load(k, &x1, &rx1, v[(i * 7) % NVALUES]);
    t_rand_bytes(e, 32);
    /* No swap after the first step (0, all ones), a swap at every step
     * (alternating bits, both phases): a backend that tracks the order of
     * the points instead of swapping them (aarch64) takes every path. */
    if (i == 0) memset(e, 0, 32);
    if (i == 1) memset(e, 0xff, 32);
    if (i == 2) memset(e, 0x55, 32);
    if (i == 3) memset(e, 0xaa, 32);
    k->ladder(st, &x1, e);
    unsigned swap = 0;
    for (int t = 254; t >= 0; t--) {
      unsigned bit = (e[t >> 3] >> (t & 7)) & 1;
      ref_cswap(r, swap ^ bit);
      swap = bit;
      ref_ladder_step(r, &rx1);
    }
    ref_cswap(r, swap);
    for (int j = 0; j < 4; j++) expect(k, &st[j], &r[j], impl, "ladder", i, j);
  }
}
HWC_TEST(fe25519, ladder_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, ladder_body, NULL); }

/* The exponentiation chains of src/curve25519/fe25519.c on every backend. */
static void invert_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  uint8_t v[NVALUES][32];
  make_values(v);
  for (int i = 0; i < NVALUES; i++) {
    hwc_fe25519 a, inv, h;
    ref_fe ra, rone, rzero, rpow;
    load(k, &a, &ra, v[i]);
    ref_small(&rone, 1);
    ref_small(&rzero, 0);
    hwc_fe25519_invert(k, &inv, &a);
    k->mul(&h, &inv, &a);
    int is_zero = memcmp(&ra, &rzero, sizeof ra) == 0;
    expect(k, &h, is_zero ? &rzero : &rone, impl, "a * invert(a)", i, i);
    /* pow22523: a^(2^252-3) by square-and-multiply on the reference */
    rpow = rone;
    for (int bit = 251; bit >= 0; bit--) {
      ref_mul(&rpow, &rpow, &rpow);
      if (bit != 1) ref_mul(&rpow, &rpow, &ra); /* 2^252-3 = 1...1101 */
    }
    hwc_fe25519_pow22523(k, &h, &a);
    expect(k, &h, &rpow, impl, "pow22523", i, i);
  }
  /* The divsteps inversion (src/curve25519/modinv25519.c) on many more values, by its
   * defining property: random ones, ones just below p and powers of two
   * (long runs of equal bits are where gcd steps run longest). */
  int extra = t_quick() ? 100 : 3000;
  for (int i = 0; i < extra; i++) {
    uint8_t s[32];
    t_rand_bytes(s, 32);
    if (i % 4 == 1) memset(s, 0xff, 32), s[0] = (uint8_t)(0xec - i % 64); /* p - 1 - (i mod 64) */
    if (i % 4 == 2) memset(s, 0, 32), s[(i / 4) % 32] = (uint8_t)(1u << (i % 8));
    s[31] &= 0x7f;
    hwc_fe25519 a, inv, h;
    ref_fe ra, rone;
    load(k, &a, &ra, s);
    ref_small(&rone, 1);
    hwc_fe25519_invert(k, &inv, &a);
    k->mul(&h, &inv, &a);
    expect(k, &h, &rone, impl, "a * invert(a), random", i, i);
  }
}
HWC_TEST(fe25519, invert_and_pow22523) { t_for_each_impl(HWC_PRIM_FE25519, invert_body, NULL); }

/* ---- edge values of tests/edge.h through every table entry */

#include "edge.h"

/* Every encoding of edge.h (values next to p, bit 255 set, all-ones limbs
 * in every backend's radix) through every entry but the ladder, each pair
 * for the binary operations, against the reference. */
static void edge_ops_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  size_t nv = t_edge_fe25519_count();
  for (size_t i = 0; i < nv; i++) {
    uint8_t si[32], sj[32];
    hwc_fe25519 a, b, h;
    ref_fe ra, rb, rh;
    t_edge_fe25519(si, i);
    load(k, &a, &ra, si);
    expect(k, &a, &ra, impl, "edge frombytes/tobytes", (int)i, (int)i);
    k->sqr(&h, &a);
    ref_mul(&rh, &ra, &ra);
    expect(k, &h, &rh, impl, "edge sqr", (int)i, (int)i);
    ref_fe rr = ra;
    for (unsigned n = 1; n <= 3; n++) ref_mul(&rr, &rr, &rr);
    k->sqr_n(&h, &a, 3);
    expect(k, &h, &rr, impl, "edge sqr_n(3)", (int)i, 3);
    static const uint32_t cs[] = {0, 1, 19, 121666, (1u << 20) - 1};
    for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++) {
      ref_fe rc;
      ref_small(&rc, cs[c]);
      ref_mul(&rh, &ra, &rc);
      k->mul_small(&h, &a, cs[c]);
      expect(k, &h, &rh, impl, "edge mul_small", (int)i, (int)cs[c]);
    }
    for (size_t j = 0; j < nv; j++) {
      t_edge_fe25519(sj, j);
      load(k, &b, &rb, sj);
      k->mul(&h, &a, &b);
      ref_mul(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "edge mul", (int)i, (int)j);
      k->add(&h, &a, &b);
      ref_add(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "edge add", (int)i, (int)j);
      k->sub(&h, &a, &b);
      ref_sub(&rh, &ra, &rb);
      expect(k, &h, &rh, impl, "edge sub", (int)i, (int)j);
      /* an output fed straight back: (a - b) * (a + b) and (a - b)^2 */
      hwc_fe25519 s, d;
      ref_fe rs, rd;
      k->add(&s, &a, &b);
      k->sub(&d, &a, &b);
      k->mul(&h, &d, &s);
      ref_add(&rs, &ra, &rb);
      ref_sub(&rd, &ra, &rb);
      ref_mul(&rh, &rd, &rs);
      expect(k, &h, &rh, impl, "edge (a-b)(a+b)", (int)i, (int)j);
      k->sqr(&h, &d);
      ref_mul(&rh, &rd, &rd);
      expect(k, &h, &rh, impl, "edge (a-b)^2", (int)i, (int)j);
      hwc_fe25519 x = a, y = b;
      k->cswap(&x, &y, 1);
      expect(k, &x, &rb, impl, "edge cswap(1)", (int)i, (int)j);
      k->cmov(&x, &a, 1);
      expect(k, &x, &ra, impl, "edge cmov(1)", (int)i, (int)j);
    }
    hwc_fe25519 inv;
    ref_fe rone, rzero;
    ref_small(&rone, 1);
    ref_small(&rzero, 0);
    hwc_fe25519_invert(k, &inv, &a);
    k->mul(&h, &inv, &a);
    expect(k, &h, memcmp(&ra, &rzero, sizeof ra) == 0 ? &rzero : &rone, impl, "edge a * invert(a)", (int)i,
           (int)i);
  }
}
HWC_TEST(fe25519, edge_values_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, edge_ops_body, NULL); }

/* The element layouts the backends use (kernels.h leaves them private);
 * recognised by what frombytes makes of 2^26 and 2^51. */
typedef enum { LAYOUT_RADIX51, LAYOUT_RADIX25, LAYOUT_4X64 } fe_layout;

static fe_layout detect_layout(const hwc_fe25519_kernel *k) {
  uint8_t s[32] = {0};
  hwc_fe25519 f;
  s[6] = 0x08; /* 2^51 */
  k->frombytes(&f, s);
  if (f.d[0] == (UINT64_C(1) << 51)) return LAYOUT_4X64;
  memset(s, 0, 32);
  s[3] = 0x04; /* 2^26 */
  k->frombytes(&f, s);
  if (f.d[0] == (UINT64_C(1) << 26)) return LAYOUT_RADIX51;
  CHECK_MSG(f.w[1] == 1 && f.w[0] == 0, "fe25519 element layout not recognised");
  return LAYOUT_RADIX25;
}

/* r = x * 2^shift + limb, on the reference (limb below 2^64). */
static void ref_shift_add(ref_fe *r, const ref_fe *x, unsigned shift, uint64_t limb) {
  ref_fe t = *x, two, lo, hi, s32;
  ref_small(&two, 2);
  for (unsigned b = 0; b < shift; b++) ref_mul(&t, &t, &two);
  ref_small(&lo, (uint32_t)limb);
  ref_small(&hi, (uint32_t)(limb >> 32));
  ref_small(&s32, 1);
  for (int b = 0; b < 32; b++) ref_mul(&s32, &s32, &two);
  ref_mul(&hi, &hi, &s32);
  ref_add(&t, &t, &lo);
  ref_add(r, &t, &hi);
}

/* Raw elements at the limits each layout's kernels document for their
 * inputs, which an encoding cannot reach (frombytes carries): radix 2^51
 * limbs up to 2^52 - 39 (the bound of sub, the tightest), radix 2^25.5
 * limbs at their full width, and 4x64 values up to 2^256 - 1. Fills up to
 * `max` elements and their reference values; returns how many. */
static size_t raw_elements(fe_layout layout, hwc_fe25519 *f, ref_fe *r, size_t max) {
  size_t n = 0;
  ref_fe zero;
  ref_small(&zero, 0);
  if (layout == LAYOUT_RADIX51) {
    static const uint64_t top = (UINT64_C(1) << 52) - 39, m51 = (UINT64_C(1) << 51) - 1;
    static const uint64_t fills[] = {(UINT64_C(1) << 52) - 39, (UINT64_C(1) << 51) + (UINT64_C(1) << 26),
                                     (UINT64_C(1) << 51), (UINT64_C(1) << 51) - 1};
    for (size_t pat = 0; pat < 4 + 5 + 2 && n < max; pat++, n++) {
      uint64_t d[5];
      for (int l = 0; l < 5; l++) {
        if (pat < 4) d[l] = fills[pat];                        /* every limb at one bound */
        else if (pat < 9) d[l] = (size_t)l == pat - 4 ? top : m51; /* one limb over the others' all-ones */
        else d[l] = (l % 2 == (int)(pat - 9)) ? top : 0;      /* alternate limbs */
      }
      ref_fe acc = zero;
      for (int l = 4; l >= 0; l--) ref_shift_add(&acc, &acc, 51, d[l]);
      memset(&f[n], 0, sizeof f[n]);
      for (int l = 0; l < 5; l++) f[n].d[l] = d[l];
      r[n] = acc;
    }
  } else if (layout == LAYOUT_RADIX25) {
    for (size_t pat = 0; pat < 3 && n < max; pat++, n++) {
      ref_fe acc = zero;
      memset(&f[n], 0, sizeof f[n]);
      for (int l = 9; l >= 0; l--) {
        int width = 26 - (l & 1);
        int32_t v = (pat == 0 || (int)(pat - 1) == l % 2) ? (int32_t)((1u << width) - 1) : 0;
        f[n].w[l] = v;
        ref_shift_add(&acc, &acc, (unsigned)width, (uint64_t)v); /* limb l sits width(l) below limb l+1 */
      }
      r[n] = acc;
    }
  } else {
    static const uint64_t words[][4] = {
        {~0ull, ~0ull, ~0ull, ~0ull},                      /* 2^256 - 1 */
        {~0ull - 37, ~0ull, ~0ull, ~0ull},                 /* 2^256 - 38 = 2p */
        {~0ull - 38, ~0ull, ~0ull, ~0ull},                 /* 2p - 1 */
        {~0ull - 18, ~0ull, ~0ull, ~0ull},                 /* 2^256 - 19 */
        {0, 0, 0, 1ull << 63},                             /* 2^255 */
        {~0ull, 0, ~0ull, 0},                              /* alternate words */
        {0, ~0ull, 0, ~0ull},
        {37, 0, 0, 0},                                     /* below 38: the folds' carry cases */
        {~0ull, ~0ull, ~0ull, 0x1000010000100001ull},      /* times 2^20 - 1: low words carry into the fifth */
    };
    for (size_t pat = 0; pat < sizeof words / sizeof words[0] && n < max; pat++, n++) {
      ref_fe acc = zero;
      memset(&f[n], 0, sizeof f[n]);
      for (int l = 3; l >= 0; l--) {
        f[n].d[l] = words[pat][l];
        ref_shift_add(&acc, &acc, 64, words[pat][l]);
      }
      r[n] = acc;
    }
  }
  return n;
}

/* Radix-2^51 elements at the products' own input limit, wider than the
 * one above: limbs up to L - 1 = 3 * 2^51 + 2^27 - 1 (fe25519_51.h,
 * fe_mul_inl), which the generic ladder's uncarried sums and differences
 * reach. Products, squares and the carrying add take them; sub does not
 * (its subtrahend must stay at most 2p's limbs). Returns how many (0 for
 * the other layouts). */
static size_t wide_elements(fe_layout layout, hwc_fe25519 *f, ref_fe *r, size_t max) {
  if (layout != LAYOUT_RADIX51) return 0;
  static const uint64_t top = 3 * (UINT64_C(1) << 51) + (UINT64_C(1) << 27) - 1, m51 = (UINT64_C(1) << 51) - 1;
  ref_fe zero;
  ref_small(&zero, 0);
  size_t n = 0;
  for (size_t pat = 0; pat < 1 + 5 + 2 && n < max; pat++, n++) {
    uint64_t d[5];
    for (int l = 0; l < 5; l++) {
      if (pat == 0) d[l] = top;                                  /* every limb at the limit */
      else if (pat < 6) d[l] = (size_t)l == pat - 1 ? top : m51; /* one limb at it */
      else d[l] = (l % 2 == (int)(pat - 6)) ? top : 0;           /* alternate limbs */
    }
    ref_fe acc = zero;
    for (int l = 4; l >= 0; l--) ref_shift_add(&acc, &acc, 51, d[l]);
    memset(&f[n], 0, sizeof f[n]);
    for (int l = 0; l < 5; l++) f[n].d[l] = d[l];
    r[n] = acc;
  }
  return n;
}

/* Operand j of the pairing loops below, b and its reference rb: the n0
 * elements of e0, then the n1 of e1, then the edge encodings loaded. */
static void operand(const hwc_fe25519_kernel *k, size_t j, const hwc_fe25519 *e0, const ref_fe *r0, size_t n0,
                    const hwc_fe25519 *e1, const ref_fe *r1, size_t n1, hwc_fe25519 *b, ref_fe *rb) {
  if (j < n0) {
    *b = e0[j], *rb = r0[j];
  } else if (j < n0 + n1) {
    *b = e1[j - n0], *rb = r1[j - n0];
  } else {
    uint8_t s[32];
    t_edge_fe25519(s, j - n0 - n1);
    load(k, b, rb, s);
  }
}

/* Raw elements at each layout's documented input limits through the
 * arithmetic entries, paired with each other and with every edge encoding;
 * then the wide elements through the products. */
static void raw_ops_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_fe25519 raw[16];
  ref_fe rraw[16];
  size_t nraw = raw_elements(detect_layout(k), raw, rraw, 16);
  CHECK(nraw > 0);
  size_t nv = t_edge_fe25519_count();
  for (size_t i = 0; i < nraw; i++) {
    const hwc_fe25519 *a = &raw[i];
    const ref_fe *ra = &rraw[i];
    hwc_fe25519 h;
    ref_fe rh;
    expect(k, a, ra, impl, "raw tobytes", (int)i, 0);
    k->sqr(&h, a);
    ref_mul(&rh, ra, ra);
    expect(k, &h, &rh, impl, "raw sqr", (int)i, 0);
    k->sqr_n(&h, a, 2);
    ref_mul(&rh, &rh, &rh);
    expect(k, &h, &rh, impl, "raw sqr_n(2)", (int)i, 0);
    ref_fe rc;
    ref_small(&rc, (1u << 20) - 1);
    k->mul_small(&h, a, (1u << 20) - 1);
    ref_mul(&rh, ra, &rc);
    expect(k, &h, &rh, impl, "raw mul_small", (int)i, 0);
    hwc_fe25519 inv;
    ref_fe rone, rzero;
    ref_small(&rone, 1);
    ref_small(&rzero, 0);
    hwc_fe25519_invert(k, &inv, a);
    k->mul(&h, &inv, a);
    expect(k, &h, memcmp(ra, &rzero, sizeof *ra) == 0 ? &rzero : &rone, impl, "raw a * invert(a)", (int)i, 0);
    for (size_t j = 0; j < nraw + nv; j++) {
      hwc_fe25519 b;
      ref_fe rb;
      operand(k, j, raw, rraw, nraw, NULL, NULL, 0, &b, &rb);
      k->mul(&h, a, &b);
      ref_mul(&rh, ra, &rb);
      expect(k, &h, &rh, impl, "raw mul", (int)i, (int)j);
      k->mul(&h, &b, a);
      expect(k, &h, &rh, impl, "raw mul swapped", (int)i, (int)j);
      k->add(&h, a, &b);
      ref_add(&rh, ra, &rb);
      expect(k, &h, &rh, impl, "raw add", (int)i, (int)j);
      k->sub(&h, a, &b);
      ref_sub(&rh, ra, &rb);
      expect(k, &h, &rh, impl, "raw a - b", (int)i, (int)j);
      k->sub(&h, &b, a);
      ref_sub(&rh, &rb, ra);
      expect(k, &h, &rh, impl, "raw b - a", (int)i, (int)j);
    }
  }
  hwc_fe25519 wide[8];
  ref_fe rwide[8];
  size_t nwide = wide_elements(detect_layout(k), wide, rwide, 8);
  for (size_t i = 0; i < nwide; i++) {
    const hwc_fe25519 *a = &wide[i];
    const ref_fe *ra = &rwide[i];
    hwc_fe25519 h;
    ref_fe rh, rc;
    k->sqr(&h, a);
    ref_mul(&rh, ra, ra);
    expect(k, &h, &rh, impl, "wide sqr", (int)i, 0);
    ref_small(&rc, 121666);
    k->mul_small(&h, a, 121666);
    ref_mul(&rh, ra, &rc);
    expect(k, &h, &rh, impl, "wide mul_small", (int)i, 0);
    for (size_t j = 0; j < nwide + nraw + nv; j++) {
      hwc_fe25519 b;
      ref_fe rb;
      operand(k, j, wide, rwide, nwide, raw, rraw, nraw, &b, &rb);
      k->mul(&h, a, &b);
      ref_mul(&rh, ra, &rb);
      expect(k, &h, &rh, impl, "wide mul", (int)i, (int)j);
      k->mul(&h, &b, a);
      expect(k, &h, &rh, impl, "wide mul swapped", (int)i, (int)j);
      k->add(&h, a, &b);
      ref_add(&rh, ra, &rb);
      expect(k, &h, &rh, impl, "wide add", (int)i, (int)j);
    }
  }
}
HWC_TEST(fe25519, raw_limb_bounds_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, raw_ops_body, NULL); }

/* The ladder entry on raw and edge starting coordinates and edge x1, with
 * the scalars of edge.h's scalar list (all-ones, sparse, next to L),
 * against the reference loop. */
static void edge_ladder_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  hwc_fe25519 raw[16];
  ref_fe rraw[16];
  size_t nraw = raw_elements(detect_layout(k), raw, rraw, 16);
  size_t nv = t_edge_fe25519_count(), ns = t_edge_scalar25519_count();
  size_t cases = t_quick() ? 4 : nv; /* one x1 per case: every edge value natively */
  for (size_t c = 0; c < cases; c++) {
    size_t x1_at = t_quick() ? c * (nv / 4) : c;
    hwc_fe25519 st[4], x1;
    ref_fe r[4], rx1;
    uint8_t s[32], e[32];
    t_edge_fe25519(s, x1_at);
    load(k, &x1, &rx1, s);
    for (int j = 0; j < 4; j++) {
      size_t at = c * 4 + (size_t)j;
      if (at % 3 == 0 || nraw == 0) {
        t_edge_fe25519(s, (at * 7) % nv);
        load(k, &st[j], &r[j], s);
      } else {
        st[j] = raw[at % nraw], r[j] = rraw[at % nraw];
      }
    }
    t_edge_scalar25519(e, c % ns);
    k->ladder(st, &x1, e);
    unsigned swap = 0;
    for (int t = 254; t >= 0; t--) {
      unsigned bit = (e[t >> 3] >> (t & 7)) & 1;
      ref_cswap(r, swap ^ bit);
      swap = bit;
      ref_ladder_step(r, &rx1);
    }
    ref_cswap(r, swap);
    for (int j = 0; j < 4; j++) expect(k, &st[j], &r[j], impl, "edge ladder", (int)c, j);
  }
}
HWC_TEST(fe25519, edge_ladder_against_reference) { t_for_each_impl(HWC_PRIM_FE25519, edge_ladder_body, NULL); }
