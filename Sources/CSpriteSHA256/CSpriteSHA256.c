// Multi-buffer SHA-256: eight independent messages, one per 32-bit lane of an AVX2 register.
//
// Source: NIST FIPS 180-4, "Secure Hash Standard": functions (4.1.2), constants (4.2.2), padding
// (5.1.1), initial hash value (5.3.3) and the computation (6.2.2), applied to eight messages side
// by side. The technique is Intel's "multi-buffer" hashing (Guilford, Yap, Gopal: "Fast SHA-256
// Implementations on Intel Architecture Processors", 2012): SHA-256 has no parallelism within one
// message, but eight messages give eight lanes the same instruction stream. When a lane's message
// ends, its digest is written out and the next message starts in that lane; lanes left without a
// message at the end keep their state while the others finish.
#include "CSpriteSHA256.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SPRITE_SHA256_X86 1
#include <immintrin.h>
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
// glibc 2.33+: the CPU features the dynamic loader found at start-up. __builtin_cpu_supports
// instead links a start-up constructor that runs CPUID again, in every process and every command
// (1% of the samples perf took of `--version`; a trap to the hypervisor on a virtual machine).
#include <sys/platform/x86.h>
#define SPRITE_HAS(glibc_name, builtin_name) CPU_FEATURE_ACTIVE(glibc_name)
#endif
#endif
#ifndef SPRITE_HAS
#define SPRITE_HAS(glibc_name, builtin_name) __builtin_cpu_supports(builtin_name)
#endif
#endif

#if SPRITE_SHA256_X86

static const uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t kInitial[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

enum { kLanes = 8 };

// One lane's message as blocks: `full` 64-byte blocks straight from the message, then one or two
// padded blocks from `tail` (the last bytes, 0x80, zeros and the bit length, big-endian).
typedef struct {
  const uint8_t *message;
  size_t full;
  size_t total;
  uint8_t tail[128];
} Lane;

static void prepare(Lane *lane, const uint8_t *message, size_t length) {
  size_t rest = length % 64;
  lane->message = message;
  lane->full = length / 64;
  size_t tailBlocks = rest + 9 <= 64 ? 1 : 2;
  lane->total = lane->full + tailBlocks;
  memset(lane->tail, 0, sizeof lane->tail);
  if (rest > 0) memcpy(lane->tail, message + 64 * lane->full, rest);
  lane->tail[rest] = 0x80;
  uint64_t bits = (uint64_t)length * 8;
  uint8_t *end = lane->tail + 64 * tailBlocks;
  for (int i = 1; i <= 8; i++) end[-i] = (uint8_t)(bits >> (8 * (i - 1)));
}

static const uint8_t *block(const Lane *lane, size_t index) {
  return index < lane->full ? lane->message + 64 * index : lane->tail + 64 * (index - lane->full);
}

static inline uint32_t load_be32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, sizeof v);  // one load and a byte swap, not four loads and shifts
  return __builtin_bswap32(v);
}

#define SPRITE_AVX2 __attribute__((target("avx2")))

// The block's sixteen words and the eight state words of every lane, into registers.
SPRITE_AVX2 static inline void load_block(
    __m256i w[16], __m256i state[8], const uint32_t h[8][kLanes],
    const uint32_t words[16][kLanes]) {
  for (int t = 0; t < 16; t++) w[t] = _mm256_load_si256((const __m256i *)words[t]);
  for (int j = 0; j < 8; j++) state[j] = _mm256_load_si256((const __m256i *)h[j]);
}

// Adds the block's result `next` to the state of the lanes where `live` is set (6.2.2, step 4)
// and stores every lane's state.
SPRITE_AVX2 static inline void store_state(
    uint32_t h[8][kLanes], const __m256i state[8], const __m256i next[8],
    const int32_t live[kLanes]) {
  __m256i mask = _mm256_loadu_si256((const __m256i *)live);
  for (int j = 0; j < 8; j++) {
    __m256i sum = _mm256_blendv_epi8(state[j], _mm256_add_epi32(state[j], next[j]), mask);
    _mm256_store_si256((__m256i *)h[j], sum);
  }
}

#define ADD(a, b) _mm256_add_epi32((a), (b))

