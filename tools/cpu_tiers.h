/* SPDX-License-Identifier: ISC */
/*
 * The CPU tiers one machine can stand in for by hiding features from the
 * dispatcher (HWCRYPTO_CPU_DISABLE): x86-64 v2/v3/v4 and the crypto
 * extensions that arrived separately, the aarch64 crypto extension levels.
 * One table for every tool that walks tiers: hwcrypto-bench --tiers
 * (speed, with OpenSSL masked the same way), hwcrypto-selftest --tiers
 * (equivalence under each tier's selection), hwcrypto-info --tiers (the
 * list, which fuzz/run.sh reads). Feature names are hwcrypto's, the
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

/* One entry of this CPU's plan (cpu_tiers_plan_here). */
typedef struct cpu_tier_run {
  const char *name;  /* the tier's name, or "native" */
  int runs;          /* 1: reachable (or native), run it with `disable` */
  char disable[512]; /* HWCRYPTO_CPU_DISABLE for it: the tier's hides plus
                        the user's own mask, comma-separated; may be "" */
  char note[320];    /* when not run: why ("skipped: this CPU lacks avx2") */
} cpu_tier_run;

/* Every tier of this architecture as it applies to this CPU, oldest first,
 * then "native" (always run), at most cap entries; returns the count. The
 * user's own HWCRYPTO_CPU_DISABLE stays hidden in every entry. */
size_t cpu_tiers_plan_here(cpu_tier_run *runs, size_t cap);

#endif /* HWC_TOOLS_CPU_TIERS_H */
