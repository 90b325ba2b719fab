/*
 * Structured test inputs at the bounds the kernels' arithmetic relies on
 * (DESIGN.md, testing item 2). Random inputs essentially never put a limb at
 * its maximum or a value next to the modulus, which is where lost carries
 * hide (OpenSSL's CVE-2017-3732 and CVE-2017-3736, curve25519-donna's limb
 * overflow, hwcrypto's own Poly1305 collapse of radix-2^26 limbs). The
 * equivalence suites and the fuzzers' seeds draw from these generators, so
 * each family of edge values is written once.
 */
#ifndef HWC_TESTS_EDGE_H
#define HWC_TESTS_EDGE_H

#include <stddef.h>
#include <stdint.h>

/* ---- Poly1305 */
/* Keys whose r is 1, 2, 3, 16, the largest clamped r, and r with only its
 * top or bottom limb set, each with s = 0 and s = 2^128 - 1: small r keeps
 * h at its full size through the whole message, the clamped maximum makes
 * every product column as large as it can be. */
size_t t_edge_poly1305_key_count(void);
void t_edge_poly1305_key(uint8_t key[32], size_t i);
/* Message patterns, each a 16- or 48-byte unit repeated to len: all 0xff
 * (every block 2^129 - 1), all zero, and the RFC 8439 appendix A.3 #7 and
 * #8 units (blocks that drive h next to 2^130 - 5 before the final
 * reduction), and 0xff blocks alternating with zero blocks. */
size_t t_edge_poly1305_msg_count(void);
void t_edge_poly1305_msg(uint8_t *m, size_t len, size_t i);
/* A short name for pattern i, for failure messages. */
const char *t_edge_poly1305_msg_name(size_t i);

#endif
