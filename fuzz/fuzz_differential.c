/* SPDX-License-Identifier: ISC */
/*
 * Cross-library differential fuzzing: every other harness compares
 * hwcrypto's backends with one another; this one compares hwcrypto with
 * OpenSSL 3's libcrypto (EVP, BN) and libsodium 1.0.18, loaded with dlopen
 * (diff_peers.c), so a bug shared by all our backends (a wrong constant,
 * a misread standard, an API convention) is caught too. Any disagreement
 * prints the operation, the selected backend and the parameters, and
 * aborts.
 *
 * Input: byte 0 picks the operation (ops[] below), byte 1 the backend of
 * the primitive the operation exercises (under libFuzzer one supported
 * backend per input, chosen by that byte; in replay mode, the test suite,
 * every supported backend in turn), then each operation reads its
 * parameters through the reader below: fixed-size fields, lengths (an
 * edge table or a raw value), how to cut data into pieces, and the data,
 * which repeats the input's remaining bytes when it asks for more than
 * there are (so a short input can still make a 2 KiB message). Missing
 * bytes read as zero.
 *
 * Peers per operation:
 *   hash        SHA-1/256/384/512 one-shot, incremental, hwc_hash_ctx:
 *               EVP_Digest; crypto_hash_sha256/512
 *   hmac        hwc_hmac, incremental, hwc_hmac_verify: EVP_MAC "HMAC";
 *               crypto_auth_hmacsha256/512 (multi-part, any key length)
 *   hkdf        hwc_hkdf, extract + expand: EVP_KDF "HKDF"
 *   aes         AES-128/192/256-CTR in pieces (counters near the 32-, 64-
 *               and 128-bit wraps): EVP aes-N-ctr; AES-CBC both ways in
 *               pieces, partial blocks refused: EVP aes-N-cbc, no padding
 *   aes_gcm     one-shot and in pieces, nonces of 0..80 bytes, tag lengths
 *               0..16, forgeries: EVP aes-N-gcm; libsodium aes256gcm
 *               (12-byte nonce, 16-byte tag)
 *   chacha20    ChaCha20 (RFC 8439) with counters near 2^32, XChaCha20:
 *               EVP chacha20; crypto_stream_(x)chacha20(_ietf)_xor_ic
 *   poly1305    one-shot and incremental: EVP_MAC "POLY1305";
 *               crypto_onetimeauth_poly1305
 *   chachapoly  (X)ChaCha20-Poly1305 one-shot and in pieces, forgeries:
 *               EVP chacha20-poly1305; crypto_aead_(x)chacha20poly1305_ietf
 *   secretstream  crypto_secretstream_xchacha20poly1305 both ways
 *   x25519      hwc_x25519, hwc_x25519_base: EVP_PKEY X25519;
 *               crypto_scalarmult(_base)
 *   ed25519_sign  keys and signatures byte for byte: EVP_DigestSign;
 *               crypto_sign_seed_keypair / crypto_sign_detached
 *   ed25519_verify  EVP_DigestVerify; crypto_sign_verify_detached
 *   modexp      hwc_modexp: BN_mod_exp
 *   rsa         PKCS#1 v1.5 signatures (equal bytes), PSS and OAEP (each
 *               side checks the other's output), raw RSA, legacy type-1
 *               padding: EVP_PKEY with RSA_*_PADDING
 *
 * Documented differences, checked rather than skipped:
 *  - SHA-224 is not offered by hwcrypto: not compared.
 *  - AES-GCM: hwcrypto takes tags of 12..16 bytes and nonces of >= 1
 *    byte; OpenSSL also makes tags of 1..11 bytes. For those, and for an
 *    empty nonce, hwcrypto must return HWC_ERR_INVALID_ARG and write
 *    nothing (one-shot), and refuse finish without changing the context.
 *  - ChaCha20: hwc_chacha20 refuses (HWC_ERR_TOO_LONG, nothing written)
 *    a message that would need a block counter beyond 2^32 - 1 (and
 *    hwc_xchacha20 beyond 2^64 - 1). OpenSSL 3.0 carries the counter
 *    into the first nonce word instead, and libsodium 1.0.18's
 *    crypto_stream_chacha20_ietf_xor_ic aborts the process
 *    (sodium_misuse), both checked by hand. The refusal is checked, and
 *    the part below the end of the counter compared.
 *  - HKDF: OpenSSL 3.0 refuses an output of length 0 (checked by hand),
 *    hwcrypto writes nothing and returns HWC_OK; only hwcrypto runs then.
 *  - hwc_modexp refuses even moduli and moduli below 3
 *    (HWC_ERR_INVALID_ARG); BN_mod_exp computes them. Checked as a refusal.
 *  - X25519: all three refuse an all-zero shared secret (a small-order
 *    point): hwc_x25519 returns HWC_ERR_INVALID_ARG and writes the zero
 *    result, crypto_scalarmult returns -1, OpenSSL's derive fails. The
 *    three verdicts must agree, and the outputs otherwise.
 *  - Ed25519 verification: see the block before ED_R_SMALL below.
 */
#include <stdarg.h>

#include "diff_peers.h"
#include "fuzz.h"

static const diff_peers *P; /* the peers, loaded by the first input */

/* ------------------------------------------------------------ reporting */

/* The operation running, the primitive whose backend is selected, and its
 * parameters as text, for the mismatch report. */
static struct {
  const char *op;
  hwc_prim prim;
  char params[512];
} cur;

/* Sets the parameter text of the report (printf format). */
__attribute__((format(printf, 1, 2))) static void params(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cur.params, sizeof cur.params, fmt, ap);
  va_end(ap);
}

/* Reports a disagreement (what) with everything needed to reproduce it
 * by hand, and aborts so that libFuzzer keeps the input. */
static void mismatch(const char *what) {
  const char *impl = hwc_impl_selected(cur.prim);
  fprintf(stderr, "fuzz_differential: MISMATCH in %s, backend %s=%s: %s\n  parameters: %s\n", cur.op,
          hwc_prim_name(cur.prim), impl ? impl : "?", what, cur.params);
  abort();
}

/* mismatch(what) unless ok. */
static void check(int ok, const char *what) {
  if (!ok) mismatch(what);
}

/* 1 when the n bytes at p are all equal to v. */
static int all_bytes(const uint8_t *p, size_t n, uint8_t v) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != v) return 0;
  return 1;
}

/* p, or NULL when n is 0: hwcrypto takes NULL with length 0 everywhere,
 * so the one-shot calls get it for every empty input. */
static const uint8_t *or_null(const uint8_t *p, size_t n) { return n ? p : NULL; }

/* The same for an output buffer. */
static uint8_t *out_or_null(uint8_t *p, size_t n) { return n ? p : NULL; }

/* ---------------------------------------------------------- input reader (fuzz.h) */

/* A 32-bit little-endian value. */
static uint32_t rd_u32(reader *r) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v |= (uint32_t)rd_byte(r) << (8 * i);
  return v;
}

/* Lengths where the kernels change path: block and multi-block edges of
 * 16-byte (AES, GHASH, Poly1305) and 64/128-byte (SHA, ChaCha20) units. */
static const uint16_t edge_lens[] = {0,   1,   2,   3,   7,   8,   11,  12,  13,  15,  16,   17,   31,   32,  33,  47,
                                     48,  49,  55,  56,  57,  63,  64,  65,  111, 112, 113,  127,  128,  129, 191, 192,
                                     255, 256, 257, 383, 384, 511, 512, 513, 767, 768, 1023, 1024, 1025, 2047};

/* A length of at most max (rd_len_table of fuzz.h over edge_lens). */
static size_t rd_len(reader *r, size_t max) {
  return rd_len_table(r, max, edge_lens, sizeof edge_lens / sizeof edge_lens[0]);
}

/* How to cut a message into pieces: up to 8 cut bytes, used in turn. A
 * byte c is a piece of c bytes below 128, else (c - 128) * 37 + 1 bytes
 * (up to 4.7 KiB). */
typedef struct {
  uint8_t b[8];
  size_t n;
} cuts;

/* A count byte (1..8 cuts), then the cut bytes. */
static void rd_cuts(reader *r, cuts *c) {
  c->n = 1 + rd_byte(r) % 8;
  rd_bytes(r, c->b, c->n);
}

/* Called for each piece: the piece's offset and length in the message. */
typedef void (*piece_fn)(void *st, size_t off, size_t n);

/* Cuts len bytes into pieces by c (starting at cut number shift) and
 * hands each to fn. Pieces are multiples of align bytes except the last
 * (CBC, CTR and ChaCha20 continue only on block boundaries); a cut that
 * rounds to zero is an empty piece, followed by one of align bytes, so
 * the loop always advances. An empty message is one empty piece. */
static void feed(const cuts *c, size_t shift, size_t len, size_t align, piece_fn fn, void *st) {
  size_t done = 0, i = 0;
  do {
    uint8_t b = c->b[(i++ + shift) % c->n];
    size_t n = b < 128 ? b : (size_t)(b - 128) * 37 + 1;
    n -= n % align;
    if (n == 0) {
      fn(st, done, 0);
      n = align;
    }
    if (n > len - done) n = len - done;
    fn(st, done, n);
    done += n;
  } while (done < len);
}

/* ------------------------------------------------------- backend choice */

/* Runs fn(ctx) with each supported backend of p selected (under
 * libFuzzer only the one pick chooses; see the header comment), then
 * restores the selection. */
static void each_backend(hwc_prim p, unsigned pick, void (*fn)(void *), void *ctx) {
  const char *def = hwc_impl_selected(p);
  size_t idx[32], n = 0;
  for (size_t i = 0; i < hwc_impl_count(p) && n < 32; i++)
    if (hwc_impl_supported(p, i)) idx[n++] = i;
  FUZZ_REQUIRE(n > 0, "no supported backend");
  cur.prim = p;
  for (size_t k = 0; k < n; k++) {
#ifdef HWC_FUZZ_LIBFUZZER
    if (k != pick % n) continue;
#else
    (void)pick;
#endif
    FUZZ_REQUIRE(hwc_impl_select(p, hwc_impl_name(p, idx[k])) == HWC_OK, "hwc_impl_select");
    fn(ctx);
  }
  if (def) hwc_impl_select(p, def);
}

/* ----------------------------------------------------------- buffers */

enum { MAX_MSG = 4096 };
static uint8_t msg[MAX_MSG], aad[MAX_MSG], ref[MAX_MSG + 64], out[MAX_MSG + 64], back[MAX_MSG + 64];

/* The primitive whose backends compute hash h. */
static hwc_prim hash_prim(hwc_hash h) {
  return h == HWC_HASH_SHA1 ? HWC_PRIM_SHA1 : h == HWC_HASH_SHA256 ? HWC_PRIM_SHA256 : HWC_PRIM_SHA512;
}

static const char *const hash_names[4] = {"SHA256", "SHA384", "SHA512", "SHA1"};

/* ================================================================ hashes */

typedef struct {
  hwc_hash h;
  size_t len;
  cuts c;
  union {
    hwc_sha1_ctx s1;
    hwc_sha256_ctx s256;
    hwc_sha512_ctx s512;
    hwc_hash_ctx any;
  } st;
} hash_case;

/* A piece through the hash's own incremental API. */
static void hash_piece(void *ctx, size_t off, size_t n) {
  hash_case *c = ctx;
  switch (c->h) {
  case HWC_HASH_SHA1: hwc_sha1_update(&c->st.s1, msg + off, n); break;
  case HWC_HASH_SHA256: hwc_sha256_update(&c->st.s256, msg + off, n); break;
  default: hwc_sha512_update(&c->st.s512, msg + off, n); break;
  }
}

/* A piece through hwc_hash_ctx. */
static void hash_any_piece(void *ctx, size_t off, size_t n) {
  hash_case *c = ctx;
  hwc_hash_update(&c->st.any, msg + off, n);
}

/* One-shot, incremental (both APIs, cut by the input) and hwc_digest
 * against EVP_Digest, and libsodium for SHA-256 and SHA-512. */
