/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-provider-speed: what an OpenSSL program gains by loading the
 * provider, as a same-run ratio. Every operation runs through EVP in two
 * library contexts of this one process: A has the default provider alone,
 * B has hwcrypto beside it and fetches with "provider=hwcrypto"; the two
 * alternate run by run (bench_measure_pair, bench/timer.c) and the figure
 * is A's time / B's time (above 1: the provider is faster). A third
 * column times the same work through hwcrypto's own API, so the table also
 * says how much of hwcrypto's speed survives OpenSSL's EVP layer (fetches
 * are done once, contexts reused, as a server does).
 *
 *   hwcrypto-provider-speed [--quick]        (a Markdown table on stdout)
 *   hwcrypto-provider-speed --threads N [--quick]
 *
 * --threads N: thread scaling instead (see "thread scaling" below): RSA-2048
 * PKCS#1 sign, AES-128-GCM 16 KiB seal and Ed25519 sign by 1 and by N
 * threads on ONE shared key, each thread with its own EVP context, in
 * each provider; ops/s and N-thread / 1-thread throughput for both.
 *
 * The module comes from OPENSSL_MODULES (or OpenSSL's modules directory)
 * and is loaded with offer = all, so rows exist for algorithms "auto"
 * would not offer; the "offered" column says what auto does here. Tiers:
 * run under HWCRYPTO_CPU_DISABLE and OPENSSL_ia32cap together (both
 * libraries read them at start-up), as hwcrypto-bench --tiers does.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/provider.h>

#include "bench.h"

/* What one side of a row holds between calls: the fetched algorithm, the
 * reused context, keys. Only the members a row uses are set. */
typedef struct side {
  OSSL_LIB_CTX *lc;
  const char *props;
  EVP_MD *md;
  EVP_MD_CTX *mdc;
  EVP_CIPHER *ci;
  EVP_CIPHER_CTX *cc;
  EVP_MAC_CTX *mac;
  EVP_KDF_CTX *kdf;
  EVP_PKEY *key;
  EVP_PKEY_CTX *pc;
  EVP_MD_CTX *sigc; /* Ed25519: EVP_DigestSign on a reused context */
  /* the direct column */
  hwc_aes_gcm_key gk;
  hwc_aes_key ak;
  hwc_rsa_key *rsa;
  uint8_t raw[64], peer[32];
} side;

static const uint8_t key32[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static const uint8_t iv12[12] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2};
static const uint8_t aad13[13] = {0x17, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
static const char *rsa_pem_path;

/* ---- digests: init, update, final on a reused context */

static int digest_setup(side *s, const char *name) {
  s->md = EVP_MD_fetch(s->lc, name, s->props);
  s->mdc = EVP_MD_CTX_new();
  return s->md && s->mdc;
}
static int sha256_setup(side *s) { return digest_setup(s, "SHA2-256"); }
static int sha512_setup(side *s) { return digest_setup(s, "SHA2-512"); }
static int sha1_setup(side *s) { return digest_setup(s, "SHA1"); }

static void digest_run(bench_io *io, size_t len) {
  side *s = io->state;
  unsigned n;
  EVP_DigestInit_ex2(s->mdc, s->md, NULL);
  EVP_DigestUpdate(s->mdc, io->in, len);
  EVP_DigestFinal_ex(s->mdc, io->out, &n);
}
static void sha256_direct(bench_io *io, size_t len) { hwc_sha256(io->out, io->in, len); }
static void sha512_direct(bench_io *io, size_t len) { hwc_sha512(io->out, io->in, len); }
static void sha1_direct(bench_io *io, size_t len) { hwc_sha1(io->out, io->in, len); }

/* ---- AEAD seal as TLS 1.3 does it per record: the key set once, then
 * per message a new IV, 13 bytes of AAD, the data, final, the tag */

static int aead_setup(side *s, const char *name) {
  s->ci = EVP_CIPHER_fetch(s->lc, name, s->props);
  s->cc = EVP_CIPHER_CTX_new();
  return s->ci && s->cc && EVP_EncryptInit_ex2(s->cc, s->ci, key32, iv12, NULL);
}
static int gcm128_setup(side *s) { return aead_setup(s, "AES-128-GCM"); }
static int gcm256_setup(side *s) { return aead_setup(s, "AES-256-GCM"); }
static int chapoly_setup(side *s) { return aead_setup(s, "ChaCha20-Poly1305"); }

static void aead_run(bench_io *io, size_t len) {
  side *s = io->state;
  int n;
  EVP_EncryptInit_ex2(s->cc, NULL, NULL, iv12, NULL);
  EVP_EncryptUpdate(s->cc, NULL, &n, aad13, sizeof aad13);
  EVP_EncryptUpdate(s->cc, io->out, &n, io->in, (int)len);
  EVP_EncryptFinal_ex(s->cc, io->out + n, &n);
  EVP_CIPHER_CTX_ctrl(s->cc, EVP_CTRL_AEAD_GET_TAG, 16, io->out + len);
}

static int gcm_direct_setup(side *s, size_t klen) { return hwc_aes_gcm_init(&s->gk, key32, klen) == HWC_OK; }
static int gcm128_direct_setup(side *s) { return gcm_direct_setup(s, 16); }
static int gcm256_direct_setup(side *s) { return gcm_direct_setup(s, 32); }
static void gcm_direct(bench_io *io, size_t len) {
  side *s = io->state;
  hwc_aes_gcm_encrypt(io->out, io->out + len, 16, io->in, len, aad13, sizeof aad13, iv12, 12, &s->gk);
}
static void chapoly_direct(bench_io *io, size_t len) {
  hwc_chacha20poly1305_encrypt(io->out, io->out + len, io->in, len, aad13, sizeof aad13, iv12, key32);
}

/* ---- stream ciphers as a CTR-mode user does: the key set once, then a
 * new 16-byte IV (AES-CTR's counter block; ChaCha20's counter || nonce)
 * and the data per message */

static const uint8_t iv16[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};

static int stream_setup(side *s, const char *name) {
  s->ci = EVP_CIPHER_fetch(s->lc, name, s->props);
  s->cc = EVP_CIPHER_CTX_new();
  return s->ci && s->cc && EVP_EncryptInit_ex2(s->cc, s->ci, key32, iv16, NULL);
}
static int ctr128_setup(side *s) { return stream_setup(s, "AES-128-CTR"); }
static int chacha20_setup(side *s) { return stream_setup(s, "ChaCha20"); }

static void stream_run(bench_io *io, size_t len) {
  side *s = io->state;
  int n;
  EVP_EncryptInit_ex2(s->cc, NULL, NULL, iv16, NULL);
  EVP_EncryptUpdate(s->cc, io->out, &n, io->in, (int)len);
}

static int ctr128_direct_setup(side *s) { return hwc_aes_init(&s->ak, key32, 16) == HWC_OK; }
static void ctr_direct(bench_io *io, size_t len) {
  side *s = io->state;
  uint8_t ctr[16];
  memcpy(ctr, iv16, 16);
  hwc_aes_ctr(io->out, io->in, len, ctr, &s->ak);
}
static void chacha20_direct(bench_io *io, size_t len) {
  uint32_t counter = (uint32_t)iv16[0] | (uint32_t)iv16[1] << 8 | (uint32_t)iv16[2] << 16 | (uint32_t)iv16[3] << 24;
  hwc_chacha20(io->out, io->in, len, iv16 + 4, counter, key32);
}

/* ---- HMAC-SHA256: the key set once, init/update/final per message */

static int hmac_setup(side *s) {
  EVP_MAC *m = EVP_MAC_fetch(s->lc, "HMAC", s->props);
  if (!m) return 0;
  s->mac = EVP_MAC_CTX_new(m);
  EVP_MAC_free(m);
  OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA2-256", 0),
                    OSSL_PARAM_END};
  return s->mac && EVP_MAC_init(s->mac, key32, sizeof key32, p);
}
static void hmac_run(bench_io *io, size_t len) {
  side *s = io->state;
  size_t n;
  EVP_MAC_init(s->mac, NULL, 0, NULL);
  EVP_MAC_update(s->mac, io->in, len);
  EVP_MAC_final(s->mac, io->out, &n, 64);
}
static void hmac_direct(bench_io *io, size_t len) {
  hwc_hmac(io->out, io->in, len, HWC_HASH_SHA256, key32, sizeof key32);
}

/* ---- HKDF-SHA256: 32 bytes from a 32-byte secret, salt and a short info */

static int hkdf_setup(side *s) {
  EVP_KDF *k = EVP_KDF_fetch(s->lc, "HKDF", s->props);
  if (!k) return 0;
  s->kdf = EVP_KDF_CTX_new(k);
  EVP_KDF_free(k);
  return s->kdf != NULL;
}
static void hkdf_run(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA2-256", 0),
                    OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key32, 32),
                    OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)iv12, 12),
                    OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)aad13, 13), OSSL_PARAM_END};
  EVP_KDF_derive(s->kdf, io->out, 32, p);
}
static void hkdf_direct(bench_io *io, size_t len) {
  (void)len;
  hwc_hkdf(io->out, 32, aad13, 13, iv12, 12, HWC_HASH_SHA256, key32, 32);
}

