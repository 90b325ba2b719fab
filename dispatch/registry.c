/* SPDX-License-Identifier: ISC */
/*
 * Every compiled implementation of every primitive, generic first. Adding a
 * backend: its file, its line here, its per-file flags in CMakeLists.txt.
 * Architecture-specific entries are compiled only on their architecture.
 * Below the lists, the selectable entries: each table under its default
 * tuning, then each further tuning record of a table ("avx2:one-chain").
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dispatch.h"

#define IMPL(table) &(table).info

extern const hwc_sha1_kernel hwc_sha1_generic;
extern const hwc_sha256_kernel hwc_sha256_generic;
extern const hwc_sha512_kernel hwc_sha512_generic;
extern const hwc_fe25519_kernel hwc_fe25519_generic;
extern const hwc_chacha20_kernel hwc_chacha20_generic;
extern const hwc_poly1305_kernel hwc_poly1305_generic;
#if defined(__x86_64__)
extern const hwc_fe25519_kernel hwc_fe25519_avx2;
extern const hwc_fe25519_kernel hwc_fe25519_avx512ifma;
extern const hwc_fe25519_kernel hwc_fe25519_mulx;
extern const hwc_fe25519_kernel hwc_fe25519_mulx_avx2;
extern const hwc_chacha20_kernel hwc_chacha20_ssse3;
extern const hwc_chacha20_kernel hwc_chacha20_avx2;
extern const hwc_chacha20_kernel hwc_chacha20_avx512;
extern const hwc_poly1305_kernel hwc_poly1305_x86_64;
extern const hwc_poly1305_kernel hwc_poly1305_avx2;
extern const hwc_poly1305_kernel hwc_poly1305_avx512;
extern const hwc_poly1305_kernel hwc_poly1305_avx512ifma;
extern const hwc_sha1_kernel hwc_sha1_shani;
extern const hwc_sha256_kernel hwc_sha256_shani;
extern const hwc_sha256_kernel hwc_sha256_avx2;
extern const hwc_sha256_kernel hwc_sha256_ssse3;
extern const hwc_sha512_kernel hwc_sha512_ssse3;
extern const hwc_sha512_kernel hwc_sha512_avx2;
extern const hwc_sha512_kernel hwc_sha512_avx512;
#endif
#if defined(__aarch64__)
extern const hwc_sha1_kernel hwc_sha1_armv8;
extern const hwc_sha256_kernel hwc_sha256_armv8;
extern const hwc_sha512_kernel hwc_sha512_armv8;
extern const hwc_sha512_kernel hwc_sha512_neon;
extern const hwc_chacha20_kernel hwc_chacha20_neon;
extern const hwc_poly1305_kernel hwc_poly1305_neon;
extern const hwc_fe25519_kernel hwc_fe25519_aarch64;
#endif

static const hwc_impl_info *const sha1_impls[] = {
    IMPL(hwc_sha1_generic),
#if defined(__x86_64__)
    IMPL(hwc_sha1_shani),
#endif
#if defined(__aarch64__)
    IMPL(hwc_sha1_armv8),
#endif
};
static const hwc_impl_info *const sha256_impls[] = {
    IMPL(hwc_sha256_generic),
#if defined(__x86_64__)
    IMPL(hwc_sha256_shani),
    IMPL(hwc_sha256_avx2),
    IMPL(hwc_sha256_ssse3),
#endif
#if defined(__aarch64__)
    IMPL(hwc_sha256_armv8),
#endif
};
static const hwc_impl_info *const sha512_impls[] = {
    IMPL(hwc_sha512_generic),
#if defined(__aarch64__)
    IMPL(hwc_sha512_armv8),
    IMPL(hwc_sha512_neon),
#endif
#if defined(__x86_64__)
    IMPL(hwc_sha512_ssse3),
    IMPL(hwc_sha512_avx2),
    IMPL(hwc_sha512_avx512),
#endif
};

static const hwc_impl_info *const chacha20_impls[] = {
    IMPL(hwc_chacha20_generic),
#if defined(__x86_64__)
    IMPL(hwc_chacha20_ssse3),
    IMPL(hwc_chacha20_avx2),
    IMPL(hwc_chacha20_avx512),
#endif
#if defined(__aarch64__)
    IMPL(hwc_chacha20_neon),
#endif
};
static const hwc_impl_info *const poly1305_impls[] = {
    IMPL(hwc_poly1305_generic),
#if defined(__x86_64__)
    IMPL(hwc_poly1305_x86_64),
    IMPL(hwc_poly1305_avx2),
    IMPL(hwc_poly1305_avx512),
    IMPL(hwc_poly1305_avx512ifma),
#endif
#if defined(__aarch64__)
    IMPL(hwc_poly1305_neon),
#endif
};

static const hwc_impl_info *const fe25519_impls[] = {
    IMPL(hwc_fe25519_generic),
#if defined(__x86_64__)
    IMPL(hwc_fe25519_avx2),
    IMPL(hwc_fe25519_mulx),
    IMPL(hwc_fe25519_mulx_avx2),
    IMPL(hwc_fe25519_avx512ifma),
#endif
#if defined(__aarch64__)
    IMPL(hwc_fe25519_aarch64),
#endif
};
extern const hwc_aes_kernel hwc_aes_generic;
extern const hwc_ghash_kernel hwc_ghash_generic;
#if defined(__x86_64__)
extern const hwc_aes_kernel hwc_aes_aesni;
extern const hwc_aes_kernel hwc_aes_aesni_avx;
extern const hwc_ghash_kernel hwc_ghash_pclmul;
extern const hwc_aes_kernel hwc_aes_vaes_avx512;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx512;
extern const hwc_aes_kernel hwc_aes_vaes_avx2;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx2;
#endif
#if defined(__aarch64__)
extern const hwc_aes_kernel hwc_aes_armv8;
extern const hwc_ghash_kernel hwc_ghash_armv8;
#endif
static const hwc_impl_info *const aes_impls[] = {
    IMPL(hwc_aes_generic),
#if defined(__x86_64__)
    IMPL(hwc_aes_aesni),
    IMPL(hwc_aes_aesni_avx),
    IMPL(hwc_aes_vaes_avx2),
    IMPL(hwc_aes_vaes_avx512),
#endif
#if defined(__aarch64__)
    IMPL(hwc_aes_armv8),
#endif
};
static const hwc_impl_info *const ghash_impls[] = {
    IMPL(hwc_ghash_generic),
#if defined(__x86_64__)
    IMPL(hwc_ghash_pclmul),
    IMPL(hwc_ghash_vpclmul_avx2),
    IMPL(hwc_ghash_vpclmul_avx512),
#endif
#if defined(__aarch64__)
    IMPL(hwc_ghash_armv8),
#endif
};


extern const hwc_bignum_kernel hwc_bignum_generic;
#if defined(__x86_64__)
extern const hwc_bignum_kernel hwc_bignum_avx512ifma;
extern const hwc_bignum_kernel hwc_bignum_x86_64;
extern const hwc_bignum_kernel hwc_bignum_mulx;
extern const hwc_bignum_kernel hwc_bignum_avx2;
#endif
#if defined(__aarch64__)
extern const hwc_bignum_kernel hwc_bignum_aarch64;
#endif
static const hwc_impl_info *const bignum_impls[] = {
    IMPL(hwc_bignum_generic),
#if defined(__x86_64__)
    IMPL(hwc_bignum_avx512ifma),
    IMPL(hwc_bignum_x86_64),
    IMPL(hwc_bignum_mulx),
    IMPL(hwc_bignum_avx2),
#endif
#if defined(__aarch64__)
    IMPL(hwc_bignum_aarch64),
#endif
};

static const struct {
  const hwc_impl_info *const *list;
  size_t count;
} registry[HWC_PRIM_COUNT] = {
#define LIST(p, arr) [p] = {arr, sizeof arr / sizeof arr[0]}
    LIST(HWC_PRIM_SHA256, sha256_impls),
    LIST(HWC_PRIM_SHA512, sha512_impls),
    LIST(HWC_PRIM_SHA1, sha1_impls),
    LIST(HWC_PRIM_BIGNUM, bignum_impls),
    LIST(HWC_PRIM_AES, aes_impls),
    LIST(HWC_PRIM_GHASH, ghash_impls),
    LIST(HWC_PRIM_FE25519, fe25519_impls),
    LIST(HWC_PRIM_CHACHA20, chacha20_impls),
    LIST(HWC_PRIM_POLY1305, poly1305_impls),
#undef LIST
};

size_t hwc_registry_count(hwc_prim p) {
  return (unsigned)p < HWC_PRIM_COUNT ? registry[p].count : 0;
}

const hwc_impl_info *hwc_registry_impl(hwc_prim p, size_t i) {
  return i < hwc_registry_count(p) ? registry[p].list[i] : NULL;
}

/* The entries past the tables: (table, record) for each record but the
 * first of each table, in registry order, named "table:record". Built
 * once; registry order and the records are constant, so are they. */
