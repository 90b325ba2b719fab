/* SPDX-License-Identifier: ISC */
/*
 * Every backend hands the vector registers back clean: after each public
 * operation, with each implementation of its primitive selected, the upper
 * halves of the 256- and 512-bit registers must be in their initial (zero)
 * state, as the x86-64 psABI asks of every function that used them
 * (VZEROUPPER before returning). Code that skips it makes the caller's
 * later SSE instructions pay for the dirty state: on Intel cores a
 * transition penalty or a false dependency on every legacy-SSE
 * instruction (Intel's optimization manual, "Mixing AVX code with SSE
 * code"). GCC inserts VZEROUPPER itself, but not on every path: a kernel
 * whose AVX2 loop sat in a static helper returned dirty, and on an Intel
 * Xeon (family 6 model 207) the caller's next memset ran 180 TSC ticks
 * longer, a third of a 1 KiB Poly1305. AMD cores do not charge for it,
 * which is why only a test can keep it fixed.
 *
 * The state is read with XGETBV(ECX = 1), XINUSE: bit 2 (the upper halves
 * of ymm0-15) and bit 6 (the upper halves of zmm0-15) are clear exactly
 * when those registers are known to be zero. Whether a CPU (or an
 * emulator: qemu reports every component in use) tracks them is checked
 * first, by dirtying ymm0 and clearing it again; where it does not, the
 * test says so on stdout and checks nothing else, and it counts no
 * backend as checked. x86_64 only: other architectures have no such state.
 */
#include <stdlib.h>

#include "check.h"
#include "edge.h"

#if defined(__x86_64__)
#include <cpuid.h>

/* XINUSE bits of the state that SSE code pays for when it is not zero. */
#define DIRTY_UPPER ((1u << 2) | (1u << 6))

static uint64_t xgetbv(uint32_t ecx) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(ecx));
  return (uint64_t)hi << 32 | lo;
}

/* 1 when XGETBV(1) is there and follows the upper state here: ymm0 made
 * non-zero sets bit 2, VZEROUPPER clears it. */
static int xinuse_tracked(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
  if ((xgetbv(0) & 6) != 6) return 0; /* the OS saves no YMM state */
  if (!__get_cpuid_count(0xd, 1, &a, &b, &c, &d) || !(a & (1u << 2))) return 0;
  __asm__ volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0" ::: "xmm0");
  int set = (xgetbv(1) & (1u << 2)) != 0;
  __asm__ volatile("vzeroupper" ::: "xmm0");
  return set && (xgetbv(1) & DIRTY_UPPER) == 0;
}

/* Fails unless the upper state is clean; called right after the operation
 * `op` on `len` bytes. The VZEROUPPER afterwards starts the next operation
 * from a clean state, so one dirty path does not hide another's result. */
static void clean_after(hwc_prim p, const char *impl, const char *op, size_t len) {
  uint64_t x = xgetbv(1);
  __asm__ volatile("vzeroupper" ::: "xmm0");
  CHECK_MSG((x & DIRTY_UPPER) == 0, "%s=%s: %s (%zu bytes) returned with the upper vector state in use (XINUSE %#llx)",
            hwc_prim_name(p), impl, op, len, (unsigned long long)x);
}
#define AFTER(op, len) clean_after(p, impl, op, len)

/* Lengths that reach every path of the bulk kernels: single blocks, the
 * partial tails, the vector loops' thresholds (4, 8, 16, 20, 24, 32, 64
 * and 128 blocks of 16 or 64 bytes) and their neighbours, long inputs. */
static const size_t lengths[] = {0,   1,   15,  16,   17,   63,   64,   65,   100,  128,   191,  256,
                                 320, 383, 384, 448,  512,  576,  640,  1000, 1024, 1536,  2048, 2049,
                                 4095, 4096, 4608, 8192, 9000, 16384, 16400};
enum { NLEN = sizeof lengths / sizeof lengths[0], MAXLEN = 16400 };

