/// Downloads with libcurl under the policy of SPEC section 9.
///
/// Transfers run on one libcurl multi handle driven by one long-lived thread (as curl's own
/// `--parallel` does), with at most `configuration.concurrency` running at once. They share the
/// multi's connection cache, so later transfers to the same host reuse open connections;
/// finished easy handles return to a pool. Backoff waits run on a thread of their own and never
/// hold the transfer thread. Cancelling a load's handle stops the transfer (or the backoff wait)
/// at once and reports `FetchError.cancelled`.
///
/// ```swift
/// let loader = CurlDataLoader()
/// let response = try loader.load(FetchRequest(url: spriteURL, expecting: .png))
/// ```
public final class CurlDataLoader: DataLoading {
  /// The policy this loader applies.
  public let configuration: Configuration
  private let pool: TransferPool
  private let engine: TransferEngine
  private let jitter: JitterSource
  /// How many connections this loader's transfers have opened; lets tests observe reuse.
  let connectionsOpened = ConnectionCounter()

  /// Creates a loader with a policy.
  ///
  /// - Parameter configuration: Timeouts, caps, retries and concurrency; defaults per SPEC 9.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.pool = TransferPool(capacity: configuration.concurrency)
    self.engine = TransferEngine(limit: configuration.concurrency)
    self.jitter = JitterSource(seed: configuration.jitterSeed)
  }

  deinit { engine.shutdown() }

  /// Starts loading libcurl on a background thread and returns at once, so that the first
  /// transfer need not wait for it; call it as early as a program knows it will download.
  public static func loadLibraryInBackground() {
    CurlGlobal.loadInBackground()
  }

  /// Loads a request, retrying connection errors, 5xx and 429 with backoff, and waits for it.
  ///
  /// - Parameter request: What to load and what content to expect.
  /// - Returns: The final response with a 2xx status, or status 304 with an empty body.
  /// - Throws: `FetchError`: `.unsupportedURL` for other schemes, `.httpStatus` for other
  ///   statuses, `.badContent` when the body is not the expected kind, and the transfer errors.
  public func load(_ request: FetchRequest) throws -> FetchResponse {
    try loadAndWait(request)
  }

  /// Loads a request as ``load(_:)`` does without waiting: `completion` runs on the transfer
  /// thread as soon as the response is in (keep it short: it holds up other transfers), or on the
  /// backoff thread after a retry's wait. Cancelling the returned handle stops the transfer (or
  /// the backoff wait) at once.
  @discardableResult
  public func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    let handle = LoadHandle()
    start(request, attempt: 0, handle: handle, completion: completion)
    return handle
  }

  /// One attempt of a completion-style load; retries start the next one after the backoff.
  private func start(
    _ request: FetchRequest, attempt: Int, handle: LoadHandle,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) {
    let scheme = request.url.scheme
    guard ["http", "https", "file"].contains(scheme) else {
      completion(.failure(FetchError.unsupportedURL(request.url.absoluteString)))
      return
    }
    if handle.isCancelled {
      completion(.failure(FetchError.cancelled))
      return
    }
    let finish: @Sendable (Result<CurlResult, AttemptFailure>) -> Void = { [self] result in
      switch evaluate(result, request: request, attempt: attempt) {
      case .done(let result): completion(result.mapError { $0 })
      case .retry(let delay):
        // A cancel ends the wait early; the next attempt then finds the handle cancelled.
        DelayedCall.run(after: delay, orWhenCancelled: handle) { [self] in
          start(request, attempt: attempt + 1, handle: handle, completion: completion)
        }
      }
    }
    guard let transfer = checkOutPrepared(request, finish) else { return }
    let engine = self.engine
    // Registered before the transfer starts and cleared before its handle goes back to the pool,
    // under the handle's lock both times, so a late cancel never reaches the handle's next use.
    handle.whenCancelled { engine.cancel(transfer) }
    let submitted = engine.submit(transfer) { [self] in
      handle.clearAction()
      let result = transfer.result(maxBytes: configuration.maxBytes)
      pool.checkIn(transfer)
      finish(result)
    }
    if !submitted {
      handle.clearAction()
      pool.checkIn(transfer)
      finish(.failure(Self.noMultiHandle))
    }
  }

  /// What one attempt's outcome means under the policy: a response or a final error, or a retry
  /// after a delay.
  private enum Evaluation {
    case done(Result<FetchResponse, FetchError>)
    case retry(after: Duration)
  }

  /// Maps one attempt's outcome (statuses, retries, content check) to an ``Evaluation``.
  private func evaluate(
    _ outcome: Result<CurlResult, AttemptFailure>, request: FetchRequest, attempt: Int
  ) -> Evaluation {
    let failure: AttemptFailure
    var retryAfter: String?
    switch outcome {
    case .success(let result):
      connectionsOpened.add(result.newConnections)
      let isFile = request.url.scheme == "file"
      let status = isFile && result.status == 0 ? 200 : result.status
      if (200..<300).contains(status) || status == 304 {
        do throws(FetchError) {
          return .done(.success(try response(from: result, status: status, request: request)))
        } catch {
          return .done(.failure(error))
        }
      }
      failure = AttemptFailure(
        error: .httpStatus(status), retryable: status == 429 || (500..<600).contains(status))
      retryAfter = result.retryAfter
    case .failure(let attemptFailure):
      failure = attemptFailure
    }
    guard failure.retryable, attempt < configuration.retries else {
      return .done(.failure(failure.error))
    }
    let delay =
      retryAfter.flatMap { RetryPolicy.retryAfterDelay($0, cap: configuration.maxRetryAfter) }
      ?? RetryPolicy.backoff(attempt: attempt, configuration: configuration, unit: jitter.next())
    return .retry(after: delay)
  }

  /// An easy handle from the pool prepared for `request`, or nil after passing the reason to
  /// `fail`.
  private func checkOutPrepared(
    _ request: FetchRequest, _ fail: (Result<CurlResult, AttemptFailure>) -> Void
  ) -> CurlTransfer? {
    guard let transfer = pool.checkOut() else {
      fail(
        .failure(
          AttemptFailure(
            error: .transport(code: 27, message: CurlGlobal.unavailable("handle")),
            retryable: false)))
      return nil
    }
    guard transfer.prepare(request, configuration) else {
      pool.checkIn(transfer)
      fail(
        .failure(
          AttemptFailure(error: .unsupportedURL(request.url.absoluteString), retryable: false)))
      return nil
    }
    return transfer
  }

  /// The failure when libcurl gave no multi handle.
  private static let noMultiHandle = AttemptFailure(
    error: .transport(code: 2, message: CurlGlobal.unavailable("multi handle")), retryable: false)

  /// The URL after redirects: the request's own URL when unchanged (no parse), else the parsed
  /// effective URL.
  private func finalURL(_ effective: String?, request: FetchRequest) -> AbsoluteURL {
    guard let effective, effective != request.url.absoluteString else { return request.url }
    return AbsoluteURL(string: effective) ?? request.url
  }

  /// Builds the public response and applies the content check (skipped for 304).
  private func response(from result: CurlResult, status: Int, request: FetchRequest)
    throws(FetchError) -> FetchResponse
  {
    if status != 304,
      let reason = ContentCheck.problem(with: result.body, expected: request.expectedContent)
    {
      throw FetchError.badContent(reason)
    }
    return FetchResponse(
      status: status, body: status == 304 ? [] : result.body, etag: result.etag,
      lastModified: result.lastModified, contentType: result.contentType,
      finalURL: finalURL(result.finalURL, request: request),
      redirects: result.redirects)
  }
}
