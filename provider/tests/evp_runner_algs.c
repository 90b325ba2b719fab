/* SPDX-License-Identifier: ISC */
/*
 * The stanza runners of hwcp-evp-runner: Digest, Cipher, MAC and KDF.
 *
 * Each fetches its algorithm with the run's property query (a failed fetch
 * is "not offered", never a pass), checks the provider it came from, then
 * takes the steps OpenSSL's evp_test takes for that type, naming the first
 * step that fails as evp_test names it (DIGEST_MISMATCH, CIPHERFINAL_ERROR,
 * KDF_CTRL_ERROR, ...) so that a stanza's Result line can be compared with
 * it. Where evp_test's checks are stricter without a FIPS provider loaded
 * (a context must duplicate, a MAC must re-initialise and report its size
 * before init), these are too, since the default provider passes them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "evp_runner.h"

int rn_common_key(const char *k) {
  static const char *const common[] = {"Result", "Reason", "Function", "Securitycheck", "Unapproved"};
  for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
    if (strcmp(k, common[i]) == 0) return 1;
  return 0;
}

/* Reports a line of the stanza the runner cannot use. */
int rn_bad(rn_run *r, const rn_pair *p, const char *what) {
  snprintf(r->why, sizeof r->why, "line %d: %s: %s = %s", p->line, what, p->key, p->value);
  return RN_BAD;
}

/* Value of one hex digit, or -1. */
static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* A value as bytes, as evp_test reads them: NULL (no buffer at all), an
 * empty value (a buffer of length 0, not NULL: an empty HMAC key must
 * still be a key), a "quoted string" whose only escape is \n, or hex
 * digit pairs, optionally ':'-separated. *buf is malloc'ed (NULL for
 * NULL). Returns 0 on a malformed value. */
int rn_bin(const char *v, unsigned char **buf, size_t *len) {
  free(*buf);
  *buf = NULL;
  *len = 0;
  if (strcmp(v, "NULL") == 0) return 1;
  size_t n = strlen(v);
  unsigned char *b = malloc(n + 1), *o = b;
  if (!b) return 0;
  if (v[0] == '"') {
    if (n < 2 || v[n - 1] != '"') goto fail;
    for (size_t i = 1; i < n - 1; i++) {
      if (v[i] != '\\') {
        *o++ = (unsigned char)v[i];
      } else if (i + 1 < n - 1 && v[i + 1] == 'n') {
        *o++ = '\n';
        i++;
      } else {
        goto fail;
      }
    }
  } else {
    for (size_t i = 0; i < n;) {
      int hi = hexval(v[i]), lo = i + 1 < n ? hexval(v[i + 1]) : -1;
      if (hi < 0 || lo < 0) goto fail;
      *o++ = (unsigned char)(hi << 4 | lo);
      i += 2;
      if (i < n && v[i] == ':') i++;
    }
  }
  *buf = b;
  *len = (size_t)(o - b);
  return 1;
fail:
  free(b);
  return 0;
}

/* Compares an output with the expected bytes; on a difference sets the
 * run's error to `name` (a stanza whose Result is that name expects it). */
int rn_same(rn_run *r, const char *name, const void *want, size_t wl, const void *got, size_t gl) {
  if (wl == gl && (wl == 0 || memcmp(want, got, wl) == 0)) return 1;
  r->err = name;
  return 0;
}

/* 1 if the fetched object came from the provider the run asks for;
 * otherwise the run's error is WRONG_PROVIDER: a query for
 * provider=hwcrypto answered by another provider is a failure. */
int rn_from_wanted(rn_run *r, const OSSL_PROVIDER *p) {
  const char *got = p ? OSSL_PROVIDER_get0_name(p) : "(none)";
  if (!r->want || strcmp(got, r->want) == 0) return 1;
  snprintf(r->why, sizeof r->why, "fetched from provider %s, not %s", got, r->want);
  r->err = "WRONG_PROVIDER";
  return 0;
}

/* ------------------------------------------------------------ Digest */

/* One Input: its bytes (Ncopy replaces them with that many copies) and
 * how many times they are fed (Count, at most once per Input). */
typedef struct rn_input {
  unsigned char *b;
  size_t len, count;
  int count_set;
} rn_input;

enum { MAX_INPUTS = 16, MAX_AAD = 4, MAX_CTRL = 20 };

/* The digest steps of evp_test: init, the pad type if given, every Input
 * Count times, the final (a XOF: a copy finished at length 0 must write
 * nothing, then the Output's length), the length and the bytes; then the
 * one-shot EVP_Q_digest for a single Input fed once. */
