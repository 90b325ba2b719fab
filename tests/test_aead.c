/* SPDX-License-Identifier: ISC */
/* ChaCha20-Poly1305 and XChaCha20-Poly1305: RFC 8439 2.8.2 / A.5 and
 * draft-irtf-cfrg-xchacha A.3.1 vectors, Wycheproof chacha20_poly1305_test.json
 * and xchacha20_poly1305_test.json (read in place), for every
 * chacha20-poly1305 entry and, under "separate", every combination of
 * chacha20 and poly1305 implementation; equivalence with generic; tampered
 * tag, AAD, ciphertext and nonce rejected with the output zeroed; bad input. */
#include <stdlib.h>

#include "aead_pairs.h"
#include "chacha_test.h"
#include "wycheproof.h"

typedef int (*enc_fn)(uint8_t *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
                      const uint8_t *, const uint8_t *);
typedef int (*dec_fn)(uint8_t *, const uint8_t *, size_t, const uint8_t *, const uint8_t *, size_t,
                      const uint8_t *, const uint8_t *);

static const struct {
  const char *name;
  size_t nonce_len;
  enc_fn enc;
  dec_fn dec;
} aeads[2] = {
    {"chacha20poly1305", 12, hwc_chacha20poly1305_encrypt, hwc_chacha20poly1305_decrypt},
    {"xchacha20poly1305", 24, hwc_xchacha20poly1305_encrypt, hwc_xchacha20poly1305_decrypt},
};

/* Encrypts and decrypts one case and checks both directions (and, for a
 * valid case, in place). want_ok: whether decryption must succeed. */
static void one_case(int x, const char *what, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                     size_t aad_len, const uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t *tag,
                     int want_ok) {
  uint8_t *buf = malloc(len + 1), t[16];
  if (want_ok) {
    CHECK_MSG(aeads[x].enc(buf, t, pt, len, aad, aad_len, nonce, key) == HWC_OK, "%s: encrypt", what);
    CHECK_MEM(buf, ct, len, "%s: ciphertext", what);
    CHECK_MEM(t, tag, 16, "%s: tag", what);
    memcpy(buf, pt, len);
    CHECK(aeads[x].enc(buf, t, buf, len, aad, aad_len, nonce, key) == HWC_OK);
    CHECK_MEM(buf, ct, len, "%s: ciphertext in place", what);
  }
  memset(buf, 0x77, len);
  int err = aeads[x].dec(buf, ct, len, tag, aad, aad_len, nonce, key);
  if (want_ok) {
    CHECK_MSG(err == HWC_OK, "%s: decrypt returned %d", what, err);
    CHECK_MEM(buf, pt, len, "%s: plaintext", what);
    memcpy(buf, ct, len);
    CHECK(aeads[x].dec(buf, buf, len, tag, aad, aad_len, nonce, key) == HWC_OK);
    CHECK_MEM(buf, pt, len, "%s: plaintext in place", what);
  } else {
    CHECK_MSG(err == HWC_ERR_AUTH, "%s: forged input accepted (%d)", what, err);
    for (size_t i = 0; i < len; i++) CHECK_MSG(buf[i] == 0, "%s: output not zeroed", what);
  }
  free(buf);
}

static void vec_case(const t_cvec *v, void *arg) {
  const char *impl = arg;
  int x = strcmp(v->kind, "xaead") == 0;
  size_t len, aad_len;
  const uint8_t *pt = t_cvec_get(v, "pt", &len), *aad = t_cvec_get(v, "aad", &aad_len);
  char what[128];
  snprintf(what, sizeof what, "%s/%s", impl, v->name);
  one_case(x, what, t_cvec_get(v, "key", NULL), t_cvec_get(v, "nonce", NULL), aad, aad_len, pt,
           t_cvec_get(v, "ct", NULL), len, t_cvec_get(v, "tag", NULL), 1);
}

