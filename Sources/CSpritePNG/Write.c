// Encoding RGBA pixels to PNG with libpng (thumbnails), into the caller's buffer.

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

// The most bytes CSpritePNG_encode_rgba8 can write for an image of this size.
size_t CSpritePNG_encode_bound(uint32_t width, uint32_t height) {
  size_t rowBytes, raw, zlibMax, chunks, total;
  if (width == 0 || height == 0) return 0;
  // Filtered data: one filter byte per row plus 4 bytes per pixel.
  if (__builtin_mul_overflow((size_t)width, (size_t)4, &rowBytes)) return 0;
  if (__builtin_add_overflow(rowBytes, (size_t)1, &rowBytes)) return 0;
  if (__builtin_mul_overflow(rowBytes, (size_t)height, &raw)) return 0;
  // zlib's worst case (libpng's PNG_ZLIB_MAX_SIZE), then 12 bytes per IDAT chunk of PNG_ZBUF_SIZE.
  if (raw > SIZE_MAX / 2) return 0;
  zlibMax = raw + (raw + 7) / 8 + (raw + 63) / 64 + 11;
  chunks = zlibMax / PNG_ZBUF_SIZE + 1;
  if (__builtin_add_overflow(zlibMax, 12 * chunks + 8 + 25 + 12, &total)) return 0;
  return total;
}

CSpritePNG_Status CSpritePNG_encode_rgba8(
  const uint8_t *pixels, uint32_t width, uint32_t height,
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

  png_structp png =
    png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx.messages, cspng_on_error, cspng_on_warning);
  if (png == NULL) {
    cspng_copy_message(&ctx.messages, "libpng could not create a write struct");
    return CSpritePNG_StatusLibpngError;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    cspng_copy_message(&ctx.messages, "libpng could not create an info struct");
    return CSpritePNG_StatusLibpngError;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return CSpritePNG_StatusLibpngError;
  }
  png_set_write_fn(png, &ctx, write_bytes, flush_bytes);
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_compression_level(png, 6);
  png_set_compression_buffer_size(png, PNG_ZBUF_SIZE);
  png_set_IHDR(
    png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  size_t rowBytes = (size_t)width * 4;
  for (png_uint_32 y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * rowBytes);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);

  *outCount = ctx.count;
  if (ctx.overflowed) {
    cspng_copy_message(&ctx.messages, "output buffer too small for the encoded PNG");
    return CSpritePNG_StatusBufferTooSmall;
  }
  return CSpritePNG_StatusOK;
}
