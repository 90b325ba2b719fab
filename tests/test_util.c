/* SPDX-License-Identifier: ISC */
/* Errors, wiping, constant-time comparison, randomness. */
#include "check.h"

HWC_TEST(util, strerror_names_every_code) {
  const int codes[] = {HWC_OK, HWC_ERR_INVALID_ARG, HWC_ERR_AUTH, HWC_ERR_VERIFY, HWC_ERR_BAD_KEY,
                       HWC_ERR_BAD_ENCODING, HWC_ERR_NOMEM, HWC_ERR_RNG, HWC_ERR_UNSUPPORTED, HWC_ERR_TOO_LONG};
  size_t n = sizeof codes / sizeof codes[0];
  for (size_t i = 0; i < n; i++) {
    CHECK(strcmp(hwc_strerror(codes[i]), "unknown error") != 0);
    for (size_t j = 0; j < i; j++) CHECK(strcmp(hwc_strerror(codes[i]), hwc_strerror(codes[j])) != 0);
  }
  CHECK(strcmp(hwc_strerror(12345), "unknown error") == 0);
}

HWC_TEST(util, memequal) {
  uint8_t a[100], b[100];
  t_rand_bytes(a, sizeof a);
  memcpy(b, a, sizeof a);
  CHECK(hwc_memequal(a, b, sizeof a) == 1);
  CHECK(hwc_memequal(NULL, NULL, 0) == 1);
  for (size_t i = 0; i < sizeof a; i++)
    for (int bit = 0; bit < 8; bit++) {
      b[i] ^= (uint8_t)(1 << bit);
      CHECK(hwc_memequal(a, b, sizeof a) == 0);
      b[i] ^= (uint8_t)(1 << bit);
    }
}

HWC_TEST(util, memzero) {
  uint8_t a[37];
  memset(a, 0xa5, sizeof a);
  hwc_memzero(a + 1, 35);
  CHECK(a[0] == 0xa5 && a[36] == 0xa5);
  for (int i = 1; i < 36; i++) CHECK(a[i] == 0);
  hwc_memzero(NULL, 0);
}

HWC_TEST(util, random_bytes) {
  uint8_t a[64] = {0}, b[64] = {0};
  CHECK(hwc_random_bytes(a, sizeof a) == HWC_OK);
  CHECK(hwc_random_bytes(b, sizeof b) == HWC_OK);
  CHECK(memcmp(a, b, sizeof a) != 0);
  CHECK(hwc_random_bytes(NULL, 0) == HWC_OK);
  CHECK(hwc_random_bytes(NULL, 1) == HWC_ERR_INVALID_ARG);
}

/* The header's macros and the library's string are one version (CMake
 * takes the package version from the same macros). */
HWC_TEST(util, version) {
  char want[32];
  snprintf(want, sizeof want, "%d.%d.%d", HWC_VERSION_MAJOR, HWC_VERSION_MINOR, HWC_VERSION_PATCH);
  CHECK(strcmp(want, HWC_VERSION_STRING) == 0);
  CHECK(strcmp(hwc_version(), HWC_VERSION_STRING) == 0);
}
