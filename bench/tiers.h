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

/* Called by main() when argv holds --tiers; returns the exit status. */
int tiers_main(int argc, char **argv);

#endif /* HWC_BENCH_TIERS_H */
