/* SPDX-License-Identifier: ISC */
/* The libsodium drop-in's entry points on secret keys (tests/CT.md): the
 * drop-in's own wrapper code -- the argument shuffling, the bit-255 copies
 * of ristretto255, the verify-only scratch loops, the secret-stream copy
 * kept aside, the tag comparisons -- and the hwcrypto kernels under it,
 * every backend of this CPU. The drop-in's sources (sodium/, four files) are
 * compiled into this runner as they are: MemorySanitizer's runner cannot
 * load the uninstrumented .so, and so both methods see the same code. Its
 * random bytes come from hwcrypto here (no libsodium in the process), and
 * the random hook marks them secret, so key pairs and random scalars are
 * checked too.
 *
 * Not here: crypto_kx_*_session_keys and sign_ed25519_sk_to_curve25519
 * are libsodium's own code (the drop-in does not export them); the share
 * the drop-in runs of kx, crypto_scalarmult with the secret key and the
 * key pairs, is in the scalarmult body. Verdicts (return values of
 * decryption, verification, scalar_invert) and outputs are public, as the
 * caller sees them. */
#include <sodium.h>

#include "ct.h"

extern void (*hwc_random_hook)(uint8_t *buf, size_t len);

/* Marks every random byte the drop-in draws secret (hwc_random_bytes). */
static void secret_random(uint8_t *buf, size_t len) { ct_secret(buf, len); }

/* Whether this run's method carries taint, so that a secret can be seen. */
static int tracking(void) {
#if defined(HWC_CT_MSAN)
  return 1;
#elif defined(HWC_CT_QEMU_TRACE)
  return 0;
#else
  return RUNNING_ON_VALGRIND;
#endif
}

/* Declassifies a return value before the test looks at it. */
static int pub(int rc) {
  CT_PUBLIC(&rc, sizeof rc);
  return rc;
}

/* ---------------------------------------------------------------- AEADs */

typedef int (*enc_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                      const unsigned char *, unsigned long long, const unsigned char *, const unsigned char *,
                      const unsigned char *);
typedef int (*encd_fn)(unsigned char *, unsigned char *, unsigned long long *, const unsigned char *,
                       unsigned long long, const unsigned char *, unsigned long long, const unsigned char *,
                       const unsigned char *, const unsigned char *);
typedef int (*dec_fn)(unsigned char *, unsigned long long *, unsigned char *, const unsigned char *,
                      unsigned long long, const unsigned char *, unsigned long long, const unsigned char *,
                      const unsigned char *);
typedef int (*decd_fn)(unsigned char *, unsigned char *, const unsigned char *, unsigned long long,
                       const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                       const unsigned char *);

/* One AEAD's four entry points. */
typedef struct {
  enc_fn enc;
  encd_fn encd;
  dec_fn dec;
  decd_fn decd;
} aead;

static const aead aeads[3] = {
    {crypto_aead_chacha20poly1305_ietf_encrypt, crypto_aead_chacha20poly1305_ietf_encrypt_detached,
     crypto_aead_chacha20poly1305_ietf_decrypt, crypto_aead_chacha20poly1305_ietf_decrypt_detached},
    {crypto_aead_xchacha20poly1305_ietf_encrypt, crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
     crypto_aead_xchacha20poly1305_ietf_decrypt, crypto_aead_xchacha20poly1305_ietf_decrypt_detached},
    {crypto_aead_aes256gcm_encrypt, crypto_aead_aes256gcm_encrypt_detached, crypto_aead_aes256gcm_decrypt,
     crypto_aead_aes256gcm_decrypt_detached},
};

/* Key and message secret: encrypt (combined, detached, in place), decrypt
 * with the right and a wrong tag, the tag check alone (m NULL). arg: the
 * aead. Lengths reach the one-block, multi-block and scratch-loop paths
 * (the verify-only loop works in 1 KiB pieces). */
