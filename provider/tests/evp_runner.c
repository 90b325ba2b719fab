/* SPDX-License-Identifier: ISC */
/*
 * hwcp-evp-runner FILE... [--props QUERY] [--all-backends]
 *
 * Runs OpenSSL's EVP test files through one provider: every Digest,
 * Cipher, MAC, KDF and key stanza is fetched with QUERY (default
 * "provider=hwcrypto") in a library context holding the default provider
 * and the hwcrypto module (HWCP_TEST_CONF, OPENSSL_MODULES as for the
 * other provider tests). An algorithm the provider lacks is "not offered",
 * never passed; one fetched from another provider is a failure. Each
 * stanza also runs through provider=default, which checks the runner: a
 * stanza the default provider fails is a runner bug or an OpenSSL version
 * difference, and is listed (and fails the run). The keys the files define
 * (PrivateKey, PublicKey, ...Raw) are read by the default provider's
 * decoders with no property query, as an application reads them; the
 * stanzas using them (Sign, Verify, Derive, DigestSign, PrivPubKeyPair,
 * ...) run in an EVP_PKEY_CTX made with QUERY (evp_runner_pkey.c). Where
 * the provider is known to answer otherwise than a file, the stanza is on
 * an explicit list (expected_diffs, below) with the reason.
 *
 * --all-backends then runs itself again, once per implementation this CPU
 * supports of every hwcrypto primitive the stanzas that ran through the
 * provider rely on, with HWCRYPTO_IMPL=<prim>=<impl>, each child checking
 * through the module's hwcrypto-selected parameter that the module runs
 * the implementation forced, and prints the counts per backend.
 *
 * Exit status 1 on any failure, on a malformed stanza, or when no stanza
 * ran through the provider under test.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "evp_runner.h"
#include "hwcrypto.h"

/* Per file and algorithm: the counts through the provider under test and
 * through the default provider's check run. */
typedef struct rn_row {
  int file;
  char label[128]; /* "Digest SHA256", "MAC HMAC(SHA256)", "KDF HKDF(SHA256)" */
  unsigned long pass, fail, listed, notoff, skip, dpass, dfail, dna;
} rn_row;

/* Stanzas not run, per file and reason. */
typedef struct rn_tally {
  int file;
  char what[160];
  unsigned long n;
} rn_tally;

/* One --all-backends child: what it forced and what it counted. */
typedef struct rn_backend {
  char spec[80]; /* "sha256=shani" */
  int prim, status;
  rn_row *rows;
  size_t nrows;
} rn_backend;

static OSSL_LIB_CTX *lib;
static OSSL_PROVIDER *prov_hwc, *prov_def;
static const char *props = "provider=hwcrypto";
static char want[64];    /* the provider named in props ("" if none) */
static int check_default; /* run every stanza through provider=default too */
static int child_prim = -1;
static rn_row *rows;
static size_t nrows;
static rn_tally *tallies;
static size_t ntallies;
static char **fails, **dfails, **dmissing, **diffs; /* failures: under test, of the default provider, absent
                                                      from it; the listed differences */
static size_t nfails, ndfails, ndmissing, ndiffs;
static unsigned long ran; /* stanzas that ran through the provider under test */

/* Grows an array of n elements of size sz by one zeroed element; exits
 * when out of memory (a test program). */
static void *push(void *arr, size_t *n, size_t sz) {
  char *a = realloc(arr, (*n + 1) * sz);
  if (!a) {
    fprintf(stderr, "hwcp-evp-runner: out of memory\n");
    exit(1);
  }
  memset(a + *n * sz, 0, sz);
  (*n)++;
  return a;
}

