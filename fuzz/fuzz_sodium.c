/* SPDX-License-Identifier: ISC */
/*
 * The libsodium drop-in (libhwcrypto-sodium.so, sodium/) against libsodium
 * 1.0.18 itself: each input picks one of the drop-in's exported functions
 * (every name of sodium/hwcrypto-sodium.map, aliases included) and runs it
 * in both libraries on the same bytes; return values and output bytes must
 * be equal, or the harness prints the operation, the backend set and what
 * differs, and aborts. Both libraries are loaded by path with dlopen
 * (RTLD_NOW | RTLD_LOCAL: neither's names resolve into the other, and
 * dladdr proves every function pointer lies in the library it was looked
 * up in); without either the process exits 77, a skip, never a pass.
 *
 * Backends: the drop-in has its own hwcrypto inside, which reads
 * HWCRYPTO_IMPL once, at its first call, and exports no way to select
 * again; one dlopen of one path is one instance. So the harness loads
 * private copies of the drop-in's file, each with HWCRYPTO_IMPL set to one
 * backend set before its first call: set c takes, for every primitive, its
 * (c mod n)-th supported implementation (the list comes from the hwcrypto
 * linked into this harness, same code, same CPU, same
 * HWCRYPTO_CPU_DISABLE), so every backend of this CPU is in some set; one
 * more instance, the file itself, runs the default selection. Byte 1 of
 * the input picks the instance under libFuzzer (every instance with
 * HWC_FUZZ_SODIUM_ALL=1, for corpus merges); the replay build runs every
 * instance on every input.
 *
 * Input: byte 0 the operation (ops[] below), byte 1 the instance, then the
 * operation's fields: 32-byte values with a mode byte (raw, or one of the
 * special values: small-order points, p and around it, L and around it,
 * bit 255 set), lengths (an edge table or a raw value), message data that
 * repeats the input when it asks for more than is left, and cuts for the
 * incremental APIs. Missing bytes read as zero.
 *
 * What is compared, and the exceptions (libsodium leaves these outputs
 * unspecified, or the drop-in cannot reproduce them without libsodium
 * behind it, which this harness deliberately does not give it):
 *  - crypto_scalarmult* returning -1 (small-order point): the return
 *    value only; 1.0.18's reference code leaves q unwritten, the drop-in
 *    zeroes it (README, "Differences").
 *  - Random output (keypair, keygen, *_random): structurally, against
 *    libsodium's own derivation (pk = scalarmult_base(sk), the Ed25519
 *    key pair of sk's seed, a valid ristretto255 encoding, a scalar below
 *    L, ...).
 *  - Functions the drop-in leaves to libsodium (map: not exported) are
 *    compared through what a program mixing them gets: libsodium's
 *    incremental Poly1305, SHA-2 and HMAC states against the drop-in's
 *    one-shot calls; aes256gcm beforenm/afternm against the drop-in's
 *    one-shot AES-256-GCM; crypto_kx_* against BLAKE2b over the drop-in's
 *    X25519; sign_ed25519_{pk,sk}_to_curve25519 of the drop-in's key pairs
 *    against its X25519 base multiplication.
 *  - Secret-stream push with a tag outside the four defined: the drop-in
 *    hands that call to the libsodium behind it (RTLD_NEXT), and there is
 *    none here; the harness checks that it refused with -1 and left the
 *    state as it was, then makes the hand-off itself (libsodium's push on
 *    the drop-in's state) and compares on. (pull takes any tag byte
 *    itself, as libsodium does: compared directly.)
 *  - The secret-stream state's last 8 bytes (libsodium's padding, never
 *    written by libsodium) are not compared; key, counter and nonce are.
 *  - Misuse is kept out of the inputs: stream counters that would wrap
 *    (libsodium aborts for ChaCha20-IETF; for XChaCha20 it wraps where the
 *    drop-in aborts, README "Differences") are clamped to the last block,
 *    and buffers that overlap other than exactly (libsodium's result then
 *    depends on its own implementation) are not used.
 *  - AES-256-GCM runs only where libsodium offers it
 *    (crypto_aead_aes256gcm_is_available); elsewhere the op returns.
 */
#define _GNU_SOURCE /* dladdr, dlinfo */
#include <dlfcn.h>
#include <errno.h>
#include <dirent.h>
#include <link.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#ifndef HWC_SODIUM_DROPIN
#error "HWC_SODIUM_DROPIN (the drop-in's path) is set by fuzz/CMakeLists.txt"
#endif

typedef unsigned char uc;
typedef unsigned long long ull;

/* ------------------------------------------------------------ the APIs */

/* The function types, by signature, as doc.libsodium.org gives them. */
typedef int (*aead_enc_fn)(uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *, const uc *);
typedef int (*aead_encd_fn)(uc *, uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *,
                            const uc *);
typedef int (*aead_dec_fn)(uc *, ull *, uc *, const uc *, ull, const uc *, ull, const uc *, const uc *);
typedef int (*aead_decd_fn)(uc *, uc *, const uc *, ull, const uc *, const uc *, ull, const uc *, const uc *);
typedef void (*out_fn)(uc *);
typedef int (*stream_fn)(uc *, ull, const uc *, const uc *);
typedef int (*stream_xor_fn)(uc *, const uc *, ull, const uc *, const uc *);
typedef int (*xor_ic32_fn)(uc *, const uc *, ull, const uc *, uint32_t, const uc *);
typedef int (*xor_ic64_fn)(uc *, const uc *, ull, const uc *, uint64_t, const uc *);
typedef int (*mac_fn)(uc *, const uc *, ull, const uc *);
typedef int (*mac_verify_fn)(const uc *, const uc *, ull, const uc *);
typedef int (*binop_fn)(uc *, const uc *, const uc *);
typedef int (*unop_fn)(uc *, const uc *);
typedef int (*keypair_fn)(uc *, uc *);
typedef int (*seed_keypair_fn)(uc *, uc *, const uc *);
typedef int (*sign_fn)(uc *, ull *, const uc *, ull, const uc *);
typedef int (*open_fn)(uc *, ull *, const uc *, ull, const uc *);
typedef int (*valid_fn)(const uc *);
typedef void (*vunop_fn)(uc *, const uc *);
typedef void (*vbinop_fn)(uc *, const uc *, const uc *);
typedef int (*hash_fn)(uc *, const uc *, ull);
typedef int (*ss_init_push_fn)(void *, uc *, const uc *);
typedef int (*ss_init_pull_fn)(void *, const uc *, const uc *);
typedef int (*ss_push_fn)(void *, uc *, ull *, const uc *, ull, const uc *, ull, uc);
typedef int (*ss_pull_fn)(void *, uc *, ull *, uc *, const uc *, ull, const uc *, ull);
typedef void (*ss_rekey_fn)(void *);

/* Every function the drop-in exports (74, hwcrypto-sodium.map), looked up
 * in both libraries. Arrays hold a function and its aliases. */
typedef struct {
  aead_enc_fn aead_enc[3]; /* [0] ChaCha20-Poly1305-IETF, [1] XChaCha20, [2] AES-256-GCM */
  aead_encd_fn aead_encd[3];
  aead_dec_fn aead_dec[3];
  aead_decd_fn aead_decd[3];
  out_fn aead_keygen[2];
  stream_fn stream[2]; /* [0] chacha20_ietf, [1] xchacha20 */
  stream_xor_fn stream_xor[2];
  xor_ic32_fn chacha_xor_ic;
  xor_ic64_fn xchacha_xor_ic;
  mac_fn onetimeauth[2]; /* [0] crypto_onetimeauth, [1] _poly1305 */
  mac_verify_fn onetimeauth_verify[2];
  binop_fn scalarmult[2]; /* [0] crypto_scalarmult, [1] _curve25519 */
  unop_fn scalarmult_base[2];
  keypair_fn box_keypair[2]; /* [0] crypto_box, [1] _curve25519xsalsa20poly1305 */
  seed_keypair_fn box_seed_keypair[2];
  seed_keypair_fn sign_seed_keypair[2]; /* [0] crypto_sign, [1] _ed25519 */
  keypair_fn sign_keypair[2];
  sign_fn sign[2], sign_detached[2];
  open_fn sign_open[2];
  mac_verify_fn sign_verify[2];
  unop_fn sign_sk_to_pk, sign_sk_to_seed;
  valid_fn r255_valid;
  binop_fn r255_add, r255_sub;
  unop_fn r255_from_hash;
  out_fn r255_random, r255_scalar_random;
  unop_fn r255_scalar_invert;
  vunop_fn r255_scalar_negate, r255_scalar_complement, r255_scalar_reduce;
  vbinop_fn r255_scalar_add, r255_scalar_sub, r255_scalar_mul;
  binop_fn r255_mult;
  unop_fn r255_mult_base;
  hash_fn hash[3]; /* [0] crypto_hash, [1] _sha256, [2] _sha512 */
  mac_fn hmac[2];  /* [0] hmacsha256, [1] hmacsha512 */
  mac_verify_fn hmac_verify[2];
  out_fn ss_keygen;
  ss_init_push_fn ss_init_push;
  ss_init_pull_fn ss_init_pull;
  ss_push_fn ss_push;
  ss_pull_fn ss_pull;
  ss_rekey_fn ss_rekey;
} api;

