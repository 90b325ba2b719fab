/* SPDX-License-Identifier: ISC */
/*
 * The documented configuration (provider/openssl-hwcrypto.cnf, given as
 * OPENSSL_CONF) does what docs/provider.md says: a fetch without a
 * property query gets hwcrypto's implementation where the provider offers
 * one, the default provider's for everything else (it stays active), and
 * a program's explicit "provider=default" still gets the default's.
 * Uses the global library context (not pt_setup's): that is what the
 * configuration sets up for unmodified programs.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "ptest.h"

/* The name of the provider serving the digest name under props. */
static const char *md_provider(const char *name, const char *props) {
  EVP_MD *md = EVP_MD_fetch(NULL, name, props);
  static char prov[64];
  snprintf(prov, sizeof prov, "%s", md ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)) : "(none)");
  EVP_MD_free(md);
  return prov;
}

int main(void) {
  PT_CHECK(OSSL_PROVIDER_available(NULL, "hwcrypto")); /* the configuration loads hwcrypto */
  PT_CHECK(OSSL_PROVIDER_available(NULL, "default"));  /* and keeps the default provider */
  /* SHA2-512 is offered under auto wherever an accelerated SHA-512 kernel
   * runs; the test environment widens nothing (no offer = all here). */
  OSSL_PROVIDER *h = OSSL_PROVIDER_load(NULL, "hwcrypto");
  const char *offered = NULL;
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_ptr("hwcrypto-offered", (char **)&offered, 0), OSSL_PARAM_END};
  PT_CHECK(h && OSSL_PROVIDER_get_params(h, q) && offered);
  int sha512_offered = offered && strstr(offered, "SHA2-512: offered") != NULL;
  printf("SHA2-512 %s here; served by %s\n", sha512_offered ? "offered" : "not offered", md_provider("SHA512", NULL));
  /* SHA512 without a query: hwcrypto where offered, else default */
  PT_CHECK(strcmp(md_provider("SHA512", NULL), sha512_offered ? "hwcrypto" : "default") == 0);
  PT_CHECK(strcmp(md_provider("SHA3-256", NULL), "default") == 0);
  PT_CHECK(strcmp(md_provider("MD5", NULL), "default") == 0);
  PT_CHECK(strcmp(md_provider("SHA512", "provider=default"), "default") == 0); /* an explicit query wins */
  OSSL_PROVIDER_unload(h);
  return pt_report();
}
