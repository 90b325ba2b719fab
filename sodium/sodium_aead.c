/* SPDX-License-Identifier: ISC */
/* The drop-in's symmetric side: the ChaCha20-Poly1305 (IETF), XChaCha20-
 * Poly1305 and AES-256-GCM AEADs, the ChaCha20 and XChaCha20 streams and
 * one-shot Poly1305, with libsodium 1.0.18's signatures (checked against
 * <sodium.h>), return values, limits and output bytes. */
#include <string.h>

#include <sodium.h>

#include "hs.h"
#include "hwcrypto.h"

/* 2^32 - 1 blocks of 64 bytes: the most ChaCha20 with a 32-bit counter
 * starting at 1 can encrypt, libsodium's ..._ietf_MESSAGEBYTES_MAX. */
#define HS_CHACHA_MAX 274877906880ULL
/* 2^36 - 32 bytes: the GCM limit, crypto_aead_aes256gcm_MESSAGEBYTES_MAX. */
#define HS_GCM_MAX 68719476704ULL

/* Which AEAD a verify-only call is about. */
enum { HS_IETF, HS_XCHACHA };

/* libsodium's decrypt_detached with m == NULL checks the tag and writes
 * nothing; hwcrypto's one-shot decrypt needs an output, so the message runs
 * through the piecewise API into a small scratch buffer that is wiped. */
static int hs_chacha_verify(int which, const unsigned char *c, unsigned long long clen,
                            const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
                            const unsigned char *npub, const unsigned char *k)
{
  hwc_chacha20poly1305_ctx ctx;
  unsigned char scratch[1024];
  int rc = which == HS_XCHACHA ? hwc_xchacha20poly1305_start(&ctx, 0, npub, k)
                               : hwc_chacha20poly1305_start(&ctx, 0, npub, k);
  if (rc == HWC_OK)
    rc = hwc_chacha20poly1305_aad(&ctx, ad, (size_t)adlen);
  while (rc == HWC_OK && clen > 0) {
    size_t n = clen < sizeof scratch ? (size_t)clen : sizeof scratch;
    rc = hwc_chacha20poly1305_update(&ctx, scratch, c, n);
    c += n;
    clen -= n;
  }
  if (rc == HWC_OK)
    rc = hwc_chacha20poly1305_finish_verify(&ctx, mac);
  hwc_memzero(&ctx, sizeof ctx);
  hwc_memzero(scratch, sizeof scratch);
  return rc == HWC_OK ? 0 : -1;
}

/* crypto_aead_chacha20poly1305_ietf_encrypt_detached: c = ChaCha20(m),
 * mac = the RFC 8439 tag over ad and c; *maclen_p = 16. Always 0, as in
 * libsodium (a message over the limit is misuse and aborts there too). */
int crypto_aead_chacha20poly1305_ietf_encrypt_detached(unsigned char *c, unsigned char *mac,
                                                       unsigned long long *maclen_p, const unsigned char *m,
                                                       unsigned long long mlen, const unsigned char *ad,
                                                       unsigned long long adlen, const unsigned char *nsec,
                                                       const unsigned char *npub, const unsigned char *k)
{
  (void)nsec;
  if (mlen > HS_CHACHA_MAX)
    hs_misuse();
  m = hs_inplace(c, m, (size_t)mlen);
  if (hwc_chacha20poly1305_encrypt(c, mac, m, (size_t)mlen, ad, (size_t)adlen, npub, k) != HWC_OK)
    hs_misuse(); /* only overlap of mac with c/m is left, which libsodium does not support either */
  if (maclen_p != NULL)
    *maclen_p = 16;
  return 0;
}

/* crypto_aead_chacha20poly1305_ietf_encrypt: ciphertext then the 16-byte
 * tag in c; *clen_p = mlen + 16. */
int crypto_aead_chacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p, const unsigned char *m,
                                              unsigned long long mlen, const unsigned char *ad,
                                              unsigned long long adlen, const unsigned char *nsec,
                                              const unsigned char *npub, const unsigned char *k)
{
  if (mlen > HS_CHACHA_MAX)
    hs_misuse();
  crypto_aead_chacha20poly1305_ietf_encrypt_detached(c, c + mlen, NULL, m, mlen, ad, adlen, nsec, npub, k);
  if (clen_p != NULL)
    *clen_p = mlen + 16;
  return 0;
}

/* crypto_aead_chacha20poly1305_ietf_decrypt_detached: 0 and m = the
 * plaintext when mac is right; -1 and m zeroed when not. m == NULL only
 * checks the tag. */