static uint8_t in[MAXLEN + 64], out[MAXLEN + 64], back[MAXLEN + 64];
static const uint8_t key32[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

static void aes_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  hwc_aes_key k;
  hwc_aes_gcm_key g;
  uint8_t iv[16], tag[16], nonce[12] = {7}, aad[13] = {1};
  for (size_t kl = 16; kl <= 32; kl += 16) {
    CHECK(hwc_aes_init(&k, key32, kl) == HWC_OK);
    AFTER("aes_init", kl);
    hwc_aes_encrypt_block(out, in, &k);
    AFTER("aes_encrypt_block", 16);
    hwc_aes_decrypt_block(out, in, &k);
    AFTER("aes_decrypt_block", 16);
    CHECK(hwc_aes_gcm_init(&g, key32, kl) == HWC_OK);
    AFTER("aes_gcm_init", kl);
    for (size_t i = 0; i < NLEN; i++) {
      size_t len = lengths[i];
      if (len % 16 == 0) {
        memset(iv, 3, 16);
        CHECK(hwc_aes_cbc_encrypt(out, in, len, iv, &k) == HWC_OK);
        AFTER("aes_cbc_encrypt", len);
        memset(iv, 3, 16);
        CHECK(hwc_aes_cbc_decrypt(back, out, len, iv, &k) == HWC_OK);
        AFTER("aes_cbc_decrypt", len);
      }
      memset(iv, 0, 16);
      CHECK(hwc_aes_ctr(out, in, len, iv, &k) == HWC_OK);
      AFTER("aes_ctr", len);
      CHECK(hwc_aes_gcm_encrypt(out, tag, 16, in, len, aad, sizeof aad, nonce, 12, &g) == HWC_OK);
      AFTER("aes_gcm_encrypt", len);
      CHECK(hwc_aes_gcm_decrypt(back, out, len, tag, 16, aad, sizeof aad, nonce, 12, &g) == HWC_OK);
      AFTER("aes_gcm_decrypt", len);
    }
  }
  hwc_aes_key_wipe(&k);
  hwc_aes_gcm_key_wipe(&g);
}

static void chacha_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t nonce[24] = {9}, tag[16], aad[13] = {2};
  for (size_t i = 0; i < NLEN; i++) {
    size_t len = lengths[i];
    CHECK(hwc_chacha20(out, in, len, nonce, 1, key32) == HWC_OK);
    AFTER("chacha20", len);
    CHECK(hwc_xchacha20(out, in, len, nonce, 0, key32) == HWC_OK);
    AFTER("xchacha20", len);
    CHECK(hwc_chacha20poly1305_encrypt(out, tag, in, len, aad, sizeof aad, nonce, key32) == HWC_OK);
    AFTER("chacha20poly1305_encrypt", len);
    CHECK(hwc_chacha20poly1305_decrypt(back, out, len, tag, aad, sizeof aad, nonce, key32) == HWC_OK);
    AFTER("chacha20poly1305_decrypt", len);
  }
}

static void poly1305_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t tag[16];
  for (size_t i = 0; i < NLEN; i++) {
    size_t len = lengths[i];
    hwc_poly1305(tag, in, len, key32);
    AFTER("poly1305", len);
    /* Incremental: the key powers made by a first piece, then reused. */
    hwc_poly1305_ctx c;
    hwc_poly1305_init(&c, key32);
    hwc_poly1305_update(&c, in, len);
    AFTER("poly1305_update", len);
    hwc_poly1305_update(&c, in, len);
    AFTER("poly1305_update (second)", len);
    hwc_poly1305_final(&c, tag);
    AFTER("poly1305_final", len);
  }
}

static void curve_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t pub[32], shared[32], pk[32], sk[64], sig[64], pt[32];
  CHECK(hwc_x25519_base(pub, key32) == HWC_OK);
  AFTER("x25519_base", 32);
  CHECK(hwc_x25519(shared, key32, pub) == HWC_OK);
  AFTER("x25519", 32);
  CHECK(hwc_ed25519_seed_keypair(pk, sk, key32) == HWC_OK);
  AFTER("ed25519_seed_keypair", 32);
  CHECK(hwc_ed25519_sign(sig, in, 100, sk) == HWC_OK);
  AFTER("ed25519_sign", 100);
  CHECK(hwc_ed25519_verify(sig, in, 100, pk) == HWC_OK);
  AFTER("ed25519_verify", 100);
  CHECK(hwc_ristretto255_scalarmult_base(pt, key32) == HWC_OK);
  AFTER("ristretto255_scalarmult_base", 32);
  CHECK(hwc_ristretto255_scalarmult(shared, key32, pt) == HWC_OK);
  AFTER("ristretto255_scalarmult", 32);
}

