/* SPDX-License-Identifier: ISC */
/* Helpers shared by the protocol layer (never by kernels). */
#ifndef HWC_INTERNAL_H
#define HWC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../include/hwcrypto.h"
#include "common/byteorder.h"

/* Reports a broken caller contract that a void function cannot return
 * (NULL with a non-zero length) and aborts. */
_Noreturn void hwc_fatal(const char *func, const char *what);

#define HWC_REQUIRE_BUF(p, len)                                              \
  do {                                                                       \
    if ((p) == NULL && (len) != 0) hwc_fatal(__func__, "NULL pointer with non-zero length"); \
  } while (0)

/* Marks a secret-derived value as safe to branch on (it is the result the
 * caller gets anyway). This tells the constant-time check's method
 * (tests/ct.h: MemorySanitizer in its builds, or memcheck where the build
 * found valgrind's header, HWC_CT_VALGRIND: a client request that does
 * nothing outside valgrind), so it does not report it; otherwise it
 * compiles to nothing. */
#include "common/msan.h"
#if defined(HWC_MSAN)
#define HWC_DECLASSIFY(p, n) hwc_msan_clean((p), (n))
#elif defined(HWC_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define HWC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define HWC_DECLASSIFY(p, n) ((void)0)
#endif

/* 1 when [a, a+n) and [b, b+n) overlap without being the same range: the
 * in-place calls the API allows (out == in) pass, the rest are refused. */
static inline int hwc_partial_overlap(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  if (n == 0 || x == y) return 0;
  return x < y ? y - x < n : x - y < n;
}

#endif /* HWC_INTERNAL_H */
