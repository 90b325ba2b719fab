<?php
// SPDX-License-Identifier: ISC
// The seed loop: the ristretto255 scalar arithmetic, box key pairs and
// X25519 both ways that a PHP application's key setup spends its time in,
// ITERATIONS times (argv[1], default 1000). Prints the seconds it took and
// a digest of every result, so runs with and without the drop-in can be
// checked to agree (the key pairs are random: only their consistency is
// digested). seed_loop.sh runs it both ways, alternated.
$n = (int)($argv[1] ?? 1000);
$acc = hash_init('sha256');
$t0 = hrtime(true);
$s = sodium_crypto_core_ristretto255_scalar_reduce(str_repeat("\x07", 64));
for ($i = 0; $i < $n; $i++) {
    $r = sodium_crypto_core_ristretto255_scalar_random();
    $a = sodium_crypto_core_ristretto255_scalar_add($s, $r);
    $b = sodium_crypto_core_ristretto255_scalar_sub($a, $r);     // == $s
    $s = sodium_crypto_core_ristretto255_scalar_mul($b, $b);
    $c = sodium_crypto_core_ristretto255_scalar_complement($s);
    $inv = sodium_crypto_core_ristretto255_scalar_invert($c);
    $neg = sodium_crypto_core_ristretto255_scalar_negate($inv);
    $s = sodium_crypto_core_ristretto255_scalar_reduce($neg . $c);
    $kp1 = sodium_crypto_box_keypair();
    $kp2 = sodium_crypto_box_keypair();
    $x1 = sodium_crypto_scalarmult(sodium_crypto_box_secretkey($kp1), sodium_crypto_box_publickey($kp2));
    $x2 = sodium_crypto_scalarmult(sodium_crypto_box_secretkey($kp2), sodium_crypto_box_publickey($kp1));
    hash_update($acc, $s . ($x1 === $x2 ? 'agree' : 'DISAGREE'));
}
$t = (hrtime(true) - $t0) / 1e9;
printf("%.6f %s\n", $t, hash_final($acc));
