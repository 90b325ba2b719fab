/* SPDX-License-Identifier: ISC */
/*
 * Selection rules by microarchitecture: the few CPU models on which
 * measurement shows that the priority order (src/kernels.h, HWC_PRIO_*)
 * picks a slower implementation than one it ranks lower. The priority scale
 * orders kinds of code (scalar < 256-bit < 512-bit vectors); it cannot know
 * that a part splits 512-bit operations into two 256-bit halves, or has a
 * slow multiplier, so a rule names the CPU and the better choice, in the
 * manner of BoringSSL's rule against 512-bit registers on some Intel parts.
 *
 * A rule only chooses among implementations the CPU can run (a rule naming
 * one that is masked or absent is skipped), and every implementation
 * computes the same results: a rule changes speed, never output. It is
 * applied once, at selection, after the priority order and before a
 * calibration profile and HWCRYPTO_IMPL (dispatch.c).
 *
 * Adding a rule is one line in `rules` below, with a comment giving the
 * same-run measurement that justifies it (hwcrypto-bench --impl all, CPU
 * named, sizes that matter, repeated), e.g.
 *   {"AuthenticAMD", 25, 0x10, 0x1f, HWC_PRIM_BIGNUM, "mulx", NULL},
 * vendor as CPUID spells it, family and model as /proc/cpuinfo shows them
 * (decimal there; model ranges inclusive), then prefer or avoid. The
 * dispatch tests check that every rule names a known implementation.
 */
#include <string.h>

#include "dispatch.h"

