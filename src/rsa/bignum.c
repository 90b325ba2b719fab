/* SPDX-License-Identifier: ISC */
/*
 * Protocol-side big-number code: conversions, constant-time helpers,
 * fixed-window modular exponentiation over the selected bignum kernel, the
 * public hwc_modexp, and the RSA private operation's CRT and blinding. See
 * bignum.h for the contracts.
 */
#include "bignum.h"

#include <stdlib.h>

#include "dispatch/dispatch.h"
#include "src/internal.h"

void hwc_bn_from_bytes(uint64_t *r, size_t n, const uint8_t *in, size_t len) {
  for (size_t j = 0; j < n; j++) r[j] = 0;
  for (size_t i = 0; i < len; i++) {
    size_t bit = 8 * (len - 1 - i);
    r[bit / 64] |= (uint64_t)in[i] << (bit % 64);
  }
}

void hwc_bn_to_bytes(uint8_t *out, size_t len, const uint64_t *a, size_t n) {
  for (size_t i = 0; i < len; i++) {
    size_t bit = 8 * (len - 1 - i);
    out[i] = bit / 64 < n ? (uint8_t)(a[bit / 64] >> (bit % 64)) : 0;
  }
}

uint64_t hwc_bn_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n) {
  uint64_t c = 0;
  for (size_t j = 0; j < n; j++) {
    uint64_t s = a[j] + c;
    c = s < c;
    r[j] = s + b[j];
    c |= r[j] < s;
  }
  return c;
}

uint64_t hwc_bn_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n) {
  uint64_t borrow = 0;
  for (size_t j = 0; j < n; j++) {
    uint64_t x = a[j] - b[j], b1 = a[j] < b[j];
    r[j] = x - borrow;
    borrow = b1 | (x < borrow);
  }
  return borrow;
}

uint64_t hwc_bn_lt_mask(const uint64_t *a, const uint64_t *b, size_t n) {
  /* a < b exactly when a - b borrows; the difference itself is discarded. */
  uint64_t borrow = 0;
  for (size_t j = 0; j < n; j++) {
    uint64_t x = a[j] - b[j], b1 = a[j] < b[j];
    borrow = b1 | (x < borrow);
  }
  return (uint64_t)0 - borrow;
}

uint64_t hwc_bn_is_zero_mask(const uint64_t *a, size_t n) {
  uint64_t acc = 0;
  for (size_t j = 0; j < n; j++) acc |= a[j];
  /* (acc | -acc) has its top bit set exactly when acc != 0. */
  return ((acc | ((uint64_t)0 - acc)) >> 63) - 1;
}

void hwc_bn_cmov(uint64_t *r, const uint64_t *a, size_t n, uint64_t mask) {
  for (size_t j = 0; j < n; j++) r[j] ^= (r[j] ^ a[j]) & mask;
}

void hwc_bn_mul_plain(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *b, size_t bn) {
  for (size_t j = 0; j < an + bn; j++) r[j] = 0;
  for (size_t i = 0; i < bn; i++) {
    uint64_t c = 0;
    for (size_t j = 0; j < an; j++) {
#if defined(__SIZEOF_INT128__)
      unsigned __int128 t = (unsigned __int128)a[j] * b[i] + r[i + j] + c;
      r[i + j] = (uint64_t)t;
      c = (uint64_t)(t >> 64);
#else
      uint64_t a0 = (uint32_t)a[j], a1 = a[j] >> 32, b0 = (uint32_t)b[i], b1 = b[i] >> 32;
      uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
      uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
      uint64_t lo = (mid << 32) | (uint32_t)p00;
      uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
      lo += r[i + j];
      hi += lo < r[i + j];
      lo += c;
      hi += lo < c;
      r[i + j] = lo;
      c = hi;
#endif
    }
    r[i + an] = c;
  }
}

void hwc_bn_mod_ct(uint64_t *r, const uint64_t *x, size_t xn, const uint64_t *m, size_t mn) {
  /* Invariant acc < m, so 2 acc + 1 < 2m fits in mn + 1 limbs; after each
   * doubling one masked subtraction restores it (binary long division,
   * keeping only the remainder). */
  /* The remainder, the trial difference and the modulus (a secret prime
   * in key generation), wiped together at the end. */
  struct {
    uint64_t acc[HWC_BN_MAX_LIMBS + 1], diff[HWC_BN_MAX_LIMBS + 1], mx[HWC_BN_MAX_LIMBS + 1];
  } sec = {{0}, {0}, {0}};
  for (size_t j = 0; j < mn; j++) sec.mx[j] = m[j];
  for (size_t i = 64 * xn; i-- > 0;) {
    uint64_t in = x[i / 64] >> (i % 64) & 1;
    for (size_t j = mn + 1; j-- > 1;) sec.acc[j] = sec.acc[j] << 1 | sec.acc[j - 1] >> 63;
    sec.acc[0] = sec.acc[0] << 1 | in;
    uint64_t borrow = hwc_bn_sub(sec.diff, sec.acc, sec.mx, mn + 1);
    hwc_bn_cmov(sec.acc, sec.diff, mn + 1, borrow - 1); /* acc >= m: keep acc - m */
  }
  for (size_t j = 0; j < mn; j++) r[j] = sec.acc[j];
  hwc_memzero(&sec, sizeof sec);
}

