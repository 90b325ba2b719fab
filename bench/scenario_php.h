/* SPDX-License-Identifier: ISC */
/*
 * The sodium-loop-php scenario row (scenario_php.c): sodium-loop's kind of
 * loop as a PHP application runs it, sodium/bench/seed_loop.php through
 * `php` (ext/sodium, linked to libsodium.so.23), with
 * libhwcrypto-sodium.so preloaded (our figure) and without (the libsodium
 * peer's figure), alternated. It runs in other processes, so it is not a
 * suite row: main.c measures it with php_loop_measure, not bench_measure,
 * and reports its two figures as a row of ours and the peer's beside it.
 */
#ifndef HWC_BENCH_SCENARIO_PHP_H
#define HWC_BENCH_SCENARIO_PHP_H

#include <limits.h>
#include <stddef.h>

#include "bench.h"

/* Loop iterations per run: the figure is iterations per second. */
#define PHP_LOOP_ITERS 1000
#define PHP_LOOP_QUICK_ITERS 20

/* The row the two results point to (run is NULL: never called). */
extern const bench_row php_loop_row;

/* What a run needs: the php binary, the drop-in, the script. */
typedef struct php_loop {
  char php[PATH_MAX], dropin[PATH_MAX], script[PATH_MAX];
  char version[32]; /* PHP_VERSION */
} php_loop;

/* Finds php on PATH (with ext/sodium), the drop-in (beside the installed
 * library, else in the build tree) and seed_loop.php (installed, else in
 * the source tree), and checks that the drop-in preloads into php cleanly.
 * Returns 0, or -1 with a one-line reason in why ("php not found on PATH"). */
int php_loop_find(php_loop *p, char *why, size_t cap);

/* One warm-up pair, then `runs` pairs of runs of `iters` iterations, ours
 * (preloaded) first in each pair; per-iteration figures whose ticks are
 * the median time at the counter rate hz. Every run must print the same
 * digest. Returns 0, or -1 with the reason in why. */
int php_loop_measure(const php_loop *p, unsigned iters, unsigned runs, double hz, bench_figure *ours,
                     bench_figure *peer, char *why, size_t cap);

#endif /* HWC_BENCH_SCENARIO_PHP_H */
