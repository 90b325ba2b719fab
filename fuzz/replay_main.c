/* Without libFuzzer: replay the files named on the command line, or, with
 * none, N pseudo-random inputs of random lengths (argv: --random N). */
#include <stdint.h>

#include "fuzz.h"

static uint64_t rng = 0x853c49e6748fea9bull;
static uint8_t next_byte(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint8_t)rng;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--random") == 0) {
    long n = atol(argv[2]);
    static uint8_t buf[4096];
    for (long i = 0; i < n; i++) {
      size_t len = (size_t)(next_byte() | next_byte() << 8) % sizeof buf;
      for (size_t j = 0; j < len; j++) buf[j] = next_byte();
      LLVMFuzzerTestOneInput(buf, len);
    }
    printf("%s: %ld random inputs, no disagreement\n", argv[0], n);
    return 0;
  }
  for (int a = 1; a < argc; a++) {
    FILE *f = fopen(argv[a], "rb");
    if (!f) { perror(argv[a]); return 1; }
    static uint8_t buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
  }
  return 0;
}
