// The chunks of a PNG file read without libpng, for the header read and the whole-stream fast
// path, only where libpng's png_read_info and png_read_end would read them without an error or a
// warning; anything else is left to libpng.

#include "Internal.h"

#include <string.h>
#define ZLIB_CONST
#include <zlib.h>

// An IHDR that libpng's png_read_info would accept, read without libpng: the full signature, a
// 13-byte IHDR with the right CRC and every value png_check_IHDR allows (sizes 1 to 2^31 - 1, a
// valid bit depth for the colour type, compression, filter and interlace methods libpng knows).
// Anything else goes to libpng for its exact error. Creating and destroying a libpng read struct
// was most of the cost of a header read.
bool cspng_plain_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height) {
  static const uint8_t kIHDR[8] = {0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  if (count < 33 || memcmp(bytes, cspng_signature, 8) != 0 || memcmp(bytes + 8, kIHDR, 8) != 0)
    return false;
  if ((uint32_t)crc32(0, bytes + 12, 17) != load_be32(bytes + 29)) return false;
  uint32_t w = load_be32(bytes + 16), h = load_be32(bytes + 20);
  uint8_t depth = bytes[24], colorType = bytes[25];
  if (w == 0 || h == 0 || w > PNG_UINT_31_MAX || h > PNG_UINT_31_MAX) return false;
  bool depthOK;
  switch (colorType) {
  case 0: depthOK = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16; break;
  case 3: depthOK = depth == 1 || depth == 2 || depth == 4 || depth == 8; break;
  case 2: case 4: case 6: depthOK = depth == 8 || depth == 16; break;
  default: depthOK = false;
  }
  if (!depthOK || bytes[26] != 0 || bytes[27] != 0 || bytes[28] > 1) return false;
  *width = w;
  *height = h;
  return true;
}

// libpng's chunk name rule (png_check_chunk_name): four ASCII letters.
static bool valid_chunk_name(const uint8_t *name) {
  for (int i = 0; i < 4; i++) {
    uint8_t c = name[i];
    if (c < 65 || c > 122 || (c > 90 && c < 97)) return false;
  }
  return true;
}

// A chunk whose header starts at `at`: its length, or false when it does not fit in the file,
// has an invalid name, is longer than libpng may hold (png_check_chunk_length with the chunk
// limit above) or its CRC (over type and data) does not match.
bool cspng_intact_chunk(const uint8_t *bytes, size_t count, size_t at, uint32_t *length) {
  if (at > count || count - at < 12 || !valid_chunk_name(bytes + at + 4)) return false;
  uint32_t n = load_be32(bytes + at);
  if (n > CSPRITEPNG_CHUNK_MALLOC_MAX || (size_t)n > count - at - 12) return false;
  uint32_t crc = (uint32_t)crc32(0, bytes + at + 4, n + 4);
  if (crc != load_be32(bytes + at + 8 + n)) return false;
  *length = n;
  return true;
}

// The chunks after the image data, as png_read_end reads them with the settings above: each
// ancillary chunk other than tRNS is skipped with its CRC checked, until an empty IEND. True
// only when that is all there is; anything else (tRNS, PLTE, more IDAT, an unknown critical
// chunk, a bad CRC, IEND with data or missing) is left to libpng.
bool cspng_clean_trailer(const uint8_t *bytes, size_t count, size_t at) {
  for (;;) {
    uint32_t n;
    if (!cspng_intact_chunk(bytes, count, at, &n)) return false;
    const uint8_t *name = bytes + at + 4;
    if (memcmp(name, "IEND", 4) == 0) return n == 0;
    if ((name[0] & 0x20) == 0 || memcmp(name, "tRNS", 4) == 0) return false;
    at += (size_t)n + 12;
  }
}

// The chunks before the image data, read without libpng, when png_read_info would read them
// without an error or a warning and store the same header: the signature and IHDR
// (plain_header, within the size limits), then up to the first IDAT any ancillary chunks (which
// libpng skips after checking their CRC), and PLTE and tRNS, stored as png_handle_PLTE and
// png_handle_tRNS store them. Everything else is left to libpng: a repeated, misplaced, empty or
// oversized PLTE or tRNS, tRNS in an image with alpha, PLTE in a grey or truecolour image
// (libpng keeps it as a suggested palette; rare), a palette image without PLTE, an unknown
// critical chunk. On success `*idatAt` is where the first IDAT chunk starts.
bool cspng_read_plain_chunks(
  const uint8_t *bytes, size_t count, uint32_t maxWidth, uint32_t maxHeight, PlainImage *im,
  size_t *idatAt
) {
#if !defined(PNG_HANDLE_AS_UNKNOWN_SUPPORTED)
  // This libpng reads the ancillary chunks, and may object to one.
  (void)bytes, (void)count, (void)maxWidth, (void)maxHeight, (void)im, (void)idatAt;
  return false;
#else
  static const uint8_t kChannels[7] = {1, 0, 3, 1, 2, 0, 4};
  uint32_t width, height;
  if (!cspng_plain_header(bytes, count, &width, &height) || width > maxWidth || height > maxHeight)
    return false;
  im->width = width;
  im->height = height;
  im->bitDepth = bytes[24];
  im->colorType = bytes[25];
  im->interlace = bytes[28];
  im->channels = kChannels[im->colorType];
  im->paletteCount = 0;
  im->hasKey = false;
  uint16_t keyMask = im->bitDepth == 16 ? 0xFFFF : (uint16_t)((1u << im->bitDepth) - 1);
  bool haveTRNS = false;
  for (size_t at = 33;;) {
    uint32_t n;
    if (at > count || count - at < 8) return false;
    if (memcmp(bytes + at + 4, "IDAT", 4) == 0) {
      if (im->colorType == PNG_COLOR_TYPE_PALETTE && im->paletteCount == 0) return false;
      *idatAt = at;
      return true;
    }
    if (!cspng_intact_chunk(bytes, count, at, &n)) return false;
    const uint8_t *name = bytes + at + 4, *data = bytes + at + 8;
    if (memcmp(name, "PLTE", 4) == 0) {
      if (im->colorType != PNG_COLOR_TYPE_PALETTE || im->paletteCount != 0 || n == 0 ||
          n % 3 != 0 || n / 3 > (1u << im->bitDepth))
        return false;
      im->paletteCount = (int)(n / 3);
      for (int i = 0; i < im->paletteCount; i++) {
        memcpy(im->palette[i], data + 3 * i, 3);
        im->palette[i][3] = 0xFF;
      }
    } else if (memcmp(name, "tRNS", 4) == 0) {
      if (haveTRNS) return false;
      haveTRNS = true;
      switch (im->colorType) {
      case PNG_COLOR_TYPE_PALETTE:
        if (im->paletteCount == 0 || n == 0 || n > (uint32_t)im->paletteCount) return false;
        for (uint32_t i = 0; i < n; i++) im->palette[i][3] = data[i];
        break;
      case PNG_COLOR_TYPE_GRAY:
      case PNG_COLOR_TYPE_RGB:
        if (n != 2 * im->channels) return false;
        im->hasKey = true;
        for (size_t i = 0; i < im->channels; i++) {
          im->key[i] = (uint16_t)(data[2 * i] << 8 | data[2 * i + 1]) & keyMask;
        }
        break;
      default:
        return false;
      }
    } else if ((name[0] & 0x20) == 0) {
      return false;  // IHDR again, IEND, or a critical chunk libpng does not know
    }
    at += (size_t)n + 12;
  }
#endif
}
