/* SPDX-License-Identifier: ISC */
/*
 * The provider's HMAC against the default provider's, through EVP_MAC:
 * every key length around the block (0, 1, block-1, block, block+1, 200)
 * with messages across block boundaries fed whole and in odd pieces,
 * under each hwcrypto digest by several of its names and under digests
 * hwcrypto lacks (handed to the default provider); then call sequences
 * (scenarios) run on a context of each provider, every return value,
 * output and getter recorded and the two records compared: keys as a
 * parameter and as init's argument, restarts without a key, a digest set
 * after the key, a key parameter without data, failed fetches, wrong
 * parameter types, properties, the digest flags, the TLS record MAC
 * (tls-data-size) on a copied context, copies mid-message; RFC 2202 and
 * RFC 4231 known answers. All of it once per SHA backend (pt_main).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "ptest.h"

static EVP_MAC *ours, *ref;
static uint8_t msg[5000], keybuf[300];

/* hwcrypto's digests by several names, then ones it lacks (the default
 * provider answers those through this provider). */
static const char *const digests[] = {"SHA1",     "SHA-1",    "SHA2-256", "SHA256",      "sha-256",  "SHA2-384",
                                      "SHA384",   "SHA2-512", "sha512",   "SHA2-224",    "SHA3-256", "SHA3-512",
                                      "MD5",      "SHA2-512/256", "SM3",  "MD5-SHA1",    "BLAKE2S-256"};
static const char *const core[] = {"SHA1", "SHA2-256", "SHA2-384", "SHA2-512", "SHA2-224", "SHA3-256"};

/* The MAC of msg[0..len) under key, fed in pieces of `piece` bytes (0:
 * whole); the key given as the "key" parameter when by_param, else as
 * init's argument. 0 on any failure. */
static int mac(EVP_MAC *m, const char *digest, const uint8_t *key, size_t kl, int by_param, size_t len, size_t piece,
               uint8_t *out, size_t *outl) {
  EVP_MAC_CTX *c = EVP_MAC_CTX_new(m);
  OSSL_PARAM ps[3] = {OSSL_PARAM_construct_utf8_string("digest", (char *)digest, 0), OSSL_PARAM_END, OSSL_PARAM_END};
  if (by_param) ps[1] = OSSL_PARAM_construct_octet_string("key", (void *)key, kl);
  int ok = c && EVP_MAC_init(c, by_param ? NULL : key, kl, ps);
  if (!piece) piece = len ? len : 1;
  for (size_t d = 0; ok && d < len; d += piece) ok = EVP_MAC_update(c, msg + d, len - d < piece ? len - d : piece);
  ok = ok && EVP_MAC_final(c, out, outl, 64);
  EVP_MAC_CTX_free(c);
  return ok;
}

static void grid(void) {
  static const size_t lens[] = {0, 1, 15, 16, 17, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 257, 1024, 5000};
  static const size_t pieces[] = {0, 1, 7, 64, 129};
  for (size_t d = 0; d < sizeof digests / sizeof digests[0]; d++) {
    EVP_MD *md = EVP_MD_fetch(pt_libctx, digests[d], "provider=default");
    int is_core = 0;
    for (size_t i = 0; i < sizeof core / sizeof core[0]; i++) is_core |= strcmp(core[i], digests[d]) == 0;
    if (!md) {
      PT_CHECK(!is_core); /* the core ones must be there; others may be absent from a build */
      printf("note: %s absent from the default provider, not tested\n", digests[d]);
      ERR_clear_error();
      continue;
    }
    size_t b = (size_t)EVP_MD_get_block_size(md);
    const size_t keys[] = {0, 1, b - 1, b, b + 1, 200};
    EVP_MD_free(md);
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
      for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        uint8_t want[64], got[64];
        size_t wl = 0, gl = 0;
        PT_CHECK(mac(ref, digests[d], keybuf, keys[k], 0, lens[l], 0, want, &wl));
        for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
          if (pieces[p] && pieces[p] < 64 && lens[l] > 1024) continue;
          memset(got, 0, sizeof got);
          int ok = mac(ours, digests[d], keybuf, keys[k], (int)((k + p) & 1), lens[l], pieces[p], got, &gl);
          PT_CHECK(ok && gl == wl && memcmp(got, want, wl) == 0);
          if (!(ok && gl == wl && memcmp(got, want, wl) == 0))
            fprintf(stderr, "  %s key %zu msg %zu piece %zu\n", digests[d], keys[k], lens[l], pieces[p]);
        }
      }
  }
  /* the one-shot */
  uint8_t want[64], got[64];
  size_t wl = 0, gl = 0;
  PT_CHECK(EVP_Q_mac(pt_libctx, "HMAC", "provider=default", "SHA256", NULL, keybuf, 20, msg, 100, want, 64, &wl));
  PT_CHECK(EVP_Q_mac(pt_libctx, "HMAC", "provider=hwcrypto", "SHA256", NULL, keybuf, 20, msg, 100, got, 64, &gl) &&
           gl == wl && memcmp(got, want, wl) == 0);
}

