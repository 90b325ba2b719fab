#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Generates tests/vectors/modexp.txt: base^exp mod m computed by Python's
built-in pow(), an implementation independent of hwcrypto.

    python3 tools/gen-modexp-vectors.py > tests/vectors/modexp.txt

Deterministic (fixed seed). Each record is four lines, m, b, e, r, in
big-endian hex; b and r have exactly as many bytes as m, e may be empty
(exponent of length 0). Covers moduli of exactly 1024, 1536, 2048, 3072,
4096 and 8192 bits, odd sizes (2056 bits and small ones), and the edge cases
base 0, 1, m-1, base >= m, exponent 0 (empty and all-zero bytes) and
all-ones exponents."""
import random

rng = random.Random(20261130)


def odd_modulus(bits):
    m = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
    return m


def hexn(v, nbytes):
    return "%0*x" % (2 * nbytes, v) if nbytes else ""


def record(m, b, e, elen):
    mlen = (m.bit_length() + 7) // 8
    assert b < 256 ** mlen and e < 256 ** elen
    r = pow(b, e, m)
    print("m = " + hexn(m, mlen))
    print("b = " + hexn(b, mlen))
    print("e = " + hexn(e, elen))
    print("r = " + hexn(r, mlen))
    print()


print("# base^exp mod m from Python's pow(); generator: tools/gen-modexp-vectors.py")
print("# fields: m (modulus), b (base, len(m) bytes), e (exponent, may be empty), r (result)")
print()

for bits in (5, 17, 63, 64, 65, 127, 128, 129, 255, 521, 1000, 1024, 1536, 2048, 2056, 3072, 4096, 8192):
    mlen = (bits + 7) // 8
    m = odd_modulus(bits)
    # the largest odd modulus of this size (all ones) and the smallest
    ms = [m]
    if bits in (1024, 2048):
        ms += [2 ** bits - 1, 2 ** (bits - 1) + 1]
    for mod in ms:
        full = mlen if bits <= 4096 else 64  # keep 8192-bit runs short
        bases = [0, 1, 2, mod - 1, rng.randrange(mod)]
        if mod < 256 ** mlen - 1:
            bases += [256 ** mlen - 1, mod, mod + 1 + rng.randrange(256 ** mlen - mod - 1)]
        for b in bases:
            record(mod, b, rng.getrandbits(8 * full), full)
        record(mod, rng.randrange(mod), 0, 0)                      # empty exponent
        record(mod, rng.randrange(mod), 0, 3)                      # zero bytes
        record(mod, rng.randrange(mod), 1, 1)
        record(mod, rng.randrange(mod), 65537, 3)
        record(mod, rng.randrange(mod), 256 ** full - 1, full)     # all ones
        record(mod, rng.randrange(mod), 2 ** 7 - 1, 1)
        for elen in (1, 2, 7, 8, 9, 33):
            record(mod, rng.randrange(mod), 256 ** elen - 1, elen)  # all-ones, short
            record(mod, rng.randrange(mod), rng.getrandbits(8 * elen), elen)
    if bits == 8192:
        record(m, rng.randrange(m), rng.getrandbits(8 * mlen), mlen)  # one full-size exponent
