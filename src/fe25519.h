/*
 * Protocol-side view of GF(2^255-19): the selected fe25519 kernel table and
 * the exponentiations built on it. X25519, Ed25519 and ristretto255 fetch
 * the table once per operation (hwc_fe25519_get) and pass it down, so that
 * one operation never mixes the element layouts of two backends even if
 * another thread re-selects the implementation meanwhile.
 *
 * Backends and why (figures: TSC cycles for one X25519 on the AMD Zen
 * machine this was written on, loaded, best of 41 batches; OpenSSL 3.0's
 * X25519 derive about 60,000 and libsodium's crypto_scalarmult about
 * 70,000 in the same runs):
 *  - generic (src/generic/fe25519_51.c): radix 2^51 with 64x64->128
 *    products, ~85,000-90,000; the radix 2^25.5 path serves compilers
 *    without __int128. On aarch64 this is the backend: MUL/UMULH give the
 *    128-bit products directly. A NEON 2-way ladder was not written: NEON
 *    has no 64x64 multiply, so it would have to beat UMULH with 32x32
 *    products, and with only qemu here there is no aarch64 timing to
 *    decide it on.
 *  - mulx (src/x86_64/fe25519_mulx.c, BMI2+ADX): 4x64 limbs with
 *    ADCX/ADOX chains, ~65,000-70,000, about OpenSSL's own MULX path.
 *  - avx512-ifma (src/x86_64/fe25519_ifma.c): the ladder four lanes wide
 *    with VPMADD52, ~36,000-39,000, 1.6-1.7x OpenSSL; everything but the
 *    ladder is mulx's. Selected whenever the CPU has IFMA.
 *  - avx2: not written (time). A 4-way radix-2^25.5 AVX2 ladder does with
 *    32x32 products what IFMA does with 52x52, so it would land between
 *    mulx and avx512-ifma at best; unmeasured.
 */
#ifndef HWC_FE25519_H
#define HWC_FE25519_H

#include "../dispatch/dispatch.h"

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
 * must be below p. Constant time (src/modinv25519.c). out may alias in. */
void hwc_modinv25519(uint8_t out[32], const uint8_t in[32]);
#endif

#endif /* HWC_FE25519_H */