static void digest_steps(rn_run *r, EVP_MD *md, const rn_input *in, size_t nin, const unsigned char *out,
                         size_t outl, int pad) {
  EVP_MD_CTX *c = EVP_MD_CTX_new(), *cp = NULL;
  size_t cap = outl > EVP_MAX_MD_SIZE ? outl : EVP_MAX_MD_SIZE;
  unsigned char *got = malloc(cap);
  unsigned gl = 0;
  int xof = (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0;
  r->err = "TEST_FAILURE";
  if (!c || !got || !rn_from_wanted(r, EVP_MD_get0_provider(md))) goto done;
  if (!EVP_DigestInit_ex(c, md, NULL)) {
    r->err = "DIGESTINIT_ERROR";
    goto done;
  }
  if (pad > 0) {
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_PAD_TYPE, &pad), OSSL_PARAM_construct_end()};
    if (EVP_MD_CTX_set_params(c, ps) <= 0) {
      r->err = "PARAMS_ERROR";
      goto done;
    }
  }
  for (size_t i = 0; i < nin; i++)
    for (size_t k = 0; k < in[i].count; k++)
      if (!EVP_DigestUpdate(c, in[i].b, in[i].len)) {
        r->err = "DIGESTUPDATE_ERROR";
        goto done;
      }
  if (xof) {
    unsigned char canary[5] = {'t', 'o', 'u', 'c', 'h'};
    r->err = "DIGESTFINALXOF_ERROR";
    if (!(cp = EVP_MD_CTX_new()) || !EVP_MD_CTX_copy_ex(cp, c) || !EVP_DigestFinalXOF(cp, canary, 0) ||
        memcmp(canary, "touch", 5) != 0 || !EVP_DigestFinalXOF(c, got, outl))
      goto done;
    gl = (unsigned)outl;
  } else if (!EVP_DigestFinal_ex(c, got, &gl)) {
    r->err = "DIGESTFINAL_ERROR";
    goto done;
  }
  if (gl != outl) {
    r->err = "DIGEST_LENGTH_MISMATCH";
    goto done;
  }
  if (!rn_same(r, "DIGEST_MISMATCH", out, outl, got, gl)) goto done;
  r->err = NULL;
  if (nin == 1 && !xof && !in[0].count_set) {
    size_t ql = 0;
    memset(got, 0, cap);
    const char *name = EVP_MD_get0_name(md);
    if (!EVP_Q_digest(r->lib, name, r->propq, in[0].b, in[0].len, got, &ql) ||
        !rn_same(r, "Q_DIGEST_MISMATCH", out, outl, got, ql))
      r->err = "Q_DIGEST_ERROR";
  }
done:
  EVP_MD_CTX_free(cp);
  EVP_MD_CTX_free(c);
  free(got);
}

int rn_digest(rn_run *r) {
  const rn_stanza *s = r->s;
  EVP_MD *md = EVP_MD_fetch(r->lib, s->pair[r->body].value, r->propq);
  if (!md) return RN_NOT_OFFERED;
  rn_input in[MAX_INPUTS] = {{0}};
  size_t nin = 0, outl = 0;
  unsigned char *out = NULL;
  int pad = 0, rc = RN_RAN;
  for (size_t i = r->body + 1; i < s->n && rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    rn_input *last = nin ? &in[nin - 1] : NULL;
    if (rn_common_key(p->key)) continue;
    if (strcmp(p->key, "Input") == 0) {
      if (nin == MAX_INPUTS || !rn_bin(p->value, &in[nin].b, &in[nin].len)) rc = rn_bad(r, p, "bad input");
      else in[nin++].count = 1;
    } else if (strcmp(p->key, "Output") == 0) {
      if (!rn_bin(p->value, &out, &outl)) rc = rn_bad(r, p, "bad value");
    } else if (strcmp(p->key, "Count") == 0) {
      int n = atoi(p->value);
      if (n <= 0 || !last || last->count_set) rc = rn_bad(r, p, "bad count");
      else last->count = (size_t)n, last->count_set = 1; /* Count applies to the last Input */
    } else if (strcmp(p->key, "Ncopy") == 0) {
      int n = atoi(p->value);
      unsigned char *b = last && n > 0 ? malloc(last->len * (size_t)n + 1) : NULL;
      if (!b) {
        rc = rn_bad(r, p, "bad copy count");
      } else {
        for (int k = 0; k < n; k++) memcpy(b + last->len * (size_t)k, last->b, last->len);
        free(last->b);
        last->b = b;
        last->len *= (size_t)n;
      }
    } else if (strcmp(p->key, "Padding") == 0) {
      if ((pad = atoi(p->value)) <= 0) rc = rn_bad(r, p, "bad padding");
    } else {
      rc = rn_bad(r, p, "unknown keyword");
    }
  }
  if (rc == RN_RAN) digest_steps(r, md, in, nin, out, outl, pad);
  for (size_t i = 0; i < nin; i++) free(in[i].b);
  free(out);
  EVP_MD_free(md);
  return rc;
}

/* ------------------------------------------------------------ Cipher */

/* A Cipher stanza's fields. enc: 1 ENCRYPT only, 0 DECRYPT only, -1 both;
 * aead: 0, or the AEAD's mode (-1 for an AEAD whose mode is 0, as
 * ChaCha20-Poly1305's). */
