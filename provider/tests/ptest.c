/* SPDX-License-Identifier: ISC */
#include "ptest.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

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

int pt_finish(void) {
  OSSL_PROVIDER_unload(pt_hwcrypto);
  OSSL_PROVIDER_unload(pt_default);
  OSSL_LIB_CTX_free(pt_libctx);
  printf("%lu checks, %lu failed\n", pt_checks, pt_failures);
  return pt_failures || !pt_checks;
}

int pt_is_hwcrypto(const OSSL_PROVIDER *p) { return p && strcmp(OSSL_PROVIDER_get0_name(p), "hwcrypto") == 0; }

uint8_t *pt_unhex(const char *hex, size_t *len) {
  size_t n = strlen(hex) / 2;
  uint8_t *b = malloc(n ? n : 1);
  for (size_t i = 0; i < n; i++) sscanf(hex + 2 * i, "%2hhx", &b[i]);
  *len = n;
  return b;
}
