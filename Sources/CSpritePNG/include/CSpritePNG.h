// CSpritePNG: the only code that talks to libpng, zlib and libdeflate. Swift sees this header;
// their headers stay in the .c files.
//
// Rules (ARCHITECTURE.md section 4): caller-owned buffers only, messages into a caller buffer,
// no callbacks into Swift, a closed status enum. Every function writes a NUL-terminated message
// (possibly empty) into `msg` when `cap > 0`.
#ifndef CSPRITEPNG_H
#define CSPRITEPNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a shim call. Swift imports it as a closed, exhaustively switchable enum.
typedef enum __attribute__((enum_extensibility(closed))) CSpritePNG_Status {
  /// Success.
  CSpritePNG_StatusOK = 0,
  /// The first four bytes are not the PNG magic (libpng would say "Not a PNG file").
  CSpritePNG_StatusNotPNG = 1,
  /// The image is larger than the limits passed in.
  CSpritePNG_StatusTooLarge = 2,
  /// libpng reported an error; its text is in `msg`.
  CSpritePNG_StatusLibpngError = 3,
  /// Decoding: the output buffer is not width * height * 4 bytes. Encoding: it is too small,
  /// and `*outCount` holds the size needed.
  CSpritePNG_StatusBufferTooSmall = 4,
  /// The data ended before libpng had read all it needed.
  CSpritePNG_StatusTruncated = 5,
  /// Encoding: the image could not be written (out of memory, or a size past the PNG maximum);
  /// the reason is in `msg`.
  CSpritePNG_StatusEncodeError = 6,
} CSpritePNG_Status;

/// Which way CSpritePNG_decode_rgba8 decoded an image.
typedef enum __attribute__((enum_extensibility(closed))) CSpritePNG_Path {
  /// libpng read the chunks and the image data, row by row.
  CSpritePNG_PathLibpng = 0,
  /// The shim read every chunk and inflated the image data in one call; libpng was not used.
  CSpritePNG_PathWholeStream = 1,
} CSpritePNG_Path;

/// Reads the signature and the IHDR chunk (checking its CRC and values) and reports the image size.
/// It stops there, so it costs one IHDR whatever follows; later damage is found by decoding.
/// No size limit is applied here: the caller checks the size before allocating pixels.
/// With `allowPlainHeader`, a header libpng would accept is read without creating libpng's
/// structs (same size, same outcome); anything else still goes through libpng.
CSpritePNG_Status CSpritePNG_read_info(
  const uint8_t *_Nonnull bytes, size_t count, bool allowPlainHeader,
  uint32_t *_Nonnull width, uint32_t *_Nonnull height,
  char *_Nonnull msg, size_t cap);

/// Decodes the whole PNG into `out` as 8-bit straight RGBA, rows top to bottom, no padding.
/// Palette, grey and tRNS are expanded, 16-bit keeps the high byte, Adam7 is undone, no gamma or
/// colour management is applied. `outCapacity` must be exactly width * height * 4
/// (`CSpritePNG_StatusBufferTooSmall` otherwise), so on success every byte is written. The chunks
/// after the image data are read too. Strict throughout: a bad CRC in any chunk, a wrong zlib
/// Adler-32, a missing IEND and libpng's "benign" errors are errors.
///
/// With `allowWholeStream`, a file whose chunks are ordinary and intact (any format, plain or
/// Adam7) is decoded by the shim itself: the image data inflated in one zlib call, not libpng's
/// one call per row. Same pixels, same outcome: anything else goes on through libpng,
/// which then gives the answer. `*path` says which way ran.
CSpritePNG_Status CSpritePNG_decode_rgba8(
  const uint8_t *_Nonnull bytes, size_t count,
  uint8_t *_Nonnull out, size_t outCapacity,
  uint32_t maxWidth, uint32_t maxHeight,
  bool allowWholeStream, CSpritePNG_Path *_Nullable path,
  char *_Nonnull msg, size_t cap);

/// Which files CSpritePNG_encode may write.
typedef enum __attribute__((enum_extensibility(closed))) CSpritePNG_Format {
  /// Indexed (colour type 3, PLTE and tRNS) when the image has at most 256 distinct RGBA colours
  /// and fewer than a third as many as pixels that differ from the pixel before them; RGBA8
  /// otherwise (SPEC section 7).
  CSpritePNG_FormatSmallest = 0,
  /// Always RGBA8 (colour type 6), filtered and compressed as the RGBA8 files of the other format.
  CSpritePNG_FormatRGBA8 = 1,
} CSpritePNG_Format;

/// An upper bound on the size of the buffer `CSpritePNG_encode` needs for an image of this size,
/// or 0 when the bound does not fit in `size_t`.
size_t CSpritePNG_encode_bound(uint32_t width, uint32_t height);

/// Encodes 8-bit straight RGBA pixels (rows top to bottom, no padding) as a PNG into `out`,
/// without libpng: not interlaced, no ancillary chunks but tRNS, lossless, and equal input gives
/// equal bytes. Indexed files have the smallest bit depth of 1, 2, 4 or 8, the non-opaque palette
/// entries first and filter type 0; RGBA8 rows each have the filter of least sum of magnitudes;
/// the image data is compressed by libdeflate at level 6. `outCapacity` must be at least
/// `CSpritePNG_encode_bound(width, height)`; otherwise `CSpritePNG_StatusBufferTooSmall` and
/// `*outCount` is that bound. On success `*outCount` is the number of bytes written.
CSpritePNG_Status CSpritePNG_encode(
  const uint8_t *_Nonnull pixels, uint32_t width, uint32_t height, CSpritePNG_Format format,
  uint8_t *_Nonnull out, size_t outCapacity, size_t *_Nonnull outCount,
  char *_Nonnull msg, size_t cap);

#ifdef __cplusplus
}
#endif

#endif  // CSPRITEPNG_H
