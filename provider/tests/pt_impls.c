/* SPDX-License-Identifier: ISC */
#include "pt_impls.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/params.h>

#include "hwcrypto.h"
#include "ptest.h"

static const hwc_prim prims[] = {HWC_PRIM_SHA256, HWC_PRIM_SHA512, HWC_PRIM_SHA1};
#define NPRIMS (sizeof prims / sizeof prims[0])

/* The i-th implementation of p this CPU supports, the last one past the
 * end; *n gets how many there are. */
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

/* Checks that each "prim=impl" of the forced list appears in the module's
 * "hwcrypto-selected". */
static void check_selected(const char *forced) {
  char sel[1024] = "", *s = sel;
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_string("hwcrypto-selected", s, sizeof sel), OSSL_PARAM_END};
  PT_CHECK(OSSL_PROVIDER_get_params(pt_hwcrypto, q));
  char want[1100], have[1100];
  snprintf(have, sizeof have, ",%s,", sel);
  for (const char *f = forced; *f;) {
    size_t len = strcspn(f, ",");
    snprintf(want, sizeof want, ",%.*s,", (int)len, f);
    if (!strstr(have, want)) fprintf(stderr, "forced %s, module selected: %s\n", want, sel);
    PT_CHECK(strstr(have, want) != NULL);
    f += len + (f[len] == ',');
  }
}

int pt_impls_main(char **argv, void (*body)(void)) {
  const char *forced = getenv("PT_IMPLS_FORCED");
  if (forced) { /* a run started below */
    pt_setup();
    check_selected(forced);
    body();
    return pt_finish();
  }
  pt_setup();
  body();
  int failed = pt_finish();
  size_t runs = 0, n = 0;
  for (size_t p = 0; p < NPRIMS; p++) {
    supported(prims[p], (size_t)-1, &n);
    if (n > runs) runs = n;
  }
  for (size_t i = 0; i < runs; i++) {
    char env[256] = "";
    size_t len = 0;
    for (size_t p = 0; p < NPRIMS; p++)
      len += (size_t)snprintf(env + len, sizeof env - len, "%s%s=%s", p ? "," : "", hwc_prim_name(prims[p]),
                              supported(prims[p], i, &n));
    printf("run %zu: HWCRYPTO_IMPL=%s\n", i + 1, env);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      setenv("HWCRYPTO_IMPL", env, 1);
      setenv("PT_IMPLS_FORCED", env, 1);
      execv("/proc/self/exe", argv);
      _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      fprintf(stderr, "run %zu (HWCRYPTO_IMPL=%s) failed\n", i + 1, env);
      failed = 1;
    }
  }
  printf("%s: %zu backend runs after the default selection\n", failed ? "FAILED" : "passed", runs);
  return failed;
}