static void run_hash(void *ctx) {
  hash_case *c = ctx;
  size_t hl = hwc_hash_len(c->h);
  uint8_t want[64], got[64];
  unsigned wl = 0;
  check(P->o.EVP_Digest(msg, c->len, want, &wl, P->md[c->h], NULL) == 1 && wl == hl, "EVP_Digest failed");
  const uint8_t *m = or_null(msg, c->len);
  switch (c->h) {
  case HWC_HASH_SHA1: hwc_sha1(got, m, c->len); break;
  case HWC_HASH_SHA256: hwc_sha256(got, m, c->len); break;
  case HWC_HASH_SHA384: hwc_sha384(got, m, c->len); break;
  default: hwc_sha512(got, m, c->len); break;
  }
  check(memcmp(got, want, hl) == 0, "one-shot digest != EVP_Digest");
  memset(got, 0, sizeof got);
  check(hwc_digest(got, m, c->len, c->h) == HWC_OK && memcmp(got, want, hl) == 0, "hwc_digest != EVP_Digest");
  switch (c->h) {
  case HWC_HASH_SHA1: hwc_sha1_init(&c->st.s1); break;
  case HWC_HASH_SHA256: hwc_sha256_init(&c->st.s256); break;
  case HWC_HASH_SHA384: hwc_sha384_init(&c->st.s512); break;
  default: hwc_sha512_init(&c->st.s512); break;
  }
  feed(&c->c, 0, c->len, 1, hash_piece, c);
  switch (c->h) {
  case HWC_HASH_SHA1: hwc_sha1_final(&c->st.s1, got); break;
  case HWC_HASH_SHA256: hwc_sha256_final(&c->st.s256, got); break;
  case HWC_HASH_SHA384: hwc_sha384_final(&c->st.s512, got); break;
  default: hwc_sha512_final(&c->st.s512, got); break;
  }
  check(memcmp(got, want, hl) == 0, "incremental digest != EVP_Digest");
  check(hwc_hash_init(&c->st.any, c->h) == HWC_OK, "hwc_hash_init");
  feed(&c->c, 1, c->len, 1, hash_any_piece, c);
  hwc_hash_final(&c->st.any, got);
  check(memcmp(got, want, hl) == 0, "hwc_hash_ctx digest != EVP_Digest");
  if (c->h == HWC_HASH_SHA256) {
    check(P->s.crypto_hash_sha256(got, msg, c->len) == 0 && memcmp(got, want, 32) == 0,
          "libsodium crypto_hash_sha256 != EVP_Digest");
  } else if (c->h == HWC_HASH_SHA512) {
    check(P->s.crypto_hash_sha512(got, msg, c->len) == 0 && memcmp(got, want, 64) == 0,
          "libsodium crypto_hash_sha512 != EVP_Digest");
  }
}

/* hash byte (mod 4: hwc_hash) | length | cuts | data. */
static void op_hash(reader *r, unsigned pick) {
  hash_case c = {.h = (hwc_hash)(rd_byte(r) % 4)};
  c.len = rd_len(r, 2100);
  rd_cuts(r, &c.c);
  rd_data(r, msg, c.len);
  params("%s len=%zu cuts=%zu", hash_names[c.h], c.len, c.c.n);
  each_backend(hash_prim(c.h), pick, run_hash, &c);
}

/* ================================================================== HMAC */

typedef struct {
  hwc_hash h;
  size_t key_len, len, tag_len;
  uint8_t key[300];
  cuts c;
  hwc_hmac_ctx st;
} hmac_case;

/* A piece through the incremental HMAC. */
static void hmac_piece(void *ctx, size_t off, size_t n) {
  hmac_case *c = ctx;
  hwc_hmac_update(&c->st, msg + off, n);
}

/* OpenSSL's HMAC of msg under the case's key into want (hl bytes). */
static void openssl_hmac(const hmac_case *c, uint8_t *want, size_t hl) {
  EVP_MAC_CTX *m = P->o.EVP_MAC_CTX_new(P->hmac);
  check(m != NULL, "EVP_MAC_CTX_new");
  OSSL_PARAM prm[] = {
      {"digest", OSSL_PARAM_UTF8_STRING, (void *)hash_names[c->h], strlen(hash_names[c->h]), OSSL_PARAM_UNMODIFIED},
      {NULL, 0, NULL, 0, 0}};
  size_t wl = 0;
  /* A non-NULL key pointer even for an empty key: OpenSSL takes NULL as
   * "no key yet". */
  check(P->o.EVP_MAC_init(m, c->key, c->key_len, prm) == 1 && P->o.EVP_MAC_update(m, msg, c->len) == 1 &&
            P->o.EVP_MAC_final(m, want, &wl, 64) == 1 && wl == hl,
        "OpenSSL HMAC failed");
  P->o.EVP_MAC_CTX_free(m);
}

/* hwc_hmac, the incremental API and hwc_hmac_verify (a truncated tag, a
 * changed tag, out-of-range tag lengths) against EVP_MAC "HMAC" and
 * libsodium's multi-part HMAC-SHA-256/512. */
static void run_hmac(void *ctx) {
  hmac_case *c = ctx;
  size_t hl = hwc_hash_len(c->h);
  uint8_t want[64], got[64];
  openssl_hmac(c, want, hl);
  const uint8_t *key = or_null(c->key, c->key_len);
  check(hwc_hmac(got, or_null(msg, c->len), c->len, c->h, key, c->key_len) == HWC_OK && memcmp(got, want, hl) == 0,
        "hwc_hmac != OpenSSL");
  check(hwc_hmac_init(&c->st, c->h, key, c->key_len) == HWC_OK, "hwc_hmac_init");
  feed(&c->c, 0, c->len, 1, hmac_piece, c);
  memset(got, 0, sizeof got);
  hwc_hmac_final(&c->st, got);
  check(memcmp(got, want, hl) == 0, "incremental hwc_hmac != OpenSSL");
  size_t tl = 1 + c->tag_len % hl;
  check(hwc_hmac_verify(want, tl, msg, c->len, c->h, c->key, c->key_len) == HWC_OK,
        "hwc_hmac_verify refused OpenSSL's (truncated) tag");
  want[c->tag_len % tl] ^= 0x40;
  check(hwc_hmac_verify(want, tl, msg, c->len, c->h, c->key, c->key_len) == HWC_ERR_VERIFY,
        "hwc_hmac_verify took a changed tag");
  want[c->tag_len % tl] ^= 0x40;
  check(hwc_hmac_verify(want, 0, msg, c->len, c->h, c->key, c->key_len) == HWC_ERR_INVALID_ARG &&
            hwc_hmac_verify(want, hl + 1, msg, c->len, c->h, c->key, c->key_len) == HWC_ERR_INVALID_ARG,
        "hwc_hmac_verify took a tag length outside 1..hash length");
  if (c->h == HWC_HASH_SHA256 || c->h == HWC_HASH_SHA512) {
    static _Alignas(64) uint8_t state[1024];
    int s256 = c->h == HWC_HASH_SHA256;
    size_t need = s256 ? P->s.crypto_auth_hmacsha256_statebytes() : P->s.crypto_auth_hmacsha512_statebytes();
    FUZZ_REQUIRE(need <= sizeof state, "libsodium HMAC state too large");
    int rc = s256 ? P->s.crypto_auth_hmacsha256_init(state, c->key, c->key_len) |
                        P->s.crypto_auth_hmacsha256_update(state, msg, c->len) |
                        P->s.crypto_auth_hmacsha256_final(state, got)
                  : P->s.crypto_auth_hmacsha512_init(state, c->key, c->key_len) |
                        P->s.crypto_auth_hmacsha512_update(state, msg, c->len) |
                        P->s.crypto_auth_hmacsha512_final(state, got);
    check(rc == 0 && memcmp(got, want, hl) == 0, "libsodium HMAC != OpenSSL");
  }
}

/* hash byte | key length (0..300: beyond both block sizes) | key | tag
 * length byte | message length | cuts | message. */
static void op_hmac(reader *r, unsigned pick) {
  hmac_case c = {.h = (hwc_hash)(rd_byte(r) % 4)};
  c.key_len = rd_len(r, sizeof c.key);
  rd_data(r, c.key, c.key_len);
  c.tag_len = rd_byte(r);
  c.len = rd_len(r, 2100);
  rd_cuts(r, &c.c);
  rd_data(r, msg, c.len);
  params("HMAC-%s key_len=%zu len=%zu tag_len=%zu cuts=%zu", hash_names[c.h], c.key_len, c.len,
         1 + c.tag_len % hwc_hash_len(c.h), c.c.n);
  each_backend(hash_prim(c.h), pick, run_hmac, &c);
}

/* ================================================================== HKDF */

typedef struct {
  hwc_hash h;
  size_t ikm_len, salt_len, info_len, out_len;
  uint8_t ikm[128], salt[200], info[300];
} hkdf_case;

static uint8_t hkdf_out[255 * 64 + 64], hkdf_ref[255 * 64 + 64];

/* OpenSSL's HKDF into hkdf_ref; 1 on success. */
static int openssl_hkdf(const hkdf_case *c) {
  EVP_KDF_CTX *k = P->o.EVP_KDF_CTX_new(P->hkdf);
  check(k != NULL, "EVP_KDF_CTX_new");
  OSSL_PARAM prm[5];
  size_t n = 0;
  prm[n++] = (OSSL_PARAM){"digest", OSSL_PARAM_UTF8_STRING, (void *)hash_names[c->h], strlen(hash_names[c->h]),
                          OSSL_PARAM_UNMODIFIED};
  prm[n++] = (OSSL_PARAM){"key", OSSL_PARAM_OCTET_STRING, (void *)c->ikm, c->ikm_len, OSSL_PARAM_UNMODIFIED};
  if (c->salt_len)
    prm[n++] = (OSSL_PARAM){"salt", OSSL_PARAM_OCTET_STRING, (void *)c->salt, c->salt_len, OSSL_PARAM_UNMODIFIED};
  if (c->info_len)
    prm[n++] = (OSSL_PARAM){"info", OSSL_PARAM_OCTET_STRING, (void *)c->info, c->info_len, OSSL_PARAM_UNMODIFIED};
  prm[n] = (OSSL_PARAM){NULL, 0, NULL, 0, 0};
  int ok = P->o.EVP_KDF_derive(k, hkdf_ref, c->out_len, prm) == 1;
  P->o.EVP_KDF_CTX_free(k);
  P->o.ERR_clear_error();
  return ok;
}

/* hwc_hkdf and hwc_hkdf_extract + hwc_hkdf_expand against EVP_KDF "HKDF";
 * beyond 255 hash lengths both must refuse. */
static void run_hkdf(void *ctx) {
  hkdf_case *c = ctx;
  size_t hl = hwc_hash_len(c->h);
  const uint8_t *salt = c->salt_len ? c->salt : NULL;
  const uint8_t *info = or_null(c->info, c->info_len), *ikm = or_null(c->ikm, c->ikm_len);
  int rc = hwc_hkdf(out_or_null(hkdf_out, c->out_len), c->out_len, info, c->info_len, salt, c->salt_len, c->h, ikm,
                    c->ikm_len);
  if (c->out_len > 255 * hl) {
    check(rc == HWC_ERR_TOO_LONG, "hwc_hkdf took more than 255 hash lengths");
    check(!openssl_hkdf(c), "OpenSSL HKDF made more than 255 hash lengths");
    return;
  }
  check(rc == HWC_OK, "hwc_hkdf failed");
  if (c->out_len == 0) return; /* OpenSSL refuses an empty output */
  check(openssl_hkdf(c), "OpenSSL HKDF failed");
  check(memcmp(hkdf_out, hkdf_ref, c->out_len) == 0, "hwc_hkdf != OpenSSL HKDF");
  uint8_t prk[64];
  memset(hkdf_out, 0, c->out_len);
  check(hwc_hkdf_extract(prk, salt, c->salt_len, c->h, ikm, c->ikm_len) == HWC_OK &&
            hwc_hkdf_expand(hkdf_out, c->out_len, info, c->info_len, c->h, prk, hl) == HWC_OK,
        "hwc_hkdf_extract/expand failed");
  check(memcmp(hkdf_out, hkdf_ref, c->out_len) == 0, "hwc_hkdf_extract + expand != OpenSSL HKDF");
}

/* hash byte | ikm length | ikm | salt length | salt | info length | info
 * | output length (up to just past 255 hash lengths). */
static void op_hkdf(reader *r, unsigned pick) {
  hkdf_case c = {.h = (hwc_hash)(rd_byte(r) % 4)};
  c.ikm_len = rd_len(r, sizeof c.ikm);
  rd_data(r, c.ikm, c.ikm_len);
  c.salt_len = rd_len(r, sizeof c.salt);
  rd_data(r, c.salt, c.salt_len);
  c.info_len = rd_len(r, sizeof c.info);
  rd_data(r, c.info, c.info_len);
  size_t hl = hwc_hash_len(c.h);
  uint8_t b = rd_byte(r);
  /* Mostly short outputs; 1/8 of them at or just past the 255-block limit. */
  c.out_len = (b & 7) == 7 ? 255 * hl - 1 + rd_byte(r) % 3 : ((size_t)b << 8 | rd_byte(r)) % 600;
  params("%s ikm_len=%zu salt_len=%zu info_len=%zu out_len=%zu", hash_names[c.h], c.ikm_len, c.salt_len, c.info_len,
         c.out_len);
  each_backend(hash_prim(c.h), pick, run_hkdf, &c);
}

/* ============================================================ AES-CTR/CBC */

typedef struct {
  size_t ks, len, bad_len;
  int decrypt;
  uint8_t key[32], iv[16], iv_run[16];
  cuts c;
  hwc_aes_key k;
  int rc;
} aes_case;

