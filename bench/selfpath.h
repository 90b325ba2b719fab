/* SPDX-License-Identifier: ISC */
/*
 * Where the running bench is, and where its companion files are (the
 * README and the compare-*.sh scripts), so the same binary works from the
 * build tree and from an installed, possibly relocated, prefix
 * (selfpath.c). The bench itself reads no file at run time: these paths
 * are only named to the user (--help) and used to re-execute itself
 * (--tiers).
 */
#ifndef HWC_BENCH_SELFPATH_H
#define HWC_BENCH_SELFPATH_H

#include <stddef.h>

/* The absolute path of the running executable (/proc/self/exe), or argv0
 * when that cannot be read; in buf (cap bytes). Returns buf. */
const char *bench_self_exe(char *buf, size_t cap, const char *argv0);

/* The root the companion files are found under, as "bench/README.md" and
 * "bench/compare-openssl.sh" relative to it: the installed data directory
 * (<bindir>/../share/hwcrypto, found from the executable's own location)
 * when it holds them, else the source tree the binary was built from, else
 * NULL. Sets *installed to 1 for the first. */
const char *bench_data_root(int *installed);

#endif /* HWC_BENCH_SELFPATH_H */
