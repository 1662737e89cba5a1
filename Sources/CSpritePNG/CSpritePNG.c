// CSpritePNG: every libpng call in the package lives here (ARCHITECTURE.md section 4), beside the
// whole-stream fast path that decodes ordinary files with zlib alone (see below).
//
// Each libpng entry point owns one setjmp, right after the libpng structs are created. on_error
// copies libpng's text into the caller's buffer and longjmps back; only C frames ever sit in
// between. Locals assigned after setjmp and read after a longjmp are volatile; the contexts below
// change only through pointers held by libpng, so they live in memory and are re-read.
//
// Both paths are strict in the same places (SPEC section 1): a bad CRC in any chunk, ancillary
// ones included, a wrong zlib Adler-32, and every libpng "benign" error are errors. The fast path
// never reports an error itself: anything it does not accept goes to libpng, whose outcome and
// words are then the answer, so the two paths can only differ by a fast-path bug (the
// differential tests and Tests/Fuzz look for one).
#include "CSpritePNG.h"

#include <png.h>
#include <limits.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#define ZLIB_CONST
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The largest chunk libpng may hold in memory or skip (iCCP, zTXt, an unknown chunk, ...).
#define CSPRITEPNG_CHUNK_MALLOC_MAX ((png_alloc_size_t)8 * 1024 * 1024)

static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// ---------------------------------------------------------------------------------------------
// libpng: contexts, callbacks and the strict read settings.

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

// ---------------------------------------------------------------------------------------------
// The header: signature and IHDR.

static uint32_t load_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

