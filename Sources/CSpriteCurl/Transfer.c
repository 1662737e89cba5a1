// CSpriteCurl: the libcurl shim (see include/CSpriteCurl.h for the contract). This file: one
// transfer's setup, options and callbacks; its outcome is read in Results.c, and transfers run
// on the multi handle in Multi.c.
#include "Internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static pthread_once_t globalOnce = PTHREAD_ONCE_INIT;
static CURLcode globalResult = CURLE_FAILED_INIT;

static void globalInit(void) { globalResult = curl_global_init(CURL_GLOBAL_ALL); }

CSpriteCurl_Status CSpriteCurl_global_init(void) {
  pthread_once(&globalOnce, globalInit);
  return globalResult == CURLE_OK ? CSpriteCurl_StatusOK : CSpriteCurl_StatusSetupFailed;
}

static size_t writeBody(char *data, size_t size, size_t count, void *user) {
  struct CSpriteCurl_Transfer *t = user;
  size_t n = size * count;
  if (n > t->maxBytes - t->length) { t->overCap = true; return CURL_WRITEFUNC_ERROR; }
  if (t->length + n > t->capacity) {
    size_t want = t->capacity ? t->capacity : 16384;
    while (want < t->length + n) want *= 2;
    if (want > t->maxBytes) want = t->maxBytes;
    uint8_t *grown = realloc(t->body, want);
    if (!grown) return CURL_WRITEFUNC_ERROR;
    t->body = grown;
    t->capacity = want;
  }
  memcpy(t->body + t->length, data, n);
  t->length += n;
  return n;
}

static const char *const headerNames[kHeaderCount] = {
  "etag", "last-modified", "retry-after", "content-type"};

static size_t readHeader(char *data, size_t size, size_t count, void *user) {
  struct CSpriteCurl_Transfer *t = user;
  size_t n = size * count;
  if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) {  // a new response (e.g. after a redirect)
    for (int i = 0; i < kHeaderCount; i++) t->headerLength[i] = -1;
    return n;
  }
  for (int i = 0; i < kHeaderCount; i++) {
    size_t nameLength = strlen(headerNames[i]);
    if (n <= nameLength || data[nameLength] != ':') continue;
    if (strncasecmp(data, headerNames[i], nameLength) != 0) continue;
    size_t start = nameLength + 1, end = n;
    while (start < end && (data[start] == ' ' || data[start] == '\t')) start++;
    while (end > start && (data[end - 1] == '\r' || data[end - 1] == '\n' ||
                           data[end - 1] == ' ' || data[end - 1] == '\t')) end--;
    size_t length = end - start;
    if (length >= kHeaderCap) length = kHeaderCap - 1;
    memcpy(t->header[i], data + start, length);
    t->headerLength[i] = (int)length;
  }
  return n;
}

int64_t cscurl_monotonic_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Called by libcurl about once a second even when idle, and whenever data moves.
static int progress(void *user, curl_off_t dlt, curl_off_t dln, curl_off_t ult, curl_off_t uln) {
  (void)dlt; (void)ult; (void)uln;
  struct CSpriteCurl_Transfer *t = user;
  if (atomic_load(&t->cancelled)) return 1;
  int64_t now = cscurl_monotonic_ms();
  if (dln != t->lastDownloaded) {
    t->lastDownloaded = dln;
    t->lastProgressMs = now;
  } else if (t->noProgressMs > 0 && now - t->lastProgressMs >= t->noProgressMs) {
    t->stalled = true;
    return 1;
  }
  return 0;
}

static const char *schemeOf(const char *url) {
  if (strncasecmp(url, "https://", 8) == 0) return "https";
  if (strncasecmp(url, "http://", 7) == 0) return "http";
  if (strncasecmp(url, "file://", 7) == 0) return "file";
  return NULL;
}

CSpriteCurl_Transfer *CSpriteCurl_transfer_new(void) {
  struct CSpriteCurl_Transfer *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->easy = curl_easy_init();
  if (!t->easy) { free(t); return NULL; }
  atomic_init(&t->cancelled, 0);
  return t;
}