/* OpenSSL cipher ci over len bytes of in into ref (no padding); 1 if ok. */
static int openssl_cipher(const EVP_CIPHER *ci, int enc, const uint8_t *key, const uint8_t *iv, const uint8_t *in,
                          size_t len) {
  EVP_CIPHER_CTX *x = P->cctx;
  int l1 = 0, l2 = 0;
  int ok = P->o.EVP_CipherInit_ex(x, ci, NULL, key, iv, enc) == 1 && P->o.EVP_CIPHER_CTX_set_padding(x, 0) == 1 &&
           P->o.EVP_CipherUpdate(x, ref, &l1, in, (int)len) == 1 && P->o.EVP_CipherFinal_ex(x, ref + l1, &l2) == 1 &&
           (size_t)(l1 + l2) == len;
  P->o.ERR_clear_error();
  return ok;
}

/* A piece of CTR. */
static void ctr_piece(void *ctx, size_t off, size_t n) {
  aes_case *c = ctx;
  if (hwc_aes_ctr(out + off, msg + off, n, c->iv_run, &c->k) != HWC_OK) c->rc = -1;
}

/* The 128-bit big-endian ctr plus n. */
static void ctr_add(uint8_t ctr[16], uint64_t n) {
  for (int i = 15; i >= 0 && n; i--) {
    n += ctr[i];
    ctr[i] = (uint8_t)n;
    n >>= 8;
  }
}

/* AES-CTR one-shot, in place, and in pieces against EVP aes-N-ctr, which
 * also wraps the 128-bit counter; the counter must advance by the blocks
 * used. */
static void run_aes_ctr(void *ctx) {
  aes_case *c = ctx;
  check(openssl_cipher(P->aes_ctr[c->ks], 1, c->key, c->iv, msg, c->len), "OpenSSL AES-CTR failed");
  check(hwc_aes_init(&c->k, c->key, 16 + 8 * c->ks) == HWC_OK, "hwc_aes_init");
  uint8_t want_ctr[16];
  memcpy(want_ctr, c->iv, 16);
  ctr_add(want_ctr, (c->len + 15) / 16);
  memcpy(c->iv_run, c->iv, 16);
  check(hwc_aes_ctr(out, msg, c->len, c->iv_run, &c->k) == HWC_OK && memcmp(out, ref, c->len) == 0,
        "hwc_aes_ctr != OpenSSL");
  check(memcmp(c->iv_run, want_ctr, 16) == 0, "hwc_aes_ctr advanced the counter wrongly");
  memcpy(back, msg, c->len);
  memcpy(c->iv_run, c->iv, 16);
  check(hwc_aes_ctr(back, back, c->len, c->iv_run, &c->k) == HWC_OK && memcmp(back, ref, c->len) == 0,
        "hwc_aes_ctr in place != OpenSSL");
  memset(out, 0, c->len);
  memcpy(c->iv_run, c->iv, 16);
  c->rc = 0;
  feed(&c->c, 0, c->len, 16, ctr_piece, c);
  check(c->rc == 0 && memcmp(out, ref, c->len) == 0, "hwc_aes_ctr in pieces != OpenSSL");
  check(memcmp(c->iv_run, want_ctr, 16) == 0, "hwc_aes_ctr in pieces advanced the counter wrongly");
  hwc_aes_key_wipe(&c->k);
}

/* A piece of CBC in the case's direction. */
static void cbc_piece(void *ctx, size_t off, size_t n) {
  aes_case *c = ctx;
  int rc = (c->decrypt ? hwc_aes_cbc_decrypt : hwc_aes_cbc_encrypt)(out + off, msg + off, n, c->iv_run, &c->k);
  if (rc != HWC_OK) c->rc = rc;
}

/* AES-CBC encryption and decryption (of the same bytes, as ciphertext),
 * one-shot and in pieces, against EVP aes-N-cbc without padding; the iv
 * must end as the last ciphertext block; a length that is not a multiple
 * of 16 must be refused with nothing written (OpenSSL fails too). */
static void run_aes_cbc(void *ctx) {
  aes_case *c = ctx;
  check(hwc_aes_init(&c->k, c->key, 16 + 8 * c->ks) == HWC_OK, "hwc_aes_init");
  for (c->decrypt = 0; c->decrypt < 2; c->decrypt++) {
    check(openssl_cipher(P->aes_cbc[c->ks], !c->decrypt, c->key, c->iv, msg, c->len), "OpenSSL AES-CBC failed");
    const uint8_t *last = c->len == 0 ? c->iv : c->decrypt ? msg + c->len - 16 : ref + c->len - 16;
    memcpy(c->iv_run, c->iv, 16);
    c->rc = 0;
    feed(&c->c, c->decrypt, c->len, 16, cbc_piece, c);
    check(c->rc == 0 && memcmp(out, ref, c->len) == 0,
          c->decrypt ? "hwc_aes_cbc_decrypt != OpenSSL" : "hwc_aes_cbc_encrypt != OpenSSL");
    check(memcmp(c->iv_run, last, 16) == 0, "the CBC chaining value is not the last ciphertext block");
    memcpy(c->iv_run, c->iv, 16);
    int rc = (c->decrypt ? hwc_aes_cbc_decrypt : hwc_aes_cbc_encrypt)(out, msg, c->len, c->iv_run, &c->k);
    check(rc == HWC_OK && memcmp(out, ref, c->len) == 0, "one-shot CBC != OpenSSL");
    if (c->bad_len) {
      size_t bad = c->len + c->bad_len;
      memset(out, 0xa5, bad);
      memcpy(c->iv_run, c->iv, 16);
      rc = (c->decrypt ? hwc_aes_cbc_decrypt : hwc_aes_cbc_encrypt)(out, msg, bad, c->iv_run, &c->k);
      check(rc == HWC_ERR_INVALID_ARG && all_bytes(out, bad, 0xa5) && memcmp(c->iv_run, c->iv, 16) == 0,
            "CBC over a partial block was not refused, or wrote");
      check(!openssl_cipher(P->aes_cbc[c->ks], !c->decrypt, c->key, c->iv, msg, bad),
            "OpenSSL CBC without padding took a partial block");
    }
  }
  hwc_aes_key_wipe(&c->k);
}

/* mode byte (bit 0: CBC, else CTR; bits 1-2 key size; bits 3-4 for CTR:
 * the counter's low 32, 64 or 128 bits set near their wrap) | key 32 | iv
 * or counter 16 | length | cuts | data. CBC lengths are rounded down to
 * blocks; bad-length byte: 1..15 extra bytes to check the refusal. */
static void op_aes(reader *r, unsigned pick) {
  aes_case c = {0};
  uint8_t mode = rd_byte(r);
  int cbc = mode & 1;
  c.ks = (mode >> 1 & 3) % 3;
  rd_bytes(r, c.key, 32);
  rd_bytes(r, c.iv, 16);
  unsigned wrap = mode >> 3 & 3;
  if (!cbc && wrap) { /* ff..ff minus a small value in the low 4, 8 or 16 bytes */
    size_t from = wrap == 1 ? 12 : wrap == 2 ? 8 : 0;
    uint8_t below = c.iv[15] & 0x1f;
    memset(c.iv + from, 0xff, 16 - from);
    c.iv[15] = (uint8_t)(0xff - below);
  }
  c.len = rd_len(r, 2048);
  if (cbc) {
    c.len -= c.len % 16;
    c.bad_len = rd_byte(r) % 16;
  }
  rd_cuts(r, &c.c);
  rd_data(r, msg, c.len + c.bad_len);
  params("AES-%zu-%s len=%zu bad_len=%zu cuts=%zu iv[8..15]=%02x%02x%02x%02x%02x%02x%02x%02x", 128 + 64 * c.ks,
         cbc ? "CBC" : "CTR", c.len, c.bad_len, c.c.n, c.iv[8], c.iv[9], c.iv[10], c.iv[11], c.iv[12], c.iv[13],
         c.iv[14], c.iv[15]);
  each_backend(HWC_PRIM_AES, pick, cbc ? run_aes_cbc : run_aes_ctr, &c);
}

/* ================================================================ AES-GCM */

typedef struct {
  size_t ks, nonce_len, tag_len, aad_len, len, tamper;
  uint8_t key[32], nonce[80];
  cuts c;
  hwc_aes_gcm_key k;
  hwc_aes_gcm_ctx st;
  int rc, enc;
} gcm_case;

/* OpenSSL AES-GCM: enc 1 seals into ref and writes a 16-byte tag; enc 0
 * opens in into ref with the tl-byte tag. 1 on success. */
static int openssl_gcm(const gcm_case *c, int enc, const uint8_t *in, uint8_t *tag, size_t tl) {
  EVP_CIPHER_CTX *x = P->cctx;
  int l = 0, l2 = 0;
  int ok = P->o.EVP_CipherInit_ex(x, P->aes_gcm[c->ks], NULL, NULL, NULL, enc) == 1 &&
           P->o.EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)c->nonce_len, NULL) == 1 &&
           P->o.EVP_CipherInit_ex(x, NULL, NULL, c->key, c->nonce, enc) == 1 &&
           (enc || P->o.EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tl, tag) == 1) &&
           (c->aad_len == 0 || P->o.EVP_CipherUpdate(x, NULL, &l, aad, (int)c->aad_len) == 1) &&
           P->o.EVP_CipherUpdate(x, ref, &l, in, (int)c->len) == 1 && P->o.EVP_CipherFinal_ex(x, ref + l, &l2) == 1 &&
           (!enc || P->o.EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
  P->o.ERR_clear_error();
  return ok;
}

/* A piece of a GCM message in the context c->st: the message when
 * sealing, OpenSSL's ciphertext (ref) when opening. */
static void gcm_piece(void *ctx, size_t off, size_t n) {
  gcm_case *c = ctx;
  int rc = hwc_aes_gcm_update(&c->st, out + off, (c->enc ? msg : ref) + off, n);
  if (rc != HWC_OK) c->rc = rc;
}

/* Starts c->st (aad in two pieces) for the direction enc. */
static void gcm_start(gcm_case *c, int enc) {
  size_t half = c->aad_len / 2;
  c->enc = enc;
  check(hwc_aes_gcm_start(&c->st, enc, c->nonce, c->nonce_len, &c->k) == HWC_OK &&
            hwc_aes_gcm_aad(&c->st, aad, half) == HWC_OK &&
            hwc_aes_gcm_aad(&c->st, aad + half, c->aad_len - half) == HWC_OK,
        "hwc_aes_gcm_start/aad failed");
  c->rc = 0;
}

/* One-shot and in pieces, seal and open, against OpenSSL (and libsodium
 * for AES-256 with a 12-byte nonce and a 16-byte tag); tag lengths and
 * nonce lengths hwcrypto does not take must be refused; a tampered tag,
 * ciphertext or aad must fail on both sides. */