/* ---- X25519: derive with a fixed peer (the key share of a handshake) */

static int x25519_setup(side *s) {
  static const uint8_t peer_priv[32] = {77, 1, 2, 3};
  EVP_PKEY *peer = EVP_PKEY_new_raw_private_key_ex(s->lc, "X25519", s->props, peer_priv, 32);
  s->key = EVP_PKEY_new_raw_private_key_ex(s->lc, "X25519", s->props, key32, 32);
  s->pc = s->key ? EVP_PKEY_CTX_new_from_pkey(s->lc, s->key, s->props) : NULL;
  int ok = peer && s->pc && EVP_PKEY_derive_init(s->pc) > 0 && EVP_PKEY_derive_set_peer(s->pc, peer) > 0;
  EVP_PKEY_free(peer);
  return ok;
}
static void x25519_run(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  size_t n = 32;
  EVP_PKEY_derive(s->pc, io->out, &n);
}
static int x25519_direct_setup(side *s) {
  static const uint8_t peer_priv[32] = {77, 1, 2, 3};
  return hwc_x25519_base(s->peer, peer_priv) == HWC_OK;
}
static void x25519_direct(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  hwc_x25519(io->out, key32, s->peer);
}

/* ---- Ed25519: sign 64 bytes (a TLS 1.3 CertificateVerify is ~130) */

