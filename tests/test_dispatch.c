/* SPDX-License-Identifier: ISC */
/* The dispatcher: introspection, forcing, environment overrides, feature
 * masking (each detected feature in turn, with known answers rerun),
 * concurrent first use, the CPU-model rules (injected rule tables and CPU
 * identities), calibration profiles (good, foreign, malformed, partly
 * unrunnable) and the precedence HWCRYPTO_IMPL > profile > rule > priority. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

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

/* The highest-priority implementation of p runnable with `features`, not
 * avoided by a matching rule (avoid_rules NULL: none); the first on ties;
 * -1 if every runnable one is avoided. */
static int best_by_priority(hwc_prim p, uint32_t features, const hwc_uarch_rule *avoid_rules, size_t n,
                            const hwc_cpu_info *cpu) {
  int best = -1;
  for (size_t i = 0; i < hwc_registry_count(p); i++) {
    const hwc_impl_info *c = hwc_registry_impl(p, i);
    if ((c->required & ~features) != 0) continue;
    int avoided = 0;
    for (size_t k = 0; avoid_rules && k < n; k++)
      avoided |= avoid_rules[k].prim == p && avoid_rules[k].avoid && strcmp(avoid_rules[k].avoid, c->name) == 0 &&
                 hwc_uarch_rule_matches(&avoid_rules[k], cpu);
    if (!avoided && (best < 0 || c->priority > hwc_registry_impl(p, (size_t)best)->priority)) best = (int)i;
  }
  return best;
}

/* What the dispatcher should pick given the effective features, with no
 * profile and no HWCRYPTO_IMPL: the README's rules written out again here
 * (so uarch.c is not checked against itself): the first matching rule
 * preferring a runnable implementation (instead of the plain priority
 * choice, when it names one), else the best by priority among
 * those no matching rule avoids (all avoided: the plain priority choice). */
static size_t implementation_with_rules(hwc_prim p, uint32_t features, const hwc_uarch_rule *rules, size_t n,
                                        const hwc_cpu_info *cpu) {
  int plain = best_by_priority(p, features, NULL, 0, cpu);
  for (size_t k = 0; k < n; k++) {
    if (rules[k].prim != p || !rules[k].prefer || !hwc_uarch_rule_matches(&rules[k], cpu)) continue;
    if (rules[k].instead_of && strcmp(hwc_impl_name(p, (size_t)plain), rules[k].instead_of) != 0) continue;
    for (size_t i = 0; i < hwc_impl_count(p); i++)
      if (strcmp(hwc_impl_name(p, i), rules[k].prefer) == 0 &&
          (hwc_registry_entry(p, i, NULL)->required & ~features) == 0)
        return i;
  }
  int best = best_by_priority(p, features, rules, n, cpu);
  return best >= 0 ? (size_t)best : (size_t)best_by_priority(p, features, NULL, 0, cpu);
}

/* ... then the tuning: an implementation chosen under its default record
 * ("name") runs the record of the first matching rule that tunes it
 * ("name:record"). */
static size_t expected_with_rules(hwc_prim p, uint32_t features, const hwc_uarch_rule *rules, size_t n,
                                  const hwc_cpu_info *cpu) {
  size_t i = implementation_with_rules(p, features, rules, n, cpu);
  const char *name = hwc_impl_name(p, i);
  if (strchr(name, ':')) return i;
  size_t len = strlen(name);
  for (size_t k = 0; k < n; k++) {
    if (rules[k].prim != p || !rules[k].tune || !hwc_uarch_rule_matches(&rules[k], cpu)) continue;
    if (strncmp(rules[k].tune, name, len) != 0 || rules[k].tune[len] != ':') continue;
    for (size_t j = 0; j < hwc_impl_count(p); j++)
      if (strcmp(hwc_impl_name(p, j), rules[k].tune) == 0) return j;
  }
  return i;
}

