/* SPDX-License-Identifier: ISC */
/* The coverage report shared by the ct bodies of both methods (tests/ct.h). */
#include "ct.h"

typedef struct {
  t_impl_body body;
  void *arg;
  const char *what;
} ct_run;

/* Runs one backend's body, then says it was covered, and by which method. */
static void ct_run_one(hwc_prim p, const char *impl, void *arg) {
  ct_run *r = arg;
#ifdef HWC_CT_QEMU_TRACE
  /* Only the driver (tests/ct_trace.py), comparing the runs' traces of
   * this segment, can say it was covered. */
  ct_trace_open("%s/%s (%s)", hwc_prim_name(p), impl, r->what);
  r->body(p, impl, r->arg);
  ct_trace_close();
#else
  r->body(p, impl, r->arg);
  printf("ct: %s/%s covered by %s (%s)\n", hwc_prim_name(p), impl, CT_METHOD, r->what);
#endif
}

/* Whose CPU the dispatcher saw: valgrind's emulated one or the real one. */
static const char *ct_cpu(void) {
#if defined(HWC_CT_MSAN)
  return "this CPU";
#elif defined(HWC_CT_QEMU_TRACE)
  return "the emulated CPU (qemu -cpu)";
#else
  return RUNNING_ON_VALGRIND ? "valgrind's emulated CPU" : "this CPU";
#endif
}

size_t ct_for_each_impl(hwc_prim p, const char *what, t_impl_body body, void *arg) {
  ct_run r = {body, arg, what};
  size_t ran = t_for_each_impl(p, ct_run_one, &r);
  for (size_t i = 0; i < hwc_impl_count(p); i++)
    if (!hwc_impl_supported(p, i))
      printf("ct: %s/%s NOT covered by %s (%s): not supported on %s\n", hwc_prim_name(p),
             hwc_impl_name(p, i), CT_METHOD, what,
             ct_cpu());
  fflush(stdout);
  return ran;
}

int ct_host_has(const char *flag) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return 0;
  char line[8192], pat[32];
  int found = 0;
  snprintf(pat, sizeof pat, " %s", flag);
  while (!found && fgets(line, sizeof line, f)) {
    if (strncmp(line, "flags", 5) != 0) continue;
    char *p = strstr(line, pat);
    found = p && (p[strlen(pat)] == ' ' || p[strlen(pat)] == '\n');
  }
  fclose(f);
  return found;
}
