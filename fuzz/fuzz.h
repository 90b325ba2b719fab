/* SPDX-License-Identifier: ISC */
/*
 * Differential fuzzing: every harness runs the same input through the
 * implementations this CPU supports (selected in turn through the public
 * hwc_impl_select) and aborts on any disagreement: all of them, or, in the
 * slow arithmetic harnesses under libFuzzer, generic and one chosen by the
 * input (fuzz_generic_and_one). Built two ways: with clang
 * -fsanitize=fuzzer (make fuzz, HWC_FUZZ_LIBFUZZER defined) and, for the
 * test suite, with replay_main.c, which feeds pseudo-random inputs, the
 * make_seeds corpus and fuzz/regressions/ (ctest label native).
 */
#ifndef HWC_FUZZ_H
#define HWC_FUZZ_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwcrypto.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Calls run(impl index) for every supported implementation of p, with it
 * selected; restores the default selection afterwards. */
static inline size_t fuzz_each_impl(hwc_prim p, void (*run)(size_t i, void *ctx), void *ctx) {
  const char *def = hwc_impl_selected(p);
  size_t ran = 0;
  for (size_t i = 0; i < hwc_impl_count(p); i++) {
    if (!hwc_impl_supported(p, i)) continue;
    if (hwc_impl_select(p, hwc_impl_name(p, i)) != HWC_OK) abort();
    run(i, ctx);
    ran++;
  }
  if (def) hwc_impl_select(p, def);
  return ran;
}

/* Calls run(impl index) for the generic implementation (index 0, the
 * reference) and then for other supported ones. Under libFuzzer only one of
 * them, chosen by pick (an input byte): the arithmetic harnesses are too slow
 * to compare four backends per input, and because libFuzzer mutates pick like
 * any other byte, every backend is still reached many times in a run. In
 * replay mode (the test suite) every supported implementation runs, so each
 * run of the suite covers every backend. */
static inline size_t fuzz_generic_and_one(hwc_prim p, unsigned pick, void (*run)(size_t i, void *ctx), void *ctx) {
  const char *def = hwc_impl_selected(p);
  size_t others[16], n_others = 0;
  if (!hwc_impl_supported(p, 0) || hwc_impl_select(p, hwc_impl_name(p, 0)) != HWC_OK) abort();
  run(0, ctx);
  for (size_t i = 1; i < hwc_impl_count(p) && n_others < 16; i++)
    if (hwc_impl_supported(p, i)) others[n_others++] = i;
  size_t ran = 1;
  for (size_t k = 0; k < n_others; k++) {
#ifdef HWC_FUZZ_LIBFUZZER
    if (k != pick % n_others) continue;
#else
    (void)pick;
#endif
    if (hwc_impl_select(p, hwc_impl_name(p, others[k])) != HWC_OK) abort();
    run(others[k], ctx);
    ran++;
  }
  if (def) hwc_impl_select(p, def);
  return ran;
}

/* Value classes as coverage. The arithmetic kernels are constant time, so
 * every input takes the same path and edge coverage cannot tell a point at
 * p - 1 or an all-ones modulus from a random one: libFuzzer would drop the
 * structured seeds as redundant and never mutate near them. Harnesses
 * report the class of each operand they feed in (fuzz_note_value for
 * curve25519 values, fuzz_note_bytes for bignums); under libFuzzer this array
 * is an extra-counters section, which libFuzzer clears before each input
 * and reads as coverage, so an input reaching a class not seen before for
 * that operand is kept. In replay mode it is a plain, unread array. */
enum { FUZZ_VALUE_OPERANDS = 16, FUZZ_VALUE_CLASSES = 32 };
#ifdef HWC_FUZZ_LIBFUZZER
__attribute__((section("__libfuzzer_extra_counters")))
#endif
__attribute__((unused)) static uint8_t fuzz_value_classes[FUZZ_VALUE_OPERANDS][FUZZ_VALUE_CLASSES];

/* Bits [lo, lo + n) of the little-endian v, n <= 64. */
static inline uint64_t fuzz_bits(const uint8_t v[32], unsigned lo, unsigned n) {
  uint64_t r = 0;
  for (unsigned i = 0; i < n && lo + i < 256; i++) r |= (uint64_t)(v[(lo + i) / 8] >> ((lo + i) % 8) & 1) << i;
  return r;
}

/* Records, for operand number `operand` of the harness, where the 256-bit
 * little-endian value v sits relative to the bounds the kernels rely on:
 * p = 2^255 - 19 (top bit, non-canonical, just below p, small), the group
 * order L (at least L, within 2^32 of L), each radix-2^51, 2^52 and 2^64
 * limb at its maximum, and its bit count in eighths. */
