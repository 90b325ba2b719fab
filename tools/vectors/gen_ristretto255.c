/* SPDX-License-Identifier: ISC */
/* Generator of tests/vectors/ristretto255_libsodium.txt from libsodium
 * 1.0.18, an independent implementation (tooling only: never built by the
 * library, its tests or its bench).
 *   cc -O2 gen_ristretto255.c -lsodium -o gen && ./gen > ristretto255_libsodium.txt
 * It first checks that libsodium reproduces RFC 9496 appendix A (the
 * generator multiples, the invalid encodings and the hash-to-group
 * outputs; exit 1 if not), then writes one line per call:
 *   valid <p> <is_valid_point>
 *   hash <h> <p>                            crypto_core_ristretto255_from_hash
 *   add <p> <q> <r> <rc>   sub <p> <q> <r> <rc>
 *   mul <n> <p> <q> <rc>                    crypto_scalarmult_ristretto255
 *   base <n> <q> <rc>                       crypto_scalarmult_ristretto255_base
 * where r/q is "-" when the call failed (rc -1; libsodium leaves the output
 * unspecified there). Inputs are deterministic (randombytes_buf_deterministic
 * with a fixed seed). */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

static unsigned char seed_state[32] = {0x72, 0x39};
static void rnd(unsigned char *p, size_t n) {
  randombytes_buf_deterministic(p, n, seed_state);
  for (int i = 0; i < 32 && ++seed_state[i] == 0; i++) {
  }
}

static void hex(const unsigned char *p, size_t n) {
  putchar(' ');
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

static void unhex(unsigned char *out, const char *h) {
  for (size_t i = 0; h[2 * i]; i++) sscanf(h + 2 * i, "%2hhx", &out[i]);
}

static const char *const multiples[16] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
};

static const char *const invalid[] = {
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

static const char *const labels[7][2] = {
    {"Ristretto is traditionally a short shot of espresso coffee",
     "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"},
    {"made with the normal amount of ground coffee but extracted with",
     "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b"},
    {"about half the amount of water in the same amount of time",
     "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826"},
    {"by using a finer grind.", "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a"},
    {"This produces a concentrated shot of coffee per volume.",
     "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179"},
    {"Just pulling a normal shot short will produce a weaker shot",
     "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628"},
    {"and is not a Ristretto as some believe.", "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065"},
};

static int check_rfc(void) {
  unsigned char n[32] = {0}, q[32], want[32], h[64];
  for (int i = 1; i < 16; i++) {
    n[0] = (unsigned char)i;
    unhex(want, multiples[i]);
    if (crypto_scalarmult_ristretto255_base(q, n) != 0 || memcmp(q, want, 32)) return 0;
  }
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    unhex(q, invalid[i]);
    if (crypto_core_ristretto255_is_valid_point(q)) return 0;
  }
  for (int i = 0; i < 7; i++) {
    crypto_hash_sha512(h, (const unsigned char *)labels[i][0], strlen(labels[i][0]));
    crypto_core_ristretto255_from_hash(q, h);
    unhex(want, labels[i][1]);
    if (memcmp(q, want, 32)) return 0;
  }
  return 1;
}

static void result(const unsigned char *r, int rc) {
  if (rc == 0)
    hex(r, 32);
  else
    printf(" -");
  printf(" %d\n", rc);
}

/* A point input: mostly valid elements, sometimes one of the RFC's invalid
 * encodings or random bytes (rarely valid). */
static void point(unsigned char p[32], int i) {
  unsigned char h[64];
  if (i % 11 == 5) {
    unhex(p, invalid[(i / 11) % (sizeof invalid / sizeof invalid[0])]);
  } else if (i % 13 == 7) {
    rnd(p, 32);
  } else if (i % 17 == 3) {
    unhex(p, multiples[i % 16]); /* includes the identity */
  } else {
    rnd(h, 64);
    crypto_core_ristretto255_from_hash(p, h);
  }
}

static void scalar(unsigned char n[32], int i) {
  static const unsigned char L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
  memset(n, 0, 32);
  switch (i % 23) {
    case 0: return;                            /* 0: identity result */
    case 1: memcpy(n, L, 32); return;          /* L: identity result */
    case 2: memset(n, 0xff, 32); return;       /* bit 255 set, unreduced */
    case 3: n[0] = (unsigned char)(i % 16); return;
    case 4: memcpy(n, L, 32); n[31] |= 0x80; return; /* L + 2^255 */
    default: rnd(n, 32);
  }
}

int main(void) {
  if (sodium_init() < 0) return 1;
  if (!check_rfc()) {
    fprintf(stderr, "libsodium disagrees with RFC 9496 appendix A\n");
    return 1;
  }
  unsigned char p[32], q[32], r[32], n[32], h[64];
  for (int i = 0; i < 300; i++) {
    point(p, i);
    if (i % 3 == 0) {
      p[0] ^= (unsigned char)(1 << (i % 8)); /* a perturbed encoding */
    }
    printf("valid");
    hex(p, 32);
    printf(" %d\n", crypto_core_ristretto255_is_valid_point(p));
  }
  for (int i = 0; i < 300; i++) {
    rnd(h, 64);
    if (i < 4) memset(h, i == 0 ? 0 : 0xff, i % 2 ? 64 : 32); /* zero and all-ones halves */
    crypto_core_ristretto255_from_hash(p, h);
    printf("hash");
    hex(h, 64);
    hex(p, 32);
    putchar('\n');
  }
  for (int i = 0; i < 300; i++) {
    point(p, i);
    point(q, i * 7 + 1);
    if (i % 29 == 0) memcpy(q, p, 32); /* p - p = identity */
    int rc = crypto_core_ristretto255_add(r, p, q);
    printf("add");
    hex(p, 32);
    hex(q, 32);
    result(r, rc);
    rc = crypto_core_ristretto255_sub(r, p, q);
    printf("sub");
    hex(p, 32);
    hex(q, 32);
    result(r, rc);
  }
  for (int i = 0; i < 300; i++) {
    scalar(n, i);
    point(p, i * 3);
    int rc = crypto_scalarmult_ristretto255(q, n, p);
    printf("mul");
    hex(n, 32);
    hex(p, 32);
    result(q, rc);
    rc = crypto_scalarmult_ristretto255_base(q, n);
    printf("base");
    hex(n, 32);
    result(q, rc);
  }
  return 0;
}
