/* SPDX-License-Identifier: ISC */
/* Without libFuzzer: replay the files named on the command line (a
 * directory stands for every file in it, so a make_seeds corpus or a
 * libFuzzer corpus replays in one call), or, with --random N, N
 * pseudo-random inputs of random lengths. */
#include <dirent.h>
#include <stdint.h>
#include <sys/stat.h>

#include "fuzz.h"

static uint64_t rng = 0x853c49e6748fea9bull;
static uint8_t next_byte(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint8_t)rng;
}

/* Runs the harness on one file's bytes; 0 if it cannot be read. */
static int replay_file(const char *path) {
  static uint8_t buf[1 << 20];
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 0;
  }
  size_t len = fread(buf, 1, sizeof buf, f);
  fclose(f);
  LLVMFuzzerTestOneInput(buf, len);
  return 1;
}

/* Replays path, or every regular file directly inside it; returns how many
 * inputs ran, or -1 on an unreadable path. */
static long replay_path(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    perror(path);
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) return replay_file(path) ? 1 : -1;
  DIR *d = opendir(path);
  if (!d) {
    perror(path);
    return -1;
  }
  long n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    char file[4096];
    snprintf(file, sizeof file, "%s/%s", path, e->d_name);
    if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (!replay_file(file)) {
      closedir(d);
      return -1;
    }
    n++;
  }
  closedir(d);
  return n;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--random") == 0) {
    long n = atol(argv[2]);
    static uint8_t buf[4096];
    for (long i = 0; i < n; i++) {
      size_t len = (size_t)(next_byte() | next_byte() << 8) % sizeof buf;
      for (size_t j = 0; j < len; j++) buf[j] = next_byte();
      LLVMFuzzerTestOneInput(buf, len);
    }
    printf("%s: %ld random inputs, no disagreement\n", argv[0], n);
    return 0;
  }
  long total = 0;
  for (int a = 1; a < argc; a++) {
    long n = replay_path(argv[a]);
    if (n < 0) return 1;
    total += n;
  }
  /* An empty corpus must not pass as a clean replay. */
  if (total == 0) {
    fprintf(stderr, "%s: no inputs replayed\n", argv[0]);
    return 1;
  }
  printf("%s: %ld inputs replayed, no disagreement\n", argv[0], total);
  return 0;
}