int crypto_aead_chacha20poly1305_ietf_decrypt_detached(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                                       unsigned long long clen, const unsigned char *mac,
                                                       const unsigned char *ad, unsigned long long adlen,
                                                       const unsigned char *npub, const unsigned char *k)
{
  unsigned char tag[16];
  int rc;
  (void)nsec;
  if (clen > HS_CHACHA_MAX)
    hs_misuse();
  if (m == NULL)
    return hs_chacha_verify(HS_IETF, c, clen, mac, ad, adlen, npub, k);
  memcpy(tag, mac, sizeof tag); /* mac may lie in the bytes m overwrites */
  c = hs_inplace(m, c, (size_t)clen);
  rc = hwc_chacha20poly1305_decrypt(m, c, (size_t)clen, tag, ad, (size_t)adlen, npub, k);
  return rc == HWC_OK ? 0 : -1;
}

/* crypto_aead_chacha20poly1305_ietf_decrypt: c is the ciphertext then its
 * tag. -1 when clen < 16 or the tag is wrong; *mlen_p = clen - 16 on
 * success, 0 otherwise. */
int crypto_aead_chacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec,
                                              const unsigned char *c, unsigned long long clen,
                                              const unsigned char *ad, unsigned long long adlen,
                                              const unsigned char *npub, const unsigned char *k)
{
  int ret = -1;
  if (clen >= 16)
    ret = crypto_aead_chacha20poly1305_ietf_decrypt_detached(m, nsec, c, clen - 16, c + clen - 16, ad, adlen,
                                                             npub, k);
  if (mlen_p != NULL)
    *mlen_p = ret == 0 ? clen - 16 : 0;
  return ret;
}

/* crypto_aead_chacha20poly1305_ietf_keygen: 32 random bytes. */
void crypto_aead_chacha20poly1305_ietf_keygen(unsigned char k[crypto_aead_chacha20poly1305_ietf_KEYBYTES])
{
  hs_random(k, crypto_aead_chacha20poly1305_ietf_KEYBYTES);
}

/* crypto_aead_xchacha20poly1305_ietf_encrypt_detached: as the IETF
 * function with a 24-byte nonce (HChaCha20 subkey). libsodium's limit is
 * SIZE_MAX - 16, but past 2^32 - 1 blocks its 32-bit counter wraps and
 * reuses keystream: the drop-in treats that as misuse instead. */
int crypto_aead_xchacha20poly1305_ietf_encrypt_detached(unsigned char *c, unsigned char *mac,
                                                        unsigned long long *maclen_p, const unsigned char *m,
                                                        unsigned long long mlen, const unsigned char *ad,
                                                        unsigned long long adlen, const unsigned char *nsec,
                                                        const unsigned char *npub, const unsigned char *k)
{
  (void)nsec;
  if (mlen > HS_CHACHA_MAX)
    hs_misuse();
  m = hs_inplace(c, m, (size_t)mlen);
  if (hwc_xchacha20poly1305_encrypt(c, mac, m, (size_t)mlen, ad, (size_t)adlen, npub, k) != HWC_OK)
    hs_misuse();
  if (maclen_p != NULL)
    *maclen_p = 16;
  return 0;
}

/* crypto_aead_xchacha20poly1305_ietf_encrypt: ciphertext || tag. */
int crypto_aead_xchacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p, const unsigned char *m,
                                               unsigned long long mlen, const unsigned char *ad,
                                               unsigned long long adlen, const unsigned char *nsec,
                                               const unsigned char *npub, const unsigned char *k)
{
  crypto_aead_xchacha20poly1305_ietf_encrypt_detached(c, c + mlen, NULL, m, mlen, ad, adlen, nsec, npub, k);
  if (clen_p != NULL)
    *clen_p = mlen + 16;
  return 0;
}

/* crypto_aead_xchacha20poly1305_ietf_decrypt_detached: as the IETF one. */
int crypto_aead_xchacha20poly1305_ietf_decrypt_detached(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                                        unsigned long long clen, const unsigned char *mac,
                                                        const unsigned char *ad, unsigned long long adlen,
                                                        const unsigned char *npub, const unsigned char *k)
{
  unsigned char tag[16];
  int rc;
  (void)nsec;
  if (clen > HS_CHACHA_MAX)
    hs_misuse();
  if (m == NULL)
    return hs_chacha_verify(HS_XCHACHA, c, clen, mac, ad, adlen, npub, k);
  memcpy(tag, mac, sizeof tag);
  c = hs_inplace(m, c, (size_t)clen);
  rc = hwc_xchacha20poly1305_decrypt(m, c, (size_t)clen, tag, ad, (size_t)adlen, npub, k);
  return rc == HWC_OK ? 0 : -1;
}

