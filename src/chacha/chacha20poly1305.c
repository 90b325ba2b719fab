/* SPDX-License-Identifier: ISC */
/* ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2.3): one-time key derivation, the MAC
 * input layout (aad, padding, ciphertext, padding, lengths), constant-time
 * tag check, for every chacha20-poly1305 entry (src/kernels.h). The full
 * blocks go through the entry's fused seal/open when it has one;
 * otherwise (under "separate", and when opening with an entry that has no
 * fused open) the members' encryption and MAC run chunk by chunk, so that
 * each piece of ciphertext is still in L1 when Poly1305 reads it. */
#include "chacha20_internal.h"

/* Large enough to amortise the kernel calls, small enough to stay in L1. */
#define CHUNK 4096
/* Up to this many bytes, the key block and the message go to the kernel in
 * one call (three message blocks: a wide kernel's short path does four). */
#define SHORT 192

static const uint8_t zeros[16];

/* The most blocks a key_and_blocks call takes here: the widest kernel's
 * step (avx512: sixteen). */
#define KEY_RUN_MAX 16

/* out = in XOR ks over n bytes, eight at a time (out == in allowed: each
 * word is read before it is written). A byte loop through the context
 * ran at a byte per cycle: out might alias the context, so the compiler
 * reloaded the index at every byte. */
static inline void xor_keystream(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t a, b;
    memcpy(&a, in + i, 8);
    memcpy(&b, ks + i, 8);
    a ^= b;
    memcpy(out + i, &a, 8);
  }
  for (; i < n; i++) out[i] = in[i] ^ ks[i];
}

/* The first `head` blocks of a message beside the one-time key (block 0
 * into key), in -> out, when the MAC cannot be keyed before: encrypting,
 * straight into out (the MAC reads it afterwards); decrypting, into buf,
 * since the MAC must read the ciphertext first and out may be in. Then
 * key_head_done, once the MAC has its key, the AAD and its padding. */
static inline void key_head(const hwc_chacha20_kernel *k, uint8_t key[64], uint8_t *buf, uint8_t *out,
                            const uint8_t *in, size_t head, uint32_t st[16], int decrypt) {
  k->key_and_blocks(key, decrypt ? buf : out, in, head, st);
}
static inline void key_head_done(hwc_poly1305_ctx *mac, uint8_t *buf, uint8_t *out, const uint8_t *in, size_t head,
                                 int decrypt) {
  hwc_poly1305_update(mac, decrypt ? in : out, 64 * head);
  if (decrypt) {
    memcpy(out, buf, 64 * head);
    hwc_memzero(buf, 64 * head);
  }
}

/* Poly1305 over aad || pad16 and the lengths block come from here. */
static void mac_pad(hwc_poly1305_ctx *mac, size_t len) {
  if (len % 16) hwc_poly1305_update(mac, zeros, 16 - len % 16);
}

static void mac_lengths(hwc_poly1305_ctx *mac, uint64_t aad_len, uint64_t len, uint8_t tag[16]) {
  uint8_t lens[16];
  hwc_store64_le(lens, (uint64_t)aad_len);
  hwc_store64_le(lens + 8, (uint64_t)len);
  hwc_poly1305_update(mac, lens, 16);
  hwc_poly1305_final(mac, tag);
}

/* len bytes in -> out from the block counter in st (advanced), with
 * Poly1305 over the ciphertext into mac, which must hold no partial block
 * (so the fused kernels can take over its state): the entry's fused step
 * for the whole blocks when it has one for this direction, then the
 * members over L1-sized chunks. A partial last block uses up its
 * keystream block. The caller keeps the counter from wrapping. */
