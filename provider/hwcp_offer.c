/* SPDX-License-Identifier: ISC */
/*
 * What the provider offers. The point of loading it is speed, so by
 * default (offer = auto) an algorithm is offered only where hwcrypto's
 * selected implementation is expected to beat the default provider's on
 * this CPU; everything else stays with the default provider, which the
 * configuration keeps active beside this one (docs/provider.md).
 *
 * auto: offered when the primitive that does the work runs an
 *   accelerated implementation here, that is anything but the portable
 *   C ("generic", or an AEAD pair whose members are both portable): the
 *   default provider's assembly beats portable C. The measured
 *   exceptions either way (an accelerated implementation at parity or
 *   behind on some tier, a portable one still ahead) are in `rules`.
 * all: every algorithm the module has (for testing, or a CPU the rule
 *   misjudges).
 * none: nothing (the module loads and reports, but serves no request).
 * enable / disable: comma-separated primary names (SHA2-256, AES-128-GCM,
 *   ...) added to or removed from the set above; disable wins.
 *
 * Set in the provider's openssl.cnf section, e.g.
 *   [hwcrypto_sect]
 *   activate = 1
 *   offer = auto
 *   disable = SHA1
 * `openssl list -providers -verbose` and the provider parameter
 * "hwcrypto-offered" say what is offered and why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/params.h>

#include "hwcp_offer.h"

enum offer_mode { OFFER_AUTO, OFFER_ALL, OFFER_NONE };

struct hwcp_offer {
  enum offer_mode mode;
  char *enable, *disable; /* ",NAME,NAME," (commas around every name), or NULL */
};

/* Measured exceptions to the rule above, first match wins: an algorithm
 * (primary name) whose primitive runs this implementation (the name
 * before any ":tuning" suffix), optionally only on CPUs with a feature
 * (as hwc_cpu_summary spells it), is offered or not as `offer` says.
 * Each entry comes from hwcrypto-provider-speed (same-run ratios through
 * EVP, tiers masked on both sides; docs/provider.md has the table) and is
 * dropped again when a measurement says otherwise. */
static const struct {
  const char *alg;
  hwc_prim prim;
  const char *impl;
  const char *cpu_has; /* NULL: any CPU */
  int offer;
  const char *why;
} rules[] = {
    /* the same SHA extensions OpenSSL uses: parity through EVP, no gain */
    {"SHA2-256", HWC_PRIM_SHA256, "shani", NULL, 0, "the same SHA-NI instructions as the default provider"},
    {"SHA1", HWC_PRIM_SHA1, "shani", NULL, 0, "the same SHA-NI instructions as the default provider"},
    {"SHA2-256", HWC_PRIM_SHA256, "avx2", NULL, 0, "measured at parity with the default provider"},
    {"HMAC", HWC_PRIM_SHA256, "avx2", NULL, 0, "measured at parity with the default provider"},
    /* OpenSSL's AVX2 SHA-512 code: ours is behind at 1 KiB, level at 16 KiB */
    {"SHA2-512", HWC_PRIM_SHA512, "avx2", NULL, 0, "measured behind the default provider at 1 KiB"},
    {"SHA2-384", HWC_PRIM_SHA512, "avx2", NULL, 0, "measured behind the default provider at 1 KiB"},
    /* OpenSSL's Montgomery code beats these (without IFMA) */
    {"RSA", HWC_PRIM_BIGNUM, "mulx", NULL, 0, "measured behind the default provider"},
    {"RSA", HWC_PRIM_BIGNUM, "x86_64", NULL, 0, "measured behind the default provider"},
    {"RSA-PSS", HWC_PRIM_BIGNUM, "mulx", NULL, 0, "measured behind the default provider"},
    {"RSA-PSS", HWC_PRIM_BIGNUM, "x86_64", NULL, 0, "measured behind the default provider"},
    /* with AVX-512F OpenSSL runs ChaCha20 and Poly1305 on 512-bit lanes */
    {"ChaCha20-Poly1305", HWC_PRIM_CHACHA20_POLY1305, "avx2", "avx512f", 0,
     "measured behind the default provider's AVX-512 code"},
    /* OpenSSL's Ed25519 is portable C as well, and slower */
    {"ED25519", HWC_PRIM_FE25519, "generic", NULL, 1, "ahead of the default provider's portable C"},
};

