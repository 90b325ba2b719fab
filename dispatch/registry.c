/* SPDX-License-Identifier: ISC */
/*
 * Every compiled implementation of every primitive, generic first. Adding a
 * backend: its file, its line here, its per-file flags in CMakeLists.txt.
 * Architecture-specific entries are compiled only on their architecture.
 */
#include "dispatch.h"

#define IMPL(table) &(table).info

extern const hwc_sha1_kernel hwc_sha1_generic;
extern const hwc_sha256_kernel hwc_sha256_generic;
extern const hwc_sha512_kernel hwc_sha512_generic;
extern const hwc_fe25519_kernel hwc_fe25519_generic;
extern const hwc_chacha20_kernel hwc_chacha20_generic;
extern const hwc_poly1305_kernel hwc_poly1305_generic;
#if defined(__x86_64__)
extern const hwc_fe25519_kernel hwc_fe25519_avx2;
extern const hwc_fe25519_kernel hwc_fe25519_avx512ifma;
extern const hwc_fe25519_kernel hwc_fe25519_mulx;
extern const hwc_fe25519_kernel hwc_fe25519_mulx_avx2;
extern const hwc_chacha20_kernel hwc_chacha20_ssse3;
extern const hwc_chacha20_kernel hwc_chacha20_ssse3_gpr;
extern const hwc_chacha20_kernel hwc_chacha20_avx2_gpr;
extern const hwc_chacha20_kernel hwc_chacha20_avx512_twopass;
extern const hwc_chacha20_kernel hwc_chacha20_avx2;
extern const hwc_chacha20_kernel hwc_chacha20_avx512;
extern const hwc_poly1305_kernel hwc_poly1305_x86_64;
extern const hwc_poly1305_kernel hwc_poly1305_avx2;
extern const hwc_poly1305_kernel hwc_poly1305_avx2_one_chain;
extern const hwc_poly1305_kernel hwc_poly1305_avx512;
extern const hwc_poly1305_kernel hwc_poly1305_avx512_one_chain;
extern const hwc_poly1305_kernel hwc_poly1305_avx512ifma;
extern const hwc_sha1_kernel hwc_sha1_shani;
extern const hwc_sha256_kernel hwc_sha256_shani;
extern const hwc_sha256_kernel hwc_sha256_avx2;
extern const hwc_sha256_kernel hwc_sha256_ssse3;
extern const hwc_sha512_kernel hwc_sha512_ssse3;
extern const hwc_sha512_kernel hwc_sha512_avx2;
extern const hwc_sha512_kernel hwc_sha512_avx2_short_path;
extern const hwc_sha512_kernel hwc_sha512_avx512;
#endif
#if defined(__aarch64__)
extern const hwc_sha1_kernel hwc_sha1_armv8;
extern const hwc_sha256_kernel hwc_sha256_armv8;
extern const hwc_sha512_kernel hwc_sha512_armv8;
extern const hwc_sha512_kernel hwc_sha512_neon;
extern const hwc_chacha20_kernel hwc_chacha20_neon;
extern const hwc_poly1305_kernel hwc_poly1305_neon;
extern const hwc_fe25519_kernel hwc_fe25519_aarch64;
#endif

static const hwc_impl_info *const sha1_impls[] = {
    IMPL(hwc_sha1_generic),
#if defined(__x86_64__)
    IMPL(hwc_sha1_shani),
#endif
#if defined(__aarch64__)
    IMPL(hwc_sha1_armv8),
#endif
};
static const hwc_impl_info *const sha256_impls[] = {
    IMPL(hwc_sha256_generic),
#if defined(__x86_64__)
    IMPL(hwc_sha256_shani),
    IMPL(hwc_sha256_avx2),
    IMPL(hwc_sha256_ssse3),
#endif
#if defined(__aarch64__)
    IMPL(hwc_sha256_armv8),
#endif
};
static const hwc_impl_info *const sha512_impls[] = {
    IMPL(hwc_sha512_generic),
#if defined(__aarch64__)
    IMPL(hwc_sha512_armv8),
    IMPL(hwc_sha512_neon),
#endif
#if defined(__x86_64__)
    IMPL(hwc_sha512_ssse3),
    IMPL(hwc_sha512_avx2),
    IMPL(hwc_sha512_avx2_short_path),
    IMPL(hwc_sha512_avx512),
#endif
};

static const hwc_impl_info *const chacha20_impls[] = {
    IMPL(hwc_chacha20_generic),
#if defined(__x86_64__)
    IMPL(hwc_chacha20_ssse3),
    IMPL(hwc_chacha20_ssse3_gpr),
    IMPL(hwc_chacha20_avx2),
    IMPL(hwc_chacha20_avx2_gpr),
    IMPL(hwc_chacha20_avx512),
    IMPL(hwc_chacha20_avx512_twopass),
#endif
#if defined(__aarch64__)
    IMPL(hwc_chacha20_neon),
#endif
};
static const hwc_impl_info *const poly1305_impls[] = {
    IMPL(hwc_poly1305_generic),
#if defined(__x86_64__)
    IMPL(hwc_poly1305_x86_64),
    IMPL(hwc_poly1305_avx2),
    IMPL(hwc_poly1305_avx2_one_chain),
    IMPL(hwc_poly1305_avx512),
    IMPL(hwc_poly1305_avx512_one_chain),
    IMPL(hwc_poly1305_avx512ifma),
#endif
#if defined(__aarch64__)
    IMPL(hwc_poly1305_neon),
#endif
};

