/* SPDX-License-Identifier: ISC */
/*
 * Ed25519 signatures (RFC 8032): make a key pair, sign a message, verify
 * it, and show that a changed message or signature is refused.
 *
 *   ed25519_sign MESSAGE
 */
#include <stdio.h>
#include <string.h>

#include <hwcrypto.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MESSAGE\n", argv[0]);
    return 2;
  }
  const uint8_t *msg = (const uint8_t *)argv[1];
  size_t len = strlen(argv[1]);
  uint8_t pk[32], sk[64], sig[64];
  /* sk holds the 32-byte seed then the public key: keep it secret, store
   * only the seed if space matters (hwc_ed25519_seed_keypair rebuilds it). */
  if (hwc_ed25519_keypair(pk, sk) != HWC_OK) return 1;
  if (hwc_ed25519_sign(sig, msg, len, sk) != HWC_OK) return 1;
  hwc_memzero(sk, sizeof sk);

  printf("public key: ");
  for (int i = 0; i < 32; i++) printf("%02x", pk[i]);
  printf("\nsignature:  ");
  for (int i = 0; i < 64; i++) printf("%02x", sig[i]);
  printf("\n");

  int ok = hwc_ed25519_verify(sig, msg, len, pk) == HWC_OK;
  sig[10] ^= 1;
  int bad_sig = hwc_ed25519_verify(sig, msg, len, pk) == HWC_ERR_VERIFY;
  sig[10] ^= 1;
  int bad_msg = len > 0 && hwc_ed25519_verify(sig, msg, len - 1, pk) == HWC_ERR_VERIFY;
  printf("verify: %s; changed signature %s; changed message %s\n", ok ? "ok" : "FAILED",
         bad_sig ? "refused" : "ACCEPTED", len == 0 ? "n/a" : bad_msg ? "refused" : "ACCEPTED");
  return ok && bad_sig && (len == 0 || bad_msg) ? 0 : 1;
}
