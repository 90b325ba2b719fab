/* SPDX-License-Identifier: ISC */
/* Helpers shared by the protocol layer (never by kernels). */
#ifndef HWC_INTERNAL_H
#define HWC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../include/hwcrypto.h"

/* Reports a broken caller contract that a void function cannot return
 * (NULL with a non-zero length) and aborts. */
_Noreturn void hwc_fatal(const char *func, const char *what);

#define HWC_REQUIRE_BUF(p, len)                                              \
  do {                                                                       \
    if ((p) == NULL && (len) != 0) hwc_fatal(__func__, "NULL pointer with non-zero length"); \
  } while (0)

/* Marks a secret-derived value as safe to branch on (it is the result the
 * caller gets anyway). In test builds this tells the constant-time check's
 * method (tests/ct.h: MemorySanitizer, or memcheck with HWC_CT_VALGRIND), so
 * it does not report it; otherwise it compiles to nothing. */
#include "msan.h"
#if defined(HWC_MSAN) && defined(HWC_TESTING)
#define HWC_DECLASSIFY(p, n) hwc_msan_clean((p), (n))
#elif defined(HWC_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define HWC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define HWC_DECLASSIFY(p, n) ((void)0)
#endif

static inline uint32_t hwc_load32_be(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void hwc_store32_be(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
static inline void hwc_store64_be(uint8_t *p, uint64_t v) {
  hwc_store32_be(p, (uint32_t)(v >> 32));
  hwc_store32_be(p + 4, (uint32_t)v);
}

#endif /* HWC_INTERNAL_H */
