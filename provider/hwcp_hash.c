/* SPDX-License-Identifier: ISC */
#include "hwcp_hash.h"

static const struct {
  const char *name;
  hwc_hash h;
} native[] = {{"SHA1", HWC_HASH_SHA1}, {"SHA2-256", HWC_HASH_SHA256}, {"SHA2-384", HWC_HASH_SHA384},
              {"SHA2-512", HWC_HASH_SHA512}};

int hwcp_native_hash(const EVP_MD *md, hwc_hash *h) {
  for (size_t i = 0; md && i < sizeof native / sizeof native[0]; i++)
    if (EVP_MD_is_a(md, native[i].name)) {
      *h = native[i].h;
      return 1;
    }
  return 0;
}

const char *hwcp_hash_name(hwc_hash h) {
  for (size_t i = 0; i < sizeof native / sizeof native[0]; i++)
    if (native[i].h == h) return native[i].name;
  return "";
}
