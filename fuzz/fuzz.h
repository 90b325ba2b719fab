/*
 * Differential fuzzing: every harness runs the same input through every
 * implementation this CPU supports (selected in turn through the public
 * hwc_impl_select) and aborts on any disagreement. Built two ways:
 * with clang -fsanitize=fuzzer (make fuzz) and, for the test suite, with
 * replay_main.c, which feeds pseudo-random inputs (ctest label native).
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

#define FUZZ_REQUIRE(cond, what)                                          \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "fuzz: %s\n", what);                                \
      abort();                                                            \
    }                                                                     \
  } while (0)

#endif