/* ---- scenarios: a record (pt_log) of everything one call sequence returned */
static OSSL_PARAM s_digest(const char *d) { return OSSL_PARAM_construct_utf8_string("digest", (char *)d, 0); }
static OSSL_PARAM s_key(const uint8_t *k, size_t n) { return OSSL_PARAM_construct_octet_string("key", (void *)k, n); }
static OSSL_PARAM s_end(void) { return OSSL_PARAM_construct_end(); }

/* The steps a scenario records. */
static void r_set(pt_log *r, EVP_MAC_CTX *c, const OSSL_PARAM *ps) {
  pt_put_int(r, EVP_MAC_CTX_set_params(c, ps));
  ERR_clear_error();
}
static void r_init(pt_log *r, EVP_MAC_CTX *c, const uint8_t *key, size_t kl, const OSSL_PARAM *ps) {
  pt_put_int(r, EVP_MAC_init(c, key, kl, ps));
  ERR_clear_error();
}
static void r_update(pt_log *r, EVP_MAC_CTX *c, size_t off, size_t len) {
  pt_put_int(r, EVP_MAC_update(c, msg + off, len));
  ERR_clear_error();
}
static void r_final(pt_log *r, EVP_MAC_CTX *c) {
  uint8_t out[64] = {0};
  size_t n = 0;
  int ok = EVP_MAC_final(c, out, &n, sizeof out);
  pt_put_int(r, ok);
  if (ok) pt_put(r, out, n);
  ERR_clear_error();
}
static void r_sizes(pt_log *r, EVP_MAC_CTX *c) {
  size_t s = 0;
  int bs = -7;
  OSSL_PARAM q[] = {OSSL_PARAM_construct_size_t("size", &s), OSSL_PARAM_construct_int("block-size", &bs), s_end()};
  pt_put_int(r, EVP_MAC_CTX_get_params(c, q));
  pt_put(r, &s, sizeof s);
  pt_put_int(r, bs);
  pt_put_int(r, (int)EVP_MAC_CTX_get_mac_size(c));
  pt_put_int(r, (int)EVP_MAC_CTX_get_block_size(c));
  ERR_clear_error();
}

/* Scenario 0: the order of a context's life, and the getters at each step. */
static void sc_life(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  (void)d2;
  OSSL_PARAM ps[3] = {s_digest(d), s_end(), s_end()};
  r_sizes(r, c);
  r_update(r, c, 0, 10);
  r_set(r, c, ps);
  r_sizes(r, c);
  r_init(r, c, NULL, 0, NULL); /* no key yet */
  r_init(r, c, keybuf, 33, NULL);
  r_sizes(r, c);
  r_update(r, c, 0, 100);
  r_update(r, c, 100, 0);
  r_final(r, c);
  r_init(r, c, NULL, 0, NULL); /* the same key again */
  r_update(r, c, 7, 77);
  r_final(r, c);
  ps[0] = s_key(keybuf + 1, 150); /* a key parameter keys at once: update without init */
  ps[1] = s_end();
  r_set(r, c, ps);
  r_update(r, c, 3, 300);
  r_final(r, c);
  r_init(r, c, keybuf, 0, NULL); /* an empty key */
  r_update(r, c, 0, 64);
  r_final(r, c);
  static const uint8_t empty[1];
  ps[0] = s_key(empty, 0);
  r_init(r, c, NULL, 0, ps);
  r_final(r, c);
}

