/* SPDX-License-Identifier: ISC */
/*
 * The provider's ChaCha20 against the default provider's: every sequence
 * of calls below runs on a context of each, and what the calls return
 * and write is logged and compared (a transcript), so return values,
 * lengths and bytes all have to agree. Lengths around the 64-byte block,
 * pieces of odd sizes, IVs whose block counter is at or near 2^32 - 1
 * (OpenSSL carries into the first nonce word; with that word at
 * ffffffff too), reinit with key only / IV only / nothing, a context
 * copied mid-stream, EVP_Cipher, no key set, parameters, and the RFC 8439
 * 2.4.2 vector.
 *
 * Run without HWCRYPTO_IMPL, the program then runs itself once per
 * chacha20 implementation this CPU supports (HWCRYPTO_IMPL=chacha20=X),
 * and each run checks through the provider's "hwcrypto-selected" that the
 * module really runs X.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "hwcrypto.h"
#include "ptest.h"

/* ---- transcripts ---- */
typedef struct {
  uint8_t *b;
  size_t n, cap;
} tr;

static void put(tr *t, const void *p, size_t n) {
  if (t->n + n + 8 > t->cap) {
    t->cap = (t->cap + n + 8) * 2;
    t->b = realloc(t->b, t->cap);
    if (!t->b) abort();
  }
  memcpy(t->b + t->n, p, n);
  t->n += n;
}
static void put_int(tr *t, long v) { put(t, &v, sizeof v); }

static EVP_CIPHER *ours, *ref;
static uint8_t msg[8192], key[32];

/* Whole-block and partial-block counters, including the wrap of both the
 * counter and the first nonce word. */
static const char *const ivs[] = {
    "00000000000000000000000000000000",
    "01000000000000000000004a00000000",
    "ffffffff0102030405060708090a0b0c",
    "feffffff0102030405060708090a0b0c",
    "fdffffffffffffff05060708090a0b0c",
    "ffffffffffffffffffffffffffffffff",
    "f0ffffff0102030405060708090a0b0c",
};

static void iv_of(size_t i, uint8_t iv[16]) {
  size_t n;
  uint8_t *b = pt_unhex(ivs[i], &n);
  memset(iv, 0, 16);
  memcpy(iv, b, n < 16 ? n : 16);
  free(b);
}

/* Encrypts or decrypts msg[0..len) in pieces of `piece` bytes (0: whole),
 * logging every return value, length and output. */
static void stream(EVP_CIPHER_CTX *x, size_t len, size_t piece, tr *t) {
  uint8_t *out = calloc(1, len + 1);
  size_t done = 0;
  do {
    size_t n = piece && len - done > piece ? piece : len - done;
    int l = -1;
    put_int(t, EVP_CipherUpdate(x, out + done, &l, msg + done, (int)n));
    put_int(t, l);
    done += n;
  } while (done < len);
  int l = -1;
  put_int(t, EVP_CipherFinal_ex(x, out + len, &l));
  put_int(t, l);
  put(t, out, len);
  free(out);
}

typedef void scenario(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d);

/* Runs the scenario on both providers; 1 if the transcripts agree. */
static int same(scenario *s, size_t a, size_t b, size_t d) {
  tr x = {0}, y = {0};
  s(ours, &x, a, b, d);
  s(ref, &y, a, b, d);
  ERR_clear_error();
  int ok = x.n == y.n && memcmp(x.b, y.b, x.n) == 0;
  if (!ok) fprintf(stderr, "transcripts differ (args %zu %zu %zu)\n", a, b, d);
  free(x.b);
  free(y.b);
  return ok;
}

/* a: IV index, b: length, d: piece size; both directions. */
static void sc_stream(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16];
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  for (int enc = 1; enc >= 0; enc--) {
    put_int(t, EVP_CipherInit_ex2(x, c, key, iv, enc, NULL));
    stream(x, b, d, t);
  }
  EVP_CIPHER_CTX_free(x);
}

/* The one-shot EVP_Cipher, in two calls. */
static void sc_cipher(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[4200] = {0};
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  put_int(t, EVP_Cipher(x, out, msg, (unsigned)d));
  put_int(t, EVP_Cipher(x, out + d, msg + d, (unsigned)(b - d)));
  put(t, out, b);
  EVP_CIPHER_CTX_free(x);
}

/* Reinit mid-stream: a = 0 key only (counter kept, rest of the block
 * dropped), 1 nothing (the stream goes on), 2 IV only (back to the IV),
 * 3 the direction only. b: bytes before, d: after. */
