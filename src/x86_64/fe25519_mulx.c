/* SPDX-License-Identifier: ISC */
/*
 * The mulx fe25519 backend: GF(2^255-19) in four 64-bit limbs with MULX and
 * ADCX/ADOX (the arithmetic and why it is asm: fe25519_4x64.h), and the
 * Montgomery ladder over it.
 *
 * ISA: BMI2 (MULX), ADX (ADCX/ADOX); selected only when both are present.
 * Constant time: see fe25519_4x64.h; the ladder's swaps are masks.
 */
#include "../kernels.h"
#include "../common/fe25519_ladder.h"
#include "fe25519_4x64.h"

HWC_CALL_COUNTER(fe25519_mulx);
HWC_FE25519_4X64_ENTRIES(fe25519_mulx)

/* RFC 7748 ladder step (see the generic backend for the a24 form). */
static inline void ladder_step(hwc_fe25519 st[4], const hwc_fe25519 *x1) {
  uint64_t *x2 = st[0].d, *z2 = st[1].d, *x3 = st[2].d, *z3 = st[3].d;
  uint64_t a[4], b[4], aa[4], bb[4], e[4], c[4], d[4], da[4], cb[4];
  fadd(a, x2, z2);
  fsub(b, x2, z2);
  fadd(c, x3, z3);
  fsub(d, x3, z3);
  fsqr(aa, a);
  fsqr(bb, b);
  fmul(da, d, a);
  fmul(cb, c, b);
  fsub(e, aa, bb);
  fadd(x3, da, cb);
  fsqr(x3, x3);
  fsub(z3, da, cb);
  fsqr(z3, z3);
  fmul(z3, z3, x1->d);
  fmul(x2, aa, bb);
  fmul_small(a, e, 121666);
  fadd(a, a, bb);
  fmul(z2, e, a);
}

static void fe_ladder(hwc_fe25519 st[4], const hwc_fe25519 *x1, const uint8_t e[32]) {
  HWC_COUNT_CALL(fe25519_mulx);
  hwc_fe25519_ladder_loop(st, x1, e, fe_cswap_inl, ladder_step);
}

const hwc_fe25519_kernel hwc_fe25519_mulx = {
    .info = {.name = "mulx", .required = HWC_REQUIRED, .priority = HWC_PRIO_SCALAR, HWC_CALLS(fe25519_mulx)},
    HWC_FE25519_4X64_OPS,
    .ladder = fe_ladder,
};