size_t hwc_bn_bits_vartime(const uint64_t *a, size_t n) {
  while (n > 0 && a[n - 1] == 0) n--;
  if (n == 0) return 0;
  size_t bits = 64 * (n - 1);
  for (uint64_t t = a[n - 1]; t; t >>= 1) bits++;
  return bits;
}

size_t hwc_bn_bits(const uint64_t *a, size_t n) {
  size_t bits = 0;
  for (size_t i = 0; i < n; i++) {
    /* The bit length of one limb by a binary search of masked shifts
     * (shift counts in a register take constant time), then kept if the
     * limb is non-zero: every limb and every step is visited. */
    uint64_t x = a[i], len = 0;
    for (unsigned s = 32; s; s >>= 1) {
      uint64_t hi = x >> s, nz = (hi | (0 - hi)) >> 63;
      len += nz * s;
      x >>= nz * s;
    }
    len += x; /* x is now 0 or 1 */
    uint64_t nonzero = 0 - ((a[i] | (0 - a[i])) >> 63);
    bits = (size_t)((nonzero & (64 * i + len)) | (~nonzero & bits));
  }
  return bits;
}

size_t hwc_bn_limbs_vartime(const uint64_t *a, size_t n) {
  while (n > 1 && a[n - 1] == 0) n--;
  return n;
}

void hwc_bn_mont_init(hwc_bn_mont *ctx, const hwc_bignum_kernel *k, const uint64_t *m, size_t n) {
  ctx->k = k;
  ctx->n = n;
  for (size_t j = 0; j < HWC_BN_MAX_LIMBS; j++) ctx->m[j] = j < n ? m[j] : 0;
  k->setup(ctx);
  /* W = 2^(64 n), the base of hwc_bn_reduce's Horner steps, in Montgomery
   * form: made once here, where each reduction used to double its way to
   * it (64 conditional subtractions, more than the reduction's products). */
  uint64_t w[HWC_BN_MAX_LIMBS];
  hwc_bn_pow2_mod(w, (unsigned)(64 * n), ctx->m, n);
  k->to_mont(ctx->wr, w, ctx);
  hwc_memzero(w, sizeof w); /* derived from m, a secret prime for the CRT halves */
}

/* r = a + b mod m for a, b < m. */
static void mod_add(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  uint64_t d[HWC_BN_MAX_LIMBS];
  uint64_t carry = hwc_bn_add(r, a, b, ctx->n);
  uint64_t borrow = hwc_bn_sub(d, r, ctx->m, ctx->n);
  /* the sum reaches m when it carried out or the subtraction did not borrow */
  hwc_bn_cmov(r, d, ctx->n, (uint64_t)0 - (carry | (borrow ^ 1)));
}

void hwc_bn_mod_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const hwc_bn_mont *ctx) {
  /* The operation's secrets, wiped together at the end. */
  struct {
    _Alignas(64) uint64_t x[HWC_BN_MAX_WORDS];
    _Alignas(64) uint64_t y[HWC_BN_MAX_WORDS];
  } sec;
  ctx->k->to_mont(sec.x, a, ctx);
  if (b == a) { /* a square (the blinding pair's): one conversion (the pointers are public) */
    ctx->k->sqr(sec.x, sec.x, ctx);
  } else {
    ctx->k->to_mont(sec.y, b, ctx);
    ctx->k->mul(sec.x, sec.x, sec.y, ctx);
  }
  ctx->k->from_mont(r, sec.x, ctx);
  hwc_memzero(&sec, sizeof sec);
}

void hwc_bn_reduce(uint64_t *r, const uint64_t *x, size_t xn, const hwc_bn_mont *ctx) {
  size_t n = ctx->n, chunks = (xn + n - 1) / n;
  /* The chunk, the accumulator and its Montgomery form, wiped together at
   * the end. */
  struct {
    _Alignas(64) uint64_t t[HWC_BN_MAX_WORDS];
    uint64_t c[HWC_BN_MAX_LIMBS], acc[HWC_BN_MAX_LIMBS];
  } sec;
  /* Horner's rule in base W = 2^(64n), from the top chunk down:
   * acc = acc W + chunk mod m. acc W mod m is from_mont((acc R)(W R) / R),
   * and to_mont takes any n-limb value, so the top chunk enters unreduced
   * and each lower one costs three products for acc W and two (the round
   * trip through Montgomery form) for the chunk. */
  for (size_t j = 0; j < n; j++) sec.acc[j] = 0; /* x of no limbs */
  for (size_t i = chunks; i-- > 0;) {
    for (size_t j = 0; j < n; j++) sec.c[j] = i * n + j < xn ? x[i * n + j] : 0;
    if (i + 1 == chunks && chunks > 1) {
      for (size_t j = 0; j < n; j++) sec.acc[j] = sec.c[j];
      continue;
    }
    ctx->k->to_mont(sec.t, sec.c, ctx); /* the chunk mod m: in and out of Montgomery form */
    ctx->k->from_mont(sec.c, sec.t, ctx);
    if (i + 1 < chunks) {
      ctx->k->to_mont(sec.t, sec.acc, ctx);
      ctx->k->mul(sec.t, sec.t, ctx->wr, ctx);
      ctx->k->from_mont(sec.acc, sec.t, ctx);
      mod_add(sec.acc, sec.acc, sec.c, ctx);
    } else {
      for (size_t j = 0; j < n; j++) sec.acc[j] = sec.c[j];
    }
  }
  for (size_t j = 0; j < n; j++) r[j] = sec.acc[j];
  hwc_memzero(&sec, sizeof sec);
}

