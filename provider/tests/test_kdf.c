/* SPDX-License-Identifier: ISC */
/*
 * The provider's HKDF and TLS13-KDF against the default provider's,
 * through EVP_KDF: a grid of digests (hwcrypto's by several names, and
 * ones it lacks, handed to the default provider), modes (as int and as
 * string), key, salt and info lengths (info in several pieces), output
 * lengths up to and past 255 * HashLen, with the parameters given to
 * derive or set before it; then call sequences (scenarios) run on a
 * context of each provider, every return value, output and getter
 * recorded and the records compared: missing digest or key, zero and
 * wrong lengths, NULL output, reset, info concatenation and its 32 KiB
 * bound, wrong types, failed fetches, TLS 1.3's mode rule and data drop,
 * the extract step with and without key and salt, the label bounds, a
 * context handed on after parameters were set. RFC 5869 and RFC 8448
 * known answers. All of it once per SHA backend (pt_main).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "ptest.h"

static EVP_KDF *hk_ours, *hk_ref, *t13_ours, *t13_ref;
static uint8_t bytes[40000];
static uint8_t out_a[16384];

static const char *const digests[] = {"SHA1",     "SHA-1",    "SHA2-256", "SHA256", "sha-256",
                                      "SHA2-384", "SHA2-512", "SHA512",   "SHA2-224", "SHA3-256", "MD5"};
static const char *const mode_names[] = {"EXTRACT_AND_EXPAND", "extract_only", "Expand_Only"};

/* ---- the steps a scenario records (pt_log: everything one call sequence returned) */
static void r_set(pt_log *r, EVP_KDF_CTX *c, const OSSL_PARAM *ps) {
  pt_put_int(r, EVP_KDF_CTX_set_params(c, ps));
  ERR_clear_error();
}
/* Derives len bytes (into a poisoned buffer; out NULL when nul). */
static void r_derive(pt_log *r, EVP_KDF_CTX *c, size_t len, const OSSL_PARAM *ps, int nul) {
  uint8_t *o = len <= sizeof out_a ? out_a : NULL;
  if (o) memset(o, 0xa5, len);
  int ok = EVP_KDF_derive(c, nul ? NULL : o, len, ps);
  pt_put_int(r, ok);
  if (ok && o && !nul) pt_put(r, o, len);
  ERR_clear_error();
}
/* The getters: size (twice: through EVP and the raw parameter), info
 * into a buffer of cap bytes, and a parameter neither has. */
static void r_get(pt_log *r, EVP_KDF_CTX *c, size_t cap) {
  size_t s = 7;
  uint8_t info[64] = {0};
  int x = 0;
  pt_put(r, (size_t[]){EVP_KDF_CTX_get_kdf_size(c)}, sizeof(size_t));
  OSSL_PARAM q[] = {OSSL_PARAM_construct_size_t("size", &s), OSSL_PARAM_END};
  pt_put_int(r, EVP_KDF_CTX_get_params(c, q));
  pt_put(r, &s, sizeof s);
  OSSL_PARAM i[] = {OSSL_PARAM_construct_octet_string("info", info, cap), OSSL_PARAM_END};
  pt_put_int(r, EVP_KDF_CTX_get_params(c, i));
  pt_put(r, &i[0].return_size, sizeof(size_t));
  pt_put(r, info, sizeof info);
  OSSL_PARAM u[] = {OSSL_PARAM_construct_int("nothing", &x), OSSL_PARAM_END};
  pt_put_int(r, EVP_KDF_CTX_get_params(c, u));
  ERR_clear_error();
}

static OSSL_PARAM p_str(const char *k, const char *v) { return OSSL_PARAM_construct_utf8_string(k, (char *)v, 0); }
static OSSL_PARAM p_oct(const char *k, const uint8_t *v, size_t n) {
  return OSSL_PARAM_construct_octet_string(k, (void *)v, n);
}
static OSSL_PARAM p_end(void) { return OSSL_PARAM_construct_end(); }

/* ---- the HKDF grid */
static size_t md_size(const char *d) {
  EVP_MD *md = EVP_MD_fetch(pt_libctx, d, "provider=default");
  size_t n = md ? (size_t)EVP_MD_get_size(md) : 0;
  EVP_MD_free(md);
  return n;
}

