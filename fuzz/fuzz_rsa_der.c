/* SPDX-License-Identifier: ISC */
/* RSA key decoding must never crash or over-read, and whatever parses must
 * survive a write/parse round trip unchanged (PKCS#8 or SPKI). Input goes
 * through PEM decoding too when it looks like PEM. */
#include "fuzz.h"
#include "src/internal.h"
#include "src/rsa/pem.h"
#include "src/rsa/rsa_der.h"

static int same(der_slice a, der_slice b) { return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0); }

static void round_trip(const uint8_t *der, size_t len) {
  rsa_der_key k, k2;
  if (hwc_rsa_der_parse(&k, der, len) != HWC_OK) return;
  size_t need = 0;
  hwc_rsa_der_write(NULL, &need, k.has_private, &k);
  uint8_t *out = malloc(need);
  size_t n = need;
  FUZZ_REQUIRE(hwc_rsa_der_write(out, &n, k.has_private, &k) == HWC_OK && n == need, "write failed");
  FUZZ_REQUIRE(hwc_rsa_der_parse(&k2, out, n) == HWC_OK, "our own output does not parse");
  FUZZ_REQUIRE(same(k.n, k2.n) && same(k.e, k2.e) && same(k.d, k2.d) && same(k.qinv, k2.qinv) &&
                   k.has_private == k2.has_private, "round trip changed the key");
  free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t *copy = malloc(size ? size : 1); /* exact size: over-reads hit the sanitizer */
  memcpy(copy, data, size);
  round_trip(copy, size);
  if (hwc_pem_looks_like(copy, size)) {
    char label[PEM_LABEL_MAX];
    uint8_t *der = malloc(size / 4 * 3 + 3);
    size_t n;
    if (hwc_pem_decode(label, der, &n, copy, size, NULL) == HWC_OK) round_trip(der, n);
    free(der);
  }
  free(copy);
  return 0;
}
