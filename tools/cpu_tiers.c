/* SPDX-License-Identifier: ISC */
/* The CPU tier tables and their planning (cpu_tiers.h). */
#include "cpu_tiers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

#define X86_V2 "ssse3 sse4_1 aes pclmulqdq"
#define X86_V3 X86_V2 " avx avx2 bmi2 adx"
#define X86_V4 X86_V3 " avx512f avx512bw avx512vl"
#define X86_AVX512 "avx512f avx512bw avx512vl avx512ifma"

/* x86-64 microarchitecture levels (v2, v3, v4 as the psABI defines them,
 * named by what our dispatcher tells apart), plus the crypto extensions
 * that arrived separately: SHA-NI, VAES/VPCLMULQDQ, AVX-512 IFMA. */
static const cpu_tier x86_tiers[] = {
    {"x86-64-v2+aes", X86_V2, "avx avx2 bmi2 adx sha_ni " X86_AVX512 " vaes vpclmulqdq"},
    {"x86-64-v3", X86_V3, "sha_ni " X86_AVX512 " vaes vpclmulqdq"},
    {"x86-64-v3+sha_ni", X86_V3 " sha_ni", X86_AVX512 " vaes vpclmulqdq"},
    {"x86-64-v3+vaes", X86_V3 " vaes vpclmulqdq", "sha_ni " X86_AVX512},
    {"x86-64-v4", X86_V4, "avx512ifma vaes vpclmulqdq sha_ni"},
    {"x86-64-v4+ifma", X86_V4 " avx512ifma", ""},
};

/* ARMv8.0 with NEON alone (a Raspberry Pi 4's Cortex-A72), with the crypto
 * extensions (AES, PMULL, SHA-1/256), and ARMv8.2's SHA-512/SHA-3. */
static const cpu_tier arm_tiers[] = {
    {"armv8", "asimd", "aes pmull sha1 sha2 sha512 sha3"},
    {"armv8+crypto", "asimd aes pmull sha1 sha2", "sha512 sha3"},
    {"armv8.2+sha512", "asimd aes pmull sha1 sha2 sha512 sha3", ""},
};

const cpu_tier *cpu_tiers_of(const char *arch, size_t *n) {
  if (strcmp(arch, "x86_64") == 0) {
    *n = sizeof x86_tiers / sizeof x86_tiers[0];
    return x86_tiers;
  }
  if (strcmp(arch, "aarch64") == 0) {
    *n = sizeof arm_tiers / sizeof arm_tiers[0];
    return arm_tiers;
  }
  *n = 0;
  return NULL;
}

const char *cpu_tiers_arch(void) {
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  return "other";
#endif
}

int cpu_words_have(const char *list, const char *w, size_t n) {
  const char *p = list;
  while (*p) {
    p += strspn(p, " ");
    size_t k = strcspn(p, " ");
    if (k == n && k && memcmp(p, w, n) == 0) return 1;
    p += k;
  }
  return 0;
}

void cpu_words_filter(char *out, size_t cap, const char *a, const char *b, int keep, const char *sep) {
  size_t len = strlen(out);
  const char *p = a;
  while (*p) {
    p += strspn(p, " ");
    size_t k = strcspn(p, " ");
    if (k && cpu_words_have(b, p, k) == keep) {
      int w = snprintf(out + len, cap - len, "%s%.*s", len ? sep : "", (int)k, p);
      if (w > 0 && (size_t)w < cap - len) len += (size_t)w;
    }
    p += k;
  }
}

cpu_tier_plan cpu_tier_plan_on(const cpu_tier *t, const char *detected, char *missing, char *hidden, char *disable,
                               size_t cap) {
  missing[0] = hidden[0] = disable[0] = '\0';
  cpu_words_filter(missing, cap, t->needs, detected, 0, " ");
  if (missing[0]) return CPU_TIER_SKIPPED;
  cpu_words_filter(hidden, cap, t->hides, detected, 1, " ");
  if (!hidden[0]) return CPU_TIER_NATIVE_SAME;
  cpu_words_filter(disable, cap, t->hides, "", 0, ",");
  return CPU_TIER_RUN;
}

void cpu_tiers_detected(char *out, size_t cap) {
  const char *id = hwc_cpu_identity();
  const char *f = strstr(id, "features");
  out[0] = '\0';
  if (!f) return;
  f += strlen("features");
  f += strspn(f, " ");
  snprintf(out, cap, "%.*s", (int)strcspn(f, "\n"), f);
}

/* The user's mask (commas made spaces) into dst. */
static void user_mask_words(char *dst, size_t cap) {
  const char *user = getenv("HWCRYPTO_CPU_DISABLE");
  snprintf(dst, cap, "%s", user ? user : "");
  for (char *c = dst; *c; c++)
    if (*c == ',') *c = ' ';
}

/* The user's mask joined with the words of `disable` it lacks, into dst
 * (comma-separated). */
static void merged_mask(char *dst, size_t cap, const char *disable) {
  char user[512], words[512], extra[512] = "";
  user_mask_words(user, sizeof user);
  snprintf(words, sizeof words, "%s", disable);
  for (char *c = words; *c; c++)
    if (*c == ',') *c = ' ';
  dst[0] = '\0';
  cpu_words_filter(dst, cap, user, "", 0, ",");
  cpu_words_filter(extra, sizeof extra, words, user, 0, " ");
  cpu_words_filter(dst, cap, extra, "", 0, ",");
}

size_t cpu_tiers_plan_here(cpu_tier_run *runs, size_t cap) {
  /* What the user hid stays hidden: a tier that needs it is out of reach. */
  char all[1024], user[512], detected[1024] = "";
  cpu_tiers_detected(all, sizeof all);
  user_mask_words(user, sizeof user);
  cpu_words_filter(detected, sizeof detected, all, user, 0, " ");
  size_t n, k = 0;
  const cpu_tier *tiers = cpu_tiers_of(cpu_tiers_arch(), &n);
  for (size_t i = 0; i < n && k + 1 < cap; i++) {
    cpu_tier_run *r = &runs[k++];
    char missing[256], hidden[256], disable[512];
    r->name = tiers[i].name;
    r->runs = 0;
    r->disable[0] = r->note[0] = '\0';
    switch (cpu_tier_plan_on(&tiers[i], detected, missing, hidden, disable, sizeof missing)) {
    case CPU_TIER_SKIPPED:
      snprintf(r->note, sizeof r->note, "skipped: this CPU lacks%s %s", user[0] ? " (or HWCRYPTO_CPU_DISABLE hides)" : "",
               missing);
      break;
    case CPU_TIER_NATIVE_SAME:
      snprintf(r->note, sizeof r->note, "the same as native: hides nothing this CPU has");
      break;
    case CPU_TIER_RUN:
      r->runs = 1;
      merged_mask(r->disable, sizeof r->disable, disable);
      break;
    }
  }
  if (k < cap) {
    cpu_tier_run *r = &runs[k++];
    r->name = "native";
    r->runs = 1;
    r->note[0] = '\0';
    merged_mask(r->disable, sizeof r->disable, "");
  }
  return k;
}
