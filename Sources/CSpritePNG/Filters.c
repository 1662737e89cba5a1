// Filtering for the encoder's RGBA8 files: one filter type per row, chosen by the least sum of
// absolute differences. (Indexed rows stay filter type 0, as 12.8 advises; Palette.c.)
//
// Section numbers are those of the PNG specification, second edition (W3C, ISO/IEC 15948:2003).
// Filter method 0 (9.2): None, Sub, Up and Paeth, each byte against the byte a pixel to the left
// (a), above (b) and above-left (c), read as 0 outside the image; Average is left out (9.3), as it
// made the SuperTux thumbnails larger in total. The choice per row is the heuristic of 12.8 that
// libpng also uses: the filtered bytes read as signed, the smallest sum of their magnitudes wins,
// ties to the lower type. Benchmarks/README.md has the measurements.

#include "Internal.h"

#include <string.h>

// |v| of a filtered byte read as signed: min(v, 256 - v), a form the vectoriser handles.
static inline uint8_t magnitude(uint8_t v) {
  uint8_t negated = (uint8_t)-v;
  return v < negated ? v : negated;
}

// The Paeth predictor (9.4): of a, b and c, the one nearest to a + b - c, ties to a then b.
static inline uint8_t paeth(int16_t a, int16_t b, int16_t c) {
  int16_t p1 = b - c, p2 = a - c, p3 = p1 + p2;
  int16_t pa = p1 < 0 ? -p1 : p1, pb = p2 < 0 ? -p2 : p2, pc = p3 < 0 ? -p3 : p3;
  return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

enum { NONE = 0, SUB = 1, UP = 2, PAETH = 4 };

// Writes the filter type byte and the row filtered with it; `prev` NULL on the first row.
static void filter_row(
  uint8_t type, const uint8_t *restrict row, const uint8_t *restrict prev, size_t n, size_t bpp,
  uint8_t *restrict out
) {
  *out++ = type;
  size_t lead = bpp < n ? bpp : n;
  switch (type) {
  case SUB:
    memcpy(out, row, lead);
    for (size_t i = bpp; i < n; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
    break;
  case UP:
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - prev[i]);
    break;
  case PAETH:
    for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prev[i]);
    for (size_t i = bpp; i < n; i++) {
      out[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prev[i], prev[i - bpp]));
    }
    break;
  default:
    memcpy(out, row, n);
  }
}

// The filter type of least sum for a row below another. Sums are kept in 16 bits over blocks of
// 256 bytes (at most 255 x 256), so the loop runs on eight lanes.
static uint8_t choose_filter(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp) {
  uint32_t none = 0, sub = 0, up = 0, pae = 0;
  size_t lead = bpp < n ? bpp : n;
  for (size_t i = 0; i < lead; i++) {
    none += magnitude(row[i]);
    sub += magnitude(row[i]);
    up += magnitude((uint8_t)(row[i] - prev[i]));
    pae += magnitude((uint8_t)(row[i] - prev[i]));
  }
  for (size_t start = lead; start < n; start += 256) {
    size_t end = n - start > 256 ? start + 256 : n;
    uint16_t t0 = 0, t1 = 0, t2 = 0, t4 = 0;
    for (size_t i = start; i < end; i++) {
      uint8_t x = row[i], a = row[i - bpp], b = prev[i], c = prev[i - bpp];
      t0 += magnitude(x);
      t1 += magnitude((uint8_t)(x - a));
      t2 += magnitude((uint8_t)(x - b));
      t4 += magnitude((uint8_t)(x - paeth(a, b, c)));
    }
    none += t0;
    sub += t1;
    up += t2;
    pae += t4;
  }
  uint8_t best = NONE;
  uint32_t least = none;
  if (sub < least) {
    best = SUB;
    least = sub;
  }
  if (up < least) {
    best = UP;
    least = up;
  }
  if (pae < least) best = PAETH;
  return best;
}

void cspng_filter_rows(
  const uint8_t *raw, uint32_t height, size_t rowBytes, size_t bpp, uint8_t *out
) {
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *row = raw + (size_t)y * rowBytes;
    uint8_t *to = out + (size_t)y * (rowBytes + 1);
    if (y == 0) {
      // Up and Paeth equal None and Sub on the first row (b = c = 0).
      uint32_t none = 0, sub = 0;
      for (size_t i = 0; i < rowBytes; i++) {
        none += magnitude(row[i]);
        sub += magnitude(i < bpp ? row[i] : (uint8_t)(row[i] - row[i - bpp]));
      }
      filter_row(sub < none ? SUB : NONE, row, NULL, rowBytes, bpp, to);
    } else {
      const uint8_t *prev = row - rowBytes;
      filter_row(choose_filter(row, prev, rowBytes, bpp), row, prev, rowBytes, bpp, to);
    }
  }
}
