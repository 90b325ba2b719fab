/* SPDX-License-Identifier: ISC */
/* X25519 with a secret scalar (and, for the ladder, a secret peer point as
 * in ephemeral-static use): no fe25519 kernel valgrind can run may branch or
 * index on them. The result and the return code are public by contract.
 *
 * Valgrind executes MULX/ADCX/ADOX but hides ADX from CPUID, so the
 * dispatcher will not select mulx under it; the mulx kernel is then driven
 * directly through the same protocol-side calls x25519.c makes. */
#include "ct.h"
#include "src/curve25519/ed25519_base.h"

static void ct_x25519_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t k[32], u[32], out[32];
  for (int i = 0; i < 3; i++) {
    t_rand_bytes(k, 32);
    t_rand_bytes(u, 32);
    CT_SECRET(k, 32);
    CT_SECRET(u, 32);
    int rc = hwc_x25519(out, k, u);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(out, 32);
    CHECK(rc == HWC_OK);
    rc = hwc_x25519_base(out, k);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(out, 32);
    CHECK(rc == HWC_OK);
    CT_PUBLIC(k, 32);
    CT_PUBLIC(u, 32);
  }
  (void)impl;
}

HWC_TEST(ct, x25519) { ct_for_each_impl(HWC_PRIM_FE25519, "x25519, x25519_base", ct_x25519_body, NULL); }

#if defined(__x86_64__)
extern const hwc_fe25519_kernel hwc_fe25519_mulx;

/* The steps of hwc_x25519 and hwc_x25519_base on an explicit kernel. */
static void x25519_with(const hwc_fe25519_kernel *k, uint8_t out[32], const uint8_t e[32], const uint8_t u[32]) {
  static const uint8_t one[32] = {1}, zero[32] = {0};
  hwc_fe25519 x1, st[4], zi;
  k->frombytes(&x1, u);
  k->frombytes(&st[0], one);
  k->frombytes(&st[1], zero);
  st[2] = x1;
  k->frombytes(&st[3], one);
  k->ladder(st, &x1, e);
  hwc_fe25519_invert(k, &zi, &st[1]);
  k->mul(&st[0], &st[0], &zi);
  k->tobytes(out, &st[0]);
}

static void x25519_base_with(const hwc_fe25519_kernel *k, uint8_t out[32], const uint8_t e[32]) {
  hwc_ge25519_p3 a;
  hwc_fe25519 n, d;
  hwc_ge25519_scalarmult_base(k, &a, e);
  k->add(&n, &a.Z, &a.Y);
  k->sub(&d, &a.Z, &a.Y);
  hwc_fe25519_invert(k, &d, &d);
  k->mul(&n, &n, &d);
  k->tobytes(out, &n);
}

HWC_TEST(ct, x25519_mulx_direct) {
  uint8_t e[32], u[32], out[32], want[32];
  for (int i = 0; i < 3; i++) {
    t_rand_bytes(e, 32);
    e[0] &= 248;
    e[31] = (uint8_t)((e[31] & 127) | 64);
    t_rand_bytes(u, 32);
    u[31] &= 127;
    CHECK(hwc_x25519(want, e, u) == HWC_OK); /* the selected backend, as a cross-check */
    CT_SECRET(e, 32);
    CT_SECRET(u, 32);
    x25519_with(&hwc_fe25519_mulx, out, e, u);
    CT_PUBLIC(out, 32);
    CHECK_MEM(out, want, 32, "mulx (direct) differs from the selected backend");
    CHECK(hwc_x25519_base(want, e) == HWC_OK);
    CT_PUBLIC(want, 32);
    x25519_base_with(&hwc_fe25519_mulx, out, e);
    CT_PUBLIC(out, 32);
    CHECK_MEM(out, want, 32, "mulx (direct) base differs from the selected backend");
    CT_PUBLIC(e, 32);
    CT_PUBLIC(u, 32);
  }
  printf("ct: fe25519/mulx checked directly (ladder, base, invert)\n");
}
#endif

/* The batches with secret scalars and points: n = 8 is one whole group of
 * the avx512ifma lanes, n = 11 a group and a rest of three (one padded
 * group), so the lane kernel and the padding run with poisoned secrets
 * where the method can run them (MSan natively; valgrind has no AVX-512
 * and reports that backend not covered). Statuses and outputs are public. */
static void ct_x25519_batch_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg, (void)impl;
  static const size_t sizes[] = {8, 11};
  uint8_t k[11][32], u[11][32], out[11][32];
  int status[11];
  for (size_t s = 0; s < 2; s++) {
    size_t n = sizes[s];
    t_rand_bytes(k[0], sizeof k);
    t_rand_bytes(u[0], sizeof u);
    CT_SECRET(k, sizeof k);
    CT_SECRET(u, sizeof u);
    int rc = hwc_x25519_batch(out, status, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, n);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(status, sizeof status);
    CT_PUBLIC(out, sizeof out);
    CHECK(rc == HWC_OK);
    rc = hwc_x25519_base_batch(out, status, (const uint8_t(*)[32])k, n);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(status, sizeof status);
    CT_PUBLIC(out, sizeof out);
    CHECK(rc == HWC_OK);
    CT_PUBLIC(k, sizeof k);
    CT_PUBLIC(u, sizeof u);
  }
}

HWC_TEST(ct, x25519_batch) {
  ct_for_each_impl(HWC_PRIM_FE25519, "x25519_batch, x25519_base_batch, n = 8 and 11", ct_x25519_batch_body, NULL);
}