static const hwc_uarch_rule rules[] = {
#if defined(__x86_64__)
    /* AMD Zen 5 (family 26, the model ranges Linux gives Zen 5: 0x00-0x2f,
     * 0x40-0x4f, 0x60-0x7f). Two IFMA multiply-adds per cycle at 512 bits
     * as at 256, so the narrow top register of avx512ifma saves nothing
     * and costs its two extra multiply-adds per step. EPYC Zen 5 (family
     * 26 model 2), 2026-12-02, same-run: an RSA-2048 private operation
     * (CRT, blinded) 1.18x faster with avx512ifma-zmm (about 405 against
     * 480 thousand TSC ticks), the paired 1024-bit product 227 against 270;
     * RSA-3072's public products (narrow at d = 60) 6-8% faster; no size
     * slower. Zen 4 (family 25) keeps avx512ifma: there 512-bit operations
     * split and the narrow register halves its cost. */
    {"AuthenticAMD", 26, 0x00, 0x2f, HWC_PRIM_BIGNUM, "avx512ifma-zmm", NULL},
    {"AuthenticAMD", 26, 0x40, 0x4f, HWC_PRIM_BIGNUM, "avx512ifma-zmm", NULL},
    {"AuthenticAMD", 26, 0x60, 0x7f, HWC_PRIM_BIGNUM, "avx512ifma-zmm", NULL},
    /* AMD Zen 5 with AVX-512 hidden (a hypervisor's CPU model): six
     * integer ALUs, so SHA-512's rounds are bound by their recurrences and
     * the short-path round (4-cycle recurrences, 25 operations) beats the
     * few-operations one that the four-ALU AVX2 parts want. EPYC Zen 5
     * (family 26 model 2), 2026-12-04, both builds and OpenSSL 3.0
     * alternated in one process, minimum of 3000 calls, TSC ticks per
     * byte: 16 KiB avx2 2.229, avx2-short-path 1.892, OpenSSL 1.984
     * (0.89x -> 1.05x); 1 KiB 2.297, 2.071, 2.276; 128 B 2.95, 2.79, 4.59.
     * An "avoid", not a "prefer": with AVX-512 present, avx512 stays. */
    {"AuthenticAMD", 26, 0x00, 0x2f, HWC_PRIM_SHA512, NULL, "avx2"},
    {"AuthenticAMD", 26, 0x40, 0x4f, HWC_PRIM_SHA512, NULL, "avx2"},
    {"AuthenticAMD", 26, 0x60, 0x7f, HWC_PRIM_SHA512, NULL, "avx2"},
    /* AMD Zen 5 with AVX hidden: two-cycle latency for PADDD, PXOR, PSHUFB
     * and PSLLD (a dependent chain of each: 2.02 cycles), so the four
     * quarter rounds side by side of ChaCha20's vertical SSSE3 rounds
     * leave vector units idle, and ssse3-gpr, the same rounds with a fifth
     * block on the general registers in the one instruction stream, fills
     * them. EPYC Zen 5 (family 26 model 2), 2026-12-04, AVX masked on both
     * sides, hwcrypto-bench --runs 9, builds alternated twice: 16 KiB
     * 1.47 -> 1.76 GB/s (1.00x -> 1.19x OpenSSL 3.0), 1 KiB 1.44 -> 1.60
     * (1.10x -> 1.23x), 64 B unchanged (one block: the portable loop).
     * Elsewhere ssse3 stays, by priority: llvm-mca 14's models of the two
     * double-round loops give ssse3-gpr 0.82x on Core 2 to Sandy Bridge,
     * 0.73-0.95x on the Atom cores and Jaguar, the CPUs that run this
     * kernel natively; they give it 1.07-1.26x on Haswell and later and
     * 1.04-1.25x on Zen 1-3, which reach it only with AVX2 hidden and are
     * not measured. An "avoid", not a "prefer": with AVX2 or AVX-512
     * present, those kernels stay. */
    {"AuthenticAMD", 26, 0x00, 0x2f, HWC_PRIM_CHACHA20, NULL, "ssse3"},
    {"AuthenticAMD", 26, 0x40, 0x4f, HWC_PRIM_CHACHA20, NULL, "ssse3"},
    {"AuthenticAMD", 26, 0x60, 0x7f, HWC_PRIM_CHACHA20, NULL, "ssse3"},
    /* AMD Zen 5 with AVX-512 hidden: the same latency as for ssse3 above,
     * so avx2-gpr (avx2 with runs of nine-block steps, the ninth block on
     * the general registers; the same stitched AEAD) over avx2. EPYC Zen 5
     * (family 26 model 2), 2026-12-04, both builds loaded in one process
     * and alternated, minimum of 3000 calls, TSC ticks per byte: 4608 B
     * (eight nines) 0.675 against 0.611 (1.10x), 16 KiB 0.668 against
     * 0.626 (1.07x), 1 KiB level (no nine below 72 blocks). llvm-mca 14
     * models the nine-block loop at 1.03-1.07x on Haswell to Ice Lake and
     * Alder Lake, 0.95x on Zen 2: not measured, so avx2 stays there. */
    {"AuthenticAMD", 26, 0x00, 0x2f, HWC_PRIM_CHACHA20, NULL, "avx2"},
    {"AuthenticAMD", 26, 0x40, 0x4f, HWC_PRIM_CHACHA20, NULL, "avx2"},
    {"AuthenticAMD", 26, 0x60, 0x7f, HWC_PRIM_CHACHA20, NULL, "avx2"},
    /* AMD Zen 5 with AVX-512 and IFMA: ChaCha20-Poly1305 seals faster in
     * two passes (avx512-twopass: the thirty-two-block keystream, then the
     * IFMA Poly1305) than stitched (avx512: sixteen-block steps with part
     * of the MAC in scalar code between the double rounds), since the
     * interleaved thirty-two-block step is 1.27x the sixteen-block one on
     * two-cycle vector latency and the stitched path cannot use it. EPYC
     * Zen 5 (family 26 model 2), 2026-12-04, both builds loaded in one
     * process and alternated, minimum of 3000 seals, TSC ticks per byte,
     * stitched against two passes: 4 KiB 0.467 against 0.426-0.431, 16 KiB
     * 0.378-0.379 against 0.358-0.359 (1.05-1.10x); 1 KiB and shorter
     * take the same path in both. Plain ChaCha20 is the same code in both
     * entries. */
    {"AuthenticAMD", 26, 0x00, 0x2f, HWC_PRIM_CHACHA20, NULL, "avx512"},
    {"AuthenticAMD", 26, 0x40, 0x4f, HWC_PRIM_CHACHA20, NULL, "avx512"},
    {"AuthenticAMD", 26, 0x60, 0x7f, HWC_PRIM_CHACHA20, NULL, "avx512"},
    /* Intel Xeon Emerald Rapids (family 6 model 207, Raptor Cove cores).
     * Only this model is measured; Sapphire Rapids (model 143) has the same
     * core design and likely wants the same entries, but no rule is
     * written from a likeness.
     * Bignum: while 512-bit instructions are in flight, Intel cores run
     * vector work on ports 0 and 1 fused into one 512-bit unit, so a
     * 256-bit multiply-add takes the same slot as a 512-bit one; as on
     * Zen 5 the narrow top register saves nothing and adds its two
     * multiply-adds a step. 2026-12-06, hwcrypto-bench
     * --impl all --runs 7: RSA-2048 private 3061 op/s with avx512ifma-zmm
     * against 2438 (1.26x; OpenSSL 3.0 2680 in the same run); the
     * calibration's RSA-2048 sign 319 against 375 microseconds (1.17x);
     * RSA-3072/4096 private and public level or up to 4% faster. */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_BIGNUM, "avx512ifma-zmm", NULL},
    /* SHA-512 with AVX-512 hidden: five integer ALUs issue the short-path
     * round's 25 operations as fast as the few-operations round's 22, and
     * its recurrences are a step shorter. 2026-12-06, one process, the
     * implementations alternated, minimum of 3000 calls, TSC ticks per
     * byte: 16 KiB avx2 3.787, avx2-short-path 3.491 (1.085x); 1 KiB 4.338
     * against 4.047 (1.07x); 128 B 8.94 against 8.45 (1.06x). With
     * AVX-512 present, avx512 stays (3.358 at 16 KiB). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_SHA512, NULL, "avx2"},
    /* ChaCha20 with AVX hidden: three vector ALU ports carry the four
     * vertical SSSE3 blocks while the integer ports idle; ssse3-gpr's
     * fifth block on the general registers fills them. 2026-12-06, one
     * process, alternated, minimum of 3000 calls, TSC ticks per byte:
     * 16 KiB 1.743 against 1.497 (1.165x), 4608 B 1.731 against 1.514
     * (1.14x), 1 KiB 1.771 against 1.725 (1.03x). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_CHACHA20, NULL, "ssse3"},
    /* ChaCha20 with AVX-512 hidden: the same reason at eight blocks;
     * avx2-gpr's nine-block steps. Same method: 16 KiB 0.898 against
     * 0.858 (1.047x), 4608 B 0.891 against 0.852 (1.046x), 1 KiB level
     * (0.912 against 0.918: no nine below 72 blocks). The AEAD seal is
     * the same code in both. With AVX-512 present avx512 stays (avx512-
     * twopass measured level with it here, so no rule for it). */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_CHACHA20, NULL, "avx2"},
    /* Poly1305 with IFMA hidden (AVX-512F): the vector units' two 512-bit
     * ports are busy longer than one accumulator's multiply-and-carry
     * chain takes, so the second accumulator that avx512 adds on long
     * inputs, tuned for Zen 5, only costs its set-up and its spills;
     * avx512-one-chain keeps one. 2026-12-06, one process, alternated,
     * minimum of 3000 one-shot MACs, TSC ticks per byte, avx512 against
     * avx512-one-chain: 1 KiB 0.570 / 0.488 (1.20x), 2 KiB 0.463 / 0.384
     * (1.21x), 4 KiB 0.369 / 0.334 (1.10x), 16 KiB 0.305 / 0.286
     * (1.07x), 64 KiB 0.307 / 0.291 (1.05x). With IFMA present,
     * avx512ifma stays. */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_POLY1305, NULL, "avx512"},
    /* Poly1305 with AVX-512 hidden: the same reason at four lanes, and
     * the AVX2 kernel's second accumulator does not fit sixteen registers
     * (spills on the loop's path); avx2-one-chain. It is a schedule of
     * avx2 (variant_of), so the AVX2 ChaCha20 kernels' stitched
     * ChaCha20-Poly1305 still runs beside it (the dispatch test
     * selection_keeps_stitched_aead). With AVX-512 present, avx512 and
     * avx512ifma stay. 2026-12-06, one process, alternated, minimum of
     * 3000 one-shot MACs (5000 at 16 KiB, three runs), TSC ticks per byte,
     * avx2 against avx2-one-chain: 2 KiB 0.597 / 0.508 (1.18-1.20x), 4 KiB
     * 0.494 / 0.430 (1.15x), 16 KiB 0.429 / 0.400 (1.06-1.08x), 64 KiB
     * 0.406 / 0.393 (1.03-1.04x); below 128 blocks both run one chain. */
    {"GenuineIntel", 6, 207, 207, HWC_PRIM_POLY1305, NULL, "avx2"},
