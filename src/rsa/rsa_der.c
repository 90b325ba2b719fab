/* SPDX-License-Identifier: ISC */
/* RSA key structures over der.c; the formats are listed in rsa_der.h. */
#include "rsa_der.h"

#include <string.h>

#include "src/internal.h"

/* rsaEncryption, 1.2.840.113549.1.1.1, and its NULL parameters. */
static const uint8_t rsa_oid[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};

#define TRY(x) do { int rc_ = (x); if (rc_) return rc_; } while (0)

static int expect_rsa_algorithm(der_slice *in) {
  der_slice alg, oid, null;
  TRY(hwc_der_get_seq(in, &alg));
  TRY(hwc_der_get(&alg, DER_OID, &oid));
  HWC_DECLASSIFY((void *)(uintptr_t)oid.p, oid.n); /* which algorithm: structure, public */
  /* A well-formed structure for another algorithm (an EC or Ed25519 key,
   * or PKCS#8 encryption, whose outer form is the same) is not a bad
   * encoding: say that this library cannot read it. */
  if (oid.n != sizeof rsa_oid || memcmp(oid.p, rsa_oid, sizeof rsa_oid) != 0) return HWC_ERR_UNSUPPORTED;
  TRY(hwc_der_get(&alg, DER_NULL, &null));
  if (null.n != 0) return HWC_ERR_BAD_ENCODING;
  return hwc_der_end(&alg);
}

static int get_version(der_slice *in, unsigned *version) {
  der_slice v;
  TRY(hwc_der_get_uint(in, &v));
  if (v.n > 1) return HWC_ERR_BAD_ENCODING;
  *version = v.n ? v.p[0] : 0;
  return HWC_OK;
}

static int parse_pkcs1_public(rsa_der_key *k, der_slice body) {
  der_slice seq;
  TRY(hwc_der_get_seq(&body, &seq));
  TRY(hwc_der_end(&body));
  TRY(hwc_der_get_uint(&seq, &k->n));
  TRY(hwc_der_get_uint(&seq, &k->e));
  k->has_private = 0;
  return hwc_der_end(&seq);
}

static int parse_pkcs1_private(rsa_der_key *k, der_slice body) {
  der_slice seq;
  unsigned version;
  TRY(hwc_der_get_seq(&body, &seq));
  TRY(hwc_der_end(&body));
  TRY(get_version(&seq, &version));
  if (version == 1) return HWC_ERR_UNSUPPORTED; /* multi-prime */
  if (version != 0) return HWC_ERR_BAD_ENCODING;
  der_slice *fields[] = {&k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) TRY(hwc_der_get_uint(&seq, fields[i]));
  k->has_private = 1;
  return hwc_der_end(&seq);
}

static int parse_pkcs8(rsa_der_key *k, der_slice body) {
  der_slice seq, octets;
  unsigned version;
  TRY(hwc_der_get_seq(&body, &seq));
  TRY(hwc_der_end(&body));
  TRY(get_version(&seq, &version));
  if (version != 0) return HWC_ERR_BAD_ENCODING;
  TRY(expect_rsa_algorithm(&seq));
  TRY(hwc_der_get(&seq, DER_OCTET_STRING, &octets));
  TRY(hwc_der_end(&seq)); /* attributes are not accepted */
  return parse_pkcs1_private(k, octets);
}

static int parse_spki(rsa_der_key *k, der_slice body) {
  der_slice seq, bits;
  TRY(hwc_der_get_seq(&body, &seq));
  TRY(hwc_der_end(&body));
  TRY(expect_rsa_algorithm(&seq));
  TRY(hwc_der_get(&seq, DER_BIT_STRING, &bits));
  TRY(hwc_der_end(&seq));
  if (bits.n < 1 || bits.p[0] != 0) return HWC_ERR_BAD_ENCODING; /* whole octets only */
  bits.p++;
  bits.n--;
  return parse_pkcs1_public(k, bits);
}

/* The outer SEQUENCE's first element tells the formats apart: a SEQUENCE
 * (SPKI), an INTEGER followed by a SEQUENCE (PKCS#8), an INTEGER followed by
 * INTEGERs: 2 of them is RSAPublicKey, more is RSAPrivateKey. */