static void wp_case(const t_wp_aead *tc, void *arg) {
  int x = *(int *)arg;
  /* The API takes fixed nonce and tag sizes; other sizes cannot be
   * expressed, so those (invalid-parameter) cases are skipped. */
  if (tc->iv_len != aeads[x].nonce_len || tc->tag_len != 16 || tc->key_len != 32) {
    CHECK_MSG(!tc->valid, "tcId %d: a valid case with sizes the API cannot take", tc->tc_id);
    return;
  }
  char what[96];
  snprintf(what, sizeof what, "%s wycheproof tcId %d (%s)", aeads[x].name, tc->tc_id,
           hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305));
  one_case(x, what, tc->key, tc->iv, tc->aad, tc->aad_len, tc->msg, tc->ct, tc->msg_len, tc->tag, tc->valid);
}

/* Wycheproof AEAD files through the shared reader (tests/wycheproof.h). */
static void wp_adapt(const wp_value *group, const wp_value *test, void *arg) {
  (void)group;
  void **a = arg;
  t_wp_aead tc;
  uint8_t *bufs[6];
  tc.tc_id = (int)wp_num(test, "tcId");
  tc.key = bufs[0] = wp_hex(test, "key", &tc.key_len);
  tc.iv = bufs[1] = wp_hex(test, "iv", &tc.iv_len);
  tc.aad = bufs[2] = wp_hex(test, "aad", &tc.aad_len);
  tc.msg = bufs[3] = wp_hex(test, "msg", &tc.msg_len);
  tc.ct = bufs[4] = wp_hex(test, "ct", &tc.ct_len);
  tc.tag = bufs[5] = wp_hex(test, "tag", &tc.tag_len);
  tc.valid = strcmp(wp_str(test, "result"), "invalid") != 0;
  ((void (*)(const t_wp_aead *, void *))a[0])(&tc, a[1]);
  for (int i = 0; i < 6; i++) free(bufs[i]);
}

static size_t t_wycheproof_aead(const char *file, void (*fn)(const t_wp_aead *tc, void *arg), void *arg) {
  wp_value *doc = wp_load(file);
  CHECK_MSG(doc != NULL, "Wycheproof file %s not found (set WYCHEPROOF_DIR); these tests cannot run", file);
  void *a[2] = {(void *)fn, arg};
  size_t n = wp_for_each_test(doc, wp_adapt, a);
  wp_free(doc);
  return n;
}

static void vectors_body(const char *cimpl, const char *pimpl, void *arg) {
  (void)arg;
  char what[96];
  snprintf(what, sizeof what, "%s+%s", cimpl, pimpl);
  t_chacha_vectors("aead", vec_case, what);
  t_chacha_vectors("xaead", vec_case, what);
  for (int x = 0; x < 2; x++) {
    size_t n = t_wycheproof_aead(x ? "xchacha20_poly1305_test.json" : "chacha20_poly1305_test.json", wp_case, &x);
    CHECK_MSG(n > 300, "only %zu Wycheproof cases read", n);
  }
}

HWC_TEST(aead, vectors_and_wycheproof) { t_for_each_chacha_pair(vectors_body, NULL); }

/* ---- equivalence: every entry (and under "separate" every chacha20 x
 * poly1305 pair) against generic+generic */
