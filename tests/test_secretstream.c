/* SPDX-License-Identifier: ISC */
/* Secret streams (libsodium's crypto_secretstream_xchacha20poly1305): a
 * known-answer stream recorded from libsodium 1.0.18
 * (tests/vectors/secretstream_libsodium.txt), interoperation with
 * libsodium itself loaded at run time (streams written by either read by
 * the other, states compared byte for byte after every message), every
 * chacha20-poly1305 entry and, under "separate", every chacha20 x poly1305
 * pair against generic; forged, reordered, replayed, cut and foreign
 * messages refused with the state unchanged; capacity and argument errors. */
#include <dlfcn.h>
#include <stdlib.h>

#include "aead_pairs.h"

/* src/util.c's test entry point: replaces the header init_push draws. */
extern void (*hwc_random_hook)(uint8_t *buf, size_t len);

#define ABYTES HWC_SECRETSTREAM_ABYTES
#define MAX_MLEN ((((uint64_t)1 << 32) - 2) * 64)

_Static_assert(sizeof(hwc_secretstream_state) == 52, "libsodium's state is 52 bytes");

/* ---- every backend: each chacha20-poly1305 entry once (a fused entry names
 * its members), and "separate" once per chacha20 x poly1305 pair
 * (aead_pairs.h); the reference is "separate" over generic. */
typedef void (*ss_body)(const char *label, void *arg);
typedef struct {
  ss_body fn;
  void *arg;
} ss_ctx;

static void ss_pair(const char *cimpl, const char *pimpl, void *arg) {
  ss_ctx *c = arg;
  char label[128];
  snprintf(label, sizeof label, "%s+%s", cimpl, pimpl);
  c->fn(label, c->arg);
}

static void for_each_backend(ss_body fn, void *arg) {
  ss_ctx c = {fn, arg};
  t_for_each_chacha_pair(ss_pair, &c);
}


/* ---- libsodium, loaded with dlopen (never linked): the interop peer. */
typedef unsigned long long ull;
typedef struct {
  uint8_t k[32], nonce[12], pad[8];
} sodium_state; /* crypto_secretstream_xchacha20poly1305_state */

typedef struct {
  int (*init)(void);
  const char *(*version)(void);
  size_t (*statebytes)(void);
  int (*init_push)(sodium_state *, uint8_t *, const uint8_t *);
  int (*init_pull)(sodium_state *, const uint8_t *, const uint8_t *);
  int (*push)(sodium_state *, uint8_t *, ull *, const uint8_t *, ull, const uint8_t *, ull, uint8_t);
  int (*pull)(sodium_state *, uint8_t *, ull *, uint8_t *, const uint8_t *, ull, const uint8_t *, ull);
  void (*rekey)(sodium_state *);
} sodium_api;

/* libsodium's functions, or NULL with the reason in why. Loaded once. */
static const sodium_api *sodium(char *why, size_t cap) {
  static sodium_api api;
  static int state; /* 0 not tried, 1 loaded, -1 failed */
  static char reason[160];
  if (state == 0) {
    state = -1;
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
    snprintf(reason, sizeof reason, "an uninstrumented libsodium cannot run under MemorySanitizer");
    goto out;
#endif
#endif
    void *lib = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      snprintf(reason, sizeof reason, "libsodium.so.23 not loadable (%s)", dlerror());
      goto out;
    }
    static const char *const names[] = {
        "sodium_init", "sodium_version_string", "crypto_secretstream_xchacha20poly1305_statebytes",
        "crypto_secretstream_xchacha20poly1305_init_push", "crypto_secretstream_xchacha20poly1305_init_pull",
        "crypto_secretstream_xchacha20poly1305_push", "crypto_secretstream_xchacha20poly1305_pull",
        "crypto_secretstream_xchacha20poly1305_rekey"};
    void *f[8];
    for (int i = 0; i < 8; i++) {
      f[i] = dlsym(lib, names[i]);
      if (!f[i]) {
        snprintf(reason, sizeof reason, "libsodium.so.23 has no %s", names[i]);
        goto out;
      }
    }
    memcpy(&api.init, &f[0], sizeof f[0]);
    memcpy(&api.version, &f[1], sizeof f[1]);
    memcpy(&api.statebytes, &f[2], sizeof f[2]);
    memcpy(&api.init_push, &f[3], sizeof f[3]);
    memcpy(&api.init_pull, &f[4], sizeof f[4]);
    memcpy(&api.push, &f[5], sizeof f[5]);
    memcpy(&api.pull, &f[6], sizeof f[6]);
    memcpy(&api.rekey, &f[7], sizeof f[7]);
    if (api.init() < 0 || api.statebytes() != sizeof(sodium_state)) {
      snprintf(reason, sizeof reason, "libsodium.so.23 failed to initialise or has another state size");
      goto out;
    }
    state = 1;
  }
