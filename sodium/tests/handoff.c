/* SPDX-License-Identifier: ISC */
/* The calls the drop-in hands on to libsodium (README, "Left to
 * libsodium": a secret-stream tag byte outside the four defined ones,
 * pushing or pulling in place) give libsodium's own bytes and state. Run
 * with the drop-in preloaded; libsodium's functions are reached directly
 * through a dlopen handle for the reference. Also checks that the names
 * called here are the drop-in's, so the test cannot pass by not using it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

typedef int (*push_fn)(crypto_secretstream_xchacha20poly1305_state *, unsigned char *, unsigned long long *,
                       const unsigned char *, unsigned long long, const unsigned char *, unsigned long long,
                       unsigned char);
typedef int (*pull_fn)(crypto_secretstream_xchacha20poly1305_state *, unsigned char *, unsigned long long *,
                       unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                       unsigned long long);

static int failures;

/* Counts a failed expectation. */
static void expect(const char *what, int ok)
{
  if (!ok) {
    printf("FAIL %s\n", what);
    failures++;
  }
}

/* Pushes with tag 0x42 and in place through the drop-in and through
 * libsodium, then pulls them back both ways. */
int main(void)
{
  crypto_secretstream_xchacha20poly1305_state ours, ref;
  unsigned char k[32], hdr[24], m[100], c1[117], c2[117], io1[117], io2[117], t1 = 0, t2 = 0;
  unsigned long long l1 = 0, l2 = 0;
  Dl_info info;
  void *lib = dlopen("libsodium.so.23", RTLD_NOW | RTLD_NOLOAD);
  push_fn push;
  pull_fn pull;
  if (sodium_init() < 0 || lib == NULL)
    return 2;
  push = (push_fn)dlsym(lib, "crypto_secretstream_xchacha20poly1305_push");
  pull = (pull_fn)dlsym(lib, "crypto_secretstream_xchacha20poly1305_pull");
  expect("push resolves into the drop-in",
         dladdr((void *)crypto_secretstream_xchacha20poly1305_push, &info) != 0 &&
             strstr(info.dli_fname, "libhwcrypto-sodium") != NULL);
  expect("libsodium's push is another function", (void *)push != (void *)crypto_secretstream_xchacha20poly1305_push);
  randombytes_buf(k, sizeof k);
  randombytes_buf(m, sizeof m);
  crypto_secretstream_xchacha20poly1305_init_push(&ours, hdr, k);
  ref = ours;
  /* a tag byte libsodium accepts and hwcrypto does not */
  expect("push tag 0x42", crypto_secretstream_xchacha20poly1305_push(&ours, c1, &l1, m, sizeof m, NULL, 0, 0x42) == 0 &&
                              push(&ref, c2, &l2, m, sizeof m, NULL, 0, 0x42) == 0);
  expect("tag 0x42 bytes", l1 == l2 && memcmp(c1, c2, sizeof c1) == 0 && memcmp(&ours, &ref, sizeof ours) == 0);
  /* in place: c is m's buffer */
  memcpy(io1, m, sizeof m);
  memcpy(io2, m, sizeof m);
  expect("push in place", crypto_secretstream_xchacha20poly1305_push(&ours, io1, &l1, io1, sizeof m, NULL, 0, 0) == 0 &&
                              push(&ref, io2, &l2, io2, sizeof m, NULL, 0, 0) == 0);
  expect("in-place bytes", memcmp(io1, io2, sizeof io1) == 0 && memcmp(&ours, &ref, sizeof ours) == 0);
  /* pull the 0x42 message back, then the in-place one in place */
  crypto_secretstream_xchacha20poly1305_init_pull(&ours, hdr, k);
  ref = ours;
  expect("pull tag 0x42", crypto_secretstream_xchacha20poly1305_pull(&ours, io1, &l1, &t1, c1, sizeof c1, NULL, 0) == 0 &&
                              pull(&ref, io2, &l2, &t2, c1, sizeof c1, NULL, 0) == 0);
  expect("pulled 0x42", t1 == 0x42 && t2 == 0x42 && l1 == l2 && memcmp(io1, io2, sizeof m) == 0 &&
                            memcmp(&ours, &ref, sizeof ours) == 0);
  printf("%s\n", failures == 0 ? "handoff: ok" : "handoff: FAILED");
  return failures == 0 ? 0 : 1;
}