/* The same with the compiled rule table and this CPU's identity. */
static size_t expected_choice(hwc_prim p, uint32_t features) {
  hwc_cpu_info cpu;
  hwc_cpu_probe(&cpu);
  size_t n;
  const hwc_uarch_rule *rules = hwc_uarch_rules(&n);
  return expected_with_rules(p, features, rules, n, &cpu);
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
  CHECK(strcmp(hwc_prim_name(HWC_PRIM_AES_GCM), "aes-gcm") == 0);
  CHECK(strcmp(hwc_prim_name(HWC_PRIM_CHACHA20_POLY1305), "chacha20-poly1305") == 0);
  /* The contract fixes the order up to SHA1; the pairs come after it. */
  CHECK(HWC_PRIM_SHA1 == HWC_PRIM_SHA512 + 1 && HWC_PRIM_AES_GCM == HWC_PRIM_SHA1 + 1 &&
        HWC_PRIM_CHACHA20_POLY1305 == HWC_PRIM_AES_GCM + 1 && HWC_PRIM_COUNT == HWC_PRIM_CHACHA20_POLY1305 + 1);
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
    int pair = p == HWC_PRIM_AES_GCM || p == HWC_PRIM_CHACHA20_POLY1305;
    CHECK(strcmp(hwc_impl_name((hwc_prim)p, 0), pair ? "separate" : "generic") == 0);
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

/* The AEAD pairs (src/kernels.h): the first entry is "separate", with no
 * members, no fused kernels and nothing required; every other entry names
 * both members, requires everything they require (so no mask or rule can
 * select a pair whose members cannot run), has a stride, and has the
 * fused kernels its shape asks for (aes-gcm: encrypt with decrypt, seal
 * with open; chacha20-poly1305: seal, open optional). */
HWC_TEST(dispatch, aead_pair_entries_well_formed) {
  size_t fused = 0;
  CHECK(strcmp(hwc_impl_name(HWC_PRIM_AES_GCM, 0), "separate") == 0);
  CHECK(strcmp(hwc_impl_name(HWC_PRIM_CHACHA20_POLY1305, 0), "separate") == 0);
  for (size_t i = 0; i < hwc_registry_count(HWC_PRIM_AES_GCM); i++) {
    const hwc_aes_gcm_kernel *k = (const hwc_aes_gcm_kernel *)hwc_registry_impl(HWC_PRIM_AES_GCM, i);
    if (i == 0) {
      CHECK(!k->aes && !k->ghash && !k->encrypt && !k->decrypt && !k->seal && !k->open && !k->info.required &&
            !k->info.calls);
      continue;
    }
    CHECK_MSG(k->aes && k->ghash && k->stride && k->encrypt && k->decrypt && !k->seal == !k->open && k->info.calls,
              "aes-gcm/%s: members, stride and fused kernels", k->info.name);
    CHECK_MSG((k->aes->info.required & ~k->info.required) == 0 && (k->ghash->info.required & ~k->info.required) == 0,
              "aes-gcm/%s: requires less than its members aes/%s, ghash/%s", k->info.name, k->aes->info.name,
              k->ghash->info.name);
    fused++;
  }
  for (size_t i = 0; i < hwc_registry_count(HWC_PRIM_CHACHA20_POLY1305); i++) {
    const hwc_chacha20_poly1305_kernel *k =
        (const hwc_chacha20_poly1305_kernel *)hwc_registry_impl(HWC_PRIM_CHACHA20_POLY1305, i);
    if (i == 0) {
      CHECK(!k->chacha20 && !k->poly1305 && !k->seal && !k->open && !k->info.required && !k->info.calls);
      continue;
    }
    CHECK_MSG(k->chacha20 && k->poly1305 && k->stride && k->seal && k->info.calls,
              "chacha20-poly1305/%s: members, stride and a fused seal", k->info.name);
    CHECK_MSG((k->chacha20->info.required & ~k->info.required) == 0 &&
                  (k->poly1305->info.required & ~k->info.required) == 0,
              "chacha20-poly1305/%s: requires less than its members chacha20/%s, poly1305/%s", k->info.name,
              k->chacha20->info.name, k->poly1305->info.name);
    fused++;
  }
  printf("aead pairs: %zu fused entries, each requiring its members\n", fused);
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
        const hwc_impl_info *impl = hwc_registry_entry((hwc_prim)p, i, NULL);
        const char *entry = hwc_impl_name((hwc_prim)p, i);
        if (impl->required & bit) {
          CHECK_MSG(!hwc_impl_supported((hwc_prim)p, i), "%s still supported without %s", entry, name);
          CHECK(hwc_impl_select((hwc_prim)p, entry) == HWC_ERR_UNSUPPORTED);
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

/* ---- CPU identity, selection rules, calibration profiles. */

/* Every test override off, no HWCRYPTO_* variable, selection redone. */
static void reset_selection(void) {
  hwc_dispatch_set_cpu_for_tests(NULL, 0, 0);
  hwc_dispatch_set_rules_for_tests(NULL, 0);
  unsetenv("HWCRYPTO_PROFILE");
  reinit_with(NULL, NULL);
}

/* A primitive whose priority choice on this CPU is not generic (so it needs
 * CPU features): rules and profiles move it to generic and back. */
static hwc_prim demo_prim(size_t *def) {
  hwc_cpu_info cpu;
  hwc_cpu_probe(&cpu);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    int best = best_by_priority((hwc_prim)p, cpu.features, NULL, 0, &cpu);
    if (best > 0 && hwc_registry_impl((hwc_prim)p, (size_t)best)->required) {
      *def = (size_t)best;
      return (hwc_prim)p;
    }
  }
  CHECK_MSG(0, "no primitive has a non-generic implementation on this CPU (%s)", hwc_cpu_summary());
  return HWC_PRIM_COUNT;
}

/* HWCRYPTO_CPU_DISABLE value hiding every feature that implementation i of
 * p requires. */
static void disable_for(char *out, size_t cap, hwc_prim p, size_t i) {
  uint32_t req = hwc_registry_impl(p, i)->required;
  size_t n = 0;
  out[0] = 0;
  for (size_t f = 0; f < hwc_cpu_feature_count(); f++)
    if (req & hwc_cpu_feature_bit(f)) n += (size_t)snprintf(out + n, cap - n, "%s,", hwc_cpu_feature_name(f));
}

static void check_selected(hwc_prim p, const char *impl, const char *reason, const char *context) {
  CHECK_MSG(strcmp(hwc_impl_selected(p), impl) == 0, "%s: %s selected %s, expected %s", context,
            hwc_prim_name(p), hwc_impl_selected(p), impl);
  CHECK_MSG(strcmp(hwc_impl_reason(p), reason) == 0, "%s: %s chosen by %s, expected %s", context,
            hwc_prim_name(p), hwc_impl_reason(p), reason);
}

/* The identity line shows the CPU as /proc/cpuinfo does, when
 * /proc/cpuinfo describes the CPU we run on (not under qemu-user, which
 * shows the host's). */
HWC_TEST(dispatch, cpu_identity) {
  reset_selection();
  hwc_cpu_info cpu;
  hwc_cpu_probe(&cpu);
  const char *id = hwc_cpu_identity();
  char vendor[32], features[512];
  unsigned fam, mod;
  int used = 0;
  CHECK_MSG(sscanf(id, "cpu %31s %u %u\n%n", vendor, &fam, &mod, &used) == 3 && used > 0, "identity '%s'", id);
  CHECK(fam == cpu.family && mod == cpu.model_id);
  CHECK(strncmp(id + used, "features", 8) == 0);
  snprintf(features, sizeof features, "%s", id + used + 8);
  CHECK_MSG(strchr(features, '\n') == features + strlen(features) - 1, "identity is two lines: '%s'", id);
  for (size_t f = 0; f < hwc_cpu_feature_count(); f++) {
    char word[40];
    snprintf(word, sizeof word, " %s", hwc_cpu_feature_name(f));
    const char *at = strstr(features, word);
    int listed = at && (at[strlen(word)] == ' ' || at[strlen(word)] == '\n');
    CHECK_MSG(listed == !!(cpu.features & hwc_cpu_feature_bit(f)), "identity lists %s wrongly", word + 1);
  }
#if defined(__x86_64__)
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512], brand[128] = "";
  long pfam = -1, pmod = -1;
  while (f && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon) continue;
    if (strncmp(line, "cpu family", 10) == 0 && pfam < 0) pfam = strtol(colon + 1, NULL, 10);
    if (strncmp(line, "model\t", 6) == 0 && pmod < 0) pmod = strtol(colon + 1, NULL, 10);
    if (strncmp(line, "model name", 10) == 0 && !brand[0]) {
      snprintf(brand, sizeof brand, "%s", colon + 2);
      brand[strcspn(brand, "\n")] = 0;
      for (size_t n = strlen(brand); n && brand[n - 1] == ' '; n--) brand[n - 1] = 0;
    }
  }
  if (f) fclose(f);
  if (pfam >= 0 && pmod >= 0 && strcmp(brand, cpu.model) == 0) {
    CHECK_MSG(pfam == (long)cpu.family && pmod == (long)cpu.model_id,
              "/proc/cpuinfo says family %ld model %ld, the probe %u %u", pfam, pmod, cpu.family, cpu.model_id);
    printf("cpu identity: %s %u %u, as /proc/cpuinfo\n", cpu.vendor, cpu.family, cpu.model_id);
  } else {
    printf("cpu identity: %s %u %u (/proc/cpuinfo describes another CPU: emulated)\n", cpu.vendor, cpu.family,
           cpu.model_id);
  }
#else
  printf("cpu identity: %s %u %u\n", cpu.vendor, cpu.family, cpu.model_id);
#endif
}

