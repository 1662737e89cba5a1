// Encoding RGBA pixels to PNG with libpng (thumbnails), into the caller's buffer.
//
// Section numbers are those of the PNG specification, second edition (W3C, ISO/IEC 15948:2003).
// An image of at most 256 distinct RGBA colours is written indexed (colour type 3, 11.2.2):
// PLTE (11.2.3) with the non-opaque entries first, so tRNS (11.3.2.1) stops at the last of them;
// the smallest bit depth 1, 2, 4 or 8 that holds the palette, pixels packed from the high bits
// (7.2); filter type 0 on every row, as 12.8 recommends for indexed colour; zlib level 4 with a
// hash table sized to the data. Anything else is RGBA8 (colour type 6) with zlib level 6 and
// libpng's own filter choice, the settings every thumbnail had before the indexed files.
// Benchmarks/README.md has the measurements behind the numbers.

#include "Internal.h"

#include <setjmp.h>
#include <string.h>

// The caller's output buffer; `count` keeps growing past `capacity` so it reports the size needed.
typedef struct {
  Messages messages;
  uint8_t *out;
  size_t capacity, count;
  bool overflowed;
} WriteContext;

static void write_bytes(png_structp png, png_bytep src, size_t len) {
  WriteContext *w = (WriteContext *)png_get_io_ptr(png);
  if (w->count <= w->capacity && len <= w->capacity - w->count) {
    memcpy(w->out + w->count, src, len);
  } else {
    w->overflowed = true;
  }
  if (len > SIZE_MAX - w->count) png_error(png, "PNG output size overflows size_t");
  w->count += len;
}

static void flush_bytes(png_structp png) { (void)png; }

// ---------------------------------------------------------------------------------------------
// The palette: distinct colours in a small open-addressing hash of 32-bit pixels.

enum { PALETTE_MAX = 256, SLOTS = 512 };

typedef struct {
  uint32_t keys[SLOTS];
  int16_t slots[SLOTS];  // index into `colors` (order of first appearance), -1 when empty
  uint32_t colors[PALETTE_MAX];
  int count;
  // Where each colour of `colors` goes in the written palette: non-opaque entries first.
  uint8_t order[PALETTE_MAX];
  int nonOpaque;
} Palette;

