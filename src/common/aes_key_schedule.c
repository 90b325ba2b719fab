/* SPDX-License-Identifier: ISC */
/*
 * The FIPS 197 key expansion (section 5.2) shared by every AES backend: the
 * generic one slices its output, the AES-NI and ARMv8 ones load it as
 * round keys (and derive the decryption keys from it).
 * Constant time: SubWord goes through the bitsliced S-box circuit, never a
 * table; the loop's branches depend only on the key length.
 */
#include <stddef.h>
#include <stdint.h>

#include "aes_ct64.h"
#include "byteorder.h"
#include "src/kernels.h"

/* SubWord on one little-endian word: the word goes through the same
 * bitsliced circuit, alone in its lane. */
static uint32_t sub_word(uint32_t x) {
  uint64_t q[8] = {x};
  hwc_ct64_ortho(q);
  hwc_ct64_sbox(q);
  hwc_ct64_ortho(q);
  uint32_t r = (uint32_t)q[0];
  for (int i = 0; i < 8; i++) q[i] = 0;
  return r;
}

void hwc_aes_expand_key(uint32_t w[60], const uint8_t *key, size_t key_len) {
  static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36};
  size_t nk = key_len / 4, total = 4 * (nk + 7);
  for (size_t i = 0; i < nk; i++) w[i] = hwc_load32_le(key + 4 * i);
  uint32_t t = w[nk - 1];
  for (size_t i = nk, j = 0, k = 0; i < total; i++) {
    if (j == 0) {
      t = sub_word(t << 24 | t >> 8) ^ rcon[k];  /* RotWord on a little-endian word */
    } else if (nk > 6 && j == 4) {
      t = sub_word(t);
    }
    t ^= w[i - nk];
    w[i] = t;
    if (++j == nk) {
      j = 0;
      k++;
    }
  }
  t = 0;
}
