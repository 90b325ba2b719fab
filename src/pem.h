/* PEM armour (RFC 7468, strict form): one "-----BEGIN <label>-----" line,
 * base64 body, the matching END line. Internal. */
#ifndef HWC_PEM_H
#define HWC_PEM_H

#include <stddef.h>
#include <stdint.h>

#define PEM_LABEL_MAX 32

/* 1 if the input starts (after white space) with a BEGIN line. */
int pem_looks_like(const uint8_t *in, size_t len);
/* Decodes into out (capacity len * 3 / 4 + 3 is always enough), writes the
 * label (NUL-terminated). Only white space may surround the block. Base64
 * must be canonical: standard alphabet, '=' only as final padding, zero
 * padding bits. HWC_OK or HWC_ERR_BAD_ENCODING. */
int pem_decode(char label[PEM_LABEL_MAX], uint8_t *out, size_t *out_len, const uint8_t *in, size_t len);
/* Writes the PEM text (64-column lines, '\n' endings, no NUL) into out when
 * it fits; *out_len always receives the size needed. HWC_OK or
 * HWC_ERR_INVALID_ARG when it does not fit. */
int pem_encode(uint8_t *out, size_t cap, size_t *out_len, const char *label, const uint8_t *der, size_t der_len);

#endif