typedef struct {
  size_t table, tuning;
  char name[48];
} extra_entry;
static extra_entry extras[HWC_PRIM_COUNT][HWC_MAX_ENTRIES];
static size_t nextras[HWC_PRIM_COUNT];
static pthread_once_t extras_once = PTHREAD_ONCE_INIT;

static void build_extras(void) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    for (size_t t = 0; t < registry[p].count; t++) {
      const hwc_impl_info *impl = registry[p].list[t];
      for (size_t k = 1; k < impl->ntunings && registry[p].count + nextras[p] < HWC_MAX_ENTRIES; k++) {
        extra_entry *e = &extras[p][nextras[p]++];
        e->table = t;
        e->tuning = k;
        snprintf(e->name, sizeof e->name, "%s:%s", impl->name, impl->tunings[k]->name);
      }
    }
}

size_t hwc_registry_entries(hwc_prim p) {
  if ((unsigned)p >= HWC_PRIM_COUNT) return 0;
  pthread_once(&extras_once, build_extras);
  return registry[p].count + nextras[p];
}

const hwc_impl_info *hwc_registry_entry(hwc_prim p, size_t i, size_t *tuning) {
  if (i >= hwc_registry_entries(p)) return NULL;
  if (i < registry[p].count) {
    if (tuning) *tuning = 0;
    return registry[p].list[i];
  }
  const extra_entry *e = &extras[p][i - registry[p].count];
  if (tuning) *tuning = e->tuning;
  return registry[p].list[e->table];
}

const char *hwc_registry_entry_name(hwc_prim p, size_t i) {
  if (i >= hwc_registry_entries(p)) return NULL;
  return i < registry[p].count ? registry[p].list[i]->name : extras[p][i - registry[p].count].name;
}

int hwc_registry_find(hwc_prim p, const char *name, size_t len) {
  for (size_t i = 0; name && i < hwc_registry_entries(p); i++) {
    const char *n = hwc_registry_entry_name(p, i);
    if (strlen(n) == len && memcmp(n, name, len) == 0) return (int)i;
  }
  return -1;
}

size_t hwc_registry_table_of(hwc_prim p, size_t i) {
  return i < registry[p].count ? i : extras[p][i - registry[p].count].table;
}
