// MODEL INPUT ONLY: mont_mul's four-limb block (build-aarch64, GCC 12 -O3) with all 16
// multiplies issued before the carry chains (the reduction row in x2,x3,x6,x7, x22-x24, x27).
// llvm-mca-14 -mtriple=aarch64 -mcpu=cortex-a55 -iterations=100 resched-block.s
.L6f0:
  ldp x0, x9, [x1], #16
  ldp x10, x11, [x1], #16
  ldp x2, x3, [x4], #16
  ldp x6, x7, [x4], #16
  ldp x16, x17, [x5]
  ldp x18, x19, [x5, #16]
  mul x12, x0, x20
  mul x13, x9, x20
  mul x14, x10, x20
  mul x15, x11, x20
  umulh x0, x0, x20
  umulh x9, x9, x20
  umulh x10, x10, x20
  umulh x11, x11, x20
  mul x22, x2, x21
  mul x23, x3, x21
  mul x24, x6, x21
  mul x27, x7, x21
  adds x16, x16, x12
  adcs x17, x17, x13
  umulh x2, x2, x21
  adcs x18, x18, x14
  adcs x19, x19, x15
  umulh x3, x3, x21
  adc x12, xzr, xzr
  adds x16, x16, x30
  umulh x6, x6, x21
  adcs x17, x17, x0
  adcs x18, x18, x9
  umulh x7, x7, x21
  adcs x19, x19, x10
  adc x30, x11, x12
  adds x16, x16, x22
  adcs x17, x17, x23
  adcs x18, x18, x24
  adcs x19, x19, x27
  adc x12, xzr, xzr
  adds x16, x16, x25
  adcs x17, x17, x2
  adcs x18, x18, x3
  adcs x19, x19, x6
  adc x25, x7, x12
  stp x16, x17, [x5, #-8]
  stp x18, x19, [x5, #8]
  add x5, x5, #0x20
  sub x26, x26, #0x1
  cbnz x26, .L6f0
