/* SPDX-License-Identifier: ISC */
/* Proof that the drop-in's functions are the ones a libsodium program
 * calls: every name the drop-in exports (read from its version script,
 * hwcrypto-sodium.map) must resolve, from this program linked with
 * -lsodium, into libhwcrypto-sodium.so; and a function it leaves to
 * libsodium (crypto_generichash) into libsodium. Run with the drop-in in
 * LD_PRELOAD, or linked before -lsodium.
 *   resolve MAPFILE */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

/* 1 when the symbol name resolves into a shared object whose path contains
 * want; prints where it went otherwise. */
static int resolves_into(const char *name, const char *want)
{
  Dl_info info;
  void *f = dlsym(RTLD_DEFAULT, name);
  if (f == NULL || dladdr(f, &info) == 0 || info.dli_fname == NULL) {
    printf("FAIL %s: not found\n", name);
    return 0;
  }
  if (strstr(info.dli_fname, want) == NULL) {
    printf("FAIL %s: resolves into %s, not %s\n", name, info.dli_fname, want);
    return 0;
  }
  return 1;
}

/* Reads the "    name;" lines of the version script's global list. */
int main(int argc, char **argv)
{
  char line[256], name[200];
  int n = 0, bad = 0;
  FILE *f;
  if (argc != 2 || (f = fopen(argv[1], "r")) == NULL) {
    fprintf(stderr, "usage: resolve MAPFILE\n");
    return 2;
  }
  if (sodium_init() < 0)
    return 1;
  while (fgets(line, sizeof line, f) != NULL) {
    if (sscanf(line, " %199[a-z0-9_];", name) == 1 && strncmp(name, "crypto_", 7) == 0) {
      n++;
      bad += !resolves_into(name, "libhwcrypto-sodium");
    }
  }
  fclose(f);
  bad += !resolves_into("crypto_generichash", "libsodium");
  printf("%d drop-in functions resolved into libhwcrypto-sodium.so, %d failures\n", n, bad);
  return bad == 0 && n > 50 ? 0 : 1;
}
