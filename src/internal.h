/* SPDX-License-Identifier: ISC */
/* Helpers shared by the protocol layer (never by kernels). */
#ifndef HWC_INTERNAL_H
#define HWC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "include/hwcrypto.h"
#include "src/common/byteorder.h"
#include "kernels.h"

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
#include "src/common/msan.h"
#if defined(HWC_MSAN)
#define HWC_DECLASSIFY(p, n) hwc_msan_clean((p), (n))
#elif defined(HWC_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define HWC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define HWC_DECLASSIFY(p, n) ((void)0)
#endif

/* Data-independent timing (Arm FEAT_DIT): HWC_DIT_SCOPE() at the top of a
 * public function sets PSTATE.DIT on an aarch64 CPU that has it, so that
 * the instructions the architecture lists (integer arithmetic, logic,
 * loads and stores, the crypto extensions' and most NEON instructions) run
 * in time independent of their data, and clears it again on every way out
 * of the function (the cleanup attribute). A function entered with DIT
 * already set (the caller's choice, or an outer public function) leaves it
 * set. Elsewhere it is nothing. The tests check that no kernel call runs
 * without it where the CPU has it (tests/test_dit.c). The register is
 * named by its encoding (S3_3_C4_C2_5), which needs no -march option. */
#if defined(__aarch64__) && defined(__GNUC__)
uint32_t hwc_dispatch_features(void);
static inline int hwc_dit_enter(void) {
  if (!(hwc_dispatch_features() & HWC_CPU_ARM_DIT)) return 0;
  uint64_t dit;
  __asm__ volatile("mrs %0, S3_3_C4_C2_5" : "=r"(dit));
  if (dit >> 24 & 1) return 0;
  __asm__ volatile("msr S3_3_C4_C2_5, %0" : : "r"((uint64_t)1 << 24) : "memory");
  return 1;
}
static inline void hwc_dit_leave(const int *entered) {
  if (*entered) __asm__ volatile("msr S3_3_C4_C2_5, %0" : : "r"((uint64_t)0) : "memory");
}
#define HWC_DIT_SCOPE() const int hwc_dit_entered_ __attribute__((cleanup(hwc_dit_leave), unused)) = hwc_dit_enter()
#else
#define HWC_DIT_SCOPE() ((void)0)
#endif

/* 1 when [a, a+n) and [b, b+n) overlap without being the same range: the
 * in-place calls the API allows (out == in) pass, the rest are refused. */
static inline int hwc_partial_overlap(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  if (n == 0 || x == y) return 0;
  return x < y ? y - x < n : x - y < n;
}

/* The batch functions' shared rules (include/hwcrypto.h, "batches").
 * A NULL array with n > 0 refuses the whole batch: every status becomes
 * HWC_ERR_INVALID_ARG (when status itself is there) and nothing runs. */
static inline int hwc_batch_refuse(int *status, size_t n) {
  for (size_t i = 0; status != NULL && i < n; i++) status[i] = HWC_ERR_INVALID_ARG;
  return HWC_ERR_INVALID_ARG;
}

/* The batch's result once an item has run: the first failing status
 * stays; the statuses are public (the caller receives them all). */
static inline int hwc_batch_result(int so_far, int item_status) {
  return so_far != HWC_OK ? so_far : item_status;
}

#endif /* HWC_INTERNAL_H */