static void hkdf_grid(void) {
  static const size_t keys[] = {0, 1, 19, 20, 21, 32, 48, 64, 65, 128, 129, 200};
  static const int salts[] = {-1, 0, 1, 13, 32, 64, 65, 200}; /* -1: no salt parameter */
  static const int infos[] = {-1, 0, 1, 10, 80, 1000};        /* -1: no info parameter */
  static pt_log a, b;
  for (size_t d = 0; d < sizeof digests / sizeof digests[0]; d++) {
    size_t hl = md_size(digests[d]);
    PT_CHECK(hl > 0);
    const size_t outs[] = {1, 16, hl - 1, hl, hl + 1, 2 * hl + 3, 255 * hl, 255 * hl + 1};
    for (int mode = 0; mode < 3; mode++)
      for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        for (size_t s = 0; s < sizeof salts / sizeof salts[0]; s++)
          for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++) {
            if ((k + s + i) % 3 && !(mode == 2 && i == 3)) continue; /* a third of the grid, all of expand-only */
            OSSL_PARAM ps[10], *q = ps;
            int m = mode;
            *q++ = p_str("digest", digests[d]);
            *q++ = (k & 1) ? p_str("mode", mode_names[mode]) : OSSL_PARAM_construct_int("mode", &m);
            *q++ = p_oct("key", bytes + 1, keys[k]);
            if (salts[s] >= 0) *q++ = p_oct("salt", bytes + 300, (size_t)salts[s]);
            if (infos[i] >= 0) { /* in one, two or three pieces */
              size_t n = (size_t)infos[i], cut1 = n / 3, cut2 = n / 2 + (s & 1);
              if (cut2 > n) cut2 = n;
              if (s % 3 == 0) *q++ = p_oct("info", bytes + 600, n);
              else if (s % 3 == 1) *q++ = p_oct("info", bytes + 600, cut2), *q++ = p_oct("info", bytes + 600 + cut2, n - cut2);
              else *q++ = p_oct("info", bytes + 600, cut1), *q++ = p_oct("info", bytes + 600 + cut1, cut2 - cut1),
                   *q++ = p_oct("info", bytes + 600 + cut2, n - cut2);
            }
            *q = p_end();
            for (size_t o = 0; o < sizeof outs / sizeof outs[0]; o++) {
              if (mode != 2 && o > 5 && (k | s | i)) continue; /* the long outputs once per mode */
              EVP_KDF_CTX *x = EVP_KDF_CTX_new(hk_ours), *y = EVP_KDF_CTX_new(hk_ref);
              a.n = b.n = 0;
              if (o & 1) { /* set, then derive without parameters */
                r_set(&a, x, ps), r_set(&b, y, ps);
                r_derive(&a, x, outs[o], NULL, 0), r_derive(&b, y, outs[o], NULL, 0);
              } else {
                r_derive(&a, x, outs[o], ps, 0), r_derive(&b, y, outs[o], ps, 0);
              }
              r_get(&a, x, 64), r_get(&b, y, 64);
              char what[128];
              snprintf(what, sizeof what, "HKDF %s mode %d key %zu salt %d info %d out %zu", digests[d], mode,
                       keys[k], salts[s], infos[i], outs[o]);
              PT_CHECK(pt_log_same(&b, &a, what));
              EVP_KDF_CTX_free(x);
              EVP_KDF_CTX_free(y);
            }
          }
  }
  pt_log_free(&a);
  pt_log_free(&b);
}

/* ---- scenarios */
typedef void scenario(pt_log *, EVP_KDF_CTX *, const char *);

/* HKDF's life: what is missing, zero and wrong lengths, NULL output,
 * modes and size, reset, no copy. */