#endif
#if defined(__aarch64__)
    /* The in-order Arm cores (implementer 0x41; part 0xd03 Cortex-A53,
     * 0xd05 Cortex-A55). No aarch64 hardware is at hand, so these two
     * entries rest on llvm-mca 14's scheduling models of both kernels, as
     * GCC 12 compiled them (tools/aarch64-model, README "aarch64 speed"),
     * and are to be replaced by a measurement when one exists:
     *  - fe25519 aarch64: its 4x64 multiplication's ADDS/ADCS chains stall
     *    an in-order pipeline; the models give its mul 173 and 168 cycles
     *    against generic's 132 and 128 (A53, A55), X25519 0.79x generic on
     *    the A55 model (404,916 cycles against 318,541, llvm-mca 14 on
     *    an AMD EPYC Zen 5 host, 2026-12-02: re-checked after issue #19's
     *    ladder changes and the aarch64 divsteps inversion, which took the
     *    out-of-order A57 model from 1.28x to 1.51x, 98,657 cycles against
     *    148,648);
     *  - sha512 neon: the Q-form vector schedule issues one instruction a
     *    cycle there; one block 2610 and 1908 cycles against generic's
     *    1654 and 1597, where the A57 model gives 877 against 1006.
     * cpu0's MIDR decides: a big.LITTLE system whose cpu0 is a LITTLE core
     * runs the portable code on its big cores too. */
    {"arm", 0x41, 0xd03, 0xd03, HWC_PRIM_FE25519, NULL, "aarch64"},
    {"arm", 0x41, 0xd05, 0xd05, HWC_PRIM_FE25519, NULL, "aarch64"},
    {"arm", 0x41, 0xd03, 0xd03, HWC_PRIM_SHA512, NULL, "neon"},
    {"arm", 0x41, 0xd05, 0xd05, HWC_PRIM_SHA512, NULL, "neon"},
