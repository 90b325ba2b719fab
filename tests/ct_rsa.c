/* SPDX-License-Identifier: ISC */
/* The RSA private operation (single and batch) on secret key material: with d, dP, dQ, qInv,
 * p and q (all but their top limbs, whose size is the public key size) and
 * the blinding state marked undefined, no implementation valgrind can run
 * may branch or index memory on them, through blinding renewal too. */
#include <stdlib.h>

#include "ct.h"
#include "src/rsa/rsa_internal.h"

static void mark_prime(hwc_bn_mont *c) {
  CT_SECRET_KEEP(c->m, 8 * (c->n - 1));
  CT_SECRET_KEEP(c->mb, 8 * (c->words - 1 < c->n - 1 ? c->words - 1 : c->n - 1));
  CT_SECRET_KEEP(c->rr, sizeof c->rr);
  CT_SECRET_KEEP(c->wr, sizeof c->wr);
  CT_SECRET_KEEP(&c->n0, sizeof c->n0);
}

static void ct_rsa_body(hwc_prim prim, const char *impl, void *arg) {
  (void)prim;
  (void)arg;
  char *text = t_read_vector_file("modexp_rsa.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/modexp_rsa.txt missing");
  static const char *const names[HWC_RSA_PARTS] = {"n", "e", "d", "p", "q", "dp", "dq", "qinv"};
  static uint8_t comp[HWC_RSA_PARTS][1024];
  hwc_rsa_bytes parts[HWC_RSA_PARTS];
  for (int i = 0; i < HWC_RSA_PARTS; i++) {
    char key[16];
    snprintf(key, sizeof key, "\n%s = ", names[i]);
    char *at = strstr(text, key); /* the first key of the file: RSA-2048 */
    CHECK(at != NULL);
    at += strlen(key);
    char *end = strchr(at, '\n');
    *end = 0;
    parts[i].len = t_unhex(comp[i], sizeof comp[i], at);
    parts[i].p = comp[i];
    *end = '\n';
  }
  free(text);
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_key_new(&key, parts) == HWC_OK);
  size_t nb = hwc_rsa_size(key);
  CT_SECRET_KEEP(key->d, sizeof key->d);
  CT_SECRET_KEEP(key->crt.dp, sizeof key->crt.dp);
  CT_SECRET_KEEP(key->crt.dq, sizeof key->crt.dq);
  CT_SECRET_KEEP(key->crt.qinv, sizeof key->crt.qinv);
  CT_SECRET_KEEP(key->blinding.blind, sizeof key->blinding.blind);
  CT_SECRET_KEEP(key->blinding.unblind, sizeof key->blinding.unblind);
  mark_prime(&key->crt.mp);
  mark_prime(&key->crt.mq);
  uint8_t x[512], y[512], z[512];
  for (int i = 0; i < 36; i++) { /* past a renewal of the blinding pair */
    memset(x, 0x21 + i, nb);
    x[0] = 0x3f;
    int rc = hwc_rsa_private_op(y, x, key);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(y, nb);
    CHECK(rc == HWC_OK);
    CHECK(hwc_rsa_public_op(z, y, key) == HWC_OK);
    CHECK_MSG(memcmp(z, x, nb) == 0, "%s: round trip %d", impl, i);
  }
  /* The batch: nine items of this key, so two whole groups of the lane
   * backends (an item per two lanes) and a partial one whose idle lanes
   * repeat a secret; only the outputs and statuses are public. */
  {
    static uint8_t bin[9][512], bout[9][512];
    uint8_t *outs[9];
    const uint8_t *ins[9];
    const hwc_rsa_key *keys[9];
    int st[9];
    for (int i = 0; i < 9; i++) {
      memset(bin[i], 0x41 + i, nb);
      bin[i][0] = 0x3e;
      outs[i] = bout[i], ins[i] = bin[i], keys[i] = key;
    }
    int rc = hwc_rsa_private_raw_batch(outs, st, ins, keys, 9);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(st, sizeof st);
    CT_PUBLIC(bout, sizeof bout);
    CHECK(rc == HWC_OK);
    for (int i = 0; i < 9; i++) {
      CHECK(hwc_rsa_public_op(z, bout[i], key) == HWC_OK);
      CHECK_MSG(memcmp(z, bin[i], nb) == 0, "%s: batch item %d", impl, i);
    }
  }
  /* The padded private operations end to end: only the signature, the
   * plaintext length and the verdict on a ciphertext are public. */
  uint8_t msg[40], sig[512], ct[512], pt[512];
  size_t len = sizeof sig;
  t_rand_bytes(msg, sizeof msg);
  CHECK(hwc_rsa_sign_pkcs1(sig, &len, msg, sizeof msg, HWC_HASH_SHA256, key) == HWC_OK);
  CT_PUBLIC(sig, len);
  len = sizeof sig;
  CHECK(hwc_rsa_sign_pss(sig, &len, msg, sizeof msg, HWC_HASH_SHA256, 32, key) == HWC_OK);
  CT_PUBLIC(sig, len);
  len = sizeof sig;
  CHECK(hwc_rsa_private_encrypt_pkcs1(sig, &len, msg, sizeof msg, key) == HWC_OK);
  CT_PUBLIC(sig, len);
  for (int tamper = 0; tamper < 2; tamper++) {
    size_t cl = sizeof ct, pl = sizeof pt;
    CHECK(hwc_rsa_encrypt_oaep(ct, &cl, msg, sizeof msg, NULL, 0, HWC_HASH_SHA256, key) == HWC_OK);
    ct[cl - 1] ^= (uint8_t)tamper; /* an invalid padding after decryption */
    int rc = hwc_rsa_decrypt_oaep(pt, &pl, ct, cl, NULL, 0, HWC_HASH_SHA256, key);
    CT_PUBLIC(&rc, sizeof rc);
    CT_PUBLIC(&pl, sizeof pl);
    CT_PUBLIC(pt, sizeof pt);
    CHECK(rc == (tamper ? HWC_ERR_AUTH : HWC_OK));
    CHECK(tamper || (pl == sizeof msg && memcmp(pt, msg, pl) == 0));
  }
  hwc_rsa_free(key);

  /* hwc_modexp with base and exponent secret, modulus public. */
  uint8_t base[256], e[256], m[256], out[256];
  t_rand_bytes(base, sizeof base);
  t_rand_bytes(e, sizeof e);
  t_rand_bytes(m, sizeof m);
  m[255] |= 1;
  m[0] |= 0x80;
  CT_SECRET(base, sizeof base);
  CT_SECRET(e, sizeof e);
  CHECK(hwc_modexp(out, base, e, sizeof e, m, sizeof m) == HWC_OK);
  CT_PUBLIC(out, sizeof out);
  CT_PUBLIC(base, sizeof base);
  CT_PUBLIC(e, sizeof e);
  (void)impl;
}

