/* SPDX-License-Identifier: ISC */
/*
 * libsodium (libsodium.so.23, loaded with dlopen, never linked and no
 * header needed) as a peer of hwcrypto's rows: each row below does the
 * operation of the hwcrypto row of the same name, on the same bytes and
 * sizes, with libsodium's one-shot functions, the way applications call
 * them. The inputs (keys, nonces, counters, message offsets) are those of
 * bench_chacha.c, bench_sha2.c, bench_hmac.c, bench_aes.c,
 * bench_x25519.c, bench_ed25519.c and bench_secretstream.c. Three choices
 * keep the work equal:
 *
 * - chacha20 uses crypto_stream_chacha20_ietf_xor_ic with block counter 1,
 *   as our row starts at block 1 (plain _xor starts at 0: same cost,
 *   other bytes).
 * - aes-256-gcm-encrypt expands the key once (crypto_aead_aes256gcm_beforenm)
 *   and seals per message with _encrypt_afternm, as our row keeps an
 *   expanded key; it is offered only when crypto_aead_aes256gcm_is_available.
 * - secretstream-push/-pull start each run from the state init_pull made
 *   from the fixed header (init_push would draw a random one), as ours do,
 *   and stream len bytes as messages of 64 KiB.
 *
 * A row is offered only when every function it calls resolved. Outputs go
 * where our row of the same name writes its own, and setup data stays in
 * the row's state, never in io->in or io->out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peers.h"

#include "peer_common.h"

/* ---------------------------------------------- libsodium 1.0.18 subset */

typedef unsigned char uc;
typedef unsigned long long ull;

/* X(return type, name, parameters): every libsodium function used, as
 * documented at doc.libsodium.org (the section is named per line). */
#define SODIUM_FUNCS(X)                                                                        \
  X(int, sodium_init, (void))                                       /* Usage */                \
  X(const char *, sodium_version_string, (void))                    /* Usage */                \
  X(int, crypto_aead_chacha20poly1305_ietf_encrypt,                 /* IETF ChaCha20-Poly1305 */ \
    (uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *, const uc *))       \
  X(int, crypto_aead_xchacha20poly1305_ietf_encrypt,                /* XChaCha20-Poly1305 */   \
    (uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *, const uc *))       \
  X(int, crypto_aead_aes256gcm_is_available, (void))                /* AES256-GCM */           \
  X(size_t, crypto_aead_aes256gcm_statebytes, (void))               /* AES256-GCM */           \
  X(int, crypto_aead_aes256gcm_beforenm, (void *, const uc *))      /* AES256-GCM precomputation */ \
  X(int, crypto_aead_aes256gcm_encrypt_afternm,                                                \
    (uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *, const void *))     \
  X(int, crypto_stream_chacha20_ietf_xor_ic,                        /* ChaCha20 */             \
    (uc *, const uc *, ull, const uc *, uint32_t, const uc *))                                 \
  X(int, crypto_onetimeauth_poly1305, (uc *, const uc *, ull, const uc *)) /* Poly1305 */      \
  X(int, crypto_hash_sha256, (uc *, const uc *, ull))               /* SHA-2 */                \
  X(int, crypto_hash_sha512, (uc *, const uc *, ull))               /* SHA-2 */                \
  X(int, crypto_auth_hmacsha256, (uc *, const uc *, ull, const uc *)) /* HMAC-SHA-2 */         \
  X(int, crypto_auth_hmacsha512, (uc *, const uc *, ull, const uc *)) /* HMAC-SHA-2 */         \
  X(int, crypto_scalarmult, (uc *, const uc *, const uc *))         /* Point*scalar mult. */   \
  X(int, crypto_scalarmult_base, (uc *, const uc *))                /* Point*scalar mult. */   \
  X(int, crypto_box_keypair, (uc *, uc *))                          /* Authenticated enc. */   \
  X(int, crypto_sign_seed_keypair, (uc *, uc *, const uc *))        /* Public-key signatures */ \
  X(int, crypto_sign_detached, (uc *, ull *, const uc *, ull, const uc *))                     \
  X(int, crypto_sign_verify_detached, (const uc *, const uc *, ull, const uc *))               \
  X(int, crypto_core_ristretto255_from_hash, (uc *, const uc *))    /* Ristretto */            \
  X(int, crypto_scalarmult_ristretto255, (uc *, const uc *, const uc *))                       \
  X(void, crypto_core_ristretto255_scalar_random, (uc *))                                      \
  X(void, crypto_core_ristretto255_scalar_add, (uc *, const uc *, const uc *))                 \
  X(void, crypto_core_ristretto255_scalar_sub, (uc *, const uc *, const uc *))                 \
  X(void, crypto_core_ristretto255_scalar_mul, (uc *, const uc *, const uc *))                 \
  X(void, crypto_core_ristretto255_scalar_complement, (uc *, const uc *))                      \
  X(int, crypto_core_ristretto255_scalar_invert, (uc *, const uc *))                           \
  X(void, crypto_core_ristretto255_scalar_negate, (uc *, const uc *))                          \
  X(void, crypto_core_ristretto255_scalar_reduce, (uc *, const uc *))                          \
  X(void, randombytes_buf, (void *, size_t))                        /* Generating random data */ \
  X(size_t, crypto_secretstream_xchacha20poly1305_statebytes, (void)) /* Encrypted streams */  \
  X(int, crypto_secretstream_xchacha20poly1305_init_pull, (void *, const uc *, const uc *))    \
  X(int, crypto_secretstream_xchacha20poly1305_push,                                           \
    (void *, uc *, ull *, const uc *, ull, const uc *, ull, uc))                               \
  X(int, crypto_secretstream_xchacha20poly1305_pull,                                           \
    (void *, uc *, ull *, uc *, const uc *, ull, const uc *, ull))

