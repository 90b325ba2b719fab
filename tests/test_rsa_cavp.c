/* SPDX-License-Identifier: ISC */
/* NIST CAVP FIPS 186-3 signature verification vectors (SigVer15_186-3.rsp
 * for RSASSA-PKCS1-v1_5, SigVerPSS_186-3.rsp for RSASSA-PSS), filtered to
 * what the library offers: 2048- and 3072-bit moduli with SHA-256/384/512
 * (tests/vectors/SOURCES.md gives the filter). Every vector goes through
 * hwc_rsa_verify_pkcs1 / hwc_rsa_verify_pss for every bignum implementation
 * this CPU supports: "Result = P" must verify, "Result = F (reason)" must
 * give HWC_ERR_VERIFY. The key is rebuilt from each record's n and e,
 * because the "Public Key e changed" failures carry an e that did not sign.
 * The key goes through the public import (a DER RSAPublicKey made here), as
 * an application holding bare n and e would do. */
#include <stdlib.h>

#include "check.h"

#define CAVP_MAX 1024 /* bytes: the 8192-bit limit of the library */

typedef struct {
  const char *file;
  int pss;
} cavp_file;

typedef struct {
  size_t pass_ok, fail_rejected, by_reason[6];
  /* F records whose key hwc_rsa_import refuses: the rejection then comes
   * from the key check, not from the verifier, so they are counted apart.
   * None is expected in these files (every e is 3, 17 or 65537). */
  size_t fail_key_refused;
} cavp_counts;

/* A DER length (definite, minimal). */
static size_t der_len(uint8_t *out, size_t len) {
  if (len < 0x80) {
    out[0] = (uint8_t)len;
    return 1;
  }
  if (len < 0x100) {
    out[0] = 0x81, out[1] = (uint8_t)len;
    return 2;
  }
  out[0] = 0x82, out[1] = (uint8_t)(len >> 8), out[2] = (uint8_t)len;
  return 3;
}

/* A minimal non-negative DER INTEGER from big-endian bytes: the CAVP files
 * pad e to the modulus length, strict DER wants no leading zero bytes. */
static size_t der_int(uint8_t *out, const uint8_t *v, size_t len) {
  while (len > 0 && v[0] == 0) v++, len--;
  size_t pad = len == 0 || (v[0] & 0x80) != 0, o = 0;
  out[o++] = 0x02;
  o += der_len(out + o, len + pad);
  if (pad) out[o++] = 0;
  memcpy(out + o, v, len);
  return o + len;
}

/* RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } */
static int import_n_e(hwc_rsa_key **key, const uint8_t *n, size_t nlen, const uint8_t *e, size_t elen) {
  static uint8_t body[2 * CAVP_MAX + 16], der[2 * CAVP_MAX + 32];
  size_t b = der_int(body, n, nlen);
  b += der_int(body + b, e, elen);
  size_t d = 0;
  der[d++] = 0x30;
  d += der_len(der + d, b);
  memcpy(der + d, body, b);
  return hwc_rsa_import(key, der, d + b);
}

static char *next_line(char **cur) {
  char *line = *cur;
  if (!*line) return NULL;
  char *nl = strchr(line, '\n');
  *cur = nl ? nl + 1 : line + strlen(line);
  if (nl) *nl = 0;
  size_t len = strlen(line);
  while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' ')) line[--len] = 0;
  return line;
}

/* "name = value": the value, or NULL when line does not start with name. */
static const char *field(const char *line, const char *name) {
  size_t n = strlen(name);
  if (strncmp(line, name, n) != 0 || strncmp(line + n, " = ", 3) != 0) return NULL;
  return line + n + 3;
}

static hwc_hash cavp_hash(const char *name, const char *file) {
  if (!strcmp(name, "SHA256")) return HWC_HASH_SHA256;
  if (!strcmp(name, "SHA384")) return HWC_HASH_SHA384;
  if (!strcmp(name, "SHA512")) return HWC_HASH_SHA512;
  /* The committed files hold only these three (SOURCES.md); any other
   * hash means the file is not the filtered copy. */
  CHECK_MSG(0, "%s: SHAAlg = %s is not in the filtered file", file, name);
  return HWC_HASH_SHA256;
}

