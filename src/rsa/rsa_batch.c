/* SPDX-License-Identifier: ISC */
/*
 * The RSA batches, under the shared rules of include/hwcrypto.h
 * ("batches"). Each output's capacity is its key's size, as the contract
 * says, so the single call's size rule never fires for a valid item.
 *
 * Items whose keys have one lane class (rsa_internal.h: CRT halves of one
 * limb count, a bignum backend with lanes) go in groups of up to
 * HWC_BN_LANES to hwc_rsa_private_op_lanes (rsa.c), which runs the
 * single call's private operation for all of them at once, one CRT half
 * per lane (four items per exponentiation), then one item per lane for
 * the unblinding and the fault check; groups are filled in index order, from the items of the
 * first unprocessed item's class. Every other item (other sizes, no lane
 * backend, or refused by an argument check, whose status the single call
 * gives) goes through the single call. Statuses and outputs are the
 * single call's, item by item; the batch's result is the first failing
 * status in index order.
 *
 * Constant time: the grouping branches on n, on the pointers, on the
 * keys' sizes and backends and on the statuses (all public); digests,
 * inputs and keys reach the private operations only, which blind, check
 * and wipe as usual. The encoded messages of the signing batch are
 * wiped here.
 */
#include <stdlib.h>

#include "src/internal.h"
#include "rsa_internal.h"
#include "rsa_pad.h"

#define GROUP HWC_BN_LANES

/* Whether items i and j can share a group: both in a lane class, the
 * same one and the same backend. */
static int same_class(const hwc_rsa_key *a, const hwc_rsa_key *b) {
  return hwc_rsa_lanes_limbs(a) == hwc_rsa_lanes_limbs(b) && a->crt.mp.k == b->crt.mp.k;
}

/* The batch's result: the first failing status in index order. */
static int batch_rc(const int *status, size_t n) {
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) rc = hwc_batch_result(rc, status[i]);
  return rc;
}

/* The signing batch's single call for item i. */
static int sign_single(uint8_t *sig, const uint8_t *digest, hwc_hash h, const hwc_rsa_key *key) {
  size_t sig_len = hwc_rsa_size(key);
  return hwc_rsa_sign_pkcs1_digest(sig, &sig_len, digest, hwc_hash_len(h), h, key);
}

/* Whether item i of a signing batch may go to the lanes: the checks of
 * the single call before its private operation (a refused item takes the
 * single call, which gives its status), and a lane class. */
static int sign_lane_ok(uint8_t *sig, const uint8_t *digest, hwc_hash h, const hwc_rsa_key *key) {
  return key != NULL && sig != NULL && digest != NULL && hwc_hash_len(h) != 0 && key->has_private &&
         hwc_rsa_lanes_limbs(key) != 0;
}

int hwc_rsa_sign_pkcs1_digest_batch(uint8_t *const *sig, int *status, const uint8_t *const *digest, hwc_hash h,
                                    const hwc_rsa_key *const *key, size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!sig || !status || !digest || !key) return hwc_batch_refuse(status, n);
  uint8_t *done = calloc(n, 1);
  /* The encoded messages of one group, wiped after it. */
  uint8_t (*em)[HWC_RSA_MAX_BITS / 8] = malloc(GROUP * sizeof *em);
  if (done == NULL || em == NULL) { /* one at a time, which needs no memory here */
    for (size_t i = 0; i < n; i++) status[i] = sign_single(sig[i], digest[i], h, key[i]);
    free(done);
    free(em);
    return batch_rc(status, n);
  }
  for (size_t i = 0; i < n; i++) {
    if (done[i]) continue;
    if (!sign_lane_ok(sig[i], digest[i], h, key[i])) {
      status[i] = sign_single(sig[i], digest[i], h, key[i]);
      done[i] = 1;
      continue;
    }
    size_t idx[GROUP], cnt = 0;
    uint8_t *outs[GROUP];
    const uint8_t *ins[GROUP];
    const hwc_rsa_key *keys[GROUP];
    int st[GROUP];
    for (size_t j = i; j < n && cnt < GROUP; j++) {
      if (done[j] || !sign_lane_ok(sig[j], digest[j], h, key[j]) || !same_class(key[i], key[j])) continue;
      done[j] = 1;
      /* An encoding the key is too small for: the single call's error. */
      if (hwc_emsa_pkcs1_encode(em[cnt], key[j]->nbytes, h, digest[j]) != HWC_OK) {
        status[j] = sign_single(sig[j], digest[j], h, key[j]);
        continue;
      }
      idx[cnt] = j;
      outs[cnt] = sig[j];
      ins[cnt] = em[cnt];
      keys[cnt] = key[j];
      cnt++;
    }
    if (cnt > 0) hwc_rsa_private_op_lanes(outs, st, ins, keys, cnt);
    for (size_t t = 0; t < cnt; t++) status[idx[t]] = st[t];
    hwc_memzero(em, GROUP * sizeof *em);
  }
  free(done);
  free(em);
  return batch_rc(status, n);
}

/* The raw batch's single call for item i. */
static int raw_single(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key) {
  size_t len = hwc_rsa_size(key), out_len = len;
  return hwc_rsa_private_raw(out, &out_len, in, len, key);
}

/* Whether item i of a raw batch may go to the lanes: the single call's
 * argument checks before its private operation (the input's range is
 * checked with it, in hwc_rsa_private_op_lanes), and a lane class. */
static int raw_lane_ok(uint8_t *out, const uint8_t *in, const hwc_rsa_key *key) {
  return key != NULL && out != NULL && in != NULL && key->has_private && hwc_rsa_lanes_limbs(key) != 0;
}

int hwc_rsa_private_raw_batch(uint8_t *const *out, int *status, const uint8_t *const *in,
                              const hwc_rsa_key *const *key, size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!out || !status || !in || !key) return hwc_batch_refuse(status, n);
  uint8_t *done = calloc(n, 1);
  if (done == NULL) { /* one at a time, which needs no memory here */
    for (size_t i = 0; i < n; i++) status[i] = raw_single(out[i], in[i], key[i]);
    return batch_rc(status, n);
  }
  for (size_t i = 0; i < n; i++) {
    if (done[i]) continue;
    if (!raw_lane_ok(out[i], in[i], key[i])) {
      status[i] = raw_single(out[i], in[i], key[i]);
      done[i] = 1;
      continue;
    }
    size_t idx[GROUP], cnt = 0;
    uint8_t *outs[GROUP];
    const uint8_t *ins[GROUP];
    const hwc_rsa_key *keys[GROUP];
    int st[GROUP];
    for (size_t j = i; j < n && cnt < GROUP; j++) {
      if (done[j] || !raw_lane_ok(out[j], in[j], key[j]) || !same_class(key[i], key[j])) continue;
      done[j] = 1;
      idx[cnt] = j;
      outs[cnt] = out[j];
      ins[cnt] = in[j];
      keys[cnt] = key[j];
      cnt++;
    }
    hwc_rsa_private_op_lanes(outs, st, ins, keys, cnt);
    for (size_t t = 0; t < cnt; t++) status[idx[t]] = st[t];
  }
  free(done);
  return batch_rc(status, n);
}
