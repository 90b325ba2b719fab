#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""MODEL TOOL (not part of the library): builds ladder2.c with the aarch64
cross compiler, runs two X25519 ladders per call under qemu-aarch64 on 16
pairs (random scalars and u, plus u = 0, 1, p - 1, 2^255 - 1 masked to
p + 18, and scalars with every bit set), compares X2/Z2 of every lane with
Python's RFC 7748 X25519, then models one ladder_step2 with ../mca.py
(cortex-a72 = the A57 model, cortex-a55).
usage: check.py [workdir]"""
import os, random, subprocess, sys, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
P = 2**255 - 19
w = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="neon-fe25519x2-")
run = lambda *c, **k: subprocess.run(c, check=True, **k)


def x25519(k, u):
    """RFC 7748 section 5, k already clamped, u below 2^255."""
    x1, x2, z2, x3, z3, swap = u % P, 1, 0, u % P, 1, 0
    for t in range(254, -1, -1):
        b = (k >> t) & 1
        swap ^= b
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = b
        a, aa, bq = x2 + z2, (x2 + z2) ** 2, x2 - z2
        bb, e, c, d = bq * bq, (x2 + z2) ** 2 - bq * bq, x3 + z3, x3 - z3
        da, cb = d * a, c * bq
        x3, z3 = (da + cb) ** 2 % P, x1 * (da - cb) ** 2 % P
        x2, z2 = aa * bb % P, e * (aa + 121665 * e) % P
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, P - 2, P) % P


OFF = [(51 * i + 1) // 2 for i in range(10)]  # ceil(25.5 i)
WID = [26 if i % 2 == 0 else 25 for i in range(10)]
limbs = lambda x: [(x >> OFF[i]) & ((1 << WID[i]) - 1) for i in range(10)]
value = lambda ls: sum(v << OFF[i] for i, v in enumerate(ls))
clamp = lambda k: (k & ~7 & ((1 << 254) - 1)) | (1 << 254)
rng = random.Random(7)
us = [0, 1, P - 1, (2**255 - 1) % 2**255, 9] + [rng.getrandbits(255) for _ in range(27)]
ks = [clamp(2**256 - 1), clamp(0)] + [clamp(rng.getrandbits(256)) for _ in range(30)]
cases = [(ks[i], us[i] if us[i] < 2**255 else us[i] % 2**255) for i in range(32)]
src = ["#include <stdint.h>\n#include <stdio.h>\n",
       "void x25519_ladder2(uint32_t out[2][2][10], const uint8_t e[2][32], const uint32_t u[2][10]);\n",
       "static const uint8_t E[32][32] = {"]
src += ["{%s}," % ",".join(str((k >> (8 * j)) & 255) for j in range(32)) for k, _ in cases]
src.append("};\nstatic const uint32_t U[32][10] = {")
src += ["{%s}," % ",".join(str(v) for v in limbs(u)) for _, u in cases]
src.append("};\nint main(void) { for (int c = 0; c < 32; c += 2) { uint32_t o[2][2][10], u[2][10]; "
           "uint8_t e[2][32]; for (int l = 0; l < 2; l++) for (int i = 0; i < 32; i++) e[l][i] = E[c + l][i];"
           " for (int l = 0; l < 2; l++) for (int i = 0; i < 10; i++) u[l][i] = U[c + l][i];"
           " x25519_ladder2(o, e, u); for (int l = 0; l < 2; l++) for (int x = 0; x < 2; x++) {"
           " for (int i = 0; i < 10; i++) printf(\"%u \", o[l][x][i]); printf(\"\\n\"); } } return 0; }\n")
with open(os.path.join(w, "drv.c"), "w") as f:
    f.write("\n".join(src))
obj = os.path.join(w, "ladder2.o")
run("aarch64-linux-gnu-gcc", "-O2", "-mcpu=cortex-a72", "-c", os.path.join(HERE, "ladder2.c"), "-o", obj)
run("aarch64-linux-gnu-gcc", "-O2", "-static", os.path.join(w, "drv.c"), obj, "-o", os.path.join(w, "drv"))
out = subprocess.run(["qemu-aarch64", os.path.join(w, "drv")], check=True, capture_output=True,
                     text=True).stdout.split("\n")
bad = 0
for c, (k, u) in enumerate(cases):
    x2, z2 = (value([int(t) for t in out[2 * c + j].split()]) for j in range(2))
    got = x2 * pow(z2, P - 2, P) % P
    bad += got != x25519(k, u)
print("FAIL: %d of 32 lanes differ" % bad if bad else "ok: 32 lanes (16 calls) equal Python's X25519")
if bad:
    sys.exit(1)
run(sys.executable, os.path.join(HERE, "..", "mca.py"), obj, "ladder_step2", "--cpu", "cortex-a72,cortex-a55",
    "-n", "10")
