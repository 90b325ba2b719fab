/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-info: what this CPU offers, which implementation of every
 * primitive the library compiled, supports here and selected, and why.
 *
 * hwcrypto-info --calibrate [FILE] times every supported implementation of
 * each primitive that has more than one, on fixed public data only (fixed
 * keys, messages and scalars compiled in here, an RSA test key vendored in
 * tests/vectors), and writes a profile that the library applies when
 * HWCRYPTO_PROFILE names it (format: dispatch/profile.c, README
 * "Selection"). FILE "-" or absent: the profile goes to standard output and
 * the figures to standard error; otherwise the figures go to standard
 * output. It uses the public API only: implementations are switched with
 * hwc_impl_select and the selection is restored at the end.
 *
 * Method: each measured operation runs in samples of SAMPLE_NS of the
 * thread's CPU time (so time the thread spent descheduled does not count);
 * every round
 * visits all candidates once, in an order rotated each round so that no
 * candidate always follows the same one; the figure is the median of
 * ROUNDS samples. A candidate's speed-up is the mean, over the operations
 * of its primitive, of current time / its time; the fastest
 * replaces the current choice only when that speed-up is at least MARGIN,
 * so noise keeps the static choice rather than flipping it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hwcrypto.h>

#include "cpu_tiers.h"

#define SAMPLE_NS 2000000.0
#define ROUNDS 7
#define MARGIN 1.03
#define MAX_CAND 64
#define MAX_OPS 2

/* ------------------------------------------------------- the public data */

static uint8_t buf[16384], out[16384 + 16];
static const uint8_t key32[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae,
                                  0xf0, 0x85, 0x7d, 0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61,
                                  0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};
static const uint8_t nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
static const uint8_t x25519_base[32] = {9};

/* The RSA-2048 test key of tests/vectors/rsa/key2048.pkcs1.pem (public test
 * data, see tests/vectors/SOURCES.md): never a user's key. */
