#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Generates tests/vectors/modexp_rsa.txt: RSA keys made by the OpenSSL CLI
(`openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:B`), their
components as `openssl pkey -text` prints them, and raw RSA results
x^d mod n and x^e mod n computed by Python's pow() (independent of hwcrypto).

    python3 tools/gen-modexp-rsa-vectors.py > tests/vectors/modexp_rsa.txt

Records: "key = <bits>" then n, e, d, p, q, dp, dq, qinv, then pairs
"x = ..." / "s = x^d mod n" / "v = x^e mod n", all big-endian hex; x, s, v
have the byte length of n."""
import random, re, subprocess

rng = random.Random(7)


def key_components(bits, extra=()):
    pem = subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:%d" % bits]
                         + list(extra), capture_output=True, check=True).stdout
    text = subprocess.run(["openssl", "pkey", "-noout", "-text"], input=pem, capture_output=True,
                          check=True).stdout.decode()
    names = {"modulus": "n", "privateExponent": "d", "prime1": "p", "prime2": "q", "exponent1": "dp",
             "exponent2": "dq", "coefficient": "qinv"}
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"publicExponent: (\d+)", line)
        if m:
            out["e"] = int(m.group(1))
            cur = None
            continue
        m = re.match(r"(\w+):\s*$", line)
        if m and m.group(1) in names:
            cur = names[m.group(1)]
            out[cur] = ""
            continue
        if cur and line.startswith("    "):
            out[cur] += line.strip().replace(":", "")
        else:
            cur = None
    return {k: (v if isinstance(v, int) else int(v, 16)) for k, v in out.items()}


print("# RSA keys from `openssl genpkey` (OpenSSL 3 CLI) and x^d, x^e mod n from Python's pow()")
print("# generator: tools/gen-modexp-rsa-vectors.py")
print()
for bits, extra in ((2048, ()), (2048, ("-pkeyopt", "rsa_keygen_pubexp:3")), (2056, ()), (3072, ()), (4096, ())):
    k = key_components(bits, extra)
    n = k["n"]
    nb = (n.bit_length() + 7) // 8
    assert k["p"] * k["q"] == n
    print("key = %d" % bits)
    for f in ("n", "e", "d", "p", "q", "dp", "dq", "qinv"):
        v = k[f]
        print("%s = %0*x" % (f, 2 * ((v.bit_length() + 7) // 8), v))
    for x in (0, 1, 2, n - 1, rng.randrange(n), rng.randrange(n)):
        print("x = %0*x" % (2 * nb, x))
        print("s = %0*x" % (2 * nb, pow(x, k["d"], n)))
        print("v = %0*x" % (2 * nb, pow(x, k["e"], n)))
    print()
