/* SPDX-License-Identifier: ISC */
/* The 0.3 batches against their single calls, on input-chosen batches.
 * Byte 0: bit 0 the function (0 hwc_x25519_batch, 1
 * hwc_ed25519_verify_batch), the rest the backend compared with generic
 * (fuzz.h); byte 1: n = byte % 17; then n items (missing bytes read as
 * zero, so a short input ends in all-zero items: low-order points,
 * signatures that fail):
 *   x25519:  scalar (32), point (32);
 *   ed25519: a control byte c, a message length byte (% 64) and that many
 *            message bytes, then by c % 4:
 *              0: sig (64) and pk (32) as given;
 *              1: a seed (32): pk and sig made from it, then bit b (one
 *                 more byte) of sig flipped when c & 4, and of the
 *                 message when c & 8;
 *              2: as 1, then msg NULL with its length made non-zero;
 *              3: as 1, then pk replaced by 32 more bytes.
 * Every item's status and output must equal the single call's, the return
 * value the first failing status, and all backends the same. */
#include "fuzz.h"

#define MAX_N 16

typedef struct {
  const uint8_t *p;
  size_t left;
} cursor;

/* The next n input bytes into out, zeros past the end. */
static void take(cursor *c, uint8_t *out, size_t n) {
  size_t k = n < c->left ? n : c->left;
  memcpy(out, c->p, k);
  memset(out + k, 0, n - k);
  c->p += k;
  c->left -= k;
}

static uint8_t take_byte(cursor *c) {
  uint8_t b;
  take(c, &b, 1);
  return b;
}

typedef struct {
  int ed;
  size_t n;
  uint8_t scalar[MAX_N][32], point[MAX_N][32];
  uint8_t sig[MAX_N][64], pk[MAX_N][32], msg_buf[MAX_N][64];
  const uint8_t *msg[MAX_N];
  size_t len[MAX_N];
  uint8_t first[MAX_N][32];
  int first_status[MAX_N], have_first;
} batch_case;

/* One ed25519 item from the input, as the header says. */
static void ed_item(batch_case *b, size_t i, cursor *c) {
  uint8_t ctl = take_byte(c);
  b->len[i] = take_byte(c) % 64;
  take(c, b->msg_buf[i], b->len[i]);
  b->msg[i] = b->msg_buf[i];
  if (ctl % 4 == 0) {
    take(c, b->sig[i], 64);
    take(c, b->pk[i], 32);
    return;
  }
  uint8_t seed[32], sk[64];
  take(c, seed, 32);
  FUZZ_REQUIRE(hwc_ed25519_seed_keypair(b->pk[i], sk, seed) == HWC_OK, "seed_keypair failed");
  FUZZ_REQUIRE(hwc_ed25519_sign(b->sig[i], b->msg[i], b->len[i], sk) == HWC_OK, "sign failed");
  uint8_t bit = take_byte(c);
  if (ctl & 4) b->sig[i][bit / 8 % 64] ^= (uint8_t)(1u << bit % 8);
  if (ctl & 8 && b->len[i]) b->msg_buf[i][bit % b->len[i]] ^= 1;
  if (ctl % 4 == 2) {
    b->msg[i] = NULL;
    b->len[i] |= 1;
  }
  if (ctl % 4 == 3) take(c, b->pk[i], 32);
}

/* One implementation: the batch against the single calls, and against the
 * first implementation's results. */
static void run(size_t impl, void *ctx) {
  (void)impl;
  batch_case *b = ctx;
  uint8_t out[MAX_N][32], want[32];
  int status[MAX_N], first_fail = HWC_OK, rc;
  if (b->ed)
    rc = hwc_ed25519_verify_batch(status, (const uint8_t(*)[64])b->sig, b->msg, b->len, (const uint8_t(*)[32])b->pk,
                                  b->n);
  else
    rc = hwc_x25519_batch(out, status, (const uint8_t(*)[32])b->scalar, (const uint8_t(*)[32])b->point, b->n);
  for (size_t i = 0; i < b->n; i++) {
    int single = b->ed ? hwc_ed25519_verify(b->sig[i], b->msg[i], b->len[i], b->pk[i])
                       : hwc_x25519(want, b->scalar[i], b->point[i]);
    FUZZ_REQUIRE(status[i] == single, "batch status differs from the single call");
    FUZZ_REQUIRE(b->ed || memcmp(out[i], want, 32) == 0, "batch output differs from the single call");
    if (first_fail == HWC_OK) first_fail = single;
    if (!b->have_first) {
      b->first_status[i] = single;
      if (!b->ed) memcpy(b->first[i], want, 32);
    } else {
      FUZZ_REQUIRE(b->first_status[i] == single && (b->ed || memcmp(b->first[i], want, 32) == 0),
                   "fe25519 implementations disagree");
    }
  }
  b->have_first = 1;
  FUZZ_REQUIRE(rc == first_fail, "batch return value is not the first failing status");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static batch_case b;
  memset(&b, 0, sizeof b);
  cursor c = {data, size};
  uint8_t mode = take_byte(&c);
  b.ed = mode & 1;
  b.n = take_byte(&c) % (MAX_N + 1);
  fuzz_note_class((unsigned)b.ed, (unsigned)b.n);
  for (size_t i = 0; i < b.n; i++) {
    if (b.ed) {
      ed_item(&b, i, &c);
    } else {
      take(&c, b.scalar[i], 32);
      take(&c, b.point[i], 32);
      fuzz_note_value(1, b.point[i]);
    }
  }
  fuzz_generic_and_one(HWC_PRIM_FE25519, mode >> 1, run, &b);
  return 0;
}
