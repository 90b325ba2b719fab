/* SPDX-License-Identifier: ISC */
/*
 * Loads and stores of 32- and 64-bit words in a fixed byte order, at any
 * alignment, for the protocol layer and the portable kernels alike (SIMD
 * kernels shuffle bytes in registers instead). Written byte by byte:
 * compilers turn each into one unaligned load or store, plus a BSWAP or REV
 * where the host order differs, with no alignment or aliasing question.
 */
#ifndef HWC_BYTEORDER_H
#define HWC_BYTEORDER_H

#include <stdint.h>

static inline uint32_t hwc_load32_le(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t hwc_load32_be(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline uint64_t hwc_load64_le(const uint8_t *p) {
  return (uint64_t)hwc_load32_le(p) | (uint64_t)hwc_load32_le(p + 4) << 32;
}
static inline uint64_t hwc_load64_be(const uint8_t *p) {
  return (uint64_t)hwc_load32_be(p) << 32 | hwc_load32_be(p + 4);
}
static inline void hwc_store32_le(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline void hwc_store32_be(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
static inline void hwc_store64_le(uint8_t *p, uint64_t v) {
  hwc_store32_le(p, (uint32_t)v);
  hwc_store32_le(p + 4, (uint32_t)(v >> 32));
}
static inline void hwc_store64_be(uint8_t *p, uint64_t v) {
  hwc_store32_be(p, (uint32_t)(v >> 32));
  hwc_store32_be(p + 4, (uint32_t)v);
}

#endif /* HWC_BYTEORDER_H */
