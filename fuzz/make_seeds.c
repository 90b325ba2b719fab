/* SPDX-License-Identifier: ISC */
/* Writes the initial corpus of a fuzz harness: inputs in that harness's
 * format built from the edge values the equivalence tests use (tests/edge.h:
 * field elements, scalars, bignum moduli, bases and exponents, GHASH and
 * Poly1305 patterns) plus small-order curve points, block-boundary lengths
 * and real RSA keys and signatures, so libFuzzer starts at the places
 * random bytes never reach. Usage: make_seeds HARNESS DIR. Files are named
 * seed-NNNNN; rerunning overwrites them (and leaves any others). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hwcrypto.h>

#include "tests/edge.h"

static const char *out_dir;
static unsigned seed_count;

/* One input being assembled; seeds are small, 4 KiB is ample. */
typedef struct {
  uint8_t b[4096];
  size_t n;
} seed;

static void put(seed *s, const void *p, size_t n) {
  if (s->n + n > sizeof s->b) {
    fprintf(stderr, "make_seeds: seed too large\n");
    exit(1);
  }
  memcpy(s->b + s->n, p, n);
  s->n += n;
}

static void put_byte(seed *s, uint8_t v) { put(s, &v, 1); }

static void put_fill(seed *s, uint8_t v, size_t n) {
  for (size_t i = 0; i < n; i++) put_byte(s, v);
}

/* Writes s as the next file of the corpus. */
static void emit(const seed *s) {
  char path[4096];
  snprintf(path, sizeof path, "%s/seed-%05u", out_dir, seed_count++);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(s->b, 1, s->n, f) != s->n || fclose(f) != 0) {
    perror(path);
    exit(1);
  }
}

/* Reads a file of the source tree (test vectors) into s; 0 if missing. */
static int put_file(seed *s, const char *rel) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", HWC_SOURCE_DIR, rel);
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  size_t n = fread(s->b + s->n, 1, sizeof s->b - s->n, f);
  fclose(f);
  s->n += n;
  return 1;
}

/* ---- 256-bit little-endian values */

typedef struct {
  uint8_t b[32];
} u256;

/* Room for every edge value of one family plus the small-order points. */
enum { MAX_VALUES = 256 };

static u256 from_hex_le(const char *hex) {
  u256 v;
  memset(&v, 0, sizeof v);
  for (int i = 0; i < 32 && hex[2 * i]; i++) {
    unsigned x;
    sscanf(hex + 2 * i, "%2x", &x);
    v.b[i] = (uint8_t)x;
  }
  return v;
}

/* The scalar edges of tests/edge.h (around L, 2^252, 2^255, 2^256). */
static size_t scalar_edges(u256 *out) {
  size_t n = t_edge_scalar25519_count();
  if (n > MAX_VALUES) n = MAX_VALUES;
  for (size_t i = 0; i < n; i++) t_edge_scalar25519(out[i].b, i);
  return n;
}

/* Curve25519 u-coordinates of small order (0, 1 and the two of order 8) and
 * Edwards25519 encodings of small-order points (the identity, y = -1, y = 0
 * with either sign, the two of order 8): where "reject or not" is decided. */
static const char *const low_order_u[] = {
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
};
static const char *const low_order_ed[] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Points to feed both curves' decoders: the field edges of tests/edge.h
 * (around p, non-canonical, bit 255 set, limbs at their maxima) and the
 * small-order encodings. */
static size_t point_edges(u256 *out, const char *const *hex, size_t nhex) {
  size_t n = t_edge_fe25519_count();
  if (n + nhex > MAX_VALUES) n = MAX_VALUES - nhex;
  for (size_t i = 0; i < n; i++) t_edge_fe25519(out[i].b, i);
  for (size_t i = 0; i < nhex; i++) out[n++] = from_hex_le(hex[i]);
  return n;
}

/* ---- per harness */

static void seeds_x25519(void) {
  static u256 k[MAX_VALUES], u[MAX_VALUES];
  size_t nk = scalar_edges(k), nu = point_edges(u, low_order_u, COUNT(low_order_u));
  /* Byte 0: path in bit 0, backend choice above it; seeds spread the choice
   * so the first runs already reach every backend. */
  for (size_t i = 0; i < nk; i++)
    for (unsigned pick = 0; pick < 4; pick++) {
      seed s = {.n = 0};
      put_byte(&s, (uint8_t)(pick << 1 | 1));
      put(&s, k[i].b, 32);
      emit(&s);
      for (size_t j = 0; j < nu; j++) {
        if ((i + j) % 4 != pick) continue; /* every pair once, backends spread */
        s.n = 0;
        put_byte(&s, (uint8_t)(pick << 1));
        put(&s, k[i].b, 32);
        put(&s, u[j].b, 32);
        emit(&s);
      }
    }
}

static void seeds_ed25519(void) {
  static u256 sc[MAX_VALUES], pt[MAX_VALUES];
  size_t nsc = scalar_edges(sc), npt = point_edges(pt, low_order_ed, COUNT(low_order_ed));
  static const size_t msg_lens[] = {0, 1, 63, 64, 111, 112, 127, 128, 200};
  unsigned pick = 0;
  seed s;
  /* 0: raw verification, R from the point edges, S from the scalar edges,
   * pk a small-order point or the identity. */
  for (size_t i = 0; i < npt; i++)
    for (size_t j = 0; j < nsc; j += 3) {
      s.n = 0;
      put_byte(&s, (uint8_t)(0 + 5 * (pick++ % 4)));
      put(&s, pt[i].b, 32);
      put(&s, sc[j].b, 32);
      put(&s, pt[(i + j) % npt].b, 32);
      put_fill(&s, 0x61, j % 3);
      emit(&s);
    }
  /* 1: key generation and signing, seeds 00.., ff.. and the scalar edges,
   * messages at SHA-512 block boundaries. */
  for (size_t i = 0; i < nsc; i++)
    for (size_t m = 0; m < COUNT(msg_lens); m += 2) {
      s.n = 0;
      put_byte(&s, (uint8_t)(1 + 5 * (pick++ % 4)));
      put(&s, sc[i].b, 32);
      put_fill(&s, (uint8_t)(0xff * (i & 1)), msg_lens[m]);
      emit(&s);
    }
  /* 2: a valid signature altered in R, in S (near its top byte, which
   * decides S < L) or in pk, or not at all. */
  static const uint8_t where_delta[][2] = {{0, 0}, {0, 1}, {31, 0x80}, {32, 1}, {63, 0x10}, {63, 0xe0}, {64, 1}, {95, 0x80}};
  for (size_t w = 0; w < COUNT(where_delta); w++)
    for (size_t m = 0; m < COUNT(msg_lens); m += 3) {
      s.n = 0;
      put_byte(&s, (uint8_t)(2 + 5 * (pick++ % 4)));
      put(&s, where_delta[w], 2);
      put_fill(&s, (uint8_t)w, 32);
      put_fill(&s, 0x5a, msg_lens[m]);
      emit(&s);
    }
  /* 3: ristretto255 group operations on pairs of edge encodings, and
   * hash-to-group on edge halves. */
  for (size_t i = 0; i < npt; i++) {
    s.n = 0;
    put_byte(&s, (uint8_t)(3 + 5 * (pick++ % 4)));
    put(&s, pt[i].b, 32);
    put(&s, pt[(i * 7 + 1) % npt].b, 32);
    put(&s, pt[i].b, 32);
    put(&s, pt[(i + 3) % npt].b, 32);
    emit(&s);
  }
  /* 4: ristretto255 scalar multiplication, scalar edges x point edges. */
  for (size_t i = 0; i < nsc; i++)
    for (size_t j = i % 3; j < npt; j += 3) {
      s.n = 0;
      put_byte(&s, (uint8_t)(4 + 5 * (pick++ % 4)));
      put(&s, sc[i].b, 32);
      put(&s, pt[j].b, 32);
      emit(&s);
    }
}

