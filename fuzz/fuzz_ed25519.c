/* SPDX-License-Identifier: ISC */
/* Ed25519 and ristretto255 on hostile bytes: every fe25519 implementation
 * must give the same answers and nothing may crash. Byte 0 chooses one of
 * five paths (byte 0 % 5) and the backend compared with generic (byte 0 / 5,
 * see fuzz.h); the rest of the input, read cyclically where it is short,
 * feeds that path only, so each input pays for one kind of work:
 *   0 raw verification of sig || pk || msg (mostly rejected at decoding);
 *   1 key generation and signing (the fixed-base path) from seed || msg;
 *   2 verification (the variable-base path) of a valid signature, made once
 *     by generic from seed || msg, with one byte of sig || pk changed at an
 *     input-chosen place by an input-chosen xor (zero: must verify);
 *   3 ristretto255 decoding, addition, subtraction and hash-to-group;
 *   4 ristretto255 scalar multiplication, variable and fixed base. */
#include "fuzz.h"

enum { PATH_RAW_VERIFY, PATH_SIGN, PATH_VERIFY_ALTERED, PATH_RISTRETTO_GROUP, PATH_RISTRETTO_MUL, PATH_COUNT };

/* Everything one implementation reports for one input; compared whole. */
typedef struct {
  int rc[6];
  uint8_t out[3][64];
} results;

typedef struct {
  int path;
  const uint8_t *d; /* the input after byte 0 */
  size_t n;
  uint8_t sig[64], pk[32]; /* path 2: generic's valid signature and key */
  results first;
  int have_first;
} fuzz_case;

/* n bytes of the input from offset off, wrapping around; zeros if empty. */
static void take(uint8_t *dst, size_t n, const fuzz_case *c, size_t off) {
  for (size_t i = 0; i < n; i++) dst[i] = c->n ? c->d[(off + i) % c->n] : 0;
}

/* The message of paths 0-2: the input after its first `after` bytes. */
static const uint8_t *message(const fuzz_case *c, size_t after, size_t *len) {
  *len = c->n > after ? c->n - after : 0;
  return c->n > after ? c->d + after : NULL;
}

static void raw_verify(const fuzz_case *c, results *r) {
  uint8_t sig[64], pk[32];
  size_t mlen;
  const uint8_t *msg = message(c, 96, &mlen);
  take(sig, 64, c, 0);
  take(pk, 32, c, 64);
  r->rc[0] = hwc_ed25519_verify(sig, msg, mlen, pk);
  FUZZ_REQUIRE(r->rc[0] == HWC_OK || r->rc[0] == HWC_ERR_VERIFY, "verify returned an unexpected code");
}

static void sign(const fuzz_case *c, results *r) {
  uint8_t seed[32], sk[64];
  size_t mlen;
  const uint8_t *msg = message(c, 32, &mlen);
  take(seed, 32, c, 0);
  FUZZ_REQUIRE(hwc_ed25519_seed_keypair(r->out[0], sk, seed) == HWC_OK, "seed_keypair failed");
  FUZZ_REQUIRE(hwc_ed25519_sign(r->out[1], msg, mlen, sk) == HWC_OK, "sign failed");
}

/* Generic signs once (it runs first); every implementation verifies. */
static void verify_altered(fuzz_case *c, size_t impl, results *r) {
  size_t mlen;
  const uint8_t *msg = message(c, 34, &mlen);
  if (impl == 0) {
    uint8_t seed[32], sk[64];
    take(seed, 32, c, 2);
    FUZZ_REQUIRE(hwc_ed25519_seed_keypair(c->pk, sk, seed) == HWC_OK, "seed_keypair failed");
    FUZZ_REQUIRE(hwc_ed25519_sign(c->sig, msg, mlen, sk) == HWC_OK, "sign failed");
    uint8_t where = c->n > 0 ? c->d[0] % 96 : 0, delta = c->n > 1 ? c->d[1] : 0;
    if (where < 64)
      c->sig[where] ^= delta;
    else
      c->pk[where - 64] ^= delta;
  }
  r->rc[0] = hwc_ed25519_verify(c->sig, msg, mlen, c->pk);
  FUZZ_REQUIRE(r->rc[0] == HWC_OK || r->rc[0] == HWC_ERR_VERIFY, "verify returned an unexpected code");
  FUZZ_REQUIRE((c->n > 1 && c->d[1] != 0) || r->rc[0] == HWC_OK, "unaltered signature rejected");
}

