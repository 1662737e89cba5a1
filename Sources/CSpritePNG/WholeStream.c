// The whole-stream fast path of CSpritePNG_decode_rgba8.
//
// libpng inflates the image data one row at a time (png_read_IDAT_data gives zlib the row as its
// output buffer). zlib's fast decoding loop (inflate_fast) needs at least 258 bytes of output
// space, so for rows shorter than that (sprites up to 64 pixels wide) every byte goes through
// zlib's slow, one-symbol-at-a-time state machine. Here, for files whose chunks are ordinary,
// the shim reads the chunks itself, inflates the IDAT chunks in one zlib call (so zlib's fast
// loop runs, and zlib refuses what it refuses under libpng) into one buffer, unfilters it (PNG
// 3rd edition, sections 7.3, 8.2 and 9) pass by pass, expands it to RGBA as libpng's transforms
// would and, for Adam7, scatters it to its places. Whenever something is unusual (a CRC or
// Adler-32 mismatch, a chunk libpng would handle or refuse, extra data, a palette index out of
// range, ...) it returns false and libpng decodes the file from the start with its strict
// settings (Read.c).

#include "Internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#define ZLIB_CONST
#include <zlib.h>

// The most a whole-stream decode buffers (filtered rows); larger images use libpng's row reads,
// whose rows are then long enough for zlib's fast loop anyway.
#define CSPRITEPNG_WHOLE_STREAM_MAX ((size_t)16 * 1024 * 1024)

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
    if (!cspng_intact_chunk(bytes, count, next, &n)) return false;
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
bool cspng_decode_whole_stream(
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
    cspng_clean_trailer(bytes, count, trailer);
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
        ok = cspng_unfilter_row(dst, row + 1, prev, pass->stride, bpp, row[0]);
        prev = dst;
        continue;
      }
      ok = cspng_unfilter_row(row + 1, row + 1, prev, pass->stride, bpp, row[0]) &&
        cspng_expand_row(im, row + 1, interlaced ? spare : out + y * width * 4, pass->width);
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
