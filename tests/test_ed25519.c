/* SPDX-License-Identifier: ISC */
/* Ed25519 for every fe25519 implementation this CPU supports: RFC 8032
 * section 7.1 vectors, Wycheproof ed25519_test.json (read in place),
 * libsodium-generated vectors (tests/vectors/ed25519_libsodium.txt),
 * malleability and small-order cases, random sign/verify round trips and
 * agreement between implementations, argument checks.
 *
 * Vector sources: RFC 8032 section 7.1 (TEST 1, 2, 3, 1024, SHA(abc)),
 * each also reproduced by libsodium 1.0.18 (tools/vectors/gen_ed25519.c);
 * Wycheproof from tests/vectors/wycheproof or $WYCHEPROOF_DIR. */
#include <stdlib.h>

#include "check.h"
#include "wycheproof.h"

typedef struct {
  const char *seed, *pk, *msg, *sig;
} rfc_case;

static const rfc_case rfc8032[] = {
    {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe2"
     "4655141438e7a100b"},
    {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302ae"
     "eb00d291612bb0c00"},
    {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28"
     "dc027beceea1ec40a"},
    {"f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
     "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1"
     "e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
     "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a"
     "7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
     "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc10"
     "3b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
     "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d"
     "502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
     "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089b"
     "eccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
     "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969b"
     "e3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
     "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988d"
     "cda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
     "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7"
     "984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
     "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac09"
     "43bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
     "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f161"
     "0e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
     "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8ca"
     "c60c905c15fc910840b94c00a0b9d0",
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a"
     "6ac00a9704a188a03"},
    /* TEST SHA(abc): the message is SHA-512("abc") */
    {"833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e"
     "2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17a"
     "d9bef1177331a704"},
};

static void rfc8032_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  for (size_t i = 0; i < sizeof rfc8032 / sizeof rfc8032[0]; i++) {
    const rfc_case *c = &rfc8032[i];
    uint8_t seed[32], pk_want[32], sig_want[64], pk[32], sk[64], sig[64];
    uint8_t *msg = malloc(strlen(c->msg) / 2 + 1);
    size_t len = t_unhex(msg, strlen(c->msg) / 2 + 1, c->msg);
    CHECK(t_unhex(seed, 32, c->seed) == 32);
    CHECK(t_unhex(pk_want, 32, c->pk) == 32);
    CHECK(t_unhex(sig_want, 64, c->sig) == 64);
    CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
    CHECK_MEM(pk, pk_want, 32, "%s: RFC 8032 case %zu: public key wrong", impl, i);
    CHECK_MEM(sk, seed, 32, "%s: case %zu: sk does not start with the seed", impl, i);
    CHECK_MEM(sk + 32, pk_want, 32, "%s: case %zu: sk does not end with pk", impl, i);
    CHECK(hwc_ed25519_sign(sig, msg, len, sk) == HWC_OK);
    CHECK_MEM(sig, sig_want, 64, "%s: RFC 8032 case %zu: signature wrong", impl, i);
    CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_OK, "%s: case %zu: valid signature rejected", impl, i);
    sig[i % 64] ^= 0x10;
    CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_ERR_VERIFY, "%s: case %zu: altered sig accepted", impl,
              i);
    free(msg);
  }
}
HWC_TEST(ed25519, rfc8032_vectors) { t_for_each_impl(HWC_PRIM_FE25519, rfc8032_body, NULL); }

/* ---- libsodium-generated vectors: "sign seed pk msg sig" lines from
 * crypto_sign_seed_keypair + crypto_sign_detached, and "verify pk msg sig
 * result" lines from crypto_sign_verify_detached on valid, altered and
 * hostile signatures. */
static int next_hex(char **save, uint8_t *out, size_t cap, size_t *len) {
  char *tok = strtok_r(NULL, " \n", save);
  if (!tok) return 0;
  if (strcmp(tok, "-") == 0) {
    *len = 0;
    return 1;
  }
  *len = t_unhex(out, cap, tok);
  return 1;
}