/* Appends a formatted message to a list of failures. */
static void note(char ***list, size_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(char ***list, size_t *n, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  *list = push(*list, n, sizeof **list);
  (*list)[*n - 1] = strdup(buf);
}

/* The row of (file, label), made on first use. */
static rn_row *row_for(int file, const char *label) {
  for (size_t i = 0; i < nrows; i++)
    if (rows[i].file == file && strcmp(rows[i].label, label) == 0) return &rows[i];
  rows = push(rows, &nrows, sizeof *rows);
  rows[nrows - 1].file = file;
  snprintf(rows[nrows - 1].label, sizeof rows[0].label, "%s", label);
  return &rows[nrows - 1];
}

/* Counts one stanza of a file not run, for `what`. */
static void tally(int file, const char *what) {
  for (size_t i = 0; i < ntallies; i++)
    if (tallies[i].file == file && strcmp(tallies[i].what, what) == 0) {
      tallies[i].n++;
      return;
    }
  tallies = push(tallies, &ntallies, sizeof *tallies);
  tallies[ntallies - 1] = (rn_tally){.file = file, .n = 1};
  snprintf(tallies[ntallies - 1].what, sizeof tallies[0].what, "%s", what);
}

/* Cuts the blanks off both ends of s. */
static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
  return s;
}

/* Empties a stanza. */
static void stanza_clear(rn_stanza *s) {
  for (size_t i = 0; i < s->n; i++) free(s->pair[i].key), free(s->pair[i].value);
  free(s->pem);
  s->n = 0;
  s->pem = NULL;
}

/* Reads the next stanza of f into s, as evp_test's reader does: lines
 * until a blank one, '#' lines and Title lines left out, "Key = Value"
 * split at the first '=' and trimmed, and after a PrivateKey/PublicKey line
 * the PEM block up to its -----END line kept whole. A line without '='
 * is a failure at its line. Returns 0 at end of file. */
static int read_stanza(FILE *f, const char *file, int *line, rn_stanza *s) {
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len;
  stanza_clear(s);
  while ((len = getline(&buf, &cap, f)) >= 0) {
    ++*line;
    if (len && buf[len - 1] == '\n') buf[--len] = 0;
    if (len == 0) {
      if (s->n) break;
      continue;
    }
    if (buf[0] == '#') continue;
    char *eq = strchr(buf, '=');
    if (!eq) {
      note(&fails, &nfails, "FAIL %s:%d: a line without '='", file, *line);
      continue;
    }
    *eq = 0;
    char *key = trim(buf), *value = trim(eq + 1);
    if (!*key || strcmp(key, "Title") == 0) continue;
    if (!s->n) s->start = *line;
    if (s->n == s->cap) {
      s->cap = s->cap ? 2 * s->cap : 16;
      if (!(s->pair = realloc(s->pair, s->cap * sizeof *s->pair))) exit(1);
    }
    s->pair[s->n++] = (rn_pair){strdup(key), strdup(value), *line};
    if (strcmp(key, "PrivateKey") == 0 || strcmp(key, "PublicKey") == 0) {
      size_t have = 0;
      while ((len = getline(&buf, &cap, f)) >= 0) {
        ++*line;
        if (!(s->pem = realloc(s->pem, have + (size_t)len + 1))) exit(1);
        memcpy(s->pem + have, buf, (size_t)len + 1);
        have += (size_t)len;
        if (strncmp(buf, "-----END", 8) == 0) break;
      }
    }
  }
  free(buf);
  return s->n > 0;
}

/* "Digest SHA256", "MAC HMAC(SHA256)", "KDF HKDF(SHA256)": the stanza's
 * type and algorithm (upper case: the files spell names in any case) and
 * for a MAC or KDF the algorithm under it, the unit counts are kept by. */
static void make_label(const rn_stanza *s, size_t b, char *out, size_t n) {
  const char *sub = NULL;
  for (size_t i = b + 1; i < s->n; i++) {
    if (strcmp(s->pair[i].key, "Algorithm") == 0) sub = s->pair[i].value;
    if (strncmp(s->pair[i].key, "Ctrl", 4) == 0 && strncmp(s->pair[i].value, "digest:", 7) == 0)
      sub = s->pair[i].value + 7;
  }
  snprintf(out, n, sub ? "%s %s(%s)" : "%s %s", s->pair[b].key, s->pair[b].value, sub);
  for (char *p = strchr(out, ' '); p && *p; p++) *p = (char)toupper((unsigned char)*p);
}

/* Whether token t (a name from a label) is one of the NULL-ended names. */
static int among(const char *t, const char *const *names) {
  for (; *names; names++)
    if (strcmp(t, *names) == 0) return 1;
  return 0;
}

/* The hwcrypto primitives the algorithms named in a label run on, as a
 * bit mask of hwc_prim: what --all-backends forces to test a stanza on
 * every implementation. */
