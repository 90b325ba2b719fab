/* SPDX-License-Identifier: ISC */
/*
 * hwcrypto-bench --tiers (see tiers.h): the CPU-tier matrix.
 *
 * One machine stands in for a fleet of older ones: for every tier whose
 * features this CPU has, the bench runs itself again as a child process
 * with the features above the tier hidden, from hwcrypto through
 * HWCRYPTO_CPU_DISABLE and from OpenSSL through OPENSSL_ia32cap (x86) or
 * OPENSSL_armcap (aarch64), so both libraries pick the code they would pick
 * on that tier. A child measures only the implementation our dispatcher
 * selects (and, when the report has them, OpenSSL's figures beside it) and
 * writes its JSON report; this file reads the reports back and tabulates
 * tier x result. Separate processes are needed because both libraries read
 * their CPU masks once, at start-up.
 *
 * Exit status: 0 every tier measured with its features verifiably hidden;
 * 1 a child failed or still reported a hidden feature; 2 bad command line.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_version.h"
#include "cpu_tiers.h"
#include "json_read.h"
#include "report.h"
#include "selfpath.h"
#include "tiers.h"

extern char **environ;

/* The rows an application cares about most: hashing, the two AEADs and
 * AES-CTR, key agreement, signing, RSA private keys. --quick keeps one of
 * each kind so the test stays short. */
const char *const bench_main_rows[] = {
    "sha256",      "sha512",       "aes-128-gcm-encrypt", "aes-128-ctr",     "chacha20-poly1305-encrypt",
    "x25519",      "ed25519-sign", "rsa2048-private",     "rsa4096-private",
};
const size_t bench_main_rows_count = sizeof bench_main_rows / sizeof bench_main_rows[0];
static const char *const quick_rows[] = {"sha256", "aes-128-gcm-encrypt", "x25519"};

/* What hiding one hwcrypto feature hides from OpenSSL. x86: bits of the two
 * 64-bit words of OPENSSL_ia32cap, a = CPUID.1:EDX | CPUID.1:ECX << 32 and
 * b = CPUID.7.0:EBX | CPUID.7.0:ECX << 32. aarch64: a is the feature's bit
 * in OPENSSL_armcap, b unused. */
typedef struct ossl_bits {
  const char *feature;
  uint64_t a, b;
} ossl_bits;

typedef struct arch_def {
  const char *arch;
  const ossl_bits *map;
  size_t n_map;
  const char *ossl_var;
  int absolute; /* OPENSSL_armcap replaces the capabilities, ia32cap masks them */
} arch_def;

#define B(n) ((uint64_t)1 << (n))
#define ECX1(n) B(32 + (n)) /* CPUID.1:ECX bit n in word a */
#define ECX7(n) B(32 + (n)) /* CPUID.7.0:ECX bit n in word b */

/* CPUID.7.0:EBX AVX-512 bits: F 16, DQ 17, IFMA 21, PF 26, ER 27, CD 28,
 * BW 30, VL 31; ECX: VBMI 1, VBMI2 6, VNNI 11, BITALG 12, VPOPCNTDQ 14.
 * OpenSSL tests some of them on their own (its RSA code wants F, DQ, IFMA,
 * BW and VL), so hiding AVX-512F hides every one. */
#define AVX512_ALL                                                                             \
  (B(16) | B(17) | B(21) | B(26) | B(27) | B(28) | B(30) | B(31) | ECX7(1) | ECX7(6) | ECX7(11) | \
   ECX7(12) | ECX7(14))
/* CPUID.1:ECX: FMA 12, OSXSAVE 27, AVX 28, F16C 29, and bit 11, where
 * OpenSSL keeps AMD's XOP: all VEX-encoded or the OS's consent to them. */
#define AVX_A (ECX1(11) | ECX1(12) | ECX1(27) | ECX1(28) | ECX1(29))
/* VAES 9 and VPCLMULQDQ 10 are VEX/EVEX encoded, GFNI 8 came with them. */
#define VECTOR_CRYPTO (ECX7(8) | ECX7(9) | ECX7(10))

static const ossl_bits x86_map[] = {
    {"ssse3", ECX1(9), 0},
    {"sse4_1", ECX1(19), 0},
    {"aes", ECX1(25), 0},
    {"pclmulqdq", ECX1(1), 0},
    /* Without AVX nothing VEX or EVEX encoded may run: AVX2, AVX-512 too. */
    {"avx", AVX_A, B(5) | AVX512_ALL | VECTOR_CRYPTO},
    {"avx2", 0, B(5)},
    /* OpenSSL takes its BMI2 paths only with BMI1 (bit 3) as well. */
    {"bmi2", 0, B(3) | B(8)},
    {"adx", 0, B(19)},
    {"sha_ni", 0, B(29)},
    {"avx512f", 0, AVX512_ALL},
    {"avx512bw", 0, B(30)},
    {"avx512vl", 0, B(31)},
    {"avx512ifma", 0, B(21)},
    {"vaes", 0, ECX7(8) | ECX7(9)},
    {"vpclmulqdq", 0, ECX7(10)},
};

