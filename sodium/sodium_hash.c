/* SPDX-License-Identifier: ISC */
/* The drop-in's hashes, MACs and secret streams: one-shot SHA-256 and
 * SHA-512, one-shot HMAC-SHA-256/512 with verification, and
 * crypto_secretstream_xchacha20poly1305, with libsodium 1.0.18's
 * signatures (checked against <sodium.h>), return values and bytes.
 * The incremental hash and HMAC states are libsodium's (104 and 208 bytes,
 * counted in bits) and smaller than hwcrypto's contexts: they stay
 * libsodium's, as does every function that takes one. */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "hs.h"
#include "hwcrypto.h"

/* crypto_hash_sha256: the SHA-256 digest of in. */
int crypto_hash_sha256(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  hwc_sha256(out, in, (size_t)inlen);
  return 0;
}

/* crypto_hash_sha512: the SHA-512 digest of in. */
int crypto_hash_sha512(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  hwc_sha512(out, in, (size_t)inlen);
  return 0;
}

/* crypto_hash: libsodium's default hash is SHA-512. */
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  return crypto_hash_sha512(out, in, inlen);
}

/* crypto_auth_hmacsha256: HMAC-SHA-256 of in under the 32-byte key k. */
int crypto_auth_hmacsha256(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                           const unsigned char *k)
{
  hwc_hmac(out, in, (size_t)inlen, HWC_HASH_SHA256, k, 32);
  return 0;
}

/* crypto_auth_hmacsha256_verify: 0 when h is the 32-byte MAC, else -1
 * (constant-time comparison; the computed MAC is wiped). */
int crypto_auth_hmacsha256_verify(const unsigned char *h, const unsigned char *in, unsigned long long inlen,
                                  const unsigned char *k)
{
  unsigned char t[32];
  int ok;
  hwc_hmac(t, in, (size_t)inlen, HWC_HASH_SHA256, k, 32);
  ok = hwc_memequal(t, h, sizeof t);
  hwc_memzero(t, sizeof t);
  return ok ? 0 : -1;
}

/* crypto_auth_hmacsha512: HMAC-SHA-512 of in under the 32-byte key k. */
int crypto_auth_hmacsha512(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                           const unsigned char *k)
{
  hwc_hmac(out, in, (size_t)inlen, HWC_HASH_SHA512, k, 32);
  return 0;
}

/* crypto_auth_hmacsha512_verify: 0 when h is the 64-byte MAC, else -1. */
int crypto_auth_hmacsha512_verify(const unsigned char *h, const unsigned char *in, unsigned long long inlen,
                                  const unsigned char *k)
{
  unsigned char t[64];
  int ok;
  hwc_hmac(t, in, (size_t)inlen, HWC_HASH_SHA512, k, 32);
  ok = hwc_memequal(t, h, sizeof t);
  hwc_memzero(t, sizeof t);
  return ok ? 0 : -1;
}

/* hwcrypto's secret-stream state is libsodium's, field for field (key,
 * counter and nonce, padding): the drop-in works on the caller's state
 * directly, and libsodium can continue any state the drop-in made. */
_Static_assert(sizeof(hwc_secretstream_state) == sizeof(crypto_secretstream_xchacha20poly1305_state),
               "secretstream state layouts differ");

/* crypto_secretstream_xchacha20poly1305_keygen: 32 random bytes. */
void crypto_secretstream_xchacha20poly1305_keygen(unsigned char k[crypto_secretstream_xchacha20poly1305_KEYBYTES])
{
  hs_random(k, crypto_secretstream_xchacha20poly1305_KEYBYTES);
}

/* crypto_secretstream_xchacha20poly1305_init_push: a random header from
 * randombytes_buf, as libsodium draws it; libsodium derives the writer's
 * state from it exactly as the reader's, so hwcrypto's init_pull makes it. */
int crypto_secretstream_xchacha20poly1305_init_push(crypto_secretstream_xchacha20poly1305_state *state,
                                                    unsigned char header[crypto_secretstream_xchacha20poly1305_HEADERBYTES],
                                                    const unsigned char k[crypto_secretstream_xchacha20poly1305_KEYBYTES])
{
  hs_random(header, crypto_secretstream_xchacha20poly1305_HEADERBYTES);
  hwc_secretstream_init_pull((hwc_secretstream_state *)(void *)state, header, k);
  return 0;
}

/* crypto_secretstream_xchacha20poly1305_init_pull: the reader's state. */
int crypto_secretstream_xchacha20poly1305_init_pull(crypto_secretstream_xchacha20poly1305_state *state,
                                                    const unsigned char header[crypto_secretstream_xchacha20poly1305_HEADERBYTES],
                                                    const unsigned char k[crypto_secretstream_xchacha20poly1305_KEYBYTES])
{
  hwc_secretstream_init_pull((hwc_secretstream_state *)(void *)state, header, k);
  return 0;
}