static unsigned label_prims(const char *label) {
  static const char *const sha1[] = {"SHA1", "SHA-1", NULL};
  static const char *const sha256[] = {"SHA224", "SHA256", "SHA2-224", "SHA2-256", "SHA-224", "SHA-256", NULL};
  static const char *const sha512[] = {"SHA384", "SHA512", "SHA2-384", "SHA2-512", "SHA-384", "SHA-512",
                                       "SHA512-224", "SHA512-256", "SHA2-512/224", "SHA2-512/256", NULL};
  char buf[128], *save = NULL;
  unsigned m = 0;
  snprintf(buf, sizeof buf, "%s", label);
  for (char *t = strtok_r(buf, " ()", &save); t; t = strtok_r(NULL, " ()", &save)) {
    if (among(t, sha1)) m |= 1u << HWC_PRIM_SHA1;
    if (among(t, sha256)) m |= 1u << HWC_PRIM_SHA256;
    if (among(t, sha512)) m |= 1u << HWC_PRIM_SHA512;
    if (strncmp(t, "AES", 3) == 0) m |= 1u << HWC_PRIM_AES;
    if (strncmp(t, "AES", 3) == 0 && strstr(t, "GCM")) m |= 1u << HWC_PRIM_GHASH | 1u << HWC_PRIM_AES_GCM;
    if (strcmp(t, "GMAC") == 0) m |= 1u << HWC_PRIM_GHASH;
    if (strncmp(t, "CHACHA20", 8) == 0) m |= 1u << HWC_PRIM_CHACHA20;
    if (strstr(t, "POLY1305")) m |= 1u << HWC_PRIM_POLY1305;
    if (strcmp(t, "CHACHA20-POLY1305") == 0) m |= 1u << HWC_PRIM_CHACHA20_POLY1305;
    /* key stanzas: the field arithmetic, Ed25519's SHA-512, RSA's bignums */
    if (strcmp(t, "X25519") == 0 || strcmp(t, "ED25519") == 0) m |= 1u << HWC_PRIM_FE25519;
    if (strcmp(t, "ED25519") == 0) m |= 1u << HWC_PRIM_SHA512;
    if (strncmp(t, "RSA", 3) == 0) m |= 1u << HWC_PRIM_BIGNUM;
  }
  return m;
}

/* 1 if one of the whitespace-separated provider names is loaded (an
 * Availablein line's test). */
static int any_available(const char *names) {
  char buf[256], *save = NULL;
  snprintf(buf, sizeof buf, "%s", names);
  for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
    if (OSSL_PROVIDER_available(lib, t)) return 1;
  return 0;
}

/* "; " and the first error on OpenSSL's queue as text, or "" if none. */
static const char *openssl_error(char *buf, size_t n) {
  unsigned long e = ERR_peek_error();
  buf[0] = 0;
  if (e && n > 2) buf[0] = ';', buf[1] = ' ', ERR_error_string_n(e, buf + 2, n - 2);
  return buf;
}

/* The stanzas where the hwcrypto provider is known to answer otherwise
 * than the file expects, each with the answer it gives (an error name of
 * the runner's, or "success") and why. Such a stanza is counted as a
 * listed difference, not a failure; a listed stanza giving the file's
 * answer, or another answer than the one listed, is a failure, so the
 * list cannot go stale. Keyed by file name and the stanza's first line.
 *
 * None for the vendored OpenSSL files: every stanza of theirs that the
 * provider runs gives the file's answer. That includes those where
 * hwcrypto would answer otherwise and the provider hands the work to the
 * default provider (signature_ed25519.c, signature_rsa.c, keymgmt_rsa.c):
 * Ed25519 signatures hwcrypto's stricter verification refuses (the file's
 * one malleable signature, evppkey_ecx.txt:309, both refuse), RSA keys
 * hwcrypto does not take (512 bits: only in stanzas the FIPS provider
 * runs), and the RSA digests, paddings and verify-recover it does not do.
 * The two entries below are the self-test's (selftest_wrong_pkey.txt):
 * one deliberate difference, and one stale entry that must fail. */
