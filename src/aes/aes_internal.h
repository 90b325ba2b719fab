/* SPDX-License-Identifier: ISC */
/* Shared by the AES protocol files (src/aes/aes.c, src/aes/gcm.c). */
#ifndef HWC_AES_INTERNAL_H
#define HWC_AES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dispatch/dispatch.h"
#include "src/internal.h"

/* Key objects may sit at any address (a packed struct, a copy into a byte
 * buffer, an allocator with 8-byte granules), so their fields are reached
 * through a byte pointer, offsetof and memcpy: a member access through a
 * misaligned hwc_aes_key pointer is undefined behaviour (UBSan reports it),
 * and the kernels read the storage with unaligned loads only. */

/* The kernel table of a key object, NULL if it was never initialised (or
 * was wiped). */
static inline const hwc_aes_kernel *aes_key_impl(const hwc_aes_key *key) {
  const void *impl;
  memcpy(&impl, (const uint8_t *)key + offsetof(hwc_aes_key, impl_), sizeof impl);
  return impl;
}

/* Its round count and its round keys (the backend's layout). */
static inline unsigned aes_key_rounds(const hwc_aes_key *key) {
  unsigned rounds;
  memcpy(&rounds, (const uint8_t *)key + offsetof(hwc_aes_key, rounds_), sizeof rounds);
  return rounds;
}

static inline const void *aes_key_schedule(const hwc_aes_key *key) {
  return (const uint8_t *)key + offsetof(hwc_aes_key, opaque_);
}

/* hwc_aes_init with the backend impl rather than the selected one (an
 * aes-gcm entry's member). */
int hwc_aes_init_with(hwc_aes_key *key, const uint8_t *k, size_t k_len, const hwc_aes_kernel *impl);

/* 128-bit big-endian counter mode for nblocks whole blocks on top of the
 * kernels' 32-bit counter (src/aes/aes.c). */
void hwc_aes_ctr128_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                           const hwc_aes_key *key);

#endif
