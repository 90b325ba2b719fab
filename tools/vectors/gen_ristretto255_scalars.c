/* SPDX-License-Identifier: ISC */
/* Generator of tests/vectors/ristretto255_scalars.txt from libsodium, an
 * independent implementation (tooling only: never built by the library,
 * its tests or its bench).
 *   cc -O2 gen_ristretto255_scalars.c -lsodium -o gen && ./gen > ristretto255_scalars.txt
 * Line format: "<op> <hex in1> [<hex in2>] <hex out> [<return value>]". */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

static void hex(const unsigned char *p, size_t n) {
  putchar(' ');
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

/* Inputs: edge values (0, 1, L-1, L, L+1, 2^256-1, 2^255) then random bytes,
 * deterministic from a fixed seed so the file is reproducible. */
static void input(unsigned char s[32], int i, unsigned char seed[32]) {
  static const unsigned char L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
  memset(s, 0, 32);
  switch (i) {
    case 0: return;
    case 1: s[0] = 1; return;
    case 2: memcpy(s, L, 32); s[0]--; return;
    case 3: memcpy(s, L, 32); return;
    case 4: memcpy(s, L, 32); s[0]++; return;
    case 5: memset(s, 0xff, 32); return;
    case 6: s[31] = 0x80; return;
    default: randombytes_buf_deterministic(s, 32, seed); seed[0]++; seed[1] += seed[0] == 0;
  }
}

int main(void) {
  if (sodium_init() < 0) return 1;
  unsigned char seed[32] = {42}, x[32], y[32], z[32], wide[64];
  for (int i = 0; i < 40; i++) {
    input(x, i, seed);
    crypto_core_ristretto255_scalar_negate(z, x); printf("negate"); hex(x, 32); hex(z, 32); puts("");
    crypto_core_ristretto255_scalar_complement(z, x); printf("complement"); hex(x, 32); hex(z, 32); puts("");
    int rc = crypto_core_ristretto255_scalar_invert(z, x); printf("invert"); hex(x, 32); hex(z, 32); printf(" %d\n", rc);
    for (int j = 0; j < 12; j++) {
      input(y, j < 7 ? j : 7 + i * 12 + j, seed);
      crypto_core_ristretto255_scalar_add(z, x, y); printf("add"); hex(x, 32); hex(y, 32); hex(z, 32); puts("");
      crypto_core_ristretto255_scalar_sub(z, x, y); printf("sub"); hex(x, 32); hex(y, 32); hex(z, 32); puts("");
      crypto_core_ristretto255_scalar_mul(z, x, y); printf("mul"); hex(x, 32); hex(y, 32); hex(z, 32); puts("");
      memcpy(wide, x, 32); memcpy(wide + 32, y, 32);
      crypto_core_ristretto255_scalar_reduce(z, wide); printf("reduce"); hex(wide, 64); hex(z, 32); puts("");
    }
  }
  return 0;
}