static const struct {
  const char *file; /* base name */
  int line;         /* the stanza's first line */
  const char *got;  /* the runner's error name for hwcrypto's answer, or "success" */
  const char *why;
} expected_diffs[] = {
    {"selftest_wrong_pkey.txt", 50, "SHARED_SECRET_MISMATCH", "the self-test's deliberately wrong secret"},
    {"selftest_wrong_pkey.txt", 46, "SHARED_SECRET_MISMATCH", "the self-test's stale entry: this stanza is right"},
    {NULL, 0, NULL, NULL},
};

/* The index of a stanza's entry in expected_diffs, or -1. */
static int listed_diff(const char *file, int line) {
  const char *b = strrchr(file, '/');
  b = b ? b + 1 : file;
  for (int i = 0; expected_diffs[i].file; i++)
    if (expected_diffs[i].line == line && strcmp(expected_diffs[i].file, b) == 0) return i;
  return -1;
}

/* Runs one stanza through one provider (check: the default provider's
 * check run) and counts the outcome in rw. */
static void run_once(int (*fn)(rn_run *), const char *file, const rn_stanza *s, size_t b, const char *label,
                     rn_row *rw, int check) {
  rn_run r = {.lib = lib, .propq = check ? "provider=default" : props, .s = s, .body = b};
  r.want = check ? "default" : want[0] ? want : NULL;
  const char *reason = NULL, *who = check ? "provider=default" : props;
  for (size_t i = b + 1; i < s->n; i++) {
    if (strcmp(s->pair[i].key, "Result") == 0) r.expect = s->pair[i].value;
    if (strcmp(s->pair[i].key, "Reason") == 0) reason = s->pair[i].value;
  }
  ERR_clear_error();
  int rc = fn(&r);
  char oerr[256], msg[768];
  msg[0] = 0;
  if (rc == RN_RAN) {
    int ok = r.err ? r.expect && strcmp(r.err, r.expect) == 0 : !r.expect;
    if (!ok && r.err)
      snprintf(msg, sizeof msg, "%s, expected %s%s%s%s%s", r.err, r.expect ? r.expect : "success",
               r.why[0] ? " (" : "", r.why, r.why[0] ? ")" : "", openssl_error(oerr, sizeof oerr));
    else if (!ok)
      snprintf(msg, sizeof msg, "succeeded, expected %s", r.expect);
    else if (reason && r.expect) {
      /* Reason: the reason string of the error the failing step raised */
      const char *got = ERR_peek_error() ? ERR_reason_error_string(ERR_peek_error()) : "(no error)";
      if (got && strcmp(got, reason) != 0) snprintf(msg, sizeof msg, "reason \"%s\", expected \"%s\"", got, reason);
    }
  } else if (rc == RN_BAD) {
    snprintf(msg, sizeof msg, "malformed stanza: %s", r.why);
  }
  if (!check && (rc == RN_RAN || rc == RN_BAD)) ran++;
  int ld = !check && strcmp(want, "hwcrypto") == 0 && rc == RN_RAN ? listed_diff(file, s->start) : -1;
  if (ld >= 0) {
    const char *got = r.err ? r.err : "success";
    if (msg[0] && strcmp(got, expected_diffs[ld].got) == 0) {
      rw->listed++;
      note(&diffs, &ndiffs, "%s:%d %s: %s (listed: %s)", file, s->start, label, msg, expected_diffs[ld].why);
      ERR_clear_error();
      return;
    }
    note(&fails, &nfails, "FAIL %s:%d %s [%s]: listed as giving %s, gave %s", file, s->start, label, who,
         expected_diffs[ld].got, msg[0] ? got : "the file's answer");
    rw->fail++;
    ERR_clear_error();
    return;
  }
  if (rc == RN_NOT_OFFERED) {
    if (check) rw->dna++, note(&dmissing, &ndmissing, "%s:%d %s: not in the default provider", file, s->start, label);
    else rw->notoff++;
  } else if (rc == RN_SKIP) {
    if (!check) rw->skip++, tally(rw->file, r.why);
  } else if (msg[0]) {
    if (check) rw->dfail++, note(&dfails, &ndfails, "FAIL %s:%d %s [%s]: %s", file, s->start, label, who, msg);
    else rw->fail++, note(&fails, &nfails, "FAIL %s:%d %s [%s]: %s", file, s->start, label, who, msg);
  } else {
    if (check) rw->dpass++;
    else rw->pass++;
  }
  ERR_clear_error();
}