// The compression function (6.2.2) on one block per lane; lanes where `live` is 0 keep their
// state. `h` holds the eight state words of every lane, word-major. Written once, for the
// primitives of each instruction set: ROTR (rotation right), XOR3, CH and MAJ (4.1.2).
// Fully unrolled: the schedule's ring indices and the round constants become constants.
#define DEFINE_COMPRESS8(name, target, ROTR, XOR3, CH, MAJ)                                  \
  target static void name(                                                                   \
      uint32_t h[8][kLanes], const uint32_t words[16][kLanes], const int32_t live[kLanes]) { \
    __m256i w[16], state[8];                                                                 \
    load_block(w, state, h, words);                                                          \
    __m256i a = state[0], b = state[1], c = state[2], d = state[3];                          \
    __m256i e = state[4], f = state[5], g = state[6], hh = state[7];                         \
    _Pragma("clang loop unroll(full)") for (int t = 0; t < 64; t++) {                        \
      __m256i wt;                                                                            \
      if (t < 16) {                                                                          \
        wt = w[t];                                                                           \
      } else {                                                                               \
        /* σ0 and σ1 of the schedule ((4.6), (4.7)); w is a ring of 16. */                   \
        __m256i w15 = w[(t - 15) & 15], w2 = w[(t - 2) & 15];                                \
        __m256i s0 = XOR3(ROTR(w15, 7), ROTR(w15, 18), _mm256_srli_epi32(w15, 3));           \
        __m256i s1 = XOR3(ROTR(w2, 17), ROTR(w2, 19), _mm256_srli_epi32(w2, 10));            \
        wt = ADD(ADD(w[t & 15], s0), ADD(w[(t - 7) & 15], s1));                              \
        w[t & 15] = wt;                                                                      \
      }                                                                                      \
      /* Σ1, Ch, Σ0 and Maj ((4.2)-(4.5)). */                                                \
      __m256i sigma1 = XOR3(ROTR(e, 6), ROTR(e, 11), ROTR(e, 25));                           \
      __m256i t1 =                                                                           \
          ADD(ADD(hh, sigma1), ADD(CH(e, f, g), ADD(_mm256_set1_epi32((int)kRound[t]), wt)));  \
      __m256i sigma0 = XOR3(ROTR(a, 2), ROTR(a, 13), ROTR(a, 22));                           \
      __m256i t2 = ADD(sigma0, MAJ(a, b, c));                                                \
      hh = g;                                                                                \
      g = f;                                                                                 \
      f = e;                                                                                 \
      e = ADD(d, t1);                                                                        \
      d = c;                                                                                 \
      c = b;                                                                                 \
      b = a;                                                                                 \
      a = ADD(t1, t2);                                                                       \
    }                                                                                        \
    __m256i next[8] = {a, b, c, d, e, f, g, hh};                                             \
    store_state(h, state, next, live);                                                       \
  }

// AVX2: a rotation is two shifts and an or; OpenSSL's forms of Ch and Maj.
#define ROTR_AVX2(x, n) _mm256_or_si256(_mm256_srli_epi32((x), (n)), _mm256_slli_epi32((x), 32 - (n)))
#define XOR3_AVX2(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define CH_AVX2(e, f, g) _mm256_xor_si256(_mm256_and_si256((e), (f)), _mm256_andnot_si256((e), (g)))
#define MAJ_AVX2(a, b, c) \
  _mm256_or_si256(_mm256_and_si256((a), (b)), _mm256_and_si256((c), _mm256_or_si256((a), (b))))

DEFINE_COMPRESS8(compress8, SPRITE_AVX2, ROTR_AVX2, XOR3_AVX2, CH_AVX2, MAJ_AVX2)

#define SPRITE_AVX512VL __attribute__((target("avx2,avx512f,avx512vl")))

// AVX-512VL: VPRORD rotates; VPTERNLOGD computes any function of three inputs from its truth
// table: xor of three 0x96, Ch(x, y, z) = x ? y : z 0xca, Maj 0xe8.
#define ROTR_VL(x, n) _mm256_ror_epi32((x), (n))
#define XOR3_VL(a, b, c) _mm256_ternarylogic_epi32((a), (b), (c), 0x96)
#define CH_VL(e, f, g) _mm256_ternarylogic_epi32((e), (f), (g), 0xca)
#define MAJ_VL(a, b, c) _mm256_ternarylogic_epi32((a), (b), (c), 0xe8)

