/* SPDX-License-Identifier: ISC */
/*
 * The Ed25519 batches, under the shared rules of include/hwcrypto.h
 * ("batches"). Signing runs groups of up to eight items through
 * hwc_ed25519_sign_many, whose three SHA-512 hashes per item run in the
 * SHA-512 kernel's lanes where it has them; the scalar multiplications
 * are still one item at a time.
 * Verification checks every item on its own, with no combined (random
 * linear combination) equation: such an equation is cofactored in effect,
 * so it can accept items the single call's cofactorless check rejects,
 * and a failure would not say which item failed. Items that pass the
 * single call's checks (hwc_ed25519_verify_checks) go in groups of the
 * field backend's lanes through its ed25519_verify_lanes (decoding A and
 * S B - h A for every lane at once, the hashes in the SHA-512 lanes);
 * without that entry, or for the last few items (VERIFY_LANE_MIN), each
 * item is the single call.
 *
 * Constant time: signing branches on n, the pointers, the lengths and the
 * statuses (all public); the secret keys reach hwc_ed25519_sign_many only
 * and nothing secret is copied here. Verification handles public data
 * only.
 */
#include "ge25519.h"
#include "scalar25519.h"
#include "src/hash/hash.h"
#include "src/internal.h"

int hwc_ed25519_sign_batch(uint8_t (*sig)[64], int *status, const uint8_t *const *msg, const size_t *len,
                           const uint8_t (*sk)[64], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!sig || !status || !msg || !len || !sk) return hwc_batch_refuse(status, n);
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  /* Valid items in groups of up to HWC_ED25519_SIGN_GROUP, in index
   * order; an item with a NULL message of non-zero length only gets its
   * status. Which items group together depends on public data only. */
  uint8_t *gsig[HWC_ED25519_SIGN_GROUP];
  const uint8_t *gmsg[HWC_ED25519_SIGN_GROUP], *gsk[HWC_ED25519_SIGN_GROUP];
  size_t glen[HWC_ED25519_SIGN_GROUP], g = 0;
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = !msg[i] && len[i] ? HWC_ERR_INVALID_ARG : HWC_OK;
    rc = hwc_batch_result(rc, status[i]);
    if (status[i] == HWC_OK) {
      gsig[g] = sig[i];
      gmsg[g] = msg[i];
      glen[g] = len[i];
      gsk[g] = sk[i];
      g++;
    }
    if (g == HWC_ED25519_SIGN_GROUP || (i + 1 == n && g)) {
      hwc_ed25519_sign_many(k, gsig, gmsg, glen, gsk, g);
      g = 0;
    }
  }
  return rc;
}

/* The fewest checked items the last, partial group sends through the
 * lanes; fewer go through the single call. A full eight-lane call,
 * key decoding included, costs about what two and a half single
 * verifications do (hwcrypto-bench rows ed25519-verify-batch8 against
 * ed25519-verify, avx512ifma), so from three items on the lanes win. */
#define VERIFY_LANE_MIN 3

/* The items of one verification group: up to HWC_FE25519_MAX_LANES
 * checked items, with the digits the lane entry takes. */
typedef struct {
  size_t idx[HWC_FE25519_MAX_LANES];
  uint8_t ra[HWC_FE25519_MAX_LANES][64], pk[HWC_FE25519_MAX_LANES][32];
  uint8_t h[HWC_FE25519_MAX_LANES][64], out[HWC_FE25519_MAX_LANES][32];
  int8_t eh[HWC_FE25519_MAX_LANES][64], es[HWC_FE25519_MAX_LANES][64];
  int ok[HWC_FE25519_MAX_LANES];
  const uint8_t *head[HWC_FE25519_MAX_LANES], *msg[HWC_FE25519_MAX_LANES];
  size_t len[HWC_FE25519_MAX_LANES];
} verify_group;

/* status[g->idx[j]] for the m checked items of g: h = SHA-512(R || A ||
 * M) mod L in the SHA-512 lanes, then A decoded and R' = S B - h A in the
 * field backend's lanes (idle lanes: the neutral point's encoding, digits
 * 0), and the status the single call would give: HWC_ERR_VERIFY where A
 * has no point, else R' == R as encodings. */
static void verify_lanes(const hwc_fe25519_kernel *k, verify_group *g, size_t m, int *status,
                         const uint8_t (*sig)[64]) {
  hwc_sha512_lanes((uint8_t(*)[64])g->h, g->head, 64, g->msg, g->len, m);
  for (size_t j = 0; j < k->lanes; j++) {
    if (j < m) {
      uint8_t hs[32];
      hwc_sc25519_reduce64(hs, g->h[j]);
      hwc_ge25519_radix16(g->eh[j], hs);
      hwc_ge25519_radix16(g->es[j], sig[g->idx[j]] + 32);
    } else {
      memset(g->eh[j], 0, 64);
      memset(g->es[j], 0, 64);
      memset(g->pk[j], 0, 32);
      g->pk[j][0] = 1;
    }
  }
  k->ed25519_verify_lanes(g->out, g->ok, (const int8_t(*)[64])g->eh, (const uint8_t(*)[32])g->pk,
                          (const int8_t(*)[64])g->es);
  for (size_t j = 0; j < m; j++)
    status[g->idx[j]] = g->ok[j] && hwc_memequal(g->out[j], sig[g->idx[j]], 32) ? HWC_OK : HWC_ERR_VERIFY;
}

int hwc_ed25519_verify_batch(int *status, const uint8_t (*sig)[64], const uint8_t *const *msg, const size_t *len,
                             const uint8_t (*pk)[32], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!status || !sig || !msg || !len || !pk) return hwc_batch_refuse(status, n);
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  int rc = HWC_OK;
  if (!k->ed25519_verify_lanes || k->lanes < 2 || k->lanes > HWC_FE25519_MAX_LANES || n < 2) {
    for (size_t i = 0; i < n; i++) {
      status[i] = hwc_ed25519_verify(sig[i], msg[i], len[i], pk[i]);
      rc = hwc_batch_result(rc, status[i]);
    }
    return rc;
  }
  /* Items that pass the checks fill groups of k->lanes in index order;
   * the others get the checks' status at once. */
  verify_group g;
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_ed25519_verify_checks(sig[i], msg[i], len[i], pk[i]);
    if (status[i] == HWC_OK) {
      g.idx[m] = i;
      memcpy(g.ra[m], sig[i], 32);
      memcpy(g.ra[m] + 32, pk[i], 32);
      memcpy(g.pk[m], pk[i], 32);
      g.head[m] = g.ra[m];
      g.msg[m] = msg[i];
      g.len[m] = len[i];
      m++;
    }
    if (m == k->lanes || (i + 1 == n && m >= VERIFY_LANE_MIN)) {
      verify_lanes(k, &g, m, status, sig);
      m = 0;
    } else if (i + 1 == n) {
      for (size_t j = 0; j < m; j++)
        status[g.idx[j]] = hwc_ed25519_verify(sig[g.idx[j]], msg[g.idx[j]], len[g.idx[j]], pk[g.idx[j]]);
    }
  }
  for (size_t i = 0; i < n; i++) rc = hwc_batch_result(rc, status[i]);
  return rc;
}
