/* SPDX-License-Identifier: ISC */
/* Positive controls for the taint itself: a secret input must come out of
 * the inline-assembly kernels (the mulx bignum rows, the x86_64 bignum
 * column accumulator, the 4x64 fe25519 products that mulx and the ifma
 * backends share, the Poly1305 x86_64 blocks) as a secret output, and a
 * public input as a public output. MemorySanitizer does not look inside
 * asm: without the shadow hand-off in those kernels (src/common/msan.h) the taint
 * would be dropped and every check downstream would pass without meaning;
 * this test fails then. Memcheck executes the instructions themselves, so
 * under valgrind the same checks confirm its propagation through MULX, ADCX
 * and ADOX (it hides ADX from CPUID but runs it, when the host has it). */
#include "ct.h"
#include "src/rsa/bignum.h"

#if defined(__x86_64__)
extern const hwc_bignum_kernel hwc_bignum_mulx, hwc_bignum_x86_64;
extern const hwc_fe25519_kernel hwc_fe25519_mulx, hwc_fe25519_avx512ifma;
extern const hwc_poly1305_kernel hwc_poly1305_x86_64;

/* Whether the checker can see taint here, and the host runs BMI2 + ADX. */
static int controls_can_run(void) {
#ifdef HWC_CT_MSAN
  const hwc_impl_info *mulx = &hwc_bignum_mulx.info;
  return (hwc_dispatch_features() & mulx->required) == mulx->required;
#else
  return RUNNING_ON_VALGRIND && ct_host_has("bmi2") && ct_host_has("adx");
#endif
}

/* One Montgomery product on k with a (of n limbs) secret or public. */
static void bignum_flow(const hwc_bignum_kernel *k, size_t n, int secret) {
  static hwc_bn_mont ctx;
  uint64_t m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_WORDS];
  t_rand_bytes((uint8_t *)m, 8 * n);
  m[0] |= 1;
  m[n - 1] |= 1ull << 63;
  hwc_bn_mont_init(&ctx, k, m, n);
  t_rand_bytes((uint8_t *)a, sizeof a);
  t_rand_bytes((uint8_t *)b, sizeof b);
  for (size_t i = 0; i < n; i++) a[i] %= m[n - 1], b[i] %= m[n - 1]; /* below m */
  k->to_mont(a, a, &ctx);
  k->to_mont(b, b, &ctx);
  if (secret) ct_secret(a, 8 * ctx.words);
  k->mul(r, a, b, &ctx);
  CHECK_MSG(ct_is_secret(r, 8 * ctx.words) == secret, "bignum/%s mul, %zu limbs: a %s input gave a %s output",
            k->info.name, n, secret ? "secret" : "public", secret ? "public" : "secret");
  k->sqr(r, a, &ctx);
  CHECK_MSG(ct_is_secret(r, 8 * ctx.words) == secret, "bignum/%s sqr, %zu limbs: taint %s", k->info.name, n,
            secret ? "lost" : "invented");
  ct_public(a, sizeof a);
  ct_public(r, sizeof r);
}

/* Whether the encoding of h carries taint (elements differ in size between
 * backends; tobytes is plain C, which MSan follows exactly). */
static int fe_is_secret(const hwc_fe25519_kernel *k, const hwc_fe25519 *h) {
  uint8_t out[32];
  k->tobytes(out, h);
  int secret = ct_is_secret(out, 32);
  ct_public(out, 32);
  return secret;
}

/* fe25519 products on k with f secret or public. */
static void fe_flow(const hwc_fe25519_kernel *k, int secret) {
  uint8_t s[32];
  hwc_fe25519 f, g, h;
  memset(&f, 0, sizeof f);
  memset(&g, 0, sizeof g);
  memset(&h, 0, sizeof h);
  t_rand_bytes(s, 32);
  k->frombytes(&f, s);
  t_rand_bytes(s, 32);
  k->frombytes(&g, s);
  if (secret) ct_secret(&f, sizeof f);
  const char *how = secret ? "lost" : "invented";
  k->mul(&h, &f, &g);
  CHECK_MSG(fe_is_secret(k, &h) == secret, "fe25519/%s mul: taint %s", k->info.name, how);
  k->sqr(&h, &f);
  CHECK_MSG(fe_is_secret(k, &h) == secret, "fe25519/%s sqr: taint %s", k->info.name, how);
  k->sqr_n(&h, &f, 3);
  CHECK_MSG(fe_is_secret(k, &h) == secret, "fe25519/%s sqr_n: taint %s", k->info.name, how);
  ct_public(&f, sizeof f);
  ct_public(&h, sizeof h);
}