#define SODIUM_MEMBER(ret, name, params) ret(*name) params;
typedef struct {
  SODIUM_FUNCS(SODIUM_MEMBER)
} sodium_api;
#undef SODIUM_MEMBER

static sodium_api S; /* the resolved functions; NULL where absent */

#define SODIUM_SYM(ret, name, params) {#name, offsetof(sodium_api, name)},
static const bench_peer_sym sodium_syms[] = {SODIUM_FUNCS(SODIUM_SYM)};
#undef SODIUM_SYM

/* ------------------------------------------------------- shared inputs */

/* The same constants as our rows (bench_chacha.c, bench_hmac.c, bench_aes.c). */
static const uint8_t chacha_key[32] = {1, 2, 3}, chacha_nonce[24] = {4, 5, 6};
static const uint8_t mac_key[32] = {0x42};
static const uint8_t aes_key[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                    0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                    0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static const uint8_t gcm_nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};

/* ---------------------------------------------------------- bulk rows */

/* ChaCha20-Poly1305 (IETF, 12-byte nonce), no AAD: ciphertext then tag. */
static void run_aead(bench_io *io, size_t len) {
  ull n;
  if (S.crypto_aead_chacha20poly1305_ietf_encrypt(io->out, &n, io->in, len, NULL, 0, NULL, chacha_nonce,
                                                  chacha_key) != 0)
    abort();
}

/* XChaCha20-Poly1305 (24-byte nonce), no AAD: ciphertext then tag. */
static void run_xaead(bench_io *io, size_t len) {
  ull n;
  if (S.crypto_aead_xchacha20poly1305_ietf_encrypt(io->out, &n, io->in, len, NULL, 0, NULL, chacha_nonce,
                                                   chacha_key) != 0)
    abort();
}

/* The expanded AES-256-GCM key (crypto_aead_aes256gcm_state, 16-byte
 * aligned, crypto_aead_aes256gcm_statebytes() long). */
static int setup_gcm(bench_io *io) {
  size_t n = (S.crypto_aead_aes256gcm_statebytes() + 63) & ~(size_t)63;
  void *st = aligned_alloc(64, n);
  io->state = st;
  if (!st) return HWC_ERR_NOMEM;
  return S.crypto_aead_aes256gcm_beforenm(st, aes_key) == 0 ? HWC_OK : HWC_ERR_UNSUPPORTED;
}

/* Frees what a setup stored in io->state with one allocation. */
static void teardown_free(bench_io *io) {
  free(io->state);
  io->state = NULL;
}

/* AES-256-GCM, 12-byte nonce, no AAD: ciphertext then tag. */
static void run_gcm(bench_io *io, size_t len) {
  ull n;
  if (S.crypto_aead_aes256gcm_encrypt_afternm(io->out, &n, io->in, len, NULL, 0, NULL, gcm_nonce, io->state) != 0)
    abort();
}