/* Scenario 1: a digest set after the key changes block-size at once, the
 * MAC only at the next key; a key parameter without data restarts only
 * under the keyed digest. */
static void sc_digest_after_key(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  OSSL_PARAM ps[3] = {s_digest(d), s_end(), s_end()};
  r_init(r, c, keybuf, 40, ps);
  r_update(r, c, 0, 50);
  ps[0] = s_digest(d2);
  r_set(r, c, ps);
  r_sizes(r, c);
  r_update(r, c, 50, 50);
  r_final(r, c);
  r_init(r, c, NULL, 0, NULL);
  r_update(r, c, 0, 20);
  r_final(r, c);
  ps[0] = s_key(NULL, 0); /* without data, under another digest: refused */
  r_set(r, c, ps);
  r_init(r, c, NULL, 0, NULL);
  r_update(r, c, 0, 20);
  r_final(r, c);
  ps[0] = s_digest(d); /* back to the keyed digest: a data-less key restarts */
  ps[1] = s_key(NULL, 0);
  r_set(r, c, ps);
  r_update(r, c, 0, 21);
  r_final(r, c);
  ps[0] = s_key(keybuf + 5, 70); /* a key under the digest parameter now */
  ps[1] = s_digest(d2);
  ps[2] = s_end();
  r_set(r, c, ps);
  r_sizes(r, c);
  r_update(r, c, 0, 22);
  r_final(r, c);
}

/* Scenario 2: failures: an unknown digest (leaves none: block-size 0,
 * but the keyed state goes on and a new key keys under it), wrong types,
 * properties that match no provider. */
static void sc_errors(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  (void)d2;
  int one = 1;
  OSSL_PARAM ps[3] = {s_digest("no-such-digest"), s_end(), s_end()};
  r_set(r, c, ps);
  r_sizes(r, c);
  ps[0] = s_key(keybuf, 10); /* a key with no digest anywhere: stored, not keyed */
  r_set(r, c, ps);
  r_sizes(r, c);
  r_update(r, c, 0, 5);
  r_final(r, c);
  ps[0] = s_digest(d);
  r_set(r, c, ps);
  r_init(r, c, NULL, 0, NULL);
  r_final(r, c);
  r_init(r, c, keybuf, 10, NULL);
  r_update(r, c, 0, 5);
  r_final(r, c);
  ps[0] = s_digest("no-such-digest");
  r_set(r, c, ps);
  r_sizes(r, c);
  r_init(r, c, NULL, 0, NULL);
  r_update(r, c, 0, 6);
  r_final(r, c);
  r_init(r, c, keybuf + 3, 90, NULL); /* keys under the keyed digest */
  r_sizes(r, c);
  r_update(r, c, 0, 6);
  r_final(r, c);
  ps[0] = OSSL_PARAM_construct_utf8_string("key", "text", 0);
  r_set(r, c, ps);
  ps[0] = OSSL_PARAM_construct_octet_string("digest", (void *)d, strlen(d));
  r_set(r, c, ps);
  ps[0] = s_digest(d);
  ps[1] = OSSL_PARAM_construct_int("properties", &one);
  r_set(r, c, ps);
  ps[1] = OSSL_PARAM_construct_utf8_string("properties", "provider=nowhere", 0);
  r_set(r, c, ps);
  r_sizes(r, c);
  ps[1] = OSSL_PARAM_construct_utf8_string("properties", "provider=default", 0);
  r_set(r, c, ps);
  r_sizes(r, c);
  ps[0] = OSSL_PARAM_construct_utf8_string("digest-oneshot", "1", 0);
  ps[1] = s_end();
  r_set(r, c, ps);
  ps[0] = OSSL_PARAM_construct_utf8_string("tls-data-size", "1", 0);
  r_set(r, c, ps);
  r_init(r, c, keybuf, 16, NULL);
  r_update(r, c, 0, 16);
  r_final(r, c);
}

/* Scenario 3: the digest flags: oneshot (either value) and noinit 0
 * change nothing. (noinit 1 is handed to the default provider, whose 3.0
 * HMAC then crashes in its final: not something to compare.) */
