/* SPDX-License-Identifier: ISC */
/* SHA-256/384/512: one-shot and incremental (split where the input says)
 * digests must agree across every implementation. */
#include "fuzz.h"

typedef struct {
  const uint8_t *data;
  size_t size, cut;
  uint8_t first[3][64];
  int have_first;
} sha_case;

static void digests(uint8_t out[3][64], const sha_case *c) {
  hwc_sha256_ctx s256;
  hwc_sha512_ctx s512, s384;
  hwc_sha256_init(&s256);
  hwc_sha512_init(&s512);
  hwc_sha384_init(&s384);
  hwc_sha256_update(&s256, c->data, c->cut);
  hwc_sha256_update(&s256, c->data + c->cut, c->size - c->cut);
  hwc_sha512_update(&s512, c->data, c->cut);
  hwc_sha512_update(&s512, c->data + c->cut, c->size - c->cut);
  hwc_sha512_update(&s384, c->data, c->cut);
  hwc_sha512_update(&s384, c->data + c->cut, c->size - c->cut);
  hwc_sha256_final(&s256, out[0]);
  hwc_sha512_final(&s512, out[1]);
  hwc_sha384_final(&s384, out[2]);
  uint8_t one[64];
  hwc_sha256(one, c->data, c->size);
  FUZZ_REQUIRE(memcmp(one, out[0], 32) == 0, "sha256 incremental != one-shot");
  hwc_sha512(one, c->data, c->size);
  FUZZ_REQUIRE(memcmp(one, out[1], 64) == 0, "sha512 incremental != one-shot");
  hwc_sha384(one, c->data, c->size);
  FUZZ_REQUIRE(memcmp(one, out[2], 48) == 0, "sha384 incremental != one-shot");
}

static void run(size_t i, void *ctx) {
  (void)i;
  sha_case *c = ctx;
  uint8_t out[3][64] = {{0}}; /* SHA-384 fills 48 of its 64 bytes */
  digests(out, c);
  if (!c->have_first) {
    memcpy(c->first, out, sizeof out);
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(c->first, out, sizeof out) == 0, "implementations disagree");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sha_case c = {data, size, size ? data[0] % (size + 1) : 0, {{0}}, 0};
  fuzz_each_impl(HWC_PRIM_SHA256, run, &c);
  c.have_first = 0;
  fuzz_each_impl(HWC_PRIM_SHA512, run, &c);
  return 0;
}