static void aead_bulk(const hwc_chacha20_poly1305_kernel *pair, const hwc_chacha20_kernel *k, uint8_t *out,
                      const uint8_t *in, size_t len, uint32_t st[16], hwc_poly1305_ctx *mac, int decrypt) {
  size_t done = 0;
  if (len >= 64 && (decrypt ? pair->open != NULL : pair->seal != NULL)) {
    size_t nblocks = len / 64;
    hwc_poly1305_state *mst = (hwc_poly1305_state *)mac->state;
    if (decrypt) {
      pair->open(out, in, nblocks, st, mst);
    } else {
      size_t maced = pair->seal(out, in, nblocks, st, mst);
      hwc_poly1305_update(mac, out + 16 * maced, 64 * nblocks - 16 * maced);
    }
    done = 64 * nblocks;
  }
  while (done < len) {
    size_t n = len - done < CHUNK ? len - done : CHUNK;
    if (decrypt) hwc_poly1305_update(mac, in + done, n);
    hwc_chacha20_stream(k, out + done, in + done, n, st, 0);
    if (!decrypt) hwc_poly1305_update(mac, out + done, n);
    done += n;
  }
}

/* Encrypts (decrypt == 0) or decrypts in -> out and computes the tag over
 * aad and the ciphertext. */
static void aead(uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len, const uint8_t *aad,
                 size_t aad_len, const uint8_t nonce[12], const uint8_t key[32], int decrypt) {
  const hwc_chacha_aead_kernels sel = hwc_chacha_aead_selected();
  const hwc_chacha20_poly1305_kernel *pair = sel.pair;
  const hwc_chacha20_kernel *k = sel.chacha;
  const hwc_poly1305_kernel *p = sel.poly;
  uint32_t st[16];
  uint8_t block0[64] = {0};
  hwc_poly1305_ctx mac;

  hwc_chacha20_setup(st, key, 0, hwc_load32_le(nonce), hwc_load32_le(nonce + 4), hwc_load32_le(nonce + 8));
  if (len <= SHORT) {
    /* One kernel call for the key block and the message: the wide
     * kernels run these blocks side by side instead of one by one. */
    uint8_t buf[64 + SHORT];
    size_t nblocks = 1 + (len + 63) / 64;
    memset(buf, 0, 64 * nblocks);
    if (len) memcpy(buf + 64, in, len);
    k->xor_blocks(buf, buf, nblocks, st);
    hwc_poly1305_init_with(&mac, buf, p);
    hwc_poly1305_update(&mac, aad, aad_len);
    mac_pad(&mac, aad_len);
    hwc_poly1305_update(&mac, decrypt ? in : buf + 64, len);
    if (len) memcpy(out, buf + 64, len);
    hwc_memzero(buf, sizeof buf);
  } else if (k->key_and_blocks) {
    /* The one-time key beside the first blocks (key_and_blocks). */
    uint8_t buf[64 * KEY_RUN_MAX];
    size_t head = len / 64 < k->key_blocks_max ? len / 64 : k->key_blocks_max;
    if (head > KEY_RUN_MAX) head = KEY_RUN_MAX;
    key_head(k, block0, buf, out, in, head, st, decrypt);
    hwc_poly1305_init_with(&mac, block0, p);
    hwc_memzero(block0, sizeof block0);
    hwc_poly1305_update(&mac, aad, aad_len);
    mac_pad(&mac, aad_len);
    key_head_done(&mac, buf, out, in, head, decrypt);
    out += 64 * head, in += 64 * head;
    aead_bulk(pair, k, out, in, len - 64 * head, st, &mac, decrypt);
  } else {
    k->xor_blocks(block0, block0, 1, st); /* the one-time key; counter is now 1 */
    hwc_poly1305_init_with(&mac, block0, p);
    hwc_memzero(block0, sizeof block0);
    hwc_poly1305_update(&mac, aad, aad_len);
    mac_pad(&mac, aad_len);
    aead_bulk(pair, k, out, in, len, st, &mac, decrypt);
  }
  mac_pad(&mac, len);
  mac_lengths(&mac, aad_len, len, tag);
  hwc_memzero(st, sizeof st);
}

/* 2^32 - 1 blocks of 64 bytes after the key block. */
#define MAX_LEN (((uint64_t)1 << 32) - 1) * 64