static const char rsa_test_key[] =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAsUxjFYAe2Km2SdnDCoIZj6vqFbWySn8haljgdJvPK7TUQ+yd\n"
    "tT1EGgYgv94mqzGnNqlwWFrf72rGOzt0Ssn8cZMGIzfWqYQR5S/mcSmi4WbJ0WAg\n"
    "zwhmluITcWY2vS+8Cu+kYxgB9RihUQFwEFGdA18NPvSQxORQHxRjzszeSwA49Hjk\n"
    "o+ndMv2DQmv0mWqDBmY8skwC1ocDkmInmZOCmiGhSkgvlczteJYVoX7Nu3OcGWzy\n"
    "7/oVE3mGpT+woJWnGfrGltLjLOy2aFAflWuflxBlFj6slRt1HJRd0EiByffYgodm\n"
    "o8tQGgxhwcf/28ZWAqBpwJYJMlIyviMZtdAUzwIDAQABAoIBACHpmgQ5Su0nXRo4\n"
    "IGHoq6n6+J3pcK5mLcaRNHGpgdF616UcY7gQfW+631XD0MKrDzBZ7YbA7xd05XDb\n"
    "+Oz7QKGavTBMVG99Nw0PAfWAQMr7Zbv6NpxTH4hZut1Ub0D1mfK/jsJzi6BNc0Gy\n"
    "1DQS4EUOT9LMZcp7X0XqmQKr1hMjKLS7G3OQxn1KqJtWShCkYbUqeBbPOStm3h/8\n"
    "g9dwBfSV32947c9nUo8mlFu9pNi1DXivoqJ+szkSDCQTrZ4hoLJ3/Fjy3hjTYuGX\n"
    "s77xlEwwid+OV2aE2pnfdtLYJUy8ra3TxOKUxWGMTsYhtQgRJbbHtpDt1KZ0E7Bv\n"
    "HhR8pmUCgYEA3JwikgN9bgVgCw2JiDr2ZlAFjs7LNEacYsXtm5scpUuCkqMbPdsg\n"
    "XjhRg37B4pRkc3sx1YxTInL20MIZZxY5K9wiAd13p95s8n5/ESu2fudg9Yu1ji58\n"
    "+uSvONSE8iQgx5o1ZxmpxC2hXncO1LF9VcZvAFxhHLaXr246w7/M1KsCgYEAzb2Q\n"
    "CrUBGvd5LoYqiRAykiCzgXR2XIiLHSa1GrQz1NmlyS44BHWnuwQU1ZAGuM4fmt01\n"
    "zwmgB8yQxuVzYvWkqp5guLJjWTXxJN4C0Vu+EU2SNeXrcP2DFC91oEkCwQpzFOZe\n"
    "/hJ+6q9vHw6M3rW2dQUTVU2xjsAwTdt5uD/8mG0CgYEA1wur90FHp1O+B4gupIk1\n"
    "Xw5qHIcgNdkO4Imn0KMnDUnKAj7UczuDFdU4QEHzpXaZZKiWL2AWOeJvDZfnQ0G6\n"
    "gTKYQ9Eqrox3DvqXypkd0B6juTdyxyIx2i/JTlB7N75X5bpAjDvL7Nu+DWNpJZPO\n"
    "ZSqFUYi7cU3cFroQtnfkpvkCgYBakm/99q8U4wsrCw9gpYvNvq2neNC+bbHoVGj3\n"
    "54rF0kbkqP8qH22GrAZL+gqrgrpxH58XlOIpbMnzdYF1eDRUlEJ6LLYFyPRuyXmu\n"
    "Ftg2n9KU/bHHXSM+WKJMvLeEqgf9lGkPKq9Ku46MuogTZyV6oJBhRkG7WSoqrEsK\n"
    "bMjThQKBgDADBEPpQD735Zh2oGN0JarvY5xPVMspu1pWxqa1l9kQLoUT0SWjMdt+\n"
    "PKgs4Ra2VuUJvWGkuhPMBsJhYOUHs+ShulBBemSieo3FBAOWP1L2ZX6v6T+T7RAo\n"
    "/0BN7h2NE1h8euZ/32T8GACHxKgmIk22t6unuDnFBtFP8gCe+hyI\n"
    "-----END RSA PRIVATE KEY-----\n";

/* ------------------------------------------------------------ operations */

/* Key objects remember the implementation that built them, so each
 * operation's prepare runs after the candidate is selected. */
static hwc_aes_gcm_key gcm_key;
static hwc_rsa_key *rsa_key;
static int op_failed;

static void prepare_gcm(void) { op_failed |= hwc_aes_gcm_init(&gcm_key, key32, 16) != HWC_OK; }
static void gcm_16k(void) { op_failed |= hwc_aes_gcm_encrypt(out, out + 16384, 16, buf, 16384, NULL, 0, nonce, 12, &gcm_key) != HWC_OK; }
static void gcm_1k(void) { op_failed |= hwc_aes_gcm_encrypt(out, out + 1024, 16, buf, 1024, NULL, 0, nonce, 12, &gcm_key) != HWC_OK; }
static void chacha_16k(void) { op_failed |= hwc_chacha20(out, buf, 16384, nonce, 1, key32) != HWC_OK; }
static void aead_16k(void) {
  op_failed |= hwc_chacha20poly1305_encrypt(out, out + 16384, buf, 16384, NULL, 0, nonce, key32) != HWC_OK;
}
static void poly_16k(void) { hwc_poly1305(out, buf, 16384, key32); }
static void x25519_op(void) { op_failed |= hwc_x25519(out, key32, x25519_base) != HWC_OK; }
static void sha256_16k(void) { hwc_sha256(out, buf, 16384); }
static void sha512_16k(void) { hwc_sha512(out, buf, 16384); }
static void sha1_16k(void) { hwc_sha1(out, buf, 16384); }

