/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto: the fastest correct implementation of each primitive that the
 * running CPU can execute, chosen at run time.
 *
 * Conventions (see also the README):
 *  - Argument order: outputs, then inputs, then nonce/IV, then the key.
 *    A length follows its pointer.
 *  - A function that can fail returns HWC_OK (0) or a negative HWC_ERR_*.
 *  - NULL with length 0 is valid input everywhere.
 *  - hwc_init() is optional; every entry point initialises lazily.
 *  - Functions that return void and take a (pointer, length) pair require the
 *    pointer to be non-NULL when the length is non-zero; a NULL pointer with a
 *    non-zero length is a programming error and aborts the process with a
 *    message on stderr (it cannot be reported through a void return, and
 *    silently hashing something else would be worse).
 *  - Thread safety: every function may be called from any thread. Key
 *    objects may be shared between threads once made (AES and GCM keys are
 *    read-only; an RSA key locks its blinding state); a hashing or
 *    Poly1305 context belongs to one thread at a time.
 *  - Secrets (keys, scalars, plaintexts, RSA private values) never steer a
 *    branch or a memory index; key objects are wiped by their _wipe / _free.
 *
 * Which function for which task:
 *  - Encrypt data with a shared key:  hwc_aes_gcm_encrypt / _decrypt (AES
 *    key object, 12-byte nonces), or hwc_xchacha20poly1305_encrypt /
 *    _decrypt (32-byte key, random 24-byte nonces are safe);
 *    hwc_chacha20poly1305_* for RFC 8439 protocols (TLS, WireGuard style).
 *  - Agree on a key:                  hwc_x25519_keypair, then hwc_x25519
 *    with the peer's public key (then derive keys from the shared value).
 *  - Sign and verify:                 hwc_ed25519_* (new designs);
 *    hwc_rsa_sign_pss / _verify_pss, or hwc_rsa_sign_pkcs1 / _verify_pkcs1
 *    where RSA is required.
 *  - Encrypt to an RSA public key:    hwc_rsa_encrypt_oaep / _decrypt_oaep.
 *  - Hash:                            hwc_sha256, hwc_sha512 (and incremental
 *    contexts), or hwc_digest and hwc_hash_ctx for a hash chosen at run
 *    time; hwc_sha1 only where an older protocol requires SHA-1.
 *  - Authenticate with a shared key:  hwc_hmac / hwc_hmac_verify.
 *  - Derive keys from a shared secret: hwc_hkdf (or _extract and _expand).
 *  - Prime-order group for protocols: hwc_ristretto255_*.
 *  - Raw building blocks (only when a protocol needs them): hwc_aes_cbc_*,
 *    hwc_aes_ctr, hwc_chacha20, hwc_xchacha20, hwc_poly1305 (a one-time
 *    key per message), hwc_modexp.
 *  - Inspect or force the chosen implementations: hwc_impl_* (and the
 *    HWCRYPTO_IMPL / HWCRYPTO_CPU_DISABLE / HWCRYPTO_PROFILE environment
 *    variables).
 */
#ifndef HWCRYPTO_H
#define HWCRYPTO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(HWC_BUILDING) && defined(__GNUC__)
#define HWC_API __attribute__((visibility("default")))
#else
#define HWC_API
#endif

/* --------------------------------------------------------------- version */

/* The version of this header. The library's own is hwc_version(); the two
 * differ when a program built against one header runs with another
 * library. Releases follow semantic versioning; the shared library's
 * SONAME (libhwcrypto.so.N) changes whenever the ABI does: a public
 * struct's size or layout, a signature, or an enum value. */
#define HWC_VERSION_MAJOR 0
#define HWC_VERSION_MINOR 3
#define HWC_VERSION_PATCH 0
#define HWC_VERSION_STRING "0.3.0"

/* The library's version, "MAJOR.MINOR.PATCH" (static, never NULL). */
HWC_API const char *hwc_version(void);

/* ---------------------------------------------------------------- errors */

#define HWC_OK 0
#define HWC_ERR_INVALID_ARG (-1)  /* a NULL pointer, a bad length, overlapping buffers */
#define HWC_ERR_AUTH (-2)         /* AEAD tag mismatch */
#define HWC_ERR_VERIFY (-3)       /* signature invalid */
#define HWC_ERR_BAD_KEY (-4)      /* key length or key material invalid */
#define HWC_ERR_BAD_ENCODING (-5) /* DER/PEM/point encoding invalid */
#define HWC_ERR_NOMEM (-6)        /* allocation failed */
#define HWC_ERR_RNG (-7)          /* the OS random generator failed */
#define HWC_ERR_UNSUPPORTED (-8)  /* not available on this CPU or build; a key of another algorithm or an encrypted key */
#define HWC_ERR_TOO_LONG (-9)     /* message longer than the algorithm allows */

/* A short English name for an HWC_OK / HWC_ERR_* code ("unknown error" for
 * anything else). The string is static; never NULL. */
HWC_API const char *hwc_strerror(int err);

/* ------------------------------------------------------ runtime dispatch */

typedef enum {
  HWC_PRIM_AES,
  HWC_PRIM_GHASH,
  HWC_PRIM_CHACHA20,
  HWC_PRIM_POLY1305,
  HWC_PRIM_FE25519,
  HWC_PRIM_BIGNUM,
  HWC_PRIM_SHA256,
  HWC_PRIM_SHA512,
  HWC_PRIM_SHA1,
  /* AEAD pairs: each entry names its two member implementations and the
   * fused code that runs both in one pass ("vaes-avx512": AES vaes-avx512
   * with GHASH vpclmul-avx512), selected like any primitive. Their first
   * entry is "separate": the aes and ghash (chacha20 and poly1305)
   * implementations selected for those primitives, run one after the
   * other, so forcing aes=generic changes AES-GCM only under
   * aes-gcm=separate. */
  HWC_PRIM_AES_GCM,           /* "aes-gcm" */
  HWC_PRIM_CHACHA20_POLY1305, /* "chacha20-poly1305", also XChaCha20-Poly1305 */
  HWC_PRIM_COUNT
} hwc_prim;

/* Probes the CPU, applies HWCRYPTO_CPU_DISABLE and HWCRYPTO_IMPL from the
 * environment and selects one implementation per primitive. Optional,
 * idempotent and thread-safe: every other function does it on first use.
 * Returns HWC_OK.
 *
 * Selection, per primitive (README, "Selection"): the highest priority
 * among the implementations this CPU supports once the features named in
 * HWCRYPTO_CPU_DISABLE are masked; then the library's table of CPU models
 * where measurement shows a lower-priority implementation is faster; then
 * the profile file named by HWCRYPTO_PROFILE, if it was written by
 * `hwcrypto-info --calibrate` on this CPU (a malformed profile, or one made
 * on another CPU, is reported on stderr once and ignored as a whole); then
 * HWCRYPTO_IMPL. Every implementation computes the same results: these
 * steps change speed only. */
HWC_API int hwc_init(void);

/* "aes", "ghash", "chacha20", "poly1305", "fe25519", "bignum", "sha256",
 * "sha512", "sha1", "aes-gcm", "chacha20-poly1305"; NULL for an id outside
 * 0..HWC_PRIM_COUNT-1. */
HWC_API const char *hwc_prim_name(hwc_prim p);

/* Number of implementations of p compiled into this build (0 for an unknown
 * id or a primitive not built yet). Indexes 0..count-1 name them; index 0 is
 * always the portable one when count > 0: "generic", or "separate" for the
 * AEAD pairs. A backend with several schedules (tuning
 * records: the same code and results, another accumulator count or register
 * width) counts once per record: its own name is its default record, and
 * each further record is listed after all the backends as
 * "backend:record" ("avx512ifma:zmm"). */
HWC_API size_t hwc_impl_count(hwc_prim p);

/* Name of implementation i of p ("generic", "shani", "avx2", "armv8-ce",
 * "avx2:one-chain", ...), or NULL when p or i is out of range. */
HWC_API const char *hwc_impl_name(hwc_prim p, size_t i);

/* 1 if this CPU and OS can run implementation i of p (after
 * HWCRYPTO_CPU_DISABLE masking), 0 if not or if p or i is out of range. */
HWC_API int hwc_impl_supported(hwc_prim p, size_t i);

/* Name of the implementation that new work on p uses now; NULL for an unknown
 * id or a primitive with no implementation in this build. */
HWC_API const char *hwc_impl_selected(hwc_prim p);

/* Forces implementation `name` of p for all new work (process-wide,
 * thread-safe). Returns HWC_OK, HWC_ERR_INVALID_ARG for an unknown primitive,
 * NULL or unknown name, HWC_ERR_UNSUPPORTED when this CPU cannot run it (the
 * selection is then unchanged). */
HWC_API int hwc_impl_select(hwc_prim p, const char *name);

