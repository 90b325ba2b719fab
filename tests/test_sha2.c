/* SPDX-License-Identifier: ISC */
/* SHA-256/384/512: FIPS 180-4 examples and NIST CAVP byte-oriented vectors
 * for every implementation this CPU supports; every implementation against
 * generic on random input (all lengths, odd alignments, random splits). */
#include <stdlib.h>

#include "check.h"
#include "src/hash/hash.h"

typedef struct {
  const char *name;
  hwc_prim prim;
  size_t out_len;
  void (*oneshot)(uint8_t *out, const uint8_t *in, size_t len);
  /* Hashes in through the incremental API, cut at the given offsets. */
  void (*pieces)(uint8_t *out, const uint8_t *in, size_t len, const size_t *cuts, size_t ncuts);
} hash_desc;

#define PIECES(fn, ctx_t, init, update, final)                                            \
  static void fn(uint8_t *out, const uint8_t *in, size_t len, const size_t *cuts, size_t n) { \
    ctx_t c;                                                                              \
    init(&c);                                                                             \
    size_t at = 0;                                                                        \
    for (size_t i = 0; i < n; i++) {                                                      \
      update(&c, in + at, cuts[i] - at);                                                  \
      at = cuts[i];                                                                       \
    }                                                                                     \
    update(&c, in + at, len - at);                                                        \
    final(&c, out);                                                                       \
  }
PIECES(sha256_pieces, hwc_sha256_ctx, hwc_sha256_init, hwc_sha256_update, hwc_sha256_final)
PIECES(sha384_pieces, hwc_sha512_ctx, hwc_sha384_init, hwc_sha512_update, hwc_sha384_final)
PIECES(sha512_pieces, hwc_sha512_ctx, hwc_sha512_init, hwc_sha512_update, hwc_sha512_final)

static const hash_desc hashes[] = {
    {"SHA256", HWC_PRIM_SHA256, 32, hwc_sha256, sha256_pieces},
    {"SHA384", HWC_PRIM_SHA512, 48, hwc_sha384, sha384_pieces},
    {"SHA512", HWC_PRIM_SHA512, 64, hwc_sha512, sha512_pieces},
};