static const hwc_impl_info *const fe25519_impls[] = {
    IMPL(hwc_fe25519_generic),
#if defined(__x86_64__)
    IMPL(hwc_fe25519_avx2),
    IMPL(hwc_fe25519_mulx),
    IMPL(hwc_fe25519_mulx_avx2),
    IMPL(hwc_fe25519_avx512ifma),
#endif
#if defined(__aarch64__)
    IMPL(hwc_fe25519_aarch64),
#endif
};
extern const hwc_aes_kernel hwc_aes_generic;
extern const hwc_ghash_kernel hwc_ghash_generic;
#if defined(__x86_64__)
extern const hwc_aes_kernel hwc_aes_aesni;
extern const hwc_aes_kernel hwc_aes_aesni_avx;
extern const hwc_ghash_kernel hwc_ghash_pclmul;
extern const hwc_aes_kernel hwc_aes_vaes_avx512;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx512;
extern const hwc_aes_kernel hwc_aes_vaes_avx2;
extern const hwc_ghash_kernel hwc_ghash_vpclmul_avx2;
#endif
#if defined(__aarch64__)
extern const hwc_aes_kernel hwc_aes_armv8;
extern const hwc_ghash_kernel hwc_ghash_armv8;
#endif
static const hwc_impl_info *const aes_impls[] = {
    IMPL(hwc_aes_generic),
#if defined(__x86_64__)
    IMPL(hwc_aes_aesni),
    IMPL(hwc_aes_aesni_avx),
    IMPL(hwc_aes_vaes_avx2),
    IMPL(hwc_aes_vaes_avx512),
#endif
#if defined(__aarch64__)
    IMPL(hwc_aes_armv8),
#endif
};
static const hwc_impl_info *const ghash_impls[] = {
    IMPL(hwc_ghash_generic),
#if defined(__x86_64__)
    IMPL(hwc_ghash_pclmul),
    IMPL(hwc_ghash_vpclmul_avx2),
    IMPL(hwc_ghash_vpclmul_avx512),
#endif
#if defined(__aarch64__)
    IMPL(hwc_ghash_armv8),
#endif
};


extern const hwc_bignum_kernel hwc_bignum_generic;
#if defined(__x86_64__)
extern const hwc_bignum_kernel hwc_bignum_avx512ifma;
extern const hwc_bignum_kernel hwc_bignum_avx512ifma_zmm;
extern const hwc_bignum_kernel hwc_bignum_x86_64;
extern const hwc_bignum_kernel hwc_bignum_mulx;
extern const hwc_bignum_kernel hwc_bignum_avx2;
#endif
#if defined(__aarch64__)
extern const hwc_bignum_kernel hwc_bignum_aarch64;
#endif
static const hwc_impl_info *const bignum_impls[] = {
    IMPL(hwc_bignum_generic),
#if defined(__x86_64__)
    IMPL(hwc_bignum_avx512ifma),
    IMPL(hwc_bignum_avx512ifma_zmm),
    IMPL(hwc_bignum_x86_64),
    IMPL(hwc_bignum_mulx),
    IMPL(hwc_bignum_avx2),
#endif
#if defined(__aarch64__)
    IMPL(hwc_bignum_aarch64),
#endif
};

static const struct {
  const hwc_impl_info *const *list;
  size_t count;
} registry[HWC_PRIM_COUNT] = {
#define LIST(p, arr) [p] = {arr, sizeof arr / sizeof arr[0]}
    LIST(HWC_PRIM_SHA256, sha256_impls),
    LIST(HWC_PRIM_SHA512, sha512_impls),
    LIST(HWC_PRIM_SHA1, sha1_impls),
    LIST(HWC_PRIM_BIGNUM, bignum_impls),
    LIST(HWC_PRIM_AES, aes_impls),
    LIST(HWC_PRIM_GHASH, ghash_impls),
    LIST(HWC_PRIM_FE25519, fe25519_impls),
    LIST(HWC_PRIM_CHACHA20, chacha20_impls),
    LIST(HWC_PRIM_POLY1305, poly1305_impls),
#undef LIST
};

size_t hwc_registry_count(hwc_prim p) {
  return (unsigned)p < HWC_PRIM_COUNT ? registry[p].count : 0;
}

const hwc_impl_info *hwc_registry_impl(hwc_prim p, size_t i) {
  return i < hwc_registry_count(p) ? registry[p].list[i] : NULL;
}
