/* SPDX-License-Identifier: ISC */
/* RSA key generation with every random byte secret: hwc_random_bytes hands
 * each buffer it fills to a test entry point (src/util.c, hwc_random_hook) that
 * marks it secret, so the candidates, the Miller-Rabin bases and everything
 * derived from them (p, q, d, dP, dQ, qInv, the checks on them) must steer
 * no branch, address or divisor. The library releases only the verdicts on
 * candidates it throws away (tests/CT.md). The key is then used: a PKCS#1
 * v1.5 signature (its blinding secret too), verified, a tampered one
 * rejected, and a PSS signature. Under valgrind the random bytes come from
 * a fixed stream, so the candidates tried, and the run time (about ten
 * seconds a backend), are the same on every run; MSan, fast enough not to
 * care, uses the OS's bytes. */
#include "ct.h"
#include "src/rsa/rsa_internal.h"

/* src/util.c, test builds only. */
extern void (*hwc_random_hook)(uint8_t *buf, size_t len);

static size_t hooked;         /* bytes the hook has seen */
static int fixed_stream;      /* replace them with the stream below */
static uint64_t stream_state; /* splitmix64 */

static uint64_t stream_next(void) {
  uint64_t z = (stream_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static void secret_random(uint8_t *buf, size_t len) {
  if (fixed_stream)
    for (size_t i = 0; i < len; i += 8) {
      uint64_t w = stream_next();
      for (size_t j = 0; j < 8 && i + j < len; j++) buf[i + j] = (uint8_t)(w >> (8 * j));
    }
  hooked += len;
  ct_secret(buf, len);
}

/* Generates a 2048-bit key for e (0: 65537), checks its public half and
 * signs with it. */
static void keygen_and_use(const char *impl, uint64_t e, int checking) {
  hwc_rsa_key *key = NULL;
  size_t before = hooked;
  int rc = hwc_rsa_generate(&key, 2048, e);
  ct_public(&rc, sizeof rc);
  CHECK_MSG(rc == HWC_OK, "%s: e=%llu: generate %d", impl, (unsigned long long)e, rc);
  CHECK_MSG(hooked - before >= 256, "%s: the random hook saw only %zu bytes", impl, hooked - before);
  CHECK(hwc_rsa_size(key) == 256);
  /* The secret halves of the key still carry the random bytes' taint: had
   * the library released one, its later uses would go unchecked. */
  const struct { const char *name; const uint64_t *v; } parts[] = {
      {"p", key->crt.mp.m}, {"q", key->crt.mq.m}, {"d", key->d},
      {"dP", key->crt.dp}, {"dQ", key->crt.dq}, {"qInv", key->crt.qinv}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    CHECK_MSG(!checking || ct_is_secret(parts[i].v, 64), "%s: e=%llu: %s was declassified", impl,
              (unsigned long long)e, parts[i].name);
  uint8_t n[300], ev[16];
  size_t nl = hwc_rsa_key_part(key, HWC_RSA_N, n, sizeof n);
  ct_public(n, nl); /* the public key */
  CHECK_MSG(nl == 256 && (n[0] & 0x80) && (n[255] & 1), "%s: n of %zu bytes", impl, nl);
  size_t el = hwc_rsa_key_part(key, HWC_RSA_E, ev, sizeof ev);
  uint64_t got = 0;
  for (size_t i = 0; i < el; i++) got = got << 8 | ev[i];
  CHECK(got == (e ? e : 65537));

  /* A PKCS#1 v1.5 signature with the hook still on: the blinding values and
   * the exponent blinding are secret as well. PSS's salt is not a secret
   * (anyone recovers it from the signature with the public key), so its
   * signature is made with the OS's bytes as they are. */
  uint8_t msg[48], sig[256];
  size_t len = sizeof sig;
  t_rand_bytes(msg, sizeof msg);
  rc = hwc_rsa_sign_pkcs1(sig, &len, msg, sizeof msg, HWC_HASH_SHA256, key);
  ct_public(&rc, sizeof rc);
  ct_public(&len, sizeof len);
  ct_public(sig, sizeof sig); /* the signature is the caller's output */
  CHECK(rc == HWC_OK && len == 256);
  CHECK(hwc_rsa_verify_pkcs1(sig, len, msg, sizeof msg, HWC_HASH_SHA256, key) == HWC_OK);
  sig[100] ^= 0x10;
  CHECK(hwc_rsa_verify_pkcs1(sig, len, msg, sizeof msg, HWC_HASH_SHA256, key) == HWC_ERR_VERIFY);
  hwc_random_hook = NULL;
  len = sizeof sig;
  rc = hwc_rsa_sign_pss(sig, &len, msg, sizeof msg, HWC_HASH_SHA256, 32, key);
  hwc_random_hook = secret_random;
  ct_public(&rc, sizeof rc);
  ct_public(&len, sizeof len);
  ct_public(sig, sizeof sig);
  CHECK(rc == HWC_OK && len == 256);
  CHECK(hwc_rsa_verify_pss(sig, len, msg, sizeof msg, HWC_HASH_SHA256, 32, key) == HWC_OK);
  hwc_rsa_free(key);
}

static void ct_rsa_keygen_body(hwc_prim prim, const char *impl, void *arg) {
  (void)prim;
  (void)arg;
#if defined(HWC_CT_MSAN)
  int checking = 1;
  fixed_stream = 0;
#elif defined(HWC_CT_QEMU_TRACE)
  int checking = 0; /* not run: see HWC_TEST(ct, rsa_keygen) */
  fixed_stream = 1;
#else
  int checking = RUNNING_ON_VALGRIND;
  fixed_stream = checking;
#endif
  stream_state = 0x6b657967656e3031u; /* any seed: the same candidates each run */
  hwc_random_hook = secret_random;
  /* The hook must be live, or nothing below is checked. */
  uint8_t probe[32];
  CHECK(hwc_random_bytes(probe, sizeof probe) == HWC_OK);
  CHECK_MSG(!checking || ct_is_secret(probe, sizeof probe), "hwc_random_bytes output is not marked secret");
  ct_public(probe, sizeof probe);
  keygen_and_use(impl, 0, checking);
  keygen_and_use(impl, 3, checking);
  hwc_random_hook = NULL;
}

HWC_TEST(ct, rsa_keygen) {
#ifdef HWC_CT_QEMU_TRACE
  /* Key generation releases the verdict on every candidate it throws away
   * (tests/CT.md), so with other secret random bytes it tries another
   * number of candidates and its trace differs without any leak: a
   * differential trace cannot check it. Said per backend, never skipped
   * silently. */
  for (size_t i = 0; i < hwc_impl_count(HWC_PRIM_BIGNUM); i++)
    printf("ct: bignum/%s NOT covered by qemu-trace (rsa keygen): it releases the verdicts on rejected "
           "candidates, so runs with other secrets differ legitimately\n",
           hwc_impl_name(HWC_PRIM_BIGNUM, i));
  return;
#endif
  ct_for_each_impl(HWC_PRIM_BIGNUM, "rsa keygen 2048 e=65537 and e=3 from secret random bytes, pkcs1 and pss sign",
                   ct_rsa_keygen_body, NULL);
}
