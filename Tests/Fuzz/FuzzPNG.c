// libFuzzer target for the CSpritePNG shim (built and run by scripts/fuzz-png.sh, not by SwiftPM).
//
// Each input is decoded as it is and, when that changes it, again with every chunk CRC repaired
// (so that mutations reach the chunk contents and the image data), and again with the zlib
// Adler-32 of the image data repaired too, as zlib inflates it with its largest window (so that
// damaged deflate data reaches the window-size rule, the stream's end and the unfilter code). For each, the invariants:
// no crash and no out-of-bounds access (AddressSanitizer, UndefinedBehaviorSanitizer); the
// shim's own IHDR read and libpng's agree; the decode with the whole-stream fast path allowed
// and libpng's row reads alone give the same status, the same message and the same pixels; the
// decoded pixels, encoded by the shim in both formats, decode back to the same pixels.
#include "CSpritePNG.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// Small limits keep each run fast and its memory bounded (at most 4 MiB of pixels per decode).
enum { kMaxSide = 2048, kMaxPixels = 1 << 20 };

static void require(int holds, const char *what) {
  if (holds) return;
  fprintf(stderr, "fuzz-png: invariant broken: %s\n", what);
  abort();
}

static uint32_t load_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

// Encodes `pixels` in each format and requires the file to decode (both paths) to them again.
static void encode_round_trip(const uint8_t *pixels, uint32_t w, uint32_t h) {
  size_t count = (size_t)w * h * 4, bound = CSpritePNG_encode_bound(w, h);
  require(bound > 0, "no encode bound for a decodable size");
  uint8_t *png = malloc(bound), *back = malloc(count);
  require(png != NULL && back != NULL, "out of memory");
  char msg[256];
  CSpritePNG_Format formats[2] = {CSpritePNG_FormatSmallest, CSpritePNG_FormatRGBA8};
  for (int f = 0; f < 2; f++) {
    size_t written = 0;
    require(
      CSpritePNG_encode(pixels, w, h, formats[f], png, bound, &written, msg, sizeof msg) ==
        CSpritePNG_StatusOK, "the encoder refused decoded pixels");
    for (int fast = 0; fast < 2; fast++) {
      require(
        CSpritePNG_decode_rgba8(
          png, written, back, count, kMaxSide, kMaxSide, fast, NULL, msg, sizeof msg) ==
          CSpritePNG_StatusOK, "an encoded file does not decode");
      require(memcmp(back, pixels, count) == 0, "an encoded file decodes to other pixels");
    }
  }
  free(png);
  free(back);
}

static void decode_both_ways(const uint8_t *data, size_t size) {
  char fastMsg[256], rowsMsg[256];
  uint32_t w = 0, h = 0, w2 = 0, h2 = 0;
  CSpritePNG_Status header =
    CSpritePNG_read_info(data, size, true, &w, &h, fastMsg, sizeof fastMsg);
  CSpritePNG_Status header2 =
    CSpritePNG_read_info(data, size, false, &w2, &h2, rowsMsg, sizeof rowsMsg);
  require(header == header2 && w == w2 && h == h2, "the shim's IHDR read and libpng's differ");
  if (header != CSpritePNG_StatusOK) {
    require(strcmp(fastMsg, rowsMsg) == 0, "IHDR messages differ");
    return;
  }
  if (w > kMaxSide || h > kMaxSide || (uint64_t)w * h > kMaxPixels) return;
  size_t count = (size_t)w * h * 4;
  uint8_t *fast = malloc(count), *rows = malloc(count);
  require(fast != NULL && rows != NULL, "out of memory");
  CSpritePNG_Path path = CSpritePNG_PathLibpng;
  CSpritePNG_Status a = CSpritePNG_decode_rgba8(
    data, size, fast, count, kMaxSide, kMaxSide, true, &path, fastMsg, sizeof fastMsg);
  CSpritePNG_Status b = CSpritePNG_decode_rgba8(
    data, size, rows, count, kMaxSide, kMaxSide, false, NULL, rowsMsg, sizeof rowsMsg);
  require(a == b, "the two paths end in different statuses");
  if (a == CSpritePNG_StatusOK) {
    require(memcmp(fast, rows, count) == 0, "the two paths give different pixels");
    encode_round_trip(fast, w, h);
  } else {
    require(path == CSpritePNG_PathLibpng, "the fast path reported a failure");
    require(strcmp(fastMsg, rowsMsg) == 0, "the two paths give different messages");
  }
  free(fast);
  free(rows);
}

// Rewrites the CRC of every complete chunk; true when one changed.
static int repair_crcs(uint8_t *data, size_t size) {
  int changed = 0;
  for (size_t at = 8; at <= size && size - at >= 12;) {
    uint32_t n = load_be32(data + at);
    if (n > size - at - 12) break;
    uint32_t crc = (uint32_t)crc32(0, data + at + 4, n + 4);
    uint8_t *stored = data + at + 8 + n;
    if (load_be32(stored) != crc) {
      stored[0] = (uint8_t)(crc >> 24);
      stored[1] = (uint8_t)(crc >> 16);
      stored[2] = (uint8_t)(crc >> 8);
      stored[3] = (uint8_t)crc;
      changed = 1;
    }
    at += (size_t)n + 12;
  }
  return changed;
}

// Rewrites the Adler-32 after the deflate data of the first run of IDAT chunks to match what
// zlib inflates from it (raw deflate, 32 KB window); true when it changed. The CRCs are then stale.
static int repair_adler32(uint8_t *data, size_t size) {
  static uint8_t joined[1 << 16], inflated[1 << 22];
  size_t where[64][2], runs = 0, total = 0;
  for (size_t at = 8; at <= size && size - at >= 12 && runs < 64;) {
    uint32_t n = load_be32(data + at);
    if (n > size - at - 12) break;
    int idat = memcmp(data + at + 4, "IDAT", 4) == 0;
    if (!idat && runs > 0) break;
    if (idat && n > 0) {
      if (n > sizeof joined - total) return 0;
      memcpy(joined + total, data + at + 8, n);
      where[runs][0] = at + 8;
      where[runs++][1] = n;
      total += n;
    }
    at += (size_t)n + 12;
  }
  if (total < 7) return 0;
  z_stream z;
  memset(&z, 0, sizeof z);
  require(inflateInit2(&z, -15) == Z_OK, "out of memory");
  z.next_in = joined + 2;
  z.avail_in = (uInt)(total - 2);
  z.next_out = inflated;
  z.avail_out = sizeof inflated;
  int r = inflate(&z, Z_FINISH);
  size_t used = z.total_in, produced = z.total_out;
  inflateEnd(&z);
  if (r != Z_STREAM_END || used + 6 > total) return 0;
  uint32_t adler = (uint32_t)adler32(1, inflated, (uInt)produced);
  uint8_t *check = joined + 2 + used;
  if (load_be32(check) == adler) return 0;
  for (int i = 0; i < 4; i++) check[i] = (uint8_t)(adler >> (24 - 8 * i));
  for (size_t i = 0, offset = 0; i < runs; offset += where[i][1], i++) {
    memcpy(data + where[i][0], joined + offset, where[i][1]);
  }
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  decode_both_ways(data, size);
  uint8_t *copy = malloc(size > 0 ? size : 1);
  require(copy != NULL, "out of memory");
  memcpy(copy, data, size);
  if (repair_crcs(copy, size)) decode_both_ways(copy, size);
  if (repair_adler32(copy, size)) {
    repair_crcs(copy, size);
    decode_both_ways(copy, size);
  }
  free(copy);
  return 0;
}