/* ChaCha20 keystream from block 1 XORed into io->in. */
static void run_chacha20(bench_io *io, size_t len) {
  if (S.crypto_stream_chacha20_ietf_xor_ic(io->out, io->in, len, chacha_nonce, 1, chacha_key) != 0) abort();
}

/* Poly1305 tag of io->in under the 32-byte one-time key. */
static void run_poly1305(bench_io *io, size_t len) {
  (void)S.crypto_onetimeauth_poly1305(io->out, io->in, len, chacha_key);
}

/* One-shot SHA-256 / SHA-512. */
static void run_sha256(bench_io *io, size_t len) { (void)S.crypto_hash_sha256(io->out, io->in, len); }
static void run_sha512(bench_io *io, size_t len) { (void)S.crypto_hash_sha512(io->out, io->in, len); }

/* One-shot HMAC under the 32-byte key of bench_hmac.c (libsodium's
 * crypto_auth_hmacsha256/512 take exactly 32-byte keys, so the MACs are
 * the same; hmacsha512 gives all 64 bytes). */
static void run_hmac_sha256(bench_io *io, size_t len) {
  (void)S.crypto_auth_hmacsha256(io->out, io->in, len, mac_key);
}
static void run_hmac_sha512(bench_io *io, size_t len) {
  (void)S.crypto_auth_hmacsha512(io->out, io->in, len, mac_key);
}

/* -------------------------------------------------- secret streams */

/* As bench_secretstream.c: messages of 64 KiB, the state every run starts
 * from (crypto_secretstream_xchacha20poly1305_state: 52 bytes, checked
 * against statebytes) and, for pull, the ciphertext of every size. */
#define SS_CHUNK 65536
static const size_t ss_sizes[BENCH_NSIZES] = BENCH_SIZES;
typedef struct {
  uc k[32], nonce[12], pad[8];
} sodium_ss;
typedef struct {
  sodium_ss start;
  uc *ct[BENCH_NSIZES];
} sodium_ss_state;

/* Pushes len bytes of in as 64 KiB messages from *st into out (each into
 * out, or one after the other when keep is set). 0 or -1. */
static int ss_push_stream(sodium_ss *st, uc *out, const uc *in, size_t len, int keep) {
  size_t done = 0;
  do {
    size_t n = len - done < SS_CHUNK ? len - done : SS_CHUNK;
    ull c_len;
    if (S.crypto_secretstream_xchacha20poly1305_push(st, out, &c_len, in + done, n, NULL, 0, 0) != 0) return -1;
    if (keep) out += c_len;
    done += n;
  } while (done < len);
  return 0;
}

static int setup_ss(bench_io *io, int pull) {
  sodium_ss_state *s = calloc(1, sizeof *s);
  io->state = s;
  if (!s) return HWC_ERR_NOMEM;
  if (S.crypto_secretstream_xchacha20poly1305_statebytes() != sizeof(sodium_ss) ||
      S.crypto_secretstream_xchacha20poly1305_init_pull(&s->start, chacha_nonce, chacha_key) != 0)
    return HWC_ERR_UNSUPPORTED;
  for (size_t i = 0; pull && i < BENCH_NSIZES; i++) {
    size_t msgs = ss_sizes[i] <= SS_CHUNK ? 1 : (ss_sizes[i] + SS_CHUNK - 1) / SS_CHUNK;
    sodium_ss st = s->start;
    if (!(s->ct[i] = malloc(ss_sizes[i] + 17 * msgs))) return HWC_ERR_NOMEM;
    if (ss_push_stream(&st, s->ct[i], io->in, ss_sizes[i], 1) != 0) return HWC_ERR_UNSUPPORTED;
  }
  return HWC_OK;
}

static int setup_ss_push(bench_io *io) { return setup_ss(io, 0); }
static int setup_ss_pull(bench_io *io) { return setup_ss(io, 1); }

static void teardown_ss(bench_io *io) {
  sodium_ss_state *s = io->state;
  if (!s) return;
  for (size_t i = 0; i < BENCH_NSIZES; i++) free(s->ct[i]);
  free(s);
  io->state = NULL;
}

