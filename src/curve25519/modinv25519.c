/* SPDX-License-Identifier: ISC */
/*
 * Constant-time inversion modulo curve25519's two moduli, the field prime
 * p = 2^255 - 19 and the group order L = 2^252 + 2774...8493, by Bernstein
 * and Yang's
 * divsteps ("Fast constant-time gcd computation and modular inversion",
 * TCHES 2019), in the "half-delta" form with 62-bit limbs and batches of 59
 * steps described in libsecp256k1's safegcd_implementation.md. Measured
 * faster than the exponentiation z^(p-2) over the mulx backend, which was
 * a sizeable share of an Ed25519 signature; modulo L it replaces a much
 * slower exponentiation (ristretto255 scalar inversion). The 590 steps
 * are one dependency chain through the low bit of g, which sets the time;
 * the ten full-size updates are the smaller part.
 *
 * Idea: divsteps keep (f, g) with f odd, replace g by (g +- f) / 2 or g / 2
 * and sometimes swap, so that after enough steps g = 0 and f = +-gcd = +-1;
 * the same linear maps applied to (d, e), starting from (0, 1), end with
 * d = +-1/x mod p. A batch of 59 steps only looks at the low 64 bits of f
 * and g, so it runs on two machine words and returns its effect as a 2x2
 * matrix (scaled by 2^62); the full-size numbers are updated once per
 * batch. For 256-bit inputs 590 half-delta steps always suffice (the bound
 * computed in the paper's follow-up analysis), hence 10 batches; any odd
 * modulus below 2^256 works the same way.
 *
 * Bounds:
 *  - f and g: each step replaces g by (g +- f) / 2 or g / 2 and f by the
 *    old g, so |f|, |g| never exceed max(|f0|, |g0|) = m (the input is
 *    below m): below 2^256 in magnitude, limbs 0..3 in [0, 2^62), the
 *    signed top limb (weight 2^248) within +-2^8.
 *  - the batch: 59 steps on the low 62 bits of f and g (limb 0). A step
 *    reads only the low bit of the current g (and zeta); after s steps the
 *    low 62 - s bits of the words are still exact, so 59 steps read only
 *    exact bits. The matrix starts at 8 and after s steps has
 *    |u| + |v| <= 2^(3+s) and |q| + |r| <= 2^(3+s) (a step adds one row
 *    into the other and doubles the first): 2^62 after 59 steps, within
 *    int64 with its sign and exactly the 2^62 the updates divide by. Hence
 *    59 steps per batch, not 62.
 *  - update_fg: u f_j + v g_j with limbs below 2^62 is below 2^124 in
 *    magnitude, plus a carry below 2^63: well inside 128 bits.
 *  - update_de: d, e in (-2m, m); md, me in (-2^63, 2^62] after the low
 *    62 bits are cancelled (at most 2^62 from the sign terms, minus less
 *    than 2^62), so u d_j + v e_j + m_j md < 2^124 + 2^125 in magnitude;
 *    the results stay in (-2m, m) (the safegcd write-up's range argument),
 *    top limbs within +-2^9.
 *  - zeta - 1 or -zeta - 2 (for zeta < 0) never grows |zeta| by more
 *    than 1, from -1: |zeta| <= 591 after the 590 steps.
 *  - the end: d in (-2m, m), +m if negative gives (-m, m), the sign of f
 *    can negate it, +m if negative gives [0, m), below 2^256 to pack.
 *
 * Constant time: every step is the same sequence of masks (or CMOVs),
 * adds and shifts; the batch count is fixed; the final normalisation is masked.
 * Needs a 128-bit integer type (the caller falls back to the
 * exponentiation without one).
 */
#include "src/common/msan.h"
#include "fe25519.h"
#include "src/internal.h"
#include "scalar25519.h"

#if defined(__SIZEOF_INT128__)

typedef __int128 i128;

#define M62 (UINT64_MAX >> 2)

/* Signed radix-2^62: v[0..3] in [0, 2^62) and v[4] signed, or, between
 * the steps of an update, any limbs whose weighted sum is the value. */
typedef struct {
  int64_t v[5];
} s62;

/* p = 2^255 - 19 = (2^62 - 19) + (2^62 - 1)(2^62 + 2^124 + 2^186) + 127 2^248 */
static const s62 P = {{(int64_t)(M62 - 18), (int64_t)M62, (int64_t)M62, (int64_t)M62, 127}};
/* L = 2^252 + 27742317777372353535851937790883648493 */
static const s62 L = {{0x1812631a5cf5d3ed, 0x137be77a8bde7359, 1, 0, 16}};

/* The transition matrix of a batch, times 2^62. */
typedef struct {
  int64_t u, v, q, r;
} trans;

