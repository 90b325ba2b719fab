/* SPDX-License-Identifier: ISC */
/* The dispatcher: introspection, forcing, environment overrides, feature
 * masking (each detected feature in turn, with known answers rerun), and
 * concurrent first use. */
#include <pthread.h>
#include <stdlib.h>

#include "check.h"

/* Known answers that must hold whatever is selected: one per built
 * primitive. Later primitives add theirs here. */
static void quick_kats(const char *context) {
  static const uint8_t abc256[32] = {
      0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
      0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
  static const uint8_t abc512_head[8] = {0xdd, 0xaf, 0x35, 0xa1, 0x93, 0x61, 0x7a, 0xba};
  static const uint8_t abc1[20] = {0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e,
                                   0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d};
  uint8_t d[64];
  hwc_sha256(d, (const uint8_t *)"abc", 3);
  CHECK_MSG(memcmp(d, abc256, 32) == 0, "sha256 KAT with %s (%s)", hwc_impl_selected(HWC_PRIM_SHA256), context);
  hwc_sha512(d, (const uint8_t *)"abc", 3);
  CHECK_MSG(memcmp(d, abc512_head, 8) == 0, "sha512 KAT with %s (%s)", hwc_impl_selected(HWC_PRIM_SHA512), context);
  hwc_sha1(d, (const uint8_t *)"abc", 3);
  CHECK_MSG(memcmp(d, abc1, 20) == 0, "sha1 KAT with %s (%s)", hwc_impl_selected(HWC_PRIM_SHA1), context);
}

/* What the dispatcher should pick given the effective features: the
 * highest-priority runnable implementation (the first on ties). */
static size_t expected_choice(hwc_prim p, uint32_t features) {
  size_t best = 0;
  for (size_t i = 1; i < hwc_registry_count(p); i++) {
    const hwc_impl_info *c = hwc_registry_impl(p, i);
    if ((c->required & ~features) == 0 && c->priority > hwc_registry_impl(p, best)->priority) best = i;
  }
  return best;
}

static void reinit_with(const char *disable, const char *impl) {
  if (disable) setenv("HWCRYPTO_CPU_DISABLE", disable, 1); else unsetenv("HWCRYPTO_CPU_DISABLE");
  if (impl) setenv("HWCRYPTO_IMPL", impl, 1); else unsetenv("HWCRYPTO_IMPL");
  hwc_dispatch_reinit_for_tests();
}

HWC_TEST(dispatch, introspection) {
  CHECK(strcmp(hwc_prim_name(HWC_PRIM_SHA256), "sha256") == 0);
  CHECK(strcmp(hwc_prim_name(HWC_PRIM_AES), "aes") == 0);
  CHECK(strcmp(hwc_prim_name(HWC_PRIM_SHA1), "sha1") == 0);
  CHECK(HWC_PRIM_SHA1 == HWC_PRIM_SHA512 + 1 && HWC_PRIM_COUNT == HWC_PRIM_SHA1 + 1);
  CHECK(hwc_prim_name(HWC_PRIM_COUNT) == NULL);
  CHECK(hwc_prim_name((hwc_prim)-1) == NULL);
  CHECK(hwc_impl_count((hwc_prim)99) == 0);
  CHECK(hwc_impl_name((hwc_prim)99, 0) == NULL);
  CHECK(hwc_impl_supported((hwc_prim)99, 0) == 0);
  CHECK(hwc_impl_selected((hwc_prim)99) == NULL);
  CHECK(hwc_impl_select((hwc_prim)99, "generic") == HWC_ERR_INVALID_ARG);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    size_t n = hwc_impl_count((hwc_prim)p);
    CHECK(hwc_impl_name((hwc_prim)p, n) == NULL);
    CHECK(hwc_impl_supported((hwc_prim)p, n) == 0);
    if (n == 0) {
      CHECK(hwc_impl_selected((hwc_prim)p) == NULL);
      continue;
    }
    CHECK(strcmp(hwc_impl_name((hwc_prim)p, 0), "generic") == 0);
    CHECK(hwc_impl_supported((hwc_prim)p, 0) == 1);
    CHECK(hwc_impl_selected((hwc_prim)p) != NULL);
  }
  CHECK(strncmp(hwc_cpu_summary(), "vendor: ", 8) == 0);
  CHECK(hwc_init() == HWC_OK && hwc_init() == HWC_OK);
}

