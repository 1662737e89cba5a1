// CSpriteCurl: the only code that talks to libcurl. Swift sees this header; <curl/curl.h> stays in
// the .c.
//
// Rules (ARCHITECTURE.md section 4): typed setters instead of the variadic curl_easy_setopt, all
// callbacks written in C, NOSIGNAL always on, results copied into caller-owned buffers, messages
// into a caller buffer, a closed status enum.
#ifndef CSPRITECURL_H
#define CSPRITECURL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a shim call. Swift imports it as a closed, exhaustively switchable enum.
typedef enum __attribute__((enum_extensibility(closed))) CSpriteCurl_Status {
  /// Success: a response (of any HTTP status) was received completely.
  CSpriteCurl_StatusOK = 0,
  /// The URL's scheme is not http, https or file, or a redirect tried another scheme.
  CSpriteCurl_StatusUnsupportedURL = 1,
  /// The body grew past the byte cap.
  CSpriteCurl_StatusTooLarge = 2,
  /// The transfer was taken off its multi (`CSpriteCurl_transfer_abort`) before it ended.
  CSpriteCurl_StatusCancelled = 3,
  /// The connect, no-progress or total timeout fired.
  CSpriteCurl_StatusTimedOut = 4,
  /// The connection could not be made, or broke before or during the response (worth a retry).
  CSpriteCurl_StatusConnectionFailed = 5,
  /// Any other libcurl failure; the CURLcode and message are reported.
  CSpriteCurl_StatusTransportError = 6,
  /// Memory or handle allocation failed, or an option was rejected.
  CSpriteCurl_StatusSetupFailed = 7,
} CSpriteCurl_Status;

/// Integer options a transfer accepts (mapped to CURLOPT_* inside the shim).
typedef enum __attribute__((enum_extensibility(closed))) CSpriteCurl_LongOption {
  /// CURLOPT_CONNECTTIMEOUT_MS.
  CSpriteCurl_LongOptionConnectTimeoutMs = 0,
  /// CURLOPT_TIMEOUT_MS (0 means no total limit).
  CSpriteCurl_LongOptionTotalTimeoutMs = 1,
  /// The no-progress timeout in milliseconds (0 = off): the transfer fails when no body byte
  /// arrives for this long. Checked in the xferinfo callback, which libcurl calls about once a
  /// second, so it fires up to a second late. (LOW_SPEED_LIMIT/TIME averages over a window and
  /// misses a stall that follows a burst, so it is not used.)
  CSpriteCurl_LongOptionNoProgressMs = 2,
  /// CURLOPT_MAXREDIRS.
  CSpriteCurl_LongOptionMaxRedirects = 3,
  /// CURLOPT_MAXAGE_CONN: seconds a connection may sit idle and still be reused.
  CSpriteCurl_LongOptionMaxConnectionAgeSeconds = 4,
} CSpriteCurl_LongOption;

/// String options a transfer accepts (mapped to CURLOPT_* inside the shim; libcurl copies them).
typedef enum __attribute__((enum_extensibility(closed))) CSpriteCurl_StringOption {
  /// CURLOPT_USERAGENT.
  CSpriteCurl_StringOptionUserAgent = 0,
} CSpriteCurl_StringOption;

/// Integer results of a finished transfer.
typedef enum __attribute__((enum_extensibility(closed))) CSpriteCurl_LongInfo {
  /// CURLINFO_RESPONSE_CODE (0 for file:// URLs).
  CSpriteCurl_LongInfoResponseCode = 0,
  /// CURLINFO_REDIRECT_COUNT.
  CSpriteCurl_LongInfoRedirectCount = 1,
  /// CURLINFO_NUM_CONNECTS: new connections the last transfer opened (0 when one was reused).
  CSpriteCurl_LongInfoNewConnections = 2,
} CSpriteCurl_LongInfo;

/// Text results of a finished transfer: the effective URL and captured response headers.
/// Headers are those of the last response (each redirect hop starts afresh).
typedef enum __attribute__((enum_extensibility(closed))) CSpriteCurl_TextInfo {
  /// CURLINFO_EFFECTIVE_URL.
  CSpriteCurl_TextInfoEffectiveURL = 0,
  /// The `ETag` header.
  CSpriteCurl_TextInfoETag = 1,
  /// The `Last-Modified` header.
  CSpriteCurl_TextInfoLastModified = 2,
  /// The `Retry-After` header.
  CSpriteCurl_TextInfoRetryAfter = 3,
  /// The `Content-Type` header.
  CSpriteCurl_TextInfoContentType = 4,
} CSpriteCurl_TextInfo;

/// One transfer: an easy handle, its body buffer, header capture and cancel flag. Opaque.
typedef struct CSpriteCurl_Transfer CSpriteCurl_Transfer;

/// Calls curl_global_init once (later calls return the first result); call it before any other
/// function. Fails with SetupFailed when libcurl could not initialise.
CSpriteCurl_Status CSpriteCurl_global_init(void);

/// Creates a reusable transfer (an easy handle plus buffers), or NULL when out of memory.
/// A transfer runs on a `CSpriteCurl_Multi`, which owns the connection cache; reuse transfers to
/// avoid allocating handles and buffers. It must be used by one thread at a time.
CSpriteCurl_Transfer *_Nullable CSpriteCurl_transfer_new(void);

