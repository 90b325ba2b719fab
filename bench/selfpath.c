/* SPDX-License-Identifier: ISC */
/*
 * The bench's own location (selfpath.h). An installed bench must not
 * depend on the tree it was built from: that tree may be gone, or belong
 * to another machine when the binary was copied across a fleet. So the
 * companion files are looked up relative to the executable first
 * (HWC_BENCH_BIN_TO_DATA, the path from the install's bindir to
 * <datadir>/hwcrypto, computed by CMake), which keeps working when the
 * prefix is moved (cmake --install --prefix DIR); the compiled-in source
 * tree (HWC_BENCH_SOURCE_ROOT) is only the fallback for the build tree.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "selfpath.h"

#ifndef HWC_BENCH_BIN_TO_DATA
#define HWC_BENCH_BIN_TO_DATA "../share/hwcrypto"
#endif

/* The running executable's path, argv0 as the fallback (selfpath.h). */
const char *bench_self_exe(char *buf, size_t cap, const char *argv0) {
  /* Under qemu-user /proc/self/exe is emulated too: it names the guest
   * binary, which is what HWC_BENCH_EMULATOR must be given. */
  ssize_t n = cap ? readlink("/proc/self/exe", buf, cap - 1) : -1;
  if (n > 0 && (size_t)n < cap - 1) {
    buf[n] = '\0';
    return buf;
  }
  if (cap) snprintf(buf, cap, "%s", argv0 ? argv0 : "hwcrypto-bench");
  return buf;
}

/* Whether root/bench/README.md exists: the marker of a data root. */
static int holds_readme(const char *root) {
  char p[PATH_MAX + 32];
  struct stat st;
  if (snprintf(p, sizeof p, "%s/bench/README.md", root) >= (int)sizeof p) return 0;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The installed data directory beside the executable, else the source
 * tree, else NULL (selfpath.h). */
const char *bench_data_root(int *installed) {
  static char root[PATH_MAX + 64];
  char exe[PATH_MAX];
  *installed = 0;
  bench_self_exe(exe, sizeof exe, NULL);
  char *slash = strrchr(exe, '/');
  if (slash) {
    *slash = '\0';
    if (snprintf(root, sizeof root, "%s/%s", exe, HWC_BENCH_BIN_TO_DATA) < (int)sizeof root && holds_readme(root)) {
      *installed = 1;
      /* Shown to the user: /opt/x/share/hwcrypto rather than /opt/x/bin/../share/hwcrypto. */
      char *canon = realpath(root, NULL);
      if (canon && strlen(canon) < sizeof root) memcpy(root, canon, strlen(canon) + 1);
      free(canon);
      return root;
    }
  }
#ifdef HWC_BENCH_SOURCE_ROOT
  if (holds_readme(HWC_BENCH_SOURCE_ROOT)) return HWC_BENCH_SOURCE_ROOT;
#endif
  return NULL;
}
