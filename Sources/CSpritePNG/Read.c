// CSpritePNG: the libpng read path. Every libpng call in the package lives in this shim
// (ARCHITECTURE.md section 4): reads here, encoding in Write.c, beside the whole-stream fast path
// (WholeStream.c) that decodes ordinary files with zlib alone.
//
// Each libpng entry point owns one setjmp, right after the libpng structs are created.
// cspng_on_error copies libpng's text into the caller's buffer and longjmps back; only C frames
// ever sit in between. Locals assigned after setjmp and read after a longjmp are volatile; the contexts below
// change only through pointers held by libpng, so they live in memory and are re-read.
//
// Both paths are strict in the same places (SPEC section 1): a bad CRC in any chunk, ancillary
// ones included, a wrong zlib Adler-32, and every libpng "benign" error are errors. The fast path
// never reports an error itself: anything it does not accept goes to libpng, whose outcome and
// words are then the answer, so the two paths can only differ by a fast-path bug (the
// differential tests and Tests/Fuzz look for one).

#include "Internal.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

const uint8_t cspng_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// ---------------------------------------------------------------------------------------------
// libpng: contexts, callbacks and the strict read settings.

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

void cspng_copy_message(Messages *m, const char *text) {
  if (m->cap == 0) return;
  size_t n = strlen(text);
  if (n >= m->cap) n = m->cap - 1;
  memcpy(m->msg, text, n);
  m->msg[n] = '\0';
}

void cspng_on_error(png_structp png, png_const_charp text) {
  Messages *m = (Messages *)png_get_error_ptr(png);
  cspng_copy_message(m, text != NULL ? text : "unknown libpng error");
  m->failed = true;
  png_longjmp(png, 1);
}

void cspng_on_warning(png_structp png, png_const_charp text) {
  Messages *m = (Messages *)png_get_error_ptr(png);
  // Keep the first warning; an error always overwrites it.
  if (!m->failed && m->cap > 0 && m->msg[0] == '\0' && text != NULL) cspng_copy_message(m, text);
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

// libpng's own split: four wrong magic bytes are "Not a PNG file"; later damage is left to libpng.
static bool has_magic(const uint8_t *bytes, size_t count) {
  return count > 0 && memcmp(bytes, cspng_signature, count < 4 ? count : 4) == 0;
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
  *png = png_create_read_struct(
    PNG_LIBPNG_VER_STRING, &ctx->messages, cspng_on_error, cspng_on_warning);
  if (*png == NULL) {
    cspng_copy_message(&ctx->messages, "libpng could not create a read struct");
    return CSpritePNG_StatusLibpngError;
  }
  *info = png_create_info_struct(*png);
  if (*info == NULL) {
    png_destroy_read_struct(png, NULL, NULL);
    cspng_copy_message(&ctx->messages, "libpng could not create an info struct");
    return CSpritePNG_StatusLibpngError;
  }
  return CSpritePNG_StatusOK;
}

// The settings of every read (called after setjmp; none of these calls can fail).
static void configure_read(
  png_structp png, ReadContext *ctx, uint32_t maxWidth, uint32_t maxHeight
) {
  png_set_read_fn(png, ctx, read_bytes);
  png_set_user_limits(png, maxWidth, maxHeight);
  png_set_chunk_malloc_max(png, CSPRITEPNG_CHUNK_MALLOC_MAX);
  // A bad CRC is an error in every chunk; libpng's default only warns about an ancillary one.
  png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_ERROR_QUIT);
#if defined(PNG_BENIGN_ERRORS_SUPPORTED)
  // libpng's "benign" errors are errors too (its default for reading makes them warnings): a
  // wrong Adler-32 met after the last row, data after the zlib stream, IEND with data, a
  // misplaced tRNS or IDAT, a palette index beyond PLTE. The Adler-32 itself is checked by
  // default (PNG_IGNORE_ADLER32 stays off).
  png_set_benign_errors(png, 0);
#endif
#if defined(PNG_HANDLE_AS_UNKNOWN_SUPPORTED)
  // Every ancillary chunk but tRNS is skipped (libpng's list for -1), its CRC still checked:
  // with no gamma or colour management none of them changes a pixel, and handling them cost up
  // to a twentieth of decoding (inflating zTXt, iTXt and iCCP).
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
#endif
}

CSpritePNG_Status CSpritePNG_read_info(
  const uint8_t *bytes, size_t count, bool allowPlainHeader, uint32_t *width, uint32_t *height,
  char *msg, size_t cap
) {
  *width = 0;
  *height = 0;
  if (cap > 0) msg[0] = '\0';
  if (allowPlainHeader && cspng_plain_header(bytes, count, width, height)) {
    return CSpritePNG_StatusOK;
  }
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    cspng_copy_message(&ctx.messages, "Not a PNG file");
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
  // Report the true size; the caller compares it with its own limits before allocating.
  configure_read(png, &ctx, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  // Only the signature and IHDR are read: read_bytes jumps back here once IHDR is stored.
  ctx.stopAfterHeader = info;
  png_read_info(png, info);
  // Not reached: png_read_info always reads past IHDR.
  png_destroy_read_struct(&png, &info, NULL);
  cspng_copy_message(&ctx.messages, "libpng stopped before reading past IHDR");
  return CSpritePNG_StatusLibpngError;
}
// ---------------------------------------------------------------------------------------------
// Decoding: the fast path when it accepts the file, else libpng's row reads.

CSpritePNG_Status CSpritePNG_decode_rgba8(
  const uint8_t *bytes, size_t count, uint8_t *out, size_t outCapacity,
  uint32_t maxWidth, uint32_t maxHeight, bool allowWholeStream, CSpritePNG_Path *path,
  char *msg, size_t cap
) {
  if (path != NULL) *path = CSpritePNG_PathLibpng;
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    cspng_copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  if (allowWholeStream) {
    PlainImage image;
    size_t idatAt = 0;
    if (cspng_read_plain_chunks(bytes, count, maxWidth, maxHeight, &image, &idatAt) &&
        outCapacity / 4 / image.width == image.height &&
        outCapacity % ((size_t)image.width * 4) == 0 &&
        cspng_decode_whole_stream(&image, bytes, count, idatAt, out)) {
      if (path != NULL) *path = CSpritePNG_PathWholeStream;
      return CSpritePNG_StatusOK;
    }
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
  configure_read(png, &ctx, maxWidth, maxHeight);
  png_read_info(png, info);

  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  // libpng's user limits normally refuse first (as a libpng error); the caller checked already.
  if (w > maxWidth || h > maxHeight) {
    cspng_copy_message(&ctx.messages, "image exceeds the size limit");
    status = CSpritePNG_StatusTooLarge;
    goto done;
  }
  // Exact size, so that on success every byte of `out` has been written.
  if (outCapacity / 4 / w != h || outCapacity % ((size_t)w * 4) != 0) {
    cspng_copy_message(&ctx.messages, "output buffer size is not width * height * 4");
    status = CSpritePNG_StatusBufferTooSmall;
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
    cspng_copy_message(&ctx.messages, "libpng transforms did not give 4 bytes per pixel");
    status = CSpritePNG_StatusLibpngError;
    goto done;
  }
  rows = (png_bytep *)malloc((size_t)h * sizeof(png_bytep));
  if (rows == NULL) png_error(png, "out of memory for row pointers");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = out + (size_t)y * rowBytes;
  png_read_image(png, rows);
  // Reads the rest of the image data and the chunks after it with the info struct, so CRCs,
  // the Adler-32, misplaced or unknown critical chunks and IEND are all checked.
  png_read_end(png, info);

done:
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  return status;
}

