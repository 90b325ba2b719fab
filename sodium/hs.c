/* SPDX-License-Identifier: ISC */
/* The drop-in's helpers (hs.h): how it reaches the libsodium it sits in
 * front of, for misuse reports, random bytes and the calls it hands on. */
#define _GNU_SOURCE /* RTLD_NEXT, RTLD_DEFAULT */
#include "hs.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "hwcrypto.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define HS_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif
#if !defined(HS_MSAN) && defined(HWC_CT_VALGRIND)
#include <valgrind/memcheck.h>
#endif

/* Looked up at each call rather than cached: the calls are rare (misuse)
 * or cheap next to the work they serve, and no lazy-init race is left. */
_Noreturn void hs_misuse(void)
{
  void (*misuse)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "sodium_misuse");
  if (misuse != NULL)
    misuse(); /* runs the program's handler, then aborts */
  abort();
}

void hs_random(void *buf, size_t len)
{
  void (*rb)(void *, size_t) = (void (*)(void *, size_t))dlsym(RTLD_DEFAULT, "randombytes_buf");
  if (rb != NULL) {
    rb(buf, len);
    return;
  }
  /* libsodium's randombytes_buf cannot fail either: it aborts */
  if (hwc_random_bytes(buf, len) != HWC_OK)
    abort();
}

void *hs_next(const char *name)
{
  return dlsym(RTLD_NEXT, name);
}

const unsigned char *hs_inplace(unsigned char *out, const unsigned char *in, size_t len)
{
  uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
  if (in == NULL || out == NULL || out == in || len == 0)
    return in;
  if (o < i + len && i < o + len) {
    memmove(out, in, len);
    return out;
  }
  return in;
}

void hs_release(const void *p, size_t n)
{
#if defined(HS_MSAN)
  __msan_unpoison(p, n);
#elif defined(HWC_CT_VALGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
  (void)p, (void)n;
#endif
}
