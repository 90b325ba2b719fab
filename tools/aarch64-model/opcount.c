/* SPDX-License-Identifier: ISC */
/*
 * hwc-opcount: runs one whole operation of the public API N times, with the
 * implementations of its primitives forced through hwc_impl_select, between
 * two marker functions, so that an instruction counter running the program
 * under emulation (tools/aarch64-model/icount.py, qemu-aarch64's exec log)
 * can count the guest instructions executed between the markers and divide
 * by N. It measures nothing itself: it only makes the region to count
 * well-defined.
 *
 *   hwc-opcount --list             the operations and the primitives each uses
 *   hwc-opcount --impls            "prim index name supported selected" for
 *                                  this CPU (selected: 1 for the library's
 *                                  own choice)
 *   hwc-opcount OP N [PRIM=IMPL]...
 *       forces PRIM=IMPL for every pair given (the other primitives keep the
 *       library's own selection), runs OP once as a warm-up (lazy
 *       initialisation, the first-use tables), then calls opcount_mark_begin,
 *       OP N times, each followed by opcount_mark_iter (so the counter sees
 *       every operation apart), opcount_mark_end. It prints the markers'
 *       addresses and the
 *       implementation selected for every primitive OP uses, as
 *       "key=value" lines, so the counter needs no symbol table.
 *
 * Two calibration operations check the counter itself: "nop" calls an asm
 * function of one instruction (ret) and "calib" one of exactly
 * 2 + 2 * CALIB_ITERS instructions (a mov, CALIB_ITERS subs/b.ne pairs, a
 * ret), so calib - nop per operation must be 2001 exactly; "nop" alone is
 * the driver's per-operation overhead (the loop and the indirect call).
 *
 * The program is linked statically, so that the C library's code (memcpy,
 * malloc) is in its symbol table too and a trace can name it.
 *
 * Inputs are fixed public bytes (no randomness in the driver); the RSA key
 * is the vendored test key tests/vectors/rsa/key2048.pkcs8.der (imported
 * after the selection, so the key records the forced bignum
 * implementation). RSA's private operation draws blinding values from the OS
 * generator; its instruction count does not depend on them (constant time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwcrypto.h"

#ifndef OPCOUNT_RSA_KEY
#define OPCOUNT_RSA_KEY "tests/vectors/rsa/key2048.pkcs8.der"
#endif

#define BULK 16384
#define CALIB_ITERS 1000
#define OPCOUNT_STR_(x) #x
#define OPCOUNT_STR(x) OPCOUNT_STR_(x)

/* The markers and the calibration functions, in asm so that their
 * instruction counts are known exactly and no compiler can merge or inline
 * them. Each marker is a function of its own, so its first instruction
 * starts a translation block of its own in the emulator. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl opcount_mark_begin\n"
        ".type opcount_mark_begin, %function\n"
        "opcount_mark_begin:\n"
        "  ret\n"
        ".size opcount_mark_begin, .-opcount_mark_begin\n"
        ".p2align 4\n"
        ".globl opcount_mark_end\n"
        ".type opcount_mark_end, %function\n"
        "opcount_mark_end:\n"
        "  ret\n"
        ".size opcount_mark_end, .-opcount_mark_end\n"
        ".p2align 4\n"
        ".globl opcount_mark_iter\n"
        ".type opcount_mark_iter, %function\n"
        "opcount_mark_iter:\n"
        "  ret\n"
        ".size opcount_mark_iter, .-opcount_mark_iter\n"
        ".p2align 4\n"
        ".globl opcount_nop\n"
        ".type opcount_nop, %function\n"
        "opcount_nop:\n"
        "  ret\n"
        ".size opcount_nop, .-opcount_nop\n"
        ".p2align 4\n"
        ".globl opcount_calib\n"
        ".type opcount_calib, %function\n"
        "opcount_calib:\n"
        "  mov x0, #" OPCOUNT_STR(CALIB_ITERS) "\n"
        "1:\n"
        "  subs x0, x0, #1\n"
        "  b.ne 1b\n"
        "  ret\n"
        ".size opcount_calib, .-opcount_calib\n");
void opcount_mark_begin(void);
void opcount_mark_end(void);
void opcount_mark_iter(void);
void opcount_nop(void);
void opcount_calib(void);

/* Shared state of the operations: fixed inputs and the outputs they write
 * (kept in a global so the compiler cannot drop the calls). */
