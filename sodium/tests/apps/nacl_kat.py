# SPDX-License-Identifier: ISC
"""PyNaCl through the functions the drop-in interposes: fixed inputs, one
"name: hex" line per result, and checks against published answers (RFC
7748, RFC 8032, FIPS 180-2) that print FAIL on a mismatch. pynacl.sh runs
it with and without the drop-in preloaded and compares both outputs with
nacl_kat.exp (made by Debian's libsodium 1.0.18 alone)."""
import nacl.bindings as b
import nacl.exceptions
import nacl.signing


def out(name, data):
    """Prints one result."""
    print(f"{name}: {data.hex()}")


def check(name, ok):
    """Prints ok or FAIL for a check against a published answer."""
    print(f"{name}: {'ok' if ok else 'FAIL'}")


def seq(n, start=0):
    """n bytes counting up from start, as fixed test input."""
    return bytes((start + i) & 255 for i in range(n))


k = seq(32, 0x80)
m = b"sunscreen " * 30
ad = seq(12, 0x50)

c = b.crypto_aead_chacha20poly1305_ietf_encrypt(m, ad, seq(12, 7), k)
out("chacha20poly1305_ietf", c)
check("chacha20poly1305_ietf open", b.crypto_aead_chacha20poly1305_ietf_decrypt(c, ad, seq(12, 7), k) == m)
bad = bytearray(c)
bad[5] ^= 1
try:
    b.crypto_aead_chacha20poly1305_ietf_decrypt(bytes(bad), ad, seq(12, 7), k)
    check("chacha20poly1305_ietf forgery", False)
except nacl.exceptions.CryptoError:
    check("chacha20poly1305_ietf forgery", True)

c = b.crypto_aead_xchacha20poly1305_ietf_encrypt(m, ad, seq(24, 9), k)
out("xchacha20poly1305_ietf", c)
check("xchacha20poly1305_ietf open", b.crypto_aead_xchacha20poly1305_ietf_decrypt(c, ad, seq(24, 9), k) == m)

x = b.crypto_scalarmult(bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
                        bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"))
check("x25519 rfc7748", x.hex() == "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
out("scalarmult_base", b.crypto_scalarmult_base(seq(32, 1)))
pk, sk = b.crypto_box_seed_keypair(seq(32, 2))
out("box_seed_keypair", pk + sk)
pk, sk = b.crypto_box_keypair()
check("box_keypair", pk == b.crypto_scalarmult_base(sk))

pk, sk = b.crypto_sign_seed_keypair(bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"))
check("ed25519 rfc8032 pk", pk.hex() == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
sm = b.crypto_sign(b"", sk)
check("ed25519 rfc8032 sig", sm[:64].hex() == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
sm = b.crypto_sign(m, sk)
out("sign combined", sm)
check("sign open", b.crypto_sign_open(sm, pk) == m)
forged = bytearray(sm)
forged[70] ^= 1
try:
    b.crypto_sign_open(bytes(forged), pk)
    check("sign open forgery", False)
except nacl.exceptions.BadSignatureError:
    check("sign open forgery", True)
out("sk_to_pk", b.crypto_sign_ed25519_sk_to_pk(sk))
out("sk_to_seed", b.crypto_sign_ed25519_sk_to_seed(sk))
key = nacl.signing.SigningKey(seq(32, 6))
signed = key.sign(m)
out("SigningKey.sign", signed.signature)
check("VerifyKey.verify", key.verify_key.verify(signed) == m)

out("sha256", b.crypto_hash_sha256(m))
check("sha256 abc", b.crypto_hash_sha256(b"abc").hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
out("sha512", b.crypto_hash_sha512(m))

key = seq(32, 11)
st = b.crypto_secretstream_xchacha20poly1305_state()
hdr = b.crypto_secretstream_xchacha20poly1305_init_push(st, key)
c1 = b.crypto_secretstream_xchacha20poly1305_push(st, b"first", b"ad")
c2 = b.crypto_secretstream_xchacha20poly1305_push(st, b"last", None, b.crypto_secretstream_xchacha20poly1305_TAG_FINAL)
pst = b.crypto_secretstream_xchacha20poly1305_state()
b.crypto_secretstream_xchacha20poly1305_init_pull(pst, hdr, key)
p1, t1 = b.crypto_secretstream_xchacha20poly1305_pull(pst, c1, b"ad")
p2, t2 = b.crypto_secretstream_xchacha20poly1305_pull(pst, c2)
print(f"secretstream: {p1.decode()} {t1} {p2.decode()} {t2}")
