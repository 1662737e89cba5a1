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

#ifdef __cplusplus
}
#endif

#endif
