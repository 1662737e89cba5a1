/// Loads the bytes behind a URL; the seam between the pipeline and the network.
///
/// `CurlDataLoader` is the default implementation; tests substitute a mock. Implementations know
/// nothing about PNG decoding or themes: they only check that a body looks like the expected kind
/// of content.
///
/// ```swift
/// let loader: any DataLoading = CurlDataLoader()
/// let response = try await loader.load(FetchRequest(url: url, expecting: .png))
/// ```
public protocol DataLoading: Sendable {
  /// Loads one request, following redirects and retrying transient failures per the loader's policy.
  ///
  /// - Parameter request: What to load and what kind of content to expect.
  /// - Returns: The final response; a `304 Not Modified` answer has status 304 and an empty body.
  /// - Throws: A `FetchError` describing why the load failed.
  func load(_ request: FetchRequest) async throws -> FetchResponse

  /// Loads one request and calls `completion` once with the outcome, on a thread of the loader's
  /// choosing; for many requests this spares a task (and a hop between threads) per request.
  ///
  /// The default runs ``load(_:)`` on a new task. `CurlDataLoader` calls `completion` on its
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
  /// Runs ``load(_:)`` on a new task and passes its outcome to `completion`; cancelling the
  /// handle cancels the task.
  @discardableResult
  public func load(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    loadOnTask(request, completion: completion)
  }

  /// Runs ``load(_:)`` on a new task and passes its outcome to `completion`; the handle cancels
  /// the task.
  func loadOnTask(
    _ request: FetchRequest,
    completion: @escaping @Sendable (Result<FetchResponse, any Error>) -> Void
  ) -> LoadHandle {
    let handle = LoadHandle()
    let task = Task {
      do {
        completion(.success(try await load(request)))
      } catch {
        completion(.failure(error))
      }
    }
    handle.whenCancelled { task.cancel() }
    return handle
  }
}
