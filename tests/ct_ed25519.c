/* SPDX-License-Identifier: ISC */
/* Ed25519 and ristretto255 on secret inputs: key generation from a secret
 * seed, signing with a secret key, ristretto255 scalar multiplication
 * (fixed and variable base) by a secret scalar and the hash-to-group map
 * of a secret input. Any branch or table index on those secrets is
 * reported by memcheck.
 *
 * Backends: the public functions run on every fe25519 backend the CPU (or
 * valgrind's emulated CPU: generic and avx2, its CPUID hides ADX and
 * AVX-512) supports. Valgrind 3.19 does execute MULX/ADCX/ADOX, so when the
 * host's /proc/cpuinfo lists bmi2 and adx, signing and both scalar
 * multiplications are also run on the mulx kernel table directly, through
 * the internal entry points. */
#include <stdio.h>

#include "ct.h"
#include "src/curve25519/ge25519.h"

static void public_api(void) {
  uint8_t seed[32], pk[32], sk[64], sig[64], msg[100], n[32], q[32], h[64], P[32];
  t_rand_bytes(seed, 32);
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(n, 32);
  t_rand_bytes(h, 64);
  CHECK(hwc_ristretto255_from_hash(P, h) == HWC_OK); /* a public element */

  CT_SECRET(seed, 32);
  CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
  CT_SECRET_KEEP(sk, 64); /* seed and public key: must stay a key pair */
  CHECK(hwc_ed25519_sign(sig, msg, sizeof msg, sk) == HWC_OK);
  CT_PUBLIC(sig, 64);
  CT_PUBLIC(pk, 32);
  ct_declassified_begin(); /* verification is variable time on public values */
  int ok = hwc_ed25519_verify(sig, msg, sizeof msg, pk) == HWC_OK;
  ct_declassified_end();
  CHECK(ok);

  CT_SECRET(n, 32);
  CHECK(hwc_ristretto255_scalarmult_base(q, n) == HWC_OK);
  CHECK(hwc_ristretto255_scalarmult(q, n, P) == HWC_OK);
  CT_SECRET(h, 64);
  CHECK(hwc_ristretto255_from_hash(q, h) == HWC_OK);
  CT_PUBLIC(q, 32);
}

static void public_api_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  public_api();
}

HWC_TEST(ct, ed25519_ristretto255) {
  ct_for_each_impl(HWC_PRIM_FE25519, "ed25519 keygen and sign, ristretto255", public_api_body, NULL);
}

/* The group and signing layers on one kernel table. */
static void on_kernel(const hwc_fe25519_kernel *k) {
  uint8_t seed[32], sk[64], sig[64], msg[100], n[32], h[64], out[32];
  hwc_ge25519_p3 A, Q;
  t_rand_bytes(seed, 32);
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(n, 32);
  n[31] &= 0x7f;
  t_rand_bytes(h, 32);
  h[31] &= 0x7f;
  uint8_t pk[32];
  CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
  hwc_ge25519_scalarmult_base(k, &A, h); /* a public point */

  CT_SECRET_KEEP(sk, 64); /* seed and public key: must stay a key pair */
  hwc_ed25519_sign_k(k, sig, msg, sizeof msg, sk);
  CT_PUBLIC(sig, 64);
  ct_declassified_begin(); /* verification is variable time on public values */
  int ok = hwc_ed25519_verify(sig, msg, sizeof msg, pk) == HWC_OK;
  ct_declassified_end();
  CHECK(ok);

  CT_SECRET(n, 32);
  hwc_ge25519_scalarmult_base(k, &Q, n);
  hwc_ge25519_tobytes(k, out, &Q);
  hwc_ge25519_scalarmult(k, &Q, n, &A);
  hwc_ge25519_tobytes(k, out, &Q);
  CT_PUBLIC(out, 32);
}

HWC_TEST(ct, ed25519_kernels) {
  extern const hwc_fe25519_kernel hwc_fe25519_generic;
  on_kernel(&hwc_fe25519_generic);
#if defined(__x86_64__)
  extern const hwc_fe25519_kernel hwc_fe25519_mulx;
  if (ct_host_has("bmi2") && ct_host_has("adx")) {
    on_kernel(&hwc_fe25519_mulx);
    printf("ct/ed25519_kernels: generic and mulx checked\n");
  } else {
    printf("ct/ed25519_kernels: host has no BMI2+ADX, mulx not checked\n");
  }
#endif
}

/* The signing batch with secret keys, under every SHA-512 backend (its
 * hashes run in the SHA-512 lanes where a backend has them): n = 8 is
 * one whole group, n = 11 a group and a rest of three; messages of other
 * lengths in one call, so lanes finish their hashes at different blocks.
 * Lengths, statuses and signatures are public. */
static void ct_sign_batch_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg, (void)impl;
  static const size_t sizes[] = {8, 11};
  static uint8_t msgs[11][300];
  uint8_t sk[11][64], pk[32], seed[32], sig[11][64];
  const uint8_t *msg[11];
  size_t len[11];
  int status[11];
  for (size_t i = 0; i < 11; i++) {
    t_rand_bytes(seed, 32);
    CHECK(hwc_ed25519_seed_keypair(pk, sk[i], seed) == HWC_OK);
    len[i] = 37 * i;
    t_rand_bytes(msgs[i], len[i]);
    msg[i] = msgs[i];
  }
  for (size_t s = 0; s < 2; s++) {
    CT_SECRET_KEEP(sk, sizeof sk); /* seeds and public keys: must stay key pairs */
    int rc = hwc_ed25519_sign_batch(sig, status, msg, len, (const uint8_t(*)[64])sk, sizes[s]);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(status, sizeof status);
    CT_PUBLIC(sig, sizeof sig);
    CT_PUBLIC(sk, sizeof sk);
    CHECK(rc == HWC_OK);
  }
}

HWC_TEST(ct, ed25519_sign_batch) {
  ct_for_each_impl(HWC_PRIM_SHA512, "ed25519_sign_batch, n = 8 and 11", ct_sign_batch_body, NULL);
}
