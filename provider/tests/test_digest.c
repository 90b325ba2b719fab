/* SPDX-License-Identifier: ISC */
/*
 * The provider's digests against the default provider's: every length
 * that crosses a block boundary for 64- and 128-byte blocks, fed whole and
 * in pieces, the one-shot EVP_Digest, a context copied mid-message (as TLS
 * copies its transcript hash) and then both halves finished, reuse after
 * final, and update after final refused. Then once per SHA backend
 * (pt_runs_sha).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "ptest.h"

static const char *const names[] = {"SHA1", "SHA2-256", "SHA2-384", "SHA2-512"};
static const size_t lens[] = {0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 255, 256, 1000, 4097, 100000};

static uint8_t msg[100000];

/* The digest of msg[0..len) through md, fed in pieces of `piece` bytes. */
static int digest_in_pieces(EVP_MD *md, size_t len, size_t piece, uint8_t *out, unsigned *outl) {
  EVP_MD_CTX *c = EVP_MD_CTX_new();
  int ok = c && EVP_DigestInit_ex2(c, md, NULL);
  for (size_t d = 0; ok && d < len; d += piece) ok = EVP_DigestUpdate(c, msg + d, len - d < piece ? len - d : piece);
  ok = ok && EVP_DigestFinal_ex(c, out, outl);
  EVP_MD_CTX_free(c);
  return ok;
}

static void body(void) {
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + (i >> 8));
  for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
    EVP_MD *ours = EVP_MD_fetch(pt_libctx, names[n], "provider=hwcrypto");
    EVP_MD *ref = EVP_MD_fetch(pt_libctx, names[n], "provider=default");
    PT_CHECK(ours && ref);
    if (!ours || !ref) continue;
    PT_CHECK(pt_is_hwcrypto(EVP_MD_get0_provider(ours)));
    PT_CHECK(EVP_MD_get_size(ours) == EVP_MD_get_size(ref));
    PT_CHECK(EVP_MD_get_block_size(ours) == EVP_MD_get_block_size(ref));
    PT_CHECK(EVP_MD_get_flags(ours) == EVP_MD_get_flags(ref));
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
      uint8_t want[64], got[64];
      unsigned wl = 0, gl = 0;
      size_t len = lens[l];
      PT_CHECK(EVP_Digest(msg, len, want, &wl, ref, NULL));
      PT_CHECK(EVP_Digest(msg, len, got, &gl, ours, NULL) && gl == wl && memcmp(got, want, wl) == 0);
      const size_t pieces[] = {1, 7, 64, 100, 129};
      for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        if (len > 5000 && pieces[p] < 64) continue;
        memset(got, 0, sizeof got);
        PT_CHECK(digest_in_pieces(ours, len, pieces[p], got, &gl) && gl == wl && memcmp(got, want, wl) == 0);
      }
      /* copy at the middle, finish both */
      EVP_MD_CTX *a = EVP_MD_CTX_new(), *b = EVP_MD_CTX_new();
      PT_CHECK(EVP_DigestInit_ex2(a, ours, NULL) && EVP_DigestUpdate(a, msg, len / 2));
      PT_CHECK(EVP_MD_CTX_copy_ex(b, a));
      PT_CHECK(EVP_DigestUpdate(a, msg + len / 2, len - len / 2) && EVP_DigestFinal_ex(a, got, &gl) &&
               memcmp(got, want, wl) == 0);
      PT_CHECK(EVP_DigestUpdate(b, msg + len / 2, len - len / 2) && EVP_DigestFinal_ex(b, got, &gl) &&
               memcmp(got, want, wl) == 0);
      /* reuse after final; update after final is refused */
      PT_CHECK(EVP_DigestInit_ex2(a, NULL, NULL) && EVP_DigestUpdate(a, msg, len) && EVP_DigestFinal_ex(a, got, &gl) &&
               memcmp(got, want, wl) == 0);
      PT_CHECK(!EVP_DigestUpdate(a, msg, 1));
      ERR_clear_error();
      EVP_MD_CTX_free(a);
      EVP_MD_CTX_free(b);
    }
    EVP_MD_free(ours);
    EVP_MD_free(ref);
  }
}

int main(int argc, char **argv) {
  (void)argc;
  static pt_runs runs;
  pt_runs_sha(&runs);
  return pt_main(argv, &runs, body);
}