static void ct_aead_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl;
  const aead *a = arg;
  static const size_t lens[] = {0, 77, 1100};
  static uint8_t msg[1100], c[1100 + 16], back[1100 + 16];
  uint8_t key[32], npub[24], ad[20], mac[16];
  unsigned long long clen, mlen;
  t_rand_bytes(npub, sizeof npub);
  t_rand_bytes(ad, sizeof ad);
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    size_t len = lens[i];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, len);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, len);
    CHECK(pub(a->enc(c, &clen, msg, len, ad, sizeof ad, NULL, npub, key)) == 0);
    CHECK(pub(a->encd(c, mac, NULL, msg, len, ad, sizeof ad, NULL, npub, key)) == 0);
    memcpy(back, msg, len);
    CHECK(pub(a->enc(back, &clen, back, len, ad, sizeof ad, NULL, npub, key)) == 0); /* in place */
    CT_PUBLIC(c, len + 16);
    CT_PUBLIC(mac, sizeof mac);
    for (int wrong = 0; wrong < 2; wrong++) {
      c[len] ^= (uint8_t)wrong; /* the combined tag's first byte */
      CHECK(pub(a->dec(back, &mlen, NULL, c, len + 16, ad, sizeof ad, npub, key)) == -wrong);
      CT_PUBLIC(&mlen, sizeof mlen);
      CHECK(pub(a->decd(NULL, NULL, c, len, c + len, ad, sizeof ad, npub, key)) == -wrong);
      CHECK(pub(a->decd(back, NULL, c, len, c + len, ad, sizeof ad, npub, key)) == -wrong);
      c[len] ^= (uint8_t)wrong;
    }
    CT_PUBLIC(back, sizeof back);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, len);
  }
}

/* Runs body over every backend of the parts (each with the pair's
 * "separate" entry selected, so the parts' own kernels run) and then of
 * the fused pair. */
static void parts_then_pair(hwc_prim a, hwc_prim b, hwc_prim pair, const char *what, t_impl_body body,
                            const void *arg) {
  const char *def = hwc_impl_selected(pair);
  CHECK(hwc_impl_select(pair, "separate") == HWC_OK);
  ct_for_each_impl(a, what, body, (void *)arg);
  ct_for_each_impl(b, what, body, (void *)arg);
  CHECK(hwc_impl_select(pair, def) == HWC_OK);
  ct_for_each_impl(pair, what, body, (void *)arg);
}

HWC_TEST(ct, sodium_chacha20poly1305) {
  const char *what = "sodium aead (x)chacha20poly1305_ietf: encrypt, detached, in place, decrypt, verify-only";
  for (int x = 0; x < 2; x++)
    parts_then_pair(HWC_PRIM_CHACHA20, HWC_PRIM_POLY1305, HWC_PRIM_CHACHA20_POLY1305, what, ct_aead_body, &aeads[x]);
}

HWC_TEST(ct, sodium_aes256gcm) {
  parts_then_pair(HWC_PRIM_AES, HWC_PRIM_GHASH, HWC_PRIM_AES_GCM,
                  "sodium aead aes256gcm: encrypt, detached, in place, decrypt, verify-only", ct_aead_body, &aeads[2]);
}

/* ------------------------------------------------- streams, Poly1305 */

/* ChaCha20-IETF and XChaCha20 keystream, xor, xor_ic (counters near their
 * ends), key and message secret. */
static void ct_stream_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  static uint8_t msg[300], out[300];
  uint8_t key[32], n[24];
  t_rand_bytes(n, sizeof n);
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(msg, sizeof msg);
  CT_SECRET(key, sizeof key);
  CT_SECRET(msg, sizeof msg);
  CHECK(pub(crypto_stream_chacha20_ietf(out, sizeof out, n, key)) == 0);
  CHECK(pub(crypto_stream_chacha20_ietf_xor(out, msg, sizeof msg, n, key)) == 0);
  CHECK(pub(crypto_stream_chacha20_ietf_xor_ic(out, msg, sizeof msg, n, 0xfffffff0u, key)) == 0);
  CHECK(pub(crypto_stream_xchacha20(out, sizeof out, n, key)) == 0);
  CHECK(pub(crypto_stream_xchacha20_xor(out, msg, sizeof msg, n, key)) == 0);
  CHECK(pub(crypto_stream_xchacha20_xor_ic(out, msg, sizeof msg, n, 0xfffffffeull, key)) == 0);
  CHECK(pub(crypto_stream_xchacha20_xor_ic(out, out, sizeof msg, n, ~0ull - 10, key)) == 0); /* in place */
  CT_PUBLIC(out, sizeof out);
  CT_PUBLIC(key, sizeof key);
  CT_PUBLIC(msg, sizeof msg);
}

HWC_TEST(ct, sodium_stream) {
  ct_for_each_impl(HWC_PRIM_CHACHA20, "sodium stream chacha20_ietf, xchacha20: keystream, xor, xor_ic", ct_stream_body,
                   NULL);
}