/* crypto_aead_xchacha20poly1305_ietf_decrypt: c is ciphertext || tag. */
int crypto_aead_xchacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec,
                                               const unsigned char *c, unsigned long long clen,
                                               const unsigned char *ad, unsigned long long adlen,
                                               const unsigned char *npub, const unsigned char *k)
{
  int ret = -1;
  if (clen >= 16)
    ret = crypto_aead_xchacha20poly1305_ietf_decrypt_detached(m, nsec, c, clen - 16, c + clen - 16, ad, adlen,
                                                              npub, k);
  if (mlen_p != NULL)
    *mlen_p = ret == 0 ? clen - 16 : 0;
  return ret;
}

/* crypto_aead_xchacha20poly1305_ietf_keygen: 32 random bytes. */
void crypto_aead_xchacha20poly1305_ietf_keygen(unsigned char k[crypto_aead_xchacha20poly1305_ietf_KEYBYTES])
{
  hs_random(k, crypto_aead_xchacha20poly1305_ietf_KEYBYTES);
}

/* crypto_aead_aes256gcm_encrypt_detached: AES-256-GCM with a 12-byte nonce
 * and a 16-byte tag. The key schedule is made for the call and wiped.
 * hwcrypto runs it on every CPU; crypto_aead_aes256gcm_is_available stays
 * libsodium's answer because the _afternm functions stay libsodium's. */
int crypto_aead_aes256gcm_encrypt_detached(unsigned char *c, unsigned char *mac, unsigned long long *maclen_p,
                                           const unsigned char *m, unsigned long long mlen,
                                           const unsigned char *ad, unsigned long long adlen,
                                           const unsigned char *nsec, const unsigned char *npub,
                                           const unsigned char *k)
{
  hwc_aes_gcm_key key;
  int rc;
  (void)nsec;
  if (mlen > HS_GCM_MAX)
    hs_misuse();
  m = hs_inplace(c, m, (size_t)mlen);
  hwc_aes_gcm_init(&key, k, 32);
  rc = hwc_aes_gcm_encrypt(c, mac, 16, m, (size_t)mlen, ad, (size_t)adlen, npub, 12, &key);
  hwc_aes_gcm_key_wipe(&key);
  if (rc != HWC_OK)
    hs_misuse();
  if (maclen_p != NULL)
    *maclen_p = 16;
  return 0;
}

/* crypto_aead_aes256gcm_encrypt: ciphertext || tag. */
int crypto_aead_aes256gcm_encrypt(unsigned char *c, unsigned long long *clen_p, const unsigned char *m,
                                  unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
                                  const unsigned char *nsec, const unsigned char *npub, const unsigned char *k)
{
  crypto_aead_aes256gcm_encrypt_detached(c, c + mlen, NULL, m, mlen, ad, adlen, nsec, npub, k);
  if (clen_p != NULL)
    *clen_p = mlen + 16;
  return 0;
}

/* The AES-GCM tag check alone (m == NULL), through the piecewise API. */
static int hs_gcm_verify(const unsigned char *c, unsigned long long clen, const unsigned char *mac,
                         const unsigned char *ad, unsigned long long adlen, const unsigned char *npub,
                         const hwc_aes_gcm_key *key)
{
  hwc_aes_gcm_ctx ctx;
  unsigned char scratch[1024];
  int rc = hwc_aes_gcm_start(&ctx, 0, npub, 12, key);
  if (rc == HWC_OK)
    rc = hwc_aes_gcm_aad(&ctx, ad, (size_t)adlen);
  while (rc == HWC_OK && clen > 0) {
    size_t n = clen < sizeof scratch ? (size_t)clen : sizeof scratch;
    rc = hwc_aes_gcm_update(&ctx, scratch, c, n);
    c += n;
    clen -= n;
  }
  if (rc == HWC_OK)
    rc = hwc_aes_gcm_finish_verify(&ctx, mac, 16);
  hwc_memzero(&ctx, sizeof ctx);
  hwc_memzero(scratch, sizeof scratch);
  return rc == HWC_OK ? 0 : -1;
}

/* crypto_aead_aes256gcm_decrypt_detached: 0 and the plaintext, or -1 with
 * m zeroed; m == NULL only checks the tag. */
int crypto_aead_aes256gcm_decrypt_detached(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                           unsigned long long clen, const unsigned char *mac,
                                           const unsigned char *ad, unsigned long long adlen,
                                           const unsigned char *npub, const unsigned char *k)
{
  hwc_aes_gcm_key key;
  unsigned char tag[16];
  int rc;
  (void)nsec;
  if (clen > HS_GCM_MAX)
    hs_misuse();
  hwc_aes_gcm_init(&key, k, 32);
  if (m == NULL) {
    rc = hs_gcm_verify(c, clen, mac, ad, adlen, npub, &key);
  } else {
    memcpy(tag, mac, sizeof tag);
    c = hs_inplace(m, c, (size_t)clen);
    rc = hwc_aes_gcm_decrypt(m, c, (size_t)clen, tag, 16, ad, (size_t)adlen, npub, 12, &key) == HWC_OK ? 0 : -1;
  }
  hwc_aes_gcm_key_wipe(&key);
  return rc;
}

