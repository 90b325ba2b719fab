/* SPDX-License-Identifier: ISC */
/*
 * The X25519 batches under the shared rules of include/hwcrypto.h
 * ("batches"). When the selected fe25519 backend has lanes and an
 * x25519_lanes entry (src/kernels.h), whole groups of `lanes` items run
 * through it; the rest of the batch, fewer than `lanes` items, goes
 * through the single call when at most LANE_MIN_REST are left, else
 * through one more group whose idle lanes hold a fixed public dummy
 * (scalar 0 clamped, u = 9), so no lane ever holds another item's data.
 * Backends without lanes loop the single call. Every item's bytes and
 * status are the single call's: the lanes' output is canonical, and an
 * all-zero result gives HWC_ERR_INVALID_ARG with the output still
 * written, as hwc_x25519 does. The fixed-base batch loops
 * hwc_x25519_base: the lanes with u = 9 give the same bytes but measured
 * 9260 cycles an item against the Edwards table's 7133 (hwcrypto-bench,
 * x25519-base-batch8 vs x25519-base, avx512ifma), so they would only
 * slow it down.
 *
 * Constant time: the loops branch on n, the lane count and the array
 * pointers. A status says only whether the point has small order and is
 * public once returned, but until then it is a value computed from the
 * output: the batch's result folds each in without a branch
 * (fold_status). The clamped scalars and the copied points of every
 * group live in `sec`, wiped before returning.
 */
#include "fe25519.h"
#include "src/internal.h"

/* An eight-lane call costs what two single calls do (hwcrypto-bench,
 * avx512ifma: 9227 cycles an item in x25519-batch8, 37148 for x25519), so
 * a rest of three or more items is cheaper as one padded group, two are
 * even, and fewer go one by one. A four-lane AVX2 call (avx2, mulx-avx2)
 * costs a little over two single calls, so the same rule holds there. */
#define LANE_MIN_REST 2

/* The lane kernel's secrets and a padded group's items, wiped together. */
typedef struct {
  uint8_t e[HWC_FE25519_MAX_LANES][32], u[HWC_FE25519_MAX_LANES][32], out[HWC_FE25519_MAX_LANES][32];
} lane_sec;

/* RFC 7748's clamping, as hwc_x25519 does it (x25519.c). */
static void clamp(uint8_t e[32], const uint8_t scalar[32]) {
  memcpy(e, scalar, 32);
  e[0] &= 248;
  e[31] &= 127;
  e[31] |= 64;
}

/* HWC_ERR_INVALID_ARG when s is all zero, else HWC_OK (0): no early exit
 * and no branch, so the result stays a value computed from the output
 * until the caller sees it, as in the single call. */
static int zero_status(const uint8_t s[32]) {
  unsigned acc = 0;
  for (int i = 0; i < 32; i++) acc |= s[i];
  return (int)((acc - 1) >> 8 & 1) * HWC_ERR_INVALID_ARG;
}

/* hwc_batch_result (so_far if it failed, else item, statuses 0 or
 * negative) in arithmetic: the select form let the compiler unswitch the
 * batch loop on rc, a branch on a status that is a value computed from
 * the secrets until it is returned (valgrind reported it). */
static int fold_status(int so_far, int item) {
  unsigned failed = (unsigned)so_far >> (sizeof(int) * 8 - 1); /* 1: so_far < 0 */
  return (int)((unsigned)so_far | ((unsigned)item & (failed - 1)));
}

/* The number of items of a batch of n that run through k's lanes (a
 * multiple of *lanes), 0 without them. */
static size_t lane_items(const hwc_fe25519_kernel *k, size_t n, size_t *lanes) {
  *lanes = k->lanes;
  if (!k->x25519_lanes || *lanes < 2 || *lanes > HWC_FE25519_MAX_LANES) return 0;
  size_t rest = n % *lanes;
  return rest > LANE_MIN_REST ? n + *lanes - rest : n - rest;
}

/* Items i..i+lanes-1 through k's lanes; returns rc updated by their
 * statuses (fold_status, in index order). Items past n (a padded group)
 * are the dummy and go nowhere. */
static int lane_group(const hwc_fe25519_kernel *k, size_t lanes, lane_sec *sec, uint8_t (*shared)[32], int *status,
                      const uint8_t (*scalar)[32], const uint8_t (*point)[32], size_t i, size_t n, int rc) {
  static const uint8_t nine[32] = {9}, dummy[32] = {0};
  for (size_t l = 0; l < lanes; l++) {
    clamp(sec->e[l], i + l < n ? scalar[i + l] : dummy);
    memcpy(sec->u[l], i + l < n ? point[i + l] : nine, 32);
  }
  k->x25519_lanes(sec->out, (const uint8_t(*)[32])sec->e, (const uint8_t(*)[32])sec->u);
  for (size_t l = 0; l < lanes && i + l < n; l++) {
    memcpy(shared[i + l], sec->out[l], 32);
    status[i + l] = zero_status(sec->out[l]);
    rc = fold_status(rc, status[i + l]);
  }
  return rc;
}

int hwc_x25519_batch(uint8_t (*shared)[32], int *status, const uint8_t (*scalar)[32], const uint8_t (*point)[32],
                     size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!shared || !status || !scalar || !point) return hwc_batch_refuse(status, n);
  const hwc_fe25519_kernel *k = hwc_fe25519_get();
  size_t lanes, grouped = lane_items(k, n, &lanes), i = 0;
  lane_sec sec;
  int rc = HWC_OK;
  for (; i < grouped; i += lanes) rc = lane_group(k, lanes, &sec, shared, status, scalar, point, i, n, rc);
  hwc_memzero(&sec, sizeof sec);
  for (; i < n; i++) {
    status[i] = hwc_x25519(shared[i], scalar[i], point[i]);
    rc = fold_status(rc, status[i]);
  }
  return rc;
}

int hwc_x25519_base_batch(uint8_t (*pub)[32], int *status, const uint8_t (*scalar)[32], size_t n) {
  HWC_DIT_SCOPE();
  if (n == 0) return HWC_OK;
  if (!pub || !status || !scalar) return hwc_batch_refuse(status, n);
  int rc = HWC_OK;
  for (size_t i = 0; i < n; i++) {
    status[i] = hwc_x25519_base(pub[i], scalar[i]);
    rc = fold_status(rc, status[i]);
  }
  return rc;
}