/* 59 half-delta divsteps on the low words of f (odd) and g; zeta is
 * -(delta + 1/2). Per step: if g is odd, g += f or g -= f (by the sign of
 * zeta), and when zeta < 0 the old g becomes the new f; then g halves.
 * The matrix (u v; q r) starts at 8 = 2^3 and doubles its first row
 * instead of halving g, so it ends scaled by 2^62.
 *
 * On x86_64 (GCC or Clang, not under MemorySanitizer, which cannot see
 * into asm: src/common/msan.h) each step is the asm below, the same step with
 * CMOV selections in place of the masks: measured about a fifth faster
 * per step than the compiled masks on Zen 5, the step being one long
 * dependency chain that the selections shorten. CMOV reads both operands
 * and takes the same time whichever it keeps, so the step stays constant
 * time; valgrind's check (tests/CT.md) sees no branch. The C loop is the
 * definition and the fallback. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(HWC_MSAN)
static int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8, a, b, c, s, nz;
  for (int i = 3; i < 62; i++) {
    __asm__("mov %[f], %[a]\n\t"
            "neg %[a]\n\t"
            "mov %[u], %[b]\n\t"
            "neg %[b]\n\t"
            "mov %[v], %[c]\n\t"
            "neg %[c]\n\t"
            "test %[z], %[z]\n\t"          /* SF: zeta < 0 */
            "cmovns %[f], %[a]\n\t"        /* a = zeta < 0 ? -f : f */
            "cmovns %[u], %[b]\n\t"
            "cmovns %[v], %[c]\n\t"
            "add %[g], %[a]\n\t"           /* a = g -+ f, b = q -+ u, c = r -+ v */
            "add %[q], %[b]\n\t"
            "add %[r], %[c]\n\t"
            "mov %[z], %[nz]\n\t"
            "not %[nz]\n\t"                /* -zeta - 1 */
            "mov %[g], %[s]\n\t"
            "shl $63, %[s]\n\t"
            "and %[z], %[s]\n\t"           /* SF: a swap, g odd and zeta < 0 */
            "cmovs %[g], %[f]\n\t"         /* f, u, v = the old g, q, r */
            "cmovs %[q], %[u]\n\t"
            "cmovs %[r], %[v]\n\t"
            "cmovs %[nz], %[z]\n\t"
            "test $1, %[g]\n\t"            /* ZF: g even */
            "cmovnz %[a], %[g]\n\t"
            "cmovnz %[b], %[q]\n\t"
            "cmovnz %[c], %[r]\n\t"
            "shr %[g]\n\t"
            "add %[u], %[u]\n\t"
            "add %[v], %[v]\n\t"
            "sub $1, %[z]"                  /* zeta - 1, or -zeta - 2 on a swap */
            : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [z] "+r"(zeta),
              [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [s] "=&r"(s), [nz] "=&r"(nz)
            :
            : "cc");
  }
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)q;
  t->r = (int64_t)r;
  return zeta;
}
#elif defined(__aarch64__) && defined(__GNUC__) && !defined(HWC_MSAN)
/* On aarch64 the same steps with conditional selects, y = zeta + 1 kept in
 * place of zeta: a step is y' = y - 1 (SUBS, whose flags give zeta < 0),
 * CNEG of f, u, v by that sign, the three sums g -+ f, q -+ u, r -+ v, TST
 * of g's low bit and CSEL of the sums when g is odd, CCMP to make "lt"
 * mean a swap (g odd and zeta < 0; "ge" when g is even), CSEL of the old
 * g, q, r into f, u, v on a swap, and y = zeta - 1 + 1 = y' normally, or
 * -y = -zeta - 2 + 1 on a swap (CSNEG). 19 instructions where the compiled
 * masks take 27 (and no MOVs: two steps per statement, the second with the
 * roles of q, r and their temporaries exchanged). The three shifts are
 * written as ADD of XZR and a shifted register, which the Cortex-A57
 * model of llvm-mca 14 issues on its multiply pipe, idle here, instead of
 * the two integer pipes that bound this loop: 8.3 cycles a step there
 * against the masks' 13.5 (the x25519 trace: modinv 9,397 -> 6,400
 * cycles, the same for every fe25519 backend, since all of them invert
 * here). The in-order Cortex-A55 model waits on each flag result instead
 * (17.5 cycles a step against about 15.9: modinv 12,770 -> 13,744, 0.3%
 * of an X25519 there); kept for the out-of-order cores. Constant time as the masks: CSEL, CNEG, CSNEG and CCMP read
 * both operands and take the same time whichever they keep; nothing
 * branches on the data. */
