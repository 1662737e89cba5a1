import SpriteFetch

/// Bridges the package's blocking and completion-style calls into async tests without holding a
/// thread of Swift's cooperative pool: swift-testing runs tests in parallel on that pool, and the
/// loopback servers (FlyingFox) run on it too, so a test that blocked a pool thread could starve
/// them.
extension DataLoading {
  /// The load's outcome, through the completion form.
  public func asyncLoad(_ request: FetchRequest) async throws -> FetchResponse {
    try await withCheckedThrowingContinuation { continuation in
      load(request) { continuation.resume(with: $0) }
    }
  }
}

/// Runs the blocking `body` on a thread of its own and returns (or throws) what it does.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let started = DetachedThread.start(name: "tests.off-pool") {
      continuation.resume(with: Result { try body() })
    }
    precondition(started, "cannot start a thread")
  }
}

/// A load started with the completion form, whose outcome a test awaits after acting on its
/// handle (cancelling it, say).
public final class StartedLoad: @unchecked Sendable {
  /// The load's handle.
  public private(set) var handle = LoadHandle()
  private let lock = ThreadLock()
  // Guarded by `lock`.
  private var result: Result<FetchResponse, any Error>?
  private var waiter: CheckedContinuation<Result<FetchResponse, any Error>, Never>?

  /// Starts loading `request` with `loader`.
  public init(_ loader: any DataLoading, _ request: FetchRequest) {
    handle = loader.load(request) { [self] outcome in
      let waiter = lock.withLock {
        () -> CheckedContinuation<Result<FetchResponse, any Error>, Never>? in
        result = outcome
        defer { self.waiter = nil }
        return self.waiter
      }
      waiter?.resume(returning: outcome)
    }
  }

  /// The outcome, once the load has ended.
  public var outcome: Result<FetchResponse, any Error> {
    get async {
      await withCheckedContinuation { continuation in
        let done = lock.withLock { () -> Result<FetchResponse, any Error>? in
          if result == nil { waiter = continuation }
          return result
        }
        if let done { continuation.resume(returning: done) }
      }
    }
  }

  /// The outcome if the load ends within `seconds`, else nil: for tests whose bug would be a load
  /// that never ends, so that they fail instead of hanging.
  public func outcome(within seconds: Double) async -> Result<FetchResponse, any Error>? {
    var waited = 0.0
    while waited < seconds {
      if let result = lock.withLock({ result }) { return result }
      try? await Task.sleep(for: .milliseconds(10))
      waited += 0.01
    }
    return lock.withLock { result }
  }

  /// The `FetchError` the load ended with, or nil if it succeeded or failed otherwise.
  public var fetchError: FetchError? {
    get async {
      if case .failure(let error) = await outcome { return error as? FetchError }
      return nil
    }
  }
}
