/* SPDX-License-Identifier: ISC */
/* Poly1305: RFC 8439 section 2.5.2 and appendix A.3 vectors (which include
 * the final-carry and 2^130 - 5 reduction corner cases), r and s at their
 * limits with all-0xff messages, for every implementation; every
 * implementation against generic for lengths 0..1100, 1 MiB, odd alignments
 * and random incremental splits. */
#include <stdlib.h>

#include "chacha_test.h"
#include "edge.h"

static void poly_vec(const t_cvec *v, void *arg) {
  const char *impl = arg;
  size_t n;
  const uint8_t *key = t_cvec_get(v, "key", NULL), *msg = t_cvec_get(v, "msg", &n),
                *want = t_cvec_get(v, "tag", NULL);
  uint8_t tag[16];
  hwc_poly1305(tag, n ? msg : NULL, n, key);
  CHECK_MEM(tag, want, 16, "%s/%s: wrong tag", impl, v->name);
  /* byte at a time: the buffering path */
  hwc_poly1305_ctx c;
  hwc_poly1305_init(&c, key);
  for (size_t i = 0; i < n; i++) hwc_poly1305_update(&c, msg + i, 1);
  hwc_poly1305_final(&c, tag);
  CHECK_MEM(tag, want, 16, "%s/%s: wrong tag byte by byte", impl, v->name);
}

static void poly_vec_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  t_chacha_vectors("poly1305", poly_vec, (void *)impl);
}

HWC_TEST(poly1305, rfc8439_and_edge_vectors) { t_for_each_impl(HWC_PRIM_POLY1305, poly_vec_body, NULL); }

/* Tag through the incremental API, cut at random places. */
static void poly_split(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32]) {
  hwc_poly1305_ctx c;
  hwc_poly1305_init(&c, key);
  size_t at = 0;
  while (at < len) {
    size_t n = t_rand_below(len - at + 1);
    if (t_rand_below(4) == 0) n = t_rand_below(300);
    if (n > len - at) n = len - at;
    hwc_poly1305_update(&c, m + at, n);
    at += n;
  }
  hwc_poly1305_final(&c, tag);
}

static void equiv_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t key[32], want[16], got[16];
  size_t cap = 1100 + 16;
  uint8_t *m = malloc(cap);
  for (size_t len = 0; len <= 1100; len++) {
    size_t al = t_rand_below(16);
    t_rand_bytes(key, sizeof key);
    /* Every few lengths, push the key and message to the extremes. */
    if (len % 7 == 0) memset(key, 0xff, sizeof key);
    t_rand_bytes(m + al, len);
    if (len % 5 == 0) memset(m + al, 0xff, len);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    hwc_poly1305(want, m + al, len, key);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    hwc_poly1305(got, m + al, len, key);
    CHECK_MEM(got, want, 16, "%s: len %zu differs from generic", impl, len);
    poly_split(got, m + al, len, key);
    CHECK_MEM(got, want, 16, "%s: len %zu split differs from generic", impl, len);
  }
  free(m);
  if (!t_quick()) {
    size_t big = (1 << 20) + 5;
    uint8_t *b = malloc(big);
    t_rand_bytes(b, big);
    t_rand_bytes(key, sizeof key);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    hwc_poly1305(want, b, big, key);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    hwc_poly1305(got, b, big, key);
    CHECK_MEM(got, want, 16, "%s: 1 MiB differs from generic", impl);
    memset(b, 0xff, big);
    memset(key, 0xff, sizeof key);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    hwc_poly1305(want, b, big, key);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    poly_split(got, b, big, key);
    CHECK_MEM(got, want, 16, "%s: 1 MiB of 0xff differs from generic", impl);
    free(b);
  }
}

HWC_TEST(poly1305, equivalence_with_generic) { t_for_each_impl(HWC_PRIM_POLY1305, equiv_body, NULL); }

/* The context keeps the backend chosen at init: switching the selection in
 * the middle of a message must not change the tag. */
