/* SPDX-License-Identifier: ISC */
/*
 * Selection: once per process (pthread_once), probe the CPU, mask the
 * features named in HWCRYPTO_CPU_DISABLE, then for each primitive
 *   1. the highest-priority supported implementation (HWC_PRIO_*),
 *   2. unless a selection rule for this CPU model says otherwise (uarch.c),
 *   3. unless the calibration profile named by HWCRYPTO_PROFILE, made on
 *      this CPU, says otherwise (profile.c),
 *   4. unless HWCRYPTO_IMPL names another.
 * Each step chooses only among runnable implementations, and all of them
 * compute the same results, so each changes speed only. The step that
 * decided is kept per primitive (hwc_impl_reason). hwc_impl_select() may
 * change a selection later; the selected index is an atomic int, so a
 * concurrent reader sees either the old or the new table, both complete and
 * immutable.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* secure_getenv */
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

/* Why a primitive's implementation is selected (hwc_impl_reason). */
enum { WHY_PRIORITY, WHY_RULE, WHY_PROFILE, WHY_ENV, WHY_API };
static const char *const why_names[] = {"priority", "rule", "profile", "HWCRYPTO_IMPL", "hwc_impl_select"};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static hwc_cpu_info cpu;
static uint32_t features; /* after masking */
static uint32_t masked;   /* detected, then disabled by the environment */
static int selected[HWC_PRIM_COUNT];
static int why[HWC_PRIM_COUNT];
static char summary[1024 + 256];
static char identity[512];

static const char *const prim_names[HWC_PRIM_COUNT] = {
    "aes", "ghash", "chacha20", "poly1305", "fe25519", "bignum", "sha256", "sha512", "sha1",
    "aes-gcm", "chacha20-poly1305",
};

/* The test entry points' overrides (dispatch.h); unset in programs. */
static const char *test_vendor;
static unsigned test_family, test_model;
static const hwc_uarch_rule *test_rules;
static size_t test_nrules;

static void warn(const char *var, const char *what, const char *token, size_t len) {
  fprintf(stderr, "hwcrypto: %s: %s '%.*s' ignored\n", var, what, (int)len, token);
}

static int impl_runnable(const hwc_impl_info *impl) {
  return (impl->required & ~features) == 0;
}

/* impl_runnable by entry index, the form uarch.c and profile.c take. */
static int index_runnable(hwc_prim p, size_t i) {
  const hwc_impl_info *impl = hwc_registry_entry(p, i, NULL);
  return impl != NULL && impl_runnable(impl);
}

/* Makes entry i of p the selection, for reason w: first its table's
 * tuning record (so that a reader who sees the new table sees its record
 * too), then the entry. */
static void select_entry(hwc_prim p, size_t i, int w) {
  size_t k;
  const hwc_impl_info *impl = hwc_registry_entry(p, i, &k);
  if (impl->tuning) __atomic_store_n(impl->tuning, impl->tunings[k], __ATOMIC_RELAXED);
  __atomic_store_n(&why[p], w, __ATOMIC_RELAXED);
  __atomic_store_n(&selected[p], (int)i, __ATOMIC_RELEASE);
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
  int i = hwc_registry_find((hwc_prim)p, eq + 1, len - (size_t)(eq + 1 - tok));
  if (i < 0)
    warn("HWCRYPTO_IMPL", "unknown implementation", tok, len);
  else if (!index_runnable((hwc_prim)p, (size_t)i))
    warn("HWCRYPTO_IMPL", "not supported on this CPU:", tok, len);
  else
    select_entry((hwc_prim)p, (size_t)i, WHY_ENV);
}

/* The summary line; profile is the applied profile's path or NULL. */
static void build_summary(const char *profile) {
  size_t n = (size_t)snprintf(summary, sizeof summary, "vendor: %s; model: %s; features:",
                              cpu.vendor, cpu.model);
  for (int pass = 0; pass < 2; pass++) {
    uint32_t set = pass ? masked : features;
    if (pass && set) n += (size_t)snprintf(summary + n, sizeof summary - n, "; masked:");
    for (size_t i = 0; i < hwc_cpu_feature_count() && n < sizeof summary; i++)
      if (set & hwc_cpu_feature_bit(i))
        n += (size_t)snprintf(summary + n, sizeof summary - n, " %s", hwc_cpu_feature_name(i));
  }
  if (profile && n < sizeof summary) snprintf(summary + n, sizeof summary - n, "; profile: %s", profile);
}

/* The highest-priority runnable implementation of p (the first on ties),
 * under its default tuning: an entry below hwc_registry_count. */
static size_t priority_choice(hwc_prim p) {
  size_t best = 0;
  for (size_t i = 1; i < hwc_registry_count(p); i++) {
    const hwc_impl_info *c = hwc_registry_impl(p, i);
    if (impl_runnable(c) && c->priority > hwc_registry_impl(p, best)->priority) best = i;
  }
  return best;
}

/* HWCRYPTO_PROFILE names a file that may change what a process runs:
 * ignored where the environment is not trusted (setuid programs). */
static const char *profile_path(void) {
#if defined(__linux__)
  const char *path = secure_getenv("HWCRYPTO_PROFILE");
#else
  const char *path = getenv("HWCRYPTO_PROFILE");
#endif
  return path && *path ? path : NULL;
}