/* OpenSSL's arm_arch.h: NEON 0, AES 2, SHA1 3, SHA256 4, PMULL 5,
 * SHA512 6, SHA3 11. OPENSSL_armcap replaces what OpenSSL would probe, so
 * the value is built from the features kept. */
static const ossl_bits arm_map[] = {
    {"asimd", B(0), 0}, {"aes", B(2), 0},     {"sha1", B(3), 0},  {"sha2", B(4), 0},
    {"pmull", B(5), 0}, {"sha512", B(6), 0}, {"sha3", B(11), 0},
};

/* Both architectures' tables are compiled everywhere (so every build
 * checks them); the one this binary runs on is picked here. */
static const arch_def arches[] = {
    {"x86_64", x86_map, sizeof x86_map / sizeof x86_map[0], "OPENSSL_ia32cap", 0},
    {"aarch64", arm_map, sizeof arm_map / sizeof arm_map[0], "OPENSSL_armcap", 1},
    {"other", NULL, 0, NULL, 0},
};
#if defined(__x86_64__)
#define ARCH_INDEX 0
#elif defined(__aarch64__)
#define ARCH_INDEX 1
#else
#define ARCH_INDEX 2
#endif
static const arch_def *const this_arch = &arches[ARCH_INDEX];

/* The OpenSSL bits of every feature in `list`. */
static void ossl_bits_of(const char *list, uint64_t *a, uint64_t *b) {
  *a = *b = 0;
  for (size_t i = 0; i < this_arch->n_map; i++)
    if (cpu_words_have(list, this_arch->map[i].feature, strlen(this_arch->map[i].feature))) {
      *a |= this_arch->map[i].a;
      *b |= this_arch->map[i].b;
    }
}

/* ------------------------------------------------------------ the runs */

typedef enum { TIER_SKIPPED, TIER_NATIVE_SAME, TIER_RUN } tier_plan;

typedef struct tier_run {
  const char *name;
  tier_plan plan;
  char disable[256]; /* HWCRYPTO_CPU_DISABLE, comma-separated; "" for native */
  char ossl[80];     /* OPENSSL_ia32cap / OPENSSL_armcap value; "" for native */
  char hidden[256];  /* the features hidden that this CPU has, space-separated */
  char note[200];
  char json[4096];   /* the child's report */
  int failed;        /* no usable report */
  int exit_code;
  char leaked[256];  /* hidden features the child still reported */
  jv *doc;
} tier_run;

#define MAX_RUNS 8
static tier_run runs[MAX_RUNS];
static size_t n_runs;
static char tmpdir[4096];

/* Removes the children's temporary reports; safe in a signal handler
 * (unlink and rmdir only). */
static void remove_tmp(void) {
  if (!tmpdir[0]) return;
  for (size_t i = 0; i < n_runs; i++)
    if (runs[i].json[0]) unlink(runs[i].json);
  rmdir(tmpdir);
}

static struct sigaction old_int, old_term, old_hup;

/* Interrupted: remove our temporaries, then let the previous handler (the
 * report files' own, outfile.c) or the default action run. */
static void on_signal(int sig) {
  remove_tmp();
  sigaction(sig, sig == SIGINT ? &old_int : sig == SIGTERM ? &old_term : &old_hup, NULL);
  raise(sig);
}

/* Installs on_signal, remembering the handlers it replaces. */
static void catch_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  sigaction(SIGHUP, &sa, &old_hup);
}

/* The child's environment: ours without any mask or forced implementation
 * the user may have set (they would distort the tier), plus the tier's. */
static char **child_env(const tier_run *t, char *dis, size_t dcap, char *oss, size_t ocap) {
  size_t n = 0;
  while (environ[n]) n++;
  char **env = calloc(n + 3, sizeof *env);
  if (!env) return NULL;
  static const char *const drop[] = {"HWCRYPTO_CPU_DISABLE=", "HWCRYPTO_IMPL=", "OPENSSL_ia32cap=",
                                     "OPENSSL_armcap="};
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    int keep = 1;
    for (size_t d = 0; d < sizeof drop / sizeof drop[0]; d++)
      if (strncmp(environ[i], drop[d], strlen(drop[d])) == 0) keep = 0;
    if (keep) env[k++] = environ[i];
  }
  if (t->disable[0]) {
    snprintf(dis, dcap, "HWCRYPTO_CPU_DISABLE=%s", t->disable);
    env[k++] = dis;
  }
  if (t->ossl[0] && this_arch->ossl_var) {
    snprintf(oss, ocap, "%s=%s", this_arch->ossl_var, t->ossl);
    env[k++] = oss;
  }
  env[k] = NULL;
  return env;
}

/* Runs the bench binary itself for one tier; returns its exit status, or
 * -1 when it could not be started or died of a signal. Its table goes to
 * /dev/null: what counts is its JSON. */
