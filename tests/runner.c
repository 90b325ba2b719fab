/* SPDX-License-Identifier: ISC */
/* The plain runner: runs every registered test body in this process (no
 * fork, no sandbox), so it works under qemu-user. Optional argument: a
 * substring that test names ("suite/name") must contain. Exit status 1 if
 * any test failed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#ifdef HWC_CT_QEMU_TRACE
#include "ct.h" /* each test is a segment of its own as well */
#endif

static hwc_test *head, **tail = &head;
static jmp_buf on_fail;

void hwc_test_register(hwc_test *t) {
  *tail = t;
  tail = &t->next;
}

void hwc_test_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d: check failed: ", file, line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  longjmp(on_fail, 1);
}

/* The selection environment the run started with. The dispatch tests set
 * and clear these variables to drive selection from a clean slate; each
 * test here shares one process, so after every test the starting values
 * come back (and selection is redone when one changed). Without this a
 * masked run (HWCRYPTO_CPU_DISABLE, the aarch64-max-nocrypto tier) would
 * silently test every later suite unmasked. */
static const char *const selection_vars[] = {"HWCRYPTO_CPU_DISABLE", "HWCRYPTO_IMPL", "HWCRYPTO_PROFILE"};
static char *selection_start[3];

static void save_selection_env(void) {
  for (size_t i = 0; i < 3; i++) {
    const char *v = getenv(selection_vars[i]);
    selection_start[i] = v ? strdup(v) : NULL;
  }
}

static void restore_selection_env(void) {
  int changed = 0;
  for (size_t i = 0; i < 3; i++) {
    const char *now = getenv(selection_vars[i]), *was = selection_start[i];
    if ((now == NULL) == (was == NULL) && (now == NULL || strcmp(now, was) == 0)) continue;
    changed = 1;
    if (was) setenv(selection_vars[i], was, 1); else unsetenv(selection_vars[i]);
  }
  if (changed) hwc_dispatch_reinit_for_tests();
}

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : "";
  save_selection_env();
  volatile int passed = 0, failed = 0;
  fprintf(stderr, "cpu: %s\n", hwc_cpu_summary());
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (hwc_impl_count((hwc_prim)p))
      fprintf(stderr, "selected %s=%s\n", hwc_prim_name((hwc_prim)p), hwc_impl_selected((hwc_prim)p));
  for (hwc_test *t = head; t; t = t->next) {
    char full[256];
    snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
    if (!strstr(full, filter)) continue;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int ok = setjmp(on_fail) == 0;
#ifdef HWC_CT_QEMU_TRACE
    if (ok) {
      ct_trace_open("test %s", full);
      t->fn();
      ct_trace_close();
    }
#else
    if (ok) t->fn();
#endif
    if (!ok) {
      /* The failed check left its backend loop with that backend still
       * selected: the next test starts from the dispatcher's choice. */
      t_forget_current_impl();
      hwc_dispatch_reinit_for_tests();
    }
    restore_selection_env();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (ok) passed++; else failed++;
    fprintf(stderr, "[%s] %s (%.2f s)\n", ok ? "PASS" : "FAIL", full, secs);
  }
  /* Per backend: how many shared bodies ran on it and passed. A backend
   * this CPU supports with 0 here was not tested by this run: in a whole
   * run (no filter) that is a failure of its own, so a backend that no body
   * reaches (or whose every body failed) can never pass unnoticed. */
  int untested = 0;
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    fprintf(stderr, "bodies passed per backend, %s:", hwc_prim_name((hwc_prim)p));
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
      if (hwc_impl_supported((hwc_prim)p, i)) {
        unsigned long n = t_bodies_passed((hwc_prim)p, i);
        fprintf(stderr, " %s %lu", hwc_impl_name((hwc_prim)p, i), n);
        untested += n == 0;
      } else {
        fprintf(stderr, " %s (not supported)", hwc_impl_name((hwc_prim)p, i));
      }
    }
    fputc('\n', stderr);
  }
#ifdef HWC_RUNNER_EVERY_BACKEND
  if (untested && !*filter) {
    fprintf(stderr, "[FAIL] runner/every_backend_tested: %d supported backend(s) passed no body\n", untested);
    failed++;
  }
#else
  (void)untested; /* the ct runners loop over backends their own way */
#endif
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : (passed ? 0 : 1);
}
