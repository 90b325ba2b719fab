/* SPDX-License-Identifier: ISC */
/* PEM armour (RFC 7468), read the way OpenSSL's PEM reader does: the first
 * block whose label the caller accepts, wherever it stands, text around it
 * and other blocks ignored. Internal. */
#ifndef HWC_PEM_H
#define HWC_PEM_H

#include <stddef.h>
#include <stdint.h>

#define PEM_LABEL_MAX 32

/* 1 if some line of the input starts with "-----BEGIN ", 0 for input that
 * starts like the DER of a key (a SEQUENCE with a long-form length), which
 * is then not scanned. */
int hwc_pem_looks_like(const uint8_t *in, size_t len);
/* Finds the first block whose label is in `labels` (NULL-terminated; NULL
 * accepts every label), skipping text before, between and after blocks
 * ("Bag Attributes" lines, explanations, certificates that follow a key),
 * and decodes its body into out (capacity len * 3 / 4 + 3 is always
 * enough); writes the label (NUL-terminated). The body must be canonical
 * base64: standard alphabet, '=' only as final padding, zero padding bits.
 * Returns HWC_OK; HWC_ERR_UNSUPPORTED for an encrypted block (RFC 1421
 * "Proc-Type: 4,ENCRYPTED") or when no block fits but one holds a key of
 * another kind ("EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY", ...);
 * HWC_ERR_BAD_ENCODING otherwise. Constant time in the body's digits. */
int hwc_pem_decode(char label[PEM_LABEL_MAX], uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                   const char *const *labels);
/* Writes the PEM text (64-column lines, '\n' endings, no NUL) into out when
 * it fits; *out_len always receives the size needed. HWC_OK or
 * HWC_ERR_INVALID_ARG when it does not fit. */
int hwc_pem_encode(uint8_t *out, size_t cap, size_t *out_len, const char *label, const uint8_t *der, size_t der_len);

#endif
