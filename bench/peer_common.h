/* SPDX-License-Identifier: ISC */
/*
 * Private to the peer files (peer_common.c, peer_openssl.c,
 * peer_sodium.c): loading a peer library and resolving its symbols.
 */
#ifndef HWC_BENCH_PEER_COMMON_H
#define HWC_BENCH_PEER_COMMON_H

#include <stddef.h>

typedef struct bench_peer_sym {
  const char *name; /* the exported symbol */
  size_t offset;    /* of its function pointer in the caller's table */
} bench_peer_sym;

/* dlopens soname (RTLD_NOW | RTLD_LOCAL: its symbols stay out of the global
 * namespace). Returns the handle, or NULL with a one-line reason in why.
 * id is the peer's id, checked against HWC_BENCH_PEER_DISABLE. */
void *bench_peer_open(const char *soname, const char *id, char *why, size_t cap);

/* Looks up every symbol of syms in lib and stores its address at
 * table + offset (a function pointer member; NULL when absent). Returns
 * the number of missing symbols and names the first one in missing. */
size_t bench_peer_resolve(void *lib, void *table, const bench_peer_sym *syms, size_t n, char *missing,
                          size_t cap);

#endif /* HWC_BENCH_PEER_COMMON_H */
