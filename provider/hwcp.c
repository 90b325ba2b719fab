/* SPDX-License-Identifier: ISC */
/*
 * The provider's entry point and its answers to the core: which
 * algorithms it has per operation, its parameters (name, version, what it
 * offers and why), its reason strings, and teardown.
 *
 * OSSL_provider_init runs once per library context that loads the
 * module. It takes the core functions it needs, makes a child library
 * context (through which an algorithm hands requests outside hwcrypto's
 * contract to the default provider), reads the openssl.cnf parameters
 * (hwcp_offer.c) and builds one NULL-terminated OSSL_ALGORITHM table per
 * operation from the families' records, keeping the offered ones.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "ecx_key.h"
#include "hwcp.h"
#include "hwcp_offer.h"

/* Every family's records; one line per family file. */
const hwcp_alg *const hwcp_families[] = {
    hwcp_digest_algs, hwcp_aes_gcm_algs, hwcp_aes_ctr_algs, hwcp_chacha20_algs, hwcp_chacha20_poly1305_algs,
    hwcp_mac_algs,    hwcp_kdf_algs,     hwcp_ecx_algs,     hwcp_rsa_algs,
};
const size_t hwcp_family_count = sizeof hwcp_families / sizeof hwcp_families[0];

/* The use counts (hwcp_used): names are the families' string constants,
 * so a slot is found by pointer first; a name seen for the first time
 * takes the next slot under a compare-and-swap. */
#define HWCP_STAT_SLOTS 64
static struct {
  const char *name;
  unsigned long count;
} stats[HWCP_STAT_SLOTS];
static const char *stats_path; /* set once by the first OSSL_provider_init */
/* A copy of the variable's value, not getenv's pointer: nginx (and any
 * program with a setproctitle) moves its environment and writes its
 * process title over the old strings after OpenSSL has loaded the module,
 * which left the workers an empty path. */
static char stats_file[4096];