/* The compiled table: each rule names a known primitive and one known
 * implementation to prefer or avoid, or one known tuning record
 * ("table:record") to run, and a non-empty model range. */
HWC_TEST(dispatch, rule_table_well_formed) {
  size_t n, tunes = 0;
  const hwc_uarch_rule *rules = hwc_uarch_rules(&n);
  for (size_t k = 0; k < n; k++) {
    const hwc_uarch_rule *r = &rules[k];
    CHECK_MSG(r->vendor && *r->vendor && r->model_lo <= r->model_hi, "rule %zu", k);
    CHECK_MSG((unsigned)r->prim < HWC_PRIM_COUNT && (!!r->prefer + !!r->avoid + !!r->tune) == 1, "rule %zu", k);
    const char *name = r->prefer ? r->prefer : r->avoid ? r->avoid : r->tune;
    int known = 0, known_instead = 0;
    for (size_t i = 0; i < hwc_impl_count(r->prim); i++) {
      known |= strcmp(hwc_impl_name(r->prim, i), name) == 0;
      known_instead |= r->instead_of && strcmp(hwc_impl_name(r->prim, i), r->instead_of) == 0;
    }
    CHECK_MSG(known, "rule %zu names %s, not an implementation of %s", k, name, hwc_prim_name(r->prim));
    CHECK_MSG(!r->instead_of || (r->prefer && known_instead), "rule %zu: instead_of %s without prefer, or unknown",
              k, r->instead_of);
    CHECK_MSG(!r->tune || strchr(r->tune, ':'), "rule %zu: tune names %s, not a tuning record", k, r->tune);
    tunes += r->tune != NULL;
  }
  printf("rule table: %zu rules for this architecture, %zu of them tunings\n", n, tunes);
}