out:
  snprintf(why, cap, "%s", reason);
  return state == 1 ? &api : NULL;
}

/* Says loudly on both streams that a test did not run its libsodium part. */
static void say_skipped(const char *test, const char *why) {
  printf("[SKIP] secretstream/%s: %s: interoperation with libsodium NOT tested "
         "(tools/install-deps.sh installs libsodium23)\n", test, why);
  fprintf(stderr, "[SKIP] secretstream/%s: %s: interoperation with libsodium NOT tested\n", test, why);
}

/* ---- helpers */
static int same_state(const hwc_secretstream_state *a, const void *b) { return memcmp(a, b, sizeof *a) == 0; }

/* Pushes m (m_len bytes) with exact capacity; checks success and length. */
static void push_ok(hwc_secretstream_state *st, uint8_t *c, const uint8_t *m, size_t m_len, const uint8_t *ad,
                    size_t ad_len, uint8_t tag, const char *label) {
  size_t c_len = m_len + ABYTES;
  int rc = hwc_secretstream_push(st, c, &c_len, m, m_len, ad, ad_len, tag);
  CHECK_MSG(rc == HWC_OK && c_len == m_len + ABYTES, "%s: push of %zu bytes: %d, c_len %zu", label, m_len, rc,
            c_len);
}

/* Pulls c and checks that it gives want (want_len bytes) and want_tag. */
static void pull_ok(hwc_secretstream_state *st, uint8_t *m, const uint8_t *c, size_t c_len, const uint8_t *ad,
                    size_t ad_len, const uint8_t *want, size_t want_len, uint8_t want_tag, const char *label) {
  size_t m_len = want_len;
  uint8_t tag = 0xaa;
  int rc = hwc_secretstream_pull(st, m, &m_len, &tag, c, c_len, ad, ad_len);
  CHECK_MSG(rc == HWC_OK, "%s: pull of %zu bytes refused (%d)", label, want_len, rc);
  CHECK_MSG(m_len == want_len && tag == want_tag, "%s: pull gave %zu bytes, tag %u", label, m_len, tag);
  CHECK_MEM(m, want, want_len, "%s: pulled message of %zu bytes differs", label, want_len);
}

/* ---- the known-answer stream recorded from libsodium 1.0.18 */
static uint8_t hook_header[24];
static void fixed_header(uint8_t *buf, size_t len) {
  if (len == sizeof hook_header) memcpy(buf, hook_header, len);
}

/* A hex field of the vector file ("-" is empty) into a new buffer. */
static uint8_t *field(const char *hex, size_t *len) {
  size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2;
  uint8_t *p = malloc(n + 1);
  CHECK(p != NULL);
  *len = n ? t_unhex(p, n + 1, hex) : 0;
  return p;
}