/* Lengths at and around the block and multi-block boundaries of the vector
 * kernels (1, 4, 8 and 16 blocks of 16 or 64 bytes). */
static const size_t boundary_lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129,
                                       191, 192, 255, 256, 257, 383, 384, 511, 512, 513, 1023, 1024, 1025};

static void seeds_sha2(void) {
  static const uint8_t fills[] = {0x00, 0xff, 0x80};
  for (size_t l = 0; l < COUNT(boundary_lens); l++)
    for (size_t f = 0; f < COUNT(fills); f++) {
      seed s = {.n = 0};
      put_fill(&s, fills[f], boundary_lens[l]);
      if (s.n) s.b[0] = (uint8_t)(boundary_lens[l] / 2 + f); /* the incremental cut */
      emit(&s);
    }
}

static void seeds_chacha(void) {
  /* key (the Poly1305 key too) 32 | nonce 24 | tag 16 | aad-length byte |
   * cut byte | message; keys and messages from tests/edge.h. */
  uint8_t key[32];
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1024};
  for (size_t k = 0; k < t_edge_poly1305_key_count(); k++)
    for (size_t m = 0; m < t_edge_poly1305_msg_count(); m++)
      for (size_t l = (k + m) % 3; l < COUNT(lens); l += 3) {
        seed s = {.n = 0};
        t_edge_poly1305_key(key, k);
        put(&s, key, 32);
        put_fill(&s, (uint8_t)(0xff * (m & 1)), 24);
        put_fill(&s, 0, 16);
        put_byte(&s, (uint8_t)(l * 16 + 3));
        put_byte(&s, (uint8_t)(l * 16));
        t_edge_poly1305_msg(s.b + s.n, lens[l], m);
        s.n += lens[l];
        emit(&s);
      }
}

static void seeds_aes(void) {
  /* key-size byte | nonce-length byte | tag-length byte | aad-length byte |
   * key 32 | iv/nonce 32 | tag 16 | message. All-zero and all-one keys,
   * the 12-byte nonce and others, messages at the 1/4/8/16-block strides of
   * the AES and GHASH kernels holding the GHASH data patterns of
   * tests/edge.h: GHASH reads them unchanged as AAD (a prefix of the
   * message) and as the ciphertext of the forged decryption. */
  unsigned n = 0;
  for (unsigned ks = 0; ks < 3; ks++)
    for (unsigned fill = 0; fill < 2; fill++)
      for (size_t l = 0; l < COUNT(boundary_lens); l++) {
        seed s = {.n = 0};
        uint8_t v = (uint8_t)(0xff * fill);
        put_byte(&s, (uint8_t)ks);
        put_byte(&s, (uint8_t)((n % 3 == 0) ? 11 : n % 32)); /* nonce length 12 or other */
        put_byte(&s, (uint8_t)(n % 5));
        put_byte(&s, (uint8_t)(n % 2 ? 0xff : n * 16)); /* AAD: all of a short message, or part */
        put_fill(&s, v, 32);
        put_fill(&s, v, 32);
        put_fill(&s, 0, 16);
        t_edge_ghash_msg(s.b + s.n, boundary_lens[l], n % t_edge_ghash_msg_count());
        s.n += boundary_lens[l];
        emit(&s);
        n++;
      }
}

/* One modexp input: modulus-length byte (1..96) | exponent-length byte
 * (0..63) | m | base | exp, each of its stated length. */
static void emit_modexp(const uint8_t *m, const uint8_t *b, size_t ml, const uint8_t *e, size_t el) {
  seed s = {.n = 0};
  put_byte(&s, (uint8_t)(ml - 1));
  put_byte(&s, (uint8_t)el);
  put(&s, m, ml);
  put(&s, b, ml);
  put(&s, e, el);
  emit(&s);
}

static void seeds_bignum(void) {
  /* The moduli, bases and exponents of tests/edge.h at lengths around the
   * backends' word and vector strides (the harness's first modulus byte
   * also decides oddness: bit 0; these are odd anyway). */
  static const size_t mls[] = {9, 16, 17, 32, 33, 48, 64, 65, 96};
  static const size_t els[] = {0, 1, 2, 8, 63};
  uint8_t m[96], b[96], e[64];
  for (size_t l = 0; l < COUNT(mls); l++)
    for (size_t i = 0; i < t_edge_bignum_modulus_count(); i++)
      for (size_t j = 0; j < t_edge_bignum_base_count(); j++) {
        size_t ml = mls[l], el = els[(l + i + j) % COUNT(els)];
        t_edge_bignum_modulus(m, ml, i);
        t_edge_bignum_base(b, m, ml, j);
        t_edge_bignum_exp(e, el, (i + j) % t_edge_bignum_exp_count());
        emit_modexp(m, b, ml, e, el);
      }
  /* Moduli shorter than one word (tests/edge.h starts at 9 bytes): all
   * ones, top and bottom bit, 3; bases 0, 1, all ones. */
  static const size_t short_mls[] = {1, 2, 7, 8};
  for (size_t l = 0; l < COUNT(short_mls); l++)
    for (unsigned kind = 0; kind < 3; kind++)
      for (unsigned base = 0; base < 3; base++) {
        size_t ml = short_mls[l], el = els[(l + kind + base) % COUNT(els)];
        for (size_t i = 0; i < ml; i++) {
          m[i] = kind == 0 ? 0xff : kind == 1 ? (uint8_t)((i == 0 ? 0x80 : 0) | (i == ml - 1)) : (uint8_t)(i == ml - 1 ? 3 : 0);
          b[i] = base == 2 ? 0xff : (uint8_t)(base == 1 && i == ml - 1);
        }
        memset(e, 0xff, el);
        emit_modexp(m, b, ml, e, el);
      }
}

