/* SPDX-License-Identifier: ISC */
/*
 * The CPU tiers one machine can stand in for by hiding features from the
 * dispatcher (HWCRYPTO_CPU_DISABLE): x86-64 v2/v3/v4 and the crypto
 * extensions that arrived separately, the aarch64 crypto extension levels.
 * One table for every tool that walks tiers: hwcrypto-bench --tiers
 * (speed, with OpenSSL masked the same way), hwcrypto-selftest --tiers
 * (equivalence under each tier's selection) and fuzz/run.sh (through
 * hwcrypto-selftest --list-tiers). Feature names are hwcrypto's, the
 * /proc/cpuinfo spelling (dispatch/cpu.c).
 */
#ifndef HWC_TOOLS_CPU_TIERS_H
#define HWC_TOOLS_CPU_TIERS_H

#include <stddef.h>

/* A tier: the features it has (a CPU must have all of them to reach it)
 * and the features hidden to get there, space-separated. */
typedef struct cpu_tier {
  const char *name;
  const char *needs;
  const char *hides;
} cpu_tier;

/* The tiers of `arch` ("x86_64", "aarch64"), oldest first, their count in
 * *n; NULL and 0 for an architecture without tiers. Both tables are
 * compiled everywhere, so every build checks them. */
const cpu_tier *cpu_tiers_of(const char *arch, size_t *n);
/* The architecture this program was built for: "x86_64", "aarch64" or
 * "other". */
const char *cpu_tiers_arch(void);

/* Whether the space-separated list holds the word w[0..n). */
int cpu_words_have(const char *list, const char *w, size_t n);
/* Appends to out the words of `a` that are (keep = 1) or are not (keep = 0)
 * in `b`, separated by `sep`; stops quietly when out is full. */
void cpu_words_filter(char *out, size_t cap, const char *a, const char *b, int keep, const char *sep);

/* How a tier relates to this CPU. */
typedef enum {
  CPU_TIER_RUN,         /* reachable: hide `disable` to get there */
  CPU_TIER_SKIPPED,     /* the CPU lacks a feature the tier needs (`missing`) */
  CPU_TIER_NATIVE_SAME, /* hides nothing this CPU has: native already is it */
} cpu_tier_plan;

/* Plans tier t on a CPU whose detected features are `detected` (space-
 * separated). Fills missing (what the CPU lacks, space-separated), hidden
 * (what the tier hides that the CPU has, space-separated) and disable (the
 * tier's whole hide list, comma-separated: the HWCRYPTO_CPU_DISABLE value),
 * each of `cap` bytes. */
cpu_tier_plan cpu_tier_plan_on(const cpu_tier *t, const char *detected, char *missing, char *hidden, char *disable,
                               size_t cap);

/* The features hwcrypto detected on this CPU before any HWCRYPTO_CPU_DISABLE
 * masking (the "features" line of hwc_cpu_identity), space-separated. */
void cpu_tiers_detected(char *out, size_t cap);

#endif /* HWC_TOOLS_CPU_TIERS_H */