/* Why the current implementation of p (or its tuning record) is selected:
 * "priority", "rule" (the CPU-model table), "profile" (HWCRYPTO_PROFILE),
 * "HWCRYPTO_IMPL" or "hwc_impl_select"; NULL for an unknown id or a
 * primitive with no implementation in this build. Added beside the fixed API so that tools
 * (hwcrypto-info) can show where each choice came from. */
HWC_API const char *hwc_impl_reason(hwc_prim p);

/* One line: "vendor: ...; model: ...; features: aes pclmulqdq ..." with the
 * feature names of /proc/cpuinfo; features masked by HWCRYPTO_CPU_DISABLE
 * are listed after "masked:", and an applied HWCRYPTO_PROFILE after
 * "profile:". Static string; never NULL. */
HWC_API const char *hwc_cpu_summary(void);

/* The CPU identity that selection rules and calibration profiles match, as
 * the two identity lines of a profile file: "cpu VENDOR FAMILY MODEL\n"
 * (x86_64: the CPUID vendor string and the family and model numbers that
 * /proc/cpuinfo shows; aarch64: "arm", the MIDR implementer and part, 0
 * when unknown) then "features F1 F2 ...\n" (the features detected, before
 * HWCRYPTO_CPU_DISABLE). Static string; never NULL. Added beside the fixed
 * API for hwcrypto-info --calibrate, which writes profiles. */
HWC_API const char *hwc_cpu_identity(void);

/* -------------------------------------------------------------- utilities */

/* Fills buf with len bytes from the OS generator (getrandom). HWC_OK,
 * HWC_ERR_INVALID_ARG for NULL with len > 0, HWC_ERR_RNG on OS failure (buf
 * is then zeroed). */
HWC_API int hwc_random_bytes(uint8_t *buf, size_t len);

/* Sets len bytes at p to zero in a way the compiler cannot remove. */
HWC_API void hwc_memzero(void *p, size_t len);

/* Compares len bytes in time that depends only on len: 1 if equal, 0 if not.
 * Two empty ranges are equal. */
HWC_API int hwc_memequal(const void *a, const void *b, size_t len);

/* -------------------------------------------------------- SHA-1 and SHA-2 */

/* A hash function, for the functions that take one (hwc_digest, HMAC, HKDF,
 * RSA paddings). Values are fixed (ABI); new ones are appended. SHA-1 is for
 * interoperability only (OAEP and PSS as OpenSSL uses them by default, JWE
 * RSA-OAEP, legacy PKCS#1 signatures, HMAC-SHA-1): it is broken for
 * collision resistance, so never sign new data with it. */
typedef enum { HWC_HASH_SHA256 = 0, HWC_HASH_SHA384 = 1, HWC_HASH_SHA512 = 2, HWC_HASH_SHA1 = 3 } hwc_hash;

/* Incremental states. Plain data: may be copied to fork a hash; wipe with
 * hwc_memzero when the input was secret (final does it for you). */
typedef struct hwc_sha256_ctx {
  uint32_t h[8];
  uint64_t len;   /* bytes absorbed so far */
  uint8_t buf[64];
  size_t buf_len; /* 0..63 bytes waiting in buf */
} hwc_sha256_ctx;

typedef struct hwc_sha512_ctx {
  uint64_t h[8];
  uint64_t len_lo, len_hi; /* bytes absorbed so far, 128-bit */
  uint8_t buf[128];
  size_t buf_len; /* 0..127 bytes waiting in buf */
} hwc_sha512_ctx;

/* One-shot FIPS 180-4 digests of len bytes at in (in may be NULL if len is 0). */
HWC_API void hwc_sha256(uint8_t out[32], const uint8_t *in, size_t len);
HWC_API void hwc_sha384(uint8_t out[48], const uint8_t *in, size_t len);
HWC_API void hwc_sha512(uint8_t out[64], const uint8_t *in, size_t len);

/* Incremental SHA-256: init, any number of updates of any length, final.
 * final writes the digest and wipes the context; reuse needs init again. */
HWC_API void hwc_sha256_init(hwc_sha256_ctx *c);
HWC_API void hwc_sha256_update(hwc_sha256_ctx *c, const uint8_t *in, size_t len);
HWC_API void hwc_sha256_final(hwc_sha256_ctx *c, uint8_t out[32]);

/* Incremental SHA-512 and SHA-384 (the same context type: init with
 * hwc_sha512_init or hwc_sha384_init, update with hwc_sha512_update, finish
 * with the matching final, which writes the digest and wipes the context). */
HWC_API void hwc_sha512_init(hwc_sha512_ctx *c);
HWC_API void hwc_sha384_init(hwc_sha512_ctx *c);
HWC_API void hwc_sha512_update(hwc_sha512_ctx *c, const uint8_t *in, size_t len);
HWC_API void hwc_sha512_final(hwc_sha512_ctx *c, uint8_t out[64]);
HWC_API void hwc_sha384_final(hwc_sha512_ctx *c, uint8_t out[48]);

/* One-shot SHA-1 (FIPS 180-4) of len bytes at in (in may be NULL if len is
 * 0): a 20-byte digest. */
HWC_API void hwc_sha1(uint8_t out[20], const uint8_t *in, size_t len);

/* SHA-1's incremental state. SHA-1 buffers and pads exactly as SHA-256
 * does, so it is that state with five of the eight words in use. Plain
 * data, as above. */
typedef struct hwc_sha1_ctx {
  hwc_sha256_ctx s;
} hwc_sha1_ctx;

/* Incremental SHA-1 (0.3): init, any number of updates of any length (in
 * NULL with len > 0 aborts, see the conventions at the top), final, which
 * writes the 20-byte digest and wipes the context. The result equals
 * hwc_sha1 of the concatenated pieces. */
HWC_API void hwc_sha1_init(hwc_sha1_ctx *c);
HWC_API void hwc_sha1_update(hwc_sha1_ctx *c, const uint8_t *in, size_t len);
HWC_API void hwc_sha1_final(hwc_sha1_ctx *c, uint8_t out[20]);

/* Digest length of h in bytes: 20 (SHA-1), 32, 48 or 64; 0 for a value
 * that is not a hwc_hash (so it doubles as a validity check). */
HWC_API size_t hwc_hash_len(hwc_hash h);

/* One-shot digest of len bytes at in with the hash h, written to out
 * (hwc_hash_len(h) bytes). HWC_OK; HWC_ERR_INVALID_ARG for an unknown h,
 * out NULL, or in NULL with len > 0. */
HWC_API int hwc_digest(uint8_t *out, const uint8_t *in, size_t len, hwc_hash h);

/* The incremental state of any hwc_hash: the hash and its state. Plain
 * data: may be copied to fork a hash; wipe with hwc_memzero when the input
 * was secret and the context is abandoned (final does it for you). */
typedef struct hwc_hash_ctx {
  hwc_hash hash;
  union {
    hwc_sha1_ctx s1;
    hwc_sha256_ctx s256;
    hwc_sha512_ctx s512;
  } u;
} hwc_hash_ctx;

/* Incremental hashing with a hash chosen at run time (0.3): init with h
 * (HWC_OK; HWC_ERR_INVALID_ARG for an unknown h or c NULL, and c is then
 * left zeroed when not NULL), any number of updates of any length (in NULL
 * with len > 0 aborts), final, which writes hwc_hash_len(h) bytes to out
 * and wipes c. The result equals hwc_digest of the concatenated pieces.
 * update and final take only a context a successful init set up (c or
 * out NULL aborts). */
HWC_API int hwc_hash_init(hwc_hash_ctx *c, hwc_hash h);
HWC_API void hwc_hash_update(hwc_hash_ctx *c, const uint8_t *in, size_t len);
HWC_API void hwc_hash_final(hwc_hash_ctx *c, uint8_t *out);

/* ------------------------------------------------------- HMAC (RFC 2104) */

/* Incremental HMAC state: the keyed inner and outer hash states of the
 * chosen hash. It holds key-derived secrets: hwc_hmac_final wipes it; wipe
 * it with hwc_memzero if you abandon it. Plain data: may be copied to MAC
 * several messages that share a prefix. */
typedef struct hwc_hmac_ctx {
  hwc_hash_ctx inner, outer;
} hwc_hmac_ctx;

/* HMAC of len bytes at msg under the key (any length, 0 included; a key
 * longer than the hash's block size is hashed first, as RFC 2104 says).
 * mac receives hwc_hash_len(h) bytes. HWC_OK; HWC_ERR_INVALID_ARG for an
 * unknown h, mac NULL, or msg or key NULL with a non-zero length. */
HWC_API int hwc_hmac(uint8_t *mac, const uint8_t *msg, size_t len, hwc_hash h, const uint8_t *key,
                     size_t key_len);

/* Incremental HMAC: init with the hash and key (same rules and errors as
 * hwc_hmac; c NULL is HWC_ERR_INVALID_ARG, and on error c is left wiped),
 * update with any number of pieces of any length (msg NULL with len > 0
 * aborts, see the conventions at the top), final writes hwc_hash_len(h)
 * bytes to mac and wipes c. The result equals hwc_hmac of the
 * concatenated pieces. */