static void hk_life(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  int m = EVP_KDF_HKDF_MODE_EXTRACT_ONLY;
  OSSL_PARAM ps[4] = {p_end(), p_end(), p_end(), p_end()};
  r_get(r, c, 64);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("key", bytes, 20);
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0); /* no digest */
  ps[0] = p_str("digest", d);
  r_set(r, c, ps);
  r_derive(r, c, 0, NULL, 0);
  r_derive(r, c, 42, NULL, 0);
  r_derive(r, c, 42, NULL, 1);
  ps[0] = OSSL_PARAM_construct_int("mode", &m);
  r_set(r, c, ps);
  r_get(r, c, 64);
  for (size_t n = 15; n < 70; n++) r_derive(r, c, n, NULL, 0);
  for (size_t n = 15; n < 70; n++) r_derive(r, c, n, NULL, 1);
  ps[0] = p_str("mode", "EXPAND_ONLY");
  ps[1] = p_oct("key", bytes + 9, 5); /* a PRK shorter than HashLen */
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, 100, NULL, 0);
  r_derive(r, c, 100, NULL, 1);
  ps[1] = p_oct("key", bytes + 9, 0);
  r_set(r, c, ps);
  r_derive(r, c, 100, NULL, 0);
  ps[0] = p_str("salt", "text"); /* wrong type: salt cleared, failure */
  ps[1] = p_end();
  r_set(r, c, ps);
  ps[0] = p_oct("key", NULL, 0); /* no data: key cleared, failure */
  r_set(r, c, ps);
  r_derive(r, c, 10, NULL, 0);
  EVP_KDF_CTX *dup = EVP_KDF_CTX_dup(c);
  pt_put_int(r, dup != NULL);
  EVP_KDF_CTX_free(dup);
  ERR_clear_error();
  ps[0] = p_oct("key", bytes, 33);
  ps[1] = p_oct("salt", bytes + 50, 3);
  r_set(r, c, ps);
  r_derive(r, c, 30, NULL, 0);
  EVP_KDF_CTX_reset(c);
  r_get(r, c, 64);
  r_derive(r, c, 30, NULL, 0);
  ps[0] = p_str("digest", d);
  r_set(r, c, ps);
  r_derive(r, c, 30, NULL, 0);
}

/* HKDF's info: pieces concatenated, empty pieces, the
 * 32 KiB bound (the old info stays), the getter with small buffers. */
static void hk_info(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  OSSL_PARAM ps[6] = {p_str("digest", d), p_oct("key", bytes, 20), p_oct("info", bytes + 100, 7),
                      p_oct("info", bytes + 200, 0), p_oct("info", bytes + 300, 9), p_end()};
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_get(r, c, 15);
  r_get(r, c, 16);
  r_derive(r, c, 50, NULL, 0);
  ps[0] = p_oct("info", bytes + 5, 3); /* (a piece without data crashes 3.0.19's derive: not compared) */
  ps[1] = p_end();
  r_set(r, c, ps);
  r_get(r, c, 64);
  ps[0] = p_oct("info", bytes, 32768);
  ps[1] = p_oct("info", bytes, 1); /* over the bound: refused, old info kept */
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, 50, NULL, 0);
  ps[1] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, 50, NULL, 0);
  ps[0] = p_oct("info", bytes, 0); /* an empty total: no info (no derive: see empty_info) */
  r_set(r, c, ps);
  r_get(r, c, 64);
  ps[0] = p_oct("info", bytes, 4);
  ps[1] = p_str("info", "text"); /* a piece of the wrong type */
  r_set(r, c, ps);
  r_get(r, c, 64);
}

/* Where the two part ways: an info parameter with no bytes after a
 * non-empty info leaves 3.0's default provider with no info buffer but the
 * old length, and its next derive reads from NULL. Here it is no info:
 * the derive equals one that never had info. */
static void empty_info(void) {
  uint8_t a[50], b[50];
  OSSL_PARAM ps[4] = {p_str("digest", "SHA256"), p_oct("key", bytes, 20), p_oct("info", bytes, 9), p_end()};
  EVP_KDF_CTX *c = EVP_KDF_CTX_new(hk_ours), *d = EVP_KDF_CTX_new(hk_ref);
  PT_CHECK(EVP_KDF_CTX_set_params(c, ps));
  ps[0] = p_oct("info", bytes, 0);
  ps[1] = p_end();
  PT_CHECK(EVP_KDF_CTX_set_params(c, ps) && EVP_KDF_derive(c, a, sizeof a, NULL));
  ps[0] = p_str("digest", "SHA256");
  ps[1] = p_oct("key", bytes, 20);
  ps[2] = p_end();
  PT_CHECK(EVP_KDF_derive(d, b, sizeof b, ps) && memcmp(a, b, sizeof a) == 0);
  EVP_KDF_CTX_free(c);
  EVP_KDF_CTX_free(d);
}

