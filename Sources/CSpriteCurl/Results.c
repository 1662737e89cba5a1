// The outcome of a finished transfer: its status, numbers, response headers and body.
#include "Internal.h"

#include <string.h>

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