/* Window width by exponent size, after OpenSSL's BN_window_bits_for_ctime_
 * exponent_size but capped at 5: the table costs 2^w multiplications and a
 * scan of all 2^w entries per window, and at 6 the two scans per window
 * cost more than the multiplications they save (measured on the CRT
 * halves of RSA-2048 to RSA-4096: 5 is faster; see the bench). */
static unsigned window_bits(size_t ebits) {
  return ebits > 306 ? 5 : ebits > 89 ? 4 : ebits > 22 ? 3 : 1;
}

/* The w-bit window of e (ebits bits) starting at bit pos (a public
 * position); bits at and above ebits read as zero. */
static uint64_t window_at(const uint64_t *e, size_t ebits, size_t pos, unsigned w) {
  size_t limb = pos / 64, off = pos % 64, elimbs = (ebits + 63) / 64;
  uint64_t v = e[limb] >> off;
  if (off + w > 64 && limb + 1 < elimbs) v |= e[limb + 1] << (64 - off);
  if (pos + w > ebits) w = (unsigned)(ebits - pos);
  return v & (((uint64_t)1 << w) - 1);
}

/* r = table[idx] by reading every entry and keeping one under a mask, so the
 * memory access pattern is the same for every idx; through the backend's
 * own scan when it has one (vector registers, its element layout). */
static void table_select(uint64_t *r, const uint64_t *table, size_t entries, uint64_t idx, const hwc_bn_mont *ctx) {
  if (ctx->k->select != NULL) {
    ctx->k->select(r, table, entries, idx, ctx);
    return;
  }
  size_t words = ctx->words;
  for (size_t j = 0; j < words; j++) r[j] = 0;
  for (size_t k = 0; k < entries; k++) {
    uint64_t diff = (uint64_t)k ^ idx;
    /* (diff | -diff) has its top bit set exactly when diff != 0 */
    uint64_t mask = (((diff | (0 - diff)) >> 63) ^ 1) * ~(uint64_t)0;
    const uint64_t *t = table + k * words;
    for (size_t j = 0; j < words; j++) r[j] |= t[j] & mask;
  }
}

int hwc_bn_modexp(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t ebits, const hwc_bn_mont *ctx) {
  const hwc_bignum_kernel *k = ctx->k;
  size_t words = ctx->words;
  unsigned w = window_bits(ebits);
  size_t entries = (size_t)1 << w;
  size_t bytes = (entries + 2) * words * sizeof(uint64_t);
  bytes = (bytes + 63) & ~(size_t)63;
  uint64_t *table = aligned_alloc(64, bytes);
  if (table == NULL) {
    for (size_t j = 0; j < ctx->n; j++) r[j] = 0;
    return HWC_ERR_NOMEM;
  }
  uint64_t *acc = table + entries * words, *t = acc + words;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};

  k->to_mont(table, one, ctx);
  k->to_mont(table + words, a, ctx);
  for (size_t i = 2; i < entries; i++) {
    if (i % 2 == 0)
      k->sqr(table + i * words, table + (i / 2) * words, ctx);
    else
      k->mul(table + i * words, table + (i - 1) * words, table + words, ctx);
  }

  if (ebits == 0) {
    for (size_t j = 0; j < words; j++) acc[j] = table[j];
  } else {
    size_t nwin = (ebits + w - 1) / w, pos = (nwin - 1) * w;
    table_select(acc, table, entries, window_at(e, ebits, pos, w), ctx);
    while (pos > 0) {
      pos -= w;
      for (unsigned s = 0; s < w; s++) k->sqr(acc, acc, ctx);
      table_select(t, table, entries, window_at(e, ebits, pos, w), ctx);
      k->mul(acc, acc, t, ctx);
    }
  }
  k->from_mont(r, acc, ctx);
  hwc_memzero(table, bytes);
  free(table);
  return HWC_OK;
}

