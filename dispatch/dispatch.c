/* SPDX-License-Identifier: ISC */
/*
 * Selection: once per process (pthread_once), probe the CPU, mask the
 * features named in HWCRYPTO_CPU_DISABLE, pick the highest-priority
 * supported implementation of each primitive, then apply HWCRYPTO_IMPL.
 * hwc_impl_select() may change a selection later; the selected index is an
 * atomic int, so a concurrent reader sees either the old or the new table,
 * both complete and immutable.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static hwc_cpu_info cpu;
static uint32_t features; /* after masking */
static uint32_t masked;   /* detected, then disabled by the environment */
static int selected[HWC_PRIM_COUNT];
static char summary[1024];

static const char *const prim_names[HWC_PRIM_COUNT] = {
    "aes", "ghash", "chacha20", "poly1305", "fe25519", "bignum", "sha256", "sha512", "sha1",
};

static void warn(const char *var, const char *what, const char *token, size_t len) {
  fprintf(stderr, "hwcrypto: %s: %s '%.*s' ignored\n", var, what, (int)len, token);
}

static int impl_runnable(const hwc_impl_info *impl) {
  return (impl->required & ~features) == 0;
}

static int find_impl(hwc_prim p, const char *name, size_t len) {
  for (size_t i = 0; i < hwc_registry_count(p); i++) {
    const char *n = hwc_registry_impl(p, i)->name;
    if (strlen(n) == len && memcmp(n, name, len) == 0) return (int)i;
  }
  return -1;
}

static int find_prim(const char *name, size_t len) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (strlen(prim_names[p]) == len && memcmp(prim_names[p], name, len) == 0) return p;
  return -1;
}

/* Calls fn on every comma- or space-separated token of the variable. */
static void for_each_token(const char *s, void (*fn)(const char *, size_t)) {
  while (s && *s) {
    size_t skip = strspn(s, ", \t");
    s += skip;
    size_t len = strcspn(s, ", \t");
    if (len) fn(s, len);
    s += len;
  }
}

static void disable_feature(const char *tok, size_t len) {
  for (size_t i = 0; i < hwc_cpu_feature_count(); i++) {
    const char *n = hwc_cpu_feature_name(i);
    if (strlen(n) == len && memcmp(n, tok, len) == 0) {
      uint32_t bit = hwc_cpu_feature_bit(i);
      if (features & bit) masked |= bit;
      features &= ~bit;
      return;
    }
  }
  warn("HWCRYPTO_CPU_DISABLE", "unknown feature", tok, len);
}

static void force_impl(const char *tok, size_t len) {
  const char *eq = memchr(tok, '=', len);
  int p = eq ? find_prim(tok, (size_t)(eq - tok)) : -1;
  if (p < 0) {
    warn("HWCRYPTO_IMPL", eq ? "unknown primitive in" : "expected prim=impl, got", tok, len);
    return;
  }
  int i = find_impl((hwc_prim)p, eq + 1, len - (size_t)(eq + 1 - tok));
  if (i < 0)
    warn("HWCRYPTO_IMPL", "unknown implementation", tok, len);
  else if (!impl_runnable(hwc_registry_impl((hwc_prim)p, (size_t)i)))
    warn("HWCRYPTO_IMPL", "not supported on this CPU:", tok, len);
  else
    __atomic_store_n(&selected[p], i, __ATOMIC_RELEASE);
}

static void build_summary(void) {
  size_t n = (size_t)snprintf(summary, sizeof summary, "vendor: %s; model: %s; features:",
                              cpu.vendor, cpu.model);
  for (int pass = 0; pass < 2; pass++) {
    uint32_t set = pass ? masked : features;
    if (pass && set) n += (size_t)snprintf(summary + n, sizeof summary - n, "; masked:");
    for (size_t i = 0; i < hwc_cpu_feature_count() && n < sizeof summary; i++)
      if (set & hwc_cpu_feature_bit(i))
        n += (size_t)snprintf(summary + n, sizeof summary - n, " %s", hwc_cpu_feature_name(i));
  }
}

static void init_once(void) {
  hwc_cpu_probe(&cpu);
  features = cpu.features;
  masked = 0;
  for_each_token(getenv("HWCRYPTO_CPU_DISABLE"), disable_feature);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    int best = 0;
    for (size_t i = 1; i < hwc_registry_count((hwc_prim)p); i++) {
      const hwc_impl_info *c = hwc_registry_impl((hwc_prim)p, i);
      if (impl_runnable(c) && c->priority > hwc_registry_impl((hwc_prim)p, (size_t)best)->priority)
        best = (int)i;
    }
    __atomic_store_n(&selected[p], best, __ATOMIC_RELEASE);
  }
  for_each_token(getenv("HWCRYPTO_IMPL"), force_impl);
  build_summary();
}

#ifdef HWC_TESTING
/* Test builds only: re-read the environment and select again, so one process
 * can check the selection under several HWCRYPTO_* settings. Not thread-safe. */
void hwc_dispatch_reinit_for_tests(void);
void hwc_dispatch_reinit_for_tests(void) {
  pthread_once(&once, init_once);
  init_once();
}
#endif

int hwc_init(void) {
  pthread_once(&once, init_once);
  return HWC_OK;
}

const void *hwc_dispatch_get(hwc_prim p) {
  pthread_once(&once, init_once);
  /* The kernel structs start with their hwc_impl_info, so the info pointer
   * is the table pointer. */
  return hwc_registry_impl(p, (size_t)__atomic_load_n(&selected[p], __ATOMIC_ACQUIRE));
}

uint32_t hwc_dispatch_features(void) {
  pthread_once(&once, init_once);
  return features;
}

const char *hwc_prim_name(hwc_prim p) {
  return (unsigned)p < HWC_PRIM_COUNT ? prim_names[p] : NULL;
}

size_t hwc_impl_count(hwc_prim p) { return hwc_registry_count(p); }

const char *hwc_impl_name(hwc_prim p, size_t i) {
  const hwc_impl_info *impl = hwc_registry_impl(p, i);
  return impl ? impl->name : NULL;
}

int hwc_impl_supported(hwc_prim p, size_t i) {
  pthread_once(&once, init_once);
  const hwc_impl_info *impl = hwc_registry_impl(p, i);
  return impl != NULL && impl_runnable(impl);
}

const char *hwc_impl_selected(hwc_prim p) {
  if (hwc_registry_count(p) == 0) return NULL;
  return ((const hwc_impl_info *)hwc_dispatch_get(p))->name;
}

int hwc_impl_select(hwc_prim p, const char *name) {
  if (hwc_registry_count(p) == 0 || name == NULL) return HWC_ERR_INVALID_ARG;
  pthread_once(&once, init_once);
  int i = find_impl(p, name, strlen(name));
  if (i < 0) return HWC_ERR_INVALID_ARG;
  if (!impl_runnable(hwc_registry_impl(p, (size_t)i))) return HWC_ERR_UNSUPPORTED;
  __atomic_store_n(&selected[p], i, __ATOMIC_RELEASE);
  return HWC_OK;
}

const char *hwc_cpu_summary(void) {
  pthread_once(&once, init_once);
  return summary;
}
