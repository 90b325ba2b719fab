/* SPDX-License-Identifier: ISC */
/*
 * Recursive-descent JSON parser (RFC 8259) into a jv tree. It reads files
 * that hwcrypto-bench wrote, but a compare job is fed whatever the user
 * points it at, so every malformed input is an error with a line number,
 * never a crash: lengths are checked, nesting is bounded, and a failed parse
 * frees what it built.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"

#define MAX_DEPTH 64

typedef struct parser {
  const char *p, *end, *start;
  char *err;
  size_t errcap;
  int failed;
} parser;

static int fail(parser *ps, const char *msg) {
  if (!ps->failed) {
    int line = 1;
    for (const char *q = ps->start; q < ps->p && q < ps->end; q++) line += *q == '\n';
    snprintf(ps->err, ps->errcap, "line %d: %s", line, msg);
  }
  ps->failed = 1;
  return -1;
}

static void skip_ws(parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')) ps->p++;
}

static int literal(parser *ps, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) return fail(ps, "invalid literal");
  ps->p += n;
  return 0;
}

static int hex4(parser *ps, unsigned *out) {
  if (ps->end - ps->p < 4) return fail(ps, "truncated \\u escape");
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    char c = *ps->p++;
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
    else return fail(ps, "bad \\u escape");
  }
  *out = v;
  return 0;
}

/* A UTF-8 encoding takes at most 4 bytes; every escape is at least 2 input
 * bytes per output byte or more, so the output never outgrows the input. */
static char *string(parser *ps) {
  if (ps->p >= ps->end || *ps->p != '"') {
    fail(ps, "expected a string");
    return NULL;
  }
  ps->p++;
  const char *q = ps->p;
  char *out = malloc((size_t)(ps->end - q) + 1), *o = out;
  if (!out) {
    fail(ps, "out of memory");
    return NULL;
  }
  while (ps->p < ps->end && *ps->p != '"') {
    unsigned char c = (unsigned char)*ps->p++;
    if (c < 0x20) goto bad_ctl;
    if (c != '\\') {
      *o++ = (char)c;
      continue;
    }
    if (ps->p >= ps->end) break;
    char e = *ps->p++;
    unsigned u;
    switch (e) {
      case '"': *o++ = '"'; break;
      case '\\': *o++ = '\\'; break;
      case '/': *o++ = '/'; break;
      case 'b': *o++ = '\b'; break;
      case 'f': *o++ = '\f'; break;
      case 'n': *o++ = '\n'; break;
      case 'r': *o++ = '\r'; break;
      case 't': *o++ = '\t'; break;
      case 'u':
        if (hex4(ps, &u)) goto out;
        if (u >= 0xd800 && u < 0xdc00) { /* a surrogate pair */
          unsigned lo;
          if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u') goto bad_sur;
          ps->p += 2;
          if (hex4(ps, &lo)) goto out;
          if (lo < 0xdc00 || lo >= 0xe000) goto bad_sur;
          u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
        } else if (u >= 0xdc00 && u < 0xe000) {
          goto bad_sur;
        }
        if (u < 0x80) {
          *o++ = (char)u;
        } else if (u < 0x800) {
          *o++ = (char)(0xc0 | (u >> 6));
          *o++ = (char)(0x80 | (u & 0x3f));
        } else if (u < 0x10000) {
          *o++ = (char)(0xe0 | (u >> 12));
          *o++ = (char)(0x80 | ((u >> 6) & 0x3f));
          *o++ = (char)(0x80 | (u & 0x3f));
        } else {
          *o++ = (char)(0xf0 | (u >> 18));
          *o++ = (char)(0x80 | ((u >> 12) & 0x3f));
          *o++ = (char)(0x80 | ((u >> 6) & 0x3f));
          *o++ = (char)(0x80 | (u & 0x3f));
        }
        break;
      default:
        fail(ps, "bad escape in a string");
        goto out;
    }
  }
  if (ps->p >= ps->end) {
    fail(ps, "unterminated string");
    goto out;
  }
  ps->p++;
  *o = '\0';
  return out;
bad_ctl:
  fail(ps, "control character in a string");
  goto out;
bad_sur:
  fail(ps, "bad surrogate pair");
out:
  free(out);
  return NULL;
}