static void kat_body(const char *label, void *arg) {
  char *text = strdup(arg), *save = NULL;
  CHECK(text != NULL);
  hwc_secretstream_state tx, rx;
  size_t streams = 0, msgs = 0, rekeys = 0;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (line[0] == '#') continue;
    char *w[5] = {NULL}, *s2 = NULL;
    int n = 0;
    for (char *t = strtok_r(line, " ", &s2); t && n < 5; t = strtok_r(NULL, " ", &s2)) w[n++] = t;
    if (n == 0) continue;
    if (strcmp(w[0], "stream") == 0 && n == 3) {
      uint8_t key[32], header[24], got[24];
      CHECK(t_unhex(key, sizeof key, w[1]) == 32 && t_unhex(header, sizeof header, w[2]) == 24);
      /* init_push with the recorded header as its random bytes. */
      memcpy(hook_header, header, 24);
      hwc_random_hook = fixed_header;
      int rc = hwc_secretstream_init_push(&tx, got, key);
      hwc_random_hook = NULL;
      CHECK(rc == HWC_OK);
      CHECK_MEM(got, header, 24, "%s: init_push did not write the header it drew", label);
      CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
      CHECK_MSG(same_state(&tx, &rx), "%s: init_push and init_pull states differ", label);
      streams++;
    } else if (strcmp(w[0], "push") == 0 && n == 5) {
      unsigned tag = (unsigned)strtoul(w[1], NULL, 10);
      size_t ad_len, m_len, c_len;
      uint8_t *ad = field(w[2], &ad_len), *m = field(w[3], &m_len), *c = field(w[4], &c_len);
      uint8_t *out = malloc(c_len + 1);
      CHECK(out != NULL && c_len == m_len + ABYTES);
      char what[160];
      snprintf(what, sizeof what, "%s: message %zu (%zu bytes, ad %zu, tag %u)", label, msgs, m_len, ad_len, tag);
      if (tag <= 3) {
        push_ok(&tx, out, m, m_len, ad, ad_len, (uint8_t)tag, what);
        CHECK_MEM(out, c, c_len, "%s: ciphertext differs from libsodium's", what);
      } else {
        /* Only libsodium pushes such a tag byte; ours refuses it and
         * keeps its state. */
        hwc_secretstream_state before = tx;
        size_t cap = c_len;
        CHECK(hwc_secretstream_push(&tx, out, &cap, m, m_len, ad, ad_len, (uint8_t)tag) == HWC_ERR_INVALID_ARG);
        CHECK(same_state(&tx, &before));
      }
      pull_ok(&rx, out, c, c_len, ad, ad_len, m, m_len, (uint8_t)tag, what);
      if (tag > 3) tx = rx;
      CHECK_MSG(same_state(&tx, &rx), "%s: pusher and puller states differ", what);
      free(ad);
      free(m);
      free(c);
      free(out);
      msgs++;
    } else if (strcmp(w[0], "rekey") == 0) {
      hwc_secretstream_rekey(&tx);
      hwc_secretstream_rekey(&rx);
      rekeys++;
    } else if (strcmp(w[0], "counter") == 0 && n == 2) {
      uint8_t ctr[4];
      CHECK(t_unhex(ctr, sizeof ctr, w[1]) == 4);
      memcpy(tx.nonce_, ctr, 4);
      memcpy(rx.nonce_, ctr, 4);
    } else {
      CHECK_MSG(0, "secretstream_libsodium.txt: bad line starting %s", w[0]);
    }
  }
  CHECK_MSG(streams == 2 && msgs == 32 && rekeys == 1, "%s: read %zu streams, %zu messages, %zu rekeys", label,
            streams, msgs, rekeys);
  hwc_secretstream_wipe(&tx);
  hwc_secretstream_wipe(&rx);
  free(text);
}

HWC_TEST(secretstream, libsodium_known_answer_stream) {
  char *text = t_read_vector_file("secretstream_libsodium.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/secretstream_libsodium.txt not found");
  for_each_backend(kat_body, text);
  free(text);
}

/* ---- interoperation with libsodium at run time */
static const size_t interop_lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 191, 192, 193, 1023, 1024, 1025, 4096 + 13,
                                      65536, 65536 + 17};
#define INTEROP_COUNT (sizeof interop_lens / sizeof interop_lens[0])
#define INTEROP_MAX (65536 + 17)

typedef struct {
  const sodium_api *S;
  uint8_t *m, *c, *back;
} interop_bufs;

/* The tag of message i of n: PUSH now and then, one REKEY, FINAL last. */
static uint8_t interop_tag(size_t i, size_t n) {
  if (i + 1 == n) return HWC_SECRETSTREAM_TAG_FINAL;
  if (i == 6) return HWC_SECRETSTREAM_TAG_REKEY;
  return i % 4 == 1 ? HWC_SECRETSTREAM_TAG_PUSH : HWC_SECRETSTREAM_TAG_MESSAGE;
}

/* One stream in one direction: we push and libsodium pulls (from_sodium
 * 0), or the other way round; then the counter's wrap in the same stream. */