typedef struct rn_cdata {
  unsigned char *key, *iv, *next_iv, *pt, *ct, *aad[MAX_AAD], *tag;
  size_t key_len, iv_len, next_iv_len, pt_len, ct_len, aad_len[MAX_AAD], tag_len, naad;
  int enc, aead, tag_late, rounds, key_bits;
  const char *cts_mode;
} rn_cdata;

/* Feeds len bytes to EVP_CipherUpdate, whole or, fragmented, as 1 byte,
 * all but one of the rest, and the last byte (pieces smaller than a block
 * where possible, as evp_test does); out NULL for AAD. Adds the output
 * length to *total. */
static int feed(EVP_CIPHER_CTX *c, unsigned char *out, int *total, const unsigned char *in, size_t len, int frag) {
  int l = 0;
  if (!frag) {
    if (!EVP_CipherUpdate(c, out, &l, in, (int)len)) return 0;
    *total += l;
    return 1;
  }
  size_t piece[3] = {len > 0, len > 2 ? len - 2 : 0, len > 1};
  for (int k = 0; k < 3; k++) {
    if (!piece[k]) continue;
    if (!EVP_CipherUpdate(c, out ? out + *total : NULL, &l, in, (int)piece[k])) return 0;
    *total += l;
    in += piece[k];
  }
  return 1;
}

/* One pass of a Cipher stanza in one direction (enc), with the output at
 * offset out_mis (0 or 1) of an aligned buffer and the input in place
 * (in_mode -1) or apart at an aligned (0) or misaligned (1) address, fed
 * whole or fragmented: evp_test's steps and error names. Returns 1 if
 * every step passed, else 0 with r->err set. */
static int cipher_pass(rn_run *r, EVP_CIPHER *ci, const rn_cdata *d, int enc, size_t out_mis, int in_mode,
                       int frag) {
  const unsigned char *src = enc ? d->pt : d->ct, *want = enc ? d->ct : d->pt;
  size_t in_len = enc ? d->pt_len : d->ct_len, want_len = enc ? d->ct_len : d->pt_len;
  size_t room = out_mis + in_len + 2 * EVP_MAX_BLOCK_LENGTH; /* the output, with a final block's room */
  size_t in_at = in_mode < 0 ? out_mis : ((room + 15) & ~(size_t)15) + (size_t)in_mode;
  unsigned char *buf = malloc(in_at + in_len + room + 1), iv[128], tag[16];
  EVP_CIPHER_CTX *base = EVP_CIPHER_CTX_new(), *c = NULL;
  int total = 0, fl = 0, ok = 0;
  r->err = "TEST_FAILURE";
  if (!buf || !base) goto done;
  if (in_len) memcpy(buf + in_at, src, in_len);
  unsigned char *in = buf + in_at, *out = buf + out_mis;
  EVP_CIPHER_CTX_set_flags(base, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
  if (!EVP_CipherInit_ex(base, ci, NULL, NULL, NULL, enc)) {
    r->err = "CIPHERINIT_ERROR";
    goto done;
  }
  if (d->cts_mode) {
    OSSL_PARAM ps[2] = {OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, (char *)d->cts_mode, 0),
                        OSSL_PARAM_construct_end()};
    if (!EVP_CIPHER_CTX_set_params(base, ps)) {
      r->err = "INVALID_CTS_MODE";
      goto done;
    }
  }
  /* an AEAD takes the IV length it is given; any other cipher must have
   * exactly the stanza's */
  if (d->iv && (d->aead ? EVP_CIPHER_CTX_ctrl(base, EVP_CTRL_AEAD_SET_IVLEN, (int)d->iv_len, NULL) <= 0
                        : d->iv_len != (size_t)EVP_CIPHER_CTX_get_iv_length(base))) {
    r->err = "INVALID_IV_LENGTH";
    goto done;
  }
  if (d->aead) {
    /* encrypting, OCB or a tag set late: the tag length now (GCM takes
     * none before encrypting); decrypting: the tag to check */
    int len_only = enc || d->aead == EVP_CIPH_OCB_MODE || d->tag_late;
    if ((!len_only || d->aead != EVP_CIPH_GCM_MODE) &&
        EVP_CIPHER_CTX_ctrl(base, EVP_CTRL_AEAD_SET_TAG, (int)d->tag_len, len_only ? NULL : d->tag) <= 0) {
      r->err = len_only ? "TAG_LENGTH_SET_ERROR" : "TAG_SET_ERROR";
      goto done;
    }
  }
  if (d->rounds > 0 && EVP_CIPHER_CTX_ctrl(base, EVP_CTRL_SET_RC5_ROUNDS, d->rounds, NULL) <= 0) {
    r->err = "INVALID_ROUNDS";
    goto done;
  }
  if (!EVP_CIPHER_CTX_set_key_length(base, (int)d->key_len)) {
    r->err = "INVALID_KEY_LENGTH";
    goto done;
  }
  if (d->key_bits > 0 && EVP_CIPHER_CTX_ctrl(base, EVP_CTRL_SET_RC2_KEY_BITS, d->key_bits, NULL) <= 0) {
    r->err = "INVALID KEY BITS";
    goto done;
  }
  if (!EVP_CipherInit_ex(base, NULL, NULL, d->key, d->iv, -1)) {
    r->err = "KEY_SET_ERROR";
    goto done;
  }
  /* the IV reads back as set, unless the cipher handles its IV itself */
  if (d->iv && (!EVP_CIPHER_CTX_get_updated_iv(base, iv, sizeof iv) ||
                (!(EVP_CIPHER_get_flags(ci) & EVP_CIPH_CUSTOM_IV) &&
                 (d->iv_len > sizeof iv || memcmp(iv, d->iv, d->iv_len) != 0)))) {
    r->err = "INVALID_IV";
    goto done;
  }
  /* the rest runs on a duplicate: duplicating is part of the API */
  if (!(c = EVP_CIPHER_CTX_new()) || !EVP_CIPHER_CTX_copy(c, base)) {
    r->err = "CIPHER_CTX_COPY_ERROR";
    goto done;
  }
  if (d->aead == EVP_CIPH_CCM_MODE && !EVP_CipherUpdate(c, NULL, &fl, NULL, (int)want_len)) {
    r->err = "CCM_PLAINTEXT_LENGTH_SET_ERROR";
    goto done;
  }
  int aad_total = 0;
  for (size_t k = 0; k < d->naad; k++)
    if (!feed(c, NULL, &aad_total, d->aad[k], d->aad_len[k], frag)) {
      r->err = "AAD_SET_ERROR";
      goto done;
    }
  if (!enc && (d->aead == EVP_CIPH_OCB_MODE || d->tag_late) &&
      EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)d->tag_len, d->tag) <= 0) {
    r->err = "TAG_SET_ERROR";
    goto done;
  }
  EVP_CIPHER_CTX_set_padding(c, 0);
  if (!feed(c, out, &total, in, in_len, frag)) {
    r->err = "CIPHERUPDATE_ERROR";
    goto done;
  }
  if (!EVP_CipherFinal_ex(c, out + total, &fl)) {
    r->err = "CIPHERFINAL_ERROR";
    goto done;
  }
  if (!rn_same(r, "VALUE_MISMATCH", want, want_len, out, (size_t)(total + fl))) goto done;
  if (enc && d->aead) {
    if (d->tag_len > sizeof tag) {
      r->err = "TAG_LENGTH_INTERNAL_ERROR";
      goto done;
    }
    if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)d->tag_len, tag) <= 0) {
      r->err = "TAG_RETRIEVE_ERROR";
      goto done;
    }
    if (!rn_same(r, "TAG_VALUE_MISMATCH", d->tag, d->tag_len, tag, d->tag_len)) goto done;
  }
  if (d->next_iv && (!EVP_CIPHER_CTX_get_updated_iv(c, iv, sizeof iv) ||
                     (!(EVP_CIPHER_get_flags(ci) & EVP_CIPH_CUSTOM_IV) &&
                      (d->next_iv_len > sizeof iv || memcmp(iv, d->next_iv, d->next_iv_len) != 0)))) {
    r->err = "INVALID_NEXT_IV";
    goto done;
  }
  r->err = NULL;
  ok = 1;