static void equiv_body(const char *cimpl, const char *impl, void *arg) {
  (void)arg;
  size_t maxlen = t_quick() ? 1100 : (1 << 20) + 3;
  uint8_t *pt = malloc(maxlen + 16), *want = malloc(maxlen + 16), *got = malloc(maxlen + 16);
  uint8_t key[32], nonce[24], aad[64], tw[16], tg[16];
  for (size_t len = 0; len <= 1100; len += (len < 300 ? 1 : 7)) {
    size_t lens[2] = {len, len == 1100 ? maxlen : len};
    for (int j = 0; j < 2; j++) {
      size_t n = lens[j], al = t_rand_below(16), aad_len = t_rand_below(sizeof aad + 1);
      int x = (int)t_rand_below(2);
      t_rand_bytes(key, sizeof key);
      t_rand_bytes(nonce, sizeof nonce);
      t_rand_bytes(aad, sizeof aad);
      t_rand_bytes(pt + al, n);
      t_chacha_ref();
      CHECK(aeads[x].enc(want, tw, pt + al, n, aad, aad_len, nonce, key) == HWC_OK);
      t_chacha_back();
      CHECK(aeads[x].enc(got + (al ^ 5), tg, pt + al, n, aad, aad_len, nonce, key) == HWC_OK);
      CHECK_MEM(got + (al ^ 5), want, n, "%s+%s: %s len %zu ciphertext", cimpl, impl, aeads[x].name, n);
      CHECK_MEM(tg, tw, 16, "%s+%s: %s len %zu tag", cimpl, impl, aeads[x].name, n);
      CHECK(aeads[x].dec(got + (al ^ 5), got + (al ^ 5), n, tg, aad, aad_len, nonce, key) == HWC_OK);
      CHECK_MEM(got + (al ^ 5), pt + al, n, "%s+%s: len %zu round trip", cimpl, impl, n);
    }
  }
  free(pt);
  free(want);
  free(got);
}

HWC_TEST(aead, equivalence_with_generic) { t_for_each_chacha_pair(equiv_body, NULL); }

/* ---- tampering: any change to tag, AAD, ciphertext or nonce is rejected */
HWC_TEST(aead, tampering_rejected) {
  for (int x = 0; x < 2; x++) {
    uint8_t key[32], nonce[24], aad[20], pt[150], ct[150], tag[16], out[150];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(aad, sizeof aad);
    t_rand_bytes(pt, sizeof pt);
    CHECK(aeads[x].enc(ct, tag, pt, sizeof pt, aad, sizeof aad, nonce, key) == HWC_OK);
    for (int what = 0; what < 5; what++) {
      for (int trial = 0; trial < 20; trial++) {
        uint8_t c2[150], t2[16], a2[20], n2[24], k2[32];
        memcpy(c2, ct, sizeof ct);
        memcpy(t2, tag, 16);
        memcpy(a2, aad, sizeof aad);
        memcpy(n2, nonce, sizeof nonce);
        memcpy(k2, key, sizeof key);
        uint8_t bit = (uint8_t)(1u << t_rand_below(8));
        switch (what) {
          case 0: t2[t_rand_below(16)] ^= bit; break;
          case 1: a2[t_rand_below(sizeof a2)] ^= bit; break;
          case 2: c2[t_rand_below(sizeof c2)] ^= bit; break;
          case 3: n2[t_rand_below(aeads[x].nonce_len)] ^= bit; break;
          default: k2[t_rand_below(32)] ^= bit; break;
        }
        memset(out, 0x55, sizeof out);
        CHECK_MSG(aeads[x].dec(out, c2, sizeof c2, t2, a2, sizeof a2, n2, k2) == HWC_ERR_AUTH,
                  "%s: tampered field %d accepted", aeads[x].name, what);
        for (size_t i = 0; i < sizeof out; i++) CHECK_MSG(out[i] == 0, "%s: output not zeroed", aeads[x].name);
      }
    }
    /* truncated AAD or ciphertext changes the length block too */
    CHECK(aeads[x].dec(out, ct, sizeof ct - 1, tag, aad, sizeof aad, nonce, key) == HWC_ERR_AUTH);
    CHECK(aeads[x].dec(out, ct, sizeof ct, tag, aad, sizeof aad - 1, nonce, key) == HWC_ERR_AUTH);
    CHECK(aeads[x].dec(out, ct, sizeof ct, tag, aad, sizeof aad, nonce, key) == HWC_OK);
    CHECK_MEM(out, pt, sizeof pt, "%s: genuine message", aeads[x].name);
  }
}