static int run_child(const tier_run *t, const char *self, char *const argv[]) {
  char dis[300], oss[120];
  char **env = child_env(t, dis, sizeof dis, oss, sizeof oss);
  if (!env) return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc;
  /* HWC_BENCH_EMULATOR ("qemu-aarch64 -L /usr/aarch64-linux-gnu"): the
   * command that runs this binary when it is not native, as under
   * qemu-user, which does not follow execve into the guest. */
  const char *emu = getenv("HWC_BENCH_EMULATOR");
  if (emu && *emu) {
    char words[512], *ev[64];
    size_t k = 0, a = 1;
    snprintf(words, sizeof words, "%s", emu);
    for (char *w = strtok(words, " "); w && k < 16; w = strtok(NULL, " ")) ev[k++] = w;
    ev[k++] = (char *)self;
    while (argv[a] && k < 63) ev[k++] = argv[a++];
    ev[k] = NULL;
    rc = posix_spawnp(&pid, ev[0], &fa, NULL, ev, env);
  } else {
    /* The running binary itself, wherever it was started from (an
     * installed bench is usually found through PATH, so argv[0] is no
     * path); self is only the fallback where /proc is not mounted. */
    rc = posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, env);
    if (rc != 0 && strchr(self, '/')) rc = posix_spawn(&pid, self, &fa, NULL, argv, env);
    else if (rc != 0) rc = posix_spawnp(&pid, self, &fa, NULL, argv, env);
  }
  posix_spawn_file_actions_destroy(&fa);
  free(env);
  if (rc != 0) {
    fprintf(stderr, "hwcrypto-bench --tiers: cannot run %s: %s\n", self, strerror(rc));
    return -1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  fprintf(stderr, "hwcrypto-bench --tiers: %s: the child died of signal %d\n", t->name,
          WIFSIGNALED(st) ? WTERMSIG(st) : 0);
  return -1;
}

/* Reads a whole file into memory, NUL-terminated; NULL on failure. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap || cap >= ((size_t)1 << 30)) break;
    char *p = realloc(buf, cap * 2);
    if (!p) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = p;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf || bad || n == cap) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* Parses the child's report and checks that none of the hidden features
 * is among the features it saw: otherwise the tier was not what its name
 * says (an unknown name, a typo in a mask), and its figures must not be
 * read as that tier's. */
static void load_child(tier_run *t) {
  size_t len;
  char *text = slurp(t->json, &len);
  char err[160];
  if (!text) {
    snprintf(t->note, sizeof t->note, "no report from the child (exit %d)", t->exit_code);
    t->failed = 1;
    return;
  }
  t->doc = json_parse(text, len, err, sizeof err);
  free(text);
  if (!t->doc || t->doc->type != JV_OBJ || !json_get(t->doc, "results")) {
    snprintf(t->note, sizeof t->note, "the child's report is not valid (%s)", t->doc ? "no results" : err);
    t->failed = 1;
    return;
  }
  const jv *feat = json_get(json_get(t->doc, "cpu"), "features");
  if (!feat || feat->type != JV_ARR) {
    snprintf(t->note, sizeof t->note, "the child's report has no cpu.features");
    t->failed = 1;
    return;
  }
  for (size_t i = 0; i < feat->n; i++) {
    const jv *f = &feat->items[i];
    if (f->type == JV_STR && cpu_words_have(t->hidden, f->str, strlen(f->str))) {
      size_t k = strlen(t->leaked);
      snprintf(t->leaked + k, sizeof t->leaked - k, "%s%s", k ? " " : "", f->str);
    }
  }
}

/* ------------------------------------------------------------ the table */

typedef struct cell {
  const char *impl; /* NULL: no figure */
  double rate, ossl, ratio;
  int bulk, has_ossl;
} cell;

/* Our selected implementation's figure for `name` and, when the report has
 * one, OpenSSL's beside it (schema 2). Bulk rows at `size`. */
static cell cell_of(const jv *doc, const char *name, long size) {
  cell c = {0};
  const jv *res = json_get(doc, "results");
  const jv *ours = NULL, *peer = NULL;
  for (size_t i = 0; res && res->type == JV_ARR && i < res->n; i++) {
    const jv *r = &res->items[i];
    const char *n = json_str(r, "name"), *src = json_str(r, "source");
    double sz;
    if (!n || strcmp(n, name) != 0) continue;
    if (json_num(r, "size", &sz) && (long)sz != size) continue;
    if (src && strcmp(src, "openssl") == 0)
      peer = r;
    else if ((!src || strcmp(src, "hwcrypto") == 0) && json_get(r, "selected") &&
             json_get(r, "selected")->type == JV_BOOL && json_get(r, "selected")->boolean)
      ours = r;
  }
  if (!ours) return c;
  c.impl = json_str(ours, "impl");
  c.bulk = json_get(ours, "size") != NULL;
  const char *key = c.bulk ? "gbps" : "ops_per_s";
  if (!c.impl || !json_num(ours, key, &c.rate)) {
    c.impl = NULL;
    return c;
  }
  if (peer && json_num(peer, key, &c.ossl) && c.ossl > 0) {
    double pm, om;
    c.has_ossl = 1;
    /* A peer figure carries ours from the same alternated runs: that ratio
     * is the fair one; otherwise the two separate figures. */
    if (json_num(peer, "median_ns", &pm) && json_num(peer, "hwcrypto_median_ns", &om) && om > 0)
      c.ratio = pm / om;
    else
      c.ratio = c.rate / c.ossl;
  }
  return c;
}