done:
  EVP_CIPHER_CTX_free(c);
  EVP_CIPHER_CTX_free(base);
  free(buf);
  return ok;
}

/* Reads a Cipher stanza's fields; the AEAD ones only for an AEAD, as
 * evp_test (an AAD line on a non-AEAD cipher is a malformed stanza).
 * Returns RN_RAN or RN_BAD. */
static int cipher_parse(rn_run *r, rn_cdata *d) {
  const rn_stanza *s = r->s;
  for (size_t i = r->body + 1; i < s->n; i++) {
    const rn_pair *p = &s->pair[i];
    const char *k = p->key;
    int ok = 1;
    if (rn_common_key(k)) continue;
    if (strcmp(k, "Key") == 0) ok = rn_bin(p->value, &d->key, &d->key_len);
    else if (strcmp(k, "IV") == 0) ok = rn_bin(p->value, &d->iv, &d->iv_len);
    else if (strcmp(k, "NextIV") == 0) ok = rn_bin(p->value, &d->next_iv, &d->next_iv_len);
    else if (strcmp(k, "Plaintext") == 0) ok = rn_bin(p->value, &d->pt, &d->pt_len);
    else if (strcmp(k, "Ciphertext") == 0) ok = rn_bin(p->value, &d->ct, &d->ct_len);
    else if (strcmp(k, "Rounds") == 0) ok = (d->rounds = atoi(p->value)) >= 0;
    else if (strcmp(k, "KeyBits") == 0) ok = (d->key_bits = atoi(p->value)) >= 0;
    else if (strcmp(k, "CTSMode") == 0) d->cts_mode = p->value;
    else if (strcmp(k, "Operation") == 0) {
      d->enc = strcmp(p->value, "ENCRYPT") == 0 ? 1 : strcmp(p->value, "DECRYPT") == 0 ? 0 : -2;
      ok = d->enc >= 0;
    } else if (d->aead && strcmp(k, "AAD") == 0) {
      ok = d->naad < MAX_AAD && rn_bin(p->value, &d->aad[d->naad], &d->aad_len[d->naad]);
      d->naad += ok;
    } else if (d->aead && strcmp(k, "Tag") == 0) {
      ok = rn_bin(p->value, &d->tag, &d->tag_len);
    } else if (d->aead && strcmp(k, "SetTagLate") == 0) {
      d->tag_late = strcmp(p->value, "TRUE") == 0;
      ok = d->tag_late || strcmp(p->value, "FALSE") == 0;
    } else if (d->aead && (strcmp(k, "TLSAAD") == 0 || strcmp(k, "MACKey") == 0 || strcmp(k, "TLSVersion") == 0)) {
      /* the TLS record ciphers (AES-CBC-HMAC-SHA*): not in the files
       * this runner is for, so not taken silently either */
      snprintf(r->why, sizeof r->why, "line %d: %s: TLS record cipher fields are not implemented by this runner",
               p->line, k);
      return RN_SKIP;
    } else {
      return rn_bad(r, p, "unknown keyword");
    }
    if (!ok) return rn_bad(r, p, "bad value");
  }
  return RN_RAN;
}

