/* SPDX-License-Identifier: ISC */
/*
 * The documented configuration (provider/openssl-hwcrypto.cnf, given as
 * OPENSSL_CONF) does what docs/provider.md says: a fetch without a
 * property query gets hwcrypto's implementation where the provider offers
 * one, the default provider's for everything else (it stays active), and
 * a program's explicit "provider=default" still gets the default's.
 * Uses the global library context: that is what the configuration sets up
 * for unmodified programs.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

static int failures, checks;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "check failed: %s\n", what);
  }
}

/* The name of the provider serving the digest name under props. */
static const char *md_provider(const char *name, const char *props) {
  EVP_MD *md = EVP_MD_fetch(NULL, name, props);
  static char prov[64];
  snprintf(prov, sizeof prov, "%s", md ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)) : "(none)");
  EVP_MD_free(md);
  return prov;
}

int main(void) {
  check(OSSL_PROVIDER_available(NULL, "hwcrypto"), "the configuration loads hwcrypto");
  check(OSSL_PROVIDER_available(NULL, "default"), "the configuration keeps the default provider");
  /* SHA2-512 is offered under auto wherever an accelerated SHA-512 kernel
   * runs; the test environment widens nothing (no offer = all here). */
  OSSL_PROVIDER *h = OSSL_PROVIDER_load(NULL, "hwcrypto");
  const char *offered = NULL;
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_ptr("hwcrypto-offered", (char **)&offered, 0), OSSL_PARAM_END};
  check(h && OSSL_PROVIDER_get_params(h, q) && offered, "hwcrypto-offered");
  int sha512_offered = offered && strstr(offered, "SHA2-512: offered") != NULL;
  printf("SHA2-512 %s here; served by %s\n", sha512_offered ? "offered" : "not offered", md_provider("SHA512", NULL));
  check(strcmp(md_provider("SHA512", NULL), sha512_offered ? "hwcrypto" : "default") == 0,
        "SHA512 without a query: hwcrypto where offered, else default");
  check(strcmp(md_provider("SHA3-256", NULL), "default") == 0, "SHA3-256 from the default provider");
  check(strcmp(md_provider("MD5", NULL), "default") == 0, "MD5 from the default provider");
  check(strcmp(md_provider("SHA512", "provider=default") , "default") == 0, "an explicit provider=default wins");
  OSSL_PROVIDER_unload(h);
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