#define DIVSTEP_A64(Q, R, NQ, NR)                                                                      \
  "subs %[z1], %[y], #1\n\t"                                                                        \
  "cneg %[a], %[f], lt\n\t"                                                                         \
  "cneg %[" NQ "], %[u], lt\n\t"                                                                    \
  "cneg %[" NR "], %[v], lt\n\t"                                                                    \
  "add %[a], %[g], %[a]\n\t"                                                                        \
  "add %[" NQ "], %[" Q "], %[" NQ "]\n\t"                                                          \
  "add %[" NR "], %[" R "], %[" NR "]\n\t"                                                          \
  "tst %[g], #1\n\t"                                                                                \
  "csel %[a], %[a], %[g], ne\n\t"                                                                   \
  "csel %[" NQ "], %[" NQ "], %[" Q "], ne\n\t"                                                     \
  "csel %[" NR "], %[" NR "], %[" R "], ne\n\t"                                                     \
  "ccmp %[z1], #0, #0, ne\n\t"                                                                      \
  "csel %[f], %[g], %[f], lt\n\t"                                                                   \
  "csel %[u], %[" Q "], %[u], lt\n\t"                                                               \
  "csel %[v], %[" R "], %[v], lt\n\t"                                                               \
  "csneg %[y], %[z1], %[y], ge\n\t"                                                                 \
  "add %[g], xzr, %[a], lsr #1\n\t"                                                                 \
  "add %[u], xzr, %[u], lsl #1\n\t"                                                                 \
  "add %[v], xzr, %[v], lsl #1\n\t"
static int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8, a, b, c, z1, y = (uint64_t)(zeta + 1);
  /* 29 double steps (q, r -> b, c -> q, r), then one step and the moves */
  for (int i = 0; i < 29; i++)
    __asm__(DIVSTEP_A64("q", "r", "b", "c") DIVSTEP_A64("b", "c", "q", "r")
            : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [y] "+r"(y),
              [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [z1] "=&r"(z1)
            :
            : "cc");
  __asm__(DIVSTEP_A64("q", "r", "b", "c")
          : [f] "+r"(f), [g] "+r"(g), [u] "+r"(u), [v] "+r"(v), [q] "+r"(q), [r] "+r"(r), [y] "+r"(y),
            [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [z1] "=&r"(z1)
          :
          : "cc");
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)b;
  t->r = (int64_t)c;
  return (int64_t)y - 1;
}
#undef DIVSTEP_A64
#else
static int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, trans *t) {
  uint64_t u = 8, v = 0, q = 0, r = 8;
  for (int i = 3; i < 62; i++) {
    uint64_t c1 = (uint64_t)(zeta >> 63); /* all ones when zeta < 0 */
    uint64_t c2 = 0 - (g & 1);            /* all ones when g is odd */
    g += ((f ^ c1) - c1) & c2;            /* g - f or g + f when g is odd */
    q += ((u ^ c1) - c1) & c2;
    r += ((v ^ c1) - c1) & c2;
    c1 &= c2;                             /* a swap: zeta < 0 and g odd */
    zeta = (zeta ^ (int64_t)c1) - 1;      /* -zeta - 2 on a swap, else zeta - 1 */
    f += g & c1;                          /* f + (g - f): the old g */
    u += q & c1;
    v += r & c1;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)q;
  t->r = (int64_t)r;
  return zeta;
}
#endif

/* (f, g) = t (f, g) / 2^62, exactly: the batch made the low 62 bits of
 * both products zero. Limb products fit: |u| + |v| <= 2^62 and limbs below
 * 2^62 in magnitude (the top one far below), so each column is below
 * 2^124 plus a carry below 2^63 (see the top). */
static void update_fg(s62 *f, s62 *g, const trans *t) {
  i128 cf = (i128)t->u * f->v[0] + (i128)t->v * g->v[0];
  i128 cg = (i128)t->q * f->v[0] + (i128)t->r * g->v[0];
  cf >>= 62;
  cg >>= 62;
  for (int i = 1; i < 5; i++) {
    cf += (i128)t->u * f->v[i] + (i128)t->v * g->v[i];
    cg += (i128)t->q * f->v[i] + (i128)t->r * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)cf & M62);
    g->v[i - 1] = (int64_t)((uint64_t)cg & M62);
    cf >>= 62;
    cg >>= 62;
  }
  f->v[4] = (int64_t)cf;
  g->v[4] = (int64_t)cg;
}

/* (d, e) = t (d, e) / 2^62 mod m, for d and e in (-2m, m): multiples md,
 * me of m are added so that the low 62 bits vanish (pinv = 1/m mod 2^62),
 * starting from u or v (q or r) for a negative d or e, which keeps the
 * results in (-2m, m) (the range argument of the safegcd write-up). */