static struct {
  uint8_t in[BULK], out[BULK + 64], tag[16];
  uint8_t key[32], nonce[12], scalar[32], point[32];
  uint8_t ed_pk[32], ed_sk[64], ed_sig[64], msg[64];
  uint8_t rsa_sig[512];
  size_t rsa_sig_len;
  hwc_rsa_key *rsa;
  hwc_aes_gcm_key gcm;
} st;

/* Fails loudly: a count of an operation that returned an error would be a
 * count of the error path. */
static void check(int rc, const char *what) {
  if (rc != HWC_OK) {
    fprintf(stderr, "hwc-opcount: %s: %s\n", what, hwc_strerror(rc));
    exit(1);
  }
}

static void op_nop(void) { opcount_nop(); }
static void op_calib(void) { opcount_calib(); }
static void op_x25519(void) { check(hwc_x25519(st.out, st.scalar, st.point), "x25519"); }
static void op_x25519_base(void) { check(hwc_x25519_base(st.out, st.scalar), "x25519_base"); }
static void op_ed25519_sign(void) { check(hwc_ed25519_sign(st.out, st.msg, 64, st.ed_sk), "ed25519_sign"); }
static void op_ed25519_verify(void) {
  check(hwc_ed25519_verify(st.ed_sig, st.msg, 64, st.ed_pk), "ed25519_verify");
}
/* The private operation as bench/bench_rsa.c times it: type-1 padding of 64
 * bytes, the CRT private operation with blinding and its check with e. */
static void op_rsa_private(void) {
  size_t n = sizeof st.out;
  check(hwc_rsa_private_encrypt_pkcs1(st.out, &n, st.msg, 64, st.rsa), "rsa private");
}
static void op_rsa_public(void) {
  size_t n = sizeof st.out;
  check(hwc_rsa_public_decrypt_pkcs1(st.out, &n, st.rsa_sig, st.rsa_sig_len, st.rsa), "rsa public");
}
static void op_poly1305(void) { hwc_poly1305(st.tag, st.in, BULK, st.key); }
static void op_chacha20(void) { check(hwc_chacha20(st.out, st.in, BULK, st.nonce, 1, st.key), "chacha20"); }
static void op_chacha20poly1305(void) {
  check(hwc_chacha20poly1305_encrypt(st.out, st.tag, st.in, BULK, NULL, 0, st.nonce, st.key), "chacha20poly1305");
}
static void op_sha256(void) { hwc_sha256(st.out, st.in, BULK); }
static void op_sha512(void) { hwc_sha512(st.out, st.in, BULK); }
static void op_aes128_gcm(void) {
  check(hwc_aes_gcm_encrypt(st.out, st.tag, 16, st.in, BULK, NULL, 0, st.nonce, 12, &st.gcm), "aes-gcm");
}

/* Set-up run after the selection and before the warm-up. */
static void setup_rsa(void) {
  FILE *f = fopen(getenv("HWC_OPCOUNT_RSA_KEY") ? getenv("HWC_OPCOUNT_RSA_KEY") : OPCOUNT_RSA_KEY, "rb");
  static uint8_t der[4096];
  size_t len = f ? fread(der, 1, sizeof der, f) : 0;
  if (f) fclose(f);
  if (len == 0) {
    fprintf(stderr, "hwc-opcount: cannot read the RSA key %s (set HWC_OPCOUNT_RSA_KEY)\n", OPCOUNT_RSA_KEY);
    exit(1);
  }
  check(hwc_rsa_import(&st.rsa, der, len), "rsa import");
  st.rsa_sig_len = sizeof st.rsa_sig;
  check(hwc_rsa_private_encrypt_pkcs1(st.rsa_sig, &st.rsa_sig_len, st.msg, 64, st.rsa), "rsa sign");
}
static void setup_ed25519(void) {
  check(hwc_ed25519_seed_keypair(st.ed_pk, st.ed_sk, st.key), "ed25519 keypair");
  check(hwc_ed25519_sign(st.ed_sig, st.msg, 64, st.ed_sk), "ed25519 sign");
}
static void setup_gcm(void) { check(hwc_aes_gcm_init(&st.gcm, st.key, 16), "aes-gcm init"); }

/* The operations: name, the primitives whose implementation decides its
 * speed (comma-separated, the first is the one it is named after), the
 * set-up and the operation. */
