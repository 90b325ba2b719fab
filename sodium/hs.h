/* SPDX-License-Identifier: ISC */
/* Shared helpers of the libsodium drop-in (libhwcrypto-sodium.so): the
 * places where libsodium's behaviour is reproduced on top of hwcrypto's
 * public API. Internal: nothing here is exported (hwcrypto-sodium.map). */
#ifndef HWC_SODIUM_HS_H
#define HWC_SODIUM_HS_H

#include <stddef.h>
#include <stdint.h>

/* libsodium's sodium_misuse(): its handler, then abort. Used where
 * libsodium 1.0.18 calls it (a message over a MESSAGEBYTES_MAX). */
_Noreturn void hs_misuse(void);

/* randombytes_buf() of the libsodium in the process, so that a program's
 * randombytes_set_implementation() still decides every random byte, as it
 * does with libsodium alone; hwcrypto's OS generator when there is none. */
void hs_random(void *buf, size_t len);

/* Releases n bytes at p computed from secrets, a verdict the drop-in
 * branches on by design (a random draw rejected): tells the constant-time
 * checkers (tests/CT.md) that the value is public from here on, with
 * memcheck's client request or MemorySanitizer's unpoison in the builds
 * that define them; nothing otherwise. */
void hs_release(const void *p, size_t n);

/* The next definition of a libsodium function after ours (the real
 * libsodium), for the calls the drop-in hands on; NULL when there is none. */
void *hs_next(const char *name);

/* libsodium accepts output and input that overlap in any way; hwcrypto
 * accepts only the same buffer. When they overlap, the input is moved onto
 * the output first and the output is returned, so the caller runs in
 * place; otherwise in is returned unchanged. */
const unsigned char *hs_inplace(unsigned char *out, const unsigned char *in, size_t len);

#endif