static void ristretto_group(const fuzz_case *c, results *r) {
  uint8_t a[32], b[32], h[64];
  take(a, 32, c, 0);
  take(b, 32, c, 32);
  take(h, 64, c, 64);
  r->rc[0] = hwc_ristretto255_is_valid_point(a);
  r->rc[1] = hwc_ristretto255_is_valid_point(b);
  r->rc[2] = hwc_ristretto255_add(r->out[0], a, b);
  r->rc[3] = hwc_ristretto255_sub(r->out[1], a, b);
  r->rc[4] = hwc_ristretto255_from_hash(r->out[2], h);
  FUZZ_REQUIRE((r->rc[2] == HWC_OK) == (r->rc[0] && r->rc[1]), "add accepted an invalid point");
  FUZZ_REQUIRE((r->rc[3] == HWC_OK) == (r->rc[0] && r->rc[1]), "sub accepted an invalid point");
  FUZZ_REQUIRE(hwc_ristretto255_is_valid_point(r->out[2]) == 1, "from_hash gave an invalid encoding");
  if (r->rc[2] == HWC_OK) FUZZ_REQUIRE(hwc_ristretto255_is_valid_point(r->out[0]) == 1, "add gave an invalid encoding");
  if (r->rc[3] == HWC_OK) FUZZ_REQUIRE(hwc_ristretto255_is_valid_point(r->out[1]) == 1, "sub gave an invalid encoding");
  if (r->rc[2] != HWC_OK) memset(r->out[0], 0, 32);
  if (r->rc[3] != HWC_OK) memset(r->out[1], 0, 32);
}

static void ristretto_mul(const fuzz_case *c, results *r) {
  uint8_t s[32], a[32];
  take(s, 32, c, 0);
  take(a, 32, c, 32);
  int valid = hwc_ristretto255_is_valid_point(a);
  r->rc[0] = hwc_ristretto255_scalarmult(r->out[0], s, a);
  r->rc[1] = hwc_ristretto255_scalarmult_base(r->out[1], s);
  FUZZ_REQUIRE(valid || r->rc[0] == HWC_ERR_BAD_ENCODING, "scalarmult accepted an invalid point");
  if (r->rc[0] != HWC_OK) memset(r->out[0], 0, 32);
  if (r->rc[1] != HWC_OK) memset(r->out[1], 0, 32);
}

/* Tells libFuzzer which bounds the chosen path's field elements and
 * scalars sit at (fuzz.h); hashed inputs (paths 1 and 2) have none. */
static void note_values(const fuzz_case *c) {
  uint8_t v[4][32];
  switch (c->path) {
    case PATH_RAW_VERIFY:
      for (size_t i = 0; i < 3; i++) take(v[i], 32, c, 32 * i); /* R, S, pk */
      for (unsigned i = 0; i < 3; i++) fuzz_note_value(i, v[i]);
      break;
    case PATH_RISTRETTO_GROUP:
      for (size_t i = 0; i < 4; i++) take(v[i], 32, c, 32 * i); /* a, b, both halves of h */
      for (unsigned i = 0; i < 4; i++) fuzz_note_value(3 + i, v[i]);
      break;
    case PATH_RISTRETTO_MUL:
      for (size_t i = 0; i < 2; i++) take(v[i], 32, c, 32 * i); /* s, a */
      for (unsigned i = 0; i < 2; i++) fuzz_note_value(7 + i, v[i]);
      break;
    default: break;
  }
}

/* One implementation's results for the chosen path, checked against
 * generic's. */
static void run(size_t impl, void *ctx) {
  fuzz_case *c = ctx;
  results r;
  memset(&r, 0, sizeof r);
  switch (c->path) {
    case PATH_RAW_VERIFY: raw_verify(c, &r); break;
    case PATH_SIGN: sign(c, &r); break;
    case PATH_VERIFY_ALTERED: verify_altered(c, impl, &r); break;
    case PATH_RISTRETTO_GROUP: ristretto_group(c, &r); break;
    default: ristretto_mul(c, &r); break;
  }
  if (!c->have_first) {
    c->first = r;
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(&c->first, &r, sizeof r) == 0, "implementations disagree");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_case c;
  memset(&c, 0, sizeof c);
  uint8_t mode = size ? data[0] : 0;
  c.path = mode % PATH_COUNT;
  c.d = size ? data + 1 : data;
  c.n = size ? size - 1 : 0;
  note_values(&c);
  fuzz_generic_and_one(HWC_PRIM_FE25519, (unsigned)(mode / PATH_COUNT), run, &c);
  return 0;
}
