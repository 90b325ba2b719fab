/* PEM armour: see pem.h. Base64 per RFC 4648 section 4. Decoding does not
 * index tables by input bytes (a private key passes through here): each
 * character is classified by range comparisons done in masked arithmetic. */
#include "pem.h"

#include <string.h>

#include "internal.h"

static const char begin[] = "-----BEGIN ", end_[] = "-----END ", dashes[] = "-----";

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static size_t skip_space(const uint8_t *in, size_t i, size_t len) {
  while (i < len && is_space(in[i])) i++;
  return i;
}

int pem_looks_like(const uint8_t *in, size_t len) {
  size_t i = skip_space(in, 0, len);
  return len - i >= sizeof begin - 1 && memcmp(in + i, begin, sizeof begin - 1) == 0;
}

/* Branch-free base64 value of c, or -1: mask arithmetic on the ranges. */
static int b64_value(uint8_t c) {
  int x = c, v = -1;
  v += (((('A' - 1) - x) & (x - ('Z' + 1))) >> 8) & (x - 'A' + 1);
  v += (((('a' - 1) - x) & (x - ('z' + 1))) >> 8) & (x - 'a' + 27);
  v += (((('0' - 1) - x) & (x - ('9' + 1))) >> 8) & (x - '0' + 53);
  v += (((('+' - 1) - x) & (x - ('+' + 1))) >> 8) & 63;
  v += (((('/' - 1) - x) & (x - ('/' + 1))) >> 8) & 64;
  return v;
}

/* Reads "<prefix><label>-----" at in[*i], leaves *i after it. */
static int read_marker(const uint8_t *in, size_t len, size_t *i, const char *prefix, char label[PEM_LABEL_MAX]) {
  size_t pl = strlen(prefix), j = *i;
  if (len - j < pl || memcmp(in + j, prefix, pl) != 0) return HWC_ERR_BAD_ENCODING;
  j += pl;
  size_t start = j;
  while (j < len && in[j] != '-' && in[j] != '\n' && j - start < PEM_LABEL_MAX - 1) j++;
  if (len - j < 5 || memcmp(in + j, dashes, 5) != 0 || j == start) return HWC_ERR_BAD_ENCODING;
  memcpy(label, in + start, j - start);
  label[j - start] = 0;
  *i = j + 5;
  return HWC_OK;
}

int pem_decode(char label[PEM_LABEL_MAX], uint8_t *out, size_t *out_len, const uint8_t *in, size_t len) {
  char end_label[PEM_LABEL_MAX];
  size_t i = skip_space(in, 0, len), n = 0;
  if (read_marker(in, len, &i, begin, label)) return HWC_ERR_BAD_ENCODING;
  uint32_t acc = 0;
  int bits = 0, pad = 0, bad = 0;
  for (; i < len && in[i] != '-'; i++) {
    if (is_space(in[i])) continue;
    if (in[i] == '=') {
      pad++;
      continue;
    }
    int v = b64_value(in[i]);
    bad |= v < 0 || pad; /* nothing may follow padding */
    acc = acc << 6 | (uint32_t)(v & 63);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (uint8_t)(acc >> bits);
    }
  }
  /* 2 or 4 leftover bits need exactly 2 or 1 '=' and must be zero. */
  int want_pad = bits == 4 ? 2 : bits == 2 ? 1 : 0;
  bad |= bits == 6 || pad != want_pad || (acc & ((1u << bits) - 1)) != 0;
  if (bad || read_marker(in, len, &i, end_, end_label) || strcmp(label, end_label) != 0 ||
      skip_space(in, i, len) != len) {
    hwc_memzero(out, n);
    return HWC_ERR_BAD_ENCODING;
  }
  *out_len = n;
  return HWC_OK;
}

int pem_encode(uint8_t *out, size_t cap, size_t *out_len, const char *label, const uint8_t *der, size_t der_len) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t chars = (der_len + 2) / 3 * 4, ll = strlen(label);
  size_t need = (sizeof begin - 1) + ll + 5 + 1 + chars + (chars + 63) / 64 + (sizeof end_ - 1) + ll + 5 + 1;
  *out_len = need;
  if (out == NULL || cap < need) return HWC_ERR_INVALID_ARG;
  size_t o = 0;
#define PUT(s, n) (memcpy(out + o, (s), (n)), o += (n))
  PUT(begin, sizeof begin - 1); PUT(label, ll); PUT("-----\n", 6);
  for (size_t i = 0, col = 0; i < der_len; i += 3) {
    /* Encoding indexes the alphabet by key bytes: done with a scan of the
     * whole alphabet per character so the access pattern is fixed. */
    uint32_t w = (uint32_t)der[i] << 16 | (i + 1 < der_len ? (uint32_t)der[i + 1] << 8 : 0) |
                 (i + 2 < der_len ? der[i + 2] : 0);
    for (int k = 0; k < 4; k++) {
      uint8_t c = '=';
      if (k <= 1 || (k == 2 && i + 1 < der_len) || (k == 3 && i + 2 < der_len)) {
        uint32_t idx = w >> (18 - 6 * k) & 63;
        c = 0;
        for (uint32_t a = 0; a < 64; a++) c |= (uint8_t)(alphabet[a] & -(uint8_t)(a == idx));
      }
      out[o++] = c;
      if (++col == 64) { out[o++] = '\n'; col = 0; }
    }
    if (i + 3 >= der_len && col) out[o++] = '\n';
  }
  PUT(end_, sizeof end_ - 1); PUT(label, ll); PUT("-----\n", 6);
#undef PUT
  *out_len = o;
  return HWC_OK;
}
