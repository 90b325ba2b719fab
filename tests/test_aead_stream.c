/* SPDX-License-Identifier: ISC */
/* The AEADs in pieces (0.3): AES-GCM (128/192/256), ChaCha20-Poly1305 and
 * XChaCha20-Poly1305 contexts against the one-shot functions under the same
 * entry, for every supported pair entry and member combination: lengths
 * around the block (16, 64), the fused entries' stride and the one-shot's
 * short path, cut into 1-byte, 16-byte, stride - 1, 1000-byte, 1 KiB and
 * random pieces with empty updates between, additional data cut too, in
 * place and apart, every tag length; the fused bulk step running for
 * whole strides whatever the cut; copies forking; the call-order rules
 * with a refused call leaving the context unchanged; the length limits. */
#include <stdlib.h>

#include "aead_pairs.h"

enum { K_GCM, K_CHACHA, K_XCHACHA };
static const char *const kind_name[3] = {"aes-gcm", "chacha20-poly1305", "xchacha20-poly1305"};

/* One message and its key, for either AEAD. */
typedef struct {
  int kind;
  const hwc_aes_gcm_key *gkey; /* K_GCM */
  uint8_t key[32];             /* K_CHACHA, K_XCHACHA */
  uint8_t nonce[40];
  size_t nonce_len, tag_len;
  const uint8_t *aad;
  size_t aad_len;
} msg_params;

typedef union {
  hwc_aes_gcm_ctx g;
  hwc_chacha20poly1305_ctx c;
} any_ctx;

static int s_start(any_ctx *c, const msg_params *m, int encrypt) {
  if (m->kind == K_GCM) return hwc_aes_gcm_start(&c->g, encrypt, m->nonce, m->nonce_len, m->gkey);
  if (m->kind == K_CHACHA) return hwc_chacha20poly1305_start(&c->c, encrypt, m->nonce, m->key);
  return hwc_xchacha20poly1305_start(&c->c, encrypt, m->nonce, m->key);
}

static int s_aad(any_ctx *c, int kind, const uint8_t *p, size_t n) {
  return kind == K_GCM ? hwc_aes_gcm_aad(&c->g, p, n) : hwc_chacha20poly1305_aad(&c->c, p, n);
}

static int s_update(any_ctx *c, int kind, uint8_t *out, const uint8_t *in, size_t n) {
  return kind == K_GCM ? hwc_aes_gcm_update(&c->g, out, in, n) : hwc_chacha20poly1305_update(&c->c, out, in, n);
}

static int s_finish(any_ctx *c, int kind, uint8_t *tag, size_t tag_len) {
  return kind == K_GCM ? hwc_aes_gcm_finish(&c->g, tag, tag_len) : hwc_chacha20poly1305_finish(&c->c, tag);
}

static int s_verify(any_ctx *c, int kind, const uint8_t *tag, size_t tag_len) {
  return kind == K_GCM ? hwc_aes_gcm_finish_verify(&c->g, tag, tag_len)
                       : hwc_chacha20poly1305_finish_verify(&c->c, tag);
}

static int oneshot_seal(const msg_params *m, uint8_t *ct, uint8_t *tag, const uint8_t *pt, size_t len) {
  if (m->kind == K_GCM)
    return hwc_aes_gcm_encrypt(ct, tag, m->tag_len, pt, len, m->aad, m->aad_len, m->nonce, m->nonce_len, m->gkey);
  if (m->kind == K_CHACHA) return hwc_chacha20poly1305_encrypt(ct, tag, pt, len, m->aad, m->aad_len, m->nonce, m->key);
  return hwc_xchacha20poly1305_encrypt(ct, tag, pt, len, m->aad, m->aad_len, m->nonce, m->key);
}

/* The bytes of the union that kind's context occupies. */
static size_t ctx_size(int kind) { return kind == K_GCM ? sizeof(hwc_aes_gcm_ctx) : sizeof(hwc_chacha20poly1305_ctx); }

static int all_zero(const void *p, size_t n) {
  const uint8_t *b = p;
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= b[i];
  return acc == 0;
}

/* ---- cuts: the length of the next piece, given what is left. */
enum { CUT_WHOLE, CUT_1, CUT_16, CUT_STRIDE_LESS_1, CUT_1000, CUT_1K, CUT_3500, CUT_RANDOM, CUT_MODES };
static const char *const cut_name[CUT_MODES] = {"whole", "1-byte", "16-byte", "stride-1", "1000-byte", "1 KiB",
                                                "3500-byte", "random"};

