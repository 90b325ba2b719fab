/* SPDX-License-Identifier: ISC */
/*
 * The loop of the RFC 7748 Montgomery ladder for scalar fe25519 backends,
 * included by their kernel files (after kernels.h): each supplies its own
 * conditional swap and ladder step, and the compiler inlines both. Constant
 * time: 255 steps whatever the scalar; its bits only form swap masks.
 */
#ifndef HWC_FE25519_LADDER_H
#define HWC_FE25519_LADDER_H

static inline void hwc_fe25519_ladder_loop(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32],
                                           void (*cswap)(hwc_fe25519 *, hwc_fe25519 *, uint64_t),
                                           void (*step)(hwc_fe25519 st[4], const hwc_fe25519 *x1)) {
  uint64_t swap = 0;
  for (int t = 254; t >= 0; t--) {
    uint64_t bit = (e[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    cswap(&st[0], &st[2], swap);
    cswap(&st[1], &st[3], swap);
    swap = bit;
    step(st, x1);
  }
  cswap(&st[0], &st[2], swap);
  cswap(&st[1], &st[3], swap);
}

#endif /* HWC_FE25519_LADDER_H */
