/* SPDX-License-Identifier: ISC */
/* Recursive-descent JSON parser, enough for Wycheproof's files: objects,
 * arrays, strings with the usual escapes (\uXXXX kept only for ASCII),
 * numbers, true/false/null. */
#include "wycheproof.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct {
  const char *p, *end;
  int bad;
} parser;

static void skip_ws(parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t')) ps->p++;
}

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) abort();
  return q;
}

static char *parse_string(parser *ps) {
  if (ps->p >= ps->end || *ps->p != '"') {
    ps->bad = 1;
    return NULL;
  }
  ps->p++;
  size_t cap = 16, n = 0;
  char *s = xrealloc(NULL, cap);
  while (ps->p < ps->end && *ps->p != '"') {
    char c = *ps->p++;
    if (c == '\\' && ps->p < ps->end) {
      char e = *ps->p++;
      switch (e) {
        case 'n': c = '\n'; break;
        case 't': c = '\t'; break;
        case 'r': c = '\r'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'u': {
          unsigned v = 0;
          for (int i = 0; i < 4 && ps->p < ps->end; i++) {
            char h = *ps->p++;
            v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
          }
          c = v < 128 ? (char)v : '?';
          break;
        }
        default: c = e;
      }
    }
    if (n + 2 > cap) s = xrealloc(s, cap *= 2);
    s[n++] = c;
  }
  if (ps->p >= ps->end) ps->bad = 1; else ps->p++;
  s[n] = 0;
  return s;
}

static void parse_value(parser *ps, wp_value *v);

static void parse_container(parser *ps, wp_value *v, int object) {
  char close = object ? '}' : ']';
  size_t cap = 0;
  v->type = object ? WP_OBJ : WP_ARR;
  ps->p++;
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    return;
  }
  while (!ps->bad) {
    if (v->len == cap) {
      cap = cap ? 2 * cap : 8;
      v->items = xrealloc(v->items, cap * sizeof *v->items);
      if (object) v->keys = xrealloc(v->keys, cap * sizeof *v->keys);
    }
    skip_ws(ps);
    if (object) {
      v->keys[v->len] = parse_string(ps);
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        free(v->keys[v->len]);
        ps->bad = 1;
        return;
      }
      ps->p++;
    }
    parse_value(ps, &v->items[v->len++]);
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ps->p++;
      return;
    }
    ps->bad = 1;
  }
}

static void parse_value(parser *ps, wp_value *v) {
  memset(v, 0, sizeof *v);
  skip_ws(ps);
  if (ps->p >= ps->end) {
    ps->bad = 1;
    return;
  }
  char c = *ps->p;
  if (c == '{' || c == '[') {
    parse_container(ps, v, c == '{');
  } else if (c == '"') {
    v->type = WP_STR;
    v->str = parse_string(ps);
  } else if (!strncmp(ps->p, "true", 4) || !strncmp(ps->p, "false", 5)) {
    v->type = WP_BOOL;
    v->num = c == 't';
    ps->p += c == 't' ? 4 : 5;
  } else if (!strncmp(ps->p, "null", 4)) {
    v->type = WP_NULL;
    ps->p += 4;
  } else {
    char *e;
    v->type = WP_NUM;
    v->num = strtod(ps->p, &e);
    if (e == ps->p) ps->bad = 1;
    ps->p = e;
  }
}

static void free_inner(wp_value *v) {
  for (size_t i = 0; i < v->len; i++) {
    free_inner(&v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
}

void wp_free(wp_value *v) {
  if (!v) return;
  free_inner(v);
  free(v);
}

wp_value *wp_load(const char *name) {
  const char *dir = getenv("WYCHEPROOF_DIR");
  char path[4096];
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
  char *buf = xrealloc(NULL, (size_t)n + 1);
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  parser ps = {buf, buf + got, got != (size_t)n};
  wp_value *v = xrealloc(NULL, sizeof *v);
  parse_value(&ps, v);
  free(buf);
  if (ps.bad) {
    fprintf(stderr, "wycheproof: %s is not valid JSON\n", path);
    wp_free(v);
    return NULL;
  }
  return v;
}

const wp_value *wp_get(const wp_value *v, const char *key) {
  if (!v || v->type != WP_OBJ) return NULL;
  for (size_t i = 0; i < v->len; i++)
    if (v->keys[i] && !strcmp(v->keys[i], key)) return &v->items[i];
  return NULL;
}

const wp_value *wp_at(const wp_value *v, size_t i) {
  return v && (v->type == WP_ARR || v->type == WP_OBJ) && i < v->len ? &v->items[i] : NULL;
}

const char *wp_str(const wp_value *v, const char *key) {
  const wp_value *m = wp_get(v, key);
  return m && m->type == WP_STR ? m->str : "";
}

long wp_num(const wp_value *v, const char *key) {
  const wp_value *m = wp_get(v, key);
  return m && m->type == WP_NUM ? (long)m->num : -1;
}

uint8_t *wp_hex(const wp_value *v, const char *key, size_t *len) {
  const char *h = wp_str(v, key);
  size_t cap = strlen(h) / 2 + 1;
  uint8_t *out = xrealloc(NULL, cap);
  *len = t_unhex(out, cap, h);
  return out;
}

int wp_has_flag(const wp_value *t, const char *flag) {
  const wp_value *f = wp_get(t, "flags");
  for (size_t i = 0; f && i < f->len; i++)
    if (f->items[i].type == WP_STR && !strcmp(f->items[i].str, flag)) return 1;
  return 0;
}

size_t wp_for_each_test(const wp_value *doc, wp_test_fn fn, void *arg) {
  const wp_value *groups = wp_get(doc, "testGroups");
  size_t n = 0;
  for (size_t g = 0; groups && g < groups->len; g++) {
    const wp_value *tests = wp_get(&groups->items[g], "tests");
    for (size_t t = 0; tests && t < tests->len; t++, n++) fn(&groups->items[g], &tests->items[t], arg);
  }
  return n;
}