HWC_TEST(poly1305, context_keeps_its_backend) {
  uint8_t key[32], m[1000], a[16], b[16];
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(m, sizeof m);
  hwc_poly1305(a, m, sizeof m, key);
  const char *before = hwc_impl_selected(HWC_PRIM_POLY1305);
  for (size_t i = 0; i < hwc_impl_count(HWC_PRIM_POLY1305); i++) {
    if (!hwc_impl_supported(HWC_PRIM_POLY1305, i)) continue;
    CHECK(hwc_impl_select(HWC_PRIM_POLY1305, hwc_impl_name(HWC_PRIM_POLY1305, i)) == HWC_OK);
    hwc_poly1305_ctx c;
    hwc_poly1305_init(&c, key);
    hwc_poly1305_update(&c, m, 500);
    CHECK(hwc_impl_select(HWC_PRIM_POLY1305, "generic") == HWC_OK);
    hwc_poly1305_update(&c, m + 500, 500);
    hwc_poly1305_final(&c, b);
    CHECK_MEM(a, b, 16, "poly1305 context changed backend mid-message");
  }
  CHECK(hwc_impl_select(HWC_PRIM_POLY1305, before) == HWC_OK);
}

/* Tag through the incremental API in pieces whose sizes cycle through
 * values that straddle the block (16) and every vector width (64, 128, 256
 * bytes), so each backend's buffer, scalar tail and wide loop meet in every
 * combination. */
static void poly_odd_splits(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32], size_t phase) {
  static const size_t piece[] = {1, 15, 17, 63, 65, 127, 129, 255, 257, 300, 16, 1000};
  const size_t n_pieces = sizeof piece / sizeof piece[0];
  hwc_poly1305_ctx c;
  hwc_poly1305_init(&c, key);
  for (size_t at = 0, k = phase; at < len; k++) {
    size_t n = piece[k % n_pieces];
    if (n > len - at) n = len - at;
    hwc_poly1305_update(&c, m + at, n);
    at += n;
  }
  hwc_poly1305_final(&c, tag);
}

/* The next length to test after len: every length up to 2048 (every 16th
 * with its neighbours beyond 300 in quick mode), every 16th with its
 * neighbours up to 2048 + 144 (128 to 137 blocks: the AVX2 kernel's
 * two-accumulator path with each count of leftover blocks), then 4 KiB,
 * 8 KiB and 8 KiB + 53 (the shortest input of the neon kernel's scalar
 * stream, and one with leftover blocks and a partial block besides) and
 * 16 KiB. */
static size_t edge_next_len(size_t len) {
  if (len < 300 || (!t_quick() && len < 2048)) return len + 1;
  if (len < 2048 + 144) return (len % 16 == 0) ? len + 1 : (len % 16 == 1) ? len + 14 : len + 1;
  if (len < 4096) return 4096;
  if (len < 8192) return 8192;
  if (len < 8192 + 53) return 8192 + 53;
  return 16384;
}

/* Every key of edge.h with every message pattern, one-shot and split,
 * against generic. The patterns keep the accumulator at its largest for the
 * whole message; before the fix of collapse26 the avx2 and avx512 backends
 * dropped a carry on these (r = 1 with the RFC 8439 A.3 #7 unit, lengths
 * 256..383). */
static void edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  enum { MAX_LEN = 16384 };
  uint8_t *m = malloc(MAX_LEN), key[32], want[16], got[16];
  size_t cases = 0;
  for (size_t k = 0; k < t_edge_poly1305_key_count(); k++) {
    t_edge_poly1305_key(key, k);
    for (size_t pat = 0; pat < t_edge_poly1305_msg_count(); pat++) {
      t_edge_poly1305_msg(m, MAX_LEN, pat);
      for (size_t len = 0; len <= MAX_LEN; len = edge_next_len(len)) {
        CHECK(hwc_impl_select(p, "generic") == HWC_OK);
        hwc_poly1305(want, m, len, key);
        CHECK(hwc_impl_select(p, impl) == HWC_OK);
        hwc_poly1305(got, m, len, key);
        CHECK_MEM(got, want, 16, "%s: key %zu, %s, len %zu differs from generic", impl, k,
                  t_edge_poly1305_msg_name(pat), len);
        poly_odd_splits(got, m, len, key, len + k);
        CHECK_MEM(got, want, 16, "%s: key %zu, %s, len %zu split differs from generic", impl, k,
                  t_edge_poly1305_msg_name(pat), len);
        cases++;
        if (len == MAX_LEN) break;
      }
    }
  }
  free(m);
  CHECK(cases > 0);
}

HWC_TEST(poly1305, edge_inputs_equal_generic) { t_for_each_impl(HWC_PRIM_POLY1305, edge_body, NULL); }
