/* SPDX-License-Identifier: ISC */
/*
 * Key agreement as a protocol would do it: two parties make X25519 key
 * pairs, exchange public keys, and each turns the shared secret into a
 * session key with HKDF-SHA-256. The raw X25519 output is never used as a
 * key itself: it is not uniformly random, and binding both public keys
 * into the derivation ties the key to this exchange.
 *
 *   x25519_hkdf        prints the two parties' session keys (they match)
 */
#include <stdio.h>
#include <string.h>

#include <hwcrypto.h>

/* The session key of one side: HKDF(salt = the two public keys in a fixed
 * order, IKM = the shared secret, info = the protocol's label). */
static int session_key(uint8_t out[32], const uint8_t my_sec[32], const uint8_t peer_pub[32],
                       const uint8_t initiator_pub[32], const uint8_t responder_pub[32]) {
  uint8_t shared[32], salt[64];
  /* HWC_ERR_INVALID_ARG here means the peer sent a low-order point: the
   * exchange must be aborted, never continued with an all-zero secret. */
  int rc = hwc_x25519(shared, my_sec, peer_pub);
  if (rc != HWC_OK) return rc;
  memcpy(salt, initiator_pub, 32);
  memcpy(salt + 32, responder_pub, 32);
  static const char info[] = "hwcrypto example session key v1";
  rc = hwc_hkdf(out, 32, (const uint8_t *)info, sizeof info - 1, salt, sizeof salt, HWC_HASH_SHA256, shared,
                sizeof shared);
  hwc_memzero(shared, sizeof shared);
  return rc;
}

static void print_hex(const char *label, const uint8_t *p, size_t n) {
  printf("%s", label);
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

int main(void) {
  uint8_t a_pub[32], a_sec[32], b_pub[32], b_sec[32], ka[32], kb[32];
  if (hwc_x25519_keypair(a_pub, a_sec) != HWC_OK || hwc_x25519_keypair(b_pub, b_sec) != HWC_OK) return 1;
  /* ... a_pub and b_pub cross the network here ... */
  if (session_key(ka, a_sec, b_pub, a_pub, b_pub) != HWC_OK) return 1;
  if (session_key(kb, b_sec, a_pub, a_pub, b_pub) != HWC_OK) return 1;
  print_hex("initiator session key: ", ka, 32);
  print_hex("responder session key: ", kb, 32);
  int same = hwc_memequal(ka, kb, 32);
  /* A low-order public key (here, zero) is refused. */
  static const uint8_t bad_pub[32] = {0};
  int refused = session_key(kb, a_sec, bad_pub, a_pub, bad_pub) == HWC_ERR_INVALID_ARG;
  hwc_memzero(a_sec, 32);
  hwc_memzero(b_sec, 32);
  hwc_memzero(ka, 32);
  hwc_memzero(kb, 32);
  printf("%s; low-order peer key %s\n", same ? "keys match" : "KEYS DIFFER", refused ? "refused" : "ACCEPTED");
  return same && refused ? 0 : 1;
}