static void run_gcm(void *ctx) {
  gcm_case *c = ctx;
  uint8_t tag[16], want[16];
  int tag_ok = c->tag_len >= 12 && c->tag_len <= 16;
  check(hwc_aes_gcm_init(&c->k, c->key, 16 + 8 * c->ks) == HWC_OK, "hwc_aes_gcm_init");
  if (c->nonce_len == 0) {
    memset(out, 0xa5, c->len + 1);
    check(hwc_aes_gcm_encrypt(out, tag, 16, msg, c->len, aad, c->aad_len, c->nonce, 0, &c->k) == HWC_ERR_INVALID_ARG &&
              all_bytes(out, c->len + 1, 0xa5),
          "hwc_aes_gcm_encrypt took an empty nonce, or wrote");
    check(hwc_aes_gcm_start(&c->st, 1, c->nonce, 0, &c->k) == HWC_ERR_INVALID_ARG,
          "hwc_aes_gcm_start took an empty nonce");
    check(!openssl_gcm(c, 1, msg, want, 16), "OpenSSL took an empty GCM nonce");
    hwc_aes_gcm_key_wipe(&c->k);
    return;
  }
  check(openssl_gcm(c, 1, msg, want, 16), "OpenSSL AES-GCM seal failed");
  /* One-shot seal with the case's tag length. */
  memset(out, 0xa5, c->len + 1);
  memset(tag, 0xa5, 16);
  int rc = hwc_aes_gcm_encrypt(out_or_null(out, c->len), tag, c->tag_len, or_null(msg, c->len), c->len,
                               or_null(aad, c->aad_len), c->aad_len, c->nonce, c->nonce_len, &c->k);
  if (!tag_ok) {
    check(rc == HWC_ERR_INVALID_ARG && all_bytes(out, c->len + 1, 0xa5) && all_bytes(tag, 16, 0xa5),
          "hwc_aes_gcm_encrypt took a tag length outside 12..16 (OpenSSL makes 1..16), or wrote");
  } else {
    check(rc == HWC_OK && memcmp(out, ref, c->len) == 0, "hwc_aes_gcm_encrypt ciphertext != OpenSSL");
    check(memcmp(tag, want, c->tag_len) == 0, "hwc_aes_gcm_encrypt tag != OpenSSL's (truncated) tag");
  }
  size_t tl = tag_ok ? c->tag_len : 16;
  /* In pieces: a refused finish (bad tag length) leaves the context as it was. */
  gcm_start(c, 1);
  memset(out, 0, c->len);
  feed(&c->c, 0, c->len, 1, gcm_piece, c);
  check(c->rc == HWC_OK, "hwc_aes_gcm_update failed");
  if (!tag_ok)
    check(hwc_aes_gcm_finish(&c->st, tag, c->tag_len) == HWC_ERR_INVALID_ARG,
          "hwc_aes_gcm_finish took a bad tag length");
  check(hwc_aes_gcm_finish(&c->st, tag, tl) == HWC_OK, "hwc_aes_gcm_finish failed");
  check(memcmp(out, ref, c->len) == 0 && memcmp(tag, want, tl) == 0, "AES-GCM in pieces != OpenSSL");
  if (c->ks == 2 && c->nonce_len == 12 && P->s.crypto_aead_aes256gcm_is_available()) {
    uint8_t stag[16];
    diff_ull sl = 0;
    check(P->s.crypto_aead_aes256gcm_encrypt_detached(back, stag, &sl, msg, c->len, aad, c->aad_len, NULL, c->nonce,
                                                      c->key) == 0 &&
              memcmp(back, ref, c->len) == 0 && memcmp(stag, want, 16) == 0,
          "libsodium aes256gcm != OpenSSL");
  }
  /* Open OpenSSL's ciphertext (now in ref) one-shot and in pieces. */
  check(hwc_aes_gcm_decrypt(out_or_null(back, c->len), or_null(ref, c->len), c->len, want, tl, or_null(aad, c->aad_len),
                            c->aad_len, c->nonce, c->nonce_len, &c->k) == HWC_OK &&
            memcmp(back, msg, c->len) == 0,
        "hwc_aes_gcm_decrypt refused or misread OpenSSL's message");
  gcm_start(c, 0);
  feed(&c->c, 1, c->len, 1, gcm_piece, c);
  if (!tag_ok)
    check(hwc_aes_gcm_finish_verify(&c->st, want, c->tag_len) == HWC_ERR_INVALID_ARG,
          "hwc_aes_gcm_finish_verify took a bad tag length");
  check(c->rc == HWC_OK && hwc_aes_gcm_finish_verify(&c->st, want, tl) == HWC_OK && memcmp(out, msg, c->len) == 0,
        "AES-GCM opened in pieces refused or misread OpenSSL's message");
  /* A forgery: one bit of the tag, the ciphertext or the aad changed. */
  size_t where = c->tamper % (tl + c->len + c->aad_len);
  uint8_t *spot = where < tl ? want + where : where < tl + c->len ? ref + where - tl : aad + where - tl - c->len;
  *spot ^= (uint8_t)(1u << (c->tamper >> 12 & 7));
  memset(back, 0xa5, c->len);
  check(hwc_aes_gcm_decrypt(back, ref, c->len, want, tl, aad, c->aad_len, c->nonce, c->nonce_len, &c->k) ==
                HWC_ERR_AUTH &&
            all_bytes(back, c->len, 0),
        "hwc_aes_gcm_decrypt took a forgery, or left plaintext");
  gcm_start(c, 0);
  feed(&c->c, 2, c->len, 1, gcm_piece, c);
  check(c->rc == HWC_OK && hwc_aes_gcm_finish_verify(&c->st, want, tl) == HWC_ERR_AUTH,
        "AES-GCM opened in pieces took a forgery");
  memcpy(back, ref, c->len); /* openssl_gcm writes its plaintext over ref */
  check(!openssl_gcm(c, 0, back, want, tl), "OpenSSL took the forgery that hwcrypto refused");
  *spot ^= (uint8_t)(1u << (c->tamper >> 12 & 7));
  hwc_aes_gcm_key_wipe(&c->k);
}

/* key-size byte | key 32 | nonce-length byte (12 when its low 2 bits
 * are clear, else itself mod 81: 0..80) | nonce 80 | tag-length byte (0..16) | aad length | aad | message
 * length | cuts | tamper (2 bytes) | message. */
static void op_gcm(reader *r, unsigned pick) {
  gcm_case c = {0};
  c.ks = rd_byte(r) % 3;
  rd_bytes(r, c.key, 32);
  uint8_t nl = rd_byte(r);
  c.nonce_len = (nl & 3) == 0 ? 12 : nl % 81u;
  rd_bytes(r, c.nonce, sizeof c.nonce);
  uint8_t tl = rd_byte(r);
  c.tag_len = tl & 0x80 ? 16 : tl % 17;
  c.aad_len = rd_len(r, 600);
  rd_data(r, aad, c.aad_len);
  c.len = rd_len(r, 2100);
  rd_cuts(r, &c.c);
  c.tamper = rd_byte(r) | (size_t)rd_byte(r) << 8;
  rd_data(r, msg, c.len);
  params("AES-%zu-GCM nonce_len=%zu tag_len=%zu aad_len=%zu len=%zu cuts=%zu tamper=%zu", 128 + 64 * c.ks, c.nonce_len,
         c.tag_len, c.aad_len, c.len, c.c.n, c.tamper);
  each_backend(HWC_PRIM_AES_GCM, pick, run_gcm, &c);
}

/* ============================================================== ChaCha20 */

typedef struct {
  int x;
  uint64_t counter;
  size_t len;
  uint8_t key[32], nonce[24];
  cuts c;
  int rc;
} chacha_case;

/* A piece of ChaCha20 on a block boundary: its counter is the start's
 * plus the blocks before it. */
static void chacha_piece(void *ctx, size_t off, size_t n) {
  chacha_case *c = ctx;
  int rc = c->x ? hwc_xchacha20(out + off, msg + off, n, c->nonce, c->counter + off / 64, c->key)
                : hwc_chacha20(out + off, msg + off, n, c->nonce, (uint32_t)(c->counter + off / 64), c->key);
  if (rc != HWC_OK) c->rc = rc;
}

/* ChaCha20 with a 32-bit counter (EVP chacha20: IV = counter LE32 ||
 * nonce; crypto_stream_chacha20_ietf_xor_ic) or XChaCha20 with a 64-bit
 * counter (crypto_stream_xchacha20_xor_ic), one-shot and in block-aligned
 * pieces. Past the end of the counter hwcrypto must refuse and write
 * nothing; the part before it is compared. */
static void run_chacha(void *ctx) {
  chacha_case *c = ctx;
  uint64_t blocks = (c->len + 63) / 64;
  uint64_t room = c->x ? UINT64_MAX - c->counter : 0xffffffffu - c->counter; /* blocks after the first */
  size_t ok_len = c->len;
  if (blocks > 0 && blocks - 1 > room) {
    memset(out, 0xa5, c->len);
    int rc = c->x ? hwc_xchacha20(out, msg, c->len, c->nonce, c->counter, c->key)
                  : hwc_chacha20(out, msg, c->len, c->nonce, (uint32_t)c->counter, c->key);
    check(rc == HWC_ERR_TOO_LONG && all_bytes(out, c->len, 0xa5),
          "ChaCha20 past the end of its counter was not refused");
    ok_len = (size_t)(room + 1) * 64;
  }
  if (c->x) {
    check(P->s.crypto_stream_xchacha20_xor_ic(ref, msg, ok_len, c->nonce, c->counter, c->key) == 0,
          "libsodium XChaCha20 failed");
  } else {
    uint8_t iv[16];
    for (int i = 0; i < 4; i++) iv[i] = (uint8_t)(c->counter >> (8 * i));
    memcpy(iv + 4, c->nonce, 12);
    check(openssl_cipher(P->chacha20, 1, c->key, iv, msg, ok_len), "OpenSSL ChaCha20 failed");
    check(P->s.crypto_stream_chacha20_ietf_xor_ic(back, msg, ok_len, c->nonce, (uint32_t)c->counter, c->key) == 0 &&
              memcmp(back, ref, ok_len) == 0,
          "libsodium chacha20_ietf != OpenSSL ChaCha20");
  }
  int rc = c->x ? hwc_xchacha20(out, msg, ok_len, c->nonce, c->counter, c->key)
                : hwc_chacha20(out, msg, ok_len, c->nonce, (uint32_t)c->counter, c->key);
  check(rc == HWC_OK && memcmp(out, ref, ok_len) == 0, "hwc (x)chacha20 != peer");
  memset(out, 0, ok_len);
  c->rc = 0;
  feed(&c->c, 0, ok_len, 64, chacha_piece, c);
  check(c->rc == HWC_OK && memcmp(out, ref, ok_len) == 0, "hwc (x)chacha20 in pieces != peer");
}

/* flags (bit 0: XChaCha20; bits 1-2: counter near the end of its range) |
 * key 32 | nonce 24 | counter 8 | length | cuts | data. */
static void op_chacha(reader *r, unsigned pick) {
  chacha_case c = {0};
  uint8_t f = rd_byte(r);
  c.x = f & 1;
  rd_bytes(r, c.key, 32);
  rd_bytes(r, c.nonce, 24);
  c.counter = rd_u32(r) | (uint64_t)rd_u32(r) << 32;
  if (!c.x) c.counter &= 0xffffffffu;
  if (f & 6) c.counter = (c.x ? UINT64_MAX : 0xffffffffu) - (c.counter & 0x1f); /* near the end */
  c.len = rd_len(r, 2048);
  rd_cuts(r, &c.c);
  rd_data(r, msg, c.len);
  params("%s counter=%llu len=%zu cuts=%zu", c.x ? "XChaCha20" : "ChaCha20", (unsigned long long)c.counter, c.len,
         c.c.n);
  each_backend(HWC_PRIM_CHACHA20, pick, run_chacha, &c);
}

/* ============================================================== Poly1305 */

typedef struct {
  size_t len;
  uint8_t key[32];
  cuts c;
  hwc_poly1305_ctx st;
} poly_case;

/* A piece through the incremental Poly1305. */
static void poly_piece(void *ctx, size_t off, size_t n) {
  poly_case *c = ctx;
  hwc_poly1305_update(&c->st, msg + off, n);
}

/* hwc_poly1305 one-shot and incremental against EVP_MAC "POLY1305" and
 * crypto_onetimeauth_poly1305. */
static void run_poly(void *ctx) {
  poly_case *c = ctx;
  uint8_t want[16], got[16];
  size_t wl = 0;
  EVP_MAC_CTX *m = P->o.EVP_MAC_CTX_new(P->poly1305);
  check(m && P->o.EVP_MAC_init(m, c->key, 32, NULL) == 1 && P->o.EVP_MAC_update(m, msg, c->len) == 1 &&
            P->o.EVP_MAC_final(m, want, &wl, 16) == 1 && wl == 16,
        "OpenSSL Poly1305 failed");
  P->o.EVP_MAC_CTX_free(m);
  check(P->s.crypto_onetimeauth_poly1305(got, msg, c->len, c->key) == 0 && memcmp(got, want, 16) == 0,
        "libsodium Poly1305 != OpenSSL");
  hwc_poly1305(got, or_null(msg, c->len), c->len, c->key);
  check(memcmp(got, want, 16) == 0, "hwc_poly1305 != OpenSSL");
  hwc_poly1305_init(&c->st, c->key);
  feed(&c->c, 0, c->len, 1, poly_piece, c);
  memset(got, 0, 16);
  hwc_poly1305_final(&c->st, got);
  check(memcmp(got, want, 16) == 0, "incremental hwc_poly1305 != OpenSSL");
}

/* key 32 | length | cuts | message. */
static void op_poly(reader *r, unsigned pick) {
  poly_case c = {0};
  rd_bytes(r, c.key, 32);
  c.len = rd_len(r, 2100);
  rd_cuts(r, &c.c);
  rd_data(r, msg, c.len);
  params("Poly1305 len=%zu cuts=%zu", c.len, c.c.n);
  each_backend(HWC_PRIM_POLY1305, pick, run_poly, &c);
}

/* ===================================================== ChaCha20-Poly1305 */

typedef struct {
  int x;
  size_t aad_len, len, tamper;
  uint8_t key[32], nonce[24];
  cuts c;
  hwc_chacha20poly1305_ctx st;
  int rc, enc;
} cp_case;

/* A piece of an (X)ChaCha20-Poly1305 message in c->st: the message when
 * sealing, libsodium's ciphertext (ref) when opening. */
static void cp_piece(void *ctx, size_t off, size_t n) {
  cp_case *c = ctx;
  int rc = hwc_chacha20poly1305_update(&c->st, out + off, (c->enc ? msg : ref) + off, n);
  if (rc != HWC_OK) c->rc = rc;
}

/* Starts c->st in direction enc, aad in two pieces. */
static void cp_start(cp_case *c, int enc) {
  size_t half = c->aad_len / 2;
  c->enc = enc;
  check((c->x ? hwc_xchacha20poly1305_start : hwc_chacha20poly1305_start)(&c->st, enc, c->nonce, c->key) == HWC_OK &&
            hwc_chacha20poly1305_aad(&c->st, aad, half) == HWC_OK &&
            hwc_chacha20poly1305_aad(&c->st, aad + half, c->aad_len - half) == HWC_OK,
        "hwc_(x)chacha20poly1305_start/aad failed");
  c->rc = 0;
}