/* crypto_aead_aes256gcm_decrypt: c is ciphertext || tag. */
int crypto_aead_aes256gcm_decrypt(unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec,
                                  const unsigned char *c, unsigned long long clen, const unsigned char *ad,
                                  unsigned long long adlen, const unsigned char *npub, const unsigned char *k)
{
  int ret = -1;
  if (clen >= 16)
    ret = crypto_aead_aes256gcm_decrypt_detached(m, nsec, c, clen - 16, c + clen - 16, ad, adlen, npub, k);
  if (mlen_p != NULL)
    *mlen_p = ret == 0 ? clen - 16 : 0;
  return ret;
}

/* crypto_stream_chacha20_ietf_xor_ic: c = m XOR the keystream from block
 * ic. As in libsodium, a message that would run the 32-bit counter past
 * 2^32 - 1 is misuse. */
int crypto_stream_chacha20_ietf_xor_ic(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                                       const unsigned char *n, uint32_t ic, const unsigned char *k)
{
  if ((unsigned long long)ic > (1ULL << 32) - (mlen + 63ULL) / 64ULL)
    hs_misuse();
  m = hs_inplace(c, m, (size_t)mlen);
  if (hwc_chacha20(c, m, (size_t)mlen, n, ic, k) != HWC_OK)
    hs_misuse();
  return 0;
}

/* crypto_stream_chacha20_ietf_xor: from block 0. */
int crypto_stream_chacha20_ietf_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                                    const unsigned char *n, const unsigned char *k)
{
  return crypto_stream_chacha20_ietf_xor_ic(c, m, mlen, n, 0, k);
}

/* crypto_stream_chacha20_ietf: clen bytes of keystream. */
int crypto_stream_chacha20_ietf(unsigned char *c, unsigned long long clen, const unsigned char *n,
                                const unsigned char *k)
{
  memset(c, 0, (size_t)clen);
  return crypto_stream_chacha20_ietf_xor_ic(c, c, clen, n, 0, k);
}

/* crypto_stream_xchacha20_xor_ic: XChaCha20 with a 64-bit block counter
 * from ic. Running the counter past 2^64 - 1 (libsodium wraps) is misuse. */
int crypto_stream_xchacha20_xor_ic(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                                   const unsigned char *n, uint64_t ic, const unsigned char *k)
{
  m = hs_inplace(c, m, (size_t)mlen);
  if (hwc_xchacha20(c, m, (size_t)mlen, n, ic, k) != HWC_OK)
    hs_misuse();
  return 0;
}

/* crypto_stream_xchacha20_xor: from block 0. */
int crypto_stream_xchacha20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                                const unsigned char *n, const unsigned char *k)
{
  return crypto_stream_xchacha20_xor_ic(c, m, mlen, n, 0, k);
}

/* crypto_stream_xchacha20: clen bytes of keystream. */
int crypto_stream_xchacha20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                            const unsigned char *k)
{
  memset(c, 0, (size_t)clen);
  return crypto_stream_xchacha20_xor_ic(c, c, clen, n, 0, k);
}

/* crypto_onetimeauth_poly1305: the tag of m under the one-time key k. */
int crypto_onetimeauth_poly1305(unsigned char *out, const unsigned char *m, unsigned long long mlen,
                                const unsigned char *k)
{
  hwc_poly1305(out, m, (size_t)mlen, k);
  return 0;
}

/* crypto_onetimeauth_poly1305_verify: 0 when h is the tag of m, else -1,
 * compared in constant time. */
int crypto_onetimeauth_poly1305_verify(const unsigned char *h, const unsigned char *m, unsigned long long mlen,
                                       const unsigned char *k)
{
  unsigned char t[16];
  int ok;
  hwc_poly1305(t, m, (size_t)mlen, k);
  ok = hwc_memequal(t, h, sizeof t);
  hwc_memzero(t, sizeof t);
  return ok ? 0 : -1;
}

/* crypto_onetimeauth: libsodium's default one-time authenticator is
 * Poly1305. */
int crypto_onetimeauth(unsigned char *out, const unsigned char *in, unsigned long long inlen, const unsigned char *k)
{
  return crypto_onetimeauth_poly1305(out, in, inlen, k);
}

/* crypto_onetimeauth_verify: Poly1305's. */
int crypto_onetimeauth_verify(const unsigned char *h, const unsigned char *in, unsigned long long inlen,
                              const unsigned char *k)
{
  return crypto_onetimeauth_poly1305_verify(h, in, inlen, k);
}
