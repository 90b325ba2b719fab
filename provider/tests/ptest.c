/* SPDX-License-Identifier: ISC */
#include "ptest.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/params.h>

OSSL_LIB_CTX *pt_libctx;
OSSL_PROVIDER *pt_hwcrypto, *pt_default;
unsigned long pt_checks, pt_failures;

void pt_fail(const char *file, int line, const char *what) {
  pt_failures++;
  fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
  ERR_print_errors_fp(stderr);
}

void pt_setup(void) {
  pt_libctx = OSSL_LIB_CTX_new();
  /* offer = all through a config loaded into this context only */
  const char *conf = getenv("HWCP_TEST_CONF");
  if (!pt_libctx || (conf && !OSSL_LIB_CTX_load_config(pt_libctx, conf))) {
    fprintf(stderr, "ptest: cannot set up a library context\n");
    ERR_print_errors_fp(stderr);
    exit(1);
  }
  pt_default = OSSL_PROVIDER_load(pt_libctx, "default");
  pt_hwcrypto = OSSL_PROVIDER_load(pt_libctx, "hwcrypto");
  if (!pt_default || !pt_hwcrypto) {
    fprintf(stderr, "ptest: cannot load the providers (OPENSSL_MODULES=%s)\n",
            getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
    ERR_print_errors_fp(stderr);
    exit(1);
  }
}

int pt_report(void) {
  printf("%lu checks, %lu failed\n", pt_checks, pt_failures);
  fflush(stdout);
  return pt_failures || !pt_checks;
}

int pt_finish(void) {
  OSSL_PROVIDER_unload(pt_hwcrypto);
  OSSL_PROVIDER_unload(pt_default);
  OSSL_LIB_CTX_free(pt_libctx);
  return pt_report();
}

int pt_is_hwcrypto(const OSSL_PROVIDER *p) { return p && strcmp(OSSL_PROVIDER_get0_name(p), "hwcrypto") == 0; }

uint8_t *pt_unhex(const char *hex, size_t *len) {
  size_t n = strlen(hex) / 2;
  uint8_t *b = malloc(n ? n : 1);
  for (size_t i = 0; i < n; i++) sscanf(hex + 2 * i, "%2hhx", &b[i]);
  *len = n;
  return b;
}

/* ---- transcripts */

void pt_put(pt_log *L, const void *p, size_t n) {
  if (L->n + sizeof n + n > L->cap) {
    L->cap = (L->n + sizeof n + n) * 2 + 1024;
    if (!(L->b = realloc(L->b, L->cap))) abort();
  }
  memcpy(L->b + L->n, &n, sizeof n);
  if (n) memcpy(L->b + L->n + sizeof n, p, n);
  L->n += sizeof n + n;
}

void pt_put_int(pt_log *L, long v) { pt_put(L, &v, sizeof v); }

int pt_log_same(const pt_log *ref, const pt_log *ours, const char *what) {
  if (ref->n == ours->n && (!ref->n || memcmp(ref->b, ours->b, ref->n) == 0)) return 1;
  /* walk both entry by entry to the first that differs */
  size_t i = 0, k = 0, na = 0, no = 0;
  for (;; i += sizeof na + na, k++) {
    if (i + sizeof na > ref->n || i + sizeof no > ours->n) break;
    memcpy(&na, ref->b + i, sizeof na);
    memcpy(&no, ours->b + i, sizeof no);
    if (na != no || i + sizeof na + na > ref->n || i + sizeof no + no > ours->n ||
        memcmp(ref->b + i + sizeof na, ours->b + i + sizeof na, na) != 0)
      break;
  }
  fprintf(stderr, "%s: transcripts differ at entry %zu (byte %zu; lengths %zu, %zu)\n", what, k, i, ref->n, ours->n);
  if (i + sizeof na + sizeof(long) <= ref->n && i + sizeof no + sizeof(long) <= ours->n && na == sizeof(long) &&
      no == sizeof(long)) {
    long a, b;
    memcpy(&a, ref->b + i + sizeof na, sizeof a);
    memcpy(&b, ours->b + i + sizeof no, sizeof b);
    fprintf(stderr, "  default %ld, hwcrypto %ld\n", a, b);
  }
  return 0;
}

void pt_log_free(pt_log *L) {
  free(L->b);
  L->b = NULL;
  L->n = L->cap = 0;
}

int pt_cipher_same(pt_cipher_scenario *s, EVP_CIPHER *ours, EVP_CIPHER *ref, size_t a, size_t b, size_t d) {
  pt_log x = {0}, y = {0};
  char what[96];
  s(ours, &x, a, b, d);
  s(ref, &y, a, b, d);
  ERR_clear_error();
  snprintf(what, sizeof what, "%s (args %zu %zu %zu)", EVP_CIPHER_get0_name(ref), a, b, d);
  int ok = pt_log_same(&y, &x, what);
  pt_log_free(&x);
  pt_log_free(&y);
  return ok;
}

/* ---- comparing with the default provider */

void pt_check_params(const char *what, const OSSL_PARAM *ours, const OSSL_PARAM *ref) {
  static const OSSL_PARAM none[] = {OSSL_PARAM_END};
  size_t i = 0;
  if (!ours) ours = none;
  if (!ref) ref = none;
  for (; ours[i].key && ref[i].key; i++) {
    int same = strcmp(ours[i].key, ref[i].key) == 0 && ours[i].data_type == ref[i].data_type;
    if (!same) fprintf(stderr, "%s: entry %zu is %s, the default's %s\n", what, i, ours[i].key, ref[i].key);
    PT_CHECK(same);
  }
  if (ours[i].key || ref[i].key)
    fprintf(stderr, "%s: entry %zu is %s, the default's %s\n", what, i, ours[i].key ? ours[i].key : "the end",
            ref[i].key ? ref[i].key : "the end");
  PT_CHECK(!ours[i].key && !ref[i].key);
}

int pt_fetch_ciphers(const char *name, EVP_CIPHER **ours, EVP_CIPHER **ref) {
  *ours = EVP_CIPHER_fetch(pt_libctx, name, "provider=hwcrypto");
  *ref = EVP_CIPHER_fetch(pt_libctx, name, "provider=default");
  if (!*ours || !*ref) fprintf(stderr, "%s: not fetched from %s\n", name, *ours ? "default" : "hwcrypto");
  PT_CHECK(*ours && *ref);
  return *ours && *ref;
}

void pt_check_cipher_meta(const EVP_CIPHER *ours, const EVP_CIPHER *ref) {
  PT_CHECK(pt_is_hwcrypto(EVP_CIPHER_get0_provider(ours)));
  PT_CHECK(EVP_CIPHER_get_flags(ours) == EVP_CIPHER_get_flags(ref));
  PT_CHECK(EVP_CIPHER_get_mode(ours) == EVP_CIPHER_get_mode(ref));
  PT_CHECK(EVP_CIPHER_get_nid(ours) == EVP_CIPHER_get_nid(ref));
  PT_CHECK(EVP_CIPHER_get_key_length(ours) == EVP_CIPHER_get_key_length(ref));
  PT_CHECK(EVP_CIPHER_get_iv_length(ours) == EVP_CIPHER_get_iv_length(ref));
  PT_CHECK(EVP_CIPHER_get_block_size(ours) == EVP_CIPHER_get_block_size(ref));
  PT_CHECK(EVP_CIPHER_is_a(ours, EVP_CIPHER_get0_name(ref)));
  pt_check_params("gettable params", EVP_CIPHER_gettable_params(ours), EVP_CIPHER_gettable_params(ref));
  pt_check_params("gettable ctx params", EVP_CIPHER_gettable_ctx_params(ours), EVP_CIPHER_gettable_ctx_params(ref));
  pt_check_params("settable ctx params", EVP_CIPHER_settable_ctx_params(ours), EVP_CIPHER_settable_ctx_params(ref));
}

/* ---- one run per backend */

/* The i-th implementation of p this CPU supports, the last one past the
 * end (NULL if none); *n gets how many there are. */
static const char *supported(hwc_prim p, size_t i, size_t *n) {
  const char *last = NULL;
  size_t k = 0;
  for (size_t j = 0; j < hwc_impl_count(p); j++)
    if (hwc_impl_supported(p, j)) {
      last = hwc_impl_name(p, j);
      if (k++ == i) return last;
    }
  *n = k;
  return last;
}

/* Appends a run; a list too small for the CPU's backends is a test defect. */
static char *add_run(pt_runs *r) {
  if (r->n == PT_RUNS_MAX) {
    fprintf(stderr, "ptest: more than %d backend runs\n", PT_RUNS_MAX);
    exit(1);
  }
  return r->v[r->n++];
}

void pt_runs_each(pt_runs *r, hwc_prim p, const char *also) {
  for (size_t i = 0; i < hwc_impl_count(p); i++)
    if (hwc_impl_supported(p, i))
      snprintf(add_run(r), sizeof r->v[0], "%s%s%s=%s", also ? also : "", also ? "," : "", hwc_prim_name(p),
               hwc_impl_name(p, i));
}

void pt_runs_zip(pt_runs *r, const hwc_prim *ps, size_t n) {
  size_t runs = 0, k = 0;
  for (size_t p = 0; p < n; p++) {
    supported(ps[p], (size_t)-1, &k);
    if (k > runs) runs = k;
  }
  for (size_t i = 0; i < runs; i++) {
    char *v = add_run(r);
    size_t len = 0;
    for (size_t p = 0; p < n; p++) {
      const char *name = supported(ps[p], i, &k);
      if (name && len < sizeof r->v[0])
        len += (size_t)snprintf(v + len, sizeof r->v[0] - len, "%s%s=%s", len ? "," : "", hwc_prim_name(ps[p]), name);
    }
  }
}

void pt_runs_sha(pt_runs *r) {
  static const hwc_prim sha[] = {HWC_PRIM_SHA256, HWC_PRIM_SHA512, HWC_PRIM_SHA1};
  pt_runs_zip(r, sha, sizeof sha / sizeof sha[0]);
}

void pt_check_selected(const char *forced) {
  char sel[1024] = "", want[300], have[1100];
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_string("hwcrypto-selected", sel, sizeof sel), OSSL_PARAM_END};
  PT_CHECK(OSSL_PROVIDER_get_params(pt_hwcrypto, q));
  snprintf(have, sizeof have, ",%s,", sel);
  for (const char *f = forced; *f;) {
    size_t len = strcspn(f, ",");
    snprintf(want, sizeof want, ",%.*s,", (int)len, f);
    if (!strstr(have, want)) fprintf(stderr, "forced %.*s, the module selected: %s\n", (int)len, f, sel);
    PT_CHECK(strstr(have, want) != NULL);
    f += len + (f[len] == ',');
  }
}

/* Runs this program again under HWCRYPTO_IMPL=forced; 1 if it passed. */
static int rerun(char **argv, const char *forced) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    setenv("HWCRYPTO_IMPL", forced, 1);
    setenv("HWCP_TEST_FORCED", forced, 1);
    execv("/proc/self/exe", argv);
    _exit(127);
  }
  int st = 0;
  int ok = pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
  printf("run with HWCRYPTO_IMPL=%s: %s\n", forced, ok ? "passed" : "FAILED");
  return ok;
}

int pt_main(char **argv, const pt_runs *r, void (*body)(void)) {
  const char *forced = getenv("HWCP_TEST_FORCED");
  pt_setup();
  if (forced) {
    printf("HWCRYPTO_IMPL=%s\n", forced);
    pt_check_selected(forced);
  }
  body();
  if (!forced) {
    printf("default selection: %lu checks, %lu failed\n", pt_checks, pt_failures);
    for (size_t i = 0; r && i < r->n; i++) PT_CHECK(rerun(argv, r->v[i]));
  }
  return pt_finish();
}