void hwcp_used(const char *alg) {
  if (__builtin_expect(!stats_path, 1)) return;
  for (size_t i = 0; i < HWCP_STAT_SLOTS; i++) {
    const char *n = __atomic_load_n(&stats[i].name, __ATOMIC_ACQUIRE);
    if (!n) {
      const char *none = NULL;
      if (!__atomic_compare_exchange_n(&stats[i].name, &none, alg, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) n = none;
      else n = alg;
    }
    if (n == alg || strcmp(n, alg) == 0) {
      __atomic_fetch_add(&stats[i].count, 1, __ATOMIC_RELAXED);
      return;
    }
  }
}

/* Appends the counts to the stats file (see hwcp.h). */
static void stats_write(void) {
  FILE *f = stats_path ? fopen(stats_path, "a") : NULL;
  if (!f) return;
  for (size_t i = 0; i < HWCP_STAT_SLOTS; i++) {
    const char *n = __atomic_load_n(&stats[i].name, __ATOMIC_ACQUIRE);
    unsigned long c = __atomic_load_n(&stats[i].count, __ATOMIC_RELAXED);
    if (n && c) fprintf(f, "%ld %s %lu\n", (long)getpid(), n, c);
  }
  fclose(f);
}

void hwcp_raise_at(const hwcp_prov *p, const char *file, int line, const char *func, int reason,
                   const char *fmt, ...) {
  if (!p || !p->new_error) return;
  va_list ap;
  va_start(ap, fmt);
  p->new_error(p->handle);
  p->set_error_debug(p->handle, file, line, func);
  p->vset_error(p->handle, (uint32_t)reason, fmt, ap);
  va_end(ap);
}

int hwcp_param_int(OSSL_PARAM params[], const char *key, int v) {
  OSSL_PARAM *q = hwcp_locate(params, key);
  return !q || OSSL_PARAM_set_int(q, v);
}

int hwcp_param_uint(OSSL_PARAM params[], const char *key, unsigned v) {
  OSSL_PARAM *q = hwcp_locate(params, key);
  return !q || OSSL_PARAM_set_uint(q, v);
}

int hwcp_param_size(OSSL_PARAM params[], const char *key, size_t v) {
  OSSL_PARAM *q = hwcp_locate(params, key);
  return !q || OSSL_PARAM_set_size_t(q, v);
}

int hwcp_param_octets(OSSL_PARAM params[], const char *key, const void *v, size_t n) {
  OSSL_PARAM *q = hwcp_locate(params, key);
  return !q || OSSL_PARAM_set_octet_string(q, v, n);
}

void *hwcp_ctx_new(const hwcp_prov *p, size_t size, const char *what) {
  /* malloc and then zero, not calloc: glibc's calloc bypasses the
   * per-thread cache, and EVP makes a new context at every digest init.
   * (hwc_memzero, not memset: GCC folds malloc + memset into calloc.) */
  void *c = malloc(size);
  if (!c) hwcp_raise(p, HWCP_R_MALLOC, "%s", what);
  else hwc_memzero(c, size);
  return c;
}

void *hwcp_ctx_dup(const hwcp_prov *p, const void *c, size_t size, const char *what) {
  void *d = malloc(size);
  if (!d) hwcp_raise(p, HWCP_R_MALLOC, "%s copy", what);
  else memcpy(d, c, size);
  return d;
}

void hwcp_ctx_free(void *c, size_t size) {
  if (!c) return;
  hwc_memzero(c, size);
  free(c);
}

/* Builds p->tables from the families, the offered records only. */
static int build_tables(hwcp_prov *p) {
  size_t count[OSSL_OP__HIGHEST + 1] = {0};
  for (size_t f = 0; f < hwcp_family_count; f++)
    for (const hwcp_alg *a = hwcp_families[f]; a->operation; a++)
      if (hwcp_offer_decide(p, a)) count[a->operation]++;
  for (int op = 0; op <= OSSL_OP__HIGHEST; op++) {
    if (!count[op]) continue;
    OSSL_ALGORITHM *t = calloc(count[op] + 1, sizeof *t); /* + the zero terminator */
    if (!t) return 0;
    size_t n = 0;
    for (size_t f = 0; f < hwcp_family_count; f++)
      for (const hwcp_alg *a = hwcp_families[f]; a->operation; a++)
        if (a->operation == op && hwcp_offer_decide(p, a)) t[n++] = a->alg;
    p->tables[op] = t;
  }
  return 1;
}

static void prov_free(hwcp_prov *p) {
  if (!p) return;
  for (int op = 0; op <= OSSL_OP__HIGHEST; op++) free((void *)p->tables[op]);
  free(p->buildinfo);
  hwcp_offer_free(p);
  OSSL_LIB_CTX_free(p->libctx);
  free(p);
}

static void prov_teardown(void *provctx) {
  stats_write();
  prov_free(provctx);
}

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id, int *no_cache) {
  hwcp_prov *p = provctx;
  *no_cache = 0;
  if (operation_id < 0 || operation_id > OSSL_OP__HIGHEST) return NULL;
  return p->tables[operation_id];
}

/* buildinfo, which `openssl list -providers -verbose` prints: the versions
 * and the offered algorithms' names (hwcrypto-offered has the reasons). */
#define HWCP_BUILDINFO "hwcrypto " HWC_VERSION_STRING ", built against OpenSSL " OPENSSL_VERSION_STR

const char *hwcp_op_name(int op) {
  switch (op) {
    case OSSL_OP_DIGEST: return "digest";
    case OSSL_OP_CIPHER: return "cipher";
    case OSSL_OP_MAC: return "mac";
    case OSSL_OP_KDF: return "kdf";
    case OSSL_OP_KEYMGMT: return "keymgmt";
    case OSSL_OP_KEYEXCH: return "keyexch";
    case OSSL_OP_SIGNATURE: return "signature";
    case OSSL_OP_ASYM_CIPHER: return "asym-cipher";
    default: return "other";
  }
}

/* HWCP_BUILDINFO, then "; offers" and per operation its offered primary
 * names ("digest: SHA1 SHA2-256; cipher: ..."), or "offers nothing", into
 * p->buildinfo. */