/* One-shot Poly1305 and its verification (right and wrong tag) under both
 * names, key and message secret. */
static void ct_poly_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  static uint8_t msg[600];
  uint8_t key[32], tag[16];
  static const size_t lens[] = {0, 15, 600};
  for (size_t i = 0; i < 3; i++) {
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, sizeof msg);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, sizeof msg);
    CHECK(pub(crypto_onetimeauth_poly1305(tag, msg, lens[i], key)) == 0);
    CHECK(pub(crypto_onetimeauth(tag, msg, lens[i], key)) == 0);
    CT_PUBLIC(tag, sizeof tag);
    CHECK(pub(crypto_onetimeauth_poly1305_verify(tag, msg, lens[i], key)) == 0);
    tag[i] ^= 1;
    CHECK(pub(crypto_onetimeauth_verify(tag, msg, lens[i], key)) == -1);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, sizeof msg);
  }
}

HWC_TEST(ct, sodium_onetimeauth) {
  ct_for_each_impl(HWC_PRIM_POLY1305, "sodium onetimeauth(_poly1305)(_verify)", ct_poly_body, NULL);
}

/* ------------------------------------------------- X25519 and key pairs */

/* crypto_scalarmult(_curve25519)(_base) with a secret scalar, the box key
 * pairs (secret seed; secret random bytes), and the drop-in's share of
 * crypto_kx_*_session_keys: a kx key pair and the shared point of the
 * secret key with the peer's public key. */
static void ct_x25519_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  uint8_t n[32], u[32], q[32], seed[32], pk[32], sk[32], peer_pk[32], peer_sk[32];
  t_rand_bytes(n, 32);
  t_rand_bytes(u, 32);
  t_rand_bytes(seed, 32);
  t_rand_bytes(peer_sk, 32);
  CHECK(crypto_scalarmult_base(peer_pk, peer_sk) == 0); /* public, before any secret */
  CT_SECRET(n, 32);
  CHECK(pub(crypto_scalarmult(q, n, u)) == 0);
  CHECK(pub(crypto_scalarmult_curve25519(q, n, u)) == 0);
  CHECK(pub(crypto_scalarmult_base(q, n)) == 0);
  CHECK(pub(crypto_scalarmult_curve25519_base(q, n)) == 0);
  CT_PUBLIC(q, 32);
  CT_SECRET(seed, 32);
  CHECK(pub(crypto_box_seed_keypair(pk, sk, seed)) == 0);
  CHECK(pub(crypto_box_curve25519xsalsa20poly1305_seed_keypair(pk, sk, seed)) == 0);
  hwc_random_hook = secret_random;
  CHECK(pub(crypto_box_keypair(pk, sk)) == 0); /* = crypto_kx_keypair's */
  CHECK(pub(crypto_box_curve25519xsalsa20poly1305_keypair(pk, sk)) == 0);
  hwc_random_hook = NULL;
  /* the random bytes came through the hook (hwcrypto's generator) */
  CHECK_MSG(!tracking() || ct_is_secret(sk, 32), "box_keypair: sk is not secret");
  CHECK(pub(crypto_scalarmult(q, sk, peer_pk)) == 0); /* kx: q = sk * peer's pk */
  CT_PUBLIC(q, 32);
  CT_PUBLIC(pk, 32);
  CT_PUBLIC(sk, 32);
  CT_PUBLIC(n, 32);
  CT_PUBLIC(seed, 32);
}

HWC_TEST(ct, sodium_scalarmult) {
  ct_for_each_impl(HWC_PRIM_FE25519, "sodium scalarmult(_base), box (seed_)keypair, kx's scalarmult", ct_x25519_body,
                   NULL);
}

/* ---------------------------------------------------------------- Ed25519 */

/* Key pairs from a secret seed and from secret random bytes, signing
 * (detached, combined, m at sm + 64) with the secret key, sk_to_seed and
 * sk_to_pk. The secret key keeps its structure (seed || pk). */