/* "12.3 GB/s" or "45678 op/s". */
static const char *fmt_rate(char *buf, size_t cap, double x, int bulk) {
  if (bulk)
    snprintf(buf, cap, "%.3f GB/s", x);
  else if (x >= 100)
    snprintf(buf, cap, "%.0f op/s", x);
  else
    snprintf(buf, cap, "%.2f op/s", x);
  return buf;
}

static const char *fmt_size(long n, char *buf, size_t cap) {
  if (n >= 1048576 && n % 1048576 == 0)
    snprintf(buf, cap, "%ld MiB", n / 1048576);
  else if (n >= 1024 && n % 1024 == 0)
    snprintf(buf, cap, "%ld KiB", n / 1024);
  else
    snprintf(buf, cap, "%ld B", n);
  return buf;
}

/* The tier's label in the tables: native also names the tier it equals. */
static void tier_label(char *buf, size_t cap, const tier_run *t) {
  if (strcmp(t->name, "native") != 0) {
    snprintf(buf, cap, "%s", t->name);
    return;
  }
  const char *same = NULL;
  for (size_t i = 0; i < n_runs; i++)
    if (runs[i].plan == TIER_NATIVE_SAME) same = runs[i].name;
  if (same)
    snprintf(buf, cap, "native (= %s)", same);
  else
    snprintf(buf, cap, "native");
}

/* The result names to show: the default list's order, or with --filter
 * every selected result the children reported, in their order. */
static size_t row_names(const char **names, size_t cap, const char *const *want, size_t n_want) {
  size_t n = 0;
  for (size_t t = 0; t < n_runs; t++) {
    const jv *res = runs[t].doc ? json_get(runs[t].doc, "results") : NULL;
    for (size_t i = 0; res && res->type == JV_ARR && i < res->n; i++) {
      const char *name = json_str(&res->items[i], "name");
      const char *src = json_str(&res->items[i], "source");
      if (!name || (src && strcmp(src, "hwcrypto") != 0)) continue;
      size_t k = 0;
      while (k < n && strcmp(names[k], name) != 0) k++;
      if (k == n && n < cap) names[n++] = name;
    }
  }
  if (!want) return n;
  /* Keep the default order, and only the names some child reported. */
  size_t m = 0;
  for (size_t w = 0; w < n_want; w++)
    for (size_t k = 0; k < n; k++)
      if (strcmp(names[k], want[w]) == 0) {
        names[k] = names[m];
        names[m++] = want[w];
        break;
      }
  return m;
}

/* Everything printed, in the three output formats. */
typedef struct matrix {
  const char **names;
  size_t n_names;
  long size;
  const char *model;
} matrix;

/* The matrix on stdout: one line per result x tier, then the masks. */
static void print_terminal(const matrix *m) {
  char sz[24], a[32], b[32], lab[64], r[16];
  printf("\nCPU tiers on %s: the implementation hwcrypto selects and OpenSSL on the same tier;\n"
         "bulk rows at %s; ratio = OpenSSL's time / ours (above 1: hwcrypto faster)\n",
         m->model, fmt_size(m->size, sz, sizeof sz));
  printf("\n%-26s %-26s %-15s %14s %14s %7s\n", "result", "tier", "hwcrypto impl", "hwcrypto", "OpenSSL",
         "ratio");
  for (size_t k = 0; k < m->n_names; k++) {
    for (size_t t = 0; t < n_runs; t++) {
      const tier_run *tr = &runs[t];
      if (tr->plan != TIER_RUN || !tr->doc) continue;
      cell c = cell_of(tr->doc, m->names[k], m->size);
      tier_label(lab, sizeof lab, tr);
      if (!c.impl) {
        printf("%-26s %-26s %-15s %14s %14s %7s\n", m->names[k], lab, "-", "-", "-", "-");
        continue;
      }
      if (c.has_ossl) snprintf(r, sizeof r, "%.2fx", c.ratio);
      printf("%-26s %-26s %-15s %14s %14s %7s\n", m->names[k], lab, c.impl, fmt_rate(a, sizeof a, c.rate, c.bulk),
             c.has_ossl ? fmt_rate(b, sizeof b, c.ossl, c.bulk) : "-", c.has_ossl ? r : "-");
    }
  }
  printf("\nmasks (%s):\n", this_arch->ossl_var ? this_arch->ossl_var : "no OpenSSL mask on this architecture");
  for (size_t t = 0; t < n_runs; t++) {
    const tier_run *tr = &runs[t];
    tier_label(lab, sizeof lab, tr);
    if (tr->plan == TIER_SKIPPED || tr->plan == TIER_NATIVE_SAME) {
      printf("  %-26s %s\n", lab, tr->note);
    } else if (strcmp(tr->name, "native") == 0) {
      printf("  %-26s no mask%s%s\n", lab, tr->note[0] ? "; " : "", tr->note);
    } else {
      printf("  %-26s HWCRYPTO_CPU_DISABLE=%s %s=%s\n", lab, tr->disable, this_arch->ossl_var, tr->ossl);
      if (tr->failed)
        printf("  %-26s failed: %s\n", "", tr->note);
      else if (tr->leaked[0])
        printf("  %-26s NOT MASKED: the child still saw %s\n", "", tr->leaked);
      else
        printf("  %-26s the child saw none of: %s%s%s\n", "", tr->hidden, tr->note[0] ? "; " : "", tr->note);
    }
  }
}

