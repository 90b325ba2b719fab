/* SPDX-License-Identifier: ISC */
/*
 * Every bench suite, one line per bench/bench_<id>.c, in report order.
 * Included twice with different definitions of BENCH_SUITE(id): once by
 * bench.h to declare bench_suite_<id>, once by main.c to list them.
 */
BENCH_SUITE(sha2)
BENCH_SUITE(hmac)
BENCH_SUITE(x25519)
BENCH_SUITE(chacha)
BENCH_SUITE(secretstream)
BENCH_SUITE(ed25519)
BENCH_SUITE(rsa_sign)
BENCH_SUITE(handshake)
BENCH_SUITE(rsa_core)
BENCH_SUITE(aes)
