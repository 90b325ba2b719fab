/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-selftest: on the CPU at hand, every implementation of every
 * primitive that this CPU runs, against the portable one and the known
 * answers, for a time budget; one line per backend and a verdict.
 *
 * It is the test suite's own equivalence bodies (the tests/ sources of the plain
 * runner's set) linked to a runner made for people who did not build the
 * library: the known-answer files (NIST CAVP, RFCs, Wycheproof, libsodium
 * and OpenSSL outputs; tests/vectors/SOURCES.md) are installed beside it,
 * the edge-value generators of tests/edge.c and the random cases run in
 * every backend loop, and each backend loop proves through the kernels'
 * call counters that the backend it names really ran. It links the static
 * library, which is the same objects as the shared one (CMakeLists.txt):
 * the backends it checks are the code programs run.
 *
 * Rounds: round 0 runs every body once (the suite's quick mode unless
 * --thorough); later rounds run again, each with a new seed, the bodies
 * that drew random cases, until --seconds have passed since the start.
 * Round 0 always runs to the end; its time on this CPU is printed.
 *
 * --tiers runs the whole thing once more per CPU tier this machine can
 * stand in for (tools/cpu_tiers.h), each in a child process with the
 * tier's features hidden (HWCRYPTO_CPU_DISABLE, which the library reads
 * once), so a v4 machine also proves the selection and code paths of v3
 * and v2; the budget is shared among them.
 *
 * Exit status: 0 every backend agreed and every supported backend was
 * reached; 1 a disagreement or a backend no body reached; 2 bad command
 * line, or the known-answer files are missing.
 */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cpu_tiers.h"

extern char **environ;

/* ------------------------------------------------------ the test registry */

static hwc_test *head, **tail = &head;
static jmp_buf on_fail;

void hwc_test_register(hwc_test *t) {
  *tail = t;
  tail = &t->next;
}

/* A failure as the report shows it. */
typedef struct failure {
  char test[96];
  char backend[64]; /* "prim/impl", or "" when no backend loop was running */
  char message[320];
  unsigned round;
} failure;

#define MAX_FAILURES 32
static failure failures[MAX_FAILURES];
static size_t n_failures, n_failures_all;
static unsigned long failed_bodies[HWC_PRIM_COUNT][32];
static const char *running_test;
static unsigned running_round;

/* The check that failed: recorded against the backend whose body was
 * running (t_current_impl), then the test is left through on_fail. */
void hwc_test_fail(const char *file, int line, const char *fmt, ...) {
  hwc_prim p;
  size_t i;
  int in_loop = t_current_impl(&p, &i);
  if (in_loop && i < 32) failed_bodies[p][i]++;
  n_failures_all++;
  if (n_failures < MAX_FAILURES) {
    failure *f = &failures[n_failures++];
    snprintf(f->test, sizeof f->test, "%s", running_test);
    f->backend[0] = '\0';
    if (in_loop) snprintf(f->backend, sizeof f->backend, "%s/%s", hwc_prim_name(p), hwc_impl_name(p, i));
    int k = snprintf(f->message, sizeof f->message, "%s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < sizeof f->message) vsnprintf(f->message + k, sizeof f->message - (size_t)k, fmt, ap);
    va_end(ap);
    f->round = running_round;
  }
  longjmp(on_fail, 1);
}

/* ---------------------------------------------------------------- options */

typedef struct options {
  double seconds;
  int tiers, thorough, quiet, verbose;
  const char *json, *filter, *tier_name;
  uint64_t seed;
} options;

static void usage(FILE *f) {
  fputs("usage: hwcrypto-selftest [options]\n"
        "Checks every implementation of every primitive that this CPU runs against the\n"
        "portable one and the known-answer vectors (NIST, RFCs, Wycheproof), on edge\n"
        "values and random inputs. Exit status 0 when everything agreed.\n"
        "  --seconds N     time budget for the whole run (default 30); the first round,\n"
        "                  every test once, always completes; later rounds repeat the\n"
        "                  random cases with new seeds until the budget is spent\n"
        "  --tiers         also run under every CPU tier this machine can stand in for\n"
        "                  (x86-64-v2, v3, v4...; features hidden with\n"
        "                  HWCRYPTO_CPU_DISABLE), sharing the budget;\n"
        "                  hwcrypto-info --tiers lists them\n"

        "  --json FILE     write the results as JSON to FILE ('-': standard output)\n"
        "  --thorough      the suite's full case counts instead of its quick mode\n"
        "  --seed N        first random seed (default: from the clock; printed)\n"
        "  --filter TEXT   only tests whose \"suite/name\" contains TEXT\n"
        "  --quiet         no per-test lines; backends only when one failed\n"
        "  --verbose       the tests' own diagnostics (standard error) too\n"
        "Environment: HWC_VECTORS_DIR overrides where the vector files are found.\n",
        f);
}

/* Accepts "--opt value" and "--opt=value"; exits 2 when the value is missing. */
static const char *opt_value(int argc, char **argv, int *i, const char *opt) {
  size_t n = strlen(opt);
  if (strncmp(argv[*i], opt, n) != 0) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    fprintf(stderr, "hwcrypto-selftest: %s needs a value\n", opt);
    exit(2);
  }
  return argv[++*i];
}