/* libsodium's functions that the drop-in leaves to it, used as the
 * reference for the mixed use a program makes of both. */
typedef struct {
  int (*init)(void);
  size_t (*poly_statebytes)(void);
  int (*poly_init)(void *, const uc *);
  int (*poly_update)(void *, const uc *, ull);
  int (*poly_final)(void *, uc *);
  size_t (*sha_statebytes[2])(void);
  int (*sha_init[2])(void *);
  int (*sha_update[2])(void *, const uc *, ull);
  int (*sha_final[2])(void *, uc *);
  size_t (*hmac_statebytes[2])(void);
  int (*hmac_init[2])(void *, const uc *, size_t);
  int (*hmac_update[2])(void *, const uc *, ull);
  int (*hmac_final[2])(void *, uc *);
  int (*gcm_available)(void);
  size_t (*gcm_statebytes)(void);
  int (*gcm_beforenm)(void *, const uc *);
  int (*gcm_enc_afternm)(uc *, ull *, const uc *, ull, const uc *, ull, const uc *, const uc *, const void *);
  int (*gcm_dec_afternm)(uc *, ull *, uc *, const uc *, ull, const uc *, ull, const uc *, const void *);
  int (*kx_client)(uc *, uc *, const uc *, const uc *, const uc *);
  int (*kx_server)(uc *, uc *, const uc *, const uc *, const uc *);
  int (*generichash)(uc *, size_t, const uc *, ull, const uc *, size_t);
  int (*pk_to_curve25519)(uc *, const uc *);
  int (*sk_to_curve25519)(uc *, const uc *);
  size_t (*ss_statebytes)(void);
} extra;

/* One function: its name and where its pointer goes in the table. */
typedef struct {
  const char *name;
  size_t at;
} sym;

#define A(f) offsetof(api, f)
static const sym api_syms[] = {
    {"crypto_aead_chacha20poly1305_ietf_encrypt", A(aead_enc[0])},
    {"crypto_aead_xchacha20poly1305_ietf_encrypt", A(aead_enc[1])},
    {"crypto_aead_aes256gcm_encrypt", A(aead_enc[2])},
    {"crypto_aead_chacha20poly1305_ietf_encrypt_detached", A(aead_encd[0])},
    {"crypto_aead_xchacha20poly1305_ietf_encrypt_detached", A(aead_encd[1])},
    {"crypto_aead_aes256gcm_encrypt_detached", A(aead_encd[2])},
    {"crypto_aead_chacha20poly1305_ietf_decrypt", A(aead_dec[0])},
    {"crypto_aead_xchacha20poly1305_ietf_decrypt", A(aead_dec[1])},
    {"crypto_aead_aes256gcm_decrypt", A(aead_dec[2])},
    {"crypto_aead_chacha20poly1305_ietf_decrypt_detached", A(aead_decd[0])},
    {"crypto_aead_xchacha20poly1305_ietf_decrypt_detached", A(aead_decd[1])},
    {"crypto_aead_aes256gcm_decrypt_detached", A(aead_decd[2])},
    {"crypto_aead_chacha20poly1305_ietf_keygen", A(aead_keygen[0])},
    {"crypto_aead_xchacha20poly1305_ietf_keygen", A(aead_keygen[1])},
    {"crypto_stream_chacha20_ietf", A(stream[0])},
    {"crypto_stream_xchacha20", A(stream[1])},
    {"crypto_stream_chacha20_ietf_xor", A(stream_xor[0])},
    {"crypto_stream_xchacha20_xor", A(stream_xor[1])},
    {"crypto_stream_chacha20_ietf_xor_ic", A(chacha_xor_ic)},
    {"crypto_stream_xchacha20_xor_ic", A(xchacha_xor_ic)},
    {"crypto_onetimeauth", A(onetimeauth[0])},
    {"crypto_onetimeauth_poly1305", A(onetimeauth[1])},
    {"crypto_onetimeauth_verify", A(onetimeauth_verify[0])},
    {"crypto_onetimeauth_poly1305_verify", A(onetimeauth_verify[1])},
    {"crypto_scalarmult", A(scalarmult[0])},
    {"crypto_scalarmult_curve25519", A(scalarmult[1])},
    {"crypto_scalarmult_base", A(scalarmult_base[0])},
    {"crypto_scalarmult_curve25519_base", A(scalarmult_base[1])},
    {"crypto_box_keypair", A(box_keypair[0])},
    {"crypto_box_curve25519xsalsa20poly1305_keypair", A(box_keypair[1])},
    {"crypto_box_seed_keypair", A(box_seed_keypair[0])},
    {"crypto_box_curve25519xsalsa20poly1305_seed_keypair", A(box_seed_keypair[1])},
    {"crypto_sign_seed_keypair", A(sign_seed_keypair[0])},
    {"crypto_sign_ed25519_seed_keypair", A(sign_seed_keypair[1])},
    {"crypto_sign_keypair", A(sign_keypair[0])},
    {"crypto_sign_ed25519_keypair", A(sign_keypair[1])},
    {"crypto_sign", A(sign[0])},
    {"crypto_sign_ed25519", A(sign[1])},
    {"crypto_sign_detached", A(sign_detached[0])},
    {"crypto_sign_ed25519_detached", A(sign_detached[1])},
    {"crypto_sign_open", A(sign_open[0])},
    {"crypto_sign_ed25519_open", A(sign_open[1])},
    {"crypto_sign_verify_detached", A(sign_verify[0])},
    {"crypto_sign_ed25519_verify_detached", A(sign_verify[1])},
    {"crypto_sign_ed25519_sk_to_pk", A(sign_sk_to_pk)},
    {"crypto_sign_ed25519_sk_to_seed", A(sign_sk_to_seed)},
    {"crypto_core_ristretto255_is_valid_point", A(r255_valid)},
    {"crypto_core_ristretto255_add", A(r255_add)},
    {"crypto_core_ristretto255_sub", A(r255_sub)},
    {"crypto_core_ristretto255_from_hash", A(r255_from_hash)},
    {"crypto_core_ristretto255_random", A(r255_random)},
    {"crypto_core_ristretto255_scalar_random", A(r255_scalar_random)},
    {"crypto_core_ristretto255_scalar_invert", A(r255_scalar_invert)},
    {"crypto_core_ristretto255_scalar_negate", A(r255_scalar_negate)},
    {"crypto_core_ristretto255_scalar_complement", A(r255_scalar_complement)},
    {"crypto_core_ristretto255_scalar_reduce", A(r255_scalar_reduce)},
    {"crypto_core_ristretto255_scalar_add", A(r255_scalar_add)},
    {"crypto_core_ristretto255_scalar_sub", A(r255_scalar_sub)},
    {"crypto_core_ristretto255_scalar_mul", A(r255_scalar_mul)},
    {"crypto_scalarmult_ristretto255", A(r255_mult)},
    {"crypto_scalarmult_ristretto255_base", A(r255_mult_base)},
    {"crypto_hash", A(hash[0])},
    {"crypto_hash_sha256", A(hash[1])},
    {"crypto_hash_sha512", A(hash[2])},
    {"crypto_auth_hmacsha256", A(hmac[0])},
    {"crypto_auth_hmacsha512", A(hmac[1])},
    {"crypto_auth_hmacsha256_verify", A(hmac_verify[0])},
    {"crypto_auth_hmacsha512_verify", A(hmac_verify[1])},
    {"crypto_secretstream_xchacha20poly1305_keygen", A(ss_keygen)},
    {"crypto_secretstream_xchacha20poly1305_init_push", A(ss_init_push)},
    {"crypto_secretstream_xchacha20poly1305_init_pull", A(ss_init_pull)},
    {"crypto_secretstream_xchacha20poly1305_push", A(ss_push)},
    {"crypto_secretstream_xchacha20poly1305_pull", A(ss_pull)},
    {"crypto_secretstream_xchacha20poly1305_rekey", A(ss_rekey)},
};
#undef A
_Static_assert(sizeof api_syms / sizeof api_syms[0] == sizeof(api) / sizeof(void (*)(void)),
               "every field of api has its name");

