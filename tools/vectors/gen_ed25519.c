/* SPDX-License-Identifier: ISC */
/* Generator of tests/vectors/ed25519_libsodium.txt from libsodium 1.0.18,
 * an independent implementation (tooling only: never built by the library,
 * its tests or its bench).
 *   cc -O2 gen_ed25519.c -lsodium -o gen && ./gen > ed25519_libsodium.txt
 * It first checks that libsodium reproduces RFC 8032 section 7.1 TEST 1-3
 * (and exits 1 if not), then writes
 *   sign <seed> <pk> <msg> <sig>          crypto_sign_seed_keypair + _detached
 *   verify <pk> <msg> <sig> <rc>          crypto_sign_verify_detached's result
 * with "-" for an empty message. Inputs are deterministic (a fixed seed for
 * randombytes_buf_deterministic), so the file is reproducible. */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

static unsigned char seed_state[32] = {0x65, 0x64};
static void rnd(unsigned char *p, size_t n) {
  randombytes_buf_deterministic(p, n, seed_state);
  for (int i = 0; i < 32 && ++seed_state[i] == 0; i++) {
  }
}

static void hex(const unsigned char *p, size_t n) {
  putchar(' ');
  if (n == 0) putchar('-');
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

static void unhex(unsigned char *out, const char *h) {
  for (size_t i = 0; h[2 * i]; i++) sscanf(h + 2 * i, "%2hhx", &out[i]);
}

static void verify_line(const unsigned char *pk, const unsigned char *m, size_t len, const unsigned char *sig) {
  int rc = crypto_sign_verify_detached(sig, m, len, pk);
  printf("verify");
  hex(pk, 32);
  hex(m, len);
  hex(sig, 64);
  printf(" %d\n", rc);
}

static const char *const small_order[7] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

int main(void) {
  if (sodium_init() < 0) return 1;
  static const char *const rfc[3][4] = {
      {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
       "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
       "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
      {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
       "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
       "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
      {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
       "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
       "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
  };
  for (int i = 0; i < 3; i++) {
    unsigned char seed[32], pk[32], sk[64], m[2], sig[64], want_pk[32], want_sig[64];
    unhex(seed, rfc[i][0]);
    unhex(want_pk, rfc[i][1]);
    unhex(m, rfc[i][2]);
    unhex(want_sig, rfc[i][3]);
    crypto_sign_seed_keypair(pk, sk, seed);
    crypto_sign_detached(sig, NULL, m, strlen(rfc[i][2]) / 2, sk);
    if (memcmp(pk, want_pk, 32) || memcmp(sig, want_sig, 64)) {
      fprintf(stderr, "libsodium disagrees with RFC 8032 TEST %d\n", i + 1);
      return 1;
    }
  }

  static const unsigned char L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
  unsigned char seed[32], pk[32], sk[64], m[300], sig[64], bad[64], badpk[32];
  for (int i = 0; i < 256; i++) {
    size_t len = i < 64 ? (size_t)i : (size_t)(i * 37 % 300);
    rnd(seed, 32);
    rnd(m, len);
    crypto_sign_seed_keypair(pk, sk, seed);
    crypto_sign_detached(sig, NULL, m, len, sk);
    printf("sign");
    hex(seed, 32);
    hex(pk, 32);
    hex(m, len);
    hex(sig, 64);
    putchar('\n');
    verify_line(pk, m, len, sig); /* valid */
    memcpy(bad, sig, 64);         /* one bit flipped */
    bad[i % 64] ^= (unsigned char)(1 << (i % 8));
    verify_line(pk, m, len, bad);
    unsigned c = 0; /* S + L */
    memcpy(bad, sig, 64);
    for (int j = 0; j < 32; j++) {
      c += (unsigned)sig[32 + j] + L[j];
      bad[32 + j] = (unsigned char)c;
      c >>= 8;
    }
    verify_line(pk, m, len, bad);
    /* small-order R or A, either sign bit */
    unhex(bad, small_order[i % 7]);
    bad[31] |= (unsigned char)((i & 8) << 4);
    memcpy(bad + 32, sig + 32, 32);
    verify_line(pk, m, len, bad);
    unhex(badpk, small_order[(i + 3) % 7]);
    badpk[31] |= (unsigned char)((i & 16) << 3);
    verify_line(badpk, m, len, sig);
    /* S = 0 with R = identity under a small-order key: the equation
     * holds for some of these, the small-order rule rejects them all */
    memset(bad, 0, 64);
    bad[0] = 1;
    verify_line(badpk, m, len, bad);
    /* random public key bytes (about half are not on the curve) */
    rnd(badpk, 32);
    verify_line(badpk, m, len, sig);
    /* non-canonical y >= p */
    memset(badpk, 0xff, 32);
    badpk[0] = (unsigned char)(0xed + i % 19);
    badpk[31] = (unsigned char)(0x7f | ((i & 32) << 2));
    verify_line(badpk, m, len, sig);
  }
  return 0;
}