static int check_args(const uint8_t *out, const uint8_t *tag, const uint8_t *in, size_t len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *nonce, const uint8_t *key) {
  if (((out == NULL || in == NULL) && len != 0) || (aad == NULL && aad_len != 0) || tag == NULL ||
      nonce == NULL || key == NULL)
    return HWC_ERR_INVALID_ARG;
  if (hwc_partial_overlap(out, in, len)) return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > MAX_LEN) return HWC_ERR_TOO_LONG;
  return HWC_OK;
}

int hwc_chacha20poly1305_encrypt(uint8_t *ct, uint8_t tag[16], const uint8_t *pt, size_t len,
                                 const uint8_t *aad, size_t aad_len, const uint8_t nonce[12],
                                 const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_args(ct, tag, pt, len, aad, aad_len, nonce, key);
  if (err) return err;
  aead(ct, tag, pt, len, aad, aad_len, nonce, key, 0);
  return HWC_OK;
}

static int open_checked(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                        const uint8_t *aad, size_t aad_len, const uint8_t nonce[12], const uint8_t key[32]) {
  uint8_t want[16];
  aead(pt, want, ct, len, aad, aad_len, nonce, key, 1);
  int ok = hwc_memequal(want, tag, 16);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  hwc_memzero(want, sizeof want);
  if (!ok) {
    /* Never release plaintext of a forgery. */
    if (len) hwc_memzero(pt, len);
    return HWC_ERR_AUTH;
  }
  return HWC_OK;
}

int hwc_chacha20poly1305_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                                 const uint8_t *aad, size_t aad_len, const uint8_t nonce[12],
                                 const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_args(pt, tag, ct, len, aad, aad_len, nonce, key);
  if (err) return err;
  return open_checked(pt, ct, len, tag, aad, aad_len, nonce, key);
}

/* XChaCha20-Poly1305 = ChaCha20-Poly1305 under HChaCha20(key, nonce[0..15])
 * with the 12-byte nonce 0^4 || nonce[16..23]. */
static void xsetup(uint8_t subkey[32], uint8_t n12[12], const uint8_t nonce[24], const uint8_t key[32]) {
  hwc_hchacha20(subkey, key, nonce);
  memset(n12, 0, 4);
  memcpy(n12 + 4, nonce + 16, 8);
}

int hwc_xchacha20poly1305_encrypt(uint8_t *ct, uint8_t tag[16], const uint8_t *pt, size_t len,
                                  const uint8_t *aad, size_t aad_len, const uint8_t nonce[24],
                                  const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_args(ct, tag, pt, len, aad, aad_len, nonce, key);
  if (err) return err;
  uint8_t subkey[32], n12[12];
  xsetup(subkey, n12, nonce, key);
  aead(ct, tag, pt, len, aad, aad_len, n12, subkey, 0);
  hwc_memzero(subkey, sizeof subkey);
  return HWC_OK;
}

int hwc_xchacha20poly1305_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[16],
                                  const uint8_t *aad, size_t aad_len, const uint8_t nonce[24],
                                  const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  int err = check_args(pt, tag, ct, len, aad, aad_len, nonce, key);
  if (err) return err;
  uint8_t subkey[32], n12[12];
  xsetup(subkey, n12, nonce, key);
  err = open_checked(pt, ct, len, tag, aad, aad_len, n12, subkey);
  hwc_memzero(subkey, sizeof subkey);
  return err;
}

/* ---- In pieces (0.3). The context holds the ChaCha20 state (key, counter,
 * nonce), the Poly1305 context (which carries a partial 16-byte block
 * itself) and keystream made ahead, so a piece may end anywhere: the runs
 * of RUN bytes in the middle of each piece go through aead_bulk (the
 * entry's fused step included) straight between the caller's buffers, and
 * the bytes after the last run take keystream made a whole KS_AHEAD at a
 * time, the width at which the vector kernels run their fastest path (a
 * kernel asked for fewer blocks takes a narrower one, so keystream made
 * per piece would run the narrow path every time: docs/aead-pairs.md).
 * The entry and its chacha20 member are fixed at start (the poly1305
 * member is recorded by the MAC context), so a selection change
 * mid-message cannot mix backends. */