/* 1 if hwc_cpu_summary lists the feature (a whole word) among the
 * features in use: only up to the ';' that ends that list, since the
 * "masked:" list after it (HWCRYPTO_CPU_DISABLE) names features the
 * library does not use. */
static int cpu_has(const char *feature) {
  const char *s = hwc_cpu_summary(), *f = s ? strstr(s, "features:") : NULL;
  if (!f) return 0;
  const char *end = strchr(f, ';');
  size_t n = strlen(feature);
  for (; (f = strstr(f, feature)) && (!end || f < end); f += n)
    if (f[-1] == ' ' && (f[n] == ' ' || f[n] == 0 || f[n] == ';' || f[n] == ',')) return 1;
  return 0;
}

/* 1 if impl ("mulx", "avx2:gpr") names the backend b. */
static int same_backend(const char *impl, const char *b) {
  size_t n = strlen(b);
  return strncmp(impl, b, n) == 0 && (impl[n] == 0 || impl[n] == ':');
}

/* The primary name of a record: its names up to the first ':'. */
static size_t primary_name(const hwcp_alg *a, const char **name) {
  *name = a->alg.algorithm_names;
  const char *colon = strchr(*name, ':');
  return colon ? (size_t)(colon - *name) : strlen(*name);
}

/* 1 if list (",A,B,") holds the name, case-insensitively as OpenSSL matches names. */
static int listed(const char *list, const char *name, size_t len) {
  if (!list) return 0;
  for (const char *s = list; (s = strchr(s, ',')) && s[1]; s++)
    if (strncasecmp(s + 1, name, len) == 0 && s[1 + len] == ',') return 1;
  return 0;
}

/* Under auto: the first matching entry of rules[], else 1 if the
 * implementation hwcrypto selected for the record's primitive is an
 * accelerated one (the default provider's assembly beats portable C);
 * why says which. */
static int auto_rule(const hwcp_alg *a, const char *name, size_t len, char *why, size_t cap) {
  hwc_prim prim = a->prim;
  const char *impl = hwc_impl_selected(prim);
  if (!impl) impl = "?";
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    if (rules[i].prim == prim && strlen(rules[i].alg) == len && strncmp(rules[i].alg, name, len) == 0 &&
        same_backend(impl, rules[i].impl) && (!rules[i].cpu_has || cpu_has(rules[i].cpu_has))) {
      snprintf(why, cap, "%s: %s, %s", hwc_prim_name(prim), impl, rules[i].why);
      return rules[i].offer;
    }
  int portable = strcmp(impl, "generic") == 0;
  if (strcmp(impl, "separate") == 0) { /* an AEAD pair composed of its members' selections */
    hwc_prim m1 = prim == HWC_PRIM_AES_GCM ? HWC_PRIM_AES : HWC_PRIM_CHACHA20;
    hwc_prim m2 = prim == HWC_PRIM_AES_GCM ? HWC_PRIM_GHASH : HWC_PRIM_POLY1305;
    portable = strcmp(hwc_impl_selected(m1), "generic") == 0 && strcmp(hwc_impl_selected(m2), "generic") == 0;
  }
  snprintf(why, cap, "%s: %s%s", hwc_prim_name(prim), impl, portable ? ", the portable code" : "");
  return !portable;
}

