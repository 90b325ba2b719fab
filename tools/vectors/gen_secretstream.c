/* SPDX-License-Identifier: ISC */
/* Generator of tests/vectors/secretstream_libsodium.txt from libsodium
 * 1.0.18's crypto_secretstream_xchacha20poly1305, an independent
 * implementation (tooling only: never built by the library, its tests or its
 * bench). libsodium is loaded with dlopen, so no headers are needed:
 *   cc -O2 gen_secretstream.c -o gen -ldl && ./gen > secretstream_libsodium.txt
 * Inputs are deterministic (randombytes_buf_deterministic with a fixed seed)
 * and each stream is started with init_pull on a chosen header (init_push is
 * init_pull on a random one: libsodium's source), so the file is
 * reproducible. Every pushed message is pulled back by a second libsodium
 * state, which must return its message and tag (else exit 1). Lines:
 *   stream <key> <header>               a new stream (init_pull, both sides)
 *   push <tag> <ad> <m> <c>             crypto_secretstream_xchacha20poly1305_push
 *   rekey                               crypto_secretstream_xchacha20poly1305_rekey, both sides
 *   counter <4 bytes>                   both states' nonce[0..3] set to these bytes
 * hex, with "-" for empty; tag in decimal (above 3: a tag byte only
 * libsodium's push takes, for the reader's side). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char uc;
typedef unsigned long long ull;
typedef struct {
  uc k[32], nonce[12], pad[8];
} state; /* crypto_secretstream_xchacha20poly1305_state, as its header defines it */

static int (*s_init)(void);
static int (*init_pull)(state *, const uc *, const uc *);
static int (*push)(state *, uc *, ull *, const uc *, ull, const uc *, ull, uc);
static int (*pull)(state *, uc *, ull *, uc *, const uc *, ull, const uc *, ull);
static void (*rekey)(state *);
static void (*rnd_det)(void *, size_t, const uc *);

static uc seed[32] = {0x73, 0x73};
static void rnd(uc *p, size_t n) {
  rnd_det(p, n, seed);
  for (int i = 0; i < 32 && ++seed[i] == 0; i++) {
  }
}

static void hex(const uc *p, size_t n) {
  putchar(' ');
  if (n == 0) putchar('-');
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

static void *sym(void *lib, const char *name) {
  void *f = dlsym(lib, name);
  if (!f) {
    fprintf(stderr, "gen: libsodium has no %s\n", name);
    exit(1);
  }
  return f;
}

static state tx, rx;

static void start(void) {
  uc key[32], header[24];
  rnd(key, sizeof key);
  rnd(header, sizeof header);
  if (init_pull(&tx, header, key) != 0 || init_pull(&rx, header, key) != 0) exit(1);
  printf("stream");
  hex(key, 32);
  hex(header, 24);
  putchar('\n');
}

static void msg(size_t len, size_t ad_len, uc tag) {
  uc *m = malloc(len + 1), *c = malloc(len + 17), *back = malloc(len + 1), ad[80], t = 0;
  ull clen = 0, mlen = 0;
  rnd(m, len);
  rnd(ad, ad_len);
  if (push(&tx, c, &clen, m, len, ad, ad_len, tag) != 0 || clen != len + 17) exit(1);
  if (pull(&rx, back, &mlen, &t, c, clen, ad, ad_len) != 0 || mlen != len || t != tag || memcmp(back, m, len))
    exit(1);
  if (memcmp(&tx, &rx, sizeof tx) != 0) exit(1);
  printf("push %u", tag);
  hex(ad, ad_len);
  hex(m, len);
  hex(c, clen);
  putchar('\n');
  free(m);
  free(c);
  free(back);
}

int main(void) {
  void *lib = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "gen: %s\n", dlerror());
    return 1;
  }
  s_init = sym(lib, "sodium_init");
  init_pull = sym(lib, "crypto_secretstream_xchacha20poly1305_init_pull");
  push = sym(lib, "crypto_secretstream_xchacha20poly1305_push");
  pull = sym(lib, "crypto_secretstream_xchacha20poly1305_pull");
  rekey = sym(lib, "crypto_secretstream_xchacha20poly1305_rekey");
  rnd_det = sym(lib, "randombytes_buf_deterministic");
  const char *(*version)(void) = sym(lib, "sodium_version_string");
  size_t (*statebytes)(void) = sym(lib, "crypto_secretstream_xchacha20poly1305_statebytes");
  if (s_init() < 0 || statebytes() != sizeof(state)) return 1;
  printf("# crypto_secretstream_xchacha20poly1305 streams from libsodium %s (tools/vectors/gen_secretstream.c)\n",
         version());

  /* Stream 1: lengths around the 16- and 64-byte blocks, the 192-byte short
   * path and the fused kernels' steps, ad of 0..64 bytes, every tag, a
   * rekey by tag and an explicit one, tag bytes with unknown bits (libsodium
   * pulls any byte and acts on its REKEY bit only), FINAL last. */
  static const size_t lens[] = {0,   1,   15,  16,  17,  63,  64,  65,   127,  128,  129,
                                191, 192, 193, 255, 256, 257, 511, 1023, 1024, 1025, 4096 + 13};
  static const size_t ad_lens[] = {0, 1, 15, 16, 17, 63, 64};
  start();
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    uc tag = (uc)(i % 4 == 3 ? 1 : 0);
    if (i == 9) tag = 2;
    msg(lens[i], ad_lens[i % 7], tag);
    if (i == 14) {
      rekey(&tx);
      rekey(&rx);
      printf("rekey\n");
    }
  }
  msg(33, 5, 0x84); /* bit 2: no rekey */
  msg(40, 0, 0xfe); /* REKEY bit among others */
  msg(0, 0, 1);
  msg(10, 3, 3);

  /* Stream 2: the 32-bit counter wrapping to 0 rekeys (set in both states,
   * as 2^32 messages cannot be pushed). */
  start();
  msg(20, 0, 0);
  static const uc near_wrap[4] = {0xfe, 0xff, 0xff, 0xff};
  memcpy(tx.nonce, near_wrap, 4);
  memcpy(rx.nonce, near_wrap, 4);
  printf("counter");
  hex(near_wrap, 4);
  putchar('\n');
  for (int i = 0; i < 4; i++) msg((size_t)(7 + 100 * i), (size_t)i, 0);
  msg(1, 1, 3);
  return 0;
}