/* Tuning records: every one is an entry ("table:record", or the table's
 * own name for the default), listed after the tables; selecting an entry
 * writes its record where the kernel reads it (the table's `tuning`), and
 * selecting the table by name goes back to the default. A tune rule for
 * the CPU it names picks the record when the table is chosen, with reason
 * "rule", and for no other CPU. */
HWC_TEST(dispatch, tuning_records) {
  reset_selection();
  size_t records = 0;
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
      size_t k;
      const hwc_impl_info *impl = hwc_registry_entry((hwc_prim)p, i, &k);
      CHECK(impl != NULL);
      CHECK_MSG((impl->tunings == NULL) == (impl->ntunings == 0) && (impl->tunings == NULL) == (impl->tuning == NULL),
                "%s/%s: tunings, ntunings and tuning come together", hwc_prim_name((hwc_prim)p), impl->name);
      CHECK_MSG(impl->ntunings != 1, "%s/%s: a single tuning record is no choice", hwc_prim_name((hwc_prim)p),
                impl->name);
      char want[64];
      if (k == 0)
        snprintf(want, sizeof want, "%s", impl->name);
      else
        snprintf(want, sizeof want, "%s:%s", impl->name, impl->tunings[k]->name);
      CHECK_MSG(strcmp(hwc_impl_name((hwc_prim)p, i), want) == 0, "entry %zu of %s is %s, expected %s", i,
                hwc_prim_name((hwc_prim)p), hwc_impl_name((hwc_prim)p, i), want);
      CHECK_MSG((i < hwc_registry_count((hwc_prim)p)) == (k == 0), "%s: defaults first, then the records", want);
      if (!impl->tuning || !hwc_impl_supported((hwc_prim)p, i)) continue;
      records++;
      CHECK(hwc_impl_select((hwc_prim)p, want) == HWC_OK);
      CHECK_MSG(hwc_tuning_get(impl->tuning) == impl->tunings[k], "%s: its record is not in force", want);
      CHECK(strcmp(hwc_impl_selected((hwc_prim)p), want) == 0);
      CHECK(hwc_impl_select((hwc_prim)p, impl->name) == HWC_OK);
      CHECK_MSG(hwc_tuning_get(impl->tuning) == impl->tunings[0], "%s: the default is not back", want);
    }
  }
  /* A tune rule for an invented CPU, on the first runnable tuned table:
   * prefer the table, tune it to its last record. */
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    for (size_t i = 0; i < hwc_registry_count((hwc_prim)p); i++) {
      const hwc_impl_info *impl = hwc_registry_impl((hwc_prim)p, i);
      if (!impl->tuning || !hwc_impl_supported((hwc_prim)p, i)) continue;
      static char tuned[64];
      snprintf(tuned, sizeof tuned, "%s:%s", impl->name, impl->tunings[impl->ntunings - 1]->name);
      static hwc_uarch_rule rule[2];
      rule[0] = (hwc_uarch_rule){"HwcTestVendor", 5, 1, 1, (hwc_prim)p, impl->name, NULL, NULL, NULL};
      rule[1] = (hwc_uarch_rule){"HwcTestVendor", 5, 1, 1, (hwc_prim)p, NULL, NULL, tuned, NULL};
      hwc_dispatch_set_rules_for_tests(rule, 2);
      hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 5, 1);
      reinit_with(NULL, NULL);
      check_selected((hwc_prim)p, tuned, "rule", "tune rule");
      CHECK(hwc_tuning_get(impl->tuning) == impl->tunings[impl->ntunings - 1]);
      quick_kats("tune rule");
      hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 5, 2); /* outside the rule's models */
      reinit_with(NULL, NULL);
      CHECK_MSG(strcmp(hwc_impl_selected((hwc_prim)p), tuned) != 0, "the tune rule applied outside its CPU");
      reset_selection();
      printf("tuning records: %zu runnable here; tune rule checked on %s/%s\n", records, hwc_prim_name((hwc_prim)p),
             tuned);
      return;
    }
  }
  reset_selection();
  printf("tuning records: %zu runnable here; no tuned table runs here, tune rule not checked\n", records);
}