static void parse(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  o->seconds = 30; /* round 0 alone takes about 25 s on a Zen 5 */
  o->seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
  for (int i = 1; i < argc; i++) {
    const char *v;
    char *end;
    if ((v = opt_value(argc, argv, &i, "--seconds"))) {
      o->seconds = strtod(v, &end);
      if (*end || !(o->seconds >= 0) || o->seconds > 1e6) {
        fprintf(stderr, "hwcrypto-selftest: --seconds %s: want a number of seconds\n", v);
        exit(2);
      }
    } else if ((v = opt_value(argc, argv, &i, "--json"))) {
      o->json = v;
    } else if ((v = opt_value(argc, argv, &i, "--filter"))) {
      o->filter = v;
    } else if ((v = opt_value(argc, argv, &i, "--seed"))) {
      o->seed = strtoull(v, &end, 0);
      if (*end || !*v) {
        fprintf(stderr, "hwcrypto-selftest: --seed %s: want a number\n", v);
        exit(2);
      }
    } else if ((v = opt_value(argc, argv, &i, "--tier-child"))) {
      o->tier_name = v; /* internal: a child of --tiers */
    } else if (strcmp(argv[i], "--tiers") == 0) {
      o->tiers = 1;

    } else if (strcmp(argv[i], "--thorough") == 0) {
      o->thorough = 1;
    } else if (strcmp(argv[i], "--quiet") == 0) {
      o->quiet = 1;
    } else if (strcmp(argv[i], "--verbose") == 0) {
      o->verbose = 1;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      exit(0);
    } else {
      fprintf(stderr, "hwcrypto-selftest: unknown argument '%s'\n", argv[i]);
      usage(stderr);
      exit(2);
    }
  }
}

/* ------------------------------------------------------------- the files */

/* Whether dir holds the vector files (their provenance list is there). */
static int vectors_in(const char *dir) {
  char path[PATH_MAX];
  struct stat st;
  snprintf(path, sizeof path, "%s/SOURCES.md", dir);
  return stat(path, &st) == 0;
}

/* Points the test bodies at the vector files: HWC_VECTORS_DIR if set, else
 * <datadir>/hwcrypto/vectors reached from this executable's directory (an
 * installed tree, wherever it was moved; HWC_SELFTEST_BIN_TO_VECTORS is
 * the relative path the build computed), else the source tree it was built
 * from. */
static int find_vectors(void) {
  const char *env = getenv("HWC_VECTORS_DIR");
  if (env) {
    if (vectors_in(env)) return 1;
    fprintf(stderr, "hwcrypto-selftest: HWC_VECTORS_DIR=%s holds no vector files\n", env);
    return 0;
  }
  char exe[PATH_MAX], dir[PATH_MAX + 64];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) *slash = '\0';
    snprintf(dir, sizeof dir, "%s/%s", exe, HWC_SELFTEST_BIN_TO_VECTORS);
    if (vectors_in(dir)) return setenv("HWC_VECTORS_DIR", dir, 1) == 0;
  }
  if (vectors_in(HWC_VECTORS_DEFAULT)) return setenv("HWC_VECTORS_DIR", HWC_VECTORS_DEFAULT, 1) == 0;
  fprintf(stderr, "hwcrypto-selftest: the known-answer vector files are missing (looked beside the program in "
                  "%s and in %s); set HWC_VECTORS_DIR\n", HWC_SELFTEST_BIN_TO_VECTORS, HWC_VECTORS_DEFAULT);
  return 0;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ------------------------------------------------------------------ JSON */

