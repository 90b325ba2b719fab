/* SPDX-License-Identifier: ISC */
/* ChaCha20, HChaCha20 and XChaCha20: RFC 8439 and draft-irtf-cfrg-xchacha
 * vectors (tests/vectors/chacha20_poly1305.txt) for every implementation;
 * every implementation against generic at every length 0..1100, 1 MiB, odd
 * alignments and in place; counter limits; bad arguments. */
#include <stdlib.h>

#include "chacha_test.h"

/* ---- vector file */
size_t t_chacha_vectors(const char *kind, void (*fn)(const t_cvec *v, void *arg), void *arg) {
  char *text = t_read_vector_file("chacha20_poly1305.txt", NULL);
  CHECK_MSG(text != NULL, "tests/vectors/chacha20_poly1305.txt missing");
  size_t count = 0;
  char *save = NULL;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (line[0] == '#' || line[0] == 0) continue;
    t_cvec v;
    memset(&v, 0, sizeof v);
    char *save2 = NULL;
    char *tok = strtok_r(line, " ", &save2);
    snprintf(v.kind, sizeof v.kind, "%s", tok);
    if (strcmp(v.kind, kind) != 0) continue;
    snprintf(v.name, sizeof v.name, "%s", strtok_r(NULL, " ", &save2));
    while ((tok = strtok_r(NULL, " ", &save2)) && v.nf < 8) {
      char *eq = strchr(tok, '=');
      CHECK(eq != NULL);
      *eq = 0;
      snprintf(v.f[v.nf].key, sizeof v.f[v.nf].key, "%s", tok);
      if (strcmp(tok, "counter") == 0) {
        v.counter = strtoull(eq + 1, NULL, 10);
        continue;
      }
      size_t n = strlen(eq + 1) / 2;
      v.f[v.nf].val = malloc(n + 1);
      v.f[v.nf].len = t_unhex(v.f[v.nf].val, n + 1, eq + 1);
      v.nf++;
    }
    fn(&v, arg);
    for (size_t i = 0; i < v.nf; i++) free(v.f[i].val);
    count++;
  }
  free(text);
  CHECK_MSG(count > 0, "no %s vectors", kind);
  return count;
}

const uint8_t *t_cvec_get(const t_cvec *v, const char *key, size_t *len) {
  for (size_t i = 0; i < v->nf; i++)
    if (strcmp(v->f[i].key, key) == 0) {
      if (len) *len = v->f[i].len;
      return v->f[i].val;
    }
  CHECK_MSG(0, "%s: field %s missing", v->name, key);
  return NULL;
}

/* ---- known answers */
static void chacha_vec(const t_cvec *v, void *arg) {
  const char *impl = arg;
  size_t n, kl, nl;
  const uint8_t *in = t_cvec_get(v, "in", &n), *want = t_cvec_get(v, "out", NULL);
  const uint8_t *key = t_cvec_get(v, "key", &kl), *nonce = t_cvec_get(v, "nonce", &nl);
  uint8_t *out = malloc(n + 1);
  int xchacha = strcmp(v->kind, "xchacha20") == 0;
  int err = xchacha ? hwc_xchacha20(out, in, n, nonce, v->counter, key)
                    : hwc_chacha20(out, in, n, nonce, (uint32_t)v->counter, key);
  CHECK_MSG(err == HWC_OK, "%s/%s: error %d", impl, v->name, err);
  CHECK_MEM(out, want, n, "%s/%s: wrong output", impl, v->name);
  /* in place */
  memcpy(out, in, n);
  err = xchacha ? hwc_xchacha20(out, out, n, nonce, v->counter, key)
                : hwc_chacha20(out, out, n, nonce, (uint32_t)v->counter, key);
  CHECK_MEM(out, want, n, "%s/%s: wrong output in place", impl, v->name);
  free(out);
}

static void chacha_vec_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  t_chacha_vectors("chacha20", chacha_vec, (void *)impl);
  t_chacha_vectors("xchacha20", chacha_vec, (void *)impl);
}

HWC_TEST(chacha20, rfc8439_and_xchacha_vectors) {
  t_for_each_impl(HWC_PRIM_CHACHA20, chacha_vec_body, NULL);
}

/* HChaCha20 is portable protocol code, checked through XChaCha20 above and
 * directly here: with a zero counter-and-nonce tail the first XChaCha20 block
 * is ChaCha20 under the subkey, whose value the draft gives. */