int hwc_bn_modexp2(uint64_t *r0, const uint64_t *a0, const uint64_t *e0, const hwc_bn_mont *c0, uint64_t *r1,
                   const uint64_t *a1, const uint64_t *e1, const hwc_bn_mont *c1, size_t ebits) {
  const hwc_bignum_kernel *k = c0->k;
  if (k->mul2 == NULL || c1->k != k || c0->words != c1->words || c0->rbits != c1->rbits) {
    int rc = hwc_bn_modexp(r0, a0, e0, ebits, c0);
    if (rc == HWC_OK) rc = hwc_bn_modexp(r1, a1, e1, ebits, c1);
    return rc;
  }
  /* The same schedule as hwc_bn_modexp, both exponentiations in lockstep
   * through the backend's paired multiplication. */
  size_t words = c0->words;
  unsigned w = window_bits(ebits);
  size_t entries = (size_t)1 << w;
  size_t bytes = 2 * (entries + 2) * words * sizeof(uint64_t);
  bytes = (bytes + 63) & ~(size_t)63;
  uint64_t *t0 = aligned_alloc(64, bytes);
  if (t0 == NULL) {
    for (size_t j = 0; j < c0->n; j++) r0[j] = 0;
    for (size_t j = 0; j < c1->n; j++) r1[j] = 0;
    return HWC_ERR_NOMEM;
  }
  uint64_t *t1 = t0 + entries * words;
  uint64_t *acc0 = t1 + entries * words, *acc1 = acc0 + words, *s0 = acc1 + words, *s1 = s0 + words;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};

  k->to_mont(t0, one, c0);
  k->to_mont(t1, one, c1);
  k->to_mont(t0 + words, a0, c0);
  k->to_mont(t1 + words, a1, c1);
  for (size_t i = 2; i < entries; i++) {
    const uint64_t *x0 = t0 + (i % 2 ? i - 1 : i / 2) * words, *y0 = i % 2 ? t0 + words : x0;
    const uint64_t *x1 = t1 + (i % 2 ? i - 1 : i / 2) * words, *y1 = i % 2 ? t1 + words : x1;
    k->mul2(t0 + i * words, x0, y0, c0, t1 + i * words, x1, y1, c1);
  }
  if (ebits == 0) {
    for (size_t j = 0; j < words; j++) acc0[j] = t0[j], acc1[j] = t1[j];
  } else {
    size_t nwin = (ebits + w - 1) / w, pos = (nwin - 1) * w;
    table_select(acc0, t0, entries, window_at(e0, ebits, pos, w), c0);
    table_select(acc1, t1, entries, window_at(e1, ebits, pos, w), c1);
    while (pos > 0) {
      pos -= w;
      for (unsigned s = 0; s < w; s++) k->mul2(acc0, acc0, acc0, c0, acc1, acc1, acc1, c1);
      table_select(s0, t0, entries, window_at(e0, ebits, pos, w), c0);
      table_select(s1, t1, entries, window_at(e1, ebits, pos, w), c1);
      k->mul2(acc0, acc0, s0, c0, acc1, acc1, s1, c1);
    }
  }
  k->from_mont(r0, acc0, c0);
  k->from_mont(r1, acc1, c1);
  hwc_memzero(t0, bytes);
  free(t0);
  return HWC_OK;
}

int hwc_bn_modexp_lanes(uint64_t *const *r, const uint64_t *const *a, const uint64_t *const *e,
                        const hwc_bn_mont *const *ctx, const hwc_bignum_kernel *k, size_t ebits) {
  /* 4-bit windows, where the single path takes 5 from 307 exponent bits
   * up: every window's select_lanes reads the whole table, eight lanes
   * wide, and 16 entries of up to 40 digits (40 KiB) stay in a 48 KiB
   * L1D where 32 (80 KiB) do not. Measured on Zen 5, 4 beat 5 by 1%, 5%
   * and 2-6% on the batches of RSA-2048, 3072 and 4096. */
  const unsigned w = 4;
  const size_t entries = (size_t)1 << w, lanes = HWC_BN_LANES, n = ctx[0]->n;
  /* The lane context (the moduli), the table of powers, the accumulator
   * and the selected entry, in one allocation wiped at the end. */
  typedef struct {
    hwc_bn_mont_lanes lc;
    _Alignas(64) uint64_t acc[HWC_BN_LANES_MAX_WORDS], t[HWC_BN_LANES_MAX_WORDS];
    _Alignas(64) uint64_t table[];
  } lanes_sec;
  size_t bytes = sizeof(lanes_sec) + entries * HWC_BN_LANES_MAX_WORDS * sizeof(uint64_t);
  bytes = (bytes + 63) & ~(size_t)63;
  lanes_sec *sec = aligned_alloc(64, bytes);
  if (sec == NULL) {
    for (size_t l = 0; l < lanes; l++)
      for (size_t j = 0; j < n; j++) r[l][j] = 0;
    return HWC_ERR_NOMEM;
  }
  hwc_bn_mont_lanes *lc = &sec->lc;
  k->lanes_setup(lc, ctx);
  const size_t words = lc->words;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  const uint64_t *ones[HWC_BN_LANES];
  for (size_t l = 0; l < lanes; l++) ones[l] = one;
  k->to_lanes(sec->table, ones, lc);
  k->to_lanes(sec->table + words, a, lc);
  for (size_t i = 2; i < entries; i++) {
    if (i % 2 == 0)
      k->mont_sqr_lanes(sec->table + i * words, sec->table + (i / 2) * words, lc);
    else
      k->mont_mul_lanes(sec->table + i * words, sec->table + (i - 1) * words, sec->table + words, lc);
  }
  /* The windows' positions are public (ebits); each lane's window of its
   * own exponent goes to select_lanes as that lane's index, never to a
   * branch or an address here. */
  uint64_t idx[HWC_BN_LANES];
  size_t nwin = ebits ? (ebits + w - 1) / w : 1, pos = (nwin - 1) * w;
  for (size_t l = 0; l < lanes; l++) idx[l] = ebits ? window_at(e[l], ebits, pos, w) : 0;
  k->select_lanes(sec->acc, sec->table, entries, idx, lc);
  while (pos > 0) {
    pos -= w;
    for (unsigned s = 0; s < w; s++) k->mont_sqr_lanes(sec->acc, sec->acc, lc);
    for (size_t l = 0; l < lanes; l++) idx[l] = window_at(e[l], ebits, pos, w);
    k->select_lanes(sec->t, sec->table, entries, idx, lc);
    k->mont_mul_lanes(sec->acc, sec->acc, sec->t, lc);
  }
  k->from_lanes(r, sec->acc, lc);
  hwc_memzero(idx, sizeof idx);
  /* the table's entries past `words` words each were never written */
  hwc_memzero(sec, sizeof(lanes_sec) + entries * words * sizeof(uint64_t));
  free(sec);
  return HWC_OK;
}

