// CSpritePNG: every libpng call in the package lives here (ARCHITECTURE.md section 4).
//
// Each public function owns one setjmp, right after the libpng structs are created. on_error copies
// libpng's text into the caller's buffer and longjmps back; only C frames ever sit in between.
// Locals assigned after setjmp and read after a longjmp are volatile; the contexts below change
// only through pointers held by libpng, so they live in memory and are re-read.
#include "CSpritePNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// The largest ancillary chunk (iCCP, zTXt, ...) libpng may hold in memory.
#define CSPRITEPNG_CHUNK_MALLOC_MAX ((png_alloc_size_t)8 * 1024 * 1024)

static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// Where libpng's error and warning texts go.
typedef struct {
  char *msg;
  size_t cap;
  bool failed;
} Messages;

// The bytes libpng reads from, plus the error texts (libpng's error pointer points here too).
typedef struct {
  Messages messages;
  const uint8_t *bytes;
  size_t count;
  size_t offset;
  bool truncated;
  // Set by CSpritePNG_read_info: stop at the first read after IHDR has been validated and stored.
  png_infop stopAfterHeader;
  bool stopped;
} ReadContext;

// The caller's output buffer; `count` keeps growing past `capacity` so it reports the size needed.
typedef struct {
  Messages messages;
  uint8_t *out;
  size_t capacity, count;
  bool overflowed;
} WriteContext;

static void copy_message(Messages *m, const char *text) {
  if (m->cap == 0) return;
  size_t n = strlen(text);
  if (n >= m->cap) n = m->cap - 1;
  memcpy(m->msg, text, n);
  m->msg[n] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
  Messages *m = (Messages *)png_get_error_ptr(png);
  copy_message(m, text != NULL ? text : "unknown libpng error");
  m->failed = true;
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  Messages *m = (Messages *)png_get_error_ptr(png);
  // Keep the first warning; an error always overwrites it.
  if (!m->failed && m->cap > 0 && m->msg[0] == '\0' && text != NULL) copy_message(m, text);
}

static void read_bytes(png_structp png, png_bytep dst, size_t len) {
  ReadContext *r = (ReadContext *)png_get_io_ptr(png);
  if (r->stopAfterHeader != NULL && png_get_image_width(png, r->stopAfterHeader) != 0) {
    // IHDR passed its CRC and validity checks; reading PLTE and the rest is the decoder's job.
    r->stopped = true;
    png_longjmp(png, 1);
  }
  if (len > r->count - r->offset) {
    r->truncated = true;
    png_error(png, "PNG data ends unexpectedly");
  }
  memcpy(dst, r->bytes + r->offset, len);
  r->offset += len;
}

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

// libpng's own split: four wrong magic bytes are "Not a PNG file"; later damage is left to libpng.
static bool has_magic(const uint8_t *bytes, size_t count) {
  return count > 0 && memcmp(bytes, kSignature, count < 4 ? count : 4) == 0;
}

static void begin_read(
  ReadContext *ctx, const uint8_t *bytes, size_t count, char *msg, size_t cap
) {
  memset(ctx, 0, sizeof *ctx);
  ctx->messages.msg = msg;
  ctx->messages.cap = cap;
  ctx->bytes = bytes;
  ctx->count = count;
  if (cap > 0) msg[0] = '\0';
}

static CSpritePNG_Status create_read(ReadContext *ctx, png_structp *png, png_infop *info) {
  *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx->messages, on_error, on_warning);
  if (*png == NULL) {
    copy_message(&ctx->messages, "libpng could not create a read struct");
    return CSpritePNG_StatusLibpngError;
  }
  *info = png_create_info_struct(*png);
  if (*info == NULL) {
    png_destroy_read_struct(png, NULL, NULL);
    copy_message(&ctx->messages, "libpng could not create an info struct");
    return CSpritePNG_StatusLibpngError;
  }
  return CSpritePNG_StatusOK;
}