static int ed25519_setup(side *s) {
  s->key = EVP_PKEY_new_raw_private_key_ex(s->lc, "ED25519", s->props, key32, 32);
  s->sigc = EVP_MD_CTX_new();
  return s->key && s->sigc;
}
static void ed25519_run(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  size_t n = 64;
  EVP_DigestSignInit_ex(s->sigc, NULL, NULL, s->lc, s->props, s->key, NULL);
  EVP_DigestSign(s->sigc, io->out, &n, io->in, 64);
}
static int ed25519_direct_setup(side *s) {
  uint8_t pk[32];
  return hwc_ed25519_seed_keypair(pk, s->raw, key32) == HWC_OK;
}
static void ed25519_direct(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  hwc_ed25519_sign(io->out, io->in, 64, s->raw);
}

/* ---- RSA-2048: sign a SHA-256 digest with PKCS#1 v1.5 (EVP_PKEY_sign) */

/* The side's signing context on its key: PKCS#1 v1.5 over SHA-256. */
static int rsa_ctx(side *s) {
  s->pc = EVP_PKEY_CTX_new_from_pkey(s->lc, s->key, s->props);
  return s->pc && EVP_PKEY_sign_init(s->pc) > 0 && EVP_PKEY_CTX_set_rsa_padding(s->pc, RSA_PKCS1_PADDING) > 0 &&
         EVP_PKEY_CTX_set_signature_md(s->pc, EVP_sha256()) > 0;
}