/* ---- FIPS 180-4 examples (NIST "Examples with Intermediate Values"). */
static const struct { const char *msg; size_t repeat; const char *md[3]; } fips[] = {
    {"abc", 1,
     {"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"}},
    {"", 1,
     {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"}},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     {"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", NULL, NULL}},
    {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
     {NULL,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"}},
    {"a", 1000000,
     {"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"}},
};

static void fips_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  for (size_t h = 0; h < 3; h++) {
    if (hashes[h].prim != p) continue;
    for (size_t i = 0; i < sizeof fips / sizeof fips[0]; i++) {
      if (!fips[i].md[h]) continue;
      size_t n = strlen(fips[i].msg) * fips[i].repeat;
      uint8_t *msg = malloc(n + 1), want[64], got[64];
      for (size_t r = 0; r < fips[i].repeat; r++) memcpy(msg + r * strlen(fips[i].msg), fips[i].msg, strlen(fips[i].msg));
      t_unhex(want, sizeof want, fips[i].md[h]);
      hashes[h].oneshot(got, msg, n);
      free(msg);
      CHECK_MEM(got, want, hashes[h].out_len, "%s/%s: FIPS example %zu", hashes[h].name, impl, i);
    }
  }
}

HWC_TEST(sha2, fips180_examples) {
  t_for_each_impl(HWC_PRIM_SHA256, fips_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, fips_body, NULL);
}

/* ---- NIST CAVP SHAVS byte-oriented ShortMsg/LongMsg response files.
 * Records: "Len = <bits>", "Msg = <hex>", "MD = <hex>"; Len 0 has Msg 00. */
typedef struct { const hash_desc *h; const char *file; char *text; } cavp_file;
typedef struct { const cavp_file *f; const char *impl; } cavp_arg;

static void cavp_record(const uint8_t *msg, size_t len, const uint8_t *md, size_t md_len, void *argp) {
  cavp_arg *a = argp;
  uint8_t got[64];
  CHECK(md_len == a->f->h->out_len);
  a->f->h->oneshot(got, msg, len);
  CHECK_MSG(memcmp(got, md, md_len) == 0, "%s/%s: %s Len = %zu", a->f->h->name, a->impl, a->f->file, 8 * len);
}

static void cavp_body(hwc_prim p, const char *impl, void *fp) {
  (void)p;
  cavp_file *f = fp;
  cavp_arg a = {f, impl};
  size_t count = t_shavs_each(f->text, cavp_record, &a);
  CHECK_MSG(count >= 64, "%s: only %zu vectors parsed", f->file, count);
}

static void run_cavp(const hash_desc *h, const char *kind) {
  char file[64];
  snprintf(file, sizeof file, "%s%s.rsp", h->name, kind);
  cavp_file f = {h, file, t_read_vector_file(file, NULL)};
  CHECK_MSG(f.text != NULL, "vector file %s missing (HWC_VECTORS_DIR)", file);
  t_for_each_impl(h->prim, cavp_body, &f);
  free(f.text);
}

HWC_TEST(sha2, cavp_sha256) { run_cavp(&hashes[0], "ShortMsg"); run_cavp(&hashes[0], "LongMsg"); }
HWC_TEST(sha2, cavp_sha384) { run_cavp(&hashes[1], "ShortMsg"); run_cavp(&hashes[1], "LongMsg"); }
HWC_TEST(sha2, cavp_sha512) { run_cavp(&hashes[2], "ShortMsg"); run_cavp(&hashes[2], "LongMsg"); }

/* ---- Equivalence against generic: every length 0..1100 (and 1 MiB unless
 * quick), each at an alignment that varies with the length; then the
 * incremental API cut at random points against the one-shot digest. */
typedef struct { const hash_desc *h; uint8_t *buf; size_t max; } equiv_arg;

static size_t next_len(size_t len, size_t max) {
  return len < 1100 ? len + 1 : (len < max ? max : max + 1);
}

static void digest_all(const equiv_arg *a, uint8_t *out) {
  for (size_t len = 0; len <= a->max; len = next_len(len, a->max), out += a->h->out_len)
    a->h->oneshot(out, a->buf + (len * 7 % 8), len);
}

static void equiv_body(hwc_prim p, const char *impl, void *argp) {
  equiv_arg *a = argp;
  size_t size = 1102 * a->h->out_len;
  uint8_t *ref = calloc(1, size), *got = calloc(1, size);
  CHECK(hwc_impl_select(p, "generic") == HWC_OK);
  digest_all(a, ref);
  CHECK(hwc_impl_select(p, impl) == HWC_OK);
  digest_all(a, got);
  for (size_t i = 0, len = 0; i < size; i += a->h->out_len, len = next_len(len, a->max))
    CHECK_MSG(memcmp(ref + i, got + i, a->h->out_len) == 0, "%s/%s differs from generic at length %zu",
              a->h->name, impl, len);
  free(ref);
  free(got);
  for (size_t t = 0; t < (t_quick() ? 50u : 400u); t++) {
    size_t len = t_rand_below(1100), cuts[8], at = 0;
    const uint8_t *in = a->buf + t_rand_below(8);
    for (size_t n = 0; n < 8; n++) cuts[n] = at = at + t_rand_below(len - at + 1);
    uint8_t one[64], inc[64];
    a->h->oneshot(one, in, len);
    a->h->pieces(inc, in, len, cuts, 8);
    CHECK_MSG(memcmp(one, inc, a->h->out_len) == 0, "%s/%s: incremental != one-shot, length %zu",
              a->h->name, impl, len);
  }
}

static void run_equiv(const hash_desc *h) {
  equiv_arg a = {h, NULL, t_quick() ? 1100 : (1u << 20)};
  a.buf = malloc(a.max + 8);
  t_rand_bytes(a.buf, a.max + 8);
  t_for_each_impl(h->prim, equiv_body, &a);
  free(a.buf);
}

HWC_TEST(sha2, equivalence_sha256) { run_equiv(&hashes[0]); }
HWC_TEST(sha2, equivalence_sha384) { run_equiv(&hashes[1]); }
HWC_TEST(sha2, equivalence_sha512) { run_equiv(&hashes[2]); }

HWC_TEST(sha2, null_with_zero_length) {
  uint8_t a[64], b[64];
  hwc_sha256(a, NULL, 0);
  hwc_sha256(b, (const uint8_t *)"", 0);
  CHECK(memcmp(a, b, 32) == 0);
  hwc_sha512_ctx c;
  hwc_sha512_init(&c);
  hwc_sha512_update(&c, NULL, 0);
  hwc_sha512_final(&c, a);
  hwc_sha512(b, NULL, 0);
  CHECK(memcmp(a, b, 64) == 0);
}

/* ---- hwc_hash_ctx (0.3): the run-time choice of hash. FIPS 180-4's "abc"
 * digests through it for each hash (a known answer independent of the
 * other functions), then for each backend of each hash, random messages
 * cut into random pieces (empty ones included) against hwc_digest, a copy
 * that forks the hash, and the errors. */
HWC_TEST(sha2, hash_ctx_known_answers) {
  static const struct { hwc_hash h; const char *hex; } abc[] = {
      {HWC_HASH_SHA1, "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {HWC_HASH_SHA256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {HWC_HASH_SHA384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                        "8086072ba1e7cc2358baeca134c825a7"},
      {HWC_HASH_SHA512, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
  };
  for (size_t i = 0; i < sizeof abc / sizeof abc[0]; i++) {
    uint8_t want[64], got[64];
    size_t n = t_unhex(want, sizeof want, abc[i].hex);
    CHECK(n == hwc_hash_len(abc[i].h));
    hwc_hash_ctx c;
    CHECK(hwc_hash_init(&c, abc[i].h) == HWC_OK);
    hwc_hash_update(&c, (const uint8_t *)"a", 1);
    hwc_hash_update(&c, NULL, 0);
    hwc_hash_update(&c, (const uint8_t *)"bc", 2);
    hwc_hash_final(&c, got);
    CHECK_MSG(memcmp(got, want, n) == 0, "hwc_hash_ctx: hash %d, \"abc\"", (int)abc[i].h);
  }
}

static void hash_ctx_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const hwc_hash by_prim[3][2] = {{HWC_HASH_SHA1, HWC_HASH_SHA1},
                                         {HWC_HASH_SHA256, HWC_HASH_SHA256},
                                         {HWC_HASH_SHA384, HWC_HASH_SHA512}};
  int row = p == HWC_PRIM_SHA1 ? 0 : p == HWC_PRIM_SHA256 ? 1 : 2;
  static uint8_t msg[3000];
  for (int v = 0; v < 2; v++) {
    hwc_hash h = by_prim[row][v];
    for (int trial = 0; trial < (t_quick() ? 20 : 200); trial++) {
      size_t len = t_rand_below(sizeof msg + 1);
      t_rand_bytes(msg, len);
      uint8_t want[64], got[64], forked[64], head_want[64];
      CHECK(hwc_digest(want, msg, len, h) == HWC_OK);
      hwc_hash_ctx c, fork;
      CHECK(hwc_hash_init(&c, h) == HWC_OK);
      size_t at = 0, half = len / 2;
      int forked_yet = 0;
      while (at < len) {
        size_t piece = t_rand_below(len - at + 1);
        if (!forked_yet && at + piece > half) piece = half - at; /* stop at the half to fork there */
        hwc_hash_update(&c, msg + at, piece);
        at += piece;
        if (!forked_yet && at == half) {
          fork = c; /* a copy continues on its own */
          forked_yet = 1;
        }
      }
      if (!forked_yet) fork = c;
      hwc_hash_final(&c, got);
      CHECK_MSG(memcmp(got, want, hwc_hash_len(h)) == 0, "%s/%s: hash %d, %zu bytes in pieces", hwc_prim_name(p),
                impl, (int)h, len);
      hwc_hash_final(&fork, forked);
      CHECK(hwc_digest(head_want, msg, half, h) == HWC_OK);
      CHECK_MSG(memcmp(forked, head_want, hwc_hash_len(h)) == 0, "%s/%s: hash %d, a fork at %zu bytes",
                hwc_prim_name(p), impl, (int)h, half);
    }
  }
}

HWC_TEST(sha2, hash_ctx_pieces_and_forks) {
  t_for_each_impl(HWC_PRIM_SHA1, hash_ctx_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA256, hash_ctx_body, NULL);
  t_for_each_impl(HWC_PRIM_SHA512, hash_ctx_body, NULL);
}

HWC_TEST(sha2, hash_ctx_errors) {
  hwc_hash_ctx c;
  memset(&c, 0xa5, sizeof c);
  CHECK(hwc_hash_init(&c, (hwc_hash)4) == HWC_ERR_INVALID_ARG);
  for (size_t i = 0; i < sizeof c; i++) CHECK_MSG(((const uint8_t *)&c)[i] == 0, "refused init left byte %zu", i);
  CHECK(hwc_hash_init(&c, (hwc_hash)-1) == HWC_ERR_INVALID_ARG);
  CHECK(hwc_hash_init(NULL, HWC_HASH_SHA256) == HWC_ERR_INVALID_ARG);
}

/* ---- SHA-512 lanes (blocks_lanes, src/kernels.h): each lane against the
 * generic kernel's blocks on the same state and block. Edge words at the
 * adds' carry bounds (all zero, all ones, 2^63) in states and blocks, a
 * different case in each lane of one call and every case in every lane
 * position, blocks at odd addresses, and three chained calls against one
 * blocks call of three blocks. */
static int sha512_has_lanes(hwc_prim p) {
  return HWC_KERNEL(p, hwc_sha512_kernel)->lanes > 0;
}

/* Fills the eight state words and the 128-byte block of edge case c. */
static void sha512_lane_case(uint64_t st[8], uint8_t blk[384], unsigned c) {
  static const uint64_t words[] = {0, UINT64_MAX, UINT64_C(1) << 63, (UINT64_C(1) << 63) - 1};
  const unsigned nw = sizeof words / sizeof words[0];
  for (int i = 0; i < 8; i++) st[i] = c < nw * nw ? words[(c + (unsigned)i * (c / nw)) % nw] : t_rand64();
  for (int j = 0; j < 384; j++)
    blk[j] = c < nw * nw ? (uint8_t)(words[(c / nw + (unsigned)j / 8) % nw] >> (8 * (j % 8))) : (uint8_t)t_rand64();
}

static void sha512_lanes_body(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  const hwc_sha512_kernel *k = HWC_KERNEL(p, hwc_sha512_kernel);
  const hwc_sha512_kernel *ref = (const hwc_sha512_kernel *)hwc_registry_impl(p, 0);
  CHECK(k->lanes >= 2 && k->lanes <= HWC_SHA512_MAX_LANES && k->blocks_lanes != NULL);
  const unsigned lanes = k->lanes, ncases = 16 + (t_quick() ? 4 : 32);
  static uint8_t buf[HWC_SHA512_MAX_LANES][384 + 7];
  uint64_t st[HWC_SHA512_MAX_LANES][8], want[HWC_SHA512_MAX_LANES][8];
  for (unsigned rot = 0; rot < ncases; rot++) {
    const uint8_t *in[HWC_SHA512_MAX_LANES];
    for (unsigned l = 0; l < lanes; l++) {
      uint8_t *blk = buf[l] + (l + rot) % 8; /* odd addresses too */
      sha512_lane_case(st[l], blk, (rot + l) % ncases);
      memcpy(want[l], st[l], sizeof want[l]);
      ref->blocks(want[l], blk, 3);
      in[l] = blk;
    }
    for (int b = 0; b < 3; b++) {
      k->blocks_lanes(st, in);
      for (unsigned l = 0; l < lanes; l++) in[l] += 128;
    }
    for (unsigned l = 0; l < lanes; l++)
      CHECK_MSG(memcmp(st[l], want[l], sizeof want[l]) == 0, "%s: lane %u, case %u differs from generic", impl, l,
                (rot + l) % ncases);
  }
}

HWC_TEST(sha2, sha512_lanes_match_blocks) {
  size_t ran = t_for_each_impl_where(HWC_PRIM_SHA512, sha512_has_lanes, sha512_lanes_body, NULL);
  if (!ran) fprintf(stderr, "sha2/sha512_lanes_match_blocks: no SHA-512 backend with lanes on this CPU\n");
}

/* hwc_sha512_lanes (src/hash/sha512_lanes.c) against hwc_sha512 of head ||
 * message: heads of 0, 32, 64 and 128 bytes, message lengths at every
 * padding boundary (the 0x80 byte and the length field just fitting, or
 * spilling into one more block) mixed in one call so that lanes finish
 * at different blocks, n from 1 to 17 (idle lanes, several groups). */
static void sha512_many_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  static const size_t heads[] = {0, 32, 64, 128};
  static const size_t lens[] = {0, 1, 47, 48, 79, 80, 95, 96, 110, 111, 112, 113, 127, 128, 129, 239, 240, 256, 1000};
  const size_t nlens = sizeof lens / sizeof lens[0];
  static uint8_t msgs[17][1000], headbuf[17][128], cat[1128];
  uint8_t got[17][64], want[64];
  const uint8_t *msg[17], *head[17];
  size_t len[17];
  for (size_t hi = 0; hi < sizeof heads / sizeof heads[0]; hi++) {
    for (size_t n = 1; n <= 17; n += t_quick() ? 4 : 1) {
      for (size_t i = 0; i < n; i++) {
        len[i] = lens[(i * 7 + n + hi) % nlens];
        t_rand_bytes(msgs[i], len[i]);
        t_rand_bytes(headbuf[i], heads[hi]);
        msg[i] = len[i] ? msgs[i] : NULL;
        head[i] = headbuf[i];
      }
      hwc_sha512_lanes(got, head, heads[hi], msg, len, n);
      for (size_t i = 0; i < n; i++) {
        memcpy(cat, headbuf[i], heads[hi]);
        memcpy(cat + heads[hi], msgs[i], len[i]);
        hwc_sha512(want, cat, heads[hi] + len[i]);
        CHECK_MSG(memcmp(got[i], want, 64) == 0, "%s: head %zu, item %zu of %zu (length %zu) differs", impl,
                  heads[hi], i, n, len[i]);
      }
    }
  }
}

HWC_TEST(sha2, sha512_many_messages) { t_for_each_impl(HWC_PRIM_SHA512, sha512_many_body, NULL); }
