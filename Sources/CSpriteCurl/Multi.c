// The multi handle: many transfers on one thread, with a wake-up for new work.
#include "Internal.h"

#include <stdlib.h>

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
  transfer->lastProgressMs = cscurl_monotonic_ms();
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