/* The stanza types evp_test knows that this runner does not run. */
static const char *const other_types[] = {"Encoding", "PBE", "RAND", "DRBG", "PKEYKDF", NULL};

/* The runner of a stanza type, or NULL. */
static int (*runner_of(const char *type))(rn_run *) {
  static const struct {
    const char *type;
    int (*fn)(rn_run *);
  } runners[] = {{"Digest", rn_digest},
                 {"Cipher", rn_cipher},
                 {"MAC", rn_mac},
                 {"KDF", rn_kdf},
                 {"Sign", rn_pkey},
                 {"Verify", rn_pkey},
                 {"VerifyRecover", rn_pkey},
                 {"Decrypt", rn_pkey},
                 {"Derive", rn_pkey},
                 {"DigestSign", rn_digestsign},
                 {"DigestVerify", rn_digestsign},
                 {"OneShotDigestSign", rn_digestsign},
                 {"OneShotDigestVerify", rn_digestsign},
                 {"PrivPubKeyPair", rn_keypair},
                 {"KeyGen", rn_keygen}};
  for (size_t i = 0; i < sizeof runners / sizeof runners[0]; i++)
    if (strcmp(type, runners[i].type) == 0) return runners[i].fn;
  return NULL;
}

/* Classifies and runs one stanza: Availablein/FIPSversion first, then the
 * type line; a run type goes through the provider under test and the
 * default provider's check. */
static void run_stanza(int fi, const char *file, rn_stanza *s) {
  size_t b = 0;
  char skip[200] = "", what[200];
  for (; b < s->n; b++) {
    const rn_pair *p = &s->pair[b];
    if (strcmp(p->key, "Availablein") == 0) {
      if (!any_available(p->value)) snprintf(skip, sizeof skip, "Availablein = %s: provider not loaded", p->value);
    } else if (strcmp(p->key, "FIPSversion") != 0) {
      break; /* FIPSversion applies only with the FIPS provider loaded, never the case here */
    }
  }
  if (b == s->n) {
    note(&fails, &nfails, "FAIL %s:%d: a stanza without a type line", file, s->start);
    return;
  }
  const char *type = s->pair[b].key;
  char why[400];
  if (rn_key_def(type)) {
    /* a key: read in every process (the children's stanzas use it too),
     * counted once, by the provider whose key management holds it */
    const char *holder = NULL;
    if (skip[0]) {
      if (child_prim < 0) tally(fi, skip);
    } else if (!rn_key_define(lib, s, b, why, sizeof why, &holder)) {
      if (child_prim < 0) note(&fails, &nfails, "FAIL %s: %s", file, why);
    } else if (child_prim < 0) {
      snprintf(what, sizeof what, "keys read (no property query), held by provider %s", holder);
      tally(fi, what);
    }
    return;
  }
  int (*fn)(rn_run *) = runner_of(type);
  if (!fn) {
    if (child_prim >= 0) return;
    if (among(type, other_types)) snprintf(what, sizeof what, "not run (not a type this runner runs): %s", type);
    else {
      note(&fails, &nfails, "FAIL %s:%d: unknown stanza type %s", file, s->start, type);
      return;
    }
    tally(fi, what);
    return;
  }
  /* a KeyGen's key is made (as evp_test makes it) before its stanza runs */
  if (fn == rn_keygen && !skip[0] && !rn_keygen_store(lib, s, b, why, sizeof why) && child_prim < 0)
    note(&fails, &nfails, "FAIL %s: %s", file, why);
  char label[128];
  if (fn == rn_digest || fn == rn_cipher || fn == rn_mac || fn == rn_kdf) make_label(s, b, label, sizeof label);
  else rn_pkey_label(s, b, label, sizeof label);
  if (child_prim >= 0 && !(label_prims(label) & 1u << child_prim)) return;
  rn_row *rw = row_for(fi, label);
  for (size_t i = b + 1; i < s->n && !skip[0]; i++) {
    if (strcmp(s->pair[i].key, "Securitycheck") == 0)
      snprintf(skip, sizeof skip, "Securitycheck: the FIPS provider's checks are not loaded");
    if (strcmp(s->pair[i].key, "Availablein") == 0 || strcmp(s->pair[i].key, "FIPSversion") == 0) {
      note(&fails, &nfails, "FAIL %s:%d: %s after the type line", file, s->pair[i].line, s->pair[i].key);
      return;
    }
  }
  if (skip[0]) {
    rw->skip++;
    tally(fi, skip);
    return;
  }
  run_once(fn, file, s, b, label, rw, 0);
  if (check_default) run_once(fn, file, s, b, label, rw, 1);
}

