/* Negative control for the constant-time harness: branches on a byte marked
 * secret, so valgrind must fail it (ctest expects the failure). If this ever
 * "passes", the ct-valgrind results mean nothing. */
#include <stdio.h>
#include <valgrind/memcheck.h>

int main(void) {
  volatile unsigned char secret[2] = {1, 2};
  VALGRIND_MAKE_MEM_UNDEFINED((void *)secret, sizeof secret);
  if (secret[1] == 2) puts("leaked through a branch");
  return 0;
}
