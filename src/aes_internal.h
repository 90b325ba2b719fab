/* Shared by the AES protocol files (src/aes.c, src/gcm.c). */
#ifndef HWC_AES_INTERNAL_H
#define HWC_AES_INTERNAL_H

#include <stdint.h>

#include "../dispatch/dispatch.h"
#include "internal.h"

/* The round keys and kernel table of a key object, NULL if it was never
 * initialised (or was wiped). */
#define AES_IMPL(key) ((const hwc_aes_kernel *)(key)->impl_)

/* 1 when [a, a + n) and [b, b + n) overlap without being the same buffer:
 * in-place is allowed, a shifted view of the input is not. */
static inline int hwc_partial_overlap(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  if (n == 0 || x == y) return 0;
  return x < y ? y - x < n : x - y < n;
}

/* 128-bit big-endian counter mode for nblocks whole blocks on top of the
 * kernels' 32-bit counter (src/aes.c). */
void hwc_aes_ctr128_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                           const hwc_aes_key *key);

#endif
