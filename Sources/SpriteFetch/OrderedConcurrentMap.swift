import Synchronization

/// The elements of a base sequence passed through an async transform, up to `window` transforms
/// running at once, delivered in the base sequence's order.
///
/// Each iterator pulls base elements ahead until `window` transforms are in flight, then hands
/// out results as the earliest one finishes: a bounded, ordered pipeline stage. Cancelling the
/// task that iterates cancels every transform in flight, and so does dropping the iterator. An
/// error from the base sequence is thrown once the results before it have been delivered.
///
/// ```swift
/// let pages = OrderedConcurrentMap(urls, window: 8) { url in await load(url) }
/// for try await page in pages { print(page) }
/// ```
public struct OrderedConcurrentMap<Base: AsyncSequence & Sendable, Output: Sendable>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The results, in base order.
  public typealias Element = Output

  private let base: Base
  private let window: Int
  private let transform: @Sendable (Base.Element) async -> Output

  /// Maps `base` with `transform`, at most `window` (at least 1) at once.
  public init(
    _ base: Base, window: Int, transform: @escaping @Sendable (Base.Element) async -> Output
  ) {
    self.base = base
    self.window = Swift.max(1, window)
    self.transform = transform
  }

  /// Starts iterating; nothing runs until the first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), window: window, transform: transform)
  }

  /// Iterates an ``OrderedConcurrentMap``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var base: Base.AsyncIterator?
    private let window: Int
    private let transform: @Sendable (Base.Element) async -> Output
    private let inFlight = InFlight()
    private var baseError: (any Error)?

    fileprivate init(
      base: Base.AsyncIterator, window: Int,
      transform: @escaping @Sendable (Base.Element) async -> Output
    ) {
      self.base = base
      self.window = window
      self.transform = transform
    }

    /// The next result in base order, or nil at the end.
    ///
    /// - Throws: The base sequence's error, after the results before it; `CancellationError`
    ///   when the iterating task is cancelled.
    public mutating func next() async throws -> Output? {
      while base != nil, inFlight.count < window {
        do {
          guard let element = try await base!.next() else {
            base = nil
            break
          }
          let transform = self.transform
          inFlight.append(Task { await transform(element) })
        } catch {
          base = nil
          baseError = error
        }
      }
      guard let task = inFlight.popFirst() else {
        if let error = baseError {
          baseError = nil
          throw error
        }
        return nil
      }
      let inFlight = self.inFlight
      let output = await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
        inFlight.cancelAll()
      }
      try Task.checkCancellation()
      return output
    }
  }

  /// The transforms in flight, oldest first; cancelled when the iterator goes away.
  private final class InFlight: Sendable {
    private let tasks = Mutex<[Task<Output, Never>]>([])

    deinit { cancelAll() }

    var count: Int { tasks.withLock { $0.count } }

    func append(_ task: Task<Output, Never>) { tasks.withLock { $0.append(task) } }

    func popFirst() -> Task<Output, Never>? {
      tasks.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func cancelAll() {
      tasks.withLock { tasks in
        for task in tasks { task.cancel() }
      }
    }
  }
}
