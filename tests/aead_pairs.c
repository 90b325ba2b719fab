/* SPDX-License-Identifier: ISC */
/* The AEAD pair iterators and references of aead_pairs.h. */
#include "aead_pairs.h"

typedef struct {
  t_pair_body fn;
  void *arg;
  hwc_prim second; /* the member primitive iterated innermost */
  const char *first;
} pair_ctx;

static void second_level(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  pair_ctx *c = arg;
  c->fn(c->first, impl, c->arg);
}

static void first_level(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  pair_ctx *c = arg;
  c->first = impl;
  t_for_each_impl(c->second, second_level, c);
}

/* A fused entry runs the body once (labelled with its name), "separate"
 * once per member combination. */
static void gcm_entry_level(hwc_prim p, const char *impl, void *arg) {
  pair_ctx *c = arg;
  const hwc_aes_gcm_kernel *k = HWC_KERNEL(p, hwc_aes_gcm_kernel);
  if (!k->aes) {
    t_for_each_impl(HWC_PRIM_AES, first_level, c);
    return;
  }
  char label[64];
  snprintf(label, sizeof label, "%s [aes-gcm %s]", k->aes->info.name, impl);
  c->fn(label, k->ghash->info.name, c->arg);
}

void t_for_each_gcm_pair(t_pair_body fn, void *arg) {
  pair_ctx c = {fn, arg, HWC_PRIM_GHASH, NULL};
  t_for_each_impl(HWC_PRIM_AES_GCM, gcm_entry_level, &c);
}

static void chacha_entry_level(hwc_prim p, const char *impl, void *arg) {
  pair_ctx *c = arg;
  const hwc_chacha20_poly1305_kernel *k = HWC_KERNEL(p, hwc_chacha20_poly1305_kernel);
  if (!k->chacha20) {
    t_for_each_impl(HWC_PRIM_CHACHA20, first_level, c);
    return;
  }
  char label[64];
  snprintf(label, sizeof label, "%s [chacha20-poly1305 %s]", k->chacha20->info.name, impl);
  c->fn(label, k->poly1305->info.name, c->arg);
}

void t_for_each_chacha_pair(t_pair_body fn, void *arg) {
  pair_ctx c = {fn, arg, HWC_PRIM_POLY1305, NULL};
  t_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, chacha_entry_level, &c);
}

void t_gcm_ref_init(hwc_aes_gcm_key *ref, const uint8_t *k, size_t kl) {
  const char *pair = hwc_impl_selected(HWC_PRIM_AES_GCM), *aes = hwc_impl_selected(HWC_PRIM_AES),
             *gh = hwc_impl_selected(HWC_PRIM_GHASH);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, "separate") == HWC_OK && hwc_impl_select(HWC_PRIM_AES, "generic") == HWC_OK &&
        hwc_impl_select(HWC_PRIM_GHASH, "generic") == HWC_OK);
  CHECK(hwc_aes_gcm_init(ref, k, kl) == HWC_OK);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, pair) == HWC_OK && hwc_impl_select(HWC_PRIM_AES, aes) == HWC_OK &&
        hwc_impl_select(HWC_PRIM_GHASH, gh) == HWC_OK);
}

static const char *saved_sel[3];
static const hwc_prim chacha_prims[3] = {HWC_PRIM_CHACHA20_POLY1305, HWC_PRIM_CHACHA20, HWC_PRIM_POLY1305};

void t_chacha_ref(void) {
  static const char *const ref[3] = {"separate", "generic", "generic"};
  for (int i = 0; i < 3; i++) {
    saved_sel[i] = hwc_impl_selected(chacha_prims[i]);
    CHECK(hwc_impl_select(chacha_prims[i], ref[i]) == HWC_OK);
  }
}

void t_chacha_back(void) {
  for (int i = 0; i < 3; i++) CHECK(hwc_impl_select(chacha_prims[i], saved_sel[i]) == HWC_OK);
}