int hwc_bn_mul_pow_lanes(uint64_t *const *m, uint64_t *const *x, const uint64_t *const *s, const uint64_t *const *u,
                         const uint64_t *const *e, const size_t *ebits, const hwc_bn_mont *const *ctx,
                         const hwc_bignum_kernel *k) {
  const size_t lanes = HWC_BN_LANES;
  /* The lane context, the base m R, the accumulator and a two-entry
   * table (the accumulator before and after a product), in one
   * allocation wiped at the end: m is the caller's secret until its check
   * passes. */
  typedef struct {
    hwc_bn_mont_lanes lc;
    _Alignas(64) uint64_t base[HWC_BN_LANES_MAX_WORDS], acc[HWC_BN_LANES_MAX_WORDS];
    _Alignas(64) uint64_t table[2 * HWC_BN_LANES_MAX_WORDS];
  } pow_sec;
  pow_sec *sec = aligned_alloc(64, sizeof(pow_sec));
  if (sec == NULL) return HWC_ERR_NOMEM;
  hwc_bn_mont_lanes *lc = &sec->lc;
  k->lanes_setup(lc, ctx);
  const size_t words = lc->words;
  /* m R = (s R)(u R) / R, then m itself */
  k->to_lanes(sec->base, s, lc);
  k->to_lanes(sec->acc, u, lc);
  k->mont_mul_lanes(sec->base, sec->base, sec->acc, lc);
  k->from_lanes(m, sec->base, lc);
  /* m^e, left to right over the longest exponent: at each bit every lane
   * squares, and multiplies by m when any lane's bit is set; a lane whose
   * bit is clear keeps its square through select_lanes (index = the bit).
   * The bits are public, so the branches are too. The top bit picks 1 or
   * m without a product. */
  size_t top = 0;
  for (size_t l = 0; l < lanes; l++) top = ebits[l] > top ? ebits[l] : top;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1}, idx[HWC_BN_LANES];
  const uint64_t *ones[HWC_BN_LANES];
  for (size_t l = 0; l < lanes; l++) ones[l] = one;
  k->to_lanes(sec->table, ones, lc);
  memcpy(sec->table + words, sec->base, words * sizeof(uint64_t));
  for (size_t l = 0; l < lanes; l++) idx[l] = e[l][(top - 1) / 64] >> ((top - 1) % 64) & 1;
  k->select_lanes(sec->acc, sec->table, 2, idx, lc);
  for (size_t i = top - 1; i-- > 0;) {
    k->mont_sqr_lanes(sec->acc, sec->acc, lc);
    size_t set = 0;
    for (size_t l = 0; l < lanes; l++) set += idx[l] = e[l][i / 64] >> (i % 64) & 1;
    if (set == lanes) {
      k->mont_mul_lanes(sec->acc, sec->acc, sec->base, lc);
    } else if (set > 0) {
      memcpy(sec->table, sec->acc, words * sizeof(uint64_t));
      k->mont_mul_lanes(sec->table + words, sec->acc, sec->base, lc);
      k->select_lanes(sec->acc, sec->table, 2, idx, lc);
    }
  }
  k->from_lanes(x, sec->acc, lc);
  hwc_memzero(sec, sizeof(pow_sec));
  free(sec);
  return HWC_OK;
}

int hwc_bn_inv_mod_prime(uint64_t *r, const uint64_t *x, size_t xn, const hwc_bn_mont *ctx) {
  size_t n = ctx->n;
  /* x mod m and the exponent m - 2 (derived from a secret prime), wiped
   * together at the end. */
  struct {
    uint64_t xr[HWC_BN_MAX_LIMBS], e[HWC_BN_MAX_LIMBS];
  } sec = {{0}, {0}};
  uint64_t two[HWC_BN_MAX_LIMBS] = {2};
  hwc_bn_reduce(sec.xr, x, xn, ctx);
  hwc_bn_sub(sec.e, ctx->m, two, n); /* m > 2: m is an odd prime */
  int rc = hwc_bn_modexp(r, sec.xr, sec.e, 64 * n, ctx);
  hwc_memzero(&sec, sizeof sec);
  return rc;
}

void hwc_bn_modexp_vartime(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t ebits,
                           const hwc_bn_mont *ctx) {
  const hwc_bignum_kernel *k = ctx->k;
  /* The base (a secret blinding value) and the accumulator, wiped
   * together at the end. */
  struct {
    _Alignas(64) uint64_t base[HWC_BN_MAX_WORDS];
    _Alignas(64) uint64_t acc[HWC_BN_MAX_WORDS];
  } sec;
  uint64_t one[HWC_BN_MAX_LIMBS] = {1};
  while (ebits > 0 && !(e[(ebits - 1) / 64] >> ((ebits - 1) % 64) & 1)) ebits--;
  k->to_mont(sec.base, a, ctx);
  if (ebits == 0) {
    k->to_mont(sec.acc, one, ctx);
  } else {
    for (size_t j = 0; j < ctx->words; j++) sec.acc[j] = sec.base[j];
    for (size_t i = ebits - 1; i-- > 0;) {
      k->sqr(sec.acc, sec.acc, ctx);
      if (e[i / 64] >> (i % 64) & 1) k->mul(sec.acc, sec.acc, sec.base, ctx);
    }
  }
  k->from_mont(r, sec.acc, ctx);
  hwc_memzero(&sec, sizeof sec);
}

