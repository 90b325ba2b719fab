/* Ed25519 verification and ristretto255 decoding on hostile bytes: every
 * fe25519 implementation must give the same answers, nothing may crash.
 * The input is read as a signature, a public key and a message (raw
 * verification, mostly rejected early), as a seed whose own signature is
 * then altered at an input-chosen place (verification that reaches the
 * equation), and as ristretto255 encodings and scalars. */
#include "fuzz.h"

typedef struct {
  int rc[8];
  uint8_t out[5][32];
} results;

typedef struct {
  const uint8_t *data;
  size_t size;
  results first;
  int have_first;
} fuzz_case;

static void take(uint8_t *dst, size_t n, const uint8_t *data, size_t size, size_t off) {
  for (size_t i = 0; i < n; i++) dst[i] = size ? data[(off + i) % size] : 0;
}

static void run(size_t impl, void *ctx) {
  (void)impl;
  fuzz_case *c = ctx;
  const uint8_t *d = c->data;
  size_t n = c->size;
  results r;
  memset(&r, 0, sizeof r);
  uint8_t sig[64], pk[32], sk[64], a[32], b[32], s[32], h[64];
  size_t mlen = n > 96 ? n - 96 : 0;
  const uint8_t *msg = n > 96 ? d + 96 : NULL;

  take(sig, 64, d, n, 0);
  take(pk, 32, d, n, 64);
  r.rc[0] = hwc_ed25519_verify(sig, msg, mlen, pk);
  FUZZ_REQUIRE(r.rc[0] == HWC_OK || r.rc[0] == HWC_ERR_VERIFY, "verify returned an unexpected code");

  /* A real signature, then one byte of sig || pk changed (or none). */
  take(h, 32, d, n, 7);
  FUZZ_REQUIRE(hwc_ed25519_seed_keypair(pk, sk, h) == HWC_OK, "seed_keypair failed");
  FUZZ_REQUIRE(hwc_ed25519_sign(sig, msg, mlen, sk) == HWC_OK, "sign failed");
  FUZZ_REQUIRE(hwc_ed25519_verify(sig, msg, mlen, pk) == HWC_OK, "own signature rejected");
  uint8_t where = n > 1 ? d[1] % 96 : 0, delta = n > 2 ? d[2] : 0;
  if (where < 64)
    sig[where] ^= delta;
  else
    pk[where - 64] ^= delta;
  r.rc[1] = hwc_ed25519_verify(sig, msg, mlen, pk);
  FUZZ_REQUIRE(delta != 0 || r.rc[1] == HWC_OK, "unaltered signature rejected");
  memcpy(r.out[0], sig, 32);

  take(a, 32, d, n, 0);
  take(b, 32, d, n, 32);
  take(s, 32, d, n, 64);
  take(h, 64, d, n, 3);
  r.rc[2] = hwc_ristretto255_is_valid_point(a);
  r.rc[3] = hwc_ristretto255_add(r.out[1], a, b);
  r.rc[4] = hwc_ristretto255_sub(r.out[2], a, b);
  r.rc[5] = hwc_ristretto255_scalarmult(r.out[3], s, a);
  r.rc[6] = hwc_ristretto255_from_hash(r.out[4], h);
  FUZZ_REQUIRE((r.rc[3] == HWC_OK) == (r.rc[2] && hwc_ristretto255_is_valid_point(b)), "add accepted an invalid point");
  FUZZ_REQUIRE(r.rc[2] || r.rc[5] == HWC_ERR_BAD_ENCODING, "scalarmult accepted an invalid point");
  FUZZ_REQUIRE(hwc_ristretto255_is_valid_point(r.out[4]) == 1, "from_hash gave an invalid encoding");
  if (r.rc[3] == HWC_OK) FUZZ_REQUIRE(hwc_ristretto255_is_valid_point(r.out[1]) == 1, "add gave an invalid encoding");
  if (r.rc[3] != HWC_OK) memset(r.out[1], 0, 32);
  if (r.rc[4] != HWC_OK) memset(r.out[2], 0, 32);
  if (r.rc[5] == HWC_ERR_BAD_ENCODING) memset(r.out[3], 0, 32);

  if (!c->have_first) {
    c->first = r;
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(&c->first, &r, sizeof r) == 0, "implementations disagree");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_case c = {data, size, {{0}, {{0}}}, 0};
  fuzz_each_impl(HWC_PRIM_FE25519, run, &c);
  return 0;
}