/* The matrix as JSON (bench/README.md, "Tier matrix"). */
static void write_json(FILE *f, const matrix *m, const char *features) {
  double mt = 0, rn = 0;
  for (size_t t = 0; t < n_runs; t++)
    if (runs[t].doc) {
      json_num(runs[t].doc, "min_time", &mt);
      json_num(runs[t].doc, "runs", &rn);
      break;
    }
  fprintf(f, "{\"tiers_schema\":1,\"version\":");
  bench_json_string(f, BENCH_VERSION, SIZE_MAX);
  fprintf(f, ",\"arch\":");
  bench_json_string(f, this_arch->arch, SIZE_MAX);
  fprintf(f, ",\"cpu\":{\"model\":");
  bench_json_string(f, m->model, SIZE_MAX);
  /* An array, as in the bench's own reports. */
  fprintf(f, ",\"features\":[");
  int first_feature = 1;
  for (const char *p = features; *p;) {
    p += strspn(p, " ");
    size_t k = strcspn(p, " ");
    if (k) fprintf(f, "%s\"%.*s\"", first_feature ? "" : ",", (int)k, p);
    first_feature &= !k;
    p += k;
  }
  fprintf(f, "]},\"size\":%ld,\"min_time\":%g,\"runs\":%g,\"openssl_var\":", m->size, mt, rn);
  if (this_arch->ossl_var)
    bench_json_string(f, this_arch->ossl_var, SIZE_MAX);
  else
    fputs("null", f);
  fprintf(f, ",\n\"tiers\":[");
  for (size_t t = 0; t < n_runs; t++) {
    const tier_run *tr = &runs[t];
    static const char *const plan[] = {"skipped", "same-as-native", "ran"};
    fprintf(f, "%s\n{\"name\":", t ? "," : "");
    bench_json_string(f, tr->name, SIZE_MAX);
    fprintf(f, ",\"status\":");
    bench_json_string(f, tr->plan != TIER_RUN ? plan[tr->plan] : tr->failed ? "failed" : "ran", SIZE_MAX);
    fprintf(f, ",\"hwcrypto_cpu_disable\":");
    bench_json_string(f, tr->disable, SIZE_MAX);
    fprintf(f, ",\"openssl_mask\":");
    bench_json_string(f, tr->ossl, SIZE_MAX);
    fprintf(f, ",\"hidden\":");
    bench_json_string(f, tr->hidden, SIZE_MAX);
    if (tr->plan == TIER_RUN && !tr->failed) fprintf(f, ",\"masked_ok\":%s", tr->leaked[0] ? "false" : "true");
    fprintf(f, ",\"note\":");
    bench_json_string(f, tr->note, SIZE_MAX);
    fputc('}', f);
  }
  fprintf(f, "],\n\"results\":[");
  int first = 1;
  for (size_t k = 0; k < m->n_names; k++)
    for (size_t t = 0; t < n_runs; t++) {
      const tier_run *tr = &runs[t];
      if (tr->plan != TIER_RUN || !tr->doc) continue;
      cell c = cell_of(tr->doc, m->names[k], m->size);
      if (!c.impl) continue;
      fprintf(f, "%s\n{\"tier\":", first ? "" : ",");
      first = 0;
      bench_json_string(f, tr->name, SIZE_MAX);
      fprintf(f, ",\"name\":");
      bench_json_string(f, m->names[k], SIZE_MAX);
      if (c.bulk) fprintf(f, ",\"size\":%ld", m->size);
      fprintf(f, ",\"impl\":");
      bench_json_string(f, c.impl, SIZE_MAX);
      fprintf(f, ",\"unit\":\"%s\",\"rate\":%.7g", c.bulk ? "GB/s" : "op/s", c.rate);
      if (c.has_ossl)
        fprintf(f, ",\"openssl\":%.7g,\"ratio\":%.4g}", c.ossl, c.ratio);
      else
        fprintf(f, ",\"openssl\":null,\"ratio\":null}");
    }
  fprintf(f, "\n]}\n");
}