static void interop_stream(const char *label, interop_bufs *b, int from_sodium) {
  const sodium_api *S = b->S;
  uint8_t key[32], header[24], ad[70];
  hwc_secretstream_state ours;
  sodium_state theirs;
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(ad, sizeof ad);
  if (from_sodium) {
    CHECK(S->init_push(&theirs, header, key) == 0);
    CHECK(hwc_secretstream_init_pull(&ours, header, key) == HWC_OK);
  } else {
    CHECK(hwc_secretstream_init_push(&ours, header, key) == HWC_OK);
    CHECK(S->init_pull(&theirs, header, key) == 0);
  }
  CHECK_MSG(same_state(&ours, &theirs), "%s: states differ after init", label);
  const char *dir = from_sodium ? "libsodium -> hwc" : "hwc -> libsodium";
  for (size_t i = 0; i < INTEROP_COUNT + 4; i++) {
    /* After the listed lengths, the counter near its wrap: 0xfffffffe,
     * 0xffffffff, then 0 rekeys, then 2 after the rekey's 1. */
    if (i == INTEROP_COUNT) {
      static const uint8_t near_wrap[4] = {0xfe, 0xff, 0xff, 0xff};
      memcpy(ours.nonce_, near_wrap, 4);
      memcpy(theirs.nonce, near_wrap, 4);
    }
    size_t len = i < INTEROP_COUNT ? interop_lens[i] : 100 + i, ad_len = i % 2 ? (i * 7) % (sizeof ad + 1) : 0;
    uint8_t tag = i < INTEROP_COUNT ? interop_tag(i, INTEROP_COUNT) : HWC_SECRETSTREAM_TAG_MESSAGE;
    char what[160];
    snprintf(what, sizeof what, "%s: %s message %zu (%zu bytes, ad %zu, tag %u)", label, dir, i, len, ad_len, tag);
    t_rand_bytes(b->m, len);
    if (from_sodium) {
      ull c_len = 0;
      CHECK(S->push(&theirs, b->c, &c_len, b->m, len, ad, ad_len, tag) == 0 && c_len == len + ABYTES);
      pull_ok(&ours, b->back, b->c, len + ABYTES, ad, ad_len, b->m, len, tag, what);
    } else {
      push_ok(&ours, b->c, b->m, len, ad, ad_len, tag, what);
      ull m_len = 0;
      uint8_t t = 0xaa;
      CHECK_MSG(S->pull(&theirs, b->back, &m_len, &t, b->c, len + ABYTES, ad, ad_len) == 0,
                "%s: libsodium refused our message", what);
      CHECK_MSG(m_len == len && t == tag, "%s: libsodium read %llu bytes, tag %u", what, m_len, t);
      CHECK_MEM(b->back, b->m, len, "%s: libsodium read other bytes", what);
    }
    CHECK_MSG(same_state(&ours, &theirs), "%s: states differ", what);
    if (i == 9) {
      /* An explicit rekey on both sides. */
      hwc_secretstream_rekey(&ours);
      S->rekey(&theirs);
      CHECK_MSG(same_state(&ours, &theirs), "%s: states differ after an explicit rekey", what);
    }
  }
  CHECK_MSG(memcmp(ours.nonce_, "\x03\0\0\0", 4) == 0, "%s: the counter did not wrap and rekey", label);
  hwc_secretstream_wipe(&ours);
}

static void interop_body(const char *label, void *arg) {
  interop_stream(label, arg, 0);
  interop_stream(label, arg, 1);
}

HWC_TEST(secretstream, libsodium_interop) {
  char why[160];
  const sodium_api *S = sodium(why, sizeof why);
  if (!S) {
    say_skipped("libsodium_interop", why);
    return;
  }
  printf("secretstream: interop with libsodium %s\n", S->version());
  interop_bufs b = {S, malloc(INTEROP_MAX), malloc(INTEROP_MAX + ABYTES), malloc(INTEROP_MAX)};
  CHECK(b.m && b.c && b.back);
  for_each_backend(interop_body, &b);
  free(b.m);
  free(b.c);
  free(b.back);
}

/* ---- every backend against generic, message by message, across tags and
 * rekeys: lengths 0..700 (every 9th in quick mode) and some long ones. */
