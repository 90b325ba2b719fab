/* SPDX-License-Identifier: ISC */
/* Data-independent timing on aarch64 (src/internal.h, HWC_DIT_SCOPE): on a
 * CPU with FEAT_DIT (qemu's -cpu max), every kernel call that the public
 * operations make runs with PSTATE.DIT set, and DIT is clear again when the
 * public function returns. The kernels' call counters record each call made
 * without DIT (src/kernels.h, hwc_count_dit); the bodies run every backend
 * of every primitive. Built for aarch64 only: x86 has no such mode. On an
 * aarch64 CPU without FEAT_DIT the library must not touch the register
 * (reading it would be an illegal instruction): the operations run, and
 * that is all there is to check. */
#include <stdlib.h>

#include "check.h"

#if defined(__aarch64__)
static uint8_t msg[2048 + 33], out[sizeof msg + 64], key[64];

static int have_dit(void) { return (hwc_dispatch_features() & HWC_CPU_ARM_DIT) != 0; }

static uint64_t dit_now(void) {
  uint64_t v;
  __asm__ volatile("mrs %0, S3_3_C4_C2_5" : "=r"(v));
  return v >> 24 & 1;
}

/* The RSA key the bignum operations use (tests/vectors/rsa). */
typedef struct {
  const uint8_t *der;
  size_t len;
} rsa_der;

/* The public operations that reach primitive p's kernels. */
static void run_ops(hwc_prim p, const rsa_der *rsa) {
  uint8_t tag[16], nonce[24] = {3}, iv[16] = {0}, pk[32], sk[64], sig[64], q[32];
  switch (p) {
  case HWC_PRIM_AES:
  case HWC_PRIM_GHASH:
  case HWC_PRIM_AES_GCM: {
    hwc_aes_key k;
    hwc_aes_gcm_key g;
    CHECK(hwc_aes_init(&k, key, 32) == HWC_OK);
    CHECK(hwc_aes_cbc_encrypt(out, msg, 1024, iv, &k) == HWC_OK);
    CHECK(hwc_aes_cbc_decrypt(out, out, 1024, iv, &k) == HWC_OK);
    CHECK(hwc_aes_ctr(out, msg, sizeof msg, iv, &k) == HWC_OK);
    CHECK(hwc_aes_gcm_init(&g, key, 16) == HWC_OK);
    CHECK(hwc_aes_gcm_encrypt(out, tag, 16, msg, sizeof msg, msg, 13, nonce, 12, &g) == HWC_OK);
    CHECK(hwc_aes_gcm_decrypt(out, out, sizeof msg, tag, 16, msg, 13, nonce, 12, &g) == HWC_OK);
    hwc_aes_gcm_ctx c; /* the 0.3 context, in two pieces */
    CHECK(hwc_aes_gcm_start(&c, 1, nonce, 12, &g) == HWC_OK && hwc_aes_gcm_aad(&c, msg, 13) == HWC_OK);
    CHECK(hwc_aes_gcm_update(&c, out, msg, 777) == HWC_OK);
    CHECK(hwc_aes_gcm_update(&c, out + 777, msg + 777, sizeof msg - 777) == HWC_OK);
    CHECK(hwc_aes_gcm_finish(&c, tag, 16) == HWC_OK);
    hwc_aes_key_wipe(&k);
    hwc_aes_gcm_key_wipe(&g);
    break;
  }
  case HWC_PRIM_CHACHA20:
  case HWC_PRIM_POLY1305:
  case HWC_PRIM_CHACHA20_POLY1305:
    CHECK(hwc_chacha20(out, msg, sizeof msg, nonce, 1, key) == HWC_OK);
    CHECK(hwc_xchacha20(out, msg, sizeof msg, nonce, 1, key) == HWC_OK);
    CHECK(hwc_chacha20poly1305_encrypt(out, tag, msg, sizeof msg, msg, 7, nonce, key) == HWC_OK);
    CHECK(hwc_chacha20poly1305_decrypt(out, out, sizeof msg, tag, msg, 7, nonce, key) == HWC_OK);
    CHECK(hwc_xchacha20poly1305_encrypt(out, tag, msg, 100, NULL, 0, nonce, key) == HWC_OK);
    hwc_poly1305(tag, msg, sizeof msg, key);
    { /* the 0.3 context in two pieces, and a secret stream message */
      hwc_chacha20poly1305_ctx c;
      CHECK(hwc_chacha20poly1305_start(&c, 1, nonce, key) == HWC_OK);
      CHECK(hwc_chacha20poly1305_update(&c, out, msg, 777) == HWC_OK);
      CHECK(hwc_chacha20poly1305_update(&c, out + 777, msg + 777, sizeof msg - 777) == HWC_OK);
      CHECK(hwc_chacha20poly1305_finish(&c, tag) == HWC_OK);
      hwc_secretstream_state st;
      uint8_t header[HWC_SECRETSTREAM_HEADERBYTES];
      size_t c_len = sizeof out;
      CHECK(hwc_secretstream_init_push(&st, header, key) == HWC_OK);
      CHECK(hwc_secretstream_push(&st, out, &c_len, msg, 1000, NULL, 0, HWC_SECRETSTREAM_TAG_FINAL) == HWC_OK);
      hwc_secretstream_wipe(&st);
    }
    break;
  case HWC_PRIM_FE25519:
    CHECK(hwc_x25519_base(pk, key) == HWC_OK);
    CHECK(hwc_x25519(q, key + 32, pk) == HWC_OK);
    CHECK(hwc_ed25519_seed_keypair(pk, sk, key) == HWC_OK);
    CHECK(hwc_ed25519_sign(sig, msg, 100, sk) == HWC_OK);
    CHECK(hwc_ed25519_verify(sig, msg, 100, pk) == HWC_OK);
    CHECK(hwc_ristretto255_scalarmult_base(q, key) == HWC_OK);
    break;
  case HWC_PRIM_BIGNUM: {
    hwc_rsa_key *k = NULL;
    size_t len = 256;
    CHECK(hwc_rsa_import(&k, rsa->der, rsa->len) == HWC_OK);
    CHECK(hwc_rsa_sign_pkcs1(out, &len, msg, 100, HWC_HASH_SHA256, k) == HWC_OK);
    CHECK(hwc_rsa_verify_pkcs1(out, len, msg, 100, HWC_HASH_SHA256, k) == HWC_OK);
    hwc_rsa_free(k);
    break;
  }
  default: {
    uint8_t d[64];
    hwc_sha256(d, msg, sizeof msg);
    hwc_sha512(d, msg, sizeof msg);
    hwc_sha1(d, msg, sizeof msg);
    CHECK(hwc_hmac(d, msg, sizeof msg, HWC_HASH_SHA384, key, 32) == HWC_OK);
    CHECK(hwc_hkdf(out, 100, msg, 10, msg, 20, HWC_HASH_SHA256, key, 32) == HWC_OK);
  }
  }
}

