/* SPDX-License-Identifier: ISC */
/* Entry points that the x86_64 AES and GHASH backends share instead of
 * duplicating: the wider VAES backends keep AES-NI's round key layout (so
 * they reuse its key schedule and its serial CBC encryption), and every x86
 * GHASH kernel reads the table ghash_pclmul.c builds. Reachable only through
 * tables whose required features include AES-NI / PCLMULQDQ. */
#ifndef HWC_X86_AES_H
#define HWC_X86_AES_H

#include <stddef.h>
#include <stdint.h>

/* Round keys: encryption keys at 16-byte slots 0..rounds, the
 * equivalent-inverse-cipher keys (AESIMC applied) at slots 16..16+rounds.
 * rk (and the GHASH table) may sit at any address: every access to them is
 * an unaligned load or store. */
void hwc_aesni_setkey(void *rk, const uint8_t *key, size_t key_len);
void hwc_aesni_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds);
void hwc_aesni_decrypt(uint8_t *out, const uint8_t *in, size_t nblocks, const void *rk, unsigned rounds);
void hwc_aesni_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t iv[16], const void *rk,
                           unsigned rounds);

/* H'^16 .. H'^1 in the POLYVAL domain, then their Karatsuba folds
 * (ghash_clmul.h): 512 bytes. */
void hwc_ghash_clmul_table(void *table, const uint8_t h[16]);

#endif
