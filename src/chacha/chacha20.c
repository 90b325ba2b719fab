/* SPDX-License-Identifier: ISC */
/* ChaCha20 (RFC 8439 section 2.4), HChaCha20 and XChaCha20
 * (draft-irtf-cfrg-xchacha): state setup, counter bookkeeping and the final
 * partial block. The keystream blocks come from the selected chacha20
 * kernel. */
#include "chacha20_internal.h"

void hwc_chacha20_setup(uint32_t st[16], const uint8_t key[32], uint32_t w12, uint32_t w13,
                        uint32_t w14, uint32_t w15) {
  st[0] = 0x61707865; /* "expand 32-byte k" */
  st[1] = 0x3320646e;
  st[2] = 0x79622d32;
  st[3] = 0x6b206574;
  for (int i = 0; i < 8; i++) st[4 + i] = hwc_load32_le(key + 4 * i);
  st[12] = w12;
  st[13] = w13;
  st[14] = w14;
  st[15] = w15;
}

void hwc_chacha20_stream(const hwc_chacha20_kernel *k, uint8_t *out, const uint8_t *in, size_t len,
                         uint32_t st[16], int wide) {
  size_t nblocks = len / 64;
  while (nblocks) {
    /* Kernels never see word 12 wrap inside one call. */
    uint64_t room = ((uint64_t)1 << 32) - st[12];
    size_t n = (uint64_t)nblocks < room ? nblocks : (size_t)room;
    k->xor_blocks(out, in, n, st);
    if (st[12] == 0 && wide) st[13]++;
    out += 64 * n;
    in += 64 * n;
    nblocks -= n;
  }
  len &= 63;
  if (len) {
    uint8_t block[64];
    memcpy(block, in, len);
    memset(block + len, 0, 64 - len);
    k->xor_blocks(block, block, 1, st);
    if (st[12] == 0 && wide) st[13]++;
    memcpy(out, block, len);
    hwc_memzero(block, sizeof block);
  }
}

void hwc_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce[16]) {
  uint32_t x[16];
  hwc_chacha20_setup(x, key, hwc_load32_le(nonce), hwc_load32_le(nonce + 4),
                     hwc_load32_le(nonce + 8), hwc_load32_le(nonce + 12));
  hwc_chacha20_permute(x);
  for (int i = 0; i < 4; i++) {
    hwc_store32_le(subkey + 4 * i, x[i]);
    hwc_store32_le(subkey + 16 + 4 * i, x[12 + i]);
  }
  hwc_memzero(x, sizeof x);
}

static int check_stream_args(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *nonce,
                             const uint8_t *key) {
  if (((out == NULL || in == NULL) && len != 0) || nonce == NULL || key == NULL)
    return HWC_ERR_INVALID_ARG;
  if (hwc_partial_overlap(out, in, len)) return HWC_ERR_INVALID_ARG;
  return HWC_OK;
}

int hwc_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t nonce[12], uint32_t counter,
                 const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_stream_args(out, in, len, nonce, key);
  if (err) return err;
  /* Blocks used, the partial last one included, must fit below 2^32. */
  if ((uint64_t)len / 64 + (len % 64 != 0) > ((uint64_t)1 << 32) - counter) return HWC_ERR_TOO_LONG;
  if (len == 0) return HWC_OK;
  uint32_t st[16];
  hwc_chacha20_setup(st, key, counter, hwc_load32_le(nonce), hwc_load32_le(nonce + 4),
                     hwc_load32_le(nonce + 8));
  hwc_chacha20_stream(HWC_KERNEL(HWC_PRIM_CHACHA20, hwc_chacha20_kernel), out, in, len, st, 0);
  hwc_memzero(st, sizeof st);
  return HWC_OK;
}

int hwc_xchacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t nonce[24], uint64_t counter,
                  const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_stream_args(out, in, len, nonce, key);
  if (err) return err;
  uint64_t blocks = (uint64_t)len / 64 + (len % 64 != 0);
  if (blocks != 0 && blocks - 1 > UINT64_MAX - counter) return HWC_ERR_TOO_LONG;
  if (len == 0) return HWC_OK;
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint8_t subkey[32];
    uint32_t st[16];
  } sec;
  hwc_hchacha20(sec.subkey, key, nonce);
  hwc_chacha20_setup(sec.st, sec.subkey, (uint32_t)counter, (uint32_t)(counter >> 32),
                     hwc_load32_le(nonce + 16), hwc_load32_le(nonce + 20));
  hwc_chacha20_stream(HWC_KERNEL(HWC_PRIM_CHACHA20, hwc_chacha20_kernel), out, in, len, sec.st, 1);
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}