/* Failures in order: earlier parameters stay applied. */
static void hk_errors(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  int bad = 3, one = 1;
  unsigned int uone = 1;
  OSSL_PARAM ps[5] = {p_str("digest", d), p_oct("key", bytes, 20), p_end(), p_end(), p_end()};
  r_set(r, c, ps);
  ps[0] = p_oct("salt", bytes, 4);
  ps[1] = p_str("mode", "EXTRACT");
  ps[2] = p_oct("key", bytes + 1, 20);
  r_set(r, c, ps);
  r_derive(r, c, 40, NULL, 0);
  ps[1] = OSSL_PARAM_construct_int("mode", &bad);
  r_set(r, c, ps);
  ps[1] = OSSL_PARAM_construct_uint("mode", &uone);
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, 40, NULL, 0);
  ps[0] = p_str("digest", "no-such-digest"); /* leaves no digest */
  ps[1] = p_end();
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, 40, NULL, 0);
  ps[0] = p_str("digest", d);
  ps[1] = p_str("properties", "provider=nowhere");
  r_set(r, c, ps);
  r_derive(r, c, 40, NULL, 0);
  ps[1] = OSSL_PARAM_construct_int("properties", &one);
  r_set(r, c, ps);
  ps[1] = p_str("properties", "provider=default");
  ps[2] = p_str("mode", "EXTRACT_AND_EXPAND");
  r_set(r, c, ps);
  r_derive(r, c, 40, NULL, 0);
  ps[0] = p_oct("digest", (const uint8_t *)d, strlen(d));
  ps[1] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, 40, NULL, 0);
}

/* State set natively, then a digest hwcrypto lacks (or has), then back. */
static void hk_handover(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  int m = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
  OSSL_PARAM ps[6] = {p_str("digest", "SHA2-256"), OSSL_PARAM_construct_int("mode", &m), p_oct("key", bytes, 70),
                      p_oct("salt", bytes + 80, 9), p_oct("info", bytes + 90, 11), p_end()};
  r_set(r, c, ps);
  ps[0] = p_str("digest", d);
  ps[1] = p_end();
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, 77, NULL, 0);
  ps[0] = p_str("mode", "EXTRACT_ONLY");
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, md_size(d), NULL, 0);
  ps[0] = p_str("digest", "SHA2-384");
  ps[1] = p_str("mode", "EXTRACT_AND_EXPAND");
  ps[2] = p_end();
  r_derive(r, c, 99, ps, 0);
  EVP_KDF_CTX_reset(c);
  r_derive(r, c, 99, ps, 0);
}

/* TLS13-KDF: the mode rule (every set call must leave a TLS 1.3 mode),
 * the extract step's key and salt cases, lengths, NULL output. */
static void t13_extract(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  static const uint8_t prefix[] = "tls13 ", derived[] = "derived";
  OSSL_PARAM ps[6] = {p_str("digest", d), p_end(), p_end(), p_end(), p_end(), p_end()};
  size_t hl = md_size(d);
  r_derive(r, c, hl, NULL, 0);
  r_set(r, c, ps); /* no mode yet: fails, the digest stays */
  r_get(r, c, 64);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_str("mode", "EXTRACT_ONLY");
  r_set(r, c, ps);
  r_get(r, c, 64);
  r_derive(r, c, hl, NULL, 0); /* no key, no salt: the early secret */
  r_derive(r, c, hl - 1, NULL, 0);
  r_derive(r, c, hl + 1, NULL, 0);
  r_derive(r, c, hl, NULL, 1);
  ps[0] = p_oct("key", bytes, hl);
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_oct("key", bytes, 0);
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_oct("salt", bytes + 100, hl); /* the "derived" step, without prefix and label */
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_oct("prefix", prefix, 6);
  ps[1] = p_oct("label", derived, 7);
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_oct("salt", bytes + 100, 0);
  ps[1] = p_oct("key", bytes + 7, 3);
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  r_derive(r, c, hl, NULL, 1);
  ps[0] = p_oct("label", bytes, 250); /* prefix + label over 255 */
  ps[1] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_oct("label", bytes, 249);
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  ps[0] = p_str("mode", "EXTRACT_AND_EXPAND");
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0);
  r_get(r, c, 64);
}