static void libsodium_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  char *text = t_read_vector_file("ed25519_libsodium.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/ed25519_libsodium.txt missing");
  size_t signs = 0, verifies = 0, rejects = 0, line_no = 0;
  char *line_save = NULL;
  uint8_t *msg = malloc(4096);
  for (char *line = strtok_r(text, "\n", &line_save); line; line = strtok_r(NULL, "\n", &line_save)) {
    line_no++;
    if (line[0] == '#') continue;
    char *save = NULL, *op = strtok_r(line, " ", &save);
    uint8_t seed[32], pk[32], sig[64], got[64], sk[64];
    size_t n, len;
    if (strcmp(op, "sign") == 0) {
      CHECK(next_hex(&save, seed, 32, &n) && n == 32);
      CHECK(next_hex(&save, pk, 32, &n) && n == 32);
      CHECK(next_hex(&save, msg, 4096, &len));
      CHECK(next_hex(&save, sig, 64, &n) && n == 64);
      CHECK(hwc_ed25519_seed_keypair(got, sk, seed) == HWC_OK);
      CHECK_MEM(got, pk, 32, "%s: line %zu: public key differs from libsodium", impl, line_no);
      CHECK(hwc_ed25519_sign(got, msg, len, sk) == HWC_OK);
      CHECK_MEM(got, sig, 64, "%s: line %zu: signature differs from libsodium", impl, line_no);
      CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_OK, "%s: line %zu: rejected", impl, line_no);
      signs++;
    } else {
      CHECK_MSG(strcmp(op, "verify") == 0, "line %zu: unknown op %s", line_no, op);
      CHECK(next_hex(&save, pk, 32, &n) && n == 32);
      CHECK(next_hex(&save, msg, 4096, &len));
      CHECK(next_hex(&save, sig, 64, &n) && n == 64);
      char *rc = strtok_r(NULL, " \n", &save);
      CHECK(rc != NULL);
      int want = atoi(rc) == 0 ? HWC_OK : HWC_ERR_VERIFY;
      int r = hwc_ed25519_verify(sig, msg, len, pk);
      CHECK_MSG(r == want, "%s: line %zu: verify returned %d, libsodium %s", impl, line_no, r, rc);
      verifies++;
      rejects += want != HWC_OK;
    }
  }
  free(msg);
  free(text);
  CHECK_MSG(signs >= 200 && verifies >= 500 && rejects >= 300, "%s: parsed %zu sign, %zu verify (%zu reject)", impl,
            signs, verifies, rejects);
  (void)arg;
}
HWC_TEST(ed25519, libsodium_vectors) { t_for_each_impl(HWC_PRIM_FE25519, libsodium_body, NULL); }

/* ---- Malleability and encodings. L in little-endian bytes. */
static const uint8_t L_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};

/* The seven small-order encodings libsodium blocks (bit 255 ignored). */
static const char *const small_order[7] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

static void malleability_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t seed[32], pk[32], sk[64], sig[64], bad[64], msg[40];
  t_rand_bytes(seed, 32);
  t_rand_bytes(msg, sizeof msg);
  CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
  CHECK(hwc_ed25519_sign(sig, msg, sizeof msg, sk) == HWC_OK);
  CHECK(hwc_ed25519_verify(sig, msg, sizeof msg, pk) == HWC_OK);

  /* S + L: the same equation holds, and it must still be rejected. */
  memcpy(bad, sig, 64);
  t_add256(bad + 32, sig + 32, L_bytes);
  CHECK_MSG(hwc_ed25519_verify(bad, msg, sizeof msg, pk) == HWC_ERR_VERIFY, "%s: S + L accepted", impl);
  /* S = L exactly, and S with bit 255 set. */
  memcpy(bad + 32, L_bytes, 32);
  CHECK(hwc_ed25519_verify(bad, msg, sizeof msg, pk) == HWC_ERR_VERIFY);
  memcpy(bad, sig, 64);
  bad[63] |= 0x80;
  CHECK(hwc_ed25519_verify(bad, msg, sizeof msg, pk) == HWC_ERR_VERIFY);

  /* Every single bit flip of the signature fails. */
  for (int bit = 0; bit < 512; bit += t_quick() ? 37 : 1) {
    memcpy(bad, sig, 64);
    bad[bit / 8] ^= (uint8_t)(1 << (bit % 8));
    CHECK_MSG(hwc_ed25519_verify(bad, msg, sizeof msg, pk) == HWC_ERR_VERIFY, "%s: bit %d flip accepted", impl, bit);
  }

  /* Non-canonical A: y + p for a valid key with y < 19 does not exist
   * in general, so take pk's y >= p forms directly: y = p..2^255-1 are
   * all rejected whether or not they would decode. */
  for (int i = 0; i < 19; i++) {
    uint8_t a[32];
    memset(a, 0xff, 32);
    a[31] = 0x7f;
    a[0] = (uint8_t)(0xed + i);
    for (int s = 0; s < 2; s++) {
      a[31] = (uint8_t)(0x7f | (s << 7));
      CHECK_MSG(hwc_ed25519_verify(sig, msg, sizeof msg, a) == HWC_ERR_VERIFY, "%s: y = p + %d accepted", impl, i);
    }
  }

  /* Small-order A and R, with either sign bit: rejected even when the
   * equation holds. With A of small order and S = 0, R = identity, the
   * cofactorless equation S B = R + k A holds for k = 0 mod 8 messages,
   * so the rejection comes from the small-order rule. */
  for (int i = 0; i < 7; i++) {
    for (int s = 0; s < 2; s++) {
      uint8_t a[32];
      CHECK(t_unhex(a, 32, small_order[i]) == 32);
      a[31] |= (uint8_t)(s << 7);
      CHECK_MSG(hwc_ed25519_verify(sig, msg, sizeof msg, a) == HWC_ERR_VERIFY, "%s: small-order A %d accepted", impl,
                i);
      memset(bad, 0, 64);
      memcpy(bad, a, 32);
      uint8_t id[32] = {1};
      CHECK_MSG(hwc_ed25519_verify(bad, msg, sizeof msg, id) == HWC_ERR_VERIFY, "%s: identity key accepted", impl);
      memcpy(bad, a, 32);
      memcpy(bad + 32, sig + 32, 32);
      CHECK_MSG(hwc_ed25519_verify(bad, msg, sizeof msg, pk) == HWC_ERR_VERIFY, "%s: small-order R %d accepted",
                impl, i);
    }
  }

  /* A not on the curve (y = 2 has no x). */
  uint8_t off[32] = {2};
  CHECK(hwc_ed25519_verify(sig, msg, sizeof msg, off) == HWC_ERR_VERIFY);
}
HWC_TEST(ed25519, malleability_and_small_order) { t_for_each_impl(HWC_PRIM_FE25519, malleability_body, NULL); }