static void ct_sign_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  uint8_t seed[32], pk[32], sk[64], sig[64], msg[100], sm[164], out[32];
  unsigned long long len;
  t_rand_bytes(seed, 32);
  t_rand_bytes(msg, sizeof msg);
  CT_SECRET(seed, 32);
  CHECK(pub(crypto_sign_ed25519_seed_keypair(pk, sk, seed)) == 0);
  CHECK(pub(crypto_sign_seed_keypair(pk, sk, seed)) == 0);
  CT_SECRET_KEEP(sk, 64);
  CHECK(pub(crypto_sign_ed25519_detached(sig, &len, msg, sizeof msg, sk)) == 0);
  CHECK(pub(crypto_sign_detached(sig, NULL, msg, sizeof msg, sk)) == 0);
  CHECK(pub(crypto_sign_ed25519(sm, &len, msg, sizeof msg, sk)) == 0);
  memcpy(sm + 64, msg, sizeof msg);
  CHECK(pub(crypto_sign(sm, &len, sm + 64, sizeof msg, sk)) == 0);
  CHECK(pub(crypto_sign_ed25519_sk_to_seed(out, sk)) == 0);
  CHECK(pub(crypto_sign_ed25519_sk_to_pk(out, sk)) == 0);
  CT_PUBLIC(sig, 64);
  CT_PUBLIC(sm, sizeof sm);
  CT_PUBLIC(pk, 32);
  hwc_random_hook = secret_random;
  CHECK(pub(crypto_sign_keypair(pk, sk)) == 0);
  CHECK(pub(crypto_sign_ed25519_keypair(pk, sk)) == 0);
  hwc_random_hook = NULL;
  CT_PUBLIC(pk, 32);
  ct_declassified_begin(); /* verification is variable time on public values */
  CT_PUBLIC(sm, sizeof sm);
  int ok = crypto_sign_verify_detached(sm, msg, sizeof msg, pk) != 0; /* pk is another key's now */
  ct_declassified_end();
  CHECK(ok);
  CT_PUBLIC(sk, 64);
  CT_PUBLIC(seed, 32);
  CT_PUBLIC(out, 32);
}

HWC_TEST(ct, sodium_sign) {
  const char *what = "sodium sign_ed25519 (seed_)keypair, detached, combined, sk_to_seed/pk";
  ct_for_each_impl(HWC_PRIM_FE25519, what, ct_sign_body, NULL);
  ct_for_each_impl(HWC_PRIM_SHA512, what, ct_sign_body, NULL);
}

/* ------------------------------------------------------------ ristretto255 */

/* Scalar multiplication by a secret scalar (bit 255 set too: the drop-in
 * and libsodium ignore it), the hash-to-group map of a secret input, every
 * scalar function on secret scalars, and the random element and scalar
 * from secret random bytes. */
static void ct_r255_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  uint8_t n[32], x[32], y[32], z[32], h[64], wide[64], P[32], q[32];
  t_rand_bytes(h, 64);
  CHECK(crypto_core_ristretto255_from_hash(P, h) == 0); /* a public element */
  t_rand_bytes(n, 32);
  t_rand_bytes(x, 32);
  t_rand_bytes(y, 32);
  t_rand_bytes(wide, 64);
  n[31] |= 0x80;
  CT_SECRET(n, 32);
  CT_SECRET(x, 32);
  CT_SECRET(y, 32);
  CT_SECRET(h, 64);
  CT_SECRET(wide, 64);
  CHECK(pub(crypto_scalarmult_ristretto255(q, n, P)) == 0);
  CHECK(pub(crypto_scalarmult_ristretto255_base(q, n)) == 0);
  CHECK(pub(crypto_core_ristretto255_from_hash(q, h)) == 0);
  CT_PUBLIC(q, 32);
  CHECK(pub(crypto_core_ristretto255_scalar_invert(z, x)) == 0);
  crypto_core_ristretto255_scalar_negate(z, x);
  crypto_core_ristretto255_scalar_complement(z, x);
  crypto_core_ristretto255_scalar_add(z, x, y);
  crypto_core_ristretto255_scalar_sub(z, x, y);
  crypto_core_ristretto255_scalar_mul(z, x, y);
  crypto_core_ristretto255_scalar_reduce(z, wide);
  hwc_random_hook = secret_random;
  crypto_core_ristretto255_random(q);
  crypto_core_ristretto255_scalar_random(z);
  hwc_random_hook = NULL;
  CT_PUBLIC(q, 32);
  CT_PUBLIC(z, 32);
  CT_PUBLIC(n, 32);
  CT_PUBLIC(x, 32);
  CT_PUBLIC(y, 32);
  CT_PUBLIC(h, 64);
  CT_PUBLIC(wide, 64);
}

HWC_TEST(ct, sodium_ristretto255) {
  ct_for_each_impl(HWC_PRIM_FE25519, "sodium scalarmult_ristretto255(_base), core_ristretto255 from_hash, "
                   "random, scalar_*", ct_r255_body, NULL);
}