static void sc_reinit(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[600] = {0};
  iv_of(2, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  int l = -1;
  put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  put_int(t, EVP_EncryptUpdate(x, out, &l, msg, (int)b));
  if (a == 0) put_int(t, EVP_EncryptInit_ex2(x, NULL, msg + 100, NULL, NULL));
  if (a == 1) put_int(t, EVP_EncryptInit_ex2(x, NULL, NULL, NULL, NULL));
  if (a == 2) put_int(t, EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL));
  if (a == 3) put_int(t, EVP_DecryptInit_ex2(x, NULL, NULL, NULL, NULL));
  put_int(t, EVP_CipherUpdate(x, out + b, &l, msg + b, (int)d));
  put_int(t, l);
  put(t, out, b + d);
  EVP_CIPHER_CTX_free(x);
}

/* A copy at byte b, both halves finished (d bytes more each). */
static void sc_copy(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d) {
  uint8_t iv[16], out[2][1200] = {{0}};
  iv_of(a, iv);
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = EVP_CIPHER_CTX_new();
  int l = -1;
  put_int(t, EVP_EncryptInit_ex2(x, c, key, iv, NULL));
  put_int(t, EVP_EncryptUpdate(x, out[0], &l, msg, (int)b));
  memcpy(out[1], out[0], b);
  put_int(t, EVP_CIPHER_CTX_copy(y, x));
  put_int(t, EVP_EncryptUpdate(x, out[0] + b, &l, msg + b, (int)d));
  EVP_CIPHER_CTX_free(x); /* the copy must not depend on the original */
  put_int(t, EVP_EncryptUpdate(y, out[1] + b, &l, msg + b, (int)d));
  put(t, out, sizeof out);
  EVP_CIPHER_CTX_free(y);
}

/* Errors: no key (update of 0 and 5 bytes, final, EVP_Cipher), wrong key
 * and IV lengths, then the context parameters. */
static void sc_errors(EVP_CIPHER *c, tr *t, size_t a, size_t b, size_t d) {
  (void)a, (void)b, (void)d;
  uint8_t out[64] = {0};
  int l = -1;
  EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
  put_int(t, EVP_EncryptInit_ex2(x, c, NULL, NULL, NULL));
  put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 0));
  put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 5));
  put_int(t, EVP_EncryptFinal_ex(x, out, &l));
  put_int(t, EVP_Cipher(x, out, msg, 5));
  put_int(t, EVP_CIPHER_CTX_set_key_length(x, 16));
  put_int(t, EVP_CIPHER_CTX_set_key_length(x, 32));
  put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL));
  put_int(t, EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 16, NULL));
  put_int(t, EVP_CIPHER_CTX_get_key_length(x));
  put_int(t, EVP_CIPHER_CTX_get_iv_length(x));
  put_int(t, EVP_CIPHER_CTX_get_num(x));
  /* a key with no IV: counter and nonce zero */
  put_int(t, EVP_EncryptInit_ex2(x, NULL, key, NULL, NULL));
  put_int(t, EVP_EncryptUpdate(x, out, &l, msg, 64));
  put(t, out, 64);
  EVP_CIPHER_CTX_free(x);
}

/* The parameter lists (names and types) of an algorithm. */
static void params_of(const OSSL_PARAM *p, tr *t) {
  for (; p && p->key; p++) {
    put(t, p->key, strlen(p->key) + 1);
    put_int(t, p->data_type);
  }
}

/* 1 if `prim=name` is one of the comma-separated entries of the module's
 * hwcrypto-selected. */
static int module_selected(const char *prim, const char *name) {
  char sel[1024] = "", all[1024], want[512];
  OSSL_PARAM q[] = {OSSL_PARAM_utf8_string("hwcrypto-selected", sel, sizeof sel), OSSL_PARAM_END};
  if (!OSSL_PROVIDER_get_params(pt_hwcrypto, q)) return 0;
  memcpy(all, sel, sizeof all);
  snprintf(want, sizeof want, "%s=%s", prim, name);
  for (char *s = strtok(sel, ","); s; s = strtok(NULL, ","))
    if (strcmp(s, want) == 0) return 1;
  fprintf(stderr, "module selected %s, not %s\n", all, want);
  return 0;
}

/* Under HWCRYPTO_IMPL=prim=name: checks the module runs that. */
static void check_forced(void) {
  const char *f = getenv("HWCRYPTO_IMPL");
  if (!f) return;
  char buf[256];
  snprintf(buf, sizeof buf, "%.200s", f);
  char *eq = strchr(buf, '=');
  PT_CHECK(eq != NULL);
  if (!eq) return;
  *eq = 0;
  printf("HWCRYPTO_IMPL=%s=%s\n", buf, eq + 1);
  PT_CHECK(module_selected(buf, eq + 1));
}