DEFINE_COMPRESS8(compress8_vl, SPRITE_AVX512VL, ROTR_VL, XOR3_VL, CH_VL, MAJ_VL)

typedef void (*Compress)(uint32_t[8][kLanes], const uint32_t[16][kLanes], const int32_t[kLanes]);

// Hashes `count` messages with eight lanes kept busy: when a lane's message ends, its digest is
// written out and the next message starts in that lane (Intel's multi-buffer "job manager"), so
// long and short messages mix without the short ones' lanes idling.
static void hashMany(
    Compress compress, const uint8_t *const *messages, const size_t *lengths, size_t count,
    uint8_t *digests) {
  Lane lanes[kLanes];
  size_t owner[kLanes];  // the message in each lane
  size_t position[kLanes];  // the lane's next block
  int32_t live[kLanes];
  uint32_t h[8][kLanes] __attribute__((aligned(32)));
  uint32_t words[16][kLanes] __attribute__((aligned(32)));
  size_t next = 0;
  int busy = 0;
  for (int i = 0; i < kLanes; i++) {
    live[i] = 0;
    if (next < count) {
      prepare(&lanes[i], messages[next], lengths[next]);
      owner[i] = next++;
      position[i] = 0;
      live[i] = -1;
      busy++;
      for (int j = 0; j < 8; j++) h[j][i] = kInitial[j];
    }
  }
  while (busy > 0) {
    for (int i = 0; i < kLanes; i++) {
      if (live[i]) {
        const uint8_t *p = block(&lanes[i], position[i]);
        for (int t = 0; t < 16; t++) words[t][i] = load_be32(p + 4 * t);
      } else {
        for (int t = 0; t < 16; t++) words[t][i] = 0;
      }
    }
    compress(h, words, live);
    for (int i = 0; i < kLanes; i++) {
      if (!live[i] || ++position[i] < lanes[i].total) continue;
      uint8_t *digest = digests + 32 * owner[i];
      for (int j = 0; j < 8; j++) {
        uint32_t v = h[j][i];
        digest[4 * j] = (uint8_t)(v >> 24);
        digest[4 * j + 1] = (uint8_t)(v >> 16);
        digest[4 * j + 2] = (uint8_t)(v >> 8);
        digest[4 * j + 3] = (uint8_t)v;
      }
      if (next < count) {
        prepare(&lanes[i], messages[next], lengths[next]);
        owner[i] = next++;
        position[i] = 0;
        for (int j = 0; j < 8; j++) h[j][i] = kInitial[j];
      } else {
        live[i] = 0;
        busy--;
      }
    }
  }
}

int CSpriteSHA256_lanes(void) { return SPRITE_HAS(AVX2, "avx2") ? kLanes : 0; }

int CSpriteSHA256_variants(void) {
  if (!SPRITE_HAS(AVX2, "avx2")) return 0;
  return SPRITE_HAS(AVX512F, "avx512f") && SPRITE_HAS(AVX512VL, "avx512vl") ? 2 : 1;
}

void CSpriteSHA256_hashManyWith(
    int variant, const uint8_t *const *messages, const size_t *lengths, size_t count,
    uint8_t *digests) {
  if (variant == 0) variant = CSpriteSHA256_variants();
  hashMany(variant >= 2 ? compress8_vl : compress8, messages, lengths, count, digests);
}

void CSpriteSHA256_hashMany(
    const uint8_t *const *messages, const size_t *lengths, size_t count, uint8_t *digests) {
  // Both feature queries read flags set once at start-up: a few instructions per call.
  CSpriteSHA256_hashManyWith(0, messages, lengths, count, digests);
}

#else

int CSpriteSHA256_lanes(void) { return 0; }

int CSpriteSHA256_variants(void) { return 0; }

void CSpriteSHA256_hashManyWith(
    int variant, const uint8_t *const *messages, const size_t *lengths, size_t count,
    uint8_t *digests) {
  (void)variant;
  (void)messages;
  (void)lengths;
  (void)count;
  (void)digests;
}

void CSpriteSHA256_hashMany(
    const uint8_t *const *messages, const size_t *lengths, size_t count, uint8_t *digests) {
  (void)messages;
  (void)lengths;
  (void)count;
  (void)digests;
}

#endif