int rn_cipher(rn_run *r) {
  EVP_CIPHER *ci = EVP_CIPHER_fetch(r->lib, r->s->pair[r->body].value, r->propq);
  if (!ci) return RN_NOT_OFFERED;
  rn_cdata d = {.enc = -1};
  int mode = EVP_CIPHER_get_mode(ci), rc;
  if (EVP_CIPHER_get_flags(ci) & EVP_CIPH_FLAG_AEAD_CIPHER) d.aead = mode ? mode : -1;
  if ((rc = cipher_parse(r, &d)) != RN_RAN) goto done;
  /* what evp_test refuses to run */
  if (!d.key || (!d.iv && EVP_CIPHER_get_iv_length(ci) && mode != EVP_CIPH_WRAP_MODE) || (d.aead && !d.tag)) {
    snprintf(r->why, sizeof r->why, "no %s", !d.key ? "Key" : d.aead && !d.tag ? "Tag" : "IV");
    rc = RN_BAD;
    goto done;
  }
  if (!rn_from_wanted(r, EVP_CIPHER_get0_provider(ci))) goto done;
  /* modes with rules on input lengths (CCM, XTS, SIV, wrap, CTS, the TLS
   * record ciphers, ChaCha20-Poly1305) are not fed in fragments */
  int fragment = !(d.aead == EVP_CIPH_CCM_MODE || d.aead == EVP_CIPH_CBC_MODE ||
                   (d.aead == -1 && mode == EVP_CIPH_STREAM_CIPHER) ||
                   (EVP_CIPHER_get_flags(ci) & EVP_CIPH_FLAG_CTS) || mode == EVP_CIPH_SIV_MODE ||
                   mode == EVP_CIPH_XTS_MODE || mode == EVP_CIPH_WRAP_MODE);
  for (int frag = 0; frag <= fragment; frag++)
    for (size_t om = 0; om <= 1; om++)
      for (int im = -1; im <= 1; im++)
        for (int enc = 1; enc >= 0; enc--) {
          if (d.enc >= 0 && d.enc != enc) continue;
          if (!cipher_pass(r, ci, &d, enc, om, im, frag)) {
            snprintf(r->why, sizeof r->why, "%s, %s output, %s input, %sfragmented", enc ? "encrypt" : "decrypt",
                     om ? "misaligned" : "aligned", im < 0 ? "in-place" : im ? "misaligned" : "aligned",
                     frag ? "" : "not ");
            goto done;
          }
        }
done:
  free(d.key), free(d.iv), free(d.next_iv), free(d.pt), free(d.ct), free(d.tag);
  for (size_t k = 0; k < d.naad; k++) free(d.aad[k]);
  EVP_CIPHER_free(ci);
  return rc;
}

/* --------------------------------------------------------------- MAC */

/* A MAC stanza's fields. */
typedef struct rn_mdata {
  unsigned char *key, *iv, *custom, *salt, *input, *output;
  size_t key_len, iv_len, custom_len, salt_len, input_len, output_len, nctrl;
  const char *alg, *ctrl[MAX_CTRL];
  int xof, no_reinit, output_size, block_size;
} rn_mdata;

/* Splits a "name:value" control into a new string (*name) and a pointer
 * into it (*value; "" without a colon when allow_bare). */
static int split_ctrl(const char *v, char **name, const char **value, int allow_bare) {
  char *c = strchr(*name = strdup(v), ':');
  if (!*name || (!c && !allow_bare)) return 0;
  *value = c ? (*c = 0, c + 1) : "";
  return 1;
}

