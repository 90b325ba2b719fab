/* SPDX-License-Identifier: ISC */
/* The drop-in against libsodium itself, call by call: both libraries are
 * loaded side by side (dlopen, RTLD_LOCAL: neither sees the other) and
 * every interposed function whose result is decided by its inputs is
 * given the same inputs, random ones and the edge cases where libraries
 * differ -- Ed25519's small-order and non-canonical R, A and S, X25519's
 * small-order and non-canonical u, ristretto255 encodings with bit 255 set
 * (libsodium 1.0.18 ignores it), scalars at and above L, forged AEAD tags,
 * tag checks without output, secret streams across a rekey and a counter
 * wrap and forged messages (output left as it was). Return values and every output byte must be
 * equal. Inputs come from a fixed deterministic generator, so a failure
 * repeats.
 *   differential DROPIN [ITERATIONS] */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *ref_lib, *our_lib;
static unsigned long checks, failures;
static uint64_t rnd_state;

/* The function name in library lib; exits when missing. */
static void *sym(void *lib, const char *name)
{
  void *f = dlsym(lib, name);
  if (f == NULL) {
    fprintf(stderr, "differential: %s missing\n", name);
    exit(2);
  }
  return f;
}

/* n deterministic bytes (splitmix64): the same inputs on every run, from
 * neither library under test. */
