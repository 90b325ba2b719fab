/*
 * Differential fuzzing: every harness runs the same input through the
 * implementations this CPU supports (selected in turn through the public
 * hwc_impl_select) and aborts on any disagreement: all of them, or, in the
 * slow arithmetic harnesses under libFuzzer, generic and one chosen by the
 * input (fuzz_generic_and_one). Built two ways: with clang
 * -fsanitize=fuzzer (make fuzz, HWC_FUZZ_LIBFUZZER defined) and, for the
 * test suite, with replay_main.c, which feeds pseudo-random inputs, the
 * make_seeds corpus and fuzz/regressions/ (ctest label native).
 */
#ifndef HWC_FUZZ_H
#define HWC_FUZZ_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Calls run(impl index) for every supported implementation of p, with it
 * selected; restores the default selection afterwards. */
static inline size_t fuzz_each_impl(hwc_prim p, void (*run)(size_t i, void *ctx), void *ctx) {
  const char *def = hwc_impl_selected(p);
  size_t ran = 0;
  for (size_t i = 0; i < hwc_impl_count(p); i++) {
    if (!hwc_impl_supported(p, i)) continue;
    if (hwc_impl_select(p, hwc_impl_name(p, i)) != HWC_OK) abort();
    run(i, ctx);
    ran++;
  }
  if (def) hwc_impl_select(p, def);
  return ran;
}

/* Calls run(impl index) for the generic implementation (index 0, the
 * reference) and then for other supported ones. Under libFuzzer only one of
 * them, chosen by pick (an input byte): the arithmetic harnesses are too slow
 * to compare four backends per input, and because libFuzzer mutates pick like
 * any other byte, every backend is still reached many times in a run. In
 * replay mode (the test suite) every supported implementation runs, so each
 * run of the suite covers every backend. */
static inline size_t fuzz_generic_and_one(hwc_prim p, unsigned pick, void (*run)(size_t i, void *ctx), void *ctx) {
  const char *def = hwc_impl_selected(p);
  size_t others[16], n_others = 0;
  if (!hwc_impl_supported(p, 0) || hwc_impl_select(p, hwc_impl_name(p, 0)) != HWC_OK) abort();
  run(0, ctx);
  for (size_t i = 1; i < hwc_impl_count(p) && n_others < 16; i++)
    if (hwc_impl_supported(p, i)) others[n_others++] = i;
  size_t ran = 1;
  for (size_t k = 0; k < n_others; k++) {
#ifdef HWC_FUZZ_LIBFUZZER
    if (k != pick % n_others) continue;
#else
    (void)pick;
#endif
    if (hwc_impl_select(p, hwc_impl_name(p, others[k])) != HWC_OK) abort();
    run(others[k], ctx);
    ran++;
  }
  if (def) hwc_impl_select(p, def);
  return ran;
}

#define FUZZ_REQUIRE(cond, what)                                          \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "fuzz: %s\n", what);                                \
      abort();                                                            \
    }                                                                     \
  } while (0)

#endif
