import Foundation
import Synchronization

/// Downloads with libcurl under the policy of SPEC section 9.
///
/// Transfers run on one libcurl multi handle driven by one thread (``CurlMulti``), at most
/// `configuration.concurrency` at once; each finished transfer resumes the task that awaits it.
/// They share the multi's connection cache, so later transfers to a host reuse its open
/// connections, and finished easy handles are kept for the next load. Waits before a retry are
/// `Task.sleep`. Cancelling the awaiting task stops the transfer or the wait at once and throws
/// `FetchError.cancelled`.
///
/// ```swift
/// let loader = CurlDataLoader()
/// let response = try await loader.load(FetchRequest(url: spriteURL, expecting: .png))
/// ```
public final class CurlDataLoader: DataLoading {
  /// The policy this loader applies.
  public let configuration: Configuration
  private let multi: CurlMulti?
  /// Easy handles of finished transfers, kept for the next loads.
  private let idle = Mutex<[CurlTransfer]>([])
  private let jitter: JitterSource
  /// How many connections this loader's transfers have opened; lets tests observe reuse.
  let connectionsOpened = Atomic<Int>(0)

  /// Creates a loader with a policy.
  ///
  /// - Parameter configuration: Timeouts, caps, retries and concurrency; defaults per SPEC 9.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.multi = CurlMulti(limit: configuration.concurrency)
    self.jitter = JitterSource(seed: configuration.jitterSeed)
  }

  deinit { multi?.shutdown() }

  /// Loads a request, retrying connection errors, 5xx and 429 with backoff.
  ///
  /// - Parameter request: What to load and what content to expect.
  /// - Returns: The final response with a 2xx status, or status 304 with an empty body.
  /// - Throws: `FetchError`: `.unsupportedURL`, `.schemeNotAllowed` or `.urlTooLong` for URLs it
  ///   refuses, `.httpStatus` for other statuses, `.badContent` when the body is not the expected
  ///   kind, `.cancelled` when the task was cancelled, and the transfer errors.
  public func load(_ request: FetchRequest) async throws -> FetchResponse {
    try URLText.check(request.url, origin: request.origin)
    var attempt = 0
    while true {
      if Task.isCancelled { throw FetchError.cancelled }
      switch evaluate(await perform(request), request: request, attempt: attempt) {
      case .done(let result):
        return try result.get()
      case .retry(let delay):
        do {
          try await Task.sleep(for: delay)
        } catch {
          throw FetchError.cancelled
        }
        attempt += 1
      }
    }
  }

  /// Runs one attempt on the multi thread.
  private func perform(_ request: FetchRequest) async -> Result<CurlResult, AttemptFailure> {
    guard let multi else {
      return .failure(
        AttemptFailure(
          error: .transport(code: 2, message: CurlGlobal.unavailable("multi handle")),
          retryable: false))
    }
    guard let transfer = idle.withLock({ $0.popLast() }) ?? CurlTransfer() else {
      return .failure(
        AttemptFailure(
          error: .transport(code: 27, message: CurlGlobal.unavailable("handle")),
          retryable: false))
    }
    guard transfer.prepare(request, configuration) else {
      idle.withLock { $0.append(transfer) }
      return .failure(
        AttemptFailure(error: .unsupportedURL(request.url.absoluteString), retryable: false))
    }
    await multi.perform(transfer)
    let result = transfer.result(maxBytes: configuration.maxBytes)
    idle.withLock { if $0.count < 2 * configuration.concurrency { $0.append(transfer) } }
    return result
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
      connectionsOpened.add(result.newConnections, ordering: .relaxed)
      let isFile = request.url.isFileURL
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

  /// Builds the public response and applies the content check (skipped for 304).
  private func response(from result: CurlResult, status: Int, request: FetchRequest)
    throws(FetchError) -> FetchResponse
  {
    if status != 304,
      let reason = ContentCheck.problem(with: result.body, expected: request.expectedContent)
    {
      throw FetchError.badContent(reason)
    }
    var finalURL = request.url
    if let effective = result.finalURL, effective != request.url.absoluteString,
      let url = URL(string: effective)
    {
      finalURL = url
    }
    return FetchResponse(
      status: status, body: status == 304 ? [] : result.body, etag: result.etag,
      lastModified: result.lastModified, contentType: result.contentType, finalURL: finalURL,
      redirects: result.redirects)
  }
}
