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
 */
#include "ed25519_base.h"
#include "internal.h"

#include "ed25519_base_table.h"

/* Affine precomputed point: y+x, y-x, 2dxy. */
typedef struct {
  hwc_fe25519 yplusx, yminusx, xy2d;
} ge_precomp;

/* Completed point ((X:Z), (Y:T)) of the addition formulas. */
typedef struct {
  hwc_fe25519 X, Y, Z, T;
} ge_p1p1;

/* 0 - 1 when a == b, else 0; bytes only, no branch. */
static uint64_t eq_mask(uint32_t a, uint32_t b) {
  uint64_t x = a ^ b;
  return ((x - 1) >> 63) * UINT64_MAX; /* x < 2^32, so x - 1 wraps only for x == 0 */
}

static void words_to_fe(const hwc_fe25519_kernel *k, hwc_fe25519 *h, const uint64_t w[4]) {
  uint8_t s[32];
  for (int i = 0; i < 32; i++) s[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
  k->frombytes(h, s);
  hwc_memzero(s, sizeof s);
}

/* t = b * 16^(2 pos) * B for a digit b in [-8, 8], reading the whole row. */
static void select_precomp(const hwc_fe25519_kernel *k, ge_precomp *t, int pos, int8_t b) {
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

/* r = p + q (Hisil et al., "Twisted Edwards curves revisited", mixed add). */
static void ge_madd(const hwc_fe25519_kernel *k, ge_p1p1 *r, const hwc_ge25519_p3 *p, const ge_precomp *q) {
  hwc_fe25519 t;
  k->add(&r->X, &p->Y, &p->X);
  k->sub(&r->Y, &p->Y, &p->X);
  k->mul(&r->Z, &r->X, &q->yplusx);  /* A */
  k->mul(&r->Y, &r->Y, &q->yminusx); /* B */
  k->mul(&r->T, &q->xy2d, &p->T);    /* C */
  k->add(&t, &p->Z, &p->Z);          /* D */
  k->sub(&r->X, &r->Z, &r->Y);       /* A - B */
  k->add(&r->Y, &r->Z, &r->Y);       /* A + B */
  k->add(&r->Z, &t, &r->T);          /* D + C */
  k->sub(&r->T, &t, &r->T);          /* D - C */
}

/* r = 2p from (X:Y:Z) alone (T unused). */
static void ge_dbl(const hwc_fe25519_kernel *k, ge_p1p1 *r, const hwc_ge25519_p3 *p) {
  hwc_fe25519 t;
  k->sqr(&r->X, &p->X);
  k->sqr(&r->Z, &p->Y);
  k->sqr(&r->T, &p->Z);
  k->add(&r->T, &r->T, &r->T);
  k->add(&r->Y, &p->X, &p->Y);
  k->sqr(&t, &r->Y);
  k->add(&r->Y, &r->Z, &r->X);       /* YY + XX */
  k->sub(&r->Z, &r->Z, &r->X);       /* YY - XX */
  k->sub(&r->X, &t, &r->Y);
  k->sub(&r->T, &r->T, &r->Z);
}

/* Back to extended coordinates; with_t = 0 skips T when only a doubling
 * follows. */
static void p1p1_to_p3(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *r, const ge_p1p1 *p, int with_t) {
  k->mul(&r->X, &p->X, &p->T);
  k->mul(&r->Y, &p->Y, &p->Z);
  k->mul(&r->Z, &p->Z, &p->T);
  if (with_t) k->mul(&r->T, &p->X, &p->Y);
}

void hwc_ge25519_scalarmult_base(const hwc_fe25519_kernel *k, hwc_ge25519_p3 *h, const uint8_t a[32]) {
  int8_t e[64];
  for (int i = 0; i < 32; i++) {
    e[2 * i] = (int8_t)(a[i] & 15);
    e[2 * i + 1] = (int8_t)(a[i] >> 4);
  }
  /* Digits to [-8, 8): the carry is arithmetic, not a branch. */
  int8_t carry = 0;
  for (int i = 0; i < 63; i++) {
    e[i] = (int8_t)(e[i] + carry);
    carry = (int8_t)((e[i] + 8) >> 4);
    e[i] = (int8_t)(e[i] - carry * 16);
  }
  e[63] = (int8_t)(e[63] + carry);

  static const uint8_t one[32] = {1};
  static const uint8_t zero[32] = {0};
  ge_p1p1 r;
  ge_precomp t;
  k->frombytes(&h->X, zero);
  k->frombytes(&h->Y, one);
  k->frombytes(&h->Z, one);
  k->frombytes(&h->T, zero);
  for (int i = 1; i < 64; i += 2) {
    select_precomp(k, &t, i / 2, e[i]);
    ge_madd(k, &r, h, &t);
    p1p1_to_p3(k, h, &r, 1);
  }
  for (int i = 0; i < 4; i++) {
    ge_dbl(k, &r, h);
    p1p1_to_p3(k, h, &r, i == 3);
  }
  for (int i = 0; i < 64; i += 2) {
    select_precomp(k, &t, i / 2, e[i]);
    ge_madd(k, &r, h, &t);
    p1p1_to_p3(k, h, &r, 1);
  }
  hwc_memzero(e, sizeof e);
  hwc_memzero(&r, sizeof r);
  hwc_memzero(&t, sizeof t);
}
