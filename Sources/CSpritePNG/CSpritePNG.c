// CSpritePNG: every libpng call in the package lives here (ARCHITECTURE.md section 4). On
// Linux libpng is opened on first use, and ordinary files are decoded without it (see below).
//
// Each public function owns one setjmp, right after the libpng structs are created. on_error copies
// libpng's text into the caller's buffer and longjmps back; only C frames ever sit in between.
// Locals assigned after setjmp and read after a longjmp are volatile; the contexts below change
// only through pointers held by libpng, so they live in memory and are re-read.
#include "CSpritePNG.h"

#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// ---------------------------------------------------------------------------------------------
// libpng, opened on first use.
//
// On Linux libpng is not linked: loading it and zlib at start-up cost every process about a
// quarter of a millisecond, and a decode of an ordinary file reads its chunks without libpng
// (read_plain_chunks below). The first call that needs libpng opens it (decoding an unusual
// file, encoding a thumbnail, reading an unusual header); the functions it calls go through
// this table, under their own names (the defines below). Elsewhere libpng is linked as usual.
#if defined(__linux__)
#define CSPRITEPNG_OPENS_LIBPNG 1
#include <dlfcn.h>

#define CSPRITEPNG_LIBPNG_FUNCTIONS(X) \
  X(create_info_struct) X(create_read_struct) X(create_write_struct) X(destroy_read_struct) \
  X(destroy_write_struct) X(error) X(get_PLTE) X(get_bit_depth) X(get_color_type) \
  X(get_error_ptr) X(get_image_height) X(get_image_width) X(get_interlace_type) X(get_io_ptr) \
  X(get_rowbytes) X(get_tRNS) X(get_valid) X(longjmp) X(read_end) X(read_image) X(read_info) \
  X(read_update_info) X(set_IHDR) X(set_add_alpha) X(set_chunk_malloc_max) \
  X(set_compression_buffer_size) X(set_compression_level) X(set_expand) X(set_gray_to_rgb) \
  X(set_interlace_handling) X(set_keep_unknown_chunks) X(set_longjmp_fn) X(set_option) \
  X(set_palette_to_rgb) X(set_read_fn) X(set_strip_16) X(set_tRNS_to_alpha) \
  X(set_user_limits) X(set_write_fn) X(write_end) X(write_info) X(write_row)

static struct {
#define CSPRITEPNG_FIELD(name) __typeof__(png_##name) *name;
  CSPRITEPNG_LIBPNG_FUNCTIONS(CSPRITEPNG_FIELD)
#undef CSPRITEPNG_FIELD
} libpng;

static pthread_once_t libpngOnce = PTHREAD_ONCE_INIT;
static bool libpngLoaded = false;
// Why libpng could not be used, for the caller's message.
static char libpngProblem[256];

static void load_libpng(void) {
  static const char *const names[] = {"libpng16.so.16", "libpng16.so"};
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
    library = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
  }
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(libpngProblem, sizeof libpngProblem, "libpng could not be loaded (%s)",
             reason != NULL ? reason : "libpng16.so.16 not found");
    return;
  }