static int rsa_setup(side *s) {
  FILE *f = rsa_pem_path ? fopen(rsa_pem_path, "r") : NULL;
  if (!f) return 0;
  /* decoded by the default provider's decoders (propq NULL); the context
   * below makes OpenSSL hand the key to the side's provider */
  s->key = PEM_read_PrivateKey_ex(f, NULL, NULL, NULL, s->lc, NULL);
  fclose(f);
  return s->key && rsa_ctx(s);
}
static void rsa_run(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  size_t n = 512;
  EVP_PKEY_sign(s->pc, io->out, &n, io->in, 32);
}
static int rsa_direct_setup(side *s) {
  FILE *f = rsa_pem_path ? fopen(rsa_pem_path, "r") : NULL;
  if (!f) return 0;
  char buf[8192];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  return hwc_rsa_import(&s->rsa, (const uint8_t *)buf, n) == HWC_OK;
}
static void rsa_direct(bench_io *io, size_t len) {
  (void)len;
  side *s = io->state;
  size_t n = 512;
  hwc_rsa_sign_pkcs1_digest(io->out, &n, io->in, 32, HWC_HASH_SHA256, s->rsa);
}

/* ---- the rows */

typedef struct op {
  const char *name;      /* the row */
  const char *alg;       /* the algorithm's primary name in hwcrypto-offered */
  size_t sizes[3];       /* bytes per call; {0} for one operation */
  int (*setup)(side *s); /* EVP side */
  void (*run)(bench_io *io, size_t len);
  int (*direct_setup)(side *s); /* NULL: nothing to set up */
  void (*direct)(bench_io *io, size_t len);
  const char *target; /* the target for the ratio, if any */
} op;

static const op ops[] = {
    {"sha256", "SHA2-256", {64, 1024, 16384}, sha256_setup, digest_run, NULL, sha256_direct, ">= 1.0"},
    {"sha512", "SHA2-512", {64, 1024, 16384}, sha512_setup, digest_run, NULL, sha512_direct, NULL},
    {"sha1", "SHA1", {64, 1024, 16384}, sha1_setup, digest_run, NULL, sha1_direct, NULL},
    {"aes-128-gcm", "AES-128-GCM", {64, 1024, 16384}, gcm128_setup, aead_run, gcm128_direct_setup, gcm_direct,
     ">= 1.5 at 1 KiB, >= 2.0 at 16 KiB"},
    {"aes-256-gcm", "AES-256-GCM", {64, 1024, 16384}, gcm256_setup, aead_run, gcm256_direct_setup, gcm_direct, NULL},
    {"chacha20-poly1305", "ChaCha20-Poly1305", {64, 1024, 16384}, chapoly_setup, aead_run, NULL, chapoly_direct,
     ">= 1.2"},
    {"aes-128-ctr", "AES-128-CTR", {64, 1024, 16384}, ctr128_setup, stream_run, ctr128_direct_setup, ctr_direct, NULL},
    {"chacha20", "ChaCha20", {64, 1024, 16384}, chacha20_setup, stream_run, NULL, chacha20_direct, NULL},
    {"hmac-sha256", "HMAC", {64, 1024, 16384}, hmac_setup, hmac_run, NULL, hmac_direct, NULL},
    {"hkdf-sha256", "HKDF", {0}, hkdf_setup, hkdf_run, NULL, hkdf_direct, NULL},
    {"x25519", "X25519", {0}, x25519_setup, x25519_run, x25519_direct_setup, x25519_direct, ">= 1.8"},
    {"ed25519-sign", "ED25519", {0}, ed25519_setup, ed25519_run, ed25519_direct_setup, ed25519_direct, ">= 3"},
    {"rsa2048-sign-pkcs1", "RSA", {0}, rsa_setup, rsa_run, rsa_direct_setup, rsa_direct, NULL},
};

