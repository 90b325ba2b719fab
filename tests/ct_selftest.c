/* SPDX-License-Identifier: ISC */
/* Negative controls for the constant-time harness, one per kind of leak:
 * `branch` branches on a byte marked secret, `index` reads a table at a
 * secret index. Built with the method of tests/ct.h (valgrind or msan), each
 * must be reported by that method, so ctest expects a failure (WILL_FAIL);
 * without a report the program exits 0. If either ever "passes", that
 * method's ct results mean nothing. */
#include <stdio.h>

#include "ct.h"

int main(int argc, char **argv) {
  const char *kind = argc > 1 ? argv[1] : "";
  static volatile unsigned char table[256];
  unsigned char secret[2] = {1, 2};
#ifdef HWC_CT_QEMU_TRACE
  /* Differential: the secret bytes differ between runs (complemented in
   * the second), so the branch tests one bit, as a square-and-multiply
   * loop would; a branch on equality with one value is found only by a run
   * that draws it (tests/CT.md). The leak sits in a segment of its own,
   * which tests/ct_trace.py --expect-leak requires to differ. */
  int branch = strcmp(kind, "branch") == 0, index = strcmp(kind, "index") == 0;
  if (!branch && !index) {
    fprintf(stderr, "usage: %s branch|index\n", argv[0]);
    return 0;
  }
  ct_trace_open("selftest %s", kind);
  ct_secret(secret, sizeof secret);
  if (branch && (secret[1] & 0x10)) puts("leaked through a branch");
  if (index) printf("leaked through an index: %d\n", table[secret[0]]);
  ct_trace_close();
  puts("not caught");
  return 0;
#else
  ct_secret(secret, sizeof secret);
  if (strcmp(kind, "branch") == 0) {
    if (secret[1] == 2) puts("leaked through a branch");
  } else if (strcmp(kind, "index") == 0) {
    printf("leaked through an index: %d\n", table[secret[0]]);
  } else {
    fprintf(stderr, "usage: %s branch|index\n", argv[0]);
    return 0; /* never a failure a WILL_FAIL test could count as caught */
  }
  puts("not caught");
  return 0;
#endif
}