HWC_API int hwc_hmac_init(hwc_hmac_ctx *c, hwc_hash h, const uint8_t *key, size_t key_len);
HWC_API void hwc_hmac_update(hwc_hmac_ctx *c, const uint8_t *msg, size_t len);
HWC_API void hwc_hmac_final(hwc_hmac_ctx *c, uint8_t *mac);

/* Checks the tag_len-byte tag against the HMAC of msg under key, compared
 * in constant time over the first tag_len bytes of the MAC (a truncated tag,
 * RFC 2104 section 5). HWC_OK if it matches, HWC_ERR_VERIFY if not;
 * HWC_ERR_INVALID_ARG for an unknown h, tag NULL, tag_len outside
 * 1..hwc_hash_len(h), or msg or key NULL with a non-zero length. Short tags
 * are easier to forge: use at least 16 bytes. */
HWC_API int hwc_hmac_verify(const uint8_t *tag, size_t tag_len, const uint8_t *msg, size_t len, hwc_hash h,
                            const uint8_t *key, size_t key_len);

/* ------------------------------------------------------- HKDF (RFC 5869) */

/* HKDF-Extract then HKDF-Expand: out_len bytes of key material from the
 * input keying material ikm, the optional salt (NULL/0 means hash-length
 * zero bytes) and the context string info (may be NULL/0). HWC_OK;
 * HWC_ERR_TOO_LONG when out_len > 255 * hwc_hash_len(h);
 * HWC_ERR_INVALID_ARG for an unknown h, out NULL with out_len > 0, or any
 * other pointer NULL with a non-zero length. out_len 0 writes nothing. */
HWC_API int hwc_hkdf(uint8_t *out, size_t out_len, const uint8_t *info, size_t info_len, const uint8_t *salt,
                     size_t salt_len, hwc_hash h, const uint8_t *ikm, size_t ikm_len);

/* HKDF-Extract: prk (hwc_hash_len(h) bytes) = HMAC-Hash(salt, ikm); salt
 * NULL/0 means hash-length zero bytes. HWC_OK; HWC_ERR_INVALID_ARG for an
 * unknown h, prk NULL, or salt or ikm NULL with a non-zero length. */
HWC_API int hwc_hkdf_extract(uint8_t *prk, const uint8_t *salt, size_t salt_len, hwc_hash h, const uint8_t *ikm,
                             size_t ikm_len);

/* HKDF-Expand: out_len bytes from the pseudorandom key prk (at least
 * hwc_hash_len(h) bytes, usually hwc_hkdf_extract's output) and info.
 * HWC_OK; HWC_ERR_TOO_LONG when out_len > 255 * hwc_hash_len(h);
 * HWC_ERR_INVALID_ARG for an unknown h, prk NULL or prk_len <
 * hwc_hash_len(h), out NULL with out_len > 0, or info NULL with
 * info_len > 0. */
HWC_API int hwc_hkdf_expand(uint8_t *out, size_t out_len, const uint8_t *info, size_t info_len, hwc_hash h,
                            const uint8_t *prk, size_t prk_len);

/* -------------------------------------------------------------------- AES */

/* Key objects ask for 16-byte alignment only, what malloc returns on the
 * targets we build for, so they may live on the stack, inside the caller's
 * structs or on the heap; the kernels load them with unaligned loads, and
 * the library reaches their fields through byte offsets, so a key copied
 * (memcpy) to any address, as a packed struct or an 8-byte allocator puts
 * it, works as well. */
#ifdef __cplusplus
#define HWC_KEY_ALIGN alignas(16)
#else
#define HWC_KEY_ALIGN _Alignas(16)
#endif

/* An expanded AES-128/192/256 key (FIPS 197), for both directions. A plain
 * struct so it can live on the stack or inside the caller's objects (no
 * heap); its fields are private. It records the implementation that filled
 * it, so hwc_impl_select() later never invalidates an existing key. Copyable
 * with memcpy; wipe with hwc_aes_key_wipe when done. */
typedef struct hwc_aes_key {
  HWC_KEY_ALIGN uint8_t opaque_[1024]; /* round keys, backend layout */
  const void *impl_;                   /* the kernel table that built them */
  unsigned rounds_;                    /* 10, 12 or 14 */
} hwc_aes_key;

/* An AES-GCM key (NIST SP 800-38D): the AES key plus GHASH's precomputed
 * powers of H, each recording its implementation, and the aes-gcm entry
 * that chose them. */
typedef struct hwc_aes_gcm_key {
  hwc_aes_key aes_;
  HWC_KEY_ALIGN uint8_t ghash_[512];
  const void *ghash_impl_;
  const void *pair_;
} hwc_aes_gcm_key;

/* Expands k (k_len = 16, 24 or 32 bytes: AES-128/192/256) into key with the
 * currently selected aes implementation. HWC_OK; HWC_ERR_BAD_KEY for
 * another length, HWC_ERR_INVALID_ARG for a NULL key or k (key is then
 * left untouched). */
HWC_API int hwc_aes_init(hwc_aes_key *key, const uint8_t *k, size_t k_len);

/* One 16-byte block through the cipher (out == in allowed). key must come
 * from a successful hwc_aes_init; NULL pointers abort (void functions). */
HWC_API void hwc_aes_encrypt_block(uint8_t out[16], const uint8_t in[16], const hwc_aes_key *key);
HWC_API void hwc_aes_decrypt_block(uint8_t out[16], const uint8_t in[16], const hwc_aes_key *key);

/* CBC (SP 800-38A) over len bytes, len a multiple of 16, no padding. iv is
 * read as the chaining value and overwritten with the last ciphertext block,
 * so consecutive calls continue one stream. out == in is allowed. HWC_OK;
 * HWC_ERR_INVALID_ARG for len % 16 != 0, NULL with len > 0, NULL iv or key,
 * or partially overlapping out/in (nothing is written then). */
HWC_API int hwc_aes_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t len, uint8_t iv[16],
                                const hwc_aes_key *key);
HWC_API int hwc_aes_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t len, uint8_t iv[16],
                                const hwc_aes_key *key);

/* CTR (SP 800-38A) over len bytes of any length: out = in XOR keystream from
 * the 128-bit big-endian counter block ctr, which wraps modulo 2^128. ctr is
 * advanced by the number of blocks whose keystream was used (a partial last
 * block counts as one), so a call that continues a stream must start on a
 * block boundary. Encryption and decryption are the same. out == in is
 * allowed. Errors as for CBC (any len is fine). */
HWC_API int hwc_aes_ctr(uint8_t *out, const uint8_t *in, size_t len, uint8_t ctr[16],
                        const hwc_aes_key *key);

/* Clears every byte of the key object (round keys, rounds, implementation).
 * NULL is ignored. */
HWC_API void hwc_aes_key_wipe(hwc_aes_key *key);

/* Expands k (16, 24 or 32 bytes) and derives GHASH's H = E(k, 0^128) with
 * the members of the selected aes-gcm implementation (under "separate",
 * the selected aes and ghash implementations). Errors as hwc_aes_init. */
HWC_API int hwc_aes_gcm_init(hwc_aes_gcm_key *key, const uint8_t *k, size_t k_len);

/* AES-GCM authenticated encryption of len bytes at pt into ct (ct == pt
 * allowed) with aad_len bytes of additional data, writing the first tag_len
 * bytes of the tag (12..16). nonce_len >= 1; 12 bytes is the standard and
 * fast case, other lengths are hashed as SP 800-38D says. HWC_OK;
 * HWC_ERR_INVALID_ARG for tag_len outside 12..16, nonce_len 0, NULL with a
 * non-zero length, a NULL tag, nonce or key, partially overlapping ct/pt;
 * HWC_ERR_TOO_LONG for len > 2^36 - 32 (the GCM limit). Nothing is written
 * on error. Never reuse a (key, nonce) pair. */
HWC_API int hwc_aes_gcm_encrypt(uint8_t *ct, uint8_t *tag, size_t tag_len, const uint8_t *pt, size_t len,
                                const uint8_t *aad, size_t aad_len, const uint8_t *nonce,
                                size_t nonce_len, const hwc_aes_gcm_key *key);

/* AES-GCM authenticated decryption: checks the tag_len-byte tag over aad and
 * ct (in constant time) and writes the plaintext to pt (pt == ct allowed).
 * HWC_OK; HWC_ERR_AUTH when the tag does not match, with all len bytes of pt
 * zeroed; other errors as for encryption, and pt is zeroed then too unless
 * it is NULL or partially overlaps ct. */
HWC_API int hwc_aes_gcm_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t *tag,
                                size_t tag_len, const uint8_t *aad, size_t aad_len, const uint8_t *nonce,
                                size_t nonce_len, const hwc_aes_gcm_key *key);

/* Clears every byte of the GCM key object. NULL is ignored. */
HWC_API void hwc_aes_gcm_key_wipe(hwc_aes_gcm_key *key);

