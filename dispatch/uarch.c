/* SPDX-License-Identifier: ISC */
/*
 * Selection rules by microarchitecture: the few CPU models on which
 * measurement shows that the priority order (src/kernels.h, HWC_PRIO_*)
 * picks a slower implementation than one it ranks lower, or that a
 * backend runs faster under another of its tuning records. The priority
 * scale orders kinds of code (scalar < 256-bit < 512-bit vectors); it
 * cannot know that a part splits 512-bit operations into two 256-bit
 * halves, or has two-cycle vector latency, so a rule names the CPU and the
 * better choice, in the manner of BoringSSL's rule against 512-bit
 * registers on some Intel parts.
 *
 * A rule only chooses among implementations the CPU can run (a rule naming
 * one that is masked or absent is skipped), and every implementation and
 * tuning computes the same results: a rule changes speed, never output. It
 * is applied once, at selection, after the priority order and before a
 * calibration profile and HWCRYPTO_IMPL (dispatch.c).
 *
 * Adding a rule is one row below: vendor as CPUID spells it, family and
 * model as /proc/cpuinfo shows them (decimal there; ranges inclusive), the
 * primitive, then .prefer (with .instead_of or not), .avoid or .tune, e.g.
 *   {"AuthenticAMD", 25, 0x10, 0x1f, HWC_PRIM_BIGNUM, .tune = "avx512ifma:zmm"},
 * and its same-run measurement (hwcrypto-bench --impl all, CPU named,
 * sizes that matter, repeated) as a section of docs/tuning.md, which the
 * comment above the row names. The dispatch tests check that every rule
 * names a known implementation.
 */
#include <string.h>

#include "dispatch.h"

/* Zen 5's model ranges as Linux lists them (family 26). */
#define ZEN5_MODELS(prim, ...)                                                    \
  {"AuthenticAMD", 26, 0x00, 0x2f, prim, __VA_ARGS__},                           \
      {"AuthenticAMD", 26, 0x40, 0x4f, prim, __VA_ARGS__},                       \
      {"AuthenticAMD", 26, 0x60, 0x7f, prim, __VA_ARGS__}

static const hwc_uarch_rule rules[] = {
#if defined(__x86_64__)
    /* AMD Zen 5: two IFMA multiply-adds per cycle at 512 bits as at 256,
     * so the narrow top register saves nothing and costs its two extra
     * multiply-adds a step (docs/tuning.md, "bignum avx512ifma:zmm"). */
    ZEN5_MODELS(HWC_PRIM_BIGNUM, .tune = "avx512ifma:zmm"),
    /* AMD Zen 5 with AVX-512 hidden: six integer ALUs, so SHA-512's rounds
     * are bound by their recurrences ("sha512 avx2:short-path"). */
    ZEN5_MODELS(HWC_PRIM_SHA512, .tune = "avx2:short-path"),
    /* AMD Zen 5 with AVX hidden, or AVX-512 hidden: two-cycle vector
     * latency leaves the vector units idle between ChaCha20's dependent
     * operations; a block on the general registers fills them
     * ("chacha20 ssse3:gpr", "chacha20 avx2:gpr"). */
    ZEN5_MODELS(HWC_PRIM_CHACHA20, .tune = "ssse3:gpr"),
    ZEN5_MODELS(HWC_PRIM_CHACHA20, .tune = "avx2:gpr"),
    /* AMD Zen 5 with AVX-512 and IFMA: ChaCha20-Poly1305 seals faster in
     * two passes, the thirty-two-block keystream then the IFMA MAC, than
     * stitched ("chacha20-poly1305 separate instead of avx512"); where
     * AVX-512 is hidden the avx2 pair stands. */
    ZEN5_MODELS(HWC_PRIM_CHACHA20_POLY1305, .prefer = "separate", .instead_of = "avx512"),
    /* Intel Xeon Emerald Rapids (family 6 model 207, Raptor Cove cores).
     * Only this model is measured; Sapphire Rapids (model 143) has the same
     * core design and likely wants the same rows, but no rule is written
     * from a likeness. With 512-bit work in flight ports 0 and 1 fuse, so a
     * 256-bit multiply-add takes a 512-bit slot ("bignum avx512ifma:zmm"). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_BIGNUM, .tune = "avx512ifma:zmm"},
    /* AVX-512 hidden: five integer ALUs issue the short-path round as fast
     * as the few-operations one ("sha512 avx2:short-path"). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_SHA512, .tune = "avx2:short-path"},
    /* AVX or AVX-512 hidden: the integer ports idle beside ChaCha20's
     * vector blocks ("chacha20 ssse3:gpr", "chacha20 avx2:gpr"). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_CHACHA20, .tune = "ssse3:gpr"},
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_CHACHA20, .tune = "avx2:gpr"},
    /* IFMA or AVX-512 hidden: the vector ports outlast one accumulator's
     * chain, so a second one only costs set-up and spills ("poly1305
     * avx512:one-chain", "poly1305 avx2:one-chain"). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_POLY1305, .tune = "avx512:one-chain"},
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_POLY1305, .tune = "avx2:one-chain"},
#endif
#if defined(__aarch64__)
    /* The in-order Arm cores (implementer 0x41; part 0xd03 Cortex-A53,
     * 0xd05 Cortex-A55), from llvm-mca models, not hardware ("aarch64
     * in-order cores"): the 4x64 field multiplication's carry chains and
     * the Q-form SHA-512 schedule stall an in-order pipeline. cpu0's MIDR
     * decides: a big.LITTLE system whose cpu0 is a LITTLE core runs the
     * portable code on its big cores too. */
    {"arm", 0x41, 0xd03, 0xd03, HWC_PRIM_FE25519, NULL, "aarch64", NULL, NULL},
    {"arm", 0x41, 0xd05, 0xd05, HWC_PRIM_FE25519, NULL, "aarch64", NULL, NULL},
    {"arm", 0x41, 0xd03, 0xd03, HWC_PRIM_SHA512, NULL, "neon", NULL, NULL},
    {"arm", 0x41, 0xd05, 0xd05, HWC_PRIM_SHA512, NULL, "neon", NULL, NULL},
#endif
    {NULL, 0, 0, 0, HWC_PRIM_COUNT, NULL, NULL, NULL, NULL}, /* end marker, never matches */
};

