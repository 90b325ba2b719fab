/* SPDX-License-Identifier: ISC */
/*
 * a * B on Edwards25519 with a precomputed table, after ref10's
 * ge_scalarmult_base (Bernstein, Duif, Lange, Schwabe, Yang, "High-speed
 * high-security signatures", 2011, section 4): a is recoded into 64 signed
 * radix-16 digits e_i in [-8, 8]; the table holds k * 16^(2j) * B for k in
 * 1..8, so the sum of e_i 16^i B splits into odd and even i, 32 mixed
 * additions each, with four doublings in between.
 *
 * Constant time: every digit reads all eight entries of its row and keeps
 * one with masks, and negation is a masked select too. The table is stored
 * as canonical 64-bit words, independent of any backend's element layout;
 * the selected entry is converted with the backend's frombytes.
 *
 * A backend with an edwards_base entry (avx512ifma) does the whole
 * multiplication itself, from its own copy of the table in its own
 * layout (src/kernels.h); the loops here serve the others.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "ed25519_base.h"
#include "src/internal.h"

#include "ed25519_base_table.h"

/* 0 - 1 when a == b, else 0; bytes only, no branch. */
static uint64_t eq_mask(uint32_t a, uint32_t b) {
  uint64_t x = a ^ b;
  return ((x - 1) >> 63) * UINT64_MAX; /* x < 2^32, so x - 1 wraps only for x == 0 */
}

/* The table's words as the 32-byte little-endian string frombytes takes:
 * on little-endian machines that is the words' own memory. */