/* OpenSSL ChaCha20-Poly1305 (12-byte nonce): enc 1 seals into back with
 * its tag; enc 0 opens in into back with tag. 1 on success. */
static int openssl_cp(const cp_case *c, int enc, const uint8_t *in, uint8_t tag[16]) {
  EVP_CIPHER_CTX *x = P->cctx;
  int l = 0, l2 = 0;
  int ok = P->o.EVP_CipherInit_ex(x, P->chacha20_poly1305, NULL, c->key, c->nonce, enc) == 1 &&
           (enc || P->o.EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) == 1) &&
           (c->aad_len == 0 || P->o.EVP_CipherUpdate(x, NULL, &l, aad, (int)c->aad_len) == 1) &&
           P->o.EVP_CipherUpdate(x, back, &l, in, (int)c->len) == 1 && P->o.EVP_CipherFinal_ex(x, back + l, &l2) == 1 &&
           (!enc || P->o.EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
  P->o.ERR_clear_error();
  return ok;
}

/* One-shot and in pieces against libsodium's detached (X)ChaCha20-Poly1305
 * and, for the 12-byte nonce, OpenSSL's; each side opens the other's
 * message and refuses the same forgery. */
static void run_cp(void *ctx) {
  cp_case *c = ctx;
  uint8_t want[16], tag[16];
  diff_ull wl = 0;
  int rc = (c->x ? P->s.crypto_aead_xchacha20poly1305_ietf_encrypt_detached
                 : P->s.crypto_aead_chacha20poly1305_ietf_encrypt_detached)(ref, want, &wl, msg, c->len, aad,
                                                                            c->aad_len, NULL, c->nonce, c->key);
  check(rc == 0 && wl == 16, "libsodium (x)chacha20poly1305 seal failed");
  if (!c->x) {
    check(openssl_cp(c, 1, msg, tag) && memcmp(back, ref, c->len) == 0 && memcmp(tag, want, 16) == 0,
          "OpenSSL chacha20-poly1305 != libsodium");
  }
  rc = (c->x ? hwc_xchacha20poly1305_encrypt
             : hwc_chacha20poly1305_encrypt)(out_or_null(out, c->len), tag, or_null(msg, c->len), c->len,
                                             or_null(aad, c->aad_len), c->aad_len, c->nonce, c->key);
  check(rc == HWC_OK && memcmp(out, ref, c->len) == 0 && memcmp(tag, want, 16) == 0,
        "hwc (x)chacha20poly1305_encrypt != libsodium");
  cp_start(c, 1);
  memset(out, 0, c->len);
  feed(&c->c, 0, c->len, 1, cp_piece, c);
  check(c->rc == HWC_OK && hwc_chacha20poly1305_finish(&c->st, tag) == HWC_OK, "hwc chacha20poly1305 in pieces failed");
  check(memcmp(out, ref, c->len) == 0 && memcmp(tag, want, 16) == 0, "(X)ChaCha20-Poly1305 in pieces != libsodium");
  rc = (c->x ? hwc_xchacha20poly1305_decrypt : hwc_chacha20poly1305_decrypt)(back, ref, c->len, want, aad, c->aad_len,
                                                                             c->nonce, c->key);
  check(rc == HWC_OK && memcmp(back, msg, c->len) == 0, "hwc refused or misread libsodium's message");
  cp_start(c, 0);
  feed(&c->c, 1, c->len, 1, cp_piece, c);
  check(c->rc == HWC_OK && hwc_chacha20poly1305_finish_verify(&c->st, want) == HWC_OK && memcmp(out, msg, c->len) == 0,
        "hwc opened libsodium's message in pieces wrongly");
  /* A forgery: one bit of the tag, the ciphertext or the aad. */
  size_t where = c->tamper % (16 + c->len + c->aad_len);
  uint8_t *spot = where < 16 ? want + where : where < 16 + c->len ? ref + where - 16 : aad + where - 16 - c->len;
  uint8_t bit = (uint8_t)(1u << (c->tamper >> 12 & 7));
  *spot ^= bit;
  memset(back, 0xa5, c->len);
  rc = (c->x ? hwc_xchacha20poly1305_decrypt : hwc_chacha20poly1305_decrypt)(back, ref, c->len, want, aad, c->aad_len,
                                                                             c->nonce, c->key);
  check(rc == HWC_ERR_AUTH && all_bytes(back, c->len, 0), "hwc took a forgery, or left plaintext");
  cp_start(c, 0);
  feed(&c->c, 2, c->len, 1, cp_piece, c);
  check(c->rc == HWC_OK && hwc_chacha20poly1305_finish_verify(&c->st, want) == HWC_ERR_AUTH,
        "hwc in pieces took a forgery");
  rc = (c->x ? P->s.crypto_aead_xchacha20poly1305_ietf_decrypt_detached
             : P->s.crypto_aead_chacha20poly1305_ietf_decrypt_detached)(back, NULL, ref, c->len, want, aad, c->aad_len,
                                                                        c->nonce, c->key);
  check(rc != 0, "libsodium took the forgery that hwcrypto refused");
  if (!c->x) check(!openssl_cp(c, 0, ref, want), "OpenSSL took the forgery that hwcrypto refused");
  *spot ^= bit;
}

/* flags (bit 0: XChaCha20) | key 32 | nonce 24 | aad length | aad |
 * length | cuts | tamper (2 bytes) | message. */
static void op_cp(reader *r, unsigned pick) {
  cp_case c = {0};
  c.x = rd_byte(r) & 1;
  rd_bytes(r, c.key, 32);
  rd_bytes(r, c.nonce, 24);
  c.aad_len = rd_len(r, 600);
  rd_data(r, aad, c.aad_len);
  c.len = rd_len(r, 2100);
  rd_cuts(r, &c.c);
  c.tamper = rd_byte(r) | (size_t)rd_byte(r) << 8;
  rd_data(r, msg, c.len);
  params("%sChaCha20-Poly1305 aad_len=%zu len=%zu cuts=%zu tamper=%zu", c.x ? "X" : "", c.aad_len, c.len, c.c.n,
         c.tamper);
  each_backend(HWC_PRIM_CHACHA20_POLY1305, pick, run_cp, &c);
}

/* ========================================================= secret streams */

enum { SS_MAX_MSGS = 6, SS_MAX_LEN = 600 };

typedef struct {
  uint8_t key[32], header[24];
  size_t n, ad_len, len[SS_MAX_MSGS], off[SS_MAX_MSGS], flip;
  uint8_t tag[SS_MAX_MSGS];
} ss_case;

/* libsodium's state: opaque, its size from _statebytes (checked). */
static _Alignas(64) uint8_t sodium_ss[256];

/* Pushes the case's messages from st (hwc) into out, or from sodium_ss
 * (libsodium) into ref; returns the stream's length. */
static size_t ss_push(const ss_case *c, hwc_secretstream_state *st) {
  size_t at = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (st) {
      size_t cl = c->len[i] + HWC_SECRETSTREAM_ABYTES;
      check(hwc_secretstream_push(st, out + at, &cl, msg + c->off[i], c->len[i], aad, c->ad_len, c->tag[i]) == HWC_OK &&
                cl == c->len[i] + HWC_SECRETSTREAM_ABYTES,
            "hwc_secretstream_push failed");
      at += cl;
    } else {
      diff_ull cl = 0;
      check(P->s.crypto_secretstream_xchacha20poly1305_push(sodium_ss, ref + at, &cl, msg + c->off[i], c->len[i], aad,
                                                            c->ad_len, c->tag[i]) == 0,
            "libsodium secretstream push failed");
      at += (size_t)cl;
    }
  }
  return at;
}

/* Pulls the case's messages from stream s with hwc (st) or libsodium
 * (sodium_ss); they must come back with their tags. With a flipped bit
 * in message fail_at, that message must be refused (and the pull stops). */
static void ss_pull(const ss_case *c, hwc_secretstream_state *st, const uint8_t *s, size_t fail_at) {
  size_t at = 0;
  for (size_t i = 0; i < c->n; i++) {
    size_t cl = c->len[i] + HWC_SECRETSTREAM_ABYTES;
    uint8_t tag = 0xee;
    int ok;
    if (st) {
      size_t ml = sizeof back;
      ok = hwc_secretstream_pull(st, back, &ml, &tag, s + at, cl, aad, c->ad_len) == HWC_OK && ml == c->len[i];
    } else {
      diff_ull ml = 0;
      ok = P->s.crypto_secretstream_xchacha20poly1305_pull(sodium_ss, back, &ml, &tag, s + at, cl, aad, c->ad_len) ==
               0 &&
           ml == c->len[i];
    }
    if (i == fail_at) {
      check(!ok, st ? "hwc_secretstream_pull took a changed message" : "libsodium pulled a changed message");
      return;
    }
    check(ok && tag == c->tag[i] && memcmp(back, msg + c->off[i], c->len[i]) == 0,
          st ? "hwc_secretstream_pull refused or misread libsodium's stream"
             : "libsodium refused or misread hwc's stream");
    at += cl;
  }
}

/* Both libraries start from the same header (init_pull; the state is the
 * same in both directions) and push the same messages: the streams must
 * be equal byte for byte. Then each pulls the other's freshly started
 * stream (init_push, random headers), and both refuse a flipped bit. */
static void run_ss(void *ctx) {
  ss_case *c = ctx;
  FUZZ_REQUIRE(P->s.crypto_secretstream_xchacha20poly1305_statebytes() <= sizeof sodium_ss,
               "libsodium secretstream state too large");
  hwc_secretstream_state st;
  check(hwc_secretstream_init_pull(&st, c->header, c->key) == HWC_OK, "hwc_secretstream_init_pull");
  check(P->s.crypto_secretstream_xchacha20poly1305_init_pull(sodium_ss, c->header, c->key) == 0, "libsodium init_pull");
  size_t len = ss_push(c, &st);
  check(ss_push(c, NULL) == len && memcmp(out, ref, len) == 0, "secretstream: hwc's stream != libsodium's");
  /* hwc pushes, libsodium pulls. */
  uint8_t header[24];
  check(hwc_secretstream_init_push(&st, header, c->key) == HWC_OK, "hwc_secretstream_init_push");
  len = ss_push(c, &st);
  check(P->s.crypto_secretstream_xchacha20poly1305_init_pull(sodium_ss, header, c->key) == 0, "libsodium init_pull");
  ss_pull(c, NULL, out, SIZE_MAX);
  /* libsodium pushes, hwc pulls, and both refuse a flipped bit. */
  check(P->s.crypto_secretstream_xchacha20poly1305_init_push(sodium_ss, header, c->key) == 0, "libsodium init_push");
  check(ss_push(c, NULL) == len, "libsodium's stream has another length");
  check(hwc_secretstream_init_pull(&st, header, c->key) == HWC_OK, "hwc_secretstream_init_pull");
  ss_pull(c, &st, ref, SIZE_MAX);
  if (len == 0) return;
  size_t flip = c->flip % len, fail_at = 0;
  for (size_t at = 0; at + c->len[fail_at] + HWC_SECRETSTREAM_ABYTES <= flip; fail_at++)
    at += c->len[fail_at] + HWC_SECRETSTREAM_ABYTES;
  ref[flip] ^= 1;
  check(hwc_secretstream_init_pull(&st, header, c->key) == HWC_OK, "hwc_secretstream_init_pull");
  ss_pull(c, &st, ref, fail_at);
  check(P->s.crypto_secretstream_xchacha20poly1305_init_pull(sodium_ss, header, c->key) == 0, "libsodium init_pull");
  ss_pull(c, NULL, ref, fail_at);
  hwc_secretstream_wipe(&st);
}

/* key 32 | header 24 | ad length (0..64) | ad | message count byte (1..6)
 * | per message: control byte (tag: low 2 bits) and length | flip (2
 * bytes) | message data (one pool; messages may share bytes). */
static void op_ss(reader *r, unsigned pick) {
  ss_case c = {.n = 0};
  rd_bytes(r, c.key, 32);
  rd_bytes(r, c.header, 24);
  c.ad_len = rd_byte(r) % 65;
  rd_data(r, aad, c.ad_len);
  c.n = 1 + rd_byte(r) % SS_MAX_MSGS;
  size_t total = 0;
  for (size_t i = 0; i < c.n; i++) {
    c.tag[i] = rd_byte(r) & 3;
    c.len[i] = rd_len(r, SS_MAX_LEN);
    c.off[i] = total % 512;
    total = c.off[i] + c.len[i];
  }
  c.flip = rd_byte(r) | (size_t)rd_byte(r) << 8;
  rd_data(r, msg, 512 + SS_MAX_LEN);
  params("secretstream messages=%zu ad_len=%zu lengths=%zu,%zu,%zu,%zu,%zu,%zu flip=%zu", c.n, c.ad_len, c.len[0],
         c.len[1], c.len[2], c.len[3], c.len[4], c.len[5], c.flip);
  each_backend(HWC_PRIM_CHACHA20_POLY1305, pick, run_ss, &c);
}