/* TLS13-KDF expand: HKDF-Expand-Label, data dropped by a set call that
 * does not give it, the label and data bounds, output lengths, no key. */
static void t13_expand(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  static const uint8_t prefix[] = "tls13 ";
  size_t hl = md_size(d);
  OSSL_PARAM ps[7] = {p_str("digest", d),        p_str("mode", "EXPAND_ONLY"), p_oct("prefix", prefix, 6),
                      p_oct("label", bytes, 5), p_oct("data", bytes + 10, hl), p_end(), p_end()};
  r_set(r, c, ps);
  r_derive(r, c, hl, NULL, 0); /* no key */
  ps[0] = p_oct("key", bytes + 20, hl);
  ps[1] = p_oct("data", bytes + 10, hl);
  ps[2] = p_end();
  r_set(r, c, ps);
  r_get(r, c, 64);
  const size_t outs[] = {0, 1, 12, 16, hl, hl + 1, 255 * hl, 255 * hl + 1, 70000};
  for (size_t o = 0; o < sizeof outs / sizeof outs[0]; o++) r_derive(r, c, outs[o], NULL, 0);
  r_derive(r, c, 16, NULL, 1);
  ps[0] = p_oct("key", bytes + 20, 7); /* no data in this call: dropped */
  ps[1] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("data", bytes, 255);
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("data", bytes, 256);
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("label", bytes, 249);
  ps[1] = p_oct("data", bytes, 0);
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("label", bytes, 250);
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_oct("prefix", bytes, 0);
  ps[1] = p_oct("label", bytes, 255);
  ps[2] = p_oct("key", bytes, 300);
  ps[3] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, 32, ps, 0);
  ps[0] = p_oct("data", bytes, 3); /* data given to derive */
  ps[1] = p_end();
  r_derive(r, c, 32, ps, 0);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_end();
  r_derive(r, c, 32, ps, 0); /* an empty list still drops it */
  EVP_KDF_CTX *dup = EVP_KDF_CTX_dup(c);
  pt_put_int(r, dup != NULL);
  EVP_KDF_CTX_free(dup);
  ERR_clear_error();
  EVP_KDF_CTX_reset(c);
  r_derive(r, c, 32, NULL, 0);
}

/* TLS13-KDF handed on with state set: prefix and label under a mode that
 * a failing call set back to EXTRACT_AND_EXPAND, data, key and salt. */
static void t13_handover(pt_log *r, EVP_KDF_CTX *c, const char *d) {
  OSSL_PARAM ps[7] = {p_str("digest", "SHA2-256"), p_str("mode", "EXPAND_ONLY"), p_oct("prefix", bytes, 6),
                      p_oct("label", bytes + 6, 9), p_oct("data", bytes + 20, 32), p_oct("key", bytes + 60, 32),
                      p_end()};
  r_set(r, c, ps);
  ps[0] = p_str("mode", "EXTRACT_AND_EXPAND");
  ps[1] = p_oct("salt", bytes + 70, 5);
  ps[2] = p_end();
  r_set(r, c, ps);
  ps[0] = p_str("digest", d); /* fails too (mode), but hands the context on */
  ps[1] = p_end();
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_str("mode", "EXPAND_ONLY");
  r_set(r, c, ps);
  r_derive(r, c, 32, NULL, 0);
  ps[0] = p_str("mode", "EXTRACT_ONLY");
  r_set(r, c, ps);
  r_derive(r, c, md_size(d), NULL, 0);
  r_get(r, c, 64);
  ps[0] = p_str("digest", "SHA2-256");
  ps[1] = p_oct("data", bytes, 4);
  ps[2] = p_str("mode", "EXPAND_ONLY");
  ps[3] = p_end();
  r_derive(r, c, 40, ps, 0);
}