HWC_TEST(ct, rsa_private) {
  ct_for_each_impl(HWC_PRIM_BIGNUM,
                   "rsa private raw and its batch, sign pkcs1/pss, private encrypt, oaep decrypt valid/invalid, "
                   "hwc_modexp",
                   ct_rsa_body, NULL);
}

#if defined(__x86_64__)
extern const hwc_bignum_kernel hwc_bignum_mulx, hwc_bignum_generic;

/* The mulx kernel called directly, where the dispatcher would not pick it
 * (valgrind's emulated CPU does not report ADX, so the bodies above run
 * without it there; its instructions are emulated all the same): a modular
 * exponentiation with base and exponent secret through each of its three
 * code paths, the eight-row sweeps (n = 16), the four-limb rows (n = 20)
 * and the one-limb rows (n = 3), the result compared with generic's. */
HWC_TEST(ct, bignum_mulx_direct) {
  if (!ct_host_has("bmi2") || !ct_host_has("adx")) {
    printf("ct: bignum/mulx not checked directly: this host has no BMI2+ADX\n");
    return;
  }
  static const size_t sizes[] = {16, 20, 3};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    size_t n = sizes[i];
    static hwc_bn_mont cm, cg;
    uint64_t m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], e[HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_LIMBS],
        want[HWC_BN_MAX_LIMBS];
    t_rand_bytes((uint8_t *)m, 8 * n);
    m[0] |= 1;
    m[n - 1] |= 1ull << 63;
    t_rand_bytes((uint8_t *)a, 8 * n);
    a[n - 1] >>= 1; /* below m */
    t_rand_bytes((uint8_t *)e, 8 * n);
    hwc_bn_mont_init(&cm, &hwc_bignum_mulx, m, n);
    hwc_bn_mont_init(&cg, &hwc_bignum_generic, m, n);
    CHECK(hwc_bn_modexp(want, a, e, 64 * n, &cg) == 0);
    CT_SECRET(a, 8 * n);
    CT_SECRET(e, 8 * n);
    CHECK(hwc_bn_modexp(r, a, e, 64 * n, &cm) == 0);
    CT_PUBLIC(r, 8 * n);
    CHECK_MEM(r, want, 8 * n, "bignum/mulx (direct) modexp differs from generic, %zu limbs", n);
    CT_PUBLIC(a, 8 * n);
    CT_PUBLIC(e, 8 * n);
  }
  printf("ct: bignum/mulx checked directly (modexp, secret base and exponent, 16, 20 and 3 limbs)\n");
}
#endif
