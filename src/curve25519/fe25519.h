/* SPDX-License-Identifier: ISC */
/*
 * Protocol-side view of GF(2^255-19): the selected fe25519 kernel table and
 * the exponentiations built on it. X25519, Ed25519 and ristretto255 fetch
 * the table once per operation (hwc_fe25519_get) and pass it down, so that
 * one operation never mixes the element layouts of two backends even if
 * another thread re-selects the implementation meanwhile.
 *
 * Backends and why (speed comparisons from same-run hwcrypto-bench
 * measurements; see each file for its own reasons):
 *  - generic (src/generic/fe25519_generic.c): radix 2^51 with 64x64->128
 *    products; the radix 2^25.5 path serves compilers without __int128.
 *    On aarch64 this is the backend: MUL/UMULH give the 128-bit products
 *    directly. A NEON 2-way ladder was not written: NEON has no 64x64
 *    multiply, so it would have to beat UMULH with 32x32 products, and
 *    with only qemu here there is no aarch64 timing to decide it on.
 *  - mulx (src/x86_64/fe25519_mulx.c, BMI2+ADX): 4x64 limbs with
 *    ADCX/ADOX chains, about OpenSSL's own MULX path.
 *  - avx2 (src/x86_64/fe25519_avx2.c): the ladder four lanes wide in radix
 *    2^25.5 over the generic layout; faster than mulx on the ladder alone
 *    but slower everywhere else, so chosen only where mulx cannot run
 *    (Haswell).
 *  - avx512ifma (src/x86_64/fe25519_avx512ifma.c, fe25519_avx512ifma_edwards.c): the ladder,
 *    and the three Edwards scalar multiplications, four lanes wide with
 *    VPMADD52; single operations are mulx's. The fastest X25519 here,
 *    ahead of libsodium and `openssl speed ecdhx25519` on the same
 *    machine. Selected whenever the CPU has IFMA; the Edwards operations
 *    are entries of its field table because they run in its private
 *    layout (src/kernels.h, fe25519 section). It is also the one lane
 *    backend: eight X25519 operations per call for the batches
 *    (fe25519_avx512ifma_x25519_lanes8.c, x25519_batch.c).
 * Inversion is by divsteps (src/curve25519/modinv25519.c), measured faster
 * than the exponentiation chain below, which remains for square roots.
 */
#ifndef HWC_FE25519_H
#define HWC_FE25519_H

#include "dispatch/dispatch.h"

static inline const hwc_fe25519_kernel *hwc_fe25519_get(void) {
  return HWC_KERNEL(HWC_PRIM_FE25519, hwc_fe25519_kernel);
}

/* out = 1/z (0 for z = 0), in time independent of z: by divsteps
 * (hwc_modinv25519) where the compiler has a 128-bit integer type, else by
 * z^(p-2), a fixed chain of 254 squarings and 11 multiplications. */
void hwc_fe25519_invert(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z);

/* out = z^((p-5)/8) = z^(2^252-3), the core of square roots (Ed25519 and
 * ristretto255 decoding). Fixed chain, like invert. */
void hwc_fe25519_pow22523(const hwc_fe25519_kernel *k, hwc_fe25519 *out, const hwc_fe25519 *z);

#if defined(__SIZEOF_INT128__)
/* out = 1/in mod 2^255 - 19 (0 for 0), both canonical little-endian; in
 * must be below p. Constant time (src/curve25519/modinv25519.c). out may alias in. */
void hwc_modinv25519(uint8_t out[32], const uint8_t in[32]);
#endif

#endif /* HWC_FE25519_H */
