/*
 * Constant-time checks (DESIGN.md, testing item 5): secrets are marked
 * undefined for memcheck; any branch or memory index that depends on them is
 * then reported as a use of uninitialised data. CT bodies are HWC_TEST bodies
 * in ct_*.c files, built into hwc-ct (plain runner) and run under
 * `valgrind --error-exitcode=1`; outside valgrind the marks are no-ops.
 * Results are marked defined again before the test compares them.
 */
#ifndef HWC_TESTS_CT_H
#define HWC_TESTS_CT_H
#include <valgrind/memcheck.h>

#include "check.h"

#define CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

#endif
