<?php
// SPDX-License-Identifier: ISC
// PHP's ext/sodium through the functions the drop-in interposes: fixed
// inputs, one "name: hex" line per result, and checks against published
// answers (RFC 7748, RFC 8032, FIPS 180-2) that print FAIL on a mismatch.
// php.sh runs it with and without the drop-in preloaded and compares both
// outputs with sodium_kat.exp (made by Debian's libsodium 1.0.18 alone).

// Prints one result.
function out(string $name, string $bin): void { echo $name, ': ', bin2hex($bin), "\n"; }
// Prints ok or FAIL for a check against a published answer.
function check(string $name, bool $ok): void { echo $name, ': ', $ok ? 'ok' : 'FAIL', "\n"; }
// n bytes counting up from start, as fixed test input.
function seq(int $n, int $start = 0): string { $s = ''; for ($i = 0; $i < $n; $i++) $s .= chr(($start + $i) & 255); return $s; }

$k = seq(32, 0x80); $m = str_repeat("sunscreen ", 30); $ad = seq(12, 0x50);

$c = sodium_crypto_aead_chacha20poly1305_ietf_encrypt($m, $ad, seq(12, 7), $k);
out('chacha20poly1305_ietf', $c);
check('chacha20poly1305_ietf open', sodium_crypto_aead_chacha20poly1305_ietf_decrypt($c, $ad, seq(12, 7), $k) === $m);
$bad = $c; $bad[5] = chr(ord($bad[5]) ^ 1);
check('chacha20poly1305_ietf forgery', sodium_crypto_aead_chacha20poly1305_ietf_decrypt($bad, $ad, seq(12, 7), $k) === false);

$c = sodium_crypto_aead_xchacha20poly1305_ietf_encrypt($m, $ad, seq(24, 9), $k);
out('xchacha20poly1305_ietf', $c);
check('xchacha20poly1305_ietf open', sodium_crypto_aead_xchacha20poly1305_ietf_decrypt($c, $ad, seq(24, 9), $k) === $m);

if (sodium_crypto_aead_aes256gcm_is_available()) {
    $c = sodium_crypto_aead_aes256gcm_encrypt($m, $ad, seq(12, 3), $k);
    out('aes256gcm', $c);
    check('aes256gcm open', sodium_crypto_aead_aes256gcm_decrypt($c, $ad, seq(12, 3), $k) === $m);
} else {
    echo "aes256gcm: not available\n";
}

out('stream_xchacha20_xor', sodium_crypto_stream_xchacha20_xor($m, seq(24, 1), $k));

// RFC 7748 section 5.2, first vector
$x = sodium_crypto_scalarmult(hex2bin('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4'),
                              hex2bin('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c'));
check('x25519 rfc7748', bin2hex($x) === 'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552');
out('scalarmult_base', sodium_crypto_scalarmult_base(seq(32, 1)));
try { sodium_crypto_scalarmult(seq(32, 1), str_repeat("\0", 32)); echo "x25519 zero point: accepted\n"; }
catch (SodiumException $e) { echo "x25519 zero point: refused\n"; }
$kp = sodium_crypto_box_seed_keypair(seq(32, 2));
out('box_seed_keypair', $kp);
$kp = sodium_crypto_box_keypair();
check('box_keypair', sodium_crypto_box_publickey($kp) === sodium_crypto_scalarmult_base(sodium_crypto_box_secretkey($kp)));