static void words_to_fe(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const uint64_t w[4]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  k->frombytes(h, (const uint8_t *)w);
#else
  uint8_t s[32];
  for (int i = 0; i < 32; i++) s[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
  k->frombytes(h, s);
  hwc_memzero(s, sizeof s);
#endif
}

/* t = b * 16^(2 pos) * B for a digit b in [-8, 8], reading the whole row. */
static void select_precomp(const hwc_fe25519_kernel *k, hwc_ge25519_precomp *t, int pos, int8_t b) {
  static const uint64_t p_words[4] = {0xffffffffffffffedu, UINT64_MAX, UINT64_MAX, 0x7fffffffffffffffu};
  uint64_t neg = (uint64_t)(uint8_t)b >> 7; /* 1 when b < 0 */
  uint32_t babs = (uint32_t)((b ^ -(int)neg) + (int)neg);
  uint64_t w[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}; /* the neutral element */
  for (uint32_t i = 0; i < 8; i++) {
    uint64_t m = eq_mask(babs, i + 1);
    for (int j = 0; j < 12; j++) w[j] ^= (w[j] ^ ed25519_base_table[pos][i][j]) & m;
  }
  /* -P swaps y+x with y-x and negates 2dxy; p - 2dxy never borrows out. */
  uint64_t m = 0 - neg, nt[4], borrow = 0;
  for (int j = 0; j < 4; j++) {
    uint64_t d = p_words[j] - w[8 + j];
    uint64_t b2 = p_words[j] < w[8 + j];
    nt[j] = d - borrow;
    borrow = b2 | (d < borrow);
  }
  for (int j = 0; j < 4; j++) {
    uint64_t x = (w[j] ^ w[4 + j]) & m;
    w[j] ^= x;
    w[4 + j] ^= x;
    w[8 + j] ^= (w[8 + j] ^ nt[j]) & m;
  }
  words_to_fe(k, &t->yplusx, w);
  words_to_fe(k, &t->yminusx, w + 4);
  words_to_fe(k, &t->xy2d, w + 8);
  hwc_memzero(w, sizeof w);
  hwc_memzero(nt, sizeof nt);
}

/* ---- The table in one backend's own element layout, converted at the
 * backend's first use (768 frombytes, once per process): the per-digit
 * scan then moves native elements with masks and needs no conversion,
 * which is a fifth of the time of a signature. A handful of slots covers
 * every backend of a build; beyond them the canonical path above serves. */
typedef struct {
  _Atomic(const hwc_fe25519_kernel *) k;
  hwc_ge25519_precomp t[32][8];
} native_table;

#define NATIVE_SLOTS 4
static native_table native[NATIVE_SLOTS];
static pthread_mutex_t native_lock = PTHREAD_MUTEX_INITIALIZER;

static const native_table *native_for(const hwc_fe25519_kernel *k) {
  for (int i = 0; i < NATIVE_SLOTS; i++) {
    const hwc_fe25519_kernel *ki = atomic_load_explicit(&native[i].k, memory_order_acquire);
    if (ki == k) return &native[i];
    if (ki == NULL) break;
  }
  const native_table *found = NULL;
  pthread_mutex_lock(&native_lock);
  for (int i = 0; i < NATIVE_SLOTS && !found; i++) {
    const hwc_fe25519_kernel *ki = atomic_load_explicit(&native[i].k, memory_order_relaxed);
    if (ki == k) {
      found = &native[i];
    } else if (ki == NULL) {
      for (int r = 0; r < 32; r++) {
        for (int j = 0; j < 8; j++) {
          words_to_fe(k, &native[i].t[r][j].yplusx, ed25519_base_table[r][j]);
          words_to_fe(k, &native[i].t[r][j].yminusx, ed25519_base_table[r][j] + 4);
          words_to_fe(k, &native[i].t[r][j].xy2d, ed25519_base_table[r][j] + 8);
        }
      }
      atomic_store_explicit(&native[i].k, k, memory_order_release);
      found = &native[i];
    }
  }
  pthread_mutex_unlock(&native_lock);
  return found;
}

/* As select_precomp, on a native row: whole elements are selected by
 * masks on their raw words (a selection never looks inside an element, so
 * any backend's layout works), -P by a masked swap and one subtraction. */
static void select_native(const hwc_fe25519_kernel *k, hwc_ge25519_precomp *t, const hwc_ge25519_precomp row[8],
                          const hwc_ge25519_precomp *id, const hwc_fe25519 *zero, int8_t b) {
  uint64_t neg = (uint64_t)(uint8_t)b >> 7;
  uint32_t babs = (uint32_t)((b ^ -(int)neg) + (int)neg);
  /* Accumulate in locals: stores through t inside the loop would have to
   * be repeated for every entry, since t might alias the table. */
  uint64_t p[5], m_[5], x[5];
  for (int j = 0; j < 5; j++) {
    p[j] = id->yplusx.d[j];
    m_[j] = id->yminusx.d[j];
    x[j] = id->xy2d.d[j];
  }
  for (uint32_t i = 0; i < 8; i++) {
    uint64_t m = eq_mask(babs, i + 1);
    for (int j = 0; j < 5; j++) {
      p[j] ^= (p[j] ^ row[i].yplusx.d[j]) & m;
      m_[j] ^= (m_[j] ^ row[i].yminusx.d[j]) & m;
      x[j] ^= (x[j] ^ row[i].xy2d.d[j]) & m;
    }
  }
  uint64_t nm = 0 - neg;
  for (int j = 0; j < 5; j++) {
    uint64_t sw = (p[j] ^ m_[j]) & nm;
    t->yplusx.d[j] = p[j] ^ sw;
    t->yminusx.d[j] = m_[j] ^ sw;
    t->xy2d.d[j] = x[j];
  }
  hwc_fe25519 minus;
  k->sub(&minus, zero, &t->xy2d);
  for (int j = 0; j < 5; j++) t->xy2d.d[j] ^= (t->xy2d.d[j] ^ minus.d[j]) & nm;
}

void hwc_ge25519_scalarmult_base(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32]) {
  /* The scalar's digits and every point derived from them, wiped together
   * on both paths. */
  struct {
    int8_t e[64];
    hwc_fe25519 pt[4];
    hwc_ge25519_p1p1 r;
    hwc_ge25519_precomp t;
    hwc_ge25519_p2 s;
  } sec;
  hwc_ge25519_radix16(sec.e, a);

  if (k->edwards_base != NULL) {
    /* the backend's own table and layout (src/kernels.h) */
    k->edwards_base(sec.pt, sec.e);
    h->X = sec.pt[0], h->Y = sec.pt[1], h->Z = sec.pt[2], h->T = sec.pt[3];
    hwc_memzero(&sec, sizeof sec);
    return;
  }
  hwc_ge25519_p3_0(k, h);
  const native_table *nt = native_for(k);
  hwc_ge25519_precomp id;
  hwc_fe25519 zero;
  hwc_fe25519_0(k, &zero);
  hwc_fe25519_1(k, &id.yplusx);
  hwc_fe25519_1(k, &id.yminusx);
  id.xy2d = zero;
#define SELECT(i)                                                    \
  do {                                                               \
    if (nt)                                                          \
      select_native(k, &sec.t, nt->t[(i) / 2], &id, &zero, sec.e[i]); \
    else                                                             \
      select_precomp(k, &sec.t, (i) / 2, sec.e[i]);                  \
  } while (0)
  for (int i = 1; i < 64; i += 2) {
    SELECT(i);
    hwc_ge25519_madd(k, &sec.r, h, &sec.t);
    hwc_ge25519_p1p1_to_p3(k, h, &sec.r);
  }
  hwc_ge25519_p3_dbl(k, &sec.r, h);
  for (int i = 0; i < 3; i++) {
    hwc_ge25519_p1p1_to_p2(k, &sec.s, &sec.r);
    hwc_ge25519_p2_dbl(k, &sec.r, &sec.s);
  }
  hwc_ge25519_p1p1_to_p3(k, h, &sec.r);
  for (int i = 0; i < 64; i += 2) {
    SELECT(i);
    hwc_ge25519_madd(k, &sec.r, h, &sec.t);
    hwc_ge25519_p1p1_to_p3(k, h, &sec.r);
  }
#undef SELECT
  hwc_memzero(&sec, sizeof sec);
}