static size_t next_piece(int mode, size_t left, size_t stride_bytes) {
  size_t n;
  switch (mode) {
  case CUT_WHOLE: n = left; break;
  case CUT_1: n = 1; break;
  case CUT_16: n = 16; break;
  case CUT_STRIDE_LESS_1: n = stride_bytes - 1; break;
  case CUT_1000: n = 1000; break;
  case CUT_1K: n = 1024; break;
  case CUT_3500: n = 3500; break;
  default: n = t_rand_below(3 * stride_bytes + 2); break; /* 0 included */
  }
  return n < left ? n : left;
}

/* Feeds aad in random pieces (1-byte ones among them), then the message
 * cut by mode, with an empty update now and then; returns the status of
 * the finish call. */
static int run_stream(const msg_params *m, int encrypt, int mode, size_t stride_bytes, uint8_t *out, const uint8_t *in,
                      size_t len, uint8_t *tag) {
  any_ctx c;
  CHECK(s_start(&c, m, encrypt) == HWC_OK);
  for (size_t a = 0; a < m->aad_len;) {
    size_t n = t_rand_below(2) ? 1 : t_rand_below(m->aad_len - a + 1);
    CHECK(s_aad(&c, m->kind, m->aad + a, n) == HWC_OK);
    a += n;
  }
  for (size_t done = 0; done < len;) {
    size_t n = next_piece(mode, len - done, stride_bytes);
    CHECK(s_update(&c, m->kind, out + done, in + done, n) == HWC_OK);
    if (t_rand_below(8) == 0) CHECK(s_update(&c, m->kind, out + done + n, in + done + n, 0) == HWC_OK);
    done += n;
  }
  if (t_rand_below(2)) CHECK(s_update(&c, m->kind, out, in, 0) == HWC_OK);
  int r = encrypt ? s_finish(&c, m->kind, tag, m->tag_len) : s_verify(&c, m->kind, tag, m->tag_len);
  CHECK_MSG(all_zero(&c, ctx_size(m->kind)), "%s: the context is not wiped after finish", kind_name[m->kind]);
  return r;
}

typedef struct {
  uint8_t *pt, *ct, *out;
  size_t cap;
  size_t cases; /* messages checked in every cut */
} bufs;

/* One message in every cut mode, both directions, in place half the time. */
static void check_message(const char *label, const msg_params *m, size_t len, size_t stride_bytes, bufs *b) {
  uint8_t want[16], tag[16];
  t_rand_bytes(b->pt, len);
  CHECK(oneshot_seal(m, b->ct, want, b->pt, len) == HWC_OK);
  for (int mode = 0; mode < CUT_MODES; mode++) {
    if (mode == CUT_1 && len > (t_quick() ? 600 : 5000)) continue;
    int inplace = (int)t_rand_below(2);
    if (inplace) memcpy(b->out, b->pt, len);
    memset(tag, 0, sizeof tag);
    CHECK(run_stream(m, 1, mode, stride_bytes, b->out, inplace ? b->out : b->pt, len, tag) == HWC_OK);
    CHECK_MSG(memcmp(b->out, b->ct, len) == 0 && memcmp(tag, want, m->tag_len) == 0,
              "%s %s: %zu bytes (aad %zu, nonce %zu, tag %zu) sealed in %s pieces%s differs from the one-shot", label,
              kind_name[m->kind], len, m->aad_len, m->nonce_len, m->tag_len, cut_name[mode],
              inplace ? " in place" : "");
    if (inplace) memcpy(b->out, b->ct, len);
    CHECK_MSG(run_stream(m, 0, mode, stride_bytes, b->out, inplace ? b->out : b->ct, len, want) == HWC_OK &&
                  memcmp(b->out, b->pt, len) == 0,
              "%s %s: %zu bytes opened in %s pieces%s", label, kind_name[m->kind], len, cut_name[mode],
              inplace ? " in place" : "");
  }
  /* A wrong tag fails at finish_verify (the caller discards the output). */
  uint8_t bad[16];
  memcpy(bad, want, 16);
  bad[t_rand_below(m->tag_len)] ^= (uint8_t)(1u << t_rand_below(8));
  CHECK_MSG(run_stream(m, 0, CUT_RANDOM, stride_bytes, b->out, b->ct, len, bad) == HWC_ERR_AUTH,
            "%s %s: a changed tag passed finish_verify", label, kind_name[m->kind]);
  b->cases++;
}