/* ------------------------------------------------------------ hwc_modexp */

int hwc_modexp(uint8_t *out, const uint8_t *base, const uint8_t *exp, size_t exp_len, const uint8_t *m,
               size_t m_len) {
  HWC_DIT_SCOPE();
  if (out == NULL || base == NULL || m == NULL || (exp == NULL && exp_len != 0)) return HWC_ERR_INVALID_ARG;
  if (m_len == 0 || m_len > 8 * HWC_BN_MAX_LIMBS || exp_len > 8 * HWC_BN_MAX_LIMBS) return HWC_ERR_INVALID_ARG;
  if (!(m[m_len - 1] & 1)) return HWC_ERR_INVALID_ARG;

  size_t cap = (m_len + 7) / 8;
  uint64_t mm[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], e[HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_LIMBS];
  hwc_bn_from_bytes(mm, cap, m, m_len);
  size_t n = hwc_bn_limbs_vartime(mm, cap);
  if (n == 1 && mm[0] < 3) return HWC_ERR_INVALID_ARG; /* m must be odd and > 1 */

  hwc_bn_mont *ctx = aligned_alloc(64, sizeof *ctx);
  if (ctx == NULL) return HWC_ERR_NOMEM;
  hwc_bn_mont_init(ctx, HWC_KERNEL(HWC_PRIM_BIGNUM, hwc_bignum_kernel), mm, n);
  hwc_bn_from_bytes(a, cap, base, m_len);
  hwc_bn_reduce(a, a, cap, ctx);
  hwc_bn_from_bytes(e, (exp_len + 7) / 8, exp, exp_len);
  int rc = hwc_bn_modexp(r, a, e, 8 * exp_len, ctx);
  if (rc == HWC_OK) hwc_bn_to_bytes(out, m_len, r, n);
  hwc_memzero(a, sizeof a);
  hwc_memzero(e, sizeof e);
  hwc_memzero(r, sizeof r);
  free(ctx);
  return rc;
}

/* ------------------------------------------ the RSA private operation */

/* Blinding pairs are squared between renewals, so consecutive pairs are
 * related; renewing every 32 uses (as OpenSSL's BN_BLINDING does) bounds
 * how long one random r is stretched. */
#define HWC_BN_BLIND_USES 32

/* Draws at most this many blinding values before giving up (see
 * new_blinding_pair). */
#define HWC_BN_BLIND_DRAWS 64

/* m = mq + q * ((mp - mq) qInv mod p): Garner's recombination. mp has
 * key->mp.n limbs, mq key->mq.n limbs; m gets key->mn.n limbs. Inline, as
 * blind_exponent: emitted as functions of their own, the compiler placed
 * them ahead of the exponentiation code above and moved its loops, which
 * measured slower on the scalar backends' private operation. */
static inline void crt_combine(uint64_t *m, const uint64_t *mp, const uint64_t *mq, const hwc_bn_crt_key *key) {
  size_t np = key->mp.n, nq = key->mq.n, nn = key->mn.n;
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t t[HWC_BN_MAX_LIMBS], h[2 * HWC_BN_MAX_LIMBS + 1], mqx[2 * HWC_BN_MAX_LIMBS + 1], pm[HWC_BN_MAX_LIMBS];
  } sec = {{0}, {0}, {0}, {0}};
  hwc_bn_reduce(sec.t, mq, nq, &key->mp);
  uint64_t borrow = hwc_bn_sub(sec.t, mp, sec.t, np);
  for (size_t j = 0; j < np; j++) sec.pm[j] = key->mp.m[j] & ((uint64_t)0 - borrow);
  hwc_bn_add(sec.t, sec.t, sec.pm, np); /* mp - mq mod p, in [0, p) */
  hwc_bn_mod_mul(sec.t, sec.t, key->qinv, &key->mp);
  hwc_bn_mul_plain(sec.h, key->mq.m, nq, sec.t, np);
  for (size_t j = 0; j < nq; j++) sec.mqx[j] = mq[j];
  hwc_bn_add(sec.h, sec.h, sec.mqx, np + nq);
  for (size_t j = 0; j < nn; j++) m[j] = sec.h[j]; /* the result is < n: limbs above nn are 0 */
  hwc_memzero(&sec, sizeof sec);
}

/* e = x + k (prime - 1) for the random 64-bit k the caller drew fresh
 * (np + 1 limbs): the exponent differs on every call, so its bits cannot
 * be averaged out of side channels, and the result is unchanged (Fermat). */