/* ================================================================ X25519 */

/* u-coordinates where the small-order decision is made: 0, 1, the two
 * points of order 8, p - 1, p, p + 1 (RFC 7748 section 6.1 and the
 * libsodium blacklist). */
static const uint8_t small_u[7][32] = {
    {0},
    {1},
    {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
     0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
    {0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
     0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
};

typedef struct {
  uint8_t scalar[32], point[32];
} x_case;

/* OpenSSL's X25519 derive into shared; 1 on success (0 for the all-zero
 * result, which OpenSSL refuses). */
static int openssl_x25519(const x_case *c, uint8_t shared[32]) {
  EVP_PKEY *priv = P->o.EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, c->scalar, 32);
  EVP_PKEY *peer = P->o.EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, c->point, 32);
  check(priv && peer, "OpenSSL X25519 key objects");
  EVP_PKEY_CTX *x = P->o.EVP_PKEY_CTX_new_from_pkey(NULL, priv, NULL);
  size_t len = 32;
  int ok = x && P->o.EVP_PKEY_derive_init(x) == 1 && P->o.EVP_PKEY_derive_set_peer_ex(x, peer, 0) == 1 &&
           P->o.EVP_PKEY_derive(x, shared, &len) == 1 && len == 32;
  P->o.EVP_PKEY_CTX_free(x);
  P->o.EVP_PKEY_free(priv);
  P->o.EVP_PKEY_free(peer);
  P->o.ERR_clear_error();
  return ok;
}

/* hwc_x25519 against crypto_scalarmult and OpenSSL's derive (same
 * verdict on a small-order point, same bytes otherwise), and
 * hwc_x25519_base against crypto_scalarmult_base and OpenSSL's public key. */
static void run_x25519(void *ctx) {
  x_case *c = ctx;
  uint8_t got[32], want[32], ossl[32];
  int rc = hwc_x25519(got, c->scalar, c->point);
  int src = P->s.crypto_scalarmult(want, c->scalar, c->point);
  int ook = openssl_x25519(c, ossl);
  fuzz_note_class(0, rc == HWC_OK ? 0 : 1);
  if (rc == HWC_OK) {
    check(src == 0 && memcmp(got, want, 32) == 0, "hwc_x25519 != crypto_scalarmult");
    check(ook && memcmp(got, ossl, 32) == 0, "hwc_x25519 != OpenSSL X25519");
  } else {
    check(rc == HWC_ERR_INVALID_ARG && all_bytes(got, 32, 0), "hwc_x25519 failed without the zero result");
    check(src == -1, "crypto_scalarmult took a point hwc_x25519 refused");
    check(!ook, "OpenSSL X25519 took a point hwc_x25519 refused");
  }
  check(hwc_x25519_base(got, c->scalar) == HWC_OK && P->s.crypto_scalarmult_base(want, c->scalar) == 0 &&
            memcmp(got, want, 32) == 0,
        "hwc_x25519_base != crypto_scalarmult_base");
  EVP_PKEY *priv = P->o.EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, c->scalar, 32);
  size_t len = 32;
  check(priv && P->o.EVP_PKEY_get_raw_public_key(priv, ossl, &len) == 1 && len == 32 && memcmp(got, ossl, 32) == 0,
        "hwc_x25519_base != OpenSSL's public key");
  P->o.EVP_PKEY_free(priv);
}

/* mode byte (bits 0-2: 1..7 replace the point by small_u[mode - 1], with
 * bit 255 set when bit 3 is) | scalar 32 | point 32. */
static void op_x25519(reader *r, unsigned pick) {
  x_case c;
  uint8_t mode = rd_byte(r);
  rd_bytes(r, c.scalar, 32);
  rd_bytes(r, c.point, 32);
  if (mode & 7) {
    memcpy(c.point, small_u[(mode & 7) - 1], 32);
    if (mode & 8) c.point[31] |= 0x80;
  }
  fuzz_note_value(1, c.scalar);
  fuzz_note_value(2, c.point);
  params("X25519 mode=%u point[0]=%02x point[31]=%02x", mode, c.point[0], c.point[31]);
  each_backend(HWC_PRIM_FE25519, pick, run_x25519, &c);
}

/* ================================================================ Ed25519 */

typedef struct {
  uint8_t seed[32], pk_over[32];
  int foreign_pk;
  size_t len;
} sign_case;

/* 1 when OpenSSL's EVP_DigestVerify accepts sig over msg[0..len) under pk. */
static int openssl_ed_verify(const uint8_t sig[64], size_t len, const uint8_t pk[32]) {
  EVP_PKEY *k = P->o.EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
  EVP_MD_CTX *m = P->o.EVP_MD_CTX_new();
  int ok = k && m && P->o.EVP_DigestVerifyInit(m, NULL, NULL, NULL, k) == 1 &&
           P->o.EVP_DigestVerify(m, sig, 64, msg, len) == 1;
  P->o.EVP_MD_CTX_free(m);
  P->o.EVP_PKEY_free(k);
  P->o.ERR_clear_error();
  return ok;
}

/* Key pair and signature byte for byte against libsodium and OpenSSL;
 * each verifies the signature and refuses it for a changed message. With
 * a foreign public half in sk (libsodium reads the public key from sk, as
 * hwc does) the signature must still equal libsodium's. */
static void run_ed_sign(void *ctx) {
  sign_case *c = ctx;
  uint8_t pk[32], sk[64], spk[32], ssk[64], sig[64], ssig[64], osig[64];
  diff_ull sl = 0;
  check(hwc_ed25519_seed_keypair(pk, sk, c->seed) == HWC_OK, "hwc_ed25519_seed_keypair");
  check(P->s.crypto_sign_seed_keypair(spk, ssk, c->seed) == 0 && memcmp(pk, spk, 32) == 0 && memcmp(sk, ssk, 64) == 0,
        "hwc_ed25519_seed_keypair != crypto_sign_seed_keypair");
  if (c->foreign_pk) {
    memcpy(sk + 32, c->pk_over, 32);
    memcpy(ssk + 32, c->pk_over, 32);
  }
  check(hwc_ed25519_sign(sig, msg, c->len, sk) == HWC_OK, "hwc_ed25519_sign");
  check(P->s.crypto_sign_detached(ssig, &sl, msg, c->len, ssk) == 0 && memcmp(sig, ssig, 64) == 0,
        "hwc_ed25519_sign != crypto_sign_detached");
  if (c->foreign_pk) return; /* OpenSSL derives the public key from the seed */
  EVP_PKEY *k = P->o.EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, c->seed, 32);
  EVP_MD_CTX *m = P->o.EVP_MD_CTX_new();
  size_t ol = 64, pl = 32;
  check(k && m && P->o.EVP_PKEY_get_raw_public_key(k, spk, &pl) == 1 && memcmp(spk, pk, 32) == 0,
        "hwc's Ed25519 public key != OpenSSL's");
  check(P->o.EVP_DigestSignInit(m, NULL, NULL, NULL, k) == 1 && P->o.EVP_DigestSign(m, osig, &ol, msg, c->len) == 1 &&
            ol == 64 && memcmp(osig, sig, 64) == 0,
        "hwc_ed25519_sign != OpenSSL's EVP_DigestSign");
  P->o.EVP_MD_CTX_free(m);
  P->o.EVP_PKEY_free(k);
  check(hwc_ed25519_verify(sig, msg, c->len, pk) == HWC_OK &&
            P->s.crypto_sign_verify_detached(sig, msg, c->len, pk) == 0 && openssl_ed_verify(sig, c->len, pk),
        "a fresh Ed25519 signature does not verify everywhere");
  if (c->len) {
    msg[c->len / 2] ^= 1;
    check(hwc_ed25519_verify(sig, msg, c->len, pk) == HWC_ERR_VERIFY &&
              P->s.crypto_sign_verify_detached(sig, msg, c->len, pk) != 0 && !openssl_ed_verify(sig, c->len, pk),
          "an Ed25519 signature verified for a changed message");
    msg[c->len / 2] ^= 1;
  }
}

/* flags (bit 0: foreign public half in sk) | seed 32 | foreign pk 32 |
 * length | message. */
static void op_ed_sign(reader *r, unsigned pick) {
  sign_case c = {0};
  c.foreign_pk = rd_byte(r) & 1;
  rd_bytes(r, c.seed, 32);
  rd_bytes(r, c.pk_over, 32);
  c.len = rd_len(r, 1100);
  rd_data(r, msg, c.len);
  params("Ed25519 sign len=%zu foreign_pk=%d", c.len, c.foreign_pk);
  each_backend(HWC_PRIM_FE25519, pick, run_ed_sign, &c);
}

/*
 * Ed25519 verification: where the three libraries differ, and why.
 *
 * hwc_ed25519_verify follows libsodium 1.0.18's crypto_sign_verify_detached
 * rule for rule (include/hwcrypto.h), so those two must agree on every
 * input. OpenSSL 3.0's ossl_ed25519_verify is more lenient:
 *
 *  1. S >= L (non-canonical S): all three refuse. No difference.
 *  2. Non-canonical R (y >= p, or x = 0 with the sign bit set): all three
 *     recompute R and compare encodings byte for byte, so it never
 *     verifies anywhere. No difference.
 *  3. Cofactored vs cofactorless equation: all three check the
 *     cofactorless [S]B = R + [k]A (encode(SB - kA) == R). No difference,
 *     including for mixed-order A (libsodium 1.0.18 refuses only points of
 *     exactly small order): ed_mixed_order builds A = aB + T and
 *     signatures whose cofactorless equation holds, which all three must
 *     accept, and ones where only the cofactored one would hold.
 *  ED_R_SMALL: R is one of the 7 small-order encodings (bit 255 ignored):
 *     hwc and libsodium refuse, OpenSSL checks the equation
 *     (ed_identity_r: R = the identity and S = k a verify there).
 *  ED_A_SMALL: A is one of those encodings: hwc and libsodium refuse,
 *     OpenSSL checks the equation (A = identity verifies [S]B = R for
 *     every message).
 *  ED_A_NONCANONICAL: A's y (bit 255 cleared) is >= p: hwc and libsodium
 *     refuse, OpenSSL reduces it and checks the equation. (The only such
 *     encodings of points whose discrete log is known are p and p + 1,
 *     small order too.)
 *
 * So the check: hwc == libsodium always; hwc accepting implies OpenSSL
 * accepting; OpenSSL accepting what hwc refuses is allowed only when the
 * input is in one of the ED_* classes, anything else is a mismatch; a
 * signature built to satisfy the equation (modes 4 and 5 of
 * op_ed_verify) must verify in OpenSSL, and in hwc too unless it is in a
 * class. The classes reached are fed to libFuzzer as coverage (fuzz_note_class), so
 * inputs that make OpenSSL accept in each class are kept.
 */
enum { ED_R_SMALL = 1, ED_A_SMALL = 2, ED_A_NONCANONICAL = 4 };

/* Edwards25519 encodings of small order, bit 255 clear: y = 0, 1, the two
 * y of order 8, p - 1, p, p + 1 (libsodium's blacklist). */