static void side_free(side *s) {
  EVP_MD_free(s->md);
  EVP_MD_CTX_free(s->mdc);
  EVP_CIPHER_free(s->ci);
  EVP_CIPHER_CTX_free(s->cc);
  EVP_MAC_CTX_free(s->mac);
  EVP_KDF_CTX_free(s->kdf);
  EVP_PKEY_CTX_free(s->pc);
  EVP_PKEY_free(s->key);
  EVP_MD_CTX_free(s->sigc);
  hwc_aes_gcm_key_wipe(&s->gk);
  hwc_aes_key_wipe(&s->ak);
  hwc_rsa_free(s->rsa);
  memset(s, 0, sizeof *s);
}

/* A library context with the named providers loaded; hwcrypto with
 * offer = all when cnf (a config file) says so. */
static OSSL_LIB_CTX *context(int with_hwcrypto, const char *cnf) {
  OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
  if (!lc) return NULL;
  if (with_hwcrypto && cnf && !OSSL_LIB_CTX_load_config(lc, cnf)) return NULL;
  if (!OSSL_PROVIDER_load(lc, "default")) return NULL;
  if (with_hwcrypto && !OSSL_PROVIDER_load(lc, "hwcrypto")) return NULL;
  return lc;
}

/* "offered" / "not offered" for alg under auto, from a context that loads
 * the module without configuration. */
static const char *offered_under_auto(OSSL_PROVIDER *autop, const char *alg) {
  const char *text = NULL;
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_ptr("hwcrypto-offered", (char **)&text, 0), OSSL_PARAM_END};
  if (!autop || !OSSL_PROVIDER_get_params(autop, q) || !text) return "?";
  char want[96];
  snprintf(want, sizeof want, "%s: offered", alg);
  for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (strncmp(line, want, strlen(want)) == 0) return "yes";
  return "no";
}

/* ---- thread scaling (--threads N)
 *
 * What a server with N worker threads and one certificate key sees: N
 * threads, each with its own EVP context, on ONE key (one EVP_PKEY; for
 * AES-GCM one fetched cipher and the same key bytes in every context).
 * Throughput (operations per second of all threads together, over a fixed
 * time) at 1 thread and at N, per provider; the providers and the thread
 * counts are measured in alternation in this one process. scaling = the
 * N-thread throughput / the 1-thread throughput. With fewer CPUs than N
 * threads the best scaling is the CPU count: what matters is how far each
 * provider falls short of it, and hwcrypto's scaling over the default's.
 *
 * Where threads signing with one RSA key wait for each other:
 *  - OpenSSL 3.0's default provider (crypto/rsa/rsa_ossl.c): every private
 *    operation first takes the key's lock (rsa->lock) as a writer to find
 *    its blinding. The key has two BN_BLINDINGs, made on first use: one
 *    belongs to the thread that made it, which uses it without a lock; the
 *    other ("mt_blinding") is shared by every other thread, and its
 *    blinding step runs under that BN_BLINDING's own lock: multiply the
 *    input by the blinding value and move the pair on (square both, or
 *    every 32 uses draw a new random value: an inverse modulo n and a
 *    power to e); the unblinding factor is copied out so that unblinding
 *    takes no lock. So N threads on one key take one write lock per
 *    signature and N-1 of them queue on the shared blinding's lock. (Later
 *    OpenSSL releases keep one blinding per thread instead.)
 *  - hwcrypto (src/rsa/bignum.c, hwc_bn_crt_private): one blinding pair
 *    per key behind one mutex, held only to take the next pair; the CRT
 *    exponentiations, with exponents blinded by a fresh random multiple
 *    of p-1 and q-1, run outside it, and the key has no other lock. Taking
 *    a pair is two modular squarings, except every 32nd use, which makes a
 *    fresh pair under the mutex: a random r checked invertible, r^-1 by
 *    Fermat modulo p and q (two exponentiations as long as a signature's),
 *    r^e. That renewal is about one signature's work held under the lock
 *    once per 32 signatures (OpenSSL's renewal, an inverse by Euclid and
 *    r^e, is far shorter): the place where hwcrypto can scale worse than
 *    the default provider when many CPUs sign with one key.
 * AES-GCM and Ed25519 hold no per-key lock in either provider (a GCM
 * context has its own expanded key; an Ed25519 signature copies the key
 * at init); both share libcrypto's fetch and key-export caches, the same
 * for both providers. */