int hwc_rsa_der_parse(rsa_der_key *k, const uint8_t *der, size_t len) {
  memset(k, 0, sizeof *k);
  der_slice all = {der, len}, probe = all, seq;
  TRY(hwc_der_get_seq(&probe, &seq));
  if (seq.n == 0) return HWC_ERR_BAD_ENCODING;
  if (hwc_der_next_is(&seq, DER_SEQUENCE)) {
    k->format = RSA_DER_SPKI;
    return parse_spki(k, all);
  }
  der_slice first;
  TRY(hwc_der_get_uint(&seq, &first));
  if (hwc_der_next_is(&seq, DER_SEQUENCE)) {
    k->format = RSA_DER_PKCS8;
    return parse_pkcs8(k, all);
  }
  der_slice second;
  TRY(hwc_der_get_uint(&seq, &second));
  k->format = seq.n == 0 ? RSA_DER_PKCS1_PUBLIC : RSA_DER_PKCS1_PRIVATE;
  return seq.n == 0 ? parse_pkcs1_public(k, all) : parse_pkcs1_private(k, all);
}

const char *hwc_rsa_der_pem_label(rsa_der_format f) {
  static const char *const labels[] = {"RSA PRIVATE KEY", "RSA PUBLIC KEY", "PRIVATE KEY", "PUBLIC KEY"};
  return labels[f];
}

static size_t pkcs1_private_size(const rsa_der_key *k) {
  const der_slice *f[] = {&k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv};
  size_t s = 3; /* INTEGER 0 */
  for (size_t i = 0; i < 8; i++) s += hwc_der_uint_size(f[i]->p, f[i]->n);
  return s;
}

static void put_algorithm(der_out *o) {
  hwc_der_put_header(o, DER_SEQUENCE, hwc_der_size(sizeof rsa_oid) + 2);
  hwc_der_put_header(o, DER_OID, sizeof rsa_oid);
  hwc_der_put_bytes(o, rsa_oid, sizeof rsa_oid);
  hwc_der_put_header(o, DER_NULL, 0);
}

int hwc_rsa_der_write(uint8_t *out, size_t *out_len, int private_key, const rsa_der_key *k) {
  der_out o = {out, out ? *out_len : 0, 0};
  static const uint8_t zero = 0;
  size_t alg = hwc_der_size(hwc_der_size(sizeof rsa_oid) + 2);
  if (private_key) {
    if (!k->has_private) return HWC_ERR_INVALID_ARG;
    size_t inner = pkcs1_private_size(k);
    hwc_der_put_header(&o, DER_SEQUENCE, 3 + alg + hwc_der_size(hwc_der_size(inner)));
    hwc_der_put_uint(&o, &zero, 1);
    put_algorithm(&o);
    hwc_der_put_header(&o, DER_OCTET_STRING, hwc_der_size(inner));
    hwc_der_put_header(&o, DER_SEQUENCE, inner);
    hwc_der_put_uint(&o, &zero, 1);
    const der_slice *f[] = {&k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv};
    for (size_t i = 0; i < 8; i++) hwc_der_put_uint(&o, f[i]->p, f[i]->n);
  } else {
    size_t inner = hwc_der_uint_size(k->n.p, k->n.n) + hwc_der_uint_size(k->e.p, k->e.n);
    size_t bits = 1 + hwc_der_size(inner);
    hwc_der_put_header(&o, DER_SEQUENCE, alg + hwc_der_size(bits));
    put_algorithm(&o);
    hwc_der_put_header(&o, DER_BIT_STRING, bits);
    hwc_der_put_bytes(&o, &zero, 1);
    hwc_der_put_header(&o, DER_SEQUENCE, inner);
    hwc_der_put_uint(&o, k->n.p, k->n.n);
    hwc_der_put_uint(&o, k->e.p, k->e.n);
  }
  int fits = out != NULL && o.len <= o.cap;
  if (!fits && out) hwc_memzero(out, o.cap); /* no partial private key left behind */
  *out_len = o.len;
  return fits ? HWC_OK : HWC_ERR_INVALID_ARG;
}