static int make_buildinfo(hwcp_prov *p) {
  size_t cap = sizeof HWCP_BUILDINFO + 32;
  for (int op = 0; op <= OSSL_OP__HIGHEST; op++) {
    cap += 16;
    for (const OSSL_ALGORITHM *a = p->tables[op]; a && a->algorithm_names; a++) cap += strlen(a->algorithm_names) + 1;
  }
  char *b = malloc(cap);
  if (!b) return 0;
  size_t n = (size_t)snprintf(b, cap, "%s; offers", HWCP_BUILDINFO), before = n;
  for (int op = 0; op <= OSSL_OP__HIGHEST; op++) {
    if (!p->tables[op]) continue;
    n += (size_t)snprintf(b + n, cap - n, "%s %s:", n == before ? "" : ";", hwcp_op_name(op));
    for (const OSSL_ALGORITHM *a = p->tables[op]; a->algorithm_names; a++) {
      const char *colon = strchr(a->algorithm_names, ':');
      int len = colon ? (int)(colon - a->algorithm_names) : (int)strlen(a->algorithm_names);
      n += (size_t)snprintf(b + n, cap - n, " %.*s", len, a->algorithm_names);
    }
  }
  if (n == before) snprintf(b + n, cap - n, " nothing");
  p->buildinfo = b;
  return 1;
}

/* hwcrypto-offered: one line per algorithm record, "name: offered|not
 * offered (why)". hwcrypto-version: the linked library's version. */
#define HWCP_PARAM_OFFERED "hwcrypto-offered"
#define HWCP_PARAM_HWC_VERSION "hwcrypto-version"
/* hwcrypto-selected: "prim=impl,..." for every primitive, as this copy of
 * hwcrypto (linked into the module) selected them: how a test checks that
 * HWCRYPTO_IMPL reached the module and which backend served it. */
#define HWCP_PARAM_SELECTED "hwcrypto-selected"