static void equiv_body(const char *label, void *arg) {
  (void)arg;
  enum { MAXLEN = 3 * 65536 + 64 * 5 + 7 };
  uint8_t *m = malloc(MAXLEN), *want = malloc(MAXLEN + ABYTES), *got = malloc(MAXLEN + ABYTES + 3);
  uint8_t *back = malloc(MAXLEN), key[32], header[24], ad[40];
  CHECK(m && want && got && back);
  hwc_secretstream_state ref, ours, rx;
  t_rand_bytes(key, sizeof key);
  CHECK(hwc_secretstream_init_push(&ref, header, key) == HWC_OK);
  ours = ref;
  CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
  size_t step = t_quick() ? 9 : 1, ran = 0;
  static const size_t longer[] = {4096, 4097, 8192 + 64 * 3 + 1, MAXLEN};
  for (size_t i = 0; i <= 700 + 4 * step; i += step) {
    size_t len = i <= 700 ? i : longer[(i - 701) / step % 4], ad_len = t_rand_below(sizeof ad + 1);
    uint8_t tag = (uint8_t)t_rand_below(4);
    t_rand_bytes(m, len);
    t_rand_bytes(ad, ad_len);
    t_chacha_ref();
    size_t wl = len + ABYTES;
    CHECK(hwc_secretstream_push(&ref, want, &wl, m, len, ad, ad_len, tag) == HWC_OK);
    t_chacha_back();
    char what[128];
    snprintf(what, sizeof what, "%s: %zu bytes, ad %zu, tag %u", label, len, ad_len, tag);
    push_ok(&ours, got + 3, m, len, ad, ad_len, tag, what);
    CHECK_MEM(got + 3, want, len + ABYTES, "%s: differs from generic", what);
    CHECK_MSG(same_state(&ours, &ref), "%s: state differs from generic", what);
    pull_ok(&rx, back, got + 3, len + ABYTES, ad, ad_len, m, len, tag, what);
    CHECK_MSG(same_state(&rx, &ref), "%s: puller's state differs", what);
    ran++;
  }
  CHECK(ran == 700 / step + 1 + 4);
  free(m);
  free(want);
  free(got);
  free(back);
}

HWC_TEST(secretstream, equivalence_with_generic) { for_each_backend(equiv_body, NULL); }

/* ---- rejections: the state is unchanged, m's first c_len - 17 bytes are
 * zero, *m_len and *tag are 0; then the genuine message still pulls. */
static void expect_auth(hwc_secretstream_state *st, uint8_t *m, const uint8_t *c, size_t c_len, const uint8_t *ad,
                        size_t ad_len, const char *label, const char *what) {
  hwc_secretstream_state before = *st;
  size_t mlen = c_len - ABYTES, m_len = mlen + 5;
  uint8_t tag = 0xaa;
  memset(m, 0x55, mlen + 5);
  int rc = hwc_secretstream_pull(st, m, &m_len, &tag, c, c_len, ad, ad_len);
  CHECK_MSG(rc == HWC_ERR_AUTH, "%s: %s accepted (%d)", label, what, rc);
  CHECK_MSG(same_state(st, &before), "%s: %s changed the state", label, what);
  CHECK_MSG(m_len == 0 && tag == 0, "%s: %s: m_len %zu, tag %u", label, what, m_len, tag);
  for (size_t i = 0; i < mlen; i++) CHECK_MSG(m[i] == 0, "%s: %s: m[%zu] not zeroed", label, what, i);
  for (size_t i = mlen; i < mlen + 5; i++) CHECK_MSG(m[i] == 0x55, "%s: %s: wrote past c_len - 17", label, what);
  /* tag may be NULL */
  m_len = mlen;
  CHECK(hwc_secretstream_pull(st, m, &m_len, NULL, c, c_len, ad, ad_len) == HWC_ERR_AUTH);
  CHECK(same_state(st, &before));
}