// RFC 8032 section 7.1, TEST 1 (empty message)
$kp = sodium_crypto_sign_seed_keypair(hex2bin('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'));
check('ed25519 rfc8032 pk', bin2hex(sodium_crypto_sign_publickey($kp)) === 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
$sig = sodium_crypto_sign_detached('', sodium_crypto_sign_secretkey($kp));
check('ed25519 rfc8032 sig', bin2hex($sig) === 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b');
check('ed25519 verify', sodium_crypto_sign_verify_detached($sig, '', sodium_crypto_sign_publickey($kp)));
$sm = sodium_crypto_sign($m, sodium_crypto_sign_secretkey($kp));
out('sign combined', $sm);
check('sign open', sodium_crypto_sign_open($sm, sodium_crypto_sign_publickey($kp)) === $m);
$sm[70] = chr(ord($sm[70]) ^ 1);
check('sign open forgery', sodium_crypto_sign_open($sm, sodium_crypto_sign_publickey($kp)) === false);
// S + L (non-canonical S): libsodium 1.0.18 refuses it
$L = hex2bin('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010'); // little-endian
$sl = ''; $carry = 0;
for ($i = 0; $i < 32; $i++) { $t = ord($sig[32 + $i]) + ord($L[$i]) + $carry; $sl .= chr($t & 255); $carry = $t >> 8; }
$mall = substr($sig, 0, 32) . $sl;
echo 'ed25519 S+L: ', sodium_crypto_sign_verify_detached($mall, '', sodium_crypto_sign_publickey($kp)) ? "accepted" : "refused", "\n";
out('sign_publickey_from_secretkey', sodium_crypto_sign_publickey_from_secretkey(sodium_crypto_sign_secretkey($kp)));

out('ristretto255_from_hash', $p = sodium_crypto_core_ristretto255_from_hash(seq(64, 5)));
out('ristretto255_scalarmult_base', $q = sodium_crypto_scalarmult_ristretto255_base(seq(32, 3)));
out('ristretto255_add', sodium_crypto_core_ristretto255_add($p, $q));
out('ristretto255_sub', sodium_crypto_core_ristretto255_sub($p, $q));
out('ristretto255_scalarmult', sodium_crypto_scalarmult_ristretto255(seq(32, 4), $p));
$hi = $p; $hi[31] = chr(ord($hi[31]) | 0x80);
echo 'ristretto255 bit 255: ', sodium_crypto_core_ristretto255_is_valid_point($hi) ? "valid" : "invalid", "\n";
out('ristretto255_scalar_add', sodium_crypto_core_ristretto255_scalar_add(seq(32, 1), seq(32, 2)));
out('ristretto255_scalar_sub', sodium_crypto_core_ristretto255_scalar_sub(seq(32, 1), seq(32, 2)));
out('ristretto255_scalar_mul', sodium_crypto_core_ristretto255_scalar_mul(seq(32, 1), seq(32, 2)));
out('ristretto255_scalar_negate', sodium_crypto_core_ristretto255_scalar_negate(seq(32, 1)));
out('ristretto255_scalar_complement', sodium_crypto_core_ristretto255_scalar_complement(seq(32, 1)));
out('ristretto255_scalar_invert', sodium_crypto_core_ristretto255_scalar_invert(seq(32, 1)));
out('ristretto255_scalar_reduce', sodium_crypto_core_ristretto255_scalar_reduce(seq(64, 1)));
$r = sodium_crypto_core_ristretto255_scalar_random();
check('ristretto255_scalar_random', sodium_crypto_core_ristretto255_scalar_reduce($r . str_repeat("\0", 32)) === $r);

// secretstream: our own messages read back, and the tags
$key = seq(32, 11);
[$st, $hdr] = sodium_crypto_secretstream_xchacha20poly1305_init_push($key);
$c1 = sodium_crypto_secretstream_xchacha20poly1305_push($st, 'first', 'ad');
$c2 = sodium_crypto_secretstream_xchacha20poly1305_push($st, 'last', '', SODIUM_CRYPTO_SECRETSTREAM_XCHACHA20POLY1305_TAG_FINAL);
$pst = sodium_crypto_secretstream_xchacha20poly1305_init_pull($hdr, $key);
[$p1, $t1] = sodium_crypto_secretstream_xchacha20poly1305_pull($pst, $c1, 'ad');
[$p2, $t2] = sodium_crypto_secretstream_xchacha20poly1305_pull($pst, $c2);
echo "secretstream: $p1 $t1 $p2 $t2\n";
