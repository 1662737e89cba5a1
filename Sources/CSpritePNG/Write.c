// Encoding RGBA pixels to PNG (thumbnails) into the caller's buffer: the chunks are written here,
// the image data compressed by libdeflate; libpng is not used.
//
// Section numbers are those of the PNG specification, second edition (W3C, ISO/IEC 15948:2003).
// A file is the signature (5.2), IHDR (11.2.2), for an indexed image PLTE (11.2.3) and, when an
// entry is not opaque, tRNS (11.3.2.1), then IDAT (11.2.4) and IEND (11.2.5); every chunk is
// length, type, data and the CRC-32 of type and data (5.3, 5.5; libdeflate_crc32 is that CRC).
// IDAT holds one zlib datastream (10.1, RFC 1950) of the filtered rows (7.3), split into chunks
// only past the 2^31 - 1 bytes a chunk may hold; compression method 0, filter method 0, no
// interlace.
//
// An image of at most 256 colours is indexed (Palette.c) when its PLTE costs fewer bytes, at 3 a
// colour, than it has pixels differing from the pixel before them: small, many-coloured, smooth
// images (most of SuperTux's indexable 32 px thumbnails) compress smaller as RGBA8 with filters.
// Anything else is RGBA8 (colour type 6), each row filtered by Filters.c. Either way one file is
// made, compressed by libdeflate at level 6 (a compressor kept per thread). CONTRIBUTING.md has
// the rule on sizes and Benchmarks/README.md the measurements behind these choices.

#include "Internal.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libdeflate's level: 5 made the SuperTux thumbnails larger in total than the RGBA8 files of
// before, 7 took a third more time for 0.5% less.
enum { LEVEL = 6 };
// The largest chunk length (5.3).
#define CHUNK_MAX ((size_t)0x7FFFFFFF)

// ---------------------------------------------------------------------------------------------
// One compressor per thread: allocating one (656 KB at level 6, mapped fresh) costs more than
// compressing a small thumbnail. Freed when its thread ends.

static pthread_key_t compressorKey;
static pthread_once_t compressorOnce = PTHREAD_ONCE_INIT;
static bool compressorKeyMade;

static void free_compressor(void *c) { libdeflate_free_compressor(c); }

static void make_compressor_key(void) {
  compressorKeyMade = pthread_key_create(&compressorKey, free_compressor) == 0;
}