static void sc_flags(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  (void)d2;
  int one = 1, zero = 0;
  OSSL_PARAM ps[4] = {s_digest(d), OSSL_PARAM_construct_int("digest-oneshot", &one),
                      OSSL_PARAM_construct_int("digest-noinit", &zero), s_end()};
  r_init(r, c, keybuf, 64, ps);
  r_update(r, c, 0, 1000);
  r_final(r, c);
  ps[1] = OSSL_PARAM_construct_int("digest-oneshot", &zero);
  ps[2] = s_end();
  r_set(r, c, ps);
  r_init(r, c, NULL, 0, NULL);
  r_update(r, c, 0, 999);
  r_final(r, c);
  r_sizes(r, c);
}

/* Scenario 4: TLS's CBC record MAC on a copy of a keyed context, as
 * libssl does it: the 13-byte header, then the record with its padding. */
static void sc_tls(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  (void)d2;
  OSSL_PARAM ps[2] = {s_digest(d), s_end()};
  r_init(r, c, keybuf, 32, ps);
  static const size_t datas[] = {0, 1, 31, 100, 256};
  for (size_t i = 0; i < sizeof datas / sizeof datas[0]; i++) {
    EVP_MAC_CTX *t = EVP_MAC_CTX_dup(c);
    pt_put_int(r, t != NULL);
    if (!t) continue;
    size_t total = datas[i] + 64 + 16;
    ps[0] = OSSL_PARAM_construct_size_t("tls-data-size", &total);
    r_set(r, t, ps);
    r_sizes(r, t);
    r_update(r, t, 0, 13);
    r_update(r, t, 13, datas[i]);
    r_final(r, t);
    EVP_MAC_CTX_free(t);
  }
  EVP_MAC_CTX *t = EVP_MAC_CTX_dup(c); /* a header of the wrong size; a record past the size */
  size_t total = 20;
  ps[0] = OSSL_PARAM_construct_size_t("tls-data-size", &total);
  r_set(r, t, ps);
  r_update(r, t, 0, 12);
  r_update(r, t, 0, 13);
  r_update(r, t, 0, 21);
  r_final(r, t);
  EVP_MAC_CTX_free(t);
  r_update(r, c, 0, 10); /* the original goes on as a plain HMAC */
  r_final(r, c);
  /* the record MAC takes the stored key: emptied by a data-less key
   * parameter (the keyed state keeps the old one), or stored by a key
   * that found no digest to key under */
  size_t total2 = 150;
  OSSL_PARAM k0[] = {s_key(NULL, 0), s_end()}, tl[] = {OSSL_PARAM_construct_size_t("tls-data-size", &total2), s_end()};
  for (int pass = 0; pass < 2; pass++) {
    EVP_MAC_CTX *u = EVP_MAC_CTX_new(EVP_MAC_CTX_get0_mac(c));
    OSSL_PARAM kd[] = {s_key(keybuf + 7, 21), s_end()}, dg[] = {s_digest(d), s_end()};
    if (pass == 0) {
      r_init(r, u, keybuf, 32, dg);
      r_set(r, u, k0);
    } else {
      r_set(r, u, kd);
      r_set(r, u, dg);
    }
    r_update(r, u, 0, 40);
    r_set(r, u, tl);
    r_update(r, u, 0, 13);
    r_update(r, u, 13, 100);
    r_final(r, u);
    EVP_MAC_CTX_free(u);
  }
}

/* Scenario 5: copies mid-message, each finished on its own; a copy of a
 * fresh and of a finished context. */
