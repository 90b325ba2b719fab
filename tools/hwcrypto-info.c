/* SPDX-License-Identifier: ISC */
/* hwcrypto-info: what this CPU offers, and which implementation of every
 * primitive the library compiled, supports here and selected. */
#include <stdio.h>

#include <hwcrypto.h>

int main(void) {
  hwc_init();
  printf("cpu: %s\n\n", hwc_cpu_summary());
  printf("%-10s %-14s %-10s %s\n", "primitive", "implementation", "supported", "selected");
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    size_t n = hwc_impl_count((hwc_prim)p);
    if (n == 0) {
      printf("%-10s %-14s\n", hwc_prim_name((hwc_prim)p), "(not built yet)");
      continue;
    }
    const char *sel = hwc_impl_selected((hwc_prim)p);
    for (size_t i = 0; i < n; i++) {
      const char *name = hwc_impl_name((hwc_prim)p, i);
      printf("%-10s %-14s %-10s %s\n", i ? "" : hwc_prim_name((hwc_prim)p), name,
             hwc_impl_supported((hwc_prim)p, i) ? "yes" : "no", name == sel ? "<- selected" : "");
    }
  }
  return 0;
}