/* ---- AES-GCM in pieces (0.3) ----
 * One message handed over in pieces: hwc_aes_gcm_start, any number of
 * hwc_aes_gcm_aad calls, any number of hwc_aes_gcm_update calls (any
 * lengths, 0 included; each writes exactly len bytes before it returns,
 * out == in allowed, other overlap is HWC_ERR_INVALID_ARG), then
 * hwc_aes_gcm_finish (encrypting) or hwc_aes_gcm_finish_verify
 * (decrypting). The result is byte-identical to hwc_aes_gcm_encrypt /
 * _decrypt for every way of cutting the input. The whole blocks of each
 * piece go to the same fused kernels as the one-shot's, straight between
 * your buffers (a partial block and its keystream are carried in the
 * context); each call costs a fixed amount on top, so pieces of a few KiB
 * come closest to the one-shot's speed (the bench's -stream rows).
 * Errors: a call out of this order (aad after update, update before start,
 * finish while decrypting, finish_verify while encrypting, anything after
 * finish) returns HWC_ERR_INVALID_ARG; so do NULL pointers (in/out/aad may
 * be NULL when their length is 0) and a tag_len outside 12..16. More than
 * 2^36 - 32 bytes of message in all: HWC_ERR_TOO_LONG (2^61 - 1 bytes of
 * aad likewise). A refused call leaves the context as it was.
 * Decrypting in pieces releases plaintext before the tag is checked: when
 * finish_verify returns HWC_ERR_AUTH the caller must discard everything
 * update wrote (the one-shot hwc_aes_gcm_decrypt stays the safe default).
 * The context is plain data without heap: copying it with = forks the
 * message (both copies may go on). It points at its key object, which
 * must outlive it; it holds E(K, J0) and the GHASH state, so finish and
 * finish_verify wipe it (set all of it to zero bytes), and an abandoned
 * one should be wiped with hwc_memzero. A zero-initialised or finished
 * context is not started. */
typedef struct hwc_aes_gcm_ctx {
  const hwc_aes_gcm_key *key_;
  uint8_t ctr_[16];  /* the next counter block */
  uint8_t y_[16];    /* GHASH accumulator */
  uint8_t ek0_[16];  /* E(K, J0), XORed into the tag */
  uint8_t ks_[16];   /* keystream of the current partial block */
  uint8_t part_[16]; /* the partial aad or ciphertext block awaiting GHASH */
  uint64_t aad_len_, len_;
  unsigned phase_;   /* 0 not started; otherwise the phase and direction */
} hwc_aes_gcm_ctx;

/* Starts a message under key (made by hwc_aes_gcm_init) with a nonce of
 * nonce_len bytes (12 recommended; any length from 1 as in the one-shot);
 * encrypt is non-zero to encrypt, 0 to decrypt. Any earlier state of c is
 * overwritten. HWC_OK or HWC_ERR_INVALID_ARG (NULL, nonce_len 0, a key
 * not initialised). */
HWC_API int hwc_aes_gcm_start(hwc_aes_gcm_ctx *c, int encrypt, const uint8_t *nonce, size_t nonce_len,
                              const hwc_aes_gcm_key *key);
/* Adds len bytes of additional data (before any update call). */
HWC_API int hwc_aes_gcm_aad(hwc_aes_gcm_ctx *c, const uint8_t *aad, size_t len);
/* Encrypts or decrypts the next len bytes of the message from in into out
 * (len bytes written now). Ends the aad phase, even with len 0. */
HWC_API int hwc_aes_gcm_update(hwc_aes_gcm_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
/* Encrypting: writes the first tag_len (12..16) bytes of the tag and wipes
 * c. HWC_OK or HWC_ERR_INVALID_ARG. */
HWC_API int hwc_aes_gcm_finish(hwc_aes_gcm_ctx *c, uint8_t *tag, size_t tag_len);
/* Decrypting: compares tag_len (12..16) bytes of tag with the computed tag
 * in constant time and wipes c. HWC_OK, HWC_ERR_AUTH (a forgery: discard
 * the plaintext) or HWC_ERR_INVALID_ARG (c is then left as it was). */
HWC_API int hwc_aes_gcm_finish_verify(hwc_aes_gcm_ctx *c, const uint8_t *tag, size_t tag_len);

/* --------------------------------------- ChaCha20, Poly1305 and the AEADs */
/* RFC 8439 and draft-irtf-cfrg-xchacha. Every function below accepts
 * out == in (in place); partially overlapping buffers are HWC_ERR_INVALID_ARG
 * and nothing is written then. */

/* XORs len bytes of the ChaCha20 keystream (key, 12-byte nonce, 32-bit block
 * counter starting at `counter`) into in, writing out. HWC_OK;
 * HWC_ERR_INVALID_ARG for a NULL pointer (in/out may be NULL when len is 0)
 * or partial overlap; HWC_ERR_TOO_LONG when the keystream would need a block
 * counter beyond 2^32 - 1 (nothing is written then). */
HWC_API int hwc_chacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t nonce[12],
                         uint32_t counter, const uint8_t key[32]);

/* XChaCha20: HChaCha20(key, nonce[0..15]) gives a subkey for ChaCha20 with
 * the 64-bit block counter `counter` and the 64-bit nonce nonce[16..23]
 * (libsodium's crypto_stream_xchacha20_xor_ic). Same errors as hwc_chacha20;
 * HWC_ERR_TOO_LONG when the counter would pass 2^64 - 1. */
HWC_API int hwc_xchacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t nonce[24],
                          uint64_t counter, const uint8_t key[32]);

/* Incremental Poly1305 state. Holds the one-time key: final wipes it; wipe
 * it with hwc_memzero if you abandon it. Plain data, but it remembers the
 * backend chosen at init, so do not copy it across processes. */
typedef struct hwc_poly1305_ctx {
  uint64_t state[80]; /* accumulator, r and backend key powers (src/kernels.h) */
  uint8_t s[16];      /* the second half of the key, added at the end */
  uint8_t buf[16];    /* 0..15 bytes waiting for a full block */
  size_t buf_len;
  const void *kernel; /* the poly1305 backend selected at init */
} hwc_poly1305_ctx;

/* One-shot Poly1305 (RFC 8439 section 2.5) of len bytes at msg under the
 * 32-byte one-time key. msg may be NULL when len is 0; other NULL pointers
 * abort (see the conventions at the top). */
HWC_API void hwc_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len, const uint8_t key[32]);

/* Incremental Poly1305: init with the one-time key, update with any number
 * of pieces of any length, final writes the 16-byte tag and wipes ctx. The
 * result equals hwc_poly1305 of the concatenated pieces. */
HWC_API void hwc_poly1305_init(hwc_poly1305_ctx *ctx, const uint8_t key[32]);
HWC_API void hwc_poly1305_update(hwc_poly1305_ctx *ctx, const uint8_t *msg, size_t len);
HWC_API void hwc_poly1305_final(hwc_poly1305_ctx *ctx, uint8_t tag[16]);

/* ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8): encrypts len bytes of pt
 * into ct (same length) and writes the 16-byte tag over aad and ct. HWC_OK;
 * HWC_ERR_INVALID_ARG for NULL pointers (pt/ct/aad may be NULL when their
 * length is 0) or partial overlap of pt and ct; HWC_ERR_TOO_LONG above
 * 274877906880 bytes (2^32 - 1 blocks of 64). */
HWC_API int hwc_chacha20poly1305_encrypt(uint8_t *ct, uint8_t tag[16], const uint8_t *pt, size_t len,
                                         const uint8_t *aad, size_t aad_len, const uint8_t nonce[12],
                                         const uint8_t key[32]);

/* Verifies tag over aad and ct in constant time, then decrypts ct into pt.
 * HWC_OK; HWC_ERR_AUTH when the tag does not match (all len bytes of pt are
 * then zero); otherwise the errors of the encrypt function. */
HWC_API int hwc_chacha20poly1305_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                                         const uint8_t *aad, size_t aad_len, const uint8_t nonce[12],
                                         const uint8_t key[32]);

/* XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha section 2.3.1, libsodium's
 * crypto_aead_xchacha20poly1305_ietf): the ChaCha20-Poly1305 AEAD under the
 * HChaCha20 subkey of nonce[0..15], with nonce 0^4 || nonce[16..23]. A 24-byte
 * random nonce is safe. Same sizes and errors as the functions above. */
HWC_API int hwc_xchacha20poly1305_encrypt(uint8_t *ct, uint8_t tag[16], const uint8_t *pt, size_t len,
                                          const uint8_t *aad, size_t aad_len, const uint8_t nonce[24],
                                          const uint8_t key[32]);
HWC_API int hwc_xchacha20poly1305_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                                          const uint8_t *aad, size_t aad_len, const uint8_t nonce[24],
                                          const uint8_t key[32]);

