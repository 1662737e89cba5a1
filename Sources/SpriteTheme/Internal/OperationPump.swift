/// Runs queued operations, at most `limit` at a time, started by whichever thread finishes one.
///
/// A submitting task only queues; it never waits for a slot. When an operation calls
/// ``finished()`` (on any thread: for `CurlDataLoader`, the transfer thread), that thread starts
/// the next one itself, so no thread hops per operation: `fetch --download-only` then runs
/// transfers and the next requests on the transfer thread alone, as curl does. One thread
/// at a time starts operations (a loop, not recursion), so operations that finish at once, inside
/// their own start (a fresh sprite kept from the cache), cannot deepen the stack.
final class OperationPump: Sendable {
  private struct State {
    var queue: [@Sendable () -> Void] = []
    var head = 0
    var running = 0
    var pumping = false
    var drainer: UnsafeContinuation<Void, Never>?

    var isIdle: Bool { running == 0 && head == queue.count }
  }

  private let state = Locked(State())
  private let limit: Int

  /// Creates a pump running at most `limit` (at least 1) operations at once.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Queues `operation`, which starts once fewer than `limit` run and must call ``finished()``
  /// exactly once, from any thread, possibly before it returns.
  func enqueue(_ operation: @escaping @Sendable () -> Void) {
    state.withLock { $0.queue.append(operation) }
    pump()
  }

  /// Records that an operation has ended, and starts queued ones on this thread.
  func finished() {
    let drainer = state.withLock { state -> UnsafeContinuation<Void, Never>? in
      state.running -= 1
      guard state.isIdle, let drainer = state.drainer else { return nil }
      state.drainer = nil
      return drainer
    }
    drainer?.resume()
    pump()
  }

  /// Waits until every queued operation has started and finished. One task at a time.
  func drain() async {
    if state.withLock({ $0.isIdle }) { return }
    await withUnsafeContinuation { continuation in
      let idle = state.withLock { state -> Bool in
        guard !state.isIdle else { return true }
        state.drainer = continuation
        return false
      }
      if idle { continuation.resume() }
    }
  }

  /// Starts operations while there is room, unless another thread is already doing so: that
  /// thread re-reads the state under the lock after each start, so it sees this call's change.
  private func pump() {
    let mine = state.withLock { state -> Bool in
      if state.pumping { return false }
      state.pumping = true
      return true
    }
    guard mine else { return }
    while let operation = next() { operation() }
  }

  /// The next operation to start, counted as running; nil, and the pump released, when none can.
  private func next() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard state.running < limit, state.head < state.queue.count else {
        state.pumping = false
        return nil
      }
      let operation = state.queue[state.head]
      state.head += 1
      state.running += 1
      if state.head == state.queue.count {
        state.queue.removeAll(keepingCapacity: true)
        state.head = 0
      }
      return operation
    }
  }
}