static void dit_body(hwc_prim p, const char *impl, void *rsa) {
  hwc_testing_calls_without_dit(); /* other tests call kernels directly */
  run_ops(p, rsa);
  if (!have_dit()) return;
  unsigned long without = hwc_testing_calls_without_dit();
  CHECK_MSG(without == 0, "%s/%s: %lu kernel calls ran without PSTATE.DIT", hwc_prim_name(p), impl, without);
  CHECK_MSG(dit_now() == 0, "%s/%s: PSTATE.DIT left set after the public functions returned", hwc_prim_name(p), impl);
}

HWC_TEST(dit, kernel_calls_run_with_dit) {
  size_t len;
  char *der = t_read_vector_file("rsa/key2048.pkcs8.der", &len);
  CHECK(der != NULL);
  rsa_der rsa = {(const uint8_t *)der, len};
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(key, sizeof key);
  size_t bodies = 0;
  /* The AEADs under "separate" while their members' loops run (so that
   * they run the member of the loop); the pairs' own loops come last. */
  const char *gcm = hwc_impl_selected(HWC_PRIM_AES_GCM), *ccp = hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, "separate") == HWC_OK &&
        hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, "separate") == HWC_OK);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) bodies += t_for_each_impl((hwc_prim)p, dit_body, &rsa);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, gcm) == HWC_OK && hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, ccp) == HWC_OK);
  if (have_dit()) {
    /* The check can fail: a kernel called outside any public function
     * (as the bignum tests do) is counted. */
    const hwc_fe25519_kernel *k = HWC_KERNEL(HWC_PRIM_FE25519, hwc_fe25519_kernel);
    hwc_fe25519 a, b;
    memset(&a, 0, sizeof a);
    hwc_testing_calls_without_dit();
    k->mul(&b, &a, &a);
    CHECK_MSG(hwc_testing_calls_without_dit() == 1, "a kernel call without DIT went uncounted");
    printf("dit: %zu backend bodies, every kernel call with PSTATE.DIT set, clear after each return\n", bodies);
  } else {
    printf("dit: this CPU has no FEAT_DIT; %zu backend bodies ran without touching PSTATE.DIT\n", bodies);
  }
  free(der);
}
#endif
