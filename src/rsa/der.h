/* SPDX-License-Identifier: ISC */
/*
 * A strict DER reader and a small writer (ITU-T X.690), enough for RSA keys.
 *
 * Reading never allocates and never recurses: callers walk a fixed schema,
 * so nesting is bounded by the code. Rejected as HWC_ERR_BAD_ENCODING:
 * indefinite lengths, long-form lengths that fit the short form or have
 * leading zero octets, lengths past the input, multi-byte tags, negative
 * integers and integers with a redundant leading octet.
 */
#ifndef HWC_DER_H
#define HWC_DER_H

#include <stddef.h>
#include <stdint.h>

enum {
  DER_INTEGER = 0x02,
  DER_BIT_STRING = 0x03,
  DER_OCTET_STRING = 0x04,
  DER_NULL = 0x05,
  DER_OID = 0x06,
  DER_SEQUENCE = 0x30,
};

typedef struct {
  const uint8_t *p;
  size_t n;
} der_slice;

/* Reads one element with tag `tag` from the front of *in into *content and
 * advances *in past it. HWC_OK or HWC_ERR_BAD_ENCODING. */
int hwc_der_get(der_slice *in, uint8_t tag, der_slice *content);
/* Reads a non-negative INTEGER; *value is its magnitude, big-endian, with no
 * leading zero octet (zero has n == 0). */
int hwc_der_get_uint(der_slice *in, der_slice *value);
/* Reads a SEQUENCE and replaces *in's remainder check: *inner is its body. */
int hwc_der_get_seq(der_slice *in, der_slice *inner);
/* 1 if the next element of in has this tag (the tag is structure: public). */
int hwc_der_next_is(const der_slice *in, uint8_t tag);
/* HWC_OK if nothing is left in s, else HWC_ERR_BAD_ENCODING (trailing data). */
int hwc_der_end(const der_slice *s);

/* Writer: appends to a caller buffer; `len` keeps counting past `cap` so a
 * first pass with cap 0 measures the size. */
typedef struct {
  uint8_t *buf;
  size_t cap, len;
} der_out;

/* Encoded size of an element whose content has `content_len` octets. */
size_t hwc_der_size(size_t content_len);
/* Encoded size of a non-negative INTEGER with magnitude mag (big-endian,
 * leading zeros allowed: they are dropped). */
size_t hwc_der_uint_size(const uint8_t *mag, size_t len);
void hwc_der_put_header(der_out *o, uint8_t tag, size_t content_len);
void hwc_der_put_bytes(der_out *o, const uint8_t *p, size_t n);
void hwc_der_put_uint(der_out *o, const uint8_t *mag, size_t len);

#endif
