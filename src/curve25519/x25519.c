/* SPDX-License-Identifier: ISC */
/*
 * X25519 (RFC 7748): clamping, the Montgomery ladder over the selected
 * fe25519 backend, canonical output, rejection of all-zero results, and the
 * fixed-base variant through the Edwards25519 table.
 *
 * Constant time: the ladder kernel runs all 255 steps whatever the scalar,
 * whose bits only form swap masks; the inversion is a fixed chain. The
 * all-zero check ORs every byte before its one branch, which reveals only
 * what the return value tells the caller anyway.
 */
#include "ed25519_base.h"
#include "fe25519.h"
#include "src/internal.h"

static void clamp(uint8_t e[32], const uint8_t scalar[32]) {
  memcpy(e, scalar, 32);
  e[0] &= 248;
  e[31] &= 127;
  e[31] |= 64;
}

/* 1 when s is all zero; no early exit. */
static int is_zero32(const uint8_t s[32]) {
  uint8_t acc = 0;
  for (int i = 0; i < 32; i++) acc |= s[i];
  return (int)(((unsigned)acc - 1) >> 8) & 1;
}

int hwc_x25519(uint8_t shared[32], const uint8_t scalar[32], const uint8_t point[32]) {
  HWC_DIT_SCOPE();
  if (!shared || !scalar || !point) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  static const uint8_t one[32] = {1};
  static const uint8_t zero[32] = {0};
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint8_t e[32], out[32];
    hwc_fe25519 x1, st[4], zi;
  } sec;
  clamp(sec.e, scalar);
  k->frombytes(&sec.x1, point); /* masks bit 255; u >= p is taken mod p */
  k->frombytes(&sec.st[0], one);
  k->frombytes(&sec.st[1], zero);
  sec.st[2] = sec.x1;
  k->frombytes(&sec.st[3], one);
  k->ladder(sec.st, &sec.x1, sec.e);
  hwc_fe25519_invert(k, &sec.zi, &sec.st[1]);
  k->mul(&sec.st[0], &sec.st[0], &sec.zi);
  k->tobytes(sec.out, &sec.st[0]);
  int zero_result = is_zero32(sec.out);
  memcpy(shared, sec.out, 32);
  hwc_memzero(&sec, sizeof sec);
  return zero_result ? HWC_ERR_INVALID_ARG : HWC_OK;
}

/* The birational map of RFC 7748 section 4.1: u = (1 + y) / (1 - y) =
 * (Z + Y) / (Z - Y), one inversion instead of a ladder. */
int hwc_x25519_base(uint8_t pub[32], const uint8_t scalar[32]) {
  HWC_DIT_SCOPE();
  if (!pub || !scalar) return HWC_ERR_INVALID_ARG;
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint8_t e[32];
    hwc_ge25519_p3 a;
    hwc_fe25519 n, d;
  } sec;
  clamp(sec.e, scalar);
  hwc_ge25519_scalarmult_base(k, &sec.a, sec.e);
  k->add(&sec.n, &sec.a.Z, &sec.a.Y);
  k->sub(&sec.d, &sec.a.Z, &sec.a.Y);
  hwc_fe25519_invert(k, &sec.d, &sec.d);
  k->mul(&sec.n, &sec.n, &sec.d);
  k->tobytes(pub, &sec.n);
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

int hwc_x25519_keypair(uint8_t pub[32], uint8_t sec[32]) {
  HWC_DIT_SCOPE();
  if (!pub || !sec) return HWC_ERR_INVALID_ARG;
  int r = hwc_random_bytes(sec, 32);
  if (r != HWC_OK) return r;
  return hwc_x25519_base(pub, sec);
}