HWC_TEST(dispatch, select_and_force) {
  reinit_with(NULL, NULL);
  const char *def = hwc_impl_selected(HWC_PRIM_SHA256);
  CHECK(hwc_impl_select(HWC_PRIM_SHA256, "generic") == HWC_OK);
  CHECK(strcmp(hwc_impl_selected(HWC_PRIM_SHA256), "generic") == 0);
  quick_kats("forced generic");
  CHECK(hwc_impl_select(HWC_PRIM_SHA256, "no-such-impl") == HWC_ERR_INVALID_ARG);
  CHECK(hwc_impl_select(HWC_PRIM_SHA256, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(strcmp(hwc_impl_selected(HWC_PRIM_SHA256), "generic") == 0);
  CHECK(hwc_impl_select(HWC_PRIM_SHA256, def) == HWC_OK);
  /* a primitive with no implementation in this build cannot be forced */
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (hwc_impl_count((hwc_prim)p) == 0) CHECK(hwc_impl_select((hwc_prim)p, "generic") == HWC_ERR_INVALID_ARG);
}

HWC_TEST(dispatch, env_impl_override) {
  reinit_with(NULL, "sha256=generic,sha512=generic,sha1=generic");
  CHECK(strcmp(hwc_impl_selected(HWC_PRIM_SHA256), "generic") == 0);
  CHECK(strcmp(hwc_impl_selected(HWC_PRIM_SHA512), "generic") == 0);
  CHECK(strcmp(hwc_impl_selected(HWC_PRIM_SHA1), "generic") == 0);
  /* garbage is reported and ignored: the default choice stands */
  reinit_with("nonsense-feature,,", "sha256=nope,bogus=generic,noequals,=,sha512=");
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (hwc_impl_count((hwc_prim)p))
      CHECK(strcmp(hwc_impl_selected((hwc_prim)p),
                   hwc_impl_name((hwc_prim)p, expected_choice((hwc_prim)p, hwc_dispatch_features()))) == 0);
  quick_kats("after invalid environment");
  reinit_with(NULL, NULL);
}

/* Each detected feature masked in turn: it disappears from the effective
 * set and the summary, no selected implementation needs it, the selection is
 * the best of what remains, an implementation that needs it cannot be
 * forced, and the known answers still hold. */
HWC_TEST(dispatch, feature_masking) {
  reinit_with(NULL, NULL);
  uint32_t all = hwc_dispatch_features();
  size_t masked = 0;
  for (size_t f = 0; f < hwc_cpu_feature_count(); f++) {
    uint32_t bit = hwc_cpu_feature_bit(f);
    if (!(all & bit)) continue;
    const char *name = hwc_cpu_feature_name(f);
    reinit_with(name, NULL);
    CHECK_MSG(hwc_dispatch_features() == (all & ~bit), "masking %s", name);
    CHECK_MSG(strstr(hwc_cpu_summary(), "masked:") != NULL, "summary does not show %s masked", name);
    for (int p = 0; p < HWC_PRIM_COUNT; p++) {
      for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
        const hwc_impl_info *impl = hwc_registry_impl((hwc_prim)p, i);
        if (impl->required & bit) {
          CHECK_MSG(!hwc_impl_supported((hwc_prim)p, i), "%s still supported without %s", impl->name, name);
          CHECK(hwc_impl_select((hwc_prim)p, impl->name) == HWC_ERR_UNSUPPORTED);
        }
      }
      if (hwc_impl_count((hwc_prim)p))
        CHECK_MSG(strcmp(hwc_impl_selected((hwc_prim)p),
                         hwc_impl_name((hwc_prim)p, expected_choice((hwc_prim)p, all & ~bit))) == 0,
                  "%s selection with %s masked", hwc_prim_name((hwc_prim)p), name);
    }
    quick_kats(name);
    masked++;
  }
  reinit_with(NULL, NULL);
  printf("feature masking: %zu detected features masked in turn\n", masked);
}

static void *hash_in_thread(void *arg) {
  uint8_t *out = arg;
  hwc_sha256(out, (const uint8_t *)"abc", 3);
  return NULL;
}

/* Eight threads make the first call at once: init runs once, all agree. In
 * the Criterion build each test is a fresh process, so this is the real
 * first use. */
HWC_TEST(dispatch, concurrent_first_use) {
  pthread_t th[8];
  uint8_t out[8][32];
  for (int i = 0; i < 8; i++) CHECK(pthread_create(&th[i], NULL, hash_in_thread, out[i]) == 0);
  for (int i = 0; i < 8; i++) CHECK(pthread_join(th[i], NULL) == 0);
  for (int i = 1; i < 8; i++) CHECK(memcmp(out[0], out[i], 32) == 0);
  quick_kats("after threads");
}