static void prepare_rsa(void) {
  hwc_rsa_free(rsa_key);
  rsa_key = NULL;
  op_failed |= hwc_rsa_import(&rsa_key, (const uint8_t *)rsa_test_key, sizeof rsa_test_key - 1) != HWC_OK;
}
static void rsa_sign(void) {
  size_t len = sizeof out;
  op_failed |= rsa_key == NULL ||
               hwc_rsa_sign_pkcs1(out, &len, buf, 64, HWC_HASH_SHA256, rsa_key) != HWC_OK;
}

typedef struct {
  const char *label;
  void (*run)(void);
} operation;

/* A primitive, or two chosen together, with the operations that represent
 * it. The AEAD pairs are primitives of their own (their fused entries name
 * their members; "separate" runs the members selected by priority). */
typedef struct {
  hwc_prim prims[2];
  size_t nprims;
  void (*prepare)(void);
  operation ops[MAX_OPS];
  size_t nops;
} group;

static const group groups[] = {
    {{HWC_PRIM_AES_GCM}, 1, prepare_gcm,
     {{"AES-128-GCM encrypt 16 KiB", gcm_16k}, {"AES-128-GCM encrypt 1 KiB", gcm_1k}}, 2},
    {{HWC_PRIM_CHACHA20}, 1, NULL, {{"ChaCha20 16 KiB", chacha_16k}}, 1},
    {{HWC_PRIM_CHACHA20_POLY1305}, 1, NULL, {{"ChaCha20-Poly1305 encrypt 16 KiB", aead_16k}}, 1},
    {{HWC_PRIM_POLY1305}, 1, NULL, {{"Poly1305 16 KiB", poly_16k}}, 1},
    {{HWC_PRIM_FE25519}, 1, NULL, {{"X25519", x25519_op}}, 1},
    {{HWC_PRIM_BIGNUM}, 1, prepare_rsa, {{"RSA-2048 sign (PKCS#1 v1.5, SHA-256)", rsa_sign}}, 1},
    {{HWC_PRIM_SHA256}, 1, NULL, {{"SHA-256 16 KiB", sha256_16k}}, 1},
    {{HWC_PRIM_SHA512}, 1, NULL, {{"SHA-512 16 KiB", sha512_16k}}, 1},
    {{HWC_PRIM_SHA1}, 1, NULL, {{"SHA-1 16 KiB", sha1_16k}}, 1},
};
#define NGROUPS (sizeof groups / sizeof groups[0])

/* ------------------------------------------------------------ measurement */

/* One candidate: an implementation index per primitive of its group. */
typedef struct {
  size_t impl[2];
  double sample[MAX_OPS][ROUNDS];
  double median[MAX_OPS];
  double speedup; /* over the current choice, mean over ops */
} candidate;

typedef struct {
  candidate cand[MAX_CAND];
  size_t ncand, current, best;
} group_result;

/* The thread's CPU time: on a shared machine the wall clock also counts
 * the time other processes held the CPU, which would decide by chance. */
static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Selects candidate c of group g; 0 on success. */
static int select_candidate(const group *g, const candidate *c) {
  for (size_t k = 0; k < g->nprims; k++)
    if (hwc_impl_select(g->prims[k], hwc_impl_name(g->prims[k], c->impl[k])) != HWC_OK) return -1;
  if (g->prepare) g->prepare();
  return 0;
}

/* Nanoseconds per run of op: one untimed call (caches, lazy tables), then
 * calls until SAMPLE_NS have passed. */