static inline void blind_exponent(uint64_t *ex, const uint64_t *x, uint64_t k, const hwc_bn_mont *ctx) {
  size_t np = ctx->n;
  /* prime - 1 and the exponent's copy, wiped together at the end. */
  struct {
    uint64_t pm1[HWC_BN_MAX_LIMBS], xe[HWC_BN_MAX_LIMBS + 1];
  } sec = {{0}, {0}};
  for (size_t j = 0; j < np; j++) sec.pm1[j] = ctx->m[j];
  sec.pm1[0] &= ~(uint64_t)1; /* prime - 1: the prime is odd */
  for (size_t j = np + 1; j <= HWC_BN_MAX_LIMBS; j++) ex[j] = 0;
  hwc_bn_mul_plain(ex, sec.pm1, np, &k, 1);
  for (size_t j = 0; j < np; j++) sec.xe[j] = x[j];
  hwc_bn_add(ex, ex, sec.xe, np + 1);
  hwc_memzero(&sec, sizeof sec);
}

/* The schedule length of the CRT exponentiations: the blinded exponents
 * dP + k (p - 1) and dQ + k' (q - 1) have at most pbits + 64 and
 * qbits + 64 bits; the sizes of p and q are public (the size of the key). */
size_t hwc_bn_crt_ebits(const hwc_bn_crt_key *key) {
  size_t pb = key->pbits, qb = key->qbits;
  return (pb > qb ? pb : qb) + 64;
}

/* x^-1 mod n from x^(p-2) mod p and x^(q-2) mod q (Fermat), recombined. */
static int crt_inverse(uint64_t *r, const uint64_t *x, const hwc_bn_crt_key *key) {
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t xp[HWC_BN_MAX_LIMBS], xq[HWC_BN_MAX_LIMBS], ep[HWC_BN_MAX_LIMBS], eq[HWC_BN_MAX_LIMBS];
  } sec;
  uint64_t two[HWC_BN_MAX_LIMBS] = {2};
  size_t np = key->mp.n, nq = key->mq.n;
  hwc_bn_reduce(sec.xp, x, key->mn.n, &key->mp);
  hwc_bn_reduce(sec.xq, x, key->mn.n, &key->mq);
  hwc_bn_sub(sec.ep, key->mp.m, two, np);
  hwc_bn_sub(sec.eq, key->mq.m, two, nq);
  for (size_t j = np; j < HWC_BN_MAX_LIMBS; j++) sec.ep[j] = 0;
  for (size_t j = nq; j < HWC_BN_MAX_LIMBS; j++) sec.eq[j] = 0;
  int rc = hwc_bn_modexp2(sec.xp, sec.xp, sec.ep, &key->mp, sec.xq, sec.xq, sec.eq, &key->mq, 64 * (np > nq ? np : nq));
  if (rc == HWC_OK) crt_combine(r, sec.xp, sec.xq, key);
  hwc_memzero(&sec, sizeof sec);
  return rc;
}

/* A fresh base blinding pair (r^e mod n, r^-1 mod n) for a random r, into
 * blind and unblind (mn.n limbs each). The inverse comes from divsteps
 * modulo n (hwc_bn_modinv; Fermat modulo each prime, crt_inverse, where
 * there is no 128-bit integer type), which is r's inverse only when r is
 * prime to n; if r shared a factor with n, the unblinded result would be
 * silently wrong (and with a small prime, often). With primes of at least
 * HWC_RSA_MIN_PRIME_BITS (rsa_internal.h) that chance is below 2^-510 per
 * draw, but it is not zero, so every draw is checked (r r^-1 = 1 mod n)
 * and redrawn until one passes. Only a key whose p or q is not prime fails
 * HWC_BN_BLIND_DRAWS draws in a row: HWC_ERR_BAD_KEY. Whether a discarded
 * r was invertible says nothing about the r kept, so the verdict of each
 * draw may be branched on. Touches no shared state: called without the
 * lock, since its r^e and inverse cost a sizeable part of a private
 * operation. */
static int new_blinding_pair(uint64_t *blind, uint64_t *unblind, const hwc_bn_crt_key *key) {
  size_t nn = key->mn.n, nbits = hwc_bn_bits_vartime(key->mn.m, nn), nbytes = (nbits + 7) / 8;
  /* The operation's secrets, wiped together at the end. */
  struct {
    uint64_t r[HWC_BN_MAX_LIMBS], check[HWC_BN_MAX_LIMBS];
    uint8_t rb[8 * HWC_BN_MAX_LIMBS];
  } sec;
  int rc = HWC_ERR_BAD_KEY;
  for (int draw = 0; draw < HWC_BN_BLIND_DRAWS; draw++) {
    int rrc = hwc_random_bytes(sec.rb, nbytes);
    if (rrc != HWC_OK) {
      rc = rrc;
      break;
    }
    hwc_bn_from_bytes(sec.r, nn, sec.rb, nbytes);
    /* keep r < 2^(nbits-1) < n */
    size_t top = nbits - 1;
    sec.r[top / 64] &= ((uint64_t)1 << (top % 64)) - 1;
    for (size_t j = top / 64 + 1; j < nn; j++) sec.r[j] = 0;
    rrc = hwc_bn_modinv(unblind, sec.r, key->mn.m, nn);
    if (rrc == HWC_ERR_UNSUPPORTED) rrc = crt_inverse(unblind, sec.r, key); /* no 128-bit type */
    if (rrc != HWC_OK) {
      rc = rrc;
      break;
    }
    hwc_bn_mod_mul(sec.check, sec.r, unblind, &key->mn);
    uint64_t acc = sec.check[0] ^ 1;
    for (size_t j = 1; j < nn; j++) acc |= sec.check[j];
    uint64_t invertible = hwc_bn_is_zero_mask(&acc, 1);
    HWC_DECLASSIFY(&invertible, sizeof invertible);
    if (invertible) {
      hwc_bn_modexp_vartime(blind, sec.r, key->e, key->ebits, &key->mn); /* e is public */
      rc = HWC_OK;
      break;
    }
  }
  hwc_memzero(&sec, sizeof sec);
  return rc;
}