static void init_once(void) {
  hwc_cpu_probe(&cpu);
  size_t nrules;
  const hwc_uarch_rule *rules = hwc_uarch_rules(&nrules);
  if (test_vendor) {
    snprintf(cpu.vendor, sizeof cpu.vendor, "%s", test_vendor);
    cpu.family = test_family;
    cpu.model_id = test_model;
  }
  if (test_rules) {
    rules = test_rules;
    nrules = test_nrules;
  }
  hwc_profile_identity(identity, sizeof identity, &cpu);
  features = cpu.features;
  masked = 0;
  for_each_token(getenv("HWCRYPTO_CPU_DISABLE"), disable_feature);

  size_t choice[HWC_PRIM_COUNT];
  int reason[HWC_PRIM_COUNT], named[HWC_PRIM_COUNT] = {0};
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    choice[p] = priority_choice((hwc_prim)p);
    reason[p] = WHY_PRIORITY;
    if (hwc_registry_count((hwc_prim)p) &&
        hwc_uarch_apply(rules, nrules, &cpu, (hwc_prim)p, index_runnable, &choice[p]))
      reason[p] = WHY_RULE;
  }
  const char *profile = profile_path();
  if (profile && !hwc_profile_load(profile, &cpu, index_runnable, choice, named)) profile = NULL;
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    if (named[p]) reason[p] = WHY_PROFILE;
    if (hwc_registry_count((hwc_prim)p)) select_entry((hwc_prim)p, choice[p], reason[p]);
  }
  for_each_token(getenv("HWCRYPTO_IMPL"), force_impl);
  build_summary(profile);
}

/* The test entry points (dispatch.h). Re-reading the environment and
 * selecting again is not thread-safe. */
void hwc_dispatch_reinit_for_tests(void) {
  pthread_once(&once, init_once);
  init_once();
}

void hwc_dispatch_set_cpu_for_tests(const char *vendor, unsigned family, unsigned model_id) {
  test_vendor = vendor;
  test_family = family;
  test_model = model_id;
}

void hwc_dispatch_set_rules_for_tests(const hwc_uarch_rule *rules, size_t n) {
  test_rules = rules;
  test_nrules = n;
}

void hwc_testing_count_calls(int on) {
  pthread_once(&once, init_once);
  __atomic_store_n(&hwc_dit_expected, on && (features & HWC_CPU_ARM_DIT) != 0, __ATOMIC_RELAXED);
  __atomic_store_n(&hwc_counting_calls, on != 0, __ATOMIC_RELAXED);
}

unsigned long hwc_testing_calls_without_dit(void) {
  return __atomic_exchange_n(&hwc_calls_without_dit, 0, __ATOMIC_RELAXED);
}

int hwc_init(void) {
  pthread_once(&once, init_once);
  return HWC_OK;
}

const void *hwc_dispatch_get(hwc_prim p) {
  pthread_once(&once, init_once);
  /* The kernel structs start with their hwc_impl_info, so the info pointer
   * is the table pointer. */
  return hwc_registry_entry(p, (size_t)__atomic_load_n(&selected[p], __ATOMIC_ACQUIRE), NULL);
}

uint32_t hwc_dispatch_features(void) {
  pthread_once(&once, init_once);
  return features;
}

const char *hwc_prim_name(hwc_prim p) {
  return (unsigned)p < HWC_PRIM_COUNT ? prim_names[p] : NULL;
}

size_t hwc_impl_count(hwc_prim p) { return hwc_registry_entries(p); }

const char *hwc_impl_name(hwc_prim p, size_t i) { return hwc_registry_entry_name(p, i); }

int hwc_impl_supported(hwc_prim p, size_t i) {
  pthread_once(&once, init_once);
  return index_runnable(p, i);
}

const char *hwc_impl_selected(hwc_prim p) {
  if (hwc_registry_count(p) == 0) return NULL;
  pthread_once(&once, init_once);
  return hwc_registry_entry_name(p, (size_t)__atomic_load_n(&selected[p], __ATOMIC_ACQUIRE));
}

/* The items the selected backend runs at once: the field table's lane
 * count, half the bignum table's (an RSA item's two CRT halves take two
 * lanes, src/rsa/rsa_batch.c); 0 or 1 lanes (src/kernels.h) means none,
 * and only those two tables have lanes. */
size_t hwc_batch_lanes(hwc_prim p) {
  unsigned items = 0;
  if (p == HWC_PRIM_FE25519 && hwc_registry_count(p) > 0)
    items = ((const hwc_fe25519_kernel *)hwc_dispatch_get(p))->lanes;
  else if (p == HWC_PRIM_BIGNUM && hwc_registry_count(p) > 0)
    items = ((const hwc_bignum_kernel *)hwc_dispatch_get(p))->lanes;
  return items > 1 ? items : 1;
}

int hwc_impl_select(hwc_prim p, const char *name) {
  if (hwc_registry_count(p) == 0 || name == NULL) return HWC_ERR_INVALID_ARG;
  pthread_once(&once, init_once);
  int i = hwc_registry_find(p, name, strlen(name));
  if (i < 0) return HWC_ERR_INVALID_ARG;
  if (!index_runnable(p, (size_t)i)) return HWC_ERR_UNSUPPORTED;
  select_entry(p, (size_t)i, WHY_API);
  return HWC_OK;
}

const char *hwc_impl_reason(hwc_prim p) {
  if (hwc_registry_count(p) == 0) return NULL;
  pthread_once(&once, init_once);
  return why_names[__atomic_load_n(&why[p], __ATOMIC_RELAXED)];
}

const char *hwc_cpu_identity(void) {
  pthread_once(&once, init_once);
  return identity;
}

const char *hwc_cpu_summary(void) {
  pthread_once(&once, init_once);
  return summary;
}