/* A row of the scaling table: the shared objects are made by setup (the
 * row's own, above), a thread's context by thread_ctx. */
typedef struct trow {
  const char *name;
  size_t len;
  int (*setup)(side *s);
  int (*thread_ctx)(side *t);
  void (*run)(bench_io *io, size_t len);
} trow;

static int gcm_thread(side *t) {
  return (t->cc = EVP_CIPHER_CTX_new()) && EVP_EncryptInit_ex2(t->cc, t->ci, key32, iv12, NULL);
}
static int ed25519_thread(side *t) { return (t->sigc = EVP_MD_CTX_new()) != NULL; }

static const trow trows[] = {
    {"rsa2048-sign-pkcs1", 0, rsa_setup, rsa_ctx, rsa_run},
    {"aes-128-gcm-seal", 16384, gcm128_setup, gcm_thread, aead_run},
    {"ed25519-sign", 0, ed25519_setup, ed25519_thread, ed25519_run},
};

/* One measuring thread: the side's shared key or cipher, its own context. */
typedef struct worker {
  pthread_t th;
  side s;
  const trow *row;
  uint8_t *in, *out;
  unsigned long ops;
  int ok;
} worker;

static atomic_int stop_flag;
static pthread_barrier_t start_line;

/* Runs the row until told to stop, counting the operations finished. */
static void *work(void *arg) {
  worker *w = arg;
  bench_io io = {w->in, w->out, &w->s};
  if (w->ok) w->row->run(&io, w->row->len); /* a thread's first call (its thread-local set-up) is not timed */
  pthread_barrier_wait(&start_line);          /* every context made: the clock starts */
  if (w->ok)
    for (; !atomic_load_explicit(&stop_flag, memory_order_relaxed); w->ops++) w->row->run(&io, w->row->len);
  return NULL;
}

/* Operations per second of n threads, each with its own context on the
 * objects of sh, over secs seconds (an operation still running at the end
 * is not counted); -1 if a context could not be made. */
static double throughput(const trow *r, const side *sh, int n, double secs) {
  worker *w = calloc((size_t)n, sizeof *w);
  if (!w || pthread_barrier_init(&start_line, NULL, (unsigned)n + 1) != 0) exit(1);
  atomic_store(&stop_flag, 0);
  for (int i = 0; i < n; i++) {
    w[i].s = (side){.lc = sh->lc, .props = sh->props, .key = sh->key, .ci = sh->ci};
    w[i].row = r;
    w[i].in = malloc(r->len + 64);
    w[i].out = malloc(r->len + 64 + 512);
    if (w[i].in) memset(w[i].in, 0x5a, r->len + 64);
    w[i].ok = w[i].in && w[i].out && r->thread_ctx(&w[i].s);
    if (pthread_create(&w[i].th, NULL, work, &w[i]) != 0) exit(1);
  }
  pthread_barrier_wait(&start_line);
  uint64_t t0 = bench_now_ns();
  struct timespec d = {(time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9)};
  nanosleep(&d, NULL);
  atomic_store(&stop_flag, 1);
  uint64_t t1 = bench_now_ns();
  unsigned long done = 0;
  int ok = 1;
  for (int i = 0; i < n; i++) {
    pthread_join(w[i].th, NULL);
    done += w[i].ops, ok = ok && w[i].ok;
    EVP_PKEY_CTX_free(w[i].s.pc);
    EVP_CIPHER_CTX_free(w[i].s.cc);
    EVP_MD_CTX_free(w[i].s.sigc);
    free(w[i].in), free(w[i].out);
  }
  pthread_barrier_destroy(&start_line);
  free(w);
  return ok ? (double)done / ((double)(t1 - t0) / 1e9) : -1;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The name of the provider that served the side's operation (run once). */
static const char *served_by(const trow *r, side *s) {
  static uint8_t in[16384 + 64], out[16384 + 64 + 512];
  bench_io io = {in, out, s};
  r->run(&io, r->len);
  const OSSL_PROVIDER *p = s->pc    ? EVP_PKEY_CTX_get0_provider(s->pc)
                           : s->ci  ? EVP_CIPHER_get0_provider(s->ci)
                           : s->sigc ? EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(s->sigc))
                                     : NULL;
  return p ? OSSL_PROVIDER_get0_name(p) : "?";
}

