/* SPDX-License-Identifier: ISC */
/* SHA-1: FIPS 180 examples and the NIST CAVP byte-oriented vectors for
 * every implementation this CPU supports; every implementation against
 * generic on random input (every length 0..1100 at varying alignments, 1 MiB
 * unless quick, the incremental state cut at random points); hwc_hash_len
 * and hwc_digest for every hwc_hash; SHA-1's DigestInfo in PKCS#1 v1.5 and
 * MGF1; Project Wycheproof's RSA-OAEP and RSA-PSS files with SHA-1. */
#include <stdlib.h>

#include "check.h"
#include "src/hash/hash.h"
#include "src/rsa/rsa_pad.h"
#include "wycheproof.h"

/* ---- FIPS 180-2 appendix A examples (one block, two blocks, 10^6 'a'). */
static const struct { const char *msg; size_t repeat; const char *md; } fips[] = {
    {"abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {"", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {"a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
};

static void fips_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  for (size_t i = 0; i < sizeof fips / sizeof fips[0]; i++) {
    size_t unit = strlen(fips[i].msg), n = unit * fips[i].repeat;
    uint8_t *msg = malloc(n + 1), want[20], got[20];
    for (size_t r = 0; r < fips[i].repeat; r++) memcpy(msg + r * unit, fips[i].msg, unit);
    t_unhex(want, sizeof want, fips[i].md);
    hwc_sha1(got, msg, n);
    CHECK_MEM(got, want, 20, "SHA1/%s: FIPS example %zu (one-shot)", impl, i);
    memset(got, 0, sizeof got);
    CHECK(hwc_digest(got, msg, n, HWC_HASH_SHA1) == HWC_OK);
    CHECK_MEM(got, want, 20, "SHA1/%s: FIPS example %zu (hwc_digest)", impl, i);
    free(msg);
  }
}

HWC_TEST(sha1, fips180_examples) { t_for_each_impl(HWC_PRIM_SHA1, fips_body, NULL); }

/* ---- NIST CAVP SHAVS byte-oriented ShortMsg/LongMsg response files.
 * Records: "Len = <bits>", "Msg = <hex>", "MD = <hex>"; Len 0 has Msg 00. */
typedef struct { const char *file; char *text; } cavp_file;
typedef struct { const char *file, *impl; } cavp_arg;

static void cavp_record(const uint8_t *msg, size_t len, const uint8_t *md, size_t md_len, void *argp) {
  cavp_arg *a = argp;
  uint8_t got[20];
  CHECK(md_len == 20);
  hwc_sha1(got, msg, len);
  CHECK_MSG(memcmp(got, md, 20) == 0, "SHA1/%s: %s Len = %zu", a->impl, a->file, 8 * len);
}

static void cavp_body(hwc_prim p, const char *impl, void *fp) {
  (void)p;
  cavp_file *f = fp;
  cavp_arg a = {f->file, impl};
  size_t count = t_shavs_each(f->text, cavp_record, &a);
  CHECK_MSG(count >= 64, "%s: only %zu vectors parsed", f->file, count);
}

static void run_cavp(const char *file) {
  cavp_file f = {file, t_read_vector_file(file, NULL)};
  CHECK_MSG(f.text != NULL, "vector file %s missing (HWC_VECTORS_DIR)", file);
  t_for_each_impl(HWC_PRIM_SHA1, cavp_body, &f);
  free(f.text);
}

HWC_TEST(sha1, cavp_short) { run_cavp("SHA1ShortMsg.rsp"); }
HWC_TEST(sha1, cavp_long) { run_cavp("SHA1LongMsg.rsp"); }

/* ---- Equivalence against generic: every length 0..1100 (and 1 MiB unless
 * quick), each at an alignment that varies with the length; then the
 * incremental state cut at random points (odd sizes included) against the
 * one-shot digest. */
typedef struct { uint8_t *buf; size_t max; } equiv_arg;

static size_t next_len(size_t len, size_t max) {
  return len < 1100 ? len + 1 : (len < max ? max : max + 1);
}

static void digest_all(const equiv_arg *a, uint8_t *out) {
  for (size_t len = 0; len <= a->max; len = next_len(len, a->max), out += 20)
    hwc_sha1(out, a->buf + (len * 7 % 8), len);
}

