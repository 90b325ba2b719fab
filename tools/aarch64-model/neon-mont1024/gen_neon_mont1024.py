#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""MODEL INPUT ONLY (never built into the library): writes the AArch64
assembly of a hand-scheduled NEON Montgomery product modulo a 1024-bit m,
32 digits of 32 bits, after Bos, Montgomery, Shumow and Zaverucha (SAC
2013): every 2D accumulator holds lane 0 = D += a b_i and lane 1 =
E += m q_i, q_i = mu (d_0 + a_0 b_i - e_0) mod 2^32 with mu = m^-1 mod 2^32,
so both lanes' low digits agree and D - E divides by 2^32 exactly; the
result is D - E, plus m when negative (a, b < m gives 0 <= r < m).
Digits carry-save (t_j <= 2^33 - 2, so t_j + (2^32 - 1)^2 fits 64 bits): per
digit and pass one UMLAL or UMLAL2 (two 32 x 32 -> 64 products), then
t_{j-1} = lo(s_j) + hi(s_{j-1}) (AND, USRA); carries resolved once at the end.
All 32 passes straight-line, software-pipelined across digits and passes
(loads two digits ahead, AND two behind, USRA four behind), t and the
interleaved {a_j, m_j} pairs on the stack, q_{i+1} computed in pass i as soon
as the new t_0 exists.
C prototype: void neon_mont_mul1024(uint32_t r[32], const uint32_t a[32],
const uint32_t b[32], const uint32_t m[32], uint32_t mu)."""
import sys
ND = 32
o = []
e = o.append
e("  .text\n  .globl neon_mont_mul1024\n  .type neon_mont_mul1024, %function\nneon_mont_mul1024:")
e("  sub sp, sp, #960")
e("  stp d8, d9, [sp, #0]\n  stp d10, d11, [sp, #16]\n  stp d12, d13, [sp, #32]\n  stp d14, d15, [sp, #48]")
e("  add x8, sp, #64\n  add x9, sp, #576")
for k in range(8):  # am pairs {a_j, m_j, a_j+1, m_j+1}
    e("  ldr q0, [x1, #%d]\n  ldr q1, [x3, #%d]\n  zip1 v2.4s, v0.4s, v1.4s\n  zip2 v3.4s, v0.4s, v1.4s\n"
      "  stp q2, q3, [x9, #%d]" % (16 * k, 16 * k, 32 * k))
e("  movi v28.2d, #0\n  movi v31.2d, #0x00000000ffffffff")
for j in range(0, ND, 2):
    e("  stp q28, q28, [x8, #%d]" % (16 * j))
e("  ldr w10, [x1]\n  mov w11, w4")
e("  ldr w5, [x2], #4\n  mul w6, w10, w5\n  mul w6, w6, w11\n  orr x6, x5, x6, lsl #32\n  dup v30.2d, x6")
S = lambda g: "v%d" % (g % 10)
N = lambda g: "v%d" % (10 + g % 8)
A = lambda g: "v%d" % (18 + (g // 2) % 4)
M = lambda g: "v30" if (g // ND) % 2 == 0 else "v29"
TOT = ND * ND

def loads(g):
    if g >= TOT:
        return
    j = g % ND
    e("  ldr q%d, [x8, #%d]" % (g % 10, 16 * j))
    if j % 2 == 0:
        e("  ldr q%d, [x9, #%d]" % (18 + (g // 2) % 4, 8 * j))

loads(0)
loads(1)
for g in range(TOT + 5):
    loads(g + 2)
    if g < TOT:
        j = g % ND
        if j % 2 == 0:
            e("  umlal %s.2d, %s.2s, %s.2s" % (S(g), A(g), M(g)))
        else:
            e("  umlal2 %s.2d, %s.4s, %s.4s" % (S(g), A(g), M(g)))
    h = g - 2
    if 0 <= h < TOT and h % ND >= 1:
        e("  and %s.16b, %s.16b, v31.16b" % (N(h), S(h)))
    h = g - 4
    if 0 <= h < TOT and h % ND >= 1:
        j = h % ND
        e("  usra %s.2d, %s.2d, #32" % (N(h), S(h - 1)))
        if j == ND - 1:
            e("  ushr v22.2d, %s.2d, #32" % S(h))
    h = g - 5  # the store one slot after the USRA (an in-order core would wait for it)
    if 0 <= h < TOT and h % ND >= 1:
        j = h % ND
        e("  str q%d, [x8, #%d]" % (10 + h % 8, 16 * (j - 1)))
        if j == ND - 1:
            e("  str q22, [x8, #%d]" % (16 * (ND - 1)))
    i = g // ND
    k = g % ND - 7
    if 0 <= k < 8 and i + 1 < ND:  # q for pass i+1 from the new t_0 (digit 1's N), one step a slot
        h = ND * i + 1
        nxt = "v29" if (i + 1) % 2 == 1 else "v30"
        e(["  fmov x12, d%d" % (10 + h % 8), "  mov x13, %s.d[1]" % N(h), "  ldr w5, [x2], #4",
           "  madd w6, w10, w5, w12", "  sub w6, w6, w13", "  mul w6, w6, w11", "  orr x6, x5, x6, lsl #32",
           "  dup %s.2d, x6" % nxt][k])
# D - E with the carries resolved (signed), then + m when negative
e("  mov x12, #0")
for j in range(ND):
    e("  ldp x13, x14, [x8, #%d]\n  sub x13, x13, x14\n  add x12, x12, x13\n  str w12, [sp, #%d]\n  asr x12, x12, #32"
      % (16 * j, 832 + 4 * j))
e("  asr x12, x12, #63\n  mov x15, #0")
for j in range(ND):
    e("  ldr w13, [sp, #%d]\n  ldr w14, [x3, #%d]\n  and w14, w14, w12\n  add x13, x13, x14\n  add x15, x15, x13\n"
      "  str w15, [x0, #%d]\n  lsr x15, x15, #32" % (832 + 4 * j, 4 * j, 4 * j))
e("  ldp d8, d9, [sp, #0]\n  ldp d10, d11, [sp, #16]\n  ldp d12, d13, [sp, #32]\n  ldp d14, d15, [sp, #48]")
e("  add sp, sp, #960\n  ret\n  .size neon_mont_mul1024, .-neon_mont_mul1024")
sys.stdout.write("\n".join(o) + "\n")