#define E(f) offsetof(extra, f)
static const sym extra_syms[] = {
    {"sodium_init", E(init)},
    {"crypto_onetimeauth_poly1305_statebytes", E(poly_statebytes)},
    {"crypto_onetimeauth_poly1305_init", E(poly_init)},
    {"crypto_onetimeauth_poly1305_update", E(poly_update)},
    {"crypto_onetimeauth_poly1305_final", E(poly_final)},
    {"crypto_hash_sha256_statebytes", E(sha_statebytes[0])},
    {"crypto_hash_sha512_statebytes", E(sha_statebytes[1])},
    {"crypto_hash_sha256_init", E(sha_init[0])},
    {"crypto_hash_sha512_init", E(sha_init[1])},
    {"crypto_hash_sha256_update", E(sha_update[0])},
    {"crypto_hash_sha512_update", E(sha_update[1])},
    {"crypto_hash_sha256_final", E(sha_final[0])},
    {"crypto_hash_sha512_final", E(sha_final[1])},
    {"crypto_auth_hmacsha256_statebytes", E(hmac_statebytes[0])},
    {"crypto_auth_hmacsha512_statebytes", E(hmac_statebytes[1])},
    {"crypto_auth_hmacsha256_init", E(hmac_init[0])},
    {"crypto_auth_hmacsha512_init", E(hmac_init[1])},
    {"crypto_auth_hmacsha256_update", E(hmac_update[0])},
    {"crypto_auth_hmacsha512_update", E(hmac_update[1])},
    {"crypto_auth_hmacsha256_final", E(hmac_final[0])},
    {"crypto_auth_hmacsha512_final", E(hmac_final[1])},
    {"crypto_aead_aes256gcm_is_available", E(gcm_available)},
    {"crypto_aead_aes256gcm_statebytes", E(gcm_statebytes)},
    {"crypto_aead_aes256gcm_beforenm", E(gcm_beforenm)},
    {"crypto_aead_aes256gcm_encrypt_afternm", E(gcm_enc_afternm)},
    {"crypto_aead_aes256gcm_decrypt_afternm", E(gcm_dec_afternm)},
    {"crypto_kx_client_session_keys", E(kx_client)},
    {"crypto_kx_server_session_keys", E(kx_server)},
    {"crypto_generichash", E(generichash)},
    {"crypto_sign_ed25519_pk_to_curve25519", E(pk_to_curve25519)},
    {"crypto_sign_ed25519_sk_to_curve25519", E(sk_to_curve25519)},
    {"crypto_secretstream_xchacha20poly1305_statebytes", E(ss_statebytes)},
};
#undef E

/* ------------------------------------------------------------- loading */

/* The drop-in instances: [0] the file itself (default selection), [1..]
 * private copies, each with its HWCRYPTO_IMPL. */
enum { MAX_INST = 17 };
static api D[MAX_INST];
static char impl_env[MAX_INST][1024];
static size_t n_inst;
static api R;     /* libsodium's implementations of the same names */
static extra X;   /* libsodium's other functions */
static const api *d; /* the instance this input runs */
static size_t cur_inst;
static const char *cur_op;

/* Ends the process: a missing library is a skip (77), never a pass. */
static void skip(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "fuzz_sodium: SKIP: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(77);
}

/* A broken set-up (a pointer from the wrong library): aborts. */
static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "fuzz_sodium: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  abort();
}

/* Fills table from lib by syms, checking with dladdr that each pointer
 * lies in lib itself: with the other library's name resolved instead, the
 * comparison would compare a library with itself and always pass. */
static void resolve(void *lib, const char *what, void *table, const sym *syms, size_t n) {
  struct link_map *lm = NULL;
  if (dlinfo(lib, RTLD_DI_LINKMAP, &lm) != 0 || !lm) fail("dlinfo(%s): %s", what, dlerror());
  for (size_t i = 0; i < n; i++) {
    void *p = dlsym(lib, syms[i].name);
    if (!p) skip("%s has no %s", what, syms[i].name);
    Dl_info info;
    if (!dladdr(p, &info) || !info.dli_fname || strcmp(info.dli_fname, lm->l_name) != 0)
      fail("%s of %s resolves into %s, not %s: aborting", syms[i].name, what,
           info.dli_fname ? info.dli_fname : "?", lm->l_name);
    /* POSIX: a data pointer holds a function's address; copy the bytes. */
    memcpy((char *)table + syms[i].at, &p, sizeof p);
  }
}

/* 1 when HWC_FUZZ_PEER_DISABLE (comma-separated, as fuzz_differential
 * reads it) names libsodium or all: tests the skip path. */
static int sodium_disabled(void) {
  const char *v = getenv("HWC_FUZZ_PEER_DISABLE");
  return v && (strstr(v, "libsodium") || strstr(v, "all"));
}

/* Copies the file at from to to; 0 on failure. */
static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  char buf[65536];
  size_t n;
  int ok = in && out;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
  if (in) fclose(in);
  if (out && fclose(out) != 0) ok = 0;
  return ok;
}

/* The copies' directory, /tmp/fuzz_sodium.<pid>, made afresh. They stay
 * while the process runs, so that libFuzzer's and the sanitizers'
 * symbolizer can read them (an unlinked copy costs a failed symbolizer
 * run per new function: a tenth of the speed), and go at exit; a crashed
 * run's copies are removed by the next run (their pid is gone). */
static char copies[64];

/* Removes the files of directory d and d itself. */
static void remove_dir(const char *path) {
  DIR *dh = opendir(path);
  struct dirent *e;
  char f[600];
  while (dh && (e = readdir(dh)) != NULL)
    if (e->d_name[0] != '.') {
      snprintf(f, sizeof f, "%s/%s", path, e->d_name);
      unlink(f);
    }
  if (dh) closedir(dh);
  rmdir(path);
}

static void remove_copies(void) { remove_dir(copies); }

/* Makes the directory (its name into dir) after removing those of runs
 * that are gone. */
static void copies_dir(char *dir, size_t len) {
  DIR *t = opendir("/tmp");
  struct dirent *e;
  while (t && (e = readdir(t)) != NULL) {
    long pid;
    char stale[300];
    if (sscanf(e->d_name, "fuzz_sodium.%ld", &pid) != 1 || pid <= 0) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive, or not ours to judge */
    snprintf(stale, sizeof stale, "/tmp/%s", e->d_name);
    remove_dir(stale);
  }
  if (t) closedir(t);
  snprintf(dir, len, "/tmp/fuzz_sodium.%ld", (long)getpid());
  remove_dir(dir);
  if (mkdir(dir, 0700) != 0) fail("mkdir %s: %s", dir, strerror(errno));
  snprintf(copies, sizeof copies, "%s", dir);
  atexit(remove_copies);
}

/* Loads instance i from path with HWCRYPTO_IMPL = env (NULL: as the
 * process has it), and makes its hwcrypto read the variable now, with a
 * first call, before the variable is put back. */
static void load_instance(size_t i, const char *path, const char *env) {
  char *saved = getenv("HWCRYPTO_IMPL") ? strdup(getenv("HWCRYPTO_IMPL")) : NULL;
  if (env) setenv("HWCRYPTO_IMPL", env, 1);
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) skip("the drop-in %s: %s", path, dlerror());
  char what[64];
  snprintf(what, sizeof what, "the drop-in (instance %zu)", i);
  resolve(lib, what, &D[i], api_syms, sizeof api_syms / sizeof api_syms[0]);
  uc h[32];
  D[i].hash[1](h, (const uc *)"", 0);
  if (env) {
    if (saved) setenv("HWCRYPTO_IMPL", saved, 1);
    else unsetenv("HWCRYPTO_IMPL");
  }
  free(saved);
  snprintf(impl_env[i], sizeof impl_env[i], "%s", env ? env : "(default selection)");
}

