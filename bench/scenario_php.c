/* SPDX-License-Identifier: ISC */
/*
 * Scenario sodium-loop-php (scenario_php.h): what the drop-in gives a PHP
 * application, measured the way sodium/bench/seed_loop.sh does, inside the
 * report. The loop times itself (PHP's hrtime around the loop), so php's
 * start-up, which the drop-in does not change, stays out of the figure;
 * each run is a fresh php process, the only way to preload or not.
 *
 * The files are found as the bench finds its own (selfpath.c): relative to
 * the executable first, so an installed, relocated prefix works, and the
 * build and source trees compiled in only as the fallback.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scenario_php.h"
#include "selfpath.h"

#ifndef HWC_BENCH_BIN_TO_LIB
#define HWC_BENCH_BIN_TO_LIB "../lib"
#endif
#ifndef HWC_BENCH_BIN_TO_DATA
#define HWC_BENCH_BIN_TO_DATA "../share/hwcrypto"
#endif
#define DROPIN "libhwcrypto-sodium.so"
#define SCRIPT "seed_loop.php"

extern char **environ;

const bench_row php_loop_row = {"sodium-loop-php", HWC_PRIM_FE25519, BENCH_OP, NULL, NULL, NULL};

/* Whether path names a regular file: a directory or a dangling link of
 * that name is not the file we want, and would fail later, less clearly. */
static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* path into out if it is a file, canonical (realpath) so the reports show
 * /opt/x/lib/... rather than /opt/x/bin/../lib/...; 0 if it is. */
static int take(char *out, size_t cap, const char *path) {
  if (!is_file(path)) return -1;
  char *canon = realpath(path, NULL);
  int fits = snprintf(out, cap, "%s", canon ? canon : path) < (int)cap;
  free(canon);
  return fits ? 0 : -1;
}

/* take() of dir/rel/name. */
static int take_under(char *out, size_t cap, const char *dir, const char *rel, const char *name) {
  char p[PATH_MAX];
  return snprintf(p, sizeof p, "%s/%s/%s", dir, rel, name) < (int)sizeof p ? take(out, cap, p) : -1;
}

/* The directory of the running executable, where the installed relative
 * paths start; "" when unknown (then only the compiled-in fallbacks). */
static void exe_dir(char *buf, size_t cap) {
  bench_self_exe(buf, cap, NULL);
  char *slash = strrchr(buf, '/');
  if (slash)
    *slash = '\0';
  else
    buf[0] = '\0';
}

/* name in the first PATH directory that has it executable, as execvp
 * would find it; we resolve it ourselves so the note can name the file. */
static int find_on_path(char *out, size_t cap, const char *name) {
  const char *path = getenv("PATH");
  if (!path || !*path) path = "/usr/bin:/bin";
  for (const char *s = path; *s;) {
    size_t n = strcspn(s, ":");
    if (n > 0 && snprintf(out, cap, "%.*s/%s", (int)n, s, name) < (int)cap && is_file(out) &&
        access(out, X_OK) == 0)
      return 0;
    s += n + (s[n] == ':');
  }
  return -1;
}

/* Runs argv[0] with argv, its stdout and stderr into out (NUL-terminated,
 * the rest discarded): stderr too, so a loader's "cannot be preloaded"
 * warning, which leaves the program running on libsodium alone, is seen
 * rather than measured as ours. The environment is ours minus LD_PRELOAD,
 * plus LD_PRELOAD=preload when given, so only the "ours" run is preloaded
 * whatever the bench itself was started with. Returns the exit status
 * (-1: not run or killed by a signal). */
static int spawn_read(char *const argv[], const char *preload, char *out, size_t cap) {
  size_t n = 0;
  while (environ[n]) n++;
  char **envp = malloc((n + 2) * sizeof *envp), *pre = NULL;
  if (!envp) return -1;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0) envp[k++] = environ[i];
  if (preload) {
    size_t len = strlen(preload) + 12;
    if (!(pre = malloc(len))) {
      free(envp);
      return -1;
    }
    snprintf(pre, len, "LD_PRELOAD=%s", preload);
    envp[k++] = pre;
  }
  envp[k] = NULL;

  int fd[2], status = -1;
  pid_t pid = -1;
  posix_spawn_file_actions_t fa;
  out[0] = '\0';
  if (pipe(fd) == 0) {
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, envp) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    size_t got = 0;
    char sink[512];
    for (;;) {
      char *dst = got + 1 < cap ? out + got : sink;
      size_t room = got + 1 < cap ? cap - 1 - got : sizeof sink;
      ssize_t r = read(fd[0], dst, room);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      if (dst == out + got) got += (size_t)r;
    }
    out[got] = '\0';
    close(fd[0]);
  }
  int ws;
  while (pid > 0 && waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
  }
  if (pid > 0 && WIFEXITED(ws)) status = WEXITSTATUS(ws);
  free(pre);
  free(envp);
  return status;
}

/* The first line of a program's output, for a one-line reason. */
static const char *first_line(const char *s, char *buf, size_t cap) {
  snprintf(buf, cap, "%.*s", (int)strcspn(s, "\n"), s);
  return buf[0] ? buf : "(no output)";
}

/* The drop-in installed beside libhwcrypto.so (the executable's relative
 * path to the libdir, as its rpath), else the one of the build tree. */
static int find_dropin(char *out, size_t cap, const char *dir) {
  if (dir[0] && take_under(out, cap, dir, HWC_BENCH_BIN_TO_LIB, DROPIN) == 0) return 0;
#ifdef HWC_BENCH_BUILD_DROPIN
  if (HWC_BENCH_BUILD_DROPIN[0] && take(out, cap, HWC_BENCH_BUILD_DROPIN) == 0) return 0;
#endif
  return -1;
}

