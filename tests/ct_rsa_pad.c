/* SPDX-License-Identifier: ISC */
/* OAEP decoding on a secret encoded message: no branch or index may depend
 * on it, for valid and invalid paddings alike. */
#include "ct.h"
#include "src/rsa/rsa_pad.h"

HWC_TEST(ct, oaep_decode) {
  uint8_t em[256], work[256], out[256], msg[100], seed[32];
  t_rand_bytes(msg, sizeof msg);
  t_rand_bytes(seed, sizeof seed);
  CHECK(hwc_eme_oaep_encode(em, sizeof em, HWC_HASH_SHA256, msg, sizeof msg, NULL, 0, seed) == HWC_OK);
  for (int tamper = 0; tamper < 2; tamper++) {
    memcpy(work, em, sizeof em);
    work[100] ^= (uint8_t)tamper;
    size_t n = sizeof out;
    CT_SECRET_KEEP(work, sizeof work); /* an encoding: its structure must stay */
    int rc = hwc_eme_oaep_decode(out, &n, work, sizeof work, HWC_HASH_SHA256, NULL, 0);
    CT_PUBLIC(out, sizeof out);
    CHECK(rc == (tamper ? HWC_ERR_AUTH : HWC_OK));
  }
}