HWC_TEST(ct, taint_flows_through_asm) {
  if (!controls_can_run()) {
    printf("ct: taint-through-asm control not run (%s)\n",
#ifdef HWC_CT_MSAN
           "this CPU has no BMI2+ADX");
#else
           RUNNING_ON_VALGRIND ? "host has no BMI2+ADX" : "not under valgrind");
#endif
    return;
  }
  for (int secret = 0; secret < 2; secret++) {
    bignum_flow(&hwc_bignum_mulx, 32, secret); /* the eight-row sweeps */
    bignum_flow(&hwc_bignum_mulx, 20, secret); /* the four-limb rows */
    bignum_flow(&hwc_bignum_mulx, 3, secret);  /* the one-limb rows */
    fe_flow(&hwc_fe25519_mulx, secret);
  }
  printf("ct: taint flows through the mulx asm under %s (bignum sweeps and rows, fe25519 mul/sqr)\n", CT_METHOD);
#ifdef HWC_CT_MSAN
  const hwc_impl_info *ifma = &hwc_fe25519_avx512ifma.info;
  if ((hwc_dispatch_features() & ifma->required) == ifma->required) {
    for (int secret = 0; secret < 2; secret++) fe_flow(&hwc_fe25519_avx512ifma, secret);
    printf("ct: taint flows through the ifma backend's shared 4x64 asm under msan\n");
  }
#endif
}
/* Four Poly1305 blocks through the x86_64 kernel's ADD/ADC asm (also the
 * vector kernels' short-input path) with nothing, the key or the message
 * secret: the accumulator must come out secret exactly when an input was. */
static void poly_flow(int what) {
  static const char *const name[] = {"nothing", "the key", "the message"};
  hwc_poly1305_state st;
  uint8_t m[64];
  memset(&st, 0, sizeof st);
  t_rand_bytes(m, sizeof m);
  t_rand_bytes((uint8_t *)st.r, sizeof st.r);
  st.r[0] &= 0x0ffffffc0fffffffull;
  st.r[1] &= 0x0ffffffc0ffffffcull;
  if (what == 1) ct_secret(st.r, sizeof st.r);
  if (what == 2) ct_secret(m, sizeof m);
  hwc_poly1305_x86_64.blocks(&st, m, 4, 1);
  CHECK_MSG(ct_is_secret(st.h, sizeof st.h) == (what != 0), "poly1305/x86_64 with %s secret: taint %s",
            name[what], what ? "lost" : "invented");
  ct_public(&st, sizeof st);
  ct_public(m, sizeof m);
}

HWC_TEST(ct, taint_flows_through_poly1305_asm) {
#ifndef HWC_CT_MSAN
  if (!RUNNING_ON_VALGRIND) {
    printf("ct: poly1305 taint-through-asm control not run (not under valgrind)\n");
    return;
  }
#endif
  for (int what = 0; what < 3; what++) poly_flow(what);
  printf("ct: taint flows through the poly1305 x86_64 asm under %s\n", CT_METHOD);
}

/* The x86_64 bignum backend's ADD/ADC column accumulator (baseline x86-64,
 * so this runs on every host): a product and a square at a size with
 * columns of both halves (n = 16) and at n = 1 (one column, no loops). */
HWC_TEST(ct, taint_flows_through_bignum_x86_64_asm) {
#ifndef HWC_CT_MSAN
  if (!RUNNING_ON_VALGRIND) {
    printf("ct: bignum/x86_64 taint-through-asm control not run (not under valgrind)\n");
    return;
  }
#endif
  for (int secret = 0; secret < 2; secret++) {
    bignum_flow(&hwc_bignum_x86_64, 16, secret);
    bignum_flow(&hwc_bignum_x86_64, 1, secret);
  }
  printf("ct: taint flows through the bignum x86_64 asm under %s\n", CT_METHOD);
}
#endif