static struct libdeflate_compressor *thread_compressor(void) {
  pthread_once(&compressorOnce, make_compressor_key);
  if (!compressorKeyMade) return NULL;
  struct libdeflate_compressor *c = pthread_getspecific(compressorKey);
  if (c == NULL) {
    c = libdeflate_alloc_compressor(LEVEL);
    if (c != NULL && pthread_setspecific(compressorKey, c) != 0) {
      libdeflate_free_compressor(c);
      c = NULL;
    }
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Chunks.

static uint8_t *put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
  return p + 4;
}

// Writes the CRC of the chunk whose length field is at `chunk` and returns the end of the chunk.
static uint8_t *close_chunk(uint8_t *chunk, size_t length) {
  uint32_t crc = libdeflate_crc32(0, chunk + 4, 4 + length);
  return put_be32(chunk + 8 + length, crc);
}

static uint8_t *put_chunk(uint8_t *p, const char type[4], const uint8_t *data, size_t length) {
  put_be32(p, (uint32_t)length);
  memcpy(p + 4, type, 4);
  if (length > 0) memcpy(p + 8, data, length);
  return close_chunk(p, length);
}

// Turns the `z` bytes of zlib data at `p + 8` into IDAT chunks of at most CHUNK_MAX bytes (the
// room for their headers follows the data) and returns the end of the last one.
static uint8_t *put_idat(uint8_t *p, size_t z) {
  size_t pieces = z == 0 ? 1 : (z - 1) / CHUNK_MAX + 1;
  // Last piece first, each moved to its place: piece i starts 12 * i bytes later than it was.
  for (size_t i = pieces; i-- > 1;) {
    size_t from = i * CHUNK_MAX, length = z - from < CHUNK_MAX ? z - from : CHUNK_MAX;
    memmove(p + 8 + from + 12 * i, p + 8 + from, length);
  }
  for (size_t i = 0; i < pieces; i++) {
    size_t length = z - i * CHUNK_MAX < CHUNK_MAX ? z - i * CHUNK_MAX : CHUNK_MAX;
    put_be32(p, (uint32_t)length);
    memcpy(p + 4, "IDAT", 4);
    p = close_chunk(p, length);
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// The public calls.

// The bytes of the filtered rows (7.3) of an image with `bits` bits a pixel, or 0 on overflow.
static size_t filtered_size(uint32_t width, uint32_t height, size_t bits) {
  size_t rowBits, total;
  if (__builtin_mul_overflow((size_t)width, bits, &rowBits)) return 0;
  size_t rowBytes = rowBits / 8 + (rowBits % 8 != 0) + 1;
  if (__builtin_mul_overflow(rowBytes, (size_t)height, &total)) return 0;
  return total;
}

// Signature, IHDR, PLTE and tRNS at their largest, IDAT's header and CRC, IEND.
enum { FIXED_BYTES = 8 + 25 + (12 + 3 * CSPNG_PALETTE_MAX) + (12 + CSPNG_PALETTE_MAX) + 12 + 12 };

size_t CSpritePNG_encode_bound(uint32_t width, uint32_t height) {
  if (width == 0 || height == 0) return 0;
  size_t raw = filtered_size(width, height, 32), z, total;
  if (raw == 0 || raw > SIZE_MAX / 2) return 0;
  z = libdeflate_zlib_compress_bound(NULL, raw);
  if (z < raw || __builtin_add_overflow(z, FIXED_BYTES + 12 * (z / CHUNK_MAX), &total)) return 0;
  return total;
}

CSpritePNG_Status CSpritePNG_encode(
  const uint8_t *pixels, uint32_t width, uint32_t height, CSpritePNG_Format format,
  uint8_t *out, size_t outCapacity, size_t *outCount, char *msg, size_t cap
) {
  Messages messages = {.msg = msg, .cap = cap, .failed = false};
  *outCount = 0;
  if (cap > 0) msg[0] = '\0';
  size_t needed = CSpritePNG_encode_bound(width, height);
  if (needed == 0 || width > CHUNK_MAX || height > CHUNK_MAX) {
    cspng_copy_message(&messages, "image size exceeds the PNG maximum");
    return CSpritePNG_StatusEncodeError;
  }
  if (outCapacity < needed) {
    *outCount = needed;
    cspng_copy_message(&messages, "output buffer too small for the encoded PNG");
    return CSpritePNG_StatusBufferTooSmall;
  }

  // One buffer for the filtered rows of an RGBA8 file; an indexed file's rows, a quarter of that,
  // fit before the palette indices kept in its last `pixelCount` bytes.
  size_t pixelCount = (size_t)width * height, rgbaBytes = filtered_size(width, height, 32);
  uint8_t *filtered = malloc(rgbaBytes);
  struct libdeflate_compressor *compressor = thread_compressor();
  if (filtered == NULL || compressor == NULL) {
    free(filtered);
    cspng_copy_message(&messages, "out of memory");
    return CSpritePNG_StatusEncodeError;
  }
  uint8_t *indices = filtered + (rgbaBytes - pixelCount);
  Palette palette;
  bool indexed = format == CSpritePNG_FormatSmallest &&
                 cspng_collect_palette(pixels, pixelCount, &palette, indices) &&
                 3 * (size_t)palette.count < palette.changes;
  size_t rawBytes = indexed ? filtered_size(width, height, (size_t)palette.depth) : rgbaBytes;
  if (indexed) {
    cspng_pack_indices(indices, width, height, &palette, filtered);
  } else {
    cspng_filter_rows(pixels, height, (size_t)width * 4, 4, filtered);
  }

  uint8_t *p = out;
  memcpy(p, cspng_signature, 8);
  p += 8;
  uint8_t ihdr[13];
  put_be32(ihdr, width);
  put_be32(ihdr + 4, height);
  ihdr[8] = indexed ? (uint8_t)palette.depth : 8;  // bit depth
  ihdr[9] = indexed ? 3 : 6;                        // colour type
  ihdr[10] = ihdr[11] = ihdr[12] = 0;               // compression, filter, interlace methods
  p = put_chunk(p, "IHDR", ihdr, sizeof ihdr);
  if (indexed) {
    uint8_t plte[3 * CSPNG_PALETTE_MAX], trns[CSPNG_PALETTE_MAX];
    cspng_palette_entries(&palette, plte, trns);
    p = put_chunk(p, "PLTE", plte, 3 * (size_t)palette.count);
    if (palette.nonOpaque > 0) p = put_chunk(p, "tRNS", trns, (size_t)palette.nonOpaque);
  }
  // The room left for the zlib data: the bound leaves its chunks' headers and IEND behind it.
  size_t used = (size_t)(p - out), tail = 4 + 12 * (needed / CHUNK_MAX) + 12;
  size_t z = libdeflate_zlib_compress(
    compressor, filtered, rawBytes, p + 8, outCapacity - used - 8 - tail);
  free(filtered);
  if (z == 0) {
    cspng_copy_message(&messages, "libdeflate could not compress the image data");
    return CSpritePNG_StatusEncodeError;
  }
  p = put_idat(p, z);
  p = put_chunk(p, "IEND", NULL, 0);
  *outCount = (size_t)(p - out);
  return CSpritePNG_StatusOK;
}