static void hchacha_vec(const t_cvec *v, void *arg) {
  (void)arg;
  const uint8_t *key = t_cvec_get(v, "key", NULL), *n16 = t_cvec_get(v, "nonce", NULL);
  const uint8_t *subkey = t_cvec_get(v, "out", NULL);
  uint8_t n24[24] = {0}, a[200], b[200], zero[12] = {0};
  memcpy(n24, n16, 16);
  memset(a, 0x5a, sizeof a);
  CHECK(hwc_xchacha20(a, a, sizeof a, n24, 0, key) == HWC_OK);
  memset(b, 0x5a, sizeof b);
  CHECK(hwc_chacha20(b, b, sizeof b, zero, 0, subkey) == HWC_OK);
  CHECK_MEM(a, b, sizeof a, "%s: XChaCha20 is not ChaCha20 under the HChaCha20 subkey", v->name);
}

HWC_TEST(chacha20, hchacha20_vector) { t_chacha_vectors("hchacha20", hchacha_vec, NULL); }

/* ---- equivalence with generic */
static uint8_t key_g[32], nonce_g[24];

static void stream_generic(uint8_t *out, const uint8_t *in, size_t len, uint32_t ctr, int x) {
  CHECK(hwc_impl_select(HWC_PRIM_CHACHA20, "generic") == HWC_OK);
  CHECK((x ? hwc_xchacha20(out, in, len, nonce_g, ctr, key_g) : hwc_chacha20(out, in, len, nonce_g, ctr, key_g)) == HWC_OK);
}

static void equiv_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  if (strcmp(impl, "generic") == 0) {
    uint8_t b[64] = {0};
    CHECK(hwc_chacha20(b, b, 64, nonce_g, 0, key_g) == HWC_OK); /* count the call */
    return;
  }
  /* Every length to 1100 bytes (every tail after the kernels' steps of 4,
   * 5, 8 and 16 blocks), then lengths around one and two steps of 32
   * blocks (avx512's widest) and around 72 (avx2-gpr's run of nines), with
   * every tail class. */
  static const size_t longer[] = {2047, 2048, 2049, 2111, 2112, 2113, 2303, 3071, 3072, 3073,
                                  4095, 4096, 4097, 4159, 4160, 4607, 4608, 4609, 5119, 5120, 6143, 6144, 6145};
  size_t maxlen = 6145 + 64, nlen = 1101 + sizeof longer / sizeof longer[0];
  uint8_t *in = malloc(maxlen + 16), *want = malloc(maxlen + 16), *got = malloc(maxlen + 16);
  for (size_t li = 0; li < nlen; li++) {
    size_t len = li <= 1100 ? li : longer[li - 1101];
    size_t ia = t_rand_below(16), oa = t_rand_below(16);
    uint32_t ctr = (uint32_t)t_rand64();
    if (ctr > 0xffff0000u) ctr = 0xffff0000u;
    int x = len % 3 == 0;
    t_rand_bytes(in + ia, len);
    stream_generic(want, in + ia, len, ctr, x);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    CHECK((x ? hwc_xchacha20(got + oa, in + ia, len, nonce_g, ctr, key_g)
             : hwc_chacha20(got + oa, in + ia, len, nonce_g, ctr, key_g)) == HWC_OK);
    CHECK_MEM(got + oa, want, len, "%s: len %zu x=%d differs from generic", impl, len, x);
    /* in place at the odd alignment */
    CHECK((x ? hwc_xchacha20(in + ia, in + ia, len, nonce_g, ctr, key_g)
             : hwc_chacha20(in + ia, in + ia, len, nonce_g, ctr, key_g)) == HWC_OK);
    CHECK_MEM(in + ia, want, len, "%s: len %zu in place differs from generic", impl, len);
  }
  free(in);
  free(want);
  free(got);
  if (!t_quick()) {
    size_t big = (1 << 20) + 13;
    uint8_t *a = malloc(big), *b = malloc(big), *c = malloc(big);
    t_rand_bytes(a, big);
    stream_generic(b, a, big, 7, 0);
    CHECK(hwc_impl_select(p, impl) == HWC_OK);
    CHECK(hwc_chacha20(c, a, big, nonce_g, 7, key_g) == HWC_OK);
    CHECK_MEM(c, b, big, "%s: 1 MiB differs from generic", impl);
    free(a);
    free(b);
    free(c);
  }
}

HWC_TEST(chacha20, equivalence_with_generic) {
  t_rand_bytes(key_g, sizeof key_g);
  t_rand_bytes(nonce_g, sizeof nonce_g);
  t_for_each_impl(HWC_PRIM_CHACHA20, equiv_body, NULL);
}

/* XChaCha20's 64-bit counter crosses 2^32 in the middle of a run of blocks:
 * one call must equal two calls split at the boundary (word 13 carries). */