/* The matrix as a Markdown section, with the masks used. */
static void write_md(FILE *f, const matrix *m) {
  char sz[24], a[32], b[32], lab[64];
  fprintf(f, "## CPU tiers: %s\n\n", m->model);
  fprintf(f, "`hwcrypto-bench --tiers`: each tier is this CPU with the features above it hidden from "
             "hwcrypto and from OpenSSL; the implementation hwcrypto selects there, its rate, OpenSSL's "
             "rate on the same tier and the ratio (OpenSSL's time / ours: above 1, hwcrypto is faster). "
             "Bulk rows at %s.\n\n",
          fmt_size(m->size, sz, sizeof sz));
  fprintf(f, "| result | tier | hwcrypto | rate | OpenSSL | ratio |\n|---|---|---|---:|---:|---:|\n");
  for (size_t k = 0; k < m->n_names; k++)
    for (size_t t = 0; t < n_runs; t++) {
      const tier_run *tr = &runs[t];
      if (tr->plan != TIER_RUN || !tr->doc) continue;
      cell c = cell_of(tr->doc, m->names[k], m->size);
      tier_label(lab, sizeof lab, tr);
      if (!c.impl) {
        fprintf(f, "| %s | %s | - | - | - | - |\n", m->names[k], lab);
        continue;
      }
      fprintf(f, "| %s | %s | %s | %s | %s |", m->names[k], lab, c.impl, fmt_rate(a, sizeof a, c.rate, c.bulk),
              c.has_ossl ? fmt_rate(b, sizeof b, c.ossl, c.bulk) : "-");
      if (c.has_ossl)
        fprintf(f, " %.2fx |\n", c.ratio);
      else
        fprintf(f, " - |\n");
    }
  fprintf(f, "\nMasks used (`HWCRYPTO_CPU_DISABLE` for hwcrypto, `%s` for OpenSSL):\n\n",
          this_arch->ossl_var ? this_arch->ossl_var : "-");
  fprintf(f, "| tier | HWCRYPTO_CPU_DISABLE | %s | status |\n|---|---|---|---|\n",
          this_arch->ossl_var ? this_arch->ossl_var : "OpenSSL");
  for (size_t t = 0; t < n_runs; t++) {
    const tier_run *tr = &runs[t];
    tier_label(lab, sizeof lab, tr);
    const char *status = tr->plan != TIER_RUN ? tr->note
                         : tr->failed         ? tr->note
                         : tr->leaked[0]      ? "NOT MASKED"
                         : tr->disable[0]     ? "hidden features verified absent"
                                              : "no mask";
    fprintf(f, "| %s | `%s` | `%s` | %s%s%s |\n", lab, tr->disable[0] ? tr->disable : "-",
            tr->ossl[0] ? tr->ossl : "-", status, tr->leaked[0] ? ": " : "", tr->leaked);
  }
}

/* ------------------------------------------------------------ the CLI */

/* The CPU model as main.c spells report file names: lowercased, every run
 * of other characters one '-'. */
static void cpu_slug(char *out, size_t cap, const char *m, size_t n) {
  size_t k = 0;
  int dash = 0;
  for (size_t i = 0; i < n && k + 2 < cap; i++) {
    unsigned char c = (unsigned char)m[i];
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) {
      if (dash && k) out[k++] = '-';
      out[k++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      dash = 0;
    } else {
      dash = 1;
    }
  }
  out[k] = '\0';
  if (k == 0) snprintf(out, cap, "unknown-cpu");
}

/* --tiers' own options. */
static void usage(FILE *f) {
  fprintf(f, "usage: hwcrypto-bench --tiers [--filter REGEX] [--runs N] [--min-time SECONDS]\n"
             "                      [--tier-size BYTES] [--json FILE] [--out DIR] [--quick]\n"
             "  every CPU tier this machine reaches by hiding features, measured in a child\n"
             "  process each: hwcrypto's selected implementation beside OpenSSL's figure\n"
             "  --tier-size BYTES   the size of bulk rows in the table: 64, 1024, 16384 (default)\n"
             "                      or 1048576\n"
             "  --json FILE         the matrix as JSON (bench/README.md, \"Tier matrix\")\n"
             "  --out DIR           DIR/<cpu-slug>-tiers.md and each tier's full report as\n"
             "                      DIR/<cpu-slug>-tier-<tier>.json\n"
             "  --quick             --runs 1 --min-time 0.005 and three rows (for tests)\n");
}

/* Accepts "--opt value" and "--opt=value"; exits 2 when the value is missing. */
static const char *opt_value(int argc, char **argv, int *i, const char *opt) {
  size_t n = strlen(opt);
  if (strncmp(argv[*i], opt, n) != 0) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    fprintf(stderr, "hwcrypto-bench --tiers: %s needs a value\n", opt);
    exit(2);
  }
  return argv[++*i];
}

/* Plans every tier of this architecture: skipped when the CPU lacks one of
 * its features, folded into native when it hides nothing this CPU has. */