static void seeds_rsa_der(void) {
  static const char *const files[] = {
      "tests/vectors/rsa/key2048.pkcs1.der", "tests/vectors/rsa/key2048.pkcs1.pem",
      "tests/vectors/rsa/key2048.pkcs8.der", "tests/vectors/rsa/key2048.pkcs8.pem",
      "tests/vectors/rsa/key2048.rsapub.der", "tests/vectors/rsa/key2048.rsapub.pem",
      "tests/vectors/rsa/key2048.spki.der",  "tests/vectors/rsa/key2048.spki.pem",
  };
  for (size_t i = 0; i < COUNT(files); i++) {
    seed s = {.n = 0};
    if (!put_file(&s, files[i])) {
      fprintf(stderr, "make_seeds: %s/%s missing\n", HWC_SOURCE_DIR, files[i]);
      exit(1);
    }
    emit(&s);
  }
  /* Small RSAPublicKeys whose integers sit at DER's edge cases: zero, a
   * needed leading zero, all-ones. */
  static const uint8_t small[][16] = {
      {0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x03},
      {0x30, 0x08, 0x02, 0x02, 0x00, 0xff, 0x02, 0x02, 0x00, 0x81},
      {0x30, 0x09, 0x02, 0x04, 0x7f, 0xff, 0xff, 0xff, 0x02, 0x01, 0x01},
  };
  static const size_t small_len[] = {8, 10, 11};
  for (size_t i = 0; i < COUNT(small); i++) {
    seed s = {.n = 0};
    put(&s, small[i], small_len[i]);
    emit(&s);
  }
}

static void seeds_rsa_verify(void) {
  /* signature (256 bytes) | message. Real signatures by the test key over
   * its test message (PKCS#1 v1.5 SHA-256, PSS SHA-256 salt 32, PSS SHA-512
   * salt 0, a legacy type-1 block) to mutate from, and the values 0, 1,
   * n - 1, n, n + 1, 2^2048 - 1. */
  seed msg = {.n = 0};
  if (!put_file(&msg, "tests/vectors/rsa/msg.txt")) {
    fprintf(stderr, "make_seeds: test message missing\n");
    exit(1);
  }
  seed key = {.n = 0};
  hwc_rsa_key *k = NULL;
  if (!put_file(&key, "tests/vectors/rsa/key2048.pkcs8.der") || hwc_rsa_import(&k, key.b, key.n) != HWC_OK) {
    fprintf(stderr, "make_seeds: test key missing or not imported\n");
    exit(1);
  }
  uint8_t sig[4][256];
  size_t len = 256;
  int ok = hwc_rsa_sign_pkcs1(sig[0], &len, msg.b, msg.n, HWC_HASH_SHA256, k) == HWC_OK;
  len = 256;
  ok &= hwc_rsa_sign_pss(sig[1], &len, msg.b, msg.n, HWC_HASH_SHA256, 32, k) == HWC_OK;
  len = 256;
  ok &= hwc_rsa_sign_pss(sig[2], &len, msg.b, msg.n, HWC_HASH_SHA512, 0, k) == HWC_OK;
  len = 256;
  ok &= hwc_rsa_private_encrypt_pkcs1(sig[3], &len, msg.b, 48, k) == HWC_OK;
  hwc_rsa_free(k);
  if (!ok) {
    fprintf(stderr, "make_seeds: signing with the test key failed\n");
    exit(1);
  }
  for (size_t i = 0; i < 4; i++) {
    seed s = {.n = 0};
    put(&s, sig[i], 256);
    put(&s, msg.b, msg.n);
    emit(&s);
  }
  /* n sits in the SPKI after its INTEGER header 02 82 01 01 00. */
  static const uint8_t spki[] = {
#include "rsa_test_spki.inc"
  };
  const uint8_t *n = NULL;
  for (size_t i = 0; i + 5 + 256 <= sizeof spki && !n; i++)
    if (memcmp(spki + i, "\x02\x82\x01\x01\x00", 5) == 0) n = spki + i + 5;
  if (!n) {
    fprintf(stderr, "make_seeds: no modulus in the test SPKI\n");
    exit(1);
  }
  for (int d = -1; d <= 1; d++) {
    seed s = {.n = 0};
    put(&s, n, 256);
    int carry = d;
    for (size_t i = 256; i-- > 0 && carry;) {
      int t = s.b[i] + carry;
      s.b[i] = (uint8_t)t;
      carry = t < 0 ? -1 : t > 255 ? 1 : 0;
    }
    emit(&s);
  }
  for (unsigned v = 0; v < 3; v++) {
    seed s = {.n = 0};
    put_fill(&s, v == 2 ? 0xff : 0, 256);
    if (v == 1) s.b[255] = 1;
    put_fill(&s, 0x61, v * 40);
    emit(&s);
  }
}

static void seeds_secretstream(void) {
  /* key 32 | header 24 | ad-length byte | flip position (2 bytes) | flip
   * mask | payload of control bytes and messages (fuzz_secretstream.c):
   * one message of each boundary length with each tag, then streams of
   * several messages mixing the short path and the fused kernels' lengths
   * (control classes above 47: (class - 47) * 97 bytes). */
  static const uint8_t classes[] = {0, 1, 15, 16, 17, 47, 48, 49, 50, 51, 63};
  for (size_t k = 0; k < COUNT(classes); k++)
    for (uint8_t tag = 0; tag < 4; tag++) {
      seed s = {.n = 0};
      put_fill(&s, (uint8_t)(0x11 * (k + 1)), 32);
      put_fill(&s, (uint8_t)(0x80 + tag), 24);
      put_byte(&s, (uint8_t)(k * 3));
      put_byte(&s, (uint8_t)(k * 37));
      put_byte(&s, (uint8_t)tag);
      put_byte(&s, (uint8_t)(1u << (k % 8)));
      size_t cls = classes[k], len = cls < 48 ? cls : (cls - 47) * 97;
      put_byte(&s, (uint8_t)(cls << 2 | tag));
      put_fill(&s, (uint8_t)(0xff * (tag & 1)), len);
      emit(&s);
    }
  for (int v = 0; v < 4; v++) {
    seed s = {.n = 0};
    put_fill(&s, (uint8_t)v, 32);
    put_fill(&s, (uint8_t)(v * 7), 24);
    put_byte(&s, (uint8_t)(v * 11));
    put_byte(&s, 0x30);
    put_byte(&s, (uint8_t)v);
    put_byte(&s, 0x80);
    for (int i = 0; i < 6; i++) {
      size_t cls = (size_t)((i * 13 + v * 7) % 64), len = cls < 48 ? cls : (cls - 47) * 97;
      put_byte(&s, (uint8_t)(cls << 2 | (size_t)(i % 4)));
      put_fill(&s, (uint8_t)(i + v), len);
    }
    emit(&s);
  }
}

static void seeds_aead_stream(void) {
  /* key 32 | nonce 40 | mode | nonce length | aad length | cut count |
   * cuts | aad and message (fuzz_aead_stream.c): each AEAD, with cuts of
   * 1, 15, 16 and 17 bytes, a cut that is one GCM stride less one (8,
   * 16, 32 blocks), 1 KiB and 1025 bytes, over messages that end inside
   * a block, on a block and on a ChaCha20 run. */
  static const uint8_t cut_sets[][4] = {{1, 15, 16, 17}, {127, 128 + 4, 128 + 100, 0}, {128 + 25, 1, 128 + 12, 3},
                                        {128 + 50, 128 + 25, 0, 63}};
  static const size_t lens[] = {0, 1, 47, 300, 1025, 2100, 3999};
  for (uint8_t mode = 0; mode < 16; mode++)
    for (size_t k = 0; k < COUNT(cut_sets); k++) {
      seed s = {.n = 0};
      put_fill(&s, (uint8_t)(0x21 * (mode + 1)), 32);
      put_fill(&s, (uint8_t)(0x5a ^ mode), 40);
      put_byte(&s, mode);
      put_byte(&s, (uint8_t)(k == 1 ? 11 : 15 + k));
      put_byte(&s, (uint8_t)(13 * k + mode));
      put_byte(&s, 3);
      for (int i = 0; i < 4; i++) put_byte(&s, cut_sets[k][i]);
      put_fill(&s, (uint8_t)(0xff * (mode & 1)), lens[(mode + k) % COUNT(lens)]);
      emit(&s);
    }
}