/* The --threads table; 1 if a row could not be measured. */
static int thread_scaling(int n, int quick, OSSL_LIB_CTX *lc_def, OSSL_LIB_CTX *lc_hwc) {
  enum { RUNS_MAX = 7 };
  double secs = quick ? 0.01 : 0.5;
  unsigned runs = quick ? 1 : 5;
  int failed = 0;
  printf("# Thread scaling: 1 and %d threads on one key, default provider against hwcrypto provider (OpenSSL %s)\n\n",
         n, OpenSSL_version(OPENSSL_VERSION_STRING));
  printf("CPU: %s; %ld CPUs online. %u alternated runs of %.2f s each, medians.\n\n", hwc_cpu_summary(),
         sysconf(_SC_NPROCESSORS_ONLN), runs, secs);
  printf("| operation | provider | 1 thread ops/s | %d threads ops/s | scaling (%d / 1) | hwcrypto scaling / default "
         "scaling |\n|---|---|---|---|---|---|\n", n, n);
  for (size_t o = 0; o < sizeof trows / sizeof trows[0]; o++) {
    const trow *r = &trows[o];
    side sd[2] = {{.lc = lc_def, .props = "provider=default"}, {.lc = lc_hwc, .props = "provider=hwcrypto"}};
    if (!r->setup(&sd[0]) || !r->setup(&sd[1])) {
      printf("| %s | | (setup failed) | | | |\n", r->name);
      ERR_print_errors_fp(stderr);
      failed = 1;
      side_free(&sd[0]), side_free(&sd[1]);
      continue;
    }
    const char *who[2] = {served_by(r, &sd[0]), served_by(r, &sd[1])};
    double v[2][2][RUNS_MAX], med[2][2];
    for (unsigned k = 0; k < runs; k++)
      for (int j = 0; j < 4; j++) { /* default then hwcrypto, swapped every other run */
        int p = (j >> 1) ^ (int)(k & 1), t = j & 1;
        v[p][t][k] = throughput(r, &sd[p], t ? n : 1, secs);
      }
    for (int p = 0; p < 2; p++)
      for (int t = 0; t < 2; t++) {
        qsort(v[p][t], runs, sizeof(double), cmp_double);
        med[p][t] = v[p][t][runs / 2];
        if (med[p][t] <= 0) failed = 1;
      }
    for (int p = 0; p < 2; p++) {
      double sc = med[p][1] / med[p][0];
      printf("| %s | %s | %.0f | %.0f | %.2f |", r->name, who[p], med[p][0], med[p][1], sc);
      if (p) printf(" %.2f |\n", sc / (med[0][1] / med[0][0]));
      else printf(" |\n");
    }
    side_free(&sd[0]), side_free(&sd[1]);
  }
  printf("\nEach thread has its own EVP context on one shared key (RSA, Ed25519) or one fetched cipher keyed with the "
         "same bytes (AES-GCM 16 KiB, TLS-record style seal). scaling: %d-thread throughput / 1-thread throughput, at "
         "most the number of CPUs; hwcrypto scaling / default scaling below 1 would mean more contention than the "
         "default provider's (its per-key RSA blinding lock: provider_speed.c says how each blinds).\n", n);
  return failed;
}

