/* SPDX-License-Identifier: ISC */
/*
 * The dispatcher: CPU probe (cpu.c), the list of every compiled kernel table
 * (registry.c) and the selection among them (dispatch.c). Protocol code asks
 * it for the selected table of a primitive; it never looks further down than
 * src/kernels.h.
 */
#ifndef HWC_DISPATCH_H
#define HWC_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

#include "include/hwcrypto.h"
#include "src/kernels.h"

/* ---- cpu.c: what this CPU and OS can run, before any masking, and which
 * CPU it is. family and model_id identify the microarchitecture for the
 * selection rules (uarch.c) and calibration profiles (profile.c):
 *   x86_64: vendor is the CPUID vendor string ("AuthenticAMD",
 *     "GenuineIntel"); family and model_id are the displayed family and
 *     model of CPUID leaf 1, extended fields included, as Linux prints them
 *     in /proc/cpuinfo (Zen 4 Genoa: family 25, model 17);
 *   aarch64 Linux: vendor "arm"; family is the MIDR_EL1 implementer (0x41
 *     Arm, 0x61 Apple, 0xc0 Ampere), model_id its part number, both 0 when
 *     the kernel does not tell (qemu-user, containers without sysfs);
 *   elsewhere: 0 and 0. */
typedef struct {
  uint32_t features;  /* HWC_CPU_* bits */
  char vendor[16];
  char model[64];     /* brand string, for people */
  unsigned family, model_id;
} hwc_cpu_info;

void hwc_cpu_probe(hwc_cpu_info *out);
/* Feature name table of this architecture, /proc/cpuinfo spelling. */
size_t hwc_cpu_feature_count(void);
const char *hwc_cpu_feature_name(size_t i);
uint32_t hwc_cpu_feature_bit(size_t i);

/* ---- registry.c: every compiled implementation (kernel table) per
 * primitive, generic first. */
size_t hwc_registry_count(hwc_prim p);
const hwc_impl_info *hwc_registry_impl(hwc_prim p, size_t i);
/* The selectable entries of p, the indexes of hwc_impl_name: entry i <
 * hwc_registry_count(p) is table i under its default tuning (named as the
 * table), the rest are the further tuning records of the tables, named
 * "table:record". At most HWC_MAX_ENTRIES per primitive. */
#define HWC_MAX_ENTRIES 32
size_t hwc_registry_entries(hwc_prim p);
/* The table of entry i (NULL out of range); *tuning (if not NULL) receives
 * the index of its record in the table's `tunings` (0 for the default). */
const hwc_impl_info *hwc_registry_entry(hwc_prim p, size_t i, size_t *tuning);
const char *hwc_registry_entry_name(hwc_prim p, size_t i);
/* The entry named by the len bytes at name, or -1. */
int hwc_registry_find(hwc_prim p, const char *name, size_t len);
/* The index of entry i's table (the entry of its default tuning). */
size_t hwc_registry_table_of(hwc_prim p, size_t i);

/* ---- uarch.c: the table of CPU models where measurement overrides the
 * priority order or a backend's default tuning (README, "Selection"; the
 * figures in docs/tuning.md). One entry applies to one primitive on the
 * CPUs whose vendor is `vendor` (exact), whose family is `family` and whose
 * model_id lies in model_lo..model_hi. It prefers an implementation
 * (selected when runnable, whatever its priority; with `instead_of`, only
 * when the priority order chose that one), avoids one (never chosen by
 * priority here; the next best runnable one is), or tunes one: `tune`
 * names an entry "table:record", run instead of that table's default
 * whenever the steps before chose the table. */
typedef struct {
  const char *vendor;
  unsigned family, model_lo, model_hi;
  hwc_prim prim;
  const char *prefer; /* or NULL */
  const char *avoid;  /* or NULL */
  const char *tune;   /* or NULL */
  const char *instead_of; /* with prefer: the priority choice it replaces, or NULL (any) */
} hwc_uarch_rule;

/* The rules compiled for this architecture (n receives their count). */
const hwc_uarch_rule *hwc_uarch_rules(size_t *n);
/* 1 if rule r concerns the CPU `cpu`. */
int hwc_uarch_rule_matches(const hwc_uarch_rule *r, const hwc_cpu_info *cpu);
/* Applies the rules of `rules` that match cpu to the priority choice
 * *choice (an entry index) of primitive p; runnable(p, i) says whether
 * entry i may run. Returns 1 (and updates *choice) when a rule changed the
 * choice, 0 if none did. A rule naming an entry that is not in the
 * registry or not runnable is skipped. */
int hwc_uarch_apply(const hwc_uarch_rule *rules, size_t n, const hwc_cpu_info *cpu, hwc_prim p,
                    int (*runnable)(hwc_prim, size_t), size_t *choice);

/* ---- profile.c: HWCRYPTO_PROFILE files written by hwcrypto-info
 * --calibrate (format in profile.c and the README). */
/* The identity lines of a profile for this CPU: "cpu VENDOR FAMILY MODEL\n"
 * then "features F1 F2...\n" (detected features, before masking). */
void hwc_profile_identity(char *out, size_t cap, const hwc_cpu_info *cpu);
/* Reads the profile at path and, if it is well formed and was made on cpu,
 * writes the chosen implementation of each primitive it names into
 * choice[p] and sets named[p] (entries whose implementation is not runnable
 * are reported on stderr and left out). Returns 1 when the profile applies,
 * 0 when it does not (mismatch or malformed: reported once on stderr, choice
 * and named untouched). */
int hwc_profile_load(const char *path, const hwc_cpu_info *cpu, int (*runnable)(hwc_prim, size_t),
                     size_t choice[HWC_PRIM_COUNT], int named[HWC_PRIM_COUNT]);

/* ---- dispatch.c */
/* The selected kernel table of p (never NULL for a primitive with at least a
 * generic implementation). Initialises the library on first use. */
const void *hwc_dispatch_get(hwc_prim p);
/* Effective features after HWCRYPTO_CPU_DISABLE masking. */
uint32_t hwc_dispatch_features(void);

/* Test entry points, in every build and hidden from the shared library's
 * exports (the suite links the static library): not thread-safe, each
 * selection change followed by hwc_dispatch_reinit_for_tests(). Select as
 * if the CPU were vendor/family/model_id (features stay the probed ones;
 * vendor NULL returns to the probe), and with `rules` as the rule table
 * (NULL returns to the compiled one); re-read the environment and select
 * again; turn the kernels' call counters on or off (src/kernels.h). */
void hwc_dispatch_set_cpu_for_tests(const char *vendor, unsigned family, unsigned model_id);
void hwc_dispatch_set_rules_for_tests(const hwc_uarch_rule *rules, size_t n);
void hwc_dispatch_reinit_for_tests(void);
void hwc_testing_count_calls(int on);
/* Counted kernel calls that ran with PSTATE.DIT clear on an aarch64 CPU
 * with FEAT_DIT since the last call (0 elsewhere); resets the count. */
unsigned long hwc_testing_calls_without_dit(void);

#define HWC_KERNEL(prim, type) ((const type *)hwc_dispatch_get(prim))

#endif /* HWC_DISPATCH_H */
