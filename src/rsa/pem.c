/* SPDX-License-Identifier: ISC */
/* PEM armour: see pem.h. Base64 per RFC 4648 section 4.
 *
 * Constant time: a private key's base64 passes through here. Each body
 * character is classified (base64 digit, white space, line end, '=', '-',
 * anything else) and given its 6-bit value by masked range arithmetic,
 * never by a table indexed with the character or a branch on it. Only the
 * class is released (HWC_DECLASSIFY) and branched on: it says where the
 * lines, the padding and the END line are, the layout every PEM file of
 * that key size shares, and nothing of the digits' values. The text
 * outside the chosen block (other blocks, comments, "Bag Attributes"
 * lines) is public and scanned with ordinary code. */
#include "pem.h"

#include <string.h>

#include "src/internal.h"

static const char begin[] = "-----BEGIN ", end_[] = "-----END ", dashes[] = "-----";

enum { CLS_DIGIT, CLS_SPACE, CLS_NEWLINE, CLS_PAD, CLS_DASH, CLS_COLON, CLS_OTHER };

/* All-ones if lo <= x <= hi, else 0, for x, lo, hi in 0..255: both
 * differences are negative exactly inside the range. */
static int in_range_mask(int x, int lo, int hi) { return (((lo - 1) - x) & (x - (hi + 1))) >> 8; }

/* The class of c (CLS_*), and in *value its base64 digit (0..63) when it
 * is one, computed without a branch or a table lookup on c. */
static int b64_classify(uint8_t c, int *value) {
  int x = c;
  int upper = in_range_mask(x, 'A', 'Z'), lower = in_range_mask(x, 'a', 'z'), digit = in_range_mask(x, '0', '9');
  int plus = in_range_mask(x, '+', '+'), slash = in_range_mask(x, '/', '/');
  int space = in_range_mask(x, ' ', ' ') | in_range_mask(x, '\t', '\t') | in_range_mask(x, '\r', '\r');
  int newline = in_range_mask(x, '\n', '\n'), pad = in_range_mask(x, '=', '='), dash = in_range_mask(x, '-', '-');
  int colon = in_range_mask(x, ':', ':');
  *value = (upper & (x - 'A')) | (lower & (x - 'a' + 26)) | (digit & (x - '0' + 52)) | (plus & 62) | (slash & 63);
  int is_digit = upper | lower | digit | plus | slash;
  int known = is_digit | space | newline | pad | dash | colon;
  return (is_digit & CLS_DIGIT) | (space & CLS_SPACE) | (newline & CLS_NEWLINE) | (pad & CLS_PAD) |
         (dash & CLS_DASH) | (colon & CLS_COLON) | (~known & CLS_OTHER);
}

/* The class of c, released: see the file comment for why that is public. */
static int public_class(uint8_t c, int *value) {
  int cls = b64_classify(c, value);
  HWC_DECLASSIFY(&cls, sizeof cls);
  return cls;
}

/* Index of the start of the line after the one that holds in[i] (len if
 * none). Used on public text only. */
static size_t next_line(const uint8_t *in, size_t i, size_t len) {
  const uint8_t *nl = i < len ? memchr(in + i, '\n', len - i) : NULL;
  return nl ? (size_t)(nl - in) + 1 : len;
}

/* 1 if the line at in[i] starts with s. */
static int line_starts_with(const uint8_t *in, size_t i, size_t len, const char *s) {
  size_t n = strlen(s);
  return len - i >= n && memcmp(in + i, s, n) == 0;
}

/* Reads "<prefix><label>-----" at in[*i], leaves *i after it. */
static int read_marker(const uint8_t *in, size_t len, size_t *i, const char *prefix, char label[PEM_LABEL_MAX]) {
  size_t pl = strlen(prefix), j = *i;
  if (!line_starts_with(in, j, len, prefix)) return HWC_ERR_BAD_ENCODING;
  j += pl;
  size_t start = j;
  while (j < len && in[j] != '-' && in[j] != '\n' && j - start < PEM_LABEL_MAX - 1) j++;
  if (len - j < 5 || memcmp(in + j, dashes, 5) != 0 || j == start) return HWC_ERR_BAD_ENCODING;
  memcpy(label, in + start, j - start);
  label[j - start] = 0;
  *i = j + 5;
  return HWC_OK;
}

