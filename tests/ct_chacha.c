/* ChaCha20, XChaCha20, Poly1305 and AEAD encryption with the key and the
 * message secret: no kernel valgrind can run (generic, avx2, ...; valgrind
 * hides AVX-512 from the CPU probe) and no protocol code may branch or index
 * on them. Decryption is left out on purpose: its accept/reject decision is
 * public by definition, so the branch on hwc_memequal's result is legal and
 * memcheck would flag it. */
#include "ct.h"

static void ct_body(hwc_prim p, const char *impl, void *arg) {
  (void)p;
  (void)arg;
  uint8_t key[32], nonce[24], msg[400], out[400], tag[16], aad[20];
  t_rand_bytes(nonce, sizeof nonce);
  t_rand_bytes(aad, sizeof aad);
  for (size_t len = 0; len <= sizeof msg; len += 57) {
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(msg, sizeof msg);
    CT_SECRET(key, sizeof key);
    CT_SECRET(msg, sizeof msg);
    CHECK(hwc_chacha20(out, msg, len, nonce, 1, key) == HWC_OK);
    CHECK(hwc_xchacha20(out, msg, len, nonce, 0xfffffffeu, key) == HWC_OK);
    hwc_poly1305(tag, msg, len, key);
    hwc_poly1305_ctx c;
    hwc_poly1305_init(&c, key);
    hwc_poly1305_update(&c, msg, len / 3);
    hwc_poly1305_update(&c, msg + len / 3, len - len / 3);
    hwc_poly1305_final(&c, tag);
    CHECK(hwc_chacha20poly1305_encrypt(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    CHECK(hwc_xchacha20poly1305_encrypt(out, tag, msg, len, aad, sizeof aad, nonce, key) == HWC_OK);
    CT_PUBLIC(out, sizeof out);
    CT_PUBLIC(tag, sizeof tag);
    CT_PUBLIC(key, sizeof key);
    CT_PUBLIC(msg, sizeof msg);
  }
  printf("ct: %s/%s checked\n", hwc_prim_name(p), impl);
}

HWC_TEST(ct, chacha20) { t_for_each_impl(HWC_PRIM_CHACHA20, ct_body, NULL); }
HWC_TEST(ct, poly1305) { t_for_each_impl(HWC_PRIM_POLY1305, ct_body, NULL); }
