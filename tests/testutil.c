/* SPDX-License-Identifier: ISC */
/* Shared test helpers: PRNG, hex, vector files, per-implementation loop. */
#include <stdlib.h>

#include "check.h"

hwc_rsa_key *t_rsa_test_key(void) {
  size_t len;
  uint8_t *der = (uint8_t *)t_read_vector_file("rsa/key2048.pkcs8.der", &len);
  CHECK_MSG(der != NULL, "missing tests/vectors/rsa/key2048.pkcs8.der");
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_import(&key, der, len) == HWC_OK);
  free(der);
  return key;
}

int t_quick(void) {
  const char *q = getenv("HWC_TEST_QUICK");
  return q && *q && strcmp(q, "0") != 0;
}

static uint64_t seed_state;
static int seeded;
static unsigned long draws;

void t_reseed(uint64_t seed) {
  seed_state = seed;
  seeded = 1;
}

unsigned long t_rand_draws(void) { return draws; }

uint64_t t_rand64(void) {
  if (!seeded) {
    const char *s = getenv("HWC_TEST_SEED");
    seed_state = s ? strtoull(s, NULL, 0) : 0x243f6a8885a308d3ull;
    seeded = 1;
  }
  draws++;
  uint64_t z = (seed_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void t_rand_bytes(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)t_rand64();
}

size_t t_rand_below(size_t n) { return n ? (size_t)(t_rand64() % n) : 0; }

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

size_t t_unhex(uint8_t *out, size_t cap, const char *hex) {
  size_t n = strlen(hex);
  CHECK_MSG(n % 2 == 0 && n / 2 <= cap, "bad hex length %zu (capacity %zu)", n, cap);
  for (size_t i = 0; i < n / 2; i++) {
    int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
    CHECK_MSG(hi >= 0 && lo >= 0, "bad hex digit near %.8s", hex + 2 * i);
    out[i] = (uint8_t)(hi << 4 | lo);
  }
  return n / 2;
}

char *t_read_vector_file(const char *name, size_t *len) {
  const char *dir = getenv("HWC_VECTORS_DIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir ? dir : HWC_VECTORS_DEFAULT, name);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    fclose(f);
    return NULL;
  }
  fclose(f);
  buf[n] = 0;
  if (len) *len = (size_t)n;
  return buf;
}

static unsigned long calls_of(const hwc_impl_info *impl) {
  return impl && impl->calls ? __atomic_load_n(impl->calls, __ATOMIC_RELAXED) : 0;
}

/* An AEAD pair's entry runs its fused kernels or its members (a short
 * message takes the members alone), and "separate" only the members
 * selected for their own primitives: the calls of all of them count. */
unsigned long t_impl_calls(hwc_prim p, size_t i) {
  hwc_testing_count_calls(1);
  const hwc_impl_info *e = hwc_registry_entry(p, i, NULL);
  unsigned long n = calls_of(e);
  if (p == HWC_PRIM_AES_GCM) {
    const hwc_aes_gcm_kernel *k = (const hwc_aes_gcm_kernel *)e;
    n += calls_of(k->aes ? &k->aes->info : hwc_dispatch_get(HWC_PRIM_AES));
    n += calls_of(k->ghash ? &k->ghash->info : hwc_dispatch_get(HWC_PRIM_GHASH));
  } else if (p == HWC_PRIM_CHACHA20_POLY1305) {
    const hwc_chacha20_poly1305_kernel *k = (const hwc_chacha20_poly1305_kernel *)e;
    n += calls_of(k->chacha20 ? &k->chacha20->info : hwc_dispatch_get(HWC_PRIM_CHACHA20));
    n += calls_of(k->poly1305 ? &k->poly1305->info : hwc_dispatch_get(HWC_PRIM_POLY1305));
  }
  return n;
}

/* How many backend-loop bodies ran (and passed) per implementation, for
 * the runner's per-backend summary. 32 is above any primitive's count. */
static unsigned long bodies_passed[HWC_PRIM_COUNT][32];

unsigned long t_bodies_passed(hwc_prim p, size_t i) { return i < 32 ? bodies_passed[p][i] : 0; }

/* The implementation whose body runs now (-1: none), for t_current_impl.
 * A body that runs its own backend loop of another primitive inside sets
 * its own and puts the outer one back when it returns. */
static int current_prim = -1;
static size_t current_impl;

int t_current_impl(hwc_prim *p, size_t *i) {
  if (current_prim < 0) return 0;
  *p = (hwc_prim)current_prim;
  *i = current_impl;
  return 1;
}

void t_forget_current_impl(void) { current_prim = -1; }

size_t t_for_each_impl_where(hwc_prim p, int (*want)(hwc_prim p), t_impl_body body, void *arg) {
  /* The kernels count their calls from here on (src/kernels.h). */
  hwc_testing_count_calls(1);
  const char *before = hwc_impl_selected(p);
  size_t ran = 0;
  for (size_t i = 0; i < hwc_impl_count(p); i++) {
    if (!hwc_impl_supported(p, i)) continue;
    const char *name = hwc_impl_name(p, i);
    CHECK(hwc_impl_select(p, name) == HWC_OK);
    if (want && !want(p)) continue;
    unsigned long calls = t_impl_calls(p, i);
    int outer_prim = current_prim;
    size_t outer_impl = current_impl;
    current_prim = (int)p;
    current_impl = i;
    body(p, name, arg);
    CHECK_MSG(t_impl_calls(p, i) > calls, "%s/%s: its kernel was never called", hwc_prim_name(p), name);
    current_prim = outer_prim;
    current_impl = outer_impl;
    if (i < 32) bodies_passed[p][i]++;
    ran++;
  }
  CHECK(before == NULL || hwc_impl_select(p, before) == HWC_OK);
  return ran;
}

size_t t_for_each_impl(hwc_prim p, t_impl_body body, void *arg) {
  size_t ran = t_for_each_impl_where(p, NULL, body, arg);
  CHECK_MSG(ran > 0, "%s: no implementation ran", hwc_prim_name(p));
  return ran;
}

size_t t_shavs_each(const char *text, t_shavs_fn fn, void *arg) {
  size_t count = 0, bits = 0;
  uint8_t *msg = NULL, md[64];
  char *save = NULL, *copy = strdup(text);
  CHECK(copy != NULL);
  for (char *line = strtok_r(copy, "\r\n", &save); line; line = strtok_r(NULL, "\r\n", &save)) {
    if (sscanf(line, "Len = %zu", &bits) == 1) continue;
    if (strncmp(line, "Msg = ", 6) == 0) {
      free(msg);
      msg = malloc(strlen(line) / 2 + 1);
      CHECK(msg != NULL);
      t_unhex(msg, strlen(line) / 2 + 1, line + 6);
    } else if (strncmp(line, "MD = ", 5) == 0) {
      CHECK(msg != NULL && bits % 8 == 0);
      size_t md_len = t_unhex(md, sizeof md, line + 5);
      fn(msg, bits / 8, md, md_len, arg);
      count++;
    }
  }
  free(msg);
  free(copy);
  return count;
}

const char *const t_x25519_low_order_u[7] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

void t_add256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]) {
  unsigned c = 0;
  for (int i = 0; i < 32; i++) {
    c += (unsigned)a[i] + b[i];
    r[i] = (uint8_t)c;
    c >>= 8;
  }
}
