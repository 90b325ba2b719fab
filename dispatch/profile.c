/* SPDX-License-Identifier: ISC */
/*
 * Calibration profiles: the file that `hwcrypto-info --calibrate` writes and
 * that HWCRYPTO_PROFILE names. It records, for one CPU, which
 * implementation of each primitive measured fastest on public data; the
 * library applies it at selection when the CPU it runs on is the one the
 * profile was made on. It never times anything itself.
 *
 * Format (text, one item a line, tokens separated by blanks, '#' starts a
 * comment that runs to the end of the line, blank lines ignored):
 *
 *   hwcrypto-profile 1                    version line, first
 *   cpu AuthenticAMD 25 17                vendor, family, model (cpu.c)
 *   features ssse3 sse4_1 aes ...         detected features (/proc/cpuinfo names)
 *   # aes+ghash: ... figures ...          comments: the measurements
 *   aes vaes-avx2                         <primitive> <implementation>
 *   bignum avx512ifma:zmm                 ... or <implementation>:<tuning>
 *
 * The three header lines come first, in that order; each primitive appears
 * at most once. A file that breaks any of this, names an unknown primitive
 * or implementation, is larger than PROFILE_MAX bytes or has a line longer
 * than LINE_MAX_LEN is malformed: it is reported on stderr and ignored as a
 * whole (nothing of it is applied). A profile whose cpu or features line
 * differs from this CPU's (features as detected, before
 * HWCRYPTO_CPU_DISABLE) is reported and ignored too. An entry naming an
 * implementation this CPU cannot run after HWCRYPTO_CPU_DISABLE is reported
 * and skipped; the others apply.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

#define PROFILE_MAX 65536
#define LINE_MAX_LEN 512
#define MAX_TOKENS 64

/* The vendor as one token: blanks trimmed, inner blanks as '_' (a CPUID
 * vendor string may hold spaces, "  Shanghai  "), "unknown" if empty. */
static void vendor_token(char *out, size_t cap, const char *vendor) {
  while (*vendor == ' ') vendor++;
  size_t n = strlen(vendor);
  while (n && vendor[n - 1] == ' ') n--;
  if (n == 0) {
    snprintf(out, cap, "unknown");
    return;
  }
  if (n >= cap) n = cap - 1;
  for (size_t i = 0; i < n; i++) out[i] = (vendor[i] == ' ' || vendor[i] == '\t') ? '_' : vendor[i];
  out[n] = 0;
}

void hwc_profile_identity(char *out, size_t cap, const hwc_cpu_info *cpu) {
  char v[sizeof cpu->vendor];
  vendor_token(v, sizeof v, cpu->vendor);
  size_t n = (size_t)snprintf(out, cap, "cpu %s %u %u\nfeatures", v, cpu->family, cpu->model_id);
  for (size_t i = 0; i < hwc_cpu_feature_count() && n < cap; i++)
    if (cpu->features & hwc_cpu_feature_bit(i))
      n += (size_t)snprintf(out + n, cap - n, " %s", hwc_cpu_feature_name(i));
  if (n < cap) snprintf(out + n, cap - n, "\n");
}

/* Splits line (modified in place) into blank-separated tokens, dropping a
 * '#' comment; returns the count, or MAX_TOKENS + 1 when there are more. */
static size_t tokenize(char *line, char *tok[MAX_TOKENS]) {
  char *hash = strchr(line, '#');
  if (hash) *hash = 0;
  size_t n = 0;
  for (char *s = line;;) {
    s += strspn(s, " \t\r");
    if (!*s) return n;
    if (n == MAX_TOKENS) return MAX_TOKENS + 1;
    tok[n++] = s;
    s += strcspn(s, " \t\r");
    if (*s) *s++ = 0;
  }
}

/* A decimal number below 2^24 (family, model) in tok; -1 if it is not one. */
static long small_number(const char *tok) {
  long v = 0;
  if (!*tok || strlen(tok) > 8) return -1;
  for (; *tok; tok++) {
    if (*tok < '0' || *tok > '9') return -1;
    v = v * 10 + (*tok - '0');
  }
  return v < (1l << 24) ? v : -1;
}

/* The HWC_CPU_* bit of a feature name, or 0 when this build knows none. */
static uint32_t feature_bit(const char *name) {
  for (size_t i = 0; i < hwc_cpu_feature_count(); i++)
    if (strcmp(hwc_cpu_feature_name(i), name) == 0) return hwc_cpu_feature_bit(i);
  return 0;
}

static int prim_index(const char *name) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (strcmp(hwc_prim_name((hwc_prim)p), name) == 0) return p;
  return -1;
}

/* The entry (implementation, or "implementation:tuning") named name. */
static int impl_index(hwc_prim p, const char *name) { return hwc_registry_find(p, name, strlen(name)); }

/* What a well-formed file says, before it is checked against this CPU. */
typedef struct {
  char vendor[32];
  long family, model;
  uint32_t features;
  int unknown_feature; /* a feature name this build does not know */
  int entry[HWC_PRIM_COUNT]; /* implementation index, -1 if not named */
  unsigned entry_line[HWC_PRIM_COUNT];
} parsed_profile;

/* Parses text (NUL-terminated, modified in place). Returns 0, or the
 * number of the offending line with a description in *err. */
