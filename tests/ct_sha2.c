/* SPDX-License-Identifier: ISC */
/* SHA-2 on secret input (as inside HMAC or Ed25519 signing), and SHA-1 (HMAC-SHA1
 * keys, OAEP with SHA-1): every kernel must not branch or index on the
 * message bytes. */
#include "ct.h"

static void ct_sha2_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t msg[300], out[64];
  t_rand_bytes(msg, sizeof msg);
  for (size_t len = 0; len <= sizeof msg; len += 37) {
    CT_SECRET(msg, sizeof msg);
    if (p == HWC_PRIM_SHA1) hwc_sha1(out, msg, len);
    else if (p == HWC_PRIM_SHA256) hwc_sha256(out, msg, len);
    else { hwc_sha512(out, msg, len); hwc_sha384(out, msg, len); }
    CT_PUBLIC(out, sizeof out);
    CT_PUBLIC(msg, sizeof msg);
  }
  (void)impl;
}

HWC_TEST(ct, sha256) { ct_for_each_impl(HWC_PRIM_SHA256, "hwc_sha256", ct_sha2_body, NULL); }
HWC_TEST(ct, sha512) { ct_for_each_impl(HWC_PRIM_SHA512, "hwc_sha512, hwc_sha384", ct_sha2_body, NULL); }
HWC_TEST(ct, sha1) { ct_for_each_impl(HWC_PRIM_SHA1, "hwc_sha1", ct_sha2_body, NULL); }