/* Batches of the sizes around the lane widths to come (0, 1, 4, 8, 9,
 * 16 items): X25519 items pairing the scalar edges with the point edges
 * (low-order u among them), and Ed25519 items of every control kind (raw,
 * signed, flipped signature or message, NULL message, foreign key) with
 * message lengths 0..63 and raw signatures of edge R and S. */
static void seeds_batch(void) {
  static u256 k[MAX_VALUES], u[MAX_VALUES], r[MAX_VALUES];
  size_t nk = scalar_edges(k), nu = point_edges(u, low_order_u, COUNT(low_order_u));
  size_t nr = point_edges(r, low_order_ed, COUNT(low_order_ed));
  static const uint8_t sizes[] = {0, 1, 4, 8, 9, 16};
  size_t next = 0;
  for (unsigned pick = 0; pick < 4; pick++)
    for (size_t z = 0; z < COUNT(sizes); z++) {
      seed s = {.n = 0};
      put_byte(&s, (uint8_t)(pick << 1));
      put_byte(&s, sizes[z]);
      for (size_t i = 0; i < sizes[z]; i++, next++) {
        put(&s, k[next % nk].b, 32);
        put(&s, u[(next * 7) % nu].b, 32);
      }
      emit(&s);
      s.n = 0;
      put_byte(&s, (uint8_t)(pick << 1 | 1));
      put_byte(&s, sizes[z]);
      for (size_t i = 0; i < sizes[z]; i++, next++) {
        uint8_t ctl = (uint8_t)(next % 16), len = (uint8_t)(next * 13 % 64);
        put_byte(&s, ctl);
        put_byte(&s, len);
        put_fill(&s, (uint8_t)next, len);
        if (ctl % 4 == 0) {
          put(&s, r[next % nr].b, 32);
          put(&s, k[next % nk].b, 32);
          put(&s, r[(next * 5) % nr].b, 32);
          continue;
        }
        put_fill(&s, (uint8_t)(next * 3), 32); /* seed */
        put_byte(&s, (uint8_t)(next * 29));    /* the bit to flip */
        if (ctl % 4 == 3) put(&s, r[next % nr].b, 32);
      }
      emit(&s);
    }
}

/* ---- fuzz_differential: byte 0 the operation (its ops[] order), byte 1
 * the backend, then the operation's fields (see each op_* there). */

enum { D_HASH, D_HMAC, D_HKDF, D_AES, D_GCM, D_CHACHA, D_POLY, D_CHACHAPOLY, D_SS, D_X25519, D_ED_SIGN, D_ED_VERIFY,
       D_MODEXP, D_RSA };

/* The operation and backend bytes, backends spread over the seeds. */
static void diff_head(seed *s, unsigned op) {
  s->n = 0;
  put_byte(s, (uint8_t)op);
  put_byte(s, (uint8_t)seed_count);
}

/* An exact length for the harness's rd_len (two bytes, top bit clear). */
static void diff_len(seed *s, size_t n) {
  put_byte(s, (uint8_t)(n >> 8 & 0x7f));
  put_byte(s, (uint8_t)n);
}

/* Cut bytes: a count byte (k cuts), then the cuts. */
static void diff_cuts(seed *s, const uint8_t *c, size_t k) {
  put_byte(s, (uint8_t)(k - 1));
  put(s, c, k);
}

static const size_t diff_lens[] = {0, 1, 15, 16, 17, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 257, 1024};