HWC_TEST(aead, bad_arguments) {
  for (int x = 0; x < 2; x++) {
    uint8_t key[32] = {0}, nonce[24] = {0}, buf[64], tag[16], ref[64];
    memset(buf, 0x3c, sizeof buf);
    memcpy(ref, buf, sizeof buf);
    CHECK(aeads[x].enc(NULL, tag, buf, 1, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf, tag, NULL, 1, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf, tag, buf, 1, NULL, 1, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf, NULL, buf, 1, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf, tag, buf, 1, NULL, 0, NULL, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf, tag, buf, 1, NULL, 0, nonce, NULL) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].enc(buf + 1, tag, buf, 32, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].dec(buf + 1, buf, 32, tag, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].dec(buf, NULL, 32, tag, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK(aeads[x].dec(buf, buf, 32, NULL, NULL, 0, nonce, key) == HWC_ERR_INVALID_ARG);
    CHECK_MEM(buf, ref, sizeof buf, "%s: a refused call wrote its output", aeads[x].name);
    /* empty message, empty AAD, NULL pointers: valid */
    CHECK(aeads[x].enc(NULL, tag, NULL, 0, NULL, 0, nonce, key) == HWC_OK);
    CHECK(aeads[x].dec(NULL, NULL, 0, tag, NULL, 0, nonce, key) == HWC_OK);
    tag[0] ^= 1;
    CHECK(aeads[x].dec(NULL, NULL, 0, tag, NULL, 0, nonce, key) == HWC_ERR_AUTH);
  }
}

/* ---- ciphertexts at Poly1305's bounds. The AEAD's Poly1305 reads the AAD
 * and the ciphertext, not the plaintext, so a random plaintext never puts an
 * all-ones block (2^129 - 1 with its pad bit) or the RFC 8439 A.3 #7/#8
 * units into the accumulator. Choosing the plaintext as pattern XOR
 * keystream makes the ciphertext the tests/edge.h pattern exactly; the AAD
 * carries the same pattern, so the zero padding after AAD and ciphertext
 * and the length block are reached with h at its largest. Every chacha20 x
 * poly1305 pair is compared with generic+generic on the tag, and must
 * decrypt its own output and refuse it with one tag bit flipped. */
#include "edge.h"

static const size_t edge_aad_lens[] = {0, 1, 15, 16, 17, 63, 64, 65};
#define EDGE_AAD_COUNT (sizeof edge_aad_lens / sizeof edge_aad_lens[0])
/* Lengths next to the block (16), ChaCha block (64) and the backends' wide
 * strides (4, 8 and 16 Poly1305 blocks; 4, 8 and 16 ChaCha20 blocks), and
 * 4 KiB, run with every pattern and every AAD length. */
static const size_t edge_full_lens[] = {0,   1,   15,  16,  17,  63,  64,  65,  127, 128,  129,
                                        255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 4096};
#define EDGE_FULL_COUNT (sizeof edge_full_lens / sizeof edge_full_lens[0])
#define EDGE_MAX_LEN 4096

typedef struct {
  uint8_t *ks, *pt, *want_ct, *ct, *out;
  uint8_t aad[65];
  const char *cimpl;
  size_t cases;
} edge_aead_bufs;

static void edge_aead_case(edge_aead_bufs *b, const char *pimpl, int x, size_t len, size_t aad_len, size_t pat) {
  uint8_t key[32], nonce[24], tag_want[16], tag[16];
  t_rand_bytes(key, sizeof key);
  t_rand_bytes(nonce, sizeof nonce);
  t_edge_poly1305_msg(b->want_ct, len, pat);
  t_edge_poly1305_msg(b->aad, aad_len, pat);
  const char *pname = t_edge_poly1305_msg_name(pat);

  /* The keystream is the encryption of zeros; the plaintext that encrypts
   * to the pattern follows. */
  t_chacha_ref();
  memset(b->ks, 0, len);
  CHECK(aeads[x].enc(b->ks, tag_want, b->ks, len, b->aad, aad_len, nonce, key) == HWC_OK);
  for (size_t i = 0; i < len; i++) b->pt[i] = b->want_ct[i] ^ b->ks[i];
  CHECK(aeads[x].enc(b->ct, tag_want, b->pt, len, b->aad, aad_len, nonce, key) == HWC_OK);
  CHECK_MEM(b->ct, b->want_ct, len, "%s: generic ciphertext is not the %s pattern (len %zu)", aeads[x].name, pname,
            len);

  t_chacha_back();
  CHECK(aeads[x].enc(b->ct, tag, b->pt, len, b->aad, aad_len, nonce, key) == HWC_OK);
  CHECK_MEM(b->ct, b->want_ct, len, "%s+%s: %s %s len %zu aad %zu: ciphertext", b->cimpl, pimpl, aeads[x].name, pname,
            len, aad_len);
  CHECK_MEM(tag, tag_want, 16, "%s+%s: %s %s len %zu aad %zu: tag differs from generic", b->cimpl, pimpl,
            aeads[x].name, pname, len, aad_len);
  memset(b->out, 0x77, len);
  int r = aeads[x].dec(b->out, b->ct, len, tag, b->aad, aad_len, nonce, key);
  CHECK_MSG(r == HWC_OK, "%s+%s: %s %s len %zu aad %zu: own output refused (%d)", b->cimpl, pimpl, aeads[x].name,
            pname, len, aad_len, r);
  CHECK_MEM(b->out, b->pt, len, "%s+%s: %s %s len %zu aad %zu: plaintext", b->cimpl, pimpl, aeads[x].name, pname, len,
            aad_len);
  size_t bit = (len * 31 + aad_len) % 128;
  tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
  memset(b->out, 0x77, len);
  r = aeads[x].dec(b->out, b->ct, len, tag, b->aad, aad_len, nonce, key);
  CHECK_MSG(r == HWC_ERR_AUTH, "%s+%s: %s %s len %zu aad %zu: tag bit %zu flipped accepted (%d)", b->cimpl, pimpl,
            aeads[x].name, pname, len, aad_len, bit, r);
  for (size_t i = 0; i < len; i++) CHECK_MSG(b->out[i] == 0, "%s: refused output not zeroed", aeads[x].name);
  b->cases++;
}

static void edge_body(const char *cimpl, const char *impl, void *arg) {
  edge_aead_bufs *b = arg;
  b->cimpl = cimpl;
  size_t npat = t_edge_poly1305_msg_count(), before = b->cases, step = t_quick() ? 13 : 1;
  /* Every length 0..1100 (every 13th in quick mode) once, the pattern, the
   * AAD length and the AEAD turning over with it. */
  for (size_t len = 0; len <= 1100; len += step)
    edge_aead_case(b, impl, (int)(len / npat % 2), len, edge_aad_lens[len / 2 % EDGE_AAD_COUNT], len % npat);
  /* The boundary lengths with every pattern and AAD length (in quick mode
   * the AAD length turns over with the pattern instead). */
  for (size_t i = 0; i < EDGE_FULL_COUNT; i++)
    for (size_t pat = 0; pat < npat; pat++)
      for (size_t a = 0; a < EDGE_AAD_COUNT; a++) {
        if (t_quick() && a != (pat + i) % EDGE_AAD_COUNT) continue;
        edge_aead_case(b, impl, (int)((i + pat + a) % 2), edge_full_lens[i], edge_aad_lens[a], pat);
      }
  size_t want = 1100 / step + 1 + EDGE_FULL_COUNT * npat * (t_quick() ? 1 : EDGE_AAD_COUNT);
  CHECK_MSG(b->cases - before == want, "%s+%s: %zu edge cases ran, not %zu", b->cimpl, impl, b->cases - before, want);
}

HWC_TEST(aead, poly1305_edge_ciphertexts_vs_generic) {
  edge_aead_bufs b = {0};
  b.ks = malloc(EDGE_MAX_LEN);
  b.pt = malloc(EDGE_MAX_LEN);
  b.want_ct = malloc(EDGE_MAX_LEN);
  b.ct = malloc(EDGE_MAX_LEN);
  b.out = malloc(EDGE_MAX_LEN);
  t_for_each_chacha_pair(edge_body, &b);
  free(b.ks);
  free(b.pt);
  free(b.want_ct);
  free(b.ct);
  free(b.out);
}

/* ---- the fused entries (src/kernels.h: seal, open). For every
 * chacha20-poly1305 entry with fused kernels: lengths around its steps
 * (the first step that runs alone, the stitched ones, the blocks after
 * them, the partial final block) and AAD lengths on both sides of 16,
 * sealed out of place at an odd offset and opened in place and out of
 * place, against generic+generic; a flipped tag bit is refused with the
 * output zeroed. Its own counter must show that the fused kernels ran
 * (once per seal, and per open where it has one), also with its members'
 * own primitives under every other selection (the entry names its
 * members), and must not move under "separate". */
static size_t stitched_len(size_t i) {
  /* 3..40 ChaCha20 blocks, each with six tails, then three long ones. */
  static const size_t tails[6] = {0, 1, 15, 16, 17, 63};
  static const size_t longer[3] = {4096, 16384 + 64 * 7 + 5, 65536 + 64 * 3 + 48};
  return i < 38 * 6 ? 64 * (3 + i / 6) + tails[i % 6] : longer[i - 38 * 6];
}
#define STITCHED_CASES (38 * 6 + 3)
#define STITCHED_MAX (65536 + 64 * 3 + 48)

static void stitched_run(const char *cimpl, const char *pimpl, uint8_t *const bufs[4]) {
  uint8_t *pt = bufs[0], *want = bufs[1], *got = bufs[2], *back = bufs[3];
  static const size_t aad_lens[] = {0, 1, 13, 16, 17, 64};
  uint8_t key[32], nonce[24], aad[64], tw[16], tg[16];
  for (size_t i = 0; i < STITCHED_CASES; i++) {
    size_t n = stitched_len(i), aad_len = aad_lens[i % 6];
    int x = (int)(i / 6 % 2);
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(aad, sizeof aad);
    t_rand_bytes(pt, n);
    t_chacha_ref();
    CHECK(aeads[x].enc(want, tw, pt, n, aad, aad_len, nonce, key) == HWC_OK);
    t_chacha_back();
    CHECK(aeads[x].enc(got + 3, tg, pt, n, aad, aad_len, nonce, key) == HWC_OK);
    CHECK_MEM(got + 3, want, n, "%s+%s: %s len %zu aad %zu: ciphertext", cimpl, pimpl, aeads[x].name, n, aad_len);
    CHECK_MEM(tg, tw, 16, "%s+%s: %s len %zu aad %zu: tag", cimpl, pimpl, aeads[x].name, n, aad_len);
    memset(back, 0x5a, n);
    CHECK(aeads[x].dec(back, got + 3, n, tg, aad, aad_len, nonce, key) == HWC_OK);
    CHECK_MEM(back, pt, n, "%s+%s: %s len %zu: opened out of place", cimpl, pimpl, aeads[x].name, n);
    memcpy(got, want, n);
    CHECK(aeads[x].dec(got, got, n, tg, aad, aad_len, nonce, key) == HWC_OK);
    CHECK_MEM(got, pt, n, "%s+%s: %s len %zu: opened in place", cimpl, pimpl, aeads[x].name, n);
    memcpy(got, want, n);
    tg[i % 16] ^= (uint8_t)(1u << (i % 8));
    CHECK_MSG(aeads[x].dec(got, got, n, tg, aad, aad_len, nonce, key) == HWC_ERR_AUTH,
              "%s+%s: %s len %zu: forged tag accepted", cimpl, pimpl, aeads[x].name, n);
    for (size_t j = 0; j < n; j++) CHECK_MSG(got[j] == 0, "%s+%s: refused output not zeroed", cimpl, pimpl);
  }
}

static int fused_aead(hwc_prim p) { return HWC_KERNEL(p, hwc_chacha20_poly1305_kernel)->seal != NULL; }

static unsigned long entry_calls(const hwc_chacha20_poly1305_kernel *k) {
  return __atomic_load_n(k->info.calls, __ATOMIC_RELAXED);
}

static void stitched_entry(hwc_prim p, const char *impl, void *arg) {
  uint8_t **bufs = arg;
  const hwc_chacha20_poly1305_kernel *k = HWC_KERNEL(p, hwc_chacha20_poly1305_kernel);
  /* Every case seals once and opens three times. The fused kernels take
   * what is left of a message beyond 192 bytes (three blocks: the
   * protocol's one-call short path) after the blocks that ran beside the
   * one-time key (the chacha20 member's key_and_blocks, up to
   * key_blocks_max blocks), when a whole block is left. */
  unsigned long want = 0, per = 1 + (k->open ? 3 : 0);
  const hwc_chacha20_kernel *ck = k->chacha20;
  for (size_t i = 0; i < STITCHED_CASES; i++) {
    size_t n = stitched_len(i), head = 0;
    if (ck->key_and_blocks) head = n / 64 < ck->key_blocks_max ? n / 64 : ck->key_blocks_max;
    want += n > 192 && n - 64 * head >= 64 ? per : 0;
  }
  unsigned long before = entry_calls(k);
  stitched_run(k->chacha20->info.name, k->poly1305->info.name, bufs);
  unsigned long ran = entry_calls(k) - before;
  CHECK_MSG(ran == want, "chacha20-poly1305/%s: the fused kernels ran %lu times, not %lu", impl, ran, want);
  /* The members' own primitives on generic: the entry still runs its own. */
  const char *c0 = hwc_impl_selected(HWC_PRIM_CHACHA20), *p0 = hwc_impl_selected(HWC_PRIM_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20, "generic") == HWC_OK && hwc_impl_select(HWC_PRIM_POLY1305, "generic") == HWC_OK);
  before = entry_calls(k);
  stitched_run(k->chacha20->info.name, k->poly1305->info.name, bufs);
  CHECK_MSG(entry_calls(k) - before == want, "chacha20-poly1305/%s: not run with its members' primitives on generic",
            impl);
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20, c0) == HWC_OK && hwc_impl_select(HWC_PRIM_POLY1305, p0) == HWC_OK);
  /* "separate": never the fused kernels. */
  CHECK(hwc_impl_select(p, "separate") == HWC_OK);
  before = entry_calls(k);
  stitched_run(hwc_impl_selected(HWC_PRIM_CHACHA20), hwc_impl_selected(HWC_PRIM_POLY1305), bufs);
  CHECK_MSG(entry_calls(k) == before, "chacha20-poly1305/%s: its fused kernels ran under separate", impl);
  CHECK(hwc_impl_select(p, impl) == HWC_OK);
}

HWC_TEST(aead, stitched_one_pass) {
  uint8_t *bufs[4] = {malloc(STITCHED_MAX), malloc(STITCHED_MAX), malloc(STITCHED_MAX + 3), malloc(STITCHED_MAX)};
  size_t ran = t_for_each_impl_where(HWC_PRIM_CHACHA20_POLY1305, fused_aead, stitched_entry, bufs);
  printf("aead: %zu fused chacha20-poly1305 entries checked\n", ran);
  for (int i = 0; i < 4; i++) free(bufs[i]);
}
