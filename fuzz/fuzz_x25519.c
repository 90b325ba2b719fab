/* X25519 on attacker-chosen scalars and points (64 bytes: scalar || point;
 * shorter inputs are zero-padded): every fe25519 implementation must give
 * the same 32 bytes and the same return code, an error only with the
 * all-zero result, and the fixed-base path must equal the ladder on u = 9. */
#include "fuzz.h"

typedef struct {
  uint8_t k[32], u[32];
  uint8_t first[64];
  int first_rc[2], have_first;
} x_case;

static void run(size_t i, void *ctx) {
  (void)i;
  x_case *c = ctx;
  static const uint8_t nine[32] = {9}, zero[32] = {0};
  uint8_t out[64], ladder9[32];
  int rc = hwc_x25519(out, c->k, c->u);
  FUZZ_REQUIRE(rc == HWC_OK || rc == HWC_ERR_INVALID_ARG, "x25519: unexpected return code");
  FUZZ_REQUIRE((rc != HWC_OK) == (memcmp(out, zero, 32) == 0), "x25519: error iff the result is zero");
  int rcb = hwc_x25519_base(out + 32, c->k);
  FUZZ_REQUIRE(rcb == HWC_OK, "x25519_base failed");
  FUZZ_REQUIRE(hwc_x25519(ladder9, c->k, nine) == HWC_OK, "x25519(k, 9) failed");
  FUZZ_REQUIRE(memcmp(ladder9, out + 32, 32) == 0, "x25519_base != x25519(k, 9)");
  if (!c->have_first) {
    memcpy(c->first, out, 64);
    c->first_rc[0] = rc;
    c->first_rc[1] = rcb;
    c->have_first = 1;
  } else {
    FUZZ_REQUIRE(memcmp(c->first, out, 64) == 0 && c->first_rc[0] == rc && c->first_rc[1] == rcb,
                 "fe25519 implementations disagree");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  x_case c;
  memset(&c, 0, sizeof c);
  memcpy(c.k, data, size < 32 ? size : 32);
  if (size > 32) memcpy(c.u, data + 32, size - 32 < 32 ? size - 32 : 32);
  fuzz_each_impl(HWC_PRIM_FE25519, run, &c);
  return 0;
}