/* ---- Random round trips: sign, verify, tamper with the message. */
static void roundtrip_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  uint8_t pk[32], sk[64], sig[64], msg[300];
  int n = t_quick() ? 8 : 64;
  for (int i = 0; i < n; i++) {
    size_t len = t_rand_below(sizeof msg + 1);
    t_rand_bytes(msg, len);
    CHECK(hwc_ed25519_keypair(pk, sk) == HWC_OK);
    CHECK(hwc_ed25519_sign(sig, msg, len, sk) == HWC_OK);
    CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_OK, "%s: round trip %d rejected", impl, i);
    if (len) {
      msg[t_rand_below(len)] ^= 1;
      CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_ERR_VERIFY, "%s: altered message accepted", impl);
    }
    /* sig overlapping msg: the result is the same signature. */
    uint8_t buf[64 + 300];
    memcpy(buf, msg, len);
    uint8_t ref[64];
    CHECK(hwc_ed25519_sign(ref, buf, len, sk) == HWC_OK);
    CHECK(hwc_ed25519_sign(buf, buf, len, sk) == HWC_OK);
    CHECK_MEM(buf, ref, 64, "%s: signing in place differs", impl);
  }
}
HWC_TEST(ed25519, roundtrip) { t_for_each_impl(HWC_PRIM_FE25519, roundtrip_body, NULL); }

HWC_TEST(ed25519, implementations_agree) {
  const char *before = hwc_impl_selected(HWC_PRIM_FE25519);
  for (int i = 0; i < (t_quick() ? 4 : 32); i++) {
    uint8_t seed[32], pk[32], sk[64], want[64], got[64], msg[64];
    t_rand_bytes(seed, 32);
    t_rand_bytes(msg, 64);
    CHECK(hwc_impl_select(HWC_PRIM_FE25519, "generic") == HWC_OK);
    CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
    CHECK(hwc_ed25519_sign(want, msg, 64, sk) == HWC_OK);
    for (size_t j = 1; j < hwc_impl_count(HWC_PRIM_FE25519); j++) {
      if (!hwc_impl_supported(HWC_PRIM_FE25519, j)) continue;
      const char *name = hwc_impl_name(HWC_PRIM_FE25519, j);
      CHECK(hwc_impl_select(HWC_PRIM_FE25519, name) == HWC_OK);
      CHECK(hwc_ed25519_sign(got, msg, 64, sk) == HWC_OK);
      CHECK_MEM(got, want, 64, "%s: signature differs from generic", name);
      CHECK(hwc_ed25519_verify(want, msg, 64, pk) == HWC_OK);
    }
  }
  CHECK(hwc_impl_select(HWC_PRIM_FE25519, before) == HWC_OK);
}