const hwc_uarch_rule *hwc_uarch_rules(size_t *n) {
  *n = sizeof rules / sizeof rules[0] - 1;
  return rules;
}

int hwc_uarch_rule_matches(const hwc_uarch_rule *r, const hwc_cpu_info *cpu) {
  return r->vendor != NULL && strcmp(r->vendor, cpu->vendor) == 0 && r->family == cpu->family &&
         r->model_lo <= cpu->model_id && cpu->model_id <= r->model_hi;
}

/* Index of entry `name` of p in the registry, or -1. */
static int impl_index(hwc_prim p, const char *name) {
  return name ? hwc_registry_find(p, name, strlen(name)) : -1;
}

/* 1 if a matching "avoid" rule names entry i of p. */
static int avoided(const hwc_uarch_rule *rs, size_t n, const hwc_cpu_info *cpu, hwc_prim p, size_t i) {
  for (size_t k = 0; k < n; k++)
    if (rs[k].prim == p && rs[k].avoid && impl_index(p, rs[k].avoid) == (int)i &&
        hwc_uarch_rule_matches(&rs[k], cpu))
      return 1;
  return 0;
}

/* The implementation: a runnable preferred one wins (the first matching
 * rule that has one decides; a rule `instead_of` another applies only
 * when that one is the priority choice); else an avoided priority choice gives way to
 * the next best. Returns 1 if it changed *choice. */
static int apply_prefer_avoid(const hwc_uarch_rule *rs, size_t n, const hwc_cpu_info *cpu, hwc_prim p,
                              int (*runnable)(hwc_prim, size_t), size_t *choice) {
  for (size_t k = 0; k < n; k++) {
    if (rs[k].prim != p || !rs[k].prefer || !hwc_uarch_rule_matches(&rs[k], cpu)) continue;
    if (rs[k].instead_of && impl_index(p, rs[k].instead_of) != (int)*choice) continue;
    int i = impl_index(p, rs[k].prefer);
    if (i < 0 || !runnable(p, (size_t)i)) continue;
    int changed = (size_t)i != *choice;
    *choice = (size_t)i;
    return changed;
  }
  if (!avoided(rs, n, cpu, p, *choice)) return 0;
  /* The priority order again (over the tables, default tunings), without
   * the avoided ones. If all are avoided the priority choice stands:
   * something must run. */
  int best = -1;
  for (size_t i = 0; i < hwc_registry_count(p); i++) {
    if (!runnable(p, i) || avoided(rs, n, cpu, p, i)) continue;
    if (best < 0 || hwc_registry_impl(p, i)->priority > hwc_registry_impl(p, (size_t)best)->priority)
      best = (int)i;
  }
  if (best < 0) return 0;
  *choice = (size_t)best;
  return 1;
}

int hwc_uarch_apply(const hwc_uarch_rule *rs, size_t n, const hwc_cpu_info *cpu, hwc_prim p,
                    int (*runnable)(hwc_prim, size_t), size_t *choice) {
  int changed = apply_prefer_avoid(rs, n, cpu, p, runnable, choice);
  /* The tuning of the chosen table, when the choice is its default: the
   * first matching rule that tunes that table decides. */
  if (*choice >= hwc_registry_count(p)) return changed;
  for (size_t k = 0; k < n; k++) {
    if (rs[k].prim != p || !rs[k].tune || !hwc_uarch_rule_matches(&rs[k], cpu)) continue;
    int i = impl_index(p, rs[k].tune);
    if (i < 0 || hwc_registry_table_of(p, (size_t)i) != *choice || !runnable(p, (size_t)i)) continue;
    *choice = (size_t)i;
    return 1;
  }
  return changed;
}
