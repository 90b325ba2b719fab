/* SPDX-License-Identifier: ISC */
/* The drop-in against libsodium, function by function, in one process:
 * both libraries loaded side by side (dlopen, RTLD_LOCAL), each function
 * timed on the same input, the two alternated ROUNDS times, the median
 * per call of each and their ratio (libsodium / drop-in: above 1 means the
 * drop-in is faster). Refuses to measure when the 1-minute load average is
 * 0.5 or more unless --force: on a shared machine the figure would measure
 * the neighbours. --quick: one short round, for the smoke test.
 *   hwcrypto-sodium-speed DROPIN [--quick] [--force] */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 7
#define BULK 16384

static unsigned char key[32], nonce[24], msg[BULK], out[BULK + 64], pk[32], sk[64], sig[64], point[32];

/* Seconds on the monotonic clock. */
static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The function name in library lib; exits when missing. */
static void *sym(void *lib, const char *name)
{
  void *f = dlsym(lib, name);
  if (f == NULL) {
    fprintf(stderr, "dropin_speed: %s missing\n", name);
    exit(2);
  }
  return f;
}

typedef int (*aead_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *, unsigned long long, const unsigned char *, const unsigned char *,
                       const unsigned char *);
typedef int (*mac_fn)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
typedef int (*hash_fn)(unsigned char *, const unsigned char *, unsigned long long);
typedef int (*two_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*one_fn)(unsigned char *, const unsigned char *);
typedef int (*sign_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *);
typedef int (*verify_fn)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);

/* One call of row `row` through f; the rows' argument shapes. */
static void call(int row, void *f)
{
  switch (row) {
  case 0: case 1: case 2:
    ((aead_fn)f)(out, NULL, msg, BULK, NULL, 0, NULL, nonce, key);
    break;
  case 3:
    ((mac_fn)f)(out, msg, BULK, key);
    break;
  case 4: case 5:
    ((hash_fn)f)(out, msg, BULK);
    break;
  case 6: case 9:
    ((two_fn)f)(out, key, point);
    break;
  case 7:
    ((one_fn)f)(out, key);
    break;
  case 8:
    ((sign_fn)f)(out, NULL, msg, 64, sk);
    break;
  case 10:
    ((verify_fn)f)(sig, msg, 64, pk);
    break;
  }
}

/* Seconds per call of f over enough calls to fill about budget seconds. */
static double per_call(int row, void *f, double budget)
{
  long n = 0, batch = 1;
  double t0, t;
  for (int i = 0; i < 3; i++) /* warm up: lazy CPU probing, caches, page faults */
    call(row, f);
  t0 = now();
  do {
    for (long i = 0; i < batch; i++)
      call(row, f);
    n += batch;
    batch *= 2;
    t = now() - t0;
  } while (t < budget);
  return t / (double)n;
}

/* qsort order for doubles. */
static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Loads both libraries, checks the load, runs the rows. */
int main(int argc, char **argv)
{
  static const char *const rows[][2] = {
    {"crypto_aead_chacha20poly1305_ietf_encrypt", "16 KiB"},
    {"crypto_aead_xchacha20poly1305_ietf_encrypt", "16 KiB"},
    {"crypto_aead_aes256gcm_encrypt", "16 KiB"},
    {"crypto_onetimeauth_poly1305", "16 KiB"},
    {"crypto_hash_sha256", "16 KiB"},
    {"crypto_hash_sha512", "16 KiB"},
    {"crypto_scalarmult_curve25519", ""},
    {"crypto_scalarmult_curve25519_base", ""},
    {"crypto_sign_ed25519_detached", "64 B"},
    {"crypto_scalarmult_ristretto255", ""},
    {"crypto_sign_ed25519_verify_detached", "64 B"},
  };
  int quick = 0, force = 0, rounds;
  double load = 0, budget;
  void *ref, *ours;
  FILE *f;
  for (int i = 2; i < argc; i++) {
    quick |= strcmp(argv[i], "--quick") == 0;
    force |= strcmp(argv[i], "--force") == 0;
  }
  if (argc < 2) {
    fprintf(stderr, "usage: hwcrypto-sodium-speed DROPIN [--quick] [--force]\n");
    return 2;
  }
  if ((f = fopen("/proc/loadavg", "r")) != NULL) {
    if (fscanf(f, "%lf", &load) != 1)
      load = 0;
    fclose(f);
  }
  if (!quick && !force && load >= 0.5) {
    fprintf(stderr, "dropin_speed: load average %.2f >= 0.5: not measuring (--force to override)\n", load);
    return 3;
  }
  ref = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
  ours = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (ref == NULL || ours == NULL || ((int (*)(void))sym(ref, "sodium_init"))() < 0) {
    fprintf(stderr, "dropin_speed: %s\n", dlerror());
    return 2;
  }
  memset(msg, 0x5a, sizeof msg);
  memset(key, 0x21, sizeof key);
  memset(nonce, 0x13, sizeof nonce);
  ((two_fn)sym(ref, "crypto_sign_ed25519_seed_keypair"))(pk, sk, key);
  ((sign_fn)sym(ref, "crypto_sign_ed25519_detached"))(sig, NULL, msg, 64, sk);
  ((one_fn)sym(ref, "crypto_scalarmult_ristretto255_base"))(point, key); /* also a valid X25519 u */
  rounds = quick ? 1 : ROUNDS;
  budget = quick ? 0.002 : 0.1;
  printf("load average before: %.2f; median of %d alternated rounds\n", load, rounds);
  printf("%-44s %-7s %12s %12s %7s\n", "function", "input", "libsodium", "drop-in", "ratio");
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
    double a[ROUNDS], b[ROUNDS];
    if (r == 2 && !((int (*)(void))sym(ref, "crypto_aead_aes256gcm_is_available"))())
      continue; /* libsodium 1.0.18 has no AES-GCM without AES-NI */
    for (int i = 0; i < rounds; i++) {
      a[i] = per_call((int)r, sym(ref, rows[r][0]), budget);
      b[i] = per_call((int)r, sym(ours, rows[r][0]), budget);
    }
    qsort(a, (size_t)rounds, sizeof a[0], cmp);
    qsort(b, (size_t)rounds, sizeof b[0], cmp);
    printf("%-44s %-7s %10.2f us %10.2f us %7.2f\n", rows[r][0], rows[r][1], a[rounds / 2] * 1e6,
           b[rounds / 2] * 1e6, a[rounds / 2] / b[rounds / 2]);
  }
  return 0;
}
