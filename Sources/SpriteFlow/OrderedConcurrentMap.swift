import Synchronization

/// The elements of a base sequence passed through an async transform, up to `window` transforms
/// running at once, delivered in the base sequence's order: the one bounded, ordered stage every
/// pipeline of the package is built from (downloads, the crawl, reads, analysis).
///
/// Each iterator keeps `window` transforms running: whenever one finishes, the next base
/// element starts, even while an earlier, slower one still runs, and results are handed out in
/// base order. A result that finishes early waits for the ones before it; at most twice
/// `window` elements are running or waiting at once, however long the base.
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
      while true {
        let finishes = inFlight.finishes
        while inFlight.running < window, inFlight.count < 2 * window,
          let element = try await nextElement()
        {
          let transform = self.transform
          inFlight.start { await transform(element) }
        }
        guard let head = inFlight.first else { return try endOfResults() }
        if head.isFinished {
          inFlight.removeFirst()
          return await head.task.value
        }
        // Nothing more can start until a transform finishes: the head or a later one.
        switch whenCancelled {
        case .finishInFlight:
          await inFlight.waitForAFinish(after: finishes)
        case .cancelInFlight:
          let inFlight = self.inFlight
          await withTaskCancellationHandler {
            await inFlight.waitForAFinish(after: finishes)
          } onCancel: {
            inFlight.cancelAll()
          }
          if Task.isCancelled {
            inFlight.cancelAll()
            throw CancellationError()
          }
        }
      }
    }

    /// Takes no more base elements and waits for the transforms in flight, dropping their
    /// results: for a consumer that stops early but must not leave work running behind it.
    public mutating func drain() async {
      base = nil
      while let head = inFlight.first {
        inFlight.removeFirst()
        _ = await head.task.value
      }
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

  /// The transforms started and not yet handed out, oldest first, with which of them have
  /// finished; cancelled when the iterator goes away.
  private final class InFlight: Sendable {
    /// A transform, and whether it has finished.
    struct Entry {
      let task: Task<Output, Never>
      var isFinished: Bool
    }

    private struct State {
      /// Oldest first; `first` is the next result to hand out.
      var entries = [Int: Entry]()
      /// The number of the oldest entry, and of the next one to start.
      var first = 0
      var next = 0
      /// Transforms that have not finished.
      var running = 0
      /// Transforms finished since the iterator started.
      var finishes = 0
      /// The iterator, waiting for a transform to finish.
      var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    deinit { cancelAll() }

    /// Transforms started and not handed out.
    var count: Int { state.withLock { $0.next - $0.first } }
    /// Transforms not finished.
    var running: Int { state.withLock { $0.running } }
    /// Transforms finished so far.
    var finishes: Int { state.withLock { $0.finishes } }
    /// The oldest transform not handed out.
    var first: Entry? { state.withLock { $0.entries[$0.first] } }

    /// Starts `body` as the newest transform.
    func start(_ body: @escaping @Sendable () async -> Output) {
      state.withLock { state in
        let number = state.next
        state.next += 1
        state.running += 1
        let task = Task { [weak self] in
          let output = await body()
          self?.finished(number)
          return output
        }
        state.entries[number] = Entry(task: task, isFinished: false)
      }
    }

    /// Forgets the oldest transform (handed out).
    func removeFirst() {
      state.withLock { state in
        state.entries[state.first] = nil
        state.first += 1
      }
    }

    /// Marks transform `number` finished and wakes the iterator.
    private func finished(_ number: Int) {
      let waiter = state.withLock { state in
        state.entries[number]?.isFinished = true
        state.running -= 1
        state.finishes += 1
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }

    /// Returns once more than `count` transforms have finished.
    func waitForAFinish(after count: Int) async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state in
          if state.finishes > count { return true }
          state.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }

    func cancelAll() {
      state.withLock { state in
        for entry in state.entries.values { entry.task.cancel() }
      }
    }
  }
}