static void reject_body(const char *label, void *arg) {
  (void)arg;
  /* 50 bytes take the one-call short path, 1000 the fused kernels (when
   * the entry has them) with a partial block after them. */
  static const size_t lens[] = {50, 1000};
  for (size_t li = 0; li < 2; li++) {
    size_t len = lens[li], cl = len + ABYTES;
    uint8_t key[32], key2[32], header[24], header2[24], ad[3][9] = {"ad zero", "ad one", "ad two"};
    uint8_t *msg[3], *c[3], *m = malloc(cl + 8), *bad = malloc(cl + 8);
    CHECK(m && bad);
    hwc_secretstream_state tx, rx, other;
    t_rand_bytes(key, sizeof key);
    CHECK(hwc_secretstream_init_push(&tx, header, key) == HWC_OK);
    CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
    for (int i = 0; i < 3; i++) {
      msg[i] = malloc(len);
      c[i] = malloc(cl);
      CHECK(msg[i] && c[i]);
      t_rand_bytes(msg[i], len);
      push_ok(&tx, c[i], msg[i], len, ad[i], 7, (uint8_t)(i == 2 ? HWC_SECRETSTREAM_TAG_FINAL : 0), label);
    }
    char what[96];
    /* Every byte class of message 0: the tag byte, the body, the MAC. */
    static const size_t at[] = {0, 1, 17, 0 /* len / 2 */, 0 /* last body byte */, 0 /* first MAC byte */,
                                0 /* last byte */};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
      size_t pos = k < 3 ? at[k] : k == 3 ? len / 2 : k == 4 ? len : k == 5 ? len + 1 : cl - 1;
      for (int bit = 0; bit < 8; bit += 7) {
        memcpy(bad, c[0], cl);
        bad[pos] ^= (uint8_t)(1u << bit);
        snprintf(what, sizeof what, "%zu bytes: byte %zu bit %d flipped", len, pos, bit);
        expect_auth(&rx, m, bad, cl, ad[0], 7, label, what);
      }
    }
    /* Wrong, missing and longer ad. */
    uint8_t ad_bad[9];
    memcpy(ad_bad, ad[0], sizeof ad_bad);
    ad_bad[3] ^= 1;
    snprintf(what, sizeof what, "%zu bytes: wrong ad", len);
    expect_auth(&rx, m, c[0], cl, ad_bad, 7, label, what);
    expect_auth(&rx, m, c[0], cl, NULL, 0, label, what);
    expect_auth(&rx, m, c[0], cl, ad[0], 8, label, what);
    /* Cut messages: the MAC shortened, the body shortened, only 17 bytes. */
    snprintf(what, sizeof what, "%zu bytes: cut", len);
    expect_auth(&rx, m, c[0], cl - 1, ad[0], 7, label, what);
    expect_auth(&rx, m, c[0], cl - 16, ad[0], 7, label, what);
    expect_auth(&rx, m, c[0], ABYTES, ad[0], 7, label, what);
    /* Reordered: message 1 before message 0. */
    snprintf(what, sizeof what, "%zu bytes: reordered", len);
    expect_auth(&rx, m, c[1], cl, ad[1], 7, label, what);
    /* Foreign: the same key with another header, another key with the same
     * header. */
    snprintf(what, sizeof what, "%zu bytes: foreign stream", len);
    memcpy(header2, header, 24);
    header2[23] ^= 0x40;
    CHECK(hwc_secretstream_init_pull(&other, header2, key) == HWC_OK);
    expect_auth(&other, m, c[0], cl, ad[0], 7, label, what);
    header2[23] ^= 0x40;
    header2[0] ^= 1;
    CHECK(hwc_secretstream_init_pull(&other, header2, key) == HWC_OK);
    expect_auth(&other, m, c[0], cl, ad[0], 7, label, what);
    memcpy(key2, key, 32);
    key2[31] ^= 0x80;
    CHECK(hwc_secretstream_init_pull(&other, header, key2) == HWC_OK);
    expect_auth(&other, m, c[0], cl, ad[0], 7, label, what);
    /* After all that, message 0 pulls; replaying it fails; 1 and 2 pull. */
    pull_ok(&rx, m, c[0], cl, ad[0], 7, msg[0], len, 0, label);
    snprintf(what, sizeof what, "%zu bytes: replayed", len);
    expect_auth(&rx, m, c[0], cl, ad[0], 7, label, what);
    pull_ok(&rx, m, c[1], cl, ad[1], 7, msg[1], len, 0, label);
    pull_ok(&rx, m, c[2], cl, ad[2], 7, msg[2], len, HWC_SECRETSTREAM_TAG_FINAL, label);
    CHECK_MSG(same_state(&rx, &tx), "%s: states differ at the end", label);
    for (int i = 0; i < 3; i++) {
      free(msg[i]);
      free(c[i]);
    }
    free(m);
    free(bad);
  }
}

HWC_TEST(secretstream, forgeries_refused_state_unchanged) { for_each_backend(reject_body, NULL); }

/* ---- the fused kernels run for pushes and pulls of full blocks, and
 * never under "separate" */
static int fused_entry(hwc_prim p) { return HWC_KERNEL(p, hwc_chacha20_poly1305_kernel)->seal != NULL; }

static void fused_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const hwc_chacha20_poly1305_kernel *k = HWC_KERNEL(p, hwc_chacha20_poly1305_kernel);
  enum { LEN = 4096 + 64 * 3 + 5 };
  static uint8_t m[LEN], c[LEN + ABYTES], back[LEN];
  uint8_t key[32], header[24];
  hwc_secretstream_state tx, rx;
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(m, sizeof m);
  for (int sep = 0; sep < 2; sep++) {
    if (sep) CHECK(hwc_impl_select(p, "separate") == HWC_OK);
    CHECK(hwc_secretstream_init_push(&tx, header, key) == HWC_OK);
    CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
    unsigned long before = __atomic_load_n(k->info.calls, __ATOMIC_RELAXED);
    for (size_t len = 190; len <= LEN; len += LEN - 190) {
      push_ok(&tx, c, m, len, NULL, 0, 0, impl);
      pull_ok(&rx, back, c, len + ABYTES, NULL, 0, m, len, 0, impl);
    }
    unsigned long ran = __atomic_load_n(k->info.calls, __ATOMIC_RELAXED) - before;
    /* 190 bytes: the short path; the long message: a seal and an open. */
    unsigned long want = sep ? 0 : 1 + (k->open != NULL);
    CHECK_MSG(ran == want, "chacha20-poly1305/%s%s: the fused kernels ran %lu times, not %lu", impl,
              sep ? " under separate" : "", ran, want);
  }
  CHECK(hwc_impl_select(p, impl) == HWC_OK);
}