/* Loads libsodium and every drop-in instance, once. */
static void load_all(void) {
  static int done;
  if (done) return;
  done = 1;
  if (sodium_disabled()) skip("libsodium.so.23 disabled by HWC_FUZZ_PEER_DISABLE");
  /* No library in the global scope may define these names (a preloaded
   * drop-in, a libsodium linked in): libsodium's calls between its own
   * functions would reach it, and part of the reference would be the
   * drop-in. */
  for (size_t i = 0; i < sizeof api_syms / sizeof api_syms[0]; i++) {
    void *g = dlsym(RTLD_DEFAULT, api_syms[i].name);
    Dl_info info;
    if (g) fail("%s is already defined in the process, by %s: aborting", api_syms[i].name,
                dladdr(g, &info) && info.dli_fname ? info.dli_fname : "?");
  }
  void *so = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
  if (!so) skip("libsodium.so.23: %s", dlerror());
  resolve(so, "libsodium.so.23", &R, api_syms, sizeof api_syms / sizeof api_syms[0]);
  resolve(so, "libsodium.so.23", &X, extra_syms, sizeof extra_syms / sizeof extra_syms[0]);
  if (X.init() < 0) skip("sodium_init failed");
  if (X.poly_statebytes() > 512 || X.sha_statebytes[1]() > 512 || X.hmac_statebytes[1]() > 512 ||
      X.gcm_statebytes() > 512 || X.ss_statebytes() != 52)
    fail("libsodium's state sizes are not 1.0.18's");
  if (access(HWC_SODIUM_DROPIN, R_OK) != 0) skip("the drop-in %s: %s", HWC_SODIUM_DROPIN, strerror(errno));
  load_instance(0, HWC_SODIUM_DROPIN, NULL);
  /* The backend sets, from this harness's hwcrypto. */
  size_t sets = 1;
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    size_t n = 0;
    for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++) n += hwc_impl_supported((hwc_prim)p, i) != 0;
    if (n > sets) sets = n;
  }
  if (sets > MAX_INST - 1) sets = MAX_INST - 1;
  char dir[64];
  copies_dir(dir, sizeof dir);
  for (size_t c = 0; c < sets; c++) {
    char env[1024] = "", path[128];
    size_t len = 0;
    for (int p = 0; p < HWC_PRIM_COUNT; p++) {
      size_t idx[32], n = 0;
      for (size_t i = 0; i < hwc_impl_count((hwc_prim)p) && n < 32; i++)
        if (hwc_impl_supported((hwc_prim)p, i)) idx[n++] = i;
      if (n == 0) continue;
      len += (size_t)snprintf(env + len, sizeof env - len, "%s%s=%s", len ? "," : "", hwc_prim_name((hwc_prim)p),
                              hwc_impl_name((hwc_prim)p, idx[c % n]));
      if (len >= sizeof env) fail("HWCRYPTO_IMPL too long");
    }
    /* A path of its own, or dlopen would return instance 0 again. */
    snprintf(path, sizeof path, "%s/dropin-%zu.so", dir, c);
    if (!copy_file(HWC_SODIUM_DROPIN, path)) fail("copying the drop-in to %s failed", path);
    load_instance(1 + c, path, env);
  }
  n_inst = 1 + sets;
  fprintf(stderr, "fuzz_sodium: libsodium.so.23 and %zu instances of %s (the default selection and %zu backend sets)\n",
          n_inst, HWC_SODIUM_DROPIN, sets);
}

/* ----------------------------------------------------------- reporting */

/* Aborts with the operation, the instance's backend set and what. */
static void mismatch(const char *what) {
  fprintf(stderr, "fuzz_sodium: MISMATCH in %s (drop-in instance %zu, HWCRYPTO_IMPL=%s): %s\n", cur_op, cur_inst,
          impl_env[cur_inst], what);
  abort();
}

/* mismatch(what) unless ok. */
static void check(int ok, const char *what) {
  if (!ok) mismatch(what);
}

/* Return values and n bytes of output of libsodium (a) and the drop-in (b). */
static void same(const char *what, int ra, int rb, const void *a, const void *b, size_t n) {
  if (ra != rb) {
    char m[256];
    snprintf(m, sizeof m, "%s: libsodium returned %d, the drop-in %d", what, ra, rb);
    mismatch(m);
  }
  if (n && memcmp(a, b, n) != 0) {
    char m[256];
    snprintf(m, sizeof m, "%s: output bytes differ", what);
    mismatch(m);
  }
}

/* Lengths where the kernels change path (16-, 64- and 128-byte units). */
static const uint16_t edge_lens[] = {0,  1,  15, 16, 17,  31,  32,  33,  55,  56,  63,  64,  65,
                                     111, 112, 127, 128, 129, 255, 256, 257, 511, 512, 1023, 1024};

/* A length of at most max (rd_len_table of fuzz.h over edge_lens). */
static size_t rd_len(reader *r, size_t max) {
  return rd_len_table(r, max, edge_lens, sizeof edge_lens / sizeof edge_lens[0]);
}

/* 32-byte values where the libraries decide things: little-endian hex. */
static const char *const specials[] = {
    "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
    "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p - 1 */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255 - 1 */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256 - 1 */
    "0000000000000000000000000000000000000000000000000000000000000080", /* 2^255 */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* X25519 u of order 8 */
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* X25519 u of order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* Ed25519 point of order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", /* Ed25519 point of order 8 */
    "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L */
    "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L - 1 */
    "eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L + 1 */
    "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000090", /* L - 1, bit 255 */
    "0000000000000000000000000000000000000000000000000000000000000010", /* 2^252 */
    "dad3f55c1a631258d69cf7a2def9de1400000000000000000000000000000020", /* 2L */
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76", /* the ristretto255 generator */
    "0900000000000000000000000000000000000000000000000000000000000000", /* the X25519 base point */
};
enum { N_SPECIALS = sizeof specials / sizeof specials[0] };

/* Hex digit value. */
static unsigned hexval(char c) { return (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10); }

/* A 32-byte value: a mode byte below 0xc0 takes 32 input bytes; above, a
 * special value; 0xff, the next value with bit 255 flipped. */
static void rd_32(reader *r, uc out[32]) {
  uint8_t m = rd_byte(r);
  if (m < 0xc0) {
    rd_bytes(r, out, 32);
    return;
  }
  if (m == 0xff) {
    rd_32(r, out);
    out[31] ^= 0x80;
    return;
  }
  const char *h = specials[(m - 0xc0) % N_SPECIALS];
  for (int i = 0; i < 32; i++) out[i] = (uc)(hexval(h[2 * i]) << 4 | hexval(h[2 * i + 1]));
}

/* Cuts of a message for the incremental APIs: a count byte, then pieces
 * of c bytes (c < 128) or (c - 128) * 37 + 1 bytes. */
typedef struct {
  uint8_t b[8];
  size_t n;
} cuts;

static void rd_cuts(reader *r, cuts *c) {
  c->n = 1 + rd_byte(r) % 8;
  rd_bytes(r, c->b, c->n);
}

/* Cuts len bytes at m by c and hands each piece to update(st, ...);
 * a cut of 0 is an empty update followed by a 1-byte piece, so the loop
 * always advances. */
static void feed(const cuts *c, const uc *m, size_t len, int (*update)(void *, const uc *, ull), void *st) {
  for (size_t off = 0, i = 0; off < len; i++) {
    uint8_t b = c->b[i % c->n];
    size_t n = b < 128 ? b : (size_t)(b - 128) * 37 + 1;
    if (n == 0) {
      update(st, m + off, 0);
      n = 1;
    }
    if (n > len - off) n = len - off;
    update(st, m + off, n);
    off += n;
  }
}

/* p, or NULL when n is 0 and the input's flag says so: libsodium takes
 * NULL with length 0, so must the drop-in. */
static const uc *maybe_null(const uc *p, size_t n, int flag) { return n == 0 && flag ? NULL : p; }

/* ------------------------------------------------------------- buffers */

enum { MAX_MSG = 2048 };
static uc msg[MAX_MSG + 64], ad[MAX_MSG], ra[MAX_MSG + 128], rb[MAX_MSG + 128], ca[MAX_MSG + 128],
    cb[MAX_MSG + 128];
static _Alignas(64) uc st_a[1024], st_b[1024];

/* Fills both output buffers with the same pattern, so bytes a function
 * leaves alone compare equal. */
static void prefill(void) {
  memset(ra, 0xa5, sizeof ra);
  memset(rb, 0xa5, sizeof rb);
}

/* ================================================================ AEADs */

/* The one-shot AEADs, every form: encrypt (combined, detached, in place),
 * decrypt of libsodium's ciphertext, possibly tampered or truncated
 * (combined, detached, tag check without output), on the same key,
 * nonce, message and AD. */