/* Lengths: around 16 and 64, the one-shot's short paths (7 GCM blocks,
 * 192 ChaCha bytes), one, two and three strides of the entry, and 1 MiB
 * (not in quick mode). */
static size_t length_at(size_t i, size_t stride_bytes) {
  static const size_t fixed[] = {0, 1, 15, 16, 17, 63, 64, 65, 111, 112, 113, 191, 192, 193, 1000, 1024, 4099};
  size_t nf = sizeof fixed / sizeof fixed[0];
  if (i < nf) return fixed[i];
  i -= nf;
  static const long around[] = {-17, -16, -1, 0, 1, 15, 16, 17};
  size_t na = sizeof around / sizeof around[0];
  if (i < 3 * na) return (size_t)((long)((i / na + 1) * stride_bytes) + around[i % na]);
  return 0;
}

static size_t length_count(void) { return 17 + 3 * 8; }

static void random_params(msg_params *m, uint8_t *aad) {
  m->nonce_len = m->kind == K_GCM ? (t_rand_below(3) ? 12 : 1 + t_rand_below(40)) : m->kind == K_CHACHA ? 12 : 24;
  t_rand_bytes(m->nonce, m->nonce_len);
  static const size_t aad_lens[] = {0, 1, 13, 16, 17, 40, 64, 65};
  m->aad_len = aad_lens[t_rand_below(sizeof aad_lens / sizeof aad_lens[0])];
  t_rand_bytes(aad, m->aad_len);
  m->aad = aad;
  m->tag_len = m->kind == K_GCM ? 12 + t_rand_below(5) : 16;
}

static void gcm_cuts_body(const char *aes, const char *gh, void *arg) {
  bufs *b = arg;
  const hwc_aes_gcm_kernel *pair = HWC_KERNEL(HWC_PRIM_AES_GCM, hwc_aes_gcm_kernel);
  size_t stride_bytes = 16 * (pair->stride ? pair->stride : 8);
  char label[96];
  snprintf(label, sizeof label, "aes=%s ghash=%s", aes, gh);
  uint8_t aad[80], k[32];
  for (size_t kl = 16; kl <= 32; kl += 8) {
    hwc_aes_gcm_key key;
    t_rand_bytes(k, kl);
    CHECK(hwc_aes_gcm_init(&key, k, kl) == HWC_OK);
    msg_params m = {.kind = K_GCM, .gkey = &key};
    for (size_t i = 0; i < length_count(); i++) {
      if (t_quick() && kl != 32 && i % 3) continue;
      random_params(&m, aad);
      check_message(label, &m, length_at(i, stride_bytes), stride_bytes, b);
    }
    if (!t_quick() && kl == 16) {
      random_params(&m, aad);
      check_message(label, &m, b->cap - t_rand_below(40), stride_bytes, b);
    }
    hwc_aes_gcm_key_wipe(&key);
  }
}

static void chacha_cuts_body(const char *cimpl, const char *pimpl, void *arg) {
  bufs *b = arg;
  const hwc_chacha20_poly1305_kernel *pair = HWC_KERNEL(HWC_PRIM_CHACHA20_POLY1305, hwc_chacha20_poly1305_kernel);
  size_t stride_bytes = 64 * (pair->stride ? pair->stride : 4);
  char label[96];
  snprintf(label, sizeof label, "chacha20=%s poly1305=%s", cimpl, pimpl);
  uint8_t aad[80];
  for (int kind = K_CHACHA; kind <= K_XCHACHA; kind++) {
    msg_params m = {.kind = kind};
    t_rand_bytes(m.key, 32);
    for (size_t i = 0; i < length_count(); i++) {
      if (t_quick() && kind == K_XCHACHA && i % 3) continue;
      random_params(&m, aad);
      check_message(label, &m, length_at(i, stride_bytes), stride_bytes, b);
    }
    if (!t_quick() && kind == K_CHACHA) {
      random_params(&m, aad);
      check_message(label, &m, b->cap - t_rand_below(100), stride_bytes, b);
    }
  }
}