static void sc_dup(pt_log *r, EVP_MAC_CTX *c, const char *d, const char *d2) {
  (void)d2;
  OSSL_PARAM ps[2] = {s_digest(d), s_end()};
  EVP_MAC_CTX *f = EVP_MAC_CTX_dup(c);
  pt_put_int(r, f != NULL);
  r_init(r, f, keybuf, 129, ps);
  r_update(r, f, 0, 10);
  r_final(r, f);
  EVP_MAC_CTX_free(f);
  r_init(r, c, keybuf, 129, ps);
  r_update(r, c, 0, 200);
  EVP_MAC_CTX *a = EVP_MAC_CTX_dup(c), *b = EVP_MAC_CTX_dup(c);
  r_update(r, c, 200, 300);
  r_final(r, c);
  r_update(r, a, 200, 300);
  r_final(r, a);
  r_sizes(r, b);
  r_final(r, b);
  EVP_MAC_CTX *e = EVP_MAC_CTX_dup(b); /* finished: restart with the key */
  r_init(r, e, NULL, 0, NULL);
  r_update(r, e, 0, 5);
  r_final(r, e);
  EVP_MAC_CTX_free(a);
  EVP_MAC_CTX_free(b);
  EVP_MAC_CTX_free(e);
  uint8_t out[64];
  size_t n = 0;
  r_init(r, c, NULL, 0, NULL); /* EVP's size query and a short buffer */
  pt_put_int(r, EVP_MAC_final(c, NULL, &n, 0));
  pt_put(r, &n, sizeof n);
  pt_put_int(r, EVP_MAC_final(c, out, &n, 3));
  ERR_clear_error();
  pt_put_int(r, EVP_MAC_finalXOF(c, out, 64));
}

typedef void scenario(pt_log *, EVP_MAC_CTX *, const char *, const char *);

static void scenarios(void) {
  static scenario *const all[] = {sc_life, sc_digest_after_key, sc_errors, sc_flags, sc_tls, sc_dup};
  static const char *const names[] = {"life", "digest after key", "errors", "flags", "tls", "dup"};
  static const char *const ds[] = {"SHA1", "SHA2-256", "SHA384", "SHA2-512", "SHA2-224", "SHA3-256", "MD5"};
  static pt_log a, b;
  for (size_t s = 0; s < sizeof all / sizeof all[0]; s++)
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++)
      for (size_t j = 0; j < sizeof ds / sizeof ds[0]; j += 2) {
        EVP_MAC_CTX *x = EVP_MAC_CTX_new(ours), *y = EVP_MAC_CTX_new(ref);
        char what[96];
        snprintf(what, sizeof what, "scenario %s, %s then %s", names[s], ds[i], ds[j]);
        a.n = b.n = 0;
        all[s](&a, x, ds[i], ds[j]);
        all[s](&b, y, ds[i], ds[j]);
        PT_CHECK(pt_log_same(&b, &a, what) && a.n > 8);
        EVP_MAC_CTX_free(x);
        EVP_MAC_CTX_free(y);
      }
  pt_log_free(&a);
  pt_log_free(&b);
}

/* Where hwcrypto and the default provider part ways on purpose: after
 * final, update and final fail until a restart (the default provider goes
 * on from the finished hash). */
static void after_final(void) {
  EVP_MAC_CTX *c = EVP_MAC_CTX_new(ours);
  OSSL_PARAM ps[] = {s_digest("SHA256"), s_end()};
  uint8_t out[64];
  size_t n;
  PT_CHECK(EVP_MAC_init(c, keybuf, 16, ps) && EVP_MAC_final(c, out, &n, sizeof out));
  PT_CHECK(!EVP_MAC_update(c, msg, 1));
  PT_CHECK(!EVP_MAC_final(c, out, &n, sizeof out));
  ERR_clear_error();
  PT_CHECK(EVP_MAC_init(c, NULL, 0, NULL) && EVP_MAC_final(c, out, &n, sizeof out) && n == 32);
  EVP_MAC_CTX_free(c);
}

/* The parameter lists match the default provider's. */
static void param_lists(void) {
  PT_CHECK(EVP_MAC_settable_ctx_params(ours) && EVP_MAC_settable_ctx_params(ref));
  PT_CHECK(EVP_MAC_gettable_ctx_params(ours) && EVP_MAC_gettable_ctx_params(ref));
  pt_check_params("HMAC settable", EVP_MAC_settable_ctx_params(ours), EVP_MAC_settable_ctx_params(ref));
  pt_check_params("HMAC gettable", EVP_MAC_gettable_ctx_params(ours), EVP_MAC_gettable_ctx_params(ref));
  PT_CHECK(EVP_MAC_gettable_params(ours) == NULL && EVP_MAC_gettable_params(ref) == NULL);
  PT_CHECK(pt_is_hwcrypto(EVP_MAC_get0_provider(ours)) && EVP_MAC_is_a(ours, "HMAC"));
}