static void op_aead(reader *r) {
  uint8_t a = rd_byte(r), mode = rd_byte(r), flags = rd_byte(r);
  int alg = a % 3;
  if (alg == 2 && !X.gcm_available()) return;
  uc k[32], npub[24];
  rd_32(r, k);
  rd_bytes(r, npub, 24);
  size_t adlen = rd_len(r, 256), mlen = rd_len(r, MAX_MSG);
  rd_data(r, ad, adlen);
  rd_data(r, msg, mlen);
  const uc *adp = maybe_null(ad, adlen, flags & 1), *mp = maybe_null(msg, mlen, flags & 2);
  ull la = 7, lb = 7, ma = 7, mb = 7;
  prefill();
  switch (mode % 6) {
  case 0: /* combined */
    same("encrypt", R.aead_enc[alg](ra, &la, mp, mlen, adp, adlen, NULL, npub, k),
         d->aead_enc[alg](rb, &lb, mp, mlen, adp, adlen, NULL, npub, k), ra, rb, mlen + 16);
    check(la == lb, "encrypt: clen differs");
    return;
  case 1: /* detached, and the tag-length pointer NULL or not */
    same("encrypt_detached",
         R.aead_encd[alg](ra, ra + MAX_MSG + 64, flags & 4 ? NULL : &ma, mp, mlen, adp, adlen, NULL, npub, k),
         d->aead_encd[alg](rb, rb + MAX_MSG + 64, flags & 4 ? NULL : &mb, mp, mlen, adp, adlen, NULL, npub, k), ra,
         rb, sizeof ra);
    check(ma == mb, "encrypt_detached: maclen differs");
    return;
  case 2: /* in place: c and m the same buffer */
    memcpy(ra, msg, mlen);
    memcpy(rb, msg, mlen);
    same("encrypt in place", R.aead_enc[alg](ra, &la, ra, mlen, adp, adlen, NULL, npub, k),
         d->aead_enc[alg](rb, &lb, rb, mlen, adp, adlen, NULL, npub, k), ra, rb, mlen + 16);
    return;
  default:
    break;
  }
  /* Decryption of libsodium's ciphertext || tag, tampered as the input says. */
  ull clen = 0;
  check(R.aead_enc[alg](ca, &clen, msg, mlen, ad, adlen, NULL, npub, k) == 0, "libsodium encrypt failed");
  uint8_t t = rd_byte(r);
  size_t pos = ((size_t)rd_byte(r) << 8 | rd_byte(r)) % (clen ? clen : 1);
  if (t & 1) ca[pos] ^= (uc)(1u << (t >> 1 & 7));
  if (t & 0x10) clen = pos; /* truncated: possibly shorter than a tag */
  int in_place = flags & 8;
  switch (mode % 6) {
  case 3: { /* combined */
    memcpy(cb, ca, clen);
    uc *oa = in_place ? ca : ra, *ob = in_place ? cb : rb;
    same("decrypt", R.aead_dec[alg](oa, &ma, NULL, ca, clen, adp, adlen, npub, k),
         d->aead_dec[alg](ob, &mb, NULL, cb, clen, adp, adlen, npub, k), oa, ob, clen);
    check(ma == mb, "decrypt: mlen differs");
    return;
  }
  case 4: /* detached, with output */
    if (clen < 16) return;
    memcpy(cb, ca, clen);
    same("decrypt_detached", R.aead_decd[alg](ra, NULL, ca, clen - 16, ca + clen - 16, adp, adlen, npub, k),
         d->aead_decd[alg](rb, NULL, cb, clen - 16, cb + clen - 16, adp, adlen, npub, k), ra, rb, clen);
    return;
  default: /* the tag check alone (m == NULL) */
    if (clen < 16) return;
    same("decrypt_detached (m NULL)", R.aead_decd[alg](NULL, NULL, ca, clen - 16, ca + clen - 16, adp, adlen, npub, k),
         d->aead_decd[alg](NULL, NULL, ca, clen - 16, ca + clen - 16, adp, adlen, npub, k), NULL, NULL, 0);
    return;
  }
}

/* libsodium's aes256gcm beforenm/afternm (a state the drop-in does not
 * take over, README) against the drop-in's one-shot AES-256-GCM: a
 * program mixing them must get the same bytes both ways. */
static void op_gcm_afternm(reader *r) {
  if (!X.gcm_available()) return;
  uc k[32], npub[12];
  rd_32(r, k);
  rd_bytes(r, npub, 12);
  size_t adlen = rd_len(r, 256), mlen = rd_len(r, MAX_MSG);
  rd_data(r, ad, adlen);
  rd_data(r, msg, mlen);
  uint8_t t = rd_byte(r);
  ull la = 0, lb = 0, ma = 7, mb = 7;
  _Alignas(64) uc ctx[512];
  check(X.gcm_beforenm(ctx, k) == 0, "libsodium beforenm failed");
  prefill();
  same("encrypt_afternm vs encrypt", X.gcm_enc_afternm(ca, &la, msg, mlen, ad, adlen, NULL, npub, ctx),
       d->aead_enc[2](cb, &lb, msg, mlen, ad, adlen, NULL, npub, k), ca, cb, mlen + 16);
  size_t pos = (size_t)rd_byte(r) % (la ? la : 1);
  if (t & 1) cb[pos] ^= (uc)(1u << (t >> 1 & 7));
  same("decrypt_afternm vs decrypt", X.gcm_dec_afternm(ra, &ma, NULL, cb, lb, ad, adlen, npub, ctx),
       d->aead_dec[2](rb, &mb, NULL, cb, lb, ad, adlen, npub, k), ra, rb, mlen);
  check(ma == mb, "decrypt: mlen differs");
}

/* ============================================================== streams */

/* ChaCha20-IETF and XChaCha20: keystream, xor, xor_ic (counters at the
 * end of their range, clamped so that neither library reaches misuse:
 * see the header), in place or not. */
static void op_stream(reader *r) {
  uint8_t a = rd_byte(r), mode = rd_byte(r);
  int x = a & 1;
  uc k[32], n[24];
  rd_32(r, k);
  rd_bytes(r, n, 24);
  uint64_t ic = 0;
  for (int i = 0; i < 8; i++) ic |= (uint64_t)rd_byte(r) << (8 * i);
  if (mode & 0x80) ic = ~(uint64_t)0 - (ic & 0xff); /* near the end of the counter */
  size_t mlen = rd_len(r, MAX_MSG);
  rd_data(r, msg, mlen);
  uint64_t blocks = (mlen + 63) / 64;
  prefill();
  uc *ia = mode & 0x40 ? ra : msg, *ib = mode & 0x40 ? rb : msg;
  if (mode & 0x40) {
    memcpy(ra, msg, mlen);
    memcpy(rb, msg, mlen);
  }
  switch (mode % 3) {
  case 0:
    same("stream", R.stream[x](ra, mlen, n, k), d->stream[x](rb, mlen, n, k), ra, rb, sizeof ra);
    return;
  case 1:
    same("stream_xor", R.stream_xor[x](ra, ia, mlen, n, k), d->stream_xor[x](rb, ib, mlen, n, k), ra, rb,
         sizeof ra);
    return;
  default:
    if (x) {
      if (ic > ~(uint64_t)0 - blocks + (blocks > 0)) ic = ~(uint64_t)0 - blocks + (blocks > 0);
      same("xchacha20_xor_ic", R.xchacha_xor_ic(ra, ia, mlen, n, ic, k), d->xchacha_xor_ic(rb, ib, mlen, n, ic, k),
           ra, rb, sizeof ra);
    } else {
      uint64_t ic32 = ic & 0xffffffffu;
      if (ic32 > (1ull << 32) - blocks) ic32 = (1ull << 32) - blocks;
      same("chacha20_ietf_xor_ic", R.chacha_xor_ic(ra, ia, mlen, n, (uint32_t)ic32, k),
           d->chacha_xor_ic(rb, ib, mlen, n, (uint32_t)ic32, k), ra, rb, sizeof ra);
    }
  }
}

/* ============================================================ Poly1305 */

/* One-shot tags and verification (tampered tags) under both names, and
 * libsodium's init/update/final cut by the input against the drop-in's
 * one-shot tag. */