/* ---- Wycheproof ed25519_test.json: "valid" must verify, "invalid" must
 * not; signatures that are not 64 bytes are outside the API's types and
 * count as rejected without a call. */
typedef struct {
  const char *impl;
  size_t valid, invalid;
} wp_ctx;

static void wp_case(const wp_value *group, const wp_value *test, void *arg) {
  wp_ctx *c = arg;
  size_t pk_len, msg_len, sig_len;
  uint8_t *pk = wp_hex(wp_get(group, "publicKey"), "pk", &pk_len);
  uint8_t *msg = wp_hex(test, "msg", &msg_len);
  uint8_t *sig = wp_hex(test, "sig", &sig_len);
  int valid = strcmp(wp_str(test, "result"), "valid") == 0;
  long tc = wp_num(test, "tcId");
  CHECK_MSG(pk_len == 32, "tcId %ld: key of %zu bytes", tc, pk_len);
  if (sig_len == 64) {
    int r = hwc_ed25519_verify(sig, msg, msg_len, pk);
    CHECK_MSG(r == (valid ? HWC_OK : HWC_ERR_VERIFY), "%s: wycheproof tcId %ld (%s): returned %d", c->impl, tc,
              wp_str(test, "comment"), r);
  } else {
    CHECK_MSG(!valid, "tcId %ld: valid signature of %zu bytes", tc, sig_len);
  }
  if (valid)
    c->valid++;
  else
    c->invalid++;
  free(pk);
  free(msg);
  free(sig);
}

static void wycheproof_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  wp_ctx c = {impl, 0, 0};
  size_t n = wp_for_each_test(arg, wp_case, &c);
  long want = wp_num(arg, "numberOfTests");
  CHECK_MSG(want > 100 && n == (size_t)want && c.valid > 0 && c.invalid > 0,
            "%s: wycheproof: %zu tests (%zu valid), file says %ld", impl, n, c.valid, want);
}

HWC_TEST(ed25519, wycheproof) {
  wp_value *doc = wp_load("ed25519_test.json");
  CHECK_MSG(doc != NULL, "Wycheproof ed25519_test.json not found (set WYCHEPROOF_DIR); this test cannot run");
  t_for_each_impl(HWC_PRIM_FE25519, wycheproof_body, doc);
  wp_free(doc);
}