static bufs bufs_new(void) {
  size_t cap = t_quick() ? 8192 : (1u << 20);
  bufs b = {malloc(cap), malloc(cap), malloc(cap), cap, 0};
  CHECK(b.pt && b.ct && b.out);
  return b;
}

static void bufs_free(bufs *b) { free(b->pt), free(b->ct), free(b->out); }

HWC_TEST(aead_stream, gcm_every_cut_equals_one_shot) {
  bufs b = bufs_new();
  t_for_each_gcm_pair(gcm_cuts_body, &b);
  CHECK(b.cases > 0);
  printf("aead_stream: %zu AES-GCM messages, each in %d cuts both ways\n", b.cases, CUT_MODES);
  bufs_free(&b);
}

HWC_TEST(aead_stream, chacha_every_cut_equals_one_shot) {
  bufs b = bufs_new();
  t_for_each_chacha_pair(chacha_cuts_body, &b);
  CHECK(b.cases > 0);
  printf("aead_stream: %zu (X)ChaCha20-Poly1305 messages, each in %d cuts both ways\n", b.cases, CUT_MODES);
  bufs_free(&b);
}

/* ---- The fused bulk steps run in the stream: 16 KiB in 3500-byte pieces
 * (never a multiple of 16, so every piece starts mid-block; long enough
 * for a whole 1 KiB run of ChaCha20-Poly1305 after up to 2 KiB of
 * keystream made ahead) must call the entry's kernels, once per piece or
 * more. */
static int gcm_fused(hwc_prim p) { return HWC_KERNEL(p, hwc_aes_gcm_kernel)->encrypt != NULL; }
static int chacha_fused(hwc_prim p) { return HWC_KERNEL(p, hwc_chacha20_poly1305_kernel)->seal != NULL; }

static unsigned long calls_of(const hwc_impl_info *info) { return __atomic_load_n(info->calls, __ATOMIC_RELAXED); }

static void fused_stream_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  enum { LEN = 16384, PIECE = 3500 };
  static uint8_t pt[LEN], ct[LEN];
  uint8_t tag[16], k[32];
  t_rand_bytes(pt, LEN);
  t_rand_bytes(k, 32);
  hwc_aes_gcm_key key;
  msg_params m = {.kind = p == HWC_PRIM_AES_GCM ? K_GCM : K_CHACHA, .gkey = &key, .nonce_len = 12, .tag_len = 16};
  memcpy(m.key, k, 32);
  const hwc_impl_info *info;
  if (m.kind == K_GCM) {
    CHECK(hwc_aes_gcm_init(&key, k, 32) == HWC_OK);
    info = &HWC_KERNEL(p, hwc_aes_gcm_kernel)->info;
  } else {
    info = &HWC_KERNEL(p, hwc_chacha20_poly1305_kernel)->info;
  }
  unsigned long before = calls_of(info);
  CHECK(run_stream(&m, 1, CUT_3500, 0, ct, pt, LEN, tag) == HWC_OK);
  unsigned long ran = calls_of(info) - before;
  CHECK_MSG(ran >= LEN / PIECE, "%s/%s: the fused kernels ran %lu times for %d pieces", hwc_prim_name(p), impl, ran,
            LEN / PIECE);
}

HWC_TEST(aead_stream, fused_steps_run_in_pieces) {
  size_t n = t_for_each_impl_where(HWC_PRIM_AES_GCM, gcm_fused, fused_stream_body, NULL);
  n += t_for_each_impl_where(HWC_PRIM_CHACHA20_POLY1305, chacha_fused, fused_stream_body, NULL);
  printf("aead_stream: %zu fused entries run per piece\n", n);
}

/* ---- Copies fork: after a common prefix, a copy and the original go on
 * with different rests, each equal to the one-shot of its own message. */
