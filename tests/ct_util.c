/* SPDX-License-Identifier: ISC */
/* hwc_memequal on secret buffers (a computed tag against a received one):
 * it must read every byte whatever the first difference, with no branch or
 * index on the contents; only its 0/1 answer becomes public, here by the
 * test and in the library where the AEADs declassify their verdict. */
#include "ct.h"

HWC_TEST(ct, memequal) {
  uint8_t a[67], b[67];
  for (size_t len = 0; len <= sizeof a; len += 11) {
    for (int differ = 0; differ < 3; differ++) {
      t_rand_bytes(a, sizeof a);
      ct_secret(a, sizeof a);
      /* b is a's copy, secret through it (qemu-trace rewrites what
       * ct_secret marks, and a and b must stay equal but for the flip). */
      memcpy(b, a, sizeof a);
      if (differ && len) b[differ == 1 ? 0 : len - 1] ^= 0x40; /* first or last byte */
      int eq = hwc_memequal(a, b, len);
      ct_public(&eq, sizeof eq);
      CHECK(eq == (differ == 0 || len == 0));
      ct_public(a, sizeof a);
      ct_public(b, sizeof b);
    }
  }
#if CT_TRACKS_TAINT
  printf("ct: hwc_memequal covered by %s\n", CT_METHOD);
#endif /* qemu-trace: tests/ct_trace.py says, from the test's own segment */
}
