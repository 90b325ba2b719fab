/* SPDX-License-Identifier: ISC */
/*
 * Report files written atomically: each is created up front as a temporary
 * file beside its final name (so an unwritable destination is an error
 * before the long measurement, not after it), filled, and renamed over its
 * final name only when every file of the run is complete. A failure or an
 * interrupting signal removes the temporaries, so no reader ever sees a
 * partial report, and a run that fails midway leaves no new file at all.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

#define MAX_OUT 4

static struct {
  char tmp[4096];
  const char *path;
  FILE *f;
} out[MAX_OUT];
static size_t n_out;
/* Read by the signal handler: how many entries of out[] have a live temp. */
static volatile sig_atomic_t live;

static void remove_all(void) {
  for (sig_atomic_t i = 0; i < live; i++) unlink(out[i].tmp);
  live = 0;
}

static void on_signal(int sig) {
  for (sig_atomic_t i = 0; i < live; i++) unlink(out[i].tmp);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void fail(const char *what, const char *path, const char *why) {
  fprintf(stderr, "hwcrypto-bench: %s %s: %s\n", what, path, why);
  remove_all();
  exit(2);
}

FILE *out_reserve(const char *path, const char *what) {
  struct stat st;
  if (n_out == MAX_OUT) fail(what, path, "too many output files");
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) fail(what, path, "is a directory");
  if (strlen(path) + 16 > sizeof out[0].tmp) fail(what, path, "path too long");
  snprintf(out[n_out].tmp, sizeof out[0].tmp, "%s.tmp-XXXXXX", path);
  int fd = mkstemp(out[n_out].tmp);
  if (fd < 0) fail(what, path, strerror(errno));
  out[n_out].path = path;
  live = (sig_atomic_t)++n_out;
  if (n_out == 1) {
    atexit(remove_all);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    /* A crash in a measured kernel must not leave temporaries either. */
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
  }
  /* mkstemp makes the file 0600; a report is as readable as any file. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  FILE *f = fdopen(fd, "w");
  if (!f) fail(what, path, strerror(errno));
  out[n_out - 1].f = f;
  return f;
}

int out_commit(void) {
  int ok = 1;
  for (size_t i = 0; i < n_out; i++) {
    FILE *f = out[i].f;
    int good = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
    good &= fclose(f) == 0;
    if (!good && ok) fprintf(stderr, "hwcrypto-bench: writing %s failed: %s\n", out[i].path, strerror(errno));
    ok &= good;
  }
  if (!ok) {
    remove_all();
    return -1;
  }
  for (size_t i = 0; i < n_out; i++) {
    if (rename(out[i].tmp, out[i].path) != 0) {
      fprintf(stderr, "hwcrypto-bench: writing %s failed: %s\n", out[i].path, strerror(errno));
      /* The files already renamed belong to this failed run: take them
       * back too, so the set is never half new. */
      for (size_t j = 0; j < i; j++) unlink(out[j].path);
      for (size_t j = i; j < n_out; j++) unlink(out[j].tmp);
      live = 0;
      return -1;
    }
  }
  live = 0;
  return 0;
}