/* seed_loop.php installed in <datadir>/hwcrypto, else the source tree's. */
static int find_script(char *out, size_t cap, const char *dir) {
  if (dir[0] && take_under(out, cap, dir, HWC_BENCH_BIN_TO_DATA, SCRIPT) == 0) return 0;
#ifdef HWC_BENCH_SOURCE_ROOT
  if (take_under(out, cap, HWC_BENCH_SOURCE_ROOT, "sodium/bench", SCRIPT) == 0) return 0;
#endif
  return -1;
}

int php_loop_find(php_loop *p, char *why, size_t cap) {
  char dir[PATH_MAX];
  exe_dir(dir, sizeof dir);
  if (find_dropin(p->dropin, sizeof p->dropin, dir) != 0) {
    snprintf(why, cap, "%s not found (it is built where libsodium-dev is installed)", DROPIN);
    return -1;
  }
  if (find_script(p->script, sizeof p->script, dir) != 0) {
    snprintf(why, cap, "%s not found", SCRIPT);
    return -1;
  }
  if (find_on_path(p->php, sizeof p->php, "php") != 0) {
    snprintf(why, cap, "php not found on PATH (apt-get install php8.2-cli)");
    return -1;
  }
  /* The same answer with and without the drop-in: php has ext/sodium,
   * and the loader took the drop-in without a word. */
  char *probe[] = {p->php, "-r", "echo extension_loaded('sodium') ? PHP_VERSION : 'no-sodium', \"\\n\";", NULL};
  char plain[256], pre[256], line[128];
  int rc = spawn_read(probe, NULL, plain, sizeof plain);
  if (rc != 0) {
    snprintf(why, cap, "%s -r exited %d: %s", p->php, rc, first_line(plain, line, sizeof line));
    return -1;
  }
  if (strcmp(plain, "no-sodium\n") == 0) {
    snprintf(why, cap, "%s has no sodium extension", p->php);
    return -1;
  }
  rc = spawn_read(probe, p->dropin, pre, sizeof pre);
  if (rc != 0 || strcmp(pre, plain) != 0) {
    snprintf(why, cap, "%s does not preload cleanly into %s: %s", p->dropin, p->php, first_line(pre, line, sizeof line));
    return -1;
  }
  snprintf(p->version, sizeof p->version, "%.*s", (int)strcspn(plain, "\n"), plain);
  return 0;
}

/* One run of the loop, preloaded or not: its seconds and digest from the
 * one line "<seconds> <sha256 hex>" it must print and nothing else. */
static int loop_once(const php_loop *p, int ours, unsigned iters, double *secs, char digest[65], char *why,
                     size_t cap) {
  char n[16], out[512], line[128];
  snprintf(n, sizeof n, "%u", iters);
  char *argv[] = {(char *)p->php, (char *)p->script, n, NULL};
  int rc = spawn_read(argv, ours ? p->dropin : NULL, out, sizeof out), end = 0;
  const char *side = ours ? "with the drop-in" : "without the drop-in";
  if (rc != 0) {
    snprintf(why, cap, "php %s exited %d: %s", side, rc, first_line(out, line, sizeof line));
    return -1;
  }
  if (sscanf(out, "%lf %64[0-9a-f]%n", secs, digest, &end) != 2 || strlen(digest) != 64 || strcmp(out + end, "\n") != 0 ||
      !(*secs > 0)) {
    snprintf(why, cap, "php %s printed '%s', not '<seconds> <digest>'", side, first_line(out, line, sizeof line));
    return -1;
  }
  return 0;
}

/* A figure from per-iteration times, as timer.c's summarise: median (mean
 * of the middle two for an even count), min, max; ticks from the median. */
static void summarise(double *ns, unsigned runs, double hz, bench_figure *fig) {
  for (unsigned i = 1; i < runs; i++) /* insertion sort: at most 101 runs */
    for (unsigned j = i; j > 0 && ns[j - 1] > ns[j]; j--) {
      double t = ns[j];
      ns[j] = ns[j - 1];
      ns[j - 1] = t;
    }
  fig->median_ns = runs % 2 ? ns[runs / 2] : (ns[runs / 2 - 1] + ns[runs / 2]) / 2;
  fig->min_ns = ns[0];
  fig->max_ns = ns[runs - 1];
  fig->ticks = fig->median_ns * hz / 1e9;
  fig->runs = runs;
}

int php_loop_measure(const php_loop *p, unsigned iters, unsigned runs, double hz, bench_figure *ours,
                     bench_figure *peer, char *why, size_t cap) {
  double ns[2][101];
  char first[65] = "", d[65];
  if (runs < 1) runs = 1;
  if (runs > 101) runs = 101;
  /* r == 0 is the warm-up pair (page cache, the CPU's clock ramp): its
   * digests are checked, its times dropped. */
  for (unsigned r = 0; r <= runs; r++)
    for (int side = 0; side < 2; side++) {
      double s;
      if (loop_once(p, side == 0, iters, &s, d, why, cap) != 0) return -1;
      if (!first[0]) {
        memcpy(first, d, sizeof first);
      } else if (strcmp(first, d) != 0) {
        snprintf(why, cap, "the loop's results differ: digest %s with the drop-in, %s %s", first, d,
                 side ? "without it" : "in a later run with it");
        return -1;
      }
      if (r > 0) ns[side][r - 1] = s * 1e9 / iters;
    }
  summarise(ns[0], runs, hz, ours);
  summarise(ns[1], runs, hz, peer);
  return 0;
}