/* 1 if label is in the NULL-terminated list (a NULL list holds every label). */
static int label_fits(const char *label, const char *const *labels) {
  if (labels == NULL) return 1;
  for (; *labels; labels++)
    if (strcmp(label, *labels) == 0) return 1;
  return 0;
}

/* 1 if the label names a key structure (of any algorithm, or encrypted):
 * a block the caller skipped only because it cannot read that kind. */
static int label_is_key(const char *label) {
  size_t n = strlen(label);
  return (n >= 11 && strcmp(label + n - 11, "PRIVATE KEY") == 0) ||
         (n >= 10 && strcmp(label + n - 10, "PUBLIC KEY") == 0);
}

/* RFC 1421 headers ("Proc-Type: 4,ENCRYPTED", "DEK-Info: ...") may follow
 * the BEGIN line, ended by an empty line. The header lines themselves are
 * public; the base64 lines are not, so whether the first line holds a
 * colon is found through the classes. Leaves *i at the first body line;
 * HWC_ERR_UNSUPPORTED for an encrypted block. */
static int skip_headers(const uint8_t *in, size_t len, size_t *i) {
  size_t j = *i, k;
  int v, colon = 0;
  for (k = j; k < len; k++) {
    int cls = public_class(in[k], &v);
    if (cls == CLS_NEWLINE) break;
    colon |= cls == CLS_COLON;
  }
  if (!colon) return HWC_OK;
  int encrypted = 0;
  while (j < len) {
    size_t e = next_line(in, j, len), n = e - j;
    while (n > 0 && (in[j + n - 1] == '\n' || in[j + n - 1] == '\r')) n--;
    if (n == 0) break; /* the empty line that ends the headers */
    if (n >= 10 && memcmp(in + j, "Proc-Type:", 10) == 0) {
      for (size_t c = j; c + 9 <= j + n; c++) encrypted |= memcmp(in + c, "ENCRYPTED", 9) == 0;
    }
    j = e;
  }
  *i = next_line(in, j, len);
  return encrypted ? HWC_ERR_UNSUPPORTED : HWC_OK;
}

/* Decodes the base64 body at in[*i] up to the END line, leaves *i at that
 * line. Canonical base64 only: standard alphabet, '=' only as final
 * padding, zero padding bits. */
static int decode_body(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len, size_t *i) {
  size_t n = 0, j = *i;
  uint32_t acc = 0;
  int bits = 0, pad = 0, bad = 0;
  for (; j < len; j++) {
    int v, cls = public_class(in[j], &v);
    if (cls == CLS_DASH) break;
    if (cls == CLS_SPACE || cls == CLS_NEWLINE) continue;
    if (cls == CLS_PAD) {
      pad++;
      continue;
    }
    bad |= cls != CLS_DIGIT || pad; /* nothing but white space after padding */
    acc = acc << 6 | (uint32_t)(v & 63);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (uint8_t)(acc >> bits);
    }
  }
  /* 2 or 4 leftover bits need exactly 2 or 1 '=' and must be zero; their
   * value is secret, so it joins the verdict, which is then released. */
  int want_pad = bits == 4 ? 2 : bits == 2 ? 1 : 0;
  uint32_t leftover = acc & ((1u << bits) - 1);
  bad |= bits == 6 || pad != want_pad;
  bad |= (int)((leftover | (0u - leftover)) >> 31);
  HWC_DECLASSIFY(&bad, sizeof bad);
  *i = j;
  *out_len = n;
  return bad ? HWC_ERR_BAD_ENCODING : HWC_OK;
}

