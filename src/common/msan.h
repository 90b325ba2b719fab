/* SPDX-License-Identifier: ISC */
/*
 * MemorySanitizer shadow hand-off for code MSan cannot see into. The
 * constant-time check (tests/CT.md) poisons secrets and lets MSan report any
 * branch, address or divisor computed from them. MSan instruments the
 * compiler's IR, and an inline asm statement is opaque to it: it reports
 * every asm operand whose value is poisoned (a secret in a register operand
 * is a false report), marks register outputs clean, and leaves the shadow of
 * memory the asm writes as it was (taint silently lost, or stale). So the
 * asm kernels say what the asm does to taint: record whether any input is
 * secret, hand the asm clean operands, and set the outputs' shadow after it.
 * All or nothing is exact for the products here: every output limb depends
 * on every input limb.
 *
 * Outside MSan builds these are empty inline functions: the object code of a
 * normal build is unchanged. A kernel-side header (src/kernels.h's rule):
 * include it from kernels and from the protocol layer alike.
 */
#ifndef HWC_MSAN_H
#define HWC_MSAN_H

#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define HWC_MSAN 1
#endif
#endif

#ifdef HWC_MSAN
#include <sanitizer/msan_interface.h>

/* Whether any of the n bytes at p is poisoned. */
static inline int hwc_msan_tainted(const void *p, size_t n) { return __msan_test_shadow(p, n) >= 0; }
/* Marks the n bytes at p clean (an operand handed to asm). */
static inline void hwc_msan_clean(const void *p, size_t n) { __msan_unpoison(p, n); }
/* The n bytes at p, written by asm, take the taint of its inputs. */
static inline void hwc_msan_set(const void *p, size_t n, int taint) {
  if (taint)
    __msan_poison(p, n);
  else
    __msan_unpoison(p, n);
}

/* _addcarry_u64 and _subborrow_u64 for MSan builds: clang 14's MSan reports
 * the operands of add-with-carry (llvm.x86.addcarry, uadd.with.overflow)
 * instead of propagating them, and its OR-of-shadows rule for additions
 * would leave a carry out clean. Same results; the carry is secret when any
 * operand is. */
static inline unsigned char hwc_msan_addcarry_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                  unsigned long long *r) {
  unsigned __int128 s = (unsigned __int128)a + b + c;
  unsigned char out = (unsigned char)(s >> 64);
  *r = (unsigned long long)s;
  hwc_msan_set(&out, 1, hwc_msan_tainted(&a, 8) | hwc_msan_tainted(&b, 8) | hwc_msan_tainted(&c, 1));
  return out;
}
static inline unsigned char hwc_msan_subborrow_u64(unsigned char c, unsigned long long a, unsigned long long b,
                                                   unsigned long long *r) {
  unsigned __int128 d = (unsigned __int128)a - b - c;
  unsigned char out = (unsigned char)(d >> 64) & 1;
  *r = (unsigned long long)d;
  hwc_msan_set(&out, 1, hwc_msan_tainted(&a, 8) | hwc_msan_tainted(&b, 8) | hwc_msan_tainted(&c, 1));
  return out;
}
#else
static inline int hwc_msan_tainted(const void *p, size_t n) { return (void)p, (void)n, 0; }
static inline void hwc_msan_clean(const void *p, size_t n) { (void)p, (void)n; }
static inline void hwc_msan_set(const void *p, size_t n, int taint) { (void)p, (void)n, (void)taint; }
#endif

#endif /* HWC_MSAN_H */