static void op_poly(reader *r) {
  uint8_t a = rd_byte(r), t = rd_byte(r);
  uc k[32], tag[16];
  rd_32(r, k);
  size_t mlen = rd_len(r, MAX_MSG);
  cuts c;
  rd_cuts(r, &c);
  rd_data(r, msg, mlen);
  int al = a & 1;
  prefill();
  same("onetimeauth", R.onetimeauth[al](ra, msg, mlen, k), d->onetimeauth[al](rb, msg, mlen, k), ra, rb, 32);
  memcpy(tag, ra, 16);
  if (t & 1) tag[t >> 4] ^= (uc)(1u << (t >> 1 & 7));
  same("onetimeauth_verify", R.onetimeauth_verify[al](tag, msg, mlen, k),
       d->onetimeauth_verify[al](tag, msg, mlen, k), NULL, NULL, 0);
  _Alignas(64) uc st[512];
  check(X.poly_init(st, k) == 0, "libsodium poly1305_init");
  feed(&c, msg, mlen, X.poly_update, st);
  X.poly_final(st, ra);
  same("poly1305 init/update/final vs one-shot", 0, 0, ra, rb, 16);
}

/* ============================================================== X25519 */

/* crypto_scalarmult(_curve25519)(_base) on any scalar and any point,
 * small-order and non-canonical ones included; on -1 only the return
 * value is compared (header). */
static void op_x25519(reader *r) {
  uint8_t a = rd_byte(r);
  uc n[32], p[32];
  rd_32(r, n);
  rd_32(r, p);
  int al = a & 1;
  prefill();
  if (a & 2) {
    same("scalarmult_base", R.scalarmult_base[al](ra, n), d->scalarmult_base[al](rb, n), ra, rb, 32);
    return;
  }
  int x = R.scalarmult[al](ra, n, p), y = d->scalarmult[al](rb, n, p);
  same("scalarmult", x, y, ra, rb, x == 0 ? 32 : 0);
}

/* Box key pairs: from a seed byte for byte; random ones structurally
 * (libsodium's scalarmult_base of the drop-in's sk is its pk). */
static void op_box_keys(reader *r) {
  uint8_t a = rd_byte(r);
  uc seed[32], pk[2][32], sk[2][32], q[32];
  rd_32(r, seed);
  int al = a & 1;
  same("box_seed_keypair", R.box_seed_keypair[al](pk[0], sk[0], seed), d->box_seed_keypair[al](pk[1], sk[1], seed),
       pk[0], pk[1], 32);
  same("box_seed_keypair sk", 0, 0, sk[0], sk[1], 32);
  check(d->box_keypair[al](pk[1], sk[1]) == 0, "box_keypair returned non-zero");
  check(R.scalarmult_base[1](q, sk[1]) == 0 && memcmp(q, pk[1], 32) == 0,
        "box_keypair: pk is not libsodium's scalarmult_base(sk)");
}

/* crypto_kx_*_session_keys (libsodium's: BLAKE2b-512 of the shared point
 * and both public keys) against the same over the drop-in's X25519, for
 * key pairs from the drop-in and any server key, small-order included. */
static void op_kx(reader *r) {
  uint8_t a = rd_byte(r);
  uc seed[32], cpk[32], csk[32], spk[32], ssk[32], q[32], h[96], keys[64], rx[2][32], tx[2][32];
  rd_32(r, seed);
  check(d->box_seed_keypair[0](cpk, csk, seed) == 0, "box_seed_keypair");
  rd_32(r, seed);
  check(d->box_seed_keypair[0](spk, ssk, seed) == 0, "box_seed_keypair");
  if (a & 1) rd_32(r, spk); /* any server key: the pair no longer matches */
  int x = X.kx_client(rx[0], tx[0], cpk, csk, spk), y = d->scalarmult[0](q, csk, spk);
  same("kx_client_session_keys vs scalarmult", x, y, NULL, NULL, 0);
  if (y == 0) {
    memcpy(h, q, 32);
    memcpy(h + 32, cpk, 32);
    memcpy(h + 64, spk, 32);
    check(X.generichash(keys, 64, h, 96, NULL, 0) == 0, "generichash");
    same("kx_client rx", 0, 0, rx[0], keys, 32);
    same("kx_client tx", 0, 0, tx[0], keys + 32, 32);
  }
  if (a & 1) return;
  x = X.kx_server(rx[1], tx[1], spk, ssk, cpk);
  same("kx_server_session_keys", x, 0, NULL, NULL, 0);
  same("kx server rx = client tx", 0, 0, rx[1], tx[0], 32);
  same("kx server tx = client rx", 0, 0, tx[1], rx[0], 32);
}

/* ============================================================= Ed25519 */

/* Sign key pairs from a seed (byte for byte), random ones (structurally:
 * libsodium's key pair of the drop-in's seed), sk_to_pk and sk_to_seed of
 * any 64 bytes, and libsodium's conversions to X25519 of the drop-in's
 * keys against the drop-in's scalarmult_base. */
static void op_sign_keys(reader *r) {
  uint8_t a = rd_byte(r);
  uc seed[32], pk[2][32], sk[2][64], xsk[32], xpk[32], q[32];
  rd_32(r, seed);
  int al = a & 1;
  same("sign_seed_keypair", R.sign_seed_keypair[al](pk[0], sk[0], seed), d->sign_seed_keypair[al](pk[1], sk[1], seed),
       pk[0], pk[1], 32);
  same("sign_seed_keypair sk", 0, 0, sk[0], sk[1], 64);
  check(d->sign_keypair[al](pk[1], sk[1]) == 0, "sign_keypair returned non-zero");
  check(R.sign_seed_keypair[1](pk[0], sk[0], sk[1]) == 0 && memcmp(pk[0], pk[1], 32) == 0 &&
            memcmp(sk[0], sk[1], 64) == 0,
        "sign_keypair: not libsodium's key pair of its seed");
  check(X.pk_to_curve25519(xpk, pk[1]) == 0, "libsodium pk_to_curve25519 of the drop-in's pk failed");
  check(X.sk_to_curve25519(xsk, sk[1]) == 0, "libsodium sk_to_curve25519");
  check(d->scalarmult_base[1](q, xsk) == 0 && memcmp(q, xpk, 32) == 0,
        "pk_to_curve25519(pk) != scalarmult_base(sk_to_curve25519(sk))");
  rd_32(r, sk[0]);
  rd_32(r, sk[0] + 32);
  prefill();
  same("sk_to_pk", R.sign_sk_to_pk(ra, sk[0]), d->sign_sk_to_pk(rb, sk[0]), ra, rb, 64);
  same("sk_to_seed", R.sign_sk_to_seed(ra, sk[0]), d->sign_sk_to_seed(rb, sk[0]), ra, rb, 64);
}

/* A secret key: from a seed, or (flag) any 64 bytes, whose second half
 * then is not the seed's public key. */
static void rd_sk(reader *r, int raw, uc sk[64]) {
  uc seed[32], pk[32];
  rd_32(r, seed);
  if (raw) {
    memcpy(sk, seed, 32);
    rd_32(r, sk + 32);
  } else {
    check(R.sign_seed_keypair[1](pk, sk, seed) == 0, "libsodium seed_keypair");
  }
}

/* Signing: detached and combined (m in its own buffer or already at
 * sm + 64), under both names. */
static void op_sign(reader *r) {
  uint8_t a = rd_byte(r);
  uc sk[64];
  rd_sk(r, a & 8, sk);
  size_t mlen = rd_len(r, MAX_MSG);
  rd_data(r, msg, mlen);
  int al = a & 1;
  ull la = 7, lb = 7;
  prefill();
  switch (a >> 1 & 3) {
  case 0:
    same("sign_detached", R.sign_detached[al](ra, a & 16 ? NULL : &la, msg, mlen, sk),
         d->sign_detached[al](rb, a & 16 ? NULL : &lb, msg, mlen, sk), ra, rb, 64);
    break;
  case 1:
    same("sign", R.sign[al](ra, &la, msg, mlen, sk), d->sign[al](rb, &lb, msg, mlen, sk), ra, rb, mlen + 64);
    break;
  default: /* m already at sm + 64 */
    memcpy(ra + 64, msg, mlen);
    memcpy(rb + 64, msg, mlen);
    same("sign (m at sm + 64)", R.sign[al](ra, &la, ra + 64, mlen, sk), d->sign[al](rb, &lb, rb + 64, mlen, sk), ra,
         rb, mlen + 64);
    break;
  }
  check(la == lb, "signature length differs");
}