HWC_TEST(secretstream, fused_kernels_run) {
  size_t n = t_for_each_impl_where(HWC_PRIM_CHACHA20_POLY1305, fused_entry, fused_body, NULL);
  printf("secretstream: %zu fused chacha20-poly1305 entries checked\n", n);
}

/* ---- arguments: each refused call returns its error and leaves the state
 * (and the output buffers) as they were */
HWC_TEST(secretstream, arguments_and_capacity) {
  uint8_t key[32] = {1}, header[24], buf[256], m[64], ad[4] = {0};
  hwc_secretstream_state st, before;
  size_t n;
  CHECK(hwc_secretstream_init_push(NULL, header, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_push(&st, NULL, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_push(&st, header, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_pull(NULL, header, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_pull(&st, NULL, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_pull(&st, header, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_init_push(&st, header, key) == HWC_OK);
  memset(m, 7, sizeof m);
  before = st;
  memset(buf, 0xee, sizeof buf);

  /* push */
  n = sizeof buf;
  CHECK(hwc_secretstream_push(NULL, buf, &n, m, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, NULL, m, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, NULL, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, m, 10, NULL, 1, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, m, 10, NULL, 0, 4) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, m, 10, NULL, 0, 0xff) == HWC_ERR_INVALID_ARG);
  CHECK(n == sizeof buf);
  n = 26; /* one short */
  CHECK(hwc_secretstream_push(&st, buf, &n, m, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG && n == 27);
  n = 0; /* asking */
  CHECK(hwc_secretstream_push(&st, NULL, &n, m, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG && n == 27);
  n = 0;
  CHECK(hwc_secretstream_push(&st, NULL, &n, NULL, 0, NULL, 0, 0) == HWC_ERR_INVALID_ARG && n == 17);
  n = 27; /* enough room, but no buffer */
  CHECK(hwc_secretstream_push(&st, NULL, &n, m, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  /* c and m overlapping, in place included */
  n = sizeof buf;
  CHECK(hwc_secretstream_push(&st, buf, &n, buf, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, buf + 1, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf, &n, buf + 26, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_push(&st, buf + 9, &n, buf, 10, NULL, 0, 0) == HWC_ERR_INVALID_ARG);
  /* too long: (2^32 - 2) * 64 is the largest; the checks come before any
   * access, so no buffer of that size is needed */
  n = 0;
  if (SIZE_MAX > MAX_MLEN + ABYTES) {
    CHECK(hwc_secretstream_push(&st, buf, &n, m, (size_t)MAX_MLEN + 1, NULL, 0, 0) == HWC_ERR_TOO_LONG);
    CHECK(hwc_secretstream_push(&st, buf, &n, m, (size_t)MAX_MLEN, NULL, 0, 0) == HWC_ERR_INVALID_ARG &&
          n == (size_t)MAX_MLEN + ABYTES);
  }
  CHECK(hwc_secretstream_push(&st, buf, &n, m, SIZE_MAX, NULL, 0, 0) == HWC_ERR_TOO_LONG);
  CHECK(hwc_secretstream_push(&st, buf, &n, m, SIZE_MAX - 16, NULL, 0, 0) == HWC_ERR_TOO_LONG);
  for (size_t i = 0; i < sizeof buf; i++) CHECK_MSG(buf[i] == 0xee, "a refused push wrote c[%zu]", i);
  CHECK_MSG(same_state(&st, &before), "a refused push changed the state");

  /* a valid empty message with NULL m and ad, then pull */
  n = 17;
  CHECK(hwc_secretstream_push(&st, buf, &n, NULL, 0, NULL, 0, HWC_SECRETSTREAM_TAG_PUSH) == HWC_OK && n == 17);
  n = 20;
  CHECK(hwc_secretstream_push(&st, buf + 17, &n, m, 3, ad, 4, 0) == HWC_OK && n == 20);
  hwc_secretstream_state rx, rx0;
  CHECK(hwc_secretstream_init_pull(&rx, header, key) == HWC_OK);
  rx0 = rx;

  /* pull */
  uint8_t out[64], tag = 0x33;
  n = sizeof out;
  CHECK(hwc_secretstream_pull(NULL, out, &n, &tag, buf, 17, NULL, 0) == HWC_ERR_INVALID_ARG);
  CHECK(tag == 0); /* a failed pull never leaves a tag behind */
  CHECK(hwc_secretstream_pull(&rx, out, NULL, &tag, buf, 17, NULL, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, NULL, 17, NULL, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf, 17, NULL, 1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf, 16, NULL, 0) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf, 0, NULL, 0) == HWC_ERR_INVALID_ARG);
  CHECK(n == sizeof out);
  n = 2; /* capacity */
  CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf + 17, 20, ad, 4) == HWC_ERR_INVALID_ARG && n == 3);
  n = 0;
  CHECK(hwc_secretstream_pull(&rx, NULL, &n, &tag, buf + 17, 20, ad, 4) == HWC_ERR_INVALID_ARG && n == 3);
  n = 3;
  CHECK(hwc_secretstream_pull(&rx, NULL, &n, &tag, buf + 17, 20, ad, 4) == HWC_ERR_INVALID_ARG);
  /* m overlapping c */
  CHECK(hwc_secretstream_pull(&rx, buf + 18, &n, &tag, buf + 17, 20, ad, 4) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_secretstream_pull(&rx, buf + 15, &n, &tag, buf + 17, 20, ad, 4) == HWC_ERR_INVALID_ARG);
  if (SIZE_MAX > MAX_MLEN + ABYTES + 1) {
    n = sizeof out;
    CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf, (size_t)MAX_MLEN + ABYTES + 1, NULL, 0) == HWC_ERR_TOO_LONG);
    CHECK(hwc_secretstream_pull(&rx, out, &n, &tag, buf, (size_t)MAX_MLEN + ABYTES, NULL, 0) == HWC_ERR_INVALID_ARG &&
          n == (size_t)MAX_MLEN);
  }
  CHECK_MSG(same_state(&rx, &rx0), "a refused pull changed the state");
  /* the empty message with m NULL, then the 3-byte one */
  n = 0;
  CHECK(hwc_secretstream_pull(&rx, NULL, &n, &tag, buf, 17, NULL, 0) == HWC_OK && n == 0 &&
        tag == HWC_SECRETSTREAM_TAG_PUSH);
  n = sizeof out;
  CHECK(hwc_secretstream_pull(&rx, out, &n, NULL, buf + 17, 20, ad, 4) == HWC_OK && n == 3);
  CHECK(memcmp(out, m, 3) == 0);
  CHECK(same_state(&rx, &st));

  /* rekey and wipe: NULL ignored; wipe zeroes every byte */
  hwc_secretstream_rekey(NULL);
  hwc_secretstream_wipe(NULL);
  hwc_secretstream_rekey(&rx);
  CHECK(!same_state(&rx, &st));
  CHECK(memcmp(rx.nonce_, "\x01\0\0\0", 4) == 0);
  memset(&rx, 0xa5, sizeof rx);
  hwc_secretstream_wipe(&rx);
  for (size_t i = 0; i < sizeof rx; i++) CHECK(((const uint8_t *)&rx)[i] == 0);
  hwc_secretstream_wipe(&st);
}

/* Two init_push calls draw different headers; pad_ is zero after init. */
HWC_TEST(secretstream, init_push_random_header) {
  uint8_t key[32] = {9}, h1[24], h2[24];
  hwc_secretstream_state a, b;
  memset(&a, 0xff, sizeof a);
  CHECK(hwc_secretstream_init_push(&a, h1, key) == HWC_OK);
  CHECK(hwc_secretstream_init_push(&b, h2, key) == HWC_OK);
  CHECK(memcmp(h1, h2, 24) != 0);
  CHECK(memcmp(a.nonce_, "\x01\0\0\0", 4) == 0 && memcmp(a.nonce_ + 4, h1 + 16, 8) == 0);
  for (size_t i = 0; i < sizeof a.pad_; i++) CHECK(a.pad_[i] == 0);
  hwc_secretstream_wipe(&a);
  hwc_secretstream_wipe(&b);
}
