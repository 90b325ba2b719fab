/* SPDX-License-Identifier: ISC */
/*
 * The SHA-2 round structure shared by the portable SHA-256 and SHA-512
 * kernels (FIPS 180-4 sections 6.2.2 and 6.4.2). The includer defines
 * WORD, K (the round constants), S0, S1, s0, s1 for its word size.
 *
 * The message schedule is a 16-word ring updated in place; rounds are
 * unrolled by eight with the working variables renamed instead of shifted,
 * so the compiler keeps all of them in registers. Constant time by nature:
 * additions, rotations and logic only, no data-dependent branch or index.
 */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* W[i] for i >= 16, stored over W[i - 16] in the ring. */
#define SCHED(i) (w[(i) & 15] += s1(w[((i) - 2) & 15]) + w[((i) - 7) & 15] + s0(w[((i) - 15) & 15]))
#define LOADED(i) w[i]

#define ROUND(a, b, c, d, e, f, g, h, i, wi)           \
  do {                                                 \
    WORD t1 = h + S1(e) + CH(e, f, g) + K[i] + (wi);   \
    d += t1;                                           \
    h = t1 + S0(a) + MAJ(a, b, c);                     \
  } while (0)

#define EIGHT(i, W)                                   \
  ROUND(a, b, c, d, e, f, g, h, (i) + 0, W((i) + 0)); \
  ROUND(h, a, b, c, d, e, f, g, (i) + 1, W((i) + 1)); \
  ROUND(g, h, a, b, c, d, e, f, (i) + 2, W((i) + 2)); \
  ROUND(f, g, h, a, b, c, d, e, (i) + 3, W((i) + 3)); \
  ROUND(e, f, g, h, a, b, c, d, (i) + 4, W((i) + 4)); \
  ROUND(d, e, f, g, h, a, b, c, (i) + 5, W((i) + 5)); \
  ROUND(c, d, e, f, g, h, a, b, (i) + 6, W((i) + 6)); \
  ROUND(b, c, d, e, f, g, h, a, (i) + 7, W((i) + 7))

/* One block: w[0..15] already loaded (big-endian words), rounds total. */
#define SHA2_COMPRESS(state, rounds)                                   \
  do {                                                                 \
    WORD a = state[0], b = state[1], c = state[2], d = state[3];       \
    WORD e = state[4], f = state[5], g = state[6], h = state[7];       \
    EIGHT(0, LOADED);                                                  \
    EIGHT(8, LOADED);                                                  \
    for (int r = 16; r < (rounds); r += 16) {                          \
      EIGHT(r, SCHED);                                                 \
      EIGHT(r + 8, SCHED);                                             \
    }                                                                  \
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;        \
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;        \
  } while (0)
