import Synchronization

/// The elements of a base sequence passed through an async transform, up to `window` transforms
/// running at once, delivered in the base sequence's order: the one bounded, ordered stage every
/// pipeline of the package is built from (downloads, the crawl, reads, analysis).
///
/// Each iterator pulls base elements ahead until `window` transforms are in flight, then hands
/// out results as the earliest one finishes. A result that finishes early waits for the ones
/// before it, so at most `window` elements are in flight or waiting, however long the base.
/// With a window of 1 the transform runs in the iterating task itself, with no task made and no
/// hop to another thread. An error from the base sequence is thrown once the results before it
/// have been delivered.
///
/// Cancelling the iterating task does what ``WhenCancelled`` says: cancel the transforms in
/// flight and throw `CancellationError` (downloads), or take no more base elements and deliver
/// the results in flight (work that must finish whole, such as a sprite being analysed).
/// Dropping the iterator cancels every transform in flight.
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

  /// What cancelling the iterating task does to the transforms in flight.
  public enum WhenCancelled: Sendable {
    /// Cancel them; `next()` throws `CancellationError`.
    case cancelInFlight
    /// Let them finish and deliver their results in order, then end; no new element is taken.
    case finishInFlight
  }

  private let base: Base
  private let window: Int
  private let whenCancelled: WhenCancelled
  private let transform: @Sendable (Base.Element) async -> Output

  /// Maps `base` with `transform`, at most `window` (at least 1) at once; cancelling the
  /// iterating task does what `whenCancelled` says.
  public init(
    _ base: Base, window: Int, whenCancelled: WhenCancelled = .cancelInFlight,
    transform: @escaping @Sendable (Base.Element) async -> Output
  ) {
    self.base = base
    self.window = Swift.max(1, window)
    self.whenCancelled = whenCancelled
    self.transform = transform
  }

  /// Starts iterating; nothing runs until the first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      base: base.makeAsyncIterator(), window: window, whenCancelled: whenCancelled,
      transform: transform)
  }

  /// Iterates an ``OrderedConcurrentMap``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private var base: Base.AsyncIterator?
    private let window: Int
    private let whenCancelled: WhenCancelled
    private let transform: @Sendable (Base.Element) async -> Output
    private let inFlight = InFlight()
    private var baseError: (any Error)?

    fileprivate init(
      base: Base.AsyncIterator, window: Int, whenCancelled: WhenCancelled,
      transform: @escaping @Sendable (Base.Element) async -> Output
    ) {
      self.base = base
      self.window = window
      self.whenCancelled = whenCancelled
      self.transform = transform
    }

    /// The next result in base order, or nil at the end (and, with
    /// ``WhenCancelled/finishInFlight``, once the results in flight at a cancellation are out).
    ///
    /// - Throws: The base sequence's error, after the results before it; `CancellationError`
    ///   when the iterating task is cancelled with ``WhenCancelled/cancelInFlight``.
    public mutating func next() async throws -> Output? {
      if whenCancelled == .cancelInFlight, Task.isCancelled {
        inFlight.cancelAll()
        throw CancellationError()
      }
      if window == 1 { return try await nextInline() }
      while inFlight.count < window, let element = try await nextElement() {
        let transform = self.transform
        inFlight.append(Task { await transform(element) })
      }
      guard let task = inFlight.popFirst() else { return try endOfResults() }
      switch whenCancelled {
      case .finishInFlight:
        return await task.value
      case .cancelInFlight:
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

    /// Takes no more base elements and waits for the transforms in flight, dropping their
    /// results: for a consumer that stops early but must not leave work running behind it.
    public mutating func drain() async {
      base = nil
      while let task = inFlight.popFirst() { _ = await task.value }
    }

    /// ``next()`` with a window of 1: the transform runs here, in the iterating task.
    private mutating func nextInline() async throws -> Output? {
      guard let element = try await nextElement() else { return try endOfResults() }
      let output = await transform(element)
      if whenCancelled == .cancelInFlight { try Task.checkCancellation() }
      return output
    }

    /// The next base element to transform; nil once the base has ended or failed (its error
    /// kept for ``endOfResults()``), or once the task is cancelled.
    private mutating func nextElement() async throws -> Base.Element? {
      guard base != nil, !Task.isCancelled else { return nil }
      do {
        if let element = try await base!.next() { return element }
      } catch {
        baseError = error
      }
      base = nil
      return nil
    }

    /// What follows the last result: the base's error, once, then nil.
    private mutating func endOfResults() throws -> Output? {
      if let error = baseError {
        baseError = nil
        throw error
      }
      if whenCancelled == .cancelInFlight { try Task.checkCancellation() }
      return nil
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