static void pieces(uint8_t out[20], const uint8_t *in, size_t len, const size_t *cuts, size_t n) {
  hwc_sha1_ctx c;
  hwc_sha1_init(&c);
  size_t at = 0;
  for (size_t i = 0; i < n; i++) {
    hwc_sha1_update(&c, in + at, cuts[i] - at);
    at = cuts[i];
  }
  hwc_sha1_update(&c, in + at, len - at);
  hwc_sha1_final(&c, out);
}

static void equiv_body(hwc_prim p, const char *impl, void *argp) {
  equiv_arg *a = argp;
  size_t size = 1102 * 20;
  uint8_t *ref = calloc(1, size), *got = calloc(1, size);
  CHECK(hwc_impl_select(p, "generic") == HWC_OK);
  digest_all(a, ref);
  CHECK(hwc_impl_select(p, impl) == HWC_OK);
  digest_all(a, got);
  for (size_t i = 0, len = 0; i < size; i += 20, len = next_len(len, a->max))
    CHECK_MSG(memcmp(ref + i, got + i, 20) == 0, "SHA1/%s differs from generic at length %zu", impl, len);
  free(ref);
  free(got);
  for (size_t t = 0; t < (t_quick() ? 50u : 400u); t++) {
    size_t len = t_rand_below(1100), cuts[8], at = 0;
    const uint8_t *in = a->buf + t_rand_below(8);
    for (size_t n = 0; n < 8; n++) cuts[n] = at = at + t_rand_below(len - at + 1);
    uint8_t one[20], inc[20];
    hwc_sha1(one, in, len);
    pieces(inc, in, len, cuts, 8);
    CHECK_MSG(memcmp(one, inc, 20) == 0, "SHA1/%s: incremental != one-shot, length %zu", impl, len);
  }
  /* Byte-at-a-time and odd fixed strides across block boundaries. */
  static const size_t strides[] = {1, 3, 7, 63, 65, 127};
  for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
    size_t len = 1000, cuts[1000], n = 0;
    for (size_t at = strides[s]; at < len && n < 1000; at += strides[s]) cuts[n++] = at;
    uint8_t one[20], inc[20];
    hwc_sha1(one, a->buf + 1, len);
    pieces(inc, a->buf + 1, len, cuts, n);
    CHECK_MSG(memcmp(one, inc, 20) == 0, "SHA1/%s: stride %zu != one-shot", impl, strides[s]);
  }
}

HWC_TEST(sha1, equivalence) {
  equiv_arg a = {NULL, t_quick() ? 1100 : (1u << 20)};
  a.buf = malloc(a.max + 8);
  t_rand_bytes(a.buf, a.max + 8);
  t_for_each_impl(HWC_PRIM_SHA1, equiv_body, &a);
  free(a.buf);
}

/* Structured inputs: all-zero and all-ones blocks (every schedule word at
 * its extremes) at lengths around the padding boundary, against generic. */
static void structured_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t buf[200], ref[20], got[20];
  for (int fill = 0; fill < 2; fill++) {
    memset(buf, fill ? 0xff : 0x00, sizeof buf);
    for (size_t len = 50; len <= 200; len++) {
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      hwc_sha1(ref, buf, len);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      hwc_sha1(got, buf, len);
      CHECK_MSG(memcmp(ref, got, 20) == 0, "SHA1/%s: %s bytes, length %zu", impl, fill ? "0xff" : "0x00", len);
    }
  }
}

HWC_TEST(sha1, structured_inputs) { t_for_each_impl(HWC_PRIM_SHA1, structured_body, NULL); }