/* The runs handed to aead_bulk: sixteen blocks, the widest fused step
 * (avx512) and a multiple of the others. */
#define RUN 1024
/* Keystream made ahead: thirty-two blocks, the widest kernel's long-run
 * step (avx512's two interleaved sets of sixteen). */
#define KS_AHEAD 2048
_Static_assert(sizeof(((hwc_chacha20poly1305_ctx *)0)->ks_) == KS_AHEAD, "ks_ holds one run of keystream");
/* A tail shorter than this takes only the blocks it needs: a short last
 * piece would otherwise pay for a whole run. */
#define KS_AHEAD_MIN 256

/* Without a fused step the cipher and the MAC run apart, and the MAC takes
 * the ciphertext in whole steps of MACQ bytes, the rest waiting in macq_:
 * about one call per KiB whatever the cut. A vector Poly1305 kernel pays a
 * fixed cost per call to set up and fold its lanes (about as much as a
 * quarter KiB of MAC) and takes the blocks beyond its lanes' step in
 * scalar code, so the three calls a piece would make (the head from the
 * keystream made ahead, the runs, the tail) cost more than the lanes
 * save. */
#define MACQ 1024
_Static_assert(sizeof(((hwc_chacha20poly1305_ctx *)0)->macq_) == MACQ, "macq_ holds one MAC step");

/* phase_: 0 is "not started" (a zero-initialised or finished context).
 * CP_NOKEY: the one-time key is not made yet, and the AAD so far waits in
 * macq_ (see key_begin). */
enum { CP_AAD = 1, CP_DATA = 2, CP_DECRYPT = 4, CP_NOKEY = 8 };

/* Every field is set here, but not the buffers ks_ and macq_: nothing
 * reads them beyond what ks_len_ and macq_len_ say was written, and
 * zeroing their 3 KiB cost more than the rest of a 1 KiB message's
 * overhead (a TLS record is one start). finish still wipes everything.
 * The one-time key waits for the first data (key_begin). */
static void stream_start(hwc_chacha20poly1305_ctx *c, int encrypt, const uint8_t nonce[12], const uint8_t key[32]) {
  const hwc_chacha_aead_kernels sel = hwc_chacha_aead_selected();
  hwc_chacha20_setup(c->state_, key, 0, hwc_load32_le(nonce), hwc_load32_le(nonce + 4), hwc_load32_le(nonce + 8));
  c->aad_len_ = c->len_ = 0;
  c->ks_len_ = c->ks_used_ = c->macq_len_ = 0;
  c->pair_ = sel.pair;
  c->chacha_ = sel.chacha;
  c->poly_ = sel.poly;
  c->phase_ = CP_AAD | CP_NOKEY | (encrypt ? 0 : CP_DECRYPT);
}

/* The one-time key waits for the first data or the tag, and the AAD
 * until then in macq_: at start nothing says whether data follows, and
 * with data a kernel that has key_and_blocks runs the key block beside
 * the message's first whole blocks, where a lone block costs about as
 * much as the kernel's widest step and beside them nearly nothing.
 *
 * key_begin makes the key into otk: for a first piece of len bytes with
 * whole blocks, beside up to key_blocks_max of them (key_head: written
 * to out encrypting, to ks_ decrypting) and returns their bytes; for a
 * shorter one, beside keystream made ahead into ks_; with no data
 * (len 0) or no key_and_blocks, alone. key_keyed then keys the MAC and
 * gives it the AAD waiting. */