static void run_scenarios(void) {
  static scenario *const hk[] = {hk_life, hk_info, hk_errors, hk_handover};
  static scenario *const t13[] = {t13_extract, t13_expand, t13_handover};
  static const char *const names[] = {"HKDF life", "HKDF info", "HKDF errors", "HKDF handover",
                                      "TLS13 extract", "TLS13 expand", "TLS13 handover"};
  static const char *const ds[] = {"SHA1", "SHA2-256", "SHA384", "SHA2-512", "SHA2-224", "SHA3-256", "MD5"};
  static pt_log a, b;
  for (size_t s = 0; s < 7; s++)
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
      int t = s >= 4;
      EVP_KDF_CTX *x = EVP_KDF_CTX_new(t ? t13_ours : hk_ours), *y = EVP_KDF_CTX_new(t ? t13_ref : hk_ref);
      scenario *f = t ? t13[s - 4] : hk[s];
      char what[64];
      snprintf(what, sizeof what, "scenario %s, %s", names[s], ds[i]);
      a.n = b.n = 0;
      f(&a, x, ds[i]);
      f(&b, y, ds[i]);
      PT_CHECK(pt_log_same(&b, &a, what) && a.n > 64);
      EVP_KDF_CTX_free(x);
      EVP_KDF_CTX_free(y);
    }
  pt_log_free(&a);
  pt_log_free(&b);
}

/* ---- known answers */
static int derive_hex(EVP_KDF *k, const OSSL_PARAM *ps, const char *want_hex) {
  size_t wl;
  uint8_t *want = pt_unhex(want_hex, &wl);
  EVP_KDF_CTX *c = EVP_KDF_CTX_new(k);
  memset(out_a, 0, wl);
  int ok = c && EVP_KDF_derive(c, out_a, wl, ps) && memcmp(out_a, want, wl) == 0;
  EVP_KDF_CTX_free(c);
  free(want);
  return ok;
}

/* RFC 5869 A.1-A.7: ikm, salt and info as (first byte, length, run),
 * salt kind 3 meaning no salt parameter at all; PRK and OKM. */
static const struct {
  const char *digest;
  uint8_t ikm_b;
  size_t ikm_n;
  int ikm_run, salt_kind;
  size_t salt_n;
  int info_kind;
  size_t info_n, L;
  const char *prk, *okm;
} rfc5869[] = {
    {"SHA256", 0x0b, 22, 0, 0, 13, 0, 10, 42, "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
    {"SHA256", 0x00, 80, 1, 1, 80, 1, 80, 82, "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
     "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f"
     "09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"},
    {"SHA256", 0x0b, 22, 0, 2, 0, 2, 0, 42, "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
     "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"},
    {"SHA1", 0x0b, 11, 0, 0, 13, 0, 10, 42, "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
     "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896"},
    {"SHA1", 0x00, 80, 1, 1, 80, 1, 80, 82, "8adae09a2a307059478d309b26c4115a224cfaf6",
     "0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe8fa3f1a4e5ad79f3f334b3b202b2173c486ea37ce3d3"
     "97ed034c7f9dfeb15c5e927336d0441f4c4300e2cff0d0900b52d3b4"},
    {"SHA1", 0x0b, 22, 0, 2, 0, 2, 0, 42, "da8c8a73c7fa77288ec6f5e7c297786aa0d32d01",
     "0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918"},
    {"SHA1", 0x0c, 22, 0, 3, 0, 2, 0, 42, "2adccada18779e7c2077ad2eb19d3f3e731385dd",
     "2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48"},
};

static void fill(uint8_t *p, size_t n, uint8_t b, int run) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(b + (run ? i : 0));
}

