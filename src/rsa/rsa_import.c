/* SPDX-License-Identifier: ISC */
/* hwc_rsa_import / hwc_rsa_export: the key structures of rsa_der.c, in DER
 * or PEM, to and from the key object of rsa.c. Private key bytes pass
 * through temporary buffers here; each is wiped before it is freed. */
#include <stdlib.h>
#include <string.h>

#include "src/internal.h"
#include "pem.h"
#include "rsa_der.h"
#include "rsa_internal.h"

static int import_der(hwc_rsa_key **key, const uint8_t *der, size_t len, const char *pem_label) {
  rsa_der_key k;
  int rc = hwc_rsa_der_parse(&k, der, len);
  if (rc) return rc;
  /* Each PEM label names one structure; the DER inside must be that one. */
  if (pem_label && strcmp(pem_label, hwc_rsa_der_pem_label(k.format)) != 0) return HWC_ERR_BAD_ENCODING;
  const der_slice *s[HWC_RSA_PARTS] = {&k.n, &k.e, &k.d, &k.p, &k.q, &k.dp, &k.dq, &k.qinv};
  hwc_rsa_bytes parts[HWC_RSA_PARTS];
  for (int i = 0; i < HWC_RSA_PARTS; i++) parts[i] = (hwc_rsa_bytes){s[i]->p, s[i]->n};
  return hwc_rsa_key_new(key, parts);
}

int hwc_rsa_import(hwc_rsa_key **key, const uint8_t *data, size_t len) {
  HWC_DIT_SCOPE();
  if (key == NULL || (data == NULL && len != 0)) return HWC_ERR_INVALID_ARG;
  *key = NULL;
  if (len == 0) return HWC_ERR_BAD_ENCODING;
  if (!hwc_pem_looks_like(data, len)) return import_der(key, data, len, NULL);
  uint8_t *der = malloc(len); /* base64 shrinks: the decoded DER is shorter */
  if (der == NULL) return HWC_ERR_NOMEM;
  char label[PEM_LABEL_MAX];
  size_t der_len = 0;
  /* The structures hwc_rsa_der_parse reads; other blocks (certificates, keys
   * of other kinds) are skipped, as OpenSSL's reader does. */
  static const char *const labels[] = {"RSA PRIVATE KEY", "RSA PUBLIC KEY", "PRIVATE KEY", "PUBLIC KEY", NULL};
  int rc = hwc_pem_decode(label, der, &der_len, data, len, labels);
  if (rc == HWC_OK) rc = import_der(key, der, der_len, label);
  hwc_memzero(der, len);
  free(der);
  return rc;
}

/* Writes DER into `der` (capacity *der_len; NULL measures). */
static int export_der(uint8_t *der, size_t *der_len, int private_key, const hwc_rsa_key *key, uint8_t *scratch) {
  rsa_der_key k = {.has_private = key->has_private};
  der_slice *s[HWC_RSA_PARTS] = {&k.n, &k.e, &k.d, &k.p, &k.q, &k.dp, &k.dq, &k.qinv};
  size_t at = 0;
  for (int i = 0; i < (private_key ? HWC_RSA_PARTS : 2); i++) {
    size_t n = hwc_rsa_key_part(key, (hwc_rsa_part)i, scratch + at, HWC_RSA_MAX_BITS / 8 + 1);
    *s[i] = (der_slice){scratch + at, n};
    at += n;
  }
  return hwc_rsa_der_write(der, der_len, private_key, &k);
}

int hwc_rsa_export(uint8_t *out, size_t *out_len, int private_key, int pem, const hwc_rsa_key *key) {
  HWC_DIT_SCOPE();
  if (key == NULL || out_len == NULL || (private_key && !key->has_private)) return HWC_ERR_INVALID_ARG;
  size_t cap = out ? *out_len : 0, scratch_len = HWC_RSA_PARTS * (HWC_RSA_MAX_BITS / 8 + 1);
  uint8_t *scratch = malloc(scratch_len);
  if (scratch == NULL) return HWC_ERR_NOMEM;
  size_t der_len = 0;
  export_der(NULL, &der_len, private_key, key, scratch); /* measures */
  uint8_t *der = malloc(der_len);
  int rc = der ? export_der(der, &der_len, private_key, key, scratch) : HWC_ERR_NOMEM;
  if (rc == HWC_OK) {
    size_t need = der_len;
    if (pem) {
      rc = hwc_pem_encode(out, cap, &need, private_key ? "PRIVATE KEY" : "PUBLIC KEY", der, der_len);
    } else if (out && cap >= der_len) {
      memcpy(out, der, der_len);
    } else {
      rc = HWC_ERR_INVALID_ARG;
    }
    *out_len = need; /* on HWC_ERR_INVALID_ARG: the capacity needed */
  }
  if (der) hwc_memzero(der, der_len);
  free(der);
  hwc_memzero(scratch, scratch_len);
  free(scratch);
  return rc;
}