static void run_file(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  const cavp_file *cf = arg;
  char path[128];
  snprintf(path, sizeof path, "rsa/cavp/%s", cf->file);
  char *text = t_read_vector_file(path, NULL);
  CHECK_MSG(text != NULL, "missing tests/vectors/%s", path);

  static uint8_t n[CAVP_MAX], e[CAVP_MAX], msg[CAVP_MAX], sig[CAVP_MAX];
  size_t nlen = 0, elen = 0, mlen = 0, slen = 0, salt_len = 0, mod_bits = 0, line_no = 0;
  long declared_salt = -1;
  hwc_hash h = HWC_HASH_SHA256;
  int have_hash = 0;
  cavp_counts c = {0};
  char *cur = text, *line;
  const char *v;
  while ((line = next_line(&cur)) != NULL) {
    line_no++;
    if (!strncmp(line, "# Salt len:", 11)) {
      declared_salt = strtol(line + 11, NULL, 10);
    } else if (!strncmp(line, "[mod = ", 7)) {
      mod_bits = strtoul(line + 7, NULL, 10);
      nlen = 0;
    } else if ((v = field(line, "n")) != NULL) {
      nlen = t_unhex(n, sizeof n, v);
      CHECK_MSG(nlen * 8 == mod_bits && (n[0] & 0x80), "%s:%zu: n is not of %zu bits", cf->file, line_no, mod_bits);
    } else if ((v = field(line, "SHAAlg")) != NULL) {
      h = cavp_hash(v, cf->file);
      have_hash = 1;
      elen = mlen = slen = salt_len = 0;
    } else if ((v = field(line, "e")) != NULL) {
      elen = t_unhex(e, sizeof e, v);
    } else if ((v = field(line, "Msg")) != NULL) {
      mlen = t_unhex(msg, sizeof msg, v);
    } else if ((v = field(line, "S")) != NULL) {
      slen = t_unhex(sig, sizeof sig, v);
    } else if ((v = field(line, "SaltVal")) != NULL) {
      /* The salt itself; the verifier needs only its length. SigVer15
       * records carry a placeholder "00" that means nothing. */
      salt_len = strlen(v) / 2;
    } else if ((v = field(line, "Result")) != NULL) {
      CHECK_MSG(nlen && elen && have_hash && slen, "%s:%zu: record lacks n, e, SHAAlg or S", cf->file, line_no);
      CHECK_MSG(v[0] == 'P' || v[0] == 'F', "%s:%zu: unknown result %s", cf->file, line_no, v);
      int pass = v[0] == 'P';
      /* S is always the full modulus length in CAVP files; a shorter one
       * here would be a parsing error, not a vector to reject. */
      CHECK_MSG(slen == nlen, "%s:%zu: S of %zu bytes for a %zu-byte n", cf->file, line_no, slen, nlen);
      if (cf->pss)
        CHECK_MSG(declared_salt < 0 || (size_t)declared_salt == salt_len,
                  "%s:%zu: SaltVal of %zu bytes, header says %ld", cf->file, line_no, salt_len, declared_salt);
      hwc_rsa_key *key = NULL;
      int rc = import_n_e(&key, n, nlen, e, elen);
      if (rc != HWC_OK) {
        CHECK_MSG(!pass, "%s:%zu [%s]: key of a P vector refused: %s", cf->file, line_no, impl, hwc_strerror(rc));
        c.fail_key_refused++;
        continue;
      }
      rc = cf->pss ? hwc_rsa_verify_pss(sig, slen, msg, mlen, h, salt_len, key)
                   : hwc_rsa_verify_pkcs1(sig, slen, msg, mlen, h, key);
      hwc_rsa_free(key);
      if (pass) {
        CHECK_MSG(rc == HWC_OK, "%s:%zu [%s]: P vector not verified: %s", cf->file, line_no, impl, hwc_strerror(rc));
        c.pass_ok++;
      } else {
        /* HWC_ERR_VERIFY, not any error: an argument error would mean the
         * vector was never really checked. */
        CHECK_MSG(rc == HWC_ERR_VERIFY, "%s:%zu [%s]: F vector %s gave %s", cf->file, line_no, impl, v,
                  rc == HWC_OK ? "success" : hwc_strerror(rc));
        c.fail_rejected++;
        /* "F (k - reason)": tally by k so the output shows each kind ran. */
        int k = v[1] == ' ' && v[2] == '(' ? v[3] - '0' : 0;
        c.by_reason[k >= 1 && k <= 5 ? k : 0]++;
      }
    }
  }
  free(text);
  size_t total = c.pass_ok + c.fail_rejected + c.fail_key_refused;
  CHECK_MSG(total > 0 && c.pass_ok > 0 && c.fail_rejected > 0, "%s: no vectors read (%zu)", cf->file, total);
  printf("cavp %s [%s]: %zu pass-vectors ok, %zu fail-vectors rejected (message %zu, e %zu, signature %zu, "
         "EM hash moved %zu, EM trailer %zu, other %zu), %zu with a key import refused\n",
         cf->file, impl, c.pass_ok, c.fail_rejected, c.by_reason[1], c.by_reason[2], c.by_reason[3], c.by_reason[4],
         c.by_reason[5], c.by_reason[0], c.fail_key_refused);
}

HWC_TEST(rsa_cavp, sigver15) {
  cavp_file f = {"SigVer15_186-3.rsp", 0};
  t_for_each_impl(HWC_PRIM_BIGNUM, run_file, &f);
}

HWC_TEST(rsa_cavp, sigver_pss) {
  cavp_file f = {"SigVerPSS_186-3.rsp", 1};
  t_for_each_impl(HWC_PRIM_BIGNUM, run_file, &f);
}
