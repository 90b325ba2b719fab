/* SPDX-License-Identifier: ISC */
/*
 * SHA-512 of several short messages at once (hash.h: hwc_sha512_lanes),
 * for the batches: item i's message is a head of head_len bytes (a key's
 * prefix, R || A) followed by msg[i]. The blocks every item has run in
 * the selected kernel's lanes (blocks_lanes, src/kernels.h), one block of
 * each item per call; an item with more blocks than the shortest finishes
 * alone with blocks. Without lanes, each item is hashed on its own.
 *
 * Block k of an item is read in place from msg when it lies wholly inside
 * it; the first block (which holds the head) and the last one or two
 * (padding and length) are built in a scratch block.
 *
 * Constant time: the branches and block counts depend on the lengths,
 * which are public; heads and messages (secret in Ed25519 signing) are
 * only copied and hashed. The scratch blocks and states are wiped.
 */
#include "dispatch/dispatch.h"
#include "hash.h"

#define MAX_LANES HWC_SHA512_MAX_LANES

/* Blocks of a padded message of total bytes: the 0x80 byte and the 128-bit
 * length need 17 bytes after it. */
static size_t blocks_for(size_t total) { return (total + 17 + 127) / 128; }

/* Block k of head || msg || padding: a pointer into msg when the block is
 * all message bytes, else the block built in scratch. */
static const uint8_t *block_at(uint8_t scratch[128], const uint8_t *head, size_t head_len, const uint8_t *msg,
                               size_t len, size_t k) {
  const size_t total = head_len + len, start = 128 * k;
  if (start >= head_len && start + 128 <= total) return msg + (start - head_len);
  /* the block's bytes [start, start + 128) of head, then msg, then 0x80
   * at total and zeros */
  memset(scratch, 0, 128);
  size_t end = start + 128;
  if (start < head_len) memcpy(scratch, head + start, (head_len < end ? head_len : end) - start);
  size_t m0 = start > head_len ? start : head_len, m1 = total < end ? total : end;
  if (m0 < m1) memcpy(scratch + (m0 - start), msg + (m0 - head_len), m1 - m0);
  if (total >= start && total < end) scratch[total - start] = 0x80;
  if (k + 1 == blocks_for(total)) {
    /* bit length, big-endian, in the last 16 bytes: total * 8 < 2^67 */
    uint64_t lo = (uint64_t)total << 3, hi = (uint64_t)total >> 61;
    for (int b = 0; b < 8; b++) {
      scratch[112 + b] = (uint8_t)(hi >> (56 - 8 * b));
      scratch[120 + b] = (uint8_t)(lo >> (56 - 8 * b));
    }
  }
  return scratch;
}

/* Items [0, n) with n <= k->lanes, in the lanes; idle lanes hash a block
 * of zeros into a state nobody reads. */
static void lanes_group(const hwc_sha512_kernel *k, uint8_t (*out)[64], const uint8_t *const *head, size_t head_len,
                        const uint8_t *const *msg, const size_t *len, size_t n) {
  static const uint8_t zero_block[128];
  struct {
    uint64_t st[MAX_LANES][8];
    uint8_t scratch[MAX_LANES][128];
  } sec;
  const size_t lanes = k->lanes < MAX_LANES ? k->lanes : MAX_LANES; /* checked by the caller */
  size_t nb[MAX_LANES], common = SIZE_MAX;
  for (size_t l = 0; l < lanes; l++) {
    memcpy(sec.st[l], hwc_sha512_iv, sizeof hwc_sha512_iv);
    if (l < n) {
      nb[l] = blocks_for(head_len + len[l]);
      common = nb[l] < common ? nb[l] : common;
    }
  }
  const uint8_t *in[MAX_LANES];
  for (size_t b = 0; b < common; b++) {
    for (size_t l = 0; l < lanes; l++)
      in[l] = l < n ? block_at(sec.scratch[l], head[l], head_len, msg[l], len[l], b) : zero_block;
    k->blocks_lanes(sec.st, in);
  }
  for (size_t l = 0; l < n; l++) {
    for (size_t b = common; b < nb[l]; b++)
      k->blocks(sec.st[l], block_at(sec.scratch[l], head[l], head_len, msg[l], len[l], b), 1);
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++) out[l][8 * i + j] = (uint8_t)(sec.st[l][i] >> (56 - 8 * j));
  }
  hwc_memzero(&sec, sizeof sec);
}

void hwc_sha512_lanes(uint8_t (*out)[64], const uint8_t *const *head, size_t head_len, const uint8_t *const *msg,
                      const size_t *len, size_t n) {
  const hwc_sha512_kernel *k = HWC_KERNEL(HWC_PRIM_SHA512, hwc_sha512_kernel);
  if (k->lanes >= 2 && k->lanes <= MAX_LANES && head_len <= 128 && n >= 2) {
    for (size_t i = 0; i < n; i += k->lanes) {
      size_t m = n - i < k->lanes ? n - i : k->lanes;
      lanes_group(k, out + i, head + i, head_len, msg + i, len + i, m);
    }
    return;
  }
  for (size_t i = 0; i < n; i++) {
    hwc_sha512_ctx c;
    hwc_sha512_init(&c);
    hwc_sha512_update(&c, head[i], head_len);
    hwc_sha512_update(&c, msg[i], len[i]);
    hwc_sha512_final(&c, out[i]);
  }
}