/* ---- hwc_hash_len and hwc_digest over every hwc_hash. */
HWC_TEST(sha1, hash_len_and_digest) {
  CHECK(hwc_hash_len(HWC_HASH_SHA1) == 20);
  CHECK(hwc_hash_len(HWC_HASH_SHA256) == 32);
  CHECK(hwc_hash_len(HWC_HASH_SHA384) == 48);
  CHECK(hwc_hash_len(HWC_HASH_SHA512) == 64);
  CHECK(hwc_hash_len((hwc_hash)4) == 0);
  CHECK(hwc_hash_len((hwc_hash)-1) == 0);
  CHECK(HWC_HASH_SHA256 == 0 && HWC_HASH_SHA384 == 1 && HWC_HASH_SHA512 == 2 && HWC_HASH_SHA1 == 3);

  uint8_t msg[300], want[64], got[64];
  t_rand_bytes(msg, sizeof msg);
  hwc_sha256(want, msg, sizeof msg);
  CHECK(hwc_digest(got, msg, sizeof msg, HWC_HASH_SHA256) == HWC_OK && memcmp(got, want, 32) == 0);
  hwc_sha384(want, msg, sizeof msg);
  CHECK(hwc_digest(got, msg, sizeof msg, HWC_HASH_SHA384) == HWC_OK && memcmp(got, want, 48) == 0);
  hwc_sha512(want, msg, sizeof msg);
  CHECK(hwc_digest(got, msg, sizeof msg, HWC_HASH_SHA512) == HWC_OK && memcmp(got, want, 64) == 0);
  hwc_sha1(want, msg, sizeof msg);
  CHECK(hwc_digest(got, msg, sizeof msg, HWC_HASH_SHA1) == HWC_OK && memcmp(got, want, 20) == 0);
  /* only hwc_hash_len bytes are written */
  memset(got, 0xa5, sizeof got);
  CHECK(hwc_digest(got, msg, sizeof msg, HWC_HASH_SHA1) == HWC_OK);
  for (size_t i = 20; i < sizeof got; i++) CHECK(got[i] == 0xa5);

  CHECK(hwc_digest(got, NULL, 0, HWC_HASH_SHA1) == HWC_OK);
  CHECK(t_unhex(want, sizeof want, "da39a3ee5e6b4b0d3255bfef95601890afd80709") == 20 && memcmp(got, want, 20) == 0);
  memset(got, 0xa5, sizeof got);
  CHECK(hwc_digest(got, msg, 1, (hwc_hash)4) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_digest(got, msg, 1, (hwc_hash)-1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_digest(got, NULL, 1, HWC_HASH_SHA1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_digest(NULL, msg, 1, HWC_HASH_SHA256) == HWC_ERR_INVALID_ARG);
  CHECK(got[0] == 0xa5); /* nothing written on error */
}

/* ---- SHA-1 in the hash layer: PKCS#1 v1.5 DigestInfo (RFC 8017 9.2 note
 * 1) and MGF1-SHA-1 (RFC 8017 B.2.1, checked against its definition). */
HWC_TEST(sha1, pkcs1_digestinfo) {
  static const uint8_t prefix[15] = {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
                                     0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14};
  uint8_t digest[20], em[128];
  hwc_sha1(digest, (const uint8_t *)"abc", 3);
  CHECK(hwc_emsa_pkcs1_encode(em, sizeof em, HWC_HASH_SHA1, digest) == HWC_OK);
  CHECK(em[0] == 0 && em[1] == 1);
  size_t t = sizeof prefix + 20;
  for (size_t i = 2; i < sizeof em - t - 1; i++) CHECK(em[i] == 0xff);
  CHECK(em[sizeof em - t - 1] == 0);
  CHECK(memcmp(em + sizeof em - t, prefix, sizeof prefix) == 0);
  CHECK(memcmp(em + sizeof em - 20, digest, 20) == 0);
  /* the smallest frame: 8 bytes of FF */
  CHECK(hwc_emsa_pkcs1_encode(em, t + 11, HWC_HASH_SHA1, digest) == HWC_OK);
  CHECK(hwc_emsa_pkcs1_encode(em, t + 10, HWC_HASH_SHA1, digest) == HWC_ERR_INVALID_ARG);
}

HWC_TEST(sha1, mgf1) {
  uint8_t seed[23], out[70], want[80];
  t_rand_bytes(seed, sizeof seed);
  memset(out, 0, sizeof out);
  hwc_mgf1_xor(HWC_HASH_SHA1, out, sizeof out, seed, sizeof seed);
  for (uint8_t i = 0; i < 4; i++) {
    uint8_t ctr[4] = {0, 0, 0, i};
    hwc_sha1_ctx c;
    hwc_sha1_init(&c);
    hwc_sha1_update(&c, seed, sizeof seed);
    hwc_sha1_update(&c, ctr, 4);
    hwc_sha1_final(&c, want + 20 * i);
  }
  CHECK(memcmp(out, want, sizeof out) == 0);
}

/* ---- Wycheproof RSA with SHA-1 (and MGF1-SHA-1): OAEP decryption and PSS
 * verification (salt 20), run once per SHA-1 implementation, since the
 * hash is what these files add. Valid cases must succeed, invalid ones
 * fail; every group must use SHA-1 for both hashes (nothing skipped). */
typedef struct { int oaep; const char *file; size_t valid, invalid; } rsa_sha1_counts;

static void rsa_sha1_case(const wp_value *g, const wp_value *t, void *arg) {
  rsa_sha1_counts *c = arg;
  CHECK_MSG(!strcmp(wp_str(g, "sha"), "SHA-1") && !strcmp(wp_str(g, "mgfSha"), "SHA-1"), "%s: not a SHA-1 group",
            c->file);
  size_t klen, mlen;
  uint8_t *der = wp_hex(g, c->oaep ? "privateKeyPkcs8" : "publicKeyDer", &klen);
  hwc_rsa_key *key = NULL;
  CHECK_MSG(hwc_rsa_import(&key, der, klen) == HWC_OK, "%s: key does not import", c->file);
  free(der);
  uint8_t *msg = wp_hex(t, "msg", &mlen);
  long id = wp_num(t, "tcId");
  int rc;
  if (c->oaep) {
    size_t clen, llen, n = 512;
    uint8_t *ct = wp_hex(t, "ct", &clen), *label = wp_hex(t, "label", &llen), out[512];
    rc = hwc_rsa_decrypt_oaep(out, &n, ct, clen, label, llen, HWC_HASH_SHA1, key);
    if (rc == HWC_OK) CHECK_MSG(n == mlen && memcmp(out, msg, mlen) == 0, "%s tc %ld: wrong plaintext", c->file, id);
    free(ct), free(label);
  } else {
    size_t slen;
    uint8_t *sig = wp_hex(t, "sig", &slen);
    rc = hwc_rsa_verify_pss(sig, slen, msg, mlen, HWC_HASH_SHA1, (size_t)wp_num(g, "sLen"), key);
    free(sig);
  }
  const char *result = wp_str(t, "result");
  if (!strcmp(result, "valid")) {
    CHECK_MSG(rc == HWC_OK, "%s tc %ld (valid): %s", c->file, id, hwc_strerror(rc));
    c->valid++;
  } else {
    CHECK_MSG(!strcmp(result, "invalid"), "%s tc %ld: unexpected result %s", c->file, id, result);
    CHECK_MSG(rc != HWC_OK, "%s tc %ld (invalid) accepted: %s", c->file, id, wp_str(t, "comment"));
    c->invalid++;
  }
  free(msg);
  hwc_rsa_free(key);
}

static void rsa_sha1_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  static const struct { const char *file; int oaep; } files[] = {
      {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 1},
      {"rsa_pss_2048_sha1_mgf1_20_test.json", 0},
  };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    wp_value *doc = wp_load(files[i].file);
    CHECK_MSG(doc != NULL, "Wycheproof %s not found: set WYCHEPROOF_DIR", files[i].file);
    rsa_sha1_counts c = {files[i].oaep, files[i].file, 0, 0};
    size_t n = wp_for_each_test(doc, rsa_sha1_case, &c);
    wp_free(doc);
    CHECK_MSG(c.valid > 0 && c.invalid > 0 && c.valid + c.invalid == n, "%s: %zu of %zu cases ran", files[i].file,
              c.valid + c.invalid, n);
    printf("wycheproof %s [sha1=%s]: %zu valid ok, %zu invalid rejected\n", files[i].file, impl, c.valid, c.invalid);
  }
}

HWC_TEST(sha1, wycheproof_rsa_oaep_pss) { t_for_each_impl(HWC_PRIM_SHA1, rsa_sha1_body, NULL); }