static unsigned parse(char *text, parsed_profile *pp, const char **err) {
  memset(pp, 0, sizeof *pp);
  for (int p = 0; p < HWC_PRIM_COUNT; p++) pp->entry[p] = -1;
  int stage = 0; /* header lines read so far: version, cpu, features */
  unsigned lineno = 0;
  for (char *line = text; *line || lineno == 0;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    lineno++;
    *err = "line too long";
    if (strlen(line) > LINE_MAX_LEN) return lineno;
    char *tok[MAX_TOKENS];
    size_t n = tokenize(line, tok);
    *err = "too many words";
    if (n > MAX_TOKENS) return lineno;
    if (n == 0) {
      /* blank or comment */
    } else if (stage == 0) {
      *err = "expected 'hwcrypto-profile 1' first";
      if (n != 2 || strcmp(tok[0], "hwcrypto-profile") != 0) return lineno;
      *err = "unsupported profile version";
      if (strcmp(tok[1], "1") != 0) return lineno;
      stage = 1;
    } else if (stage == 1) {
      *err = "expected 'cpu VENDOR FAMILY MODEL'";
      if (n != 4 || strcmp(tok[0], "cpu") != 0 || strlen(tok[1]) >= sizeof pp->vendor) return lineno;
      pp->family = small_number(tok[2]);
      pp->model = small_number(tok[3]);
      if (pp->family < 0 || pp->model < 0) return lineno;
      strcpy(pp->vendor, tok[1]);
      stage = 2;
    } else if (stage == 2) {
      *err = "expected 'features ...'";
      if (strcmp(tok[0], "features") != 0) return lineno;
      for (size_t i = 1; i < n; i++) {
        uint32_t bit = feature_bit(tok[i]);
        if (!bit) pp->unknown_feature = 1;
        pp->features |= bit;
      }
      stage = 3;
    } else {
      *err = "expected '<primitive> <implementation>'";
      if (n != 2) return lineno;
      int p = prim_index(tok[0]);
      *err = "unknown primitive";
      if (p < 0) return lineno;
      *err = "unknown implementation";
      int i = impl_index((hwc_prim)p, tok[1]);
      if (i < 0) return lineno;
      *err = "primitive named twice";
      if (pp->entry[p] >= 0) return lineno;
      pp->entry[p] = i;
      pp->entry_line[p] = lineno;
    }
    if (!nl) break;
    line = nl + 1;
  }
  *err = "incomplete header (version, cpu and features lines)";
  return stage == 3 ? 0 : lineno;
}

/* Reads the whole file into a NUL-terminated heap buffer; NULL with *err
 * set on failure. */
static char *read_file(const char *path, const char **err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    *err = "cannot open the file";
    return NULL;
  }
  char *buf = malloc(PROFILE_MAX + 1);
  size_t len = buf ? fread(buf, 1, PROFILE_MAX + 1, f) : 0;
  int bad = ferror(f);
  fclose(f);
  *err = !buf ? "out of memory" : bad ? "read error" : len > PROFILE_MAX ? "larger than 64 KiB" : NULL;
  if (!*err && memchr(buf, 0, len)) *err = "not a text file";
  if (*err) {
    free(buf);
    return NULL;
  }
  buf[len] = 0;
  return buf;
}

int hwc_profile_load(const char *path, const hwc_cpu_info *cpu, int (*runnable)(hwc_prim, size_t),
                     size_t choice[HWC_PRIM_COUNT], int named[HWC_PRIM_COUNT]) {
  const char *err;
  char *text = read_file(path, &err);
  if (!text) {
    fprintf(stderr, "hwcrypto: HWCRYPTO_PROFILE=%s: %s; profile ignored\n", path, err);
    return 0;
  }
  parsed_profile pp;
  unsigned line = parse(text, &pp, &err);
  free(text);
  if (line) {
    fprintf(stderr, "hwcrypto: HWCRYPTO_PROFILE=%s:%u: %s; profile ignored\n", path, line, err);
    return 0;
  }
  char v[sizeof cpu->vendor];
  vendor_token(v, sizeof v, cpu->vendor);
  if (strcmp(pp.vendor, v) != 0 || pp.family != (long)cpu->family || pp.model != (long)cpu->model_id) {
    fprintf(stderr,
            "hwcrypto: HWCRYPTO_PROFILE=%s: made on cpu %s %ld %ld, this is cpu %s %u %u; profile ignored\n",
            path, pp.vendor, pp.family, pp.model, v, cpu->family, cpu->model_id);
    return 0;
  }
  if (pp.unknown_feature || pp.features != cpu->features) {
    fprintf(stderr,
            "hwcrypto: HWCRYPTO_PROFILE=%s: made on the same CPU model with other features "
            "(another kernel, hypervisor or build); profile ignored\n",
            path);
    return 0;
  }
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    if (pp.entry[p] < 0) continue;
    if (!runnable((hwc_prim)p, (size_t)pp.entry[p])) {
      fprintf(stderr, "hwcrypto: HWCRYPTO_PROFILE=%s:%u: %s=%s cannot run here (HWCRYPTO_CPU_DISABLE); entry skipped\n",
              path, pp.entry_line[p], hwc_prim_name((hwc_prim)p),
              hwc_registry_entry_name((hwc_prim)p, (size_t)pp.entry[p]));
      continue;
    }
    choice[p] = (size_t)pp.entry[p];
    named[p] = 1;
  }
  return 1;
}
