/* SPDX-License-Identifier: ISC */
/*
 * Eight fixed-base multiplications a_l B on edwards25519 at once, one per
 * lane of 512-bit vectors, ending in the 32-byte encodings: the
 * avx512ifma fe25519 backend's edwards_base_lanes entry (contract in
 * src/kernels.h), for the Ed25519 signing batch. The schedule is ref10's
 * (ed25519_base.c): the signed radix-16 digits e_i in [-8, 8], the odd
 * digits' table points added, four doublings, the even digits' added;
 * each addition a mixed one (the table's points are affine, (y+x, y-x,
 * 2dxy)), 7 products; each doubling 4 squarings and 4 products. Then one
 * Fermat inversion per lane (in lanes, the same fixed chain for all) and
 * the canonical encoding with x's parity in bit 255.
 *
 * The table is the backend's own (fe25519_avx512ifma_base_table.c, radix 2^51,
 * below 2^51): the row of digit position 2j or 2j + 1 (j < 32) sits in
 * lanes 0..3 of [j mod 16] for j < 16, lanes 4..7 for j >= 16; lane c of
 * those is y+x, y-x, 2dxy, -2dxy for c = 0..3.
 *
 * Field arithmetic and bounds: fe25519_ifma_lanes8.h; the point formulas
 * and the table lookup: fe25519_ifma_edwards_lanes8.h.
 *
 * ISA: AVX-512F, AVX-512IFMA. Constant time: a digit selects its table
 * entry through per-lane masks from compares (every entry of the row is
 * read whatever the digits) and its sign through another mask; the
 * schedule is fixed. Secrets stay in registers and this frame
 * (src/kernels.h).
 */
#include "src/kernels.h"
#include "fe25519_ifma_edwards_lanes8.h"

void hwc_ed25519_base_ifma_lanes8(uint8_t (*out)[32], const int8_t (*e)[64]) {
  pt8 h;
  pre8 t;
  identity8(&h);
  for (int i = 1; i < 64; i += 2) {
    select8(&t, i / 2, e, i);
    madd8(&h, &h, &t);
  }
  for (int d = 0; d < 3; d++) dbl8_xyz(&h, &h);
  dbl8(&h, &h);
  for (int i = 0; i < 64; i += 2) {
    select8(&t, i / 2, e, i);
    madd8(&h, &h, &t);
  }
  encode8(out, &h);
}
