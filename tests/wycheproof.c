/* SPDX-License-Identifier: ISC */
/* Wycheproof files through the shared JSON reader (tools/json/json_read.c):
 * loading from the vendored directory and walking testGroups[].tests[]. */
#include "wycheproof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) abort();
  return p;
}

void wp_free(wp_value *v) { json_free(v); }

wp_value *wp_load(const char *name) {
  const char *dir = getenv("WYCHEPROOF_DIR");
  char path[4096], err[128];
  /* Default: the vendored copy, tests/vectors/wycheproof. */
  snprintf(path, sizeof path, "%s/%s", dir ? dir : HWC_VECTORS_DEFAULT "/wycheproof", name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "wycheproof: %s not found (set WYCHEPROOF_DIR)\n", path);
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = xmalloc(n > 0 ? (size_t)n : 0);
  size_t got = n > 0 ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  wp_value *v = NULL;
  if (n < 0 || got != (size_t)n)
    fprintf(stderr, "wycheproof: %s: read error\n", path);
  else if (!(v = json_parse(buf, got, err, sizeof err)))
    fprintf(stderr, "wycheproof: %s is not valid JSON: %s\n", path, err);
  free(buf);
  return v;
}

const wp_value *wp_get(const wp_value *v, const char *key) {
  return v && v->type == JV_OBJ ? json_get(v, key) : NULL;
}

const wp_value *wp_at(const wp_value *v, size_t i) {
  return v && (v->type == JV_ARR || v->type == JV_OBJ) && i < v->n ? &v->items[i] : NULL;
}

const char *wp_str(const wp_value *v, const char *key) {
  const wp_value *m = wp_get(v, key);
  return m && m->type == JV_STR ? m->str : "";
}

long wp_num(const wp_value *v, const char *key) {
  const wp_value *m = wp_get(v, key);
  return m && m->type == JV_NUM ? (long)m->num : -1;
}

uint8_t *wp_hex(const wp_value *v, const char *key, size_t *len) {
  const char *h = wp_str(v, key);
  size_t cap = strlen(h) / 2 + 1;
  uint8_t *out = xmalloc(cap);
  *len = t_unhex(out, cap, h);
  return out;
}

int wp_has_flag(const wp_value *t, const char *flag) {
  const wp_value *f = wp_get(t, "flags");
  for (size_t i = 0; f && f->type == JV_ARR && i < f->n; i++)
    if (f->items[i].type == JV_STR && !strcmp(f->items[i].str, flag)) return 1;
  return 0;
}

size_t wp_for_each_test(const wp_value *doc, wp_test_fn fn, void *arg) {
  const wp_value *groups = wp_get(doc, "testGroups");
  size_t n = 0;
  for (size_t g = 0; groups && groups->type == JV_ARR && g < groups->n; g++) {
    const wp_value *tests = wp_get(&groups->items[g], "tests");
    for (size_t t = 0; tests && tests->type == JV_ARR && t < tests->n; t++, n++)
      fn(&groups->items[g], &tests->items[t], arg);
  }
  return n;
}