CSpritePNG_Status CSpritePNG_read_info(
  const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, char *msg, size_t cap
) {
  *width = 0;
  *height = 0;
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  png_structp png = NULL;
  png_infop info = NULL;
  CSpritePNG_Status created = create_read(&ctx, &png, &info);
  if (created != CSpritePNG_StatusOK) return created;

  if (setjmp(png_jmpbuf(png))) {
    CSpritePNG_Status status = CSpritePNG_StatusLibpngError;
    if (ctx.stopped) {
      *width = png_get_image_width(png, info);
      *height = png_get_image_height(png, info);
      status = CSpritePNG_StatusOK;
    } else if (ctx.truncated) {
      status = CSpritePNG_StatusTruncated;
    }
    png_destroy_read_struct(&png, &info, NULL);
    return status;
  }
  png_set_read_fn(png, &ctx, read_bytes);
  // Report the true size; the caller compares it with its own limits before allocating.
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_chunk_malloc_max(png, CSPRITEPNG_CHUNK_MALLOC_MAX);
  // Only the signature and IHDR are read: read_bytes jumps back here once IHDR is stored.
  ctx.stopAfterHeader = info;
  png_read_info(png, info);
  // Not reached: png_read_info always reads past IHDR.
  png_destroy_read_struct(&png, &info, NULL);
  copy_message(&ctx.messages, "libpng stopped before reading past IHDR");
  return CSpritePNG_StatusLibpngError;
}

CSpritePNG_Status CSpritePNG_decode_rgba8(
  const uint8_t *bytes, size_t count, uint8_t *out, size_t outCapacity,
  uint32_t maxWidth, uint32_t maxHeight, char *msg, size_t cap
) {
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  png_structp png = NULL;
  png_infop info = NULL;
  CSpritePNG_Status created = create_read(&ctx, &png, &info);
  if (created != CSpritePNG_StatusOK) return created;

  png_bytep *volatile rows = NULL;
  volatile CSpritePNG_Status status = CSpritePNG_StatusOK;
  if (setjmp(png_jmpbuf(png))) {
    status = ctx.truncated ? CSpritePNG_StatusTruncated : CSpritePNG_StatusLibpngError;
    goto done;
  }
  png_set_read_fn(png, &ctx, read_bytes);
  png_set_user_limits(png, maxWidth, maxHeight);
  png_set_chunk_malloc_max(png, CSPRITEPNG_CHUNK_MALLOC_MAX);
#if defined(PNG_IGNORE_ADLER32)
  // zlib's Adler-32 of the inflated stream is redundant here: every IDAT chunk's CRC-32, which
  // covers the same compressed bytes, is still checked (a corrupt file still fails), and the
  // Adler-32 pass was about a tenth of decoding. libpng 1.6.26 added the option for this.
  png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
  png_read_info(png, info);

  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  // libpng's user limits normally refuse first (as a libpng error); the caller checked already.
  if (w > maxWidth || h > maxHeight) {
    copy_message(&ctx.messages, "image exceeds the size limit");
    status = CSpritePNG_StatusTooLarge;
    goto done;
  }

  // Raw 8-bit RGBA: no gamma, no background, no colour management.
  png_set_expand(png);
  png_set_palette_to_rgb(png);
  png_set_tRNS_to_alpha(png);
  png_set_gray_to_rgb(png);
  png_set_strip_16(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, info);

  size_t rowBytes = png_get_rowbytes(png, info);
  if (rowBytes != (size_t)w * 4) {
    copy_message(&ctx.messages, "libpng transforms did not give 4 bytes per pixel");
    status = CSpritePNG_StatusLibpngError;
    goto done;
  }
  // Exact size, so that on success every byte of `out` has been written.
  if (outCapacity % rowBytes != 0 || outCapacity / rowBytes != h) {
    copy_message(&ctx.messages, "output buffer size is not width * height * 4");
    status = CSpritePNG_StatusBufferTooSmall;
    goto done;
  }
  rows = (png_bytep *)malloc((size_t)h * sizeof(png_bytep));
  if (rows == NULL) png_error(png, "out of memory for row pointers");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = out + (size_t)y * rowBytes;
  png_read_image(png, rows);
  // Reads the rest of the image data and the chunks after it, so CRCs and IEND are checked.
  png_read_end(png, NULL);

done:
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  return status;
}

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
    png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx.messages, on_error, on_warning);
  if (png == NULL) {
    copy_message(&ctx.messages, "libpng could not create a write struct");
    return CSpritePNG_StatusLibpngError;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    copy_message(&ctx.messages, "libpng could not create an info struct");
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
    copy_message(&ctx.messages, "output buffer too small for the encoded PNG");
    return CSpritePNG_StatusBufferTooSmall;
  }
  return CSpritePNG_StatusOK;
}
