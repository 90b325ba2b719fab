/* A minimal reader for Wycheproof AEAD test files (aead_test_schema_v1),
 * read in place from ../shared/wycheproof or $WYCHEPROOF_DIR. It relies on
 * the schema's flat test objects: string fields of hex, a "flags" array, no
 * nested objects inside a test. */
#include <stdlib.h>

#include "chacha_test.h"

#ifndef HWC_WYCHEPROOF_DEFAULT
#define HWC_WYCHEPROOF_DEFAULT HWC_VECTORS_DEFAULT "/../../../shared/wycheproof"
#endif

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  if (buf) buf[n] = 0;
  return buf;
}

/* Finds "name" : "value" between p and end; decodes the hex value. */
static uint8_t *field(const char *p, const char *end, const char *name, size_t *len) {
  char pat[32];
  snprintf(pat, sizeof pat, "\"%s\"", name);
  const char *q = strstr(p, pat);
  CHECK_MSG(q && q < end, "wycheproof: field %s missing", name);
  q = strchr(q + strlen(pat), '"');
  const char *e = strchr(q + 1, '"');
  size_t n = (size_t)(e - q - 1);
  char *hex = malloc(n + 1);
  memcpy(hex, q + 1, n);
  hex[n] = 0;
  uint8_t *out = malloc(n / 2 + 1);
  *len = t_unhex(out, n / 2 + 1, hex);
  free(hex);
  return out;
}

size_t t_wycheproof_aead(const char *file, void (*fn)(const t_wp_aead *tc, void *arg), void *arg) {
  const char *dir = getenv("WYCHEPROOF_DIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir ? dir : HWC_WYCHEPROOF_DEFAULT, file);
  char *json = slurp(path);
  CHECK_MSG(json != NULL, "Wycheproof file %s not found (set WYCHEPROOF_DIR); these tests cannot run", path);
  size_t count = 0;
  for (const char *p = strstr(json, "\"tcId\""); p; p = strstr(p + 1, "\"tcId\"")) {
    const char *end = strchr(p, '}');
    t_wp_aead tc;
    uint8_t *bufs[6];
    tc.tc_id = atoi(strchr(p, ':') + 1);
    tc.key = bufs[0] = field(p, end, "key", &tc.key_len);
    tc.iv = bufs[1] = field(p, end, "iv", &tc.iv_len);
    tc.aad = bufs[2] = field(p, end, "aad", &tc.aad_len);
    tc.msg = bufs[3] = field(p, end, "msg", &tc.msg_len);
    tc.ct = bufs[4] = field(p, end, "ct", &tc.ct_len);
    tc.tag = bufs[5] = field(p, end, "tag", &tc.tag_len);
    const char *r = strstr(p, "\"result\"");
    CHECK_MSG(r && r < end, "wycheproof tcId %d: no result", tc.tc_id);
    tc.valid = strstr(r, "\"invalid\"") != strchr(r + 8, '"');
    fn(&tc, arg);
    for (int i = 0; i < 6; i++) free(bufs[i]);
    count++;
  }
  free(json);
  return count;
}