static void plan_tiers(const char *detected) {
  size_t n_tiers;
  const cpu_tier *tiers = cpu_tiers_of(this_arch->arch, &n_tiers);
  for (size_t i = 0; i < n_tiers && n_runs < MAX_RUNS - 1; i++) {
    const cpu_tier *d = &tiers[i];
    tier_run *t = &runs[n_runs++];
    t->name = d->name;
    char missing[256];
    switch (cpu_tier_plan_on(d, detected, missing, t->hidden, t->disable, sizeof t->hidden)) {
    case CPU_TIER_SKIPPED:
      t->plan = TIER_SKIPPED;
      snprintf(t->note, sizeof t->note, "skipped: this CPU lacks %.150s", missing);
      continue;
    case CPU_TIER_NATIVE_SAME:
      t->plan = TIER_NATIVE_SAME;
      snprintf(t->note, sizeof t->note, "= native: hides nothing this CPU has");
      continue;
    case CPU_TIER_RUN:
      break;
    }
    t->plan = TIER_RUN;
    uint64_t a, b;
    if (this_arch->absolute) {
      /* The capabilities kept: detected, minus what the tier hides. */
      char kept[256] = "";
      cpu_words_filter(kept, sizeof kept, detected, d->hides, 0, " ");
      ossl_bits_of(kept, &a, &b);
      snprintf(t->ossl, sizeof t->ossl, "0x%llx", (unsigned long long)a);
    } else {
      ossl_bits_of(d->hides, &a, &b);
      snprintf(t->ossl, sizeof t->ossl, "~0x%llx:~0x%llx", (unsigned long long)a, (unsigned long long)b);
    }
  }
  tier_run *n = &runs[n_runs++];
  n->name = "native";
  n->plan = TIER_RUN;
}

/* Parses the options, plans the tiers, runs one child per tier, then
 * prints and writes the matrix. */