/* ---- ChaCha20-Poly1305 and XChaCha20-Poly1305 in pieces (0.3) ----
 * The same order, errors and guarantees as the AES-GCM context above:
 * start (or xstart), aad..., update..., then finish (encrypting) or
 * finish_verify (decrypting); byte-identical to the one-shot functions for
 * every cut; pieces of any length, out == in allowed; a refused call
 * leaves the context as it was; a message longer than (2^32 - 1) * 64
 * bytes in all is HWC_ERR_TOO_LONG (the block counter starts at 1).
 * Decrypting in pieces releases plaintext before the tag is checked: on
 * HWC_ERR_AUTH discard all of it. The context holds its own copy of the
 * key (the subkey for XChaCha20): finish and finish_verify wipe it, and an
 * abandoned one should be wiped with hwc_memzero. Copying with = forks the
 * message. A zero-initialised or finished context is not started. */
typedef struct hwc_chacha20poly1305_ctx {
  uint32_t state_[16];   /* ChaCha20 input: key, counter, nonce */
  uint8_t ks_[2048];     /* keystream made ahead for a piece's last bytes */
  uint8_t macq_[1024];   /* ciphertext waiting for a whole MAC step */
  hwc_poly1305_ctx mac_; /* Poly1305 over aad, padding, ciphertext */
  uint64_t aad_len_, len_;
  const void *pair_;     /* the chacha20-poly1305 entry chosen at start */
  const void *chacha_;   /* its chacha20 member */
  const void *poly_;     /* its poly1305 member, kept until the MAC is keyed */
  unsigned ks_len_;      /* bytes of keystream in ks_ (whole blocks) */
  unsigned ks_used_;     /* of which already used */
  unsigned macq_len_;    /* bytes in macq_ */
  unsigned phase_;       /* 0 not started; otherwise the phase and direction */
} hwc_chacha20poly1305_ctx;

/* Starts a ChaCha20-Poly1305 message (RFC 8439) with a 12-byte nonce under
 * a 32-byte key; encrypt is non-zero to encrypt, 0 to decrypt. HWC_OK or
 * HWC_ERR_INVALID_ARG (NULL). */
HWC_API int hwc_chacha20poly1305_start(hwc_chacha20poly1305_ctx *c, int encrypt, const uint8_t nonce[12],
                                       const uint8_t key[32]);
/* Starts an XChaCha20-Poly1305 message with a 24-byte nonce. */
HWC_API int hwc_xchacha20poly1305_start(hwc_chacha20poly1305_ctx *c, int encrypt, const uint8_t nonce[24],
                                        const uint8_t key[32]);
/* Adds len bytes of additional data (before any update call). */
HWC_API int hwc_chacha20poly1305_aad(hwc_chacha20poly1305_ctx *c, const uint8_t *aad, size_t len);
/* Encrypts or decrypts the next len bytes from in into out (written now).
 * Ends the aad phase, even with len 0. */
HWC_API int hwc_chacha20poly1305_update(hwc_chacha20poly1305_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
/* Encrypting: writes the 16-byte tag and wipes c. */
HWC_API int hwc_chacha20poly1305_finish(hwc_chacha20poly1305_ctx *c, uint8_t tag[16]);
/* Decrypting: checks the 16-byte tag in constant time and wipes c. HWC_OK,
 * HWC_ERR_AUTH (discard the plaintext) or HWC_ERR_INVALID_ARG. */
HWC_API int hwc_chacha20poly1305_finish_verify(hwc_chacha20poly1305_ctx *c, const uint8_t tag[16]);

/* ---- Secret streams (0.3): libsodium's
 * crypto_secretstream_xchacha20poly1305, byte for byte ----
 * A sequence of messages under one key, each encrypted and authenticated
 * with its position in the stream: same header, message format, tags,
 * rekeying and state machine as libsodium, so a stream written by either
 * library is read by the other. Each message carries a tag: MESSAGE (0),
 * PUSH (1, end of a logical chunk), REKEY (2, derive a new key after this
 * message) or FINAL (3, end of the stream; rekeys too). A reader must
 * check that the last message carries HWC_SECRETSTREAM_TAG_FINAL: a stream
 * cut after a complete message is otherwise valid. */
#define HWC_SECRETSTREAM_HEADERBYTES 24
#define HWC_SECRETSTREAM_ABYTES 17 /* added to every message: 1 tag byte + 16-byte MAC */
#define HWC_SECRETSTREAM_TAG_MESSAGE 0
#define HWC_SECRETSTREAM_TAG_PUSH 1
#define HWC_SECRETSTREAM_TAG_REKEY 2
#define HWC_SECRETSTREAM_TAG_FINAL 3

/* The state of one direction of a stream: the current key and nonce
 * (libsodium's layout). Holds key material: wipe it with
 * hwc_secretstream_wipe when done. Copyable (a copy continues the same
 * stream; pushing from both copies reuses nonces: never do that). */
typedef struct hwc_secretstream_state {
  uint8_t k_[32];
  uint8_t nonce_[12]; /* 32-bit counter, then the 8-byte nonce from the header */
  uint8_t pad_[8];
} hwc_secretstream_state;

/* Starts a stream for writing under a 32-byte key: writes a fresh random
 * 24-byte header that the reader needs (send or store it first). HWC_OK,
 * HWC_ERR_INVALID_ARG (NULL), HWC_ERR_RNG (st is then wiped). */
HWC_API int hwc_secretstream_init_push(hwc_secretstream_state *st, uint8_t header[24], const uint8_t key[32]);
/* Encrypts the next message: m_len bytes of m, ad_len bytes of additional
 * data (authenticated, not stored), tag (one of the four above) into c as
 * m_len + 17 bytes. *c_len: capacity in (>= m_len + 17; else
 * HWC_ERR_INVALID_ARG with *c_len set to the size needed), bytes written
 * out; c may be NULL with *c_len 0 to ask. c and m must not overlap (HWC_ERR_INVALID_ARG).
 * HWC_ERR_TOO_LONG above (2^32 - 2) * 64 bytes; HWC_ERR_INVALID_ARG for NULL
 * pointers (m and ad may be NULL when their length is 0) or a tag above 3.
 * Every error leaves st unchanged. */
HWC_API int hwc_secretstream_push(hwc_secretstream_state *st, uint8_t *c, size_t *c_len, const uint8_t *m,
                                  size_t m_len, const uint8_t *ad, size_t ad_len, uint8_t tag);
/* Starts a stream for reading from its 24-byte header under the key. HWC_OK
 * or HWC_ERR_INVALID_ARG (NULL). */
HWC_API int hwc_secretstream_init_pull(hwc_secretstream_state *st, const uint8_t header[24], const uint8_t key[32]);
/* Checks and decrypts the next message c of c_len bytes with ad_len bytes
 * of additional data into m (c_len - 17 bytes) and its tag into *tag (tag
 * may be NULL). *m_len: capacity in (>= c_len - 17; else
 * HWC_ERR_INVALID_ARG with *m_len set to the size needed), bytes written
 * out. A forged, reordered, replayed or foreign message: HWC_ERR_AUTH with
 * the first c_len - 17 bytes of m zeroed, *m_len 0 and *tag 0. c_len < 17:
 * HWC_ERR_INVALID_ARG; more than (2^32 - 2) * 64 bytes of message:
 * HWC_ERR_TOO_LONG. Every error leaves st unchanged, so the reader may
 * try the next message (or give up). */
HWC_API int hwc_secretstream_pull(hwc_secretstream_state *st, uint8_t *m, size_t *m_len, uint8_t *tag,
                                  const uint8_t *c, size_t c_len, const uint8_t *ad, size_t ad_len);
/* Derives a new key and resets the counter, as a REKEY tag does; both
 * sides must call it at the same point of the stream. NULL is ignored. */
HWC_API void hwc_secretstream_rekey(hwc_secretstream_state *st);
/* Sets every byte of st to zero. NULL is ignored. */
HWC_API void hwc_secretstream_wipe(hwc_secretstream_state *st);

/* ------------------------------------------------------ X25519 (RFC 7748) */

/* X25519 Diffie-Hellman: shared = X25519(scalar, point), all 32 bytes.
 * Any 32-byte scalar is clamped as RFC 7748 section 5 says; any 32-byte
 * point is accepted (bit 255 is ignored, u >= p is taken mod p). Runs in
 * time independent of scalar and point. HWC_OK; HWC_ERR_INVALID_ARG for a
 * NULL pointer or when the result is all zero (point of small order): shared
 * then holds the zero result and must not be used as a key. */
HWC_API int hwc_x25519(uint8_t shared[32], const uint8_t scalar[32], const uint8_t point[32]);

/* The public key of scalar: X25519(scalar, 9), through a precomputed
 * Edwards25519 table (faster than hwc_x25519 with the base point, same
 * result). HWC_OK, or HWC_ERR_INVALID_ARG for a NULL pointer. */
HWC_API int hwc_x25519_base(uint8_t pub[32], const uint8_t scalar[32]);

/* A new key pair: sec = 32 random bytes from the OS (stored unclamped, as
 * libsodium does), pub = hwc_x25519_base(sec). HWC_OK, HWC_ERR_INVALID_ARG
 * for a NULL pointer, HWC_ERR_RNG when the OS generator fails. */
HWC_API int hwc_x25519_keypair(uint8_t pub[32], uint8_t sec[32]);

/* ---------------------------------------------------- Ed25519 (RFC 8032) */

/* Ed25519 exactly as libsodium 1.0.18's crypto_sign_ed25519: a secret key
 * is the 32-byte seed followed by the 32-byte public key; signatures are
 * the 64 bytes R || S of RFC 8032 section 5.1.6 (deterministic, pure
 * Ed25519, no context). */

/* pk = the public key of seed, sk = seed || pk. seed may alias sk. HWC_OK;
 * HWC_ERR_INVALID_ARG for NULL. */
HWC_API int hwc_ed25519_seed_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);
/* A new key pair from a random seed (OS generator). HWC_OK;
 * HWC_ERR_INVALID_ARG for NULL; HWC_ERR_RNG when the OS generator fails. */
