/* SPDX-License-Identifier: ISC */
/*
 * The hwcrypto OpenSSL 3 provider: what its algorithm files share.
 *
 * The provider is a module OpenSSL loads (libhwcrypto-provider.so, with
 * hwcrypto linked in and only OSSL_provider_init exported). Each family
 * of algorithms lives in its own file (digest_sha.c, ...) and exports a
 * list of hwcp_alg records; hwcp.c gathers them into the per-operation
 * OSSL_ALGORITHM tables OpenSSL queries, keeping only the algorithms the
 * provider offers on this CPU (hwcp_offer.c). Algorithm code calls only
 * the public hwc_* API and OpenSSL's public headers: no private struct of
 * either library is mirrored here.
 */
#ifndef HWCRYPTO_PROVIDER_HWCP_H
#define HWCRYPTO_PROVIDER_HWCP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "hwcrypto.h"

/* The property string every algorithm carries: "provider=hwcrypto" lets a
 * caller ask for this provider by name, as "provider=default" does. */
#define HWCP_PROPS "provider=hwcrypto"

/* One provider instance (OpenSSL's provctx): the core's handle, a child
 * library context (the parent's providers, seen from inside: where a
 * request outside hwcrypto's contract is handed to the default provider),
 * and the core functions the provider calls back. */
typedef struct hwcp_prov {
  const OSSL_CORE_HANDLE *handle;
  OSSL_LIB_CTX *libctx;
  OSSL_FUNC_core_new_error_fn *new_error;
  OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
  OSSL_FUNC_core_vset_error_fn *vset_error;
  OSSL_FUNC_core_get_params_fn *core_get_params;
  const OSSL_ALGORITHM *tables[OSSL_OP__HIGHEST + 1]; /* per operation, NULL-terminated; NULL: none */
  struct hwcp_offer *offer;                           /* the openssl.cnf choices (hwcp_offer.c) */
  char *offered_text;                                 /* "hwcrypto-offered": what and why */
  char *buildinfo;                                    /* versions and the offered names */
} hwcp_prov;

/* What decides whether an algorithm is offered on this CPU: the hwcrypto
 * primitive whose selected implementation does the work (hwcp_offer.c
 * compares it with the default provider's). */
typedef struct hwcp_alg {
  int operation;     /* OSSL_OP_DIGEST, OSSL_OP_CIPHER, ... */
  OSSL_ALGORITHM alg; /* names (the default provider's, exactly), HWCP_PROPS, dispatch, description */
  hwc_prim prim;     /* the primitive that does the work */
} hwcp_alg;

/* The families, each a list ended by a record with operation 0, and the
 * list of them all (hwcp.c). */
extern const hwcp_alg hwcp_digest_algs[];
extern const hwcp_alg hwcp_aes_gcm_algs[], hwcp_aes_ctr_algs[];
extern const hwcp_alg hwcp_chacha20_algs[], hwcp_chacha20_poly1305_algs[];
extern const hwcp_alg hwcp_mac_algs[], hwcp_kdf_algs[];
extern const hwcp_alg hwcp_ecx_algs[];
extern const hwcp_alg hwcp_rsa_algs[];
extern const hwcp_alg *const hwcp_families[];
extern const size_t hwcp_family_count;

/* An operation's short name ("digest", "cipher", ... "asym-cipher"), as
 * buildinfo and hwcrypto-offered print it. */
const char *hwcp_op_name(int op);

/* Use counts, so that a test can tell that hwcrypto served a program it
 * did not write (curl, nginx, s_server): when the environment variable
 * HWCRYPTO_PROVIDER_STATS names a file as the module loads, every
 * algorithm's context init calls hwcp_used with the algorithm's primary
 * name, and each provider instance's teardown appends one line per used
 * algorithm, "pid NAME COUNT", to that file. Off, hwcp_used is one
 * predictable branch; on, one relaxed atomic add after a short search. */
void hwcp_used(const char *alg);

