/* SPDX-License-Identifier: ISC */
/*
 * Edwards25519 fixed-base scalar multiplication, shared by X25519 key
 * generation (hwc_x25519_base) and Ed25519/ristretto255. The point types
 * and hwc_ge25519_scalarmult_base itself are declared in ge25519.h, with
 * the rest of the group; src/curve25519/ed25519_base.c implements it.
 */
#ifndef HWC_ED25519_BASE_H
#define HWC_ED25519_BASE_H

#include "ge25519.h"

#endif /* HWC_ED25519_BASE_H */