/* Writes s as a JSON string. */
static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* With --json - the JSON has standard output to itself: json_stdout is
 * the original descriptor 1, and descriptor 1 then points where 2 does, so
 * everything people read goes to standard error. */
static int json_stdout = -1;

/* Opens the --json destination ("-": the original standard output). */
static FILE *json_open(const char *path) {
  if (strcmp(path, "-") == 0) return fdopen(json_stdout, "w");
  FILE *f = fopen(path, "w");
  if (!f) perror(path);
  return f;
}

static void json_close(FILE *f) {
  if (f) fclose(f);
}

/* -------------------------------------------------------------- one tier */

/* What one body did in round 0: its time and whether it drew random cases
 * (only those are worth another round with another seed). */
typedef struct body_stat {
  double seconds;
  int random, failed;
} body_stat;

/* Runs test t once; 1 if it passed. After a failure the selection the
 * failed loop left behind is undone: the next test starts from the
 * dispatcher's own choice, as it would have without the failure. */
static int run_one(hwc_test *t, const char *full, unsigned round) {
  fflush(NULL); /* a body's buffered output stays in its own redirection */
  running_test = full;
  running_round = round;
  volatile int ok = setjmp(on_fail) == 0;
  if (ok) t->fn();
  if (!ok) {
    t_forget_current_impl();
    hwc_dispatch_reinit_for_tests();
  }
  return ok;
}

/* Where the report goes: standard output as it was at the start. The
 * bodies narrate on standard output and error (vector file counts and the
 * like); a user wants the verdicts, so while they run both descriptors go
 * to /dev/null unless --verbose. */
static FILE *out;

/* The verdict line of one backend; returns 1 if it counts as a failure.
 * With a filter a backend the chosen tests do not reach is not a failure. */
static int backend_line(hwc_prim p, size_t i, int quiet, int filtered) {
  unsigned long ok = t_bodies_passed(p, i), bad = i < 32 ? failed_bodies[p][i] : 0;
  const char *sel = hwc_impl_selected(p);
  int is_sel = sel && strcmp(sel, hwc_impl_name(p, i)) == 0;
  int fail = bad || (!ok && !filtered);
  const char *verdict = bad ? "FAIL" : ok ? "ok" : filtered ? "-" : "FAIL";
  if (!quiet || fail)
    fprintf(out, "  %-4s  %-18s %-28s %6lu bodies agreed%s%s\n", verdict, hwc_prim_name(p), hwc_impl_name(p, i), ok,
            bad ? ", DISAGREED" : ok ? "" : filtered ? " (not reached by the chosen tests)" : ", NOT REACHED by any body",
            is_sel ? "  (selected)" : "");
  if (bad) fprintf(out, "        %lu failed bodies\n", bad);
  return fail;
}

/* Runs the rounds in this process (one tier) and writes its JSON object to
 * jf when not NULL. Returns the exit status. */