/* One entry of an OSSL_DISPATCH table: the function id and the function,
 * cast to the generic pointer type the table holds. */
#define FN(id, f) {id, (void (*)(void))(f)}

/* Reason codes this provider raises (hwcp_raise), with their strings in
 * hwcp.c (OSSL_FUNC_PROVIDER_GET_REASON_STRINGS). */
enum {
  HWCP_R_BAD_ARG = 1,       /* an argument outside what the algorithm accepts */
  HWCP_R_BAD_STATE,         /* a call out of order (update before init, ...) */
  HWCP_R_BAD_LENGTH,        /* a key, IV, tag or output length it cannot take */
  HWCP_R_OUT_TOO_SMALL,     /* the caller's output buffer is too small */
  HWCP_R_AUTH_FAILED,       /* a tag or signature did not verify */
  HWCP_R_UNSUPPORTED,       /* a parameter value hwcrypto does not offer */
  HWCP_R_MALLOC,            /* out of memory */
  HWCP_R_HWC_FAILED,        /* a hwc_* call returned an error */
  /* reasons the default provider raises under these names, which
   * applications and OpenSSL's own tests match on */
  HWCP_R_INVALID_SALT_LENGTH,
  HWCP_R_INVALID_DIGEST_LENGTH,
  HWCP_R_INVALID_PADDING_MODE,
};

/* Puts an error on the caller's OpenSSL error queue: reason (HWCP_R_*) and
 * a printf-style detail. file/line/func name the raising site. */
void hwcp_raise_at(const hwcp_prov *p, const char *file, int line, const char *func, int reason,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define hwcp_raise(p, reason, ...) hwcp_raise_at((p), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

/* OSSL_PARAM_locate and _locate_const, with the first character compared
 * before strcmp: a cipher's get_ctx_params looks up each of its ten-odd
 * names in what the caller asked for (EVP asks for "ivlen" alone on every
 * EVP_CipherInit_ex2), and a strcmp call per name was a fifth of a 1 KiB
 * AES-GCM record through EVP. */
static inline OSSL_PARAM *hwcp_locate(OSSL_PARAM *params, const char *key) {
  for (OSSL_PARAM *q = params; q && q->key; q++)
    if (q->key[0] == key[0] && strcmp(q->key, key) == 0) return q;
  return NULL;
}
static inline const OSSL_PARAM *hwcp_locate_const(const OSSL_PARAM *params, const char *key) {
  for (const OSSL_PARAM *q = params; q && q->key; q++)
    if (q->key[0] == key[0] && strcmp(q->key, key) == 0) return q;
  return NULL;
}

/* The get_params boilerplate: each sets the parameter named key, when the
 * caller asked for it, to v; 1 unless it was asked for with a type or a
 * buffer that cannot hold v (OSSL_PARAM_set_*'s verdict). */
int hwcp_param_int(OSSL_PARAM params[], const char *key, int v);
int hwcp_param_uint(OSSL_PARAM params[], const char *key, unsigned v);
int hwcp_param_size(OSSL_PARAM params[], const char *key, size_t v);
int hwcp_param_octets(OSSL_PARAM params[], const char *key, const void *v, size_t n);

/* An algorithm context's memory. hwcp_ctx_new: a zeroed one of size
 * bytes, or NULL with an HWCP_R_MALLOC error naming `what` ("X25519
 * context"). hwcp_ctx_dup: a byte copy of c (all of DUPCTX for a context
 * that is plain data; one that owns pointers takes its own references
 * after), or NULL and the error "<what> copy". hwcp_ctx_free: wipes all
 * size bytes (keys, states, keystream) and frees, after the family freed
 * what its context owns; NULL is ignored, as FREECTX may be given it. */
void *hwcp_ctx_new(const hwcp_prov *p, size_t size, const char *what);
void *hwcp_ctx_dup(const hwcp_prov *p, const void *c, size_t size, const char *what);
void hwcp_ctx_free(void *c, size_t size);

#endif
