/* SPDX-License-Identifier: ISC */
/*
 * The project's one JSON reader, for hwcrypto-bench's own reports
 * (bench/compare.c) and the test suite's Wycheproof files
 * (tests/wycheproof.c): parses a whole document into a tree. RFC 8259 syntax, strict (no comments, no
 * trailing commas); nesting deeper than 64 is refused rather than recursed.
 */
#ifndef HWC_JSON_READ_H
#define HWC_JSON_READ_H

#include <stddef.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_type;

typedef struct jv {
  jv_type type;
  int boolean;
  double num;
  char *str;         /* JV_STR, NUL-terminated UTF-8 */
  struct jv *items;  /* JV_ARR elements or JV_OBJ values */
  char **keys;       /* JV_OBJ keys, parallel to items */
  size_t n;
} jv;

/* Parses text[0..len). Returns the tree, or NULL with a message such as
 * "line 3: expected ':'" in err. */
jv *json_parse(const char *text, size_t len, char *err, size_t errcap);
void json_free(jv *v);

/* The value of key in an object (the last one if repeated), else NULL. */
const jv *json_get(const jv *obj, const char *key);
/* The string member key of obj, or NULL when absent or not a string. */
const char *json_str(const jv *obj, const char *key);
/* The number member key of obj into *out: 1, or 0 when absent or not a
 * number (*out untouched). */
int json_num(const jv *obj, const char *key, double *out);

#endif /* HWC_JSON_READ_H */