int hwc_pem_looks_like(const uint8_t *in, size_t len) {
  /* Every RSA key's DER is a SEQUENCE longer than 127 bytes: tag 0x30 then
   * a long-form length byte (0x81..0x84), never text. Deciding on these two
   * structure bytes keeps a DER key's secret bytes out of the scan. */
  if (len >= 2) {
    uint8_t head[2] = {in[0], in[1]};
    HWC_DECLASSIFY(head, sizeof head);
    if (head[0] == 0x30 && head[1] >= 0x81 && head[1] <= 0x84) return 0;
  }
  for (size_t i = 0; i < len; i = next_line(in, i, len))
    if (line_starts_with(in, i, len, begin)) return 1;
  return 0;
}

int hwc_pem_decode(char label[PEM_LABEL_MAX], uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                   const char *const *labels) {
  int saw_other_key = 0;
  for (size_t i = 0; i < len; i = next_line(in, i, len)) {
    size_t at = i;
    if (!line_starts_with(in, at, len, begin) || read_marker(in, len, &at, begin, label)) continue;
    if (!label_fits(label, labels)) {
      saw_other_key |= label_is_key(label);
      continue; /* another block (a certificate, a key of another kind) */
    }
    at = next_line(in, at, len);
    int rc = skip_headers(in, len, &at);
    if (rc != HWC_OK) return rc;
    char end_label[PEM_LABEL_MAX];
    size_t n = 0;
    rc = decode_body(out, &n, in, len, &at);
    if (rc == HWC_OK && (read_marker(in, len, &at, end_, end_label) || strcmp(label, end_label) != 0))
      rc = HWC_ERR_BAD_ENCODING;
    if (rc != HWC_OK) {
      hwc_memzero(out, n);
      return rc;
    }
    *out_len = n;
    return HWC_OK;
  }
  return saw_other_key ? HWC_ERR_UNSUPPORTED : HWC_ERR_BAD_ENCODING;
}

int hwc_pem_encode(uint8_t *out, size_t cap, size_t *out_len, const char *label, const uint8_t *der,
                   size_t der_len) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t chars = (der_len + 2) / 3 * 4, ll = strlen(label);
  size_t need = (sizeof begin - 1) + ll + 5 + 1 + chars + (chars + 63) / 64 + (sizeof end_ - 1) + ll + 5 + 1;
  *out_len = need;
  if (out == NULL || cap < need) return HWC_ERR_INVALID_ARG;
  size_t o = 0;
  memcpy(out + o, begin, sizeof begin - 1), o += sizeof begin - 1;
  memcpy(out + o, label, ll), o += ll;
  memcpy(out + o, "-----\n", 6), o += 6;
  for (size_t i = 0, col = 0; i < der_len; i += 3) {
    /* Encoding indexes the alphabet by key bytes: done with a scan of the
     * whole alphabet per character so the access pattern is fixed. */
    uint32_t w = (uint32_t)der[i] << 16 | (i + 1 < der_len ? (uint32_t)der[i + 1] << 8 : 0) |
                 (i + 2 < der_len ? der[i + 2] : 0);
    for (int k = 0; k < 4; k++) {
      uint8_t c = '=';
      if (k <= 1 || (k == 2 && i + 1 < der_len) || (k == 3 && i + 2 < der_len)) {
        uint32_t idx = w >> (18 - 6 * k) & 63;
        c = 0;
        for (uint32_t a = 0; a < 64; a++) c |= (uint8_t)(alphabet[a] & in_range_mask((int)idx, (int)a, (int)a));
      }
      out[o++] = c;
      if (++col == 64) {
        out[o++] = '\n';
        col = 0;
      }
    }
    if (i + 3 >= der_len && col) out[o++] = '\n';
  }
  memcpy(out + o, end_, sizeof end_ - 1), o += sizeof end_ - 1;
  memcpy(out + o, label, ll), o += ll;
  memcpy(out + o, "-----\n", 6), o += 6;
  *out_len = o;
  return HWC_OK;
}