#define CSPRITEPNG_LOOKUP(name) \
  if ((*(void **)&libpng.name = dlsym(library, "png_" #name)) == NULL) { \
    snprintf(libpngProblem, sizeof libpngProblem, "the libpng found lacks png_" #name); \
    return; \
  }
  CSPRITEPNG_LIBPNG_FUNCTIONS(CSPRITEPNG_LOOKUP)
#undef CSPRITEPNG_LOOKUP
  libpngLoaded = true;
}

// From here on, each libpng function named below (and png_set_longjmp_fn inside png.h's
// png_jmpbuf) is the table's pointer.
#define png_create_info_struct (libpng.create_info_struct)
#define png_create_read_struct (libpng.create_read_struct)
#define png_create_write_struct (libpng.create_write_struct)
#define png_destroy_read_struct (libpng.destroy_read_struct)
#define png_destroy_write_struct (libpng.destroy_write_struct)
#define png_error (libpng.error)
#define png_get_PLTE (libpng.get_PLTE)
#define png_get_bit_depth (libpng.get_bit_depth)
#define png_get_color_type (libpng.get_color_type)
#define png_get_error_ptr (libpng.get_error_ptr)
#define png_get_image_height (libpng.get_image_height)
#define png_get_image_width (libpng.get_image_width)
#define png_get_interlace_type (libpng.get_interlace_type)
#define png_get_io_ptr (libpng.get_io_ptr)
#define png_get_rowbytes (libpng.get_rowbytes)
#define png_get_tRNS (libpng.get_tRNS)
#define png_get_valid (libpng.get_valid)
#define png_longjmp (libpng.longjmp)
#define png_read_end (libpng.read_end)
#define png_read_image (libpng.read_image)
#define png_read_info (libpng.read_info)
#define png_read_update_info (libpng.read_update_info)
#define png_set_IHDR (libpng.set_IHDR)
#define png_set_add_alpha (libpng.set_add_alpha)
#define png_set_chunk_malloc_max (libpng.set_chunk_malloc_max)
#define png_set_compression_buffer_size (libpng.set_compression_buffer_size)
#define png_set_compression_level (libpng.set_compression_level)
#define png_set_expand (libpng.set_expand)
#define png_set_gray_to_rgb (libpng.set_gray_to_rgb)
#define png_set_interlace_handling (libpng.set_interlace_handling)
#define png_set_keep_unknown_chunks (libpng.set_keep_unknown_chunks)
#define png_set_longjmp_fn (libpng.set_longjmp_fn)
#define png_set_option (libpng.set_option)
#define png_set_palette_to_rgb (libpng.set_palette_to_rgb)
#define png_set_read_fn (libpng.set_read_fn)
#define png_set_strip_16 (libpng.set_strip_16)
#define png_set_tRNS_to_alpha (libpng.set_tRNS_to_alpha)
#define png_set_user_limits (libpng.set_user_limits)
#define png_set_write_fn (libpng.set_write_fn)
#define png_write_end (libpng.write_end)
#define png_write_info (libpng.write_info)
#define png_write_row (libpng.write_row)
#endif

// True when libpng can be called; otherwise writes why into `msg`.
static bool libpng_available(char *msg, size_t cap) {
#if CSPRITEPNG_OPENS_LIBPNG
  if (pthread_once(&libpngOnce, load_libpng) != 0 || !libpngLoaded) {
    if (cap > 0) {
      const char *problem = libpngProblem[0] != '\0' ? libpngProblem : "libpng could not be loaded";
      snprintf(msg, cap, "%s", problem);
    }
    return false;
  }
#else
  (void)msg;
  (void)cap;
#endif
  return true;
}

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

static uint32_t load_be32(const uint8_t *p);

// An IHDR that libpng's png_read_info would accept, read without libpng: the full signature, a
// 13-byte IHDR with the right CRC and every value png_check_IHDR allows (sizes 1 to 2^31 - 1,
// the user limits CSpritePNG_read_info sets; a valid bit depth for the colour type; compression,
// filter and interlace methods libpng knows). Anything else goes to libpng for its exact error.
// Creating and destroying a libpng read struct was most of the cost of a header read.
static bool plain_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height) {
  static const uint8_t kIHDR[8] = {0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  if (count < 33 || memcmp(bytes, kSignature, 8) != 0 || memcmp(bytes + 8, kIHDR, 8) != 0)
    return false;
  if (libdeflate_crc32(0, bytes + 12, 17) != load_be32(bytes + 29)) return false;
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

CSpritePNG_Status CSpritePNG_read_info(
  const uint8_t *bytes, size_t count, bool allowPlainHeader, uint32_t *width, uint32_t *height,
  char *msg, size_t cap
) {
  *width = 0;
  *height = 0;
  if (cap > 0) msg[0] = '\0';
  if (allowPlainHeader && plain_header(bytes, count, width, height)) return CSpritePNG_StatusOK;
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  if (!libpng_available(msg, cap)) return CSpritePNG_StatusLibpngError;
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

// ---------------------------------------------------------------------------------------------
// Whole-stream image data: the fast path of CSpritePNG_decode_rgba8.
//
// libpng inflates the image data one row at a time (png_read_IDAT_data gives zlib the row as its
// output buffer). zlib's fast decoding loop (inflate_fast) needs at least 258 bytes of output
// space, so for rows shorter than that (sprites up to 64 pixels wide) every byte goes through
// zlib's slow, one-symbol-at-a-time state machine, and wider rows take the slow path for their
// last 257 bytes. Here, once every chunk before the image data has been read and checked (by
// read_plain_chunks for ordinary files, else by png_read_info), the IDAT chunks of any image
// (every colour type and bit depth, plain or Adam7) are
// inflated in one call into one buffer, unfiltered (PNG 3rd edition, sections 7.3, 8.2 and 9)
// pass by pass, expanded to RGBA as libpng's transforms would and, for Adam7, scattered to their
// places. Anything this path does not handle exactly as libpng does, it leaves to
// libpng: it never reports an error itself. Whenever something is unusual (a CRC mismatch, a zlib
// error, extra data, a palette index out of range, any doubt about the chunks after the image),
// it returns false and libpng decodes the file: from the start when the shim read the chunks, or
// from the very same state with png_read_image and png_read_end after png_read_info, so errors,
// warnings and pixels stay libpng's.

// The most a whole-stream decode buffers (filtered rows); larger images use libpng's row reads,
// whose rows are then long enough for zlib's fast loop anyway.
#define CSPRITEPNG_WHOLE_STREAM_MAX ((size_t)16 * 1024 * 1024)

// What the pixels depend on besides the image data: IHDR's values and the PLTE and tRNS chunks,
// as libpng stores them. Filled from libpng's structs (header_from_libpng) or straight from the
// file (read_plain_chunks).
typedef struct {
  uint32_t width, height;
  int bitDepth, colorType, interlace;
  // PLTE's entries (palette images); 0 without PLTE. Only the first 256 are kept: more makes
  // prepare_expansion refuse the image.
  int paletteCount;
  uint8_t palette[256][3];
  // A palette image's tRNS alpha values (only the first 256 kept, as above); 0 without tRNS.
  int transCount;
  uint8_t transAlpha[256];
  // A grey or RGB image's tRNS key, all 16 bits as stored: grey in [0], or red, green, blue.
  bool hasTransColor;
  uint16_t transColor[3];
} Header;

static uint32_t load_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
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
// is longer than PNG allows, or its CRC (over type and data) does not match.
static bool intact_chunk(const uint8_t *bytes, size_t count, size_t at, uint32_t *length) {
  if (at > count || count - at < 12) return false;
  uint32_t n = load_be32(bytes + at);
  if (n > PNG_UINT_31_MAX || (size_t)n > count - at - 12) return false;
  uint32_t crc = libdeflate_crc32(0, bytes + at + 4, (size_t)n + 4);
  if (crc != load_be32(bytes + at + 8 + n)) return false;
  *length = n;
  return true;
}

// The chunks after the image data, read as png_read_end(png, NULL) reads them: each is skipped
// with its CRC checked until IEND. True only when every one is intact and IEND closes them, so
// libpng would have read them without an error or a warning.
static bool clean_trailer(const uint8_t *bytes, size_t count, size_t at) {
  for (;;) {
    uint32_t n;
    if (!intact_chunk(bytes, count, at, &n)) return false;
    const uint8_t *name = bytes + at + 4;
    if (!valid_chunk_name(name)) return false;
    if (memcmp(name, "IEND", 4) == 0) return n == 0;
    if (memcmp(name, "IHDR", 4) == 0 || memcmp(name, "IDAT", 4) == 0) return false;
    at += (size_t)n + 12;
  }
}

// The chunks before the image data, read without libpng, when png_read_info (with the options
// CSpritePNG_decode_rgba8 sets) would read them without an error or a warning and store the
// same header: the signature and IHDR (plain_header, within the size limits), then up to the
// first IDAT any ancillary chunks, which libpng skips after checking their CRC (it handles every
// ancillary chunk but tRNS as unknown, PNG_HANDLE_CHUNK_NEVER), and PLTE and tRNS, stored as
// png_handle_PLTE and png_handle_tRNS store them. Everything else is left to libpng for its own
// outcome: a CRC mismatch, a chunk over the 8 MiB libpng is allowed, an unknown critical
// chunk, a repeated, misplaced, empty or oversized PLTE or tRNS, tRNS in an image with alpha,
// PLTE in a grey or truecolour image (libpng keeps it as a suggested palette; rare), a palette
// image without PLTE. On success `*idatAt` is where the first IDAT chunk starts; its length and
// the chunks after it are the whole-stream path's to check.
static bool read_plain_chunks(
  const uint8_t *bytes, size_t count, uint32_t maxWidth, uint32_t maxHeight, Header *h,
  size_t *idatAt
) {
#if !defined(PNG_HANDLE_AS_UNKNOWN_SUPPORTED)
  // This libpng reads the ancillary chunks, and may object to one.
  (void)bytes, (void)count, (void)maxWidth, (void)maxHeight, (void)h, (void)idatAt;
  return false;
#else
  uint32_t width, height;
  if (!plain_header(bytes, count, &width, &height) || width > maxWidth || height > maxHeight)
    return false;
  h->width = width;
  h->height = height;
  h->bitDepth = bytes[24];
  h->colorType = bytes[25];
  h->interlace = bytes[28];
  h->paletteCount = 0;
  h->transCount = 0;
  h->hasTransColor = false;
  bool haveTRNS = false;
  for (size_t at = 33;;) {
    if (at > count || count - at < 8) return false;
    uint32_t n = load_be32(bytes + at);
    const uint8_t *name = bytes + at + 4;
    if (!valid_chunk_name(name) || n > CSPRITEPNG_CHUNK_MALLOC_MAX) return false;
    if (memcmp(name, "IDAT", 4) == 0) {
      if (h->colorType == PNG_COLOR_TYPE_PALETTE && h->paletteCount == 0) return false;
      *idatAt = at;
      return true;
    }
    if (!intact_chunk(bytes, count, at, &n)) return false;
    const uint8_t *data = bytes + at + 8;
    if (memcmp(name, "PLTE", 4) == 0) {
      if (h->colorType != PNG_COLOR_TYPE_PALETTE || h->paletteCount != 0 || n == 0 || n % 3 != 0 ||
          n / 3 > (1u << h->bitDepth))
        return false;
      h->paletteCount = (int)(n / 3);
      memcpy(h->palette, data, n);
    } else if (memcmp(name, "tRNS", 4) == 0) {
      if (haveTRNS) return false;
      haveTRNS = true;
      switch (h->colorType) {
      case PNG_COLOR_TYPE_PALETTE:
        if (h->paletteCount == 0 || n == 0 || n > (uint32_t)h->paletteCount) return false;
        h->transCount = (int)n;
        memcpy(h->transAlpha, data, n);
        break;
      case PNG_COLOR_TYPE_GRAY:
        if (n != 2) return false;
        h->hasTransColor = true;
        h->transColor[0] = (uint16_t)(data[0] << 8 | data[1]);
        break;
      case PNG_COLOR_TYPE_RGB:
        if (n != 6) return false;
        h->hasTransColor = true;
        for (int i = 0; i < 3; i++) {
          h->transColor[i] = (uint16_t)(data[2 * i] << 8 | data[2 * i + 1]);
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

// Paeth predictor, PNG section 9.4.
static inline uint8_t paeth(int a, int b, int c) {
  int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
  if (pa <= pb && pa <= pc) return (uint8_t)a;
  return (uint8_t)(pb <= pc ? b : c);
}

#if defined(__SSE2__)
// Sub, Average and Paeth carry a dependency from each pixel to the next, so they vectorise across
// the bytes of one pixel (3 to 8 bytes in 16-bit lanes), not across pixels; Up has no such
// dependency and is left to the compiler.
static inline __m128i load_pixel(const uint8_t *p, size_t bpp) {
  uint64_t v = 0;
  memcpy(&v, p, bpp);
  return _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)&v), _mm_setzero_si128());
}

static inline void store_pixel(uint8_t *p, __m128i x, size_t bpp) {
  uint64_t v;
  _mm_storel_epi64((__m128i *)&v, _mm_packus_epi16(x, x));
  memcpy(p, &v, bpp);
}

static inline __m128i abs16(__m128i x) {
  return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

// Filters 1, 3 and 4 for pixels of 3 to 8 bytes; the 16-bit lanes hold one channel each and are
// reduced to 8 bits (mod 256) as each pixel is stored.
static inline __attribute__((always_inline)) void unfilter_pixels_sse2(
  uint8_t *dst, const uint8_t *src, const uint8_t *prev, size_t n, size_t bpp, uint8_t filter
) {
  const __m128i lowByte = _mm_set1_epi16(0xFF);
  __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
  for (size_t i = 0; i < n; i += bpp) {
    __m128i x = load_pixel(src + i, bpp);
    if (filter == 1) {
      x = _mm_add_epi16(x, a);
    } else {
      __m128i b = load_pixel(prev + i, bpp);
      if (filter == 3) {
        x = _mm_add_epi16(x, _mm_srli_epi16(_mm_add_epi16(a, b), 1));
      } else {
        // pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|; a wins ties, then b (section 9.4).
        __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
        __m128i pc = abs16(_mm_add_epi16(pa, pb));
        pa = abs16(pa);
        pb = abs16(pb);
        __m128i notA = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
        __m128i useC = _mm_and_si128(notA, _mm_cmpgt_epi16(pb, pc));
        __m128i bOrC = _mm_or_si128(_mm_and_si128(useC, c), _mm_andnot_si128(useC, b));
        __m128i pred = _mm_or_si128(_mm_and_si128(notA, bOrC), _mm_andnot_si128(notA, a));
        x = _mm_add_epi16(x, pred);
        c = b;
      }
    }
    a = _mm_and_si128(x, lowByte);
    store_pixel(dst + i, a, bpp);
  }
}
#endif

// Reverses one row's filter (PNG section 9.2) from `src` into `dst` (which may be `src`), with
// `prev` the previous row already unfiltered (zeros for the first row). False for a filter type
// above 4, which libpng refuses.
static bool unfilter_row(
  uint8_t *dst, const uint8_t *src, const uint8_t *prev, size_t n, size_t bpp, uint8_t filter
) {
  size_t i;
  if (filter > 4) return false;
  if (filter == 0) {
    if (dst != src) memcpy(dst, src, n);
    return true;
  }
  if (filter == 2) {
    for (i = 0; i < n; i++) dst[i] = (uint8_t)(src[i] + prev[i]);
    return true;
  }
#if defined(__SSE2__)
  // One copy per pixel size, so that every pixel load and store is of a constant size.
  switch (bpp) {
  case 3: unfilter_pixels_sse2(dst, src, prev, n, 3, filter); return true;
  case 4: unfilter_pixels_sse2(dst, src, prev, n, 4, filter); return true;
  case 6: unfilter_pixels_sse2(dst, src, prev, n, 6, filter); return true;
  case 8: unfilter_pixels_sse2(dst, src, prev, n, 8, filter); return true;
  default: break;
  }
#endif
  switch (filter) {
  case 1:
    for (i = 0; i < bpp; i++) dst[i] = src[i];
    for (; i < n; i++) dst[i] = (uint8_t)(src[i] + dst[i - bpp]);
    return true;
  case 3:
    for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(src[i] + (prev[i] >> 1));
    for (; i < n; i++) dst[i] = (uint8_t)(src[i] + ((dst[i - bpp] + prev[i]) >> 1));
    return true;
  default:
    for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(src[i] + prev[i]);
    for (; i < n; i++) dst[i] = (uint8_t)(src[i] + paeth(dst[i - bpp], prev[i], prev[i - bpp]));
    return true;
  }
}

// What the fast path needs to expand one format to RGBA, as libpng's png_do_expand,
// png_do_expand_palette, png_do_gray_to_rgb and png_do_read_filler would.
typedef struct {
  png_byte colorType;
  // 8; 1, 2 or 4 for grey and palette images (pixels packed into bytes, leftmost pixel in the
  // high bits: PNG section 7.2); 16 for the others (big-endian samples).
  png_byte bitDepth;
  size_t channels;
  // Palette images: RGBA per index; entries at and above `paletteCount` are never used.
  uint8_t palette[256][4];
  int paletteCount;
  // Grey and RGB images with a tRNS chunk: the transparent sample values (low bytes, as libpng
  // compares them for 8-bit images; for 1-, 2- and 4-bit grey, the value's low bits, as
  // png_do_expand masks it; all 16 bits for 16-bit images, which png_do_expand compares before
  // png_do_chop keeps each sample's high byte).
  bool hasKey;
  uint16_t key[3];
} Expansion;


// The header libpng read (after png_read_info).
static void header_from_libpng(png_structp png, png_infop info, Header *h) {
  memset(h, 0, sizeof *h);
  h->width = png_get_image_width(png, info);
  h->height = png_get_image_height(png, info);
  h->bitDepth = png_get_bit_depth(png, info);
  h->colorType = png_get_color_type(png, info);
  h->interlace = png_get_interlace_type(png, info);
  png_bytep transAlpha = NULL;
  int transCount = 0;
  png_color_16p transColor = NULL;
  bool hasTRNS = png_get_valid(png, info, PNG_INFO_tRNS) != 0 &&
    png_get_tRNS(png, info, &transAlpha, &transCount, &transColor) != 0 && transCount > 0;
  if (h->colorType == PNG_COLOR_TYPE_PALETTE) {
    png_colorp palette = NULL;
    int count = 0;
    if (png_get_PLTE(png, info, &palette, &count) != 0 && palette != NULL && count > 0) {
      h->paletteCount = count;
      for (int i = 0; i < count && i < 256; i++) {
        h->palette[i][0] = palette[i].red;
        h->palette[i][1] = palette[i].green;
        h->palette[i][2] = palette[i].blue;
      }
    }
    if (hasTRNS && transAlpha != NULL) {
      h->transCount = transCount;
      memcpy(h->transAlpha, transAlpha, transCount < 256 ? (size_t)transCount : 256);
    }
  } else if (hasTRNS && transColor != NULL) {
    h->hasTransColor = true;
    h->transColor[0] = h->colorType == PNG_COLOR_TYPE_GRAY ? transColor->gray : transColor->red;
    h->transColor[1] = transColor->green;
    h->transColor[2] = transColor->blue;
  }
}

static bool prepare_expansion(const Header *h, Expansion *e) {
  memset(e, 0, sizeof *e);
  e->colorType = (png_byte)h->colorType;
  e->bitDepth = (png_byte)h->bitDepth;
  bool packed = e->bitDepth == 1 || e->bitDepth == 2 || e->bitDepth == 4;
  if (e->bitDepth != 8 && e->bitDepth != 16 &&
      !(packed && (e->colorType == PNG_COLOR_TYPE_GRAY || e->colorType == PNG_COLOR_TYPE_PALETTE))) {
    return false;
  }
  if (e->bitDepth == 16 && e->colorType == PNG_COLOR_TYPE_PALETTE) return false;
  switch (e->colorType) {
  case PNG_COLOR_TYPE_GRAY:
    e->channels = 1;
    if (h->hasTransColor) {
      e->hasKey = true;
      e->key[0] = e->bitDepth == 16 ? h->transColor[0]
        : (uint16_t)(h->transColor[0] & (e->bitDepth == 8 ? 0xff : (1 << e->bitDepth) - 1));
    }
    return true;
  case PNG_COLOR_TYPE_RGB:
    e->channels = 3;
    if (h->hasTransColor) {
      e->hasKey = true;
      uint16_t mask = e->bitDepth == 16 ? 0xffff : 0xff;
      e->key[0] = h->transColor[0] & mask;
      e->key[1] = h->transColor[1] & mask;
      e->key[2] = h->transColor[2] & mask;
    }
    return true;
  case PNG_COLOR_TYPE_PALETTE: {
    int count = h->paletteCount;
    if (count < 1 || count > 256) return false;
    if (h->transCount > count) return false;
    for (int i = 0; i < count; i++) {
      e->palette[i][0] = h->palette[i][0];
      e->palette[i][1] = h->palette[i][1];
      e->palette[i][2] = h->palette[i][2];
      e->palette[i][3] = i < h->transCount ? h->transAlpha[i] : 0xFF;
    }
    e->paletteCount = count;
    e->channels = 1;
    return true;
  }
  case PNG_COLOR_TYPE_GRAY_ALPHA:
    e->channels = 2;
    return true;
  case PNG_COLOR_TYPE_RGB_ALPHA:
    e->channels = 4;
    return true;
  default:
    return false;
  }
}

// One row of 8- or 16-bit samples (`bytes` 1 or 2 per sample) to RGBA, as png_do_expand (alpha
// 0 where the whole sample, or all three, equal the tRNS key), png_do_gray_to_rgb,
// png_do_expand_palette and png_do_chop (a 16-bit sample's high byte) would. False for a palette
// index with no palette entry (libpng warns and paints it black; the caller leaves such files
// to libpng).
static inline __attribute__((always_inline)) bool expand_samples(
  const Expansion *e, const uint8_t *src, uint8_t *dst, size_t width, size_t bytes
) {
#define SAMPLE(p, i) (bytes == 2 ? (unsigned)(((p)[2 * (i)] << 8) | (p)[2 * (i) + 1]) : (unsigned)(p)[i])
  size_t x;
  switch (e->colorType) {
  case PNG_COLOR_TYPE_GRAY:
    for (x = 0; x < width; x++) {
      const uint8_t *p = src + bytes * x;
      dst[4 * x] = dst[4 * x + 1] = dst[4 * x + 2] = p[0];
      dst[4 * x + 3] = (e->hasKey && SAMPLE(p, 0) == e->key[0]) ? 0 : 0xFF;
    }
    return true;
  case PNG_COLOR_TYPE_RGB:
    for (x = 0; x < width; x++) {
      const uint8_t *p = src + 3 * bytes * x;
      dst[4 * x] = p[0];
      dst[4 * x + 1] = p[bytes];
      dst[4 * x + 2] = p[2 * bytes];
      dst[4 * x + 3] = (e->hasKey && SAMPLE(p, 0) == e->key[0] && SAMPLE(p, 1) == e->key[1] &&
                        SAMPLE(p, 2) == e->key[2]) ? 0 : 0xFF;
    }
    return true;
  case PNG_COLOR_TYPE_PALETTE:
    for (x = 0; x < width; x++) {
      uint8_t index = src[x];
      if (index >= e->paletteCount) return false;
      memcpy(dst + 4 * x, e->palette[index], 4);
    }
    return true;
  case PNG_COLOR_TYPE_GRAY_ALPHA:
    for (x = 0; x < width; x++) {
      const uint8_t *p = src + 2 * bytes * x;
      dst[4 * x] = dst[4 * x + 1] = dst[4 * x + 2] = p[0];
      dst[4 * x + 3] = p[bytes];
    }
    return true;
  case PNG_COLOR_TYPE_RGB_ALPHA:
    if (bytes == 1) {
      memcpy(dst, src, 4 * width);
      return true;
    }
    for (x = 0; x < width; x++) {
      const uint8_t *p = src + 8 * x;
      dst[4 * x] = p[0];
      dst[4 * x + 1] = p[2];
      dst[4 * x + 2] = p[4];
      dst[4 * x + 3] = p[6];
    }
    return true;
  default:
    return false;
  }
#undef SAMPLE
}

// One unfiltered row to RGBA (see expand_samples; packed pixels here).
static bool expand_row(const Expansion *e, const uint8_t *src, uint8_t *dst, size_t width) {
  if (e->bitDepth == 16) return expand_samples(e, src, dst, width, 2);
  if (e->bitDepth == 8) return expand_samples(e, src, dst, width, 1);
  // png_do_unpack, then png_do_expand_palette, or png_do_expand's scaling of grey to 8 bits
  // (v × 255 / (2^depth − 1)) with alpha 0 where the unscaled value equals the tRNS key.
  unsigned depth = e->bitDepth, mask = (1u << depth) - 1, scale = 255 / mask;
  for (size_t x = 0; x < width; x++) {
    size_t bit = x * depth;
    unsigned v = (src[bit >> 3] >> (8 - depth - (bit & 7))) & mask;
    if (e->colorType == PNG_COLOR_TYPE_PALETTE) {
      if ((int)v >= e->paletteCount) return false;
      memcpy(dst + 4 * x, e->palette[v], 4);
    } else {
      uint8_t g = (uint8_t)(v * scale);
      dst[4 * x] = dst[4 * x + 1] = dst[4 * x + 2] = g;
      dst[4 * x + 3] = (e->hasKey && v == e->key[0]) ? 0 : 0xFF;
    }
  }
  return true;
}

// One libdeflate decompressor per thread, made on first use and freed when the thread ends.
// Making one costs about as much as inflating a 32x32 sprite (it zeroes its ~30 KB of tables);
// libdeflate keeps no state between calls, so a thread may reuse its own. NULL when the key
// or the decompressor cannot be made: the caller then makes a short-lived one.
static pthread_key_t decompressorKey;
static bool decompressorKeyMade = false;
static pthread_once_t decompressorKeyOnce = PTHREAD_ONCE_INIT;

static void free_decompressor(void *d) {
  libdeflate_free_decompressor((struct libdeflate_decompressor *)d);
}

static void make_decompressor_key(void) {
  decompressorKeyMade = pthread_key_create(&decompressorKey, free_decompressor) == 0;
}

static struct libdeflate_decompressor *thread_decompressor(void) {
  if (pthread_once(&decompressorKeyOnce, make_decompressor_key) != 0 || !decompressorKeyMade)
    return NULL;
  struct libdeflate_decompressor *d = pthread_getspecific(decompressorKey);
  if (d != NULL) return d;
  d = libdeflate_alloc_decompressor();
  if (d != NULL && pthread_setspecific(decompressorKey, d) != 0) {
    libdeflate_free_decompressor(d);
    return NULL;
  }
  return d;
}

// Inflates the run of IDAT chunks that starts at `at` (its header) into `raw`, which must come
// out exactly full, with the zlib stream ending exactly at the end of the last IDAT chunk. On
// success `*trailer` is the offset of the first chunk after the run.
//
// The stream is inflated in one call with libdeflate (about twice as fast as zlib's inflate on
// these images, which libpng would inflate row by row), after the checks zlib's inflate makes
// of the zlib header. The chunks' data is used in place when one IDAT holds it all, else copied
// together. Nothing is reported from here: every failure leaves the image to libpng.
static bool inflate_image_data(
  const uint8_t *bytes, size_t count, size_t at, uint8_t *raw, size_t rawCount, size_t *trailer
) {
  if (at > count || count - at < 12) return false;
  // The run of IDAT chunks, each intact; the stream must end in the last one, so a trailing
  // empty IDAT (one zlib would meet after the end of the stream) is left to libpng too.
  size_t total = 0, chunks = 0, lastLength = 0;
  const uint8_t *only = NULL;
  for (size_t next = at;;) {
    uint32_t n;
    if (next > count || count - next < 8 || memcmp(bytes + next + 4, "IDAT", 4) != 0) break;
    if (!intact_chunk(bytes, count, next, &n)) return false;
    if (n > 0) {
      only = bytes + next + 8;
      chunks += 1;
      total += n;
    }
    lastLength = n;
    next += (size_t)n + 12;
    *trailer = next;
  }
  // Two header bytes, at least one byte of deflate data, the four bytes of the Adler-32.
  if (lastLength == 0 || total < 7) return false;

  uint8_t *joined = NULL;
  const uint8_t *stream = only;
  if (chunks > 1) {
    joined = (uint8_t *)malloc(total);
    if (joined == NULL) return false;
    size_t filled = 0;
    for (size_t next = at; next < *trailer;) {
      uint32_t n = load_be32(bytes + next);
      memcpy(joined + filled, bytes + next + 8, n);
      filled += n;
      next += (size_t)n + 12;
    }
    stream = joined;
  }
  // libpng inflates with the window size the zlib header asks for, row by row, so a distance
  // further back than that window but within the image fails there and not here. The two agree
  // when the window is zlib's largest (no distance can exceed it) or holds the whole image.
  // Also what zlib's inflate refuses in the header (RFC 1950, 2.2): a method other than
  // deflate, a check value that does not divide, a preset dictionary.
  uint8_t cmf = stream[0], flg = stream[1];
  unsigned windowBits = (cmf >> 4) + 8;
  bool windowOK = windowBits == 15 || (windowBits < 15 && ((size_t)1 << windowBits) >= rawCount);
  bool headerOK = windowOK && (cmf & 0x0F) == 8 && ((unsigned)cmf * 256 + flg) % 31 == 0 &&
    (flg & 0x20) == 0;
  if (!headerOK) {
    free(joined);
    return false;
  }
  bool ok = false;
  struct libdeflate_decompressor *shared = thread_decompressor();
  struct libdeflate_decompressor *d = shared != NULL ? shared : libdeflate_alloc_decompressor();
  if (d != NULL) {
    size_t used = 0, produced = 0;
    // The raw deflate data after the header. The Adler-32 after it is not checked, as libpng
    // does not with PNG_IGNORE_ADLER32 (set below): the chunk CRCs cover the same bytes. It must
    // be all that follows the deflate data, as zlib wants it whole and libpng warns of more.
    enum libdeflate_result r = libdeflate_deflate_decompress_ex(
      d, stream + 2, total - 2, raw, rawCount, &used, &produced);
    ok = r == LIBDEFLATE_SUCCESS && produced == rawCount && used + 2 + 4 == total;
    if (d != shared) libdeflate_free_decompressor(d);
  }
  free(joined);
  return ok;
}

// Bytes per row of `width` pixels in `e`'s format (whole bytes for samples of 8 or 16 bits,
// packed pixels rounded up to a byte otherwise), or 0 when that does not fit in a size_t.
static size_t row_stride(const Expansion *e, size_t width) {
  size_t pixelBits = e->channels * e->bitDepth;
  if (pixelBits >= 8) {
    size_t pixelBytes = pixelBits / 8;
    return width > SIZE_MAX / pixelBytes - 1 ? 0 : width * pixelBytes;
  }
  return (width / 8) * pixelBits + ((width % 8) * pixelBits + 7) / 8;
}

// The seven Adam7 passes (PNG section 8.2): first column and row, column and row step.
static const uint8_t kAdam7[7][4] = {
  {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2},
};

// One reduced image of the stream: a whole non-interlaced image, or one Adam7 pass.
typedef struct {
  size_t x0, y0, dx, dy;  // where its pixels go in the image
  size_t width, height;   // its size; a pass may be empty (no rows at all in the stream)
  size_t stride;          // bytes per row, without the filter byte
} Pass;

// The fast path: true when the image is in `out`, every byte libpng would have written, and
// libpng would have read the rest of the file without complaint. `idatAt` is where the first
// IDAT chunk starts (its length). False leaves the image to libpng (the contents of `out` are
// then unspecified, and libpng rewrites them); after png_read_info, libpng goes on from the very
// same state.
static bool decode_whole_stream(
  const Header *h, const uint8_t *bytes, size_t count, size_t idatAt, uint8_t *out
) {
  int interlace = h->interlace;
  size_t width = h->width, height = h->height;
  if (interlace != PNG_INTERLACE_NONE && interlace != PNG_INTERLACE_ADAM7) return false;
  Expansion e;
  if (!prepare_expansion(h, &e)) return false;
  if (idatAt > count || count - idatAt < 8 || memcmp(bytes + idatAt + 4, "IDAT", 4) != 0)
    return false;
  if (width == 0 || height == 0) return false;

  // The reduced images in stream order, each row a filter byte and `stride` bytes (section 7.3).
  Pass passes[7];
  size_t passCount = 0, rawCount = 0, widest = 0;
  for (int p = 0; p < (interlace == PNG_INTERLACE_ADAM7 ? 7 : 1); p++) {
    Pass pass = {0, 0, 1, 1, width, height, 0};
    if (interlace == PNG_INTERLACE_ADAM7) {
      pass.x0 = kAdam7[p][0];
      pass.y0 = kAdam7[p][1];
      pass.dx = kAdam7[p][2];
      pass.dy = kAdam7[p][3];
      pass.width = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0;
      pass.height = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0;
      if (pass.width == 0 || pass.height == 0) continue;
    }
    pass.stride = row_stride(&e, pass.width);
    if (pass.stride == 0 || pass.stride > CSPRITEPNG_WHOLE_STREAM_MAX) return false;
    size_t rowSize = pass.stride + 1;
    if (pass.height > (CSPRITEPNG_WHOLE_STREAM_MAX - rawCount) / rowSize) return false;
    rawCount += rowSize * pass.height;
    if (pass.stride > widest) widest = pass.stride;
    passes[passCount++] = pass;
  }
  // One zero row in front stands for the row above the first row of every pass; the row of
  // RGBA pixels after the data holds an interlaced pass's expanded row before it is scattered.
  size_t zeroSize = widest + 1;
  size_t spareSize = interlace == PNG_INTERLACE_ADAM7 ? width * 4 : 0;
  uint8_t *raw = (uint8_t *)malloc(zeroSize + rawCount + spareSize);
  if (raw == NULL) return false;
  memset(raw, 0, zeroSize);
  uint8_t *data = raw + zeroSize;
  size_t trailer = 0;
  bool ok =
    inflate_image_data(bytes, count, idatAt, data, rawCount, &trailer) &&
    clean_trailer(bytes, count, trailer);
  // Bytes between a pixel and the one before it for the filters: at least one.
  size_t bpp = (e.channels * e.bitDepth + 7) / 8;
  bool interlaced = interlace == PNG_INTERLACE_ADAM7;
  // 8-bit RGBA rows of a plain image are the output rows: unfiltered straight into `out`.
  bool direct = !interlaced && e.colorType == PNG_COLOR_TYPE_RGB_ALPHA && e.bitDepth == 8;
  uint8_t *spare = data + rawCount;
  uint8_t *rows = data;
  for (size_t p = 0; ok && p < passCount; p++) {
    const Pass *pass = &passes[p];
    size_t rowSize = pass->stride + 1;
    const uint8_t *prev = raw + 1;
    for (size_t y = 0; ok && y < pass->height; y++) {
      uint8_t *row = rows + y * rowSize;
      if (direct) {
        uint8_t *dst = out + y * pass->stride;
        ok = unfilter_row(dst, row + 1, prev, pass->stride, bpp, row[0]);
        prev = dst;
        continue;
      }
      ok = unfilter_row(row + 1, row + 1, prev, pass->stride, bpp, row[0]) &&
        expand_row(&e, row + 1, interlaced ? spare : out + y * width * 4, pass->width);
      prev = row + 1;
      if (ok && interlaced) {
        uint8_t *dst = out + ((pass->y0 + y * pass->dy) * width + pass->x0) * 4;
        for (size_t x = 0; x < pass->width; x++) memcpy(dst + x * pass->dx * 4, spare + 4 * x, 4);
      }
    }
    rows += rowSize * pass->height;
  }
  free(raw);
  return ok;
}

CSpritePNG_Status CSpritePNG_decode_rgba8(
  const uint8_t *bytes, size_t count, uint8_t *out, size_t outCapacity,
  uint32_t maxWidth, uint32_t maxHeight, bool allowWholeStream, CSpritePNG_Path *path,
  char *msg, size_t cap
) {
  if (path != NULL) *path = CSpritePNG_PathLibpngRows;
  ReadContext ctx;
  begin_read(&ctx, bytes, count, msg, cap);
  if (!has_magic(bytes, count)) {
    copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  if (allowWholeStream) {
    Header header;
    size_t idatAt = 0;
    if (read_plain_chunks(bytes, count, maxWidth, maxHeight, &header, &idatAt) &&
        outCapacity / 4 / header.width == header.height &&
        outCapacity % ((size_t)header.width * 4) == 0 &&
        decode_whole_stream(&header, bytes, count, idatAt, out)) {
      if (path != NULL) *path = CSpritePNG_PathWithoutLibpng;
      return CSpritePNG_StatusOK;
    }
  }
  if (!libpng_available(msg, cap)) return CSpritePNG_StatusLibpngError;
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
#if defined(PNG_HANDLE_AS_UNKNOWN_SUPPORTED)
  // Every ancillary chunk but tRNS is skipped (libpng's list for -1), its CRC still checked:
  // with no gamma or colour management none of them changes a pixel, and handling them cost up
  // to a twentieth of decoding (inflating zTXt, iTXt and iCCP). Their handlers only ever warn,
  // except for a chunk before IHDR, which the IHDR read that precedes every decode rejects.
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
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
  // Exact size, so that on success every byte of `out` has been written.
  if (outCapacity / 4 / w != h || outCapacity % ((size_t)w * 4) != 0) {
    copy_message(&ctx.messages, "output buffer size is not width * height * 4");
    status = CSpritePNG_StatusBufferTooSmall;
    goto done;
  }
  // png_read_info stops right after the first IDAT chunk's length and type.
  if (allowWholeStream && ctx.offset >= 8) {
    Header header;
    header_from_libpng(png, info, &header);
    if (decode_whole_stream(&header, bytes, count, ctx.offset - 8, out)) {
      if (path != NULL) *path = CSpritePNG_PathWholeStream;
      goto done;
    }
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
  if (!libpng_available(msg, cap)) return CSpritePNG_StatusLibpngError;

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
