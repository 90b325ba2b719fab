/* SPDX-License-Identifier: ISC */
/* Secret streams: libsodium's crypto_secretstream_xchacha20poly1305, byte
 * for byte (its src/libsodium/crypto_secretstream/xchacha20poly1305/).
 *
 * State: a 32-byte key k and a 12-byte ChaCha20 nonce whose first 4 bytes
 * are a little-endian message counter (1 after init and after every rekey)
 * and whose last 8 come from the header, then from the MACs.
 *
 * A message under (k, nonce), ChaCha20-IETF with block counter b:
 *   b = 0      the Poly1305 one-time key (first 32 bytes);
 *   b = 1      tag || 63 zero bytes, encrypted; its first byte is c[0];
 *   b = 2...   the message, c[1..mlen].
 *   MAC = Poly1305(ad || pad16(ad) || the whole encrypted 64-byte block ||
 *                  c[1..mlen] || zeros(mlen mod 16) ||
 *                  le64(adlen) || le64(64 + mlen)), appended to c.
 * The zeros after the ciphertext are libsodium's (0x10 - 64 + mlen) & 0xf,
 * which is mlen mod 16, not the padding to a 16-byte boundary it meant (its
 * source says so); being byte for byte means keeping that.
 * After the message: nonce[4..11] ^= MAC[0..7], the counter goes up by one,
 * and when the tag has the REKEY bit (REKEY, FINAL) or the counter wrapped
 * to 0, the state is rekeyed: (k || nonce[4..11]) XOR ChaCha20-IETF block 0
 * under (k, nonce) gives the new k and nonce[4..11], and the counter is 1.
 *
 * Like the one-shot AEAD (chacha20poly1305.c, whose kernel choice this file
 * repeats rather than shares, so that file stays the AEAD's alone): the
 * selected chacha20-poly1305 entry's members, its fused seal for the
 * message's full blocks when pushing and its fused open when pulling. The
 * key block, the tag block and a short message are one kernel call. A
 * pulled message is checked before the state changes; a forgery leaves the
 * state as it was and m zeroed (a short message never reaches m before the
 * check; a long one is decrypted in the MAC's pass and wiped). */
#include "chacha20_internal.h"

/* Messages up to this many bytes go to the kernel with the key and tag
 * blocks in one call (as the AEAD's short path: five blocks in all). */
#define SHORT 192
/* Large enough to amortise the kernel calls, small enough to stay in L1. */
#define CHUNK 4096
/* libsodium's crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX: the
 * message starts at block 2 and the 32-bit block counter must not wrap;
 * and m_len + 17 must fit in a size_t. */
#define MAX_MLEN ((((uint64_t)1 << 32) - 2) * 64)
#define ABYTES HWC_SECRETSTREAM_ABYTES

_Static_assert(sizeof(((hwc_secretstream_state *)0)->k_) == 32, "state key size");
_Static_assert(sizeof(((hwc_secretstream_state *)0)->nonce_) == 12, "state nonce size");

static const uint8_t zeros[16];

/* The secrets of one push or pull, wiped together on every way out (the
 * policy of src/kernels.h): the ChaCha20 input (key), the key block, the
 * tag block and a short message's keystream and plaintext, the computed
 * MAC. The Poly1305 context is not here: hwc_poly1305_final wipes it, and
 * every path calls final. */
typedef struct {
  uint32_t st[16];
  uint8_t buf[128 + SHORT];
  uint8_t mac[16];
} scratch;

/* The ChaCha20 input for block `block` of the message under st's key and
 * 12-byte nonce (counter word, then the 8-byte inner nonce). */
static void setup_state(uint32_t x[16], const hwc_secretstream_state *st, uint32_t block) {
  hwc_chacha20_setup(x, st->k_, block, hwc_load32_le(st->nonce_), hwc_load32_le(st->nonce_ + 4),
                     hwc_load32_le(st->nonce_ + 8));
}

/* libsodium's rekey: k || nonce[4..11] XOR the first 40 bytes of ChaCha20
 * block 0 under (k, nonce) become the new k and nonce[4..11]; the counter
 * restarts at 1. ck: the chacha20 table to run it with. */