/// Readies a transfer for `url` with a body cap of `maxBytes`; returns false when the scheme is
/// not http or https (or file, with `allowFile`) or an option was rejected. A full prepare resets
/// the handle's options and sets NOSIGNAL, FOLLOWLOCATION with MAXREDIRS 5, PROTOCOLS_STR
/// "http,https" (plus "file" with `allowFile`),
/// REDIR_PROTOCOLS_STR limited to the URL's own scheme, FAILONERROR off, an error buffer and a
/// MAXFILESIZE of `maxBytes`; the caller then sets its own options (set_long, set_string).
/// With `keepOptions`, a handle whose last prepare was full and succeeded, with the same
/// `maxBytes` and `allowFile`, keeps every option, the caller's too: only the URL, the redirect
/// scheme and the request headers (cleared) change, and `*kept` is set to true. Pass it only when
/// the caller's options would be the same; when `*kept` is false the prepare was full (or failed)
/// and the caller sets its options again.
bool CSpriteCurl_transfer_prepare(CSpriteCurl_Transfer *_Nonnull transfer,
                                  const char *_Nonnull url, size_t maxBytes, bool allowFile,
                                  bool keepOptions, bool *_Nonnull kept);

/// Frees a transfer and its buffers.
void CSpriteCurl_transfer_free(CSpriteCurl_Transfer *_Nullable transfer);

/// Sets an integer option; returns false if libcurl rejected it.
bool CSpriteCurl_set_long(CSpriteCurl_Transfer *_Nonnull transfer, CSpriteCurl_LongOption option,
                          long value);

/// Sets a string option; returns false if libcurl rejected it.
bool CSpriteCurl_set_string(CSpriteCurl_Transfer *_Nonnull transfer,
                            CSpriteCurl_StringOption option, const char *_Nonnull value);

/// Adds one request header line such as "If-None-Match: \"abc\""; returns false on failure.
bool CSpriteCurl_append_header(CSpriteCurl_Transfer *_Nonnull transfer,
                               const char *_Nonnull line);

/// The outcome of a finished transfer (after `CSpriteCurl_multi_next_done` returned it, or after
/// `CSpriteCurl_transfer_abort`): `*curlCode` receives the CURLcode and `msg` the error text
/// (empty on success).
CSpriteCurl_Status CSpriteCurl_transfer_result(CSpriteCurl_Transfer *_Nonnull transfer,
                                               int32_t *_Nonnull curlCode, char *_Nonnull msg,
                                               size_t cap);

/// Marks a transfer that will not run (or was taken out of its multi) as cancelled, so its result
/// is `CSpriteCurl_StatusCancelled`.
void CSpriteCurl_transfer_abort(CSpriteCurl_Transfer *_Nonnull transfer);

/// Reads an integer result; 0 when unavailable.
long CSpriteCurl_get_long(CSpriteCurl_Transfer *_Nonnull transfer, CSpriteCurl_LongInfo info);

/// The byte length of a text result (without NUL), or -1 when absent.
int64_t CSpriteCurl_text_length(CSpriteCurl_Transfer *_Nonnull transfer,
                                CSpriteCurl_TextInfo info);

/// Copies a text result into `out` (no NUL added); returns the bytes copied, at most `cap`.
size_t CSpriteCurl_copy_text(CSpriteCurl_Transfer *_Nonnull transfer, CSpriteCurl_TextInfo info,
                             char *_Nonnull out, size_t cap);

/// The number of body bytes received.
size_t CSpriteCurl_body_length(CSpriteCurl_Transfer *_Nonnull transfer);

/// Copies the body into `out`; returns the bytes copied, at most `cap`.
size_t CSpriteCurl_copy_body(CSpriteCurl_Transfer *_Nonnull transfer, uint8_t *_Nonnull out,
                             size_t cap);

/// A libcurl multi handle: runs many transfers on one thread and keeps one connection cache
/// and DNS cache for all of them. Opaque. Every function below except `CSpriteCurl_multi_wakeup`
/// must be called from the one thread that drives the multi.
typedef struct CSpriteCurl_Multi CSpriteCurl_Multi;

/// Creates a multi handle keeping up to `maxConnections` idle connections, or NULL on failure.
CSpriteCurl_Multi *_Nullable CSpriteCurl_multi_new(long maxConnections);

/// Frees a multi handle and closes its connections; no transfer may still be added to it.
void CSpriteCurl_multi_free(CSpriteCurl_Multi *_Nullable multi);

/// Starts a prepared transfer on the multi; false if libcurl refused it.
bool CSpriteCurl_multi_add(CSpriteCurl_Multi *_Nonnull multi,
                           CSpriteCurl_Transfer *_Nonnull transfer);

/// Takes a running transfer out of the multi without a result (see `CSpriteCurl_transfer_abort`).
void CSpriteCurl_multi_remove(CSpriteCurl_Multi *_Nonnull multi,
                              CSpriteCurl_Transfer *_Nonnull transfer);

/// Moves every transfer on as far as it goes without blocking; returns false on a multi error.
bool CSpriteCurl_multi_perform(CSpriteCurl_Multi *_Nonnull multi);

/// The next finished transfer, already taken out of the multi with its result recorded, or NULL
/// when none has finished.
CSpriteCurl_Transfer *_Nullable CSpriteCurl_multi_next_done(CSpriteCurl_Multi *_Nonnull multi);

/// Blocks until a socket is ready, libcurl's next timeout, `CSpriteCurl_multi_wakeup`, or
/// `maxWaitMs`, whichever comes first. With `idle` (no transfer added) libcurl's timeout is not
/// consulted: a timer left over from finished transfers must not turn the wait into a spin.
void CSpriteCurl_multi_wait(CSpriteCurl_Multi *_Nonnull multi, int maxWaitMs, bool idle);

/// Makes a current or the next `CSpriteCurl_multi_wait` return at once; safe from any thread.
void CSpriteCurl_multi_wakeup(CSpriteCurl_Multi *_Nonnull multi);

#ifdef __cplusplus
}
#endif

#endif