static inline void fuzz_note_value(unsigned operand, const uint8_t v[32]) {
  static const uint8_t order[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};
  uint8_t *cls = fuzz_value_classes[operand % FUZZ_VALUE_OPERANDS];
  int upper_ones = 1, upper_zero = 1, near_order = 1, ge_order = 1, decided = 0;
  for (int i = 31; i >= 4; i--) {
    uint8_t b = i == 31 ? (uint8_t)(v[i] & 0x7f) : v[i];
    upper_ones &= b == (i == 31 ? 0x7f : 0xff);
    upper_zero &= b == 0;
    near_order &= v[i] == order[i];
  }
  for (int i = 31; i >= 0 && !decided; i--)
    if (v[i] != order[i]) {
      ge_order = v[i] > order[i];
      decided = 1;
    }
  unsigned low = (unsigned)fuzz_bits(v, 0, 32);
  if (v[31] & 0x80) cls[0]++;
  if (upper_ones && low >= 0xffffffedu) cls[1]++; /* >= p */
  if (upper_ones && low < 0xffffffedu) cls[2]++;  /* in [p - 2^32, p) */
  if (upper_zero) cls[3]++;
  if (ge_order) cls[4]++;
  if (near_order) cls[5]++;
  static const unsigned radix[3] = {51, 52, 64};
  unsigned slot = 6;
  for (unsigned r = 0; r < 3; r++)
    for (unsigned lo = 0; lo < 255; lo += radix[r], slot++) {
      unsigned n = lo + radix[r] > 255 ? 255 - lo : radix[r];
      if (fuzz_bits(v, lo, n) == (n == 64 ? ~0ull : (1ull << n) - 1)) cls[slot]++;
    }
  unsigned weight = 0;
  for (int i = 0; i < 32; i++) weight += (unsigned)__builtin_popcount(v[i]);
  cls[slot + weight / 32]++; /* slot 20 + 0..8 */
}

/* Marks class cls (< FUZZ_VALUE_CLASSES) of operand `operand` as reached. */
static inline void fuzz_note_class(unsigned operand, unsigned cls) {
  fuzz_value_classes[operand % FUZZ_VALUE_OPERANDS][cls % FUZZ_VALUE_CLASSES]++;
}

/* floor(log2(n + 1)), at most 7: a count in 8 buckets. */
static inline unsigned fuzz_bucket(size_t n) {
  unsigned b = 0;
  while (b < 7 && (n + 1) >> (b + 1)) b++;
  return b;
}

/* The same for an n-byte big-endian number (bignum operands): all zero,
 * all ones, top byte 0xff or exactly 0x80, low 64-bit word all ones or 1
 * (the ends of -m^-1 mod 2^64), and how many of its 64-bit words are all
 * ones and how many zero, counted from the low end. */
static inline void fuzz_note_bytes(unsigned operand, const uint8_t *p, size_t n) {
  size_t ones = 0, zeros = 0, ones_words = 0, zero_words = 0;
  for (size_t i = 0; i < n; i++) {
    ones += p[i] == 0xff;
    zeros += p[i] == 0;
  }
  for (size_t end = n; end >= 8; end -= 8) {
    size_t o = 0, z = 0;
    for (size_t i = end - 8; i < end; i++) {
      o += p[i] == 0xff;
      z += p[i] == 0;
    }
    ones_words += o == 8;
    zero_words += z == 8;
  }
  if (n == 0) return;
  if (zeros == n) fuzz_note_class(operand, 0);
  if (ones == n) fuzz_note_class(operand, 1);
  if (p[0] == 0xff) fuzz_note_class(operand, 2);
  if (p[0] == 0x80) fuzz_note_class(operand, 3);
  if (n >= 8 && memcmp(p + n - 8, "\xff\xff\xff\xff\xff\xff\xff\xff", 8) == 0) fuzz_note_class(operand, 4);
  if (n >= 8 && memcmp(p + n - 8, "\0\0\0\0\0\0\0\1", 8) == 0) fuzz_note_class(operand, 5);
  fuzz_note_class(operand, 8 + fuzz_bucket(ones_words));
  fuzz_note_class(operand, 16 + fuzz_bucket(zero_words));
}

/* ---------------------------------------------------------- input reader
 * The harnesses that parse an input into operations (fuzz_differential.c,
 * fuzz_sodium.c) read it through these: a short input reads as zeros, so
 * every input is a valid program. */

/* The unread part of the input. */
typedef struct {
  const uint8_t *p;
  size_t n;
} reader;

/* The next byte, 0 once the input is used up. */
static inline uint8_t rd_byte(reader *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}

/* n bytes into out, zeros for what the input lacks. */
static inline void rd_bytes(reader *r, uint8_t *out, size_t n) {
  size_t take = n < r->n ? n : r->n;
  if (take) memcpy(out, r->p, take);
  if (n > take) memset(out + take, 0, n - take);
  r->p += take;
  r->n -= take;
}

/* A length of at most max: with the top bit of the first byte set, an
 * entry of the harness's table edge[0..count) of lengths where its kernels
 * change path (capped at max); otherwise a 15-bit value mod max + 1. */
static inline size_t rd_len_table(reader *r, size_t max, const uint16_t *edge, size_t count) {
  uint8_t b = rd_byte(r);
  size_t n;
  if (b & 0x80)
    n = edge[(b & 0x7f) % count];
  else
    n = ((size_t)b << 8 | rd_byte(r)) % (max + 1);
  return n < max ? n : max;
}

/* len bytes of data into out: the input's next bytes, then those bytes
 * again as often as needed (zeros if there were none). */
static inline void rd_data(reader *r, uint8_t *out, size_t len) {
  size_t have = len < r->n ? len : r->n;
  if (have) memcpy(out, r->p, have);
  r->p += have;
  r->n -= have;
  for (size_t i = have; i < len; i++) out[i] = have ? out[i - have] : 0;
}

#define FUZZ_REQUIRE(cond, what)                                          \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "fuzz: %s\n", what);                                \
      abort();                                                            \
    }                                                                     \
  } while (0)

#endif
