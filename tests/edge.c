/* Generators of structured inputs at kernel bounds: see edge.h. */
#include "edge.h"

#include <string.h>

/* ---- Poly1305 */

/* r as a little-endian 128-bit value, already clamped (RFC 8439 2.5.1):
 * the clamp clears the top 4 bits of bytes 3, 7, 11, 15 and the low 2 bits
 * of bytes 4, 8, 12, so 0x0ffffffc0ffffffc0ffffffc0fffffff is the largest r. */
static const struct {
  uint64_t lo, hi;
} poly_r[] = {
    {1, 0},
    {2, 0},
    {3, 0},
    {16, 0},
    {0x0ffffffc0fffffffull, 0x0ffffffc0ffffffcull},
    {0, 0x0ffffffc00000000ull},
    {0x000000000fffffffull, 0},
};
#define POLY_R_COUNT (sizeof poly_r / sizeof poly_r[0])

size_t t_edge_poly1305_key_count(void) { return 2 * POLY_R_COUNT; }

void t_edge_poly1305_key(uint8_t key[32], size_t i) {
  uint64_t lo = poly_r[i / 2].lo, hi = poly_r[i / 2].hi;
  for (int b = 0; b < 8; b++) {
    key[b] = (uint8_t)(lo >> 8 * b);
    key[8 + b] = (uint8_t)(hi >> 8 * b);
  }
  memset(key + 16, (i & 1) ? 0xff : 0x00, 16);
}

/* One repeating unit per pattern; len 0 means "repeat the fill byte". */
static const struct {
  const char *name;
  uint8_t fill;
  uint8_t unit[48];
  size_t unit_len;
} poly_msg[] = {
    {"all-ff", 0xff, {0}, 0},
    {"all-zero", 0x00, {0}, 0},
    {"rfc8439-a3-7",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
     48},
    {"rfc8439-a3-8",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0xfb, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe,
      0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01},
     48},
    {"ff-then-zero",
     0,
     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
     32},
};
#define POLY_MSG_COUNT (sizeof poly_msg / sizeof poly_msg[0])

size_t t_edge_poly1305_msg_count(void) { return POLY_MSG_COUNT; }

const char *t_edge_poly1305_msg_name(size_t i) { return poly_msg[i].name; }

void t_edge_poly1305_msg(uint8_t *m, size_t len, size_t i) {
  if (poly_msg[i].unit_len == 0) {
    memset(m, poly_msg[i].fill, len);
    return;
  }
  for (size_t at = 0; at < len; at++) m[at] = poly_msg[i].unit[at % poly_msg[i].unit_len];
}