/* An injected rule applies to the CPUs it names (model bounds inclusive)
 * and to no other; an avoid rule falls back to the next best. */
HWC_TEST(dispatch, rule_applies_to_its_cpu_only) {
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  static hwc_uarch_rule prefer[1], avoid[1];
  prefer[0] = (hwc_uarch_rule){"HwcTestVendor", 99, 10, 20, p, "generic", NULL, NULL, NULL};
  avoid[0] = (hwc_uarch_rule){"HwcTestVendor", 99, 10, 20, p, NULL, def_name, NULL, NULL};
  hwc_dispatch_set_rules_for_tests(prefer, 1);
  static const unsigned inside[] = {10, 15, 20};
  for (size_t k = 0; k < 3; k++) {
    hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 99, inside[k]);
    reinit_with(NULL, NULL);
    check_selected(p, "generic", "rule", "matching CPU");
    quick_kats("rule to generic");
    hwc_cpu_info cpu = {0};
    snprintf(cpu.vendor, sizeof cpu.vendor, "HwcTestVendor");
    cpu.family = 99;
    cpu.model_id = inside[k];
    for (int q = 0; q < HWC_PRIM_COUNT; q++)
      if (hwc_impl_count((hwc_prim)q))
        CHECK(strcmp(hwc_impl_selected((hwc_prim)q),
                     hwc_impl_name((hwc_prim)q, expected_with_rules((hwc_prim)q, hwc_dispatch_features(), prefer, 1,
                                                                     &cpu))) == 0);
  }
  static const struct { const char *vendor; unsigned family, model; } outside[] = {
      {"HwcTestVendor", 99, 9}, {"HwcTestVendor", 99, 21}, {"HwcTestVendor", 98, 15},
      {"OtherVendor", 99, 15},  {"HwcTestVendo", 99, 15},  {NULL, 0, 0}};
  for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++) {
    hwc_dispatch_set_cpu_for_tests(outside[k].vendor, outside[k].family, outside[k].model);
    reinit_with(NULL, NULL);
    check_selected(p, def_name, "priority", "CPU outside the rule");
  }
  hwc_dispatch_set_rules_for_tests(avoid, 1);
  hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 99, 12);
  reinit_with(NULL, NULL);
  hwc_cpu_info cpu;
  hwc_cpu_probe(&cpu);
  int next = -1; /* the priority order without the avoided one */
  for (size_t i = 0; i < hwc_registry_count(p); i++) {
    const hwc_impl_info *c = hwc_registry_impl(p, i);
    if (i != def && (c->required & ~cpu.features) == 0 &&
        (next < 0 || c->priority > hwc_registry_impl(p, (size_t)next)->priority))
      next = (int)i;
  }
  check_selected(p, hwc_registry_impl(p, (size_t)next)->name, "rule", "avoid rule");
  quick_kats("avoid rule");
  reset_selection();
  check_selected(p, def_name, "priority", "rules restored");
}

/* A rule naming an implementation that cannot run here (its features
 * masked) or that does not exist is skipped, and the next rule decides. */
#if defined(__aarch64__)
/* The compiled aarch64 rules (dispatch/uarch.c): on the in-order Cortex-A53
 * and A55 the fe25519 aarch64 and sha512 neon kernels are avoided, on an
 * out-of-order Neoverse N1 and on an unknown part (qemu-user reports part
 * 0) priority keeps them. The KATs run under each choice. */