static int run_tier(const options *o, FILE *jf) {
  const char *tier = o->tier_name ? o->tier_name : "native";
  const char *mask = getenv("HWCRYPTO_CPU_DISABLE");
  double start = now();
  fflush(stdout);
  out = fdopen(dup(1), "w");
  if (!out) return 2;
  setvbuf(out, NULL, _IOLBF, 0);
  fprintf(out, "== tier %s%s%s\n", tier, mask ? ": HWCRYPTO_CPU_DISABLE=" : "", mask ? mask : "");
  fprintf(out, "cpu: %s\nvectors: %s\n", hwc_cpu_summary(), getenv("HWC_VECTORS_DIR"));

  int saved[2] = {-1, -1};
  if (!o->verbose) {
    fflush(NULL);
    int devnull = open("/dev/null", O_WRONLY);
    for (int fd = 1; fd <= 2 && devnull >= 0; fd++) {
      saved[fd - 1] = dup(fd);
      dup2(devnull, fd);
    }
    if (devnull >= 0) close(devnull);
  }

  size_t n_tests = 0;
  for (hwc_test *t = head; t; t = t->next) n_tests++;
  body_stat *stat = calloc(n_tests ? n_tests : 1, sizeof *stat);
  if (!stat) return 2;

  /* Round 0: everything once. */
  unsigned long passed = 0, failed = 0, random_runs = 0;
  t_reseed(o->seed);
  size_t k = 0;
  for (hwc_test *t = head; t; t = t->next, k++) {
    char full[256];
    snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
    if (o->filter && !strstr(full, o->filter)) {
      stat[k].failed = -1; /* filtered out */
      continue;
    }
    unsigned long draws = t_rand_draws();
    double t0 = now();
    int ok = run_one(t, full, 0);
    stat[k].seconds = now() - t0;
    stat[k].random = t_rand_draws() != draws;
    stat[k].failed = !ok;
    if (ok) passed++; else failed++;
    if (!o->quiet || !ok) fprintf(out, "[%s] %s (%.2f s)\n", ok ? "PASS" : "FAIL", full, stat[k].seconds);
    fflush(out);
  }
  double round0 = now() - start;

  /* Later rounds: the bodies with random cases, new seeds, while a body's
   * round-0 time still fits in the budget. */
  unsigned rounds = 0;
  for (;;) {
    double left = o->seconds - (now() - start);
    int ran = 0;
    t_reseed(o->seed + 0x9e3779b97f4a7c15ull * (rounds + 1));
    k = 0;
    for (hwc_test *t = head; t; t = t->next, k++) {
      if (stat[k].failed != 0 || !stat[k].random) continue;
      left = o->seconds - (now() - start);
      if (stat[k].seconds > left) continue;
      char full[256];
      snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
      int ok = run_one(t, full, rounds + 1);
      random_runs++;
      ran = 1;
      if (!ok) {
        stat[k].failed = 1;
        failed++;
        fprintf(out, "[FAIL] %s (round %u)\n", full, rounds + 1);
      }
    }
    if (!ran) break;
    rounds++;
  }
  double total = now() - start;
  fflush(NULL);
  for (int fd = 1; fd <= 2; fd++)
    if (saved[fd - 1] >= 0) {
      dup2(saved[fd - 1], fd);
      close(saved[fd - 1]);
    }

  fprintf(out, "round 0: %lu tests passed, %lu failed in %.1f s; then %u random round%s (%lu test runs) in %.1f s; "
         "seed 0x%llx\n",
         passed, failed, round0, rounds, rounds == 1 ? "" : "s", random_runs, total - round0,
         (unsigned long long)o->seed);
  for (size_t i = 0; i < n_failures; i++)
    fprintf(out, "  failure in %s%s%s (round %u): %s\n", failures[i].test, failures[i].backend[0] ? ", backend " : "",
           failures[i].backend, failures[i].round, failures[i].message);
  if (n_failures_all > n_failures) fprintf(out, "  ... and %zu more failures\n", n_failures_all - n_failures);

  /* Per backend. A whole run (no filter) must reach every backend this
   * CPU supports: one no body reached proved nothing. */
  fprintf(out, "backends (bodies that ran on each and agreed with generic and the vectors):\n");
  int bad_backends = 0;
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++)
      if (hwc_impl_supported((hwc_prim)p, i)) {
        bad_backends += backend_line((hwc_prim)p, i, o->quiet, o->filter != NULL);
      }
  int status = failed || bad_backends ? 1 : 0;
  fprintf(out, "tier %s: %s\n", tier,
         status ? "FAILED: a backend disagreed, a test failed or a backend was not reached"
                : "every backend this CPU runs agreed with generic and the known answers");
  fflush(out);

  if (jf) {
    fprintf(jf, "{\"tier\": ");
    json_str(jf, tier);
    fprintf(jf, ", \"mask\": ");
    json_str(jf, mask ? mask : "");
    fprintf(jf, ", \"cpu\": ");
    json_str(jf, hwc_cpu_summary());
    fprintf(jf, ", \"vectors\": ");
    json_str(jf, getenv("HWC_VECTORS_DIR"));
    fprintf(jf, ", \"passed\": %s, \"seed\": \"0x%llx\", \"seconds\": %.3f, \"round0_seconds\": %.3f, "
                "\"random_rounds\": %u, \"tests_passed\": %lu, \"tests_failed\": %lu, \"backends\": [",
            status ? "false" : "true", (unsigned long long)o->seed, total, round0, rounds, passed, failed);
    int first = 1;
    for (int p = 0; p < HWC_PRIM_COUNT; p++)
      for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
        if (!hwc_impl_supported((hwc_prim)p, i)) continue;
        const char *sel = hwc_impl_selected((hwc_prim)p);
        fprintf(jf, "%s\n  {\"primitive\": ", first ? "" : ",");
        json_str(jf, hwc_prim_name((hwc_prim)p));
        fprintf(jf, ", \"implementation\": ");
        json_str(jf, hwc_impl_name((hwc_prim)p, i));
        fprintf(jf, ", \"selected\": %s, \"bodies_agreed\": %lu, \"bodies_failed\": %lu}",
                sel && strcmp(sel, hwc_impl_name((hwc_prim)p, i)) == 0 ? "true" : "false",
                t_bodies_passed((hwc_prim)p, i), i < 32 ? failed_bodies[p][i] : 0ul);
        first = 0;
      }
    fprintf(jf, "],\n \"failures\": [");
    for (size_t i = 0; i < n_failures; i++) {
      fprintf(jf, "%s{\"test\": ", i ? ", " : "");
      json_str(jf, failures[i].test);
      fprintf(jf, ", \"backend\": ");
      json_str(jf, failures[i].backend);
      fprintf(jf, ", \"round\": %u, \"message\": ", failures[i].round);
      json_str(jf, failures[i].message);
      fputc('}', jf);
    }
    fprintf(jf, "]}");
  }
  free(stat);
  fclose(out);
  return status;
}

