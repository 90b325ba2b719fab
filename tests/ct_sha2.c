/* SPDX-License-Identifier: ISC */
/* SHA-2 on secret input (as inside HMAC or Ed25519 signing), and SHA-1 (HMAC-SHA1
 * keys, OAEP with SHA-1): every kernel must not branch or index on the
 * message bytes; SHA-512's lane entry too, where a backend has one. */
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
  /* The lane entry (batches hash secret prefixes with it): secret states
   * and blocks in every lane. */
  const hwc_sha512_kernel *k = p == HWC_PRIM_SHA512 ? HWC_KERNEL(p, hwc_sha512_kernel) : NULL;
  if (k && k->lanes) {
    static uint8_t blk[HWC_SHA512_MAX_LANES][128];
    uint64_t st[HWC_SHA512_MAX_LANES][8];
    const uint8_t *in[HWC_SHA512_MAX_LANES];
    t_rand_bytes(&blk[0][0], sizeof blk);
    t_rand_bytes((uint8_t *)st, sizeof st);
    for (unsigned l = 0; l < k->lanes; l++) in[l] = blk[l];
    CT_SECRET(blk, sizeof blk);
    CT_SECRET(st, sizeof st);
    k->blocks_lanes(st, in);
    CT_PUBLIC(st, sizeof st);
    CT_PUBLIC(blk, sizeof blk);
  }
  (void)impl;
}

HWC_TEST(ct, sha256) { ct_for_each_impl(HWC_PRIM_SHA256, "hwc_sha256", ct_sha2_body, NULL); }
HWC_TEST(ct, sha512) { ct_for_each_impl(HWC_PRIM_SHA512, "hwc_sha512, hwc_sha384", ct_sha2_body, NULL); }
HWC_TEST(ct, sha1) { ct_for_each_impl(HWC_PRIM_SHA1, "hwc_sha1", ct_sha2_body, NULL); }
