// decode_floor: the C floor for SpritePNG's decoder.
//
// Reads every *.png in a folder into memory once, then decodes all of them from memory with
// libpng's low-level API, PASSES times per repetition, REPS repetitions, and prints the time per
// pass (all files once) in nanoseconds. The transforms are the ones CSpritePNG_decode_rgba8 asks
// for (8-bit straight RGBA, no gamma), each image goes into its own malloc'd buffer, and
// png_read_end is called, so this is the least work any libpng-based decoder of the same contract
// can do. Sources/DecodeLoop/main.swift is the same loop over PNGDecoder().decode.
//
// Build: cc -O2 -o decode_floor decode_floor.c $(pkg-config --cflags --libs libpng)
// Usage: decode_floor DIR [PASSES [REPS]]   (PASSES 0 or absent: about 0.2 s per repetition)
// Output: one line of key=value pairs (see print_result), the same as DecodeLoop's.
#include <dirent.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  char *name;
  uint8_t *bytes;
  size_t count;
} File;

typedef struct {
  const uint8_t *bytes;
  size_t count;
  size_t offset;
} Reader;

static void read_bytes(png_structp png, png_bytep dst, size_t len) {
  Reader *r = (Reader *)png_get_io_ptr(png);
  if (len > r->count - r->offset) png_error(png, "PNG data ends unexpectedly");
  memcpy(dst, r->bytes + r->offset, len);
  r->offset += len;
}

static void on_error(png_structp png, png_const_charp text) {
  fprintf(stderr, "libpng error: %s\n", text);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

// Decodes one file to 8-bit RGBA and folds the pixels into *checksum. Returns 0 on success.
static int decode(const File *f, uint64_t *checksum) {
  Reader reader = {f->bytes, f->count, 0};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning);
  if (png == NULL) return -1;
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    return -1;
  }
  uint8_t *volatile pixels = NULL;
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(pixels);
    png_destroy_read_struct(&png, &info, NULL);
    return -1;
  }
  png_set_read_fn(png, &reader, read_bytes);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);

  png_set_expand(png);
  png_set_palette_to_rgb(png);
  png_set_tRNS_to_alpha(png);
  png_set_gray_to_rgb(png);
  png_set_strip_16(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, info);

  size_t rowBytes = png_get_rowbytes(png, info);
  if (rowBytes != (size_t)w * 4) png_error(png, "transforms did not give 4 bytes per pixel");
  pixels = (uint8_t *)malloc(rowBytes * h);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (pixels == NULL || rows == NULL) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * rowBytes;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);

  // A cheap fold over a few bytes per image, so the decode cannot be optimised away and both
  // programs can be checked to decode the same pixels (DecodeLoop folds the same way).
  uint64_t sum = *checksum;
  size_t n = rowBytes * h;
  for (size_t i = 0; i < n; i += 61) sum = sum * 31 + pixels[i];
  sum = sum * 31 + pixels[n - 1] + w * 7 + h;
  *checksum = sum;
  free(rows);
  free(pixels);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const File *)a)->name, ((const File *)b)->name);
}

static size_t load(const char *dir, File **out) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    perror(dir);
    exit(1);
  }
  size_t count = 0, cap = 16;
  File *files = malloc(cap * sizeof(File));
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len < 4 || strcmp(e->d_name + len - 4, ".png") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
      perror(path);
      exit(1);
    }
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *bytes = malloc(size > 0 ? (size_t)size : 1);
    if (size < 0 || fread(bytes, 1, (size_t)size, fp) != (size_t)size) {
      fprintf(stderr, "cannot read %s\n", path);
      exit(1);
    }
    fclose(fp);
    if (count == cap) files = realloc(files, (cap *= 2) * sizeof(File));
    files[count].name = strdup(e->d_name);
    files[count].bytes = bytes;
    files[count].count = (size_t)size;
    count++;
  }
  closedir(d);
  if (count == 0) {
    fprintf(stderr, "no .png files in %s\n", dir);
    exit(1);
  }
  qsort(files, count, sizeof(File), by_name);
  *out = files;
  return count;
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t pass(const File *files, size_t count) {
  uint64_t checksum = 0;
  for (size_t i = 0; i < count; i++) {
    if (decode(&files[i], &checksum) != 0) {
      fprintf(stderr, "decode failed: %s\n", files[i].name);
      exit(1);
    }
  }
  return checksum;
}

static int by_value(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s DIR [PASSES [REPS]]\n", argv[0]);
    return 2;
  }
  File *files;
  size_t count = load(argv[1], &files);
  long passes = argc > 2 ? atol(argv[2]) : 0;
  long reps = argc > 3 ? atol(argv[3]) : 7;
  if (reps < 1) reps = 1;

  // Warm-up pass; it also gives the checksum and, when PASSES is 0, the pass count.
  uint64_t t0 = now_ns();
  uint64_t checksum = pass(files, count);
  uint64_t once = now_ns() - t0;
  if (passes <= 0) {
    passes = (long)(200000000u / (once > 0 ? once : 1));
    if (passes < 1) passes = 1;
  }

  uint64_t *perPass = malloc((size_t)reps * sizeof(uint64_t));
  for (long r = 0; r < reps; r++) {
    uint64_t start = now_ns();
    for (long p = 0; p < passes; p++) {
      if (pass(files, count) != checksum) {
        fprintf(stderr, "checksum changed between passes\n");
        return 1;
      }
    }
    uint64_t elapsed = now_ns() - start;
    perPass[r] = elapsed / (uint64_t)passes;
  }
  qsort(perPass, (size_t)reps, sizeof(uint64_t), by_value);
  printf(
    "impl=c files=%zu passes=%ld reps=%ld best_ns=%llu median_ns=%llu checksum=%016llx\n", count,
    passes, reps, (unsigned long long)perPass[0], (unsigned long long)perPass[reps / 2],
    (unsigned long long)checksum);
  return 0;
}