HWC_API int hwc_ed25519_keypair(uint8_t pk[32], uint8_t sk[64]);
/* sig = the signature of the len bytes at msg (NULL allowed when len is 0)
 * under sk. The public key is read from sk[32..63], as libsodium does, not
 * recomputed from the seed. sig may overlap msg. Constant time in sk.
 * HWC_OK; HWC_ERR_INVALID_ARG for NULL. */
HWC_API int hwc_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t sk[64]);
/* HWC_OK when sig is a valid signature of msg under pk, else
 * HWC_ERR_VERIFY (HWC_ERR_INVALID_ARG for NULL). The rules are those of
 * libsodium 1.0.18's crypto_sign_verify_detached, in this order:
 *  1. S = sig[32..63] must be below L (no malleable S + L);
 *  2. R = sig[0..31] with bit 255 ignored must not be one of the 7 small-
 *     order encodings (y = 0, 1, p - 1, the two order-8 y, p, p + 1);
 *  3. pk's y (bit 255 cleared) must be below p, and pk must not be one of
 *     those 7 encodings either;
 *  4. pk must decode to a curve point (an x of 0 with the sign bit set is
 *     accepted, as there; it can only be a small-order point, already out);
 *  5. the cofactorless equation: with k = SHA-512(R || pk || msg) mod L,
 *     the encoding of S B - k A must equal R byte for byte, so a non-
 *     canonical R never verifies.
 * Runs in variable time: every input is public. */
HWC_API int hwc_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32]);

/* ------------------------------------------- ristretto255 scalars (RFC 9496) */

/* Scalars are 32-byte little-endian numbers taken modulo the group order
 * L = 2^252 + 27742317777372353535851937790883648493. Inputs may be any
 * 32-byte value (not necessarily reduced); outputs are always reduced
 * (< L). Semantics and results are those of libsodium's
 * crypto_core_ristretto255_scalar_* functions, byte for byte. Constant time.
 * Output and input may be the same buffer. */

/* r = a uniformly random non-zero scalar. Aborts (with a message) if the OS
 * random generator fails, as there is no error to return. */
HWC_API void hwc_ristretto255_scalar_random(uint8_t r[32]);
/* z = x + y mod L. Like libsodium, the two encodings are first added
 * modulo 2^256, which only matters when they are not reduced. */
HWC_API void hwc_ristretto255_scalar_add(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]);
/* z = x - y mod L (x + (-y mod L), with the same 2^256 wrap as add). */
HWC_API void hwc_ristretto255_scalar_sub(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]);
/* z = x * y mod L. */
HWC_API void hwc_ristretto255_scalar_mul(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]);
/* neg = -s mod L. */
HWC_API void hwc_ristretto255_scalar_negate(uint8_t neg[32], const uint8_t s[32]);
/* comp = 1 - s mod L. */
HWC_API void hwc_ristretto255_scalar_complement(uint8_t comp[32], const uint8_t s[32]);
/* recip = 1/s mod L. HWC_ERR_INVALID_ARG when s is the all-zero encoding
 * (recip is then 0). As in libsodium, another multiple of L gives recip = 0
 * and HWC_OK. */
HWC_API int hwc_ristretto255_scalar_invert(uint8_t recip[32], const uint8_t s[32]);
/* r = s mod L for a 64-byte little-endian s (e.g. a hash output). */
HWC_API void hwc_ristretto255_scalar_reduce(uint8_t r[32], const uint8_t s[64]);

/* ristretto255 group elements (RFC 9496): 32-byte canonical encodings.
 * Every function gives libsodium 1.0.18's crypto_core_ristretto255_* /
 * crypto_scalarmult_ristretto255* result byte for byte. Constant time in
 * scalars and points; only the validity of an encoding and an identity
 * result can be learnt from the timing, and the return value tells them. */

/* 1 when p is the canonical encoding of a group element (RFC 9496 section
 * 4.3.1: below 2^255 - 19, even, decodes), 0 otherwise (also for NULL).
 * One deliberate difference from libsodium 1.0.18: an encoding with bit 255
 * set is rejected here, by every function, as RFC 9496 and later libsodium
 * versions require; 1.0.18 ignores that bit. */
HWC_API int hwc_ristretto255_is_valid_point(const uint8_t p[32]);
/* p = the element of the 64 uniform bytes h (RFC 9496 section 4.3.4: the
 * map applied to each half, bit 255 of each half ignored, and the two
 * results added). HWC_OK; HWC_ERR_INVALID_ARG for NULL. */
HWC_API int hwc_ristretto255_from_hash(uint8_t p[32], const uint8_t h[64]);
/* r = p + q and r = p - q. HWC_OK; HWC_ERR_BAD_ENCODING when p or q is not
 * a valid encoding (r untouched); HWC_ERR_INVALID_ARG for NULL. r may alias
 * p or q. */
HWC_API int hwc_ristretto255_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
HWC_API int hwc_ristretto255_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
/* q = n * p. Bit 255 of n is ignored and n need not be reduced (n and
 * n mod L give the same element). HWC_OK; HWC_ERR_BAD_ENCODING when p is
 * not a valid encoding (q untouched); HWC_ERR_INVALID_ARG for NULL or when
 * the result is the identity (n = 0 mod L): q is then all zero and must not
 * be used. */
HWC_API int hwc_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32], const uint8_t p[32]);
/* q = n * the generator (RFC 9496 section 4.4), through the precomputed
 * table of multiples of the base point. Same n and identity rules as
 * hwc_ristretto255_scalarmult. */
HWC_API int hwc_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32]);

/* ------------------------------------ RSA and big-number modular arithmetic */

/* out = base^exp mod m. base, m and out are big-endian byte strings of
 * m_len bytes each (leading zero bytes allowed), exp is exp_len big-endian
 * bytes (exp_len == 0 means exponent 0, and exp may then be NULL). base may
 * be >= m. m must be odd and > 1; m_len and exp_len at most 1024 (8192 bits).
 * The running time depends on m_len, exp_len and m only, never on the values
 * of base or exp. out may alias base. HWC_OK; HWC_ERR_INVALID_ARG for NULL
 * pointers, an even m, m < 3, or a length out of range (out untouched);
 * HWC_ERR_NOMEM. */
HWC_API int hwc_modexp(uint8_t *out, const uint8_t *base, const uint8_t *exp, size_t exp_len,
                       const uint8_t *m, size_t m_len);

/* An RSA key (public, or private with its CRT values). Opaque and
 * heap-allocated; it keeps the bignum implementation selected when it was
 * made. Safe to share between threads once made. hwc_rsa_free wipes it. */
typedef struct hwc_rsa_key hwc_rsa_key;

/* Makes a new private key of `bits` bits (2048..8192; n has exactly that
 * many bits) with public exponent e (odd, >= 3; 0 means 65537), from random
 * probable primes (FIPS 186-5 A.1.3: trial division, Miller-Rabin rounds of
 * its table B.1, |p - q| > 2^(bits/2 - 100), d > 2^(bits/2)). *key receives
 * the key, or NULL on error. HWC_OK; HWC_ERR_INVALID_ARG for a NULL key,
 * bits out of range or a bad e; HWC_ERR_RNG; HWC_ERR_NOMEM. */
HWC_API int hwc_rsa_generate(hwc_rsa_key **key, unsigned bits, uint64_t e);

/* Size of the modulus in bytes (the length of signatures and ciphertexts);
 * 0 for NULL. */
HWC_API size_t hwc_rsa_size(const hwc_rsa_key *key);

/* 1 if key holds the private part, 0 if it is public only or NULL. */
HWC_API int hwc_rsa_has_private(const hwc_rsa_key *key);

/* Wipes and frees key; NULL is ignored. */
HWC_API void hwc_rsa_free(hwc_rsa_key *key);

