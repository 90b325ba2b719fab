/* Scalars mod L: libsodium-generated vectors for every ristretto255 scalar
 * function (tests/vectors/ristretto255_scalars.txt, edge and random inputs,
 * reduced and not), plus algebraic identities on random inputs. */
#include <stdlib.h>

#include "check.h"

static int next_hex(char **save, uint8_t *out, size_t n) {
  char *tok = strtok_r(NULL, " \n", save);
  return tok && strlen(tok) == 2 * n && t_unhex(out, n, tok) == n;
}

HWC_TEST(scalar25519, libsodium_vectors) {
  char *text = t_read_vector_file("ristretto255_scalars.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/ristretto255_scalars.txt missing");
  size_t count = 0, line_no = 0;
  char *line_save = NULL;
  for (char *line = strtok_r(text, "\n", &line_save); line; line = strtok_r(NULL, "\n", &line_save)) {
    line_no++;
    char *save = NULL, *op = strtok_r(line, " ", &save);
    uint8_t x[64], y[32], want[32], got[32];
    if (strcmp(op, "reduce") == 0) {
      CHECK(next_hex(&save, x, 64) && next_hex(&save, want, 32));
      hwc_ristretto255_scalar_reduce(got, x);
    } else if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul")) {
      CHECK(next_hex(&save, x, 32) && next_hex(&save, y, 32) && next_hex(&save, want, 32));
      (op[0] == 'a' ? hwc_ristretto255_scalar_add : op[0] == 's' ? hwc_ristretto255_scalar_sub
                                                                 : hwc_ristretto255_scalar_mul)(got, x, y);
    } else if (!strcmp(op, "negate") || !strcmp(op, "complement")) {
      CHECK(next_hex(&save, x, 32) && next_hex(&save, want, 32));
      (op[0] == 'n' ? hwc_ristretto255_scalar_negate : hwc_ristretto255_scalar_complement)(got, x);
    } else {
      CHECK_MSG(strcmp(op, "invert") == 0, "line %zu: unknown op %s", line_no, op);
      CHECK(next_hex(&save, x, 32) && next_hex(&save, want, 32));
      char *rc = strtok_r(NULL, " \n", &save);
      CHECK(rc != NULL);
      int ret = hwc_ristretto255_scalar_invert(got, x);
      CHECK_MSG((ret == HWC_OK) == (atoi(rc) == 0), "line %zu: invert return %d, libsodium %s", line_no, ret, rc);
    }
    CHECK_MSG(memcmp(got, want, 32) == 0, "line %zu: %s differs from libsodium", line_no, op);
    count++;
  }
  free(text);
  CHECK_MSG(count == 2040, "parsed %zu vectors", count);
}

HWC_TEST(scalar25519, identities) {
  static const uint8_t one[32] = {1};
  for (int i = 0; i < (t_quick() ? 50 : 500); i++) {
    uint8_t x[32], y[32], a[32], b[32], c[32], wide[64];
    t_rand_bytes(wide, 64);
    hwc_ristretto255_scalar_reduce(x, wide); /* reduced: add/sub do not wrap mod 2^256 */
    t_rand_bytes(wide, 64);
    hwc_ristretto255_scalar_reduce(y, wide);
    hwc_ristretto255_scalar_add(a, x, y);
    hwc_ristretto255_scalar_sub(b, a, y);
    hwc_ristretto255_scalar_add(c, x, (uint8_t[32]){0});
    CHECK(memcmp(b, c, 32) == 0); /* (x + y) - y = x mod L */
    CHECK(hwc_ristretto255_scalar_invert(a, x) == HWC_OK);
    hwc_ristretto255_scalar_mul(b, a, x);
    CHECK(memcmp(b, one, 32) == 0); /* x * x^-1 = 1 */
    hwc_ristretto255_scalar_complement(a, x);
    hwc_ristretto255_scalar_add(b, a, x);
    CHECK(memcmp(b, one, 32) == 0); /* (1 - x) + x = 1 */
    memcpy(a, x, 32);
    hwc_ristretto255_scalar_negate(a, a); /* in place */
    hwc_ristretto255_scalar_add(b, a, x);
    CHECK(memcmp(b, (uint8_t[32]){0}, 32) == 0);
    hwc_ristretto255_scalar_random(a);
    CHECK(a[31] <= 0x10); /* reduced: below 2^253 */
    CHECK(memcmp(a, (uint8_t[32]){0}, 32) != 0);
  }
}

/* The inversion (divsteps modulo L) on unreduced inputs too: any 256-bit
 * s, x = s mod L, s^-1 x = 1 unless x = 0; and values just below L and
 * sparse ones, where gcd steps run longest. */
HWC_TEST(scalar25519, invert_any_input) {
  static const uint8_t one[32] = {1};
  static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  for (int i = 0; i < (t_quick() ? 100 : 2000); i++) {
    uint8_t s[32], x[32], inv[32], prod[32], wide[64] = {0};
    t_rand_bytes(s, 32);
    if (i % 4 == 1) memcpy(s, l, 32), s[0] = (uint8_t)(s[0] - 1 - i % 200); /* L - 1 - k */
    if (i % 4 == 2) memset(s, 0, 32), s[(i / 4) % 32] = (uint8_t)(1u << (i % 8));
    memcpy(wide, s, 32);
    hwc_ristretto255_scalar_reduce(x, wide);
    CHECK(hwc_ristretto255_scalar_invert(inv, s) == HWC_OK);
    hwc_ristretto255_scalar_mul(prod, inv, x);
    CHECK_MSG(memcmp(prod, one, 32) == 0, "case %d: s^-1 (s mod L) != 1", i);
  }
  uint8_t inv[32];
  CHECK(hwc_ristretto255_scalar_invert(inv, l) == HWC_OK); /* L = 0 mod L: no inverse, libsodium's 0 */
  CHECK(memcmp(inv, (uint8_t[32]){0}, 32) == 0);
}
