/* SPDX-License-Identifier: ISC */
/*
 * Same-run A/B timing of two builds of the bignum kernels (kernel-ab.sh
 * makes the two builds and the table KERNEL_AB_PAIRS). For each pair this
 * CPU supports and each limb count: mul, sqr and (where both builds have
 * it) the paired mul2, eight chained calls per sample, A and B alternated
 * sample by sample, the minimum over the samples in TSC ticks. The two
 * builds' outputs are compared; any difference is reported and the exit
 * status is 1. Timing only, on public random data: not a test of
 * constant time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "hwcrypto.h"
#include "src/kernels.h"
#include "src/rsa/bignum.h"

#define PAIR(a, b) extern const hwc_bignum_kernel a, b;
KERNEL_AB_PAIRS
#undef PAIR
#define PAIR(a, b) {&a, &b},
static const hwc_bignum_kernel *const pairs[][2] = {KERNEL_AB_PAIRS};
#undef PAIR

static uint64_t rng = 0x9e3779b97f4a7c15ull;

/* xorshift64: public test data only. */
static uint64_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Whether the dispatcher lists an implementation of this name as
 * supported on this CPU. */
static int supported(const char *name) {
  for (size_t i = 0; i < hwc_impl_count(HWC_PRIM_BIGNUM); i++)
    if (strcmp(hwc_impl_name(HWC_PRIM_BIGNUM, i), name) == 0) return hwc_impl_supported(HWC_PRIM_BIGNUM, i);
  return 0;
}

/* One backend's state for one size: two moduli (the CRT halves of mul2)
 * and operands in its Montgomery form. */
typedef struct {
  hwc_bn_mont c0, c1;
  _Alignas(64) uint64_t x0[HWC_BN_MAX_WORDS], x1[HWC_BN_MAX_WORDS], y0[HWC_BN_MAX_WORDS], y1[HWC_BN_MAX_WORDS];
} state;

static void load(state *s, const hwc_bignum_kernel *k, const uint64_t *m0, const uint64_t *m1, const uint64_t *a,
                 const uint64_t *b, size_t n) {
  hwc_bn_mont_init(&s->c0, k, m0, n);
  hwc_bn_mont_init(&s->c1, k, m1, n);
  k->to_mont(s->x0, a, &s->c0);
  k->to_mont(s->x1, b, &s->c1);
  k->to_mont(s->y0, b, &s->c0);
  k->to_mont(s->y1, a, &s->c1);
}

/* Eight chained calls of op (0 sqr, 1 mul, 2 mul2) in TSC ticks. */
static uint64_t sample(const hwc_bignum_kernel *k, state *s, int op) {
  uint64_t t = __rdtsc();
  for (int r = 0; r < 8; r++) {
    if (op == 0) k->sqr(s->x0, s->x0, &s->c0);
    else if (op == 1) k->mul(s->x0, s->x0, s->y0, &s->c0);
    else k->mul2(s->x0, s->x0, s->y0, &s->c0, s->x1, s->x1, s->y1, &s->c1);
  }
  return __rdtsc() - t;
}

int main(int argc, char **argv) {
  const int rounds = argc > 1 ? atoi(argv[1]) : 2000;
  size_t sizes[32] = {4, 8, 16, 24, 32, 48, 64}, nsizes = 7;
  if (argc > 2) {
    nsizes = 0;
    for (int i = 2; i < argc && nsizes < 32; i++) {
      const long n = strtol(argv[i], NULL, 10);
      if (n < 1 || n > HWC_BN_MAX_LIMBS) {
        fprintf(stderr, "bignum_ab: limb count %s out of 1..%d\n", argv[i], HWC_BN_MAX_LIMBS);
        return 2;
      }
      sizes[nsizes++] = (size_t)n;
    }
  }
  if (rounds < 1) {
    fprintf(stderr, "bignum_ab: ROUNDS must be at least 1\n");
    return 2;
  }
  static state sa, sb;
  int bad = 0;
  printf("kernel          limbs  op      A ticks   B ticks   B/A time\n");
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
    const hwc_bignum_kernel *ka = pairs[p][0], *kb = pairs[p][1];
    if (!supported(ka->info.name)) {
      printf("%-15s not supported on this CPU, skipped\n", ka->info.name);
      continue;
    }
    for (size_t si = 0; si < nsizes; si++) {
      const size_t n = sizes[si];
      uint64_t m0[HWC_BN_MAX_LIMBS], m1[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS];
      for (size_t i = 0; i < n; i++) m0[i] = rnd(), m1[i] = rnd(), a[i] = rnd(), b[i] = rnd();
      m0[0] |= 1, m1[0] |= 1, m0[n - 1] |= 1ull << 63, m1[n - 1] |= 1ull << 63;
      a[n - 1] >>= 1, b[n - 1] >>= 1; /* below both moduli */
      for (int op = 0; op < 3; op++) {
        if (op == 2 && (ka->mul2 == NULL || kb->mul2 == NULL)) continue;
        load(&sa, ka, m0, m1, a, b, n);
        load(&sb, kb, m0, m1, a, b, n);
        uint64_t best_a = UINT64_MAX, best_b = UINT64_MAX;
        for (int r = 0; r < rounds; r++) {
          const uint64_t ta = sample(ka, &sa, op), tb = sample(kb, &sb, op);
          if (ta < best_a) best_a = ta;
          if (tb < best_b) best_b = tb;
        }
        uint64_t ra[HWC_BN_MAX_LIMBS], rb[HWC_BN_MAX_LIMBS];
        ka->from_mont(ra, sa.x0, &sa.c0);
        kb->from_mont(rb, sb.x0, &sb.c0);
        int same = memcmp(ra, rb, 8 * n) == 0;
        if (op == 2) {
          ka->from_mont(ra, sa.x1, &sa.c1);
          kb->from_mont(rb, sb.x1, &sb.c1);
          same &= memcmp(ra, rb, 8 * n) == 0;
        }
        bad |= !same;
        static const char *const names[] = {"sqr", "mul", "mul2"};
        printf("%-15s %5zu  %-5s %9.1f %9.1f   %6.3f%s\n", ka->info.name, n, names[op], best_a / 8.0, best_b / 8.0,
               (double)best_b / (double)best_a, same ? "" : "   RESULTS DIFFER");
      }
    }
  }
  return bad;
}