/* The EVP_MAC steps of evp_test: the sub-algorithm (cipher or digest, as
 * the MAC's settable parameters say), Custom, Salt, IV and the controls
 * as parameters to init; the size before and after init (a size control
 * must show in it); OutputSize and BlockSize; update and final (or
 * finalXOF) compared; re-initialised without a key the context must give
 * the same again (NoReinit: must refuse); then the one-shot EVP_Q_mac. */
static void mac_steps(rn_run *r, EVP_MAC *mac, const char *name, const rn_mdata *d) {
  const OSSL_PARAM *defs = EVP_MAC_settable_ctx_params(mac);
  OSSL_PARAM ps[MAX_CTRL + 5];
  size_t n = 0, owned = 0, size_val = 0, gl = 0;
  unsigned char *got = NULL;
  EVP_MAC_CTX *c = NULL;
  r->err = "TEST_FAILURE";
  if (!rn_from_wanted(r, EVP_MAC_get0_provider(mac))) goto done;
  if (d->alg) {
    const char *which = OSSL_PARAM_locate_const(defs, OSSL_MAC_PARAM_CIPHER)   ? OSSL_MAC_PARAM_CIPHER
                        : OSSL_PARAM_locate_const(defs, OSSL_MAC_PARAM_DIGEST) ? OSSL_MAC_PARAM_DIGEST
                                                                               : NULL;
    if (!which) {
      r->err = "MAC_BAD_PARAMS";
      goto done;
    }
    ps[n++] = OSSL_PARAM_construct_utf8_string(which, (char *)d->alg, 0);
  }
  if (d->custom) ps[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, d->custom, d->custom_len);
  if (d->salt) ps[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_SALT, d->salt, d->salt_len);
  if (d->iv) ps[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, d->iv, d->iv_len);
  owned = n;
  for (size_t k = 0; k < d->nctrl; k++) {
    char *key = NULL;
    const char *val = NULL;
    int ok = split_ctrl(d->ctrl[k], &key, &val, 0) &&
             OSSL_PARAM_allocate_from_text(&ps[n], defs, key, val, strlen(val), NULL);
    if (ok && strcmp(key, "size") == 0) size_val = (size_t)strtoul(val, NULL, 0);
    free(key);
    if (!ok) {
      r->err = "MAC_PARAM_ERROR";
      goto done;
    }
    n++;
  }
  ps[n] = OSSL_PARAM_construct_end();
  if (!(c = EVP_MAC_CTX_new(mac))) {
    r->err = "MAC_CREATE_ERROR";
    goto done;
  }
  size_t before = EVP_MAC_CTX_get_mac_size(c);
  if (!EVP_MAC_init(c, d->key, d->key_len, ps)) {
    r->err = "MAC_INIT_ERROR";
    goto done;
  }
  size_t after = EVP_MAC_CTX_get_mac_size(c);
  if ((before == 0 && after == 0) || (before != 0 && after != (size_val ? size_val : before))) {
    r->err = "MAC_SIZE_CHECK_ERROR";
    goto done;
  }
  if (d->output_size >= 0 || d->block_size >= 0) {
    int osz = -1, bsz = -1;
    OSSL_PARAM q[3], *qp = q;
    if (d->output_size >= 0) *qp++ = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_SIZE, &osz);
    if (d->block_size >= 0) *qp++ = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_BLOCK_SIZE, &bsz);
    *qp = OSSL_PARAM_construct_end();
    if (!EVP_MAC_CTX_get_params(c, q) || (d->output_size >= 0 && osz != d->output_size) ||
        (d->block_size >= 0 && bsz != d->block_size)) {
      r->err = "MAC_SIZES_MISMATCH";
      goto done;
    }
  }
  for (int round = 0;; round++) {
    if (!EVP_MAC_update(c, d->input, d->input_len)) {
      r->err = "MAC_UPDATE_ERROR";
      goto done;
    }
    free(got);
    got = NULL;
    if (d->xof) {
      gl = d->output_len;
      if (!(got = malloc(gl + 1)) || !EVP_MAC_finalXOF(c, got, gl) ||
          !rn_same(r, "MAC_FINAL_ERROR", d->output, d->output_len, got, gl)) {
        r->err = "MAC_FINAL_ERROR";
        goto done;
      }
    } else {
      if (!EVP_MAC_final(c, NULL, &gl, 0)) {
        r->err = "MAC_FINAL_LENGTH_ERROR";
        goto done;
      }
      if (!(got = malloc(gl + 1)) || !EVP_MAC_final(c, got, &gl, gl) ||
          !rn_same(r, "TEST_MAC_ERR", d->output, d->output_len, got, gl)) {
        r->err = "TEST_MAC_ERR";
        goto done;
      }
    }
    if (round == 1) break;
    /* init again without a key (the IV given again): the same MAC, or
     * a refusal where the stanza says NoReinit */
    OSSL_PARAM ivp[2] = {OSSL_PARAM_END, OSSL_PARAM_END};
    if (d->iv) ivp[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, d->iv, d->iv_len);
    ERR_set_mark();
    int again = EVP_MAC_init(c, NULL, 0, ivp);
    if (d->no_reinit) {
      ERR_pop_to_mark();
      if (again) {
        r->err = "MAC_REINIT_SHOULD_FAIL";
        goto done;
      }
      break;
    }
    ERR_clear_last_mark();
    if (!again) {
      r->err = "MAC_REINIT_ERROR";
      goto done;
    }
  }
  r->err = NULL;
  if (!d->xof) {
    size_t ql = 0;
    memset(got, 0, gl);
    if (!EVP_Q_mac(r->lib, name, r->propq, d->alg, ps, d->key, d->key_len, d->input, d->input_len, got, gl, &ql) ||
        !rn_same(r, "Q_MAC_MISMATCH", d->output, d->output_len, got, ql))
      r->err = "Q_MAC_ERROR";
  }