/* Runs every stanza of one file; 0 if it cannot be read. */
static int run_file(int fi, const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) {
    note(&fails, &nfails, "FAIL %s: cannot read the file", file);
    return 0;
  }
  rn_stanza s = {0};
  int line = 0;
  while (read_stanza(f, file, &line, &s)) run_stanza(fi, file, &s);
  stanza_clear(&s);
  free(s.pair);
  fclose(f);
  return 1;
}

/* The base name of a path, for the report. */
static const char *base_name(const char *path) {
  const char *b = strrchr(path, '/');
  return b ? b + 1 : path;
}

/* Prints the counts of each file. */
static void report(int nfiles, char **files) {
  for (int fi = 0; fi < nfiles; fi++) {
    printf("== %s\n", base_name(files[fi]));
    printf("  %-38s %6s %6s %6s %11s %7s", "algorithm", "passed", "failed", "listed", "not-offered", "skipped");
    if (check_default) printf(" | default: %6s %6s %7s", "passed", "failed", "missing");
    printf("\n");
    for (size_t i = 0; i < nrows; i++) {
      const rn_row *w = &rows[i];
      if (w->file != fi) continue;
      printf("  %-38s %6lu %6lu %6lu %11lu %7lu", w->label, w->pass, w->fail, w->listed, w->notoff, w->skip);
      if (check_default) printf(" |          %6lu %6lu %7lu", w->dpass, w->dfail, w->dna);
      printf("\n");
    }
    for (size_t i = 0; i < ntallies; i++)
      if (tallies[i].file == fi) printf("  %s: %lu stanza%s\n", tallies[i].what, tallies[i].n, tallies[i].n == 1 ? "" : "s");
  }
}

/* The module's own selection for primitive `prim` (hwcrypto-selected is
 * "prim=impl,..."), into out; 0 if it cannot be read. */
static int module_selected(const char *prim, char *out, size_t n) {
  char sel[1024] = "", *save = NULL;
  OSSL_PARAM ps[2] = {OSSL_PARAM_construct_utf8_string("hwcrypto-selected", sel, sizeof sel),
                      OSSL_PARAM_construct_end()};
  if (!OSSL_PROVIDER_get_params(prov_hwc, ps) || !OSSL_PARAM_modified(ps)) return 0;
  size_t pl = strlen(prim);
  for (char *t = strtok_r(sel, ",", &save); t; t = strtok_r(NULL, ",", &save))
    if (strncmp(t, prim, pl) == 0 && t[pl] == '=') return snprintf(out, n, "%s", t + pl + 1) > 0;
  return 0;
}

/* Runs this program again with HWCRYPTO_IMPL=spec over the same files,
 * restricted to the stanzas on the forced primitive; collects its counts
 * ("@row" lines) and passes its other lines on. */