int tiers_main(int argc, char **argv) {
  const char *filter = NULL, *runs_arg = NULL, *min_time = NULL, *json = NULL, *outdir = NULL;
  long size = BENCH_MAIN_SIZE;
  int quick = 0;
  for (int i = 1; i < argc; i++) {
    const char *v;
    if (strcmp(argv[i], "--tiers") == 0) continue;
    if ((v = opt_value(argc, argv, &i, "--filter"))) {
      filter = v;
    } else if ((v = opt_value(argc, argv, &i, "--runs"))) {
      runs_arg = v;
    } else if ((v = opt_value(argc, argv, &i, "--min-time"))) {
      min_time = v;
    } else if ((v = opt_value(argc, argv, &i, "--json"))) {
      json = v;
    } else if ((v = opt_value(argc, argv, &i, "--out"))) {
      outdir = v;
    } else if ((v = opt_value(argc, argv, &i, "--tier-size"))) {
      char *end;
      errno = 0;
      size = strtol(v, &end, 10);
      if (errno || *end || (size != 64 && size != 1024 && size != 16384 && size != 1048576)) {
        fprintf(stderr, "hwcrypto-bench --tiers: --tier-size %s: want 64, 1024, 16384 or 1048576\n", v);
        return 2;
      }
    } else if (strcmp(argv[i], "--quick") == 0) {
      quick = 1;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "hwcrypto-bench --tiers: unknown argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  size_t n_tiers;
  if (!cpu_tiers_of(this_arch->arch, &n_tiers)) {
    fprintf(stderr, "hwcrypto-bench --tiers: no CPU tiers are defined for this architecture\n");
    return 2;
  }
  if (quick) {
    if (!runs_arg) runs_arg = "1";
    if (!min_time) min_time = "0.005";
  }
  const char *const *want = quick ? quick_rows : bench_main_rows;
  size_t n_want = quick ? sizeof quick_rows / sizeof quick_rows[0] : bench_main_rows_count;
  char regex[512];
  if (!filter) {
    size_t k = (size_t)snprintf(regex, sizeof regex, "^(");
    for (size_t i = 0; i < n_want; i++) k += (size_t)snprintf(regex + k, sizeof regex - k, "%s%s", i ? "|" : "", want[i]);
    snprintf(regex + k, sizeof regex - k, ")$");
    filter = regex;
  } else {
    want = NULL; /* the user's rows, in the bench's order */
  }

  /* The CPU as detected: what the user's own HWCRYPTO_CPU_DISABLE masked
   * counts too, since the children run without it. */
  hwc_init();
  const char *sum = hwc_cpu_summary();
  size_t nf, nm, nmod;
  const char *f = bench_summary_field(sum, "features: ", &nf);
  const char *msk = bench_summary_field(sum, "masked: ", &nm);
  const char *model = bench_summary_field(sum, "model: ", &nmod);
  char detected[512], model_s[160], slug[160];
  snprintf(detected, sizeof detected, "%.*s %.*s", (int)nf, f, (int)nm, msk);
  snprintf(model_s, sizeof model_s, "%.*s", (int)nmod, model);
  cpu_slug(slug, sizeof slug, model, nmod);
  plan_tiers(detected);

  /* Output files are claimed before the long measurement, as main.c does. */
  FILE *f_json = json ? out_reserve(json, "--json") : NULL;
  FILE *f_md = NULL;
  char md_path[4096];
  if (outdir) {
    struct stat st;
    if (stat(outdir, &st) != 0 && mkdir(outdir, 0777) != 0) {
      fprintf(stderr, "hwcrypto-bench --tiers: --out %s: cannot create the directory: %s\n", outdir,
              strerror(errno));
      return 2;
    }
    snprintf(md_path, sizeof md_path, "%s/%s-tiers.md", outdir, slug);
    f_md = out_reserve(md_path, "--out");
  }
  /* The children's reports go beside --out's files (one file system, so
   * they can be renamed into place at the end), or to TMPDIR. */
  const char *tmp = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/%shwcrypto-tiers-XXXXXX", outdir ? outdir : tmp && *tmp ? tmp : "/tmp",
           outdir ? "." : "");
  if (!mkdtemp(tmpdir)) {
    fprintf(stderr, "hwcrypto-bench --tiers: cannot create %s: %s\n", tmpdir, strerror(errno));
    tmpdir[0] = '\0';
    return 2;
  }
  catch_signals();
  /* Resolved once: HWC_BENCH_EMULATOR needs the binary's path, and argv[0]
   * is a bare name when the installed bench was found through PATH. */
  char self_buf[4096];
  const char *self = bench_self_exe(self_buf, sizeof self_buf, argv[0]);

  int status = 0;
  size_t to_run = 0, done = 0;
  for (size_t t = 0; t < n_runs; t++) to_run += runs[t].plan == TIER_RUN;
  for (size_t t = 0; t < n_runs; t++) {
    tier_run *tr = &runs[t];
    if (tr->plan != TIER_RUN) {
      fprintf(stderr, "tiers: %s: %s\n", tr->name, tr->note);
      continue;
    }
    if (snprintf(tr->json, sizeof tr->json, "%s/%s.json", tmpdir, tr->name) >= (int)sizeof tr->json) {
      fprintf(stderr, "hwcrypto-bench --tiers: %s: path too long\n", tmpdir);
      remove_tmp();
      return 2;
    }
    const char *av[20];
    int k = 0;
    av[k++] = argv[0];
    av[k++] = "--impl";
    av[k++] = "selected";
    av[k++] = "--json";
    av[k++] = tr->json;
    av[k++] = "--shootout-time";
    av[k++] = "0";
    av[k++] = "--filter";
    av[k++] = filter;
    if (runs_arg) {
      av[k++] = "--runs";
      av[k++] = runs_arg;
    }
    if (min_time) {
      av[k++] = "--min-time";
      av[k++] = min_time;
    }
    av[k] = NULL;
    if (tr->disable[0])
      fprintf(stderr, "tiers: [%zu/%zu] %s: HWCRYPTO_CPU_DISABLE=%s %s=%s\n", ++done, to_run, tr->name,
              tr->disable, this_arch->ossl_var, tr->ossl);
    else
      fprintf(stderr, "tiers: [%zu/%zu] %s (no mask)\n", ++done, to_run, tr->name);
    tr->exit_code = run_child(tr, self, (char *const *)av);
    if (tr->exit_code == 2) {
      /* The child refused its command line: every other tier would too. */
      fprintf(stderr, "hwcrypto-bench --tiers: the bench refused the options passed on (exit 2)\n");
      remove_tmp();
      return 2;
    }
    load_child(tr);
    if (!tr->failed && tr->exit_code != 0)
      snprintf(tr->note, sizeof tr->note, "the child exited %d: some figures failed", tr->exit_code);
    if (tr->failed || tr->exit_code != 0 || tr->leaked[0]) status = 1;
    if (tr->leaked[0])
      fprintf(stderr, "hwcrypto-bench --tiers: %s: the child still saw %s: the tier was not masked\n", tr->name,
              tr->leaked);
  }

  const char *names[64];
  matrix m = {names, row_names(names, sizeof names / sizeof names[0], want, n_want), size, model_s};
  print_terminal(&m);
  fflush(stdout);
  char feat_s[512];
  snprintf(feat_s, sizeof feat_s, "%.*s", (int)nf, f);
  if (f_json) write_json(f_json, &m, feat_s);
  if (f_md) write_md(f_md, &m);
  if (f_json || f_md) {
    if (out_commit() != 0) {
      fprintf(stderr, "hwcrypto-bench --tiers: no report written\n");
      status = 1;
    } else {
      if (json) printf("JSON written to %s\n", json);
      if (f_md) printf("Markdown written to %s\n", md_path);
    }
  }
  /* Each tier's full report is kept with --out, comparable with --compare. */
  if (outdir)
    for (size_t t = 0; t < n_runs; t++) {
      tier_run *tr = &runs[t];
      char dst[4096];
      if (!tr->doc) continue;
      int w = snprintf(dst, sizeof dst, "%s/%s-tier-%s.json", outdir, slug, tr->name);
      if (w < 0 || (size_t)w >= sizeof dst || rename(tr->json, dst) != 0) {
        fprintf(stderr, "hwcrypto-bench --tiers: %s: %s\n", dst, strerror(errno));
        status = 1;
      }
    }
  for (size_t t = 0; t < n_runs; t++) json_free(runs[t].doc);
  remove_tmp();
  return status;
}