HWC_TEST(ed25519, bad_arguments) {
  uint8_t pk[32] = {0}, sk[64] = {0}, sig[64] = {0}, seed[32] = {0};
  CHECK(hwc_ed25519_keypair(NULL, sk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_keypair(pk, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_seed_keypair(NULL, sk, seed) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_seed_keypair(pk, NULL, seed) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_seed_keypair(pk, sk, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_sign(NULL, NULL, 0, sk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_sign(sig, NULL, 1, sk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_sign(sig, NULL, 0, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_verify(NULL, NULL, 0, pk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_verify(sig, NULL, 1, pk) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_ed25519_verify(sig, NULL, 0, NULL) == HWC_ERR_INVALID_ARG);
  /* NULL message of length 0 is a message. */
  CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
  CHECK(hwc_ed25519_sign(sig, NULL, 0, sk) == HWC_OK);
  CHECK(hwc_ed25519_verify(sig, NULL, 0, pk) == HWC_OK);
  /* seed aliasing sk */
  uint8_t pk2[32];
  memcpy(sk, seed, 32);
  CHECK(hwc_ed25519_seed_keypair(pk2, sk, sk) == HWC_OK);
  CHECK(memcmp(pk2, pk, 32) == 0);
}

/* ---- edge inputs of tests/edge.h through Ed25519 on every backend,
 * against generic, return codes included.
 *
 * Signing: seeds whose clamped scalar is extreme at either end (the bits
 * clamping leaves free at the bottom all ones or all zero, the top 14 free
 * bits all ones or all zero), found by trying counter seeds, plus the
 * all-zero and all-0xff seeds, at message lengths around the SHA-512
 * block. Verification: every fe25519 edge encoding as A and as R (valid
 * points must behave identically, invalid ones be rejected identically),
 * S at L - 1, L and 2^253 - 1; and, since nearly every such signature is
 * rejected whatever the arithmetic does, the double scalar multiplication
 * verification runs (the ifma backend's edwards_double_vartime) compared
 * directly on every decodable edge point with edge scalars. */
#include "edge.h"
#include "src/curve25519/ge25519.h"

#define EDGE_SEEDS 6
typedef struct {
  uint8_t seed[EDGE_SEEDS][32];
  const char *name[EDGE_SEEDS];
} edge_seeds;

static void clamp_scalar(uint8_t a[32], const uint8_t seed[32]) {
  uint8_t az[64];
  hwc_sha512(az, seed, 32);
  memcpy(a, az, 32);
  a[0] &= 248;
  a[31] &= 127;
  a[31] |= 64;
}

/* Seeds 2..5: the first counter seed whose clamped scalar has its low 16
 * bits 0xfff8 (13 free bits all ones), low 16 bits zero, top 16 bits
 * 0x7fff (14 free bits all ones), top 16 bits 0x4000. About 2^14 SHA-512
 * each; a whole 64-bit limb at an extreme would take 2^61. */
static void find_edge_seeds(edge_seeds *s) {
  memset(s->seed[0], 0, 32);
  s->name[0] = "zero seed";
  memset(s->seed[1], 0xff, 32);
  s->name[1] = "0xff seed";
  static const char *const names[4] = {"low bits all ones", "low bits zero", "top bits all ones", "top bits zero"};
  int found = 0;
  for (uint64_t ctr = 0; found != 15 && ctr < (1u << 22); ctr++) {
    uint8_t seed[32], a[32];
    memset(seed, 0x5a, 32);
    for (int i = 0; i < 8; i++) seed[i] = (uint8_t)(ctr >> (8 * i));
    clamp_scalar(a, seed);
    int hit[4] = {a[0] == 0xf8 && a[1] == 0xff, a[0] == 0 && a[1] == 0, a[31] == 0x7f && a[30] == 0xff,
                  a[31] == 0x40 && a[30] == 0};
    for (int j = 0; j < 4; j++)
      if (hit[j] && !(found & (1 << j))) {
        memcpy(s->seed[2 + j], seed, 32);
        s->name[2 + j] = names[j];
        found |= 1 << j;
      }
  }
  CHECK_MSG(found == 15, "edge seed search found only mask %d", found);
}

static void edge_sign_body(hwc_prim p, const char *impl, void *arg) {
  const edge_seeds *s = arg;
  static const size_t lens[] = {0, 1, 63, 64, 65, 127, 128, 129, 1000};
  uint8_t msg[1000];
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 151 + 7);
  for (int k = 0; k < EDGE_SEEDS; k++) {
    uint8_t pk_want[32], sk_want[64], pk[32], sk[64], sig_want[64], sig[64];
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    CHECK(hwc_ed25519_seed_keypair(pk_want, sk_want, s->seed[k]) == HWC_OK);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    CHECK(hwc_ed25519_seed_keypair(pk, sk, s->seed[k]) == HWC_OK);
    CHECK_MEM(pk, pk_want, 32, "%s: %s: public key differs from generic", impl, s->name[k]);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
      size_t len = lens[li];
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      CHECK(hwc_ed25519_sign(sig_want, msg, len, sk_want) == HWC_OK);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      CHECK(hwc_ed25519_sign(sig, msg, len, sk) == HWC_OK);
      CHECK_MEM(sig, sig_want, 64, "%s: %s, message of %zu bytes: signature differs from generic", impl, s->name[k],
                len);
      CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_OK, "%s: %s, %zu bytes: own signature refused", impl,
                s->name[k], len);
      sig[(len * 7 + (size_t)k) % 64] ^= 0x04;
      CHECK_MSG(hwc_ed25519_verify(sig, msg, len, pk) == HWC_ERR_VERIFY, "%s: %s, %zu bytes: altered signature accepted",
                impl, s->name[k], len);
    }
  }
}

HWC_TEST(ed25519, edge_seeds_vs_generic) {
  edge_seeds s;
  find_edge_seeds(&s);
  t_for_each_impl(HWC_PRIM_FE25519, edge_sign_body, &s);
}

/* verify(sig, msg, pk) under generic and under impl: the same result. */
static int verify_both(hwc_prim p, const char *impl, const uint8_t sig[64], const uint8_t *msg, size_t len,
                       const uint8_t pk[32], const char *what, size_t i) {
  CHECK(hwc_impl_select(p, "generic") == HWC_OK);
  int want = hwc_ed25519_verify(sig, msg, len, pk);
  CHECK(hwc_impl_select(p, impl) == HWC_OK);
  int got = hwc_ed25519_verify(sig, msg, len, pk);
  CHECK_MSG(got == want, "%s: %s, edge value %zu: verify returned %d, generic %d", impl, what, i, got, want);
  return got;
}

static void edge_verify_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t seed[32] = {9}, pk[32], sk[64], sig[64], bad[64], msg[65];
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)i;
  CHECK(hwc_ed25519_seed_keypair(pk, sk, seed) == HWC_OK);
  CHECK(hwc_ed25519_sign(sig, msg, sizeof msg, sk) == HWC_OK);

  /* Edge y-coordinates as A and as R. A decodable, canonical, not small
   * order edge A reaches the double scalar multiplication; an edge R is
   * only hashed and compared, so it must be refused by every backend. */
  size_t reached = 0;
  for (size_t i = 0; i < t_edge_fe25519_count(); i++) {
    uint8_t e[32];
    hwc_ge25519_p3 pt;
    t_edge_fe25519(e, i);
    int decodes = hwc_ge25519_frombytes(hwc_fe25519_get(), &pt, e) == 0;
    int usable = decodes && hwc_ge25519_is_canonical(e) && !hwc_ge25519_has_small_order(e);
    int r = verify_both(p, impl, sig, msg, sizeof msg, e, "as public key", i);
    CHECK_MSG(r == HWC_ERR_VERIFY, "%s: edge value %zu accepted as public key", impl, i);
    reached += (size_t)usable;
    memcpy(bad, e, 32);
    memcpy(bad + 32, sig + 32, 32);
    r = verify_both(p, impl, bad, msg, sizeof msg, pk, "as R", i);
    CHECK_MSG(r == HWC_ERR_VERIFY, "%s: edge value %zu accepted as R", impl, i);
  }
  CHECK_MSG(reached >= 4, "%s: only %zu edge public keys reached the scalar multiplication", impl, reached);

  /* S = L - 1 is canonical and reaches the multiplication; S = L and
   * S = 2^253 - 1 are refused before it. */
  uint8_t s_edges[3][32];
  memcpy(s_edges[0], L_bytes, 32);
  s_edges[0][0]--;
  memcpy(s_edges[1], L_bytes, 32);
  memset(s_edges[2], 0xff, 32);
  s_edges[2][31] = 0x1f;
  for (size_t i = 0; i < 3; i++) {
    memcpy(bad, sig, 32);
    memcpy(bad + 32, s_edges[i], 32);
    CHECK_MSG(verify_both(p, impl, bad, msg, sizeof msg, pk, "S", i) == HWC_ERR_VERIFY, "%s: S edge %zu accepted",
              impl, i);
  }
  /* Every edge scalar as S: canonical ones reach the multiplication. */
  for (size_t i = 0; i < t_edge_scalar25519_count(); i++) {
    memcpy(bad, sig, 32);
    t_edge_scalar25519(bad + 32, i);
    CHECK_MSG(verify_both(p, impl, bad, msg, sizeof msg, pk, "edge scalar as S", i) == HWC_ERR_VERIFY,
              "%s: edge scalar %zu accepted as S", impl, i);
  }
}

HWC_TEST(ed25519, edge_encodings_verify_vs_generic) { t_for_each_impl(HWC_PRIM_FE25519, edge_verify_body, NULL); }

/* r = a A + b B for every decodable edge encoding A (y at the edge, either
 * sign of x, non-canonical y taken mod p as frombytes does) and pairs of
 * edge scalars below 2^255 (the NAF recoding's domain; verification passes
 * h and S below L), compared as encodings with generic. */
static void edge_double_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t sc[64][32];
  size_t nsc = 0;
  for (size_t i = 0; i < t_edge_scalar25519_count() && nsc < 64; i++) {
    t_edge_scalar25519(sc[nsc], i);
    if (!(sc[nsc][31] & 0x80)) nsc++;
  }
  CHECK(nsc >= 16);
  size_t points = 0, products = 0, stride = t_quick() ? 5 : 1;
  for (size_t i = 0; i < t_edge_fe25519_count(); i++) {
    uint8_t e[32], want[32], got[32];
    hwc_ge25519_p3 pw, pg, rw, rg;
    t_edge_fe25519(e, i);
    CHECK(hwc_impl_select(p, "generic") == HWC_OK);
    const hwc_fe25519_kernel *kw = hwc_fe25519_get();
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    const hwc_fe25519_kernel *kg = hwc_fe25519_get();
    int dw = hwc_ge25519_frombytes(kw, &pw, e), dg = hwc_ge25519_frombytes(kg, &pg, e);
    CHECK_MSG(dw == dg, "%s: edge value %zu: decodes %d, generic %d", impl, i, dg, dw);
    if (dw != 0) continue;
    hwc_ge25519_tobytes(kw, want, &pw);
    hwc_ge25519_tobytes(kg, got, &pg);
    CHECK_MEM(got, want, 32, "%s: edge value %zu: decoded point re-encodes differently", impl, i);
    points++;
    for (size_t j = i % stride; j < nsc; j += stride) {
      const uint8_t *a = sc[j], *b = sc[(j * 7 + i) % nsc];
      hwc_ge25519_double_scalarmult_vartime(kw, &rw, a, &pw, b);
      hwc_ge25519_double_scalarmult_vartime(kg, &rg, a, &pg, b);
      hwc_ge25519_tobytes(kw, want, &rw);
      hwc_ge25519_tobytes(kg, got, &rg);
      CHECK_MEM(got, want, 32, "%s: edge point %zu, scalars %zu and %zu: a A + b B differs from generic", impl, i, j,
                (j * 7 + i) % nsc);
      products++;
    }
  }
  CHECK_MSG(points >= 8 && products >= points * nsc / stride / 2, "%s: only %zu points, %zu products", impl, points,
            products);
}

HWC_TEST(ed25519, edge_double_scalarmult_vs_generic) { t_for_each_impl(HWC_PRIM_FE25519, edge_double_body, NULL); }

/* ---- edwards_base_lanes (src/kernels.h): every lane against the generic
 * backend's fixed-base multiplication and encoding. Scalars: the edge
 * scalars of tests/edge.c (0, 1, L - 1, L, 2^252, digits all +8 or -8 in
 * the radix-16 recoding, ...) and random ones, a different scalar in every
 * lane of a call and every scalar in every lane position. */
static int has_base_lanes(hwc_prim p) {
  const hwc_fe25519_kernel *k = HWC_KERNEL(p, hwc_fe25519_kernel);
  return k->edwards_base_lanes != NULL && k->lanes >= 2;
}

static void base_lanes_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const hwc_fe25519_kernel *k = HWC_KERNEL(p, hwc_fe25519_kernel);
  extern const hwc_fe25519_kernel hwc_fe25519_generic;
  CHECK(k->lanes <= 8);
  const size_t nedge = t_edge_scalar25519_count(), ncase = nedge + (t_quick() ? 8 : 40);
  uint8_t s[8][32], want[32], got[8][32];
  int8_t e[8][64];
  for (size_t rot = 0; rot < ncase; rot++) {
    for (unsigned l = 0; l < k->lanes; l++) {
      size_t c = (rot + l) % ncase;
      if (c < nedge) t_edge_scalar25519(s[l], c);
      else t_rand_bytes(s[l], 32);
      s[l][31] &= 0x7f; /* radix16 wants a < 2^255, as every scalar mod L is */
      hwc_ge25519_radix16(e[l], s[l]);
    }
    k->edwards_base_lanes(got, (const int8_t(*)[64])e);
    for (unsigned l = 0; l < k->lanes; l++) {
      hwc_ge25519_p3 r;
      hwc_ge25519_scalarmult_base(&hwc_fe25519_generic, &r, s[l]);
      hwc_ge25519_tobytes(&hwc_fe25519_generic, want, &r);
      CHECK_MSG(memcmp(got[l], want, 32) == 0, "%s: lane %u, case %zu: encoding differs from generic", impl, l,
                (rot + l) % ncase);
    }
  }
}

