/* SPDX-License-Identifier: ISC */
/* Secret streams with input-chosen message cuts, tags and additional data:
 * every chacha20-poly1305 entry (and under "separate" every chacha20 x
 * poly1305 pair) must push the same stream; the stream must pull back
 * message by message with its tags and leave both sides in the same state;
 * and with one input-chosen byte flipped, the message holding it must be
 * refused (m zeroed, the state unchanged), after which the genuine message
 * and the rest of the stream still pull.
 *
 * Input: key 32 | header 24 | ad length byte | flip position (2 bytes,
 * little-endian) | flip mask byte | payload. The payload is cut into
 * messages: a control byte (tag = its low 2 bits; length class = the other
 * 6: 0..47 bytes, or (class - 47) * 97 bytes, up to 1552, which reaches the
 * fused kernels), then that many bytes (fewer at the end). An empty FINAL
 * message ends every stream. The additional data is the payload's first
 * ad length % 33 bytes. */
#include "fuzz.h"

typedef struct {
  const uint8_t *key, *header, *payload;
  size_t plen, ad_len, flip_pos;
  uint8_t flip_mask;
  uint8_t *first, *out, *back;
  size_t out_len;       /* capacity of first and out */
  size_t ct_len;        /* bytes of stream pushed */
  hwc_secretstream_state tx_end; /* the pusher's state after the stream */
  int have_first;
} ss_case;

/* The next message of the payload from *pos: its bytes, length and tag;
 * 0 once the payload is used up. */
static int next_msg(const ss_case *c, size_t *pos, const uint8_t **m, size_t *len, uint8_t *tag) {
  if (*pos >= c->plen) return 0;
  uint8_t b = c->payload[(*pos)++];
  size_t cls = b >> 2, want = cls < 48 ? cls : (cls - 47) * 97, left = c->plen - *pos;
  *tag = b & 3;
  *len = want < left ? want : left;
  *m = c->payload + *pos;
  *pos += *len;
  return 1;
}

/* Pushes the whole stream into c->out; returns its length. */
static size_t push_all(ss_case *c) {
  hwc_secretstream_state tx;
  FUZZ_REQUIRE(hwc_secretstream_init_pull(&tx, c->header, c->key) == HWC_OK, "init");
  size_t pos = 0, at = 0, len;
  const uint8_t *m;
  uint8_t tag;
  for (;;) {
    int more = next_msg(c, &pos, &m, &len, &tag);
    if (!more) m = NULL, len = 0, tag = HWC_SECRETSTREAM_TAG_FINAL;
    size_t c_len = c->out_len - at;
    FUZZ_REQUIRE(hwc_secretstream_push(&tx, c->out + at, &c_len, m, len, c->payload, c->ad_len, tag) == HWC_OK &&
                     c_len == len + HWC_SECRETSTREAM_ABYTES,
                 "push failed");
    at += c_len;
    if (!more) break;
  }
  c->tx_end = tx;
  hwc_secretstream_wipe(&tx);
  return at;
}

/* Pulls the stream from c->out with byte `flip` (SIZE_MAX: none) XORed
 * with c->flip_mask: every message must pull, except the one holding the
 * flipped byte, which must be refused without effect and then pull once
 * restored. */
static void pull_all(ss_case *c, size_t flip) {
  hwc_secretstream_state rx;
  FUZZ_REQUIRE(hwc_secretstream_init_pull(&rx, c->header, c->key) == HWC_OK, "init");
  size_t pos = 0, at = 0, len;
  const uint8_t *m;
  uint8_t tag, got;
  for (;;) {
    int more = next_msg(c, &pos, &m, &len, &tag);
    if (!more) m = NULL, len = 0, tag = HWC_SECRETSTREAM_TAG_FINAL;
    size_t c_len = len + HWC_SECRETSTREAM_ABYTES, m_len;
    uint8_t *msg_ct = c->out + at;
    if (flip >= at && flip < at + c_len) {
      hwc_secretstream_state before = rx;
      msg_ct[flip - at] ^= c->flip_mask;
      memset(c->back, 0xa5, len);
      m_len = len;
      got = 0x77;
      FUZZ_REQUIRE(hwc_secretstream_pull(&rx, c->back, &m_len, &got, msg_ct, c_len, c->payload, c->ad_len) ==
                       HWC_ERR_AUTH,
                   "a flipped byte was accepted");
      msg_ct[flip - at] ^= c->flip_mask;
      FUZZ_REQUIRE(memcmp(&rx, &before, sizeof rx) == 0, "a refused pull changed the state");
      FUZZ_REQUIRE(m_len == 0 && got == 0, "a refused pull left a length or tag");
      for (size_t i = 0; i < len; i++) FUZZ_REQUIRE(c->back[i] == 0, "a refused pull left plaintext");
    }
    m_len = len;
    FUZZ_REQUIRE(hwc_secretstream_pull(&rx, c->back, &m_len, &got, msg_ct, c_len, c->payload, c->ad_len) == HWC_OK,
                 "own message refused");
    FUZZ_REQUIRE(m_len == len && got == tag && (len == 0 || memcmp(c->back, m, len) == 0), "round trip");
    at += c_len;
    if (!more) break;
  }
  FUZZ_REQUIRE(at == c->ct_len, "stream length");
  FUZZ_REQUIRE(memcmp(&rx, &c->tx_end, sizeof rx) == 0, "puller's and pusher's states differ");
  hwc_secretstream_wipe(&rx);
}

static void run_poly(size_t i, void *ctx) {
  (void)i;
  ss_case *c = ctx;
  c->ct_len = push_all(c);
  if (!c->have_first) {
    memcpy(c->first, c->out, c->ct_len);
    c->have_first = 1;
  }
  FUZZ_REQUIRE(memcmp(c->first, c->out, c->ct_len) == 0, "implementations disagree");
  pull_all(c, SIZE_MAX);
  if (c->flip_mask) pull_all(c, c->flip_pos % c->ct_len);
}

static void run_chacha(size_t i, void *ctx) {
  (void)i;
  fuzz_each_impl(HWC_PRIM_POLY1305, run_poly, ctx);
}

/* A fused entry runs as it is; "separate" under every chacha20 x poly1305
 * pair. */
static void run_pair(size_t i, void *ctx) {
  if (strcmp(hwc_impl_name(HWC_PRIM_CHACHA20_POLY1305, i), "separate") == 0)
    fuzz_each_impl(HWC_PRIM_CHACHA20, run_chacha, ctx);
  else
    run_poly(i, ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 32 + 24 + 4) return 0;
  ss_case c = {.key = data, .header = data + 32, .payload = data + 60, .plen = size - 60};
  c.ad_len = data[56] % 33;
  if (c.ad_len > c.plen) c.ad_len = c.plen;
  c.flip_pos = (size_t)data[57] | (size_t)data[58] << 8;
  c.flip_mask = data[59];
  /* Each message takes at least its control byte; one more, empty, ends. */
  c.out_len = (c.plen + 1) * (1 + HWC_SECRETSTREAM_ABYTES);
  c.first = malloc(c.out_len);
  c.out = malloc(c.out_len);
  c.back = malloc(c.plen + 1);
  if (!c.first || !c.out || !c.back) abort();
  fuzz_note_bytes(0, c.payload, c.plen);
  fuzz_each_impl(HWC_PRIM_CHACHA20_POLY1305, run_pair, &c);
  free(c.first);
  free(c.out);
  free(c.back);
  return 0;
}
