// CSpriteCurl: the libcurl shim. See include/CSpriteCurl.h for the contract.
#include "CSpriteCurl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

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

static int64_t monotonicMs(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Called by libcurl about once a second even when idle, and whenever data moves.
static int progress(void *user, curl_off_t dlt, curl_off_t dln, curl_off_t ult, curl_off_t uln) {
  (void)dlt; (void)ult; (void)uln;
  struct CSpriteCurl_Transfer *t = user;
  if (atomic_load(&t->cancelled)) return 1;
  int64_t now = monotonicMs();
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

static CSpriteCurl_Status classify(struct CSpriteCurl_Transfer *t, CURLcode code) {
  switch (code) {
  case CURLE_OK: return CSpriteCurl_StatusOK;
  case CURLE_UNSUPPORTED_PROTOCOL: case CURLE_URL_MALFORMAT:
    return CSpriteCurl_StatusUnsupportedURL;
  case CURLE_FILESIZE_EXCEEDED: return CSpriteCurl_StatusTooLarge;
  case CURLE_WRITE_ERROR:
    return t->overCap ? CSpriteCurl_StatusTooLarge : CSpriteCurl_StatusTransportError;
  case CURLE_ABORTED_BY_CALLBACK:
    if (atomic_load(&t->cancelled)) return CSpriteCurl_StatusCancelled;
    return t->stalled ? CSpriteCurl_StatusTimedOut : CSpriteCurl_StatusTransportError;
  case CURLE_OPERATION_TIMEDOUT: return CSpriteCurl_StatusTimedOut;
  // A connection that could not be made, or broke before or during the response (a body cut
  // short is CURLE_PARTIAL_FILE): all worth another attempt.
  case CURLE_COULDNT_RESOLVE_PROXY: case CURLE_COULDNT_RESOLVE_HOST:
  case CURLE_COULDNT_CONNECT: case CURLE_GOT_NOTHING: case CURLE_SEND_ERROR:
  case CURLE_RECV_ERROR: case CURLE_SSL_CONNECT_ERROR: case CURLE_PARTIAL_FILE:
    return CSpriteCurl_StatusConnectionFailed;
  case CURLE_OUT_OF_MEMORY: case CURLE_FAILED_INIT: return CSpriteCurl_StatusSetupFailed;
  default: return CSpriteCurl_StatusTransportError;
  }
}

CSpriteCurl_Status CSpriteCurl_transfer_result(CSpriteCurl_Transfer *transfer, int32_t *curlCode,
                                               char *msg, size_t cap) {
  CURLcode code = transfer->result;
  *curlCode = (int32_t)code;
  if (cap > 0) {
    const char *text = code == CURLE_OK ? ""
                       : transfer->errorBuffer[0] ? transfer->errorBuffer
                                                  : curl_easy_strerror(code);
    size_t n = strlen(text);
    if (n >= cap) n = cap - 1;
    memcpy(msg, text, n);
    msg[n] = 0;
  }
  return classify(transfer, code);
}

void CSpriteCurl_transfer_abort(CSpriteCurl_Transfer *transfer) {
  atomic_store(&transfer->cancelled, 1);
  transfer->result = CURLE_ABORTED_BY_CALLBACK;
}


long CSpriteCurl_get_long(CSpriteCurl_Transfer *transfer, CSpriteCurl_LongInfo info) {
  long value = 0;
  CURLcode code = CURLE_OK;
  switch (info) {
  case CSpriteCurl_LongInfoResponseCode:
    code = curl_easy_getinfo(transfer->easy, CURLINFO_RESPONSE_CODE, &value);
    break;
  case CSpriteCurl_LongInfoRedirectCount:
    code = curl_easy_getinfo(transfer->easy, CURLINFO_REDIRECT_COUNT, &value);
    break;
  case CSpriteCurl_LongInfoNewConnections:
    code = curl_easy_getinfo(transfer->easy, CURLINFO_NUM_CONNECTS, &value);
    break;
  }
  return code == CURLE_OK ? value : 0;
}

static const char *textOf(struct CSpriteCurl_Transfer *t, CSpriteCurl_TextInfo info,
                          size_t *length) {
  if (info == CSpriteCurl_TextInfoEffectiveURL) {
    char *url = NULL;
    if (curl_easy_getinfo(t->easy, CURLINFO_EFFECTIVE_URL, &url) != CURLE_OK || !url) return NULL;
    *length = strlen(url);
    return url;
  }
  int index = (int)info - 1;
  if (index < 0 || index >= kHeaderCount || t->headerLength[index] < 0) return NULL;
  *length = (size_t)t->headerLength[index];
  return t->header[index];
}

int64_t CSpriteCurl_text_length(CSpriteCurl_Transfer *transfer, CSpriteCurl_TextInfo info) {
  size_t length = 0;
  return textOf(transfer, info, &length) ? (int64_t)length : -1;
}

size_t CSpriteCurl_copy_text(CSpriteCurl_Transfer *transfer, CSpriteCurl_TextInfo info,
                             char *out, size_t cap) {
  size_t length = 0;
  const char *text = textOf(transfer, info, &length);
  if (!text) return 0;
  if (length > cap) length = cap;
  memcpy(out, text, length);
  return length;
}

size_t CSpriteCurl_body_length(CSpriteCurl_Transfer *transfer) { return transfer->length; }

size_t CSpriteCurl_copy_body(CSpriteCurl_Transfer *transfer, uint8_t *out, size_t cap) {
  size_t n = transfer->length < cap ? transfer->length : cap;
  if (n) memcpy(out, transfer->body, n);
  return n;
}

struct CSpriteCurl_Multi {
  CURLM *multi;
};

CSpriteCurl_Multi *CSpriteCurl_multi_new(long maxConnections) {
  struct CSpriteCurl_Multi *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->multi = curl_multi_init();
  if (!m->multi) { free(m); return NULL; }
  if (maxConnections > 0) curl_multi_setopt(m->multi, CURLMOPT_MAXCONNECTS, maxConnections);
  return m;
}

void CSpriteCurl_multi_free(CSpriteCurl_Multi *multi) {
  if (!multi) return;
  curl_multi_cleanup(multi->multi);
  free(multi);
}

bool CSpriteCurl_multi_add(CSpriteCurl_Multi *multi, CSpriteCurl_Transfer *transfer) {
  transfer->lastDownloaded = 0;
  transfer->lastProgressMs = monotonicMs();
  transfer->result = CURLE_FAILED_INIT;
  return curl_multi_add_handle(multi->multi, transfer->easy) == CURLM_OK;
}

void CSpriteCurl_multi_remove(CSpriteCurl_Multi *multi, CSpriteCurl_Transfer *transfer) {
  curl_multi_remove_handle(multi->multi, transfer->easy);
}

bool CSpriteCurl_multi_perform(CSpriteCurl_Multi *multi) {
  int running = 0;
  return curl_multi_perform(multi->multi, &running) == CURLM_OK;
}

CSpriteCurl_Transfer *CSpriteCurl_multi_next_done(CSpriteCurl_Multi *multi) {
  int left = 0;
  CURLMsg *message;
  while ((message = curl_multi_info_read(multi->multi, &left))) {
    if (message->msg != CURLMSG_DONE) continue;
    CURL *easy = message->easy_handle;
    CURLcode code = message->data.result;
    struct CSpriteCurl_Transfer *t = NULL;
    curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&t);
    curl_multi_remove_handle(multi->multi, easy);  // message is invalid from here on
    if (!t) continue;
    t->result = code;
    return t;
  }
  return NULL;
}

void CSpriteCurl_multi_wait(CSpriteCurl_Multi *multi, int maxWaitMs, bool idle) {
  long timeout = -1;
  if (!idle) curl_multi_timeout(multi->multi, &timeout);
  int wait = maxWaitMs;
  if (timeout >= 0 && timeout < wait) wait = (int)timeout;
  if (wait <= 0) return;
  curl_multi_poll(multi->multi, NULL, 0, wait, NULL);
}

void CSpriteCurl_multi_wakeup(CSpriteCurl_Multi *multi) { curl_multi_wakeup(multi->multi); }
