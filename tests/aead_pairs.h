/* SPDX-License-Identifier: ISC */
/* Iterating over the AEAD pair entries (src/kernels.h): every body that
 * tests AES-GCM or ChaCha20-Poly1305 runs once per supported fused entry
 * and, under "separate", once per combination of the member primitives'
 * supported implementations. Shared by the one-shot and the streaming
 * tests. */
#ifndef HWC_TESTS_AEAD_PAIRS_H
#define HWC_TESTS_AEAD_PAIRS_H

#include "check.h"

/* fn(first member's label, second member's label, arg), with the entry
 * and the members selected. A fused entry's first label names the entry. */
typedef void (*t_pair_body)(const char *first, const char *second, void *arg);

/* aes-gcm: fn(aes label, ghash name, arg). */
void t_for_each_gcm_pair(t_pair_body fn, void *arg);
/* chacha20-poly1305: fn(chacha20 label, poly1305 name, arg). */
void t_for_each_chacha_pair(t_pair_body fn, void *arg);

/* The reference GCM key: aes-gcm "separate" over generic aes and ghash
 * (the selection is put back as it was). */
void t_gcm_ref_init(hwc_aes_gcm_key *ref, const uint8_t *k, size_t kl);
/* Selects the ChaCha20-Poly1305 reference ("separate" over generic
 * chacha20 and poly1305); t_chacha_back puts the selection back. */
void t_chacha_ref(void);
void t_chacha_back(void);

#endif
