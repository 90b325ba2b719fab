/* SPDX-License-Identifier: ISC */
/* AES (FIPS 197) block functions and the CBC and CTR modes (NIST SP
 * 800-38A): argument checks, chaining and the partial CTR block. The block
 * kernels come from the implementation recorded in the key object. */
#include "aes_internal.h"

_Static_assert(sizeof(((hwc_aes_key *)0)->opaque_) >= HWC_AES_RK_BYTES, "hwc_aes_key storage too small");
_Static_assert(sizeof(((hwc_aes_gcm_key *)0)->ghash_) >= HWC_GHASH_TABLE_BYTES, "hwc_aes_gcm_key storage too small");

int hwc_aes_init(hwc_aes_key *key, const uint8_t *k, size_t k_len) {
  HWC_DIT_SCOPE();
  return hwc_aes_init_with(key, k, k_len, HWC_KERNEL(HWC_PRIM_AES, hwc_aes_kernel));
}

int hwc_aes_init_with(hwc_aes_key *key, const uint8_t *k, size_t k_len, const hwc_aes_kernel *impl) {
  if (!key || !k) return HWC_ERR_INVALID_ARG;
  if (k_len != 16 && k_len != 24 && k_len != 32) return HWC_ERR_BAD_KEY;
  unsigned rounds = (unsigned)(k_len / 4 + 6);
  uint8_t *raw = (uint8_t *)key; /* any alignment: see aes_internal.h */
  impl->setkey(raw + offsetof(hwc_aes_key, opaque_), k, k_len);
  memcpy(raw + offsetof(hwc_aes_key, rounds_), &rounds, sizeof rounds);
  memcpy(raw + offsetof(hwc_aes_key, impl_), &impl, sizeof impl);
  return HWC_OK;
}

void hwc_aes_key_wipe(hwc_aes_key *key) {
  if (key) hwc_memzero(key, sizeof *key);
}

static void require_key(const hwc_aes_key *key, const char *func) {
  if (!key || !aes_key_impl(key)) hwc_fatal(func, "AES key NULL or not initialised");
}

void hwc_aes_encrypt_block(uint8_t out[16], const uint8_t in[16], const hwc_aes_key *key) {
  HWC_DIT_SCOPE();
  require_key(key, __func__);
  HWC_REQUIRE_BUF(out, 16);
  HWC_REQUIRE_BUF(in, 16);
  aes_key_impl(key)->encrypt(out, in, 1, aes_key_schedule(key), aes_key_rounds(key));
}

void hwc_aes_decrypt_block(uint8_t out[16], const uint8_t in[16], const hwc_aes_key *key) {
  HWC_DIT_SCOPE();
  require_key(key, __func__);
  HWC_REQUIRE_BUF(out, 16);
  HWC_REQUIRE_BUF(in, 16);
  aes_key_impl(key)->decrypt(out, in, 1, aes_key_schedule(key), aes_key_rounds(key));
}

/* The checks every bulk mode shares. */
static int check_bulk(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *iv,
                      const hwc_aes_key *key) {
  if (!key || !aes_key_impl(key) || !iv) return HWC_ERR_INVALID_ARG;
  if (len && (!out || !in)) return HWC_ERR_INVALID_ARG;
  if (hwc_partial_overlap(out, in, len)) return HWC_ERR_INVALID_ARG;
  return HWC_OK;
}

int hwc_aes_cbc_encrypt(uint8_t *out, const uint8_t *in, size_t len, uint8_t iv[16],
                        const hwc_aes_key *key) {
  HWC_DIT_SCOPE();
  int err = check_bulk(out, in, len, iv, key);
  if (err) return err;
  if (len % 16) return HWC_ERR_INVALID_ARG;
  if (len) aes_key_impl(key)->cbc_encrypt(out, in, len / 16, iv, aes_key_schedule(key), aes_key_rounds(key));
  return HWC_OK;
}

int hwc_aes_cbc_decrypt(uint8_t *out, const uint8_t *in, size_t len, uint8_t iv[16],
                        const hwc_aes_key *key) {
  HWC_DIT_SCOPE();
  int err = check_bulk(out, in, len, iv, key);
  if (err) return err;
  if (len % 16) return HWC_ERR_INVALID_ARG;
  if (len) aes_key_impl(key)->cbc_decrypt(out, in, len / 16, iv, aes_key_schedule(key), aes_key_rounds(key));
  return HWC_OK;
}

/* The kernels count in the low 32 bits only; split the run where those wrap
 * and carry into the upper 96 bits by hand. The counter is public, so the
 * branches are too. */
void hwc_aes_ctr128_blocks(uint8_t *out, const uint8_t *in, size_t nblocks, uint8_t ctr[16],
                           const hwc_aes_key *key) {
  const hwc_aes_kernel *impl = aes_key_impl(key);
  while (nblocks) {
    uint64_t room = ((uint64_t)1 << 32) - hwc_load32_be(ctr + 12);
    size_t n = (uint64_t)nblocks < room ? nblocks : (size_t)room;
    impl->ctr32(out, in, n, ctr, aes_key_schedule(key), aes_key_rounds(key));
    if (n == room)
      for (int i = 11; i >= 0 && ++ctr[i] == 0; i--) {
      }
    out += 16 * n;
    in += 16 * n;
    nblocks -= n;
  }
}

int hwc_aes_ctr(uint8_t *out, const uint8_t *in, size_t len, uint8_t ctr[16], const hwc_aes_key *key) {
  HWC_DIT_SCOPE();
  int err = check_bulk(out, in, len, ctr, key);
  if (err) return err;
  size_t full = len / 16, rest = len % 16;
  hwc_aes_ctr128_blocks(out, in, full, ctr, key);
  if (rest) {
    uint8_t ks[16] = {0};
    hwc_aes_ctr128_blocks(ks, ks, 1, ctr, key);
    for (size_t i = 0; i < rest; i++) out[16 * full + i] = in[16 * full + i] ^ ks[i];
    hwc_memzero(ks, sizeof ks);
  }
  return HWC_OK;
}
