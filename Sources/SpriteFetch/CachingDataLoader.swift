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
/// let cache = ResponseCache(directory: cacheDir)
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
  public init(wrapping inner: any DataLoading, cache: ResponseCache, ttl: Double = defaultTTL)
  {
    self.inner = inner
    self.cache = cache
    self.ttl = ttl
  }

  /// Loads a request from the cache when fresh, else through the inner loader (see the type docs).
  ///
  /// - Parameter request: What to load and what content to expect.
  /// - Returns: A response with status 200 for cached bodies, or the inner loader's response.
  /// - Throws: The inner loader's errors, or `FetchError.badContent` when a cached body is not
  ///   the expected kind of content.
  public func load(_ request: FetchRequest) async throws -> FetchResponse {
    if bypassesCache(request) { return try await inner.load(request) }
    let key = cache.slot(for: request.url)
    guard let entry = cache.entry(in: key) else {
      return try await fetch(request, key: key)
    }
    if entry.isFresh(at: cache.now(), ttl: ttl) {
      return try checked(entry.response(requestURL: request.url, source: .cache), request)
    }
    guard entry.canRevalidate else { return try await fetch(request, key: key) }
    var conditional = request
    conditional.ifNoneMatch = entry.etag
    conditional.ifModifiedSince = entry.lastModified
    let response = try await inner.load(conditional)
    guard response.isNotModified else {
      return store(response, key: key)
    }
    let refreshed =
      (try? cache.refresh(entry, etag: response.etag, lastModified: response.lastModified))
      ?? entry
    return try checked(refreshed.response(requestURL: request.url, source: .revalidated), request)
  }

  /// Loads as ``load(_:)`` does, calling `completion` with the outcome: requests that bypass the
  /// cache go to the inner loader's completion form (no task per request), others run on a task.
  @discardableResult
  public func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    if bypassesCache(request) {
      return inner.load(request, completion: completion)
    }
    return loadOnTask(request, completion: completion)
  }

  /// True for requests the cache neither answers nor stores (see the type's documentation).
  private func bypassesCache(_ request: FetchRequest) -> Bool {
    let scheme = request.url.scheme
    return !request.usesCache || !(scheme == "http" || scheme == "https")
      || request.ifNoneMatch != nil || request.ifModifiedSince != nil
  }

  /// Loads without validators and stores a 200 answer in `key`, the request URL's cache slot.
  private func fetch(_ request: FetchRequest, key: ResponseCache.Slot) async throws -> FetchResponse {
    store(try await inner.load(request), key: key)
  }

  /// Stores a 200 answer in `key`, ignoring write failures, and returns it.
  private func store(_ response: FetchResponse, key: ResponseCache.Slot) -> FetchResponse {
    if response.status == 200 {
      _ = try? cache.store(response, in: key)
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
