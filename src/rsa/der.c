/* SPDX-License-Identifier: ISC */
/* Strict DER reading and writing; the rules are listed in der.h. Lengths are
 * checked against what is left before anything is read, so no input can
 * make the reader step outside its buffer. Key material passes through as
 * slices: nothing here is secret-dependent beyond the (public) structure. */
#include "der.h"

#include <string.h>

#include "src/internal.h"

/* Releases n structure bytes at p (tags and lengths): the shape of a key's
 * DER is fixed by its public size, and the parser must branch on it. */
static void der_declassify(const uint8_t *p, size_t n) {
  (void)p, (void)n; /* unused outside the constant-time checks */
  HWC_DECLASSIFY((void *)(uintptr_t)p, n);
}

int hwc_der_get(der_slice *in, uint8_t tag, der_slice *content) {
  if (in->n >= 2) der_declassify(in->p, 2);
  if (in->n < 2 || in->p[0] != tag) return HWC_ERR_BAD_ENCODING;
  size_t len = in->p[1], hdr = 2;
  if (len & 0x80) {
    size_t nlen = len & 0x7f;
    /* 0x80 is the indefinite form; more than sizeof(size_t) octets cannot
     * describe anything that fits in memory. */
    if (nlen == 0 || nlen > sizeof(size_t) || in->n < 2 + nlen) return HWC_ERR_BAD_ENCODING;
    der_declassify(in->p + 2, nlen);
    if (in->p[2] == 0) return HWC_ERR_BAD_ENCODING;
    len = 0;
    for (size_t i = 0; i < nlen; i++) len = len << 8 | in->p[2 + i];
    if (len < 0x80) return HWC_ERR_BAD_ENCODING; /* must have used the short form */
    hdr += nlen;
  }
  if (len > in->n - hdr) return HWC_ERR_BAD_ENCODING;
  content->p = in->p + hdr;
  content->n = len;
  in->p += hdr + len;
  in->n -= hdr + len;
  return HWC_OK;
}

int hwc_der_get_uint(der_slice *in, der_slice *value) {
  der_slice v;
  int rc = hwc_der_get(in, DER_INTEGER, &v);
  if (rc) return rc;
  if (v.n == 0) return HWC_ERR_BAD_ENCODING;
  /* The sign bit and a leading 0x00 are released, not the digits: with a
   * valid encoding both follow from the (public) length. */
  int negative = v.p[0] >> 7, leading_zero = v.p[0] == 0, next_top = v.n > 1 ? v.p[1] >> 7 : 0;
  HWC_DECLASSIFY(&negative, sizeof negative);
  HWC_DECLASSIFY(&leading_zero, sizeof leading_zero);
  HWC_DECLASSIFY(&next_top, sizeof next_top);
  if (negative) return HWC_ERR_BAD_ENCODING;
  if (leading_zero) {
    if (v.n > 1 && !next_top) return HWC_ERR_BAD_ENCODING; /* redundant 0x00 */
    v.p++;
    v.n--;
  }
  *value = v;
  return HWC_OK;
}

int hwc_der_next_is(const der_slice *in, uint8_t tag) {
  if (in->n == 0) return 0;
  der_declassify(in->p, 1);
  return in->p[0] == tag;
}

int hwc_der_get_seq(der_slice *in, der_slice *inner) { return hwc_der_get(in, DER_SEQUENCE, inner); }

int hwc_der_end(const der_slice *s) { return s->n == 0 ? HWC_OK : HWC_ERR_BAD_ENCODING; }

size_t hwc_der_size(size_t content_len) {
  size_t hdr = 2;
  if (content_len >= 0x80)
    for (size_t l = content_len; l; l >>= 8) hdr++;
  return hdr + content_len;
}

/* Skips leading zero bytes: their count is the encoding's length, which
 * the output shows, so each test is released. */
static size_t strip(const uint8_t **mag, size_t len) {
  for (;;) {
    int zero = len && **mag == 0;
    HWC_DECLASSIFY(&zero, sizeof zero);
    if (!zero) break;
    (*mag)++;
    len--;
  }
  return len;
}

/* Content octets of a non-negative INTEGER: a 0x00 in front of a magnitude
 * whose top bit is set, and one 0x00 for zero itself. */
static size_t uint_content(const uint8_t *mag, size_t len) {
  len = strip(&mag, len);
  int top = len ? mag[0] >> 7 : 0;
  HWC_DECLASSIFY(&top, sizeof top);
  return len == 0 ? 1 : len + (size_t)top;
}

size_t hwc_der_uint_size(const uint8_t *mag, size_t len) { return hwc_der_size(uint_content(mag, len)); }

void hwc_der_put_bytes(der_out *o, const uint8_t *p, size_t n) {
  if (o->len <= o->cap && n <= o->cap - o->len && n) memcpy(o->buf + o->len, p, n);
  o->len += n;
}

void hwc_der_put_header(der_out *o, uint8_t tag, size_t content_len) {
  uint8_t h[2 + sizeof(size_t)];
  size_t n = 0;
  h[n++] = tag;
  if (content_len < 0x80) {
    h[n++] = (uint8_t)content_len;
  } else {
    size_t octets = hwc_der_size(content_len) - content_len - 2;
    h[n++] = (uint8_t)(0x80 | octets);
    for (size_t i = octets; i-- > 0;) h[n++] = (uint8_t)(content_len >> (8 * i));
  }
  hwc_der_put_bytes(o, h, n);
}

void hwc_der_put_uint(der_out *o, const uint8_t *mag, size_t len) {
  static const uint8_t zero = 0;
  size_t content = uint_content(mag, len);
  len = strip(&mag, len);
  hwc_der_put_header(o, DER_INTEGER, content);
  if (content > len) hwc_der_put_bytes(o, &zero, 1);
  hwc_der_put_bytes(o, mag, len);
}