done:
  while (n > owned) OPENSSL_free(ps[--n].data);
  EVP_MAC_CTX_free(c);
  free(got);
}

/* "HMAC by EVP_PKEY", "CMAC by EVP_PKEY": the MAC as a signature over a
 * MAC key (EVP_DigestSign), key and signature fetched with the run's
 * query; the controls go to EVP_PKEY_CTX_ctrl_str. */
static int mac_pkey(rn_run *r, const char *type, const rn_mdata *d) {
  if (d->xof) {
    snprintf(r->why, sizeof r->why, "XOF output has no EVP_PKEY form (evp_test does not run it either)");
    return RN_SKIP;
  }
  EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(r->lib, type, r->propq);
  EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(r->lib, type, r->propq);
  EVP_PKEY *key = NULL;
  EVP_PKEY_CTX *kc = NULL, *pc = NULL;
  EVP_MD_CTX *m = NULL;
  unsigned char *got = NULL;
  size_t gl = 0;
  int rc = RN_RAN;
  if (!sig || !km) {
    rc = RN_NOT_OFFERED;
    goto done;
  }
  r->err = "TEST_FAILURE";
  if (!rn_from_wanted(r, EVP_SIGNATURE_get0_provider(sig)) || !rn_from_wanted(r, EVP_KEYMGMT_get0_provider(km))) goto done;
  if (strcmp(type, "CMAC") == 0) {
    OSSL_PARAM ps[3] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, d->key, d->key_len),
                        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_CIPHER, (char *)(d->alg ? d->alg : ""), 0),
                        OSSL_PARAM_construct_end()};
    if (!(kc = EVP_PKEY_CTX_new_from_name(r->lib, type, r->propq)) || EVP_PKEY_fromdata_init(kc) <= 0 ||
        EVP_PKEY_fromdata(kc, &key, EVP_PKEY_KEYPAIR, ps) <= 0)
      key = NULL;
  } else {
    key = EVP_PKEY_new_raw_private_key_ex(r->lib, type, r->propq, d->key, d->key_len);
  }
  if (!key) {
    r->err = "MAC_KEY_CREATE_ERROR";
    goto done;
  }
  const char *md = strcmp(type, "HMAC") == 0 ? d->alg : NULL;
  if (!(m = EVP_MD_CTX_new()) || !EVP_DigestSignInit_ex(m, &pc, md, r->lib, r->propq, key, NULL)) {
    r->err = "DIGESTSIGNINIT_ERROR";
    goto done;
  }
  for (size_t k = 0; k < d->nctrl; k++) {
    char *name = NULL;
    const char *val = NULL;
    int ok = split_ctrl(d->ctrl[k], &name, &val, 0) && EVP_PKEY_CTX_ctrl_str(pc, name, val) > 0;
    free(name);
    if (!ok) {
      r->err = "EVPPKEYCTXCTRL_ERROR";
      goto done;
    }
  }
  if (!EVP_DigestSignUpdate(m, d->input, d->input_len)) {
    r->err = "DIGESTSIGNUPDATE_ERROR";
    goto done;
  }
  if (!EVP_DigestSignFinal(m, NULL, &gl)) {
    r->err = "DIGESTSIGNFINAL_LENGTH_ERROR";
    goto done;
  }
  if (!(got = malloc(gl + 1)) || !EVP_DigestSignFinal(m, got, &gl) ||
      !rn_same(r, "TEST_MAC_ERR", d->output, d->output_len, got, gl)) {
    r->err = "TEST_MAC_ERR";
    goto done;
  }
  r->err = NULL;
done:
  free(got);
  EVP_MD_CTX_free(m);
  EVP_PKEY_CTX_free(kc);
  EVP_PKEY_free(key);
  EVP_KEYMGMT_free(km);
  EVP_SIGNATURE_free(sig);
  return rc;
}