static const uint8_t small_ed[7][32] = {
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

/* 1 when e (bit 255 ignored) is one of small_ed. */
static int ed_small_order(const uint8_t e[32]) {
  for (int i = 0; i < 7; i++)
    if (memcmp(e, small_ed[i], 31) == 0 && (e[31] & 0x7f) == small_ed[i][31]) return 1;
  return 0;
}

/* The ED_* classes of (sig, pk). */
static unsigned ed_classes(const uint8_t sig[64], const uint8_t pk[32]) {
  unsigned cls = 0;
  if (ed_small_order(sig)) cls |= ED_R_SMALL;
  if (ed_small_order(pk)) cls |= ED_A_SMALL;
  int top = (pk[31] & 0x7f) == 0x7f && pk[0] >= 0xed;
  for (int i = 1; i < 31 && top; i++) top = pk[i] == 0xff;
  if (top) cls |= ED_A_NONCANONICAL;
  return cls;
}

typedef struct {
  uint8_t sig[64], pk[32];
  size_t len;
  int holds; /* built so that encode([S]B - [k]A) == R: OpenSSL must accept */
} verify_case;

/* The three verdicts, compared as the block above says. */
static void run_ed_verify(void *ctx) {
  verify_case *c = ctx;
  int h = hwc_ed25519_verify(c->sig, msg, c->len, c->pk);
  int s = P->s.crypto_sign_verify_detached(c->sig, msg, c->len, c->pk);
  int o = openssl_ed_verify(c->sig, c->len, c->pk);
  unsigned cls = ed_classes(c->sig, c->pk);
  check(h == HWC_OK || h == HWC_ERR_VERIFY, "hwc_ed25519_verify returned neither OK nor VERIFY");
  check((h == HWC_OK) == (s == 0), "hwc_ed25519_verify != crypto_sign_verify_detached");
  if (h == HWC_OK) check(o, "OpenSSL refused an Ed25519 signature hwc_ed25519_verify took");
  if (o && h != HWC_OK) {
    check(cls != 0, "OpenSSL took an Ed25519 signature hwcrypto refused, outside the documented classes");
    fuzz_note_class(3, 8 + cls); /* a documented difference reached */
  }
  if (c->holds) {
    check(o, "OpenSSL refused a signature built to satisfy its equation");
    check(cls != 0 || h == HWC_OK, "hwc_ed25519_verify refused a valid signature outside the documented classes");
  }
  fuzz_note_class(3, (unsigned)(h == HWC_OK) << 1 | (unsigned)o);
  fuzz_note_class(4, cls);
}

/* S = s mod 2^252 (below L's top bit: S < L unless s was near L). */
static void low_scalar(uint8_t s[32]) { s[31] &= 0x0f; }

/* s += L modulo 2^256: the same S mod L, no longer canonical. */
static void add_order(uint8_t s[32]) {
  static const uint8_t order[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};
  unsigned carry = 0;
  for (int i = 0; i < 32; i++) {
    carry += (unsigned)s[i] + order[i];
    s[i] = (uint8_t)carry;
    carry >>= 8;
  }
}

/* The clamped secret scalar a of seed (RFC 8032 section 5.1.5). */
static void ed_secret(uint8_t a[32], const uint8_t seed[32]) {
  uint8_t h[64];
  hwc_sha512(h, seed, 32);
  memcpy(a, h, 32);
  a[0] &= 248;
  a[31] = (uint8_t)((a[31] & 127) | 64);
}

/* k = SHA-512(R || A || message) mod L. */
static void ed_challenge(uint8_t k[32], const uint8_t r[32], const uint8_t pk[32], size_t len) {
  hwc_sha512_ctx h;
  uint8_t d[64];
  hwc_sha512_init(&h);
  hwc_sha512_update(&h, r, 32);
  hwc_sha512_update(&h, pk, 32);
  hwc_sha512_update(&h, msg, len);
  hwc_sha512_final(&h, d);
  hwc_ristretto255_scalar_reduce(k, d);
}

/* R = the identity and S = k a for seed's key: [S]B - [k]A = R holds with
 * a small-order R, so OpenSSL accepts and hwc and libsodium refuse
 * (ED_R_SMALL alone, with an ordinary A). */
static void ed_identity_r(verify_case *c, const uint8_t seed[32]) {
  uint8_t sk[64], a[32], k[32];
  FUZZ_REQUIRE(hwc_ed25519_seed_keypair(c->pk, sk, seed) == HWC_OK, "Ed25519 key");
  memcpy(c->sig, small_ed[1], 32);
  ed_secret(a, seed);
  ed_challenge(k, c->sig, c->pk, c->len);
  hwc_ristretto255_scalar_mul(c->sig + 32, k, a);
  c->holds = 1;
}

/* A mixed-order key: A = aB + T, T = small_ed[t]. R = [r]B for the
 * first r = 1, 2, ... whose k is a multiple of 8 (when div8) or is not,
 * and S = r + k a, so [S]B - [k]A = R - [k]T. With 8 | k, [k]T is the
 * identity and the cofactorless equation holds: all three must accept
 * (libsodium 1.0.18 refuses only keys of small order). Otherwise it holds
 * only when [k]T happens to vanish (T of order 2 or 4), which a cofactored
 * verifier would not need: the verdicts must still agree. */
static void ed_mixed_order(verify_case *c, const uint8_t seed[32], unsigned t, int div8) {
  uint8_t sk[64], pk0[32], a[32], k[32], ka[32], r[32] = {0};
  FUZZ_REQUIRE(hwc_ed25519_seed_keypair(pk0, sk, seed) == HWC_OK, "Ed25519 key");
  if (P->s.crypto_core_ed25519_add(c->pk, pk0, small_ed[t % 5]) != 0) return;
  ed_secret(a, seed);
  for (unsigned j = 1; j < 256; j++) {
    r[0] = (uint8_t)j;
    FUZZ_REQUIRE(P->s.crypto_scalarmult_ed25519_base_noclamp(c->sig, r) == 0, "libsodium [r]B");
    ed_challenge(k, c->sig, c->pk, c->len);
    if (((k[0] & 7) == 0) != div8) continue;
    hwc_ristretto255_scalar_mul(ka, k, a);
    hwc_ristretto255_scalar_add(c->sig + 32, ka, r);
    c->holds = div8;
    return;
  }
}

/* mode byte, then by mode % 6:
 *  0: raw: sig 64 | pk 32 | length | message;
 *  1: a valid signature by seed 32 over the message, then byte pos (0..95
 *     of sig || pk) xored with mask, or S += L (mask 0, pos bit 7);
 *  2: A = small_ed[a % 7] (bit 255 from a's bit 3), R = small_ed[b % 7],
 *     S from 32 bytes below 2^252 (0 when b's bit 3 is set);
 *  3: A = small_ed[a % 7], S from 32 bytes, R = encode([S]B) (libsodium's
 *     base multiplication): OpenSSL accepts for A of order 1, and for
 *     other small-order A when k A happens to be the identity;
 *  4: R = the identity, S = k a (ed_identity_r);
 *  5: a mixed-order A (ed_mixed_order, T = small_ed[a % 5], 8 | k when
 *     b is odd).
 * Then (all modes) seed 32 | sig 64 | pk 32 | length | message. */
static void op_ed_verify(reader *r, unsigned pick) {
  verify_case c = {0};
  uint8_t mode = rd_byte(r) % 6, a = rd_byte(r), b = rd_byte(r);
  uint8_t seed[32];
  rd_bytes(r, seed, 32);
  rd_bytes(r, c.sig, 64);
  rd_bytes(r, c.pk, 32);
  c.len = rd_len(r, 600);
  rd_data(r, msg, c.len);
  if (mode == 1) {
    uint8_t sk[64];
    FUZZ_REQUIRE(hwc_ed25519_seed_keypair(c.pk, sk, seed) == HWC_OK &&
                     hwc_ed25519_sign(c.sig, msg, c.len, sk) == HWC_OK,
                 "Ed25519 signing failed");
    if (b == 0 && (a & 0x80))
      add_order(c.sig + 32); /* S + L: non-canonical, refused everywhere */
    else if ((a % 96) < 64)
      c.sig[a % 96] ^= b;
    else
      c.pk[a % 96 - 64] ^= b;
  } else if (mode == 2 || mode == 3) {
    memcpy(c.pk, small_ed[a % 7], 32);
    if (a & 8) c.pk[31] |= 0x80;
    low_scalar(c.sig + 32);
    if (mode == 2) {
      memcpy(c.sig, small_ed[b % 7], 32);
      if (b & 8) memset(c.sig + 32, 0, 32);
    } else if (P->s.crypto_scalarmult_ed25519_base_noclamp(c.sig, c.sig + 32) != 0) {
      memcpy(c.sig, small_ed[1], 32); /* S = 0: R = the identity */
    }
  } else if (mode == 4) {
    ed_identity_r(&c, seed);
  } else if (mode == 5) {
    ed_mixed_order(&c, seed, a, b & 1);
  }
  params("Ed25519 verify mode=%u a=%u b=%u len=%zu classes=%u", mode, a, b, c.len, ed_classes(c.sig, c.pk));
  each_backend(HWC_PRIM_FE25519, pick, run_ed_verify, &c);
}

/* ================================================================ modexp */

typedef struct {
  uint8_t m[128], b[128], e[64];
  size_t ml, el;
} modexp_case;

/* hwc_modexp against BN_mod_exp; even moduli and moduli below 3 must be
 * refused by hwcrypto (BN computes them). */
static void run_modexp(void *ctx) {
  modexp_case *c = ctx;
  uint8_t got[128], want[128];
  int rc = hwc_modexp(got, c->b, c->e, c->el, c->m, c->ml);
  int small = 1;
  for (size_t i = 0; i + 1 < c->ml; i++) small &= c->m[i] == 0;
  small &= c->m[c->ml - 1] < 3;
  if (!(c->m[c->ml - 1] & 1) || small) {
    check(rc == HWC_ERR_INVALID_ARG, "hwc_modexp took an even modulus or one below 3");
    return;
  }
  check(rc == HWC_OK, "hwc_modexp failed");
  BIGNUM *m = P->o.BN_bin2bn(c->m, (int)c->ml, NULL), *b = P->o.BN_bin2bn(c->b, (int)c->ml, NULL);
  BIGNUM *e = P->o.BN_bin2bn(c->e, (int)c->el, NULL), *x = P->o.BN_new();
  check(m && b && e && x && P->o.BN_mod_exp(x, b, e, m, P->bnctx) == 1 &&
            P->o.BN_bn2binpad(x, want, (int)c->ml) == (int)c->ml,
        "BN_mod_exp failed");
  P->o.BN_free(m), P->o.BN_free(b), P->o.BN_free(e), P->o.BN_free(x);
  check(memcmp(got, want, c->ml) == 0, "hwc_modexp != BN_mod_exp");
}

/* modulus length byte (1..128: up to 1024 bits, where every backend has
 * switched to its wide path; longer ones cost more than the rest of the
 * harness) | exponent length byte (0..64) | flags
 * (bit 0: force an odd modulus; bit 1: base = modulus - 1) | m | base |
 * exp. */
static void op_modexp(reader *r, unsigned pick) {
  modexp_case c;
  memset(&c, 0, sizeof c);
  c.ml = 1 + rd_byte(r) % 128;
  c.el = rd_byte(r) % 65;
  uint8_t f = rd_byte(r);
  rd_bytes(r, c.m, c.ml);
  rd_bytes(r, c.b, c.ml);
  rd_bytes(r, c.e, c.el);
  if (f & 1) c.m[c.ml - 1] |= 1;
  if (f & 2) {
    memcpy(c.b, c.m, c.ml);
    c.b[c.ml - 1] ^= 1; /* m - 1 for odd m */
  }
  fuzz_note_bytes(5, c.m, c.ml);
  fuzz_note_bytes(6, c.e, c.el);
  params("modexp m_len=%zu exp_len=%zu m[last]=%02x", c.ml, c.el, c.m[c.ml - 1]);
  each_backend(HWC_PRIM_BIGNUM, pick, run_modexp, &c);
}

/* =================================================================== RSA */

static const uint8_t rsa1024_der[] = {
#include "diff_rsa1024.inc"
};
static const uint8_t rsa2048_der[] = {
#include "diff_rsa2048.inc"
};

typedef struct {
  unsigned key, sub;
  hwc_hash h;
  size_t len, salt, label_len;
  uint8_t label[64], raw[256];
} rsa_case;

/* OpenSSL's key objects, made once. */
static EVP_PKEY *openssl_rsa(unsigned key) {
  static EVP_PKEY *k[2];
  if (!k[key]) {
    const uint8_t *p = key ? rsa2048_der : rsa1024_der;
    k[key] = P->o.d2i_AutoPrivateKey(NULL, &p, key ? (long)sizeof rsa2048_der : (long)sizeof rsa1024_der);
    FUZZ_REQUIRE(k[key] != NULL, "OpenSSL cannot read the RSA test key");
  }
  return k[key];
}

/* hwcrypto's key objects: an RSA key keeps the bignum backend selected
 * when it was made, so one per key and backend, made once. */
static hwc_rsa_key *hwc_rsa(unsigned key) {
  static hwc_rsa_key *k[2][32];
  const char *sel = hwc_impl_selected(HWC_PRIM_BIGNUM);
  size_t i = 0;
  while (i < hwc_impl_count(HWC_PRIM_BIGNUM) && strcmp(hwc_impl_name(HWC_PRIM_BIGNUM, i), sel) != 0) i++;
  FUZZ_REQUIRE(i < 32, "bignum backend index");
  if (!k[key][i])
    FUZZ_REQUIRE(hwc_rsa_import(&k[key][i], key ? rsa2048_der : rsa1024_der,
                                key ? sizeof rsa2048_der : sizeof rsa1024_der) == HWC_OK,
                 "hwc_rsa_import of the RSA test key");
  return k[key][i];
}

/* A new OpenSSL context for key with padding pad, set up by init
 * (sign, verify_recover, encrypt or decrypt). */
static EVP_PKEY_CTX *rsa_ctx(unsigned key, int (*init)(EVP_PKEY_CTX *), int pad) {
  EVP_PKEY_CTX *x = P->o.EVP_PKEY_CTX_new_from_pkey(NULL, openssl_rsa(key), NULL);
  check(x && init(x) == 1 && P->o.EVP_PKEY_CTX_set_rsa_padding(x, pad) == 1, "OpenSSL RSA context");
  return x;
}

/* OpenSSL signs (sign 1) or verifies msg with md and padding pad (PSS:
 * salt length salt). sig/len: the signature (out when signing). */
static int openssl_rsa_sig(const rsa_case *c, int sign, int pad, uint8_t *sig, size_t *sig_len) {
  EVP_MD_CTX *m = P->o.EVP_MD_CTX_new();
  EVP_PKEY_CTX *px = NULL;
  int ok = m &&
           (sign ? P->o.EVP_DigestSignInit : P->o.EVP_DigestVerifyInit)(m, &px, P->md[c->h], NULL,
                                                                        openssl_rsa(c->key)) == 1 &&
           P->o.EVP_PKEY_CTX_set_rsa_padding(px, pad) == 1 &&
           (pad != RSA_PKCS1_PSS_PADDING || P->o.EVP_PKEY_CTX_set_rsa_pss_saltlen(px, (int)c->salt) == 1);
  if (ok)
    ok = sign ? P->o.EVP_DigestSign(m, sig, sig_len, msg, c->len) == 1
              : P->o.EVP_DigestVerify(m, sig, *sig_len, msg, c->len) == 1;
  P->o.EVP_MD_CTX_free(m);
  P->o.ERR_clear_error();
  return ok;
}

/* OAEP with OpenSSL: encrypt (enc 1) or decrypt in_len bytes of in into
 * ref, *out_len bytes. 1 on success. */
static int openssl_oaep(const rsa_case *c, int enc, const uint8_t *in, size_t in_len, size_t *out_len) {
  EVP_PKEY_CTX *x =
      rsa_ctx(c->key, enc ? P->o.EVP_PKEY_encrypt_init : P->o.EVP_PKEY_decrypt_init, RSA_PKCS1_OAEP_PADDING);
  void *label = NULL;
  if (c->label_len) {
    label = P->o.CRYPTO_malloc(c->label_len, __FILE__, __LINE__);
    check(label != NULL, "CRYPTO_malloc");
    memcpy(label, c->label, c->label_len);
  }
  size_t n = 512;
  int ok = P->o.EVP_PKEY_CTX_set_rsa_oaep_md(x, P->md[c->h]) == 1 &&
           P->o.EVP_PKEY_CTX_set_rsa_mgf1_md(x, P->md[c->h]) == 1 &&
           P->o.EVP_PKEY_CTX_set0_rsa_oaep_label(x, label, (int)c->label_len) == 1 &&
           (enc ? P->o.EVP_PKEY_encrypt : P->o.EVP_PKEY_decrypt)(x, ref, &n, in, in_len) == 1;
  P->o.EVP_PKEY_CTX_free(x);
  P->o.ERR_clear_error();
  *out_len = n;
  return ok;
}

/* The RSA sub-operations; see op_rsa. */
static void run_rsa(void *ctx) {
  rsa_case *c = ctx;
  hwc_rsa_key *k = hwc_rsa(c->key);
  size_t kl = hwc_rsa_size(k), hl = hwc_hash_len(c->h), n = sizeof out, on = 512;
  uint8_t osig[512];
  switch (c->sub) {
  case 0: /* PKCS#1 v1.5 signatures are deterministic: equal bytes. */
    check(hwc_rsa_sign_pkcs1(out, &n, msg, c->len, c->h, k) == HWC_OK && n == kl, "hwc_rsa_sign_pkcs1");
    check(openssl_rsa_sig(c, 1, RSA_PKCS1_PADDING, osig, &on) && on == kl && memcmp(osig, out, kl) == 0,
          "hwc_rsa_sign_pkcs1 != OpenSSL");
    check(hwc_rsa_verify_pkcs1(osig, kl, msg, c->len, c->h, k) == HWC_OK, "hwc_rsa_verify_pkcs1 refused OpenSSL's");
    osig[c->salt % kl] ^= 0x10;
    check(hwc_rsa_verify_pkcs1(osig, kl, msg, c->len, c->h, k) == HWC_ERR_VERIFY &&
              !openssl_rsa_sig(c, 0, RSA_PKCS1_PADDING, osig, &on),
          "a changed PKCS#1 signature verified");
    break;
  case 1: { /* PSS: random salts, so each side verifies the other's. */
    size_t max = kl - hl - 2, salt = c->salt % (max + 1);
    rsa_case cs = *c;
    cs.salt = salt;
    check(hwc_rsa_sign_pss(out, &n, msg, c->len, c->h, salt, k) == HWC_OK && n == kl, "hwc_rsa_sign_pss");
    on = kl;
    check(openssl_rsa_sig(&cs, 0, RSA_PKCS1_PSS_PADDING, out, &on), "OpenSSL refused hwc's PSS signature");
    on = sizeof osig;
    check(openssl_rsa_sig(&cs, 1, RSA_PKCS1_PSS_PADDING, osig, &on) && on == kl, "OpenSSL PSS signing failed");
    check(hwc_rsa_verify_pss(osig, kl, msg, c->len, c->h, salt, k) == HWC_OK &&
              hwc_rsa_verify_pss(osig, kl, msg, c->len, c->h, HWC_PSS_SALT_AUTO, k) == HWC_OK,
          "hwc_rsa_verify_pss refused OpenSSL's signature");
    if (salt == max)
      check(hwc_rsa_verify_pss(osig, kl, msg, c->len, c->h, HWC_PSS_SALT_MAX, k) == HWC_OK,
            "hwc_rsa_verify_pss(SALT_MAX) refused OpenSSL's maximal salt");
    osig[c->salt % kl] ^= 0x04;
    check(hwc_rsa_verify_pss(osig, kl, msg, c->len, c->h, HWC_PSS_SALT_AUTO, k) == HWC_ERR_VERIFY,
          "a changed PSS signature verified");
    break;
  }
  case 2: { /* OAEP: each side decrypts the other's ciphertext. */
    size_t max = kl - 2 * hl - 2;
    int rc = hwc_rsa_encrypt_oaep(out, &n, msg, c->len, c->label, c->label_len, c->h, k);
    if (kl < 2 * hl + 2 || c->len > max) {
      check(rc == HWC_ERR_TOO_LONG, "hwc_rsa_encrypt_oaep took a message too long for the key");
      check(!openssl_oaep(c, 1, msg, c->len, &on), "OpenSSL OAEP took a message too long for the key");
      break;
    }
    check(rc == HWC_OK && n == kl, "hwc_rsa_encrypt_oaep");
    memcpy(osig, out, kl);
    check(openssl_oaep(c, 0, osig, kl, &on) && on == c->len && memcmp(ref, msg, c->len) == 0,
          "OpenSSL refused or misread hwc's OAEP ciphertext");
    check(openssl_oaep(c, 1, msg, c->len, &on) && on == kl, "OpenSSL OAEP encryption failed");
    memcpy(osig, ref, kl);
    size_t pl = sizeof back;
    check(hwc_rsa_decrypt_oaep(back, &pl, osig, kl, c->label, c->label_len, c->h, k) == HWC_OK && pl == c->len &&
              memcmp(back, msg, c->len) == 0,
          "hwc_rsa_decrypt_oaep refused or misread OpenSSL's ciphertext");
    osig[c->salt % kl] ^= 0x01;
    pl = sizeof back;
    check(hwc_rsa_decrypt_oaep(back, &pl, osig, kl, c->label, c->label_len, c->h, k) == HWC_ERR_AUTH,
          "hwc_rsa_decrypt_oaep took a changed ciphertext");
    break;
  }
  case 3: { /* Raw RSA against RSA_NO_PADDING, both directions. */
    int rc = hwc_rsa_private_raw(out, &n, c->raw, kl, k);
    EVP_PKEY_CTX *x = rsa_ctx(c->key, P->o.EVP_PKEY_decrypt_init, RSA_NO_PADDING);
    int ok = P->o.EVP_PKEY_decrypt(x, ref, &on, c->raw, kl) == 1 && on == kl;
    P->o.EVP_PKEY_CTX_free(x);
    P->o.ERR_clear_error();
    check((rc == HWC_OK) == ok, "hwc_rsa_private_raw and OpenSSL disagree on taking the input");
    if (rc != HWC_OK) {
      check(rc == HWC_ERR_INVALID_ARG, "hwc_rsa_private_raw: not INVALID_ARG for an input >= n");
      break;
    }
    check(n == kl && memcmp(out, ref, kl) == 0, "hwc_rsa_private_raw != OpenSSL RSA_NO_PADDING decrypt");
    n = sizeof out;
    on = 512;
    x = rsa_ctx(c->key, P->o.EVP_PKEY_encrypt_init, RSA_NO_PADDING);
    ok = P->o.EVP_PKEY_encrypt(x, ref, &on, c->raw, kl) == 1 && on == kl;
    P->o.EVP_PKEY_CTX_free(x);
    P->o.ERR_clear_error();
    check(ok && hwc_rsa_public_raw(out, &n, c->raw, kl, k) == HWC_OK && n == kl && memcmp(out, ref, kl) == 0,
          "hwc_rsa_public_raw != OpenSSL RSA_NO_PADDING encrypt");
    break;
  }
  default: { /* Legacy type-1 padding without DigestInfo. */
    size_t len = c->len;
    int rc = hwc_rsa_private_encrypt_pkcs1(out, &n, msg, len, k);
    EVP_PKEY_CTX *x = rsa_ctx(c->key, P->o.EVP_PKEY_sign_init, RSA_PKCS1_PADDING);
    int ok = P->o.EVP_PKEY_sign(x, ref, &on, msg, len) == 1;
    P->o.EVP_PKEY_CTX_free(x);
    P->o.ERR_clear_error();
    if (len > kl - 11) {
      check(rc == HWC_ERR_TOO_LONG && !ok, "type-1 padding of a message too long for the key was not refused");
      break;
    }
    check(rc == HWC_OK && ok && n == kl && on == kl && memcmp(out, ref, kl) == 0,
          "hwc_rsa_private_encrypt_pkcs1 != OpenSSL EVP_PKEY_sign without digest");
    size_t rn = sizeof back;
    check(hwc_rsa_public_decrypt_pkcs1(back, &rn, ref, kl, k) == HWC_OK && rn == len && memcmp(back, msg, len) == 0,
          "hwc_rsa_public_decrypt_pkcs1 misread OpenSSL's type-1 block");
    break;
  }
  }
}

/* key byte (bits 0 and 7 both set: 2048-bit key, else 1024) | sub-operation byte (mod 5:
 * PKCS#1 sign, PSS, OAEP, raw, type-1) | hash byte | salt/position (2
 * bytes) | label length (0..64) | label | raw input 256 (the 1024-bit
 * key takes its first 128; key byte bit 1 clears its top bit, so that it
 * is mostly below n) | length | message. */
static void op_rsa(reader *r, unsigned pick) {
  rsa_case c;
  memset(&c, 0, sizeof c);
  uint8_t kb = rd_byte(r);
  c.key = (kb & 0x81) == 0x81; /* the slower 2048-bit key one time in four */
  c.sub = rd_byte(r) % 5;
  c.h = (hwc_hash)(rd_byte(r) % 4);
  c.salt = rd_byte(r) | (size_t)rd_byte(r) << 8;
  c.label_len = rd_byte(r) % 65;
  rd_bytes(r, c.label, c.label_len);
  size_t kl = c.key ? 256 : 128;
  rd_bytes(r, c.raw, sizeof c.raw); /* the 1024-bit key uses the first 128 */
  if (kb & 2) c.raw[0] &= 0x7f;
  c.len = rd_len(r, c.sub == 2 || c.sub == 4 ? 300 : 1000);
  rd_data(r, msg, c.len);
  params("RSA-%zu sub=%u %s len=%zu salt=%zu label_len=%zu raw[0]=%02x", kl * 8, c.sub, hash_names[c.h], c.len, c.salt,
         c.label_len, c.raw[0]);
  each_backend(HWC_PRIM_BIGNUM, pick, run_rsa, &c);
}

/* ============================================================== dispatch */

static const struct {
  const char *name;
  void (*run)(reader *r, unsigned pick);
} ops[] = {
    {"hash", op_hash},
    {"hmac", op_hmac},
    {"hkdf", op_hkdf},
    {"aes", op_aes},
    {"aes_gcm", op_gcm},
    {"chacha20", op_chacha},
    {"poly1305", op_poly},
    {"chachapoly", op_cp},
    {"secretstream", op_ss},
    {"x25519", op_x25519},
    {"ed25519_sign", op_ed_sign},
    {"ed25519_verify", op_ed_verify},
    {"modexp", op_modexp},
    {"rsa", op_rsa},
};

/* The number of operations, for make_seeds' format (byte 0 mod this). */
enum { N_OPS = sizeof ops / sizeof ops[0] };

/* Loads the peers (the first input; a missing one ends the process), then
 * runs the operation byte 0 names with the backend choice of byte 1. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!P) P = diff_peers_get();
  if (size < 2) return 0;
  reader r = {data + 2, size - 2};
  size_t op = data[0] % N_OPS;
  cur.op = ops[op].name;
  cur.params[0] = '\0';
  ops[op].run(&r, data[1]);
  return 0;
}