/* The libsodium push this one stands in front of. */
typedef int (*hs_push_fn)(crypto_secretstream_xchacha20poly1305_state *, unsigned char *, unsigned long long *,
                          const unsigned char *, unsigned long long, const unsigned char *, unsigned long long,
                          unsigned char);
/* The libsodium pull this one stands in front of. */
typedef int (*hs_pull_fn)(crypto_secretstream_xchacha20poly1305_state *, unsigned char *, unsigned long long *,
                          unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                          unsigned long long);

/* crypto_secretstream_xchacha20poly1305_push: c = the message m with tag
 * (mlen + 17 bytes); *clen_p = mlen + 17. What hwcrypto refuses but
 * libsodium accepts -- a tag byte other than the four defined ones,
 * overlapping c and m -- is handed to libsodium, whose state this is too. */
int crypto_secretstream_xchacha20poly1305_push(crypto_secretstream_xchacha20poly1305_state *state, unsigned char *c,
                                               unsigned long long *clen_p, const unsigned char *m,
                                               unsigned long long mlen, const unsigned char *ad,
                                               unsigned long long adlen, unsigned char tag)
{
  size_t clen = (size_t)mlen + 17;
  int rc;
  if (clen_p != NULL)
    *clen_p = 0;
  if (mlen > crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX)
    hs_misuse();
  rc = hwc_secretstream_push((hwc_secretstream_state *)(void *)state, c, &clen, m, (size_t)mlen, ad, (size_t)adlen,
                             tag);
  if (rc == HWC_ERR_INVALID_ARG) {
    hs_push_fn next = (hs_push_fn)hs_next("crypto_secretstream_xchacha20poly1305_push");
    return next != NULL ? next(state, c, clen_p, m, mlen, ad, adlen, tag) : -1;
  }
  if (rc != HWC_OK)
    hs_misuse();
  if (clen_p != NULL)
    *clen_p = clen;
  return 0;
}

/* crypto_secretstream_xchacha20poly1305_pull: checks and decrypts the next
 * message c into m and its tag into *tag_p. -1 for a short, forged or
 * out-of-order message, with *mlen_p = 0 and *tag_p = 0xff as libsodium
 * sets them, and m as it was.
 * Overlapping buffers and unknown tags go to libsodium, as for push. */
int crypto_secretstream_xchacha20poly1305_pull(crypto_secretstream_xchacha20poly1305_state *state, unsigned char *m,
                                               unsigned long long *mlen_p, unsigned char *tag_p,
                                               const unsigned char *c, unsigned long long clen,
                                               const unsigned char *ad, unsigned long long adlen)
{
  size_t mlen = clen >= 17 ? (size_t)clen - 17 : 0;
  unsigned char tag = 0xff, small[1024], *keep = small;
  int rc;
  if (mlen_p != NULL)
    *mlen_p = 0;
  if (tag_p != NULL)
    *tag_p = 0xff;
  if (clen < 17)
    return -1;
  if (mlen > crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX)
    hs_misuse();
  /* libsodium leaves m untouched when a message is refused, and callers
   * (its own test among them) reuse the buffer; hwcrypto zeroes it. So the
   * bytes are kept aside and put back: a copy, far cheaper than the
   * cipher. Without memory for the copy, libsodium takes the call. */
  if (m != NULL && mlen > sizeof small) {
    keep = malloc(mlen);
    if (keep == NULL)
      goto handoff;
  }
  if (m != NULL)
    memcpy(keep, m, mlen);
  rc = hwc_secretstream_pull((hwc_secretstream_state *)(void *)state, m, &mlen, &tag, c, (size_t)clen, ad,
                             (size_t)adlen);
  if (rc != HWC_OK && m != NULL)
    memcpy(m, keep, clen - 17);
  hwc_memzero(keep, m != NULL ? clen - 17 : 0); /* it may have held an earlier message */
  if (keep != small)
    free(keep);
  if (rc == HWC_ERR_INVALID_ARG)
    goto handoff;
  if (rc != HWC_OK)
    return -1;
  if (mlen_p != NULL)
    *mlen_p = mlen;
  if (tag_p != NULL)
    *tag_p = tag;
  return 0;
handoff:;
  hs_pull_fn next = (hs_pull_fn)hs_next("crypto_secretstream_xchacha20poly1305_pull");
  return next != NULL ? next(state, m, mlen_p, tag_p, c, clen, ad, adlen) : -1;
}

/* crypto_secretstream_xchacha20poly1305_rekey: a new key, as a REKEY tag. */
void crypto_secretstream_xchacha20poly1305_rekey(crypto_secretstream_xchacha20poly1305_state *state)
{
  hwc_secretstream_rekey((hwc_secretstream_state *)(void *)state);
}
