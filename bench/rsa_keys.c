/* SPDX-License-Identifier: ISC */
/* One RSA key per size for every RSA row: generated once (the slow part),
 * kept as PKCS#8 DER, and imported afresh for each setup so the key records
 * the bignum implementation the row is measuring. */
#include <stdlib.h>

#include "bench.h"

int bench_rsa_key(hwc_rsa_key **key, unsigned bits) {
  static uint8_t *der[3];
  static size_t der_len[3];
  int slot = bits == 2048 ? 0 : bits == 3072 ? 1 : 2;
  if (der[slot] == NULL) {
    hwc_rsa_key *k;
    int rc = hwc_rsa_generate(&k, bits, 65537);
    if (rc) return rc;
    size_t n = 0;
    hwc_rsa_export(NULL, &n, 1, 0, k);
    der[slot] = malloc(n);
    der_len[slot] = n;
    rc = der[slot] ? hwc_rsa_export(der[slot], &der_len[slot], 1, 0, k) : HWC_ERR_NOMEM;
    hwc_rsa_free(k);
    if (rc) return rc;
  }
  return hwc_rsa_import(key, der[slot], der_len[slot]);
}