static const struct op {
  const char *name, *prims;
  void (*setup)(void);
  void (*run)(void);
} ops[] = {
    {"nop", "", NULL, op_nop},
    {"calib", "", NULL, op_calib},
    {"x25519", "fe25519", NULL, op_x25519},
    {"x25519-base", "fe25519", NULL, op_x25519_base},
    {"ed25519-sign", "fe25519,sha512", setup_ed25519, op_ed25519_sign},
    {"ed25519-verify", "fe25519,sha512", setup_ed25519, op_ed25519_verify},
    {"rsa2048-private", "bignum", setup_rsa, op_rsa_private},
    {"rsa2048-public", "bignum", setup_rsa, op_rsa_public},
    {"poly1305-16k", "poly1305", NULL, op_poly1305},
    {"chacha20-16k", "chacha20", NULL, op_chacha20},
    {"chacha20poly1305-16k", "chacha20,poly1305", NULL, op_chacha20poly1305},
    {"sha256-16k", "sha256", NULL, op_sha256},
    {"sha512-16k", "sha512", NULL, op_sha512},
    {"aes128-gcm-16k", "aes,ghash", setup_gcm, op_aes128_gcm},
};

/* The primitive id of a name, or HWC_PRIM_COUNT. */
static hwc_prim prim_of(const char *name, size_t len) {
  for (int p = 0; p < HWC_PRIM_COUNT; p++)
    if (strlen(hwc_prim_name((hwc_prim)p)) == len && memcmp(hwc_prim_name((hwc_prim)p), name, len) == 0)
      return (hwc_prim)p;
  return HWC_PRIM_COUNT;
}

static int usage(void) {
  fprintf(stderr, "usage: hwc-opcount --list | --impls | OP N [PRIM=IMPL]...\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) printf("%s %s\n", ops[i].name, ops[i].prims);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--impls") == 0) {
    for (int p = 0; p < HWC_PRIM_COUNT; p++)
      for (size_t i = 0; i < hwc_impl_count((hwc_prim)p); i++)
        printf("%s %zu %s %d %d\n", hwc_prim_name((hwc_prim)p), i, hwc_impl_name((hwc_prim)p, i),
               hwc_impl_supported((hwc_prim)p, i),
               strcmp(hwc_impl_name((hwc_prim)p, i), hwc_impl_selected((hwc_prim)p)) == 0);
    return 0;
  }
  if (argc < 3) return usage();
  const struct op *op = NULL;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(argv[1], ops[i].name) == 0) op = &ops[i];
  char *end;
  unsigned long n = strtoul(argv[2], &end, 10);
  if (op == NULL || *end != '\0' || n == 0) return usage();
  for (int a = 3; a < argc; a++) {
    const char *eq = strchr(argv[a], '=');
    hwc_prim p = eq ? prim_of(argv[a], (size_t)(eq - argv[a])) : HWC_PRIM_COUNT;
    if (p == HWC_PRIM_COUNT) return usage();
    int rc = hwc_impl_select(p, eq + 1);
    if (rc != HWC_OK) {
      fprintf(stderr, "hwc-opcount: %s: %s\n", argv[a], hwc_strerror(rc));
      return 3; /* the counter reads 3 as "not available on this CPU" */
    }
  }
  for (size_t i = 0; i < sizeof st.in; i++) st.in[i] = (uint8_t)(i * 131 + 7);
  for (size_t i = 0; i < 32; i++) {
    st.key[i] = (uint8_t)(i + 1);
    st.scalar[i] = (uint8_t)(0xa5 ^ (i * 29));
    st.point[i] = (uint8_t)(i * 7 + 9);
  }
  st.point[31] &= 0x7f;
  for (size_t i = 0; i < 12; i++) st.nonce[i] = (uint8_t)(0x40 + i);
  for (size_t i = 0; i < 64; i++) st.msg[i] = (uint8_t)(i ^ 0x5c);
  if (op->setup) op->setup();

  op->run(); /* warm-up, outside the counted region */
  opcount_mark_begin();
  for (unsigned long i = 0; i < n; i++) {
    op->run();
    opcount_mark_iter();
  }
  opcount_mark_end();

  printf("op=%s\nn=%lu\nmark_begin=%p\nmark_end=%p\n", op->name, n, (void *)opcount_mark_begin,
         (void *)opcount_mark_end);
  const char *s = op->prims;
  while (*s) {
    size_t len = strcspn(s, ",");
    hwc_prim p = prim_of(s, len);
    if (p != HWC_PRIM_COUNT) printf("impl.%s=%s\n", hwc_prim_name(p), hwc_impl_selected(p));
    s += len + (s[len] == ',');
  }
  if (st.rsa) hwc_rsa_free(st.rsa);
  return 0;
}
