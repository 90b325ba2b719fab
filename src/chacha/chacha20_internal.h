/* SPDX-License-Identifier: ISC */
/* Shared by the ChaCha20, Poly1305 and AEAD protocol files (never kernels). */
#ifndef HWC_CHACHA20_INTERNAL_H
#define HWC_CHACHA20_INTERNAL_H

#include "dispatch/dispatch.h"
#include "src/internal.h"

/* The kernels of one AEAD operation: the selected chacha20-poly1305 entry
 * and its members (under "separate", the selected chacha20 and poly1305
 * tables), fixed for the whole operation. */
typedef struct {
  const hwc_chacha20_poly1305_kernel *pair;
  const hwc_chacha20_kernel *chacha;
  const hwc_poly1305_kernel *poly;
} hwc_chacha_aead_kernels;

static inline hwc_chacha_aead_kernels hwc_chacha_aead_selected(void) {
  hwc_chacha_aead_kernels k;
  k.pair = HWC_KERNEL(HWC_PRIM_CHACHA20_POLY1305, hwc_chacha20_poly1305_kernel);
  k.chacha = k.pair->chacha20 ? k.pair->chacha20 : HWC_KERNEL(HWC_PRIM_CHACHA20, hwc_chacha20_kernel);
  k.poly = k.pair->poly1305 ? k.pair->poly1305 : HWC_KERNEL(HWC_PRIM_POLY1305, hwc_poly1305_kernel);
  return k;
}

/* ChaCha20 input state: constants, key, then words 12..15 as given. */
void hwc_chacha20_setup(uint32_t st[16], const uint8_t key[32], uint32_t w12, uint32_t w13,
                        uint32_t w14, uint32_t w15);
/* XORs len bytes of keystream from st into in -> out with kernel k; the block
 * counter is word 12, carrying into word 13 when wide (XChaCha20's 64-bit
 * counter). The caller has checked that the counter does not run out. */
void hwc_chacha20_stream(const hwc_chacha20_kernel *k, uint8_t *out, const uint8_t *in, size_t len,
                         uint32_t st[16], int wide);
/* hwc_poly1305_init with the backend k rather than the selected one (a
 * chacha20-poly1305 entry's member). */
void hwc_poly1305_init_with(hwc_poly1305_ctx *ctx, const uint8_t key[32], const hwc_poly1305_kernel *k);
/* HChaCha20 (draft-irtf-cfrg-xchacha section 2.2): a 32-byte subkey from the
 * key and a 16-byte nonce. */
void hwc_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce[16]);

#endif