static int decide(const hwcp_prov *p, const hwcp_alg *a, char *why, size_t cap) {
  const struct hwcp_offer *o = p->offer;
  const char *name;
  size_t len = primary_name(a, &name);
  if (listed(o->disable, name, len)) {
    snprintf(why, cap, "disabled in the configuration");
    return 0;
  }
  if (listed(o->enable, name, len)) {
    snprintf(why, cap, "enabled in the configuration; %s: %s", hwc_prim_name(a->prim),
             hwc_impl_selected(a->prim));
    return 1;
  }
  switch (o->mode) {
    case OFFER_ALL:
      snprintf(why, cap, "offer = all; %s: %s", hwc_prim_name(a->prim), hwc_impl_selected(a->prim));
      return 1;
    case OFFER_NONE:
      snprintf(why, cap, "offer = none");
      return 0;
    default:
      return auto_rule(a, name, len, why, cap);
  }
}

int hwcp_offer_decide(const hwcp_prov *p, const hwcp_alg *a) {
  char why[160];
  return decide(p, a, why, sizeof why);
}

/* ",a,b," from "a, b" (spaces dropped), or NULL for NULL/empty. */
static char *comma_list(const char *s) {
  if (!s || !*s) return NULL;
  char *l = malloc(strlen(s) + 3), *w = l;
  if (!l) return NULL;
  *w++ = ',';
  for (; *s; s++)
    if (*s != ' ' && *s != '\t') *w++ = *s;
  *w++ = ',';
  *w = 0;
  return l;
}

/* Appends one line to a growing text; 0 without memory. */
static int append(char **text, size_t *len, size_t *cap, const char *line) {
  size_t n = strlen(line);
  if (*len + n + 2 > *cap) {
    size_t c = (*cap ? *cap * 2 : 1024) + n;
    char *t = realloc(*text, c);
    if (!t) return 0;
    *text = t, *cap = c;
  }
  memcpy(*text + *len, line, n);
  *len += n;
  (*text)[(*len)++] = '\n';
  (*text)[*len] = 0;
  return 1;
}

int hwcp_offer_init(hwcp_prov *p) {
  struct hwcp_offer *o = calloc(1, sizeof *o);
  if (!o) return 0;
  p->offer = o;
  const char *mode = NULL, *enable = NULL, *disable = NULL;
  OSSL_PARAM req[] = {OSSL_PARAM_utf8_ptr("offer", (char **)&mode, 0),
                      OSSL_PARAM_utf8_ptr("enable", (char **)&enable, 0),
                      OSSL_PARAM_utf8_ptr("disable", (char **)&disable, 0), OSSL_PARAM_END};
  if (p->core_get_params && !p->core_get_params(p->handle, req)) return 0;
  if (!mode || !*mode || strcasecmp(mode, "auto") == 0)
    o->mode = OFFER_AUTO;
  else if (strcasecmp(mode, "all") == 0)
    o->mode = OFFER_ALL;
  else if (strcasecmp(mode, "none") == 0)
    o->mode = OFFER_NONE;
  else {
    hwcp_raise(p, HWCP_R_BAD_ARG, "offer = %s: expected auto, all or none", mode);
    return 0;
  }
  if ((enable && *enable && !(o->enable = comma_list(enable))) ||
      (disable && *disable && !(o->disable = comma_list(disable))))
    return 0;
  /* the report: one line per record */
  size_t len = 0, cap = 0;
  for (size_t f = 0; f < hwcp_family_count; f++)
    for (const hwcp_alg *a = hwcp_families[f]; a->operation; a++) {
      char why[160], line[256];
      const char *name;
      size_t n = primary_name(a, &name);
      int yes = decide(p, a, why, sizeof why);
      snprintf(line, sizeof line, "%.*s: %s (%s; %s)", (int)n, name, yes ? "offered" : "not offered",
               hwcp_op_name(a->operation), why);
      if (!append(&p->offered_text, &len, &cap, line)) return 0;
    }
  return 1;
}

void hwcp_offer_free(hwcp_prov *p) {
  if (!p->offer) return;
  free(p->offer->enable);
  free(p->offer->disable);
  free(p->offer);
  p->offer = NULL;
  free(p->offered_text);
  p->offered_text = NULL;
}