/* Modular exponentiation at moduli whose sizes reach each kernel's shapes
 * (4 to 64 limbs; the IFMA kernels' narrow and wide top registers) and
 * edge operands (tests/edge.h: an all-ones modulus, base and exponent), then
 * an RSA-2048 private operation (the paired CRT product) and a public one
 * under a key imported with this backend selected (keys keep theirs). */
static void bignum_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  static const size_t mbytes[] = {32, 64, 104, 128, 160, 192, 256, 384, 512};
  uint8_t m[512], base[512], e[32], r[512];
  for (size_t i = 0; i < sizeof mbytes / sizeof mbytes[0]; i++) {
    size_t n = mbytes[i];
    t_edge_bignum_modulus(m, n, 0);
    t_edge_bignum_base(base, m, n, 6);
    t_edge_bignum_exp(e, sizeof e, 4);
    CHECK(hwc_modexp(r, base, e, sizeof e, m, n) == HWC_OK);
    AFTER("modexp", n);
  }
  size_t der_len;
  uint8_t *der = (uint8_t *)t_read_vector_file("rsa/key2048.pkcs1.der", &der_len);
  CHECK_MSG(der != NULL, "missing tests/vectors/rsa/key2048.pkcs1.der");
  hwc_rsa_key *key = NULL;
  CHECK(hwc_rsa_import(&key, der, der_len) == HWC_OK);
  AFTER("rsa_import", der_len);
  uint8_t sig[256];
  size_t sig_len = sizeof sig;
  CHECK(hwc_rsa_sign_pkcs1(sig, &sig_len, in, 100, HWC_HASH_SHA256, key) == HWC_OK);
  AFTER("rsa_sign_pkcs1", 100);
  CHECK(hwc_rsa_verify_pkcs1(sig, sig_len, in, 100, HWC_HASH_SHA256, key) == HWC_OK);
  AFTER("rsa_verify_pkcs1", 100);
  hwc_rsa_free(key);
  free(der);
}

/* The hash primitives: one-shot digests and HMAC at every length. */
static void hash_ops(hwc_prim p, const char *impl, void *arg) {
  (void)arg;
  uint8_t d[64];
  hwc_hash h = p == HWC_PRIM_SHA256 ? HWC_HASH_SHA256 : p == HWC_PRIM_SHA512 ? HWC_HASH_SHA512 : HWC_HASH_SHA1;
  for (size_t i = 0; i < NLEN; i++) {
    size_t len = lengths[i];
    CHECK(hwc_digest(d, in, len, h) == HWC_OK);
    AFTER("digest", len);
    CHECK(hwc_hmac(d, in, len, h, key32, sizeof key32) == HWC_OK);
    AFTER("hmac", len);
  }
}
#endif

HWC_TEST(vector_state, clean_after_every_backend) {
#if defined(__x86_64__)
  if (!xinuse_tracked()) {
    printf("vector_state: not checked: this CPU (or emulator) does not report the upper vector state "
           "(XGETBV with ECX = 1)\n");
    return;
  }
  t_rand_bytes(in, sizeof in);
  size_t ran = 0;
  /* The AEADs first under "separate" (so that the aes, ghash, chacha20 and
   * poly1305 loops run their own backend in them), then each pair entry. */
  const char *gcm = hwc_impl_selected(HWC_PRIM_AES_GCM), *ccp = hwc_impl_selected(HWC_PRIM_CHACHA20_POLY1305);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, "separate") == HWC_OK &&
        hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, "separate") == HWC_OK);
  ran += t_for_each_impl(HWC_PRIM_AES, aes_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_GHASH, aes_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_CHACHA20, chacha_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_POLY1305, poly1305_ops, NULL);
  CHECK(hwc_impl_select(HWC_PRIM_AES_GCM, gcm) == HWC_OK &&
        hwc_impl_select(HWC_PRIM_CHACHA20_POLY1305, ccp) == HWC_OK);
  ran += t_for_each_impl(HWC_PRIM_AES_GCM, aes_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_CHACHA20_POLY1305, chacha_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_FE25519, curve_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_BIGNUM, bignum_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_SHA256, hash_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_SHA512, hash_ops, NULL);
  ran += t_for_each_impl(HWC_PRIM_SHA1, hash_ops, NULL);
  printf("vector_state: %zu implementations checked\n", ran);
#else
  printf("vector_state: not an x86_64 build: no upper vector state to check\n");
#endif
}
