/* SPDX-License-Identifier: ISC */
/* A small JSON reader for Project Wycheproof's test files, read from the
 * vendored tests/vectors/wycheproof (WYCHEPROOF_DIR overrides). Any test suite may
 * use it: load a file, walk testGroups[].tests[], read fields by name. */
#ifndef HWC_TESTS_WYCHEPROOF_H
#define HWC_TESTS_WYCHEPROOF_H

#include <stddef.h>
#include <stdint.h>

#include "json_read.h"

/* A node of the shared JSON reader's tree (tools/json/json_read.h). */
typedef jv wp_value;

/* Parses <dir>/<name>; NULL if the file is missing (and says so on stderr
 * with the path tried) or is not valid JSON. Free with wp_free. */
wp_value *wp_load(const char *name);
void wp_free(wp_value *v);

/* Member of an object (NULL if absent or v is not an object), item of an
 * array (NULL if out of range). */
const wp_value *wp_get(const wp_value *v, const char *key);
const wp_value *wp_at(const wp_value *v, size_t i);
/* The string member key ("" if absent or not a string). */
const char *wp_str(const wp_value *v, const char *key);
/* The numeric member key (-1 if absent). */
long wp_num(const wp_value *v, const char *key);
/* Hex string member key decoded into a malloc'ed buffer (never NULL, even
 * for ""); its length in *len. */
uint8_t *wp_hex(const wp_value *v, const char *key, size_t *len);
/* 1 if the flags array of test t contains flag. */
int wp_has_flag(const wp_value *t, const char *flag);

/* Calls fn for every test of every group; returns the number of tests. */
typedef void (*wp_test_fn)(const wp_value *group, const wp_value *test, void *arg);
size_t wp_for_each_test(const wp_value *doc, wp_test_fn fn, void *arg);

#endif