HWC_TEST(dispatch, aarch64_in_order_rules) {
  static const struct {
    unsigned part;
    const char *fe, *sha512, *why;
  } cases[] = {
      {0xd03, "generic", "generic", "rule"},
      {0xd05, "generic", "generic", "rule"},
      {0xd0c, "aarch64", "neon", "priority"},
      {0, "aarch64", "neon", "priority"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    reset_selection();
    hwc_dispatch_set_cpu_for_tests("arm", 0x41, cases[k].part);
    /* Where the CPU has SHA-512 instructions armv8-ce outranks neon: hide them. */
    reinit_with("sha512,sha3", NULL);
    check_selected(HWC_PRIM_FE25519, cases[k].fe, cases[k].why, "compiled aarch64 rule");
    check_selected(HWC_PRIM_SHA512, cases[k].sha512, cases[k].why, "compiled aarch64 rule");
    quick_kats("compiled aarch64 rule");
  }
  reset_selection();
}
#endif

HWC_TEST(dispatch, rule_for_unrunnable_impl_skipped) {
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  static hwc_uarch_rule only[1], chain[3];
  only[0] = (hwc_uarch_rule){"HwcTestVendor", 7, 0, 255, p, def_name, NULL, NULL, NULL};
  chain[0] = (hwc_uarch_rule){"HwcTestVendor", 7, 0, 255, p, "no-such-impl", NULL, NULL, NULL};
  chain[1] = (hwc_uarch_rule){"HwcTestVendor", 7, 0, 255, p, def_name, NULL, NULL, NULL};
  chain[2] = (hwc_uarch_rule){"HwcTestVendor", 7, 0, 255, p, "generic", NULL, NULL, NULL};
  char disable[256];
  disable_for(disable, sizeof disable, p, def);
  hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 7, 1);
  hwc_dispatch_set_rules_for_tests(only, 1);
  reinit_with(disable, NULL);
  size_t masked_choice = (size_t)best_by_priority(p, hwc_dispatch_features(), NULL, 0, NULL);
  CHECK(masked_choice != def);
  check_selected(p, hwc_registry_impl(p, masked_choice)->name, "priority", "rule for a masked implementation");
  hwc_dispatch_set_rules_for_tests(chain, 3);
  reinit_with(disable, NULL);
  check_selected(p, "generic", masked_choice ? "rule" : "priority", "unknown, then masked, then generic");
  quick_kats("rule chain");
  reset_selection();
}

static char profile_file[64];

/* Writes len bytes of text to a fresh temporary file, points
 * HWCRYPTO_PROFILE at it and selects again (HWCRYPTO_CPU_DISABLE and
 * HWCRYPTO_IMPL as given). */
static void with_profile(const char *text, size_t len, const char *disable, const char *impl) {
  if (profile_file[0]) unlink(profile_file);
  snprintf(profile_file, sizeof profile_file, "/tmp/hwc-profile-XXXXXX");
  int fd = mkstemp(profile_file);
  CHECK(fd >= 0);
  CHECK(write(fd, text, len) == (ssize_t)len);
  close(fd);
  setenv("HWCRYPTO_PROFILE", profile_file, 1);
  reinit_with(disable, impl);
}

static void with_profile_str(const char *text) { with_profile(text, strlen(text), NULL, NULL); }

static void drop_profile_file(void) {
  if (profile_file[0]) unlink(profile_file);
  profile_file[0] = 0;
}

/* The profile is applied: its entries selected "by profile", the others
 * untouched, the summary naming the file. */
HWC_TEST(dispatch, profile_applied) {
  reset_selection();
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  char text[2048];
  snprintf(text, sizeof text, "# a comment first\nhwcrypto-profile 1\n%s\n# figures\n%s generic   # trailing\n\n",
           hwc_cpu_identity(), hwc_prim_name(p));
  with_profile_str(text);
  check_selected(p, "generic", "profile", "good profile");
  char want[128];
  snprintf(want, sizeof want, "; profile: %s", profile_file);
  CHECK_MSG(strstr(hwc_cpu_summary(), want) != NULL, "summary: %s", hwc_cpu_summary());
  for (int q = 0; q < HWC_PRIM_COUNT; q++)
    if (q != (int)p && hwc_impl_count((hwc_prim)q))
      CHECK(strcmp(hwc_impl_reason((hwc_prim)q), "profile") != 0 &&
            strcmp(hwc_impl_selected((hwc_prim)q),
                   hwc_impl_name((hwc_prim)q, expected_choice((hwc_prim)q, hwc_dispatch_features()))) == 0);
  quick_kats("profile to generic");
  /* CRLF line ends, and an entry that names the priority choice itself */
  snprintf(text, sizeof text, "hwcrypto-profile 1\r\n%.*s\r\n%s\r%s %s\r\n", (int)strcspn(hwc_cpu_identity(), "\n"),
           hwc_cpu_identity(), strchr(hwc_cpu_identity(), '\n') + 1, hwc_prim_name(p), def_name);
  with_profile_str(text);
  check_selected(p, def_name, "profile", "CRLF profile");
  drop_profile_file();
  reset_selection();
  CHECK(strstr(hwc_cpu_summary(), "profile:") == NULL);
}