static size_t key_begin(hwc_chacha20poly1305_ctx *c, uint8_t otk[64], uint8_t *out, const uint8_t *in, size_t len) {
  static const uint8_t zero_run[64 * KEY_RUN_MAX];
  const hwc_chacha20_kernel *k = c->chacha_;
  if (!len || !k->key_and_blocks) {
    memset(otk, 0, 64);
    k->xor_blocks(otk, otk, 1, c->state_); /* the counter is now 1 */
    return 0;
  }
  size_t max = k->key_blocks_max < KEY_RUN_MAX ? k->key_blocks_max : KEY_RUN_MAX;
  size_t head = len / 64 < max ? len / 64 : max;
  if (head) {
    key_head(k, otk, c->ks_, out, in, head, c->state_, (c->phase_ & CP_DECRYPT) != 0);
  } else {
    k->key_and_blocks(otk, c->ks_, zero_run, max, c->state_);
    c->ks_len_ = (unsigned)(64 * max);
    c->ks_used_ = 0;
  }
  return 64 * head;
}

static void key_keyed(hwc_chacha20poly1305_ctx *c, uint8_t otk[64]) {
  hwc_poly1305_init_with(&c->mac_, otk, c->poly_);
  hwc_memzero(otk, 64);
  hwc_poly1305_update(&c->mac_, c->macq_, c->macq_len_);
  c->macq_len_ = 0;
  c->phase_ &= ~CP_NOKEY;
}

/* The key with no data (AAD beyond macq_, or the tag). */
static void key_alone(hwc_chacha20poly1305_ctx *c) {
  uint8_t otk[64];
  key_begin(c, otk, NULL, NULL, 0);
  key_keyed(c, otk);
}

int hwc_chacha20poly1305_start(hwc_chacha20poly1305_ctx *c, int encrypt, const uint8_t nonce[12],
                               const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  if (!c || !nonce || !key) return HWC_ERR_INVALID_ARG;
  stream_start(c, encrypt, nonce, key);
  return HWC_OK;
}

int hwc_xchacha20poly1305_start(hwc_chacha20poly1305_ctx *c, int encrypt, const uint8_t nonce[24],
                                const uint8_t key[32]) {
  HWC_DIT_SCOPE();
  if (!c || !nonce || !key) return HWC_ERR_INVALID_ARG;
  uint8_t subkey[32], n12[12];
  xsetup(subkey, n12, nonce, key);
  stream_start(c, encrypt, n12, subkey);
  hwc_memzero(subkey, sizeof subkey);
  return HWC_OK;
}

int hwc_chacha20poly1305_aad(hwc_chacha20poly1305_ctx *c, const uint8_t *aad, size_t len) {
  HWC_DIT_SCOPE();
  if (!c || !(c->phase_ & CP_AAD) || (len && !aad)) return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > UINT64_MAX - c->aad_len_) return HWC_ERR_TOO_LONG;
  if (!len) return HWC_OK; /* aad may be NULL then */
  if ((c->phase_ & CP_NOKEY) && len <= MACQ - c->macq_len_) {
    memcpy(c->macq_ + c->macq_len_, aad, len); /* finish wipes it with the rest of the context */
    c->macq_len_ += (unsigned)len;
    c->aad_len_ += len;
    return HWC_OK;
  }
  if (c->phase_ & CP_NOKEY) key_alone(c);
  c->aad_len_ += len;
  hwc_poly1305_update(&c->mac_, aad, len);
  return HWC_OK;
}

/* XORs n bytes of the keystream made ahead into in -> out, the
 * ciphertext into the MAC (read before out == in overwrites it). */
static inline void stream_xor(hwc_chacha20poly1305_ctx *c, uint8_t *out, const uint8_t *in, size_t n) {
  if (c->phase_ & CP_DECRYPT) hwc_poly1305_update(&c->mac_, in, n);
  xor_keystream(out, in, c->ks_ + c->ks_used_, n);
  if (!(c->phase_ & CP_DECRYPT)) hwc_poly1305_update(&c->mac_, out, n);
  c->ks_used_ += (unsigned)n;
}