static void fork_case(const msg_params *m) {
  enum { PRE = 1037, REST = 2111 };
  uint8_t a[PRE + REST], bm[PRE + REST], ca[PRE + REST], cb[PRE + REST], want_a[PRE + REST], want_b[PRE + REST];
  uint8_t ta[16], tb[16], wa[16], wb[16];
  t_rand_bytes(a, sizeof a);
  memcpy(bm, a, PRE);
  t_rand_bytes(bm + PRE, REST);
  CHECK(oneshot_seal(m, want_a, wa, a, sizeof a) == HWC_OK);
  CHECK(oneshot_seal(m, want_b, wb, bm, sizeof bm) == HWC_OK);
  any_ctx x, y;
  CHECK(s_start(&x, m, 1) == HWC_OK && s_aad(&x, m->kind, m->aad, m->aad_len) == HWC_OK);
  CHECK(s_update(&x, m->kind, ca, a, PRE) == HWC_OK);
  y = x;
  memcpy(cb, ca, PRE);
  CHECK(s_update(&x, m->kind, ca + PRE, a + PRE, REST) == HWC_OK && s_finish(&x, m->kind, ta, m->tag_len) == HWC_OK);
  CHECK(s_update(&y, m->kind, cb + PRE, bm + PRE, REST) == HWC_OK && s_finish(&y, m->kind, tb, m->tag_len) == HWC_OK);
  CHECK_MSG(memcmp(ca, want_a, sizeof a) == 0 && memcmp(ta, wa, m->tag_len) == 0, "%s: the original after a fork",
            kind_name[m->kind]);
  CHECK_MSG(memcmp(cb, want_b, sizeof bm) == 0 && memcmp(tb, wb, m->tag_len) == 0, "%s: the copy after a fork",
            kind_name[m->kind]);
}

HWC_TEST(aead_stream, copies_fork) {
  uint8_t k[32], aad[80];
  t_rand_bytes(k, 32);
  hwc_aes_gcm_key key;
  CHECK(hwc_aes_gcm_init(&key, k, 32) == HWC_OK);
  for (int kind = K_GCM; kind <= K_XCHACHA; kind++) {
    msg_params m = {.kind = kind, .gkey = &key};
    memcpy(m.key, k, 32);
    random_params(&m, aad);
    fork_case(&m);
  }
}

/* ---- Order, arguments, limits: every refused call returns
 * HWC_ERR_INVALID_ARG (or TOO_LONG) and leaves the context byte for byte
 * as it was. */
