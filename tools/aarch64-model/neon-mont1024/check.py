#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""MODEL TOOL (not part of the library): assembles gen_neon_mont1024.py's
prototype, checks it against Python's integers under qemu-aarch64 (20
random 1024-bit odd moduli, a, b < m, and a = b = m - 1), then models the
whole product with mca.py (cortex-a72 = the A57 model, cortex-a55).
usage: check.py [workdir]"""
import os, random, subprocess, sys, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
w = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="neon-mont1024-")
run = lambda *c, **k: subprocess.run(c, check=True, **k)
with open(os.path.join(w, "p.s"), "w") as f:
    run(sys.executable, os.path.join(HERE, "gen_neon_mont1024.py"), stdout=f)
rng = random.Random(1)
digs = lambda x: "{" + ",".join("0x%08x" % ((x >> (32 * i)) & 0xffffffff) for i in range(32)) + "}"
src = ["#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n"
       "void neon_mont_mul1024(uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *, uint32_t);\n"
       "static const struct { uint32_t a[32], b[32], m[32], mu, e[32]; } V[] = {"]
for k in range(20):
    m = rng.getrandbits(1024) | 1 | 1 << 1023
    a, b = (m - 1, m - 1) if k == 0 else (rng.randrange(m), rng.randrange(m))
    e = a * b * pow(1 << 1024, -1, m) % m
    src.append("{%s,%s,%s,0x%08x,%s}," % (digs(a), digs(b), digs(m), pow(m, -1, 1 << 32), digs(e)))
src.append("};\nint main(void) { int bad = 0; for (unsigned k = 0; k < 20; k++) { uint32_t r[32];\n"
           "neon_mont_mul1024(r, V[k].a, V[k].b, V[k].m, V[k].mu); bad += !!memcmp(r, V[k].e, 128); }\n"
           "printf(\"%s\\n\", bad ? \"FAIL\" : \"ok: 20 products equal Python's\"); return bad; }\n")
with open(os.path.join(w, "drv.c"), "w") as f:
    f.write("\n".join(src))
run("aarch64-linux-gnu-gcc", "-c", os.path.join(w, "p.s"), "-o", os.path.join(w, "p.o"))
run("aarch64-linux-gnu-gcc", "-O2", "-static", os.path.join(w, "drv.c"), os.path.join(w, "p.o"), "-o",
    os.path.join(w, "drv"))
run("qemu-aarch64", os.path.join(w, "drv"))
run(sys.executable, os.path.join(HERE, "..", "mca.py"), os.path.join(w, "p.o"), "neon_mont_mul1024",
    "--cpu", "cortex-a72,cortex-a55", "-n", "10")
