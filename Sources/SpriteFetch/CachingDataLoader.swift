import Foundation

/// A loader that answers from a `ResponseCache` when it can and revalidates stale entries.
///
/// - A fresh entry (younger than `ttl`) is returned without any transfer (`source == .cache`).
/// - A stale entry is revalidated with `If-None-Match` / `If-Modified-Since`; a 304 refreshes
///   the entry's date and returns its body with status 200 (`source == .revalidated`).
/// - A 200 answer is stored and returned (`source == .network`); other 2xx answers pass through
///   uncached.
/// - Errors from the inner loader pass through: a stale entry is not served when revalidation
///   fails. A failure to write the cache does not fail the load.
/// - `file://` URLs, requests that already carry their own conditional headers, and requests
///   with `usesCache` false bypass the cache.
///
/// ```swift
/// let cache = ResponseCache(directory: cacheDirectory)
/// let loader = CachingDataLoader(wrapping: CurlDataLoader(), cache: cache)
/// let response = try await loader.load(FetchRequest(url: url, expecting: .png))
/// ```
public struct CachingDataLoader: DataLoading {
  /// The default time an entry stays fresh: 24 hours.
  public static let defaultTTL: Double = 24 * 60 * 60

  /// The loader that performs transfers on a miss or revalidation.
  public let inner: any DataLoading
  /// The cache entries are read from and written to.
  public let cache: ResponseCache
  /// How long, in seconds, an entry is fresh after it was stored or revalidated.
  public let ttl: Double

  /// Creates a caching loader.
  ///
  /// - Parameters:
  ///   - inner: The loader used for transfers.
  ///   - cache: The cache to use; its clock decides freshness.
  ///   - ttl: Seconds an entry stays fresh; 24 h by default.
  public init(wrapping inner: any DataLoading, cache: ResponseCache, ttl: Double = defaultTTL) {
    self.inner = inner
    self.cache = cache
    self.ttl = ttl
  }

  /// Loads a request from the cache when fresh, else through the inner loader (see the type
  /// docs).
  ///
  /// - Parameter request: What to load and what content to expect.
  /// - Returns: A response with status 200 for cached bodies, or the inner loader's response.
  /// - Throws: The inner loader's errors, or `FetchError.badContent` when a cached body is not
  ///   the expected kind of content.
  public func load(_ request: FetchRequest) async throws -> FetchResponse {
    if bypassesCache(request) { return try await inner.load(request) }
    try URLText.check(request.url, origin: request.origin)
    let entry = cache.entry(for: request.url)
    if let entry, entry.isFresh(at: cache.now(), ttl: ttl) {
      return try checked(entry.response(requestURL: request.url, source: .cache), request)
    }
    guard let entry, entry.canRevalidate else {
      return store(try await inner.load(request), for: request.url)
    }
    var conditional = request
    conditional.ifNoneMatch = entry.etag
    conditional.ifModifiedSince = entry.lastModified
    let response = try await inner.load(conditional)
    guard response.isNotModified else { return store(response, for: request.url) }
    let refreshed =
      (try? cache.refresh(entry, etag: response.etag, lastModified: response.lastModified))
      ?? entry
    return try checked(refreshed.response(requestURL: request.url, source: .revalidated), request)
  }

  /// True for requests the cache neither answers nor stores (see the type's documentation).
  private func bypassesCache(_ request: FetchRequest) -> Bool {
    let scheme = request.url.scheme?.lowercased()
    return !request.usesCache || !(scheme == "http" || scheme == "https")
      || request.ifNoneMatch != nil || request.ifModifiedSince != nil
  }

  /// Stores a 200 answer under `url`, ignoring write failures, and returns it.
  private func store(_ response: FetchResponse, for url: URL) -> FetchResponse {
    if response.status == 200 {
      _ = try? cache.store(response, for: url)
    }
    return response
  }

  /// Returns a cached response if its body fits the request's expected content.
  private func checked(_ response: FetchResponse, _ request: FetchRequest) throws -> FetchResponse {
    if let problem = ContentCheck.problem(with: response.body, expected: request.expectedContent) {
      throw FetchError.badContent(problem)
    }
    return response
  }
}