static void rekey_with(hwc_secretstream_state *st, const hwc_chacha20_kernel *ck) {
  struct {
    uint32_t x[16];
    uint8_t block[64];
  } sec;
  memcpy(sec.block, st->k_, 32);
  memcpy(sec.block + 32, st->nonce_ + 4, 8);
  memset(sec.block + 40, 0, 24);
  setup_state(sec.x, st, 0);
  ck->xor_blocks(sec.block, sec.block, 1, sec.x);
  memcpy(st->k_, sec.block, 32);
  memcpy(st->nonce_ + 4, sec.block + 32, 8);
  hwc_store32_le(st->nonce_, 1);
  hwc_memzero(&sec, sizeof sec);
}

/* The end of a message, both directions: the MAC folds into the inner
 * nonce, the counter advances, and the state rekeys on the tag's REKEY bit
 * or a counter that wrapped. rekey_bit is public here: on push the tag is
 * the caller's input, on pull it has been declassified (the caller's
 * output), so whether a message rekeys shows in timing as in libsodium. */
static void advance(hwc_secretstream_state *st, const uint8_t mac[16], unsigned rekey_bit,
                    const hwc_chacha20_kernel *ck) {
  for (int i = 0; i < 8; i++) st->nonce_[4 + i] ^= mac[i];
  uint32_t counter = hwc_load32_le(st->nonce_) + 1;
  hwc_store32_le(st->nonce_, counter);
  if (rekey_bit || counter == 0) rekey_with(st, ck);
}

/* Starts the MAC: the one-time key from block 0 (buf[0..31]), then ad and
 * its padding. */
static void mac_start(hwc_poly1305_ctx *mac, const uint8_t key[32], const uint8_t *ad, size_t ad_len,
                      const hwc_chacha_aead_kernels *k) {
  hwc_poly1305_init_with(mac, key, k->poly);
  hwc_poly1305_update(mac, ad, ad_len);
  if (ad_len % 16) hwc_poly1305_update(mac, zeros, 16 - ad_len % 16);
}

/* Ends the MAC after the ciphertext: libsodium's mlen mod 16 zero bytes
 * (see the top of the file), the two length words, the tag into out. */
static void mac_finish(hwc_poly1305_ctx *mac, size_t ad_len, size_t mlen, uint8_t out[16]) {
  uint8_t lens[16];
  hwc_poly1305_update(mac, zeros, mlen & 15);
  hwc_store64_le(lens, (uint64_t)ad_len);
  hwc_store64_le(lens + 8, 64 + (uint64_t)mlen);
  hwc_poly1305_update(mac, lens, 16);
  hwc_poly1305_final(mac, out);
}

/* 1 when [a, a + na) and [b, b + nb) share a byte. */
static int overlap(const void *a, size_t na, const void *b, size_t nb) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  if (na == 0 || nb == 0) return 0;
  return x < y ? y - x < na : x - y < nb;
}

int hwc_secretstream_init_push(hwc_secretstream_state *st, uint8_t header[24], const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  if (st == NULL || header == NULL || key == NULL) return HWC_ERR_INVALID_ARG;
  int err = hwc_random_bytes(header, HWC_SECRETSTREAM_HEADERBYTES);
  if (err != HWC_OK) {
    /* Not a usable state: a later push must not run under an old key. */
    hwc_memzero(st, sizeof *st);
    return err;
  }
  return hwc_secretstream_init_pull(st, header, key);
}

/* The header's first 16 bytes and the key give k (HChaCha20); its last 8
 * are the inner nonce; the counter starts at 1. */
int hwc_secretstream_init_pull(hwc_secretstream_state *st, const uint8_t header[24], const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  if (st == NULL || header == NULL || key == NULL) return HWC_ERR_INVALID_ARG;
  uint8_t inonce[8];
  memcpy(inonce, header + 16, 8); /* before st is written: header may lie inside it */
  hwc_hchacha20(st->k_, key, header);
  hwc_store32_le(st->nonce_, 1);
  memcpy(st->nonce_ + 4, inonce, 8);
  memset(st->pad_, 0, sizeof st->pad_);
  return HWC_OK;
}