/* A signed message sm = sig || m of libsodium's, then hostile variants:
 * bits flipped, R or S or the public key replaced by a special value (a
 * small-order point, p, L, ...) or raw bytes, S + L. Returns smlen. */
static size_t rd_signed(reader *r, uc *sm, uc pk[32]) {
  uint8_t t = rd_byte(r);
  uc seed[32], sk[64];
  rd_32(r, seed);
  check(R.sign_seed_keypair[1](pk, sk, seed) == 0, "libsodium seed_keypair");
  size_t mlen = rd_len(r, MAX_MSG);
  rd_data(r, msg, mlen);
  ull smlen = 0;
  check(R.sign[1](sm, &smlen, msg, mlen, sk) == 0, "libsodium sign");
  switch (t % 8) {
  case 1: sm[rd_byte(r) % 64] ^= (uc)(1u << (t >> 3 & 7)); break;
  case 2: rd_32(r, sm); break;       /* R */
  case 3: rd_32(r, sm + 32); break;  /* S */
  case 4: rd_32(r, pk); break;       /* A */
  case 5: {                           /* S + L: non-canonical, else valid */
    static const uc L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                             0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
      c += sm[32 + i] + L[i];
      sm[32 + i] = (uc)c;
      c >>= 8;
    }
    break;
  }
  case 6: sm[64 + (mlen ? rd_byte(r) % mlen : 0)] ^= (uc)(mlen ? 1 : 0); break;
  case 7: rd_32(r, sm); rd_32(r, sm + 32); rd_32(r, pk); break;
  default: break;
  }
  return (size_t)smlen;
}

/* verify_detached on valid and hostile signatures and keys. */
static void op_verify(reader *r) {
  uint8_t a = rd_byte(r);
  uc pk[32];
  size_t smlen = rd_signed(r, ca, pk);
  int al = a & 1;
  same("verify_detached", R.sign_verify[al](ca, ca + 64, smlen - 64, pk),
       d->sign_verify[al](ca, ca + 64, smlen - 64, pk), NULL, NULL, 0);
}

/* open on the same, possibly truncated below 64 bytes, with m NULL or
 * not: return value, mlen and m (zeroed on failure by both). */
static void op_open(reader *r) {
  uint8_t a = rd_byte(r), cut = rd_byte(r);
  uc pk[32];
  size_t smlen = rd_signed(r, ca, pk);
  if (cut & 1) smlen = cut >> 1 < smlen ? cut >> 1 : smlen;
  int al = a & 1;
  ull la = 7, lb = 7;
  prefill();
  same("open", R.sign_open[al](a & 2 ? NULL : ra, &la, ca, smlen, pk),
       d->sign_open[al](a & 2 ? NULL : rb, &lb, ca, smlen, pk), ra, rb, sizeof ra);
  check(la == lb, "open: mlen differs");
}

/* ========================================================= ristretto255 */

/* An element encoding: libsodium's from_hash of 64 input bytes (valid),
 * with bit 255 set on request; or any 32 bytes / a special value. */
static void rd_r255(reader *r, uc p[32]) {
  uint8_t m = rd_byte(r);
  if (m & 0x80) {
    rd_32(r, p);
    return;
  }
  uc h[64];
  rd_bytes(r, h, 64);
  check(R.r255_from_hash(p, h) == 0, "libsodium from_hash");
  if (m & 1) p[31] |= 0x80;
}

/* is_valid_point, add, sub, from_hash, and random (structurally: an
 * encoding libsodium takes). */
static void op_r255_point(reader *r) {
  uint8_t a = rd_byte(r);
  uc p[32], q[32], h[64];
  prefill();
  switch (a % 4) {
  case 0:
    rd_r255(r, p);
    same("is_valid_point", R.r255_valid(p), d->r255_valid(p), NULL, NULL, 0);
    return;
  case 1:
  case 2: {
    rd_r255(r, p);
    rd_r255(r, q);
    binop_fn fr = a % 4 == 1 ? R.r255_add : R.r255_sub, fd = a % 4 == 1 ? d->r255_add : d->r255_sub;
    same(a % 4 == 1 ? "ristretto255_add" : "ristretto255_sub", fr(ra, p, q), fd(rb, p, q), ra, rb, 32);
    return;
  }
  default:
    rd_bytes(r, h, 64);
    same("from_hash", R.r255_from_hash(ra, h), d->r255_from_hash(rb, h), ra, rb, 32);
    d->r255_random(rb);
    check(R.r255_valid(rb) == 1, "ristretto255_random: libsodium rejects the encoding");
  }
}

/* The scalar functions on any 32 (reduce: 64) bytes, non-canonical and
 * bit-255-set values included; scalar_random structurally (below L, not
 * zero, as libsodium's). */
static void op_r255_scalar(reader *r) {
  uint8_t a = rd_byte(r);
  uc x[64], y[32];
  rd_32(r, x);
  rd_32(r, x + 32);
  rd_32(r, y);
  prefill();
  switch (a % 8) {
  case 0: same("scalar_invert", R.r255_scalar_invert(ra, x), d->r255_scalar_invert(rb, x), ra, rb, 32); return;
  case 1: R.r255_scalar_negate(ra, x), d->r255_scalar_negate(rb, x); same("scalar_negate", 0, 0, ra, rb, 32); return;
  case 2:
    R.r255_scalar_complement(ra, x), d->r255_scalar_complement(rb, x);
    same("scalar_complement", 0, 0, ra, rb, 32);
    return;
  case 3: R.r255_scalar_add(ra, x, y), d->r255_scalar_add(rb, x, y); same("scalar_add", 0, 0, ra, rb, 32); return;
  case 4: R.r255_scalar_sub(ra, x, y), d->r255_scalar_sub(rb, x, y); same("scalar_sub", 0, 0, ra, rb, 32); return;
  case 5: R.r255_scalar_mul(ra, x, y), d->r255_scalar_mul(rb, x, y); same("scalar_mul", 0, 0, ra, rb, 32); return;
  case 6: R.r255_scalar_reduce(ra, x), d->r255_scalar_reduce(rb, x); same("scalar_reduce", 0, 0, ra, rb, 32); return;
  default: {
    uc wide[64] = {0}, red[32];
    static const uc zero[32];
    d->r255_scalar_random(rb);
    memcpy(wide, rb, 32);
    R.r255_scalar_reduce(red, wide);
    check(memcmp(red, rb, 32) == 0 && memcmp(rb, zero, 32) != 0, "scalar_random: not in [1, L)");
  }
  }
}

/* scalarmult_ristretto255(_base): any scalar (bit 255 ignored by both),
 * any element; q compared whole (untouched when p does not decode, zero
 * for the identity, in both). */
static void op_r255_mult(reader *r) {
  uint8_t a = rd_byte(r);
  uc n[32], p[32];
  rd_32(r, n);
  rd_r255(r, p);
  prefill();
  if (a & 1)
    same("scalarmult_ristretto255_base", R.r255_mult_base(ra, n), d->r255_mult_base(rb, n), ra, rb, 32);
  else
    same("scalarmult_ristretto255", R.r255_mult(ra, n, p), d->r255_mult(rb, n, p), ra, rb, 32);
}

/* ===================================================== hashes and HMAC */

/* crypto_hash(_sha256/_sha512) one-shot, and libsodium's incremental
 * states cut by the input against the drop-in's one-shot digest. */
static void op_hash(reader *r) {
  uint8_t a = rd_byte(r);
  size_t mlen = rd_len(r, MAX_MSG);
  cuts c;
  rd_cuts(r, &c);
  rd_data(r, msg, mlen);
  int h = a % 3, w = h == 1 ? 0 : 1; /* w: 0 SHA-256, 1 SHA-512 */
  size_t len = w ? 64 : 32;
  prefill();
  same("hash", R.hash[h](ra, maybe_null(msg, mlen, a & 4), mlen), d->hash[h](rb, maybe_null(msg, mlen, a & 4), mlen),
       ra, rb, 64);
  _Alignas(64) uc st[512];
  X.sha_init[w](st);
  feed(&c, msg, mlen, X.sha_update[w], st);
  X.sha_final[w](st, ra);
  same("hash init/update/final vs one-shot", 0, 0, ra, rb, len);
}

/* HMAC-SHA-256/512 with 32-byte keys: one-shot, verify of the right and a
 * tampered MAC, and libsodium's incremental state against the one-shot. */
