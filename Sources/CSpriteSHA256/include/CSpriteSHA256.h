// CSpriteSHA256: SHA-256 of up to eight messages at once, one per 32-bit lane of an AVX2
// register (multi-buffer hashing). Swift cannot compile one function for AVX2 and the rest of a
// module for baseline x86-64, so this small C target does, and picks the code at run time.
#ifndef CSPRITESHA256_H
#define CSPRITESHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many messages `CSpriteSHA256_hashMany` hashes at once on this processor: 8 with AVX2,
/// 0 when it is unavailable (then the caller hashes one message at a time itself).
int CSpriteSHA256_lanes(void);

/// Writes the 32-byte SHA-256 digest of each of `count` messages to `digests + 32 * i`, eight
/// at a time (a lane whose message ends takes the next one). Only call when
/// `CSpriteSHA256_lanes()` is 8. Messages may differ in length; an empty one may be NULL.
void CSpriteSHA256_hashMany(
    const uint8_t *const *messages, const size_t *lengths, size_t count, uint8_t *digests);

/// The code variants `CSpriteSHA256_hashManyWith` can use here: 0 without AVX2, 1 with AVX2
/// alone, 2 when AVX-512VL's rotate and three-input logic are there too.
int CSpriteSHA256_variants(void);

/// `CSpriteSHA256_hashMany` with the code of `variant` (1 or 2, at most
/// `CSpriteSHA256_variants()`; 0 for the best there is), so that tests can run each one.
void CSpriteSHA256_hashManyWith(
    int variant, const uint8_t *const *messages, const size_t *lengths, size_t count,
    uint8_t *digests);

#ifdef __cplusplus
}
#endif

#endif