static const OSSL_PARAM prov_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_DEFN(HWCP_PARAM_OFFERED, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(HWCP_PARAM_HWC_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(HWCP_PARAM_SELECTED, OSSL_PARAM_UTF8_STRING, NULL, 0),
    OSSL_PARAM_END};

static const OSSL_PARAM *prov_gettable_params(void *provctx) {
  (void)provctx;
  return prov_param_types;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[]) {
  hwcp_prov *p = provctx;
  OSSL_PARAM *q;
  if ((q = hwcp_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(q, "hwcrypto provider"))
    return 0;
  if ((q = hwcp_locate(params, OSSL_PROV_PARAM_VERSION)) && !OSSL_PARAM_set_utf8_ptr(q, HWC_VERSION_STRING))
    return 0;
  if ((q = hwcp_locate(params, OSSL_PROV_PARAM_BUILDINFO)) &&
      !OSSL_PARAM_set_utf8_ptr(q, p->buildinfo ? p->buildinfo : HWCP_BUILDINFO))
    return 0;
  if (!hwcp_param_int(params, OSSL_PROV_PARAM_STATUS, 1)) return 0;
  if ((q = hwcp_locate(params, HWCP_PARAM_OFFERED)) &&
      !OSSL_PARAM_set_utf8_ptr(q, p->offered_text ? p->offered_text : ""))
    return 0;
  if ((q = hwcp_locate(params, HWCP_PARAM_HWC_VERSION)) && !OSSL_PARAM_set_utf8_ptr(q, hwc_version()))
    return 0;
  if ((q = hwcp_locate(params, HWCP_PARAM_SELECTED))) {
    char sel[1024];
    size_t n = 0;
    sel[0] = 0;
    for (int pr = 0; pr < HWC_PRIM_COUNT && n < sizeof sel; pr++)
      n += (size_t)snprintf(sel + n, sizeof sel - n, "%s%s=%s", pr ? "," : "", hwc_prim_name((hwc_prim)pr),
                            hwc_impl_selected((hwc_prim)pr));
    if (n >= sizeof sel || !OSSL_PARAM_set_utf8_string(q, sel)) return 0;
  }
  return 1;
}

static const OSSL_ITEM reason_strings[] = {
    {HWCP_R_BAD_ARG, "invalid argument"},
    {HWCP_R_BAD_STATE, "operation called out of order"},
    {HWCP_R_BAD_LENGTH, "invalid length"},
    {HWCP_R_OUT_TOO_SMALL, "output buffer too small"},
    {HWCP_R_AUTH_FAILED, "authentication failed"},
    {HWCP_R_UNSUPPORTED, "unsupported parameter value"},
    {HWCP_R_MALLOC, "out of memory"},
    {HWCP_R_HWC_FAILED, "hwcrypto call failed"},
    {HWCP_R_INVALID_SALT_LENGTH, "invalid salt length"},
    {HWCP_R_INVALID_DIGEST_LENGTH, "invalid digest length"},
    {HWCP_R_INVALID_PADDING_MODE, "invalid padding mode"},
    {0, NULL}};

static const OSSL_ITEM *prov_reason_strings(void *provctx) {
  (void)provctx;
  return reason_strings;
}

/* 1 if the operation's table offers an algorithm with this primary name. */
static int offers(const hwcp_prov *p, int op, const char *name) {
  size_t n = strlen(name);
  for (const OSSL_ALGORITHM *a = p->tables[op]; a && a->algorithm_names; a++)
    if (strncmp(a->algorithm_names, name, n) == 0 && (a->algorithm_names[n] == ':' || !a->algorithm_names[n]))
      return 1;
  return 0;
}

/* Capabilities: the x25519 TLS group, declared whenever the X25519 keys
 * are offered here (libssl keeps a group only when the provider its
 * keymgmt fetch lands on declares it: keymgmt_ecx.c). Without them,
 * TLS-GROUP still succeeds with no group: libssl's SSL_CTX_new fails when
 * any provider answers TLS-GROUP with 0. */
static int prov_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg) {
  hwcp_prov *p = provctx;
  if (offers(p, OSSL_OP_KEYMGMT, "X25519")) return hwcp_ecx_get_capabilities(provctx, capability, cb, arg);
  return strcasecmp(capability, "TLS-GROUP") == 0;
}

static const OSSL_DISPATCH prov_functions[] = {
    FN(OSSL_FUNC_PROVIDER_GET_CAPABILITIES, prov_get_capabilities),
    FN(OSSL_FUNC_PROVIDER_TEARDOWN, prov_teardown),
    FN(OSSL_FUNC_PROVIDER_QUERY_OPERATION, prov_query),
    FN(OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, prov_gettable_params),
    FN(OSSL_FUNC_PROVIDER_GET_PARAMS, prov_get_params),
    FN(OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, prov_reason_strings),
    {0, NULL}};

/* The module's one exported symbol (provider/hwcrypto-provider.map). */
__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                                              const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out, void **provctx) {
  if (hwc_init() != HWC_OK) return 0;
  if (!stats_path) {
    const char *e = getenv("HWCRYPTO_PROVIDER_STATS");
    if (e && *e && strlen(e) < sizeof stats_file) stats_path = strcpy(stats_file, e);
  }
  hwcp_prov *p = calloc(1, sizeof *p);
  if (!p) return 0;
  p->handle = handle;
  for (const OSSL_DISPATCH *f = in; f->function_id; f++) {
    switch (f->function_id) {
      case OSSL_FUNC_CORE_NEW_ERROR:
        p->new_error = OSSL_FUNC_core_new_error(f);
        break;
      case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
        p->set_error_debug = OSSL_FUNC_core_set_error_debug(f);
        break;
      case OSSL_FUNC_CORE_VSET_ERROR:
        p->vset_error = OSSL_FUNC_core_vset_error(f);
        break;
      case OSSL_FUNC_CORE_GET_PARAMS:
        p->core_get_params = OSSL_FUNC_core_get_params(f);
        break;
      default:
        break;
    }
  }
  if (!p->new_error || !p->set_error_debug || !p->vset_error) p->new_error = NULL; /* then raise nothing */
  /* A child of the loading context: it sees the parent's providers (the
   * default one among them) for the requests this provider hands on. */
  p->libctx = OSSL_LIB_CTX_new_child(handle, in);
  if (!p->libctx || !hwcp_offer_init(p) || !build_tables(p) || !make_buildinfo(p)) {
    prov_free(p);
    return 0;
  }
  *out = prov_functions;
  *provctx = p;
  return 1;
}