static void op_auth(reader *r) {
  uint8_t a = rd_byte(r), t = rd_byte(r);
  uc k[32], mac[64];
  rd_32(r, k);
  size_t mlen = rd_len(r, MAX_MSG);
  cuts c;
  rd_cuts(r, &c);
  rd_data(r, msg, mlen);
  int w = a & 1;
  size_t len = w ? 64 : 32;
  prefill();
  same("hmac", R.hmac[w](ra, msg, mlen, k), d->hmac[w](rb, msg, mlen, k), ra, rb, 128);
  memcpy(mac, ra, len);
  if (t & 1) mac[(t >> 4) % len] ^= (uc)(1u << (t >> 1 & 7));
  same("hmac_verify", R.hmac_verify[w](mac, msg, mlen, k), d->hmac_verify[w](mac, msg, mlen, k), NULL, NULL, 0);
  _Alignas(64) uc st[512];
  X.hmac_init[w](st, k, 32);
  feed(&c, msg, mlen, X.hmac_update[w], st);
  X.hmac_final[w](st, ra);
  same("hmac init/update/final vs one-shot", 0, 0, ra, rb, len);
}

/* ======================================================= secret streams */

enum { SS_STEPS = 6, SS_MAX = 600 };

/* 1 for the four tags libsodium 1.0.18 defines (MESSAGE, PUSH, REKEY,
 * FINAL); the drop-in's push hands every other tag to libsodium (header). */
static int ss_tag_defined(uc tag) { return tag <= 3; }

/* A stream pushed by both libraries from the same state (libsodium's
 * init_push; the drop-in's state made by init_pull of that header, the
 * same derivation), with input-chosen tags (undefined ones too), explicit
 * rekeys and a counter set near its wrap; then pulled by both from the
 * same, possibly tampered, ciphertexts. The drop-in's own init_push is
 * checked structurally (libsodium's init_pull of its header gives its
 * state). State bytes compared: key, counter, nonce (44 of 52). */
static void op_secretstream(reader *r) {
  uint8_t a = rd_byte(r);
  uc k[32], hdr[24];
  rd_32(r, k);
  check(d->ss_init_push(st_b, hdr, k) == 0 && R.ss_init_pull(st_a, hdr, k) == 0, "init_push / init_pull");
  same("init_push state vs libsodium's init_pull of its header", 0, 0, st_a, st_b, 44);
  int x0 = R.ss_init_push(st_a, hdr, k); /* a new header: then the drop-in's init_pull of it */
  same("init_pull", x0, d->ss_init_pull(st_b, hdr, k), st_a, st_b, 44);
  if (a & 1) { /* the counter (state bytes 32..35) two messages from its wrap */
    memset(st_a + 32, 0xff, 4);
    st_a[32] = 0xfe;
    memcpy(st_b + 32, st_a + 32, 4);
  }
  uc init_ctr[4];
  memcpy(init_ctr, st_a + 32, 4);
  static uc cts[SS_STEPS][SS_MAX + 17], ads[SS_STEPS][64];
  size_t clen[SS_STEPS], adlens[SS_STEPS], steps = 1 + rd_byte(r) % SS_STEPS;
  int kind[SS_STEPS]; /* 0 message, 1 rekey */
  for (size_t s = 0; s < steps; s++) {
    uint8_t b = rd_byte(r);
    kind[s] = (b & 7) == 7;
    if (kind[s]) {
      R.ss_rekey(st_a);
      d->ss_rekey(st_b);
      same("rekey", 0, 0, st_a, st_b, 44);
      continue;
    }
    uc tag = b & 0x80 ? rd_byte(r) : (uc)(b >> 3 & 3);
    size_t mlen = rd_len(r, SS_MAX), adlen = rd_len(r, 64);
    rd_data(r, msg, mlen);
    rd_data(r, ads[s], adlen);
    adlens[s] = adlen;
    const uc *adp = maybe_null(ads[s], adlen, b & 0x40);
    ull la = 7, lb = 7;
    memset(cb, 0xa5, SS_MAX + 17);
    int x = R.ss_push(st_a, cts[s], &la, msg, mlen, adp, adlen, tag);
    uc before[52];
    memcpy(before, st_b, 52);
    int y = d->ss_push(st_b, cb, b & 0x20 ? NULL : &lb, msg, mlen, adp, adlen, tag);
    if (!ss_tag_defined(tag)) { /* the hand-off, made here (header) */
      check(y == -1 && memcmp(before, st_b, 52) == 0, "push with an undefined tag: not refused as it was");
      y = R.ss_push(st_b, cb, b & 0x20 ? NULL : &lb, msg, mlen, adp, adlen, tag);
    }
    same("push", x, y, cts[s], cb, mlen + 17);
    same("push state", 0, 0, st_a, st_b, 44);
    if (!(b & 0x20)) check(la == lb, "push: clen differs");
    clen[s] = mlen + 17;
  }
  /* Pull both from the start. */
  R.ss_init_pull(st_a, hdr, k);
  d->ss_init_pull(st_b, hdr, k);
  memcpy(st_a + 32, init_ctr, 4);
  memcpy(st_b + 32, init_ctr, 4);
  for (size_t s = 0; s < steps; s++) {
    if (kind[s]) {
      R.ss_rekey(st_a);
      d->ss_rekey(st_b);
      continue;
    }
    uint8_t t = rd_byte(r);
    size_t len = clen[s];
    memcpy(ca, cts[s], len);
    if (t & 1) ca[((size_t)rd_byte(r) << 8 | rd_byte(r)) % len] ^= (uc)(1u << (t >> 1 & 7));
    if (t & 0x10) len = (size_t)rd_byte(r) % (len + 1);
    ull la = 7, lb = 7;
    uc ta = 7, tb = 7;
    prefill();
    int x = R.ss_pull(st_a, ra, &la, &ta, ca, len, ads[s], adlens[s]);
    int y = d->ss_pull(st_b, rb, t & 0x20 ? NULL : &lb, t & 0x40 ? NULL : &tb, ca, len, ads[s], adlens[s]);
    same("pull", x, y, ra, rb, sizeof ra);
    same("pull state", 0, 0, st_a, st_b, 44);
    if (!(t & 0x20)) check(la == lb, "pull: mlen differs");
    if (!(t & 0x40)) check(ta == tb, "pull: tag differs");
  }
}

/* ====================================================== random output */

/* The keygens: 32 bytes that differ between two calls (a stuck or
 * unwritten key would not). */
static void op_keygen(reader *r) {
  uint8_t a = rd_byte(r);
  out_fn f = a % 3 == 2 ? d->ss_keygen : d->aead_keygen[a % 3];
  uc k1[32], k2[32];
  memset(k1, 0, 32);
  memset(k2, 0, 32);
  f(k1);
  f(k2);
  check(memcmp(k1, k2, 32) != 0, "keygen: two calls gave the same key");
}

/* ------------------------------------------------------------ dispatch */

static const struct {
  const char *name;
  void (*run)(reader *r);
} ops[] = {
    {"aead", op_aead},
    {"aes256gcm beforenm/afternm", op_gcm_afternm},
    {"stream", op_stream},
    {"onetimeauth", op_poly},
    {"scalarmult", op_x25519},
    {"box keys", op_box_keys},
    {"kx", op_kx},
    {"sign keys", op_sign_keys},
    {"sign", op_sign},
    {"verify_detached", op_verify},
    {"open", op_open},
    {"ristretto255 points", op_r255_point},
    {"ristretto255 scalars", op_r255_scalar},
    {"scalarmult_ristretto255", op_r255_mult},
    {"hash", op_hash},
    {"auth", op_auth},
    {"secretstream", op_secretstream},
    {"keygen", op_keygen},
};
enum { N_OPS = sizeof ops / sizeof ops[0] };

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  load_all();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  load_all();
  if (size < 2) return 0;
  size_t op = data[0] % N_OPS;
  cur_op = ops[op].name;
#ifdef HWC_FUZZ_LIBFUZZER
  /* HWC_FUZZ_SODIUM_ALL=1: every instance per input, as the replay does;
   * for -merge=1 (the checked-in corpus), where coverage counted per
   * instance would keep an input per backend set for the same edges. */
  static int all = -1;
  if (all < 0) all = getenv("HWC_FUZZ_SODIUM_ALL") != NULL;
#endif
  for (size_t i = 0; i < n_inst; i++) {
#ifdef HWC_FUZZ_LIBFUZZER
    if (!all && i != data[1] % n_inst) continue;
#endif
    cur_inst = i;
    d = &D[i];
    reader r = {data + 2, size - 2};
    ops[op].run(&r);
  }
  return 0;
}
