import CSpriteCurl

/// The raw outcome of one attempt, before status mapping and content checks.
struct CurlResult: Sendable {
  var status: Int
  var body: [UInt8]
  var etag: String?
  var lastModified: String?
  var contentType: String?
  var retryAfter: String?
  var finalURL: String?
  var redirects: Int
  var newConnections: Int
}

/// Why one attempt failed, and whether the policy allows another.
struct AttemptFailure: Error {
  var error: FetchError
  var retryable: Bool
}

/// A reusable libcurl easy handle owned by Swift; used by one thread at a time (the loading
/// task, then the ``CurlMulti`` thread while it runs, then the loading task again).
final class CurlTransfer: @unchecked Sendable {
  /// The shim transfer; also the key ``CurlMulti`` finds it by.
  let handle: OpaquePointer
  /// The configuration whose options the handle holds (set by the last successful prepare);
  /// the next prepare under the same one keeps them instead of resetting the handle.
  private var configuredFor: CurlDataLoader.Configuration?

  /// Creates a transfer, or nil when libcurl cannot allocate one.
  init?() {
    guard CurlGlobal.isInitialized, let handle = CSpriteCurl_transfer_new() else { return nil }
    self.handle = handle
  }

  deinit { CSpriteCurl_transfer_free(handle) }

  /// Resets the handle for `request` under `configuration`; false if an option was refused.
  func prepare(_ request: FetchRequest, _ configuration: CurlDataLoader.Configuration) -> Bool {
    let c = configuration
    var kept = false
    let keepOptions = configuredFor == c
    configuredFor = nil
    guard
      CSpriteCurl_transfer_prepare(
        handle, request.url.absoluteString, max(0, c.maxBytes), request.origin == .user,
        keepOptions, &kept)
    else { return false }
    guard !kept else {
      configuredFor = c
      return appendHeaders(of: request)
    }
    let total = c.totalTimeout.map { max(1, $0.wholeMilliseconds) } ?? 0
    var ok = CSpriteCurl_set_long(
      handle, .connectTimeoutMs, max(1, c.connectTimeout.wholeMilliseconds))
    ok =
      CSpriteCurl_set_long(
        handle, .noProgressMs, max(1, c.noProgressTimeout.wholeMilliseconds)) && ok
    ok = CSpriteCurl_set_long(handle, .totalTimeoutMs, total) && ok
    ok = CSpriteCurl_set_long(handle, .maxRedirects, max(0, c.maxRedirects)) && ok
    ok =
      CSpriteCurl_set_long(
        handle, .maxConnectionAgeSeconds, max(1, Int(c.maxConnectionAge.components.seconds)))
      && ok
    ok = CSpriteCurl_set_string(handle, .userAgent, c.userAgent) && ok
    guard ok else { return false }
    configuredFor = c
    return appendHeaders(of: request)
  }

  /// Adds `request`'s header lines (conditional requests); false if one was refused.
  private func appendHeaders(of request: FetchRequest) -> Bool {
    guard request.hasHeaders else { return true }
    for line in request.headerLines where !CSpriteCurl_append_header(handle, line) { return false }
    return true
  }

  /// Records that the transfer will not (or no longer) run: its result becomes `cancelled`.
  func abort() { CSpriteCurl_transfer_abort(handle) }

  /// Starts the transfer on `multi`; multi thread only.
  func add(to multi: OpaquePointer) -> Bool { CSpriteCurl_multi_add(multi, handle) }

  /// Takes the running transfer off `multi`; multi thread only.
  func remove(from multi: OpaquePointer) { CSpriteCurl_multi_remove(multi, handle) }

  /// Copies the results of the finished transfer out of the shim.
  func result(maxBytes: Int) -> Result<CurlResult, AttemptFailure> {
    var code: Int32 = 0
    let (status, errorText) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) {
      message in
      let status = CSpriteCurl_transfer_result(handle, &code, message.baseAddress!, message.count)
      guard status != .OK else { return (status, "") }
      let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return (status, String(decoding: text, as: UTF8.self))
    }
    switch status {
    case .OK: break
    case .unsupportedURL:
      return .failure(AttemptFailure(error: .unsupportedURL(errorText), retryable: false))
    case .tooLarge:
      return .failure(AttemptFailure(error: .tooLarge(limit: maxBytes), retryable: false))
    case .cancelled: return .failure(AttemptFailure(error: .cancelled, retryable: false))
    case .timedOut: return .failure(AttemptFailure(error: .timedOut, retryable: false))
    case .connectionFailed:
      return .failure(
        AttemptFailure(error: .transport(code: code, message: errorText), retryable: true))
    case .transportError, .setupFailed:
      return .failure(
        AttemptFailure(error: .transport(code: code, message: errorText), retryable: false))
    }
    let count = CSpriteCurl_body_length(handle)
    let body = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress, count > 0 else {
        initialized = 0
        return
      }
      initialized = CSpriteCurl_copy_body(handle, base, count)
    }
    return .success(
      CurlResult(
        status: Int(CSpriteCurl_get_long(handle, .responseCode)), body: body,
        etag: text(.eTag), lastModified: text(.lastModified), contentType: text(.contentType),
        retryAfter: text(.retryAfter), finalURL: text(.effectiveURL),
        redirects: Int(CSpriteCurl_get_long(handle, .redirectCount)),
        newConnections: Int(CSpriteCurl_get_long(handle, .newConnections))))
  }

  /// Copies one text result out of the shim, or nil when absent.
  private func text(_ info: CSpriteCurl_TextInfo) -> String? {
    let length = CSpriteCurl_text_length(handle, info)
    guard length >= 0 else { return nil }
    return String(unsafeUninitializedCapacity: Int(length)) { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress, length > 0 else { return 0 }
        return CSpriteCurl_copy_text(handle, info, base, Int(length))
      }
    }
  }
}