int rn_mac(rn_run *r) {
  const rn_stanza *s = r->s;
  const char *name = s->pair[r->body].value, *by = strstr(name, " by EVP_PKEY");
  rn_mdata d = {.output_size = -1, .block_size = -1};
  int rc = RN_RAN;
  for (size_t i = r->body + 1; i < s->n && rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    const char *k = p->key;
    int ok = 1;
    if (rn_common_key(k)) continue;
    if (strcmp(k, "Key") == 0) ok = rn_bin(p->value, &d.key, &d.key_len);
    else if (strcmp(k, "IV") == 0) ok = rn_bin(p->value, &d.iv, &d.iv_len);
    else if (strcmp(k, "Custom") == 0) ok = rn_bin(p->value, &d.custom, &d.custom_len);
    else if (strcmp(k, "Salt") == 0) ok = rn_bin(p->value, &d.salt, &d.salt_len);
    else if (strcmp(k, "Input") == 0) ok = rn_bin(p->value, &d.input, &d.input_len);
    else if (strcmp(k, "Output") == 0) ok = rn_bin(p->value, &d.output, &d.output_len);
    else if (strcmp(k, "Algorithm") == 0) d.alg = p->value;
    else if (strcmp(k, "XOF") == 0) d.xof = 1;
    else if (strcmp(k, "NoReinit") == 0) d.no_reinit = 1;
    else if (strcmp(k, "Ctrl") == 0) ok = d.nctrl < MAX_CTRL ? (d.ctrl[d.nctrl++] = p->value, 1) : 0;
    else if (strcmp(k, "OutputSize") == 0) ok = (d.output_size = atoi(p->value)) >= 0;
    else if (strcmp(k, "BlockSize") == 0) ok = (d.block_size = atoi(p->value)) >= 0;
    else rc = rn_bad(r, p, "unknown keyword");
    if (!ok) rc = rn_bad(r, p, "bad value");
  }
  if (rc == RN_RAN) {
    if (by && by[strlen(" by EVP_PKEY")] == 0) {
      char type[32];
      snprintf(type, sizeof type, "%.*s", (int)(by - name), name);
      rc = mac_pkey(r, type, &d);
    } else {
      EVP_MAC *mac = EVP_MAC_fetch(r->lib, name, r->propq);
      if (mac) mac_steps(r, mac, name, &d);
      else rc = RN_NOT_OFFERED;
      EVP_MAC_free(mac);
    }
  }
  free(d.key), free(d.iv), free(d.custom), free(d.salt), free(d.input), free(d.output);
  return rc;
}

/* --------------------------------------------------------------- KDF */

/* The KDF steps of evp_test: every Ctrl.* line "name:value" made a
 * parameter from text against the KDF's settable parameters (a name it
 * does not know: KDF_PARAM_ERROR), set (KDF_CTRL_ERROR), derive the
 * Output's length (KDF_DERIVE_ERROR), compare (KDF_MISMATCH). */
int rn_kdf(rn_run *r) {
  const rn_stanza *s = r->s;
  EVP_KDF *kdf = EVP_KDF_fetch(r->lib, s->pair[r->body].value, r->propq);
  if (!kdf) return RN_NOT_OFFERED;
  const OSSL_PARAM *defs = EVP_KDF_settable_ctx_params(kdf);
  OSSL_PARAM *ps = calloc(s->n + 1, sizeof *ps);
  EVP_KDF_CTX *c = EVP_KDF_CTX_new(kdf);
  unsigned char *out = NULL, *got = NULL;
  size_t outl = 0, n = 0;
  int rc = RN_RAN;
  const char *perr = NULL;
  r->err = "TEST_FAILURE";
  if (!ps || !c) goto done;
  for (size_t i = r->body + 1; i < s->n && rc == RN_RAN; i++) {
    const rn_pair *p = &s->pair[i];
    if (rn_common_key(p->key)) continue;
    if (strcmp(p->key, "Output") == 0) {
      if (!rn_bin(p->value, &out, &outl)) rc = rn_bad(r, p, "bad value");
    } else if (strncmp(p->key, "Ctrl", 4) == 0) {
      char *name = NULL;
      const char *val = NULL;
      if (!split_ctrl(p->value, &name, &val, 1)) rc = rn_bad(r, p, "bad control");
      else if (!perr && OSSL_PARAM_allocate_from_text(&ps[n], defs, name, val, strlen(val), NULL)) n++;
      else perr = "KDF_PARAM_ERROR";
      free(name);
    } else {
      rc = rn_bad(r, p, "unknown keyword");
    }
  }
  if (rc != RN_RAN || !rn_from_wanted(r, EVP_KDF_get0_provider(kdf))) goto done;
  if (perr) {
    r->err = perr;
    goto done;
  }
  if (!EVP_KDF_CTX_set_params(c, ps)) {
    r->err = "KDF_CTRL_ERROR";
    goto done;
  }
  if (!(got = malloc(outl + 1))) goto done;
  if (EVP_KDF_derive(c, got, outl, NULL) <= 0) {
    r->err = "KDF_DERIVE_ERROR";
    goto done;
  }
  if (rn_same(r, "KDF_MISMATCH", out, outl, got, outl)) r->err = NULL;
done:
  for (size_t k = 0; ps && k < n; k++) OPENSSL_free(ps[k].data);
  free(ps);
  free(out);
  free(got);
  EVP_KDF_CTX_free(c);
  EVP_KDF_free(kdf);
  return rc;
}
