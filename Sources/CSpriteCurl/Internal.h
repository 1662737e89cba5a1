// Declarations shared by the files of the CSpriteCurl shim; not part of its public header.
#ifndef CSPRITECURL_INTERNAL_H
#define CSPRITECURL_INTERNAL_H

#include "CSpriteCurl.h"

#include <curl/curl.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum { kHeaderCount = 4, kHeaderCap = 1024 };

struct CSpriteCurl_Transfer {
  CURL *easy;
  // True once a full prepare set every option: a prepare that keeps options may then skip them.
  bool prepared;
  // The scheme REDIR_PROTOCOLS_STR was last set to (one of schemeOf's literals).
  const char *redirectScheme;
  // Whether file:// was allowed at the last full prepare (PROTOCOLS_STR depends on it).
  bool allowFile;
  struct curl_slist *headers;
  uint8_t *body;
  size_t length;
  size_t capacity;
  size_t maxBytes;
  bool overCap;
  atomic_int cancelled;
  // No-progress timeout, checked in the xferinfo callback: 0 = off.
  long noProgressMs;
  int64_t lastProgressMs;
  curl_off_t lastDownloaded;
  bool stalled;
  // The CURLcode of the finished transfer.
  CURLcode result;
  // ETag, Last-Modified, Retry-After, Content-Type of the latest response; length -1 = absent.
  char header[kHeaderCount][kHeaderCap];
  int headerLength[kHeaderCount];
  char errorBuffer[CURL_ERROR_SIZE];
};

// Milliseconds on a monotonic clock, for the no-progress timeout.
int64_t cscurl_monotonic_ms(void);

#endif