/* Makes keystream ahead for the last `rest` bytes of a piece (at a block
 * boundary, the previous run used up): KS_AHEAD bytes, or only the blocks
 * needed below KS_AHEAD_MIN, and never past the last counter value (len_
 * counts whole blocks of keystream so far and stays within MAX_LEN, so at
 * least ceil(rest / 64) blocks are left). */
static void make_ahead(hwc_chacha20poly1305_ctx *c, size_t rest) {
  static const uint8_t zero_run[KS_AHEAD];
  uint64_t left = MAX_LEN / 64 - c->len_ / 64;
  size_t want = rest < KS_AHEAD_MIN ? (rest + 63) / 64 : KS_AHEAD / 64;
  size_t nblocks = (uint64_t)want < left ? want : (size_t)left;
  const hwc_chacha20_kernel *k = c->chacha_;
  k->xor_blocks(c->ks_, zero_run, nblocks, c->state_);
  c->ks_len_ = (unsigned)(64 * nblocks);
  c->ks_used_ = 0;
}

static void mac_queue(hwc_chacha20poly1305_ctx *c, const uint8_t *p, size_t n) {
  if (c->macq_len_) {
    size_t t = n < MACQ - c->macq_len_ ? n : MACQ - c->macq_len_;
    memcpy(c->macq_ + c->macq_len_, p, t);
    c->macq_len_ += (unsigned)t;
    p += t, n -= t;
    if (c->macq_len_ < MACQ) return;
    hwc_poly1305_update(&c->mac_, c->macq_, MACQ);
    c->macq_len_ = 0;
  }
  size_t whole = n - n % MACQ;
  if (whole) hwc_poly1305_update(&c->mac_, p, whole);
  memcpy(c->macq_, p + whole, n - whole);
  c->macq_len_ = (unsigned)(n - whole);
}

/* What waits in macq_, into the MAC before anything after it. */
static void mac_flush(hwc_chacha20poly1305_ctx *c) {
  if (c->macq_len_) hwc_poly1305_update(&c->mac_, c->macq_, c->macq_len_);
  c->macq_len_ = 0;
}

/* The cipher alone over n bytes: the keystream made ahead, whole runs of
 * `step` bytes (RUN, or 64 in the piece that keyed the MAC: see update)
 * straight from in to out, the last bytes from new keystream made ahead. */
static void stream_cipher(hwc_chacha20poly1305_ctx *c, uint8_t *out, const uint8_t *in, size_t n, size_t step) {
  size_t t = c->ks_len_ - c->ks_used_ < n ? c->ks_len_ - c->ks_used_ : n;
  xor_keystream(out, in, c->ks_ + c->ks_used_, t);
  c->ks_used_ += (unsigned)t;
  c->len_ += t;
  if (t == n) return;
  out += t, in += t, n -= t;
  size_t runs = n - n % step, rest = n % step;
  if (runs) {
    const hwc_chacha20_kernel *k = c->chacha_;
    k->xor_blocks(out, in, runs / 64, c->state_);
    c->len_ += runs;
  }
  if (rest) {
    make_ahead(c, rest);
    xor_keystream(out + runs, in + runs, c->ks_, rest);
    c->ks_used_ = (unsigned)rest;
    c->len_ += rest;
  }
}