static void update_de(s62 *d, s62 *e, const trans *t, const s62 *m, uint64_t pinv) {
  const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
  const int64_t sd = d->v[4] >> 63, se = e->v[4] >> 63;
  int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
  i128 cd = (i128)u * d->v[0] + (i128)v * e->v[0];
  i128 ce = (i128)q * d->v[0] + (i128)r * e->v[0];
  md -= (int64_t)((pinv * (uint64_t)cd + (uint64_t)md) & M62);
  me -= (int64_t)((pinv * (uint64_t)ce + (uint64_t)me) & M62);
  cd += (i128)m->v[0] * md;
  ce += (i128)m->v[0] * me;
  cd >>= 62;
  ce >>= 62;
  for (int i = 1; i < 5; i++) {
    cd += (i128)u * d->v[i] + (i128)v * e->v[i] + (i128)m->v[i] * md;
    ce += (i128)q * d->v[i] + (i128)r * e->v[i] + (i128)m->v[i] * me;
    d->v[i - 1] = (int64_t)((uint64_t)cd & M62);
    e->v[i - 1] = (int64_t)((uint64_t)ce & M62);
    cd >>= 62;
    ce >>= 62;
  }
  d->v[4] = (int64_t)cd;
  e->v[4] = (int64_t)ce;
}

/* x = x + (m & mask), limbs renormalised to [0, 2^62) below the top. */
static void cond_add(s62 *x, const s62 *m, int64_t mask) {
  int64_t c = 0;
  for (int i = 0; i < 4; i++) {
    c += x->v[i] + (m->v[i] & mask);
    x->v[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x->v[4] += c + (m->v[4] & mask);
}

/* x = -x when mask is all ones. */
static void cond_neg(s62 *x, int64_t mask) {
  int64_t c = 0;
  for (int i = 0; i < 4; i++) {
    c += (x->v[i] ^ mask) - mask;
    x->v[i] = (int64_t)((uint64_t)c & M62);
    c >>= 62;
  }
  x->v[4] = ((x->v[4] ^ mask) - mask) + c;
}

/* out = 1/in mod m for in < m, m odd and below 2^256. */
static void modinv(uint8_t out[32], const uint8_t in[32], const s62 *m) {
  /* Every value derived from the input, the last transition matrix
   * included, wiped together at the end. */
  struct {
    uint64_t w[4];
    s62 f, g, d, e;
    trans t;
  } sec = {{0, 0, 0, 0}, *m, {{0}}, {{0, 0, 0, 0, 0}}, {{1, 0, 0, 0, 0}}, {0}};
  for (int i = 0; i < 32; i++) sec.w[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
  sec.g.v[0] = (int64_t)(sec.w[0] & M62);
  sec.g.v[1] = (int64_t)((sec.w[0] >> 62 | sec.w[1] << 2) & M62);
  sec.g.v[2] = (int64_t)((sec.w[1] >> 60 | sec.w[2] << 4) & M62);
  sec.g.v[3] = (int64_t)((sec.w[2] >> 58 | sec.w[3] << 6) & M62);
  sec.g.v[4] = (int64_t)(sec.w[3] >> 56);

  /* 1/m mod 2^62 by Newton's iteration (each step doubles the correct
   * bits; m is odd, so m is its own inverse mod 8). */
  uint64_t pinv = (uint64_t)m->v[0];
  for (int i = 0; i < 5; i++) pinv *= 2 - (uint64_t)m->v[0] * pinv;

  int64_t zeta = -1; /* delta = 1/2 */
  for (int i = 0; i < 10; i++) {
    zeta = divsteps_59(zeta, (uint64_t)sec.f.v[0], (uint64_t)sec.g.v[0], &sec.t);
    update_de(&sec.d, &sec.e, &sec.t, m, pinv);
    update_fg(&sec.f, &sec.g, &sec.t);
  }
  /* Now g = 0 and f = +-1 (or f = m when the input was 0, with d = 0 and
   * so a result of 0); d = f / x, in (-2m, m). */
  cond_add(&sec.d, m, sec.d.v[4] >> 63);
  cond_neg(&sec.d, sec.f.v[4] >> 63);
  cond_add(&sec.d, m, sec.d.v[4] >> 63);

  sec.w[0] = (uint64_t)sec.d.v[0] | (uint64_t)sec.d.v[1] << 62;
  sec.w[1] = (uint64_t)sec.d.v[1] >> 2 | (uint64_t)sec.d.v[2] << 60;
  sec.w[2] = (uint64_t)sec.d.v[2] >> 4 | (uint64_t)sec.d.v[3] << 58;
  sec.w[3] = (uint64_t)sec.d.v[3] >> 6 | (uint64_t)sec.d.v[4] << 56;
  for (int i = 0; i < 32; i++) out[i] = (uint8_t)(sec.w[i / 8] >> (8 * (i % 8)));
  hwc_memzero(&sec, sizeof sec);
}

void hwc_modinv25519(uint8_t out[32], const uint8_t in[32]) { modinv(out, in, &P); }

void hwc_modinv25519_l(uint8_t out[32], const uint8_t in[32]) { modinv(out, in, &L); }

#endif /* __SIZEOF_INT128__ */
