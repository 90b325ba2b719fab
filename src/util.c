/* SPDX-License-Identifier: ISC */
/* Errors, secret wiping, constant-time comparison, OS randomness. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "internal.h"

const char *hwc_version(void) { return HWC_VERSION_STRING; }

const char *hwc_strerror(int err) {
  switch (err) {
    case HWC_OK: return "success";
    case HWC_ERR_INVALID_ARG: return "invalid argument";
    case HWC_ERR_AUTH: return "authentication failed";
    case HWC_ERR_VERIFY: return "signature verification failed";
    case HWC_ERR_BAD_KEY: return "invalid key";
    case HWC_ERR_BAD_ENCODING: return "invalid encoding";
    case HWC_ERR_NOMEM: return "out of memory";
    case HWC_ERR_RNG: return "random number generator failed";
    case HWC_ERR_UNSUPPORTED:
      return "not supported: not on this CPU or build, or a key of another algorithm, or an encrypted key";
    case HWC_ERR_TOO_LONG: return "message too long";
    default: return "unknown error";
  }
}

void hwc_fatal(const char *func, const char *what) {
  fprintf(stderr, "hwcrypto: %s: %s\n", func, what);
  abort();
}

/* memset followed by an empty asm that claims to read the memory: the
 * compiler must assume the zeroes are observed, so it cannot drop the store
 * as dead (the usual fate of a memset before free or return). */
void hwc_memzero(void *p, size_t len) {
  if (len == 0) return;
  memset(p, 0, len);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* Accumulates the OR of all byte differences, then maps 0 -> 1 and
 * 1..255 -> 0 arithmetically: no branch or early exit depends on the data. */
int hwc_memequal(const void *a, const void *b, size_t len) {
  const volatile uint8_t *x = a, *y = b;
  uint32_t d = 0;
  for (size_t i = 0; i < len; i++) d |= (uint32_t)(x[i] ^ y[i]);
  return (int)(1 & ((d - 1) >> 8));
}

/* A test entry point: when set, called on every buffer hwc_random_bytes
 * has filled, so the constant-time check (tests/ct_rsa_keygen.c) can mark
 * the bytes secret (or replace them with a reproducible stream) before the
 * library uses them. Declared here rather than in a header because only the
 * tests and this file know of it; hidden from the shared library's
 * exports, so only a program linked with the static library (the suite)
 * can set it. NULL in every other program. */
extern void (*hwc_random_hook)(uint8_t *buf, size_t len);
void (*hwc_random_hook)(uint8_t *buf, size_t len);

int hwc_random_bytes(uint8_t *buf, size_t len) {
  if (buf == NULL && len != 0) return HWC_ERR_INVALID_ARG;
  size_t done = 0;
  while (done < len) {
    ssize_t r = getrandom(buf + done, len - done, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      hwc_memzero(buf, len);
      return HWC_ERR_RNG;
    }
    done += (size_t)r;
  }
  if (hwc_random_hook != NULL && len != 0) hwc_random_hook(buf, len);
  return HWC_OK;
}