/* ----------------------------------------------------------------- tiers */

/* Runs this program again as the child of one tier, with `mask` hidden,
 * its JSON object into jpath; returns the child's exit status. */
static int run_child(const options *o, const char *name, const char *mask, const char *jpath) {
  char secs[32], seed[32];
  snprintf(secs, sizeof secs, "%.3f", o->seconds);
  snprintf(seed, sizeof seed, "0x%llx", (unsigned long long)o->seed);
  const char *argv[20];
  int a = 0;
  argv[a++] = "hwcrypto-selftest";
  argv[a++] = "--tier-child";
  argv[a++] = name;
  argv[a++] = "--seconds";
  argv[a++] = secs;
  argv[a++] = "--seed";
  argv[a++] = seed;
  argv[a++] = "--json";
  argv[a++] = jpath;
  if (o->thorough) argv[a++] = "--thorough";
  if (o->quiet) argv[a++] = "--quiet";
  if (o->verbose) argv[a++] = "--verbose";
  if (o->filter) {
    argv[a++] = "--filter";
    argv[a++] = o->filter;
  }
  argv[a] = NULL;
  if (*mask) setenv("HWCRYPTO_CPU_DISABLE", mask, 1); else unsetenv("HWCRYPTO_CPU_DISABLE");
  fflush(stdout);
  pid_t pid;
  int rc = posix_spawn(&pid, "/proc/self/exe", NULL, NULL, (char *const *)argv, environ);
  if (rc != 0) {
    fprintf(stderr, "hwcrypto-selftest: cannot start the tier %s child: %s\n", name, strerror(rc));
    return 1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0) {}
  if (WIFSIGNALED(st)) {
    printf("tier %s: the child died of signal %d (an instruction this CPU lacks, if SIGILL)\n", name,
           WTERMSIG(st));
    return 1;
  }
  return WEXITSTATUS(st);
}

/* Copies the file at path into f (a child's JSON object); 0 if absent. */
static int copy_file(FILE *f, const char *path) {
  FILE *in = fopen(path, "r");
  if (!in) return 0;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, f);
  fclose(in);
  return 1;
}

/* --tiers: one child per tier this CPU can reach (cpu_tiers.h), native
 * last, sharing the budget; then the summary and the combined JSON. */