/* len bytes pushed as 64 KiB messages, each into io->out. */
static void run_ss_push(bench_io *io, size_t len) {
  sodium_ss_state *s = io->state;
  sodium_ss st = s->start;
  if (ss_push_stream(&st, io->out, io->in, len, 0) != 0) abort();
}

/* The set-up stream of len bytes pulled message by message into io->out. */
static void run_ss_pull(bench_io *io, size_t len) {
  sodium_ss_state *s = io->state;
  sodium_ss st = s->start;
  size_t i = 0;
  while (i < BENCH_NSIZES - 1 && ss_sizes[i] != len) i++;
  const uc *c = s->ct[i];
  size_t done = 0;
  do {
    size_t n = len - done < SS_CHUNK ? len - done : SS_CHUNK;
    ull m_len;
    uc tag;
    if (S.crypto_secretstream_xchacha20poly1305_pull(&st, io->out, &m_len, &tag, c, n + 17, NULL, 0) != 0) abort();
    c += n + 17;
    done += n;
  } while (done < len);
}

/* -------------------------------------------------- public-key rows */

typedef struct {
  uint8_t pub[32];      /* x25519: the peer's public key */
  uint8_t pk[32];       /* ed25519 */
  uint8_t sk[64];
  uint8_t msg[64];
  uint8_t sig[64];
  uint8_t point[32];    /* ristretto255 element */
  uint8_t scalar[32];
} sodium_pk_state;

/* A zeroed sodium_pk_state in io->state, or NULL. */
static sodium_pk_state *new_pk_state(bench_io *io) {
  sodium_pk_state *st = calloc(1, sizeof *st);
  io->state = st;
  return st;
}

/* X25519 as bench_x25519.c: scalar io->in[0..31], peer public key that of
 * the scalar io->in[64..95]. */
static int setup_x25519(bench_io *io) {
  sodium_pk_state *st = new_pk_state(io);
  if (!st) return HWC_ERR_NOMEM;
  return S.crypto_scalarmult_base(st->pub, io->in + 64) == 0 ? HWC_OK : HWC_ERR_UNSUPPORTED;
}

/* One X25519 shared secret. */
static void run_x25519(bench_io *io, size_t len) {
  (void)len;
  sodium_pk_state *st = io->state;
  if (S.crypto_scalarmult(io->out, io->in, st->pub) != 0) abort();
}

/* The X25519 public key of the scalar io->in[0..31]. */
static void run_x25519_base(bench_io *io, size_t len) {
  (void)len;
  if (S.crypto_scalarmult_base(io->out, io->in) != 0) abort();
}

/* Ed25519 as bench_ed25519.c: keys from the seed io->in[0..31], message
 * io->in[32..95], one signature made here for verification. */
static int setup_ed25519(bench_io *io) {
  sodium_pk_state *st = new_pk_state(io);
  if (!st) return HWC_ERR_NOMEM;
  memcpy(st->msg, io->in + 32, sizeof st->msg);
  if (S.crypto_sign_seed_keypair(st->pk, st->sk, io->in) != 0 ||
      S.crypto_sign_detached(st->sig, NULL, st->msg, sizeof st->msg, st->sk) != 0)
    return HWC_ERR_UNSUPPORTED;
  return HWC_OK;
}

/* One detached signature into io->out + 256, where our row writes its own. */
static void run_sign(bench_io *io, size_t len) {
  (void)len;
  sodium_pk_state *st = io->state;
  if (S.crypto_sign_detached(io->out + 256, NULL, st->msg, sizeof st->msg, st->sk) != 0) abort();
}

/* Verifies setup's signature; it must be valid. */
static void run_verify(bench_io *io, size_t len) {
  (void)len;
  sodium_pk_state *st = io->state;
  if (S.crypto_sign_verify_detached(st->sig, st->msg, sizeof st->msg, st->pk) != 0) abort();
}

/* ristretto255-scalarmult as bench_ed25519.c: the element of the 64 bytes
 * io->in[96..159] times the scalar io->in[160..191]. */
static int setup_ristretto(bench_io *io) {
  sodium_pk_state *st = new_pk_state(io);
  if (!st) return HWC_ERR_NOMEM;
  memcpy(st->scalar, io->in + 160, 32);
  return S.crypto_core_ristretto255_from_hash(st->point, io->in + 96) == 0 ? HWC_OK : HWC_ERR_UNSUPPORTED;
}