static void carry_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  uint8_t in[64 * 20], one[sizeof in], two[sizeof in];
  t_rand_bytes(in, sizeof in);
  uint64_t c0 = 0xfffffff8u;
  CHECK(hwc_xchacha20(one, in, sizeof in, nonce_g, c0, key_g) == HWC_OK);
  CHECK(hwc_xchacha20(two, in, 8 * 64, nonce_g, c0, key_g) == HWC_OK);
  CHECK(hwc_xchacha20(two + 512, in + 512, sizeof in - 512, nonce_g, c0 + 8, key_g) == HWC_OK);
  CHECK_MEM(one, two, sizeof in, "%s: 64-bit counter carry", impl);
  /* and the last 2^64 - 1 counter is usable, one past it is not */
  CHECK(hwc_xchacha20(one, in, 64, nonce_g, UINT64_MAX, key_g) == HWC_OK);
  CHECK(hwc_xchacha20(one, in, 65, nonce_g, UINT64_MAX, key_g) == HWC_ERR_TOO_LONG);
}

HWC_TEST(chacha20, xchacha_counter_carry) { t_for_each_impl(HWC_PRIM_CHACHA20, carry_body, NULL); }

HWC_TEST(chacha20, counter_overflow_and_bad_args) {
  uint8_t key[32] = {1}, nonce[12] = {2}, buf[200], ref[200];
  memset(buf, 0xaa, sizeof buf);
  /* The last block of a 32-bit counter works, the block after it does not,
   * and a refused call writes nothing. */
  CHECK(hwc_chacha20(buf, buf, 64, nonce, 0xffffffffu, key) == HWC_OK);
  memcpy(ref, buf, sizeof buf);
  CHECK(hwc_chacha20(buf, buf, 65, nonce, 0xffffffffu, key) == HWC_ERR_TOO_LONG);
  CHECK(hwc_chacha20(buf, buf, 129, nonce, 0xfffffffeu, key) == HWC_ERR_TOO_LONG);
  CHECK(hwc_chacha20(buf, buf, 128, nonce, 0xfffffffeu, key) == HWC_OK);
  memcpy(ref, buf, sizeof buf);
  CHECK(hwc_chacha20(NULL, buf, 1, nonce, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20(buf, NULL, 1, nonce, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20(buf, buf, 1, NULL, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20(buf, buf, 1, nonce, 0, NULL) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20(NULL, NULL, 0, nonce, 0, key) == HWC_OK);
  CHECK(hwc_xchacha20(NULL, NULL, 0, nonce_g, 0, key) == HWC_OK);
  CHECK(hwc_chacha20(buf + 1, buf, 100, nonce, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_chacha20(buf, buf + 99, 100, nonce, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_xchacha20(buf + 3, buf, 100, nonce_g, 0, key) == HWC_ERR_INVALID_ARG);
  CHECK_MEM(buf, ref, sizeof buf, "a refused call wrote its output");
}

/* ---- Counter edges against generic: with the 12-byte nonce, every length
 * whose last block is the last one the 32-bit counter allows (2^32 - 1),
 * over up to 33 blocks (two of the widest kernel's 16-block iterations and
 * one more); with XChaCha20, runs of up to 40 blocks whose 64-bit counter
 * carries from word 12 into word 13 at every position, and runs ending at
 * 2^64 - 1. All-ones and all-zero keys, nonces and data. */
static void counter_edge_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  enum { MAXB = 40 };
  static uint8_t in[64 * MAXB], want[64 * MAXB], got[64 * MAXB];
  uint8_t key[32], nonce[24];
  for (int fill = 0; fill < 2; fill++) {
    memset(key, fill ? 0xff : 0x00, sizeof key);
    memset(nonce, fill ? 0xff : 0x00, sizeof nonce);
    memset(in, fill ? 0x00 : 0xff, sizeof in);
    for (size_t len = 1; len <= 64 * 33; len++) {
      size_t nb = (len + 63) / 64;
      uint32_t ctr = (uint32_t)(0u - (uint32_t)nb); /* the last block is counter 2^32 - 1 */
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      CHECK(hwc_chacha20(want, in, len, nonce, ctr, key) == HWC_OK);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      CHECK_MSG(hwc_chacha20(got, in, len, nonce, ctr, key) == HWC_OK, "%s: len %zu ending at 2^32-1 refused", impl,
                len);
      CHECK_MEM(got, want, len, "%s: len %zu ending at counter 2^32-1 differs from generic", impl, len);
      if (len % 64 == 0) /* one byte more needs counter 2^32 */
        CHECK_MSG(hwc_chacha20(got, in, len + 1, nonce, ctr, key) == HWC_ERR_TOO_LONG, "%s: len %zu past 2^32-1",
                  impl, len + 1);
    }
    for (size_t before = 1; before <= MAXB; before++) {
      const uint64_t c0 = ((uint64_t)1 << 32) - before, c_top = UINT64_MAX - (before - 1);
      const size_t len = 64 * MAXB - (before % 64);
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      CHECK(hwc_xchacha20(want, in, len, nonce, c0, key) == HWC_OK);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      CHECK(hwc_xchacha20(got, in, len, nonce, c0, key) == HWC_OK);
      CHECK_MEM(got, want, len, "%s: XChaCha20 from 2^32 - %zu differs from generic", impl, before);
      const size_t tail = 64 * before; /* blocks c_top .. 2^64 - 1 */
      CHECK(hwc_impl_select(p, "generic") == HWC_OK);
      CHECK(hwc_xchacha20(want, in, tail, nonce, c_top, key) == HWC_OK);
      CHECK(hwc_impl_select(p, impl) == HWC_OK);
      CHECK(hwc_xchacha20(got, in, tail, nonce, c_top, key) == HWC_OK);
      CHECK_MEM(got, want, tail, "%s: XChaCha20 ending at 2^64 - 1 (%zu blocks) differs from generic", impl, before);
      CHECK(hwc_xchacha20(got, in, tail + 1, nonce, c_top, key) == HWC_ERR_TOO_LONG);
    }
  }
}

HWC_TEST(chacha20, counter_edges_vs_generic) { t_for_each_impl(HWC_PRIM_CHACHA20, counter_edge_body, NULL); }

/* ---- key_and_blocks (the AEAD's one-time key beside the first blocks):
 * on every implementation that has it, for every block count it takes,
 * the key block and the blocks after it equal the portable loop's, at
 * counters 0 (the AEAD's), 1, a random one and the highest start whose
 * last block is 2^32 - 1; in place and apart; all-zero, all-ones and
 * random state words; the counter advances by n + 1 and nothing else in
 * the state changes. */
static void key_blocks_body(hwc_prim p, const char *impl, void *arg) {
  (void)p, (void)arg;
  const hwc_chacha20_kernel *k = HWC_KERNEL(HWC_PRIM_CHACHA20, hwc_chacha20_kernel);
  CHECK_MSG(k->key_blocks_max >= 1 && k->key_blocks_max <= 32, "%s: key_blocks_max %zu", impl, k->key_blocks_max);
  static uint8_t in[64 * 33], want[64 * 33], got[64 * 33];
  for (int fill = 0; fill < 3; fill++) {
    uint32_t st0[16];
    for (int i = 0; i < 16; i++) st0[i] = fill == 0 ? 0 : fill == 1 ? 0xffffffffu : (uint32_t)t_rand64();
    if (fill == 2) t_rand_bytes(in, sizeof in);
    else memset(in, fill ? 0x00 : 0xff, sizeof in);
    for (size_t n = 1; n <= k->key_blocks_max; n++) {
      const uint32_t ctrs[4] = {0, 1, (uint32_t)(0u - (uint32_t)(n + 1)), (uint32_t)t_rand64() >> 1};
      for (int c = 0; c < 4; c++)
        for (int inplace = 0; inplace < 2; inplace++) {
          uint32_t sw[16], sg[16];
          uint8_t kw[64] = {0}, kg[64];
          memcpy(sw, st0, sizeof sw);
          sw[12] = ctrs[c];
          memcpy(sg, sw, sizeof sg);
          hwc_chacha20_blocks_scalar(kw, kw, 1, sw);
          hwc_chacha20_blocks_scalar(want, in, n, sw);
          if (inplace) memcpy(got, in, 64 * n);
          k->key_and_blocks(kg, got, inplace ? got : in, n, sg);
          CHECK_MSG(memcmp(kg, kw, 64) == 0, "%s: key block differs (n %zu, counter %08x)", impl, n, ctrs[c]);
          CHECK_MSG(memcmp(got, want, 64 * n) == 0, "%s: %zu blocks after the key differ (counter %08x, %s)", impl,
                    n, ctrs[c], inplace ? "in place" : "apart");
          CHECK_MSG(memcmp(sg, sw, sizeof sg) == 0, "%s: state after key_and_blocks(%zu) differs", impl, n);
        }
    }
  }
}

static int has_key_blocks(hwc_prim p) { return HWC_KERNEL(p, hwc_chacha20_kernel)->key_and_blocks != NULL; }

HWC_TEST(chacha20, key_and_blocks_vs_portable) {
  size_t ran = t_for_each_impl_where(HWC_PRIM_CHACHA20, has_key_blocks, key_blocks_body, NULL);
  printf("chacha20: key_and_blocks checked on %zu implementation(s) of this CPU\n", ran);
}