/* Takes the next blinding pair into blind and unblind (mn.n limbs each).
 * Usually that is the squares of the key's previous pair (squares of
 * invertible values stay invertible), taken under the lock. When a
 * renewal is due, the thread that notices it draws a fresh pair *outside*
 * the lock, uses it itself and then installs it: a renewal costs about as
 * much as the private operation, and holding the lock through it made
 * every other thread on the key wait once per HWC_BN_BLIND_USES
 * operations. While that thread draws, the others keep squaring the old
 * pair, so a pair may serve a few uses past HWC_BN_BLIND_USES (at most one
 * per thread running on the key at that moment); before the first pair is
 * installed, each thread draws its own. */
static int next_blinding(hwc_bn_blinding *bl, const hwc_bn_crt_key *key, uint64_t *blind, uint64_t *unblind) {
  size_t nn = key->mn.n;
  int draw = 0;
  pthread_mutex_lock(&bl->lock);
  if (!bl->ready || (bl->uses >= HWC_BN_BLIND_USES && !bl->renewing)) {
    draw = 1;
    bl->renewing = 1;
  } else {
    hwc_bn_mod_mul(bl->blind, bl->blind, bl->blind, &key->mn);
    hwc_bn_mod_mul(bl->unblind, bl->unblind, bl->unblind, &key->mn);
    bl->uses++;
    for (size_t j = 0; j < nn; j++) {
      blind[j] = bl->blind[j];
      unblind[j] = bl->unblind[j];
    }
  }
  pthread_mutex_unlock(&bl->lock);
  if (!draw) return HWC_OK;

  int rc = new_blinding_pair(blind, unblind, key);
  pthread_mutex_lock(&bl->lock);
  if (rc == HWC_OK) {
    /* The caller uses this pair once; the key's next use squares it. */
    for (size_t j = 0; j < nn; j++) {
      bl->blind[j] = blind[j];
      bl->unblind[j] = unblind[j];
    }
    bl->ready = 1;
    bl->uses = 1;
  }
  bl->renewing = 0;
  pthread_mutex_unlock(&bl->lock);
  return rc;
}

int hwc_bn_crt_prepare(hwc_bn_crt_state *st, const uint64_t *c, const hwc_bn_crt_key *key, hwc_bn_blinding *bl,
                       const uint64_t k[2]) {
  size_t nn = key->mn.n;
  /* The blinded input, wiped at the end. */
  uint64_t cb[HWC_BN_MAX_LIMBS];
  /* Only taking the pair needs the lock (inside next_blinding); the
   * exponentiations run outside it, so threads sharing a key do not wait
   * for each other's. */
  int rc = next_blinding(bl, key, st->blind, st->unblind);
  if (rc == HWC_OK) {
    hwc_bn_mod_mul(cb, c, st->blind, &key->mn);
    hwc_bn_reduce(st->cp, cb, nn, &key->mp);
    hwc_bn_reduce(st->cq, cb, nn, &key->mq);
    blind_exponent(st->ep, key->dp, k[0], &key->mp);
    blind_exponent(st->eq, key->dq, k[1], &key->mq);
  }
  hwc_memzero(cb, sizeof cb);
  return rc;
}

void hwc_bn_crt_join(uint64_t *s, const hwc_bn_crt_state *st, const hwc_bn_crt_key *key) {
  crt_combine(s, st->cp, st->cq, key);
}

void hwc_bn_crt_finish(uint64_t *m, const hwc_bn_crt_state *st, const hwc_bn_crt_key *key) {
  crt_combine(m, st->cp, st->cq, key);
  hwc_bn_mod_mul(m, m, st->unblind, &key->mn);
}

int hwc_bn_crt_private(uint64_t *m, const uint64_t *c, const hwc_bn_crt_key *key, hwc_bn_blinding *bl) {
  size_t nn = key->mn.n;
  /* The operation's secrets, wiped together at the end. */
  hwc_bn_crt_state st;
  /* Both exponents' k from one draw: a draw is a system call, which costs
   * more than the arithmetic around it. */
  uint64_t k[2];
  int rc = hwc_random_bytes((uint8_t *)k, sizeof k);
  if (rc == HWC_OK) rc = hwc_bn_crt_prepare(&st, c, key, bl, k);
  hwc_memzero(k, sizeof k);
  /* both halves side by side where the backend can pair them */
  if (rc == HWC_OK)
    rc = hwc_bn_modexp2(st.cp, st.cp, st.ep, &key->mp, st.cq, st.cq, st.eq, &key->mq, hwc_bn_crt_ebits(key));
  if (rc == HWC_OK) {
    hwc_bn_crt_finish(m, &st, key);
  } else {
    for (size_t j = 0; j < nn; j++) m[j] = 0;
  }
  hwc_memzero(&st, sizeof st);
  return rc;
}