bool CSpriteCurl_transfer_prepare(CSpriteCurl_Transfer *t, const char *url, size_t maxBytes,
                                  bool allowFile, bool keepOptions, bool *kept) {
  *kept = false;
  const char *scheme = schemeOf(url);
  if (!scheme) return false;
  if (!allowFile && strcmp(scheme, "file") == 0) return false;
  CURL *e = t->easy;
  bool hadHeaders = t->headers != NULL;
  curl_slist_free_all(t->headers);
  t->headers = NULL;
  t->length = 0;
  t->overCap = false;
  atomic_store(&t->cancelled, 0);
  for (int i = 0; i < kHeaderCount; i++) t->headerLength[i] = -1;
  t->errorBuffer[0] = 0;
  t->stalled = false;
  t->result = CURLE_FAILED_INIT;
  if (keepOptions && t->prepared && t->maxBytes == maxBytes && t->allowFile == allowFile) {
    // Options persist across transfers on one handle (libcurl's curl_easy_perform docs), and
    // libcurl resets its per-transfer state itself: only the request's own options change.
    // curl_easy_reset and the options below were about a third of the shim's work per sprite.
    bool ok = curl_easy_setopt(e, CURLOPT_URL, url) == CURLE_OK;
    if (hadHeaders) ok &= curl_easy_setopt(e, CURLOPT_HTTPHEADER, NULL) == CURLE_OK;
    if (scheme != t->redirectScheme) {
      ok &= curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, scheme) == CURLE_OK;
      t->redirectScheme = scheme;
    }
    if (!ok) t->prepared = false;
    *kept = ok;
    return ok;
  }
  curl_easy_reset(e);  // keeps the handle's connection and DNS caches
  t->prepared = false;
  t->maxBytes = maxBytes;
  t->noProgressMs = 0;
  t->redirectScheme = scheme;
  t->allowFile = allowFile;
  bool ok = true;
  ok &= curl_easy_setopt(e, CURLOPT_URL, url) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_MAXREDIRS, 5L) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR,
                             allowFile ? "http,https,file" : "http,https") == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, scheme) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_FAILONERROR, 0L) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errorBuffer) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, writeBody) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_WRITEDATA, t) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, readHeader) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_HEADERDATA, t) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, progress) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_XFERINFODATA, t) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)maxBytes) == CURLE_OK;
  ok &= curl_easy_setopt(e, CURLOPT_PRIVATE, (void *)t) == CURLE_OK;
  t->prepared = ok;
  return ok;
}

void CSpriteCurl_transfer_free(CSpriteCurl_Transfer *transfer) {
  if (!transfer) return;
  curl_easy_cleanup(transfer->easy);
  curl_slist_free_all(transfer->headers);
  free(transfer->body);
  free(transfer);
}

bool CSpriteCurl_set_long(CSpriteCurl_Transfer *transfer, CSpriteCurl_LongOption option,
                          long value) {
  CURL *e = transfer->easy;
  switch (option) {
  case CSpriteCurl_LongOptionConnectTimeoutMs:
    return curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, value) == CURLE_OK;
  case CSpriteCurl_LongOptionTotalTimeoutMs:
    return curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, value) == CURLE_OK;
  case CSpriteCurl_LongOptionNoProgressMs:
    transfer->noProgressMs = value < 0 ? 0 : value;
    return true;
  case CSpriteCurl_LongOptionMaxRedirects:
    return curl_easy_setopt(e, CURLOPT_MAXREDIRS, value) == CURLE_OK;
  case CSpriteCurl_LongOptionMaxConnectionAgeSeconds:
    return curl_easy_setopt(e, CURLOPT_MAXAGE_CONN, value) == CURLE_OK;
  }
  return false;
}

bool CSpriteCurl_set_string(CSpriteCurl_Transfer *transfer, CSpriteCurl_StringOption option,
                            const char *value) {
  switch (option) {
  case CSpriteCurl_StringOptionUserAgent:
    return curl_easy_setopt(transfer->easy, CURLOPT_USERAGENT, value) == CURLE_OK;
  }
  return false;
}

bool CSpriteCurl_append_header(CSpriteCurl_Transfer *transfer, const char *line) {
  struct curl_slist *list = curl_slist_append(transfer->headers, line);
  if (!list) return false;
  transfer->headers = list;
  return curl_easy_setopt(transfer->easy, CURLOPT_HTTPHEADER, list) == CURLE_OK;
}
