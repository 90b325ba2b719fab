/* SPDX-License-Identifier: ISC */
/* X25519 on attacker-chosen scalars and points. Byte 0 chooses the path and
 * the backend compared with generic (fuzz.h); then a 32-byte scalar and,
 * for the variable-base path, a 32-byte point (missing bytes read as zero).
 *   even byte 0: hwc_x25519(k, u), the Montgomery ladder on any u;
 *   odd  byte 0: hwc_x25519_base(k), the fixed-base table path, which must
 *                also equal the ladder on u = 9.
 * Keeping the paths apart halves the work per input and lets libFuzzer
 * learn which bytes matter to which path. Every fe25519 implementation must
 * give the same 32 bytes and return code, and an error only with the
 * all-zero result. */
#include "fuzz.h"

typedef struct {
  int base; /* nonzero: the fixed-base path */
  uint8_t k[32], u[32];
  uint8_t first[32];
  int first_rc, have_first;
} x_case;

/* One implementation's answer, checked against generic's. */
static void run(size_t i, void *ctx) {
  x_case *c = ctx;
  static const uint8_t nine[32] = {9}, zero[32] = {0};
  uint8_t out[32];
  int rc;
  if (c->base) {
    rc = hwc_x25519_base(out, c->k);
    FUZZ_REQUIRE(rc == HWC_OK, "x25519_base failed");
    /* The table path against the ladder: once per input is enough, as the
     * implementations' table results are compared with each other. */
    if (i != 0) {
      uint8_t ladder9[32];
      FUZZ_REQUIRE(hwc_x25519(ladder9, c->k, nine) == HWC_OK, "x25519(k, 9) failed");
      FUZZ_REQUIRE(memcmp(ladder9, out, 32) == 0, "x25519_base != x25519(k, 9)");
    }
  } else {
    rc = hwc_x25519(out, c->k, c->u);
    FUZZ_REQUIRE(rc == HWC_OK || rc == HWC_ERR_INVALID_ARG, "x25519: unexpected return code");
    FUZZ_REQUIRE((rc != HWC_OK) == (memcmp(out, zero, 32) == 0), "x25519: error iff the result is zero");
  }
  if (!c->have_first) {
    memcpy(c->first, out, 32);
    c->first_rc = rc;
    c->have_first = 1;
  } else {
    FUZZ_REQUIRE(memcmp(c->first, out, 32) == 0 && c->first_rc == rc, "fe25519 implementations disagree");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  x_case c;
  memset(&c, 0, sizeof c);
  uint8_t mode = size ? data[0] : 0;
  const uint8_t *rest = size ? data + 1 : data;
  size_t n = size ? size - 1 : 0;
  c.base = mode & 1;
  memcpy(c.k, rest, n < 32 ? n : 32);
  if (n > 32) memcpy(c.u, rest + 32, n - 32 < 32 ? n - 32 : 32);
  if (c.base) {
    fuzz_note_value(0, c.k);
  } else {
    fuzz_note_value(1, c.k);
    fuzz_note_value(2, c.u);
  }
  fuzz_generic_and_one(HWC_PRIM_FE25519, mode >> 1, run, &c);
  return 0;
}
