/* SPDX-License-Identifier: ISC */
/* hwcrypto-bench --tiers (see tiers.h): being written. */
#include "tiers.h"

#include <stdio.h>

int tiers_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "hwcrypto-bench: --tiers is not available yet\n");
  return 2;
}
