# SPDX-License-Identifier: ISC
"""Python's ssl and hashlib, unmodified, for provider/tests/apps.sh.

  apps.py hashlib
      Prints ssl.OPENSSL_VERSION; checks SHA-1/SHA-256/SHA-384/SHA-512 and
      HMAC (hmac.new: OpenSSL's HMAC_CTX, hmac.digest: its one-shot MAC)
      against the FIPS 180 and RFC 4231 answers, and the digests of
      lengths around the block sizes against Python's own _sha* modules
      (built without OpenSSL). Exits 1 on any difference.
  apps.py server CERT KEY PORT PROTO CIPHERS DIR
      One TLS server on 127.0.0.1:PORT (PROTO tls1_2 or tls1_3; CIPHERS the
      TLS 1.2 list, "-" for the default): "get NAME" sends DIR/NAME after
      its 8-byte length, "put N" reads N bytes and answers their SHA-256,
      "quit" ends it (a clean exit: OpenSSL unloads the providers).
  apps.py client CA PORT PROTO CIPHERS DIR NAME...
      Downloads and uploads each DIR/NAME through the server above,
      comparing SHA-256s; prints "negotiated VERSION CIPHER" and exits 1 on
      any difference.
The SHA-256s compared here come from hashlib, which the provider may be
serving: the download is also compared byte for byte.
"""
import hashlib
import hmac
import os
import socket
import ssl
import struct
import sys


def check_hashlib():
    print(ssl.OPENSSL_VERSION)
    bad = 0
    known = {  # FIPS 180-2 appendix answers for "abc"
        "sha1": "a9993e364706816aba3e25717850c26c9cd0d89d",
        "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "sha384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                  "8086072ba1e7cc2358baeca134c825a7",
        "sha512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    }
    for name, want in known.items():
        got = getattr(hashlib, name)(b"abc").hexdigest()
        if got != want:
            print(f"FAIL hashlib.{name}(b'abc') = {got}")
            bad += 1
    # RFC 4231 test case 2: key "Jefe"
    msg, key = b"what do ya want for nothing?", b"Jefe"
    rfc4231 = {
        "sha256": "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "sha384": "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
                  "8e2240ca5e69e2c78b3239ecfab21649",
        "sha512": "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                  "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
    }
    for name, want in rfc4231.items():
        for how, got in (("hmac.new", hmac.new(key, msg, name).hexdigest()),
                         ("hmac.digest", hmac.digest(key, msg, name).hex())):
            if got != want:
                print(f"FAIL {how}({name}) = {got}")
                bad += 1
    # lengths around the 64- and 128-byte blocks, whole and in pieces,
    # against Python's builtin implementations (not OpenSSL's)
    import _sha1
    try:  # Python 3.12 joined _sha256 and _sha512 into _sha2
        import _sha2 as s256, _sha2 as s512
    except ImportError:
        import _sha256 as s256, _sha512 as s512
    ref = {"sha1": _sha1.sha1, "sha256": s256.sha256, "sha384": s512.sha384, "sha512": s512.sha512}
    data = bytes((i * 131 + 7) & 255 for i in range(2000))
    for name, mk in ref.items():
        for n in (0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 257, 1000, 2000):
            want = mk(data[:n]).hexdigest()
            h = hashlib.new(name)
            for i in range(0, n, 37):
                h.update(data[i:min(n, i + 37)])
            c = h.copy()  # the EVP_MD_CTX copy TLS transcripts rely on
            if hashlib.new(name, data[:n]).hexdigest() != want or h.hexdigest() != want or c.hexdigest() != want:
                print(f"FAIL {name} of {n} bytes")
                bad += 1
    print(f"hashlib: {'ok' if not bad else str(bad) + ' failures'}")
    return 1 if bad else 0


def context(server, proto, ciphers):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER if server else ssl.PROTOCOL_TLS_CLIENT)
    v = ssl.TLSVersion.TLSv1_3 if proto == "tls1_3" else ssl.TLSVersion.TLSv1_2
    ctx.minimum_version = ctx.maximum_version = v
    if ciphers != "-":
        ctx.set_ciphers(ciphers)
    return ctx


def read_exact(conn, n):
    out = bytearray()
    while len(out) < n:
        b = conn.recv(min(n - len(out), 1 << 16))
        if not b:
            raise EOFError("connection closed early")
        out += b
    return bytes(out)


def read_line(conn):
    line = bytearray()
    while not line.endswith(b"\n"):
        line += read_exact(conn, 1)
    return line.decode().split()


def serve(cert, key, port, proto, ciphers, root):
    ctx = context(True, proto, ciphers)
    ctx.load_cert_chain(cert, key)
    with socket.create_server(("127.0.0.1", int(port))) as ls:
        while True:
            raw, _ = ls.accept()
            with ctx.wrap_socket(raw, server_side=True) as conn:
                while True:
                    try:
                        cmd = read_line(conn)
                    except EOFError:
                        break
                    if cmd[0] == "quit":
                        return 0
                    if cmd[0] == "get":
                        data = open(os.path.join(root, os.path.basename(cmd[1])), "rb").read()
                        conn.sendall(struct.pack(">Q", len(data)) + data)
                    elif cmd[0] == "put":
                        data = read_exact(conn, int(cmd[1]))
                        conn.sendall(hashlib.sha256(data).hexdigest().encode() + b"\n")


def client(ca, port, proto, ciphers, root, names):
    ctx = context(False, proto, ciphers)
    ctx.load_verify_locations(ca)
    bad = 0
    with socket.create_connection(("127.0.0.1", int(port)), timeout=20) as raw:
        with ctx.wrap_socket(raw, server_hostname="localhost") as conn:
            print("negotiated", conn.version(), conn.cipher()[0])
            for name in names:
                want = open(os.path.join(root, name), "rb").read()
                conn.sendall(f"get {name}\n".encode())
                got = read_exact(conn, struct.unpack(">Q", read_exact(conn, 8))[0])
                if got != want:
                    print(f"FAIL download {name}: {len(got)} bytes, not the {len(want)} sent")
                    bad += 1
                conn.sendall(f"put {len(want)}\n".encode() + want)
                h = read_line(conn)[0]
                if h != hashlib.sha256(want).hexdigest():
                    print(f"FAIL upload {name}: the server's SHA-256 differs")
                    bad += 1
            conn.sendall(b"quit\n")
    print(f"client: {'ok' if not bad else str(bad) + ' failures'}")
    return 1 if bad else 0


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "hashlib":
        sys.exit(check_hashlib())
    if a[0] == "server":
        sys.exit(serve(*a[1:7]))
    if a[0] == "client":
        sys.exit(client(a[1], a[2], a[3], a[4], a[5], a[6:]))
    sys.exit(2)