/* One ristretto255 scalar multiplication into io->out + 256. */
static void run_ristretto(bench_io *io, size_t len) {
  (void)len;
  sodium_pk_state *st = io->state;
  (void)S.crypto_scalarmult_ristretto255(io->out + 256, st->scalar, st->point);
}

/* Frees a sodium_pk_state. */
static void teardown_pk(bench_io *io) {
  free(io->state);
  io->state = NULL;
}

/* One iteration of the sodium-loop scenario, as bench_ed25519.c's: two
 * random scalars p, q; r = p + q; p = r - q; z = p q; complement(p);
 * invert(p); negate(p); reduce(64 random bytes); two X25519 key pairs;
 * both X25519 shared secrets. */
static void run_sodium_loop(bench_io *io, size_t len) {
  (void)len;
  uint8_t p[32], q[32], r[32], z[32], c[32], inv[32], neg[32], wide[64], red[32];
  uint8_t a_pk[32], a_sk[32], b_pk[32], b_sk[32], s1[32], s2[32];
  S.crypto_core_ristretto255_scalar_random(p);
  S.crypto_core_ristretto255_scalar_random(q);
  S.crypto_core_ristretto255_scalar_add(r, p, q);
  S.crypto_core_ristretto255_scalar_sub(p, r, q);
  S.crypto_core_ristretto255_scalar_mul(z, p, q);
  S.crypto_core_ristretto255_scalar_complement(c, p);
  (void)S.crypto_core_ristretto255_scalar_invert(inv, p);
  S.crypto_core_ristretto255_scalar_negate(neg, p);
  S.randombytes_buf(wide, sizeof wide);
  S.crypto_core_ristretto255_scalar_reduce(red, wide);
  if (S.crypto_box_keypair(a_pk, a_sk) != 0 || S.crypto_box_keypair(b_pk, b_sk) != 0) abort();
  (void)S.crypto_scalarmult(s1, a_sk, b_pk);
  (void)S.crypto_scalarmult(s2, b_sk, a_pk);
  /* keep the results alive */
  io->out[256] = (uint8_t)(z[0] ^ c[0] ^ inv[0] ^ neg[0] ^ red[0] ^ s1[0] ^ s2[0]);
}

/* ---------------------------------------------------------------- rows */

/* A candidate row and the functions it calls (space-separated names). */
typedef struct {
  bench_row row;
  const char *needs;
} sodium_candidate;