static void run_child(rn_backend *bk, int nfiles, char **files) {
  int fd[2];
  fflush(NULL);
  if (pipe(fd) != 0) {
    bk->status = -1;
    return;
  }
  pid_t pid = fork();
  if (pid == 0) {
    char **av = calloc((size_t)nfiles + 6, sizeof *av);
    int k = 0;
    dup2(fd[1], 1);
    close(fd[0]);
    close(fd[1]);
    setenv("HWCRYPTO_IMPL", bk->spec, 1);
    av[k++] = "hwcp-evp-runner";
    av[k++] = "--props";
    av[k++] = (char *)props;
    av[k++] = "--child";
    av[k++] = bk->spec;
    for (int i = 0; i < nfiles; i++) av[k++] = files[i];
    execv("/proc/self/exe", av);
    _exit(127);
  }
  close(fd[1]);
  FILE *f = pid > 0 ? fdopen(fd[0], "r") : NULL;
  char *line = NULL;
  size_t cap = 0;
  while (f && getline(&line, &cap, f) >= 0) {
    rn_row w = {0};
    char *save = NULL, *tag = strtok_r(line, "\t\n", &save);
    if (tag && strcmp(tag, "@row") == 0) {
      char *label = strtok_r(NULL, "\t", &save), *counts = strtok_r(NULL, "\n", &save);
      if (!label || !counts ||
          sscanf(counts, "%lu\t%lu\t%lu\t%lu\t%lu", &w.pass, &w.fail, &w.listed, &w.notoff, &w.skip) != 5)
        continue;
      snprintf(w.label, sizeof w.label, "%s", label);
      bk->rows = push(bk->rows, &bk->nrows, sizeof w);
      bk->rows[bk->nrows - 1] = w;
    } else if (tag) {
      printf("  [%s] %s\n", bk->spec, line);
    }
  }
  free(line);
  if (f) fclose(f);
  else close(fd[0]);
  int st = 0;
  bk->status = pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* --all-backends: one child per supported implementation of each
 * primitive the stanzas that ran through the provider rely on, then the
 * table of counts per backend. Returns the number of failed children. */
static int all_backends(int nfiles, char **files) {
  unsigned mask = 0;
  rn_backend *bks = NULL;
  size_t nbk = 0;
  int bad = 0;
  for (size_t i = 0; i < nrows; i++)
    if (rows[i].pass + rows[i].fail) mask |= label_prims(rows[i].label);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    if (!(mask & 1u << p)) continue;
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) {
      if (!hwc_impl_supported((hwc_prim)p, i)) continue;
      bks = push(bks, &nbk, sizeof *bks);
      rn_backend *bk = &bks[nbk - 1];
      bk->prim = p;
      snprintf(bk->spec, sizeof bk->spec, "%s=%s", hwc_prim_name((hwc_prim)p), hwc_impl_name((hwc_prim)p, i));
      run_child(bk, nfiles, files);
    }
  }
  printf("\n== every backend (HWCRYPTO_IMPL=<prim>=<impl>, one child each)\n");
  printf("  %-28s %-38s %6s %6s %6s %11s %7s\n", "backend", "algorithm", "passed", "failed", "listed", "not-offered",
         "skipped");
  for (size_t b = 0; b < nbk; b++) {
    rn_backend *bk = &bks[b];
    for (size_t i = 0; i < bk->nrows; i++) {
      const rn_row *w = &bk->rows[i];
      printf("  %-28s %-38s %6lu %6lu %6lu %11lu %7lu\n", bk->spec, w->label, w->pass, w->fail, w->listed, w->notoff,
             w->skip);
    }
    if (bk->status != 0) {
      printf("  %-28s FAILED (exit status %d)\n", bk->spec, bk->status);
      bad++;
    }
    free(bk->rows);
  }
  if (!nbk) printf("  (no stanza ran through the provider on a hwcrypto primitive)\n");
  free(bks);
  return bad;
}

/* Loads the default provider and the hwcrypto module into a library
 * context of their own, through HWCP_TEST_CONF (offer = all) when set. */
