/* SPDX-License-Identifier: ISC */
/*
 * Every compiled implementation of every primitive, generic first, as the
 * build lists them: the hwc_kernel() lines of CMakeLists.txt, one per
 * kernel file, are the only declaration of a backend (adding one is its
 * file and that line; tools/check-kernels.py checks that file, table and
 * runtime name agree). Below the lists, the selectable entries: each table
 * under its default tuning, then each further tuning record of a table
 * ("avx2:one-chain").
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dispatch.h"

/* The tables, from the build's hwc_kernel() lines (cmake/isa.cmake writes
 * this header): their extern declarations and HWC_TABLES_<prim>. */
#include "hwc_kernel_tables.h"

static const hwc_impl_info *const aes_impls[] = {HWC_TABLES_aes};
static const hwc_impl_info *const ghash_impls[] = {HWC_TABLES_ghash};
static const hwc_impl_info *const chacha20_impls[] = {HWC_TABLES_chacha20};
static const hwc_impl_info *const poly1305_impls[] = {HWC_TABLES_poly1305};
static const hwc_impl_info *const fe25519_impls[] = {HWC_TABLES_fe25519};
static const hwc_impl_info *const bignum_impls[] = {HWC_TABLES_bignum};
static const hwc_impl_info *const sha256_impls[] = {HWC_TABLES_sha256};
static const hwc_impl_info *const sha512_impls[] = {HWC_TABLES_sha512};
static const hwc_impl_info *const sha1_impls[] = {HWC_TABLES_sha1};
static const hwc_impl_info *const aes_gcm_impls[] = {HWC_TABLES_aes_gcm};
static const hwc_impl_info *const chacha20_poly1305_impls[] = {HWC_TABLES_chacha20_poly1305};

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
    LIST(HWC_PRIM_AES_GCM, aes_gcm_impls),
    LIST(HWC_PRIM_CHACHA20_POLY1305, chacha20_poly1305_impls),
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
  /* A table under its default tuning first, without the pthread_once of
   * hwc_registry_entries: every kernel lookup comes through here. */
  if ((unsigned)p < HWC_PRIM_COUNT && i < registry[p].count) {
    if (tuning) *tuning = 0;
    return registry[p].list[i];
  }
  if (i >= hwc_registry_entries(p)) return NULL;
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