static double sample_op(const operation *op) {
  op->run();
  size_t n = 0;
  double t0 = now_ns(), t;
  do {
    op->run();
    n++;
    t = now_ns();
  } while (t - t0 < SAMPLE_NS);
  return (t - t0) / (double)n;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Every combination of supported implementations of g's primitives; the
 * current selection's index in *current. */
static size_t enumerate(const group *g, group_result *r) {
  size_t n0 = hwc_impl_count(g->prims[0]), n1 = g->nprims > 1 ? hwc_impl_count(g->prims[1]) : 1;
  const char *sel0 = hwc_impl_selected(g->prims[0]);
  const char *sel1 = g->nprims > 1 ? hwc_impl_selected(g->prims[1]) : NULL;
  r->ncand = 0;
  r->current = 0;
  for (size_t i = 0; i < n0; i++) {
    if (!hwc_impl_supported(g->prims[0], i)) continue;
    for (size_t j = 0; j < n1; j++) {
      if (g->nprims > 1 && !hwc_impl_supported(g->prims[1], j)) continue;
      if (r->ncand == MAX_CAND) return r->ncand;
      candidate *c = &r->cand[r->ncand];
      c->impl[0] = i;
      c->impl[1] = j;
      if (strcmp(hwc_impl_name(g->prims[0], i), sel0) == 0 &&
          (g->nprims == 1 || strcmp(hwc_impl_name(g->prims[1], j), sel1) == 0))
        r->current = r->ncand;
      r->ncand++;
    }
  }
  return r->ncand;
}

/* Measures every candidate of g (ROUNDS rounds, rotated order), then picks
 * the best. Returns 0, or -1 if an operation failed. */
static int calibrate_group(const group *g, group_result *r) {
  for (size_t round = 0; round < ROUNDS; round++) {
    for (size_t k = 0; k < r->ncand; k++) {
      candidate *c = &r->cand[(k + round) % r->ncand];
      if (select_candidate(g, c) != 0) return -1;
      for (size_t o = 0; o < g->nops; o++) c->sample[o][round] = sample_op(&g->ops[o]);
    }
  }
  if (op_failed) return -1;
  for (size_t k = 0; k < r->ncand; k++) {
    candidate *c = &r->cand[k];
    for (size_t o = 0; o < g->nops; o++) {
      double s[ROUNDS];
      memcpy(s, c->sample[o], sizeof s);
      qsort(s, ROUNDS, sizeof s[0], cmp_double);
      c->median[o] = s[ROUNDS / 2];
    }
  }
  r->best = r->current;
  for (size_t k = 0; k < r->ncand; k++) {
    candidate *c = &r->cand[k];
    double sum = 0;
    for (size_t o = 0; o < g->nops; o++) sum += r->cand[r->current].median[o] / c->median[o];
    c->speedup = sum / (double)g->nops;
    if (c->speedup > r->cand[r->best].speedup) r->best = k;
  }
  if (r->cand[r->best].speedup < MARGIN) r->best = r->current;
  return 0;
}

/* "vaes-avx512+vpclmul-avx512": a candidate's implementation names. */
static void candidate_name(char *s, size_t cap, const group *g, const candidate *c) {
  size_t n = (size_t)snprintf(s, cap, "%s", hwc_impl_name(g->prims[0], c->impl[0]));
  if (g->nprims > 1 && n < cap) snprintf(s + n, cap - n, "+%s", hwc_impl_name(g->prims[1], c->impl[1]));
}

static void group_name(char *s, size_t cap, const group *g) {
  snprintf(s, cap, "%s%s%s", hwc_prim_name(g->prims[0]), g->nprims > 1 ? "+" : "",
           g->nprims > 1 ? hwc_prim_name(g->prims[1]) : "");
}

/* The figures of one group, each line prefixed (the profile's comments
 * start with "# "). */
static void print_figures(FILE *f, const char *prefix, const group *g, const group_result *r) {
  char gn[64];
  group_name(gn, sizeof gn, g);
  fprintf(f, "%s%s: median ns per operation", prefix, gn);
  for (size_t o = 0; o < g->nops; o++) fprintf(f, "%s %s", o ? ";" : "", g->ops[o].label);
  fprintf(f, "\n");
  for (size_t k = 0; k < r->ncand; k++) {
    const candidate *c = &r->cand[k];
    char cn[64];
    candidate_name(cn, sizeof cn, g, c);
    fprintf(f, "%s  %-28s", prefix, cn);
    for (size_t o = 0; o < g->nops; o++) fprintf(f, " %12.0f", c->median[o]);
    fprintf(f, "  %5.2fx%s%s\n", c->speedup, k == r->current ? "  current" : "", k == r->best ? "  chosen" : "");
  }
}

/* Writes the profile to path ("-": stdout) through a temporary file renamed
 * into place, so a reader never sees half a profile. */
static int write_profile(const char *path, const group_result *res, const int *done) {
  char tmp[4096];
  FILE *f = stdout;
  if (strcmp(path, "-") != 0) {
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) return -1;
    f = fopen(tmp, "w");
    if (!f) {
      perror(tmp);
      return -1;
    }
  }
  const char *summary = hwc_cpu_summary();
  const char *model = strstr(summary, "model: ");
  size_t mlen = model ? strcspn(model + 7, ";") : 0;
  fprintf(f, "hwcrypto-profile 1\n%s", hwc_cpu_identity());
  fprintf(f, "# written by hwcrypto-info --calibrate, hwcrypto %s, on %.*s\n", hwc_version(), (int)mlen,
          model ? model + 7 : "");
  fprintf(f, "# median of %d samples of %.0f ms per implementation, rounds alternating; a choice other\n"
             "# than the current one needs a speed-up of %.2fx or more\n",
          ROUNDS, SAMPLE_NS / 1e6, MARGIN);
  for (size_t i = 0; i < NGROUPS; i++) {
    if (!done[i]) continue;
    const group *g = &groups[i];
    print_figures(f, "# ", g, &res[i]);
    for (size_t k = 0; k < g->nprims; k++)
      fprintf(f, "%s %s\n", hwc_prim_name(g->prims[k]), hwc_impl_name(g->prims[k], res[i].cand[res[i].best].impl[k]));
  }
  if (f == stdout) return fflush(f) == 0 ? 0 : -1;
  int bad = ferror(f);
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path) != 0) {
    perror(path);
    remove(tmp);
    return -1;
  }
  return 0;
}