static void setup(void) {
  const char *conf = getenv("HWCP_TEST_CONF");
  lib = OSSL_LIB_CTX_new();
  if (!lib || (conf && !OSSL_LIB_CTX_load_config(lib, conf)) || !(prov_def = OSSL_PROVIDER_load(lib, "default")) ||
      !(prov_hwc = OSSL_PROVIDER_load(lib, "hwcrypto"))) {
    fprintf(stderr, "hwcp-evp-runner: cannot load the providers (OPENSSL_MODULES=%s)\n",
            getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
    ERR_print_errors_fp(stderr);
    exit(1);
  }
}

int main(int argc, char **argv) {
  char **files = calloc((size_t)argc, sizeof *files);
  int nfiles = 0, every = 0;
  const char *child = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--props") == 0 && i + 1 < argc) props = argv[++i];
    else if (strcmp(argv[i], "--all-backends") == 0) every = 1;
    else if (strcmp(argv[i], "--child") == 0 && i + 1 < argc) child = argv[++i];
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: hwcp-evp-runner FILE... [--props QUERY] [--all-backends]\n");
      return 2;
    } else files[nfiles++] = argv[i];
  }
  if (!nfiles) {
    fprintf(stderr, "usage: hwcp-evp-runner FILE... [--props QUERY] [--all-backends]\n");
    return 2;
  }
  /* the provider the query names: what every fetched object must come from */
  const char *pv = strstr(props, "provider=");
  if (pv && (pv == props || pv[-1] == ',' || pv[-1] == ' ')) snprintf(want, sizeof want, "%.*s", (int)strcspn(pv + 9, ", "), pv + 9);
  setup();
  int sel_bad = 0;
  if (child) {
    /* a child: its primitive, and the module must run what was forced */
    const char *eq = strchr(child, '=');
    char got[128] = "";
    for (int p = 0; eq && p < HWC_PRIM_COUNT; p++)
      if (strlen(hwc_prim_name((hwc_prim)p)) == (size_t)(eq - child) &&
          strncmp(hwc_prim_name((hwc_prim)p), child, (size_t)(eq - child)) == 0)
        child_prim = p;
    if (child_prim < 0 || !module_selected(hwc_prim_name((hwc_prim)child_prim), got, sizeof got) ||
        strcmp(got, eq + 1) != 0) {
      printf("FAIL the module selected %s=%s, not %s\n", child_prim < 0 ? "?" : hwc_prim_name((hwc_prim)child_prim),
             got[0] ? got : "(unreadable)", child);
      sel_bad = 1;
    }
  } else {
    check_default = strcmp(props, "provider=default") != 0;
  }
  for (int i = 0; i < nfiles; i++) run_file(i, files[i]);

  unsigned long t[8] = {0};
  for (size_t i = 0; i < nrows; i++) {
    const rn_row *w = &rows[i];
    t[0] += w->pass, t[1] += w->fail, t[2] += w->notoff, t[3] += w->skip, t[4] += w->dpass, t[5] += w->dfail,
        t[6] += w->dna, t[7] += w->listed;
    if (child)
      printf("@row\t%s\t%lu\t%lu\t%lu\t%lu\t%lu\n", w->label, w->pass, w->fail, w->listed, w->notoff, w->skip);
  }
  if (!child) report(nfiles, files);
  for (size_t i = 0; i < nfails; i++) printf("%s\n", fails[i]);
  if (ndiffs && !child) printf("\nhwcrypto differs from the file here, as listed (expected_diffs, evp_runner.c):\n");
  for (size_t i = 0; i < ndiffs && !child; i++) printf("  %s\n", diffs[i]);
  if (check_default) {
    if (ndfails) printf("\nthe default provider fails these (a runner bug or an OpenSSL version difference):\n");
    for (size_t i = 0; i < ndfails; i++) printf("  %s\n", dfails[i]);
    if (ndmissing) printf("\nnot in this OpenSSL's default provider (a version difference):\n");
    for (size_t i = 0; i < ndmissing; i++) printf("  %s\n", dmissing[i]);
  }
  int bk_bad = every && !child ? all_backends(nfiles, files) : 0;
  if (!child) {
    printf("\n[%s] %lu passed, %lu failed, %lu listed differences, %lu not offered, %lu skipped; %lu stanzas ran "
           "through it\n",
           props, t[0], t[1], t[7], t[2], t[3], ran);
    if (check_default) printf("[provider=default] %lu passed, %lu failed, %lu missing\n", t[4], t[5], t[6]);
    if (!ran) printf("FAIL no stanza ran through %s\n", props);
  }
  int status = nfails || ndfails || sel_bad || bk_bad || !ran;
  for (size_t i = 0; i < nfails; i++) free(fails[i]);
  for (size_t i = 0; i < ndfails; i++) free(dfails[i]);
  for (size_t i = 0; i < ndmissing; i++) free(dmissing[i]);
  for (size_t i = 0; i < ndiffs; i++) free(diffs[i]);
  free(fails), free(dfails), free(dmissing), free(diffs), free(rows), free(tallies), free(files);
  rn_keys_free();
  OSSL_PROVIDER_unload(prov_hwc);
  OSSL_PROVIDER_unload(prov_def);
  OSSL_LIB_CTX_free(lib);
  return status;
}
