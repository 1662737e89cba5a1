/// Loads the bytes behind a URL; the seam between the pipeline and the network.
///
/// `CurlDataLoader` is the default implementation, `CachingDataLoader` wraps one with a disk
/// cache, and tests substitute a mock. Implementations know nothing about PNG decoding or themes:
/// they only check that a body looks like the expected kind of content.
///
/// Cancellation is task cancellation: cancelling the task that awaits ``load(_:)`` stops the
/// transfer (or the wait before a retry) at once, and the load throws `FetchError.cancelled`.
///
/// ```swift
/// let loader: any DataLoading = CurlDataLoader()
/// let response = try await loader.load(FetchRequest(url: url, expecting: .png))
/// ```
public protocol DataLoading: Sendable {
  /// Loads one request, following redirects and retrying transient failures per the loader's
  /// policy.
  ///
  /// - Parameter request: What to load and what kind of content to expect.
  /// - Returns: The final response; a `304 Not Modified` answer has status 304 and an empty body.
  /// - Throws: A `FetchError` describing why the load failed (`.cancelled` when the task was).
  func load(_ request: FetchRequest) async throws -> FetchResponse
}