#define BULK(name, prim, setup, run, teardown) {name, HWC_PRIM_##prim, BENCH_BULK, setup, run, teardown}
#define OP(name, prim, setup, run, teardown) {name, HWC_PRIM_##prim, BENCH_OP, setup, run, teardown}
static const sodium_candidate candidates[] = {
    {BULK("chacha20", CHACHA20, NULL, run_chacha20, NULL), "crypto_stream_chacha20_ietf_xor_ic"},
    {BULK("poly1305", POLY1305, NULL, run_poly1305, NULL), "crypto_onetimeauth_poly1305"},
    {BULK("chacha20-poly1305-encrypt", CHACHA20_POLY1305, NULL, run_aead, NULL), "crypto_aead_chacha20poly1305_ietf_encrypt"},
    {BULK("xchacha20-poly1305-encrypt", CHACHA20_POLY1305, NULL, run_xaead, NULL),
     "crypto_aead_xchacha20poly1305_ietf_encrypt"},
    {BULK("aes-256-gcm-encrypt", AES_GCM, setup_gcm, run_gcm, teardown_free),
     "crypto_aead_aes256gcm_is_available crypto_aead_aes256gcm_statebytes crypto_aead_aes256gcm_beforenm "
     "crypto_aead_aes256gcm_encrypt_afternm"},
    {BULK("sha256", SHA256, NULL, run_sha256, NULL), "crypto_hash_sha256"},
    {BULK("sha512", SHA512, NULL, run_sha512, NULL), "crypto_hash_sha512"},
    {BULK("hmac-sha256", SHA256, NULL, run_hmac_sha256, NULL), "crypto_auth_hmacsha256"},
    {BULK("hmac-sha512", SHA512, NULL, run_hmac_sha512, NULL), "crypto_auth_hmacsha512"},
    {BULK("secretstream-push", CHACHA20_POLY1305, setup_ss_push, run_ss_push, teardown_ss),
     "crypto_secretstream_xchacha20poly1305_statebytes crypto_secretstream_xchacha20poly1305_init_pull "
     "crypto_secretstream_xchacha20poly1305_push"},
    {BULK("secretstream-pull", CHACHA20_POLY1305, setup_ss_pull, run_ss_pull, teardown_ss),
     "crypto_secretstream_xchacha20poly1305_statebytes crypto_secretstream_xchacha20poly1305_init_pull "
     "crypto_secretstream_xchacha20poly1305_push crypto_secretstream_xchacha20poly1305_pull"},
    {OP("x25519", FE25519, setup_x25519, run_x25519, teardown_pk), "crypto_scalarmult crypto_scalarmult_base"},
    {OP("x25519-base", FE25519, NULL, run_x25519_base, NULL), "crypto_scalarmult_base"},
    {OP("ed25519-sign", FE25519, setup_ed25519, run_sign, teardown_pk),
     "crypto_sign_seed_keypair crypto_sign_detached"},
    {OP("ed25519-verify", FE25519, setup_ed25519, run_verify, teardown_pk),
     "crypto_sign_seed_keypair crypto_sign_detached crypto_sign_verify_detached"},
    {OP("ristretto255-scalarmult", FE25519, setup_ristretto, run_ristretto, teardown_pk),
     "crypto_core_ristretto255_from_hash crypto_scalarmult_ristretto255"},
    {OP("sodium-loop", FE25519, NULL, run_sodium_loop, NULL),
     "crypto_core_ristretto255_scalar_random crypto_core_ristretto255_scalar_add "
     "crypto_core_ristretto255_scalar_sub crypto_core_ristretto255_scalar_mul "
     "crypto_core_ristretto255_scalar_complement crypto_core_ristretto255_scalar_invert "
     "crypto_core_ristretto255_scalar_negate crypto_core_ristretto255_scalar_reduce randombytes_buf "
     "crypto_box_keypair crypto_scalarmult"},
};
#undef BULK
#undef OP

#define NSYMS (sizeof sodium_syms / sizeof sodium_syms[0])
#define NCANDIDATES (sizeof candidates / sizeof candidates[0])

/* 1 when every function named in the space-separated list resolved. */
static int have_all(const char *names) {
  while (*names) {
    size_t len = strcspn(names, " ");
    int found = 0;
    for (size_t i = 0; i < NSYMS && !found; i++) {
      if (strlen(sodium_syms[i].name) != len || strncmp(sodium_syms[i].name, names, len)) continue;
      void *f;
      memcpy(&f, (const char *)&S + sodium_syms[i].offset, sizeof f);
      found = f != NULL;
    }
    if (!found) return 0;
    names += len;
    while (*names == ' ') names++;
  }
  return 1;
}

/* Loads libsodium.so.23 (once), initialises it and fills *p with the rows
 * whose functions it has (AES-256-GCM only where this CPU runs it). */
int bench_peer_sodium(bench_peer *p, char *why, size_t cap) {
  static void *lib;
  static bench_row rows[NCANDIDATES];
  static size_t count;
  memset(p, 0, sizeof *p);
  if (!lib) {
    void *l = bench_peer_open("libsodium.so.23", "libsodium", why, cap);
    if (!l) return -1;
    char missing[64];
    bench_peer_resolve(l, &S, sodium_syms, NSYMS, missing, sizeof missing);
    if (!S.sodium_init || !S.sodium_version_string) {
      snprintf(why, cap, "libsodium.so.23 has no %s", S.sodium_init ? "sodium_version_string" : "sodium_init");
      return -1;
    }
    if (S.sodium_init() < 0) { /* 1: already initialised, which is fine */
      snprintf(why, cap, "sodium_init failed");
      return -1;
    }
    count = 0;
    for (size_t i = 0; i < NCANDIDATES; i++) {
      if (!have_all(candidates[i].needs)) continue;
      if (!strcmp(candidates[i].row.name, "aes-256-gcm-encrypt") && S.crypto_aead_aes256gcm_is_available() != 1)
        continue;
      rows[count++] = candidates[i].row;
    }
    lib = l;
  }
  p->name = "libsodium";
  p->id = "libsodium";
  snprintf(p->version, sizeof p->version, "%s", S.sodium_version_string());
  p->rows = rows;
  p->count = count;
  return 0;
}