static void seeds_differential(void) {
  seed s;
  static const uint8_t cut_sets[][3] = {{1, 15, 16}, {64, 63, 65}, {128 + 3, 0, 17}, {128 + 30, 128 + 1, 5}};
  /* Hashes: each hash at the padding and block edges, cut three ways. */
  for (uint8_t h = 0; h < 4; h++)
    for (size_t l = 0; l < COUNT(diff_lens); l++) {
      diff_head(&s, D_HASH);
      put_byte(&s, h);
      diff_len(&s, diff_lens[l]);
      diff_cuts(&s, cut_sets[(h + l) % 4], 3);
      put_fill(&s, (uint8_t)(0xff * (l & 1)), diff_lens[l]);
      emit(&s);
    }
  /* HMAC: keys shorter than, equal to and longer than each block size. */
  static const size_t key_lens[] = {0, 1, 32, 63, 64, 65, 127, 128, 129, 300};
  for (uint8_t h = 0; h < 4; h++)
    for (size_t k = 0; k < COUNT(key_lens); k++) {
      diff_head(&s, D_HMAC);
      put_byte(&s, h);
      diff_len(&s, key_lens[k]);
      put_fill(&s, (uint8_t)(k & 1 ? 0xff : 0x36), key_lens[k]);
      put_byte(&s, (uint8_t)(k * 7)); /* truncated tag length */
      diff_len(&s, diff_lens[(k * 3) % COUNT(diff_lens)]);
      diff_cuts(&s, cut_sets[k % 4], 3);
      put_fill(&s, 0x5c, 64);
      emit(&s);
    }
  /* HKDF: empty and long salts and infos, outputs of one block, short of,
   * at and past 255 blocks. */
  static const size_t salt_lens[] = {0, 1, 32, 129, 200}, info_lens[] = {0, 1, 200, 300};
  for (uint8_t h = 0; h < 4; h++)
    for (unsigned v = 0; v < 8; v++) {
      diff_head(&s, D_HKDF);
      put_byte(&s, h);
      diff_len(&s, v & 1 ? 0 : 32);
      put_fill(&s, 0x0b, v & 1 ? 0 : 32);
      diff_len(&s, salt_lens[v % COUNT(salt_lens)]);
      put_fill(&s, 0xff, salt_lens[v % COUNT(salt_lens)]);
      diff_len(&s, info_lens[v % COUNT(info_lens)]);
      put_fill(&s, 0xf0, info_lens[v % COUNT(info_lens)]);
      if (v < 5) {
        put_byte(&s, 0);
        put_byte(&s, (uint8_t)(v == 0 ? 1 : v * 32));
      } else {
        put_byte(&s, 7);
        put_byte(&s, (uint8_t)(v - 5)); /* 255 hash lengths - 1, exactly, + 1 */
      }
      emit(&s);
    }
  /* AES-CTR (counters below the 32-, 64- and 128-bit wraps) and CBC
   * (with a partial block to refuse), all-zero and all-one keys. */
  for (uint8_t mode = 0; mode < 32; mode++) {
    size_t len = diff_lens[(mode * 5) % COUNT(diff_lens)];
    if (mode & 1) len -= len % 16;
    diff_head(&s, D_AES);
    put_byte(&s, mode);
    put_fill(&s, (uint8_t)(mode & 2 ? 0xff : 0), 32);
    put_fill(&s, (uint8_t)(mode & 4 ? 0xff : 0x01), 16);
    diff_len(&s, len);
    if (mode & 1) put_byte(&s, (uint8_t)(mode % 16));
    diff_cuts(&s, cut_sets[mode % 4], 3);
    put_fill(&s, (uint8_t)(0x11 * mode), len + 16);
    emit(&s);
  }
  /* AES-GCM: nonce lengths 12, 0, 1, 5, 16, 60, 80 (nonce-length byte
   * values), tag lengths 16, 12, 15, 4, 0, 11, aad and message at block edges. */
  static const uint8_t nonce_bytes[] = {0, 81, 1, 5, 97, 141, 161};
  static const uint8_t tag_bytes[] = {0x80, 12, 15, 4, 0, 11};
  static const size_t aad_lens[] = {0, 1, 15, 16, 17, 300};
  for (unsigned i = 0; i < 42; i++) {
    size_t len = diff_lens[(i * 7) % COUNT(diff_lens)], alen = aad_lens[i % COUNT(aad_lens)];
    diff_head(&s, D_GCM);
    put_byte(&s, (uint8_t)(i % 3));
    put_fill(&s, (uint8_t)(i & 1 ? 0xff : 0), 32);
    put_byte(&s, nonce_bytes[i % COUNT(nonce_bytes)]);
    put_fill(&s, (uint8_t)(0xca + i), 80);
    put_byte(&s, tag_bytes[i % COUNT(tag_bytes)]);
    diff_len(&s, alen);
    t_edge_ghash_msg(s.b + s.n, alen, i % t_edge_ghash_msg_count());
    s.n += alen;
    diff_len(&s, len);
    diff_cuts(&s, cut_sets[i % 4], 3);
    put_byte(&s, (uint8_t)(i * 37));
    put_byte(&s, (uint8_t)(i * 11));
    t_edge_ghash_msg(s.b + s.n, len, (i + 1) % t_edge_ghash_msg_count());
    s.n += len;
    emit(&s);
  }
  /* ChaCha20 and XChaCha20: counters 0, 1 and at the end of their range
   * (flag bits 1-2, the low 5 bits of the counter say how far). */
  for (unsigned i = 0; i < 24; i++) {
    size_t len = diff_lens[(i * 5) % COUNT(diff_lens)];
    diff_head(&s, D_CHACHA);
    put_byte(&s, (uint8_t)((i & 1) | (i % 3 == 2 ? 2 : 0)));
    put_fill(&s, (uint8_t)(i & 2 ? 0xff : 0x42), 32);
    put_fill(&s, (uint8_t)(0x0a + i), 24);
    uint8_t ctr[8] = {(uint8_t)(i % 3 == 1), 0, 0, 0, 0, 0, 0, 0};
    if (i % 3 == 2) ctr[0] = (uint8_t)(i % 4); /* 0..3 blocks before the end */
    put(&s, ctr, 8);
    diff_len(&s, len);
    diff_cuts(&s, cut_sets[i % 4], 3);
    put_fill(&s, (uint8_t)i, len);
    emit(&s);
  }
  /* Poly1305: the edge keys and messages of tests/edge.h. */
  uint8_t key[32];
  for (size_t k = 0; k < t_edge_poly1305_key_count(); k++)
    for (size_t m = 0; m < t_edge_poly1305_msg_count(); m++) {
      size_t len = diff_lens[(k + 3 * m) % COUNT(diff_lens)] + 16 * (m & 1);
      diff_head(&s, D_POLY);
      t_edge_poly1305_key(key, k);
      put(&s, key, 32);
      diff_len(&s, len);
      diff_cuts(&s, cut_sets[(k + m) % 4], 3);
      t_edge_poly1305_msg(s.b + s.n, len, m);
      s.n += len;
      emit(&s);
    }
  /* (X)ChaCha20-Poly1305: aad and message at the 16- and 64-byte edges. */
  for (unsigned i = 0; i < 24; i++) {
    size_t len = diff_lens[(i * 3) % COUNT(diff_lens)], alen = aad_lens[i % COUNT(aad_lens)];
    diff_head(&s, D_CHACHAPOLY);
    put_byte(&s, (uint8_t)(i & 1));
    put_fill(&s, (uint8_t)(i & 2 ? 0xff : 0x80), 32);
    put_fill(&s, (uint8_t)(0x07 * i), 24);
    diff_len(&s, alen);
    put_fill(&s, 0xaa, alen);
    diff_len(&s, len);
    diff_cuts(&s, cut_sets[i % 4], 3);
    put_byte(&s, (uint8_t)(i * 13));
    put_byte(&s, (uint8_t)(i * 29));
    put_fill(&s, (uint8_t)(0xff * (i & 1)), len);
    emit(&s);
  }
  /* Secret streams: one to six messages of each tag, empty ones, and
   * lengths at the ChaCha20 block edges. */
  static const size_t ss_lens[] = {0, 1, 63, 64, 65, 255, 600};
  for (unsigned i = 0; i < 16; i++) {
    diff_head(&s, D_SS);
    put_fill(&s, (uint8_t)(0x11 * i), 32);
    put_fill(&s, (uint8_t)(0xf0 - i), 24);
    put_byte(&s, (uint8_t)(i * 9));
    put_fill(&s, 0x33, (i * 9) % 65);
    put_byte(&s, (uint8_t)i);
    for (unsigned m = 0; m < 1 + i % 6; m++) {
      put_byte(&s, (uint8_t)(m + i));
      diff_len(&s, ss_lens[(m + i) % COUNT(ss_lens)]);
    }
    put_byte(&s, (uint8_t)(i * 31));
    put_byte(&s, (uint8_t)i);
    put_fill(&s, (uint8_t)(0x5a + i), 64);
    emit(&s);
  }
  /* X25519: scalar edges against the small-order points (modes 1..7,
   * also with bit 255) and against the field edges. */
  static u256 k[MAX_VALUES], u[MAX_VALUES];
  size_t nk = scalar_edges(k), nu = point_edges(u, low_order_u, COUNT(low_order_u));
  for (size_t i = 0; i < nk; i++) {
    diff_head(&s, D_X25519);
    put_byte(&s, (uint8_t)(1 + i % 15));
    put(&s, k[i].b, 32);
    put_fill(&s, 0, 32);
    emit(&s);
  }
  for (size_t j = 0; j < nu; j += 2) {
    diff_head(&s, D_X25519);
    put_byte(&s, 0);
    put(&s, k[j % nk].b, 32);
    put(&s, u[j].b, 32);
    emit(&s);
  }
  /* Ed25519 signing: seeds from the scalar edges, messages at the
   * SHA-512 block edges, with the public half of sk foreign or not. */
  for (size_t i = 0; i < nk; i += 2) {
    diff_head(&s, D_ED_SIGN);
    put_byte(&s, (uint8_t)(i & 1 ? 0 : (i / 2) & 1));
    put(&s, k[i].b, 32);
    put(&s, k[(i + 1) % nk].b, 32);
    diff_len(&s, diff_lens[i % COUNT(diff_lens)]);
    put_fill(&s, (uint8_t)i, diff_lens[i % COUNT(diff_lens)]);
    emit(&s);
  }
  /* Ed25519 verification, each mode: raw edge encodings, valid
   * signatures changed in R, S (and S + L) or A, small-order A and R. */
  static u256 e[MAX_VALUES];
  size_t ne = point_edges(e, low_order_ed, COUNT(low_order_ed));
  for (size_t i = 0; i < ne; i += 3) {
    diff_head(&s, D_ED_VERIFY);
    put_byte(&s, 0);
    put_byte(&s, 0);
    put_byte(&s, 0);
    put_fill(&s, 0, 32);
    put(&s, e[i].b, 32);
    put(&s, k[i % nk].b, 32);
    put(&s, e[(i * 7 + 1) % ne].b, 32);
    diff_len(&s, i % 3);
    emit(&s);
  }
  static const uint8_t where_delta[][2] = {{0, 0}, {0, 1}, {31, 0x80}, {32, 1}, {63, 0x10}, {63, 0xe0},
                                           {64, 1}, {95, 0x80}, {0x80, 0}};
  for (size_t w = 0; w < COUNT(where_delta); w++) {
    diff_head(&s, D_ED_VERIFY);
    put_byte(&s, 1);
    put(&s, where_delta[w], 2);
    put_fill(&s, (uint8_t)w, 32 + 64 + 32);
    diff_len(&s, w * 9);
    put_fill(&s, 0x61, w * 9);
    emit(&s);
  }
  for (unsigned a = 0; a < 16; a++)
    for (unsigned mode = 2; mode < 4; mode++) {
      diff_head(&s, D_ED_VERIFY);
      put_byte(&s, (uint8_t)mode);
      put_byte(&s, (uint8_t)a);
      put_byte(&s, (uint8_t)(a * 3 + mode));
      put_fill(&s, 0, 32 + 32);
      put(&s, k[a % nk].b, 32); /* S */
      put_fill(&s, 0, 32);
      diff_len(&s, a);
      put_fill(&s, 0x6d, a);
      emit(&s);
    }
  /* Ed25519 verification of constructed signatures: R the identity with
   * S = k a (mode 4), and mixed-order keys aB + T with 8 | k or not
   * (mode 5, T from each small-order point). */
  for (unsigned i = 0; i < 16; i++) {
    diff_head(&s, D_ED_VERIFY);
    put_byte(&s, (uint8_t)(4 + (i & 1)));
    put_byte(&s, (uint8_t)(i / 2));
    put_byte(&s, (uint8_t)(i / 2 + 1));
    put(&s, k[(i * 5) % nk].b, 32); /* seed */
    put_fill(&s, 0, 64 + 32);
    diff_len(&s, i * 8);
    put_fill(&s, 0x77, i * 8);
    emit(&s);
  }
  /* modexp: the bignum edges of tests/edge.h at a few lengths, and
   * moduli hwc_modexp refuses (even, 1). */
  static const size_t mls[] = {9, 16, 33, 64, 128};
  uint8_t m[128], b[128], x[64];
  for (size_t l = 0; l < COUNT(mls); l++)
    for (size_t i = 0; i < t_edge_bignum_modulus_count(); i++) {
      size_t ml = mls[l], el = (l * 17 + i * 8) % 65;
      t_edge_bignum_modulus(m, ml, i);
      t_edge_bignum_base(b, m, ml, (i + l) % t_edge_bignum_base_count());
      t_edge_bignum_exp(x, el, (i + l) % t_edge_bignum_exp_count());
      diff_head(&s, D_MODEXP);
      put_byte(&s, (uint8_t)(ml - 1));
      put_byte(&s, (uint8_t)el);
      put_byte(&s, (uint8_t)(i & 2));
      put(&s, m, ml);
      put(&s, b, ml);
      put(&s, x, el);
      emit(&s);
    }
  for (unsigned v = 0; v < 4; v++) {
    diff_head(&s, D_MODEXP);
    put_byte(&s, (uint8_t)(v * 8));
    put_byte(&s, 4);
    put_byte(&s, 0);
    put_fill(&s, 0, v * 8);
    put_byte(&s, (uint8_t)(v < 2 ? v : 2 * v)); /* 0, 1, even */
    put_fill(&s, 0xff, v * 8 + 1 + 4);
    emit(&s);
  }
  /* RSA: each key, sub-operation and hash; raw inputs 0, 1, all ones
   * (above n) and the top bit cleared. */
  for (unsigned i = 0; i < 40; i++) {
    diff_head(&s, D_RSA);
    put_byte(&s, (uint8_t)((i & 1 ? 0x81 : 0) | (i & 2))); /* key, raw top bit */
    put_byte(&s, (uint8_t)(i % 5));
    put_byte(&s, (uint8_t)(i / 10));
    put_byte(&s, (uint8_t)(i * 7));
    put_byte(&s, (uint8_t)(i % 3 == 0 ? 0xff : 0));
    put_byte(&s, (uint8_t)(i % 3 == 0 ? 0 : 20));
    put_fill(&s, 0x4c, i % 3 == 0 ? 0 : 20);
    put_fill(&s, (uint8_t)(i % 4 == 0 ? 0 : 0xff), 255);
    put_byte(&s, (uint8_t)(i % 4 == 0 ? (i & 4 ? 1 : 0) : 0xff));
    size_t len = i % 4 == 3 ? 117 : diff_lens[i % COUNT(diff_lens)];
    diff_len(&s, len);
    put_fill(&s, (uint8_t)(0x30 + i), len);
    emit(&s);
  }
}

