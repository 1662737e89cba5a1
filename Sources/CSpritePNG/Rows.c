// One row of image data: unfiltered (PNG section 9) and expanded to 8-bit RGBA as libpng's
// transforms would.

#include "Internal.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
bool cspng_unfilter_row(
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
bool cspng_expand_row(const PlainImage *e, const uint8_t *src, uint8_t *dst, size_t width) {
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