static int calibrate(const char *path) {
  static group_result res[NGROUPS];
  int done[NGROUPS] = {0};
  if (getenv("HWCRYPTO_IMPL") || getenv("HWCRYPTO_PROFILE"))
    fprintf(stderr, "hwcrypto-info: HWCRYPTO_IMPL or HWCRYPTO_PROFILE is set: the current choices they "
                    "made are the baseline\n");
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 131 + 7);
  /* The selection to restore at the end. */
  const char *before[HWC_PRIM_COUNT];
  for (int p = 0; p < HWC_PRIM_COUNT; p++) before[p] = hwc_impl_selected((hwc_prim)p);

  FILE *fig = strcmp(path, "-") == 0 ? stderr : stdout;
  struct timespec w0, w1;
  clock_gettime(CLOCK_MONOTONIC, &w0);
  int rc = 0;
  for (size_t i = 0; i < NGROUPS && rc == 0; i++) {
    if (enumerate(&groups[i], &res[i]) < 2) continue;
    if (calibrate_group(&groups[i], &res[i]) != 0) {
      fprintf(stderr, "hwcrypto-info: an operation failed during calibration\n");
      rc = 1;
      break;
    }
    done[i] = 1;
    print_figures(fig, "", &groups[i], &res[i]);
  }
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (before[p]) hwc_impl_select((hwc_prim)p, before[p]);
  hwc_rsa_free(rsa_key);
  hwc_aes_gcm_key_wipe(&gcm_key);
  if (rc) return rc;
  clock_gettime(CLOCK_MONOTONIC, &w1);
  fprintf(fig, "calibration took %.1f s\n", (double)(w1.tv_sec - w0.tv_sec) + (double)(w1.tv_nsec - w0.tv_nsec) / 1e9);
  if (write_profile(path, res, done) != 0) return 1;
  if (fig == stdout) printf("profile written to %s (use: HWCRYPTO_PROFILE=%s)\n", path, path);
  return 0;
}

/* ---------------------------------------------------------------- report */