/* ---- fuzz_sodium: byte 0 the operation (its ops[] order), byte 1 the
 * drop-in instance (backend set), then the operation's fields: 32-byte
 * values as a mode byte and 32 bytes (raw) or a special value's number,
 * exact lengths as two bytes, cuts as a count byte and the cuts. */

enum { S_AEAD, S_GCM_AFTERNM, S_STREAM, S_POLY, S_X25519, S_BOX_KEYS, S_KX, S_SIGN_KEYS, S_SIGN, S_VERIFY, S_OPEN,
       S_R255_POINT, S_R255_SCALAR, S_R255_MULT, S_HASH, S_AUTH, S_SS, S_KEYGEN };
/* Numbers of fuzz_sodium's special values (its specials[]). */
enum { SP_ZERO, SP_ONE, SP_P_1, SP_P, SP_P1, SP_2_255_1, SP_2_256_1, SP_2_255, SP_U8A, SP_U8B, SP_ED8A, SP_ED8B, SP_L,
       SP_L_1, SP_L1, SP_L_1_TOP, SP_2_252, SP_2L, SP_R255_GEN, SP_X_BASE, SP_COUNT };

static void so_head(seed *s, unsigned op) {
  s->n = 0;
  put_byte(s, (uint8_t)op);
  put_byte(s, (uint8_t)seed_count);
}