#endif
    {NULL, 0, 0, 0, HWC_PRIM_COUNT, NULL, NULL}, /* end marker, never matches */
};

const hwc_uarch_rule *hwc_uarch_rules(size_t *n) {
  *n = sizeof rules / sizeof rules[0] - 1;
  return rules;
}

int hwc_uarch_rule_matches(const hwc_uarch_rule *r, const hwc_cpu_info *cpu) {
  return r->vendor != NULL && strcmp(r->vendor, cpu->vendor) == 0 && r->family == cpu->family &&
         r->model_lo <= cpu->model_id && cpu->model_id <= r->model_hi;
}

/* Index of implementation `name` of p in the registry, or -1. */
static int impl_index(hwc_prim p, const char *name) {
  for (size_t i = 0; name && i < hwc_registry_count(p); i++)
    if (strcmp(hwc_registry_impl(p, i)->name, name) == 0) return (int)i;
  return -1;
}

/* 1 if a matching "avoid" rule names implementation i of p. */
static int avoided(const hwc_uarch_rule *rs, size_t n, const hwc_cpu_info *cpu, hwc_prim p, size_t i) {
  for (size_t k = 0; k < n; k++)
    if (rs[k].prim == p && rs[k].avoid && impl_index(p, rs[k].avoid) == (int)i &&
        hwc_uarch_rule_matches(&rs[k], cpu))
      return 1;
  return 0;
}

int hwc_uarch_apply(const hwc_uarch_rule *rs, size_t n, const hwc_cpu_info *cpu, hwc_prim p,
                    int (*runnable)(hwc_prim, size_t), size_t *choice) {
  /* A runnable preferred implementation wins; the first matching rule that
   * has one decides. */
  for (size_t k = 0; k < n; k++) {
    if (rs[k].prim != p || !rs[k].prefer || !hwc_uarch_rule_matches(&rs[k], cpu)) continue;
    int i = impl_index(p, rs[k].prefer);
    if (i < 0 || !runnable(p, (size_t)i)) continue;
    int changed = (size_t)i != *choice;
    *choice = (size_t)i;
    return changed;
  }
  if (!avoided(rs, n, cpu, p, *choice)) return 0;
  /* The priority order again, without the avoided implementations. If all
   * are avoided the priority choice stands: something must run. */
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