int main(int argc, char **argv) {
  int quick = 0, threads = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) quick = 1;
    else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc && atoi(argv[i + 1]) >= 1 && atoi(argv[i + 1]) <= 256)
      threads = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: hwcrypto-provider-speed [--quick] [--threads N]\n");
      return 2;
    }
  }
  rsa_pem_path = getenv("HWCP_SPEED_RSA_PEM");
  const char *cnf = getenv("HWCP_SPEED_CONF"); /* offer = all */
  OSSL_LIB_CTX *lc_def = context(0, NULL), *lc_hwc = context(1, cnf), *lc_auto = context(1, NULL);
  if (!lc_def || !lc_hwc || !lc_auto) {
    fprintf(stderr, "hwcrypto-provider-speed: cannot load the providers (OPENSSL_MODULES=%s)\n",
            getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "(unset)");
    ERR_print_errors_fp(stderr);
    return 1;
  }
  if (threads) {
    int rc = thread_scaling(threads, quick, lc_def, lc_hwc);
    OSSL_LIB_CTX_free(lc_auto), OSSL_LIB_CTX_free(lc_hwc), OSSL_LIB_CTX_free(lc_def);
    return rc;
  }
  OSSL_PROVIDER *autop = OSSL_PROVIDER_load(lc_auto, "hwcrypto");
  double min_time = quick ? 0.002 : 0.05;
  unsigned runs = quick ? 3 : 11;
  const bench_row row = {.name = "evp", .kind = BENCH_BULK, .run = NULL};
  printf("# hwcrypto provider against the default provider (OpenSSL %s), same run\n\n", OpenSSL_version(OPENSSL_VERSION_STRING));
  printf("CPU: %s\n\n", hwc_cpu_summary());
  printf("| operation | bytes | offered (auto) | default ns | hwcrypto provider ns | ratio | hwcrypto direct ns | "
         "provider / direct | target |\n|---|---|---|---|---|---|---|---|---|\n");
  int failed = 0;
  for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
    const op *r = &ops[o];
    side a = {.lc = lc_def, .props = "provider=default"}, b = {.lc = lc_hwc, .props = "provider=hwcrypto"}, d = {0};
    int have_a = r->setup(&a), have_b = r->setup(&b);
    ERR_clear_error();
    int have_d = !r->direct_setup || r->direct_setup(&d);
    for (size_t si = 0; si < 3 && (si == 0 || r->sizes[si]); si++) {
      size_t len = r->sizes[si];
      bench_row ra = row, rb = row, rd = row;
      ra.run = rb.run = r->run;
      rd.run = r->direct;
      static uint8_t inbuf[16384 + 64], outbuf[16384 + 64 + 512];
      bench_io ia = {inbuf, outbuf, &a}, ib = {inbuf, outbuf, &b}, id = {inbuf, outbuf, &d};
      bench_figure fa = {0}, fb = {0}, fd = {0};
      if (!have_a || !have_b) {
        printf("| %s | %zu | %s | %s | %s | - | - | - | %s |\n", r->name, len, offered_under_auto(autop, r->alg),
               have_a ? "" : "(setup failed)", have_b ? "" : "(not in the module)", r->target ? r->target : "");
        if (!have_a) failed = 1;
        continue;
      }
      bench_measure_pair(&ra, &ia, &rb, &ib, len, min_time, runs, &fa, &fb);
      if (have_d) bench_measure(&rd, &id, len, min_time, runs, &fd);
      printf("| %s | %zu | %s | %.0f | %.0f | %.2f | %.0f | %.2f | %s |\n", r->name, len,
             offered_under_auto(autop, r->alg), fa.median_ns, fb.median_ns, fa.median_ns / fb.median_ns,
             have_d ? fd.median_ns : 0.0, have_d ? fb.median_ns / fd.median_ns : 0.0, r->target ? r->target : "");
    }
    side_free(&a);
    side_free(&b);
    side_free(&d);
  }
  printf("\nratio: default time / hwcrypto provider time (medians of alternated runs); provider / direct: the "
         "provider's time over hwcrypto's own API's, what EVP and the provider add.\n");
  OSSL_PROVIDER_unload(autop);
  OSSL_LIB_CTX_free(lc_auto);
  OSSL_LIB_CTX_free(lc_hwc);
  OSSL_LIB_CTX_free(lc_def);
  return failed;
}