/* Each text is either made on another CPU or malformed: ignored as a whole
 * although it also holds a valid entry. */
static void check_profile_ignored(hwc_prim p, const char *def_name, const char *text, size_t len, const char *what) {
  with_profile(text, len, NULL, NULL);
  check_selected(p, def_name, "priority", what);
  CHECK_MSG(strstr(hwc_cpu_summary(), "profile:") == NULL, "%s: summary %s", what, hwc_cpu_summary());
  for (int q = 0; q < HWC_PRIM_COUNT; q++)
    if (hwc_impl_count((hwc_prim)q)) CHECK_MSG(strcmp(hwc_impl_reason((hwc_prim)q), "profile") != 0, "%s", what);
}

HWC_TEST(dispatch, profile_of_other_cpu_ignored) {
  reset_selection();
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  hwc_cpu_info cpu;
  hwc_cpu_probe(&cpu);
  const char *feat = strchr(hwc_cpu_identity(), '\n') + 1;
  char vendor[32], text[2048];
  sscanf(hwc_cpu_identity(), "cpu %31s", vendor);
  const char *entry = hwc_prim_name(p);
  snprintf(text, sizeof text, "hwcrypto-profile 1\ncpu %s %u %u\n%s%s generic\n", vendor, cpu.family + 1,
           cpu.model_id, feat, entry);
  check_profile_ignored(p, def_name, text, strlen(text), "other family");
  snprintf(text, sizeof text, "hwcrypto-profile 1\ncpu %s %u %u\n%s%s generic\n", vendor, cpu.family,
           cpu.model_id + 1, feat, entry);
  check_profile_ignored(p, def_name, text, strlen(text), "other model");
  snprintf(text, sizeof text, "hwcrypto-profile 1\ncpu X%s %u %u\n%s%s generic\n", vendor, cpu.family,
           cpu.model_id, feat, entry);
  check_profile_ignored(p, def_name, text, strlen(text), "other vendor");
  /* the same model with one feature fewer, and with one this build does not know */
  char fewer[512];
  snprintf(fewer, sizeof fewer, "%s", feat);
  char *last = strrchr(fewer, ' ');
  CHECK(last != NULL); /* demo_prim found a feature, so the list is not empty */
  strcpy(last, "\n");
  snprintf(text, sizeof text, "hwcrypto-profile 1\ncpu %s %u %u\n%s%s generic\n", vendor, cpu.family, cpu.model_id,
           fewer, entry);
  check_profile_ignored(p, def_name, text, strlen(text), "fewer features");
  snprintf(text, sizeof text, "hwcrypto-profile 1\ncpu %s %u %u\n%.*s future_feature\n%s generic\n", vendor,
           cpu.family, cpu.model_id, (int)strcspn(feat, "\n"), feat, entry);
  check_profile_ignored(p, def_name, text, strlen(text), "unknown feature");
  /* this CPU's identity, read by a process that sees another CPU */
  snprintf(text, sizeof text, "hwcrypto-profile 1\n%s%s generic\n", hwc_cpu_identity(), entry);
  hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 1, 2);
  check_profile_ignored(p, def_name, text, strlen(text), "injected other CPU");
  drop_profile_file();
  reset_selection();
}

