/* SPDX-License-Identifier: ISC */
/*
 * What the peer libraries (peer_openssl.c, peer_sodium.c) share: loading a
 * library with dlopen, resolving its symbols into a table of function
 * pointers, and bench_peer_row.
 *
 * HWC_BENCH_PEER_DISABLE: a comma-separated list of peer ids ("openssl",
 * "libsodium", or "all") whose library is treated as absent, for tests of
 * the report without a peer: the loader then asks dlopen for a name that
 * does not exist ("<soname>.disabled"), so the ordinary failure path runs
 * and the peer is refused with "<soname> not found (HWC_BENCH_PEER_DISABLE)".
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer_common.h"
#include "peers.h"

/* 1 when HWC_BENCH_PEER_DISABLE names id (or "all"). */
static int peer_disabled(const char *id) {
  const char *list = getenv("HWC_BENCH_PEER_DISABLE");
  size_t n = strlen(id);
  while (list && *list) {
    size_t len = strcspn(list, ",");
    if ((len == n && !strncmp(list, id, n)) || (len == 3 && !strncmp(list, "all", 3))) return 1;
    list += len;
    if (*list == ',') list++;
  }
  return 0;
}

/* dlopens soname (RTLD_NOW | RTLD_LOCAL: its symbols stay out of the global
 * namespace). Returns the handle, or NULL with a one-line reason in why.
 * The library is never closed: libcrypto registers exit handlers. */
void *bench_peer_open(const char *soname, const char *id, char *why, size_t cap) {
  int disabled = peer_disabled(id);
  char name[128];
  snprintf(name, sizeof name, "%s%s", soname, disabled ? ".disabled" : "");
  dlerror();
  void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (lib) return lib;
  const char *err = dlerror();
  if (disabled)
    snprintf(why, cap, "%s not found (HWC_BENCH_PEER_DISABLE)", soname);
  else if (!err || strstr(err, "No such file"))
    snprintf(why, cap, "%s not found", soname);
  else
    snprintf(why, cap, "%s: %s", soname, err);
  return NULL;
}

/* Looks up every symbol of syms in lib and stores its address at
 * table + offset (a function pointer member; NULL when absent). Returns
 * the number of missing symbols and names the first one in missing. */
size_t bench_peer_resolve(void *lib, void *table, const bench_peer_sym *syms, size_t n, char *missing,
                          size_t cap) {
  size_t absent = 0;
  if (cap) missing[0] = '\0';
  for (size_t i = 0; i < n; i++) {
    void *p = dlsym(lib, syms[i].name);
    /* POSIX guarantees a data pointer holds a function's address; copying
     * the bytes avoids converting between object and function pointers. */
    memcpy((char *)table + syms[i].offset, &p, sizeof p);
    if (!p && absent++ == 0 && cap) snprintf(missing, cap, "%s", syms[i].name);
  }
  return absent;
}

/* The peer's row standing beside the result `name`, or NULL. */
const bench_row *bench_peer_row(const bench_peer *p, const char *name) {
  for (size_t i = 0; p && name && i < p->count; i++)
    if (!strcmp(p->rows[i].name, name)) return &p->rows[i];
  return NULL;
}