int hwc_chacha20poly1305_update(hwc_chacha20poly1305_ctx *c, uint8_t *out, const uint8_t *in, size_t len) {
  HWC_DIT_SCOPE();
  if (!c || !(c->phase_ & (CP_AAD | CP_DATA)) || (len && (!out || !in)) || hwc_partial_overlap(out, in, len))
    return HWC_ERR_INVALID_ARG;
  if ((uint64_t)len > MAX_LEN - c->len_) return HWC_ERR_TOO_LONG;
  size_t head = 0;
  if (c->phase_ & CP_NOKEY) {
    uint8_t otk[64];
    head = key_begin(c, otk, out, in, len);
    key_keyed(c, otk);
  }
  if (c->phase_ & CP_AAD) {
    mac_pad(&c->mac_, (size_t)(c->aad_len_ % 16));
    c->phase_ = (c->phase_ & CP_DECRYPT) | CP_DATA;
  }
  /* The piece that keyed the MAC beside its first blocks is most often the
   * whole message (a TLS record): all its whole blocks after those go
   * through the bulk step, not runs of RUN, or a record a little longer
   * than the key's blocks would make a whole KS_AHEAD of keystream for
   * its tail and use a fraction of it. */
  size_t step = head ? 64 : RUN;
  if (head) {
    key_head_done(&c->mac_, c->ks_, out, in, head / 64, (c->phase_ & CP_DECRYPT) != 0);
    c->len_ += head;
    out += head, in += head, len -= head;
  }
  if (!len) return HWC_OK;
  int decrypt = (c->phase_ & CP_DECRYPT) != 0;
  const hwc_chacha20_poly1305_kernel *pair = c->pair_;
  if (!(decrypt ? pair->open != NULL : pair->seal != NULL)) {
    /* Chunks stay in L1 between the two passes. */
    for (size_t done = 0, n; done < len; done += n) {
      n = len - done < CHUNK ? len - done : CHUNK;
      if (decrypt) mac_queue(c, in + done, n);
      stream_cipher(c, out + done, in + done, n, step);
      if (!decrypt) mac_queue(c, out + done, n);
    }
    return HWC_OK;
  }
  if (c->ks_used_ < c->ks_len_) {
    size_t t = len < c->ks_len_ - c->ks_used_ ? len : c->ks_len_ - c->ks_used_;
    stream_xor(c, out, in, t);
    c->len_ += t;
    in += t, out += t, len -= t;
    if (!len) return HWC_OK;
  }
  /* At a block boundary (the keystream made ahead is used up): the MAC has
   * absorbed aad padded to 16 and a multiple of 64 bytes of ciphertext, so
   * it holds no partial block. */
  size_t runs = len - len % step, rest = len % step;
  aead_bulk(pair, c->chacha_, out, in, runs, c->state_, &c->mac_, decrypt);
  c->len_ += runs;
  if (rest) {
    make_ahead(c, rest);
    stream_xor(c, out + runs, in + runs, rest);
    c->len_ += rest;
  }
  return HWC_OK;
}

/* The tag over the padded ciphertext and the lengths; wipes c. */
static void stream_tag(hwc_chacha20poly1305_ctx *c, uint8_t tag[16]) {
  if (c->phase_ & CP_NOKEY) key_alone(c);
  if (c->phase_ & CP_AAD) mac_pad(&c->mac_, (size_t)(c->aad_len_ % 16));
  mac_flush(c);
  mac_pad(&c->mac_, (size_t)(c->len_ % 16));
  mac_lengths(&c->mac_, c->aad_len_, c->len_, tag);
  hwc_memzero(c, sizeof *c);
}

int hwc_chacha20poly1305_finish(hwc_chacha20poly1305_ctx *c, uint8_t tag[16]) {
  HWC_DIT_SCOPE();
  if (!c || !tag || !c->phase_ || (c->phase_ & CP_DECRYPT)) return HWC_ERR_INVALID_ARG;
  stream_tag(c, tag);
  return HWC_OK;
}

int hwc_chacha20poly1305_finish_verify(hwc_chacha20poly1305_ctx *c, const uint8_t tag[16]) {
  HWC_DIT_SCOPE();
  if (!c || !tag || !(c->phase_ & CP_DECRYPT)) return HWC_ERR_INVALID_ARG;
  uint8_t want[16];
  stream_tag(c, want);
  int ok = hwc_memequal(want, tag, 16);
  HWC_DECLASSIFY(&ok, sizeof ok); /* accept or reject is the caller's answer */
  hwc_memzero(want, sizeof want);
  return ok ? HWC_OK : HWC_ERR_AUTH;
}