HWC_TEST(ed25519, base_lanes_vs_generic) {
  size_t ran = t_for_each_impl_where(HWC_PRIM_FE25519, has_base_lanes, base_lanes_body, NULL);
  if (!ran) fprintf(stderr, "ed25519/base_lanes_vs_generic: no fe25519 backend with edwards_base_lanes here\n");
}

/* ---- ed25519_verify_lanes (src/kernels.h): every lane against the
 * generic backend's decoding, double multiplication and encoding. Keys:
 * every canonical edge encoding of tests/edge.c with either sign bit (y at
 * the edge of the field, small-order points, x = 0 with the sign bit set,
 * encodings with no point, whose ok flag must be 0) and random multiples
 * of B; scalars: the edge scalars below 2^255 (the recoding's domain) and
 * random ones. Each call puts different keys and scalars in different
 * lanes, and every key and scalar passes through every lane position. */
static int has_verify_lanes(hwc_prim p) {
  const hwc_fe25519_kernel *k = HWC_KERNEL(p, hwc_fe25519_kernel);
  return k->ed25519_verify_lanes != NULL && k->lanes >= 2;
}

static void verify_lanes_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const hwc_fe25519_kernel *k = HWC_KERNEL(p, hwc_fe25519_kernel);
  extern const hwc_fe25519_kernel hwc_fe25519_generic;
  const hwc_fe25519_kernel *g = &hwc_fe25519_generic;
  CHECK(k->lanes <= 8);
  enum { MAXP = 160, MAXS = 96 };
  static uint8_t pk[MAXP][32], sc[MAXS][32];
  size_t np = 0, ns = 0, nbad = 0;
  for (size_t i = 0; i < t_edge_fe25519_count() && np + 2 <= MAXP / 2; i++) {
    uint8_t e[32];
    t_edge_fe25519(e, i);
    e[31] &= 0x7f;
    if (!hwc_ge25519_is_canonical(e)) continue;
    for (int sign = 0; sign < 2; sign++) {
      memcpy(pk[np], e, 32);
      pk[np][31] |= (uint8_t)(sign << 7);
      hwc_ge25519_p3 a;
      nbad += hwc_ge25519_frombytes(g, &a, pk[np]) != 0;
      np++;
    }
  }
  for (size_t i = 0; i < t_edge_scalar25519_count() && ns < MAXS / 2; i++) {
    t_edge_scalar25519(sc[ns], i);
    if (!(sc[ns][31] & 0x80)) ns++;
  }
  CHECK(np >= 16 && ns >= 16 && nbad >= 2);
  const size_t nrand = t_quick() ? 8 : 40;
  for (size_t i = 0; i < nrand; i++) {
    uint8_t r[32];
    hwc_ge25519_p3 a;
    t_rand_bytes(r, 32);
    r[31] &= 0x7f;
    hwc_ge25519_scalarmult_base(g, &a, r);
    hwc_ge25519_tobytes(g, pk[np++], &a);
    t_rand_bytes(sc[ns], 32);
    sc[ns++][31] &= 0x7f;
  }
  const size_t ncase = np > ns ? np : ns;
  uint8_t key[8][32], got[8][32], want[32];
  int8_t eh[8][64], es[8][64];
  int ok[8];
  size_t pi[8], hi[8], si[8];
  for (size_t c = 0; c < ncase; c++) {
    for (unsigned l = 0; l < k->lanes; l++) {
      pi[l] = (c + l) % np, hi[l] = (c + l) % ns, si[l] = (c * 7 + 3 * l + 1) % ns;
      memcpy(key[l], pk[pi[l]], 32);
      hwc_ge25519_radix16(eh[l], sc[hi[l]]);
      hwc_ge25519_radix16(es[l], sc[si[l]]);
      ok[l] = -1;
    }
    k->ed25519_verify_lanes(got, ok, (const int8_t(*)[64])eh, (const uint8_t(*)[32])key, (const int8_t(*)[64])es);
    for (unsigned l = 0; l < k->lanes; l++) {
      hwc_ge25519_p3 a, r;
      int decodes = hwc_ge25519_frombytes(g, &a, pk[pi[l]]) == 0;
      CHECK_MSG(ok[l] == decodes, "%s: lane %u, key %zu: ok flag %d, the generic decoding says %d", impl, l, pi[l],
                ok[l], decodes);
      if (!decodes) continue;
      hwc_fe25519_neg(g, &a.X, &a.X);
      hwc_fe25519_neg(g, &a.T, &a.T);
      hwc_ge25519_double_scalarmult_vartime(g, &r, sc[hi[l]], &a, sc[si[l]]);
      hwc_ge25519_tobytes(g, want, &r);
      CHECK_MSG(memcmp(got[l], want, 32) == 0, "%s: lane %u, key %zu, scalars %zu and %zu: s B - h A differs", impl,
                l, pi[l], hi[l], si[l]);
    }
  }
}

HWC_TEST(ed25519, verify_lanes_vs_generic) {
  size_t ran = t_for_each_impl_where(HWC_PRIM_FE25519, has_verify_lanes, verify_lanes_body, NULL);
  if (!ran) fprintf(stderr, "ed25519/verify_lanes_vs_generic: no fe25519 backend with ed25519_verify_lanes here\n");
}