static void rnd(void *buf, size_t n)
{
  unsigned char *p = buf;
  for (size_t i = 0; i < n; i++) {
    uint64_t z = (rnd_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    p[i] = (unsigned char)(z ^ (z >> 31));
  }
}

/* Records one comparison: the two return values and the n bytes at a and
 * b must be equal. */
static void same(const char *what, int ra, int rb, const void *a, const void *b, size_t n)
{
  checks++;
  if (ra == rb && (n == 0 || memcmp(a, b, n) == 0))
    return;
  if (++failures <= 20)
    fprintf(stderr, "MISMATCH %s: libsodium %d, drop-in %d%s\n", what, ra, rb,
            ra == rb ? " (output bytes differ)" : "");
}

/* The 7 small-order encodings libsodium 1.0.18 blacklists (y = 0, 1, the
 * two of order 8, p - 1, p, p + 1). */
static const unsigned char small_order[7][32] = {
  {0},
  {1},
  {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
   0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
  {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
   0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
  {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
  {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
  {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
};

/* L, the order of the prime-order subgroup, little-endian. */
static const unsigned char group_order[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};

/* s += L over 32 little-endian bytes (mod 2^256). */
static void add_order(unsigned char s[32])
{
  unsigned c = 0;
  for (int i = 0; i < 32; i++) {
    c += s[i] + group_order[i];
    s[i] = (unsigned char)c;
    c >>= 8;
  }
}

typedef int (*verify_fn)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
typedef int (*open_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *);
typedef int (*sign_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *);
typedef int (*keypair_fn)(unsigned char *, unsigned char *, const unsigned char *);

/* Ed25519: key pairs and signatures byte for byte, then verification and
 * open over a valid signature and its hostile variants. */
static void ed25519_round(void)
{
  unsigned char seed[32], pk[2][32], sk[2][64], msg[100], sig[2][64], s[64], p[32], sm[164], out[2][164];
  unsigned long long mlen[2];
  size_t len;
  int r[2];
  rnd(seed, sizeof seed);
  rnd(msg, sizeof msg);
  len = msg[0] % sizeof msg;
  r[0] = ((keypair_fn)sym(ref_lib, "crypto_sign_ed25519_seed_keypair"))(pk[0], sk[0], seed);
  r[1] = ((keypair_fn)sym(our_lib, "crypto_sign_ed25519_seed_keypair"))(pk[1], sk[1], seed);
  same("ed25519 seed_keypair", r[0], r[1], sk[0], sk[1], 64);
  r[0] = ((sign_fn)sym(ref_lib, "crypto_sign_ed25519_detached"))(sig[0], NULL, msg, len, sk[0]);
  r[1] = ((sign_fn)sym(our_lib, "crypto_sign_ed25519_detached"))(sig[1], NULL, msg, len, sk[0]);
  same("ed25519 detached", r[0], r[1], sig[0], sig[1], 64);
  for (int g = 0; g < 2; g++) { /* combined signing, under both names */
    const char *name = g ? "crypto_sign" : "crypto_sign_ed25519";
    memset(out, 0, sizeof out);
    r[0] = ((sign_fn)sym(ref_lib, name))(out[0], &mlen[0], msg, len, sk[0]);
    r[1] = ((sign_fn)sym(our_lib, name))(out[1], &mlen[1], msg, len, sk[0]);
    same(name, r[0], r[1], out[0], out[1], sizeof out[0]);
    same(name, 0, 0, &mlen[0], &mlen[1], sizeof mlen[0]);
  }
  for (int v = 0; v < 24; v++) {
    memcpy(s, sig[0], 64);
    memcpy(p, pk[0], 32);
    if (v == 1)
      add_order(s + 32); /* S + L: non-canonical */
    else if (v == 2)
      rnd(s + 32, 32); /* S anything, often >= L */
    else if (v >= 3 && v < 10)
      memcpy(s, small_order[v - 3], 32); /* small-order R */
    else if (v >= 10 && v < 17)
      memcpy(p, small_order[v - 10], 32); /* small-order A */
    else if (v == 17)
      s[31] ^= 0x80; /* R's sign bit */
    else if (v == 18)
      p[31] ^= 0x80; /* A's sign bit */
    else if (v == 19) {
      memset(p, 0xff, 32); /* y >= p: non-canonical A */
      p[0] = (unsigned char)(0xef + (msg[1] % 16));
      p[31] = 0x7f;
    } else if (v == 20)
      rnd(p, 32); /* often not on the curve */
    else if (v == 21)
      s[msg[2] % 64] ^= (unsigned char)(1 << (msg[3] % 8));
    else if (v == 22)
      memcpy(s + 32, group_order, 32); /* S = L */
    else if (v == 23) {
      memcpy(s, small_order[msg[4] % 7], 32); /* small-order R with its sign bit set */
      s[31] |= 0x80;
    }
    r[0] = ((verify_fn)sym(ref_lib, "crypto_sign_ed25519_verify_detached"))(s, msg, len, p);
    r[1] = ((verify_fn)sym(our_lib, "crypto_sign_ed25519_verify_detached"))(s, msg, len, p);
    same("ed25519 verify_detached", r[0], r[1], NULL, NULL, 0);
    memcpy(sm, s, 64);
    memcpy(sm + 64, msg, len);
    memset(out, 0xaa, sizeof out);
    mlen[0] = mlen[1] = 12345;
    r[0] = ((open_fn)sym(ref_lib, "crypto_sign_ed25519_open"))(out[0], &mlen[0], sm, 64 + len, p);
    r[1] = ((open_fn)sym(our_lib, "crypto_sign_ed25519_open"))(out[1], &mlen[1], sm, 64 + len, p);
    same("ed25519 open", r[0], r[1], out[0], out[1], sizeof out[0]);
    same("ed25519 open mlen", 0, 0, &mlen[0], &mlen[1], sizeof mlen[0]);
  }
}

typedef int (*sm2_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*sm1_fn)(unsigned char *, const unsigned char *);

/* X25519 over random and small-order or non-canonical u. */
static void x25519_round(void)
{
  unsigned char n[32], u[32], q[2][32];
  int r[2];
  rnd(n, sizeof n);
  for (int v = 0; v < 10; v++) {
    if (v < 7)
      memcpy(u, small_order[v], 32); /* as u: 0, 1, p - 1, p, p + 1 and two others */
    else
      rnd(u, 32); /* bit 255 and u >= p included by chance */
    memset(q, 0x55, sizeof q);
    r[0] = ((sm2_fn)sym(ref_lib, "crypto_scalarmult_curve25519"))(q[0], n, u);
    r[1] = ((sm2_fn)sym(our_lib, "crypto_scalarmult_curve25519"))(q[1], n, u);
    /* the output of a refused point is not specified; the result is */
    same("x25519", r[0], r[1], q[0], q[1], r[0] == 0 ? 32 : 0);
  }
  r[0] = ((sm1_fn)sym(ref_lib, "crypto_scalarmult_curve25519_base"))(q[0], n);
  r[1] = ((sm1_fn)sym(our_lib, "crypto_scalarmult_curve25519_base"))(q[1], n);
  same("x25519 base", r[0], r[1], q[0], q[1], 32);
  r[0] = ((keypair_fn)sym(ref_lib, "crypto_box_seed_keypair"))(q[0], u, n);
  r[1] = ((keypair_fn)sym(our_lib, "crypto_box_seed_keypair"))(q[1], u, n);
  same("box_seed_keypair", r[0], r[1], q[0], q[1], 32);
}

typedef int (*valid_fn)(const unsigned char *);
typedef void (*scalar2_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*scalar1_fn)(unsigned char *, const unsigned char *);

/* One ristretto255 encoding to test: a valid element (from a hash), that
 * element with bit 255 set, or random bytes, by v. */
static void r255_point(unsigned char p[32], int v)
{
  unsigned char h[64];
  rnd(h, sizeof h);
  if (v == 2) {
    memcpy(p, h, 32);
    return;
  }
  ((sm1_fn)sym(ref_lib, "crypto_core_ristretto255_from_hash"))(p, h);
  if (v == 1)
    p[31] |= 0x80;
}

/* ristretto255: decoding, the group operations and the scalar field. */
static void ristretto255_round(void)
{
  static const char *const two[] = {"crypto_core_ristretto255_scalar_add", "crypto_core_ristretto255_scalar_sub",
                                    "crypto_core_ristretto255_scalar_mul"};
  static const char *const one[] = {"crypto_core_ristretto255_scalar_negate",
                                    "crypto_core_ristretto255_scalar_complement"};
  unsigned char p[32], q[32], n[32], x[32], h[64], o[2][32];
  int r[2];
  for (int v = 0; v < 3; v++) {
    r255_point(p, v);
    r255_point(q, (v + 1) % 3);
    rnd(n, sizeof n);
    r[0] = ((valid_fn)sym(ref_lib, "crypto_core_ristretto255_is_valid_point"))(p);
    r[1] = ((valid_fn)sym(our_lib, "crypto_core_ristretto255_is_valid_point"))(p);
    same("ristretto255 is_valid_point", r[0], r[1], NULL, NULL, 0);
    memset(o, 0x33, sizeof o);
    r[0] = ((sm2_fn)sym(ref_lib, "crypto_core_ristretto255_add"))(o[0], p, q);
    r[1] = ((sm2_fn)sym(our_lib, "crypto_core_ristretto255_add"))(o[1], p, q);
    same("ristretto255 add", r[0], r[1], o[0], o[1], 32);
    r[0] = ((sm2_fn)sym(ref_lib, "crypto_core_ristretto255_sub"))(o[0], q, p);
    r[1] = ((sm2_fn)sym(our_lib, "crypto_core_ristretto255_sub"))(o[1], q, p);
    same("ristretto255 sub", r[0], r[1], o[0], o[1], 32);
    r[0] = ((sm2_fn)sym(ref_lib, "crypto_scalarmult_ristretto255"))(o[0], n, p);
    r[1] = ((sm2_fn)sym(our_lib, "crypto_scalarmult_ristretto255"))(o[1], n, p);
    same("ristretto255 scalarmult", r[0], r[1], o[0], o[1], 32);
  }
  for (int v = 0; v < 4; v++) {
    rnd(n, sizeof n);
    rnd(x, sizeof x);
    if (v == 1)
      memcpy(n, group_order, 32);
    else if (v == 2)
      memset(n, 0, 32);
    else if (v == 3)
      memset(n, 0xff, 32);
    r[0] = ((sm1_fn)sym(ref_lib, "crypto_scalarmult_ristretto255_base"))(o[0], n);
    r[1] = ((sm1_fn)sym(our_lib, "crypto_scalarmult_ristretto255_base"))(o[1], n);
    same("ristretto255 scalarmult_base", r[0], r[1], o[0], o[1], 32);
    r[0] = ((sm1_fn)sym(ref_lib, "crypto_core_ristretto255_scalar_invert"))(o[0], n);
    r[1] = ((sm1_fn)sym(our_lib, "crypto_core_ristretto255_scalar_invert"))(o[1], n);
    same("ristretto255 scalar_invert", r[0], r[1], o[0], o[1], 32);
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
      ((scalar2_fn)sym(ref_lib, two[i]))(o[0], n, x);
      ((scalar2_fn)sym(our_lib, two[i]))(o[1], n, x);
      same(two[i], 0, 0, o[0], o[1], 32);
    }
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
      ((scalar1_fn)sym(ref_lib, one[i]))(o[0], n);
      ((scalar1_fn)sym(our_lib, one[i]))(o[1], n);
      same(one[i], 0, 0, o[0], o[1], 32);
    }
    rnd(h, sizeof h);
    if (v == 3)
      memset(h, 0xff, sizeof h);
    ((scalar1_fn)sym(ref_lib, "crypto_core_ristretto255_scalar_reduce"))(o[0], h);
    ((scalar1_fn)sym(our_lib, "crypto_core_ristretto255_scalar_reduce"))(o[1], h);
    same("ristretto255 scalar_reduce", 0, 0, o[0], o[1], 32);
    r[0] = ((sm1_fn)sym(ref_lib, "crypto_core_ristretto255_from_hash"))(o[0], h);
    r[1] = ((sm1_fn)sym(our_lib, "crypto_core_ristretto255_from_hash"))(o[1], h);
    same("ristretto255 from_hash", r[0], r[1], o[0], o[1], 32);
  }
}

typedef int (*enc_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                      const unsigned char *, unsigned long long, const unsigned char *, const unsigned char *,
                      const unsigned char *);
typedef int (*dec_fn)(unsigned char *, unsigned long long *, unsigned char *, const unsigned char *,
                      unsigned long long, const unsigned char *, unsigned long long, const unsigned char *,
                      const unsigned char *);
typedef int (*decd_fn)(unsigned char *, unsigned char *, const unsigned char *, unsigned long long,
                       const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                       const unsigned char *);

/* One AEAD (its libsodium name prefix): encryption, decryption of the
 * genuine and a forged message, and the tag check without output. */
static void aead_round(const char *prefix)
{
  char name[96];
  unsigned char k[32], npub[24], ad[40], m[300], c[2][316], out[2][300];
  unsigned long long clen[2], mlen[2];
  size_t len, adlen;
  int r[2];
  rnd(k, sizeof k);
  rnd(npub, sizeof npub);
  rnd(ad, sizeof ad);
  rnd(m, sizeof m);
  len = m[0] % sizeof m;
  adlen = ad[0] % sizeof ad;
  snprintf(name, sizeof name, "%s_encrypt", prefix);
  r[0] = ((enc_fn)sym(ref_lib, name))(c[0], &clen[0], m, len, ad, adlen, NULL, npub, k);
  r[1] = ((enc_fn)sym(our_lib, name))(c[1], &clen[1], m, len, ad, adlen, NULL, npub, k);
  same(name, r[0], r[1], c[0], c[1], len + 16);
  same(name, 0, 0, &clen[0], &clen[1], sizeof clen[0]);
  for (int forge = 0; forge < 2; forge++) {
    if (forge)
      c[0][m[1] % (len + 16)] ^= (unsigned char)(1 << (m[2] % 8));
    snprintf(name, sizeof name, "%s_decrypt", prefix);
    memset(out, 0x77, sizeof out);
    r[0] = ((dec_fn)sym(ref_lib, name))(out[0], &mlen[0], NULL, c[0], len + 16, ad, adlen, npub, k);
    r[1] = ((dec_fn)sym(our_lib, name))(out[1], &mlen[1], NULL, c[0], len + 16, ad, adlen, npub, k);
    same(name, r[0], r[1], out[0], out[1], sizeof out[0]);
    same(name, 0, 0, &mlen[0], &mlen[1], sizeof mlen[0]);
    snprintf(name, sizeof name, "%s_decrypt_detached", prefix);
    r[0] = ((decd_fn)sym(ref_lib, name))(NULL, NULL, c[0], len, c[0] + len, ad, adlen, npub, k);
    r[1] = ((decd_fn)sym(our_lib, name))(NULL, NULL, c[0], len, c[0] + len, ad, adlen, npub, k);
    same("decrypt_detached without output", r[0], r[1], NULL, NULL, 0);
  }
}

typedef int (*xor_ic32_fn)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                           unsigned int, const unsigned char *);
typedef int (*xor_ic64_fn)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                           unsigned long long, const unsigned char *);
typedef int (*hash_fn)(unsigned char *, const unsigned char *, unsigned long long);
typedef int (*stream_fn)(unsigned char *, unsigned long long, const unsigned char *, const unsigned char *);
typedef int (*mac_fn)(unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
typedef int (*macv_fn)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);

/* The streams from a random counter, Poly1305, the hashes and HMACs with
 * their verification of a genuine and a forged MAC. */
static void symmetric_round(void)
{
  static const char *const macs[][2] = {
    {"crypto_onetimeauth_poly1305", "crypto_onetimeauth_poly1305_verify"},
    {"crypto_auth_hmacsha256", "crypto_auth_hmacsha256_verify"},
    {"crypto_auth_hmacsha512", "crypto_auth_hmacsha512_verify"},
  };
  static const size_t mac_len[] = {16, 32, 64};
  unsigned char k[32], n[24], m[500], o[2][500], t[2][64];
  unsigned int ic32;
  unsigned long long ic64;
  size_t len;
  int r[2];
  rnd(k, sizeof k);
  rnd(n, sizeof n);
  rnd(m, sizeof m);
  len = ((size_t)m[0] + m[1]) % sizeof m;
  memcpy(&ic32, m + 2, sizeof ic32);
  ic32 %= 0xfffffff0u; /* within libsodium's limit for these lengths */
  memcpy(&ic64, m + 6, sizeof ic64);
  ic64 >>= 1;
  r[0] = ((xor_ic32_fn)sym(ref_lib, "crypto_stream_chacha20_ietf_xor_ic"))(o[0], m, len, n, ic32, k);
  r[1] = ((xor_ic32_fn)sym(our_lib, "crypto_stream_chacha20_ietf_xor_ic"))(o[1], m, len, n, ic32, k);
  same("chacha20_ietf_xor_ic", r[0], r[1], o[0], o[1], len);
  r[0] = ((xor_ic64_fn)sym(ref_lib, "crypto_stream_xchacha20_xor_ic"))(o[0], m, len, n, ic64, k);
  r[1] = ((xor_ic64_fn)sym(our_lib, "crypto_stream_xchacha20_xor_ic"))(o[1], m, len, n, ic64, k);
  same("xchacha20_xor_ic", r[0], r[1], o[0], o[1], len);
  for (size_t i = 0; i < sizeof macs / sizeof macs[0]; i++) {
    r[0] = ((mac_fn)sym(ref_lib, macs[i][0]))(t[0], m, len, k);
    r[1] = ((mac_fn)sym(our_lib, macs[i][0]))(t[1], m, len, k);
    same(macs[i][0], r[0], r[1], t[0], t[1], mac_len[i]);
    if (m[3] & 1)
      t[0][m[4] % mac_len[i]] ^= 1;
    r[0] = ((macv_fn)sym(ref_lib, macs[i][1]))(t[0], m, len, k);
    r[1] = ((macv_fn)sym(our_lib, macs[i][1]))(t[0], m, len, k);
    same(macs[i][1], r[0], r[1], NULL, NULL, 0);
  }
  r[0] = ((stream_fn)sym(ref_lib, "crypto_stream_chacha20_ietf"))(o[0], len, n, k);
  r[1] = ((stream_fn)sym(our_lib, "crypto_stream_chacha20_ietf"))(o[1], len, n, k);
  same("chacha20_ietf keystream", r[0], r[1], o[0], o[1], len);
  r[0] = ((stream_fn)sym(ref_lib, "crypto_stream_xchacha20"))(o[0], len, n, k);
  r[1] = ((stream_fn)sym(our_lib, "crypto_stream_xchacha20"))(o[1], len, n, k);
  same("xchacha20 keystream", r[0], r[1], o[0], o[1], len);
  r[0] = ((hash_fn)sym(ref_lib, "crypto_hash"))(t[0], m, len);
  r[1] = ((hash_fn)sym(our_lib, "crypto_hash"))(t[1], m, len);
  same("crypto_hash", r[0], r[1], t[0], t[1], 64);
  r[0] = ((hash_fn)sym(ref_lib, "crypto_hash_sha256"))(t[0], m, len);
  r[1] = ((hash_fn)sym(our_lib, "crypto_hash_sha256"))(t[1], m, len);
  same("sha256", r[0], r[1], t[0], t[1], 32);
  r[0] = ((hash_fn)sym(ref_lib, "crypto_hash_sha512"))(t[0], m, len);
  r[1] = ((hash_fn)sym(our_lib, "crypto_hash_sha512"))(t[1], m, len);
  same("sha512", r[0], r[1], t[0], t[1], 64);
}

typedef int (*ss_init_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*ss_push_fn)(unsigned char *, unsigned char *, unsigned long long *, const unsigned char *,
                          unsigned long long, const unsigned char *, unsigned long long, unsigned char);
typedef int (*ss_pull_fn)(unsigned char *, unsigned char *, unsigned long long *, unsigned char *,
                          const unsigned char *, unsigned long long, const unsigned char *, unsigned long long);
typedef void (*ss_rekey_fn)(unsigned char *);

/* Secret streams: the same header and key give both libraries the same
 * state (init_pull; init_push differs only in drawing the header), then a
 * few messages with every tag, an explicit rekey, and pulls of genuine and
 * forged messages -- states, bytes, lengths and tags compared. */
static void secretstream_round(void)
{
  unsigned char k[32], hdr[24], ad[20], m[200], st[2][52], c[2][217], out[2][200], tag[2];
  unsigned long long len[2];
  size_t mlen;
  int r[2];
  rnd(k, sizeof k);
  rnd(hdr, sizeof hdr);
  for (int side = 0; side < 2; side++)
    ((ss_init_fn)sym(side ? our_lib : ref_lib, "crypto_secretstream_xchacha20poly1305_init_pull"))(st[side], hdr, k);
  same("secretstream init", 0, 0, st[0], st[1], sizeof st[0]);
  for (int i = 0; i < 6; i++) {
    unsigned char t;
    rnd(m, sizeof m);
    rnd(ad, sizeof ad);
    mlen = m[0] % sizeof m;
    t = (unsigned char)(m[1] % 4);
    if (i == 3) {
      ((ss_rekey_fn)sym(ref_lib, "crypto_secretstream_xchacha20poly1305_rekey"))(st[0]);
      ((ss_rekey_fn)sym(our_lib, "crypto_secretstream_xchacha20poly1305_rekey"))(st[1]);
    }
    if (i == 4) { /* the counter (state bytes 32..35) about to wrap: a rekey follows */
      memset(st[0] + 32, 0xff, 4);
      memset(st[1] + 32, 0xff, 4);
    }
    r[0] = ((ss_push_fn)sym(ref_lib, "crypto_secretstream_xchacha20poly1305_push"))(st[0], c[0], &len[0], m, mlen,
                                                                                     ad, m[2] % sizeof ad, t);
    r[1] = ((ss_push_fn)sym(our_lib, "crypto_secretstream_xchacha20poly1305_push"))(st[1], c[1], &len[1], m, mlen,
                                                                                     ad, m[2] % sizeof ad, t);
    same("secretstream push", r[0], r[1], c[0], c[1], mlen + 17);
    same("secretstream push length", 0, 0, &len[0], &len[1], sizeof len[0]);
    same("secretstream push state", 0, 0, st[0], st[1], sizeof st[0]);
  }
  /* pulls: a reader state, then the last message genuine or forged */
  for (int side = 0; side < 2; side++)
    ((ss_init_fn)sym(side ? our_lib : ref_lib, "crypto_secretstream_xchacha20poly1305_init_pull"))(st[side], hdr, k);
  rnd(m, sizeof m);
  mlen = m[0] % sizeof m;
  ((ss_push_fn)sym(ref_lib, "crypto_secretstream_xchacha20poly1305_push"))(st[0], c[0], NULL, m, mlen, NULL, 0,
                                                                           (unsigned char)(m[1] % 4));
  for (int forge = 0; forge < 2; forge++) {
    unsigned char rs[2][52];
    for (int side = 0; side < 2; side++)
      ((ss_init_fn)sym(side ? our_lib : ref_lib, "crypto_secretstream_xchacha20poly1305_init_pull"))(rs[side], hdr, k);
    if (forge)
      c[0][m[3] % (mlen + 17)] ^= 4;
    memset(out, 0x5a, sizeof out);
    tag[0] = tag[1] = 0x11;
    len[0] = len[1] = 999;
    r[0] = ((ss_pull_fn)sym(ref_lib, "crypto_secretstream_xchacha20poly1305_pull"))(rs[0], out[0], &len[0], &tag[0],
                                                                                     c[0], mlen + 17, NULL, 0);
    r[1] = ((ss_pull_fn)sym(our_lib, "crypto_secretstream_xchacha20poly1305_pull"))(rs[1], out[1], &len[1], &tag[1],
                                                                                     c[0], mlen + 17, NULL, 0);
    same("secretstream pull", r[0], r[1], out[0], out[1], sizeof out[0]);
    same("secretstream pull length", 0, 0, &len[0], &len[1], sizeof len[0]);
    same("secretstream pull tag", 0, 0, &tag[0], &tag[1], 1);
    same("secretstream pull state", 0, 0, rs[0], rs[1], sizeof rs[0]);
  }
}

/* Loads both libraries and runs the rounds. */
int main(int argc, char **argv)
{
  long rounds = argc > 2 ? atol(argv[2]) : 300;
  int (*is_available)(void);
  if (argc < 2) {
    fprintf(stderr, "usage: differential DROPIN [ITERATIONS]\n");
    return 2;
  }
  ref_lib = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
  if (ref_lib == NULL) {
    printf("SKIP: libsodium.so.23 not found\n");
    return 77;
  }
  our_lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (our_lib == NULL || ((int (*)(void))sym(ref_lib, "sodium_init"))() < 0) {
    fprintf(stderr, "differential: %s\n", dlerror());
    return 2;
  }
  is_available = (int (*)(void))sym(ref_lib, "crypto_aead_aes256gcm_is_available");
  for (long i = 0; i < rounds; i++) {
    ed25519_round();
    x25519_round();
    ristretto255_round();
    aead_round("crypto_aead_chacha20poly1305_ietf");
    aead_round("crypto_aead_xchacha20poly1305_ietf");
    if (is_available()) /* libsodium 1.0.18 has no AES-GCM without AES-NI */
      aead_round("crypto_aead_aes256gcm");
    symmetric_round();
    secretstream_round();
  }
  printf("%lu comparisons with libsodium, %lu mismatches\n", checks, failures);
  return failures == 0 && checks > 0 ? 0 : 1;
}