#define REFUSED(c, call, err)                                                                     \
  do {                                                                                            \
    any_ctx before_ = *(c);                                                                       \
    int r_ = (call);                                                                              \
    CHECK_MSG(r_ == (err), "%s: %s returned %d, not %d", kind_name[kind], #call, r_, (err));      \
    CHECK_MSG(memcmp(&before_, (c), sizeof before_) == 0, "%s: %s changed the context", kind_name[kind], #call); \
  } while (0)

static void order_case(int kind, const msg_params *m) {
  uint8_t buf[64] = {0}, tag[16] = {0};
  any_ctx c;
  memset(&c, 0, sizeof c); /* zero-initialised: not started */
  REFUSED(&c, s_aad(&c, kind, buf, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_update(&c, kind, buf, buf, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_finish(&c, kind, tag, 16), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_verify(&c, kind, tag, 16), HWC_ERR_INVALID_ARG);

  CHECK(s_start(&c, m, 1) == HWC_OK);
  REFUSED(&c, s_verify(&c, kind, tag, 16), HWC_ERR_INVALID_ARG); /* the wrong finish */
  REFUSED(&c, s_aad(&c, kind, NULL, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_update(&c, kind, NULL, buf, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_update(&c, kind, buf, NULL, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_update(&c, kind, buf + 1, buf, 8), HWC_ERR_INVALID_ARG); /* partial overlap */
  REFUSED(&c, s_finish(&c, kind, NULL, 16), HWC_ERR_INVALID_ARG);
  if (kind == K_GCM) {
    REFUSED(&c, hwc_aes_gcm_finish(&c.g, tag, 11), HWC_ERR_INVALID_ARG);
    REFUSED(&c, hwc_aes_gcm_finish(&c.g, tag, 17), HWC_ERR_INVALID_ARG);
    REFUSED(&c, hwc_aes_gcm_update(&c.g, buf, buf, ((size_t)1 << 36) - 31), HWC_ERR_TOO_LONG);
  } else if (sizeof(size_t) > 4) {
    REFUSED(&c, hwc_chacha20poly1305_update(&c.c, buf, buf, (size_t)((((uint64_t)1 << 32) - 1) * 64 + 1)),
            HWC_ERR_TOO_LONG);
  }
  CHECK(s_aad(&c, kind, buf, 5) == HWC_OK && s_aad(&c, kind, NULL, 0) == HWC_OK);
  CHECK(s_update(&c, kind, buf, buf, 0) == HWC_OK); /* ends the aad phase */
  REFUSED(&c, s_aad(&c, kind, buf, 1), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_aad(&c, kind, buf, 0), HWC_ERR_INVALID_ARG);
  CHECK(s_update(&c, kind, buf, buf, 20) == HWC_OK); /* in place */
  /* The running length counts: one byte past the limit is refused. */
  if (kind == K_GCM) {
    any_ctx near = c;
    near.g.len_ = (((uint64_t)1) << 36) - 32 - 3;
    REFUSED(&near, hwc_aes_gcm_update(&near.g, buf, buf, 4), HWC_ERR_TOO_LONG);
    CHECK(hwc_aes_gcm_update(&near.g, buf, buf, 3) == HWC_OK);
  } else {
    any_ctx near = c;
    near.c.len_ = (((uint64_t)1 << 32) - 1) * 64 - 3;
    REFUSED(&near, hwc_chacha20poly1305_update(&near.c, buf, buf, 4), HWC_ERR_TOO_LONG);
    CHECK(hwc_chacha20poly1305_update(&near.c, buf, buf, 3) == HWC_OK);
    /* Keystream made ahead stops at the last counter value: 1984 bytes
     * before the limit, with the last keystream used up, 1500 bytes take a
     * 1 KiB run and then 15 blocks ahead, not 32. */
    static uint8_t big[1500];
    near = c;
    near.c.len_ = (((uint64_t)1 << 32) - 1) * 64 - 1984;
    near.c.ks_used_ = near.c.ks_len_;
    CHECK(hwc_chacha20poly1305_update(&near.c, big, big, sizeof big) == HWC_OK);
    CHECK_MSG(near.c.ks_len_ == 15 * 64, "%s: %u bytes of keystream made ahead at the counter limit", kind_name[kind],
              near.c.ks_len_);
  }
  CHECK(s_finish(&c, kind, tag, 16) == HWC_OK);
  CHECK(all_zero(&c, ctx_size(kind)));
  REFUSED(&c, s_update(&c, kind, buf, buf, 1), HWC_ERR_INVALID_ARG); /* after finish */
  REFUSED(&c, s_finish(&c, kind, tag, 16), HWC_ERR_INVALID_ARG);

  CHECK(s_start(&c, m, 0) == HWC_OK);
  REFUSED(&c, s_finish(&c, kind, tag, 16), HWC_ERR_INVALID_ARG); /* decrypting: finish_verify only */
  if (kind == K_GCM) REFUSED(&c, hwc_aes_gcm_finish_verify(&c.g, tag, 11), HWC_ERR_INVALID_ARG);
  REFUSED(&c, s_verify(&c, kind, NULL, 16), HWC_ERR_INVALID_ARG);
  CHECK(s_verify(&c, kind, tag, 16) == HWC_ERR_AUTH);
  CHECK(all_zero(&c, ctx_size(kind)));
}

HWC_TEST(aead_stream, order_arguments_and_limits) {
  uint8_t k[32], aad[80];
  t_rand_bytes(k, 32);
  hwc_aes_gcm_key key, blank;
  CHECK(hwc_aes_gcm_init(&key, k, 16) == HWC_OK);
  for (int kind = K_GCM; kind <= K_XCHACHA; kind++) {
    msg_params m = {.kind = kind, .gkey = &key};
    memcpy(m.key, k, 32);
    random_params(&m, aad);
    order_case(kind, &m);
  }
  hwc_aes_gcm_ctx g;
  hwc_chacha20poly1305_ctx c;
  uint8_t n[24] = {0};
  memset(&blank, 0, sizeof blank);
  CHECK(hwc_aes_gcm_start(&g, 1, n, 12, &blank) == HWC_ERR_INVALID_ARG); /* key never initialised */
  CHECK(hwc_aes_gcm_start(&g, 1, n, 0, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_start(&g, 1, NULL, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_start(NULL, 1, n, 12, &key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_start(&c, 1, NULL, k) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_start(&c, 1, n, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_xchacha20poly1305_start(NULL, 1, n, k) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_aad(NULL, n, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_aad(NULL, n, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_update(NULL, n, n, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_update(NULL, n, n, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_finish(NULL, n, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_finish(NULL, n) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_aes_gcm_finish_verify(NULL, n, 16) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20poly1305_finish_verify(NULL, n) == HWC_ERR_INVALID_ARG);
  hwc_aes_gcm_key_wipe(&key);
}