/* A raw 32-byte value (mode byte 0) or a special one. */
static void so_raw(seed *s, const uint8_t v[32]) {
  put_byte(s, 0);
  put(s, v, 32);
}
static void so_special(seed *s, unsigned i) { put_byte(s, (uint8_t)(0xc0 + i)); }

static void so_len(seed *s, size_t n) {
  put_byte(s, (uint8_t)(n >> 8 & 0x7f));
  put_byte(s, (uint8_t)n);
}

static void seeds_sodium(void) {
  seed s;
  static u256 sc[MAX_VALUES], pt[MAX_VALUES];
  size_t nsc = scalar_edges(sc), npt = point_edges(pt, low_order_ed, COUNT(low_order_ed));
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024};
  uint8_t key[32], fill[32];
  /* AEADs: each algorithm and form at the block edges, then tampered. */
  for (unsigned alg = 0; alg < 3; alg++)
    for (unsigned mode = 0; mode < 6; mode++)
      for (size_t l = (alg + mode) % 3; l < COUNT(lens); l += 3) {
        so_head(&s, S_AEAD);
        put_byte(&s, (uint8_t)alg);
        put_byte(&s, (uint8_t)mode);
        put_byte(&s, (uint8_t)(l * 5));
        memset(key, (int)(l * 17), 32);
        so_raw(&s, key);
        put_fill(&s, (uint8_t)l, 24);
        so_len(&s, l % 4 ? 13 : 0);
        so_len(&s, lens[l]);
        put_fill(&s, 0x41, l % 4 ? 13 : 0);
        put_fill(&s, (uint8_t)(0xff * (l & 1)), lens[l]);
        put_byte(&s, (uint8_t)(l & 1 ? 1 | (l << 1) : 0x10 * (l % 4 == 2)));
        put_byte(&s, 0);
        put_byte(&s, (uint8_t)(lens[l] + 3));
        emit(&s);
      }
  for (size_t l = 0; l < COUNT(lens); l += 2) {
    so_head(&s, S_GCM_AFTERNM);
    so_special(&s, l % SP_COUNT);
    put_fill(&s, 0x5a, 12);
    so_len(&s, l);
    so_len(&s, lens[l]);
    put_fill(&s, 0x33, l + lens[l]);
    put_byte(&s, (uint8_t)(l & 3));
    emit(&s);
  }
  /* Streams: counters at 0, near the 32-bit end and at the 64-bit end. */
  for (unsigned x = 0; x < 2; x++)
    for (size_t l = 0; l < COUNT(lens); l++) {
      so_head(&s, S_STREAM);
      put_byte(&s, (uint8_t)x);
      put_byte(&s, (uint8_t)((l % 3) | (l & 4 ? 0x40 : 0) | (l & 8 ? 0x80 : 0)));
      memset(key, 0xff, 32);
      so_raw(&s, key);
      put_fill(&s, 0xee, 24);
      put_fill(&s, (uint8_t)(l & 1 ? 0xff : 0), 4);
      put_fill(&s, (uint8_t)(l & 2 ? 0xff : 0), 4);
      so_len(&s, lens[l]);
      put_fill(&s, 0x77, lens[l]);
      emit(&s);
    }
  /* Poly1305: the edge keys and messages of tests/edge.h. */
  for (size_t k = 0; k < t_edge_poly1305_key_count(); k++)
    for (size_t m = 0; m < t_edge_poly1305_msg_count(); m++) {
      size_t len = lens[(k + m) % COUNT(lens)];
      so_head(&s, S_POLY);
      put_byte(&s, (uint8_t)k);
      put_byte(&s, (uint8_t)(m & 1 ? 0x31 : 0));
      t_edge_poly1305_key(key, k);
      so_raw(&s, key);
      so_len(&s, len);
      put_byte(&s, 2);
      put_byte(&s, 16);
      put_byte(&s, (uint8_t)(1 + m));
      put_byte(&s, 128 + 2);
      t_edge_poly1305_msg(s.b + s.n, len, m);
      s.n += len;
      emit(&s);
    }
  /* X25519: the scalar edges against the small-order and field-edge u. */
  size_t nu = point_edges(pt, low_order_u, COUNT(low_order_u));
  for (size_t i = 0; i < nsc; i++) {
    so_head(&s, S_X25519);
    put_byte(&s, (uint8_t)(i & 1 ? 2 : 3));
    so_raw(&s, sc[i].b);
    emit(&s);
  }
  for (size_t j = 0; j < nu; j++) {
    so_head(&s, S_X25519);
    put_byte(&s, (uint8_t)(j & 1));
    so_raw(&s, sc[j % nsc].b);
    so_raw(&s, pt[j].b);
    emit(&s);
  }
  for (unsigned sp = 0; sp < SP_COUNT; sp++) {
    so_head(&s, S_X25519);
    put_byte(&s, 0);
    memset(fill, 0x42, 32);
    so_raw(&s, fill);
    so_special(&s, sp);
    emit(&s);
  }
  /* Key pairs, kx (with small-order server keys), sign key pairs. */
  for (unsigned sp = 0; sp < SP_COUNT; sp += 3) {
    so_head(&s, S_BOX_KEYS);
    put_byte(&s, (uint8_t)sp);
    so_special(&s, sp);
    emit(&s);
    so_head(&s, S_KX);
    put_byte(&s, (uint8_t)(sp & 1));
    so_special(&s, sp);
    so_special(&s, (sp + 1) % SP_COUNT);
    so_special(&s, sp);
    emit(&s);
    so_head(&s, S_SIGN_KEYS);
    put_byte(&s, (uint8_t)sp);
    so_special(&s, sp);
    so_special(&s, (sp + 5) % SP_COUNT);
    so_special(&s, sp);
    emit(&s);
  }
  /* Signing: seeds and raw secret keys, message lengths at SHA-512's
   * block edges. */
  static const size_t sign_lens[] = {0, 1, 63, 64, 111, 112, 127, 128, 200};
  for (size_t l = 0; l < COUNT(sign_lens); l++) {
    so_head(&s, S_SIGN);
    put_byte(&s, (uint8_t)(l * 2 | (l & 4 ? 8 : 0) | (l & 1 ? 16 : 0)));
    so_special(&s, l % SP_COUNT);
    if (l & 4) so_special(&s, (l + 3) % SP_COUNT);
    so_len(&s, sign_lens[l]);
    put_fill(&s, 0x6d, sign_lens[l]);
    emit(&s);
  }
  /* Verification and open: every tampering, the point edges as R and A,
   * the scalar edges as S. */
  for (unsigned t = 0; t < 8; t++) {
    for (unsigned op = S_VERIFY; op <= S_OPEN; op++) {
      so_head(&s, op);
      put_byte(&s, (uint8_t)t);
      if (op == S_OPEN) put_byte(&s, (uint8_t)(t & 4 ? 2 * 40 + 1 : 0));
      put_byte(&s, (uint8_t)t);
      so_special(&s, t);
      so_len(&s, 33);
      put_fill(&s, 0x21, 33);
      put_byte(&s, (uint8_t)(t * 9));
      so_special(&s, SP_ED8A + (t & 1));
      so_special(&s, SP_L);
      so_special(&s, SP_P_1);
      emit(&s);
    }
  }
  for (size_t i = 0; i < npt; i++) {
    unsigned tamper = i % 3 == 0 ? 2 : i % 3 == 1 ? 4 : 7;
    so_head(&s, S_VERIFY);
    put_byte(&s, (uint8_t)i);
    put_byte(&s, (uint8_t)tamper);
    so_special(&s, SP_ONE);
    so_len(&s, 5);
    put_fill(&s, 0x35, 5);
    so_raw(&s, pt[i].b);
    if (tamper == 7) {
      so_raw(&s, sc[i % nsc].b);
      so_raw(&s, pt[(i + 1) % npt].b);
    }
    emit(&s);
  }
  for (size_t i = 0; i < nsc; i++) {
    so_head(&s, S_VERIFY);
    put_byte(&s, (uint8_t)i);
    put_byte(&s, 3);
    so_special(&s, SP_2L);
    so_len(&s, 0);
    so_raw(&s, sc[i].b);
    emit(&s);
  }
  /* ristretto255: the field edges and small-order encodings as elements
   * (is_valid_point, add, sub, scalarmult), the scalar edges in every
   * scalar function and as multipliers, wide edges in reduce. */
  for (size_t i = 0; i < npt; i++) {
    so_head(&s, S_R255_POINT);
    put_byte(&s, (uint8_t)(i % 3));
    put_byte(&s, 0x80);
    so_raw(&s, pt[i].b);
    put_byte(&s, (uint8_t)(i & 1));
    put_fill(&s, (uint8_t)i, 64);
    emit(&s);
    so_head(&s, S_R255_MULT);
    put_byte(&s, 0);
    so_raw(&s, sc[i % nsc].b);
    put_byte(&s, 0x80);
    so_raw(&s, pt[i].b);
    emit(&s);
  }
  for (size_t i = 0; i < nsc; i++) {
    so_head(&s, S_R255_SCALAR);
    put_byte(&s, (uint8_t)i);
    so_raw(&s, sc[i].b);
    so_raw(&s, sc[(i * 7 + 3) % nsc].b);
    so_raw(&s, sc[(i * 5 + 1) % nsc].b);
    emit(&s);
    so_head(&s, S_R255_MULT);
    put_byte(&s, (uint8_t)(i & 1));
    so_raw(&s, sc[i].b);
    put_byte(&s, (uint8_t)(i & 2 ? 1 : 0));
    put_fill(&s, (uint8_t)(i * 3), 64);
    emit(&s);
  }
  uint8_t wide[64];
  for (size_t i = 0; i < t_edge_scalar25519_wide_count(); i++) {
    t_edge_scalar25519_wide(wide, i);
    so_head(&s, S_R255_SCALAR);
    put_byte(&s, 6);
    so_raw(&s, wide);
    so_raw(&s, wide + 32);
    so_special(&s, SP_ZERO);
    emit(&s);
  }
  /* Hashes and HMAC at the padding and block edges, cut three ways. */
  static const uint8_t cut_sets[][3] = {{1, 15, 16}, {64, 63, 65}, {128 + 3, 0, 17}, {128 + 30, 128 + 1, 5}};
  for (size_t l = 0; l < COUNT(boundary_lens); l++)
    for (unsigned h = 0; h < 3; h++) {
      so_head(&s, h < 2 ? S_HASH : S_AUTH);
      put_byte(&s, (uint8_t)(h < 2 ? h + l : l));
      if (h == 2) {
        put_byte(&s, (uint8_t)(l & 1 ? 0x13 : 0));
        so_special(&s, l % SP_COUNT);
      }
      so_len(&s, boundary_lens[l]);
      put_byte(&s, 2);
      put(&s, cut_sets[l % 4], 3);
      put_fill(&s, (uint8_t)(0xff * (l & 1)), boundary_lens[l]);
      emit(&s);
    }
  /* Secret streams: every tag (an undefined one too), rekeys, AD, the
   * counter near its wrap, then tampered pulls. */
  static const uint8_t step_bytes[][6] = {
      {0x00, 0x08, 0x10, 0x18, 0x07, 0x00}, /* MESSAGE, PUSH, REKEY, FINAL, rekey, MESSAGE */
      {0x80, 0x07, 0x18, 0x40, 0x20, 0x00}, /* tag from the next byte, rekey, ... */
  };
  for (unsigned v = 0; v < 8; v++) {
    so_head(&s, S_SS);
    put_byte(&s, (uint8_t)(v & 1));
    so_special(&s, v);
    put_byte(&s, 5);
    for (unsigned st = 0; st < 6; st++) {
      uint8_t b = step_bytes[v >> 2 & 1][st];
      put_byte(&s, b);
      if ((b & 7) == 7) continue;
      if (b & 0x80) put_byte(&s, (uint8_t)(v & 2 ? 0x04 : 0x83));
      so_len(&s, lens[(v + st) % COUNT(lens)] % 600);
      so_len(&s, st & 1 ? 7 : 0);
      put_fill(&s, (uint8_t)(0x30 + st), lens[(v + st) % COUNT(lens)] % 600 + (st & 1 ? 7 : 0));
    }
    for (unsigned st = 0; st < 6; st++) {
      put_byte(&s, (uint8_t)(v & 2 ? (st == 2 ? 0x11 : st == 3 ? 1 : 0) : st << 5));
      put_byte(&s, 0);
      put_byte(&s, (uint8_t)st);
      put_byte(&s, (uint8_t)(st * 3));
    }
    emit(&s);
  }
  for (unsigned k = 0; k < 3; k++) {
    so_head(&s, S_KEYGEN);
    put_byte(&s, (uint8_t)k);
    emit(&s);
  }
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*make)(void);
  } harnesses[] = {
      {"x25519", seeds_x25519}, {"ed25519", seeds_ed25519}, {"sha2", seeds_sha2},       {"chacha", seeds_chacha},
      {"aes", seeds_aes},       {"bignum", seeds_bignum},   {"rsa_der", seeds_rsa_der}, {"rsa_verify", seeds_rsa_verify},
      {"secretstream", seeds_secretstream}, {"aead_stream", seeds_aead_stream}, {"batch", seeds_batch},
      {"differential", seeds_differential}, {"sodium", seeds_sodium},
  };
  if (argc != 3) {
    fprintf(stderr, "usage: %s HARNESS DIR\n", argv[0]);
    return 2;
  }
  out_dir = argv[2];
  mkdir(out_dir, 0777); /* may exist already; emit() reports real failures */
  for (size_t i = 0; i < COUNT(harnesses); i++)
    if (strcmp(argv[1], harnesses[i].name) == 0) {
      harnesses[i].make();
      printf("make_seeds: %u seeds for %s in %s\n", seed_count, argv[1], out_dir);
      return 0;
    }
  fprintf(stderr, "make_seeds: no harness named %s\n", argv[1]);
  return 2;
}