static void known_answers(void) {
  for (size_t i = 0; i < sizeof rfc5869 / sizeof rfc5869[0]; i++) {
    uint8_t ikm[80], salt[80], info[80];
    fill(ikm, rfc5869[i].ikm_n, rfc5869[i].ikm_b, rfc5869[i].ikm_run);
    fill(salt, sizeof salt, rfc5869[i].salt_kind == 1 ? 0x60 : 0x00, 1);
    fill(info, sizeof info, rfc5869[i].info_kind == 1 ? 0xb0 : 0xf0, 1);
    OSSL_PARAM ps[6], *q = ps;
    *q++ = p_str("digest", rfc5869[i].digest);
    *q++ = p_oct("key", ikm, rfc5869[i].ikm_n);
    if (rfc5869[i].salt_kind != 3) *q++ = p_oct("salt", salt, rfc5869[i].salt_n);
    *q++ = p_oct("info", info, rfc5869[i].info_n);
    *q = p_end();
    PT_CHECK(derive_hex(hk_ours, ps, rfc5869[i].okm));
    *q++ = p_str("mode", "EXTRACT_ONLY");
    *q = p_end();
    PT_CHECK(derive_hex(hk_ours, ps, rfc5869[i].prk));
  }
  /* RFC 8448 section 3 (simple 1-RTT): the early secret (no PSK, no
   * salt), then the handshake secret from the (EC)DHE shared secret with
   * the early secret as salt and the "derived" step */
  static const uint8_t prefix[] = "tls13 ", label[] = "derived";
  const char *early = "33ad0a1c607ec03b09e6cd9893680ce210adf300aa1f2660e1b22e10f170f92a";
  size_t el, sl;
  uint8_t *e = pt_unhex(early, &el), *shared = pt_unhex("8bd4054fb55b9d63fdfbacf9f04b9f0d35e6d63f537563efd46272900f89492d", &sl);
  OSSL_PARAM ps[7] = {p_str("digest", "SHA256"), p_str("mode", "EXTRACT_ONLY"), p_end()};
  PT_CHECK(derive_hex(t13_ours, ps, early));
  ps[2] = p_oct("key", shared, sl);
  ps[3] = p_oct("salt", e, el);
  ps[4] = p_oct("prefix", prefix, 6);
  ps[5] = p_oct("label", label, 7);
  ps[6] = p_end();
  PT_CHECK(derive_hex(t13_ours, ps, "1dc826e93606aa6fdc0aadc12f741b01046aa6b99f691ed221a9f0ca043fbeac"));
  free(e);
  free(shared);
}

/* The parameter lists are the default provider's; neither has a copy. */
static void param_lists(void) {
  EVP_KDF *o[2] = {hk_ours, t13_ours}, *d[2] = {hk_ref, t13_ref};
  for (int k = 0; k < 2; k++) {
    const OSSL_PARAM *l[2][2] = {{EVP_KDF_settable_ctx_params(o[k]), EVP_KDF_gettable_ctx_params(o[k])},
                                 {EVP_KDF_settable_ctx_params(d[k]), EVP_KDF_gettable_ctx_params(d[k])}};
    for (int j = 0; j < 2; j++) {
      PT_CHECK(l[0][j] && l[1][j]);
      pt_check_params(j ? "KDF gettable" : "KDF settable", l[0][j], l[1][j]);
    }
    PT_CHECK(pt_is_hwcrypto(EVP_KDF_get0_provider(o[k])));
  }
}

static void body(void) {
  hk_ours = EVP_KDF_fetch(pt_libctx, "HKDF", "provider=hwcrypto");
  hk_ref = EVP_KDF_fetch(pt_libctx, "HKDF", "provider=default");
  t13_ours = EVP_KDF_fetch(pt_libctx, "TLS13-KDF", "provider=hwcrypto");
  t13_ref = EVP_KDF_fetch(pt_libctx, "TLS13-KDF", "provider=default");
  PT_CHECK(hk_ours && hk_ref && t13_ours && t13_ref);
  if (hk_ours && hk_ref && t13_ours && t13_ref) {
    param_lists();
    known_answers();
    run_scenarios();
    empty_info();
    hkdf_grid();
  }
  EVP_KDF_free(hk_ours);
  EVP_KDF_free(hk_ref);
  EVP_KDF_free(t13_ours);
  EVP_KDF_free(t13_ref);
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_sha(&runs);
  for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)(i * 151 + (i >> 9) + 7);
  return pt_main(argv, &runs, body);
}
