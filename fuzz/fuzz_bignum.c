/* SPDX-License-Identifier: ISC */
/* hwc_modexp: every bignum implementation must return the same code and the
 * same bytes for any modulus, base and exponent the input describes
 * (byte 0: modulus length 1..96, byte 1: exponent length 0..63, then m,
 * base, exp; missing bytes read as zero). */
#include "fuzz.h"

typedef struct {
  uint8_t m[96], b[96], e[64], first[96];
  size_t ml, el;
  int first_rc, have_first;
} modexp_case;

static void run(size_t i, void *ctx) {
  (void)i;
  modexp_case *c = ctx;
  uint8_t out[96];
  int rc = hwc_modexp(out, c->b, c->e, c->el, c->m, c->ml);
  if (!c->have_first) {
    c->first_rc = rc;
    memcpy(c->first, out, c->ml);
    c->have_first = 1;
    return;
  }
  FUZZ_REQUIRE(rc == c->first_rc, "implementations return different codes");
  FUZZ_REQUIRE(rc != HWC_OK || memcmp(out, c->first, c->ml) == 0, "implementations disagree");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  modexp_case c;
  memset(&c, 0, sizeof c);
  size_t at = 2;
  c.ml = size > 0 ? (size_t)data[0] % 96 + 1 : 1;
  c.el = size > 1 ? (size_t)data[1] % 64 : 0;
  for (size_t j = 0; j < c.ml && at < size; j++) c.m[j] = data[at++];
  for (size_t j = 0; j < c.ml && at < size; j++) c.b[j] = data[at++];
  for (size_t j = 0; j < c.el && at < size; j++) c.e[j] = data[at++];
  if (size > 2 && (data[2] & 1)) c.m[c.ml - 1] |= 1; /* mostly odd moduli, sometimes even */
  fuzz_note_bytes(0, c.m, c.ml);
  fuzz_note_bytes(1, c.b, c.ml);
  fuzz_note_bytes(2, c.e, c.el);
  if (memcmp(c.b, c.m, c.ml) >= 0) fuzz_note_class(3, 0); /* base >= m: reduced first */
  fuzz_each_impl(HWC_PRIM_BIGNUM, run, &c);
  return 0;
}