// An IHDR that libpng's png_read_info would accept, read without libpng: the full signature, a
// 13-byte IHDR with the right CRC and every value png_check_IHDR allows (sizes 1 to 2^31 - 1, a
// valid bit depth for the colour type, compression, filter and interlace methods libpng knows).
// Anything else goes to libpng for its exact error. Creating and destroying a libpng read struct
// was most of the cost of a header read.
static bool plain_header(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height) {
  static const uint8_t kIHDR[8] = {0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  if (count < 33 || memcmp(bytes, kSignature, 8) != 0 || memcmp(bytes + 8, kIHDR, 8) != 0)
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
  copy_message(&ctx.messages, "libpng stopped before reading past IHDR");
  return CSpritePNG_StatusLibpngError;
}

// ---------------------------------------------------------------------------------------------
// The whole-stream fast path of CSpritePNG_decode_rgba8.
//
// libpng inflates the image data one row at a time (png_read_IDAT_data gives zlib the row as its
// output buffer). zlib's fast decoding loop (inflate_fast) needs at least 258 bytes of output
// space, so for rows shorter than that (sprites up to 64 pixels wide) every byte goes through
// zlib's slow, one-symbol-at-a-time state machine. Here, for files whose chunks are ordinary,
// the shim reads the chunks itself, inflates the IDAT chunks in one zlib call (so zlib's fast
// loop runs, and zlib refuses what it refuses under libpng) into one buffer, unfilters it (PNG
// 3rd edition, sections 7.3, 8.2 and 9) pass by pass, expands it to RGBA as libpng's transforms
// would and, for Adam7, scatters it to its places. Whenever something is unusual (a CRC or Adler-32 mismatch, a chunk libpng
// would handle or refuse, extra data, a palette index out of range, ...) it returns false and
// libpng decodes the file from the start with the strict settings above.

// The most a whole-stream decode buffers (filtered rows); larger images use libpng's row reads,
// whose rows are then long enough for zlib's fast loop anyway.
#define CSPRITEPNG_WHOLE_STREAM_MAX ((size_t)16 * 1024 * 1024)

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
static bool intact_chunk(const uint8_t *bytes, size_t count, size_t at, uint32_t *length) {
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
static bool clean_trailer(const uint8_t *bytes, size_t count, size_t at) {
  for (;;) {
    uint32_t n;
    if (!intact_chunk(bytes, count, at, &n)) return false;
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
static bool read_plain_chunks(
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
  if (!plain_header(bytes, count, &width, &height) || width > maxWidth || height > maxHeight)
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
    if (!intact_chunk(bytes, count, at, &n)) return false;
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

// One row of 8- or 16-bit samples (`bytes` 1 or 2 per sample) to RGBA, as png_do_expand (alpha
// 0 where the whole sample, or all three, equal the tRNS key), png_do_gray_to_rgb,
// png_do_expand_palette and png_do_chop (a 16-bit sample's high byte) would. False for a palette
// index with no palette entry (libpng warns and paints it black; the caller leaves such files
// to libpng).
static inline __attribute__((always_inline)) bool expand_samples(
  const PlainImage *e, const uint8_t *src, uint8_t *dst, size_t width, size_t bytes
) {
#define SAMPLE(p, i) \
  (bytes == 2 ? (unsigned)(((p)[2 * (i)] << 8) | (p)[2 * (i) + 1]) : (unsigned)(p)[i])
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
static bool expand_row(const PlainImage *e, const uint8_t *src, uint8_t *dst, size_t width) {
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

// zlib inflates the image data here as it does for libpng, only in one call into the whole
// buffer: the same library on the same stream, so it refuses exactly what libpng's row reads
// refuse (libpng 1.6.39 pngrutil.c, png_inflate_claim and png_read_IDAT_data), and it checks the
// Adler-32 itself. What the two reads have in common, and where they could differ:
// - The window: libpng calls inflateInit2 with window bits 0, so zlib takes the size from the
//   zlib header and refuses a header asking for more than 32 KB (libpng's png_zlib_inflate
//   refuses it first, in its own words); PNG_MAXIMUM_INFLATE_WINDOW is not set here. zlib
//   checks each distance against the output of the current call plus its window of the earlier
//   output, so with libpng's row-sized calls a distance further back than a small window fails,
//   while one call here would allow it. The two agree when the window is 32 KB (no distance
//   goes further) or holds the whole image data; other files go to libpng.
// - The end: with benign errors as errors, libpng refuses output beyond the image ("Too much
//   image data"), data after the end of the stream in its IDAT chunk ("Extra compressed data")
//   and a stream that ends early ("Not enough image data"). Here the stream must end, Adler-32
//   checked, exactly when the image data is complete and exactly at the end of the last IDAT
//   chunk; a later IDAT chunk (which png_read_end skips once the stream has ended) is left to
//   libpng.

// Inflates the zlib stream `stream[0..<count]` into `raw`: true when it fills `raw` exactly and
// ends, Adler-32 matching, with the last byte of `stream`.
static bool inflate_whole(const uint8_t *stream, size_t count, uint8_t *raw, size_t rawCount) {
  unsigned windowBits = (stream[0] >> 4) + 8;
  if (windowBits > 15 || (windowBits < 15 && ((size_t)1 << windowBits) < rawCount)) return false;
  if (count > UINT_MAX || rawCount > UINT_MAX) return false;
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 0) != Z_OK) return false;
  z.next_in = stream;
  z.avail_in = (uInt)count;
  z.next_out = raw;
  z.avail_out = (uInt)rawCount;
  // Z_FINISH: the stream is all there; zlib then needs no window of its own.
  bool ok = inflate(&z, Z_FINISH) == Z_STREAM_END && z.avail_in == 0 && z.avail_out == 0;
  inflateEnd(&z);
  return ok;
}

// Inflates the run of IDAT chunks that starts at `at` (its header) into `raw`, which must come
// out exactly full, with the zlib stream ending exactly at the end of the last IDAT chunk (see
// above). On success `*trailer` is the offset of the first chunk after the run. The chunks' data
// is used in place when one IDAT holds it all, else copied together.
static bool inflate_image_data(
  const uint8_t *bytes, size_t count, size_t at, uint8_t *raw, size_t rawCount, size_t *trailer
) {
  // The run of IDAT chunks, each intact; the stream must end in the last one, so a trailing
  // empty IDAT (one zlib would meet after the end of the stream) is left to libpng too.
  size_t total = 0, chunks = 0, lastLength = 0;
  const uint8_t *only = NULL;
  for (size_t next = at; next <= count && count - next >= 8 &&
                         memcmp(bytes + next + 4, "IDAT", 4) == 0;) {
    uint32_t n;
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
  if (chunks == 1) return inflate_whole(only, total, raw, rawCount);
  uint8_t *joined = (uint8_t *)malloc(total);
  if (joined == NULL) return false;
  size_t filled = 0;
  for (size_t next = at; next < *trailer;) {
    uint32_t n = load_be32(bytes + next);
    memcpy(joined + filled, bytes + next + 8, n);
    filled += n;
    next += (size_t)n + 12;
  }
  bool ok = inflate_whole(joined, total, raw, rawCount);
  free(joined);
  return ok;
}

// Bytes per row of `width` pixels in `im`'s format (whole bytes for samples of 8 or 16 bits,
// packed pixels rounded up to a byte otherwise), or 0 when that does not fit in a size_t.
static size_t row_stride(const PlainImage *im, size_t width) {
  size_t pixelBits = im->channels * im->bitDepth;
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
// IDAT chunk starts. False leaves the image to libpng (the contents of `out` are then
// unspecified, and libpng rewrites them).
static bool decode_whole_stream(
  const PlainImage *im, const uint8_t *bytes, size_t count, size_t idatAt, uint8_t *out
) {
  size_t width = im->width, height = im->height;
  bool interlaced = im->interlace == PNG_INTERLACE_ADAM7;
  // The reduced images in stream order, each row a filter byte and `stride` bytes (section 7.3).
  Pass passes[7];
  size_t passCount = 0, rawCount = 0, widest = 0;
  for (int p = 0; p < (interlaced ? 7 : 1); p++) {
    Pass pass = {0, 0, 1, 1, width, height, 0};
    if (interlaced) {
      pass.x0 = kAdam7[p][0];
      pass.y0 = kAdam7[p][1];
      pass.dx = kAdam7[p][2];
      pass.dy = kAdam7[p][3];
      pass.width = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0;
      pass.height = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0;
      if (pass.width == 0 || pass.height == 0) continue;
    }
    pass.stride = row_stride(im, pass.width);
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
  size_t spareSize = interlaced ? width * 4 : 0;
  uint8_t *raw = (uint8_t *)malloc(zeroSize + rawCount + spareSize);
  if (raw == NULL) return false;
  memset(raw, 0, zeroSize);
  uint8_t *data = raw + zeroSize;
  size_t trailer = 0;
  bool ok =
    inflate_image_data(bytes, count, idatAt, data, rawCount, &trailer) &&
    clean_trailer(bytes, count, trailer);
  // Bytes between a pixel and the one before it for the filters: at least one.
  size_t bpp = (im->channels * im->bitDepth + 7) / 8;
  // 8-bit RGBA rows of a plain image are the output rows: unfiltered straight into `out`.
  bool direct = !interlaced && im->colorType == PNG_COLOR_TYPE_RGB_ALPHA && im->bitDepth == 8;
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
        expand_row(im, row + 1, interlaced ? spare : out + y * width * 4, pass->width);
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
    copy_message(&ctx.messages, "Not a PNG file");
    return CSpritePNG_StatusNotPNG;
  }
  if (allowWholeStream) {
    PlainImage image;
    size_t idatAt = 0;
    if (read_plain_chunks(bytes, count, maxWidth, maxHeight, &image, &idatAt) &&
        outCapacity / 4 / image.width == image.height &&
        outCapacity % ((size_t)image.width * 4) == 0 &&
        decode_whole_stream(&image, bytes, count, idatAt, out)) {
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
  // Reads the rest of the image data and the chunks after it with the info struct, so CRCs,
  // the Adler-32, misplaced or unknown critical chunks and IEND are all checked.
  png_read_end(png, info);

done:
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  return status;
}

// ---------------------------------------------------------------------------------------------
// Encoding.

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