/* ------------------------------------------------------------------- HMAC */

/* HMAC-SHA-256/512 and their verification (right and wrong MAC), key and
 * message secret. arg: 0 for SHA-256, 1 for SHA-512. */
static void ct_hmac_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl;
  int w = arg != NULL;
  static uint8_t msg[300];
  uint8_t key[32], mac[64];
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(msg, sizeof msg);
  CT_SECRET(key, sizeof key);
  CT_SECRET(msg, sizeof msg);
  CHECK(pub(w ? crypto_auth_hmacsha512(mac, msg, sizeof msg, key) : crypto_auth_hmacsha256(mac, msg, sizeof msg, key))
        == 0);
  CT_PUBLIC(mac, sizeof mac);
  for (int wrong = 0; wrong < 2; wrong++) {
    mac[7] ^= (uint8_t)wrong;
    int rc = w ? crypto_auth_hmacsha512_verify(mac, msg, sizeof msg, key)
               : crypto_auth_hmacsha256_verify(mac, msg, sizeof msg, key);
    CHECK(pub(rc) == -wrong);
    mac[7] ^= (uint8_t)wrong;
  }
  CT_PUBLIC(key, sizeof key);
  CT_PUBLIC(msg, sizeof msg);
}

HWC_TEST(ct, sodium_hmac) {
  ct_for_each_impl(HWC_PRIM_SHA256, "sodium auth_hmacsha256(_verify)", ct_hmac_body, NULL);
  ct_for_each_impl(HWC_PRIM_SHA512, "sodium auth_hmacsha512(_verify)", ct_hmac_body, (void *)1);
}

/* ---------------------------------------------------------- secret streams */

/* A stream under a secret key (and secret random header bytes): init_push,
 * push of secret messages with each tag, rekey, then init_pull and pull of
 * each message, one forged, one longer than the drop-in's 1 KiB copy kept
 * aside. Verdicts, tags and lengths are public. */
static void ct_ss_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)impl, (void)arg;
  static uint8_t msg[1500], c[4][1500 + 17], back[1500];
  static const size_t lens[4] = {0, 100, 1500, 33};
  crypto_secretstream_xchacha20poly1305_state st;
  uint8_t key[32], hdr[24], tag;
  unsigned long long clen[4], mlen;
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(msg, sizeof msg);
  CT_SECRET(key, sizeof key);
  CT_SECRET(msg, sizeof msg);
  hwc_random_hook = secret_random;
  CHECK(pub(crypto_secretstream_xchacha20poly1305_init_push(&st, hdr, key)) == 0);
  hwc_random_hook = NULL;
  CT_PUBLIC(hdr, sizeof hdr); /* sent in the clear */
  for (int i = 0; i < 4; i++) {
    CHECK(pub(crypto_secretstream_xchacha20poly1305_push(&st, c[i], &clen[i], msg, lens[i], NULL, 0, (uint8_t)i)) == 0);
    if (i == 1) crypto_secretstream_xchacha20poly1305_rekey(&st);
  }
  CT_PUBLIC(c, sizeof c);
  CT_PUBLIC(clen, sizeof clen);
  CHECK(pub(crypto_secretstream_xchacha20poly1305_init_pull(&st, hdr, key)) == 0);
  for (int i = 0; i < 4; i++) {
    if (i == 3) c[3][20] ^= 1; /* forged */
    int rc = crypto_secretstream_xchacha20poly1305_pull(&st, back, &mlen, &tag, c[i], clen[i], NULL, 0);
    CHECK(pub(rc) == (i == 3 ? -1 : 0));
    CT_PUBLIC(&tag, 1);
    CT_PUBLIC(&mlen, sizeof mlen);
    CHECK(i == 3 || (tag == i && mlen == lens[i]));
    if (i == 1) crypto_secretstream_xchacha20poly1305_rekey(&st);
  }
  CT_PUBLIC(&st, sizeof st);
  CT_PUBLIC(back, sizeof back);
  CT_PUBLIC(key, sizeof key);
  CT_PUBLIC(msg, sizeof msg);
}

HWC_TEST(ct, sodium_secretstream) {
  parts_then_pair(HWC_PRIM_CHACHA20, HWC_PRIM_POLY1305, HWC_PRIM_CHACHA20_POLY1305,
                  "sodium secretstream init_push/pull, push, pull, rekey", ct_ss_body, NULL);
}