/* Reads a key in DER or PEM (auto-detected): PKCS#1 RSAPrivateKey, PKCS#8
 * PrivateKeyInfo, SubjectPublicKeyInfo or PKCS#1 RSAPublicKey, all with
 * rsaEncryption. Strict DER (definite minimal lengths, minimal non-negative
 * integers, no trailing data); a PEM label must name the structure inside.
 * The key is then checked (hwc_rsa_generate's limits: modulus 1024..8192
 * bits, odd; private keys: p q = n, p and q of at least 512 bits and at
 * most 32 bits below half of n's, e d = 1 mod lcm(p - 1, q - 1) with dP, dQ
 * and qInv consistent with d, p and q; checked in constant time).
 * *key receives a new key (free with hwc_rsa_free) or NULL. HWC_OK,
 * HWC_ERR_BAD_ENCODING (malformed input), HWC_ERR_BAD_KEY (well formed,
 * inconsistent), HWC_ERR_UNSUPPORTED (multi-prime keys), HWC_ERR_NOMEM,
 * HWC_ERR_INVALID_ARG (NULL key, or NULL data with len > 0). */
HWC_API int hwc_rsa_import(hwc_rsa_key **key, const uint8_t *data, size_t len);

/* Writes the key as PKCS#8 (private_key != 0) or SubjectPublicKeyInfo, in
 * DER, or in PEM ("PRIVATE KEY" / "PUBLIC KEY") when pem != 0. *out_len:
 * in, capacity of out; out, bytes written. When out is NULL or too small
 * the result is HWC_ERR_INVALID_ARG and *out_len is set to the size needed
 * (nothing partial is left in out). HWC_ERR_INVALID_ARG also for a private
 * export of a public key. PEM output has no terminating NUL. */
HWC_API int hwc_rsa_export(uint8_t *out, size_t *out_len, int private_key, int pem, const hwc_rsa_key *key);

/* RSASSA-PKCS1-v1_5 signature (RFC 8017 8.2) of msg with hash h. *sig_len:
 * in, capacity (at least hwc_rsa_size(key)); out, hwc_rsa_size(key); a
 * smaller capacity (or sig NULL) gives HWC_ERR_INVALID_ARG with *sig_len
 * set to the size needed. The private operation uses CRT with blinding and
 * is checked with e before the signature is released. HWC_OK,
 * HWC_ERR_INVALID_ARG (public key, small buffer, bad hash, NULL),
 * HWC_ERR_BAD_KEY (the check failed), HWC_ERR_RNG, HWC_ERR_NOMEM. */
HWC_API int hwc_rsa_sign_pkcs1(uint8_t *sig, size_t *sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                               const hwc_rsa_key *key);
/* Verifies an RSASSA-PKCS1-v1_5 signature by re-encoding the expected
 * DigestInfo and comparing (never by parsing the signed one). sig_len must
 * be hwc_rsa_size(key). HWC_OK or HWC_ERR_VERIFY (wrong length, value >=
 * n, bad padding or digest); HWC_ERR_INVALID_ARG for NULL key or a bad h. */
HWC_API int hwc_rsa_verify_pkcs1(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                                 const hwc_rsa_key *key);
/* RSA-PSS salt lengths beside an explicit byte count. AUTO: verification
 * accepts any salt length, read from the padding (OpenSSL's
 * RSA_PSS_SALTLEN_AUTO). MAX: the largest salt the key and hash allow,
 * emLen - hLen - 2 (OpenSSL 3's default when signing), for signing and
 * verifying. */
#define HWC_PSS_SALT_AUTO ((size_t)-1)
#define HWC_PSS_SALT_MAX ((size_t)-2)

/* RSASSA-PSS (RFC 8017 8.1) with MGF1 over h and a random salt of
 * salt_len bytes (commonly the hash length; at most emLen - hLen - 2, else
 * HWC_ERR_INVALID_ARG; HWC_PSS_SALT_MAX for that maximum; AUTO is an
 * error here). Sizes and errors as hwc_rsa_sign_pkcs1. */
HWC_API int hwc_rsa_sign_pss(uint8_t *sig, size_t *sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                             size_t salt_len, const hwc_rsa_key *key);
/* Verifies RSASSA-PSS with MGF1 over h for the given salt length (0 and the
 * maximum included), HWC_PSS_SALT_MAX, or HWC_PSS_SALT_AUTO (any salt
 * length). HWC_OK or HWC_ERR_VERIFY. */
HWC_API int hwc_rsa_verify_pss(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t len, hwc_hash h,
                               size_t salt_len, const hwc_rsa_key *key);
/* The four functions above over a digest the caller computed (0.3: TLS,
 * PKCS#11, CMS and OpenSSL providers hand over digests). digest_len must
 * equal hwc_hash_len(h), else HWC_ERR_INVALID_ARG (so must a NULL digest);
 * everything else as the message functions, whose results these equal
 * given the message's digest. PSS uses MGF1 with the same hash. */
HWC_API int hwc_rsa_sign_pkcs1_digest(uint8_t *sig, size_t *sig_len, const uint8_t *digest, size_t digest_len,
                                      hwc_hash h, const hwc_rsa_key *key);
HWC_API int hwc_rsa_verify_pkcs1_digest(const uint8_t *sig, size_t sig_len, const uint8_t *digest,
                                        size_t digest_len, hwc_hash h, const hwc_rsa_key *key);
HWC_API int hwc_rsa_sign_pss_digest(uint8_t *sig, size_t *sig_len, const uint8_t *digest, size_t digest_len,
                                    hwc_hash h, size_t salt_len, const hwc_rsa_key *key);
HWC_API int hwc_rsa_verify_pss_digest(const uint8_t *sig, size_t sig_len, const uint8_t *digest,
                                      size_t digest_len, hwc_hash h, size_t salt_len, const hwc_rsa_key *key);

/* RSA without padding (0.3; for protocols and providers that pad
 * themselves). private: out = in^d mod n, with CRT, blinding and the check
 * with e before release, in constant time; public: out = in^e mod n. in is
 * len = hwc_rsa_size(key) big-endian bytes below n, else
 * HWC_ERR_INVALID_ARG; *out_len as everywhere (in: capacity; out:
 * hwc_rsa_size(key); too small: HWC_ERR_INVALID_ARG with the size needed);
 * out == in allowed. private: HWC_ERR_INVALID_ARG for a public key,
 * HWC_ERR_BAD_KEY when the check fails (out zeroed), HWC_ERR_RNG,
 * HWC_ERR_NOMEM. Unpadded RSA is malleable and deterministic: use it only
 * under a padding scheme. */
HWC_API int hwc_rsa_private_raw(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                                const hwc_rsa_key *key);
HWC_API int hwc_rsa_public_raw(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                               const hwc_rsa_key *key);

/* The numbers of an RSA key (0.3: JWK, PKCS#11 and OpenSSL's key objects
 * hold keys as numbers), as unsigned big-endian byte strings. */
typedef enum {
  HWC_RSA_N,    /* modulus */
  HWC_RSA_E,    /* public exponent */
  HWC_RSA_D,    /* private exponent */
  HWC_RSA_P,    /* first prime */
  HWC_RSA_Q,    /* second prime */
  HWC_RSA_DP,   /* d mod (p - 1) */
  HWC_RSA_DQ,   /* d mod (q - 1) */
  HWC_RSA_QINV, /* q^-1 mod p */
  HWC_RSA_PART_COUNT
} hwc_rsa_part;

/* Makes a key from its numbers: part[i] of part_len[i] bytes for each
 * hwc_rsa_part i (leading zero bytes allowed; a part given with length 0,
 * not NULL, is the number 0). A public key: N and E, every other part
 * NULL. A private key: N, E, D, P and Q; DP, DQ and QINV each given (then
 * checked) or NULL (then computed from D, P and Q, in constant time).
 * Checked exactly as hwc_rsa_import checks an imported private key: n =
 * p * q, e * d = 1 mod (p - 1) and mod (q - 1), DP = d mod (p - 1),
 * DQ = d mod (q - 1), QINV * q = 1 mod p, and the library's limits on
 * modulus, exponent and prime sizes (see hwc_rsa_import). P < Q is allowed:
 * the key keeps the order given (hwc_rsa_get_part returns it), and a QINV
 * given must be q^-1 mod p for that order. On success *key is a new key
 * (free it with hwc_rsa_free). HWC_ERR_BAD_KEY for a failed check;
 * HWC_ERR_UNSUPPORTED for N, E and D alone (recovering the primes is not
 * done); HWC_ERR_INVALID_ARG for any other incomplete set, NULL key, part
 * or part_len, or a NULL part with a non-zero length; HWC_ERR_NOMEM. *key
 * is NULL after any error. */
HWC_API int hwc_rsa_from_parts(hwc_rsa_key **key, const uint8_t *const part[HWC_RSA_PART_COUNT],
                               const size_t part_len[HWC_RSA_PART_COUNT]);
