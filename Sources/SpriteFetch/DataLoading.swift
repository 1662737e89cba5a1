/// Loads the bytes behind a URL; the seam between the pipeline and the network.
///
/// `CurlDataLoader` is the default implementation; tests substitute a mock. Implementations know
/// nothing about PNG decoding or themes: they only check that a body looks like the expected kind
/// of content.
///
/// Both forms are plain threads and callbacks, not Swift concurrency: libcurl blocks, and keeping
/// the concurrency runtime out of the executable spares every `sprite-theme` run that runtime's
/// start-up (see the README's design notes).
///
/// ```swift
/// let loader: any DataLoading = CurlDataLoader()
/// let response = try loader.load(FetchRequest(url: url, expecting: .png))
/// ```
public protocol DataLoading: Sendable {
  /// Loads one request, following redirects and retrying transient failures per the loader's
  /// policy, and returns when it is done; the calling thread waits.
  ///
  /// - Parameter request: What to load and what kind of content to expect.
  /// - Returns: The final response; a `304 Not Modified` answer has status 304 and an empty body.
  /// - Throws: A `FetchError` describing why the load failed.
  func load(_ request: FetchRequest) throws -> FetchResponse

  /// Starts loading one request and calls `completion` once with the outcome, on a thread of the
  /// loader's choosing; many loads can run at once this way.
  ///
  /// The default runs ``load(_:)`` on a new thread. `CurlDataLoader` calls `completion` on its
  /// transfer thread: keep it short, or hand the work on.
  ///
  /// - Returns: A handle that cancels the load (`completion` then gets `FetchError.cancelled`).
  @discardableResult
  func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle
}

extension DataLoading {
  /// Runs ``load(_:)`` on a new thread and passes its outcome to `completion`. Cancelling the
  /// handle reports `FetchError.cancelled` at once; the blocking load's own outcome, when it
  /// comes, is then dropped.
  @discardableResult
  public func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    let handle = LoadHandle()
    let outcome = ThreadHandoff<Void>()
    handle.whenCancelled {
      if outcome.put(()) { completion(.failure(FetchError.cancelled)) }
    }
    let started = DetachedThread.start(name: "SpriteFetch.load") {
      let result = Result { try load(request) }
      if outcome.put(()) { completion(result) }
    }
    if !started, outcome.put(()) {
      completion(.failure(FetchError.transport(code: 2, message: "cannot start a thread")))
    }
    return handle
  }

  /// The blocking form of a loader built on its completion form: starts the load and waits.
  package func loadAndWait(_ request: FetchRequest) throws -> FetchResponse {
    let outcome = ThreadHandoff<Result<FetchResponse, any Error>>()
    load(request) { outcome.put($0) }
    return try outcome.take().get()
  }
}