static void report(void) {
  hwc_init();
  printf("cpu: %s\n", hwc_cpu_summary());
  const char *id = hwc_cpu_identity();
  printf("identity: %.*s\n\n", (int)strcspn(id, "\n"), id);
  printf("%-17s %-15s %-10s %-24s %s\n", "primitive", "implementation", "supported", "tunings", "selected (why)");
  for (int p = 0; p < HWC_PRIM_COUNT; p++) {
    size_t n = hwc_impl_count((hwc_prim)p);
    if (n == 0) {
      printf("%-17s %-15s\n", hwc_prim_name((hwc_prim)p), "(not built yet)");
      continue;
    }
    /* One row per implementation; its further tuning records are the
     * entries "name:record", listed after the implementations. */
    const char *sel = hwc_impl_selected((hwc_prim)p);
    int first = 1;
    for (size_t i = 0; i < n; i++) {
      const char *name = hwc_impl_name((hwc_prim)p, i);
      if (strchr(name, ':')) continue;
      size_t len = strlen(name);
      char tunings[128] = "", why[96] = "";
      size_t t = 0;
      for (size_t j = 0; j < n; j++) {
        const char *e = hwc_impl_name((hwc_prim)p, j);
        if (strncmp(e, name, len) == 0 && e[len] == ':' && t < sizeof tunings)
          t += (size_t)snprintf(tunings + t, sizeof tunings - t, "%s%s", t ? ", " : "default, ", e + len + 1);
      }
      if (strcmp(sel, name) == 0)
        snprintf(why, sizeof why, "<- selected (%s%s)", tunings[0] ? "tuning: default, " : "",
                 hwc_impl_reason((hwc_prim)p));
      else if (strncmp(sel, name, len) == 0 && sel[len] == ':')
        snprintf(why, sizeof why, "<- selected (tuning: %s, %s)", sel + len + 1, hwc_impl_reason((hwc_prim)p));
      printf("%-17s %-15s %-10s %-24s %s\n", first ? hwc_prim_name((hwc_prim)p) : "", name,
             hwc_impl_supported((hwc_prim)p, i) ? "yes" : "no", tunings, why);
      first = 0;
    }
  }
  printf("\nwhy: priority = the highest of the supported ones; rule = the library's CPU-model table;\n"
         "profile = HWCRYPTO_PROFILE; HWCRYPTO_IMPL = the environment (README, \"Selection\")\n");
}

/* --tiers: the CPU tiers this machine can stand in for (tools/cpu_tiers.h),
 * one per line, "NAME<TAB>HWCRYPTO_CPU_DISABLE value", oldest first and
 * native last; the tiers it cannot reach go to standard error with why.
 * For scripts (fuzz/run.sh runs each harness under each). */
static int list_tiers(void) {
  cpu_tier_run plan[16];
  size_t n = cpu_tiers_plan_here(plan, 16);
  for (size_t i = 0; i < n; i++) {
    if (plan[i].runs) printf("%s\t%s\n", plan[i].name, plan[i].disable);
    else fprintf(stderr, "%s: %s\n", plan[i].name, plan[i].note);
  }
  return 0;
}

static void usage(FILE *f) {
  fprintf(f, "usage: hwcrypto-info                    CPU, implementations, selection and why\n"
             "       hwcrypto-info --calibrate [FILE] time each supported implementation on public data\n"
             "                                        and write a profile for HWCRYPTO_PROFILE to FILE\n"
             "                                        (default or \"-\": standard output)\n"
             "       hwcrypto-info --tiers            the CPU tiers this machine can stand in for, one per\n"
             "                                        line: NAME<TAB>HWCRYPTO_CPU_DISABLE value, native last\n");
}

int main(int argc, char **argv) {
  if (argc == 1) {
    report();
    return 0;
  }
  if (strcmp(argv[1], "--calibrate") == 0 && argc <= 3) return calibrate(argc == 3 ? argv[2] : "-");
  if (strcmp(argv[1], "--tiers") == 0 && argc == 2) return list_tiers();
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    usage(stdout);
    return 0;
  }
  usage(stderr);
  return 2;
}