/* Writes one number of key in its minimal big-endian encoding (no leading
 * zero byte; zero is one byte 0). *out_len: capacity in, bytes written out;
 * a smaller capacity (or out NULL) gives HWC_ERR_INVALID_ARG with *out_len
 * set to the size needed, and nothing written. A private part of a public
 * key, a which outside the enum, or a NULL key or out_len:
 * HWC_ERR_INVALID_ARG, *out_len unchanged. The private parts are secrets:
 * wipe the copies when done. */
HWC_API int hwc_rsa_get_part(uint8_t *out, size_t *out_len, hwc_rsa_part which, const hwc_rsa_key *key);

/* RSAES-OAEP encryption (RFC 8017 7.1) with MGF1 over h and an optional
 * label. len <= hwc_rsa_size(key) - 2 hLen - 2, else HWC_ERR_TOO_LONG.
 * *ct_len: in, capacity (>= hwc_rsa_size(key)); out, hwc_rsa_size(key);
 * a smaller capacity gives HWC_ERR_INVALID_ARG with *ct_len set to the size
 * needed. Works with public and private keys. */
HWC_API int hwc_rsa_encrypt_oaep(uint8_t *ct, size_t *ct_len, const uint8_t *pt, size_t len, const uint8_t *label,
                                 size_t label_len, hwc_hash h, const hwc_rsa_key *key);
/* RSAES-OAEP decryption. *pt_len: in, capacity of pt, at least the
 * longest message the key carries, hwc_rsa_size(key) - 2 hLen - 2 (else
 * HWC_ERR_INVALID_ARG with *pt_len set to that size, before any
 * decryption); out, plaintext length. Every decryption failure
 * (ciphertext length or value, padding, label) gives the same HWC_ERR_AUTH
 * after the same work, with pt zeroed over its capacity.
 * HWC_ERR_INVALID_ARG for a public key, NULL arguments or a bad h. */
HWC_API int hwc_rsa_decrypt_oaep(uint8_t *pt, size_t *pt_len, const uint8_t *ct, size_t len, const uint8_t *label,
                                 size_t label_len, hwc_hash h, const hwc_rsa_key *key);
/* OpenSSL's RSA_private_encrypt with RSA_PKCS1_PADDING: type-1 padding
 * (00 01 FF.. 00, no DigestInfo) around len <= hwc_rsa_size(key) - 11
 * bytes (else HWC_ERR_TOO_LONG), then the private operation. *out_len as
 * for signatures. Used by legacy signing protocols. */
HWC_API int hwc_rsa_private_encrypt_pkcs1(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                                          const hwc_rsa_key *key);
/* OpenSSL's RSA_public_decrypt with RSA_PKCS1_PADDING: the public
 * operation on len = hwc_rsa_size(key) bytes, then the type-1 padding is
 * checked and removed. *out_len: in, capacity; out, data length.
 * HWC_ERR_VERIFY (wrong length, value >= n, bad padding),
 * HWC_ERR_INVALID_ARG (NULL, or capacity too small: *out_len is then set
 * to the data length). */
HWC_API int hwc_rsa_public_decrypt_pkcs1(uint8_t *out, size_t *out_len, const uint8_t *in, size_t len,
                                         const hwc_rsa_key *key);

/* ------------------------------------------------------------ batches (0.3) */
/* n independent operations in one call, for servers that do many at once.
 * Rules shared by every batch function:
 *  - Any n, 0 included (n = 0 writes nothing and returns HWC_OK, whatever
 *    the pointers).
 *  - Item i's output is byte-identical to the single call on item i, and
 *    status[i] is what that call returns. The function returns HWC_OK when
 *    every status[i] is HWC_OK, else the first failing status[i] (lowest i).
 *  - A NULL array with n > 0 refuses the whole batch: HWC_ERR_INVALID_ARG,
 *    no output is written, and every status[i] is set to
 *    HWC_ERR_INVALID_ARG when status itself is not NULL.
 *  - A NULL element (a key, a message with a non-zero length, an output, an
 *    input) makes that item's status HWC_ERR_INVALID_ARG; its output is left
 *    untouched and the other items run as usual.
 *  - Items are independent: a bad item never changes another's result, and
 *    verification checks every item on its own (no combined equation).
 *  - Outputs must not overlap inputs. Where item i's output overlaps only
 *    item i's own inputs, the single call's rule for that pair applies
 *    (items run in index order); any other overlap gives unspecified
 *    results for the items that read the overwritten bytes.
 *  - Constant time as the single calls: the loop branches only on n, on
 *    NULL pointers and on the statuses the single calls return. */

/* How many items the selected backend of p processes at once: for
 * HWC_PRIM_FE25519 (X25519, Ed25519) and HWC_PRIM_BIGNUM (RSA; an RSA key
 * runs on the bignum backend selected when it was made) the items the
 * selected backend's lanes take in one group, 1 when it has no lanes; 1
 * for every other p,
 * unknown ones included. Batches of a multiple of it run fastest. Today
 * the avx512ifma fe25519 backend has 8 lanes (hwc_x25519_batch and both
 * Ed25519 batches), the avx2 and mulx-avx2 ones 4 (hwc_x25519_batch
 * only; the Ed25519 batches then run their items one by one), and the
 * Ed25519 batches hash eight items at a time where the SHA-512 backend
 * has lanes (avx512). The avx512ifma bignum backend runs RSA items in
 * groups of 8 (keys whose CRT halves have one size): two exponentiations
 * of four items (each item's two halves take two of its eight lanes), then
 * the unblinding and the fault check of all eight, one per lane (for
 * moduli of up to 2048 bits); other RSA items run one by one. */
HWC_API size_t hwc_batch_lanes(hwc_prim p);

/* shared[i] = hwc_x25519(scalar[i], point[i]), status[i] its return value:
 * HWC_OK, or HWC_ERR_INVALID_ARG for a point of small order (shared[i] is
 * then the all-zero result and must not be used as a key). Arrays of n
 * 32-byte items. */
HWC_API int hwc_x25519_batch(uint8_t (*shared)[32], int *status, const uint8_t (*scalar)[32],
                             const uint8_t (*point)[32], size_t n);
/* pub[i] = hwc_x25519_base(scalar[i]), status[i] its return value (HWC_OK
 * for every item of a valid batch). Arrays of n 32-byte items. */
HWC_API int hwc_x25519_base_batch(uint8_t (*pub)[32], int *status, const uint8_t (*scalar)[32], size_t n);
/* sig[i] = hwc_ed25519_sign of the len[i] bytes at msg[i] under sk[i],
 * status[i] its return value (HWC_ERR_INVALID_ARG for msg[i] NULL with
 * len[i] > 0). sig and sk are arrays of n 64-byte items, msg and len of n
 * pointers and lengths (msg[i] may be NULL when len[i] is 0). sig[i] may
 * overlap msg[i], as in the single call. */
HWC_API int hwc_ed25519_sign_batch(uint8_t (*sig)[64], int *status, const uint8_t *const *msg, const size_t *len,
                                   const uint8_t (*sk)[64], size_t n);
/* status[i] = hwc_ed25519_verify(sig[i], msg[i], len[i], pk[i]): HWC_OK
 * for a valid signature, HWC_ERR_VERIFY for an invalid one (the single
 * call's rules, item by item), HWC_ERR_INVALID_ARG for msg[i] NULL with
 * len[i] > 0. The return value is HWC_OK only when every signature is
 * valid. */
HWC_API int hwc_ed25519_verify_batch(int *status, const uint8_t (*sig)[64], const uint8_t *const *msg,
                                     const size_t *len, const uint8_t (*pk)[32], size_t n);
/* RSA batches. Keys may differ, in size too (items of one size share
 * lanes). sig[i] and out[i] must hold hwc_rsa_size(key[i]) bytes; digest[i]
 * is hwc_hash_len(h) bytes, in[i] hwc_rsa_size(key[i]) bytes.
 * hwc_rsa_sign_pkcs1_digest_batch: sig[i] = hwc_rsa_sign_pkcs1_digest of
 * digest[i] with h under key[i]; hwc_rsa_private_raw_batch: out[i] =
 * hwc_rsa_private_raw(in[i]) under key[i]. status[i] is the single call's
 * return value: HWC_ERR_INVALID_ARG for a NULL element, a public key, an
 * unknown h (every item), or in[i] >= n; HWC_ERR_BAD_KEY when the fault
 * check fails (sig[i] / out[i] zeroed); HWC_ERR_RNG, HWC_ERR_NOMEM. out[i]
 * == in[i] is allowed, as in the single call. */
HWC_API int hwc_rsa_sign_pkcs1_digest_batch(uint8_t *const *sig, int *status, const uint8_t *const *digest,
                                            hwc_hash h, const hwc_rsa_key *const *key, size_t n);
HWC_API int hwc_rsa_private_raw_batch(uint8_t *const *out, int *status, const uint8_t *const *in,
                                      const hwc_rsa_key *const *key, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* HWCRYPTO_H */
