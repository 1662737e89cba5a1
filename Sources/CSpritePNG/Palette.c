// The encoder's palette: the distinct colours of an image, when there are at most 256, and its
// rows as packed indices.
//
// Section numbers are those of the PNG specification, second edition (W3C, ISO/IEC 15948:2003).
// Colour type 3 (11.2.2): PLTE (11.2.3) holds the colours with the non-opaque ones first, so
// tRNS (11.3.2.1) ends at the last of them; the bit depth is the smallest of 1, 2, 4 or 8 that
// holds the palette, pixels packed from the high bits of each byte (7.2), every row with filter
// type 0 (12.8 advises no filtering for indexed colour).

#include "Internal.h"

#include <string.h>

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

// The index of `pixel` in `colors` (order of first appearance), added when new; -1 when it would
// be colour 257. Open addressing over 512 slots, Fibonacci hashing (9 bits).
static inline int palette_index(Palette *p, uint32_t pixel) {
  uint32_t slot = (pixel * 0x9E3779B1u) >> 23;
  for (;;) {
    int16_t index = p->slots[slot];
    if (index < 0) {
      if (p->count == CSPNG_PALETTE_MAX) return -1;
      p->keys[slot] = pixel;
      p->slots[slot] = (int16_t)p->count;
      p->colors[p->count] = pixel;
      return p->count++;
    }
    if (p->keys[slot] == pixel) return index;
    slot = (slot + 1) & (CSPNG_PALETTE_SLOTS - 1);
  }
}

bool cspng_collect_palette(
  const uint8_t *pixels, size_t pixelCount, Palette *p, uint8_t *indices
) {
  memset(p->slots, 0xFF, sizeof p->slots);
  p->count = 0;
  p->changes = 0;
  uint32_t last = 0;
  uint8_t index = 0;
  for (size_t i = 0; i < pixelCount; i++) {
    uint32_t pixel = load_pixel(pixels + 4 * i);
    if (i == 0 || pixel != last) {
      int found = palette_index(p, pixel);
      if (found < 0) return false;
      index = (uint8_t)found;
      last = pixel;
      p->changes++;
    }
    indices[i] = index;
  }
  int next = 0;
  for (int i = 0; i < p->count; i++) {
    if (alpha_of(p->colors[i]) != 255) p->order[i] = (uint8_t)next++;
  }
  p->nonOpaque = next;
  for (int i = 0; i < p->count; i++) {
    if (alpha_of(p->colors[i]) == 255) p->order[i] = (uint8_t)next++;
  }
  p->depth = p->count <= 2 ? 1 : p->count <= 4 ? 2 : p->count <= 16 ? 4 : 8;
  return true;
}

void cspng_palette_entries(const Palette *p, uint8_t plte[], uint8_t trns[]) {
  for (int i = 0; i < p->count; i++) {
    uint8_t rgba[4];
    memcpy(rgba, &p->colors[i], 4);
    int at = p->order[i];
    memcpy(plte + 3 * at, rgba, 3);
    trns[at] = rgba[3];
  }
}

void cspng_pack_indices(
  const uint8_t *indices, uint32_t width, uint32_t height, const Palette *p, uint8_t *out
) {
  int depth = p->depth, perByte = 8 / depth;
  size_t rowBytes = ((size_t)width * (size_t)depth + 7) / 8;
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *src = indices + (size_t)y * width;
    uint8_t *row = out + (size_t)y * (rowBytes + 1);
    *row++ = 0;  // filter type 0
    if (depth == 8) {
      for (uint32_t x = 0; x < width; x++) row[x] = p->order[src[x]];
      continue;
    }
    memset(row, 0, rowBytes);
    for (uint32_t x = 0; x < width; x++) {
      unsigned shift = (unsigned)(8 - depth - (int)(x % (uint32_t)perByte) * depth);
      row[x / (uint32_t)perByte] |= (uint8_t)(p->order[src[x]] << shift);
    }
  }
}