static inline uint32_t load_pixel(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static inline uint8_t alpha_of(uint32_t pixel) {
  uint8_t bytes[4];
  memcpy(bytes, &pixel, 4);
  return bytes[3];
}

// The index of `pixel` in `colors`, added when new; -1 when it would be colour 257.
static inline int palette_index(Palette *p, uint32_t pixel) {
  uint32_t slot = (pixel * 0x9E3779B1u) >> 23;  // Fibonacci hashing, 9 bits
  for (;;) {
    int16_t index = p->slots[slot];
    if (index < 0) {
      if (p->count == PALETTE_MAX) return -1;
      p->keys[slot] = pixel;
      p->slots[slot] = (int16_t)p->count;
      p->colors[p->count] = pixel;
      return p->count++;
    }
    if (p->keys[slot] == pixel) return index;
    slot = (slot + 1) & (SLOTS - 1);
  }
}

// Collects the distinct colours; false past 256. On success `order` puts the non-opaque colours
// first, each group in order of first appearance.
static bool collect_palette(const uint8_t *pixels, size_t pixelCount, Palette *p) {
  memset(p->slots, 0xFF, sizeof p->slots);
  p->count = 0;
  uint32_t last = 0;
  bool haveLast = false;
  for (size_t i = 0; i < pixelCount; i++) {
    uint32_t pixel = load_pixel(pixels + 4 * i);
    if (haveLast && pixel == last) continue;
    if (palette_index(p, pixel) < 0) return false;
    last = pixel;
    haveLast = true;
  }
  int next = 0;
  for (int i = 0; i < p->count; i++) {
    if (alpha_of(p->colors[i]) != 255) p->order[i] = (uint8_t)next++;
  }
  p->nonOpaque = next;
  for (int i = 0; i < p->count; i++) {
    if (alpha_of(p->colors[i]) == 255) p->order[i] = (uint8_t)next++;
  }
  return true;
}

static int bit_depth_for(int colors) {
  if (colors <= 2) return 1;
  if (colors <= 4) return 2;
  if (colors <= 16) return 4;
  return 8;
}

// ---------------------------------------------------------------------------------------------
// One PNG file through libpng.

// Writes the image as RGBA8 (`palette` NULL) or indexed, appending to `ctx`'s buffer.
static CSpritePNG_Status write_png(
  const uint8_t *pixels, uint32_t width, uint32_t height, Palette *palette, WriteContext *ctx
) {
  png_structp png = png_create_write_struct(
    PNG_LIBPNG_VER_STRING, &ctx->messages, cspng_on_error, cspng_on_warning);
  if (png == NULL) {
    cspng_copy_message(&ctx->messages, "libpng could not create a write struct");
    return CSpritePNG_StatusLibpngError;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    cspng_copy_message(&ctx->messages, "libpng could not create an info struct");
    return CSpritePNG_StatusLibpngError;
  }
  png_bytep volatile row = NULL;
  if (setjmp(png_jmpbuf(png))) {
    png_free(png, row);
    png_destroy_write_struct(&png, &info);
    return CSpritePNG_StatusLibpngError;
  }
  png_set_write_fn(png, ctx, write_bytes, flush_bytes);
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_compression_buffer_size(png, PNG_ZBUF_SIZE);
  if (palette == NULL) {
    png_set_compression_level(png, 6);
    png_set_IHDR(
      png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
      PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t rowBytes = (size_t)width * 4;
    for (png_uint_32 y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * rowBytes);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return CSpritePNG_StatusOK;
  }

  int depth = bit_depth_for(palette->count);
  size_t rowBytes = ((size_t)width * (size_t)depth + 7) / 8;
  // zlib's hash table (2^(memLevel+7) entries, zeroed for every image) no larger than the data:
  // a 32 px thumbnail holds about 1 KB, for which the default 64 KB table costs more than the
  // compression.
  size_t dataBytes = (rowBytes + 1) * (size_t)height;
  int memLevel = 1;
  while (memLevel < 8 && ((size_t)1 << (memLevel + 7)) < dataBytes) memLevel++;
  png_set_compression_level(png, 4);
  png_set_compression_mem_level(png, memLevel);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR(
    png, info, width, height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_color entries[PALETTE_MAX];
  png_byte alphas[PALETTE_MAX];
  for (int i = 0; i < palette->count; i++) {
    uint8_t rgba[4];
    memcpy(rgba, &palette->colors[i], 4);
    int at = palette->order[i];
    entries[at].red = rgba[0];
    entries[at].green = rgba[1];
    entries[at].blue = rgba[2];
    alphas[at] = rgba[3];
  }
  png_set_PLTE(png, info, entries, palette->count);
  if (palette->nonOpaque > 0) png_set_tRNS(png, info, alphas, palette->nonOpaque, NULL);
  png_write_info(png, info);

  row = png_malloc(png, rowBytes);
  int perByte = 8 / depth;
  uint32_t last = load_pixel(pixels);
  uint8_t index = palette->order[palette_index(palette, last)];
  for (png_uint_32 y = 0; y < height; y++) {
    const uint8_t *src = pixels + (size_t)y * width * 4;
    if (depth < 8) memset(row, 0, rowBytes);
    for (png_uint_32 x = 0; x < width; x++) {
      uint32_t pixel = load_pixel(src + 4 * (size_t)x);
      if (pixel != last) {
        last = pixel;
        index = palette->order[palette_index(palette, pixel)];
      }
      if (depth == 8) {
        row[x] = index;
      } else {
        unsigned shift = (unsigned)(8 - depth - (int)(x % (png_uint_32)perByte) * depth);
        row[x / (png_uint_32)perByte] |= (png_byte)(index << shift);
      }
    }
    png_write_row(png, row);
  }
  png_free(png, row);
  row = NULL;
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return CSpritePNG_StatusOK;
}

// Whether an indexed file might be larger than the RGBA8 one, so both are made and the smaller
// kept: when PLTE and tRNS are at least 15% of it (small images with many colours), or when its
// image data take 2 bits or more a pixel (smooth shading, which RGBA8's filters predict and
// filter type 0 does not). On the 4,214 thumbnails at 32 and 96 px of samples/ and SuperTux, every
// indexed file larger than the RGBA8 one met a condition with room to spare (15% against 17%,
// 2 bits against 3); Benchmarks/README.md.
static bool may_lose_to_rgba8(const Palette *p, size_t fileBytes, size_t pixelCount) {
  size_t paletteBytes = 12 + 3 * (size_t)p->count;
  if (p->nonOpaque > 0) paletteBytes += 12 + (size_t)p->nonOpaque;
  // Signature, IHDR, one IDAT header and IEND: 57 bytes.
  size_t dataBytes = fileBytes > paletteBytes + 57 ? fileBytes - paletteBytes - 57 : 0;
  return paletteBytes * 100 >= fileBytes * 15 || dataBytes * 8 >= pixelCount * 2;
}

// ---------------------------------------------------------------------------------------------
// The public calls.

// The bound of one RGBA8 (channels 4) or indexed (channels 1, plus PLTE and tRNS) file.
static size_t bound_for(uint32_t width, uint32_t height, size_t channels, size_t extra) {
  size_t rowBytes, raw, zlibMax, chunks, total;
  // Filtered data: one filter byte per row plus the samples.
  if (__builtin_mul_overflow((size_t)width, channels, &rowBytes)) return 0;
  if (__builtin_add_overflow(rowBytes, (size_t)1, &rowBytes)) return 0;
  if (__builtin_mul_overflow(rowBytes, (size_t)height, &raw)) return 0;
  // zlib's worst case (libpng's PNG_ZLIB_MAX_SIZE), then 12 bytes per IDAT chunk of PNG_ZBUF_SIZE.
  if (raw > SIZE_MAX / 2) return 0;
  zlibMax = raw + (raw + 7) / 8 + (raw + 63) / 64 + 11;
  chunks = zlibMax / PNG_ZBUF_SIZE + 1;
  if (__builtin_add_overflow(zlibMax, 12 * chunks + 8 + 25 + 12 + extra, &total)) return 0;
  return total;
}

size_t CSpritePNG_encode_bound(uint32_t width, uint32_t height) {
  if (width == 0 || height == 0) return 0;
  size_t rgba = bound_for(width, height, 4, 0);
  size_t indexed = bound_for(width, height, 1, 12 + 3 * PALETTE_MAX + 12 + PALETTE_MAX);
  size_t total;
  if (rgba == 0 || indexed == 0 || __builtin_add_overflow(rgba, indexed, &total)) return 0;
  return total;
}

CSpritePNG_Status CSpritePNG_encode(
  const uint8_t *pixels, uint32_t width, uint32_t height, CSpritePNG_Format format,
  uint8_t *out, size_t outCapacity, size_t *outCount, char *msg, size_t cap
) {
  *outCount = 0;
  WriteContext ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.messages.msg = msg;
  ctx.messages.cap = cap;
  ctx.out = out;
  ctx.capacity = outCapacity;
  if (cap > 0) msg[0] = '\0';

  size_t pixelCount = (size_t)width * height;
  Palette palette;
  bool indexed =
    format == CSpritePNG_FormatSmallest && collect_palette(pixels, pixelCount, &palette);
  CSpritePNG_Status status = write_png(pixels, width, height, indexed ? &palette : NULL, &ctx);
  if (status == CSpritePNG_StatusOK && indexed && !ctx.overflowed &&
      may_lose_to_rgba8(&palette, ctx.count, pixelCount)) {
    // The RGBA8 file goes after the indexed one; the smaller is moved to the front.
    size_t indexedBytes = ctx.count;
    status = write_png(pixels, width, height, NULL, &ctx);
    if (status == CSpritePNG_StatusOK && !ctx.overflowed) {
      size_t rgbaBytes = ctx.count - indexedBytes;
      ctx.count = indexedBytes;
      if (rgbaBytes < indexedBytes) {
        memmove(out, out + indexedBytes, rgbaBytes);
        ctx.count = rgbaBytes;
      }
    }
  }
  if (status != CSpritePNG_StatusOK) return status;
  *outCount = ctx.count;
  if (ctx.overflowed) {
    cspng_copy_message(&ctx.messages, "output buffer too small for the encoded PNG");
    return CSpritePNG_StatusBufferTooSmall;
  }
  return CSpritePNG_StatusOK;
}