/* RFC 2202 (HMAC-SHA-1) and RFC 4231 (HMAC-SHA-224/256/384/512; SHA-224
 * is the default provider's, through this one). Keys and data by (byte,
 * count, run) or string. */
static const struct {
  const char *digest;
  uint8_t kb;
  size_t kn;
  int krun;
  const char *ks;
  uint8_t db;
  size_t dn;
  const char *ds, *mac;
} kat[] = {
    {"SHA1", 0x0b, 20, 0, NULL, 0, 0, "Hi There", "b617318655057264e28bc0b6fb378c8ef146be00"},
    {"SHA1", 0, 0, 0, "Jefe", 0, 0, "what do ya want for nothing?", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
    {"SHA1", 0xaa, 20, 0, NULL, 0xdd, 50, NULL, "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    {"SHA1", 0x01, 25, 1, NULL, 0xcd, 50, NULL, "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
    {"SHA1", 0xaa, 80, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First",
     "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
    {"SHA2-224", 0x0b, 20, 0, NULL, 0, 0, "Hi There", "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22"},
    {"SHA2-256", 0x0b, 20, 0, NULL, 0, 0, "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
    {"SHA2-384", 0x0b, 20, 0, NULL, 0, 0, "Hi There",
     "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6"},
    {"SHA2-512", 0x0b, 20, 0, NULL, 0, 0, "Hi There",
     "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f17"
     "02e696c203a126854"},
    {"SHA2-256", 0, 0, 0, "Jefe", 0, 0, "what do ya want for nothing?",
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    {"SHA2-384", 0xaa, 20, 0, NULL, 0xdd, 50, NULL,
     "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27"},
    {"SHA2-512", 0x01, 25, 1, NULL, 0xcd, 50, NULL,
     "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2"
     "de2adebeb10a298dd"},
    {"SHA2-256", 0x0c, 20, 0, NULL, 0, 0, "Test With Truncation", "a3b6167473100ee06e0c796c2955552b"},
    {"SHA2-256", 0xaa, 131, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First",
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
    {"SHA2-384", 0xaa, 131, 0, NULL, 0, 0, "Test Using Larger Than Block-Size Key - Hash Key First",
     "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952"},
    {"SHA2-512", 0xaa, 131, 0, NULL, 0, 0,
     "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be "
     "hashed before being used by the HMAC algorithm.",
     "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de04"
     "46065c97440fa8c6a58"},
};

static size_t make(uint8_t *out, uint8_t b, size_t n, int run, const char *s) {
  if (s) n = strlen(s);
  for (size_t i = 0; i < n; i++) out[i] = s ? (uint8_t)s[i] : (uint8_t)(b + (run ? i : 0));
  return n;
}

static void known_answers(void) {
  for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
    uint8_t key[200], data[200], out[64];
    size_t kl = make(key, kat[i].kb, kat[i].kn, kat[i].krun, kat[i].ks);
    size_t dl = make(data, kat[i].db, kat[i].dn, 0, kat[i].ds), wl, n = 0;
    uint8_t *want = pt_unhex(kat[i].mac, &wl);
    PT_CHECK(EVP_Q_mac(pt_libctx, "HMAC", "provider=hwcrypto", kat[i].digest, NULL, key, kl, data, dl, out,
                       sizeof out, &n) &&
             n >= wl && memcmp(out, want, wl) == 0);
    free(want);
  }
}

static void body(void) {
  ours = EVP_MAC_fetch(pt_libctx, "HMAC", "provider=hwcrypto");
  ref = EVP_MAC_fetch(pt_libctx, "HMAC", "provider=default");
  PT_CHECK(ours && ref);
  if (!ours || !ref) return;
  param_lists();
  known_answers();
  grid();
  scenarios();
  after_final();
  EVP_MAC_free(ours);
  EVP_MAC_free(ref);
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_sha(&runs);
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 167 + (i >> 7));
  for (size_t i = 0; i < sizeof keybuf; i++) keybuf[i] = (uint8_t)(i * 29 + 3);
  return pt_main(argv, &runs, body);
}