HWC_TEST(dispatch, profile_malformed_rejected) {
  reset_selection();
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  char id[600], e[64];
  snprintf(id, sizeof id, "%s", hwc_cpu_identity());
  snprintf(e, sizeof e, "%s generic\n", hwc_prim_name(p));
  const char *other = p == HWC_PRIM_SHA256 ? "sha512" : "sha256";
  char bad[16][1024];
  size_t nb = 0;
  snprintf(bad[nb++], 1024, "%s%s", id, e);                                        /* no version line */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 2\n%s%s", id, e);                    /* unknown version */
  snprintf(bad[nb++], 1024, "hwcrypto-profile\n%s%s", id, e);                      /* no version number */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%s", e, id);                    /* entry before the cpu line */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%.*s\n%s", (int)strcspn(id, "\n"), id, e); /* no features line */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\ncpu x 1\n%s%s", strchr(id, '\n') + 1, e);  /* short cpu line */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\ncpu x y 1\n%s%s", strchr(id, '\n') + 1, e); /* family not a number */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%sbogusprim generic\n", id, e);  /* unknown primitive */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%s%s no-such-impl\n", id, e, other); /* unknown implementation */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%s%s", id, e, e);               /* primitive named twice */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%s%s generic extra\n", id, e, other); /* three words */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s%s%s\n", id, e, other);          /* one word */
  snprintf(bad[nb++], 1024, "hwcrypto-profile 1\n%s", "");                          /* header only */
  snprintf(bad[nb++], 1024, "%s", "");                                              /* empty */
  for (size_t k = 0; k < nb; k++) {
    char what[32];
    snprintf(what, sizeof what, "malformed profile %zu", k);
    check_profile_ignored(p, def_name, bad[k], strlen(bad[k]), what);
  }
  /* a line longer than 512 bytes, even a comment; a NUL byte; over 64 KiB */
  static char big[70000];
  int n = snprintf(big, sizeof big, "hwcrypto-profile 1\n%s%s# ", id, e);
  memset(big + n, 'x', 600);
  strcpy(big + n + 600, "\n");
  check_profile_ignored(p, def_name, big, strlen(big), "long line");
  n = snprintf(big, sizeof big, "hwcrypto-profile 1\n%s%s", id, e);
  big[n] = 0;
  check_profile_ignored(p, def_name, big, (size_t)n + 1, "NUL byte");
  n = snprintf(big, sizeof big, "hwcrypto-profile 1\n%s%s", id, e);
  for (; n < 66000; n += 8) memcpy(big + n, "# pad \n\n", 8);
  check_profile_ignored(p, def_name, big, (size_t)n, "larger than 64 KiB");
  drop_profile_file();
  setenv("HWCRYPTO_PROFILE", "/nonexistent/hwcrypto-profile", 1);
  reinit_with(NULL, NULL);
  check_selected(p, def_name, "priority", "missing file");
  reset_selection();
}

/* An entry whose implementation HWCRYPTO_CPU_DISABLE masked is skipped;
 * the profile's other entries apply. */
HWC_TEST(dispatch, profile_unrunnable_entry_skipped) {
  reset_selection();
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  hwc_prim q = p == HWC_PRIM_SHA256 ? HWC_PRIM_SHA512 : HWC_PRIM_SHA256;
  char text[2048], disable[256];
  snprintf(text, sizeof text, "hwcrypto-profile 1\n%s%s %s\n%s generic\n", hwc_cpu_identity(), hwc_prim_name(p),
           def_name, hwc_prim_name(q));
  disable_for(disable, sizeof disable, p, def);
  with_profile(text, strlen(text), disable, NULL);
  size_t masked_choice = (size_t)best_by_priority(p, hwc_dispatch_features(), NULL, 0, NULL);
  check_selected(p, hwc_registry_impl(p, masked_choice)->name, "priority", "masked profile entry");
  check_selected(q, "generic", "profile", "other profile entry");
  CHECK(strstr(hwc_cpu_summary(), "profile:") != NULL);
  drop_profile_file();
  reset_selection();
}

/* HWCRYPTO_IMPL > profile > rule > priority, and hwc_impl_select after all. */
HWC_TEST(dispatch, selection_precedence) {
  reset_selection();
  size_t def;
  hwc_prim p = demo_prim(&def);
  const char *def_name = hwc_registry_impl(p, def)->name;
  static hwc_uarch_rule rule[1];
  rule[0] = (hwc_uarch_rule){"HwcTestVendor", 3, 0, 0, p, "generic", NULL, NULL, NULL};
  hwc_dispatch_set_rules_for_tests(rule, 1);
  hwc_dispatch_set_cpu_for_tests("HwcTestVendor", 3, 0);
  reinit_with(NULL, NULL);
  check_selected(p, "generic", "rule", "rule alone");
  char text[2048], impl[64];
  snprintf(text, sizeof text, "hwcrypto-profile 1\n%s%s %s\n", hwc_cpu_identity(), hwc_prim_name(p), def_name);
  with_profile_str(text);
  check_selected(p, def_name, "profile", "profile over rule");
  snprintf(impl, sizeof impl, "%s=generic", hwc_prim_name(p));
  with_profile(text, strlen(text), NULL, impl);
  check_selected(p, "generic", "HWCRYPTO_IMPL", "HWCRYPTO_IMPL over profile");
  CHECK(hwc_impl_select(p, def_name) == HWC_OK);
  check_selected(p, def_name, "hwc_impl_select", "hwc_impl_select");
  quick_kats("precedence");
  CHECK(hwc_impl_reason(HWC_PRIM_COUNT) == NULL && hwc_impl_reason((hwc_prim)-1) == NULL);
  drop_profile_file();
  reset_selection();
  check_selected(p, def_name, "priority", "all reset");
}
