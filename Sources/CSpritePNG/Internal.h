// Declarations shared by the files of the CSpritePNG shim; not part of its public header.
#ifndef CSPRITEPNG_INTERNAL_H
#define CSPRITEPNG_INTERNAL_H

#include "CSpritePNG.h"

#include <png.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The largest chunk libpng may hold in memory or skip (iCCP, zTXt, an unknown chunk, ...).
#define CSPRITEPNG_CHUNK_MALLOC_MAX ((png_alloc_size_t)8 * 1024 * 1024)

// The PNG signature.
extern const uint8_t cspng_signature[8];

// Where libpng's error and warning texts go (libpng's error pointer points here).
typedef struct {
  char *msg;
  size_t cap;
  bool failed;
} Messages;

// Copies `text` into the caller's message buffer, cut to fit.
void cspng_copy_message(Messages *m, const char *text);
// libpng's error callback: keeps the text and longjmps back to the caller's setjmp.
void cspng_on_error(png_structp png, png_const_charp text);
// libpng's warning callback: keeps the first warning unless an error follows.
void cspng_on_warning(png_structp png, png_const_charp text);

// A 32-bit big-endian number.
static inline uint32_t load_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

// An image as the fast path decodes it: IHDR's values, and PLTE and tRNS as libpng applies them
// (png_do_expand_palette, png_do_expand).
typedef struct {
  uint32_t width, height;
  png_byte colorType, bitDepth, interlace;
  size_t channels;
  // Palette images: RGBA per index, alpha from tRNS (255 past its end); `paletteCount` entries.
  uint8_t palette[256][4];
  int paletteCount;
  // Grey and RGB images with a tRNS chunk: the transparent sample values as libpng compares
  // them (the low bits within the bit depth; all 16 bits for 16-bit images, which png_do_expand
  // compares before png_do_chop keeps each sample's high byte).
  bool hasKey;
  uint16_t key[3];
} PlainImage;

// Chunks.c: the chunks, read without libpng where libpng would read them without complaint.
bool cspng_plain_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height);
bool cspng_intact_chunk(const uint8_t *bytes, size_t count, size_t at, uint32_t *length);
bool cspng_clean_trailer(const uint8_t *bytes, size_t count, size_t at);
bool cspng_read_plain_chunks(
  const uint8_t *bytes, size_t count, uint32_t maxWidth, uint32_t maxHeight, PlainImage *im,
  size_t *idatAt);

// Rows.c: one row unfiltered, one row expanded to RGBA.
bool cspng_unfilter_row(
  uint8_t *dst, const uint8_t *src, const uint8_t *prev, size_t n, size_t bpp, uint8_t filter);
bool cspng_expand_row(const PlainImage *e, const uint8_t *src, uint8_t *dst, size_t width);

// WholeStream.c: the fast path of CSpritePNG_decode_rgba8.
bool cspng_decode_whole_stream(
  const PlainImage *im, const uint8_t *bytes, size_t count, size_t idatAt, uint8_t *out);

// Palette.c: the encoder's palette of at most 256 colours, and rows of packed indices.
enum { CSPNG_PALETTE_MAX = 256, CSPNG_PALETTE_SLOTS = 512 };
typedef struct {
  uint32_t keys[CSPNG_PALETTE_SLOTS];
  int16_t slots[CSPNG_PALETTE_SLOTS];  // index into `colors`, -1 when empty
  uint32_t colors[CSPNG_PALETTE_MAX];  // RGBA as loaded from memory, in order of first appearance
  int count;
  uint8_t order[CSPNG_PALETTE_MAX];  // where each colour goes in PLTE: non-opaque entries first
  int nonOpaque;
  int depth;  // the smallest bit depth that holds `count` indices
  size_t changes;  // pixels that differ from the one before them (in row-major order)
} Palette;
// Collects the distinct colours of `pixelCount` RGBA pixels, writing each pixel's index in
// `colors` to `indices` (`pixelCount` bytes); false past 256.
bool cspng_collect_palette(
  const uint8_t *pixels, size_t pixelCount, Palette *p, uint8_t *indices);
// PLTE's `3 * count` bytes and tRNS's first `nonOpaque` bytes (of `count`).
void cspng_palette_entries(const Palette *p, uint8_t plte[], uint8_t trns[]);
// Every row of `indices` (from cspng_collect_palette) as a filter byte 0 and the packed PLTE
// indices: `height * (rowBytes + 1)` bytes.
void cspng_pack_indices(
  const uint8_t *indices, uint32_t width, uint32_t height, const Palette *p, uint8_t *out);

// Filters.c: RGBA8 rows filtered, each with the type of least sum of magnitudes; writes
// `height * (rowBytes + 1)` bytes.
void cspng_filter_rows(
  const uint8_t *raw, uint32_t height, size_t rowBytes, size_t bpp, uint8_t *out);

#endif
