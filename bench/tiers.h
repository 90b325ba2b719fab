/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-bench --tiers: the CPU-tier matrix (tiers.c). For each tier this
 * machine can reach by masking features, the bench runs itself again with
 * the tier's features hidden from hwcrypto (HWCRYPTO_CPU_DISABLE) and from
 * OpenSSL (OPENSSL_ia32cap, OPENSSL_armcap), measuring the implementation
 * the dispatcher selects and OpenSSL alternately, and tabulates tier x row.
 */
#ifndef HWC_BENCH_TIERS_H
#define HWC_BENCH_TIERS_H

#include <stddef.h>

/* The results an application cares about most, in table order: the
 * tier matrix's default rows and --compare's headline (compare.c). Bulk
 * rows are shown at BENCH_MAIN_SIZE bytes. */
extern const char *const bench_main_rows[];
extern const size_t bench_main_rows_count;
#define BENCH_MAIN_SIZE 16384

/* Called by main() when argv holds --tiers; returns the exit status. */
int tiers_main(int argc, char **argv);

#endif /* HWC_BENCH_TIERS_H */