int hwc_secretstream_push(hwc_secretstream_state *st, uint8_t *c, size_t *c_len, const uint8_t *m, size_t m_len,
                          const uint8_t *ad, size_t ad_len, uint8_t tag) {
  HWC_DIT_SCOPE();
  if (st == NULL || c_len == NULL || (m == NULL && m_len != 0) || (ad == NULL && ad_len != 0) ||
      tag > HWC_SECRETSTREAM_TAG_FINAL)
    return HWC_ERR_INVALID_ARG;
  if ((uint64_t)m_len > MAX_MLEN || m_len > SIZE_MAX - ABYTES) return HWC_ERR_TOO_LONG;
  if (*c_len < m_len + ABYTES) {
    *c_len = m_len + ABYTES;
    return HWC_ERR_INVALID_ARG;
  }
  if (c == NULL || overlap(c, m_len + ABYTES, m, m_len)) return HWC_ERR_INVALID_ARG;

  hwc_chacha_aead_kernels k = hwc_chacha_aead_selected();
  scratch sec;
  hwc_poly1305_ctx mac;
  uint8_t *body = c + 1; /* the message's ciphertext */
  size_t done;
  setup_state(sec.st, st, 0);
  if (m_len <= SHORT) {
    /* Key block, tag block and message in one call. */
    size_t nblocks = 2 + (m_len + 63) / 64;
    memset(sec.buf, 0, 64 * nblocks);
    sec.buf[64] = tag;
    if (m_len) memcpy(sec.buf + 128, m, m_len);
    k.chacha->xor_blocks(sec.buf, sec.buf, nblocks, sec.st);
    mac_start(&mac, sec.buf, ad, ad_len, &k);
    hwc_poly1305_update(&mac, sec.buf + 64, 64 + m_len);
    c[0] = sec.buf[64];
    if (m_len) memcpy(body, sec.buf + 128, m_len);
    done = m_len;
  } else {
    memset(sec.buf, 0, 128);
    sec.buf[64] = tag;
    k.chacha->xor_blocks(sec.buf, sec.buf, 2, sec.st); /* block counter now 2 */
    mac_start(&mac, sec.buf, ad, ad_len, &k);
    hwc_poly1305_update(&mac, sec.buf + 64, 64);
    c[0] = sec.buf[64];
    done = 0;
    if (k.pair->seal != NULL) {
      /* ad was padded and the tag block is 64 bytes, so mac holds no
       * partial block and the fused kernel can take over its state. The
       * counter runs from 2 and m_len <= MAX_MLEN: no wrap. */
      size_t nblocks = m_len / 64;
      size_t maced = k.pair->seal(body, m, nblocks, sec.st, (hwc_poly1305_state *)mac.state);
      hwc_poly1305_update(&mac, body + 16 * maced, 64 * nblocks - 16 * maced);
      done = 64 * nblocks;
    }
  }
  while (done < m_len) {
    size_t n = m_len - done < CHUNK ? m_len - done : CHUNK;
    hwc_chacha20_stream(k.chacha, body + done, m + done, n, sec.st, 0);
    hwc_poly1305_update(&mac, body + done, n);
    done += n;
  }
  mac_finish(&mac, ad_len, m_len, body + m_len);
  advance(st, body + m_len, tag & HWC_SECRETSTREAM_TAG_REKEY, k.chacha);
  *c_len = m_len + ABYTES;
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

/* Computes the MAC of the message c (c_len = mlen + 17) into sec->mac and
 * its decryption: the tag byte into *tag, the message into m, except that
 * a short one (mlen <= SHORT) stays in sec->buf + 128 until the caller has
 * checked the MAC. The state is not touched. */
static void open_message(scratch *sec, uint8_t *m, uint8_t *tag, const uint8_t *c, size_t mlen,
                         const uint8_t *ad, size_t ad_len, const hwc_secretstream_state *st,
                         const hwc_chacha_aead_kernels *k) {
  hwc_poly1305_ctx mac;
  const uint8_t *body = c + 1;
  size_t done;
  setup_state(sec->st, st, 0);
  if (mlen <= SHORT) {
    size_t nblocks = 2 + (mlen + 63) / 64;
    memset(sec->buf, 0, 64 * nblocks);
    sec->buf[64] = c[0];
    if (mlen) memcpy(sec->buf + 128, body, mlen);
    k->chacha->xor_blocks(sec->buf, sec->buf, nblocks, sec->st);
    /* The MAC covers the encrypted tag block: the received byte, then the
     * keystream that encrypted the 63 zero bytes. */
    *tag = sec->buf[64];
    sec->buf[64] = c[0];
    mac_start(&mac, sec->buf, ad, ad_len, k);
    hwc_poly1305_update(&mac, sec->buf + 64, 64);
    hwc_poly1305_update(&mac, body, mlen);
    done = mlen;
  } else {
    memset(sec->buf, 0, 128);
    sec->buf[64] = c[0];
    k->chacha->xor_blocks(sec->buf, sec->buf, 2, sec->st);
    *tag = sec->buf[64];
    sec->buf[64] = c[0];
    mac_start(&mac, sec->buf, ad, ad_len, k);
    hwc_poly1305_update(&mac, sec->buf + 64, 64);
    done = 0;
    if (k->pair->open != NULL) {
      /* As in push: mac holds no partial block; the kernel MACs all of
       * the ciphertext's full blocks and decrypts them. */
      size_t nblocks = mlen / 64;
      k->pair->open(m, body, nblocks, sec->st, (hwc_poly1305_state *)mac.state);
      done = 64 * nblocks;
    }
  }
  while (done < mlen) {
    size_t n = mlen - done < CHUNK ? mlen - done : CHUNK;
    hwc_poly1305_update(&mac, body + done, n);
    hwc_chacha20_stream(k->chacha, m + done, body + done, n, sec->st, 0);
    done += n;
  }
  mac_finish(&mac, ad_len, mlen, sec->mac);
}

/* pull without the tag output: the checks, then the message. *t is the
 * tag byte on success. */
static int pull_checked(hwc_secretstream_state *st, uint8_t *m, size_t *m_len, uint8_t *t, const uint8_t *c,
                        size_t c_len, const uint8_t *ad, size_t ad_len) {
  if (st == NULL || m_len == NULL || c == NULL || (ad == NULL && ad_len != 0) || c_len < ABYTES)
    return HWC_ERR_INVALID_ARG;
  size_t mlen = c_len - ABYTES;
  if ((uint64_t)mlen > MAX_MLEN) return HWC_ERR_TOO_LONG;
  if (*m_len < mlen) {
    *m_len = mlen;
    return HWC_ERR_INVALID_ARG;
  }
  if ((m == NULL && mlen != 0) || overlap(m, mlen, c, c_len)) return HWC_ERR_INVALID_ARG;

  hwc_chacha_aead_kernels k = hwc_chacha_aead_selected();
  scratch sec;
  /* A long message is decrypted into m in the same pass as its MAC (the
   * fused open), so m holds it before the check: a forgery's bytes are
   * wiped below, before return. The state changes only after the check. */
  open_message(&sec, m, t, c, mlen, ad, ad_len, st, &k);
  int ok = hwc_memequal(sec.mac, c + 1 + mlen, 16);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  if (!ok) {
    if (mlen) hwc_memzero(m, mlen);
    *m_len = 0;
    hwc_memzero(&sec, sizeof sec);
    return HWC_ERR_AUTH;
  }
  if (mlen && mlen <= SHORT) memcpy(m, sec.buf + 128, mlen);
  /* Any tag byte is accepted, as libsodium does: only its REKEY bit acts,
   * and the caller gets all of it. It is the caller's output now. */
  HWC_DECLASSIFY(t, 1);
  advance(st, sec.mac, *t & HWC_SECRETSTREAM_TAG_REKEY, k.chacha);
  *m_len = mlen;
  hwc_memzero(&sec, sizeof sec);
  return HWC_OK;
}

int hwc_secretstream_pull(hwc_secretstream_state *st, uint8_t *m, size_t *m_len, uint8_t *tag, const uint8_t *c,
                          size_t c_len, const uint8_t *ad, size_t ad_len) {
  HWC_DIT_SCOPE();
  uint8_t t = 0;
  int err = pull_checked(st, m, m_len, &t, c, c_len, ad, ad_len);
  /* Written last (tag might even point into c), and 0 on every error, so
   * a failed pull never leaves a tag that looks like FINAL behind. */
  if (tag != NULL) *tag = err == HWC_OK ? t : 0;
  hwc_memzero(&t, sizeof t);
  return err;
}

void hwc_secretstream_rekey(hwc_secretstream_state *st) {
  HWC_DIT_SCOPE();
  if (st == NULL) return;
  rekey_with(st, hwc_chacha_aead_selected().chacha);
}

void hwc_secretstream_wipe(hwc_secretstream_state *st) {
  if (st != NULL) hwc_memzero(st, sizeof *st);
}
