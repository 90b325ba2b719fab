/* SPDX-License-Identifier: ISC */
/* The entry point that the x86_64 GHASH backends (and the AES backends'
 * fused GCM) share instead of duplicating: every x86 GHASH kernel reads
 * the table ghash_pclmul.c builds. Reachable only through tables whose
 * required features include PCLMULQDQ. (The AES backends share AES-NI's
 * key layout, schedule and serial loops as inline code: aesni_modes.h.) */
#ifndef HWC_X86_AES_H
#define HWC_X86_AES_H

#include <stddef.h>
#include <stdint.h>

/* H'^16 .. H'^1 in the POLYVAL domain, then their Karatsuba folds
 * (ghash_clmul.h): 512 bytes. */
void hwc_ghash_clmul_table(void *table, const uint8_t h[16]);

#endif