static int number(parser *ps, double *out) {
  const char *q = ps->p;
  if (q < ps->end && *q == '-') q++;
  if (q >= ps->end || *q < '0' || *q > '9') return fail(ps, "unexpected character");
  if (*q == '0') q++;
  else while (q < ps->end && *q >= '0' && *q <= '9') q++;
  if (q < ps->end && *q == '.') {
    q++;
    if (q >= ps->end || *q < '0' || *q > '9') return fail(ps, "bad number");
    while (q < ps->end && *q >= '0' && *q <= '9') q++;
  }
  if (q < ps->end && (*q == 'e' || *q == 'E')) {
    q++;
    if (q < ps->end && (*q == '+' || *q == '-')) q++;
    if (q >= ps->end || *q < '0' || *q > '9') return fail(ps, "bad number");
    while (q < ps->end && *q >= '0' && *q <= '9') q++;
  }
  char buf[64];
  size_t n = (size_t)(q - ps->p);
  if (n >= sizeof buf) return fail(ps, "number too long");
  memcpy(buf, ps->p, n);
  buf[n] = '\0';
  *out = strtod(buf, NULL);
  ps->p = q;
  return 0;
}

static int value(parser *ps, jv *v, int depth);

/* Appends one element (and key) to an array or object being built. */
static jv *grow(parser *ps, jv *v, char *key) {
  if ((v->n & (v->n - 1)) == 0) { /* n is 0 or a power of two: double */
    size_t cap = v->n ? 2 * v->n : 4;
    jv *items = realloc(v->items, cap * sizeof *items);
    if (items) v->items = items;
    if (items && v->type == JV_OBJ) {
      char **keys = realloc(v->keys, cap * sizeof *keys);
      if (keys) v->keys = keys;
      else items = NULL;
    }
    if (!items) {
      free(key);
      fail(ps, "out of memory");
      return NULL;
    }
  }
  if (v->type == JV_OBJ) v->keys[v->n] = key;
  jv *e = &v->items[v->n++];
  memset(e, 0, sizeof *e);
  return e;
}

static int container(parser *ps, jv *v, int depth, char close) {
  ps->p++;
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    return 0;
  }
  for (;;) {
    char *key = NULL;
    skip_ws(ps);
    if (v->type == JV_OBJ) {
      if (!(key = string(ps))) return -1;
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        free(key);
        return fail(ps, "expected ':'");
      }
      ps->p++;
    }
    jv *e = grow(ps, v, key);
    if (!e || value(ps, e, depth + 1)) return -1;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ps->p++;
      return 0;
    }
    return fail(ps, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
  }
}

static int value(parser *ps, jv *v, int depth) {
  if (depth > MAX_DEPTH) return fail(ps, "nested too deeply");
  skip_ws(ps);
  if (ps->p >= ps->end) return fail(ps, "unexpected end of input");
  switch (*ps->p) {
    case '{': v->type = JV_OBJ; return container(ps, v, depth, '}');
    case '[': v->type = JV_ARR; return container(ps, v, depth, ']');
    case '"': v->type = JV_STR; return (v->str = string(ps)) ? 0 : -1;
    case 't': v->type = JV_BOOL; v->boolean = 1; return literal(ps, "true");
    case 'f': v->type = JV_BOOL; return literal(ps, "false");
    case 'n': v->type = JV_NULL; return literal(ps, "null");
    default: v->type = JV_NUM; return number(ps, &v->num);
  }
}

static void free_inner(jv *v) {
  for (size_t i = 0; i < v->n; i++) {
    free_inner(&v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
}

void json_free(jv *v) {
  if (!v) return;
  free_inner(v);
  free(v);
}

jv *json_parse(const char *text, size_t len, char *err, size_t errcap) {
  parser ps = {text, text + len, text, err, errcap, 0};
  jv *v = calloc(1, sizeof *v);
  if (!v) {
    snprintf(err, errcap, "out of memory");
    return NULL;
  }
  if (value(&ps, v, 0) == 0) {
    skip_ws(&ps);
    if (ps.p != ps.end) fail(&ps, "trailing characters after the document");
  }
  if (ps.failed) {
    json_free(v);
    return NULL;
  }
  return v;
}

const jv *json_get(const jv *obj, const char *key) {
  const jv *found = NULL;
  if (!obj || obj->type != JV_OBJ) return NULL;
  for (size_t i = 0; i < obj->n; i++)
    if (strcmp(obj->keys[i], key) == 0) found = &obj->items[i];
  return found;
}

const char *json_str(const jv *obj, const char *key) {
  const jv *v = json_get(obj, key);
  return v && v->type == JV_STR ? v->str : NULL;
}

int json_num(const jv *obj, const char *key, double *out) {
  const jv *v = json_get(obj, key);
  if (!v || v->type != JV_NUM) return 0;
  *out = v->num;
  return 1;
}