/* Runs this program again for every supported implementation of prim. */
static void each_backend(const char *self, hwc_prim prim) {
  for (size_t i = 0; i < hwc_impl_count(prim); i++) {
    if (!hwc_impl_supported(prim, i)) continue;
    char env[128];
    snprintf(env, sizeof env, "%s=%s", hwc_prim_name(prim), hwc_impl_name(prim, i));
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      setenv("HWCRYPTO_IMPL", env, 1);
      execl(self, self, (char *)NULL);
      _exit(127);
    }
    int st = 0;
    PT_CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
  }
}

int main(void) {
  pt_setup();
  check_forced();
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + (i >> 8));
  for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
  ours = EVP_CIPHER_fetch(pt_libctx, "ChaCha20", "provider=hwcrypto");
  ref = EVP_CIPHER_fetch(pt_libctx, "ChaCha20", "provider=default");
  PT_CHECK(ours && ref);
  if (!ours || !ref) return pt_finish();
  PT_CHECK(pt_is_hwcrypto(EVP_CIPHER_get0_provider(ours)));
  PT_CHECK(EVP_CIPHER_get_key_length(ours) == 32 && EVP_CIPHER_get_iv_length(ours) == 16);
  PT_CHECK(EVP_CIPHER_get_block_size(ours) == EVP_CIPHER_get_block_size(ref));
  PT_CHECK(EVP_CIPHER_get_flags(ours) == EVP_CIPHER_get_flags(ref));
  PT_CHECK(EVP_CIPHER_get_mode(ours) == EVP_CIPHER_get_mode(ref));
  PT_CHECK(EVP_CIPHER_get_nid(ours) == EVP_CIPHER_get_nid(ref));
  {
    tr x = {0}, y = {0};
    params_of(EVP_CIPHER_gettable_params(ours), &x), params_of(EVP_CIPHER_gettable_params(ref), &y);
    params_of(EVP_CIPHER_gettable_ctx_params(ours), &x), params_of(EVP_CIPHER_gettable_ctx_params(ref), &y);
    params_of(EVP_CIPHER_settable_ctx_params(ours), &x), params_of(EVP_CIPHER_settable_ctx_params(ref), &y);
    PT_CHECK(x.n == y.n && memcmp(x.b, y.b, x.n) == 0);
    free(x.b), free(y.b);
  }
  /* RFC 8439 2.4.2 */
  {
    static const char pt_hex[] =
        "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20496620492063"
        "6f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e"
        "73637265656e20776f756c642062652069742e";
    size_t pl, cl, il;
    uint8_t *p = pt_unhex(pt_hex, &pl), out[128];
    uint8_t *want = pt_unhex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab"
                             "8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e"
                             "52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d",
                             &cl);
    uint8_t *iv = pt_unhex("01000000000000000000004a00000000", &il);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    PT_CHECK(EVP_EncryptInit_ex2(x, ours, key, iv, NULL) && EVP_EncryptUpdate(x, out, &l1, p, 50) &&
             EVP_EncryptUpdate(x, out + 50, &l2, p + 50, (int)pl - 50) && l1 + l2 == (int)pl && pl == cl &&
             memcmp(out, want, cl) == 0);
    EVP_CIPHER_CTX_free(x);
    free(p), free(want), free(iv);
  }
  static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024, 4097, 8192};
  static const size_t pieces[] = {0, 1, 7, 13, 63, 64, 65, 100, 1000};
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
      for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        if (lens[l] > 1100 && pieces[p] && pieces[p] < 13) continue;
        PT_CHECK(same(sc_stream, a, lens[l], pieces[p]));
      }
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t d = 0; d <= 200; d += 25) PT_CHECK(same(sc_cipher, a, 200 + d * 3, d));
  static const size_t cuts[] = {0, 1, 63, 64, 65, 130, 256};
  for (size_t a = 0; a < 4; a++)
    for (size_t b = 0; b < sizeof cuts / sizeof cuts[0]; b++)
      for (size_t d = 0; d < sizeof cuts / sizeof cuts[0]; d++) PT_CHECK(same(sc_reinit, a, cuts[b], cuts[d]));
  for (size_t a = 0; a < sizeof ivs / sizeof ivs[0]; a++)
    for (size_t b = 0; b < sizeof cuts / sizeof cuts[0]; b++) PT_CHECK(same(sc_copy, a, cuts[b], 1000 - cuts[b]));
  PT_CHECK(same(sc_errors, 0, 0, 0));
  EVP_CIPHER_free(ours);
  EVP_CIPHER_free(ref);
  if (!getenv("HWCRYPTO_IMPL")) each_backend("/proc/self/exe", HWC_PRIM_CHACHA20);
  return pt_finish();
}