static int tiers_main(const options *o) {
  cpu_tier_run plan[16];
  size_t n_plan = cpu_tiers_plan_here(plan, 16);
  const char *user_mask = getenv("HWCRYPTO_CPU_DISABLE");
  char *user = user_mask ? strdup(user_mask) : NULL;
  const char *names[16];
  const char *masks[16];
  size_t runs = 0;
  for (size_t i = 0; i < n_plan; i++) {
    if (!plan[i].runs) {
      printf("tier %s: %s\n", plan[i].name, plan[i].note);
      continue;
    }
    names[runs] = plan[i].name;
    masks[runs] = plan[i].disable;
    runs++;
  }

  options child = *o;
  child.seconds = o->seconds / (double)runs;
  char dir[] = "/tmp/hwcrypto-selftest-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    free(user);
    return 2;
  }
  int status[16], worst = 0;
  char jpath[16][sizeof dir + 32];
  for (size_t r = 0; r < runs; r++) {
    snprintf(jpath[r], sizeof jpath[0], "%s/tier%zu.json", dir, r);
    status[r] = run_child(&child, names[r], masks[r], jpath[r]);
    if (status[r] > worst) worst = status[r];
  }
  if (user) setenv("HWCRYPTO_CPU_DISABLE", user, 1); else unsetenv("HWCRYPTO_CPU_DISABLE");

  printf("\nsummary (seed 0x%llx, %.1f s per tier):\n", (unsigned long long)o->seed, child.seconds);
  for (size_t r = 0; r < runs; r++)
    printf("  %-4s  %-20s %s\n", status[r] ? "FAIL" : "ok", names[r], masks[r][0] ? masks[r] : "(no mask)");
  printf("verdict: %s\n", worst ? "FAIL" : "PASS: every tier's backends agreed");

  if (o->json) {
    FILE *jf = json_open(o->json);
    if (!jf) worst = worst ? worst : 2;
    else {
      fprintf(jf, "{\"tool\": \"hwcrypto-selftest\", \"version\": ");
      json_str(jf, hwc_version());
      fprintf(jf, ", \"passed\": %s, \"tiers\": [\n", worst ? "false" : "true");
      for (size_t r = 0; r < runs; r++) {
        if (r) fprintf(jf, ",\n");
        if (!copy_file(jf, jpath[r])) {
          fprintf(jf, "{\"tier\": ");
          json_str(jf, names[r]);
          fprintf(jf, ", \"passed\": false, \"error\": \"the child wrote no report\"}");
        }
      }
      fprintf(jf, "],\n\"not_run\": [");
      int first = 1;
      for (size_t i = 0; i < n_plan; i++) {
        if (plan[i].runs) continue;
        fprintf(jf, "%s{\"tier\": ", first ? "" : ", ");
        json_str(jf, plan[i].name);
        fprintf(jf, ", \"why\": ");
        json_str(jf, plan[i].note);
        fputc('}', jf);
        first = 0;
      }
      fprintf(jf, "]}\n");
      json_close(jf);
    }
  }
  for (size_t r = 0; r < runs; r++) remove(jpath[r]);
  rmdir(dir);
  free(user);
  return worst;
}

int main(int argc, char **argv) {
  options o;
  parse(argc, argv, &o);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (o.json && strcmp(o.json, "-") == 0) {
    json_stdout = dup(1);
    dup2(2, 1);
  }
  if (o.tiers && !o.tier_name) return tiers_main(&o);
  if (!find_vectors()) return 2;
  if (!o.thorough && !getenv("HWC_TEST_QUICK")) setenv("HWC_TEST_QUICK", "1", 1);
  if (!o.tier_name) printf("hwcrypto-selftest %s\n", hwc_version());
  FILE *jf = NULL;
  if (o.json) {
    /* A child writes its tier's object alone; the parent wraps them. */
    jf = o.tier_name ? fopen(o.json, "w") : json_open(o.json);
    if (!jf) return 2;
    if (!o.tier_name) {
      fprintf(jf, "{\"tool\": \"hwcrypto-selftest\", \"version\": ");
      json_str(jf, hwc_version());
      fprintf(jf, ", \"tiers\": [\n");
    }
  }
  int status = run_tier(&o, jf);
  if (jf) {
    if (!o.tier_name) fprintf(jf, "],\n\"passed\": %s}\n", status ? "false" : "true");
    json_close(jf);
  }
  if (!o.tier_name) printf("verdict: %s\n", status ? "FAIL" : "PASS");
  return status;
}
